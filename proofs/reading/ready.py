"""Which scaffolded claims are written ready to run, as the short declaration of the engine that fits.

A claim of a paper (:mod:`proofs.reading.entries`) is written as a declaration that runs as it stands when
its formulas and the paper's text give every argument the engine needs; otherwise it stays
``pending(...)`` with the reason (:attr:`Ready.reason`). The forms:

* an **identity** ``A = B`` → ``sign_claim(..., expr="(A) - (B)", sign="==0")``; an **inequality**
  ``A < B``, ``A ≤ B``, ``A > B``, ``A ≥ B`` → ``sign_claim`` with ``"<0"``, ``"<=0"``, ``">0"``, ``">=0"``.
  A chain whose first side is a bare name that occurs nowhere else in it (``s = πp + (1-π)(1-p) = ...``)
  names that symbol: the check is of the rest of the chain, and the comment says so. A chain that still
  holds more than one relation, or an ≈, stays pending (one declaration checks one relation). A display that
  only names a symbol (``\\hat\\pi = ...``) asserts nothing and stays pending. An equivalence ``A > B \\iff
  \\varepsilon > c`` (read by :mod:`~proofs.reading.latexmath`) is ``sign_claim(..., iff="eps > c")`` when
  its right side is a threshold on one name, the form the sign engine's ``iff=`` reads;
* a **privacy statement** naming a family the toolkit knows (randomized response, symmetric and optimized
  unary encoding, Duchi et al.'s one-bit mechanism, local hashing; Laplace and the piecewise mechanism,
  whose output is continuous) and its ε → ``ldp_claim(mechanism=..., epsilon=...)``. The finite families
  are ``proofs.mechanisms``'s, the continuous ones ``proofs.continuous``'s: a hint never names one for the
  other. Where the paper defines the family's named probability (``p = e^ε/(1+e^ε)``), the definition must
  be the family's, or the claim stays pending;
* a **moment** ``E[X] = ...``, ``Var[X] = ...`` → ``moment_claim`` only when the mechanism is declared (a
  finite family named in the paper), ``X`` is defined in the paper (``$X = ...$``) from counts the text ties
  to reports (``$Y$ counts the reported ones``) and the text states the inputs' law (``holds a one with
  probability $\\pi$``); otherwise pending, with what is missing.

**Domains.** The domain is what the text states: the hypotheses of a result (a symbol bounded by a number,
``for every $\\varepsilon > 0$``), and a probability the text names (``with probability $\\pi$``: ``0 <= pi_
<= 1``). When none is stated, the declaration has no domain (``domain=None``) and its comment says so: the
claim is read **as printed, on the formula's natural domain** (every real value of its symbols, or the
mechanism's own domain), and the engine decides there. No domain is ever invented: a formula whose
denominator can vanish, or a sum whose bounds are names, with no domain stated, stays pending with that
reason (the engine would refuse it, or read the bound as a real number).

**Definitions** (entries classified as definitions whose formula is ``name = expression``) are substituted
into the claims that use them, and the comment names each.

**Safety.** Nothing from the paper becomes code. Each formula written is ``str`` of the sympy expression the
reader built, made only of whitelisted functions and names (a function the paper applies, such as
``Q(y | x)``, or a name that is not an identifier keeps the claim pending), and is read back by the toolkit's
safe parser (:func:`core.formula.parse_formula`, through the engine's own validation) before it is written:
one that does not parse keeps the claim pending. The writer puts every string in as a Python literal.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.errors import InvalidArgument
from proofs.reading.document import Document
from proofs.reading.entries import Entry, inline_math
from proofs.reading.latexmath import FormulaStatement, declared_functions, read_formula

def _engines() -> Any:
    """The validators and families the declarations are checked with (loaded on first use, so that the command
    line starts without them)."""
    from proofs.reading import _validators  # optional: the engines load when a scaffold runs

    return _validators

__all__ = ["Ready", "NamedFamily", "Context", "context_of", "ready", "SIGNS"]

#: the sign of ``lhs - rhs`` each relation states
SIGNS = {"=": "==0", "<": "<0", "<=": "<=0", ">": ">0", ">=": ">=0", "!=": "!=0"}
#: names a formula string reads as constants or refuses (core.formula): a symbol of the paper so named is
#: written with a trailing underscore
_RESERVED = frozenset({"pi", "E", "e", "I", "oo", "zoo", "nan", "EulerGamma", "true", "false", "exp", "log", "sqrt",
                       "Abs", "Min", "Max", "binomial", "factorial", "floor", "ceiling", "sin", "cos", "Sum", "S",
                       "N", "O", "Q"})
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_]*$")
_EPSILON_NAMES = ("eps", "epsilon")
_LDP_WORDS = re.compile(r"-?\s*LDP\b|differential(ly)?\s+priva|locally\s+priva", re.IGNORECASE)


@dataclass(frozen=True)
class NamedFamily:
    """A family the paper names: ``family`` (its words), ``module`` (``"M"``, proofs.mechanisms, or ``"C"``,
    proofs.continuous), ``constructor`` and ``arguments`` (keyword, literal) of the call, the named
    probabilities of the family, and ``note`` (how its arguments were read)."""

    family: str
    module: str
    constructor: str
    arguments: tuple[tuple[str, str], ...]
    named: tuple[tuple[str, Any], ...] = ()
    note: str = ""
    finite: bool = True

    @property
    def call(self) -> str:
        """The constructor call, as the claims file writes it."""
        return f"{self.module}.{self.constructor}(" + ", ".join(f"{k}={v}" for k, v in self.arguments) + ")"


#: (pattern of the family's name, finite?, constructor, needs d) — the continuous families are proofs.continuous's
_FAMILIES: tuple[tuple[re.Pattern[str], str, bool, str], ...] = (
    (re.compile(r"optimi[sz]ed\s+unary\s+encoding|\bOUE\b", re.I), "optimized unary encoding", True,
     "optimized_unary_encoding"),
    (re.compile(r"symmetric\s+unary\s+encoding|\bSUE\b|\bRAPPOR\b", re.I), "symmetric unary encoding", True,
     "symmetric_unary_encoding"),
    (re.compile(r"optimi[sz]ed\s+local\s+hashing|\bOLH\b", re.I), "optimized local hashing", True, "olh"),
    (re.compile(r"binary\s+local\s+hashing|\bBLH\b", re.I), "binary local hashing", True, "blh"),
    (re.compile(r"randomi[sz]ed\s+response", re.I), "randomized response", True, "randomized_response"),
    (re.compile(r"\bDuchi\b", re.I), "Duchi et al.'s one-bit mechanism", True, "duchi"),
    (re.compile(r"\bLaplace\b", re.I), "the Laplace mechanism", False, "laplace"),
    (re.compile(r"piecewise\s+mechanism", re.I), "the piecewise mechanism", False, "piecewise"),
    (re.compile(r"\bGaussian\s+mechanism", re.I), "the Gaussian mechanism", False, "gaussian"),
)
_BINARY = re.compile(r"\bbits?\b|\bbinary\b|\\\{\s*0\s*,\s*1\s*\\\}", re.I)


@dataclass(frozen=True)
class Context:
    """What the whole paper gives every claim: its definitions (``name -> (expression, label)``), the
    symbol of ε, the text, the inline definitions ``$X = ...$``, the counts the text ties to reports and the
    inputs' law."""

    definitions: dict[Any, tuple[Any, str]] = field(default_factory=dict)
    epsilon: str | None = None
    text: str = ""
    inline: dict[str, Any] = field(default_factory=dict)
    counts: dict[str, str] = field(default_factory=dict)
    prior: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Ready:
    """A claim written ready to run: ``declaration`` (``"sign_claim"``, ``"ldp_claim"``, ``"moment_claim"``),
    ``arguments`` (keyword, Python literal written by the writer's quoting: strings only through ``repr``), the
    ``mechanism`` it declares, and ``notes`` (the readings, the domain). Or, with ``declaration`` empty, the
    ``reason`` it stays pending."""

    declaration: str = ""
    arguments: tuple[tuple[str, Any], ...] = ()
    mechanism: NamedFamily | None = None
    notes: tuple[str, ...] = ()
    reason: str = ""


