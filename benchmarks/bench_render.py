"""CPU time of rendering a report in each format (``python -m proofs export --from REPORT ...``), against the
start-up of the command line measured in the same run.

A report of the whole catalog is written first (``python -m proofs --budget quick --format json``; ``--from
FILE`` renders that report instead), then each export runs as a subprocess: the table, Markdown and JSON to a
file, the HTML page without its figures (drawing them is ``bench_figures.py``'s), and the LaTeX export. Each is
the least CPU time (user + system, ``resource.getrusage(RUSAGE_CHILDREN)``) of ``--runs`` runs; the baseline is
``python -c "import proofs.cli"``, the start-up every export pays, measured the same way in the same run, so the
ratio (export / start-up) stays comparable on a loaded machine where seconds do not.

Run: ``PYTHONPATH=$PWD python benchmarks/bench_render.py [--from REPORT.json] [--runs 3]``.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

#: The exports measured: a name and the arguments after ``export --from REPORT`` (``{out}``: a scratch folder).
EXPORTS = (
    ("table", ("--format", "table", "--output", "{out}/report.txt")),
    ("markdown", ("--format", "markdown", "--output", "{out}/report.md")),
    ("json", ("--format", "json", "--output", "{out}/report.json")),
    ("html (no figures)", ("--html", "{out}/report.html", "--no-figures")),
    ("latex", ("--latex", "{out}/latex",)),
)


def cpu_seconds(argv: list[str]) -> float:
    """The CPU time (user + system) of one subprocess, which must succeed."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, text=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stderr[-2000:]}")
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def least(argv: list[str], runs: int) -> float:
    return min(cpu_seconds(argv) for _ in range(runs))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--from", dest="source", default=None, help="the JSON report to render (default: the "
                        "catalog at the quick budget, written first)")
    parser.add_argument("--runs", type=int, default=3, help="runs of each command; the least CPU time is kept")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-render-") as scratch:
        source = args.source
        if source is None:
            source = f"{scratch}/catalog.json"
            cpu_seconds([sys.executable, "-m", "proofs", "--budget", "quick", "--format", "json", "--output", source,
                         "--no-progress"])
        baseline = least([sys.executable, "-c", "import proofs.cli"], args.runs)
        print(f"start-up (python -c 'import proofs.cli'): {baseline:.2f} s CPU (the baseline)")
        for name, extra in EXPORTS:
            folder = Path(scratch) / name.split()[0]
            folder.mkdir()
            argv = [sys.executable, "-m", "proofs", "export", "--from", source,
                    *(a.format(out=folder) for a in extra)]
            seconds = least(argv, args.runs)
            print(f"export {name:18s}: {seconds:6.2f} s CPU, {seconds / baseline:5.1f}x the start-up", flush=True)


if __name__ == "__main__":
    main()
