"""Sign conditions decided exactly: ``expr op 0`` on a whole domain, proved by z3 or refuted exactly.

:func:`check_sign` is public (``from proofs import check_sign``)::

    check_sign("p - q", ["q < p"])                                  # proved
    check_sign("4*p*(1-p) - 1", ["p > 0", "p < 1"])                 # refuted at p = 1/2 (value 0)
    check_sign(f_prime, ["p > 1/2", "q >= 0", "p + q <= 1", "n >= 1"], integers=["n"])

How a condition is decided (every step is stated in the evidence):

1. ``exp``/``log`` are removed by monotone substitutions (:mod:`proofs.engines.sign.reduce`); anything else
   that is not a rational function raises :class:`~proofs.errors.InvalidArgument`;
2. each domain constraint ``N/D op 0`` becomes ``N*D op 0`` and ``D != 0`` (it is undefined where
   ``D = 0``); the expression under study is written ``N/D`` with ``D`` factored, and the sign of each
   factor of ``D`` is itself decided on the domain (a factor that can vanish there is an error: the
   expression is undefined); factors of ``N`` with a decided strict sign are dropped the same way;
3. z3 (``QF_NRA``) is asked for a domain point where the condition fails: ``unsat`` proves the
   condition on the whole domain (integer symbols are relaxed to reals, which only enlarges the set
   searched); ``sat`` gives a model that is turned into exact rationals (integers for integer symbols)
   and re-evaluated with sympy in the *original* expression and constraints before it is believed;
   ``unknown`` or a time-out is ``inconclusive``;
4. where the condition fails, :func:`holds_when` looks for the region where it holds: for an integer
   parameter the smallest ``n0`` such that it is proved for all ``n >= n0``; otherwise the first of
   the caller's candidate constraints, or a bound ``s >= t`` / ``s <= t`` on one variable found by
   exact bisection, under which it is proved.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy
import z3

from proofs.errors import invalid
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.engines.sign.parse import NEGATION, RELATIONS, Condition, parse_constraint, parse_expression, parse_sign, plain_symbols
from proofs.engines.sign.reduce import reduce_logs, require_rational, substitute_exp
from proofs.engines.sign.solver import rational_model, relation, solve, to_z3
from proofs.base.verdict import Verdict

__all__ = ["check_sign", "sign_evidence", "SignProblem"]

class _Undecided(Exception):
    """A side query (the sign of a denominator, a logarithm's argument) timed out or returned unknown."""


_SOLVER = f"z3 {z3.get_version_string()} QF_NRA (nlsat, complete for real polynomial arithmetic)"


@dataclass
class SignProblem:
    """A sign condition reduced to polynomials, ready for z3 (built by :meth:`build`)."""

    original: Condition
    original_domain: list[Condition]
    target: Condition
    domain: list[Condition]
    integers: frozenset[str]
    timeout: float
    notes: list[str]
    stands_for: dict[sympy.Symbol, sympy.Expr]
    log_arguments: list[sympy.Expr]
    variables: dict[sympy.Symbol, z3.ArithRef] = field(default_factory=dict)
    formulas: list[z3.BoolRef] = field(default_factory=list)
    queries: int = 0
    z3_seconds: float = 0.0
    undecided: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, expr: Any, domain: Iterable[Any], *, sign: str, integers: Iterable[str],
              timeout: float, symbols: Iterable[str] = ()) -> "SignProblem":
        from proofs.engines.sign.parse import _known_names

        if isinstance(domain, (str, sympy.Basic)):
            domain = [domain]
        integers = frozenset(integers)
        if not timeout > 0:
            raise invalid("timeout", timeout, "must be positive seconds")
        known = plain_symbols(_known_names(expr, list(symbols) + list(integers)))
        op = parse_sign(sign)
        text = expr if isinstance(expr, str) else str(expr)
        target = Condition(parse_expression(expr, known), op, text)
        constraints = [c for item in domain for c in parse_constraint(item, known)]
        used = set().union(target.expr.free_symbols, *(c.expr.free_symbols for c in constraints))
        for name in integers:
            if known[name] not in used:
                raise invalid("integers", name, "names a symbol that occurs in neither expr nor domain")
        reduced = reduce_logs(substitute_exp(target, constraints))
        symbols_now = sorted(set().union(reduced.target.expr.free_symbols,
                                         *(c.expr.free_symbols for c in reduced.domain)), key=str)
        require_rational(reduced.target, "expr", symbols_now)
        for condition in reduced.domain:
            require_rational(condition, "domain", symbols_now)
        problem = cls(target, constraints, reduced.target, reduced.domain, integers, float(timeout),
                      list(reduced.notes), dict(reduced.stands_for), list(reduced.log_arguments))
        problem.variables = {s: z3.Real(s.name) for s in symbols_now}
        for condition in reduced.domain:
            problem.formulas += problem._clear(condition)
        return problem

    # -- polynomial conditions ---------------------------------------------------------------------
    def _clear(self, condition: Condition) -> list[z3.BoolRef]:
        """A domain constraint ``N/D op 0`` as ``N*D op 0, D != 0`` (``N op 0`` when D is a constant)."""
        numerator, denominator = sympy.fraction(sympy.together(condition.expr))
        if not denominator.free_symbols:
            op = condition.op if denominator > 0 else _flip(condition.op)
            return [relation(to_z3(sympy.expand(numerator), self.variables), op)]
        den = to_z3(denominator, self.variables)
        return [relation(to_z3(numerator, self.variables) * den, condition.op), den != z3.RealVal(0)]

    def ask(self, extra: Sequence[z3.BoolRef]) -> Any:
        answer = solve(self.formulas + list(extra), self.timeout)
        self.queries += 1
        self.z3_seconds += answer.seconds
        return answer

    def sign_of(self, factor: sympy.Expr, formulas: Sequence[z3.BoolRef] = ()) -> int | None:
        """+1 / -1 if ``factor`` is strictly positive / negative on the domain (decided), else None."""
        term = to_z3(factor, self.variables)
        first = self.ask(list(formulas) + [term <= 0])
        if first.result == "unsat":
            return 1
        second = self.ask(list(formulas) + [term >= 0])
        if second.result == "unsat":
            return -1
        if "unknown" in (first.result, second.result):
            self.undecided.append(str(factor))
        return None

    def polynomial_target(self) -> tuple[sympy.Expr, list[str]]:
        """The target as a polynomial ``P`` with ``target op 0 <=> P op 0`` on the domain, and the reasons."""
        reasons = []
        for argument in self.log_arguments:
            positive = self._decide_positive(argument)
            if positive is None and self.undecided:
                raise _Undecided(f"the sign of the logarithm's argument {argument} (z3: unknown or time-out)")
            if positive is not True:
                raise invalid("expr", self.original.text,
                              f"the logarithm's argument {argument} is not shown > 0 on the domain")
            reasons.append(f"log argument {argument} > 0 on the domain (decided)")
        numerator, denominator = sympy.fraction(sympy.together(self.target.expr))
        sign = 1
        coefficient, factors = sympy.factor_list(denominator)
        sign *= 1 if coefficient > 0 else -1
        for factor, power in factors:
            if not factor.free_symbols:
                continue
            fixed = self.sign_of(factor)
            if fixed is None and power % 2 == 0:
                if self.ask([to_z3(factor, self.variables) == 0]).result == "unsat":
                    fixed = 1
                    reasons.append(f"denominator factor ({factor})**{power} > 0: {factor} != 0 on the domain (decided)")
                    continue
            if fixed is None and self.undecided:
                raise _Undecided(f"the sign of the denominator factor {factor} (z3: unknown or time-out)")
            if fixed is None:
                raise invalid("expr", self.original.text,
                              f"its denominator factor {factor} is not of one sign on the domain (it can vanish: "
                              "the expression is undefined there); add a constraint that excludes it")
            sign *= fixed**power
            reasons.append(f"denominator factor {factor} {'> 0' if fixed > 0 else '< 0'} on the domain (decided)")
        coefficient, factors = sympy.factor_list(numerator)
        sign *= 1 if coefficient > 0 else (-1 if coefficient < 0 else 0)
        kept = []
        for factor, power in factors:
            fixed = self.sign_of(factor) if factor.free_symbols else None
            if fixed is None:
                kept.append(factor**power)
            else:
                sign *= fixed**power
                reasons.append(f"numerator factor {factor} {'> 0' if fixed > 0 else '< 0'} on the domain "
                               "(decided; dropped)")
        return sign * sympy.Mul(*kept), reasons

    def _decide_positive(self, expr: sympy.Expr) -> bool | None:
        numerator, denominator = sympy.fraction(sympy.together(expr))
        num = to_z3(numerator, self.variables)
        den = to_z3(denominator, self.variables)
        answer = self.ask([num * den <= 0])
        if answer.result == "unknown":
            self.undecided.append(str(expr))
        return True if answer.result == "unsat" else None

    def fails(self, polynomial: sympy.Expr) -> z3.BoolRef:
        """The z3 formula ``polynomial (not op) 0``: a point where the condition fails."""
        return relation(to_z3(polynomial, self.variables), NEGATION[self.target.op])

    def with_constraints(self, texts: Sequence[Any]) -> "SignProblem":
        """The same problem with extra domain constraints (parsed like the domain)."""
        known = {s.name: s for s in set().union(self.original.expr.free_symbols,
                                                 *(c.expr.free_symbols for c in self.original_domain))}
        extra = [c for item in texts for c in parse_constraint(item, known)]
        return SignProblem.build(self.original.expr, [*self.original_domain, *extra], sign=self.target.op + "0",
                                 integers=self.integers, timeout=self.timeout, symbols=list(known))


