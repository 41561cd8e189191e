"""Claims of 003 §3.1 on the variance of the MLE: Theorem 3.10 (both forms, and 000's second form), the
conditioning step of its proof, the approximation of A adopted after it, and its Warner case.

The exact conditional variance is derived by the law of total variance given M = N1 + N2
(:func:`catalog.derivations.moments.conditional_variance_q2x3`): Var(π̂ | M > 0) = q1 q2 A / ((q-p)^2 (1 - q3^n)).
Theorem 3.10 misses the factor 1/(1 - q3^n); the proof's line marked "(Lemma 0.6)" is where it is lost
(T3.10.proof.conditioning). "A good approximation" is qualitative: its primary reading is that the
relative error tends to 0 as n grows (proved from an exact sandwich of A, :mod:`catalog.derivations.grab_savage`),
with the exact error table reported; fixed thresholds, which the text does not state, are alternatives.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Context
from fractions import Fraction

import sympy

from core.context import EXACT
from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Outcome
from proofs.base.registry import check, define
from proofs.kernel.steps import Holds, Identity, PointClaim, Step
from catalog.claims.survey_mle import q2x3_outcome_sum, pi_hat_at
from catalog.engines.derivation import derivation
from proofs.engines.methods import exhaustive, identity
from proofs.engines.moments import compare_moment
from catalog.engines.simulation import GIVEN, simulation_witness
from catalog.engines.survey_grids import (PAPER, identity_points, pis, pq_grid, replicates, sample_sizes,
                                         survey_points, warner_points)
from catalog.derivations import grab_savage as gs
from catalog.derivations import printed as P
from symbolic.model import q2x3_entries
from catalog.derivations.moments import A, conditional_variance_in_q, conditional_variance_q2x3, exact_A
from symbolic.symbols import N2, N1, n, p, pi, q, q1, q2, q3

__all__ = ["A_SYMBOL", "with_a_symbol"]

#: A as a plain symbol (the derived variances hold it so), filled in exactly at identity points
A_SYMBOL = sympy.Symbol("A", positive=True)
_Q3_ZERO = r"$q_3 = 0$ ($p + q = 1$), where $1 - q_3^n = 1$"


def with_a_symbol(expr: sympy.Expr) -> sympy.Expr:
    """``expr`` with the printed ``Sum`` A replaced by :data:`A_SYMBOL` and q1, q2, q3 by the model."""
    return expr.xreplace({A(): A_SYMBOL}).xreplace(q2x3_entries())


def _with_dont_know(points: list[dict]) -> list[dict]:
    return [point for point in points if point["p"] + point["q"] < 1]


# -------------------------------------------------------------------------------------- Theorem 3.10

define(Claim(
    id="T3.10", title="Theorem 3.10: the conditional variance of the MLE", source="003 Theorem 3.10",
    printed=(r"Var(\hat{\pi}|N_{1}+N_{2}\neq 0)=\frac{1}{(q-p)^{2}}[\pi p+(1-\pi)q][\pi q+(1-\pi)p]A",),
    statement=r"$Var(\hat{\pi}\mid N_1+N_2\neq0)=\frac{1}{(q-p)^2}[\pi p+(1-\pi)q][\pi q+(1-\pi)p]A,\ "
              r"A=\sum_{0\le N_3<n}\frac{1}{n-N_3}\binom{n}{N_3}(1-q_3)^{n-N_3}q_3^{N_3}$",
    domain=PAPER + r"; $n \ge 1$",
    interpretation=r"the variance of $\hat{\pi}$ under the conditional law given $N_{1} + N_{2} \ne 0$",
    related={"T3.10.proof.conditioning": "the proof's step that loses the factor $1/(1 - q_{3}^{n})$",
             "L4.6": "the unconditional second moments the proof uses"},
))

_T310_CORRECTED = (r"$Var(\hat{\pi}\mid N_1+N_2\neq0)=\frac{[\pi p+(1-\pi)q][\pi q+(1-\pi)p]}{(q-p)^2}"
                   r"\cdot\frac{A}{1-q_3^{\,n}}$")


def _t310_correction(budget: Budget) -> Correction:
    corrected = conditional_variance_in_q()
    derived = conditional_variance_q2x3()
    symbolic = identity(with_a_symbol(corrected), derived,
                        domain=PAPER + "; n >= 1 (symbolic: law of total variance given M = N1 + N2)")
    enumerated = compare_moment(P.PI_HAT, corrected, mechanism=SURVEY_Q2X3, moment="variance", given=GIVEN,
                                n_values=sample_sizes(budget), points=survey_points(budget))
    return Correction(_T310_CORRECTED, (symbolic, enumerated), derived={"Var(pi-hat | M > 0)": derived})


@check("T3.10", "symbolic")
def _t310_symbolic(budget: Budget) -> Evidence:
    evidence = identity(with_a_symbol(P.T310), conditional_variance_q2x3(),
                        domain=PAPER + "; n >= 1 (symbolic, A as a symbol, exact A at the points)",
                        points=_with_dont_know(identity_points()))
    if evidence.outcome is Outcome.COUNTEREXAMPLE:
        evidence = replace(evidence, steps=variance_counterexample_steps(with_a_symbol(P.T310), evidence))
    return replace(evidence, corrected=_t310_correction(budget), holds_when=_Q3_ZERO)


#: 003's domain of Theorem 3.10 as conditions (p, q ∈ [0, 1], p + q <= 1, p > 1/2, π ∈ [0, 1], n >= 1).
#: (n >= 1 on a symbol without assumptions: on the positive integer n, sympy would decide it true as written.)
PAPER_CONDITIONS = (sympy.Le(0, q), sympy.Le(q, 1), sympy.Le(p, 1), sympy.Le(p + q, 1),
                    sympy.Gt(p, sympy.Rational(1, 2)), sympy.Le(0, pi), sympy.Le(pi, 1), sympy.Ge(sympy.Symbol("n"), 1))


def conditional_variance_by_definition(size: int) -> sympy.Expr:
    """Var(π̂ | N1 + N2 > 0) at n = ``size`` from its definition: E[π̂² | M > 0] - E[π̂ | M > 0]², each the sum
    over the outcomes with M = N1 + N2 > 0 of the multinomial probability times π̂^k, divided by P(M > 0)
    (:func:`catalog.claims.survey_mle.q2x3_outcome_sum`), in p, q, π."""
    mass = q2x3_outcome_sum(size, lambda a, m: 1)
    first = q2x3_outcome_sum(size, pi_hat_at) / mass
    return q2x3_outcome_sum(size, lambda a, m: pi_hat_at(a, m) ** 2) / mass - first ** 2


def variance_counterexample_steps(printed: sympy.Expr, evidence: Evidence) -> tuple[Step, ...]:
    """The steps that show ``printed`` (in p, q, π, n and A as a symbol) is not Var(π̂ | N1 + N2 > 0) at the
    counterexample of ``evidence``: the point lies in 003's domain (every condition, n an integer); its A is
    A's defining sum at the point; the exact side at the point's n, the toolkit's closed form with A as its
    sum, is the variance by definition (the sum over the outcomes) identically in p, q, π; the printed side
    and the exact side at the point, and the relation failing there."""
    point = {k: Fraction(str(v)) for k, v in evidence.counterexample.items() if k in ("n", "p", "q", "pi", "A")}
    size = int(point["n"])
    exact = conditional_variance_q2x3().xreplace({A_SYMBOL: A(size, 1 - p - q), n: size})
    claim = PointClaim(printed, exact, "==", integers=("n",), printed_says="the printed formula",
                       exact_says=f"the exact conditional variance at n = {size}")
    return (Holds("the point lies in the claim's domain (003: p, q in [0, 1], p + q <= 1, p > 1/2, pi in [0, 1], "
                  "n >= 1 an integer)", sympy.And(*PAPER_CONDITIONS), point, ("n",)),
            Holds("A at the point is its defining sum, sum over 0 <= N3 < n of C(n, N3) (1-q3)^(n-N3) q3^N3/(n-N3)",
                  sympy.Eq(A_SYMBOL, A(n, 1 - p - q)), point, ("n",)),
            Identity(f"the exact side at n = {size} (the closed form, A as its sum) is Var(pi-hat | N1 + N2 > 0) by "
                     "its definition, the sum over the outcomes with N1 + N2 > 0, identically in p, q, pi",
                     exact, conditional_variance_by_definition(size), "cancel"),
            Holds(f"the exact side is taken at the point's n = {size}", sympy.Eq(n, size), point, ("n",)),
            *claim.counterexample(point))


@check("T3.10", "enumeration")
def _t310_enumeration(budget: Budget) -> list[Evidence]:
    evidence = compare_moment(P.PI_HAT, P.T310, mechanism=SURVEY_Q2X3, moment="variance", given=GIVEN,
                              n_values=sample_sizes(budget), points=survey_points(budget))
    at_zero = compare_moment(P.PI_HAT, P.T310, mechanism=SURVEY_Q2X3, moment="variance", given=GIVEN,
                             n_values=sample_sizes(budget),
                             points=[x for x in survey_points(budget) if x["p"] + x["q"] == 1],
                             reading="restricted to q3 = 0 (p + q = 1)")
    return [replace(evidence, holds_when=_Q3_ZERO), at_zero]


@check("T3.10", "simulation")
def _t310_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 2, "p": Fraction(3, 4), "q": Fraction(0), "pi": Fraction(1, 2)},
             {"n": 10, "p": Fraction(2, 3), "q": Fraction(1, 12), "pi": Fraction(3, 10)}]
    return simulation_witness(P.PI_HAT, P.T310, moment="variance", cases=cases, replicates=replicates(budget))


define(Claim(
    id="T3.10.form2", title="Theorem 3.10: the second form", source="003 Theorem 3.10",
    printed=(r"=[-(\pi-\frac{1}{2})^{2}+\frac{1}{4}(\frac{p+q}{p-q})^{2}]A",),
    statement=r"$\frac{1}{(q-p)^2}[\pi p+(1-\pi)q][\pi q+(1-\pi)p]A=[-(\pi-\frac12)^2+\frac14(\frac{p+q}{p-q})^2]A$",
    domain=PAPER + r"; $n \ge 1$ (any $A$)",
))


def _form2_exact(second_form: sympy.Expr, budget: Budget) -> Evidence:
    """Both forms at exact points of a (p, q, π) grid, A = 1/3 (A is a common factor)."""
    first, second = with_a_symbol(P.T310), with_a_symbol(second_form)
    cases = [{"p": x, "q": y, "pi": z, "A": Fraction(1, 3)} for (x, y) in pq_grid(budget) for z in pis(budget)]

    def holds(case: dict) -> tuple[bool, dict]:
        left, right = EXACT.evaluate(first, case), EXACT.evaluate(second, case)
        return left == right, {"lhs": left, "rhs": right}

    return exhaustive(cases, holds, domain=f"{len(cases)} exact points: (p, q) grid x pi in "
                      f"{[str(z) for z in pis(budget)]}, A = 1/3 (A is a common factor)")


@check("T3.10.form2", "symbolic")
def _form2_symbolic(budget: Budget) -> Evidence:
    return identity(with_a_symbol(P.T310), with_a_symbol(P.T310_FORM2), domain="p != q, any A (symbolic)")


@check("T3.10.form2", "enumeration")
def _form2_enumeration(budget: Budget) -> Evidence:
    return _form2_exact(P.T310_FORM2, budget)


define(Claim(
    id="T3.10.form2@000", title="Theorem 3.10 in 000: the second form", source="000 Theorem 3.10",
    statement=(r"$\frac{1}{(q-p)^2}[\pi p+(1-\pi)q][\pi "
               r"q+(1-\pi)p]A=[-\frac14(\pi-\frac12)^2+\frac14(\frac{p+q}{p-q})^2]A$"),
    domain=PAPER + r"; $n \ge 1$ (any $A > 0$)",
))


@check("T3.10.form2@000", "symbolic")
def _form2_000_symbolic(budget: Budget) -> Evidence:
    evidence = identity(with_a_symbol(P.T310), with_a_symbol(P.T310_FORM2_000), domain="p != q, A > 0 (symbolic)",
                        points=[{"p": Fraction(3, 4), "q": Fraction(0), "pi": z, "A": Fraction(1)}
                                for z in (Fraction(1, 2), Fraction(0), Fraction(1))],
                        within="0 <= q <= 1, p <= 1, p + q <= 1, p > 1/2, 0 <= pi <= 1, A > 0")
    fix = Correction(r"$[-(\pi-\frac12)^2+\frac14(\frac{p+q}{p-q})^2]A$ (the form printed in 003)",
                     (_form2_symbolic(budget), _form2_enumeration(budget)))
    return replace(evidence, corrected=fix, holds_when=r"$\pi = 1/2$")


@check("T3.10.form2@000", "enumeration")
def _form2_000_enumeration(budget: Budget) -> Evidence:
    return _form2_exact(P.T310_FORM2_000, budget)


# ------------------------------------------------------------------------ the proof of Theorem 3.10

_LITERAL_READING = ("Lemmas 4.1 and 4.6 substituted as printed: (p+q)^2/(q-p)^2 [E[(N2/M)^2; M > 0] - "
                    "E[N2/M; M > 0]^2] with the unconditional moments and their factors 1 - q3^n")

define(Claim(
    id="T3.10.proof.conditioning", title="proof of Theorem 3.10: unconditional moments used as conditional ones",
    printed=(r"=\frac{(p+q)^{2}}{(q-p)^{2}}[\frac{q_{1}q_{2}}{(q_{1}+q_{2})^{2}}A+\frac{q_{2}^{2}}{(q_{1}+q_{2"
             r"})^{2}}-\frac{q_{2}^{2}}{(q_{1}+q_{2})^{2}}]",),
    source="003 proof of Theorem 3.10",
    statement=(r"$Var(\hat\pi \mid N_1+N_2 \ne 0) = \frac{(p+q)^2}{(q-p)^2}\Big[\frac{q_1 q_2}{(q_1+q_2)^2} A + "
                r"\frac{q_2^2}{(q_1+q_2)^2} - \frac{q_2^2}{(q_1+q_2)^2}\Big]$ (Lemma 0.6)"),
    domain=r"$Q_{2\times 3}$: $p > 1/2$, $q \ge 0$, $p + q \le 1$, $\pi \in [0, 1]$, $n \ge 1$",
    interpretation=("the proof's line as printed, with $q_1, q_2, q_3$ and $A$ as in 003 §3.1. It should be "
                    r"$\frac{(p+q)^2}{(q-p)^2} [E[(N_2/M)^2 \mid M \ne 0] - E[N_2/M \mid M \ne 0]^2]$ ($M = N_1 + "
                    r"N_2$), where $E[(N_2/M)^2 \mid M \ne 0] = \frac{q_1 q_2}{(q_1+q_2)^2} \frac{A}{1 - q_3^n} + "
                    r"\frac{q_2^2}{(q_1+q_2)^2}$; the line has $A$, the unconditional $E[1/M; M \ne 0]$ of Lemma "
                    r"4.6, where the conditional $E[1/M \mid M \ne 0] = A/(1 - q_3^n)$ belongs"),
    readings=(_LITERAL_READING,),
    related={"T3.10": "the theorem this step proves; the step explains its missing factor $1/(1 - q_{3}^{n})$",
             "L4.1": "the unconditional first moments used", "L4.6": "the unconditional second moments used"},
))

_CONDITIONAL_SECOND = P.L46_N2 / (1 - q3 ** n)            # E[(N2/M)^2 | M > 0]
_CONDITIONAL_LINE = (p + q) ** 2 / (q - p) ** 2 * (q1 * q2 / (q1 + q2) ** 2 * A() / (1 - q3 ** n)
                                                   + q2 ** 2 / (q1 + q2) ** 2 - q2 ** 2 / (q1 + q2) ** 2)
_LITERAL_LEMMAS = (p + q) ** 2 / (q - p) ** 2 * (P.L46_N2 - P.L41_N2 ** 2)


def _conditioning_correction(budget: Budget) -> Correction:
    symbolic = identity(with_a_symbol(_CONDITIONAL_LINE), conditional_variance_q2x3(),
                        domain=PAPER + "; n >= 1 (symbolic: the conditional moments E[(N2/M)^2 | M > 0] = "
                        "(Lemma 4.6)/(1 - q3^n), E[N2/M | M > 0] = q2/(q1+q2))")
    second_moment = compare_moment((N2 / (N1 + N2)) ** 2, _CONDITIONAL_SECOND, mechanism=SURVEY_Q2X3, moment="mean",
                                   given=GIVEN,
                                   n_values=sample_sizes(budget), points=survey_points(budget),
                                   label="E[(N2/(N1+N2))^2 | N1+N2 > 0] = Lemma 4.6 / (1 - q3^n)")
    variance = compare_moment(P.PI_HAT, _CONDITIONAL_LINE, mechanism=SURVEY_Q2X3, moment="variance", given=GIVEN,
                              n_values=sample_sizes(budget), points=survey_points(budget))
    return Correction(r"$Var(\hat\pi\mid N_1+N_2\ne0)=\frac{(p+q)^2}{(q-p)^2}\Big[\frac{q_1q_2}{(q_1+q_2)^2}"
                      r"\frac{A}{1-q_3^n}+\frac{q_2^2}{(q_1+q_2)^2}-\frac{q_2^2}{(q_1+q_2)^2}\Big]$",
                      (symbolic, second_moment, variance))


@check("T3.10.proof.conditioning", "symbolic")
def _conditioning_symbolic(budget: Budget) -> list[Evidence]:
    exact = conditional_variance_q2x3()
    printed = with_a_symbol(P.T310_PROOF_CONDITIONING)
    evidence = identity(printed, exact, domain=PAPER + "; n >= 1 (symbolic, A as a symbol, exact A at the points)",
                        points=_with_dont_know(identity_points()))
    if evidence.outcome is Outcome.COUNTEREXAMPLE:
        evidence = replace(evidence, steps=variance_counterexample_steps(printed, evidence))
    ratio = sympy.factor(sympy.simplify(printed / exact))
    evidence = replace(evidence, corrected=_conditioning_correction(budget), holds_when=_Q3_ZERO,
                       detail={**evidence.detail, "printed line / exact variance": str(ratio)},
                       derived={**evidence.derived, "printed line / exact variance": ratio})
    literal = identity(with_a_symbol(_LITERAL_LEMMAS), exact, domain=PAPER + "; n >= 1 (symbolic)",
                       points=_with_dont_know(identity_points()), reading=_LITERAL_READING)
    return [evidence, literal]


@check("T3.10.proof.conditioning", "enumeration")
def _conditioning_enumeration(budget: Budget) -> list[Evidence]:
    common = {"moment": "variance", "given": GIVEN, "n_values": sample_sizes(budget), "points": survey_points(budget)}
    return [replace(compare_moment(P.PI_HAT, P.T310_PROOF_CONDITIONING, mechanism=SURVEY_Q2X3, **common),
                    holds_when=_Q3_ZERO),
            compare_moment(P.PI_HAT, _LITERAL_LEMMAS, mechanism=SURVEY_Q2X3, **common, reading=_LITERAL_READING)]


# ----------------------------------------------------------------------- A and its approximation

#: the sample sizes of Figures 2-3, the small ones, and the don't-know rates q3 (p > 1/2 forces q3 < 1/2)
_FIGURE_NS = (10, 100, 500, 1000)
_SMALL_NS = (1, 2, 3, 5)
_Q3S = tuple(Fraction(i, 20) for i in range(10)) + (Fraction(49, 100),)
_FIXED_THRESHOLD = Fraction(1, 100)
_READINGS = ("relative error <= 1% (a threshold the text does not state) at the sample sizes of Figures 2-3, "
             "n in {10, 100, 500, 1000}",
             "relative error <= 1% (a threshold the text does not state) at every n >= 1 (n in {1, 2, 3, 5} checked)")

define(Claim(
    id="A.approx", title="the Grab-Savage approximation of $A$", source="003 after Theorem 3.10",
    printed=('a good approximation of', r"\frac{1}{(n+1)(p+q)-1}",),
    statement=r"$A\approx\frac{1}{(n+1)(p+q)-1}$ (a good approximation)",
    domain=r"$q_3 = 1 - p - q \in [0, 1/2)$ ($p > 1/2$), $n \ge 1$ with $(n+1)(p+q) > 1$",
    interpretation=("'a good approximation' is qualitative; read as the paper's use needs it (the sample sizes of "
                    r"Figures 2-3 grow to 1000): the relative error $|\text{approx} - A|/A$ tends to 0 as $n$ grows, "
                    "for every $p + q$. The exact error table at the figures' $n$ and $q_3$ is reported (about "
                    r"0.145% at Figure 3's $q_3 = 0.1$ for $n \ge 10$; 167% at $n = 1$, $q_3 = 1/4$). Fixed "
                    "thresholds are alternative readings"),
    readings=_READINGS,
    related={"T3.10": "the $A$ it approximates", "nuS": "the accuracy formula that uses the approximation"},
))


def _percent(value: Fraction) -> str:
    return f"{Context(prec=4).divide(value.numerator * 100, value.denominator)} %"


def _approximation_row(size: int, rate: Fraction) -> dict:
    """Exact A, its approximation, the sandwich L <= A <= U of :mod:`catalog.derivations.grab_savage`, and the bound
    on the relative error that the sandwich gives (where D L > 0)."""
    s = 1 - rate
    exact, approx = exact_A(size, rate), Fraction(1) / ((size + 1) * s - 1)
    values = {"n": size, "s": s}
    lower, upper = EXACT.evaluate(gs.lower_bound(), values), EXACT.evaluate(gs.upper_bound(), values)
    d = (size + 1) * s - 1
    bound = max(abs(1 / (d * lower) - 1), abs(1 / (d * upper) - 1)) if d * lower > 0 else None
    return {"n": size, "q3": rate, "A": exact, "approximation": approx, "relative error": abs(approx - exact) / exact,
            "L": lower, "U": upper, "bound": bound}


def _rows(sizes: tuple[int, ...]) -> list[dict]:
    return [_approximation_row(size, rate) for size in sizes for rate in _Q3S if (size + 1) * (1 - rate) > 1]


def _table(rows: list[dict]) -> dict[str, str]:
    return {f"n={row['n']}, q3={row['q3']}": _percent(row["relative error"]) for row in rows}


@check("A.approx", "symbolic")
def _a_approx_symbolic(budget: Budget) -> Evidence:
    return derivation(
        (*gs.sandwich_steps(), *gs.limit_steps()),
        domain="every p + q = s in (0, 1] (q3 = 1 - s), n -> infinity (symbolic: n, m symbols; s = 1 separately)",
        conclusion="L <= A <= U with D L -> 1 and D U -> 1 (D = (n+1)s - 1), so approx/A = 1/(D A) -> 1: the "
                   "relative error of the approximation tends to 0",
        derived={"L": gs.lower_bound(), "U": gs.upper_bound(), "approximation": gs.approximation()})


@check("A.approx", "enumeration")
def _a_approx_table(budget: Budget) -> list[Evidence]:
    """Exact A (integer arithmetic) at the figures' and the small sample sizes: the sandwich holds at every
    point and bounds the relative error; the error table; the fixed-threshold readings."""
    rows = _rows(_SMALL_NS + _FIGURE_NS)

    def sandwiched(row: dict) -> tuple[bool, dict]:
        ok = row["L"] <= row["A"] <= row["U"] and (row["bound"] is None or row["relative error"] <= row["bound"])
        return ok, {"A": row["A"], "L": row["L"], "U": row["U"]}

    q3s = [str(x) for x in _Q3S]
    primary = exhaustive(rows, sandwiched, detail={"relative errors": _table(rows)},
                         domain=f"exact A at n in {list(_SMALL_NS + _FIGURE_NS)}, q3 in {q3s} with (n+1)(1-q3) > 1: "
                                "L <= A <= U and |approx - A|/A <= max|1/(D L) - 1|, |1/(D U) - 1| (a bound that "
                                "tends to 0)")
    readings = []
    for reading, sizes in zip(_READINGS, (_FIGURE_NS, _SMALL_NS)):
        chosen = [row for row in rows if row["n"] in sizes]
        readings.append(exhaustive(
            chosen, lambda row: (row["relative error"] <= _FIXED_THRESHOLD,
                                 {"relative error": _percent(row["relative error"]), "A": row["A"],
                                  "approximation": row["approximation"]}),
            domain=f"exact A at n in {list(sizes)}, q3 in {q3s}: relative error <= 1%", reading=reading,
            detail={"relative errors": _table(chosen)}))
    return [primary, *readings]


define(Claim(
    id="A.approx.warner", title="the approximation at $p + q = 1$ gives Eq. (1)", source="003 after Theorem 3.10",
    printed=(r"Var[\hat{\pi}|N_{1}+N_{2}\neq 0]=\frac{-(\pi-\frac{1}{2})^{2}+\frac{1}{4}\frac{1}{(2p-1)^{2}}}{n}",),
    statement=(r"$p+q=1:\ Var[\hat{\pi}\mid N_1+N_2\neq0]=\frac{-(\pi-\frac12)^2+\frac14\frac{1}{(2p-1)^2}}{n}$ "
                "(exactly Eq. (1))"),
    domain=r"$p + q = 1$, $p > 1/2$, $\pi \in [0, 1]$, $n \ge 1$",
    interpretation=("with $p + q = 1$ ($q_3 = 0$) the approximation $1/((n+1)(p+q)-1) = 1/n$ equals $A$ exactly, and "
                    "the conditional variance equals the printed expression, which equals Eq. (1)"),
))


@check("A.approx.warner", "symbolic")
def _aw_symbolic(budget: Budget) -> list[Evidence]:
    warner = {q: 1 - p}
    return [identity(P.T310.xreplace({A(): P.A_APPROX}).xreplace(warner), P.A_APPROX_WARNER,
                     domain="p + q = 1, p != 1/2 (symbolic: Theorem 3.10 with A -> 1/n)"),
            identity(P.A_APPROX_WARNER, P.EQ1, domain="p != 1/2 (symbolic: the same as Eq. (1))"),
            identity(sympy.Subs(P.A_APPROX, q, 1 - p), 1 / n, domain="p + q = 1 (symbolic: the approximation is 1/n)")]


@check("A.approx.warner", "enumeration")
def _aw_enumeration(budget: Budget) -> Evidence:
    points = [x for x in warner_points(budget) if x["p"] > Fraction(1, 2)]
    return compare_moment(P.PI_HAT, P.A_APPROX_WARNER, mechanism=SURVEY_Q2X3, moment="variance", given=GIVEN,
                          n_values=sample_sizes(budget), points=points, label="p + q = 1")
