"""docs/reference.md is generated from docs/openapi.json (tools/generate_reference.py): stale, the suite fails."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_committed_reference_is_what_the_document_gives() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools/generate_reference.py"), "--check"], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr + "\nrun `make reference`"


def test_the_reference_names_every_operation_and_every_model() -> None:
    doc = json.loads((ROOT / "docs/openapi.json").read_text())
    page = (ROOT / "docs/reference.md").read_text()

    for path, ops in doc["paths"].items():
        for method in ops:
            assert f"\n### {method.upper()} {path}\n" in page, (method, path)
    for name in doc["components"]["schemas"]:
        assert f"\n### {name}\n" in page, name
