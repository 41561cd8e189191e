"""Claim modules, one per section of the paper and of the report, imported in the order of the texts;
importing this package registers the texts they cite (:mod:`catalog.texts`) and every claim. The registry
loads it as its default source (:func:`proofs.userclaims.load_builtin_catalog`)."""

from catalog.texts import TEXTS
from proofs.base.claim import add_sources

add_sources(TEXTS)  # before the claims: a claim's ``paper`` reads them

from catalog.claims import (  # noqa: E402, F401  (registration, in the order of the texts)
    belief_functions, sldp, sldp_bayesian, sldp_loss, testing_sldp, warner, survey_mle, survey_variance,
    appendix_lemmas, survey_design, survey_design_c312, survey_figures, wldp, wldp_composition, wldp_loss,
    testing_wldp, qlambda, walley_tradeoff, report_mechanisms, report_warner, report_bassily_smith,
    report_gaussian, report_gaussian_release, report_binned, report_binned_ci,
)
