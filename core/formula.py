"""Safe formula parsing: a user's string becomes a sympy expression, and nothing in it is ever run.

Every formula a user supplies (the API's statistics, closed forms, sign conditions and ``given=``
events, the CLI, claims files, the ``derived`` expressions of a JSON report read back by
``export --from``) goes through :func:`parse_formula` or :func:`parse_srepr`. Both read the text with
Python's :mod:`ast` parser and build the sympy expression node by node from a whitelist; ``sympify``,
``parse_expr`` and ``eval`` never see the text. Anything outside the whitelist raises
:class:`~core.errors.InvalidArgument` naming the offending token. In an srepr a string is read only as the
name of a ``Symbol``, ``Dummy``, ``Wild``, ``Str`` or ``Function`` (checked to be a name) and as the digits of
an ``Integer``, ``Rational`` or ``Float`` (read here); a string anywhere else, at any depth (in a ``Tuple``, a
matrix, a set, a function's arguments), is refused, since sympy would sympify it, that is, run it.

Accepted by :func:`parse_formula`:

* numbers: integer and decimal literals (``0.3`` is exactly 3/10, never a float), ``1e-3``;
* names: identifiers not starting with ``_`` (``p``, ``q1``, ``N1``, ``eps``, ``lam``); each becomes the
  symbol given in ``symbols`` or, by default, a real sympy ``Symbol`` of that name;
* constants: ``pi`` is π, ``E`` is Euler's number e, ``oo`` is ∞, unless the caller declares the name as
  a variable (in ``symbols`` or ``allowed``: the survey's proportion π is a variable wherever the paper's
  symbols are passed, :func:`symbolic.symbols.by_name`). The names ``e`` and ``I`` are refused unless
  declared: ``e`` reads as Euler's number to some and as a variable to others (write ``E`` or ``exp(1)``),
  and ``I`` would be sympy's imaginary unit, which no check here handles;
* arithmetic: ``+ - * / **`` and ``^`` (also a power, as in the paper), unary ``-``/``+``, parentheses;
* with ``relational=True``: comparisons ``< <= > >= == !=`` (chains such as ``0 < p < 1`` become a
  conjunction), and ``and``/``or``/``not`` between them;
* calls of the whitelisted functions :data:`FUNCTIONS` (``exp``, ``log``, ``sqrt``, ``Abs``, ``Min``,
  ``Max``, ``binomial``, ``factorial``, ``floor``, ``ceiling``, ``sin``, ``cos``, ``Sum``), with
  positional arguments; ``Sum(term, (k, lo, hi))`` takes one bounds tuple.

Example::

    parse_formula("(N2*q - N1*p)/((N1+N2)*(q-p))")
    parse_formula("N1 + N2 > 0", relational=True)
    parse_formula("__import__('os')")   # InvalidArgument: formula='__import__(...)': name '__import__' ...
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.errors import invalid
from core.relations import is_relation_class, rebuilt
from core.types import ExprLike

if TYPE_CHECKING:
    import sympy

__all__ = ["parse_formula", "parse_srepr", "as_sympy", "FUNCTIONS", "MAX_LENGTH", "MAX_DEPTH", "MAX_SREPR_LENGTH"]

#: Longest formula accepted (characters).
MAX_LENGTH = 5_000
#: Longest srepr string accepted: srepr spells every node out, so a derived expression runs long.
MAX_SREPR_LENGTH = 200_000
#: Deepest nesting of the syntax tree accepted.
MAX_DEPTH = 60
#: Largest exponent (and factorial argument) evaluated on numbers: larger ones would take unbounded time.
_LARGEST_EXPONENT = 10_000
#: Largest exact power evaluated (bits of the result): ``((10**4)**(10**4))**(10**4)`` would not finish.
_LARGEST_BITS = 1_000_000
#: Functions of :func:`parse_srepr` that sympy evaluates on numbers at a cost growing with the argument.
_COSTLY = frozenset({"factorial", "factorial2", "subfactorial", "binomial", "gamma", "loggamma", "RisingFactorial",
                     "FallingFactorial", "fibonacci", "lucas", "bell", "catalan", "harmonic", "bernoulli", "euler",
                     "genocchi", "partition", "prime", "primepi", "primorial", "multinomial_coefficients", "zeta"})


def _numeric_power_too_large(base: sympy.Basic, exponent: sympy.Basic) -> bool:
    """``base**exponent`` with both numbers would take unbounded time or memory to evaluate exactly."""
    if not (getattr(base, "is_Number", False) and getattr(exponent, "is_Number", False)):
        return False
    if abs(exponent) > _LARGEST_EXPONENT:
        return True
    if getattr(base, "is_Rational", False):
        size = max(int(base.p).bit_length(), int(base.q).bit_length())
        return abs(exponent) * size > _LARGEST_BITS
    return False


def _functions() -> dict[str, Callable[..., sympy.Basic]]:
    import sympy

    return {
        "exp": sympy.exp, "log": sympy.log, "ln": sympy.log, "sqrt": sympy.sqrt, "Abs": sympy.Abs,
        "abs": sympy.Abs, "Min": sympy.Min, "Max": sympy.Max, "min": sympy.Min, "max": sympy.Max,
        "binomial": sympy.binomial, "factorial": sympy.factorial, "floor": sympy.floor,
        "ceiling": sympy.ceiling, "sin": sympy.sin, "cos": sympy.cos, "Sum": sympy.Sum,
    }


#: Names refused unless the caller declares them as variables, and why.
_AMBIGUOUS = {
    "e": "the name 'e' is not Euler's number here (Euler's number is E): write E or exp(1) for Euler's number, "
         "or declare e as a variable",
    "I": "the name 'I' is not the imaginary unit here: complex numbers are not accepted; declare I as a variable "
         "if it is one",
}

#: Names of the functions a formula may call.
FUNCTIONS = ("exp", "log", "ln", "sqrt", "Abs", "abs", "Min", "Max", "min", "max", "binomial", "factorial",
             "floor", "ceiling", "sin", "cos", "Sum")


def _check_text(text: object, name: str, limit: int = MAX_LENGTH) -> str:
    if not isinstance(text, str):
        raise invalid(name, text, "must be a string")
    if len(text) > limit:
        raise invalid(name, text, f"is {len(text)} characters long; at most {limit} are accepted")
    if not text.strip():
        raise invalid(name, text, "is empty")
    if "\x00" in text:
        raise invalid(name, text, "contains a NUL character")
    return text.strip()


def _parse_tree(text: str, name: str) -> ast.AST:
    try:
        tree = ast.parse(text.replace("^", "**"), mode="eval")
    except SyntaxError as exc:
        raise invalid(name, text, f"does not parse ({exc.msg} at column {exc.offset})",
                      "write it in Python syntax, e.g. '(n+1)*(p+q) - 1'") from None
    except (ValueError, RecursionError, MemoryError):
        raise invalid(name, text, "does not parse (too deeply nested)") from None
    depth = _depth(tree.body)
    if depth > MAX_DEPTH:
        raise invalid(name, text, f"is nested {depth} levels deep; at most {MAX_DEPTH} are accepted")
    return tree.body


def _depth(node: ast.AST, limit: int = MAX_DEPTH) -> int:
    """The depth of the syntax tree, or the first depth found above ``limit``."""
    deepest, stack = 0, [(node, 1)]
    while stack:
        current, level = stack.pop()
        deepest = max(deepest, level)
        if level > limit:
            return level
        stack.extend((child, level + 1) for child in ast.iter_child_nodes(current))
    return deepest


def _token(node: ast.AST, text: str) -> str:
    segment = ast.get_source_segment(text.replace("^", "**"), node)
    return segment if segment and len(segment) <= 60 else type(node).__name__


class _Builder:
    """Builds a sympy expression from a whitelisted syntax tree."""

    def __init__(self, text: str, name: str, symbols: Mapping[str, sympy.Basic], allowed: frozenset[str] | None,
                 relational: bool, *, declares: bool = False, allowed_given: frozenset[str] = frozenset()) -> None:
        import sympy

        self.sympy = sympy
        self.text, self.name = text, name
        self.symbols = dict(symbols)
        self.allowed = allowed
        self.allowed_given = allowed_given
        self.declares = declares
        self.relational = relational
        self.functions = _functions()
        self.constants = {"pi": sympy.pi, "E": sympy.E, "oo": sympy.oo}

    def fail(self, node: ast.AST, why: str) -> Exception:
        return invalid(self.name, self.text, f"{why}: {_token(node, self.text)!r}",
                       "only numbers, names, arithmetic, comparisons and the functions "
                       f"{', '.join(FUNCTIONS)} are accepted")

    def build(self, node: ast.AST, *, top: bool = True) -> sympy.Basic:
        sp = self.sympy
        if isinstance(node, ast.Constant):
            value = node.value
            if isinstance(value, bool) or not isinstance(value, (int, float)):
                raise self.fail(node, f"a {type(value).__name__} literal is not a number")
            literal = ast.get_source_segment(self.text.replace("^", "**"), node) or ""
            try:
                exact = Fraction(literal) if isinstance(value, float) else Fraction(value)
            except (ValueError, ZeroDivisionError):
                exact = Fraction(value)
            return sp.Rational(exact.numerator, exact.denominator)
        if isinstance(node, ast.Name):
            return self.name_of(node)
        if isinstance(node, ast.UnaryOp):
            if isinstance(node.op, ast.USub):
                return -self.build(node.operand, top=False)
            if isinstance(node.op, ast.UAdd):
                return self.build(node.operand, top=False)
            if isinstance(node.op, ast.Not) and self.relational:
                return sp.Not(self.build(node.operand, top=False))
            raise self.fail(node, "operator not accepted")
        if isinstance(node, ast.BinOp):
            left, right = self.build(node.left, top=False), self.build(node.right, top=False)
            op = type(node.op)
            if op is ast.Add:
                return left + right
            if op is ast.Sub:
                return left - right
            if op is ast.Mult:
                return left * right
            if op is ast.Div:
                return left / right
            if op is ast.Pow:
                if _numeric_power_too_large(left, right):
                    raise self.fail(node, f"a numeric power with exponent above {_LARGEST_EXPONENT} (or a result "
                                    f"above {_LARGEST_BITS} bits) is not accepted")
                return left ** right
            raise self.fail(node, "operator not accepted")
        if isinstance(node, ast.Compare) and self.relational:
            ops = {ast.Lt: sp.Lt, ast.LtE: sp.Le, ast.Gt: sp.Gt, ast.GtE: sp.Ge, ast.Eq: sp.Eq, ast.NotEq: sp.Ne}
            terms = [self.build(node.left, top=False)] + [self.build(c, top=False) for c in node.comparators]
            parts = []
            for i, op in enumerate(node.ops):
                if type(op) not in ops:
                    raise self.fail(node, "comparison not accepted")
                parts.append(ops[type(op)](terms[i], terms[i + 1], evaluate=False))
            return parts[0] if len(parts) == 1 else sp.And(*parts)
        if isinstance(node, ast.BoolOp) and self.relational:
            values = [self.build(v, top=False) for v in node.values]
            return sp.And(*values) if isinstance(node.op, ast.And) else sp.Or(*values)
        if isinstance(node, ast.Call):
            return self.call(node)
        if isinstance(node, ast.Compare):
            raise self.fail(node, "a comparison is not accepted here")
        raise self.fail(node, f"{type(node).__name__} is not accepted in a formula")

    def name_of(self, node: ast.Name) -> sympy.Basic:
        ident = node.id
        if ident.startswith("_"):
            raise self.fail(node, f"name {ident!r} is not accepted (names may not start with '_')")
        if ident in self.symbols:
            return self.symbols[ident]
        declared = self.declares or (self.allowed is not None and ident in self.allowed)
        if ident in self.constants and not (declared and ident in self.allowed_given):
            return self.constants[ident]
        if ident in _AMBIGUOUS and not declared:
            raise invalid(self.name, self.text, _AMBIGUOUS[ident])
        if ident in self.functions:
            raise self.fail(node, f"function {ident!r} must be called")
        if self.allowed is not None and ident not in self.allowed:
            raise invalid(self.name, self.text, f"unknown name {ident!r}",
                          f"use only {sorted(self.allowed)}")
        symbol = self.sympy.Symbol(ident, real=True)
        self.symbols[ident] = symbol
        return symbol

    def call(self, node: ast.Call) -> sympy.Basic:
        if not isinstance(node.func, ast.Name):
            raise self.fail(node, "only the whitelisted functions may be called")
        fname = node.func.id
        if fname not in self.functions:
            raise self.fail(node, f"function {fname!r} is not accepted")
        if node.keywords:
            raise self.fail(node, "keyword arguments are not accepted")
        if fname == "Sum":
            if len(node.args) != 2 or not isinstance(node.args[1], ast.Tuple) or len(node.args[1].elts) != 3:
                raise self.fail(node, "Sum takes a term and one bounds tuple (k, lo, hi)")
            index = node.args[1].elts[0]
            if not isinstance(index, ast.Name):
                raise self.fail(node, "the index of a Sum must be a name")
            if index.id.startswith("_") or index.id in self.functions or index.id in self.constants:
                raise self.fail(index, f"{index.id!r} cannot be the index of a Sum")
            lo, hi = (self.build(e, top=False) for e in node.args[1].elts[1:])
            # the index is bound by the Sum: it needs no place in ``allowed`` and does not leak out of it
            outer = self.symbols.get(index.id)
            k = self.symbols[index.id] = outer if outer is not None else self.sympy.Symbol(index.id, integer=True)
            try:
                term = self.build(node.args[0], top=False)
            finally:
                if outer is None:
                    del self.symbols[index.id]
            return self.sympy.Sum(term, (k, lo, hi))
        args = [self.build(a, top=False) for a in node.args]
        if fname in ("factorial", "binomial") and any(getattr(a, "is_Number", False)
                                                       and abs(a) > _LARGEST_EXPONENT for a in args):
            raise self.fail(node, f"{fname} of a number above {_LARGEST_EXPONENT} is not accepted")
        if not args:
            raise self.fail(node, f"{fname} needs an argument")
        try:
            return self.functions[fname](*args)
        except (TypeError, ValueError) as exc:
            raise self.fail(node, f"{fname} does not accept these arguments ({exc})") from None


_NODES = (ast.Expression, ast.Constant, ast.Name, ast.Load, ast.UnaryOp, ast.USub, ast.UAdd, ast.Not, ast.BinOp,
          ast.Add, ast.Sub, ast.Mult, ast.Div, ast.Pow, ast.Compare, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.Eq,
          ast.NotEq, ast.BoolOp, ast.And, ast.Or, ast.Call, ast.Tuple)


def _first_forbidden(tree: ast.AST, builder: _Builder) -> None:
    """Name the first offending token before building anything: a private or dunder name, an attribute
    access, then any syntax outside the whitelist."""
    nodes = list(ast.walk(tree))
    for node in nodes:
        if isinstance(node, ast.Name) and node.id.startswith("_"):
            raise builder.fail(node, f"name {node.id!r} is not accepted (names may not start with '_')")
    for node in nodes:
        if isinstance(node, ast.Attribute):
            raise builder.fail(node, f"attribute access '.{node.attr}' is not accepted")
    for node in nodes:
        if not isinstance(node, _NODES):
            raise builder.fail(node, f"{type(node).__name__} is not accepted in a formula")


def parse_formula(text: str, *, symbols: Mapping[str, sympy.Basic] | None = None, allowed: Iterable[str] | None = None,
                  relational: bool = False, name: str = "formula", declares: bool = False) -> sympy.Basic:
    """The sympy expression written in ``text`` (see the module docstring for what is accepted).

    ``symbols`` maps names to the sympy symbols to use (others become real symbols of their name);
    ``allowed`` restricts the names a formula may use (``None``: any) and declares them as variables
    (``pi`` or ``E`` listed there is a variable, not the constant); ``relational`` accepts comparisons
    and ``and``/``or``/``not`` (for conditions and events); ``name`` is how errors call the argument;
    ``declares``: the text declares its own variables (a stated domain such as ``"0 < e < 1"``), so ``e``
    and ``I`` are variables in it rather than refused (``pi`` and ``E`` stay constants unless mapped)."""
    text = _check_text(text, name)
    tree = _parse_tree(text, name)
    given = frozenset(allowed or ())
    allowed_names = None if allowed is None else given | frozenset(symbols or {})
    builder = _Builder(text, name, symbols or {}, allowed_names, relational, declares=declares, allowed_given=given)
    _first_forbidden(tree, builder)
    try:
        return builder.build(tree)
    except RecursionError:
        raise invalid(name, text, "is too deeply nested") from None


def as_sympy(value: ExprLike, *, name: str = "formula", symbols: Mapping[str, sympy.Basic] | None = None,
             relational: bool = False) -> sympy.Basic:
    """``value`` as a sympy object, never by evaluating text: a string goes through :func:`parse_formula`
    (with ``symbols``), a sympy object is returned as it is, and a number is converted exactly (``sympify``
    in strict mode, which refuses strings). Everything the toolkit receives as "an expression or a string"
    goes through here."""
    import sympy

    if isinstance(value, str):
        return parse_formula(value, symbols=symbols, relational=relational, name=name)
    if isinstance(value, sympy.Basic):
        return value
    if isinstance(value, bool) or value is None:
        raise invalid(name, value, "is not an expression or a number")
    try:
        return sympy.sympify(value, strict=True)
    except (sympy.SympifyError, TypeError, ValueError):
        raise invalid(name, value, "is not an expression or a number") from None


# ------------------------------------------------------------------------------------------- srepr
_CONSTANTS = ("oo", "zoo", "nan", "pi", "E", "I", "EulerGamma", "true", "false")
#: The classes of an srepr that take a name (a string) as their first argument: sympy stores the name and
#: never reads it as code. No other string is accepted anywhere in an srepr.
_NAMED = frozenset({"Symbol", "Dummy", "Wild", "Str"})
#: The classes that take a number's digits as a string; :func:`parse_srepr` reads the digits itself.
_NUMBERS = frozenset({"Integer", "Rational", "Float"})
#: Assumptions a name may carry in an srepr (``Symbol('k', integer=True)``); their values are booleans.
_ASSUMPTIONS = frozenset({
    "algebraic", "antihermitian", "commutative", "complex", "composite", "even", "extended_negative",
    "extended_nonnegative", "extended_nonpositive", "extended_nonzero", "extended_positive", "extended_real",
    "finite", "hermitian", "imaginary", "infinite", "integer", "irrational", "negative", "noninteger",
    "nonnegative", "nonpositive", "nonzero", "odd", "positive", "prime", "rational", "real", "transcendental",
    "zero"})
#: Longest name of a symbol or function accepted in an srepr.
_LONGEST_NAME = 200
#: Most bits of precision a ``Float`` of an srepr may ask for.
_LARGEST_PRECISION = 100_000
#: A name in an srepr: a letter or ``_`` first, then anything printable but quotes, backticks, parentheses
#: and the markup characters ``<``, ``>``, ``&`` (``p``, ``N_1``, ``q_{1}``, ``ε``, ``x_{i,j}``, ``y^{\\ast}``,
#: as the scaffold names what it reads), so a name never reads as a call; no line break or control
#: character; no blank at either end. Also ``+``, ``-`` and ``+-``: the side a ``Limit`` is taken from is a
#: symbol of that name.
_NAME = re.compile(r"[^\W\d](?:[^\"'`<>&()]*[^\s\"'`<>&()])?|[+-]|\+-")
_DECIMAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d{1,9})?")
_INTEGER = re.compile(r"[+-]?\d{1,4300}")


def _sympy_callable(name: str) -> Callable[..., sympy.Basic]:
    import sympy
    import sympy.core.numbers
    import sympy.functions.elementary.piecewise

    if name.startswith("_"):
        raise ValueError(f"{name!r} is not a sympy class")
    obj = None
    for module in (sympy, sympy.core.numbers, sympy.functions.elementary.piecewise):
        obj = getattr(module, name, None)
        if obj is not None:
            break
    if obj is None:  # Expectation, Variance, ...: sympy.stats takes a sixth of a second to import, so only for them
        import sympy.stats.symbolic_probability

        obj = getattr(sympy.stats.symbolic_probability, name, None)
    if obj is None or not (isinstance(obj, type) and issubclass(obj, sympy.Basic)
                           or isinstance(obj, sympy.FunctionClass)):
        raise ValueError(f"{name!r} is not a sympy class")
    return obj


def _string_of(node: ast.AST, what: str) -> str:
    """The string literal ``node`` (the name or digits a class takes), refused when it is anything else."""
    if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
        raise ValueError(f"{what} must be a string literal")
    return node.value


def _name_of(node: ast.AST, cls: str) -> str:
    text = _string_of(node, f"the name of a {cls}")
    if len(text) > _LONGEST_NAME or not _NAME.fullmatch(text) or not text.isprintable():
        raise ValueError(f"{cls} name {text[:60]!r} is not a name (a letter or _ first, printable, without "
                         f"quotes, backticks, parentheses, <, >, &, at most {_LONGEST_NAME} characters)")
    return text


def _named(cls: str, node: ast.Call) -> sympy.Basic:
    """``Symbol('x', real=True)``, ``Dummy('x', dummy_index=3)``, ``Wild('w')``, ``Str('A')``: one name,
    then only boolean assumptions (and a Dummy's integer index)."""
    import sympy
    from sympy.core.symbol import Str

    if len(node.args) != 1:
        raise ValueError(f"{cls} takes one name")
    name = _name_of(node.args[0], cls)
    options: dict[str, object] = {}
    for keyword in node.keywords:
        key, value = keyword.arg, keyword.value
        if key is None:
            raise ValueError(f"{cls} takes no ** argument")
        if cls == "Dummy" and key == "dummy_index":
            if not (isinstance(value, ast.Constant) and type(value.value) is int):
                raise ValueError("dummy_index must be an integer")
            options[key] = value.value
        elif cls != "Str" and key in _ASSUMPTIONS:
            if not (isinstance(value, ast.Constant) and (value.value is None or type(value.value) is bool)):
                raise ValueError(f"the assumption {key} of a {cls} must be True, False or None")
            options[key] = value.value
        else:
            raise ValueError(f"{cls} takes no argument {key!r}")
    if cls == "Str":
        return Str(name)
    return getattr(sympy, cls)(name, **options)


def _whole(node: ast.AST, what: str) -> int:
    """An integer written as a literal (``3``, ``-3``), a digits string (``'3'``) or ``Integer(3)``."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_whole(node.operand, what)
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        if not _INTEGER.fullmatch(node.value.strip()):
            raise ValueError(f"{what} {node.value[:60]!r} is not the digits of an integer")
        return int(node.value)
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Integer"
            and len(node.args) == 1 and not node.keywords):
        return _whole(node.args[0], what)
    raise ValueError(f"{what} must be an integer")


def _number(cls: str, node: ast.Call) -> sympy.Basic:
    """``Integer(3)``, ``Rational(1, 3)``, ``Float('0.3', precision=53)``, digits read here: a number's
    string never reaches sympy's own parser."""
    import sympy

    if cls == "Integer":
        if len(node.args) != 1 or node.keywords:
            raise ValueError("Integer takes one integer")
        return sympy.Integer(_whole(node.args[0], "Integer"))
    if cls == "Rational":
        if node.keywords or len(node.args) not in (1, 2):
            raise ValueError("Rational takes a numerator and a denominator")
        if len(node.args) == 1 and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
            text = node.args[0].value.strip()
            top, slash, bottom = text.partition("/")
            if not (_INTEGER.fullmatch(top) and (not slash or _INTEGER.fullmatch(bottom))):
                raise ValueError(f"Rational {text[:60]!r} is not a fraction of integers")
            numerator, denominator = int(top), int(bottom) if slash else 1
        else:
            numerator = _whole(node.args[0], "the numerator of a Rational")
            denominator = _whole(node.args[1], "the denominator of a Rational") if len(node.args) == 2 else 1
        if denominator == 0:
            raise ValueError("Rational with denominator 0")
        return sympy.Rational(numerator, denominator)
    # Float
    if len(node.args) != 1:
        raise ValueError("Float takes one number")
    digits = node.args[0]
    if isinstance(digits, ast.Constant) and isinstance(digits.value, str):
        value: Any = digits.value.strip()
        if not _DECIMAL.fullmatch(value):
            raise ValueError(f"Float {value[:60]!r} is not a decimal number")
    elif isinstance(digits, ast.Constant) and type(digits.value) in (int, float):
        value = digits.value
    else:
        raise ValueError("Float takes a decimal number")
    options: dict[str, object] = {}
    for keyword in node.keywords:
        if keyword.arg != "precision" or not (isinstance(keyword.value, ast.Constant)
                                             and type(keyword.value.value) is int
                                             and 1 <= keyword.value.value <= _LARGEST_PRECISION):
            raise ValueError(f"Float takes only precision=, an integer from 1 to {_LARGEST_PRECISION}")
        options["precision"] = keyword.value.value
    return sympy.Float(value, **options)


def _build_srepr(node: ast.AST) -> Any:
    """The object ``node`` spells. Strings are read only as the names of :data:`_NAMED` classes, of
    ``Function`` and as the digits of :data:`_NUMBERS`; anywhere else (at any depth: in a tuple, a list,
    an argument or a keyword) a string is refused, so no sympy class is ever handed text to sympify.
    Tuples and lists are built from objects already built."""
    import sympy

    if isinstance(node, ast.Constant):
        value = node.value
        if isinstance(value, str):
            raise ValueError("a string is accepted only as the name of a Symbol, Dummy or Function, or as "
                             f"the digits of a number: {value[:60]!r}")
        if isinstance(value, (int, float, bool, type(None))):
            return value
        raise ValueError(f"unexpected syntax Constant ({type(value).__name__})")
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        return -_build_srepr(node.operand)
    if isinstance(node, (ast.Tuple, ast.List)):
        return tuple(_build_srepr(e) for e in node.elts)
    if isinstance(node, ast.Name) and node.id in _CONSTANTS:
        return {"true": sympy.true, "false": sympy.false}.get(node.id) or getattr(sympy, node.id)
    if isinstance(node, ast.Call):
        if isinstance(node.func, ast.Name) and node.func.id in _NAMED:
            return _named(node.func.id, node)
        if isinstance(node.func, ast.Name) and node.func.id in _NUMBERS:
            return _number(node.func.id, node)
        if isinstance(node.func, ast.Name) and node.func.id == "Function":
            if len(node.args) != 1 or node.keywords:
                raise ValueError("Function takes one plain name")
            fname = _name_of(node.args[0], "Function")
            if not fname.isidentifier() or fname.startswith("_"):
                raise ValueError("Function takes one plain name")
            return sympy.Function(fname)
        if isinstance(node.func, ast.Name):
            func, name = _sympy_callable(node.func.id), node.func.id
        else:
            func, name = _build_srepr(node.func), ""
            if not isinstance(func, sympy.core.function.UndefinedFunction):
                raise ValueError("only an undefined function may be applied")
        if node.keywords:
            raise ValueError(f"{name or 'function'} takes no keyword argument")
        args = [_build_srepr(a) for a in node.args]
        if name == "Pow" and len(args) == 2 and _numeric_power_too_large(*(sympy.sympify(a) if isinstance(a, int)
                                                                          else a for a in args)):
            raise ValueError(f"a numeric power above {_LARGEST_EXPONENT} in the exponent or {_LARGEST_BITS} bits")
        if name in _COSTLY and any((isinstance(a, (int, float)) or getattr(a, "is_Number", False))
                                   and abs(a) > _LARGEST_EXPONENT for a in args):
            raise ValueError(f"{name} of a number above {_LARGEST_EXPONENT}")
        if is_relation_class(func) and len(args) == 2:  # as written: a relation between numbers stays one
            return rebuilt(func, *args)
        return func(*args)
    raise ValueError(f"unexpected syntax {type(node).__name__}")


def parse_srepr(text: str, *, name: str = "derived") -> sympy.Basic:
    """The expression whose ``sympy.srepr`` is ``text``, built by walking the syntax tree: only sympy
    classes, numbers, and strings where a class takes a name or a number's digits are accepted; nothing
    is evaluated as code, and no string is handed to ``sympify``."""
    text = _check_text(text, name, MAX_SREPR_LENGTH)
    try:
        built = _built_srepr(text)
    except Exception as exc:  # noqa: BLE001 - a syntax error, a nesting too deep, or a sympy class refusing its
        # arguments, which raises anything
        raise invalid(name, text, f"not a sympy srepr string ({_first_line(exc)})") from None
    import sympy

    if not isinstance(built, sympy.Basic):
        raise invalid(name, text, f"not a sympy srepr string (it reads as a {type(built).__name__})")
    return built


def _first_line(exc: BaseException) -> str:
    lines = str(exc).strip().splitlines()
    return (lines[0] if lines else type(exc).__name__)[:200]


@functools.lru_cache(maxsize=4096)
def _built_srepr(text: str) -> object:
    """What ``text`` builds (sympy objects are immutable, so one build serves every reader: a report repeats
    the same expressions in its steps, derived expressions and certificates); failures are not cached."""
    tree = ast.parse(text, mode="eval")
    if _depth(tree.body, 4 * MAX_DEPTH) > 4 * MAX_DEPTH:
        raise ValueError("too deeply nested")
    return _build_srepr(tree.body)
