"""Short claims: a claim about a moment, a sign, a privacy loss or an approximation, declared in a few lines.

::

    from proofs import mechanisms as M
    from proofs.declare import moment_claim, ldp_claim, sign_claim, approximation_claim

    G = M.randomized_response(d="d", epsilon="eps")
    ldp_claim("KRR.ldp", title=r"k-RR is $\\epsilon$-LDP", source="My notes, Lemma 1",
              statement=r"$Q$ is $\\epsilon$-LDP", mechanism=G, epsilon="eps", domain="eps > 0, d >= 2")
    moment_claim("KRR.mean", title="the count estimator is unbiased", source="My notes, Lemma 2",
                 statement=r"$\\mathbb{E}[\\hat c_0] = c_0$", statistic="(C0 - n*q)/(p - q)", claimed="c0",
                 mechanism=G, counts={"0": "c0"}, domain="eps > 0, d >= 2, 0 <= c0 <= n")

Each declaration defines the :class:`~proofs.base.claim.Claim` and registers one check per independent
method of its engine, and the engine runs **once** per claim and budget: the first check that runs computes
the verdict, each check returns the evidence of its own method, and the verdict is forgotten once every
method has taken its part. The methods:

* :func:`moment_claim` — :func:`proofs.check_moment`: enumeration (of the lumped model and, for a family,
  of the explicit matrix at small d) and the symbolic derivation (when the statistic is a polynomial in the
  counts without a condition; otherwise the declaration says the claim has one method and is refused);
  ``holds_when=`` is checked (:mod:`proofs.engines.holds_when`); ``corrected=(statement, form)`` adds a
  corrected statement verified by its own check;
* :func:`ldp_claim` — :func:`proofs.check_ldp`: decision (the ratio cases, every d) and enumeration (the
  explicit matrix at interior points);
* :func:`sign_claim` — :func:`proofs.check_sign` (decision) and certified evaluation at interior and
  boundary points of the domain (interval, two precisions);
* :func:`approximation_claim` — :func:`proofs.check_approximation`: the symbolic limit and the certified
  relative-error table.

Every argument is validated when the claim is declared (when a claims file loads), by the engine's own
reading of it (``validate_moment``, ``validate_ldp``, ``validate_approximation``, the sign engine's
``read_statement`` and size limits): a formula that does not parse, a name that is not declared, a domain, a
mechanism, a number (int, Fraction, ``"a/b"``, a sympy rational; never NaN or an infinity) or a size beyond
the engine's limits is a one-line :class:`~core.errors.InvalidArgument` naming the value, and nothing is
defined. A declaration accepted is one whose checks read their input as declared.

Sample sizes follow the budget (``n_values`` overrides): 1, 2, 3, 5, 10 up to ``budget.n_max``, and
``budget.n_max``; decision time-outs are ``budget.timeout``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
import re
from typing import Any

import sympy

from core.context import closed_sign
from core.domain import Domain
from core.errors import InvalidArgument, invalid
from core.formula import as_sympy, parse_formula
from numeric.count_points import charts_for, draw
from numeric.finite_mechanism import symbol
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.base.once import Once
from proofs.base.registry import check, define
from proofs import continuous
from proofs.base.verdict import Verdict
from proofs.engines.approximation import check_approximation, validate_approximation
from proofs.engines.holds_when import condition_of, joined
from proofs.engines.ldp import check_ldp, validate_ldp
from proofs.engines.moments import check_moment, validate_moment
from proofs.engines.sign import check_sign
from proofs.engines.sign.cases import InfOver, SupOver
from proofs.engines.sign.limits import refuse_sizes
from proofs.engines.sign.parse import parse_constraint, read_statement
from proofs.engines.sign.threshold import read_iff
from proofs.engines.value_sums import sum_over_values, validate_value_sum
from proofs.kernel import stepcheck

__all__ = ["moment_claim", "ldp_claim", "sign_claim", "approximation_claim", "sample_sizes", "formula_text", "GRID_POINTS",
           "value_sum_claim"]

#: interior points (and a third as many boundary points) at which sign_claim evaluates its condition
GRID_POINTS = 24
#: The working precision of those points' signs (balls at it and at twice it).
_POINT_DPS = 50
_SIGNS = {">0": lambda s: s > 0, ">=0": lambda s: s >= 0, "<0": lambda s: s < 0, "<=0": lambda s: s <= 0,
          "==0": lambda s: s == 0, "!=0": lambda s: s != 0}


def sample_sizes(budget: Budget) -> list[int]:
    """1, 2, 3, 5, 10 up to the budget's ``n_max``, and ``n_max``."""
    return sorted({m for m in (1, 2, 3, 5, 10) if m <= budget.n_max} | {budget.n_max})


