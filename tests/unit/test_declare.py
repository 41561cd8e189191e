"""Short claims: one declaration defines the claim and its independent methods, and the engine runs once."""

from __future__ import annotations

import pytest

from core.errors import InvalidArgument
from proofs import mechanisms as M
from proofs import declare
from proofs.base import registry
from proofs.runner import run_claim

G = M.randomized_response(d="d", epsilon="eps")


@pytest.fixture
def fresh():
    before = set(registry.ids())
    yield
    registry.forget([i for i in registry.ids() if i not in before])


def test_a_moment_claim_runs_its_engine_once_for_both_methods(fresh, monkeypatch):
    calls = []
    real = declare.check_moment

    def counted(*args, **kwargs):
        calls.append(kwargs.get("n_values"))
        return real(*args, **kwargs)

    monkeypatch.setattr(declare, "check_moment", counted)
    declare.moment_claim("T.decl-mean", title="t", source="test", statement=r"$E[\hat c_0] = c_0$",
                         statistic="(C0 - n*q)/(p - q)", claimed="c0", mechanism=G, counts={"0": "c0"},
                         domain="eps > 0, d >= 2, 0 <= c0 <= n", n_values=[2, 3])
    assert {c.method.value for c in registry.checks_for("T.decl-mean")} == {"enumeration", "symbolic"}
    result = run_claim("T.decl-mean", "quick")
    assert result.status.value == "proved" and len(calls) == 1
    run_claim("T.decl-mean", "quick")
    assert len(calls) == 2, "the shared verdict is forgotten once every method took its evidence"


def test_sign_and_approximation_claims_have_two_methods(fresh):
    declare.sign_claim("T.decl-sign", title="t", source="test", statement=r"$e^{\epsilon} - 1 - \epsilon \ge 0$",
                       expr="exp(eps) - 1 - eps", sign=">=0", domain="eps > 0")
    declare.approximation_claim("T.decl-approx", title="t", source="test", statement=r"$e^\epsilon - 1 \approx \epsilon$",
                                exact="exp(eps) - 1", approx="eps", regime="eps -> 0", domain="eps > 0")
    sign = run_claim("T.decl-sign", "quick")
    assert sign.status.value == "proved" and {e.method.value for e in sign.evidence} == {"decision", "interval"}
    interval = next(e for e in sign.evidence if e.method.value == "interval")
    assert interval.outcome.value == "holds" and interval.interior_cases > 0
    approx = run_claim("T.decl-approx", "quick")
    assert approx.status.value == "proved"


def test_a_false_sign_is_refuted_at_an_exact_point_by_both_methods(fresh):
    declare.sign_claim("T.decl-bad", title="t", source="test", statement=r"$\epsilon - 1 > 0$", expr="eps - 1",
                       sign=">0", domain="eps > 0")
    result = run_claim("T.decl-bad", "quick")
    assert result.status.value == "refuted"
    assert {e.outcome.value for e in result.evidence} == {"counterexample"}


def test_a_conditioned_moment_is_refused_in_one_line(fresh):
    with pytest.raises(InvalidArgument, match="a moment with a condition has one method"):
        declare.moment_claim("T.decl-given", title="t", source="test", statement="s", statistic="N1/(N1+N2)",
                             claimed="q1/(q1+q2)", given="N1+N2 > 0")


@pytest.mark.parametrize(("formula", "shown"), [
    ("eps > 0, 0 <= pi0 <= 1", r"$\epsilon > 0$, $0 \le \pi_{0} \le 1$"),
    ("d >= 2 integer; x in [-1, 1]", r"$d \ge 2$ integer, $x \in [-1, 1]$"),
    ("lam >= 0 and lam < 1", r"$\lambda \ge 0$ and $\lambda < 1$"),
    ("c0 -> 0", r"$c_{0} \to 0$"),
], ids=["chain", "integer-interval", "and", "regime"])
def test_a_stated_domain_is_shown_with_its_math_between_dollars(formula, shown):
    assert declare.formula_text(formula) == shown


def test_a_declared_claim_shows_its_domain_and_regime_as_math(fresh):
    claim = declare.approximation_claim("T.decl-shown", title="t", source="test", statement=r"$e^x - 1 \approx x$",
                                        exact="exp(x) - 1", approx="x", regime="x -> 0", domain="0 < x <= 1")
    assert claim.domain == r"$0 < x \le 1$"
    assert claim.interpretation == r"an approximation as $x \to 0$: the relative error tends to 0"
