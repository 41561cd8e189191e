r"""Parse quality of the scaffold's formula reader on 003, and the run time of the scaffold and coverage
commands (a measurement, not a timed test).

1. Every displayed formula of 003 (:mod:`proofs.reading.texts`; the LaTeX source of each line taken from
   the text by :func:`~proofs.reading.texts.display_sources`) is read by
   :func:`proofs.reading.latexmath.read_formula`, its lines joined into one chain. Reported: the share read
   into sympy, and for each formula not read, the reason; for each formula read, every place where the
   LaTeX allowed two readings and the one taken (``Statement.readings``).
2. Each display that a registered claim covers (its source names it, or its ``printed`` fragment is found in
   it) is compared with the claim's expression where the catalog holds one — the formulas of
   :mod:`catalog.derivations.printed`, "exactly as printed", by claim id (:data:`EXPRESSIONS`). A display *matches*
   when one side of its chain equals one of the claim's expressions: ``sympy.simplify(side - expression)
   == 0``, after the symbols of both are matched by name (the catalog's symbols carry assumptions, the
   reader's do not), ``A`` read as the catalog's ``A(n, q3)`` and the index of every sum renamed alike.
   Reported: the share of the comparable displays that match, and each comparison.
3. The worked example (examples/paper/): the share of its displays read, the share of the recorded formulas
   that read back into sympy, and the scaffold's time per page (:data:`PAGE_CHARACTERS` characters of LaTeX).
   Then, for the example and for 003, the declarations the scaffold writes, each run at the quick budget
   (:func:`declarations_run`): the share **written ready to run** (a short declaration, not ``pending``),
   the share that **run as written** (the file loads and the claim's run ends in a status other than
   ``error``) and the share that **give a verdict other than pending** (not "no check implemented yet").
   003 has no LaTeX source (its text is HTML with the LaTeX of each formula after it): its displays, read
   as :func:`parse_quality` reads them, are written one per ``\[ ... \]`` into a LaTeX file, without the
   prose, so no hypothesis, family name or defining word reaches the scaffold.
4. The time of ``scaffold`` and ``coverage --paper`` on the example note and on the test paper of
   tests/unit/scaffold_papers (noisy on a shared machine: each is the least of three runs).

Run: ``.venv/bin/python benchmarks/bench_scaffold.py`` (``--json`` for the numbers alone).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

#: claim id -> names of its expressions in catalog.derivations.printed
EXPRESSIONS = {
    "Eq1": ("EQ1",), "Eq2": ("EQ2",), "Ex3.7.mle": ("EX37_MLE",), "T3.9": ("T39_MEAN", "PI_HAT"),
    "T3.10": ("T310",), "T3.10.form2": ("T310_FORM2",), "L4.1": ("L41_N1", "L41_N2"),
    "L4.1.proof.range": ("L41_PROOF_SUM", "L41_PROOF_CLOSED"), "L4.2": ("L42_F", "L42_RHS"),
    "L4.3": ("L43_LHS", "L43_RHS"), "L4.4": ("L44_LHS", "L44_RHS"), "L4.5": ("L45_LHS", "L45_RHS"),
    "L4.6": ("L46_N1", "L46_N2"), "T3.10.proof.conditioning": ("T310_PROOF_CONDITIONING",),
}


def _plain(expr):
    """``expr`` with plain symbols (names kept), ``A(n, q3)`` as the symbol ``A``, sum indices renamed."""
    import sympy

    from catalog.derivations.moments import A

    expr = expr.xreplace({A(): sympy.Symbol("A")})
    expr = expr.xreplace({s: sympy.Symbol(s.name) for s in expr.free_symbols})
    return _canonical_sums(expr)


def _canonical_sums(expr):
    import sympy

    def rename(node):
        if isinstance(node, (sympy.Sum, sympy.Product)):
            body, (index, low, high) = node.function, node.limits[0]
            k = sympy.Symbol("k_")
            return type(node)(rename(body).xreplace({index: k}), (k, low, high))
        if node.args:
            return node.func(*[rename(a) for a in node.args])
        return node

    return rename(expr)


#: Longest a comparison of two expressions may take (seconds); a longer one is a mismatch.
COMPARE_SECONDS = 20


def _equal(a, b) -> bool:
    import signal

    import sympy

    def give_up(*_):
        raise TimeoutError

    previous = signal.signal(signal.SIGALRM, give_up)
    signal.alarm(COMPARE_SECONDS)
    try:
        return sympy.simplify(a - b) == 0
    except Exception:  # noqa: BLE001 - a comparison sympy cannot make (or not in time) is a mismatch
        return False
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _joined(lines: list[str]) -> str:
    """The lines of a display as one formula: a line that starts with a relation or an operator goes on
    with the chain above it; one that starts with its own left side is a statement of its own (as the
    scaffold reads the lines of an ``align``, :mod:`proofs.reading.document`)."""
    import re

    out = ""
    for line in lines:
        starts = re.match(r"\s*(=|<|>|\\le|\\ge|\\ne|\\approx|[+\-])", line)
        out = line if not out else out + (" " if starts else ", \\quad ") + line
    return out


def parse_quality() -> dict:
    import catalog.derivations.printed as P
    from proofs.base import registry
    from proofs.reading.coverage import paper_coverage
    from proofs.reading.texts import display_sources, load
    from proofs.reading.latexmath import Unread, declared_functions, read_formula

    text = load("003")
    covered = {c.entry.label: c.claims for c in paper_coverage("003", registry.claims()).entries}
    rows, read, comparable, matched = [], 0, 0, 0
    start = time.perf_counter()
    displays = [(entry, _joined(display_sources(text, entry))) for entry in text.entries if entry.kind == "display"]
    functions = declared_functions(" ".join(f"${latex}$" for _, latex in displays))
    for entry, latex in displays:
        found = read_formula(latex, functions=functions)
        row = {"display": entry.label, "latex": latex[:160], "read": not isinstance(found, Unread),
               "reason": found.reason if isinstance(found, Unread) else "", "claims": list(covered[entry.label]),
               "readings": [] if isinstance(found, Unread) else sorted({r for s in found for r in s.readings})}
        if row["read"]:
            read += 1
            expected = [(cid, name) for cid in covered[entry.label] for name in EXPRESSIONS.get(cid, ())]
            if expected:
                comparable += 1
                sides = [_canonical_sums(side) for statement in found for side in statement.sides]
                hits = [f"{cid}: {name}" for cid, name in expected
                        if any(_equal(side, _plain(getattr(P, name))) for side in sides)]
                row["compared_with"] = [f"{cid}: {name}" for cid, name in expected]
                row["equal"] = hits
                matched += bool(hits)
        rows.append(row)
    seconds = time.perf_counter() - start
    total = len(rows)
    return {"displays": total, "read": read, "read_share": round(read / total, 3),
            "comparable": comparable, "matched": matched,
            "matched_share": round(matched / comparable, 3) if comparable else None,
            "seconds": round(seconds, 2), "rows": rows}


#: Characters of LaTeX source per printed page (a dense two-column page holds about 5,000, a one-column
#: article page about 3,000): the unit of "time per page".
PAGE_CHARACTERS = 3_000


def example_quality() -> dict:
    """The worked example (examples/paper/): its displays read, and the share of the formulas its pending
    claims record that read back into sympy (``Formula.expressions()``) once the file loads as a claims file."""
    from proofs.base import registry
    from proofs.base.pending import todo_of
    from proofs.reading.command import scaffold
    from proofs.userclaims import load_claims_file

    paper = ROOT / "examples" / "paper" / "rr_paper.tex"
    with tempfile.TemporaryDirectory() as folder:
        copy = Path(folder) / paper.name
        copy.write_text(paper.read_text(encoding="utf-8"), encoding="utf-8")
        start = time.perf_counter()
        result = scaffold(copy, Path(folder) / "claims.py")
        seconds = time.perf_counter() - start
        before = set(registry.ids())
        ids = load_claims_file(Path(folder) / "claims.py")
        formulas = [f for i in ids if todo_of(i) for f in todo_of(i).formulas]
        runs = 0
        for formula in formulas:
            try:
                formula.expressions()
                runs += 1
            except Exception:  # noqa: BLE001 - a formula that does not read back is counted, not raised
                pass
        registry.forget([i for i in registry.ids() if i not in before])
    displays = [e for e in result.entries if e.item.kind == "display"]
    read = sum(1 for e in displays if e.formulas and not e.unread)
    pages = max(1, len(paper.read_text(encoding="utf-8"))) / PAGE_CHARACTERS
    return {"displays": len(displays), "displays_read": read, "claims": len(ids), "formulas": len(formulas),
            "formulas_run": runs, "run_share": round(runs / len(formulas), 3) if formulas else None,
            "seconds_per_page": round(seconds / pages, 2), "pages": round(pages, 2),
            "readings": sorted({r for e in result.entries for r in e.readings})}


def _latex_of_003(folder: Path) -> Path:
    """003's displays as a LaTeX document, one ``\\[ ... \\]`` each, in the text's order (no prose)."""
    from proofs.reading.texts import display_sources, load

    text = load("003")
    parts = ["\\documentclass{article}", "\\begin{document}"]
    parts += ["\\[ " + _joined(display_sources(text, e)) + " \\]" for e in text.entries if e.kind == "display"]
    path = folder / "p003.tex"
    path.write_text("\n".join([*parts, "\\end{document}", ""]), encoding="utf-8")
    return path


def declarations_run(paper: Path) -> dict:
    """The scaffold of ``paper`` run as written at the quick budget: how many claims are written ready to
    run, how many run (load, and end in a status other than ``error``), how many give a verdict other than
    pending, and each claim's status."""
    from proofs.base import registry
    from proofs.reading.command import scaffold
    from proofs.runner import run_claim
    from proofs.userclaims import load_claims_file

    with tempfile.TemporaryDirectory() as folder:
        output = Path(folder) / "claims.py"
        done = scaffold(paper, output)
        ready = sum(1 for r in done.ready.values() if r.declaration)
        before = set(registry.ids())
        try:
            ids = load_claims_file(output)
            results = {i: run_claim(i, "quick") for i in ids}
        finally:
            registry.forget([i for i in registry.ids() if i not in before])
    statuses = {i: r.status.value for i, r in results.items()}
    runs = sum(1 for s in statuses.values() if s != "error")
    verdicts = sum(1 for r in results.values() if r.verdict.reason != "no check implemented yet"
                   and r.status.value != "error")
    total = len(statuses)
    return {"claims": total, "ready": ready, "ready_share": round(ready / total, 3) if total else None,
            "run": runs, "run_share": round(runs / total, 3) if total else None, "verdicts": verdicts,
            "verdict_share": round(verdicts / total, 3) if total else None, "statuses": statuses}


