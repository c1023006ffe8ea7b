"""What a user turn reads as, for the extraction tests written per session: (subject, attribute, value, polarity)."""

from __future__ import annotations

from datetime import UTC, datetime

from twinmem.extract.rules import RulesExtractor

SAID = datetime(2026, 4, 7, 9, 0, tzinfo=UTC)


def read(
    text: str,
    filed: dict[str, list[str]] | None = None,
    things: dict[str, dict[str, list[str]]] | None = None,
    asked: str | None = None,
    said: datetime = SAID,
) -> set[tuple[str, str, str, int]]:
    """The turn's statements, read with the speaker's values (`filed`) and the things named (`things`) so far."""
    got = RulesExtractor().read(text, said, "user", filed=filed or {}, things=things or {}, asked=asked).statements
    return {(s.subject, s.attribute, s.value, s.polarity) for s in got}


def values(text: str, attribute: str, **kw: object) -> list[str]:
    """The values of one attribute a turn states as holding, sorted (`kw` as for `read`)."""
    return sorted(v for _s, a, v, p in read(text, **kw) if a == attribute and p == 1)  # type: ignore[arg-type]
