"""ldp-belief-proofs: claim-by-claim verification of the paper and the report, and of your own claims.

Public API (the CLI is ``python -m proofs``)::

    from proofs import Claim, define, check                  # a claim as data, and its checks
    from proofs import Evidence, Correction, Method, Outcome, Recheck
    from proofs import Verdict, Status, decide, run_claim     # the verdict rule; run one claim
    from proofs import Budget, BUDGETS                        # sizes of grids and searches
    from proofs import identity, exhaustive, property_search, rational_grid   # shared methods
    from proofs import check_sign, check_moment               # deciders for your own conditions and closed forms
    from proofs import sup_over, inf_over                     # a worst case over an input, in a sign condition
    from proofs import check_ldp, mechanisms                  # privacy in one call; mechanisms as printed
    from proofs import check_approximation                    # an approximation in a regime ("≈ when c0 is small")
    from proofs import continuous                             # mechanisms with a continuous output (Laplace, PM, ...)
    from proofs import moment_claim, ldp_claim, sign_claim, approximation_claim   # a claim in a few lines
    from proofs import sum_over_values, value_sum_claim       # Σ_v over every value of a symmetric family
    from proofs import EXACT, mpf, arb                        # the numbers context
    from proofs import ToolkitError, InvalidArgument, UnknownClaim
    from proofs import __version__

The vocabulary is imported at once (it is small); engines and the runner on first use, so that
``import proofs`` stays cheap. The built-in catalog (the paper's and the report's claims, :mod:`catalog`)
is registered here as the registry's default source, loaded on the first look-up by the loader a claims
file of your own goes through (:func:`proofs.userclaims.load_builtin_catalog`).
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from core.context import EXACT, arb, mpf
from core.errors import InvalidArgument, ToolkitError, UnknownClaim
from proofs.base.budget import BUDGETS, Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome, Recheck
from proofs.base import registry as _registry
from proofs.base.registry import check, define
from proofs.base.verdict import Status, Verdict, decide
from proofs.base.version import __version__
from proofs.userclaims import load_builtin_catalog as _load_builtin_catalog

__all__ = [
    "Claim", "define", "check",
    "Evidence", "Correction", "Method", "Outcome", "Recheck",
    "Verdict", "Status", "decide", "run_claim",
    "Budget", "BUDGETS",
    "identity", "exhaustive", "property_search", "rational_grid",
    "check_sign", "sup_over", "inf_over", "check_moment", "check_ldp", "mechanisms", "check_approximation",
    "continuous",
    "moment_claim", "ldp_claim", "sign_claim", "approximation_claim",
    "sum_over_values", "value_sum_claim",
    "EXACT", "mpf", "arb",
    "ToolkitError", "InvalidArgument", "UnknownClaim",
    "__version__",
]

_registry.add_source(_load_builtin_catalog)

# Heavier entry points are imported on first use.
_LAZY = {
    "run_claim": "proofs.runner",
    "check_sign": "proofs.engines.sign",
    "sup_over": "proofs.engines.sign",
    "inf_over": "proofs.engines.sign",
    "check_moment": "proofs.engines.moments",
    "check_ldp": "proofs.engines.ldp",
    "check_approximation": "proofs.engines.approximation",
    "moment_claim": "proofs.declare",
    "ldp_claim": "proofs.declare",
    "sign_claim": "proofs.declare",
    "approximation_claim": "proofs.declare",
    "sum_over_values": "proofs.engines.value_sums",
    "value_sum_claim": "proofs.declare",
    "identity": "proofs.engines.methods",
    "exhaustive": "proofs.engines.methods",
    "property_search": "proofs.engines.methods",
    "rational_grid": "proofs.engines.methods",
}


def __getattr__(name: str) -> Any:
    if name in ("mechanisms", "continuous"):  # modules of constructors: ``from proofs import mechanisms as M``
        return import_module(f"proofs.{name}")
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'proofs' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
