"""`make run`: the real handlers over HTTP, as API Gateway (HTTP API, payload v2) would call them.

Routes come from template.yaml. Each request becomes an API Gateway v2 event for the function the
template routes it to; the stream pump delivers the table's stream to the extraction function.
"""

from __future__ import annotations

import argparse
import base64
import json
import logging
import os
import sys
import time
import uuid
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qsl, urlsplit

from infra import template
from infra.local import concurrency, environment
from infra.local.pump import Handler, LambdaContext, load_handler

log = logging.getLogger("twinmem.local.server")


class Gateway:
    """Matches a request to a template route and invokes its handler with an HTTP API v2 event."""

    def __init__(self, lock: Any = None) -> None:
        self.routes = template.routes()
        self.handlers: dict[str, Handler] = {}
        self.lock = lock if lock is not None else concurrency.LOCK

    def handler_for(self, route: template.Route) -> Handler:
        if route.handler not in self.handlers:
            self.handlers[route.handler] = load_handler(route.handler)
        return self.handlers[route.handler]

    def match(self, method: str, path: str) -> template.Route | None:
        # literal paths win over templated ones, as in API Gateway
        candidates = [r for r in self.routes if r.method == method and r.regex.match(path)]
        candidates.sort(key=lambda r: r.path.count("{"))
        return candidates[0] if candidates else None

    def invoke(self, method: str, raw_path: str, headers: dict[str, str], body: bytes) -> tuple[int, dict, bytes]:
        parts = urlsplit(raw_path)
        route = self.match(method, parts.path)
        if route is None:
            paths = sorted({r.path for r in self.routes if r.regex.match(parts.path)}, key=lambda p: p.count("{"))
            allowed = sorted({r.method for r in self.routes if paths and r.path == paths[0]})  # literal wins
            if allowed:  # the path is served, not with this method (OPTIONS, TRACE, …): 405, as JSON
                return (
                    405,
                    {"Content-Type": "application/json", "Allow": ", ".join(allowed)},
                    json.dumps(
                        {"error": f"{method} is not a method of {parts.path}: use {', '.join(allowed)}"}
                    ).encode(),
                )
            return 404, {"Content-Type": "application/json"}, b'{"message":"Not Found"}'
        event = api_event(route, method, parts.path, parts.query, headers, body)
        # one invocation of this function at a time (its container); other functions and the stream
        # pump take turns with it at each DynamoDB call (infra.local.concurrency)
        with concurrency.invocation(route.function, self.lock):
            result = self.handler_for(route)(event, LambdaContext(route.function))
        status = int(result.get("statusCode", 200))
        out_headers = dict(result.get("headers") or {})
        raw = result.get("body") or ""
        data = base64.b64decode(raw) if result.get("isBase64Encoded") else str(raw).encode()
        return status, out_headers, data


def api_event(
    route: template.Route, method: str, path: str, query: str, headers: dict[str, str], body: bytes
) -> dict[str, Any]:
    """An API Gateway HTTP API (payload format 2.0) event, as the service sends it to Lambda."""
    now = datetime.now(UTC)
    lower = {k.lower(): v for k, v in headers.items()}
    qs = dict(parse_qsl(query, keep_blank_values=True))
    try:
        text, is_b64 = body.decode("utf-8"), False
    except UnicodeDecodeError:
        text, is_b64 = base64.b64encode(body).decode(), True
    event: dict[str, Any] = {
        "version": "2.0",
        "routeKey": f"{route.method} {route.path}",
        "rawPath": path,
        "rawQueryString": query,
        "headers": lower,
        "requestContext": {
            "accountId": "123456789012",
            "apiId": "local",
            "domainName": lower.get("host", "127.0.0.1"),
            "domainPrefix": "local",
            "http": {
                "method": method,
                "path": path,
                "protocol": "HTTP/1.1",
                "sourceIp": "127.0.0.1",
                "userAgent": lower.get("user-agent", ""),
            },
            "requestId": uuid.uuid4().hex,
            "routeKey": f"{route.method} {route.path}",
            "stage": "$default",
            "time": now.strftime("%d/%b/%Y:%H:%M:%S +0000"),
            "timeEpoch": int(now.timestamp() * 1000),
        },
        "isBase64Encoded": is_b64,
    }
    if body:
        event["body"] = text
    if qs:
        event["queryStringParameters"] = qs
    params = route.params(path)
    if params:
        event["pathParameters"] = params
    return event


