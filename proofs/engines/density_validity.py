"""A law with continuous output, validated on its whole domain (:class:`numeric.density.Density`).

:func:`validate_density` decides, for every parameter point of the domain and every input t of the interval:

1. each piece's interval is not reversed (hi − lo ≥ 0) and lies in the output support;
2. each piece is non-negative on its interval, each atom's mass non-negative;
3. the law has total mass 1: the pieces integrated symbolically (sympy) plus the atoms' masses, reduced to 1
   (with each e^{kε} written as a power of one generator, the substitution s = e^{ε/2}).

A sign is decided by :func:`nonnegative`: sympy's assumptions after the generator is written 1 + h with h > 0
where ε > 0 (the density of the piecewise mechanism, p = (s² − s)/(2s + 2), is then h(h + 1)/(2h + 4)); a
condition affine in t at both ends of the input interval; otherwise :func:`proofs.check_sign`. A law that
fails is refused with one line naming the piece (or the input t and the value of the integral); one the
deciders cannot settle is refused too, never accepted silently.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import sympy

from core.domain import Domain
from core.errors import invalid
from numeric.density import T, Y, Density, is_identity, positive_symbols, total_mass, with_generator
from proofs.kernel.grounds import all_steps
from proofs.kernel.steps import Inequality, Stated, Step
from proofs.engines.sign import check_sign

__all__ = ["validate_density", "nonnegative", "decide_nonnegative", "region", "SIGN_TIMEOUT"]

#: Seconds each sign decision may take when the fast paths do not settle it.
SIGN_TIMEOUT = 20.0


def region(law: Density, *conditions: str | sympy.Basic, inputs: tuple[sympy.Symbol, ...] = (T,)) -> Domain:
    """The law's domain with each of ``inputs`` in the input interval and the extra ``conditions``."""
    lo, hi = law.interval
    extra = [sympy.Le(lo, x) for x in inputs] + [sympy.Le(x, hi) for x in inputs] + list(conditions)
    extra = [c for c in extra if c is not sympy.true]
    return law.domain & Domain("", tuple(extra))


def _raised(expr: sympy.Expr, domain: Domain) -> sympy.Expr:
    """``expr`` with positive symbols known and each generator e^{x/L} of a positive x written 1 + h, h > 0."""
    mapping = positive_symbols(domain)
    e = expr.subs(mapping)
    for symbol in sorted({s for x in e.atoms(sympy.exp) for s in x.free_symbols}, key=lambda s: s.name):
        rewritten, g, _ = with_generator(e, symbol)
        if g is None:
            continue
        if symbol.is_positive:
            h = sympy.Symbol(f"{symbol.name}_h", positive=True)
            rewritten = rewritten.subs(g, 1 + h)
        e = rewritten
    return e


def nonnegative(expr: sympy.Expr, domain: Domain, *,
                timeout: float = SIGN_TIMEOUT) -> tuple[bool | None, Mapping[str, object] | None]:
    """Whether ``expr`` ≥ 0 on ``domain``: (True, None), (False, a point where it is negative) or (None, None)
    when undecided (:func:`decide_nonnegative` also gives the steps)."""
    ok, found, _ = decide_nonnegative(expr, domain, timeout=timeout)
    return ok, found


def decide_nonnegative(expr: Any, domain: Domain, *,
                       timeout: float = SIGN_TIMEOUT) -> tuple[bool | None, Mapping[str, Any] | None, tuple[Step, ...]]:
    """:func:`nonnegative` with the steps of a proof: an :class:`~proofs.kernel.steps.Inequality` (sympy's
    assumptions, after each generator e^{x/L} of a positive x is written 1 + h) or the sign decider's own
    steps."""
    expr = sympy.sympify(expr)
    if expr.is_number:
        if expr.is_nonnegative:
            return True, None, (Inequality("a number that is >= 0", expr, 0, "simplify"),)
        if expr.is_negative:
            return False, {}, ()
    try:
        raised = _raised(expr, domain)
        for form, how in ((raised, "simplify"), (sympy.factor(sympy.together(raised)), "factor")):
            if form.is_nonnegative:
                says = f"{expr} >= 0" + (f", written {form} with each e^(x/L) of a positive x as 1 + h, h > 0"
                                         if form != expr else "")
                step = Inequality(says[:1000], form, 0, how)
                return True, None, ((step,) if step.check() else (Stated(says[:1000]),))
    except (TypeError, ValueError, NotImplementedError, RecursionError):
        pass
    try:
        verdict = check_sign(expr, domain, sign=">=0", timeout=timeout, search_region=False)
    except (ValueError, TypeError, NotImplementedError) as exc:  # an expression beyond the decider
        return None, {"why": str(exc)[:200]}, ()
    status = verdict.status.value
    if status == "proved":
        steps = tuple(step for e in verdict.evidence if e.outcome.value == "proved" for step in all_steps(e))
        return True, None, steps or (Stated(f"{expr} >= 0 on {domain}, decided by check_sign", unchecked=True),)
    if status == "refuted":
        return False, verdict.counterexample, ()
    return None, None, ()


def _affine_in_t_nonnegative(expr: sympy.Expr, law: Density) -> bool | None:
    """An expression affine in t (and free of y) is ≥ 0 on the interval iff it is at both ends."""
    if Y in expr.free_symbols or T not in expr.free_symbols:
        return None
    poly = sympy.Poly(sympy.expand(expr), T) if sympy.expand(expr).is_polynomial(T) else None
    if poly is None or poly.degree() > 1:
        return None
    results = [nonnegative(expr.subs(T, end), law.domain)[0] for end in law.interval]
    if all(r is True for r in results):
        return True
    return None