def _flip(op: str) -> str:
    return {">": "<", ">=": "<=", "<": ">", "<=": ">=", "==": "==", "!=": "!="}[op]


# -- counterexamples ---------------------------------------------------------------------------------
def _original_point(problem: SignProblem, point: dict[sympy.Symbol, Fraction]) -> dict[sympy.Symbol, Any]:
    values: dict[sympy.Symbol, Any] = {}
    for symbol, value in point.items():
        exact = sympy.Integer(value) if symbol.name in problem.integers else sympy.Rational(value.numerator, value.denominator)
        if symbol in problem.stands_for:
            inner = problem.stands_for[symbol].args[0]      # exp(s): s = log(value)
            values[inner] = sympy.log(exact)
        else:
            values[symbol] = exact
    return values


def _evaluate(expr: sympy.Expr, point: dict[sympy.Symbol, Any]) -> tuple[Any, str]:
    """The exact value (sympy) and how it was compared: ``exact`` for a rational, else two precisions."""
    value = sympy.simplify(expr.xreplace(point))      # no nsimplify: it may snap an irrational to a rational
    return value, ("exact" if value.is_Rational else "two-precisions")


def _truth(op: str, value: sympy.Expr, recheck: str) -> bool | None:
    if recheck == "exact":
        return bool(RELATIONS[op](value))
    low, high = sympy.N(value, 30), sympy.N(value, 60)
    if abs(high - low) > sympy.Float(10) ** -25 or (abs(high) < sympy.Float(10) ** -25 and op not in ("==", "!=")):
        return None
    truth = RELATIONS[op](high)
    return bool(truth) if truth in (sympy.true, sympy.false) else None


