"""Definition 3.1 (SLDP), the losses of Lemma 3.2, and Definition 3.13 (WLDP): their one definition.

Source: 003 §3.1 and §3.2 (``003_c07100d0f17e2eef.txt``).
"""

from __future__ import annotations

from numeric.definitions import Reading, register

SLDP = register(Reading(
    name="SLDP", notion="SLDP", source="003 Definition 3.1", primary=True,
    text="max over x, x' and focal sets E of ln m_x(E)/m_x'(E) (Shafer: masses as randomly coded messages)",
))

WLDP = register(Reading(
    name="WLDP", notion="WLDP", source="003 Definition 3.13", primary=True,
    text="r^W = max over all ordered pairs (x, x') of inputs, x = x' included, and events E of "
         "pr_x(E)/pr_x'(E), pr_x ranging over P_{bel_x} and pr_x' over P_{bel_x'} independently; "
         "equal to max pl_x(E)/bel_x'(E). Lemma 3.14 quantifies 'for all x, x' in X'",
))

WLDP_DISTINCT = register(Reading(
    name="WLDP: distinct pairs", notion="WLDP", source="003 Definition 3.13",
    text="as WLDP, but only pairs x != x' count (the imprecision of a single row is not a privacy loss)",
))
