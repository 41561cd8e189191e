"""``python -m proofs scaffold PAPER.tex [--output FILE] [--root DIR]``: read the paper, write its claims file, say what
was done in a few lines."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from core.errors import invalid
from proofs.reading.document import Document, read_document
from proofs.reading.entries import Entry, describe
from proofs.reading.ready import Ready
from proofs.reading.writer import ScaffoldResult, readiness, write_scaffold

__all__ = ["scaffold", "Scaffolded", "default_output"]


@dataclass(frozen=True)
class Scaffolded:
    """A run of the scaffold: the paper read, what each entry is, what was written."""

    document: Document
    entries: tuple[Entry, ...]
    result: ScaffoldResult
    ready: dict[str, Ready] = field(default_factory=dict)

    def summary(self) -> list[str]:
        """The lines the command prints."""
        entries = self.entries
        claims = [e for e in entries if e.status == "claim"]
        unread = sum(len(e.unread) for e in claims)
        lines = [f"{self.document.name}: {len(self.document.results)} numbered results, "
                 f"{len(self.document.displays)} displayed formulas"
                 + (f" (from {len(self.document.files)} files)" if len(self.document.files) > 1 else "")]
        path = self.result.path
        what = {"written": f"wrote {path}", "replaced": f"replaced {path} (it was not edited)",
                "unchanged": f"{path} is up to date", "new entries": f"wrote the {self.result.claims} new entries to "
                f"{path} (the claims file was edited: it is left as it is)",
                "no new entries": "no new entries: the claims file was edited and is left as it is"}[self.result.action]
        waiting = sum(1 for e in claims if not self.ready.get(e.claim_id, Ready()).declaration)
        formulas = sum(1 for e in claims if e.formulas)
        lines.append(f"{what}: {len(claims)} claims, {len(claims) - waiting} ready to run and {waiting} pending "
                     f"({formulas} with a formula read into sympy, {unread} formulas not read), "
                     f"{sum(1 for e in entries if e.status in ('definition', 'notation'))} definitions or notation")
        lines += [f"note: {note}" for note in self.document.notes]
        return lines


def default_output(paper: str | Path) -> Path:
    """``paper_claims.py`` beside ``paper.tex``."""
    path = Path(paper)
    return path.with_name(f"{path.stem}_claims.py")


def scaffold(paper: str | Path, output: str | Path | None = None, root: str | Path | None = None) -> Scaffolded:
    """Read ``paper`` and write its claims file to ``output`` (default: :func:`default_output`); the paper
    reads only files under ``root`` (default: its own folder)."""
    if output is not None and not str(output).strip():
        raise invalid("output", output, "an empty path")
    document = read_document(paper, root)
    entries = describe(document)
    result = write_scaffold(document, entries, output if output is not None else default_output(paper))
    return Scaffolded(document, entries, result, readiness(document, entries))
