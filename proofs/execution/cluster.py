"""Claims on the workers of a Dask distributed scheduler (``--scheduler tcp://HOST:8786``), or of a
LocalCluster started for the run (``--scheduler local``).

Each claim is one task: ``proofs.runner.run_claim(claim_id, budget)``; the workers need this package
installed (the same version), nothing else (the text of any ``--claims`` file is sent with the task). A LocalCluster is started with one single-threaded worker
process per job, and its scheduler gives up on a task at once when its worker dies (a claim whose
worker dies is reported ``error``, not retried elsewhere); a remote scheduler applies its own retry
policy, and a task it gives up on (``KilledWorker``) is reported ``error`` the same way.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from core.errors import invalid
from proofs.execution import Interrupted
from proofs.execution.local import Stop, catching_signals, died

__all__ = ["run_cluster"]


def _client(scheduler: str, jobs: int) -> tuple[Any, Any]:
    import dask
    from distributed import Client, LocalCluster

    if scheduler == "local":
        with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
            cluster = LocalCluster(n_workers=max(1, jobs), threads_per_worker=1, processes=True,
                                   dashboard_address=None)
            return Client(cluster), cluster
    if not scheduler.startswith(("tcp://", "tls://", "inproc://", "ucx://", "ws://", "wss://")):
        raise invalid("scheduler", scheduler, "not 'local' nor a scheduler address", "e.g. tcp://HOST:8786")
    return Client(scheduler, timeout="30s"), None


def _run_claim_with_files(claim_id: str, budget: Any, files: tuple[tuple[str, str], ...]) -> Any:
    """On a worker: load the claims files the run loaded (sent as text), then run the claim."""
    from proofs.runner import run_claim
    from proofs.userclaims import load_claims_file

    for path, text in files:
        load_claims_file(path, text=text)
    return run_claim(claim_id, budget)


def run_cluster(claim_ids: Sequence[str], budget: Any, *, scheduler: str, jobs: int,
                on_result: Callable[[Any], None] | None = None) -> dict[str, Any]:
    """Run every claim as a task of the Dask scheduler ``scheduler``; results by claim id."""
    results: dict[str, Any] = {}
    try:
        with catching_signals():
            _collect(claim_ids, budget, scheduler, jobs, results, on_result)
    except Stop as stop:
        raise Interrupted(stop.signum, len(results), len(claim_ids)) from None
    return results


def _collect(claim_ids: Sequence[str], budget: Any, scheduler: str, jobs: int, results: dict[str, Any],
             on_result: Callable[[Any], None] | None) -> None:
    """Submit one task per claim and gather the results as they finish into ``results``. On the way out,
    whatever the reason (an interrupt included), unfinished tasks are cancelled and the client and the
    cluster are closed."""
    from distributed import as_completed

    from proofs.userclaims import sources

    client, cluster = _client(scheduler, jobs)
    files = sources()
    futures: list[Any] = []
    try:
        started = time.perf_counter()
        futures = [client.submit(_run_claim_with_files, claim_id, budget, files, pure=False,
                                 key=f"claim-{claim_id}-{started}") for claim_id in claim_ids]
        by_key = {future.key: claim_id for future, claim_id in zip(futures, claim_ids)}
        for future in as_completed(futures):
            claim_id = by_key[future.key]
            try:
                result = future.result()
            except Exception as exc:  # KilledWorker, CancelledError, a lost connection
                result = died(claim_id, budget, f"{type(exc).__name__}: {exc}", time.perf_counter() - started)
            results[claim_id] = result
            if on_result:
                on_result(result)
    finally:
        if len(results) < len(futures):
            client.cancel(futures, force=True)
        client.close(timeout=5)
        if cluster is not None:
            cluster.close(timeout=5)
