"""The daily maintenance job (EventBridge schedule): expiry and age-based retention."""

from __future__ import annotations

from typing import Any

from twinmem import maintenance
from twinmem.observability import capture_lambda_handler, logger, metrics


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics
def _handler(event: dict[str, Any], context: Any) -> dict[str, int]:
    counts = maintenance.run()
    for name, value in counts.items():
        metrics.add_metric(name=f"Maintenance_{name}", unit="Count", value=value)
    logger.info("maintenance done", extra=counts)
    return counts


handler = capture_lambda_handler(_handler)
