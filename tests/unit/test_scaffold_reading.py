"""Reading a paper's LaTeX: inclusions, comments, macros, and every numbered result and display with the
number LaTeX prints, its label, section, file and line — on a paper written for this test (results
numbered within sections, shared counters, alignments, an appendix, a section read with \\input)."""

from __future__ import annotations

from pathlib import Path

import pytest
import sympy

from core.errors import InvalidArgument
from proofs.reading.document import read_document
from proofs.reading.entries import describe
from proofs.reading.macros import expand
from proofs.reading.source import read_source, strip_comment

LAPLACE = Path(__file__).parent / "scaffold_papers" / "laplace" / "main.tex"


def _write(folder: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
    return folder / next(iter(files))


# ------------------------------------------------------------------------------------------ source
@pytest.mark.parametrize("line, kept", [
    ("a % comment", "a "),
    (r"50\% of it", r"50\% of it"),
    (r"a line\\% then a comment", "a line\\\\"),
    (r"\\\% still text", r"\\\% still text"),
    ("no comment", "no comment"),
], ids=["plain", "escaped-percent", "line-break-then-comment", "escaped-after-break", "none"])
def test_comments_start_at_an_unescaped_percent(line, kept):
    assert strip_comment(line) == kept


def test_input_is_followed_relative_to_the_including_file_with_origins(tmp_path):
    main = _write(tmp_path, {"main.tex": "\\section{A}\nbefore \\input{sub/part} after\n% \\input{missing}\n",
                             "sub/part.tex": "x\n\\input{leaf.tex}\n", "sub/leaf.tex": "\\emph{leaf}\n"})
    source = read_source(main)
    assert source.lines == ("\\section{A}", "before ", "x", "\\emph{leaf}", " after", "")
    assert [(o.file, o.line) for o in source.origins] == [
        ("main.tex", 1), ("main.tex", 2), ("sub/part.tex", 1), ("sub/leaf.tex", 1), ("main.tex", 2), ("main.tex", 3)]
    assert source.files == ("main.tex", "sub/part.tex", "sub/leaf.tex")


@pytest.mark.parametrize("files, message", [
    ({"main.tex": "\\input{a}\n", "a.tex": "\\input{main}\n"}, r"input='main': includes itself: main.tex → a.tex → main.tex"),
    ({"main.tex": "\\input{self}\n", "self.tex": "\\input{self}\n"}, r"includes itself: main.tex → self.tex → self.tex"),
    ({"main.tex": "\\section{x}\n\\include{gone}\n"}, r"input='gone': no such file \(\\include in main.tex line 2\)"),
    ({"main.tex": "just words, no command\n"}, r"is not LaTeX \(no LaTeX command in it\)"),
], ids=["cycle", "self-inclusion", "missing", "not-latex"])
def test_reading_problems_are_one_line(tmp_path, files, message):
    main = _write(tmp_path, files)
    with pytest.raises(InvalidArgument, match=message) as error:
        read_source(main)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("content, message", [
    (b"\\section{a}\x00\x01", "is not a text file"),
    (b"\\section{\xff\xfe}", "is not UTF-8 text"),
], ids=["binary", "not-utf8"])
def test_unreadable_files_are_one_line(tmp_path, content, message):
    path = tmp_path / "paper.tex"
    path.write_bytes(content)
    with pytest.raises(InvalidArgument, match=message):
        read_source(path)


def test_a_missing_paper_is_one_line(tmp_path):
    with pytest.raises(InvalidArgument, match=r"paper='.*nope.tex': no such file"):
        read_source(tmp_path / "nope.tex")


# ------------------------------------------------------------------------------- the paper's folder
def _outside(tmp_path: Path) -> Path:
    secret = tmp_path / "outside" / "secret.tex"
    secret.parent.mkdir()
    secret.write_text("SECRET-CONTENT\n", encoding="utf-8")
    (tmp_path / "paper").mkdir()
    return secret


@pytest.mark.parametrize("named", ["{secret}", "../outside/secret", "../outside/secret.tex", "/etc/hostname",
                                   "../../../../../../../../etc/hostname"])
def test_an_input_outside_the_papers_folder_is_refused_in_one_line(tmp_path, named):
    secret = _outside(tmp_path)
    main = _write(tmp_path / "paper", {"main.tex": f"\\section{{A}}\ntext\n\\input{{{named.format(secret=secret)}}}\n"})
    with pytest.raises(InvalidArgument, match=r"^input=.*outside the paper's folder .*paper "
                                              r"\(\\input in main.tex line 3\): it is not read") as error:
        read_source(main)
    assert "\n" not in str(error.value) and "SECRET" not in str(error.value)


def test_a_symbolic_link_out_of_the_folder_is_refused(tmp_path):
    secret = _outside(tmp_path)
    (tmp_path / "paper" / "link.tex").symlink_to(secret)
    (tmp_path / "paper" / "sub").symlink_to(secret.parent, target_is_directory=True)
    for named in ("link", "sub/secret"):
        main = _write(tmp_path / "paper", {"main.tex": f"\\section{{A}}\n\\include{{{named}}}\n"})
        with pytest.raises(InvalidArgument, match=rf"^input='{named}': is .*secret.tex, outside the paper's folder "
                                                  r".*\(\\include in main.tex line 2\)"):
            read_source(main)


def test_root_names_a_wider_folder_and_must_hold_the_paper(tmp_path):
    secret = _outside(tmp_path)
    main = _write(tmp_path / "paper", {"main.tex": "\\section{A}\n\\input{../outside/secret}\n"})
    assert "SECRET-CONTENT" in read_source(main, root=tmp_path).text
    with pytest.raises(InvalidArgument, match=r"^root=.*outside.*: does not hold the paper"):
        read_source(main, root=secret.parent)
    with pytest.raises(InvalidArgument, match=r"^root=.*: is not a folder"):
        read_source(main, root=secret)


def test_a_file_larger_than_the_limit_is_refused_before_it_is_read(tmp_path, monkeypatch):
    from proofs.reading import source

    monkeypatch.setattr(source, "MAX_BYTES", 1000)
    main = _write(tmp_path, {"main.tex": "\\section{A}\n\\input{big}\n", "big.tex": "x" * 2000})
    with pytest.raises(InvalidArgument, match=r"^input='big': is 2000 bytes \(\\input in main.tex line 2\); "
                                              r"a paper and its inclusions may hold at most 1000 bytes"):
        read_source(main)
    (tmp_path / "main.tex").write_text("\\section{A}" + " " * 2000, encoding="utf-8")
    with pytest.raises(InvalidArgument, match=r"^paper=.*at most 1000 bytes"):
        read_source(tmp_path / "main.tex")


@pytest.mark.parametrize("command", ["scaffold", "coverage"])
def test_scaffold_and_coverage_read_nothing_outside_the_folder(tmp_path, command, capsys):
    from proofs.cli import main as cli

    _outside(tmp_path)
    paper = _write(tmp_path / "paper", {"main.tex": "\\section{A}\n\\begin{theorem}x\\end{theorem}\n"
                                                    "\\input{../outside/secret}\n"})
    output = tmp_path / "paper" / "claims.py"
    args = ["scaffold", str(paper), "--output", str(output)] if command == "scaffold" else \
        ["coverage", "--paper", str(paper), "--format", "markdown"]
    assert cli(args) == 2
    captured = capsys.readouterr()
    assert captured.err.strip().count("\n") == 0 and "input='../outside/secret'" in captured.err
    assert "SECRET" not in captured.out + captured.err and not output.exists()
    assert cli([*args, "--root", str(tmp_path)]) == 0
    if command == "scaffold":
        assert output.exists()


# ------------------------------------------------------------------------------------------ macros
@pytest.mark.parametrize("text, expanded", [
    (r"\newcommand{\eps}{\varepsilon}$\eps x$", r"$\varepsilon x$"),
    (r"\newcommand{\eps}{\varepsilon}$\eps$", r"$\varepsilon$"),
    (r"\newcommand\pair[2]{(#1, #2)}\pair{a}{b}", "(a, b)"),
    (r"\newcommand{\nrm}[2][2]{\|#2\|_{#1}}\nrm{x} \nrm[1]{y}", r"\|x\|_{2} \|y\|_{1}"),
    (r"\def\R{\mathbb{R}}\def\sq#1{#1^2}\R \sq{x}", r"\mathbb{R} x^2"),
    (r"\let\epsilon\varepsilon \epsilon", r" \varepsilon"),
    (r"\DeclareMathOperator{\Var}{Var}\Var[X]", r"\operatorname{Var}[X]"),
    (r"\newcommand{\a}{A}\renewcommand{\a}{B}\a", "B"),
    (r"\newcommand{\a}{A}\providecommand{\a}{B}\a", "A"),
    (r"\newcommand{\b}{\c}\newcommand{\c}{C}\b", "C"),
    (r"\newenvironment{thmx}{\begin{theorem}}{\end{theorem}}\begin{thmx}T\end{thmx}",
     r"\begin{theorem}T\end{theorem}"),
], ids=["no-argument", "no-space-needed", "two-arguments", "optional-argument", "def", "let", "math-operator",
        "renew", "provide-keeps", "used-before-defined-is-fine-at-use", "environment"])
def test_simple_macros_are_expanded(text, expanded):
    assert expand(text).text == expanded


def test_macros_that_are_not_simple_are_listed_and_left_alone():
    result = expand(r"\newcommand{\cond}[1]{\ifx#1\relax\else#1\fi}\def\del#1.{#1}\cond{a} \del x.")
    assert result.text == r"\cond{a} \del x."
    assert [(m.name, m.why) for m in result.skipped] == [("cond", "its body uses \\ifx"),
                                                         ("del", "it has delimited parameters")]


def test_a_macro_that_expands_without_end_is_one_line():
    with pytest.raises(InvalidArgument, match=r"macro='\\\\loop': expands without end"):
        expand(r"\newcommand{\loop}{x\loop}\loop")


def test_a_def_that_doubles_its_argument_twenty_deep_stops_at_the_limit():
    """2**20 copies would take hours to build: the expansions are counted as they happen."""
    text = "\\def\\d#1{#1#1}\n$" + "\\d{" * 20 + "x" + "}" * 20 + "$"
    with pytest.raises(InvalidArgument, match=r"^macro='\\\\d': .*\((MAX_EXPANSIONS|MAX_OUTPUT)\)") as error:
        expand(text)
    assert "\n" not in str(error.value)


def test_the_expanded_size_is_checked_as_it_grows(monkeypatch):
    from proofs.reading import macros

    monkeypatch.setattr(macros, "MAX_OUTPUT", 1000)
    text = "\\newcommand{\\d}[1]{#1#1}" + "\\d{" * 12 + "ab" + "}" * 12
    with pytest.raises(InvalidArgument, match=r"^macro='\\\\d': expands to more than 1000 characters \(MAX_OUTPUT\)"):
        expand(text)


def test_a_text_longer_than_the_input_limit_is_refused_before_it_is_read(monkeypatch):
    from proofs.reading import macros

    monkeypatch.setattr(macros, "MAX_INPUT", 100)
    with pytest.raises(InvalidArgument, match=r"is 101 characters long; at most 100 \(MAX_INPUT\)"):
        expand("x" * 101)


def test_a_three_megabyte_display_stops_the_reading_in_one_line(tmp_path):
    body = " + ".join(f"x_{{{i}}}" for i in range(300_000))
    paper = _write(tmp_path, {"big.tex": "\\documentclass{article}\n\\begin{document}\n\\begin{equation}\n"
                                         + body + "\n\\end{equation}\n\\end{document}\n"})
    with pytest.raises(InvalidArgument, match=r"^display='equation at big.tex line 3': is \d+ characters long; "
                                              r"at most 100000 \(MAX_ENTRY\) are read") as error:
        read_document(paper)
    assert "\n" not in str(error.value)


def test_a_formula_longer_than_the_limit_is_listed_as_not_read():
    from proofs.reading.latexmath import MAX_FORMULA, Unread, read_formula

    found = read_formula(" + ".join(f"x_{{{i}}}" for i in range(MAX_FORMULA // 5)))
    assert isinstance(found, Unread) and f"at most {MAX_FORMULA} (MAX_FORMULA)" in found.reason


def test_expanded_text_maps_back_to_the_source():
    result = expand("\\newcommand{\\e}{EXPANDED}\nab \\e cd")
    at = result.text.index("cd")
    assert result.text[:at] == "\nab EXPANDED "
    assert "\\newcommand{\\e}{EXPANDED}\nab \\e cd"[result.source_offset(at):].startswith("cd")
    assert result.source_offset(result.text.index("EXPANDED")) == "\\newcommand{\\e}{EXPANDED}\nab ".__len__()


# -------------------------------------------------------------------------- numbering and entries
#: Every entry of the Laplace paper: (label, file, line, section, labels, status, claim id, engine).
LAPLACE_ENTRIES = [
    ("Definition 1", "main.tex", 24, "1 Setting", ("def:dp",), "definition", "", ""),
    ("display, line 29", "main.tex", 29, "1 Setting", (), "definition", "", ""),
    ("Theorem 1.1", "main.tex", 33, "1 Setting", ("thm:laplace",), "claim", "main.Thm1.1", "check_ldp"),
    ("Eq. (1.1)", "main.tex", 35, "1 Setting", ("eq:ratio",), "part", "", ""),
    ("display, line 42", "main.tex", 42, "1 Setting", (), "claim", "main.Display.L42", "check_sign"),
    ("Eq. (2.1)", "sections/moments.tex", 6, "2.1 Mean and variance", ("eq:mean",), "claim", "main.Eq2.1",
     "check_moment"),
    ("Eq. (2.2)", "sections/moments.tex", 8, "2.1 Mean and variance", ("eq:var",), "claim", "main.Eq2.2",
     "check_moment"),
    ("display, sections/moments.tex line 9", "sections/moments.tex", 9, "2.1 Mean and variance", (), "claim",
     "main.Display.moments.L9", "check_moment"),
    ("Eq. (V)", "sections/moments.tex", 12, "2.1 Mean and variance", (), "claim", "main.EqV", "check_moment"),
    ("Eq. (2.3)", "sections/moments.tex", 14, "2.1 Mean and variance", (), "claim", "main.Eq2.3", "unknown"),
    ("Proposition 2.1", "sections/moments.tex", 17, "2.1 Mean and variance", ("prop:mse",), "claim", "main.Prop2.1",
     "check_moment"),
    ("Eq. (2.4)", "sections/moments.tex", 19, "2.1 Mean and variance", (), "part", "", ""),
    ("Lemma 2.2", "sections/moments.tex", 25, "2.1 Mean and variance", (), "claim", "main.Lem2.2", "unknown"),
    ("display, sections/moments.tex line 27", "sections/moments.tex", 27, "2.1 Mean and variance", (), "part", "", ""),
    ("Lemma A.1", "main.tex", 53, "A A bound", ("lem:tail",), "claim", "main.LemA.1", "check_moment"),
    ("Remark, line 57", "main.tex", 57, "A A bound", (), "claim", "main.Rem.L57", "unknown"),
    ("display, line 61", "main.tex", 61, "A A bound", (), "claim", "main.Display.L61", "identity"),
]


@pytest.fixture(scope="module")
def laplace():
    document = read_document(LAPLACE)
    return document, describe(document)


def test_every_result_and_display_of_an_unseen_paper_is_found_as_latex_numbers_it(laplace):
    document, entries = laplace
    found = [(e.item.label, e.item.file, e.item.line, e.item.section, e.item.labels, e.status, e.claim_id, e.engine)
             for e in entries]
    assert found == LAPLACE_ENTRIES
    assert document.files == ("main.tex", "sections/moments.tex")
    assert document.notes == ("\\cond (main.tex line 18) is not expanded: its body uses \\ifx",)


def test_displays_know_the_result_or_proof_they_sit_in(laplace):
    _, entries = laplace
    inside = {e.item.label: e.item.inside for e in entries if e.item.inside}
    assert inside == {"Eq. (1.1)": "Theorem 1.1", "display, line 42": "proof of Theorem 1.1",
                      "Eq. (2.4)": "Proposition 2.1", "display, sections/moments.tex line 27": "Lemma 2.2"}


def test_formulas_of_the_unseen_paper_are_read_or_say_why_not(laplace):
    _, entries = laplace
    by = {e.item.label: e for e in entries}
    assert by["Theorem 1.1"].formulas[0].relations == ("<=", "<=")
    assert by["display, line 42"].formulas[0].relations == ("=", "<=")
    b, n = sympy.symbols("b n")
    assert by["Eq. (V)"].formulas[0].expressions() == (sympy.Function("Var")(sympy.Symbol("S_n")), 2 * n * b ** 2)
    assert by["Eq. (2.3)"].unread == (("S_n \\in \\mathbb{R}", "set membership (\\in) is not read"),)
    assert by["Lemma 2.2"].unread == (("x_1 + \\cdots + x_n \\le n \\max_i x_i.", "an ellipsis (\\cdots) is not read"),)
    M, x, S = sympy.Function("M"), sympy.Symbol("x"), sympy.Symbol("S")
    In, Pr = sympy.Function("In"), sympy.Function("Pr")
    assert by["Definition 1"].formulas[0].expressions() == (  # M is applied (M(x)): a function, not a product
        Pr(In(M(x), S)), sympy.exp(sympy.Symbol("eps")) * Pr(In(M(sympy.Symbol("x_prime")), S)))
    assert by["display, line 29"].introduces == ("f_b(z)",)


@pytest.mark.parametrize("setup, body, labels", [
    ("\\newtheorem{theorem}{Theorem}\\newtheorem{lemma}[theorem]{Lemma}",
     "\\begin{theorem}a\\end{theorem}\\begin{lemma}b\\end{lemma}\\begin{theorem}c\\end{theorem}",
     ["Theorem 1", "Lemma 2", "Theorem 3"]),
    ("\\newtheorem{theorem}{Theorem}\\newtheorem{lemma}{Lemma}",
     "\\begin{theorem}a\\end{theorem}\\begin{lemma}b\\end{lemma}\\begin{theorem}c\\end{theorem}",
     ["Theorem 1", "Lemma 1", "Theorem 2"]),
    ("\\newtheorem{theorem}{Theorem}[section]",
     "\\section{A}\\begin{theorem}a\\end{theorem}\\section*{B}\\begin{theorem}b\\end{theorem}\\section{C}"
     "\\begin{theorem}c\\end{theorem}", ["Theorem 1.1", "Theorem 1.2", "Theorem 2.1"]),
    ("\\newtheorem{theorem}{Theorem}[subsection]",
     "\\section{A}\\subsection{a}\\begin{theorem}x\\end{theorem}\\subsection{b}\\begin{theorem}y\\end{theorem}",
     ["Theorem 1.1.1", "Theorem 1.2.1"]),
    ("\\newtheorem*{main}{Main Theorem}", "\\begin{main}x\\end{main}", ["Main Theorem, line 1"]),
    ("", "\\begin{lemma}x\\end{lemma}\\begin{lemma*}y\\end{lemma*}", ["Lemma 1", "Lemma, line 1"]),
    ("\\numberwithin{equation}{section}",
     "\\section{A}\\begin{equation}a=b\\end{equation}\\section{B}\\begin{equation}c=d\\end{equation}"
     "\\appendix\\section{X}\\begin{equation}e=f\\end{equation}", ["Eq. (1.1)", "Eq. (2.1)", "Eq. (A.1)"]),
    ("", "\\begin{align}a&=b\\\\c&=d\\nonumber\\\\e&=f\\tag{$\\star$}\\\\g&=h\\end{align}",
     ["Eq. (1)", "display, line 1", "Eq. ($\\star$)", "Eq. (2)"]),
    ("", "\\begin{align}a&=b\\\\&=c\\\\&\\le d\\end{align}", ["Eqs. (1), (2), (3)"]),
    ("", "\\begin{multline}a=b\\\\+c\\end{multline}\\begin{equation*}x=y\\end{equation*}\\[u=v\\]$$w=z$$"
         "\\begin{equation}p=q\\end{equation}", ["Eq. (1)", "display, line 1", "display, line 1",
                                                  "display, line 1", "Eq. (2)"]),
    ("", "\\begin{equation}a=b\\notag\\end{equation}\\begin{gather*}x=y\\tag*{T}\\end{gather*}",
     ["display, line 1", "Eq. (T)"]),
], ids=["shared-counter", "own-counters", "within-section", "within-subsection", "starred-newtheorem",
        "undeclared-standard", "numberwithin-and-appendix", "align-lines", "align-chain", "unnumbered-forms",
        "notag-and-tag-star"])
def test_numbers_are_those_latex_prints(tmp_path, setup, body, labels):
    paper = tmp_path / "p.tex"
    paper.write_text(f"\\documentclass{{article}}{setup}\\begin{{document}}{body}\\end{{document}}\n")
    assert [i.label for i in read_document(paper).items] == labels


def test_only_the_document_body_is_read_and_a_fragment_has_no_preamble(tmp_path):
    paper = tmp_path / "p.tex"
    paper.write_text("\\newtheorem{t}{T}\n\\begin{t}in the preamble\\end{t}\n\\begin{document}\n"
                     "\\begin{t}body\\end{t}\n\\end{document}\n\\begin{t}after\\end{t}\n")
    assert [(i.label, i.latex) for i in read_document(paper).items] == [("T 1", "body")]
    fragment = tmp_path / "section.tex"
    fragment.write_text("\\section{S}\n\\begin{equation}a = b\\end{equation}\n")
    assert [(i.label, i.line) for i in read_document(fragment).items] == [("Eq. (1)", 2)]


def test_undeclared_environments_are_noted(tmp_path):
    paper = tmp_path / "p.tex"
    paper.write_text("\\begin{document}\\begin{theorem}x\\end{theorem}\\end{document}\n")
    assert read_document(paper).notes == ("\\begin{theorem} is not declared by \\newtheorem: read as Theorem, "
                                          "numbered on a counter of its own (the document class may number it "
                                          "differently)",)


def test_a_definition_is_no_pending_claim_and_the_results_using_it_are_linked_to_it():
    """rr_paper.tex: ``where p = ...`` (Eq. (1)) is a definition; Theorem 4 uses p in its formula, Theorem 2
    cites it (\\eqref{eq:p}); Lemma 3 neither."""
    paper = Path(__file__).resolve().parents[2] / "examples" / "paper" / "rr_paper.tex"
    by = {e.item.label: e for e in describe(read_document(paper))}
    assert by["Eq. (1)"].status == "definition" and not by["Eq. (1)"].claim_id
    assert by["Theorem 4"].uses == ("Eq. (1)",) and by["Theorem 2"].uses == ("Eq. (1)",)
    assert by["Lemma 3"].uses == ()


@pytest.mark.parametrize("words", ["Let", "We define", "Denote by"])
def test_a_display_introduced_by_defining_words_is_a_definition(tmp_path, words):
    paper = tmp_path / "p.tex"
    paper.write_text("\\begin{document}\n" + words + "\n\\[ r = \\frac{1}{2} \\]\nThen\n\\[ r \\le 1 \\]\n"
                     "\\end{document}\n")
    entries = describe(read_document(paper))
    assert [e.status for e in entries] == ["definition", "claim"]
    assert entries[1].uses == (entries[0].item.label,)
