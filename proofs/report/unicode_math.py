"""LaTeX math as Unicode text for the terminal: ``\\beta^2_\\varphi \\le \\frac{1}{2}`` reads ``β²_φ ≤ 1/2``.

The symbols (Greek letters, relations, arrows, operators) are those of :func:`proofs.report.tex.command_unicode`
(pylatexenc's table of LaTeX macros with the report's overrides); the structure is printed here from the tree
of :func:`proofs.report.latex_text.parse_math`:

* sub- and superscripts become Unicode sub/superscript characters where Unicode has every character
  (``q_3^n`` -> ``q₃ⁿ``), else ``_x``/``^(a+b)``;
* fractions become ``a/b`` with parentheses where the reading needs them; ``\\sqrt{x+1}`` -> ``√(x+1)``;
  ``\\binom{n}{k}`` -> ``C(n, k)``; accents become combining characters (``\\hat{\\theta}_1`` -> ``θ̂₁``);
* ``\\mathbb{E}``, ``\\mathcal{P}`` become the mathematical alphanumeric letters (𝔼, 𝒫);
* matrices become rows separated by ``;``; ``\\text{...}`` is its text;

Nothing here fails: :func:`to_unicode` reads leniently, and a command it does not know is shown by its name
without the backslash.
"""

from __future__ import annotations

import contextlib
import re
import unicodedata

from proofs.report.latex_text import Node, parse_math
from proofs.report.tex import COMBINING, NAMED_OPERATORS, SUBSCRIPTS, SUPERSCRIPTS, command_unicode, split_dollars
from proofs.report.tex import text_unicode as _text_unicode
from proofs.report.tex import unicode_to_latex

__all__ = ["to_unicode", "text_to_unicode", "node_unicode"]

#: Relations and arrows: a space on each side.
_RELATIONS = frozenset("= < > ≤ ≥ ≠ ≈ ≡ ∼ ≃ ∈ ∉ ∋ ⊂ ⊆ ⊃ ⊇ → ← ↔ ⇒ ⇐ ⇔ ⟹ ⟸ ⟺ ⟶ ⟵ ↦ ∝ ≪ ≫ ⩽ ⩾ ≲ ≳ | ∤ ∥ ⊥".split())
_BIG_OPERATORS = frozenset("sum prod int oint lim limsup liminf sup inf max min bigcup bigcap".split())
_ALPHABETS = {"mathbb": "DOUBLE-STRUCK", "mathcal": "SCRIPT", "mathfrak": "FRAKTUR", "mathbf": "BOLD"}
_BRACKETS = {"pmatrix": ("(", ")"), "bmatrix": ("[", "]"), "vmatrix": ("|", "|"), "Vmatrix": ("‖", "‖"),
             "cases": ("{", "}")}


def _scripted(text: str, kind: str) -> str | None:
    """``text`` in Unicode superscript (``kind`` ``^``) or subscript characters, or None if one is missing."""
    table = SUPERSCRIPTS if kind == "^" else SUBSCRIPTS
    return "".join(table[c] for c in text) if text and all(c in table for c in text) else None


_MARKS = frozenset("′") | frozenset(SUPERSCRIPTS.values()) | frozenset(SUBSCRIPTS.values())
_PAIRS = {"(": ")", "[": "]", "{": "}", "⟨": "⟩"}


def _enclosed(text: str) -> bool:
    """One bracketed whole, perhaps with scripts: ``(q−p)²``."""
    if not text or text[0] not in _PAIRS:
        return False
    depth = 0
    for k, ch in enumerate(text):
        if ch == text[0]:
            depth += 1
        elif ch == _PAIRS[text[0]]:
            depth -= 1
            if depth == 0:
                return all(c in _MARKS for c in text[k + 1:])
    return False


def _is_atom(text: str) -> bool:
    """A number, one letter with its marks and scripts (``θ̂₁``, ``q₃ⁿ``), a word (``max``), or one
    bracketed whole: no parentheses needed around it anywhere."""
    if not text or text.replace(".", "", 1).isdigit() or _enclosed(text):
        return True
    body = text.rstrip("".join(_MARKS))
    core = "".join(c for c in body if not unicodedata.combining(c))
    return core.isalpha() and (len(core) == 1 or core.isascii() and len(core) <= 4 and core == body)


def _top_level(text: str, characters: str) -> bool:
    """Whether one of ``characters`` occurs in ``text`` outside brackets."""
    depth = 0
    for ch in text:
        if ch in "([{⟨":
            depth += 1
        elif ch in ")]}⟩":
            depth -= 1
        elif depth == 0 and ch in characters:
            return True
    return False


def _script(text: str, kind: str) -> str:
    if (mapped := _scripted(text, kind)) is not None:
        return mapped
    if text in ("′", "'", "′′"):
        return "′" * len(text)
    bare = text.rstrip("′")
    if bare != text and _scripted(bare, kind):  # bₜ′, not b_(t′)
        return _script(bare, kind) + text[len(bare):]
    return kind + (text if len(text) == 1 or _enclosed(text) else f"({text})")


def _fraction(numerator: str, denominator: str) -> str:
    top = f"({numerator})" if _top_level(numerator, "+−-=<>≤≥,/ ") and not _enclosed(numerator) else numerator
    bottom = denominator if _is_atom(denominator) else f"({denominator})"
    return f"{top}/{bottom}"


