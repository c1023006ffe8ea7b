"""docs/reference.md from docs/openapi.json: every operation and every model, as Markdown tables.

    python tools/generate_reference.py            # write docs/reference.md
    python tools/generate_reference.py --check    # exit 1 when the committed file is not what the document gives

`make openapi` (after regenerating the document) and `make reference` run it; a test fails while the
committed page is stale. Standard library only; the output depends on the document alone.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DOCUMENT = ROOT / "docs" / "openapi.json"
REFERENCE = ROOT / "docs" / "reference.md"
METHODS = ("get", "post", "put", "delete", "patch")


def cell(text: Any) -> str:
    """Text that stays inside one Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ").strip()


def ref_name(ref: str) -> str:
    return ref.rsplit("/", 1)[-1]


def type_of(schema: dict[str, Any]) -> str:
    """A schema as a short type: `string`, `integer ≤ 50`, `[Change]`, `Trust`, `string | null`, …"""
    if "$ref" in schema:
        name = ref_name(schema["$ref"])
        return f"[{name}](#{name.lower()})"
    if "anyOf" in schema or "oneOf" in schema:
        return " \\| ".join(type_of(s) for s in schema.get("anyOf") or schema["oneOf"])
    if "const" in schema:
        return f"`{json.dumps(schema['const'])}`"
    if "enum" in schema:
        return " \\| ".join(f"`{json.dumps(v)}`" for v in schema["enum"])
    kind = schema.get("type", "any")
    if kind == "array":
        return f"[{type_of(schema.get('items', {}))}]"
    if kind == "object" and "additionalProperties" in schema and isinstance(schema["additionalProperties"], dict):
        return f"{{string: {type_of(schema['additionalProperties'])}}}"
    if isinstance(kind, list):
        return " \\| ".join(kind)
    return str(kind) + (f" ({schema['format']})" if "format" in schema else "")


def limits(schema: dict[str, Any]) -> str:
    """Length, range, pattern and item-count limits of a schema (and of the non-null branch of an anyOf)."""
    branches = [s for s in schema.get("anyOf", [schema]) if s.get("type") != "null"]
    out = []
    for s in branches:
        for key, word in (
            ("minLength", "length ≥"),
            ("maxLength", "length ≤"),
            ("minimum", "≥"),
            ("maximum", "≤"),
            ("exclusiveMinimum", ">"),
            ("exclusiveMaximum", "<"),
            ("minItems", "items ≥"),
            ("maxItems", "items ≤"),
        ):
            if key in s:
                value = s[key]
                out.append(f"{word} {int(value) if float(value).is_integer() else value}")
        if "pattern" in s:
            out.append(f"pattern `{s['pattern']}`")
    return ", ".join(out)


def describe(schema: dict[str, Any]) -> str:
    parts = []
    text = schema.get("description") or next(
        (s["description"] for s in schema.get("anyOf", []) if "description" in s), ""
    )
    if text:
        parts.append(cell(text))
    bounds = limits(schema)
    if bounds:
        parts.append(bounds)
    if "default" in schema:
        parts.append(f"default `{json.dumps(schema['default'])}`")
    return "; ".join(parts)


def fields_table(schema: dict[str, Any]) -> list[str]:
    props = schema.get("properties", {})
    if not props:
        return []
    required = set(schema.get("required", []))
    rows = ["| field | type | required | notes |", "|---|---|---|---|"]
    for name, prop in props.items():
        rows.append(f"| `{name}` | {type_of(prop)} | {'yes' if name in required else ''} | {describe(prop)} |")
    return rows


def operations(doc: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(method, path, op) for path, ops in doc["paths"].items() for method, op in ops.items() if method in METHODS]


def anchor(method: str, path: str) -> str:
    text = f"{method} {path}".lower()
    return "".join(c for c in text.replace(" ", "-") if c.isalnum() or c in "-_")


def who(op: dict[str, Any]) -> str:
    scope = op.get("x-scope")
    if scope is None:
        return "no key"
    return f"{scope} key" + (" + X-Twin-Account" if op.get("x-end-user") else "")


def index(doc: dict[str, Any]) -> list[str]:
    rows = ["| operation | needs | summary |", "|---|---|---|"]
    for method, path, op in operations(doc):
        link = f"[`{method.upper()} {path}`](#{anchor(method, path)})"
        rows.append(f"| {link} | {who(op)} | {cell(op.get('summary', ''))} |")
    return rows


def body_of(content: dict[str, Any]) -> str:
    for media, spec in content.items():
        schema = spec.get("schema", {})
        return f"{type_of(schema)} (`{media}`)"
    return ""


def operation(doc: dict[str, Any], method: str, path: str, op: dict[str, Any]) -> list[str]:
    out = [f"### {method.upper()} {path}", "", cell(op.get("summary", "")), "", f"Needs: {who(op)}.", ""]
    shared = doc["components"].get("parameters", {})
    params = [shared[ref_name(p["$ref"])] if "$ref" in p else p for p in op.get("parameters", [])]
    if params:
        out += ["| parameter | in | type | required | notes |", "|---|---|---|---|---|"]
        for p in params:
            schema = p.get("schema", {})
            notes = "; ".join(x for x in (cell(p.get("description", "")), describe(schema)) if x)
            required = "yes" if p.get("required") else ""
            out.append(f"| `{p['name']}` | {p['in']} | {type_of(schema)} | {required} | {notes} |")
        out.append("")
    body = op.get("requestBody")
    if body:
        out += [f"Body: {body_of(body.get('content', {}))}.", ""]
    out += ["| status | meaning | body |", "|---|---|---|"]
    for code, resp in op.get("responses", {}).items():
        out.append(f"| {code} | {cell(resp.get('description', ''))} | {body_of(resp.get('content', {}))} |")
    return [*out, ""]


def schema_section(name: str, schema: dict[str, Any]) -> list[str]:
    out = [f"### {name}", ""]
    if schema.get("description"):
        out += [cell(schema["description"]), ""]
    table = fields_table(schema)
    if table:
        out += table
    else:
        out.append(f"{type_of(schema)}")
    extra = schema.get("additionalProperties")
    if extra is False:
        out += ["", "Other fields are refused (422)."]
    return [*out, ""]


def render(doc: dict[str, Any]) -> str:
    info = doc["info"]
    out = [
        f"# {info['title']} API reference",
        "",
        "<!-- generated from docs/openapi.json by tools/generate_reference.py (`make reference`); do not edit -->",
        "",
        cell(info.get("description", "")),
        "",
        "What the names mean and what the contract leaves open: [api.md](api.md). "
        "The machine-readable document: [openapi.json](openapi.json) (also served at `GET /openapi.json`).",
        "",
        "## Operations",
        "",
        *index(doc),
        "",
    ]
    for method, path, op in operations(doc):
        out += operation(doc, method, path, op)
    out += ["## Models", ""]
    for name, schema in doc["components"]["schemas"].items():
        out += schema_section(name, schema)
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail when docs/reference.md is stale")
    args = parser.parse_args(argv)
    text = render(json.loads(DOCUMENT.read_text(encoding="utf-8")))
    if args.check:
        if REFERENCE.exists() and REFERENCE.read_text(encoding="utf-8") == text:
            return 0
        print("docs/reference.md is not what docs/openapi.json gives: run `make reference`", file=sys.stderr)
        return 1
    REFERENCE.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
