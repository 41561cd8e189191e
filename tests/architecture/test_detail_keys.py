"""Evidence details that code reads back are read by name (``proofs.base.evidence.Detail``), never by their words.

An evidence's ``detail`` is figures for readers, keyed by what they are; the few keys that code reads back (the
verdict rule's "time-out", the reason a premise never holds, the sign decider's record ...) are members of
:class:`proofs.base.evidence.Detail`, whose values are the texts a report shows. Read with ``ast``: no module
reads a detail (``x.detail[...]``, ``detail.get(...)``, ``... in x.detail``) with a string literal. Writing a
figure under its words (``detail["cases where the premise held"] = n``) is fine.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from proofs.base.evidence import Detail

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "symbolic", "numeric", "proofs")


def _is_detail(node: ast.AST) -> bool:
    return (isinstance(node, ast.Name) and node.id == "detail") or (
        isinstance(node, ast.Attribute) and node.attr == "detail")


def _literal(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, str)


def literal_reads(path: Path) -> list[str]:
    """``line: text`` for every read of a detail by a string literal in ``path``."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path))):
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load) and _is_detail(node.value) \
                and _literal(node.slice):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get" \
                and _is_detail(node.func.value) and node.args and _literal(node.args[0]):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
        elif isinstance(node, ast.Compare) and _literal(node.left) and any(
                isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and any(
                _is_detail(c) for c in node.comparators):
            found.append(f"{node.lineno}: {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("package", PACKAGES)
def test_no_detail_is_read_by_its_words(package):
    reads = [f"{path.relative_to(ROOT)}:{read}" for path in sorted((ROOT / package).rglob("*.py"))
             for read in literal_reads(path)]
    assert not reads, "read these keys by proofs.base.evidence.Detail:\n" + "\n".join(reads)


def test_the_scan_sees_a_literal_read(tmp_path):
    """Guard against a scan that could not fail."""
    sample = tmp_path / "sample.py"
    sample.write_text('a = e.detail["time-out"]\nb = detail.get("steps")\nc = "x" in e.detail\ne.detail["y"] = 1\n')
    assert [r.split(":")[0] for r in literal_reads(sample)] == ["1", "2", "3"]


def test_each_key_is_its_displayed_text():
    """A key's value is the text a report shows and the JSON stores: one text per key."""
    assert len({d.value for d in Detail}) == len(Detail)
    assert Detail.TIME_OUT == "time-out" and {Detail.TIME_OUT: 1} == {"time-out": 1}
