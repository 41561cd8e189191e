"""Sign conditions decided: ``expr op 0`` on a whole domain, proved, or refuted at a re-checked point.

:func:`check_sign` is public (``from proofs import check_sign``)::

    check_sign("p - q", ["q < p"])                                  # proved
    check_sign("4*p*(1-p) - 1", ["p > 0", "p < 1"])                 # refuted at p = 1/2 (value 0)
    check_sign(f_prime, ["p > 1/2", "q >= 0", "p + q <= 1", "n >= 1"], integers=["n"])
    check_sign("exp(x) - 1 - x", [], sign=">=0", symbols=["x"])      # proved (interval decider + cvc5)

Every string (the condition and each domain constraint) is read by :func:`core.formula.parse_formula`:
nothing in it is ever executed.

How a polynomial condition is decided (every step is stated in the evidence):

1. ``exp``/``log`` are removed by monotone substitutions (:mod:`proofs.engines.sign.reduce`);
2. each domain constraint ``N/D op 0`` becomes ``N*D op 0`` and ``D != 0`` (it is undefined where
   ``D = 0``); the expression under study is written ``N/D`` with ``D`` factored, and the sign of each
   factor of ``D`` is itself decided on the domain (a factor that can vanish there is an error: the
   expression is undefined); factors of ``N`` with a decided strict sign are dropped the same way;
3. z3 (``QF_NRA``) is asked for a domain point where the condition fails: ``unsat`` proves the
   condition on the whole domain (integer symbols are relaxed to reals, which only enlarges the set
   searched); ``sat`` gives a model that is turned into exact rationals (integers for integer symbols)
   and re-evaluated with sympy in the *original* expression and constraints before it is believed
   (exactly, or in arb balls at the two precisions of ``arb(50).confirmations()``);
   ``unknown`` or a time-out is ``inconclusive``;
4. where the condition fails, :func:`~proofs.engines.sign.region.holds_when` looks for the region where
   it holds: for an integer parameter the smallest ``n0`` such that it is proved for all ``n >= n0``;
   otherwise the first of the caller's candidate constraints, or a bound ``s >= t`` / ``s <= t`` on one
   variable found by exact bisection, under which it is proved.

Where the monotone substitutions refuse (a variable inside and outside ``exp``/``log``, ``sqrt``,
``b**e``, logarithms mixed with other terms, a constraint on ``s`` outside ``exp(s)`` other than
``s op 0``), the *transcendental path* takes over (:mod:`proofs.engines.sign.transcendental`): side
conditions (logarithm arguments ``> 0``, denominators ``!= 0``, square-root bases ``>= 0``) decided first,
then validated branch-and-bound with python-flint arb enclosures (:mod:`~proofs.engines.sign.branch`),
closing tight points and unbounded tails by mean-value-theorem arguments whose derivative signs are
decided recursively. :func:`check_sign` adds a second, independent decision of the same condition
(:mod:`~proofs.engines.sign.crosscheck`: cvc5 with transcendental functions, Taylor models decided by
z3); both are method ``decision``, and a proof by one with a counterexample from the other is an error.

What ``check_sign`` can decide:

* any polynomial or rational condition over the reals (z3's nlsat is complete), integer symbols by
  relaxation (proofs) and integer models (counterexamples);
* conditions with ``exp``, ``log``, ``sqrt``, rational powers, ``b**e``, ``Abs``, ``pi``, ``E`` in any
  number of variables where the condition holds with a margin on a bounded box (certified enclosures
  close every box), and every failing condition whose failure set has an interior point (a test point
  of a box lands in it);
* in one variable without other constraints: conditions that are *tight* at rational points where the
  expression is exactly 0 (``exp(x) - 1 - x`` at 0, ``log(x) - x + 1`` at 1, ``tanh(e/2) - e/2`` at 0 with
  three vanishing derivatives), up to the fifth derivative; excluded ends where the expression is
  undefined but has a limit (sympy's ``limit``); unbounded variables whose tails are monotone from some
  point on, directly or after the substitution ``x = 1/t`` (``log(x) - sqrt(x) < 0`` on ``x > 0``).

What it cannot decide (the result is ``inconclusive``, with the open boxes and their total measure):

* tight points at irrational places (``exp(x) - 2 - 2*(x - log 2) >= 0`` touches 0 at ``log 2``), tight
  points in several variables, conditions that touch 0 along a curve, and equalities ``== 0`` that
  sympy does not simplify to 0 (an enclosure never shows a value is exactly 0);
* an unbounded variable whose tail is not eventually monotone (oscillating), or whose derivatives
  stay unbounded on every unbounded box;
* ``sin``, ``cos``, ``floor``, ``Min``/``Max``, ``Sum`` and the like (an ``InvalidArgument`` names them), and
  integer symbols in a condition the monotone substitutions do not reduce.
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy
import z3

from core.context import DEFAULT_DPS, arb
from proofs.errors import InvalidArgument, invalid
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.engines.sign.parse import NEGATION, RELATIONS, Condition, parse_constraint, parse_expression, parse_sign, plain_symbols
from proofs.engines.sign.reduce import reduce_logs, require_rational, substitute_exp
from proofs.engines.sign.region import holds_when
from proofs.engines.sign.solver import Undecided, rational_model, relation, solve, to_z3
from proofs.base.verdict import Verdict

__all__ = ["check_sign", "sign_evidence", "SignProblem", "NotPolynomial", "decide_polynomial_condition", "SOLVERS"]

#: What ``sign_evidence(..., solver=)`` accepts: ``auto`` (z3 on polynomial conditions, the interval
#: decider on the others) or ``cvc5`` (the cross-check of a transcendental condition: cvc5 and Taylor models).
SOLVERS = ("auto", "cvc5")


class NotPolynomial(InvalidArgument):
    """The monotone substitutions do not reduce the condition to polynomials (the parsed condition and
    domain travel with it, for the transcendental decider)."""

    def __init__(self, message: str, target: Condition, domain: list[Condition], integers: frozenset[str]) -> None:
        super().__init__(message)
        self.target, self.domain, self.integers = target, domain, integers


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
        try:
            reduced = reduce_logs(substitute_exp(target, constraints))
            symbols_now = sorted(set().union(reduced.target.expr.free_symbols,
                                             *(c.expr.free_symbols for c in reduced.domain)), key=str)
            require_rational(reduced.target, "expr", symbols_now)
            for condition in reduced.domain:
                require_rational(condition, "domain", symbols_now)
        except InvalidArgument as refusal:
            raise NotPolynomial(str(refusal), target, constraints, integers) from None
        problem = cls(target, constraints, reduced.target, reduced.domain, integers, float(timeout),
                      list(reduced.notes), dict(reduced.stands_for), list(reduced.log_arguments))
        context = z3.Context()  # one per problem: its models never depend on the queries that came before
        problem.variables = {s: z3.Real(s.name, context) for s in symbols_now}
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
        return [relation(to_z3(numerator, self.variables) * den, condition.op), den != z3.RealVal(0, den.ctx)]

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
                raise Undecided(f"the sign of the logarithm's argument {argument} (z3: unknown or time-out)")
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
                raise Undecided(f"the sign of the denominator factor {factor} (z3: unknown or time-out)")
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
    """``value op 0``: exactly for a rational, else where python-flint balls at the two precisions of
    :meth:`core.context.NumbersContext.confirmations` (both at least the working one) agree."""
    if recheck == "exact":
        return bool(RELATIONS[op](value))
    truths = set()
    for context in arb(DEFAULT_DPS).confirmations():
        try:
            ball = context.evaluate(value, {})
        except (ValueError, ZeroDivisionError):
            return None
        holds = RELATIONS[op](sympy.Integer(0))          # the relation at 0, for a ball that is exactly 0
        if ball.is_exact() and ball == 0:
            truths.add(bool(holds))
        elif op in ("==", "!=") and not ball.contains(0):
            truths.add(op == "!=")
        elif op not in ("==", "!="):
            positive, negative = ball > 0, ball < 0
            if not (positive or negative):
                return None
            truths.add(bool(RELATIONS[op](sympy.Integer(1 if positive else -1))))
        else:
            return None
    return truths.pop() if len(truths) == 1 else None


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
    except Undecided as undecided:
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


def decide_polynomial_condition(condition: Condition, domain: Sequence[Condition], *,
                                timeout: float) -> tuple[str, dict[str, Any] | None] | None:
    """``(outcome, counterexample)`` of a side condition by z3, or None if it is not polynomial."""
    try:
        problem = SignProblem.build(condition.expr, list(domain), sign=condition.op + "0", integers=(),
                                    timeout=timeout)
        outcome, _, found = _decide(problem)
    except NotPolynomial:
        return None
    except InvalidArgument:
        return "inconclusive", None
    return outcome, found


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
    solver: str = "auto",
) -> Evidence:
    """The decision-procedure evidence for ``expr sign`` on ``domain`` (see the module docstring).

    ``solver="cvc5"`` asks for the cross-check of a condition the polynomial reduction refuses (cvc5 and
    Taylor models, :mod:`proofs.engines.sign.crosscheck`) instead of the interval decider."""
    if solver not in SOLVERS:
        raise invalid("solver", solver, f"not one of {list(SOLVERS)}")
    start = time.perf_counter()
    try:
        problem = SignProblem.build(expr, domain, sign=sign, integers=integers, timeout=timeout, symbols=symbols)
    except NotPolynomial as refusal:
        return _transcendental_evidence(refusal, timeout=timeout, reading=reading, domain_text=domain_text,
                                        solver=solver)
    if solver != "auto":
        raise invalid("solver", solver, "applies to conditions with exp/log/sqrt that no monotone substitution "
                      "reduces; this one is polynomial (z3 decides it)")
    outcome, detail, found = _decide(problem)
    where = None
    if outcome == "counterexample" and search_region:
        region_start = time.perf_counter()
        where = holds_when(problem, holds_when_candidates, seconds=min(problem.timeout, 10.0))
        detail["region search seconds"] = round(time.perf_counter() - region_start, 3)
    detail["z3 queries"] = problem.queries
    detail["z3 seconds (all queries)"] = round(problem.z3_seconds, 4)
    text = domain_text or _domain_text(problem.original_domain, problem.integers)
    if outcome == "counterexample":
        assert found is not None
        recheck = Recheck(found.pop("recheck"))
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=found,
                        recheck=recheck, reading=reading, holds_when=where, seconds=time.perf_counter() - start)
    return Evidence(Method.DECISION, Outcome(outcome), text, detail, reading=reading,
                    seconds=time.perf_counter() - start)


def _domain_text(domain: Sequence[Condition], integers: Iterable[str] = ()) -> str:
    integers = sorted(integers)
    return ("whole domain: " + ("; ".join(dict.fromkeys(c.text for c in domain)) or "all reals")
            + (f"; integers: {', '.join(integers)}" if integers else ""))


def _transcendental_evidence(refusal: NotPolynomial, *, timeout: float, reading: str | None,
                             domain_text: str | None, solver: str) -> Evidence:
    """Evidence for a condition the polynomial reduction refused: the interval decider, or the
    cross-check (``solver="cvc5"``)."""
    from proofs.engines.sign.crosscheck import crosscheck_evidence
    from proofs.engines.sign.transcendental import decide_transcendental

    if refusal.integers:
        raise invalid("integers", sorted(refusal.integers), f"{refusal}; integer symbols are not supported by "
                      "the interval decider that takes over where the polynomial reduction stops")
    start = time.perf_counter()
    text = domain_text or _domain_text(refusal.domain)
    if solver == "cvc5":
        decision = decide_transcendental(refusal.target, refusal.domain, timeout=timeout, sides_only=True)
        return crosscheck_evidence(refusal.target, refusal.domain, timeout=timeout, domain_text=text,
                                   reading=reading, clip=decision.outcome != "inconclusive")
    decision = decide_transcendental(refusal.target, refusal.domain, timeout=timeout)
    decision.detail["why not polynomial"] = str(refusal)
    if decision.covered and domain_text is None:
        text += f" ({decision.covered})"
    if decision.outcome == "counterexample":
        found = dict(decision.found or {})
        recheck = Recheck(found.pop("recheck"))
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, decision.detail, counterexample=found,
                        recheck=recheck, reading=reading, seconds=time.perf_counter() - start)
    return Evidence(Method.DECISION, Outcome(decision.outcome), text, decision.detail, reading=reading,
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
    a refuted condition holds. Returns a :class:`~proofs.base.verdict.Verdict`: ``proved`` (z3 unsat, or
    the interval decider), ``refuted`` (a counterexample re-checked exactly or at two precisions;
    ``verdict.holds_when`` the region where it holds, if found) or ``inconclusive`` (time-out,
    ``unknown``, open boxes). A condition with ``exp``/``log``/``sqrt`` that the monotone substitutions do
    not reduce carries two pieces of evidence: the interval decider and the cvc5/Taylor cross-check
    (they must agree: a contradiction is an ``error``). Unparseable constraints, unknown symbols and
    conditions undefined at a domain point raise :class:`~proofs.errors.InvalidArgument` (a
    ``ValueError``) naming the offending text.
    """
    options = dict(sign=sign, integers=integers, timeout=timeout, symbols=symbols)
    first = sign_evidence(expr, domain, holds_when_candidates=holds_when, **options)
    if first.detail.get("why not polynomial") is None:
        return Verdict((first,))
    return Verdict((first, sign_evidence(expr, domain, solver="cvc5", **options)))
