"""The README is tested: every code block runs, and what the README says a command shows is what it shows.

* bash blocks: each command runs in a temporary directory (with a copy of ``examples/``), ``python -m
  proofs`` as ``python -m tests.readme_proofs`` (forked from the test process's loaded interpreter,
  :mod:`tests.command_server`), the same command line with each claim's result shared
  between the README's commands (the whole catalog is checked once per budget, not once per command);
  its exit code and its outputs are checked (files written, JSON keys, statuses the prose states);
* the ``text`` block of terminal output is compared with the command the paragraph above it names;
* python blocks run: a claims-file block through ``python -m proofs list --claims``, the others executed,
  with a value the README states in a trailing comment (``# proved``) compared;
* the calls the prose shows inline (``check_sign(...)``, ``check_moment(...)``) run too.

Nothing is skipped silently. The install commands are not run (they would install into ``.venv``): they
are checked to be the ones ``.ci/run`` runs. Commands that cannot run as written say why in their id
(``HOST`` stands for your scheduler; ``my_claims.py`` is your file, for which ``examples/krr_claims.py``
stands in; a run at ``--budget thorough`` takes minutes and runs only with ``README_THOROUGH=1`` set).
"""

from __future__ import annotations

import ast
import builtins
import fcntl
import io
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import tokenize
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

import pytest
import sympy

import numeric.mechanisms
from proofs import check_ldp, check_moment, check_sign

#: The commands run forked from one loaded interpreter (tests/command_server.py).
pytestmark = pytest.mark.usefixtures("command_server")

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")
CI_RUN = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
SHIM = "python -m tests.readme_proofs"


@dataclass(frozen=True)
class Block:
    language: str
    text: str
    line: int
    section: str
    before: str  # the prose just above the block


def _blocks() -> list[Block]:
    found = []
    for match in re.finditer(r"^( *)```(\w*)\n(.*?)^\1```", README, flags=re.M | re.S):
        start = README.count("\n", 0, match.start()) + 1
        headings = re.findall(r"^#+ (.+)$", README[:match.start()], flags=re.M)
        found.append(Block(match[2], textwrap.dedent(match[3]), start, headings[-1] if headings else "top",
                           README[max(0, match.start() - 700):match.start()]))
    return found


BLOCKS = _blocks()


def _short(text: str, limit: int = 70) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


# --- the install commands: the ones .ci/run runs ---------------------------------------------------------
def _ci_command() -> str:
    """The install line and the test line of .ci/run as one command (the lint and type checks run between)."""
    lines = CI_RUN.splitlines()
    install = next(line for line in lines if line.startswith("python3 -m venv"))
    tests = next(line for line in lines if line.startswith("HYPOTHESIS_PROFILE=ci pytest"))
    return f"{install} && {tests.split(' 2>&1')[0]}"


def test_the_readme_shows_its_code_blocks():
    """Guard against a parser that finds nothing: the README has bash, text and python blocks."""
    assert {"bash", "text", "python"} <= {b.language for b in BLOCKS} and len(BLOCKS) >= 10


def test_install_and_test_command_is_the_one_ci_runs():
    """(not run: it installs into .venv and runs this test suite) the README's test command is .ci/run's."""
    commands = [b.text.strip() for b in BLOCKS if b.language == "bash" and "pytest" in b.text]
    assert commands == [_ci_command()]


def test_install_and_run_installs_as_ci_does():
    """(the install part is not run: it installs into .venv) the install steps of the main job are .ci/run's,
    without the test extras; its `python -m proofs` runs below."""
    first = next(b for b in BLOCKS if b.language == "bash" and "pip install -e ." in b.text).text.strip()
    install, run = first.rsplit(" && ", 1)
    assert run == "python -m proofs"
    ci_install = _ci_command().rsplit(" && ", 1)[0]
    assert install == ci_install.replace(" -q", "").replace("'.[test]'", ".")


# --- bash commands ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Command:
    text: str
    section: str
    line: int
    why_not: str | None = None  # why it cannot run as written
    stand_in: str | None = None  # what stands in for a file that is the user's


def _commands() -> list[Command]:
    found = []
    for block in BLOCKS:
        if block.language != "bash" or "pytest" in block.text:
            continue
        for offset, raw in enumerate(block.text.splitlines()):
            line = re.sub(r"\s+#.*$", "", raw).strip()  # a comment after the command
            if not line or line.startswith("#"):
                continue
            if "pip install" in line:  # the main job: its install part is checked above, its run here
                line = line.rsplit(" && ", 1)[1]
            why = "HOST stands for your scheduler's address" if "HOST" in line else None
            if "--budget thorough" in line and not os.environ.get("README_THOROUGH"):
                # The whole catalog at the thorough budget takes minutes, more than the test suite's time:
                # it is run on request (README_THOROUGH=1), and the skip says so in the test id.
                why = "the whole catalog at the thorough budget takes minutes: run with README_THOROUGH=1"
            stand_in = "examples/krr_claims.py stands in for my_claims.py, your file" if "my_claims.py" in line else None
            found.append(Command(line, block.section, block.line + 1 + offset, why, stand_in))
    return found


