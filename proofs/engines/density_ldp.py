"""Privacy of a law with continuous output (:class:`numeric.density.Density`): ε-LDP and (ε, δ)-LDP.

::

    from proofs.continuous import check_density_ldp, piecewise, gaussian
    check_density_ldp(piecewise(), "eps", domain="eps > 0")                     # proved for every eps > 0
    check_density_ldp(gaussian("2"), "1", delta="1/2")                         # (1, 1/2)-LDP for inputs in [-1, 1]

**ε-LDP** (Duchi, Jordan and Wainwright 2013; Dwork and Roth, Definition 2.4): P(y ∈ S | t) ≤ e^ε P(y ∈ S | t′)
for every event S and inputs t, t′. The law is a density part plus atoms at fixed points, two mutually
singular parts, so this holds exactly when f(y | t) ≤ e^ε f(y | t′) for almost every y and m_k(t) ≤ e^ε m_k(t′)
at every atom. Two independent methods:

1. **decision** — the pieces tile the support (one piece applies at almost every y), so the density ratio is,
   case by case, the ratio of piece i at t and piece j at t′ on the region where both apply
   (ℓ_i(t) ≤ y ≤ r_i(t), ℓ_j(t′) ≤ y ≤ r_j(t′), t and t′ in the input interval, the parameters in the domain).
   In each case the condition e^ε f_j(y, t′) − f_i(y, t) ≥ 0 is an identity, or its logarithmic form
   ε − log(f_i/f_j) ≥ 0 (polynomial for constant, Laplace and Gaussian pieces: |t − t′|/b for Laplace) or the
   difference itself is decided by :func:`proofs.check_sign`; each atom's condition likewise. The region's
   conditions enter only when the condition depends on y, which only enlarges the set decided. A case
   refuted becomes an exact point (parameters, t, t′, y): y is moved inside both pieces' open intervals, and
   f(y | t) > e^ε f(y | t′) is re-checked on the law's own density at that point (a strict inequality at a
   point inside both pieces, where both are continuous, holds on a set of positive measure).
   When the pieces overlap (a mixture, a floor plus a window) or the support moves with t (a window centred
   at t), the density part is first cut into cells (:mod:`proofs.engines.density_cells`): the ends of the
   pieces at t and at t′ are ordered, each ordering that the sign engine does not prove empty is a case, and
   on each of its cells f(y | t) and f(y | t′) are the sums of the pieces that hold the cell. The same
   condition is decided on each cell: first for every input (a condition free of y is decided once), else
   within the ordering, with y strictly inside the cell (or, free of y, the cell not empty). A cell where
   f(y | t′) = 0 < f(y | t) is an infinite loss. A refuted cell becomes an exact point (parameters, t, t′,
   y) with y inside the cell, re-checked on the law's own density (the sum of the pieces that hold y), whose
   steps show it on the region where the same pieces hold y. A proof needs every ordering kept decided and
   at least one shown possible; at most :data:`proofs.engines.density_cells.MAX_ORDERINGS` orderings are
   enumerated, beyond which the decision is inconclusive with one line;
2. **enumeration** — the density at exact points: parameters drawn from the interior of the domain, t and t′
   at the ends and the middle of the input interval, y at every end of a piece, between them and far out in
   unbounded tails, and the atoms' masses; each ratio compared with e^ε in balls at two precisions.

**(ε, δ)-LDP** (Dwork and Roth, Definition 2.4 with δ): sup over t, t′ of the hockey-stick divergence
∫ (f(y | t) − e^ε f(y | t′))₊ dy + Σ_k (m_k(t) − e^ε m_k(t′))₊ ≤ δ. Two methods:

1. **decision (closed form)** — for a normal law N(t, σ²) (recognised from its density: log f quadratic in y
   with mean t), δ(ε) = Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ) (Balle and Wang 2018, Theorem 8), Δ the width
   of the input interval (the divergence of two normals of equal σ depends only on |t − t′| and grows with it).
   Where the domain leaves no parameter free it is decided at that point in balls (``proved`` or a refutation
   re-checked at two precisions); otherwise at exact points drawn from the domain (support);
2. **certified integration** — at exact points the divergence itself for the pairs (t, t′) at the ends and
   the middle of the interval: the real line cut at every end of a piece and at every root of
   f_i − e^ε f_j (solved exactly in the logarithmic form), each positive cell integrated by python-flint's
   ``acb.integral`` (finite cells) or exactly term by term (:func:`numeric.density.exact_integral`: normal and
   exponential tails) and enclosed in a ball (unbounded cells).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

import sympy

from core.context import DEFAULT_DPS, EXACT_SIGN, closed_sign
from core.domain import Domain, DomainLike
from core.errors import invalid
from core.types import ExprLike, Values
from numeric.density import (TP, T, Y, Density, exact_integral, is_identity, larger, normal_cdf, parse_density_formula, positive_symbols,
                             smaller)
from proofs.kernel import stepcheck
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.kernel.steps import Holds, Identity, Stated, counterexample_steps
from proofs.base.verdict import Verdict
from proofs.engines.density_cells import Cell, base_region, cut_into_cells
from proofs.engines.density_validity import SIGN_TIMEOUT, decide_nonnegative
from proofs.engines.domains import emptiness, vacuous_evidence

if TYPE_CHECKING:
    import flint

__all__ = ["check_density_ldp", "dispatch_ldp", "hockey_stick", "acb_function", "gaussian_delta", "normal_parameters"]


def check_density_ldp(law: Density, epsilon: ExprLike, domain: DomainLike = None, *, delta: ExprLike | None = None,
                      points: int = 4,
                      timeout: float = SIGN_TIMEOUT) -> Verdict:
    """Is ``law`` ε-LDP (``delta=None``) or (ε, δ)-LDP on the whole merged domain? A verdict with two methods
    (see the module docstring). ``epsilon`` and ``delta`` are names, formulas or numbers; ``points`` the number
    of exact parameter points the enumeration and the integration draw from the domain."""
    if not isinstance(law, Density):
        raise invalid("mechanism", type(law).__name__, "is not a law with continuous output (numeric.density.Density)")
    merged = law.domain & Domain.parse(domain) if domain is not None else law.domain
    eps = parse_density_formula(epsilon, name="epsilon")
    if (status := emptiness(merged)).empty:  # an empty domain earns no verdict, only the note that it is empty
        return Verdict(vacuous_evidence((Method.DECISION, Method.ENUMERATION), merged, status))
    if delta is None:
        return Verdict((_decision(law, merged, eps, timeout), _enumeration(law, merged, eps, points)))
    dlt = parse_density_formula(delta, name="delta")
    return Verdict((_delta_closed_form(law, merged, eps, dlt, points), _delta_integration(law, merged, eps, dlt, points)))


def dispatch_ldp(mechanism: object, epsilon: ExprLike, domain: DomainLike = None, *, delta: ExprLike | None = None,
                 timeout: float = SIGN_TIMEOUT, points: int = 4, **ignored: object) -> Verdict | None:
    """The hook of the general ``proofs.check_ldp``: the verdict of :func:`check_density_ldp` when ``mechanism`` is
    a law with continuous output, else ``None`` (the finite engines go on). A ``delta`` given for a finite
    mechanism is refused: (eps, delta) is decided here only."""
    if not isinstance(mechanism, Density):
        if delta is not None:
            raise invalid("delta", delta, "(eps, delta)-LDP is checked for laws with continuous output only")
        return None
    return check_density_ldp(mechanism, epsilon, domain, delta=delta, timeout=timeout, points=points)


# ------------------------------------------------------------------------------------------- pure LDP
def _finite(v: sympy.Expr) -> bool:
    return not v.has(sympy.oo, -sympy.oo)


def _region(law: Density, merged: Domain, conditions: Sequence[sympy.Basic]) -> Domain:
    lo, hi = law.interval
    extra = [sympy.Le(lo, T), sympy.Le(T, hi), sympy.Le(lo, TP), sympy.Le(TP, hi), *conditions]
    return merged & Domain("", tuple(c for c in extra if c is not sympy.true))


def _condition(fi: sympy.Expr, fj: sympy.Expr, eps: sympy.Expr, merged: Domain) -> tuple[sympy.Expr, str]:
    """The condition decided for a pair of pieces: ε − log(f_i/f_j) when that is free of exp, log and erf
    (the log-ratio form), else e^ε f_j − f_i."""
    mapping = positive_symbols(merged)
    back = {v: k for k, v in mapping.items()}
    try:
        ratio = sympy.simplify((fi / fj).subs(mapping))
        loss = sympy.simplify(sympy.expand_log(sympy.log(ratio), force=True)).subs(back)
        target = sympy.simplify(eps - loss)
        if not target.has(sympy.exp, sympy.log, sympy.erf, sympy.Abs, sympy.Min, sympy.Max):
            return target, "log-ratio"
    except (TypeError, ValueError, NotImplementedError, ZeroDivisionError, RecursionError):
        pass
    return sympy.exp(eps) * fj - fi, "difference"


def _exact_values(found: Mapping[str, object]) -> dict[str, sympy.Expr]:
    out = {}
    for k, v in (found or {}).items():
        if k in ("value", "lhs", "rhs", "why"):
            continue
        try:
            out[str(k)] = sympy.Rational(str(v))
        except (TypeError, ValueError):
            continue
    return out


def _y_candidates(a: sympy.Expr, b: sympy.Expr) -> list[sympy.Expr]:
    """Points inside (a, b): a grid when both ends are finite, else steps away from the finite end."""
    if _finite(a) and _finite(b):
        return [a + (b - a) * sympy.Rational(k, 8) for k in (4, 1, 7, 2, 6, 3, 5)]
    if _finite(a):
        return [a + sympy.Integer(k) for k in (1, 10, 100, 1000)]
    if _finite(b):
        return [b - sympy.Integer(k) for k in (1, 10, 100, 1000)]
    return [sympy.Integer(k) for k in (0, 1, -1, 10, -10, 100, -100, 1000, -1000)]


def _violation(law: Density, merged: Domain, eps: sympy.Expr, i: int | None, j: int | None,
               found: Mapping[str, object]) -> dict[str, Any] | None:
    """An exact point (parameters, t, tp, y) near ``found`` where f(y|t) > e^ε f(y|tp), inside piece i at t and
    piece j at tp, re-checked on the law's own density; ``None`` if none is found."""
    values = _exact_values(found)
    names = set(merged.names) | set(law.parameters) | {s.name for s in eps.free_symbols}
    base = next(iter(merged.sample(1, seed=3)), {})
    point = {n: sympy.Rational(base[n].numerator, base[n].denominator) for n in base}
    point.update({k: v for k, v in values.items() if k in names})
    missing = sorted(n for n in names if n not in point)
    if missing:
        return None
    subs = {sympy.Symbol(k, real=True): v for k, v in point.items()}
    lo, hi = (sympy.sympify(v.subs(subs)) for v in law.interval)
    params = dict(point)
    e = sympy.exp(sympy.sympify(eps.subs(subs)))
    if i is None:
        return None
    pi, pj = law.pieces[i], law.pieces[j]
    grid = [lo + (hi - lo) * sympy.Rational(k, 4) for k in range(5)]
    pairs = ([(values["t"], values["tp"])] if "t" in values and "tp" in values else [])
    pairs += [(t, tp) for t in grid for tp in grid if t != tp]
    for t, tp in pairs:
        a = larger(sympy.sympify(pi.lo.subs(subs).subs(T, t)), sympy.sympify(pj.lo.subs(subs).subs(T, tp)))
        b = smaller(sympy.sympify(pi.hi.subs(subs).subs(T, t)), sympy.sympify(pj.hi.subs(subs).subs(T, tp)))
        if _finite(a) and _finite(b) and stepcheck.sign_of(b - a) != 1:
            continue
        candidates = ([values["y"]] if "y" in values else []) + _y_candidates(a, b)
        for y in candidates:
            if _finite(a) and stepcheck.sign_of(y - a) != 1 or _finite(b) and stepcheck.sign_of(b - y) != 1:
                continue
            fi, fj = law.density_at(y, t, params), law.density_at(y, tp, params)
            if fi is None or fj is None:
                continue
            if stepcheck.sign_of(e * fj - fi) == -1:
                return {**params, "t": t, "tp": tp, "y": y}
    return None