def recheck_point(problem: SignProblem, point: dict[sympy.Symbol, Fraction]) -> dict[str, Any] | None:
    """Re-evaluate a candidate counterexample with sympy in the original expression and constraints:
    the counterexample (by name, exact) if every constraint holds there and the condition fails."""
    values = _original_point(problem, point)
    rechecks = set()
    for condition in problem.original_domain:
        value, how = _evaluate(condition.expr, values)
        rechecks.add(how)
        if _truth(condition.op, value, how) is not True:
            return None
    value, how = _evaluate(problem.original.expr, values)
    rechecks.add(how)
    if _truth(problem.original.op, value, how) is not False:
        return None
    found: dict[str, Any] = {}
    for symbol, v in sorted(values.items(), key=lambda kv: kv[0].name):
        found[symbol.name] = v if not v.is_Rational else Fraction(int(v.p), int(v.q))
    for symbol, v in point.items():
        if symbol in problem.stands_for:
            found[str(problem.stands_for[symbol])] = v
    found["value"] = value if not value.is_Rational else Fraction(int(value.p), int(value.q))
    found["recheck"] = "exact" if rechecks == {"exact"} else "two-precisions"
    return found


# -- the decision ------------------------------------------------------------------------------------
def _decide(problem: SignProblem) -> tuple[str, dict[str, Any], dict[str, Any] | None]:
    """``(outcome, detail, counterexample)`` with outcome ``proved``/``counterexample``/``inconclusive``."""
    try:
        polynomial, reasons = problem.polynomial_target()
    except _Undecided as undecided:
        return "inconclusive", {"solver": _SOLVER, "condition": f"{problem.original.expr} {problem.original.op} 0",
                                "z3 outcome": "unknown", "undecided": str(undecided),
                                "reductions": problem.notes}, None
    failing = problem.fails(polynomial)
    answer = problem.ask([failing])
    detail: dict[str, Any] = {
        "solver": _SOLVER,
        "condition": f"{problem.original.expr} {problem.original.op} 0",
        "polynomial condition": f"{polynomial} {problem.target.op} 0",
        "asked z3 for": f"domain and {polynomial} {NEGATION[problem.target.op]} 0",
        "z3 outcome": answer.result,
        "z3 seconds (main query)": round(answer.seconds, 4),
        "reductions": problem.notes + reasons,
    }
    if problem.integers:
        detail["integers"] = (f"{sorted(problem.integers)} relaxed to reals for the proof (unsat over the reals "
                              "covers every integer value); counterexamples are searched with integer values")
    if answer.result == "unsat":
        return "proved", detail, None
    if answer.result == "unknown":
        detail["z3 reason"] = answer.reason
        return "inconclusive", detail, None
    point = None
    if problem.target.op in (">", "<"):     # prefer a point where the condition fails strictly
        strict = relation(to_z3(polynomial, problem.variables), _flip(problem.target.op))
        point = rational_model(problem.formulas + [strict], problem.variables, problem.integers, problem.timeout)
    if point is None:
        point = rational_model(problem.formulas + [failing], problem.variables, problem.integers, problem.timeout)
    problem.queries += 1
    found = recheck_point(problem, point) if point is not None else None
    if found is None:
        detail["note"] = ("z3 found a real point where the condition fails but no exact rational point "
                          + ("with integer values " if problem.integers else "") + "was confirmed near it")
        return "inconclusive", detail, None
    return "counterexample", detail, found


