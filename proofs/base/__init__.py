"""The vocabulary of verdicts: :class:`Claim`, :class:`Evidence`, the verdict rule, :class:`Budget` and
the claim registry. Imports ``core`` only; every other part of :mod:`proofs` builds on it."""
