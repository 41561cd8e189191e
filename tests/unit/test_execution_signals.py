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
                while time.monotonic() - sent[0] < 5:  # the run goes on: the Stop must come back here
                    sum(range(1000))
            finally:
                gc.callbacks.remove(callback)
    assert stopped.value.signum == signal.SIGTERM
    assert time.monotonic() - sent[0] < 1, "the lost Stop came back only at the end of the loop"
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
