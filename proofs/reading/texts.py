"""The texts as lists of entries: every numbered result and every displayed formula, with where it is.

003 (HTML text) prints each formula three times in a row: its rendering, a token stream with
mathematical italic letters, and its LaTeX source. A paragraph (lines between blank lines) is a
*display* when none of its lines is prose; a *numbered result* is a header line (``Lemma 3.2``) and the
statement paragraphs that follow it. 004 (markdown) marks displays with ``$$ ... $$`` and numbered
results with ``Definition 1:``. :func:`normalise` reduces LaTeX to a canonical spelling, so that a
claim's printed fragment can be looked up whatever the spacing, braces and synonyms.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from core.errors import invalid
from proofs.base import registry
from proofs.base.claim import SOURCES

__all__ = ["Entry", "Text", "load", "normalise", "papers_directory", "PAPERS", "display_sources"]

#: The texts whose coverage is reported.
PAPERS = ("003", "004")

_KINDS = ("Definition", "Lemma", "Theorem", "Corollary", "Example", "Remark", "Proposition")
_HEADER_003 = re.compile(rf"^({'|'.join(_KINDS)}) (\d+(?:\.\d+)?)$")
_HEADER_004 = re.compile(rf"^({'|'.join(_KINDS)}) (\d+(?:\.\d+)?):")
_SECTION = re.compile(r"^(\d+(?:\.\d+)*) [A-Z][^.]{2,80}$|^(Abstract|Acknowledgements|References|"
                      r"Supplementary-Materials|Appendix)$")
_PROSE = re.compile(r"\b(the|and|of|is|are|we|that|for|with|be|by|this|from|where|which|let|then|so|since|"
                    r"it|as|in|to|can|our|have|has|when|if)\b", re.IGNORECASE)
_TEXT_ARG = re.compile(r"\\(?:text|mbox|mathrm|operatorname)\{[^{}]*\}")
_ITALIC = re.compile("[\U0001D400-\U0001D7FF]+")
_EQ_NUMBER = re.compile(r"\((\d+)\)\s*$")


@dataclass(frozen=True)
class Entry:
    """One numbered result or displayed formula of a text.

    ``kind`` is ``"result"`` or ``"display"``; ``label`` what a reader looks for (``"Lemma 3.2"``,
    ``"display (1)"``, ``"display, line 323"``); ``line`` its first line in the file; ``section`` the
    section it sits in; ``latex`` its LaTeX source (as printed; for 003 the source chunks of the line);
    ``number`` the equation number of a display, if any."""

    paper: str
    kind: str
    label: str
    line: int
    section: str
    latex: str
    number: str | None = None

    @property
    def key(self) -> str:
        return f"{self.paper} {self.label}"


@dataclass(frozen=True)
class Text:
    """A text: its lines and entries, and its normalised LaTeX for look-ups."""

    paper: str
    path: Path
    lines: tuple[str, ...]
    entries: tuple[Entry, ...]

    def find(self, fragment: str) -> list[int]:
        """The lines (1-based) where ``fragment`` is printed: in the normalised LaTeX of the line, or, for a
        fragment of prose, in its words (whitespace and typographic quotes aside)."""
        target = normalise(fragment)
        if not target:
            return []
        found = [i + 1 for i, line in enumerate(_normalised_lines(self.lines, self.paper)) if target in line]
        if found or "\\" in fragment:
            return found
        words = _words(fragment)
        return [i + 1 for i, line in enumerate(_worded_lines(self.lines)) if words and words in line]


@lru_cache(maxsize=16)
def _normalised_lines(lines: tuple[str, ...], paper: str) -> tuple[str, ...]:
    """Each line's LaTeX, normalised: worked out once per text, not once per fragment looked up (a report
    looks up every claim's formulas in the same lines)."""
    return tuple(normalise(_latex_of_line(line, paper)) for line in lines)


@lru_cache(maxsize=16)
def _worded_lines(lines: tuple[str, ...]) -> tuple[str, ...]:
    """Each line's words (see :func:`_words`), once per text."""
    return tuple(_words(line) for line in lines)


def papers_directory() -> Path:
    """Where the texts are: ``$LDP_PAPERS`` if set, else the project's own ``papers/`` folder."""
    configured = os.environ.get("LDP_PAPERS")
    if configured:
        return Path(configured)
    return Path(__file__).resolve().parents[2] / "papers"


@lru_cache(maxsize=None)
def load(paper: str) -> Text:
    """The text ``paper`` (``"003"`` or ``"004"``) with its entries (a text the loaded claims registered)."""
    registry.load()  # the default claims source registers its texts
    if paper not in SOURCES:
        raise invalid("paper", paper, f"not one of {sorted(SOURCES)}")
    directory = papers_directory()
    name = SOURCES[paper].split(" ")[0]
    path = directory / name
    if not path.exists():
        raise invalid("paper", paper, f"its text {path} is missing", "set LDP_PAPERS to a folder holding the texts of papers/")
    lines = tuple(path.read_text(encoding="utf-8").splitlines())
    entries = _entries_004(lines) if paper == "004" else _entries_003(lines, paper)
    return Text(paper, path, lines, tuple(entries))


