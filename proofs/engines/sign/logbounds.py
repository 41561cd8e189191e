"""Conditions that mix ε with ``exp(ε)``, decided on the whole domain by certified bounds on the logarithm.

A comparison such as "the piecewise mechanism beats the Laplace mechanism for every ε" (Wang et al. 2019,
"Collecting and analyzing multidimensional data with local differential privacy", ICDE) sets Laplace's
variance ``8/ε²`` against PM's worst case, a rational function of ``e^{ε/2}``: ε occurs inside and outside
``exp``, so no monotone substitution makes it polynomial, and the interval decider cannot close an unbounded ε.

The method, every step a decision:

1. *Chart.* ``u = exp(ε/M)`` (``M`` a multiple of the common denominator ``L`` of the coefficients of ε inside
   ``exp``) writes every ``exp(k ε)`` as the power ``u**(k M)``; ε itself is kept as a real variable, tied to
   ``u`` by ``ε = M log u``, so the condition becomes ``F(u, ε) op 0`` with ``F`` rational.
2. *Relaxation.* ``log u`` is replaced by the set of values the certified bounds of :data:`BOUNDS` allow:
   on ``u >= 1``, ``lower(u) <= ε/M <= upper(u)`` for every bound of the rung, on ``0 < u <= 1`` the bounds
   valid there (with ``ε >= 0`` on the first half and ``ε <= 0`` on the second). Each bound holds for the
   true ``ε = M log u``, so the true points form a subset of the relaxed domain; z3 (``QF_NRA``, complete)
   deciding ``F op 0`` on the relaxed domain (``unsat`` of its negation) therefore proves the condition on the
   stated domain. Monotonicity of ``F`` in ε is not needed: z3 decides "for every ε in the box", which covers
   a non-monotone ``F`` as well.
3. *Ladder.* A relaxation that fails (z3 finds a relaxed point where ``F op 0`` fails) says nothing about the
   stated condition: the bounds may be too loose there. The next rung adds tighter bounds and refines the
   chart (``M`` doubled: the bounds are applied to ``log u`` with ``u`` closer to 1, where they are tighter).
   When no rung proves the condition the method returns ``inconclusive`` with the relaxed points found.
4. *Window.* Where the relaxation fails only on a bounded part of the domain, :func:`window` gives a window
   ``a <= ε <= b`` of simple rationals around the relaxed point where it failed: :func:`proofs.check_sign` asks
   the bounds for ``ε <= a`` and ``ε >= b`` and the interval decider for the window (widened around each new
   failure, at most :data:`WINDOWS` times); otherwise the interval decider takes the whole domain (it refutes a
   false condition at an exact point, re-checked at two precisions).

Near ε = 0 both sides of such a comparison blow up like ``1/ε²``: a bound keeps the right order there when its
error is of higher order than the margin; the bounds used here all agree with ``log u`` to second order at
``u = 1`` (``(u² − 1)/(2u) − log u = O((u − 1)³)``), and the evidence names the rung that closed the proof.

**The bounds** (:data:`BOUNDS`), for ``u >= 1`` unless said otherwise (each reversed or restated for
``0 < u <= 1``), from the logarithmic-mean inequalities ``G <= L <= A`` (B. C. Carlson, "The logarithmic mean",
Amer. Math. Monthly 79 (1972) 615-618) and the Padé-type bounds of F. Topsøe, "Some bounds for the logarithmic
function", RGMIA Research Report Collection 7(2) (2004):

* ``2(u − 1)/(u + 1) <= log u <= (u² − 1)/(2u)`` (``L <= A`` and ``G <= L``; with ``u = √s`` the upper bound is
  ``log s <= (s − 1)/√s``);
* ``3(u² − 1)/(u² + 4u + 1) <= log u`` (Padé (2, 2) at 1) and ``log u <= (u − 1)(u + 5)/(2(2u + 1))`` (tighter
  than ``(u² − 1)/(2u)`` near 1, looser for large ``u``; both are kept: the relaxation takes the smaller).

None is taken on trust: :func:`prove_bound` proves each one on its half-line before it is used (``d(u) = log u −
b(u)`` vanishes at ``u = 1`` exactly, and the sign of ``d'(u)``, a rational function, is decided by z3 on the
half-line: by the mean-value theorem ``d`` keeps the sign that makes ``b`` a lower or an upper bound), and the
evidence carries these steps (the derivative as an :class:`~proofs.kernel.steps.Identity`, the value at 1 as an
:class:`~proofs.kernel.steps.ExactValue`, z3's queries in its record) beside the relaxed decision's queries.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import reduce
from math import lcm
from typing import Any

import sympy
import z3

from core.errors import InvalidArgument
from proofs.engines.sign.limits import Deadline, TimeUp
from proofs.engines.sign.parse import Condition, Statement
from proofs.engines.sign.polynomial import decide_polynomial_condition
from proofs.engines.sign.problem import NotPolynomial, SignProblem
from proofs.engines.sign.reduce import exp_atoms, linear_terms
from proofs.engines.sign.solver import Undecided
from proofs.kernel.record import Transcript
from proofs.kernel.steps import ExactValue, Identity, Stated, Step

__all__ = ["LogBound", "BOUNDS", "RUNGS", "SHARE", "WINDOWS", "window", "Rung", "ProvedBound", "prove_bound",
           "LogBoundsDecision", "decide_log_bounds", "mixed_symbol"]

#: The chart's variable in the bounds (``u = exp(ε/M)``).
U = sympy.Symbol("u", positive=True)
_ABOVE, _BELOW = "u >= 1", "0 < u <= 1"


@dataclass(frozen=True)
class LogBound:
    """``log u >= expr`` (``kind="lower"``) or ``log u <= expr`` (``"upper"``) for ``u`` on ``half`` (``"u >= 1"``
    or ``"0 < u <= 1"``), of order ``order`` in the ladder, with its source."""

    name: str
    expr: sympy.Expr
    kind: str
    half: str
    order: int
    source: str

    def __post_init__(self) -> None:
        if self.kind not in ("lower", "upper") or self.half not in (_ABOVE, _BELOW):
            raise ValueError(f"a log bound is lower/upper on {_ABOVE!r} or {_BELOW!r}, not {self.kind}/{self.half}")
        if self.expr.free_symbols - {U}:
            raise ValueError(f"a log bound is a function of u alone, not {self.expr}")

    @property
    def text(self) -> str:
        return f"log(u) {'>=' if self.kind == 'lower' else '<='} {self.expr} for {self.half}"


_CARLSON = "Carlson, The logarithmic mean, Amer. Math. Monthly 79 (1972)"
_TOPSOE = "Topsøe, Some bounds for the logarithmic function, RGMIA Res. Rep. Coll. 7(2) (2004)"
_AM = 2 * (U - 1) / (U + 1)                                    # L <= A
_GM = (U**2 - 1) / (2 * U)                                     # G <= L
_PADE22 = 3 * (U**2 - 1) / (U**2 + 4 * U + 1)
_TOPSOE_UPPER = (U - 1) * (U + 5) / (2 * (2 * U + 1))

#: The bounds of the ladder (each proved by :func:`prove_bound` before use).
BOUNDS: tuple[LogBound, ...] = (
    LogBound("L <= A", _AM, "lower", _ABOVE, 1, _CARLSON),
    LogBound("G <= L", _GM, "upper", _ABOVE, 1, _CARLSON),
    LogBound("G <= L", _GM, "lower", _BELOW, 1, _CARLSON),
    LogBound("L <= A", _AM, "upper", _BELOW, 1, _CARLSON),
    LogBound("Padé (2,2)", _PADE22, "lower", _ABOVE, 2, _TOPSOE),
    LogBound("Padé (2,2)", _PADE22, "upper", _BELOW, 2, _TOPSOE),
    LogBound("Topsøe", _TOPSOE_UPPER, "upper", _ABOVE, 2, _TOPSOE),
    LogBound("Topsøe", _TOPSOE_UPPER, "upper", _BELOW, 2, _TOPSOE),
)


@dataclass(frozen=True)
class Rung:
    """One rung of the ladder: the chart ``u = exp(ε/(refine*L))`` and the bounds up to ``order``."""

    refine: int
    order: int

    @property
    def text(self) -> str:
        return f"u = exp(eps/({self.refine}L)), bounds of order <= {self.order}"


#: The ladder, loosest (smallest polynomials) first.
RUNGS = (Rung(2, 1), Rung(2, 2), Rung(4, 2))
#: The share of the time left that the ladder may take (z3 may spend it all on a relaxation it cannot decide).
SHARE = 0.5
#: Most windows tried where the relaxation fails only on a bounded part (each widened around the new failure).
WINDOWS = 3


@dataclass
class ProvedBound:
    """A bound and the outcome of its proof, with the steps and the record of z3's queries."""

    bound: LogBound
    outcome: str
    steps: tuple[Step, ...] = ()
    transcript: Transcript = field(default_factory=Transcript)
    derivative: sympy.Expr | None = None


