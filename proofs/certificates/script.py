"""One certificate: the standalone Python script that re-checks the steps a verdict rests on.

:func:`certificate_source` turns a claim's verdict (a :class:`proofs.runner.ClaimResult`, or a claim of a
report read back from JSON) into the text of a script that

* imports the standard library, sympy and, only if a step needs them, z3, cvc5 and python-flint (inside
  the helpers that call them), never this toolkit;
* re-checks every machine-checked step of the evidence the verdict rests on
  (:func:`proofs.kernel.grounds.certified`): one ``step(...)`` line per step, printed by :class:`StepPrinter`
  (one ``_print_<Kind>`` method per kind of step, as sympy's printers have one per type);
* prints each step with what it found, lists the stated steps (prose) as "stated, not machine-checked",
  and exits 0 if and only if every machine-checked step checks.

A verdict whose evidence has no machine-checked step gets no certificate: :class:`NoCertificate` is raised,
naming the claim and the evidence that lacks steps.
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import sympy

from core.errors import ToolkitError
from proofs.kernel.grounds import certified, certified_steps
from proofs.kernel.steps import (
    Boxes, Enumeration, ExactValue, FiniteCheck, Holds, Identity, Inequality, SmtQuery, Stated, Step, TwoPrecisions,
)
from proofs.base.version import __version__ as TOOLKIT_VERSION
from proofs.certificates.expressions import Names, print_expression, used_names, wrapped
from proofs.certificates.prelude import NEEDS, imports, prelude

__all__ = ["Subject", "NoCertificate", "certificate_source", "StepPrinter", "file_name"]


class NoCertificate(ToolkitError):
    """A verdict that no certificate can re-check (no machine-checked step, or a status that certifies
    nothing)."""


@dataclass(frozen=True)
class Subject:
    """What a certificate is about: the claim as printed, its verdict, and its evidence (objects with
    ``method``, ``outcome``, ``domain``, ``reading``, ``steps`` and ``detail``)."""

    id: str
    title: str
    source: str
    statement: str
    status: str
    reason: str
    evidence: tuple[Any, ...] = field(default_factory=tuple)

    @classmethod
    def of(cls, item: Any) -> "Subject":
        """From a :class:`proofs.runner.ClaimResult` or a :class:`proofs.report.schema.ClaimReport`."""
        if hasattr(item, "verdict"):
            claim, verdict = item.claim, item.verdict
            return cls(claim.id, claim.title, claim.source, claim.statement, verdict.status.value, verdict.reason,
                       tuple(verdict.evidence))
        return cls(item.id, item.title, item.source, item.statement, getattr(item.status, "value", item.status),
                   item.reason, tuple(item.evidence))


def file_name(claim_id: str) -> str:
    """The certificate's file name: ``T3.10`` -> ``T3_10.py``, ``Qlambda.mle@000`` -> ``Qlambda_mle__000.py``."""
    return claim_id.replace("@", "__").replace(".", "_").replace("-", "_") + ".py"


_HELPERS = {SmtQuery: "check_smt", Identity: "check_identity", Inequality: "check_inequality",
            ExactValue: "check_value", Holds: "check_holds", Boxes: "check_boxes", FiniteCheck: "check_grid",
            TwoPrecisions: "check_two_precisions", Enumeration: "check_enumeration"}
#: Names the script defines or imports besides the symbols.
_SCRIPT_NAMES = {"sys", "itertools", "re", "sympy", "RESULTS", "step", "finish", "S", "Rational", "Symbol", "Dummy",
                 "Function", "And", "Or", "Not", "Eq", "Ne", "Lt", "Le", "Gt", "Ge"}


def _expressions(step: Step) -> list[Any]:
    """The sympy expressions of a step (those of ``where``, its named intermediate values, included)."""
    found = [value for value in vars(step).values() if isinstance(value, sympy.Basic)]
    return found + ([e for _, e in step.where] if isinstance(step, TwoPrecisions) else [])


