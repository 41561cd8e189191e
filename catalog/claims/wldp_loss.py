"""Claim of 003 §3.2: the WLDP loss of the example mechanism Q_{2×3} (epsW).

Readings and conventions as in :mod:`catalog.claims.wldp`.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import sympy

from numeric import strategies
from numeric.definitions import ldp
from numeric.mechanisms import evidential_q2x3, q2x3_masses, evidential_q_lambda, q_lambda_masses
from proofs.base.claim import Claim
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.base.registry import check, define
from catalog.engines import privacy_lemmas as lemmas
from proofs.engines.argument import at_point


# ==========================================================================================================
# epsW: the WLDP loss of Q_{2x3}
# ==========================================================================================================
define(Claim(
    id="epsW", title=r"WLDP loss of $Q_{2\times 3}$", source="003 §3.2",
    printed=(r"ln(\frac{1-q}{q})",),
    statement=(r"according to Walley's semantics, the privacy loss for $Q_{2\times 3}$ is defined as "
               r"$ln(\frac{1-q}{q})$, which is denoted as $\epsilon^{W}(p,q)$ and is equal to the privacy loss of "
               "the associated matrix $Q_{1}$ in Warner's model"),
    domain=lemmas.Q23_DOMAIN,
    interpretation=(lemmas.CONVENTION +
                    ". Checked: the loss of Definition 3.13 (credal sets, all ordered pairs $x, x'$ including $x = "
                     r"x'$) of $Q_{2\times 3}$ equals $\ln((1-q)/q)$, and so does the (standard = Shafer = Walley, "
                     r"Bayesian rows) loss of $Q_1 = [[1-q, q], [q, 1-q]]$ ($Q_\lambda$ at $\lambda = 1$); at $q = "
                     r"0$ all are $+\infty$. Under 'WLDP: distinct pairs' the value is the same ($pl_x/bel_x = "
                     r"(1-q)/p \le (1-q)/q$)"),
    readings=(lemmas.NO_HALF,),
    definitions=("WLDP", "SLDP"),
    related={"epsS": "the SLDP loss of the same mechanism"},
))

_P, _Q = sympy.symbols("p q", real=True)


@check("epsW", "decision")
def _eps_w_decision(budget: Budget) -> Evidence:
    """Definition 3.13 literally (probability vectors dominating bel, one per row), the pl/bel form and Q_1's
    mass ratios: every ratio <= (1-q)/q on q > 0 (z3); attained by the credal pair pr_x = (1-q, q),
    pr_x' = (q, 1-q) (in the credal sets, decided) and by Q_1 at {yes}; at q = 0 the ratio is 1/0 = +∞."""
    table, bound = q2x3_masses(_P, _Q), (1 - _Q) / _Q
    conditions, constraints, pr = ldp.credal_conditions(table, 2, bound)
    named = [(f"Definition 3.13 at {x}/{y}, E={e}", expr) for x, y, e, expr in conditions]
    named += [(f"pl/bel at {x}/{y}, E={e}", expr) for x, y, e, expr in ldp.loss_conditions(table, 2, "WLDP", bound)]
    named += [(f"Q_1 at {x}/{y}, E={e}", expr)
              for x, y, e, expr in ldp.loss_conditions(q_lambda_masses(_P, _Q, 1), 2, "SLDP", bound)]
    witness = dict(zip(pr, (1 - _Q, _Q, _Q, 1 - _Q)))
    at_witness, equalities = at_point(constraints, witness)
    q1 = q_lambda_masses(_P, _Q, 1)
    attained = equalities and sympy.expand(_Q * witness[pr[0]] - (1 - _Q) * witness[pr[2]]) == 0 and \
        sympy.expand(_Q * q1["x"][1] - (1 - _Q) * q1["x'"][1]) == 0
    return lemmas.q2x3_decision(
        budget, named + at_witness, extra_hypotheses=constraints, symbols=("p", "q") + tuple(map(str, pr)),
        boundary=("q = 0: pl_x({yes}) = 1 - q > 0 = bel_x'({yes})", 1 - _Q), attained=attained,
        attained_text="q pr_x({yes}) - (1-q) pr_x'({yes}) and q m1_x({yes}) - (1-q) m1_x'({yes}) = 0 identically")


@check("epsW", "enumeration")
def _eps_w_cases(budget: Budget) -> Iterable[Evidence]:
    """r^W of Q_{2x3}(p, q) by pl/bel and over credal vertices, and the loss of Q_1 = Q_λ at λ = 1 (SLDP and
    WLDP), against (1-q)/q: exact grid, the grid without p > 1/2 (reported beside), random exact (p, q)."""
    def ratios(p: Fraction, q: Fraction) -> dict:
        Q, Q1 = evidential_q2x3(p, q), evidential_q_lambda(p, q, 1)
        return {"r^W (pl/bel)": ldp.wldp_ratio(Q), "r^W (credal vertices)": Q.ratio_walley_vertices(),
                "r of Q_1 (SLDP)": ldp.sldp_ratio(Q1), "r of Q_1 (WLDP)": ldp.wldp_ratio(Q1)}

    return lemmas.q2x3_evidence(budget, ratios, lambda p, q: (1 - q) / q if q else float("inf"),
                                strategies.q2x3_parameters())
