"""examples/ run as a user runs them, against the local server."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.clients.conftest import Seeded

pytestmark = pytest.mark.e2e

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def run(seeded: Seeded, script: str, *args: str, account: str) -> str:
    env = {**os.environ, "TWINMEM_URL": seeded.server, "TWINMEM_KEY": seeded.key, "TWINMEM_ACCOUNT": account}
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), *args], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_the_agent_loop_then_the_audit_then_the_feed(seeded: Seeded) -> None:
    account = f"ex_{uuid.uuid4().hex[:8]}"
    loop = run(seeded, "agent_loop.py", account=account)
    assert "- Alice Chen · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]" in loop
    audit = run(seeded, "audit.py", "Alice Chen", account=account)
    assert "home_city: 2 step(s)" in audit and "'Big news: I moved to Lisbon last week.'" in audit
    feed = run(seeded, "feed_follower.py", "--once", account=account)
    assert "SUPERSEDED" in feed and "resume with --cursor" in feed
