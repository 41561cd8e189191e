"""The report as one self-contained HTML page: ``python -m proofs --html report.html`` or
``python -m proofs export --from report.json --html report.html``.

The page works offline: math is MathML (latex2mathml, :class:`HtmlPrinter`), figures are PNG data URIs
(:mod:`proofs.report.figures`), the stylesheet and the few lines of script that filter the table are
inline; nothing is fetched. From the top:

* a table of contents in a sticky side column: every section, each refuted claim, every claim by section;
* a dashboard: claims per status, as numbers and as one bar;
* the errata: each refuted claim with its statement as printed, the counterexample in the paper's symbols,
  where it holds, and the corrected statement with the status its own evidence earned;
* the coverage of the texts, when the report carries it;
* a table of every claim, filtered by status, text (000-004) and section, and by a search;
* every claim under its own anchor (``#claim-T3_10``), folded to one line until opened (a link to it opens
  it): statement, domain, definitions used, related claims, derived expressions, the figure that illustrates
  it, and each evidence in a ``<details>`` naming its reading; the evidence about other readings sits in its
  own section, never mixed with the verdict.

Formulas are MathML; operator names are upright (:func:`proofs.report.tex.upright`), inline fractions are set
at nearly the size of the text, and a row scrolls sideways only when its formula is wider than the page.
Text mode inside ``\\text{...}`` (escapes ``\\S``, ``\\%``, ``\\&``, ligatures ``--``, ``~``) is read as its
characters (:func:`proofs.report.tex.text_unicode`) before latex2mathml reads a formula, since it would copy
them literally, not as the PDF shows them; a formula whose MathML would still hold a
backslash (a command latex2mathml does not know) is shown as its Unicode reading, never as source.

Nothing a report holds is markup on the page: words, ids, sources and values are escaped, and the MathML of a
formula is read back as XML and written again from MathML's presentation elements and attributes alone, every
text escaped (latex2mathml copies ``\\text{...}`` literally); a formula that holds anything else is shown as
its escaped Unicode reading.
"""

from __future__ import annotations

import functools
import html
import re
from collections.abc import Sequence

from proofs.base.verdict import Status
from proofs.report import values, view
from proofs.report.figures import FigureImage
from proofs.files import safe_id
from proofs.report.mathtext import Printer, plain_text
from proofs.report.schema import ClaimReport, EvidenceReport, Report
from proofs.report.tex import text_unicode
from proofs.report.unicode_math import to_unicode

__all__ = ["render_html", "anchor", "to_mathml", "HtmlPrinter"]

_TEXT_ARGUMENT = re.compile(r"\\(text|textrm|textit|textbf|textnormal|mbox)\s*\{([^{}]*)\}")
_LEAK = re.compile(r">[^<]*\\[A-Za-z]")


@functools.lru_cache(maxsize=4096)
def to_mathml(latex: str, display: bool = False) -> str | None:
    """``<math>`` for ``latex``, or None when latex2mathml cannot render it without showing source."""
    from latex2mathml.converter import convert

    source = _TEXT_ARGUMENT.sub(lambda m: rf"\{m[1]}{{{text_unicode(m[2])}}}", latex)
    try:
        out = convert(source, display="block" if display else "inline")
    except Exception:  # latex2mathml raises its own assorted exceptions on what it cannot read
        return None
    return None if _LEAK.search(out) or "merror" in out else _safe_mathml(out)


#: The MathML elements a page shows; anything else in converted LaTeX (``\\text{<script>}`` copied
#: literally) makes the formula fall back to its escaped Unicode reading.
_MATHML_TAGS = frozenset({
    "math", "mrow", "mi", "mn", "mo", "mtext", "mspace", "ms", "msub", "msup", "msubsup", "mfrac", "msqrt",
    "mroot", "mstyle", "mtable", "mtr", "mtd", "mlabeledtr", "munder", "mover", "munderover", "mpadded",
    "mphantom", "menclose", "mmultiscripts", "mprescripts", "none", "semantics"})
#: Their presentation attributes (no event handler, no link, no style).
_MATHML_ATTRIBUTES = frozenset({
    "xmlns", "display", "displaystyle", "scriptlevel", "mathvariant", "mathsize", "stretchy", "fence",
    "separator", "form", "accent", "accentunder", "movablelimits", "largeop", "symmetric", "lspace", "rspace",
    "minsize", "maxsize", "width", "height", "depth", "linethickness", "columnalign", "rowalign",
    "columnspacing", "rowspacing", "columnlines", "rowlines", "frame", "notation", "bevelled", "align",
    "columnspan", "rowspan", "numalign", "denomalign", "voffset"})
