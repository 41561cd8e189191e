"""Export of a report (the JSON of ``python -m proofs --format json``) as LaTeX and as Markdown.

* :func:`latex_files` — ``claims/<safe id>.tex``, one fragment per claim (the statement as printed, the
  derived expressions, the verdict with its evidence in a sentence, the counterexample, the corrected
  statement), and a standalone ``report.tex`` (article, amsmath/amssymb, booktabs) with a summary table
  of every claim and an errata section for the refuted ones;
* :func:`write_latex` — writes them into a directory, after everything was rendered in memory and the
  directory was checked (nothing half-written);
* :func:`markdown` — the same report as Markdown with ``$...$`` math, for a repository page;
* :func:`load_report` — reads a JSON report (``--from``), with one-line errors.

Everything works on the JSON data, so ``check --latex DIR`` and ``export --from report.json`` give the
same files. Expressions go through the one printer of :mod:`proofs.report.latex`. Statements (LaTeX, or text
with unicode while a claim is still a stub) are shown in math mode only when :func:`math_ok` accepts
them; otherwise as escaped text with unicode translated, so that the report always compiles.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

from proofs.errors import ToolkitError, invalid
from proofs.report.latex import PREAMBLE_PACKAGES, SYMBOL_NAMES, parse_derived, readable, to_latex

__all__ = ["safe_id", "load_report", "latex_files", "write_latex", "markdown", "statement_tex", "text_tex",
           "math_ok"]

STATUSES = ("proved", "supported", "refuted", "inconclusive", "error")

# ----------------------------------------------------------------------------------------------------
# ids


def safe_id(claim_id: str) -> str:
    """A file-name and label-safe form of a claim id, one-to-one: ``.`` -> ``_``, ``@`` -> ``__``
    (``L3.14@000`` -> ``L3_14__000``); any other character outside ``[A-Za-z0-9-]`` -> ``-xHHHH-``."""
    out = []
    for ch in claim_id:
        if ch.isascii() and (ch.isalnum() or ch == "-"):
            out.append(ch)
        elif ch == ".":
            out.append("_")
        elif ch == "@":
            out.append("__")
        else:
            out.append(f"-x{ord(ch):04x}-")
    return "".join(out) or "-empty-"


# ----------------------------------------------------------------------------------------------------
# unicode -> LaTeX (math mode); text mode wraps these in \ensuremath

_UNICODE_MATH = {
    "π": r"\pi", "ε": r"\epsilon", "ϵ": r"\epsilon", "λ": r"\lambda", "ν": r"\nu", "μ": r"\mu", "σ": r"\sigma",
    "α": r"\alpha", "β": r"\beta", "γ": r"\gamma", "δ": r"\delta", "θ": r"\theta", "ρ": r"\rho", "τ": r"\tau",
    "φ": r"\phi", "ϕ": r"\phi", "ψ": r"\psi", "χ": r"\chi", "η": r"\eta", "ζ": r"\zeta", "κ": r"\kappa",
    "ξ": r"\xi", "ω": r"\omega", "ι": r"\iota", "υ": r"\upsilon",
    "Γ": r"\Gamma", "Δ": r"\Delta", "Θ": r"\Theta", "Λ": r"\Lambda", "Ξ": r"\Xi", "Π": r"\Pi",
    "Σ": r"\Sigma", "Φ": r"\Phi", "Ψ": r"\Psi", "Ω": r"\Omega",
    "∑": r"\sum", "∏": r"\prod", "∫": r"\int", "∂": r"\partial", "∇": r"\nabla", "√": r"\surd",
    "≤": r"\le", "≥": r"\ge", "≠": r"\ne", "≈": r"\approx", "≡": r"\equiv", "∼": r"\sim", "≃": r"\simeq",
    "≪": r"\ll", "≫": r"\gg", "∝": r"\propto", "±": r"\pm", "∓": r"\mp", "×": r"\times", "÷": r"\div",
    "·": r"\cdot", "⋅": r"\cdot", "∘": r"\circ", "⊕": r"\oplus", "⊗": r"\otimes", "−": "-",
    "∈": r"\in", "∉": r"\notin", "⊂": r"\subset", "⊆": r"\subseteq", "⊃": r"\supset", "⊇": r"\supseteq",
    "∩": r"\cap", "∪": r"\cup", "∅": r"\emptyset", "∖": r"\setminus", "∞": r"\infty", "∀": r"\forall",
    "∃": r"\exists", "¬": r"\neg", "∧": r"\wedge", "∨": r"\vee", "→": r"\to", "←": r"\leftarrow",
    "⇒": r"\Rightarrow", "⇐": r"\Leftarrow", "⇔": r"\Leftrightarrow", "↦": r"\mapsto", "∣": r"\mid",
    "‖": r"\|", "⌊": r"\lfloor", "⌋": r"\rfloor", "⌈": r"\lceil", "⌉": r"\rceil", "⟨": r"\langle",
    "⟩": r"\rangle", "…": r"\dots", "⋯": r"\cdots", "′": "'", "½": r"\frac{1}{2}", "¼": r"\frac{1}{4}",
    "ℓ": r"\ell", "ℝ": r"\mathbb{R}", "ℕ": r"\mathbb{N}", "ℤ": r"\mathbb{Z}", "ℚ": r"\mathbb{Q}",
    "§": r"\S", "°": r"^{\circ}", "–": "-", "—": "-", "’": "'", "‘": "'", "“": "``", "”": "''", "\u00a0": " ",
}
_UNICODE_TEXT = {"§": r"\S{}", "¶": r"\P{}", "°": r"\ensuremath{^{\circ}}", "–": "--", "—": "---", "’": "'", "‘": "`", "“": "``", "”": "''", "…": r"\dots{}",
                 "\u00a0": "~", "é": r"\'e", "è": r"\`e", "ö": r"\"o", "ü": r"\"u", "ä": r"\"a"}
_SUPERSCRIPTS = dict(zip("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ", "0123456789+-=()ni"))
_SUBSCRIPTS = dict(zip("₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎", "0123456789+-=()"))
_COMBINING = {"\u0302": r"\hat", "\u0304": r"\bar", "\u0303": r"\tilde", "\u0307": r"\dot", "\u20d7": r"\vec"}


def _unicode_to_math(text: str) -> str:
    """Every non-ASCII character of ``text`` as math-mode LaTeX (``π̂`` -> ``\\hat{\\pi}``, ``²`` ->
    ``^{2}``); a character outside the table becomes a visible ``\\langle U+XXXX \\rangle``."""
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in _SUPERSCRIPTS or ch in _SUBSCRIPTS:
            table, mark = (_SUPERSCRIPTS, "^") if ch in _SUPERSCRIPTS else (_SUBSCRIPTS, "_")
            j = i
            while j < len(text) and text[j] in table:
                j += 1
            out.append(mark + "{" + "".join(table[c] for c in text[i:j]) + "}")
            i = j
            continue
        if ch in _COMBINING:  # applies to what was emitted last
            base = out.pop() if out else r"\ "
            out.append(f"{_COMBINING[ch]}{{{base.strip()}}}")
        elif ch.isascii():
            out.append(ch)
        elif ch in _UNICODE_MATH:
            cmd = _UNICODE_MATH[ch]
            out.append(cmd + (" " if cmd[-1].isalpha() else ""))
        else:
            out.append(rf"\langle\text{{U+{ord(ch):04X}}}\rangle ")
        i += 1
    return "".join(out)


_TEXT_ESCAPES = {"\\": r"\textbackslash{}", "{": r"\{", "}": r"\}", "_": r"\_", "^": r"\textasciicircum{}",
                 "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "~": r"\textasciitilde{}", "<": r"\textless{}",
                 ">": r"\textgreater{}", "|": r"\textbar{}"}


def text_tex(text: Any) -> str:
    """Any text as text-mode LaTeX that compiles: specials escaped, unicode translated (math symbols
    in ``\\ensuremath``), nothing left unbalanced."""
    text = str(text)
    out: list[str] = []
    i = 0
    while i < len(text):
        ch = text[i]
        nxt = text[i + 1] if i + 1 < len(text) else ""
        if nxt in _COMBINING and ch not in _TEXT_ESCAPES:
            out.append(r"\ensuremath{" + _unicode_to_math(ch + nxt) + "}")
            i += 2
            continue
        if ch in _TEXT_ESCAPES:
            out.append(_TEXT_ESCAPES[ch])
        elif ch.isascii():
            out.append(ch)
        elif ch in _UNICODE_TEXT:
            out.append(_UNICODE_TEXT[ch])
        else:
            out.append(r"\ensuremath{" + _unicode_to_math(ch) + "}")
        i += 1
    return "".join(out)


# ----------------------------------------------------------------------------------------------------
# Is a string safe math-mode LaTeX? (a conservative check; when in doubt the statement is shown as text)

_GREEK = ("alpha beta gamma delta epsilon varepsilon zeta eta theta vartheta iota kappa lambda mu nu xi pi "
          "varpi rho varrho sigma varsigma tau upsilon phi varphi chi psi omega Gamma Delta Theta Lambda Xi "
          "Pi Sigma Upsilon Phi Psi Omega uppi")
_SYMBOLS = ("cdot times div pm mp le leq ge geq ne neq approx sim simeq equiv propto ll gg in notin ni subset "
            "subseteq supset supseteq cup cap setminus smallsetminus emptyset varnothing infty partial nabla "
            "forall exists neg lnot land lor wedge vee to rightarrow leftarrow Rightarrow Leftarrow "
            "Leftrightarrow leftrightarrow iff implies impliedby mapsto mid nmid parallel perp circ bullet "
            "ldots cdots dots dotsc dotsb vdots ddots prime langle rangle lfloor rfloor lceil rceil lvert rvert "
            "lVert rVert vert Vert sum prod int oint lim limsup liminf sup inf max min log ln exp sin cos tan "
            "det Pr arg deg dim gcd ker quad qquad left right middle big Big bigg Bigg bigl bigr Bigl Bigr "
            "biggl biggr displaystyle textstyle scriptstyle limits nolimits colon top bot ell hbar Re Im "
            "aleph oplus otimes odot star ast dagger triangle square setminus backslash lbrace rbrace "
            "lbrack rbrack over choose atop cdotp leqslant geqslant lesssim gtrsim coloneqq eqqcolon "
            "blacksquare Box ge gets downarrow uparrow not").split()
_ONE_ARG = ("hat widehat bar overline underline tilde widetilde vec dot ddot check breve acute grave mathrm "
            "mathbf mathit mathsf mathtt mathcal mathbb mathfrak boldsymbol operatorname underbrace "
            "overbrace pmod phantom").split()
_TWO_ARGS = "frac dfrac tfrac binom dbinom tbinom overset underset stackrel".split()
_TEXT_ARG = "text textrm textit textbf textnormal mbox".split()
_ENVIRONMENTS = "matrix pmatrix bmatrix vmatrix Vmatrix smallmatrix cases aligned gathered split".split()
_KNOWN = frozenset(_GREEK.split()) | frozenset(_SYMBOLS) | frozenset(_ONE_ARG) | frozenset(_TWO_ARGS) \
    | frozenset(_TEXT_ARG) | {"sqrt", "begin", "end"}
_CONTROL_SYMBOLS = set(r"|,;:! {}#%&$_")

_TOKEN = re.compile(r"\\[A-Za-z]+|\\.|\s+|.", re.S)


def _group(tokens: list[str], i: int) -> int:
    """Index after the argument starting at ``tokens[i]`` (a ``{...}`` group or one token); -1 if none."""
    while i < len(tokens) and tokens[i].isspace():
        i += 1
    if i >= len(tokens) or tokens[i] in ("}", "&", "^", "_") or tokens[i] == "\\\\":
        return -1
    if tokens[i] != "{":
        return i + 1
    depth = 0
    for j in range(i, len(tokens)):
        depth += {"{": 1, "}": -1}.get(tokens[j], 0)
        if depth == 0:
            return j + 1
    return -1


def _text_arg_ok(tokens: Sequence[str]) -> bool:
    return all(t.isspace() or (len(t) == 1 and t not in "\\^_&#%$~{}") for t in tokens)


def math_ok(text: str) -> bool:
    """Whether ``text`` (ASCII) is math-mode LaTeX that compiles with amsmath/amssymb: known commands
    with their arguments, balanced braces, ``\\left``/``\\right`` and environments, no double scripts,
    ``&`` and ``\\\\`` only inside an environment. Conservative: false means "show it as text"."""
    if not text.strip() or not text.isascii():
        return False
    tokens = _TOKEN.findall(text)
    depth, lefts, envs = 0, 0, []
    scripts: list[set[str]] = [set()]
    i = 0
    while i < len(tokens):
        t = tokens[i]
        if t.isspace():
            i += 1
            continue
        if t in ("#", "%", "$"):
            return False
        if t in ("&", "\\\\"):
            if not envs:
                return False
            scripts[-1] = set()
            i += 1
            continue
        if t == "{":
            depth += 1
            scripts.append(set())
            i += 1
            continue
        if t == "}":
            depth -= 1
            if depth < 0:
                return False
            scripts.pop()
            scripts[-1] = set()  # a group is an atom
            i += 1
            continue
        if t in ("^", "_"):
            if t in scripts[-1]:
                return False  # double superscript / subscript
            scripts[-1].add(t)
            end = _group(tokens, i + 1)
            if end < 0:
                return False
            if not math_ok_inner(tokens[i + 1:end]):
                return False
            i = end
            continue
        if t.startswith("\\"):
            name = t[1:]
            if len(name) == 1 and not name.isalpha():
                if name not in _CONTROL_SYMBOLS:
                    return False
                scripts[-1] = set()
                i += 1
                continue
            if name not in _KNOWN:
                return False
            if name in ("left", "right"):
                lefts += 1 if name == "left" else -1
                if lefts < 0:
                    return False
                j = i + 1
                while j < len(tokens) and tokens[j].isspace():
                    j += 1
                if j >= len(tokens) or not (tokens[j] in "()[]|./<>" or tokens[j] in
                                            (r"\{", r"\}", r"\|", r"\langle", r"\rangle", r"\lvert", r"\rvert",
                                             r"\lVert", r"\rVert", r"\vert", r"\Vert", r"\lfloor", r"\rfloor",
                                             r"\lceil", r"\rceil")):
                    return False
                i = j + 1
                scripts[-1] = set()
                continue
            if name in ("begin", "end"):
                end = _group(tokens, i + 1)
                if end < 0:
                    return False
                env = "".join(tokens[i + 1:end]).strip().strip("{}").strip()
                if env not in _ENVIRONMENTS:
                    return False
                if name == "begin":
                    envs.append(env)
                elif not envs or envs.pop() != env:
                    return False
                i = end
                scripts[-1] = set()
                continue
            arity = 2 if name in _TWO_ARGS else 1 if name in _ONE_ARG or name in _TEXT_ARG or name == "sqrt" else 0
            j = i + 1
            if name == "sqrt":
                while j < len(tokens) and tokens[j].isspace():
                    j += 1
                if j < len(tokens) and tokens[j] == "[":
                    while j < len(tokens) and tokens[j] != "]":
                        j += 1
                    if j >= len(tokens):
                        return False
                    j += 1
            for _ in range(arity):
                end = _group(tokens, j)
                if end < 0:
                    return False
                inner = tokens[j:end]
                if name in _TEXT_ARG:
                    body = [x for x in inner]
                    body = body[body.index("{") + 1:-1] if "{" in body else body
                    if not _text_arg_ok(body):
                        return False
                elif not math_ok_inner(inner):
                    return False
                j = end
            i = j
            scripts[-1] = set()
            continue
        scripts[-1] = set()  # an ordinary character is an atom
        i += 1
    return depth == 0 and lefts == 0 and not envs


def math_ok_inner(tokens: Sequence[str]) -> bool:
    """:func:`math_ok` for a token run that is one argument (a group or a single token)."""
    text = "".join(tokens).strip()
    if text.startswith("{") and text.endswith("}"):
        text = text[1:-1]
    return not text.strip() or math_ok(text) or text.strip() in ("{}",)


_PROSE = re.compile(r"(?<![\\A-Za-z])([A-Za-z]{4,}|[A-Za-z]{2,}\s+[A-Za-z]{2,}(?![A-Za-z]*\s*[({]))")
_ARG_COMMANDS = re.compile(r"\\(?:text|textrm|textit|textbf|mbox|operatorname|mathrm|mathit|mathbf|mathsf|"
                           r"mathcal|mathbb|begin|end)\s*\{[^{}]*\}")


def _looks_like_prose(math: str) -> bool:
    """Plain words outside ``\\text{}``-like arguments: a stub still in words, better shown as text."""
    return bool(_PROSE.search(_ARG_COMMANDS.sub(" ", math)))


def statement_kind(text: str) -> str:
    """``math`` (show in math mode), ``mixed`` (text with ``$...$`` math) or ``text`` (escape it all)."""
    if "$" in text:
        parts = re.split(r"(?<!\\)\$", text)
        if len(parts) % 2 == 1 and all(
                (math_ok(_unicode_to_math(part)) if k % 2 else _mixed_text_ok(part)) for k, part in enumerate(parts)):
            return "mixed"
        return "text"
    math = _unicode_to_math(text)
    if math_ok(math) and not _looks_like_prose(math):
        return "math"
    return "text"


def _mixed_text_ok(part: str) -> bool:
    return not re.search(r"[\\^_&#%{}~]", part)


def statement_tex(text: str) -> str:
    """A statement as printed, as LaTeX that compiles whatever it is (see :func:`statement_kind`)."""
    kind = statement_kind(text)
    if kind == "math":
        math = _unicode_to_math(text).strip()
        return rf"\[ {math} \]" if len(math) <= 60 else rf"\begin{{quote}}\( {math} \)\end{{quote}}"
    if kind == "mixed":
        parts = re.split(r"(?<!\\)\$", text)
        return r"\begin{quote}" + "".join(
            (rf"\( {_unicode_to_math(part)} \)" if k % 2 else text_tex(part)) for k, part in enumerate(parts)
        ) + r"\end{quote}"
    return r"\begin{quote}" + text_tex(text) + r"\end{quote}"


def statement_markdown(text: str) -> str:
    kind = statement_kind(text)
    if kind == "math":
        return f"${_unicode_to_math(text).strip()}$"
    if kind == "mixed":
        return text
    return _md_text(text)


def _md_text(text: Any) -> str:
    return re.sub(r"([\\`*_\[\]<>|$])", r"\\\1", str(text))


# ----------------------------------------------------------------------------------------------------
# Reading a report


_REQUIRED = ("id", "title", "source", "statement_latex", "status", "methods")


def check_report(report: Any, origin: str) -> dict[str, Any]:
    """``report`` if it is a JSON report in the vocabulary of ``--format json``, else a one-line error."""
    if not isinstance(report, dict) or not isinstance(report.get("claims"), list):
        raise invalid("--from", origin, 'not a report of `python -m proofs --format json` (no "claims" list)')
    for k, claim in enumerate(report["claims"]):
        if not isinstance(claim, dict):
            raise invalid("--from", origin, f"claims[{k}] is not an object")
        missing = [key for key in _REQUIRED if key not in claim]
        if missing:
            raise invalid("--from", origin, f"claims[{k}] lacks {', '.join(missing)}")
        if claim["status"] not in STATUSES:
            raise invalid("--from", origin, f"claims[{k}].status={claim['status']!r} is not one of {STATUSES}")
        if not isinstance(claim["methods"], list) or not all(isinstance(m, dict) for m in claim["methods"]):
            raise invalid("--from", origin, f"claims[{k}].methods is not a list of objects")
    safe = [safe_id(str(c["id"])) for c in report["claims"]]
    if len(set(safe)) != len(safe):
        raise invalid("--from", origin, "two claims have the same id")
    return report


def load_report(path: str | os.PathLike[str]) -> dict[str, Any]:
    """The JSON report at ``path``; a missing or invalid file raises a one-line :class:`InvalidArgument`."""
    origin = str(path)
    try:
        raw = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise invalid("--from", origin, "no such file", "write one with `python -m proofs --format json "
                      "--output report.json`") from None
    except IsADirectoryError:
        raise invalid("--from", origin, "is a directory, not a JSON report") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise invalid("--from", origin, f"cannot be read ({type(exc).__name__})") from None
    try:
        report = json.loads(raw)
    except json.JSONDecodeError as exc:
        raise invalid("--from", origin, f"not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})") from None
    return check_report(report, origin)


# ----------------------------------------------------------------------------------------------------
# Pieces shared by LaTeX and Markdown


def _derived_items(items: Any) -> list[tuple[str, str, str | None]]:
    """``(name, latex, method)`` for each derived expression; an unreadable one is shown as text."""
    out = []
    for item in items or []:
        if not isinstance(item, dict) or "srepr" not in item:
            continue
        name = str(item.get("name", ""))
        try:
            latex = to_latex(readable(parse_derived(str(item["srepr"]))))
        except (ValueError, TypeError, ToolkitError):
            latex = None
        method = item.get("method")
        if item.get("reading"):
            method = f"{method}, reading {item['reading']}" if method else f"reading {item['reading']}"
        out.append((name, latex if latex is not None else "", method))
    return out


_FRACTION = re.compile(r"^-?\d+/\d+$")
_SYMBOL_KEY = re.compile(r"^(?:[A-Za-z]|" + "|".join(map(re.escape, [*SYMBOL_NAMES, *_GREEK.split()])) + r")(?:_?\d+)?$")


def _value_tex(value: Any) -> str:
    if isinstance(value, bool) or value is None:
        return rf"\text{{{text_tex(value)}}}"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return text_tex(repr(value)).replace("e", r"\mathrm{e}")
    if isinstance(value, str) and _FRACTION.match(value):
        f = Fraction(value)
        return ("-" if f < 0 else "") + rf"\frac{{{abs(f.numerator)}}}{{{f.denominator}}}"
    if isinstance(value, str) and re.fullmatch(r"-?\d+(\.\d+)?", value):
        return value
    shown = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    if len(shown) > 120:
        shown = shown[:117] + "..."
    return rf"\text{{{text_tex(shown)}}}"


def _key_tex(key: str) -> str:
    if _SYMBOL_KEY.match(key):
        import sympy

        return to_latex(sympy.Symbol(key))
    return rf"\text{{{text_tex(key)}}}"


def _counterexample_tex(cx: Mapping[str, Any]) -> str:
    return r",\ ".join(f"{_key_tex(str(k))} = {_value_tex(v)}" for k, v in cx.items())


def _detail_figures(detail: Any) -> list[tuple[str, str]]:
    """A few short figures of an evidence's detail (the rest is in the JSON)."""
    skip = {"traceback", "counterexample", "recheck", "reading", "holds_when", "corrected", "seconds", "derived"}
    out = []
    for k, v in (detail or {}).items():
        if k in skip or isinstance(v, (dict, list)):
            continue
        shown = str(v)
        if len(shown) <= 60:
            out.append((str(k), shown))
        if len(out) == 4:
            break
    return out


