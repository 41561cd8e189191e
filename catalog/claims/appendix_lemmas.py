"""Claims of 003's appendix: Lemmas 4.1-4.6 (moments of N1/(N1+N2) and the sums behind them; numbered
0.1-0.6 in the appendix's proofs) and the last step of the proof of Lemma 4.1.

Methods: ``symbolic`` for every n (the binomial probability generating function given M = N1 + N2;
termwise identities of the sums; derivations reduced to the binomial theorem, itself proved by a WZ
certificate, :mod:`catalog.derivations.appendix`), and exact per-n identities of rational functions
(:func:`catalog.engines.polynomial.polynomial_identity`); ``enumeration`` (exact rationals on grids, or
every multinomial outcome through :func:`proofs.engines.moments.compare_moment`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import sympy

from core.context import EXACT
from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Detail, Evidence
from proofs.base.registry import check, define
from proofs.kernel.steps import PointClaim
from catalog.engines.derivation import derivation
from proofs.engines.methods import exhaustive, identity
from proofs.engines.moments import compare_moment
from catalog.engines.polynomial import OutcomeSum, box_points, outcome_sum, polynomial_identity, simplex_points
from catalog.engines.simulation import GIVEN
from catalog.engines.survey_grids import identity_sizes, sample_sizes, survey_points
from catalog.derivations import appendix as ap
from catalog.derivations import printed as P
from catalog.derivations.moments import A, M, binomial_fraction_moments, r
from symbolic.symbols import N1, N2, n, q1, q2, q3

_SIMPLEX = r"$q_{1}, q_{2} \ge 0, q_{1} + q_{2} > 0, q_{3} = 1 - q_{1} - q_{2}$"
_ON_SIMPLEX = {"q3": 1 - q1 - q2}
_MARK = sympy.Symbol("t")      # keeps the N1 and N2 parts of a lemma apart in one identity


def _per_n(lhs: Callable[[int], Any], rhs: Callable[[int], sympy.Expr], budget: Budget, what: str,
           reading: str | None = None, free: bool = False) -> Evidence:
    """Exact identities for each n = 1..min(n_max, 2 grid), on the simplex (or with q3 free)."""
    sizes = identity_sizes(budget)
    variables = ("q1", "q2", "q3") if free else ("q1", "q2")
    points = box_points(variables) if free else simplex_points
    where = "q1, q2, q3 free" if free else "q3 = 1 - q1 - q2"
    return polynomial_identity(lambda m: (lhs(m), rhs(m)), n_values=sizes, variables=variables,
                               substitute=None if free else _ON_SIMPLEX, points=points, reading=reading,
                               domain=f"{what}, {where}, every n in 1..{sizes[-1]} "
                                      "(exact rational-function identities)")


def _at(expr: sympy.Expr) -> Callable[[int], sympy.Expr]:
    return lambda m: expr.xreplace({n: m})


def _lemma_grid(budget: Budget, lhs: sympy.Expr, rhs: sympy.Expr, reading: str | None = None) -> Evidence:
    """Both sides exactly at n = 1..min(n_max, 25) and five (q1, q2) on the simplex."""
    pairs = [(Fraction(1, 5), Fraction(1, 3)), (Fraction(1, 2), Fraction(1, 2)), (Fraction(1, 10), Fraction(0)),
             (Fraction(0), Fraction(3, 4)), (Fraction(2, 5), Fraction(1, 2))]
    top = min(budget.n_max, 25)
    cases = [{"n": m, "q1": a, "q2": b, "q3": 1 - a - b} for m in range(1, top + 1) for a, b in pairs]

    def holds(case: dict) -> tuple[bool, dict]:
        left, right = EXACT.evaluate(lhs, case), EXACT.evaluate(rhs, case)
        return left == right, {"lhs": left, "rhs": right}

    return exhaustive(cases, holds, reading=reading, domain=f"exact rationals: n in 1..{top}, (q1, q2) in "
                      f"{[(str(a), str(b)) for a, b in pairs]}, q3 = 1 - q1 - q2",
                      claim=PointClaim(lhs, rhs, domain="q1 >= 0, q2 >= 0, q1 + q2 > 0, q3 == 1 - q1 - q2, "
                                                        "n >= 1 integer"))


def _fraction_sum(part: int, power: int) -> Callable[[int], OutcomeSum]:
    """n -> E[(N_part/(N1+N2))^power; N1+N2 > 0] as an explicit multinomial sum."""
    def weight(a: int, b: int, k: int) -> Fraction:
        return Fraction((a, b)[part - 1] ** power, (a + b) ** power) if a + b else Fraction(0)
    return lambda m: outcome_sum(m, weight)


# ----------------------------------------------------------------------------------------- Lemma 4.1

define(Claim(
    id="L4.1", title="Lemma 4.1", source="003 Lemma 4.1",
    printed=(r"\mathbb{E}[\frac{N_{1}}{N_{1}+N_{2}}]=\frac{q_{1}}{q_{1}+q_{2}}(1-q_{3}^{n})",),
    statement=r"$\mathbb{E}[\frac{N_1}{N_1+N_2}]=\frac{q_1}{q_1+q_2}(1-q_3^n),\ "
              r"\mathbb{E}[\frac{N_2}{N_1+N_2}]=\frac{q_2}{q_1+q_2}(1-q_3^n)$",
    domain=r"$q_{1}, q_{2}, q_{3} \ge 0, q_{1} + q_{2} + q_{3} = 1, q_{1} + q_{2} > 0, n \ge 1$",
    interpretation=("expectations over all outcomes with the term $N_{1} + N_{2} = 0$ counted as 0 (the proof's "
                     r"sums run over $n_{1} + n_{2} \ne 0$)"),
    related={"L4.1.proof.range": "a step of its proof"},
))


def _evaluated(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with its derivatives and substitutions carried out, then simplified."""
    return sympy.simplify(sympy.together(expr.doit()))


