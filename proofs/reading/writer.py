"""The claims file a scaffold writes, and how a second run treats the first one's file.

:func:`render` turns the entries of a paper (:mod:`proofs.reading.entries`) into the text of a claims file
that loads as it is: per claim, in the paper's order, under a comment naming the entry and its line, either
the short declaration that runs it (``sign_claim``, ``ldp_claim``, ``moment_claim``: :mod:`proofs.reading.ready`,
with how it was read and its domain in the comment, a mechanism declared once at the top as ``MECHANISM``) or
``pending(Claim(...), engine=..., formulas=...)`` with a ``# TODO`` naming the engine that fits and the
reason it is pending; the definitions
and notation as the data ``DEFINITIONS``; the formulas read as :class:`~proofs.base.pending.Formula`
data (``sympy.srepr`` strings). The text depends on nothing but the paper (no date, no absolute path), so a
run on the same paper writes the same bytes.

The file's second line is ``# scaffold-digest: <sha256 of the rest>``. :func:`write_scaffold` uses it to
tell an untouched scaffold from one the user edited:

* no file yet, or the file is an untouched scaffold: it is written (replaced) whole;
* the file was edited (or is not a scaffold): it is never overwritten. The entries it does not hold yet —
  none of the file's ``printed`` fragments is one of the entry's (read from the file with :mod:`ast`,
  never run, whether a claim is declared with ``define``, ``pending`` or a short declaration such as
  ``ldp_claim``) — go to ``<name>.new.py`` beside it, a claims file of its own with fresh ids; when there
  is none, nothing is written. An edited ``<name>.new.py`` is not overwritten either: that is a one-line error.

Every file is written to a temporary name in its folder and renamed, so a failure leaves the previous
file as it was.
"""

from __future__ import annotations

import ast
import hashlib
import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from core.errors import invalid
from proofs.base.version import __version__
from proofs.reading.texts import normalise
from proofs.reading.document import Document
from proofs.reading.entries import Entry
from proofs.reading.latexmath import declared_functions
from proofs.reading.ready import Context, Ready, context_of, ready
from proofs.base.pending import DECLARATIONS, ENGINES

__all__ = ["render", "write_scaffold", "ScaffoldResult", "DIGEST_PREFIX"]

DIGEST_PREFIX = "# scaffold-digest: "
_RULE = 100


def _string(text: str) -> str:
    """A Python literal for ``text``: a raw string where it can be one (LaTeX reads best that way), else
    ``repr``, which escapes every quote, line break and unprintable character the paper holds."""
    if text and '"' not in text and text.isprintable() and not text.endswith("\\"):
        return f'r"{text}"'
    return repr(text)


def _tuple(items: Sequence[str], plain: bool = False) -> str:
    """A tuple literal of strings: raw strings, or (``plain``) double-quoted ones (srepr strings)."""
    if not items:
        return "()"
    quote = _plain if plain else _string
    return "(" + ", ".join(quote(i) for i in items) + ("," if len(items) == 1 else "") + ")"


def _plain(text: str) -> str:
    """A double-quoted literal (``sympy.srepr`` strings quote names with single quotes)."""
    if '"' not in text and "\\" not in text and text.isprintable():
        return f'"{text}"'
    return repr(text)


def _one_line(text: str) -> str:
    """``text`` for a comment line: every line break and unprintable character a space, so nothing the
    paper holds can end the comment and start a line of code."""
    return " ".join("".join(c if c.isprintable() else " " for c in str(text)).split())


def _in_docstring(text: str) -> str:
    """``text`` inside the file's docstring: on one line, its backslashes and double quotes escaped, so a
    file named ``x\"\"\".tex`` cannot close the docstring."""
    return _one_line(text).replace("\\", "\\\\").replace('"', '\\"')


def _comment(text: str, width: int = _RULE) -> list[str]:
    words, lines, line = _one_line(text).split(), [], "#"
    for word in words:
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    lines.append(line)
    return lines


def _formula(formula, indent: str) -> list[str]:
    parts = [f"relations={_tuple(formula.relations, plain=True)}", f"sides={_tuple(formula.sides, plain=True)}"]
    if formula.condition:
        parts.append(f"condition={_string(formula.condition)}")
    parts.append(f"latex={_string(formula.latex)}")
    return [f"{indent}Formula(" + ", ".join(parts) + "),"]


def _source(entry: Entry, paper: str) -> str:
    """The source a scaffolded claim names: the paper and the entry's number (``"paper.tex Theorem 2"``)."""
    item = entry.item
    return f"{paper} {item.label}" + (f", in the {item.inside}" if item.kind == "display" and item.inside else "")


def _literal(value: object) -> str:
    """A Python literal of a declaration's argument: ``None``, a string (quoted), a mapping of strings."""
    if value is None:
        return "None"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{_plain(str(k))}: {_plain(str(v))}" for k, v in value.items()) + "}"
    return _plain(str(value))


