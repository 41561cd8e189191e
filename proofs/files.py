"""Writing outputs: ids made safe for file names, labels and anchors, and writes that are all or nothing.

Every command renders its outputs in memory first (reports, figures, LaTeX trees, proof certificates) and
hands them to one :class:`Transaction`:

1. every target is checked before any work starts (:func:`check_file`, :func:`check_directory`): the
   directory that will receive it is *probed* by creating and removing a temporary file in it, since
   ``os.access`` says yes to root and to ``/proc``; names longer than the file system takes are refused;
2. :meth:`Transaction.commit` stages every file under a temporary name beside its target; a directory
   that does not exist yet, or a directory the output replaces whole (``DIR/claims`` of a LaTeX export),
   is staged as a temporary directory;
3. everything is renamed into place in one section that a stopping signal does not interrupt
   (:func:`proofs.execution.signals.deferred`).

A failure while staging (a full disk, a name too long, a directory that became read-only) removes
whatever was staged and raises one line naming the path: nothing was written, and an existing output is
left as it was. A target that exists and is not a regular file (``/dev/stdout``, a named pipe) is
written in place, since it cannot be renamed over. A symbolic link is followed: the file it points to is
replaced, the link stays.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from core.errors import invalid
from proofs.execution import signals

__all__ = ["MAX_ID_NAME", "safe_id", "check_file", "check_directory", "write_text", "write_tree", "Transaction"]

#: Longest name :func:`safe_id` returns; a longer id becomes a readable prefix and a hash (file systems
#: take 255 bytes per name, and ``claims/<name>.tex`` must fit, with room for a temporary prefix).
MAX_ID_NAME = 100
#: Characters of the hash that ends a shortened name (64 bits).
_HASH = 16


def safe_id(claim_id: str) -> str:
    """A file-name, label and anchor-safe form of a claim id, one-to-one and at most :data:`MAX_ID_NAME`
    characters + 1: ``.`` -> ``_``, ``@`` -> ``__`` (``L3.14@000`` -> ``L3_14__000``); any other character
    outside ``[A-Za-z0-9-]`` -> ``-xHHHH-``. A form longer than :data:`MAX_ID_NAME` becomes its first
    characters, ``-`` and 16 hexadecimal digits of its SHA-256, exactly ``MAX_ID_NAME + 1`` long: it never
    equals a form left as it is (those are at most ``MAX_ID_NAME`` long), and two long ids share a name
    only if their hashes collide."""
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
    form = "".join(out) or "-empty-"
    if len(form) <= MAX_ID_NAME:
        return form
    digest = hashlib.sha256(claim_id.encode("utf-8", "surrogatepass")).hexdigest()[:_HASH]
    return f"{form[:MAX_ID_NAME - _HASH]}-{digest}"


# ------------------------------------------------------------------------------------------------ checks
def _first_existing(path: Path, option: str, shown: str) -> Path:
    """The nearest ancestor of ``path`` (``path`` itself included) that exists; an ancestor that is a
    file is a one-line error."""
    for candidate in (path, *path.parents):
        if candidate.exists():
            if not candidate.is_dir():
                raise invalid(option, shown, f"{candidate} is a file, not a directory")
            return candidate
    return Path(".")


def _probe(directory: Path, option: str, shown: str) -> None:
    """A one-line error unless a file can be created (and removed) in ``directory``."""
    try:
        handle, temporary = tempfile.mkstemp(prefix=".ldp-proofs-probe-", dir=directory)
        os.close(handle)
        os.unlink(temporary)
    except OSError as exc:
        raise invalid(option, shown, f"cannot write into {directory} ({exc.strerror or exc})") from None


def _check_names(path: Path, existing: Path, option: str, shown: str) -> None:
    """A one-line error for a name of ``path`` (below ``existing``) the file system would refuse."""
    try:
        longest = os.pathconf(existing, "PC_NAME_MAX")
    except (OSError, ValueError):
        longest = 255
    for part in path.relative_to(existing).parts if path != existing else ():
        size = len(os.fsencode(part))
        if size > longest:
            raise invalid(option, shown, f"a name in it is {size} bytes long; the file system takes at most {longest}")


def _absolute(path: str | os.PathLike[str]) -> Path:
    return Path(os.path.abspath(os.fspath(path)))


def _special(path: Path) -> bool:
    """An existing target that is neither a regular file nor a directory (a device, a pipe, a socket)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def check_file(path: str | os.PathLike[str], option: str) -> None:
    """A one-line error if ``path`` cannot receive a file (checked before minutes of checks, not after)."""
    shown = os.fspath(path)
    if not str(shown).strip():
        raise invalid(option, shown, "is empty", "give a file name")
    try:
        target = _absolute(os.path.realpath(shown) if os.path.islink(shown) else shown)
        if target.is_dir():
            raise invalid(option, shown, "is a directory, not a file")
        if _special(target):
            if not os.access(target, os.W_OK):
                raise invalid(option, shown, "cannot be written")
            return
        existing = _first_existing(target.parent, option, shown)
        _check_names(target, existing, option, shown)
        _probe(existing, option, shown)
    except OSError as exc:
        raise invalid(option, shown, f"cannot be written ({exc.strerror or exc})") from None


