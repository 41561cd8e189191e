"""LaTeX math as MathML for the HTML report (latex2mathml), so the page needs no script and no network.

Only math that :func:`proofs.report.latex_text.parse_math` accepted reaches here (a
:class:`~proofs.report.segments.Segment` of kind ``math``). Text-mode escapes inside ``\\text{...}``
(``\\S``, ``\\%``, ``\\&``) are replaced by their characters first, since latex2mathml would copy them
literally; if the MathML still holds a backslash (a command latex2mathml does not know), the formula is
shown as its Unicode reading instead, never as source.
"""

from __future__ import annotations

import functools
import html
import re

from proofs.report.segments import Rich
from proofs.report.unicode_math import to_unicode

__all__ = ["to_mathml", "rich_html"]

_TEXT_ARGUMENT = re.compile(r"\\(text|textrm|textit|textbf|textnormal|mbox)\s*\{([^{}]*)\}")
_TEXT_ESCAPES = {r"\S": "§", r"\%": "%", r"\&": "&", r"\#": "#", r"\_": "_", r"\$": "$", r"\{": "{", r"\}": "}",
                 r"\ldots": "…", r"\dots": "…", r"\textbackslash": "∖", r"\,": " ", r"\quad": "  ", r"\qquad": "   "}
_LEAK = re.compile(r">[^<]*\\[A-Za-z]")


def _text_argument(match: re.Match) -> str:
    inner = match.group(2)
    for source in sorted(_TEXT_ESCAPES, key=len, reverse=True):
        inner = inner.replace(source, _TEXT_ESCAPES[source])
    inner = inner.replace("\\ ", " ")
    return rf"\{match.group(1)}{{{inner}}}"


@functools.lru_cache(maxsize=4096)
def to_mathml(latex: str, display: bool = False) -> str | None:
    """``<math>`` for ``latex``, or None when latex2mathml cannot render it without showing source."""
    from latex2mathml.converter import convert

    source = _TEXT_ARGUMENT.sub(_text_argument, latex)
    try:
        out = convert(source, display="block" if display else "inline")
    except Exception:  # latex2mathml raises its own assorted exceptions on what it cannot read
        return None
    if _LEAK.search(out) or "merror" in out:
        return None
    return out


def rich_html(rich: Rich, *, display: bool | None = None) -> str:
    """Text with math as HTML: text escaped, math as MathML (display math when ``rich`` is one formula
    and ``display`` is not False)."""
    block = rich.display if display is None else display and rich.display
    parts = []
    for segment in rich.segments:
        if segment.kind == "text":
            parts.append(html.escape(segment.content))
            continue
        mathml = to_mathml(segment.content, block)
        parts.append(mathml if mathml is not None else
                     f'<span class="math-text">{html.escape(to_unicode(segment.content))}</span>')
    return "".join(parts)
