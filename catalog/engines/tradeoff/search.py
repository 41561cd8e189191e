"""Random searches for the hypothesis-testing claims (003 §3.1-3.2): a seeded generator draws two-input mechanisms
(most on one shared support containing every singleton, so that the SLDP and WLDP ratios are finite and the
premise can hold) with a randomized test, and checks a forward or a converse statement at exact budgets,
counting the examples where the premise held; a counterexample is shrunk and re-checked exactly.
"""

from __future__ import annotations

import math
from fractions import Fraction

from numeric.belief import MassFunction
from numeric.mechanisms import Mechanism
from numeric.tradeoff import TestErrors, TestingProblem
from numeric.sampling import Choose, Sampler
from numeric.strategies import LABELS, mechanisms, sampler
from numeric.tradeoff_bounds import BOUNDS
from proofs.base.budget import Budget
from proofs.base.evidence import Evidence
from proofs.engines.methods import property_search
from catalog.engines.tradeoff.cases import candidate_budgets
from catalog.engines.tradeoff.checks import compare, statement_violation, statement_problems
from catalog.engines.tradeoff.statements import TradeoffCase, TradeoffStatement, privacy
from core.errors import invalid

__all__ = ["search", "search_examples", "sampler_for", "SEARCH_FACTORS"]


#: The budget factors of a forward search: r = own ratio × factor.
SEARCH_FACTORS = (Fraction(1), Fraction(5, 4), Fraction(2))


def _shared_support(choose: Choose, max_labels: int) -> Mechanism:
    """Two rows on one support that contains every singleton (finite SLDP and WLDP ratios: the premise can
    hold), with up to three wider focal sets and weights 1..6."""
    n = choose(1, max_labels)
    frame = LABELS[:n]
    wider = [mask for mask in range(1, 1 << n) if mask & (mask - 1)]
    extra = {wider[choose(0, len(wider) - 1)] for _ in range(choose(0, 3))} if wider else set()
    support = sorted({1 << i for i in range(n)} | extra)
    rows = []
    for _ in range(2):
        weights = [choose(1, 6) for _ in support]
        numerators = [0] * (1 << n)
        for mask, weight in zip(support, weights):
            numerators[mask] = weight
        rows.append(MassFunction.from_integers(frame, numerators, sum(weights)))
    return Mechanism({"x": rows[0], "x'": rows[1]})


def sampler_for(max_labels: int, composed: bool) -> Sampler:
    """Two-input mechanisms (inputs "x", "x'", frames of 1..max_labels labels, exact masses) with a randomized
    test φ in (1/6)Z on the frame tested (Y x Y when composed) and a budget factor. Three draws in four share
    one support containing every singleton; the fourth is any pair of rows (:func:`numeric.strategies.mechanisms`:
    zero masses, vacuous and disjoint rows)."""
    any_pair = sampler(mechanisms(min_inputs=2, max_inputs=2, min_labels=1, max_labels=max_labels))

    def build(choose: Choose) -> tuple[Mechanism, tuple[Fraction, ...], Fraction]:
        if choose(0, 3):
            mechanism = _shared_support(choose, max_labels)
        else:
            drawn = any_pair.build(choose)
            mechanism = Mechanism({"x": drawn[0], "x'": drawn[1]})
        n = len(mechanism.frame)
        values = tuple(Fraction(choose(0, 6), 6) for _ in range(n * n if composed else n))
        return mechanism, values, SEARCH_FACTORS[choose(0, len(SEARCH_FACTORS) - 1)]

    return Sampler(build, f"two-input mechanisms on 1..{max_labels} labels with a test in (1/6)Z")


