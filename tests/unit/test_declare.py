"""Short claims: one declaration defines the claim and its independent methods, and the engine runs once."""

from __future__ import annotations

import pytest
import sympy

from core.errors import InvalidArgument
from numeric.data_model import GENERALIZED_WARNER_SURVEY as _SURVEY
from proofs import mechanisms as M
from proofs import declare
from proofs.base import registry
from proofs.runner import run_claim

G = M.randomized_response(d="d", epsilon="eps")


@pytest.fixture
def fresh():
    before = {claim.id for claim in registry.claims()}  # the catalog loaded first: only what follows is forgotten
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
                             claimed="q1/(q1+q2)", given="N1+N2 > 0", mechanism=_SURVEY)


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


_BASE = dict(title="t", source="test", statement="s")
_COIN = [["1/2", "1/2"], ["1/2", "1/2"]]

#: (declaration, arguments, the one-line message naming the value): each refused when it is declared
BAD_DECLARATIONS = [
    pytest.param("moment_claim", dict(statistic="Y0", claimed="0", moment="bogus", mechanism=[["1"]], prior=["1"]),
                 r"moment='bogus': must be one of", id="moment-unknown"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="n*q1", n_values=5), r"n_values=5: .*n_values=\[5\]",
                 id="moment-n_values-not-a-list"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="n*q1", n_values=[10**9]), r"n=1000000000: is beyond",
                 id="moment-n-beyond-the-limit"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="__import__('os')", claimed="0"), r"statistic=.*__import__",
                 id="moment-hostile-statistic"),
    pytest.param("moment_claim", dict(statistic="N1", claimed="n*q1"), r"mechanism=None: a moment is taken under a",
                 id="moment-no-mechanism"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="zz"), r"claimed='zz': unknown name", id="moment-unknown-name"),
    pytest.param("moment_claim", dict(statistic="Y0**10**10", claimed="0", mechanism=_COIN, prior=["1/2", "1/2"]),
                 r"statistic='Y0\*\*10\*\*10': raises Y0 to the power", id="moment-power-tower"),
    pytest.param("moment_claim", dict(statistic="Y0", claimed="0", mechanism=_COIN, prior=[float("nan"), "1/2"]),
                 r"prior\[0\]=nan", id="moment-nan-prior"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="n*q1", domain="p >"), r"domain='p >': does not parse",
                 id="moment-bad-domain"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="n*q1", holds_when="p >"),
                 r"holds_when='p >': does not parse", id="moment-bad-holds_when"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="n*q1", corrected=("s", "zz")), r"claimed='zz'",
                 id="moment-bad-corrected-form"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="n*q1", corrected="n*q1"), r"corrected='n\*q1': must be a pair",
                 id="moment-corrected-not-a-pair"),
    pytest.param("moment_claim", dict(mechanism=_SURVEY, statistic="N1", claimed="n*q1", points=[{"p": "inf", "q": "1/4", "pi": "1/2"}]),
                 r"p='inf': NaN and infinities", id="moment-infinite-point"),
    pytest.param("ldp_claim", dict(mechanism=None, epsilon="eps"), r"mechanism=None: is not a mechanism",
                 id="ldp-no-mechanism"),
    pytest.param("ldp_claim", dict(mechanism=G, epsilon=float("nan"), domain="eps > 0, d >= 2"), r"epsilon=nan",
                 id="ldp-nan-epsilon"),
    pytest.param("ldp_claim", dict(mechanism=G, epsilon="zz", domain="eps > 0, d >= 2"), r"epsilon='zz': names 'zz'",
                 id="ldp-undeclared-name"),
    pytest.param("ldp_claim", dict(mechanism=G, epsilon="eps", notion="XYZ"), r"notion='XYZ'", id="ldp-bad-notion"),
    pytest.param("ldp_claim", dict(mechanism=G, epsilon="eps", domain="eps >"), r"domain='eps >': does not parse",
                 id="ldp-bad-domain"),
    pytest.param("sign_claim", dict(expr="__import__('os')", domain=[]), r"expr=.*__import__", id="sign-hostile"),
    pytest.param("sign_claim", dict(expr="x + 1", symbols="x"), r"symbols='x': must be a list of names",
                 id="sign-symbols-a-string"),
    pytest.param("sign_claim", dict(expr="x - 1", symbols=["x"], holds_when=["x >"]), r"holds_when='x >': does not parse",
                 id="sign-bad-holds_when"),
    pytest.param("sign_claim", dict(expr="x**100000 - 2", domain="0 < x < 1"), r"degree up to 100000",
                 id="sign-degree-beyond-the-limit"),
    pytest.param("sign_claim", dict(expr="e - 2"), r"the name 'e' is not Euler's number", id="sign-e-undeclared"),
    pytest.param("approximation_claim", dict(exact="n + 1", approx="n", regime="bogus"), r"regime='bogus'",
                 id="approximation-bad-regime"),
    pytest.param("approximation_claim", dict(exact="n + 1", approx="n", regime="n -> oo", order="+"),
                 r"order='\+': does not parse", id="approximation-bad-order"),
    pytest.param("approximation_claim", dict(exact="n + 1", approx="n", regime="n -> oo", sign="positive"),
                 r"sign='positive'", id="approximation-bad-sign"),
    pytest.param("approximation_claim", dict(exact="n + 1", approx="n", regime="n -> oo", mechanism=5),
                 r"mechanism=5: must be a mechanism family", id="approximation-mechanism-a-number"),
]


@pytest.mark.parametrize(("kind", "arguments", "message"), BAD_DECLARATIONS)
def test_a_bad_declaration_is_refused_in_one_line_when_declared_and_defines_nothing(fresh, kind, arguments, message):
    with pytest.raises(InvalidArgument, match=message) as refused:
        getattr(declare, kind)("T.decl-refused", **_BASE, **arguments)
    assert "\n" not in str(refused.value)
    assert "T.decl-refused" not in registry.ids()



def _worst_cases():
    from proofs.engines.sign.cases import inf_over, sup_over

    e = "exp(7/6)"
    pm = sup_over(f"t**2/({e} - 1) + ({e} + 3)/(3*({e} - 1)**2)", "t", -1, 1)
    return [
        pytest.param(sympy.Rational(72, 49) - pm, True, id="PM's worst case"),
        pytest.param(inf_over("t**2 + 1", "t", -1, 1) - sympy.Rational(1, 2), True, id="inf above"),
        pytest.param(sup_over("t**2", "t", -1, 1) - 1, False, id="sup exactly 0"),      # never said nonzero
        pytest.param(inf_over("t**2 + 1", "t", -1, 1) - 1, False, id="inf exactly 0"),
        pytest.param(sup_over("1/t", "t", -1, 1) - 3, False, id="a pole inside"),        # no enclosure
    ]


@pytest.mark.parametrize(("value", "nonzero"), _worst_cases())
def test_a_point_with_a_worst_case_is_said_nonzero_only_when_its_enclosure_excludes_zero(value, nonzero):
    assert not value.free_symbols
    assert declare._certainly_nonzero(value) is nonzero
    if nonzero:
        assert declare._sign_of(value)[0] is None and sympy.simplify(value) != 0
