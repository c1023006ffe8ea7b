"""The house rules a newcomer can rely on, checked on every run (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

FUNCTIONS = Path(__file__).resolve().parents[2] / "functions"
SOURCES = sorted(p for p in FUNCTIONS.rglob("*.py") if ".egg-info" not in str(p))
AWS = FUNCTIONS / "twinmem" / "aws"


def test_no_function_over_60_lines_and_no_module_over_500() -> None:
    long_functions, long_modules = [], []
    for path in SOURCES:
        source = path.read_text(encoding="utf-8")
        if source.count("\n") > 500:
            long_modules.append(str(path.relative_to(FUNCTIONS)))
        functions = [n for n in ast.walk(ast.parse(source)) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
        long_functions += [
            f"{path.relative_to(FUNCTIONS)}:{f.name}" for f in functions if (f.end_lineno or 0) - f.lineno + 1 > 60
        ]

    assert long_functions == [] and long_modules == []


def test_boto3_and_botocore_are_imported_only_under_twinmem_aws() -> None:
    importing = re.compile(r"^\s*(import|from)\s+(boto3|botocore)\b", re.MULTILINE)

    outside = [
        str(p.relative_to(FUNCTIONS))
        for p in SOURCES
        if importing.search(p.read_text(encoding="utf-8")) and AWS not in p.parents
    ]

    assert outside == []


def test_dynamodb_wire_format_stays_under_twinmem_aws() -> None:
    wire = re.compile(r"""\[["'](S|N|L|M|BOOL|NULL)["']\]|\{["'](S|N|L|M)["']\s*:""")

    outside = [
        str(p.relative_to(FUNCTIONS))
        for p in SOURCES
        if wire.search(p.read_text(encoding="utf-8")) and AWS not in p.parents
    ]

    assert outside == []
