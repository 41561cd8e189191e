"""What the claim modules of the report 004 share (no claim is defined here): the grid of p, the seeds and
the standard of the simulations, the Gaussian tail bound that §2.1 (the calibration) and §3.1 (the tail
interval) both rest on, and the coverage of the §3.2 intervals (limiting, exact, simulated) that R.ci-rr
and R.ci-mu both compute.

Simulation standard (R.ci-gauss, R.ci-rr, R.ci-mu). The report derives its intervals from a normal
approximation, so "is a (1-α) confidence interval" is read as coverage 1-α (in the normal limit where
the report says so). A simulated coverage is reported with its Wilson 99.9 % interval (numpy
``default_rng(seed)``, seeds :data:`SEEDS`, ``budget.replicates`` replicates). A simulation alone never
proves or refutes: it gives ``holds`` at most, and a counterexample needs the exact (or certified)
coverage below 1-α at the same point.
"""

from __future__ import annotations

from fractions import Fraction

from catalog.models import meanest as binned
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence, Method, Outcome, Recheck
from proofs.engines.certified import confirmed
from proofs.engines.methods import rational_grid
from catalog.derivations import meanest as derivations

__all__ = ["SEEDS", "HALF", "p_grid", "tail_bound_evidence", "simulation_outcome", "RR", "RR_N", "limit_coverage",
           "exact_coverage", "coverage_evidence", "simulated",
           "simulation_evidence"]

SEEDS = (20180422, 20180423)
HALF = Fraction(1, 2)


def p_grid(budget: Budget) -> list[Fraction]:
    """``budget.grid`` rationals strictly inside (0, 1/2), the range of the report's p (§2.2)."""
    return rational_grid(0, HALF, budget.grid)


def tail_bound_evidence() -> Evidence:
    """Q(a) <= e^{-a²/2}/2 for every a >= 0 (Q the upper normal tail), by the sign pattern of
    g = e^{-a²/2}/2 - Q (:func:`catalog.derivations.meanest.gaussian_tail_bound`): g(0) = 0 = g(∞), and g' changes
    sign once, from + to -, so g >= 0."""
    facts = derivations.gaussian_tail_bound()
    ok = (facts["g(0)"] == 0 and facts["g(oo)"] == 0 and len(facts["roots of g'"]) == 1
          and facts["g'(0) e^0"].is_positive is True)
    return Evidence(Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE, "every a >= 0",
                    {"g(a)": str(facts["g"]), "g(0)": str(facts["g(0)"]), "g(oo)": str(facts["g(oo)"]),
                     "g'(a) e^{a^2/2}": str(facts["g'(a) e^{a^2/2}"]), "sign change of g'": str(facts["roots of g'"]),
                     "conclusion": "g rises from g(0) = 0, then decreases to g(oo) = 0: g >= 0"},
                    derived={"g": facts["g"]})


def simulation_outcome(groups, *, exact_below: bool | None = None) -> Outcome:
    """The outcome of simulated coverages, ``groups`` holding one list of runs (one per seed) per
    configuration: ``holds`` unless some configuration has every seed's Wilson interval strictly below the
    nominal coverage; then ``counterexample`` only when the exact coverage at that point is below too
    (``exact_below``), else ``inconclusive``."""
    confirmed_below = [runs for runs in groups if all(run.below_nominal() for run in runs)]
    if not confirmed_below:
        return Outcome.HOLDS
    return Outcome.COUNTEREXAMPLE if exact_below else Outcome.INCONCLUSIVE


# --- the intervals of §3.2 (R.ci-rr, R.ci-mu) ---------------------------------------------------------

#: The configuration of the two interval claims: bins [0,1], [1,2], θ = (1/2, 1/2), p = 2/5, α = 1/20.
RR = {"L": 0, "U": 2, "c": 1, "theta": (HALF, HALF), "p": Fraction(2, 5), "alpha": Fraction(1, 20)}
RR_N = 20


