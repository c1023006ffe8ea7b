"""The house rules a newcomer can rely on, checked on every run (docs/architecture.md)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from radon.complexity import cc_visit
from radon.visitors import Class, Function

FUNCTIONS = Path(__file__).resolve().parents[2] / "functions"
SOURCES = sorted(p for p in FUNCTIONS.rglob("*.py") if ".egg-info" not in str(p))
AWS = FUNCTIONS / "twinmem" / "aws"

MAX_COMPLEXITY = 20  # radon's cyclomatic complexity: rank C at worst (docs/decisions.md, "The complexity gate")
MAX_AVERAGE = 5.0  # over every function and method: rank A


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


def _complexities() -> dict[str, int]:
    """Every function and method (closures too) of functions/ -> radon's cyclomatic complexity."""
    out: dict[str, int] = {}

    def walk(block: Function | Class, path: str, prefix: str = "") -> None:
        name = f"{prefix}{block.name}"
        if isinstance(block, Class):
            for inner in [*block.methods, *block.inner_classes]:
                walk(inner, path, f"{name}.")
            return
        out[f"{path}:{name}"] = block.complexity
        for closure in block.closures:
            walk(closure, path, f"{name}.")

    for path in SOURCES:
        for block in cc_visit(path.read_text(encoding="utf-8")):
            if isinstance(block, Function) and block.is_method:
                continue  # listed under its class
            walk(block, str(path.relative_to(FUNCTIONS)))
    return out


def test_no_function_is_more_complex_than_the_gate() -> None:
    scores = _complexities()

    over = {name: score for name, score in scores.items() if score > MAX_COMPLEXITY}

    assert over == {}
    assert sum(scores.values()) / len(scores) <= MAX_AVERAGE


def test_the_domain_never_imports_the_resolver() -> None:
    """Handlers (functions/<endpoint>/app.py) call the resolver; the package's modules never do, but openapi."""
    resolver = re.compile(r"^\s*from\s+twinmem\.http(\.api\s+import|\s+import\s+.*\bapi\b)", re.MULTILINE)
    package = FUNCTIONS / "twinmem"
    allowed = {package / "http" / "api.py", package / "http" / "openapi.py"}

    importing = [
        str(p.relative_to(FUNCTIONS))
        for p in SOURCES
        if package in p.parents and p not in allowed and resolver.search(p.read_text(encoding="utf-8"))
    ]

    assert importing == []
