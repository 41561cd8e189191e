"""Bad-input probes over every public entry point, each run in a subprocess with a time limit.

    python tools/probes.py                 # every probe, two at a time, the table at the end
    python tools/probes.py --jobs 4 --only cli --verbose
    python tools/probes.py --list          # the probes, without running them

A probe is a bad (or borderline) input to one entry point, generated from tables: the command line's
subcommands and options (values, paths, claims files, JSON reports, the scheduler, positions before and
after the command), ``check_sign``, ``check_moment``, ``check_ldp`` when it exists, ``MassFunction`` and
friends, ``Mechanism``, ``q2x3``, ``q_wrr``, ``q_gwrr``, ``numeric.enumeration.moments``, the formula
parser and the number conversion, long ids, unwritable paths, and interrupts sent to a running command.
Each is classified as

* **clean**: what is due happened: a one-line error (exit 2 and one line on stderr for the command line,
  a :class:`~core.errors.ToolkitError` whose message is one line for the API), or, where the input is
  acceptable (``"1/2"`` as a mass), the expected result;
* **traceback**: any other exception, or an error message of several lines;
* **hang**: the probe did not end within its limit (or a call with ``timeout=t`` took more than 2t + 10 s);
* **wrong**: a verdict, a result or exit 0 where an error is due (or an error where a result is due).

Every probe names its **owner** (the area of the code that must handle it), so the table says, area by
area, what is left. A probe that **awaits** a fix made in parallel elsewhere (``--list`` marks it ``awaits``)
is written against the expected behaviour and counted in a table of its own, below the main one, so that the
main table stays readable before those fixes are merged (``--awaiting`` runs only those). Timings depend on the machine's load: a probe's limit is generous, and a hang is a
probe that ran past it.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import textwrap
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CLASSES = ("clean", "traceback", "hang", "wrong")

#: Runs one API probe: its setup statements, then its expression; a ToolkitError with a one-line message is
#: a clean refusal (exit 3); a result is checked by the probe's predicate when it expects one.
HARNESS = textwrap.dedent('''
    import ast, json, sys, time
    probe = json.loads(sys.argv[1])
    from core.errors import ToolkitError
    tree = ast.parse(probe["code"])
    *setup, last = tree.body
    namespace = {}
    exec(compile(ast.Module(body=setup, type_ignores=[]), "<probe>", "exec"), namespace)
    started = time.perf_counter()
    try:
        value = eval(compile(ast.Expression(last.value), "<probe>", "eval"), namespace)
    except ToolkitError as exc:
        message = str(exc)
        print(json.dumps({"outcome": "refused", "message": message, "seconds": time.perf_counter() - started}))
        sys.exit(0)
    seconds = time.perf_counter() - started
    verdict = {"outcome": "returned", "value": repr(value)[:300], "seconds": seconds}
    if probe.get("accept"):
        namespace["result"] = value
        verdict["accepted"] = bool(eval(probe["accept"], namespace))
    print(json.dumps(verdict))
''')


@dataclass(frozen=True)
class Probe:
    """One probe: ``kind`` is ``cli`` (argv of ``python -m proofs``), ``api`` (Python code: setup
    statements, then the expression probed) or ``interrupt`` (a command and the signal sent once a marker
    appears). ``accept``: the input is acceptable and this predicate on ``result`` must hold (API), or
    the exit code expected (CLI); otherwise an error is due."""

    name: str
    owner: str
    kind: str
    payload: tuple = ()
    code: str = ""
    accept: str | int | None = None
    limit: float = 120.0
    timeout: float | None = None  # the probe's own timeout= argument (checked within 2x + 10 s)
    files: dict = field(default_factory=dict, hash=False, compare=False)  # name -> text, written in its folder
    signum: int = 0
    marker: str = ""
    refusal_ok: bool = False  # a one-line refusal is as good as an accepted result (a size limit)
    either: bool = False  # CLI: exit 0 or a one-line usage error (exit 2) are both due
    forbid: str = ""  # a file that must not exist in the probe's folder afterwards (a payload ran if it does)
    absent: tuple = ()  # (file, text): the file written by the probe must not contain the text (markup passed on)
    json_stdout: bool = False  # CLI: stdout must be one JSON document
    report_check: str = ""  # CLI: a predicate on the JSON report `report` read from report.json afterwards
    awaits: str = ""  # the area fixing this kind in parallel: the probe is written against the expected behaviour


@dataclass
class Outcome:
    probe: Probe
    cls: str
    detail: str
    seconds: float


# ------------------------------------------------------------------------------------------- the tables
CLAIMS_FILES = {
    "raises.py": "raise RuntimeError('a claims file that raises')\n",
    "exits.py": "import sys\nsys.exit(0)\n",
    "exits-1.py": "import sys\nsys.exit(1)\n",
    "exits-message.py": "import sys\nsys.exit('bye')\n",
    "systemexit.py": "raise SystemExit(3)\n",
    "quit.py": "quit()\n",
    "syntax.py": "def (:\n",
    "imports-nothing.py": "import nonexistent_module_xyz\n",
    "empty.py": "x = 1\n",
    "clash.py": ("from proofs import Claim, Evidence, check, define\n"
                 "define(Claim(id='L3.2', title='t', source='s', statement='x', domain='none'))\n"),
    "one-method.py": ("from proofs import Claim, Evidence, check, define\n"
                      "define(Claim(id='Mine.thin', title='t', source='s', statement='x', domain='none'))\n"
                      "check('Mine.thin', 'symbolic')(lambda b: Evidence('symbolic', 'inconclusive', 'none'))\n"),
    "not-utf8.py": "# \udce9\n",
    "recursion.py": "def f(): return f()\nf()\n",
    "bad-claim.py": ("from proofs import Claim, define\n"
                     "define(Claim(id='', title='t', source='s', statement='x', domain='none'))\n"),
    "nul.py": "x = 1\x00\n",
    "moment-claim-bad.py": ("from proofs import moment_claim\n"
                            "moment_claim('Mine.m', title='t', source='s', statement='x', statistic='Y0',"
                            " claimed='0', moment='bogus', mechanism=[['1']], prior=['1'])\n"),
    "ldp-claim-bad.py": ("from proofs import ldp_claim\n"
                         "ldp_claim('Mine.l', title='t', source='s', statement='x', mechanism=None, epsilon='eps')\n"),
    "sign-claim-hostile.py": ("from proofs import sign_claim\n"
                              "sign_claim('Mine.s', title='t', source='s', statement='x',"
                              " expr=\"__import__('os')\", domain=[])\n"),
    "moment-claim-huge-n.py": ("from proofs import moment_claim\n"
                               "moment_claim('Mine.n', title='t', source='s', statement='x', statistic='N1',"
                               " claimed='n*q1', n_values=[10**9])\n"),
    "approximation-claim-bad.py": ("from proofs import approximation_claim\n"
                                   "approximation_claim('Mine.a', title='t', source='s', statement='x',"
                                   " exact='n + 1', approx='n', regime='n -> ')\n"),
}
GOOD_CLAIMS = textwrap.dedent('''
    from proofs import Claim, Evidence, check, define
    ID = {cid!r}
    define(Claim(id=ID, title="a probe", source="probes", statement="x", domain="none"))
    check(ID, "symbolic")(lambda budget: Evidence("symbolic", "inconclusive", "none"))
    check(ID, "enumeration")(lambda budget: {body})
''')

BAD_PATHS = {  # name -> path (relative to the probe's folder unless absolute)
    "empty": "",
    "blank": "   ",
    "proc-file": "/proc/version",
    "under-proc": "/proc/nothing/report.out",
    "a-directory": ".",
    "parent-is-a-file": "a-file/report.out",
    "name-too-long": "n" * 300,
    "directory-name-too-long": "d" * 300 + "/report.out",
    "dev-full": "/dev/full",
}
BAD_DIRECTORIES = {k: v for k, v in BAD_PATHS.items() if k not in ("a-directory", "dev-full")} | {
    "a-file": "a-file", "dev-null": "/dev/null"}

BAD_REPORTS = {
    "missing": None,
    "directory": ".",
    "empty": "",
    "not-json": "{not json",
    "binary": "\udcff\udcfe",
    "a-list": "[]",
    "no-claims": '{"schema": 2}',
    "unknown-status": '{"schema": 2, "budget": "quick", "claims": [{"id": "X", "status": "sort-of"}], "summary": {}}',
    "hostile-derived": ('{"schema": 2, "budget": "quick", "claims": [{"id": "X", "title": "t", "source": "s", '
                        '"statement_latex": "x", "status": "proved", "methods": [], "derived": '
                        '{"v": "__import__(\'os\').system(\'touch pwned\')"}}], "summary": {"proved": 1}}'),
    "deep-nesting": "[" * 100000 + "]" * 100000,
    "huge-number": '{"schema": 2, "budget": "quick", "claims": [], "summary": {"proved": 1e999999}}',
    "nul": '{"schema": 2\x00}',
    "float-count": '{"schema": 2, "budget": "quick", "claims": [], "summary": {"proved": 1.0}}',
    "negative-count": '{"schema": 2, "budget": "quick", "claims": [], "summary": {"proved": -1}}',
    "count-disagrees": '{"schema": 2, "budget": "quick", "claims": [], "summary": {"proved": 3}}',
    "nan-constant": '{"schema": 2, "budget": "quick", "claims": [], "summary": {"proved": NaN}}',
    "count-of-5000-digits": '{"schema": 2, "budget": "quick", "claims": [], "summary": {"proved": ' + "9" * 5000 + '}}',
    "unknown-status-counted": '{"schema": 2, "budget": "quick", "claims": [], "summary": {"sort-of": 0}}',
}


def _cli_probes() -> list[Probe]:
    probes: list[Probe] = []
    add = probes.append
    # option values, before and after the command that takes them
    values = {
        "--jobs": ["0", "-1", "two", "1.5", "100000", ""],
        "--budget": ["huge", "", "QUICK"],
        "--format": ["xml", ""],
        "--fail-on": ["error", ""],
        "--scheduler": ["", "bogus", "tcp://", "http://example.org", "tcp://127.0.0.1:9"],
        "--paper": ["005", ""],
    }
    commands = {"--jobs": ["check"], "--budget": ["check", "show"], "--format": ["check", "list", "coverage", "export"],
                "--fail-on": ["check", "show"], "--scheduler": ["check"], "--paper": ["coverage"]}
    positional = {"show": ["L3.2"], "export": ["--from", "r.json"], "check": ["L3.2"]}
    for option, bad in values.items():
        for value in bad:
            for command in commands[option]:
                for where in ("before", "after"):
                    argv = ([option, value, command, *positional.get(command, [])] if where == "before"
                            else [command, *positional.get(command, []), option, value])
                    limit = 240 if "tcp://127" in value else 120
                    add(Probe(f"cli {option}={value!r} {where} {command}", "robust", "cli", tuple(argv), accept=None,
                              limit=limit, files={"r.json": _report_text()}))
    # an option the command does not take, before and after
    for option, value, command in [("--budget", "quick", "list"), ("--jobs", "2", "show"), ("--latex", "d", "list"),
                                   ("--from", "r.json", "check"), ("--paper", "003", "check"),
                                   ("--scheduler", "local", "export"), ("--format", "json", "figures"),
                                   ("--only-user", None, "show"), ("--html", "h.html", "list")]:
        given = [option] + ([] if value is None else [value])
        extra = {"show": ["L3.2"], "figures": ["figs"], "export": ["--from", "r.json"]}.get(command, [])
        add(Probe(f"cli {option} before {command} (not taken)", "robust", "cli", (*given, command, *extra)))
        add(Probe(f"cli {option} after {command} (not taken)", "robust", "cli", (command, *extra, *given)))
    # two values
    add(Probe("cli --format twice, two values", "robust", "cli", ("--format", "json", "check", "--format", "table")))
    add(Probe("cli --budget twice, two values", "robust", "cli", ("--budget", "quick", "show", "L3.2", "--budget",
                                                                  "thorough")))
    # unknown ids and commands
    for argv in [("check", "Eq22"), ("show", "nope"), ("show",), ("show", "L3.2", "Eq2"), ("L3.2",), ("bogus",),
                 ("check", ""), ("show", ""), ("check", "L3.2", "--bogus"), ("--bogus",), ("export",),
                 ("export", "--from", "r.json"), ("export", "--from", "r.json", "--output", "o.txt"),
                 ("figures",), ("coverage", "--paper", "003", "--paper", "005"), ("list", "--only-user")]:
        add(Probe(f"cli {' '.join(argv) or '(none)'}", "robust", "cli", argv, files={"r.json": _report_text()}))
    # unwritable outputs, for every command that writes one
    for name, path in BAD_PATHS.items():
        for option, argv in [("--output", ("check", "L3.2", "--budget", "quick")), ("--output", ("list",)),
                             ("--output", ("coverage",)), ("--output", ("show", "L3.2", "--budget", "quick")),
                             ("--html", ("check", "L3.2", "--budget", "quick")),
                             ("--output", ("export", "--from", "r.json", "--format", "json")),
                             ("--html", ("export", "--from", "r.json"))]:
            if name == "dev-full" and option == "--html":
                continue
            add(Probe(f"cli {argv[0]} {option} {name}", "robust", "cli", (*argv, option, path), limit=300,
                      files={"r.json": _report_text(), "a-file": "x"}))
    for name, path in BAD_DIRECTORIES.items():
        for argv in [("check", "L3.2", "--budget", "quick", "--latex"), ("export", "--from", "r.json", "--latex"),
                     ("figures",)]:
            add(Probe(f"cli {argv[0]} {'--latex' if '--latex' in argv else 'DIR'} {name}", "robust", "cli",
                      (*argv, path), limit=300, files={"r.json": _report_text(), "a-file": "x"}))
    # claims files, for every command that loads them
    for name in CLAIMS_FILES:
        for command in ("check", "list", "show", "coverage"):
            # check runs the file's claims alone (a file that loads must not cost the catalog's run)
            argv = (command, *(["L3.2"] if command == "show" else []), "--claims", name,
                    *(["--only-user", "--budget", "quick", "--no-progress"] if command == "check" else []))
            # a short declaration is checked when it is declared, or its checks crash later: the declarations' area
            owner = "moments" if "-claim-" in name else "robust"
            add(Probe(f"cli {command} --claims {name}", owner, "cli", argv, files={name: CLAIMS_FILES[name]},
                      limit=300))
    for name, path in [("missing", "nope.py"), ("not-python", "claims.txt"), ("a-directory", "dir.py"),
                       ("empty-name", ""), ("long-name", "c" * 300 + ".py")]:
        add(Probe(f"cli list --claims {name}", "robust", "cli", ("list", "--claims", path),
                  files={"claims.txt": "x = 1\n", "dir.py/.keep": ""}))
    # a check that crashes is its claim's error, exit 1: the run completes
    add(Probe("cli check: a check raises (claim error, exit 1)", "robust", "cli",
              ("check", "--claims", "crash.py", "--only-user", "--budget", "quick", "--no-progress"), accept=1,
              files={"crash.py": GOOD_CLAIMS.format(cid="Mine.crash", body="1/0")}))
    add(Probe("cli check: a check calls sys.exit (claim error, exit 1)", "robust", "cli",
              ("check", "--claims", "exit.py", "--only-user", "--budget", "quick", "--no-progress"), accept=1,
              files={"exit.py": GOOD_CLAIMS.format(cid="Mine.exit", body="__import__('sys').exit(0)")}))
    # long ids: a claims file, then its JSON report read back
    long_id = "Mine." + "long" * 70
    add(Probe("cli long id (285 characters) with --latex", "robust", "cli",
              ("check", "--claims", "long.py", "--only-user", "--no-progress", "--jobs", "1", "--latex", "tex",
               "--format", "json", "--output", "r.json"), accept=0,
              files={"long.py": GOOD_CLAIMS.format(cid=long_id,
                                                    body="Evidence('enumeration', 'inconclusive', 'none')")}))
    add(Probe("cli export --latex of a report with a long id", "robust", "cli",
              ("export", "--from", "long.json", "--latex", "tex", "--html", "r.html", "--no-figures"), accept=0,
              files={"long.json": _report_text(long_id)}))
    # JSON reports read back
    for name, text in BAD_REPORTS.items():
        owner = "reports" if name in ("no-claims", "unknown-status", "huge-number", "a-list", "float-count",
                                      "negative-count", "count-disagrees", "nan-constant", "count-of-5000-digits",
                                      "unknown-status-counted") else "robust"
        files = {} if text is None else {"bad.json": text} if name != "directory" else {"bad.json/.keep": ""}
        add(Probe(f"cli export --from {name}", owner, "cli", ("export", "--from", "bad.json", "--format", "table"),
                  files=files))
    return probes


def _report_text(claim_id: str = "X.probe") -> str:
    return json.dumps({"schema": 2, "toolkit_version": "0.2.0", "budget": "quick", "claims": [
        {"id": claim_id, "title": "a probe", "source": "probes", "statement_latex": "x", "status": "inconclusive",
         "methods": [{"method": "symbolic", "outcome": "inconclusive", "domain": "none", "detail": {}}],
         "counterexample": None, "holds_when": None, "corrected": None, "seconds": 0.0}],
        "summary": {"inconclusive": 1}})


NUMBERS = {  # name -> a bad number, as Python source
    "nan": "float('nan')", "inf": "float('inf')", "nan-string": "'nan'", "inf-string": "'inf'",
    "word": "'half'", "none": "None", "bool": "True", "list": "[1]", "tiny-exponent": "'1e-999999'",
    "huge-exponent": "'1e999999999'", "zero-denominator": "'1/0'", "sympy-oo": "__import__('sympy').oo",
    "sympy-nan": "__import__('sympy').nan", "complex": "1j", "empty": "''",
}


def _api_probes() -> list[Probe]:
    probes: list[Probe] = []
    add = probes.append
    mass = "from numeric.belief import MassFunction\n"
    for name, value in NUMBERS.items():
        add(Probe(f"as_fraction {name}", "robust", "api", code=f"from core.exact import as_fraction\n"
                                                               f"as_fraction('x', {value})"))
        add(Probe(f"MassFunction mass {name}", "robust", "api",
                  code=mass + f"MassFunction(('a', 'b'), {{'a': {value}, 'b': 0}})"))
        add(Probe(f"MassFunction.from_bel {name}", "robust", "api",
                  code=mass + f"MassFunction.from_bel(('a', 'b'), [0, {value}, 0, 1])"))
        add(Probe(f"MassFunction.in_credal_set {name}", "robust", "api",
                  code=mass + f"MassFunction.vacuous(('a', 'b')).in_credal_set({{'a': {value}, 'b': 0}})"))
        add(Probe(f"MassFunction.lower_expectation {name}", "robust", "api",
                  code=mass + f"MassFunction.vacuous(('a', 'b')).lower_expectation({{'a': {value}, 'b': 0}})"))
        add(Probe(f"q2x3 p={name}", "mech", "api", code=f"from numeric.mechanisms import evidential_q2x3\nevidential_q2x3({value}, '1/4')"))
        add(Probe(f"q_wrr eps={name}", "mech", "api", code=f"from numeric.mechanisms import evidential_q_wrr\nevidential_q_wrr({value})"))
        add(Probe(f"check_moment point p={name}", "moments", "api",
                  code=f"from proofs import check_moment\nfrom numeric.data_model import GENERALIZED_WARNER_SURVEY as S\n"
                       f"check_moment('N1', 'n*q1', mechanism=S, points=[{{'p': {value}, 'q': '1/4', "
                       f"'pi': '1/2'}}], n_values=[2])", limit=300))
        add(Probe(f"check_sign timeout={name}", "sign", "api",
                  code=f"from proofs import check_sign\ncheck_sign('x', ['x > 0'], symbols=['x'], timeout={value})",
                  limit=300))
    for forms, code in [("a/b strings", "MassFunction(('a', 'b'), {'a': '1/2', 'b': '1/2'})"),
                        ("decimal strings", "MassFunction(('a', 'b'), {'a': '0.25', 'b': '0.75'})"),
                        ("sympy Rational", "MassFunction(('a', 'b'), {'a': __import__('sympy').Rational(1, 3), 'b': '2/3'})")]:
        add(Probe(f"MassFunction accepts {forms}", "robust", "api", code=mass + code, accept="result.exact"))
    add(Probe("q2x3 accepts '1/2' strings", "mech", "api", code="from numeric.mechanisms import evidential_q2x3\nevidential_q2x3('1/2', '1/4')",
              accept="True"))
    for name, code in [("frame of 21 labels", "MassFunction.vacuous(range(21))"),
                       ("duplicate labels", "MassFunction(('a', 'a'), {'a': 1})"),
                       ("empty frame", "MassFunction((), {})"), ("label outside", "MassFunction(('a',), {'z': 1})"),
                       ("masses not a mapping", "MassFunction(('a',), 'a')"),
                       ("mass on the empty set", "MassFunction(('a',), {frozenset(): 1})"),
                       ("float sum off", "MassFunction(('a', 'b'), {'a': 0.5, 'b': 0.4})"),
                       ("negative", "MassFunction(('a', 'b'), {'a': '3/2', 'b': '-1/2'})"),
                       ("bel wrong length", "MassFunction.from_bel(('a', 'b'), [0, 1])"),
                       ("not a belief function", "MassFunction.from_bel(('a', 'b'), [0, '1/2', '1/2', '1/2'])"),
                       ("mixture weights off", "MassFunction.vacuous(('a',)).mixture_image([('1/2', {'a': 0})], (0,))"),
                       ("vertices of 10 labels", "MassFunction.vacuous(range(10)).credal_vertices()")]:
        add(Probe(f"MassFunction {name}", "robust", "api", code=mass + code))
    # formulas
    parse = "from core.formula import parse_formula\n"
    for name, text in [("e", "exp(e) - 1"), ("I", "I + 1"), ("import", "__import__('os')"), ("attribute", "p.real"),
                       ("too long", "x+" * 3000 + "x"), ("too deep", "exp(" * 100 + "x" + ")" * 100),
                       ("power tower", "10**10**10"), ("factorial", "factorial(100000)"), ("empty", ""),
                       ("NUL", "x\x00"), ("lambda", "(lambda: 1)()"), ("string literal", "'abc'"),
                       ("unknown function", "gamma(3)"), ("comparison where a value is due", "x < 1")]:
        add(Probe(f"parse_formula {name}", "robust", "api", code=parse + f"parse_formula({text!r})"))
    add(Probe("parse_formula pi is the constant", "robust", "api", code=parse + "parse_formula('pi')",
              accept="result == __import__('sympy').pi"))
    # check_sign
    sign = "from proofs import check_sign\n"
    # A name in the condition is a variable of the condition: no table of names is assumed, so `zz` is a real
    # variable and "zz + 1 > 0" on all reals is refuted at an exact point (a typo cannot be told from a name).
    add(Probe("check_sign a name of the condition is its variable", "sign", "api",
              code=sign + "check_sign('zz + 1', [], sign='>0')",
              accept="result.status.value == 'refuted' and 'zz' in (result.counterexample or {})", limit=300))
    for name, call in [("e undeclared", "check_sign('(exp(e)-1)/(exp(e)+1) - e/2', [], sign='<=0')"),
                       ("bad sign", "check_sign('x', ['x > 0'], sign='positive', symbols=['x'])"),
                       ("bad domain", "check_sign('x', ['x >'], symbols=['x'])"),
                       ("domain not a list", "check_sign('x', 5, symbols=['x'])"),
                       ("symbols not a list", "check_sign('x', [], symbols=5)"),
                       ("hostile expression", "check_sign(\"__import__('os').system('true')\", [])"),
                       ("negative timeout", "check_sign('x', ['x > 0'], symbols=['x'], timeout=-1)"),
                       ("expression a number", "check_sign(None, [])"),
                       ("condition with a comparison", "check_sign('x < 1', ['x > 0'], symbols=['x'])")]:
        add(Probe(f"check_sign {name}", "sign", "api", code=sign + call, limit=300))
    add(Probe("check_sign pi - 355/113 > 0 (pi the constant)", "sign", "api",
              code=sign + "check_sign('pi - 355/113', [], sign='>0')",
              accept="result.status.value == 'refuted' and 'pi' not in (result.counterexample or {})", limit=300))
    add(Probe("check_sign x**100000 - 2 with timeout=5", "sign", "api",
              code=sign + "check_sign('x**100000 - 2', ['0 < x < 1'], symbols=['x'], timeout=5)",
              accept="result.status.value in ('proved', 'refuted', 'inconclusive')", timeout=5, limit=300,
              refusal_ok=True))
    # check_moment and enumeration
    moment = "from proofs import check_moment\nfrom numeric.data_model import GENERALIZED_WARNER_SURVEY as S\n"
    for name, call in [("n_values=5", "check_moment('N1', 'n*q1', mechanism=S, n_values=5)"),
                       ("n_values=[10**9]", "check_moment('N1', 'n*q1', mechanism=S, n_values=[10**9])"),
                       ("n_values=[-1]", "check_moment('N1', 'n*q1', mechanism=S, n_values=[-1])"),
                       ("n_values=[0]", "check_moment('N1', 'n*q1', mechanism=S, n_values=[0])"),
                       ("power tower statistic", "check_moment('Y0**10**10', '0', mechanism=[['1/2', '1/2'], "
                                                 "['1/2', '1/2']], prior=['1/2', '1/2'], n_values=[2])"),
                       ("moment=bogus", "check_moment('N1', 'n*q1', mechanism=S, moment='bogus')"),
                       ("given not a condition", "check_moment('N1', 'n*q1', mechanism=S, given='N1 + 1')"),
                       ("mechanism not stochastic", "check_moment('Y0', '0', mechanism=[['1/2', '1/3']], "
                                                    "prior=['1'], n_values=[1])"),
                       ("prior and counts", "check_moment('Y0', '0', mechanism=[['1']], prior=['1'], counts=[1])"),
                       ("dps=0", "check_moment('N1', 'n*q1', mechanism=S, dps=0)"),
                       ("dps=10**7", "check_moment('N1', 'n*q1', mechanism=S, dps=10**7)"),
                       ("hostile statistic", "check_moment(\"__import__('os')\", '0', mechanism=S)"),
                       ("timeout=abc", "check_moment('N1', 'n*q1', mechanism=S, timeout='abc')")]:
        add(Probe(f"check_moment {name}", "moments", "api", code=moment + call, limit=300))
    add(Probe("moments('N1', 10**9, ...)", "moments", "api",
              code="from numeric.enumeration import moments\nmoments('N1', 10**9, '1/2', '1/4', '1/2')", limit=300))
    add(Probe("moments('N1', -1, ...)", "moments", "api",
              code="from numeric.enumeration import moments\nmoments('N1', -1, '1/2', '1/4', '1/2')", limit=300))
    # mechanisms
    mech = "from numeric import mechanisms as M\n"
    for name, call in [("q_wrr(10**9)", "M.evidential_q_wrr(10**9)"), ("q_gwrr(10**9, 1)", "M.evidential_randomized_response(10**9, 1)"),
                       ("q_gwrr(0, 1)", "M.evidential_randomized_response(0, 1)"), ("q_gwrr('2', 1)", "M.evidential_randomized_response('two', 1)"),
                       ("q2x3(1, 1)", "M.evidential_q2x3(1, 1)"), ("q2x3(-1/2, 1/4)", "M.evidential_q2x3('-1/2', '1/4')"),
                       ("q_lambda lam=2", "M.evidential_q_lambda('1/2', '1/4', 2)"), ("warner(2)", "M.evidential_warner(2)"),
                       ("Mechanism({})", "M.Mechanism({})"), ("Mechanism(rows not masses)", "M.Mechanism({0: 1})")]:
        add(Probe(f"mechanisms {name}", "mech", "api", code=mech + call, limit=300))
    # mechanisms as printed (proofs.mechanisms) and check_ldp
    fam = "from proofs import mechanisms as M\n"
    for name, call in [("randomized_response d=1", "M.randomized_response(d=1, epsilon='eps')"),
                       ("randomized_response d=0", "M.randomized_response(d=0, epsilon='eps')"),
                       ("randomized_response eps=nan", "M.randomized_response(d='d', epsilon=float('nan'))"),
                       ("randomized_response eps=-1", "M.randomized_response(d=3, epsilon=-1)"),
                       ("randomized_response eps='e'", "M.randomized_response(d='d', epsilon='e')"),
                       ("randomized_response p=2", "M.randomized_response(d='d', p=2)"),
                       ("randomized_response hostile", "M.randomized_response(d='d', epsilon=\"__import__('os')\")"),
                       ("randomized_response bad domain", "M.randomized_response(d='d', epsilon='eps', domain='eps >')"),
                       ("warner p=3/2", "M.warner('3/2')"), ("warner p=inf", "M.warner(float('inf'))"),
                       ("unary_encoding q=2", "M.unary_encoding(d='d', p='1/2', q=2)"),
                       ("duchi eps=nan", "M.duchi(float('nan'))"), ("duchi eps='abc def'", "M.duchi('abc def')"),
                       ("continuous empty row", "M.continuous([])"),
                       ("continuous reversed interval", "M.continuous(['(1+x)/2', '(1-x)/2'], interval=(1, -1))"),
                       ("continuous row not stochastic", "M.continuous(['x', 'x'])"),
                       ("matrix not stochastic", "M.matrix([['1/2', '1/3'], ['1/2', '1/2']])"),
                       ("matrix empty", "M.matrix([])"), ("matrix a string", "M.matrix('abc')"),
                       ("matrix ragged", "M.matrix([['1'], ['1/2', '1/2']])"),
                       ("matrix negative entry", "M.matrix([['3/2', '-1/2'], ['1/2', '1/2']])"),
                       ("matrix bad domain", "M.matrix([['p', '1-p'], ['1-p', 'p']], domain='p >')"),
                       ("matrix nan entry", "M.matrix([[float('nan'), 1], ['1/2', '1/2']])"),
                       ("product of nothing", "M.product()"), ("product of a number", "M.product(1)"),
                       ("post_process bad kernel", "M.post_process(M.warner('3/4'), [[1]])"),
                       ("q_wrr eps=-1", "M.q_wrr(-1)"), ("q_gwrr c=3/2", "M.q_gwrr('3/2', 1)"),
                       ("q_lambda lam=2", "M.q_lambda('1/2', '1/4', 2)"),
                       ("q2x3 p+q>1", "M.q2x3('3/4', '1/2')"),
                       ("matrix at d=10**6", "M.randomized_response(d='d', epsilon='eps').matrix({'d': 10**6, 'eps': 1})"),
                       ("matrix at d='x'", "M.randomized_response(d='d', epsilon='eps').matrix({'d': 'x', 'eps': 1})"),
                       ("matrix at d=1", "M.randomized_response(d='d', epsilon='eps').matrix({'d': 1, 'eps': 1})"),
                       ("lumped unknown value", "M.randomized_response(d='d', epsilon='eps').lumped(['zz'])")]:
        add(Probe(f"mechanisms.{name}", "mech", "api", code=fam + call, limit=300))
    # inside the printed domains: a degenerate mechanism is a mechanism (its output does not depend on its input)
    add(Probe("mechanisms.unary_encoding p=q is the degenerate mechanism (every row the same)", "mech", "api",
              code=fam + "M.unary_encoding(d='d', p='1/2', q='1/2').matrix({'d': 2})",
              accept="len({tuple(map(str, row)) for row in result.matrix}) == 1", limit=300))
    add(Probe("mechanisms.q_gwrr c=0 is in its printed domain 0 <= c <= 1", "mech", "api",
              code=fam + "M.q_gwrr(0, 1)", accept="result.name == 'Q_GWRR'", limit=300))
    add(Probe("mechanisms.randomized_response d='two' (a name: the size is the parameter two)", "mech", "api",
              code=fam + "M.randomized_response(d='two', epsilon='eps')", accept="'two' in result.parameters",
              limit=300))
    ldp = "from proofs import check_ldp, mechanisms as M\nG = M.randomized_response(d='d', epsilon='eps')\n"
    for name, call in [("no mechanism", "check_ldp(None, 1)"), ("a string mechanism", "check_ldp('abc', 1)"),
                       ("eps=nan", "check_ldp(G, float('nan'), domain='eps > 0, d >= 2')"),
                       ("eps=inf", "check_ldp(G, float('inf'), domain='eps > 0, d >= 2')"),
                       ("eps='abc'", "check_ldp(G, 'abc', domain='eps > 0, d >= 2')"),
                       ("eps hostile", "check_ldp(G, \"__import__('os')\", domain='eps > 0, d >= 2')"),
                       ("eps='e' undeclared", "check_ldp(G, 'e', domain='eps > 0, d >= 2')"),
                       ("bad domain", "check_ldp(G, 'eps', domain='eps >')"),
                       ("domain names an unknown", "check_ldp(G, 'eps', domain='zz > 0')"),
                       ("notion=XYZ", "check_ldp(G, 'eps', domain='eps > 0, d >= 2', notion='XYZ')"),
                       ("timeout='abc'", "check_ldp(G, 'eps', domain='eps > 0, d >= 2', timeout='abc')"),
                       ("timeout=-1", "check_ldp(G, 'eps', domain='eps > 0, d >= 2', timeout=-1)"),
                       ("timeout=nan", "check_ldp(G, 'eps', domain='eps > 0, d >= 2', timeout=float('nan'))"),
                       ("points=0", "check_ldp(G, 'eps', domain='eps > 0, d >= 2', points=0)"),
                       ("points=10**9", "check_ldp(G, 'eps', domain='eps > 0, d >= 2', points=10**9)"),
                       ("not stochastic rows", "check_ldp([['1/2', '1/3']], 1)")]:
        add(Probe(f"check_ldp {name}", "mech", "api", code=ldp + call, limit=300))
    add(Probe("check_ldp on an empty domain earns nothing", "mech", "api",
              code=ldp + "check_ldp(G, 'eps', domain='eps > 1, eps < 0, d >= 2')",
              accept="result.status.value == 'inconclusive'", limit=300))
    # check_approximation
    approx = "from proofs import check_approximation\n"
    for name, call in [("regime bogus", "check_approximation('n + 1', 'n', regime='bogus')"),
                       ("regime without a limit", "check_approximation('n + 1', 'n', regime='n -> ')"),
                       ("regime of an unknown name", "check_approximation('n + 1', 'n', regime='zz -> oo')"),
                       ("order not a formula", "check_approximation('n + 1', 'n', regime='n -> oo', order='+')"),
                       ("sign bogus", "check_approximation('n + 1', 'n', regime='n -> oo', sign='positive')"),
                       ("mechanism a number", "check_approximation('n + 1', 'n', regime='n -> oo', mechanism=5)"),
                       ("hostile exact", "check_approximation(\"__import__('os')\", 'n', regime='n -> oo')"),
                       ("bad domain", "check_approximation('n + 1', 'n', regime='n -> oo', domain='n >')")]:
        add(Probe(f"check_approximation {name}", "moments", "api", code=approx + call, limit=300))
    return probes


#: Claims that never finish by themselves (a z3 query of two minutes, a busy loop, ...): the interrupt tests' file.
PROBE_CLAIMS = (ROOT / "tests" / "probe_claims.py").read_text(encoding="utf-8")


def _interrupt_probes() -> list[Probe]:
    probes = []
    runs = {"in this process": ("check", "Probe.z3", "--jobs", "1"), "show": ("show", "Probe.z3"),
            "worker processes": ("check", "Probe.spin", "Probe.z3", "--jobs", "2"),
            "dask": ("check", "Probe.spin", "Probe.z3", "--jobs", "2", "--scheduler", "local")}
    for mode, argv in runs.items():
        for signum in (signal.SIGINT, signal.SIGTERM):
            extra = () if argv[0] == "show" else ("--only-user", "--no-progress", "--format", "json",
                                                  "--output", "report.json")
            probes.append(Probe(f"interrupt {signal.Signals(signum).name} {mode}", "robust", "interrupt",
                                (*argv, "--claims", "probes.py", "--budget", "quick", *extra), signum=signum,
                                marker="z3", limit=600, files={"probes.py": PROBE_CLAIMS,
                                                               "report.json": "previous\n"}))
    probes.append(Probe("interrupt SIGINT during start-up", "robust", "interrupt", ("list",), signum=signal.SIGINT,
                        marker="start-up", limit=300))
    return probes


def probes() -> list[Probe]:
    return _cli_probes() + _api_probes() + _interrupt_probes() + _limit_probes() + _awaiting_probes()


LDP = "from proofs import check_ldp, mechanisms as M\nG = M.randomized_response(d='d', epsilon='eps')\n"
REFUTED = "result.status.value == 'refuted'"
TIMED_OUT = "result.status.value == 'inconclusive' and 'time-out' in result.reason"


def _limit_probes() -> list[Probe]:
    """Limits of the privacy check and of every check's ``timeout=``: zero entries (an infinite loss), bounds
    short by a tiny amount, tiny timeouts, huge sizes, large printed matrices, domains from bad payloads."""
    probes: list[Probe] = []
    add = probes.append
    # a zero opposite a positive entry: an infinite loss, refuted at an exact point (never a crash)
    for name, call in [("identity matrix", "check_ldp([[1, 0], [0, 1]], 10)"),
                       ("a zero in a parametric matrix", "check_ldp([['p', '1-p'], [0, 1]], 'eps', "
                                                         "domain='eps > 0, 0 < p < 1')"),
                       ("a numeric input with an infinite loss", "check_ldp(M.continuous(['(1+x)/2', '(1-x)/2']), "
                                                                 "'eps', domain='eps > 0')")]:
        add(Probe(f"check_ldp zero entries: {name}", "mech", "api", code=LDP + call,
                  accept=REFUTED + " and result.counterexample[\"P(y | x')\"] == 0", limit=300))
    add(Probe("check_ldp a column of zeros costs nothing", "mech", "api",
              code=LDP + "check_ldp([['1/2', 0, '1/2'], ['1/4', 0, '3/4']], 'log(2)')",
              accept="result.status.value == 'proved'", limit=300))
    # bounds short by a tiny amount: refuted quickly (or a time-out within the budget)
    near = REFUTED + " or (" + TIMED_OUT + ")"
    matrix = ("M.matrix([['exp(eps)/(exp(eps)+1)', '1/(exp(eps)+1)'], ['1/(exp(eps)+1)', 'exp(eps)/(exp(eps)+1)']], "
              "domain='eps > 0')")
    product = "M.product(G, G)"
    for name, call in [("eps*0.9999", "check_ldp(G, 'eps*0.9999', domain='eps > 0, d >= 2', timeout=60)"),
                       ("eps - 1/10**6", "check_ldp(G, 'eps - 1/10**6', domain='eps > 0, d >= 2', timeout=60)"),
                       ("eps*(1 - 1/10**12)", "check_ldp(G, 'eps*(1 - 1/10**12)', domain='eps > 0, d >= 2', timeout=60)"),
                       ("2x2 matrix at 0.9999*eps", f"check_ldp({matrix}, '0.9999*eps', timeout=60)"),
                       ("product at 1.9999*eps", f"check_ldp({product}, '1.9999*eps', domain='eps > 0', timeout=60)")]:
        add(Probe(f"check_ldp near miss {name}", "mech", "api", code=LDP + call, accept=near, timeout=60, limit=300))
    # timeout= bounds every public check: inconclusive, "time-out"
    for name, code in [
            ("check_ldp", LDP + "check_ldp(G, 'eps - 1/10**6', domain='eps > 0, d >= 2', timeout=0.01)"),
            ("check_sign", "from proofs import check_sign\ncheck_sign('(exp(e)-1)/(exp(e)+1) - e/2', ['e > 0'], "
                           "sign='<=0', symbols=['e'], timeout=0.01)"),
            ("check_moment", LDP + "from proofs import check_moment\ncheck_moment('(C0 - n*q)/(p - q)', 'c0', mechanism=G, "
                             "counts={'0': 'c0'}, domain='eps > 0, d >= 2, 0 <= c0 <= n', timeout=0.01)"),
            ("check_approximation", LDP + "from proofs import check_approximation\ncheck_approximation("
                                    "'(c0*p*(1-p) + (n-c0)*q*(1-q))/(p-q)**2', 'n*(d - 2 + exp(eps))/(exp(eps) - 1)**2', "
                                    "regime='c0 -> 0', mechanism=G, domain='eps > 0, d >= 2, 0 <= c0 <= n, n >= 1', "
                                    "timeout=0.01)")]:
        add(Probe(f"{name} timeout=0.01 is a time-out", "sign" if name == "check_sign" else "moments"
                  if name in ("check_moment", "check_approximation") else "mech", "api", code=code, accept=TIMED_OUT,
                  timeout=0.01, limit=300))
    # huge sizes: decided for the family's closed form, or refused before anything is allocated
    for family in ("randomized_response(d={d}, epsilon='eps')", "unary_encoding(d={d}, p='1/2', q='1/(exp(eps)+1)')"):
        for d in ("10**9", "10**100"):
            call = f"check_ldp(M.{family.format(d=d)}, 'eps', domain='eps > 0')"
            add(Probe(f"check_ldp {family.split('(')[0]} d={d}", "mech", "api", code=LDP + call,
                      accept="result.status.value == 'proved'", refusal_ok=True, limit=300))
    add(Probe("check_ldp randomized_response d=10**9 planted error", "mech", "api",
              code=LDP + "check_ldp(M.randomized_response(d=10**9, epsilon='eps'), 'eps/2', domain='eps > 0')",
              accept=REFUTED, refusal_ok=True, limit=300))
    # printed matrices beyond 16 x 16 (the README: any printed matrix)
    rows = "[['exp(eps)/(exp(eps)+16)' if i == j else '1/(exp(eps)+16)' for j in range(17)] for i in range(17)]"
    add(Probe("check_ldp a printed 17 x 17 matrix", "mech", "api",
              code=LDP + f"check_ldp(M.matrix({rows}, domain='eps > 0'), 'eps')",
              accept="result.status.value == 'proved'", limit=300))
    distinct = "[[sympy.Rational(1 + i + j, sum(1 + i + k for k in range(70))) for j in range(70)] for i in range(70)]"
    add(Probe("check_ldp a 70 x 70 matrix of distinct entries (refused before work)", "mech", "api",
              code=LDP + f"import sympy\ncheck_ldp({distinct}, 1)", limit=300))
    # a domain from a bad payload
    domain = "from core.domain import Domain\n"
    for name, call in [("Domain.parse(5)", "Domain.parse(5)"), ("Domain.parse(object())", "Domain.parse(object())"),
                       ("Domain.parse(b'x > 0')", "Domain.parse(b'x > 0')"), ("Domain('x', 5)", "Domain('x', 5)"),
                       ("Domain(5, ())", "Domain(5, ())"), ("check_ldp domain=5", None)]:
        code = (LDP + "check_ldp(G, 'eps', domain=5)") if call is None else domain + call
        add(Probe(f"domain from a bad payload: {name}", "robust", "api", code=code, limit=300))
    return probes


#: Payloads in srepr text: each would create the file "pwned" if anything in it were run.
SREPR_PAYLOADS = {
    "Tuple": "Tuple(Integer(1), __import__('os').system('touch pwned'))",
    "Function": "Function('f')(__import__('os').system('touch pwned'))",
    "ImmutableMatrix": "ImmutableDenseMatrix([[__import__('os').system('touch pwned')]])",
    "FiniteSet": "FiniteSet(Integer(1), __import__('os').system('touch pwned'))",
    "Interval": "Interval(Integer(0), __import__('os').system('touch pwned'))",
    "Add": "Add(Symbol('x'), __import__('os').system('touch pwned'))",
    "Lambda": "Lambda(Symbol('x'), __import__('os').system('touch pwned'))",
    "Sum": "Sum(Symbol('k'), Tuple(Symbol('k'), Integer(0), __import__('os').system('touch pwned')))",
    "attribute": "Tuple(Symbol('x').__class__.__init__.__globals__['os'].system('touch pwned'))",
    "getattr": "Tuple(getattr(__builtins__, 'exec')(\"open('pwned', 'w')\"))",
}
HOSTILE_HTML = "<script>document.title='pwned'</script><img src=x onerror=alert(1)>"


def _hostile_report(srepr: str | None = None, statement: str = "x") -> str:
    claim = {"id": "X.probe", "title": "a probe", "source": "probes", "statement_latex": statement,
             "status": "proved", "methods": [{"method": "symbolic", "outcome": "proved", "domain": "all",
                                              "detail": {}}],
             "counterexample": None, "holds_when": None, "corrected": None, "seconds": 0.0}
    if srepr is not None:
        claim["derived"] = [{"name": "v", "srepr": srepr, "method": "symbolic", "reading": None}]
    return json.dumps({"schema": 2, "toolkit_version": "0.2.0", "budget": "quick", "claims": [claim],
                       "summary": {"proved": 1}})


CHECK_PRINTS = GOOD_CLAIMS.format(cid="Mine.prints", body="print('hello from a check') or Evidence('enumeration', "
                                                       "'inconclusive', 'none')")
KILLS_WORKER = textwrap.dedent('''
    import os, signal
    from proofs import Claim, Evidence, check, define
    for cid in ("Mine.ok", "Mine.kill"):
        define(Claim(id=cid, title="a probe", source="probes", statement="x", domain="none"))
        check(cid, "symbolic")(lambda budget: Evidence("symbolic", "inconclusive", "none"))
    check("Mine.ok", "enumeration")(lambda budget: Evidence("enumeration", "inconclusive", "none"))
    check("Mine.kill", "enumeration")(lambda budget: os.kill(os.getpid(), signal.SIGKILL))
''')


def _awaiting_probes() -> list[Probe]:
    """Kinds of bad input other areas fix in parallel, written against the expected behaviour."""
    probes: list[Probe] = []
    add = probes.append
    parse = "from core.formula import parse_srepr\n"
    for name, payload in SREPR_PAYLOADS.items():
        add(Probe(f"parse_srepr payload in {name}", "robust", "api", code=parse + f"parse_srepr({payload!r})",
                  forbid="pwned", awaits="core.formula (srepr injection)"))
        for fmt, extra in [("markdown", ("--format", "markdown")), ("json", ("--format", "json")),
                           ("latex", ("--latex", "tex")), ("html", ("--html", "r.html", "--no-figures"))]:
            add(Probe(f"cli export --from a report with a {name} payload in derived[].srepr ({fmt})", "reports",
                      "cli", ("export", "--from", "r.json", *extra), either=True, forbid="pwned",
                      files={"r.json": _hostile_report(payload)}, limit=300, awaits="reports (derived srepr)"))
    add(Probe("parse_srepr Rational('1/0')", "robust", "api", code=parse + "parse_srepr(\"Rational('1/0')\")",
              awaits="core.formula (srepr injection)"))
    for fmt, extra, written in [("html", ("--html", "r.html", "--no-figures"), "r.html"),
                                ("markdown", ("--format", "markdown", "--output", "r.md"), "r.md")]:
        add(Probe(f"cli export --from a report with a hostile HTML statement ({fmt})", "reports", "cli",
                  ("export", "--from", "r.json", *extra), either=True,
                  absent=((written, "<script>document.title"), (written, "<img src=x")),
                  files={"r.json": _hostile_report(statement=HOSTILE_HTML)}, limit=300, awaits="renderers (markup)"))
    # scaffold: files outside the paper's folder, a huge display, a doubling macro
    paper = "\\documentclass{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n"
    for name, body in [("\\input{/etc/hostname}", "\\input{/etc/hostname}"),
                       ("\\input{../../secret}", "\\input{../../secret}"),
                       ("a 3 MB display", "\\[ " + "x + " * 750_000 + "x \\]"),
                       ("a 20-level doubling \\def", "\\def\\a{x}" + "".join(
                           f"\\def\\{chr(98 + i)}{{\\{chr(97 + i)}\\{chr(97 + i)}}}" for i in range(20))
                        + f"\\[ \\{chr(97 + 20)} = 1 \\]")]:
        add(Probe(f"cli scaffold {name}", "robust", "cli", ("scaffold", "paper.tex", "--output", "out.py"),
                  files={"paper.tex": paper.format(body=body)}, limit=300, awaits="scaffold (inputs and sizes)"))
    # check_moment: a row or a prior that sums to a multiple of 1 is refused
    moment = LDP + "from proofs import check_moment\n"
    for name, call in [("a row summing to 2p", "check_moment('Y0', 'n*p', mechanism=[['p', 'p'], ['1/2', '1/2']], "
                                               "prior=['1/2', '1/2'], domain='0 < p < 1/2')"),
                       ("a prior summing to 2*pi", "check_moment('Y0', 'n*pi', mechanism=[['1', '0'], ['0', '1']], "
                                                   "prior=['pi', 'pi'], domain='0 < pi < 1/2')")]:
        add(Probe(f"check_moment {name}", "moments", "api", code=moment + call, limit=300,
                  awaits="moments (rows and priors)"))
    # empty domains never prove
    never = "result.status.value not in ('proved', 'supported')"
    for name, call in [("check_moment", "check_moment('(C0 - n*q)/(p - q)', 'c0', mechanism=G, counts={'0': 'c0'}, "
                                        "domain='eps > 1, eps < 0, d >= 2, 0 <= c0 <= n')"),
                       ("check_approximation", "check_approximation('n + 1', 'n', regime='n -> oo', "
                                               "domain='n > 1, n < 0')")]:
        add(Probe(f"{name} on an empty domain is never proved", "moments", "api",
                  code=LDP + f"from proofs import {name}\n" + call, accept=never, refusal_ok=True, limit=300,
                  awaits="moments/approximation (empty domains)"))
    # the command line's execution
    add(Probe("cli check: a check prints under --format json (stdout stays JSON)", "robust", "cli",
              ("check", "--claims", "prints.py", "--only-user", "--no-progress", "--format", "json", "--jobs", "1"),
              accept=0, json_stdout=True, files={"prints.py": CHECK_PRINTS}, limit=300, awaits="cli (execution)"))
    add(Probe("cli certificate onto an existing file (refused without --force)", "robust", "cli",
              ("certificate", "L3.2", "--budget", "quick", "--output", "existing"), files={"existing": "keep me\n"},
              limit=300, awaits="certificates (--force)"))
    add(Probe("cli check: a claims file calls os._exit(0) (an error, exit != 0)", "robust", "cli",
              ("check", "--claims", "osexit.py", "--only-user", "--no-progress"),
              files={"osexit.py": "import os\nos._exit(0)\n"}, limit=300, awaits="cli (execution)"))
    add(Probe("cli check: a check kills its own worker with --jobs 2 (costs only its claim)", "robust", "cli",
              ("check", "--claims", "kills.py", "--only-user", "--no-progress", "--jobs", "2", "--format", "json",
               "--output", "report.json"), accept=1, files={"kills.py": KILLS_WORKER}, limit=300,
              report_check="{c['id']: c['status'] for c in report['claims']} == "
                           "{'Mine.ok': 'inconclusive', 'Mine.kill': 'error'}", awaits="cli (execution)"))
    return probes


# ------------------------------------------------------------------------------------------------ running
LAUNCH = ("import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
          "sys.argv[0] = 'proofs'; runpy.run_module('proofs', run_name='__main__', alter_sys=True)")


def _folder(probe: Probe) -> Path:
    folder = Path(tempfile.mkdtemp(prefix="probe-"))
    for name, text in probe.files.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        if name.endswith("/.keep"):
            continue
        path.write_bytes(text.encode("utf-8", "surrogateescape"))
    return folder


def run_probe(probe: Probe) -> Outcome:
    folder = _folder(probe)
    started = time.monotonic()
    try:
        if probe.kind == "interrupt":
            cls, detail = _run_interrupt(probe, folder)
        else:
            cls, detail = _run(probe, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return Outcome(probe, cls, detail, time.monotonic() - started)


def _environment(folder: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS",)}
    env["PYTHONPATH"] = f"{ROOT}{os.pathsep}{env.get('PYTHONPATH', '')}"
    env["PROBE_MARKER"] = str(folder / "marker")
    return env


def _run(probe: Probe, folder: Path) -> tuple[str, str]:
    if probe.kind == "cli":
        argv = [sys.executable, "-c", LAUNCH, *probe.payload]
    else:
        argv = [sys.executable, "-c", HARNESS, json.dumps({"code": probe.code, "accept": probe.accept})]
    try:
        done = subprocess.run(argv, cwd=folder, capture_output=True, text=True, timeout=probe.limit,
                              env=_environment(folder), errors="replace")
    except subprocess.TimeoutExpired:
        return "hang", f"no end within {probe.limit:.0f} s"
    cls, detail = _classify_cli(probe, done) if probe.kind == "cli" else _classify_api(probe, done)
    return _after(probe, folder, done, cls, detail)


def _after(probe: Probe, folder: Path, done: subprocess.CompletedProcess, cls: str, detail: str) -> tuple[str, str]:
    """The checks made on what the probe left behind: a payload's marker file, markup passed on, stdout
    that must stay JSON, the JSON report's claims."""
    if probe.forbid and (folder / probe.forbid).exists():
        return "wrong", f"the payload ran: {probe.forbid} was created"
    for name, text in probe.absent:
        path = folder / name
        written = ([p for p in path.rglob("*") if p.is_file()] if path.is_dir() else [path] if path.exists() else [])
        for file in written:
            if text in file.read_text(errors="replace"):
                return "wrong", f"{file.name} holds {text!r} as written (markup passed on)"
    if cls != "clean":
        return cls, detail
    if probe.json_stdout:
        try:
            json.loads(done.stdout)
        except ValueError:
            return "wrong", f"stdout is not one JSON document: {done.stdout[:120]!r}"
    if probe.report_check:
        try:
            report = json.loads((folder / "report.json").read_text())
            ok = bool(eval(probe.report_check, {"report": report}))
        except (OSError, ValueError, KeyError, TypeError) as error:
            return "wrong", f"no usable report.json: {type(error).__name__}: {error}"
        if not ok:
            return "wrong", f"the report fails {probe.report_check}: " + str(
                [(c.get("id"), c.get("status")) for c in report.get("claims", [])])[:150]
    return cls, detail


