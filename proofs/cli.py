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
    python -m proofs check --claims my_claims.py [--only-user] # your own claims, beside or instead of ours
    python -m proofs --scheduler local                         # the claims as tasks of a Dask cluster
    python -m proofs certificate L3.2 T3.10 --output certs/    # one standalone script per verdict
    python -m proofs --certificates certs/                     # a whole run, and its certificates

Rendering lives in :mod:`proofs.report` (the schema of the JSON, the terminal table, HTML, LaTeX,
Markdown); this module parses options, runs, and hands the report over.

Exit codes: 0 the run completed (refuted claims are findings, not failures); 1 a check errored or
``--fail-on`` triggered, or ``certificate`` could not certify a verdict (no machine-checked step); 2 a usage
error (unknown id, bad option, a claims file that does not load, an unwritable output), with a one-line
message; 130 or 143 the run was stopped by SIGINT (Ctrl-C) or SIGTERM: every worker is stopped,
one line says how many claims had finished, and nothing is written.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
from collections.abc import Sequence

from proofs.base import registry
from proofs.base.budget import BUDGETS
from proofs.base.verdict import Status
from proofs.certificates import check_directory, write_certificates
from proofs.errors import ToolkitError
from proofs.execution import Interrupted

__all__ = ["main"]

USAGE_ERROR = 2


