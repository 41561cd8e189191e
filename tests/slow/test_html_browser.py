"""The HTML report in a real browser: headless Chromium from Debian, driven over the DevTools protocol
through a pipe (``--remote-debugging-pipe``: no port, no network, no extra package).

The page opens, no MathML error element (``merror``) and no raw ``\\frac`` or ``\\mathcal`` is visible in the
rendered text, a screenshot is taken into the test's folder, and clicking a status filter shows exactly
the rows of that status. A report whose texts hold markup that would run script (an ``onerror`` image, a
``<script>``, an ``onload`` SVG, ``\\text{<script>}`` in math) runs none of it. Skipped with the reason when
Chromium is absent; ``.ci/run`` installs it.
"""

from __future__ import annotations

import base64
import json
import os
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from proofs.files import safe_id
from proofs.report.html import render_html
from tests.report.conftest import build_synthetic_report

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed (apt-get install chromium "
                                                          "chromium-driver; .ci/run does)")

FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
         "--remote-debugging-pipe")


class Browser:
    """Chromium with the DevTools protocol on file descriptors 3 (commands in) and 4 (replies out)."""

    def __init__(self, profile: Path) -> None:
        to_browser, self._write = os.pipe()
        self._read, from_browser = os.pipe()
        script = f'exec 3<&{to_browser} 4>&{from_browser}; exec "$@"'
        self.process = subprocess.Popen(
            ["bash", "-c", script, "bash", CHROMIUM, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(to_browser, from_browser), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser)
        os.close(from_browser)
        self._buffer = b""
        self._next = 0
        self.events: list[dict] = []
        target = self.call("Target.createTarget", {"url": "about:blank"})["targetId"]
        self.session = self.call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

    def _message(self, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while b"\0" not in self._buffer:
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self._read], [], [], left)[0]:
                raise TimeoutError("chromium did not answer")
            chunk = os.read(self._read, 1 << 20)
            if not chunk:
                raise ConnectionError("chromium closed the pipe")
            self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def call(self, method: str, params: dict | None = None, *, session: bool = False, timeout: float = 60) -> dict:
        self._next += 1
        message = {"id": self._next, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = self.session
        os.write(self._write, json.dumps(message).encode() + b"\0")
        while True:
            reply = self._message(timeout)
            if reply.get("id") == self._next:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def wait_for(self, event: str, timeout: float = 60) -> None:
        if any(e.get("method") == event for e in self.events):
            return
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = self._message(deadline - time.monotonic())
            if message.get("method") == event:
                return
        raise TimeoutError(event)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", {"expression": expression, "returnByValue": True}, session=True)
        return result["result"].get("value")

    def open(self, path: Path, width: int = 1200, height: int = 1600) -> None:
        self.call("Page.enable", session=True)
        self.call("Emulation.setDeviceMetricsOverride", {"width": width, "height": height, "deviceScaleFactor": 1,
                                                          "mobile": False}, session=True)
        self.events.clear()
        self.call("Page.navigate", {"url": path.resolve().as_uri()}, session=True)
        self.wait_for("Page.loadEventFired")

    def screenshot(self, path: Path) -> Path:
        data = self.call("Page.captureScreenshot", {"format": "png"}, session=True)["data"]
        path.write_bytes(base64.b64decode(data))
        return path

    def click(self, selector: str) -> None:
        """A real mouse click at the centre of the element (scrolled into view first)."""
        box = self.evaluate(f"(function () {{ var e = document.querySelector({json.dumps(selector)}); "
                            "e.scrollIntoView({block: 'center'}); var r = e.getBoundingClientRect(); "
                            "return {x: r.left + r.width / 2, y: r.top + r.height / 2}; })()")
        for kind in ("mousePressed", "mouseReleased"):
            self.call("Input.dispatchMouseEvent", {"type": kind, "x": box["x"], "y": box["y"], "button": "left",
                                                   "clickCount": 1}, session=True)

    def close(self) -> None:
        try:
            self.call("Browser.close", timeout=10)
        except (TimeoutError, ConnectionError, RuntimeError, OSError):
            pass
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
        for fd in (self._read, self._write):
            try:
                os.close(fd)
            except OSError:
                pass


@pytest.fixture(scope="module")
def page_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("html") / "report.html"
    path.write_text(render_html(build_synthetic_report()), encoding="utf-8")
    return path


@pytest.fixture()
def browser(tmp_path):
    instance = Browser(tmp_path / "profile")
    yield instance
    instance.close()


def test_page_renders_math_without_errors_or_source(browser, page_file, tmp_path):
    browser.open(page_file)
    text = browser.evaluate("document.body.innerText")
    assert "Errata" in text and "Verdicts" in text
    for raw in (r"\frac", r"\mathcal", r"\hat", "theta_hat_1"):
        assert raw not in text, raw
    assert browser.evaluate("document.getElementsByTagName('merror').length") == 0
    assert browser.evaluate("document.getElementsByTagName('math').length") > 100
    shot = browser.screenshot(tmp_path / "report.png")
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 20_000


def test_clicking_a_status_filter_shows_only_its_rows(browser, page_file):
    browser.open(page_file)
    report = build_synthetic_report()
    refuted = sum(1 for c in report.claims if c.status.value == "refuted")
    visible = ("Array.prototype.filter.call(document.querySelectorAll('#claims-table tbody tr'), "
               "function (r) { return !r.hidden && r.offsetParent !== null; }).length")
    assert browser.evaluate(visible) == len(report.claims)
    browser.click('.filters button[data-status="refuted"]')
    assert browser.evaluate(visible) == refuted
    assert browser.evaluate("document.getElementById('visible-count').textContent") == str(refuted)
    browser.click('.filters button[data-status="refuted"]')
    assert browser.evaluate(visible) == len(report.claims)


def test_rows_that_fit_have_no_scrollbar_and_nothing_is_clipped(browser, page_file):
    """Every claim opened: no element that hides or scrolls its overflow is taller than its box (a spurious
    vertical scrollbar, or a formula cut at the top or bottom)."""
    browser.open(page_file)
    bad = browser.evaluate(
        "(function () { document.querySelectorAll('details').forEach(function (d) { d.open = true; });"
        " var bad = []; document.querySelectorAll('dd, td, li, math, p').forEach(function (e) {"
        "  var s = getComputedStyle(e); if (s.overflowY !== 'visible' && e.scrollHeight > e.clientHeight + 1)"
        "   bad.push(e.tagName + ': ' + e.textContent.slice(0, 60)); }); return bad; })()")
    assert not bad, bad[:5]


def test_the_contents_stay_in_view_and_a_link_opens_its_claim(browser, page_file):
    browser.open(page_file)
    report = build_synthetic_report()
    last = report.claims[-1].id
    browser.evaluate(f"location.hash = {json.dumps('#claim-' + safe_id(last))}")
    time.sleep(0.5)
    assert browser.evaluate("window.scrollY") > 2000
    top = browser.evaluate("document.getElementById('toc').getBoundingClientRect().top")
    assert abs(top) <= 1, top
    assert browser.evaluate(f"document.getElementById('claim-{safe_id(last)}').open")


def test_screenshots_of_the_top_and_of_one_claim_are_not_blank(tmp_path):
    """docs/screenshot.sh on a fixed report: both pictures show something (pixel variance, not a golden image)."""
    from matplotlib.image import imread

    source = tmp_path / "report.json"
    source.write_text(build_synthetic_report().dumps(), encoding="utf-8")
    script = Path(__file__).resolve().parents[2] / "docs" / "screenshot.sh"
    # the script runs `python` as a user's shell finds it: here, the interpreter running the tests
    path = f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"
    proc = subprocess.run(["bash", str(script), str(source), str(tmp_path / "shots"), "T3.10"], capture_output=True,
                          text=True, timeout=300, env={**os.environ, "PATH": path})
    assert proc.returncode == 0, proc.stderr[-2000:]
    for name in ("report.png", "report-claim.png"):
        pixels = imread(tmp_path / "shots" / name)
        assert pixels.shape[1] == 1200 and pixels[..., :3].var() > 0.002, (name, pixels[..., :3].var())


#: Markup that would set ``window.pwned`` (and the page's title) if the page ran it.
_RUNS = ("<img src=x onerror=\"window.pwned=1;document.title='pwned'\">",
         "<script>window.pwned=2;document.title='pwned'</script>",
         "<svg onload=\"window.pwned=3\"></svg>",
         "</textarea></title><script>window.pwned=4</script>",
         r"$\text{<img/src=x/onerror=window.pwned=5>}$",
         r"$\text{<script>window.pwned=10</script>}$",
         r"$<img src=x onerror=window.pwned=6>$",
         r"$x \mathrm{<script>window.pwned=7</script>}$",
         "<iframe src=\"javascript:parent.pwned=8\"></iframe>",
         "<details open ontoggle=\"window.pwned=9\">x</details>")


def test_a_report_whose_texts_hold_script_runs_none_of_it(browser, tmp_path):
    """Every text of a claim (title, statement, reason, domain, counterexample keys and values, evidence) holds
    markup that would set ``window.pwned``; opened, every claim unfolded, the page has not run any of it. The
    same markup in a plain page (the control) does set it, so the probe would see it run."""
    from proofs.report.schema import load_report
    from tests.report.test_hostile_text import hostile_report_json

    source = tmp_path / "report.json"
    source.write_text(json.dumps(hostile_report_json(" ".join(_RUNS))), encoding="utf-8")
    page = tmp_path / "hostile.html"
    page.write_text(render_html(load_report(source)), encoding="utf-8")
    browser.open(page)
    title = browser.evaluate("document.title")
    browser.evaluate("document.querySelectorAll('details').forEach(function (d) { d.open = true; })")
    time.sleep(1)  # let image errors and toggles fire
    assert browser.evaluate("typeof window.pwned") == "undefined"
    assert browser.evaluate("document.title") == title != "pwned"
    assert browser.evaluate("document.querySelectorAll('script').length") == 1
    assert browser.evaluate("document.querySelectorAll('img, svg, iframe, textarea').length") == 0

    control = tmp_path / "control.html"
    control.write_text("<!doctype html><html><body>" + _RUNS[0] + "</body></html>", encoding="utf-8")
    browser.open(control)
    time.sleep(1)
    assert browser.evaluate("window.pwned") == 1, "the control page should run its script"