def _readings_and_uses(entry: Entry) -> list[str]:
    """The comment lines of a claim's readings and of the definitions it uses."""
    lines = [line for reading in entry.readings for line in _comment(f"Read: {reading}.")]
    if entry.uses:
        lines += _comment(f"Uses the definitions of {', '.join(entry.uses)} (see DEFINITIONS).")
    return lines


def _title(entry: Entry) -> str:
    """A claim's title: the entry's label, where it sits inside a result, and the result's own note."""
    item = entry.item
    title = item.label if item.kind == "result" else f"{item.label}" + (f", in the {item.inside}" if item.inside else "")
    if item.kind == "result" and item.note:
        title += f" ({item.note})"
    return title


def _ready_block(entry: Entry, paper: str, done: Ready, mechanisms: dict[str, str]) -> list[str]:
    """A claim written ready to run: its short declaration, every argument a literal (or the name of a
    mechanism the file declares once, at the top)."""
    lines = _comment(f"Ready to run: {done.declaration} ({entry.engine}: {entry.why}).")
    for note in done.notes:
        lines += _comment(note if note.startswith("Domain:") else f"Read: {note}.")
    lines += _readings_and_uses(entry)
    title = _title(entry)
    lines += [f"{done.declaration}(", f"    {_plain(entry.claim_id)},", f"    title={_string(title)},",
              f"    source={_string(_source(entry, paper))},", f"    statement={_string(entry.statement)},"]
    if done.mechanism is not None:
        lines.append(f"    mechanism={mechanisms[done.mechanism.call]},")
    lines += [f"    {key}={_literal(value)}," for key, value in done.arguments]
    lines += [f"    printed={_tuple(entry.printed)},", ")"]
    return lines


def _claim_block(entry: Entry, paper: str, done: Ready | None = None,
                 mechanisms: dict[str, str] | None = None) -> list[str]:
    item = entry.item
    where = f"line {item.line}" if item.file == item.main_file or not item.file else f"{item.file} line {item.line}"
    head = _one_line(f"# {'-' * 4} {item.label} ({where}, {item.section})") + " "
    lines = ["", "", head + "-" * max(4, _RULE - len(head))]
    if done is not None and done.declaration:
        return lines + _ready_block(entry, paper, done, mechanisms or {})
    todo = f"TODO {entry.engine}: {entry.why}." if entry.engine != "unknown" else \
        f"TODO: {entry.why}; write the statement as a formula, then choose an engine ({', '.join(k for k in ENGINES if k != 'unknown')})."
    lines += _comment(todo)
    if done is not None and done.reason and entry.engine != "unknown":
        lines += _comment(f"Pending: {done.reason}.")
        for note in done.notes:
            lines += _comment(note if note.startswith("Domain:") else f"Read: {note}.")
    if DECLARATIONS.get(entry.engine):
        lines += _comment(f"Once checked: {_hint(entry.engine, done)}.")
    for latex, reason in entry.unread:
        lines += _comment(f"Not read: {reason}.")
    lines += _readings_and_uses(entry)
    title = _title(entry)
    source = _source(entry, paper)
    lines += [
        "pending(Claim(",
        f"    id={_plain(entry.claim_id)},",
        f"    title={_string(title)},",
        f"    source={_string(source)},",
        f"    statement={_string(entry.statement)},",
        '    domain="not written yet: state the assumptions the paper makes here",',
        f"    printed={_tuple(entry.printed)},",
        f"), engine={_plain(entry.engine)}, why={_string(entry.why)}, formulas=(",
    ]
    for formula in entry.formulas:
        lines += _formula(formula, "    ")
    unread = "".join(f"({_string(latex)}, {_string(reason)}), " for latex, reason in entry.unread)
    lines.append(f"), unread=({unread.rstrip(' ')}))" if entry.unread else "))")
    return lines


def _definitions(entries: Sequence[Entry]) -> list[str]:
    lines = ["#: Definitions and notation of the paper: not claims. What each introduces, and why it is one.",
             "DEFINITIONS = ("]
    for entry in entries:
        item = entry.item
        lines.append(f"    {{\"entry\": {_string(item.label)}, \"line\": {item.line}, \"kind\": {_plain(entry.status)}, "
                     f"\"labels\": {_tuple(item.labels)},")
        lines.append(f"     \"introduces\": {_tuple(entry.introduces)}, \"why\": {_string(entry.reason)},")
        lines.append(f"     \"latex\": {_string(item.latex)}}},")
    lines.append(")")
    return lines


