"""Machine-checked arguments: a proof on a claim's whole domain, written as steps that a machine decides.

A claim such as Lemma 3.2 holds on *every* finite frame; no grid covers that. Its proof is short and
termwise (each side is a sum over focal sets whose terms compare one by one), so it can be written as a
few steps, each of which a decision procedure settles for every frame at once:

* :func:`sets`: a statement about sets, elements and maps of *arbitrary* (uninterpreted) sorts Y, Z,
  decided valid by z3 in the theory of sets (arrays) with quantifiers: it holds for every frame, of any
  size. The statement is a Python-like expression (parsed with ``ast``, nothing evaluated): ``A & B``
  (intersection), ``A | B``, ``A - B``, ``~A`` (complement), ``A <= B`` (subset), ``A == {}``, ``a in A``,
  ``and``/``or``/``not``, ``implies(p, q)``, ``iff(p, q)``, ``image(f, A)``, ``preimage(f, F)``, ``f(a)``,
  ``product(A, B)`` (the set A × B of pairs), ``exists(a, p)``, ``forall(a, p)``; every free name is
  universally quantified;
* :func:`arithmetic`: a sign condition on real numbers under hypotheses, decided by
  :func:`proofs.engines.sign.sign_evidence` (z3, QF_NRA, complete for real polynomial arithmetic). A sum
  over focal sets enters as its induction step (a partial sum ``S`` and one more term), so the step covers
  sums of any length;
* :func:`identity_step`: an identity of sympy expressions (symbolic integers allowed), decided by sympy.

:func:`argument` runs the steps and returns one :class:`~proofs.base.evidence.Evidence`: ``proved`` when
every step is decided true, otherwise ``inconclusive`` naming the step that failed (a failed step means the
argument is wrong, not that the claim is). The finite-sum manipulations that join the steps (splitting a
sum into terms, exchanging two finite sums) are stated in each step's ``because``.

The evidence records what a machine checked, for a proof certificate (:mod:`proofs.kernel.steps`): a sets
step is the SMT-LIB text of its z3 query (expected ``unsat``: the negation has no model over sorts of any
size); an arithmetic step the queries the sign decider recorded, or else one z3 query of its own (the
hypotheses and the negated condition, expected ``unsat``); an identity step the sympy identity. Each
``because`` is a stated step (prose, not machine-checked), and so is each exact fact the caller computed.

:func:`all_conditions` is the other shape: many sign conditions on one domain (a privacy ratio bounded for
every pair of inputs and every event), decided together into one evidence. :func:`implied` decides that
one system of polynomial conditions implies each condition of another (two descriptions of one set).
"""

from __future__ import annotations

import ast
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import sympy
    import z3

from core.types import Values
from core.errors import InvalidArgument, invalid
from core.formula import as_sympy, parse_formula
from proofs.kernel import steps as recorded
from proofs.kernel.record import recorded_steps
from proofs.base.evidence import Detail, Evidence, Method, Outcome, Recheck
from proofs.engines.sign.decide import sign_evidence
from proofs.engines.sign.solver import relation, solve, to_z3
from proofs.engines.sign.solver import relation as z3_relation

__all__ = ["ArgumentStep", "sets", "arithmetic", "identity_step", "argument", "all_conditions", "implied", "at_point"]


@dataclass(frozen=True)
class ArgumentStep:
    """One step of an argument: what it says, why it is the step the proof needs (``because``), and what a
    machine decides (``kind`` sets / arithmetic / identity, with its statement)."""

    says: str
    because: str
    kind: str
    statement: str
    hypotheses: tuple[str, ...] = ()
    declare: Mapping[str, str] = field(default_factory=dict)
    sign: str = ">=0"
    symbols: tuple[str, ...] = ()
    integers: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if self.kind not in ("sets", "arithmetic", "identity"):
            raise invalid("kind", self.kind, "not one of ('sets', 'arithmetic', 'identity')")
        for name in ("says", "because", "statement"):
            if not isinstance(getattr(self, name), str) or not getattr(self, name).strip():
                raise invalid(name, getattr(self, name), "must be a non-empty string")
        object.__setattr__(self, "hypotheses", tuple(self.hypotheses))
        object.__setattr__(self, "symbols", tuple(self.symbols))
        object.__setattr__(self, "integers", tuple(self.integers))
        object.__setattr__(self, "declare", dict(self.declare))
        if self.kind == "sets":
            for name, spec in self.declare.items():
                _sort_spec(name, spec)


