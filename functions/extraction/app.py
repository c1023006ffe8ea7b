"""The extraction trigger: a DynamoDB Streams consumer that reads inserted and edited items.

Template FilterCriteria admit only EVENT items, so the consumer never sees its own writes.
Each record is processed on its own (Powertools BatchProcessor): a failing record is reported
in batchItemFailures and retried by Lambda (bounded, bisected, then sent to the on-failure queue)
while the rest of the batch is kept.
"""

from __future__ import annotations

from typing import Any

from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response
from aws_lambda_powertools.utilities.data_classes.dynamo_db_stream_event import DynamoDBRecord

from twinmem import extract, ingest, store
from twinmem.observability import capture_lambda_handler, logger, metrics

processor = BatchProcessor(event_type=EventType.DynamoDBStreams)


def record_handler(record: DynamoDBRecord) -> None:
    image = record.raw_event["dynamodb"].get("NewImage")
    if not image or image.get("type", {}).get("S") != "EVENT":
        return  # the filter should not let these through; never fail a batch over one
    tenant, account, ev = store.event_from_item(store.from_attrs(image))
    written = ingest.ingest_event(tenant, account, ev, extract.configured())
    logger.info("item read", extra={"event_id": ev.event_id, "version": ev.version, "memories": len(written)})
    metrics.add_metric(name="MemoriesWritten", unit="Count", value=len(written))


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def _handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    return process_partial_response(event=event, record_handler=record_handler, processor=processor,
                                    context=context)


handler = capture_lambda_handler(_handler)
