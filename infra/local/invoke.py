"""`python -m infra.local.invoke FUNCTION EVENT.json`: invoke one template function with an event file.

The stand-in for `sam local invoke` (which needs Docker): the handler named in template.yaml,
a Lambda context object, and the table TWINMEM_TABLE names (with the standard AWS settings).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from infra import template
from infra.local.pump import LambdaContext, load_handler


def invoke(function: str, event: dict[str, Any]) -> Any:
    props = template.load()["Resources"][function]["Properties"]
    handler = load_handler(props["Handler"])
    return handler(event, LambdaContext(function, template.function_timeout(function)))


def main(argv: list[str] | None = None) -> int:
    args = argv if argv is not None else sys.argv[1:]
    if len(args) != 2:
        print("usage: python -m infra.local.invoke FUNCTION EVENT.json", file=sys.stderr)
        return 2
    result = invoke(args[0], json.loads(Path(args[1]).read_text()))
    print(json.dumps(result, indent=2, default=str))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
