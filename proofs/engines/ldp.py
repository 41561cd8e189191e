"""``check_ldp``: is a mechanism ε-LDP on a whole stated domain? Privacy in one call, as a verdict.

::

    from proofs import check_ldp, mechanisms as M
    G = M.randomized_response(d="d", epsilon="eps")
    check_ldp(G, "eps", domain="eps > 0, d >= 2")        # proved for every d >= 2 and every eps > 0
    check_ldp(G, "eps/2", domain="eps > 0, d >= 2")      # refuted at an exact point (d, eps, x, x', y)
    check_ldp(Q, sympy.log(3), notion="WLDP")            # an evidential mechanism of 003 (SLDP or WLDP)

A mechanism is ε-LDP when P(y | x) <= e^ε P(y | x') for every pair of inputs x, x' and every output y
(Dwork and Roth, Definition 2.4 read for a local randomizer; the standard LDP of 003 §3.1; over events E the
maximum is attained at single outputs). ``epsilon`` is a name (``"eps"``), an expression (``"eps/2"``) or a
number; ``domain`` (a :class:`core.domain.Domain` text such as ``"eps > 0, d >= 2"``) is merged with the
family's own domain, so a size ``d`` is an integer there even when the check's text does not say so.

Two independent methods, each evidence of its own:

1. **decision** — for each of the family's ratio cases (:meth:`numeric.families.Family.ratio_cases`, with
   the family's statement of why they are exhaustive, recorded as such), the condition
   e^ε · P(y | x') − P(y | x) >= 0 on the whole merged domain: an identity (``sympy.cancel`` with each
   e^{kε} written as a power of one generator), the sign of ε where the two probabilities are the same
   expression, or :func:`check_sign`. Every case proved: ``proved`` for every d, every ε, every pair of
   inputs and every output. A case refuted: the decider's point is completed to a concrete d, ε, x, x', y
   by :meth:`~numeric.families.Family.witness`, and P(y | x) > e^ε P(y | x') is re-checked on the
   mechanism's own entries at that point — exactly, or at two precisions where e^ε is irrational.
   The evidence carries the exact privacy loss in closed form: log of the largest ratio of the cases once
   the decider has shown which one is largest on the domain (``log(p*(1 - q)/(q*(1 - p)))`` in the named
   probabilities of a unary encoding);
2. **enumeration** — the explicit matrix (:meth:`~numeric.families.Family.entries`) at exact interior points
   of the merged domain (:meth:`core.domain.Domain.sample`) and at a few boundary points: in each column the
   largest entry against e^ε times the smallest. At a point ε is rational, so every entry is a rational
   function of one transcendental number g = e^{1/L}: a difference is 0 exactly when it is 0 as a rational
   function of g (``exact``), and otherwise its sign is read from python-flint balls at two precisions.
   ``interior_cases`` counts the interior points at which the output depends on the input: support on
   boundary points only, or in a degenerate case, earns nothing. At every point the largest ratio of the
   matrix is also compared with the closed-form loss: a larger one means the ratio cases missed a ratio,
   and the decision's proof is withdrawn (the statement that the cases are exhaustive is an argument the
   machine does not otherwise check).

A mechanism whose input is a number (x in an interval) is written out at the ends of the interval and at
points inside; its closed-form loss takes x and x' at the ends when every entry is affine in x.

Evidential mechanisms (:class:`numeric.mechanisms.Mechanism`, 003 §3) take ``notion="SLDP"`` (Definition
3.1), ``"WLDP"`` (Definition 3.13) or ``"LDP"`` (Bayesian rows) with a number ε, read from
:mod:`numeric.definitions.ldp`: the loss computed over every pair and every event (a finite, exact decision),
and an independent computation (the loss conditions one by one for SLDP and LDP; the credal-set vertices for
WLDP).
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import sympy

from core.context import DEFAULT_DPS, arb, closed_sign
from core.domain import Domain
from core.errors import invalid
from core.types import DomainLike, ExprLike, NumberLike, Values
from core.formula import parse_formula
from numeric.definitions import ldp as definitions
from numeric.density import Density
from numeric.families import (MAX_CASES, X, X_PRIME, Family, MatrixFamily, Product, RatioCase, UnaryEncoding,
                              expression, matrix as matrix_family)
from numeric.finite_mechanism import FiniteMechanism, symbol
from numeric.mechanisms import Mechanism
from proofs.kernel import stepcheck
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.kernel.steps import Identity, Stated, Step
from proofs.base.verdict import Verdict
from proofs.engines.density_ldp import dispatch_ldp
from proofs.engines.sign.limits import WHOLE_CALL, late, timed_out, within
from proofs.engines.validity import SignAnswer, _generators, decide_sign, is_identity_zero, validate, value_of

__all__ = ["check_ldp", "validate_ldp", "NOTIONS", "DEFAULT_POINTS", "ENUMERATION_ENTRIES", "sign_at_point", "closed_loss"]

#: The notions check_ldp decides: LDP for any mechanism; SLDP and WLDP for evidential mechanisms (003).
NOTIONS = ("LDP", "SLDP", "WLDP")
#: Interior points of the domain at which the explicit matrix is enumerated (and boundary points beside).
DEFAULT_POINTS = 6
_BOUNDARY_POINTS = 2
#: Most entries of an explicit matrix enumerated at one point (a unary encoding: d·2^d, so d <= 8).
ENUMERATION_ENTRIES = 4096


# ------------------------------------------------------------------------------------------ exact signs
def sign_at_point(value: sympy.Expr) -> tuple[int | None, Recheck | None]:
    """The sign of a closed number (no free symbols) by :func:`core.context.closed_sign`: exactly for a
    rational, otherwise from arb balls at the two precisions of ``arb(DEFAULT_DPS).confirmations()`` when
    both exclude 0 (a rigorous enclosure: a ball without 0 is a sign), and exactly 0 when the balls hold 0 and the number is 0 as a rational
    function of its exponentials (:func:`_identity_zero`); None otherwise. The balls come first: the exact
    test of a number such as e^{9999/10000} − e^{1 − 1/10^6} works on polynomials of degree 10^4 and more."""
    sign, how = closed_sign(value, dps=DEFAULT_DPS)
    if sign is not None:
        return (sign, Recheck(how))
    if _identity_zero(value):
        return (0, Recheck.EXACT)
    return (None, None)


#: The largest power of one exponential generator the exact identity test expands (e^{k·u} with k = a/b
#: becomes T^a, T = e^{u/b}): beyond it the test is not run and the number's sign stays undecided.
IDENTITY_DEGREE = 4096


def _identity_zero(value: sympy.Expr) -> bool:
    """:func:`is_identity_zero` when its cost is bounded: every power of a generator it expands is at most
    :data:`IDENTITY_DEGREE` (a bound such as ε − 1/10^6 would otherwise be expanded to degree 10^6)."""
    try:
        rational = _generators(value)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    for power in rational.atoms(sympy.Pow):
        if power.exp.is_Integer and abs(int(power.exp)) > IDENTITY_DEGREE:
            return False
        if power.exp.is_Rational and power.base.is_Rational and abs(int(power.exp.p)) > IDENTITY_DEGREE:
            return False
    return is_identity_zero(value)


# ------------------------------------------------------------------------------------------ the call
def check_ldp(mechanism: Any, epsilon: ExprLike, domain: DomainLike = None, *, notion: str = "LDP", delta: ExprLike | None = None,
              timeout: float = 30.0, points: int = DEFAULT_POINTS) -> Verdict:
    """Is ``mechanism`` ``epsilon``-private on ``domain``? A :class:`~proofs.base.verdict.Verdict` (see the
    module docstring): ``proved`` on the whole domain, ``refuted`` at an exact point, or ``inconclusive``.

    ``mechanism``: a family of :mod:`proofs.mechanisms` (or :mod:`numeric.families`), a printed matrix (list
    of rows, or a :class:`~numeric.finite_mechanism.FiniteMechanism`), or an evidential
    :class:`numeric.mechanisms.Mechanism` (then ``notion`` is ``"SLDP"``, ``"WLDP"`` or ``"LDP"`` and
    ``epsilon`` a number). ``timeout``: seconds each sign decision may take, and the whole call at most
    ``WHOLE_CALL`` (1.9) times that (then the verdict is ``inconclusive``, its reason "time-out");
    ``points``: interior points enumerated. A law with continuous output (:mod:`proofs.continuous`) is
    decided by :mod:`proofs.engines.density_ldp`, and so is ``delta`` ((ε, δ)-LDP, for such laws only)."""
    if notion not in NOTIONS:
        raise invalid("notion", notion, f"not one of {list(NOTIONS)}")
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 3600:
        raise invalid("timeout", timeout, "must be a number of seconds in (0, 3600]")
    if isinstance(points, bool) or not isinstance(points, int) or not 1 <= points <= 200:
        raise invalid("points", points, "must be a positive integer (at most 200)")
    started = time.perf_counter()
    finished, verdict = within(WHOLE_CALL * timeout, _check_ldp, mechanism, epsilon, domain, notion, timeout, points,
                               delta)
    if finished:
        return late(verdict, timeout, time.perf_counter() - started)
    return Verdict(timed_out((Method.DECISION, Method.ENUMERATION), timeout,
                             "the stated domain (stopped at the deadline)"))


def _check_ldp(mechanism: Any, epsilon: ExprLike, domain: DomainLike, notion: str, timeout: float, points: int,
               delta: ExprLike | None = None) -> Verdict:
    """The body of :func:`check_ldp`, run within ``WHOLE_CALL`` times its timeout."""
    if (verdict := dispatch_ldp(mechanism, epsilon, domain, delta=delta, timeout=timeout)) is not None:
        return verdict
    mechanism, domain = _arguments(mechanism, epsilon, domain, notion)
    if isinstance(mechanism, Mechanism):
        return _evidential(mechanism, epsilon, notion)
    if isinstance(mechanism, MatrixFamily):
        _matrix_columns(mechanism)  # the size of the decision, before any work
    family = validate(mechanism, timeout=min(timeout, 30.0))
    merged, eps = _merged(family, domain, epsilon)
    decision, loss = _decision(family, merged, eps, timeout)
    best = loss.get("ratio") if loss else None
    enumeration = _enumeration(family, merged, eps, points, None if best == sympy.oo else best)
    missed = enumeration.detail.get(Detail.CASES_MISSED_AT)
    if missed and decision.outcome is Outcome.PROVED:
        # the stated argument that the cases are exhaustive failed on the explicit matrix: no proof
        decision = replace(decision, outcome=Outcome.INCONCLUSIVE, detail={
            **decision.detail, "not exhaustive": f"the explicit matrix at {missed} has a ratio larger than every case"})
    return Verdict((decision, enumeration))


def validate_ldp(mechanism: Any, epsilon: ExprLike, domain: DomainLike = None, *, notion: str = "LDP") -> None:
    """Everything :func:`check_ldp` reads and refuses before deciding, without the decisions: the notion, the
    mechanism (its kind, and a family's requirements decided on its whole domain, as :func:`check_ldp` does
    first), ε and the stated domain with their names; a one-line :class:`~core.errors.InvalidArgument`
    otherwise. A short declaration calls it when it is declared."""
    if isinstance(mechanism, Density):  # validated when it was built (numeric.density)
        return
    mechanism, domain = _arguments(mechanism, epsilon, domain, notion)
    if isinstance(mechanism, Mechanism):
        _evidential_arguments(mechanism, epsilon)
    else:
        _merged(validate(mechanism), domain, epsilon)


def _arguments(mechanism: Any, epsilon: ExprLike, domain: DomainLike, notion: str) -> tuple[Any, Any]:
    """The mechanism as an evidential :class:`Mechanism` or a :class:`Family` (a printed matrix made one,
    its domain then its own), and the domain left to merge."""
    if not isinstance(notion, str) or notion not in NOTIONS:
        raise invalid("notion", notion, f"not one of {list(NOTIONS)}")
    if isinstance(mechanism, Mechanism):
        if domain is not None:
            raise invalid("domain", domain, "an evidential mechanism has no parameters: it takes no domain")
        return mechanism, None
    if notion != "LDP":
        raise invalid("notion", notion, "SLDP and WLDP are notions of evidential mechanisms (003 §3)",
                      "pass a numeric.mechanisms.Mechanism, or use notion='LDP' for a probabilistic mechanism")
    if isinstance(mechanism, (FiniteMechanism, list, tuple)):
        printed = matrix_family(mechanism, domain=domain)
        _matrix_columns(printed)  # the size of the decision, before the validation's work
        return validate(printed), None
    if not isinstance(mechanism, Family):
        raise invalid("mechanism", mechanism, "is not a mechanism",
                      "build one with proofs.mechanisms (randomized_response, unary_encoding, matrix, ...)")
    return mechanism, domain


def _merged(family: Family, domain: DomainLike, epsilon: ExprLike) -> tuple[Domain, sympy.Expr]:
    """The family's domain and the check's, as one; ε read and its names checked against both."""
    eps = expression(epsilon, "epsilon")
    known = {s.name: s for s in family.domain.symbols} | {n: symbol(n) for n in family.parameters}
    known |= {s.name: s for s in eps.free_symbols}
    stated = Domain.parse(domain, symbols=known) if domain is not None else None
    if stated is not None:
        stated = Domain(stated.text, tuple(c.xreplace({s: symbol(s.name) for s in c.free_symbols})
                                           for c in stated.conditions), stated.integers)
    stated_names = set(stated.names) if stated is not None else set()
    eps_names = {s.name for s in eps.free_symbols}
    stray = sorted(eps_names - set(family.parameters) - stated_names)
    if stray:
        raise invalid("epsilon", epsilon, f"names {stray[0]!r}, which is neither a parameter of {family.name} "
                      f"({', '.join(family.parameters) or 'none'}) nor constrained by domain=")
    stray = sorted(stated_names - set(family.parameters) - eps_names)
    if stray:
        raise invalid("domain", domain, f"names {stray[0]!r}, which is not a parameter of {family.name} "
                      f"({', '.join(family.parameters) or 'none'}) nor of epsilon")
    merged = family.domain if stated is None else (stated & family.domain if family.domain.conditions
                                                   or family.domain.integers else stated)
    return merged, eps


# ------------------------------------------------------------------------------------------ 1. decision
def _ratio_of(numerator: sympy.Expr, denominator: sympy.Expr) -> sympy.Expr | None:
    """P(y | x)/P(y | x') cancelled; ``oo`` when P(y | x') is 0 identically and P(y | x) is not (an output one
    input gives and the other never does: an infinite privacy loss); ``None`` when both are 0 identically (an
    output neither gives: no loss)."""
    if _identity_zero(denominator):
        return None if _identity_zero(numerator) else sympy.oo
    return sympy.cancel(numerator / denominator)


def _case_row(case: RatioCase) -> dict[str, Any]:
    ratio = _ratio_of(case.numerator, case.denominator)
    shown = ("none: neither input gives this output" if ratio is None
             else "oo: P(y | x') is 0 and P(y | x) is not" if ratio == sympy.oo else str(sympy.simplify(ratio)))
    return {"case": case.pattern, "P(y | x)": str(case.named_numerator), "P(y | x')": str(case.named_denominator),
            "ratio": shown}


def _distinct_cases(cases: Sequence[RatioCase]) -> list[RatioCase]:
    seen, out = set(), []
    for case in cases:
        mark = (case.numerator, case.denominator, case.where)
        if mark not in seen:
            seen.add(mark)
            out.append(case)
    return out


def _matrix_columns(family: MatrixFamily) -> list[dict[sympy.Expr, int]]:
    """Per column of a printed matrix, each distinct entry and the first row that has it; refused in one
    line when the pairs of distinct entries of the columns, the decision's ratio cases, exceed ``MAX_CASES``."""
    columns = []
    for k in range(len(family.column_labels)):
        first: dict[sympy.Expr, int] = {}
        for i, row in enumerate(family.rows):
            first.setdefault(row[k], i)
        columns.append(first)
    total = sum(len(first) ** 2 for first in columns)
    if total > MAX_CASES:
        raise invalid("mechanism", f"<{len(family.rows)} x {len(family.column_labels)} matrix>",
                      f"has {total} distinct ratio cases (pairs of distinct entries of a column), more than "
                      f"MAX_CASES = {MAX_CASES}", "check it at numbers, or with fewer distinct entries per column")
    return columns


