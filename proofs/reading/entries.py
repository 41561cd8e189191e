"""What each result and displayed formula of a paper is: a claim to check, a definition, notation, or a
part of a result, with its formulas read and the engine that fits.

:func:`describe` takes a :class:`~proofs.reading.document.Document` and returns one :class:`Entry` per
item, in the paper's order:

* a **definition**: a result titled Definition, Notation or Assumption, a display inside one, a display
  ``x := ...`` (also ``\\coloneqq``, ``\\triangleq``, ``\\equiv``), or a display ``x = ...`` introduced by
  *where*, *let*, *define*, *denote*, *we write* or *set* (``..., where $$p = \\frac{e^\\epsilon}{1+e^\\epsilon}$$``);
  listed with the symbols it introduces, and never a claim: a claim whose formulas use a name a definition
  introduces is linked to it (:attr:`Entry.uses`);
* **notation**: a display that names a matrix (``Q = \\begin{pmatrix} ... \\end{pmatrix}``) or shows an
  expression with no relation;
* a **part** of a result: a display inside a theorem, lemma, ... — the result's claim carries it (its
  formulas, its printed LaTeX);
* a **claim**: every other result, and every other display that states something (an equality, an
  inequality, an ≈ chain). A result without a display is read from its inline formulas that hold a
  relation, leaving out its hypotheses (a symbol bounded by a number: ``$t \\ge 0$``).

The engine that fits a claim (:data:`proofs.base.pending.ENGINES`), in this order: an ``≈`` →
``check_approximation``; a ratio bounded by ``e^{...}``, or words on privacy (*-LDP*, *differentially
private*) → ``check_ldp``; a moment (``E``, ``Var``, ``Cov``; *unbiased*, *variance*) → ``check_moment``;
equalities only → ``identity``; an inequality → ``check_sign``; nothing read → ``unknown``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from proofs.reading.document import Document, Item
from proofs.reading.latexmath import FormulaStatement, Unread, declared_functions, read_formula
from proofs.base.pending import Formula

__all__ = ["Entry", "describe", "claim_id", "paper_prefix", "inline_math"]

_ABBREVIATIONS = {"Theorem": "Thm", "Lemma": "Lem", "Corollary": "Cor", "Proposition": "Prop",
                  "Definition": "Def", "Example": "Ex", "Remark": "Rem", "Conjecture": "Conj", "Observation": "Obs"}
_DEFINING_WORDS = re.compile(r"\b(where|let|define[sd]?(\s+(by|as))?|denoted?(\s+by)?|we\s+write|we\s+set|set|"
                             r"notation|defined\s+(by|as))\s*[:,]?\s*$", re.IGNORECASE)
_PRIVACY_WORDS = re.compile(r"-?\s*(S|W)?LDP\b|differential(ly)?\s+priva|locally\s+priva|privacy", re.IGNORECASE)
_MOMENT_WORDS = re.compile(r"\bunbiased|\bvariance|\bexpect(ed|ation)|\bmean\s+squared", re.IGNORECASE)
_APPROX_WORDS = re.compile(r"\\approx|\bapproximately|\bapproximation", re.IGNORECASE)
_EMPHASIS = re.compile(r"\\(?:emph|textbf|textit)\s*\{((?:[^{}]|\{[^{}]*\})*)\}")
_INLINE = re.compile(r"(?<!\\)\$(?!\$)((?:[^$\\]|\\.)+?)\$|\\\((.+?)\\\)")
_DISPLAY_IN_TEXT = re.compile(r"\\begin\{(equation|align|gather|multline|flalign|alignat|eqnarray|displaymath)(\*?)\}"
                              r"(.*?)\\end\{\1\2\}|\\\[(.*?)\\\]|\$\$(.*?)\$\$", re.DOTALL)

@dataclass(frozen=True)
class Entry:
    """One item and what the scaffold makes of it.

    ``status``: ``"claim"``, ``"definition"``, ``"notation"`` or ``"part"`` (a display inside a result);
    ``claim_id`` for a claim; ``engine``/``why`` the engine that fits; ``formulas`` read and ``unread``
    ``(latex, reason)``; ``introduces`` the symbols or terms a definition introduces; ``reason`` why a
    definition or notation is one; ``printed`` the LaTeX fragments a claim records; ``statement`` the
    text of the claim (prose with ``$...$`` math); ``readings`` where the LaTeX allowed two readings, the
    one taken (:attr:`~proofs.reading.latexmath.FormulaStatement.readings`); ``uses`` the definitions a claim's
    formulas use (their labels: a name one of them introduces occurs in the claim)."""

    item: Item
    status: str
    claim_id: str = ""
    engine: str = ""
    why: str = ""
    formulas: tuple[Formula, ...] = ()
    unread: tuple[tuple[str, str], ...] = ()
    introduces: tuple[str, ...] = ()
    reason: str = ""
    printed: tuple[str, ...] = ()
    statement: str = ""
    readings: tuple[str, ...] = ()
    uses: tuple[str, ...] = ()

    @property
    def read(self) -> int:
        return len(self.formulas)


def inline_math(text: str) -> list[str]:
    """The inline formulas (``$...$``, ``\\(...\\)``) of a text, displays removed first."""
    prose = _DISPLAY_IN_TEXT.sub(" ", text)
    return [m.group(1) or m.group(2) for m in _INLINE.finditer(prose)]


def _math(body: str) -> str:
    """``$body$``, its trailing punctuation moved outside."""
    body = " ".join(body.split())
    end = ""
    while body and body[-1] in ".,;":
        end, body = body[-1] + end, body[:-1].rstrip()
    return f"${body}${end}"


def _statement_text(item: Item, references: dict[str, str]) -> str:
    """The claim's statement: a result's text with its displays as ``$...$``; a display as ``$...$``;
    ``\\ref``/``\\eqref`` to the paper's own labels replaced by the numbers they print."""
    if item.kind == "display":
        if len(item.rows) > 1:
            last = item.rows[-1].rstrip()
            end = last[len(last.rstrip(".,;")):]
            rows = [*item.rows[:-1], last.rstrip(".,;")]
            return "$\\begin{aligned}" + " \\\\ ".join(rows) + "\\end{aligned}$" + end
        return _math(item.latex.replace("&", " "))

    def as_inline(match: re.Match) -> str:
        body = next(g for g in (match.group(3), match.group(4), match.group(5)) if g is not None)
        rows = [r.replace("&", " ").strip() for r in re.split(r"\\\\", body) if r.strip()]
        return " " + _math(" ".join(rows)) + " "
    text = _DISPLAY_IN_TEXT.sub(as_inline, item.latex)

    def reference(match: re.Match) -> str:
        number = references.get(match.group(2).strip())
        if number is None:
            return match.group(0)
        return f"({number})" if match.group(1) == "eqref" else number
    text = re.sub(r"\\(eqref|ref|cref|Cref|autoref)\s*\{([^{}]*)\}", reference, text)
    return " ".join(text.split()) or item.title


