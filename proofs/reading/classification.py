"""Entries of the texts that assert nothing to check: definitions and notation, each with its reason.

An entry of a text (:mod:`proofs.reading.texts`) that no claim covers is either listed here — a
definition (it fixes a meaning) or notation (it names an object used elsewhere) — or reported as
*open*: a checkable assertion that nobody has checked. Keys are ``(paper, label)``.
"""

from __future__ import annotations

__all__ = ["DEFINITIONS", "NOTATION", "classify"]

#: Entries that define a notion; the claims use the definition, they do not check it.
DEFINITIONS: dict[tuple[str, str], str] = {
    ("003", "Definition 3.1"): "defines ε-SLDP (numeric.definitions.ldp)",
    ("003", "Definition 3.13"): "defines ε-WLDP (numeric.definitions.ldp)",
    ("003", "Definition 3.17"): "defines the pessimistic and optimistic trade-off functions (numeric.definitions.testing)",
    ("004", "Definition 1"): "defines neighbouring datasets",
    ("004", "Definition 2"): "defines (ε, δ)-differential privacy",
    ("004", "display, line 32"): "the inequality of Definition 2",
    ("004", "display, line 42"): "defines the global sensitivity GS(f) (read by R.gaussian, R.gs-identity)",
    ("004", "display, line 55"): "defines randomized response Pr(b_i = x)",
    ("004", "display, line 116"): "defines ν, the binned mean",
}

#: Entries that name an object (a matrix, a vector) used by the claims.
NOTATION: dict[tuple[str, str], str] = {
    ("003", "display, line 95"): "the matrix Q_{2x3}",
    ("003", "display, line 105"): "(q1, q2, q3) = (π, 1-π) Q_{2x3}, the model of 003 §3.1",
    ("003", "display, line 209"): "the matrix Q_{2x3}, printed again in §3.2",
    ("003", "display, line 213"): "the matrix Q_λ",
    ("003", "display, line 299"): "the matrix Q_{2x3}, printed again in the proof of Corollary 3.6",
    ("003", "display, line 433"): "the matrix Q_1 of Warner's model",
    ("003", "display, line 437"): "the matrix Q_0 of Warner's model",
}


def classify(paper: str, label: str) -> tuple[str, str] | None:
    """``("definition" | "notation", reason)`` for an entry listed here, else ``None``."""
    if (paper, label) in DEFINITIONS:
        return "definition", DEFINITIONS[(paper, label)]
    if (paper, label) in NOTATION:
        return "notation", NOTATION[(paper, label)]
    return None
