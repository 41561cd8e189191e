"""Validated branch-and-bound for ``f op 0`` on a box, with monotonicity arguments where it cannot close.

:func:`prove` covers the domain box with boxes on each of which the condition is shown by a certified
enclosure (:mod:`proofs.engines.sign.interval`: the natural interval extension, intersected with the
mean-value form ``f(m) + f'(B)(B - m)`` where ``f`` is defined on the whole box). Two situations defeat
enclosures alone, and for one-variable goals without further constraints they are closed by a
*monotonicity argument* anchored at an end ``a`` of a box ``[a, b]`` (or ``[b, a]``):

* a *tight point*, a rational ``a`` where ``f(a) = 0`` exactly (``exp(x) - 1 - x`` at 0,
  ``log(x) - x + 1`` at 1): no enclosure of a box touching ``a`` is strictly on one side of 0;
* an *unbounded* box ``[a, oo)``: the enclosure of ``exp(x) - x`` there is ``[-oo, oo]``.

The argument is the mean value theorem: if ``f`` is continuous on the box (defined at ``a`` and on the
box), ``f(a) >= 0`` and ``f' >= 0`` on the open box, then ``f >= 0`` on it; ``f(a) = 0`` at an excluded
end with ``f' > 0`` gives ``f > 0``; an anchor at the right end needs ``f' <= 0``. At an infinite end, or
an excluded end where ``f`` is undefined, the one-sided limit of ``f`` (sympy's ``limit``) plays the
value at the anchor (``f`` increasing to a limit ``<= 0`` stays ``<= 0``). The derivative is derived with
sympy and its sign decided by the same procedure, recursively (second, third, ... derivatives where
the first also vanishes at the anchor), up to :data:`MAX_ORDER`; a derivative goal may spend at most
:data:`SUBGOAL_BOXES` boxes, its own derivative goals included. An unbounded box ``[a, oo)`` with
``a >= 1`` is also decided through the monotone substitution ``x = 1/t`` (a bounded box in ``t`` whose
excluded end 0 stands for infinity).

Enclosures use two forms of each expression, as given and sympy's ``factor(together(...))``, and keep
the intersection (a quotient of factors of known sign encloses far better than a difference of terms
that both blow up near an end).

A derivative goal is first handed to z3 (:func:`proofs.engines.sign.polynomial.decide_polynomial_condition`)
when the monotone substitutions reduce it to a polynomial condition: differentiation often removes what
made the condition transcendental (``d/dx (tanh(x/2) - x/2)`` has ``x`` only inside ``exp``), and nlsat then
decides the sign on the whole box at once.

A box that is neither closed nor split further (too small, or the budget is spent) stays *open*: the
goal is then undecided, and the open boxes and their total measure are reported. A test point of every
box is evaluated; where the condition certainly fails there, the search stops with that point (the
caller re-checks it exactly or at two precisions before believing it).

Every closed box (its enclosure and the sign it shows), every argument and every z3 query of a step
that succeeded is written to the :class:`~proofs.kernel.record.Transcript` of the
:class:`Result`; the steps of a derivative goal that failed are dropped with it.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from proofs.engines.sign.interval import Forms, Interval, forms_of, side_conditions
from proofs.engines.sign.limits import Deadline, TimeUp, bounded
from proofs.engines.sign.parse import Condition
from proofs.engines.sign.polynomial import decide_polynomial_condition
from proofs.engines.sign.rationals import inner_point, split_point
from proofs.kernel.record import Transcript

__all__ = ["Bound", "Goal", "Search", "Result", "prove", "candidates", "tight_points", "MAX_ORDER"]

#: Highest derivative a monotonicity argument may use.
MAX_ORDER = 5
#: A box narrower than this (relative to max(1, |its midpoint|)) is not split further.
SMALLEST_WIDTH = Fraction(1, 2**40)
#: How many times an unbounded box is split off a bounded piece before it is left open.
TAIL_SPLITS = 64
#: Boxes one monotonicity argument may spend on its derivative goal: it closes at once or not at all.
SUBGOAL_BOXES = 300
#: Seconds z3 may spend on the sign of one derivative (it decides at once or not at all).
Z3_DERIVATIVE_SECONDS = 5.0
#: Generations (number of halvings) at which a box touching a tight point tries the monotone argument.
_ATTEMPTS = frozenset({0, 1, 2, 3, 4, 6, 8, 11, 14, 18, 22, 27, 32, 38})
_FLIP = {">": "<", ">=": "<=", "<": ">", "<=": ">=", "==": "==", "!=": "!="}
_NEGATION = {">": "<=", ">=": "<", "<": ">=", "<=": ">", "==": "!=", "!=": "=="}


@dataclass(frozen=True)
class Bound:
    """The domain of one variable: ``lo (<|<=) x (<|<=) hi``; ``None`` for an unbounded side."""

    lo: Fraction | None = None
    hi: Fraction | None = None
    lo_open: bool = True
    hi_open: bool = True

    def contains(self, x: Fraction) -> bool:
        if self.lo is not None and (x < self.lo or (x == self.lo and self.lo_open)):
            return False
        return not (self.hi is not None and (x > self.hi or (x == self.hi and self.hi_open)))

    def in_closure(self, x: Fraction) -> bool:
        return (self.lo is None or x >= self.lo) and (self.hi is None or x <= self.hi)

    @property
    def empty(self) -> bool:
        if self.lo is None or self.hi is None:
            return False
        return self.lo > self.hi or (self.lo == self.hi and (self.lo_open or self.hi_open))

    def text(self, name: str) -> str:
        left = "(-oo" if self.lo is None else ("(" if self.lo_open else "[") + str(self.lo)
        right = "oo)" if self.hi is None else str(self.hi) + (")" if self.hi_open else "]")
        return f"{name} in {left}, {right}"


@dataclass(frozen=True)
class Goal:
    """``expr op 0`` for every point of the box ``bounds`` that satisfies ``constraints``.

    ``clip``: the expression is known to be defined at every such point (its side conditions were
    decided), so enclosures may leave out the points where it is not; ``order``: which derivative of
    the condition under study this is (0 for the condition itself)."""

    expr: sympy.Expr
    op: str
    variables: tuple[sympy.Symbol, ...]
    bounds: tuple[Bound, ...]
    constraints: tuple[tuple[Forms, str], ...] = ()
    clip: bool = True
    order: int = 0


@dataclass
class Result:
    """What :func:`prove` established: ``status`` is ``proved``, ``counterexample`` or ``open``."""

    status: str
    point: dict[sympy.Symbol, Fraction] | None = None
    open_boxes: list[tuple[tuple[Fraction | None, Fraction | None], ...]] = field(default_factory=list)
    boxes: int = 0
    arguments: list[str] = field(default_factory=list)
    highest_order: int = 0
    transcript: Transcript = field(default_factory=Transcript)

    def measure(self) -> float:
        """Total measure of the open boxes (``inf`` if one is unbounded)."""
        total = 0.0
        for box in self.open_boxes:
            size = 1.0
            for lo, hi in box:
                size *= float("inf") if lo is None or hi is None else float(hi - lo)
            total += size
        return total


@dataclass
class Search:
    """Shared budget of one decision: a deadline, box counts and compiled programs (cached)."""

    deadline: Deadline
    max_boxes: int
    programs: dict[tuple[sympy.Expr, tuple[sympy.Symbol, ...]], Forms] = field(default_factory=dict)
    derivatives: dict[tuple[sympy.Expr, sympy.Symbol], sympy.Expr] = field(default_factory=dict)
    limits: dict[tuple[sympy.Expr, sympy.Symbol, sympy.Expr, str], sympy.Expr | None] = field(default_factory=dict)
    boxes: int = 0

    def program(self, expr: sympy.Expr, variables: Sequence[sympy.Symbol]) -> Forms:
        key = (expr, tuple(variables))
        if key not in self.programs:
            self.programs[key] = forms_of(expr, variables, factored=not self.late)
        return self.programs[key]

    def derivative(self, expr: sympy.Expr, symbol: sympy.Symbol) -> sympy.Expr:
        key = (expr, symbol)
        if key not in self.derivatives:
            self.derivatives[key] = sympy.diff(expr, symbol)
        return self.derivatives[key]

    def limit(self, expr: sympy.Expr, symbol: sympy.Symbol, where: sympy.Expr,
              direction: str = "+") -> sympy.Expr | None:
        """``lim expr`` as ``symbol -> where`` (from ``direction``) by sympy (None if sympy gives no real
        number or infinity)."""
        key = (expr, symbol, where, direction)
        if key not in self.limits and self.late:
            return None                                  # sympy's limit may take long: not after the deadline
        if key not in self.limits:
            try:
                value = bounded(self.deadline, "a limit", sympy.limit, expr, symbol, where, direction)
            except TimeUp:
                return None                              # not cached: a later call has no more time anyway
            except (NotImplementedError, ValueError, TypeError, RecursionError):
                value = None
            if value is not None and not (value in (sympy.oo, -sympy.oo) or (value.is_number and value.is_real
                                                                               and value.is_finite)):
                value = None
            self.limits[key] = value
        return self.limits[key]

    @property
    def late(self) -> bool:
        return self.deadline.expired()


Box = tuple[tuple[Fraction | None, Fraction | None], ...]


def _intervals(box: Box) -> list[Interval]:
    return [Interval.of(lo, hi) for lo, hi in box]


def _smooth(expr: sympy.Expr) -> bool:
    """No square roots, fractional powers or absolute values: derivatives are defined wherever the
    expression is."""
    return not any((a.is_Pow and not a.exp.is_Integer and a.base is not sympy.E) or isinstance(a, sympy.Abs)
                   for a in sympy.preorder_traversal(expr))


def _exact_value(expr: sympy.Expr, symbol: sympy.Symbol, x: Fraction) -> sympy.Expr | None:
    """``expr`` at ``x`` when sympy evaluates it to a rational (``exp(0) = 1``, ``log(1) = 0``), else None."""
    value = expr.xreplace({symbol: sympy.Rational(x.numerator, x.denominator)})
    if value.is_Rational:
        return value
    if value.is_number and value.is_finite and value.is_zero:       # e.g. 1 - exp(0)*1 after evaluation
        return sympy.Integer(0)
    return None


def candidates(expr: sympy.Expr, x: sympy.Symbol, bound: Bound) -> list[Fraction]:
    """Rational points worth testing first in a one-variable condition: the ends of the domain, 0, ±1, and
    where an argument of ``exp`` is 0, of ``log`` 1, of a root 0 (when that argument is linear)."""
    points = {Fraction(0), Fraction(1), Fraction(-1)}
    points |= {b for b in (bound.lo, bound.hi) if b is not None}
    for node in sympy.preorder_traversal(expr):
        argument, target = None, 0
        if isinstance(node, sympy.exp):
            argument = node.args[0]
        elif isinstance(node, sympy.log):
            argument, target = node.args[0], 1
        elif node.is_Pow and not node.exp.is_Integer:
            argument = node.base
        if argument is None or not argument.is_polynomial(x) or sympy.degree(argument, x) != 1:
            continue
        root = sympy.solve(sympy.Eq(argument, target), x)
        if len(root) == 1 and root[0].is_Rational:
            points.add(Fraction(int(root[0].p), int(root[0].q)))
    return sorted(p for p in points if bound.in_closure(p))


def tight_points(expr: sympy.Expr, x: sympy.Symbol, bound: Bound) -> list[Fraction]:
    """The :func:`candidates` where ``expr`` is exactly 0."""
    return [p for p in candidates(expr, x, bound) if _exact_value(expr, x, p) == 0]


def prove(goal: Goal, search: Search, budget: int | None = None) -> Result:
    """Cover the goal's box (see the module docstring); ``budget`` caps the boxes of this goal."""
    limit = budget if budget is not None else search.max_boxes
    first = search.boxes                         # boxes of this goal, its derivative goals included
    result = Result("proved", highest_order=goal.order)
    program = search.program(goal.expr, goal.variables)
    one_variable = len(goal.variables) == 1 and not goal.constraints
    tight: set[Fraction] = set()
    start: Box = tuple((b.lo, b.hi) for b in goal.bounds)
    if any(b.empty for b in goal.bounds):
        return result
    cuts: list[Fraction] = []
    if one_variable:
        for point in candidates(goal.expr, goal.variables[0], goal.bounds[0]):
            verdict = _at_candidate(goal, program, point)
            if verdict == "fails":
                return Result("counterexample", {goal.variables[0]: point}, boxes=result.boxes)
            if verdict == "tight":
                tight.add(point)
                if goal.bounds[0].contains(point) and not (point == start[0][0] or point == start[0][1]):
                    cuts.append(point)
        if start[0] == (None, None) and Fraction(0) not in cuts:
            cuts.append(Fraction(0))
    queue: deque[tuple[Box, int]] = deque()
    edges = [start[0][0], *sorted(cuts), start[0][1]] if one_variable else None
    if edges is not None and cuts:
        for lo, hi in zip(edges, edges[1:]):
            queue.append((((lo, hi),), 0))
    else:
        queue.append((start, 0))
    names = [x.name for x in goal.variables]
    while queue:
        box, generation = queue.popleft()
        if search.late:                                  # the deadline passed: what is left stays open
            result.open_boxes += [box, *(b for b, _ in queue)]
            break
        result.boxes += 1
        search.boxes += 1
        intervals = _intervals(box)
        excluded = _excluded(goal, intervals)
        if excluded is not None:                         # no domain point in this box
            expression, sign = excluded
            result.transcript.box(names, box, expression, "natural interval extension (a domain constraint "
                                  "fails on the whole box)", sign)
            continue
        closed = _closes(goal, search, program, box, intervals)
        if closed is not None:
            expression, enclosure, centre = closed
            result.transcript.box(names, box, expression, enclosure, f"{goal.op} 0", centre)
            continue
        point = tuple(_test_point(b, side) for b, side in zip(goal.bounds, box))
        if _fails_at(goal, program, point):
            result.status, result.point = "counterexample", dict(zip(goal.variables, point))
            return result
        if one_variable and goal.order < MAX_ORDER:
            argument = _try_anchors(goal, search, box, generation, tight, limit - (search.boxes - first))
            if argument is not None:
                text, order, record = argument
                result.arguments.append(text)
                result.highest_order = max(result.highest_order, order)
                result.transcript.extend(record)
                continue
        children = None if (search.boxes - first >= limit or search.late) else _split(box, generation)
        if children is None:
            result.open_boxes.append(box)
            continue
        queue.extend((child, generation + 1) for child in children)
    if result.open_boxes:
        result.status = "open"
    return result