def holds_when(problem: SignProblem, candidates: Sequence[Any] = (), *, seconds: float = 10.0) -> str | None:
    """A region where the (refuted) condition is proved, or ``None``: the first candidate constraint
    that makes it proved; else, for an integer symbol, ``n >= n0`` with n0 smallest; else a one-variable
    bound ``s >= t`` or ``s <= t`` (t a simple rational) found by exact bisection."""
    deadline = time.perf_counter() + seconds

    def proved(extra: Sequence[Any]) -> bool:
        left = deadline - time.perf_counter()
        if left <= 0:
            return False
        try:
            sub = problem.with_constraints(extra)
            sub.timeout = min(sub.timeout, left)
            polynomial, _ = sub.polynomial_target()
            if sub.ask([sub.fails(polynomial)]).result != "unsat":
                return False
            return sub.ask([]).result == "sat"          # a region, not an empty set
        except (ValueError, z3.Z3Exception, _Undecided):
            return False

    for candidate in candidates:
        if proved([candidate]):
            return str(candidate)
    if problem.target.op in ("==", "!="):
        return None                     # an identity fails off an algebraic set: no bound to search for
    for name in sorted(problem.integers):
        lower = _lower_bound(problem, name)
        if lower is None:
            continue
        n0 = _smallest_n0(proved, name, math.ceil(lower) - 1, deadline)
        if n0 is not None:
            return f"{name} >= {n0}"
    return _one_variable_bound(problem, proved, deadline)