def _cases(family: Family) -> list[RatioCase]:
    """The distinct ratio cases of ``family``; for a printed matrix, one per distinct pair (P(y | x),
    P(y | x')) of entries of a column, counted before any is built and refused beyond ``MAX_CASES`` (a
    17 x 17 matrix has 17^3 pairs of inputs and outputs but few distinct pairs of entries)."""
    if not isinstance(family, MatrixFamily):
        return _distinct_cases(family.ratio_cases())
    columns = _matrix_columns(family)
    cases, seen = [], set()
    labels = family.row_labels
    for k, (y, first) in enumerate(zip(family.column_labels, columns)):
        for num, i in first.items():
            for den, j in first.items():
                if (num, den) in seen:
                    continue
                seen.add((num, den))
                cases.append(RatioCase(num, den, f"x = {labels[i]!r}, x' = {labels[j]!r}, y = {y!r}", i == j,
                                       key=(labels[i], labels[j], y), pair=(labels[i], labels[j])))
    return cases


def _decision(family: Family, domain: Domain, eps: sympy.Expr, timeout: float) -> tuple[Evidence, dict | None]:
    start = time.perf_counter()
    bound = sympy.exp(eps)
    cases = _cases(family)
    names = sorted(set(family.parameters) | set(family.input_variables) | {s.name for s in eps.free_symbols}
                   | ({X_PRIME} if family.input_variables else set()))
    rows, open_cases, refutation = [], [], None
    eps_nonnegative: SignAnswer | None = None
    steps: list[Step] = []  # for a proof certificate: each case's decision
    for case in cases:
        row = _case_row(case)
        if refutation is not None:
            row["decided"] = "not asked: a counterexample was already confirmed"
            rows.append(row)
            continue
        condition = bound * case.denominator - case.numerator
        steps.append(Stated(f"the case {case.pattern}: P(y | x) = {case.numerator}, P(y | x') = {case.denominator}"))
        if _identity_zero(condition):
            row["decided"] = "identity: P(y | x) = e^ε P(y | x') (sympy)"
            rows.append(row)
            steps.append(_identity("P(y | x) = e^eps P(y | x') identically", case.numerator, bound * case.denominator))
            continue
        if _identity_zero(case.numerator - case.denominator):
            if eps_nonnegative is None:
                eps_nonnegative = decide_sign(eps, domain, sign=">=0", timeout=timeout, symbols=names)
                steps += [Stated("eps >= 0 on the domain:"), *(eps_nonnegative.steps or (
                    Stated("eps >= 0 on the domain (decided, no record)", unchecked=True),))]
            if eps_nonnegative.outcome == "proved":
                row["decided"] = "the two probabilities are equal, P >= 0 and ε >= 0 on the domain (decided)"
                rows.append(row)
                steps += [_identity("P(y | x) = P(y | x') identically", case.numerator, case.denominator),
                          Stated("so P(y | x) <= e^eps P(y | x'), as P >= 0 and e^eps >= 1")]
                continue
        answer = decide_sign(condition, domain, case.where, sign=">=0", timeout=timeout, symbols=names)
        row["decided"] = f"{answer.outcome} by check_sign: {answer.reason}"
        rows.append(row)
        if answer.outcome == "proved":
            steps += list(answer.steps or (Stated(f"{condition} >= 0 (decided, no record)", unchecked=True),))
            continue
        if answer.outcome == "counterexample" and answer.counterexample is not None and refutation is None:
            refutation = _recheck(family, case, eps, answer.counterexample, domain)
            if refutation is None:
                row["decided"] += " (the point did not re-check on the mechanism's entries: not counted)"
                open_cases.append(case.pattern)
            continue
        open_cases.append(case.pattern)
    detail: dict[str, Any] = {
        "mechanism": family.name, "source": family.source, "epsilon": str(eps),
        "condition": "P(y | x) <= e^ε P(y | x') for every pair of inputs and every output",
        "cases": rows,
        "cases exhaustive": family.exhaustive,
        "exhaustive by": ("enumeration of every input pair and output" if "enumeration" in family.exhaustive
                          else "a stated argument from the family's structure (not machine-checked; the "
                               "enumeration method compares every entry of the explicit matrix)"),
    }
    derived = {}
    loss = closed_loss(family, cases, domain, timeout=min(timeout, 10.0))
    if loss is not None:
        detail["privacy loss"] = str(loss["loss"])
        if loss.get("named") is not None:
            detail["privacy loss (named probabilities)"] = str(loss["named"])
        detail["privacy loss decided by"] = loss["how"]
        derived["privacy loss"] = loss["loss"]
    text = f"whole domain: {domain}" if domain.conditions or domain.integers else "every value of the parameters"
    seconds = time.perf_counter() - start
    if refutation is not None:
        point, recheck = refutation
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=point,
                        recheck=recheck, derived=derived, seconds=seconds), loss
    if open_cases:
        detail["undecided cases"] = open_cases
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail, derived=derived, seconds=seconds), loss
    steps.append(Stated("the cases above are every pair (P(y | x), P(y | x')) of the family: " + family.exhaustive))
    return Evidence(Method.DECISION, Outcome.PROVED, text, detail, derived=derived, seconds=seconds,
                    steps=tuple(steps)), loss


