"""Writing certificates into a directory: everything computed first, then written all at once or not at
all by :class:`proofs.files.Transaction`, the writer of every command's outputs.

Every certificate's text is made before the first byte is written: a verdict that cannot be certified never
leaves a partial directory behind. A new directory appears complete or not at all; into a directory that
exists already (a previous run's certificates, say) every file is staged beside its target, then all are
renamed over their targets in one section a stopping signal does not interrupt. The scripts are executable.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from core.errors import invalid
from proofs import files
from proofs.certificates.script import NoCertificate, certificate_source, file_name

__all__ = ["check_directory", "write_directory", "write_certificates"]

#: How errors name the directory of the certificates.
_OPTION = "output"


def check_directory(directory: str | os.PathLike) -> Path:
    """The directory certificates would go to, checked before any work: an existing directory, or one that
    can be made, where a file can be written (:func:`proofs.files.check_directory`); a one-line error
    otherwise."""
    path = Path(directory)
    if path.exists() and not path.is_dir():
        raise invalid(_OPTION, str(path), "exists and is not a directory", "name a directory for the certificates")
    files.check_directory(directory, _OPTION)
    return path


def write_directory(directory: str | os.PathLike, texts: Mapping[str, str]) -> list[Path]:
    """Write ``texts`` (name -> text) into ``directory``, all or nothing (see the module docstring)."""
    path = check_directory(directory)
    if not texts:
        raise invalid("certificates", "none", "no certificate to write")
    transaction = files.Transaction()
    transaction.add_directory(path, texts, _OPTION, executable=True)
    transaction.commit()
    return [path / name for name in texts]


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
