"""GET /openapi.json (the OpenAPI document, built from the handlers) and GET /docs (a page to read it): no key."""

from __future__ import annotations

import html
import json
from functools import lru_cache
from typing import Any

from aws_lambda_powertools.event_handler import Response

from twinmem.http import openapi
from twinmem.http.api import entrypoint, make_app

app = make_app()

SWAGGER = "https://unpkg.com/swagger-ui-dist@5.18.2"
JSON_OBJECT = {"application/json": {"schema": {"type": "object"}}}
HTML_TEXT = {"text/html": {"schema": {"type": "string"}}}


@lru_cache(maxsize=1)
def _document() -> str:
    return json.dumps(openapi.document(), separators=(",", ":"))


@app.get("/openapi.json", scope=None, content=JSON_OBJECT, summary="This API's OpenAPI document")
def get_openapi() -> Response[str]:
    return Response(200, content_type="application/json", body=_document())


@app.get("/docs", scope=None, content=HTML_TEXT, summary="This API's reference, as a page")
def get_docs() -> Response[str]:
    return Response(200, content_type="text/html; charset=utf-8", body=page(json.loads(_document())))


def page(doc: dict[str, Any]) -> str:
    """Swagger UI over /openapi.json when its scripts load (a CDN); else the operations as plain HTML."""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>twinmem API</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="stylesheet" href="{SWAGGER}/swagger-ui.css">
<style>body{{font-family:system-ui,sans-serif;margin:0}} #plain{{max-width:60rem;margin:1rem auto;padding:0 1rem}}
 code{{background:#f3f3f3;padding:0 .2em}} .op{{border-top:1px solid #ddd;padding:.5rem 0}}</style>
</head><body>
<div id="swagger-ui"><div id="plain">{plain(doc)}</div></div>
<script src="{SWAGGER}/swagger-ui-bundle.js" crossorigin></script>
<script>if (window.SwaggerUIBundle) {{
  window.ui = SwaggerUIBundle({{url: "openapi.json", dom_id: "#swagger-ui", persistAuthorization: true}});
}}</script>
</body></html>
"""


def plain(doc: dict[str, Any]) -> str:
    """The operations, their scope, whether they need X-Twin-Account, their body and every status they answer."""
    e = html.escape
    out = [
        f"<h1>{e(doc['info']['title'])} API</h1><p>{e(doc['info'].get('description', ''))}</p>",
        '<p>The document itself: <a href="openapi.json">openapi.json</a>.</p>',
    ]
    for path, ops in doc["paths"].items():
        for method, op in ops.items():
            scope = op.get("x-scope")
            needs = f"needs a <b>{e(scope)}</b> key" if scope else "no key"
            if op.get("x-end-user"):
                needs += " and <code>X-Twin-Account</code>"
            body = op.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema", {})
            ref = body.get("$ref", "").rsplit("/", 1)[-1]
            fields = ", ".join(
                f"<code>{e(f)}</code>" for f in doc["components"]["schemas"].get(ref, {}).get("properties", {})
            )
            statuses = "".join(
                f"<li><code>{e(code)}</code> {e(r.get('description', ''))}</li>"
                for code, r in op.get("responses", {}).items()
            )
            title = f"<code>{e(method.upper())} {e(path)}</code> {e(op.get('summary', ''))}"
            body_line = f"<p>body: {fields}</p>" if fields else ""
            out.append(f'<div class="op"><h3>{title}</h3><p>{needs}</p>{body_line}<ul>{statuses}</ul></div>')
    return "\n".join(out)


handler = entrypoint(app)