@check("L4.1", "symbolic")
def _l41_symbolic(budget: Budget) -> list[Evidence]:
    t, m = sympy.Symbol("t"), sympy.Symbol("m", integer=True, positive=True)
    # E[N1/M | M = m] = G'(1)/m for N1 ~ Binomial(m, r), G(t) = (1 - r + r t)^m, r = q1/(q1 + q2)
    share = sympy.Subs(sympy.Subs(sympy.Derivative((1 - r + r * t) ** m, t), t, 1) / m, r, q1 / (q1 + q2))
    return [identity(share * (1 - q3 ** n), P.L41_N1, domain="q1 + q2 > 0, every n >= 1 (symbolic: E[N1/M | M = m] "
                     "= q1/(q1+q2) for m >= 1, P(M > 0) = 1 - q3^n)", simplify=_evaluated),
            identity((1 - share) * (1 - q3 ** n), P.L41_N2, domain="q1 + q2 > 0, every n >= 1 (symbolic, N2 part)",
                     simplify=_evaluated),
            _per_n(_fraction_sum(1, 1), _at(P.L41_N1), budget, "N1 part"),
            _per_n(_fraction_sum(2, 1), _at(P.L41_N2), budget, "N2 part")]


@check("L4.1", "enumeration")
def _l41_enumeration(budget: Budget) -> list[Evidence]:
    common = {"moment": "mean_on", "given": GIVEN, "n_values": sample_sizes(budget), "points": survey_points(budget)}
    return [compare_moment(N1 / (N1 + N2), P.L41_N1, mechanism=SURVEY_Q2X3, **common, label="E[N1/(N1+N2)]"),
            compare_moment(N2 / (N1 + N2), P.L41_N2, mechanism=SURVEY_Q2X3, **common, label="E[N2/(N1+N2)]")]


_FULL_RANGE = "the sum over 0 <= n3 <= n-1 (every n3 with n1 + n2 >= 1, as in the proof's first lines)"

