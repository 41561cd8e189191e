"""A paper's LaTeX source as one text, with where each of its lines comes from.

:func:`read_source` reads the main file and splices in every ``\\input{file}`` and ``\\include{file}``
(``\\input file`` too), each name resolved relative to the file that names it, ``.tex`` added when the
name has no extension. Comments are dropped first: a ``%`` starts a comment unless an odd number of
backslashes precede it (``\\%`` is a percent sign, ``\\\\%`` a line break and a comment), so a commented-out
``\\input`` is not followed. An ``\\input`` in the middle of a line splits that line: the text before it,
the included lines, the text after it, each kept with its own origin.

Only files under the paper's folder are read (``root``, by default the folder of the main file; ``--root
DIR`` on the command line names another): an ``\\input`` of ``/etc/hostname`` or ``../../secret`` is refused,
symbolic links resolved before the check, so a link in the folder cannot lead out of it either.

Everything that stops the reading is one :class:`~core.errors.InvalidArgument` line naming the file (and
the line that includes it): a missing or unreadable file, a file outside the root, a file that is not UTF-8
text (a NUL byte, an invalid encoding), a file larger than what is left of :data:`MAX_BYTES` (checked before
it is read), a main file with no LaTeX command at all, and an inclusion cycle (``a.tex → b.tex → a.tex``),
which LaTeX itself would follow until its input stack overflowed.

``verbatim`` environments and ``\\verb`` are not special here: a ``%`` inside them is read as a comment.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass
from pathlib import Path

from core.errors import invalid

__all__ = ["Origin", "Source", "read_source", "paper_root", "strip_comment", "MAX_FILES", "MAX_BYTES"]

#: Most files one paper may include (a guard against an include tree that explodes).
MAX_FILES = 500
#: Largest total size read (bytes): a paper and its sections are far below this.
MAX_BYTES = 20_000_000

_INPUT = re.compile(r"\\(input|include)(?![A-Za-z@])\s*(?:\{([^{}]*)\}|([^\s{}\\%]+))")
_COMMAND = re.compile(r"\\[A-Za-z]{2,}")


@dataclass(frozen=True)
class Origin:
    """Where a line of the spliced text comes from: ``file`` as named relative to the main file's folder,
    ``line`` its 1-based line number there."""

    file: str
    line: int


@dataclass(frozen=True)
class Source:
    """The spliced text of a paper (comments dropped, inclusions followed) and its lines' origins."""

    main: Path
    lines: tuple[str, ...]
    origins: tuple[Origin, ...]
    files: tuple[str, ...]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)

    def origin(self, offset: int) -> Origin:
        """The origin of the character at ``offset`` of :attr:`text`."""
        starts = self._starts()
        index = max(0, bisect.bisect_right(starts, offset) - 1)
        return self.origins[min(index, len(self.origins) - 1)]

    def _starts(self) -> list[int]:
        cached = self.__dict__.get("_line_starts")
        if cached is None:
            cached, position = [], 0
            for line in self.lines:
                cached.append(position)
                position += len(line) + 1
            object.__setattr__(self, "_line_starts", cached)
        return cached


def strip_comment(line: str) -> str:
    """``line`` without its comment: from the first ``%`` preceded by an even number of backslashes."""
    start = 0
    while True:
        found = line.find("%", start)
        if found < 0:
            return line
        slashes = 0
        while found - slashes - 1 >= 0 and line[found - slashes - 1] == "\\":
            slashes += 1
        if slashes % 2 == 0:
            return line[:found]
        start = found + 1


def _read_text(path: Path, name: str, shown: str, where: str, left: int | None = None) -> str:
    left = MAX_BYTES if left is None else left
    if not path.is_file():
        raise invalid(name, shown, f"no such file{where}", "give the path of the paper's .tex source")
    try:
        size = path.stat().st_size
        if size > left:
            raise invalid(name, shown, f"is {size} bytes{where}; a paper and its inclusions may hold at most "
                          f"{MAX_BYTES} bytes (MAX_BYTES)")
        with path.open("rb") as handle:
            data = handle.read(left + 1)
        if len(data) > left:
            raise invalid(name, shown, f"holds more than {left} bytes{where}; a paper and its inclusions may hold "
                          f"at most {MAX_BYTES} bytes (MAX_BYTES)")
    except OSError as exc:
        raise invalid(name, shown, f"cannot be read{where} ({exc.strerror or exc})") from None
    if b"\x00" in data:
        raise invalid(name, shown, f"is not a text file{where} (it contains NUL bytes)", "give a LaTeX source (.tex)")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise invalid(name, shown, f"is not UTF-8 text{where} (byte {exc.start})",
                      "save the LaTeX source as UTF-8") from None


