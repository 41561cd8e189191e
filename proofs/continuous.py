"""Mechanisms with a continuous output, as printed, and their privacy and moments in one call.

::

    from proofs import continuous as C
    PM = C.piecewise(epsilon="eps")                  # Wang et al. 2019: p on [l(t), r(t)], p/e^eps elsewhere in [-C, C]
    C.check_ldp(PM, "eps", domain="eps > 0").status                                          # 'proved'
    C.check_moment(PM, "t**2/(exp(eps/2)-1) + (exp(eps/2)+3)/(3*(exp(eps/2)-1)**2)", moment="variance",
                   domain="eps > 0").status                                                  # 'proved'
    G = C.gaussian(sigma="2")                        # y = t + N(0, 4), inputs in [-1, 1]
    C.check_ldp(G, "1", delta="1/5").status                                                  # 'proved'
    W = C.density([("exp(-(y-t)**2/2)/sqrt(2*pi)", "-oo", "oo")])                            # any law as printed

A law here is the law of the report y given the input t in an interval (:class:`numeric.density.Density`): pieces
of density on intervals whose ends are formulas in t and the parameters, and atoms (point masses at points that
do not move with t; a mixture of a density and a two-point law, such as the hybrid mechanism, has both). Every
constructor decides on its whole domain that each piece is non-negative and the law has total mass 1 for every
input (:func:`proofs.engines.density_validity.validate`), and refuses a mistyped law with one line naming the
piece, or the input and the value of the integral.

The families, each citing its source: :func:`laplace` (scale b, or ε and the sensitivity Δ: b = Δ/ε),
:func:`gaussian` (σ), :func:`piecewise` (Wang et al., ICDE 2019), :func:`duchi` (Duchi, Jordan and
Wainwright 2013, two atoms ±(e^ε+1)/(e^ε−1)), :func:`hybrid` (Wang et al.: PM with probability α, Duchi's
otherwise), :func:`mixture` and :func:`density` (any law as printed).

:func:`check_ldp` (:mod:`proofs.engines.density_ldp`): ε-LDP decided case by case over the pieces, or
(ε, δ)-LDP (``delta=``) through the hockey-stick divergence. :func:`check_moment`
(:mod:`proofs.engines.density_moments`): the mean, variance or second moment of one report or of the mean of n
reports. :func:`ldp_claim` and :func:`moment_claim` declare a claim in a few lines, with the two independent
methods of the engine. :func:`dispatch_ldp` and :func:`dispatch_moment` (from the engines, so that
:mod:`proofs.engines.ldp` and :mod:`proofs.engines.moments` may call them) are the hooks through which the
toolkit's general ``check_ldp``/``check_moment`` hand a law with continuous output to these engines.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
from proofs.engines.density_validity import validate

__all__ = ["Density", "laplace", "gaussian", "piecewise", "duchi", "hybrid", "mixture", "density", "check_ldp",
           "check_moment", "ldp_claim", "moment_claim", "dispatch_ldp", "dispatch_moment", "is_continuous"]


def laplace(scale: Any = None, *, epsilon: Any = None, sensitivity: Any = None, interval: tuple[Any, Any] | None = None,
            domain: Any = None) -> Density:
    """The Laplace mechanism (Dwork, McSherry, Nissim and Smith 2006): scale ``b``, or ``epsilon`` with the
    ``sensitivity`` Δ (b = Δ/ε); inputs in (−1, 1), or (−Δ/2, Δ/2) when Δ is given. Validated."""
    return validate(_density.laplace(scale, epsilon=epsilon, sensitivity=sensitivity, interval=interval, domain=domain))


def gaussian(sigma: Any = "sigma", *, sensitivity: Any = None, interval: tuple[Any, Any] | None = None,
             domain: Any = None) -> Density:
    """The Gaussian mechanism y = t + N(0, σ²) (Dwork and Roth 2014, Appendix A). Validated."""
    return validate(_density.gaussian(sigma, sensitivity=sensitivity, interval=interval, domain=domain))


def piecewise(epsilon: Any = "eps", *, domain: Any = None) -> Density:
    """The piecewise mechanism (Wang et al., ICDE 2019, Algorithm 2). Validated for every ε of the domain."""
    return validate(_density.piecewise(epsilon, domain=domain))


def duchi(epsilon: Any = "eps", *, domain: Any = None) -> Density:
    """Duchi, Jordan and Wainwright's one-bit mechanism as a law on the real line (two atoms). Validated."""
    return validate(_density.duchi_two_point(epsilon, domain=domain))


