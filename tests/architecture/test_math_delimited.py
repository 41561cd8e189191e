"""Math in text is delimited: every text of a registered claim and of a reading, and every corrected statement
and ``holds_when`` the claim modules write, is prose with its math between ``$...$``.

The renderers split a text at its dollars and nowhere else (:func:`proofs.report.mathtext.parse`), so a text
that breaks the rule would be shown with raw LaTeX or ASCII math. The rule, checked here:

* the dollars are balanced (``\\$`` is a dollar sign);
* every ``$...$`` is LaTeX that pylatexenc's ``LatexWalker`` parses strictly and that compiles
  (:func:`proofs.report.latex_text.is_math`);
* outside the dollars: no ``\\command``, no ``_`` or ``^``, no Greek letter, no ASCII relation (``<=``, ``>=``,
  ``!=``, ``->``).

Corrections and ``holds_when`` texts are found in the source of ``catalog/claims`` (the first argument of
``Correction`` or its ``statement=``, the second of ``with_correction``, every ``holds_when=``), with the string
constants of the module they name; a text built at run time (an f-string) is checked on its literal parts.

The claims of ``examples/`` and of the README's code blocks follow the same rule: each example file is loaded
(its short declarations print their stated domain through :func:`proofs.declare.formula_text`) and its
claims and corrected statements checked; the README's ``Claim(...)`` texts are read from its code. A
``holds_when=`` or ``regime=`` of a short declaration is a formula the engine checks, not a text: it must
be one that :func:`~proofs.declare.formula_text` can print, which is how the report shows it.
"""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest
from pylatexenc.latexwalker import LatexWalker, LatexWalkerError

from numeric.definitions import READINGS
from proofs import userclaims
from proofs.base import registry
from proofs.declare import formula_text
from proofs.report.latex_text import is_math

ROOT = Path(__file__).resolve().parents[2]
CLAIMS_DIR = ROOT / "catalog" / "claims"
EXAMPLES = sorted((ROOT / "examples").rglob("*.py"))
_GREEK = re.compile(r"[\u0370-\u03ff]")
_OUTSIDE = [(re.compile(r"\\[A-Za-z]"), "a LaTeX command"), (re.compile(r"[_^]"), "a sub- or superscript"),
            (_GREEK, "a Greek letter"), (re.compile(r"<=|>=|!=|->"), "an ASCII relation")]


def violations(text: str) -> list[str]:
    """What breaks the rule in ``text`` (empty when it is delimited)."""
    parts = re.split(r"(?<!\\)\$", text)
    found = ["an odd number of $"] if len(parts) % 2 == 0 else []
    for k, part in enumerate(parts):
        if k % 2:
            try:
                LatexWalker(part, tolerant_parsing=False).get_latex_nodes()
            except LatexWalkerError as exc:
                found.append(f"${part}$ does not parse ({str(exc).splitlines()[0]})")
                continue
            if not is_math(part):
                found.append(f"${part}$ would not compile")
        else:
            found += [f"{what} outside the dollars in {part.strip()[:60]!r}" for pattern, what in _OUTSIDE
                      if pattern.search(part)]
    return found


def _claim_texts(claim) -> list[tuple[str, str]]:
    texts = [("title", claim.title), ("statement", claim.statement), ("domain", claim.domain),
             ("interpretation", claim.interpretation), ("premise", claim.premise)]
    texts += [("assumption", a) for a in claim.assumptions]
    return texts + [(f"related {other}", link) for other, link in claim.related]


@pytest.mark.parametrize("claim", registry.claims(), ids=lambda c: c.id)
def test_claim_texts_keep_their_math_between_dollars(claim):
    bad = [f"{field}: {v}" for field, text in _claim_texts(claim) for v in violations(text)]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("name", sorted(READINGS))
def test_reading_texts_keep_their_math_between_dollars(name):
    assert not violations(READINGS[name].text), violations(READINGS[name].text)