def check_directory(directory: str | os.PathLike[str], option: str = "--latex",
                    children: Mapping[str, str] | None = None) -> None:
    """A one-line error if ``directory`` cannot receive the export; ``children`` maps names that must be
    directories (``"dir"``) or files (``"file"``) inside it."""
    shown = os.fspath(directory)
    if not str(shown).strip():
        raise invalid(option, shown, "is empty", "give a directory name")
    try:
        target = _absolute(shown)
        if target.exists() and not target.is_dir():
            raise invalid(option, shown, "is a file, not a directory")
        for name, kind in (children or {}).items():
            child = target / name
            if kind == "dir" and child.exists() and not child.is_dir():
                raise invalid(option, shown, f"its {name!r} is a file, not a directory")
            if kind == "file" and child.is_dir():
                raise invalid(option, shown, f"its {name!r} is a directory")
        existing = _first_existing(target, option, shown)
        _check_names(target, existing, option, shown)
        _probe(existing, option, shown)
    except OSError as exc:
        raise invalid(option, shown, f"cannot be written ({exc.strerror or exc})") from None


# ------------------------------------------------------------------------------------------- transaction
def _mode(directory: bool) -> int:
    mask = os.umask(0)
    os.umask(mask)
    return (0o777 if directory else 0o666) & ~mask


_FILE_MODE, _DIR_MODE = _mode(False), _mode(True)


def _bytes(content: str | bytes) -> bytes:
    return content.encode("utf-8") if isinstance(content, str) else bytes(content)


@dataclass
class _Unit:
    """What is renamed into place in one step: a file, a new directory, a directory replaced whole, or
    (``direct``) a special file written in place."""

    kind: str
    target: Path
    files: dict[Path, bytes] = field(default_factory=dict)   # absolute target -> content
    executable: set[Path] = field(default_factory=set)   # targets that are scripts
    owners: list[tuple[str, str]] = field(default_factory=list)   # (option, path as given) it writes
    staged: Path | None = None
    old: Path | None = None


class Transaction:
    """The files of one command, written all at once or not at all (see the module docstring).

    ``add_file`` and ``add_directory`` collect; :meth:`commit` stages, then renames. ``written`` lists
    the outputs in place, as their paths were given (after a commit: every one)."""

    def __init__(self) -> None:
        self._files: dict[Path, tuple[bytes, str, str]] = {}   # target -> (content, option, output as given)
        self._executable: set[Path] = set()
        self._replaced: set[Path] = set()
        self.written: list[str] = []

    def add_file(self, path: str | os.PathLike[str], content: str | bytes, option: str = "--output",
                 *, output: str | None = None, executable: bool = False) -> None:
        """Add the file ``path`` with ``content`` (text is written as UTF-8); ``output`` is the output it
        belongs to, as the user gave it (default: ``path``); ``executable``: a script, with the execute
        permission the umask allows."""
        shown = os.fspath(path)
        if not str(shown).strip():
            raise invalid(option, shown, "is empty", "give a file name")
        target = _absolute(os.path.realpath(shown) if os.path.islink(shown) else shown)
        if target in self._files:
            raise invalid(option, shown, f"is also written by {self._files[target][1]}", "give each output its own file")
        self._files[target] = (_bytes(content), option, output or str(shown))
        if executable:
            self._executable.add(target)

    def add_directory(self, directory: str | os.PathLike[str], files: Mapping[str, str | bytes], option: str,
                      replace: Iterable[str] = (), *, executable: bool = False) -> None:
        """Add ``files`` (relative path -> content) under ``directory``; the subdirectories named in
        ``replace`` are rewritten whole (what they held before goes); ``executable``: the files are scripts."""
        shown = os.fspath(directory)
        if not str(shown).strip():
            raise invalid(option, shown, "is empty", "give a directory name")
        root = _absolute(shown)
        for rel, content in files.items():
            self.add_file(root / rel, content, option, output=str(shown), executable=executable)
        self._replaced.update(root / rel for rel in replace)

    def _units(self) -> list[_Unit]:
        units: dict[tuple[str, Path], _Unit] = {}
        for target, (content, option, output) in self._files.items():
            if _special(target):
                key = ("direct", target)
            else:
                replaced = next((r for r in self._replaced if r in target.parents and r.is_dir()), None)
                missing = next((p for p in reversed(target.parents) if not p.exists()), None)
                key = ("replace", replaced) if replaced else ("new", missing) if missing else ("file", target)
            unit = units.setdefault(key, _Unit(*key))
            unit.files[target] = content
            if target in self._executable:
                unit.executable.add(target)
            if (option, output) not in unit.owners:
                unit.owners.append((option, output))
        return list(units.values())

    def commit(self) -> list[str]:
        """Stage every file, then rename everything into place; the outputs written, as given. A failure
        while staging leaves nothing behind and names the output."""
        units: list[_Unit] = []
        current = None
        try:
            units = self._units()
            for current in units:
                _stage(current)
        except BaseException as exc:
            for unit in units:
                _discard(unit)
            if isinstance(exc, OSError):
                option, output = current.owners[0] if current is not None else next(
                    (o, out) for _, o, out in self._files.values())
                where = f"{exc.filename}: " if exc.filename and _differs(exc.filename, output) else ""
                raise invalid(option, output, f"cannot be written ({where}{exc.strerror or exc}); "
                              "nothing was written") from None
            raise
        with signals.deferred(writing=True):
            for unit in units:
                try:
                    _install(unit)
                except OSError as exc:
                    for rest in units:
                        _discard(rest)
                    option, output = unit.owners[0]
                    done = f"only {', '.join(self.written)} written" if self.written else "nothing was written"
                    raise invalid(option, output, f"cannot be written ({exc.strerror or exc}); {done}") from None
                for _, output in unit.owners:
                    if output not in self.written:
                        self.written.append(output)
        for unit in units:
            if unit.old is not None:
                shutil.rmtree(unit.old, ignore_errors=True)
        return list(self.written)


