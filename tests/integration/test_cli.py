"""The key-minting CLI works against the table it is pointed at."""

from __future__ import annotations

import json
from typing import Any

from tests.conftest import ApiClient


def test_cli_mints_a_key_that_the_api_accepts(api: ApiClient, backend: Any, capsys: Any) -> None:
    from twinmem import cli

    assert cli.main(["keys", "create", "--tenant", "acme", "--scope", "write", "--table", backend.table_name]) == 0
    minted = json.loads(capsys.readouterr().out)

    reply = api.post("/v1/memory/items", {"items": [{"content": "hello"}]}, key=minted["key"])

    assert minted["key"].startswith("tm_") and minted["tenant"] == "acme"
    assert reply.status == 202


def test_cli_lists_and_revokes(backend: Any, capsys: Any) -> None:
    from twinmem import cli

    cli.main(["keys", "create", "--tenant", "acme", "--name", "ops", "--scope", "write", "--table", backend.table_name])
    key_id = json.loads(capsys.readouterr().out)["id"]
    cli.main(["keys", "revoke", "--tenant", "acme", key_id, "--table", backend.table_name])
    capsys.readouterr()
    cli.main(["keys", "list", "--tenant", "acme", "--table", backend.table_name])
    listed = json.loads(capsys.readouterr().out)["keys"]

    assert [(k["key_id"], k["name"], k["revoked_at"] is not None) for k in listed] == [(key_id, "ops", True)]


def test_cli_refuses_to_revoke_the_tenants_last_admin_key(backend: Any, capsys: Any) -> None:
    from twinmem import cli

    cli.main(["keys", "create", "--tenant", "acme", "--table", backend.table_name])
    key_id = json.loads(capsys.readouterr().out)["id"]

    code = cli.main(["keys", "revoke", "--tenant", "acme", key_id, "--table", backend.table_name])

    assert code == 1
    assert "last admin key" in capsys.readouterr().err
