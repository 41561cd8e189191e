"""``python -m proofs figures DIR``: PNG files of the paper's figures, drawn from the toolkit.

How long the command takes is measured by ``benchmarks/bench_figures.py``, never asserted here."""

from __future__ import annotations

from pathlib import Path

import pytest

from core.errors import InvalidArgument
from proofs.figures import FIGURES, README_FIGURE, draw, write_figures
from tests import command_server as commands

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def figures_run(tmp_path_factory):
    """One run of the command, as a user types it, and its printed paths (the timeout only guards a hang)."""
    out = tmp_path_factory.mktemp("figures")
    proc = commands.run(["figures", str(out)], timeout=600)
    return proc, out


def test_figures_command_writes_png_files(figures_run):
    proc, out = figures_run
    assert proc.returncode == 0, proc.stderr
    printed = [Path(line) for line in proc.stdout.split()]
    assert printed, "no figure written"
    for path in printed:
        assert path.parent == out and path.suffix == ".png"
        assert path.read_bytes()[:8] == PNG_MAGIC, f"{path} is not a PNG"
        assert path.stat().st_size > 10_000, f"{path} looks empty"


def test_figures_command_draws_the_readme_figure(figures_run):
    proc, out = figures_run
    assert (out / f"{README_FIGURE}.png").exists(), proc.stderr


def test_figures_command_draws_every_figure(figures_run):
    proc, out = figures_run
    missing = [spec.name for spec in FIGURES if not (out / f"{spec.name}.png").exists()]
    assert not missing, f"not drawn: {missing}; stderr: {proc.stderr}"



def test_figure_names_are_unique_and_the_readme_figure_is_one_of_them():
    names = [spec.name for spec in FIGURES]
    assert len(set(names)) == len(names)
    assert README_FIGURE in names


@pytest.mark.parametrize(
    "call, message",
    [
        pytest.param(lambda tmp: draw("figure-9"), r"name='figure-9': not a figure; use one of", id="unknown-figure"),
        pytest.param(lambda tmp: write_figures(tmp, names=("nope",)), r"name='nope': not a figure", id="unknown-name"),
        pytest.param(lambda tmp: write_figures(tmp / "file.txt"), r"directory='.*file\.txt': exists and is not a "
                     r"directory", id="directory-is-a-file"),
    ],
)
def test_invalid_arguments_are_refused(call, message, tmp_path):
    (tmp_path / "file.txt").write_text("not a directory")
    with pytest.raises(InvalidArgument, match=message):
        call(tmp_path)


def test_a_figure_whose_toolkit_module_is_missing_is_skipped(tmp_path, monkeypatch, capsys):
    import proofs.figures as figures

    missing = figures.FigureSpec("not-yet", "numeric.not_written_yet", "draw", "a figure of a missing module")
    present = next(spec for spec in FIGURES if spec.name == "privacy-losses")
    monkeypatch.setattr(figures, "FIGURES", (missing, present))
    assert figures.write_figures(tmp_path) == [tmp_path / "privacy-losses.png"]
    assert "skipped not-yet: numeric.not_written_yet is not available yet" in capsys.readouterr().err


class _Result:
    """The two attributes of a ClaimResult that counterexample_marks reads."""

    def __init__(self, claim_id, counterexample):
        self.claim = type("C", (), {"id": claim_id})()
        self.verdict = type("V", (), {"counterexample": counterexample})()


@pytest.mark.parametrize(
    "claim_id, counterexample, expected",
    [
        pytest.param("T3.5.forward", {"mechanism": "Q_2x3(p=3/5, q=1/5), x against x'", "test": "reject on R = {yes}",
                                      "type I error": "4/5", "type II error": "4/5", "bound": "U",
                                      "bound value": "3/5"},
                     (1, 1, 0.8, 0.8), id="errors-of-a-test"),
        pytest.param("C3.19.op", {"mechanism": "Q_2x3(p=3/5, q=1/5), x against x'", "alpha": 0, "T(alpha)": 1,
                                  "bound": "f2_op", "bound value": "47/80"}, (4, 2, 0.0, 1.0), id="trade-off-value"),
        pytest.param("T3.5.forward", {"mechanism": "rows on 2 labels", "type I error": "1/2", "type II error": "1/2"},
                     None, id="another-mechanism"),
        pytest.param("T3.10", {"mechanism": "Q_2x3(p=3/5, q=1/5)", "type I error": 0, "type II error": 1}, None,
                     id="not-a-testing-claim"),
        pytest.param("C3.6.lower", None, None, id="no-counterexample"),
    ],
)
def test_counterexample_marks_read_the_claims_verdicts(claim_id, counterexample, expected):
    from catalog.figures.tradeoff import counterexample_marks

    marks = counterexample_marks([_Result(claim_id, counterexample)])
    if expected is None:
        assert marks == []
    else:
        (mark,) = marks
        assert (mark.figure, mark.fold, mark.alpha, mark.beta) == expected and mark.claim == claim_id


@pytest.mark.parametrize(
    "text, formula",
    [
        pytest.param(r"Var(\hat{\pi}\mid N_1+N_2\neq0)=\frac{A}{1-q_3^n}", True, id="formula"),
        pytest.param(r"\hat\nu \pm z\ \text{has asymptotic coverage } 1 - \alpha", True, id="formula-with-text"),
        pytest.param(r"the trade-offs (\epsilon_\lambda) form a curve", False, id="sentence"),
        pytest.param("plain words", False, id="no-latex"),
    ],
)
def test_findings_put_only_formulas_between_dollars(text, formula):
    from proofs.figures import _is_formula

    assert _is_formula(text) is formula