def _differs(filename: str | bytes, output: str) -> bool:
    return os.path.abspath(os.fsdecode(filename)) != os.path.abspath(output)


def _write(path: Path, content: bytes) -> None:
    with open(path, "wb") as stream:
        stream.write(content)


def _stage(unit: _Unit) -> None:
    if unit.kind == "direct":
        return
    if unit.kind == "file":
        handle, temporary = tempfile.mkstemp(prefix=f".{unit.target.name[:40]}.", suffix=".tmp",
                                             dir=unit.target.parent)
        os.close(handle)
        unit.staged = Path(temporary)
        _write(unit.staged, unit.files[unit.target])
        os.chmod(temporary, _mode_of(unit, unit.target))  # mkstemp makes it private; a report is an ordinary file
        return
    unit.staged = Path(tempfile.mkdtemp(prefix=f".{unit.target.name[:40]}.", suffix=".tmp", dir=unit.target.parent))
    os.chmod(unit.staged, _DIR_MODE)
    for target, content in unit.files.items():
        place = unit.staged / target.relative_to(unit.target)
        for directory in reversed(place.relative_to(unit.staged).parents[:-1]):
            (unit.staged / directory).mkdir(mode=_DIR_MODE, exist_ok=True)
        _write(place, content)
        os.chmod(place, _mode_of(unit, target))


def _mode_of(unit: _Unit, target: Path) -> int:
    return _DIR_MODE if target in unit.executable else _FILE_MODE  # a script: rwx as the umask allows


def _install(unit: _Unit) -> None:
    if unit.kind == "direct":
        for target, content in unit.files.items():
            _write(target, content)
        return
    assert unit.staged is not None
    if unit.kind == "replace" and unit.target.exists():
        old = Path(tempfile.mkdtemp(prefix=f".{unit.target.name[:40]}.old.", dir=unit.target.parent))
        os.rename(unit.target, old / "previous")
        unit.old = old
    os.rename(unit.staged, unit.target)
    unit.staged = None


def _discard(unit: _Unit) -> None:
    """Remove what ``unit`` staged (never what is in place)."""
    if unit.staged is None:
        return
    with contextlib.suppress(OSError):
        if unit.staged.is_dir():
            shutil.rmtree(unit.staged)
        else:
            unit.staged.unlink()
    unit.staged = None


def write_text(path: str | os.PathLike[str], text: str, option: str = "--output") -> Path:
    """Write ``text`` to ``path`` atomically (a temporary file beside it, then a rename)."""
    transaction = Transaction()
    transaction.add_file(path, text, option)
    transaction.commit()
    return Path(path)


def write_tree(directory: str | os.PathLike[str], files: Mapping[str, str], first: str | None = None,
               option: str = "--latex") -> list[Path]:
    """Write ``files`` (relative path -> text) under ``directory``, all or nothing; every subdirectory
    they name is rewritten whole (a fragment of an earlier export does not linger). ``first`` is
    returned first."""
    subdirectories = {Path(rel).parts[0] for rel in files if len(Path(rel).parts) > 1}
    transaction = Transaction()
    transaction.add_directory(directory, files, option, replace=sorted(subdirectories))
    transaction.commit()
    order = ([first] if first in files else []) + sorted(k for k in files if k != first)
    return [Path(directory) / rel for rel in order]