def _strings(node: ast.AST, constants: dict[str, ast.AST], seen: frozenset = frozenset()) -> list[str]:
    """The literal text of an expression: a constant, a concatenation, an f-string's literal parts joined."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        return ["".join(v.value if isinstance(v, ast.Constant) else "x" for v in node.values)]
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _strings(node.left, constants, seen), _strings(node.right, constants, seen)
        return [a + b for a in left for b in right] if left and right else left + right
    if isinstance(node, ast.IfExp):
        return _strings(node.body, constants, seen) + _strings(node.orelse, constants, seen)
    if isinstance(node, ast.Name) and node.id in constants and node.id not in seen:
        return _strings(constants[node.id], constants, seen | {node.id})
    return []


def produced_texts(path: Path) -> list[tuple[int, str]]:
    """(line, text) of every corrected statement and ``holds_when`` written in a claim module."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    constants = {t.id: n.value for n in tree.body if isinstance(n, ast.Assign) for t in n.targets
                 if isinstance(t, ast.Name)}
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        targets = [kw.value for kw in node.keywords if kw.arg == "holds_when"]
        if name == "Correction":
            targets += node.args[:1] + [kw.value for kw in node.keywords if kw.arg == "statement"]
        if name == "with_correction":
            targets += node.args[1:2]
        if name.endswith("_claim"):  # a short declaration: holds_when is a formula, corrected=(statement, form)
            targets = [kw.value.elts[0] for kw in node.keywords
                       if kw.arg == "corrected" and isinstance(kw.value, ast.Tuple)]
        found += [(node.lineno, text) for target in targets for text in _strings(target, constants)]
    return found


@pytest.mark.parametrize("path", sorted(CLAIMS_DIR.glob("*.py")), ids=lambda p: p.stem)
def test_corrections_and_holds_when_keep_their_math_between_dollars(path):
    bad = [f"line {line}: {v}" for line, text in produced_texts(path) for v in violations(text)]
    assert not bad, "\n".join(bad)


def test_the_scan_finds_the_texts_it_checks():
    """Guard against a test that could not fail: corrections and holds_when are found, and a bare formula is
    refused."""
    assert sum(len(produced_texts(p)) for p in CLAIMS_DIR.glob("*.py")) >= 25
    assert violations(r"p_1 <= \epsilon") and violations("$x") and violations(r"$\frac{1}{$")
    assert not violations(r"if $p_1 \le \epsilon$ then")


def _loaded(path: Path) -> list:
    """The claims a claims file defines, loaded and then forgotten (so that the catalog stays the paper's)."""
    ids = userclaims.load_claims_file(path)
    try:
        return [registry.get(i) for i in ids]
    finally:
        registry.forget(list(ids))
        userclaims._LOADED.pop(str(path.resolve()), None)


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example_claims_keep_their_math_between_dollars(path):
    bad = [f"{c.id} {field}: {v}" for c in _loaded(path) for field, text in _claim_texts(c) for v in violations(text)]
    bad += [f"line {line}: {v}" for line, text in produced_texts(path) for v in violations(text)]
    assert not bad, "\n".join(bad)


def _formulas(path_text: str) -> list[tuple[int, str]]:
    """(line, formula) of every ``holds_when=`` and ``regime=`` of a short declaration."""
    found = []
    for node in ast.walk(ast.parse(path_text)):
        if isinstance(node, ast.Call) and getattr(node.func, "id", "").endswith("_claim"):
            found += [(node.lineno, kw.value.value) for kw in node.keywords if kw.arg in ("holds_when", "regime")
                      and isinstance(kw.value, ast.Constant) and isinstance(kw.value.value, str)]
    return found


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_example_conditions_are_formulas_the_report_prints(path):
    formulas = _formulas(path.read_text(encoding="utf-8"))
    for line, formula in formulas:
        assert not violations(formula_text(formula)), (line, formula, formula_text(formula))


def _readme_blocks() -> list[str]:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    return [textwrap.dedent(b) for b in re.findall(r"```python\n(.*?)```", readme, re.S)]


def test_readme_claims_keep_their_math_between_dollars(tmp_path):
    """The README's claims: a block of short declarations is loaded like an example; a ``Claim(...)`` written
    out (which may repeat a registered id) is read from its code."""
    bad, seen = [], 0
    for k, block in enumerate(_readme_blocks()):
        tree = ast.parse(block)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Claim":
                seen += 1
                texts = [(kw.arg, t) for kw in node.keywords if kw.arg in ("title", "statement", "domain",
                         "interpretation", "premise") for t in _strings(kw.value, {})]
                bad += [f"block {k} {field}: {v}" for field, text in texts for v in violations(text)]
        if re.search(r"^\w+_claim\(", block, re.M):
            path = tmp_path / f"readme_{k}.py"
            path.write_text(block, encoding="utf-8")
            claims = _loaded(path)
            seen += len(claims)
            bad += [f"block {k} {c.id} {field}: {v}" for c in claims for field, text in _claim_texts(c)
                    for v in violations(text)]
            bad += [f"block {k} line {line}: {v}" for line, text in produced_texts(path) for v in violations(text)]
    assert seen >= 3 and not bad, "\n".join(bad)
