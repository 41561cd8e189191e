"""Moments of a law with continuous output (:class:`numeric.density.Density`): mean and variance of one report
and of the mean of n reports, proved for every input and every parameter.

::

    from proofs.continuous import check_density_moment, piecewise
    PM = piecewise()
    check_density_moment(PM, "t", moment="mean", domain="eps > 0")                          # unbiased
    check_density_moment(PM, "t**2/(exp(eps/2)-1) + (exp(eps/2)+3)/(3*(exp(eps/2)-1)**2)", moment="variance",
                         domain="eps > 0")                                                          # Wang et al. 2019
    check_density_moment(PM, "...", moment="variance", statistic="mean", domain="eps > 0, n >= 1")  # of n reports

``statistic="output"`` is one report y given t; ``statistic="mean"`` the mean of n i.i.d. reports of users who
all hold t (mean E[y | t], variance Var[y | t]/n; ``n`` a name or a number). Two independent methods:

1. **symbolic** — E[y^k | t] = Σ_pieces ∫ y^k f(y | t) dy + Σ_atoms at^k · mass, each integral by sympy on the
   piece's interval with the parameters' signs known from the domain; the claimed formula minus the derived
   one reduced to 0 (with each e^{kε} a power of one generator, s = e^{ε/2}): ``proved`` for every t of the
   input interval and every parameter point of the domain. A difference that does not reduce to 0 is
   evaluated at exact points (parameters from the domain, t in the interval) and a non-zero value there, decided
   in balls at two precisions, refutes the claim;
2. **interval** (certified integration) — at exact points the moments computed again without sympy's
   ``integrate``: bounded pieces by python-flint's ``acb.integral``, unbounded ones term by term in closed form
   (:func:`numeric.density.exact_integral`), atoms exactly; the claimed value compared in balls (disjoint balls
   refute, re-checked at a second precision).
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import sympy

from core.domain import Domain, DomainLike
from core.errors import invalid
from core.types import ExprLike, Values
from numeric.density import (T, Y, Density, exact_integral, is_identity, parse_density_formula, raw_moment,
                             tidy, with_generator)
from proofs.kernel import stepcheck
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.kernel.steps import Identity, Stated, counterexample_steps
from proofs.base.verdict import Verdict
from proofs.engines.density_ldp import acb_function
from proofs.engines.domains import emptiness, vacuous_evidence

if TYPE_CHECKING:
    import flint

__all__ = ["check_density_moment", "dispatch_moment", "derived_moment", "moment_at", "MOMENTS", "STATISTICS"]

MOMENTS = ("mean", "variance", "second")
STATISTICS = ("output", "mean")


def derived_moment(law: Density, moment: str, statistic: str = "output", n: ExprLike = "n") -> sympy.Expr:
    """The moment as a formula in t and the parameters (see the module docstring)."""
    _check_names(moment, statistic)
    mean = tidy(raw_moment(law, 1))
    if moment == "mean":
        return mean
    second = raw_moment(law, 2)
    if moment == "second":
        if statistic == "mean":
            count = parse_density_formula(n, name="n")
            return tidy((second - mean ** 2) / count + mean ** 2)
        return tidy(second)
    variance = tidy(second - mean ** 2)
    if statistic == "mean":
        variance = variance / parse_density_formula(n, name="n")
    return variance


def _check_names(moment: str, statistic: str) -> None:
    if moment not in MOMENTS:
        raise invalid("moment", moment, f"not one of {list(MOMENTS)}")
    if statistic not in STATISTICS:
        raise invalid("statistic", statistic, f"not one of {list(STATISTICS)}")


def check_density_moment(law: Density, claimed: ExprLike, *, moment: str = "mean", statistic: str = "output",
                         n: ExprLike = "n", domain: DomainLike = None, points: int = 4) -> Verdict:
    """Is ``claimed`` (a formula in t, the parameters and, for the mean of reports, n) the ``moment`` of the
    ``statistic`` for every input t and every parameter point of the merged domain? A verdict with two methods
    (see the module docstring)."""
    if not isinstance(law, Density):
        raise invalid("mechanism", type(law).__name__, "is not a law with continuous output (numeric.density.Density)")
    _check_names(moment, statistic)
    merged = law.domain & Domain.parse(domain) if domain is not None else law.domain
    formula = parse_density_formula(claimed, name="claimed")
    count = parse_density_formula(n, name="n") if statistic == "mean" else None
    if (status := emptiness(merged)).empty:  # an empty domain earns no verdict, only the note that it is empty
        return Verdict(vacuous_evidence((Method.SYMBOLIC, Method.INTERVAL), merged, status))
    return Verdict((_symbolic(law, merged, formula, moment, statistic, count, points),
                    _certified(law, merged, formula, moment, statistic, count, points)))


def dispatch_moment(mechanism: object, claimed: ExprLike, **options: Any) -> Verdict | None:
    """The hook of the general ``proofs.check_moment``: the verdict of :func:`check_density_moment` when
    ``mechanism`` is a law with continuous output (``moment``, ``statistic`` — ``"output"`` or ``"y"``, ``"mean"``
    or ``"ybar"`` —, ``n``, ``domain`` and an integer ``points`` taken from ``options``), else ``None``."""
    if not isinstance(mechanism, Density):
        return None
    known = {k: v for k, v in options.items() if k in ("moment", "statistic", "n", "domain") and v is not None}
    if isinstance(options.get("points"), int) and not isinstance(options.get("points"), bool):
        known["points"] = options["points"]
    if "statistic" in known:
        known["statistic"] = {"y": "output", "ybar": "mean"}.get(known["statistic"], known["statistic"])
    return check_density_moment(mechanism, claimed, **known)


def _text(law: Density, merged: Domain, statistic: str) -> str:
    who = "one report" if statistic == "output" else "the mean of n reports"
    return f"{who}, every t in [{law.interval[0]}, {law.interval[1]}], every parameter point of {merged or 'all values'}"


def _points(law: Density, merged: Domain, k: int, *exprs: sympy.Expr) -> list[tuple[dict[str, sympy.Expr], bool]]:
    names = sorted((set(merged.names) | set(law.parameters) | {s.name for e in exprs for s in e.free_symbols})
                   - {"t", "tp", "y"})
    integers = set(merged.integers)
    if "n" in names:
        merged = merged & Domain.parse("n >= 1", integers=("n",))
        integers.add("n")
    if not names:
        return [({}, True)]
    out = []
    for p in merged.with_integers(integers).sample(k, seed=11, symbols=names):
        if all(x in p for x in names):
            out.append(({x: sympy.Rational(p[x].numerator, p[x].denominator) for x in names}, merged.interior(p)))
    return out


def _inputs(law: Density, subs: Mapping[sympy.Symbol, sympy.Expr]) -> list[sympy.Expr]:
    lo, hi = (sympy.sympify(v.subs(subs)) for v in law.interval)
    return [lo + (hi - lo) * sympy.Rational(j, 4) for j in (1, 2, 3, 0, 4)]


def _symbolic(law: Density, merged: Domain, formula: sympy.Expr, moment: str, statistic: str, count: ExprLike | None,
              k: int) -> Evidence:
    start = time.perf_counter()
    text = _text(law, merged, statistic)
    try:
        derived = derived_moment(law, moment, statistic, count if count is not None else "n")
    except (ValueError, NotImplementedError) as exc:
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, text, {"why": str(exc)[:300]},
                        seconds=time.perf_counter() - start)
    detail = {"derived": str(derived), "claimed": str(formula), "moment": moment, "statistic": statistic}
    steps = (Stated(f"E[y^k | t] is the sum over the pieces of the integral of y^k f(y | t) on each piece's interval "
                    f"plus the sum over the atoms of at^k times the mass; sympy integrated each piece: the {moment} is "
                    f"{derived}."),)
    if is_identity(formula - derived, merged):
        return Evidence(Method.SYMBOLIC, Outcome.PROVED, text, detail, derived={moment: derived},
                        steps=steps + (Identity(f"the claimed {moment} equals the derived one", formula, derived),),
                        seconds=time.perf_counter() - start)
    difference = formula - derived
    for point, inside in _rational_exponentials(merged, difference, _points(law, merged, k, formula, derived)):
        subs = {sympy.Symbol(x, real=True): v for x, v in point.items()}
        for t in _inputs(law, subs):
            value = difference.subs(subs).subs(T, t)
            if value.free_symbols:
                continue
            if stepcheck.sign_of(value) in (1, -1):
                at = {**point, "t": t}
                try:
                    shown = counterexample_steps(printed=formula, exact=derived, point=at, domain=merged,
                                                 printed_says=f"the claimed {moment}", exact_says=f"the derived {moment}")
                except (ValueError, TypeError):
                    shown = ()
                return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, text, detail, derived={moment: derived},
                                counterexample={**point, "t": t, "claimed": formula.subs(subs).subs(T, t),
                                                "exact": derived.subs(subs).subs(T, t)},
                                recheck=Recheck.EXACT if value.is_Rational else Recheck.TWO_PRECISIONS,
                                steps=steps + tuple(shown), seconds=time.perf_counter() - start)
    return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, text,
                    {**detail, "why": "the difference did not reduce to 0 and no point showed it non-zero"},
                    seconds=time.perf_counter() - start)


def _rational_exponentials(merged: Domain, expr: sympy.Expr,
                           points: list[tuple[dict[str, ExprLike], bool]]) -> list[tuple[dict[str, ExprLike], bool]]:
    """The drawn points, preceded by points where each e^{x/L} of ``expr`` is rational (x = L·log r, r = 2, 3, 5):
    there a counterexample is re-checked in exact rational arithmetic (e^{ε/2} = 3 for the piecewise mechanism)."""
    generators = {}
    for symbol in sorted({s for e in expr.atoms(sympy.exp) for s in e.free_symbols} - {T}, key=lambda s: s.name):
        _, g, L = with_generator(expr, symbol)
        if g is not None:
            generators[symbol.name] = L
    if not generators:
        return points
    nice = []
    for point, inside in points[:2]:
        for r in (2, 3, 5):
            candidate = {**point, **{name: L * sympy.log(r) for name, L in generators.items()}}
            if all(stepcheck.truth(c, candidate) is True for c in merged.conditions):
                nice.append((candidate, inside))
    return nice + points


def _acb_integral(expr: sympy.Expr, lo: sympy.Expr, hi: sympy.Expr, prec: int) -> flint.arb:
    from flint import acb

    f = acb_function(sympy.expand(expr))
    return acb.integral(lambda z, analytic: f(z), acb(stepcheck.arb_value(lo, {}, prec)),
                        acb(stepcheck.arb_value(hi, {}, prec))).real


def moment_at(law: Density, k: int, t: ExprLike, point: Values, *, prec: int = 200) -> flint.arb:
    """E[y^k | t] at the exact ``point`` as an arb ball: bounded pieces by ``acb.integral``, unbounded ones by
    :func:`numeric.density.exact_integral`, atoms exactly."""
    from flint import arb, ctx

    at = law.at(point)
    old = ctx.prec
    ctx.prec = prec
    try:
        total = arb(0)
        for piece in at.pieces:
            lo, hi = sympy.sympify(piece.lo.subs(T, t)), sympy.sympify(piece.hi.subs(T, t))
            g = Y ** k * piece.density.subs(T, t)
            if lo.is_finite and hi.is_finite:
                total += _acb_integral(g, lo, hi, prec)
            else:
                total += stepcheck.arb_value(exact_integral(g, lo, hi), {}, prec)
        for atom in at.atoms:
            total += stepcheck.arb_value(atom.at ** k * atom.mass.subs(T, t), {}, prec)
        return total
    finally:
        ctx.prec = old


def _statistic_ball(law: Density, moment: str, statistic: str, count: ExprLike, t: ExprLike, point: Values,
                    prec: int) -> flint.arb:
    from flint import ctx

    old = ctx.prec
    ctx.prec = prec
    try:
        return _statistic_value(law, moment, statistic, count, t, point, prec)
    finally:
        ctx.prec = old


def _statistic_value(law: Density, moment: str, statistic: str, count: ExprLike, t: ExprLike, point: Values,
                     prec: int) -> flint.arb:
    m1 = moment_at(law, 1, t, point, prec=prec)
    if moment == "mean":
        return m1
    m2 = moment_at(law, 2, t, point, prec=prec)
    variance = m2 - m1 * m1
    if statistic == "mean":
        n = stepcheck.arb_value(sympy.sympify(count).subs({sympy.Symbol(x, real=True): v for x, v in point.items()}),
                                {}, prec)
        variance = variance / n
    return variance if moment == "variance" else variance + m1 * m1


def _certified(law: Density, merged: Domain, formula: sympy.Expr, moment: str, statistic: str, count: ExprLike | None,
               k: int) -> Evidence:
    start = time.perf_counter()
    text = (f"exact points of {merged or 'all values'}, t at the ends, quarters and middle of the input interval: "
            "certified integration (acb.integral; exact normal and exponential tails)")
    checked, interior = 0, 0
    extra = (count,) if count is not None else ()
    for point, inside in _points(law, merged, k, formula, *extra):
        subs = {sympy.Symbol(x, real=True): v for x, v in point.items()}
        for t in _inputs(law, subs):
            claimed = sympy.sympify(formula.subs(subs).subs(T, t))
            if claimed.free_symbols:
                return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, text,
                                {"why": f"the claimed formula has names no point gives: {sorted(map(str, claimed.free_symbols))}"},
                                seconds=time.perf_counter() - start)
            try:
                ball = _statistic_ball(law, moment, statistic, count, t, point, 200)
                claimed_ball = stepcheck.arb_value(claimed, {}, 200)
            except (ValueError, ZeroDivisionError) as exc:
                return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, text, {"why": str(exc)[:300]},
                                seconds=time.perf_counter() - start)
            checked += 1
            if not ball.overlaps(claimed_ball):
                again = _statistic_ball(law, moment, statistic, count, t, point, 400)
                if not again.overlaps(stepcheck.arb_value(claimed, {}, 400)):
                    return Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE, text, {"points": checked},
                                    counterexample={**point, "t": t, "claimed": claimed, "integrated": again.mid().str(30, radius=False),
                                                    "relation": "claimed != integrated"},
                                    recheck=Recheck.TWO_PRECISIONS, seconds=time.perf_counter() - start)
            if ball.rad() > 1e-30:
                return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, text,
                                {"why": f"the integral's ball {ball} is too wide to compare"},
                                seconds=time.perf_counter() - start)
        interior += int(inside)
    return Evidence(Method.INTERVAL, Outcome.HOLDS, text, {"points": checked}, interior_cases=interior,
                    seconds=time.perf_counter() - start)
