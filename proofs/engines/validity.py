"""Is a mechanism family a mechanism on its whole stated domain? Decided symbolically, before any check.

A family (:mod:`numeric.families`) lists its :meth:`~numeric.families.Family.requirements`: every entry must
lie in [0, 1] and every row must sum to 1, wherever its domain holds. :func:`validate` decides each one on
the *whole* domain, never on a grid, so a mistyped mechanism is refused whatever points a later check
would use (a row that sums to 1 only at r = 0 is refused even if a grid held only r = 0):

* a row total is 1 when total − 1 is 0 as a rational function (an identity), or when :func:`check_sign`
  proves ``total - 1 == 0`` on the domain; a point of the domain where it is not 1 is searched first
  (exact interior points of the domain), then asked of the decider;
* an entry e lies in [0, 1] when :func:`check_sign` proves ``e >= 0`` and ``1 - e >= 0`` on the domain
  (with the entry's own conditions, e.g. ``-1 <= x <= 1`` for an input).

A failure is a one-line :class:`~core.errors.InvalidArgument` naming the row or the entry, the point and the
value there (``mechanism row 1=['r/(r+2)', '1/(r+2)']: sums to (r + 1)/(r + 2), not 1; at r = 1 it is
2/3``). A requirement the decider cannot settle is a one-line error too: it is never silently accepted.

:func:`decide_sign` is the one way the mechanism engines ask :func:`check_sign`. It first rewrites the
question without changing its set of points, so the decider meets the form it decides fastest: e^{k·u} with k
rational rescaled to integer multiples (u = L·s), e^{j·s} written as a power of T = e^s where s occurs nowhere
else (``s > 0`` becoming ``T > 1``), and only the domain conditions connected to the expression's variables
kept (a proof without the others holds with them; a counterexample is completed on the whole domain by the
caller and re-checked there). Integer sizes are passed as integers; where the decider that takes over from
the polynomial reduction refuses integer symbols, the condition is asked again over the reals — a proof over
the reals covers every integer value, and a counterexample then counts only if its sizes are integers. A
failure of the decider on one condition leaves that condition undecided, never proved.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

import sympy
from flint import fmpq, fmpq_poly

from core.domain import Domain
from core.errors import InvalidArgument, invalid
from core.formula import as_sympy
from numeric.families import Family, Requirement
from proofs.base.evidence import Detail, Outcome
from proofs.kernel.grounds import all_steps
from proofs.kernel.steps import Stated, Step
from proofs.base.verdict import Verdict
from proofs.engines.sign import sign_evidence

__all__ = ["validate", "check_requirements", "decide_sign", "SignAnswer", "VALIDATION_TIMEOUT", "shown_point", "value_of",
           "is_identity_zero"]

#: Seconds the sign decider may take on one requirement of a family (a validation runs before every check).
VALIDATION_TIMEOUT = 10.0
#: Interior points of the domain tried for a row total before the decider is asked.
_PROBE_POINTS = 6


@dataclass(frozen=True)
class SignAnswer:
    """What :func:`decide_sign` found: ``outcome`` (``proved``, ``counterexample``, ``inconclusive``), the
    counterexample (name -> exact value), the reason in words, and for a proof its steps (the decider's records
    and the rewrites before it, stated)."""

    outcome: str
    counterexample: Mapping[str, object] | None
    reason: str
    steps: tuple[Step, ...] = ()  # a proof's steps, for a proof certificate (proofs.kernel.steps)


def _generators(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with every e^{k·u} (k rational) written as T_u^{k·L}, L the lcm of the denominators of the
    k of the same u, and E as T_1^L: an identity of the result as a rational function is one of ``expr``."""
    exps = [a for a in expr.atoms(sympy.exp)]
    if expr.has(sympy.E):
        exps.append(sympy.E)
    groups: dict[sympy.Expr, list[tuple[sympy.Expr, sympy.Rational]]] = {}
    for atom in exps:
        argument = sympy.Integer(1) if atom == sympy.E else atom.args[0]
        k, u = argument.as_coeff_Mul()
        groups.setdefault(u, []).append((atom, sympy.Rational(k)))
    replacements = {}
    for index, (u, members) in enumerate(sorted(groups.items(), key=lambda kv: sympy.default_sort_key(kv[0]))):
        lcm = math.lcm(*(int(k.q) for _, k in members))
        generator = sympy.Dummy(f"T{index}", positive=True)
        for atom, k in members:
            replacements[atom] = generator ** int(k * lcm)
    return expr.xreplace(replacements) if replacements else expr


