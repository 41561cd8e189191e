"""The machine-checked steps of a moment verdict, for a proof certificate (:mod:`proofs.kernel.steps`).

* A **refutation** (:func:`refutation_steps`): at the counterexample (n, the parameters), the true side is
  the moment written out from its definition, a finite sum over the outcomes of the n users' reports:
  with i.i.d. inputs each user reports y with probability r_y = Σ_x π_x Q[x][y], so the counts have the
  multinomial law n!/Π y_j! Π r_j^{y_j}; with a fixed dataset each group of c_x users of input x has the
  multinomial law of row x, and the counts are the groups' sums. The sum is kept as a sympy expression of
  the parameters (the mechanism's entries as given, never a moment the toolkit derived) and evaluated
  exactly at the point in the certificate; the claimed form is evaluated there too; they differ; and the
  point lies in the stated domain (every condition, n >= 1 an integer). For a mechanism family the
  explicit matrix at the point's size is summed (the users outside the tracked values all hold one other
  value, one of the spreads the claim covers).
* A **proof** (:func:`derivation_steps`): each row of the mechanism (and the prior) sums to 1, and the
  moment re-derived from the probability generating function of the counts, G(z) = Π (Σ_y Q_y z_y / Σ_y
  Q_y)^(users), by the derivatives E[Π Y_y^a_y] = Π (z_y ∂/∂z_y)^a_y G at z = 1 written out unevaluated,
  equals the claimed form (the certificate evaluates the derivatives and cancels); the factors the moment
  divides by are non-zero on the domain (the sign decider's records).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import sympy

from core.domain import Domain
from core.errors import InvalidArgument
from core.formula import parse_formula
from core.types import NumberLike
from numeric.data_model import Counts, Prior
from numeric.finite_mechanism import symbol
from proofs.kernel import stepcheck
from proofs.kernel.steps import Identity, PointClaim, Stated, Step

if TYPE_CHECKING:
    from proofs.engines.moment_problem import MomentProblem

__all__ = ["user_coordinates", "definition_sum", "refutation_steps", "derivation_steps", "MAX_TERMS"]

#: most outcomes (count vectors) written out in one definitional sum
MAX_TERMS = 3000


def user_coordinates(problem: MomentProblem, expr: sympy.Basic) -> sympy.Basic:
    """A charted expression back in the user's parameters (t = exp(eps/m))."""
    back = {chart.symbol: sympy.exp(sympy.Symbol(chart.name, real=True) / chart.multiple)
            for chart in problem.charts.values()}
    if not back:
        return expr
    out = expr.xreplace(back)
    return out.xreplace({s: symbol(s.name) for s in out.free_symbols})