def _symbols_of(step: Step) -> set[Any]:
    found: set[Any] = set()
    for value in _expressions(step):
        found |= value.atoms(sympy.Symbol)
    return found


def _sympy_names(step: Step) -> set[str]:
    """The sympy class names an expression of the step may print (reserved from the symbols' names)."""
    names = set()
    for value in _expressions(step):
        for node in sympy.preorder_traversal(value):
            name = type(node).__name__
            if hasattr(sympy, name) and not isinstance(node, sympy.Symbol):
                names.add(name)
    return names


def _point_names(step: Step) -> set[str]:
    names: set[str] = set()
    for attribute in ("point", "grid"):
        names |= set(getattr(step, attribute, None) or ())
    for box in getattr(step, "boxes", ()) or ():
        names |= set(box)
    if isinstance(step, TwoPrecisions):
        names |= set(step.names)
    return names


class StepPrinter:
    """Python source for each step of a certificate (``_print_<Kind>``), sharing the symbols' names, the
    points already printed and the expressions already named."""

    def __init__(self, names: Names, queries: Sequence[SmtQuery] = ()) -> None:
        self.names = names
        self.points: dict[tuple, str] = {}
        self.expressions: dict[Any, str] = {}
        self.stated: list[str] = []
        self.shared = _shared_prefixes(queries)
        self.defined: set[int] = set()
        self.queries: dict[tuple[str, str], int] = {}  # (solver, text) -> the step that wrote it

    # ------------------------------------------------------------------------------------- pieces
    def expr(self, value: Any) -> str:
        return print_expression(self.names.rename(value), self.names)

    def condition(self, value: Any) -> str:
        """A condition, naming a side already printed (``Ne(expr_3, expr_4)``)."""
        renamed = self.names.rename(value)
        if isinstance(renamed, sympy.core.relational.Relational) and (
                renamed.lhs in self.expressions or renamed.rhs in self.expressions):
            op = {"==": "Eq", "!=": "Ne", "<": "Lt", "<=": "Le", ">": "Gt", ">=": "Ge"}[renamed.rel_op]
            sides = [self.expressions.get(side) or print_expression(side, self.names)
                     for side in (renamed.lhs, renamed.rhs)]
            return f"{op}({sides[0]}, {sides[1]})"
        return print_expression(renamed, self.names)

    def key(self, name: str) -> str:
        ident = self.names.identifier_of_name(self.names.name(name))
        return ident if ident is not None else repr(self.names.name(name))

    def number(self, value: Any) -> str:
        return print_expression(sympy.sympify(value), self.names)

    def point(self, point: Mapping[str, Any], lines: list[str]) -> str:
        """The name of the point's dict, defining it at its first use."""
        key = tuple(sorted((k, sympy.srepr(v)) for k, v in point.items()))
        if key not in self.points:
            name = f"point_{len(self.points) + 1}"
            self.points[key] = name
            items = ", ".join(f"{self.key(k)}: {self.number(v)}" for k, v in sorted(point.items()))
            lines.append(wrapped(f"{name} = ", "{" + items + "}"))
        return self.points[key]

    def named(self, stem: str, number: int, value: Any, lines: list[str], *, reuse: bool = False) -> str:
        """``stem_number = <expr>``, remembered so later conditions can name it; with ``reuse``, the name of
        the same expression printed by an earlier step (so a side an identity showed to be the definition is
        the very side whose value is checked: one line to change, and the identity sees the change too)."""
        renamed = self.names.rename(value)
        if reuse and renamed in self.expressions:
            return self.expressions[renamed]
        name = f"{stem}_{number}"
        lines.append(wrapped(f"{name} = ", self.expr(value)))
        self.expressions.setdefault(self.names.rename(value), name)
        return name

    @staticmethod
    def call(number: int, kind: str, says: str, body: str) -> str:
        """``step(number, kind, says, lambda: body)``, the lambda on a line of its own when it is long."""
        one = f"step({number}, {kind!r}, {says!r}, lambda: {body})"
        if len(one) <= 110:
            return one
        return f"step({number}, {kind!r}, {says!r},\n     lambda: {body})"

    # ------------------------------------------------------------------------------------- steps
    def doprint(self, number: int, step: Step) -> list[str]:
        return getattr(self, f"_print_{type(step).__name__}")(number, step)

    def _print_SmtQuery(self, number: int, step: SmtQuery) -> list[str]:
        if '"""' in step.smtlib or step.smtlib.endswith("\\"):
            raise NoCertificate(f"an SMT-LIB text of step {number} cannot be quoted in Python")
        lines: list[str] = []
        first = self.queries.setdefault((step.solver, step.smtlib), number)
        if first != number:  # the same text asked again (another evidence, another reduction): written once
            return [self.call(number, f"{step.solver} query", step.says,
                              f"check_smt(QUERY_{first}, {step.solver!r}, {step.expected!r})")]
        commands = _commands(step.smtlib)
        shared = self.shared.get(id(step))
        if shared is not None:
            index, size = shared
            if index not in self.defined:
                self.defined.add(index)
                lines += ["# the declarations and hypotheses the next queries share", f'SHARED_{index} = r"""',
                          *commands[:size], '"""']
            rest = "\n".join(commands[size:])
            lines += [f'QUERY_{number} = SHARED_{index} + r"""', rest, '"""']
        else:
            lines += [f'QUERY_{number} = r"""', step.smtlib.rstrip("\n"), '"""']
        lines.append(self.call(number, f"{step.solver} query", step.says,
                               f"check_smt(QUERY_{number}, {step.solver!r}, {step.expected!r})"))
        return lines

    def _print_Identity(self, number: int, step: Identity) -> list[str]:
        lines: list[str] = []
        lhs = self.named("lhs", number, step.lhs, lines)
        rhs = self.named("rhs", number, step.rhs, lines)
        lines.append(self.call(number, step.label, step.says, f"check_identity({lhs}, {rhs}, {step.how!r})"))
        return lines

    def _print_Inequality(self, number: int, step: Inequality) -> list[str]:
        lines: list[str] = []
        lhs = self.named("lhs", number, step.lhs, lines)
        rhs = self.named("rhs", number, step.rhs, lines)
        lines.append(self.call(number, "inequality", step.says, f"check_inequality({lhs}, {rhs}, {step.how!r})"))
        return lines

    def _print_ExactValue(self, number: int, step: ExactValue) -> list[str]:
        lines: list[str] = []
        expr = self.named("expr", number, step.expr, lines, reuse=True)
        point = self.point(step.point, lines)
        lines.append(self.call(number, "exact value", step.says,
                               f"check_value({expr}, {point}, {self.number(step.value)})"))
        return lines

    def _print_Holds(self, number: int, step: Holds) -> list[str]:
        lines: list[str] = []
        point = self.point(step.point, lines)
        lines.append(wrapped(f"condition_{number} = ", self.condition(step.condition)))
        integers = ", ".join(repr(self.names.name(n)) for n in step.integers)
        extra = f", ({integers},)" if len(step.integers) == 1 else (f", ({integers})" if step.integers else "")
        lines.append(self.call(number, "condition at a point", step.says,
                               f"check_holds(condition_{number}, {point}{extra})"))
        return lines

    def _print_Boxes(self, number: int, step: Boxes) -> list[str]:
        lines: list[str] = []
        expr = self.named("expr", number, step.expr, lines)
        lines.append(f"boxes_{number} = [")
        for box in step.boxes:
            items = ", ".join(f"{self.key(k)}: ({self.number(lo)}, {self.number(hi)})" for k, (lo, hi) in box.items())
            lines.append(f"    {{{items}}},")
        lines.append("]")
        lines.append(self.call(number, "interval boxes", step.says,
                               f"check_boxes({expr}, {step.sign!r}, boxes_{number}, {step.prec})"))
        return lines

    def _print_FiniteCheck(self, number: int, step: FiniteCheck) -> list[str]:
        lines: list[str] = [wrapped(f"condition_{number} = ", self.condition(step.condition))]
        if step.grid is not None:  # a product: name -> values
            grid = [f"    {self.key(name)}: {self._values(values)}," for name, values in step.grid.items()]
            lines += [f"grid_{number} = {{", *grid, "}"]
        else:  # a list of points: (names, rows of values), as check_grid takes it
            rows = ["        (" + "".join(f"{self.number(v)}, " for v in row).rstrip(" ") + ")," for row in step.points]
            lines += [f"grid_{number} = (", f"    [{', '.join(self.key(n) for n in step.names)}],", "    [",
                      *rows, "    ],", ")"]
        extra = ""
        for label in ("premise", "where"):
            value = getattr(step, label)
            if value is not None:
                lines.append(wrapped(f"{label}_{number} = ", self.condition(value)))
                extra += f", {label}={label}_{number}"
        if step.premise_cases is not None:
            extra += f", premise_cases={step.premise_cases}"
        lines.append(self.call(number, "finite check", step.says,
                               f"check_grid(condition_{number}, grid_{number}, {step.cases}{extra})"))
        return lines

    def _print_TwoPrecisions(self, number: int, step: TwoPrecisions) -> list[str]:
        lines: list[str] = []
        if step.where:
            lines.append(f"where_{number} = [  # values named once per point, in order")
            lines += [wrapped(f"    ({self.key(name)}, ", self.expr(e) + "),",
                              indent="        ") for name, e in step.where]
            lines.append("]")
        expr = self.named("expr", number, step.expr, lines)
        lines.append(f"names_{number} = [{', '.join(self.key(n) for n in step.names)}]")
        lines.append(f"points_{number} = [")
        lines += [f"    ({', '.join(self.number(v) for v in row)}{',' if len(row) == 1 else ''}),"
                  for row in step.points]
        lines.append("]")
        where = f", where_{number}" if step.where else ""
        lines.append(self.call(number, "two precisions", step.says,
                               f"check_two_precisions({expr}, {step.sign!r}, names_{number}, points_{number}, "
                               f"{step.dps}{where})"))
        return lines

    def _print_Enumeration(self, number: int, step: Enumeration) -> list[str]:
        lines = [f"arguments_{number} = {{"]
        for name, value in step.arguments.items():
            one = f"    {name!r}: {value!r},"
            if len(one) <= 110 or not isinstance(value, tuple) or not value:
                lines.append(one)
                continue
            lines.append(f"    {name!r}: (")
            row = ""
            for item in (repr(v) + "," for v in value):  # whole elements per line; the comma keeps one a tuple
                if row and len(row) + 1 + len(item) > 102:
                    lines.append(" " * 8 + row)
                    row = ""
                row = f"{row} {item}" if row else item
            lines += [" " * 8 + row, "    ),"]
        lines.append("}")
        lines.append(self.call(number, "enumeration", step.says,
                               f"check_enumeration({step.procedure}, arguments_{number}, {step.cases})"))
        return lines

    def _values(self, values: Sequence[Any]) -> str:
        if len(values) > 2 and all(v.is_Integer for v in values):
            ints = [int(v) for v in values]
            if ints == list(range(ints[0], ints[-1] + 1)):
                return f"range({ints[0]}, {ints[-1] + 1})"
        return wrapped("", "[" + ", ".join(self.number(v) for v in values) + "]", width=100, indent="        ")

    def _print_Stated(self, number: int, step: Stated) -> list[str]:
        self.stated.append(("decided in the toolkit, not re-checked here: " if step.unchecked else "") + step.says)
        return []


