"""Parsing of sign conditions and their domains for :func:`proofs.check_sign`.

A *condition* is ``lhs op rhs`` with ``op`` one of ``<, <=, >, >=, ==, !=`` (a single ``=`` is read as
``==`` in the list form); chained comparisons such as ``"0 <= q <= 1"`` are split into their links.
Symbols are matched by name and replaced by plain real symbols, so that sympy assumptions never stand
in for a constraint the domain does not state.

**Domains** come in three forms, read by :func:`read_statement`:

* a list of constraints (strings such as ``"p > 1/2"``, ``"0 <= q <= 1"``, or sympy relations), the form
  ``check_sign`` has always taken; an item may also be written in the syntax of :mod:`core.domain`
  (``"d >= 2 integer"``, ``"x in [-1, 1]"``);
* a string such as ``"eps > 0, d >= 2 integer, 0 <= c0 <= n"``, read by :meth:`core.domain.Domain.parse`
  (the one reading of a stated domain), integer symbols included;
* a :class:`core.domain.Domain`.

**Names.** The variables are made from the user's formula: a name of the condition (but a constant's,
below), and a name declared (``symbols=``, ``integers=``, a symbol of a sympy input, a name of a domain
given as a string or a :class:`~core.domain.Domain`, a constraint on that name alone). No table of names is
known in advance: a name only a constraint of the list form uses is refused as unknown (a typo in a domain
is caught); a catalog whose domains use its own notation declares it (the built-in catalog passes the
paper's names, ``symbols=``).

**Constants.** ``pi`` and ``E`` are the constants π and e, and ``e`` and ``I`` are refused, unless the
name is declared as a variable: by ``symbols=``/``integers=``, as a symbol of a sympy input, or by a
constraint on that name alone in the domain (``"0 < e < 1"``, ``"0 <= pi <= 1"``; in ``"x < 2*pi"`` the
name ``pi`` stays the constant). A declared constant's name is stated in the evidence as a variable
(``"e is a variable here, not Euler's number"``).

Every string goes through :func:`core.formula.parse_formula` (an ``ast`` whitelist: nothing in the text is
ever executed); sympy objects are taken as they are, anything else is refused.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import sympy

from core.domain import Domain
from core.errors import InvalidArgument, invalid
from core.formula import as_sympy, parse_formula

__all__ = ["Condition", "Statement", "RELATIONS", "NEGATION", "CONSTANT_NAMES", "parse_expression",
           "parse_constraint", "parse_sign", "plain_symbols", "read_statement", "shown"]

#: Names that stand for constants unless declared as variables, and what they stand for.
CONSTANT_NAMES = {"pi": "the constant π", "E": "Euler's number", "e": "Euler's number", "I": "the imaginary unit"}
#: The constants a name that is not declared as a variable stands for in a domain (``e`` and ``I`` are
#: refused by name instead).
_CONSTANTS = {"pi": sympy.pi, "E": sympy.E}
#: Plain symbols for every constant's name: used to find which of them a domain constrains alone.
_SCAN = {name: sympy.Symbol(name, real=True) for name in CONSTANT_NAMES}

#: relation -> the sympy relational it builds from ``lhs - rhs`` against 0.
RELATIONS = {
    ">": lambda e: e > 0, ">=": lambda e: e >= 0, "<": lambda e: e < 0, "<=": lambda e: e <= 0,
    "==": lambda e: sympy.Eq(e, 0), "!=": lambda e: sympy.Ne(e, 0),
}
#: the relation that fails exactly where the given one holds.
NEGATION = {">": "<=", ">=": "<", "<": ">=", "<=": ">", "==": "!=", "!=": "=="}

_TRUTH_VALUES = (sympy.core.relational.Relational, sympy.logic.boolalg.BooleanFunction,
                 sympy.logic.boolalg.BooleanAtom)
_SYMPY_RELATIONS = {"<": "<", "<=": "<=", ">": ">", ">=": ">=", "==": "==", "!=": "!="}


@dataclass(frozen=True)
class Condition:
    """``expr op 0``, with the text it came from (for messages and evidence)."""

    expr: sympy.Expr
    op: str
    text: str

    def __post_init__(self) -> None:
        if self.op not in RELATIONS:
            raise invalid("op", self.op, f"not one of {sorted(RELATIONS)}")

    def holds_at(self, values: Mapping[sympy.Symbol, sympy.Expr]) -> bool | None:
        """The condition at an exact point (``None`` if sympy cannot decide it)."""
        value = sympy.simplify(self.expr.xreplace(values))
        truth = RELATIONS[self.op](value)
        return bool(truth) if truth in (sympy.true, sympy.false) else None


def shown(value: object) -> str:
    """``str(value)``, or a placeholder when Python refuses to print one of its integers (more than
    ``sys.get_int_max_str_digits()`` digits: the size limits refuse such a number with its bit count)."""
    try:
        return str(value)
    except ValueError:
        return "<an expression with an integer too long to print>"


def plain_symbols(names: Iterable[str]) -> dict[str, sympy.Symbol]:
    """Real symbols without further assumptions, by name."""
    return {name: sympy.Symbol(name, real=True) for name in names}


def _unknown(value: sympy.Basic, known: Mapping[str, sympy.Symbol], what: str, shown: object) -> None:
    unknown = sorted(s.name for s in value.free_symbols if s.name not in known)
    constants = [name for name in unknown if name in CONSTANT_NAMES]
    if constants:
        name = constants[0]
        read = ("Euler's number is E (or exp(1))" if name == "e" else
                "the decider works over the reals" if name == "I" else f"{name} alone is {CONSTANT_NAMES[name]}")
        raise invalid(what, shown, f"the name {name!r} is not {CONSTANT_NAMES[name]} here and is not declared as "
                      f"a variable ({read})", f"declare it with symbols=[{name!r}] or a domain constraint on "
                      f"{name} alone, such as '0 < {name} < 1'")
    if unknown:
        raise invalid(what, shown, f"unknown symbol(s) {unknown}",
                      "declare them with symbols=[...] or use them in the condition")


def _parse_text(text: str, known: Mapping[str, sympy.Symbol], what: str, *, relational: bool) -> tuple[sympy.Basic, str]:
    """``text`` read by the safe parser, its names the plain real symbols of ``known``, and the text that
    was read: a constraint with a lone ``=`` (``"p = q"``) that does not parse is read again with ``==``."""
    try:
        parsed, source = parse_formula(text, symbols=known, relational=relational, name=what), text
    except InvalidArgument as refusal:
        source = _single_equals(text)
        if not relational or source == text or "does not parse" not in str(refusal):
            raise
        try:
            parsed = parse_formula(source, symbols=known, relational=relational, name=what)
        except InvalidArgument:
            raise refusal from None
    if isinstance(parsed, sympy.Basic):
        _unknown(parsed, known, what, text)
    return parsed, source


def _single_equals(text: str) -> str:
    """A lone ``=`` (``"p = q"``) as ``==``; ``<=``, ``>=``, ``==``, ``!=`` are left as they are."""
    out = []
    for i, ch in enumerate(text):
        if ch == "=" and (i == 0 or text[i - 1] not in "<>=!") and (i + 1 == len(text) or text[i + 1] != "="):
            out.append("==")
        else:
            out.append(ch)
    return "".join(out)


def parse_expression(expr: Any, known: Mapping[str, sympy.Symbol], what: str = "expr", shown: Any = None) -> sympy.Expr:
    """``expr`` (sympy, a number, or text) with every symbol replaced by the plain real symbol of its name
    (``shown``: the text errors quote, when ``expr`` is one side of it)."""
    shown = expr if shown is None else shown
    if isinstance(expr, str):
        value, _ = _parse_text(expr, known, what, relational=False)
    elif isinstance(expr, (sympy.Basic, int, Fraction)) and not isinstance(expr, bool):
        value = as_sympy(expr, name=what)
    else:
        raise invalid(what, shown, "is neither a sympy expression nor a string")
    if not isinstance(value, sympy.Expr) or isinstance(value, _TRUTH_VALUES):
        raise invalid(what, shown, f"is not an arithmetic expression (parsed as {type(value).__name__})")
    _unknown(value, known, what, shown)
    return value.xreplace({s: known[s.name] for s in value.free_symbols})


def _links(relation: sympy.Basic, item: object) -> list[tuple[sympy.Expr, str, sympy.Expr]]:
    """``(lhs, op, rhs)`` for each comparison of a parsed constraint (a chain is a conjunction)."""
    if isinstance(relation, sympy.And):
        return [link for part in relation.args for link in _links(part, item)]
    if isinstance(relation, sympy.core.relational.Relational):
        op = _SYMPY_RELATIONS.get(relation.rel_op)
        if op is None:
            raise invalid("domain", item, "unsupported relation")
        return [(relation.lhs, op, relation.rhs)]
    if isinstance(relation, (sympy.Or, sympy.Not)):
        raise invalid("domain", item, "'or'/'not' are not accepted: list the constraints, all of which hold")
    if relation in (sympy.true, sympy.false):
        raise invalid("domain", item, f"is always {bool(relation)}: it constrains nothing")
    raise invalid("domain", item, "has no comparison (<, <=, >, >=, ==, !=)")


def _chain(text: str, known: Mapping[str, sympy.Symbol]) -> list[tuple[sympy.Basic, str, sympy.Basic]] | None:
    """The links of a chained comparison in the order written (``"0 <= q <= 1"``: ``0 <= q``, then
    ``q <= 1``), each side read by the safe parser; None if the text is not one comparison chain.
    (A conjunction built by sympy would sort its links.)"""
    source = text.strip().replace("^", "**")
    body = ast.parse(source, mode="eval").body                # already validated by parse_formula
    if not isinstance(body, ast.Compare):
        return None
    names = {ast.Lt: "<", ast.LtE: "<=", ast.Gt: ">", ast.GtE: ">=", ast.Eq: "==", ast.NotEq: "!="}
    sides = [ast.get_source_segment(source, node) for node in (body.left, *body.comparators)]
    if any(side is None for side in sides) or any(type(op) not in names for op in body.ops):
        return None
    values = [parse_formula(side, symbols=known, name="domain") for side in sides]
    return [(values[i], names[type(op)], values[i + 1]) for i, op in enumerate(body.ops)]


def parse_constraint(item: Any, known: Mapping[str, sympy.Symbol]) -> list[Condition]:
    """One domain item (a string, possibly chained, or a sympy relational) as conditions ``e op 0``."""
    if isinstance(item, Condition):
        return [item]
    if isinstance(item, sympy.core.relational.Relational):
        (lhs, op, rhs), = _links(item, item)
        lhs = parse_expression(lhs, known, "domain", item)
        rhs = parse_expression(rhs, known, "domain", item)
        return [Condition(sympy.expand(lhs - rhs) if (lhs - rhs).is_polynomial() else lhs - rhs, op, shown(item))]
    if not isinstance(item, str):
        raise invalid("domain", item, "each constraint is a string like 'p > 1/2' or a sympy relational")
    parsed, source = _parse_text(item, known, "domain", relational=True)      # validates the whole text first
    conditions = []
    for lhs, op, rhs in _chain(source, known) or _links(parsed, item):
        lhs = parse_expression(lhs, known, "domain", item)
        rhs = parse_expression(rhs, known, "domain", item)
        conditions.append(Condition(lhs - rhs, op, item))
    return conditions


def parse_sign(sign: str) -> str:
    """The relation of ``sign`` (``">0"``, ``">= 0"``, ``"!=0"`` ...) against zero."""
    text = str(sign).replace(" ", "")
    if not text.endswith("0") or text[:-1] not in RELATIONS:
        raise invalid("sign", sign, f"not one of {[op + '0' for op in RELATIONS]}")
    return text[:-1]


@dataclass(frozen=True)
class Statement:
    """A condition ``target`` on the points of ``domain`` (the symbols named in ``integers`` take integer
    values), as read by :func:`read_statement`; ``known`` maps every name to its plain real symbol (further
    constraints are read with it), ``notes`` states the constants' names that are variables here."""

    target: Condition
    domain: tuple[Condition, ...]
    integers: frozenset[str]
    known: Mapping[str, sympy.Symbol]
    notes: tuple[str, ...] = ()

    def with_constraints(self, items: Iterable[str | sympy.Basic | Condition]) -> "Statement":
        """The same statement with further domain constraints (read like the list form)."""
        extra = [c for item in items for c in parse_constraint(item, self.known)]
        return Statement(self.target, self.domain + tuple(extra), self.integers, self.known, self.notes)

    @property
    def variables(self) -> tuple[sympy.Symbol, ...]:
        """The free symbols of the condition and its domain, sorted by name."""
        found = set().union(self.target.expr.free_symbols, *(c.expr.free_symbols for c in self.domain))
        return tuple(sorted(found, key=lambda s: s.name))