def _hint(engine: str, done: Ready | None) -> str:
    """The declaration a pending claim becomes once checked; for privacy, the module of the family the text
    names when its output is continuous (proofs.continuous), never proofs.mechanisms for it."""
    if engine == "check_ldp" and done is not None and "proofs.continuous" in done.reason:
        return "ldp_claim(id, ..., mechanism=proofs.continuous.<family>(...), epsilon=\"eps\", domain=...)"
    if engine == "check_moment" and done is not None and "proofs.continuous" in done.reason:
        return ("proofs.continuous.density_moment_claim(id, ..., mechanism=proofs.continuous.<family>(...), "
                "statistic=\"output\" or \"mean\", claimed=..., domain=...), not moment_claim of a finite mechanism")
    return DECLARATIONS[engine]


def readiness(document: Document, entries: Sequence[Entry], context: Context | None = None) -> dict[str, Ready]:
    """What each claim of ``entries`` is written as: its ready declaration, or why it stays pending."""
    context = context if context is not None else context_of(document, entries)
    functions = declared_functions(document.text or "\n".join(e.item.latex for e in entries))
    return {e.claim_id: ready(e, context, functions) for e in entries if e.status == "claim"}


def render(document: Document, entries: Sequence[Entry], *, output_name: str = "claims.py",
           context: Context | None = None) -> str:
    """The text of the claims file for ``entries`` of ``document`` (see the module docstring)."""
    paper = document.name
    claims = [e for e in entries if e.status == "claim"]
    defining = [e for e in entries if e.status in ("definition", "notation")]
    results = sum(1 for e in entries if e.item.kind == "result")
    displays = sum(1 for e in entries if e.item.kind == "display")
    read = sum(1 for e in claims if e.formulas)
    done = readiness(document, entries, context)
    running = [e for e in claims if done[e.claim_id].declaration]
    waiting = len(claims) - len(running)
    mechanisms: dict[str, str] = {}
    notes: dict[str, str] = {}
    for entry in running:
        mechanism = done[entry.claim_id].mechanism
        if mechanism is not None and mechanism.call not in mechanisms:
            mechanisms[mechanism.call] = "MECHANISM" + (f"_{len(mechanisms) + 1}" if mechanisms else "")
            notes[mechanism.call] = mechanism.note
    declarations = sorted({done[e.claim_id].declaration for e in running})
    imports = ["from proofs import " + ", ".join(["Claim", *declarations] if waiting else declarations)]
    if any(call.startswith("M.") for call in mechanisms):
        imports.append("from proofs import mechanisms as M")
    if any(call.startswith("C.") for call in mechanisms):
        imports.append("from proofs import continuous as C")
    if waiting:
        imports.append("from proofs.reading import Formula, pending")
    body = ["", *sorted(imports), "", f"PAPER = {_string(paper)}", ""]
    for call, name in mechanisms.items():
        body += _comment(f"The mechanism the paper names: {notes[call]}.")
        body += [f"{name} = {call}", ""]
    summary = (f"{paper}: {results} numbered results and {displays} displayed formulas; {len(claims)} claims, "
               f"{len(running)} ready to run and {waiting} pending ({read} with a formula read into sympy), "
               f"{len(defining)} definitions or notation, "
               f"{sum(1 for e in entries if e.status == 'part')} displays that are part of a result.")
    body += _comment(summary)
    if document.notes:
        body.append("#")
        body.append("# Notes on the reading:")
        for note in document.notes:
            body += _comment(f"- {note}")
    body.append("")
    body += _definitions(defining)
    for entry in claims:
        body += _claim_block(entry, paper, done[entry.claim_id], mechanisms)
    text = "\n".join(body).rstrip("\n") + "\n"
    shown, output_shown = _in_docstring(paper), _in_docstring(output_name)
    header = (f'"""Claims of {shown}, scaffolded by `python -m proofs scaffold {shown}` (ldp-belief-proofs '
              f"{__version__}).\n\n"
              "A claim whose formula fits an engine is written ready to run, as that engine's short declaration\n"
              "(sign_claim, ldp_claim, moment_claim) with the domain the text states (none stated: the formula's\n"
              "natural domain), so `python -m proofs check --claims " + output_shown + " --only-user` gives its\n"
              "verdict; the comment above it says how it was read. Every other claim is pending, with the reason:\n"
              "located in the paper, its formulas read into sympy where they parse, and reported inconclusive\n"
              "(\"no check implemented yet\"). To check one, write two checks of different methods for it (the TODO\n"
              "above it names the engine that fits; examples/paper/claims.py is a completed file), and replace its\n"
              "`pending(` by `define(` (`from proofs import define`); write its domain. Or replace the whole call by\n"
              "the short declaration its TODO names, which registers the engine's checks itself. A formula's\n"
              "sides are sympy.srepr strings: `Formula.expressions()` reads them back as sympy expressions.\n\n"
              "Running the scaffold again never overwrites this file once it is edited: it writes the paper's new\n"
              "entries to a separate .new.py file.\n"
              '"""\n')
    digest = hashlib.sha256(text.encode()).hexdigest()
    return header + DIGEST_PREFIX + digest + "\n" + text