def sets(says: str, statement: str, *, declare: Mapping[str, str], because: str) -> ArgumentStep:
    """A set-theoretic step, valid for sets of any sort: ``declare`` maps each name to ``"set Y"``,
    ``"element Y"`` or ``"map Y Z"`` (Y, Z are sort names; several sorts may be used)."""
    return ArgumentStep(says, because, "sets", statement, declare=declare)


def arithmetic(says: str, expr: str, *, hypotheses: Sequence[str], sign: str = ">=0", because: str,
               symbols: Sequence[str] = ()) -> ArgumentStep:
    """A real-arithmetic step: ``expr sign`` wherever every hypothesis holds (names in ``symbols``)."""
    return ArgumentStep(says, because, "arithmetic", expr, hypotheses=tuple(hypotheses), sign=sign,
                        symbols=tuple(symbols))


def identity_step(says: str, lhs: str, rhs: str, *, because: str, symbols: Sequence[str] = (),
                  integers: Sequence[str] = (), assumptions: Sequence[str] = ()) -> ArgumentStep:
    """An identity ``lhs == rhs`` decided by sympy (``integers`` are positive integer symbols; ``assumptions``
    are stated in the evidence)."""
    return ArgumentStep(says, because, "identity", f"{lhs} == {rhs}", hypotheses=tuple(assumptions),
                        symbols=tuple(symbols), integers=tuple(integers))


# --- deciding one step --------------------------------------------------------------------------------------
def _sort_spec(name: str, spec: str) -> list[str]:
    words = spec.split()
    if not words or words[0] not in ("set", "element", "map") or len(words) != (3 if words[0] == "map" else 2):
        raise invalid(f"declare[{name!r}]", spec, "must be 'set S', 'element S' or 'map S T'")
    return words


