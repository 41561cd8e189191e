"""A sign condition reduced to polynomials, ready for z3: :class:`SignProblem`.

:meth:`SignProblem.build` applies the monotone substitutions of :mod:`proofs.engines.sign.reduce` to the
condition and its domain, refuses (:class:`NotPolynomial`) what is not then a rational function of the
variables with rational coefficients, and writes each domain constraint ``N/D op 0`` as ``N*D op 0`` and
``D != 0`` (it is undefined where ``D = 0``). :meth:`SignProblem.polynomial_target` writes the condition
under study as ``P op 0`` with ``P`` polynomial: the factors of its denominator, and the factors of its
numerator whose sign is fixed, are decided on the domain and dropped. Every z3 query of the problem goes
through :meth:`SignProblem.ask`, which shares the problem's :class:`~proofs.engines.sign.limits.Deadline`
and records the query in the problem's :class:`~proofs.kernel.record.Transcript`.

The decision itself (``unsat``, a rational model re-checked in the original condition, a region) is in
:mod:`proofs.engines.sign.polynomial`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import sympy
import z3

from core.context import DEFAULT_DPS, closed_sign
from core.errors import InvalidArgument, invalid
from proofs.engines.sign.limits import MAX_FACTOR_TERMS, Deadline, TimeUp, bounded, shielded
from proofs.engines.sign.parse import NEGATION, RELATIONS, Condition, Statement
from proofs.kernel.record import Transcript
from proofs.engines.sign.reduce import reduce_logs, require_rational, substitute_exp
from proofs.engines.sign.solver import Answer, Undecided, rational_model, relation, solve, to_z3
from symbolic.polys import poly_of

__all__ = ["SignProblem", "NotPolynomial", "SOLVER_NAME", "flip", "compares_to_zero", "evaluate", "domain_holds"]

SOLVER_NAME = f"z3 {z3.get_version_string()} QF_NRA (nlsat, complete for real polynomial arithmetic)"


class NotPolynomial(InvalidArgument):
    """The monotone substitutions do not reduce the condition to polynomials (the parsed condition and
    domain travel with it, for the transcendental decider)."""

    def __init__(self, message: str, target: Condition, domain: Sequence[Condition], integers: frozenset[str]) -> None:
        super().__init__(message)
        self.target, self.domain, self.integers = target, list(domain), integers


def flip(op: str) -> str:
    """The relation with its sides exchanged (``>`` for ``<``)."""
    return {">": "<", ">=": "<=", "<": ">", "<=": ">=", "==": "==", "!=": "!="}[op]


@dataclass
class SignProblem:
    """A sign condition reduced to polynomials (built by :meth:`build`)."""

    original: Condition
    original_domain: list[Condition]
    target: Condition
    domain: list[Condition]
    integers: frozenset[str]
    deadline: Deadline
    notes: list[str]
    stands_for: dict[sympy.Symbol, sympy.Expr]
    log_arguments: list[sympy.Expr]
    transcript: Transcript = field(default_factory=Transcript)
    statement: Statement | None = None
    variables: dict[sympy.Symbol, z3.ArithRef] = field(default_factory=dict)
    formulas: list[z3.BoolRef] = field(default_factory=list)
    queries: int = 0
    z3_seconds: float = 0.0
    undecided: list[str] = field(default_factory=list)

    @classmethod
    def build(cls, target: Condition, domain: Sequence[Condition], *, integers: frozenset[str] = frozenset(),
              deadline: Deadline, transcript: Transcript | None = None,
              statement: Statement | None = None) -> "SignProblem":
        """The problem of ``target`` on ``domain``; :class:`NotPolynomial` if the substitutions do not
        reduce it to a rational function with rational coefficients."""
        constraints = list(domain)
        deadline.check("the monotone substitutions")
        try:
            reduced = reduce_logs(substitute_exp(target, constraints))
            symbols_now = sorted(set().union(reduced.target.expr.free_symbols,
                                             *(c.expr.free_symbols for c in reduced.domain)), key=str)
            require_rational(reduced.target, "expr", symbols_now)
            for condition in reduced.domain:
                require_rational(condition, "domain", symbols_now)
        except InvalidArgument as refusal:
            raise NotPolynomial(str(refusal), target, constraints, integers) from None
        problem = cls(target, constraints, reduced.target, reduced.domain, integers, deadline, list(reduced.notes),
                      dict(reduced.stands_for), list(reduced.log_arguments),
                      transcript if transcript is not None else Transcript(), statement)
        with shielded():  # a context half made by an interruption fails in its finaliser
            context = z3.Context()  # one per problem: its models never depend on the queries that came before
        problem.variables = {s: z3.Real(s.name, context) for s in symbols_now}
        for condition in reduced.domain:
            problem.formulas += problem._clear(condition)
        return problem

    @classmethod
    def of(cls, statement: Statement, *, deadline: Deadline, transcript: Transcript | None = None) -> "SignProblem":
        """The problem of a :class:`~proofs.engines.sign.parse.Statement`."""
        return cls.build(statement.target, statement.domain, integers=statement.integers, deadline=deadline,
                         transcript=transcript, statement=statement)

    @property
    def timeout(self) -> float:
        """Seconds left for this problem's queries."""
        return self.deadline.left()

    # -- polynomial conditions ---------------------------------------------------------------------
    def _clear(self, condition: Condition) -> list[z3.BoolRef]:
        """A domain constraint ``N/D op 0`` as ``N*D op 0, D != 0`` (``N op 0`` when D is a constant)."""
        numerator, denominator = sympy.fraction(sympy.together(condition.expr))
        if not denominator.free_symbols:
            op = condition.op if denominator > 0 else flip(condition.op)
            return [relation(to_z3(sympy.expand(numerator), self.variables), op)]
        den = to_z3(denominator, self.variables)
        return [relation(to_z3(numerator, self.variables) * den, condition.op), den != z3.RealVal(0, den.ctx)]

    def ask(self, extra: Sequence[z3.BoolRef], meaning: Mapping[str, str] | None = None) -> Answer:
        """z3 on the domain and ``extra``, with what is left of the deadline (recorded with ``meaning``)."""
        seconds = self.deadline.left()
        if seconds <= 0:
            raise TimeUp("a z3 query")
        answer = solve(self.formulas + list(extra), seconds, transcript=self.transcript, meaning=meaning)
        self.queries += 1
        self.z3_seconds += answer.seconds
        return answer

    def sign_of(self, factor: sympy.Expr, formulas: Sequence[z3.BoolRef] = ()) -> int | None:
        """+1 / -1 if ``factor`` is strictly positive / negative on the domain (decided), else None."""
        term = to_z3(factor, self.variables)
        first = self.ask(list(formulas) + [term <= 0], {"unsat": f"{factor} > 0 at every point of the domain",
                                                        "sat": f"{factor} <= 0 at some point of the domain"})
        if first.result == "unsat":
            return 1
        second = self.ask(list(formulas) + [term >= 0], {"unsat": f"{factor} < 0 at every point of the domain",
                                                         "sat": f"{factor} >= 0 at some point of the domain"})
        if second.result == "unsat":
            return -1
        if "unknown" in (first.result, second.result):
            self.undecided.append(str(factor))
        return None

    def _factors(self, expr: sympy.Expr) -> tuple[sympy.Expr, list[tuple[sympy.Expr, int]]]:
        """``(coefficient, [(factor, power)])`` of a polynomial; one factor, the polynomial itself, when it
        has more than :data:`~proofs.engines.sign.limits.MAX_FACTOR_TERMS` terms."""
        gens = sorted(expr.free_symbols, key=str)
        if not gens:
            return expr, []
        poly = bounded(self.deadline, "expanding a polynomial", poly_of, expr, *gens)
        if len(poly.terms()) > MAX_FACTOR_TERMS:
            content, primitive = poly.primitive()
            return sympy.Integer(content), [(primitive.as_expr(), 1)]
        coefficient, factors = bounded(self.deadline, "a factorisation", sympy.factor_list, expr, *gens)
        return coefficient, factors

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
        together = bounded(self.deadline, "putting the condition over a common denominator", sympy.together,
                           self.target.expr)
        numerator, denominator = sympy.fraction(together)
        sign = 1
        coefficient, factors = self._factors(denominator)
        sign *= 1 if coefficient > 0 else -1
        for factor, power in factors:
            if not factor.free_symbols:
                continue
            fixed = self.sign_of(factor)
            if fixed is None and power % 2 == 0:
                answer = self.ask([to_z3(factor, self.variables) == 0],
                                  {"unsat": f"{factor} != 0 at every point of the domain",
                                   "sat": f"{factor} = 0 at some point of the domain"})
                if answer.result == "unsat":
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
        coefficient, factors = self._factors(numerator)
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
        answer = self.ask([num * den <= 0], {"unsat": f"{expr} > 0 at every point of the domain",
                                             "sat": f"{expr} <= 0 at some point of the domain"})
        if answer.result == "unknown":
            self.undecided.append(str(expr))
        return True if answer.result == "unsat" else None

    def fails(self, polynomial: sympy.Expr) -> z3.BoolRef:
        """The z3 formula ``polynomial (not op) 0``: a point where the condition fails."""
        return relation(to_z3(polynomial, self.variables), NEGATION[self.target.op])

    def with_constraints(self, texts: Sequence[str | sympy.Basic | Condition],
                         deadline: Deadline | None = None) -> "SignProblem":
        """The same problem with extra domain constraints (read like the list form of the domain), with
        its own record of queries."""
        if self.statement is None:
            raise invalid("texts", list(texts), "a problem built without its statement takes no further constraints")
        statement = self.statement.with_constraints(texts)
        return SignProblem.of(statement, deadline=deadline or self.deadline)

    # -- points ------------------------------------------------------------------------------------
    def original_point(self, point: Mapping[sympy.Symbol, Fraction]) -> dict[sympy.Symbol, sympy.Expr]:
        """A point of the reduced variables as a point of the original ones (``exp(s/L) = t``: ``s = L log t``)."""
        values: dict[sympy.Symbol, sympy.Expr] = {}
        for symbol, value in point.items():
            exact = (sympy.Integer(value) if symbol.name in self.integers
                     else sympy.Rational(value.numerator, value.denominator))
            if symbol in self.stands_for:
                inner = self.stands_for[symbol].args[0]          # exp(s/L): s = L*log(value)
                (original,) = inner.free_symbols
                values[original] = sympy.log(exact) * (original / inner)
            else:
                values[symbol] = exact
        return values

    def domain_point(self) -> tuple[str, dict[str, Fraction | str] | None, str]:
        """Whether the domain has a point: ``("empty", None, why)``, ``("point", {name: value}, how)`` with
        an exact point of the original domain, or ``("unknown", None, why)``."""
        if not self.formulas:
            return "point", {}, "no constraint: every point"
        answer = self.ask([], {"sat": "the domain has a point",
                               "unsat": "the domain is empty: no point satisfies every constraint"})
        if answer.result == "unsat":
            return "empty", None, "z3: no point satisfies every constraint (unsat)"
        if answer.result == "unknown":
            return "unknown", None, f"z3 could not decide whether the domain has a point ({answer.reason})"
        point = _rational_point(answer.model, self.variables, self.integers)
        if point is None or not domain_holds(self.original_domain, self.original_point(point)):
            point = rational_model(self.formulas, self.variables, self.integers, self.deadline.left(),
                                   deadline=self.deadline)
        if point is not None:
            values = self.original_point(point)
            if domain_holds(self.original_domain, values):
                return "point", {s.name: _shown(v) for s, v in sorted(values.items(), key=lambda kv: kv[0].name)}, \
                    "z3 (sat), the point re-checked in the domain as written"
        kind = "integer " if self.integers else ""
        return "unknown", None, (f"z3 found a real point of the domain but no exact {kind}point was confirmed: the "
                                 "domain was not shown to have a point")


