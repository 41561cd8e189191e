"""The statistical witness: a seeded Monte Carlo of the survey against a claimed mean or variance.

At each case the survey is simulated (:mod:`numeric.simulate`: Q_{2x3} of 003 §3.1 with the MLE of
Eq. (2), conditional on N1 + N2 != 0; or Q_λ of §3.2, of which Warner's survey is the case q = 1 - p,
with the MLE (N1/n - b)/(a - b)), and the simulated moment is compared with the claimed value, computed
exactly (:data:`core.context.EXACT`), through its standard error. A simulation never proves and never
refutes on its own: the most it reports is ``holds`` (every |z| <= z_max), and a case beyond z_max
becomes a counterexample only when exact enumeration of every outcome (:func:`numeric.enumeration.moments`
in exact mode) confirms that the claimed value is not the moment.

``statistic`` is the simulated estimator written as a sympy expression in N1, N2, n and the parameters;
it is used for that exact re-check.
"""

from __future__ import annotations

import math
import time
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

import sympy

from core.context import EXACT
from core.formula import as_sympy
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from core.errors import invalid
from symbolic.model import q2x3_entries, qlambda_entries
from symbolic.symbols import lam, p, q, by_name
from numeric.enumeration import moments
from numeric.simulate import simulate_q2x3, simulate_qlambda

__all__ = ["simulation_witness", "exact_moment", "SURVEYS", "GIVEN"]

#: the event of Theorems 3.9 and 3.10
GIVEN = "N1 + N2 > 0"
SURVEYS = ("q2x3", "qlambda")
_MOMENTS = ("mean", "variance")


def simulation_witness(statistic: sympy.Expr, claimed: sympy.Expr, *, moment: str, cases: Sequence[Mapping[str, Any]],
                       replicates: int, survey: str = "q2x3", given: str | None = GIVEN, reading: str | None = None,
                       z_max: float = 6.0, first_seed: int = 1000) -> Evidence:
    """Simulation evidence that ``claimed`` (in n, p, q, pi, lam; q1, q2, q3 as in 003 §3.1) is the
    ``moment`` of the survey's MLE at every case (see the module docstring)."""
    if moment not in _MOMENTS:
        raise invalid("moment", moment, f"must be one of {list(_MOMENTS)}")
    if survey not in SURVEYS:
        raise invalid("survey", survey, f"must be one of {list(SURVEYS)}")
    if not cases:
        raise invalid("cases", cases, "needs at least one case")
    start = time.perf_counter()
    domain = _domain(cases, replicates, z_max, survey)
    worst = 0.0
    for i, case in enumerate(cases):
        target = _claimed(claimed, case, survey)
        got, se = _simulated(case, survey, moment, replicates, first_seed + i)
        z = abs(got - float(target)) / se if se > 0 else (0.0 if math.isclose(got, float(target)) else math.inf)
        worst = max(worst, z)
        if z > z_max:
            exact = exact_moment(statistic, case, survey=survey, moment=moment, given=given)
            if exact != target:
                return Evidence(Method.SIMULATION, Outcome.COUNTEREXAMPLE, domain,
                                {"z": round(z, 2), "simulated": got, "standard error": se, "replicates": replicates},
                                counterexample={**case, "moment": moment, "exact": exact, "claimed": target},
                                recheck=Recheck.EXACT, reading=reading, seconds=time.perf_counter() - start)
    return Evidence(Method.SIMULATION, Outcome.HOLDS, domain,
                    {f"largest |z| over the {len(cases)} simulated cases": round(worst, 3), "replicates": replicates,
                     "seeds": f"{first_seed}..{first_seed + len(cases) - 1}"},
                    reading=reading, seconds=time.perf_counter() - start)


def _claimed(claimed: sympy.Expr, case: Mapping[str, Any], survey: str) -> Fraction:
    expr = as_sympy(claimed, name="claimed", symbols=by_name())
    if survey == "q2x3":
        expr = expr.xreplace(q2x3_entries())
    names = {s.name for s in expr.free_symbols}
    return EXACT.evaluate(expr, {k: v for k, v in case.items() if k in names})


def _simulated(case: Mapping[str, Any], survey: str, moment: str, replicates: int, seed: int) -> tuple[float, float]:
    levels = [float(Fraction(case[k])) for k in ("p", "q")]
    if survey == "q2x3":
        sim = simulate_q2x3(case["n"], *levels, float(Fraction(case["pi"])), replicates=replicates, seed=seed)
    else:
        sim = simulate_qlambda(case["n"], *levels, float(Fraction(case["lam"])), float(Fraction(case["pi"])),
                               replicates=replicates, seed=seed)
    if moment == "mean":
        return float(sim.mean[0]), float(sim.mean_se[0])
    return float(sim.variance[0]), float(sim.variance_se[0])


def exact_moment(statistic: sympy.Expr, case: Mapping[str, Any], *, survey: str = "q2x3", moment: str = "mean",
                 given: str | None = GIVEN) -> Fraction:
    """The exact mean or variance of ``statistic`` at one case, by enumeration of every outcome in exact
    arithmetic (Q_λ as Warner's survey with truth probability a = p + λ(1-p-q); ``given`` is for Q_{2x3})."""
    if survey == "q2x3":
        m = moments(statistic, case["n"], case["p"], case["q"], case["pi"], given=given, mode="exact")
    else:   # Q_λ is Warner's survey with truth probability a = p + λ(1-p-q)
        values = {p: sympy.Rational(str(case["p"])), q: sympy.Rational(str(case["q"])),
                  lam: sympy.Rational(str(case["lam"]))}
        a = Fraction(str(qlambda_entries()[0].xreplace(values)))
        m = moments(as_sympy(statistic, name="statistic", symbols=by_name()).xreplace(values), case["n"], a, 1 - a, case["pi"], mode="exact")
    return m.mean if moment == "mean" else m.variance


def _domain(cases: Sequence[Mapping[str, Any]], replicates: int, z_max: float, survey: str) -> str:
    shown = "; ".join(", ".join(f"{k}={v}" for k, v in c.items()) for c in cases)
    model = "Q_{2x3}, conditional on N1 + N2 != 0" if survey == "q2x3" else "Q_lambda"
    return f"{model}: {replicates} seeded replicates at each of {len(cases)} points ({shown}); |z| <= {z_max}"
