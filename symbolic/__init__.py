"""sympy derivations any claim can use: named symbols (:mod:`symbolic.symbols`), the survey models
(:mod:`symbolic.model`), derivations as chains of checked steps (:mod:`symbolic.steps`) and the binomial
theorem by a WZ certificate (:mod:`symbolic.binomial`). The paper's and the report's own derivations live in
the catalog (:mod:`catalog.derivations`)."""
