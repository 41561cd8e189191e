"""Stopping a run: a signal that lands where Python can only drop the exception (a garbage-collector
callback, such as the one hypothesis installs) is neither printed as "Exception ignored" nor lost.

Deterministic companion of the real-process tests in ``tests/slow/test_execution.py``: there the signal
lands inside hypothesis's callback only now and then; here a callback sends it."""

from __future__ import annotations

import gc
import signal
import sys
import time

import pytest

from proofs.execution import signals


#: Seconds after which a test gives up waiting for what it waits for: a guard against a hang, not a bound on
#: how long the wait may take (a busy machine may take seconds).
HANG = 300


def test_a_signal_landing_in_a_gc_callback_stops_the_run_silently(capsys):
    sent: list[float] = []

    def callback(phase: str, _info: dict) -> None:
        if phase == "start" and not sent:
            sent.append(time.monotonic())
            signal.raise_signal(signal.SIGTERM)  # its Stop is raised here, where gc can only drop it

    hook = sys.unraisablehook
    with pytest.raises(signals.Stop) as stopped:
        with signals.catching_signals(in_process=True, redeliver=False):
            gc.callbacks.append(callback)
            try:
                gc.collect()
                # the run goes on, and nothing but the lost Stop ends this loop (the guard only fails)
                while time.monotonic() - sent[0] < HANG:
                    sum(range(1000))
                raise AssertionError("the lost Stop never came back")
            finally:
                gc.callbacks.remove(callback)
    assert stopped.value.signum == signal.SIGTERM
    assert "Exception ignored" not in capsys.readouterr().err
    assert sys.unraisablehook is hook, "the hook of the caller is back after the run"


def test_other_unraisable_exceptions_still_reach_the_previous_hook():
    seen: list[BaseException] = []
    hook, sys.unraisablehook = sys.unraisablehook, lambda unraisable: seen.append(unraisable.exc_value)
    try:
        with signals.catching_signals(in_process=True, redeliver=False):
            class Broken:
                def __del__(self) -> None:
                    raise ValueError("from __del__")

            Broken()
    finally:
        sys.unraisablehook = hook
    assert [type(exc) for exc in seen] == [ValueError]
