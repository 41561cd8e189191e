"""A claim of the paper or the report, as data: what is printed, where, on which domain, read how."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from proofs.base.budget import Budget
from proofs.errors import invalid
from proofs.base.evidence import Evidence, Method

__all__ = ["Claim", "Check", "SOURCES"]

#: The texts in ``../shared/papers`` by their three-digit prefix.
SOURCES = {
    "000": "000_15dfbb6255c67df8.txt (conference version)",
    "001": "001_b32271a6202634e4.txt (preprint, PDF text)",
    "002": "002_db79da70b1c7c371.txt (camera-ready, flat numbering)",
    "003": "003_c07100d0f17e2eef.txt (preprint, HTML; the reference reading)",
    "004": "004_7922466618fe9fb7.txt (report: mean estimation in the local model)",
}

_ID = re.compile(r"^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9-]+)*(@\d{3})?$")


@dataclass(frozen=True)
class Claim:
    """One catalogued claim.

    id: exactly as in ``CLAIMS.md``; source: text prefix and place (``"003 Theorem 3.10"``);
    statement: the statement as printed, in LaTeX (typos kept); domain: the parameter domain and the
    paper's assumptions the checks use; assumptions: anything added beyond the text, said plainly;
    interpretation: the reading chosen where the text is ambiguous (the verdict is for this reading);
    readings: names of the alternative readings also checked (reported in the evidence).
    """

    id: str
    title: str
    source: str
    statement: str
    domain: str
    assumptions: tuple[str, ...] = ()
    interpretation: str = ""
    readings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.match(self.id):
            raise invalid("id", self.id, "not a catalog id (letters, digits, dots, an optional @NNN)")
        if self.source[:3] not in SOURCES:
            raise invalid("source", self.source, f"must start with one of {sorted(SOURCES)}")
        for name in ("title", "statement", "domain"):
            if not getattr(self, name).strip():
                raise invalid(name, getattr(self, name), "must not be empty")
        object.__setattr__(self, "assumptions", tuple(self.assumptions))
        object.__setattr__(self, "readings", tuple(self.readings))

    @property
    def variant_of(self) -> str | None:
        """For ``"L3.14@000"`` the id of the 003 claim it varies, else ``None``."""
        return self.id.split("@")[0] if "@" in self.id else None


CheckFunction = Callable[[Budget], "Evidence | Iterable[Evidence]"]


@dataclass(frozen=True)
class Check:
    """One method registered for one claim: ``function(budget)`` returns evidence."""

    claim_id: str
    method: Method
    function: CheckFunction = field(compare=False)

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__qualname__}"
