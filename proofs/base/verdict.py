"""The one rule that turns a claim's evidence into its status. No status is ever typed by hand.

* ``proved``: some method proved the claim on its whole stated domain and no method found a
  counterexample;
* ``supported``: no counterexample on the stated finite domains, and no proof;
* ``refuted``: a counterexample inside the claim's own domain, re-checked exactly or at two precisions;
* ``vacuous``: a symbolic argument or a decision procedure proved that the premise of the implication never
  holds on the claim's whole domain (evidence with ``premise_never_holds``): the implication is true and says
  nothing, a defect of the statement reported beside the refuted claims, with its correction;
* ``inconclusive``: nothing decisive (no check yet, time-outs, solver ``unknown``); the reason says
  "time-out" when a method ran out of time;
* ``error``: a check crashed, or one method proved what another refuted (a bug, reported loudly).

Only evidence about the primary reading (``reading is None``) decides; evidence about other readings is
reported beside it. A crash in any check is an error whatever reading it was about.

*Vacuity is not support.* Evidence about an implication that ``holds`` or is ``proved`` over zero
cases where the premise held (``premise_cases == 0``), and finite support none of whose points lies
inside the stated domain rather than on its boundary or in a degenerate case (``interior_cases == 0``),
count for nothing; a claim whose only support is vacuous is ``inconclusive``, and its reason says
"vacuous" and why. A premise that *provably* never holds on the whole domain is another matter: that is
the status ``vacuous``, earned only by ``proved`` evidence of a symbolic or decision method that says
``premise_never_holds`` (never by a sample that happened to contain no premise case).

Order of precedence: ``error`` (a crash) > contradictions (a proof against a counterexample; a proof that
the premise never holds against a counterexample or a checked case where it held) > ``refuted`` >
``vacuous`` > ``proved`` > ``supported`` > ``inconclusive``. A counterexample to an implication is a case where
its premise holds, so it cannot stand beside a proof that the premise never holds: one of the two is a bug,
reported as an error. A proof of the conclusion does not outrank vacuity: when the premise never holds the
implication is true for that reason alone, and the statement is defective however its conclusion fares.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from proofs.base.evidence import Correction, Detail, Evidence, Outcome

__all__ = ["Status", "Decision", "Verdict", "decide", "correction_status", "NO_CHECK_YET", "VACUOUS", "NEVER_HOLDS",
           "DEFECTS"]

NO_CHECK_YET = "no check implemented yet"
VACUOUS = "vacuous: the premise never held in the checked cases"
#: The reason of a claim whose premise was proved never to hold on its whole domain (status ``vacuous``).
NEVER_HOLDS = "the premise never holds on the whole domain"


class Status(StrEnum):
    PROVED = "proved"
    SUPPORTED = "supported"
    REFUTED = "refuted"
    VACUOUS = "vacuous"
    INCONCLUSIVE = "inconclusive"
    ERROR = "error"


#: The statuses that say a statement is defective: shown in the errata, each with its correction.
DEFECTS = (Status.REFUTED, Status.VACUOUS)


@dataclass(frozen=True)
class Decision:
    status: Status
    reason: str


def decide(evidence: Sequence[Evidence]) -> Decision:
    """The status earned by ``evidence`` (see the module docstring for the rule)."""
    crashed = [e for e in evidence if e.outcome is Outcome.ERROR]
    if crashed:
        names = ", ".join(f"{e.method.value}" + (f" [{e.reading}]" if e.reading else "") for e in crashed)
        first = crashed[0].detail.get(Detail.EXCEPTION, "")
        return Decision(Status.ERROR, f"check crashed: {names}" + (f": {first}" if first else ""))
    primary = [e for e in evidence if e.reading is None]
    never = [e for e in primary if e.premise_never_holds]
    vacuous = [e for e in primary if e.vacuous]
    primary = [e for e in primary if not e.vacuous]
    proofs = [e for e in primary if e.outcome is Outcome.PROVED]
    refutations = [e for e in primary if e.outcome is Outcome.COUNTEREXAMPLE]
    if proofs and refutations:
        return Decision(
            Status.ERROR,
            "methods contradict: "
            + ", ".join(e.method.value for e in proofs) + " proved the claim but "
            + ", ".join(e.method.value for e in refutations) + " found a counterexample",
        )
    held = [e for e in primary if e.premise_cases]
    if never and (refutations or held):
        against = refutations or held
        return Decision(
            Status.ERROR,
            "methods contradict: " + ", ".join(sorted({e.method.value for e in never}))
            + " proved the premise never holds but " + ", ".join(sorted({e.method.value for e in against}))
            + (" found a counterexample" if refutations else " found cases where it held"),
        )
    if refutations:
        methods = sorted({e.method.value for e in refutations})
        return Decision(Status.REFUTED, f"counterexample from {', '.join(methods)}, re-checked "
                        + ", ".join(sorted({e.recheck.value for e in refutations if e.recheck})))
    if never:
        methods = ", ".join(sorted({e.method.value for e in never}))
        why = next((e.detail[Detail.WHY_NEVER_HOLDS] for e in never
                    if isinstance(e.detail.get(Detail.WHY_NEVER_HOLDS), str)), None)
        return Decision(Status.VACUOUS, f"{NEVER_HOLDS}, proved by {methods}" + (f": {why}" if why else ""))
    if proofs:
        return Decision(Status.PROVED, "proved by " + ", ".join(sorted({e.method.value for e in proofs})))
    holds = [e for e in primary if e.outcome is Outcome.HOLDS]
    if holds:
        return Decision(
            Status.SUPPORTED,
            "no counterexample on the stated finite domains of " + ", ".join(sorted({e.method.value for e in holds})),
        )
    if not evidence:
        return Decision(Status.INCONCLUSIVE, NO_CHECK_YET)
    if vacuous:  # nothing decisive is left beside it
        methods = ", ".join(sorted({e.method.value for e in vacuous}))
        why = sorted({e.vacuous_because or "" for e in vacuous})
        reason = VACUOUS if why == [VACUOUS.split(": ", 1)[1]] else "vacuous: " + "; ".join(why)
        return Decision(Status.INCONCLUSIVE, f"{reason} ({methods})")
    if not primary:
        return Decision(Status.INCONCLUSIVE, "evidence only about alternative readings")
    timed = sorted({e.method.value for e in primary if Detail.TIME_OUT in e.detail})
    if timed:
        return Decision(Status.INCONCLUSIVE, f"no method was decisive: time-out ({', '.join(timed)})")
    return Decision(Status.INCONCLUSIVE, "no method was decisive")


def correction_status(correction: Correction) -> Status:
    """The status a correction earns from its own evidence."""
    return decide(correction.evidence).status


@dataclass(frozen=True)
class Verdict:
    """Evidence together with the status it earns (computed here, never passed in).

    Returned by the public checkers (``check_sign``, ``check_moment``) and held by every claim result.
    """

    evidence: tuple[Evidence, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "evidence", tuple(self.evidence))
        object.__setattr__(self, "_decision", decide(self.evidence))

    @property
    def status(self) -> Status:
        return self._decision.status  # type: ignore[attr-defined]

    @property
    def reason(self) -> str:
        return self._decision.reason  # type: ignore[attr-defined]

    def _primary(self) -> list[Evidence]:
        return [e for e in self.evidence if e.reading is None]

    @property
    def counterexample(self) -> dict | None:
        """The first re-checked counterexample of the primary reading, or ``None``."""
        return next((dict(e.counterexample or {}) for e in self._primary() if e.outcome is Outcome.COUNTEREXAMPLE), None)

    @property
    def holds_when(self) -> str | None:
        return next((e.holds_when for e in self._primary() if e.holds_when), None)

    @property
    def holds_when_checked(self) -> bool:
        """Whether an engine checked :attr:`holds_when` (the claim holds there and fails outside it)."""
        return next((e.holds_when_checked is True for e in self._primary() if e.holds_when), False)

    @property
    def correction(self) -> Correction | None:
        return next((e.corrected for e in self._primary() if e.corrected is not None), None)

    @property
    def corrected(self) -> str | None:
        """The corrected statement, only when its own evidence earns ``proved`` or ``supported``."""
        c = self.correction
        if c is not None and correction_status(c) in (Status.PROVED, Status.SUPPORTED):
            return c.statement
        return None
