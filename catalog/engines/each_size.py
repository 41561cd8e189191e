"""A sign condition that depends on the sample size n through a finite sum (003 Theorem 3.10's A), decided
for each n separately.

For a concrete n, A is a polynomial and the condition is a polynomial condition that z3 decides on the
whole domain of the other parameters; over n it is decided only on the finite set of sizes given. So the
result is ``holds`` (each n proved, finitely many n) or a counterexample at the first failing n,
re-checked exactly, with the run of later sizes where it was proved as ``holds_when``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any

from proofs.base.evidence import Detail, Evidence, Method, Outcome
from proofs.kernel.steps import Stated
from proofs.engines.composite import point_steps
from catalog.engines.notation import paper_sign_evidence
from core.errors import invalid

if TYPE_CHECKING:
    import sympy

__all__ = ["decide_each_size"]


def decide_each_size(condition: Callable[[int], sympy.Expr], domain: Sequence[str | sympy.Basic], sizes: Sequence[int],
                     *, sign: str, timeout: float, what: str, reading: str | None = None, symbols: Iterable[str] = (),
                     note: str = "") -> Evidence:
    """Decide ``condition(n) sign`` on ``domain`` for each n of ``sizes`` (one z3 decision per n).

    ``what`` says in words what the condition is (for the evidence's domain); ``note`` what a proof for
    every n would need (kept in the detail)."""
    sizes = list(sizes)
    if not sizes or any(isinstance(s, bool) or not isinstance(s, int) or s < 1 for s in sizes):
        raise invalid("sizes", sizes, "must be sample sizes, integers >= 1 (at least one)")
    start = time.perf_counter()
    symbols = tuple(symbols)
    results = [(size, paper_sign_evidence(condition(size), domain, sign=sign, timeout=timeout, symbols=symbols,
                                    search_region=False, reading=reading)) for size in sizes]
    failing = [size for size, e in results if e.outcome is Outcome.COUNTEREXAMPLE]
    undecided = [size for size, e in results if e.outcome is Outcome.INCONCLUSIVE]
    detail: dict[str, Any] = {
        Detail.SOLVER: "z3 QF_NRA, one query per n (proofs.engines.sign)", "condition": f"{what} {sign}",
        "z3 outcome per n": {size: e.detail.get(Detail.Z3_OUTCOME) for size, e in results},
        "n decided": sizes, "fails for n": failing, "undecided n": undecided,
        "seconds per n": {size: round(e.seconds, 3) for size, e in results},
    }
    if note:
        detail["a proof for every n would need"] = note
    text = (f"{what}: each n in {_ranges(sizes)} decided separately on {'; '.join(map(str, domain))}; "
            "larger n not decided")
    seconds = time.perf_counter() - start
    if failing:
        first = dict(results[sizes.index(failing[0])][1].counterexample or {})
        recheck = results[sizes.index(failing[0])][1].recheck
        tail = [size for size in sizes if size > failing[-1]]
        where = (f"{tail[0]} <= n <= {sizes[-1]} (each n decided; larger n not decided)"
                 if tail and not undecided else None)
        steps = point_steps(condition(failing[0]), domain, sign, first, fails=True, symbols=symbols)
        if steps:
            steps += (Stated(f"the condition at the sample size n = {failing[0]} is the one shown above"),)
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, recheck=recheck, reading=reading,
                        counterexample={"n": failing[0], **first}, holds_when=where,
                        holds_when_checked=True if where else None, seconds=seconds, steps=steps)
    outcome = Outcome.INCONCLUSIVE if undecided else Outcome.HOLDS
    detail["note"] = "each n is a z3 proof on the whole domain; the set of n is finite, hence 'holds', not 'proved'"
    return Evidence(Method.DECISION, outcome, text, detail, reading=reading, seconds=seconds)


def _ranges(sizes: Sequence[int]) -> str:
    """``[1, 2, 3, 5]`` as ``1..3, 5``."""
    runs: list[list[int]] = []
    for size in sizes:
        if runs and size == runs[-1][-1] + 1:
            runs[-1].append(size)
        else:
            runs.append([size])
    return ", ".join(f"{r[0]}..{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)
