"""The errors of tests and the trade-off functions of Definition 3.17: their one definition, each reading
named once beside the exact function that computes it.

Sources: 003 §3.1 (the text before Theorem 3.5), §3.2 (the text before Definition 3.17, Definition 3.17),
``003_c07100d0f17e2eef.txt``; 000 §3.2 (the same definitions with all four errors under x'),
``000_15dfbb6255c67df8.txt``.

H0: the input is x, H1: the input is x'. A test is φ : Y → [0, 1] (a mapping label -> value); a region
R ⊆ Y (any iterable of labels) stands for its indicator. P_x is the credal set of bel_x. The four
expectations, upper/lower Choquet integrals (:class:`numeric.tradeoff.TestingProblem`), are

=============================  ===========================  =======================================
error                          of a region R                the readings that use it
=============================  ===========================  =======================================
sup_{P_x} E(φ)                 pl_x(R)                      α_φ (Theorem 3.5), α^pe (Definition 3.17)
inf_{P_x} E(φ)                 bel_x(R)                     α^op; the interval reading's lower α
1 - inf_{P_x'} E(φ)            pl_x'(R^c) = 1 - bel_x'(R)   β_φ (Theorem 3.5), β^pe = sup_{P_x'} E(1-φ)
inf_{P_x'} E(1 - φ)            bel_x'(R^c) = 1 - pl_x'(R)   β^op; the interval reading's lower β
=============================  ===========================  =======================================

Readings registered here (``Claim.definitions`` names them; exactly one primary per notion):

* notion *SLDP test errors*: ``T3.5 errors`` (primary, as printed before Theorem 3.5: the pair
  (sup_{P_x} E φ, 1 - inf_{P_x'} E φ)) and ``T3.5 errors: interval`` (the appendix proof's reading: α and
  β the intervals [inf, sup] over the credal sets), by :func:`sldp_errors`, :func:`sldp_interval_errors`;
* notion *Definition 3.17 errors*: ``Definition 3.17 errors`` (primary, 003: α's under x, β's under x')
  and ``Definition 3.17 errors@000`` (000: all four under x', which makes every error a function of
  Q(x') alone), by :func:`pessimistic_errors`, :func:`optimistic_errors`;
* notion *T^pe*: ``T^pe`` = inf{β^pe_φ : α^pe_φ ≤ α} (primary, as printed), by :func:`tradeoff_pe`;
* notion *T^op*: ``T^op: as printed`` = sup{β^op_φ : α^op_φ ≤ α} (primary), identically 1 (the test
  φ ≡ 0 has α^op = 0, β^op = 1); ``T^op: repaired`` = sup{β^op_φ : α^op_φ ≥ α}, the upper edge of the
  optimistic region (Definition 3.17 with ≤ changed into ≥: the correction of the claims that use T^op,
  never a reading of them); ``T^op: inf`` = inf{β^op_φ : α^op_φ ≤ α}, at most 1 - α (the constant test
  φ ≡ α; sup changed into inf, checked beside), by :func:`tradeoff_op`.

**Printed means printed.** A statement, or a definition it uses, is read as printed whenever it is
well-formed. Readings resolve genuine ambiguity or malformation only (a missing symbol, an undefined name,
two texts of the paper that disagree); they never repair a well-formed text that is wrong or degenerate. A
repair is a *correction*, with its own evidence, and the claim's status is that of the printed text.

Definition 3.17 prints T^op(α) := sup{β^op_φ : α^op_φ ≤ α}: well-formed, unambiguous and degenerate (the
test φ ≡ 0 gives T^op ≡ 1), so Theorem 3.18's bound T^op ≤ f^op_ε fails for every mechanism (f^op_ε(α) < 1
for α > 0), statement 2 of the theorem never holds, and Corollary 3.19's T_2^op ≡ 1 too. ``T^op: as
printed`` is therefore the primary reading, and the claims report those findings. That the proof of the
theorem ("Assume pl_x(R^c) ≥ α ...") bounds the type II error of tests constrained from below, and that
Figure 4 draws T^op decreasing from (0, 1) to (1, 0), is the evidence for the *repair* ``T^op: repaired``
(sup over α^op ≥ α): the claims carry it as their correction, each with its own evidence.

The readings that remain genuine readings, and why: ``T3.5 errors: interval`` is how the appendix proof
of Theorem 3.5 pairs the errors (the proof and the statement disagree, so both are checked; the statement
is primary); ``Definition 3.17 errors@000`` is the other version of the paper (000), which defines all four
errors under x'. ``T^op: inf`` is not a reading of the text (it changes the printed sup): it is checked
beside the printed definition to show what that change would give, and never enters a verdict.

Exactness: every function is exact for exact rows. Over randomized tests the pairs of errors are the
convex combinations of the pairs of the regions of one chain ∅ ⊆ R_1 ⊆ ... ⊆ Y (the level sets of φ;
Choquet integrals are additive on comonotone functions). T^pe is the lower convex envelope of the
region points and ``T^op: repaired`` the upper one: the envelopes' edges join nested regions because pl is
2-alternating and bel 2-monotone (for regions A, B on a supporting line, A ∩ B and A ∪ B lie on it too,
with type I errors outside [α_A, α_B]). ``T^op: inf`` has no such lattice property and is computed
chain by chain (:meth:`numeric.tradeoff.TestingProblem.tradeoff_op`).

The coarsening to one region (:func:`region_constraints`): for a pair (x, x') and a region R put
a1 = bel_x(R), b1 = bel_x(R^c), a2 = bel_x'(R), b2 = bel_x'(R^c) (so the mass of focal sets meeting both
R and R^c is 1 - a - b). Every error of the region is one of a, b, 1 - a, 1 - b, and the definitions
restricted to the events R, R^c (WLDP) or to the three groups of focal sets (SLDP, sums of masses) are
inequalities in these four numbers and r = e^ε. They are implied by the definition for every
mechanism, and they *are* the definition for the two-label mechanism with masses {R}: a, {R^c}: b,
{R, R^c}: 1 - a - b (:func:`realize`), which the unit tests check against :mod:`numeric.definitions.ldp`.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.errors import invalid
from core.types import NumberLike, Values
from numeric.belief import MassFunction
from numeric.definitions import ldp
from numeric.definitions.registry import Reading, register
from numeric.mechanisms import Mechanism
from numeric.tradeoff import TestErrors, TestingProblem
from numeric.tradeoff_bounds import R
from numeric.tradeoff_pl import PiecewiseLinear

__all__ = [
    "SLDP_ERRORS", "SLDP_ERRORS_INTERVAL", "ERRORS_317", "ERRORS_000", "T_PE", "T_OP_PRINTED", "T_OP_REPAIRED",
    "T_OP_INF", "T_OP_READINGS", "sldp_errors", "sldp_interval_errors", "errors_problem", "pessimistic_errors",
    "optimistic_errors", "tradeoff_pe", "tradeoff_op", "bel_pl_ratio", "REGION_VARIABLES", "A1", "B1", "A2", "B2",
    "RegionTerm", "region_term", "region_constraints", "realize",
]

SLDP_ERRORS = register(Reading(
    name="T3.5 errors", notion="SLDP test errors", source="003 §3.1 before Theorem 3.5", primary=True,
    text=(r"$\alpha_\varphi$ = sup over $P_x$ of $\mathbb{E}(\varphi)$, $\beta_\varphi$ = 1 - inf over $P_{x'}$ of "
          r"$\mathbb{E}(\varphi)$; for a region $R$: $(pl_x(R), pl_{x'}(R^c))$"),
))

SLDP_ERRORS_INTERVAL = register(Reading(
    name="T3.5 errors: interval", notion="SLDP test errors", source="003 appendix, proof of Theorem 3.5",
    text=(r"$\alpha$ and $\beta$ the intervals [inf, sup] over the credal sets: $[bel_x(R), pl_x(R)]$ and "
          r"$[bel_{x'}(R^c), pl_{x'}(R^c)]$; '$\alpha \in [l, L]$' means the whole interval lies in $[l, L]$"),
))

ERRORS_317 = register(Reading(
    name="Definition 3.17 errors", notion="Definition 3.17 errors", source="003 §3.2 before Definition 3.17",
    primary=True,
    text=(r"$\alpha^{pe}$ = sup over $P_x$ of $\mathbb{E}(\varphi)$, $\beta^{pe}$ = sup over $P_{x'}$ of "
          r"$\mathbb{E}(1 - \varphi)$, $\alpha^{op}$ = inf over $P_x$ of $\mathbb{E}(\varphi)$, $\beta^{op}$ = inf "
          r"over $P_{x'}$ of $\mathbb{E}(1 - \varphi)$"),
))

ERRORS_000 = register(Reading(
    name="Definition 3.17 errors@000", notion="Definition 3.17 errors", source="000 §3.2 before Definition 3.17",
    text=("as Definition 3.17 errors but all four under $x'$ (sup/inf over $P_{x'}$): the errors of $Q(x')$ against "
          "itself"),
))

T_PE = register(Reading(
    name="T^pe", notion="T^pe", source="003 Definition 3.17", primary=True,
    text=(r"$T^{pe}(\alpha) = \inf\{\beta^{pe}(\varphi) : \alpha^{pe}(\varphi) \le \alpha\}$ over tests $\varphi: Y "
          r"\to [0, 1]$: the lower convex envelope of the region points $(pl_x(R), pl_{x'}(R^c))$, made "
          "non-increasing"),
))

T_OP_PRINTED = register(Reading(
    name="T^op: as printed", notion="T^op", source="003 Definition 3.17", primary=True,
    text=r"$T^{op}(\alpha) = \sup\{\beta^{op}_\varphi : \alpha^{op}_\varphi \le \alpha\}$ as printed: identically 1 "
         r"(the test $\varphi \equiv 0$ has $\alpha^{op} = 0$ and $\beta^{op} = 1$)",
))

T_OP_REPAIRED = register(Reading(
    name="T^op: repaired", notion="T^op", source="003 Definition 3.17 with ≤ changed into ≥ (its proof, Figure 4)",
    text=r"a repair, not a reading: $T^{op}(\alpha) = \sup\{\beta^{op}_\varphi : \alpha^{op}_\varphi \ge \alpha\}$, "
         r"the upper edge of the optimistic region (the upper concave envelope of the points "
         r"$(bel_x(R), bel_{x'}(R^c))$ made non-increasing); the corrections of the claims that use $T^{op}$ are "
         r"stated with it",
))

T_OP_INF = register(Reading(
    name="T^op: inf", notion="T^op", source="003 Definition 3.17 with sup changed into inf",
    text=r"checked beside the printed definition, not a reading of it: $T^{op}(\alpha) = \inf\{\beta^{op}_\varphi : "
         r"\alpha^{op}_\varphi \le \alpha\}$, the lower edge of the optimistic region, at most $1 - \alpha$ (the "
         r"constant test $\varphi \equiv \alpha$)",
))

#: The readings of T^op by name -> the name :meth:`numeric.tradeoff.TestingProblem.tradeoff_op` uses.
T_OP_READINGS = {T_OP_PRINTED.name: "printed", T_OP_REPAIRED.name: "upper-boundary", T_OP_INF.name: "inf"}


# --- errors of one test ---------------------------------------------------------------------------------------
def _test_errors(problem: TestingProblem, test: Mapping[Hashable, NumberLike] | Iterable[Hashable]) -> TestErrors:
    """The four errors (:class:`numeric.tradeoff.TestErrors`) of a test φ (a mapping) or a region."""
    if isinstance(test, Mapping):
        return problem.errors_randomized(test)
    region = frozenset(test)
    unknown = [y for y in region if y not in problem.frame]
    if unknown:
        raise invalid("region", sorted(map(str, region)), f"labels {unknown} are outside the frame {list(problem.frame)}")
    return problem.errors(region)


def sldp_errors(problem: TestingProblem, test: Mapping[Hashable, NumberLike] | Iterable[Hashable]) -> tuple[Any, Any]:
    """``T3.5 errors`` (primary): (α_φ, β_φ) = (sup_{P_x} E φ, 1 - inf_{P_x'} E φ); for a region R this is
    (pl_x(R), pl_x'(R^c)). ``problem`` is a :class:`numeric.tradeoff.TestingProblem` (x against x')."""
    errors = _test_errors(problem, test)
    return errors.alpha_upper, errors.beta_upper


def sldp_interval_errors(problem: TestingProblem, test: Mapping[Hashable, NumberLike] | Iterable[Hashable]) -> tuple[tuple, tuple]:
    """``T3.5 errors: interval``: ((inf_{P_x} E φ, sup_{P_x} E φ), (inf_{P_x'} E(1-φ), sup_{P_x'} E(1-φ)))."""
    errors = _test_errors(problem, test)
    return (errors.alpha_lower, errors.alpha_upper), (errors.beta_lower, errors.beta_upper)


def errors_problem(problem: TestingProblem, errors: str = ERRORS_317.name) -> TestingProblem:
    """The testing problem whose Definition 3.17 errors are those of the reading ``errors``: ``problem``
    itself (003), or Q(x') against Q(x') (000, every error under x')."""
    if errors == ERRORS_317.name:
        return problem
    if errors == ERRORS_000.name:
        return TestingProblem(problem.alternative, problem.alternative)
    raise invalid("errors", errors, f"not one of {[ERRORS_317.name, ERRORS_000.name]}")


def pessimistic_errors(problem: TestingProblem, test: Mapping[Hashable, NumberLike] | Iterable[Hashable], *,
                       errors: str = ERRORS_317.name) -> tuple[Any, Any]:
    """(α^pe_φ, β^pe_φ) = (sup_{P_x} E φ, sup_{P_x'} E(1-φ)) (Definition 3.17; ``errors`` names the reading)."""
    found = _test_errors(errors_problem(problem, errors), test)
    return found.alpha_upper, found.beta_upper


def optimistic_errors(problem: TestingProblem, test: Mapping[Hashable, NumberLike] | Iterable[Hashable], *,
                      errors: str = ERRORS_317.name) -> tuple[Any, Any]:
    """(α^op_φ, β^op_φ) = (inf_{P_x} E φ, inf_{P_x'} E(1-φ)) (Definition 3.17; ``errors`` names the reading)."""
    found = _test_errors(errors_problem(problem, errors), test)
    return found.alpha_lower, found.beta_lower


# --- trade-off functions ------------------------------------------------------------------------------------
def tradeoff_pe(problem: TestingProblem, *, errors: str = ERRORS_317.name) -> PiecewiseLinear:
    """``T^pe`` of Definition 3.17, exact (a :class:`numeric.tradeoff_pl.PiecewiseLinear` on [0, 1])."""
    return errors_problem(problem, errors).tradeoff_pe()


def tradeoff_op(problem: TestingProblem, reading: str = T_OP_PRINTED.name, *,
                errors: str = ERRORS_317.name) -> PiecewiseLinear:
    """T^op of Definition 3.17 under ``reading`` (one of :data:`T_OP_READINGS`), exact."""
    if reading not in T_OP_READINGS:
        raise invalid("reading", reading, f"not one of {sorted(T_OP_READINGS)}")
    return errors_problem(problem, errors).tradeoff_op(T_OP_READINGS[reading])


def bel_pl_ratio(mechanism: Mechanism, reading: str = "WLDP") -> Fraction | float:
    """max over the pairs (x, x') of the WLDP ``reading`` and the events E of bel_x(E) / pl_x'(E) (0/0 places
    no constraint, c/0 = ∞), exact: the smallest e^ε at which statement 2 of Theorem 3.18 holds with
    ``T^op: repaired`` (the correction of the theorem in :mod:`catalog.claims.testing_wldp`). At least 1 (E = Y)."""
    best = Fraction(1)
    for x, x_prime in ldp.wldp_pairs(mechanism, reading):
        if not (mechanism[x].exact and mechanism[x_prime].exact):
            raise invalid("mechanism", mechanism, "bel_pl_ratio is exact: give exact masses")
        top, bottom = mechanism[x], mechanism[x_prime]
        for belief, plausibility in zip(top.raw("bel").tolist(), bottom.raw("pl").tolist()):
            if plausibility == 0:
                if belief != 0:
                    return math.inf
                continue
            value = Fraction(int(belief) * bottom.denominator, int(plausibility) * top.denominator)
            best = max(best, value)
    return best


# --- the coarsening of a pair to one region -----------------------------------------------------------------
#: bel_x(R), bel_x(R^c), bel_x'(R), bel_x'(R^c) of one pair (x, x') and one region R, as sympy symbols.
A1, B1, A2, B2 = sympy.symbols("a1 b1 a2 b2", real=True)
REGION_VARIABLES = (A1, B1, A2, B2)


@dataclass(frozen=True)
class RegionTerm:
    """A set function of one input at one event of the coarsening: ``function`` ("bel" or "pl") of input
    ``side`` (1 for x, 2 for x') at ``event`` ("R" or "R^c")."""

    function: str
    side: int
    event: str

    def __post_init__(self) -> None:
        if self.function not in ("bel", "pl") or self.side not in (1, 2) or self.event not in ("R", "R^c"):
            raise invalid("term", (self.function, self.side, self.event),
                          "a term is ('bel' or 'pl', 1 or 2, 'R' or 'R^c')")

    @property
    def expr(self) -> sympy.Expr:
        """bel(E) is the mass inside E; pl(E) = 1 - bel(E^c)."""
        inside, outside = ((A1, B1) if self.side == 1 else (A2, B2))
        here, there = (inside, outside) if self.event == "R" else (outside, inside)
        return here if self.function == "bel" else 1 - there

    def __str__(self) -> str:
        return f"{self.function}_{'x' if self.side == 1 else 'x' + chr(39)}({self.event})"


def region_term(function: str, side: int, event: str) -> sympy.Expr:
    """``function``_x(``event``) (side 1) or ``function``_x'(``event``) (side 2) in the coarsened variables."""
    return RegionTerm(function, side, event).expr


def _masses(side: int) -> tuple[sympy.Expr, sympy.Expr, sympy.Expr]:
    """The masses of the focal sets inside R, inside R^c and meeting both, for input ``side``."""
    a, b = (A1, B1) if side == 1 else (A2, B2)
    return a, b, 1 - a - b


def region_constraints(notion: str, *, reading: str | None = None, r: sympy.Expr = R) -> list[sympy.Rel]:
    """The constraints on (a1, b1, a2, b2) and ``r`` = e^ε that ``notion`` (``"simplex"``, ``"SLDP"``,
    ``"WLDP"`` or ``"bel/pl"``) places on one pair coarsened to one region (see the module docstring), as
    sympy relations in :data:`REGION_VARIABLES` and ``r`` (:data:`numeric.tradeoff_bounds.R` by default).

    ``"simplex"``: the masses are non-negative and r > 1 (ε > 0, Definitions 3.1 and 3.13). ``"SLDP"``:
    m_x(G) <= r m_x'(G) both ways for the groups G of focal sets inside R, inside R^c, meeting both.
    ``"WLDP"``: pl_x(E) <= r bel_x'(E) for E in {R, R^c} and the pairs (x, x') of the WLDP ``reading``
    (default: its primary reading) among the two inputs, read from :func:`numeric.definitions.ldp.wldp_pairs`.
    ``"bel/pl"``: bel_x(E) <= r pl_x'(E) over the same events and pairs (:func:`bel_pl_ratio`)."""
    if notion == "simplex":
        return [sympy.Ge(v, 0) for v in REGION_VARIABLES] + [sympy.Le(A1 + B1, 1), sympy.Le(A2 + B2, 1),
                                                             sympy.Gt(r, 1)]
    if notion == "SLDP":
        return [sympy.Le(mine, r * theirs) for i, j in ((1, 2), (2, 1)) for mine, theirs in zip(_masses(i), _masses(j))]
    if notion in ("WLDP", "bel/pl"):
        top, bottom = ("pl", "bel") if notion == "WLDP" else ("bel", "pl")
        return [sympy.Le(region_term(top, i, event), r * region_term(bottom, j, event))
                for i, j in _wldp_index_pairs(reading) for event in ("R", "R^c")]
    raise invalid("notion", notion, "not one of ['SLDP', 'WLDP', 'bel/pl', 'simplex']")


def _wldp_index_pairs(reading: str | None) -> list[tuple[int, int]]:
    """The pairs (x, x') that count in WLDP (``reading``) for a two-input mechanism, as indices 1 (x), 2 (x')."""
    witness = realize({"a1": Fraction(1, 2), "b1": Fraction(1, 4), "a2": Fraction(1, 4), "b2": Fraction(1, 2)})
    index = {"x": 1, "x'": 2}
    kwargs = {} if reading is None else {"reading": reading}
    return [(index[x], index[x_prime]) for x, x_prime in ldp.wldp_pairs(witness, **kwargs)]


def realize(values: Values) -> Mechanism:
    """The two-label mechanism (inputs "x", "x'", frame ("R", "R^c")) with masses {R}: a, {R^c}: b and
    {R, R^c}: 1 - a - b for each input: every point of the coarsened variables is realized by it."""
    frame = ("R", "R^c")
    rows = {}
    for name, (a, b) in (("x", ("a1", "b1")), ("x'", ("a2", "b2"))):
        mass_a, mass_b = Fraction(values[a]), Fraction(values[b])
        if mass_a < 0 or mass_b < 0 or mass_a + mass_b > 1:
            raise invalid(f"{a}, {b}", (values[a], values[b]), "coarsened masses are non-negative and sum to at most 1")
        rows[name] = MassFunction(frame, {frozenset({"R"}): mass_a, frozenset({"R^c"}): mass_b,
                                          frozenset(frame): 1 - mass_a - mass_b})
    return Mechanism(rows)
