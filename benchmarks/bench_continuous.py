"""Benchmark of the engines for mechanisms with a continuous output: the piecewise mechanism's privacy and
variance, proved for every ε, PM's worst case against Laplace's variance 8/ε² for every ε (ε mixed with e^{ε/2},
decided by certified bounds on the logarithm), and the Gaussian mechanism's (ε, δ), decided at a point.

Baselines, measured in the same run, prove nothing beyond one point: for privacy, the piecewise mechanism's
density ratio at every end of a piece and between them at ε = log 4 and the inputs −1, 0, 1
(:meth:`numeric.density.Density.density_at`); for the variance, the second moment integrated in certified balls
at one ε and one t (:func:`proofs.engines.density_moments.moment_at`); for (ε, δ), the closed form δ(ε) in balls
at σ = 2 (:func:`proofs.engines.density_ldp.gaussian_delta`); for PM against Laplace, the difference
8/ε² − PM's variance at t = 1 enclosed in balls at ε = 2. The figure that matters is the ratio ``check /
baseline``: what a proof for every ε (or a second, independent method) costs against one point.

Run: ``python benchmarks/bench_continuous.py [--repeat N]`` (best of N runs per row; the first run is shown too,
as it pays for sympy's caches being cold).
"""

from __future__ import annotations

import argparse

import flint
import sympy

from numeric import density as D
from core.formula import parse_formula
from proofs import check_sign, continuous as C, sup_over
from proofs.kernel import stepcheck
from proofs.engines.density_ldp import gaussian_delta
from proofs.engines.density_moments import moment_at

from _common import timed

PM_VARIANCE = "t**2/(exp(eps/2) - 1) + (exp(eps/2) + 3)/(3*(exp(eps/2) - 1)**2)"
LAPLACE_VARIANCE = "8/eps**2"


def ratios_at_one_point(law: D.Density) -> int:
    """The density ratio against e^ε at every end of a piece and between them, ε = log 4, t, t' in {−1, 0, 1}."""
    point = {"eps": sympy.log(4)}
    e = sympy.Integer(4)
    checked = 0
    for t in (-1, 0, 1):
        for tp in (-1, 0, 1):
            ends = sorted({sympy.nsimplify(p.lo.subs({D.T: t, sympy.Symbol("eps", real=True): sympy.log(4)}))
                           for p in law.pieces} | {sympy.nsimplify(p.hi.subs({D.T: t, sympy.Symbol("eps", real=True):
                                                                                 sympy.log(4)})) for p in law.pieces})
            for y in [(a + b) / 2 for a, b in zip(ends, ends[1:])]:
                fi, fj = law.density_at(y, t, point), law.density_at(y, tp, point)
                if fi is not None and fj is not None:
                    assert stepcheck.sign_of(e * fj - fi) >= 0
                    checked += 1
    return checked


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    pm = C.piecewise()
    gauss = C.gaussian(sigma="2")
    rows = [
        ("PM: eps-LDP for every eps", lambda: C.check_density_ldp(pm, "eps", domain="eps > 0"),
         lambda: ratios_at_one_point(pm)),
        ("PM: variance for every eps and t", lambda: C.check_density_moment(pm, PM_VARIANCE, moment="variance", domain="eps > 0"),
         lambda: moment_at(pm, 2, sympy.Rational(1, 3), {"eps": 2})),
        ("PM beats Laplace for every eps",
         lambda: check_sign(parse_formula(LAPLACE_VARIANCE) - sup_over(PM_VARIANCE, "t", -1, 1), "eps > 0", sign=">0"),
         lambda: stepcheck.arb_value(parse_formula(LAPLACE_VARIANCE) - parse_formula(PM_VARIANCE).subs(
             sympy.Symbol("t", real=True), 1), {"eps": flint.arb(2)}, 200)),
        ("Gaussian sigma=2: (1, 1/5)-LDP", lambda: C.check_density_ldp(gauss, "1", delta="1/5"),
         lambda: stepcheck.arb_value(gaussian_delta(4, 2, 1), {}, 200)),
    ]
    print(f"{'check':36s} {'first/best':>17s} {'baseline':>9s} {'ratio':>8s}  status")
    for label, check, base in rows:
        first, best, verdict = timed(check, args.repeat)
        _, base_best, _ = timed(base, args.repeat)
        print(f"{label:36s} {first:7.2f}s / {best:6.2f}s {base_best:8.3f}s {best / base_best:7.1f}x  {verdict.status}")
        for evidence in verdict.evidence:
            print(f"    {evidence.method.value:12s} {evidence.outcome.value:10s} {evidence.seconds:6.2f}s")


if __name__ == "__main__":
    main()
