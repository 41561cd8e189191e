"""Hypothesis-testing trade-offs: Theorems 3.5 and 3.18, Corollaries 3.6 and 3.19.

Claims registered here without checks are reported ``inconclusive`` ("no check implemented yet")
until their checks land.
"""
from __future__ import annotations

from proofs.claim import Claim
from proofs.registry import define

# (id, title, source, statement as printed in ../shared/CLAIMS.md)
_PENDING = [
    ('T3.5.forward', 'Theorem 3.5 (1⇒2)', '003 Theorem 3.5 (1⇒2)',
     "Q ε-SLDP ⇒ if type I error α_φ ∈ [l, L] then type II error β_φ ∈ [u(L), U(l)], u(α) = max{e^{-ε}(1-α), 1-αe^{ε}}, U(α) = min{e^{ε}(1-α), 1-αe^{-ε}}; α_φ = sup_{pr∈P_x} E_pr(φ), β_φ = 1 - inf_{pr∈P_x'} E_pr(φ)"),
    ('T3.5.converse', 'Theorem 3.5 (2⇒1)', '003 Theorem 3.5 (2⇒1)',
     'the same condition on all tests ⇒ Q is ε-SLDP'),
    ('C3.6.lower', 'Corollary 3.6', '003 Corollary 3.6',
     "two-fold composition Q(x)×Q(x) vs Q(x')×Q(x'): β²_φ ≥ u²(L), u²(α) = max{e^{-2ε}(1-α), -α + 2/(e^ε+1), 1-αe^{2ε}} (proof uses Q_{2x3} and the mass table of its square)"),
    ('C3.6.upper', 'Corollary 3.6', '003 Corollary 3.6',
     'same setting: β²_φ ≤ U²(l), U²(α) = min{e^{2ε}(1-α), 1-αe^{-2ε}, -α + (3-e^{-2ε})/(e^ε+1)}'),
    ('T3.18.forward', 'Theorem 3.18 (1⇒2)', '003 Theorem 3.18 (1⇒2)',
     'Q ε-WLDP ⇒ for all α: T^{pe}(α) ≥ f^{pe}_ε(α) = max{1-αe^ε, 0, e^{-ε}(1-α)} and T^{op}(α) ≤ f^{op}_ε(α) = min{1-αe^{-ε}, e^ε(1-α)} (pessimistic errors: sup over credal sets; optimistic: inf; Definition 3.17)'),
    ('T3.18.converse', 'Theorem 3.18 (2⇒1)', '003 Theorem 3.18 (2⇒1)',
     'the trade-off condition ⇒ Q is ε-WLDP'),
    ('C3.19.pe', 'Corollary 3.19', '003 Corollary 3.19',
     'T²^{pe}(α) ≥ max{1-αe^{2ε}, -α + 2/(e^ε+1), e^{-2ε}(1-α)}'),
    ('C3.19.op', 'Corollary 3.19', '003 Corollary 3.19',
     'T²^{op}(α) ≤ min{1-αe^{-2ε}, e^{2ε}(1-α), -α + (3-e^{-2ε})/(e^ε+1)}'),
]

for _id, _title, _source, _statement in _PENDING:
    define(Claim(id=_id, title=_title, source=_source, statement=_statement,
                 domain="as printed; not yet encoded"))