class _SetLanguage:
    """Translate one statement of the set language into z3 (see the module docstring)."""

    def __init__(self, declare: Mapping[str, str]) -> None:
        import z3

        self.z3 = z3
        self.sorts: dict[str, z3.SortRef] = {}
        self.pairs: dict[tuple[str, str], z3.DatatypeSortRef] = {}
        self.names: dict[str, z3.ExprRef | z3.FuncDeclRef] = {}
        for name, spec in declare.items():
            words = _sort_spec(name, spec)
            if words[0] == "set":
                self.names[name] = z3.Const(name, z3.SetSort(self._sort(words[1])))
            elif words[0] == "element":
                self.names[name] = z3.Const(name, self._sort(words[1]))
            else:
                self.names[name] = z3.Function(name, self._sort(words[1]), self._sort(words[2]))

    def _sort(self, name: str) -> z3.SortRef:
        if name not in self.sorts:
            self.sorts[name] = self.z3.DeclareSort(name)
        return self.sorts[name]

    def _pair_sort(self, first: z3.SortRef, second: z3.SortRef) -> z3.DatatypeSortRef:
        key = (first.name(), second.name())
        if key not in self.pairs:
            pair = self.z3.Datatype(f"Pair_{key[0]}_{key[1]}")
            pair.declare("pair", ("first", first), ("second", second))
            self.pairs[key] = pair.create()
        return self.pairs[key]

    def translate(self, text: str) -> z3.BoolRef:
        try:
            tree = ast.parse(text, mode="eval")
        except SyntaxError as error:
            raise invalid("statement", text, f"not a statement of the set language ({error.msg})") from None
        return self._node(tree.body, text)

    def _node(self, node: ast.AST, text: str) -> z3.ExprRef:
        z3 = self.z3
        if isinstance(node, ast.BoolOp):
            parts = [self._node(v, text) for v in node.values]
            return z3.And(*parts) if isinstance(node.op, ast.And) else z3.Or(*parts)
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            return z3.Not(self._node(node.operand, text))
        if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Invert):
            return z3.SetComplement(self._node(node.operand, text))
        if isinstance(node, ast.BinOp) and type(node.op) in (ast.BitAnd, ast.BitOr, ast.Sub):
            left, right = self._node(node.left, text), self._node(node.right, text)
            return {ast.BitAnd: z3.SetIntersect, ast.BitOr: z3.SetUnion, ast.Sub: z3.SetDifference}[type(node.op)](left, right)
        if isinstance(node, ast.Compare):
            links, left = [], node.left
            for op, right in zip(node.ops, node.comparators):
                links.append(self._compare(op, left, right, text))
                left = right
            return links[0] if len(links) == 1 else z3.And(*links)
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
            return self._call(node, text)
        if isinstance(node, ast.Name) and node.id in self.names:
            return self.names[node.id]
        raise invalid("statement", text, f"cannot read {ast.unparse(node)!r} (undeclared name or unknown form)")

    def _compare(self, op: ast.cmpop, left: ast.AST, right: ast.AST, text: str) -> z3.BoolRef:
        z3 = self.z3
        if isinstance(op, (ast.In, ast.NotIn)):
            member = z3.IsMember(self._node(left, text), self._node(right, text))
            return member if isinstance(op, ast.In) else z3.Not(member)
        a, b = self._empty_aware(left, right, text)
        if isinstance(op, ast.LtE):
            return z3.IsSubset(a, b)
        if isinstance(op, ast.GtE):
            return z3.IsSubset(b, a)
        if isinstance(op, ast.Eq):
            return a == b
        if isinstance(op, ast.NotEq):
            return a != b
        raise invalid("statement", text, f"comparison {type(op).__name__} is not in the set language")

    def _empty_aware(self, left: ast.AST, right: ast.AST, text: str) -> tuple[z3.ExprRef, z3.ExprRef]:
        z3 = self.z3
        empty = [isinstance(n, ast.Dict) and not n.keys for n in (left, right)]
        if all(empty):
            raise invalid("statement", text, "compares {} with {}")
        if empty[0]:
            b = self._node(right, text)
            return z3.EmptySet(b.sort().domain()), b
        a = self._node(left, text)
        if empty[1]:
            return a, z3.EmptySet(a.sort().domain())
        return a, self._node(right, text)

    def _call(self, node: ast.Call, text: str) -> z3.ExprRef:
        z3 = self.z3
        name = node.func.id
        args = node.args
        if name in ("implies", "iff") and len(args) == 2:
            p, q = (self._node(a, text) for a in args)
            return z3.Implies(p, q) if name == "implies" else p == q
        if name in ("exists", "forall") and len(args) == 2 and isinstance(args[0], ast.Name):
            bound = self.names.get(args[0].id)
            if bound is None or not z3.is_const(bound) or bound.sort().kind() == z3.Z3_ARRAY_SORT:
                raise invalid("statement", text, f"{name} binds a declared element, not {args[0].id!r}")
            body = self._node(args[1], text)
            return z3.Exists([bound], body) if name == "exists" else z3.ForAll([bound], body)
        if name in ("image", "preimage") and len(args) == 2 and isinstance(args[0], ast.Name):
            f = self.names.get(args[0].id)
            if not isinstance(f, z3.FuncDeclRef):
                raise invalid("statement", text, f"{name} needs a declared map, not {args[0].id!r}")
            target = self._node(args[1], text)
            if name == "preimage":
                y = z3.FreshConst(f.domain(0))
                return z3.Lambda([y], z3.IsMember(f(y), target))
            y, z = z3.FreshConst(f.domain(0)), z3.FreshConst(f.range())
            return z3.Lambda([z], z3.Exists([y], z3.And(z3.IsMember(y, target), f(y) == z)))
        if name == "product" and len(args) == 2:
            first, second = (self._node(a, text) for a in args)
            pair = self._pair_sort(first.sort().domain(), second.sort().domain())
            p = z3.FreshConst(pair)
            return z3.Lambda([p], z3.And(z3.IsMember(pair.first(p), first), z3.IsMember(pair.second(p), second)))
        if name in self.names and isinstance(self.names[name], z3.FuncDeclRef) and len(args) == 1:
            return self.names[name](self._node(args[0], text))
        raise invalid("statement", text, f"unknown call {ast.unparse(node)!r}")


