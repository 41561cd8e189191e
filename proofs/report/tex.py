"""What the report knows about LaTeX, in one place: the commands that compile, Greek letters, named
operators, the Unicode of each command, the paper's symbol names, text-mode escapes in both directions,
and the splitting of text on its ``$`` delimiters.

Every renderer reads these tables: the parser of math (:mod:`proofs.report.latex_text`), the Unicode printer
of the terminal (:mod:`proofs.report.unicode_math`), the MathML of the HTML page (:mod:`proofs.report.html`),
the LaTeX export (:func:`text_tex`) and the printer of derived expressions (:mod:`proofs.report.latex`).

* :data:`GREEK`, :data:`NAMED_OPERATORS` and the command sets say what compiles with ``amsmath``/``amssymb``/
  ``upgreek``; :func:`command_unicode` gives a command's Unicode (pylatexenc's table of macros, a maintained
  library, with the few overrides the report needs: ``\\epsilon`` is ε, ``\\ne`` is ≠, ``\\uppi`` is π);
* :func:`unicode_to_latex` reads Unicode typed into math (``π̂`` -> ``\\hat{\\pi}``, ``²`` -> ``^{2}``);
* :func:`text_unicode` reads text-mode LaTeX (``\\S``, ``\\%``, ``--``) as Unicode; :func:`text_tex` writes
  any Unicode text as text-mode LaTeX that compiles (pylatexenc's encoder, so ``naïve`` stays ``naïve``, and
  every letter with diacritics is written as a base letter and accents);
* :func:`symbol_latex` names the paper's symbols as the toolkit spells them (003 §3.1–3.2, 004 §2):
  ``pi`` is the proportion π (the constant is ``\\uppi``), ``pihat``/``pi_hat`` π̂, ``theta_hat_1`` θ̂₁, ``q3``
  q₃, ``eps`` ε, ``lam`` λ, ``al`` α, ``phi`` φ (003 writes ``\\varphi`` for tests), ``Q_2x3`` Q_{2×3}, and a
  short lower-case tail is a subscript (``eps_pl`` is ε_{pl}, ``pl_x`` is pl_{x});
* :func:`split_dollars` cuts prose at its ``$...$`` delimiters (``\\$`` is a dollar sign).
"""

from __future__ import annotations

import functools
import re
import unicodedata

from pylatexenc.latex2text import get_default_latex_context_db
from pylatexenc.latexencode import RULE_CALLABLE, UnicodeToLatexConversionRule, UnicodeToLatexEncoder

__all__ = ["GREEK", "NAMED_OPERATORS", "SYMBOL_COMMANDS", "ACCENTS", "FONTS", "TEXT_COMMANDS", "TWO_ARGUMENTS",
           "ENVIRONMENTS", "DELIMITERS", "SIZES", "KNOWN_COMMANDS", "TEXT_MODE_COMMANDS", "COMBINING", "SUPERSCRIPTS",
           "SUBSCRIPTS", "upright", "command_unicode", "unicode_to_latex", "text_unicode", "text_tex", "symbol_latex",
           "split_dollars"]

# ----------------------------------------------------------------------------------------------------
# What compiles (amsmath, amssymb, upgreek)

#: Greek letters by their LaTeX names (``uppi``: the upright constant of ``upgreek``).
GREEK = ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi varpi "
         "rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi Pi Sigma "
         "Upsilon Phi Psi Omega uppi").split()
_RELATIONS_AND_OPERATORS = (
    "cdot cdotp times div pm mp le leq ge geq ne neq approx sim simeq equiv propto ll gg in notin ni subset "
    "subseteq supset supseteq cup cap setminus smallsetminus emptyset varnothing infty partial nabla forall exists "
    "neg lnot land lor wedge vee to rightarrow leftarrow Rightarrow Leftarrow Leftrightarrow leftrightarrow "
    "longrightarrow Longrightarrow longleftarrow Longleftarrow Longleftrightarrow iff implies impliedby mapsto mid "
    "nmid parallel perp circ bullet ldots cdots dots dotsc dotsb vdots ddots prime langle rangle lfloor rfloor "
    "lceil rceil lvert rvert lVert rVert vert Vert sum prod int oint colon top bot ell hbar Re Im aleph oplus "
    "otimes odot star ast dagger triangle square backslash lbrace rbrace lbrack rbrack leqslant geqslant lesssim "
    "gtrsim blacksquare Box gets downarrow uparrow sqcup bigcup bigcap").split()
