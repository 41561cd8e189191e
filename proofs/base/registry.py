"""The claim registry, filled by :func:`define` and the :func:`check` decorator.

The registry imports no claim module: the layers above register the claims every run includes with
:func:`add_source` (the package API registers the built-in catalog, loaded by the loader a claims file of your
own goes through, :mod:`proofs.userclaims`), and :func:`load` runs those sources once, before the first look-up.
A claim defined without checks is reported ``inconclusive`` ("no check implemented yet").

Example::

    EQ2 = define(Claim(id="Eq2", title=..., source="003 Eq. (2)", statement=..., domain=...))

    @check("Eq2", "symbolic")
    def _eq2_solves_score(budget):
        ...
        return Evidence(method="symbolic", outcome="proved", domain="p != q, n1 + n2 > 0", ...)
"""

from __future__ import annotations

import difflib
from collections.abc import Callable

from proofs.base.claim import Check, CheckFunction, Claim
from core.errors import ToolkitError, UnknownClaim, invalid
from proofs.base.evidence import Method

__all__ = ["define", "check", "add_source", "load", "claims", "get", "checks_for", "resolve", "ids", "forget"]

_CLAIMS: dict[str, Claim] = {}
_CHECKS: dict[str, list[Check]] = {}
#: What :func:`load` runs, in order: each registers the claims of one default source (the built-in catalog).
_SOURCES: list[Callable[[], object]] = []
_loaded = False


def define(claim: Claim) -> Claim:
    """Register ``claim``; its id must be new."""
    if claim.id in _CLAIMS:
        raise ToolkitError(f"claim id={claim.id!r} is already registered; choose another id")
    _CLAIMS[claim.id] = claim
    _CHECKS.setdefault(claim.id, [])
    return claim


def check(claim_id: str, method: Method | str) -> Callable[[CheckFunction], CheckFunction]:
    """Decorator registering ``function(budget) -> Evidence | Iterable[Evidence]`` as a check of a claim.

    The claim must already be defined (define it above its checks in the same module).
    """
    try:
        method = Method(method)
    except ValueError:
        raise invalid("method", method, f"not one of {[m.value for m in Method]}") from None

    def register(function: CheckFunction) -> CheckFunction:
        if claim_id not in _CLAIMS:
            raise ToolkitError(f"check {function.__qualname__} names claim id={claim_id!r}, which is not defined")
        _CHECKS[claim_id].append(Check(claim_id, method, function))
        return function

    return register


def add_source(loader: Callable[[], object]) -> None:
    """Register ``loader``, which registers the claims of a source every run includes (the built-in catalog);
    :func:`load` runs it once, in the order the sources were added."""
    if not callable(loader):
        raise invalid("loader", loader, "must be a function that registers claims")
    if loader not in _SOURCES:
        _SOURCES.append(loader)


def load() -> None:
    """Run every registered source once (idempotent; a source that fails runs again at the next call)."""
    global _loaded
    if _loaded:
        return
    _loaded = True  # a source's own look-ups (a claims loader reads the registry) do not load again
    try:
        for loader in tuple(_SOURCES):
            loader()
    except BaseException:
        _loaded = False
        raise


def claims() -> list[Claim]:
    """All registered claims, in registration order."""
    load()
    return list(_CLAIMS.values())


def ids() -> list[str]:
    """Every registered id, in registration order (without loading the built-in catalog)."""
    return list(_CLAIMS)


def forget(claim_ids: list[str]) -> None:
    """Unregister ``claim_ids`` and their checks (a claims file that failed to load leaves nothing)."""
    for claim_id in claim_ids:
        _CLAIMS.pop(claim_id, None)
        _CHECKS.pop(claim_id, None)


def get(claim_id: str) -> Claim:
    """The claim ``claim_id``; an unknown id raises :class:`UnknownClaim` naming close matches."""
    load()
    try:
        return _CLAIMS[claim_id]
    except KeyError:
        close = difflib.get_close_matches(claim_id, list(_CLAIMS), n=3, cutoff=0.5)
        hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else "; `list` shows the ids"
        raise UnknownClaim(f"unknown claim id {claim_id!r}{hint}") from None


def checks_for(claim_id: str) -> tuple[Check, ...]:
    """The checks registered for ``claim_id`` (empty while none is implemented)."""
    get(claim_id)
    return tuple(_CHECKS[claim_id])


def resolve(ids: list[str] | None) -> list[Claim]:
    """The claims named by ``ids`` (all when empty), every id checked before any work starts."""
    if not ids:
        return claims()
    return [get(i) for i in ids]