#: A progress line (stderr is not a terminal here): what a run says as it goes, not an error.
_PROGRESS = re.compile(r"^\[\d+/\d+\] \S+: \w+ \(\d+\.\d s\)$")


def _classify_cli(probe: Probe, done: subprocess.CompletedProcess) -> tuple[str, str]:
    lines = [line for line in done.stderr.strip().splitlines() if not _PROGRESS.match(line)]
    if "Traceback" in done.stderr:
        return "traceback", lines[-1] if lines else ""
    if isinstance(probe.accept, int):
        if done.returncode == probe.accept:
            return "clean", f"exit {done.returncode}"
        return "wrong", f"exit {done.returncode}, expected {probe.accept}: {lines[-1] if lines else ''}"
    if done.returncode == 2 and len(lines) == 1 and lines[0].startswith("ldp-proofs: error: "):
        return "clean", lines[0]
    if probe.either and done.returncode == 0:
        return "clean", "exit 0"
    if done.returncode == 2:
        return "traceback", f"{len(lines)} lines on stderr: {' | '.join(lines[:3])}"
    return "wrong", f"exit {done.returncode}: {(lines or [''])[-1][:200]}"


def _classify_api(probe: Probe, done: subprocess.CompletedProcess) -> tuple[str, str]:
    if done.returncode != 0 or not done.stdout.strip():
        last = (done.stderr.strip().splitlines() or ["(nothing on stderr)"])[-1]
        return "traceback", last[:300]
    verdict = json.loads(done.stdout.strip().splitlines()[-1])
    seconds = verdict.get("seconds", 0.0)
    if probe.timeout is not None and seconds > 2 * probe.timeout + 10:
        return "hang", f"timeout={probe.timeout} not honoured: {seconds:.0f} s"
    if verdict["outcome"] == "refused":
        if probe.accept and not probe.refusal_ok:
            return "wrong", f"refused an acceptable input: {verdict['message'][:200]}"
        if "\n" in verdict["message"]:
            return "traceback", "a message of several lines: " + verdict["message"].splitlines()[0][:200]
        return "clean", verdict["message"][:200]
    if probe.accept:
        return ("clean", verdict["value"][:200]) if verdict.get("accepted") else ("wrong", "result: " + verdict["value"])
    return "wrong", "returned " + verdict["value"][:200]