define(Claim(
    id="L4.1.proof.range", title="proof of Lemma 4.1: the range of the sums and the binomial step",
    printed=(
        r"=q_{1}\sum_{1\leq n_{3}\leq n-1}\binom{n}{n_{3}}q_{3}^{n_{3}}(q_{1}+q_{2})^{n_{1}+n_{2}-1}",
        r"=\frac{q_{1}}{q_{1}+q_{2}}[(q_{1}+q_{2}+q_{3})^{n}-q_{3}^{n}]",
    ),
    source="003 proof of Lemma 4.1",
    statement=r"$\sum_{1 \le n_3 \le n-1} \ldots (q_1+q_2)^{n_1+n_2-1} \ldots = "
              r"\frac{q_1}{q_1+q_2}\big[(q_1+q_2+q_3)^n - q_3^n\big]$",
    domain=r"$Q_{2\times 3}$: $q_{1}, q_{2} \ge 0, q_{1} + q_{2} > 0, q_{3} = 1 - q_{1} - q_{2}, n \ge 1$",
    interpretation=("the last step of the proof of Lemma 4.1 ('Proof of Lemma 0.1' in 003's appendix) as printed: "
                    r"$q_1 \sum_{1 \le n_3 \le n-1} \binom{n}{n_3} q_3^{n_3} (q_1+q_2)^{n_1+n_2-1} = "
                    r"\frac{q_1}{q_1+q_2}[(q_1+q_2+q_3)^n - q_3^n]$, the exponent's $n_1 + n_2$ being $n - n_3$ "
                    r"(the inner sum runs over $n_1 + n_2 = n - n_3$); the full range $0 \le n_3 \le n-1$ is the "
                    "alternative reading"),
    readings=(_FULL_RANGE,),
    related={"L4.1": "the lemma this step proves (the lemma itself holds: only the printed range is wrong)"},
))

#: the proof's sum over the full range 0 <= n3 <= n-1
_FULL_RANGE_SUM = P.L41_PROOF_SUM.replace(lambda e: isinstance(e, sympy.Sum),
                                          lambda e: sympy.Sum(e.function, (e.limits[0][0], 0, e.limits[0][2])))


def _full_range_proof(reading: str | None) -> Evidence:
    return derivation(ap.lemma_4_1_last_step(), reading=reading,
                      domain="every n >= 1, q1 + q2 > 0 (symbolic: n, n3 symbols; q3 free, so q3 = 1 - q1 - q2 too)",
                      conclusion="q1 Σ_{0<=n3<=n-1} C(n,n3) q3^n3 (q1+q2)^(n-n3-1) = q1/(q1+q2)[(q1+q2+q3)^n - q3^n]")


@check("L4.1.proof.range", "symbolic")
def _l41_range_symbolic(budget: Budget) -> list[Evidence]:
    printed = _per_n(_at(P.L41_PROOF_SUM), _at(P.L41_PROOF_CLOSED), budget, "the step as printed")
    missing = derivation(ap.lemma_4_1_printed_range(), domain="every n >= 1, q1 + q2 > 0 (symbolic)",
                         conclusion="the printed range leaves out n3 = 0: its sum is q1/(q1+q2)[(q1+q2+q3)^n - q3^n] "
                                    "- q1 (q1+q2)^(n-1)")
    fix = Correction(r"$q_1\sum_{0\le n_3\le n-1}\binom{n}{n_3}q_3^{n_3}(q_1+q_2)^{n-n_3-1}="
                     r"\frac{q_1}{q_1+q_2}\big[(q_1+q_2+q_3)^n-q_3^n\big]$",
                     (_full_range_proof(None), _lemma_grid(budget, _FULL_RANGE_SUM, P.L41_PROOF_CLOSED)))
    detail = {**printed.detail, "what the printed range gives": missing.detail.get(Detail.CONCLUSION),
              "that derivation": str(missing.outcome)}
    return [replace(printed, corrected=fix, detail=detail), _full_range_proof(_FULL_RANGE)]


@check("L4.1.proof.range", "enumeration")
def _l41_range_enumeration(budget: Budget) -> list[Evidence]:
    return [_lemma_grid(budget, P.L41_PROOF_SUM, P.L41_PROOF_CLOSED),
            _lemma_grid(budget, _FULL_RANGE_SUM, P.L41_PROOF_CLOSED, reading=_FULL_RANGE)]


