"""Claims on this machine: one forked process per claim, at most ``jobs`` at a time.

A process per claim (rather than a pool of long-lived workers) is what keeps a death local: when a
process is killed or runs out of memory, only its claim is lost (reported ``error``, with the signal or
exit code), and the run goes on. Forking a process that has already loaded the registry costs a few
milliseconds, far less than any claim.

Signals: the workers ignore SIGINT (Ctrl-C sends it to the whole process group); the main process
catches SIGINT and SIGTERM, terminates every worker (SIGTERM, then SIGKILL after half a second) and
raises :class:`~proofs.execution.Interrupted`.
"""

from __future__ import annotations

import contextlib
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import wait
from typing import Any

from proofs.execution import Interrupted

__all__ = ["run_local", "run_inline", "died", "catching_signals", "Stop"]

_GRACE = 0.5  # seconds between SIGTERM and SIGKILL when stopping workers


class Stop(BaseException):
    """Raised by the signal handler inside a run (a BaseException, so no check swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


def _raise_stop(signum: int, _frame: Any) -> None:
    raise Stop(signum)


@contextlib.contextmanager
def catching_signals() -> Any:
    """Within the block SIGINT and SIGTERM raise :class:`Stop`; the previous handlers come back after
    it. Signal handlers belong to the main thread: elsewhere the block runs with the handlers as they are."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {s: signal.signal(s, _raise_stop) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


def died(claim_id: str, budget: Any, reason: str, seconds: float = 0.0) -> Any:
    """The result of a claim whose worker died: ``error`` evidence naming the reason."""
    from proofs.base import registry
    from proofs.base.evidence import Evidence, Method, Outcome
    from proofs.base.verdict import Verdict
    from proofs.runner import ClaimResult

    checks = registry.checks_for(claim_id)
    method = checks[0].method if checks else Method.ENUMERATION
    evidence = Evidence(method, Outcome.ERROR, "(the worker running this claim died)",
                        {"exception": reason, "budget": getattr(budget, "name", str(budget))})
    return ClaimResult(registry.get(claim_id), Verdict((evidence,)), seconds)


def _child(claim_id: str, budget: Any, connection: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    from proofs.runner import run_claim

    try:
        connection.send(("ok", run_claim(claim_id, budget)))
    except BaseException as exc:  # run_claim turns check crashes into evidence; this is anything else
        connection.send(("failed", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}"))
    finally:
        connection.close()
        os._exit(0)


def _reason(process: multiprocessing.Process) -> str:
    code = process.exitcode
    if code is not None and code < 0:
        name = signal.Signals(-code).name
        hint = " (out of memory?)" if -code == signal.SIGKILL else ""
        return f"worker process killed by {name}{hint} before it reported a result"
    return f"worker process exited with code {code} before it reported a result"


def _stop(running: dict) -> None:
    processes = [entry[0] for entry in running.values()]
    for process in processes:
        if process.is_alive():
            process.terminate()
    deadline = time.monotonic() + _GRACE
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.is_alive():
            process.kill()
            process.join(0.5)


def run_inline(claim_ids: Sequence[str], budget: Any, *,
               on_result: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """Run the claims one after the other in this process (``--jobs 1``: easiest to debug); SIGINT and
    SIGTERM raise :class:`~proofs.execution.Interrupted` as in :func:`run_local`."""
    from proofs.runner import run_claim

    results: dict[str, Any] = {}
    try:
        with catching_signals():
            for claim_id in claim_ids:
                results[claim_id] = run_claim(claim_id, budget)
                if on_result:
                    on_result(results[claim_id])
    except Stop as stop:
        raise Interrupted(stop.signum, len(results), len(claim_ids)) from None
    return results


def run_local(claim_ids: Sequence[str], budget: Any, *, jobs: int,
              on_result: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """Run every claim in its own forked process, ``jobs`` at a time; results by claim id."""
    context = multiprocessing.get_context("fork")
    pending = list(claim_ids)
    running: dict[Any, tuple[multiprocessing.Process, Any, str, float]] = {}
    results: dict[str, Any] = {}
    try:
        with catching_signals():
            _loop(context, pending, running, results, budget, jobs, on_result)
    except Stop as stop:
        _stop(running)
        raise Interrupted(stop.signum, len(results), len(claim_ids)) from None
    return results


def _loop(context: Any, pending: list, running: dict, results: dict, budget: Any, jobs: int,
          on_result: Callable[[Any], None] | None) -> None:
    """Start workers while there is room, collect what they report, until every claim has a result."""
    while pending or running:
        while pending and len(running) < max(1, jobs):
            claim_id = pending.pop(0)
            receive, send = context.Pipe(duplex=False)
            process = context.Process(target=_child, args=(claim_id, budget, send), daemon=True,
                                      name=f"claim {claim_id}")
            process.start()
            send.close()
            running[receive] = (process, receive, claim_id, time.perf_counter())
        for ready in wait(list(running), timeout=0.5):
            process, connection, claim_id, started = running.pop(ready)
            try:
                kind, payload = connection.recv()
            except (EOFError, OSError):
                process.join(1.0)
                kind, payload = "died", _reason(process)
            connection.close()
            process.join(1.0)
            result = payload if kind == "ok" else died(claim_id, budget, payload, time.perf_counter() - started)
            results[claim_id] = result
            if on_result:
                on_result(result)