def prove_bound(bound: LogBound, deadline: Deadline) -> ProvedBound:
    """Prove ``bound`` on its half-line: ``d = log u − b`` is 0 at ``u = 1`` (exactly) and ``d'`` (a rational
    function, simplified by sympy) has the sign, decided by z3, that makes ``d`` keep one sign on the half-line
    (mean-value theorem): on ``u >= 1`` a lower bound needs ``d' >= 0``, an upper bound ``d' <= 0``; on
    ``0 < u <= 1`` the reverse."""
    at_one = sympy.simplify(bound.expr.subs(U, 1))
    derivative = sympy.factor(sympy.together(sympy.diff(sympy.log(U) - bound.expr, U)))
    increasing = (bound.kind == "lower") == (bound.half == _ABOVE)
    op = ">=" if increasing else "<="
    x = sympy.Symbol("u", real=True)
    plain = derivative.xreplace({U: x})
    half = [Condition(x - 1, ">=", "u >= 1")] if bound.half == _ABOVE else [
        Condition(x, ">", "u > 0"), Condition(1 - x, ">=", "u <= 1")]
    record = Transcript()
    if at_one != 0:
        return ProvedBound(bound, "refuted", transcript=record, derivative=derivative)
    decided = decide_polynomial_condition(Condition(plain, op, f"d/du(log(u) - ({bound.expr})) {op} 0"), half,
                                          deadline=deadline, transcript=record)
    outcome = decided[0] if decided is not None else "inconclusive"
    if outcome != "proved":
        return ProvedBound(bound, outcome, transcript=Transcript(), derivative=derivative)
    steps: tuple[Step, ...] = (
        ExactValue(f"the bound {bound.expr} of log(u) is 0 at u = 1, where log(u) = 0", bound.expr,
                   {"u": sympy.Integer(1)}, sympy.Integer(0)),
        Identity(f"d/du (log(u) - ({bound.expr})) = {derivative}", sympy.Derivative(sympy.log(U) - bound.expr, U),
                 derivative),
        Stated(f"{derivative} {op} 0 for {bound.half} (z3, recorded); so log(u) - ({bound.expr}) is "
               f"{'non-decreasing' if increasing else 'non-increasing'} there and 0 at u = 1 (mean-value theorem): "
               f"{bound.text} ({bound.name}, {bound.source})"),
    )
    record.argument(bound.text, f"d/du (log(u) - ({bound.expr})) = {derivative} {op} 0 on {bound.half} (z3) and "
                    "equality at u = 1 (mean-value theorem)")
    return ProvedBound(bound, "proved", steps, record, derivative)