def _default_signals() -> None:
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


def _run_interrupt(probe: Probe, folder: Path) -> tuple[str, str]:
    if probe.marker == "start-up":
        argv = [sys.executable, "-X", "importtime", "-m", "proofs", *probe.payload]
    else:
        argv = [sys.executable, "-c", LAUNCH, *probe.payload]
    with open(folder / "stdout", "w") as out, open(folder / "stderr", "w") as err:
        # a runner started in the background (`&`) ignores SIGINT, and its children would inherit that
        process = subprocess.Popen(argv, cwd=folder, stdout=out, stderr=err, env=_environment(folder),
                                   start_new_session=True, preexec_fn=_default_signals)
    deadline = time.monotonic() + probe.limit

    def ready() -> bool:
        if probe.marker == "start-up":
            return bool(re.search(r"\|\s+proofs\.runner$", (folder / "stderr").read_text(), re.M))
        marker = folder / "marker"
        return marker.exists() and probe.marker in marker.read_text()

    while not ready():
        if process.poll() is not None:
            return "wrong", f"ended before the signal, exit {process.returncode}"
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            return "hang", "never reached the point to interrupt"
        time.sleep(0.02)
    sent = time.monotonic()
    os.kill(process.pid, probe.signum)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
        return "hang", "still running 30 s after the signal"
    waited = time.monotonic() - sent
    said = [line for line in (folder / "stderr").read_text().splitlines() if not line.startswith("import time:")]
    expected = 128 + probe.signum
    report = folder / "report.json"
    if "Traceback" in "\n".join(said):
        return "traceback", said[-1] if said else ""
    if process.returncode != expected:
        return "wrong", f"exit {process.returncode}, expected {expected}"
    if waited > 2.0:
        return "hang", f"stopped {waited:.2f} s after the signal (more than 2 s)"
    if len(said) != 1 or "nothing was written" not in said[0]:
        return "wrong", f"stderr: {said}"
    if report.exists() and report.read_text() != "previous\n":
        return "wrong", "the previous output was overwritten"
    return "clean", f"{waited:.2f} s: {said[0]}"


