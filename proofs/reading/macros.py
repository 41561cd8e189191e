"""The paper's own macros, expanded where they are simple, and a list of those that are not.

Read in the order of the text (a definition applies from where it is made, as in TeX):

* ``\\newcommand``, ``\\renewcommand``, ``\\providecommand``, ``\\DeclareRobustCommand`` (starred or not),
  with ``[n]`` arguments and an optional first argument's ``[default]``;
* ``\\def\\name#1#2{...}`` with undelimited parameters; ``\\let\\a\\b`` and ``\\let\\a=\\b`` (an alias);
* ``\\DeclareMathOperator{\\Var}{Var}`` (read as ``\\operatorname{Var}``; starred, ``\\operatorname*``);
* ``\\newenvironment{name}[n]{begin}{end}`` (``\\begin{name}`` and ``\\end{name}`` replaced by their code).

A definition is *simple* when its body is plain replacement text: no conditionals (``\\if...``,
``\\else``, ``\\fi``), no ``\\csname``, ``\\expandafter``, ``\\futurelet``, ``\\@ifnextchar`` or other
``@`` internals, no definition inside it, no parameter beyond its count, and (``\\def``) no delimited
parameters. A definition that is not simple is removed from the text like the others, its uses are left as
written, and it is listed with the reason (:attr:`Expanded.skipped`). A macro that expands without end
(``\\newcommand{\\a}{\\a}``) is one :class:`~core.errors.InvalidArgument` line, and so is one that grows
without bound: the text an expansion produces is counted as it is produced, at every level of nesting, and
the reading stops as soon as it passes :data:`MAX_OUTPUT` characters, or the paper's macros have been
expanded :data:`MAX_EXPANSIONS` times (a ``\\def`` that doubles its argument, nested twenty deep, stops
there, before it has built its million copies); a text longer than :data:`MAX_INPUT` is refused before
anything is read.

The expansion is a string rewrite, not TeX's token machine: after an expansion that ends in a control word,
a space is kept before a following letter (``\\eps x`` → ``\\epsilon x``); spaces after a macro are not eaten.
Each character of the result maps back to an offset of the input (:meth:`Expanded.source_offset`), the
text of an expansion to the place of its use.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field

from core.errors import invalid

__all__ = ["Macro", "Expanded", "expand", "optional_argument", "MAX_DEPTH", "MAX_OUTPUT", "MAX_EXPANSIONS",
           "MAX_INPUT"]

#: Deepest nesting of expansions (a macro whose expansion uses a macro ...) before it is called endless.
MAX_DEPTH = 40
#: Most characters expansions may produce, counted at every level of nesting as they are produced: an
#: exponential definition would otherwise fill memory and take hours.
MAX_OUTPUT = 5_000_000
#: Most expansions of the paper's macros in one reading (a long paper uses its macros some thousands of times).
MAX_EXPANSIONS = 50_000
#: Longest text expanded (characters): the size a paper and its inclusions may have.
MAX_INPUT = 20_000_000

_DEFINERS = frozenset({"newcommand", "renewcommand", "providecommand", "DeclareRobustCommand"})
_ENV_DEFINERS = frozenset({"newenvironment", "renewenvironment"})
_DEF = frozenset({"def", "gdef", "edef", "xdef"})
_NOT_SIMPLE = re.compile(r"\\(if[A-Za-z]*|else|fi|csname|endcsname|expandafter|futurelet|noexpand|"
                         r"def|gdef|edef|xdef|let|newcommand|renewcommand|providecommand|"
                         r"[A-Za-z]*@[A-Za-z@]*)(?![A-Za-z])")
_NAME = re.compile(r"\\([A-Za-z@]+|.)")


@dataclass(frozen=True)
class Macro:
    """One definition: ``name`` without its backslash, ``nargs`` arguments, ``default`` for an optional
    first one, ``body``; ``end`` the end code of an environment (``None`` for a command); ``why`` the reason
    a definition that is not simple is not expanded; ``line`` the offset of the definition."""

    name: str
    nargs: int
    body: str
    default: str | None = None
    end: str | None = None
    why: str = ""
    offset: int = 0

    @property
    def simple(self) -> bool:
        return not self.why

    @property
    def shown(self) -> str:
        return f"\\begin{{{self.name}}}" if self.end is not None else f"\\{self.name}"


@dataclass
class Expanded:
    """The text with its simple macros expanded, every definition met, and the map back to the input."""

    text: str
    macros: dict[str, Macro]
    environments: dict[str, Macro]
    skipped: list[Macro]
    _outs: list[int] = field(default_factory=list, repr=False)
    _ins: list[int] = field(default_factory=list, repr=False)
    _literal: list[bool] = field(default_factory=list, repr=False)

    def source_offset(self, offset: int) -> int:
        """The offset of the input that produced the character at ``offset`` of :attr:`text`."""
        index = bisect.bisect_right(self._outs, offset) - 1
        if index < 0:
            return offset
        return self._ins[index] + (offset - self._outs[index] if self._literal[index] else 0)


def _group(text: str, start: int) -> tuple[str, int] | None:
    """The content of the brace group opening at ``text[start] == '{'`` and the offset after it."""
    depth, i = 0, start
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
            if depth == 0:
                return text[start + 1:i], i + 1
        i += 1
    return None


def optional_argument(text: str, start: int) -> tuple[str | None, int]:
    """An optional ``[...]`` argument at ``start`` (after spaces): its content and the offset after it."""
    i = _skip_spaces(text, start)
    if i < len(text) and text[i] == "[":
        depth, j = 0, i
        while j < len(text):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
            elif text[j] == "]" and depth == 0:
                return text[i + 1:j], j + 1
            j += 1
    return None, start


def _skip_spaces(text: str, i: int) -> int:
    while i < len(text) and text[i] in " \t\n":
        i += 1
    return i


def _argument(text: str, start: int) -> tuple[str, int] | None:
    """One undelimited argument: a brace group's content, a control sequence, or one character."""
    i = _skip_spaces(text, start)
    if i >= len(text):
        return None
    if text[i] == "{":
        return _group(text, i)
    if text[i] == "\\":
        match = _NAME.match(text, i)
        return (match.group(0), match.end()) if match else None
    if text[i] in "}":
        return None
    return text[i], i + 1