_PROVED: dict[LogBound, ProvedBound] = {}


def _proved(bound: LogBound, deadline: Deadline) -> ProvedBound:
    """A bound's proof, made once per process (the proof does not depend on the condition)."""
    known = _PROVED.get(bound)
    if known is None:
        known = prove_bound(bound, deadline)
        if known.outcome == "proved":
            _PROVED[bound] = known
    return known


@dataclass
class LogBoundsDecision:
    """``outcome`` (``proved`` or ``inconclusive``), the figures, the steps and the record of z3's queries."""

    outcome: str
    detail: dict[str, Any]
    steps: tuple[Step, ...] = ()
    transcript: Transcript = field(default_factory=Transcript)
    #: ε and its value at the relaxed point where the finest rung failed (where to look for a window).
    symbol: sympy.Symbol | None = None
    failing: Fraction | None = None
    #: The rung that proved the condition, in words.
    rung: str = ""


def _outside(expr: sympy.Expr, s: sympy.Symbol) -> bool:
    hidden = expr.xreplace({a: sympy.Dummy() for a in exp_atoms(expr)})
    return s in hidden.free_symbols


def mixed_symbol(statement: Statement) -> tuple[sympy.Symbol, int] | None:
    """``(ε, L)``: the one symbol that occurs inside ``exp`` (as ``exp(k*ε)``, rational ``k``, alone in the
    argument) and outside it in the condition under study, with the common denominator ``L`` of its ``k``;
    ``None`` when there is no such symbol, more than one, an integer one, or an ``exp`` whose argument mixes it
    with another symbol."""
    everything = [statement.target, *statement.domain]
    scales: dict[sympy.Symbol, set[int]] = {}
    for condition in everything:
        for atom in exp_atoms(condition.expr):
            terms = linear_terms(atom.exp if atom.func is sympy.Pow else atom.args[0])
            if terms is None:
                return None
            for s, k in terms.items():
                scales.setdefault(s, set()).add(int(k.q))
    mixed = [s for s in scales if _outside(statement.target.expr, s)]
    if len(mixed) != 1 or mixed[0].name in statement.integers:
        return None
    (x,) = mixed
    for condition in everything:
        for atom in exp_atoms(condition.expr):
            terms = linear_terms(atom.exp if atom.func is sympy.Pow else atom.args[0]) or {}
            if x in terms and len(terms) > 1:
                return None
    return x, reduce(lcm, scales[x], 1)


