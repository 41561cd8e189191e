"""The toolkit's exceptions: one root, and an argument error that is also a ``ValueError``.

Messages name the offending value as ``name=value`` and, where there is one, suggest the fix.
"""

from __future__ import annotations

__all__ = ["ToolkitError", "InvalidArgument", "UnknownClaim", "invalid"]


class ToolkitError(Exception):
    """Root of every error this toolkit raises on purpose."""


class InvalidArgument(ToolkitError, ValueError):
    """An argument outside the domain a function accepts (a negative mass, p + q > 1, n < 1, ...)."""


class UnknownClaim(InvalidArgument, KeyError):
    """A claim id that is not in the registry."""

    def __str__(self) -> str:  # KeyError would otherwise quote the message
        return str(self.args[0]) if self.args else ""


def invalid(name: str, value: object, why: str, fix: str | None = None) -> InvalidArgument:
    """Build an :class:`InvalidArgument` whose message reads ``name=value: why[; fix]``."""
    message = f"{name}={_short(value)}: {why}"
    if fix:
        message += f"; {fix}"
    return InvalidArgument(message)


def _short(value: object, limit: int = 120) -> str:
    """``repr(value)``, cut in the middle when it is long, so a message stays on one readable line."""
    text = repr(value).replace("\n", " ")
    return text if len(text) <= limit else f"{text[:limit // 2]}…{text[-limit // 2:]} ({len(text)} characters)"
