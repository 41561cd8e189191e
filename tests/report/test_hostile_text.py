"""A report's texts are shown, never run: hostile statements, reasons, titles, ids, counterexample keys and
values (markup, ``\\text{<script>}`` inside math, ``</textarea>``, ``javascript:`` links, TeX primitives)
reach the HTML page, the Markdown and the LaTeX export as text. The page has no element, attribute or
link they would bring to life; the Markdown, rendered by a CommonMark renderer with raw HTML on, neither;
the LaTeX holds none of the primitives. The same page in a real browser: tests/slow/test_html_browser.py.
"""

from __future__ import annotations

import json
from html.parser import HTMLParser

import pytest

from proofs.report.schema import Report, load_report

#: Markup a statement, a reason or a value may hold.
HOSTILE = (
    "<img src=x onerror=alert(1)>",
    r"$\text{<script>alert(2)</script>}$",
    r"$\text{<img/src=x/onerror=alert(14)>}$",
    "</textarea><script>alert(3)</script>",
    '<a href="javascript:alert(4)">link</a>',
    r"$<img src=x onerror=alert(5)>$",
    r"$x < y \mathrm{<b>} \text{<svg onload=alert(6)>}$",
    r"$\operatorname{<iframe src=javascript:alert(7)>}$",
    "[link](javascript:alert(8)) <javascript:alert(9)>",
    "`code` ``x`` <style>body{display:none}</style>",
    r"$\input{/etc/passwd}$ \write18{touch x} \catcode`\@=11 \def\x{y} $\immediate\write18{ls}$",
)
TEXT = " ".join(HOSTILE)
#: Elements a report's page holds of its own; the page's own script is the filter script.
PAGE_TAGS = frozenset({
    "html", "head", "meta", "title", "style", "script", "body", "div", "nav", "main", "header", "section",
    "article", "details", "summary", "h1", "h2", "h3", "h4", "p", "span", "a", "ul", "li", "dl", "dt", "dd",
    "table", "thead", "tbody", "tr", "th", "td", "button", "label", "select", "option", "input", "code", "b",
    "figure", "figcaption", "img", "em", "strong", "br", "pre", "sup", "sub", "i",
    # MathML
    "math", "mrow", "mi", "mn", "mo", "mtext", "mspace", "msub", "msup", "msubsup", "mfrac", "msqrt", "mroot",
    "mstyle", "mtable", "mtr", "mtd", "munder", "mover", "munderover", "mpadded", "mphantom", "menclose"})
MARKDOWN_TAGS = frozenset({"p", "h1", "h2", "h3", "h4", "ul", "li", "table", "thead", "tbody", "tr", "th", "td",
                           "strong", "em", "code", "a", "hr"})


def hostile_report_json(text: str = TEXT) -> dict:
    """A schema-3 report whose every free text holds ``text``."""
    evidence = {"method": "enumeration", "outcome": "counterexample", "domain": text,
                "detail": {"<b>key</b>": text, "x": "<img src=x onerror=alert(10)>"},
                "counterexample": {"<img src=x onerror=alert(11)>": "<script>alert(12)</script>", "p": text},
                "holds_when": text, "reading": text, "recheck": "exact"}
    claim = {"id": "C3.11", "title": text, "source": "003 " + text, "statement_latex": text,
             "status": "refuted", "reason": text, "domain": text, "interpretation": text,
             "assumptions": [text], "readings": [text], "premise": text,
             "methods": [evidence], "counterexample": {"<img src=x onerror=alert(13)>": text},
             "holds_when": text, "corrected": text, "corrected_status": None, "seconds": 0.1, "derived": [],
             "correction": None}
    return {"schema": 3, "toolkit_version": "0<script>", "budget": "quick", "claims": [claim],
            "summary": {"refuted": 1}}


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> Report:
    path = tmp_path_factory.mktemp("hostile") / "report.json"
    path.write_text(json.dumps(hostile_report_json()), encoding="utf-8")
    return load_report(path)


