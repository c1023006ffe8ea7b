"""The stream's event source mapping, locally: read the table's stream, filter, batch, invoke, retry.

Behaves as Lambda's DynamoDB event source mapping does for the template's settings: records that
fail the FilterCriteria are dropped; records are delivered in batches of BatchSize in shard order;
with ReportBatchItemFailures the batch is retried from the first reported failure; a function
error retries the whole batch; BisectBatchOnFunctionError splits a failing batch in two; after
MaximumRetryAttempts the failed range goes to the on-failure destination (kept in `failures` and
logged) and the shard moves on.
"""

from __future__ import annotations

import importlib
import logging
import threading
import time
import uuid
from collections.abc import Callable
from typing import Any

from infra.local import concurrency
from infra.local.filters import passes
from infra.template import StreamMapping

log = logging.getLogger("twinmem.local.pump")

Handler = Callable[[dict[str, Any], Any], Any]


class LambdaContext:
    """The parts of the Lambda context object that handlers and Powertools read."""

    def __init__(self, function_name: str, timeout_s: int = 10) -> None:
        self.function_name = function_name
        self.function_version = "$LATEST"
        self.invoked_function_arn = f"arn:aws:lambda:us-east-1:123456789012:function:{function_name}"
        self.memory_limit_in_mb = 512
        self.aws_request_id = str(uuid.uuid4())
        self.log_group_name = f"/aws/lambda/{function_name}"
        self.log_stream_name = "local"
        self._deadline = time.monotonic() + timeout_s

    def get_remaining_time_in_millis(self) -> int:
        return max(0, int((self._deadline - time.monotonic()) * 1000))


def load_handler(dotted: str) -> Handler:
    module, attr = dotted.rsplit(".", 1)
    return getattr(importlib.import_module(module), attr)  # type: ignore[no-any-return]