_MATHML_NAMESPACE = "http://www.w3.org/1998/Math/MathML"
_ATTRIBUTE_VALUE = re.compile(r"[\w.%# +-]*")


def _mathml_text(text: str | None) -> str:
    """Character data as MathML: markup characters, the backslash and non-ASCII as numeric references (as
    latex2mathml writes them)."""
    return "".join(f"&#x{ord(c):05X};" if c in "<>&\"'\\" or ord(c) > 126 or (ord(c) < 32 and c not in "\t\n")
                   else c for c in text or "")


def _safe_mathml(markup: str) -> str | None:
    """``markup`` read as XML and written again from the MathML elements and attributes it may hold, every
    text escaped; None (the formula falls back to its escaped Unicode reading) when it holds anything
    else: an element such as ``<script>`` or ``<img>`` copied from the LaTeX, an event handler, a link."""
    from xml.etree import ElementTree

    try:
        root = ElementTree.fromstring(markup)
    except ElementTree.ParseError:
        return None
    out: list[str] = []

    def write(element: ElementTree.Element) -> bool:
        namespace, _, tag = element.tag.rpartition("}")
        if namespace not in ("", "{" + _MATHML_NAMESPACE) or tag not in _MATHML_TAGS:
            return False
        attributes = [f'xmlns="{_MATHML_NAMESPACE}"'] if element is root else []
        for name, value in element.attrib.items():
            if name not in _MATHML_ATTRIBUTES or not _ATTRIBUTE_VALUE.fullmatch(value):
                return False
            if name != "xmlns":
                attributes.append(f'{name}="{value}"')
        out.append(f"<{tag}{''.join(' ' + a for a in attributes)}>" + _mathml_text(element.text))
        for child in element:
            if not write(child):
                return False
            out.append(_mathml_text(child.tail))
        out.append(f"</{tag}>")
        return True

    return "".join(out) if root.tag.endswith("}math") and write(root) else None


class HtmlPrinter(Printer):
    """Text with math as HTML: the words escaped, each formula as MathML (its Unicode reading in a
    ``math-text`` span where latex2mathml cannot render it); one formula alone as display math when
    ``display`` asks for it (a statement)."""

    def _print_text(self, text: str) -> str:
        return html.escape(text)

    def _print_math(self, latex: str, display: bool = False) -> str:
        mathml = to_mathml(latex, display)
        return mathml if mathml is not None else f'<span class="math-text">{html.escape(to_unicode(latex))}</span>'

    def _print_display(self, latex: str) -> str:
        return self._print_math(latex, True)


_COLOURS = {Status.PROVED: "#1a7f37", Status.SUPPORTED: "#4c9a5f", Status.REFUTED: "#c62828",
            Status.VACUOUS: "#ad1457", Status.INCONCLUSIVE: "#b7791f", Status.ERROR: "#6a1b9a"}