def _identity(says: str, lhs: sympy.Expr, rhs: sympy.Expr) -> Step:
    """An identity step shown by the first simplification that reduces ``lhs - rhs`` to 0 (stated as
    decided but not re-checked when none does: :func:`is_identity_zero` decided it another way)."""
    how = next((h for h in ("cancel", "simplify") if stepcheck.is_zero(lhs - rhs, h)), None)
    if how is None:
        return Stated(f"{says} (decided by sympy, no certificate step)", unchecked=True)
    return Identity(says, lhs, rhs, how)


def _truth(condition: sympy.Basic, values: Mapping[sympy.Symbol, sympy.Expr]) -> bool | None:
    relation = condition.xreplace(values)
    if relation in (sympy.true, sympy.false):
        return bool(relation)
    if relation.is_Relational:
        sign, _ = sign_at_point(relation.lhs - relation.rhs)
        if sign is None:
            return None
        return {"<": sign < 0, "<=": sign <= 0, ">": sign > 0, ">=": sign >= 0, "==": sign == 0,
                "!=": sign != 0}[relation.rel_op]
    return None


def _complete(family: Family, eps: sympy.Expr, found: Mapping[str, Any], domain: Domain,
              where: Iterable[str]) -> dict[str, sympy.Expr] | None:
    """The decider's point with every parameter given a value: its own coordinates, the others from
    interior points of the domain, checked against every condition of the domain and of the case."""
    wanted = set(family.parameters) | {s.name for s in eps.free_symbols} | set(family.input_variables)
    if family.input_variables:
        wanted.add(X_PRIME)
    point = {k: value_of(v) for k, v in found.items() if k in wanted}
    conditions = list(domain.conditions)
    conditions += [parse_formula(w, relational=True, name="where") for w in where]
    missing = sorted(wanted - set(point))
    candidates: list[dict[str, Fraction]] = [{}]
    if missing:  # the smallest simple values first (d = 2 rather than a random size), then interior points
        bounds = _stated_bounds(domain)
        options = []
        for name in missing:
            lo = bounds.get(name, (None, None))[0]
            start = Fraction(math.ceil(lo)) if lo is not None else Fraction(1)
            options.append([start + i for i in range(3)])
        candidates = [dict(zip(missing, values)) for values in itertools.product(*options)]
        candidates += [{k: v for k, v in p.items() if k in missing} for p in domain.sample(12, symbols=missing)]
    for extra in candidates:
        full = {**point, **{k: sympy.Rational(v.numerator, v.denominator) for k, v in extra.items()}}
        if set(full) < wanted:
            continue
        if any(not (full[n].is_Integer) for n in domain.integers if n in full):
            continue
        values = {symbol(k): v for k, v in full.items()}
        truths = [_truth(c.xreplace({s: symbol(s.name) for s in c.free_symbols}), values) for c in conditions]
        if all(t is True for t in truths):
            return full
    return None


