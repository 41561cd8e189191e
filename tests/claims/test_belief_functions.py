"""The claims of 003 §2 (D2.mobius, D2.belief-iff) at the quick budget: statuses computed by the toolkit,
the steps of the whole-domain argument, and the counterexample of the alternative reading."""

from __future__ import annotations

from fractions import Fraction

from numeric.belief import is_belief_function
from proofs.base.evidence import Outcome
from tests.claims.quick_results import quick as result



def test_D2_mobius_every_step_of_the_argument_is_decided():
    decision = next(e for e in result("D2.mobius").evidence if e.method.value == "decision")
    assert decision.outcome is Outcome.PROVED and "every finite frame" in decision.domain
    assert [s["result"] for s in decision.detail["steps"]] == ["valid", "valid", "identity", "valid", "valid", "valid"]


def test_D2_mobius_symbolic_check_covers_frames_up_to_four_labels():
    symbolic = next(e for e in result("D2.mobius").evidence if e.method.value == "symbolic")
    assert symbolic.outcome is Outcome.HOLDS and "1, 2, 3, 4 labels" in symbolic.domain


def test_D2_belief_iff_is_decided_on_frames_of_at_most_three_labels_and_not_claimed_beyond():
    decision = next(e for e in result("D2.belief-iff").evidence if e.method.value == "decision" and e.reading is None)
    assert decision.outcome is Outcome.HOLDS and decision.premise_cases == 3
    assert "Shafer" in decision.domain
    for frame in decision.detail["frames"]:
        assert frame["belief => Möbius mass assignment"]["implied"] is True
        assert frame["Möbius mass assignment => belief"]["implied"] is True


def test_D2_belief_iff_premise_held_in_the_enumeration_and_the_search():
    r = result("D2.belief-iff")
    for e in r.evidence:
        if e.reading is None and e.method.value in ("enumeration", "property"):
            assert e.premise_cases and e.premise_cases > 0


def test_D2_belief_iff_non_normal_mass_assignment_reading_counterexample_is_rechecked():
    """Read 'mass assignment' without m(∅) = 0 (as the sentence defines it), the converse fails: z3's point is
    a set function on one label whose Möbius transform is a mass assignment with m(∅) > 0."""
    reading = next(e for e in result("D2.belief-iff").evidence if e.reading is not None)
    assert reading.outcome is Outcome.COUNTEREXAMPLE and reading.recheck.value == "exact"
    ce = reading.counterexample
    values = [Fraction(ce["f(∅)"]), Fraction(ce["f(Ω)"])]
    mobius = [values[0], values[1] - values[0]]
    assert all(0 <= v <= 1 for v in values)  # inside the claim's domain f: 2^Ω -> [0, 1]
    assert mobius[0] > 0 and all(m >= 0 for m in mobius) and sum(mobius) == 1
    assert not is_belief_function(values, 1)
