"""Sign conditions decided: ``expr op 0`` on a whole domain, proved, or refuted at a re-checked point.

:func:`check_sign` is public (``from proofs import check_sign``)::

    check_sign("p - q", ["q < p"])                                  # proved
    check_sign("4*p*(1-p) - 1", ["p > 0", "p < 1"])                 # refuted at p = 1/2 (value 0)
    check_sign(f_prime, ["p > 1/2", "q >= 0", "p + q <= 1", "n >= 1"], integers=["n"])
    check_sign("exp(x) - 1 - x", [], sign=">=0", symbols=["x"])      # proved (interval decider + cvc5)
    check_sign("(exp(eps/2) - 1)/(exp(eps/2) + 1) - eps/4", "eps > 0", sign="<0")          # proved
    check_sign("(exp(eps)/(exp(eps)+d-1)) / (1/(exp(eps)+d-1)) - exp(eps)",
               domain="eps > 0, d >= 2 integer", sign="==0")        # proved (randomized response's ratio)

The domain is a list of constraints, a string such as ``"eps > 0, d >= 2 integer, 0 <= c0 <= n"`` or a
:class:`core.domain.Domain` (:mod:`proofs.engines.sign.parse` says how names are matched, and when
``pi``, ``E``, ``e`` and ``I`` are constants). Every string is read by :func:`core.formula.parse_formula`:
nothing in it is ever executed.

**First, the domain must have a point** (:mod:`proofs.engines.sign.nonempty`). A condition holds on an
empty domain vacuously: such evidence says so and has ``premise_cases=0`` (the premise "a point of the
domain exists" never held), so it earns nothing and the verdict is ``inconclusive`` with the reason "the
domain is empty". A domain not shown to have a point is never taken to have one: a proof on it is
``inconclusive`` and says so.

How a polynomial condition is decided (every step is stated in the evidence):

1. ``exp``/``log`` are removed by monotone substitutions (:mod:`proofs.engines.sign.reduce`): ``exp(k*s)``
   for rational ``k`` becomes a power of ``t = exp(s/L)``, so conditions written in ε as mechanisms are
   printed (``exp(eps/2)``, ``E**eps``, ``sqrt(exp(eps))``) are polynomial in ``t``;
2. each domain constraint ``N/D op 0`` becomes ``N*D op 0`` and ``D != 0`` (it is undefined where
   ``D = 0``); the expression under study is written ``N/D`` with ``D`` factored, and the sign of each
   factor of ``D`` is itself decided on the domain (a factor that can vanish there is an error: the
   expression is undefined); factors of ``N`` with a decided strict sign are dropped the same way;
3. z3 (``QF_NRA``) is asked for a domain point where the condition fails (:mod:`proofs.engines.sign.polynomial`):
   ``unsat`` proves the condition on the whole domain (integer symbols are relaxed to reals, which only
   enlarges the set searched); ``sat`` gives a model that is turned into exact rationals (integers for
   integer symbols) and re-evaluated with sympy in the *original* expression and constraints before it is
   believed (exactly, or in arb balls at the two precisions of ``arb(50).confirmations()``);
   ``unknown`` or a time-out is ``inconclusive``;
4. where the condition fails, :func:`~proofs.engines.sign.region.holds_when` looks for the region where
   it holds: for an integer parameter the smallest ``n0`` such that it is proved for all ``n >= n0``;
   otherwise the first of the caller's candidate constraints, or a bound ``s >= t`` / ``s <= t`` on one
   variable found by exact bisection, under which it is proved.

Where ε occurs inside and outside ``exp`` (``8/eps**2`` against a variance in ``exp(eps/2)``), certified bounds
on the logarithm are tried first (:mod:`proofs.engines.sign.logbounds`): ε is kept as a variable tied to
``u = exp(ε/M)`` by bounds on ``log u``, each proved by its derivative's sign, and z3 decides the relaxed
polynomial condition, a proof on the whole (unbounded) domain; a relaxation that fails proves nothing, and
the interval decider below takes over.

Where the monotone substitutions refuse (a variable inside and outside ``exp``/``log``, ``sqrt``,
``b**e``, logarithms mixed with other terms, a constraint on ``s`` outside ``exp(s)`` other than
``s op 0``, the constants ``pi`` and ``E``), the *transcendental path* takes over
(:mod:`proofs.engines.sign.transcendental`): side conditions (logarithm arguments ``> 0``, denominators
``!= 0``, square-root bases ``>= 0``) decided first, then validated branch-and-bound with python-flint arb
enclosures (:mod:`~proofs.engines.sign.branch`), closing tight points and unbounded tails by
mean-value-theorem arguments whose derivative signs are decided by z3 when they reduce to polynomials,
else recursively by the same procedure. :func:`check_sign` adds a second, independent decision of the
same condition (:mod:`~proofs.engines.sign.crosscheck`: cvc5 with transcendental functions, Taylor models
decided by z3); both are method ``decision``, and a proof by one with a counterexample from the other is
an error.

What ``check_sign`` can decide:

* any polynomial or rational condition over the reals (z3's nlsat is complete), integer symbols by
  relaxation (proofs) and integer models (counterexamples);
* conditions with ``exp``, ``log``, ``sqrt``, rational powers, ``b**e``, ``Abs``, ``pi``, ``E`` in any
  number of variables where the condition holds with a margin on a bounded box (certified enclosures
  close every box), and every failing condition whose failure set has an interior point (a test point
  of a box lands in it);
* in one variable without other constraints: conditions that are *tight* at rational points where the
  expression is exactly 0 (``exp(x) - 1 - x`` at 0, ``log(x) - x + 1`` at 1, ``tanh(e/2) - e/2`` at 0 with
  three vanishing derivatives), up to the fifth derivative; excluded ends where the expression is
  undefined but has a limit (sympy's ``limit``); unbounded variables whose tails are monotone from some
  point on, directly or after the substitution ``x = 1/t`` (``log(x) - sqrt(x) < 0`` on ``x > 0``);
* a symbol ε inside ``exp`` (as ``exp(k*ε)``) and outside it, rationally, on any domain, bounded or not, where
  the condition holds with a margin the bounds on the logarithm resolve (PM's worst-case variance below
  Laplace's ``8/ε²`` for every ``ε > 0``).

What it cannot decide (the result is ``inconclusive``, with the open boxes and their total measure):

* tight points at irrational places (``exp(x) - 2 - 2*(x - log 2) >= 0`` touches 0 at ``log 2``), tight
  points in several variables, conditions that touch 0 along a curve, and equalities ``== 0`` that
  sympy does not simplify to 0 (an enclosure never shows a value is exactly 0);
* an unbounded variable whose tail is not eventually monotone (oscillating), or whose derivatives
  stay unbounded on every unbounded box;
* ``sin``, ``cos``, ``floor``, ``Sum`` and the like (an ``InvalidArgument`` names them), and
  integer symbols inside a condition the monotone substitutions do not reduce.

Forms printed in papers, before any of the above:

* bounds on ε itself beside ``exp(ε)``, ``exp(ε/2)`` (``"eps > 1.29"``): written on ``exp(ε/L)``, exactly or
  between two certified rationals (:mod:`proofs.engines.sign.exponential`), so z3 decides them;
* ``Abs``, ``Max``, ``Min``, ``Piecewise`` and worst cases ``sup_over``/``inf_over``: decided by cases
  (:mod:`proofs.engines.sign.cases`);
* ``iff="eps > 1.29"``: a threshold claim read as printed (1.29 is 129/100), the exact threshold a certified
  root; a refutation carries the corrected threshold, and a printed decimal's reading at its printed precision is
  shown apart (:mod:`proofs.engines.sign.threshold`);
* ``holds_when`` candidates the polynomial region search does not settle: each decided on the domain with it
  added; none is dropped (those that do not hold are listed with their outcome).

**Limits, time, failures** (:mod:`proofs.engines.sign.limits`): sizes beyond what the decider handles in
its time (degree, variables, expression size) are refused before work with a one-line error naming the
value and the limit; ``timeout=`` is one deadline shared by every step of the call (both decisions of
:func:`check_sign` included), honoured within about twice its value; an exception of sympy, z3, cvc5 or
python-flint inside the engine makes the evidence ``inconclusive`` with the exception named, never a
traceback; a ``KeyboardInterrupt`` (z3 reports SIGINT as ``unknown``: it is re-raised) always propagates.

**Record** (:mod:`proofs.kernel.record`): the evidence's ``detail`` lists every z3/cvc5 query that
decided a step (``"queries"``: SMT-LIB text, expected answer, meaning), and for the interval decider every
box it closed (``"boxes"``) and every mean-value argument (``"arguments"``), for proof certificates.
"""