def make_server(gateway: Gateway, host: str, port: int) -> ThreadingHTTPServer:
    class RequestHandler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def _serve(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            body = self.rfile.read(length) if length else b""
            try:
                status, headers, data = gateway.invoke(self.command, self.path, dict(self.headers.items()), body)
            except Exception:
                log.exception("handler crashed")
                status, data = 500, b'{"message":"Internal Server Error"}'
                headers = {"Content-Type": "application/json"}
            self.send_response(status)
            for k, v in headers.items():
                self.send_header(k, str(v))
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            if self.command != "HEAD":
                self.wfile.write(data)

        do_GET = do_POST = do_PUT = do_DELETE = do_PATCH = _serve

        def __getattr__(self, name: str) -> Any:
            # any other method (OPTIONS, TRACE, QUERY, …) reaches the gateway too, which answers 405 as JSON
            # (http.server would answer 501 with an HTML page)
            if name.startswith("do_"):
                return self._serve
            raise AttributeError(name)

        def log_message(self, fmt: str, *args: Any) -> None:
            if os.environ.get("TWINMEM_ACCESS_LOG"):
                sys.stderr.write(f"{self.address_string()} - {fmt % args}\n")

    class Server(ThreadingHTTPServer):
        daemon_threads = True  # a thread per connection
        request_queue_size = 128  # socketserver's default backlog (5) resets clients that connect at once

    return Server((host, port), RequestHandler)


def few_malloc_arenas(arenas: int = 2) -> None:
    """Cap glibc's malloc arenas (as MALLOC_ARENA_MAX does). A thread per connection gets an arena of its own
    (up to 8 per core) and the freed memory scattered over them is not given back: under a steady mix of
    calls the server's RSS grew ~300 KB per retrieve with no Python object kept (the soak, docs/RELIABILITY.md);
    capped, it stays flat. Lambda runs one invocation per process and thread: nothing to do there."""
    if os.environ.get("MALLOC_ARENA_MAX") or not sys.platform.startswith("linux"):
        return
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").mallopt(-8, arenas)  # M_ARENA_MAX
    except (OSError, AttributeError):
        pass  # not glibc (musl has no arenas to cap)


def main(argv: list[str] | None = None) -> int:
    few_malloc_arenas()
    parser = argparse.ArgumentParser(description="twinmem, locally: the real handlers over HTTP")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "3000")))
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    os.environ.setdefault("POWERTOOLS_LOG_LEVEL", "WARNING")
    os.environ.setdefault("POWERTOOLS_METRICS_NAMESPACE", "twinmem")
    os.environ.setdefault("POWERTOOLS_DEV", "false")

    def say(step: str) -> None:
        print(f"twinmem: {step}", flush=True)

    backend = environment.start(say=say)
    try:
        secret = environment.ensure_admin_key(os.environ.get("TWINMEM_ADMIN_KEY"))
    except ValueError as exc:
        backend.stop()
        parser.error(str(exc))
    gateway = Gateway(lock=backend.lock)
    say("loading the API handlers …")
    for route in gateway.routes:
        gateway.handler_for(route)  # imported once here, not by the first requests side by side
    say(f"listening on {args.host}:{args.port} …")
    server = make_server(gateway, args.host, args.port)
    backend.start_pumping()
    where = "embedded DynamoDB (moto)" if backend.moto else f"table {backend.table_name}"
    print(f"twinmem serving http://{args.host}:{args.port} over {where}", flush=True)
    print(f"admin key (tenant '{environment.LOCAL_TENANT}'): {secret}", flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        backend.stop()
        time.sleep(0.05)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
