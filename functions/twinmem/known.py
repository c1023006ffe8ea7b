"""The known lines of an account: for the named subjects, or every subject the caller may see.

One Query of each subject's partition (the same Query as history); the lines are rendered by
http/views.py (`lines_for`, `text_of`).
"""

from __future__ import annotations

from typing import Any

from twinmem import accounts, subjects
from twinmem.access import visible
from twinmem.aws import store
from twinmem.history import list_subjects
from twinmem.http import views
from twinmem.models import Account, Caller, Memory


def known_lines(caller: Caller, names: list[str] | None) -> dict[str, Any]:
    """Known lines for the named subjects (one Query each), or for every recorded subject. A name with
    nothing filed under it reads the one recorded thing it is short for (on a miss only: the subjects Query,
    once, and the Query of the subject it means)."""
    acc = accounts.require(caller)
    if names is None:
        asked = {s: s for s, _ in list_subjects(caller, acc)}
    else:
        asked = {}
        for n in names:
            asked.setdefault(subjects.resolve(acc, n), n)
    stored = list(asked)
    lines: list[str] = []
    every: dict[str, str] | None = None
    for subject in stored:
        shown = _shown(caller, acc, subject)
        if not shown and names is not None and subject != subjects.SELF:  # "FitHaus": the FitHaus membership
            every = every if every is not None else dict(list_subjects(caller, acc))
            meant = subjects.named_by(subject, list(every)) or subjects.called_with_kind(asked[subject], every)
            shown = _shown(caller, acc, meant) if meant and meant not in stored else []
        if shown:
            recorded = next((m.subject_display for m in shown if m.subject_display), None)
            lines += views.lines_for(subjects.display(acc, subject, recorded), shown)
    return {"lines": lines, "text": views.text_of(lines)}


def _shown(caller: Caller, acc: Account, subject: str) -> list[Memory]:
    memories = store.query_subject(acc.tenant, acc.account, subject)
    return [m for m in visible(caller, memories) if not m.hidden_from_history()]
