"""Mechanisms with a continuous output, as printed: a law of the report y given the input t, by pieces.

A :class:`Density` is the law of the output y of a local randomizer given its numeric input t in an
interval, written the way a paper prints it:

* **pieces**: on an interval [lo, hi] whose ends are formulas in t and the parameters, the density is a
  formula in y, t and the parameters (the piecewise mechanism has three pieces: p/e^ε on [−C, ℓ(t)], p on
  [ℓ(t), r(t)], p/e^ε on [r(t), C]). The density at y is the sum of the pieces whose interval contains y;
  pieces given one after another with the end of each the start of the next (as identities in t and the
  parameters) *tile* the support, and the privacy decision reads such a density case by case (pieces that
  overlap, or move the support with t, are cut into cells first: :mod:`proofs.engines.density_cells`);
* **atoms** (the atomic part of the law): points ``at`` (formulas in the parameters only, never in t) with a
  probability ``mass`` (a formula in t and the parameters). Duchi et al.'s one-bit mechanism is two atoms
  ±B; the hybrid mechanism of Wang et al. is a density (PM with probability α) plus two atoms (Duchi's with
  probability 1 − α). So a law here is a measure with a density part and an atomic part, never a density
  with Dirac "pieces": the two parts are mutually singular, which the privacy decision uses (a ratio of
  densities on the density part, a ratio of masses at each atom);
* the **input interval** (formulas in the parameters), the **output support** (``-oo``/``oo`` allowed) and
  the **domain** of the parameters (:class:`core.domain.Domain`, e.g. ``"eps > 0"``).

Every formula is read by :func:`core.formula.parse_formula` (nothing is evaluated as code); ``Phi(x)`` (the
standard normal distribution function) and ``erf(x)`` are read too, through :func:`parse_density_formula`.
The names ``y`` (the output) and ``t`` (the input) are reserved; ``tp`` is the second input t′ of a
privacy check.

This module holds the data, exact evaluation at a point and the symbolic integrals (total mass, moments);
the families of the literature are in :func:`laplace`, :func:`gaussian`, :func:`piecewise`,
:func:`duchi_two_point` and :func:`mixture`. Validation on the whole domain (each piece non-negative, the
law of total mass 1 for every input) is :mod:`proofs.engines.density_validity`; the public constructors are
:mod:`proofs.continuous`.
"""

from __future__ import annotations

import ast
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

import sympy

from core.context import arb as _arb
from core.context import closed_sign
from core.domain import Domain, DomainLike
from core.errors import invalid
from core.formula import as_sympy, parse_formula
from core.types import ExprLike, Values

__all__ = ["Piece", "Atom", "Density", "Y", "T", "TP", "parse_density_formula", "density", "laplace", "gaussian",
           "piecewise", "duchi_two_point", "mixture", "hybrid", "exact_point", "larger", "smaller", "exact_integral", "tidy", "positive_symbols", "with_generator", "is_identity",
           "total_mass", "raw_moment", "normal_cdf"]

#: The output, the input and the second input of a privacy check.
Y = sympy.Symbol("y", real=True)
T = sympy.Symbol("t", real=True)
TP = sympy.Symbol("tp", real=True)
_RESERVED = {"y": Y, "t": T, "tp": TP}
#: Certified balls for comparing exact numbers (the ends of pieces, a point against an end).
_BALLS = _arb(40)
#: Functions read beyond :data:`core.formula.FUNCTIONS`: the normal distribution function and erf.
_EXTRA_FUNCTIONS = ("Phi", "erf")


def normal_cdf(x: ExprLike) -> sympy.Expr:
    """Φ(x) = (1 + erf(x/√2))/2, the standard normal distribution function, as a sympy expression."""
    return (1 + sympy.erf(x / sympy.sqrt(2))) / 2


