"""Text with math in it, split once and rendered by every output: :class:`MathText` is a sequence of
:class:`Segment` s, each ``text`` (plain Unicode words) or ``math`` (LaTeX that :func:`~proofs.report.latex_text.parse_math`
accepts, so it compiles). The terminal shows math as Unicode, the HTML as MathML, the LaTeX export in
``\\( \\)``, Markdown between ``$``.

* :func:`statement` reads a statement as printed (003's LaTeX; or a mix of words and LaTeX such as
  ``f^{\\prime}(q)>0 for every sample size n \\geq 2``; or words with ``$...$``): a formula is one math segment;
  the words between formulas are text, so nothing is ever shown as raw LaTeX source. A piece that does not
  compile as math is shown as its Unicode reading (:func:`~proofs.report.unicode_math.to_unicode`).
* :func:`phrase` reads what the checks write in plain text (domains, reasons, details:
  ``p, q in [0, 1], p + q <= 1, pi in [0, 1]``): symbol names of the paper (:func:`proofs.report.tex.symbol_latex`),
  numbers, fractions and operators become math (``p + q \\le 1``, ``\\pi``), the words stay words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from proofs.report.latex_text import Node, is_math, parse_math
from proofs.report.tex import symbol_latex, unicode_to_latex
from proofs.report.unicode_math import node_unicode, text_to_unicode, to_unicode

__all__ = ["Segment", "MathText", "text", "math", "statement", "phrase", "join", "breakable"]


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


def math(latex: str) -> MathText:
    """One formula; if it does not compile, its Unicode reading as text."""
    source = unicode_to_latex(latex).strip()
    if is_math(source):
        return MathText((Segment("math", source),))
    return text(to_unicode(latex))


def join(items: Iterable[MathText], separator: str = ", ") -> MathText:
    """``items`` one after the other with the text ``separator`` between them."""
    segments: list[Segment] = []
    for k, item in enumerate(items):
        if k:
            segments.append(Segment("text", separator))
        segments += item.segments
    return MathText(_merge(segments))


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
# Statements as printed

_PUNCTUATION = frozenset(",.;:")
_OPENERS, _CLOSERS = frozenset("(["), frozenset(")]")
_SPACING = frozenset({",", ";", ":", "!", " ", "quad", "qquad"})
_MATH_WORDS = frozenset("max min sup inf log ln exp sin cos det lim Pr Var Cov bel pl mod".split())


def _letters(node: Node) -> bool:
    return node.kind == "char" and node.text.isascii() and node.text.isalpha()


def _blank(node: Node | None) -> bool:
    return node is None or node.kind == "space" or (node.kind == "symbol" and node.text in _SPACING)


def _word_end(children: tuple[Node, ...], i: int) -> int:
    """Last index of the word starting at ``i``: letters, with an apostrophe or a hyphen between letters
    (``don't``, ``trade-offs``)."""
    j = i
    while True:
        while j + 1 < len(children) and _letters(children[j + 1]):
            j += 1
        if j + 2 < len(children) and children[j + 1].kind == "char" and children[j + 1].text in ("'", "-") \
                and _letters(children[j + 2]):
            j += 2
            continue
        return j


def _prose_words(children: tuple[Node, ...]) -> list[tuple[int, int]]:
    """(first, last) indices of the words of prose among ``children`` (runs of two or more letters with a
    blank or punctuation on both sides: ``pl_{m}(A)`` or ``GS(f)`` are not words, ``is`` and ``Fix`` are;
    ``-LDP`` after a formula is a word of three letters or more)."""
    words = []
    i = 0
    while i < len(children):
        if not _letters(children[i]):
            i += 1
            continue
        j = _word_end(children, i)
        before = children[i - 1] if i else None
        after = children[j + 1] if j + 1 < len(children) else None
        word = "".join(c.text for c in children[i:j + 1])
        letters = sum(c.isalpha() for c in word)
        opens = _blank(before) or (before.kind == "char" and before.text in _PUNCTUATION | _OPENERS | {"'", "`", "\""}) \
            or (before.kind == "char" and before.text == "-" and letters >= 3)
        closes = _blank(after) or (after.kind == "char" and after.text in _PUNCTUATION | _CLOSERS | {"'", "\""})
        if letters >= 2 and opens and closes and word not in _MATH_WORDS:
            words.append((i, j))
        i = j + 1
    return words


def _abbreviations(children: tuple[Node, ...]) -> list[tuple[int, int]]:
    """``e.g.`` and ``i.e.``: four nodes, words of prose."""
    found = []
    for i in range(len(children) - 3):
        letters = "".join(c.text for c in children[i:i + 4] if c.kind == "char")
        if letters in ("e.g.", "i.e.") and all(c.kind == "char" for c in children[i:i + 4]):
            found.append((i, i + 3))
    return found


def _joinable(node: Node) -> bool:
    """What may sit between two words of one sentence: blanks, punctuation, brackets, digits, hyphens,
    ``\\text{...}``, a lone ``a`` (``Figure 2 tells``, ``Definition 3.13. [...] when``)."""
    if _blank(node) or node.kind == "textarg":
        return True
    return node.kind == "char" and (node.text in _PUNCTUATION | _OPENERS | _CLOSERS | {"'", "`", "\"", "-", "a", "A"}
                                    or node.text.isdigit())


def _prose_mask(children: tuple[Node, ...]) -> list[bool]:
    """Which top-level nodes are prose: the words and what lies between two words of the same sentence
    (blanks, punctuation, ``\\text{...}``, a lone ``a``)."""
    words = sorted(_prose_words(children) + _abbreviations(children))
    long_enough = sum(1 for i, j in words if j - i >= 3) >= 1 or len(words) >= 2
    mask = [False] * len(children)
    if not words or not long_enough:
        return mask
    for i, j in words:
        for k in range(i, j + 1):
            mask[k] = True
    for (_, j), (i, _) in zip(words, words[1:]):
        if all(_joinable(children[k]) for k in range(j + 1, i)):
            for k in range(j + 1, i):
                mask[k] = True
    # punctuation and brackets that touch a word belong to it
    for k, node in enumerate(children):
        if mask[k]:
            continue
        left = mask[k - 1] if k else False
        right = mask[k + 1] if k + 1 < len(children) else False
        if node.kind == "char" and ((node.text in _PUNCTUATION and left) or (node.text in _OPENERS and right)
                                    or (node.text in _CLOSERS and left) or (node.text == "-" and right)):
            mask[k] = True
    return mask


def _prose_text(nodes: Iterable[Node]) -> str:
    out = []
    for node in nodes:
        if _blank(node):
            out.append(" ")
        elif node.kind == "char":
            out.append({"`": "‘", "'": "’"}.get(node.text, node.text))
        else:
            out.append(node_unicode(node))
    return re.sub(r"\s+", " ", "".join(out).replace("‘‘", "“").replace("’’", "”"))


def _balance(nodes: list[Node]) -> tuple[list[Node], list[Node], list[Node]]:
    """(leading text, math, trailing text): blanks, punctuation and unmatched brackets at the edges of a
    run of math move to the text beside it."""
    head: list[Node] = []
    tail: list[Node] = []
    changed = True
    while changed and nodes:
        changed = False
        depth = 0
        unmatched_close = None
        for k, node in enumerate(nodes):
            if node.kind == "char" and node.text in _OPENERS:
                depth += 1
            elif node.kind == "char" and node.text in _CLOSERS:
                depth -= 1
                if depth < 0 and unmatched_close is None:
                    unmatched_close = k
        first, last = nodes[0], nodes[-1]
        if _blank(first) or (first.kind == "char" and first.text in _PUNCTUATION):
            head.append(nodes.pop(0))
            changed = True
        elif _blank(last) or (last.kind == "char" and last.text in _PUNCTUATION):
            tail.insert(0, nodes.pop())
            changed = True
        elif unmatched_close == len(nodes) - 1:
            tail.insert(0, nodes.pop())
            changed = True
        elif depth > 0 and first.kind == "char" and first.text in _OPENERS:
            head.append(nodes.pop(0))
            changed = True
    return head, nodes, tail


def statement(source: str) -> MathText:
    """A statement as printed (see the module docstring)."""
    source = str(source)
    if re.search(r"(?<!\\)\$", source):
        return _dollar_statement(source)
    latex = unicode_to_latex(source).strip()
    if not latex:
        return text("")
    tree = parse_math(latex, strict=False)
    children = tuple(c for c in tree.children)
    mask = _prose_mask(children)
    if not any(mask):
        return math(latex) if is_math(latex) else _split_failures(children)
    segments: list[Segment] = []
    k = 0
    while k < len(children):
        j = k
        while j < len(children) and mask[j] == mask[k]:
            j += 1
        run = list(children[k:j])
        if mask[k]:
            segments.append(Segment("text", _prose_text(run)))
        else:
            head, body, tail = _balance(run)
            segments.append(Segment("text", _prose_text(head)))
            segments += _math_run(body)
            segments.append(Segment("text", _prose_text(tail)))
        k = j
    return MathText(_merge(segments))


def _math_run(nodes: list[Node]) -> list[Segment]:
    if not nodes:
        return []
    latex = nodes[0].source[nodes[0].start:nodes[-1].end].strip()
    if is_math(latex):
        return [Segment("math", latex)]
    return [Segment("text", "".join(node_unicode(n) if n.kind != "space" else " " for n in nodes))]


def _split_failures(children: tuple[Node, ...]) -> MathText:
    """A formula that does not compile as a whole: its Unicode reading."""
    return text(re.sub(r"\s+", " ", "".join(node_unicode(n) if n.kind != "space" else " " for n in children)).strip())


def _dollar_statement(source: str) -> MathText:
    parts = re.split(r"(?<!\\)\$", source)
    if len(parts) % 2 == 0:  # an odd number of $: the last one is a dollar sign
        parts[-2:] = [parts[-2] + "$" + parts[-1]]
    segments: list[Segment] = []
    for k, part in enumerate(parts):
        if k % 2:
            segments += math(part).segments
        else:
            segments.append(Segment("text", part.replace(r"\$", "$")))
    return MathText(_merge(segments))


# ----------------------------------------------------------------------------------------------------
# Plain-text phrases (domains, reasons, details)

_PHRASE_TOKEN = re.compile(
    r"(?P<dollar>\$[^$]+\$)"
    r"|(?P<command>\\[A-Za-z]+(?:\s*\{[^{}]*\})*|\\[{}|,;])"
    r"|(?P<abbreviation>\b(?:i\.i\.d\.|e\.g\.|i\.e\.|cf\.|resp\.|w\.r\.t\.))"
    r"|(?P<number>\d+(?:\.\d+)?(?:[eE][-+]?\d+)?(?:/\d+)?)"
    r"|(?P<name>[A-Za-z][A-Za-z0-9]*(?:_\{[^{}]*\}|_[A-Za-z0-9]+)*(?:'(?=[a-z]{1,2}\b)[a-z]+|'+)?)"
    r"|(?P<operator><=|>=|!=|==|->|=>|<-|:=|[-+*/^<>=|_])"
    r"|(?P<open>[(\[{])|(?P<close>[)\]}])"
    r"|(?P<space>\s+)"
    r"|(?P<ellipsis>\.\.\.)"
    r"|(?P<possessive>'s\b)"
    r"|(?P<accented>[^\x00-\x7f][\u0300-\u036f\u20d7]+)"
    r"|(?P<other>.)", re.S)
_OPERATORS = {"<=": r"\le", ">=": r"\ge", "!=": r"\ne", "==": "=", "->": r"\to", "=>": r"\Rightarrow",
              "<-": r"\leftarrow", ":=": ":=", "*": r"\cdot", "|": "|", "{": r"\{", "}": r"\}"}
_FUNCTIONS = {"exp": r"\exp", "log": r"\log", "ln": r"\ln", "sqrt": r"\sqrt", "max": r"\max", "min": r"\min",
              "sup": r"\sup", "inf": r"\inf", "Var": r"\operatorname{Var}", "Cov": r"\operatorname{Cov}",
              "E": r"\mathbb{E}", "Pr": r"\Pr", "binomial": r"\binom"}
_ARTICLES = frozenset({"a", "A", "I"})


@dataclass(frozen=True)
class _Token:
    kind: str
    text: str


def _phrase_tokens(source: str) -> list[_Token]:
    tokens = []
    for m in _PHRASE_TOKEN.finditer(source):
        kind = m.lastgroup or "other"
        value = m.group()
        if kind == "possessive":
            kind = "other"
        if kind in ("other", "accented") and not value.isascii():
            latex = unicode_to_latex(value).strip()
            kind = "unicode" if latex != value and is_math(latex) else "other"
        tokens.append(_Token(kind, value))
    return tokens


def _is_math_token(tokens: list[_Token], k: int) -> bool:
    token = tokens[k]
    if token.kind in ("dollar", "command", "number", "unicode", "ellipsis"):
        return True
    if token.kind != "name":
        return False
    after = tokens[k + 1] if k + 1 < len(tokens) else None
    if token.text in _FUNCTIONS and after is not None and after.kind == "open" and after.text == "(":
        return True
    if symbol_latex(token.text) is None and not re.fullmatch(r"[A-Za-z]+_\{[^{}]*\}'*", token.text):
        return False
    if token.text in _ARTICLES and after is not None and after.kind == "space":
        nxt = tokens[k + 2] if k + 2 < len(tokens) else None  # "a point", "a 5-point grid": an article
        return nxt is not None and (nxt.kind in ("operator", "close") or nxt.kind == "name" and symbol_latex(nxt.text)
                                    is not None and len(nxt.text) == 1)
    if len(token.text) > 1 and token.text.isalpha() and token.text.islower() and token.text not in \
            ("pi", "eps", "lam", "mu", "nu", "sigma", "theta", "delta", "alpha", "beta", "rho", "tau", "phi",
             "epsilon", "lambda", "pihat", "gamma", "omega", "chi", "psi", "xi", "zeta", "kappa", "varphi"):
        return False
    return True


def _token_latex(token: _Token) -> str:
    if token.kind == "dollar":
        return unicode_to_latex(token.text[1:-1])
    if token.kind == "command":
        return token.text
    if token.kind == "number":
        if "/" in token.text:
            top, bottom = token.text.split("/")
            return rf"\tfrac{{{top}}}{{{bottom}}}"
        if "e" in token.text.lower():
            mantissa, _, exponent = token.text.lower().partition("e")
            return rf"{mantissa}\times 10^{{{int(exponent)}}}"
        return token.text
    if token.kind == "unicode":
        return unicode_to_latex(token.text).strip()
    if token.kind == "ellipsis":
        return r"\dots"
    if token.kind == "name":
        return _name_latex(token.text)
    if token.kind in ("operator", "open", "close"):
        return _OPERATORS.get(token.text, token.text)
    return token.text


def _name_latex(name: str) -> str:
    """A name of a phrase: a symbol of the paper, or a base with a LaTeX-style subscript (``Q_{2x3}``)."""
    known = symbol_latex(name)
    if known is not None:
        return known
    match = re.fullmatch(r"([A-Za-z]+)_\{([^{}]*)\}(.*)", name)
    if match:
        base = symbol_latex(match[1]) or rf"\mathrm{{{match[1]}}}"
        inner = re.sub(r"^(\d+)x(\d+)$", r"\1\\times \2", match[2])
        return f"{base}_{{{inner}}}" + ("'" * match[3].count("'"))
    return rf"\mathrm{{{name}}}" if name.isalnum() else name


def _connectors(tokens: list[_Token], k: int) -> bool:
    """Operators, brackets, commas and blanks that may sit inside a run of math."""
    token = tokens[k]
    return token.kind in ("operator", "open", "close", "space") or (token.kind == "other" and token.text == ",")


def _run_latex(tokens: list[_Token]) -> str:
    """The LaTeX of a run of phrase tokens: ``^``/``_`` take the next atom (a bracketed group loses its
    parentheses), blanks become nothing, the rest is translated token by token."""
    out: list[str] = []
    k = 0
    while k < len(tokens):
        token = tokens[k]
        if token.kind == "space":
            before = tokens[k - 1] if k else None
            after = tokens[k + 1] if k + 1 < len(tokens) else None
            aside = (before is not None and before.kind in ("number", "name", "close") and after is not None
                     and after.kind == "open" and after.text == "(")
            out.append("\\ " if aside else " ")  # ``q3 = 0 (p + q = 1)``: a remark, not a product
            k += 1
            continue
        if token.kind == "operator" and token.text in ("^", "_") and k + 1 < len(tokens):
            j = k + 1
            if tokens[j].kind == "open" and tokens[j].text in ("(", "{"):  # a group: x^(n-1), f^{-1}
                depth, end = 0, j
                for end in range(j, len(tokens)):
                    depth += {"open": 1, "close": -1}.get(tokens[end].kind, 0)
                    if depth == 0:
                        break
                inner = _run_latex(tokens[j + 1:end])
                out.append(f"{token.text}{{{inner}}}")
                k = end + 1
                continue
            out.append(f"{token.text}{{{_token_latex(tokens[j])}}}")
            k = j + 1
            continue
        nxt = tokens[k + 1] if k + 1 < len(tokens) else None
        if token.kind == "name" and token.text in _FUNCTIONS and nxt is not None and nxt.text == "(":
            latex = _FUNCTIONS[token.text]
        else:
            latex = _token_latex(token)
        if token.kind in ("name", "command") and latex.startswith("\\") and latex[-1].isalpha():
            latex += " "
        out.append(latex)
        k += 1
    return "".join(out).strip()


def phrase(source: object) -> MathText:
    """Plain text with math written in ASCII (see the module docstring)."""
    source = re.sub(r"'(-?\d+(?:\.\d+)?(?:/\d+)?)'", r"\1", str(source))  # ('2/3', '1/12'): a Python repr
    tokens = _phrase_tokens(source)
    math_at = [_is_math_token(tokens, k) for k in range(len(tokens))]
    for k in range(1, len(tokens)):  # what a ^ or _ applies to is math (T^op, f_op)
        if tokens[k - 1].kind == "operator" and tokens[k - 1].text in ("^", "_") and tokens[k].kind in ("name", "number"):
            math_at[k] = True
    segments: list[Segment] = []
    k = 0
    while k < len(tokens):
        if not math_at[k] and not (tokens[k].kind == "open" and _opens_math(tokens, math_at, k)):
            segments.append(Segment("text", tokens[k].text))
            k += 1
            continue
        j = k
        while j < len(tokens) and (math_at[j] or _connectors(tokens, j)):
            if tokens[j].kind == "space" and not _continues(tokens, math_at, j):
                break
            j += 1
        segments += _phrase_run(tokens[k:j])
        k = max(j, k + 1)
    return MathText(_merge(segments))


def _continues(tokens: list[_Token], math_at: list[bool], k: int) -> bool:
    """A blank continues a run of math if math, an operator or a bracket follows it."""
    j = k + 1
    while j < len(tokens) and tokens[j].kind == "space":
        j += 1
    return j < len(tokens) and (math_at[j] or tokens[j].kind in ("operator", "open", "close"))


def _opens_math(tokens: list[_Token], math_at: list[bool], k: int) -> bool:
    """An opening bracket starts math if math (perhaps after more openers, or a minus) follows it."""
    j = k + 1
    while j < len(tokens) and tokens[j].kind == "open":
        j += 1
    return j < len(tokens) and (math_at[j] or tokens[j].kind == "operator" and tokens[j].text == "-")


def _unmatched(run: list[_Token]) -> set[int]:
    """Indices of the brackets of ``run`` that have no partner (any opener pairs with any closer: ``(0, 1]``)."""
    stack: list[int] = []
    lone: set[int] = set()
    for k, token in enumerate(run):
        if token.kind == "open":
            stack.append(k)
        elif token.kind == "close":
            if stack:
                stack.pop()
            else:
                lone.add(k)
    return lone | set(stack)


def _phrase_run(run: list[_Token]) -> list[Segment]:
    """A run of math tokens: split at unmatched brackets, with blanks, commas and dangling operators at the
    edges of each piece moved out to the text."""
    lone = _unmatched(run)
    out: list[Segment] = []
    piece: list[_Token] = []
    for k, token in enumerate(run + [_Token("end", "")]):
        if k in lone or token.kind == "end":
            out += _phrase_piece(piece)
            out.append(Segment("text", token.text))
            piece = []
        else:
            piece.append(token)
    return out


def _phrase_piece(run: list[_Token]) -> list[Segment]:
    head: list[_Token] = []
    tail: list[_Token] = []
    while run:
        first, last = run[0], run[-1]
        if last.kind in ("space", "other", "open") or (last.kind == "operator" and last.text not in ("'",)):
            tail.insert(0, run.pop())
        elif first.kind in ("space", "other") or (first.kind == "operator" and first.text not in ("-", "+")):
            head.append(run.pop(0))
        else:
            break
    out = [Segment("text", "".join(t.text for t in head))]
    if run:
        symbols = any(t.kind in ("dollar", "command", "unicode", "name") or (t.kind == "number" and "/" in t.text)
                      for t in run)
        structure = any(t.kind in ("open", "close") or t.text in ("=", "<", ">", "<=", ">=", "!=") for t in run)
        if not symbols and not structure:  # plain numbers ("on 2 labels", "Theorem 3.5") read as words
            out.append(Segment("text", "".join(t.text for t in run)))
        else:
            latex = _run_latex(run)
            out += [Segment("math", latex)] if is_math(latex) else [Segment("text", text_to_unicode(
                "".join(t.text for t in run)) if any(t.kind == "command" for t in run) else "".join(t.text for t in run))]
    out.append(Segment("text", "".join(t.text for t in tail)))
    return out


# ----------------------------------------------------------------------------------------------------
# Long formulas


_BREAK_AFTER = frozenset({",", ";"})
_BREAK_SPACES = frozenset({" ", ",", ";", ":", "quad", "qquad"})


def _split_math(latex: str, limit: int, level: int = 0) -> list[Segment]:
    """A long formula cut at its top-level ``,`` and ``;`` (and ``\\quad``) into formulas of its own, so
    that a line can break between them; pieces that would not compile alone keep it whole."""
    tree = parse_math(latex, strict=False)
    pieces: list[tuple[int, int, str]] = []
    start = 0
    children = tree.children
    k = depth = 0
    while k < len(children):
        node = children[k]
        if (node.kind == "char" and node.text in "([") or (node.kind == "symbol" and node.text in ("{", "langle")):
            depth += 1
        elif (node.kind == "char" and node.text in ")]") or (node.kind == "symbol" and node.text in ("}", "rangle")):
            depth -= 1
        cut = depth <= level and ((node.kind == "char" and node.text in _BREAK_AFTER)
                                  or (node.kind == "symbol" and node.text in ("quad", "qquad")))
        if cut:
            j = k + 1
            while j < len(children) and (children[j].kind == "space" or (children[j].kind == "symbol"
                                                                          and children[j].text in _BREAK_SPACES)):
                j += 1
            separator = node.text + " " if node.kind == "char" else "  "
            pieces.append((start, node.start, separator))
            start = children[j].start if j < len(children) else len(latex)
            k = j
            continue
        k += 1
    pieces.append((start, len(latex), ""))
    if len(pieces) == 1:
        return [Segment("math", latex)]
    out: list[Segment] = []
    for begin, end, separator in pieces:
        part = latex[begin:end].strip()
        if part and not is_math(part):
            return [Segment("math", latex)]
        if part:
            out.append(Segment("math", part))
        out.append(Segment("text", separator))
    return list(_merge(out))


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
        for piece in _split_math(s.content, limit):  # then, if still long, inside one level of brackets
            out += _split_math(piece.content, limit, 1) if piece.kind == "math" and len(piece.content) > limit \
                else [piece]
    return MathText(_merge(out))
