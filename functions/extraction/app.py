"""The extraction trigger: a DynamoDB Streams consumer that reads inserted and edited items.

Template FilterCriteria admit only EVENT items, running REBUILD jobs (which the consumer advances
and re-saves on purpose) and inserted RETRIEVAL logs (which it adds to the memories' usage
counters, then deletes), so the consumer never sees the memories it writes. Each
record is processed on its own (Powertools BatchProcessor): a failing record is reported in
batchItemFailures and retried by Lambda (bounded, bisected, then sent to the on-failure queue)
while the rest of the batch is kept.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import DynamoDBRecord

from twinmem import extract, ingest, rebuild
from twinmem.aws import store
from twinmem.observability import capture_lambda_handler, logger, metrics

processor = BatchProcessor(event_type=EventType.DynamoDBStreams)


def record_handler(record: DynamoDBRecord, lambda_context: Any = None) -> None:
    image = store.stream_image(record.raw_event)
    kind = image.get("type")
    logger.append_keys(tenant=image.get("tenant"), account=image.get("account"))  # never the text
    if kind == "EVENT":
        tenant, account, ev = store.event_from_item(image)
        written = ingest.ingest_event(tenant, account, ev, extract.configured())
        logger.info("item read", extra={"event_id": ev.event_id, "version": ev.version, "memories": len(written)})
        metrics.add_metric(name="MemoriesWritten", unit="Count", value=len(written))
    elif kind == "REBUILD":

        def remaining() -> int:
            return int(lambda_context.get_remaining_time_in_millis()) if lambda_context else 60_000

        done = rebuild.run(image["tenant"], image["account"], image, extract.configured(), remaining)
        logger.info("rebuild advanced", extra={"account": image["account"], "done": done})
    elif kind == "RETRIEVAL":
        counted = store.apply_retrieval(*store.retrieval_log(image))
        metrics.add_metric(name="RetrievalsCounted", unit="Count", value=counted)
    # anything else is not ours: the filter should not let it through, and it must not fail a batch


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def _handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return process_partial_response(event=event, record_handler=record_handler, processor=processor, context=context)


handler = capture_lambda_handler(_handler)