def _evidence_sentence(methods: Sequence[Mapping[str, Any]]) -> list[str]:
    """One clause per evidence: ``symbolic proved on <domain> (figures)`` (plain text)."""
    clauses = []
    for m in methods:
        detail = m.get("detail") or {}
        head = f"{m.get('method', '?')}"
        if detail.get("reading"):
            head += f" (reading {detail['reading']}, not deciding)"
        clause = f"{head} {m.get('outcome', '?')} on {m.get('domain', '?')}".strip()
        figures = _detail_figures(detail)
        if figures:
            clause += " (" + ", ".join(f"{k} {v}" for k, v in figures) + ")"
        clauses.append(clause)
    return clauses


def _correction(claim: Mapping[str, Any]) -> dict[str, Any] | None:
    c = claim.get("correction")
    if isinstance(c, dict) and c.get("statement"):
        return c
    if claim.get("corrected"):
        return {"statement": claim["corrected"], "status": claim.get("corrected_status"), "derived": []}
    return None


# ----------------------------------------------------------------------------------------------------
# LaTeX


def _fragment(claim: Mapping[str, Any]) -> str:
    cid = str(claim["id"])
    label = safe_id(cid)
    lines = [
        f"% Claim {cid}: written by `python -m proofs` (proofs/export.py); do not edit, re-export.",
        "% Needs " + ", ".join(rf"\usepackage{{{p}}}" for p in PREAMBLE_PACKAGES) + ".",
        rf"\subsection{{\texttt{{{text_tex(cid)}}}: {text_tex(claim.get('title', ''))}}}\label{{claim:{label}}}",
        "",
        rf"\noindent\textit{{Source:}} {text_tex(claim.get('source', ''))}. "
        rf"\textit{{Status:}} \textbf{{{text_tex(claim['status'])}}}.",
        "",
        r"\noindent Statement as printed:",
        statement_tex(str(claim.get("statement_latex", ""))),
    ]
    if claim.get("domain"):
        lines += [rf"\noindent\textit{{Domain:}} {text_tex(claim['domain'])}", ""]
    if claim.get("interpretation"):
        lines += [rf"\noindent\textit{{Interpretation:}} {text_tex(claim['interpretation'])}", ""]
    derived = _derived_items(claim.get("derived"))
    if derived:
        lines += [r"\noindent Derived expressions:", r"\begin{itemize}"]
        for name, latex, method in derived:
            where = f" ({text_tex(method)})" if method else ""
            body = rf"\[ {latex} \]" if latex else r"\emph{(could not be read back)}"
            lines.append(rf"\item \texttt{{{text_tex(name)}}}{where}: {body}")
        lines += [r"\end{itemize}", ""]
    verdict = f"Verdict: {claim['status']}"
    if claim.get("reason"):
        verdict += f" ({claim['reason']})"
    clauses = _evidence_sentence(claim["methods"])
    verdict += ("; evidence: " + "; ".join(clauses) if clauses else "; no evidence yet") + "."
    lines += [rf"\noindent {text_tex(verdict)}", ""]
    if isinstance(claim.get("counterexample"), dict) and claim["counterexample"]:
        lines += [rf"\noindent Counterexample: \( {_counterexample_tex(claim['counterexample'])} \).", ""]
    if claim.get("holds_when"):
        lines += [rf"\noindent Holds when: {text_tex(claim['holds_when'])}.", ""]
    correction = _correction(claim)
    if correction:
        status = correction.get("status") or "unverified"
        lines += [rf"\noindent Corrected statement (its own evidence: \textbf{{{text_tex(status)}}}):",
                  statement_tex(str(correction["statement"]))]
        for name, latex, _ in _derived_items(correction.get("derived")):
            if latex:
                lines.append(rf"\noindent\texttt{{{text_tex(name)}}}: \[ {latex} \]")
        lines.append("")
    return "\n".join(lines) + "\n"