def limit_coverage(cfg, *, one_sided: bool):
    """Φ(zρ) (one-sided, R.ci-mu at its largest bias) or 2Φ(zρ) - 1 (R.ci-rr), ρ² = v_printed/v_true, the
    coverage as n -> oo (ρ does not depend on n), minus 1 - α."""
    bins = binned.Binning(cfg["L"], cfg["U"], cfg["c"])
    ratio = binned.variance_nu_printed(bins, cfg["p"], 1) / binned.variance_nu_sampled(bins, cfg["theta"], cfg["p"], 1)

    def margin(case, ctx):
        scaled = binned.z_quantile(cfg["alpha"], ctx) * ctx.sqrt(ctx.number(ratio))
        coverage = binned.normal_cdf_in(scaled, ctx) if one_sided else 2 * binned.normal_cdf_in(scaled, ctx) - 1
        return coverage - ctx.number(1 - cfg["alpha"]), {"v_printed/v_true": ratio}
    return margin


def exact_coverage(cfg, law, target, n, *, slack=0, variance=None):
    """The exact coverage (an exact rational) with membership certified by arb balls at two precisions."""
    bins = binned.Binning(cfg["L"], cfg["U"], cfg["c"])

    def compute(ctx):
        coverage, info = binned.exact_ci_rr_coverage(bins, law, target, cfg["p"], n, cfg["alpha"], slack=slack,
                                                     variance=variance, ctx=ctx)
        return (None if info["undecided"] else coverage), info

    return confirmed(compute)


def coverage_evidence(cfg, law, target, n, *, slack=0, variance=None, reading=None, domain: str) -> Evidence:
    """Enumeration evidence from the exact coverage of ν̂ ± (slack + z√v) for ``target``: a counterexample
    when it is below 1 - α (the memberships certified at two precisions), ``holds`` otherwise."""
    coverage, infos = exact_coverage(cfg, law, target, n, slack=slack, variance=variance)
    nominal = 1 - cfg["alpha"]
    detail = {"membership": infos, "exact coverage": coverage, "1 - alpha": nominal}
    if coverage is None:
        return Evidence(Method.ENUMERATION, Outcome.INCONCLUSIVE, domain, detail, reading=reading)
    if coverage < nominal:
        return Evidence(Method.ENUMERATION, Outcome.COUNTEREXAMPLE, domain, detail,
                        counterexample={**cfg, "n": n, "target": target, "exact coverage": coverage,
                                        "1 - alpha": nominal}, recheck=Recheck.TWO_PRECISIONS, reading=reading)
    return Evidence(Method.ENUMERATION, Outcome.HOLDS, domain, detail, reading=reading)


def simulated(cfg, n, budget: Budget, **options):
    """The simulated coverage of the §3.2 interval at ``cfg`` for each seed (options of
    :func:`catalog.models.meanest.simulate_ci_rr`: ``fixed_types``, ``variance``, ``target``, ``slack``)."""
    bins = binned.Binning(cfg["L"], cfg["U"], cfg["c"])
    return [binned.simulate_ci_rr(bins, cfg["theta"], cfg["p"], n, cfg["alpha"], budget.replicates, seed, **options)
            for seed in SEEDS]


def simulation_evidence(cfg, n, budget: Budget, *, target=None, slack=0) -> Evidence:
    """Simulated coverage (both seeds) of ν̂ ± (slack + z√V) for ``target`` (ν by default) under the
    sampling model; a counterexample only when both seeds lie below 1 - α *and* the exact coverage at the
    same point (certified) is below."""
    bins = binned.Binning(cfg["L"], cfg["U"], cfg["c"])
    target = binned.binned_mean(bins, cfg["theta"]) if target is None else target
    runs = simulated(cfg, n, budget, target=target, slack=slack)
    exact, _ = exact_coverage(cfg, binned.joint_counts_sampled(cfg["p"], cfg["theta"], n), target, n, slack=slack)
    outcome = simulation_outcome([runs], exact_below=exact is not None and exact < 1 - cfg["alpha"])
    refuted = outcome is Outcome.COUNTEREXAMPLE
    return Evidence(Method.SIMULATION, outcome, f"n = {n}, target {target}, slack {slack}, seeds {SEEDS}, "
                    f"{budget.replicates} replicates each (per-individual simulation)",
                    {"runs": [r.to_detail() for r in runs], "exact coverage": exact},
                    counterexample={**cfg, "n": n, "target": target, "exact coverage": exact,
                                    "1 - alpha": 1 - cfg["alpha"]} if refuted else None,
                    recheck=Recheck.TWO_PRECISIONS if refuted else None)