#: Laws already shown valid in this process (each is decided once: a claims file builds the same law for many
#: claims, and a mixture such as the hybrid mechanism builds its components again).
_VALID: set[Density] = set()


def validate_density(law: Density) -> Density:
    """``law`` itself when it is a valid law on its whole domain; otherwise a one-line
    :class:`~core.errors.InvalidArgument` naming the piece, the input and the value (see the module docstring)."""
    if law in _VALID:
        return law
    _validate(law)
    _VALID.add(law)
    return law


def _validate(law: Density) -> None:
    lo_in, hi_in = law.interval
    ok, found = nonnegative(hi_in - lo_in, law.domain)
    if ok is not True:
        raise invalid("interval", (str(lo_in), str(hi_in)), "the input interval is reversed or could not be shown "
                      f"non-empty on {law.domain}" + (f" (at {dict(found)})" if found else ""))
    for piece in law.pieces:
        label = f"piece {piece.label or '?'}"
        if not (piece.lo.has(sympy.oo, -sympy.oo) or piece.hi.has(sympy.oo, -sympy.oo)):
            ok, found = nonnegative(piece.hi - piece.lo, region(law))
            if ok is not True:
                raise invalid("law", law.name, f"{label}: its interval [{piece.lo}, {piece.hi}] is reversed"
                              + (f" at {dict(found)}" if found else " or could not be shown in order"))
        for end, bound, what in ((piece.lo, law.support[0], "starts before"), (piece.hi, law.support[1], "ends after")):
            if bound in (sympy.oo, -sympy.oo):
                continue
            inside, found = None, None
            # a mixture's support is Min/Max of its components': inside it when inside one of them
            for candidate in (bound.args if isinstance(bound, (sympy.Min, sympy.Max)) else (bound,)):
                gap = end - candidate if what == "starts before" else candidate - end
                if gap.has(sympy.oo, -sympy.oo, sympy.nan):
                    break
                if is_identity(gap, law.domain):
                    inside = True
                    break
                inside = _affine_in_t_nonnegative(gap, law)
                if inside is None:
                    inside, found = nonnegative(gap, region(law))
                if inside is True:
                    break
            if inside is not True:
                raise invalid("law", law.name, f"{label}: its interval [{piece.lo}, {piece.hi}] {what} the support "
                              f"[{law.support[0]}, {law.support[1]}]" + (f" at {dict(found)}" if found else ""))
        ok = None
        if piece.density.free_symbols & {Y}:
            ok, found = nonnegative(piece.density, region(law, sympy.Le(piece.lo, Y) if piece.lo != -sympy.oo
                                                          else sympy.true,
                                                          sympy.Le(Y, piece.hi) if piece.hi != sympy.oo else sympy.true,
                                                          inputs=(T,)))
        else:
            ok = _affine_in_t_nonnegative(piece.density, law)
            if ok is None:
                ok, found = nonnegative(piece.density, region(law))
        if ok is not True:
            raise invalid("law", law.name, f"{label}: its density {piece.density} is negative" +
                          (f" at {dict(found)}" if found else " somewhere, or could not be shown non-negative"))
    for atom in law.atoms:
        ok = _affine_in_t_nonnegative(atom.mass, law)
        found = None
        if ok is None:
            ok, found = nonnegative(atom.mass, region(law))
        if ok is not True:
            raise invalid("law", law.name, f"atom {atom.label}: its mass {atom.mass} is negative" +
                          (f" at {dict(found)}" if found else " somewhere, or could not be shown non-negative"))
    total, parts = total_mass(law)
    if not is_identity(total - 1, law.domain):
        labels = [f"piece {p.label}" for p in law.pieces] + [f"atom {a.label}" for a in law.atoms]
        point = _witness_point(law, total)
        if point is None:
            raise invalid("law", law.name, f"its total mass {sympy.simplify(total)} could not be shown to be 1 for every input")
        values = {sympy.Symbol(k, real=True): v for k, v in point.items()}
        shown = ", ".join(f"{lab} integrates to {sympy.nsimplify(sympy.simplify(part.subs(values)))}"
                          for lab, part in zip(labels, parts))
        where = ", ".join(f"{k}={v}" for k, v in point.items())
        raise invalid("law", law.name, f"at {where} the law integrates to "
                      f"{sympy.simplify(total.subs(values))}, not 1 ({shown})")


def _witness_point(law: Density, total: sympy.Expr) -> dict[str, Any] | None:
    """An exact point (parameters and t) where the total mass is not 1."""
    points = law.domain.sample(6, seed=1) or [{}]
    for point in points:
        for frac in (sympy.Rational(1, 2), sympy.Rational(1, 3), 0, 1):
            values = {sympy.Symbol(k, real=True): sympy.Rational(v.numerator, v.denominator) for k, v in point.items()}
            lo, hi = (sympy.sympify(v.subs(values)) for v in law.interval)
            t = lo + frac * (hi - lo)
            value = sympy.simplify(total.subs(values).subs(T, t))
            if value.is_number and sympy.simplify(value - 1) != 0:
                return {**{k: sympy.Rational(v.numerator, v.denominator) for k, v in point.items()}, "t": t}
    return None