class _Elements(HTMLParser):
    """Every element with its attributes, and the text of every script."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict]] = []
        self.scripts: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in_script = tag == "script"

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)


def _elements(page: str) -> _Elements:
    reader = _Elements()
    reader.feed(page)
    reader.close()
    return reader


def _assert_nothing_live(page: str, allowed: frozenset[str], scripts: int) -> None:
    reader = _elements(page)
    for tag, attrs in reader.tags:
        assert tag in allowed, f"element <{tag}> from a report's text: {attrs}"
        for name, value in attrs.items():
            assert not name.startswith("on"), f"event handler {name}={value!r} on <{tag}>"
            assert not (value or "").strip().lower().startswith(("javascript:", "data:text")), \
                f"{name}={value!r} on <{tag}>"
    assert sum(1 for tag, _ in reader.tags if tag == "script") == scripts
    assert not any("alert(" in s for s in reader.scripts)


def test_html_page_shows_hostile_texts_as_text(hostile):
    from proofs.report.html import render_html

    page = render_html(hostile)
    _assert_nothing_live(page, PAGE_TAGS, scripts=1)
    assert "<img" not in page and "<iframe" not in page.lower() and "<svg" not in page
    assert "&lt;img src=x onerror=alert(1)&gt;" in page, "the markup is shown, as text"
    assert "</textarea>" not in page


def test_html_page_of_export_from_a_hostile_report(tmp_path, capsys):
    from proofs.cli import main

    source = tmp_path / "report.json"
    source.write_text(json.dumps(hostile_report_json()), encoding="utf-8")
    out = tmp_path / "page.html"
    assert main(["export", "--from", str(source), "--html", str(out)]) == 0
    capsys.readouterr()
    _assert_nothing_live(out.read_text(encoding="utf-8"), PAGE_TAGS, scripts=1)


@pytest.mark.parametrize("latex", [r"\text{<script>alert(1)</script>}", r"\text{</math><img src=x onerror=alert(1)>}",
                                   r"\mathrm{<b>}", r"\operatorname{<svg onload=alert(1)>}", "<img src=x>",
                                   r"\text{&lt;script&gt;}", r"\text{<![CDATA[<script>]]>}"])
def test_mathml_never_holds_markup_from_the_latex(latex):
    from proofs.report.html import HtmlPrinter
    from proofs.report.mathtext import parse

    shown = HtmlPrinter().doprint(parse(f"${latex}$"))
    _assert_nothing_live(shown, PAGE_TAGS, scripts=0)
    assert "<script" not in shown and "<img" not in shown and "<svg" not in shown and "<b>" not in shown


def test_markdown_renders_hostile_texts_as_text(hostile):
    from markdown_it import MarkdownIt

    from proofs.report.markdown import render_markdown

    text = render_markdown(hostile)
    rendered = MarkdownIt("commonmark", {"html": True}).enable("table").render(text)
    allowed = MARKDOWN_TAGS
    reader = _elements(rendered)
    for tag, attrs in reader.tags:
        assert tag in allowed, f"element <{tag}> from a report's text: {attrs}"
        for name, value in attrs.items():
            assert not name.startswith("on"), (tag, name, value)
            if name == "href":
                assert value.startswith("#"), f"a link out of the report: {value!r}"
    assert not any(tag == "script" for tag, _ in reader.tags)


@pytest.mark.parametrize("claim_id", ["C1` <img src=x onerror=alert(1)> `", "C1\n\\input{/etc/passwd}", "../../x",
                                      "<script>", "C1 x", "C1%\n\\write18{ls}", "C1\n"])
@pytest.mark.parametrize("where", ["claim", "related"])
def test_a_report_with_a_hostile_claim_id_is_refused_in_one_line(claim_id, where, tmp_path):
    """An id goes into file names, anchors, code spans and TeX comments: only the registry's spelling is read."""
    from core.errors import InvalidArgument

    data = hostile_report_json("plain words")
    if where == "claim":
        data["claims"][0]["id"] = claim_id
    else:
        data["claims"][0]["related"] = [{"id": claim_id, "link": "x", "status": None}]
    path = tmp_path / "report.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InvalidArgument, match=r"not a claim id") as error:
        load_report(path)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize("text", ["a`b", "``x``", "`", "x` <img src=x> `y"])