def paper_prefix(name: str) -> str:
    """The id prefix of a paper's claims: its file's stem as an identifier (``rr_paper.tex`` → ``rr_paper``),
    so that they never clash with the built-in catalog's ids (``Eq2``) or another paper's."""
    stem = re.sub(r"[^A-Za-z0-9_]", "_", name.rsplit("/", 1)[-1].rsplit(".", 1)[0]) or "paper"
    return stem if stem[0].isalpha() else f"P{stem}"


def claim_id(item: Item, prefix: str = "") -> str:
    """``Thm2.3``, ``Lem1``, ``Eq4``, ``Display.L42`` (``Display.sec_rr.L12`` in another file), after
    ``prefix.`` when one is given (:func:`paper_prefix`)."""
    bare = _bare_id(item)
    return f"{prefix}.{bare}" if prefix else bare


def _bare_id(item: Item) -> str:
    if item.kind == "result":
        head = _ABBREVIATIONS.get(item.title) or re.sub(r"[^A-Za-z0-9]", "", item.title.title()) or "Result"
        if item.number:
            return _sanitise(f"{head}{item.number}")
        return _sanitise(f"{head}.{_file_part(item)}L{item.line}")
    if item.numbers:
        return _sanitise(f"Eq{item.numbers[0]}")
    return _sanitise(f"Display.{_file_part(item)}L{item.line}")


