"""One claim run: every check of the claim, its evidence, and the verdict the evidence earns.

A check that crashes becomes ``error`` evidence naming the check and the exception, so one broken check
never stops a run. An interrupt is never a crash: a stopping signal received while a check ran (even if
the check, or a library under it, caught the exception and went on or returned something) stops the
run instead (:mod:`proofs.execution.signals`). A check that calls ``sys.exit`` is a crash of that check,
not the end of the program. What a check prints goes to stderr, never to stdout, which belongs to the
report (:func:`stdout_to_stderr`).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import sys
import time
import traceback
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from proofs.base import registry
from proofs.base.budget import Budget, budget as get_budget
from proofs.base.claim import Claim
from proofs.base.evidence import Detail, Evidence, Method, Outcome
from proofs.base.verdict import Status, Verdict
from proofs.execution import signals

__all__ = ["ClaimResult", "run_claim", "run_checks", "died", "stdout_to_stderr"]


def _flush_c_streams() -> None:
    """Flush the C library's buffered streams (what a solver or extension printed with printf)."""
    with contextlib.suppress(Exception):
        ctypes.CDLL(None).fflush(None)


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """Within the block, whatever is printed to stdout goes to stderr: Python's ``print`` (``sys.stdout``)
    and what C code writes to file descriptor 1. stdout carries the report (``--format json`` must stay
    JSON), so a check or a claims file that prints cannot corrupt it."""
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    _flush_c_streams()
    try:
        saved = os.dup(1)
        os.dup2(2, 1)
    except OSError:  # no descriptor 1 or 2 (a daemon): Python's stream alone
        saved = None
    try:
        with contextlib.redirect_stdout(sys.stderr):
            yield
    finally:
        with signals.deferred():  # the descriptor is put back even if a stopping signal arrives now
            with contextlib.suppress(Exception):
                sys.stderr.flush()
            _flush_c_streams()
            if saved is not None:
                os.dup2(saved, 1)
                os.close(saved)


@dataclass(frozen=True)
class ClaimResult:
    """A claim and the verdict its checks' evidence earned (its JSON is written by
    :class:`proofs.report.schema.ClaimReport`, the one place that knows the report's keys)."""

    claim: Claim
    verdict: Verdict
    seconds: float

    @property
    def status(self) -> Status:
        return self.verdict.status

    @property
    def evidence(self) -> tuple[Evidence, ...]:
        return self.verdict.evidence


def run_checks(claim_id: str, budget: Budget | str = "standard") -> ClaimResult:
    """Run every check of one claim; a crashing check becomes ``error`` evidence. A stopping signal
    raises :class:`~proofs.execution.signals.Stop` (for the runners, which turn it into
    :class:`~proofs.execution.signals.Interrupted`)."""
    b = get_budget(budget)
    claim = registry.get(claim_id)
    start = time.perf_counter()
    evidence: list[Evidence] = []
    for chk in registry.checks_for(claim_id):
        signals.raise_if_received()
        t0 = time.perf_counter()
        try:
            with stdout_to_stderr():
                items = _evidence_of(chk.name, chk.function(b))
        except signals.Stop:
            raise
        except SystemExit as exc:  # a check is not the program: exiting is its crash
            items = [_crashed(chk, f"SystemExit: the check called sys.exit({exc.code!r})")]
        except Exception as exc:  # a crash is reported as evidence: the verdict becomes `error`
            stopped = signals.interrupt_of(exc)
            if stopped is not None:  # a library caught the interrupt and raised something else
                raise signals.Stop(stopped) from None
            items = [_crashed(chk, f"{type(exc).__name__}: {exc}", traceback.format_exc(limit=-3))]
        signals.raise_if_received()  # a library swallowed the interrupt and returned an outcome
        elapsed = time.perf_counter() - t0
        evidence.extend(item if item.seconds else replace(item, seconds=elapsed / len(items)) for item in items)
    return ClaimResult(claim, Verdict(tuple(evidence)), time.perf_counter() - start)


def run_claim(claim_id: str, budget: Budget | str = "standard") -> ClaimResult:
    """Run every check of one claim in this process; a crashing check becomes ``error`` evidence, never
    an exception. SIGINT or SIGTERM during the checks raises :class:`~proofs.execution.signals.Interrupted`
    (a ``KeyboardInterrupt``) within about a second, even inside a solver's query."""
    try:
        with signals.catching_signals(in_process=True):
            return run_checks(claim_id, budget)
    except signals.Stop as stop:
        raise signals.Interrupted(stop.signum, 0, 1) from None
    except KeyboardInterrupt as stop:
        if isinstance(stop, signals.Interrupted):
            raise
        raise signals.Interrupted(signals.interrupt_of(stop) or 2, 0, 1) from None


def _evidence_of(name: str, produced: Any) -> list[Evidence]:
    if isinstance(produced, Evidence):
        return [produced]
    if isinstance(produced, (list, tuple)) or hasattr(produced, "__next__"):
        items = list(produced)
    else:
        raise TypeError(f"{name} returned {type(produced).__name__}, not Evidence")
    for item in items:
        if not isinstance(item, Evidence):
            raise TypeError(f"{name} returned {type(item).__name__}, not Evidence")
    if not items:
        raise ValueError(f"{name} returned no evidence")
    return items


def _crashed(chk: Any, exception: str, trace: str | None = None) -> Evidence:
    detail = {"check": chk.name, Detail.EXCEPTION: exception}
    if trace is not None:
        detail[Detail.TRACEBACK] = trace
    return Evidence(method=chk.method, outcome=Outcome.ERROR, domain="(check did not complete)", detail=detail)


def died(claim_id: str, budget: Any, reason: str, seconds: float = 0.0) -> ClaimResult:
    """The result of a claim whose worker died: ``error`` evidence naming the reason."""
    checks = registry.checks_for(claim_id)
    method = checks[0].method if checks else Method.ENUMERATION
    evidence = Evidence(method, Outcome.ERROR, "(the worker running this claim died)",
                        {Detail.EXCEPTION: reason, "budget": getattr(budget, "name", str(budget))})
    return ClaimResult(registry.get(claim_id), Verdict((evidence,)), seconds)
