"""Mechanisms as printed, validated on construction: ``from proofs import mechanisms as M``.

::

    from proofs import check_ldp, mechanisms as M
    G = M.randomized_response(d="d", epsilon="eps")            # p = e^eps/(e^eps+d-1), q = 1/(e^eps+d-1)
    U = M.unary_encoding(d="d", p="1/2", q="1/(exp(eps)+1)")   # d independent bits
    W = M.matrix([["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"],
                  ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]], domain="eps > 0")    # any printed matrix
    M.warner(p="p"), M.duchi(epsilon="eps"), M.product(G, U), M.post_process(A, [[1, 0], [0, 1], [0, 1]])

Each constructor is the one of :mod:`numeric.families` (one definition, where the mathematics and the
sources are documented: its name, signature and docstring are kept) wrapped so that it decides, on its whole stated domain, that every entry lies in [0, 1] and every row sums to
1 (:func:`proofs.engines.validity.validate`: sympy for the identities, :func:`proofs.check_sign` for the
inequalities). A mechanism that fails is refused at once with a one-line
:class:`~core.errors.InvalidArgument` naming the row or the entry, a point of the domain and the value
there; one the decider cannot settle is refused too, never accepted silently. So a mistyped row is
refused whatever grid a later check would use.

The families: :func:`randomized_response` (k-ary, symbolic ``d``), :func:`warner`, :func:`unary_encoding`
(any p, q) with :func:`symmetric_unary_encoding` and :func:`optimized_unary_encoding`, :func:`duchi`
(inputs x in [−1, 1]), :func:`continuous` (any mechanism on a numeric input x, as one row in x), :func:`product`, :func:`post_process`, :func:`matrix`; the mechanisms of 003
(:func:`q2x3`, :func:`q_wrr`, :func:`q_gwrr`, :func:`q_lambda`) and of 004 §2.2
(:func:`report_randomized_response`, :func:`bassily_smith`); local hashing, :func:`local_hashing` with
:func:`olh` and :func:`blh` (Wang et al., USENIX Security 2017, :mod:`numeric.local_hashing`).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from numeric import families as _families
from numeric import local_hashing as _hashing
from numeric.families import Family
from proofs.engines.validity import validate

_T = TypeVar("_T")

__all__ = [
    "randomized_response", "warner", "unary_encoding", "symmetric_unary_encoding", "optimized_unary_encoding",
    "duchi", "continuous", "matrix", "product", "post_process", "q2x3", "q_wrr", "q_gwrr", "q_lambda",
    "report_randomized_response", "bassily_smith", "Family",
    "local_hashing", "olh", "blh",
]


def validating(check: Callable[[_T], _T], build: Callable[..., _T]) -> Callable[..., _T]:
    """``build`` (a constructor of the numeric layer, whose name and docstring it keeps) followed by ``check`` on
    what it returns: how the public constructors of :mod:`proofs.mechanisms` and :mod:`proofs.continuous` are
    validated on construction."""

    @functools.wraps(build)
    def validated(*args: Any, **kwargs: Any) -> _T:
        return check(build(*args, **kwargs))

    return validated


def _validated(build: Callable[..., Family]) -> Callable[..., Family]:
    """``build`` followed by :func:`~proofs.engines.validity.validate` on the family it returns."""
    return validating(validate, build)


randomized_response = _validated(_families.randomized_response)
warner = _validated(_families.warner)
unary_encoding = _validated(_families.unary_encoding)
symmetric_unary_encoding = _validated(_families.symmetric_unary_encoding)
optimized_unary_encoding = _validated(_families.optimized_unary_encoding)
duchi = _validated(_families.duchi)
continuous = _validated(_families.continuous)
matrix = _validated(_families.matrix)
product = _validated(_families.product)
post_process = _validated(_families.post_process)
q2x3 = _validated(_families.q2x3)
q_wrr = _validated(_families.q_wrr)
q_gwrr = _validated(_families.q_gwrr)
q_lambda = _validated(_families.q_lambda)
report_randomized_response = _validated(_families.report_randomized_response)
bassily_smith = _validated(_families.bassily_smith)
local_hashing = _validated(_hashing.local_hashing)
olh = _validated(_hashing.olh)
blh = _validated(_hashing.blh)
