"""Benchmark of check_ldp: ε-LDP of randomized response and of a unary encoding, proved for every d.

Target: under one second each (the mechanism built beforehand: its validation runs once, at construction,
and is timed apart). Baseline, measured in the same run: the exact losses of the explicit matrices at
d = 2, …, 8 and e^ε = 3 (:func:`numeric.finite_mechanism.pure_ldp_epsilon`), which prove nothing beyond
those seven sizes. The figure that matters is the ratio ``check_ldp / baseline``: how much a proof for every
d and every ε costs against checking seven sizes at one ε.

Run: ``.venv/bin/python benchmarks/bench_ldp.py [--repeat N]`` (best of N runs per row; the first run of
check_ldp is shown too, as it pays for sympy's caches being cold).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from numeric import families
from numeric.finite_mechanism import pure_ldp_epsilon
from proofs import check_ldp
from proofs import mechanisms as M
from proofs.engines import validity

from _common import timed

DOMAIN = "eps > 0, d >= 2"


def best(function: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    return timed(function, repeat)[1:]


def baseline(family: families.Family) -> list[Any]:
    """Exact losses of the explicit matrices at d = 2..8, e^ε = 3."""
    return [pure_ldp_epsilon(family.matrix({"d": d, "eps": "log(3)"})) for d in range(2, 9)]


def construct(make: Callable[[], families.Family]) -> families.Family:
    validity._VALIDATED.clear()  # time the validation itself, not the cache
    return make()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    rows = [("k-ary randomized response", lambda: M.randomized_response(d="d", epsilon="eps")),
            ("unary encoding (1/2, 1/(e^eps+1))", lambda: M.unary_encoding(d="d", p="1/2", q="1/(exp(eps)+1)"))]
    print(f"{'mechanism':36s} {'build':>8s} {'check_ldp first/best':>21s} {'baseline':>9s} {'ratio':>7s}  status")
    for label, make in rows:
        built, family = best(lambda: construct(make), args.repeat)
        first, checked, verdict = timed(lambda: check_ldp(family, "eps", domain=DOMAIN), args.repeat)
        base, _ = best(lambda: baseline(family), args.repeat)
        target = "" if checked < 1.0 else "  (over the 1 s target)"
        print(f"{label:36s} {built:7.2f}s {first:9.2f}s / {checked:6.2f}s {base:8.2f}s {checked / base:6.1f}x  "
              f"{verdict.status}{target}")
        for evidence in verdict.evidence:
            print(f"    {evidence.method.value:12s} {evidence.outcome.value:10s} {evidence.seconds:6.2f}s")


if __name__ == "__main__":
    main()
