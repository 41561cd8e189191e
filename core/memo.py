"""Results kept per object, by identity: :func:`per_object`.

Printing a sympy object (its ``srepr``, its LaTeX) costs far more than looking it up, and a report prints the
same objects again and again: the expressions read back from one text are one object
(:func:`core.formula.parse_srepr` keeps what it built), counting a report's steps prints every step, and
choosing the shortest form of a formula prints each candidate before the chosen one is printed again.

The key is the object itself, not its value: sympy's ``==`` is not always structural (two ``Subs`` whose pairs
are listed in another order are equal and hash alike, yet print differently), so a table keyed by equality
could hand one object the text of another. Each kept object is held, so its identity is never reused while
its result is kept.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["per_object"]

_R = TypeVar("_R")


def per_object(maxsize: int = 8192) -> Callable[[Callable[[Any], _R]], Callable[[Any], _R]]:
    """Decorate a function of one argument so that its result is kept per argument object (by identity), at
    most ``maxsize`` of them (the table is emptied when full). A call that raises keeps nothing."""

    def decorate(function: Callable[[Any], _R]) -> Callable[[Any], _R]:
        kept: dict[int, tuple[Any, _R]] = {}

        @functools.wraps(function)
        def wrapper(argument: Any) -> _R:
            known = kept.get(id(argument))
            if known is not None and known[0] is argument:
                return known[1]
            result = function(argument)
            if len(kept) >= maxsize:
                kept.clear()
            kept[id(argument)] = (argument, result)
            return result

        wrapper.cache_clear = kept.clear  # type: ignore[attr-defined]
        return wrapper

    return decorate