def _recheck(family: Family, case: RatioCase, eps: sympy.Expr, found: Mapping[str, Any],
             domain: Domain) -> tuple[dict[str, Any], Recheck] | None:
    """The decider's failing point as a concrete (d, ε, x, x', y) of the mechanism, re-checked on its
    entries: P(y | x) > e^ε P(y | x')."""
    point = _complete(family, eps, found, domain, case.where)
    if point is None:
        return None
    params = {k: v for k, v in point.items() if k in family.parameters}
    if _output_bits(family, params) > ENUMERATION_ENTRIES:
        return None  # an output of d bits (a unary encoding at d = 10^9) is not written out
    where = {k: v for k, v in point.items() if k in (X, X_PRIME)}
    x, x_prime, y = family.witness(case, {**params, **where})
    top = family.probability(x, y, params)
    bottom = family.probability(x_prime, y, params)
    bound = sympy.exp(eps).xreplace({symbol(k): v for k, v in point.items()})
    sign, recheck = sign_at_point(top - bound * bottom)
    if sign != 1 or recheck is None:
        return None
    shown: dict[str, Any] = {k: _exact(v) for k, v in sorted(point.items()) if k not in (X, X_PRIME)}
    shown.update({"x": _label(x), "x'": _label(x_prime), "y": _label(y), "P(y | x)": _exact(top),
                  "P(y | x')": _exact(bottom), "e^ε": _exact(bound), "ε": _exact(eps.xreplace(
                      {symbol(k): v for k, v in point.items()})), "lhs": _exact(top),
                  "rhs": _exact(bound * bottom), "relation": "P(y | x) <= e^ε P(y | x')",
                  "case": case.pattern})
    return shown, recheck


