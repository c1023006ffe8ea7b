"""Settings read from the environment once per container (the ground floor: imports nothing of ours).

One validated model: a mistyped choice (`TWINMEM_RETRIEVAL_BACKEND=vectr`) or number fails the
container's first call loudly, naming the variable, instead of falling back silently.
"""

from __future__ import annotations

import os
from functools import lru_cache
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

ENV = {  # field -> environment variable
    "table_name": "TWINMEM_TABLE",
    "extractor": "TWINMEM_EXTRACTOR",
    "extraction_model_id": "TWINMEM_EXTRACTION_MODEL_ID",
    "embedding_model_id": "TWINMEM_EMBEDDING_MODEL_ID",
    "retrieval_backend": "TWINMEM_RETRIEVAL_BACKEND",
    "key_cache_seconds": "TWINMEM_KEY_CACHE_SECONDS",
    "account_cache_seconds": "TWINMEM_ACCOUNT_CACHE_SECONDS",
    "feed_settle_seconds": "TWINMEM_FEED_SETTLE_SECONDS",
    "max_body_bytes": "TWINMEM_MAX_BODY_BYTES",
    "dynamodb_endpoint": "AWS_ENDPOINT_URL_DYNAMODB",
}


class Settings(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")

    table_name: str = Field(default="twinmem", min_length=3, max_length=255)
    region: str = "us-east-1"
    extractor: Literal["rules", "bedrock"] = "rules"
    extraction_model_id: str = "anthropic.claude-3-haiku-20240307-v1:0"
    embedding_model_id: str = ""  # empty: no embeddings
    retrieval_backend: Literal["inprocess", "vector"] = "inprocess"
    key_cache_seconds: float = Field(default=30, ge=0)
    account_cache_seconds: float = Field(default=5, ge=0)
    feed_settle_seconds: float = Field(default=2, ge=0)
    max_body_bytes: int = Field(default=4 * 1024 * 1024, gt=0)
    dynamodb_endpoint: str | None = None  # DynamoDB Local, moto server, or any compatible endpoint


class BadSettings(RuntimeError):
    """The environment does not hold usable settings (names the variable)."""


@lru_cache(maxsize=1)
def settings() -> Settings:
    """The environment as settings; cached, so read once per warm container."""
    env = os.environ
    given: dict[str, object] = {field: env[var] for field, var in ENV.items() if env.get(var)}
    region = env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION")
    if region:
        given["region"] = region
    try:
        return Settings.model_validate(given)
    except ValidationError as exc:
        first = exc.errors()[0]
        field = str(first["loc"][0]) if first["loc"] else "?"
        raise BadSettings(f"{ENV.get(field, field)}: {first['msg']}") from exc