def _excluded(goal: Goal, intervals: list[Interval]) -> tuple[str, str] | None:
    """``(constraint, sign shown)`` if some domain constraint certainly fails on the whole box."""
    for program, op in goal.constraints:
        value, _ = program.enclose(intervals)
        if value is not None and Interval.never(value, op):
            return str(program.programs[0].expression), f"{_NEGATION[op]} 0"
    return None


Closure = tuple[str, str, "list[Fraction] | None"]


def _closes(goal: Goal, search: Search, program: Forms, box: Box, intervals: list[Interval]) -> Closure | None:
    """``(expression enclosed, enclosure used, centre of a mean-value form)`` if the condition certainly holds
    at every domain point of the box (a certified enclosure), else None."""
    value, strict = program.enclose(intervals)
    where = "" if strict else " (over the points where it is defined: its side conditions were decided)"
    if value is None:
        if goal.clip:
            return str(goal.expr), "defined nowhere in the box (its side conditions were decided): no domain point", None
        return None
    if not (strict or goal.clip):
        return None
    if value.certainly(goal.op):
        return _which_form(program, intervals, goal.op, where)
    if not strict or not all(lo is not None and hi is not None for lo, hi in box):
        return None
    middle = [(lo + hi) / 2 for lo, hi in box]
    centre, centre_strict = program.at(middle)
    if centre is None or not centre_strict:
        return None
    total = centre
    for symbol, (lo, hi), m in zip(goal.variables, box, middle):
        derivative = search.program(search.derivative(goal.expr, symbol), goal.variables)
        slope, slope_strict = derivative.enclose(intervals)
        if slope is None or not slope_strict or not slope.bounded:
            return None
        total = total + slope * Interval.of(lo - m, hi - m)
    if not value.intersect(total).certainly(goal.op):
        return None
    return str(goal.expr), "mean-value form f(m) + f'(B)(B - m) at the centre m (intersected with the natural extension)", \
        middle


