"""Reduction of sign conditions with ``exp``/``log`` and fractions to polynomial conditions.

Two monotone substitutions, each sound because the function is strictly increasing:

* ``exp``: a symbol ``s`` that occurs only inside ``exp``, as ``exp(k*s)`` with rational ``k`` (or in a
  sum ``exp(k1*s1 + k2*s2)``), is replaced by a new positive unknown ``t = exp(s/L)``, ``L`` the least
  common denominator of its coefficients, so that ``exp(k*s) -> t**(k*L)`` is a power with an integer
  exponent: ``exp(eps/2)`` and ``exp(eps)`` become ``t`` and ``t**2``. The forms users write reach this
  step as ``exp`` already (sympy writes ``E**eps``, ``exp(eps)**2`` and ``sqrt(exp(eps))`` for a real
  ``eps`` as ``exp(eps)``, ``exp(2*eps)`` and ``exp(eps/2)``). A constraint ``a*s op 0`` on ``s`` alone
  becomes ``t op 1`` (``a > 0``) because ``exp`` is increasing and ``exp(0) = 1``;
* ``log``: a condition ``sum_i c_i log(u_i) op 0`` (rational c_i, every term a logarithm) becomes
  ``prod_i u_i**(L c_i) op 1`` with L > 0 the common denominator of the c_i, since ``log`` is increasing
  on (0, oo); every ``u_i > 0`` is a side condition (decided for the expression under study, added for
  a constraint, which is only defined where its logarithms are).

Anything else that is not a rational function (``sqrt``, ``sin``, ``exp`` of a non-symbol, logarithms mixed
with other terms) raises :class:`~core.errors.InvalidArgument` naming the offending text.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import reduce
from math import lcm

import sympy

from core.errors import invalid
from proofs.engines.sign.parse import Condition

__all__ = ["Reduced", "substitute_exp", "reduce_logs", "require_rational"]


@dataclass
class Reduced:
    """A condition set after the monotone substitutions, with what was done (for the evidence)."""

    target: Condition
    domain: list[Condition]
    notes: list[str] = field(default_factory=list)
    #: new symbol -> the original expression it stands for (``exp_eps -> exp(eps)``)
    stands_for: dict[sympy.Symbol, sympy.Expr] = field(default_factory=dict)
    #: arguments of logarithms in the target that must be positive on the domain
    log_arguments: list[sympy.Expr] = field(default_factory=list)


def exp_atoms(expr: sympy.Expr) -> set[sympy.Expr]:
    """The atoms ``exp(a)`` of ``expr``, written ``exp(a)`` or ``E**a``."""
    return {a for a in expr.atoms(sympy.exp)} | {a for a in expr.atoms(sympy.Pow) if a.base is sympy.E}


def linear_terms(argument: sympy.Expr) -> dict[sympy.Symbol, sympy.Rational] | None:
    """``{s: k}`` if ``argument`` is ``sum k*s`` (rational k != 0, no constant term), else None."""
    terms: dict[sympy.Symbol, sympy.Rational] = {}
    for term in sympy.Add.make_args(sympy.expand(argument)):
        coefficient, rest = term.as_coeff_Mul()
        if not (rest.is_Symbol and coefficient.is_Rational) or coefficient == 0:
            return None
        terms[rest] = terms.get(rest, sympy.Integer(0)) + coefficient
    return {s: k for s, k in terms.items() if k != 0} or None


def substitute_exp(target: Condition, domain: list[Condition]) -> Reduced:
    """Replace ``exp(k*s)`` by ``t**(k*L)``, ``t = exp(s/L)``, for every symbol ``s`` that occurs only
    inside ``exp`` (see the module docstring)."""
    reduced = Reduced(target, list(domain))
    everything = [target] + list(domain)
    coefficients: dict[sympy.Symbol, set[sympy.Rational]] = {}
    atoms: dict[sympy.Expr, dict[sympy.Symbol, sympy.Rational]] = {}
    for condition in everything:
        for atom in sorted(exp_atoms(condition.expr), key=sympy.default_sort_key):
            argument = atom.exp if atom.func is sympy.Pow else atom.args[0]
            terms = linear_terms(argument)
            if terms is None:
                raise invalid("expr" if condition is target else "domain", condition.text,
                              f"exp({argument}) is not exp(k*s) (or exp of a sum of such terms) for symbols s and "
                              "rational k; not reducible by a monotone substitution")
            atoms[atom] = terms
            for s, k in terms.items():
                coefficients.setdefault(s, set()).add(k)
    if not atoms:
        return reduced
    scales = {s: reduce(lcm, (int(k.q) for k in ks), 1) for s, ks in coefficients.items()}
    names = {s: sympy.Symbol(f"exp_{s.name}" if scales[s] == 1 else f"exp_{s.name}_{scales[s]}", real=True)
             for s in coefficients}
    replace = {atom: sympy.Mul(*[names[s] ** int(k * scales[s]) for s, k in sorted(terms.items(), key=str)])
               for atom, terms in atoms.items()}

    def swap(expr: sympy.Expr) -> sympy.Expr:
        return expr.xreplace(replace) if any(expr.has(a) for a in replace) else expr

    new_target = Condition(swap(reduced.target.expr), reduced.target.op, reduced.target.text)
    new_domain = [Condition(swap(c.expr), c.op, c.text) for c in reduced.domain]
    for s in sorted(coefficients, key=str):
        if new_target.expr.has(s):
            raise invalid("expr", target.text, f"{s} occurs outside exp(); no monotone substitution applies")
    for s in sorted(coefficients, key=str):
        t, scale = names[s], scales[s]
        rewritten = []
        for condition in new_domain:
            expr = condition.expr
            if expr.has(s):
                slope = sympy.diff(expr, s)
                if expr.free_symbols != {s} or not slope.is_Rational or sympy.expand(expr - slope * s) != 0:
                    raise invalid("domain", condition.text,
                                  f"a constraint on {s} outside exp() must read a*{s} op 0 (exp maps it to "
                                  f"exp({s}) op 1); this one is not reducible")
                expr = (t - 1) if slope > 0 else (1 - t)
            rewritten.append(Condition(expr, condition.op, condition.text))
        new_domain = rewritten + [Condition(t, ">", f"exp({s if scale == 1 else s / scale}) > 0")]
        reduced.stands_for[t] = sympy.exp(s / scale)
        shown = sympy.exp(s / scale)
        reduced.notes.append(f"{shown} -> {t} > 0 (exp is increasing: a*{s} op 0 <=> {t} op 1 for a > 0"
                             + (f"; exp(k*{s}) = {t}**({scale}*k)" if scale != 1 else "") + ")")
    return Reduced(new_target, new_domain, reduced.notes, reduced.stands_for, reduced.log_arguments)


def _log_terms(condition: Condition, role: str) -> tuple[sympy.Expr, list[sympy.Expr]] | None:
    """``(R - 1, [u_i])`` if the condition is ``sum c_i log(u_i) op 0``; ``None`` if it has no log."""
    expr = sympy.expand_log(condition.expr, force=False)
    if not expr.has(sympy.log):
        return None
    terms = sympy.Add.make_args(expr)
    pairs = []
    for term in terms:
        logs = [f for f in sympy.Mul.make_args(term) if isinstance(f, sympy.log)]
        rest = sympy.Mul(*[f for f in sympy.Mul.make_args(term) if not isinstance(f, sympy.log)])
        if len(logs) != 1 or not rest.is_Rational or logs[0].args[0].has(sympy.log):
            raise invalid(role, condition.text,
                          f"term {term} is not a rational multiple of one logarithm; a condition with log "
                          "must read sum c_i*log(u_i) op 0 to be reduced by monotonicity")
        pairs.append((sympy.Rational(rest), logs[0].args[0]))
    scale = reduce(lcm, (int(c.q) for c, _ in pairs), 1)
    product = sympy.Mul(*[u ** int(c * scale) for c, u in pairs])
    return product - 1, [u for _, u in pairs]


def reduce_logs(reduced: Reduced) -> Reduced:
    """Apply the logarithm reduction to the target and every domain constraint."""
    notes = list(reduced.notes)
    target = reduced.target
    arguments: list[sympy.Expr] = list(reduced.log_arguments)
    found = _log_terms(target, "expr")
    if found is not None:
        expr, args = found
        arguments += args
        notes.append(f"log: {target.expr} op 0 <=> {expr + 1} op 1 (log increasing on (0, oo); "
                     f"arguments {[str(a) for a in args]} decided > 0)")
        target = Condition(expr, target.op, target.text)
    domain = []
    for condition in reduced.domain:
        found = _log_terms(condition, "domain")
        if found is None:
            domain.append(condition)
            continue
        expr, args = found
        domain += [Condition(a, ">", f"{a} > 0 (argument of a logarithm in {condition.text!r})") for a in args]
        domain.append(Condition(expr, condition.op, condition.text))
        notes.append(f"log in constraint {condition.text!r}: reduced to {expr} op 0 with its arguments > 0")
    return Reduced(target, domain, notes, dict(reduced.stands_for), arguments)


def require_rational(condition: Condition, role: str, symbols: list[sympy.Symbol]) -> None:
    """Raise unless the condition's expression is a rational function of ``symbols``."""
    if not condition.expr.is_rational_function(*symbols):
        bad = [a for a in sympy.preorder_traversal(condition.expr)
               if isinstance(a, sympy.Function) or (isinstance(a, sympy.Pow) and not a.exp.is_Integer)]
        what = str(bad[0]) if bad else str(condition.expr)
        raise invalid(role, condition.text, f"{what} is not a rational function and no monotone substitution "
                      "applies; not reducible to a polynomial condition")
    irrational = next((a for a in sympy.preorder_traversal(condition.expr) if a.is_number and not a.is_Rational), None)
    if irrational is not None:
        raise invalid(role, condition.text, f"{irrational} is not a rational number; z3 decides polynomials with "
                      "rational coefficients")