def _string(text: str, width: int = 104) -> str:
    """A list item: the text as adjacent string literals of at most ``width`` columns."""
    parts = textwrap.wrap(text, width, break_long_words=False, drop_whitespace=False) or [text]
    if len(parts) == 1:
        return f"    {text!r},"
    return "    (" + "\n     ".join(repr(part) for part in parts) + "),"


def _commands(smtlib: str) -> list[str]:
    """The top-level commands of canonical SMT-LIB text (a command starts at a line's first column)."""
    commands: list[str] = []
    for line in smtlib.rstrip("\n").split("\n"):
        if line.startswith("(") or not commands:
            commands.append(line)
        else:
            commands[-1] += "\n" + line
    return commands


def _shared_prefixes(queries: Sequence[SmtQuery], least: int = 4) -> dict[int, tuple[int, int]]:
    """For queries that repeat the same declarations and hypotheses (one query per condition on one domain),
    ``id(query) -> (block number, commands shared)``: the block is printed once and each query adds its own
    last commands. Consecutive queries sharing at least ``least`` leading commands form a block."""
    plan: dict[int, tuple[int, int]] = {}
    listed = [(q, _commands(q.smtlib)) for q in queries if q.solver == "z3"]
    block, prefix = 0, None
    for i, (query, commands) in enumerate(listed):
        if prefix is not None and commands[:len(prefix)] == prefix and len(commands) > len(prefix):
            plan[id(query)] = (block, len(prefix))
            continue
        following = listed[i + 1][1] if i + 1 < len(listed) else []
        common = 0
        while common < min(len(commands), len(following)) - 1 and commands[common] == following[common]:
            common += 1
        if common >= least:
            block, prefix = block + 1, commands[:common]
            plan[id(query)] = (block, common)
        else:
            prefix = None
    return plan