def _file_part(item: Item) -> str:
    if not item.file or item.file == item.main_file:
        return ""
    return re.sub(r"[^A-Za-z0-9_]", "_", item.file.rsplit("/", 1)[-1].rsplit(".", 1)[0]) + "."


def _sanitise(text: str) -> str:
    head, _, rest = text.partition(".")
    head = re.sub(r"[^A-Za-z0-9_]", "_", head)
    if not head or not head[0].isalpha():
        head = "E" + head
    parts = [re.sub(r"[^A-Za-z0-9_-]", "_", p) or "_" for p in rest.split(".")] if rest else []
    return ".".join([head, *parts])


def _formulas(latex: str, functions: frozenset[str]) -> tuple[list[FormulaStatement], list[tuple[str, str]]]:
    found = read_formula(latex, functions=functions)
    if isinstance(found, Unread):
        return [], [(" ".join(latex.split()), found.reason)]
    return list(found), []


def _as_formula(statement: FormulaStatement, latex: str) -> Formula:
    import sympy  # the srepr of a side: sympy is already loaded by the reading of the formula

    return Formula(statement.relations, tuple(sympy.srepr(s) for s in statement.sides), statement.condition,
                   " ".join(latex.split()))


def _head_name(expr) -> str | None:
    import sympy

    if isinstance(expr, sympy.Symbol):
        return expr.name
    if isinstance(expr, sympy.core.function.AppliedUndef):
        return f"{expr.func.__name__}({', '.join(str(a) for a in expr.args)})"
    return None


def _engine(statements: list[FormulaStatement], text: str) -> tuple[str, str]:
    import sympy

    relations = {r for s in statements for r in s.relations}
    if "≈" in relations or (not statements and _APPROX_WORDS.search(text)):
        return "check_approximation", "it states an approximation (≈)"
    for s in statements:
        for a, r, b in zip(s.sides, s.relations, s.sides[1:]):
            if r in ("<=", "<", ">=", ">"):
                for small, big in ((a, b), (b, a)):
                    if big.has(sympy.exp) and not small.has(sympy.exp) and any(
                            isinstance(f, sympy.Pow) and f.exp.is_negative for f in sympy.Mul.make_args(small)):
                        return "check_ldp", "a ratio bounded by an exponential (privacy of a mechanism)"
    if _PRIVACY_WORDS.search(text):
        return "check_ldp", "it speaks of privacy (LDP)"
    moments = {"E", "Var", "Cov", "Pr"}
    if any(getattr(f.func, "__name__", "") in moments for s in statements for side in s.sides
           for f in side.atoms(sympy.core.function.AppliedUndef)) or _MOMENT_WORDS.search(text):
        return "check_moment", "a moment (E, Var) or a probability of a statistic"
    if statements and relations <= {"=", ":="}:
        return "identity", "an equality of two expressions"
    if statements:
        return "check_sign", "an inequality: the sign of the difference of its sides"
    return "unknown", "no formula was read from it"


def _hypothesis(statement: FormulaStatement) -> bool:
    """A bound on one symbol by a number (``t \\ge 0``, ``\\epsilon > 0``): a result's hypothesis, not what it
    asserts."""
    import sympy

    if len(statement.relations) != 1 or statement.relations[0] not in ("<", "<=", ">", ">=", "!="):
        return False
    a, b = statement.sides
    return isinstance(a, sympy.Symbol) and b.is_number or isinstance(b, sympy.Symbol) and a.is_number


