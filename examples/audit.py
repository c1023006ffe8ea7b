"""An audit: for every value recorded about a subject, walk its lineage and explain where it came from.

TWINMEM_KEY=tm_… TWINMEM_ACCOUNT=user_42 python examples/audit.py ["Alice Chen"]
"""

from __future__ import annotations

import sys

from twinmem_client import Client, models


def main(subject: str = "user") -> int:
    with Client.from_env() as tm:
        hist = tm.history(subject)
        if isinstance(hist, models.HistoryMiss):
            print(f"nothing recorded for {subject!r}; nearest: {', '.join(hist.subjects) or 'none'}")
            return 1
        seen: set[str] = set()
        for assertion in hist.assertions:
            if assertion.memory_id in seen:
                continue
            chain = tm.lineage(assertion.memory_id)
            seen.update(step.memory_id for step in chain.chain)
            print(f"\n{hist.subject} · {assertion.attribute}: {chain.count} step(s)")
            for step in chain.chain:
                extra = step.model_extra or {}
                mark = "now " if step.is_current else "    "
                print(
                    f"  {mark}{extra.get('value', extra.get('content'))!s:<20} valid from "
                    f"{str(extra.get('valid_from'))[:10]}  {step.action or 'stands'}"
                )
            why = tm.explain(chain.chain[-1].memory_id)
            print(
                f"  trust {why.trust.score:.2f} (confidence {why.trust.confidence}, "
                f"authority {why.trust.source_authority})"
            )
            for evidence in why.evidence:
                print(
                    f"  said {str(evidence.get('said_at'))[:10]}: {evidence.get('text')!r} "
                    f"[{evidence.get('extraction_method')}]"
                )
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