def paper_root(path: str | Path, root: str | Path | None = None) -> Path:
    """The folder whose files the paper at ``path`` may read: ``root`` (which must be a folder holding the
    paper), or the paper's own folder, symbolic links resolved."""
    main = Path(path).expanduser().resolve()
    if root is None:
        return main.parent
    if not isinstance(root, (str, Path)) or not str(root).strip():
        raise invalid("root", root, "must be the path of a folder")
    folder = Path(root).expanduser().resolve()
    if not folder.is_dir():
        raise invalid("root", str(root), "is not a folder")
    if not main.is_relative_to(folder):
        raise invalid("root", str(root), f"does not hold the paper {main}", "give a folder the paper is in")
    return folder


def read_source(path: str | Path, root: str | Path | None = None) -> Source:
    """The paper at ``path`` with its inclusions spliced in and comments dropped, reading only files under
    ``root`` (default: the paper's folder; see the module docstring)."""
    if not isinstance(path, (str, Path)) or not str(path).strip():
        raise invalid("paper", path, "must be the path of a LaTeX file")
    main = Path(path).expanduser()
    text = _read_text(main, "paper", str(path), "")
    if not _COMMAND.search("\n".join(strip_comment(line) for line in text.splitlines())):
        raise invalid("paper", str(path), "is not LaTeX (no LaTeX command in it)", "give the paper's .tex source")
    base = main.resolve().parent
    limit = paper_root(main, root)
    lines: list[str] = []
    origins: list[Origin] = []
    files: list[str] = []
    budget = [0]

    def shown(resolved: Path) -> str:
        try:
            return resolved.relative_to(base).as_posix()
        except ValueError:
            return str(resolved)

    def splice(resolved: Path, content: str, chain: tuple[Path, ...]) -> None:
        files.append(shown(resolved))
        budget[0] += len(content)
        if budget[0] > MAX_BYTES or len(files) > MAX_FILES:
            raise invalid("paper", str(path), f"includes more than {MAX_FILES} files or {MAX_BYTES} bytes")
        for number, raw in enumerate(content.splitlines(), 1):
            line = strip_comment(raw)
            origin = Origin(shown(resolved), number)
            position = 0
            for match in _INPUT.finditer(line):
                before = line[position:match.start()]
                if before.strip():
                    lines.append(before)
                    origins.append(origin)
                position = match.end()
                named = (match.group(2) if match.group(2) is not None else match.group(3)).strip()
                where = f" (\\{match.group(1)} in {shown(resolved)} line {number})"
                if not named:
                    raise invalid("input", named, f"an empty file name{where}")
                target = (resolved.parent / named)
                if not target.suffix:
                    target = target.with_name(target.name + ".tex")
                if not target.is_file() and (resolved.parent / named).is_file():
                    target = resolved.parent / named
                target = target.resolve()
                if not target.is_relative_to(limit):
                    raise invalid("input", named, f"is {target}, outside the paper's folder {limit}{where}: it is not "
                                  "read",
                                  "copy the file into the folder, or name a folder holding both with --root DIR")
                if target in chain or target == resolved:
                    cycle = " → ".join(shown(p) for p in (*chain, resolved, target))
                    raise invalid("input", named, f"includes itself: {cycle}",
                                  "remove the \\input that closes the cycle")
                included = _read_text(target, "input", named, where, MAX_BYTES - budget[0])
                splice(target, included, (*chain, resolved))
            rest = line[position:]
            if position == 0 or rest.strip():
                lines.append(rest)
                origins.append(origin)

    splice(main.resolve(), text, ())
    return Source(main, tuple(lines), tuple(origins), tuple(files))
