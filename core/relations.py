"""A relation read back is the relation that was written: ``a > b`` between two numbers stays ``a > b``.

A step of a proof records the relation a machine re-checks (``delta(eps) > delta`` between two numbers, both
sides enclosed in balls), built unevaluated so that the check is left to the re-checking. sympy rebuilds a
relation by calling its class, which evaluates it: a relation between numbers that sympy can decide comes back
as ``true``, and the step a report or a certificate shows then checks nothing (a step that cannot fail). Every
result that crosses a process boundary is rebuilt that way: the worker processes of a run and Dask's workers
send their results pickled, kept results are pickled, and a JSON report is read back from the relations'
``srepr``.

:func:`rebuilt` makes a relation of its class and sides without evaluating it (the reader of ``srepr``,
:func:`core.formula.parse_srepr`, uses it); :func:`keep_when_pickled` registers the same rebuilding for
pickling with :mod:`copyreg` (:mod:`proofs.kernel.steps` calls it when it is imported). The pickle names only
sympy's class and :func:`functools.partial`, so a process without the toolkit reads it back. A relation sympy
left symbolic is rebuilt as the same object as before (its printed sides, unevaluated, are its sides), and
nothing that is not a relation changes. sympy is imported where a function needs it, as everywhere in
:mod:`core`.
"""

from __future__ import annotations

import copyreg
import functools
from collections.abc import Callable
from typing import Any

__all__ = ["is_relation_class", "keep_when_pickled", "rebuilt"]


def is_relation_class(cls: Any) -> bool:
    """Whether ``cls`` is a sympy relation class (``==``, ``!=``, ``<``, ``<=``, ``>``, ``>=``)."""
    from sympy.core.relational import Relational

    return isinstance(cls, type) and issubclass(cls, Relational)


def rebuilt(cls: Callable[..., Any], lhs: Any, rhs: Any) -> Any:
    """The relation ``cls(lhs, rhs)`` as written, not evaluated."""
    return cls(lhs, rhs, evaluate=False)


def _reduce(relation: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
    cls: Callable[..., Any] = type(relation)
    return functools.partial(cls, evaluate=False), tuple(relation.args)


def keep_when_pickled() -> None:
    """Pickle every relation so that it is rebuilt as written (idempotent)."""
    import sympy

    for cls in (sympy.Equality, sympy.Unequality, sympy.StrictLessThan, sympy.LessThan, sympy.StrictGreaterThan,
                sympy.GreaterThan):
        copyreg.pickle(cls, _reduce)