def _rational_point(model: z3.ModelRef, variables: Mapping[sympy.Symbol, z3.ArithRef],
                    integers: frozenset[str]) -> dict[sympy.Symbol, Fraction] | None:
    """z3's model as exact rationals when every value is rational (an integer for an integer symbol)."""
    point = {}
    for symbol, var in variables.items():
        value = model.eval(var, model_completion=True)
        if not z3.is_rational_value(value):
            return None
        exact = Fraction(value.as_fraction())
        if symbol.name in integers and exact.denominator != 1:
            return None
        point[symbol] = exact
    return point


def _shown(value: sympy.Basic) -> Fraction | str:
    return Fraction(int(value.p), int(value.q)) if getattr(value, "is_Rational", False) else str(value)


def evaluate(expr: sympy.Expr, point: Mapping[sympy.Symbol, sympy.Expr]) -> tuple[sympy.Expr, str]:
    """The exact value (sympy) and how it was compared: ``exact`` for a rational, else two precisions."""
    value = sympy.simplify(expr.xreplace(dict(point)))      # no nsimplify: it may snap an irrational to a rational
    return value, ("exact" if value.is_Rational else "two-precisions")


def compares_to_zero(op: str, value: sympy.Expr, recheck: str) -> bool | None:
    """``value op 0``: exactly for a rational, else by the sign :func:`core.context.closed_sign` reads from
    python-flint balls at the two precisions of :meth:`core.context.NumbersContext.confirmations` (both at
    least the working one) when they agree."""
    if recheck == "exact":
        return bool(RELATIONS[op](value))
    sign, _ = closed_sign(value, dps=DEFAULT_DPS)
    return None if sign is None else bool(RELATIONS[op](sympy.Integer(sign)))


def domain_holds(domain: Sequence[Condition], values: Mapping[sympy.Symbol, sympy.Expr]) -> bool:
    """Every constraint holds at the exact point ``values`` (exactly, or at two precisions)."""
    for condition in domain:
        value, how = evaluate(condition.expr, values)
        if compares_to_zero(condition.op, value, how) is not True:
            return False
    return True
