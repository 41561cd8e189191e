"""LaTeX math as MathML for the HTML report (latex2mathml), so the page needs no script and no network.

Only math that :func:`proofs.report.latex_text.parse_math` accepted reaches here (a
:class:`~proofs.report.mathtext.Segment` of kind ``math``). Text-mode escapes inside ``\\text{...}``
(``\\S``, ``\\%``, ``\\&``) are replaced by their characters first, since latex2mathml would copy them
literally; if the MathML still holds a backslash (a command latex2mathml does not know), the formula is
shown as its Unicode reading instead, never as source.
"""

from __future__ import annotations

import functools
import html
import re

from proofs.report.mathtext import MathText, Printer
from proofs.report.tex import TEXT_MODE_COMMANDS
from proofs.report.unicode_math import to_unicode

__all__ = ["to_mathml", "HtmlPrinter"]

_TEXT_ARGUMENT = re.compile(r"\\(text|textrm|textit|textbf|textnormal|mbox)\s*\{([^{}]*)\}")
_TEXT_ESCAPES = sorted(TEXT_MODE_COMMANDS.items(), key=lambda kv: len(kv[0]), reverse=True)
_LEAK = re.compile(r">[^<]*\\[A-Za-z]")


def _text_argument(match: re.Match) -> str:
    inner = match.group(2)
    for source, target in _TEXT_ESCAPES:
        inner = inner.replace(source, target)
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


class HtmlPrinter(Printer):
    """Text with math as HTML: the words escaped, each formula as MathML (its Unicode reading in a
    ``math-text`` span where latex2mathml cannot render it); one formula alone as display math."""

    def doprint(self, item: MathText, *, display: bool = True) -> str:
        return super().doprint(item, display=display)

    def _print_text(self, text: str) -> str:
        return html.escape(text)

    def _print_math(self, latex: str, display: bool = False) -> str:
        mathml = to_mathml(latex, display)
        return mathml if mathml is not None else f'<span class="math-text">{html.escape(to_unicode(latex))}</span>'

    def _print_display(self, latex: str) -> str:
        return self._print_math(latex, True)
