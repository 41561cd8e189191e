"""Claim modules, one per section of the paper and of the report, imported in the order of the texts;
importing this package registers every claim."""

from catalog.claims import (  # noqa: F401  (registration, in the order of the texts)
    belief_functions, sldp, testing_sldp, warner, survey_mle, survey_variance, appendix_lemmas, survey_design,
    survey_figures, wldp, testing_wldp, qlambda, walley_tradeoff,
    report_mechanisms, report_gaussian, report_binned,
)
