"""`twinmem-mcp`: twinmem's memory as MCP tools, over stdio (the official `mcp` package).

The service, key and end user come from TWINMEM_URL (default http://127.0.0.1:3000), TWINMEM_KEY and
TWINMEM_ACCOUNT, as for the `twinmem` command. Tools: remember, retrieve, known, history, lineage,
explain. A failed call comes back as a tool error carrying the service's message (`404 no memory for
end user 'user_42' yet`), for the model to read and act on.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Annotated, Any, Literal, TypeVar

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import BaseModel, Field

from twinmem_client import models as m
from twinmem_client.client import Client
from twinmem_client.errors import TwinmemError

T = TypeVar("T", bound=BaseModel)

INSTRUCTIONS = """twinmem is this user's long-term memory. Post what the user says with `remember` as the
conversation goes; before answering anything that depends on the user (where they live, work, what they
like, what changed), call `retrieve` with the question and read its `brief`, or `known` for the values as
stated. `history` lists one subject's statements over time, `lineage` and `explain` say how a memory came
to be (to answer "how do you know that?"). Values are as the user stated them, with the date each was
said: prefer the newest, and say so when the user stated conflicting values."""

READ = ToolAnnotations(read_only_hint=True, open_world_hint=False)


def build(client: Client | None = None) -> MCPServer:
    """The server, its tools calling `client` (from the environment when not given)."""
    api = client or Client.from_env()
    server = MCPServer("twinmem", instructions=INSTRUCTIONS, version="0.1.0", log_level="WARNING")

    def call(fn: Callable[[], T]) -> dict[str, Any]:
        try:
            return fn().model_dump(mode="json", exclude_unset=True)
        except TwinmemError as exc:
            raise ToolError(str(exc)) from None
        except ValueError as exc:  # a local check (no end user configured, a naive time)
            raise ToolError(str(exc)) from None

    @server.tool(annotations=ToolAnnotations(read_only_hint=False, destructive_hint=False, idempotent_hint=True))
    def remember(
        turns: Annotated[
            list[m.ItemIn],
            Field(
                min_length=1,
                max_length=100,
                description=(
                    "the conversation turns to store, oldest first: each {role: user|assistant|system|note, content, "
                    "said_at?: RFC 3339 time it was said (default now), name?: who spoke, id?: your id (re-sending "
                    "the same id stores nothing new), conversation_id?}"
                ),
            ),
        ],
    ) -> dict[str, Any]:
        """Store conversation turns (what the user or assistant said) in the user's memory. Statements of
        fact in them (where someone lives, works, their pets, allergies, …) are read in the background
        within a second or two and become findable by retrieve, known and history. Call it with each
        new user message (and your reply) as the conversation goes."""
        return call(lambda: api.add(turns))

    @server.tool(annotations=READ)
    def retrieve(
        query: Annotated[str, Field(description="what you need to know, in words (e.g. 'where does Alice live')")],
        limit: Annotated[int, Field(ge=1, le=50, description="at most this many results")] = 10,
        as_of: Annotated[str | None, Field(description="RFC 3339 time: read the memory as it was then")] = None,
        as_of_axis: Annotated[
            Literal["valid", "transaction"],
            Field(
                description=(
                    "valid: what held in the world at as_of; transaction: what the memory had recorded by as_of"
                )
            ),
        ] = "valid",
        subject: Annotated[str | None, Field(description="only this subject's facts and turns")] = None,
    ) -> dict[str, Any]:
        """Search the user's memory before answering: returns `brief` (paste-ready text: the known values
        for the subjects the query touches, then the relevant memories and turns with their dates),
        `known` lines and the ranked `memories` (facts and episodes with memory_id and score)."""
        return call(lambda: api.retrieve(query, limit=limit, as_of=as_of, as_of_axis=as_of_axis, subject=subject))

    @server.tool(annotations=READ)
    def known(
        subjects: Annotated[
            list[str] | None,
            Field(
                description=("subjects to report (names, or 'user' / 'me' for the end user); all subjects when omitted")
            ),
        ] = None,
    ) -> dict[str, Any]:
        """The values the user has stated, per subject and attribute, newest said first, each with the date
        it was said ('- Alice Chen · home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]').
        Repeats are collapsed, 'not X' marks a value said not to hold, and 'conflict' marks a value said both
        to hold and not to hold. Use the first value of a line as the current one unless told otherwise."""
        return call(lambda: api.known(subjects))

    @server.tool(annotations=READ)
    def history(
        subject: Annotated[str, Field(description="who or what: a name ('Alice Chen'), or 'user' / 'me'")],
        attribute: Annotated[
            str | None,
            Field(
                description=(
                    "only this attribute: home_city, employer, job_title, pet, allergy, email, … (all when omitted)"
                )
            ),
        ] = None,
    ) -> dict[str, Any]:
        """Every statement recorded about one subject, by attribute then oldest first: value, valid_from,
        said_at, polarity (1 holds, -1 said not to hold), the source turns and memory_id. When nothing is
        recorded under that name the answer says so and lists the nearest recorded subjects: try one of them."""
        return call(lambda: api.history(subject, attribute))

    @server.tool(annotations=READ)
    def lineage(
        memory_id: Annotated[str, Field(description="a memory id (mem_ + 16 hex), from history or retrieve")],
    ) -> dict[str, Any]:
        """How a remembered value changed over time: the chain of memories it belongs to, oldest first, each
        with the action that ended it (replaced, refined, repeated, retracted, corrected, updated, deleted)
        and is_current on the one that stands now."""
        return call(lambda: api.lineage(memory_id))

    @server.tool(annotations=READ)
    def explain(
        memory_id: Annotated[str, Field(description="a memory id (mem_ + 16 hex), from history or retrieve")],
    ) -> dict[str, Any]:
        """Why the memory holds a value ('how do you know that?'): the memory, its trust score and parts,
        the evidence (the turns it was read from, with their text and date), its lineage, its event history
        and usage. Quote the evidence when the user asks where something came from."""
        return call(lambda: api.explain(memory_id))

    return server


def main() -> int:
    try:
        server = build()
    except ValueError as exc:
        sys.stderr.write(f"twinmem-mcp: {exc}\n")
        return 2
    server.run("stdio")
    return 0


if __name__ == "__main__":
    sys.exit(main())
