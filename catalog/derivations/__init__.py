"""The paper's and the report's sympy derivations: the survey MLEs and their moments (003 §3.1-3.2), the
appendix's general-n proofs, the Grab-Savage approximation, the privacy-accuracy curves, the formulas as
printed, and the report's mean-estimation derivations (004)."""