def _pending(reason: str, notes: Sequence[str] = ()) -> Ready:
    return Ready(reason=reason, notes=tuple(notes))


def context_of(document: Document, entries: Sequence[Entry]) -> Context:
    """The definitions, ε, inline definitions, counts and inputs' law of ``document``."""
    import sympy

    definitions: dict[Any, tuple[Any, str]] = {}
    for entry in entries:
        if entry.status != "definition":
            continue
        for formula in entry.formulas:
            try:
                sides = formula.expressions()
            except InvalidArgument:
                continue
            if formula.relations in (("=",), (":=",)) and isinstance(sides[0], sympy.Symbol):
                definitions.setdefault(sides[0], (sides[1], entry.item.label))
    text = document.text or "\n".join(item.latex for item in document.items)
    functions = declared_functions(text)
    epsilon = None
    inline: dict[str, Any] = {}
    for math in inline_math(text):
        found = read_formula(math, functions=functions)
        if not isinstance(found, tuple):
            continue
        for statement in found:
            names = {s.name for side in statement.sides for s in side.free_symbols}
            epsilon = epsilon or next((n for n in _EPSILON_NAMES if n in names), None)
            if statement.relations == ("=",) and isinstance(statement.sides[0], sympy.Symbol):
                inline.setdefault(statement.sides[0].name, statement.sides[1])
    for entry in entries:
        for formula in entry.formulas:
            epsilon = epsilon or next((n for n in _EPSILON_NAMES if any(f"Symbol('{n}'" in s for s in formula.sides)),
                                      None)
    counts = {m.group(1): m.group(2) for m in re.finditer(
        r"\$([A-Za-z])\$\s+counts\s+the\s+(?:reported\s+(ones|zeros)|reports\s+of\s+\$?([01])\$?)", text)}
    counts = {k: ("1" if v in ("ones", "1") else "0") for k, v in counts.items() if v}
    prior: dict[str, Any] = {}
    for m in re.finditer(r"holds?\s+(?:a|the\s+value)\s+(one|zero|\$[01]\$)\s+with\s+probability\s+\$([^$]+)\$", text):
        value = "1" if m.group(1) in ("one", "$1$") else "0"
        found = read_formula(m.group(2), functions=functions)
        if isinstance(found, tuple) and len(found) == 1 and not found[0].relations:
            prior.setdefault(value, found[0].sides[0])
    return Context(definitions, epsilon, text, inline, counts, prior)


