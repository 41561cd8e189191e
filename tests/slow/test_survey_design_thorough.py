"""The exact-variance readings of Corollary 3.11 and Figure 2 at the thorough budget's sample sizes (each n
decided by z3, up to n = 12 and n = 20: about half a minute)."""

from __future__ import annotations

from proofs.base.budget import budget
from proofs.base.evidence import Outcome
from catalog.claims import survey_design as design
from catalog.claims import survey_figures as figures
from catalog.engines.exact_grid import decided_sizes

THOROUGH = budget("thorough")


def test_C3_11_exact_conditional_variance_increases_in_q_up_to_n12():
    evidence = design._exact_increasing_in_q(THOROUGH)
    assert evidence.outcome is Outcome.HOLDS
    assert evidence.detail["n decided"] == decided_sizes(THOROUGH, cap=12) == list(range(1, 13))


def test_Fig2_exact_conditional_variance_decreases_in_c_from_n2_up_to_n20():
    (exact,) = [e for e in figures._fig2_decided(THOROUGH)
                if e.reading == "exact conditional variance" and e.method.value == "decision"]
    assert exact.outcome is Outcome.COUNTEREXAMPLE and exact.counterexample["n"] == 1
    assert exact.holds_when == "2 <= n <= 20 (each n decided; larger n not decided)"