def test_a_markdown_code_span_holds_its_backticks(text):
    from markdown_it import MarkdownIt

    from proofs.report.markdown import md_code

    rendered = MarkdownIt("commonmark", {"html": True}).render(f"see {md_code(text)} here")
    assert "<img" not in rendered and rendered.count("<code>") == 1


def test_latex_export_holds_no_primitive_from_a_text(hostile, tmp_path):
    from proofs.report.latex_doc import latex_files

    files = latex_files(hostile)
    for name, source in files.items():
        for primitive in (r"\input{/etc", r"\write18", r"\catcode", r"\def\x", r"\immediate"):
            assert primitive not in source, f"{name} holds {primitive}"


@pytest.mark.parametrize("form", ["markdown", "html"])
def test_the_coverage_of_a_hostile_paper_shows_its_markup_as_text(form, tmp_path, capsys):
    """Theorem names, sections and labels of a paper's LaTeX reach the coverage report as text."""
    from markdown_it import MarkdownIt

    from proofs.cli import main

    paper = tmp_path / "paper.tex"
    paper.write_text("\n".join([
        r"\documentclass{article}", r"\newtheorem{theorem}{Theorem <img src=x onerror=alert(1)>}",
        r"\begin{document}", r"\section{<script>alert(2)</script>}",
        r"\begin{theorem}[<svg onload=alert(3)>]\label{<b>x</b>} $x > 0$ \end{theorem}",
        r"\begin{equation} x = 1 \tag{<img src=y onerror=alert(4)>} \end{equation}", r"\end{document}", ""]),
        encoding="utf-8")
    out = tmp_path / "coverage.out"
    assert main(["coverage", "--paper", str(paper), "--format", form, "--output", str(out)]) == 0
    capsys.readouterr()
    text = out.read_text(encoding="utf-8")
    assert "alert(1)" in text, "the entry is listed"
    shown = MarkdownIt("commonmark", {"html": True}).enable("table").render(text) if form == "markdown" else text
    reader = _elements(shown)
    for tag, attrs in reader.tags:
        assert tag not in ("img", "svg", "script", "b") or (tag == "script" and form == "html" and not attrs), tag
        assert not any(name.startswith("on") for name in attrs), (tag, attrs)
    assert not any("alert(" in s for s in reader.scripts)


@pytest.mark.parametrize("form", ["table", "markdown", "json"])
def test_terminal_escapes_in_a_report_never_reach_the_output(form, tmp_path, capsys):
    """An ESC sequence (retitling the terminal, colouring or erasing what it shows), a C1 control or a
    bidirectional override in any text or key of a report is shown as U+FFFD, never sent to the terminal."""
    from proofs.cli import main

    nasty = "\x1b]0;retitled\x07 \x1b[2J\x1b[31mred \x9b31m \u202eevil\u202c [bold]x[/bold]"
    data = hostile_report_json(nasty)
    data["claims"][0]["counterexample"] = {"\x1b[31mp": nasty}
    source = tmp_path / "report.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    assert main(["export", "--from", str(source), "--format", form]) == 0
    out = capsys.readouterr().out
    for control in ("\x1b", "\x07", "\x9b", "\u202e", "\u202c"):
        assert control not in out, repr(control)
    assert "\ufffd" in out or "\\ufffd" in out


@pytest.mark.parametrize("claim_id", ["C1\n", "C1\n\\input{x}", "C1 x", "<script>"])
def test_a_claim_declared_with_a_hostile_id_is_refused_in_one_line(claim_id):
    """The registry reads an id as the report reader does, whole: a trailing line break (which ``$`` lets
    through) is refused too."""
    from core.errors import InvalidArgument
    from proofs.base.claim import Claim

    with pytest.raises(InvalidArgument, match=r"not a claim id") as error:
        Claim(id=claim_id, title="t", source="s", statement="a statement", domain="all reals")
    assert "\n" not in str(error.value)