def _output_bits(family: Family, params: Values) -> int:
    """How many values one output label of ``family`` holds at ``params`` (a unary encoding's output is d
    bits; a product's is its parts' together), counted before a witness writes one."""
    if isinstance(family, Product):
        return sum(_output_bits(part, params) for part in family.parts)
    if isinstance(family, UnaryEncoding):
        size = family.size.xreplace({symbol(k): sympy.sympify(v) for k, v in params.items()})
        return int(size) if size.is_Integer else 0
    return 1


def _exact(value: sympy.Expr) -> Any:
    """An exact value for a counterexample: a Fraction when rational, else its sympy text (``exp(3/2)``)."""
    if getattr(value, "is_Rational", False):
        return Fraction(int(value.p), int(value.q))
    return str(value)


def _label(label: Any) -> Any:
    if isinstance(label, tuple):
        return "(" + ", ".join(str(_label(v)) for v in label) + ")"
    if isinstance(label, Fraction):
        return label
    return label


def _loss_candidates(family: Family, cases: Sequence[RatioCase]) -> tuple[list[tuple[sympy.Expr, Any, RatioCase]], str]:
    """(ratio, named ratio, case) of every case (its ratio by :func:`_ratio_of`: ``oo`` for a zero opposite a
    probability that is not 0; a case where both are 0 is left out), with the inputs at their extremes for
    a continuous input (and why those are the extremes)."""
    extremes = family.input_extremes() if family.input_variables else None
    out = []
    for case in cases:
        if extremes is None:
            ratio = _ratio_of(case.numerator, case.denominator)
            if ratio is not None:
                out.append((ratio, case.named_ratio if ratio != sympy.oo else None, case))
            continue
        for point in extremes[0]:
            values = {symbol(k): sympy.Integer(v) if not isinstance(v, (Fraction, sympy.Rational))
                      else sympy.Rational(v) for k, v in point.items()}
            ratio = _ratio_of(case.numerator.xreplace(values), case.denominator.xreplace(values))
            if ratio is not None:
                out.append((ratio, None, case))
    note = "" if extremes is None else f"; inputs at their extremes: {extremes[1]}"
    if family.input_variables and extremes is None:
        note = "; the supremum over the inputs x, x' was not taken"
    return out, note


def closed_loss(family: Family, cases: Sequence[RatioCase], domain: Domain, *,
                timeout: float = 10.0) -> dict[str, Any] | None:
    """The exact privacy loss max log P(y | x)/P(y | x') over the cases, in closed form: the largest
    distinct ratio (chosen at an interior point, then shown at least every other ratio and 1 on the whole
    domain by the decider); ``log(Max(...))`` when that cannot be shown; ``oo`` when some P(y | x') is 0
    identically where P(y | x) is not (the loss is infinite wherever P(y | x) > 0)."""
    candidates, note = _loss_candidates(family, cases)
    infinite = next((item for item in candidates if item[0] == sympy.oo), None)
    if infinite is not None:
        case = infinite[2]
        return {"loss": sympy.oo, "named": None, "ratio": sympy.oo,
                "how": f"in the case '{case.pattern}' P(y | x') is 0 and P(y | x) = {case.numerator} is not: the "
                       "loss is infinite wherever P(y | x) > 0" + note}
    distinct: list[tuple[sympy.Expr, Any, RatioCase]] = []
    for ratio, named, case in candidates:
        if ratio.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo):
            continue
        if _identity_zero(ratio - 1) or any(_identity_zero(ratio - other[0]) for other in distinct):
            continue
        distinct.append((ratio, named, case))
    if not distinct:
        return {"loss": sympy.Integer(0), "named": None, "ratio": sympy.Integer(1), "how": "every ratio is 1" + note}
    names = sorted(set(family.parameters) | set(family.input_variables)
                   | ({X_PRIME} if family.input_variables else set()))
    sample = domain.sample(1, symbols=[n for n in names if n not in domain.names])
    best = distinct[0]
    if sample and len(distinct) > 1:
        values = {symbol(k): sympy.Rational(v.numerator, v.denominator) for k, v in sample[0].items()}
        scored = []
        for item in distinct:
            try:
                scored.append((float(arb(DEFAULT_DPS).evaluate(item[0].xreplace(values), {}).mid()), item))
            except (ValueError, ZeroDivisionError, TypeError, KeyError):
                continue
        if scored:
            best = max(scored, key=lambda pair: pair[0])[1]
    others = [item[0] for item in distinct if item is not best] + [sympy.Integer(1)]
    for other in others:
        if _identity_zero(best[0] - other):
            continue
        answer = decide_sign(best[0] - other, domain, best[2].where, sign=">=0", timeout=timeout, symbols=names)
        if answer.outcome != "proved":
            return {"loss": sympy.log(sympy.Max(sympy.Integer(1), *(item[0] for item in distinct))), "named": None,
                    "ratio": None, "how": f"the largest ratio was not decided on the domain ({answer.reason})" + note}
    loss = sympy.simplify(sympy.log(best[0]))
    named = sympy.log(best[1]) if best[1] is not None else None
    return {"loss": loss, "named": named if named is not None and named != loss else None, "ratio": best[0],
            "how": f"the ratio of case '{best[2].pattern}' is at least every other ratio and 1 on the whole domain "
                   "(check_sign)" + note}


# ------------------------------------------------------------------------------------------ 2. enumeration
def _size_cap(family: Family) -> int | None:
    """The largest common size at which the explicit matrix stays within :data:`ENUMERATION_ENTRIES`."""
    if not family.sizes:
        return None
    cap = None
    for size in range(2, 64):
        if family._entries_at({name: size for name in family.sizes}) > ENUMERATION_ENTRIES:
            break
        cap = size
    return cap


