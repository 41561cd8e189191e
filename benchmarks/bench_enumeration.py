"""Benchmark of numeric/enumeration.py (issue 4): the engine against the plain mpmath double loop at
n = 200 and 50 digits (ratio), the engine at n = 1000 (501,501 outcomes), and the certified-mode overhead.

Run: ``.venv/bin/python benchmarks/bench_enumeration.py``
"""

from __future__ import annotations

import time

from numeric.enumeration import moments, reference_moments

PI_HAT = "(N2*q - N1*p)/((N1+N2)*(q-p))"
ARGS = ("3/4", "1/8", "1/3")


def timed(f, *args, **kwargs):
    start = time.perf_counter()
    value = f(*args, **kwargs)
    return time.perf_counter() - start, value


def main() -> None:
    moments(PI_HAT, 5, *ARGS, given="N1+N2 > 0")  # warm-up: imports and caches, not part of the figure
    reference_moments(PI_HAT, 5, *ARGS, given="N1+N2 > 0")
    t_fast, fast = timed(moments, PI_HAT, 200, *ARGS, given="N1+N2 > 0", dps=50)
    t_slow, slow = timed(reference_moments, PI_HAT, 200, *ARGS, given="N1+N2 > 0", dps=50)
    print(f"n=200, 50 digits: engine {t_fast:.3f} s, plain mpmath loop {t_slow:.3f} s, ratio {t_slow / t_fast:.0f}x")
    print(f"  variance engine {fast.variance}\n  variance loop   {slow.variance}")
    t_big, big = timed(moments, PI_HAT, 1000, *ARGS, given="N1+N2 > 0", dps=50)
    print(f"n=1000 ({big.outcomes} outcomes), 50 digits, mpf mode: {t_big:.2f} s")
    t_arb, ball = timed(moments, PI_HAT, 1000, *ARGS, given="N1+N2 > 0", dps=50, mode="arb")
    print(f"n=1000 certified (arb) mode: {t_arb:.2f} s (overhead {t_arb / t_big:.2f}x); variance {ball.variance}")
    t_exact, exact = timed(moments, PI_HAT, 40, *ARGS, given="N1+N2 > 0", mode="exact")
    print(f"n=40 exact Fraction mode: {t_exact:.2f} s")


if __name__ == "__main__":
    main()
