"""Signs of real numbers decided at two precisions, and exhaustive checks built on them.

A claim whose sides are irrational (a normal tail, a logarithm, an error function) cannot be re-checked
in exact rationals; its numbers are computed by one formula in a numbers context
(:mod:`core.context`) and the sign that matters is decided at the two precisions of
``ctx.confirmations()``, both at least the working one:

* in an ``arb`` context the sign is *certified*: a ball that excludes 0 has the sign of every number in
  it, and both precisions must agree;
* in an ``mpf`` context the two values must agree within the working tolerance ``10^-(dps - 10)``
  (relative) and lie farther than that from 0.

A value within the working tolerance of 0 at both precisions (an arb ball containing 0 with a radius
below the tolerance) is *zero* for the condition ``"==0"``: numerical agreement of two sides on a finite
set, which supports an identity and never proves one.

:func:`certified_sign` decides one number; :func:`certified_exhaustive` evaluates a difference at every
case of a finite set (like :func:`proofs.engines.methods.exhaustive`, premises counted the same way):
the first case whose sign is decided against the condition is a counterexample re-checked at two
precisions (both values are reported); a case whose sign neither precision can decide makes the
evidence ``inconclusive``. :func:`confirmed` runs an exact computation whose steps are decided
numerically (an exact coverage whose memberships compare a rational with z²) at both precisions and
keeps its result only when the two agree.

Given the difference as sympy (``claim=``, a :class:`~proofs.kernel.steps.PointClaim` of ``difference sign``),
:func:`certified_exhaustive` records the steps of a proof certificate: the sign at the counterexample, or
the finite check of every case, each sign decided again by python-flint balls at two precisions.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from core.context import DEFAULT_DPS, NumbersContext, arb
from core.errors import invalid
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.kernel.steps import PointClaim
from proofs.engines.methods import exhaustive

__all__ = ["Certified", "certified_sign", "certified_exhaustive", "confirmed", "number_text", "SIGNS"]

#: The sign conditions a difference may be checked against.
SIGNS = {">0": lambda s: s > 0, ">=0": lambda s: s >= 0, "<0": lambda s: s < 0, "<=0": lambda s: s <= 0,
         "==0": lambda s: s == 0}


@dataclass(frozen=True)
class Certified:
    """The sign (+1, -1, or ``None`` when undecided) of one real number, its value at each precision, and
    whether it is within the working tolerance of 0 at both (``zero``)."""

    sign: int | None
    values: tuple[str, str]
    numbers: str
    zero: bool = False

    def satisfies(self, condition: str) -> bool | None:
        """Whether the decided sign meets ``condition`` (``">0"``, ``">=0"``, ``"<0"``, ``"<=0"``, ``"==0"``);
        ``None`` when undecided (a value at 0 within tolerance meets ``"==0"`` only)."""
        if condition not in SIGNS:
            raise invalid("sign", condition, f"not one of {sorted(SIGNS)}")
        if self.zero:
            return True if condition == "==0" else None
        return None if self.sign is None else SIGNS[condition](self.sign)


def _sign_at(value: Any, ctx: NumbersContext) -> int | None:
    if ctx.kind == "arb":
        return 1 if value > 0 else (-1 if value < 0 else None)
    return 1 if value > 0 else -1


def number_text(value: Any, digits: int = 20) -> str:
    """A number of a context as text with ``digits`` significant digits (an arb ball with its radius)."""
    if hasattr(value, "rad"):
        return value.str(digits, radius=True)
    import mpmath

    return mpmath.nstr(value, digits)


def certified_sign(value_of: Callable[[NumbersContext], Any], ctx: NumbersContext | None = None) -> Certified:
    """The sign of the real number ``value_of(ctx)``, decided at both precisions of ``ctx.confirmations()``
    (default ``arb(DEFAULT_DPS)``: certified balls)."""
    ctx = arb(DEFAULT_DPS) if ctx is None else ctx
    if ctx.is_exact:
        raise invalid("ctx", ctx, "an exact value needs no confirmation", "compare the Fraction directly")
    values, signs, texts = [], [], []
    for each in ctx.confirmations():
        with each.active():
            value = value_of(each)
            values.append(value)
            signs.append(_sign_at(value, each))
            texts.append(number_text(value))
    text = (texts[0], texts[1])
    second = ctx.confirmations()[1]
    with second.active():
        low, high = values
        if ctx.kind == "mpf":
            tolerance = second.number(ctx.tolerance) * max(1, abs(high))
            if abs(low - high) > tolerance:
                return Certified(None, text, ctx.describe())
            if abs(high) <= tolerance:
                return Certified(None, text, ctx.describe(), zero=True)
        elif None in signs:
            tolerance = second.number(ctx.tolerance)
            small = all(v.contains(0) and v.rad() <= tolerance for v in values)
            return Certified(None, text, ctx.describe(), zero=small)
    if signs[0] != signs[1]:
        return Certified(None, text, ctx.describe())
    return Certified(signs[0], text, ctx.describe())


class _Undecided(Exception):
    def __init__(self, case: Mapping[str, Any], found: Certified) -> None:
        super().__init__("undecided")
        self.case, self.found = dict(case), found


def certified_exhaustive(
    cases: Iterable[Mapping[str, Any]],
    difference: Callable[[Mapping[str, Any], NumbersContext], Any],
    *,
    sign: str,
    domain: str,
    ctx: NumbersContext | None = None,
    method: Method | str | None = None,
    reading: str | None = None,
    detail: Mapping[str, Any] | None = None,
    premise: Callable[[Mapping[str, Any]], bool] | None = None,
    names: tuple[str, str] = ("value", "value (second precision)"),
    claim: PointClaim | None = None,
) -> Evidence:
    """``difference(case, ctx) sign`` at every case, decided by :func:`certified_sign`.

    ``difference`` may return ``(value, info)``: ``info`` (exact figures, strings) is attached as with
    :func:`~proofs.engines.methods.exhaustive`. The method defaults to ``interval`` for ``arb`` and
    ``enumeration`` for ``mpf``; a counterexample carries the value at both precisions under ``names``.
    ``claim`` states the difference and its sign as sympy, for the steps of a proof certificate."""
    ctx = arb(DEFAULT_DPS) if ctx is None else ctx
    if sign not in SIGNS:
        raise invalid("sign", sign, f"not one of {sorted(SIGNS)}")
    method = Method(method) if method is not None else (Method.INTERVAL if ctx.kind == "arb" else Method.ENUMERATION)

    def holds(case: Mapping[str, Any]):
        info: dict[str, Any] = {}

        def value_of(each: NumbersContext) -> Any:
            produced = difference(case, each)
            if isinstance(produced, tuple):
                value, more = produced
                info.update(more)
                return value
            return produced

        found = certified_sign(value_of, ctx)
        verdict = found.satisfies(sign)
        if verdict is None:
            raise _Undecided(case, found)
        return verdict, ({**info, names[0]: found.values[0], names[1]: found.values[1]} if not verdict else info)

    where = f"{domain}; signs decided at two precisions ({ctx.describe()} and twice the digits)"
    try:
        evidence = exhaustive(cases, holds, domain=where, method=method, recheck=Recheck.TWO_PRECISIONS,
                              reading=reading, detail=detail, premise=premise, claim=claim)
    except _Undecided as undecided:
        return Evidence(method, Outcome.INCONCLUSIVE, where,
                        {**(detail or {}), "undecided case": undecided.case,
                         "values": list(undecided.found.values),
                         "note": f"the sign of the difference ({sign}) is not decided at either precision"},
                        reading=reading)
    return replace(evidence, detail={**evidence.detail, "condition": f"difference {sign}"})


def confirmed(compute: Callable[[NumbersContext], tuple[Any, Mapping[str, Any]]],
              ctx: NumbersContext | None = None) -> tuple[Any, list[Mapping[str, Any]]]:
    """``compute(each)`` at both precisions of ``ctx.confirmations()`` (default arb balls); it returns
    ``(result, info)`` with ``result`` exact, or ``None`` when some step was undecided at that precision.
    The result is returned when both precisions give the same one, else ``None``; with both infos."""
    ctx = arb(DEFAULT_DPS) if ctx is None else ctx
    results, infos = [], []
    for each in ctx.confirmations():
        result, info = compute(each)
        results.append(result)
        infos.append({**dict(info), "numbers": each.describe()})
    same = results[0] is not None and results[0] == results[1]
    return (results[0] if same else None), infos