def _introduces(statements: list[FormulaStatement], latex: str) -> tuple[str, ...]:
    names = [" ".join(m.group(1).split()) for m in _EMPHASIS.finditer(latex)]
    for s in statements:
        if s.relations and s.relations[0] in ("=", ":="):
            head = _head_name(s.sides[0])
            if head:
                names.append(head)
    return tuple(dict.fromkeys(n for n in names if n))


def describe(document: Document) -> tuple[Entry, ...]:
    """Every item of ``document`` with what the scaffold makes of it (see the module docstring)."""
    import sympy

    functions = declared_functions(document.text or "\n".join(item.latex for item in document.items))
    read: dict[int, tuple[list[FormulaStatement], list[tuple[str, str]]]] = {}
    for index, item in enumerate(document.items):
        if item.kind == "display":
            read[index] = _formulas(item.latex, functions)
    references: dict[str, str] = {}
    for item in document.items:
        numbers = item.numbers if item.kind == "display" else ((item.number,) if item.number else ())
        for label, number in zip(item.labels, numbers):
            references.setdefault(label, number)
    out: list[Entry] = []
    ids: set[str] = set()
    for index, item in enumerate(document.items):
        if item.kind == "display":
            statements, unread = read[index]
            formulas = tuple(_as_formula(s, item.latex) for s in statements)
            if item.defining:
                out.append(Entry(item, "definition", formulas=formulas, unread=tuple(unread),
                                 introduces=_introduces(statements, item.latex),
                                 reason=f"a display inside {item.inside}"))
                continue
            if item.inside and not item.inside.startswith("proof") and item.inside != "a proof":
                out.append(Entry(item, "part", formulas=formulas, unread=tuple(unread),
                                 reason=f"part of {item.inside}: its claim carries it"))
                continue
            defines = [s for s in statements if s.relations and set(s.relations) == {":="}]
            if statements and len(defines) == len(statements):
                out.append(Entry(item, "definition", formulas=formulas, introduces=_introduces(statements, ""),
                                 reason="it defines (:=)"))
                continue
            matrices = [s for s in statements if s.relations == ("=",) and isinstance(s.sides[1], sympy.MatrixBase)]
            if statements and len(matrices) == len(statements):
                names = _introduces(statements, "")
                out.append(Entry(item, "notation", formulas=formulas, introduces=names,
                                 reason=f"names the matrix {', '.join(names)}" if names else "a matrix"))
                continue
            if statements and all(not s.relations for s in statements):
                out.append(Entry(item, "notation", formulas=formulas, reason="an expression that states no relation"))
                continue
            if statements and (defining := _DEFINING_WORDS.search(item.before)) and all(
                    s.relations == ("=",) and _head_name(s.sides[0]) for s in statements):
                out.append(Entry(item, "definition", formulas=formulas, introduces=_introduces(statements, ""),
                                 reason=f"introduced by '{defining.group(1)}'"))
                continue
            engine, why = _engine(statements, item.latex)
            out.append(_claim(item, ids, engine, why, formulas, unread, (item.latex,), references, statements))
            continue
        # a result: its displays' formulas, else the relations of its inline math
        parts = [k for k in range(index + 1, len(document.items))
                 if document.items[k].kind == "display" and document.items[k].inside == _result_name(item)]
        statements: list[FormulaStatement] = []
        unread: list[tuple[str, str]] = []
        if parts:
            for k in parts:
                statements += read[k][0]
                unread += read[k][1]
            sources = [document.items[k].latex for k in parts]
            formulas = tuple(_as_formula(s, src) for k, src in zip(parts, sources) for s in read[k][0])
        else:
            formulas_list = []
            for math in inline_math(item.latex):
                if not re.search(r"=|<|>|\\le|\\ge|\\ne|\\approx", math):
                    continue
                found, missed = _formulas(math, functions)
                found = [s for s in found if not _hypothesis(s)] if not item.defining else found
                statements += found
                unread += missed
                formulas_list += [_as_formula(s, math) for s in found]
            formulas = tuple(formulas_list)
        if item.defining:
            out.append(Entry(item, "definition", formulas=formulas, unread=tuple(unread),
                             introduces=_introduces(statements, item.latex), reason=f"a {item.title.lower()}"))
            continue
        engine, why = _engine(statements, item.latex)
        printed = (item.latex, *[document.items[k].latex for k in parts])
        out.append(_claim(item, ids, engine, why, formulas, unread, printed, references, statements))
    return _linked(_plain_and_applied(out, functions))