def _summary_table(claims: Sequence[Mapping[str, Any]]) -> list[str]:
    cell = r">{\raggedright\arraybackslash}p"
    lines = [rf"\begin{{longtable}}{{@{{}}{cell}{{0.2\textwidth}}{cell}{{0.2\textwidth}}{cell}{{0.12\textwidth}}"
             rf"{cell}{{0.4\textwidth}}@{{}}}}", r"\toprule",
             r"id & source & status & methods (outcome) \\", r"\midrule", r"\endhead"]
    for c in claims:
        methods = ", ".join(f"{m.get('method', '?')}: {m.get('outcome', '?')}" for m in c["methods"]) or "none yet"
        lines.append(rf"\texttt{{{text_tex(c['id'])}}} (\ref{{claim:{safe_id(str(c['id']))}}}) & "
                     rf"{text_tex(c.get('source', ''))} & {text_tex(c['status'])} & {text_tex(methods)} \\")
    lines += [r"\bottomrule", r"\end{longtable}"]
    return lines


def _errata(claims: Sequence[Mapping[str, Any]]) -> list[str]:
    refuted = [c for c in claims if c["status"] == "refuted"]
    lines = [r"\section{Errata}"]
    if not refuted:
        return lines + ["No claim was refuted in this run.", ""]
    lines.append(rf"{len(refuted)} claim(s) refuted, each by a counterexample inside its own domain.")
    for c in refuted:
        cid = str(c["id"])
        lines += ["", rf"\subsection*{{\texttt{{{text_tex(cid)}}} ({text_tex(c.get('source', ''))}), "
                      rf"see \ref{{claim:{safe_id(cid)}}}}}", r"\noindent As printed:", statement_tex(str(c["statement_latex"]))]
        if isinstance(c.get("counterexample"), dict) and c["counterexample"]:
            lines.append(rf"\noindent Fails at \( {_counterexample_tex(c['counterexample'])} \).")
        if c.get("holds_when"):
            lines.append(rf"\noindent Holds when: {text_tex(c['holds_when'])}.")
        correction = _correction(c)
        if correction and correction.get("status") in ("proved", "supported"):
            lines += [rf"\noindent Corrected ({text_tex(correction['status'])}):", statement_tex(str(correction["statement"]))]
        elif correction:
            lines.append(rf"\noindent A correction was proposed; its own evidence earned "
                         rf"\textbf{{{text_tex(correction.get('status') or 'nothing')}}}, so it is not shown as verified.")
        else:
            lines.append(r"\noindent No corrected statement was derived.")
    return lines + [""]


