"""The second, independent decision of a sign condition with ``exp``/``log``/``sqrt``: cvc5 and Taylor models.

The domain of a one-variable condition is cut into pieces at its tight points (where the expression is
exactly 0) and, on an unbounded side, one unit beyond them; each piece is decided by

0. a simple rational inside the piece is tested: where the condition fails there (re-checked exactly or
   at two precisions) the search stops with that counterexample;
1. cvc5 (:mod:`proofs.engines.sign.cvc5_solver`, incremental linearisation), on the first pieces and on
   every unbounded one (a half of a piece is not sent again: cvc5 closes a piece at once or not at all);
2. on a bounded piece cvc5 did not close: a Taylor model decided by z3
   (:mod:`proofs.engines.sign.taylor`), expanded at the piece's tight end, else at its middle;
3. if both fail: the natural interval enclosure over the piece (the only step shared with the
   branch-and-bound; it closes pieces such as ``(0, 1/8]`` for ``log(x) - x + 1 <= 0``, where the
   Taylor remainder is unbounded), then the piece is halved, up to :data:`MAX_PIECES` pieces.

No monotonicity argument is used, so this evidence does not depend on the derivative-sign recursion of
the first method. A condition in several variables is one cvc5 query on the whole domain.

The decision shares the caller's :class:`~proofs.engines.sign.limits.Deadline`; the cvc5 and z3 queries
and the enclosures that closed pieces are recorded (:class:`~proofs.kernel.record.Transcript`).
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

import sympy

from core.context import DEFAULT_DPS, arb
from proofs.base.evidence import Detail
from proofs.engines.sign import cvc5_solver
from proofs.engines.sign.branch import Bound, tight_points
from proofs.engines.sign.interval import Interval, compile_expression
from proofs.engines.sign.limits import Deadline
from proofs.engines.sign.parse import Condition
from proofs.engines.sign.rationals import inner_point, split_point
from proofs.kernel.record import Transcript
from proofs.engines.sign.taylor import taylor_proves
from proofs.engines.sign.transcendental import TranscendentalDecision, box_bounds, confirm, recheck

__all__ = ["crosscheck", "MAX_PIECES", "CVC5_SECONDS"]

#: Pieces (after halving) one cross-check may examine.
MAX_PIECES = 64
#: cvc5's time per query: incremental linearisation closes a piece in milliseconds or not at all.
CVC5_SECONDS = 0.5

Piece = tuple[Fraction | None, Fraction | None, bool, bool]


def _pieces(bound: Bound, tight: Sequence[Fraction]) -> list[Piece]:
    """The domain cut at its tight points, and one unit beyond the outermost on an unbounded side."""
    cuts = sorted({t for t in tight if bound.contains(t)} | ({Fraction(0)} if bound.lo is None and bound.hi is None else set()))
    if bound.lo is None:
        cuts.insert(0, (cuts[0] if cuts else (bound.hi if bound.hi is not None else Fraction(0))) - 1)
    if bound.hi is None:
        cuts.append((cuts[-1] if cuts else (bound.lo if bound.lo is not None else Fraction(0))) + 1)
    edges: list[Fraction | None] = [bound.lo, *[c for c in cuts if bound.contains(c)], bound.hi]
    pieces = []
    for i, (lo, hi) in enumerate(zip(edges, edges[1:])):
        lo_open = bound.lo_open if i == 0 else False
        hi_open = bound.hi_open if i == len(edges) - 2 else False
        if lo is not None and hi is not None and lo >= hi:
            continue
        pieces.append((lo, hi, lo_open, hi_open))
    return pieces


def _piece_conditions(x: sympy.Symbol, piece: Piece) -> list[Condition]:
    lo, hi, lo_open, hi_open = piece
    out = []
    if lo is not None:
        out.append(Condition(x - sympy.Rational(lo.numerator, lo.denominator), ">" if lo_open else ">=", "piece"))
    if hi is not None:
        out.append(Condition(x - sympy.Rational(hi.numerator, hi.denominator), "<" if hi_open else "<=", "piece"))
    return out


def _text(piece: Piece) -> str:
    lo, hi, lo_open, hi_open = piece
    return (("(-oo" if lo is None else ("(" if lo_open else "[") + str(lo)) + ", "
            + ("oo)" if hi is None else str(hi) + (")" if hi_open else "]")))


def _enclosure_closes(expr: sympy.Expr, op: str, x: sympy.Symbol, piece: Piece, dps: int) -> bool:
    lo, hi, _, _ = piece
    with arb(dps).active():
        value, _ = compile_expression(expr, (x,)).enclose([Interval.of(lo, hi)])
    return value is not None and value.certainly(op)


def _solver_text() -> str:
    return (f"{cvc5_solver.version()} (QF_NRAT, incremental linearisation); "
            "Taylor models with arb remainders decided by z3 on bounded pieces")


def crosscheck(target: Condition, domain: list[Condition], *, deadline: Deadline, clip: bool = True,
               dps: int = DEFAULT_DPS) -> TranscendentalDecision:
    """The decision by cvc5 and Taylor models (see the module docstring); ``clip`` says the side conditions
    of the expression were decided (it is defined at every domain point)."""
    if not cvc5_solver.available():
        return TranscendentalDecision("inconclusive", {Detail.SOLVER: "cvc5", "note": "cvc5 is not installed (pip install cvc5)"})
    variables = sorted(set().union(target.expr.free_symbols, *(c.expr.free_symbols for c in domain)),
                       key=lambda s: s.name)
    bounds, rest = box_bounds(variables, domain)
    detail: dict[str, Any] = {Detail.SOLVER: _solver_text()}
    record = Transcript()
    if len(variables) != 1 or rest:
        query = cvc5_solver.ask(target, domain, (), min(deadline.left(), 4 * CVC5_SECONDS), record)
        detail["cvc5"] = query.result + (f" ({query.reason})" if query.reason else "")
        return _finish(target, domain, [] if query.result == "unsat" else ["whole domain"], query.model,
                       detail, record, deadline, dps)
    (x,) = variables
    bound = bounds[x]
    queue = _pieces(bound, tight_points(target.expr, x, bound))
    how: list[str] = []
    open_pieces: list[str] = []
    examined = 0
    first = set(queue)
    while queue:
        if deadline.expired():                           # what is left stays open
            open_pieces += [_text(piece) for piece in queue]
            break
        piece = queue.pop(0)
        examined += 1
        lo, hi, lo_open, hi_open = piece
        point = inner_point(lo, hi)
        if bound.contains(point) and confirm(target.expr, target.op, {x: point}, False, dps) is not None:
            return _finish(target, domain, [], {x: point}, detail | {"pieces": how}, record, deadline, dps)
        if (piece in first or lo is None or hi is None) and not deadline.expired():
            seconds = min(CVC5_SECONDS, max(0.05, deadline.left()))
            query = cvc5_solver.ask(target, domain, _piece_conditions(x, piece), seconds, record,
                                    f"{target.expr} {target.op} 0 at every point of the domain in {x} in {_text(piece)}")
            if query.result == "unsat":
                how.append(f"{_text(piece)}: cvc5 unsat")
                continue
            if query.result == "sat" and query.model is not None and recheck(target, domain, query.model, dps):
                return _finish(target, domain, [], query.model, detail | {"pieces": how}, record, deadline, dps)
        if lo is not None and hi is not None:
            centre = lo if lo in _zeros(target.expr, x, (lo,)) else (hi if hi in _zeros(target.expr, x, (hi,))
                                                                     else split_point(lo, hi))
            order = taylor_proves(target.expr, target.op, x, lo, hi, lo_open, hi_open, centre, deadline=deadline,
                                  dps=dps, transcript=record)
            if order is not None:
                how.append(f"{_text(piece)}: Taylor model of order {order} at {centre} (z3 unsat)")
                continue
        if clip and _enclosure_closes(target.expr, target.op, x, piece, dps):
            how.append(f"{_text(piece)}: interval enclosure")
            record.box([x.name], ((lo, hi),), str(target.expr), "natural interval extension (over the points where "
                       "it is defined: its side conditions were decided)", f"{target.op} 0")
            continue
        if lo is None or hi is None or examined + len(queue) >= MAX_PIECES or deadline.expired():
            open_pieces.append(_text(piece))
            continue
        middle = split_point(lo, hi)
        queue[:0] = [(lo, middle, lo_open, False), (middle, hi, False, hi_open)]
    detail["pieces"] = how
    return _finish(target, domain, open_pieces, None, detail, record, deadline, dps)


def _zeros(expr: sympy.Expr, x: sympy.Symbol, points: Sequence[Fraction]) -> set[Fraction]:
    found = set()
    for point in points:
        value = expr.xreplace({x: sympy.Rational(point.numerator, point.denominator)})
        if value.is_Rational and value == 0:
            found.add(point)
    return found


def _finish(target: Condition, domain: list[Condition], open_pieces: list[str],
            model: dict[sympy.Symbol, Fraction] | None, detail: dict[str, Any], record: Transcript,
            deadline: Deadline, dps: int) -> TranscendentalDecision:
    detail["seconds"] = round(deadline.elapsed(), 4)
    if model is not None:
        found = recheck(target, domain, model, dps)
        if found is not None:
            return TranscendentalDecision("counterexample", detail, found)
        detail["note"] = f"cvc5's model {model} was not confirmed at two precisions"
        open_pieces = open_pieces or ["whole domain"]
    if open_pieces:
        detail["open pieces"] = open_pieces
        if deadline.expired():
            detail[Detail.TIME_OUT] = f"the deadline ({round(deadline.seconds, 3)} s) passed with pieces still open"
        return TranscendentalDecision("inconclusive", detail)
    return TranscendentalDecision("proved", detail, transcript=record)
