"""A running twinmem backend: moto (embedded) or a real table, the table from template.yaml, the stream pump.

Used by `make run` (infra.local.server), the integration and end-to-end tests, and bench/.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from infra import template
from infra.local import concurrency
from infra.local.pump import StreamPump

LOCAL_TENANT = "local"


def _use_moto_defaults() -> None:
    for k, v in {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_REGION": "us-east-1",
    }.items():
        os.environ.setdefault(k, v)


@dataclass
class Backend:
    table_name: str
    dynamodb: Any
    streams: Any
    moto: Any = None
    pumps: list[StreamPump] = field(default_factory=list)
    # moto and the handlers' shared objects: see infra.local.concurrency (process-wide, as moto is)
    lock: concurrency.TurnLock = field(default_factory=lambda: concurrency.LOCK)
    _stop: threading.Event = field(default_factory=threading.Event)
    _threads: list[threading.Thread] = field(default_factory=list)

    def stream_arn(self) -> str:
        return str(self.dynamodb.describe_table(TableName=self.table_name)["Table"]["LatestStreamArn"])

    def drain(self) -> int:
        """Deliver everything on the stream now (tests and scripts; the server pumps by itself)."""
        total = 0
        for _ in range(20):
            n = sum(p.drain() for p in self.pumps)
            total += n
            if n == 0:
                break
        return total

    def start_pumping(self) -> None:
        for p in self.pumps:
            t = threading.Thread(target=p.run, args=(self._stop,), name=f"pump-{p.mapping.function}", daemon=True)
            t.start()
            self._threads.append(t)

    def stop(self) -> None:
        self._stop.set()
        for t in self._threads:
            t.join(timeout=5)
        if self.moto is not None:
            self.moto.stop()
            self.moto = None
        from twinmem import warm

        warm.reset()


def start(
    table_name: str | None = None,
    *,
    embedded: bool | None = None,
    pumps: bool = True,
    say: Callable[[str], None] | None = None,
) -> Backend:
    """Start (or attach to) a backend and point twinmem at it.

    embedded=None decides from the environment: a real table when TWINMEM_TABLE is set, else moto.
    `say` is told each step (make run prints them).
    """
    say = say or (lambda _: None)
    import boto3

    if embedded is None:
        embedded = not os.environ.get("TWINMEM_TABLE")
    moto = None
    if embedded:
        say("starting the embedded DynamoDB (moto) …")
        _use_moto_defaults()
        from moto import mock_aws

        from infra.local import motofix

        motofix.apply()  # moto's cost proportional to the work, one moto call at a time

        moto = mock_aws()
        moto.start()
    name = table_name or os.environ.get("TWINMEM_TABLE") or "twinmem-local"
    os.environ["TWINMEM_TABLE"] = name
    region = os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION") or "us-east-1"
    from twinmem import warm

    warm.reset()
    ddb = boto3.client("dynamodb", region_name=region, endpoint_url=os.environ.get("AWS_ENDPOINT_URL_DYNAMODB") or None)
    # moto answers DynamoDB Streams only at the legacy endpoint
    streams_endpoint = os.environ.get("AWS_ENDPOINT_URL_DYNAMODB_STREAMS") or (
        f"https://streams.dynamodb.{region}.amazonaws.com" if embedded else None
    )
    streams = boto3.client("dynamodbstreams", region_name=region, endpoint_url=streams_endpoint)
    if name not in ddb.list_tables().get("TableNames", []):
        try:
            ddb.describe_table(TableName=name)
        except ddb.exceptions.ResourceNotFoundException:
            say(f"creating the table {name} from template.yaml …")
            template.create_table(ddb, name)
    backend = Backend(table_name=name, dynamodb=ddb, streams=streams, moto=moto)
    if pumps:
        arn = backend.stream_arn()
        for mapping in template.stream_mappings():
            timeout = template.function_timeout(mapping.function)
            # embedded moto (patched) never replaces its shard: the pump keeps its iterators
            backend.pumps.append(
                StreamPump(streams, arn, mapping, lock=backend.lock, timeout_s=timeout, fresh_iterators=not embedded)
            )
    return backend


def ensure_admin_key(secret: str | None, tenant: str = LOCAL_TENANT) -> str:
    """The local tenant's admin key: TWINMEM_ADMIN_KEY's secret, or a new one. Returns the secret.

    A given secret must be a real one (ValueError otherwise): tm_ and at least 20 of [A-Za-z0-9_-]."""
    from twinmem import keys

    if secret:
        if not keys.SECRET_RE.match(secret):
            raise ValueError(f"TWINMEM_ADMIN_KEY must be {keys.SECRET_RULE} (unset it to have one generated)")
        keys.ensure_key(tenant, secret, "admin", "local admin")
        return secret
    return keys.mint(tenant, "admin", "local admin")[1]