def _steps_at(law: Density, merged: Domain, eps: sympy.Expr, i: int, j: int, point: Values) -> tuple:
    pi, pj = law.pieces[i], law.pieces[j]
    conditions = [sympy.Lt(pi.lo, Y) if _finite(pi.lo) else sympy.true, sympy.Lt(Y, pi.hi) if _finite(pi.hi) else sympy.true,
                  sympy.Lt(pj.lo.subs(T, TP), Y) if _finite(pj.lo) else sympy.true,
                  sympy.Lt(Y, pj.hi.subs(T, TP)) if _finite(pj.hi) else sympy.true]
    region = _region(law, merged, [c for c in conditions if c is not sympy.true])
    return counterexample_steps(printed=pi.density, exact=sympy.exp(eps) * pj.density.subs(T, TP), relation="<=",
                                point=point, domain=region, printed_says=f"f(y | t), piece {pi.label}",
                                exact_says=f"e^eps f(y | t'), piece {pj.label}")


def _pairs_suffice(law: Density) -> bool:
    """One piece applies at almost every y (the pieces tile, or there is one) and the support of the density part
    does not move with t: the density ratio is then, case by case, a ratio of two pieces."""
    return (len(law.pieces) == 1 or law.tiled) and not any(
        T in e.free_symbols for e in (law.pieces[0].lo, law.pieces[-1].hi))