def _compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Every vector of ``parts`` non-negative integers summing to ``total``."""
    out = []
    for cuts in itertools.combinations(range(total + parts - 1), parts - 1):
        previous, vector = -1, []
        for cut in cuts:
            vector.append(cut - previous - 1)
            previous = cut
        vector.append(total + parts - 1 - previous - 1)
        out.append(tuple(vector))
    return out


def _multinomial(total: int, vector: Sequence[int]) -> int:
    out = math.factorial(total)
    for k in vector:
        out //= math.factorial(k)
    return out


def _law(problem: MomentProblem, n: int,
         point: Mapping[str, object]) -> list[tuple[tuple[int, ...], sympy.Expr]] | None:
    """The law of the counts at n, as (count vector, probability as an expression of the parameters), or
    ``None`` beyond :data:`MAX_TERMS` outcomes (or for counts that are not integers at the point)."""
    model = problem.model
    rows = [[user_coordinates(problem, e) for e in row] for row in model.mechanism.matrix]
    m = len(rows[0])
    if isinstance(model.data, Prior):
        weights = [user_coordinates(problem, w) for w in model.data.weights]
        r = [sympy.Add(*[w * row[j] for w, row in zip(weights, rows)]) for j in range(m)]
        if math.comb(n + m - 1, m - 1) > MAX_TERMS:
            return None
        return [(y, _multinomial(n, y) * sympy.Mul(*[r[j] ** y[j] for j in range(m)]))
                for y in _compositions(n, m)]
    values = {symbol(k): sympy.nsimplify(v) for k, v in point.items()}
    values[symbol("n")] = sympy.Integer(n)
    sizes = []
    for c in model.data.counts:
        size = user_coordinates(problem, c).xreplace(values)
        if not size.is_Integer or size < 0:
            return None
        sizes.append(int(size))
    total = 1
    for size in sizes:
        total *= math.comb(size + m - 1, m - 1)
    if total > MAX_TERMS:
        return None
    law: dict[tuple[int, ...], sympy.Expr] = {}
    groups = [[(v, _multinomial(size, v) * sympy.Mul(*[row[j] ** v[j] for j in range(m)]))
               for v in _compositions(size, m)] for size, row in zip(sizes, rows)]
    for combination in itertools.product(*groups):
        y = tuple(sum(v[j] for v, _ in combination) for j in range(m))
        law[y] = law.get(y, sympy.Integer(0)) + sympy.Mul(*[p for _, p in combination])
    return list(law.items())


def definition_sum(problem: MomentProblem, n: int, point: Mapping[str, object], moment: str) -> sympy.Expr | None:
    """The ``moment`` of the statistic at sample size n as a finite sum over the outcomes of the counts (see
    the module docstring), an expression of the parameters; ``None`` when it is too large to write out."""
    law = _law(problem, n, point)
    if law is None:
        return None
    counts = problem.statistic.counts
    statistic = user_coordinates(problem, problem.statistic.expression)
    given = problem.statistic.given
    given = None if given is None or given is sympy.true else user_coordinates(problem, given)
    s0, s1, s2 = [], [], []
    for y, probability in law:
        at = dict(zip(counts, (sympy.Integer(k) for k in y)))
        if given is not None:
            inside = given.xreplace(at)
            if inside is sympy.false:
                continue
            if inside is not sympy.true:
                return None  # a condition on the parameters too: not written out here
        value = statistic.xreplace(at)
        if value.has(sympy.zoo, sympy.nan, sympy.oo):
            return None
        s0.append(probability)
        s1.append(probability * value)
        s2.append(probability * value ** 2)
    if not s0:
        return None
    p0, p1, p2 = (sympy.Add(*s, evaluate=False) if len(s) > 1 else s[0] for s in (s0, s1, s2))
    if moment == "mean_on":
        return p1
    if moment == "square_on":
        return p2
    conditional = given is not None
    mean = p1 / p0 if conditional else p1
    if moment == "mean":
        return mean
    return (p2 / p0 if conditional else p2) - mean ** 2


def _exact(value: NumberLike) -> sympy.Expr:
    """A counterexample value as the evidence shows it (``"2/3"``, ``"log(200)"``, an int) made exact."""
    if isinstance(value, bool):
        raise InvalidArgument(f"point={value!r}: not a number")
    if isinstance(value, (int, Fraction)):
        return sympy.Rational(value)
    text = str(value)
    try:
        return sympy.Rational(Fraction(text))
    except (ValueError, ZeroDivisionError):
        return parse_formula(text, name="point")


def refutation_steps(problem: MomentProblem, counterexample: Mapping[str, NumberLike], moment: str,
                     domain: Domain | None, *, explicit: str | None = None) -> tuple[Step, ...]:
    """The steps of a refutation at ``counterexample`` (n and the user's parameters), or ``()`` when the
    definitional sum is too large or a step does not check. ``domain``: the stated domain with n >= 1
    (user names); ``explicit``: how the explicit model was chosen (for a family), stated."""
    try:
        n = int(counterexample["n"])
        names = set(problem.parameters) | set(problem.fixed)
        point = {k: _exact(v) for k, v in counterexample.items() if k in names or k == "n"}
        exact = definition_sum(problem, n, {k: v for k, v in point.items() if k != "n"}, moment)
        if exact is None:
            return ()
        printed = user_coordinates(problem, problem.form)
        if domain is not None:
            free = {s.name for c in domain.conditions for s in c.free_symbols}
            point.update({k: _exact(counterexample[k]) for k in free if k not in point and k in counterexample})
        claim = PointClaim(printed, exact, "==", list(domain.conditions) if domain is not None else None,
                           integers=tuple(sorted((domain.integers if domain is not None else set()) | {"n"})),
                           printed_says="the claimed form",
                           exact_says=f"the {moment} from its definition, a sum over the outcomes of the counts at "
                                      f"n = {n} (the law of the users' reports)")
        steps = claim.counterexample({**point, "n": sympy.Integer(n)})
    except (InvalidArgument, ValueError, TypeError, ZeroDivisionError, KeyError):
        return ()
    model = problem.model
    data = ("i.i.d. inputs: each user reports y with probability r_y = Σ_x π_x Q[x][y], so the counts are "
            "multinomial(n, r)" if isinstance(model.data, Prior) else
            "a fixed dataset: the c_x users of input x report independently by row x, so the counts are the sum "
            "of independent multinomial(c_x, Q[x]) vectors")
    stated = [Stated(f"the exact side is E over the law of the counts of {problem.description or 'the model'}: "
                     f"{data}; the {moment} is the finite sum of probability × statistic (and its square) over "
                     "every count vector")]
    if explicit:
        stated.append(Stated(explicit))
    return (*steps, *stated)


def _generating(problem: MomentProblem, z: Sequence[sympy.Symbol]) -> sympy.Expr:
    """G(z) with each factor divided by its value at z = 1 (which the rows' sums show to be 1)."""
    model = problem.model
    rows = model.mechanism.matrix
    m = len(rows[0])
    if isinstance(model.data, Prior):
        r = [sympy.Add(*[w * row[j] for w, row in zip(model.data.weights, rows)]) for j in range(m)]
        return (sympy.Add(*[r[j] * z[j] for j in range(m)]) / sympy.Add(*r)) ** symbol("n")
    return sympy.Mul(*[(sympy.Add(*[row[j] * z[j] for j in range(m)]) / sympy.Add(*row)) ** c
                       for row, c in zip(rows, model.data.counts)])


def _moment_of(poly: sympy.Poly, generating: sympy.Expr, z: Sequence[sympy.Symbol]) -> sympy.Expr:
    """E[P(Y)] as unevaluated derivatives of G at z = 1."""
    terms = []
    for monomial, coefficient in poly.terms():
        expr = generating
        for j, a in enumerate(monomial):
            for _ in range(a):
                expr = z[j] * sympy.Derivative(expr, z[j])
        terms.append(coefficient * sympy.Subs(expr, tuple(z), tuple(sympy.Integer(1) for _ in z)))
    return sympy.Add(*terms)


def derivation_steps(problem: MomentProblem, moment: str) -> tuple[Step, ...]:
    """The steps of a proof: the rows (and the prior) sum to 1, and the moment from the generating function
    equals the claimed form; ``()`` when the statistic is not a polynomial in the counts over a count-free
    denominator or the identity does not reduce (see the module docstring)."""
    statistic = problem.statistic
    counts = statistic.counts
    numerator, denominator = sympy.fraction(sympy.together(statistic.expression))
    if denominator.free_symbols & set(counts) or not numerator.is_polynomial(*counts):
        return ()
    model = problem.model
    steps: list[Step] = []
    for i, row in enumerate(model.mechanism.matrix):
        total = sympy.Add(*row)
        if total != 1:
            if not stepcheck.is_zero(total - 1, "cancel"):
                return ()
            steps.append(Identity(f"row {i} of the mechanism sums to 1", total, sympy.Integer(1), "cancel"))
    if isinstance(model.data, Prior):
        total = sympy.Add(*model.data.weights)
        if total != 1:
            if not stepcheck.is_zero(total - 1, "cancel"):
                return ()
            steps.append(Identity("the prior sums to 1", total, sympy.Integer(1), "cancel"))
    z = [sympy.Symbol(f"z_{j}") for j in range(len(counts))]  # a name the certificate keeps as it is
    generating = _generating(problem, z)
    poly = sympy.Poly(numerator, *counts)
    mean = _moment_of(poly, generating, z) / denominator
    if moment in ("mean", "mean_on"):
        lhs = mean
    else:
        second = _moment_of(poly ** 2, generating, z) / denominator ** 2
        lhs = second if moment == "square_on" else second - mean ** 2
    form = problem.form
    if not stepcheck.is_zero(lhs - form, "cancel"):
        return ()
    shown = "Π_x (Σ_y Q[x][y] z_y / Σ_y Q[x][y])^(c_x)" if isinstance(model.data, Counts) else \
        "(Σ_y r_y z_y / Σ_y r_y)^n, r_y = Σ_x π_x Q[x][y]"
    steps.append(Identity(f"the {moment} derived from the generating function of the counts, G(z) = {shown}, by "
                          "E[Π_y Y_y^a_y] = Π_y (z_y ∂/∂z_y)^a_y G at z = 1, equals the claimed form",
                          lhs, form, "cancel"))
    steps.append(Stated("the counts have the generating function G (the users report independently; each factor is "
                        "one user's, or one group's, report law, divided by its total, which the steps above show "
                        "to be 1), and E[Π_y Y_y^a_y] = Π_y (z_y ∂/∂z_y)^a_y G at z = 1; the statistic is P(Y)/D with "
                        "D free of the counts, so its mean is E[P]/D and its second moment E[P^2]/D^2"))
    return tuple(steps)