def parse_density_formula(text: ExprLike, *, name: str = "formula", symbols: Mapping[str, sympy.Basic] | None = None) -> sympy.Expr:
    """``text`` as a sympy expression, by :func:`core.formula.parse_formula`, with ``Phi(x)`` and ``erf(x)``
    read too: each such call is replaced by a fresh placeholder name, its argument read by this same
    function, and the placeholder then substituted; nothing is evaluated as code. ``y``, ``t`` and ``tp``
    are the symbols :data:`Y`, :data:`T`, :data:`TP`. A sympy expression or a number passes through."""
    known = dict(_RESERVED)
    known.update(symbols or {})
    if not isinstance(text, str):
        return as_sympy(text, name=name)
    if not any(f + "(" in text.replace(" ", "") for f in _EXTRA_FUNCTIONS):
        return parse_formula(text, symbols=known, name=name)
    try:
        tree = ast.parse(text.replace("^", "**").strip(), mode="eval")
    except (SyntaxError, ValueError, RecursionError):
        return parse_formula(text, symbols=known, name=name)     # its own one-line error
    source = text.replace("^", "**").strip()
    calls = [node for node in ast.walk(tree) if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
             and node.func.id in _EXTRA_FUNCTIONS]
    # the outermost calls only: an inner call is read with its enclosing argument
    outer = [c for c in calls if not any(c is not d and _inside(c, d) for d in calls)]
    if len(outer) > 64:
        raise invalid(name, text, f"has {len(outer)} calls of Phi/erf; at most 64 are accepted")
    pieces, replaced, cursor = [], {}, 0
    lines = source.splitlines(keepends=True)
    offsets = [0]
    for line in lines:
        offsets.append(offsets[-1] + len(line))
    spans = []
    for k, call in enumerate(sorted(outer, key=lambda c: (c.lineno, c.col_offset))):
        if len(call.args) != 1 or call.keywords:
            raise invalid(name, text, f"{call.func.id} takes one argument")
        start = offsets[call.lineno - 1] + call.col_offset
        end = offsets[call.end_lineno - 1] + call.end_col_offset
        arg = call.args[0]
        arg_text = source[offsets[arg.lineno - 1] + arg.col_offset: offsets[arg.end_lineno - 1] + arg.end_col_offset]
        placeholder = f"density_call_{k}"
        inner = parse_density_formula(arg_text, name=name, symbols=symbols)
        replaced[placeholder] = normal_cdf(inner) if call.func.id == "Phi" else sympy.erf(inner)
        spans.append((start, end, placeholder))
    for start, end, placeholder in spans:
        pieces.append(source[cursor:start])
        pieces.append(placeholder)
        cursor = end
    pieces.append(source[cursor:])
    holders = {p: sympy.Symbol(p, real=True) for p in replaced}
    expr = parse_formula("".join(pieces), symbols={**known, **holders}, name=name)
    return expr.subs({holders[p]: v for p, v in replaced.items()})


def _inside(node: ast.AST, other: ast.AST) -> bool:
    return any(n is node for n in ast.walk(other))


@dataclass(frozen=True)
class Piece:
    """A density ``density`` (a formula in y, t and the parameters) on the interval [``lo``, ``hi``] (formulas
    in t and the parameters); ``label`` names it in messages."""

    density: sympy.Expr
    lo: sympy.Expr
    hi: sympy.Expr
    label: str = ""

    def __post_init__(self) -> None:
        for name in ("density", "lo", "hi"):
            object.__setattr__(self, name, parse_density_formula(getattr(self, name), name=f"piece {self.label} {name}"))
        for name in ("lo", "hi"):
            if Y in getattr(self, name).free_symbols:
                raise invalid(f"piece {self.label} {name}", getattr(self, name), "an end of a piece may not depend on y")

    def weighted(self, weight: sympy.Expr) -> "Piece":
        return Piece(weight * self.density, self.lo, self.hi, self.label)


@dataclass(frozen=True)
class Atom:
    """A point mass: the output equals ``at`` (a formula in the parameters, not in t) with probability
    ``mass`` (a formula in t and the parameters)."""

    at: sympy.Expr
    mass: sympy.Expr
    label: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "at", parse_density_formula(self.at, name=f"atom {self.label} at"))
        object.__setattr__(self, "mass", parse_density_formula(self.mass, name=f"atom {self.label} mass"))
        if self.at.free_symbols & {Y, T, TP}:
            raise invalid(f"atom {self.label} at", self.at, "an atom's position is a formula in the parameters only")
        if Y in self.mass.free_symbols:
            raise invalid(f"atom {self.label} mass", self.mass, "an atom's mass may not depend on y")

    def weighted(self, weight: sympy.Expr) -> "Atom":
        return Atom(self.at, weight * self.mass, self.label)