def _register(claim: Claim, once: Once) -> Claim:
    define(claim)
    for method in once.methods:
        def run(budget: Budget, method: Method = method) -> list[Evidence]:
            return once.evidence(budget, method)

        run.__qualname__ = f"{claim.id}:{method.value}"
        check(claim.id, method)(run)
    return claim


def _claim(id: str, title: str, source: str, statement: str, domain: Any, extra: Mapping[str, Any]) -> Claim:
    if isinstance(domain, Domain):
        domain = domain.text
    items = [domain] if isinstance(domain, (str, sympy.Basic)) else list(domain or ())
    shown = ", ".join(formula_text(d) if isinstance(d, str) else f"${sympy.latex(d)}$" for d in items if str(d).strip())
    shown = shown or ("as the mechanism states" if domain is None else "all values")
    return Claim(id=id, title=title, source=source, statement=statement, domain=shown, **extra)


#: The toolkit's short names of Greek letters (``eps``, ``lam``, ``al``) and the letters they name.
_GREEK_SHORT = {"eps": "epsilon", "lam": "lambda", "al": "alpha"}
_RELATION = re.compile(r"(<=|>=|==|!=|->|<|>|≤|≥|≠)")
_RELATION_LATEX = {"<=": r"\le", ">=": r"\ge", "==": "=", "!=": r"\ne", "->": r"\to", "<": "<", ">": ">",
                   "≤": r"\le", "≥": r"\ge", "≠": r"\ne"}
_INTERVAL = re.compile(r"^([A-Za-z][A-Za-z0-9_]*)\s+(?:in|∈)\s+([\[(])(.*),(.*)([\])])$", re.S)
_INTEGERS = re.compile(r"\s+(integers?)$")
_CONNECTIVE = re.compile(r"\s+(and|or)\s+")


def _term_latex(text: str) -> str:
    """One side of a relation in the toolkit's formula notation, as LaTeX (``eps`` is ε, ``pi0`` is π₀)."""
    expr = parse_formula(text, name="domain")
    renamed = {s: sympy.Symbol(_GREEK_SHORT[s.name], **s.assumptions0) for s in expr.free_symbols
               if s.name in _GREEK_SHORT}
    return sympy.latex(expr.xreplace(renamed))


def formula_text(text: str) -> str:
    """A stated domain, a condition or a regime written in the toolkit's formula notation (``"eps > 0, 0 <= c0
    <= n, d >= 2 integer"``, ``"c0 -> 0"``) as the claim's text shows it: prose with each part's math between
    dollars (``$\\epsilon > 0$, $0 \\le c_{0} \\le n$, $d \\ge 2$ integer``). The engine reads the formula
    itself; this is only how the claim prints it."""
    parts, depth, current = [], 0, ""
    for ch in text:
        depth += (ch in "([") - (ch in ")]")
        if ch in ",;" and depth == 0:
            parts.append(current)
            current = ""
        else:
            current += ch
    shown = []
    for part in (p.strip() for p in [*parts, current] if p.strip()):
        integer = _INTEGERS.search(part)
        pieces = _CONNECTIVE.split(_INTEGERS.sub("", part))
        shown.append(" ".join(p if k % 2 else f"${_condition_latex(p.strip())}$" for k, p in enumerate(pieces))
                     + (f" {integer.group(1)}" if integer else ""))
    return ", ".join(shown)


def _condition_latex(text: str) -> str:
    interval = _INTERVAL.match(text)
    if interval:
        name, left, lo, hi, right = interval.groups()
        return rf"{_term_latex(name)} \in {left}{_term_latex(lo.strip())}, {_term_latex(hi.strip())}{right}"
    return " ".join(_RELATION_LATEX.get(p) or _term_latex(p) for p in (p.strip() for p in _RELATION.split(text)))


def _extra(assumptions: Iterable[str], interpretation: str, printed: Iterable[str], related: Any,
           premise: str = "") -> dict[str, Any]:
    return dict(assumptions=tuple(assumptions), interpretation=interpretation, printed=tuple(printed),
                related=related or (), premise=premise)


