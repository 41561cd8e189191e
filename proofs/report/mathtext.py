"""Text with math in it, read once and printed by every output: :class:`MathText` is a sequence of
:class:`Segment` s, each ``text`` (plain Unicode words) or ``math`` (LaTeX that
:func:`~proofs.report.latex_text.parse_math` accepts, so it compiles).

Every text of a claim, a reading and a correction keeps its math between dollars (``"If $Q$ is
$\\epsilon$-WLDP, then ..."``): :func:`parse` splits it there, and nothing else decides which words are math.
A formula that would not compile is shown as its Unicode reading
(:func:`~proofs.report.unicode_math.to_unicode`), never as source. Each output subclasses :class:`Printer`, as
sympy's printers do: :class:`UnicodePrinter` here (the terminal), the HTML, LaTeX and Markdown printers in
their modules. :func:`breakable` cuts a long formula at its top-level commas so that a line can break there.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass

from proofs.report.latex_text import is_math, parse_math
from proofs.report.tex import split_dollars, unicode_to_latex, upright
from proofs.report.unicode_math import to_unicode

__all__ = ["Segment", "MathText", "Printer", "UnicodePrinter", "plain_text", "text", "math", "parse", "join",
           "breakable"]


@dataclass(frozen=True)
class Segment:
    """``kind`` ``"text"`` (Unicode words, shown as they are) or ``"math"`` (LaTeX known to compile)."""

    kind: str
    content: str

    def __post_init__(self) -> None:
        if self.kind not in ("text", "math"):
            raise ValueError(f"kind={self.kind!r}: not 'text' or 'math'")
        if self.kind == "math" and not is_math(self.content):
            raise ValueError(f"content={self.content!r}: not math that compiles")


@dataclass(frozen=True)
class MathText:
    """Text with math: its segments in order. ``display``: one formula alone (shown on its own line)."""

    segments: tuple[Segment, ...]

    @property
    def display(self) -> bool:
        return len(self.segments) == 1 and self.segments[0].kind == "math"

    def __bool__(self) -> bool:
        return any(s.content.strip() for s in self.segments)

    def __add__(self, other: "MathText") -> "MathText":
        return MathText(_merge(self.segments + other.segments))


def _merge(segments: Iterable[Segment]) -> tuple[Segment, ...]:
    out: list[Segment] = []
    for s in segments:
        if not s.content:
            continue
        if out and out[-1].kind == "text" and s.kind == "text":
            out[-1] = Segment("text", out[-1].content + s.content)
        else:
            out.append(s)
    return tuple(out)


def text(content: object) -> MathText:
    """Plain words, shown as they are."""
    return MathText(_merge([Segment("text", str(content))]))


@functools.lru_cache(maxsize=8192)
def math(latex: str) -> MathText:
    """One formula; if it does not compile, its Unicode reading as text. Kept per text (a report sets the same
    symbols and values thousands of times; a :class:`MathText` is immutable)."""
    source = upright(unicode_to_latex(latex).strip())
    return MathText((Segment("math", source),)) if is_math(source) else text(to_unicode(latex))


def parse(source: object) -> MathText:
    """Prose with its math between dollars (``\\$`` is a dollar sign): the text as words, each ``$...$`` as a
    formula. Words with a LaTeX command in them (a text written without dollars) are shown as their Unicode
    reading, never as source."""
    pieces = split_dollars(str(source))
    return MathText(_merge(s for is_math_part, part in pieces for s in (math(part).segments if is_math_part else
                           [Segment("text", to_unicode(part) if _COMMAND.search(part) else part)])))


_COMMAND = re.compile(r"\\[A-Za-z]")


def join(items: Iterable[MathText], separator: str = ", ") -> MathText:
    """``items`` one after the other with the text ``separator`` between them."""
    return MathText(_merge(s for k, item in enumerate(items)
                           for s in ((Segment("text", separator),) if k else ()) + item.segments))


class Printer:
    """Prints :class:`MathText` in one format, as sympy's printers do: the words by ``_print_text``, each
    formula by ``_print_math``, and one formula alone by ``_print_display`` when ``display`` asks for it."""

    def doprint(self, item: MathText, *, display: bool = False) -> str:
        if display and item.display:
            return self._print_display(item.segments[0].content)
        return "".join(self._print_math(s.content) if s.kind == "math" else self._print_text(s.content)
                       for s in item.segments)

    def _print_text(self, text: str) -> str:
        return text

    def _print_math(self, latex: str) -> str:
        return latex

    def _print_display(self, latex: str) -> str:
        return self._print_math(latex)


class UnicodePrinter(Printer):
    """Text with math as one line of Unicode (the terminal's reading of the math, ``β²_φ ≤ 1/2``)."""

    def doprint(self, item: MathText, *, display: bool = False) -> str:
        return " ".join(super().doprint(item).split())

    def _print_math(self, latex: str) -> str:
        return to_unicode(latex)


#: One line of Unicode for ``item`` (the terminal's reading of text with math).
plain_text = UnicodePrinter().doprint


# ----------------------------------------------------------------------------------------------------
# Long formulas


#: Top-level nodes (kind, text) that open or close a bracket, that a line may break after, and the spaces
#: that follow such a break (dropped: the text between the pieces stands for them).
_OPENING = frozenset({("char", "("), ("char", "["), ("symbol", "{"), ("symbol", "langle")})
_CLOSING = frozenset({("char", ")"), ("char", "]"), ("symbol", "}"), ("symbol", "rangle")})
_CUTS = frozenset({("char", ","), ("char", ";"), ("symbol", "quad"), ("symbol", "qquad")})
_SPACES = frozenset({("space", " ")} | {("symbol", name) for name in (" ", ",", ";", ":", "quad", "qquad")})


def _split_math(latex: str, level: int = 0) -> list[Segment]:
    """A long formula (known to compile) cut at its top-level ``,`` and ``;`` (and ``\\quad``) into formulas
    of its own, so that a line can break between them; pieces that would not compile alone keep it whole."""
    children = parse_math(latex, strict=False).children
    pieces: list[tuple[int, int, str]] = []
    start = depth = k = 0
    while k < len(children):
        node = children[k]
        depth += ((node.kind, node.text) in _OPENING) - ((node.kind, node.text) in _CLOSING)
        k += 1
        if depth <= level and (node.kind, node.text) in _CUTS:
            while k < len(children) and (children[k].kind, children[k].text) in _SPACES:
                k += 1
            pieces.append((start, node.start, node.text + " " if node.kind == "char" else "  "))
            start = children[k].start if k < len(children) else len(latex)
    pieces.append((start, len(latex), ""))
    parts = [(latex[begin:end].strip(), separator) for begin, end, separator in pieces]
    if len(parts) == 1 or any(part and not is_math(part) for part, _ in parts):
        return [Segment("math", latex)]
    return list(_merge(s for part, separator in parts
                       for s in ([Segment("math", part)] if part else []) + [Segment("text", separator)]))


def breakable(rich: MathText, limit: int = 90) -> MathText:
    """``rich`` with every formula longer than ``limit`` characters of source cut at its top-level commas
    and semicolons (see :func:`_split_math`); shorter ones and the text are kept as they are."""
    if not any(s.kind == "math" and len(s.content) > limit for s in rich.segments):
        return rich
    out: list[Segment] = []
    for s in rich.segments:
        if s.kind != "math" or len(s.content) <= limit:
            out.append(s)
            continue
        for piece in _split_math(s.content):  # then, if still long, inside one level of brackets
            out += _split_math(piece.content, 1) if piece.kind == "math" and len(piece.content) > limit \
                else [piece]
    return MathText(_merge(out))