def _linear_bound(condition: Condition, symbol: sympy.Symbol) -> tuple[str, Fraction] | None:
    """``("lower"|"upper", b)`` if the condition reads ``a*symbol + c op 0`` (op an inequality), else None."""
    expr = condition.expr
    if expr.free_symbols != {symbol} or condition.op in ("==", "!=") or not expr.is_polynomial(symbol):
        return None
    poly = sympy.Poly(expr, symbol)
    if poly.degree() != 1:
        return None
    a, b = poly.all_coeffs()
    bound = Fraction(int((-b / a).p), int((-b / a).q))
    return ("lower" if (a > 0) == (condition.op in (">", ">=")) else "upper"), bound


def _bounds(problem: SignProblem, symbol: sympy.Symbol) -> tuple[Fraction | None, Fraction | None]:
    lo = hi = None
    for condition in problem.domain:
        found = _linear_bound(condition, symbol)
        if found is None:
            continue
        kind, bound = found
        if kind == "lower":
            lo = bound if lo is None else max(lo, bound)
        else:
            hi = bound if hi is None else min(hi, bound)
    return lo, hi


def _lower_bound(problem: SignProblem, name: str) -> Fraction | None:
    symbol = next((s for s in problem.variables if s.name == name), None)
    return None if symbol is None else _bounds(problem, symbol)[0]


def _smallest_n0(proved: Any, name: str, lower: int, deadline: float) -> int | None:
    start = lower + 1
    while not proved([f"{name} >= {start}"]):
        if time.perf_counter() > deadline or start > 2**20:
            return None
        start = start + 1 if start < lower + 8 else 2 * start
    n0 = start
    while n0 > lower and time.perf_counter() < deadline and proved([f"{name} >= {n0 - 1}", f"{name} <= {n0 - 1}"]):
        n0 -= 1
    return n0 if n0 > lower else None


def _one_variable_bound(problem: SignProblem, proved: Any, deadline: float) -> str | None:
    best: tuple[Fraction, str] | None = None
    for symbol in sorted(problem.variables, key=str):
        if symbol in problem.stands_for or symbol.name in problem.integers:
            continue
        lo, hi = _bounds(problem, symbol)
        if lo is None or hi is None or not lo < hi:
            continue
        width = hi - lo
        for direction in (">=", "<="):
            if time.perf_counter() > deadline:
                return best[1] if best else None
            good, bad = (hi - width / 1024, lo) if direction == ">=" else (lo + width / 1024, hi)
            if not proved([f"{symbol} {direction} {good}"]):
                continue
            for _ in range(10):
                if time.perf_counter() > deadline:
                    break
                middle = (good + bad) / 2
                if proved([f"{symbol} {direction} {middle}"]):
                    good = middle
                else:
                    bad = middle
            text = f"{symbol} {direction} {good}"
            for simple in _simple_between(bad, good):
                if proved([f"{symbol} {direction} {simple}"]):
                    good, text = simple, f"{symbol} {direction} {simple}"
                    break
                strict = direction[0]
                if proved([f"{symbol} {strict} {simple}"]):
                    good, text = simple, f"{symbol} {strict} {simple}"
                    break
            share = (hi - good) / width if direction == ">=" else (good - lo) / width
            if best is None or share > best[0]:
                best = (share, text)
    return best[1] if best else None