from __future__ import annotations

import time
from dataclasses import replace
from fractions import Fraction
from collections.abc import Sequence
from typing import Any

import sympy

from core.errors import InvalidArgument, invalid
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.base.verdict import Verdict
from proofs.engines.sign.cases import combine, has_cases, split
from proofs.engines.sign.crosscheck import crosscheck
from proofs.engines.sign.exponential import DIGITS, sandwich
from proofs.engines.sign.logbounds import SHARE, WINDOWS, LogBoundsDecision, decide_log_bounds, window
from proofs.engines.sign.limits import (ENGINE_LIMITATIONS, Deadline, TimeUp, limitation, read_timeout, refuse_sizes,
                                        WHOLE_CALL, late, timed_out, within)
from proofs.engines.sign.nonempty import DomainStatus, domain_status, of_problem
from proofs.engines.sign.parse import Condition, Statement, read_statement
from proofs.engines.sign.polynomial import decide_polynomial
from proofs.engines.sign.problem import NotPolynomial, SignProblem
from proofs.kernel.record import Transcript
from proofs.engines.sign.region import holds_when
from proofs.engines.sign.threshold import Threshold, decide_threshold, read_iff
from proofs.engines.sign.transcendental import TranscendentalDecision, decide_transcendental

__all__ = ["check_sign", "sign_evidence", "SOLVERS", "REGION_SECONDS"]

