"""Who runs when in the local server: one turn-taking lock, and one lock per Lambda function.

Two things are not thread-safe in one local process: moto (every backend is plain Python state), and
the handlers' module-level objects (a Powertools resolver keeps the current event and caller on its
`app`; Logger and Metrics are shared by every function). Lambda gives each concurrent invocation a
container of its own; locally every function has one, so:

- `function_lock(name)`: one invocation of a function at a time (its container is busy), held for
  the whole invocation, callers served in arrival order. Invocations of different functions
  proceed side by side.
- `LOCK` (a reentrant, first-come-first-served lock): only one thread runs handler code or moto at
  any moment. An invocation holds it while it runs, but gives it up at every DynamoDB call that moto
  answers (infra.local.motofix hooks moto's request entry point): it queues behind whoever waits, then
  makes its call. A long job (a rebuild, a batch of extraction, a retrieve over a big account) thus
  lets every waiting request in at each of its DynamoDB calls instead of holding them all for its
  whole duration; no call waits longer than the other side's current step.

Ordering (no deadlock): take a function lock before LOCK, never wait for a function lock while
holding LOCK.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any


class TurnLock:
    """A reentrant lock that hands itself over in arrival order (tickets), with a yield point."""

    def __init__(self) -> None:
        self._cond = threading.Condition(threading.Lock())
        self._next_ticket = 0
        self._serving = 0
        self._owner: int | None = None
        self._depth = 0

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        me = threading.get_ident()
        with self._cond:
            if self._owner == me:
                self._depth += 1
                return True
            if not blocking and (self._owner is not None or self._serving != self._next_ticket):
                return False
            ticket = self._next_ticket
            self._next_ticket += 1
            while self._serving != ticket or self._owner is not None:
                self._cond.wait()
            self._owner, self._depth = me, 1
            return True

    def release(self) -> None:
        with self._cond:
            if self._owner != threading.get_ident():
                raise RuntimeError("release of a TurnLock not held by this thread")
            self._depth -= 1
            if self._depth == 0:
                self._owner = None
                self._serving += 1
                self._cond.notify_all()

    def held(self) -> bool:
        return self._owner == threading.get_ident()

    def waiting(self) -> int:
        """Threads queued for the lock (the holder excluded)."""
        with self._cond:
            return self._next_ticket - self._serving - (1 if self._owner is not None else 0)

    @contextmanager
    def turn(self) -> Iterator[None]:
        """Run a step with the lock: taken when not held, or, when held, handed to whoever waits first
        and taken back at this thread's turn (the holder's reentrancy depth is kept)."""
        if not self.held():
            with self:
                yield
            return
        with self._cond:
            if self._next_ticket - self._serving <= 1:  # nobody waits: keep going
                depth = 0
            else:
                depth, self._depth = self._depth, 1
        if depth:
            self.release()
            self.acquire()
            self._depth = depth
        yield

    def __enter__(self) -> TurnLock:
        self.acquire()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.release()


LOCK = TurnLock()

_functions: dict[str, TurnLock] = {}
_functions_guard = threading.Lock()


def function_lock(name: str) -> TurnLock:
    """The lock of one function's (single) local container: first come, first served."""
    with _functions_guard:
        lock = _functions.get(name)
        if lock is None:
            lock = _functions[name] = TurnLock()
        return lock


@contextmanager
def invocation(function: str, lock: Any = None) -> Iterator[None]:
    """Run one invocation of `function`: its container, then the turn-taking lock (or `lock`)."""
    with function_lock(function), lock if lock is not None else LOCK:
        yield
