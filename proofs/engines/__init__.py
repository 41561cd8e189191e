"""Engines that turn mathematics into evidence: shared methods (identities, exhaustive sets, property
searches), the sign decider (:mod:`proofs.engines.sign`) and the moment checker
(:mod:`proofs.engines.moments`). They use :mod:`proofs.base`, ``numeric``, ``symbolic`` and ``core``;
claims, reports and the CLI use them."""