def _decide_sets(step: ArgumentStep, timeout: float) -> dict[str, Any]:
    import z3

    language = _SetLanguage(step.declare)
    formula = language.translate(step.statement)
    solver = z3.Solver()
    solver.set("timeout", int(timeout * 1000))
    solver.add(z3.Not(formula))
    answer = str(solver.check())
    result = {"unsat": "valid", "sat": "false for some sets", "unknown": "undecided"}[answer]
    query = recorded.SmtQuery(f"{step.says} (its negation has no model, for sets of any size)",
                              recorded.normalised_smtlib(solver.to_smt2()), "unsat", "z3")
    return {"decided by": f"z3 {z3.get_version_string()}: validity over sets of arbitrary sorts "
                          f"({', '.join(sorted(language.sorts))})", "z3 says": answer, "result": result,
            "proved": answer == "unsat", "recorded": (query,) if answer == "unsat" else ()}


def _decide_arithmetic(step: ArgumentStep, timeout: float) -> dict[str, Any]:
    evidence = sign_evidence(step.statement, list(step.hypotheses), sign=step.sign, symbols=step.symbols,
                             timeout=timeout, search_region=False)
    proved = evidence.outcome is Outcome.PROVED
    info = {"decided by": evidence.detail.get(Detail.SOLVER, "z3"), "result": evidence.outcome.value,
            "proved": proved,
            "recorded": (recorded_steps(evidence.detail) or _direct_query(step, timeout)) if proved else ()}
    if evidence.counterexample:
        info["counterexample"] = dict(evidence.counterexample)
    return info


def _decide_identity(step: ArgumentStep) -> dict[str, Any]:
    import sympy

    names = {s: sympy.Symbol(s, real=True) for s in step.symbols}
    names.update({s: sympy.Symbol(s, integer=True, positive=True) for s in step.integers})
    lhs_text, rhs_text = step.statement.split(" == ")
    lhs = parse_formula(lhs_text, symbols=names, name="lhs")
    rhs = parse_formula(rhs_text, symbols=names, name="rhs")
    difference = sympy.simplify(sympy.combsimp(sympy.simplify((lhs - rhs).doit())))
    proved = difference == 0
    return {"decided by": f"sympy {sympy.__version__} (simplify)", "lhs - rhs": str(difference),
            "result": "identity" if proved else "not shown", "proved": proved,
            "recorded": (recorded.Identity(step.says, lhs, rhs, "combsimp"),) if proved else ()}


def _direct_query(step: ArgumentStep, timeout: float) -> tuple[recorded.Step, ...]:
    """One z3 query for a polynomial arithmetic step, recorded when it is ``unsat``: the hypotheses and the
    negated condition have no common real solution. Empty when the step is not polynomial (then the sign
    decider's own records are what a certificate can re-run)."""
    import sympy
    import z3

    names = {s: sympy.Symbol(s, real=True) for s in step.symbols}
    try:
        target = parse_formula(step.statement, symbols=names, name="expr")
        hypotheses = [parse_formula(h, symbols=names, relational=True, name="hypothesis") for h in step.hypotheses]
        symbols = sorted(set().union(target.free_symbols, *(h.free_symbols for h in hypotheses)), key=lambda s: s.name)
        context = z3.Context()
        variables = {s: z3.Real(s.name, context) for s in symbols}
        ops = {"Equality": "==", "Unequality": "!=", "GreaterThan": ">=", "StrictGreaterThan": ">",
               "LessThan": "<=", "StrictLessThan": "<"}
        formulas = [z3_relation(to_z3(sympy.expand(h.lhs - h.rhs), variables, context), ops[type(h).__name__])
                    for h in hypotheses]
        formulas.append(z3.Not(z3_relation(to_z3(sympy.expand(target), variables, context), step.sign.strip()[:-1])))
    except (InvalidArgument, KeyError, AttributeError):
        return ()
    solver = z3.SolverFor("QF_NRA", ctx=context)
    solver.set("timeout", max(1, int(timeout * 1000)))
    solver.add(*formulas)
    if solver.check() != z3.unsat:
        return ()
    text = "(set-logic QF_NRA)\n" + recorded.normalised_smtlib(solver.to_smt2())
    return (recorded.SmtQuery(f"{step.says} (the hypotheses and the negated condition have no real solution)",
                              text, "unsat", "z3"),)