_STYLE = """
:root { --ink: #1d232a; --muted: #5b6670; --line: #d9dee3; --paper: #ffffff; --shade: #f5f7f9; }
* { box-sizing: border-box; }
html { scroll-padding-top: 12px; }
body { margin: 0 auto; max-width: 1440px; padding: 0 24px 64px; font: 15px/1.5 system-ui, -apple-system,
       "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif; color: var(--ink); background: var(--paper); }
.layout { display: grid; grid-template-columns: 230px minmax(0, 1fr); gap: 28px; }
#toc { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow-y: auto; padding: 20px 4px 20px 0;
       font-size: 13.5px; border-right: 1px solid var(--line); }
#toc ul { list-style: none; margin: 0; padding: 0 0 0 12px; } #toc > ul { padding: 0; }
#toc li { margin: 2px 0; } #toc summary { cursor: pointer; color: var(--muted); }
.dot { display: inline-block; width: 8px; height: 8px; border-radius: 50%; }
main { min-width: 0; padding-top: 20px; }
@media (max-width: 900px) { .layout { display: block; } #toc { position: static; max-height: none; border: 0; } }
h1 { font-size: 26px; margin: 0 0 4px; } h2 { font-size: 21px; margin: 36px 0 12px; border-bottom: 1px solid var(--line); }
h3 { font-size: 17px; margin: 0 0 6px; display: inline; } h4 { font-size: 15px; margin: 16px 0 6px; }
.muted { color: var(--muted); } code, .id { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
a { color: #1f5fa8; text-decoration: none; } a:hover { text-decoration: underline; }
math { font-size: 1.08em; }
math[display="block"] { margin: 6px 0; padding: 4px 0; overflow-x: auto; overflow-y: hidden; }
math:not([display="block"]) mfrac > * { font-size: 0.9em; }
.math-text { font-style: italic; }
.status { display: inline-block; padding: 1px 9px; border-radius: 10px; color: #fff; font-size: 13px;
          font-weight: 600; white-space: nowrap; }
""" + "".join(f".s-{s.value} {{ background: {c}; }}\n" for s, c in _COLOURS.items()) + """
.cards { display: flex; gap: 12px; flex-wrap: wrap; margin: 14px 0 10px; }
.card { flex: 1 1 140px; border: 1px solid var(--line); border-radius: 8px; padding: 10px 14px; background: var(--shade); }
.card .n { font-size: 28px; font-weight: 700; } .card .what { font-size: 12.5px; color: var(--muted); }
.bar { display: flex; height: 16px; border-radius: 8px; overflow: hidden; border: 1px solid var(--line); }
.bar span { display: block; height: 100%; }
.erratum { border: 1px solid var(--line); border-left: 5px solid #c62828; border-radius: 6px; padding: 10px 16px;
           margin: 12px 0; background: #fffafa; }
.erratum dl, .claim dl { display: grid; grid-template-columns: 150px minmax(0, 1fr); gap: 4px 14px; margin: 8px 0; }
dt { color: var(--muted); font-size: 13.5px; padding-top: 2px; }
dd { margin: 0; min-width: 0; overflow-wrap: anywhere; }
.filters { display: flex; gap: 10px; flex-wrap: wrap; align-items: center; margin: 10px 0; }
.filters button { border: 1px solid var(--line); border-radius: 14px; padding: 3px 12px; background: #fff; cursor: pointer; }
.filters button[aria-pressed="true"] { background: #24303b; color: #fff; }
.filters select, .filters input { padding: 3px 8px; border: 1px solid var(--line); border-radius: 6px; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; vertical-align: top; padding: 5px 8px; border-bottom: 1px solid var(--line); }
th { background: var(--shade); font-size: 13px; } td.why { max-width: 520px; overflow-wrap: anywhere; }
details.fold { border: 1px solid var(--line); border-radius: 8px; padding: 8px 16px; margin: 10px 0; background: #fff; }
details.fold > summary { cursor: pointer; } details.fold[open] > summary { margin-bottom: 8px; }
details.evidence { border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; margin: 6px 0;
                   background: var(--shade); }
details.evidence > summary { cursor: pointer; font-weight: 600; }
.reading { font-weight: 400; color: var(--muted); }
.other { border-left: 4px solid #8e6bb8; padding-left: 10px; margin-top: 14px; }
table.figures td { border: none; padding: 2px 8px 2px 0; }
table.figures td:first-child { color: var(--muted); white-space: nowrap; }
figure { margin: 10px 0; } figure img { max-width: 100%; border: 1px solid var(--line); border-radius: 4px; }
figcaption { font-size: 13px; color: var(--muted); }
.notation li { margin: 2px 0; }
body.focus #toc, body.focus main > :not(#details), body.focus #details > h2,
body.focus details.fold:not(.focused) { display: none; }
body.focus .layout { display: block; }
"""