def _chart(statement: Statement, x: sympy.Symbol, scale: int) -> tuple[sympy.Symbol, list[Condition], Condition]:
    """``u`` and the statement with every ``exp(k*x)`` written ``u**(k*scale)`` (``x`` kept as itself)."""
    taken = {s.name for c in (statement.target, *statement.domain) for s in c.expr.free_symbols}
    name = f"exp_{x.name}_{scale}"
    while name in taken:
        name += "_"
    u = sympy.Symbol(name, real=True)

    def swap(expr: sympy.Expr) -> sympy.Expr:
        table = {}
        for atom in exp_atoms(expr):
            terms = linear_terms(atom.exp if atom.func is sympy.Pow else atom.args[0]) or {}
            if set(terms) == {x}:
                table[atom] = u ** int(terms[x] * scale)
        return expr.xreplace(table) if table else expr

    target = Condition(swap(statement.target.expr), statement.target.op, statement.target.text)
    domain = [Condition(swap(c.expr), c.op, c.text) for c in statement.domain]
    return u, domain, target


def _relaxed_domain(domain: list[Condition], x: sympy.Symbol, u: sympy.Symbol, scale: int, half: str,
                    bounds: list[LogBound]) -> list[Condition]:
    """The domain with the half (``u >= 1``, ``x >= 0`` or ``0 < u <= 1``, ``x <= 0``) and every bound on it."""
    shown = sympy.exp(x / scale)
    if half == _ABOVE:
        extra = [Condition(u - 1, ">=", f"{shown} >= 1"), Condition(x, ">=", f"{x} >= 0")]
    else:
        extra = [Condition(u, ">", f"{shown} > 0"), Condition(1 - u, ">=", f"{shown} <= 1"),
                 Condition(-x, ">=", f"{x} <= 0")]
    for bound in bounds:
        b = bound.expr.xreplace({U: u})
        gap = x / scale - b if bound.kind == "lower" else b - x / scale
        extra.append(Condition(gap, ">=", f"{x}/{scale} = log({shown}) {'>=' if bound.kind == 'lower' else '<='} "
                               f"{b} ({bound.name})"))
    return domain + extra


