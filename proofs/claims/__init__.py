"""Claim modules, one per area of the paper; importing this package registers every claim."""

from proofs.claims import belief, meanest, signs, survey, tradeoff  # noqa: F401  (registration)