def _plain_and_applied(entries: list[Entry], functions: frozenset[str]) -> list[Entry]:
    """Each claim whose formulas hold a name bare (``r``) that the paper applies elsewhere (``r(t)``), with
    the reading said: two objects, the function and a value of the same name."""
    import sympy

    out = []
    for entry in entries:
        if entry.status == "claim" and functions:
            plain: set[str] = set()
            for formula in entry.formulas:
                try:
                    sides = formula.expressions()
                except Exception:  # noqa: BLE001 - a side that does not read back is reported elsewhere
                    continue
                plain |= {s.name for side in sides for s in side.free_symbols
                          if isinstance(s, sympy.Symbol) and s.name in functions}
            said = tuple(f"{name} is applied elsewhere in the paper ({name}(...)) and written bare here: read as "
                         f"two objects, the function {name} and a value named {name}" for name in sorted(plain))
            if said:
                entry = replace(entry, readings=tuple(dict.fromkeys((*entry.readings, *said))))
        out.append(entry)
    return out


def _names(formulas: tuple[Formula, ...]) -> set[str]:
    """The symbols and the functions applied in ``formulas``."""
    import sympy

    names: set[str] = set()
    for formula in formulas:
        for side in formula.expressions():
            names |= {s.name for s in side.free_symbols if isinstance(s, sympy.Symbol)}
            names |= {type(f).__name__ for f in side.atoms(sympy.core.function.AppliedUndef)}
    return names


_CITED = re.compile(r"\\(?:eqref|ref|cref|Cref|autoref)\s*\{([^{}]*)\}")


def _linked(entries: list[Entry]) -> tuple[Entry, ...]:
    """Each claim with the definitions it uses: those introducing a name its formulas hold (``p`` of
    ``where p = ...``, ``f_b`` of ``f_b(z) := ...``) and those it cites (``\\eqref{eq:p}``)."""
    defined = [(e.item.label, {n.split("(")[0] for n in e.introduces}, e.item.labels) for e in entries
               if e.status == "definition"]
    out = []
    for entry in entries:
        if entry.status == "claim" and defined:
            names = _names(entry.formulas)
            cited = set(_CITED.findall(" ".join(entry.printed)))
            uses = tuple(label for label, introduced, keys in defined if label != entry.item.label
                         and (introduced & names or cited & set(keys)))
            entry = replace(entry, uses=uses)
        out.append(entry)
    return tuple(out)


def _result_name(item: Item) -> str:
    return f"{item.title} {item.number}" if item.number else item.title


def _claim(item: Item, ids: set[str], engine: str, why: str, formulas: tuple[Formula, ...],
           unread: list[tuple[str, str]] | tuple[tuple[str, str], ...], printed: tuple[str, ...],
           references: dict[str, str], statements: list[FormulaStatement] = ()) -> Entry:
    base = claim_id(item, paper_prefix(item.main_file or item.file))
    identifier, k = base, 2
    while identifier in ids:
        identifier, k = f"{base}-{k}", k + 1
    ids.add(identifier)
    fragments = tuple(dict.fromkeys(" ".join(p.split()) for p in printed if p.strip()))
    return Entry(item, "claim", identifier, engine, why, formulas, tuple(unread), printed=fragments,
                 statement=_statement_text(item, references), readings=_readings(statements))


def _readings(statements) -> tuple[str, ...]:
    return tuple(dict.fromkeys(r for s in statements for r in s.readings))
