"""Claims of the report 004 §2.2 on the Bassily–Smith extension of randomized response to T types
(R.bassily-smith) and the likelihood-ratio step of its proof (R.bassily-smith.ratio).

Readings (:mod:`numeric.definitions.report`), as in :mod:`catalog.claims.report_mechanisms`.
"""

from __future__ import annotations

import itertools
from dataclasses import replace
from fractions import Fraction

import sympy

from catalog.models import meanest as mechanisms
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method
from proofs.base.registry import check, define
from catalog.claims.report_common import HALF, p_grid
from proofs.engines.composite import chain, premise_witnessed
from proofs.engines.methods import exhaustive, identity
from catalog.engines.notation import paper_sign_evidence
from catalog.derivations import meanest as derivations
from symbolic.symbols import p as p_symbol
from catalog.claims.report_mechanisms import HALF_SYMBOLIC


# ===================================================================================== R.bassily-smith
define(Claim(
    id="R.bassily-smith", title=r"per-coordinate randomized response on one-hot vectors is $\epsilon$-DP",
    printed=(r"\leq e^{\frac{\epsilon}{2}} \cdot e^{\frac{\epsilon}{2}}",),
    source="004 §2.2",
    statement=r"$\frac{\frac12+p}{\frac12-p} \le e^{\epsilon/2} \Longrightarrow "
              r"\frac{\Pr(\mathcal M(i) = b \mid t)}{\Pr(\mathcal M(i) = b \mid t')} = "
              r"\frac{\frac12+p}{\frac12-p}\cdot\frac{\frac12+p}{\frac12-p} \le e^{\epsilon}$",
    domain=r"$0 < p < 1/2$, $\epsilon > 0$, $T \ge 1$ types, one-hot inputs, $b \in \{0,1\}^T$",
    interpretation=(r"pure $\epsilon$-DP of the one-individual mechanism (and of $n$ individuals, neighbours "
                    r"differing in one individual's type): the conclusion (ratio $\le e^{\epsilon}$ for every $b$) "
                    "is what is checked; the middle equality is the proof step R.bassily-smith.ratio."),
    premise=r"$(1/2 + p)/(1/2 - p) \le e^{\epsilon/2}$",
    definitions=("(eps, delta)-DP (004 Definition 2)",),
    related={"R.bassily-smith.ratio": "the proof step (the ratio for any $b$)", "R.rr-eps": "the two-type case"},
))


def _ratio_bound(budget: Budget) -> Evidence:
    """With s = e^{ε/2} > 0 (a monotone substitution): r <= s ⇒ r² <= s² on 0 < p < 1/2 (z3)."""
    r = (HALF + p_symbol) / (HALF - p_symbol)
    return paper_sign_evidence(sympy.Symbol("s") ** 2 - r ** 2, ["p > 0", "p < 1/2", "s > 0", f"s - ({r}) >= 0"],
                         sign=">=0", symbols=["s"], timeout=budget.timeout)


def _bs_ratio(bt: int, bt2: int) -> sympy.Expr:
    """Pr[RR(1) = b_t] Pr[RR(0) = b_t'] / (Pr[RR(0) = b_t] Pr[RR(1) = b_t']) as written (004 §2.2), from
    Pr[RR(x) = b] = 1/2 + p if b = x else 1/2 - p (sympy would cancel equal factors on construction)."""
    def rr(x: int, b: int) -> sympy.Expr:
        return HALF_SYMBOLIC + p_symbol if b == x else HALF_SYMBOLIC - p_symbol

    w, x, y, z = sympy.symbols("factor1:5")  # bound names; plain symbols print the same in every run
    return sympy.Subs(w * x / (y * z), (w, x, y, z), (rr(1, bt), rr(0, bt2), rr(0, bt), rr(1, bt2)))


@check("R.bassily-smith", "decision")
def _bs_decision(budget: Budget) -> Evidence:
    r, ratios = derivations.bassily_smith_ratios()
    steps = [(f"ratio at (b_t, b_t') = {key} is r^{2 * (key[0] - key[1])}",
              identity(_bs_ratio(*key), r ** (2 * (key[0] - key[1])), domain="0 < p < 1/2",
                       simplify=lambda e: sympy.cancel(sympy.together(e.doit()))))
             for key in ratios]
    steps.append(("r <= e^{ε/2} ⇒ r^2 <= e^ε (s = e^{ε/2})", _ratio_bound(budget)))
    proof = chain(steps, conclusion="max over b of the ratio is r^2 <= e^ε; the other coordinates and the other "
                                    "individuals have the same law under t and t' and cancel",
                  method=Method.DECISION, domain="every 0 < p < 1/2, ε with r <= e^{ε/2}, T >= 2 (T = 1: one "
                                                 "input, nothing to compare)")
    point = {"p": Fraction(1, 4), "e^(eps/2)": 3}
    return premise_witnessed(proof, point, mechanisms.WarnerRR(point["p"]).ratio <= point["e^(eps/2)"])


