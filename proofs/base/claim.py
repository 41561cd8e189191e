"""A claim of the paper, the report, or your own text, as data: what is printed, where, on which
domain, read how, and which shared definitions it reads."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field

from core.errors import invalid
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence, Method

__all__ = ["Claim", "Check", "SOURCES", "add_sources", "USER_MODULE_PREFIX"]

#: The texts a catalog cites by a three-digit prefix (``"003"``), registered by that catalog with
#: :func:`add_sources` (the built-in catalog registers the texts of ``papers/``); a claim of your own may name
#: any source.
SOURCES: dict[str, str] = {}


def add_sources(texts: Mapping[str, str]) -> None:
    """Register ``texts``: three-digit prefix -> the text's file name, then a description in parentheses.
    A prefix already registered must name the same text."""
    for prefix, text in texts.items():
        if not (isinstance(prefix, str) and len(prefix) == 3 and prefix.isdigit()):
            raise invalid("prefix", prefix, "a source is named by three digits, e.g. '003'")
        if not isinstance(text, str) or not text.strip():
            raise invalid(prefix, text, "must name the text's file")
        if SOURCES.get(prefix, text) != text:
            raise invalid(prefix, text, f"is already registered as {SOURCES[prefix]!r}")
        SOURCES[prefix] = text


#: Module names given to claims files loaded with ``--claims`` (:mod:`proofs.userclaims`).
USER_MODULE_PREFIX = "proofs_user_claims_"

_ID = re.compile(r"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z0-9_-]+)*(@[A-Za-z0-9]+)?$")


@dataclass(frozen=True)
class Claim:
    """One claim.

    * ``id``: as in ``CLAIMS.md`` for the built-in catalog (letters, digits, dots, dashes, an optional
      ``@variant``); ``title``: a few words; ``source``: the text and the place it is printed
      (``"003 Theorem 3.10"``, or ``"My paper, Lemma 2"``);
    * ``statement``: the statement as printed, prose with its math between ``$...$`` (LaTeX
      inside, typos kept), as every text field here; ``domain``: the parameter domain and
      the text's assumptions the checks use; ``assumptions``: anything added beyond the text, said plainly;
    * ``interpretation``: the reading chosen where the text is ambiguous (the verdict is for this
      reading); ``readings``: names of the alternative readings also checked (reported in the evidence,
      never mixed into the verdict);
    * ``premise``: for an implication or an equivalence, its premise in words ("Q is ε-WLDP"). Evidence
      for such a claim must say how many checked cases satisfied the premise: support over zero such
      cases is vacuous and earns nothing (:mod:`proofs.base.verdict`);
    * ``definitions``: the names of the shared definitions and readings the claim uses, from
      :data:`numeric.definitions.READINGS` (``"WLDP"``, ``"T^op: as printed"``, ...); the report states them;
    * ``related``: other claim ids with a few words on the link (``{"T3.10": "the theorem this proof
      step proves"}``); the report shows them, so a refuted proof step explains a refuted theorem;
    * ``printed``: a verbatim fragment of the text where the claim is printed (003's LaTeX source, 004's
      markdown math), which the coverage report looks up to show the claim is encoded as printed.
    """

    id: str
    title: str
    source: str
    statement: str
    domain: str
    assumptions: tuple[str, ...] = ()
    interpretation: str = ""
    readings: tuple[str, ...] = ()
    premise: str = ""
    definitions: tuple[str, ...] = ()
    related: tuple[tuple[str, str], ...] = ()
    printed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.id, str) or not _ID.fullmatch(self.id):
            raise invalid("id", self.id, "not a claim id (letters, digits, dots, dashes, an optional @variant)",
                          "e.g. 'Lemma2' or 'T3.10.proof'")
        for name in ("title", "source", "statement", "domain"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value.strip():
                raise invalid(name, value, "must be a non-empty string")
        for name in ("assumptions", "readings", "definitions", "printed"):
            value = getattr(self, name)
            if isinstance(value, str):
                value = (value,)
            value = tuple(value)
            if not all(isinstance(v, str) and v.strip() for v in value):
                raise invalid(name, value, "must be non-empty strings")
            object.__setattr__(self, name, value)
        related = self.related
        pairs = tuple(related.items()) if isinstance(related, Mapping) else tuple(tuple(r) for r in related)
        if not all(len(r) == 2 and all(isinstance(x, str) and x.strip() for x in r) for r in pairs):
            raise invalid("related", related, "must map claim ids to a few words on the link")
        if any(r[0] == self.id for r in pairs):
            raise invalid("related", related, f"a claim is not related to itself (id={self.id!r})")
        object.__setattr__(self, "related", pairs)

    @property
    def variant_of(self) -> str | None:
        """For ``"L3.14@000"`` the id of the claim it varies, else ``None``."""
        return self.id.split("@")[0] if "@" in self.id else None

    @property
    def paper(self) -> str | None:
        """The registered text (:data:`SOURCES`) the claim comes from (``"003"``), or ``None`` for another source."""
        prefix = self.source[:3]
        return prefix if prefix in SOURCES and (len(self.source) == 3 or self.source[3] == " ") else None


CheckFunction = Callable[[Budget], "Evidence | Iterable[Evidence]"]


@dataclass(frozen=True)
class Check:
    """One method registered for one claim: ``function(budget)`` returns evidence."""

    claim_id: str
    method: Method
    function: CheckFunction = field(compare=False)

    @property
    def name(self) -> str:
        """``module.function`` for the built-in claims; ``path/to/file.py::function`` for a claims file."""
        module = getattr(self.function, "__module__", "") or ""
        if module.startswith(USER_MODULE_PREFIX):
            return f"{self.function.__code__.co_filename}::{self.function.__qualname__}"
        return f"{module}.{self.function.__qualname__}"
