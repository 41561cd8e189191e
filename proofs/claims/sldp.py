"""Claims of 003 §3.1 on SLDP itself (Definition 3.1, Lemmas 3.2-3.4) and its reduction to standard LDP."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="D3.1.bayesian", title="with Bayesian rows, ε-SLDP is standard ε-LDP",
    source="003 §3.1",
    statement=r"\text{if each row of } Q \text{ is Bayesian, } \epsilon\text{-SLDP is just the standard } "
              r"\epsilon\text{-LDP; with } 2^Y \setminus \{\emptyset\} \text{ as output alphabet, } Q "
              r"\text{ is simply the standard LDP mechanism}",
    domain="evidential mechanisms on finite input and output alphabets",
    interpretation="two statements: (a) when every m_x has only singleton focal sets, the SLDP loss equals the "
                   "standard LDP loss max ln P_x(E)/P_x'(E); (b) reading Q as a probabilistic mechanism with "
                   "output alphabet 2^Y \\ {∅}, its standard LDP loss equals the SLDP loss",
    definitions=("SLDP",),
    premise="every row of Q is Bayesian (part a)",
))

define(Claim(
    id="L3.4.proof.pushforward", title="proof of Lemma 3.4: the mass of f∘Q is the push-forward of the mass of Q",
    source="003 proof of Lemma 3.4",
    statement=r"m_x^{f \circ Q}(E) = m_x^Q(f^{-1}(E))",
    domain="evidential mechanisms Q: X -> 2^Y, post-processing maps f: Y -> Z (deterministic and randomized)",
    interpretation="for a deterministic f, the focal set B of m_x^Q is carried to its image f(B), so "
                   "m^{f∘Q}_x(E) = Σ_{B: f(B) = E} m^Q_x(B); the printed preimage form f^{-1}(E) is checked against it",
    definitions=("SLDP",),
    related={"L3.4": "the lemma this step proves"},
))