def _simple_between(a: Fraction, b: Fraction, tries: int = 4) -> Iterator[Fraction]:
    """Up to ``tries`` rationals of smallest denominators in the closed interval between a and b."""
    lo, hi = min(a, b), max(a, b)
    found = 0
    for denominator in range(1, 257):
        numerator = -((-lo.numerator * denominator) // lo.denominator)   # ceil(lo * denominator)
        while Fraction(numerator, denominator) <= hi and found < tries:
            candidate = Fraction(numerator, denominator)
            if candidate.denominator == denominator:
                found += 1
                yield candidate
            numerator += 1
            break
        if found >= tries:
            return


def sign_evidence(
    expr: Any,
    domain: Iterable[Any],
    *,
    sign: str = ">0",
    integers: Iterable[str] = (),
    timeout: float = 30.0,
    symbols: Iterable[str] = (),
    holds_when_candidates: Sequence[Any] = (),
    search_region: bool = True,
    reading: str | None = None,
    domain_text: str | None = None,
) -> Evidence:
    """The decision-procedure evidence for ``expr sign`` on ``domain`` (see the module docstring)."""
    start = time.perf_counter()
    problem = SignProblem.build(expr, domain, sign=sign, integers=integers, timeout=timeout, symbols=symbols)
    outcome, detail, found = _decide(problem)
    where = None
    if outcome == "counterexample" and search_region:
        region_start = time.perf_counter()
        where = holds_when(problem, holds_when_candidates, seconds=min(problem.timeout, 10.0))
        detail["region search seconds"] = round(time.perf_counter() - region_start, 3)
    detail["z3 queries"] = problem.queries
    detail["z3 seconds (all queries)"] = round(problem.z3_seconds, 4)
    text = domain_text or ("whole domain: " + "; ".join(dict.fromkeys(c.text for c in problem.original_domain))
                           + (f"; integers: {', '.join(sorted(problem.integers))}" if problem.integers else ""))
    if outcome == "counterexample":
        assert found is not None
        recheck = Recheck(found.pop("recheck"))
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=found,
                        recheck=recheck, reading=reading, holds_when=where, seconds=time.perf_counter() - start)
    return Evidence(Method.DECISION, Outcome(outcome), text, detail, reading=reading,
                    seconds=time.perf_counter() - start)


def check_sign(
    expr: Any,
    domain: Iterable[Any],
    *,
    sign: str = ">0",
    integers: Iterable[str] = (),
    timeout: float = 30.0,
    symbols: Iterable[str] = (),
    holds_when: Sequence[Any] = (),
) -> Verdict:
    """Decide ``expr sign`` (``">0"``, ``">=0"``, ``"<0"``, ``"<=0"``, ``"==0"``, ``"!=0"``) on the points of
    ``domain`` (constraint strings such as ``"p > 1/2"``, ``"0 <= q <= 1"``, ``"(n+1)*(p+q) > 1"``).

    ``integers`` names the integer symbols; ``symbols`` declares names beyond the paper's (those of a
    sympy ``expr`` are known already); ``holds_when`` lists candidate extra constraints to report where
    a refuted condition holds. Returns a :class:`~proofs.base.verdict.Verdict`: ``proved`` (z3 unsat),
    ``refuted`` (an exact counterexample re-evaluated with sympy; ``verdict.holds_when`` the region
    where it holds, if found) or ``inconclusive`` (time-out, ``unknown``). Unparseable constraints,
    unknown symbols and conditions that cannot be reduced to polynomials raise
    :class:`~proofs.errors.InvalidArgument` (a ``ValueError``) naming the offending text.
    """
    return Verdict((sign_evidence(expr, domain, sign=sign, integers=integers, timeout=timeout, symbols=symbols,
                                  holds_when_candidates=holds_when),))
