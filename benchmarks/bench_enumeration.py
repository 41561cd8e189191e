"""Benchmark of the enumeration engine (numeric/enumeration.py) with the statistic of 003 Theorem 3.10,
π̂ = (N2 q - N1 p)/((N1+N2)(q-p)), its variance conditional on N1 + N2 > 0, at 50 digits.

Three targets, measured in one run:

1. n = 200: the engine at least 100x faster than the plain mpmath loop :func:`reference_moments`
   (measured in the same run);
2. n = 10^4 (50 M outcomes), certified (arb balls): under 60 s and under 2 GB peak memory;
3. n = 2000: under 1 s.

Each case runs in a fresh subprocess, so its time and its peak resident memory (``ru_maxrss``) are its own.
For information the script also times the outcome-by-outcome path (``strategy="full"``), which any
statistic can take.

Run: ``.venv/bin/python benchmarks/bench_enumeration.py``
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

PI_HAT = "(N2*q - N1*p)/((N1+N2)*(q-p))"
POINT = ("3/4", "1/8", "1/3")
GIVEN = "N1+N2 > 0"
ROOT = Path(__file__).resolve().parents[1]


def case(kind: str, n: int, mode: str, strategy: str) -> dict:
    """Time one enumeration in this process (after a warm-up at n = 5); peak memory of the process."""
    import resource

    from numeric.enumeration import moments, reference_moments

    run = reference_moments if kind == "reference" else moments
    extra = {} if kind == "reference" else {"mode": mode, "strategy": strategy}
    run(PI_HAT, 5, *POINT, given=GIVEN, dps=50, **extra)
    start = time.perf_counter()
    found = run(PI_HAT, n, *POINT, given=GIVEN, dps=50, **extra)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # kilobytes on Linux
    if mode == "arb" and kind != "reference":  # the ball: its midpoint to 30 digits and its radius
        shown = f"{found.variance.mid().str(30, radius=False)} +/- {float(found.variance.rad().mid()):.1e}"
    else:
        shown = str(found.variance)
    return {"seconds": seconds, "peak bytes": peak, "outcomes": found.outcomes, "variance": shown,
            "method": found.method}


def measure(kind: str, n: int, mode: str = "arb", strategy: str = "auto") -> dict:
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT)!r}); sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
            f"from bench_enumeration import case; print(json.dumps(case({kind!r}, {n}, {mode!r}, {strategy!r})))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    return json.loads(out.stdout.strip().splitlines()[-1])


def verdict(ok: bool) -> str:
    return "met" if ok else "NOT MET"


def main() -> None:
    reference = measure("reference", 200)
    engine = measure("engine", 200, "mpf")
    ratio = reference["seconds"] / engine["seconds"]
    print(f"1. n=200, 50 digits: engine {engine['seconds']:.4f} s, plain mpmath loop {reference['seconds']:.2f} s, "
          f"ratio {ratio:.0f}x (target >= 100x: {verdict(ratio >= 100)})")
    print(f"   variance engine {engine['variance'][:40]}\n   variance loop   {reference['variance'][:40]}")
    large = measure("engine", 10_000, "arb")
    gigabytes = large["peak bytes"] / 2 ** 30
    print(f"2. n=10000 ({large['outcomes']} outcomes), certified arb, 50 digits: {large['seconds']:.2f} s, peak "
          f"{gigabytes:.2f} GB (target < 60 s and < 2 GB: {verdict(large['seconds'] < 60 and gigabytes < 2)})")
    print(f"   variance {large['variance']}\n   {large['method']}")
    medium = measure("engine", 2000, "arb")
    print(f"3. n=2000 ({medium['outcomes']} outcomes), certified arb: {medium['seconds']:.3f} s "
          f"(target < 1 s: {verdict(medium['seconds'] < 1)})")
    full_small = measure("engine", 200, "mpf", "full")
    full = measure("engine", 2000, "arb", "full")
    print(f"   for information, every outcome one by one (strategy='full'): n=200 {full_small['seconds']:.3f} s "
          f"({reference['seconds'] / full_small['seconds']:.0f}x the plain loop); n=2000 {full['seconds']:.2f} s, "
          f"peak {full['peak bytes'] / 2 ** 30:.2f} GB")


if __name__ == "__main__":
    main()
