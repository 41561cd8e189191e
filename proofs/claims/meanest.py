"""The mean-estimation report (004): randomized response, Bassily-Smith, binned mean, Gaussian mechanism.

Claims registered here without checks are reported ``inconclusive`` ("no check implemented yet")
until their checks land.
"""
from __future__ import annotations

from proofs.claim import Claim
from proofs.registry import define

# (id, title, source, statement as printed in ../shared/CLAIMS.md)
_PENDING = [
    ('R.rr-eps', '§2.2', '004 §2.2',
     'randomized response with Pr(b = D_i) = 1/2 + p, p < 1/2, is (4p/(1-2p))-differentially private'),
    ('R.warner-mle', '§2.2, Eq. (1)', '004 §2.2, Eq. (1)',
     "θ̂1 = (1/(2p))(#1's/n - (1/2 - p)) estimates the proportion of 1's without bias"),
    ('R.warner-var', '§2.2', '004 §2.2',
     'θ̂1 ~ N(θ1, (1/(4p²n²))(n/4 - np²))'),
    ('R.bassily-smith', '§2.2', '004 §2.2',
     'per-coordinate randomized response on one-hot vectors with ((1/2+p)/(1/2-p)) ≤ e^{ε/2} is ε-DP'),
    ('R.independence', '§3.2', '004 §3.2',
     'the per-type estimators θ̂_i are independent, so Var[ν̂] = Σ m_i² Var[θ̂_i] = Σ m_i² (n/4 - np²)/(4p²n²)'),
    ('R.nu-unbiased', '§3.2', '004 §3.2',
     'E[ν̂] = ν = Σ m_i θ_i'),
    ('R.bias', '§3.2', '004 §3.2',
     '\\|ν - μ\\| ≤ c/2 (half the interval size; printed once as ε/2)'),
    ('R.gaussian', '§2.1', '004 §2.1',
     'adding N(0, σ²) with σ² = 2 ln(2/δ) GS(f)²/ε² is (ε, δ)-DP'),
    ('R.tail', '§3.1', '004 §3.1',
     'with probability ≥ 1-δ all X_i lie in [-μ - σ√(2 ln(2n/δ)), μ + σ√(2 ln(2n/δ))] (as printed; also the reading μ - σ√...)'),
    ('R.ci-gauss', '§3.1', '004 §3.1',
     '[Z̄ ± z_{α/2} √((σ² + σ̃²)/n)] is a (1-α) confidence interval for μ'),
    ('R.ci-rr', '§3.2', '004 §3.2',
     '[ν̂ ± z_{α/2} √(Σ m_i² (n/4 - np²)/(4p²n²))] is a (1-α) confidence interval for ν'),
    ('R.negative-variance', '§3.2', '004 §3.2',
     'the plug-in variance estimate λ² can be negative'),
]

for _id, _title, _source, _statement in _PENDING:
    define(Claim(id=_id, title=_title, source=_source, statement=_statement,
                 domain="as printed; not yet encoded"))
