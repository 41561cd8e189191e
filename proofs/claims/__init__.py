"""Claim modules, one per section of the paper and of the report, imported in the order of the texts;
importing this package registers every claim."""

from proofs.claims import (  # noqa: F401  (registration, in the order of the texts)
    belief_functions, sldp, testing_sldp, survey_variance, appendix_lemmas, survey_design, wldp, testing_wldp,
    report_mechanisms, report_gaussian, report_binned,
    belief, tradeoff, survey, signs, meanest,
)
