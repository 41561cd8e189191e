"""Benchmark of the sign decider (proofs/engines/sign): transcendental conditions and polynomial ones.

* the three transcendental conditions of the decider's docstring and their refuted variants: the interval
  decider (``sign_evidence``), the cvc5/Taylor cross-check (``solver="cvc5"``), against a plain mpmath
  grid scan of the same box at the working precision (10 000 points; for an unbounded variable the
  box [-50, 50], for ``x > 0`` the box (0, 50]) -- a scan proves nothing, it is the cost baseline;
* a handful of polynomial conditions: the current polynomial path against the polynomial path of the
  last commit (``git show HEAD:proofs/engines/sign/...`` loaded as a separate package), in the same run.

Run: ``.venv/bin/python benchmarks/bench_sign.py`` (best of 3 runs per row).
"""

from __future__ import annotations

import importlib
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

from core.context import mpf
from core.formula import parse_formula
from proofs.engines.sign.decide import sign_evidence

ROOT = Path(__file__).resolve().parents[1]
SYMBOLS = ["x", "e"]

#: (label, expression, domain, sign, scan box)
TRANSCENDENTAL = [
    ("exp(x)-1-x >= 0", "exp(x) - 1 - x", [], ">=0", (-50, 50)),
    ("log(x)-x+1 <= 0, x > 0", "log(x) - x + 1", ["x > 0"], "<=0", (0, 50)),
    ("tanh(e/2) <= e/2, 0<e<1", "(exp(e)-1)/(exp(e)+1) - e/2", ["0 < e < 1"], "<=0", (0, 1)),
    ("exp(x)-1-x >= 1/100 (refuted)", "exp(x) - 1 - x - 1/100", [], ">=0", (-50, 50)),
    ("tanh(e/2) <= e/3 (refuted)", "(exp(e)-1)/(exp(e)+1) - e/3", ["0 < e < 1"], "<=0", (0, 1)),
    ("exp(x)-1-x < 0 (refuted)", "exp(x) - 1 - x", [], "<0", (-50, 50)),
]

#: (label, expression, domain, options)
POLYNOMIAL = [
    ("p - q > 0, q < p", "p - q", ["q < p"], {}),
    ("4p(1-p) - 1 <= 0", "4*p*(1-p) - 1", ["0 < p < 1"], {"sign": "<=0"}),
    ("4p(1-p) - 1 > 0 (refuted, region)", "4*p*(1-p) - 1", ["0 < p < 1"], {}),
    ("log(p/q) > 0", "log(p/q)", ["0 < q < p"], {}),
    ("(n+1)(p+q) - 1 > 0, n integer", "(n+1)*(p+q) - 1", ["p > 1/2", "q >= 0", "n >= 1"], {"integers": ["n"]}),
    ("identity with exp(-eps)", "p - (1-c)/(exp(-eps)+1)",
     ["q == 1 - c - p", "p == exp(eps)*q", "q > 0", "eps > 0"], {"sign": "==0"}),
]


def best(function: Callable[[], Any], runs: int = 3) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def grid_scan(expression: str, box: tuple[int, int], points: int = 10_000) -> float:
    """Smallest value of the expression on an exact grid inside the box, evaluated at 50 digits (mpmath)."""
    expr = parse_formula(expression)
    (symbol,) = expr.free_symbols
    lo, hi = box
    with mpf(50).active() as context:
        values = (context.evaluate(expr, {symbol.name: lo + Fraction(k + 1, points + 1) * (hi - lo)})
                  for k in range(points))
        return float(min(values))


def old_sign_evidence() -> Callable[..., Any] | None:
    """``sign_evidence`` of the last commit, loaded from ``git show`` as the package ``_old_sign``."""
    target = Path(tempfile.mkdtemp()) / "_old_sign"
    target.mkdir()
    try:
        names = subprocess.run(["git", "ls-tree", "--name-only", "HEAD", "proofs/engines/sign/"], cwd=ROOT,
                               capture_output=True, text=True, check=True).stdout.split()
        for name in names:
            text = subprocess.run(["git", "show", f"HEAD:{name}"], cwd=ROOT, capture_output=True, text=True,
                                  check=True).stdout
            (target / Path(name).name).write_text(text.replace("proofs.engines.sign.", "_old_sign."))
    except (OSError, subprocess.CalledProcessError):
        return None
    sys.path.insert(0, str(target.parent))
    return importlib.import_module("_old_sign.decide").sign_evidence


def main() -> None:
    print(f"{'transcendental condition':36s} {'interval':>9s} {'cvc5/Taylor':>12s} {'grid scan':>10s} "
          f"{'ratio':>7s}  outcomes")
    for label, expression, domain, sign, box in TRANSCENDENTAL:
        first, evidence = best(lambda: sign_evidence(expression, domain, sign=sign, timeout=30, symbols=SYMBOLS))
        second, cross = best(lambda: sign_evidence(expression, domain, sign=sign, timeout=30, symbols=SYMBOLS,
                                                   solver="cvc5"), runs=1)
        scan, _ = best(lambda: grid_scan(expression, box), runs=1)
        print(f"{label:36s} {first:8.3f}s {second:11.3f}s {scan:9.3f}s {first / scan:7.3f}  "
              f"{evidence.outcome.value} / {cross.outcome.value}")
    old = old_sign_evidence()
    print(f"\n{'polynomial condition':36s} {'now':>9s} {'HEAD':>9s} {'ratio':>7s}  outcome")
    for label, expression, domain, options in POLYNOMIAL:
        now, evidence = best(lambda: sign_evidence(expression, domain, timeout=30, **options))
        before = best(lambda: old(expression, domain, timeout=30, **options))[0] if old else float("nan")
        print(f"{label:36s} {now:8.3f}s {before:8.3f}s {now / before:7.3f}  {evidence.outcome.value}")


if __name__ == "__main__":
    main()
