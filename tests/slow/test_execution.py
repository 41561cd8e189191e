"""Running claims: a real signal sent to a real process stops it in every mode (in this process, worker
processes, a Dask LocalCluster, ``show``, the library API, start-up), with exit code 130 (SIGINT) or 143
(SIGTERM), one line on stderr, no process left behind and the previous output untouched; an interrupt is
never a claim's outcome, even when a solver catches SIGINT (z3), a library swallows the exception, or
hypothesis wraps it. A dying worker costs only its claim, and a Dask LocalCluster gives the same statuses.

The probes are claims whose checks write a marker file when they start their long part (a z3 query that
runs for two minutes, a loop that swallows every exception, a hypothesis search, a busy loop), so the
signal is sent exactly while that part runs, never by a guess at timing. No test bounds how long anything
takes (a busy machine may take seconds; how soon a run stops is measured by ``tools/probes.py``):
every wait is for a state, with a guard (:data:`HANG`) that only ends a wait that would never end.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from proofs.base import registry
from proofs.base.budget import BUDGETS
from proofs.base.claim import Claim
from proofs.base.evidence import Evidence
from proofs.execution import Interrupted
from proofs.execution.local import batch_size, batches, run_local

#: Seconds after which a wait gives up: a guard against a hang, far longer than any wait on a busy machine
#: (a probe that ignored the signal runs for two minutes or forever).
HANG = 90

#: A claims file whose checks never finish by themselves (tests/probe_claims.py, shared with the probe table).
PROBES = (Path(__file__).resolve().parents[1] / "probe_claims.py").read_text(encoding="utf-8")

#: Runs python with SIGINT at its default action (a test runner may start us with SIGINT ignored, which a
#: child would inherit), then ``python -m proofs`` as it is run by hand.
LAUNCH = ("import runpy, signal, sys; signal.signal(signal.SIGINT, signal.default_int_handler); "
          "sys.argv[0] = 'proofs'; runpy.run_module('proofs', run_name='__main__', alter_sys=True)")


@pytest.fixture()
def probes(tmp_path: Path) -> Path:
    path = tmp_path / "probes.py"
    path.write_text(PROBES)
    (tmp_path / "report.json").write_text("previous report\n")
    return path


def _start(tmp_path: Path, *argv: str, python: tuple[str, ...] = ("-c", LAUNCH)) -> subprocess.Popen:
    env = {**os.environ, "PROBE_MARKER": str(tmp_path / "marker")}
    with open(tmp_path / "stdout", "w") as out, open(tmp_path / "stderr", "w") as err:
        process = subprocess.Popen([sys.executable, *python, *argv], stdout=out, stderr=err, env=env, cwd=tmp_path,
                                   start_new_session=True)
    process.cwd = tmp_path  # for the messages of a failed wait
    return process


def _wait_for(process: subprocess.Popen, ready, what: str, timeout: float = 600) -> None:
    """Wait until ``ready()`` (a state of the process: a marker written, a module imported)."""
    deadline = time.monotonic() + timeout
    while not ready():
        assert process.poll() is None, f"the process ended before {what}: {Path(process.args[0]).name} " \
                                       f"{_stderr(process)}"
        assert time.monotonic() < deadline, f"{what} did not happen within {timeout} s"
        time.sleep(0.02)


def _marker(tmp_path: Path, what: str):
    path = tmp_path / "marker"
    return lambda: path.exists() and what in path.read_text()


def _stderr(process: subprocess.Popen) -> str:
    return (Path(process.cwd) / "stderr").read_text()[-2000:]


def _stop(process: subprocess.Popen, signum: int, *, group: bool = False) -> None:
    (os.killpg if group else os.kill)(process.pid, signum)
    try:
        process.wait(timeout=HANG)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise AssertionError(f"the process did not stop at all: {_stderr(process)}") from None


def _group_alive(pgid: int) -> list[int]:
    alive = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.getpgid(int(entry.name)) == pgid:
                    alive.append(int(entry.name))
            except ProcessLookupError:
                pass
    return alive


def _assert_stopped(tmp_path: Path, process: subprocess.Popen, signum: int, finished: str) -> None:
    lines = (tmp_path / "stderr").read_text().strip().splitlines()
    code = {signal.SIGINT: 130, signal.SIGTERM: 143}[signum]
    assert process.returncode == code, lines
    assert len(lines) == 1 and "Traceback" not in lines[0], lines
    assert lines[0] == (f"ldp-proofs: interrupted by {signal.Signals(signum).name}: {finished} claims had finished; "
                        "nothing was written"), lines[0]
    assert (tmp_path / "report.json").read_text() == "previous report\n", "the previous output must be untouched"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["marker", "probes.py", "report.json", "stderr", "stdout"], \
        "nothing else was written, no temporary file left"
    deadline = time.monotonic() + HANG  # killed workers vanish once reaped
    while _group_alive(process.pid) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not _group_alive(process.pid), "processes outlived the run"


RUN = ("--budget", "quick", "--no-progress", "--only-user", "--format", "json", "--output", "report.json")

IN_PROCESS = [
    pytest.param("Probe.z3", "z3", signal.SIGINT, id="z3-catches-sigint-during-its-query"),
    pytest.param("Probe.z3", "z3", signal.SIGTERM, id="sigterm-during-a-z3-query"),
    pytest.param("Probe.swallow", "swallow", signal.SIGINT, id="a-check-swallows-the-interrupt"),
    pytest.param("Probe.hypothesis", "hypothesis", signal.SIGINT, id="hypothesis-wraps-the-interrupt"),
]


@pytest.mark.parametrize("claim_id, started, signum", IN_PROCESS[:1])  # a worker: every check ends with it
def test_one_worker_stops_at_once(tmp_path, probes, claim_id, started, signum):
    process = _start(tmp_path, "check", claim_id, "--jobs", "1", "--claims", str(probes), *RUN)
    _wait_for(process, _marker(tmp_path, started), f"{claim_id} started")
    _stop(process, signum)
    _assert_stopped(tmp_path, process, signum, "0 of 1")


@pytest.mark.parametrize("claim_id, started, signum", IN_PROCESS)
def test_in_process_runs_stop_at_once(tmp_path, probes, claim_id, started, signum):
    """``runner.run(..., in_process=True)``: the checks run in the caller's process, where z3 would catch
    SIGINT during its query and a check or hypothesis may swallow or wrap the exception."""
    script = tmp_path / "script.py"
    script.write_text(LIBRARY)
    process = _start(tmp_path, str(probes), "in-process", claim_id, python=(str(script),))
    _wait_for(process, _marker(tmp_path, started), f"{claim_id} started")
    _stop(process, signum)
    err = (tmp_path / "stderr").read_text()  # what a check printed comes first (hypothesis says how to reproduce)
    if signum == signal.SIGINT:
        assert process.returncode == 130, err
        assert err.strip().splitlines()[-1] == "interrupted by SIGINT: 0 of 1 claims had finished; nothing was written", err
    else:
        assert process.returncode == -signal.SIGTERM, err
        assert "the run went on" not in err and "Traceback" not in err, err


def test_show_stops_at_once(tmp_path, probes):
    process = _start(tmp_path, "show", "Probe.z3", "--claims", str(probes), "--budget", "quick")
    _wait_for(process, _marker(tmp_path, "z3"), "the z3 query started")
    _stop(process, signal.SIGINT)
    lines = (tmp_path / "stderr").read_text().strip().splitlines()
    assert process.returncode == 130 and lines == [
        "ldp-proofs: interrupted by SIGINT: 0 of 1 claims had finished; nothing was written"], lines


@pytest.mark.parametrize("signum, group", [
    pytest.param(signal.SIGINT, True, id="ctrl-c-to-the-process-group"),
    pytest.param(signal.SIGINT, False, id="sigint-to-the-main-process"),
    pytest.param(signal.SIGTERM, False, id="sigterm-to-the-main-process"),
])
def test_worker_processes_stop_at_once(tmp_path, probes, signum, group):
    process = _start(tmp_path, "check", "Probe.spin", "Probe.z3", "--jobs", "2", "--claims", str(probes), *RUN)
    _wait_for(process, lambda: _marker(tmp_path, "spin")() and _marker(tmp_path, "z3")(), "both workers started")
    _stop(process, signum, group=group)
    _assert_stopped(tmp_path, process, signum, "0 of 2")


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
def test_a_dask_local_cluster_stops_at_once(tmp_path, probes, signum):
    pytest.importorskip("distributed")
    process = _start(tmp_path, "check", "Probe.spin", "Probe.z3", "--jobs", "2", "--scheduler", "local",
                     "--claims", str(probes), *RUN)
    _wait_for(process, lambda: _marker(tmp_path, "spin")() and _marker(tmp_path, "z3")(), "both tasks started")
    _stop(process, signum)
    _assert_stopped(tmp_path, process, signum, "0 of 2")


LIBRARY = textwrap.dedent('''
    import sys
    from proofs import runner
    from proofs.base import registry
    from proofs.execution import Interrupted
    from proofs.userclaims import load_claims_file

    load_claims_file(sys.argv[1])
    mode, ids = sys.argv[2], sys.argv[3:] or ["Probe.z3", "Probe.spin"]
    try:
        if mode == "in-process":
            runner.run(registry.resolve(ids), "quick", in_process=True)
        else:
            runner.run(registry.resolve(ids), "quick", jobs=int(mode))
    except Interrupted as stop:
        print(stop, file=sys.stderr)
        sys.exit(stop.exit_code)
    print("the run went on", file=sys.stderr)
''')


@pytest.mark.parametrize("jobs", ["in-process", "2"], ids=["in-this-process", "worker-processes"])
@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
def test_the_library_api_raises_interrupted(tmp_path, probes, jobs, signum):
    """A script that runs claims gets :class:`Interrupted` (a KeyboardInterrupt) with the counts; after a
    SIGTERM whose action was the default one, the process ends by SIGTERM once the workers are stopped."""
    script = tmp_path / "script.py"
    script.write_text(LIBRARY)
    process = _start(tmp_path, str(probes), jobs, python=(str(script),))
    _wait_for(process, _marker(tmp_path, "z3"), "the z3 query started")
    _stop(process, signum)
    err = (tmp_path / "stderr").read_text()
    if signum == signal.SIGINT:
        assert process.returncode == 130, err
        assert err.strip() == "interrupted by SIGINT: 0 of 2 claims had finished; nothing was written", err
    else:
        assert process.returncode == -signal.SIGTERM, err
        assert "the run went on" not in err and "Traceback" not in err, err


def test_run_claim_raises_interrupted_during_a_z3_query(tmp_path, probes):
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent('''
        import sys
        from proofs import run_claim
        from proofs.execution import Interrupted
        from proofs.userclaims import load_claims_file

        load_claims_file(sys.argv[1])
        try:
            result = run_claim("Probe.z3", "quick")
        except Interrupted as stop:
            sys.exit(stop.exit_code)
        print("became", result.status.value, file=sys.stderr)
    '''))
    process = _start(tmp_path, str(probes), python=(str(script),))
    _wait_for(process, _marker(tmp_path, "z3"), "the z3 query started")
    _stop(process, signal.SIGINT)
    assert process.returncode == 130, (tmp_path / "stderr").read_text()


@pytest.mark.parametrize("signum", [signal.SIGINT, signal.SIGTERM], ids=["sigint", "sigterm"])
def test_a_signal_during_start_up_exits_with_its_code(tmp_path, signum):
    """Sent while the command line is imported (``-X importtime`` says when ``proofs.runner`` is loaded,
    which ``proofs.cli`` imports after ``python -m proofs`` has installed its start-up handlers). The
    command never ends by itself (a busy loop), so the signal lands during start-up or the run, never after
    the end: either way one line, and the signal's exit code."""
    (tmp_path / "probes.py").write_text(PROBES)
    process = _start(tmp_path, "-X", "importtime", "-m", "proofs", "check", "Probe.spin", "--claims", "probes.py",
                     "--budget", "quick", "--no-progress", python=())
    _wait_for(process, lambda: re.search(r"\|\s+proofs\.runner$", (tmp_path / "stderr").read_text(), re.M),
              "proofs.runner imported")
    _stop(process, signum)
    said = [line for line in (tmp_path / "stderr").read_text().splitlines() if not line.startswith("import time:")]
    assert process.returncode == 128 + signum, said
    assert len(said) == 1 and said[0].startswith(f"ldp-proofs: interrupted by {signal.Signals(signum).name}"), said
    assert said[0].endswith("nothing was written"), said


