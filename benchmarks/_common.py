"""What the benchmarks share: timing a call over repeated runs. Imported by the benchmark scripts, which run as
``python benchmarks/bench_*.py`` (their own folder first on the import path)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def timed(function: Callable[[], Any], repeat: int) -> tuple[float, float, Any]:
    """(first run, best run, result): the first run pays for sympy's caches being cold."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return times[0], min(times), result