def _point_values(point: Mapping[str, Any]) -> dict[sympy.Symbol, Any]:
    return {sympy.Symbol(k, real=True): v for k, v in point.items()}


def _counterexample(law: Density, eps: sympy.Expr, point: Mapping[str, Any]) -> dict[str, Any]:
    """The counterexample as reported: the point, both sides re-computed on the law's own density, and an
    infinite loss said as such (f(y|t') = 0 < f(y|t))."""
    fi = law.density_at(point["y"], point["t"], point)
    fj = law.density_at(point["y"], point["tp"], point)
    e = sympy.exp(eps.subs(_point_values(point)))
    out = {**point, "f(y|t)": fi, "e^eps f(y|t')": e * fj if fj is not None else None,
           "relation": "f(y|t) > e^eps f(y|t')"}
    if fi is not None and fj is not None:
        how = closed_sign(sympy.sympify(fi - e * fj))[1]
        out["re-checked"] = "exactly" if how == EXACT_SIGN else f"in balls at {DEFAULT_DPS} and {2 * DEFAULT_DPS} digits"
    if fj == 0:
        out["loss"] = "infinite: f(y|t') = 0 < f(y|t)"
    return out


def _cell_violation(law: Density, merged: Domain, eps: sympy.Expr, cell: Cell,
                    found: Mapping[str, object] | None) -> dict[str, Any] | None:
    """An exact point (parameters, t, tp, y) with y inside ``cell`` at that point (near ``found`` first) where
    f(y|t) > e^eps f(y|tp), re-checked on the law's own density (:func:`numeric.density.Density.density_at`,
    the sum of the pieces that hold y, compared exactly or in balls at two precisions, by
    :func:`proofs.kernel.stepcheck.sign_of` and :func:`core.context.closed_sign`, the working precision and
    twice it); ``None`` if none is found."""
    values = _exact_values(found or {})
    names = sorted(set(merged.names) | set(law.parameters) | {s.name for s in eps.free_symbols})
    bases = [{k: v for k, v in values.items() if k in names}]
    bases += [{n: sympy.Rational(p[n].numerator, p[n].denominator) for n in names if n in p}
              for p in (merged.sample(4, seed=3, symbols=names) if names else [])]
    for base in bases:
        if any(n not in base for n in names):
            continue
        subs = {sympy.Symbol(k, real=True): v for k, v in base.items()}
        lo, hi = (sympy.sympify(v.subs(subs)) for v in law.interval)
        grid = [lo + (hi - lo) * sympy.Rational(k, 4) for k in range(5)]
        pairs = [(values["t"], values["tp"])] if "t" in values and "tp" in values else []
        pairs += [(t, tp) for t in grid for tp in grid if t != tp]
        e = sympy.exp(sympy.sympify(eps.subs(subs)))
        for t, tp in pairs:
            at = {**subs, T: t, TP: tp}
            a, b = sympy.sympify(cell.lo.xreplace(at)), sympy.sympify(cell.hi.xreplace(at))
            if _finite(a) and _finite(b) and stepcheck.sign_of(b - a) != 1:
                continue
            candidates = ([values["y"]] if "y" in values else []) + _y_candidates(a, b)
            for y in candidates:
                if _finite(a) and stepcheck.sign_of(y - a) != 1 or _finite(b) and stepcheck.sign_of(b - y) != 1:
                    continue
                fi, fj = law.density_at(y, t, base), law.density_at(y, tp, base)
                if fi is None or fj is None:
                    continue
                if stepcheck.sign_of(e * fj - fi) == -1 and closed_sign(sympy.sympify(fi - e * fj))[0] == 1:
                    return {**base, "t": t, "tp": tp, "y": y}
    return None


def _steps_at_point(law: Density, merged: Domain, eps: sympy.Expr, point: Mapping[str, Any]) -> tuple:
    """The steps of a refutation at ``point``: on the region where the same pieces hold y at t and at t' as at
    the point (y strictly inside each of them and strictly outside the others), f(y|t) is their sum, and the
    claimed f(y|t) <= e^eps f(y|t') fails at the point."""
    params = {sympy.Symbol(k, real=True): v for k, v in point.items() if k not in ("y", "t", "tp")}
    y = point["y"]
    conditions: list[sympy.Basic] = []
    held: dict[sympy.Symbol, list[int]] = {}
    for x, value in ((T, point["t"]), (TP, point["tp"])):
        held[x] = []
        for k, piece in enumerate(law.pieces):
            lo, hi = piece.lo.subs(T, x), piece.hi.subs(T, x)
            at = {**params, x: value}
            above = not _finite(lo) or stepcheck.sign_of(y - lo.xreplace(at)) == 1
            below = not _finite(hi) or stepcheck.sign_of(hi.xreplace(at) - y) == 1
            if above and below:
                held[x].append(k)
                conditions += [c for c in (sympy.Lt(lo, Y) if _finite(lo) else None,
                                           sympy.Lt(Y, hi) if _finite(hi) else None) if c is not None]
            else:
                conditions.append(sympy.Lt(Y, lo) if not above else sympy.Lt(hi, Y))
    printed = sympy.Add(*[law.pieces[k].density for k in held[T]])
    exact = sympy.exp(eps) * sympy.Add(*[law.pieces[k].density.subs(T, TP) for k in held[TP]])

    def named(ks: list[int]) -> str:
        return ("pieces " + ", ".join(law.pieces[k].label or str(k) for k in ks)) if ks else "no piece"

    return counterexample_steps(printed=printed, exact=exact, relation="<=", point=point,
                                domain=base_region(law, merged, *conditions),
                                printed_says=f"f(y | t), the sum of {named(held[T])}",
                                exact_says=f"e^eps f(y | t'), the sum of {named(held[TP])}")