def test_an_interrupted_export_writes_nothing_and_says_so(tmp_path, quick_report_file):
    """After ``export --latex D --html F``, a Ctrl-C while the figures were drawn said "nothing was
    written" though D was written: now every output is rendered first, then all are written."""
    process = _start(tmp_path, "-X", "importtime", "-m", "proofs", "export", "--from", str(quick_report_file),
                     "--latex", "tex", "--html", "report.html", python=())
    _wait_for(process, lambda: re.search(r"\|\s+matplotlib\.figure$", (tmp_path / "stderr").read_text(), re.M),
              "figures being drawn")
    _stop(process, signal.SIGINT)
    said = [line for line in (tmp_path / "stderr").read_text().splitlines() if not line.startswith("import time:")]
    assert process.returncode == 130, said
    assert said == ["ldp-proofs: interrupted by SIGINT; nothing was written"]
    assert not (tmp_path / "tex").exists() and not (tmp_path / "report.html").exists()


@pytest.fixture()
def quick_report_file(tmp_path_factory) -> Path:
    from proofs.cli import main

    path = tmp_path_factory.mktemp("report") / "report.json"
    assert main(["check", "Eq2", "--budget", "quick", "--jobs", "1", "--no-progress", "--format", "json",
                 "--output", str(path)]) == 0
    return path


