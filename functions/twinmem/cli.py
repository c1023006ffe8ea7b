"""`twinmem` / `python -m twinmem`: mint and list keys against any table (local, DynamoDB Local or AWS).

    twinmem keys create --tenant acme --scope admin [--name ops] [--table twinmem-dev]
    twinmem keys list --tenant acme [--table ...]
    twinmem keys revoke --tenant acme KEY_ID [--table ...]

The table comes from --table or TWINMEM_TABLE; credentials, region and endpoints from the standard
AWS settings (AWS_PROFILE, AWS_REGION, AWS_ENDPOINT_URL_DYNAMODB).

Every other command (add, history, known, retrieve, lineage, explain, changes) calls the HTTP API and
lives in the client distribution (clients/python: `twinmem_client.cli`); this module hands them over when
it is installed. The Lambda package never carries it (docs/decisions.md).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import Any

from twinmem import config, keys
from twinmem.errors import TwinmemError
from twinmem.models import Caller


def main(argv: list[str] | None = None) -> int:
    args_list = sys.argv[1:] if argv is None else list(argv)
    if args_list[:1] != ["keys"]:
        try:
            from twinmem_client import cli as api_cli  # the client distribution, when installed
        except ImportError:
            pass
        else:
            return int(api_cli.main(args_list))
    parser = argparse.ArgumentParser(prog="twinmem", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="group", required=True)
    actions = sub.add_parser("keys", help="API keys").add_subparsers(dest="action", required=True)
    for action in ("create", "list", "revoke"):
        p = actions.add_parser(action)
        p.add_argument("--tenant", required=True)
        p.add_argument("--table", default=os.environ.get("TWINMEM_TABLE"))
        if action == "create":
            p.add_argument("--scope", choices=["read", "write", "admin"], default="admin")
            p.add_argument("--name", default="")
            p.add_argument("--agent-id", default=None)
        if action == "revoke":
            p.add_argument("key_id")
    args = parser.parse_args(args_list)
    if not args.table:
        parser.error("name the table with --table or TWINMEM_TABLE")
    if not args.tenant.strip() or args.tenant != args.tenant.strip():
        parser.error("--tenant must name a tenant (not empty, no surrounding spaces)")
    os.environ["TWINMEM_TABLE"] = args.table
    config.settings.cache_clear()
    out: dict[str, Any]
    admin = Caller(tenant=args.tenant, key_id="cli", scope="admin")
    try:
        if args.action == "create":
            key, secret = keys.mint(args.tenant, args.scope, args.name, agent_id=args.agent_id)
            out = {"id": key.key_id, "key": secret, "scope": key.scope, "tenant": key.tenant}
        elif args.action == "list":
            out = {"keys": [k.model_dump(mode="json") for k in keys.list_keys(admin)]}
        else:
            out = keys.revoke_key(admin, args.key_id).model_dump(mode="json")
    except TwinmemError as exc:
        sys.stderr.write(f"twinmem: {exc.message}\n")
        return 1
    json.dump(out, sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0