def _named_family(text: str, context: Context) -> NamedFamily | str | None:
    """The family ``text`` names, with its arguments; a reason when it names one that cannot be declared from
    the paper; ``None`` when it names none."""
    for pattern, family, finite, constructor in _FAMILIES:
        if not pattern.search(text):
            continue
        eps = context.epsilon
        if eps is None:
            return f"it names {family} but the paper writes no ε"
        if not finite:
            if constructor == "gaussian":
                return ("it names the Gaussian mechanism, which is (ε, δ)-private: declare it with "
                        "proofs.continuous.gaussian(sigma=..., sensitivity=...) and ldp_claim(..., delta=...)")
            if constructor == "laplace":
                return ("it names the Laplace mechanism but not its sensitivity: declare it with "
                        "proofs.continuous.laplace(epsilon=..., sensitivity=...) and ldp_claim(...)")
            return NamedFamily(family, "C", constructor, (("epsilon", f'"{eps}"'),), finite=False,
                             note=f"{family} with ε written {eps} (proofs.continuous)")
        arguments: list[tuple[str, str]] = []
        note = f"{family} with ε written {eps}"
        if constructor != "duchi":
            if _BINARY.search(context.text) and constructor == "randomized_response":
                arguments.append(("d", "2"))
                note += ", over two values: the paper speaks of bits ({0, 1})"
            else:
                arguments.append(("d", '"d"'))
                note += ", over d values (d >= 2 an integer, the family's own domain)"
        arguments.append(("epsilon", f'"{eps}"'))
        named = _family_named(constructor, dict(arguments))
        return NamedFamily(family, "M", constructor, tuple(arguments), tuple(named.items()), note)
    return None


def _family_named(constructor: str, arguments: dict[str, str]) -> dict[str, Any]:
    """The named probabilities (``p``, ``q``) of the family built with ``arguments``."""
    try:
        family = _built(NamedFamily("", "M", constructor, tuple(arguments.items())))
    except InvalidArgument:
        return {}
    return dict(getattr(family, "named", {}) or {})


def _renamed(expr: Any) -> tuple[Any, list[str]]:
    """``expr`` with each reserved name (``pi``) written with a trailing underscore, and the notes saying so."""
    import sympy

    renames = {s: sympy.Symbol(s.name + "_", **s.assumptions0) for s in expr.free_symbols
               if isinstance(s, sympy.Symbol) and s.name in _RESERVED}
    return expr.xreplace(renames), [f"{s.name} is written {s.name}_ (in a formula string {s.name} is a constant "
                                    "or a function)" for s in sorted(renames, key=str)]


