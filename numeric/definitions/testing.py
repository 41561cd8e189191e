"""The errors of tests (Theorem 3.5; §3.2 before Definition 3.17) and the trade-off functions of
Definition 3.17: their one definition, with the readings of the optimistic trade-off named.

Source: 003 §3.1 and §3.2 (``003_c07100d0f17e2eef.txt``).
"""

from __future__ import annotations

from numeric.definitions import Reading, register

T35_ERRORS = register(Reading(
    name="T3.5 errors", notion="SLDP test errors", source="003 §3.1 before Theorem 3.5", primary=True,
    text="alpha_phi = sup over P_x of E(phi), beta_phi = 1 - inf over P_x' of E(phi)",
))

T_PE = register(Reading(
    name="T^pe", notion="T^pe", source="003 Definition 3.17", primary=True,
    text="T^pe(alpha) = inf{beta^pe_phi : alpha^pe_phi <= alpha}, alpha^pe = sup over P_x of E(phi), "
         "beta^pe = sup over P_x' of E(1 - phi)",
))

T_OP = register(Reading(
    name="T^op", notion="T^op", source="003 Definition 3.17", primary=True,
    text="T^op(alpha) = sup{beta^op_phi : alpha^op_phi <= alpha} as printed, alpha^op = inf over P_x of E(phi), "
         "beta^op = inf over P_x' of E(1 - phi); identically 1 (the test phi = 0)",
))