def _which_form(program: Forms, intervals: list[Interval], op: str, where: str) -> Closure:
    """Which of the forms' natural enclosures shows the sign: one form alone, or their intersection."""
    for form in program.programs:
        value, _ = form.enclose(intervals)
        if value is not None and value.certainly(op):
            return str(form.expression), "natural interval extension" + where, None
    shown = " and ".join(str(form.expression) for form in program.programs)
    return shown, "intersection of the natural interval extensions of the equal forms" + where, None


def _test_point(bound: Bound, side: tuple[Fraction | None, Fraction | None]) -> Fraction:
    return inner_point(*side)


def _fails_at(goal: Goal, program: Forms, point: Sequence[Fraction]) -> bool:
    if not all(b.contains(x) for b, x in zip(goal.bounds, point)):
        return False
    thin = [Interval.of(x, x) for x in point]
    for constraint, op in goal.constraints:
        value, strict = constraint.enclose(thin)
        if value is None or not strict or not value.certainly(op):
            return False
    value, strict = program.enclose(thin)
    return value is not None and strict and value.never(goal.op)


def _at_candidate(goal: Goal, program: Forms, x: Fraction) -> str:
    """``tight`` if the expression is exactly 0 at ``x``, ``fails`` if ``x`` is a domain point where the
    condition fails, else ``other``."""
    (symbol,) = goal.variables
    exact = _exact_value(goal.expr, symbol, x)
    inside = goal.bounds[0].contains(x)
    if exact is not None:
        if inside and not _holds_exactly(goal.op, exact):
            return "fails"
        return "tight" if exact == 0 else "other"
    if inside and _fails_at(goal, program, (x,)):
        return "fails"
    return "other"