def _comment(text: str, width: int = 110) -> list[str]:
    return ["# " + line for line in textwrap.wrap(text, width - 2, break_long_words=False)] or ["#"]


def certificate_source(item: Any) -> str:
    """The certificate of one verdict (see the module docstring); :class:`NoCertificate` when none can
    be written."""
    subject = item if isinstance(item, Subject) else Subject.of(item)
    covered, missing = certified(subject.status, subject.evidence)
    steps_of = certified_steps(covered)
    checked = [s for _, steps in steps_of for s in steps if s.machine_checked]
    if not checked:
        what = (f"the {subject.status} verdict rests on evidence without machine-checked steps "
                f"({', '.join(sorted({getattr(e.method, 'value', str(e.method)) for e in missing})) or 'none'})"
                if subject.status in ("proved", "refuted", "supported")
                else f"{'an' if subject.status[:1] in 'aeiou' else 'a'} {subject.status} verdict certifies nothing")
        raise NoCertificate(f"no certificate for {subject.id}: {what}")
    symbols: set[Any] = set()
    reserved = set(_SCRIPT_NAMES) | set(_HELPERS.values()) | set(NEEDS) | {"fractions"}
    for _, steps in steps_of:
        for s in steps:
            symbols |= _symbols_of(s)
            reserved |= _sympy_names(s)
    known = {s.name for s in symbols}
    symbols |= {sympy.Symbol(name) for _, steps in steps_of for s in steps for name in _point_names(s)
                if name not in known}
    names = Names(symbols, reserved=reserved)
    printer = StepPrinter(names, [s for _, steps in steps_of for s in steps if isinstance(s, SmtQuery)])
    body: list[str] = []
    number = 0
    helpers: set[str] = set()
    for index, (evidence, steps) in enumerate(steps_of, 1):
        method = getattr(evidence.method, "value", evidence.method)
        outcome = getattr(evidence.outcome, "value", evidence.outcome)
        body.append("")
        body += _comment(f"Evidence {index} of {len(steps_of)} ({method}, {outcome}): {evidence.domain}")
        for s in steps:
            if s.machine_checked:
                number += 1
                helpers.add(_HELPERS[type(s)])
                if isinstance(s, Enumeration):
                    helpers.add(s.procedure)
            body += printer.doprint(number, s)
    stated = printer.stated
    counts = _counts(checked)
    source_body = "\n".join(body)
    calls = used_names(source_body)
    sympy_imports = sorted(n for n in calls - set(names.identifiers.values()) - set(_HELPERS.values())
                           - {"step", "finish", "sys"} if hasattr(sympy, n) and not n.startswith("QUERY_"))
    sympy_imports = sorted(set(sympy_imports) | {"S", "Rational", "Symbol"} | (
        {"Dummy"} if any(isinstance(s, sympy.Dummy) for s in names.identifiers) else set()))
    header = _header(subject, counts, len(stated), missing)
    lines = [
        "#!/usr/bin/env python3",
        header,
        *[f"import {module}" for module in imports(sorted(helpers))],
        "",
        "import sympy",
        wrapped("from sympy import ", ", ".join(sympy_imports)) if len(", ".join(sympy_imports)) < 100
        else "from sympy import (\n" + "\n".join("    " + line for line in textwrap.wrap(", ".join(sympy_imports), 100))
        + ",\n)",
        "",
        "",
        "# " + "-" * 30 + " helpers: how each kind of step is re-checked " + "-" * 30,
        "",
        prelude(sorted(helpers)).rstrip(),
        "",
        "",
        "# " + "-" * 30 + " the paper's symbols " + "-" * 30,
        *names.declarations(),
        source_body,
        "",
        "",
        "finish([",
        *[_string(text) for text in stated],
        f"], expected={number})",
        "",
    ]
    return "\n".join(line for line in lines if line is not None)


