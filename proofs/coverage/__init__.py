"""Coverage: which numbered results and displayed formulas of the texts the claims check."""