#: Rational values tried before cancelling: a rational function that is not 0 at one of them is not 0.
_PROBES = (sympy.Rational(7, 3), sympy.Rational(11, 5))


class _NotUnivariate(Exception):
    """The expression is not a rational function of one generator with rational coefficients."""


def _univariate(expr: sympy.Expr, generator: sympy.Symbol) -> tuple[fmpq_poly, fmpq_poly]:
    """``expr`` as numerator and denominator polynomials in ``generator`` (python-flint, exact)."""
    if expr == generator:
        return fmpq_poly([0, 1]), fmpq_poly([1])
    if expr.is_Rational:
        return fmpq_poly([fmpq(int(expr.p), int(expr.q))]), fmpq_poly([1])
    if expr.is_Add or expr.is_Mul:
        parts = [_univariate(arg, generator) for arg in expr.args]
        num, den = parts[0]
        for n, d in parts[1:]:
            num, den = (num * d + n * den, den * d) if expr.is_Add else (num * n, den * d)
        return num, den
    if expr.is_Pow and expr.exp.is_Integer and abs(int(expr.exp)) <= 10_000:
        num, den = _univariate(expr.base, generator)
        k = int(expr.exp)
        if k < 0:
            if num == 0:
                raise _NotUnivariate
            num, den, k = den, num, -k
        return num ** k, den ** k
    raise _NotUnivariate


def is_identity_zero(expr: sympy.Expr) -> bool:
    """Whether ``expr`` is 0 as a rational function (after :func:`_generators`): an exact test. With one
    generator and nothing else it is decided on python-flint polynomials; otherwise a value that is not 0 at
    an exact rational probe point settles "no" at once, and "yes" is settled by ``sympy.cancel``."""
    if expr == 0:
        return True
    try:
        rational = _generators(expr)
        symbols = sorted(rational.free_symbols, key=lambda s: s.name)
        if len(symbols) <= 1:
            try:
                numerator, _ = _univariate(rational, symbols[0] if symbols else sympy.Dummy("unused"))
                return numerator == 0
            except _NotUnivariate:
                pass
        for offset, probe in enumerate(_PROBES):
            value = rational.xreplace({s: probe + i + offset for i, s in enumerate(symbols)})
            if value.is_Rational and value != 0:
                return False
        return sympy.cancel(sympy.together(rational)) == 0
    except (sympy.PolynomialError, TypeError, ValueError, ZeroDivisionError, RecursionError):
        return False


def _names(expr: sympy.Expr, domain: Domain) -> set[str]:
    return {s.name for s in expr.free_symbols} | set(domain.names)


def _rescaled(expr: sympy.Expr, domain: Domain,
              extra: list[str | sympy.Basic]) -> tuple[sympy.Expr, Domain, list[sympy.Basic], dict]:
    """Every symbol u that appears as e^{k·u} with a non-integer rational k replaced by L·s, L the lcm of
    the denominators of those k (a linear change of variable: the condition and the domain keep their
    points), so that the sign decider meets only e^{j·s} with integer j. Returns the map s -> (u, L)."""
    scales: dict[sympy.Symbol, int] = {}
    parsed_extra = list(Domain.parse(extra).conditions) if extra else []
    atoms = set(expr.atoms(sympy.exp)).union(*(c.atoms(sympy.exp) for c in (*domain.conditions, *parsed_extra)))
    for atom in atoms:
        k, u = atom.args[0].as_coeff_Mul()
        if isinstance(u, sympy.Symbol) and k.is_Rational and not k.is_Integer and u.name not in domain.integers:
            scales[u] = math.lcm(scales.get(u, 1), int(k.q))
    if not scales:
        return expr, domain, extra, {}
    back, replacement = {}, {}
    for u, lcm in scales.items():
        s = sympy.Symbol(f"{u.name}_over_{lcm}", real=True)
        replacement[u] = lcm * s
        back[s.name] = (u.name, lcm)
    by_name = {u.name: v for u, v in replacement.items()}

    def moved(condition: sympy.Basic) -> sympy.Basic:
        return condition.xreplace({sym: by_name[sym.name] for sym in condition.free_symbols if sym.name in by_name})

    parsed = parsed_extra
    new_domain = Domain(domain.text, tuple(moved(c) for c in domain.conditions), domain.integers)
    return moved(expr), new_domain, [moved(c) for c in parsed], back


