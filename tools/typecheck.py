"""Type-check the library with mypy against a committed baseline that may only shrink.

    python tools/typecheck.py            # check: fails if any file has more errors than its baseline
    python tools/typecheck.py --update   # write the current counts as the new baseline

The library is every top-level package that ``[tool.setuptools.packages.find] include`` in pyproject.toml names
(``core``, ``symbolic``, ``numeric``, ``proofs``, and any package added there later), checked with the ``[tool.mypy]``
settings of pyproject.toml. mypy is run by the interpreter that runs this script, so run it from the environment the
project is installed in (``pip install -e '.[test]'`` brings mypy).

The baseline (``tools/typecheck-baseline.json``) holds the number of errors of each file that has any. Why a count per
file and not one total: a total lets a new error hide behind a fixed one elsewhere. Why not the errors themselves:
their line numbers move with every edit. A file passes when it has at most its baseline's count. A file the baseline
does not name must have none, unless it was moved: a file whose name (``steps.py``) matches baseline files that no
longer exist may have as many errors as those files had, so moving a module into another package does not fail the
check before the baseline is regenerated.

Shrinking the baseline: fix errors, then run ``--update`` and commit the baseline with the fix; the check reports
each file whose count went down so that the baseline is never left above what the code has.
"""
from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tomllib
from collections import Counter
from collections.abc import Mapping
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "tools" / "typecheck-baseline.json"
ERROR = re.compile(r"^(?P<path>[^:\s][^:]*\.pyi?):\d+(?::\d+)?: error: ")


def packages(root: Path = ROOT) -> list[str]:
    """The library's top-level packages: the patterns of setuptools' ``include`` that name a folder with an
    ``__init__.py`` (``"core*"`` names ``core``)."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["packages"]["find"]["include"]
    names = sorted({p.rstrip("*").rstrip(".") for p in patterns})
    return [n for n in names if (root / n / "__init__.py").is_file()]


def run_mypy(root: Path = ROOT) -> tuple[Counter[str], str]:
    """mypy's error count per file (paths relative to ``root``, with ``/``) and its full output."""
    command = [sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary", "--show-error-codes",
               *packages(root)]
    done = subprocess.run(command, cwd=root, capture_output=True, text=True, check=False)
    if done.returncode not in (0, 1) or "error: " in done.stderr:
        sys.exit(f"typecheck: mypy failed to run ({' '.join(command)}):\n{done.stdout}{done.stderr}")
    counts: Counter[str] = Counter()
    for line in done.stdout.splitlines():
        match = ERROR.match(line)
        if match:
            counts[Path(match["path"]).as_posix()] += 1
    return counts, done.stdout


def compare(counts: Mapping[str, int], baseline: Mapping[str, int], root: Path = ROOT) -> tuple[list[str], list[str]]:
    """(failures, shrinkable): a line for each file over its allowance, and one for each file under its baseline.

    A file's allowance is its baseline count; for a file the baseline does not name, the pooled counts of the
    baseline's files of the same name that no longer exist (it was moved), else zero."""
    gone: Counter[str] = Counter()
    for path, count in baseline.items():
        if path not in counts and not (root / path).exists():
            gone[Path(path).name] += count
    failures, shrinkable = [], []
    for path, count in sorted(counts.items()):
        if path in baseline:
            allowed, why = baseline[path], "its baseline"
        else:
            allowed, why = gone[Path(path).name], f"the baseline of moved files named {Path(path).name}"
        if count > allowed:
            failures.append(f"{path}: {count} mypy errors, {why} allows {allowed}")
        elif path in baseline and count < allowed:
            shrinkable.append(f"{path}: {count} mypy errors, baseline {allowed}")
    for path, count in sorted(baseline.items()):
        if path not in counts and (root / path).exists():
            shrinkable.append(f"{path}: 0 mypy errors, baseline {count}")
    return failures, shrinkable


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--update", action="store_true", help="write the current error counts as the baseline")
    args = parser.parse_args(argv)
    counts, output = run_mypy()
    total = sum(counts.values())
    if args.update:
        BASELINE.write_text(json.dumps(dict(sorted(counts.items())), indent=1) + "\n", encoding="utf-8")
        print(f"typecheck: baseline written to {BASELINE.relative_to(ROOT)}: {total} errors in {len(counts)} files")
        return 0
    baseline = json.loads(BASELINE.read_text(encoding="utf-8")) if BASELINE.exists() else {}
    failures, shrinkable = compare(counts, baseline)
    print(f"typecheck: {total} mypy errors in {len(counts)} files; baseline {sum(baseline.values())} "
          f"in {len(baseline)} files")
    if shrinkable:
        print("typecheck: fewer errors than the baseline (run `python tools/typecheck.py --update` and commit "
              "tools/typecheck-baseline.json to lock the gain in):")
        print("\n".join(f"  {line}" for line in shrinkable))
    if failures:
        mine = {line.split(":", 1)[0] for line in failures}
        print("\n".join(line for line in output.splitlines() if line.split(":", 1)[0] in mine))
        print("typecheck: more mypy errors than the baseline allows (fix them; the baseline may only shrink):")
        print("\n".join(f"  {line}" for line in failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