def hybrid(epsilon: Any = "eps", alpha: Any = None, *, domain: Any = None) -> Density:
    """The hybrid mechanism (Wang et al., ICDE 2019): PM with probability α (1 − e^{−ε/2} by default), Duchi et
    al.'s otherwise. Validated."""
    return validate(_density.hybrid(epsilon, alpha, domain=domain))


def mixture(components: Sequence[tuple[Any, Density]], *, name: str = "a mixture", source: str = "as printed",
            domain: Any = None) -> Density:
    """Component k with probability w_k (``components`` a list of (w_k, law)). Validated."""
    return validate(_density.mixture(components, name=name, source=source, domain=domain))


def density(pieces: Sequence[Any], *, interval: tuple[Any, Any] = (-1, 1), support: tuple[Any, Any] | None = None,
            atoms: Sequence[Any] = (), domain: Any = None, name: str = "a density", source: str = "as printed",
            sensitivity: Any = None) -> Density:
    """Any law as printed: ``pieces`` a list of (density, lo, hi) formulas in y, t and the parameters, ``atoms`` a
    list of (at, mass). Validated."""
    return validate(_density.density(pieces, interval=interval, support=support, atoms=atoms, domain=domain,
                                     name=name, source=source, sensitivity=sensitivity))


def is_continuous(mechanism: Any) -> bool:
    """Whether ``mechanism`` is a law with continuous output (handled here, not by the finite engines)."""
    return isinstance(mechanism, Density)


def check_ldp(mechanism: Density, epsilon: Any, domain: Any = None, *, delta: Any = None, points: int = 4,
              timeout: float = 20.0) -> Verdict:
    """ε-LDP (or (ε, δ)-LDP with ``delta=``) of a law with continuous output on the whole domain
    (:func:`proofs.engines.density_ldp.check_density_ldp`)."""
    return check_density_ldp(mechanism, epsilon, domain, delta=delta, points=points, timeout=timeout)


def check_moment(mechanism: Density, claimed: Any, *, moment: str = "mean", statistic: str = "output", n: Any = "n",
                 domain: Any = None, points: int = 4) -> Verdict:
    """A moment of one report (``statistic="output"``) or of the mean of n reports (``"mean"``)
    (:func:`proofs.engines.density_moments.check_density_moment`)."""
    return check_density_moment(mechanism, claimed, moment=moment, statistic=statistic, n=n, domain=domain,
                                points=points)


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


def ldp_claim(id: str, *, title: str, source: str, statement: str, mechanism: Density, epsilon: Any,
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
        return check_ldp(mechanism, epsilon, domain, delta=delta, points=_points(budget), timeout=budget.timeout)

    methods = (Method.DECISION, Method.ENUMERATION) if delta is None else (Method.DECISION, Method.INTERVAL)
    return _declare(id, title, source, statement, domain, assumptions, Once(compute, methods))


def moment_claim(id: str, *, title: str, source: str, statement: str, mechanism: Density, claimed: Any,
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
        return check_moment(mechanism, claimed, moment=moment, statistic=statistic, n=n, domain=domain,
                            points=_points(budget))

    return _declare(id, title, source, statement, domain, assumptions,
                    Once(compute, (Method.SYMBOLIC, Method.INTERVAL)))