# ----------------------------------------------------------------------------------------- Lemma 4.2

define(Claim(
    id="L4.2", title="Lemma 4.2", source="003 Lemma 4.2",
    printed=('(q_{1}+q_{2})^{n-n_{3}-1}+(n-n_{3}-1)q_{1}(q_{1}+q_{2})^{n-n_{3}-2}', '=x(x+q_{2})^{n-n_{3}-1}',),
    statement=r"$f(q_1,n_3)=\sum_{n_1+n_2=n-n_3,n_1\neq0}n_1\binom{n_1+n_2-1}{n_1-1}q_1^{n_1-1}q_2^{n_2}="
              r"\begin{cases}1& n_3=n-1\\(q_1+q_2)^{n-n_3-1}+(n-n_3-1)q_1(q_1+q_2)^{n-n_3-2}&n_3\le n-2\end{cases}$",
    domain=(r"$q_{1}, q_{2}$ any (a polynomial identity; no constraint on $q_{3}$ needed), $n \ge 1, 0 \le n_{3} "
             r"\le n - 1$"),
))


@check("L4.2", "symbolic")
def _l42_symbolic(budget: Budget) -> Evidence:
    return derivation(ap.lemma_4_2(), domain="every n >= 1 and 0 <= n3 <= n-1 (m = n - n3 symbolic), q1, q2 "
                      "any: both sides are polynomials in q1, q2 (symbolic)",
                      conclusion="the coefficients of every monomial q1^i q2^(m-1-i) agree, so f(q1, n3) is the "
                                 "printed right side for every n and n3")


@check("L4.2", "enumeration")
def _l42_enumeration(budget: Budget) -> Evidence:
    values = [Fraction(0), Fraction(1, 3), Fraction(3, 4), Fraction(2), Fraction(-1, 2)]
    sizes = sorted(set(identity_sizes(budget)) | {budget.n_max})
    cases = [{"n": size, "n3": k, "q1": a, "q2": b} for size in sizes for k in sorted({0, size - 2, size - 1})
             if k >= 0 for a in values for b in values]

    def holds(case: dict) -> tuple[bool, dict]:
        branch = 0 if case["n3"] == case["n"] - 1 else 1
        left = EXACT.evaluate(P.L42_F, case)
        right = EXACT.evaluate(P.L42_RHS.args[branch][0], case)
        return left == right, {"lhs": left, "rhs": right}

    return exhaustive(cases, holds, domain=f"n in {sizes}, n3 in {{0, n-2, n-1}}, q1, q2 in {{0, 1/3, 3/4, 2, -1/2}} "
                      "(exact; the identity is polynomial so any rationals are admissible)")


# ------------------------------------------------------------------------------------ Lemmas 4.3-4.5

define(Claim(
    id="L4.3", title="Lemma 4.3", source="003 Lemma 4.3",
    printed=(r"\sum_{0\leq n_{3}\leq n-1}\frac{1}{n-n_{3}}(q_{1}+q_{2})^{n-n_{3}-1}\binom{n}{n_{3}}q_{3}^{n_{3"
             r"}}=\frac{A}{(q_{1}+q_{2})}",),
    statement=r"$\sum_{0\le n_3\le n-1}\frac{1}{n-n_3}(q_1+q_2)^{n-n_3-1}\binom{n}{n_3}q_3^{n_3}=\frac{A}{q_1+q_2}$",
    domain=_SIMPLEX + r" (needed: $A$ is defined with $1 - q_3$), $n \ge 1$",
))


def _termwise(lhs: sympy.Sum, rhs: sympy.Sum, domain: str) -> Evidence:
    """Symbolic proof for every n: the two sums run over the same k and their terms agree."""
    def simplify(e: sympy.Expr) -> sympy.Expr:
        return sympy.simplify(sympy.powsimp(sympy.expand_power_base(sympy.powdenest(sympy.simplify(e), force=True),
                                                                    force=True), force=True))
    return identity(lhs.function.xreplace({q3: 1 - q1 - q2}), rhs.function.xreplace({q3: 1 - q1 - q2}),
                    domain=domain, simplify=simplify)


