"""eps-LDP of a law with continuous output whose pieces overlap, or whose support moves with t: decided cell by
cell over the orderings of the pieces' ends (proofs.engines.density_cells), refuted at exact points (y, t, t')
re-checked on the law's own density, with the steps a certificate re-runs."""

from __future__ import annotations

import subprocess
import sys

import pytest
import sympy

from numeric.density import TP, T
from proofs import check_ldp
from proofs import continuous as C
from proofs.certificates import Subject, certificate_source
from proofs.engines import density_cells
from proofs.engines.density_cells import cut_into_cells

#: Seconds each sign decision may take: a guard against a hang, not a target. A decision that finishes well within
#: the default 30 s on an idle machine can take several times that on a loaded one, where it would end
#: ``inconclusive`` (time-out) and fail a test about the mathematics for a reason of timing.
GUARD = 600.0
P = "(exp(eps) - exp(eps/2))/(2*exp(eps/2) + 2)"             # PM's p (Wang et al., ICDE 2019, Algorithm 2)
BOUND = "(exp(eps/2) + 1)/(exp(eps/2) - 1)"                 # PM's C
LEFT = f"(({BOUND}) + 1)*t/2 - (({BOUND}) - 1)/2"
RIGHT = f"({LEFT}) + ({BOUND}) - 1"


def _pm_as_two_overlapping_pieces():
    """PM written as a floor p/e^eps on [-C, C] plus p(1 - e^-eps) on the window [l(t), r(t)] (the pieces overlap)."""
    return C.density([(f"({P})*exp(-eps)", f"-({BOUND})", BOUND), (f"({P})*(1 - exp(-eps))", LEFT, RIGHT)],
                     domain="eps > 0", name="PM as two overlapping pieces")


def _window():
    """A uniform window of width 2 centred at t, inputs in [-1, 1]: f(y|t) = 1/2 on [t-1, t+1]."""
    return C.density([("1/2", "t - 1", "t + 1")], name="a moving window")


def _window_on_a_floor():
    """Density 1/2 on [t - 1/2, t + 1/2] and 1/6 elsewhere on [-2, 2]: a floor 1/6 plus 1/3 on the window."""
    return C.density([("1/6", -2, 2), ("1/3", "t - 1/2", "t + 1/2")], name="a window on a floor")


def _decision(verdict):
    return next(e for e in verdict.evidence if e.method.value == "decision")


def _machine_checked_steps_check(evidence):
    checked = [s for s in evidence.steps if s.machine_checked]
    assert checked
    assert all(s.check() for s in checked)


def test_pm_written_as_overlapping_pieces_is_proved_eps_ldp_on_every_ordering():
    verdict = check_ldp(_pm_as_two_overlapping_pieces(), "eps", domain="eps > 0", timeout=GUARD)
    assert verdict.status.value == "proved"
    decision = _decision(verdict)
    assert decision.outcome.value == "proved"
    orderings = decision.detail["orderings"]
    assert orderings["orderings possible"] == 6
    assert orderings["orderings impossible (proved empty)"] == 0
    assert all(case["decided"] == "proved" for case in decision.detail["cases"] if case["case"].startswith("ordering"))
    _machine_checked_steps_check(decision)


def test_the_hybrid_mechanism_with_pm_as_overlapping_pieces_is_proved_eps_ldp():
    """Wang et al., ICDE 2019, Section III-C: PM (here as two overlapping pieces) with probability 1 - e^(-eps/2),
    Duchi et al.'s two atoms otherwise."""
    law = C.mixture([("1 - exp(-eps/2)", _pm_as_two_overlapping_pieces()), ("exp(-eps/2)", C.duchi_two_point("eps"))],
                    name="the hybrid mechanism, PM as overlapping pieces")
    verdict = check_ldp(law, "eps", domain="eps > 0", timeout=GUARD)
    assert verdict.status.value == "proved"
    decision = _decision(verdict)
    assert decision.detail["orderings"]["orderings possible"] == 6
    assert any(case["case"].startswith("atom at") for case in decision.detail["cases"])


def test_pm_written_as_overlapping_pieces_is_refuted_at_half_its_budget():
    verdict = check_ldp(_pm_as_two_overlapping_pieces(), "eps/2", domain="eps > 0", timeout=GUARD)
    assert verdict.status.value == "refuted"
    assert _decision(verdict).outcome.value == "counterexample"


def test_a_moving_window_is_refuted_with_an_infinite_loss_at_an_exact_point():
    law = _window()
    verdict = check_ldp(law, "1", timeout=GUARD)
    decision = _decision(verdict)
    assert verdict.status.value == "refuted" and decision.outcome.value == "counterexample"
    point = decision.counterexample
    y, t, tp = (sympy.Rational(str(point[k])) for k in ("y", "t", "tp"))
    assert law.density_at(y, t, {}) == sympy.Rational(1, 2)
    assert law.density_at(y, tp, {}) == 0
    assert point["loss"].startswith("infinite") and point["re-checked"] == "exactly"
    _machine_checked_steps_check(decision)


