"""Writing report files: ids made safe for file names, labels and anchors, and writes that never leave a
half-written file (each file is written to a temporary file in the same directory, then renamed).

Every output is rendered in memory first; the target is checked before anything is written.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping
from pathlib import Path

from core.errors import invalid

__all__ = ["safe_id", "check_file", "check_directory", "write_text", "write_tree"]


def safe_id(claim_id: str) -> str:
    """A file-name, label and anchor-safe form of a claim id, one-to-one: ``.`` -> ``_``, ``@`` -> ``__``
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


def _writable_parent(path: Path) -> Path:
    return next((p for p in [path, *path.parents] if p.exists()), Path("."))


def check_file(path: str | os.PathLike[str], option: str) -> None:
    """A one-line error if ``path`` cannot receive a file (checked before minutes of checks, not after)."""
    target = Path(path)
    if target.is_dir():
        raise invalid(option, str(path), "is a directory, not a file")
    parent = _writable_parent(target.parent)
    if not parent.is_dir():
        raise invalid(option, str(path), f"{parent} is a file, not a directory")
    if not os.access(parent, os.W_OK):
        raise invalid(option, str(path), f"cannot write into {parent}")


def check_directory(directory: str | os.PathLike[str], option: str = "--latex",
                    children: Mapping[str, str] | None = None) -> None:
    """A one-line error if ``directory`` cannot receive the export; ``children`` maps names that must be
    directories (``"dir"``) or files (``"file"``) inside it."""
    target = Path(directory)
    if target.exists() and not target.is_dir():
        raise invalid(option, str(directory), "is a file, not a directory")
    for name, kind in (children or {}).items():
        child = target / name
        if kind == "dir" and child.exists() and not child.is_dir():
            raise invalid(option, str(directory), f"its {name!r} is a file, not a directory")
        if kind == "file" and child.is_dir():
            raise invalid(option, str(directory), f"its {name!r} is a directory")
    parent = _writable_parent(target)
    if not os.access(parent, os.W_OK):
        raise invalid(option, str(directory), f"cannot write into {parent}")


def _file_mode() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return 0o666 & ~mask


_MODE = _file_mode()


def write_text(path: str | os.PathLike[str], text: str) -> Path:
    """Write ``text`` to ``path`` atomically (a temporary file beside it, then a rename)."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, _MODE)  # mkstemp makes it private; a report is an ordinary file
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
    return target


def write_tree(directory: str | os.PathLike[str], files: Mapping[str, str], first: str | None = None) -> list[Path]:
    """Write ``files`` (relative path -> text) under ``directory``, each atomically; ``first`` is written
    (and returned) first."""
    order = ([first] if first in files else []) + sorted(k for k in files if k != first)
    return [write_text(Path(directory) / rel, files[rel]) for rel in order]