# ------------------------------------------------------------------------------------------- LaTeX
_SYNONYMS = (
    (r"\varepsilon", r"\epsilon"), (r"\leq", r"\le"), (r"\geq", r"\ge"), (r"\neq", r"\ne"),
    (r"\dfrac", r"\frac"), (r"\tfrac", r"\frac"), (r"\lbrace", r"\{"), (r"\rbrace", r"\}"),
    (r"\ldots", r"\dots"), (r"\cdots", r"\dots"), (r"\mid", "|"), (r"\vert", "|"), (r"\lvert", "|"),
    (r"\rvert", "|"), (r"\operatorname{Var}", "Var"), (r"\mathrm{Var}", "Var"), (r"\text{Var}", "Var"),
    (r"\ln", "ln"), (r"\log", "log"), (r"\max", "max"), (r"\min", "min"), (r"\exp", "exp"),
)
_DROP = re.compile(r"\\(displaystyle|textstyle|left|right|big|Big|bigg|Bigg|quad|qquad|[,;:!]|limits|nolimits)"
                   r"(?![A-Za-z])")


def normalise(latex: str) -> str:
    """A canonical spelling of LaTeX: no spaces or sizing commands, synonyms unified (``\\leq`` →
    ``\\le``, ``\\varepsilon`` → ``\\epsilon``, ``\\dfrac`` → ``\\frac``), braces around one character
    dropped (``q_{1}`` → ``q_1``), trailing punctuation removed."""
    text = latex
    for old, new in _SYNONYMS:
        text = text.replace(old, new)
    text = _DROP.sub("", text)
    text = re.sub(r"\s+", "", text)
    previous = None
    while previous != text:
        previous = text
        text = re.sub(r"([_^])\{(\\?[A-Za-z0-9])\}", r"\1\2", text)
        text = re.sub(r"\{\{([^{}]*)\}\}", r"{\1}", text)
    return text.rstrip(".,;")


def _words(text: str) -> str:
    """Prose reduced for a look-up: typographic quotes and apostrophes unified, whitespace collapsed."""
    for fancy, plain in (("\u201c", '"'), ("\u201d", '"'), ("\u2019", "'"), ("\u2018", "'"), ("\u00a0", " ")):
        text = text.replace(fancy, plain)
    return " ".join(text.split())


def _latex_of_line(line: str, paper: str) -> str:
    """The LaTeX of a line: 004's markdown as it is; for 003 the source chunks (what follows each run of
    mathematical italic letters in the token stream), joined by spaces."""
    if paper == "004":
        return line
    chunks = []
    for piece in _ITALIC.split(line)[1:]:
        if "\\" in piece or "{" in piece or "_" in piece or "^" in piece:
            chunks.append(piece.strip())
    return " ".join(chunks) if chunks else line


def _is_prose(line: str) -> bool:
    """A line with ordinary words outside ``\\text{...}`` ("if" aside: it is also the case word of a
    display)."""
    stripped = re.sub(r"\\[A-Za-z]+", " ", _TEXT_ARG.sub("", line))
    return any(word.lower() != "if" for word in _PROSE.findall(stripped))


def _paragraphs(lines: tuple[str, ...]) -> list[tuple[int, list[str]]]:
    """(first line number, lines) of every paragraph."""
    out, current, start = [], [], 0
    for i, line in enumerate(lines, 1):
        if line.strip():
            if not current:
                start = i
            current.append(line)
        elif current:
            out.append((start, current))
            current = []
    if current:
        out.append((start, current))
    return out


def _split_at_headers(paragraphs: list[tuple[int, list[str]]]) -> list[tuple[int, list[str]]]:
    """A header line (``Corollary 3.20``) starts a paragraph of its own even when no blank line precedes it."""
    out = []
    for start, block in paragraphs:
        current, first = [], start
        for k, line in enumerate(block):
            if _HEADER_003.match(line.strip()) and current:
                out.append((first, current))
                current, first = [], start + k
            current.append(line)
        out.append((first, current))
    return out