# ------------------------------------------------------------------------------------------------- table
def table(outcomes: list[Outcome]) -> str:
    """The counts by class, area by area; probes that await a fix made in parallel in a table of their own."""
    own = [o for o in outcomes if not o.probe.awaits]
    awaiting = [o for o in outcomes if o.probe.awaits]
    text = _counts(own) if own or not awaiting else ""
    if awaiting:
        text += ("\n\n" if text else "") + "awaiting fixes made in parallel (expected behaviour):\n" + _counts(awaiting)
    return text


def _counts(outcomes: list[Outcome]) -> str:
    rows = [("", "tried", *CLASSES)]
    by_owner: dict[str, Counter] = {}
    for outcome in outcomes:
        by_owner.setdefault(outcome.probe.owner, Counter())[outcome.cls] += 1
    total = Counter(o.cls for o in outcomes)
    rows.append(("all", str(len(outcomes)), *(str(total[c]) for c in CLASSES)))
    for owner in sorted(by_owner):
        counts = by_owner[owner]
        rows.append((owner, str(sum(counts.values())), *(str(counts[c]) for c in CLASSES)))
    widths = [max(len(r[k]) for r in rows) for k in range(len(rows[0]))]
    return "\n".join("  ".join(cell.ljust(w) if k == 0 else cell.rjust(w) for k, (cell, w) in enumerate(zip(row, widths)))
                     for row in rows)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=2, help="probes run at once (default 2)")
    parser.add_argument("--only", default=None, help="only probes whose name matches this regular expression")
    parser.add_argument("--owner", default=None, help="only probes of this owner")
    parser.add_argument("--list", action="store_true", help="list the probes and exit")
    parser.add_argument("--awaiting", action="store_true", help="only the probes that await a fix made in parallel")
    parser.add_argument("--verbose", action="store_true", help="one line per probe as it ends")
    parser.add_argument("--json", metavar="FILE", help="also write every outcome to FILE")
    args = parser.parse_args(argv)
    chosen = [p for p in probes() if (args.only is None or re.search(args.only, p.name))
              and (args.owner is None or p.owner == args.owner) and (not args.awaiting or p.awaits)]
    if args.list:
        for p in chosen:
            print(f"{p.owner:8} {p.kind:9} {p.name}" + (f"  [awaits: {p.awaits}]" if p.awaits else ""))
        print(f"{len(chosen)} probes")
        return 0
    outcomes: list[Outcome] = []
    started = time.monotonic()
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:  # each line as its probe ends
        for future in as_completed([pool.submit(run_probe, p) for p in chosen]):
            outcome = future.result()
            outcomes.append(outcome)
            if args.verbose or outcome.cls != "clean":
                print(f"{outcome.cls:9} {outcome.probe.owner:8} {outcome.probe.name}: {outcome.detail}"[:240],
                      flush=True)
            if len(outcomes) % 50 == 0:
                print(f"... {len(outcomes)}/{len(chosen)} probes ended", flush=True)
    print()
    print(table(outcomes))
    print(f"\n{len(outcomes)} probes in {time.monotonic() - started:.0f} s (times depend on the machine's load)")
    if args.json:
        Path(args.json).write_text(json.dumps([{"name": o.probe.name, "owner": o.probe.owner, "class": o.cls,
                                                "awaits": o.probe.awaits,
                                                "detail": o.detail, "seconds": round(o.seconds, 2)}
                                               for o in outcomes], indent=1, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