def _formula_text(expr: Any) -> str | None:
    """``expr`` as a formula string the safe parser reads back to the same expression, or ``None``."""
    import sympy


    if expr.atoms(sympy.core.function.AppliedUndef) or any(not _NAME.match(s.name) for s in expr.free_symbols):
        return None
    text = sympy.sstr(expr, order="none")
    try:
        back = _engines().parse_formula(text, symbols={s.name: s for s in expr.free_symbols})
    except InvalidArgument:
        return None
    return text if back == expr or sympy.simplify(back - expr) == 0 else None


def _substituted(expr: Any, context: Context, skip: frozenset[Any] = frozenset()) -> tuple[Any, list[str]]:
    """``expr`` with the paper's definitions put in (each once, in the paper's order), and which were."""
    used: list[str] = []
    for name, (value, label) in context.definitions.items():
        if name in skip or not expr.has(name):
            continue
        expr = expr.xreplace({name: value})
        used.append(f"{name} replaced by its definition, {label}")
    return expr, used


def _domain(entry: Entry, hypotheses: Sequence[FormulaStatement], extra: Sequence[str] = ()) -> tuple[str | None, str]:
    """The domain the text states (the result's hypotheses, then ``extra``) as a formula string, and the
    comment line about it."""
    import sympy

    parts: list[str] = []
    for statement in hypotheses:
        a, b = (_renamed(side)[0] for side in statement.sides)
        relation = {"!=": "!="}.get(statement.relations[0], statement.relations[0])
        left, right = _formula_text(a), _formula_text(b)
        if left is not None and right is not None and isinstance(a, sympy.Basic):
            parts.append(f"{left} {relation} {right}")
    parts += [p for p in extra if p not in parts]
    if not parts:
        return None, ("Domain: none stated; the claim is read as printed, on the formula's natural domain "
                      "(every real value of its symbols, or the mechanism's own domain).")
    text = ", ".join(dict.fromkeys(parts))
    return text, f"Domain: {text}, as the text states it."


def hypotheses_of(entry: Entry, functions: frozenset[str]) -> list[FormulaStatement]:
    """The hypotheses a result states in its inline math: a symbol bounded by a number (``$\\varepsilon > 0$``)."""
    import sympy

    if entry.item.kind != "result":
        return []
    out = []
    for math in inline_math(entry.item.latex):
        found = read_formula(math, functions=functions)
        if not isinstance(found, tuple):
            continue
        for s in found:
            if len(s.relations) == 1 and s.relations[0] in ("<", "<=", ">", ">=", "!=") and (
                    isinstance(s.sides[0], sympy.Symbol) and s.sides[1].is_number
                    or isinstance(s.sides[1], sympy.Symbol) and s.sides[0].is_number):
                out.append(s)
    return out


def ready(entry: Entry, context: Context, functions: frozenset[str] = frozenset()) -> Ready:
    """The declaration ``entry`` (a claim) is written as, or why it stays pending (see the module docstring)."""
    if entry.status != "claim":
        return _pending("not a claim")
    text = f"{entry.item.latex} {entry.item.note}"
    if entry.engine == "check_ldp" or (_LDP_WORDS.search(text) and _named_family(text, context) is not None):
        return _privacy(entry, context, functions)
    if entry.engine == "check_moment":
        return _moment(entry, context, functions)
    if entry.engine in ("identity", "check_sign"):
        return _sign(entry, context, functions)
    if entry.engine == "check_approximation":
        return _pending("an approximation (≈): approximation_claim needs its regime (v -> a), which the scaffold "
                        "does not read; a chain with an equality needs define() and the identity's check too")
    return _pending("no formula was read from it")


def _statements(entry: Entry) -> list[tuple[tuple[str, ...], tuple[Any, ...]]]:
    out = []
    for formula in entry.formulas:
        try:
            out.append((formula.relations, formula.expressions()))
        except InvalidArgument:
            continue
    return out


