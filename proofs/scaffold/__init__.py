"""From a paper's LaTeX to a claims file: every numbered result and displayed formula located, read and
waiting for a check.

    from proofs.scaffold import pending, Formula        # what a scaffolded claims file uses
    from proofs.scaffold import scaffold                 # the command, as a function

``python -m proofs scaffold PAPER.tex [--output claims.py]`` reads the paper (:mod:`~proofs.scaffold.source`:
inclusions, comments; :mod:`~proofs.scaffold.macros`: the paper's macros; :mod:`~proofs.scaffold.document`:
results and displays, numbered as LaTeX prints them), reads each formula into sympy
(:mod:`~proofs.scaffold.latexmath`), decides what each entry is and which engine fits it
(:mod:`~proofs.scaffold.entries`) and writes the claims file (:mod:`~proofs.scaffold.writer`), whose claims
are :func:`~proofs.scaffold.pending.pending`: reported inconclusive until checks are written.
"""

from __future__ import annotations

from typing import Any

from proofs.scaffold.pending import ENGINES, Formula, Todo, is_pending, pending, pending_ids, todo_of

__all__ = ["pending", "Formula", "Todo", "ENGINES", "is_pending", "todo_of", "pending_ids", "scaffold"]


def __getattr__(name: str) -> Any:
    if name == "scaffold":  # the reader and writer load sympy: only on use, so a claims file imports cheaply
        from proofs.scaffold.command import scaffold  # optional: the reader loads sympy, only on use

        return scaffold
    raise AttributeError(f"module 'proofs.scaffold' has no attribute {name!r}")