@dataclass(frozen=True)
class Density:
    """The law of the output y given the input t in ``interval``: pieces of density and atoms (see the module
    docstring), on the output ``support``, for the parameters in ``domain``. ``tiled``: the pieces are given
    in order and each ends where the next starts (identically), so exactly one piece applies at almost every
    y. ``name`` and ``source`` say what it is and where it is printed."""

    name: str
    source: str
    pieces: tuple[Piece, ...]
    atoms: tuple[Atom, ...]
    interval: tuple[sympy.Expr, ...]  # a pair (lo, hi), parsed on construction
    support: tuple[sympy.Expr, ...]
    domain: Domain
    sensitivity: sympy.Expr | None = None
    tiled: bool = field(default=False, init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "pieces", tuple(self.pieces))
        object.__setattr__(self, "atoms", tuple(self.atoms))
        if not self.pieces and not self.atoms:
            raise invalid("pieces", (), "a law needs at least one piece or one atom")
        for p in self.pieces:
            if not isinstance(p, Piece):
                raise invalid("pieces", p, "each piece is a numeric.density.Piece")
        for a in self.atoms:
            if not isinstance(a, Atom):
                raise invalid("atoms", a, "each atom is a numeric.density.Atom")
        ends = []
        for name in ("interval", "support"):
            pair = getattr(self, name)
            if not isinstance(pair, (tuple, list)) or len(pair) != 2:
                raise invalid(name, pair, "must be a pair (lo, hi)")
            parsed = tuple(parse_density_formula(v, name=name) for v in pair)
            object.__setattr__(self, name, parsed)
            ends.extend(parsed)
        for v in self.interval:
            if v.free_symbols & {Y, T, TP} or v.has(sympy.oo, -sympy.oo):
                raise invalid("interval", self.interval, "the input interval is bounded, in the parameters only")
        if not isinstance(self.domain, Domain):
            object.__setattr__(self, "domain", Domain.parse(self.domain))
        if self.sensitivity is not None:
            object.__setattr__(self, "sensitivity", parse_density_formula(self.sensitivity, name="sensitivity"))
        names = {s.name for s in self.free_symbols()} - {"y", "t", "tp"}
        if "tp" in {s.name for s in self.free_symbols()}:
            raise invalid("pieces", "tp", "the name tp is reserved for the second input of a privacy check")
        clash = sorted(n for n in names if n.startswith("density_call_"))
        if clash:
            raise invalid("pieces", clash[0], "names starting with density_call_ are reserved")
        tiled = bool(self.pieces) and all(
            is_identity(a.hi - b.lo, self.domain) for a, b in zip(self.pieces, self.pieces[1:]))
        object.__setattr__(self, "tiled", tiled)

    # ------------------------------------------------------------------------------------------ reading
    def free_symbols(self) -> set[sympy.Symbol]:
        found: set[sympy.Symbol] = set()
        for p in self.pieces:
            found |= p.density.free_symbols | p.lo.free_symbols | p.hi.free_symbols
        for a in self.atoms:
            found |= a.at.free_symbols | a.mass.free_symbols
        for v in (*self.interval, *self.support):
            found |= v.free_symbols
        return found

    @property
    def parameters(self) -> tuple[str, ...]:
        """The parameters' names (every free name but y and t), sorted."""
        return tuple(sorted({s.name for s in self.free_symbols()} - {"y", "t", "tp"} | set(self.domain.names)))

    def at(self, point: Values) -> "Density":
        """The law with the parameters of ``point`` substituted (exact values)."""
        values = {sympy.Symbol(k, real=True): sympy.nsimplify(v) if isinstance(v, float) else as_sympy(v, name=k)
                  for k, v in point.items() if k not in ("y", "t", "tp")}
        return Density(self.name, self.source,
                       tuple(Piece(p.density.subs(values), p.lo.subs(values), p.hi.subs(values), p.label)
                             for p in self.pieces),
                       tuple(Atom(a.at.subs(values), a.mass.subs(values), a.label) for a in self.atoms),
                       tuple(v.subs(values) for v in self.interval), tuple(v.subs(values) for v in self.support),
                       Domain.parse(None), None if self.sensitivity is None else self.sensitivity.subs(values))

    def density_at(self, y: ExprLike, t: ExprLike, point: Values) -> sympy.Expr | None:
        """The density at ``y`` given the input ``t`` at the parameters ``point`` (exact values), as an exact
        sympy number: the sum of the pieces whose open interval holds y; ``None`` when y is an end of a
        piece (where a density is not defined pointwise)."""
        values = {T: as_sympy(t, name="t"), Y: as_sympy(y, name="y")}
        values.update({sympy.Symbol(k, real=True): as_sympy(v, name=k) for k, v in point.items()
                       if k not in ("y", "t", "tp")})
        total = sympy.Integer(0)
        for p in self.pieces:
            lo, hi = sympy.sympify(p.lo.xreplace(values)), sympy.sympify(p.hi.xreplace(values))
            inside = _compare(lo, values[Y]), _compare(values[Y], hi)
            if 0 in inside:
                return None
            if inside == (-1, -1):
                total += p.density.xreplace(values)
        return total

    def describe(self) -> str:
        parts = [f"{p.density} on [{p.lo}, {p.hi}]" for p in self.pieces]
        parts += [f"mass {a.mass} at {a.at}" for a in self.atoms]
        return "; ".join(parts)


