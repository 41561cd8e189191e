"""Claims on the workers of a Dask distributed scheduler (``--scheduler tcp://HOST:8786``), or of a
LocalCluster started for the run (``--scheduler local``).

Each claim is one task: :func:`proofs.execution.claim.run_checks` on a worker; the workers need this
package installed (the same version), nothing else: the text of any ``--claims`` file is sent with the
task and *run on the worker* (a claims file is Python code). A LocalCluster is started with one
single-threaded worker process per job, and its scheduler gives up on a task at once when its worker dies
(a claim whose worker dies is reported ``error``, not retried elsewhere); a remote scheduler applies its
own retry policy, and a task it gives up on (``KilledWorker``) is reported ``error`` the same way.

A scheduler that does not answer within :data:`CONNECT_TIMEOUT` seconds is a one-line error before any
claim runs. dask and distributed are imported only here, when a scheduler is asked for: they take a
second to import, which a run on local processes does not need.
"""

from __future__ import annotations

import contextlib
import logging
import os
import signal
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from core.errors import invalid
from proofs.execution import signals
from proofs.execution.claim import ClaimResult, died, run_checks
from proofs.base.extras import require

__all__ = ["run_cluster", "CONNECT_TIMEOUT", "SCHEMES"]

#: Seconds to wait for a remote scheduler to answer before giving up with a one-line error.
CONNECT_TIMEOUT = 5
#: Passed to the processes multiprocessing starts (its resource tracker among them): a run stopped while
#: its LocalCluster starts cannot close the cluster, and the tracker then removes the cluster's semaphores
#: itself; it need not also print a warning about them under the one line that says the run was stopped.
_QUIET_TRACKER = "ignore:resource_tracker:UserWarning"
#: Address schemes a Dask scheduler listens on.
SCHEMES = ("tcp://", "tls://", "inproc://", "ucx://", "ws://", "wss://")


def check_address(scheduler: str) -> None:
    """A one-line error for a ``--scheduler`` that is neither ``local`` nor a scheduler address."""
    if scheduler != "local" and not (scheduler.startswith(SCHEMES) and len(scheduler) > scheduler.index("//") + 2):
        raise invalid("--scheduler", scheduler, "not 'local' nor a scheduler address", "e.g. tcp://HOST:8786")


def _client(scheduler: str, jobs: int) -> tuple[Any, Any]:
    # dask is an optional heavy dependency of this one mode (the cluster extra): imported when a scheduler is
    # asked for
    require("cluster", "--scheduler", scheduler, "running the claims on a Dask scheduler")
    import dask
    from distributed import Client, LocalCluster

    check_address(scheduler)
    if scheduler == "local":
        if _QUIET_TRACKER not in sys.warnoptions:
            sys.warnoptions.append(_QUIET_TRACKER)
        with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                   dashboard_address=None, silence_logs=logging.ERROR,
                                   # the scheduler's HTTP server (health routes) starts even without a
                                   # dashboard: on a free port, never a warning that 8787 is taken
                                   scheduler_kwargs={"dashboard": False, "dashboard_address": ":0"})
            return Client(cluster), cluster
    try:
        with dask.config.set({"distributed.comm.timeouts.connect": f"{CONNECT_TIMEOUT}s"}):
            return Client(scheduler, timeout=f"{CONNECT_TIMEOUT}s"), None
    except (OSError, TimeoutError, ValueError) as exc:
        reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise invalid("--scheduler", scheduler, f"no Dask scheduler answered within {CONNECT_TIMEOUT} s ({reason})",
                      "start one with `dask scheduler`, or use --scheduler local") from None


#: What loads a claims file on a worker, given its path and its text (the runner passes
#: :func:`proofs.userclaims.load_claims_file`; this package, below the loader, does not import it).
LoadFile = Callable[..., object]


def _run_claim_with_files(claim_id: str, budget: Any, files: tuple[tuple[str, str], ...],
                          load_file: LoadFile) -> ClaimResult:
    """On a worker: load the claims files the run loaded (sent as text: their code runs here), then run
    the claim."""
    for path, text in files:
        load_file(path, text=text)
    return run_checks(claim_id, budget)


