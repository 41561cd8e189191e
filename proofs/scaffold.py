"""The name claims files scaffolded by version 0.3.0 import (``from proofs.scaffold import Formula,
pending``): the same objects as :mod:`proofs.reading`, which new scaffolds name."""

from __future__ import annotations

from proofs.base.pending import ENGINES, Formula, Todo, is_pending, pending, pending_ids, todo_of

__all__ = ["pending", "Formula", "Todo", "ENGINES", "is_pending", "todo_of", "pending_ids"]
