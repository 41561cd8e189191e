"""The paper's notation, declared to the general engines, which know no table of names: the names of
:mod:`symbolic.symbols` (p, q, n, N1, ..., q1, ..., lam, c, eps, alpha; never ``pi``, which a condition
reads as the constant unless it constrains it alone) are variables in every sign decision the catalog asks
for, as they are in the paper's text."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from proofs.base.evidence import Evidence
from proofs.engines.sign import sign_evidence as _sign_evidence
from proofs.engines.sign.parse import CONSTANT_NAMES
from symbolic.symbols import by_name

__all__ = ["PAPER_NAMES", "paper_sign_evidence"]

#: The paper's names that are variables in its conditions (its constants' names left to their meaning).
PAPER_NAMES: tuple[str, ...] = tuple(sorted(set(by_name()) - set(CONSTANT_NAMES)))


def paper_sign_evidence(expr: Any, domain: Any = None, *, symbols: Sequence[str] = (), **options: Any) -> Evidence:
    """:func:`proofs.engines.sign.sign_evidence` with the paper's names declared (and ``symbols``)."""
    return _sign_evidence(expr, domain, symbols=(*PAPER_NAMES, *symbols), **options)