@check("L4.3", "symbolic")
def _l43_symbolic(budget: Budget) -> list[Evidence]:
    return [_termwise(P.L43_LHS, sympy.Sum(A().function / (q1 + q2), A().limits[0]),
                      "q3 = 1 - q1 - q2, every n >= 1 (symbolic: the k-th terms agree)"),
            _per_n(_at(P.L43_LHS), _at(P.L43_RHS), budget, "Lemma 4.3")]


@check("L4.3", "enumeration")
def _l43_enumeration(budget: Budget) -> Evidence:
    return _lemma_grid(budget, P.L43_LHS, P.L43_RHS)


_FREE_Q3 = "q3 free (without q1 + q2 + q3 = 1)"

define(Claim(
    id="L4.4", title="Lemma 4.4", source="003 Lemma 4.4",
    printed=(r"=\frac{1-q_{3}^{n}-n(q_{1}+q_{2})q_{3}^{n-1}}{(q_{1}+q_{2})^{2}}", '[(q_{1}+q_{2})+q_{3}]^{n}',),
    statement=(r"$\sum_{0\le n_3\le "
               r"n-2}(q_1+q_2)^{n-n_3-2}\binom{n}{n_3}q_3^{n_3}=\frac{1-q_3^n-n(q_1+q_2)q_3^{n-1}}{(q_1+q_2)^2}$"),
    domain=_SIMPLEX + (r" (needed: the proof expands $(q_{1}+q_{2}+q_{3})^{n} = 1$), $n \ge 1$ (the sum is empty "
                        "at $n = 1$)"),
    readings=(_FREE_Q3,),
))


@check("L4.4", "symbolic")
def _l44_symbolic(budget: Budget) -> list[Evidence]:
    proof = derivation(ap.lemma_4_4(), domain="every n >= 1, q1 + q2 > 0, q3 = 1 - q1 - q2 (symbolic: n, n3 symbols)",
                       conclusion="(q1+q2)^2 times the sum is (q1+q2+q3)^n - q3^n - n(q1+q2)q3^(n-1), which is the "
                                  "printed numerator when q1 + q2 + q3 = 1")
    return [proof, _per_n(_at(P.L44_LHS), _at(P.L44_RHS), budget, "Lemma 4.4"),
            _per_n(_at(P.L44_LHS), _at(P.L44_RHS), budget, "Lemma 4.4", reading=_FREE_Q3, free=True)]


@check("L4.4", "enumeration")
def _l44_enumeration(budget: Budget) -> Evidence:
    return _lemma_grid(budget, P.L44_LHS, P.L44_RHS)


define(Claim(
    id="L4.5", title="Lemma 4.5", source="003 Lemma 4.5",
    printed=(r"=\frac{A-n(q_{1}+q_{2})q_{3}^{n-1}}{(q_{1}+q_{2})^{2}}",),
    statement=(r"$\sum_{0\le n_3\le n-2}\frac{1}{n-n_3}(q_1+q_2)^{n-n_3-2}\binom{n}{n_3}q_3^{n_3}"
               r"=\frac{A-n(q_1+q_2)q_3^{n-1}}{(q_1+q_2)^2}$"),
    domain=_SIMPLEX + r" (needed: $A$ is defined with $1 - q_3$), $n \ge 1$",
))


@check("L4.5", "symbolic")
def _l45_symbolic(budget: Budget) -> list[Evidence]:
    s = q1 + q2
    k = A().limits[0][0]
    a_term = A().function
    termwise = _termwise(P.L45_LHS, sympy.Sum(a_term / s ** 2, (k, 0, n - 2)),
                         "q3 = 1 - q1 - q2, every n >= 2 (symbolic: terms k <= n-2 of A/(q1+q2)^2 agree)")
    last = identity(sympy.Subs(a_term, k, n - 1).xreplace({q3: 1 - q1 - q2}),
                    (n * s * q3 ** (n - 1)).xreplace({q3: 1 - q1 - q2}),
                    domain="every n >= 1 (symbolic: the k = n-1 term of A is n (q1+q2) q3^(n-1))",
                    simplify=lambda e: sympy.simplify(sympy.expand_func(e.doit())))
    return [termwise, last, _per_n(_at(P.L45_LHS), _at(P.L45_RHS), budget, "Lemma 4.5")]