#: What ``sign_evidence(..., solver=)`` accepts: ``auto`` (z3 on polynomial conditions; on the others certified
#: bounds on the logarithm where ε mixes with ``exp(ε)``, then the interval decider), ``cvc5`` (the cross-check of
#: a transcendental condition: cvc5 and Taylor models) or ``interval`` (the interval decider alone).
SOLVERS = ("auto", "cvc5", "interval")
#: Longest the search for the region where a refuted condition holds may take (within the call's deadline).
REGION_SECONDS = 10.0


def sign_evidence(
    expr: Any,
    domain: Any = None,
    *,
    sign: str = ">0",
    integers: Sequence[str] = (),
    timeout: float = 30.0,
    symbols: Sequence[str] = (),
    holds_when_candidates: Sequence[Any] = (),
    search_region: bool = True,
    reading: str | None = None,
    domain_text: str | None = None,
    solver: str = "auto",
) -> Evidence:
    """The decision-procedure evidence for ``expr sign`` on ``domain`` (see the module docstring).

    ``solver="cvc5"`` asks for the cross-check of a condition the polynomial reduction refuses (cvc5 and
    Taylor models, :mod:`proofs.engines.sign.crosscheck`) instead of the interval decider; ``solver="interval"``
    for the interval decider alone, without the certified bounds on the logarithm tried first
    (:mod:`proofs.engines.sign.logbounds`)."""
    if solver not in SOLVERS:
        raise invalid("solver", solver, f"not one of {list(SOLVERS)}")
    seconds = read_timeout(timeout)
    statement = _statement(expr, domain, sign=sign, integers=integers, symbols=symbols)
    deadline = Deadline(seconds)
    evidence = _evidence(statement, deadline, solver=solver, candidates=holds_when_candidates,
                         search_region=search_region, reading=reading, domain_text=domain_text)
    return _region(statement, evidence, holds_when_candidates, deadline) if search_region else evidence


