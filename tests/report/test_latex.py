"""The one printer configuration (proofs/latex.py): the paper's notation (003 §3.1–3.2), reading-friendly
forms, srepr strings read without eval, and the round trip through sympy's parse_latex."""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

import pytest
import sympy

from proofs.base import registry
from core.errors import InvalidArgument
from proofs.report.latex import parse_derived, parse_srepr, readable, to_latex
from tests.claims.quick_results import quick
from symbolic.symbols import N1, N2, eps, lam, n, n1, n2, p, pi, q, q1, q2, q3

PIHAT = sympy.Symbol("pihat")
VAR, EXPECT = sympy.Function("Var"), sympy.Function("E")

NOTATION = [
    pytest.param(pi, r"\pi", id="proportion-pi"),
    pytest.param(sympy.pi, r"\uppi", id="constant-pi-upright"),
    pytest.param(sympy.pi * pi, r"\uppi \pi", id="both-pis-distinct"),
    pytest.param(q1 + q2 + q3, r"q_{1} + q_{2} + q_{3}", id="q1-q2-q3"),
    pytest.param(N1, r"N_{1}", id="N1"),
    pytest.param(PIHAT, r"\hat{\pi}", id="pihat"),
    pytest.param(sympy.Symbol("pi_hat"), r"\hat{\pi}", id="pi_hat"),
    pytest.param(eps, r"\epsilon", id="eps"),
    pytest.param(lam, r"\lambda", id="lam"),
    pytest.param(VAR(PIHAT), r"\operatorname{Var}\left(\hat{\pi}\right)", id="Var"),
    pytest.param(EXPECT(N1), r"\operatorname{E}\left(N_{1}\right)", id="expectation"),
    pytest.param(sympy.binomial(n, N1), r"{\binom{n}{N_{1}}}", id="binomial"),
]


@pytest.mark.parametrize("expr, expected", NOTATION)
def test_printer_uses_the_papers_notation(expr, expected):
    assert to_latex(expr) == expected


def test_readable_factors_the_Eq2_mle_where_that_is_shorter():
    """003 Eq. (2): the expanded denominator is longer than (n1 + n2)(q - p) and is not chosen."""
    mle = sympy.expand((n2 * q - n1 * p) / ((n1 + n2) * (q - p)))
    mle = sympy.cancel(mle)
    shown = readable(mle)
    assert sympy.simplify(shown - mle) == 0
    assert r"\left(n_{1} + n_{2}\right)" in to_latex(shown)


def test_readable_keeps_a_relation_side_by_side():
    relation = sympy.Eq(PIHAT, sympy.cancel((n2 * q - n1 * p) / ((n1 + n2) * (q - p))))
    shown = readable(relation)
    assert isinstance(shown, sympy.Equality) and shown.lhs == PIHAT


SREPR_CASES = [
    pytest.param((N2 * q - N1 * p) / ((N1 + N2) * (q - p)), id="Eq2-mle"),
    pytest.param(sympy.Sum(sympy.binomial(n, N1) * q1**N1, (N1, 0, n)), id="sum-binomial"),
    pytest.param(sympy.Piecewise((1, p > q), (0, True)), id="piecewise"),
    pytest.param(sympy.Eq(VAR(PIHAT), pi * (1 - pi) / n), id="Var-relation"),
    pytest.param(sympy.exp(eps) / (1 + sympy.exp(eps)) + sympy.Float("0.5") + sympy.pi, id="exp-float-constant"),
]


@pytest.mark.parametrize("expr", SREPR_CASES)
def test_parse_srepr_restores_the_expression(expr):
    assert parse_srepr(sympy.srepr(expr)) == expr


def test_parse_derived_reads_a_plain_string_with_the_papers_symbols():
    assert parse_derived("(n2*q - n1*p)/((n1 + n2)*(q - p))") == (n2 * q - n1 * p) / ((n1 + n2) * (q - p))


@pytest.mark.parametrize("text", [
    pytest.param('__import__("os").system("true")', id="import"),
    pytest.param('open("/etc/passwd")', id="builtin"),
    pytest.param('Symbol("x").evalf()', id="attribute"),
    pytest.param('Add("1+1")', id="string-to-non-name-class"),
    pytest.param("lambda: 0", id="lambda"),
])
def test_parse_derived_rejects_code(text):
    with pytest.raises(InvalidArgument, match=r"^derived=.*: not a sympy"):
        parse_derived(text)


# --- round trip through sympy's parse_latex ------------------------------------------------------------
@dataclass(frozen=True)
class RoundTrip:
    """``status``: ``equal`` (parsed and symbolically equal), ``unreadable`` (parse_latex cannot read
    it, or reads names that are not in the expression: a misreading, e.g. ``\\operatorname{Var}`` as
    ``V a r``), or ``differs`` (read, and not equal: a printer bug)."""

    latex: str
    status: str
    why: str = ""


def _parse(text: str) -> sympy.Basic:
    from sympy.parsing.latex import parse_latex

    return parse_latex(text)


@functools.lru_cache(maxsize=512)
def _reads_as(text: str) -> sympy.Symbol | None:
    try:
        parsed = _parse(text)
    except Exception:
        return None
    return parsed if isinstance(parsed, sympy.Symbol) else None


def _equal(a: sympy.Basic, b: sympy.Basic) -> bool:
    if isinstance(a, sympy.core.relational.Relational) or isinstance(b, sympy.core.relational.Relational):
        return type(a) is type(b) and _equal(a.lhs, b.lhs) and _equal(a.rhs, b.rhs)
    difference = sympy.cancel(sympy.expand(a - b))
    return difference == 0 or sympy.simplify(difference) == 0


