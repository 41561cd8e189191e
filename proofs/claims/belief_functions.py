"""Claims of 003 §2 (belief functions): Möbius inversion and what makes a set function a belief function."""

from __future__ import annotations

from proofs import Claim, define

define(Claim(
    id="D2.belief-iff", title="belief functions are exactly the Möbius transforms of mass assignments",
    source="003 §2",
    statement=r"f \text{ is a belief function} \iff m_f(A) = \sum_{B \subseteq A} (-1)^{|A \setminus B|} f(B) "
              r"\ge 0,\ \sum_A m_f(A) = 1,\ m_f(\emptyset) = 0",
    domain="set functions f: 2^Y -> R on finite frames Y",
    interpretation="a belief function is one of the form bel(A) = sum_{B ⊆ A} m(B) for a mass assignment m "
                   "(003 §2); the claim is the equivalence with non-negativity of the Möbius transform",
    premise="f is a belief function (forward); m_f is a mass assignment (converse)",
    related={"D2.mobius": "the Möbius inversion it rests on"},
))
