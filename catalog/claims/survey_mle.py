"""Claims of 003 §3.1 on the MLE of the generalized Warner survey Q_{2x3} = [[p, q, 1-p-q], [q, p, 1-p-q]]:
the score equation before Eq. (2), the MLE of Eq. (2), Theorem 3.9 (conditional unbiasedness) and the
unconditional sum of its proof.

Methods: ``symbolic`` (sympy derives the score, the MLE and the conditional mean from the binomial
probability generating function, :mod:`catalog.derivations.likelihood`, :mod:`catalog.derivations.moments`);
``enumeration`` (exact: the likelihood as a python-flint polynomial in π, differentiated as a polynomial; every
multinomial outcome through :func:`proofs.engines.moments.compare_moment`); ``simulation`` (the seeded
Monte Carlo witness of :mod:`catalog.engines.simulation`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

import sympy

from numeric.data_model import GENERALIZED_WARNER_SURVEY as SURVEY_Q2X3
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence, Outcome
from proofs.base.registry import check, define
from proofs.kernel.steps import Identity, Stated, Step
from proofs.engines.methods import exhaustive, identity
from proofs.engines.moments import compare_moment
from catalog.engines.simulation import GIVEN, simulation_witness
from catalog.engines.survey_grids import PAPER, pq_grid, replicates, sample_sizes, survey_points
from catalog.derivations import printed as P
from catalog.derivations.likelihood import log_likelihood, mle_q2x3, score
from symbolic.model import q2x3_entries
from catalog.derivations.moments import binomial_fraction_moments, conditional_mean_q2x3
from symbolic.symbols import n, p, pi, q, q1, q2, q3

# ---------------------------------------------------------------------------------- before Eq. (2)

define(Claim(
    id="Eq2.score", title=r"the score equation of $Q_{2\times 3}$", source="003 before Eq. (2)",
    printed=(r"\frac{n_{1}}{q_{1}}-\frac{n_{2}}{q_{2}}=0",),
    statement=r"$L(\pi)=q_1^{n_1}q_2^{n_2}q_3^{n_3};\ \frac{d}{d\pi}\log L=0 \iff \frac{n_1}{q_1}-\frac{n_2}{q_2}=0$",
    domain=PAPER + "; $q_{1}, q_{2} > 0$ (where the log-likelihood is defined)",
    interpretation=(r"$\frac{d}{d\pi} \log L = (p - q)(n_1/q_1 - n_2/q_2)$, so with $p \ne q$ (implied by $p > 1/2 "
                    r"\ge q$) the derivative vanishes exactly when $n_1/q_1 - n_2/q_2 = 0$"),
    premise=(r"either side of the equivalence holds at the (counts, $\pi$) checked: $\frac{d}{d\pi} \log L = 0$ or "
             "$n_1/q_1 = n_2/q_2$"),
))

_SCORE_COUNTS = ((1, 2, 0), (3, 0, 2), (0, 4, 1), (5, 5, 5), (7, 2, 0), (2, 3, 1))


def _score_cases(budget: Budget) -> list[dict]:
    """(p, q) on a grid, the counts above, pi in {1/5, 1/2, 4/5} and at the root of the score (Eq. (2)) when
    it lies in [0, 1]; n3 > 0 only where q3 > 0 (else the likelihood is 0)."""
    grid = pq_grid(budget)
    cases = []
    for (x, y) in grid[:: max(1, len(grid) // 6)]:
        for (a, b, c) in _SCORE_COUNTS:
            if c and x + y == 1:
                continue
            root = _estimate({"p": x, "q": y, "n1": a, "n2": b}) if a + b else None
            levels = {Fraction(1, 5), Fraction(1, 2), Fraction(4, 5)} | ({root} if root is not None and 0 <= root <= 1
                                                                         else set())
            cases += [{"p": x, "q": y, "pi": z, "n1": a, "n2": b, "n3": c} for z in sorted(levels)]
    return [case for case in cases if _probabilities(case)[0] > 0 and _probabilities(case)[1] > 0]


def _probabilities(case: dict) -> tuple[Fraction, Fraction]:
    x, y, z = case["p"], case["q"], case["pi"]
    return z * x + (1 - z) * y, z * y + (1 - z) * x


def _either_side(case: dict) -> bool:
    q1, q2 = _probabilities(case)
    return case["n1"] * q2 == case["n2"] * q1


@check("Eq2.score", "symbolic")
def _eq2_score_symbolic(budget: Budget) -> Evidence:
    derived = score(q2x3_entries())
    evidence = identity(derived, (p - q) * P.EQ2_SCORE.xreplace(q2x3_entries()),
                        domain=PAPER + "; q1, q2 > 0 (symbolic)")
    witnesses = sum(_either_side(case) for case in _score_cases(budget))
    return replace(evidence, premise_cases=witnesses,
                   detail={**evidence.detail, "witnesses where both sides vanish (the premise can hold)": witnesses},
                   derived={**evidence.derived, "log-likelihood": sympy.srepr(log_likelihood(q2x3_entries())),
                            "score": sympy.srepr(derived)})


@check("Eq2.score", "enumeration")
def _eq2_score_exact(budget: Budget) -> Evidence:
    """Independent of sympy's differentiation of logarithms: the likelihood q1^n1 q2^n2 q3^n3 is a
    polynomial in pi (python-flint ``fmpq_poly``), differentiated as a polynomial; L'(pi)/L(pi) at rational
    pi is compared exactly with (p-q)(n1/q1 - n2/q2), and the two sides of the equivalence with each other."""
    from flint import fmpq, fmpq_poly

    def rational(value: Fraction) -> fmpq:
        return fmpq(value.numerator, value.denominator)

    def holds(case: dict) -> tuple[bool, dict]:
        x, y = case["p"], case["q"]
        first = fmpq_poly([rational(y), rational(x - y)])            # q1(pi) = q + (p - q) pi
        second = fmpq_poly([rational(x), rational(y - x)])           # q2(pi) = p + (q - p) pi
        likelihood = first ** case["n1"] * second ** case["n2"] * rational(1 - x - y) ** case["n3"]
        at = rational(case["pi"])
        derivative = likelihood.derivative()(at) / likelihood(at)
        q1, q2 = _probabilities(case)
        value = Fraction(int(derivative.p), int(derivative.q))
        in_q = Fraction(case["n1"]) / q1 - Fraction(case["n2"]) / q2
        return value == (x - y) * in_q and (value == 0) == (in_q == 0), {"d/dpi log L": value, "n1/q1 - n2/q2": in_q}

    cases = _score_cases(budget)
    return exhaustive(cases, holds, premise=_either_side,
                      domain=f"{len(cases)} exact cases: (p, q) on a rational grid, (n1, n2, n3) in "
                      f"{list(_SCORE_COUNTS)} (n3 > 0 only where q3 > 0), pi in {{1/5, 1/2, 4/5}} and at the root "
                      "of the score: L'(pi)/L(pi) of the polynomial likelihood against (p-q)(n1/q1 - n2/q2), where "
                      "either side of the equivalence holds")


# -------------------------------------------------------------------------------------------- Eq. (2)

define(Claim(
    id="Eq2", title=r"Eq. (2): the MLE of the $Q_{2\times 3}$ survey", source="003 Eq. (2)",
    printed=(r"=\frac{n_{2}q-n_{1}p}{(n_{1}+n_{2})(q-p)}",),
    statement=r"$\hat{\pi}=\frac{n_2q-n_1p}{(n_1+n_2)(q-p)}$",
    domain=PAPER + "; $n_{1} + n_{2} > 0$",
    interpretation=(r"$\hat{\pi}$ maximises the log-likelihood over the $\pi$ where $q_{1}, q_{2} > 0$ (an "
                     "interval containing $[0, 1]$), as the paper does by setting the derivative to zero: for "
                     r"$n_{1}, n_{2} \ge 1$ it is the unique stationary point and a maximum; for $n_{1} = 0$ or "
                     r"$n_{2} = 0$ the likelihood is monotone and $\hat{\pi}$ is the endpoint where its supremum "
                     "is approached"),
    readings=("the maximiser over pi in [0, 1]",),
))


@check("Eq2", "symbolic")
def _eq2_symbolic(budget: Budget) -> Evidence:
    derived = mle_q2x3()
    evidence = identity(P.EQ2, derived, domain=PAPER + "; n1 + n2 > 0 (symbolic: the root of the score equation)")
    second = sympy.simplify(sympy.diff(score(q2x3_entries()), pi))
    return replace(evidence, derived={**evidence.derived, "MLE (solved)": sympy.srepr(derived),
                                      "second derivative": sympy.srepr(second)},
                   detail={**evidence.detail, "second derivative": str(second) + " < 0 wherever q1, q2 > 0"})


def _eq2_cases(budget: Budget) -> list[dict]:
    top = min(budget.n_max, 8)
    return [{"p": x, "q": y, "n1": a, "n2": b, "n3": c} for (x, y) in pq_grid(budget)
            for a in range(top + 1) for b in range(top + 1 - a) for c in (0, 1) if a + b > 0]


def _estimate(case: dict) -> Fraction:
    x, y, a, b = case["p"], case["q"], case["n1"], case["n2"]
    return (Fraction(b) * y - Fraction(a) * x) / ((a + b) * (y - x))


def _is_maximiser(case: dict) -> tuple[bool, dict]:
    """π̂ is the unique stationary point and a maximum (n1, n2 >= 1), or the endpoint of {q1, q2 > 0}
    toward which the monotone likelihood increases (n1 = 0 or n2 = 0); all exact."""
    x, y, a, b = case["p"], case["q"], case["n1"], case["n2"]
    estimate = _estimate(case)
    lo, hi = -y / (x - y), x / (x - y)          # where q1 > 0, resp. q2 > 0

    def score_numerator(t: Fraction) -> Fraction:    # (p-q)(n1 q2 - n2 q1), the score times q1 q2
        return (x - y) * (a * (t * y + (1 - t) * x) - b * (t * x + (1 - t) * y))

    if a and b:
        def likelihood(t: Fraction) -> Fraction:
            return (t * x + (1 - t) * y) ** a * (t * y + (1 - t) * x) ** b

        step = min(estimate - lo, hi - estimate) / 7
        slope = score_numerator(Fraction(1)) - score_numerator(Fraction(0))
        peak = likelihood(estimate) > max(likelihood(estimate - step), likelihood(estimate + step))
        ok = lo < estimate < hi and score_numerator(estimate) == 0 and slope < 0 and peak
        return ok, {"pi_hat": estimate, "score": score_numerator(estimate)}
    end = lo if a == 0 else hi
    monotone = all((score_numerator(t) <= 0) if a == 0 else (score_numerator(t) >= 0)
                   for t in (lo + (hi - lo) * i / 4 for i in range(5)))
    return estimate == end and monotone, {"pi_hat": estimate, "endpoint": end}


@check("Eq2", "enumeration")
def _eq2_exact(budget: Budget) -> list[Evidence]:
    cases = _eq2_cases(budget)
    primary = exhaustive(cases, _is_maximiser, domain=f"{len(cases)} exact cases: (p, q) on the rational grid "
                         f"{[(str(x), str(y)) for x, y in pq_grid(budget)]}, n1 + n2 <= {min(budget.n_max, 8)}, "
                         "n3 in {0, 1}: score zero exactly at pi-hat, linear score numerator with negative slope "
                         "(uniqueness), L(pi-hat) > L(pi-hat +- d)")
    in_unit = exhaustive(cases, lambda c: (0 <= _estimate(c) <= 1, {"pi_hat": _estimate(c)}),
                         domain="the same cases: is pi-hat in [0, 1]?", reading="the maximiser over pi in [0, 1]")
    return [primary, in_unit]


# ---------------------------------------------------------------------------------------- Theorem 3.9

define(Claim(
    id="T3.9", title="Theorem 3.9: conditional unbiasedness", source="003 Theorem 3.9",
    printed=(r"\mathbb{E}[\frac{N_{2}q-N_{1}p}{(N_{1}+N_{2})(q-p)}|N_{1}+N_{2}\neq 0]=\pi",),
    statement=r"$\mathbb{E}\Big[\frac{N_2q-N_1p}{(N_1+N_2)(q-p)}\,\Big|\,N_1+N_2\neq 0\Big]=\pi$",
    domain=PAPER + r"; $n \ge 1$",
))


#: The sample sizes at which a certificate of Theorem 3.9 sums π̂ over every outcome (its definition).
_T39_SIZES = (1, 2, 3)


def q2x3_outcome_sum(size: int, term) -> sympy.Expr:
    """Σ over the outcomes (N1, N2, N3) = (a, m - a, n - m) with M = N1 + N2 = m >= 1 of the multinomial
    probability n!/(a!(m-a)!(n-m)!) q1^a q2^(m-a) q3^(n-m) times ``term(a, m)``, at n = ``size``, with the
    model's q1, q2, q3 in p, q, π (003 §3.1): one unevaluated ``Sum`` over a per m, with concrete bounds."""
    a, m = sympy.symbols("a m", integer=True, nonnegative=True)
    model = q2x3_entries()
    weight = (sympy.factorial(size) / (sympy.factorial(a) * sympy.factorial(m - a) * sympy.factorial(size - m))
              * model[q1] ** a * model[q2] ** (m - a) * model[q3] ** (size - m))
    return sympy.Add(*(sympy.Sum((weight * term(a, m)).xreplace({m: k}), (a, 0, k)) for k in range(1, size + 1)))


