"""Which set functions each privacy-loss ratio of 003 divides, and over which ordered pairs (x, x') of inputs.

=====================  =====================  ===========  =========================
name                   ratio                  pairs        where (003)
=====================  =====================  ===========  =========================
``SLDP``               m_x(E) / m_x'(E)       all          Definition 3.1
``bel loss``           bel_x(E) / bel_x'(E)   all          before Lemma 3.2
``pl loss``            pl_x(E) / pl_x'(E)     all          before Lemma 3.2
``WLDP``               pl_x(E) / bel_x'(E)    all          Definition 3.13
``WLDP: distinct pairs``  pl_x(E) / bel_x'(E) x != x'      Definition 3.13
=====================  =====================  ===========  =========================

This is the computation's table, nothing more: :class:`numeric.mechanisms.Mechanism` maximises the ratio it
names (``worst_shafer`` and friends), and :mod:`numeric.definitions.ldp` attaches to each row its registered
reading, with the reasons for it. It sits below both, so that the mechanisms never import the definitions that
are computed on them.
"""

from __future__ import annotations

__all__ = ["RATIOS"]

#: reading name -> (numerator, denominator, pairs): numerator_x(E) / denominator_x'(E), each "m", "bel" or "pl",
#: over "all" ordered pairs (x = x' included) or the "distinct" ones.
RATIOS: dict[str, tuple[str, str, str]] = {
    "SLDP": ("m", "m", "all"),
    "bel loss": ("bel", "bel", "all"),
    "pl loss": ("pl", "pl", "all"),
    "WLDP": ("pl", "bel", "all"),
    "WLDP: distinct pairs": ("pl", "bel", "distinct"),
}
