"""Command line: ``python -m proofs`` (= ``ldp-proofs``).

    python -m proofs                      # check every claim (same as `check`)
    python -m proofs check L3.2 Eq2       # some claims
    python -m proofs list [--format json]
    python -m proofs show T3.10
    python -m proofs figures DIR          # the paper's figures as PNG
    python -m proofs check --latex DIR    # also DIR/report.tex and DIR/claims/<id>.tex (LaTeX export)
    python -m proofs --html report.html   # also one self-contained HTML page (MathML, figures inline)
    python -m proofs export --from report.json --latex DIR      # the same export, no re-running
    python -m proofs export --from report.json --html report.html
    python -m proofs export --from report.json --format markdown  # the report as Markdown, $...$ math
    python -m proofs coverage [--paper 003]                    # what the claims cover of the texts
    python -m proofs scaffold paper.tex [--output claims.py]   # a claims file for your paper's LaTeX
    python -m proofs coverage --paper paper.tex --claims claims.py [--html coverage.html]
    python -m proofs check --claims my_claims.py [--only-user] # your own claims (runs the file's code)
    python -m proofs --scheduler local                         # the claims as tasks of a Dask cluster
    python -m proofs certificate L3.2 T3.10 --output certs/    # one standalone script per verdict
    python -m proofs --certificates certs/                     # a whole run, and its certificates

Options may be given before or after the command, with the same meaning (``--format json check L3.2`` is
``check L3.2 --format json``); an option the command does not take, or one given twice with different
values, is a usage error. Rendering lives in :mod:`proofs.report`; this module parses options, runs, and
hands the report over. Every output is rendered in memory and written at the end, all files at once or
none (:class:`proofs.files.Transaction`); every target is checked before the checks start.

Progress goes to stderr: a bar on a terminal, otherwise one line per finished claim (``--no-progress``:
none). So does whatever a claims file or a check prints: stdout carries the report alone.

Exit codes: 0 the run completed (refuted claims are findings, not failures); 1 a check errored or
``--fail-on`` triggered, or ``certificate`` could not certify a verdict (no machine-checked step); 2 a usage
error (unknown id, bad option, a claims file that does not load, exits or ends the process, a certificate
already in place without ``--force``), with a one-line message; 130 or 143 the run was stopped by SIGINT (Ctrl-C) or SIGTERM: every
worker is stopped, one line says how many claims had finished and what was written (nothing, unless the
signal came after the outputs were in place).
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import signal
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from core.errors import ToolkitError, invalid
from proofs import runner
from proofs.base import registry
from proofs.base.budget import BUDGETS
from proofs.base.verdict import Status
from proofs.certificates import check_directory as check_certificates_directory, file_name, write_certificates
from proofs.reading.render import (render_html as coverage_html, render_markdown as coverage_markdown,
                                    render_table as coverage_table)
from proofs.reading.coverage import coverage as coverage_of
from proofs.execution import signals
from proofs.execution.cluster import check_address
from proofs.base.extras import require
from proofs.report import outputs
from proofs.files import Transaction, check_directory
from proofs.report.schema import ClaimReport, Report, load_report
from proofs.report import view
from proofs.report.terminal import plain, render_claim
from proofs.reading.command import scaffold
from proofs.userclaims import load_claims_file

__all__ = ["main"]

USAGE_ERROR = 2
PROGRAM = "ldp-proofs"
#: Most worker processes ``--jobs`` accepts (each holds a copy of the registry).
MAX_JOBS = 512

_CLAIMS_HELP = ("load the claims of this Python file (repeatable). The file is imported: its code runs with "
                "your permissions, for every command that takes --claims (check, list, show, coverage) and, "
                "with --scheduler, on every Dask worker. Load only files you trust; see examples/")


class _UsageError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


def _positive_jobs(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid value {text!r}: a whole number of worker processes") from None
    if not 1 <= value <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"invalid value {value}: between 1 and {MAX_JOBS} worker processes")
    return value


def _path(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("an empty path; give a file or directory name")
    return text


def _address(text: str) -> str:
    if not text.strip():
        raise argparse.ArgumentTypeError("empty; give 'local' or a scheduler address such as tcp://HOST:8786")
    return text


@dataclass(frozen=True)
class _Option:
    """One option: its flag, where it goes, the commands that take it, and its default per command."""

    flag: str
    dest: str
    commands: tuple[str, ...]
    help: str
    kwargs: dict[str, Any] = field(default_factory=dict)
    default: Any = None
    defaults: dict[str, Any] = field(default_factory=dict)
    #: per command, the help and the choices it shows and takes, where they differ from ``help`` and ``kwargs``
    helps: dict[str, str] = field(default_factory=dict)
    choices: dict[str, tuple[str, ...]] = field(default_factory=dict)

    @property
    def repeated(self) -> bool:
        return self.kwargs.get("action") == "append"

    def default_for(self, command: str) -> Any:
        value = self.defaults.get(command, self.default)
        return list(value) if isinstance(value, list) else value

    def kwargs_for(self, command: str) -> dict[str, Any]:
        """What ``command``'s parser is given: its help shows only the choices that command takes (the others
        are refused by :func:`parse` with a line that says which command takes them)."""
        if command not in self.choices:
            return self.kwargs
        return {**self.kwargs, "metavar": "{" + ",".join(self.choices[command]) + "}"}


_RUNS = ("check", "show", "certificate")
_REPORTS = ("check", "list", "show", "coverage", "export")
#: Formats only some commands write (the others refuse them in one line, and their help does not offer them).
_ONLY = {"html": ("coverage",)}
_FORMATS = ("table", "json", "markdown", "html")
_FORMAT_HELP = "table (summary and one line per claim: the default), json, or markdown ($...$ math)"
OPTIONS: tuple[_Option, ...] = (
    _Option("--format", "format", _REPORTS,
            _FORMAT_HELP + "; with export, also print the report in this format; html with coverage (one "
            "self-contained page)", {"choices": _FORMATS}, default="table", defaults={"export": None},
            helps={**{c: _FORMAT_HELP for c in _REPORTS},
                   "export": _FORMAT_HELP.replace(": the default", "") + ": also print the report in this format",
                   "coverage": "table (the default), json, markdown ($...$ math), or html (one self-contained page)"},
            choices={c: tuple(f for f in _FORMATS if c in _ONLY.get(f, (c,))) for c in _REPORTS}),
    _Option("--output", "output", (*_REPORTS, "scaffold", "certificate"), "write the --format output to FILE "
            "instead of stdout (scaffold: the claims file, default PAPER_claims.py beside the paper; an edited one "
            "is never overwritten: new entries go to FILE.new.py; certificate: the directory of the certificates, "
            "required)", {"metavar": "FILE", "type": _path}),
    _Option("--budget", "budget", _RUNS, "sizes of grids and random searches (default: standard)",
            {"choices": tuple(BUDGETS)}, default="standard"),
    _Option("--fail-on", "fail_on", _RUNS, "exit 1 when any claim has this status: refuted, or vacuous (its premise "
            "never holds); may be repeated", {"choices": ("refuted", "vacuous"), "action": "append"}, default=[]),
    _Option("--jobs", "jobs", ("check", "certificate"), "worker processes (default: the number of cores; a check that kills "
            "its process costs only its claim, also with 1)", {"type": _positive_jobs, "metavar": "N"}),
    _Option("--no-progress", "no_progress", ("check",), "no progress on stderr (a bar on a terminal, otherwise one "
            "line per finished claim)", {"action": "store_true"}, default=False),
    _Option("--scheduler", "scheduler", ("check",), "run the claims as tasks of a Dask scheduler: 'local' starts "
            "a LocalCluster, tcp://HOST:8786 uses a running one (default: worker processes on this machine)",
            {"metavar": "ADDRESS", "type": _address}),
    _Option("--claims", "claims", ("check", "list", "show", "coverage", "certificate"), _CLAIMS_HELP,
            {"metavar": "FILE", "action": "append", "type": _path}, default=[]),
    _Option("--only-user", "only_user", ("check", "list", "coverage", "certificate"),
            "only the claims of the --claims files, not the built-in catalog", {"action": "store_true"},
            default=False),
    _Option("--latex", "latex", ("check", "export"),
            "also write DIR/report.tex and one fragment per claim in DIR/claims", {"metavar": "DIR", "type": _path}),
    _Option("--html", "html", ("check", "export", "coverage"),
            "also write one self-contained HTML page (MathML, figures inline, works offline)",
            {"metavar": "FILE", "type": _path}),
    _Option("--no-figures", "no_figures", ("check", "export"),
            "leave the figures out of the HTML page (drawing them takes about 14 s)", {"action": "store_true"},
            default=False),
    _Option("--certificates", "certificates", ("check",), "also write DIR/<id>.py: one proof certificate per "
            "verdict, a script that re-checks its machine-checked steps without this toolkit",
            {"metavar": "DIR", "type": _path}),
    _Option("--force", "force", ("check", "certificate"), "replace certificates that are already in the directory "
            "(without it, an existing one is a usage error and nothing is written)", {"action": "store_true"},
            default=False),
    _Option("--from", "source", ("export",), "a report written by `python -m proofs --format json --output FILE`",
            {"metavar": "FILE", "type": _path}),
    _Option("--paper", "paper", ("coverage",),
            "only this text, or a paper's LaTeX source (repeatable; default: 003 and 004)",
            {"metavar": "003|004|PAPER.tex", "action": "append", "type": _path}, default=[]),
    _Option("--root", "root", ("coverage", "scaffold"),
            "the folder a paper's LaTeX may read from (default: the paper's own folder); an \\input outside it is "
            "refused", {"metavar": "DIR", "type": _path}),
)

COMMANDS = {
    "check": "run the checks (the default command)",
    "list": "list the registered claims",
    "show": "statement, interpretation and evidence of one claim",
    "export": "export a JSON report (--from) as LaTeX (--latex DIR), HTML (--html FILE), Markdown or a table, "
              "without re-running",
    "figures": "write the paper's figures as PNG files into DIR",
    "coverage": "every numbered result and displayed formula of 003 and 004 (or of your paper's LaTeX), and the "
                "claims that cover it",
    "scaffold": "write a claims file for a paper's LaTeX: every numbered result and displayed formula located, "
                "read into sympy, pending a check",
    "certificate": "run some claims and write one proof certificate per verdict into --output DIR: a script that "
                   "re-checks the verdict's machine-checked steps without this toolkit",
}


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="python -m proofs", description="Check the claims of the paper and the report.",
                     epilog="Options may come before or after the command. A --claims FILE is Python code, "
                            "and it is run.")
    for option in OPTIONS:
        where = "" if set(option.commands) >= set(COMMANDS) - {"figures", "scaffold", "certificate"} else f" [{', '.join(option.commands)}]"
        parser.add_argument(option.flag, dest=f"before_{option.dest}", default=argparse.SUPPRESS,
                            help=option.help + where, **option.kwargs)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name, text in COMMANDS.items():
        command = sub.add_parser(name, help=text, description=text[0].upper() + text[1:] + ".")
        for option in OPTIONS:  # every option, so that one the command does not take is named as such
            command.add_argument(option.flag, dest=option.dest, default=argparse.SUPPRESS,
                                 help=option.helps.get(name, option.help) if name in option.commands
                                 else argparse.SUPPRESS, **option.kwargs_for(name))
        if name == "check":
            command.add_argument("ids", nargs="*", metavar="ID", help="claims to check (default: every claim)")
        elif name == "show":
            command.add_argument("id", metavar="ID")
        elif name == "figures":
            command.add_argument("directory", metavar="DIR", type=_path)
        elif name == "scaffold":
            command.add_argument("tex", metavar="PAPER.tex", type=_path, help="the paper's LaTeX source")
        elif name == "certificate":
            command.add_argument("ids", nargs="+", metavar="ID", help="the claims whose verdicts are certified")
    return parser


_MISSING = object()


def parse(argv: Sequence[str]) -> tuple[str, argparse.Namespace]:
    """The command and its options, from options given before or after the command (see the module
    docstring); a :class:`_UsageError` for an option the command does not take or two different values."""
    given = vars(_parser().parse_args(list(argv)))
    command = given.pop("command", None) or "check"
    values: dict[str, Any] = {}
    for option in OPTIONS:
        before, after = given.pop(f"before_{option.dest}", _MISSING), given.pop(option.dest, _MISSING)
        if (before is not _MISSING or after is not _MISSING) and command not in option.commands:
            raise _UsageError(f"{option.flag} does not apply to `{command}` (it applies to {', '.join(option.commands)})")
        if command not in option.commands:
            continue
        if option.repeated:
            values[option.dest] = [*(before if before is not _MISSING else []), *(after if after is not _MISSING else [])]
        elif before is not _MISSING and after is not _MISSING and before != after:
            raise _UsageError(f"{option.flag} given twice: {before!r} before `{command}` and {after!r} after it")
        else:
            values[option.dest] = next((v for v in (after, before) if v is not _MISSING), _MISSING)
            if values[option.dest] is _MISSING:
                values[option.dest] = option.default_for(command)
    commands = _ONLY.get(values.get("format"))
    if commands and command not in commands:
        raise _UsageError(f"--format {values['format']} applies to {', '.join(commands)}, not to `{command}`")
    values.update(given)
    values.setdefault("ids", [])
    return command, argparse.Namespace(**values)


# --------------------------------------------------------------------------------------------- helpers
#: The outputs the current command has written (for the line printed when it is interrupted).
_written: list[str] = []


def _commit(transaction: Transaction) -> list[str]:
    written = transaction.commit()
    _written.extend(written)
    return written


def _emit(text: str, output: str | None) -> None:
    text = text if text.endswith("\n") else text + "\n"
    if output is not None:
        transaction = Transaction()
        transaction.add_file(output, text, "--output")
        _commit(transaction)
    else:
        sys.stdout.write(text)


def _claims(args: argparse.Namespace, ids: Sequence[str] = ()) -> list:
    """The claims a command works on: claims files loaded first (every file checked before any work),
    then the ids (each once, in the order given), or every claim (only those of the files with
    --only-user)."""
    user: list[str] = []
    for path in getattr(args, "claims", []):
        _try_claims_file(path)
        user.extend(load_claims_file(path))
    ids = list(dict.fromkeys(ids))
    if getattr(args, "only_user", False):
        if not user:
            raise _UsageError("--only-user needs at least one --claims FILE")
        return registry.resolve(ids or user)
    return registry.resolve(ids)


def _try_claims_file(path: str) -> None:
    """Load the claims file ``path`` first in a forked process, silenced: one that ends the process while it
    loads (``os._exit``, a signal it sends itself) is then a one-line error naming it, not the silent end
    of the command. A file that loads, or fails with an error of its own, is then loaded here (where the
    error is raised the same way)."""
    read, write = os.pipe()
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, signals.SIGNALS)  # until the trial has its own handlers
    pid = os.fork()
    if pid == 0:  # the trial: report whether the load came back, then end without running anything else
        try:
            os.close(read)
            signal.signal(signal.SIGINT, signal.SIG_IGN)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
            quiet = os.open(os.devnull, os.O_WRONLY)
            os.dup2(quiet, 1)
            os.dup2(quiet, 2)
            with contextlib.suppress(BaseException):
                load_claims_file(path)
            os.write(write, b"returned")  # loaded, or refused with an error of its own
        finally:
            os._exit(0)
    os.close(write)
    try:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)  # a signal that came meanwhile stops us here
        with os.fdopen(read, "rb") as answer:
            came_back = answer.read() == b"returned"
        status = os.waitpid(pid, 0)[1]
        pid = 0
    finally:
        if pid:  # interrupted while waiting: the trial ends with the command
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
                os.waitpid(pid, 0)
    if not came_back:
        code = os.waitstatus_to_exitcode(status)
        how = f"killed by {signal.Signals(-code).name}" if code < 0 else f"exit code {code}"
        raise invalid("claims", path, f"the file ended the process while it was loaded ({how})",
                      "a claims file defines claims and checks; it does not end the program")


@contextlib.contextmanager
def _progress(args: argparse.Namespace, total: int) -> Iterator[Callable[[Any], None] | None]:
    """What is said on stderr while claims run: a bar on a terminal, one line per finished claim
    otherwise (a log, a pipe, CI), nothing with --no-progress."""
    if args.no_progress:
        yield None
        return
    if sys.stderr.isatty():
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        with Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      TextColumn("{task.description}"), console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("", total=total)
            yield lambda result: bar.update(task, advance=1, description=f"{result.claim.id}: {result.status.value}")
        return
    done = [0]

    def line(result: Any) -> None:
        done[0] += 1
        print(f"[{done[0]}/{total}] {result.claim.id}: {result.status.value} ({result.seconds:.1f} s)",
              file=sys.stderr, flush=True)

    yield line


def _say_written(report: Report, args: argparse.Namespace, stream: Any) -> None:
    if getattr(args, "latex", None) is not None:
        print(f"wrote {args.latex}/report.tex and {len(report.claims)} claim fragments", file=stream)
    if getattr(args, "html", None) is not None:
        print(f"wrote {args.html}", file=stream)


# -------------------------------------------------------------------------------------------- commands
def _figures_installed(args: argparse.Namespace) -> None:
    """An HTML page draws figures (matplotlib, an extra): a one-line error before any work when it is missing."""
    if args.html is not None and not args.no_figures:
        require("figures", "--html", args.html, "drawing the page's figures", "add --no-figures")


def _check(args: argparse.Namespace) -> int:
    outputs.check_targets(output=args.output, latex=args.latex, html=args.html)
    _figures_installed(args)
    if args.scheduler is not None:
        check_address(args.scheduler)
        require("cluster", "--scheduler", args.scheduler, "running the claims on a Dask scheduler")
    if args.certificates is not None:
        check_certificates_directory(args.certificates)
    claims = _claims(args, args.ids)  # every claims file and every id checked before any work starts
    if args.certificates is not None:
        _refuse_to_replace(args.certificates, claims, "--certificates", args.force)
    with _progress(args, len(claims)) as advance:
        results = runner.run(claims, args.budget, jobs=args.jobs, on_result=advance, scheduler=args.scheduler)

    coverage = outputs.coverage(whole_catalog=len(claims) == len(registry.claims()))  # the summary shows it
    report = Report.from_results(results, args.budget, coverage=coverage)
    transaction = Transaction()
    outputs.stage(transaction, report, fmt=args.format, output=args.output, html=args.html, latex=args.latex,
                  figures=not args.no_figures)
    _commit(transaction)
    if args.output is None:
        outputs.emit(report, args.format, None)
    _say_written(report, args, sys.stderr)
    if args.certificates is not None:
        _write_certificates(results, args.certificates)

    errored = [r for r in results if r.status is Status.ERROR]
    for r in errored:
        print(f"ERROR in {r.claim.id}: {r.verdict.reason}", file=sys.stderr)
    if errored or any(r.status.value in args.fail_on for r in results):
        return 1
    return 0


def _write_certificates(results: Sequence, directory: str) -> bool:
    """Write the certificates of ``results``; say on stderr what was written and which verdicts have none.
    True when every verdict got one."""
    written, refused = write_certificates(results, directory)
    if written:
        _written.append(f"{len(written)} certificate{'s' if len(written) != 1 else ''} into {directory}")
        print(f"wrote {len(written)} certificate{'s' if len(written) != 1 else ''} into {directory}", file=sys.stderr)
    for line in refused:
        print(f"{PROGRAM}: {line}", file=sys.stderr)
    return not refused


def _refuse_to_replace(directory: str, claims: Sequence, option: str, force: bool) -> None:
    """A certificate already in ``directory`` is replaced only with --force: otherwise a one-line error
    naming it, before any work (so nothing is written)."""
    if force:
        return
    for claim in claims:
        path = os.path.join(directory, file_name(claim.id))
        if os.path.lexists(path):
            raise invalid(option, path, "a certificate is already there", "add --force to replace it")


def _certificate(args: argparse.Namespace) -> int:
    if args.output is None:
        raise _UsageError("certificate needs --output DIR, the directory of the certificates")
    check_certificates_directory(args.output)
    claims = _claims(args, args.ids)  # every id checked before any work starts
    _refuse_to_replace(args.output, claims, "--output", args.force)
    results = runner.run(claims, args.budget, jobs=args.jobs)
    return 0 if _write_certificates(results, args.output) else 1


def _list(args: argparse.Namespace) -> int:
    if args.output is not None:
        outputs.check_targets(output=args.output)
    claims = _claims(args)
    if args.format == "json":
        _emit(json.dumps([{"id": c.id, "title": c.title, "source": c.source} for c in claims], indent=2,
                         ensure_ascii=False), args.output)
    elif args.format == "markdown":
        _emit("\n".join(["| id | title | source |", "|---|---|---|"]
                        + [f"| `{c.id}` | {c.title} | {c.source} |" for c in claims]), args.output)
    else:
        from rich.table import Table

        table = Table(title=f"{len(claims)} registered claim{'s' if len(claims) != 1 else ''}")
        for column in ("id", "title", "source", "checks"):
            table.add_column(column)
        for c in claims:  # titles' math as Unicode, as the report shows it; Text: no cell is read as markup
            checks = ", ".join(k.method.value for k in registry.checks_for(c.id)) or "—"
            table.add_row(*(Text(cell) for cell in (c.id, plain(view.domain(c.title)), c.source, checks)))
        if args.output is not None:
            buffer = io.StringIO()
            Console(file=buffer, width=outputs.FILE_WIDTH).print(table)
            _emit(buffer.getvalue(), args.output)
        else:
            Console().print(table)
    return 0


def _show(args: argparse.Namespace) -> int:
    if args.output is not None:
        outputs.check_targets(output=args.output)
    _claims(args)
    claim = registry.get(args.id)
    result = runner.run([claim], args.budget, jobs=1)[0]
    if args.format == "json":
        _emit(json.dumps(ClaimReport.from_result(result).to_json(), indent=2, ensure_ascii=False), args.output)
    elif args.format == "markdown":
        _emit(outputs.render(Report.from_results([result], args.budget), "markdown"), args.output)
    elif args.output is not None:
        buffer = io.StringIO()
        render_claim(ClaimReport.from_result(result), Console(file=buffer, width=outputs.FILE_WIDTH))
        _emit(buffer.getvalue(), args.output)
    else:
        render_claim(ClaimReport.from_result(result), Console())
    if result.status is Status.ERROR or result.status.value in args.fail_on:
        return 1
    return 0


def _export(args: argparse.Namespace) -> int:
    if args.source is None:
        raise _UsageError("export needs --from FILE (a report written with --format json --output FILE)")
    if args.latex is None and args.format is None and args.html is None:
        raise _UsageError("export needs --latex DIR, --html FILE or --format table|markdown|json")
    if args.output is not None and args.format is None:
        raise _UsageError("--output needs --format with export (the format to write)")
    report = load_report(args.source)  # every input checked before anything is written
    outputs.check_targets(output=args.output, latex=args.latex, html=args.html)
    _figures_installed(args)
    transaction = Transaction()
    outputs.stage(transaction, report, fmt=args.format, output=args.output, html=args.html, latex=args.latex,
                  figures=not args.no_figures)
    _commit(transaction)
    _say_written(report, args, sys.stdout if args.format is None or args.output else sys.stderr)
    if args.format is not None and args.output is None:
        outputs.emit(report, args.format, None)  # a table on a terminal: in colour
    return 0


def _figures(args: argparse.Namespace) -> int:
    # matplotlib takes a second to import, and only this command draws (the figures of the HTML page
    # are drawn by proofs.report.figures when they are asked for)
    require("figures", "figures", args.directory, "drawing the figures")
    from proofs.figures import write_figures  # optional: matplotlib (the figures extra), for this command only

    check_directory(args.directory, "directory")
    for path in write_figures(args.directory):
        _written.append(str(path))
        print(path)
    return 0


def _coverage(args: argparse.Namespace) -> int:
    outputs.check_targets(output=args.output, html=args.html)
    claims = _claims(args)
    report = coverage_of(claims, papers=tuple(dict.fromkeys(args.paper)) or ("003", "004"), root=args.root)
    transaction = Transaction()  # --html and --output written together, or neither
    if args.html is not None:
        transaction.add_file(args.html, coverage_html(report), "--html")
    if args.format == "html" and args.output is not None:
        transaction.add_file(args.output, coverage_html(report), "--output")
    _commit(transaction)
    if args.html is not None:
        print(f"wrote {args.html}", file=sys.stderr)
    if args.format == "html":
        if args.output is None:
            sys.stdout.write(coverage_html(report))
    elif args.format == "json":
        _emit(json.dumps(report.to_json(), indent=2, ensure_ascii=False), args.output)
    elif args.format == "markdown":
        _emit(coverage_markdown(report), args.output)
    elif args.output is not None:
        buffer = io.StringIO()
        coverage_table(report, Console(file=buffer, width=160))
        _emit(buffer.getvalue(), args.output)
    else:
        coverage_table(report, Console())
    return 0


def _scaffold(args: argparse.Namespace) -> int:
    for line in scaffold(args.tex, args.output, args.root).summary():
        print(line)
    return 0


_COMMANDS: dict[str, Callable[[argparse.Namespace], int]] = {
    "check": _check, "list": _list, "show": _show, "export": _export, "figures": _figures, "coverage": _coverage,
    "scaffold": _scaffold, "certificate": _certificate,
}


def _stopped(signum: int, finished: int | None = None, total: int | None = None) -> str:
    written = f"wrote {', '.join(_written)}" if _written else "nothing was written"
    return f"{PROGRAM}: " + signals.message(signum, finished, total, written)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit code. Called without ``argv`` (``python -m proofs``, the
    ``ldp-proofs`` script) it owns the process: after a stopping signal the process ends within
    :data:`proofs.execution.signals.GRACE` seconds even if some work cannot be interrupted."""
    owner = argv is None
    argv = list(sys.argv[1:] if argv is None else argv)
    _written.clear()
    code = _main(argv, owner)
    if owner and (signum := signals.received()) is not None:
        # stopped: the line is printed (here, if a library swallowed the signal's exception and the command
        # went on to its end) and the exit code says which signal; nothing is left to do but end (tearing
        # down a large heap would only delay the exit the user asked for)
        signals.announce(_stopped(signum))
        signals.end_process(signals.exit_code(signum))
    return code


