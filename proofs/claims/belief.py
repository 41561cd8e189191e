"""Belief functions and evidential mechanisms: paper section 2, section 3.1 (Lemmas 3.2-3.4) and 3.2 (Lemmas 3.14-3.16), the privacy losses of Q_{2x3}. Issue: belief functions and evidential privacy mechanisms.

Claims registered here without checks are reported ``inconclusive`` ("no check implemented yet")
until their checks land.
"""
from __future__ import annotations

from proofs.claim import Claim
from proofs.registry import define

# (id, title, source, statement as printed in ../shared/CLAIMS.md)
_PENDING = [
    ('D2.mobius', '§2', '003 §2',
     'bel(A) = Σ_{B⊆A} m(B); m(A) = Σ_{B⊆A} (-1)^{|A\\B|} bel(B); pl(A) = Σ_{E∩A≠∅} m(E); any one of m, bel, pl determines the other two'),
    ('L3.2', 'Lemma 3.2', '003 Lemma 3.2',
     "If Q is ε-SLDP then -ε ≤ ε^Q_{bel,S} ≤ ε and -ε ≤ ε^Q_{pl,S} ≤ ε (ratios of bel, resp. pl, over all x, x', E)"),
    ('L3.2.remark', 'after Lemma 3.2', '003 after Lemma 3.2',
     'ε^Q_S ≥ ε^Q_{pl,S}, "but generally we don\'t have the converse" (a mechanism with ε^Q_{pl,S} < ε^Q_S exists)'),
    ('L3.3', 'Lemma 3.3', '003 Lemma 3.3',
     'Composition: Q1 ε1-SLDP, Q2 ε2-SLDP ⇒ Q_{1,2}(x) = (Q1(x), Q2(x)) is (ε1+ε2)-SLDP'),
    ('L3.4', 'Lemma 3.4', '003 Lemma 3.4',
     'Post-processing: Q ε-SLDP, f a randomized algorithm Y → Z ⇒ f∘Q is ε-SLDP'),
    ('L3.14', 'Lemma 3.14', '003 Lemma 3.14',
     "Q ε-WLDP ⇒ e^{-ε} ≤ pl_x(E)/bel_{x'}(E) ≤ e^{ε} for all x, x', E"),
    ('L3.14@000', 'Lemma 3.14 in 000', '000 Lemma 3.14 in 000',
     "Q ε-WLDP ⇒ e^{-ε} ≤ pl_x(E)/pl_{x'}(E) ≤ e^{ε}"),
    ('L3.14.proof', 'proof of Lemma 3.14', '003 proof of Lemma 3.14',
     "for each E there are pr_x ∈ P_{bel_x} with pr_x(E) = pl_x(E) and pr_{x'} ∈ P_{bel_x'} with pr_{x'}(E) = bel_{x'}(E)"),
    ('L3.15', 'Lemma 3.15', '003 Lemma 3.15',
     'Composition: Q1 ε1-WLDP, Q2 ε2-WLDP ⇒ Q_{1,2} is (ε1+ε2)-WLDP'),
    ('L3.16', 'Lemma 3.16', '003 Lemma 3.16',
     'Post-processing: Q ε-WLDP, f data-independent randomized Y → Z ⇒ f∘Q ε-WLDP'),
    ('epsS', '§3.2', '003 §3.2',
     'ε^S(p,q) = ln(p/q) is the SLDP privacy loss of Q_{2x3}'),
    ('epsW', '§3.2', '003 §3.2',
     'ε^W(p,q) = ln((1-q)/q) is the WLDP privacy loss of Q_{2x3} (= loss of Q1 = [[1-q, q], [q, 1-q]])'),
]

for _id, _title, _source, _statement in _PENDING:
    define(Claim(id=_id, title=_title, source=_source, statement=_statement,
                 domain="as printed; not yet encoded"))
