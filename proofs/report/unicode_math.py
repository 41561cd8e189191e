"""LaTeX math as Unicode text for the terminal: ``\\beta^2_\\varphi \\le \\frac{1}{2}`` reads ``β²_φ ≤ 1/2``.

The symbols (Greek letters, relations, arrows, operators) come from pylatexenc's table of LaTeX macros
(:func:`pylatexenc.latex2text.get_default_latex_context_db`), a maintained library; what it misses or
renders in a way that loses meaning is handled here from the tree of :func:`proofs.report.latex_text.parse_math`:

* sub- and superscripts become Unicode sub/superscript characters where Unicode has every character
  (``q_3^n`` -> ``q₃ⁿ``), else ``_x``/``^(a+b)``;
* fractions become ``a/b`` with parentheses where the reading needs them; ``\\sqrt{x+1}`` -> ``√(x+1)``;
  ``\\binom{n}{k}`` -> ``C(n, k)``; accents become combining characters (``\\hat{\\theta}_1`` -> ``θ̂₁``);
* ``\\mathbb{E}``, ``\\mathcal{P}`` become the mathematical alphanumeric letters (𝔼, 𝒫);
* matrices become rows separated by ``;``; ``\\text{...}`` is its text;
* ``\\epsilon`` is ``ε`` (the reading in the terminal; the paper's lunate form is a typesetting choice),
  ``\\ne`` is ``≠`` (pylatexenc drops it), ``\\uppi`` (the constant) is ``π``.

Nothing here fails: :func:`to_unicode` reads leniently, and a command it does not know is shown by its name
without the backslash.
"""

from __future__ import annotations

import functools
import re
import unicodedata

from proofs.report.latex_text import Node, parse_math, unicode_to_latex

__all__ = ["to_unicode", "text_to_unicode", "node_unicode", "superscript", "subscript"]

_SUPER = dict(zip("0123456789+-=()niabcdefghijklmoprstuvwxyzABDEGHIJKLMNOPRTUVWβγδεθφχ′*−",
                  "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵝᵞᵟᵋᶿᵠᵡ′*⁻"))