def check_sign(
    expr: Any,
    domain: Any = None,
    *,
    sign: str = ">0",
    integers: Sequence[str] = (),
    timeout: float = 30.0,
    symbols: Sequence[str] = (),
    holds_when: Sequence[Any] = (),
    iff: str | None = None,
    search_region: bool = True,
) -> Verdict:
    """Decide ``expr sign`` (``">0"``, ``">=0"``, ``"<0"``, ``"<=0"``, ``"==0"``, ``"!=0"``) on the points of
    ``domain``: a list of constraint strings (``"p > 1/2"``, ``"0 <= q <= 1"``, ``"(n+1)*(p+q) > 1"``), a
    string such as ``"eps > 0, d >= 2 integer"``, or a :class:`core.domain.Domain` (positional or
    ``domain=``; ``None`` for all reals).

    ``integers`` names the integer symbols (the domain may name more); ``symbols`` declares names beyond
    the paper's (those of a sympy ``expr`` are known already); ``holds_when`` lists candidate extra
    constraints to report where a refuted condition holds; ``iff`` (``"eps > 1.29"``) makes it a threshold
    claim: "``expr sign`` iff ``eps > 1.29``", read as printed (1.29 is the exact number 129/100: a threshold
    1.289784... refutes it at an exact point between the two, and the refutation's correction states the exact
    threshold with its own evidence; :mod:`proofs.engines.sign.threshold`). Its evidence is the decision and the
    exact evaluation at points of every cell, and for a printed decimal the reading at its printed precision
    (``reading`` set: shown apart, never part of the verdict); ``timeout`` is the time in seconds the
    whole call may take; ``search_region=False`` skips the search for the region where a refuted condition holds
    (for a caller that reads only the status and the counterexample, which the search never changes). Returns a
    :class:`~proofs.base.verdict.Verdict`: ``proved`` (z3 unsat, or the interval
    decider), ``refuted`` (a counterexample re-checked exactly or at two precisions; ``verdict.holds_when``
    the region where it holds, if found) or ``inconclusive`` (an empty domain, a time-out, ``unknown``,
    open boxes, a limitation of the engine). A condition with ``exp``/``log``/``sqrt`` that the monotone
    substitutions do not reduce carries two pieces of evidence: the interval decider and the cvc5/Taylor
    cross-check (they must agree: a contradiction is an ``error``). Unparseable constraints, unknown
    symbols, conditions undefined at a domain point and sizes beyond the decider's limits raise
    :class:`~core.errors.InvalidArgument` (a ``ValueError``) naming the offending text.
    """
    seconds = read_timeout(timeout)
    started = time.perf_counter()
    threshold = read_iff(iff) if iff is not None else None
    if holds_when and not search_region:
        raise invalid("holds_when", list(holds_when), "candidate regions are searched only with search_region=True")
    finished, verdict = within(WHOLE_CALL * seconds, _check_sign, expr, domain, sign, integers, symbols, holds_when,
                               seconds, threshold, search_region)
    if finished:
        return late(verdict, seconds, time.perf_counter() - started)
    return Verdict(timed_out((Method.DECISION,), seconds, "the stated domain (stopped at the deadline)"))


def _check_sign(expr: Any, domain: Any, sign: str, integers: Sequence[str], symbols: Sequence[str],
                holds_when: Sequence[Any], seconds: float, threshold: Threshold | None = None,
                search_region: bool = True) -> Verdict:
    """The body of :func:`check_sign`, run within ``WHOLE_CALL`` times its timeout (its cross-check may take
    half again)."""
    statement = _statement(expr, domain, sign=sign, integers=integers, symbols=symbols)
    deadline = Deadline(seconds)
    if threshold is not None:
        if holds_when:
            raise invalid("holds_when", list(holds_when), "a threshold claim (iff=) states its own region")
        return Verdict(decide_threshold(statement, threshold, lambda sub: _evidence(sub, deadline, solver="auto",
                                                                                    search_region=False),
                                        _domain_text(statement)))
    first = _region(statement, _evidence(statement, deadline, solver="auto", candidates=holds_when,
                                         search_region=search_region), holds_when, deadline)
    if first.detail.get(Detail.WHY_NOT_POLYNOMIAL) is None:
        return Verdict((first,))
    second_deadline = Deadline(max(deadline.left(), seconds / 2))      # the cross-check: at most half again
    return Verdict((first, _evidence(statement, second_deadline, solver="cvc5")))


def _statement(expr: Any, domain: Any, *, sign: str, integers: Sequence[str], symbols: Sequence[str]) -> Statement:
    """The statement read and checked against the size limits, before any work."""
    statement = read_statement(expr, domain, sign=sign, integers=integers, symbols=symbols)
    refuse_sizes(statement.target.expr, [c.expr for c in statement.domain], statement.target.text)
    return statement


def _domain_text(statement: Statement) -> str:
    integers = sorted(statement.integers)
    return ("whole domain: " + ("; ".join(dict.fromkeys(c.text for c in statement.domain)) or "all reals")
            + (f"; integers: {', '.join(integers)}" if integers else ""))


def _base_detail(statement: Statement) -> dict[str, Any]:
    detail: dict[str, Any] = {"condition": f"{statement.target.expr} {statement.target.op} 0"}
    if statement.notes:
        detail["names"] = list(statement.notes)
    return detail