@check("L4.5", "enumeration")
def _l45_enumeration(budget: Budget) -> Evidence:
    return _lemma_grid(budget, P.L45_LHS, P.L45_RHS)


# ----------------------------------------------------------------------------------------- Lemma 4.6

define(Claim(
    id="L4.6", title="Lemma 4.6", source="003 Lemma 4.6",
    printed=(
        r"\mathbb{E}[(\frac{N_{2}}{N_{1}+N_{2}})^{2}]=\frac{q_{1}q_{2}}{(q_{1}+q_{2})^{2}}A+\frac{q_{2}^{2}}{(q_{1}+q_{2})^{2}}(1-q_{3}^{n})",
        r"\mathbb{E}[(\frac{N_{1}}{N_{1}+N_{2}})^{2}]=",
    ),
    statement=r"$\mathbb{E}[(\frac{N_1}{N_1+N_2})^2]=\frac{q_1q_2}{(q_1+q_2)^2}A+\frac{q_1^2}{(q_1+q_2)^2}(1-q_3^n),\ "
              r"\mathbb{E}[(\frac{N_2}{N_1+N_2})^2]=\frac{q_1q_2}{(q_1+q_2)^2}A+\frac{q_2^2}{(q_1+q_2)^2}(1-q_3^n)$",
    domain=_SIMPLEX + r" (needed: $A$ is defined with $1 - q_3$), $n \ge 1$",
    interpretation=("expectations over all outcomes with the term $N_{1} + N_{2} = 0$ counted as 0 (the proof's "
                     r"sums run over $n_{1} \ne 0$); these are not the conditional moments given $N_{1} + N_{2} "
                     r"\ne 0$"),
    related={"T3.10.proof.conditioning": "the proof of Theorem 3.10 uses these as conditional moments"},
))


@check("L4.6", "symbolic")
def _l46_symbolic(budget: Budget) -> list[Evidence]:
    mean_f, var_f = binomial_fraction_moments()
    a_symbol = sympy.Symbol("A", positive=True)

    def second_moment(share: sympy.Expr) -> sympy.Expr:
        # E[(Ni/M)^2; M > 0] = E[r(1-r)/M; M > 0] + r^2 P(M > 0) = r(1-r) A + r^2 (1 - q3^n)
        return (var_f * M).xreplace({r: share}) * a_symbol + mean_f.xreplace({r: share}) ** 2 * (1 - q3 ** n)

    s = q1 + q2
    proof = identity(second_moment(q1 / s) + _MARK * second_moment(q2 / s),
                     (P.L46_N1 + _MARK * P.L46_N2).xreplace({A(): a_symbol}),
                     domain="q1 + q2 > 0, every n >= 1 (symbolic: binomial pgf given M = m, A = E[1/M; M > 0])")
    return [proof, _per_n(_fraction_sum(1, 2), _at(P.L46_N1), budget, "N1 part"),
            _per_n(_fraction_sum(2, 2), _at(P.L46_N2), budget, "N2 part")]


@check("L4.6", "enumeration")
def _l46_enumeration(budget: Budget) -> list[Evidence]:
    common = {"moment": "square_on", "given": GIVEN, "n_values": sample_sizes(budget), "points": survey_points(budget)}
    return [compare_moment(N1 / (N1 + N2), P.L46_N1, mechanism=SURVEY_Q2X3, **common, label="E[(N1/(N1+N2))^2]"),
            compare_moment(N2 / (N1 + N2), P.L46_N2, mechanism=SURVEY_Q2X3, **common, label="E[(N2/(N1+N2))^2]")]
