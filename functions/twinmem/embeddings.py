"""Text embeddings from Amazon Bedrock (Titan Text Embeddings v2), when TWINMEM_EMBEDDING_MODEL_ID is set.

Memories get their embedding at write time (append, revise, extraction); retrieve embeds the query.
The bedrock-runtime client is built on first use and cached (never at import).
"""

from __future__ import annotations

import json
from typing import Any

from twinmem.config import settings

DIMENSIONS = 1024  # Titan v2: 256, 512 or 1024; must match the vector index in template.yaml
MAX_CHARS = 50_000  # Titan v2 takes up to 8,192 tokens; longer text is cut

_client: Any = None


def client() -> Any:
    """The client set for tests, else the container's one Bedrock client."""
    if _client is not None:
        return _client
    from twinmem.aws.bedrock import bedrock_client

    return bedrock_client()


def set_client(value: Any) -> None:
    """Use this client (tests: a Stubber-backed one); None forgets it."""
    global _client
    _client = value


def enabled() -> bool:
    return bool(settings().embedding_model_id)


def embed(text: str) -> list[float]:
    """The normalised embedding of a text."""
    body = {"inputText": text[:MAX_CHARS], "dimensions": DIMENSIONS, "normalize": True}
    out = client().invoke_model(
        modelId=settings().embedding_model_id,
        body=json.dumps(body),
        contentType="application/json",
        accept="application/json",
    )
    vector = json.loads(out["body"].read())["embedding"]
    return [float(x) for x in vector]


def maybe_embed(text: str) -> list[float] | None:
    """The embedding when embeddings are configured, else None."""
    return embed(text) if enabled() and text.strip() else None
