"""Benchmark: privacy losses of a 10-input evidential mechanism on a 10-label frame (1023 focal sets), and
of the small mechanisms that property tests draw.

The target for the large mechanism is under one second per loss; for the small ones (2-3 inputs, 1-4 labels,
as :func:`numeric.strategies.mechanisms` draws them) well under a millisecond, so that a user's Hypothesis
test passes the default 200 ms deadline. Run: ``python benchmarks/bench_mechanisms.py [--repeat N]``.
Three versions of the same random mechanism are timed: exact rationals with one common denominator
(int64 numerators), exact rationals with a different denominator per row (Python-integer fallback, the
worst case for exactness) and floats. Every loss is computed from scratch (new Mechanism objects).
The credal-vertex computation of ε_W (n! orderings) is timed on a 7-label frame instead.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from numeric.belief import MassFunction
from numeric.definitions import ldp
from numeric.mechanisms import Mechanism

LOSSES = ("epsilon_shafer", "epsilon_bel", "epsilon_pl", "epsilon_walley")


def random_rows(k: int, n: int, *, seed: int, same_denominator: bool) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(k):
        w = rng.integers(1, 6, size=1 << n)  # every subset focal (as the paper assumes): finite losses
        w[0] = 0
        rows.append(w)
    if same_denominator:  # pad the largest-index subset so every row sums to the same total
        total = max(int(w.sum()) for w in rows)
        for w in rows:
            w[-1] += total - int(w.sum())
    return rows


def build(rows: list[np.ndarray], n: int, kind: str) -> Mechanism:
    frame = tuple(f"y{i}" for i in range(n))
    if kind == "float":
        return Mechanism({x: MassFunction.from_vector(frame, list(w / w.sum())) for x, w in enumerate(rows)})
    return Mechanism({x: MassFunction.from_integers(frame, w, int(w.sum())) for x, w in enumerate(rows)})


def bench(k: int, n: int, kind: str, repeat: int, *, same_denominator: bool = True) -> dict[str, float]:
    rows = random_rows(k, n, seed=2024, same_denominator=same_denominator)
    timings: dict[str, float] = {}
    for name in ("build",) + LOSSES:
        best = float("inf")
        for _ in range(repeat):
            start = time.perf_counter()
            Q = build(rows, n, kind)
            if name != "build":
                getattr(Q, name)()
            best = min(best, time.perf_counter() - start)
        timings[name] = best
    start = time.perf_counter()
    Q = build(rows, n, kind)
    values = {name: getattr(Q, name)() for name in LOSSES}
    timings["all four losses, one mechanism"] = time.perf_counter() - start
    timings["values"] = values  # type: ignore[assignment]
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    for label, kind, same in (("exact, common denominator", "exact", True),
                              ("exact, a denominator per row", "exact", False), ("float", "float", True)):
        t = bench(10, 10, kind, args.repeat, same_denominator=same)
        values = t.pop("values")
        print(f"10 inputs x 10 labels, {label}:")
        for name, seconds in t.items():
            print(f"  {name:32s} {seconds * 1e3:9.1f} ms")
        print("  losses: " + ", ".join(f"{k}={v}" for k, v in values.items()))  # type: ignore[union-attr]
    small = [build(random_rows(3, n, seed=seed, same_denominator=False), n, "exact")
             for seed in range(200) for n in (2, 3, 4)]
    start = time.perf_counter()
    for mechanism in small:
        for reading in ("SLDP", "bel loss", "pl loss", "WLDP", "WLDP: distinct pairs"):
            ldp.ratio(mechanism, reading)
    per = (time.perf_counter() - start) / len(small)
    print(f"3 inputs x 2-4 labels (as property tests draw them), the five ratios of numeric.definitions.ldp: "
          f"{per * 1e3:.2f} ms per mechanism")
    rows = random_rows(3, 7, seed=7, same_denominator=True)
    Q = build(rows, 7, "exact")
    start = time.perf_counter()
    by_vertices = Q.ratio_walley_vertices(max_labels=7)
    seconds = time.perf_counter() - start
    print(f"3 inputs x 7 labels, eps_W over credal vertices (5040 orderings): {seconds * 1e3:.1f} ms; "
          f"agrees with max pl/bel: {by_vertices == Q.ratio_walley()}")


if __name__ == "__main__":
    main()