def _name_list(value: Any, what: str) -> list[str]:
    if isinstance(value, str):
        return [value]
    try:
        names = list(value)
    except TypeError:
        raise invalid(what, value, "must be a list of names") from None
    for name in names:
        if not isinstance(name, str) or not name.isidentifier():
            raise invalid(what, value, f"{name!r} is not a name")
    return names


def _conjuncts(condition: sympy.Basic) -> list[sympy.Basic]:
    if isinstance(condition, sympy.And):
        return [c for part in condition.args for c in _conjuncts(part)]
    return [condition]


def _scan(item: object) -> tuple[list[sympy.Basic], frozenset[str]]:
    """The conditions of one domain item read with every constant's name as a plain symbol, and the names
    the item declares integer; nothing if the item does not parse (its real reading says why)."""
    if isinstance(item, sympy.Basic):
        return _conjuncts(item), frozenset()
    if not isinstance(item, str):
        return [], frozenset()
    try:
        stated = Domain.parse([item], symbols=_SCAN)
        return list(stated.conditions), stated.integers
    except InvalidArgument:
        pass
    try:
        parsed = parse_formula(_single_equals(item), symbols=_SCAN, relational=True, name="domain")
    except InvalidArgument:
        return [], frozenset()
    return (_conjuncts(parsed) if isinstance(parsed, sympy.Basic) else []), frozenset()


