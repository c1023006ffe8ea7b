"""`python -m infra.openapi`: one OpenAPI document for the whole API, merged from each handler's resolver.

Powertools generates each function's OpenAPI from its routes and pydantic models; this joins them
(paths and component schemas) in the order template.yaml declares the functions.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from infra import template


def document() -> dict[str, Any]:
    merged: dict[str, Any] = {"openapi": "3.0.3", "info": {"title": "twinmem", "version": "1"}, "paths": {},
                              "components": {"schemas": {}}}
    for module_name in dict.fromkeys(r.handler.rsplit(".", 1)[0] for r in template.routes()):
        app = importlib.import_module(module_name).app
        spec = json.loads(app.get_openapi_json_schema(title="twinmem", version="1"))
        for path, ops in spec.get("paths", {}).items():
            merged["paths"].setdefault(path, {}).update(ops)
        merged["components"]["schemas"].update(spec.get("components", {}).get("schemas", {}))
    merged["components"]["securitySchemes"] = {"bearer": {"type": "http", "scheme": "bearer"}}
    merged["security"] = [{"bearer": []}]
    return merged


if __name__ == "__main__":
    json.dump(document(), sys.stdout, indent=2)
    sys.stdout.write("\n")
