"""A feed follower: print every change to the end user's memory as it happens (ids and kinds only).

    TWINMEM_KEY=tm_… TWINMEM_ACCOUNT=user_42 python examples/feed_follower.py [--once] [--cursor C]

Keep the last cursor to resume after a restart; `--once` reads to the end of the feed and stops.
"""

from __future__ import annotations

import argparse

from twinmem_client import Client


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cursor", help="resume after this change")
    parser.add_argument("--once", action="store_true", help="stop at the end of the feed")
    args = parser.parse_args(argv)
    last = args.cursor
    with Client.from_env() as tm:
        try:
            for change in tm.iter_changes(args.cursor, follow=not args.once, poll_interval=1.0):
                what = tm.explain(change.memory_id).memory.content if change.kind == "ADD" and change.memory_id else ""
                print(f"{change.at}  {change.kind:<11} {change.memory_id or '-'}  {what}", flush=True)
                last = change.cursor
        except KeyboardInterrupt:
            pass
    print(f"resume with --cursor {last}" if last else "no changes yet")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
