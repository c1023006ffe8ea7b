"""`twinmem-mcp` over stdio, driven by the mcp package's own client: list the tools, call each one."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path
from typing import Any

import pytest
from mcp import Client as McpClient
from mcp import StdioServerParameters

from tests.clients.conftest import Seeded

pytestmark = pytest.mark.e2e

TOOLS = {"remember", "retrieve", "known", "history", "lineage", "explain"}


def session(seeded: Seeded, account: str | None = None) -> StdioServerParameters:
    return StdioServerParameters(
        command=str(Path(sys.executable).parent / "twinmem-mcp"),
        env={"TWINMEM_URL": seeded.server, "TWINMEM_KEY": seeded.key, "TWINMEM_ACCOUNT": account or seeded.account},
    )


def text(result: Any) -> str:
    return "".join(getattr(block, "text", "") for block in result.content)


def test_lists_the_tools_and_calls_each_against_the_local_server(seeded: Seeded) -> None:
    async def run() -> None:
        async with McpClient(session(seeded)) as mcp:
            tools = {t.name: t for t in (await mcp.list_tools()).tools}
            assert set(tools) == TOOLS
            assert all(len(t.description or "") > 80 for t in tools.values())  # a model can act on them
            assert tools["history"].input_schema["required"] == ["subject"]

            hist = await mcp.call_tool("history", {"subject": "user", "attribute": "home_city"})
            assert not hist.is_error
            assert [a["value"] for a in json.loads(text(hist))["assertions"]] == ["Berlin", "Lisbon"]
            known = await mcp.call_tool("known", {})
            assert "home_city: Lisbon [said 2026-10-01]; Berlin [said 2024-06-01]" in json.loads(text(known))["text"]
            found = await mcp.call_tool("retrieve", {"query": "where does the user live"})
            assert "Lisbon" in json.loads(text(found))["brief"]
            chain = await mcp.call_tool("lineage", {"memory_id": seeded.berlin})
            assert [s["is_current"] for s in json.loads(text(chain))["chain"]] == [False, True]
            why = await mcp.call_tool("explain", {"memory_id": seeded.lisbon})
            assert json.loads(text(why))["evidence"][0]["text"] == "I moved to Lisbon."
            stored = await mcp.call_tool(
                "remember",
                {
                    "turns": [
                        {"role": "user", "content": "I am allergic to peanuts.", "said_at": "2026-11-01T12:00:00Z"}
                    ]
                },
            )
            assert not stored.is_error and json.loads(text(stored))["count"] == 1

    asyncio.run(run())


def test_errors_come_back_as_tool_errors_with_the_contract_message(seeded: Seeded) -> None:
    async def run() -> None:
        async with McpClient(session(seeded, account="never_added")) as mcp:
            missing = await mcp.call_tool("known", {})
            assert missing.is_error and "no memory for end user 'never_added' yet" in text(missing)
            gone = await mcp.call_tool("explain", {"memory_id": "mem_0000000000000000"})
            assert gone.is_error and "404" in text(gone)

    asyncio.run(run())
