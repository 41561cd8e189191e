"""ldp-belief-proofs: claim-by-claim verification of the paper and the report.

Public API (the CLI is ``python -m proofs``)::

    from proofs import Claim, Evidence, define, check, run_claim, Verdict, Status
    from proofs import check_sign, check_moment       # deciders for your own conditions and closed forms
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from proofs.base.budget import BUDGETS, Budget
from proofs.base.claim import Claim
from proofs.errors import InvalidArgument, ToolkitError, UnknownClaim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.base.registry import check, define
from proofs.base.verdict import Status, Verdict

__version__ = "0.1.0"

__all__ = [
    "BUDGETS", "Budget", "Claim", "Correction", "Evidence", "InvalidArgument", "Method", "Outcome",
    "Recheck", "Status", "ToolkitError", "UnknownClaim", "Verdict", "check", "define", "run_claim",
    "check_sign", "check_moment", "__version__",
]

# Heavier entry points are imported on first use, so that `import proofs.errors` stays cheap.
_LAZY = {
    "run_claim": "proofs.runner",
    "check_sign": "proofs.engines.sign.decide",
    "check_moment": "proofs.engines.moments",
}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'proofs' has no attribute {name!r}")