def _decide(step: ArgumentStep, timeout: float) -> dict[str, Any]:
    if step.kind == "sets":
        return _decide_sets(step, timeout)
    if step.kind == "arithmetic":
        return _decide_arithmetic(step, timeout)
    return _decide_identity(step)


def argument(steps: Iterable[ArgumentStep], *, domain: str, timeout: float = 30.0, premise_cases: int | None = None,
             detail: Mapping[str, Any] | None = None, reading: str | None = None,
             facts: Sequence[tuple[str, bool]] = ()) -> Evidence:
    """Decide every step; ``proved`` on ``domain`` when all are, else ``inconclusive`` naming the first step
    that is not. ``premise_cases`` (for an implication) counts witnesses that the premise can hold. ``facts``
    are statements about one finite object that the caller evaluated in exact arithmetic (a witness of an
    existence claim, say): each must be true."""
    start = time.perf_counter()
    shown = []
    failed = None
    kept: list[recorded.Step] = []
    for text, value in facts:
        entry = {"step": f"exact fact: {text}", "decided by": "exact rational arithmetic (numeric)",
                 "result": "true" if value else "false"}
        shown.append(entry)
        kept.append(recorded.Stated(f"exact fact, computed by the toolkit in rational arithmetic: {text}"))
        if not value and failed is None:
            failed = entry
    for number, step in enumerate(steps, len(shown) + 1):
        info = _decide(step, timeout)
        proved = info.pop("proved")
        made = tuple(info.pop("recorded", ()))
        if proved and not made:
            made = (recorded.Stated(f"{step.says}: decided by {info.get('decided by', 'the toolkit')}",
                                    unchecked=True),)
        kept += [*made, recorded.Stated(f"{step.says}: {step.because}")]
        entry = {"step": f"{number}. {step.says}", "because": step.because, "statement": step.statement, **info}
        if step.hypotheses:
            entry["hypotheses"] = list(step.hypotheses)
        shown.append(entry)
        if not proved and failed is None:
            failed = entry
    figures = {**(detail or {}), Detail.STEPS: shown}
    if failed is not None:
        figures["not shown"] = failed["step"]
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, domain, figures, reading=reading,
                        seconds=time.perf_counter() - start, premise_cases=premise_cases, steps=tuple(kept))
    return Evidence(Method.DECISION, Outcome.PROVED, domain, figures, reading=reading,
                    seconds=time.perf_counter() - start, premise_cases=premise_cases, steps=tuple(kept))


