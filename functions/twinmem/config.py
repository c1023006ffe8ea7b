"""Settings read from the environment once per container (the ground floor: imports nothing of ours)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from functools import lru_cache


@dataclass(frozen=True)
class Settings:
    table_name: str
    region: str
    extractor: str  # "rules" (offline default) or "bedrock"
    extraction_model_id: str
    embedding_model_id: str  # empty: no embeddings
    retrieval_backend: str  # "inprocess" or "vector"
    key_cache_seconds: float
    account_cache_seconds: float
    feed_settle_seconds: float
    max_body_bytes: int


@lru_cache(maxsize=1)
def settings() -> Settings:
    """The environment as settings; cached, so read once per warm container."""
    env = os.environ
    return Settings(
        table_name=env.get("TWINMEM_TABLE", "twinmem"),
        region=env.get("AWS_REGION") or env.get("AWS_DEFAULT_REGION") or "us-east-1",
        extractor=env.get("TWINMEM_EXTRACTOR", "rules"),
        extraction_model_id=env.get("TWINMEM_EXTRACTION_MODEL_ID", "anthropic.claude-3-haiku-20240307-v1:0"),
        embedding_model_id=env.get("TWINMEM_EMBEDDING_MODEL_ID", ""),
        retrieval_backend=env.get("TWINMEM_RETRIEVAL_BACKEND", "inprocess"),
        key_cache_seconds=float(env.get("TWINMEM_KEY_CACHE_SECONDS", "30")),
        account_cache_seconds=float(env.get("TWINMEM_ACCOUNT_CACHE_SECONDS", "5")),
        feed_settle_seconds=float(env.get("TWINMEM_FEED_SETTLE_SECONDS", "2")),
        max_body_bytes=int(env.get("TWINMEM_MAX_BODY_BYTES", str(4 * 1024 * 1024))),
    )
