"""Hypothesis-testing trade-offs: Theorems 3.5 and 3.18, Corollaries 3.6 and 3.19 (003 §3.1-3.2, appendix).

Source ``003_c07100d0f17e2eef.txt``. The errors of a test are those of :mod:`numeric.tradeoff`:
α_upper = sup_{P_x} E φ (= pl_x(R)), α_lower = inf_{P_x} E φ (= bel_x(R)), β_upper = 1 - inf_{P_x'} E φ
(= pl_x'(R^c)), β_lower = inf_{P_x'} E(1-φ) (= bel_x'(R^c)). Budgets are r = e^ε, exact rationals: the
mechanism's own loss ratio (when > 1, since the paper takes ε > 0) and larger budgets r0·{5/4, 3/2, 2, 3}
("Q is ε-SLDP" means ε^Q ≤ ε, so every budget at least the own loss is inside the claim's domain).

Why deterministic tests suffice for "holds": the errors of a randomized φ are one convex combination of
the errors of its level sets (Choquet integrals, :meth:`numeric.tradeoff.TestingProblem.errors_by_levels`),
every lower bound here is convex and every upper bound concave in α; the property searches also draw
randomized tests and evaluate them through the Choquet expectations of :mod:`numeric.belief`.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable, Iterator
from fractions import Fraction
from functools import lru_cache

from proofs.base.budget import Budget
from proofs.base.claim import Claim
from proofs.base.evidence import Correction, Evidence, Method, Outcome
from proofs.engines.methods import exhaustive, property_search, rational_grid
from proofs.base.registry import check, define

# --- cases ---------------------------------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _rows(n: int, k: int) -> tuple:
    """Every mass function on a frame of ``n`` labels with masses in {0, 1/k, ..., 1}."""
    from numeric.belief import MassFunction
    from numeric.strategies import LABELS

    frame = LABELS[:n]
    size = (1 << n) - 1
    out = []
    for bars in itertools.combinations(range(k + size - 1), size - 1):
        parts = [b - a - 1 for a, b in zip((-1,) + bars, bars + (k + size - 1,))]
        out.append(MassFunction.from_integers(frame, [0] + parts, k))
    return tuple(out)


def _q2x3_cases(grid: int) -> list[tuple[Fraction, Fraction]]:
    """(p, q) with p > 1/2 (the paper's assumption) and p + q ≤ 1, on exact grids."""
    ps = rational_grid(Fraction(1, 2), 1, grid) + [Fraction(1)]
    out = []
    for p in ps:
        qs = [Fraction(0)] + (rational_grid(0, 1 - p, grid // 2 + 1) + [1 - p] if p < 1 else [])
        out += [(p, q) for q in qs]
    return out


def _grid_k(budget: Budget, composed: bool) -> tuple[int, int]:
    """Denominators for rows on 2 labels and on 3 labels."""
    if composed:
        return max(2, budget.grid // 2), 1
    return budget.grid, 2 if budget.grid >= 9 else 1


class _Case(dict):
    """A case as reported (its "mechanism" label) carrying the problem to test as an attribute."""

    problem = None


def _case(label: str, problem) -> _Case:
    case = _Case(mechanism=label)
    case.problem = problem
    return case


def _problems(budget: Budget, composed: bool) -> Iterator[dict]:
    """Cases: every ordered pair of rows of the small grids, and Q_{2x3}(p, q) (both orders)."""
    from numeric.mechanisms import q2x3
    from numeric.tradeoff import TestingProblem

    k2, k3 = _grid_k(budget, composed)
    for p, q in [(Fraction(3, 5), Fraction(1, 5))] + _q2x3_cases(budget.grid):
        pr = TestingProblem.of(q2x3(p, q), "x", "x'")
        yield _case(f"Q_2x3(p={p}, q={q}), x against x'", pr)
        yield _case(f"Q_2x3(p={p}, q={q}), x' against x", pr.swapped())
    for n, k in ((2, k2), (3, k3)):
        rows = _rows(n, k)
        for a, b in itertools.product(rows, rows):
            yield _case(f"rows on {n} labels", TestingProblem(a, b))


def _grid_domain(budget: Budget, composed: bool) -> str:
    k2, k3 = _grid_k(budget, composed)
    return (f"Q_2x3(p, q) on exact grids (p in {budget.grid} points of (1/2, 1) and p = 1, q in [0, 1-p]), both "
            f"orders; every ordered pair of mass functions on 2 labels with masses in (1/{k2})Z and on 3 labels "
            f"with masses in (1/{k3})Z; every rejection region R of the {'product frame Y x Y' if composed else 'frame Y'}; "
            "budgets r = e^eps in {r0 (if > 1), r0*5/4, r0*3/2, 2*r0, 3*r0}, r0 the own loss ratio; exact rationals")


def _mechanism_json(problem) -> dict:
    return {"m_x": problem.null.to_json(), "m_x'": problem.alternative.to_json()}


# --- per-test bounds ------------------------------------------------------------------------------------------------

#: how each claim constrains one test: (error pair, side, bound); side "lower": β ≥ g(α), "upper": β ≤ g(α),
#: "upper-at-1": β ≤ g(1) (the printed optimistic trade-off sup{β : α_φ ≤ α} ≤ g(α) for all α, g non-increasing).
Spec = tuple[tuple[str, str, str], ...]


def _violation(problem, r: Fraction, spec: Spec) -> dict | None:
    """The first deterministic test of ``problem`` violating ``spec`` at budget r, or None."""
    from numeric.tradeoff_bounds import BOUNDS

    for region, errors in problem.deterministic:
        found = _test_violation(errors, r, spec)
        if found:
            return {"test": "reject on R = {" + ", ".join(sorted(map(str, region))) + "}", **found}
    return None


def _test_violation(errors, r: Fraction, spec: Spec) -> dict | None:
    from numeric.tradeoff_bounds import BOUNDS

    for reading, side, name in spec:
        a, b = errors.pair(reading)
        if side == "lower":
            g = BOUNDS[name](a, r)
            bad = b < g
        elif side == "upper":
            g = BOUNDS[name](a, r)
            bad = b > g
        else:  # "upper-at-1"
            g = BOUNDS[name](Fraction(1), r)
            bad = b > g
        if bad:
            return {"errors": reading, "type I error": a, "type II error": b, "bound": f"{name}(alpha) at r",
                    "bound value": g, "side": {"lower": "beta < bound", "upper": "beta > bound",
                                               "upper-at-1": "beta > bound(1) (printed T^op >= beta at alpha = 1)"}[side],
                    "r = e^eps": r}
    return None


def _forward(budget: Budget, *, loss: str, composed: bool, spec: Spec, reading: str | None,
             table: bool = False) -> Evidence:
    """Exhaustive check of a forward statement: every case, both orders, every budget, every test."""
    from numeric.tradeoff import budgets_from, q2x3_square_table

    def cases() -> Iterator[dict]:
        if table:
            for p, q in _q2x3_cases(budget.grid):
                yield {"mechanism": f"paper's table of Q_2x3(p={p}, q={q}) squared on {{0,1,2}}", "p": p, "q": q}
            return
        yield from _problems(budget, composed)

    def holds(case: dict):
        if table:
            from numeric.mechanisms import q2x3
            from numeric.tradeoff import TestingProblem

            base = TestingProblem.of(q2x3(case["p"], case["q"]), "x", "x'")
            tested = q2x3_square_table(case["p"], case["q"])
        else:
            base = case.problem
            tested = base.square() if composed else base
        r0 = base.ratio(loss)
        for r in budgets_from(r0):
            found = _violation(tested, r, spec)
            if found:
                return False, {**found, **_mechanism_json(base), "own loss ratio": r0}
        return True

    return exhaustive(
        (c for c in cases()), lambda c: holds(c), reading=reading,
        domain=("the appendix's mass table of Q_2x3 squared (frame {0,1,2}), p, q grids as below; " if table else "")
        + _grid_domain(budget, composed),
        detail={"loss": loss, "errors": sorted({s[0] for s in spec}), "bounds": [f"{s[2]} ({s[1]})" for s in spec]},
    )


def _strategy(max_labels: int, composed: bool, positive: bool | None = None):
    """Random two-row mechanisms (frames of 1..max_labels labels) with a randomized test φ drawn on the
    frame the claim tests (the product frame when composed)."""
    from hypothesis import strategies as st

    from numeric.strategies import mechanisms

    @st.composite
    def draw(draw_):
        mech = draw_(mechanisms(min_inputs=2, max_inputs=2, min_labels=1, max_labels=max_labels,
                                positive_singletons=positive))
        n = len(mech.frame)
        size = n * n if composed else n
        phi = draw_(st.lists(st.integers(0, 6), min_size=size, max_size=size))
        factor = draw_(st.sampled_from([Fraction(1), Fraction(5, 4), Fraction(2)]))
        return mech, tuple(Fraction(v, 6) for v in phi), factor

    return draw()


def _examples(budget: Budget, reading: str | None) -> int:
    """Examples per search: budget.examples / 4 for the primary reading, / 10 for an alternative one (the
    exhaustive grids carry most of the weight; a hypothesis example with a product frame costs ~5 ms)."""
    return max(20, budget.examples // (4 if reading is None else 10))


def _search(budget: Budget, *, loss: str, composed: bool, spec: Spec, reading: str | None,
            max_labels: int) -> Evidence:
    """Property search: random mechanisms, all deterministic tests and one randomized test, the own-loss
    budget (or a larger one drawn among r0*{1, 5/4, 2})."""
    from numeric.tradeoff import TestingProblem

    detail = {"loss": loss, "errors": sorted({s[0] for s in spec}), "bounds": [f"{s[2]} ({s[1]})" for s in spec],
              "examples inside the domain": 0,
              "note": "examples with an infinite own loss, or own loss ratio 1 at factor 1, are outside the domain "
                      "(not eps-private for a finite eps > 0) and pass unchecked"}

    def evaluate(example):
        mech, phi_values, factor = example
        base = TestingProblem.of(mech, 0, 1)
        r0 = base.ratio(loss)
        if r0 == math.inf or r0 * factor <= 1:
            return True, {}
        detail["examples inside the domain"] += 1
        r = r0 * factor
        tested = base.square() if composed else base
        found = _violation(tested, r, spec)
        if found is None:
            phi = dict(zip(tested.frame, phi_values))
            errors = tested.errors_randomized(phi)
            if errors != tested.errors_by_levels(phi):
                raise AssertionError(f"Choquet expectations and level sets disagree for phi={phi}")
            found = _test_violation(errors, r, spec)
            if found:
                found = {"test": "randomized phi = " + str({str(k): str(v) for k, v in phi.items()}), **found}
        if found:
            return False, {**found, **_mechanism_json(base), "own loss ratio": r0}
        return True, {}

    examples = _examples(budget, reading)
    return property_search(
        _strategy(max_labels, composed, True if loss == "walley" else None), lambda ex: evaluate(ex)[0], examples=examples, recheck=evaluate,
        describe=lambda ex: {"mechanism": ex[0].to_json()}, reading=reading,
        domain=(f"{examples} random two-input mechanisms (numeric.strategies.mechanisms, frames of 1..{max_labels} "
                "labels, exact masses" + ("; mass on every singleton, so the Walley loss is finite" if loss == "walley"
                                          else "") + "), inputs 0 against 1; every deterministic test and one randomized test "
                f"phi in (1/6)Z on {'Y x Y' if composed else 'Y'}; budget r0 * {{1, 5/4, 2}}, r0 the own "
                f"{loss} loss ratio"),
        detail=detail,
    )


# === Theorem 3.5 =====================================================================================================

_ERRORS_TEXT = (r"\alpha_\varphi = \sup_{pr\in\mathcal{P}^Q_x}\mathbb{E}_{pr}(\varphi),\ "
                r"\beta_\varphi = 1-\inf_{pr\in\mathcal{P}^Q_{x'}}\mathbb{E}_{pr}(\varphi)")

define(Claim(
    id="T3.5.forward", title="Theorem 3.5 (1⇒2)", source="003 Theorem 3.5 (1⇒2)",
    statement=(r"Q\ \epsilon\text{-}SLDP \Rightarrow \text{if type I error } \alpha_\varphi\in[l,L] \text{ then type II error } "
               r"\beta_\varphi\in[u(L),U(l)],\ u(\alpha):=max\{e^{-\epsilon}(1-\alpha),1-\alpha e^{\epsilon}\},\ "
               r"U(\alpha):=min\{e^{\epsilon}(1-\alpha),1-\alpha e^{-\epsilon}\};\ " + _ERRORS_TEXT),
    domain=("evidential mechanisms Q (rows: mass functions on a finite Y), inputs x != x', budgets eps > 0 with "
            "eps_S^Q <= eps, tests phi: Y -> [0, 1]"),
    assumptions=("u and U are non-increasing, so the condition for all [l, L] containing alpha_phi is the "
                 "condition at l = L = alpha_phi",),
    interpretation=("errors as defined before the theorem: alpha_phi = sup over P_x (= pl_x(R) for a region R), "
                    "beta_phi = 1 - inf over P_x' of E(phi) (= pl_x'(R^c)); randomized tests (a deterministic counterexample "
                    "refutes the deterministic-test reading too); any budget eps >= own loss (the own loss is tried first)"),
    readings=("interval: [alpha_lower, alpha_upper] in [l, L] => [beta_lower, beta_upper] in [u(L), U(l)] "
              "(the appendix proof's pairing: pl_x(R) <= alpha => bel_x'(R^c) >= u(alpha); bel_x(R) >= alpha' => "
              "pl_x'(R^c) <= U(alpha'))",),
))

_T35_PRINTED: Spec = (("printed", "lower", "u"), ("printed", "upper", "U"))
_T35_INTERVAL: Spec = (("interval-lower", "lower", "u"), ("interval-upper", "upper", "U"))


@check("T3.5.forward", Method.ENUMERATION)
def _t35_forward_exhaustive(budget: Budget) -> Iterable[Evidence]:
    return _t35_forward_all(budget)


@check("T3.5.forward", Method.PROPERTY)
def _t35_forward_search(budget: Budget) -> Iterable[Evidence]:
    yield _search(budget, loss="shafer", composed=False, spec=_T35_PRINTED, reading=None, max_labels=3)
    yield _search(budget, loss="shafer", composed=False, spec=_T35_INTERVAL, reading="interval", max_labels=3)


def _with_correction(evidence: Evidence, statement: str, *support: Evidence) -> Evidence:
    """Attach a corrected statement (verified by ``support``) to a refuting piece of evidence."""
    from dataclasses import replace

    if evidence.outcome is not Outcome.COUNTEREXAMPLE:
        return evidence
    # inside the correction, the evidence is about the corrected statement itself: its primary reading
    return replace(evidence, corrected=Correction(statement, tuple(replace(e, reading=None) for e in support)))


_T35_CORRECTED = (r"\text{with } \alpha_\varphi \text{ and } \beta_\varphi \text{ read as the intervals } "
                  r"[\inf_{\mathcal{P}_x}\mathbb{E}\varphi, \sup_{\mathcal{P}_x}\mathbb{E}\varphi] \text{ and } "
                  r"[\inf_{\mathcal{P}_{x'}}\mathbb{E}(1-\varphi), \sup_{\mathcal{P}_{x'}}\mathbb{E}(1-\varphi)]: "
                  r"\alpha_\varphi\subseteq[l,L] \Rightarrow \beta_\varphi\subseteq[u(L),U(l)]")


def _t35_forward_all(budget: Budget) -> list[Evidence]:
    printed = _forward(budget, loss="shafer", composed=False, spec=_T35_PRINTED, reading=None)
    interval = _forward(budget, loss="shafer", composed=False, spec=_T35_INTERVAL, reading="interval")
    return [_with_correction(printed, _T35_CORRECTED, interval), interval]


# --- converse statements ----------------------------------------------------------------------------------------------


def _condition(problem, r: Fraction, spec: Spec) -> bool:
    """Statement 2 at budget r for the pair, in both orders (x against x' and x' against x)."""
    return _violation(problem, r, spec) is None and _violation(problem.swapped(), r, spec) is None


def _candidate_budgets(problem) -> list[Fraction]:
    """Budgets at which a converse is tried: the pair's loss ratios (finite, > 1) and 5/4, 3/2, 2, 3."""
    values = {v for v in problem.ratios().values() if v != math.inf and v > 1}
    return sorted(values | {Fraction(5, 4), Fraction(3, 2), Fraction(2), Fraction(3)})


def _messages(problem):
    """The message-space reading: each row as a probability on the non-empty subsets of Y (Shafer's
    randomly coded messages; 003 §3.1 "if we set 2^Y \\ {∅} as the output alphabet ...")."""
    from numeric.belief import MassFunction
    from numeric.tradeoff import TestingProblem

    subsets = [problem.null.subset(mask) for mask in range(1, 1 << len(problem.frame))]
    labels = ["{" + ",".join(sorted(map(str, e))) + "}" for e in subsets]

    def as_probability(m):
        return MassFunction.bayesian(labels, {label: m.m(e) for label, e in zip(labels, subsets)})

    return TestingProblem(as_probability(problem.null), as_probability(problem.alternative))


def _converse_case(problem, *, spec: Spec, conclusion: str, condition=None):
    condition = condition or (lambda pr, r: _condition(pr, r, spec))
    own = problem.ratio(conclusion)
    for r in _candidate_budgets(problem):
        if condition(problem, r) and not own <= r:
            return False, {"r = e^eps": r, f"{conclusion} loss ratio of Q": own,
                           "statement 2": "holds at r for every deterministic test of both orders (so for every "
                                          "randomized test: level-set decomposition)",
                           "statement 1": f"fails: the {conclusion} loss ratio exceeds r", **_mechanism_json(problem)}
    return True


def _converse(budget: Budget, *, spec: Spec, conclusion: str, reading: str | None, messages: bool = False,
              condition=None, what: str = "") -> Evidence:
    def holds(case):
        if messages and len(case.problem.frame) > 2:
            return True  # the message space of 3 labels has 7 messages, 128 tests: left out for time (stated)
        problem = _messages(case.problem) if messages else case.problem
        return _converse_case(problem, spec=spec, conclusion=conclusion, condition=condition)

    return exhaustive(
        _problems(budget, composed=False), holds, reading=reading,
        domain=_grid_domain(budget, False).split("; budgets")[0]
        + "; budgets r in {5/4, 3/2, 2, 3} and the pair's own loss ratios (Shafer, bel, pl, Walley)"
        + ("; tests on the message space 2^Y \\ {∅}, frames of at most 2 labels (3 messages; the 3-label rows "
           "are counted but not tested)" if messages else ""),
        detail={"statement 2": what or [f"{s[2]} ({s[1]}, errors {s[0]})" for s in spec],
                "statement 1": f"{conclusion} loss ratio <= r"},
    )


def _converse_search(budget: Budget, *, spec: Spec, conclusion: str, reading: str | None) -> Evidence:
    def evaluate(example):
        from numeric.tradeoff import TestingProblem

        mech = example[0]
        out = _converse_case(TestingProblem.of(mech, 0, 1), spec=spec, conclusion=conclusion)
        return out if isinstance(out, tuple) else (True, {})

    examples = _examples(budget, reading)
    return property_search(
        _strategy(3, False), lambda ex: evaluate(ex)[0], examples=examples, recheck=evaluate,
        describe=lambda ex: {"mechanism": ex[0].to_json()}, reading=reading,
        domain=(f"{examples} random two-input mechanisms (numeric.strategies.mechanisms, frames of 1..3 labels, "
                "exact masses); budgets r in {5/4, 3/2, 2, 3} and the pair's own loss ratios"),
        detail={"statement 1": f"{conclusion} loss ratio <= r"},
    )


# === Theorem 3.5, converse ============================================================================================

define(Claim(
    id="T3.5.converse", title="Theorem 3.5 (2⇒1)", source="003 Theorem 3.5 (2⇒1)",
    statement=(r"\text{If type I error } \alpha_\varphi\in[l,L] \text{ then type II error } \beta_\varphi\in[u(L),U(l)] "
               r"\text{ (for all tests } \varphi) \Rightarrow Q\ \epsilon\text{-}SLDP;\ " + _ERRORS_TEXT),
    domain="evidential mechanisms Q, inputs x != x' (statement 2 for both orders), budgets eps > 0, tests phi: Y -> [0, 1]",
    interpretation=("statement 2 with the errors as defined before the theorem (alpha = sup over P_x, beta = "
                    "1 - inf over P_x'), for every randomized test and both orders of the pair; statement 1: "
                    "eps_S^Q <= eps (a counterexample satisfies statement 2 for all tests, so it refutes the "
                    "deterministic-test reading as well)"),
    readings=("interval: the appendix proof's [lower, upper] errors",
              "message-space: tests on the messages 2^Y \\ {∅} (each row a probability on messages)"),
))


_T35C_CORRECTED = (r"\text{with the printed errors, statement 2 (for both orders) holds iff } "
                   r"\max_{E} pl_x(E)/bel_{x'}(E) \le e^{\epsilon}, \text{ i.e. iff } Q \text{ is } \epsilon\text{-WLDP}")


def _t35_converse_all(budget: Budget) -> list[Evidence]:
    printed = _converse(budget, spec=_T35_PRINTED, conclusion="shafer", reading=None)
    equivalence = exhaustive(
        _problems(budget, composed=False),
        lambda case: _equivalence(case.problem, _T35_PRINTED, "walley"),
        domain=_grid_domain(budget, False).split("; budgets")[0] + "; budgets as for the converse",
        reading="corrected: statement 2 as printed <=> eps-WLDP",
        detail={"statement 2": "printed errors", "compared with": "Walley loss ratio (x != x') <= r"})
    return [
        _with_correction(printed, _T35C_CORRECTED, equivalence), equivalence,
        _converse(budget, spec=_T35_INTERVAL, conclusion="shafer", reading="interval"),
        _converse(budget, spec=_T35_PRINTED, conclusion="shafer", reading="message-space", messages=True),
    ]


def _equivalence(problem, spec: Spec, loss: str):
    """Statement 2 at r (both orders) agrees with loss ratio <= r, at every candidate budget."""
    own = problem.ratio(loss)
    for r in _candidate_budgets(problem):
        if _condition(problem, r, spec) != (own <= r):
            return False, {"r = e^eps": r, f"{loss} loss ratio": own, **_mechanism_json(problem)}
    return True


@check("T3.5.converse", Method.ENUMERATION)
def _t35_converse_exhaustive(budget: Budget) -> list[Evidence]:
    return _t35_converse_all(budget)


@check("T3.5.converse", Method.PROPERTY)
def _t35_converse_search(budget: Budget) -> Iterable[Evidence]:
    yield _converse_search(budget, spec=_T35_PRINTED, conclusion="shafer", reading=None)
    yield _converse_search(budget, spec=_T35_INTERVAL, conclusion="shafer", reading="interval")


# === Corollary 3.6 ====================================================================================================

_COMPOSITION = r"\text{two-fold composition: } Q(x)\times Q(x) \text{ against } Q(x')\times Q(x'),\ "

define(Claim(
    id="C3.6.lower", title="Corollary 3.6", source="003 Corollary 3.6",
    statement=(_COMPOSITION + r"\alpha^2_\varphi\in[l,L] \Rightarrow \beta^2_\varphi \ge u^2(L),\ "
               r"u^{2}(\alpha):=max\{e^{-2\epsilon}(1-\alpha),-\alpha+\frac{2}{e^{\epsilon}+1},1-\alpha e^{2\epsilon}\}"),
    domain=("Q epsilon-SLDP (eps_S^Q <= eps, eps > 0), inputs x != x'; the composition is the product of independent "
            "mass functions (focal sets E1 x E2) on Y x Y; tests phi: Y x Y -> [0, 1]"),
    assumptions=("the corollary is read for every eps-SLDP mechanism (its text does not restrict Q); the appendix "
                 "proof's Q_2x3 (p > 1/2) is part of the grid",),
    interpretation="alpha^2, beta^2 defined 'similarly' to Theorem 3.5: sup over the product's credal set, 1 - inf",
    readings=("interval: beta^2 read as the lower error inf E(1-phi) (the appendix proof's pairing)",
              "table: the appendix's mass table of Q_2x3 squared on the frame {0,1,2}",
              "table = product: the table is the image of the product under the number of 'no' answers, with the "
              "same trade-off functions",
              "proof step: the appendix's 'since Q is eps-SLDP, e^-eps <= (1-q)/q, (1-p)/p <= e^eps'"),
))

_C36_LOWER: Spec = (("printed", "lower", "u2"),)


def _table_agrees(case) -> tuple[bool, dict] | bool:
    """The appendix's table equals the image of the generic product under count_no, and its trade-off
    functions equal those of the product frame."""
    from numeric.mechanisms import q2x3
    from numeric.tradeoff import TestingProblem, count_no, q2x3_square_table

    p, q = case["p"], case["q"]
    square = TestingProblem.of(q2x3(p, q), "x", "x'").square()
    table = q2x3_square_table(p, q)
    images = (square.null.image(count_no, (0, 1, 2)), square.alternative.image(count_no, (0, 1, 2)))
    if images != (table.null, table.alternative):
        return False, {"image of the product": [m.to_json() for m in images],
                       "table": [table.null.to_json(), table.alternative.to_json()]}
    for name, f in (("T^pe", lambda t: t.tradeoff_pe()), ("T^op (upper boundary)", lambda t: t.tradeoff_op("upper-boundary"))):
        a, b = f(table), f(square)
        if a.vertices != b.vertices:
            return False, {"function": name, "table frame": a.vertices, "product frame": b.vertices}
    return True


def _table_cases(budget: Budget) -> list[dict]:
    return [{"p": p, "q": q} for p, q in _q2x3_cases(budget.grid)]


def _proof_step(case) -> tuple[bool, dict] | bool:
    """The appendix proof of Corollary 3.6: "Since Q is eps-SLDP, e^{-eps} <= (1-q)/q, (1-p)/p <= e^{eps}",
    at the tightest budget e^eps = r_S = max(p/q, q/p)."""
    from numeric.mechanisms import q2x3
    from numeric.tradeoff import TestingProblem

    p, q = case["p"], case["q"]
    r = TestingProblem.of(q2x3(p, q), "x", "x'").ratio("shafer")
    if r == math.inf or r == 1:
        return True  # not eps-SLDP for a finite eps > 0 at its own loss: outside the step's hypothesis
    for name, value in (("(1-q)/q", (1 - q) / q if q else math.inf), ("(1-p)/p", (1 - p) / p)):
        if not 1 / r <= value <= r:
            return False, {"r = e^eps_S": r, name: value}
    return True


@check("C3.6.lower", Method.ENUMERATION)
def _c36_lower_exhaustive(budget: Budget) -> list[Evidence]:
    return [
        _forward(budget, loss="shafer", composed=True, spec=_C36_LOWER, reading=None),
        _forward(budget, loss="shafer", composed=True, spec=(("interval-lower", "lower", "u2"),), reading="interval"),
        _forward(budget, loss="shafer", composed=True, spec=_C36_LOWER, reading="table", table=True),
        exhaustive(_table_cases(budget), _table_agrees, reading="table = product",
                   domain="Q_2x3(p, q), p > 1/2 and q on the exact grids of the other checks",
                   detail={"compared": "masses (image under count_no) and T^pe, T^op (upper boundary) vertices"}),
        exhaustive(_table_cases(budget), _proof_step, reading="proof step: eps-SLDP => e^-eps <= (1-q)/q, (1-p)/p <= e^eps",
                   domain="Q_2x3(p, q), p > 1/2 and q on the exact grids of the other checks, e^eps = r_S (own loss)",
                   detail={"note": "a step of the appendix proof, not the corollary: (1-q)/q = pl_x(yes)/bel_x'(yes) "
                                   "is a Walley ratio, which eps-SLDP does not bound"}),
    ]


@check("C3.6.lower", Method.PROPERTY)
def _c36_lower_search(budget: Budget) -> Iterable[Evidence]:
    yield _search(budget, loss="shafer", composed=True, spec=_C36_LOWER, reading=None, max_labels=2)
    yield _search(budget, loss="shafer", composed=True, spec=(("interval-lower", "lower", "u2"),),
                  reading="interval", max_labels=2)


define(Claim(
    id="C3.6.upper", title="Corollary 3.6", source="003 Corollary 3.6",
    statement=(_COMPOSITION + r"\alpha^2_\varphi\in[l,L] \Rightarrow \beta^2_\varphi \le U^2(l),\ "
               r"U^{2}(\alpha):=min\{e^{2\epsilon}(1-\alpha),1-\alpha e^{-2\epsilon},-\alpha+\frac{3-e^{-2\epsilon}}{e^{\epsilon}+1}\}"),
    domain=("Q epsilon-SLDP (eps_S^Q <= eps, eps > 0), inputs x != x'; product of independent mass functions on "
            "Y x Y; tests phi: Y x Y -> [0, 1]"),
    assumptions=("read for every eps-SLDP mechanism; Q_2x3 with p > 1/2 (the proof's case) is part of the grid",),
    interpretation="alpha^2 = sup over the product's credal set of E(phi), beta^2 = 1 - inf over the other's",
    readings=("interval: beta^2 the upper error bounded by U^2 of the lower type I error (the proof's pairing)",
              "table: the appendix's mass table on {0,1,2}"),
))

_C36_UPPER: Spec = (("printed", "upper", "U2"),)
_C36_UPPER_CORRECTED = (r"\text{with } \beta^2 = \sup_{\mathcal{P}_{x'x'}}\mathbb{E}(1-\varphi) \text{ and } "
                        r"l \le \inf_{\mathcal{P}_{xx}}\mathbb{E}\varphi:\ \beta^2_\varphi \le "
                        r"\min\{e^{2\epsilon}(1-l), 1-l e^{-2\epsilon}, -l+\frac{2e^{\epsilon}}{e^{\epsilon}+1}\} = 1-u^2(1-l)")


@check("C3.6.upper", Method.ENUMERATION)
def _c36_upper_exhaustive(budget: Budget) -> list[Evidence]:
    printed = _forward(budget, loss="shafer", composed=True, spec=_C36_UPPER, reading=None)
    corrected = _forward(budget, loss="shafer", composed=True, spec=(("interval-upper", "upper", "U2_corrected"),),
                         reading="corrected: interval errors, intercept 2e^eps/(e^eps+1)")
    return [
        _with_correction(printed, _C36_UPPER_CORRECTED, corrected, _search(
            budget, loss="shafer", composed=True, spec=(("interval-upper", "upper", "U2_corrected"),),
            reading="corrected: interval errors, intercept 2e^eps/(e^eps+1)", max_labels=2)),
        corrected,
        _forward(budget, loss="shafer", composed=True, spec=(("interval-upper", "upper", "U2"),), reading="interval"),
        _forward(budget, loss="shafer", composed=True, spec=_C36_UPPER, reading="table", table=True),
    ]


@check("C3.6.upper", Method.PROPERTY)
def _c36_upper_search(budget: Budget) -> Iterable[Evidence]:
    yield _search(budget, loss="shafer", composed=True, spec=_C36_UPPER, reading=None, max_labels=2)
    yield _search(budget, loss="shafer", composed=True, spec=(("interval-upper", "upper", "U2"),),
                  reading="interval", max_labels=2)


# === Theorem 3.18 =====================================================================================================

_TRADEOFF_TEXT = (r"T^{pe}(\alpha):=inf\{\beta^{pe}_\varphi:\alpha^{pe}_\varphi\le\alpha\},\ "
                  r"T^{op}(\alpha):=sup\{\beta^{op}_\varphi:\alpha^{op}_\varphi\le\alpha\}")

define(Claim(
    id="T3.18.forward", title="Theorem 3.18 (1⇒2)", source="003 Theorem 3.18 (1⇒2)",
    statement=(r"Q\ \epsilon\text{-}WLDP \Rightarrow \forall\alpha\in[0,1]:\ T^{pe}(Q(x),Q(x'))(\alpha)\ge f^{pe}_\epsilon(\alpha),\ "
               r"T^{op}(Q(x),Q(x'))(\alpha)\le f^{op}_\epsilon(\alpha),\ f^{pe}_{\epsilon}(\alpha)=max\{1-\alpha e^{\epsilon},0,"
               r"e^{-\epsilon}(1-\alpha)\},\ f^{op}_{\epsilon}(\alpha)=min\{1-\alpha e^{-\epsilon},e^{\epsilon}(1-\alpha)\};\ "
               + _TRADEOFF_TEXT),
    domain=("evidential mechanisms Q with eps_W^Q <= eps (pairs x != x'), eps > 0; alpha in [0, 1]; randomized tests "
            "phi: Y -> [0, 1]"),
    assumptions=("eps_W over distinct inputs x != x' (the pair being tested); over all pairs, as Definition 3.13 "
                 "prints it, the loss is larger and the forward statement weaker",),
    interpretation=("Definition 3.17 as printed: pessimistic errors sup over the credal sets, optimistic inf; "
                    "T^op(alpha) = sup{beta^op : alpha^op <= alpha}, which the test phi = 0 makes identically 1"),
    readings=("upper-boundary: T^op(alpha) = sup{beta^op : alpha^op >= alpha}, the upper edge of the optimistic region",),
))

_T318_PRINTED: Spec = (("pe", "lower", "f_pe"), ("op", "upper-at-1", "f_op"))
_T318_UPPER: Spec = (("pe", "lower", "f_pe"), ("op", "upper", "f_op"))


def _tradeoff_violation(problem, r: Fraction, pe: str | None, op: str | None, op_reading: str) -> dict | None:
    """T^pe >= bound ``pe`` and T^op (``op_reading``) <= bound ``op`` on [0, 1], exactly: both sides are
    piecewise linear, so they are compared at every vertex of T and every kink of the bound."""
    from numeric.tradeoff_bounds import BOUNDS, kinks

    for name, side in ((op, "upper"), (pe, "lower")):
        if name is None:
            continue
        T = problem.tradeoff_pe() if side == "lower" else problem.tradeoff_op(op_reading)
        for a in sorted(set(T.breakpoints()) | set(kinks(name, r))):
            t, g = T(a), BOUNDS[name](a, r)
            if (t < g) if side == "lower" else (t > g):
                return {"trade-off function": "T^pe" if side == "lower" else f"T^op ({op_reading})",
                        "alpha": a, "T(alpha)": t, "bound": name, "bound value": g, "r = e^eps": r,
                        "T vertices": [list(v) for v in T.vertices]}
    return None


def _tradeoff_forward(budget: Budget, *, composed: bool, pe: str | None, op: str | None, op_reading: str,
                      reading: str | None) -> Evidence:
    from numeric.tradeoff import budgets_from

    def holds(case):
        base = case.problem
        tested = base.square() if composed else base
        r0 = base.ratio("walley")
        for r in budgets_from(r0):
            found = _tradeoff_violation(tested, r, pe, op, op_reading)
            if found:
                return False, {**found, **_mechanism_json(base), "own Walley loss ratio": r0}
        return True

    return exhaustive(_problems(budget, composed), holds, reading=reading,
                      domain=_grid_domain(budget, composed).replace("own loss ratio", "own Walley loss ratio (x != x')")
                      + "; the trade-off functions are exact convex envelopes, compared at all their vertices and all kinks of the bounds",
                      detail={"pe bound": pe, "op bound": op, "T^op reading": op_reading})


_T318_CORRECTED = (r"\text{with } T^{op}(\alpha):=sup\{\beta^{op}_\varphi:\alpha^{op}_\varphi\ge\alpha\}:\ "
                   r"Q\ \epsilon\text{-}WLDP \Rightarrow T^{pe}\ge f^{pe}_\epsilon,\ T^{op}\le f^{op}_\epsilon \text{ on } [0,1]")


@check("T3.18.forward", Method.ENUMERATION)
def _t318_forward_exhaustive(budget: Budget) -> list[Evidence]:
    printed = _tradeoff_forward(budget, composed=False, pe="f_pe", op="f_op", op_reading="printed", reading=None)
    upper = _tradeoff_forward(budget, composed=False, pe="f_pe", op="f_op", op_reading="upper-boundary",
                              reading="upper-boundary")
    return [_with_correction(printed, _T318_CORRECTED, upper), upper]


@check("T3.18.forward", Method.PROPERTY)
def _t318_forward_search(budget: Budget) -> Iterable[Evidence]:
    yield _search(budget, loss="walley", composed=False, spec=_T318_PRINTED, reading=None, max_labels=3)
    yield _search(budget, loss="walley", composed=False, spec=_T318_UPPER, reading="upper-boundary", max_labels=3)


define(Claim(
    id="T3.18.converse", title="Theorem 3.18 (2⇒1)", source="003 Theorem 3.18 (2⇒1)",
    statement=(r"\forall\alpha\in[0,1]:\ T^{pe}(Q(x),Q(x'))(\alpha)\ge f^{pe}_\epsilon(\alpha) \text{ and } "
               r"T^{op}(Q(x),Q(x'))(\alpha)\le f^{op}_\epsilon(\alpha) \Rightarrow Q\ \epsilon\text{-}WLDP;\ " + _TRADEOFF_TEXT),
    domain="evidential mechanisms Q, inputs x != x' (statement 2 for both orders), budgets eps > 0",
    interpretation=("Definition 3.17 as printed (T^op = sup over alpha^op <= alpha, identically 1): statement 2 then "
                    "fails at alpha = 1 for every Q and eps, and the implication holds vacuously; statement 1: "
                    "eps_W^Q (x != x') <= eps"),
    readings=("upper-boundary: T^op(alpha) = sup{beta^op : alpha^op >= alpha}",),
))


@check("T3.18.converse", Method.SYMBOLIC)
def _t318_converse_vacuous(budget: Budget) -> Evidence:
    """Statement 2 as printed is never satisfied: phi = 0 has alpha^op = 0 <= 1 and beta^op = inf E(1) = 1
    (normal mass functions), so T^op(1) = 1, while f^op_eps(1) = min{1 - e^{-eps}, 0} = 0 for every eps > 0."""
    import sympy

    s = sympy.Symbol("s", positive=True)  # e^eps = 1 + s, s > 0 <=> eps > 0
    r = 1 + s
    f_op_at_1 = sympy.Min(1 - 1 / r, r * 0)
    t_op_at_1 = sympy.Integer(1)
    violated = sympy.simplify(t_op_at_1 - f_op_at_1)
    ok = bool(violated.is_positive)
    return Evidence(
        Method.SYMBOLIC, Outcome.PROVED if ok else Outcome.INCONCLUSIVE,
        "every evidential mechanism, every pair x != x', every eps > 0 (e^eps = 1 + s, s > 0)",
        {"argument": "phi = 0: alpha^op = 0 <= alpha for all alpha, beta^op = lower expectation of 1 = 1, so the "
                     "printed T^op is identically 1; f^op_eps(1) = min{1 - e^{-eps}, 0} = 0 < 1; hence statement 2 "
                     "never holds and 2 => 1 is vacuously true",
         "T^op(1) - f^op(1)": str(violated), "vacuous": True},
        derived={"f^op(1)": f_op_at_1, "T^op(1) - f^op(1)": violated},
    )


def _t318_condition(op_reading: str):
    def condition(problem, r):
        return (_tradeoff_violation(problem, r, "f_pe", "f_op", op_reading) is None
                and _tradeoff_violation(problem.swapped(), r, "f_pe", "f_op", op_reading) is None)
    return condition


@check("T3.18.converse", Method.ENUMERATION)
def _t318_converse_exhaustive(budget: Budget) -> list[Evidence]:
    return [
        _converse(budget, spec=(), conclusion="walley", reading=None, condition=_t318_condition("printed"),
                  what="T^pe >= f^pe and printed T^op <= f^op on [0, 1] (exact trade-off functions), both orders"),
        _converse(budget, spec=(), conclusion="walley", reading="upper-boundary",
                  condition=_t318_condition("upper-boundary"),
                  what="T^pe >= f^pe and T^op (upper boundary) <= f^op on [0, 1], both orders"),
    ]


@check("T3.18.converse", Method.PROPERTY)
def _t318_converse_search(budget: Budget) -> Iterable[Evidence]:
    yield _converse_search(budget, spec=_T318_PRINTED, conclusion="walley", reading=None)
    yield _converse_search(budget, spec=_T318_UPPER, conclusion="walley", reading="upper-boundary")


# === Corollary 3.19 ===================================================================================================

_C319_DOMAIN = ("Q epsilon-WLDP (eps_W^Q over x != x' <= eps, eps > 0); product of independent mass functions on "
                "Y x Y; alpha in [0, 1]; randomized tests on Y x Y")
_T2_TEXT = (r"T_2^{pe}(\alpha):=inf\{\beta^{2,pe}_\varphi:\alpha^{2,pe}_\varphi\le\alpha\},\ "
            r"T_2^{op}(\alpha):=sup\{\beta^{2,op}_\varphi:\alpha^{2,op}_\varphi\le\alpha\}")

define(Claim(
    id="C3.19.pe", title="Corollary 3.19", source="003 Corollary 3.19",
    statement=(r"\forall\alpha\in[0,1]:\ T_{2}^{pe}(Q(x)\times Q(x),Q(x')\times Q(x'))(\alpha)\ge f^{2,pe}_{\epsilon}(\alpha)"
               r"=max\{1-\alpha e^{2\epsilon},-\alpha+\frac{2}{e^{\epsilon}+1},e^{-2\epsilon}(1-\alpha)\};\ " + _T2_TEXT),
    domain=_C319_DOMAIN,
    assumptions=("the corollary does not restate its hypothesis; read as: Q is eps-WLDP (the setting of Theorem 3.18)",),
    interpretation="pessimistic errors of the product (sup over its credal sets), T_2^pe as in Definition 3.17",
))


@check("C3.19.pe", Method.ENUMERATION)
def _c319_pe_exhaustive(budget: Budget) -> Evidence:
    return _tradeoff_forward(budget, composed=True, pe="f2_pe", op=None, op_reading="printed", reading=None)


@check("C3.19.pe", Method.PROPERTY)
def _c319_pe_search(budget: Budget) -> Evidence:
    return _search(budget, loss="walley", composed=True, spec=(("pe", "lower", "f2_pe"),), reading=None, max_labels=2)


define(Claim(
    id="C3.19.op", title="Corollary 3.19", source="003 Corollary 3.19",
    statement=(r"\forall\alpha\in[0,1]:\ T_{2}^{op}(Q(x)\times Q(x),Q(x')\times Q(x'))(\alpha)\le f^{2,op}_{\epsilon}(\alpha)"
               r"=min\{1-\alpha e^{-2\epsilon},e^{2\epsilon}(1-\alpha),-\alpha+\frac{3-e^{-2\epsilon}}{e^{\epsilon}+1}\};\ " + _T2_TEXT),
    domain=_C319_DOMAIN,
    assumptions=("read as: Q is eps-WLDP (the setting of Theorem 3.18)",),
    interpretation="T_2^op as printed: sup{beta^{2,op} : alpha^{2,op} <= alpha} (identically 1, by phi = 0)",
    readings=("upper-boundary: T_2^op(alpha) = sup{beta^{2,op} : alpha^{2,op} >= alpha}",),
))

_C319_CORRECTED = (r"\text{with } T_2^{op}(\alpha):=sup\{\beta^{2,op}_\varphi:\alpha^{2,op}_\varphi\ge\alpha\}:\ "
                   r"T_2^{op}(\alpha)\le\min\{1-\alpha e^{-2\epsilon},e^{2\epsilon}(1-\alpha),-\alpha+\frac{2e^{\epsilon}}{e^{\epsilon}+1}\}")


@check("C3.19.op", Method.ENUMERATION)
def _c319_op_exhaustive(budget: Budget) -> list[Evidence]:
    printed = _tradeoff_forward(budget, composed=True, pe=None, op="f2_op", op_reading="printed", reading=None)
    corrected_reading = "corrected: upper boundary, intercept 2e^eps/(e^eps+1)"
    corrected = _tradeoff_forward(budget, composed=True, pe=None, op="f2_op_corrected", op_reading="upper-boundary",
                                  reading=corrected_reading)
    corrected_search = _search(budget, loss="walley", composed=True, spec=(("op", "upper", "f2_op_corrected"),),
                               reading=corrected_reading, max_labels=2)
    return [
        _with_correction(printed, _C319_CORRECTED, corrected, corrected_search), corrected,
        _tradeoff_forward(budget, composed=True, pe=None, op="f2_op", op_reading="upper-boundary",
                          reading="upper-boundary"),
    ]


@check("C3.19.op", Method.PROPERTY)
def _c319_op_search(budget: Budget) -> Iterable[Evidence]:
    yield _search(budget, loss="walley", composed=True, spec=(("op", "upper-at-1", "f2_op"),), reading=None, max_labels=2)
    yield _search(budget, loss="walley", composed=True, spec=(("op", "upper", "f2_op"),), reading="upper-boundary",
                  max_labels=2)
