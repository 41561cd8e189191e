"""Benchmark of numeric/simulate.py (the simulations behind Figures 2, 3 and 5): n = 1000, 50 privacy levels,
1000 replicates.

Run: ``.venv/bin/python benchmarks/bench_simulate.py``
"""

from __future__ import annotations

import time

import numpy as np

from numeric.simulate import levels_at_privacy, simulate_q2x3, simulate_qlambda


def main() -> None:
    p, q = levels_at_privacy(np.linspace(0.1, 4.0, 50), 0.9)
    start = time.perf_counter()
    sim = simulate_q2x3(1000, p, q, 0.3, replicates=1000, seed=0)
    print(f"Q_2x3: n=1000, 50 levels, 1000 replicates: {time.perf_counter() - start:.3f} s "
          f"(mean of means {np.nanmean(sim.mean):.4f})")
    start = time.perf_counter()
    simulate_qlambda(1000, p, q, 0.5, 0.3, replicates=1000, seed=0)
    print(f"Q_lambda: n=1000, 50 levels, 1000 replicates: {time.perf_counter() - start:.3f} s")


if __name__ == "__main__":
    main()