@contextlib.contextmanager
def _hypothesis_storage_outside_the_working_directory() -> Iterator[None]:
    """Hypothesis, which property checks and claims files may use, caches what it learns (the constants
    of the modules it runs, a Unicode table) in ``./.hypothesis`` even with its example database off; a
    run writes only the outputs asked for, so for the process's lifetime that cache goes to a temporary
    directory (inherited by worker processes), removed at the end. A ``HYPOTHESIS_STORAGE_DIRECTORY``
    the user set is left as it is."""
    if os.environ.get("HYPOTHESIS_STORAGE_DIRECTORY"):
        yield
        return
    scratch = tempfile.mkdtemp(prefix="ldp-proofs-hypothesis-")
    os.environ["HYPOTHESIS_STORAGE_DIRECTORY"] = scratch
    try:
        yield
    finally:
        os.environ.pop("HYPOTHESIS_STORAGE_DIRECTORY", None)
        shutil.rmtree(scratch, ignore_errors=True)


def _main(argv: list[str], owner: bool) -> int:
    with contextlib.ExitStack() as stack:
        try:  # a signal that lands while the blocks are entered is caught below, as one during the command
            if owner:
                stack.enter_context(_hypothesis_storage_outside_the_working_directory())
                stack.enter_context(signals.exiting_when_stalled(f"{PROGRAM}: ", lambda: list(_written)))
            stack.enter_context(signals.catching_signals(redeliver=False))
            command, args = parse(argv)
            return _COMMANDS[command](args)
        except signals.Interrupted as stop:
            with signals.deferred():
                signals.announce(_stopped(stop.signum, stop.finished, stop.total))
            return stop.exit_code
        except signals.Stop as stop:
            with signals.deferred():
                signals.announce(_stopped(stop.signum))
            return signals.exit_code(stop.signum)
        except KeyboardInterrupt:  # raised by a library outside a run
            with signals.deferred():
                signals.announce(_stopped(signals.received() or 2))
            return signals.exit_code(signals.received() or 2)
        except (_UsageError, ToolkitError) as exc:
            print(f"{PROGRAM}: error: {exc}", file=sys.stderr)
            return USAGE_ERROR
        except BrokenPipeError:
            return 0
    return 0  # pragma: no cover - every path above returns


if __name__ == "__main__":
    raise SystemExit(main())