_OUTCOME = {True: "proved", False: "refuted", None: "undecided"}


def _cell_cases(law: Density, merged: Domain, eps: sympy.Expr, timeout: float, text: str,
                start: float) -> Evidence | tuple[list[Any], list[dict[str, Any]], list[str], dict[str, Any]]:
    """The density part decided cell by cell over the orderings of the pieces' ends
    (:func:`proofs.engines.density_cells.cut_into_cells`): e^eps f(y|t') - f(y|t) >= 0 on each cell of each ordering
    not proved empty. Returns a counterexample, or the steps, the cases, the undecided ones and the summary."""
    normal = cut_into_cells(law, merged, timeout=timeout)
    summary = normal.summary()
    steps: list[Any] = [Stated(
        "The law is a density part and atoms at fixed points (mutually singular), so it is eps-LDP exactly when "
        "f(y|t) <= e^eps f(y|t') for almost every y and each atom's mass satisfies m(t) <= e^eps m(t'). The ends of "
        "the pieces at t and at t' cut the output line into cells; on each cell f(y|t) and f(y|t') are the sums of "
        "the pieces that hold it (overlapping pieces add, none: 0). Every t, t' and parameter point satisfies one "
        "of the orderings of the ends that keep the pairs decided below; each ordering left is decided cell by "
        "cell, or shown empty."), *normal.steps]
    cases: list[dict[str, Any]] = []
    undecided: list[str] = []
    why = None
    if normal.refused:
        why = normal.refused
    elif not normal.orderings:
        why = ("no ordering of the pieces' ends is possible on the domain (each was proved empty), so no case was "
               "decided")
    elif not normal.possible:
        why = "no ordering of the pieces' ends was shown possible (no point of one was found), so no case is earned"
    if why is not None:
        summary["why"] = why
        return steps, cases, [why], summary
    everywhere: dict[sympy.Expr, tuple[bool | None, Mapping[str, object] | None]] = {}
    within: dict[tuple[sympy.Expr, ...], bool | None] = {}
    identities: dict[tuple[sympy.Expr, sympy.Expr], bool] = {}
    conditions: dict[tuple[sympy.Expr, sympy.Expr], tuple[sympy.Expr, str]] = {}
    e = sympy.exp(eps)
    for number, ordering in enumerate(normal.orderings, 1):
        tally: dict[str, int] = {}
        open_cells: list[str] = []
        for cell in ordering.cells:
            fi, fj = cell.density(law, second=False), cell.density(law, second=True)
            label = f"ordering {number}, cell {cell.text}"
            if fi == 0:
                tally["no piece at t"] = tally.get("no piece at t", 0) + 1
                continue
            if (fi, fj) not in identities:
                identities[(fi, fj)] = is_identity(e * fj - fi, merged)
                if identities[(fi, fj)]:
                    steps.append(Identity(f"e^eps f(y|t') = f(y|t) where f(y|t) = {fi}", e * fj, fi))
            if identities[(fi, fj)]:
                tally["identity"] = tally.get("identity", 0) + 1
                continue
            if fj == 0:
                condition, form = -fi, "no piece at t' (an infinite loss where f(y|t) > 0)"
            else:
                if (fi, fj) not in conditions:      # the same two sums recur in many cells and orderings
                    conditions[(fi, fj)] = _condition(fi, fj, eps, merged)
                condition, form = conditions[(fi, fj)]
            ok: bool | None = None
            found: Mapping[str, object] | None = None
            if Y not in condition.free_symbols:
                if condition not in everywhere:
                    ok, found, proof = decide_nonnegative(condition, base_region(law, merged), timeout=timeout)
                    everywhere[condition] = (ok, found)
                    if ok is True:
                        steps.append(Stated(f"{condition} >= 0 for every t, t' in the interval and every parameter "
                                            f"point ({form} form), by the steps that follow"))
                        steps.extend(proof)
                ok, found = everywhere[condition]
                how = f"{form}, on every input" if ok is True else form
            else:
                key = (condition, cell.lo, cell.hi)
                if key not in within:
                    ok, found, proof = decide_nonnegative(condition, base_region(law, merged, *cell.conditions(Y)),
                                                          timeout=timeout)
                    within[key] = ok
                    if ok is True:
                        steps.append(Stated(f"{condition} >= 0 for y in {cell.text} ({form} form), by the steps "
                                            "that follow"))
                        steps.extend(proof)
                ok = within[key]
                how = form
            if ok is not True:
                region = base_region(law, merged, *ordering.conditions(),
                                     *cell.conditions(Y if Y in condition.free_symbols else None))
                ok, found, proof = decide_nonnegative(condition, region, timeout=timeout)
                how = f"{form}, in this ordering"
                if ok is True:
                    steps.append(Stated(f"{label}: {condition} >= 0 where {ordering.text} and the cell is not empty "
                                        f"({form} form), by the steps that follow"))
                    steps.extend(proof)
            tally[how] = tally.get(how, 0) + 1
            if ok is True:
                continue
            point = _cell_violation(law, merged, eps, cell, found) if ok is False else None
            if point is not None:
                cases.append({"case": f"ordering {number}: {ordering.text}", "possible": ordering.possible,
                              "decided": "refuted", "refuted cell": cell.text, "condition": f"{condition} >= 0"})
                return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text,
                                {"cases": cases, "refuted case": label, "orderings": summary},
                                counterexample=_counterexample(law, eps, point), recheck=Recheck.TWO_PRECISIONS,
                                steps=tuple(steps) + _steps_at_point(law, merged, eps, point),
                                seconds=time.perf_counter() - start)
            open_cells.append(cell.text)
            undecided.append(label)
        cases.append({"case": f"ordering {number}: {ordering.text}", "possible": ordering.possible,
                      "cells": len(ordering.cells), "how": tally,
                      "decided": "undecided" if open_cells else "proved"})
        if not open_cells:
            steps.append(Stated(f"ordering {number} ({ordering.text}; {ordering.possible}): each of its "
                                f"{len(ordering.cells)} cells decided above ({', '.join(sorted(tally))})"))
    return steps, cases, undecided, summary


