"""`twinmem`: the whole API from a shell, through the client.

    twinmem add turns.jsonl                      # one item per line, posted in batches of 100
    twinmem history "Alice Chen" [--attribute home_city] [--as-of T]
    twinmem known [SUBJECT ...]
    twinmem retrieve "where does alice live" [--as-of T --axis valid|transaction] [--limit N]
    twinmem lineage mem_…   |   twinmem explain mem_…
    twinmem changes [--follow]
    twinmem keys create --tenant acme --scope admin --table T   # table-level, needs the twinmem package

Tables by default, `--json` for scripts. The service, key and end user come from --url/--key/--account
or TWINMEM_URL (default http://127.0.0.1:3000), TWINMEM_KEY and TWINMEM_ACCOUNT.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from twinmem_client import models as m
from twinmem_client.client import Client
from twinmem_client.errors import TwinmemError

try:  # the `cli` extra; without it, --json still works
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn
    from rich.table import Table
except ImportError:  # pragma: no cover - rich is installed with twinmem-client[cli]
    Console = None  # type: ignore[assignment,misc]


def _common() -> argparse.ArgumentParser:
    """The flags every command takes, before or after its name (defaults suppressed: the first one given wins)."""
    p = argparse.ArgumentParser(add_help=False)
    p.add_argument("--url", default=argparse.SUPPRESS, help="the service (TWINMEM_URL; default http://127.0.0.1:3000)")
    p.add_argument("--key", default=argparse.SUPPRESS, help="a tm_… key (TWINMEM_KEY)")
    p.add_argument("--account", default=argparse.SUPPRESS, help="the end user (TWINMEM_ACCOUNT)")
    p.add_argument("--json", action="store_true", default=argparse.SUPPRESS, help="print JSON, not tables")
    return p


def parser() -> argparse.ArgumentParser:
    common = _common()
    top = argparse.ArgumentParser(
        prog="twinmem",
        parents=[common],
        description=__doc__.split("\n\n")[0],
        epilog="`twinmem keys …` mints keys against the table (see the service's README).",
    )
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    p = sub.add_parser("add", parents=[common], help="post items from a JSON Lines file (- for stdin)")
    p.add_argument("file", help='one item per line: {"role", "content", "said_at", "id", "name", …}')
    p.add_argument("--batch", type=int, default=100, help="items per call (1..100)")
    p = sub.add_parser("history", parents=[common], help="a subject's assertions, oldest first")
    p.add_argument("subject")
    p.add_argument("--attribute")
    p.add_argument("--as-of", help="RFC 3339: only what was recorded by then")
    p.add_argument("--include-retracted", action="store_true", default=None)
    p = sub.add_parser("known", parents=[common], help="values as stated, newest said first")
    p.add_argument("subjects", nargs="*")
    p = sub.add_parser("retrieve", parents=[common], help="facts and turns for a query, and the brief")
    p.add_argument("query")
    p.add_argument("--as-of", help="RFC 3339 time to read at")
    p.add_argument("--axis", choices=["valid", "transaction"], help="what --as-of means (default valid)")
    p.add_argument("--limit", type=int)
    p.add_argument("--subject")
    p.add_argument("--kinds", choices=["fact", "episode"], nargs="+")
    p = sub.add_parser("lineage", parents=[common], help="a memory's chain, oldest first")
    p.add_argument("memory_id")
    p.add_argument("--max-steps", type=int)
    p = sub.add_parser("explain", parents=[common], help="how the service knows a memory")
    p.add_argument("memory_id")
    p = sub.add_parser("changes", parents=[common], help="the change feed (ids and kinds)")
    p.add_argument("--cursor")
    p.add_argument("--limit", type=int, default=100)
    p.add_argument("--follow", "-f", action="store_true", help="keep polling for new changes (Ctrl-C stops)")
    p.add_argument("--interval", type=float, default=1.0, help="seconds between polls with --follow")
    sub.add_parser("keys", help="mint, list, revoke keys against the table (the twinmem package's CLI)", add_help=False)
    return top


def main(argv: list[str] | None = None) -> int:
    args_list = sys.argv[1:] if argv is None else list(argv)
    if args_list[:1] == ["keys"]:
        return _keys(args_list)
    args = parser().parse_args(args_list)
    as_json = bool(getattr(args, "json", False))
    try:
        client = Client.from_env(getattr(args, "url", None), getattr(args, "key", None), getattr(args, "account", None))
    except ValueError as exc:
        sys.stderr.write(f"twinmem: {exc}\n")
        return 2
    out = Output(as_json)
    try:
        with client:
            COMMANDS[args.command](client, args, out)
    except TwinmemError as exc:
        sys.stderr.write(f"twinmem: {exc}\n")
        return 1
    except ValueError as exc:  # a local check (no end user, a naive time, a bad line in the file)
        sys.stderr.write(f"twinmem: {exc}\n")
        return 2
    except KeyboardInterrupt:
        return 130
    return 0


def _keys(argv: list[str]) -> int:
    try:
        from twinmem import cli as table_cli  # the service package: mints against the table, not over HTTP
    except ImportError:
        sys.stderr.write(
            "twinmem: `keys` mints against the table and needs the twinmem service package "
            "(pip install -e . in the service's repository); over HTTP, an admin key mints with "
            "Client.create_key\n"
        )
        return 2
    return int(table_cli.main(argv))


# ---------------------------------------------------------------------- output


class Output:
    def __init__(self, as_json: bool) -> None:
        self.as_json = as_json or Console is None
        self.console = None if self.as_json else Console()

    def json(self, data: Any) -> None:
        if isinstance(data, BaseModel):
            data = data.model_dump(mode="json", exclude_unset=True)
        sys.stdout.write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
        sys.stdout.flush()

    def line(self, data: Any) -> None:
        if isinstance(data, BaseModel):
            data = data.model_dump(mode="json", exclude_unset=True)
        sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
        sys.stdout.flush()

    def table(self, title: str | None, columns: list[str], rows: list[list[Any]]) -> None:
        assert self.console is not None
        t = Table(title=title, title_justify="left", show_lines=False)
        for c in columns:
            t.add_column(c, overflow="fold", no_wrap=c in ("memory", "id", "event"))
        for r in rows:
            t.add_row(*("" if v is None else str(v) for v in r))
        self.console.print(t)

    def text(self, text: str) -> None:
        assert self.console is not None
        self.console.print(text, markup=False, highlight=False)


def _items(path: str) -> Iterator[dict[str, Any]]:
    text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            item = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"{path}:{n}: not JSON ({exc.msg})") from None
        if isinstance(item, str):
            item = {"content": item}
        if not isinstance(item, dict):
            raise ValueError(f"{path}:{n}: an item is a JSON object with a content")
        yield item


def cmd_add(client: Client, args: argparse.Namespace, out: Output) -> None:
    if not 1 <= args.batch <= 100:
        raise ValueError("--batch is 1..100 items a call")
    items = list(_items(args.file))
    if out.as_json:
        ids = client.add_all(items, batch=args.batch)
        out.json({"count": len(ids), "event_ids": ids})
        return
    with Progress(
        TextColumn("posting"), BarColumn(), MofNCompleteColumn(), TextColumn("items"), console=Console(stderr=True)
    ) as bar:
        task = bar.add_task("add", total=len(items))
        ids = client.add_all(items, batch=args.batch, progress=lambda done: bar.update(task, completed=done))
    out.text(
        f"added {len(ids)} items ({ids[0] if ids else '-'} … {ids[-1] if ids else '-'}); "
        "extraction runs in the background"
    )


def cmd_history(client: Client, args: argparse.Namespace, out: Output) -> None:
    res = client.history(args.subject, args.attribute, as_of=args.as_of, include_retracted=args.include_retracted)
    if out.as_json:
        out.json(res)
        return
    if isinstance(res, m.HistoryMiss):
        near = ", ".join(res.subjects) or "none"
        out.text(f"nothing recorded for {res.subject!r} (nearest subjects: {near})")
        return
    out.table(
        f"{res.subject}: {res.count} assertions",
        ["attribute", "value", "valid from", "said", "polarity", "memory"],
        [
            [
                a.attribute,
                a.value + (" (retracted)" if a.retracted else ""),
                a.valid_from,
                a.said_at,
                "holds" if a.polarity == 1 else "not",
                a.memory_id,
            ]
            for a in res.assertions
        ],
    )


def cmd_known(client: Client, args: argparse.Namespace, out: Output) -> None:
    res = client.known(args.subjects or None)
    if out.as_json:
        out.json(res)
    else:
        out.text(res.text)


def cmd_retrieve(client: Client, args: argparse.Namespace, out: Output) -> None:
    res = client.retrieve(
        args.query, limit=args.limit, as_of=args.as_of, as_of_axis=args.axis, subject=args.subject, kinds=args.kinds
    )
    if out.as_json:
        out.json(res)
        return
    extra = [r.model_extra or {} for r in res.memories]
    out.table(
        f"{len(res.memories)} results for {args.query!r}",
        ["score", "type", "said", "content", "id"],
        [
            [
                f"{r.score:.2f}",
                r.type,
                str(x.get("said_at") or x.get("created_at") or "")[:10],
                r.content,
                r.memory_id or x.get("event_id"),
            ]
            for r, x in zip(res.memories, extra, strict=True)
        ],
    )
    out.text("\nbrief:\n" + res.brief)


def cmd_lineage(client: Client, args: argparse.Namespace, out: Output) -> None:
    res = client.lineage(args.memory_id, args.max_steps)
    if out.as_json:
        out.json(res)
        return
    out.table(
        f"lineage of {res.memory_id}: {res.count} steps" + (" (truncated)" if res.truncated else ""),
        ["memory", "content", "valid from", "action", "changed", "current"],
        [
            [
                s.memory_id,
                (s.model_extra or {}).get("content", "(redacted)"),
                str((s.model_extra or {}).get("valid_from") or "")[:10],
                s.action or "",
                (s.changed_at or "")[:19],
                "●" if s.is_current else "",
            ]
            for s in res.chain
        ],
    )


def cmd_explain(client: Client, args: argparse.Namespace, out: Output) -> None:
    res = client.explain(args.memory_id)
    if out.as_json:
        out.json(res)
        return
    mem = res.memory
    out.text(f"{mem.memory_id} [{mem.status}] {mem.content}")
    out.table(
        "trust",
        ["confidence", "evidence", "freshness", "utility", "authority", "contradiction", "score"],
        [
            [
                res.trust.confidence,
                res.trust.evidence,
                res.trust.freshness,
                res.trust.utility,
                res.trust.source_authority,
                res.trust.contradiction_risk,
                res.trust.score,
            ]
        ],
    )
    out.table(
        "evidence",
        ["event", "said", "text", "method"],
        [
            [
                e.get("event_id"),
                str(e.get("said_at") or "")[:19],
                e.get("passage") or e.get("text"),
                e.get("extraction_method"),
            ]
            for e in res.evidence
        ],
    )
    out.table("history", ["event", "at"], [[h.event, h.at] for h in res.history])
    out.text(
        f"lineage: {len(res.lineage.chain)} steps · usage: retrieved {res.usage.retrieved}, used "
        f"{res.usage.used}, ignored {res.usage.ignored} · contradictions: {len(res.contradictions)} · "
        f"dependents: {res.dependents.count}"
    )


def cmd_changes(client: Client, args: argparse.Namespace, out: Output) -> None:
    feed = client.iter_changes(args.cursor, limit=args.limit, follow=args.follow, poll_interval=args.interval)
    if out.as_json and not args.follow:
        out.json({"changes": [c.model_dump(mode="json") for c in feed]})
        return
    if out.as_json:
        for change in feed:  # one JSON object a line while following
            out.line(change)
        return
    if not args.follow:
        changes = list(feed)
        out.table(f"{len(changes)} changes", ["at", "kind", "memory"], [[c.at, c.kind, c.memory_id] for c in changes])
        if changes:
            out.text(f"to read on from here: twinmem changes --cursor {changes[-1].cursor}")
        return
    for c in feed:
        out.text(f"{c.at}  {c.kind:<12} {c.memory_id or '-'}  {c.cursor}")


COMMANDS = {
    "add": cmd_add,
    "history": cmd_history,
    "known": cmd_known,
    "retrieve": cmd_retrieve,
    "lineage": cmd_lineage,
    "explain": cmd_explain,
    "changes": cmd_changes,
}


if __name__ == "__main__":
    sys.exit(main())