#: Operators set upright with their own spacing (``\\max``, ``\\ln``).
NAMED_OPERATORS = frozenset("lim limsup liminf sup inf max min log ln exp sin cos tan det Pr arg deg dim gcd ker".split())
_SPACING = "quad qquad displaystyle textstyle scriptstyle limits nolimits".split()
#: Size commands before a delimiter.
SIZES = frozenset("big Big bigg Bigg bigl bigr Bigl Bigr biggl biggr bigm Bigm middle".split())

#: Commands without arguments, by name.
SYMBOL_COMMANDS = frozenset(GREEK + _RELATIONS_AND_OPERATORS + sorted(NAMED_OPERATORS) + _SPACING)
#: Accents (one argument, drawn over it).
ACCENTS = frozenset("hat widehat bar overline underline tilde widetilde vec dot ddot check breve acute grave".split())
#: Font commands (one argument).
FONTS = frozenset("mathrm mathbf mathit mathsf mathtt mathcal mathbb mathfrak boldsymbol".split())
#: Commands whose argument is text (``\\operatorname`` too: its argument is a name).
TEXT_COMMANDS = frozenset("text textrm textit textbf textnormal mbox operatorname".split())
#: Commands with two arguments.
TWO_ARGUMENTS = frozenset("frac dfrac tfrac binom dbinom tbinom overset underset stackrel".split())
#: Environments allowed in math mode.
ENVIRONMENTS = frozenset("matrix pmatrix bmatrix vmatrix Vmatrix smallmatrix cases aligned gathered split array".split())
#: What may follow ``\\left``/``\\right`` (and a size command).
DELIMITERS = frozenset("( ) [ ] | . / < >".split()) | frozenset(
    r"\{ \} \| \langle \rangle \lvert \rvert \lVert \rVert \vert \Vert \lfloor \rfloor \lceil \rceil \lbrace \rbrace "
    r"\lbrack \rbrack".split())
#: Every command the parser accepts.
KNOWN_COMMANDS = SYMBOL_COMMANDS | ACCENTS | FONTS | TEXT_COMMANDS | TWO_ARGUMENTS | SIZES | frozenset(
    ["sqrt", "left", "right", "begin", "end", "not", "pmod"])

# ----------------------------------------------------------------------------------------------------
# Unicode of commands, scripts and accents

#: What pylatexenc lacks or renders in a way the report does not want; nothing its table already gives.
_OVERRIDES = {
    "epsilon": "ε", "ne": "≠", "uppi": "π", "neg": "¬", "iff": "⟺", "implies": "⟹", "impliedby": "⟸", "colon": ":",
    "gets": "←", "Box": "□", "triangle": "△", "bot": "⊥", "Re": "ℜ", "Im": "ℑ", "land": "∧", "lor": "∨", "cdotp": "·",
    "prime": "′", "backslash": "∖", "lbrack": "[", "rbrack": "]", "|": "‖", ",": "\u2009", ";": " ", ":": " ", "!": "",
    "quad": "  ", "qquad": "   ", "displaystyle": "", "textstyle": "", "scriptstyle": "", "limits": "", "nolimits": "",
    "dotsb": "⋯", "S": "§",
}

#: Accents as combining characters (``\\hat{\\theta}`` is θ̂).
COMBINING = {"hat": "\u0302", "widehat": "\u0302", "bar": "\u0304", "overline": "\u0305", "underline": "\u0332",
             "tilde": "\u0303", "widetilde": "\u0303", "vec": "\u20d7", "dot": "\u0307", "ddot": "\u0308",
             "check": "\u030c", "breve": "\u0306", "acute": "\u0301", "grave": "\u0300"}
#: Characters with a Unicode superscript or subscript form.
SUPERSCRIPTS = dict(zip("0123456789+-=()niabcdefghijklmoprstuvwxyzABDEGHIJKLMNOPRTUVWβγδεθφχ′*−",
                        "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵀᵁⱽᵂᵝᵞᵟᵋᶿᵠᵡ′*⁻"))