def pi_hat_at(a, m):
    """π̂ at N1 = a, N2 = m - a (Eq. (2)): ((m - a) q - a p)/(m (q - p))."""
    return ((m - a) * q - a * p) / (m * (q - p))


def _t39_steps(conditional: bool) -> tuple[Step, ...]:
    """The steps of Theorem 3.9 (``conditional``) or of the unconditional sum in its proof: E[N1 | M = m] = m r
    from the binomial pgf (a derivative), the conditional mean of π̂ given M = m is π for every m (an identity
    in p, q, π, m), and, from the definition, the sum of π̂ over every outcome with M > 0 at n = 1, 2, 3."""
    t, m = sympy.Symbol("t"), sympy.Symbol("m", integer=True, positive=True)
    rr = sympy.Symbol("r", positive=True)
    model = q2x3_entries()
    ratio = model[q1] / (model[q1] + model[q2])
    pgf = (1 - rr + rr * t) ** m
    steps: list[Step] = [
        Stated("given M = N1 + N2 = m, N1 ~ Binomial(m, r) with r = q1/(q1 + q2) (the multinomial thinned); its "
               "mean is G'(1) for the pgf G(t) = (1 - r + r t)^m"),
        Identity("E[N1 | M = m] = G'(1) = m r", sympy.Subs(sympy.Derivative(pgf, t), t, 1), m * rr),
        Stated("pi-hat given M = m is affine in N1: E[pi-hat | M = m] = ((m - E[N1|M=m]) q - E[N1|M=m] p)/(m (q-p)) "
               "(linearity of expectation)"),
        Identity("E[pi-hat | M = m] = ((m - m r) q - m r p)/(m (q - p)) = pi for every m >= 1, r = q1/(q1 + q2)",
                 ((m - m * ratio) * q - m * ratio * p) / (m * (q - p)), pi, "cancel"),
        Stated("so E[pi-hat | M > 0] = sum over m >= 1 of P(M = m | M > 0) pi = pi"
               + ("" if conditional else ", and E[pi-hat; M > 0] = pi P(M > 0) = pi (1 - q3^n), as M ~ "
                  "Binomial(n, 1 - q3)")),
    ]
    for size in _T39_SIZES:
        total = q2x3_outcome_sum(size, pi_hat_at)
        if conditional:
            steps.append(Identity(f"from the definition at n = {size}: the sum of pi-hat over the outcomes with "
                                  "N1 + N2 > 0, divided by P(N1 + N2 > 0), is pi",
                                  total / q2x3_outcome_sum(size, lambda a, m: 1), pi, "cancel"))
        else:
            steps.append(Identity(f"from the definition at n = {size}: the sum of pi-hat over the outcomes with "
                                  "N1 + N2 > 0 is pi (1 - q3^n)", total,
                                  P.T39_PROOF.xreplace({q3: 1 - p - q, n: size}), "cancel"))
    return tuple(steps)