def _evidence(statement: Statement, deadline: Deadline, *, solver: str, candidates: Sequence[Any] = (),
              search_region: bool = True, reading: str | None = None, domain_text: str | None = None) -> Evidence:
    """The evidence of one decision; time-outs and limitations of the engine become ``inconclusive``."""
    start = time.perf_counter()
    text = domain_text or _domain_text(statement)
    try:
        if has_cases(statement.target.expr):
            return _by_cases(statement, deadline, reading=reading, text=text, start=start)
        try:
            problem = SignProblem.of(statement, deadline=deadline)
        except NotPolynomial as refusal:
            between = _sandwiched(statement, deadline, solver=solver, candidates=candidates,
                                  search_region=search_region, reading=reading, text=text, start=start)
            if between is not None:
                return between
            logs, tried = _log_bounded(statement, refusal, deadline, solver=solver, reading=reading, text=text,
                                       start=start)
            if logs is not None:
                return logs
            found = _transcendental(statement, refusal, deadline, solver=solver, reading=reading, text=text,
                                    stated_text=domain_text is not None, start=start)
            return replace(found, detail={**found.detail, **tried}) if tried else found
        if solver != "auto":
            raise invalid("solver", solver, "applies to conditions with exp/log/sqrt that no monotone substitution "
                          "reduces; this one is polynomial (z3 decides it)")
        return _polynomial(statement, problem, deadline, candidates=candidates, search_region=search_region,
                           reading=reading, text=text, start=start)
    except TimeUp as late:
        detail = _base_detail(statement) | {Detail.TIME_OUT: f"the deadline ({round(deadline.seconds, 3)} s) passed "
                                            f"before {late.step}", Detail.Z3_OUTCOME: "unknown", "z3 reason": "timeout"}
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail, reading=reading,
                        seconds=time.perf_counter() - start)
    except InvalidArgument:
        raise
    except ENGINE_LIMITATIONS as error:
        detail = _base_detail(statement) | {"limitation": f"the engine stopped on {limitation(error)}"}
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, detail, reading=reading,
                        seconds=time.perf_counter() - start)


def _region(statement: Statement, evidence: Evidence, candidates: Sequence[Any], deadline: Deadline) -> Evidence:
    """A refuted condition's ``holds_when`` candidates, each decided like the condition itself on the domain with
    the candidate added (where the polynomial region search did not settle them): the first proved on a domain
    with a point is where it holds; the others are listed with their outcome, never dropped."""
    if evidence.outcome is not Outcome.COUNTEREXAMPLE or evidence.holds_when is not None or not candidates:
        return evidence
    tried = []
    for candidate in candidates:
        restricted = statement.with_constraints([candidate])
        found = _evidence(restricted, deadline.within(REGION_SECONDS), solver="auto", search_region=False)
        tried.append(f"{candidate}: {found.outcome.value}" + (" (empty)" if found.premise_cases == 0 else ""))
        if found.outcome is Outcome.PROVED and found.premise_cases != 0:
            return replace(evidence, holds_when=str(candidate), holds_when_checked=True,
                           detail={**evidence.detail, "holds_when": f"proved on the domain with {candidate} "
                                   "(the counterexample lies outside it)", "holds_when evidence": found.to_json()})
    return replace(evidence, detail={**evidence.detail, "holds_when candidates (none proved)": tried})


def _by_cases(statement: Statement, deadline: Deadline, *, reading: str | None, text: str, start: float) -> Evidence:
    """A condition with ``Abs``/``Max``/``Min``/``Piecewise`` or a worst case over an interval, decided case by
    case (:mod:`proofs.engines.sign.cases`)."""
    def decide_one(sub: Statement) -> Evidence:
        return _evidence(sub, deadline, solver="auto", search_region=False)

    parts = split(statement, decide_one)
    evidences = []
    for case in parts.cases:
        evidences.append(decide_one(case.statement))
        if evidences[-1].outcome is Outcome.COUNTEREXAMPLE:
            break
    outcome, failing, lines = combine(parts.cases[:len(evidences)], evidences)
    if outcome == "proved" and len(evidences) < len(parts.cases):
        outcome = "inconclusive"
    detail = _base_detail(statement) | {"decided by cases": lines, "cases": len(parts.cases),
                                        "case evidence": [e.to_json() for e in evidences]}
    if parts.worst_cases:
        detail["worst cases"] = list(parts.worst_cases)
        detail["worst-case evidence"] = [e.to_json() for e in parts.worst_case_evidence]
    seconds = time.perf_counter() - start
    if failing is not None:
        case = parts.cases[len(evidences) - 1]
        detail["failing case"] = " and ".join(case.conditions) or "every point"
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=failing.counterexample,
                        recheck=failing.recheck, reading=reading, seconds=seconds)
    if outcome == "empty":
        detail["vacuous because"] = "the domain is empty: every case is empty"
        return Evidence(Method.DECISION, Outcome.PROVED, text, detail, reading=reading, premise_cases=0,
                        seconds=seconds)
    return Evidence(Method.DECISION, Outcome(outcome), text, detail, reading=reading, seconds=seconds)