_FLIP = {"<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _threshold(condition: str, functions: frozenset[str]) -> tuple[str | None, str]:
    """The ``iff=`` of sign_claim for an equivalence's right side (``\\varepsilon > \\ln 2`` → ``"eps > log(2)"``),
    or ``None`` and why it is not one."""
    import sympy

    right = condition[len("if and only if"):].strip()
    found = read_formula(right, functions=functions)
    if not isinstance(found, tuple) or len(found) != 1 or len(found[0].relations) != 1:
        return None, "its right side does not read as one relation"
    (a, b), relation = found[0].sides, found[0].relations[0]
    if isinstance(b, sympy.Symbol) and a.is_number:
        a, b, relation = b, a, _FLIP.get(relation, relation)
    if not (isinstance(a, sympy.Symbol) and b.is_number and relation in _FLIP):
        return None, "its right side is not a threshold on one name (NAME > VALUE), the form sign_claim's iff= reads"
    name, value = _renamed(a)[0], _formula_text(b)
    if value is None or not _NAME.match(str(name)):
        return None, "its threshold is not a formula the toolkit's parser reads back"
    return f"{name} {relation} {value}", ""


def _sign(entry: Entry, context: Context, functions: frozenset[str]) -> Ready:
    import sympy

    statements = [s for s in _statements(entry) if s[0]]
    if len(statements) != 1:
        return _pending(f"{len(statements)} formulas state relations: one declaration checks one relation")
    relations, sides = statements[0]
    notes: list[str] = []
    condition = next((f.condition for f in entry.formulas if f.relations), "")
    iff = None
    if condition.startswith("if and only if"):
        iff, why = _threshold(condition, functions)
        if iff is None:
            return _pending(f"an equivalence: {why}")
        notes.append(f"an equivalence: the sign holds exactly where {iff} (sign_claim's iff=)")
    if len(relations) > 1 and relations[0] == "=" and isinstance(sides[0], sympy.Symbol) \
            and not any(side.has(sides[0]) for side in sides[1:]) and sides[0] not in context.definitions:
        notes.append(f"the chain's first equality names {sides[0]}; the check is of the rest of the chain")
        relations, sides = relations[1:], sides[1:]
    if len(relations) != 1:
        return _pending(f"a chain of {len(relations)} relations: one declaration checks one relation "
                        "(write one sign_claim for each)")
    if relations == ("=",) and isinstance(sides[0], sympy.Symbol) and not sides[1].has(sides[0]) \
            and sides[0] not in context.definitions and not notes:
        return _pending(f"it names {sides[0]} ({sides[0]} = ...): a definition, with nothing to check as printed")
    relation = relations[0]
    if relation not in SIGNS:
        return _pending(f"the relation {relation} has no sign_claim form")
    expr, used = _substituted(sympy.Add(sides[0], -sides[1]), context)
    notes += used
    if expr.atoms(sympy.core.function.AppliedUndef):
        names = sorted({type(f).__name__ for f in expr.atoms(sympy.core.function.AppliedUndef)})
        return _pending(f"it applies {', '.join(names)}, a function the paper does not define as a formula", notes)
    expr, renamed = _renamed(expr)
    notes += renamed
    left, right = (_formula_text(_renamed(_substituted(side, context)[0])[0]) for side in sides)
    if left is None or right is None or _formula_text(expr) is None:
        return _pending("a side is not a formula the toolkit's parser reads back", notes)
    domain, line = _domain(entry, hypotheses_of(entry, functions))
    bounds = sorted({str(s) for total in expr.atoms(sympy.Sum) for limit in total.limits for b in limit[1:]
                     for s in b.free_symbols})
    vanish = _vanishing_denominators(expr) if domain is None else []
    if vanish:
        return _pending(f"no domain stated, and its denominator {', '.join(vanish)} can vanish: state where the "
                        "formula is defined", notes)
    if bounds and domain is None:
        return _pending(f"a sum whose bounds hold {', '.join(bounds)}, and no domain stated (a bound is an integer: "
                        "state its range)", notes)
    notes.append(line)
    form = "identity" if relation == "=" else "inequality"
    statement = f"({left}) - ({right})"
    try:

        engines = _engines()
        stated = engines.Domain.parse(domain)
        engines.read_statement(statement, stated.constraints(), sign=SIGNS[relation],
                               integers=sorted(stated.integers), symbols=sorted(stated.names))
        if iff is not None:
            _engines().read_iff(iff)
    except InvalidArgument as error:
        return _pending(f"the {form} does not read as a sign claim: {str(error).split(': ', 1)[-1]}", notes)
    notes.insert(0, f"the {form} read as ({left}) - ({right}) {SIGNS[relation][:-1]} 0")
    arguments: tuple[tuple[str, Any], ...] = (("expr", statement), ("sign", SIGNS[relation]), ("domain", domain))
    return Ready("sign_claim", arguments + ((("iff", iff),) if iff is not None else ()), notes=tuple(notes))


def _vanishing_denominators(expr: Any) -> list[str]:
    """The factors of ``expr``'s denominators that can be 0 for real values of its symbols (``q - p``; never
    ``1 + e^eps``)."""
    import sympy

    real = {s: sympy.Symbol(s.name, real=True) for s in expr.free_symbols}
    found: list[str] = []
    for power in expr.atoms(sympy.Pow):
        if not (power.exp.is_number and power.exp.is_negative):
            continue
        for factor in sympy.Mul.make_args(sympy.factor(power.base.xreplace(real))):
            base = factor.base if isinstance(factor, sympy.Pow) else factor
            if base.free_symbols and not (base.is_positive or base.is_negative):
                found.append(str(base))
    return sorted(set(found))


def _privacy(entry: Entry, context: Context, functions: frozenset[str]) -> Ready:
    family = _named_family(f"{entry.item.latex} {entry.item.note}", context)
    if family is None:
        return _pending("it speaks of privacy but names no family the toolkit knows (randomized response, unary "
                        "encoding, Duchi, local hashing: proofs.mechanisms; Laplace, piecewise: proofs.continuous)")
    if isinstance(family, str):
        return _pending(family)
    notes = [f"the mechanism: {family.note}"]
    mismatch = _definitions_differ(family, context)
    if mismatch:
        return _pending(mismatch, notes)
    notes += [f"{name} as the paper defines it ({context.definitions[_symbol(name)][1]}) is the family's {name}"
              for name, _ in family.named if _symbol(name) in context.definitions]
    domain, line = _domain(entry, hypotheses_of(entry, functions))
    notes.append(line)
    if family.finite:
        try:

            _engines().validate_ldp(_built(family), context.epsilon, domain)
        except (InvalidArgument, KeyError) as error:
            return _pending(f"the privacy claim does not read: {str(error).split(': ', 1)[-1]}", notes)
    return Ready("ldp_claim", (("epsilon", context.epsilon), ("domain", domain)), family, tuple(notes))


def _symbol(name: str) -> Any:
    import sympy

    return sympy.Symbol(name)


def _definitions_differ(family: NamedFamily, context: Context) -> str:
    """A reason when the paper defines a named probability of the family otherwise than the family does."""
    import sympy

    for name, value in family.named:
        defined = context.definitions.get(_symbol(name))
        if defined is not None:
            eps = {s: sympy.Symbol(s.name) for s in value.free_symbols}
            if sympy.simplify(defined[0] - value.xreplace(eps)) != 0:
                return (f"the paper defines {name} ({defined[1]}) otherwise than {family.family} does "
                        f"({name} = {value}): declare the mechanism from its matrix (proofs.mechanisms.matrix)")
    return ""


def _built(family: NamedFamily) -> Any:
    """The finite family of ``family`` built by numeric.families (which validates it), from its arguments: the
    literals of an integer or of a name this module wrote."""

    F, H = _engines().F, _engines().H
    build: dict[str, Callable[..., Any]] = {
        "randomized_response": F.randomized_response, "symmetric_unary_encoding": F.symmetric_unary_encoding,
        "optimized_unary_encoding": F.optimized_unary_encoding, "duchi": F.duchi, "olh": H.olh, "blh": H.blh}
    values = {k: (int(v) if v.isdigit() else v.strip("'\"")) for k, v in family.arguments}
    return build[family.constructor](**values)


def declared_mechanism(context: Context) -> NamedFamily | str | None:
    """The mechanism the paper declares: the one finite family its text names."""
    return _named_family(context.text, context)


def _moment(entry: Entry, context: Context, functions: frozenset[str]) -> Ready:
    import sympy

    statements = [s for s in _statements(entry) if s[0]]
    family = declared_mechanism(context)
    if family is None:
        return _pending("no mechanism is declared: the paper names no family the toolkit knows, so there is no "
                        "mechanism=... to write (declare it with proofs.mechanisms, then moment_claim)")
    if isinstance(family, str):
        return _pending(f"no mechanism is declared: {family}")
    if not family.finite:
        return _pending(f"the mechanism, {family.family}, has continuous output: its moments are "
                        "proofs.continuous.density_moment_claim's, with statistic 'output' or 'mean'")
    if len(statements) != 1 or statements[0][0] != ("=",):
        return _pending("a moment claim is one equality E[X] = ... or Var[X] = ...")
    (left, right) = statements[0][1]
    moment = {"E": "mean", "Var": "variance"}.get(getattr(left.func, "__name__", ""))
    if moment is None or len(left.args) != 1 or not isinstance(left.args[0], sympy.Symbol):
        return _pending("its left side is not E[X] or Var[X] of a named statistic X")
    notes = [f"the mechanism: {family.note}"]
    mismatch = _definitions_differ(family, context)
    if mismatch:
        return _pending(mismatch, notes)
    name = left.args[0].name
    statistic = context.inline.get(name)
    if statistic is None:
        return _pending(f"the statistic {name} is not defined in the paper as a formula ($X = ...$)", notes)
    counts = {sympy.Symbol(k): sympy.Symbol(f"C{v}") for k, v in context.counts.items()}
    n = sympy.Symbol("n")
    unknown = sorted(s.name for s in statistic.free_symbols
                     if s not in counts and s != n and s not in context.definitions and s.name != context.epsilon)
    if unknown:
        return _pending(f"the statistic {name} uses {', '.join(unknown)}, which the text does not tie to counts of "
                        "reports or to the mechanism", notes)
    if not context.prior:
        return _pending("the text states no law of the inputs (a prior or counts)", notes)
    notes.append(f"{name} = {statistic}, " + ", ".join(f"{k} the count of reports of {v} (C{v})"
                                                        for k, v in context.counts.items()))
    statistic = statistic.xreplace(counts)
    own = frozenset(_symbol(k) for k, _ in family.named)  # the family's named probabilities: the mechanism's
    statistic, used_s = _substituted(statistic, context, own)
    claimed, used_c = _substituted(right, context, own)
    notes += list(dict.fromkeys(used_s + used_c))
    notes += [f"{k} is the mechanism's named probability {k} ({context.definitions[_symbol(k)][1]} defines it so)"
              for k, _ in family.named if _symbol(k) in context.definitions
              and (statistic.has(_symbol(k)) or claimed.has(_symbol(k)))]
    prior = {}
    extra = []
    for value, probability in context.prior.items():
        renamed, _ = _renamed(probability)
        shown = _formula_text(renamed)
        if shown is None:
            return _pending("the inputs' law is not a formula the toolkit's parser reads back", notes)
        prior[value] = shown
        if isinstance(renamed, sympy.Symbol):
            extra.append(f"0 <= {shown} <= 1")
    statistic, r1 = _renamed(statistic)
    claimed, r2 = _renamed(claimed)
    notes += list(dict.fromkeys(r1 + r2 + [n for p in context.prior.values() for n in _renamed(p)[1]]))
    notes.append("the inputs: " + ", ".join(f"a {v} with probability {p}" for v, p in prior.items())
                 + (" (a probability: " + ", ".join(extra) + ")" if extra else ""))
    shown_statistic, shown_claimed = _formula_text(statistic), _formula_text(claimed)
    if shown_statistic is None or shown_claimed is None:
        return _pending("the statistic or the claimed form is not a formula the toolkit's parser reads back", notes)
    domain, line = _domain(entry, hypotheses_of(entry, functions), extra)
    notes.append(line)
    try:

        law: Any = prior  # the inputs' law by value, as moment_claim takes it
        _engines().validate_moment(shown_statistic, shown_claimed, moment=moment, mechanism=_built(family), prior=law,
                        domain=domain)
    except (InvalidArgument, KeyError) as error:
        return _pending(f"the moment claim does not read: {str(error).split(': ', 1)[-1]}", notes)
    notes.insert(0, f"{'E' if moment == 'mean' else 'Var'}[{name}] = {shown_claimed}, the {moment} of {name} "
                    "under the declared mechanism")
    return Ready("moment_claim", (("statistic", shown_statistic), ("claimed", shown_claimed), ("moment", moment),
                                  ("prior", prior), ("domain", domain)), family, tuple(notes))