def _alone(conditions: Iterable[sympy.Basic]) -> set[str]:
    """Constants' names that some condition constrains alone (``0 < e < 1``): declared as variables."""
    found = set()
    for condition in conditions:
        names = {s.name for s in getattr(condition, "free_symbols", ())}
        if len(names) == 1 and next(iter(names)) in CONSTANT_NAMES:
            found |= names
    return found


def _names_of(conditions: Iterable[sympy.Basic]) -> set[str]:
    return {s.name for c in conditions for s in getattr(c, "free_symbols", ())}


def _expression_names(expr: object) -> set[str]:
    if isinstance(expr, sympy.Basic):
        return {s.name for s in expr.free_symbols}
    if isinstance(expr, str):
        try:
            parsed = parse_formula(expr, symbols=_SCAN, name="expr")
        except InvalidArgument:
            return set()
        return {s.name for s in getattr(parsed, "free_symbols", ())} | _written_names(expr)
    return set()


def _written_names(text: str) -> set[str]:
    """The names written in ``text`` (a formula the safe parser accepted), called functions left out: also
    those of terms that cancel as it is read (``exp(eps)/exp(eps) - 1`` names eps). Read with ``ast``, never run."""
    try:
        tree = ast.parse(text.replace("^", "**"), mode="eval")
    except SyntaxError:
        return set()
    called = {id(node.func) for node in ast.walk(tree) if isinstance(node, ast.Call)}
    return {node.id for node in ast.walk(tree) if isinstance(node, ast.Name) and id(node) not in called}


