"""Reports for the report tests, built once per session without running every claim.

* :func:`synthetic_report`: every registered claim (its statement as printed, its definitions and related
  claims) with synthetic evidence cycling through the statuses: proofs, finite support with figures (z,
  standard error, points), refutations whose counterexamples use the paper's symbols (θ̂₁, π, ε, q₃),
  fractions, vectors and nested objects, corrections with their own status, alternative readings,
  vacuous evidence, a premise proved never to hold (status vacuous), crashes, and one derived expression (003 Theorem 3.10's variance);
* :func:`quick_run`: ``python -m proofs check QUICK_IDS --budget quick --format json --output ...`` once,
  a real report with real derived expressions (a few cheap claims).
"""

from __future__ import annotations

import json

import pytest
import sympy

from proofs.base import registry
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.base.verdict import Verdict
from proofs.report.schema import Report
from proofs.runner import ClaimResult

#: Cheap claims with symbolic derivations and a correction, run at the quick budget.
QUICK_IDS = ("T3.10.form2", "R.warner-mle", "C3.12.p")

SYMBOLIC_COUNTEREXAMPLE = {"theta_hat_1": "-1/2", "pi": "1/3", "eps": "log(2)", "q3": "1/10", "n": 1,
                           "cell (theta_hat_1, theta_hat_2)": ["-1/2", "1/2"], "lhs": "1/6", "rhs": "2/9",
                           "m({a,b})": {"x": [1, "2/3"]}, "r = e^eps": 4, "relative error": "0.0281"}


def _variance_srepr() -> str:
    """003 Theorem 3.10's corrected variance as a check derives it, in p, q, π, n, A."""
    p, q, pi = sympy.symbols("p q pi", real=True)
    n, big_a = sympy.Symbol("n", integer=True, positive=True), sympy.Symbol("A", positive=True)
    variance = -big_a * (p * pi - p - pi * q) * (p * pi - pi * q + q) / ((p - q) ** 2 * ((1 - p - q) ** n - 1))
    return sympy.srepr(variance)


def _evidence_for(k: int, claim_id: str) -> tuple[Evidence, ...]:
    kind = k % 6
    if kind == 0:
        return (Evidence(Method.SYMBOLIC, Outcome.PROVED, "the whole domain (synthetic)",
                         derived={"Var(pi-hat | M > 0)": _variance_srepr()}),)
    if kind == 1:
        return (Evidence(Method.SIMULATION, Outcome.HOLDS, "20000 replicates at 2 points (synthetic)",
                         detail={"z": 1.25, "standard error": "0.0008", "points": [["3/4", 0], ["2/3", "1/12"]],
                                 "replicates": 20000}),
                Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "another reading (synthetic)",
                         counterexample={"p": "2/3", "pi_hat": "-1/3"}, recheck=Recheck.EXACT,
                         reading="the maximiser over pi in [0, 1]"))
    if kind == 2:
        correction = Correction(registry.get(claim_id).statement,
                                (Evidence(Method.SYMBOLIC, Outcome.PROVED, "the whole domain (synthetic)"),))
        return (Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "p, q in [0, 1], p + q <= 1 (synthetic)",
                         counterexample=SYMBOLIC_COUNTEREXAMPLE, recheck=Recheck.EXACT,
                         holds_when="q3 = 0 (p + q = 1)", corrected=correction),)
    if kind == 3:
        return ()
    if kind == 4 and k % 12 == 10:
        correction = Correction(registry.get(claim_id).statement,
                                (Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, "the repaired statement (synthetic)",
                                          counterexample={"r = e^eps": "3/2"}, recheck=Recheck.EXACT),))
        return (Evidence(Method.DECISION, Outcome.PROVED, "every mechanism (synthetic)", premise_cases=0,
                         premise_never_holds=True, corrected=correction,
                         detail={"why the premise never holds": "T^op(1) = 1 > 0 = f_op(1) for every mechanism"}),)
    if kind == 4:
        return (Evidence(Method.PROPERTY, Outcome.HOLDS, "200 random mechanisms (synthetic)", premise_cases=0),)
    return (Evidence(Method.SYMBOLIC, Outcome.ERROR, "(check did not complete)",
                     detail={"exception": "ZeroDivisionError: 1/0", "traceback": "Traceback ..."}),)


def build_synthetic_report() -> Report:
    """Every registered claim with the synthetic evidence of ``_evidence_for`` (no check is run)."""
    results = [ClaimResult(claim, Verdict(_evidence_for(k, claim.id)), 0.25)
               for k, claim in enumerate(registry.claims())]
    return Report.from_results(results, "synthetic")


@pytest.fixture(scope="session")
def synthetic_report() -> Report:
    return build_synthetic_report()


@pytest.fixture(scope="session")
def quick_run(tmp_path_factory):
    """``check QUICK_IDS --format json --output report.json --latex tex`` once; the directory."""
    from proofs.cli import main

    root = tmp_path_factory.mktemp("quick")
    code = main(["check", *QUICK_IDS, "--budget", "quick", "--jobs", "1", "--no-progress", "--latex", str(root / "tex"),
                 "--format", "json", "--output", str(root / "report.json")])
    assert code in (0, 1)
    return root


@pytest.fixture(scope="session")
def quick_report(quick_run) -> Report:
    return Report.from_json(json.loads((quick_run / "report.json").read_text()))