class _Parser(argparse.ArgumentParser):
    """argparse with a one-line error and exit code 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise _UsageError(message)


class _UsageError(Exception):
    pass


def _parser() -> argparse.ArgumentParser:
    common = _Parser(add_help=False)
    common.add_argument("--format", choices=("table", "json", "markdown"), default="table",
                        help="table (summary and one line per claim, the default), json, or markdown ($...$ math)")
    common.add_argument("--output", metavar="FILE", help="write the report to FILE instead of stdout")

    run_opts = _Parser(add_help=False)
    run_opts.add_argument("--budget", choices=tuple(BUDGETS), default="standard",
                          help="sizes of grids and random searches (default: standard)")
    run_opts.add_argument("--fail-on", choices=("refuted",), action="append", default=[],
                          help="exit 1 when any claim is refuted")
    run_opts.add_argument("--jobs", type=int, default=None, help="worker processes (default: the number of cores)")
    run_opts.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    run_opts.add_argument("--scheduler", metavar="ADDRESS", default=None,
                          help="run the claims as tasks of a Dask scheduler: 'local' starts a LocalCluster, "
                               "tcp://HOST:8786 uses a running one (default: worker processes on this machine)")
    run_opts.add_argument("--certificates", metavar="DIR", default=None,
                          help="also write DIR/<id>.py: one proof certificate per verdict, a script that re-checks "
                               "its machine-checked steps without this toolkit")

    claims_opt = _Parser(add_help=False)
    claims_opt.add_argument("--claims", metavar="FILE", action="append", default=[],
                            help="also load the claims of this Python file (repeatable); see examples/")
    claims_opt.add_argument("--only-user", action="store_true",
                            help="only the claims of the --claims files, not the built-in catalog")

    latex_opt = _Parser(add_help=False)
    latex_opt.add_argument("--latex", metavar="DIR",
                           help="also write DIR/report.tex and one fragment per claim in DIR/claims")
    latex_opt.add_argument("--html", metavar="FILE",
                           help="also write one self-contained HTML page (MathML, figures inline, works offline)")
    latex_opt.add_argument("--no-figures", action="store_true",
                           help="leave the figures out of the HTML page (drawing them takes about 14 s)")

    parser = _Parser(prog="python -m proofs", description="Check the claims of the paper and the report.",
                     parents=[common, run_opts, latex_opt, claims_opt])
    sub = parser.add_subparsers(dest="command")
    chk = sub.add_parser("check", parents=[common, run_opts, latex_opt, claims_opt], help="run the checks (default)")
    chk.add_argument("ids", nargs="*", metavar="ID")
    sub.add_parser("list", parents=[common, claims_opt], help="list the registered claims")
    show = sub.add_parser("show", parents=[common, run_opts, claims_opt],
                          help="statement, interpretation and evidence of one claim")
    show.add_argument("id", metavar="ID")
    export = sub.add_parser("export", parents=[latex_opt],
                            help="export a JSON report (--from) as LaTeX (--latex DIR), HTML (--html FILE), "
                                 "Markdown or a table, without re-running")
    export.add_argument("--from", dest="source", metavar="FILE", required=True,
                        help="a report written by `python -m proofs --format json --output FILE`")
    export.add_argument("--format", choices=("table", "markdown", "json"), default=None,
                        help="also print the report in this format (stdout, or --output)")
    export.add_argument("--output", metavar="FILE", help="write the --format output to FILE instead of stdout")
    certificate = sub.add_parser("certificate", parents=[run_opts, claims_opt],
                                 help="run some claims and write one proof certificate per verdict into --output DIR")
    certificate.add_argument("ids", nargs="+", metavar="ID")
    certificate.add_argument("--output", metavar="DIR", required=True,
                             help="the directory of the certificates (made if it does not exist)")
    figures = sub.add_parser("figures", help="write the paper's figures as PNG files into DIR")
    figures.add_argument("directory", metavar="DIR")
    coverage = sub.add_parser("coverage", parents=[claims_opt],
                              help="every numbered result and displayed formula of 003 and 004 (or of your "
                                   "paper's LaTeX), and the claims that cover it")
    coverage.add_argument("--format", choices=("table", "json", "markdown", "html"), default="table",
                          help="table (the default), json, markdown, or html (one self-contained page)")
    coverage.add_argument("--output", metavar="FILE", help="write the report to FILE instead of stdout")
    coverage.add_argument("--html", metavar="FILE", help="also write the report as one HTML page")
    coverage.add_argument("--paper", metavar="003|004|PAPER.tex", action="append", default=[],
                          help="only this text, or a paper's LaTeX source (repeatable; default: 003 and 004)")
    scaffold = sub.add_parser("scaffold", help="write a claims file for a paper's LaTeX: every numbered result "
                                               "and displayed formula located, read into sympy, pending a check")
    scaffold.add_argument("paper", metavar="PAPER.tex")
    scaffold.add_argument("--output", metavar="FILE",
                          help="the claims file (default: PAPER_claims.py beside the paper); an edited one is "
                               "never overwritten: new entries go to FILE.new.py")
    return parser


def _claims(args: argparse.Namespace, ids: Sequence[str] = ()) -> list:
    """The claims a command works on: claims files loaded first (every file checked before any work),
    then the ids, or every claim (only those of the files with --only-user)."""
    from proofs.userclaims import load_claims_file

    user: list[str] = []
    for path in getattr(args, "claims", []):
        user.extend(load_claims_file(path))
    if getattr(args, "only_user", False):
        if not user:
            raise _UsageError("--only-user needs at least one --claims FILE")
        return registry.resolve(list(ids) or user)
    return registry.resolve(list(ids))


def _emit(text: str, output: str | None) -> None:
    if output:
        from proofs.report.files import write_text

        write_text(output, text if text.endswith("\n") else text + "\n")
    else:
        sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _files(report, args: argparse.Namespace, stream) -> None:
    """The files a report goes to besides --format/--output: --latex DIR and --html FILE."""
    from proofs.report import outputs

    if getattr(args, "latex", None):
        written = outputs.write_latex_directory(report, args.latex)
        print(f"wrote {written[0]} and {len(written) - 1} claim fragments", file=stream)
    if getattr(args, "html", None):
        print(f"wrote {outputs.write_html(report, args.html, figures=not args.no_figures)}", file=stream)


def _run(args: argparse.Namespace, ids: list[str]) -> int:
    from rich.console import Console

    from proofs import runner
    from proofs.report import outputs
    from proofs.report.schema import Report

    claims = _claims(args, ids)  # every claims file and every id checked before any work starts
    outputs.check_targets(output=args.output, latex=getattr(args, "latex", None), html=getattr(args, "html", None))
    if args.certificates:
        check_directory(args.certificates)
    show_progress = not args.no_progress and sys.stderr.isatty()
    results_seen = []
    if show_progress:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

        with Progress(TextColumn("checking"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                      TextColumn("{task.description}"), console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task("", total=len(claims))

            def advance(result):
                results_seen.append(result)
                bar.update(task, advance=1, description=f"{result.claim.id}: {result.status.value}")

            results = runner.run(claims, args.budget, jobs=args.jobs, on_result=advance, scheduler=args.scheduler)
    else:
        results = runner.run(claims, args.budget, jobs=args.jobs, scheduler=args.scheduler)

    wants_coverage = args.format != "table" or args.output or getattr(args, "html", None) or getattr(args, "latex", None)
    coverage = outputs.coverage(whole_catalog=len(claims) == len(registry.claims())) if wants_coverage else None
    report = Report.from_results(results, args.budget, coverage=coverage)
    outputs.emit(report, args.format, args.output)
    _files(report, args, sys.stderr)
    if args.certificates:
        _write_certificates(results, args.certificates)

    errored = any(r.status is Status.ERROR for r in results)
    refuted = any(r.status is Status.REFUTED for r in results)
    if errored:
        for r in results:
            if r.status is Status.ERROR:
                print(f"ERROR in {r.claim.id}: {r.verdict.reason}", file=sys.stderr)
        return 1
    if "refuted" in args.fail_on and refuted:
        return 1
    return 0


def _write_certificates(results: Sequence, directory: str) -> bool:
    """Write the certificates of ``results``; say on stderr what was written and which verdicts have none.
    True when every verdict got one."""
    written, refused = write_certificates(results, directory)
    if written:
        print(f"wrote {len(written)} certificate{'s' if len(written) != 1 else ''} into {directory}", file=sys.stderr)
    for line in refused:
        print(f"ldp-proofs: {line}", file=sys.stderr)
    return not refused


def _certificate(args: argparse.Namespace) -> int:
    from proofs import runner

    claims = _claims(args, args.ids)  # every id checked before any work starts
    check_directory(args.output)
    results = runner.run(claims, args.budget, jobs=args.jobs, scheduler=args.scheduler)
    return 0 if _write_certificates(results, args.output) else 1


def _list(args: argparse.Namespace) -> int:
    claims = _claims(args)
    if args.format == "json":
        _emit(json.dumps([{"id": c.id, "title": c.title, "source": c.source} for c in claims], indent=2,
                         ensure_ascii=False), args.output)
    elif args.format == "markdown":
        _emit("\n".join(["| id | title | source |", "|---|---|---|"]
                        + [f"| `{c.id}` | {c.title} | {c.source} |" for c in claims]), args.output)
    else:
        from rich.console import Console
        from rich.table import Table

        from proofs.report.mathtext import parse, plain_text

        table = Table(title=f"{len(claims)} registered claims")
        for column in ("id", "title", "source", "checks"):
            table.add_column(column)
        for c in claims:
            checks = ", ".join(k.method.value for k in registry.checks_for(c.id)) or "—"
            table.add_row(c.id, plain_text(parse(c.title)), c.source, checks)
        Console().print(table)
    return 0


def _show(args: argparse.Namespace) -> int:
    from rich.console import Console

    from proofs import runner
    from proofs.report import outputs
    from proofs.report.schema import ClaimReport, Report
    from proofs.report.terminal import render_claim

    _claims(args)
    claim = registry.get(args.id)
    if args.output:
        outputs.check_targets(output=args.output)
    result = runner.run_claim(claim.id, args.budget)
    if args.format == "json":
        _emit(json.dumps(ClaimReport.from_result(result).to_json(), indent=2, ensure_ascii=False), args.output)
    elif args.format == "markdown":
        outputs.emit(Report.from_results([result], args.budget), "markdown", args.output)
    elif args.output:
        from proofs.report.files import write_text

        buffer = io.StringIO()
        render_claim(ClaimReport.from_result(result), Console(file=buffer, width=outputs.FILE_WIDTH))
        write_text(args.output, buffer.getvalue())
    else:
        render_claim(ClaimReport.from_result(result), Console())
    return 1 if result.status is Status.ERROR else 0


def _export(args: argparse.Namespace) -> int:
    from proofs.report import outputs
    from proofs.report.schema import load_report

    if not args.latex and not args.format and not args.html:
        raise _UsageError("export needs --latex DIR, --html FILE or --format table|markdown|json")
    report = load_report(args.source)  # every input checked before anything is written
    outputs.check_targets(output=args.output, latex=args.latex, html=args.html)
    to_terminal = args.format == "table" and not args.output  # a table on the terminal: in colour
    text = None if args.format is None or to_terminal else outputs.render(report, args.format)
    _files(report, args, sys.stdout if args.format is None or args.output else sys.stderr)
    if to_terminal:
        outputs.emit(report, "table", None)
    elif text is not None:
        _emit(text, args.output)
    return 0


def _figures(args: argparse.Namespace) -> int:
    from proofs.figures import write_figures  # notebooks' figures, drawn from numeric/ and symbolic/

    for path in write_figures(args.directory):
        print(path)
    return 0


def _coverage(args: argparse.Namespace) -> int:
    from rich.console import Console

    from proofs.coverage.render import render_html, render_markdown, render_table
    from proofs.coverage.report import coverage

    claims = _claims(args)
    report = coverage(claims, papers=tuple(args.paper) or ("003", "004"))
    if args.html:
        from proofs.report.files import write_text

        write_text(args.html, render_html(report))
        print(f"wrote {args.html}", file=sys.stderr)
    if args.format == "html":
        _emit(render_html(report), args.output)
    elif args.format == "json":
        _emit(json.dumps(report.to_json(), indent=2, ensure_ascii=False), args.output)
    elif args.format == "markdown":
        _emit(render_markdown(report), args.output)
    elif args.output:
        buffer = io.StringIO()
        render_table(report, Console(file=buffer, width=160))
        _emit(buffer.getvalue(), args.output)
    else:
        render_table(report, Console())
    return 0


def _scaffold(args: argparse.Namespace) -> int:
    from proofs.scaffold.command import scaffold

    for line in scaffold(args.paper, args.output).summary():
        print(line)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        args = _parser().parse_args(argv)
        command = args.command or "check"
        if command == "check":
            return _run(args, getattr(args, "ids", []) or [])
        if command == "list":
            return _list(args)
        if command == "figures":
            return _figures(args)
        if command == "export":
            return _export(args)
        if command == "coverage":
            return _coverage(args)
        if command == "scaffold":
            return _scaffold(args)
        if command == "certificate":
            return _certificate(args)
        return _show(args)
    except Interrupted as stop:
        print(f"ldp-proofs: {stop}", file=sys.stderr)
        return stop.exit_code
    except KeyboardInterrupt:
        print("ldp-proofs: interrupted by SIGINT; nothing was written", file=sys.stderr)
        return 130
    except _UsageError as exc:
        print(f"ldp-proofs: error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except ToolkitError as exc:
        print(f"ldp-proofs: error: {exc}", file=sys.stderr)
        return USAGE_ERROR
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
