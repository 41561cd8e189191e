"""Claims on this machine: one after the other in this process (:func:`run_inline`), or one forked
process per claim, at most ``jobs`` at a time (:func:`run_local`).

A process per claim (rather than a pool of long-lived workers) is what keeps a death local: when a
process is killed or runs out of memory, only its claim is lost (reported ``error``, with the signal or
exit code), and the run goes on. Forking a process that has already loaded the registry costs a few
milliseconds, far less than any claim.

Signals (:mod:`proofs.execution.signals`): the workers ignore SIGINT (Ctrl-C sends it to the whole
process group) and die on SIGTERM; the main process catches both, terminates every worker (SIGTERM,
then SIGKILL after half a second) and raises :class:`~proofs.execution.signals.Interrupted`. In this
process (``run_inline``) a watcher thread hears the signals and interrupts a solver's query at once, so
that a solver that would catch SIGINT during its query cannot hide it.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable, Sequence
from multiprocessing.connection import wait
from typing import Any

from proofs.execution import signals
from proofs.execution.claim import ClaimResult, died, run_checks

__all__ = ["run_local", "run_inline"]

_GRACE = 0.5  # seconds between SIGTERM and SIGKILL when stopping workers


def _child(claim_id: str, budget: Any, connection: Any) -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    try:
        connection.send(("ok", run_checks(claim_id, budget)))
    except BaseException as exc:  # run_checks turns check crashes into evidence; this is anything else
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


def _finished(results: dict, claim_ids: Sequence[str], result: ClaimResult,
              on_result: Callable[[ClaimResult], None] | None) -> None:
    results[result.claim.id] = result
    signals.progress(len(results), len(claim_ids))
    if on_result:
        on_result(result)


def run_inline(claim_ids: Sequence[str], budget: Any, *,
               on_result: Callable[[ClaimResult], None] | None = None) -> dict[str, ClaimResult]:
    """Run the claims one after the other in this process (``--jobs 1``: easiest to debug); SIGINT and
    SIGTERM raise :class:`~proofs.execution.signals.Interrupted` as in :func:`run_local`."""
    results: dict[str, ClaimResult] = {}
    try:
        with signals.catching_signals(in_process=True):
            signals.progress(0, len(claim_ids))
            for claim_id in claim_ids:
                _finished(results, claim_ids, run_checks(claim_id, budget), on_result)
    except signals.Stop as stop:
        raise signals.Interrupted(stop.signum, len(results), len(claim_ids)) from None
    except KeyboardInterrupt as stop:  # an engine raised it for an interrupted query
        if isinstance(stop, signals.Interrupted):
            raise
        raise signals.Interrupted(signals.interrupt_of(stop) or signal.SIGINT, len(results), len(claim_ids)) from None
    return results


def run_local(claim_ids: Sequence[str], budget: Any, *, jobs: int,
              on_result: Callable[[ClaimResult], None] | None = None) -> dict[str, ClaimResult]:
    """Run every claim in its own forked process, ``jobs`` at a time; results by claim id."""
    context = multiprocessing.get_context("fork")
    pending = list(claim_ids)
    running: dict[Any, tuple[multiprocessing.Process, Any, str, float]] = {}
    results: dict[str, ClaimResult] = {}
    try:
        with signals.catching_signals():
            signals.progress(0, len(claim_ids))
            try:
                _loop(context, pending, running, results, claim_ids, budget, jobs, on_result)
            except BaseException:
                with signals.deferred():
                    _stop(running)
                raise
    except signals.Stop as stop:
        raise signals.Interrupted(stop.signum, len(results), len(claim_ids)) from None
    return results


def _loop(context: Any, pending: list, running: dict, results: dict, claim_ids: Sequence[str], budget: Any,
          jobs: int, on_result: Callable[[ClaimResult], None] | None) -> None:
    """Start workers while there is room, collect what they report, until every claim has a result."""
    while pending or running:
        while pending and len(running) < max(1, jobs):
            with signals.deferred():  # a worker is stopped only once it is known
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
            _finished(results, claim_ids, result, on_result)
