"""Extractors: the offline rules extractor (default) and the Bedrock model-backed one."""

from __future__ import annotations

from functools import lru_cache

from twinmem.config import settings
from twinmem.extract.base import Extractor


@lru_cache(maxsize=1)
def configured() -> Extractor:
    """The extractor TWINMEM_EXTRACTOR names, built once per container."""
    name = settings().extractor
    if name == "bedrock":
        from twinmem.extract.bedrock import BedrockExtractor

        return BedrockExtractor(settings().extraction_model_id)
    if name == "rules":
        from twinmem.extract.rules import RulesExtractor

        return RulesExtractor()
    raise ValueError(f"unknown extractor '{name}' (TWINMEM_EXTRACTOR: rules or bedrock)")