def _decision(law: Density, merged: Domain, eps: sympy.Expr, timeout: float) -> Evidence:
    start = time.perf_counter()
    text = f"every parameter point of {merged or 'all values'}, every t, t' in [{law.interval[0]}, {law.interval[1]}], every y"
    steps: list[Any]
    cases: list[dict[str, Any]]
    undecided: list[str]
    cells: dict[str, Any] | None = None
    if law.pieces and not _pairs_suffice(law):
        decided = _cell_cases(law, merged, eps, timeout, text, start)
        if isinstance(decided, Evidence):
            return decided
        steps, cases, undecided, cells = decided
    else:
        steps = [Stated("The law is a density part and atoms at fixed points (mutually singular), so it is "
                                   "eps-LDP exactly when f(y|t) <= e^eps f(y|t') for almost every y and each atom's "
                                   "mass satisfies m(t) <= e^eps m(t'); the pieces tile the support, so the density "
                                   "ratio is a ratio of two pieces on the region where both apply.")]
        cases, undecided = [], []
        for i, pi in enumerate(law.pieces):
            for j, pj in enumerate(law.pieces):
                fi, fj = pi.density, pj.density.subs(T, TP)
                label = f"piece {pi.label} at t / piece {pj.label} at t'"
                if is_identity(sympy.exp(eps) * fj - fi, merged):
                    steps.append(Identity(f"{label}: e^eps f_j(y, t') = f_i(y, t)", sympy.exp(eps) * fj, fi))
                    cases.append({"case": label, "how": "identity"})
                    continue
                condition, form = _condition(fi, fj, eps, merged)
                y_conditions = []
                if Y in condition.free_symbols:
                    for lo, hi in ((pi.lo, pi.hi), (pj.lo.subs(T, TP), pj.hi.subs(T, TP))):
                        if _finite(lo):
                            y_conditions.append(sympy.Le(lo, Y))
                        if _finite(hi):
                            y_conditions.append(sympy.Le(Y, hi))
                ok, found, proof = decide_nonnegative(condition, _region(law, merged, y_conditions), timeout=timeout)
                cases.append({"case": label, "how": form, "condition": f"{condition} >= 0",
                              "decided": {True: "proved", False: "refuted", None: "undecided"}[ok]})
                if ok is True:
                    steps.append(Stated(f"{label}: the condition {condition} >= 0 on the region where both apply "
                                        f"({form} form), by the steps that follow"))
                    steps.extend(proof)
                    continue
                if ok is False:
                    point = _violation(law, merged, eps, i, j, found or {})
                    if point is not None:
                        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text,
                                        {"cases": cases, "refuted case": label},
                                        counterexample={**{k: v for k, v in point.items()},
                                                        "f(y|t)": law.density_at(point["y"], point["t"], point),
                                                        "e^eps f(y|t')": sympy.exp(eps.subs(
                                                            {sympy.Symbol(k, real=True): v for k, v in point.items()}))
                                                        * law.density_at(point["y"], point["tp"], point),
                                                        "relation": "f(y|t) > e^eps f(y|t')"},
                                        recheck=Recheck.TWO_PRECISIONS,
                                        steps=tuple(steps) + _steps_at(law, merged, eps, i, j, point),
                                        seconds=time.perf_counter() - start)
                undecided.append(label)
    for group, (position, mass) in enumerate(_atom_groups(law, merged)):
        label = f"atom at {position}"
        condition = sympy.exp(eps) * mass.subs(T, TP) - mass
        if is_identity(condition, merged):
            cases.append({"case": label, "how": "identity"})
            continue
        ok, proof = _corners_nonnegative(condition, law, merged, timeout)
        found = None
        if ok is None:
            ok, found, proof = decide_nonnegative(condition, _region(law, merged, []), timeout=timeout)
        cases.append({"case": label, "how": "masses", "condition": f"{condition} >= 0",
                      "decided": {True: "proved", False: "refuted", None: "undecided"}[ok]})
        if ok is True:
            steps.append(Stated(f"{label}: {condition} >= 0 for t, t' in the interval, by the steps that follow"))
            steps.extend(proof)
            continue
        if ok is False:
            point = _atom_violation(law, merged, eps, mass, found)
            if point is not None:
                return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, {"cases": cases, "refuted case": label},
                                counterexample=point, recheck=Recheck.TWO_PRECISIONS, steps=tuple(steps),
                                seconds=time.perf_counter() - start)
        undecided.append(label)
    seconds = time.perf_counter() - start
    ordered = {} if cells is None else {"orderings": cells}
    if undecided:
        why = ({"why": cells["why"]} if cells is not None and "why" in cells else {})
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text,
                        {**why, "cases": cases, "undecided": undecided, **ordered}, seconds=seconds)
    return Evidence(Method.DECISION, Outcome.PROVED, text, {"cases": cases, "ratio cases": len(cases), **ordered},
                    steps=tuple(steps), seconds=seconds)


def _atom_groups(law: Density, merged: Domain) -> list[tuple[sympy.Expr, sympy.Expr]]:
    groups: list[list[Any]] = []
    for atom in law.atoms:
        for group in groups:
            if is_identity(group[0] - atom.at, merged):
                group[1] = group[1] + atom.mass
                break
        else:
            groups.append([atom.at, atom.mass])
    return [(g[0], g[1]) for g in groups]