class StreamPump:
    """Pumps one table's stream into one function, as its event source mapping would."""

    def __init__(
        self,
        streams_client: Any,
        stream_arn: str,
        mapping: StreamMapping,
        handler: Handler | None = None,
        lock: Any = None,
        timeout_s: int = 60,
        fresh_iterators: bool = True,
    ) -> None:
        self.streams = streams_client
        self.stream_arn = stream_arn
        self.mapping = mapping
        self.handler = handler or load_handler(mapping.handler)
        self.lock = lock if lock is not None else concurrency.LOCK
        self.timeout_s = timeout_s
        # True: ask a new iterator after the last record read at every poll (an endpoint that may
        # replace its shard object, as unpatched moto does on a failed transaction); False: keep
        # reading with the NextShardIterator each GetRecords returns, as Lambda's poller does.
        self.fresh_iterators = fresh_iterators
        self.iterators: dict[str, str | None] = {}
        self.positions: dict[str, str] = {}  # shard id -> sequence number of the last record read
        self.failures: list[dict[str, Any]] = []
        self.invocations = 0
        self.delivered = 0

    def _shard_iterators(self) -> dict[str, str | None]:
        desc = self.streams.describe_stream(StreamArn=self.stream_arn)["StreamDescription"]
        for shard in desc.get("Shards", []):
            sid = shard["ShardId"]
            if sid not in self.iterators:
                it = self.streams.get_shard_iterator(
                    StreamArn=self.stream_arn, ShardId=sid, ShardIteratorType=self.mapping.starting_position
                )["ShardIterator"]
                self.iterators[sid] = it
        return self.iterators

    def _iterator(self, sid: str, fresh: bool = False) -> str | None:
        """Where to read a shard from: the NextShardIterator of the last read, or (fresh) a new iterator
        just after the last record read.

        A fresh iterator keeps reading when the stream's shard object is replaced, as unpatched moto
        does when it rolls back a failed transaction; it is also the way back after an iterator expired.
        """
        seq = self.positions.get(sid)
        if seq is None or not (fresh or self.fresh_iterators):
            return self.iterators.get(sid)
        return str(
            self.streams.get_shard_iterator(
                StreamArn=self.stream_arn, ShardId=sid, ShardIteratorType="AFTER_SEQUENCE_NUMBER", SequenceNumber=seq
            )["ShardIterator"]
        )

    def _read(self, sid: str) -> dict[str, Any] | None:
        it = self._iterator(sid)
        if it is None:
            return None
        try:
            return dict(self.streams.get_records(ShardIterator=it, Limit=1000))
        except Exception as exc:
            code = str(getattr(exc, "response", {}).get("Error", {}).get("Code", ""))
            if code not in ("ExpiredIteratorException", "TrimmedDataAccessException") or self.fresh_iterators:
                raise
            log.warning("shard iterator of %s: %s; asking a new one", sid, code)
            it = self._iterator(sid, fresh=True)
            return None if it is None else dict(self.streams.get_records(ShardIterator=it, Limit=1000))

    def skip_to_latest(self) -> None:
        """Move past everything on the stream now (records that are not this pump's to deliver)."""
        for sid in list(self._shard_iterators()):
            self.positions.pop(sid, None)
            self.iterators[sid] = self.streams.get_shard_iterator(
                StreamArn=self.stream_arn, ShardId=sid, ShardIteratorType="LATEST"
            )["ShardIterator"]

    def poll_once(self) -> int:
        """Read every shard once and deliver what passed the filter; returns records delivered."""
        delivered = 0
        for sid in list(self._shard_iterators()):
            out = self._read(sid)
            if out is None:
                continue
            self.iterators[sid] = out.get("NextShardIterator")
            if out.get("Records"):
                self.positions[sid] = out["Records"][-1]["dynamodb"]["SequenceNumber"]
            records = [self._as_lambda_record(r) for r in out.get("Records", [])]
            records = [r for r in records if passes(self.mapping.filters, r)]
            for start in range(0, len(records), self.mapping.batch_size):
                batch = records[start : start + self.mapping.batch_size]
                self._deliver(batch, self.mapping.max_retries)
                delivered += len(batch)
        self.delivered += delivered
        return delivered

    def drain(self, max_rounds: int = 50) -> int:
        """Poll until a round delivers nothing (tests: 'the stream has caught up')."""
        total = 0
        for _ in range(max_rounds):
            n = self.poll_once()
            total += n
            if n == 0:
                return total
        return total

    def _as_lambda_record(self, r: dict[str, Any]) -> dict[str, Any]:
        rec = dict(r)
        rec.setdefault("eventSource", "aws:dynamodb")
        rec.setdefault("awsRegion", "us-east-1")
        rec.setdefault("eventVersion", "1.1")
        rec["eventSourceARN"] = self.stream_arn
        dyn = dict(rec.get("dynamodb", {}))
        for k in ("ApproximateCreationDateTime",):
            if k in dyn and not isinstance(dyn[k], int | float):
                dyn[k] = dyn[k].timestamp()
        rec["dynamodb"] = dyn
        return rec

    def _invoke(self, batch: list[dict[str, Any]]) -> set[str] | None:
        """Invoke the function; the failed sequence numbers, or None for a function error."""
        self.invocations += 1
        with concurrency.invocation(self.mapping.function, self.lock):
            try:
                result = self.handler({"Records": batch}, LambdaContext(self.mapping.function, self.timeout_s))
            except Exception:
                log.exception("function error on a batch of %d", len(batch))
                return None
        if not self.mapping.report_failures or not isinstance(result, dict):
            return set()
        return {f["itemIdentifier"] for f in result.get("batchItemFailures", [])}

    def _deliver(self, batch: list[dict[str, Any]], retries_left: int) -> None:
        while batch:
            failed = self._invoke(batch)
            if failed is not None and not failed:
                return
            if failed is not None:
                seqs = [r["dynamodb"]["SequenceNumber"] for r in batch]
                first = min((seqs.index(s) for s in failed if s in seqs), default=0)
                batch = batch[first:]
            if retries_left == 0:
                self._to_destination(batch)
                return
            retries_left -= 1
            if self.mapping.bisect and len(batch) > 1:
                half = len(batch) // 2
                self._deliver(batch[:half], retries_left)
                self._deliver(batch[half:], retries_left)
                return

    def _to_destination(self, batch: list[dict[str, Any]]) -> None:
        """The on-failure destination: the failed range's metadata, as Lambda sends it to SQS."""
        entry = {
            "requestContext": {"condition": "RetryAttemptsExhausted", "functionArn": self.mapping.function},
            "DDBStreamBatchInfo": {
                "streamArn": self.stream_arn,
                "startSequenceNumber": batch[0]["dynamodb"]["SequenceNumber"],
                "endSequenceNumber": batch[-1]["dynamodb"]["SequenceNumber"],
                "batchSize": len(batch),
            },
        }
        self.failures.append(entry)
        log.error("records sent to the on-failure destination: %s", entry["DDBStreamBatchInfo"])

    def run(self, stop: threading.Event, interval: float = 0.2) -> None:
        while not stop.is_set():
            try:
                if self.poll_once() == 0:
                    stop.wait(max(interval, self.mapping.batching_window / 4))
            except Exception:
                log.exception("stream pump error")
                stop.wait(1.0)
