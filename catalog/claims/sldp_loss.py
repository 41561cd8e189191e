"""Claim of 003 §3.2: the SLDP loss of the example mechanism Q_{2×3} (epsS). Readings and conventions as in
:mod:`catalog.claims.sldp`; the closed forms come from :mod:`catalog.engines.privacy_lemmas`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import sympy

from numeric import strategies
from numeric.definitions import ldp
from numeric.mechanisms import evidential_q2x3, q2x3_masses
from proofs.base.claim import Claim
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.base.registry import check, define
from catalog.engines import privacy_lemmas as lemmas


# ==========================================================================================================
# epsS: the SLDP loss of Q_{2x3}
# ==========================================================================================================
define(Claim(
    id="epsS", title=r"SLDP loss of $Q_{2\times 3}$", source="003 §3.2",
    printed=(r"\epsilon^{S}(p,q)=ln(\frac{p}{q})",),
    statement=(r"According to Shafer's semantics, the privacy loss for the mechanism $Q_{2\times 3}$ is defined "
               r"as $\epsilon^{S}(p,q)=ln(\frac{p}{q})$"),
    domain=lemmas.Q23_DOMAIN,
    interpretation=(lemmas.CONVENTION +
                    r". Checked: the loss $\epsilon_S$ of Definition 3.1, over all $x, x', E$, equals $\ln(p/q)$; "
                     r"at $q = 0$ both are $+\infty$; at $p + q = 1$ the 'don't know' column is $0/0$ (no constraint)"),
    readings=(lemmas.NO_HALF,),
    definitions=("SLDP",),
))

_P, _Q = sympy.symbols("p q", real=True)


def _bound_conditions(table: dict, reading: str, bound: Any, prefix: str = "") -> list[tuple[str, Any]]:
    return [(f"{prefix}{x}/{y} on E={event}: {bound}·bottom - top >= 0", expr)
            for x, y, event, expr in ldp.loss_conditions(table, 2, reading, bound)]


@check("epsS", "decision")
def _eps_s_decision(budget: Budget) -> Evidence:
    """z3 decides r_S <= p/q on q > 0 for every (x, x', E) of Definition 3.1 (cross-multiplied); the bound is
    attained at (x, x', {yes}) (m_x({yes}) q - p m_x'({yes}) is identically 0, m_x'({yes}) = q > 0); at q = 0,
    m_x({yes}) = p > 0 = m_x'({yes}), so r_S = +∞ = p/0."""
    table = q2x3_masses(_P, _Q)
    attained = sympy.expand(table["x"][1] * _Q - _P * table["x'"][1]) == 0
    conditions = _bound_conditions(table, "SLDP", _P / _Q) + [("m_x'({yes}) = q > 0", table["x'"][1])]
    return lemmas.q2x3_decision(budget, conditions, boundary=("q = 0: m_x({yes}) = p > 0 = m_x'({yes})", table["x"][1]),
                                attained=attained, attained_text="m_x({yes}) q - p m_x'({yes}) = 0 identically")


@check("epsS", "enumeration")
def _eps_s_cases(budget: Budget) -> Iterable[Evidence]:
    """r_S of Q_{2x3}(p, q) from Definition 3.1 against p/q: exact grid (boundaries included), the same grid
    without p > 1/2 (an alternative reading, reported beside), random exact (p, q)."""
    return lemmas.q2x3_evidence(budget, lambda p, q: {"r_S": ldp.sldp_ratio(evidential_q2x3(p, q))},
                                lambda p, q: p / q if q else float("inf"), strategies.q2x3_parameters())
