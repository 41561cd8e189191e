"""Benchmark of moments at any domain size (proofs/engines/moments.py with a mechanism family).

Two targets, each with a baseline measured in the same run (the machine's speed varies, a ratio less so):

1. mean and variance of the count estimator (C0 − nq)/(p − q) of k-ary randomized response for a symbolic
   d (a fixed dataset, ``counts={"0": "c0"}``; the lumping checked, the lumped model and the explicit matrix
   at d = 2, 3 enumerated, the moment derived for every n and d): under 5 s for both. Baseline: the same two
   checks of binary randomized response written as a plain 2 x 2 matrix (no lumping, no cross-check);
2. exact moments of a unary encoding over d = 64 values at n = 1000 (OUE, 100 users holding value 0, ε = log 3):
   under 10 s for the exact rational enumeration of the lumped counts and the check against the closed form.
   Baseline: the same at n = 100. (The explicit matrix would have 2^64 columns.)

Each case runs in a fresh subprocess, so imports and caches are its own. Run:
``.venv/bin/python benchmarks/bench_moments.py``
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ESTIMATE = "(C0 - n*q)/(p - q)"
VARIANCE = "(c0*p*(1-p) + (n-c0)*q*(1-q))/(p-q)**2"


def case(kind: str, n: int = 0) -> dict:
    """Time one case in this process (after a warm-up that imports the engines)."""
    from proofs import check_moment, mechanisms as M

    if kind in ("family", "matrix"):
        if kind == "family":
            mechanism = M.randomized_response(d="d", epsilon="eps")
            args = dict(mechanism=mechanism, counts={"0": "c0"}, domain="eps > 0, d >= 2, 0 <= c0 <= n")
        else:
            mechanism = [["exp(eps)/(exp(eps)+1)", "1/(exp(eps)+1)"], ["1/(exp(eps)+1)", "exp(eps)/(exp(eps)+1)"]]
            args = dict(mechanism=mechanism, counts=["c0", "n-c0"], domain="eps > 0, 0 <= c0 <= n")
        estimate = ESTIMATE if kind == "family" else "(Y0 - n/(exp(eps)+1))*(exp(eps)+1)/(exp(eps)-1)"
        variance = VARIANCE if kind == "family" else "n*exp(eps)/(exp(eps)-1)**2"  # p(1-p) = q(1-q) = pq
        check_moment("Y0" if kind == "matrix" else "C0", "0", n_values=[1], **args)  # warm-up (imports)
        start = time.perf_counter()
        mean = check_moment(estimate, "c0", **args)
        var = check_moment(estimate, variance, moment="variance", **args)
        return {"seconds": time.perf_counter() - start, "statuses": [mean.status.value, var.status.value]}
    from numeric.enumeration import enumerate_moments
    from proofs.engines.moment_family import prepare_family

    oue = M.optimized_unary_encoding("d", "eps")
    family = prepare_family(oue, ESTIMATE, VARIANCE, given=None, prior=None, counts={"0": "c0"}, domain=None)
    chart = family.lumped.charts["eps"]
    point = {"d": 64, chart.coordinate: 3, "c0": 100}
    enumerate_moments(family.lumped.statistic, 10, {**point, "c0": 5}, mode="exact")  # warm-up
    start = time.perf_counter()
    found = enumerate_moments(family.lumped.statistic, n, point, mode="exact")
    from proofs.engines.moments import _exact_claim

    claimed = _exact_claim(family.lumped.form, {**point, "n": n})
    seconds = time.perf_counter() - start
    return {"seconds": seconds, "agrees": str(found.variance) == str(claimed), "variance": str(found.variance)[:40],
            "method": found.method}


def measure(kind: str, n: int = 0) -> dict:
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
            f"from bench_moments import case; print(json.dumps(case({kind!r}, {n})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    baseline = measure("matrix")
    family = measure("family")
    print(f"1. count estimator of k-RR for a symbolic d, mean and variance: {family['seconds']:.2f} s "
          f"{family['statuses']} (target < 5 s: {verdict(family['seconds'] < 5)}); a 2 x 2 matrix, same checks: "
          f"{baseline['seconds']:.2f} s {baseline['statuses']}; ratio {family['seconds'] / baseline['seconds']:.1f}x")
    small = measure("ue", 100)
    large = measure("ue", 1000)
    print(f"2. OUE over d = 64 values, exact moments at n = 1000: {large['seconds']:.2f} s, closed form agrees: "
          f"{large['agrees']} (target < 10 s: {verdict(large['seconds'] < 10)}); n = 100: {small['seconds']:.3f} s; "
          f"ratio {large['seconds'] / small['seconds']:.1f}x\n   {large['method']}")


if __name__ == "__main__":
    main()
