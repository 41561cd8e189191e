"""The registry of the paper's notions and their readings: :class:`Reading` and the table every definition
module registers into (see :mod:`numeric.definitions`). It imports nothing of the toolkit but the errors, so
the definition modules, and what they compute on, never import the package that registers them."""

from __future__ import annotations

from dataclasses import dataclass

from core.errors import ToolkitError, invalid

__all__ = ["Reading", "READINGS", "register", "reading", "primary"]


@dataclass(frozen=True)
class Reading:
    """One reading of one notion: ``name`` (what claims cite), ``notion``, the ``source`` that defines
    it, ``text`` saying exactly what is computed, and whether it is the ``primary`` reading."""

    name: str
    notion: str
    source: str
    text: str
    primary: bool = False

    def __post_init__(self) -> None:
        for field_name in ("name", "notion", "source", "text"):
            value = getattr(self, field_name)
            if not isinstance(value, str) or not value.strip():
                raise invalid(field_name, value, "must be a non-empty string")


#: Every registered reading by name.
READINGS: dict[str, Reading] = {}


def register(item: Reading) -> Reading:
    """Register a reading (done once, by the module that defines it)."""
    if item.name in READINGS:
        raise ToolkitError(f"reading name={item.name!r} is defined twice")
    if item.primary and any(r.primary and r.notion == item.notion for r in READINGS.values()):
        raise ToolkitError(f"notion={item.notion!r} has two primary readings")
    READINGS[item.name] = item
    return item


def reading(name: str) -> Reading:
    """The reading called ``name``."""
    try:
        return READINGS[name]
    except KeyError:
        raise invalid("reading", name, f"not a registered reading; known: {sorted(READINGS)}") from None


def primary(notion: str) -> Reading:
    """The primary reading of ``notion``."""
    for item in READINGS.values():
        if item.notion == notion and item.primary:
            return item
    raise invalid("notion", notion, "has no primary reading")

