"""Claims on this machine: one after the other in this process (:func:`run_inline`), or in forked
processes, at most ``jobs`` at a time (:func:`run_local`).

Work goes to the processes in *batches*: the claims of one claims module that follow each other in the run
(at most :func:`batch_size` of them), run one after the other, each result reported as it finishes. A
process that finishes its batch is given the next one, so the ``jobs`` processes live for the whole run:
claims share the derivations they have in common (a symbolic variance, a mechanism's table, the lazily
loaded parts of sympy, sympy's caches) within a module and across modules, which a process per claim would
compute again for each (a fifth of the catalog's CPU time) and a process per batch again for each module.
A death stays local all the same: when a process is killed or runs out of memory, the claim it was running
is reported ``error`` (with the signal or exit code), the claims of its batch that had not started go on in
a new process, and the run goes on. Forking a process that has already loaded the registry costs a few
milliseconds, far less than any claim.

Signals (:mod:`proofs.execution.signals`): the workers ignore SIGINT (Ctrl-C sends it to the whole
process group) and die on SIGTERM; the main process catches both, terminates every worker (SIGTERM,
then SIGKILL after half a second) and raises :class:`~proofs.execution.signals.Interrupted`. In this
process (``run_inline``) a watcher thread hears the signals and interrupts a solver's query at once, so
that a solver that would catch SIGINT during its query cannot hide it.
"""

from __future__ import annotations

import contextlib
import itertools
import multiprocessing
import os
import signal
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import wait
from typing import Any

from proofs.base import registry
from proofs.execution import signals
from proofs.execution.claim import ClaimResult, died, run_checks

__all__ = ["run_local", "run_inline"]

_GRACE = 0.5  # seconds between SIGTERM and SIGKILL when stopping workers


def _child(budget: Any, connection: Any) -> None:
    """A worker: runs each batch it receives, a result per claim, until it receives ``None``. It is started
    with the stopping signals blocked (:func:`_started`) and takes them only once its own dispositions are in
    place: a Ctrl-C sent to the process group as it starts is ignored here, never a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, signals.SIGNALS)
    try:
        while (batch := connection.recv()) is not None:
            for claim_id in batch:
                try:
                    connection.send(("ok", run_checks(claim_id, budget)))
                except BaseException as exc:  # run_checks turns check crashes into evidence; this is anything else
                    connection.send(("failed", f"{type(exc).__name__}: {exc}\n{traceback.format_exc(limit=-3)}"))
    except (EOFError, OSError):  # the main process went away
        pass
    finally:
        connection.close()
        os._exit(0)


def _started(process: multiprocessing.Process) -> None:
    """Start ``process`` with SIGINT and SIGTERM blocked, so that the child, until :func:`_child` has set
    its own dispositions, never runs this process's handlers (a signal there would raise a stop inside
    multiprocessing's start-up and print its traceback); here a signal that arrived meanwhile is handled
    when they are unblocked."""
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, signals.SIGNALS)
    try:
        process.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)


def batch_size(claims: int, jobs: int) -> int:
    """The most claims one process runs: enough to share a module's derivations, few enough that the
    ``jobs`` processes still share the run's claims out evenly (about four batches per process)."""
    return max(1, -(-claims // (4 * max(1, jobs))))


def batches(claim_ids: Sequence[str], jobs: int) -> list[tuple[str, ...]]:
    """``claim_ids`` in order, cut into batches: consecutive claims whose checks live in one module, at most
    :func:`batch_size` of them."""
    limit = batch_size(len(claim_ids), jobs)
    out: list[tuple[str, ...]] = []
    for _, group in itertools.groupby(claim_ids, key=_module_of):
        members = list(group)
        out += [tuple(members[i:i + limit]) for i in range(0, len(members), limit)]
    return out


def _module_of(claim_id: str) -> str:
    checks = registry.checks_for(claim_id)
    return getattr(checks[0].function, "__module__", "") or "" if checks else ""


def _reason(process: multiprocessing.Process) -> str:
    code = process.exitcode
    if code is not None and code < 0:
        name = signal.Signals(-code).name
        hint = " (out of memory?)" if -code == signal.SIGKILL else ""
        return f"worker process killed by {name}{hint} before it reported a result"
    return f"worker process exited with code {code} before it reported a result"


def _stop(running: dict) -> None:
    processes = [worker.process for worker in running.values()]
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
    """Run the claims in forked processes, a batch per process (see the module docstring), ``jobs`` at a
    time; results by claim id."""
    context = multiprocessing.get_context("fork")
    pending = batches(claim_ids, jobs)
    running: dict[Any, _Worker] = {}
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


@dataclass
class _Worker:
    """A forked process running ``batch`` (its current one); ``done`` of its claims have reported, the next
    since ``started``."""

    process: multiprocessing.Process
    connection: Any
    batch: tuple[str, ...]
    done: int = 0
    started: float = field(default_factory=time.perf_counter)


def _loop(context: Any, pending: list[tuple[str, ...]], running: dict[Any, _Worker], results: dict,
          claim_ids: Sequence[str], budget: Any, jobs: int, on_result: Callable[[ClaimResult], None] | None) -> None:
    """Start workers while there is room, collect what they report, until every claim has a result."""
    while pending or running:
        while pending and len(running) < max(1, jobs):
            with signals.deferred():  # a worker is stopped only once it is known
                batch = pending.pop(0)
                here, there = context.Pipe()
                process = context.Process(target=_child, args=(budget, there), daemon=True, name="claims worker")
                _started(process)
                there.close()
                here.send(batch)
                running[here] = _Worker(process, here, batch)
        for ready in wait(list(running), timeout=0.5):
            worker = running[ready]
            claim_id = worker.batch[worker.done]
            try:
                kind, payload = worker.connection.recv()
            except (EOFError, OSError):
                worker.process.join(1.0)
                kind, payload = "died", _reason(worker.process)
            result = payload if kind == "ok" else died(claim_id, budget, payload, time.perf_counter() - worker.started)
            worker.done += 1
            worker.started = time.perf_counter()
            if kind != "died" and worker.done == len(worker.batch) and pending:
                worker.batch, worker.done = pending.pop(0), 0  # the next batch, in the same process
                try:
                    worker.connection.send(worker.batch)
                except OSError:  # it died in between: the batch goes to a new process
                    kind = "died"
            if kind == "died" or worker.done == len(worker.batch):
                del running[ready]
                if kind != "died":
                    with contextlib.suppress(OSError):
                        worker.connection.send(None)
                worker.connection.close()
                worker.process.join(1.0)
                if worker.done < len(worker.batch):  # the claims that had not started go on in a new process
                    pending.insert(0, worker.batch[worker.done:])
            _finished(results, claim_ids, result, on_result)
