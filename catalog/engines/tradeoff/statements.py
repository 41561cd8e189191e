"""What the hypothesis-testing claims state, as data: a bound on the errors of tests or on a trade-off function
(:class:`TradeoffBound`), statement 2 of a theorem (:class:`TradeoffStatement`), a two-input mechanism checked
(:class:`TradeoffCase`) and a privacy notion read from :mod:`numeric.definitions` (:class:`Privacy`). Sources: 003
§3.1 (Theorem 3.5, Corollary 3.6) and §3.2 (Definition 3.17, Theorem 3.18, Corollary 3.19),
``003_c07100d0f17e2eef.txt``.

Each type is a frozen dataclass that refuses what it cannot mean when it is built, so a misspelt bound or
reading fails at the claim's definition, not deep inside a check.
"""

from __future__ import annotations

import math
import weakref
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any

from core.types import NumberLike
from numeric.definitions import ldp, testing
from numeric.mechanisms import Mechanism
from numeric.tradeoff import ERROR_PAIRS
from numeric.tradeoff_bounds import EXPRESSIONS
from core.errors import invalid

__all__ = ["TradeoffBound", "TradeoffStatement", "TradeoffCase", "Privacy", "privacy", "Shown", "TRADEOFF_FUNCTIONS",
           "STATEMENT_PAIRS"]

#: The trade-off functions a bound may be about: T^pe and every T^op of :mod:`numeric.definitions.testing`.
TRADEOFF_FUNCTIONS = (testing.T_PE.name, *testing.T_OP_READINGS)
#: The definitions whose pairs (x, x') statement 2 may range over.
STATEMENT_PAIRS = ("SLDP", "WLDP", "WLDP: distinct pairs")
#: The readings of Definition 3.17's errors statement 2 may use (003's, or 000's: all four under x').
_ERRORS = (testing.ERRORS_317.name, testing.ERRORS_000.name)


@dataclass(frozen=True)
class TradeoffBound:
    """One inequality: the type II error ``side`` (``"lower"``: β >= g(α); ``"upper"``: β <= g(α)) the bound
    ``bound`` (a name of :data:`numeric.tradeoff_bounds.EXPRESSIONS`).

    ``errors`` says which errors: for ``on="tests"`` a key of :data:`numeric.tradeoff.ERROR_PAIRS` (every
    region's (α, β)); for ``on="tradeoff"`` a trade-off function of :data:`TRADEOFF_FUNCTIONS` (the exact
    function, on all of [0, 1])."""

    bound: str
    side: str
    errors: str
    on: str = "tests"

    def __post_init__(self) -> None:
        if self.bound not in EXPRESSIONS:
            raise invalid("bound", self.bound, f"not one of {sorted(EXPRESSIONS)}")
        if self.side not in ("lower", "upper"):
            raise invalid("side", self.side, "not one of ['lower', 'upper']")
        if self.on not in ("tests", "tradeoff"):
            raise invalid("on", self.on, "not one of ['tests', 'tradeoff']")
        known = ERROR_PAIRS if self.on == "tests" else TRADEOFF_FUNCTIONS
        if self.errors not in known:
            raise invalid("errors", self.errors, f"for on={self.on!r}, not one of {sorted(known)}")

    @property
    def kind(self) -> str:
        """``"max"`` or ``"min"``: how the bound's linear pieces combine."""
        return EXPRESSIONS[self.bound].kind

    def text(self) -> str:
        return f"{'beta >=' if self.side == 'lower' else 'beta <='} {self.bound}(alpha), errors {self.errors}"


@dataclass(frozen=True)
class TradeoffStatement:
    """Statement 2 of a theorem: ``bounds`` for every pair (x, x') that the definition ``pairs`` (a reading
    of :mod:`numeric.definitions.ldp`) ranges over, on the tests of one use of the mechanism or of its
    two-fold composition (``composed``), with the Definition 3.17 errors of the reading ``errors`` (003, or
    000's)."""

    bounds: tuple[TradeoffBound, ...]
    pairs: str
    composed: bool = False
    errors: str = testing.ERRORS_317.name

    def __post_init__(self) -> None:
        object.__setattr__(self, "bounds", tuple(self.bounds))
        if not self.bounds or not all(isinstance(b, TradeoffBound) for b in self.bounds):
            raise invalid("bounds", self.bounds, "a statement is a non-empty tuple of Bound")
        if self.pairs not in STATEMENT_PAIRS:
            raise invalid("pairs", self.pairs, "the pairs of a definition: 'SLDP', 'WLDP' or 'WLDP: distinct pairs'")
        if self.errors not in _ERRORS:
            raise invalid("errors", self.errors, f"not one of {list(_ERRORS)}")

    def text(self) -> list[str]:
        return [b.text() for b in self.bounds]