def _holds_exactly(op: str, value: sympy.Expr) -> bool:
    return {">": value > 0, ">=": value >= 0, "<": value < 0, "<=": value <= 0,
            "==": value == 0, "!=": value != 0}[op] in (True, sympy.true)


def _split(box: Box, generation: int) -> list[Box] | None:
    """Two boxes covering ``box``, cut across its unbounded side first, else its widest side; ``None`` if
    it is too small (or an unbounded side was cut off too often)."""
    def width(side: tuple[Fraction | None, Fraction | None]) -> Fraction:
        lo, hi = side
        return (hi - lo) / max(Fraction(1), abs(lo + hi) / 2)

    unbounded = [i for i, (lo, hi) in enumerate(box) if lo is None or hi is None]
    if unbounded:
        if generation >= TAIL_SPLITS:
            return None
        i = unbounded[0]
        lo, hi = box[i]
        if lo is None and hi is None:
            cut = Fraction(0)
        elif hi is None:
            cut = lo + max(Fraction(1), abs(lo))
        else:
            cut = hi - max(Fraction(1), abs(hi))
    else:
        i = max(range(len(box)), key=lambda k: width(box[k]))
        lo, hi = box[i]
        if width(box[i]) < SMALLEST_WIDTH:
            return None
        cut = split_point(lo, hi)
    left = box[:i] + ((box[i][0], cut),) + box[i + 1:]
    right = box[:i] + ((cut, box[i][1]),) + box[i + 1:]
    return [left, right]