@check("T3.9", "symbolic")
def _t39_symbolic(budget: Budget) -> Evidence:
    evidence = identity(conditional_mean_q2x3(), pi, domain=PAPER + "; n >= 1 (symbolic: E[pi-hat | N1+N2 = m] = "
                        "pi for every m >= 1, from the binomial pgf)")
    mean_f, var_f = binomial_fraction_moments()
    steps = _t39_steps(True) if evidence.outcome is Outcome.PROVED else evidence.steps
    return replace(evidence, derived={**evidence.derived, "E[N1/m]": sympy.srepr(mean_f),
                                      "Var(N1/m)": sympy.srepr(var_f)}, steps=steps)


@check("T3.9", "enumeration")
def _t39_enumeration(budget: Budget) -> Evidence:
    return compare_moment(P.PI_HAT, P.T39_MEAN, mechanism=SURVEY_Q2X3, moment="mean", given=GIVEN,
                          n_values=sample_sizes(budget), points=survey_points(budget))


@check("T3.9", "simulation")
def _t39_simulation(budget: Budget) -> Evidence:
    cases = [{"n": 3, "p": Fraction(3, 4), "q": Fraction(0), "pi": Fraction(3, 10)},
             {"n": 10, "p": Fraction(2, 3), "q": Fraction(1, 12), "pi": Fraction(1, 2)},
             {"n": 40, "p": Fraction(3, 5), "q": Fraction(1, 5), "pi": Fraction(9, 10)}]
    return simulation_witness(P.PI_HAT, P.T39_MEAN, moment="mean", cases=cases, replicates=replicates(budget))