def _defined_name(text: str, start: int) -> tuple[str, int] | None:
    """The command being defined: ``{\\name}`` or ``\\name`` at ``start``."""
    i = _skip_spaces(text, start)
    if i < len(text) and text[i] == "{":
        found = _group(text, i)
        if not found:
            return None
        inner = found[0].strip()
        match = _NAME.fullmatch(inner)
        return (match.group(1), found[1]) if match else None
    match = _NAME.match(text, i)
    return (match.group(1), match.end()) if match else None


def _why_not_simple(body: str, nargs: int) -> str:
    found = _NOT_SIMPLE.search(body)
    if found:
        return f"its body uses \\{found.group(1)}"
    for number in re.findall(r"(?<!#)#(\d)", body):
        if int(number) > nargs or int(number) == 0:
            return f"its body uses #{number} with {nargs} argument(s)"
    return ""


class _Expander:
    def __init__(self) -> None:
        self.macros: dict[str, Macro] = {}
        self.environments: dict[str, Macro] = {}
        self.skipped: list[Macro] = []
        self.size = 0
        self.count = 0

    def grow(self, macro: Macro, length: int) -> None:
        """Count ``length`` characters produced by expanding ``macro``; stop past the limits."""
        self.size += length
        if self.size > MAX_OUTPUT:
            raise invalid("macro", macro.shown, f"expands to more than {MAX_OUTPUT} characters (MAX_OUTPUT)",
                          "check its definition: it grows at every use")

    # ------------------------------------------------------------------------------- definitions
    def definition(self, word: str, text: str, at: int, after: int) -> int | None:
        """Read a definition starting at ``at`` (the command ``word`` ends at ``after``); the offset after
        it, or ``None`` when the text is not a definition this reader understands."""
        i = after
        if word in _DEFINERS:
            if i < len(text) and text[i] == "*":
                i += 1
            named = _defined_name(text, i)
            if not named:
                return None
            name, i = named
            count, i = optional_argument(text, i)
            default, i = optional_argument(text, i) if count is not None else (None, i)
            body_start = _skip_spaces(text, i)
            if body_start >= len(text) or text[body_start] != "{":
                return None
            body = _group(text, body_start)
            if not body:
                return None
            nargs = int(count) if count is not None and count.strip().isdigit() else 0
            why = "" if count is None or count.strip().isdigit() else f"its argument count [{count}] is not a number"
            if word == "providecommand" and name in self.macros:
                return body[1]
            self.record(Macro(name, nargs, body[0], default, None, why or _why_not_simple(body[0], nargs), at))
            return body[1]
        if word in _DEF:
            match = _NAME.match(text, _skip_spaces(text, i))
            if not match:
                return None
            name, i = match.group(1), match.end()
            brace = text.find("{", i)
            if brace < 0:
                return None
            params = text[i:brace]
            body = _group(text, brace)
            if not body:
                return None
            numbers = re.findall(r"#(\d)", params)
            plain = re.fullmatch(r"\s*(#\d\s*)*", params) and numbers == [str(k) for k in range(1, len(numbers) + 1)]
            why = "" if plain else "it has delimited parameters"
            if word in ("edef", "xdef") and not why:
                why = f"\\{word} expands its body when it is defined"
            self.record(Macro(name, len(numbers), body[0], None, None, why or _why_not_simple(body[0], len(numbers)), at))
            return body[1]
        if word == "let":
            match = re.compile(r"\s*\\([A-Za-z@]+|.)\s*=?\s*(\\[A-Za-z@]+|\\.|[^\s\\])").match(text, i)
            if not match:
                return None
            self.record(Macro(match.group(1), 0, match.group(2), offset=at))
            return match.end()
        if word in ("DeclareMathOperator",):
            star = i < len(text) and text[i] == "*"
            named = _defined_name(text, i + (1 if star else 0))
            if not named:
                return None
            name, i = named
            i = _skip_spaces(text, i)
            body = _group(text, i) if i < len(text) and text[i] == "{" else None
            if not body:
                return None
            self.record(Macro(name, 0, f"\\operatorname{'*' if star else ''}{{{body[0]}}}", offset=at))
            return body[1]
        if word in _ENV_DEFINERS:
            i = _skip_spaces(text, i)
            named = _group(text, i) if i < len(text) and text[i] == "{" else None
            if not named:
                return None
            name, i = named[0].strip(), named[1]
            count, i = optional_argument(text, i)
            default, i = optional_argument(text, i) if count is not None else (None, i)
            i = _skip_spaces(text, i)
            begin = _group(text, i) if i < len(text) and text[i] == "{" else None
            if not begin:
                return None
            j = _skip_spaces(text, begin[1])
            end = _group(text, j) if j < len(text) and text[j] == "{" else None
            if not end:
                return None
            nargs = int(count) if count is not None and count.strip().isdigit() else 0
            why = _why_not_simple(begin[0], nargs) or _why_not_simple(end[0], 0)
            macro = Macro(name, nargs, begin[0], default, end[0], why, at)
            if macro.simple:
                self.environments[name] = macro
            else:
                self.skipped.append(macro)
                self.environments.pop(name, None)
            return end[1]
        return None

    def record(self, macro: Macro) -> None:
        if macro.simple:
            self.macros[macro.name] = macro
        else:
            self.skipped.append(macro)
            self.macros.pop(macro.name, None)

    # --------------------------------------------------------------------------------- expansion
    def substitute(self, macro: Macro, body: str, text: str, after: int) -> tuple[str, int] | None:
        args: list[str] = []
        i = after
        if macro.default is not None:
            given, i = optional_argument(text, i)
            args.append(macro.default if given is None else given)
        while len(args) < macro.nargs:
            found = _argument(text, i)
            if found is None:
                return None
            args.append(found[0])
            i = found[1]

        def replace(match: re.Match) -> str:
            return "#" if match.group(0) == "##" else args[int(match.group(1)) - 1]

        out = re.sub(r"##|#(\d)", replace, body)
        self.grow(macro, len(out))
        return out, i

    def run(self, text: str, depth: int, emit) -> None:
        """Scan ``text``: copy it, record definitions, expand uses; ``emit(piece, offset, literal)``."""
        if depth > MAX_DEPTH:
            raise _Endless()
        i, n = 0, len(text)
        while i < n:
            slash = text.find("\\", i)
            if slash < 0:
                emit(text[i:], i, True)
                return
            if slash > i:
                emit(text[i:slash], i, True)
            match = _NAME.match(text, slash)
            if not match:
                emit(text[slash:], slash, True)
                return
            word, after = match.group(1), match.end()
            done = self.definition(word, text, slash, after)
            if done is not None:
                i = done
                continue
            if word == "begin" or word == "end":
                env = _group(text, _skip_spaces(text, after)) if _skip_spaces(text, after) < n and \
                    text[_skip_spaces(text, after)] == "{" else None
                macro = self.environments.get(env[0].strip()) if env else None
                if macro is not None:
                    if word == "begin":
                        replaced = self.substitute(macro, macro.body, text, env[1])
                    else:
                        replaced = (macro.end or "", env[1])
                    if replaced is not None:
                        self.expansion(macro, replaced[0], depth, slash, emit)
                        i = replaced[1]
                        continue
            macro = self.macros.get(word)
            if macro is not None:
                replaced = self.substitute(macro, macro.body, text, after)
                if replaced is not None:
                    self.expansion(macro, replaced[0], depth, slash, emit)
                    i = replaced[1]
                    if re.search(r"\\[A-Za-z@]+$", replaced[0]) and i < n and text[i].isalpha():
                        emit(" ", slash, False)
                    continue
            emit(text[slash:after], slash, True)
            i = after

    def expansion(self, macro: Macro, replaced: str, depth: int, at: int, emit) -> None:
        self.count += 1
        if self.count > MAX_EXPANSIONS:
            raise invalid("macro", macro.shown, f"is one expansion too many: the paper's macros were expanded "
                          f"{MAX_EXPANSIONS} times (MAX_EXPANSIONS)", "check its definition: it grows at every use")
        pieces: list[str] = []

        def collect(piece: str, _offset: int, _literal: bool) -> None:
            self.grow(macro, len(piece))
            pieces.append(piece)

        try:
            self.run(replaced, depth + 1, collect)
        except _Endless:
            if depth:
                raise
            raise invalid("macro", macro.shown, f"expands without end (more than {MAX_DEPTH} nested expansions)",
                          "check its definition: it uses itself") from None
        emit("".join(pieces), at, False)


class _Endless(Exception):
    pass


def expand(text: str) -> Expanded:
    """``text`` with its simple macros expanded and every definition removed (see the module docstring)."""
    if len(text) > MAX_INPUT:
        raise invalid("text", text, f"is {len(text)} characters long; at most {MAX_INPUT} (MAX_INPUT) are read")
    expander = _Expander()
    pieces: list[str] = []
    outs: list[int] = []
    ins: list[int] = []
    literal: list[bool] = []
    position = [0]

    def emit(piece: str, offset: int, is_literal: bool) -> None:
        if not piece:
            return
        outs.append(position[0])
        ins.append(offset)
        literal.append(is_literal)
        pieces.append(piece)
        position[0] += len(piece)

    expander.run(text, 0, emit)
    return Expanded("".join(pieces), dict(expander.macros), dict(expander.environments), list(expander.skipped),
                    outs, ins, literal)