def _value(model: z3.ModelRef, var: z3.ArithRef) -> Fraction | None:
    """A variable's value in z3's model as a rational (an algebraic value to 20 decimals): where to look only."""
    value = model.eval(var, model_completion=True)
    if z3.is_rational_value(value):
        return Fraction(value.as_fraction())
    if z3.is_algebraic_value(value):
        return Fraction(value.approx(20).as_fraction())
    return None


def _decide_half(target: Condition, domain: list[Condition], integers: frozenset[str], deadline: Deadline,
                 record: Transcript, x: sympy.Symbol) -> tuple[str, str, list[str], Fraction | None]:
    """``(outcome, what z3 said, reductions, x at the failing point)`` of the relaxed condition on one half:
    ``proved`` (unsat of the negation), ``fails`` (a relaxed point where it fails: nothing is concluded) or
    ``inconclusive``."""
    own = Transcript()
    try:
        problem = SignProblem.build(target, domain, integers=integers, deadline=deadline, transcript=own)
        empty = problem.ask([], {"unsat": "the relaxed domain has no point on this half",
                                 "sat": "the relaxed domain has a point on this half"})
        if empty.result == "unsat":
            record.extend(own)
            said = "z3: unsat (no point of the relaxed domain, so none of the stated one, lies here)"
            return "proved", said, [], None
        polynomial, reasons = problem.polynomial_target()
        stated = f"{polynomial} {target.op} 0"
        answer = problem.ask([problem.fails(polynomial)], {"unsat": f"no relaxed point violates {stated}",
                                                           "sat": f"a relaxed point violates {stated}"})
    except (NotPolynomial, Undecided) as refusal:
        return "inconclusive", str(refusal), [], None
    except InvalidArgument as refusal:        # the relaxed domain reaches points the stated one does not
        return "inconclusive", f"the relaxation is not decidable as stated: {refusal}", [], None
    if answer.result == "unsat":
        record.extend(own)
        return "proved", f"z3: unsat (no relaxed point violates {stated})", problem.notes + reasons, None
    if answer.result == "sat" and answer.model is not None:
        model = answer.model
        where = {str(v): str(model.eval(z, model_completion=True)) for v, z in problem.variables.items()}
        at = _value(model, problem.variables[x]) if x in problem.variables else None
        return "fails", f"z3: sat, the relaxed condition {stated} fails at {where}", [], at
    return "inconclusive", f"z3: {answer.result} ({answer.reason})", [], None


def decide_log_bounds(statement: Statement, deadline: Deadline, share: float = SHARE) -> LogBoundsDecision | None:
    """Decide a condition that mixes ε with ``exp(ε)`` (see the module docstring) within :data:`SHARE` of what
    is left of ``deadline`` (the interval decider that takes over when it fails gets the rest); ``None`` when the
    method does not apply (no such ε)."""
    found = mixed_symbol(statement)
    if found is None:
        return None
    own = deadline.within(deadline.left() * share)
    tried: list[str] = []
    try:
        return _ladder(statement, *found, own, tried)
    except TimeUp as late:
        return LogBoundsDecision("inconclusive", {"log bounds": f"its share of the time ({round(own.seconds, 3)} s) "
                                                  f"passed before {late.step}", "rungs tried": tried},
                                 symbol=found[0])