# --- real claims -----------------------------------------------------------------------------------------
def test_real_claims_at_budget_thorough_stop_at_once(tmp_path):
    (tmp_path / "report.json").write_text("previous report\n")
    process = _start(tmp_path, "check", "L3.16", "L3.4", "L3.15", "--budget", "thorough", "--no-progress",
                     "--format", "json", "--output", "report.json")
    _wait_for(process, lambda: len(_group_alive(process.pid)) >= 2, "a worker process started")
    _stop(process, signal.SIGINT, group=True)
    lines = (tmp_path / "stderr").read_text().strip().splitlines()
    assert process.returncode == 130 and len(lines) == 1, lines
    assert "of 3 claims had finished; nothing was written" in lines[0]
    assert (tmp_path / "report.json").read_text() == "previous report\n"


def test_interrupted_names_what_finished():
    stop = Interrupted(signal.SIGTERM, 3, 87)
    assert stop.exit_code == 143 and isinstance(stop, KeyboardInterrupt)
    assert str(stop) == "interrupted by SIGTERM: 3 of 87 claims had finished; nothing was written"


# --- deaths and Dask ---------------------------------------------------------------------------------------
@pytest.fixture()
def probe_claims():
    """Two probe claims registered for one test: one whose worker kills itself, one that is quick."""
    added = []

    def add(claim_id, function):
        registry.define(Claim(id=claim_id, title="probe", source="test", statement="x", domain="none"))
        registry.check(claim_id, "symbolic")(function)
        added.append(claim_id)

    add("Probe.dies", lambda budget: os.kill(os.getpid(), signal.SIGKILL))
    add("Probe.quick", lambda budget: Evidence("symbolic", "inconclusive", "none"))
    yield
    registry.forget(added)


