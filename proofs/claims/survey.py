"""The survey model: Warner (Example 3.7, Eq. 1), Q_{2x3} (Eq. 2, Theorems 3.9, 3.10), the appendix Lemmas 4.1-4.6, and the Q_lambda family (section 3.2).

Claims registered here without checks are reported ``inconclusive`` ("no check implemented yet")
until their checks land.
"""
from __future__ import annotations

from proofs.claim import Claim
from proofs.registry import define

# (id, title, source, statement as printed in ../shared/CLAIMS.md)
_PENDING = [
    ('Ex3.7.mle', 'Example 3.7', '003 Example 3.7',
     'Warner: q1 = πp+(1-π)(1-p); the MLE is π̂ = (p-1)/(2p-1) + n1/((p-1)n)'),
    ('Ex3.7.unbiased', 'Example 3.7', '003 Example 3.7',
     'that π̂ is unbiased'),
    ('Eq1', 'Eq. (1)', '003 Eq. (1)',
     'Var[π̂] = (-(π-1/2)² + 1/4)/n + (1/(4(2p-1)²) - 1/4)/n'),
    ('Eq2.score', 'before Eq. (2)', '003 before Eq. (2)',
     'log-likelihood of q1^{n1} q2^{n2} q3^{n3}; setting its derivative to zero gives n1/q1 - n2/q2 = 0'),
    ('Eq2', 'Eq. (2)', '003 Eq. (2)',
     'MLE π̂ = (n2 q - n1 p)/((n1+n2)(q-p))'),
    ('T3.9', 'Theorem 3.9', '003 Theorem 3.9',
     'E[(N2 q - N1 p)/((N1+N2)(q-p)) \\| N1+N2 ≠ 0] = π'),
    ('T3.9.proof', 'proof of Theorem 3.9', '003 proof of Theorem 3.9',
     'E[(N2 q - N1 p)/((N1+N2)(q-p))] = π(1 - q3^n) (the term with N1+N2 = 0 counted as 0)'),
    ('T3.10', 'Theorem 3.10', '003 Theorem 3.10',
     'Var(π̂ \\| N1+N2 ≠ 0) = 1/(q-p)² [πp+(1-π)q][πq+(1-π)p] A'),
    ('T3.10.form2', 'Theorem 3.10', '003 Theorem 3.10',
     '1/(q-p)² [πp+(1-π)q][πq+(1-π)p] A = [-(π-1/2)² + 1/4((p+q)/(p-q))²] A'),
    ('T3.10.form2@000', 'Theorem 3.10 in 000', '000 Theorem 3.10 in 000',
     'same with -1/4(π-1/2)² in place of -(π-1/2)²'),
    ('A.approx', 'after Theorem 3.10', '003 after Theorem 3.10',
     'A ≈ 1/((n+1)(p+q) - 1) ("a good approximation", after Grab and Savage 1954); quantify its error'),
    ('A.approx.warner', 'after Theorem 3.10', '003 after Theorem 3.10',
     'with that approximation and p+q = 1, Var[π̂ \\| N1+N2 ≠ 0] = (-(π-1/2)² + 1/4 · 1/(2p-1)²)/n, exactly Eq. (1)'),
    ('L4.1', 'Lemma 4.1', '003 Lemma 4.1',
     'E[N1/(N1+N2)] = q1/(q1+q2) (1-q3^n) and E[N2/(N1+N2)] = q2/(q1+q2)(1-q3^n) (the sums in the proof run over n1+n2 ≠ 0)'),
    ('L4.2', 'Lemma 4.2', '003 Lemma 4.2',
     'f(q1,n3) := Σ_{n1+n2=n-n3, n1≠0} n1 C(n1+n2-1, n1-1) q1^{n1-1} q2^{n2} equals 1 if n3 = n-1, and (q1+q2)^{n-n3-1} + (n-n3-1) q1 (q1+q2)^{n-n3-2} if n3 ≤ n-2'),
    ('L4.3', 'Lemma 4.3', '003 Lemma 4.3',
     'Σ_{0≤n3≤n-1} 1/(n-n3) (q1+q2)^{n-n3-1} C(n,n3) q3^{n3} = A/(q1+q2)'),
    ('L4.4', 'Lemma 4.4', '003 Lemma 4.4',
     'Σ_{0≤n3≤n-2} (q1+q2)^{n-n3-2} C(n,n3) q3^{n3} = (1 - q3^n - n(q1+q2) q3^{n-1})/(q1+q2)²'),
    ('L4.5', 'Lemma 4.5', '003 Lemma 4.5',
     'Σ_{0≤n3≤n-2} 1/(n-n3) (q1+q2)^{n-n3-2} C(n,n3) q3^{n3} = (A - n(q1+q2) q3^{n-1})/(q1+q2)²'),
    ('L4.6', 'Lemma 4.6', '003 Lemma 4.6',
     'E[(N1/(N1+N2))²] = q1q2/(q1+q2)² A + q1²/(q1+q2)² (1-q3^n), and the same for N2 with q2²'),
    ('Qlambda.mle', '§3.2', '003 §3.2',
     'for Q_λ = [[p+λ(1-p-q), q+(1-λ)(1-p-q)], [q+(1-λ)(1-p-q), p+λ(1-p-q)]]: π̂ = (n1/n - (1-λ)(1-p-q) - q)/(p-q+(2λ-)(1-p-q)) (printed "(2λ-)")'),
    ('Qlambda.mle@000', '§3.2 in 000', '000 §3.2 in 000',
     'π̂ = (n1 - (1-λ)(1-p-q) - q)/(p-q+(2λ-1)(1-p-q))'),
    ('Qlambda.unbiased', '§3.2', '003 §3.2',
     'that π̂ is unbiased'),
    ('Qlambda.var', '§3.2', '003 §3.2',
     'at λ = 0 the variance (-(π-1/2)² + 1/(4(2p-1)²))/n is the largest'),
    ('nuS', '§3.2', '003 §3.2',
     'ν^S(p,q) = Var(π̂ \\| N1+N2 ≠ 0) = (-(π-1/2)² + (p-q)²/(4(p+q)²))/((n+1)(p+q) - 1) ("Thm. (3.10)")'),
    ('nuW', '§3.2', '003 §3.2',
     'ν^W(p,q) = (-(π-1/2)² + 1/(4(2p-1)²))/n is the accuracy of Q0 = [[p, 1-p], [1-p, p]]'),
]

for _id, _title, _source, _statement in _PENDING:
    define(Claim(id=_id, title=_title, source=_source, statement=_statement,
                 domain="as printed; not yet encoded"))
