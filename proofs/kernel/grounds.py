"""What a verdict rests on: the steps of each piece of evidence, the evidence a certificate of the verdict
covers, and whether that certificate re-checks everything.

A piece of evidence rests on its own steps (:attr:`proofs.base.evidence.Evidence.steps`) and on those the
sign decider recorded in its detail (:func:`proofs.kernel.record.recorded_steps`). Which evidence a
certificate covers depends on the verdict's :class:`~proofs.base.verdict.Status` (:func:`certified`): a
proof needs every proving evidence, a refutation one re-checked counterexample, support its finite checks.
The evidence may be the toolkit's :class:`~proofs.base.evidence.Evidence` or a report's evidence read back
from JSON (:class:`proofs.report.schema.EvidenceReport`): both are :class:`EvidenceLike`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol, TypeVar

from core.memo import per_object
from proofs.base.evidence import Outcome, Step
from proofs.base.verdict import Status
from proofs.kernel.record import recorded_steps
from proofs.kernel.steps import settled

__all__ = ["EvidenceLike", "all_steps", "certified_steps", "certified", "complete", "step_counts"]


class EvidenceLike(Protocol):
    """What the kernel reads of a piece of evidence: the toolkit's ``Evidence`` or a report's."""

    @property
    def outcome(self) -> Outcome: ...

    @property
    def reading(self) -> str | None: ...

    @property
    def premise_cases(self) -> int | None: ...

    @property
    def vacuous(self) -> bool: ...

    @property
    def steps(self) -> tuple[Step, ...]: ...

    @property
    def detail(self) -> Mapping[str, object]: ...


E = TypeVar("E", bound=EvidenceLike)

#: The outcome of the evidence a certificate of each status covers (``inconclusive`` and ``vacuous`` are
#: certified by a proof that the premise never holds, see :func:`certified`).
_DECIDING = {Status.PROVED: Outcome.PROVED, Status.REFUTED: Outcome.COUNTEREXAMPLE, Status.SUPPORTED: Outcome.HOLDS}


@per_object()
def all_steps(evidence: EvidenceLike) -> tuple[Step, ...]:
    """The steps of one evidence: its own, then those the sign decider recorded in its detail, settled
    (:func:`proofs.kernel.steps.settled`: a step that cannot fail is stated, a repeated one kept once).

    Worked out once per evidence object (which is immutable): a report counts the steps of each verdict for
    every output it writes, and deciding which evidence a certificate covers reads them again."""
    return settled(tuple(evidence.steps or ()) + recorded_steps(evidence.detail or {}))


def certified_steps(covered: Sequence[E]) -> list[tuple[E, tuple[Step, ...]]]:
    """Each covered evidence with its steps, a step that an earlier evidence already has dropped: the steps
    a certificate runs, each distinct step once."""
    seen: set[str] = set()
    return [(e, settled(all_steps(e), seen)) for e in covered]


def _checked(evidence: EvidenceLike) -> bool:
    return any(s.machine_checked for s in all_steps(evidence))


def certified(status: Status | str, evidence: Sequence[E]) -> tuple[list[E], list[E]]:
    """The evidence a certificate of a verdict covers, and the deciding evidence it leaves out for want of
    steps: primary reading only, never vacuous. ``proved``: every proving evidence (all must carry steps);
    ``refuted``: the counterexamples that carry steps (one re-checked counterexample refutes);
    ``supported``: the finite support that carries steps; ``inconclusive``: only a vacuous one, by the proof
    that the premise never holds on the whole domain (a ``proved`` evidence over zero premise cases) that carries
    steps, which certifies why the verdict is inconclusive, not the claim; ``vacuous``: the same proof, that the
    premise never holds. Other statuses certify nothing."""
    status = Status(status)
    if status in (Status.INCONCLUSIVE, Status.VACUOUS):
        never = [e for e in evidence if e.reading is None and e.outcome == Outcome.PROVED and e.premise_cases == 0
                 and _checked(e)]
        return never, []
    wanted = _DECIDING.get(status)
    if wanted is None:
        return [], []
    deciding = [e for e in evidence if e.reading is None and not e.vacuous and e.outcome == wanted]
    covered = [e for e in deciding if _checked(e)]
    missing = [e for e in deciding if e not in covered]
    return covered, missing


def complete(status: Status | str, evidence: Sequence[EvidenceLike]) -> bool:
    """Whether a certificate of the verdict re-checks everything it rests on: ``proved`` needs steps on
    every proving evidence; ``refuted`` and ``supported`` on at least one deciding evidence; and no step a
    machine decided may be left unchecked."""
    covered, missing = certified(status, evidence)
    gaps = any(getattr(s, "unchecked", False) for e in covered for s in all_steps(e))
    if Status(status) is Status.PROVED:
        return bool(covered) and not missing and not gaps
    return bool(covered) and not gaps


def step_counts(status: Status | str, evidence: Sequence[EvidenceLike]) -> dict[str, int] | None:
    """``{"machine_checked", "stated", "uncovered", "unchecked"}`` for the evidence a certificate of the verdict
    covers (``uncovered``: deciding evidence without steps; ``unchecked``: stated steps a machine decided in the
    toolkit that the certificate does not re-run), or None when the verdict certifies nothing."""
    covered, missing = certified(status, evidence)
    if Status(status) not in _DECIDING and not covered:
        return None
    steps = [s for _, settled_steps in certified_steps(covered) for s in settled_steps]
    return {"machine_checked": sum(1 for s in steps if s.machine_checked),
            "stated": sum(1 for s in steps if not s.machine_checked), "uncovered": len(missing),
            "unchecked": sum(1 for s in steps if getattr(s, "unchecked", False))}
