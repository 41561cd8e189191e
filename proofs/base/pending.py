"""Claims that are located and read but not checked yet: ``pending(Claim(...), engine=...)``.

A scaffolded claims file (``python -m proofs scaffold``) registers every result and displayed formula of a
paper with :func:`pending` instead of :func:`~proofs.base.registry.define`. A pending claim has **no
check**, so the verdict rule reports it ``inconclusive`` with the reason "no check implemented yet", and
nothing else: it cannot be proved, supported or refuted until checks are written. The claims-file loader
(:mod:`proofs.userclaims`), which asks every claim for two independent methods, accepts a pending claim
with none, and refuses one that is pending *and* has checks (a claim with one check could otherwise pass
for checked): once its checks are written, ``pending(...)`` becomes ``define(...)`` and the two-methods
rule applies, or the whole call becomes the short declaration that fits (:data:`DECLARATIONS`:
``ldp_claim``, ``moment_claim``, ``sign_claim``, ``approximation_claim``), which registers its checks.

What the scaffold read is kept as data beside the claim (:class:`Todo`): the engine that fits the
statement and why, the formulas read from its LaTeX (:class:`Formula`: relations and the ``sympy.srepr``
of each side, read back with :func:`core.formula.parse_srepr`, never evaluated as code) and the formulas
it could not read, each with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.errors import invalid
from core.formula import parse_srepr
from proofs.base import registry
from proofs.base.claim import Claim

__all__ = ["ENGINES", "DECLARATIONS", "Formula", "Todo", "pending", "is_pending", "todo_of", "pending_ids"]

#: The engines a scaffolded claim may be waiting for, and what each checks.
ENGINES = {
    "identity": "an equality of two expressions, proved symbolically (proofs.identity)",
    "check_sign": "an inequality: the sign of the difference of its sides on the stated domain (proofs.check_sign)",
    "check_moment": "a moment (E, Var) of a statistic of the counts against a closed form (proofs.check_moment)",
    "check_ldp": "privacy of a mechanism: ratios of its probabilities bounded by e^eps (proofs.check_ldp)",
    "check_approximation": "an approximation (≈) in a regime, never an equality (proofs.check_approximation)",
    "unknown": "no formula was read: write the statement as a formula first",
}

#: How a claim waiting for each engine is written once checked: the short declaration of
#: :mod:`proofs.declare` that registers the engine's independent methods itself, or ``define()`` and two
#: checks of different methods where there is none (an identity).
DECLARATIONS = {
    "identity": "define() it with two checks: proofs.identity(lhs, rhs, domain=...) and exact points "
                "(proofs.exhaustive)",
    "check_sign": "sign_claim(id, ..., expr=\"lhs - rhs\", sign=\">=0\", domain=...)",
    "check_moment": "moment_claim(id, ..., statistic=..., claimed=..., moment=\"mean\" or \"variance\", "
                    "mechanism=..., counts= or prior=, domain=...)",
    "check_ldp": "ldp_claim(id, ..., mechanism=proofs.mechanisms.<family>(...), epsilon=\"eps\", domain=...)",
    "check_approximation": "approximation_claim(id, ..., exact=..., approx=..., regime=\"v -> a\", domain=...)",
    "unknown": "",
}
_RELATIONS = frozenset({"=", "<", ">", "<=", ">=", "!=", "≈", ":="})


@dataclass(frozen=True)
class Formula:
    """A formula read from the paper: ``sides`` (``sympy.srepr`` strings) joined by ``relations``;
    ``condition`` the words that follow it (``for all x``); ``latex`` what was read."""

    relations: tuple[str, ...]
    sides: tuple[str, ...]
    condition: str = ""
    latex: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "relations", tuple(self.relations))
        object.__setattr__(self, "sides", tuple(self.sides))
        if not all(isinstance(s, str) and s.strip() for s in self.sides) or not self.sides:
            raise invalid("sides", self.sides, "must be sympy srepr strings, at least one")
        if len(self.relations) != len(self.sides) - 1 or not set(self.relations) <= _RELATIONS:
            raise invalid("relations", self.relations, f"one fewer than the sides, each one of {sorted(_RELATIONS)}")

    def expressions(self) -> tuple[Any, ...]:
        """The sides as sympy expressions (read with :func:`core.formula.parse_srepr`)."""
        return tuple(parse_srepr(side, name="side") for side in self.sides)


@dataclass(frozen=True)
class Todo:
    """What a pending claim waits for: ``engine`` (a key of :data:`ENGINES`) and ``why``; the formulas
    read and those not read (``(latex, reason)``)."""

    engine: str
    why: str = ""
    formulas: tuple[Formula, ...] = ()
    unread: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        if self.engine not in ENGINES:
            raise invalid("engine", self.engine, f"not one of {sorted(ENGINES)}")
        object.__setattr__(self, "formulas", tuple(self.formulas))
        object.__setattr__(self, "unread", tuple(tuple(u) for u in self.unread))
        if not all(isinstance(f, Formula) for f in self.formulas):
            raise invalid("formulas", self.formulas, "must be Formula objects")
        if not all(len(u) == 2 and all(isinstance(x, str) for x in u) for u in self.unread):
            raise invalid("unread", self.unread, "must be (latex, reason) pairs")


#: claim id -> (the claim object registered, what it waits for)
_PENDING: dict[str, tuple[Claim, Todo]] = {}


def pending(claim: Claim, *, engine: str, why: str = "", formulas: tuple[Formula, ...] = (),
            unread: tuple[tuple[str, str], ...] = ()) -> Claim:
    """Register ``claim`` with no check, as waiting for ``engine`` (see the module docstring)."""
    if not isinstance(claim, Claim):
        raise invalid("claim", claim, "must be a Claim")
    todo = Todo(engine, why, tuple(formulas), tuple(unread))
    registry.define(claim)
    _PENDING[claim.id] = (claim, todo)
    return claim


def is_pending(claim_id: str) -> bool:
    """``claim_id`` was registered by :func:`pending` (and not replaced since by another definition)."""
    entry = _PENDING.get(claim_id)
    if entry is None or claim_id not in registry.ids():
        return False
    return registry.get(claim_id) is entry[0]


def todo_of(claim_id: str) -> Todo | None:
    """What the pending claim ``claim_id`` waits for, or ``None``."""
    return _PENDING[claim_id][1] if is_pending(claim_id) else None


def pending_ids() -> tuple[str, ...]:
    """Every pending claim registered now, in registration order."""
    return tuple(i for i in registry.ids() if is_pending(i))
