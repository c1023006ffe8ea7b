"""Cold start: each handler module's import (and module init) in a fresh process, against a bare
`import boto3` process in the same rounds (interleaved, shuffled), and the first invocation.

The first invocation runs in a fresh process too: import, then one real request (the handler builds
its boto3 client on first use) against the bench's moto over loopback HTTP, so moto is never imported
by the measured process. The endpoint is a small HTTP server handing each request to moto's own
request dispatcher, as moto's server mode would.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from bench.harness import TABLE, Bench, median, seed_account, skip_stream

ROOT = Path(__file__).resolve().parent.parent
HANDLERS = (
    "history",
    "items",
    "known",
    "retrieve",
    "lineage",
    "explain",
    "memories",
    "feed",
    "admin",
    "apikeys",
    "extraction",
)
ROUNDS, FIRST_RUNS = 10, 3
# not handlers: where a handler's import time goes (the HTTP resolver package; the domain code and logging alone)
PARTS = ("aws_lambda_powertools.event_handler", "twinmem.history, twinmem.observability")
IMPORT = "import time; t = time.perf_counter(); import {m}; print(time.perf_counter() - t)"
FIRST_CALL = """
import json, sys, time
event = json.loads(sys.stdin.read())
class Context:
    function_name = "bench"; function_version = "$LATEST"; memory_limit_in_mb = 512
    invoked_function_arn = "arn:aws:lambda:us-east-1:123456789012:function:bench"; aws_request_id = "first"
    log_group_name = "/aws/lambda/bench"; log_stream_name = "local"
    def get_remaining_time_in_millis(self): return 10000
t0 = time.perf_counter()
import {m}.app as app
t1 = time.perf_counter()
out = app.handler(event, Context())
t2 = time.perf_counter()
status = out.get("statusCode", 200 if not out.get("batchItemFailures") else 500)
sys.stderr.write(json.dumps({{"import": t1 - t0, "call": t2 - t1, "status": status}}) + "\\n")
"""


@dataclass
class Result:
    module: str
    import_s: float
    wall_s: float
    ratio_import: float = 0.0
    ratio_wall: float = 0.0
    first_import_s: float | None = None
    first_call_s: float | None = None
    first_wall_s: float | None = None
    first_moto_s: float | None = None  # of the first call, the time moto took to answer
    statuses: list[int] = field(default_factory=list)


_PACKAGE: Path | None = None


def package() -> Path:
    """Our code as `make build` deploys it: a copy of functions/ with precompiled bytecode (Lambda's
    /var/task is read-only, so source shipped without .pyc would be compiled at every cold start)."""
    global _PACKAGE
    if _PACKAGE is None:
        from infra.package import packaged_copy

        _PACKAGE = packaged_copy()
    return _PACKAGE


def lambda_env(**extra: str) -> dict[str, str]:
    """The environment template.yaml gives every function (plus credentials for the local endpoint)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TWINMEM_", "POWERTOOLS_", "AWS_", "PYDANTIC_"))}
    env.update(
        {
            "PYTHONPATH": str(package()),
            "AWS_REGION": "us-east-1",
            "AWS_DEFAULT_REGION": "us-east-1",
            "AWS_ACCESS_KEY_ID": "testing",
            "AWS_SECRET_ACCESS_KEY": "testing",
            "TWINMEM_TABLE": TABLE,
            "TWINMEM_EXTRACTOR": "rules",
            "TWINMEM_RETRIEVAL_BACKEND": "inprocess",
            "POWERTOOLS_SERVICE_NAME": "twinmem",
            "POWERTOOLS_METRICS_NAMESPACE": "twinmem",
            "POWERTOOLS_LOG_LEVEL": "INFO",
            "PYDANTIC_DISABLE_PLUGINS": "1",
        }
    )
    env.update(extra)
    return env


def _run(code: str, env: dict[str, str], stdin: str = "") -> tuple[float, str, str]:
    t = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code], input=stdin, capture_output=True, text=True, env=env, cwd=package(), timeout=60
    )
    wall = time.perf_counter() - t
    if proc.returncode != 0:
        raise RuntimeError(f"cold start process failed: {proc.stderr[-2000:]}")
    return wall, proc.stdout, proc.stderr


def imports(rounds: int) -> list[Result]:
    """Median import and process wall time of each module over `rounds` shuffled, interleaved rounds."""
    modules = ["boto3", *(f"{h}.app" for h in HANDLERS), *PARTS]
    env = lambda_env()
    seen: dict[str, list[tuple[float, float]]] = {m: [] for m in modules}
    for r in range(rounds + 1):
        order = random.Random(r).sample(modules, len(modules))
        for m in order:
            wall, out, _ = _run(IMPORT.format(m=m), env)
            if r > 0:  # round 0 warms the page cache and the .pyc files
                seen[m].append((float(out.strip().splitlines()[-1]), wall))
    results = [Result(m, median([i for i, _ in v]), median([w for _, w in v])) for m, v in seen.items()]
    base = results[0]
    for res in results:
        res.ratio_import = res.import_s / base.import_s
        res.ratio_wall = res.wall_s / base.wall_s
    return results


# ---------------------------------------------------------------- first invocation