def _randomized_violation(case: TradeoffCase, r: Fraction, statement: TradeoffStatement, phi_values: tuple) -> dict | None:
    """The errors of one randomized test φ against the per-test bounds of ``statement``. Each distinct row's
    lower and upper expectations of φ are computed once, by Choquet integrals, and checked against the level
    sets; a pair's errors are (lower_x φ, upper_x φ, 1 - upper_x' φ, 1 - lower_x' φ), since the expectations
    of 1 - φ are 1 minus those of φ."""
    if not any(bound.on == "tests" for bound in statement.bounds):
        return None  # trade-off functions are decided exactly by the regions (holds)
    known: list[tuple[MassFunction, tuple]] = []

    def expectations(row: MassFunction, phi: dict) -> tuple:
        for seen, found in known:
            if seen is row:
                return found
        found = (row.lower_expectation(phi), row.upper_expectation(phi))
        levels = TestingProblem(row, row).errors_by_levels(phi)
        if found != (levels.alpha_lower, levels.alpha_upper):
            raise AssertionError(f"Choquet expectations and level sets disagree for phi={phi}")
        known.append((row, found))
        return found

    for pair, problem in statement_problems(case, statement):
        phi = dict(zip(problem.frame, phi_values))
        (low, high), (low_other, high_other) = expectations(problem.null, phi), expectations(problem.alternative, phi)
        errors = TestErrors(low, high, 1 - high_other, 1 - low_other)
        for bound in statement.bounds:
            if bound.on != "tests":
                continue
            alpha, beta = errors.pair(bound.errors)
            value = BOUNDS[bound.bound](alpha, r)
            if not compare(bound.side, beta, value):
                return {"pair (x, x')": list(pair), "test": "randomized phi = " + str({str(k): str(v) for k, v in phi.items()}),
                        "errors": bound.errors, "type I error": alpha, "type II error": beta,
                        "bound": f"{bound.bound}(alpha)", "bound value": value}
    return None


def search_examples(budget: Budget, reading: str | None, *, composed: bool = False) -> int:
    """Examples of one search: budget.examples / 10 for the primary reading, / 20 for another, halved for
    the two-fold composition (at least 20): the exhaustive grids carry most of the weight, and an example
    costs milliseconds (product frames, every region at every budget, a randomized test by Choquet integrals
    and by level sets)."""
    return max(20, budget.examples // ((10 if reading is None else 20) * (2 if composed else 1)))


def search(budget: Budget, *, statement: TradeoffStatement, notion_name: str, direction: str, reading: str | None,
           max_labels: int) -> Evidence:
    """Property search: random two-input mechanisms, every deterministic test and one randomized test.
    ``direction="forward"``: premise ε-``notion_name`` at r = own ratio × factor, conclusion statement 2;
    ``"converse"``: premise statement 2 at a candidate budget, conclusion ε-``notion_name``."""
    if direction not in ("forward", "converse"):
        raise invalid("direction", direction, "not one of ['converse', 'forward']")
    notion = privacy(notion_name)
    examples = search_examples(budget, reading, composed=statement.composed)

    def budgets(example) -> list[Fraction]:
        mechanism, _, factor = example
        if direction == "converse":
            return candidate_budgets(mechanism)
        r0 = notion.ratio(mechanism)
        return [] if r0 == math.inf or r0 * factor <= 1 else [Fraction(r0) * factor]

    def premise(example) -> bool:
        case = TradeoffCase("random", example[0])
        if direction == "forward":
            return any(notion.holds(case.mechanism, r) for r in budgets(example))
        return any(statement_violation(case, r, statement) is None for r in budgets(example))

    def evaluate(example):
        mechanism, phi_values, _ = example
        case = TradeoffCase("random", mechanism)
        for r in budgets(example):
            if direction == "forward":
                found = statement_violation(case, r, statement) or _randomized_violation(case, r, statement, phi_values)
                if found:
                    return False, {"r = e^eps": r, **found}
            elif statement_violation(case, r, statement) is None and not notion.holds(mechanism, r):
                return False, {"r = e^eps": r, f"{notion.reading} ratio": notion.ratio(mechanism),
                               "statement 2": "holds at r for every region of every pair"}
        return True, {}

    return property_search(
        sampler_for(max_labels, statement.composed), lambda ex: evaluate(ex)[0], examples=examples, recheck=evaluate,
        premise=premise, describe=lambda ex: TradeoffCase("random", ex[0]).to_json(), reading=reading,
        domain=(f"{examples} random two-input mechanisms (numeric.strategies.mechanisms, frames of 1..{max_labels} "
                "labels, exact masses); every pair (x, x') of the definition; every deterministic test"
                + (f" and one randomized test phi in (1/6)Z on {'Y x Y' if statement.composed else 'Y'}"
                   if any(b.on == "tests" for b in statement.bounds) else " (the trade-off functions exactly)")
                + "; "
                + (f"budget r0 * {{1, 5/4, 2}}, r0 the own {notion.reading} ratio" if direction == "forward"
                   else "budgets {5/4, 3/2, 2, 3} and the mechanism's own ratios")),
        detail={"direction": direction, "statement 2": statement.text(), "notion": f"eps-{notion.reading}"},
    )