def test_a_worker_that_dies_costs_only_its_claim(probe_claims):
    results = run_local(["Probe.dies", "Probe.quick"], BUDGETS["quick"], jobs=2)
    assert results["Probe.dies"].status.value == "error"
    assert "killed by SIGKILL" in results["Probe.dies"].verdict.reason
    assert results["Probe.quick"].status.value == "inconclusive"


def test_a_death_in_a_batch_costs_only_its_claim_and_the_rest_of_the_batch_goes_on(probe_claims):
    """Claims of one module run in one process, a batch (they share derivations); when the process dies,
    the claim it was running is the only one lost: the claims of its batch that had not started run in a new
    process."""
    more = [f"Probe.more{i}" for i in range(6)]
    for claim_id in more:
        registry.define(Claim(id=claim_id, title="probe", source="test", statement="x", domain="none"))
        registry.check(claim_id, "symbolic")(lambda budget: Evidence("symbolic", "inconclusive", "none"))
    try:
        ids = ["Probe.dies", "Probe.quick", *more]
        assert batches(ids, 1)[0] == ("Probe.dies", "Probe.quick"), "the death and the next claim share a batch"
        results = run_local(ids, BUDGETS["quick"], jobs=1)
    finally:
        registry.forget(more)
    assert results["Probe.dies"].status.value == "error"
    assert {results[c].status.value for c in ["Probe.quick", *more]} == {"inconclusive"}


def test_a_worker_process_runs_one_batch_after_another():
    """The processes live for the whole run: a process that finished its batch (one module's claims) is given
    the next, so derivations the modules share are computed once per process, not once per module."""
    ids = [f"Probe.module{m}.claim{i}" for m in "ab" for i in range(2)]

    def recording(module):
        def check(budget):
            return Evidence("symbolic", "inconclusive", "none", {"pid": os.getpid()})

        check.__module__ = module
        return check

    for claim_id in ids:
        registry.define(Claim(id=claim_id, title="probe", source="test", statement="x", domain="none"))
        registry.check(claim_id, "symbolic")(recording(f"probes_{claim_id.split('.')[1]}"))  # two claims modules
    try:
        assert len(batches(ids, 1)) >= 2
        results = run_local(ids, BUDGETS["quick"], jobs=1)
    finally:
        registry.forget(ids)
    assert all(results[c].evidence and "pid" in results[c].evidence[0].detail for c in ids), \
        {c: (results[c].status.value, results[c].verdict.reason) for c in ids}
    pids = {results[c].evidence[0].detail["pid"] for c in ids}
    assert len(pids) == 1 and os.getpid() not in pids, pids


def test_batches_keep_the_order_and_one_module_each():
    claims = registry.claims()
    ids = [c.id for c in claims]
    cut = batches(ids, 2)
    assert [c for batch in cut for c in batch] == ids
    assert all(len({registry.checks_for(c)[0].function.__module__ for c in batch}) == 1 for batch in cut)
    assert max(map(len, cut)) <= batch_size(len(ids), 2) and len(cut) >= 2 * 2


def test_a_local_dask_cluster_gives_the_same_statuses():
    pytest.importorskip("distributed")
    from proofs.runner import run

    claims = registry.resolve(["Eq2", "T3.9", "L4.3"])
    here = [r.status for r in run(claims, "quick", jobs=2)]
    there = [r.status for r in run(claims, "quick", jobs=2, scheduler="local")]
    assert there == here
