"""An agent loop: post each turn, read the known lines and the brief before answering.

    TWINMEM_KEY=tm_… TWINMEM_ACCOUNT=user_42 python examples/agent_loop.py

The "model" here is a stand-in that answers from the brief; put your LLM call where `answer` is.
"""

from __future__ import annotations

import time

from twinmem_client import Client, models

CONVERSATION = [
    ("2024-06-01T10:00:00Z", "Hi! I'm Alice Chen, I live in Berlin and work at Acme."),
    ("2026-10-01T09:00:00Z", "Big news: I moved to Lisbon last week."),
    ("2026-10-02T09:00:00Z", "Where do I live now?"),
]


def answer(question: str, known: models.KnownOut, brief: str) -> str:
    """Your model call goes here: the system prompt gets `brief` (known lines, then memories with dates)."""
    prompt = f"Memory about this user:\n{brief}\n\nUser: {question}"
    newest = next((line for line in known.lines if "home_city" in line), None)
    return f"(a model would read {len(prompt)} characters) From memory: {newest or 'nothing on that yet'}"


def main() -> None:
    with Client.from_env() as tm:
        tm.set_profile("Alice Chen")
        for n, (said_at, text) in enumerate(CONVERSATION, 1):
            tm.add(
                [{"id": f"demo-{n}", "role": "user", "content": text, "said_at": said_at, "conversation_id": "demo"}]
            )
            print(f"user: {text}")
            time.sleep(1.5)  # extraction runs in the background, from the table's stream: about a second
            found = tm.retrieve(text, limit=5)
            known = tm.known()
            reply = answer(text, known, found.brief)
            tm.add(
                [
                    {
                        "id": f"demo-{n}-reply",
                        "role": "assistant",
                        "content": reply,
                        "said_at": said_at,
                        "conversation_id": "demo",
                    }
                ]
            )
            print(f"assistant: {reply}\n")
        print(tm.known().text)


if __name__ == "__main__":
    main()