# ----------------------------------------------------------------------------------------------- moments
def moment_claim(id: str, *, title: str, source: str, statement: str, statistic: Any, claimed: Any,
                 mechanism: Any = None, moment: str = "mean", counts: Any = None, prior: Any = None,
                 given: Any = None, domain: Any = None, n_values: Sequence[int] | None = None,
                 points: Sequence[Mapping[str, Any]] | None = None, holds_when: str | None = None,
                 corrected: tuple[str, Any] | None = None, assumptions: Iterable[str] = (),
                 interpretation: str = "", printed: Iterable[str] = (), related: Any = None) -> Claim:
    """A claim that ``claimed`` is the ``moment`` of ``statistic`` (see :func:`proofs.check_moment` for the
    arguments). ``corrected``: ``(statement, claimed form)``, a corrected statement shown when its own check
    proves or supports it. A law with continuous output (:mod:`proofs.continuous`) is declared by
    :func:`proofs.continuous.density_moment_claim` (``statistic`` ``"output"`` or ``"mean"``)."""
    if continuous.is_continuous(mechanism):
        _only_finite("moment_claim", counts=counts, prior=prior, given=given, n_values=n_values, points=points,
                     holds_when=holds_when, corrected=corrected, interpretation=interpretation or None,
                     printed=tuple(printed) or None, related=related)
        return continuous.density_moment_claim(id, title=title, source=source, statement=statement, mechanism=mechanism,
                                       claimed=claimed, moment=moment, statistic=statistic, domain=domain,
                                       assumptions=assumptions)
    arguments = dict(moment=moment, given=given, mechanism=mechanism, prior=prior, counts=counts, domain=domain,
                     points=points)
    if _conditioned(given):
        raise invalid("given", given, "a moment with a condition has one method here (enumeration)",
                      "declare the claim with define() and add a second check of your own")
    validate_moment(statistic, claimed, n_values=n_values, **arguments)
    if holds_when is not None:
        region = _named("holds_when", holds_when, lambda: joined(domain, condition_of(holds_when)))
        validate_moment(statistic, claimed, n_values=n_values, **{**arguments, "points": None, "domain": region})
    if corrected is not None:
        if not isinstance(corrected, tuple) or len(corrected) != 2 or not isinstance(corrected[0], str):
            raise invalid("corrected", corrected, "must be a pair (statement, claimed form)",
                          "write corrected=('the corrected statement', 'the corrected form')")
        validate_moment(statistic, corrected[1], n_values=n_values, **arguments)

    def compute(budget: Budget) -> Verdict:
        ns = list(n_values) if n_values is not None else sample_sizes(budget)
        verdict = check_moment(statistic, claimed, n_values=ns, holds_when=holds_when, **arguments)
        if corrected is None:
            return verdict
        fixed_statement, form = corrected
        fix = check_moment(statistic, form, n_values=ns, **arguments)
        correction = Correction(fixed_statement, fix.evidence)
        target = next((e for e in verdict.evidence if e.reading is None and e.outcome is Outcome.COUNTEREXAMPLE), None)
        if target is None:
            return verdict
        return type(verdict)(tuple(replace(e, corrected=correction) if e is target else e for e in verdict.evidence))

    claim = _claim(id, title, source, statement, domain, _extra(assumptions, interpretation, printed, related))
    return _register(claim, Once(compute, (Method.ENUMERATION, Method.SYMBOLIC)))


def _only_finite(declaration: str, **given: Any) -> None:
    """Refuse, in one line, an argument a declaration about a law with continuous output does not take."""
    for name, value in given.items():
        if value is not None:
            raise invalid(name, value, f"{declaration} of a law with continuous output does not take it")


def _conditioned(given: Any) -> bool:
    return given is not None and given is not True and given is not sympy.true


