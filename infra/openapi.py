"""`python -m infra.openapi` (`make openapi`): the OpenAPI document the service serves at GET /openapi.json.

Built by twinmem.http.openapi from the API functions template.yaml routes to, in the template's order;
docs/openapi.json holds it and a test fails when it is stale.
"""

from __future__ import annotations

import importlib
import json
import sys
from typing import Any

from infra import template
from twinmem.http.openapi import document as build


def document() -> dict[str, Any]:
    modules = dict.fromkeys(r.handler.rsplit(".", 1)[0] for r in template.routes())
    return build([importlib.import_module(m).app for m in modules])


if __name__ == "__main__":
    json.dump(document(), sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