def _linear_bound(condition: sympy.Basic) -> sympy.Basic:
    """``2*s > 0`` as ``s > 0``: a condition linear in one symbol, written as a bound on that symbol (the
    form the sign decider's exp substitution accepts)."""
    if not getattr(condition, "is_Relational", False) or condition.rel_op not in ("<", "<=", ">", ">="):
        return condition
    difference = condition.lhs - condition.rhs
    symbols = difference.free_symbols
    if len(symbols) != 1:
        return condition
    (s,) = symbols
    polynomial = sympy.Poly(difference, s) if difference.is_polynomial(s) else None
    if polynomial is None or polynomial.degree() != 1:
        return condition
    a, b = polynomial.all_coeffs()
    if not (a.is_Rational and b.is_Rational) or a == 0:
        return condition
    op = condition.rel_op if a > 0 else {"<": ">", "<=": ">=", ">": "<", ">=": "<="}[condition.rel_op]
    return {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}[op](s, -b / a)


def _connected(expr: sympy.Expr, conditions: list[sympy.Basic]) -> list[sympy.Basic]:
    """The conditions that share a symbol, directly or through other conditions, with ``expr``. The others
    only restrict variables the condition does not involve: a proof without them holds with them (on a
    smaller set), and a counterexample is completed on the whole domain by the caller."""
    reached = {s.name for s in expr.free_symbols}
    kept: list[sympy.Basic] = []
    pending = list(conditions)
    changed = True
    while changed:
        changed = False
        for condition in list(pending):
            names = {s.name for s in condition.free_symbols}
            if names & reached or not names:
                reached |= names
                kept.append(condition)
                pending.remove(condition)
                changed = True
    return kept


def _exp_substituted(expr: sympy.Expr,
                     conditions: list[sympy.Basic]) -> tuple[sympy.Expr, list[sympy.Basic], dict]:
    """Every symbol s that occurs in ``expr`` and in the conditions only as e^{j·s} (j an integer), or in
    bounds ``s op 0``, replaced by T = e^s > 0 (``s op 0`` becoming ``T op 1``): a strictly increasing change
    of variable, so the condition and the domain keep their points and the decider meets a rational
    function. Returns the map T -> s."""
    back = {}
    atoms = set(expr.atoms(sympy.exp)).union(*(c.atoms(sympy.exp) for c in conditions))
    for s in sorted({a.args[0].as_coeff_Mul()[1] for a in atoms}, key=sympy.default_sort_key):
        if not isinstance(s, sympy.Symbol):
            continue
        powers: dict[sympy.Symbol, int] | None = {}
        for atom in set(expr.atoms(sympy.exp)).union(*(c.atoms(sympy.exp) for c in conditions)):
            j, u = atom.args[0].as_coeff_Mul()
            if u == s:
                if not j.is_Integer:
                    powers = None
                    break
                powers[atom] = int(j)
        if not powers:
            continue
        T = sympy.Symbol(f"exp_{s.name}", real=True)
        replaced = expr.xreplace({atom: T ** j for atom, j in powers.items()})
        if s in replaced.free_symbols:
            continue
        moved, ok = [], True
        for condition in conditions:
            if s not in condition.free_symbols:
                moved.append(condition)
                continue
            rewritten = condition.xreplace({atom: T ** j for atom, j in powers.items()})
            if s not in rewritten.free_symbols:
                moved.append(rewritten)
            elif (getattr(condition, "is_Relational", False) and condition.lhs == s and condition.rhs == 0
                  and condition.rel_op in ("<", "<=", ">", ">=", "==", "!=")):
                moved.append(condition.func(T, 1))
            else:
                ok = False
                break
        if not ok:
            continue
        expr, conditions = replaced, moved + [T > 0]
        back[T.name] = s.name
    return expr, conditions, back