def _domain_syntax(item: Any) -> bool:
    """A list item written in :mod:`core.domain`'s own syntax (an integer declaration, an interval)."""
    if not isinstance(item, str):
        return False
    words = item.replace("∈", " in ").replace("(", " ").replace("[", " ").split()
    return any(word in ("integer", "integers", "in") for word in words)


def read_statement(expr: Any, domain: Any, *, sign: str, integers: Iterable[str] = (),
                   symbols: Iterable[str] = ()) -> Statement:
    """``expr sign`` on ``domain`` (a list of constraints, a string, a :class:`~core.domain.Domain`, or
    ``None`` for all reals), every name matched as the module docstring says."""
    op = parse_sign(sign)
    integer_names = _name_list(integers, "integers")
    declared = set(_name_list(symbols, "symbols")) | set(integer_names)
    in_expression = _expression_names(expr)
    declared |= in_expression if isinstance(expr, sympy.Basic) else in_expression - set(CONSTANT_NAMES)
    stated: Domain | None = None
    items: list[Any] = []
    if isinstance(domain, Domain):
        stated = domain
        declared |= set(domain.names)
    elif isinstance(domain, str):
        scanned = Domain.parse(domain, symbols=_SCAN)
        declared |= (set(scanned.names) - set(CONSTANT_NAMES)) | _alone(scanned.conditions) | set(scanned.integers)
    elif isinstance(domain, sympy.Basic):
        items = [domain]
    elif domain is not None:
        try:
            items = list(domain)
        except TypeError:
            raise invalid("domain", domain, "must be a list of constraints, a string such as 'eps > 0, d >= 2 "
                          "integer', or a core.domain.Domain") from None
    for item in items:
        conditions, item_integers = _scan(item)
        names = _names_of(conditions)
        declared |= _alone(conditions) | set(item_integers)
        if isinstance(item, sympy.Basic):
            declared |= names
        declared |= (names & in_expression) - set(CONSTANT_NAMES)
    known_names = declared
    known = plain_symbols(sorted(known_names))
    text = expr if isinstance(expr, str) else shown(expr)
    target = Condition(parse_expression(expr, known), op, text)
    conditions: list[Condition] = []
    domain_integers: set[str] = set()
    if isinstance(domain, str):       # read once: the names the scan left as symbols become the constants
        stated = scanned.substituted({name: _CONSTANTS[name] for name in _CONSTANTS if name not in known})
    if stated is not None:
        for relation in stated.conditions:
            conditions += parse_constraint(relation, known)
        domain_integers |= stated.integers
    for item in items:
        try:
            conditions += parse_constraint(item, known)
        except InvalidArgument:
            if not _domain_syntax(item):
                raise
            read = Domain.parse([item], symbols=known)
            for relation in read.conditions:
                conditions += parse_constraint(relation, known)
            domain_integers |= read.integers
    used = {s.name for s in set().union(target.expr.free_symbols, *(c.expr.free_symbols for c in conditions))}
    for name in integer_names:
        if name not in used:
            raise invalid("integers", name, "names a symbol that occurs in neither expr nor domain")
    notes = tuple(f"{name} is a variable here, not {CONSTANT_NAMES[name]}" for name in sorted(used & set(CONSTANT_NAMES)))
    return Statement(target, tuple(conditions), frozenset((set(integer_names) | domain_integers) & used), known, notes)