def run_cluster(claim_ids: Sequence[str], budget: Any, *, scheduler: str, jobs: int,
                files: tuple[tuple[str, str], ...] = (), load_file: LoadFile | None = None,
                on_result: Callable[[ClaimResult], None] | None = None) -> dict[str, ClaimResult]:
    """Run every claim as a task of the Dask scheduler ``scheduler``; results by claim id. ``files``: the
    claims files the run loaded, (path, text), which ``load_file`` loads on every worker first."""
    if files and load_file is None:
        raise invalid("load_file", load_file, "is needed to load the run's claims files on the workers")
    results: dict[str, ClaimResult] = {}
    try:
        with signals.catching_signals():
            signals.progress(0, len(claim_ids))
            _collect(claim_ids, budget, scheduler, jobs, results, on_result, files, load_file)
    except signals.Stop as stop:
        raise signals.Interrupted(stop.signum, len(results), len(claim_ids)) from None
    return results


def _collect(claim_ids: Sequence[str], budget: Any, scheduler: str, jobs: int, results: dict[str, ClaimResult],
             on_result: Callable[[ClaimResult], None] | None, files: tuple[tuple[str, str], ...],
             load_file: LoadFile | None) -> None:
    """Submit one task per claim and gather the results as they finish into ``results``. On the way out,
    whatever the reason (an interrupt included), unfinished tasks are cancelled and the client and the
    cluster are closed."""
    from distributed import as_completed  # the optional dependency of this mode (see the module docstring)

    client, cluster = _client(scheduler, jobs)
    futures: list[Any] = []
    try:
        started = time.perf_counter()
        futures = [client.submit(_run_claim_with_files, claim_id, budget, files, load_file, pure=False,
                                 key=f"claim-{claim_id}-{started}") for claim_id in claim_ids]
        by_key = {future.key: claim_id for future, claim_id in zip(futures, claim_ids)}
        for future in as_completed(futures):
            claim_id = by_key[future.key]
            try:
                result = future.result()
            except Exception as exc:  # KilledWorker, CancelledError, a lost connection
                result = died(claim_id, budget, f"{type(exc).__name__}: {exc}", time.perf_counter() - started)
            results[claim_id] = result
            signals.progress(len(results), len(claim_ids))
            if on_result:
                on_result(result)
    finally:
        with signals.deferred(), _quiet_shutdown():
            if len(results) < len(futures):
                client.cancel(futures, force=True)
                if cluster is not None:  # a running task is not interrupted by a cancel: end its process
                    _kill_workers(cluster)
            client.close(timeout=5)
            if cluster is not None:
                cluster.close(timeout=5)


#: Loggers that report on the connections a shutdown closes (the scheduler runs in this process for
#: ``--scheduler local``, and its event loop's tornado and asyncio).
_SHUTDOWN_LOGGERS = ("distributed", "tornado", "asyncio")


@contextlib.contextmanager
def _quiet_shutdown() -> Iterator[None]:
    """While the client and the cluster close, their loggers say nothing. Closing them (after an
    interrupt, by killing the workers) closes the scheduler's connections, and distributed logs each one
    with its traceback ("Batched Comm Closed"), sometimes after the cluster has put back the log levels
    it lowered while it ran: noise under the one line that says the run was stopped. The levels come
    back once both are closed (their event loops stopped)."""
    loggers = [logging.getLogger(name) for name in _SHUTDOWN_LOGGERS]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels):
            logger.setLevel(level)


def _kill_workers(cluster: Any) -> None:
    """Kill the worker processes of a LocalCluster (children of this process, each started by a nanny
    that lives here), so that closing the cluster does not wait for the tasks they run."""
    for nanny in list(getattr(cluster, "workers", {}).values()):
        process = getattr(getattr(nanny, "process", None), "process", None)
        pid = getattr(process, "pid", None)
        if pid:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
