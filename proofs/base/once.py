"""One engine run for every method of a short declaration (``moment_claim``, ``ldp_claim``, the declarations of
:mod:`proofs.continuous`): the engine returns a verdict with one piece of evidence per method, and each
registered check takes its own piece from the same run instead of running the engine again."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from proofs.base.budget import Budget
from proofs.base.evidence import Evidence, Method, Outcome
from proofs.base.verdict import Verdict

__all__ = ["Once"]


class Once:
    """The engine's verdict for one claim, computed by the first check that asks and shared with the others
    of the same budget; forgotten when every method has taken its evidence."""

    def __init__(self, compute: Callable[[Budget], Verdict], methods: Sequence[Method]) -> None:
        self.compute = compute
        self.methods = tuple(methods)
        self.cache: dict[str, tuple[Verdict, set[Method]]] = {}

    def evidence(self, budget: Budget, method: Method) -> list[Evidence]:
        verdict, taken = self.cache.get(budget.name) or (self.compute(budget), set())
        taken = taken | {method}
        if taken >= set(self.methods):
            self.cache.pop(budget.name, None)
        else:
            self.cache[budget.name] = (verdict, taken)
        mine = [e for e in verdict.evidence if e.method is method]
        if not mine:
            return [Evidence(method, Outcome.INCONCLUSIVE, "(this method did not apply)",
                             {"note": f"the engine gave no {method.value} evidence for this claim"})]
        return mine
