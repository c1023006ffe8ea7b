"""The one Bedrock runtime client, shared by embeddings and the Bedrock extractor (built on first use)."""

from __future__ import annotations

from typing import Any

from twinmem import warm
from twinmem.config import settings

MAX_ATTEMPTS = 4  # tries in all (botocore total_max_attempts, standard mode): the first call and three retries

_clients: dict[str, Any] = {}


def bedrock_client(region: str | None = None) -> Any:
    """A bedrock-runtime client with standard-mode retries, one per region per container."""
    region = region or settings().region
    if region not in _clients:
        import boto3
        from botocore.config import Config

        config = Config(
            retries={"mode": "standard", "total_max_attempts": MAX_ATTEMPTS}, connect_timeout=5, read_timeout=30
        )
        _clients[region] = boto3.client("bedrock-runtime", region_name=region, config=config)
    return _clients[region]


@warm.register
def reset_bedrock() -> None:
    """Forget the clients (tests switch moto and stubs)."""
    _clients.clear()