def _corners_nonnegative(condition: sympy.Expr, law: Density, merged: Domain,
                         timeout: float) -> tuple[bool | None, tuple[Any, ...]]:
    """A condition affine in t and in t′ separately is ≥ 0 on the square iff it is at its four corners."""
    for x in (T, TP):
        e = sympy.expand(condition)
        if not e.is_polynomial(x) or sympy.Poly(e, x).degree() > 1:
            return None, ()
    steps: list[Any] = [Stated("The condition is affine in t and in t' separately, so it is >= 0 on the square of "
                               "inputs when it is at the four corners.")]
    for a in law.interval:
        for b in law.interval:
            ok, _, proof = decide_nonnegative(condition.subs({T: a, TP: b}), merged, timeout=timeout)
            if ok is not True:
                return None, ()
            steps.extend(proof)
    return True, tuple(steps)


def _atom_violation(law: Density, merged: Domain, eps: sympy.Expr, mass: sympy.Expr,
                    found: Mapping[str, object] | None) -> dict[str, Any] | None:
    values = _exact_values(found or {})
    for base in [values] + [{k: sympy.Rational(v.numerator, v.denominator) for k, v in p.items()}
                            for p in merged.sample(4, seed=5)]:
        subs = {sympy.Symbol(k, real=True): v for k, v in base.items() if k not in ("t", "tp")}
        ends = [sympy.sympify(v.subs(subs)) for v in law.interval]
        for t, tp in ((base.get("t"), base.get("tp")), (ends[0], ends[1]), (ends[1], ends[0])):
            if t is None or tp is None:
                continue
            e = sympy.exp(eps.subs(subs))
            m_t, m_tp = mass.subs(subs).subs(T, t), mass.subs(subs).subs(T, tp)
            if any(s.name not in ("t", "tp") for s in (m_t.free_symbols | m_tp.free_symbols | e.free_symbols)):
                continue
            if stepcheck.sign_of(e * m_tp - m_t) == -1:
                return {**{k: v for k, v in base.items() if k not in ("t", "tp")}, "t": t, "tp": tp,
                        "m(t)": m_t, "e^eps m(t')": e * m_tp, "relation": "m(t) > e^eps m(t')"}
    return None


def _param_points(law: Density, merged: Domain, k: int, eps: sympy.Expr, *extra: sympy.Expr) -> list[tuple[dict, bool]]:
    names = sorted(set(merged.names) | set(law.parameters) | {s.name for e in (eps, *extra) for s in e.free_symbols}
                   - {"t", "tp", "y"})
    if not names:
        return [({}, True)]
    drawn = merged.sample(k, seed=7, symbols=names)
    out = []
    for p in drawn:
        point = {n: sympy.Rational(p[n].numerator, p[n].denominator) for n in names if n in p}
        if len(point) == len(names):
            out.append((point, merged.interior(p)))
    return out


def _enumeration(law: Density, merged: Domain, eps: sympy.Expr, k: int) -> Evidence:
    start = time.perf_counter()
    checked, interior = 0, 0
    text_points = []
    for point, inside in _param_points(law, merged, k, eps):
        subs = {sympy.Symbol(n, real=True): v for n, v in point.items()}
        e = sympy.exp(sympy.sympify(eps.subs(subs)))
        lo, hi = (sympy.sympify(v.subs(subs)) for v in law.interval)
        inputs = [lo, (lo + hi) / 2, hi]
        depends = False
        known: dict[tuple[sympy.Expr, sympy.Expr], sympy.Expr | None] = {}

        def density(y: sympy.Expr, x: sympy.Expr) -> sympy.Expr | None:
            """f(y | x) at the point, once for each (y, x): the ends at t recur in every pair (t, t')."""
            if (y, x) not in known:
                known[(y, x)] = law.density_at(y, x, point)
            return known[(y, x)]

        for t in inputs:
            for tp in inputs:
                if t == tp:
                    continue
                ends = sorted({sympy.sympify(x) for piece in law.pieces for x in
                               (piece.lo.subs(subs).subs(T, t), piece.hi.subs(subs).subs(T, t),
                                piece.lo.subs(subs).subs(T, tp), piece.hi.subs(subs).subs(T, tp)) if _finite(x)},
                              key=lambda v: sympy.N(v, 30))
                ys = list(ends) + [(a + b) / 2 for a, b in zip(ends, ends[1:])]
                if ends:
                    ys += [ends[0] - 1, ends[-1] + 1]
                if law.pieces and (not _finite(law.support[0]) or not _finite(law.support[1])):
                    ys += [sympy.Integer(s) for s in (0, 10, -10, 100, -100)]
                for y in ys:
                    fi, fj = density(y, t), density(y, tp)
                    if fi is None or fj is None or fi == 0:
                        continue
                    checked += 1
                    depends = depends or fi != fj
                    if stepcheck.sign_of(e * fj - fi) == -1:
                        return Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, _enum_text(law, merged),
                                        {"points": checked},
                                        counterexample={**point, "t": t, "tp": tp, "y": y, "f(y|t)": fi,
                                                        "e^eps f(y|t')": e * fj, "relation": "f(y|t) > e^eps f(y|t')"},
                                        recheck=Recheck.TWO_PRECISIONS, seconds=time.perf_counter() - start)
                for atom in law.atoms:
                    m_t, m_tp = atom.mass.subs(subs).subs(T, t), atom.mass.subs(subs).subs(T, tp)
                    checked += 1
                    depends = depends or sympy.simplify(m_t - m_tp) != 0
                    if stepcheck.sign_of(e * m_tp - m_t) == -1:
                        return Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, _enum_text(law, merged),
                                        {"points": checked},
                                        counterexample={**point, "t": t, "tp": tp, "atom": atom.at.subs(subs),
                                                        "m(t)": m_t, "e^eps m(t')": e * m_tp,
                                                        "relation": "m(t) > e^eps m(t')"},
                                        recheck=Recheck.TWO_PRECISIONS, seconds=time.perf_counter() - start)
        interior += int(inside and depends)
        text_points.append({n: str(v) for n, v in point.items()})
    return Evidence(Method.ENUMERATION, Outcome.HOLDS, _enum_text(law, merged),
                    {"points": checked, "parameter points": text_points}, interior_cases=interior,
                    seconds=time.perf_counter() - start)