_SUB = dict(zip("0123456789+-=()aehijklmnoprstuvxβγρφχ−", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ₋"))

#: What pylatexenc lacks or renders in a way the report does not want.
_OVERRIDES = {
    "epsilon": "ε", "ne": "≠", "uppi": "π", "neg": "¬", "lnot": "¬", "iff": "⟺", "implies": "⟹", "impliedby": "⟸",
    "colon": ":", "gets": "←", "Box": "□", "triangle": "△", "bot": "⊥", "Re": "ℜ", "Im": "ℑ", "land": "∧",
    "lor": "∨", "cdotp": "·", "prime": "′", "backslash": "∖", "mid": "|", "lbrace": "{", "rbrace": "}",
    "lbrack": "[", "rbrack": "]", "vert": "|", "Vert": "‖", "lvert": "|", "rvert": "|", "lVert": "‖", "rVert": "‖",
    "{": "{", "}": "}", "|": "‖", ",": "\u2009", ";": " ", ":": " ", "!": "", " ": " ", "quad": "  ", "qquad": "   ",
    "#": "#", "%": "%", "&": "&", "$": "$", "_": "_", "displaystyle": "", "textstyle": "", "scriptstyle": "",
    "limits": "", "nolimits": "", "dotsc": "…", "dotsb": "⋯", "Longleftrightarrow": "⟺", "longleftarrow": "⟵",
    "Longleftarrow": "⟸", "ldots": "…", "dots": "…", "setminus": "∖", "smallsetminus": "∖", "S": "§",
}
_NAMED_OPERATORS = frozenset("lim limsup liminf sup inf max min log ln exp sin cos tan det Pr arg deg dim gcd ker".split())
#: Relations and arrows: a space on each side.
_RELATIONS = frozenset("= < > ≤ ≥ ≠ ≈ ≡ ∼ ≃ ∈ ∉ ∋ ⊂ ⊆ ⊃ ⊇ → ← ↔ ⇒ ⇐ ⇔ ⟹ ⟸ ⟺ ⟶ ⟵ ↦ ∝ ≪ ≫ ⩽ ⩾ ≲ ≳ | ∤ ∥ ⊥".split())
_BIG_OPERATORS = frozenset("sum prod int oint lim limsup liminf sup inf max min bigcup bigcap".split())
_ACCENTS = {"hat": "\u0302", "widehat": "\u0302", "bar": "\u0304", "overline": "\u0305", "underline": "\u0332",
            "tilde": "\u0303", "widetilde": "\u0303", "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308",
            "check": "\u030c", "breve": "\u0306", "acute": "\u0301", "grave": "\u0300"}
_ALPHABETS = {"mathbb": "DOUBLE-STRUCK", "mathcal": "SCRIPT", "mathfrak": "FRAKTUR", "mathbf": "BOLD"}
_LETTERLIKE = {("DOUBLE-STRUCK", "C"): "ℂ", ("DOUBLE-STRUCK", "H"): "ℍ", ("DOUBLE-STRUCK", "N"): "ℕ",
               ("DOUBLE-STRUCK", "P"): "ℙ", ("DOUBLE-STRUCK", "Q"): "ℚ", ("DOUBLE-STRUCK", "R"): "ℝ",
               ("DOUBLE-STRUCK", "Z"): "ℤ", ("SCRIPT", "B"): "ℬ", ("SCRIPT", "E"): "ℰ", ("SCRIPT", "F"): "ℱ",
               ("SCRIPT", "H"): "ℋ", ("SCRIPT", "I"): "ℐ", ("SCRIPT", "L"): "ℒ", ("SCRIPT", "M"): "ℳ",
               ("SCRIPT", "R"): "ℛ", ("SCRIPT", "e"): "ℯ", ("SCRIPT", "g"): "ℊ", ("SCRIPT", "o"): "ℴ",
               ("FRAKTUR", "C"): "ℭ", ("FRAKTUR", "H"): "ℌ", ("FRAKTUR", "I"): "ℑ", ("FRAKTUR", "R"): "ℜ",
               ("FRAKTUR", "Z"): "ℨ"}
_DELIMITERS = {".": "", r"\{": "{", r"\}": "}", r"\|": "‖", r"\langle": "⟨", r"\rangle": "⟩", r"\lvert": "|",
               r"\rvert": "|", r"\lVert": "‖", r"\rVert": "‖", r"\vert": "|", r"\Vert": "‖", r"\lfloor": "⌊",
               r"\rfloor": "⌋", r"\lceil": "⌈", r"\rceil": "⌉", r"\lbrace": "{", r"\rbrace": "}", r"\lbrack": "[",
               r"\rbrack": "]"}
_BRACKETS = {"pmatrix": ("(", ")"), "bmatrix": ("[", "]"), "vmatrix": ("|", "|"), "Vmatrix": ("‖", "‖"),
             "cases": ("{", "}")}
_TEXT_MODE = {r"\S": "§", r"\%": "%", r"\&": "&", r"\#": "#", r"\_": "_", r"\$": "$", r"\{": "{", r"\}": "}",
              "\\ ": " ", r"\,": "\u2009", r"\quad": "  ", r"\qquad": "   ", r"\ldots": "…", r"\dots": "…",
              r"\textbackslash": "\\", "``": "“", "''": "”", "~": "\u00a0", "--": "–", "---": "—"}


@functools.lru_cache(maxsize=None)
def _symbol(name: str) -> str:
    if name in _OVERRIDES:
        return _OVERRIDES[name]
    if name in _NAMED_OPERATORS or not name.isalpha():
        return name
    spec = _database().get_macro_spec(name)
    replacement = getattr(spec, "simplify_repl", None) if spec is not None else None
    return replacement if isinstance(replacement, str) and replacement.strip() else name


@functools.lru_cache(maxsize=1)
def _database():
    from pylatexenc.latex2text import get_default_latex_context_db

    return get_default_latex_context_db()


def superscript(text: str) -> str | None:
    """``text`` in Unicode superscript characters, or None if one is missing."""
    return "".join(_SUPER[c] for c in text) if text and all(c in _SUPER for c in text) else None


def subscript(text: str) -> str | None:
    """``text`` in Unicode subscript characters, or None if one is missing."""
    return "".join(_SUB[c] for c in text) if text and all(c in _SUB for c in text) else None


_MARKS = frozenset("′") | frozenset(_SUPER.values()) | frozenset(_SUB.values())
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
    mapped = superscript(text) if kind == "^" else subscript(text)
    if mapped is not None:
        return mapped
    if text in ("′", "'", "′′"):
        return "′" * len(text)
    return kind + (text if len(text) == 1 or _enclosed(text) else f"({text})")


def _fraction(numerator: str, denominator: str) -> str:
    top = f"({numerator})" if _top_level(numerator, "+−-=<>≤≥,/ ") and not _enclosed(numerator) else numerator
    bottom = denominator if _is_atom(denominator) else f"({denominator})"
    return f"{top}/{bottom}"


def _styled(text: str, alphabet: str) -> str:
    out = []
    for ch in text:
        if ch.isascii() and ch.isalpha():
            key = (alphabet, ch)
            if key in _LETTERLIKE:
                out.append(_LETTERLIKE[key])
                continue
            case = "CAPITAL" if ch.isupper() else "SMALL"
            try:
                out.append(unicodedata.lookup(f"MATHEMATICAL {alphabet} {case} {ch.upper()}"))
                continue
            except KeyError:
                pass
        out.append(ch)
    return "".join(out)


def text_to_unicode(raw: str) -> str:
    """Text with LaTeX commands in it (text mode: its spaces are kept): each command becomes its symbol,
    or its name without the backslash; braces are dropped; ``$...$`` is read as math."""
    return _text_mode(raw)


def _text_mode(raw: str) -> str:
    out = []
    parts = re.split(r"(?<!\\)\$", raw)
    if len(parts) % 2 == 0:  # an odd number of $: the last is a dollar sign
        parts[-2:] = [parts[-2] + "$" + parts[-1]]
    for k, part in enumerate(parts):
        if k % 2 == 1:
            out.append(to_unicode(part))
            continue
        text = part
        for source in sorted(_TEXT_MODE, key=len, reverse=True):
            text = text.replace(source, _TEXT_MODE[source])
        out.append(re.sub(r"\\([A-Za-z]+)", lambda m: _symbol(m.group(1)), text))
    return "".join(out).replace("{", "").replace("}", "")


def node_unicode(node: Node | None) -> str:
    """The Unicode text of one node of :func:`parse_math`'s tree."""
    if node is None:
        return ""
    kind = node.kind
    if kind == "group":
        return _sequence(node.children)
    if kind == "char":
        return {"-": "−", "'": "′", "*": "∗", "~": " "}.get(node.text, node.text)
    if kind == "space":
        return ""
    if kind == "symbol":
        if node.text.startswith("\\"):
            return _DELIMITERS.get(node.text, _symbol(node.text[1:]))
        return _symbol(node.text)
    if kind == "unknown":
        return node.text
    if kind == "textarg":
        return _text_mode(node.text)
    if kind == "script":
        base, sub, sup = node.children
        text = node_unicode(base)
        if sub is not None:
            text += _script(node_unicode(sub), "_")
        if sup is not None:
            text += _script(node_unicode(sup), "^")
        return text
    if kind == "fenced":
        left, _, right = node.text.partition("|")
        return _delimiter(left) + _sequence(node.children) + _delimiter(right)
    if kind == "environment":
        rows = ["  ".join(_sequence(cell.children) for cell in row) if node.text in ("aligned", "split", "gathered")
                else ", ".join(_sequence(cell.children) for cell in row) for row in node.rows]
        opening, closing = _BRACKETS.get(node.text, ("", ""))
        return opening + "; ".join(rows) + closing
    return _command(node)


def _delimiter(text: str) -> str:
    return _DELIMITERS.get(text, text)


def _command(node: Node) -> str:
    name, args = node.text, [node_unicode(a) for a in node.children]
    if name in ("frac", "dfrac", "tfrac"):
        return _fraction(args[0], args[1])
    if name in ("binom", "dbinom", "tbinom"):
        return f"C({args[0]}, {args[1]})"
    if name == "sqrt":
        root = {"2": "", "3": "∛", "4": "∜"}.get(node_unicode(node.option), None) if node.option else ""
        prefix = "√" if root == "" else root if root else f"{superscript(node_unicode(node.option)) or '^'}√"
        return prefix + (args[0] if _is_atom(args[0]) else f"({args[0]})")
    if name in _ACCENTS:
        body = args[0]
        return body + _ACCENTS[name] if len(body) == 1 else f"{name}({body})"
    if name in _ALPHABETS:
        return _styled(args[0], _ALPHABETS[name])
    if name == "not":
        return args[0] + "\u0338"
    if name in ("overset", "underset", "stackrel"):
        return args[1]
    if name == "pmod":
        return f" (mod {args[0]})"
    return "".join(args)


def _sequence(children: tuple[Node | None, ...]) -> str:
    pieces: list[str] = []
    for child in children:
        if child is None or child.kind == "space":
            continue
        text = node_unicode(child)
        if not text:
            continue
        if pieces and pieces[-1].endswith("\u2060") and child.kind == "command" and child.text in (
                "frac", "dfrac", "tfrac") and not _enclosed(text):
            text = f"({text})"  # ln(a/(1−a)), not ln a/(1−a)
        if text in _RELATIONS and (child.kind == "symbol" or text in "=<>"):
            pieces.append(f" {text} ")
        elif text == ",":
            pieces.append(", ")
        elif child.kind == "symbol" and child.text in _NAMED_OPERATORS:
            pieces.append(text + "\u2060")  # a space follows if a letter or number does
        elif child.kind == "script" and child.children[0] is not None and child.children[0].kind == "symbol" \
                and child.children[0].text in _BIG_OPERATORS:
            pieces.append(text + " ")
        elif child.kind == "textarg":
            pieces.append("\u2061" + text + "\u2061")  # keep its own spaces
        else:
            pieces.append(text)
    joined = "".join(pieces)
    out, k = [], 0
    while k < len(joined):  # a named operator followed by a letter or digit: one space
        ch = joined[k]
        if ch == "\u2060":
            nxt = joined[k + 1] if k + 1 < len(joined) else ""
            if nxt.isalnum() or nxt in "\u2061":
                out.append(" ")
        elif ch != "\u2061":
            out.append(ch)
        k += 1
    return _tidy("".join(out))


def _tidy(text: str) -> str:
    while "  " in text:
        text = text.replace("  ", " ")
    text = text.replace(" : = ", " := ").replace(": = ", " := ")
    return text.replace("( ", "(").replace(" )", ")").strip()


def to_unicode(latex: str) -> str:
    """``latex`` (math mode; Unicode in it is accepted) as one line of Unicode text."""
    tree = parse_math(unicode_to_latex(latex), strict=False)
    return node_unicode(tree).replace("\n", " ")
