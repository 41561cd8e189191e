"""Optional dependencies: what the main job (``python -m proofs``) does not need is an extra of the package.

* ``figures``: matplotlib, which draws the figures (``python -m proofs figures DIR`` and the figures of the HTML
  page);
* ``cluster``: Dask ``distributed``, for ``--scheduler``;
* ``notebooks``: what runs the notebooks of ``notebooks/`` (and matplotlib).

``pip install -e '.[test]'`` installs them all. A command that needs an extra which is not installed stops
with one line naming the extra, before any claim runs.
"""

from __future__ import annotations

import importlib.util

from core.errors import invalid

__all__ = ["EXTRAS", "installed", "require"]

#: The module each extra provides, by extra.
EXTRAS = {"figures": "matplotlib", "cluster": "distributed"}


def installed(extra: str) -> bool:
    """Whether the module of ``extra`` can be imported (found, not imported: that takes seconds)."""
    return importlib.util.find_spec(EXTRAS[extra]) is not None


def require(extra: str, name: str, value: object, what: str, alternative: str | None = None) -> None:
    """Nothing when ``extra`` is installed; otherwise an :class:`~core.errors.InvalidArgument` line
    ``name=value: what needs <module>, which is not installed; pip install 'ldp-belief-proofs[extra]'``."""
    if installed(extra):
        return
    fix = f"pip install 'ldp-belief-proofs[{extra}]'" + (f" or {alternative}" if alternative else "")
    raise invalid(name, value, f"{what} needs {EXTRAS[extra]}, which is not installed (the {extra!r} extra)", fix)