define(Claim(
    id="T3.9.proof", title="proof of Theorem 3.9: the unconditional sum", source="003 proof of Theorem 3.9",
    printed=(r"\mathbb{E}[\frac{N_{2}q-N_{1}p}{(N_{1}+N_{2})(q-p)}]=\pi(1-q_{3}^{n})",),
    statement=r"$\mathbb{E}\Big[\frac{N_2q-N_1p}{(N_1+N_2)(q-p)}\Big]=\pi(1-q_3^n)$",
    domain=PAPER + r"; $n \ge 1$",
    interpretation=("the expectation runs over all outcomes with the term $N_{1} + N_{2} = 0$ counted as 0 (as in "
                     "the proof of Lemma 4.1)"),
    related={"T3.9": "the theorem this step proves", "L4.1": "the lemma the step uses"},
))


@check("T3.9.proof", "symbolic")
def _t39p_symbolic(budget: Budget) -> Evidence:
    on_event = conditional_mean_q2x3() * (1 - (1 - p - q) ** n)
    evidence = identity(on_event, P.T39_PROOF.xreplace({q3: 1 - p - q}),
                        domain=PAPER + "; n >= 1 (symbolic: E[pi-hat; M > 0] = E[pi-hat | M > 0] (1 - q3^n))")
    return replace(evidence, steps=_t39_steps(False)) if evidence.outcome is Outcome.PROVED else evidence


@check("T3.9.proof", "enumeration")
def _t39p_enumeration(budget: Budget) -> Evidence:
    return compare_moment(P.PI_HAT, P.T39_PROOF, mechanism=SURVEY_Q2X3, moment="mean_on", given=GIVEN,
                          n_values=sample_sizes(budget), points=survey_points(budget))