def larger(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """The larger of two exact numbers (``oo`` allowed)."""
    return a if _compare(a, b) >= 0 else b


def smaller(a: sympy.Expr, b: sympy.Expr) -> sympy.Expr:
    """The smaller of two exact numbers (``oo`` allowed)."""
    return a if _compare(a, b) <= 0 else b


def _compare(a: sympy.Expr, b: sympy.Expr) -> int:
    """The sign of a − b for exact numbers (−1, 0, 1): exactly for rationals, otherwise from sympy's
    evaluation at 30 and then 100 significant digits (a value that small at both is tried as an exact 0)."""
    if a == b:
        return 0
    if a in (sympy.oo, -sympy.oo) or b in (sympy.oo, -sympy.oo):
        return -1 if (a == -sympy.oo or b == sympy.oo) else 1
    diff = sympy.sympify(a - b)
    if diff.is_Rational:
        return 1 if diff > 0 else (-1 if diff < 0 else 0)
    if not diff.has(sympy.erf):
        try:
            ball = _BALLS.evaluate(diff)        # certified balls at 40 digits: the sign when 0 is excluded
            if ball > 0:
                return 1
            if ball < 0:
                return -1
        except (ValueError, TypeError, ZeroDivisionError):
            pass
    for digits in (30, 100):
        value = sympy.N(diff, digits)
        if value.is_Number and abs(value) > sympy.Float(10, digits) ** (-(digits * 2) // 3):
            return 1 if value > 0 else -1
    if sympy.simplify(diff) == 0:
        return 0
    raise invalid("point", str(diff), "the ends of a piece could not be compared at this point")


# ------------------------------------------------------------------------------------------- symbolic
def positive_symbols(domain: Domain, names: Iterable[str] = ()) -> dict[sympy.Symbol, sympy.Symbol]:
    """Real symbols of ``domain`` that its conditions make positive (``x > c`` or ``x >= c`` with c ≥ 0,
    c > 0 for ``>=``), mapped to positive symbols of the same name: sympy integrates e^{−y/b} over (0, ∞)
    only when b > 0 is known."""
    out: dict[sympy.Symbol, sympy.Symbol] = {}
    for c in domain.conditions:
        if not getattr(c, "is_Relational", False):
            continue
        for lhs, rhs, strict in ((c.lhs, c.rhs, c.rel_op in (">",)), (c.rhs, c.lhs, c.rel_op in ("<",))):
            if c.rel_op in (">", ">=") and lhs is c.lhs or c.rel_op in ("<", "<=") and lhs is c.rhs:
                if isinstance(lhs, sympy.Symbol) and rhs.is_number and rhs.is_real and (rhs > 0 or rhs == 0 and strict):
                    out[sympy.Symbol(lhs.name, real=True)] = sympy.Symbol(lhs.name, positive=True)
    for name in names:
        out.setdefault(sympy.Symbol(name, real=True), sympy.Symbol(name, positive=True))
    return out


def with_generator(expr: sympy.Expr, symbol: sympy.Symbol) -> tuple[sympy.Expr, sympy.Symbol | None, int]:
    """``expr`` with every e^{k·symbol} (k rational) written as g^{kL}, g = e^{symbol/L} (a positive symbol):
    the substitution s = e^{ε/2} of the piecewise mechanism. Returns (expression, g, L); g is ``None`` when
    ``expr`` has no such exponential."""
    coefficients = []
    for e in expr.atoms(sympy.exp):
        arg = sympy.expand(e.args[0])
        for term in sympy.Add.make_args(arg):
            k = term / symbol
            if symbol in term.free_symbols and k.is_Rational:
                coefficients.append(k)
    if not coefficients:
        return expr, None, 1
    L = int(sympy.ilcm(1, 1, *[sympy.Rational(k).q for k in coefficients]))
    g = sympy.Symbol(f"{symbol.name}_gen", positive=True)

    def rewrite(arg: sympy.Expr) -> sympy.Expr:
        arg = sympy.expand(arg)
        rest, power = sympy.Integer(0), sympy.Integer(0)
        for term in sympy.Add.make_args(arg):
            k = term / symbol
            if symbol in term.free_symbols and k.is_Rational:
                power += k * L
            else:
                rest += term
        return g ** power * (sympy.exp(rest) if rest != 0 else 1)

    return expr.replace(sympy.exp, rewrite), g, L


def tidy(expr: ExprLike) -> sympy.Expr:
    """``expr`` in a short form for reports: a rational function of one generator g = e^{x/L} cancelled and
    factored, then g written back as e^{x/L} (the same expression, never a different one)."""
    expr = sympy.sympify(expr)
    try:
        for symbol in sorted({s for x in expr.atoms(sympy.exp) for s in x.free_symbols}, key=lambda s: s.name):
            rewritten, g, L = with_generator(expr, symbol)
            if g is not None and not rewritten.has(sympy.exp):
                return sympy.factor(sympy.cancel(sympy.together(rewritten))).subs(g, sympy.exp(symbol / L))
        return sympy.factor(sympy.cancel(sympy.together(expr)))
    except (TypeError, ValueError, NotImplementedError, RecursionError, sympy.PolynomialError):
        return expr


#: The exact values given to the symbols, in the order of their names, when an expression is tried at one point
#: before it is simplified: positive, not integers, and unrelated to each other.
_PROBE_VALUES = tuple(sympy.Rational(p, q) for p, q in ((17, 13), (23, 19), (29, 11), (31, 7), (37, 23), (41, 17),
                                                        (43, 29), (47, 31), (53, 37), (59, 41), (61, 43), (67, 47)))


def _nonzero_at_a_point(expr: sympy.Expr) -> bool:
    """Whether ``expr`` is certainly not 0 at one exact point that every symbol's assumptions admit (its sign
    decided by :func:`core.context.closed_sign`: exactly, or in balls at two precisions): then it is not 0
    identically, and no simplification needs to be tried. ``False`` says nothing."""
    symbols = sorted(expr.free_symbols, key=lambda s: (s.name, str(s.assumptions0)))
    names = sorted({s.name for s in symbols})
    if len(names) > len(_PROBE_VALUES):
        return False
    values = dict(zip(names, _PROBE_VALUES))
    for s in symbols:
        if not isinstance(s, sympy.Symbol) or any(getattr(values[s.name], f"is_{key}", None) != holds
                                                  for key, holds in s.assumptions0.items()):
            return False
    try:
        sign, _ = closed_sign(expr, values)
    except (TypeError, ValueError, ArithmeticError, RecursionError):
        return False
    return sign in (1, -1)


def is_identity(expr: ExprLike, domain: Domain | None = None) -> bool:
    """Whether ``expr`` is 0 identically (positive symbols known from ``domain``; each e^{kx} tried as a power
    of one generator per symbol, the s = e^{ε/2} substitution). An expression whose sign at one exact point is
    certified nonzero is not an identity, and is answered so before any simplification is tried."""
    expr = sympy.sympify(expr)
    if expr == 0:
        return True
    mapping = positive_symbols(domain) if domain is not None else {}
    e = expr.subs(mapping)
    if _nonzero_at_a_point(e):
        return False
    try:
        symbols = sorted({s for x in e.atoms(sympy.exp) for s in x.free_symbols}, key=lambda s: s.name)
        for symbol in symbols:            # the fast route first: a rational function of one generator
            rewritten, g, _ = with_generator(e, symbol)
            if g is not None and not rewritten.has(sympy.exp) and sympy.cancel(sympy.together(rewritten)) == 0:
                return True
        if sympy.simplify(e) == 0:
            return True
        for symbol in symbols:
            rewritten, g, _ = with_generator(e, symbol)
            if g is not None and sympy.simplify(rewritten) == 0:
                return True
    except (TypeError, ValueError, NotImplementedError, RecursionError):
        return False
    return False


def _integrate(expr: sympy.Expr, lo: sympy.Expr, hi: sympy.Expr, mapping: Mapping[sympy.Symbol, sympy.Expr]) -> sympy.Expr:
    back = {v: k for k, v in mapping.items()}
    result = sympy.integrate(expr.subs(mapping), (Y, lo.subs(mapping), hi.subs(mapping)))
    if result.has(sympy.Integral) or result.has(sympy.Piecewise):
        simplified = sympy.simplify(result)
        if simplified.has(sympy.Integral):
            raise invalid("piece", str(expr), "sympy could not integrate this piece in closed form")
        result = simplified
    return result.subs(back)


def total_mass(law: Density) -> tuple[sympy.Expr, list[sympy.Expr]]:
    """The total mass of the law for every t (a formula in t and the parameters), and each part: the
    integral of each piece over its interval, then each atom's mass."""
    mapping = positive_symbols(law.domain)
    parts = [_integrate(p.density, p.lo, p.hi, mapping) for p in law.pieces] + [a.mass for a in law.atoms]
    return sympy.Add(*parts), parts


def raw_moment(law: Density, k: int) -> sympy.Expr:
    """E[y^k | t] as a formula in t and the parameters: Σ ∫ y^k f over each piece, plus Σ at^k · mass."""
    mapping = positive_symbols(law.domain)
    parts = [_integrate(Y ** k * p.density, p.lo, p.hi, mapping) for p in law.pieces]
    parts += [a.at ** k * a.mass for a in law.atoms]
    return sympy.Add(*parts)


def exact_integral(g: sympy.Expr, u: sympy.Expr, v: sympy.Expr) -> sympy.Expr:
    """∫_u^v g dy for a g without parameters, exactly, term by term: each term c·y^k·e^{a y² + b y + d}
    (k ≥ 0 an integer) with a < 0 (through erf), a = 0 and b ≠ 0 (an exponential), or a = b = 0 on a bounded
    interval (a polynomial). ``u``/``v`` may be ``-oo``/``oo``. Refuses (one line) any other term or a divergent
    one. Used at exact points, as an integration independent of sympy's ``integrate``."""
    u, v = sympy.sympify(u), sympy.sympify(v)
    total = sympy.Integer(0)
    for term in sympy.Add.make_args(sympy.expand(sympy.powsimp(sympy.expand(g), combine="exp"))):
        term = sympy.powsimp(term, combine="exp")
        factors = sympy.Mul.make_args(term)
        c, k, arg = sympy.Integer(1), 0, sympy.Integer(0)
        for f in factors:
            if Y not in f.free_symbols:
                c *= f
            elif f == Y:
                k += 1
            elif f.is_Pow and f.base == Y and f.exp.is_Integer and f.exp > 0:
                k += int(f.exp)
            elif isinstance(f, sympy.exp):
                arg += sympy.expand(f.args[0])
            else:
                raise invalid("integrand", str(term), "a term that is not c*y^k*exp(a*y^2 + b*y + d)")
        if not arg.is_polynomial(Y) or sympy.Poly(arg, Y).degree() > 2:
            raise invalid("integrand", str(term), "an exponent that is not quadratic in y")
        a, b, d = (sympy.Poly(arg, Y).coeff_monomial(Y ** j) if arg != 0 else 0 for j in (2, 1, 0))
        a, b, d = sympy.sympify(a), sympy.sympify(b), sympy.sympify(d)
        total += c * sympy.exp(d) * _monomial_integral(k, a, b, u, v)
    return total


def _monomial_integral(k: int, a: sympy.Expr, b: sympy.Expr, u: sympy.Expr, v: sympy.Expr) -> sympy.Expr:
    """∫_u^v y^k e^{a y² + b y} dy (see :func:`exact_integral`)."""
    infinite = (u.has(sympy.oo, -sympy.oo), v.has(sympy.oo, -sympy.oo))
    if a != 0:
        if not a.is_negative:
            raise invalid("integrand", f"exp({a}*y**2)", "grows: the integral diverges")
        alpha, m = -a, -b / (2 * a)        # e^{a y^2 + b y} = e^{b^2/(4 alpha)} e^{-alpha (y - m)^2}
        scale = sympy.exp(b ** 2 / (4 * alpha))
        U = u - m if not infinite[0] else -sympy.oo
        V = v - m if not infinite[1] else sympy.oo

        def gauss(j: int) -> sympy.Expr:    # ∫_U^V z^j e^{-alpha z^2} dz
            def edge(z: sympy.Expr) -> sympy.Expr:
                return 0 if z in (sympy.oo, -sympy.oo) else z ** (j - 1) * sympy.exp(-alpha * z ** 2)
            if j == 0:
                def ev(z: sympy.Expr) -> sympy.Expr:
                    if z == -sympy.oo:
                        return sympy.Integer(-1)
                    return sympy.Integer(1) if z == sympy.oo else sympy.erf(sympy.sqrt(alpha) * z)
                return sympy.sqrt(sympy.pi / alpha) / 2 * (ev(V) - ev(U))
            if j == 1:
                return -(edge(V) - edge(U)) / (2 * alpha)
            return -(edge(V) - edge(U)) / (2 * alpha) + sympy.Rational(j - 1) / (2 * alpha) * gauss(j - 2)

        return scale * sum(sympy.binomial(k, j) * m ** (k - j) * gauss(j) for j in range(k + 1))
    if b != 0:
        def antiderivative(y: sympy.Expr) -> sympy.Expr:
            if y in (sympy.oo, -sympy.oo):
                if (y == sympy.oo) == bool(b.is_positive):
                    raise invalid("integrand", f"exp({b}*y)", "grows: the integral diverges")
                return sympy.Integer(0)
            return sympy.exp(b * y) * sum((-1) ** j * sympy.factorial(k) / sympy.factorial(k - j) * y ** (k - j)
                                          / b ** (j + 1) for j in range(k + 1))
        return antiderivative(v) - antiderivative(u)
    if any(infinite):
        raise invalid("integrand", f"y**{k}", "a polynomial over an unbounded interval: the integral diverges")
    return (v ** (k + 1) - u ** (k + 1)) / (k + 1)


# ------------------------------------------------------------------------------------------- families
def density(pieces: Sequence[Piece | Sequence[ExprLike]], *, interval: tuple[ExprLike, ExprLike] = (-1, 1), support: tuple[ExprLike, ExprLike] | None = None,
            atoms: Sequence[Atom | Sequence[ExprLike]] = (), domain: DomainLike = None, name: str = "a density", source: str = "as printed",
            sensitivity: ExprLike | None = None) -> Density:
    """Any law as printed: ``pieces`` a list of ``(density, lo, hi)`` formulas (or :class:`Piece`), ``atoms`` a
    list of ``(at, mass)`` (or :class:`Atom`), the input ``interval`` and the output ``support`` (by default
    from the first piece's start to the last piece's end)."""
    built = [p if isinstance(p, Piece) else _piece(p, k) for k, p in enumerate(pieces)]
    made_atoms = [a if isinstance(a, Atom) else _atom(a, k) for k, a in enumerate(atoms)]
    if support is None:
        if built:
            support = (built[0].lo, built[-1].hi) if all(not (p.lo.free_symbols | p.hi.free_symbols) & {T}
                                                        for p in (built[0], built[-1])) else ("-oo", "oo")
        else:
            support = ("-oo", "oo")
    return Density(name, source, tuple(built), tuple(made_atoms), tuple(interval), tuple(support),
                   Domain.parse(domain), sensitivity)


def _piece(value: Piece | Sequence[ExprLike], k: int) -> Piece:
    if not isinstance(value, (tuple, list)) or len(value) != 3:
        raise invalid(f"pieces[{k}]", value, "a piece is (density, lo, hi)")
    return Piece(value[0], value[1], value[2], f"{k}")


def _atom(value: Atom | Sequence[ExprLike], k: int) -> Atom:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise invalid(f"atoms[{k}]", value, "an atom is (at, mass)")
    return Atom(value[0], value[1], f"atom {k}")


def _text(value: ExprLike) -> str:
    return value if isinstance(value, str) else str(value)


def laplace(scale: ExprLike | None = None, *, epsilon: ExprLike | None = None, sensitivity: ExprLike | None = None, interval: tuple[ExprLike, ExprLike] | None = None,
            domain: DomainLike = None) -> Density:
    """The Laplace mechanism (Dwork, McSherry, Nissim and Smith 2006; Dwork and Roth, Definition 3.3):
    y = t + Lap(b), density e^{−|y−t|/b}/(2b), written as two pieces (y < t and y > t). Give the scale ``b``,
    or ``epsilon`` with the ``sensitivity`` Δ (b = Δ/ε). The input interval is (−1, 1) by default, or
    (−Δ/2, Δ/2) when Δ is given; Δ defaults to the interval's width."""
    if (scale is None) == (epsilon is None):
        raise invalid("scale", scale, "give the scale b or epsilon (with the sensitivity), not both")
    if interval is None:
        interval = (-1, 1) if sensitivity is None else (f"-({_text(sensitivity)})/2", f"({_text(sensitivity)})/2")
    lo, hi = (parse_density_formula(v, name="interval") for v in interval)
    delta = parse_density_formula(sensitivity, name="sensitivity") if sensitivity is not None else sympy.simplify(hi - lo)
    if scale is None:
        b = delta / parse_density_formula(epsilon, name="epsilon")
        default_domain = f"{_text(epsilon)} > 0" if isinstance(epsilon, str) and epsilon.isidentifier() else None
    else:
        b = parse_density_formula(scale, name="scale")
        default_domain = f"{_text(scale)} > 0" if isinstance(scale, str) and scale.isidentifier() else None
    pieces = (Piece(sympy.exp((Y - T) / b) / (2 * b), "-oo", T, "y < t"),
              Piece(sympy.exp(-(Y - T) / b) / (2 * b), T, "oo", "y > t"))
    return Density("the Laplace mechanism", "Dwork, McSherry, Nissim and Smith 2006 (Dwork and Roth, Def. 3.3)",
                   pieces, (), (lo, hi), ("-oo", "oo"), Domain.parse(domain if domain is not None else default_domain),
                   delta)


def gaussian(sigma: ExprLike = "sigma", *, sensitivity: ExprLike | None = None, interval: tuple[ExprLike, ExprLike] | None = None,
             domain: DomainLike = None) -> Density:
    """The Gaussian mechanism (Dwork and Roth, Appendix A; Balle and Wang 2018 for the exact δ(ε)): y = t + N(0,
    σ²), density e^{−(y−t)²/(2σ²)}/(σ√(2π)), one piece on the real line. Input interval (−1, 1) by default, or
    (−Δ/2, Δ/2) when the sensitivity Δ is given."""
    if interval is None:
        interval = (-1, 1) if sensitivity is None else (f"-({_text(sensitivity)})/2", f"({_text(sensitivity)})/2")
    lo, hi = (parse_density_formula(v, name="interval") for v in interval)
    delta = parse_density_formula(sensitivity, name="sensitivity") if sensitivity is not None else sympy.simplify(hi - lo)
    s = parse_density_formula(sigma, name="sigma")
    default_domain = f"{_text(sigma)} > 0" if isinstance(sigma, str) and sigma.isidentifier() else None
    piece = Piece(sympy.exp(-(Y - T) ** 2 / (2 * s ** 2)) / (s * sympy.sqrt(2 * sympy.pi)), "-oo", "oo", "normal")
    return Density("the Gaussian mechanism", "Dwork and Roth 2014, Appendix A; Balle and Wang 2018, Theorem 8",
                   (piece,), (), (lo, hi), ("-oo", "oo"), Domain.parse(domain if domain is not None else default_domain),
                   delta)


def piecewise(epsilon: ExprLike = "eps", *, domain: DomainLike = None) -> Density:
    """The piecewise mechanism (Wang et al., "Collecting and analyzing multidimensional data with local
    differential privacy", ICDE 2019, Algorithm 2): for t in [−1, 1], C = (e^{ε/2}+1)/(e^{ε/2}−1),
    ℓ(t) = (C+1)t/2 − (C−1)/2, r(t) = ℓ(t) + C − 1, density p = (e^ε − e^{ε/2})/(2e^{ε/2}+2) on [ℓ(t), r(t)]
    and p/e^ε on the rest of [−C, C]."""
    eps = parse_density_formula(epsilon, name="epsilon")
    s = sympy.exp(eps / 2)
    C = (s + 1) / (s - 1)
    left = (C + 1) * T / 2 - (C - 1) / 2
    right = left + C - 1
    p = (sympy.exp(eps) - s) / (2 * s + 2)
    default_domain = f"{_text(epsilon)} > 0" if isinstance(epsilon, str) and epsilon.isidentifier() else None
    pieces = (Piece(p / sympy.exp(eps), -C, left, "left"), Piece(p, left, right, "centre"),
              Piece(p / sympy.exp(eps), right, C, "right"))
    return Density("the piecewise mechanism", "Wang et al., ICDE 2019, Algorithm 2", pieces, (), (-1, 1), (-C, C),
                   Domain.parse(domain if domain is not None else default_domain), 2)


def duchi_two_point(epsilon: ExprLike = "eps", *, domain: DomainLike = None) -> Density:
    """Duchi, Jordan and Wainwright's one-bit mechanism (FOCS 2013) as a law on the real line: for t in [−1, 1],
    y = ±B, B = (e^ε+1)/(e^ε−1), with P(y = B) = 1/2 + t(e^ε−1)/(2(e^ε+1)): two atoms."""
    eps = parse_density_formula(epsilon, name="epsilon")
    B = (sympy.exp(eps) + 1) / (sympy.exp(eps) - 1)
    up = sympy.Rational(1, 2) + T * (sympy.exp(eps) - 1) / (2 * (sympy.exp(eps) + 1))
    default_domain = f"{_text(epsilon)} > 0" if isinstance(epsilon, str) and epsilon.isidentifier() else None
    return Density("Duchi et al.'s one-bit mechanism", "Duchi, Jordan and Wainwright, FOCS 2013", (),
                   (Atom(B, up, "+B"), Atom(-B, 1 - up, "-B")), (-1, 1), (-B, B),
                   Domain.parse(domain if domain is not None else default_domain), 2)


def mixture(components: Sequence[tuple[ExprLike, Density]], *, name: str = "a mixture", source: str = "as printed",
            domain: DomainLike = None) -> Density:
    """The law that runs component k with probability w_k: ``components`` a list of (w_k, law) (weights formulas
    in the parameters, summing to 1; every component on the same input interval). Pieces and atoms are
    weighted; the result tiles only if exactly one component has pieces and it tiles."""
    if not components:
        raise invalid("components", components, "a mixture needs at least one component")
    weights = [parse_density_formula(w, name="weight") for w, _ in components]
    laws = [law for _, law in components]
    first = laws[0]
    for law in laws[1:]:
        if not all(sympy.simplify(a - b) == 0 for a, b in zip(law.interval, first.interval)):
            raise invalid("components", law.name, f"its input interval {law.interval} is not {first.interval}")
    dom = Domain.parse(domain) if domain is not None else first.domain
    for law in laws[1:]:
        if domain is None:
            dom = dom & law.domain
    pieces = [p.weighted(w) for w, law in zip(weights, laws) for p in law.pieces]
    atoms = [a.weighted(w) for w, law in zip(weights, laws) for a in law.atoms]
    lows = [law.support[0] for law in laws]
    highs = [law.support[1] for law in laws]
    support = (sympy.Min(*lows), sympy.Max(*highs))
    deltas = {law.sensitivity for law in laws}
    return Density(name, source, tuple(pieces), tuple(atoms), first.interval, support, dom,
                   deltas.pop() if len(deltas) == 1 else None)


def hybrid(epsilon: ExprLike = "eps", alpha: ExprLike | None = None, *, domain: DomainLike = None) -> Density:
    """The hybrid mechanism (Wang et al., ICDE 2019, §III-C): the piecewise mechanism with probability α and
    Duchi et al.'s with probability 1 − α (α = 1 − e^{−ε/2} in the paper for ε > 0.61; any α in [0, 1] here)."""
    eps = _text(epsilon)
    a = alpha if alpha is not None else f"1 - exp(-({eps})/2)"
    return mixture([(a, piecewise(epsilon, domain=domain)), (f"1 - ({_text(a)})", duchi_two_point(epsilon, domain=domain))],
                   name="the hybrid mechanism", source="Wang et al., ICDE 2019, Section III-C", domain=domain)


def exact_point(point: Values) -> dict[str, Fraction]:
    """``point`` with every value an exact :class:`~fractions.Fraction`."""
    return {k: Fraction(v) if not isinstance(v, Fraction) else v for k, v in point.items()}