@dataclass(frozen=True, eq=False)
class TradeoffCase:
    """A two-input mechanism (inputs "x", "x'") with its label; ``tested`` is the mechanism whose pairs
    statement 2 is about when it differs (the appendix's mass table of Q_2x3 squared, the rows as
    probabilities on messages)."""

    label: str
    mechanism: Mechanism
    tested: Mechanism | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.label, str) or not self.label:
            raise invalid("label", self.label, "a case is named")
        for name in ("mechanism", "tested"):
            value = getattr(self, name)
            if value is not None and not isinstance(value, Mechanism):
                raise invalid(name, value, "not a Mechanism")

    @property
    def statement_mechanism(self) -> Mechanism:
        """The mechanism whose pairs statement 2 is about."""
        return self.tested or self.mechanism

    def to_json(self) -> dict:
        return {"mechanism": self.label, "m_x": self.mechanism["x"].to_json(), "m_x'": self.mechanism["x'"].to_json()}


#: Ratios already computed, by mechanism (weak keys: a mechanism's entry goes with it) and notion.
_RATIOS: weakref.WeakKeyDictionary[Mechanism, dict[str, Any]] = weakref.WeakKeyDictionary()


def _finite(value: NumberLike) -> Fraction | float:
    """A ratio of :mod:`numeric.definitions` as a Fraction, or ``math.inf`` (the definitions return sympy.oo)."""
    return math.inf if value == math.inf else Fraction(value)


@dataclass(frozen=True)
class Privacy:
    """A privacy notion as the claims use it: ``"SLDP"``, a WLDP reading (``"WLDP"``, ``"WLDP: distinct
    pairs"``) or ``"bel/pl"`` (the condition bel_x(E) <= e^ε pl_x'(E) of the corrected Theorem 3.18, over the
    pairs of the primary WLDP reading). ``ratio(Q)`` = e^{loss} (exact, or ``math.inf``) is read from
    :mod:`numeric.definitions` and remembered per mechanism; ``holds(Q, r)`` is ratio(Q) <= r, which is how
    :func:`numeric.definitions.ldp.is_private` reads ε-privacy."""

    name: str

    def __post_init__(self) -> None:
        if self.name not in ("SLDP", "bel/pl", *(r for r in ldp.LOSSES if ldp.loss(r).reading.notion == "WLDP")):
            raise invalid("privacy", self.name, "not one of ['SLDP', 'WLDP', 'WLDP: distinct pairs', 'bel/pl']")

    @property
    def reading(self) -> str:
        """The notion in words, for a report."""
        return "bel/pl ratio over the pairs of WLDP" if self.name == "bel/pl" else self.name

    def _compute(self, mechanism: Mechanism) -> Fraction | float:
        if self.name == "SLDP":
            return _finite(ldp.sldp_ratio(mechanism))
        if self.name == "bel/pl":
            return testing.bel_pl_ratio(mechanism, "WLDP")
        return _finite(ldp.wldp_ratio(mechanism, self.name))

    def ratio(self, mechanism: Mechanism) -> Fraction | float:
        known = _RATIOS.setdefault(mechanism, {})
        if self.name not in known:
            known[self.name] = self._compute(mechanism)
        return known[self.name]

    def holds(self, mechanism: Mechanism, r: Fraction) -> bool:
        return self.ratio(mechanism) <= r


@lru_cache(maxsize=None)
def privacy(name: str) -> Privacy:
    """The notion called ``name`` (see :class:`Privacy`)."""
    return Privacy(name)


class Shown(Mapping[str, Any]):
    """A point of a check read as the mapping a report shows: the entries of its ``shown``."""

    shown: Mapping[str, Any]

    def __getitem__(self, key: str) -> Any:
        return self.shown[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.shown)

    def __len__(self) -> int:
        return len(self.shown)
