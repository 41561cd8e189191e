"""The HTML report (proofs/report/html.py), read as a file: one page that works offline, math as MathML,
the errata with typeset counterexamples, a filterable table, one anchor and collapsible evidence per claim.
The page in a real browser: tests/slow/test_html_browser.py."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from proofs.cli import main
from proofs.report.html import anchor, render_html
from proofs.report.figures import FigureImage


class _Text(HTMLParser):
    """The text a reader sees outside <math>, <script> and <style>, and every tag with its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = {"math": 0, "script": 0, "style": 0}
        self.text: list[str] = []
        self.tags: list[tuple[str, dict]] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag in self.depth:
            self.depth[tag] += 1

    def handle_endtag(self, tag):
        if tag in self.depth:
            self.depth[tag] -= 1

    def handle_data(self, data):
        if not any(self.depth.values()):
            self.text.append(data)


@pytest.fixture(scope="module")
def page(synthetic_report) -> str:
    image = FigureImage("fig-test", "a test figure", (synthetic_report.claims[0].id,), data_uri="data:image/png;base64,AA==")
    return render_html(synthetic_report, [image])


@pytest.fixture(scope="module")
def parsed(page) -> _Text:
    reader = _Text()
    reader.feed(page)
    return reader


def test_page_is_self_contained(parsed, page):
    for tag, attrs in parsed.tags:
        assert tag != "link", "no external stylesheet"
        assert not (tag == "script" and "src" in attrs), "no external script"
        for name in ("src", "href"):
            value = attrs.get(name) or ""
            assert not re.match(r"(https?:)?//", value), (tag, value)
    assert "<style>" in page and "<script>" in page


def test_no_latex_source_outside_math(parsed):
    text = "".join(parsed.text)
    leaked = re.findall(r"\\[A-Za-z]+", text)
    assert not leaked, leaked[:10]
    assert "theta_hat_1" not in text


def test_math_is_mathml_without_errors(page):
    assert page.count("<math") > 100
    assert "merror" not in page


def test_dashboard_then_errata_then_table(page, synthetic_report):
    order = [page.index(f'id="{name}"') for name in ("dashboard", "errata", "claims", "details")]
    assert order == sorted(order)
    for status, n in synthetic_report.summary.items():
        assert f'title="{status.value}: {n}"' in page or n == 0


def test_errata_typeset_counterexamples_in_the_papers_symbols(page, synthetic_report):
    errata = page[page.index('id="errata"'):page.index('id="claims"')]
    defects = [c for c in synthetic_report.claims if c.status.value in ("refuted", "vacuous")]
    assert errata.count('class="erratum"') == len(defects)
    assert "&#x003B8;" in errata and "<mover" in errata, "θ̂ as an accented θ"
    assert "<mfrac" in errata, "fractions as fractions"
    assert "corrected" in errata


def test_every_claim_has_an_anchor_and_a_filterable_row(page, synthetic_report):
    for claim in synthetic_report.claims:
        assert f'id="{anchor(claim.id)}"' in page
        assert f'href="#{anchor(claim.id)}"' in page
    rows = re.findall(r'<tr data-status="(\w+)" data-paper="([^"]*)" data-section="([^"]*)">', page)
    assert len(rows) == len(synthetic_report.claims)
    assert 'id="filter-paper"' in page and 'id="filter-section"' in page and 'data-status="refuted"' in page


def test_evidence_is_collapsible_and_names_its_reading(page):
    assert page.count('<details class="evidence">') > 50
    assert "— primary reading</span>" in page
    assert "— reading: the maximiser over pi in [0, 1]</span>" in page
    other = page.index("Other readings (not part of the verdict)")
    assert page.index("Evidence (primary reading)") < other


def test_figure_is_embedded_beside_the_claim_it_illustrates(page, synthetic_report):
    first = synthetic_report.claims[0].id
    article = page[page.index(f'id="{anchor(first)}"'):]
    assert article.index('src="data:image/png;base64,AA=="') < article.index("</article>")


def test_a_sticky_table_of_contents_reaches_every_section_and_claim(page, synthetic_report):
    toc = page[page.index('<nav id="toc"'):page.index("</nav>")]
    for section in ("dashboard", "errata", "claims", "notation", "details"):
        assert f'href="#{section}"' in toc
    for claim in synthetic_report.claims:
        assert f'href="#{anchor(claim.id)}"' in toc
    assert re.search(r"#toc \{[^}]*position: sticky", page)


def test_every_claim_is_folded_and_a_link_opens_it(page, synthetic_report):
    assert page.count('<details class="fold" id="claim-') == len(synthetic_report.claims)
    assert "target.open = true" in page and 'id="unfold"' in page


def test_operator_names_are_upright_and_inline_fractions_readable(page):
    """003 writes Var(...), max{...} as letters: MathML shows them as one upright operator name."""
    assert "<mi>V</mi><mi>a</mi><mi>r</mi>" not in page and "<mi>m</mi><mi>a</mi><mi>x</mi>" not in page
    assert re.search(r"<m[io][^>]*>Var</m[io]>", page) and re.search(r"<m[io][^>]*>max</m[io]>", page)
    assert 'math:not([display="block"]) mfrac > * { font-size: 0.9em; }' in page
    failing = re.findall(r"<dt>fails at</dt><dd>(.*?)</dd>", page)
    assert failing and not any("<mfrac>" in dd for dd in failing), "counterexample values read 1/2, not a tiny fraction"


def test_figure_captions_show_symbols_not_source(synthetic_report):
    image = FigureImage("fig-q", "the variance of Q_{2x3} against eps", (synthetic_report.claims[0].id,),
                        data_uri="data:image/png;base64,AA==")
    reader = _Text()
    reader.feed(render_html(synthetic_report, [image]))
    text = "".join(reader.text)
    assert "Q_{2x3}" not in text and "the variance of" in text


def test_coverage_is_shown_when_present(synthetic_report):
    from proofs.report.schema import CoverageReport, Report

    coverage = CoverageReport.of({"papers": {"003": {"percent": 63.2, "entries": [
        {"label": "Lemma 3.2", "status": "covered", "claims": ["L3.2"], "section": "3.1"}]}}})
    page = render_html(Report(synthetic_report.claims, "x", "y", coverage))
    assert 'id="coverage"' in page and "63.2%" in page


def test_export_writes_the_page_without_rerunning(quick_run, tmp_path):
    target = tmp_path / "report.html"
    assert main(["export", "--from", str(quick_run / "report.json"), "--html", str(target), "--no-figures"]) == 0
    text = target.read_text()
    assert text.startswith("<!DOCTYPE html>") and "T3.10.form2" in text
    assert not list(tmp_path.glob(".*.tmp")), "written through a temporary file, renamed"


def test_only_figures_of_claims_in_the_report_are_drawn():
    from proofs.report.figures import ILLUSTRATES, draw_images

    assert draw_images(["no such claim"]) == []
    assert all(claims for claims in ILLUSTRATES.values())


def test_vacuous_claims_stand_in_the_errata_beside_the_refuted_ones(page, synthetic_report):
    errata = page[page.index('id="errata"'):page.index('id="claims"')]
    vacuous = synthetic_report.vacuous
    assert vacuous and all(f'href="#{anchor(c.id)}"' in errata for c in vacuous)
    assert "<dt>vacuous</dt>" in errata and "the premise never holds on the whole domain" in errata
    assert f"{len(vacuous)} claim" in errata and "vacuous: " in errata
    assert 'title="vacuous: ' in page and ".s-vacuous" in page
