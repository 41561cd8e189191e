"""Outside text shown in Markdown as text, never as markup: the escapes every Markdown writer shares (the
report's, :mod:`proofs.report.markdown`, and the coverage table's, :mod:`proofs.reading.render`).

They live at the bottom layer because both writers need them and the coverage table sits below the report.
"""

from __future__ import annotations

import re

__all__ = ["md_text", "md_code"]


def md_text(text: object) -> str:
    """Plain text with Markdown's special characters escaped (and no line breaks)."""
    return re.sub(r"([\\`*_\[\]<>|$#])", r"\\\1", re.sub(r"\s+", " ", str(text)))


def md_code(text: object) -> str:
    """``text`` as one code span (an id, the budget): fenced by more backticks than it holds in a row, so a
    backtick in it cannot close the span and let the rest be read as Markdown or HTML."""
    content = re.sub(r"\s+", " ", str(text))
    fence = "`" * (max((len(run) for run in re.findall(r"`+", content)), default=0) + 1)
    pad = " " if content.startswith("`") or content.endswith("`") else ""
    return f"{fence}{pad}{content}{pad}{fence}"