@dataclass(frozen=True)
class ScaffoldResult:
    """What a run wrote: ``path`` (``None`` when nothing was written), ``action`` (``"written"``,
    ``"replaced"``, ``"unchanged"``, ``"new entries"``, ``"no new entries"``) and the claims it holds."""

    path: Path | None
    action: str
    claims: int


def _untouched(text: str) -> bool:
    """``text`` is a scaffold nobody edited: its digest line matches the rest."""
    head, sep, rest = text.partition("\n" + DIGEST_PREFIX)
    if not sep:
        return False
    digest, _, body = rest.partition("\n")
    return hashlib.sha256(body.encode()).hexdigest() == digest.strip()


def _known(text: str, path: Path) -> tuple[set[str], set[str]]:
    """The claim ids (``id=`` or a short declaration's first argument) and normalised printed fragments a
    claims file holds, read with ``ast`` (not run)."""
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        raise invalid("output", str(path), f"exists and is not Python the scaffold can read (line {exc.lineno})",
                      "fix it, or give another --output") from None
    ids: set[str] = set()
    printed: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if name.endswith("_claim") and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                ids.add(node.args[0].value)  # a short declaration's id: moment_claim("X.y", ...)
            for keyword in node.keywords:
                try:
                    value = ast.literal_eval(keyword.value)
                except (ValueError, SyntaxError, TypeError):
                    continue
                if keyword.arg == "id" and isinstance(value, str):
                    ids.add(value)
                elif keyword.arg == "printed":
                    for fragment in (value,) if isinstance(value, str) else value if isinstance(value, tuple) else ():
                        if isinstance(fragment, str):
                            printed.add(normalise(fragment))
    return ids, printed


def _write(path: Path, text: str) -> None:
    """``text`` to ``path`` through a temporary file in its folder, renamed at the end."""
    folder = path.parent
    if not folder.is_dir():
        raise invalid("output", str(path), f"its folder {folder} does not exist")
    try:
        handle = tempfile.NamedTemporaryFile("w", encoding="utf-8", dir=folder, prefix=f".{path.name}.",
                                             suffix=".tmp", delete=False)
    except OSError as exc:
        raise invalid("output", str(path), f"cannot be written ({exc.strerror or exc})") from None
    try:
        with handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(handle.name, path)
    except BaseException:
        try:
            os.unlink(handle.name)
        except OSError:
            pass
        raise


def write_scaffold(document: Document, entries: Sequence[Entry], output: str | Path) -> ScaffoldResult:
    """Write the claims file of ``entries`` to ``output`` (or only the new entries beside it; see the module
    docstring)."""
    path = Path(output)
    if path.suffix != ".py":
        raise invalid("output", str(output), "a claims file is a Python file ending in .py")
    claims = [e for e in entries if e.status == "claim"]
    context = context_of(document, entries)
    text = render(document, entries, output_name=path.name, context=context)
    if path.is_dir():
        raise invalid("output", str(output), "is a folder", "give a file name ending in .py")
    if not path.exists():
        _write(path, text)
        return ScaffoldResult(path, "written", len(claims))
    try:
        existing = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise invalid("output", str(output), f"exists and cannot be read ({exc})", "give another --output") from None
    if existing == text:
        return ScaffoldResult(path, "unchanged", len(claims))
    if _untouched(existing):
        _write(path, text)
        return ScaffoldResult(path, "replaced", len(claims))
    ids, printed = _known(existing, path)
    # an entry is held when the file records one of its printed fragments (the result's text or a display
    # of it): numbers shift when a paper gains a result, printed text does not
    fresh = [e for e in claims if not any(normalise(fragment) in printed for fragment in e.printed)]
    if not fresh:
        return ScaffoldResult(None, "no new entries", 0)
    renamed = []
    for entry in fresh:
        identifier, k = entry.claim_id, 2
        while identifier in ids:
            identifier, k = f"{entry.claim_id}.new{'' if k == 2 else k}", k + 1
        ids.add(identifier)
        renamed.append(Entry(**{**entry.__dict__, "claim_id": identifier}))
    new_entries = renamed
    target = path.with_name(path.stem + ".new.py")
    new_text = render(document, new_entries, output_name=target.name, context=context)
    if target.exists():
        try:
            previous = target.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            previous = ""
        if previous != new_text and not _untouched(previous):
            raise invalid("output", str(target), "holds edits of its own and would be overwritten",
                          "merge it into " + path.name + " or move it away, then run the scaffold again")
    _write(target, new_text)
    return ScaffoldResult(target, "new entries", len(renamed))
