"""Shared ways of producing evidence, so that every claim module earns its verdicts the same way.

* :func:`identity`: a symbolic identity ``lhs == rhs`` (sympy), with an exact rational point where the
  two sides differ when they are not identical;
* :func:`exhaustive`: a predicate evaluated exactly at every point of a stated finite set;
* :func:`property_search`: a seeded random search for a counterexample (Hypothesis for strategies without a
  sampler), shrunk and re-checked exactly;
* :func:`rational_grid`: evenly spaced exact rationals strictly inside an interval.

Each records the steps a proof certificate re-runs (:mod:`proofs.kernel.steps`): :func:`identity` the sympy
identity it proved, or both sides at its counterexample; :func:`exhaustive`, given the claim at a point as
sympy (``claim=``, a :class:`~proofs.kernel.steps.PointClaim`), its counterexample's two sides and domain, or
the finite check of every case.
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    import sympy

from numeric.sampling import sampler_of
from proofs.kernel import stepcheck
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.kernel.steps import Identity, Inequality, PointClaim, Stated, Step
from core.errors import invalid
from core.types import ExprLike, Values
from core.formula import as_sympy

__all__ = ["identity", "exhaustive", "property_search", "rational_grid", "inequality_steps"]

Point = Mapping[str, Any]  # a case: each name to any value the check reads (a number, a mechanism, a map)
Verdict = bool | tuple[bool, Mapping[str, object]]
_T = TypeVar("_T")


def rational_grid(lo: Fraction | int | str, hi: Fraction | int | str, k: int) -> list[Fraction]:
    """``k`` rationals ``lo + (hi - lo) i / (k + 1)``, i = 1..k: strictly inside (lo, hi)."""
    lo, hi = Fraction(lo), Fraction(hi)
    if not lo < hi:
        raise invalid("hi", hi, f"must exceed lo={lo}")
    return [lo + (hi - lo) * i / (k + 1) for i in range(1, k + 1)]


def _split(verdict: Verdict) -> tuple[bool, dict[str, object]]:
    if isinstance(verdict, tuple):
        ok, info = verdict
        return bool(ok), dict(info)
    return bool(verdict), {}


def identity(
    lhs: ExprLike,
    rhs: ExprLike,
    *,
    domain: str,
    points: Iterable[Point] = (),
    reading: str | None = None,
    simplify: Callable[[sympy.Basic], sympy.Basic] | None = None,
    within: Any = None,
    symbols: Mapping[str, Any] | None = None,
) -> Evidence:
    """Symbolic evidence that ``lhs == rhs`` identically on ``domain``.

    A side given as a string is read with ``symbols`` (name -> sympy symbol) and the symbols of the other
    side; any other name is a real symbol, and ``pi`` the constant unless ``symbols`` names it.

    ``lhs - rhs`` is simplified; zero proves the identity. Otherwise each exact point of ``points`` (a
    mapping from symbol names to rationals, inside the domain) is substituted until the two sides differ:
    that point is a counterexample computed in exact arithmetic. If none differs the evidence is
    ``inconclusive`` (sympy could not simplify, and the sampled points did not separate the sides).

    The evidence records its steps: the identity (with the sympy simplification that reduces the difference
    to 0), or both sides at the counterexample and the relation failing there; ``within`` (a
    :class:`core.domain.Domain`, its text, or sympy relations) is the domain the point is shown to lie in,
    which is otherwise stated, not machine-checked.
    """
    import sympy

    start = time.perf_counter()
    lhs, rhs = _expressions(lhs, rhs, symbols=symbols)
    simplifier = simplify or (lambda e: sympy.simplify(sympy.together(e)))
    # A difference of rational functions is identically zero exactly when ``cancel`` brings it to 0 (its
    # canonical form), which costs a fraction of ``simplify``; any other difference, or one that does not
    # cancel, is simplified as before, so the outcome and the difference shown are the same either way.
    cancels = simplify is None and _rational(lhs - rhs) and stepcheck.is_zero(lhs - rhs, "cancel")
    difference = sympy.S.Zero if cancels else simplifier(lhs - rhs)
    derived = {"lhs": lhs, "rhs": rhs, "lhs - rhs (simplified)": difference}
    if difference == 0:
        how = "cancel" if cancels else _zero_by(lhs - rhs, custom=simplify is not None)
        steps = (Identity(f"the two sides are equal ({domain})", lhs, rhs, how),) if how else ()
        return Evidence(Method.SYMBOLIC, Outcome.PROVED, domain, {"simplified difference": "0"},
                        reading=reading, derived=derived, seconds=time.perf_counter() - start, steps=steps)
    tried = 0
    for point in points:
        tried += 1
        subs = {sympy.Symbol(str(k)) if isinstance(k, str) else k: sympy.Rational(str(v)) for k, v in point.items()}
        by_name = {str(k): v for k, v in subs.items()}
        left = _exact_at(lhs, by_name)
        right = _exact_at(rhs, by_name)
        if left is None or right is None or left == right:
            continue
        return Evidence(
            Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, domain,
            {"simplified difference": str(difference), "points tried": tried},
            counterexample={**{str(k): v for k, v in point.items()}, "lhs": left, "rhs": right},
            recheck=Recheck.EXACT, reading=reading, derived=derived, seconds=time.perf_counter() - start,
            steps=_counterexample_steps(lhs, rhs, by_name, within, domain),
        )
    return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, domain,
                    {"simplified difference": str(difference), "points tried": tried,
                     "note": "sympy did not reduce the difference to 0 and no sampled point separated the sides"},
                    reading=reading, derived=derived, seconds=time.perf_counter() - start)


def _rational(expr: Any) -> bool:
    """Whether ``expr`` is a rational function of its symbols: no function, sum or derivative, and only
    integer powers."""
    import sympy

    return not expr.has(sympy.Function, sympy.Sum, sympy.Derivative) and all(
        power.exp.is_Integer for power in expr.atoms(sympy.Pow))


def _zero_by(difference: Any, *, custom: bool) -> str | None:
    """The simplification of :data:`proofs.kernel.stepcheck.ZERO_BY` that a certificate repeats for an identity
    sympy proved: ``cancel`` for rational functions (cheapest), otherwise the one the check used (the
    default is ``simplify``), found by trying them when the check brought its own."""
    if _rational(difference) and stepcheck.is_zero(difference, "cancel"):
        return "cancel"
    if not custom:
        return "simplify"
    for how in ("expand_func", "erf", "simplify", "combsimp"):
        if stepcheck.is_zero(difference, how):
            return how
    return None


def inequality_steps(lhs: Any, rhs: Any, says: str, *, because: str | None = None) -> tuple[Step, ...]:
    """For a proof certificate: ``lhs >= rhs`` identically as an :class:`~proofs.kernel.steps.Inequality`
    (the reduced difference nonnegative by sympy's assumptions), with the first simplification that shows it,
    and ``because`` (how the symbols cover the domain) stated; empty when none shows it."""
    for how in ("factor", "gamma", "simplify"):
        step = Inequality(says, lhs, rhs, how)
        if step.check():
            return (step,) + ((Stated(because),) if because else ())
    return ()


def _counterexample_steps(lhs: ExprLike, rhs: ExprLike, point: Values, within: Any, domain: str) -> tuple[Step, ...]:
    """Both sides at the point and the identity failing there, with the point in ``within`` (or, without
    it, the domain stated)."""
    claim = PointClaim(lhs, rhs, "==", within, printed_says="the left-hand side", exact_says="the right-hand side")
    steps = claim.counterexample(point)
    if within is None:
        steps += (Stated(f"the point lies in the claim's domain ({domain}): chosen there by the check"),)
    return steps


def _expressions(*sides: Any, symbols: Mapping[str, Any] | None = None) -> list[Any]:
    """The sides as sympy expressions: strings read by the safe parser with ``symbols`` (name -> symbol: the
    notation of the caller's text) and the symbols of the sides that are sympy already, never evaluated."""
    import sympy

    known = dict(symbols or {})
    for side in sides:
        if isinstance(side, sympy.Basic):
            known.update({s.name: s for s in side.free_symbols})
    return [as_sympy(side, name="side", symbols=known) for side in sides]


def _exact_at(expr: sympy.Basic, values: Values) -> sympy.Basic | None:
    import sympy

    subs = {s: values[s.name] for s in expr.free_symbols if s.name in values}
    value = sympy.simplify(expr.xreplace(subs).doit())
    # Only an exact value may witness a counterexample: a Float left in the expression is not rationalised
    # by guessing (nsimplify would dress an inexact number up as an exact one); such a point is skipped.
    if value.free_symbols or value.has(sympy.Float) or value.is_finite is False:
        return None
    return value


def exhaustive(
    cases: Iterable[Point],
    holds: Callable[[Point], Verdict],
    *,
    domain: str,
    method: Method | str = Method.ENUMERATION,
    recheck: Recheck | str = Recheck.EXACT,
    reading: str | None = None,
    detail: Mapping[str, Any] | None = None,
    premise: Callable[[Point], bool] | None = None,
    claim: PointClaim | None = None,
) -> Evidence:
    """Evaluate ``holds`` at every case of a finite set (in exact arithmetic: the caller's promise,
    stated by ``recheck``). The first failing case is the counterexample; ``holds`` may return
    ``(ok, info)`` to attach the two sides or a discrepancy to the evidence. Info values whose key
    starts with ``worst`` are maximised over the checked cases and reported as the worst found, the
    label naming that extent (``"worst ... (largest over the N checked cases)"``): a maximum over a
    finite set, never an optimum over the claim's domain.

    For an implication, ``premise(case)`` says whether the case satisfies its premise: only those cases
    are checked, and the evidence counts them (``premise_cases``); zero of them makes it vacuous.

    ``claim`` states what ``holds`` decides as sympy (the printed formula, the exact side, the relation,
    the domain and the premise): the evidence then records the steps of its counterexample, or the finite
    check of every case, for a proof certificate."""
    start = time.perf_counter()
    count = 0
    in_premise = 0
    worst: dict[str, Any] = {}
    seen: list[Point] = []
    for case in cases:
        count += 1
        if claim is not None:
            seen.append(case)
        if premise is not None:
            if not premise(case):
                continue
            in_premise += 1
        ok, info = _split(holds(case))
        for key, value in info.items():
            if key.startswith("worst") and (key not in worst or value > worst[key]):
                worst[key] = value
        if not ok:
            return Evidence(method, Outcome.COUNTEREXAMPLE, domain,
                            {**(detail or {}), Detail.CASES_CHECKED: count},
                            counterexample={**dict(case), **info}, recheck=recheck, reading=reading,
                            seconds=time.perf_counter() - start,
                            premise_cases=in_premise if premise is not None else None,
                            steps=claim.counterexample(case) if claim is not None else ())
    if count == 0:
        raise invalid("cases", "[]", "an exhaustive check needs at least one case")
    figures = {**(detail or {}), Detail.CASES_CHECKED: count,
               **{f"{key} (largest over the {count} checked cases)": value for key, value in worst.items()}}
    if premise is not None:
        figures["cases where the premise held"] = in_premise
    steps = (claim.support(seen, f"the claim at every checked case: {domain}"),) if claim is not None else ()
    return Evidence(method, Outcome.HOLDS, domain, figures, reading=reading, seconds=time.perf_counter() - start,
                    premise_cases=in_premise if premise is not None else None, steps=steps)


def property_search(
    strategy: Any,
    holds: Callable[[_T], bool],
    *,
    examples: int,
    domain: str,
    recheck: Callable[[_T], Verdict],
    describe: Callable[[_T], Mapping[str, object]] = lambda x: {"example": repr(x)},
    reading: str | None = None,
    detail: Mapping[str, Any] | None = None,
    premise: Callable[[_T], bool] | None = None,
    seed: int | None = None,
) -> Evidence:
    """Search ``examples`` random inputs drawn from ``strategy`` for one where ``holds`` is false; the failing
    input is shrunk and ``recheck`` re-evaluates it in exact arithmetic before it is reported. A counterexample
    that the exact re-check does not confirm is a bug in the check and raises.

    ``strategy`` is a :class:`numeric.sampling.Sampler`, a strategy of :mod:`numeric.strategies` (its sampler
    is used), or any other Hypothesis strategy. A sampler is drawn from ``random.Random(seed)`` (``seed``
    defaults to a checksum of ``domain``: the same search gives the same evidence) and a failing draw is shrunk
    by the sampler, deterministically: no Hypothesis bookkeeping per example. Any other strategy runs on
    Hypothesis, derandomized, which shrinks.

    For an implication, ``premise(x)`` says whether ``x`` satisfies its premise; other inputs are
    not counterexamples, and the evidence counts the inputs that did (``premise_cases``)."""
    start = time.perf_counter()
    seen = 0
    in_premise = 0

    def fails(x: _T) -> bool:
        nonlocal seen, in_premise
        seen += 1
        if premise is not None:
            if not premise(x):
                return False
            in_premise += 1
        return not holds(x)

    counted = (lambda: in_premise) if premise is not None else (lambda: None)
    sampler = sampler_of(strategy)
    found: Any = _NOTHING
    if sampler is not None:
        seed = zlib.crc32(domain.encode("utf-8")) if seed is None else seed
        rng = random.Random(seed)
        search = {"search": f"seeded random draws (random.Random({seed})), shrunk deterministically", "seed": seed}
        for _ in range(examples):
            drawn = sampler.draw(rng)
            if fails(drawn.value):  # shrinking replays are not examples: they are not counted
                shrunk, tries = sampler.shrink(drawn, lambda x: (premise is None or premise(x)) and not holds(x))
                found = shrunk.value
                search["shrink replays"] = tries
                break
    else:
        from hypothesis import HealthCheck, Phase, find, settings  # optional: only for strategies without a sampler
        from hypothesis.errors import NoSuchExample

        search = {"search": "hypothesis, derandomized"}
        config = settings(
            max_examples=examples, database=None, derandomize=True, deadline=None,
            phases=[Phase.generate, Phase.shrink],
            suppress_health_check=list(HealthCheck),
        )
        try:
            found = find(strategy, fails, settings=config)
            search["search"] = "hypothesis, derandomized, shrunk"
        except NoSuchExample:
            pass
    if found is _NOTHING:
        figures = {**(detail or {}), "examples": seen, "requested examples": examples, **search}
        if premise is not None:
            figures["examples where the premise held"] = in_premise
        return Evidence(Method.PROPERTY, Outcome.HOLDS, domain, figures, reading=reading,
                        seconds=time.perf_counter() - start, premise_cases=counted())
    ok, info = _split(recheck(found))
    if ok:
        raise AssertionError(f"property search found {found!r} but the exact re-check says the claim holds there")
    return Evidence(Method.PROPERTY, Outcome.COUNTEREXAMPLE, domain,
                    {**(detail or {}), "examples": seen, **search},
                    counterexample={**describe(found), **info}, recheck=Recheck.EXACT, reading=reading,
                    seconds=time.perf_counter() - start, premise_cases=counted())


#: No counterexample found (``None`` may be a drawn value).
_NOTHING = object()