def _counts(checked: Sequence[Step]) -> str:
    kinds: dict[str, int] = {}
    for s in checked:
        label = f"{s.solver} queries" if isinstance(s, SmtQuery) else {
            Identity: "sympy identities", Inequality: "sympy inequalities", ExactValue: "exact values",
            Holds: "conditions at a point",
            Boxes: "interval-box steps", FiniteCheck: "finite checks",
            TwoPrecisions: "values at two precisions", Enumeration: "regenerated enumerations"}[type(s)]
        kinds[label] = kinds.get(label, 0) + 1
    return ", ".join(f"{v} {k}" for k, v in kinds.items())


def _header(subject: Subject, counts: str, stated: int, missing: Sequence[Any]) -> str:
    checked = sum(int(part.split()[0]) for part in counts.split(", "))
    text = [
        f"Proof certificate of {subject.id}: {subject.title} ({subject.source}).",
        "",
        f"Verdict: {subject.status} ({subject.reason}).",
        "",
        "Statement, as printed (LaTeX):",
        *textwrap.wrap(subject.statement, 100, initial_indent="    ", subsequent_indent="    ",
                       break_long_words=False),
        "",
        f"This script re-checks the {checked} machine-checked steps this verdict rests on ({counts}) with sympy"
        " (and z3, cvc5 or python-flint where a step needs them), never with the toolkit that wrote it, then lists"
        f" the {stated} stated steps (prose, not machine-checked). It exits 0 if and only if every machine-checked"
        " step checks.",
        "",
        f"Written by ldp-belief-proofs {TOOLKIT_VERSION} with sympy {sympy.__version__}. "
        f"Run: python3 {file_name(subject.id)}",
    ]
    if subject.status == "vacuous":
        text += ["", "This certificate certifies why the claim is vacuous: its premise never holds on the whole domain,"
                 " so the implication is true and says nothing."]
    if subject.status == "inconclusive":
        text += ["", "This certificate certifies the vacuity of the claim, why its verdict is inconclusive: the premise"
                 " never holds on the whole domain. It is not a proof of the claim."]
    if missing:
        methods = ", ".join(sorted({getattr(e.method, "value", str(e.method)) for e in missing}))
        text += ["", f"Not re-checked here: {len(missing)} more piece(s) of deciding evidence ({methods}) "
                 "carry no machine-checked steps."]
    body = "\n".join(textwrap.fill(line, 110, break_long_words=False) if line and not line.startswith("    ")
                     else line for line in text)
    body = body.replace('"""', "'''")
    if body.endswith("\\"):
        body += " "
    return 'r"""' + body + '\n"""'
