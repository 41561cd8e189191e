"""CPU time of the default run (``python -m proofs --format json --output ...``) for this tree against a baseline
commit, measured in the same run.

The baseline is checked out as a temporary ``git worktree`` (default: the merge-base of ``HEAD`` and ``main``,
the commit this branch started from) and run with the same interpreter; each run is a subprocess whose CPU
time is read with ``resource.getrusage(RUSAGE_CHILDREN)`` (user + system, the worker processes of the run
included: they are waited for). Runs alternate baseline, current, baseline, ... so that the load of a shared
machine falls on both alike; the report gives each run, the median of each side and their ratio. Wall time is
shown too, but the claim is about CPU.

Run: ``.venv/bin/python benchmarks/bench_cpu.py [--baseline REF] [--budget standard] [--runs 2]``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, capture_output=True, text=True, check=True).stdout.strip()


def cpu_of_run(tree: Path, budget: str, output: Path) -> tuple[float, float, dict]:
    """(CPU seconds of the run and its workers, wall seconds, the report's summary) of the default run in ``tree``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    env = {**os.environ, "PYTHONPATH": str(tree), "PYTHONDONTWRITEBYTECODE": "1"}
    completed = subprocess.run([sys.executable, "-m", "proofs", "--budget", budget, "--format", "json",
                                "--output", str(output)], cwd=tree, env=env, capture_output=True, text=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if completed.returncode != 0:
        raise SystemExit(f"the run in {tree} failed ({completed.returncode}):\n{completed.stderr[-2000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall, json.loads(output.read_text(encoding="utf-8"))["summary"]


def which_proofs(tree: Path) -> str:
    """Where ``import proofs`` resolves when run from ``tree`` (it must be that tree)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    return subprocess.run([sys.executable, "-c", "import proofs; print(proofs.__file__)"], cwd=tree, env=env,
                          capture_output=True, text=True, check=True).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--baseline", default=None, help="the commit to compare with (default: merge-base HEAD main)")
    parser.add_argument("--budget", default="standard", choices=("quick", "standard", "thorough"))
    parser.add_argument("--runs", type=int, default=2, help="runs of each side, alternating")
    args = parser.parse_args()
    baseline = args.baseline or git("merge-base", "HEAD", "main")
    current = git("rev-parse", "--short", "HEAD") + ("+dirty" if git("status", "--porcelain", "--untracked-files=no") else "")
    scratch = Path(tempfile.mkdtemp(prefix="bench-cpu-"))
    tree = scratch / "baseline"
    git("worktree", "add", "--detach", str(tree), baseline)
    try:
        for side in (tree, ROOT):
            found = Path(which_proofs(side)).resolve()
            if side.resolve() not in found.parents:
                raise SystemExit(f"import proofs from {side} resolves to {found}: the measurement would be wrong")
        rows: dict[str, list[tuple[float, float]]] = {"baseline": [], "current": []}
        summaries = {}
        for i in range(args.runs):
            for name, side in (("baseline", tree), ("current", ROOT)):
                cpu, wall, summary = cpu_of_run(side, args.budget, scratch / f"{name}-{i}.json")
                rows[name].append((cpu, wall))
                summaries[name] = summary
                print(f"run {i + 1} {name:8s}: CPU {cpu:7.1f} s   wall {wall:7.1f} s   {summary}", flush=True)
        base = statistics.median(c for c, _ in rows["baseline"])
        now = statistics.median(c for c, _ in rows["current"])
        print(f"\nbudget {args.budget}; baseline {baseline[:10]}, current {current}")
        print(f"median CPU: baseline {base:.1f} s, current {now:.1f} s, ratio {now / base:.3f} "
              f"({100 * (1 - now / base):+.1f}% less CPU)")
    finally:
        git("worktree", "remove", "--force", str(tree))


if __name__ == "__main__":
    main()