def _least_of_three(argv: list[str]) -> float:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "proofs", *argv], check=True, capture_output=True, cwd=ROOT)
        best = min(best, time.perf_counter() - start)
    return round(best, 2)


def command_times() -> dict:
    out = {}
    papers = {"example": ROOT / "examples" / "paper" / "rr_paper.tex",
              "laplace": ROOT / "tests" / "unit" / "scaffold_papers" / "laplace" / "main.tex"}
    with tempfile.TemporaryDirectory() as folder:
        for name, paper in papers.items():
            claims = Path(folder) / f"{name}_claims.py"
            out[f"scaffold {name}"] = _least_of_three(["scaffold", str(paper), "--output", str(claims)])
            out[f"coverage --paper {name}"] = _least_of_three(["coverage", "--paper", str(paper), "--claims",
                                                               str(claims), "--format", "json"])
    out["python -m proofs list (start-up and catalog, for scale)"] = _least_of_three(["list", "--format", "json"])
    return out


def main() -> None:
    quality = parse_quality()
    example = example_quality()
    with tempfile.TemporaryDirectory() as folder:
        ran = {"example": declarations_run(ROOT / "examples" / "paper" / "rr_paper.tex"),
               "003 (its displays, no prose)": declarations_run(_latex_of_003(Path(folder)))}
    times = command_times()
    if "--json" in sys.argv:
        print(json.dumps({"quality": quality, "example": example, "declarations": ran, "seconds": times}, indent=2,
                         ensure_ascii=False))
        return
    print(f"003 displays read into sympy: {quality['read']} of {quality['displays']} ({100 * quality['read_share']:.0f}%)"
          f" in {quality['seconds']} s")
    print(f"example note: displays read {example['displays_read']} of {example['displays']}; formulas of its pending "
          f"claims that read back into sympy {example['formulas_run']} of {example['formulas']} ({example['claims']} "
          "claims); "
          f"scaffold {example['seconds_per_page']} s per page ({example['pages']} pages of {PAGE_CHARACTERS} "
          "characters)")
    for reading in example["readings"]:
        print(f"  example, read: {reading}")
    for name, row in ran.items():
        print(f"{name}: {row['claims']} claims; written ready to run {row['ready']} "
              f"({100 * (row['ready_share'] or 0):.0f}%); run as written {row['run']} ({100 * (row['run_share'] or 0):.0f}%); "
              f"a verdict other than pending {row['verdicts']} ({100 * (row['verdict_share'] or 0):.0f}%)")
        for claim, status in row["statuses"].items():
            print(f"  {claim:<28} {status}")
    print(f"read and comparable with a registered claim's expression: {quality['comparable']}; equal: "
          f"{quality['matched']} ({100 * (quality['matched_share'] or 0):.0f}%)")
    for row in quality["rows"]:
        state = "read" if row["read"] else f"not read: {row['reason']}"
        extra = ""
        if "compared_with" in row:
            extra = f"; equal to {', '.join(row['equal'])}" if row["equal"] else \
                f"; equal to none of {', '.join(row['compared_with'])}"
        print(f"  {row['display']:<20} {state}{extra}")
        for reading in row.get("readings", ()):
            print(f"  {'':<20} read: {reading}")
    print("command times (least of 3 runs, noisy):")
    for name, seconds in times.items():
        print(f"  {name:<60} {seconds} s")


if __name__ == "__main__":
    main()
