"""One OpenAPI document for the whole API, merged from every API function's resolver.

Powertools generates each function's operations from its declared routes and their pydantic models
(request bodies, response models, the error statuses each route's rule can answer). This joins them,
declares the bearer scheme and the X-Twin-Account header on the operations that need an end user,
and keeps only the statuses a route declares. `GET /openapi.json` serves it (apidocs), and
`make openapi` writes the same document to docs/openapi.json.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from twinmem.http.api import ACCOUNT_HEADER, ACCOUNT_RE, App

PACKAGE_ROOT = Path(__file__).resolve().parents[2]  # functions/ here, the package root in Lambda
TITLE = "twinmem"
VERSION = "1"
DESCRIPTION = (
    "A temporal memory service for AI agents. Every `/v1/memory/*` call names its end user with "
    "`X-Twin-Account`; every call but this document needs `Authorization: Bearer tm_…` of the scope "
    "its operation's `x-scope` says (read < write < admin). Errors are one body: `error`, plus "
    "`field`/`why` (422), `needs`/`scope` (403), `retry_after` (503, also the Retry-After header)."
)


def api_apps() -> list[App]:
    """Every API function's resolver in the package: each `<function>/app.py` whose `app` is an App."""
    apps = []
    for path in sorted(PACKAGE_ROOT.glob("*/app.py")):
        module = importlib.import_module(f"{path.parent.name}.app")
        app = getattr(module, "app", None)
        if isinstance(app, App):
            apps.append(app)
    return apps


def document(apps: Iterable[App] | None = None) -> dict[str, Any]:
    merged: dict[str, Any] = {
        "openapi": "3.1.0",
        "info": {"title": TITLE, "version": VERSION, "description": DESCRIPTION},
        "paths": {},
        "components": {"schemas": {}},
    }
    for app in api_apps() if apps is None else apps:
        spec = json.loads(app.get_openapi_json_schema(title=TITLE, version=VERSION))
        for path, ops in spec.get("paths", {}).items():
            for method, op in ops.items():
                rule = app.rules[f"{method.upper()} {path}"]
                keep = {str(rule.status), *(str(code) for code in rule.statuses())}
                op["responses"] = {code: op["responses"][code] for code in sorted(op["responses"]) if code in keep}
                if rule.scope is None:
                    op["security"] = []  # no key
                if rule.account:
                    op["parameters"] = [{"$ref": "#/components/parameters/XTwinAccount"}, *op.get("parameters", [])]
                merged["paths"].setdefault(path, {})[method] = op
        merged["components"]["schemas"].update(spec.get("components", {}).get("schemas", {}))
    merged["components"]["securitySchemes"] = {
        "bearer": {"type": "http", "scheme": "bearer", "description": "a key this service issued: tm_…"}
    }
    merged["components"]["parameters"] = {
        "XTwinAccount": {
            "name": ACCOUNT_HEADER,
            "in": "header",
            "required": True,
            "description": "the end user, within the key's tenant",
            "schema": {"type": "string", "pattern": ACCOUNT_RE.pattern, "minLength": 1, "maxLength": 128},
        }
    }
    merged["security"] = [{"bearer": []}]
    _drop_unreferenced(merged)
    return merged


def _drop_unreferenced(doc: dict[str, Any]) -> None:
    """Leave out component schemas nothing refers to (Powertools adds its own 422 body to every document)."""
    schemas = doc["components"]["schemas"]
    while True:
        text = (
            json.dumps({k: v for k, v in doc.items() if k != "components"})
            + json.dumps({k: v for k, v in doc["components"].items() if k != "schemas"})
            + json.dumps(schemas)
        )
        unused = [name for name in schemas if f'"#/components/schemas/{name}"' not in text]
        if not unused:
            return
        for name in unused:
            del schemas[name]