def _sandwiched(statement: Statement, deadline: Deadline, *, solver: str, candidates: Sequence[Any],
                search_region: bool, reading: str | None, text: str, start: float) -> Evidence | None:
    """A condition in ``exp(eps)``, ``exp(eps/2)`` with bounds on ``eps`` itself, decided between an outer and an
    inner domain (:mod:`proofs.engines.sign.exponential`); ``None`` when that rewriting does not apply."""
    if solver != "auto":
        return None
    last: Evidence | None = None
    for digits in DIGITS:
        pair = sandwich(statement, digits)
        if pair is None:
            return None
        try:
            outer = SignProblem.of(pair.outer, deadline=deadline)
        except NotPolynomial:
            return None
        notes = {"bounds on eps rewritten": list(pair.notes)}
        if pair.exact:                            # every bound rewritten exactly: one decision
            only = _polynomial(pair.outer, outer, deadline, candidates=candidates, search_region=search_region,
                               reading=reading, text=text, start=start)
            return replace(only, detail={**only.detail, **notes})
        try:
            first = _polynomial(pair.outer, outer, deadline, candidates=(), search_region=False, reading=reading,
                                text=text, start=start)
        except InvalidArgument as refusal:       # the larger domain may reach a point the stated one excludes
            first = Evidence(Method.DECISION, Outcome.INCONCLUSIVE, text, {"outer domain": str(refusal)})
        if first.outcome is not Outcome.PROVED:
            inner = SignProblem.of(pair.inner, deadline=deadline)
            second = _polynomial(pair.inner, inner, deadline, candidates=candidates, search_region=search_region,
                                 reading=reading, text=text, start=start)
            if second.outcome is Outcome.COUNTEREXAMPLE:
                return replace(second, detail={**second.detail, **notes})
            last = replace(second, detail={**second.detail, **notes, "outer domain": first.outcome.value})
        elif first.premise_cases == 0:
            return replace(first, detail={**first.detail, **notes})    # the outer domain is empty: so is the stated one
        else:
            inner_status = of_problem(SignProblem.of(pair.inner, deadline=deadline))
            if inner_status.kind == "point":
                return replace(first, detail={**first.detail, **notes, "domain point": inner_status.point})
            last = replace(first, outcome=Outcome.INCONCLUSIVE, detail={
                **first.detail, **notes, "note": "proved on a domain that contains the stated one, but the stated "
                "domain was not shown to have a point"})
        if deadline.expired():
            break
    return last


def _log_bounded(statement: Statement, refusal: NotPolynomial, deadline: Deadline, *, solver: str,
                 reading: str | None, text: str, start: float) -> tuple[Evidence | None, dict[str, Any]]:
    """A condition that mixes ε with ``exp(ε)`` proved by certified bounds on the logarithm
    (:mod:`proofs.engines.sign.logbounds`) on a domain shown to have a point: the evidence, or ``None`` and what
    was tried (stated beside the interval decider's evidence that takes over)."""
    if solver != "auto":
        return None, {}
    decision = decide_log_bounds(statement, deadline)
    if decision is None:
        return None, {}
    if decision.outcome != "proved":
        windowed, tried = _windowed(statement, refusal, decision, deadline, reading=reading, text=text, start=start)
        return windowed, ({"log bounds (not decisive)": {**decision.detail, "windows tried": tried}}
                          if windowed is None else {})
    record = Transcript()
    status = domain_status(refusal.domain, refusal.integers, deadline=deadline, transcript=record)
    if status.kind != "point":
        return None, {"log bounds (not decisive)": {**decision.detail, "domain": status.how}}
    detail = _base_detail(statement) | decision.detail | {Detail.WHY_NOT_POLYNOMIAL: str(refusal),
                                                          "domain point": status.point}
    record.extend(decision.transcript)
    detail.update(record.detail())
    return Evidence(Method.DECISION, Outcome.PROVED, text, detail, steps=decision.steps, reading=reading,
                    seconds=time.perf_counter() - start), {}