def latex_files(report: Mapping[str, Any]) -> dict[str, str]:
    """Relative path -> text: ``claims/<safe id>.tex`` for each claim, and ``report.tex``."""
    claims = report["claims"]
    files = {f"claims/{safe_id(str(c['id']))}.tex": _fragment(c) for c in claims}
    summary = report.get("summary") or {}
    counts = ", ".join(f"{k} {v}" for k, v in summary.items()) if isinstance(summary, dict) else ""
    doc = [
        "% Written by `python -m proofs` (proofs/export.py). Compile: latexmk -pdf report.tex",
        r"\documentclass[11pt]{article}",
        r"\usepackage[margin=2.2cm]{geometry}",
        r"\usepackage{amsmath,amssymb,booktabs,longtable,array}",
        r"\IfFileExists{upgreek.sty}{\usepackage{upgreek}}{\providecommand{\uppi}{\boldsymbol{\pi}}}",
        r"\setlength{\emergencystretch}{3em}",
        r"\title{ldp-belief-proofs: claims, verdicts and errata}",
        rf"\author{{toolkit version {text_tex(report.get('toolkit_version', '?'))}, budget "
        rf"\texttt{{{text_tex(report.get('budget', '?'))}}}}}",
        r"\date{}",
        r"\begin{document}",
        r"\maketitle",
        "",
        r"\noindent Each verdict is computed from the evidence of its checks: \textbf{proved} (a symbolic "
        r"identity or decision procedure on the whole stated domain), \textbf{supported} (no counterexample on "
        r"a stated finite domain; not a proof), \textbf{refuted} (a counterexample inside the claim's own domain, "
        r"re-checked exactly or at two precisions), \textbf{inconclusive}, \textbf{error}. "
        r"In expressions, $\pi$ is the proportion and $\uppi$ the constant.",
        "",
        r"\section{Summary}",
        rf"{len(claims)} claims" + (f": {text_tex(counts)}." if counts else "."),
        "",
        *_summary_table(claims),
        "",
        *_errata(claims),
        r"\section{Claims}",
        *(rf"\input{{claims/{safe_id(str(c['id']))}}}" for c in claims),
        "",
        r"\end{document}",
    ]
    files["report.tex"] = "\n".join(doc) + "\n"
    return files


