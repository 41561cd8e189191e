"""Sign and monotonicity claims decided exactly (003 §3.1–3.2): Corollaries 3.11, 3.12, 3.20, the Q_λ
monotonicity, Figures 2 and 5, the optimality of Q_WRR after Eq. (1).

Each claim is decided on its whole domain by z3 through :func:`proofs.engines.sign.decide.sign_evidence` (method
``decision``: proved on unsat, or an exact counterexample re-checked with sympy) and checked a second,
independent way: an exact rational grid (method ``enumeration``, :class:`fractions.Fraction` throughout;
ε enters only through e^ε, taken rational) or a symbolic argument (method ``symbolic``). The expressions
are those of :mod:`symbolic.privacy_accuracy`.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from fractions import Fraction
from typing import Any

import sympy

from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.engines.methods import exhaustive, identity, rational_grid
from proofs.base.registry import check, define
from proofs.engines.sign.decide import sign_evidence
from symbolic import privacy_accuracy as pa
from symbolic.symbols import c, eps, lam, n, p, pi, q

F = Fraction
HALF = F(1, 2)
T = sympy.exp(eps)
#: the paper's standing assumptions for Q_{2x3} (003 §3.1: p, q in [0, 1], "we may assume p > 1/2")
SURVEY = ["p > 1/2", "q >= 0", "p + q <= 1", "0 <= pi <= 1", "n >= 1"]
SURVEY_TEXT = "p > 1/2, q >= 0, p + q <= 1 (so q < p), pi in [0, 1], n >= 1 integer"


# -- exact evaluation on grids -------------------------------------------------------------------------
def exact_function(expr: sympy.Expr, names: Sequence[str]) -> Callable[..., Fraction]:
    """``expr`` as a Python function of ``names`` that stays exact on Fraction/int arguments."""
    expr = sympy.sympify(expr)
    rationals = sorted((r for r in expr.atoms(sympy.Rational) if not r.is_Integer), key=str)
    holders = [sympy.Dummy(f"r{i}") for i in range(len(rationals))]
    by_name = {s.name: s for s in expr.free_symbols}
    args = [by_name.get(name, sympy.Symbol(name)) for name in names]
    function = sympy.lambdify(args + holders, expr.xreplace(dict(zip(rationals, holders))), modules=[{}])
    constants = [F(int(r.p), int(r.q)) for r in rationals]
    return lambda *values: function(*values, *constants)


def _product(**axes: Iterable[Any]) -> Iterator[dict[str, Any]]:
    names = list(axes)
    for values in itertools.product(*(list(a) for a in axes.values())):
        yield dict(zip(names, values))


def _pis(k: int) -> list[Fraction]:
    return sorted({F(0), HALF, F(1), *rational_grid(0, 1, k)})


def _ts(k: int) -> list[Fraction]:
    """Rational values of t = e^ε > 1 (ε = ln t), from close to 1 to 9."""
    return sorted({F(11, 10), F(3, 2), F(2), F(3), F(9), *rational_grid(1, 5, k)})


def _sizes(budget: Budget, cap: int = 10) -> list[int]:
    return list(range(1, min(budget.n_max, cap) + 1))


def _decision(expr: Any, domain: Sequence[str], budget: Budget, **kwargs: Any) -> Evidence:
    """z3 evidence; the region where a refuted condition holds is searched for the primary reading only."""
    kwargs.setdefault("search_region", kwargs.get("reading") is None)
    return sign_evidence(expr, domain, timeout=budget.timeout, **kwargs)


def _cancel(expr: sympy.Expr) -> sympy.Expr:
    return sympy.cancel(sympy.together(expr))


# ======================================================================================================
# Corollary 3.11 and its proof
# ======================================================================================================
F_Q = pa.variance_t310_approx()
F_PRIME = sympy.diff(F_Q, q)

define(Claim(
    id="C3.11", title="Corollary 3.11: the approximate variance f(q) increases with q",
    source="003 Corollary 3.11",
    statement=r"f(q)=\frac{-(\pi-\frac{1}{2})^{2}+\frac{1}{4}(\frac{p+q}{p-q})^{2}}{(n+1)(p+q)-1}. "
              r"Then f^{\prime}(q)>0. In other words, Var(\hat{\pi}) is increasing with respect to q.",
    domain=SURVEY_TEXT,
    assumptions=("q < p, needed for f to be a variance, follows from p > 1/2 and p + q <= 1",),
    interpretation="f'(q) > 0 at every point of the domain, with f as printed (Theorem 3.10's second form with "
                   "the approximation A ≈ 1/((n+1)(p+q)-1)); n is the sample size, an integer >= 1",
    readings=("exact conditional variance", "without p > 1/2"),
))


def _c311_correction(budget: Budget) -> Correction:
    proof = _decision(F_PRIME, SURVEY + ["n >= 2"], budget, integers=["n"])
    return Correction(statement=r"f^{\prime}(q)>0 for every sample size n \geq 2 (at n = 1 it fails, e.g. at "
                                r"p = 3/5, q = 0, \pi = 1/2)", evidence=(proof,))


@check("C3.11", "decision")
def _c311_decided(budget: Budget) -> Iterable[Evidence]:
    found = _decision(F_PRIME, SURVEY, budget, integers=["n"])
    yield _with_correction(found, _c311_correction(budget)) if found.outcome is Outcome.COUNTEREXAMPLE else found
    yield _decision(F_PRIME, ["0 <= q < p", "p + q <= 1", "(n+1)*(p+q) > 1", "0 <= pi <= 1", "n >= 1"], budget,
                    integers=["n"], reading="without p > 1/2")
    # The exact conditional variance K A_n(p+q)/(1 - q3^n) (see Fig2.warner-optimal), for small n only: the
    # degree grows with n and so does z3's time.
    for size in range(1, max(1, min(budget.n_max // 12, 4)) + 1):
        exact = pa.numerator_t310() * pa.a_exact(size, p + q) / (1 - (1 - p - q) ** size)
        found = _decision(sympy.diff(exact, q), SURVEY[:-1], budget, search_region=False,
                          reading="exact conditional variance",
                          domain_text=f"n = {size}; p > 1/2, q >= 0, p + q <= 1, pi in [0, 1]")
        yield found


@check("C3.11", "enumeration")
def _c311_grid(budget: Budget) -> Evidence:
    k = budget.grid
    derivative = exact_function(F_PRIME, ["n", "p", "q", "pi"])
    cases = ({"n": size, "p": pp, "q": qq, "pi": pv}
             for size in _sizes(budget) for pp in rational_grid(HALF, 1, k)
             for qq in [F(0), *rational_grid(0, 1 - pp, k)] for pv in _pis(k))

    def positive(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        value = derivative(case["n"], case["p"], case["q"], case["pi"])
        return value > 0, {"f'(q)": value}

    return exhaustive(cases, positive, domain=f"exact rational grid: n = 1..{_sizes(budget)[-1]}, "
                      f"p in {k} points of (1/2, 1), q = 0 and {k} points of (0, 1-p), pi in {len(_pis(k))} points",
                      detail={"arithmetic": "fractions.Fraction (exact)"})


_D = (n + 1) * (p + q) - 1
#: f'(q) = (g' D - (n+1) g)/D² with g the bracket, g' = p(p+q)/(p-q)³, D = (n+1)(p+q) - 1, over one denominator
CORRECT_DERIVATIVE = ((4 * p * (p + q) * _D - (n + 1) * (p - q) * ((p + q) ** 2 - 4 * (pi - HALF) ** 2 * (p - q) ** 2))
                      / (4 * (p - q) ** 3 * _D ** 2))

define(Claim(
    id="C3.11.derivative", title="the derivative printed in the proof of Corollary 3.11",
    source="003 proof of Corollary 3.11",
    statement=r"f^{\prime}(q)=\frac{(n+1)(q+3p)+(\pi-1/2)(p+q)}{(p-q)^{3}(n+1)}>0",
    domain=SURVEY_TEXT,
    interpretation="the printed expression equals d f/d q identically on the domain (f as in Corollary 3.11)",
))


def _derivative_correction(budget: Budget) -> Correction:
    proof = identity(F_PRIME, CORRECT_DERIVATIVE, domain="p != q, (n+1)(p+q) != 1", simplify=_cancel)
    return Correction(
        statement=r"f^{\prime}(q)=" + sympy.latex(CORRECT_DERIVATIVE),
        evidence=(proof,), derived={"f'(q)": CORRECT_DERIVATIVE})


@check("C3.11.derivative", "symbolic")
def _c311_derivative_identity(budget: Budget) -> Evidence:
    points = [{"n": size, "p": pp, "q": qq, "pi": pv}
              for size in (1, 2, 5) for pp in (F(3, 5), F(3, 4)) for qq in (F(0), F(1, 5)) for pv in (F(0), HALF)]
    found = identity(F_PRIME, pa.f_prime_printed(), domain=SURVEY_TEXT, points=points, simplify=_cancel)
    return Evidence(found.method, found.outcome, found.domain, found.detail, counterexample=found.counterexample,
                    recheck=found.recheck, derived=found.derived, seconds=found.seconds,
                    corrected=_derivative_correction(budget) if found.outcome is Outcome.COUNTEREXAMPLE else None)


@check("C3.11.derivative", "decision")
def _c311_derivative_decided(budget: Budget) -> Iterable[Evidence]:
    yield _decision(F_PRIME - pa.f_prime_printed(), SURVEY, budget, sign="==0", integers=["n"])
    yield _decision(pa.f_prime_printed(), SURVEY, budget, integers=["n"], reading="the printed expression is > 0")


# ======================================================================================================
# Corollary 3.12 and the text after it
# ======================================================================================================
P_STAR, Q_STAR = T * c / (T + 1), c / (T + 1)
LDP_FAMILY = ["0 < c <= 1", "eps > 0", "0 < p < c", "p > c - p", "p/(c-p) <= exp(eps)", "0 <= pi <= 1"]
LDP_TEXT = "0 < c <= 1, eps > 0; Q_{2x3}(p, q) with q = c - p > 0, q < p, ln(p/q) <= eps, p > 1/2; pi in [0, 1]"

define(Claim(
    id="C3.12", title="Corollary 3.12: Q_GWRR is the optimal ε-LDP mechanism for fixed p+q = c",
    source="003 Corollary 3.12",
    statement=r"Fix p+q=c. The optimal \epsilon-LDP mechanism is Q_{GWRR}=\left(\begin{array}{ccc}"
              r"\frac{e^{\epsilon}}{e^{\epsilon}+1}c&\frac{1}{e^{\epsilon}+1}c&1-c\\ \frac{1}{e^{\epsilon}+1}c&"
              r"\frac{e^{\epsilon}}{e^{\epsilon}+1}c&1-c\end{array}\right)",
    domain=LDP_TEXT + "; n >= 1 integer",
    assumptions=("the competitors are the Q_{2x3}(p, q) with p + q = c, q < p, p > 1/2 (the paper's assumption)",
                 "ε-LDP means ε^S(p, q) = ln(p/q) <= ε (the SLDP loss of Q_{2x3}, 003 §3.2)"),
    interpretation="Q_GWRR (p = e^ε c/(e^ε+1), q = c/(e^ε+1)) is ε-LDP with p + q = c, and its error "
                   "Var(π̂ | N1+N2 ≠ 0) of Theorem 3.10, [-(π-1/2)² + 1/4((p+q)/(p-q))²]·A, is <= that of every "
                   "competitor; A depends on n and q3 = 1 - c only and is > 0, so it cancels (this also covers "
                   "its approximation 1/((n+1)c-1) and the exact conditional variance, which is A/(1-q3^n) times "
                   "the same bracket)",
    readings=("approximate A", "nu^S as printed", "without p > 1/2"),
))


@check("C3.12", "decision")
def _c312_decided(budget: Budget) -> Iterable[Evidence]:
    competitors = LDP_FAMILY + ["p > 1/2"]
    yield _decision(pa.numerator_t310(p, c - p) - pa.numerator_t310(P_STAR, Q_STAR), competitors, budget, sign=">=0")
    yield _decision(pa.numerator_t310(p, c - p) - pa.numerator_t310(P_STAR, Q_STAR), LDP_FAMILY, budget,
                    sign=">=0", reading="without p > 1/2")
    yield _decision(pa.variance_t310_approx(p, c - p) - pa.variance_t310_approx(P_STAR, Q_STAR),
                    competitors + ["n >= 1"], budget, sign=">=0", integers=["n"], reading="approximate A")
    yield _decision(pa.nu_s_printed(p, c - p) - pa.nu_s_printed(P_STAR, Q_STAR), competitors + ["n >= 1"],
                    budget, sign=">=0", integers=["n"], reading="nu^S as printed")


@check("C3.12", "symbolic")
def _c312_gwrr_is_in_the_family(budget: Budget) -> Iterable[Evidence]:
    """Q_GWRR has p + q = c, loss exactly ε, rows summing to 1."""
    m = pa.q_gwrr()
    yield identity(m[0, 0] + m[0, 1], c, domain="eps real, c in (0, 1]")
    yield identity(m[0, 0] / m[0, 1], T, domain="eps real, c in (0, 1]")
    yield identity(sum(m.row(0)), 1, domain="eps real, c in (0, 1]")


@check("C3.12", "enumeration")
def _c312_grid(budget: Budget) -> Evidence:
    k = budget.grid
    bracket = exact_function(pa.numerator_t310(p, q), ["p", "q", "pi"])

    def cases() -> Iterator[dict[str, Any]]:
        for cc, t in itertools.product([*rational_grid(HALF, 1, k), F(1)], _ts(k)):
            for pp in rational_grid(cc / 2, cc, k):
                if pp > HALF and pp / (cc - pp) <= t:
                    for pv in _pis(k):
                        yield {"c": cc, "exp(eps)": t, "p": pp, "pi": pv}

    def no_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        cc, t, pp, pv = case["c"], case["exp(eps)"], case["p"], case["pi"]
        mine, best = bracket(pp, cc - pp, pv), bracket(t * cc / (t + 1), cc / (t + 1), pv)
        return mine >= best, {"competitor bracket": mine, "Q_GWRR bracket": best}

    return exhaustive(cases(), no_better,
                      domain=f"exact rational grid: c in {k + 1} points of (1/2, 1], e^eps in {len(_ts(k))} rationals "
                             f"in (1, 9], p in {k} points of (c/2, c) with p > 1/2 and p/(c-p) <= e^eps, "
                             f"pi in {len(_pis(k))} points",
                      detail={"compared": "the bracket -(pi-1/2)^2 + 1/4((p+q)/(p-q))^2 (A > 0 is common)"})


define(Claim(
    id="C3.12.p", title="p in terms of ε and c after Corollary 3.12", source="003 after Corollary 3.12",
    statement=r"Let p+q=c and e^{\epsilon}=\frac{p}{q}=\frac{p}{1-c-p}. So we get p=\frac{1-c}{e^{-\epsilon}+1}",
    domain="0 < c <= 1, eps > 0, q > 0",
    interpretation="for every c and ε, the p with p + q = c and p/q = e^ε equals (1-c)/(e^{-ε}+1)",
    readings=("c is the don't-know probability",),
))

C312P_DOMAIN = ["p + q == c", "p == exp(eps)*q", "q > 0", "eps > 0", "0 < c <= 1"]


def _c312p_correction(budget: Budget) -> Correction:
    proof = _decision(p - c / (sympy.exp(-eps) + 1), C312P_DOMAIN, budget, sign="==0")
    return Correction(statement=r"p=\frac{c}{e^{-\epsilon}+1}=\frac{e^{\epsilon}c}{e^{\epsilon}+1} "
                                r"(the p of Q_{GWRR}; the printed (1-c)/(e^{-\epsilon}+1) is right only for c = 1/2, "
                                r"or when c is the probability 1-p-q of \"don't know\")",
                      evidence=(proof,))


@check("C3.12.p", "decision")
def _c312p_decided(budget: Budget) -> Iterable[Evidence]:
    found = _decision(p - pa.p_printed_after_c312(), C312P_DOMAIN, budget, sign="==0",
                      holds_when_candidates=["c == 1/2"])
    if found.outcome is Outcome.COUNTEREXAMPLE:
        found = _with_correction(found, _c312p_correction(budget))
    yield found
    yield _decision(p - pa.p_printed_after_c312(), ["q == 1 - c - p", "p == exp(eps)*q", "q > 0", "eps > 0",
                                                    "0 <= c < 1"], budget, sign="==0",
                    reading="c is the don't-know probability")


@check("C3.12.p", "symbolic")
def _c312p_solved(budget: Budget) -> Evidence:
    t = sympy.Symbol("t", positive=True)
    solution = sympy.solve([p + q - c, p - t * q], [p, q], dict=True)[0][p]
    points = [{"c": cc, "t": tt} for cc in (F(1), F(3, 4), F(1, 4)) for tt in (F(2), F(3))]
    found = identity(solution, pa.p_printed_after_c312().subs(sympy.exp(-eps), 1 / t), domain="t = e^eps > 1, 0 < c <= 1",
                     points=points)
    return found


def _with_correction(evidence: Evidence, correction: Correction) -> Evidence:
    return Evidence(evidence.method, evidence.outcome, evidence.domain, evidence.detail,
                    counterexample=evidence.counterexample, recheck=evidence.recheck, reading=evidence.reading,
                    holds_when=evidence.holds_when, corrected=correction, derived=evidence.derived,
                    seconds=evidence.seconds)


# ======================================================================================================
# Figure 2: Warner (c = 1) is optimal at equal ε^S
# ======================================================================================================
NU_AT_EPS = pa.variance_t310_approx(P_STAR, Q_STAR)          # the error at loss ε and p + q = c
FIG2_DOMAIN = ["eps > 0", "0 < c <= 1", "exp(eps)*c/(exp(eps)+1) > 1/2", "0 <= pi <= 1", "n >= 1"]

define(Claim(
    id="Fig2.warner-optimal", title="Figure 2: Warner's mechanism (c = 1) is optimal at equal ε^S",
    source="003 §3.1, Figure 2",
    statement=r"When the constant c gets smaller or the probability of ``don't know'' gets larger, the curve "
              r"moves further away from that for Warner's model. Figure 2 tells us that Warner's model is "
              r"optimal among those generalized Q_{2\times 3}-mechanisms.",
    domain="eps > 0, c = p + q in (0, 1] with p = e^eps c/(e^eps+1) > 1/2 (the paper's p > 1/2), pi in [0, 1], "
           "n >= 1 integer",
    assumptions=("at loss ε^S = ε and p + q = c, p = e^ε c/(e^ε+1) and q = c/(e^ε+1) (Corollary 3.12)",),
    interpretation="the error of Theorem 3.10 with the approximation A ≈ 1/((n+1)(p+q)-1) that the figure "
                   "plots, at fixed ε, is strictly decreasing in c: every c < 1 is worse than Warner's c = 1",
    readings=("exact A as printed", "exact conditional variance", "nu^S as printed"),
))


def _per_size(budget: Budget, make: Callable[[int], sympy.Expr], reading: str) -> Evidence:
    """Decide 'strictly decreasing in c on (1/2, 1]' for each n = 1..N (N = n_max/4: 3 quick, 10 standard,
    30 thorough): the first failure, or 'holds for each'."""
    sizes = list(range(1, max(2, min(budget.n_max // 4, 30)) + 1))
    results = [(size, _decision(sympy.diff(make(size), c), ["1/2 < c <= 1"], budget, sign="<0",
                                search_region=False, reading=reading)) for size in sizes]
    failing = [size for size, e in results if e.outcome is Outcome.COUNTEREXAMPLE]
    undecided = [size for size, e in results if e.outcome is Outcome.INCONCLUSIVE]
    detail = {"solver": "z3 QF_NRA, one query per n (see proofs.engines.sign.decide)",
              "z3 outcome per n": {size: e.detail.get("z3 outcome") for size, e in results},
              "n decided": f"1..{sizes[-1]}", "fails for n": failing, "undecided n": undecided,
              "seconds per n": {size: round(e.seconds, 3) for size, e in results}}
    domain = (f"each n = 1..{sizes[-1]} separately, c in (1/2, 1] (every admissible c with p > 1/2 at some eps); "
              "larger n not decided")
    if failing:
        first = dict(results[failing[0] - 1][1].counterexample or {})
        tail = [size for size in sizes if size > failing[-1]]
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, domain, detail,
                        counterexample={"n": failing[0], **first}, recheck=Recheck.EXACT, reading=reading,
                        holds_when=(f"{tail[0]} <= n <= {sizes[-1]} (each n decided; larger n not decided)"
                                    if tail and not undecided else None),
                        seconds=sum(e.seconds for _, e in results))
    outcome = Outcome.INCONCLUSIVE if undecided else Outcome.HOLDS
    return Evidence(Method.ENUMERATION, outcome, domain, {**detail, "note": "each n is a z3 proof; the set of n "
                    "is finite, hence 'holds', not 'proved'"}, reading=reading,
                    seconds=sum(e.seconds for _, e in results))


@check("Fig2.warner-optimal", "decision")
def _fig2_decided(budget: Budget) -> Iterable[Evidence]:
    yield _decision(sympy.diff(NU_AT_EPS, c), FIG2_DOMAIN, budget, sign="<0", integers=["n"])
    yield _decision(NU_AT_EPS - NU_AT_EPS.subs(c, 1), FIG2_DOMAIN + ["c < 1"], budget, sign=">0", integers=["n"])
    yield _decision(sympy.diff(pa.nu_s_printed(P_STAR, Q_STAR), c), FIG2_DOMAIN, budget, sign="<0", integers=["n"],
                    reading="nu^S as printed")
    # At fixed ε the bracket of Theorem 3.10 does not depend on c ((p+q)/(p-q) = (e^ε+1)/(e^ε-1)) and is > 0,
    # so the curves order as A (printed) or A/(1 - q3^n) (exact conditional variance) do, as functions of c.
    yield _per_size(budget, lambda size: pa.a_exact(size, c), "exact A as printed")
    yield _per_size(budget, lambda size: pa.a_exact(size, c) / (1 - (1 - c) ** size), "exact conditional variance")


@check("Fig2.warner-optimal", "symbolic")
def _fig2_bracket_free_of_c(budget: Budget) -> Evidence:
    """At loss ε the bracket -(π-1/2)² + 1/4((p+q)/(p-q))² is the same for every c."""
    return identity(pa.numerator_t310(P_STAR, Q_STAR), -(pi - HALF) ** 2 + ((T + 1) / (T - 1)) ** 2 / 4,
                    domain="eps > 0, c in (0, 1]", reading="bracket independent of c")


@check("Fig2.warner-optimal", "enumeration")
def _fig2_grid(budget: Budget) -> Iterable[Evidence]:
    k = budget.grid
    error = exact_function(NU_AT_EPS.subs(T, sympy.Symbol("t")), ["t", "c", "pi", "n"])
    cases = ({"exp(eps)": t, "c": cc, "pi": pv, "n": size} for t in _ts(k) for cc in rational_grid(HALF, 1, k)
             if t * cc / (t + 1) > HALF for pv in _pis(k) for size in _sizes(budget))

    def warner_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        t, cc, pv, size = case["exp(eps)"], case["c"], case["pi"], case["n"]
        here, warner = error(t, cc, pv, size), error(t, F(1), pv, size)
        return here > warner, {"error at c": here, "error at c = 1": warner}

    yield exhaustive(cases, warner_better,
                     domain=f"exact rational grid: e^eps in {len(_ts(k))} rationals, c in {k} points of (1/2, 1) with "
                            f"p > 1/2, pi in {len(_pis(k))} points, n = 1..{_sizes(budget)[-1]}",
                     detail={"error": "Theorem 3.10 second form with A ≈ 1/((n+1)c - 1)"})
    yield _conditional_variance_cross_check(budget)


def _conditional_variance_cross_check(budget: Budget) -> Evidence:
    """The exact conditional variance used by the reading above, against exhaustive enumeration (exact)."""
    from numeric.enumeration import moments

    formula = pa.numerator_t310() * sympy.Symbol("A") / (1 - (1 - p - q) ** n)
    cases = [{"n": size, "p": pp, "q": qq, "pi": pv} for size in (1, 2, 5)
             for pp, qq in ((F(3, 5), F(1, 5)), (F(7, 10), F(0)), (F(2, 3), F(1, 3))) for pv in (F(0), F(1, 3))]

    def agrees(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        size, pp, qq, pv = case["n"], case["p"], case["q"], case["pi"]
        claimed = formula.subs({sympy.Symbol("A"): pa.a_exact(size, pp + qq)}).subs(
            {n: size, p: sympy.Rational(pp), q: sympy.Rational(qq), pi: sympy.Rational(pv)})
        enumerated = moments("(N2*q - N1*p)/((N1+N2)*(q-p))", size, pp, qq, pv, given="N1+N2 > 0", mode="exact")
        claimed = sympy.simplify(claimed)
        return claimed.is_Rational and F(int(claimed.p), int(claimed.q)) == enumerated.variance, {"formula": claimed,
                                                                         "enumeration": enumerated.variance}

    return exhaustive(cases, agrees, domain="n in {1, 2, 5}, (p, q) in {(3/5,1/5), (7/10,0), (2/3,1/3)}, pi in {0, 1/3}",
                      reading="exact conditional variance",
                      detail={"what": "Var(π̂ | N1+N2 ≠ 0) = [-(π-1/2)² + 1/4((p+q)/(p-q))²] A/(1-q3^n) against "
                                      "numeric.enumeration.moments(mode='exact')"})


# ======================================================================================================
# Example 3.7: Q_WRR is optimal within budget ε
# ======================================================================================================
W_STAR = T / (T + 1)

define(Claim(
    id="Ex3.7.optimal", title="Q_WRR is the optimal mechanism within budget ε", source="003 after Eq. (1)",
    statement=r"Within the privacy budget of \epsilon, the optimal privacy mechanism is Q_{WRR}=\frac{1}{e^{\epsilon}+1}"
              r"\left(\begin{array}{cc}e^{\epsilon}&1\\ 1&e^{\epsilon}\end{array}\right).",
    domain="eps > 0; Warner mechanisms [[p, 1-p], [1-p, p]] with p in (0, 1), p != 1/2, ε-LDP "
           "(p/(1-p) <= e^eps and (1-p)/p <= e^eps); pi in [0, 1], n >= 1 integer",
    interpretation="Q_WRR is ε-LDP and its variance Eq. (1) is <= that of every ε-LDP Warner mechanism; "
                   "Eq. (1) decreases in p on (1/2, 1)",
    readings=("all binary mechanisms", "Eq. (1) decreasing in p"),
))

WARNER_LDP = ["0 < p < 1", "p != 1/2", "eps > 0", "p/(1-p) <= exp(eps)", "(1-p)/p <= exp(eps)", "0 <= pi <= 1",
              "n >= 1"]


@check("Ex3.7.optimal", "decision")
def _ex37_decided(budget: Budget) -> Iterable[Evidence]:
    yield _decision(pa.warner_variance(p) - pa.warner_variance(W_STAR), WARNER_LDP, budget, sign=">=0",
                    integers=["n"])
    yield _decision(sympy.diff(pa.warner_variance(p), p), ["1/2 < p < 1", "0 <= pi <= 1", "n >= 1"], budget,
                    sign="<0", integers=["n"], reading="Eq. (1) decreasing in p")
    a, b = sympy.symbols("a b", real=True)

    def variance(x: sympy.Expr, y: sympy.Expr) -> sympy.Expr:   # unbiased (n1/n - y)/(x - y) for [[x,1-x],[y,1-y]]
        yes = pi * x + (1 - pi) * y
        return yes * (1 - yes) / (n * (x - y) ** 2)

    yield _decision(variance(a, b) - variance(W_STAR, 1 - W_STAR),
                    ["0 <= b < a <= 1", "a <= exp(eps)*b", "1 - b <= exp(eps)*(1 - a)", "eps > 0", "0 <= pi <= 1",
                     "n >= 1"], budget, sign=">=0", integers=["n"], symbols=["a", "b"],
                    reading="all binary mechanisms")


@check("Ex3.7.optimal", "symbolic")
def _ex37_wrr_loss(budget: Budget) -> Iterable[Evidence]:
    m = pa.q_wrr()
    yield identity(m[0, 0] / m[1, 0], T, domain="eps real")
    yield identity(m[0, 0] + m[0, 1], 1, domain="eps real")


@check("Ex3.7.optimal", "enumeration")
def _ex37_grid(budget: Budget) -> Evidence:
    k = budget.grid
    variance = exact_function(pa.warner_variance(p), ["p", "pi", "n"])
    cases = ({"exp(eps)": t, "p": pp, "pi": pv, "n": size} for t in _ts(k) for pp in rational_grid(0, 1, 2 * k + 1)
             if pp != HALF and pp / (1 - pp) <= t and (1 - pp) / pp <= t for pv in _pis(k) for size in _sizes(budget))

    def no_better(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        t, pp, pv, size = case["exp(eps)"], case["p"], case["pi"], case["n"]
        mine, best = variance(pp, pv, size), variance(t / (t + 1), pv, size)
        return mine >= best, {"Var": mine, "Var(Q_WRR)": best}

    return exhaustive(cases, no_better, domain=f"exact rational grid: e^eps in {len(_ts(k))} rationals, p in "
                      f"{2 * k + 1} points of (0, 1) within the budget, pi in {len(_pis(k))} points, "
                      f"n = 1..{_sizes(budget)[-1]}")


# ======================================================================================================
# Q_λ: its privacy loss, and Figure 5
# ======================================================================================================
LAMBDA_DOMAIN = ["p > 1/2", "q > 0", "p + q <= 1", "0 <= lam <= 1"]
LAMBDA_TEXT = "p > 1/2, q > 0 (so that ε^W is finite), p + q <= 1, lam in [0, 1]"
LOSS = pa.loss_q_lambda()

define(Claim(
    id="Qlambda.loss", title="the privacy loss of Q_λ is largest at λ = 1 and smallest at λ = 0", source="003 §3.2",
    statement=r"When \lambda=1, the associated privacy loss is the largest and is the same as according to "
              r"Definition 3.13. [...] when \lambda=0, the associated privacy loss is the smallest.",
    domain=LAMBDA_TEXT,
    interpretation="the loss of Q_λ = [[a, b], [b, a]] (a = p+λ(1-p-q), b = q+(1-λ)(1-p-q)) is max |ln(a/b)| = "
                   "ln(a/b) (a >= b is decided); loss(1) >= loss(λ) >= loss(0) for all λ in [0, 1], and "
                   "loss(1) = ε^W = ln((1-q)/q)",
    readings=("strictly increasing in lambda",),
))


@check("Qlambda.loss", "decision")
def _qlambda_decided(budget: Budget) -> Iterable[Evidence]:
    a = pa.q_lambda_truth()
    yield _decision(a - (1 - a), LAMBDA_DOMAIN, budget, sign=">=0")
    yield _decision(pa.loss_q_lambda(1) - LOSS, LAMBDA_DOMAIN, budget, sign=">=0")
    yield _decision(LOSS - pa.loss_q_lambda(0), LAMBDA_DOMAIN, budget, sign=">=0")
    yield _decision(pa.loss_q_lambda(1) - pa.eps_w(), LAMBDA_DOMAIN, budget, sign="==0")
    yield _decision(sympy.diff(LOSS, lam), LAMBDA_DOMAIN + ["p + q < 1"], budget, sign=">0",
                    reading="strictly increasing in lambda")


@check("Qlambda.loss", "enumeration")
def _qlambda_grid(budget: Budget) -> Evidence:
    k = budget.grid

    def ratio(pp: Fraction, qq: Fraction, weight: Fraction) -> Fraction:   # e^{loss}: ln is increasing
        a = pp + weight * (1 - pp - qq)
        return a / (1 - a)

    cases = ({"p": pp, "q": qq, "lam": weight} for pp in rational_grid(HALF, 1, k)
             for qq in [*rational_grid(0, 1 - pp, k), 1 - pp] for weight in [F(0), *rational_grid(0, 1, k), F(1)])

    def ordered(case: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        pp, qq, weight = case["p"], case["q"], case["lam"]
        here = ratio(pp, qq, weight)
        smallest, largest = ratio(pp, qq, F(0)), ratio(pp, qq, F(1))
        ok = here >= 1 and smallest <= here <= largest and largest == (1 - qq) / qq
        return ok, {"e^loss": here}

    return exhaustive(cases, ordered, domain=f"exact rational grid: p in {k} points of (1/2, 1), q in {k + 1} points "
                      f"of (0, 1-p], lam in {k + 2} points of [0, 1]",
                      detail={"compared": "e^{loss} = a/(1-a) exactly (ln is increasing)"})


define(Claim(
    id="Fig5.rectangle", title="Figure 5: the rectangle of the trade-offs of all Q_λ", source="003 §3.2, Figure 5",
    statement=r"The rectangle shown in the figure consists of exactly the trade-offs between privacy and accuracy "
              r"for all possible Q_{\lambda} with (\epsilon^{W}(p,q),\nu^{W}(p,q)) as the worst and "
              r"(\epsilon^{O}(p,q),\nu^{O}(p,q)) as the best.",
    domain="p > 1/2, q > 0, p + q <= 1, pi in [0, 1], n >= 1 integer; lam in [0, 1]",
    assumptions=("Q_λ is Warner's mechanism with truth probability a = p + λ(1-p-q); its loss is ln(a/(1-a)) and "
                 "its variance Eq. (1) at a (003 §3.2)",
                 "ε^O = ln(p/(1-p)) (λ = 0) and ν^O = Eq. (1) at a = 1-q (λ = 1): the smallest loss and variance "
                 "among the Q_λ"),
    interpretation="the set {(loss(Q_λ), Var(Q_λ)) : λ in [0, 1]} equals the rectangle [ε^O, ε^W] x [ν^O, ν^W]",
))

FIG5_DOMAIN = ["p > 1/2", "q > 0", "p + q < 1", "0 <= lam <= 1", "0 <= pi <= 1", "n >= 1"]
FIG5_POINT = {"p": F(3, 5), "q": F(1, 5), "pi": HALF, "n": 1}


def _fig5_correction(budget: Budget) -> Correction:
    evidence = (
        _decision(sympy.diff(LOSS, lam), FIG5_DOMAIN, budget, integers=["n"]),
        _decision(sympy.diff(pa.variance_q_lambda(), lam), FIG5_DOMAIN, budget, sign="<0", integers=["n"]),
        identity(pa.variance_q_lambda(0), pa.nu_w(), domain="p > 1/2, n >= 1"),
        identity(pa.loss_q_lambda(1), pa.eps_w(), domain="0 < q < 1"),
    )
    return Correction(
        statement=r"the trade-offs (\epsilon_\lambda, \nu_\lambda) of the Q_\lambda, \lambda\in[0,1], form a curve: "
                  r"\epsilon_\lambda = \ln\frac{a}{1-a} strictly increases and \nu_\lambda = "
                  r"\frac{-(\pi-1/2)^2 + 1/(4(2a-1)^2)}{n} strictly decreases with a = p+\lambda(1-p-q), from "
                  r"(\epsilon^O, \nu^W) at \lambda=0 to (\epsilon^W, \nu^O) at \lambda=1: one diagonal of the "
                  r"rectangle [\epsilon^O,\epsilon^W]\times[\nu^O,\nu^W], which does not contain its corners "
                  r"(\epsilon^W,\nu^W) and (\epsilon^O,\nu^O) when p+q<1 (they coincide only when p+q=1)",
        evidence=evidence)


@check("Fig5.rectangle", "decision")
def _fig5_decided(budget: Budget) -> Evidence:
    """At p = 3/5, q = 1/5: every Q_λ with loss ε^W has a variance below ν^W, so the corner (ε^W, ν^W) of the
    rectangle is no trade-off of any Q_λ."""
    point = {k: str(v) for k, v in FIG5_POINT.items()}
    instance = [f"p == {point['p']}", f"q == {point['q']}", f"pi == {point['pi']}", f"n == {point['n']}",
                "0 <= lam <= 1"]
    a = pa.q_lambda_truth()
    at_loss = instance + [f"{a} == 1 - q"]             # loss(λ) = ε^W <=> a/(1-a) = (1-q)/q <=> a = 1 - q
    proof = _decision(pa.variance_q_lambda() - pa.nu_w(), at_loss, budget, sign="!=0")
    detail = {**proof.detail, "what was decided": "no lam in [0, 1] with loss(Q_lam) = eps^W has Var(Q_lam) = nu^W",
              "z3 outcome": proof.detail.get("z3 outcome")}
    if proof.outcome is not Outcome.PROVED:
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, proof.domain, detail, seconds=proof.seconds)
    exact = {p: sympy.Rational(3, 5), q: sympy.Rational(1, 5), pi: sympy.Rational(1, 2), n: 1}
    corner = (pa.eps_w().subs(exact), sympy.simplify(pa.nu_w().subs(exact)))
    where = ", ".join(f"{k} = {v}" for k, v in point.items())
    return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, "the rectangle's corner (eps^W, nu^W) at " + where,
                    detail, counterexample={**FIG5_POINT, "corner (eps^W, nu^W)": [str(corner[0]), corner[1]],
                                            "trade-off of Q_1 (the only Q_lam with loss eps^W)":
                                            [str(pa.loss_q_lambda(1).subs(exact)),
                                             sympy.simplify(pa.variance_q_lambda(1).subs(exact))]},
                    recheck=Recheck.EXACT, corrected=_fig5_correction(budget), seconds=proof.seconds)


@check("Fig5.rectangle", "symbolic")
def _fig5_solved(budget: Budget) -> Evidence:
    """Solve loss(λ) = ε^W for λ exactly, then compare the variance with ν^W at the paper-style point."""
    exact = {p: sympy.Rational(3, 5), q: sympy.Rational(1, 5), pi: sympy.Rational(1, 2), n: 1}
    a = pa.q_lambda_truth().subs(exact)
    solutions = sympy.solve(sympy.Eq(a / (1 - a), ((1 - q) / q).subs(exact)), lam)
    inside = [s for s in solutions if 0 <= s <= 1]
    variances = [sympy.simplify(pa.variance_q_lambda(s).subs(exact)) for s in inside]
    worst = sympy.simplify(pa.nu_w().subs(exact))
    detail = {"lam with loss eps^W": [str(s) for s in solutions], "their variances": variances, "nu^W": worst}
    if worst in variances:
        return Evidence(Method.SYMBOLIC, Outcome.INCONCLUSIVE, "p = 3/5, q = 1/5, pi = 1/2, n = 1", detail)
    return Evidence(Method.SYMBOLIC, Outcome.COUNTEREXAMPLE, "p = 3/5, q = 1/5, pi = 1/2, n = 1", detail,
                    counterexample={**FIG5_POINT, "corner (eps^W, nu^W)": [str(pa.eps_w().subs(exact)), worst]},
                    recheck=Recheck.EXACT)


# ======================================================================================================
# Corollary 3.20 and the comparison after it
# ======================================================================================================
WALLEY_DOMAIN = ["p > 1/2", "q > 0", "p + q <= 1", "0 <= pi <= 1", "n >= 1"]
WALLEY_TEXT = "p > 1/2, q > 0 (ε^W finite), p + q <= 1, pi in [0, 1], n >= 1 integer"

define(Claim(
    id="C3.20", title="Corollary 3.20: ε^W decreases in q, ν^W decreases in p", source="003 Corollary 3.20",
    statement=r"\epsilon^{W}(p,q) is decreasing with respect to q and \nu^{W}(p,q) is decreasing with respect to p.",
    domain=WALLEY_TEXT,
    interpretation="strictly decreasing: ∂ε^W/∂q < 0 and ∂ν^W/∂p < 0 on the whole domain",
))


@check("C3.20", "decision")
def _c320_decided(budget: Budget) -> Iterable[Evidence]:
    yield _decision(sympy.diff(pa.eps_w(), q), WALLEY_DOMAIN, budget, sign="<0", integers=["n"])
    yield _decision(sympy.diff(pa.nu_w(), p), WALLEY_DOMAIN, budget, sign="<0", integers=["n"])


@check("C3.20", "enumeration")
def _c320_grid(budget: Budget) -> Iterable[Evidence]:
    k = budget.grid
    qs = rational_grid(0, HALF, 2 * k)
    yield exhaustive(({"q": a, "q'": b} for a, b in itertools.combinations(qs, 2)),
                     lambda cs: (((1 - cs["q"]) / cs["q"]) > ((1 - cs["q'"]) / cs["q'"]), {}),
                     domain=f"exact rational grid: pairs q < q' of {2 * k} points of (0, 1/2)",
                     detail={"compared": "e^{eps^W} = (1-q)/q exactly (ln is increasing)"})
    accuracy = exact_function(pa.nu_w(), ["p", "pi", "n"])
    ps = rational_grid(HALF, 1, 2 * k)
    yield exhaustive(({"p": a, "p'": b, "pi": pv, "n": size} for a, b in itertools.combinations(ps, 2)
                      for pv in _pis(k) for size in _sizes(budget)),
                     lambda cs: (accuracy(cs["p"], cs["pi"], cs["n"]) > accuracy(cs["p'"], cs["pi"], cs["n"]), {}),
                     domain=f"exact rational grid: pairs p < p' of {2 * k} points of (1/2, 1), pi in "
                            f"{len(_pis(k))} points, n = 1..{_sizes(budget)[-1]}")


COMPARE_DOMAIN = ["p > 1/2", "q > 0", "p + q <= 1", "pp > 1/2", "qq > 0", "pp + qq <= 1", "p >= pp", "q >= qq",
                  "0 <= pi <= 1", "n >= 1"]

define(Claim(
    id="C3.20.compare", title="comparing Q_{2x3}(p,q) with Q_{2x3}(p',q') after Corollary 3.20",
    source="003 after Corollary 3.20",
    statement=r"If p\geq p^{\prime} and q\geq q^{\prime}, then \epsilon^{W}(p,q)\leq\epsilon^{W}(p^{\prime},q^{\prime}) "
              r"and \nu^{W}(p,q)\leq\nu^{W}(p^{\prime},q^{\prime}).",
    domain="(p, q) and (p', q') both with p > 1/2, q > 0, p + q <= 1; pi in [0, 1], n >= 1 integer (pp, qq "
           "stand for p', q')",
    interpretation="both inequalities at every pair of points of the domain with p >= p', q >= q'",
))


@check("C3.20.compare", "decision")
def _c320_compare_decided(budget: Budget) -> Iterable[Evidence]:
    pp, qq = sympy.symbols("pp qq", real=True)
    yield _decision(pa.eps_w(p, q) - pa.eps_w(pp, qq), COMPARE_DOMAIN, budget, sign="<=0", integers=["n"],
                    symbols=["pp", "qq"])
    yield _decision(pa.nu_w(p, q) - pa.nu_w(pp, qq), COMPARE_DOMAIN, budget, sign="<=0", integers=["n"],
                    symbols=["pp", "qq"])


@check("C3.20.compare", "enumeration")
def _c320_compare_grid(budget: Budget) -> Evidence:
    k = budget.grid
    accuracy = exact_function(pa.nu_w(), ["p", "pi", "n"])
    points = [(a, b) for a in rational_grid(HALF, 1, k) for b in [*rational_grid(0, 1 - a, k - 1), 1 - a]]
    cases = ({"p": a, "q": b, "p'": a2, "q'": b2, "pi": pv, "n": size}
             for (a, b), (a2, b2) in itertools.product(points, repeat=2) if a >= a2 and b >= b2
             for pv in (F(0), HALF) for size in (1, 2))

    def both(cs: dict[str, Any]) -> tuple[bool, dict[str, Any]]:
        loss_ok = (1 - cs["q"]) / cs["q"] <= (1 - cs["q'"]) / cs["q'"]
        accuracy_ok = accuracy(cs["p"], cs["pi"], cs["n"]) <= accuracy(cs["p'"], cs["pi"], cs["n"])
        return loss_ok and accuracy_ok, {}

    return exhaustive(cases, both, domain=f"exact rational grid: all ordered pairs of {len(points)} points (p, q), "
                      "pi in {0, 1/2}, n in {1, 2}",
                      detail={"compared": "e^{eps^W} = (1-q)/q exactly (ln is increasing) and nu^W exactly"})