COMMANDS = _commands()


def _id(command: Command) -> str:
    note = f" [not run: {command.why_not}]" if command.why_not else f" [{command.stand_in}]" if command.stand_in else ""
    return f"README:{command.line} {_short(command.text)}{note}"


def _environment(results: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    env.update(PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
               PYTHONPATH=f"{ROOT}{os.pathsep}{env.get('PYTHONPATH', '')}", README_RESULTS=str(results), **extra)
    return env


def _workdir(tmp_path: Path) -> Path:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    shutil.copy(ROOT / "examples" / "krr_claims.py", tmp_path / "my_claims.py")
    return tmp_path


def _sh(command: str, cwd: Path, results: Path, timeout: float = 3600) -> subprocess.CompletedProcess:
    return subprocess.run(["bash", "-c", command.replace("python -m proofs", SHIM)], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, env=_environment(results))


def _report_json(cwd: Path, results: Path) -> None:
    """report.json as the README writes it (the export commands read it): written once per session by the
    README's own command, kept beside the shared results, and copied for each export command (which reads
    it and nothing else, so a copy is the same input)."""
    json_command = next(c.text for c in COMMANDS if c.text.endswith("--format json --output report.json"))
    kept = results / "readme-report.json"
    with open(results / "readme-report.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # xdist workers wait for the first one instead of writing it again
        if not kept.exists():
            done = _sh(json_command, cwd, results)
            assert done.returncode == 0, done.stderr
            shutil.copy(cwd / "report.json", kept.with_suffix(".tmp"))
            os.replace(kept.with_suffix(".tmp"), kept)
    shutil.copy(kept, cwd / "report.json")


def _statuses_in_prose() -> dict[str, str]:
    """The statuses the README's prose says the example claims file earns."""
    paragraph = README[README.index("What the examples find"):]
    paragraph = paragraph[:paragraph.index("\n\n")]
    return dict(re.findall(r"`(KRR\.[\w-]+)`[^`]*?\b(proved|refuted|supported|inconclusive)\b", paragraph))


def _expect(command: str, done: subprocess.CompletedProcess, cwd: Path) -> None:
    """What the README says the command does, checked on what it did."""
    out, err = done.stdout, done.stderr
    assert "Traceback" not in err, err[-3000:]
    expected_code = 1 if "--fail-on refuted" in command else 0
    assert done.returncode == expected_code, f"exit {done.returncode}: {err[-3000:]}"
    runs_claims = re.search(r"python -m proofs( check| --| *$)", command) and "export" not in command
    if runs_claims and "--no-progress" not in command:
        assert re.search(r"^\[\d+/\d+\] \S+: \w+ \(\d+\.\d s\)$", err, flags=re.M), "progress on stderr: " + err[-500:]
    if "list --format json" in command:
        listed = json.loads(out)
        assert listed and all(set(c) == {"id", "title", "source"} for c in listed)
    if "--format json --output report.json" in command:
        report = json.loads((cwd / "report.json").read_text())
        stated = int(re.search(r'`"schema": (\d+)', README)[1])  # the schema the README describes
        assert report["schema"] == stated and {"toolkit_version", "budget", "claims", "summary"} <= set(report)
        assert {"id", "status", "methods", "counterexample", "corrected"} <= set(report["claims"][0])
    for html in re.findall(r"--html (\S+)", command):
        assert (cwd / html).read_text().lstrip().lower().startswith("<!doctype html")
    if "latexmk" in command:
        assert (cwd / "out" / "report.pdf").stat().st_size > 0
    if "--output REPORT.md" in command:
        assert "$" in (cwd / "REPORT.md").read_text()
    if command.endswith("--format table"):
        assert "refuted" in out
    if "figures figures/" in command:
        assert len(list((cwd / "figures").glob("*.png"))) >= 5
    if command.endswith("proofs coverage"):
        assert "003" in out and "%" in out
    if "show T3.10" in command:
        assert "T3.10" in out and "Other readings" in out
    if "check L3.2 T3.10" in command:
        assert "L3.2" in out and "T3.10" in out
    if " scaffold " in command:  # the count the README's comment states is the one the command says
        stated = re.search(re.escape(command) + r"\s+#\s*(\d+) ready to run, (\d+) pending", README)
        assert stated, f"the README states how many claims `{command}` writes ready to run and pending"
        assert re.search(rf"^wrote \S+: \d+ claims, {stated[1]} ready to run and {stated[2]} pending", out,
                         flags=re.M), out
    if "claims_scaffold.py --only-user" in command:  # the scaffold alone finds the note's planted error
        shown = dict(re.findall(r"^\[\d+/\d+\] (rr_paper\.\w+): (\w+)", out, re.M)) or dict(
            re.findall(r"^(rr_paper\.\w+)\s+.*?\b(proved|refuted|supported|inconclusive|error)\b", out, re.M))
        assert shown.get("rr_paper.Thm4") == "refuted" and shown.get("rr_paper.Cor5") == "inconclusive", out
    if "krr_claims.py --only-user" in command:
        shown = dict(re.findall(r"^(KRR\.[\w-]+)\s+.*?\b(proved|refuted|supported|inconclusive|error)\b", out, re.M))
        assert shown == _statuses_in_prose(), out


@pytest.mark.parametrize("command", COMMANDS, ids=[_id(c) for c in COMMANDS])
def test_readme_command(command, tmp_path, shared_results):
    if command.why_not:
        pytest.skip(f"{command.text}: {command.why_not}")
    if "latexmk" in command.text and shutil.which("latexmk") is None:
        pytest.skip("latexmk is not installed here (.ci/run installs it)")
    cwd = _workdir(tmp_path)
    if "--from report.json" in command.text:
        _report_json(cwd, shared_results)
    done = _sh(command.text, cwd, shared_results)
    _expect(command.text, done, cwd)


# --- shown output ----------------------------------------------------------------------------------------
OUTPUTS = [b for b in BLOCKS if b.language == "text"]


def _normal(line: str) -> str:
    return " ".join(line.split())


@pytest.mark.parametrize("block", OUTPUTS, ids=[f"README:{b.line} output" for b in OUTPUTS])
def test_shown_output_is_what_the_command_shows(block, tmp_path, shared_results):
    """Every line shown is in the output, in order; a line ending in … is a prefix of an output line, a
    line that is only … stands for lines left out."""
    named = re.findall(r"`((?:\w+=\S+ )*python -m proofs[^`]*)`", block.before)
    assert named, "a shown output must name its command in the paragraph above it"
    command = named[-1]
    done = _sh(command, _workdir(tmp_path), shared_results)
    assert done.returncode == 0, done.stderr[-3000:]
    actual = [_normal(line) for line in done.stdout.splitlines() if line.strip()]
    position = 0
    for shown in (_normal(line) for line in block.text.splitlines() if line.strip()):
        if shown == "…":
            continue
        prefix = shown[:-1].rstrip() if shown.endswith("…") else None
        for k in range(position, len(actual)):
            if actual[k] == shown or (prefix is not None and actual[k].startswith(prefix)):
                position = k + 1
                break
        else:
            raise AssertionError(f"shown in the README but not in the output (in order): {shown!r}\n"
                                 + "\n".join(actual[:40]))


# --- python blocks and inline calls -----------------------------------------------------------------------
PYTHON = [b for b in BLOCKS if b.language == "python"]
_CLAIM_DECLARATION = re.compile(r"\b(?:define|moment_claim|ldp_claim|sign_claim|approximation_claim)\(")
_STATUS = r"(proved|refuted|supported|inconclusive|error)"


def _python_id(block: Block) -> str:
    return f"README:{block.line} python ({block.section}): {_short(block.text.splitlines()[0], 50)}"


def _comments(text: str) -> dict[int, str]:
    """Comments by line number (tokenized, so a ``#`` inside a string is not one)."""
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return {token.start[0]: token.string.lstrip("#").strip() for token in tokens if token.type == tokenize.COMMENT}


def _check_stated(value, comment: str, where: str) -> None:
    """A trailing comment states the value: a status (``# proved``, ``# 'refuted', a concrete d``; of a tuple,
    its first element) or the start of a string (``# 'holds as an approximation: ...'``)."""
    quoted = re.match(r"'([^']*)'", comment)
    first = value[0] if isinstance(value, tuple) else value
    first = getattr(first, "value", first)
    if quoted and quoted[1].endswith("..."):
        assert str(first).startswith(quoted[1][:-3]), f"{where}: {first!r} does not start as {quoted[1]!r}"
        return
    stated = re.match(r"'?" + _STATUS + r"\b", comment)
    if stated:
        assert first == stated[1], f"{where}: {first!r}, the README says {stated[1]!r}"


#: Python blocks of one section read as one session: a block uses what the blocks above it defined.
_SESSIONS: dict[str, tuple[dict, set[int]]] = {}


def _run_python(block: Block, namespace: dict) -> None:
    tree = ast.parse(block.text)
    comments = _comments(block.text)
    for statement in tree.body:
        where = f"README:{block.line + statement.lineno}"
        if isinstance(statement, ast.Expr):
            value = eval(compile(ast.Expression(statement.value), where, "eval"), namespace)  # noqa: S307 - the README's own code
            comment = comments.get(statement.end_lineno)
            if comment:
                _check_stated(value, comment, where)
        else:
            exec(compile(ast.Module(body=[statement], type_ignores=[]), where, "exec"), namespace)  # noqa: S102 - the README's own code


def _session(block: Block) -> dict:
    """The namespace of the block's section with every block above it in the section run (once)."""
    namespace, done = _SESSIONS.setdefault(block.section, ({}, set()))
    if not done:
        exec("from proofs import *", namespace)  # noqa: S102 - a bullet's block uses the public API unimported
    for earlier in PYTHON:
        if earlier.section == block.section and earlier.line < block.line and earlier.line not in done \
                and not _CLAIM_DECLARATION.search(earlier.text):
            _run_python(earlier, namespace)
            done.add(earlier.line)
    done.add(block.line)
    return namespace


@pytest.mark.parametrize("block", PYTHON, ids=[_python_id(b) for b in PYTHON])
def test_readme_python(block, tmp_path, shared_results):
    if _CLAIM_DECLARATION.search(block.text):  # a claims file: loaded the way the command line loads one
        path = tmp_path / "claims_block.py"
        path.write_text(block.text)
        done = subprocess.run([sys.executable, "-m", "proofs", "list", "--format", "json", "--claims", str(path)],
                              capture_output=True, text=True, timeout=600, cwd=tmp_path)
        if "registry import check" in block.text:  # "adding a claim to the catalog": its id is already there
            assert done.returncode == 2 and "is already registered" in done.stderr, done.stderr
            done = subprocess.run([sys.executable, "-c", block.text], capture_output=True, text=True, timeout=600)
            assert done.returncode == 0, done.stderr
            return
        assert done.returncode == 0, done.stderr
        defined = re.findall(r'Claim\(\s*id="([^"]+)"', block.text) + re.findall(r'_claim\(\s*"([^"]+)"', block.text)
        assert defined and set(defined) <= {c["id"] for c in json.loads(done.stdout)}
        return
    namespace = _session(block)
    _run_python(block, namespace)
    for name, function in list(namespace.items()):
        if name.startswith("test_") and callable(function):
            function()


INLINE = [(m[1], m[2]) for m in re.finditer(
    r"`((?:assert )?check_(?:sign|moment|ldp)\((?:[^`]|\n)*?\)(?:\.status == \"\w+\")?)`([^`]{0,40})", README)]


def _inline_namespace() -> dict:
    return {"check_sign": check_sign, "check_moment": check_moment, "check_ldp": check_ldp, "sympy": sympy,
            "Fraction": Fraction, "numeric": numeric}


def _placeholders(call: str) -> list[str]:
    """Names a call uses that nothing defines: the prose shows a signature (``check_ldp(Q, eps, ...)``)."""
    names = {n.id for n in ast.walk(ast.parse(" ".join(call.split()).removeprefix("assert ")))
             if isinstance(n, ast.Name)}
    return sorted(names - set(_inline_namespace()) - set(dir(builtins)))


def _inline_id(call: str) -> str:
    unknown = _placeholders(call)
    note = f" [not run: a signature, {', '.join(unknown)} stand for yours]" if unknown else ""
    return f"inline: {_short(call, 60)}{note}"


@pytest.mark.parametrize("call,after", INLINE, ids=[_inline_id(c) for c, _ in INLINE])
def test_readme_inline_call(call, after):
    """A call the prose shows inline runs; a status the prose states right after it (``is refuted``) is its
    status; otherwise check_sign "decides" (proved) and check_moment earns a decisive status. A signature
    (names that stand for the user's objects) is not run, and says so in its id."""
    if _placeholders(call):
        pytest.skip(f"a signature: {', '.join(_placeholders(call))} stand for the user's objects")
    code = " ".join(call.split())
    namespace = _inline_namespace()
    if code.startswith("assert "):
        exec(code, namespace)  # noqa: S102 - the README's own code
        return
    verdict = eval(code, namespace)  # noqa: S307 - the README's own code
    stated = re.match(r"\s*(?:is|are)\s+" + _STATUS, after)
    if stated:
        assert verdict.status.value == stated[1], verdict.summary
    elif code.startswith("check_sign"):
        assert verdict.status.value == "proved", "the README says it decides the condition on its whole domain"
    else:
        assert verdict.status.value in ("proved", "supported", "refuted")