def _check_directory(directory: Path) -> None:
    if directory.exists() and not directory.is_dir():
        raise invalid("--latex", str(directory), "is a file, not a directory")
    if (directory / "claims").exists() and not (directory / "claims").is_dir():
        raise invalid("--latex", str(directory), "its 'claims' is a file, not a directory")
    if (directory / "report.tex").is_dir():
        raise invalid("--latex", str(directory), "its 'report.tex' is a directory")
    parent = directory if directory.exists() else next((p for p in directory.parents if p.exists()), Path("."))
    if not os.access(parent, os.W_OK):
        raise invalid("--latex", str(directory), f"cannot write into {parent}")


def check_directory(directory: str | os.PathLike[str]) -> None:
    """A one-line error if ``directory`` cannot receive the export (checked before any work starts)."""
    _check_directory(Path(directory))


def write_latex(report: Mapping[str, Any], directory: str | os.PathLike[str]) -> list[Path]:
    """Render every file in memory, check ``directory``, then write (each file atomically); returns the
    written paths, ``report.tex`` first."""
    target = Path(directory)
    _check_directory(target)
    files = latex_files(report)
    (target / "claims").mkdir(parents=True, exist_ok=True)
    written = []
    for rel in ["report.tex", *sorted(k for k in files if k != "report.tex")]:
        path = target / rel
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(files[rel], encoding="utf-8")
        os.replace(tmp, path)
        written.append(path)
    return written


