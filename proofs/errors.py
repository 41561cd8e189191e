"""The toolkit's exceptions, re-exported from :mod:`core.errors` (their one definition)."""

from core.errors import InvalidArgument, ToolkitError, UnknownClaim, invalid

__all__ = ["ToolkitError", "InvalidArgument", "UnknownClaim", "invalid"]