def _concrete_sizes(family: Family, point: Mapping[str, Any]) -> dict[str, Any]:
    """The sizes of ``family`` at ``point``: its size names given there, else its own concrete sizes."""
    out = {n: point[n] for n in family.sizes if n in point}
    for part in (getattr(family, "parts", None) or (family,)):
        size = getattr(part, "size", None)
        if isinstance(size, sympy.Integer):
            out.setdefault("d", int(size))
    return out


def _entries_at(family: Family, point: Mapping[str, Any]) -> int:
    """How many entries the explicit matrix has at ``point`` (counted, not written)."""
    return family._entries_at({n: point[n] for n in family.sizes if n in point})


def _count(n: int) -> str:
    """A count as digits, or as 10^k-ish scientific text when it is long."""
    text = str(n)
    return text if len(text) <= 12 else f"about {text[0]}.{text[1:3]}e{len(text) - 1}"


def _points(family: Family, domain: Domain, eps: sympy.Expr, k: int) -> list[tuple[dict[str, Fraction], bool]]:
    names = set(family.parameters) | {s.name for s in eps.free_symbols}
    extra = sorted(names - set(domain.names))
    cap = _size_cap(family)
    sampling = domain
    if cap is not None:
        sampling = domain & Domain.parse(", ".join(f"{s} <= {cap}" for s in family.sizes))
    interior = [p for p in sampling.sample(k, symbols=extra) if domain.interior(p)]
    boundary = sampling.boundary_sample(_BOUNDARY_POINTS, symbols=extra) if k else []
    if k and not interior and not boundary:
        boundary = _edge_points(sampling, sorted(set(domain.names) | set(extra)), _BOUNDARY_POINTS)
    boundary = [p for p in boundary if domain.contains(p) and p not in interior]
    return [(p, True) for p in interior] + [(p, domain.interior(p)) for p in boundary]


def _stated_bounds(domain: Domain) -> dict[str, tuple[Fraction | None, Fraction | None]]:
    """The tightest constant bounds the domain states directly for each name (``eps >= 0``, ``p <= 3/4``)."""
    bounds: dict[str, list[Fraction | None]] = {}
    for condition in domain.conditions:
        if not getattr(condition, "is_Relational", False) or condition.rel_op not in ("<", "<=", ">", ">=", "=="):
            continue
        for side, other, op in ((condition.lhs, condition.rhs, condition.rel_op),
                                (condition.rhs, condition.lhs, {"<": ">", "<=": ">=", ">": "<", ">=": "<=",
                                                                "==": "=="}[condition.rel_op])):
            if isinstance(side, sympy.Symbol) and other.is_Rational:
                value = Fraction(int(other.p), int(other.q))
                entry = bounds.setdefault(side.name, [None, None])
                if op in (">", ">=", "==") and (entry[0] is None or value > entry[0]):
                    entry[0] = value
                if op in ("<", "<=", "==") and (entry[1] is None or value < entry[1]):
                    entry[1] = value
    return {name: (lo, hi) for name, (lo, hi) in bounds.items()}


def _edge_points(domain: Domain, names: list[str], k: int) -> list[dict[str, Fraction]]:
    """Points of a domain without interior (``eps == 0`` beside ``eps >= 0``): each name at its stated
    bounds, their middle, or 1 when it has none; the first ``k`` that lie in the domain."""
    bounds = _stated_bounds(domain)
    options = []
    for name in names:
        lo, hi = bounds.get(name, (None, None))
        values = [v for v in (lo, hi) if v is not None]
        if lo is not None and hi is not None:
            values.append((lo + hi) / 2)
        values += [lo + 1] if lo is not None and hi is None else []
        values += [hi - 1] if hi is not None and lo is None else []
        values = values or [Fraction(1)]
        if name in domain.integers:
            values = [Fraction(math.ceil(v)) for v in values]
        options.append(list(dict.fromkeys(values)))
    found = []
    for combination in itertools.islice(itertools.product(*options), 256):
        point = dict(zip(names, combination))
        if domain.contains(point) and point not in found:
            found.append(point)
            if len(found) >= k:
                break
    return found


class _Numbers:
    """Balls at the two precisions of ``arb(DEFAULT_DPS).confirmations()`` for the entries of one point,
    each expression evaluated once."""

    def __init__(self) -> None:
        self.contexts = arb(DEFAULT_DPS).confirmations()
        self.cache: dict[sympy.Expr, tuple[Any, Any]] = {}

    def __call__(self, expr: sympy.Expr) -> tuple[Any, Any]:
        if expr not in self.cache:
            self.cache[expr] = tuple(c.evaluate(expr, {}) for c in self.contexts)
        return self.cache[expr]


def _sign_of_difference(numbers: _Numbers, bound: sympy.Expr, low: sympy.Expr, top: sympy.Expr,
                        decided: dict) -> tuple[int | None, Recheck | None]:
    """The sign of e^ε·low − top: from the balls at two precisions when both exclude 0; otherwise exactly
    (an identity, or a rational value)."""
    key = (low, top)
    if key not in decided:
        (b1, b2), (l1, l2), (t1, t2) = numbers(bound), numbers(low), numbers(top)
        d1, d2 = b1 * l1 - t1, b2 * l2 - t2
        if d1 > 0 and d2 > 0:
            decided[key] = (1, Recheck.EXACT if (bound * low - top).is_Rational else Recheck.TWO_PRECISIONS)
        else:  # a failure is confirmed, or a tie settled, by the exact test and fresh balls
            decided[key] = sign_at_point(bound * low - top)
    return decided[key]


def _extremes(balls: list[Any], exprs: Sequence[sympy.Expr]) -> tuple[list[int], list[int]]:
    """Rows that may hold the largest and the smallest entry of a column (their balls overlap the extreme)."""
    top = max(range(len(balls)), key=lambda i: float(balls[i].mid()))
    low = min(range(len(balls)), key=lambda i: float(balls[i].mid()))
    tops = [i for i, b in enumerate(balls) if b.overlaps(balls[top])]
    lows = [i for i, b in enumerate(balls) if b.overlaps(balls[low])]
    keep_top = list({exprs[i]: i for i in reversed(tops)}.values())
    keep_low = list({exprs[i]: i for i in reversed(lows)}.values())
    return keep_top, keep_low


