"""The sign decider: is ``expr (sign) 0`` true on a whole domain? See :mod:`proofs.engines.sign.decide`."""

from proofs.engines.sign.cases import inf_over, sup_over
from proofs.engines.sign.decide import check_sign, sign_evidence

__all__ = ["check_sign", "sign_evidence", "sup_over", "inf_over"]