# ----------------------------------------------------------------------------------------------- privacy
def ldp_claim(id: str, *, title: str, source: str, statement: str, mechanism: Any, epsilon: Any,
              domain: Any = None, notion: str = "LDP", delta: Any = None, assumptions: Iterable[str] = (),
              interpretation: str = "", printed: Iterable[str] = (), related: Any = None) -> Claim:
    """A claim that ``mechanism`` is ``epsilon``-LDP on ``domain`` (:func:`proofs.check_ldp`); for a law with
    continuous output (:mod:`proofs.continuous`), ε-LDP or, with ``delta``, (ε, δ)-LDP."""
    if continuous.is_continuous(mechanism):
        _only_finite("ldp_claim", notion=None if notion == "LDP" else notion, interpretation=interpretation or None,
                     printed=tuple(printed) or None, related=related)
        return continuous.density_ldp_claim(id, title=title, source=source, statement=statement, mechanism=mechanism,
                                    epsilon=epsilon, delta=delta, domain=domain, assumptions=assumptions)
    if delta is not None:
        raise invalid("delta", delta, "(eps, delta)-LDP is checked for laws with continuous output only")
    validate_ldp(mechanism, epsilon, domain, notion=notion)

    def compute(budget: Budget) -> Verdict:
        return check_ldp(mechanism, epsilon, domain, notion=notion, timeout=budget.timeout)

    claim = _claim(id, title, source, statement, domain, _extra(assumptions, interpretation, printed, related))
    return _register(claim, Once(compute, (Method.DECISION, Method.ENUMERATION)))


# ----------------------------------------------------------------------------------------------- signs
def sign_claim(id: str, *, title: str, source: str, statement: str, expr: Any, sign: str = ">0",
               domain: Any = None, symbols: Sequence[str] = (), holds_when: Sequence[Any] = (),
               iff: str | None = None, assumptions: Iterable[str] = (), interpretation: str = "",
               printed: Iterable[str] = (), related: Any = None) -> Claim:
    """A claim that ``expr sign`` (``">0"``, ``">=0"``, ``"<0"``, ``"<=0"``, ``"==0"``, ``"!=0"``) holds on
    ``domain``: :func:`proofs.check_sign`, and certified evaluation at interior and boundary points of the domain.
    ``holds_when``: candidate conditions where it holds if it fails (each decided on the domain with it, and
    reported with its outcome). ``iff``: a threshold claim, "``expr sign`` iff ``eps > 1.29``", read as printed
    (the exact threshold as a certified root, a printed decimal the exact number it prints: a threshold of
    1.289784... refutes "iff eps > 1.29", and the verdict's correction states the exact threshold, proved by its
    own evidence; the reading at its printed precision is shown apart; its second method evaluates the condition
    exactly at points of every cell), which states its own region (no ``holds_when``)."""
    if not isinstance(sign, str) or sign not in _SIGNS:
        raise invalid("sign", sign, f"must be one of {list(_SIGNS)}")
    stated = Domain.parse(domain)
    symbols, holds_when = _names(symbols, "symbols"), _listed(holds_when, "holds_when")
    read = read_statement(expr, stated.constraints(), sign=sign, integers=sorted(stated.integers),
                          symbols=list(symbols) + sorted(stated.names))
    refuse_sizes(read.target.expr, [c.expr for c in read.domain], read.target.text)
    for candidate in holds_when:
        _named("holds_when", candidate, lambda: parse_constraint(candidate, read.known))
    if iff is not None:
        read_iff(iff)
        if holds_when:
            raise invalid("holds_when", list(holds_when), "a threshold claim (iff=) states its own region")

    def compute(budget: Budget) -> Verdict:
        decided = check_sign(expr, stated.constraints(), sign=sign, integers=sorted(stated.integers),
                             timeout=budget.timeout, symbols=list(symbols) + sorted(stated.names),
                             holds_when=list(holds_when), iff=iff)
        if iff is not None:
            return decided
        return Verdict(tuple(decided.evidence) + (_points_evidence(expr, sign, stated, symbols),))

    claim = _claim(id, title, source, statement, domain, _extra(assumptions, interpretation, printed, related))
    return _register(claim, Once(compute, (Method.DECISION, Method.INTERVAL)))


def _named(name: str, value: Any, read: Callable[[], Any]) -> Any:
    """``read()``, its one-line error said of the argument ``name`` (a condition read as a domain)."""
    try:
        return read()
    except InvalidArgument as error:
        why = str(error).split(": ", 1)[-1]
        raise invalid(name, value, why) from None


