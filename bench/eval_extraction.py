"""Precision and recall of the rules extractor on the labelled turns.

Run: PYTHONPATH=functions python bench/eval_extraction.py [--verbose] [--data PATH]
Exits non-zero when overall precision < 0.95, recall < 0.85, or an attribute with at least
3 expected statements has recall < 0.7.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from twinmem.extract.base import SELF
from twinmem.extract.rules import RulesExtractor
from twinmem.values import normalize_subject, value_key

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "extraction_labelled.jsonl"
MIN_PRECISION, MIN_RECALL, MIN_ATTR_RECALL = 0.95, 0.85, 0.7

Key = tuple[str, str, str, int, str]


@dataclass
class Report:
    """Counts per attribute, and the misses / false positives with their turn ids."""

    tp: Counter[str] = field(default_factory=Counter)
    fp: Counter[str] = field(default_factory=Counter)
    fn: Counter[str] = field(default_factory=Counter)
    misses: list[str] = field(default_factory=list)
    false_positives: list[str] = field(default_factory=list)
    turns: int = 0
    seconds: float = 0.0

    @staticmethod
    def ratio(a: int, b: int) -> float:
        return a / b if b else 1.0

    def precision(self, attr: str | None = None) -> float:
        tp = self.tp[attr] if attr else sum(self.tp.values())
        fp = self.fp[attr] if attr else sum(self.fp.values())
        return self.ratio(tp, tp + fp)

    def recall(self, attr: str | None = None) -> float:
        tp = self.tp[attr] if attr else sum(self.tp.values())
        fn = self.fn[attr] if attr else sum(self.fn.values())
        return self.ratio(tp, tp + fn)

    def failures(self) -> list[str]:
        out = []
        if self.precision() < MIN_PRECISION:
            out.append(f"overall precision {self.precision():.3f} < {MIN_PRECISION}")
        if self.recall() < MIN_RECALL:
            out.append(f"overall recall {self.recall():.3f} < {MIN_RECALL}")
        for attr in sorted(set(self.tp) | set(self.fn)):
            if self.tp[attr] + self.fn[attr] >= 3 and self.recall(attr) < MIN_ATTR_RECALL:
                out.append(f"{attr} recall {self.recall(attr):.3f} < {MIN_ATTR_RECALL}")
        return out


def _key(subject: str, attribute: str, value: str, polarity: int, valid_from: str) -> Key:
    subj = SELF if subject == SELF else normalize_subject(subject)
    return (subj, attribute, value_key(attribute, value), int(polarity), valid_from)


def load(path: Path = DATA) -> list[dict[str, Any]]:
    """The labelled turns, one JSON object a line."""
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def evaluate(rows: list[dict[str, Any]]) -> Report:
    """Run the extractor over every turn and count matches."""
    extractor = RulesExtractor()
    report = Report()
    for row in rows:
        said = datetime.fromisoformat(row["said_at"].replace("Z", "+00:00"))
        started = time.perf_counter()
        # as the server reads a single turn of a new end user: nothing filed yet (extract/context.py)
        got = extractor.read(row["text"], said, row["role"], filed={}).statements
        report.seconds += time.perf_counter() - started
        report.turns += 1
        predicted = Counter(_key(s.subject, s.attribute, s.value, s.polarity, s.valid_from.isoformat()) for s in got)
        expected = Counter(
            _key(e["subject"], e["attribute"], e["value"], e["polarity"], e["valid_from"]) for e in row["expected"]
        )
        for k in set(predicted) | set(expected):
            hit = min(predicted[k], expected[k])
            report.tp[k[1]] += hit
            if predicted[k] > hit:
                report.fp[k[1]] += predicted[k] - hit
                report.false_positives.append(f"{row['id']} {row['text']!r}: {k}")
            if expected[k] > hit:
                report.fn[k[1]] += expected[k] - hit
                report.misses.append(f"{row['id']} {row['text']!r}: {k}")
    return report


def throughput(rows: list[dict[str, Any]], seconds: float = 1.0) -> float:
    """Turns per second of extract() on one core, over repeated passes of the set."""
    extractor = RulesExtractor()
    prepared = [(r["text"], datetime.fromisoformat(r["said_at"].replace("Z", "+00:00")), r["role"]) for r in rows]
    n, started = 0, time.perf_counter()
    while time.perf_counter() - started < seconds:
        for text, said, role in prepared:
            extractor.extract(text, said, role)
        n += len(prepared)
    return n / (time.perf_counter() - started)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--verbose", "-v", action="store_true", help="list misses and false positives")
    parser.add_argument("--data", type=Path, default=DATA)
    args = parser.parse_args(argv)
    rows = load(args.data)
    report = evaluate(rows)
    attrs = sorted(set(report.tp) | set(report.fn) | set(report.fp))
    print(f"{'attribute':<18}{'expected':>9}{'predicted':>10}{'precision':>11}{'recall':>8}")
    for attr in attrs:
        exp = report.tp[attr] + report.fn[attr]
        pred = report.tp[attr] + report.fp[attr]
        print(f"{attr:<18}{exp:>9}{pred:>10}{report.precision(attr):>11.3f}{report.recall(attr):>8.3f}")
    exp = sum(report.tp.values()) + sum(report.fn.values())
    pred = sum(report.tp.values()) + sum(report.fp.values())
    print(f"{'OVERALL':<18}{exp:>9}{pred:>10}{report.precision():>11.3f}{report.recall():>8.3f}")
    print(f"turns: {report.turns}; throughput: {throughput(rows):,.0f} turns/s (one core)")
    if args.verbose:
        print("\nmisses:")
        print("\n".join(f"  {m}" for m in report.misses) or "  none")
        print("false positives:")
        print("\n".join(f"  {f}" for f in report.false_positives) or "  none")
    failures = report.failures()
    for f in failures:
        print(f"FAIL: {f}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