def all_conditions(conditions: Iterable[tuple[str, sympy.Expr]], *, hypotheses: Sequence[str | sympy.Basic], sign: str = ">=0",
                   domain: str, timeout: float = 30.0, symbols: Sequence[str] = (),
                   detail: Mapping[str, Any] | None = None, reading: str | None = None) -> Evidence:
    """Decide ``expr sign`` wherever the ``hypotheses`` hold (strings or sympy relations) for every named
    condition (name, sympy expression): ``proved`` when all are. Each condition N/D is reduced to N once z3 has
    shown D > 0 on the hypotheses, and all are decided against one set of hypotheses (:func:`implied`); a
    condition that fails or is undecided is handed to :func:`proofs.engines.sign.sign_evidence`, whose
    counterexample is re-checked exactly."""
    import sympy

    start = time.perf_counter()
    op = sign.replace(" ", "")[:-1]
    names = {s: sympy.Symbol(s, real=True) for s in symbols}
    relations = [as_sympy(h, symbols=names, relational=True, name="hypothesis") for h in hypotheses]
    plain = {s: sympy.Symbol(s.name) for s in set().union(*(r.free_symbols for r in relations))}
    relations = [r.xreplace(plain) for r in relations]
    listed = [(name, as_sympy(expr, name=name, symbols=names)) for name, expr in conditions]
    reduced, denominators = [], []
    for name, expr in listed:
        numerator, denominator = sympy.fraction(sympy.together(expr.xreplace(
            {s: sympy.Symbol(s.name) for s in expr.free_symbols})))
        if denominator.free_symbols:
            denominators.append((f"denominator of {name}: {denominator} > 0", denominator > 0))
        elif denominator < 0:
            numerator = -numerator
        reduced.append((name, _relation(numerator, op)))
    queries: list = []
    positive = implied(relations, denominators, timeout=timeout, record=queries) if denominators else {"implied": True}
    result = implied(relations, reduced, timeout=timeout, record=queries) if positive["implied"] else positive
    figures = {**(detail or {}), "conditions": len(listed), Detail.SOLVER: "z3 QF_NRA (one query per condition)",
               "hypotheses": [str(r) for r in relations]}
    if result["implied"] is True:
        glue = recorded.Stated("each condition N/D is decided through its numerator N once its denominator D is shown "
                               "> 0 on the hypotheses (a fraction with a positive denominator has the sign of its "
                               "numerator)") if denominators else None
        return Evidence(Method.DECISION, Outcome.PROVED, domain, figures, reading=reading,
                        seconds=time.perf_counter() - start, steps=tuple(queries) + ((glue,) if glue else ()))
    failing = dict(listed).get(result["failing"])
    if failing is None:  # a denominator that is not shown positive: the reduction is not justified
        return Evidence(Method.DECISION, Outcome.INCONCLUSIVE, domain, {**figures, "not shown": result["failing"]},
                        reading=reading, seconds=time.perf_counter() - start)
    if not failing.free_symbols:
        return Evidence(Method.DECISION, Outcome.COUNTEREXAMPLE, domain, {**figures, "condition": result["failing"]},
                        counterexample={"condition": result["failing"], "value": failing, "relation": f"value {sign}"},
                        recheck=Recheck.EXACT, reading=reading, seconds=time.perf_counter() - start)
    evidence = sign_evidence(failing, list(hypotheses), sign=sign, symbols=symbols, timeout=timeout,
                             search_region=False, domain_text=domain, reading=reading)
    counterexample = {"condition": result["failing"], **dict(evidence.counterexample)} if evidence.counterexample else None
    steps = _failing_steps(failing, op, relations, counterexample) if counterexample else ()
    return Evidence(Method.DECISION, evidence.outcome, domain,
                    {**figures, **evidence.detail, "condition": result["failing"]},
                    counterexample=counterexample, recheck=evidence.recheck, reading=reading,
                    seconds=time.perf_counter() - start, steps=steps)


def _failing_steps(failing: sympy.Expr, op: str, hypotheses: Sequence[sympy.Basic], point: Values) -> tuple:
    """A condition failing at a point of its hypotheses, as two checked steps (empty if the point cannot be
    stated exactly, e.g. it holds an exponential's stand-in)."""
    import sympy

    names = {s.name for s in failing.free_symbols} | {s.name for h in hypotheses for s in h.free_symbols}
    try:
        values = {name: point[name] for name in names}
        steps = (recorded.Holds(f"the condition ({op} 0) fails at the point", recorded.RELATIONS[
                     {">=": "<", ">": "<=", "<=": ">", "<": ">=", "==": "!="}[op]](failing, 0), values),
                 recorded.Holds("the point satisfies the hypotheses", sympy.And(*hypotheses), values))
    except (KeyError, ValueError, TypeError):
        return ()
    return steps if all(step.check() for step in steps) else ()