def decide_sign(expr: sympy.Expr, domain: Domain, extra: Iterable[str] = (), *, sign: str = ">=0",
                timeout: float = VALIDATION_TIMEOUT, symbols: Iterable[str] = ()) -> SignAnswer:
    """``expr sign`` on ``domain`` and the ``extra`` condition strings, by :func:`check_sign`, after three
    changes that keep every point: e^{k·u} with k rational rescaled to integer multiples, only the
    conditions connected to the expression's variables kept (see :func:`_connected`), and e^{j·s} written
    as a power of T = e^s where s occurs nowhere else. A counterexample is given in the original names."""
    expr, domain, extra, back = _rescaled(expr, domain, list(extra))
    conditions = _connected(expr, [*domain.conditions, *(Domain.parse(list(extra)).conditions if extra else ())])
    conditions = [_linear_bound(c) for c in conditions]
    expr, conditions, exponentials = _exp_substituted(expr, conditions)
    involved = {s.name for s in expr.free_symbols} | {s.name for c in conditions for s in c.free_symbols}
    asked = Domain(domain.text, tuple(conditions), domain.integers & involved)
    hidden = {u for u, _ in back.values()} | set(exponentials.values())
    answer = _ask(expr, asked, [], sign=sign, timeout=timeout,
                  symbols=[n for n in symbols if n not in hidden] + list(back) + list(exponentials))
    if answer.steps:
        rewrites = [f"e^(k {original}) written as a power of {name} = e^({original}/{lcm})"
                    for name, (original, lcm) in back.items()]
        rewrites += [f"e^(j {original}) written as a power of {name}" for name, original in exponentials.items()]
        answer = SignAnswer(answer.outcome, answer.counterexample, answer.reason, (
            Stated(f"the condition {condition_text(expr, sign)} below is the one asked, "
                   + (f"after rewriting ({'; '.join(rewrites)}), " if rewrites else "")
                   + "with only the domain's conditions connected to its variables kept (each point is kept)"),
            *answer.steps))
    if answer.counterexample is None or not (back or exponentials):
        return answer
    found = dict(answer.counterexample)
    for name, original in exponentials.items():
        if name in found:
            found[original] = sympy.log(value_of(found.pop(name)))
    for name, (original, lcm) in back.items():
        if name in found:
            found[original] = lcm * value_of(found.pop(name))
    return SignAnswer(answer.outcome, found, answer.reason)


def _check(expr: sympy.Expr, constraints: list[str | sympy.Basic], *, sign: str, integers: Iterable[str], symbols: Iterable[str],
           timeout: float) -> Verdict:
    """:func:`check_sign` without its search for the region where a refuted condition holds (the
    mechanism engines want the point, not the region): the decision, and for a condition that does not
    reduce to a polynomial one the cvc5/Taylor cross-check beside it, as ``check_sign`` does."""
    options = dict(sign=sign, integers=list(integers), timeout=timeout, symbols=list(symbols))
    first = sign_evidence(expr, constraints, search_region=False, **options)
    if first.detail.get(Detail.WHY_NOT_POLYNOMIAL) is None:
        return Verdict((first,))
    return Verdict((first, sign_evidence(expr, constraints, solver="cvc5", **options)))


def _ask(expr: sympy.Expr, domain: Domain, extra: list[str | sympy.Basic], *, sign: str, timeout: float,
         symbols: Iterable[str]) -> SignAnswer:
    constraints = [*domain.constraints(), *(c if isinstance(c, str) else c for c in extra)]
    names = sorted(_names(expr, domain) | set(symbols))
    integers = sorted(domain.integers & set(names))
    try:
        verdict = _check(expr, constraints, sign=sign, integers=integers, symbols=names, timeout=timeout)
    except InvalidArgument as refusal:
        if not integers or "integer" not in str(refusal):
            return SignAnswer("inconclusive", None, f"the sign decider refused the condition: {refusal}")
        try:
            verdict = _check(expr, constraints, sign=sign, integers=(), symbols=names, timeout=timeout)
        except InvalidArgument as again:
            return SignAnswer("inconclusive", None, f"the sign decider refused the condition: {again}")
        except Exception as failure:  # noqa: BLE001 - see below
            return SignAnswer("inconclusive", None, f"the sign decider failed: {type(failure).__name__}: {failure}")
        return _relaxed(verdict, integers)
    except Exception as failure:  # noqa: BLE001 - a crash of the decider on one condition (a sympy, z3 or
        # cvc5 exception) leaves that condition undecided, never proved; interrupts are BaseExceptions and pass
        return SignAnswer("inconclusive", None, f"the sign decider failed: {type(failure).__name__}: {failure}")
    status = verdict.status.value
    if status == "proved":
        return SignAnswer("proved", None, verdict.reason, _proof_steps(verdict))
    if status == "refuted":
        return SignAnswer("counterexample", verdict.counterexample, verdict.reason)
    return SignAnswer("inconclusive", None, verdict.reason)


