"""LaTeX source as the report reads it: the statements as printed (003's LaTeX source after each formula,
typos kept), the corrected statements, and the LaTeX the expression printer writes.

:func:`parse_math` reads math-mode LaTeX into a small tree (:class:`Node`) and refuses anything that would
not compile with ``amsmath``/``amssymb``/``upgreek`` (an unknown command, a missing argument, unbalanced
braces, ``\\left`` without ``\\right``, a double subscript, ``&`` outside an environment). Every renderer
reads that tree or the source it accepted: :mod:`proofs.report.unicode_math` (terminal),
:mod:`proofs.report.html` (HTML), the LaTeX export (the source itself, which is known to compile).
``parse_math(text, strict=False)`` never fails: unknown commands become their bare names and stray braces
are dropped, so that what cannot be typeset as math is still shown as readable text, never as source.

Statements typed with Unicode (``E[π̂ | N1+N2 ≠ 0]``) are read after :func:`proofs.report.tex.unicode_to_latex`.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import NamedTuple

from proofs.report.tex import (ACCENTS, DELIMITERS, ENVIRONMENTS, FONTS, SIZES, SYMBOL_COMMANDS, TEXT_COMMANDS,
                               TEXT_MODE_COMMANDS, TWO_ARGUMENTS)

__all__ = ["LatexError", "Node", "parse_math", "is_math"]


class LatexError(ValueError):
    """Math-mode LaTeX that would not compile (or that the report cannot read)."""


_CONTROL_SYMBOLS = frozenset({"\\|", "\\,", "\\;", "\\:", "\\!", "\\ ", "\\{", "\\}", "\\#", "\\%", "\\&", "\\$", "\\_"})

_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\s+|.", re.S)


# ----------------------------------------------------------------------------------------------------
# The tree


@dataclass(frozen=True)
class Node:
    """One piece of math: ``kind`` is

    * ``char`` (``text`` one character), ``space`` (whitespace in the source), ``symbol`` (a command without
      arguments, ``text`` its name, or a control symbol such as ``\\{``), ``unknown`` (lenient mode only: a
      command the parser does not know, ``text`` its name);
    * ``group`` (``children``), ``command`` (``text`` the name, ``children`` the arguments; an optional
      argument of ``\\sqrt`` is ``option``), ``textarg`` (``text`` the raw text of ``\\text{...}``-like
      arguments), ``script`` (``children`` = base, subscript or None, superscript or None), ``fenced``
      (``text`` = the two delimiters, "left right", ``children`` = the body), ``environment`` (``text`` the name,
      ``rows`` of cells, each cell a group);

    ``start``/``end`` are offsets into the source.
    """

    kind: str
    text: str = ""
    children: tuple["Node | None", ...] = ()
    rows: tuple[tuple["Node", ...], ...] = ()
    option: "Node | None" = None
    start: int = 0
    end: int = 0


class _Token(NamedTuple):
    text: str  # "" for the end of the source
    start: int
    end: int


#: Commands whose arguments :meth:`_Parser.atom` reads (so ``x^\frac12`` and ``\hat\frac12`` compile).
_WITH_ARGUMENTS = TWO_ARGUMENTS | ACCENTS | FONTS | TEXT_COMMANDS


class _Parser:
    def __init__(self, source: str, strict: bool) -> None:
        self.source, self.strict, self.pos = source, strict, 0
        self.tokens = [_Token(m.group(), m.start(), m.end()) for m in _TOKEN.finditer(source)]
        self.tokens.append(_Token("", len(source), len(source)))

    # -- helpers
    def fail(self, why: str) -> None:
        if self.strict:
            raise LatexError(why)

    def peek(self, skip_space: bool = False) -> _Token:
        i = self.pos
        while skip_space and self.tokens[i].text.isspace():
            i += 1
        return self.tokens[i]

    def skip_space(self) -> None:
        while self.tokens[self.pos].text.isspace():
            self.pos += 1

    def take(self) -> _Token:
        self.pos += 1
        return self.tokens[self.pos - 1]

    def node(self, kind: str, start: int, **kw) -> Node:
        end = self.tokens[self.pos - 1].end if self.pos else 0
        return Node(kind, start=start, end=max(end, start), **kw)

    # -- grammar
    def sequence(self, stops: frozenset[str]) -> tuple[Node, ...]:
        items: list[Node] = []
        while (token := self.peek()).text and token.text not in stops:
            if token.text == "}":
                self.fail("unbalanced '}'")
                self.pos += 1
            elif token.text in ("&", "\\\\"):
                self.fail(f"{token.text!r} outside an environment")
                self.pos += 1
                items.append(Node("space", start=token.start, end=token.end))
            elif token.text in ("^", "_"):
                base = items.pop() if items and items[-1].kind != "space" else None
                items.append(self.scripts(base, token.start if base is None else base.start))
            elif (atom := self.atom()) is not None:
                items.append(atom)
        return tuple(items)

    def scripts(self, base: Node | None, start: int) -> Node:
        sub = sup = None
        if base is not None and base.kind == "script":
            start, (base, sub, sup) = base.start, base.children
        while (mark := self.peek(skip_space=True).text) in ("^", "_"):
            self.skip_space()
            self.pos += 1
            argument = self.argument()
            if (sup if mark == "^" else sub) is not None:
                self.fail("double superscript" if mark == "^" else "double subscript")
            sup, sub = (argument, sub) if mark == "^" else (sup, argument)
        return self.node("script", start, children=(base, sub, sup))

    def argument(self) -> Node:
        """One argument: a group or a single token (``x^2``, ``\\frac12``)."""
        self.skip_space()
        token = self.peek()
        if token.text in ("", "}", "&", "^", "_", "\\\\", "\\right", "\\end"):
            self.fail("missing argument")
            return Node("group", start=token.start, end=token.start)
        if token.text == "{":
            return self.group()
        if token.text.startswith("\\") and token.text[1:] in _WITH_ARGUMENTS:
            return self.atom()  # ``x^\frac12`` compiles; accept it
        self.pos += 1
        return self.command_without_arguments(token) if token.text.startswith("\\") else \
            Node("char", token.text, start=token.start, end=token.end)

    def group(self, close: str = "}") -> Node:
        """``{...}``, or with ``close`` ``]`` the optional argument ``[...]`` of ``\\sqrt``."""
        start = self.take().start  # { or [
        children = self.sequence(frozenset({close}))
        if not self.take().text:  # the sequence stopped at ``close``, or at the end
            self.pos -= 1
            self.fail(f"unclosed {self.source[start]!r}")
        return self.node("group", start, children=children)

    def command_without_arguments(self, token: _Token) -> Node:
        name = token.text[1:]
        if token.text in _CONTROL_SYMBOLS or name in SYMBOL_COMMANDS:
            return Node("symbol", name, start=token.start, end=token.end)
        self.fail(f"unknown command \\{name}")
        return Node("unknown", name, start=token.start, end=token.end)

    def atom(self) -> Node | None:
        token = self.take()
        if token.text.isspace():
            return Node("space", " ", start=token.start, end=token.end)
        if token.text == "{":
            self.pos -= 1
            return self.group()
        if token.text in ("#", "$", "%", "~") or (not token.text.isascii() and self.strict):
            self.fail(f"character {token.text!r} in math")
            return Node("char", token.text if token.text not in "#$%" else "", start=token.start, end=token.end)
        if not token.text.startswith("\\"):
            return Node("char", token.text, start=token.start, end=token.end)
        name, start = token.text[1:], token.start
        if name == "right":
            self.fail("\\right without \\left")
            self.delimiter()
            return None
        if name == "left":
            return self.fenced(start)
        if name == "middle" or name in SIZES:
            return Node("symbol", self.delimiter(), start=start, end=self.tokens[self.pos - 1].end)
        if name == "end":
            self.fail("\\end without \\begin")
            self.braced_name()
            return None
        if name == "begin":
            return self.environment(start)
        if name in TEXT_COMMANDS:
            return self.text_argument(name, start)
        if name in TWO_ARGUMENTS:
            first = self.argument()
            return self.node("command", start, text=name, children=(first, self.argument()))
        if name == "sqrt":
            option = None
            if self.peek(skip_space=True).text == "[":
                self.skip_space()
                option = self.group("]")
            return self.node("command", start, text=name, children=(self.argument(),), option=option)
        if name in ACCENTS or name in FONTS or name in ("not", "pmod"):
            return self.node("command", start, text=name, children=(self.argument(),))
        return self.command_without_arguments(token)

    def delimiter(self) -> str:
        if self.peek(skip_space=True).text not in DELIMITERS:
            self.fail("\\left, \\right or a size command without a delimiter")
            return "."
        self.skip_space()
        return self.take().text

    def fenced(self, start: int) -> Node:
        left = self.delimiter()
        body = self.sequence(frozenset({"\\right"}))
        right = "."
        if self.peek().text == "\\right":
            self.pos += 1
            right = self.delimiter()
        else:
            self.fail("\\left without \\right")
        return self.node("fenced", start, text=f"{left} {right}", children=body)

    def balanced(self, unclosed: str) -> list[str]:
        """The tokens inside the ``{...}`` at the cursor (which is on the ``{``); ``unclosed`` if it does not close."""
        self.pos += 1
        depth, parts = 1, []
        while (text := self.take().text):
            depth += {"{": 1, "}": -1}.get(text, 0)
            if depth == 0:
                return parts
            parts.append(text)
        self.pos -= 1
        self.fail(unclosed)
        return parts

    def braced_name(self) -> str:
        self.skip_space()
        if self.peek().text != "{":
            self.fail("an environment needs a {name}")
            return ""
        return "".join(self.balanced("unclosed {name}")).strip()

    def environment(self, start: int) -> Node:
        name = self.braced_name()
        if name not in ENVIRONMENTS:
            self.fail(f"unknown environment {name!r}")
        if name == "array":
            spec = self.braced_name()
            if not spec or not set(spec) <= set("lcr|@{} "):
                self.fail(f"array column specification {spec!r}")
        rows: list[tuple[Node, ...]] = []
        cells: list[Node] = []
        while True:
            cell_start = self.peek().start
            children = self.sequence(frozenset({"&", "\\\\", "\\end"}))
            token = self.peek()
            cells.append(Node("group", children=children, start=cell_start, end=token.start))
            if token.text != "&":  # a row ends at \\, \end or the end of the source
                rows.append(tuple(cells))
                cells = []
            if not token.text:
                self.fail(f"\\begin{{{name}}} without \\end")
                break
            self.pos += 1
            if token.text == "\\end":
                if (closing := self.braced_name()) != name:
                    self.fail(f"\\begin{{{name}}} closed by \\end{{{closing}}}")
                break
        return self.node("environment", start, text=name, rows=tuple(r for r in rows if any(c.children for c in r)))

    def text_argument(self, name: str, start: int) -> Node:
        self.skip_space()
        token = self.peek()
        if token.text == "{":
            raw = "".join(parts := self.balanced(f"unclosed argument of \\{name}"))
            for text in parts:
                if text.startswith("\\") and text not in TEXT_MODE_COMMANDS:
                    self.fail(f"command {text} inside \\{name}")
                elif (text in ("^", "_", "&", "#", "%", "~", "$", "<", ">") or not (text.isascii() or text.isspace())) \
                        and not (text == "$" or text.isalpha()):
                    self.fail(f"character {text!r} inside \\{name}")
            if name != "operatorname" and raw.count("$") % 2:
                self.fail(f"unbalanced $ inside \\{name}")
        elif token.text and not token.text.startswith("\\") and token.text not in "}^_&":
            raw = self.take().text
        else:
            self.fail(f"\\{name} without an argument")
            raw = ""
        return self.node("textarg", start, text=raw, children=(Node("char", name),))


def parse_math(text: str, *, strict: bool = True) -> Node:
    """``text`` (math-mode LaTeX, ASCII) as a ``group`` node. ``strict``: raise :class:`LatexError` on
    anything that would not compile; otherwise read what can be read."""
    if not isinstance(text, str):
        raise LatexError(f"not a string: {type(text).__name__}")
    children = _Parser(text, strict).sequence(frozenset())
    if strict and not text.isascii():
        raise LatexError("non-ASCII character in math (translate it with unicode_to_latex first)")
    return Node("group", children=children, start=0, end=len(text))


def is_math(text: str) -> bool:
    """Whether ``text`` is non-empty math-mode LaTeX that compiles (see :func:`parse_math`)."""
    return isinstance(text, str) and bool(text.strip()) and _is_math(text)


@functools.lru_cache(maxsize=8192)
def _is_math(text: str) -> bool:
    try:
        parse_math(text)
    except (LatexError, RecursionError):
        return False
    return True