class MotoEndpoint:
    """DynamoDB over loopback HTTP, answered by the bench's (in-process) moto."""

    def __init__(self, lock: threading.Lock) -> None:
        from botocore.awsrequest import AWSPreparedRequest, HTTPHeaders
        from moto.core.models import botocore_stubber

        self.moto_seconds = 0.0  # time moto spent answering (subtracted from the first call)
        endpoint = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                headers = HTTPHeaders()
                for k, v in self.headers.items():
                    headers[k] = v
                request = AWSPreparedRequest(
                    "POST", "https://dynamodb.us-east-1.amazonaws.com/", headers, body, stream_output=False
                )
                with lock:
                    t = time.perf_counter()
                    status, out_headers, out = botocore_stubber.process_request(request) or (500, {}, b"")
                    endpoint.moto_seconds += time.perf_counter() - t
                data = out.encode() if isinstance(out, str) else out
                self.send_response(status)
                for k, v in out_headers.items():
                    if k.lower() not in ("content-length", "transfer-encoding"):
                        self.send_header(k, str(v))
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def _events(bench: Bench, runs: int) -> dict[str, list[dict[str, Any]]]:
    """For each handler, `runs` real events (API Gateway v2, or a stream batch of a new item each)."""
    from infra import template
    from infra.local.server import api_event

    account = "coldstart"
    placed = seed_account(bench, account, 30)
    memory_id = placed["alice chen"][0]
    routes = {(r.method, r.path): r for r in template.routes()}
    headers = {"authorization": f"Bearer {bench.key}", "x-twin-account": account, "content-type": "application/json"}
    requests = {
        "history": ("POST", "/v1/memory/history", "/v1/memory/history", {"subject": "Alice Chen"}),
        "items": ("POST", "/v1/memory/items", "/v1/memory/items", {"items": [{"content": "I live in Porto."}]}),
        "known": ("POST", "/v1/memory/known", "/v1/memory/known", {"subjects": ["Alice Chen"]}),
        "retrieve": ("POST", "/v1/memory/retrieve", "/v1/memory/retrieve", {"query": "where does alice live"}),
        "lineage": ("POST", "/v1/memory/lineage", "/v1/memory/lineage", {"memory_id": memory_id}),
        "explain": ("GET", "/v1/memory/{memory_id}/explain", f"/v1/memory/{memory_id}/explain", None),
        "memories": ("POST", "/v1/memory/append", "/v1/memory/append", {"content": "Prefers tea to coffee."}),
        "feed": ("GET", "/v1/memory/changes", "/v1/memory/changes", None),
        "admin": ("GET", "/v1/settings", "/v1/settings", None),
        "apikeys": ("GET", "/v1/keys", "/v1/keys", None),
    }
    out: dict[str, list[dict[str, Any]]] = {}
    for name, (method, route_path, path, body) in requests.items():
        data = json.dumps(body).encode() if body is not None else b""
        out[name] = [api_event(routes[(method, route_path)], method, path, "", headers, data)] * runs
    out["extraction"] = [_stream_batch(bench, account, i) for i in range(runs)]
    return out


def _stream_batch(bench: Bench, account: str, i: int) -> dict[str, Any]:
    """A stream batch of one new item, as the event source mapping hands it to the extraction function."""
    from twinmem.aws import tablekeys

    added = bench.ok(
        "POST",
        "/v1/memory/items",
        {"items": [{"content": f"Alice Chen moved to Porto in 2025 (note {i}).", "said_at": "2026-10-01T09:00:00Z"}]},
        account,
    )
    key = {"pk": {"S": tablekeys.account_pk("local", account)}, "sk": {"S": tablekeys.event_sk(added["event_ids"][0])}}
    image = bench.raw.get_item(TableName=TABLE, Key=key)["Item"]
    record = {
        "eventID": f"cold{i}",
        "eventName": "INSERT",
        "eventVersion": "1.1",
        "eventSource": "aws:dynamodb",
        "awsRegion": "us-east-1",
        "eventSourceARN": bench.backend.stream_arn(),
        "dynamodb": {
            "ApproximateCreationDateTime": time.time(),
            "Keys": key,
            "NewImage": image,
            "SequenceNumber": f"{i + 1:021d}",
            "SizeBytes": 500,
            "StreamViewType": "NEW_IMAGE",
        },
    }
    return {"Records": [record]}


def first_invocations(bench: Bench, results: list[Result], runs: int) -> None:
    """Import + one request in a fresh process, `runs` times per handler (interleaved); medians into results."""
    endpoint = MotoEndpoint(bench.backend.lock)
    try:
        events = _events(bench, runs)
        env = lambda_env(AWS_ENDPOINT_URL_DYNAMODB=endpoint.url)
        seen: dict[str, list[tuple[float, float, float, int, float]]] = {h: [] for h in HANDLERS}
        for r in range(runs):
            for h in random.Random(100 + r).sample(HANDLERS, len(HANDLERS)):
                before = endpoint.moto_seconds
                wall, _, err = _run(FIRST_CALL.format(m=h), env, json.dumps(events[h][r]))
                got = json.loads(err.strip().splitlines()[-1])
                moto = endpoint.moto_seconds - before
                seen[h].append((got["import"], got["call"], wall, int(got["status"]), moto))
        by_module = {res.module: res for res in results}
        for h, v in seen.items():
            res = by_module[f"{h}.app"]
            res.first_import_s = median([x[0] for x in v])
            res.first_call_s = median([x[1] for x in v])
            res.first_wall_s = median([x[2] for x in v])
            res.statuses = [x[3] for x in v]
            res.first_moto_s = median([x[4] for x in v])
    finally:
        endpoint.close()
        skip_stream(bench)  # the fresh processes handled their stream batches themselves


def run(bench: Bench, rounds: int = ROUNDS, first_runs: int = FIRST_RUNS) -> list[Result]:
    results = imports(rounds)
    first_invocations(bench, results, first_runs)
    return results