def _enum_text(law: Density, merged: Domain) -> str:
    return (f"exact points of {merged or 'all values'}; t, t' at the ends and middle of [{law.interval[0]}, "
            f"{law.interval[1]}]; y at every end of a piece, between them and in the tails")


# ------------------------------------------------------------------------------------------- (eps, delta)
def normal_parameters(law: Density) -> sympy.Expr | None:
    """σ² when ``law`` is the normal law N(t, σ²) (one piece on the whole line, log f quadratic in y with mean
    t), else ``None``."""
    if len(law.pieces) != 1 or law.atoms:
        return None
    piece = law.pieces[0]
    if piece.lo != -sympy.oo or piece.hi != sympy.oo:
        return None
    mapping = positive_symbols(law.domain)
    back = {v: k for k, v in mapping.items()}
    logf = sympy.expand(sympy.expand_log(sympy.log(piece.density.subs(mapping)), force=True))
    second = sympy.simplify(sympy.diff(logf, Y, 2))
    if second == 0 or Y in second.free_symbols or T in second.free_symbols:
        return None
    variance = sympy.simplify(-1 / second)
    if sympy.simplify(sympy.diff(logf, Y) * variance + Y - T) != 0:
        return None
    return variance.subs(back)


def gaussian_delta(variance: sympy.Expr, width: sympy.Expr, eps: sympy.Expr) -> sympy.Expr:
    """δ(ε) = Φ(Δ/(2σ) − εσ/Δ) − e^ε Φ(−Δ/(2σ) − εσ/Δ), the exact δ of the Gaussian mechanism of variance σ²
    and sensitivity Δ (Balle and Wang 2018, Theorem 8)."""
    sigma = sympy.sqrt(variance)
    return normal_cdf(width / (2 * sigma) - eps * sigma / width) - sympy.exp(eps) * normal_cdf(
        -width / (2 * sigma) - eps * sigma / width)


def _delta_closed_form(law: Density, merged: Domain, eps: sympy.Expr, dlt: sympy.Expr, k: int) -> Evidence:
    start = time.perf_counter()
    variance = normal_parameters(law)
    text = f"every parameter point of {merged or 'all values'} (the closed form of the Gaussian mechanism)"
    if variance is None:
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text,
                        {"why": "no closed form: the law is not a normal law N(t, sigma^2)"})
    width = sympy.simplify(law.interval[1] - law.interval[0])
    closed = gaussian_delta(variance, width, eps)
    condition = dlt - closed
    names = {s.name for s in condition.free_symbols}
    steps = (Stated("The hockey-stick divergence of N(t, s^2) from N(t', s^2) depends only on |t - t'| and grows "
                    "with it, so its sup over the input interval is at |t - t'| = the interval's width (Balle and "
                    "Wang 2018, Theorem 8)."),)
    if not names:
        sign = stepcheck.sign_of(condition)
        if sign is None:
            return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, {"why": "the sign was not decided in balls"})
        detail = {"delta(eps)": str(closed), "value": str(sympy.N(closed, 20)), "claimed delta": str(dlt)}
        if sign >= 0:
            return Evidence(Method.DECISION, Outcome.PROVED, text, detail,
                            steps=steps + (Holds("delta >= delta(eps), both sides in balls at 200 and 400 bits",
                                                 sympy.Ge(dlt, closed, evaluate=False), {}),),
                            seconds=time.perf_counter() - start)
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail,
                        counterexample={"delta": dlt, "delta(eps)": closed, "relation": "delta(eps) > delta"},
                        recheck=Recheck.TWO_PRECISIONS,
                        steps=steps + (Holds("delta(eps) > delta, both sides in balls at 200 and 400 bits",
                                             sympy.Gt(closed, dlt, evaluate=False), {}),),
                        seconds=time.perf_counter() - start)
    checked, interior = 0, 0
    for point, inside in _param_points(law, merged, k, eps, dlt):
        subs = {sympy.Symbol(n, real=True): v for n, v in point.items()}
        value = condition.subs(subs)
        if value.free_symbols:
            continue
        sign = stepcheck.sign_of(value)
        checked += 1
        interior += int(inside)
        if sign == -1:
            return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, {"delta(eps)": str(closed)},
                            counterexample={**point, "delta": dlt.subs(subs), "delta(eps)": closed.subs(subs),
                                            "relation": "delta(eps) > delta"},
                            recheck=Recheck.TWO_PRECISIONS, steps=steps, seconds=time.perf_counter() - start)
    return Evidence(Method.INTERVAL, Outcome.HOLDS, f"exact points of {merged} (the closed form, in balls)",
                    {"delta(eps)": str(closed), "points": checked}, interior_cases=interior,
                    seconds=time.perf_counter() - start)


def acb_function(expr: sympy.Expr) -> Callable[[flint.acb], flint.acb]:
    """``expr`` (in y only) as a function of an acb ball, for ``acb.integral``."""
    from flint import acb, arb, fmpq

    def build(e: sympy.Expr) -> Callable[[flint.acb], flint.acb]:
        if e == Y:
            return lambda z: z
        if e.is_Rational:
            value = acb(arb(fmpq(int(e.p), int(e.q))))
            return lambda z: value
        if e is sympy.pi:
            return lambda z: acb.pi()
        if e is sympy.E:
            return lambda z: acb(1).exp()
        if e.is_Add or e.is_Mul:
            parts = [build(a) for a in e.args]

            def combined(z: flint.acb, parts=parts, add=e.is_Add) -> flint.acb:
                result = parts[0](z)
                for p in parts[1:]:
                    result = result + p(z) if add else result * p(z)
                return result
            return combined
        if e.is_Pow:
            base, exponent = e.args
            fb = build(base)
            if exponent.is_Integer:
                n = int(exponent)
                return lambda z: fb(z) ** n
            fe = build(exponent)
            return lambda z: fb(z) ** fe(z)
        if isinstance(e, sympy.exp):
            f = build(e.args[0])
            return lambda z: f(z).exp()
        if isinstance(e, sympy.erf):
            f = build(e.args[0])
            return lambda z: f(z).erf()
        if isinstance(e, sympy.log):
            f = build(e.args[0])
            return lambda z: f(z).log()
        raise ValueError(f"{type(e).__name__} is not integrated in balls")

    return build(expr)


