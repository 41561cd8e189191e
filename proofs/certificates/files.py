"""Writing certificates into a directory: everything computed first, then written atomically.

A new directory is built under a temporary name beside it and renamed into place, so it appears complete
or not at all. Into a directory that exists already (a previous run's certificates, say) each file is
written to a temporary name in it and renamed over its target, so no file is ever half-written. Either way
every certificate's text is made before the first byte is written: a verdict that cannot be certified
never leaves a partial directory behind.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from core.errors import invalid
from proofs.certificates.script import NoCertificate, certificate_source, file_name

__all__ = ["check_directory", "write_directory", "write_certificates"]


def check_directory(directory: str | os.PathLike) -> Path:
    """The directory certificates would go to, checked before any work: an existing directory, or one that
    can be made in an existing parent, where a file can be written (tried, then removed); a one-line error
    otherwise."""
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise invalid("output", str(path), "exists and is not a directory", "name a directory for the certificates")
    where = path if path.exists() else (path.parent if str(path.parent) else Path("."))
    if not where.is_dir():
        raise invalid("output", str(path), f"its parent {where} is not a directory", "create it first")
    try:
        probe = tempfile.mkdtemp(prefix=".probe.", dir=where)
        os.rmdir(probe)
    except OSError as error:
        raise invalid("output", str(path), f"cannot be written ({error.strerror or error})") from None
    return path


def write_directory(directory: str | os.PathLike, files: Mapping[str, str]) -> list[Path]:
    """Write ``files`` (name -> text) into ``directory`` atomically (see the module docstring)."""
    path = check_directory(directory)
    if not files:
        raise invalid("certificates", "none", "no certificate to write")
    try:
        return _write(path, files)
    except OSError as error:
        raise invalid("output", str(path), f"cannot be written ({error.strerror or error})") from None


def _write(path: Path, files: Mapping[str, str]) -> list[Path]:
    if path.exists():
        written = []
        for name, text in files.items():
            handle, temporary = tempfile.mkstemp(prefix=f".{name}.", suffix=".tmp", dir=path)
            try:
                with os.fdopen(handle, "w", encoding="utf-8") as stream:
                    stream.write(text)
                os.chmod(temporary, 0o755)
                os.replace(temporary, path / name)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
            written.append(path / name)
        return written
    parent = path.parent if str(path.parent) else Path(".")
    staging = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".tmp", dir=parent))
    try:
        for name, text in files.items():
            target = staging / name
            target.write_text(text, encoding="utf-8")
            target.chmod(0o755)
        staging.chmod(0o755)
        os.rename(staging, path)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [path / name for name in files]


def write_certificates(items: Iterable[Any], directory: str | os.PathLike) -> tuple[list[Path], list[str]]:
    """Write one certificate per verdict of ``items`` (claim results or report claims) into ``directory``;
    returns the files written and, for each verdict left without one, a one-line reason. Nothing is
    written when no verdict can be certified."""
    files: dict[str, str] = {}
    refused: list[str] = []
    owners: dict[str, str] = {}
    for item in items:
        claim_id = item.claim.id if hasattr(item, "claim") else item.id
        name = file_name(claim_id)
        if name in owners:
            raise invalid("claims", claim_id, f"its certificate's file name {name} is also {owners[name]}'s")
        owners[name] = claim_id
        try:
            files[name] = certificate_source(item)
        except NoCertificate as refusal:
            refused.append(str(refusal))
    if not files:
        return [], refused
    return write_directory(directory, files), refused