def _enumerate_point(family: Family, point: Mapping[str, Fraction], eps: sympy.Expr,
                     inputs: Sequence[Any] | None, best: sympy.Expr | None = None) -> dict[str, Any]:
    params = {n: v for n, v in point.items() if n in family.parameters}
    values = {symbol(n): sympy.Rational(v.numerator, v.denominator) for n, v in point.items()}
    bound = sympy.exp(eps).xreplace(values)
    rows = family.input_labels(params, inputs=inputs)
    columns = family.output_labels(params)
    explicit = family.entries(params, inputs=inputs)
    numbers, decided = _Numbers(), {}
    worst, failed, undecided = None, None, 0
    for j, column in enumerate(columns):
        exprs = [row[j] for row in explicit]
        balls = [numbers(e)[0] for e in exprs]
        tops, lows = _extremes(balls, exprs)
        for i in tops:
            for k in lows:
                sign, recheck = _sign_of_difference(numbers, bound, exprs[k], exprs[i], decided)
                if sign is None:
                    undecided += 1
                    continue
                if sign < 0 and failed is None:
                    failed = (i, k, j, recheck)
                low_ball = balls[k]
                if low_ball > 0:
                    ratio = float((balls[i] / low_ball).mid())
                    if worst is None or ratio > worst[0]:
                        worst = (ratio, i, k, j)
    out: dict[str, Any] = {"point": dict(sorted(point.items())), "explicit matrix": f"{len(rows)} x {len(columns)}",
                           "e^ε": str(bound)}
    if worst is not None:
        _, i, k, j = worst
        top, low = explicit[i][j], explicit[k][j]
        out["exact loss"] = str(sympy.log(top / low))
        out["worst (x, x', y)"] = [_label(rows[i]), _label(rows[k]), _label(columns[j])]
        if numbers(top)[0].overlaps(numbers(low)[0]) and _identity_zero(top - low):
            out["degenerate"] = "the output does not depend on the input at this point"
        if best is not None:
            closed = best.xreplace(values)
            if _identity_zero(top / low - closed):
                out["largest ratio = the closed form's"] = True
            else:
                sign, _ = sign_at_point(top / low - closed)
                out["largest ratio = the closed form's"] = False
                if sign == 1:
                    out["cases missed"] = f"the ratio {top / low} exceeds the closed form's {closed}"
    if undecided:
        out["undecided comparisons"] = undecided
    if failed is not None:
        i, k, j, recheck = failed
        top, low = explicit[i][j], explicit[k][j]
        out["counterexample"] = ({**{n: v for n, v in sorted(point.items())}, "x": _label(rows[i]),
                                  "x'": _label(rows[k]), "y": _label(columns[j]), "P(y | x)": _exact(top),
                                  "P(y | x')": _exact(low), "e^ε": _exact(bound), "lhs": _exact(top),
                                  "rhs": _exact(bound * low), "relation": "P(y | x) <= e^ε P(y | x')"}, recheck)
    return out


def _enumeration(family: Family, domain: Domain, eps: sympy.Expr, k: int, best: sympy.Expr | None = None) -> Evidence:
    start = time.perf_counter()
    checked, interior_cases, refutation, undecided, missed = [], 0, None, 0, None
    inputs = None  # a numeric input is written out at its ends and at points inside (Family.input_labels)
    too_large = None
    for point, interior in _points(family, domain, eps, k):
        entries = _entries_at(family, point)
        if entries > ENUMERATION_ENTRIES:  # counted before anything is written (d = 10^9 is not written)
            too_large = too_large or (point, entries)
            continue
        entry = _enumerate_point(family, point, eps, inputs, best)
        found = entry.pop("counterexample", None)
        if "cases missed" in entry and missed is None:
            missed = ", ".join(f"{n} = {v}" for n, v in sorted(point.items()))
        entry["interior"] = interior
        checked.append(entry)
        undecided += entry.get("undecided comparisons", 0)
        if interior and "degenerate" not in entry and not entry.get("undecided comparisons"):
            interior_cases += 1
        if found is not None and refutation is None:
            refutation = found
    boundary = sum(1 for c in checked if not c["interior"])
    text = (f"{len(checked)} exact points of {domain or 'the parameters'} ({len(checked) - boundary} interior, "
            f"{boundary} on the boundary), every entry of the explicit matrix")
    detail: dict[str, Any] = {
        "points": checked, "interior non-degenerate points": interior_cases,
        "numbers": "exact where rational; otherwise rational functions of one transcendental generator (a "
                   "difference is 0 only as an identity), signs from python-flint balls at two precisions"}
    cap = _size_cap(family)
    if cap is not None:
        detail["sizes enumerated up to"] = (f"{', '.join(family.sizes)} <= {cap} (ENUMERATION_ENTRIES = "
                                            f"{ENUMERATION_ENTRIES})")
    if undecided:
        detail["undecided comparisons"] = undecided
    if best is not None:
        agree = sum(1 for c in checked if c.get("largest ratio = the closed form's"))
        detail["ratio cases cross-checked"] = (f"at {agree} of {len(checked)} points the largest ratio of the explicit "
                                               "matrix is the closed form's (the cases missed no larger ratio)")
    if missed is not None:
        detail[Detail.CASES_MISSED_AT] = missed
    seconds = time.perf_counter() - start
    if refutation is not None:
        point, recheck = refutation
        return Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=point,
                        recheck=recheck, seconds=seconds, interior_cases=interior_cases)
    if not checked and too_large is not None:
        point, entries = too_large
        sizes = ", ".join(f"{k} = {v}" for k, v in _concrete_sizes(family, point).items()) or "its sizes"
        detail["not written"] = (f"at {sizes} the explicit matrix has {_count(entries)} entries, more than "
                                 f"ENUMERATION_ENTRIES = {ENUMERATION_ENTRIES}")
        return Evidence(Method.ENUMERATION, Outcome.INCONCLUSIVE, f"no explicit matrix within ENUMERATION_ENTRIES = "
                        f"{ENUMERATION_ENTRIES} (at {sizes})", detail, seconds=seconds, interior_cases=0)
    if not checked:
        return Evidence(Method.ENUMERATION, Outcome.INCONCLUSIVE, f"no point of {domain or 'the parameters'} was found",
                        detail, seconds=seconds, interior_cases=0)
    return Evidence(Method.ENUMERATION, Outcome.HOLDS, text, detail, seconds=seconds, interior_cases=interior_cases)


# ------------------------------------------------------------------------------------------ evidential (003)
def _number_epsilon(epsilon: ExprLike) -> sympy.Expr:
    eps = expression(epsilon, "epsilon")
    if eps.free_symbols:
        raise invalid("epsilon", epsilon, "an evidential mechanism is checked at a number ε",
                      "give a number such as 1 or 'log(3)'")
    sign, _ = sign_at_point(eps)
    if sign is None or sign < 0:
        raise invalid("epsilon", epsilon, "must be a number >= 0")
    return eps


