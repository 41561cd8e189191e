"""A stated domain: where a claim, a mechanism or a check lives, written the way a paper states it.

Every engine that takes ``domain=`` (``check_sign``, ``check_moment``, ``check_ldp``, the mechanism
families) reads it through :meth:`Domain.parse`, so one text means one set everywhere::

    Domain.parse("eps > 0, d >= 2 integer, 0 <= c0 <= n")
    Domain.parse(["0 < x < 1", "p + q <= 1"])            # the list form check_sign has always taken
    Domain.parse("x in [-1, 1], eps > 0")                  # an interval, closed or open at either end

Syntax (every formula is read by :func:`core.formula.parse_formula`; nothing is evaluated):

* parts are separated by commas or semicolons at the top level (a comma inside brackets or parentheses
  belongs to its part), or given as a list;
* a part is a comparison (``<``, ``<=``, ``>``, ``>=``, ``==``, ``!=``; chains such as ``0 <= c0 <= n``
  and conjunctions with ``and``), or ``name in [a, b]`` with ``[``/``]`` closed and ``(``/``)`` open ends;
* the word ``integer`` (or ``integers``) after a part makes every symbol of that part an integer
  (``d >= 2 integer``; ``0 <= c0 <= n integer`` makes ``c0`` and ``n`` integers); a part that is only
  names (``n integer``, ``n, k integers`` as one list item) declares them;
* ``≤``, ``≥``, ``≠`` and ``∈`` are read as ``<=``, ``>=``, ``!=`` and ``in``.

A domain knows which of its points are *interior* (every inequality holds strictly; an equality is kept
as it is; on integers the edge value is boundary, so ``d = 2`` is on the boundary of ``d >= 2``) and
can draw exact rational
points from its interior and from its boundary. Engines use this to refuse support that rests only on
boundary points: evidence whose every checked point lies on the boundary of the stated domain (or in a
degenerate case of a mechanism) earns nothing (:attr:`proofs.base.evidence.Evidence.interior_cases`).

The sampling is a deterministic rejection search (``random.Random(seed)``) over a box built from the
bounds the conditions give each symbol; a symbol without a finite bound gets :data:`UNBOUNDED_SPAN` beyond
its finite end. It never claims a domain is empty: deciding that is the sign engine's work.
"""

from __future__ import annotations

import functools
import itertools
import random
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.errors import invalid
from core.formula import parse_formula
from core.types import DomainLike, ExprLike, NumberLike, Values

if TYPE_CHECKING:
    import sympy

#: A rational function of named exact values, compiled from a sympy expression.
FractionFunction = Callable[[Mapping[str, Fraction]], Fraction]

__all__ = ["Domain", "DomainLike", "UNBOUNDED_SPAN", "MAX_PARTS", "fraction_function"]

#: How far beyond its finite end a symbol with only one finite bound is sampled (and 0 ± this span for a
#: symbol with none): wide enough to leave the boundary, small enough for exact enumeration to stay cheap.
UNBOUNDED_SPAN = 8
#: Most parts a domain may have (a guard against a pasted document, not a mathematical limit).
MAX_PARTS = 64
#: Denominators of the rational points drawn for real symbols.
_DENOMINATORS = (2, 3, 4, 5, 7, 8, 10, 16)
#: Draws tried per requested point before the search gives up.
_TRIES_PER_POINT = 400

#: a relation decided from the exact value of lhs - rhs
_DECIDE = {"<": lambda v: v < 0, "<=": lambda v: v <= 0, ">": lambda v: v > 0, ">=": lambda v: v >= 0,
           "==": lambda v: v == 0, "!=": lambda v: v != 0}
_UNICODE = (("≤", "<="), ("≥", ">="), ("≠", "!="), ("∈", " in "), ("−", "-"), ("⩽", "<="), ("⩾", ">="))
_INTEGER_WORD = re.compile(r"\s+(integers?)\s*$")
_ONLY_NAMES = re.compile(r"^\s*[A-Za-z_][A-Za-z0-9_]*(\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*\s+integers?\s*$")
_INTERVAL = re.compile(r"^\s*([A-Za-z][A-Za-z0-9_]*)\s+in\s+([\[(])(.*),(.*)([\])])\s*$", re.S)


def _split_top_level(text: str) -> list[str]:
    """Split on commas and semicolons that are not inside brackets or parentheses."""
    parts, depth, current = [], 0, []
    for ch in text:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        if ch in ",;" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return [p.strip() for p in parts if p.strip()]


