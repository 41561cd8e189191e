"""Benchmark of the sign decider (proofs/engines/sign): transcendental conditions and polynomial ones.

* the three transcendental conditions of the decider's docstring and their refuted variants: the interval
  decider (``sign_evidence``), the cvc5/Taylor cross-check (``solver="cvc5"``), against a plain mpmath
  grid scan of the same box at the working precision (10 000 points; for an unbounded variable the
  box [-50, 50], for ``x > 0`` the box (0, 50]) -- a scan proves nothing, it is the cost baseline;
* a handful of polynomial conditions: the current polynomial path against the polynomial path of the
  last commit (``git show HEAD:proofs/engines/sign/...`` loaded as a separate package), in the same run;
* mechanisms written in ε (``exp(eps/2)``, the randomized-response ratio in ``exp(eps)`` and ``d``): the whole
  ``check_sign`` call against the same grid scan baseline (over ``eps``, other symbols fixed);
* ``timeout=`` honoured: conditions that run out of time, the elapsed time as a multiple of the timeout
  (the engine promises at most about 2).

Timings on a shared machine are noisy: read the ratios, not the seconds.

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
from proofs.engines.sign.decide import check_sign, sign_evidence

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


#: (label, expression, domain, sign, scan box for eps, fixed values of the other symbols)
EPSILON = [
    ("tanh(eps/4) < eps/4, eps > 0", "(exp(eps/2) - 1)/(exp(eps/2) + 1) - eps/4", "eps > 0", "<0", (0, 50), {}),
    ("e^(eps/2)/(e^(eps/2)+1) <= e^eps/(e^(eps/2)+1)", "exp(eps/2)/(exp(eps/2)+1) - exp(eps) * 1/(exp(eps/2)+1)",
     "eps > 0", "<=0", (0, 50), {}),
    ("k-RR p - q > 0, d >= 2", "exp(eps)/(exp(eps)+d-1) - 1/(exp(eps)+d-1)", "eps > 0, d >= 2 integer", ">0",
     (0, 50), {"d": 3}),
    ("k-RR p/q <= e^eps (with 1/2 spare), d >= 2", "(exp(eps)/(exp(eps)+d-1)) - exp(eps)/(exp(eps)+d-1/2)",
     "eps > 0, d >= 2 integer", ">=0", (0, 50), {"d": 3}),
]

#: (label, expression, domain, sign, symbols, timeout): conditions that run out of time.
TIMEOUTS = [
    ("z3 on six quintic constraints", "v0", ["-3*v0**3*v1**2 + v0*v2 - 1 > 0", "4*v1**3*v2**2 + v1*v3 - 1 > 0",
                                              "-4*v2**3*v3**2 + v2*v4 - 1 > 0", "-1*v3**3*v4**2 + v3*v5 - 1 > 0",
                                              "-4*v4**3*v5**2 + v4*v0 - 1 > 0", "2*v5**3*v0**2 + v5*v1 - 1 > 0",
                                              "v0**2 + v1**2 + v2**2 + v3**2 + v4**2 + v5**2 < 1"],
     ">0", [f"v{i}" for i in range(6)], 3.0),
    ("tight along x = y (both decisions)", "exp(x) - exp(y) - (x - y)*exp(y)", ["0 <= x <= 1", "0 <= y <= 1"], ">=0",
     ["x", "y"], 3.0),
    ("x**100000 - 2 (refused before work)", "x**100000 - 2", ["0 < x < 1"], ">0", ["x"], 20.0),
]


def best(function: Callable[[], Any], runs: int = 3) -> tuple[float, Any]:
    times, result = [], None
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - start)
    return min(times), result


def grid_scan(expression: str, box: tuple[int, int], points: int = 10_000, fixed: dict[str, int] | None = None
              ) -> float:
    """Smallest value of the expression on an exact grid inside the box, evaluated at 50 digits (mpmath); the
    symbols in ``fixed`` take those values."""
    fixed = fixed or {}
    expr = parse_formula(expression)
    (symbol,) = [s for s in expr.free_symbols if s.name not in fixed]
    lo, hi = box
    with mpf(50).active() as context:
        values = (context.evaluate(expr, {**fixed, symbol.name: lo + Fraction(k + 1, points + 1) * (hi - lo)})
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
            text = text.replace("from proofs.engines.sign import", "from _old_sign import")
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
    print(f"\n{'mechanism in eps (check_sign)':52s} {'decide':>9s} {'grid scan':>10s} {'ratio':>7s}  status")
    for label, expression, domain, sign, box, fixed in EPSILON:
        now, verdict = best(lambda: check_sign(expression, domain, sign=sign, timeout=30), runs=1)
        scan, _ = best(lambda: grid_scan(expression, box, fixed=fixed), runs=1)
        print(f"{label:52s} {now:8.3f}s {scan:9.3f}s {now / scan:7.3f}  {verdict.status.value}")
    print(f"\n{'timeout= honoured (check_sign)':40s} {'timeout':>8s} {'elapsed':>8s} {'x timeout':>9s}  outcome")
    for label, expression, domain, sign, symbols, timeout in TIMEOUTS:
        start = time.perf_counter()
        try:
            outcome = check_sign(expression, domain, sign=sign, symbols=symbols, timeout=timeout).status.value
        except ValueError as refusal:
            outcome = f"refused: {str(refusal)[:40]}..."
        elapsed = time.perf_counter() - start
        print(f"{label:40s} {timeout:7.1f}s {elapsed:7.2f}s {elapsed / timeout:9.2f}  {outcome}")


if __name__ == "__main__":
    main()