def _evidential_arguments(Q: Mechanism, epsilon: ExprLike) -> sympy.Expr:
    """ε of an exact evidential mechanism, a number >= 0."""
    if not Q.exact:
        raise invalid("mechanism", Q, "has float masses; privacy is decided exactly",
                      "give the masses as exact numbers (Fraction, '3/5')")
    return _number_epsilon(epsilon)


def _evidential(Q: Mechanism, epsilon: ExprLike, notion: str) -> Verdict:
    """SLDP (003 Definition 3.1), WLDP (Definition 3.13) or LDP of an exact evidential mechanism at ε."""
    eps = _evidential_arguments(Q, epsilon)
    bound = sympy.simplify(sympy.exp(eps))
    text = f"every pair of inputs of {list(Q.inputs)} and every event of {list(Q.frame)}"
    return Verdict((_evidential_decision(Q, eps, bound, notion, text), _evidential_second(Q, eps, bound, notion, text)))


def _within(ratio: Any, bound: sympy.Expr) -> tuple[bool, Recheck]:
    if ratio in (sympy.oo, math.inf):
        return False, Recheck.EXACT
    value = sympy.Rational(ratio.numerator, ratio.denominator)
    sign, recheck = sign_at_point(bound - value)
    if sign is None:
        raise invalid("epsilon", str(bound), "the ratio could not be compared with e^ε at two precisions")
    return sign >= 0, recheck or Recheck.EXACT


def _evidential_decision(Q: Mechanism, eps: sympy.Expr, bound: sympy.Expr, notion: str, text: str) -> Evidence:
    start = time.perf_counter()
    if notion == "LDP":
        ratio = definitions.ldp_ratio(Q)
        where = None
    else:
        worst = definitions.worst(Q, notion)
        ratio, where = (sympy.oo if worst.ratio == math.inf else worst.ratio), worst
    ok, recheck = _within(ratio, bound)
    detail = {"notion": notion, "reading": notion if notion != "LDP" else "LDP",
              "ratio": ratio, "e^ε": str(bound),
              "computed": "the largest ratio over every ordered pair of inputs and every event, exactly "
                          "(numeric.definitions.ldp): an exhaustive decision on a finite set"}
    derived = {"privacy loss": sympy.log(sympy.Rational(ratio.numerator, ratio.denominator))
               if isinstance(ratio, Fraction) else sympy.oo}
    seconds = time.perf_counter() - start
    if ok:
        return Evidence(Method.DECISION, Outcome.PROVED, text, detail, derived=derived, seconds=seconds)
    point: dict[str, Any] = {"ε": _exact(eps), "e^ε": _exact(bound), "ratio": ratio, "relation": "ratio <= e^ε"}
    if where is not None:
        rhs = bound * _rational(where.denominator)
        point.update({"x": where.x, "x'": where.x_prime, "E": "{" + ",".join(sorted(map(str, where.event))) + "}",
                      "numerator": where.numerator, "denominator": where.denominator,
                      "lhs": where.numerator, "rhs": _exact(rhs), "relation": "numerator <= e^ε · denominator"})
    return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=point, recheck=recheck,
                    derived=derived, seconds=seconds)


def _evidential_second(Q: Mechanism, eps: sympy.Expr, bound: sympy.Expr, notion: str, text: str) -> Evidence:
    """An independent computation: WLDP over credal-set vertices; SLDP and LDP condition by condition."""
    start = time.perf_counter()
    if notion == "WLDP":
        ratio = Q.ratio_walley_vertices()
        ok, recheck = _within(sympy.oo if ratio == math.inf else ratio, bound)
        detail = {"computed": "max over pairs of credal-set vertices and outputs of pr_x(y)/pr_x'(y) "
                              "(independent of the pl/bel formula)", "ratio": ratio}
        if ok:
            return Evidence(Method.ENUMERATION, Outcome.HOLDS, text, detail, seconds=time.perf_counter() - start)
        return Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, text, detail,
                        counterexample={"ratio": ratio, "e^ε": _exact(bound), "relation": "ratio <= e^ε"},
                        recheck=recheck, seconds=time.perf_counter() - start)
    labels = len(Q.frame)
    if notion == "SLDP":
        rows = {x: {mask: Fraction(v) for mask, v in enumerate(Q[x].mass_vector()) if mask and v}
                for x in Q.inputs}
        conditions = definitions.loss_conditions(rows, labels, "SLDP", bound)
    else:
        conditions = []
        for x in Q.inputs:
            for x_prime in Q.inputs:
                for y in Q.frame:
                    conditions.append((x, x_prime, 1 << Q.frame.index(y),
                                       bound * _rational(Q[x_prime].m({y})) - _rational(Q[x].m({y}))))
    failing = None
    recheck = Recheck.EXACT
    for x, x_prime, event, condition in conditions:
        sign, how = sign_at_point(sympy.sympify(condition))
        if sign is None:
            raise invalid("epsilon", str(eps), "a loss condition could not be decided at two precisions")
        if how is Recheck.TWO_PRECISIONS:
            recheck = how
        if sign < 0 and failing is None:
            failing = (x, x_prime, event, condition, how)
    detail = {"computed": ("each loss condition e^ε m_x'(E) − m_x(E) >= 0 of numeric.definitions.ldp, one by one"
                           if notion == "SLDP" else "each output: e^ε P_x'(y) − P_x(y) >= 0 (the largest event ratio "
                           "is at a single output)"), "conditions": len(conditions)}
    if failing is None:
        return Evidence(Method.ENUMERATION, Outcome.HOLDS, text, detail, seconds=time.perf_counter() - start)
    x, x_prime, event, condition, how = failing
    subset = "{" + ",".join(str(Q.frame[i]) for i in range(labels) if event >> i & 1) + "}"
    return Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, text, detail,
                    counterexample={"x": x, "x'": x_prime, "E": subset, "e^ε": _exact(bound),
                                    "e^ε m_x'(E) − m_x(E)": _exact(sympy.simplify(condition)),
                                    "relation": "e^ε m_x'(E) − m_x(E) >= 0"},
                    recheck=how, seconds=time.perf_counter() - start)


def _rational(value: NumberLike) -> sympy.Rational:
    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)