@pytest.mark.parametrize("law, eps, status", [
    (_window_on_a_floor, "log(3)", "proved"),
    (_window_on_a_floor, "1", "refuted"),
], ids=["at log(a/b)", "below log(a/b)"])
def test_a_window_on_a_floor_is_eps_ldp_exactly_at_the_log_of_its_two_heights(law, eps, status):
    built = law()
    verdict = check_ldp(built, eps, timeout=GUARD)
    decision = _decision(verdict)
    assert verdict.status.value == status
    assert decision.outcome.value == {"proved": "proved", "refuted": "counterexample"}[status]
    if status == "refuted":
        point = decision.counterexample
        y, t, tp = (sympy.Rational(str(point[k])) for k in ("y", "t", "tp"))
        e = sympy.exp(sympy.Integer(1))
        assert sympy.simplify(built.density_at(y, t, {}) - e * built.density_at(y, tp, {})) > 0
        assert point["re-checked"].startswith("in balls at")
    _machine_checked_steps_check(decision)


def test_a_window_on_a_floor_with_eps_free_is_proved_at_eps_and_refuted_at_half_of_it():
    law = C.density([("1/(3 + exp(eps))", -2, 2), ("(exp(eps) - 1)/(3 + exp(eps))", "t - 1/2", "t + 1/2")],
                    domain="eps > 0")
    assert check_ldp(law, "eps", domain="eps > 0", timeout=GUARD).status.value == "proved"
    refuted = check_ldp(law, "eps/2", domain="eps > 0", timeout=GUARD)
    assert refuted.status.value == "refuted"
    assert {"eps", "t", "tp", "y"} <= set(_decision(refuted).counterexample)


def _two_windows_on_a_floor():
    """1/16 on [-4, 4], plus 1/8 on [t - 1, t + 1], plus 1/16 on [2t - 2, 2t + 2]: densities from 1/16 to 1/4."""
    return C.density([("1/16", -4, 4), ("1/8", "t - 1", "t + 1"), ("1/16", "2*t - 2", "2*t + 2")],
                     name="two windows on a floor")


@pytest.mark.parametrize("eps, status", [("log(4)", "proved"), ("log(3)", "refuted")], ids=["log 4", "log 3"])
def test_orderings_proved_empty_are_skipped_and_counted(eps, status):
    verdict = check_ldp(_two_windows_on_a_floor(), eps, timeout=GUARD)
    assert verdict.status.value == status
    orderings = _decision(verdict).detail["orderings"]
    assert orderings["orderings impossible (proved empty)"] == 2
    assert len(orderings["orderings proved empty"]) == 2
    assert orderings["orderings possible"] == 34


def test_an_empty_domain_earns_no_verdict_for_a_law_by_cells():
    law = C.density([("1/(3 + exp(eps))", -2, 2), ("(exp(eps) - 1)/(3 + exp(eps))", "t - 1/2", "t + 1/2")],
                    domain="eps > 0")
    verdict = check_ldp(law, "eps", domain="eps > 1, eps < 1/2", timeout=GUARD)
    assert verdict.status.value == "inconclusive"
    assert "the stated domain is empty" in verdict.reason


def test_the_cells_of_overlapping_pieces_add_the_pieces_that_hold_them():
    law = _window_on_a_floor()
    cells = cut_into_cells(law, law.domain)
    assert len(cells.breakpoints) == 6
    assert cells.possible == len(cells.orderings) == 6
    for ordering in cells.orderings:
        inside = [cell for cell in ordering.cells if cell.lo == T - sympy.Rational(1, 2)]
        assert [cell.at_t for cell in inside] == [(0, 1)]
        outside = [cell for cell in ordering.cells if cell.hi == -2 or cell.lo == 2]
        assert all(cell.at_t == () and cell.at_tp == () for cell in outside)
    moving = _window()
    window = cut_into_cells(moving, moving.domain)
    assert {len(o.cells) for o in window.orderings} == {5}
    assert any(TP - 1 in o.points for o in window.orderings)


def test_more_orderings_than_the_bound_leave_the_decision_inconclusive_in_one_line(monkeypatch):
    monkeypatch.setattr(density_cells, "MAX_ORDERINGS", 2)
    verdict = check_ldp(_window_on_a_floor(), "log(3)", timeout=GUARD)
    decision = _decision(verdict)
    assert decision.outcome.value == "inconclusive"
    assert "more than MAX_ORDERINGS = 2 orderings" in decision.detail["why"]
    assert verdict.status.value == "supported"           # the enumeration alone: finite evidence, not a proof


def test_tiled_laws_keep_the_ratio_of_two_pieces_per_case():
    decision = _decision(check_ldp(C.piecewise("eps"), "eps", domain="eps > 0", timeout=GUARD))
    assert decision.outcome.value == "proved"
    assert "orderings" not in decision.detail


@pytest.mark.parametrize("law, eps", [(_window, "1"), (_window_on_a_floor, "log(3)")], ids=["refuted", "proved"])
def test_the_certificate_of_a_cell_decision_runs_and_checks(law, eps, tmp_path):
    verdict = check_ldp(law(), eps, timeout=GUARD)
    subject = Subject("Density.cells", "a law by cells", "a test", "eps-LDP", verdict.status.value, verdict.reason,
                      tuple(verdict.evidence))
    path = tmp_path / "certificate.py"
    path.write_text(certificate_source(subject), encoding="utf-8")
    proc = subprocess.run([sys.executable, str(path)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
