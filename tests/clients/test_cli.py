"""`twinmem` (the client's console script) against the local server: add, history, known, retrieve, lineage,
explain, changes; tables by default, --json for scripts; settings from TWINMEM_* or flags."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.clients.conftest import Seeded

pytestmark = pytest.mark.e2e

BIN = Path(sys.executable).parent


def twinmem(
    seeded: Seeded, *args: str, account: str | None = None, stdin: str | None = None, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    environ = {
        **os.environ,
        "TWINMEM_URL": seeded.server,
        "TWINMEM_KEY": seeded.key,
        "TWINMEM_ACCOUNT": account or seeded.account,
        "COLUMNS": "200",
        **(env or {}),
    }
    return subprocess.run(
        [str(BIN / "twinmem"), *args], capture_output=True, text=True, env=environ, input=stdin, timeout=60
    )


def test_add_a_file_in_batches_then_read_it_back(seeded: Seeded, tmp_path: Path) -> None:
    account = f"cli_{uuid.uuid4().hex[:8]}"
    turns = [{"id": f"n{i}", "role": "note", "content": f"note number {i}"} for i in range(230)]
    turns.append({"id": "home", "role": "user", "content": "I live in Porto.", "said_at": "2025-03-01T10:00:00Z"})
    path = tmp_path / "turns.jsonl"
    path.write_text("\n".join(json.dumps(t) for t in turns) + "\n")
    added = twinmem(seeded, "add", str(path), account=account)
    assert added.returncode == 0, added.stderr
    assert "added 231 items" in added.stdout and "231/231" in added.stderr  # the progress bar, on stderr

    import time

    deadline = time.monotonic() + 15
    while True:
        hist = twinmem(seeded, "history", "user", "--json", account=account)
        body = json.loads(hist.stdout) if hist.returncode == 0 else {}
        if body.get("count") or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    assert [(a["value"], a["said_at"]) for a in body["assertions"]] == [("Porto", "2025-03-01")]
    known = twinmem(seeded, "known", account=account)
    assert known.stdout.splitlines()[-1] == "- user · home_city: Porto [said 2025-03-01]"
    again = twinmem(seeded, "add", "--json", "-", account=account, stdin=path.read_text())
    assert json.loads(again.stdout)["count"] == 231  # the same client ids: the same events, nothing added


def test_reads_as_tables_and_json(seeded: Seeded) -> None:
    table = twinmem(seeded, "history", "user", "--attribute", "home_city")
    assert table.returncode == 0 and "Berlin" in table.stdout and "Lisbon" in table.stdout and "┃" in table.stdout
    found = twinmem(
        seeded, "retrieve", "where do I live", "--as-of", "2025-01-01T00:00:00Z", "--axis", "valid", "--json"
    )
    assert "Berlin" in json.loads(found.stdout)["brief"]
    assert "brief:" in twinmem(seeded, "retrieve", "where do I live").stdout
    chain = json.loads(twinmem(seeded, "lineage", seeded.lisbon, "--json").stdout)
    assert [s["memory_id"] for s in chain["chain"]] == [seeded.berlin, seeded.lisbon]
    assert "replaced" in twinmem(seeded, "lineage", seeded.berlin).stdout
    explained = twinmem(seeded, "explain", seeded.lisbon)
    assert "I moved to Lisbon." in explained.stdout and "trust" in explained.stdout
    assert (
        json.loads(twinmem(seeded, "explain", seeded.lisbon, "--json").stdout)["memory"]["memory_id"] == seeded.lisbon
    )
    feed = json.loads(twinmem(seeded, "changes", "--json").stdout)["changes"]
    assert [c["kind"] for c in feed if c["memory_id"]] == ["ADD", "ADD", "SUPERSEDED"]
    assert "SUPERSEDED" in twinmem(seeded, "changes").stdout


def test_changes_follow_prints_one_json_line_per_change(seeded: Seeded) -> None:
    proc = subprocess.Popen(
        [
            str(BIN / "twinmem"),
            "changes",
            "--follow",
            "--json",
            "--interval",
            "0.2",
            "--url",
            seeded.server,
            "--key",
            seeded.key,
            "--account",
            seeded.account,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        lines = [json.loads(proc.stdout.readline()) for _ in range(3)]
        assert {c["memory_id"] for c in lines} == {seeded.berlin, seeded.lisbon}
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def test_errors_print_the_contract_message_and_exit_non_zero(seeded: Seeded) -> None:
    missing = twinmem(seeded, "known", account="nobody_here")
    assert missing.returncode == 1 and "404 no memory for end user 'nobody_here' yet" in missing.stderr
    bad = twinmem(seeded, "retrieve", "x", "--limit", "500")
    assert bad.returncode == 1 and "422 invalid body (limit:" in bad.stderr
    nokey = twinmem(seeded, "known", env={"TWINMEM_KEY": ""})
    assert nokey.returncode == 2 and "TWINMEM_KEY" in nokey.stderr


def test_keys_stay_the_table_level_commands(seeded: Seeded) -> None:
    listed = twinmem(seeded, "keys", "list", "--tenant", "local", env={"TWINMEM_TABLE": ""})
    assert listed.returncode == 2 and "--table or TWINMEM_TABLE" in listed.stderr  # the service CLI answered
    helped = subprocess.run(
        [sys.executable, "-m", "twinmem", "history", "--help"],
        capture_output=True,
        text=True,
        cwd=Path(__file__).resolve().parents[2] / "functions",
    )
    assert helped.returncode == 0 and "--attribute" in helped.stdout  # python -m twinmem hands API commands over