_SCRIPT = """
(function () {
  var rows = Array.prototype.slice.call(document.querySelectorAll('#claims-table tbody tr'));
  var pressed = {};
  var buttons = Array.prototype.slice.call(document.querySelectorAll('.filters button[data-status]'));
  var paper = document.getElementById('filter-paper'), section = document.getElementById('filter-section');
  var search = document.getElementById('filter-text'), shown = document.getElementById('visible-count');
  function apply() {
    var any = buttons.some(function (b) { return pressed[b.dataset.status]; }), n = 0;
    var words = search.value.toLowerCase();
    rows.forEach(function (row) {
      var ok = (!any || pressed[row.dataset.status]) && (!paper.value || row.dataset.paper === paper.value)
        && (!section.value || row.dataset.section === section.value)
        && (!words || row.textContent.toLowerCase().indexOf(words) >= 0);
      row.hidden = !ok; if (ok) { n += 1; }
    });
    shown.textContent = n;
  }
  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      pressed[b.dataset.status] = !pressed[b.dataset.status];
      b.setAttribute('aria-pressed', pressed[b.dataset.status] ? 'true' : 'false'); apply();
    });
  });
  [paper, section].forEach(function (s) { s.addEventListener('change', apply); });
  search.addEventListener('input', apply);
  apply();
  function reveal() {
    var target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (target && target.tagName === 'DETAILS') { target.open = true; target.scrollIntoView(); }
  }
  window.addEventListener('hashchange', reveal);
  reveal();
  var only = new URLSearchParams(location.search).get('claim');  // report.html?claim=T3_10: that claim alone
  var focused = only && document.getElementById('claim-' + only);
  if (focused) { document.body.classList.add('focus'); focused.classList.add('focused'); focused.open = true; }
  document.getElementById('unfold').addEventListener('click', function () {
    var folds = Array.prototype.slice.call(document.querySelectorAll('details.fold'));
    var open = !folds.every(function (d) { return d.open; });
    folds.forEach(function (d) { d.open = open; });
  });
})();
"""


def anchor(claim_id: str) -> str:
    """The anchor of a claim's section (``claim-T3_10``)."""
    return f"claim-{safe_id(claim_id)}"


def _e(text: object) -> str:
    return html.escape(str(text))


def _badge(status: Status) -> str:
    return f'<span class="status s-{status.value}">{status.value}</span>'


def _link(claim_id: str) -> str:
    return f'<a class="id" href="#{anchor(claim_id)}">{_e(claim_id)}</a>'


_rich = HtmlPrinter().doprint


def _dashboard(report: Report) -> list[str]:
    total = max(len(report.claims), 1)
    out = ['<section id="dashboard"><h2>Verdicts</h2><div class="cards">']
    for status, n in view.counts(report):
        out.append(f'<div class="card"><div class="n" style="color:{_COLOURS[status]}">{n}</div>'
                   f'<div>{_badge(status)}</div><div class="what">{_e(view.STATUS_MEANING[status])}</div></div>')
    out.append('</div><div class="bar" role="img" aria-label="claims by status">')
    for status, n in view.counts(report):
        if n:
            out.append(f'<span class="s-{status.value}" style="width:{100 * n / total:.3f}%" '
                       f'title="{status.value}: {n}"></span>')
    out.append("</div></section>")
    return out


def _erratum(claim: ClaimReport) -> list[str]:
    out = [f'<article class="erratum"><h3>{_link(claim.id)} <span class="muted">{_e(claim.source)}</span> — '
           f'{_rich(view.domain(claim.title))}</h3><dl>',
           f"<dt>as printed</dt><dd>{_rich(view.statement(claim.statement), display=True)}</dd>"]
    if claim.counterexample:
        out.append(f"<dt>fails at</dt><dd>{_rich(values.assignment(claim.counterexample))}</dd>")
    if claim.status is Status.VACUOUS:
        out.append(f"<dt>vacuous</dt><dd>{_rich(view.one_line(claim))}</dd>")
    if claim.holds_when:
        out.append(f"<dt>holds when</dt><dd>{_rich(view.holds_when(claim.holds_when, claim.holds_when_checked))}</dd>")
    c = claim.correction
    if c is not None:
        label = f"corrected {_badge(c.status)}" if c.verified else f"proposed correction {_badge(c.status)}"
        shown = _rich(view.statement(c.statement), display=True) if c.verified or c.status is Status.REFUTED else \
            _e("its own evidence did not verify it, so it is not shown as a correction")
        out.append(f"<dt>{label}</dt><dd>{shown}</dd>")
    else:
        out.append("<dt>corrected</dt><dd class=\"muted\">no corrected statement was derived</dd>")
    out.append("</dl></article>")
    return out


def _errata(report: Report) -> list[str]:
    return ['<section id="errata"><h2>Errata</h2>', f"<p>{_e(view.refuted_sentence(report))}</p>",
            *(line for claim in report.defects for line in _erratum(claim)), "</section>"]