SUBSCRIPTS = dict(zip("0123456789+-=()aehijklmnoprstuvxβγρφχ−", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓᵦᵧᵨᵩᵪ₋"))


@functools.lru_cache(maxsize=None)
def command_unicode(name: str) -> str:
    """The Unicode of the command ``\\name`` without arguments (its name when it has none)."""
    if name in _OVERRIDES:
        return _OVERRIDES[name]
    if name in NAMED_OPERATORS or not name.isalpha():
        return name
    spec = _MACROS.get_macro_spec(name)
    replacement = getattr(spec, "simplify_repl", None) if spec is not None else None
    return replacement if isinstance(replacement, str) and replacement.strip() and "%" not in replacement else name


_MACROS = get_default_latex_context_db()

# ----------------------------------------------------------------------------------------------------
# Unicode typed into math -> LaTeX

_UNICODE_MATH = {
    "π": r"\pi", "ε": r"\epsilon", "ϵ": r"\epsilon", "λ": r"\lambda", "ν": r"\nu", "μ": r"\mu", "σ": r"\sigma",
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "θ": r"\theta", "ρ": r"\rho", "τ": r"\tau",
    "φ": r"\varphi", "ϕ": r"\phi", "ψ": r"\psi", "χ": r"\chi", "η": r"\eta", "ζ": r"\zeta", "κ": r"\kappa",
    "ξ": r"\xi", "ω": r"\omega", "ι": r"\iota", "υ": r"\upsilon",
    "Γ": r"\Gamma", "Δ": r"\Delta", "Θ": r"\Theta", "Λ": r"\Lambda", "Ξ": r"\Xi", "Π": r"\Pi",
    "Σ": r"\Sigma", "Φ": r"\Phi", "Ψ": r"\Psi", "Ω": r"\Omega",
    "∑": r"\sum", "∏": r"\prod", "∫": r"\int", "∂": r"\partial", "∇": r"\nabla",
    "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "≈": r"\approx", "≡": r"\equiv", "∼": r"\sim", "≃": r"\simeq",
    "≪": r"\ll", "≫": r"\gg", "∝": r"\propto", "±": r"\pm", "∓": r"\mp", "×": r"\times", "÷": r"\div",
    "·": r"\cdot", "⋅": r"\cdot", "∘": r"\circ", "⊕": r"\oplus", "⊗": r"\otimes", "−": "-",
    "∈": r"\in", "∉": r"\notin", "⊂": r"\subset", "⊆": r"\subseteq", "⊃": r"\supset", "⊇": r"\supseteq",
    "∩": r"\cap", "∪": r"\cup", "∅": r"\emptyset", "∖": r"\setminus", "∞": r"\infty", "∀": r"\forall",
    "∃": r"\exists", "¬": r"\neg", "∧": r"\wedge", "∨": r"\vee", "→": r"\to", "←": r"\leftarrow",
    "⇒": r"\Rightarrow", "⇐": r"\Leftarrow", "⇔": r"\Leftrightarrow", "⟹": r"\Longrightarrow", "↦": r"\mapsto",
    "∣": r"\mid", "‖": r"\|", "⌊": r"\lfloor", "⌋": r"\rfloor", "⌈": r"\lceil", "⌉": r"\rceil",
    "⟨": r"\langle", "⟩": r"\rangle", "…": r"\dots", "⋯": r"\cdots", "′": "'", "½": r"\tfrac{1}{2}",
    "¼": r"\tfrac{1}{4}", "ℓ": r"\ell", "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}",
    "ℚ": r"\mathbb{Q}", "𝔼": r"\mathbb{E}", "√": r"\sqrt", "§": r"\S", "–": "-", "—": "-", "’": "'", "\u00a0": " ",
}
_SCRIPT_DIGITS = {"^": {v: k for k, v in SUPERSCRIPTS.items() if k in "0123456789+-=()ni"},
                  "_": {v: k for k, v in SUBSCRIPTS.items() if k in "0123456789+-=()"}}
_SCRIPT_RUN = re.compile("|".join(f"[{''.join(table)}]+" for table in _SCRIPT_DIGITS.values()) + "|.", re.S)
_FROM_COMBINING = {"\u0302": r"\hat", "\u0304": r"\bar", "\u0303": r"\tilde", "\u0307": r"\dot", "\u20d7": r"\vec"}


def unicode_to_latex(text: str) -> str:
    """Every non-ASCII character of ``text`` as math-mode LaTeX (``π̂`` -> ``\\hat{\\pi}``, ``²`` -> ``^{2}``);
    a character outside the table is kept (and the parser then refuses it)."""
    out: list[str] = []
    for ch in _SCRIPT_RUN.findall(text):  # a character, or a run of superscript or of subscript characters
        mark = next((m for m, table in _SCRIPT_DIGITS.items() if ch[0] in table), None)
        if mark is not None:
            out.append(mark + "{" + "".join(_SCRIPT_DIGITS[mark][c] for c in ch) + "}")
        elif ch in _FROM_COMBINING:  # applies to what was emitted last
            base = out.pop() if out else "{}"
            out.append(f"{_FROM_COMBINING[ch]}{{{base.strip()}}}")
        elif ch in _UNICODE_MATH:
            command = _UNICODE_MATH[ch]
            out.append(command + (" " if command[-1].isalpha() else ""))
        else:
            out.append(ch)
    return "".join(out)


# ----------------------------------------------------------------------------------------------------
# Text mode, both ways

#: Commands allowed inside a text argument (text mode), with their Unicode; and the ligatures of text mode.
TEXT_MODE_COMMANDS = {r"\S": "§", r"\%": "%", r"\&": "&", r"\#": "#", r"\_": "_", r"\$": "$", r"\{": "{", r"\}": "}",
                      "\\ ": " ", r"\,": "\u2009", r"\quad": "  ", r"\qquad": "   ", r"\ldots": "…", r"\dots": "…",
                      r"\textbackslash": "\\"}
_TEXT_LIGATURES = {"``": "“", "''": "”", "~": "\u00a0", "--": "–", "---": "—"}
_TEXT_MODE = sorted({**TEXT_MODE_COMMANDS, **_TEXT_LIGATURES}.items(), key=lambda kv: len(kv[0]), reverse=True)


def text_unicode(raw: str) -> str:
    """Text-mode LaTeX (no ``$``) as Unicode: escapes and ligatures become their characters, any other
    command its symbol (:func:`command_unicode`); braces are kept."""
    for source, target in _TEXT_MODE:
        raw = raw.replace(source, target)
    return re.sub(r"\\([A-Za-z]+)", lambda m: command_unicode(m.group(1)), raw)


#: Unicode text -> LaTeX text mode, before pylatexenc's rules (they escape ``{}_&%$#`` and set ``<>`` as math):
#: what their default would not read well in the PDF (``|`` is an em dash in OT1) or the math table would take.
_TEXT_TEX = {"\\": r"\textbackslash{}", "^": r"\^{}", "~": r"\~{}", "|": r"\ensuremath{|}", "§": r"\S{}", "¶": r"\P{}",
             "–": "--", "—": "---", "’": "'", "‘": "`", "“": "``", "”": "''", "…": r"\dots{}", "\u2060": "",
             "\u00a0": "~", "×": r"\ensuremath{\times}", "·": r"\ensuremath{\cdot}", "√": r"\ensuremath{\surd}",
             "∖": r"\ensuremath{\smallsetminus}"}


def _math_in_text(text: str, pos: int) -> tuple[int, str] | None:
    """The specials of LaTeX, and a math character (with its combining accents) as ``\\ensuremath{...}``."""
    end = pos + 1
    while end < len(text) and text[end] in _FROM_COMBINING:
        end += 1
    if text[pos] in _TEXT_TEX and end == pos + 1:
        return 1, _TEXT_TEX[text[pos]]
    math = text[pos] in _UNICODE_MATH or (end > pos + 1 and text[pos].isascii() and text[pos].isalpha())
    return (end - pos, rf"\ensuremath{{{unicode_to_latex(text[pos:end]).strip()}}}") if math else None


#: Text-mode commands that spell a letter (ı, ł, ø, ß, æ, ...) or a space: not math.
_TEXT_LETTERS = frozenset("i j l L o O ss ae AE oe OE aa AA dh DH th TH ng NG dj DJ quad qquad".split())
_DEFAULTS = UnicodeToLatexEncoder(conversion_rules=["defaults"], replacement_latex_protection="braces",
                                  unknown_char_policy="keep", unknown_char_warning=False)


def _known_default(text: str, pos: int) -> tuple[int, str] | None:
    """pylatexenc's default for a character, unless it is math needing a package the report does not load
    (``\\mathscr``)."""
    return _known_default_of(text[pos])


@functools.lru_cache(maxsize=4096)
def _known_default_of(ch: str) -> tuple[int, str] | None:
    """:func:`_known_default` of one character, worked out once per character (pylatexenc's encoder is
    asked about every character of every text a report sets; its answer depends on the character alone)."""
    latex = _DEFAULTS.unicode_to_latex(ch)
    math = re.findall(r"\\([A-Za-z]+)", "".join(re.findall(r"\\ensuremath\{(.*)\}", latex)))
    if latex == ch or not all(name in KNOWN_COMMANDS for name in math):
        return None
    bare = re.findall(r"\\([A-Za-z]+)", re.sub(r"\\ensuremath\{.*\}", "", latex))
    if any(name in KNOWN_COMMANDS and name not in _TEXT_LETTERS and not name.startswith("text") for name in bare):
        inner = latex[1:-1] if latex.startswith("{") and latex.endswith("}") else latex
        return 1, rf"\ensuremath{{{inner}}}"  # a math symbol pylatexenc writes bare (ɛ, ϒ)
    return 1, latex


#: Combining accents of text mode (a letter pylatexenc does not know is written as its base and these).
_TEXT_ACCENTS = {"\u0300": "`", "\u0301": "'", "\u0302": "^", "\u0303": "~", "\u0304": "=", "\u0306": "u",
                 "\u0307": ".", "\u0308": '"', "\u030a": "r", "\u030b": "H", "\u030c": "v", "\u0327": "c",
                 "\u0328": "k"}


def _any_other(text: str, pos: int) -> tuple[int, str] | None:
    """A character neither table knows: its compatibility form, its base letter with accents, or its code
    point (``U+65E5``)."""
    ch = text[pos]
    if ch.isascii():
        return None
    if (compatible := unicodedata.normalize("NFKC", ch)) != ch:
        return 1, _ENCODER.unicode_to_latex(compatible)
    base, *marks = unicodedata.normalize("NFD", ch)
    if marks and base.isascii() and all(m in _TEXT_ACCENTS for m in marks):
        for mark in marks:
            base = f"\\{_TEXT_ACCENTS[mark]}{{{base}}}"
        return 1, "{" + base + "}"
    return 1, f"U+{ord(ch):04X}"


_ENCODER = UnicodeToLatexEncoder(
    conversion_rules=[UnicodeToLatexConversionRule(RULE_CALLABLE, _math_in_text),
                      UnicodeToLatexConversionRule(RULE_CALLABLE, _known_default),
                      UnicodeToLatexConversionRule(RULE_CALLABLE, _any_other)],
    replacement_latex_protection="braces")


def text_tex(text: object) -> str:
    """Any text as text-mode LaTeX that compiles: specials escaped, math symbols in ``\\ensuremath``,
    letters with diacritics as accents (``naïve`` -> ``na{\\"\\i}ve``), a character without a LaTeX form
    named by its code point (``U+222E``)."""
    return _text_tex(str(text))


@functools.lru_cache(maxsize=65_536)
def _text_tex(text: str) -> str:
    """:func:`text_tex` of a string, once per string (a report sets the same names, labels and words again
    and again: a report of the catalog asks about a hundred thousand texts, a few thousand of them distinct)."""
    return _ENCODER.unicode_to_latex(unicodedata.normalize("NFC", text))


# ----------------------------------------------------------------------------------------------------
# The paper's symbols by the names the toolkit gives them

#: Greek names as the toolkit spells them -> LaTeX.
GREEK_NAMES = {name: "\\" + name for name in (
    "alpha beta gamma delta epsilon varepsilon zeta eta theta iota kappa lambda mu nu xi pi rho sigma tau varphi chi "
    "psi omega Gamma Delta Theta Lambda Pi Sigma Phi Psi Omega").split()} | {
    "al": r"\alpha", "eps": r"\epsilon", "lam": r"\lambda", "phi": r"\varphi"}
#: Names whose LaTeX is not given by the rule of :func:`symbol_latex`.
_NAMES = {
    "pihat": r"\hat{\pi}", "hat_pi": r"\hat{\pi}", "nuhat": r"\hat{\nu}", "thetahat": r"\hat{\theta}",
    "Q_2x3": r"Q_{2\times 3}", "Q2x3": r"Q_{2\times 3}", "Q_WRR": r"Q_{WRR}", "Q_GWRR": r"Q_{GWRR}",
    "oo": r"\infty",
}
#: A short lower-case function name with a subscript: ``pl_x``, ``bel_x'`` (003 §2 writes pl_{x}, bel_{x'}).
_FUNCTION_NAME = re.compile(r"^(?P<base>[a-z]{2,4})_(?P<tail>[A-Za-z0-9]{1,3})(?P<prime>'*)$")
_BASE = "|".join(sorted(map(re.escape, GREEK_NAMES), key=len, reverse=True))
_SYMBOL_NAME = re.compile(rf"^(?P<base>{_BASE}|[A-Za-z])(?P<hat>_?hat)?(?:_?(?P<index>\d+)|_(?P<tail>[a-z]{{1,3}}|"
                          rf"[A-Z]))?(?P<prime>'*)$")


@functools.lru_cache(maxsize=4096)
def symbol_latex(name: str) -> str | None:
    """The LaTeX of the symbol called ``name``, or None when ``name`` is not a symbol of the paper (a word)."""
    if not isinstance(name, str):
        return None
    if name in _NAMES:
        return _NAMES[name]
    match = _SYMBOL_NAME.match(name)
    if match is None:
        named = _FUNCTION_NAME.match(name)
        return None if named is None or named["base"] in GREEK_NAMES else \
            f"{named['base']}_{{{named['tail']}}}" + named["prime"]
    base = GREEK_NAMES.get(match["base"], match["base"])
    if match["hat"]:
        base = rf"\hat{{{base}}}"
    index = match["index"] or match["tail"]
    text = f"{base}_{{{index}}}" if index else base
    return text + "'" * len(match["prime"] or "")


# ----------------------------------------------------------------------------------------------------
# Typography of formulas

#: Operator names the texts write as letters (``Var(X)``, ``max\{a, b\}``), set upright as the paper means them.
_UPRIGHT = {name: rf"\operatorname{{{name}}}" for name in ("Var", "Cov", "SLDP", "WLDP", "LDP", "DP")} | {
    name: f"\\{name}" for name in ("max", "min", "sup", "inf", "ln", "log", "exp", "Pr")}
_PROTECTED = re.compile(r"(\\(?:text|textrm|textit|textbf|textnormal|mbox|mathrm|operatorname)\s*\{[^{}]*\})")
_OPERATOR_WORD = re.compile(rf"(?<![\\A-Za-z])({'|'.join(_UPRIGHT)})(?![A-Za-z])")


def upright(latex: str) -> str:
    """``latex`` with the operator names it spells in letters as upright operators (``Var`` as
    ``\\operatorname{Var}``, ``max`` as ``\\max``); text arguments are left as they are."""
    return "".join(part if k % 2 else _OPERATOR_WORD.sub(lambda m: _UPRIGHT[m.group(1)] + " ", part)
                   for k, part in enumerate(_PROTECTED.split(latex)))


# ----------------------------------------------------------------------------------------------------
# Prose with $...$


def split_dollars(text: str) -> list[tuple[bool, str]]:
    """``text`` as (is math, content) pieces cut at its unescaped ``$`` signs; an odd last ``$`` is a dollar
    sign, and ``\\$`` in prose is one too."""
    parts = re.split(r"(?<!\\)\$", text)
    if len(parts) % 2 == 0:
        parts[-2:] = [parts[-2] + "$" + parts[-1]]
    return [(k % 2 == 1, part if k % 2 else part.replace(r"\$", "$")) for k, part in enumerate(parts)]
