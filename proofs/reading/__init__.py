"""Reading a paper's LaTeX: every numbered result and displayed formula located, read, written into a
claims file as waiting for a check, and found again when claims cover it.

    from proofs.reading import pending, Formula        # what a scaffolded claims file uses
    from proofs.reading import scaffold                 # the command, as a function

``python -m proofs scaffold PAPER.tex [--output claims.py]`` reads the paper (:mod:`~proofs.reading.source`:
inclusions, comments; :mod:`~proofs.reading.macros`: the paper's macros; :mod:`~proofs.reading.document`:
results and displays, numbered as LaTeX prints them), reads each formula into sympy
(:mod:`~proofs.reading.latexmath`), decides what each entry is and which engine fits it
(:mod:`~proofs.reading.entries`), writes each claim whose formula fits an engine ready to run, as that
engine's short declaration (:mod:`~proofs.reading.ready`), and writes the claims file
(:mod:`~proofs.reading.writer`), whose other claims are :func:`~proofs.base.pending.pending`: reported
inconclusive, with the reason, until checks are written.

``python -m proofs coverage`` reads the same entries back (:mod:`~proofs.reading.coverage`; the texts the
toolkit holds, 003 and 004, through :mod:`~proofs.reading.texts` and :mod:`~proofs.reading.classification`)
and tells which claims cover each one (:mod:`~proofs.reading.render` prints the table).
"""

from __future__ import annotations

from typing import Any

from proofs.base.pending import ENGINES, Formula, Todo, is_pending, pending, pending_ids, todo_of

__all__ = ["pending", "Formula", "Todo", "ENGINES", "is_pending", "todo_of", "pending_ids", "scaffold"]


def __getattr__(name: str) -> Any:
    if name == "scaffold":  # the reader and writer load sympy: only on use, so a claims file imports cheaply
        from proofs.reading.command import scaffold  # optional: the reader loads sympy, only on use

        return scaffold
    raise AttributeError(f"module 'proofs.reading' has no attribute {name!r}")
