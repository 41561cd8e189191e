"""The built-in catalog: the claims of *Local Differential Privacy for Belief Functions* (003, with its other
versions 000-002) and of the companion report on mean estimation (004), with what only they use.

The catalog is the toolkit's first user: nothing in ``core``, ``symbolic``, ``numeric``, ``proofs.base`` or
``proofs.engines`` imports it. Its claims are loaded by the same loader as a claims file of your own
(:func:`proofs.userclaims.load_claims_module`, which the package API registers as the default claims source);
importing :mod:`catalog.claims` registers them.

* :mod:`catalog.claims`: the claims, one module per section of the paper and of the report;
* :mod:`catalog.engines`: checks several of those claims share (privacy lemmas, trade-offs of tests,
  polynomial identities, simulation, survey grids, witnesses, the appendix's derivations);
* :mod:`catalog.derivations`: the paper's and the report's sympy derivations and printed formulas;
* :mod:`catalog.models`: the report's mean estimators (randomized response, Bassily-Smith, the binned mean,
  the Gaussian baseline);
* :mod:`catalog.figures`: the paper's Figures 1-5 and the report's estimators, drawn with matplotlib;
* :mod:`catalog.texts`: the texts in ``papers/`` the claims cite, registered as the catalog's sources.
"""
