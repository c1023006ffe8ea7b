"""GET /inspector: the memory inspector, one page (inspector.html beside this file), served without a key.

The page asks for the API's base URL (the same origin by default), a key and an end user; its script sends
the key on each API call it makes (history, known, lineage, explain, the change feed). No framework, no
build step, nothing fetched from elsewhere: the page is self-contained, and its Content-Security-Policy
lets only its own inline script and style run (by their hashes).
"""

from __future__ import annotations

import base64
import hashlib
import re
from functools import lru_cache
from pathlib import Path

from aws_lambda_powertools.event_handler import Response

from twinmem.http.api import entrypoint, make_app

app = make_app()

PAGE = Path(__file__).with_name("inspector.html")
HTML_TEXT = {"text/html": {"schema": {"type": "string"}}}


def _hashes(html: str, tag: str) -> str:
    bodies = re.findall(rf"<{tag}>(.*?)</{tag}>", html, flags=re.DOTALL)
    return " ".join(f"'sha256-{base64.b64encode(hashlib.sha256(b.encode()).digest()).decode()}'" for b in bodies)


@lru_cache(maxsize=1)
def page() -> tuple[str, dict[str, str]]:
    """The page and its headers: the policy allows its own inline script and style, and calls to any API URL."""
    html = PAGE.read_text(encoding="utf-8")
    policy = (
        f"default-src 'none'; script-src {_hashes(html, 'script')}; style-src {_hashes(html, 'style')}; "
        "connect-src 'self' http: https:; img-src 'self' data:; base-uri 'none'; form-action 'none'; "
        "frame-ancestors 'none'"
    )
    headers = {
        "Content-Security-Policy": policy,
        "Cache-Control": "no-cache",
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
    }
    return html, headers


@app.get("/inspector", scope=None, content=HTML_TEXT, summary="The memory inspector, a page (no key to load it)")
def get_inspector() -> Response[str]:
    html, headers = page()
    return Response(200, content_type="text/html; charset=utf-8", body=html, headers=dict(headers))


handler = entrypoint(app)