def _entries_003(lines: tuple[str, ...], paper: str) -> list[Entry]:
    entries: list[Entry] = []
    section = "front matter"
    paragraphs = _split_at_headers(_paragraphs(lines))
    i = 0
    while i < len(paragraphs):
        start, block = paragraphs[i]
        first = block[0].strip()
        if len(block) == 1 and _SECTION.match(first):
            section = first
            i += 1
            continue
        header = _HEADER_003.match(first)
        if header:
            statement, j = list(block[1:]), i + 1
            while j < len(paragraphs):  # the statement: its first paragraph and indented list items
                text = paragraphs[j][1]
                if statement and not text[0].startswith(" ") or _HEADER_003.match(text[0].strip()) \
                        or text[0].startswith("Proof"):
                    break
                statement.extend(text)
                j += 1
            latex = " ".join(_latex_of_line(s, paper) for s in statement)
            entries.append(Entry(paper, "result", f"{header.group(1)} {header.group(2)}", start, section, latex))
            i = j
            continue
        if all(not _is_prose(line) for line in block) and any("\\" in line for line in block):
            latex = " ".join(_latex_of_line(s, paper) for s in block)
            number = _EQ_NUMBER.search(block[0].strip()) or _EQ_NUMBER.search(block[-1].strip())
            label = f"display ({number.group(1)})" if number else f"display, line {start}"
            entries.append(Entry(paper, "display", label, start, section, latex,
                                 number.group(1) if number else None))
        i += 1
    return entries


def _entries_004(lines: tuple[str, ...]) -> list[Entry]:
    entries: list[Entry] = []
    section = "front matter"
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        if _SECTION.match(line) and "$" not in line:
            section = line
        header = _HEADER_004.match(line)
        if header:
            entries.append(Entry("004", "result", f"{header.group(1)} {header.group(2)}", i + 1, section, line))
        if line.startswith("$$"):
            start, block = i, [line]
            while not (block[-1].endswith("$$") and (len(block) > 1 or len(line) > 2)) and i + 1 < len(lines):
                i += 1
                block.append(lines[i].strip())
            latex = " ".join(block).strip("$ ")
            number = re.search(r"\\quad\s*\((\d+)\)", latex)
            label = f"display ({number.group(1)})" if number else f"display, line {start + 1}"
            entries.append(Entry("004", "display", label, start + 1, section, latex,
                                 number.group(1) if number else None))
        i += 1
    return entries


# ------------------------------------------------------------------------------- 003's LaTeX sources
#: Words of 003's token stream (MathML content names) that may stand just before a formula's LaTeX source.
_TOKEN_WORDS = re.compile(r"^(?:missing-subexpression|formulae-sequence|delimited-\[\]|superscript|subscript|"
                          r"conditional|absent|binomial|assign|annotated|limit-from|tensor-product|italic-ϵ|\s)+")


def _skeleton(text: str) -> str:
    """The letters and digits of a formula, commands and environment arguments left out."""
    text = re.sub(r"\\(begin|end)\{[^{}]*\}(\[\])?(\{[a-z]*\})?|\\[A-Za-z]+", "", text)
    return re.sub(r"[^A-Za-z0-9]", "", text)


def display_sources(text: Text, entry: Entry) -> list[str]:
    """The LaTeX source of each line of a display of 003, as its author wrote it.

    003 prints each formula as its rendering, a token stream and its LaTeX source; an aligned line prints
    each cell that way, its source starting with ``\\displaystyle``. A cell's source ends at the last
    space before the next non-ASCII character (the rendering of the next cell, whose token stream always
    holds mathematical italic letters); a formula of one cell is what follows the last non-ASCII
    character, less the token words and the digits of the token stream that precede it (the digits that
    stay are those that make the source's letters and digits begin like the rendering's)."""
    if entry.paper != "003" or entry.kind != "display":
        raise invalid("entry", entry.label, "display_sources reads the displays of 003")
    rows = []
    index = entry.line - 1
    while index < len(text.lines) and text.lines[index].strip():
        line = text.lines[index].rstrip().rstrip("$").rstrip()
        line = re.sub(r"\s*\(\d+\)$", "", line)
        index += 1
        if "\\displaystyle" in line:
            starts = [m.start() for m in re.finditer(r"\\displaystyle", line)] + [len(line)]
            cells = []
            for start, stop in zip(starts, starts[1:]):
                cell = line[start:stop]
                foreign = next((k for k, ch in enumerate(cell) if not ch.isascii()), None)
                if foreign is not None:
                    cell = cell[:cell.rfind(" ", 0, foreign)] if " " in cell[:foreign] else cell[:foreign]
                cells.append(cell.replace("\\displaystyle", "", 1).strip())
            rows.append(" ".join(c for c in cells if c))
            continue
        last = max((k for k, ch in enumerate(line) if not ch.isascii()), default=-1)
        rendering = _skeleton(line[:next((k for k, ch in enumerate(line) if not ch.isascii()), len(line))])
        source = _TOKEN_WORDS.sub("", line[last + 1:])
        digits = len(source) - len(source.lstrip("0123456789"))
        for k in range(digits + 1):
            if _skeleton(source[k:])[:3] == rendering[:3]:
                source = source[k:]
                break
        else:
            source = source[digits:]
        rows.append(source.strip())
    return [r for r in rows if re.search(r"[\\=<>]", r)]  # not the "1. 1." of a list the paragraph runs into
