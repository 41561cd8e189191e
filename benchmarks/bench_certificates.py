"""The proof certificates of the catalog at the quick budget: per claim, how many machine-checked and stated
steps its certificate has (the counts the report gives, and the number of steps the script ran), and how
long the scripts take to run, one after another in one interpreter without the toolkit.

Run: ``PYTHONPATH=$PWD python benchmarks/bench_certificates.py [OUTPUT]`` (the table goes to OUTPUT too).
"""

from __future__ import annotations

import re
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from proofs.base import registry  # noqa: E402
from proofs.kernel.grounds import step_counts  # noqa: E402
from proofs.certificates import NoCertificate, certificate_source, file_name  # noqa: E402
from proofs.runner import run  # noqa: E402
from tests.certificate_runner import run_certificates  # noqa: E402

SUMMARY = re.compile(r"(\d+) of (\d+) machine-checked steps check; (\d+) stated")


def main(output: str | None = None) -> None:
    claims = list(registry.claims())
    results = run(claims, "quick", jobs=1)
    lines, scripts = [], {}
    with tempfile.TemporaryDirectory() as folder:
        for result in results:
            try:
                text = certificate_source(result)
            except NoCertificate:
                continue
            path = Path(folder) / file_name(result.claim.id)
            path.write_text(text, encoding="utf-8")
            scripts[str(path.resolve())] = result.claim.id
        start = time.perf_counter()
        runs = run_certificates(list(scripts))
        total = time.perf_counter() - start
    by_id = {scripts[p]: r for p, r in runs.items()}
    checked = stated = failing = 0
    for result in results:
        claim_id = result.claim.id
        if claim_id not in by_id:
            continue
        counts = step_counts(result.status, result.verdict.evidence) or {}
        found = SUMMARY.search(by_id[claim_id]["output"])
        ran = f"{found.group(1)}/{found.group(2)} ran, {found.group(3)} stated" if found else "no summary"
        code = by_id[claim_id]["code"]
        failing += code != 0
        checked += counts.get("machine_checked", 0)
        stated += counts.get("stated", 0)
        lines.append(f"{claim_id}: {counts.get('machine_checked', 0)} machine-checked, {counts.get('stated', 0)} "
                     f"stated (script: {ran}, exit {code}, {by_id[claim_id]['seconds']:.1f} s)")
    lines.append(f"TOTAL: {len(by_id)} certificates, {checked} machine-checked, {stated} stated, {failing} failing; "
                 f"all scripts ran in {total:.1f} s")
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if output:
        Path(output).write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else None)
