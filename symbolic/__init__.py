"""sympy derivations: MLEs from likelihoods, expectations and variances, derivatives, sign conditions.
Each derivation is a function returning sympy expressions in the symbols of :mod:`symbolic.symbols`."""