def _names(value: Any, name: str) -> tuple[str, ...]:
    """A list of names (``symbols=["x", "y"]``); a single string is refused, since it would be read letter by
    letter."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, Iterable):
        raise invalid(name, value, "must be a list of names", f"write {name}=[{value!r}]" if isinstance(value, str)
                      else None)
    names = tuple(value)
    for item in names:
        if not isinstance(item, str) or not item.isidentifier():
            raise invalid(name, item, "is not a name")
    return names


def _listed(value: Any, name: str) -> tuple[Any, ...]:
    """A list of conditions; a single string is one condition."""
    if isinstance(value, (str, sympy.Basic)):
        return (value,)
    if isinstance(value, Mapping) or not isinstance(value, Iterable):
        raise invalid(name, value, "must be a list of conditions such as ['x >= 1']")
    return tuple(value)


def _points_evidence(expr: Any, sign: str, domain: Domain, symbols: Sequence[str]) -> Evidence:
    """``expr sign`` at exact interior and boundary points of the domain, in balls at two precisions (or
    exactly where the value is rational)."""
    known = {name: symbol(name) for name in (*symbols, *domain.names)}
    value = as_sympy(expr, symbols=known, name="expr")
    value = value.xreplace({s: symbol(s.name) for s in value.free_symbols})
    names = sorted({s.name for s in value.free_symbols} | set(domain.names))
    charts = charts_for([value], names)
    cases = draw(domain, names, charts, interior=GRID_POINTS, boundary=GRID_POINTS // 3, fixed={}, seed=5)
    holds = _SIGNS[sign]
    interior = checked = 0
    for case in cases:
        exact = value.xreplace({symbol(k): v for k, v in case.shown.items()})
        sign_at, recheck = _sign_of(exact)
        if sign_at is None:
            continue
        checked += 1
        interior += case.interior
        if not holds(sign_at):
            return Evidence(Method.INTERVAL, Outcome.COUNTEREXAMPLE, f"exact points of {domain.text or 'all values'!r}",
                            {"points checked": checked}, counterexample={**case.display(), "value": str(exact),
                                                                         "relation": f"expr {sign}"},
                            recheck=recheck)
    text = (f"{checked} exact points of the domain {domain.text or 'all values'!r} ({interior} interior), "
            "each sign certified by balls at 50 and 100 digits or exactly")
    if not checked:
        return Evidence(Method.INTERVAL, Outcome.INCONCLUSIVE, text, {"note": "no point of the domain was usable"})
    return Evidence(Method.INTERVAL, Outcome.HOLDS, text, {"points checked": checked}, interior_cases=interior)


def _sign_of(value: sympy.Basic) -> tuple[int | None, Recheck]:
    """The sign of a closed number by :func:`core.context.closed_sign` (balls at 50 and 100 digits), and 0
    when the balls hold 0 and sympy simplifies the number to 0."""
    if value.free_symbols:
        return None, Recheck.EXACT
    sign, how = closed_sign(value, dps=_POINT_DPS)
    if sign is not None:
        assert how is not None  # closed_sign names how it decided every sign it returns
        return sign, Recheck(how)
    if value.has(sympy.zoo, sympy.nan, sympy.oo, -sympy.oo):
        return None, Recheck.EXACT
    if value.has(SupOver, InfOver) and _certainly_nonzero(value):
        return None, Recheck.EXACT            # what simplify would say, without simplifying the extremum's body
    return (0 if sympy.simplify(value) == 0 else None), Recheck.EXACT


def _plain(body: sympy.Expr, var: sympy.Symbol) -> bool:
    """``body`` is built of ``var``, rationals, ``pi``, ``E``, sums, products, integer powers and ``exp``: defined
    wherever its denominators are not 0, and continuous there."""
    return all(isinstance(node, (sympy.Add, sympy.Mul, sympy.exp, sympy.Rational)) or node == var
               or node in (sympy.pi, sympy.E) or (isinstance(node, sympy.Pow) and node.exp.is_Integer)
               for node in sympy.preorder_traversal(body))


def _extremum_ball(atom: sympy.Expr, prec: int) -> Any:
    """A ball holding the sup (inf) over [lo, hi] of a :func:`_plain` body with rational ends, or ``None``: the
    body's natural interval extension over [lo, hi] bounds it on one side (finite only where no denominator can
    be 0, so the body is continuous and the extremum attained), its values at the ends and the middle on the
    other."""
    import flint

    body, var, lo, hi = atom.args
    if not (lo.is_Rational and hi.is_Rational and lo < hi) or body.free_symbols - {var} or not _plain(body, var):
        return None
    bounds = stepcheck.enclosure(body, {var.name: (lo, hi)}, prec)
    if bounds is None or not (bounds[0].is_finite() and bounds[1].is_finite()):
        return None
    values = [stepcheck.arb_value(body.xreplace({var: p}), {}, prec) for p in (lo, hi, (lo + hi) / 2)]
    if isinstance(atom, SupOver):               # sup >= the body at any point, <= the extension's upper end
        reached = values[0].lower()
        for v in values[1:]:
            reached = v.lower() if v.lower() > reached else reached
        return flint.arb(reached).union(flint.arb(bounds[1]))
    reached = values[0].upper()
    for v in values[1:]:
        reached = v.upper() if v.upper() < reached else reached
    return flint.arb(bounds[0]).union(flint.arb(reached))


def _certainly_nonzero(value: sympy.Expr, prec: int = 200) -> bool:
    """``value`` (closed, with sup/inf over an interval) is certainly not 0: each extremum enclosed in a ball
    (:func:`_extremum_ball`), the whole in balls. Then it is not 0 identically either, and simplify, which keeps
    the value, cannot reduce it to 0."""
    try:
        env, table = {}, {}
        for k, atom in enumerate(sorted(value.atoms(SupOver, InfOver), key=str)):
            ball = _extremum_ball(atom, prec)
            if ball is None:
                return False
            name = f"_extremum_{k}"
            env[name], table[atom] = ball, sympy.Dummy(name)
        replaced = value.xreplace(table)
        if replaced.has(SupOver, InfOver):
            return False
        total = stepcheck.arb_value(replaced, {d.name: env[d.name] for d in table.values()}, prec)
    except (ValueError, TypeError, ZeroDivisionError, ArithmeticError):
        return False
    return bool(total > 0 or total < 0)


# ----------------------------------------------------------------------------------------------- approximations
def approximation_claim(id: str, *, title: str, source: str, statement: str, exact: Any, approx: Any, regime: str,
                        domain: Any = None, order: Any = None, sign: str | None = None, mechanism: Any = None,
                        assumptions: Iterable[str] = (), interpretation: str = "", printed: Iterable[str] = (),
                        related: Any = None) -> Claim:
    """A claim that ``approx`` approximates ``exact`` in ``regime`` (:func:`proofs.check_approximation`)."""
    validate_approximation(exact, approx, regime=regime, domain=domain, order=order, sign=sign, mechanism=mechanism)

    def compute(budget: Budget) -> Verdict:
        return check_approximation(exact, approx, regime=regime, domain=domain, order=order, sign=sign,
                                   timeout=budget.timeout, mechanism=mechanism)

    reading = interpretation or (f"an approximation as {formula_text(regime)}: the relative error tends to 0"
                                 + (f", of order {formula_text(str(order))}" if order is not None else ""))
    claim = _claim(id, title, source, statement, domain, _extra(assumptions, reading, printed, related))
    return _register(claim, Once(compute, (Method.SYMBOLIC, Method.INTERVAL)))


# ----------------------------------------------------------------------------------------------- sums over the values
def value_sum_claim(id: str, *, title: str, source: str, statement: str, statistic: Any, mechanism: Any, claimed: Any,
                    moment: str = "mse", target: Any = None, counts: Any = None, prior: Any = None, domain: Any = None,
                    assumptions: Iterable[str] = (), interpretation: str = "", printed: Iterable[str] = (),
                    related: Any = None) -> Claim:
    """A claim that the sum over every value v of a symmetric family of the ``moment`` of value v's estimate
    equals ``claimed`` for every d (the total MSE Σ_v E[(f̂_v − f_v)²] of a frequency oracle):
    :func:`proofs.engines.value_sums.sum_over_values`, the symbolic derivation with the symmetric reduction,
    and exact enumeration of the sum over every value at small sizes."""
    validate_value_sum(statistic, mechanism=mechanism, moment=moment, target=target, counts=counts, prior=prior,
                       claimed=claimed)

    def compute(budget: Budget) -> Verdict:
        return sum_over_values(statistic, mechanism=mechanism, moment=moment, target=target, counts=counts,
                               prior=prior, claimed=claimed, domain=domain)

    claim = _claim(id, title, source, statement, domain, _extra(assumptions, interpretation, printed, related))
    return _register(claim, Once(compute, (Method.SYMBOLIC, Method.ENUMERATION)))