def _windowed(statement: Statement, refusal: NotPolynomial, decision: LogBoundsDecision, deadline: Deadline, *,
              reading: str | None, text: str, start: float) -> tuple[Evidence | None, list[str]]:
    """Where the relaxation by log bounds fails only on a bounded part of the domain: a window ``a <= ε <= b``
    around the relaxed point where it failed (:func:`~proofs.engines.sign.logbounds.window`), the bounds proving
    ``ε <= a`` and ``ε >= b`` and the interval decider the window (a counterexample it finds there is a point of
    the stated domain); the window is widened around each new failure, at most
    :data:`~proofs.engines.sign.logbounds.WINDOWS` times, within :data:`~proofs.engines.sign.logbounds.SHARE` of
    the time left. The evidence (``None`` when no window settles it) and what was tried."""
    x, at = decision.symbol, decision.failing
    span = window(at) if x is not None and at is not None else None
    stage = deadline.within(deadline.left() * SHARE)
    tried: list[str] = []
    for _ in range(WINDOWS):
        if span is None or stage.expired():
            break
        a, b = (sympy.Rational(v.numerator, v.denominator) for v in span)
        below = decide_log_bounds(statement.with_constraints([Condition(a - x, ">=", f"{x} <= {a}")]), stage, 0.5)
        above = decide_log_bounds(statement.with_constraints([Condition(x - b, ">=", f"{x} >= {b}")]), stage, 0.5)
        if below is None or above is None:
            break
        failed = [d for d in (below, above) if d.outcome != "proved"]
        if failed:
            tried.append(f"window [{a}, {b}]: the bounds do not prove " + " and ".join(
                (f"{x} <= {a}" if d is below else f"{x} >= {b}") for d in failed))
            widened: tuple[Fraction, Fraction] | None = span
            for point in (d.failing for d in failed):
                widened = window(point, widened) if point is not None and widened is not None else None
            span = widened if widened != span else None
            continue
        inside = statement.with_constraints([Condition(x - a, ">=", f"{x} >= {a}"),
                                             Condition(b - x, ">=", f"{x} <= {b}")])
        try:
            SignProblem.of(inside, deadline=stage)
            break                                         # not expected: x is inside and outside exp
        except NotPolynomial as bounded:
            middle = _transcendental(inside, bounded, stage, solver="interval", reading=reading, text=text,
                                     stated_text=True, start=start)
        tried.append(f"window [{a}, {b}]: the bounds prove the rest; the interval decider: {middle.outcome.value}")
        if middle.outcome is Outcome.COUNTEREXAMPLE:
            return replace(middle, detail={**middle.detail, "window": f"{a} <= {x} <= {b} (the bounds on the logarithm "
                                           "prove the rest of the domain)"}), tried
        if middle.outcome is not Outcome.PROVED:
            break
        record = Transcript()
        status = domain_status(refusal.domain, refusal.integers, deadline=stage, transcript=record)
        if status.kind != "point":
            break
        detail = _base_detail(statement) | {
            "split": [f"{x} <= {a}: certified bounds on the logarithm ({below.rung}): proved",
                      f"{a} <= {x} <= {b}: the interval decider: proved",
                      f"{x} >= {b}: certified bounds on the logarithm ({above.rung}): proved"],
            "windows tried": tried, "log bounds (whole domain, not decisive)": decision.detail,
            Detail.STEPS: [below.detail, middle.detail, above.detail], Detail.WHY_NOT_POLYNOMIAL: str(refusal),
            "domain point": status.point, **record.detail()}
        return Evidence(Method.DECISION, Outcome.PROVED, text, detail, steps=below.steps + above.steps,
                        reading=reading, seconds=time.perf_counter() - start), tried
    return None, tried


def _empty(statement: Statement, status: DomainStatus, record: Transcript, text: str, reading: str | None,
           start: float) -> Evidence:
    """Evidence on an empty domain: proved vacuously, over no point (``premise_cases=0``)."""
    detail = _base_detail(statement) | {
        "domain": "empty", "empty domain": status.how,
        Detail.VACUOUS_BECAUSE: f"the domain is empty ({status.how}): the condition holds at no point",
        **record.detail()}
    return Evidence(Method.DECISION, Outcome.PROVED, text, detail, reading=reading, premise_cases=0,
                    seconds=time.perf_counter() - start)


def _unshown(outcome: str, detail: dict[str, Any], status: DomainStatus) -> str:
    """A proof on a domain not shown to have a point is not taken as one."""
    if outcome == "proved" and status.kind == "unknown":
        detail["domain not shown non-empty"] = status.how
        detail["note"] = "proved at every point of the domain, but the domain was not shown to have a point"
        return "inconclusive"
    if status.kind == "point":
        detail["domain point"] = status.point
    return outcome


