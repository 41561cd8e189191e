"""An interrupt is never a verdict: check_sign interrupted by a real SIGINT in the middle of a z3 query (z3
catches SIGINT there and answers "unknown"), or of the interval decider, raises KeyboardInterrupt.

Each test sends a real signal: from a timer thread to this process (with Python's default SIGINT handler
in place for the test), or to a child process running check_sign."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import pytest

from proofs import check_sign
from proofs.engines.sign.solver import interrupted

ROOT = Path(__file__).resolve().parents[2]

#: z3 takes many seconds to show this domain empty (six cubic-quintic constraints in six variables): a signal
#: sent while its query runs lands in the middle of it.
SLOW_DOMAIN = ["-3*v0**3*v1**2 + v0*v2 - 1 > 0", "4*v1**3*v2**2 + v1*v3 - 1 > 0", "-4*v2**3*v3**2 + v2*v4 - 1 > 0",
               "-1*v3**3*v4**2 + v3*v5 - 1 > 0", "-4*v4**3*v5**2 + v4*v0 - 1 > 0", "2*v5**3*v0**2 + v5*v1 - 1 > 0",
               "v0**2 + v1**2 + v2**2 + v3**2 + v4**2 + v5**2 < 1"]
SLOW_SYMBOLS = [f"v{i}" for i in range(6)]


def _interrupt_after(seconds: float):
    """A SIGINT to this process after ``seconds`` (from a thread), with Python's own handler installed."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(seconds, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    return timer, previous


def test_check_sign_interrupted_mid_z3_query_raises(monkeypatch):
    """The signal is sent while a z3 query runs (one still running 0.2 s after it started), not after a guess
    at how long the set-up takes on this machine: z3 catches it and answers unknown, which must come back as
    an interrupt."""
    import z3

    calls: list[int] = [0]  # queries started; negative while none runs
    running, done = threading.Event(), threading.Event()
    query = z3.Solver.check

    def check(self, *args):
        calls[0] = abs(calls[0]) + 1
        running.set()
        try:
            return query(self, *args)
        finally:
            calls[0] = -calls[0]
            running.clear()

    def interrupt() -> None:
        while not done.is_set():
            if not running.wait(0.05):
                continue
            this = calls[0]
            if not done.wait(0.2) and calls[0] == this > 0:  # the same query is still running: send
                os.kill(os.getpid(), signal.SIGINT)
                return

    monkeypatch.setattr(z3.Solver, "check", check)
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    sender = threading.Thread(target=interrupt, daemon=True)
    sender.start()
    try:
        with pytest.raises(KeyboardInterrupt, match=r"^z3: interrupted"):     # z3's "unknown", re-raised
            check_sign("v0", SLOW_DOMAIN, symbols=SLOW_SYMBOLS, timeout=120)
    finally:
        done.set()
        sender.join()
        signal.signal(signal.SIGINT, previous)


def test_check_sign_interrupted_in_the_interval_decider_raises():
    timer, previous = _interrupt_after(1.0)
    try:
        with pytest.raises(KeyboardInterrupt):
            check_sign("exp(x) - exp(y) - (x - y)*exp(y)", ["0 <= x <= 1", "0 <= y <= 1"], sign=">=0",
                       symbols=["x", "y"], timeout=120)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)


def test_a_process_interrupted_in_check_sign_stops_with_keyboard_interrupt():
    script = textwrap.dedent(f"""
        import sys
        from proofs import check_sign
        print("started", flush=True)
        verdict = check_sign("v0", {SLOW_DOMAIN!r}, symbols={SLOW_SYMBOLS!r}, timeout=120)
        print("VERDICT", verdict.status, flush=True)
    """)
    child = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             text=True)
    try:
        assert child.stdout is not None and child.stdout.readline().strip() == "started"
        time.sleep(3.0)
        child.send_signal(signal.SIGINT)
        out, err = child.communicate(timeout=60)
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    assert "VERDICT" not in out
    assert "KeyboardInterrupt" in err and child.returncode != 0


REASONS = [
    pytest.param("interrupted from keyboard", 3.0, 30.0, True, id="keyboard"),
    pytest.param("canceled", 0.5, 30.0, True, id="canceled-early"),
    pytest.param("canceled", 29.9, 30.0, False, id="canceled-at-the-time-limit"),
    pytest.param("timeout", 30.0, 30.0, False, id="timeout"),
    pytest.param("(incomplete (theory arithmetic))", 0.1, 30.0, False, id="incomplete"),
]


@pytest.mark.parametrize(("reason", "seconds", "timeout", "expected"), REASONS)
def test_which_z3_unknowns_are_interrupts(reason, seconds, timeout, expected):
    assert interrupted(reason, seconds, timeout) is expected
