"""The client's models are generated from docs/openapi.json: the suite fails while the committed file is stale."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_generated_models_match_the_served_document() -> None:
    run = subprocess.run(
        [sys.executable, str(ROOT / "clients/python/tools/generate_models.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]


def test_the_client_distribution_needs_only_an_http_library_and_pydantic() -> None:
    import tomllib

    meta = tomllib.loads((ROOT / "clients/python/pyproject.toml").read_text())["project"]
    names = sorted(dep.split("=")[0].split(">")[0].split("<")[0].strip() for dep in meta["dependencies"])
    assert names == ["httpx", "pydantic"]
    imported = subprocess.run(
        [
            sys.executable,
            "-c",
            "import sys, twinmem_client, twinmem_client.cli; "
            "print(sorted(m for m in ('boto3', 'botocore', 'aws_lambda_powertools', 'twinmem') if m in sys.modules))",
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd="/",
    )
    assert imported.stdout.strip() == "[]"