def _conjuncts(expr: sympy.Basic) -> list[sympy.Basic]:
    import sympy

    if isinstance(expr, sympy.And):
        return [c for arg in expr.args for c in _conjuncts(arg)]
    return [expr]


@dataclass(frozen=True)
class Domain:
    """Conditions on named parameters (a conjunction), with the names that are integers.

    ``text`` is the domain as the user wrote it (shown in evidence); ``conditions`` the relations, one per
    conjunct; ``integers`` the names of the integer symbols. Build one with :meth:`parse`.
    """

    text: str
    conditions: tuple[sympy.Basic, ...]
    integers: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        import sympy

        if not isinstance(self.text, str):
            raise invalid("domain text", self.text, "must be a string (the domain as written)")
        for name in ("conditions", "integers"):
            value = getattr(self, name)
            if isinstance(value, (str, bytes)) or not isinstance(value, Iterable):
                raise invalid(f"domain {name}", value, "must be a collection", "build a domain with Domain.parse")
        object.__setattr__(self, "conditions", tuple(self.conditions))
        object.__setattr__(self, "integers", frozenset(self.integers))
        if not all(isinstance(name, str) for name in self.integers):
            raise invalid("domain integers", sorted(map(repr, self.integers)), "must be names (strings)")
        for condition in self.conditions:
            if not isinstance(condition, sympy.Basic) or not (condition.is_Relational or condition in
                                                              (sympy.true, sympy.false) or isinstance(
                                                                  condition, (sympy.Or, sympy.Not))):
                raise invalid("domain", self.text, f"{condition} is not a condition")

    # ----------------------------------------------------------------------------------------- building
    @classmethod
    def parse(cls, value: DomainLike, *, symbols: Mapping[str, sympy.Symbol] | None = None,
              integers: Iterable[str] = ()) -> "Domain":
        """The domain written in ``value`` (see the module docstring), with ``symbols`` mapping names to the
        sympy symbols to use and ``integers`` naming further integer symbols. ``None`` and ``""`` are the
        whole space (no condition)."""
        import sympy

        extra = frozenset(integers)
        if isinstance(value, Domain):
            return value if not extra else Domain(value.text, value.conditions, value.integers | extra)
        if value is None:
            items: Sequence[ExprLike] = []
            text = ""
        elif isinstance(value, str):
            text = value
            if len(text) > 5_000:
                raise invalid("domain", text, "is too long (over 5000 characters)")
            items = _split_top_level(_plain(text))
        elif isinstance(value, (sympy.Basic, bool)):
            items, text = [value], str(value)
        elif isinstance(value, (bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
            raise invalid("domain", value, "is not a domain",
                          "give a condition string such as 'eps > 0, d >= 2', a list of them, or a Domain")
        else:
            items = list(itertools.islice(value, MAX_PARTS + 1))
            text = ", ".join(str(v) for v in items)
        if len(items) > MAX_PARTS:
            raise invalid("domain", text, f"has {len(items)} parts, more than {MAX_PARTS}")
        conditions: list[sympy.Basic] = []
        names_integer: set[str] = set(extra)
        for item in _merge_declarations(items):
            for condition, are_integers in _parse_part(item, symbols or {}, text):
                if condition is None:  # a declaration only
                    names_integer |= are_integers
                    continue
                conditions.extend(_conjuncts(condition))
                names_integer |= are_integers
        conditions = [_settled(c) for c in conditions]
        if any(c == sympy.false for c in conditions):
            raise invalid("domain", text, "contains a condition that is always false")
        conditions = [c for c in conditions if c != sympy.true]
        return cls(text.strip(), tuple(conditions), frozenset(names_integer))

    def __and__(self, other: "Domain") -> "Domain":
        if not isinstance(other, Domain):
            return NotImplemented
        text = ", ".join(t for t in (self.text, other.text) if t)
        return Domain(text, self.conditions + other.conditions, self.integers | other.integers)

    def substituted(self, values: Mapping[str, Any]) -> "Domain":
        """The same domain with each symbol named in ``values`` replaced by its value there (another symbol,
        or a constant such as ``sympy.pi``), every condition settled again as :meth:`parse` settles it (one
        that becomes true is dropped, one that becomes false refused): the domain ``parse`` would read
        from the same text with those symbols, without reading the text again."""
        import sympy

        swap = {s: values[s.name] for c in self.conditions for s in c.free_symbols if s.name in values}
        if not swap:
            return self
        conditions = [_settled(c.xreplace(swap)) for c in self.conditions]
        if any(c == sympy.false for c in conditions):
            raise invalid("domain", self.text, "contains a condition that is always false")
        return Domain(self.text, tuple(c for c in conditions if c != sympy.true), self.integers)

    def with_integers(self, names: Iterable[str]) -> "Domain":
        """The same conditions with ``names`` also integers."""
        return Domain(self.text, self.conditions, self.integers | frozenset(names))

    # ----------------------------------------------------------------------------------------- reading
    @property
    def names(self) -> frozenset[str]:
        """Every name the domain mentions: the symbols of its conditions and the declared integers."""
        return _names_of(self.conditions) | self.integers

    @property
    def symbols(self) -> tuple[sympy.Symbol, ...]:
        """The free symbols of the conditions, sorted by name (declared integers without a condition are
        in :attr:`names` only)."""
        found = {s for c in self.conditions for s in c.free_symbols}
        return tuple(sorted(found, key=lambda s: s.name))

    def constraints(self) -> list[str]:
        """The conditions as strings in :func:`core.formula.parse_formula` syntax (the list form of
        ``check_sign``'s domain)."""
        return [_as_text(c) for c in self.conditions]

    def __str__(self) -> str:
        return self.text or "all values"

    # ----------------------------------------------------------------------------------------- points
    def contains(self, point: Values) -> bool:
        """Whether ``point`` (exact values for every name of the domain) satisfies every condition,
        integers included; decided exactly."""
        return all(self._holds(c, point, strict=False) for c in self.conditions) and self._integral(point)

    def interior(self, point: Values) -> bool:
        """Whether ``point`` lies in the domain with every inequality strict (equalities aside): a point on
        the boundary is not interior. For an integer the edge value counts as boundary (``d = 2`` of
        ``d >= 2``), so that support found only in the smallest case is seen as such."""
        return self.contains(point) and all(self._holds(c, point, strict=True) for c in self.conditions)

    def on_boundary(self, point: Values) -> bool:
        """In the domain but not interior."""
        return self.contains(point) and not self.interior(point)

    def sample(self, k: int, *, seed: int = 0, symbols: Iterable[str] = ()) -> list[dict[str, Fraction]]:
        """``k`` distinct exact points of the interior (fewer only if the search does not find them), for
        the domain's names and any further ``symbols`` (unconstrained, drawn around 0). Deterministic."""
        return self._draw(k, seed=seed, extra=tuple(symbols), want=self.interior)

    def boundary_sample(self, k: int, *, seed: int = 0, symbols: Iterable[str] = ()) -> list[dict[str, Fraction]]:
        """Up to ``k`` exact points on the boundary: interior points with one symbol moved onto one of its
        finite non-strict bounds, kept when the result is still in the domain."""
        found: list[dict[str, Fraction]] = []
        bounds = self._bounds()
        for point in self._draw(max(k, 1) * 2, seed=seed + 1, extra=tuple(symbols), want=self.interior):
            for name, (lo, lo_closed, hi, hi_closed) in sorted(bounds.items()):
                for value, closed in ((lo, lo_closed), (hi, hi_closed)):
                    if value is None or not closed:
                        continue
                    moved = {**point, name: value}
                    if self.on_boundary(moved) and moved not in found:
                        found.append(moved)
                        if len(found) >= k:
                            return found
        return found

    # ----------------------------------------------------------------------------------------- internals
    def _integral(self, point: Values) -> bool:
        return all(Fraction(point[n]).denominator == 1 for n in self.integers if n in point)

    def _holds(self, condition: sympy.Basic, point: Values, *, strict: bool) -> bool:
        import sympy

        names, compiled = _compiled(condition)
        missing = [name for name in names if name not in point]
        if missing:
            raise invalid("point", dict(point), f"gives no value for {sorted(missing)} of the domain {self.text!r}")
        if compiled is not None:
            # the sign of lhs - rhs, a rational function evaluated in Fractions: a hundred times cheaper than
            # building the relation in sympy, which matters to the rejection search of sample()
            try:
                difference = compiled({name: Fraction(point[name]) for name in names})
            except ZeroDivisionError:
                return False
            op = condition.rel_op if not strict else {"<=": "<", ">=": ">"}.get(condition.rel_op, condition.rel_op)
            return _DECIDE[op](difference)
        values = {s: _exact(point[s.name]) for s in condition.free_symbols}
        if strict and condition.is_Relational and condition.rel_op in ("<=", ">="):
            # on integers too: support found only at d = 2 of "d >= 2" rests on one edge of the domain
            condition = (sympy.Lt if condition.rel_op == "<=" else sympy.Gt)(condition.lhs, condition.rhs)
        try:
            truth = condition.xreplace(values)
            truth = truth if truth in (sympy.true, sympy.false) else sympy.simplify(truth)
        except (ZeroDivisionError, TypeError, ValueError):
            return False
        if truth not in (sympy.true, sympy.false):
            return False  # undefined at the point (a division by zero): not in the domain
        return bool(truth)

    def _bounds(self) -> dict[str, tuple[Fraction | None, bool, Fraction | None, bool]]:
        """For each name, the tightest constant bounds the conditions state directly (``x > 0``, ``x <= 1``,
        ``0 <= x``), with whether each is closed."""
        import sympy

        bounds: dict[str, list[Any]] = {n: [None, False, None, False] for n in self.names}
        for c in self.conditions:
            if not c.is_Relational or c.rel_op not in ("<", "<=", ">", ">=", "=="):
                continue
            for sym, other, op in ((c.lhs, c.rhs, c.rel_op), (c.rhs, c.lhs, _mirror(c.rel_op))):
                if isinstance(sym, sympy.Symbol) and other.is_Rational:
                    value, entry = Fraction(int(other.p), int(other.q)), bounds[sym.name]
                    if op in (">", ">=", "=="):
                        if entry[0] is None or value > entry[0] or (value == entry[0] and op == ">"):
                            entry[0], entry[1] = value, op != ">"
                    if op in ("<", "<=", "=="):
                        if entry[2] is None or value < entry[2] or (value == entry[2] and op == "<"):
                            entry[2], entry[3] = value, op != "<"
        return {n: tuple(b) for n, b in bounds.items()}  # type: ignore[misc]

    def _draw(self, k: int, *, seed: int, extra: tuple[str, ...],
              want: Callable[[dict[str, Fraction]], bool]) -> list[dict[str, Fraction]]:
        if k < 0:
            raise invalid("k", k, "must be >= 0")
        rng = random.Random(seed)
        bounds = self._bounds()
        names = sorted(self.names | set(extra))
        found: list[dict[str, Fraction]] = []
        for _ in range(k * _TRIES_PER_POINT):
            if len(found) >= k:
                break
            point = {n: self._value(rng, n, bounds.get(n, (None, False, None, False))) for n in names}
            if want(point) and point not in found:
                found.append(point)
        return found

    def _value(self, rng: random.Random, name: str, bound: tuple[Any, bool, Any, bool]) -> Fraction:
        lo, _, hi, _ = bound
        if lo is None and hi is None:
            lo, hi = Fraction(-UNBOUNDED_SPAN), Fraction(UNBOUNDED_SPAN)
        elif lo is None:
            lo = hi - UNBOUNDED_SPAN
        elif hi is None:
            hi = lo + UNBOUNDED_SPAN
        if name in self.integers:
            import math

            return Fraction(rng.randint(math.ceil(lo), math.floor(hi))) if math.ceil(lo) <= math.floor(hi) else lo
        denominator = rng.choice(_DENOMINATORS)
        steps = max(int((hi - lo) * denominator), 1)
        return lo + Fraction(rng.randint(0, steps), denominator)

    def __iter__(self) -> Iterator[sympy.Basic]:
        return iter(self.conditions)

    def __len__(self) -> int:
        return len(self.conditions)


@functools.lru_cache(maxsize=1024)
def _compiled(condition: sympy.Basic) -> tuple[tuple[str, ...], FractionFunction | None]:
    """The names of a condition and, for a relation between rational functions, lhs - rhs as a function of
    a mapping name -> Fraction (``None`` otherwise: the caller decides it with sympy)."""
    names = tuple(sorted(s.name for s in condition.free_symbols))
    if not condition.is_Relational or condition.rel_op not in _DECIDE:
        return names, None
    return names, fraction_function(condition.lhs - condition.rhs)


def fraction_function(expr: sympy.Basic) -> FractionFunction | None:
    """``expr`` (integers, rationals, symbols, sums, products, integer powers) as a function of a mapping
    name -> Fraction, or ``None`` for anything else. Evaluating a rational function this way is about a
    hundred times cheaper than substituting into the sympy tree, which matters wherever thousands of
    points are tried (the rejection search of :meth:`Domain.sample`, a mechanism's entries at each point)."""
    if expr.is_Rational:
        value = Fraction(int(expr.p), int(expr.q))
        return lambda point: value
    if expr.is_Symbol:
        name = expr.name
        return lambda point: point[name]
    parts: list[Any] = [fraction_function(arg) for arg in expr.args]  # none is None past the check below
    if any(part is None for part in parts):
        return None
    if expr.is_Add:
        return lambda point: sum((part(point) for part in parts), Fraction(0))
    if expr.is_Mul:
        def product(point: Mapping[str, Fraction]) -> Fraction:
            out = Fraction(1)
            for part in parts:
                out *= part(point)
            return out
        return product
    if expr.is_Pow and expr.exp.is_Integer and abs(int(expr.exp)) <= 64:
        base, exponent = parts[0], int(expr.exp)
        return lambda point: base(point) ** exponent
    return None


def _exact(value: NumberLike) -> sympy.Rational:
    import sympy

    value = Fraction(value)
    return sympy.Rational(value.numerator, value.denominator)


def _merge_declarations(items: Sequence[ExprLike]) -> list[ExprLike]:
    """``n, k integers`` split at its comma: bare names before a ``... integers`` part join it."""
    merged: list[ExprLike] = []
    names: list[str] = []
    for item in items:
        if isinstance(item, str) and re.fullmatch(r"\s*[A-Za-z_][A-Za-z0-9_]*\s*", item):
            names.append(item.strip())
            continue
        if names and isinstance(item, str) and _ONLY_NAMES.match(_plain(item)):
            item = ", ".join(names) + ", " + item.strip()
            names = []
        merged.extend(names)
        names = []
        merged.append(item)
    return merged + names


def _settled(condition: sympy.Basic) -> sympy.Basic:
    """A condition without symbols, decided (``1 < 0`` is false); others as they are."""
    import sympy

    if condition.free_symbols or condition in (sympy.true, sympy.false):
        return condition
    if condition.is_Relational:
        truth = condition.func(condition.lhs, condition.rhs)
        return truth if truth in (sympy.true, sympy.false) else condition
    return condition


def _names_of(conditions: Iterable[sympy.Basic]) -> frozenset[str]:
    return frozenset(s.name for c in conditions for s in c.free_symbols)


def _mirror(op: str) -> str:
    return {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "=="}[op]


def _plain(text: str) -> str:
    for a, b in _UNICODE:
        text = text.replace(a, b)
    return text


def _as_text(condition: sympy.Basic) -> str:
    import sympy

    if condition.is_Relational:
        op = condition.rel_op
        return f"{sympy.sstr(condition.lhs)} {op} {sympy.sstr(condition.rhs)}"
    return sympy.sstr(condition)


def _parse_part(item: ExprLike, symbols: Mapping[str, sympy.Symbol],
                text: str) -> list[tuple[sympy.Basic | None, frozenset[str]]]:
    """One part of a domain: its conditions, and the names it makes integers."""
    import sympy

    if isinstance(item, bool):
        return [(sympy.true if item else sympy.false, frozenset())]
    if isinstance(item, sympy.Basic):
        return [(item, frozenset())]
    if not isinstance(item, str):
        raise invalid("domain", item, "each part is a condition string or a sympy relation")
    part = _plain(item).strip()
    if not part:
        return []
    if _ONLY_NAMES.match(part):
        names = frozenset(n.strip() for n in _INTEGER_WORD.sub("", part).split(","))
        return [(None, names)]
    integer = bool(_INTEGER_WORD.search(part))
    part = _INTEGER_WORD.sub("", part)
    interval = _INTERVAL.match(part)
    if interval:
        name, left, lo, hi, right = interval.groups()
        symbol = symbols.get(name) or sympy.Symbol(name, real=True)
        lo_value = parse_formula(lo.strip(), symbols=symbols, name="domain", declares=True)
        hi_value = parse_formula(hi.strip(), symbols=symbols, name="domain", declares=True)
        lower = (sympy.Ge if left == "[" else sympy.Gt)(symbol, lo_value)
        upper = (sympy.Le if right == "]" else sympy.Lt)(symbol, hi_value)
        names = frozenset({name}) if integer else frozenset()
        return [(lower, names), (upper, names)]
    if re.search(r"(?<![<>=!])=(?!=)", part):
        raise invalid("domain", item, "uses '=': write '==' for an equality")
    condition = parse_formula(part, symbols=symbols, relational=True, name="domain", declares=True)
    if not isinstance(condition, sympy.Basic) or not (condition.is_Relational or isinstance(
            condition, (sympy.And, sympy.Or, sympy.Not)) or condition in (sympy.true, sympy.false)):
        raise invalid("domain", item, "is not a condition (write a comparison such as 'eps > 0')")
    names = frozenset(s.name for s in condition.free_symbols) if integer else frozenset()
    return [(condition, names)]
