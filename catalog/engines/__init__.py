"""Checks that several of the catalog's claims share, built on :mod:`proofs.engines`: the privacy lemmas of
belief functions, the trade-offs of tests (``tradeoff/``), polynomial identities of the appendix, simulation
witnesses, survey grids, decisions for each sample size, exact grids and derivations in steps."""
