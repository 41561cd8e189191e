"""003 §3.2: Q_λ and the accuracies ν^S, ν^W (catalog/claims/qlambda.py) at the quick budget."""

from __future__ import annotations

from fractions import Fraction

from core.context import EXACT
from numeric.enumeration import moments
from proofs.base.verdict import Status, correction_status
from catalog.derivations import printed as P
from catalog.derivations.likelihood import mle_qlambda
from tests.claims.quick_results import quick


def test_nuS_headline_counterexample_shows_the_inverted_bracket():
    """n = 1, p = 2/3, q = 1/6, π = 0: the printed ν^S is -6/25, a negative variance; the exact one is 4/9."""
    verdict = quick("nuS").verdict
    point = verdict.counterexample
    assert (int(point["n"]), Fraction(point["p"]), Fraction(point["q"]), Fraction(point["pi"])) == (
        1, Fraction(2, 3), Fraction(1, 6), Fraction(0))
    values = {"n": 1, "p": Fraction(2, 3), "q": Fraction(1, 6), "pi": Fraction(0)}
    assert (values["n"] + 1) * (values["p"] + values["q"]) > 1
    exact = moments(P.PI_HAT, 1, values["p"], values["q"], values["pi"], given="N1+N2>0", mode="exact").variance
    assert EXACT.evaluate(P.NU_S, values) == Fraction(-6, 25) == Fraction(point["lhs"])
    assert exact == Fraction(4, 9) == Fraction(point["rhs"])
    assert Fraction(point["printed bracket"]) < 0 < Fraction(point["bracket of Theorem 3.10"])
    assert verdict.corrected is not None and correction_status(verdict.correction) is Status.PROVED


def test_Qlambda_mle_000_counterexample_is_in_the_domain_and_exact():
    point = quick("Qlambda.mle@000").verdict.counterexample
    values = {"n": int(point["n"]), "n1": int(point["n1"]), **{k: Fraction(point[k]) for k in ("p", "q", "lam")}}
    assert values["p"] > Fraction(1, 2) and values["q"] >= 0 and values["p"] + values["q"] <= 1
    assert 0 <= values["lam"] <= 1 and 0 <= values["n1"] <= values["n"]
    printed, derived = EXACT.evaluate(P.QLAMBDA_MLE_000, values), EXACT.evaluate(mle_qlambda(), values)
    assert printed != derived and (Fraction(point["lhs"]), Fraction(point["rhs"])) == (printed, derived)


def test_Qlambda_mle_000_holds_exactly_when_n1_is_0_or_n_is_1():
    """The sub-domain where 000's formula is the MLE names both cases, and it is checked: equality at a case of
    the domain iff n1 = 0 or n = 1."""
    verdict = quick("Qlambda.mle@000").verdict
    assert verdict.holds_when.startswith("$n_1 = 0$ or $n = 1$")
    evidence = next(e for e in quick("Qlambda.mle@000").evidence if e.method.value == "symbolic")
    assert evidence.detail["where it holds: printed - MLE = n1 (n - 1)/(n (a - b))"] == "proved"
    assert evidence.detail["where it holds: equality iff n1 = 0 or n = 1 on the grid"] == "holds"
    for n, n1 in [(1, 0), (1, 1), (4, 0), (4, 1), (4, 4)]:
        values = {"n": n, "n1": n1, "p": Fraction(3, 4), "q": Fraction(1, 8), "lam": Fraction(1, 3)}
        same = EXACT.evaluate(P.QLAMBDA_MLE_000, values) == EXACT.evaluate(mle_qlambda(), values)
        assert same == (n1 == 0 or n == 1)