def _polynomial(statement: Statement, problem: SignProblem, deadline: Deadline, *, candidates: Sequence[Any],
                search_region: bool, reading: str | None, text: str, start: float) -> Evidence:
    status = of_problem(problem)
    if status.empty:
        return _empty(statement, status, problem.transcript, text, reading, start)
    decision = decide_polynomial(problem)
    detail = _base_detail(statement) | decision.detail
    where = None
    if decision.outcome == "counterexample" and search_region:
        region_start = time.perf_counter()
        region = holds_when(problem, candidates, deadline=deadline.within(REGION_SECONDS))
        detail["region search seconds"] = round(time.perf_counter() - region_start, 3)
        if region is not None:
            where = region.text
            problem.transcript.extend(region.transcript)
    detail[Detail.Z3_QUERIES] = problem.queries
    detail[Detail.Z3_SECONDS] = round(problem.z3_seconds, 4)
    outcome = _unshown(decision.outcome, detail, status)
    detail.update(problem.transcript.detail())
    if outcome == "counterexample":
        found = dict(decision.found or {})
        recheck_how = Recheck(found.pop("recheck"))
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=found,
                        recheck=recheck_how, reading=reading, holds_when=where,
                        holds_when_checked=True if where else None, seconds=time.perf_counter() - start)
    return Evidence(Method.DECISION, Outcome(outcome), text, detail, reading=reading,
                    seconds=time.perf_counter() - start)


def _transcendental(statement: Statement, refusal: NotPolynomial, deadline: Deadline, *, solver: str,
                    reading: str | None, text: str, stated_text: bool, start: float) -> Evidence:
    """Evidence for a condition the polynomial reduction refused: the interval decider, or the
    cross-check (``solver="cvc5"``)."""
    target, domain = refusal.target, refusal.domain
    domain, apart = _connected(target, domain)
    inside = sorted(refusal.integers & {s.name for c in [target, *domain] for s in c.expr.free_symbols})
    if inside:
        raise invalid("integers", inside, f"{refusal}; integer symbols are not supported by the interval decider "
                      "that takes over where the polynomial reduction stops")
    record = Transcript()
    status = domain_status(refusal.domain, refusal.integers, deadline=deadline, transcript=record)
    if status.empty:
        return _empty(statement, status, record, text, reading, start)
    decision: TranscendentalDecision
    if solver == "cvc5":
        sides = decide_transcendental(target, domain, deadline=deadline, sides_only=True)
        decision = crosscheck(target, domain, deadline=deadline, clip=sides.outcome != "inconclusive")
        record.extend(sides.transcript)
    else:
        decision = decide_transcendental(target, domain, deadline=deadline)
        decision.detail[Detail.WHY_NOT_POLYNOMIAL] = str(refusal)
        if decision.covered and not stated_text:
            text += f" ({decision.covered})"
    detail = _base_detail(statement) | decision.detail
    if apart:
        detail["constraints apart"] = (f"{[c.text for c in apart]} share no variable with the condition: the domain "
                                       "is their product with the rest, and it has a point, so the condition is "
                                       "decided on the rest")
    outcome = _unshown(decision.outcome, detail, status)
    found = dict(decision.found or {})
    if outcome == "counterexample" and apart:
        values = {s.name for c in apart for s in c.expr.free_symbols}
        found = {**{k: v for k, v in (status.point or {}).items() if k in values}, **found}
    if outcome == "proved":
        record.extend(decision.transcript)
        detail.update(record.detail())
    if outcome == "counterexample":
        recheck_how = Recheck(found.pop("recheck"))
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, text, detail, counterexample=found,
                        recheck=recheck_how, reading=reading, seconds=time.perf_counter() - start)
    return Evidence(Method.DECISION, Outcome(outcome), text, detail, reading=reading,
                    seconds=time.perf_counter() - start)


def _connected(target: Condition, domain: Sequence[Condition]) -> tuple[list[Condition], list[Condition]]:
    """The constraints linked to the condition's variables (directly or through other constraints), and the
    others: on a domain that has a point, the condition holds on it iff it holds where the linked ones do."""
    names = {s.name for s in target.expr.free_symbols}
    linked: list[Condition] = []
    rest = list(domain)
    grown = True
    while grown:
        grown = False
        for condition in list(rest):
            own = {s.name for s in condition.expr.free_symbols}
            if own & names or not own:
                names |= own
                linked.append(condition)
                rest.remove(condition)
                grown = True
    return [c for c in domain if c in linked], rest

