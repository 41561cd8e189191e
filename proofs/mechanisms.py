"""Mechanisms as printed, validated on construction: ``from proofs import mechanisms as M``.

::

    from proofs import check_ldp, mechanisms as M
    G = M.randomized_response(d="d", epsilon="eps")            # p = e^eps/(e^eps+d-1), q = 1/(e^eps+d-1)
    U = M.unary_encoding(d="d", p="1/2", q="1/(exp(eps)+1)")   # d independent bits
    W = M.matrix([["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"],
                  ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]], domain="eps > 0")    # any printed matrix
    M.warner(p="p"), M.duchi(epsilon="eps"), M.product(G, U), M.post_process(A, [[1, 0], [0, 1], [0, 1]])

Each constructor builds the family of :mod:`numeric.families` (where the mathematics and the sources are
documented) and decides, on its whole stated domain, that every entry lies in [0, 1] and every row sums to
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

from collections.abc import Sequence
from typing import Any

from numeric import families as _families
from numeric import local_hashing as _hashing
from numeric.families import Family
from proofs.engines.validity import validate

__all__ = [
    "randomized_response", "warner", "unary_encoding", "symmetric_unary_encoding", "optimized_unary_encoding",
    "duchi", "continuous", "matrix", "product", "post_process", "q2x3", "q_wrr", "q_gwrr", "q_lambda",
    "report_randomized_response", "bassily_smith", "Family",
    "local_hashing", "olh", "blh",
]


def randomized_response(d: Any = "d", epsilon: Any = None, *, p: Any = None, domain: Any = None) -> Family:
    """k-ary randomized response (see :func:`numeric.families.randomized_response`), validated."""
    return validate(_families.randomized_response(d, epsilon, p=p, domain=domain))


def warner(p: Any = "p", *, domain: Any = None) -> Family:
    """Warner's randomized response [[p, 1−p], [1−p, p]] (003 Example 3.7), validated."""
    return validate(_families.warner(p, domain=domain))


def unary_encoding(d: Any = "d", p: Any = "p", q: Any = "q", *, domain: Any = None) -> Family:
    """Unary encoding with any (p, q): d independent bits (see :func:`numeric.families.unary_encoding`),
    validated: p and q must be probabilities on the whole domain."""
    return validate(_families.unary_encoding(d, p, q, domain=domain))


def symmetric_unary_encoding(d: Any = "d", epsilon: Any = "eps", *, domain: Any = None) -> Family:
    """p = e^{ε/2}/(e^{ε/2}+1), q = 1 − p (basic RAPPOR), validated."""
    return validate(_families.symmetric_unary_encoding(d, epsilon, domain=domain))


def optimized_unary_encoding(d: Any = "d", epsilon: Any = "eps", *, domain: Any = None) -> Family:
    """p = 1/2, q = 1/(e^ε+1) (Wang et al.'s OUE), validated."""
    return validate(_families.optimized_unary_encoding(d, epsilon, domain=domain))


def duchi(epsilon: Any = "eps", *, domain: Any = None) -> Family:
    """Duchi, Jordan and Wainwright's one-bit mechanism for x in [−1, 1], validated."""
    return validate(_families.duchi(epsilon, domain=domain))


def continuous(row: Sequence[Any], *, interval: tuple[Any, Any] = (-1, 1), outputs: Sequence[Any] | None = None,
               domain: Any = None) -> Family:
    """A mechanism whose input is a number x in ``interval``: one row of output probabilities written in
    ``x`` (see :func:`numeric.families.continuous`), validated for every x of the interval."""
    return validate(_families.continuous(row, interval=interval, outputs=outputs, domain=domain))


def matrix(rows: Any, *, domain: Any = None, inputs: Sequence[Any] | None = None,
           outputs: Sequence[Any] | None = None) -> Family:
    """Any printed matrix (rows = inputs, columns = outputs; entries formula strings, sympy expressions
    or exact numbers) on the stated ``domain``, validated."""
    return validate(_families.matrix(rows, domain=domain, inputs=inputs, outputs=outputs))


def product(*families: Family) -> Family:
    """The composition of mechanisms on the same input (independent randomness), validated."""
    return validate(_families.product(*families))


def post_process(family: Family, kernel: Any, *, outputs: Sequence[Any] | None = None, domain: Any = None) -> Family:
    """``family`` followed by the Markov kernel ``kernel`` (one row per output of the family), validated:
    the kernel's rows must be probability vectors on the whole domain."""
    return validate(_families.post_process(family, kernel, outputs=outputs, domain=domain))


def q2x3(p: Any = "p", q: Any = "q", *, domain: Any = None) -> Family:
    """Q_{2×3} of 003 §3.1 (outputs yes, no, don't know), validated."""
    return validate(_families.q2x3(p, q, domain=domain))


def q_wrr(epsilon: Any = "eps", *, domain: Any = None) -> Family:
    """Q_WRR of 003 (binary randomized response with loss ε), validated."""
    return validate(_families.q_wrr(epsilon, domain=domain))


def q_gwrr(c: Any = "c", epsilon: Any = "eps", *, domain: Any = None) -> Family:
    """Q_GWRR of 003 Corollary 3.12, validated."""
    return validate(_families.q_gwrr(c, epsilon, domain=domain))


def q_lambda(p: Any = "p", q: Any = "q", lam: Any = "lam", *, domain: Any = None) -> Family:
    """Q_λ of 003 §3.2, validated."""
    return validate(_families.q_lambda(p, q, lam, domain=domain))


def report_randomized_response(p: Any = "p", *, domain: Any = None) -> Family:
    """Randomized response of 004 §2.2, [[1/2+p, 1/2−p], [1/2−p, 1/2+p]], validated."""
    return validate(_families.report_randomized_response(p, domain=domain))


def bassily_smith(d: Any = "T", p: Any = "p", *, domain: Any = None) -> Family:
    """Bassily and Smith's vector randomized response as 004 §2.2 prints it (a unary encoding with bits
    1/2 ± p), validated."""
    return validate(_families.bassily_smith(d, p, domain=domain))


def local_hashing(d: Any = "d", g: Any = "g", epsilon: Any = "eps", *, domain: Any = None) -> Family:
    """Local hashing over d values into g buckets (Wang, Blocki, Li, Jha, "Locally Differentially Private
    Protocols for Frequency Estimation", USENIX Security 2017, §4.4; see :func:`numeric.local_hashing.local_hashing`):
    the report ⟨h, y⟩ supports the input with p = e^ε/(e^ε + g − 1) and any other value with q = 1/g. Validated."""
    return validate(_hashing.local_hashing(d, g, epsilon, domain=domain))


def olh(d: Any = "d", epsilon: Any = "eps", *, g: Any = "g", domain: Any = None) -> Family:
    """Optimized local hashing (Wang et al. 2017, §4.4): g = round(e^ε + 1), stated by the domain when ε is a
    name (see :func:`numeric.local_hashing.olh`). Validated."""
    return validate(_hashing.olh(d, epsilon, g=g, domain=domain))


def blh(d: Any = "d", epsilon: Any = "eps", *, domain: Any = None) -> Family:
    """Binary local hashing (Wang et al. 2017, §4.4): g = 2. Validated."""
    return validate(_hashing.blh(d, epsilon, domain=domain))