def _relation(expr: sympy.Expr, op: str) -> sympy.Basic:
    import sympy

    return {">=": sympy.Ge, ">": sympy.Gt, "<=": sympy.Le, "<": sympy.Lt, "==": sympy.Eq}[op](expr, 0)


def implied(hypotheses: Sequence[sympy.Basic], conclusions: Iterable[tuple[str, sympy.Basic]], *, timeout: float = 30.0,
            record: list | None = None) -> dict[str, Any]:
    """Whether the sympy relations ``hypotheses`` (polynomial, real symbols) imply every named relation of
    ``conclusions``: z3 (QF_NRA) is asked for a point of the hypotheses where a conclusion fails. Returns
    ``{"implied": True|False|None, "checked": n, "failing": name, "point": {symbol: Fraction}}`` (``None``:
    undecided); the point, if any, is exact (z3's rational model). Each query answered ``unsat`` is appended
    to ``record`` as a :class:`~proofs.kernel.steps.SmtQuery` (its SMT-LIB text), for a proof certificate."""
    import sympy
    import z3

    conclusions = list(conclusions)
    symbols = sorted(set().union(*(h.free_symbols for h in hypotheses),
                                 *(c.free_symbols for _, c in conclusions)), key=str)
    variables = {s: z3.Real(s.name) for s in symbols}

    def formula(rel: sympy.Basic) -> z3.BoolRef:
        difference = sympy.expand(rel.lhs - rel.rhs)
        op = {"Equality": "==", "Unequality": "!=", "GreaterThan": ">=", "StrictGreaterThan": ">",
              "LessThan": "<=", "StrictLessThan": "<"}[type(rel).__name__]
        return relation(to_z3(difference, variables), op)

    if any(h is sympy.false for h in hypotheses):
        raise invalid("hypotheses", [str(h) for h in hypotheses], "contain a false constant relation")
    base = [formula(h) for h in hypotheses if h is not sympy.true]
    checked = 0
    for name, conclusion in conclusions:
        checked += 1
        if conclusion is sympy.true:
            continue
        if conclusion is sympy.false:
            return {"implied": False, "checked": checked, "failing": name, "point": {}}
        query = base + [z3.Not(formula(conclusion))]
        answer = solve(query, timeout)
        if answer.result == "unsat" and record is not None:
            printer = z3.Solver(ctx=query[0].ctx)
            printer.add(*query)
            record.append(recorded.SmtQuery(f"{name} wherever the hypotheses hold (no real point of the hypotheses "
                                            "violates it)", "(set-logic QF_NRA)\n"
                                            + recorded.normalised_smtlib(printer.to_smt2()), "unsat", "z3"))
        if answer.result == "unknown":
            return {"implied": None, "checked": checked, "failing": name}
        if answer.result == "sat":
            model = answer.model
            point = {s.name: model.eval(variables[s], model_completion=True).as_fraction() for s in symbols}
            return {"implied": False, "checked": checked, "failing": name, "point": point}
    return {"implied": True, "checked": checked}


def at_point(relations: Iterable[sympy.Basic],
             point: Mapping[sympy.Symbol, sympy.Expr]) -> tuple[list[tuple[str, sympy.Expr]], bool]:
    """The sympy ``relations`` at a (symbolic) point: the inequalities as named conditions ``expr >= 0`` still to
    decide (for :func:`all_conditions`), and whether every equality holds identically (sympy expansion)."""
    import sympy

    conditions, equalities = [], True
    for stated in relations:
        value = stated.xreplace(dict(point))
        if isinstance(value, sympy.Equality):
            equalities = equalities and sympy.expand(value.lhs - value.rhs) == 0
        elif value is sympy.false:
            equalities = False
        elif value is not sympy.true:
            difference = value.lhs - value.rhs if value.rel_op in (">=", ">") else value.rhs - value.lhs
            conditions.append((f"at the point: {stated}", difference))
    return conditions, equalities