def _styled(text: str, alphabet: str) -> str:
    """ASCII letters in a mathematical alphabet (𝔼, 𝒫, ℝ: the letter-like block holds some of them)."""
    def letter(ch: str) -> str:
        case = f"{'CAPITAL' if ch.isupper() else 'SMALL'} {ch.upper()}"
        for name in (f"MATHEMATICAL {alphabet} {case}", f"{alphabet} {case}",
                     f"{alphabet.replace('FRAKTUR', 'BLACK-LETTER')} {case}"):
            with contextlib.suppress(KeyError):
                return unicodedata.lookup(name)
        return ch

    return "".join(letter(ch) if ch.isascii() and ch.isalpha() else ch for ch in text)


def text_to_unicode(raw: str) -> str:
    """Text with LaTeX commands in it (text mode: its spaces are kept): each command becomes its symbol,
    or its name without the backslash; braces are dropped; ``$...$`` is read as math."""
    out = [to_unicode(part) if is_math else _text_unicode(part) for is_math, part in split_dollars(raw)]
    return "".join(out).replace("{", "").replace("}", "")


def node_unicode(node: Node | None) -> str:
    """The Unicode text of one node of :func:`parse_math`'s tree."""
    kind = node.kind if node is not None else "space"
    if kind == "space":
        return ""
    if kind == "group":
        return _sequence(node.children)
    if kind == "char":
        return {"-": "−", "'": "′", "*": "∗", "~": " "}.get(node.text, node.text)
    if kind == "symbol":
        return command_unicode(node.text.removeprefix("\\"))
    if kind == "unknown":
        return node.text
    if kind == "textarg":
        return text_to_unicode(node.text)
    if kind == "script":
        base, sub, sup = node.children
        return (node_unicode(base) + (_script(node_unicode(sub), "_") if sub is not None else "")
                + (_script(node_unicode(sup), "^") if sup is not None else ""))
    if kind == "fenced":
        left, _, right = node.text.partition(" ")
        return _delimiter(left) + _sequence(node.children) + _delimiter(right)
    if kind == "environment":
        separator = "  " if node.text in ("aligned", "split", "gathered") else ", "
        rows = [separator.join(_sequence(cell.children) for cell in row) for row in node.rows]
        opening, closing = _BRACKETS.get(node.text, ("", ""))
        return opening + "; ".join(rows) + closing
    return _command(node)


def _delimiter(text: str) -> str:
    """A delimiter of ``\\left``/``\\right`` (``.`` is none)."""
    return "" if text == "." else command_unicode(text[1:]) if text.startswith("\\") else text


def _command(node: Node) -> str:
    name, args = node.text, [node_unicode(a) for a in node.children]
    if name in ("frac", "dfrac", "tfrac"):
        return _fraction(args[0], args[1])
    if name in ("binom", "dbinom", "tbinom"):
        return f"C({args[0]}, {args[1]})"
    if name == "sqrt":
        root = {"2": "", "3": "∛", "4": "∜"}.get(node_unicode(node.option), None) if node.option else ""
        prefix = "√" if root == "" else root if root else f"{_scripted(node_unicode(node.option), '^') or '^'}√"
        return prefix + (args[0] if _is_atom(args[0]) else f"({args[0]})")
    if name in COMBINING:
        body = args[0]
        return body + COMBINING[name] if len(body) == 1 else f"{name}({body})"
    if name in _ALPHABETS:
        return _styled(args[0], _ALPHABETS[name])
    if name == "not":
        return args[0] + "\u0338"
    if name in ("overset", "underset", "stackrel"):
        return args[1]
    return f" (mod {args[0]})" if name == "pmod" else "".join(args)


def _sequence(children: tuple[Node | None, ...]) -> str:
    pieces: list[str] = []
    for child in children:
        text = node_unicode(child)
        if not text:  # a space, or nothing shown
            continue
        if pieces and pieces[-1].endswith("\u2060") and child.kind == "command" and child.text in (
                "frac", "dfrac", "tfrac") and not _enclosed(text):
            text = f"({text})"  # ln(a/(1−a)), not ln a/(1−a)
        if text in _RELATIONS and (child.kind == "symbol" or text in "=<>"):
            pieces.append(f" {text} ")
        elif text in (",", ":"):
            pieces.append(text + " ")
        elif child.kind == "symbol" and child.text in NAMED_OPERATORS:
            space = " " if pieces and pieces[-1][-1:].isalnum() else ""  # 4 ln 2, not 4ln 2
            pieces.append(space + text + "\u2060")  # a space follows if a letter or number does
        elif child.kind == "script" and child.children[0] is not None and child.children[0].kind == "symbol" \
                and child.children[0].text in _BIG_OPERATORS:
            pieces.append(text + " ")
        elif child.kind == "textarg":
            pieces.append("\u2061" + text + "\u2061")  # keep its own spaces
        else:
            pieces.append(text)
    # a named operator followed by a letter, a digit or a text: one space
    text = re.sub("\u2060(?=[^\\W_]|\u2061|$)", " ", "".join(pieces)).replace("\u2060", "").replace("\u2061", "")
    text = re.sub(" {2,}", " ", text).replace(" : = ", " := ").replace(": = ", " := ")
    return text.replace("( ", "(").replace(" )", ")").strip()


def to_unicode(latex: str) -> str:
    """``latex`` (math mode; Unicode in it is accepted) as one line of Unicode text."""
    tree = parse_math(unicode_to_latex(latex), strict=False)
    return node_unicode(tree).replace("\n", " ")