def hockey_stick(law: Density, eps: ExprLike, t: ExprLike, tp: ExprLike, point: Values, *,
                 prec: int = 200) -> flint.arb:
    """∫ (f(y|t) − e^ε f(y|t′))₊ dy + Σ (m(t) − e^ε m(t′))₊ at the exact ``point``, as an arb ball (see the
    module docstring: cut at every end of a piece and every root, each positive cell integrated)."""
    from flint import acb, arb, ctx

    subs = {sympy.Symbol(n, real=True): sympy.sympify(v) for n, v in point.items()}
    e = sympy.exp(sympy.sympify(parse_density_formula(eps).subs(subs)))
    at = law.at(point)
    old = ctx.prec
    ctx.prec = prec
    try:
        total = arb(0)
        for atom in at.atoms:
            diff = atom.mass.subs(T, t) - e * atom.mass.subs(T, tp)
            ball = stepcheck.arb_value(diff, {}, prec)
            if ball > 0:
                total += ball
            elif not ball < 0 and not ball == 0:
                total += arb(0).union(ball)
        ends = sorted({sympy.sympify(x) for p in at.pieces for x in (p.lo.subs(T, t), p.hi.subs(T, t),
                                                                     p.lo.subs(T, tp), p.hi.subs(T, tp)) if _finite(x)},
                      key=lambda v: sympy.N(v, 40))
        cells = list(zip([-sympy.oo] + ends, ends + [sympy.oo]))
        for a, b in cells:
            mid = (a + b) / 2 if _finite(a) and _finite(b) else (b - 1 if _finite(b) else (a + 1 if _finite(a) else 0))
            fi = [p.density.subs(T, t) for p in at.pieces if _inside(mid, p.lo.subs(T, t), p.hi.subs(T, t))]
            fj = [p.density.subs(T, tp) for p in at.pieces if _inside(mid, p.lo.subs(T, tp), p.hi.subs(T, tp))]
            g = sympy.Add(*fi) - e * sympy.Add(*fj)
            if g == 0:
                continue
            roots = _roots(sympy.Add(*fi), sympy.Add(*fj), e, a, b)
            cuts = [a] + roots + [b]
            for u, v in zip(cuts, cuts[1:]):
                probe = (u + v) / 2 if _finite(u) and _finite(v) else (v - 1 if _finite(v) else (u + 1 if _finite(u) else 0))
                sign = stepcheck.sign_of(g.subs(Y, probe))
                if sign != 1:
                    continue
                if _finite(u) and _finite(v):
                    f = acb_function(sympy.expand(g))
                    lo_ball = acb(stepcheck.arb_value(u, {}, prec))
                    hi_ball = acb(stepcheck.arb_value(v, {}, prec))
                    total += acb.integral(lambda z, analytic: f(z), lo_ball, hi_ball).real
                else:
                    total += stepcheck.arb_value(exact_integral(g, u, v), {}, prec)
        return total
    finally:
        ctx.prec = old


def _inside(y: sympy.Expr, lo: sympy.Expr, hi: sympy.Expr) -> bool:
    return (not _finite(lo) or stepcheck.sign_of(y - lo) == 1) and (not _finite(hi) or stepcheck.sign_of(hi - y) == 1)


def _roots(fi: sympy.Expr, fj: sympy.Expr, e: sympy.Expr, a: sympy.Expr, b: sympy.Expr) -> list[sympy.Expr]:
    """The real roots of fi = e·fj strictly inside (a, b), solved in the logarithmic form, sorted."""
    if fi == 0 or fj == 0:
        return []
    try:
        form = sympy.expand(sympy.expand_log(sympy.log(fi) - sympy.log(fj) - sympy.log(e), force=True))
        if not form.is_polynomial(Y):
            form = sympy.expand(fi - e * fj)
        found = sympy.solve(form, Y)
    except (NotImplementedError, TypeError, ValueError):
        raise invalid("law", str(fi), "the points where the two densities cross could not be solved exactly") from None
    roots = []
    for r in found:
        r = sympy.sympify(r)
        if r.free_symbols or not r.is_real:
            continue
        if _inside(r, a, b):
            roots.append(r)
    return sorted(roots, key=lambda v: sympy.N(v, 40))


def _delta_integration(law: Density, merged: Domain, eps: sympy.Expr, dlt: sympy.Expr, k: int) -> Evidence:
    start = time.perf_counter()
    text = (f"exact points of {merged or 'all values'}: the hockey-stick divergence at t, t' the ends and middle of "
            f"the input interval, by certified integration (acb.integral)")
    checked, interior, worst = 0, 0, None
    for point, inside in _param_points(law, merged, k, eps, dlt):
        subs = {sympy.Symbol(n, real=True): v for n, v in point.items()}
        lo, hi = (sympy.sympify(v.subs(subs)) for v in law.interval)
        claimed = sympy.sympify(dlt.subs(subs))
        claimed_ball = stepcheck.arb_value(claimed, {}, 200)
        for t, tp in ((lo, hi), (hi, lo), (lo, (lo + hi) / 2), ((lo + hi) / 2, hi)):
            try:
                value = hockey_stick(law, eps, t, tp, point)
            except (ValueError, ZeroDivisionError) as exc:
                return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, text, {"why": str(exc)[:300]},
                                seconds=time.perf_counter() - start)
            checked += 1
            worst = value if worst is None or value > worst else worst
            if value > claimed_ball:
                again = hockey_stick(law, eps, t, tp, point, prec=400)
                if again > stepcheck.arb_value(claimed, {}, 400):
                    return Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE, text, {"pairs": checked},
                                    counterexample={**point, "t": t, "tp": tp,
                                                    "divergence": again.mid().str(30, radius=False), "delta": claimed,
                                                    "relation": "divergence > delta"},
                                    recheck=Recheck.TWO_PRECISIONS, seconds=time.perf_counter() - start)
            if not value <= claimed_ball:
                return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, text,
                                {"why": f"the divergence {value} and delta {claimed} were not separated in balls"},
                                seconds=time.perf_counter() - start)
        interior += int(inside)
    return Evidence(Method.INTERVAL, Outcome.HOLDS, text,
                    {"pairs": checked, "largest divergence": None if worst is None else str(worst)},
                    interior_cases=interior, seconds=time.perf_counter() - start)