def _proof_steps(verdict: Verdict) -> tuple[Step, ...]:
    """The steps of a sign decision's proving evidence (primary reading), for a proof certificate."""
    return tuple(step for e in verdict.evidence if e.reading is None and e.outcome is Outcome.PROVED
                 for step in all_steps(e))


def condition_text(expr: sympy.Expr, sign: str) -> str:
    """``expr >= 0`` in words, for a stated step."""
    return f"{sympy.sstr(expr)} {sign.replace('>=', ' >= ').replace('<=', ' <= ').strip()}"


def _relaxed(verdict: Verdict, integers: Sequence[str]) -> SignAnswer:
    """The answer of a decision with the integer symbols relaxed to reals: a proof covers every integer value;
    a counterexample counts only where it lands on integers; anything else is undecided."""
    if verdict.status.value == "proved":
        steps = _proof_steps(verdict)
        return SignAnswer("proved", None, f"proved over the reals ({', '.join(integers)} relaxed to reals, "
                          "which covers every integer value)", steps and (
                              Stated(f"{', '.join(integers)} relaxed to reals: a proof over the reals covers every "
                                     "integer value"), *steps))
    found = verdict.counterexample
    if found is None or any(not value_of(found[n]).is_Integer for n in integers if n in found):
        return SignAnswer("inconclusive", None, "decided over the reals only: " + verdict.reason)
    return SignAnswer("counterexample", found, verdict.reason)


def shown_point(point: Mapping[str, object], names: Iterable[str] | None = None) -> str:
    """``r = 1, d = 3``: the coordinates of a point named in ``names`` (all names but the decider's own keys)."""
    keys = [k for k in point if (names is None or k in names) and k.isidentifier() and k != "value"]
    return ", ".join(f"{k} = {point[k]}" for k in keys) or "every point"


def value_of(value: object) -> sympy.Expr:
    """A coordinate of a point as sympy: Fractions and ints exactly, strings (a report's ``"3/5"`` or
    ``"log(2)"``) through the safe parser, sympy values as they are."""
    if isinstance(value, bool) or not isinstance(value, (sympy.Basic, Fraction, int, str)):
        raise invalid("point", value, "is not an exact value")
    return as_sympy(value, name="point")


def _at(expr: sympy.Expr, point: Mapping[str, object]) -> sympy.Expr:
    values = {s: value_of(point[s.name]) for s in expr.free_symbols if s.name in point}
    return sympy.simplify(expr.xreplace(values))


#: Values tried first for a point where a row total is not 1, so that the message shows a simple point.
_SIMPLE = (Fraction(1), Fraction(2), Fraction(1, 2), Fraction(3), Fraction(1, 3), Fraction(0), Fraction(-1))


def _simple_points(names: list[str], domain: Domain) -> list[dict[str, Fraction]]:
    """Points of the domain with simple coordinates (for one or two names; none beyond)."""
    if len(names) > 2:
        return []
    points = [dict(zip(names, values)) for values in itertools.product(_SIMPLE, repeat=len(names))]
    return [p for p in points if domain.contains(p)]


def _probe_total(req: Requirement, domain: Domain) -> tuple[dict[str, Fraction], sympy.Expr] | None:
    """An exact point of the domain where the total is not 1 (or None): simple values first, then interior
    points of the domain."""
    names = sorted({s.name for s in req.expr.free_symbols} | set(domain.names))
    extra = sorted({s.name for s in req.expr.free_symbols} - set(domain.names))
    for point in [*_simple_points(names, domain), *domain.sample(_PROBE_POINTS, symbols=extra)]:
        try:
            value = _at(req.expr, point)
        except (ZeroDivisionError, TypeError, ValueError):
            continue
        if value.is_Rational and value != 1:
            return point, value
    return None