@check("R.bassily-smith", "enumeration")
def _bs_enumeration(budget: Budget) -> Evidence:
    """Exact max ratio over every b and t ≠ t' for T = 1..4, against s² with s = e^{ε/2} on a grid around r:
    the cases with r <= s satisfy the premise (counted), the others are skipped."""
    cases = []
    for p in p_grid(budget):
        r = mechanisms.WarnerRR(p).ratio
        for s in (r, r * Fraction(11, 10), r * Fraction(9, 10), 2 * r):
            cases += [{"p": p, "T": T, "e^(eps/2)": s} for T in (1, 2, 3, 4)]

    def holds(case):
        worst = mechanisms.OneHotRR(case["p"], case["T"]).max_ratio()
        return worst <= case["e^(eps/2)"] ** 2, {"worst ratio/e^eps": worst / case["e^(eps/2)"] ** 2}

    return exhaustive(cases, holds, premise=lambda c: mechanisms.WarnerRR(c["p"]).ratio <= c["e^(eps/2)"],
                      domain=f"T = 1..4, every output b and types t, t'; p on a {budget.grid}-point grid; e^(eps/2) in "
                             "{r, 11r/10, 9r/10, 2r} (exact rationals; 9r/10 violates the premise)",
                      detail={"note": "max ratio = r^2 for T >= 2: at e^(eps/2) = r the loss is exactly eps"})


# ===================================================================================== R.bassily-smith.ratio
define(Claim(
    id="R.bassily-smith.ratio", title="Bassily-Smith proof: the ratio for any response vector",
    printed=(r"&= \frac{\frac{1}{2} + p}{\frac{1}{2} - p} \cdot \frac{\frac{1}{2} + p}{\frac{1}{2} - p}",),
    source="004 §2.2",
    statement=(r"for any vector $b \in \{0,1\}^T:\ \frac{\Pr[RR(1) = b_t]\Pr[RR(0) = b_{t'}]}{\Pr[RR(0) = "
                r"b_t]\Pr[RR(1) = b_{t'}]} = \frac{\frac12 + p}{\frac12 - p}\cdot\frac{\frac12 + p}{\frac12 - p}$"),
    domain=(r"one-hot inputs of types $t \ne t'$ among $T \ge 2$, $0 < p < 1/2$, every response vector $b \in \{0, "
            r"1\}^T$"),
    interpretation=("the printed equality for every $b$ (the proof says 'for any vector $b$'); the weaker bound "
                    r"$\le ((1/2+p)/(1/2-p))^2$, which is all the proof needs, is the alternative reading"),
    readings=("as an upper bound",),
    related={"R.bassily-smith": "the claim this step proves"},
))

_RATIO_CORRECTED = (r"$\frac{\Pr(\mathcal M(i) = b \mid t)}{\Pr(\mathcal M(i) = b \mid t')} = "
                    r"\Big(\frac{\frac12+p}{\frac12-p}\Big)^{2(b_t - b_{t'})} \le "
                    r"\Big(\frac{\frac12+p}{\frac12-p}\Big)^2$, with equality iff $b_t = 1, b_{t'} = 0$")


def _ratio_cases(budget: Budget):
    return [{"p": p, "T": T, "b": b, "t": t, "t'": u} for p in p_grid(budget)[::2] for T in (2, 3)
            for b in itertools.product((0, 1), repeat=T) for t in range(T) for u in range(T) if t != u]


def _ratio_at(case) -> tuple[Fraction, Fraction]:
    mech = mechanisms.OneHotRR(case["p"], case["T"])
    return mech.pmf(case["b"], case["t"]) / mech.pmf(case["b"], case["t'"]), mech.rr.ratio ** 2


@check("R.bassily-smith.ratio", "symbolic")
def _bs_ratio_symbolic(budget: Budget):
    r, ratios = derivations.bassily_smith_ratios()
    exact = [identity(value, r ** (2 * (key[0] - key[1])), domain=f"(b_t, b_t') = {key}, every 0 < p < 1/2")
             for key, value in ratios.items()]
    correction = Correction(_RATIO_CORRECTED, tuple(exact))
    ev = identity(ratios[(0, 0)], r * r, points=[{"p": Fraction(1, 4), "b_t": 0, "b_t'": 0}],
                  domain="(b_t, b_t') = (0, 0): b agrees with neither input at the two coordinates",
                  within="0 < p < 1/2")
    yield replace(ev, corrected=correction, holds_when="$b_t = 1$ and $b_{t'} = 0$")
    def at_most(value):
        gap = sympy.simplify(r ** 2 - value)
        if gap == 0:
            return identity(value, r ** 2, domain="every 0 < p < 1/2")
        return paper_sign_evidence(gap, ["p > 0", "p < 1/2"], sign=">=0", timeout=budget.timeout)

    yield chain([(f"(b_t, b_t') = {key}", at_most(value)) for key, value in ratios.items()],
                conclusion="the ratio is at most r^2 for every b", method=Method.DECISION,
                domain="every 0 < p < 1/2 and every b", reading="as an upper bound")


@check("R.bassily-smith.ratio", "enumeration")
def _bs_ratio_enumeration(budget: Budget):
    cases = _ratio_cases(budget)

    def equal(case):
        lhs, rhs = _ratio_at(case)
        return lhs == rhs, {"lhs": lhs, "rhs": rhs}

    attained = sum(1 for case in cases if _ratio_at(case)[0] == _ratio_at(case)[1])
    ev = exhaustive(cases, equal, domain="T in (2, 3), every b, t != t', p on a grid of (0, 1/2); exact rationals",
                    detail={"cases where the printed value is attained": attained, "cases": len(cases)})
    corrected = exhaustive(cases, lambda c: _ratio_at(c)[0] == mechanisms.WarnerRR(c["p"]).ratio ** (
        2 * (c["b"][c["t"]] - c["b"][c["t'"]])), domain="the same cases: the ratio is r^(2(b_t - b_t'))")
    yield replace(ev, corrected=Correction(_RATIO_CORRECTED, (corrected,)))
    yield exhaustive(cases, lambda c: _ratio_at(c)[0] <= _ratio_at(c)[1], reading="as an upper bound",
                     domain="the same cases: ratio <= r^2")