def round_trip(expr: sympy.Basic) -> RoundTrip:
    """Print ``expr`` with :func:`to_latex` and read it back with ``parse_latex``.

    The parsed names are mapped back to ``expr``'s symbols by reading each symbol's own printout (so
    ``q_{1}`` is ``q1`` and ``\\pi`` is the proportion; ``\\uppi`` is the constant); a hatted symbol (``\\hat{\\pi}``, which
    parse_latex reads as a product ``hat*pi``) is read as a fresh placeholder symbol; ``e`` is Euler's
    number when ``expr`` has no symbol ``e``; a ``\\cdot`` is inserted before each ``\\left(`` that follows
    a name (parse_latex would read ``q \\left(x\\right)`` as a call ``q(x)``; the printout means a product).
    """
    printed = to_latex(expr)
    if r"\operatorname" in printed:
        return RoundTrip(printed, "unreadable", "operator names are outside parse_latex")
    if r"\right|_" in printed:  # a substitution's evaluation bar: parse_latex drops what follows \left.
        return RoundTrip(printed, "unreadable", "evaluation bars are outside parse_latex")
    text = printed.replace(r"\uppi", r"\Xi_{899}")  # the constant, read back as a placeholder
    mapping: dict[sympy.Basic, sympy.Basic] = {sympy.Symbol("Xi_{899}"): sympy.pi}
    symbols = sorted(expr.atoms(sympy.Symbol), key=lambda s: s.name)
    for k, symbol in enumerate(symbols):
        own = to_latex(symbol)
        if own.startswith(r"\hat{"):
            placeholder = rf"\Xi_{{{900 + k}}}"
            text = text.replace(own, placeholder)
            own = placeholder
        read = _reads_as(own)
        if read is None:
            return RoundTrip(printed, "unreadable", f"symbol {symbol.name} does not read back as one symbol")
        mapping[read] = symbol
    # parse_latex reads ``q \left(x\right)`` as a call q(x); the printout means a product
    text = re.sub(r"([A-Za-z0-9}])\s*\\left\(", r"\1 \\cdot \\left(", text)
    try:
        parsed = _parse(text)
    except Exception as exc:
        return RoundTrip(printed, "unreadable", f"{type(exc).__name__}")
    if "e" not in {s.name for s in symbols}:
        mapping[sympy.Symbol("e")] = sympy.E
    parsed = parsed.xreplace(mapping)
    stray = {s for s in parsed.atoms(sympy.Symbol) if s not in set(symbols)}  # misread names
    if stray or parsed.atoms(sympy.core.function.AppliedUndef):
        return RoundTrip(printed, "unreadable", "read as other names: " + ", ".join(sorted(map(str, stray))))
    if _equal(parsed, expr):
        return RoundTrip(printed, "equal")
    return RoundTrip(printed, "differs", f"read as {parsed}")



PAPER_EXPRESSIONS = [
    (N2 * q - N1 * p) / ((N1 + N2) * (q - p)),                               # 003 Eq. (2)
    (p - 1) / (2 * p - 1) + n1 / ((p - 1) * n),                               # 003 Example 3.7
    (-(pi - sympy.Rational(1, 2)) ** 2 + sympy.Rational(1, 4)) / n
    + (1 / (4 * (2 * p - 1) ** 2) - sympy.Rational(1, 4)) / n,                # 003 Eq. (1)
    (pi * p + (1 - pi) * q) * (pi * q + (1 - pi) * p) / (q - p) ** 2,         # 003 Theorem 3.10
    sympy.Sum(sympy.binomial(n, N1) * q3**N1 * (q1 + q2) ** (n - N1) / (n - N1), (N1, 0, n - 1)),  # Lemma 4.3
    sympy.Eq(PIHAT, (n2 * q - n1 * p) / ((n1 + n2) * (q - p))),
    sympy.exp(eps) / (1 + sympy.exp(eps)),
    lam * (1 - p - q) + p,
    sympy.sqrt(2 * sympy.pi) * pi,
    p <= q,
]


def _registered_derived() -> tuple[list[sympy.Basic], int, int]:
    """The derived expressions of every registered claim's symbolic evidence at the quick budget (the
    session's shared results: the claim tests compute them once), with the number of claims they come from
    and of claims with symbolic checks."""
    out, covered, total = [], 0, 0
    for claim in registry.claims():
        if not any(c.method.value == "symbolic" for c in registry.checks_for(claim.id)):
            continue
        total += 1
        evidence = [e for e in quick(claim.id).evidence if e.method.value == "symbolic"]
        covered += bool(evidence)
        for e in evidence:
            texts = list(e.derived.values()) + (list(e.corrected.derived.values()) if e.corrected else [])
            out += [parse_derived(t) for t in texts]
    return out, covered, total


def test_round_trip_through_parse_latex(capsys):
    """Every exported expression parse_latex can read is, read back, symbolically the original."""
    derived, covered_claims, claims_with_symbolic = _registered_derived()
    expressions = [readable(e) for e in PAPER_EXPRESSIONS + derived]
    trips = [round_trip(e) for e in expressions]
    differs = [t for t in trips if t.status == "differs"]
    assert not differs, differs
    covered = sum(t.status == "equal" for t in trips)
    with capsys.disabled():
        print(f"\nround trip: {covered} of {len(trips)} exported expressions read back by parse_latex, all equal; "
              f"{len(trips) - covered} outside parse_latex (operator names such as \\operatorname{{Var}}); "
              f"{len(PAPER_EXPRESSIONS)} paper formulas + the derived expressions of {covered_claims} of "
              f"{claims_with_symbolic} claims with symbolic checks")
    assert covered >= len(PAPER_EXPRESSIONS) - 1
