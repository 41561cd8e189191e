"""Benchmark of ``python -m proofs figures DIR`` and of the notebooks' small sizes: targets, not tests.

Targets: the figures command writes every figure in under 30 s; each notebook's cells (the same plotting
functions at ``FULL = False``) in under a minute. The plain baseline measured in the same run is the
import of the toolkit and matplotlib, which every figure needs.

Run: ``.venv/bin/python benchmarks/bench_figures.py``
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
import time

FIGURES_TARGET = 30.0


def _seconds(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    baseline = _seconds([sys.executable, "-c", "import proofs.figures, matplotlib.pyplot"])
    with tempfile.TemporaryDirectory() as out:
        figures = _seconds([sys.executable, "-m", "proofs", "figures", out])
    met = "met" if figures < FIGURES_TARGET else f"MISSED by {figures - FIGURES_TARGET:.1f} s"
    print(f"imports alone (baseline): {baseline:.2f} s")
    print(f"python -m proofs figures: {figures:.2f} s ({figures / baseline:.1f}x the baseline); "
          f"target < {FIGURES_TARGET:.0f} s: {met}")


if __name__ == "__main__":
    main()