def _coverage(report: Report) -> list[str]:
    if report.coverage is None:
        return []
    out = ['<section id="coverage"><h2>Coverage of the texts</h2><table><thead><tr><th>text</th><th>covered</th>'
           "<th>entries</th><th>open</th></tr></thead><tbody>"]
    for paper in report.coverage.papers:
        out.append(f"<tr><td>{_e(paper.paper)}</td><td><b>{paper.percent:.1f}%</b></td><td>{len(paper.entries)}</td>"
                   f"<td>{paper.count('open')}</td></tr>")
    out.append("</tbody></table>")
    for paper in report.coverage.papers:
        if not paper.entries:
            continue
        out.append(f"<details><summary>{_e(paper.paper)}: every entry and the claims that cover it</summary><table>"
                   "<thead><tr><th>entry</th><th>section</th><th>status</th><th>claims</th></tr></thead><tbody>")
        for entry in paper.entries:
            claims = ", ".join(_link(c) for c in entry.claims) or _e(entry.reason)
            out.append(f"<tr><td>{_e(entry.label)}</td><td>{_e(entry.section)}</td><td>{_e(entry.status)}</td>"
                       f"<td>{claims}</td></tr>")
        out.append("</tbody></table></details>")
    return out + ["</section>"]


def _filters(report: Report) -> list[str]:
    papers = sorted({c.paper for c in report.claims})
    sections = sorted({c.section for c in report.claims}, key=lambda s: (not s.startswith("§"), s))
    out = ['<div class="filters" role="group" aria-label="filters"><span class="muted">status:</span>']
    for status, n in view.counts(report):
        out.append(f'<button type="button" data-status="{status.value}" aria-pressed="false">{status.value} ({n})</button>')
    for label, key, options in (("source", "paper", papers), ("section", "section", sections)):
        out.append(f'<label>{label} <select id="filter-{key}"><option value="">all</option>'
                   + "".join(f'<option value="{_e(o)}">{_e(o)}</option>' for o in options) + "</select></label>")
    out.append('<input id="filter-text" type="search" placeholder="search" aria-label="search">'
               '<span class="muted"><span id="visible-count"></span> shown</span></div>')
    return out


def _table(report: Report) -> list[str]:
    out = ['<section id="claims"><h2>All claims</h2>', *_filters(report),
           '<table id="claims-table"><thead><tr><th>id</th><th>title</th><th>source</th><th>status</th>'
           "<th>why</th></tr></thead><tbody>"]
    for c in report.claims:
        out.append(f'<tr data-status="{c.status.value}" data-paper="{_e(c.paper)}" data-section="{_e(c.section)}">'
                   f"<td>{_link(c.id)}</td><td>{_rich(view.domain(c.title))}</td>"
                   f"<td>{_e(c.source)}</td><td>{_badge(c.status)}</td>"
                   f'<td class="why">{_rich(view.one_line(c))}</td></tr>')
    return out + ["</tbody></table></section>"]


def _detail_table(e: EvidenceReport) -> str:
    rows = "".join(f"<tr><td>{_rich(r.name)}</td><td>{_rich(r.value)}</td></tr>" for r in view.detail_rows(e))
    return f'<table class="figures">{rows}</table>' if rows else ""


def _evidence(e: EvidenceReport) -> str:
    parts = [f'<details class="evidence"><summary>{_rich(view.evidence_heading(e))} <span class="reading">— '
             f"{_e(e.reading_label)}</span></summary>", f"<p>on {_rich(view.domain(e.domain))}</p>",
             _detail_table(e)]
    if e.counterexample:
        parts.append(f"<p>counterexample: {_rich(values.assignment(e.counterexample))}</p>")
    if e.holds_when:
        parts.append(f"<p>holds when {_rich(view.holds_when(e.holds_when, e.holds_when_checked))}</p>")
    return "".join(parts) + "</details>"


def _figure_html(image: FigureImage, claim_id: str, present: set[str]) -> str:
    """The figure at the first claim of the report it illustrates; a link to it at the others. A title names
    symbols as the checks do (``Q_{2x3}``): it is shown in the paper's symbols."""
    title = values.words(image.title)
    if image.error:
        return f'<p class="muted">{_rich(title)}: not drawn ({_e(image.error)})</p>'
    if (first := next((c for c in image.claims if c in present), claim_id)) != claim_id:
        return f'<p class="muted">Illustrated by {_rich(title)} (shown at {_link(first)}).</p>'
    return (f'<figure id="figure-{_e(image.name)}"><img alt="{_e(plain_text(title))}" src="{image.data_uri}">'
            f"<figcaption>{_rich(title)} — redrawn by the toolkit</figcaption></figure>")