# ------------------------------------------------------------------------------------------------------
# Monotonicity arguments (one variable)

Argument = tuple[str, int, Transcript]


def _try_anchors(goal: Goal, search: Search, box: Box, generation: int, tight: set[Fraction],
                 budget: int) -> Argument | None:
    """A monotonicity argument that closes ``box``: ``(text, highest derivative used, its record)`` or None. It is
    tried on boxes with a special end (a tight point, an infinite end, an excluded end of the domain,
    where the value may be a limit), anchored at either end; an unbounded box also through ``x = 1/t``."""
    ((lo, hi),) = box
    (bound,) = goal.bounds
    special = (lo is None or lo in tight or (lo == bound.lo and bound.lo_open),
               hi is None or hi in tight or (hi == bound.hi and bound.hi_open))
    if not any(special) or generation not in _ATTEMPTS or budget < 10:
        return None
    share = max(40, min(budget // 8, SUBGOAL_BOXES))
    for side, anchor in (("left", lo), ("right", hi)):
        found = _anchored(goal, search, box, side, anchor, tight, share)
        if found is not None:
            return found
    return _inverted(goal, search, box, share)


def _inverted(goal: Goal, search: Search, box: Box, budget: int) -> Argument | None:
    """An unbounded box ``[a, oo)`` (``a >= 1``) or ``(-oo, b]`` (``b <= -1``) through ``x = 1/t``: the goal
    for ``f(1/t)`` on ``(0, 1/a]`` (resp. ``[1/b, 0)``), where the infinite end becomes an excluded end at 0
    whose value is the limit of ``f`` (a monotone substitution: every point of the box is ``1/t`` for one
    ``t`` of the new box)."""
    ((lo, hi),) = box
    (x,) = goal.variables
    if hi is None and lo is not None and lo >= 1:
        bound = Bound(Fraction(0), 1 / lo, True, False)
    elif lo is None and hi is not None and hi <= -1:
        bound = Bound(1 / hi, Fraction(0), False, True)
    else:
        return None
    t = sympy.Symbol(f"{x.name}_inverse", real=True)
    sub = Goal(goal.expr.xreplace({x: 1 / t}), goal.op, (t,), (bound,), clip=goal.clip, order=goal.order)
    try:
        outcome = prove(sub, search, budget)
    except ValueError:
        return None
    if outcome.status != "proved":
        return None
    where = f"[{lo}, oo)" if hi is None else f"(-oo, {hi}]"
    own = _name(goal.order)
    because = f"with {x} = 1/{t}, {own}(1/{t}) {goal.op} 0 on {bound.text(str(t))}"
    text = f"{own} {goal.op} 0 on {where}: {because}"
    if outcome.arguments:
        text += " [" + "; ".join(outcome.arguments[:3]) + ("; ..." if len(outcome.arguments) > 3 else "") + "]"
    record = Transcript()
    record.extend(outcome.transcript)
    record.argument(f"{own} {goal.op} 0 on {where}", because + " (x = 1/t maps the box one to one onto the new box)",
                    expression=str(goal.expr), substituted=str(sub.expr))
    return text, outcome.highest_order, record


def _anchor_value(goal: Goal, search: Search, side: str, anchor: Fraction | None,
                  tight: set[Fraction]) -> tuple[bool, bool, bool, str] | None:
    """``(zero, good, weak, text)`` for the value at the anchor: exactly 0, strictly on the goal's side,
    on it or 0; at an infinite end, the limit there (computed by sympy)."""
    upward = goal.op in (">", ">=")
    (x,), (bound,) = goal.variables, goal.bounds
    zero, text, where = False, "", None
    if anchor is None:
        where = (sympy.oo if side == "right" else -sympy.oo), "+"
    else:
        value, strict = search.program(goal.expr, goal.variables).at((anchor,))
        zero = anchor in tight
        text = "= 0 (exact)" if zero else "certified"
        if (value is None or not strict) and not bound.contains(anchor):
            # an excluded end where f is undefined: the one-sided limit plays its value (f extends
            # continuously to that end when the limit is finite)
            where = sympy.Rational(anchor.numerator, anchor.denominator), "+" if side == "left" else "-"
    if where is not None:
        limit = search.limit(goal.expr, x, *where)
        if limit is None:
            return None
        text = f"-> {limit} (sympy limit)"
        if limit in (sympy.oo, -sympy.oo):
            good = (limit is sympy.oo) == upward
            return False, good, good, text
        value, strict = search.program(limit, ()).enclose([])
        zero = limit.is_zero is True
    if value is None or not strict:
        return None                                  # undefined at the anchor: no continuity there
    good = value.certainly(">" if upward else "<")
    weak = zero or value.certainly(">=" if upward else "<=")
    if anchor is not None and not zero:
        text = f"{('>' if upward else '<') + ('' if good else '=')} 0 (certified)"
    return zero, good, weak, text


def _anchored(goal: Goal, search: Search, box: Box, side: str, anchor: Fraction | None, tight: set[Fraction],
              budget: int) -> Argument | None:
    """The mean-value argument of the module docstring on ``box`` from ``anchor`` (its ``side`` end; ``None``:
    the infinite end, where the limit of ``f`` plays the anchor's value: ``f`` increasing to a limit
    ``<= 0`` stays ``<= 0``)."""
    if goal.op not in (">", ">=", "<", "<=") or not goal.clip:
        return None          # the mean value theorem needs f defined (continuous) on the whole box
    (x,), (bound,) = goal.variables, goal.bounds
    found = _anchor_value(goal, search, side, anchor, tight)
    if found is None:
        return None
    zero, good, weak, anchor_text = found
    upward = goal.op in (">", ">=")                   # f must stay >= 0 (resp. <= 0)
    strict_goal = goal.op in (">", "<")
    if strict_goal and not good:
        if not (weak and (anchor is None or not bound.contains(anchor))):
            return None
        derivative_op = ">"
    elif weak or good:
        derivative_op = ">="
    else:
        return None
    if not upward:
        derivative_op = _FLIP[derivative_op]
    if side == "right":
        derivative_op = _FLIP[derivative_op]
    derivative = search.derivative(goal.expr, x)
    ((lo, hi),) = box
    interior = (Bound(lo, hi, True, True),)
    record = Transcript()
    decided = _derivative_by_z3(derivative, derivative_op, x, lo, hi, search, record)
    if decided:
        outcome = Result("proved", highest_order=goal.order + 1)
        how = "z3"
    else:
        record = Transcript()
        clip = goal.clip and (_smooth(goal.expr) or _defined_on(derivative, goal.variables, interior, search, record))
        sub = Goal(derivative, derivative_op, goal.variables, interior, clip=clip, order=goal.order + 1)
        try:
            outcome = prove(sub, search, budget)
        except ValueError:
            return None                                  # a derivative outside what the enclosures evaluate
        if outcome.status != "proved":
            return None
        record.extend(outcome.transcript)
        how = "interval decider"
    left = "(-oo" if lo is None else ("[" if bound.contains(lo) else "(") + str(lo)
    right = "oo)" if hi is None else str(hi) + ("]" if bound.contains(hi) else ")")
    own, order = _name(goal.order), _name(goal.order + 1)
    at = f"{own}({anchor})" if anchor is not None else f"{own}({x} -> {'oo' if side == 'right' else '-oo'})"
    because = f"{at} {anchor_text} and {order} {derivative_op} 0 on ({_end(lo, '-oo')}, {_end(hi, 'oo')})"
    text = f"{own} {goal.op} 0 on {left}, {right}: {because}"
    if how == "z3":
        text += " (z3)"
    if outcome.arguments:
        text += " [" + "; ".join(outcome.arguments[:3]) + ("; ..." if len(outcome.arguments) > 3 else "") + "]"
    record.argument(f"{own} {goal.op} 0 on {left}, {right}", because + " (mean value theorem)",
                    expression=str(goal.expr), anchor=_end(anchor, "oo" if side == "right" else "-oo"),
                    derivative=str(derivative), derivative_sign=f"{derivative_op} 0", derivative_decided_by=how)
    return text, outcome.highest_order, record


def _derivative_by_z3(derivative: sympy.Expr, op: str, x: sympy.Symbol, lo: Fraction | None, hi: Fraction | None,
                      search: Search, record: Transcript) -> bool:
    """``derivative op 0`` on the open box ``(lo, hi)`` proved by z3 (when the monotone substitutions reduce
    it to a polynomial condition); its queries go to ``record``."""
    if search.late:
        return False
    domain = []
    if lo is not None:
        domain.append(Condition(x - sympy.Rational(lo.numerator, lo.denominator), ">", f"{x} > {lo}"))
    if hi is not None:
        domain.append(Condition(x - sympy.Rational(hi.numerator, hi.denominator), "<", f"{x} < {hi}"))
    condition = Condition(derivative, op, f"{derivative} {op} 0")
    decided = decide_polynomial_condition(condition, domain, deadline=search.deadline.within(Z3_DERIVATIVE_SECONDS),
                                          transcript=record)
    return decided is not None and decided[0] == "proved"


def _defined_on(expr: sympy.Expr, variables: tuple[sympy.Symbol, ...], bounds: tuple[Bound, ...],
                search: Search, record: Transcript) -> bool:
    """Every side condition of ``expr`` (a root's base > 0, a logarithm's argument > 0, a denominator
    != 0) is proved on ``bounds``: the enclosures of a derivative of an expression with square roots may
    then leave out the points where it is undefined (``1/(2 sqrt(x))`` on ``(0, h)``). The proofs go to
    ``record``."""
    for u, op, _ in side_conditions(expr):
        tries = (op,) if op != "!=" else (">", "<")
        defined = _defined_on(u, variables, bounds, search, record)      # u's own side conditions (subterms)
        for want in tries:
            outcome = prove(Goal(u, want, variables, bounds, clip=defined), search, 200)
            if outcome.status == "proved":
                record.extend(outcome.transcript)
                break
        else:
            return False
    return True


def _name(order: int) -> str:
    return "f" + "'" * order if order < 4 else f"f^({order})"


def _end(value: Fraction | None, infinite: str) -> str:
    return infinite if value is None else str(value)
