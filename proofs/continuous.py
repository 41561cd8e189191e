"""Mechanisms with a continuous output, as printed, and their privacy and moments in one call.

::

    from proofs import continuous as C
    PM = C.piecewise(epsilon="eps")                  # Wang et al. 2019: p on [l(t), r(t)], p/e^eps elsewhere in [-C, C]
    C.check_density_ldp(PM, "eps", domain="eps > 0").status                                  # 'proved'
    C.check_density_moment(PM, "t**2/(exp(eps/2)-1) + (exp(eps/2)+3)/(3*(exp(eps/2)-1)**2)", moment="variance",
                           domain="eps > 0").status                                                  # 'proved'
    G = C.gaussian(sigma="2")                        # y = t + N(0, 4), inputs in [-1, 1]
    C.check_density_ldp(G, "1", delta="1/5").status                                          # 'proved'
    W = C.density([("exp(-(y-t)**2/2)/sqrt(2*pi)", "-oo", "oo")])                            # any law as printed

A law here is the law of the report y given the input t in an interval (:class:`numeric.density.Density`): pieces
of density on intervals whose ends are formulas in t and the parameters, and atoms (point masses at points that
do not move with t; a mixture of a density and a two-point law, such as the hybrid mechanism, has both). Every
constructor decides on its whole domain that each piece is non-negative and the law has total mass 1 for every
input (:func:`proofs.engines.density_validity.validate_density`), and refuses a mistyped law with one line naming the
piece, or the input and the value of the integral.

The families of :mod:`numeric.density` (one definition each, which cites its source), validated: :func:`laplace` (scale b, or ε and the sensitivity Δ: b = Δ/ε),
:func:`gaussian` (σ), :func:`piecewise` (Wang et al., ICDE 2019), :func:`duchi_two_point` (Duchi, Jordan and
Wainwright 2013 as a law on the real line, two atoms; :func:`proofs.mechanisms.duchi` is the same mechanism as a finite
family) ±(e^ε+1)/(e^ε−1)), :func:`hybrid` (Wang et al.: PM with probability α, Duchi's
otherwise), :func:`mixture` and :func:`density` (any law as printed).

:func:`check_density_ldp` (:mod:`proofs.engines.density_ldp`): ε-LDP decided case by case over the pieces (cell
by cell over the orderings of their ends when pieces overlap or the support moves with t), or
(ε, δ)-LDP (``delta=``) through the hockey-stick divergence. :func:`check_density_moment`
(:mod:`proofs.engines.density_moments`): the mean, variance or second moment of one report or of the mean of n
reports. :func:`density_ldp_claim` and :func:`density_moment_claim` declare a claim in a few lines, with the two independent
methods of the engine. :func:`dispatch_ldp` and :func:`dispatch_moment` (from the engines, so that
:mod:`proofs.engines.ldp` and :mod:`proofs.engines.moments` may call them) are the hooks through which the
toolkit's general ``check_ldp``/``check_moment`` (and ``ldp_claim``/``moment_claim``) hand a law with continuous output to these engines.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from core.domain import Domain
from core.errors import invalid
from numeric import density as _density
from numeric.density import Density
from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence, Method
from proofs.base.once import Once
from proofs.base.registry import check, define
from proofs.base.verdict import Verdict
from proofs.engines.density_ldp import check_density_ldp, dispatch_ldp
from proofs.engines.density_moments import MOMENTS, STATISTICS, check_density_moment, dispatch_moment
from proofs.engines.density_validity import validate_density
from proofs.mechanisms import validating

__all__ = ["Density", "laplace", "gaussian", "piecewise", "duchi_two_point", "hybrid", "mixture", "density",
           "check_density_ldp", "check_density_moment", "density_ldp_claim", "density_moment_claim", "dispatch_ldp",
           "dispatch_moment", "is_continuous"]


def _validated(build: Callable[..., Density]) -> Callable[..., Density]:
    """``build`` followed by :func:`~proofs.engines.density_validity.validate_density` on the law it returns."""
    return validating(validate_density, build)


laplace = _validated(_density.laplace)
gaussian = _validated(_density.gaussian)
piecewise = _validated(_density.piecewise)
duchi_two_point = _validated(_density.duchi_two_point)
hybrid = _validated(_density.hybrid)
mixture = _validated(_density.mixture)
density = _validated(_density.density)


def is_continuous(mechanism: Any) -> bool:
    """Whether ``mechanism`` is a law with continuous output (handled here, not by the finite engines)."""
    return isinstance(mechanism, Density)


# ------------------------------------------------------------------------------------------- declarations
def _points(budget: Budget) -> int:
    return max(2, min(8, budget.grid // 2 + 1))


def _declare(id: str, title: str, source: str, statement: str, domain: Any, assumptions: Iterable[str],
             once: Once) -> Claim:
    text = domain.text if isinstance(domain, Domain) else (domain or "as the mechanism states")
    claim = Claim(id=id, title=title, source=source, statement=statement, domain=str(text),
                  assumptions=tuple(assumptions))
    define(claim)
    for method in once.methods:
        def run(budget: Budget, method: Method = method) -> list[Evidence]:
            return once.evidence(budget, method)

        run.__qualname__ = f"{id}:{method.value}"
        check(id, method)(run)
    return claim


def density_ldp_claim(id: str, *, title: str, source: str, statement: str, mechanism: Density, epsilon: Any,
                      delta: Any = None, domain: Any = None, assumptions: Iterable[str] = ()) -> Claim:
    """A claim that ``mechanism`` (a law with continuous output) is ε-LDP, or (ε, δ)-LDP with ``delta``, on
    ``domain``: the decision and the enumeration (ε-LDP), or the closed form and certified integration
    ((ε, δ)); the engine runs once for both."""
    if not is_continuous(mechanism):
        raise invalid("mechanism", type(mechanism).__name__, "is not a law with continuous output; use proofs.ldp_claim")
    if domain is not None:
        Domain.parse(domain)
    _density.parse_density_formula(epsilon, name="epsilon")
    if delta is not None:
        _density.parse_density_formula(delta, name="delta")

    def compute(budget: Budget) -> Verdict:
        return check_density_ldp(mechanism, epsilon, domain, delta=delta, points=_points(budget),
                                 timeout=budget.timeout)

    methods = (Method.DECISION, Method.ENUMERATION) if delta is None else (Method.DECISION, Method.INTERVAL)
    return _declare(id, title, source, statement, domain, assumptions, Once(compute, methods))


def density_moment_claim(id: str, *, title: str, source: str, statement: str, mechanism: Density, claimed: Any,
                         moment: str = "mean", statistic: str = "output", n: Any = "n", domain: Any = None,
                         assumptions: Iterable[str] = ()) -> Claim:
    """A claim that the ``moment`` of one report (or of the mean of n reports) of ``mechanism`` is ``claimed``
    for every input and every parameter of ``domain``: symbolic integration and certified integration."""
    if not is_continuous(mechanism):
        raise invalid("mechanism", type(mechanism).__name__, "is not a law with continuous output; use proofs.moment_claim")
    if moment not in MOMENTS:
        raise invalid("moment", moment, f"not one of {list(MOMENTS)}")
    if statistic not in STATISTICS:
        raise invalid("statistic", statistic, f"not one of {list(STATISTICS)}")
    if domain is not None:
        Domain.parse(domain)
    _density.parse_density_formula(claimed, name="claimed")

    def compute(budget: Budget) -> Verdict:
        return check_density_moment(mechanism, claimed, moment=moment, statistic=statistic, n=n, domain=domain,
                                    points=_points(budget))

    return _declare(id, title, source, statement, domain, assumptions,
                    Once(compute, (Method.SYMBOLIC, Method.INTERVAL)))
