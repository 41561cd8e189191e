"""A paper's numbered results and displayed formulas, numbered as LaTeX prints them.

:func:`read_document` reads the source (:mod:`proofs.reading.source`), expands its simple macros
(:mod:`proofs.reading.macros`) and walks the body (from ``\\begin{document}`` to ``\\end{document}``; the
whole text when there is no ``\\begin{document}``, as in a section file) for

* **results**: every environment ``\\newtheorem`` declares, numbered as LaTeX does — a counter of its own
  (``\\newtheorem{theorem}{Theorem}``), a shared one (``\\newtheorem{lemma}[theorem]{Lemma}``), numbered
  within a section (``\\newtheorem{theorem}{Theorem}[section]`` → ``2.3``, reset at each section),
  ``\\newtheorem*`` unnumbered. The usual names (``theorem``, ``lemma``, ``corollary``, ``proposition``,
  ``definition``, ``example``, ``remark``, ``conjecture``, ``claim``, ``assumption``, ``notation``, ``fact``,
  ``observation``) used without a declaration (a document class may declare them) get a counter of their own,
  and :attr:`Document.notes` says so;
* **displays**: ``equation``, ``align``, ``gather``, ``multline``, ``flalign``, ``alignat``, ``eqnarray``
  and their starred forms, ``displaymath``, ``\\[ \\]`` and ``$$ $$``. The equation counter steps once per
  ``equation`` or ``multline`` and once per line of the others, except a line with ``\\nonumber``/``\\notag``
  (none) or ``\\tag{x}`` (printed ``(x)``; ``\\tag*{x}`` printed ``x``); starred forms, ``\\[ \\]`` and
  ``$$ $$`` are unnumbered (a ``\\tag`` still tags them). ``\\numberwithin{equation}{section}`` prints
  ``(2.1)``, reset at each section; after ``\\appendix``, sections print as ``A``, ``B``, ...

The lines of an ``align`` (or ``flalign``, ``alignat``, ``eqnarray``) that continue a chain — the line
starts with a relation (``&= ...``, ``&\\le ...``) or an operator (``&+ ...``) — belong to the formula
above them; a line that starts with its own left-hand side starts a new formula, so an ``align`` of three
separate equations gives three displays and a derivation ``a &= b \\\\ &= c`` one. Each line of a
``gather`` is a formula of its own.

Each item has its label(s), number(s), section, and its file and line in the source; a display inside a
result or a proof says so (:attr:`Item.inside`). A result or display longer than :data:`MAX_ENTRY` characters
stops the reading with one line naming it and the limit (no paper prints a formula of that size; reading one
into sympy would take hours).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from core.errors import invalid
from proofs.reading.macros import Expanded, Macro, expand, optional_argument
from proofs.reading.source import Source, read_source

__all__ = ["Item", "Document", "read_document", "STANDARD_THEOREMS", "DISPLAY_ENVIRONMENTS", "MAX_ENTRY"]

#: Longest result or display read (characters of LaTeX).
MAX_ENTRY = 100_000

#: Environments read as numbered results when a paper uses them without declaring them.
STANDARD_THEOREMS = {
    "theorem": "Theorem", "lemma": "Lemma", "corollary": "Corollary", "proposition": "Proposition",
    "definition": "Definition", "example": "Example", "remark": "Remark", "conjecture": "Conjecture",
    "claim": "Claim", "assumption": "Assumption", "notation": "Notation", "fact": "Fact",
    "observation": "Observation",
}
#: Results that fix a meaning rather than assert something: listed, not scaffolded as claims.
DEFINING_TITLES = frozenset({"Definition", "Notation", "Assumption", "Definitions", "Assumptions"})
#: Display environments: name -> "single" (one number), "lines" (one per line), "multline" (one, last line).
DISPLAY_ENVIRONMENTS = {
    "equation": "single", "align": "lines", "gather": "lines", "multline": "multline", "flalign": "lines",
    "alignat": "lines", "eqnarray": "lines", "displaymath": "none", "math": None,
}
_SECTIONS = ("chapter", "section", "subsection", "subsubsection")
_EVENT = re.compile(
    r"\\(?P<be>begin|end)\s*\{(?P<env>[^{}]*)\}"
    r"|\\(?P<sec>chapter|section|subsection|subsubsection)(?![A-Za-z@])(?P<secstar>\*?)"
    r"|\\(?P<appendix>appendix)(?![A-Za-z@])"
    r"|\\(?P<newtheorem>newtheorem)(?![A-Za-z@])(?P<ntstar>\*?)"
    r"|\\(?P<within>numberwithin)(?![A-Za-z@])"
    r"|\\(?P<label>label)\s*\{(?P<name>[^{}]*)\}"
    r"|(?P<open>\\\[)|(?P<close>\\\])|(?P<dollars>\$\$)"
)
_RELATION_START = re.compile(r"^(=|<|>|\\le(?:q|qslant)?\b|\\ge(?:q|qslant)?\b|\\ne(?:q)?\b|\\approx|\\equiv|\\sim|"
                             r"\\simeq|\\propto|\\lesssim|\\gtrsim|\\ll\b|\\gg\b|\\to\b|\\subseteq|\\in\b|:=|"
                             r"\\coloneqq|\\triangleq|[+\-]|\\cdot|\\times|\\pm|\\mp)")
_TAG = re.compile(r"\\tag(\*?)\s*\{([^{}]*)\}")
_LABEL = re.compile(r"\\label\s*\{([^{}]*)\}")
_NONUMBER = re.compile(r"\\(nonumber|notag)(?![A-Za-z])")


@dataclass(frozen=True)
class Item:
    """One numbered result or displayed formula of a paper.

    ``kind`` is ``"result"`` or ``"display"``; ``env`` the environment (``"lemma"``, ``"align*"``, ``"\\["``);
    ``title`` the printed name of a result (``"Lemma"``); ``number`` its number as printed (``"2.3"``;
    ``None`` unnumbered); for a display ``numbers`` every equation number of its lines (``("2.1", "2.2")``);
    ``labels`` its ``\\label`` names; ``note`` a result's optional title (``[Warner]``); ``section`` the
    section it sits in (``"2 Randomized response"``); ``file``/``line`` where it starts; ``latex`` its
    body, macros expanded, with labels, tags and ``\\nonumber`` removed; ``rows`` a display's lines;
    ``inside`` the result or proof a display sits in (``"Theorem 2.3"``, ``"proof of Lemma 1"``);
    ``defining``: a definition, notation or assumption (or a display inside one); ``before`` the words just
    before a display (``"where"``), which tell a definition from a claim."""

    kind: str
    env: str
    title: str
    number: str | None
    numbers: tuple[str, ...]
    labels: tuple[str, ...]
    note: str
    section: str
    file: str
    line: int
    latex: str
    rows: tuple[str, ...] = ()
    inside: str = ""
    defining: bool = False
    main_file: str = field(default="", compare=False)
    before: str = field(default="", compare=False)

    @property
    def label(self) -> str:
        """What a reader looks for: ``"Theorem 2.3"``, ``"Eq. (4)"``, ``"Eqs. (4), (5)"``, ``"display, line 42"``."""
        where = f"line {self.line}" if not self.file or self.file == self.main_file else f"{self.file} line {self.line}"
        if self.kind == "result":
            return f"{self.title} {self.number}" if self.number else f"{self.title}, {where}"
        if len(self.numbers) == 1:
            return f"Eq. ({self.numbers[0]})"
        if self.numbers:
            return "Eqs. " + ", ".join(f"({n})" for n in self.numbers)
        return f"display, {where}"


@dataclass(frozen=True)
class Document:
    """A paper read: its items in order, the notes of the reading, the macros it could not expand."""

    path: Path
    name: str
    items: tuple[Item, ...]
    notes: tuple[str, ...]
    skipped: tuple[Macro, ...]
    files: tuple[str, ...]
    theorems: tuple[tuple[str, str], ...]
    #: The paper's text, macros expanded (what :func:`~proofs.reading.latexmath.declared_functions` reads).
    text: str = field(default="", compare=False, repr=False)

    @property
    def results(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == "result")

    @property
    def displays(self) -> tuple[Item, ...]:
        return tuple(i for i in self.items if i.kind == "display")


class _Counters:
    """LaTeX counters: values, the counter each is reset by, and how each prints."""

    def __init__(self) -> None:
        self.values: dict[str, int] = {name: 0 for name in (*_SECTIONS, "equation")}
        self.within: dict[str, str] = {"section": "chapter", "subsection": "section", "subsubsection": "subsection"}
        self.appendix = False

    def add(self, name: str, within: str | None = None) -> None:
        self.values.setdefault(name, 0)
        if within:
            self.within[name] = within
        else:
            self.within.pop(name, None)

    def step(self, name: str) -> None:
        self.values[name] = self.values.get(name, 0) + 1
        for child, parent in self.within.items():
            if parent == name:
                self.values[child] = 0
                self._reset_below(child)

    def _reset_below(self, name: str) -> None:
        for child, parent in self.within.items():
            if parent == name:
                self.values[child] = 0
                self._reset_below(child)

    def printed(self, name: str) -> str:
        value = self.values.get(name, 0)
        own = (chr(ord("A") + value - 1) if 1 <= value <= 26 else str(value)) \
            if name == "section" and self.appendix else str(value)
        parent = self.within.get(name)
        if parent == "chapter" and self.values.get("chapter", 0) == 0:
            parent = None
        return f"{self.printed(parent)}.{own}" if parent else own


def _braced(text: str, start: int) -> tuple[str, int] | None:
    """The brace group at ``start`` (after spaces): its content and the offset after it."""
    i = start
    while i < len(text) and text[i] in " \t\n":
        i += 1
    if i >= len(text) or text[i] != "{":
        return None
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "\\":
            continue
        if text[j] == "{" and (j == 0 or text[j - 1] != "\\"):
            depth += 1
        elif text[j] == "}" and (j == 0 or text[j - 1] != "\\"):
            depth -= 1
            if depth == 0:
                return text[i + 1:j], j + 1
    return None


def _bracketed(text: str, start: int) -> tuple[str, int] | None:
    """An optional ``[...]`` argument at ``start`` (after spaces): its content and the offset after it."""
    content, end = optional_argument(text, start)
    return None if content is None else (content, end)


def _escaped(text: str, at: int) -> bool:
    """The character at ``at`` is preceded by an odd number of backslashes."""
    count = 0
    while at - count - 1 >= 0 and text[at - count - 1] == "\\":
        count += 1
    return count % 2 == 1


#: How a character changes the depth of braces.
_BRACE_DEPTH = {"{": 1, "}": -1}


def split_rows(body: str) -> list[tuple[int, str]]:
    """(offset, text) of each line of an alignment: split at ``\\\\`` outside braces and nested
    environments (``aligned``, ``cases``, matrices)."""
    rows, depth, env_depth, start, i = [], 0, 0, 0, 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            if body.startswith("\\\\", i) and depth == 0 and env_depth == 0:
                rows.append((start, body[start:i]))
                i += 2
                i = (_bracketed(body, i) or ("", i))[1] if body[i:].lstrip().startswith("[") else i
                start = i
                continue
            if body.startswith("\\begin", i):
                env_depth += 1
            elif body.startswith("\\end", i):
                env_depth -= 1
            i += 2
            continue
        depth += _BRACE_DEPTH.get(ch, 0)
        i += 1
    rows.append((start, body[start:]))
    return [(o, r) for o, r in rows if r.strip() and not re.fullmatch(r"\s*(\\(nonumber|notag|hline)\s*)*", r)]


def clean(latex: str) -> str:
    """``latex`` without labels, tags, ``\\nonumber``/``\\notag`` and ``\\intertext``, whitespace collapsed."""
    text = _LABEL.sub("", latex)
    text = _TAG.sub("", text)
    text = _NONUMBER.sub("", text)
    text = re.sub(r"\\(intertext|shortintertext)\s*\{[^{}]*\}", "", text)
    return " ".join(text.split())


class _Reader:
    def __init__(self, source: Source, expanded: Expanded, name: str) -> None:
        self.source, self.expanded, self.name = source, expanded, name
        self.text = expanded.text
        self.counters = _Counters()
        self.theorems: dict[str, tuple[str, str | None]] = {}  # env -> (title, counter or None)
        self.notes: list[str] = []
        self.items: list[Item] = []
        self.section = "front matter"
        self.last_result = ""
        self.main_file = source.files[0] if source.files else ""

    def where(self, offset: int) -> tuple[str, int]:
        origin = self.source.origin(self.expanded.source_offset(offset))
        return origin.file, origin.line

    # -------------------------------------------------------------------------------- declarations
    def newtheorem(self, star: bool, after: int) -> int:
        env = _braced(self.text, after)
        if not env:
            return after
        name, i = env[0].strip(), env[1]
        shared = _bracketed(self.text, i)
        if shared:
            i = shared[1]
        title = _braced(self.text, i)
        if not title:
            return i
        i = title[1]
        within = _bracketed(self.text, i) if not shared else None
        if within:
            i = within[1]
        printed = " ".join(title[0].split())
        if star:
            self.theorems[name] = (printed, None)
        elif shared:
            other = shared[0].strip()
            counter = self.theorems.get(other, (None, other))[1] or other
            self.counters.add(counter) if counter not in self.counters.values else None
            self.theorems[name] = (printed, counter)
        else:
            self.counters.add(name, within[0].strip() if within else None)
            self.theorems[name] = (printed, name)
        return i

    def numberwithin(self, after: int) -> int:
        counter = _braced(self.text, after)
        parent = _braced(self.text, counter[1]) if counter else None
        if not parent:
            return after
        self.counters.add(counter[0].strip(), parent[0].strip())
        return parent[1]

    def theorem(self, env: str) -> tuple[str, str | None] | None:
        if env in self.theorems:
            return self.theorems[env]
        base = env.rstrip("*")
        if base in STANDARD_THEOREMS:
            self.notes.append(f"\\begin{{{env}}} is not declared by \\newtheorem: read as {STANDARD_THEOREMS[base]}, "
                              + ("unnumbered" if env.endswith("*") else "numbered on a counter of its own")
                              + " (the document class may number it differently)")
            if env.endswith("*"):
                self.theorems[env] = (STANDARD_THEOREMS[base], None)
            else:
                self.counters.add(env)
                self.theorems[env] = (STANDARD_THEOREMS[base], env)
            return self.theorems[env]
        return None

    # ---------------------------------------------------------------------------------------- walk
    def read(self) -> None:
        text = self.text
        begin = re.search(r"\\begin\s*\{document\}", text)
        body_start = begin.end() if begin else 0
        if begin:  # the preamble: only declarations
            for match in _EVENT.finditer(text, 0, begin.start()):
                if match.group("newtheorem"):
                    self.newtheorem(bool(match.group("ntstar")), match.end())
                elif match.group("within"):
                    self.numberwithin(match.end())
        end = re.search(r"\\end\s*\{document\}", text)
        body_end = end.start() if end and end.start() >= body_start else len(text)
        stack: list[dict] = []
        position = body_start
        while True:
            match = _EVENT.search(text, position, body_end)
            if not match:
                break
            position = match.end()
            if match.group("open") or match.group("close") or match.group("dollars"):
                if _escaped(text, match.start()):
                    continue
            open_display = next((f for f in reversed(stack) if f["display"]), None)
            if match.group("be"):
                env = match.group("env").strip()
                if match.group("be") == "begin":
                    if open_display:
                        continue  # aligned, cases, array ... inside a display
                    if env.rstrip("*") in DISPLAY_ENVIRONMENTS and DISPLAY_ENVIRONMENTS[env.rstrip("*")]:
                        start = match.end()
                        if env.rstrip("*") == "alignat":
                            group = _braced(text, start)
                            start = group[1] if group else start
                        stack.append({"env": env, "display": True, "start": start, "at": match.start()})
                        continue
                    declared = self.theorem(env)
                    if declared:
                        title, counter = declared
                        number = None
                        if counter:
                            self.counters.step(counter)
                            number = self.counters.printed(counter)
                        note = _bracketed(text, match.end())
                        start = note[1] if note else match.end()
                        frame = {"env": env, "display": False, "result": True, "title": title, "number": number,
                                 "note": " ".join(note[0].split()) if note else "", "start": start,
                                 "at": match.start(), "labels": [], "section": self.section}
                        stack.append(frame)
                        continue
                    if env == "proof":
                        stack.append({"env": env, "display": False, "proof": True, "start": match.end(),
                                      "at": match.start(), "of": self.last_result})
                    continue
                # \end
                if open_display and open_display["env"] != env:
                    continue
                for k in range(len(stack) - 1, -1, -1):
                    if stack[k]["env"] == env:
                        frame = stack.pop(k)
                        del stack[k:]
                        self.close(frame, match.start(), stack)
                        break
                continue
            if open_display:
                if (match.group("close") and open_display["env"] == "\\[") or \
                        (match.group("dollars") and open_display["env"] == "$$"):
                    stack.remove(open_display)
                    self.close(open_display, match.start(), stack)
                continue
            if match.group("open") or match.group("dollars"):
                stack.append({"env": "\\[" if match.group("open") else "$$", "display": True,
                              "start": match.end(), "at": match.start()})
            elif match.group("sec"):
                position = self.sectioning(match.group("sec"), bool(match.group("secstar")), match.end())
            elif match.group("appendix"):
                self.counters.appendix = True
                self.counters.values["section"] = 0
                self.counters.values["chapter"] = 0 if "chapter" not in self.counters.values else \
                    self.counters.values["chapter"]
            elif match.group("newtheorem"):
                position = self.newtheorem(bool(match.group("ntstar")), match.end())
            elif match.group("within"):
                position = self.numberwithin(match.end())
            elif match.group("label"):
                frame = next((f for f in reversed(stack) if f.get("result")), None)
                if frame is not None:
                    frame["labels"].append(match.group("name").strip())
        for frame in stack:
            self.notes.append(f"\\begin{{{frame['env']}}} at line {self.where(frame['at'])[1]} is never closed")

    def sectioning(self, level: str, star: bool, after: int) -> int:
        short = _bracketed(self.text, after)
        title = _braced(self.text, short[1] if short else after)
        if not title:
            return after
        words = " ".join(title[0].split())
        if star:
            if level in ("section", "chapter"):
                self.section = words
            return title[1]
        self.counters.step(level)
        if level in ("chapter", "section", "subsection"):
            self.section = f"{self.counters.printed(level)} {words}"
        return title[1]

    # -------------------------------------------------------------------------------------- items
    def close(self, frame: dict, end: int, stack: list[dict]) -> None:
        file, line = self.where(frame["at"])
        if (frame.get("result") or frame["display"]) and end - frame["start"] > MAX_ENTRY:
            raise invalid("display" if frame["display"] else "result", f"{frame['env']} at {file} line {line}",
                          f"is {end - frame['start']} characters long; at most {MAX_ENTRY} (MAX_ENTRY) are read",
                          "split it, or keep it out of the file the scaffold reads")
        body = self.text[frame["start"]:end]
        if frame.get("result"):
            label = f"{frame['title']} {frame['number']}" if frame["number"] else f"{frame['title']}, line {line}"
            self.last_result = label
            self.items.append(Item("result", frame["env"], frame["title"], frame["number"], (),
                                   tuple(frame["labels"]), frame["note"], frame["section"], file, line, clean(body),
                                   defining=frame["title"] in DEFINING_TITLES, main_file=self.main_file))
            # a result's displays were added as they closed; they come after it in reading order
            self._order_result(len(self.items) - 1)
            return
        if not frame["display"]:
            return
        inside, defining = "", False
        for outer in reversed(stack):
            if outer.get("result"):
                inside = f"{outer['title']} {outer['number']}" if outer["number"] else outer["title"]
                defining = outer["title"] in DEFINING_TITLES
                break
            if outer.get("proof"):
                inside = f"proof of {outer['of']}" if outer["of"] else "a proof"
                break
        for item in self.display(frame, body, file, line, inside, defining):
            self.items.append(item)

    def _order_result(self, index: int) -> None:
        """Put a result before the displays it contains (they closed, and were added, before it)."""
        result = self.items[index]
        first = index
        while first > 0 and self.items[first - 1].kind == "display" and \
                self.items[first - 1].inside == (f"{result.title} {result.number}" if result.number else result.title) \
                and (self.items[first - 1].file, self.items[first - 1].line) >= (result.file, result.line):
            first -= 1
        if first < index:
            self.items[first:index + 1] = [result, *self.items[first:index]]

    def display(self, frame: dict, body: str, file: str, line: int, inside: str, defining: bool) -> list[Item]:
        env = frame["env"]
        base = env.rstrip("*")
        mode = "none" if env in ("\\[", "$$") or base == "displaymath" else DISPLAY_ENVIRONMENTS.get(base, "none")
        numbered = not env.endswith("*") and mode != "none"
        rows = split_rows(body) if mode in ("lines", "multline") else [(0, body)]
        numbers: list[str | None] = []
        for k, (_, row) in enumerate(rows):
            tag = _TAG.search(row)
            if tag:
                numbers.append(tag.group(2).strip() if tag.group(1) else f"{tag.group(2).strip()}")
                continue
            wants = numbered and not _NONUMBER.search(row if mode == "lines" else body)
            if mode in ("single", "multline"):
                wants = wants and k == len(rows) - 1
            if wants:
                self.counters.step("equation")
                numbers.append(self.counters.printed("equation"))
            else:
                numbers.append(None)
        # formulas: a line of an alignment that starts with a relation or an operator continues the one above
        groups: list[list[int]] = []
        if mode in ("single", "multline", "none"):
            groups = [list(range(len(rows)))]
        else:
            for k, (_, row) in enumerate(rows):
                lead = clean(row).lstrip("& ").lstrip()
                continues = base != "gather" and (not lead or _RELATION_START.match(lead))
                if groups and continues:
                    groups[-1].append(k)
                else:
                    groups.append([k])
        items = []
        for group in groups:
            offset = frame["start"] + rows[group[0]][0]
            at = frame["at"] if group[0] == 0 else offset + len(rows[group[0]][1]) - len(rows[group[0]][1].lstrip())
            g_file, g_line = (file, line) if group[0] == 0 else self.where(at)
            texts = [clean(rows[k][1]) for k in group]
            labels = tuple(lab for k in group for lab in _LABEL.findall(rows[k][1])) if mode == "lines" \
                else tuple(_LABEL.findall(body))
            nums = tuple(n for k in group for n in ([numbers[k]] if numbers[k] else []))
            latex = " \\\\ ".join(texts)
            before = " ".join(self.text[max(0, frame["at"] - 200):frame["at"]].split()) if group[0] == 0 else ""
            items.append(Item("display", env, "display", nums[0] if nums else None, nums, labels, "",
                              self.section, g_file, g_line, latex, tuple(texts), inside, defining,
                              main_file=self.main_file, before=before))
        return items


def read_document(path: str | Path, root: str | Path | None = None) -> Document:
    """Every numbered result and displayed formula of the paper at ``path`` (see the module docstring),
    reading only files under ``root`` (default: the paper's folder)."""
    source = read_source(path, root)
    expanded = expand(source.text)
    reader = _Reader(source, expanded, Path(path).name)
    reader.read()
    notes = list(reader.notes)
    for macro in expanded.skipped:
        origin = source.origin(macro.offset)
        notes.append(f"{macro.shown} ({origin.file} line {origin.line}) is not expanded: {macro.why}")
    return Document(Path(path), Path(path).name, tuple(reader.items), tuple(dict.fromkeys(notes)),
                    tuple(expanded.skipped), source.files,
                    tuple((env, title) for env, (title, _) in reader.theorems.items()), expanded.text)