def _claim(claim: ClaimReport, images: Sequence[FigureImage], present: set[str]) -> list[str]:
    out = [f'<details class="fold" id="{anchor(claim.id)}"><summary><h3><span class="id">{_e(claim.id)}</span> — '
           f"{_rich(view.domain(claim.title))}</h3> {_badge(claim.status)} "
           f'<span class="muted">{_e(claim.source)}</span></summary><article class="claim"><dl>']
    for f in view.claim_fields(claim):
        if f.label == "related claims":  # links to the claims, with their status
            content = "<ul>" + "".join(f"<li>{_link(r.id) if r.id in present else _e(r.id)}"
                                       + (f" {_badge(r.status)}" if r.status else "")
                                       + f": {_rich(view.domain(r.link))}</li>" for r in claim.related)
        elif f.items:
            content = "<ul>" + "".join(f"<li>{_rich(item)}</li>" for item in f.items)
        else:
            content = _rich(f.content, display=f.statement)
        out.append(f"<dt>{_e(f.label)}</dt><dd>{content}{'</ul>' if f.items else ''}</dd>")
    out += (f"<dt>verdict</dt><dd>{_badge(claim.status)} {_rich(view.domain(claim.reason))}"
            + (f" ({_e(claim.steps_line)})" if claim.steps_line else "") + "</dd>", "</dl>",
            *(_figure_html(image, claim.id, present) for image in images if claim.id in image.claims),
            "<h4>Evidence (primary reading)</h4>")
    out += [_evidence(e) for e in claim.primary_evidence] or ['<p class="muted">no evidence yet</p>']
    if claim.other_readings:
        out += [f'<div class="other"><h4>{_e(view.other_readings_title)}</h4>', *map(_evidence, claim.other_readings),
                "</div>"]
    return out + ["</article></details>"]


def _notation() -> list[str]:
    return ['<section id="notation"><h2>Notation</h2><ul class="notation">'] + [
        f"<li>{_rich(item)}</li>" for item in view.notation_items()] + ["</ul></section>"]


def _toc(report: Report) -> list[str]:
    """The sticky table of contents: every section, each refuted claim, every claim by section."""
    sections: dict[str, list[ClaimReport]] = {}
    for c in report.claims:
        sections.setdefault(c.section, []).append(c)
    def claim_link(c: ClaimReport) -> str:
        return f'<li><span class="dot s-{c.status.value}" title="{c.status.value}"></span> {_link(c.id)}</li>'

    return (['<nav id="toc" aria-label="contents"><ul><li><a href="#dashboard">Verdicts</a></li>',
             '<li><a href="#errata">Errata</a><ul>'] + [claim_link(c) for c in report.defects] + ["</ul></li>"]
            + (['<li><a href="#coverage">Coverage</a></li>'] if report.coverage is not None else [])
            + ['<li><a href="#claims">All claims</a></li><li><a href="#notation">Notation</a></li>',
               '<li><a href="#details">Every claim</a><ul>']
            + [f"<li><details><summary>{_e(name)} ({len(items)})</summary><ul>" + "".join(map(claim_link, items))
               + "</ul></details></li>" for name, items in sections.items()]
            + ["</ul></li></ul></nav>"])


def render_html(report: Report, images: Sequence[FigureImage] = ()) -> str:
    """The whole page (see the module docstring); ``images`` from :func:`proofs.report.figures.draw_images`."""
    present = {c.id for c in report.claims}
    body = ['<div class="layout">', *_toc(report),
            f"<main><header><h1>ldp-belief-proofs report</h1><p class=\"muted\">{view.claims(len(report.claims))} · "
            f"budget <code>{_e(report.budget)}</code> · toolkit {_e(report.toolkit_version)}</p></header>",
            *_dashboard(report), *_errata(report), *_coverage(report), *_table(report), *_notation(),
            '<section id="details"><h2>Every claim <button type="button" id="unfold">open or fold all</button></h2>',
            *(line for claim in report.claims for line in _claim(claim, images, present)), "</section></main></div>"]
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            f"<title>ldp-belief-proofs report — budget {_e(report.budget)}</title><style>{_STYLE}</style></head>"
            "<body>\n" + "\n".join(body) + f"\n<script>{_SCRIPT}</script>\n</body></html>\n")
