"""Sign and monotonicity claims decided exactly: Corollaries 3.11, 3.12, 3.20, the Q_lambda monotonicity, Figures 2 and 5, Example 3.7 optimality.

Claims registered here without checks are reported ``inconclusive`` ("no check implemented yet")
until their checks land.
"""
from __future__ import annotations

from proofs.claim import Claim
from proofs.registry import define

# (id, title, source, statement as printed in ../shared/CLAIMS.md)
_PENDING = [
    ('C3.11', 'Corollary 3.11', '003 Corollary 3.11',
     "f(q) = (-(π-1/2)² + 1/4((p+q)/(p-q))²)/((n+1)(p+q) - 1); then f'(q) > 0 (Var(π̂) increasing in q)"),
    ('C3.11.derivative', 'proof of Corollary 3.11', '003 proof of Corollary 3.11',
     "f'(q) = ((n+1)(q+3p) + (π-1/2)(p+q))/((p-q)³(n+1))"),
    ('C3.12', 'Corollary 3.12', '003 Corollary 3.12',
     'fix p+q = c: the optimal ε-LDP mechanism is Q_GWRR = [[e^ε c/(e^ε+1), c/(e^ε+1), 1-c], [c/(e^ε+1), e^ε c/(e^ε+1), 1-c]]'),
    ('C3.12.p', 'after Corollary 3.12', '003 after Corollary 3.12',
     '"Let p+q = c and e^ε = p/q = p/(1-c-p). So we get p = (1-c)/(e^{-ε}+1)"'),
    ('C3.20', 'Corollary 3.20', '003 Corollary 3.20',
     'ε^W(p,q) is decreasing in q and ν^W(p,q) is decreasing in p'),
    ('C3.20.compare', 'after Corollary 3.20', '003 after Corollary 3.20',
     "p ≥ p' and q ≥ q' ⇒ ε^W(p,q) ≤ ε^W(p',q') and ν^W(p,q) ≤ ν^W(p',q')"),
    ('Qlambda.loss', '§3.2', '003 §3.2',
     'the privacy loss of Q_λ is largest at λ = 1 (equal to the WLDP loss of Q_{2x3}) and smallest at λ = 0'),
    ('Fig2.warner-optimal', '§3.1, Figure 2', '003 §3.1, Figure 2',
     'at equal privacy loss ε^S, the trade-off for p+q = 1 (Warner) is optimal among Q_{2x3}; smaller c moves the curve further away'),
    ('Ex3.7.optimal', 'after Eq. (1)', '003 after Eq. (1)',
     'within budget ε the optimal mechanism is Q_WRR = 1/(e^ε+1) [[e^ε, 1], [1, e^ε]]'),
    ('Fig5.rectangle', '§3.2, Figure 5', '003 §3.2, Figure 5',
     'the rectangle with corners (ε^W, ν^W) and (ε^O, ν^O) "consists of exactly the trade-offs" of all Q_λ'),
]

for _id, _title, _source, _statement in _PENDING:
    define(Claim(id=_id, title=_title, source=_source, statement=_statement,
                 domain="as printed; not yet encoded"))
