"""The README's quick start, run as written (against the test server instead of port 3000)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.clients.conftest import ADMIN

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]


def test_the_quick_start_ends_with_an_explained_memory(server: str, tmp_path: Path) -> None:
    readme = (ROOT / "README.md").read_text()
    section = readme.split("## Quick start", 1)[1].split("\n## ", 1)[0]
    blocks = re.findall(r"```sh\n(.*?)```", section, re.S)
    script = blocks[1].replace("http://127.0.0.1:3000", server).replace("tm_local_admin_0123456789", ADMIN)
    script = script.replace("PATH=$PWD/.venv/bin:$PATH", f"PATH={Path(sys.executable).parent}:$PATH")
    done = subprocess.run(
        ["bash", "-euo", "pipefail", "-c", script],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "COLUMNS": "200"},
    )
    assert done.returncode == 0, done.stderr
    assert "- user · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]" in done.stdout
    assert "[active] I moved to Lisbon." in done.stdout and "trust" in done.stdout