# ----------------------------------------------------------------------------------------------------
# Markdown


def markdown(report: Mapping[str, Any]) -> str:
    """The report as Markdown with ``$...$`` math: summary, table, errata, then every claim."""
    claims = report["claims"]
    summary = report.get("summary") or {}
    lines = [f"# ldp-belief-proofs report (budget `{report.get('budget', '?')}`)", "",
             "| status | count |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in summary.items()]
    lines += ["", "| id | source | status | evidence |", "|---|---|---|---|"]
    for c in claims:
        methods = ", ".join(f"{m.get('method')}: {m.get('outcome')}" for m in c["methods"]) or "none yet"
        lines.append(f"| `{c['id']}` | {_md_text(c.get('source', ''))} | **{c['status']}** | {_md_text(methods)} |")
    refuted = [c for c in claims if c["status"] == "refuted"]
    lines += ["", "## Errata", ""]
    if not refuted:
        lines += ["No claim was refuted in this run.", ""]
    for c in refuted:
        lines += [f"- `{c['id']}` ({_md_text(c.get('source', ''))}): as printed {statement_markdown(str(c['statement_latex']))}"]
        if isinstance(c.get("counterexample"), dict) and c["counterexample"]:
            lines.append(f"  - fails at ${_counterexample_tex(c['counterexample'])}$")
        correction = _correction(c)
        if correction and correction.get("status") in ("proved", "supported"):
            lines.append(f"  - corrected ({correction['status']}): {statement_markdown(str(correction['statement']))}")
    lines.append("")
    for c in claims:
        lines += [f"## `{c['id']}` — {_md_text(c.get('title', ''))}", "",
                  f"*{_md_text(c.get('source', ''))}*; status **{c['status']}**", "",
                  f"Statement as printed: {statement_markdown(str(c.get('statement_latex', '')))}", ""]
        if c.get("domain"):
            lines += [f"Domain: {_md_text(c['domain'])}", ""]
        if c.get("interpretation"):
            lines += [f"Interpretation: {_md_text(c['interpretation'])}", ""]
        derived = _derived_items(c.get("derived"))
        if derived:
            lines.append("Derived expressions:")
            lines += ["", *(f"- `{name}`" + (f" ({method})" if method else "") + (f": ${latex}$" if latex else "")
                            for name, latex, method in derived), ""]
        verdict = f"Verdict: **{c['status']}**" + (f" ({_md_text(c['reason'])})" if c.get("reason") else "")
        lines += [verdict, ""]
        lines += [f"- {_md_text(clause)}" for clause in _evidence_sentence(c["methods"])]
        if isinstance(c.get("counterexample"), dict) and c["counterexample"]:
            lines.append(f"- counterexample: ${_counterexample_tex(c['counterexample'])}$")
        if c.get("holds_when"):
            lines.append(f"- holds when: {_md_text(c['holds_when'])}")
        correction = _correction(c)
        if correction:
            lines.append(f"- corrected ({correction.get('status') or 'unverified'}): "
                         f"{statement_markdown(str(correction['statement']))}")
        lines.append("")
    return "\n".join(lines)