def _ladder(statement: Statement, x: sympy.Symbol, scale: int, deadline: Deadline,
            tried: list[str]) -> LogBoundsDecision:
    """The rungs of :data:`RUNGS` in turn, until one proves the condition (what each found goes to ``tried``)."""
    for rung in RUNGS:
        deadline.check("the log-bound relaxation")
        chart = scale * rung.refine
        u, domain, target = _chart(statement, x, chart)
        proofs = [_proved(b, deadline) for b in BOUNDS if b.order <= rung.order]
        unproved = [p.bound.text for p in proofs if p.outcome != "proved"]
        if unproved:
            tried.append(f"{rung.text}: bounds not proved: {unproved}")
            continue
        record = Transcript()
        halves: list[str] = []
        reductions: list[str] = []
        outcome, failing = "proved", None
        for half in (_ABOVE, _BELOW):
            bounds = [p.bound for p in proofs if p.bound.half == half]
            relaxed = _relaxed_domain(domain, x, u, chart, half, bounds)
            result, said, reasons, failing = _decide_half(target, relaxed, statement.integers, deadline, record, x)
            label = half.replace("u", str(sympy.exp(x / chart)))
            halves.append(f"{label}: {said}")
            reductions += [f"{label}: {r}" for r in reasons]
            if result != "proved":
                outcome = result
                break
        if outcome == "proved":
            used = list(proofs)
            for p in used:
                record.extend(p.transcript)
            detail: dict[str, Any] = {
                "method": (f"certified bounds on the logarithm: exp(k*{x}) -> {u}**(k*{chart}) with {x} = "
                           f"{chart}*log({u}) relaxed to the bounds below; z3 decides the relaxed polynomial condition "
                           "(its points contain every point of the stated domain)"),
                "chart": f"{u} = {sympy.exp(x / chart)} ({x} = {chart}*log({u}))",
                "log bounds used": [f"{p.bound.text} ({p.bound.name}; {p.bound.source}): proved, "
                                    f"d/du(log(u) - bound) = {p.derivative}" for p in used],
                "rung": rung.text,
                "halves": halves,
                "rungs tried before": tried,
                "reductions": [f"exp(k*{x}) -> {u}**(k*{chart})", *reductions],
                **record.detail(),
            }
            steps = tuple(s for p in used for s in p.steps) + (Stated(
                f"every point of the stated domain satisfies the relaxed constraints ({x} = {chart}*log({u}) and the "
                f"bounds above), so the relaxed condition decided by z3 on each half holds at every point of the "
                "stated domain"),)
            return LogBoundsDecision("proved", detail, steps, record, symbol=x, rung=rung.text)
        tried.append(f"{rung.text}: {halves[-1]}")
    return LogBoundsDecision("inconclusive", {"log bounds": "no rung of the ladder proved the relaxed condition "
                                              "(a relaxed point where it fails says nothing about the stated "
                                              "condition)", "rungs tried": tried}, symbol=x, failing=failing)


def _power_of_two(value: Fraction, up: bool) -> Fraction:
    """The power of 2 nearest ``value > 0`` from below (``up=False``) or above."""
    power = Fraction(1)
    while power > value:
        power /= 2
    while power * 2 <= value:
        power *= 2
    return power * 2 if up and power < value else power


def window(at: Fraction, around: tuple[Fraction, Fraction] | None = None) -> tuple[Fraction, Fraction] | None:
    """A window ``[a, b]`` of simple rationals (powers of 2, or their negatives) holding ``[at/2, 2*at]`` (for
    ``at > 0``; ``[2*at, at/2]`` for ``at < 0``) and the window ``around`` if given: where the relaxation failed
    at ``at``, the interval decider is asked for ``[a, b]`` and the bounds for the rest. ``None`` at ``at = 0``
    (the bounds are exact to first order there: no window of the kind helps)."""
    if at == 0:
        return None
    if at > 0:
        a, b = _power_of_two(at / 2, up=False), _power_of_two(2 * at, up=True)
    else:
        a, b = -_power_of_two(-2 * at, up=True), -_power_of_two(-at / 2, up=False)
    if around is not None:
        a, b = min(a, around[0]), max(b, around[1])
    return a, b
