"""Logger and metrics shared by every floor of the package (imports nothing of ours).

Tracer (the X-Ray SDK) costs ~230 ms of cold start, so it is built only when
TWINMEM_XRAY_SDK=true; Lambda's active tracing still records each invocation without it.
"""

from __future__ import annotations

import os
from typing import Any

from aws_lambda_powertools import Logger, Metrics

SERVICE = os.environ.get("POWERTOOLS_SERVICE_NAME", "twinmem")

logger = Logger(service=SERVICE)
metrics = Metrics(namespace=os.environ.get("POWERTOOLS_METRICS_NAMESPACE", "twinmem"), service=SERVICE)


def capture_lambda_handler(handler: Any) -> Any:
    """Wrap a handler with Powertools Tracer when the X-Ray SDK is switched on, else return it as is."""
    if os.environ.get("TWINMEM_XRAY_SDK", "").lower() != "true":
        return handler
    from aws_lambda_powertools import Tracer

    return Tracer(service=SERVICE).capture_lambda_handler(handler)