def _check_total(req: Requirement, domain: Domain, timeout: float) -> None:
    if is_identity_zero(req.expr - 1):
        return
    probe = _probe_total(req, domain)
    if probe is not None:
        point, value = probe
        raise invalid(req.name, req.shown, f"sums to {sympy.factor(req.expr)}, not 1; at "
                      f"{shown_point(point, {s.name for s in req.expr.free_symbols})} it is {value}")
    answer = decide_sign(req.expr - 1, domain, req.given, sign="==0", timeout=timeout)
    if answer.outcome == "proved":
        return
    if answer.outcome == "counterexample" and answer.counterexample:
        value = _at(req.expr, answer.counterexample)
        raise invalid(req.name, req.shown, f"sums to {sympy.factor(req.expr)}, not 1; at "
                      f"{shown_point(answer.counterexample, {s.name for s in req.expr.free_symbols})} it is {value}")
    raise invalid(req.name, req.shown, f"cannot be shown to sum to 1 on the domain {str(domain)!r}: {answer.reason}",
                  "write the row so that it sums to 1 identically")


def _check_probability(req: Requirement, domain: Domain, timeout: float) -> None:
    if req.expr.is_Rational and not req.expr.free_symbols:
        if not 0 <= req.expr <= 1:
            raise invalid(req.name, req.shown, f"is {req.expr}, outside [0, 1]")
        return
    for side, shown, sign in ((req.expr, "below 0", ">=0"), (1 - req.expr, "above 1", ">=0")):
        answer = decide_sign(side, domain, req.given, sign=sign, timeout=timeout,
                             symbols=[s.name for s in req.expr.free_symbols])
        if answer.outcome == "proved":
            continue
        where = f"the domain {str(domain)!r}" if domain.conditions else "every real value of its parameters"
        if req.given:
            where += f" with {', '.join(req.given)}"
        if answer.outcome == "counterexample" and answer.counterexample:
            point = answer.counterexample
            value = _at(req.expr, point)
            raise invalid(req.name, req.shown, f"is {shown} at {shown_point(point, {s.name for s in req.expr.free_symbols})}"
                          f" (it is {value})", f"an entry must lie in [0, 1] on {where}")
        raise invalid(req.name, req.shown, f"cannot be shown to lie in [0, 1] on {where}: {answer.reason}",
                      "state a domain on which the decider can settle it")


#: Families already validated (each is decided once per process).
_VALIDATED: dict[Family, bool] = {}
_VALIDATED_LIMIT = 512


def check_requirements(requirements: Iterable[Requirement], domain: Domain, *,
                       timeout: float = VALIDATION_TIMEOUT) -> None:
    """Decide each requirement on the whole ``domain`` (row totals first), as :func:`validate` does for a
    family; a one-line :class:`~core.errors.InvalidArgument` naming the first that fails, a point and the
    value there. Used for a matrix or a prior given as a list to a check."""
    seen: set[tuple[str, sympy.Expr, tuple[str, ...]]] = set()
    # row totals first: a mistyped row is named as such rather than by the entry that happens to leave [0, 1]
    for req in sorted(requirements, key=lambda r: r.kind != "total"):
        mark = (req.kind, req.expr, req.given)
        if mark in seen:
            continue
        seen.add(mark)
        if req.kind == "total":
            _check_total(req, domain, timeout)
        else:
            _check_probability(req, domain, timeout)


def _validated(family: Family, timeout: float) -> bool:
    if family in _VALIDATED:
        return True
    check_requirements(family.requirements(), family.domain, timeout=timeout)
    if len(_VALIDATED) >= _VALIDATED_LIMIT:
        _VALIDATED.clear()
    _VALIDATED[family] = True
    return True


def validate(family: Family, *, timeout: float = VALIDATION_TIMEOUT) -> Family:
    """``family`` itself once every requirement is decided on its whole domain; otherwise a one-line
    :class:`~core.errors.InvalidArgument` (see the module docstring). Cached per family."""
    if not isinstance(family, Family):
        raise invalid("mechanism", family, "is not a mechanism family (build one with proofs.mechanisms)")
    _validated(family, float(timeout))
    return family
