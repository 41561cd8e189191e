"""The tests' command server (tests/command_server.py) runs ``python -m proofs`` as a fresh interpreter would:
the same output, exit code, folder and environment, and a command that outlives its timeout is killed."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest

from tests import command_server as commands

pytestmark = pytest.mark.usefixtures("command_server")


def _fresh(*argv: str, cwd=None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "proofs", *argv], capture_output=True, text=True, timeout=600,
                          cwd=cwd)


def test_a_served_command_prints_and_exits_as_a_fresh_interpreter():
    for argv in (["list", "--format", "json"], ["check", "Eq22"], ["--bogus"]):
        served, fresh = commands.run(argv, timeout=600), _fresh(*argv)
        assert (served.returncode, served.stdout, served.stderr) == (fresh.returncode, fresh.stdout, fresh.stderr)


def test_a_served_command_has_the_callers_folder_and_environment(tmp_path):
    (tmp_path / "mine.py").write_text("import os\nprint(os.getcwd(), os.environ['MARK'])\nraise SystemExit(3)\n")
    done = commands.run(["list", "--claims", "mine.py"], timeout=600, cwd=tmp_path, env=dict(os.environ, MARK="m1"))
    assert f"{tmp_path} m1" in done.stderr  # what a claims file prints goes to stderr
    assert done.returncode == 2 and "sys.exit(3)" in done.stderr


def test_a_served_command_past_its_timeout_is_killed_with_what_it_forked(tmp_path):
    """The command's whole process group is killed: the claims file sleeps in the trial load the command forks."""
    pid_file = tmp_path / "pid"
    (tmp_path / "slow.py").write_text(f"import os, time\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
                                      "time.sleep(600)\n")
    # A timeout long enough for the command to have forked the sleeper: tried again, longer each time, on a
    # busy machine (each try is a timeout the command cannot meet: the file sleeps for ten minutes).
    for timeout in (1, 4, 16, 64, 256):
        with pytest.raises(subprocess.TimeoutExpired):
            commands.run(["list", "--claims", str(tmp_path / "slow.py")], timeout=timeout)
        if pid_file.exists() and pid_file.read_text():
            break
    assert pid_file.exists() and pid_file.read_text(), "the claims file never started: nothing was tested"
    sleeper = int(pid_file.read_text())
    deadline = time.monotonic() + 600  # a guard against a hang, not a target: the group was sent SIGKILL
    while _alive(sleeper):
        assert time.monotonic() < deadline, f"process {sleeper} outlived the command's timeout"
        time.sleep(0.05)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:  # a zombie awaiting its parent is dead
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False
