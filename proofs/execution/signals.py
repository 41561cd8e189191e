"""Stopping a run: SIGINT (Ctrl-C) and SIGTERM end it within about a second, wherever it is, and are
never mistaken for a claim's outcome.

A stopping signal is *received* once per run (:func:`received` says which); from then on

* :class:`Stop` (a ``BaseException``, so that no ``except Exception`` of a check swallows it) is raised in
  the main thread, at once or, inside a :func:`deferred` section, at the section's end;
* the runners check :func:`received` before and after every check, so a library that caught the
  exception (hypothesis reports it as a flaky test; an engine may return "inconclusive") cannot turn
  the interrupt into a verdict;
* the runners turn it into :class:`Interrupted`, which says how many claims had finished; the command
  line prints that one line and exits with 130 (SIGINT) or 143 (SIGTERM).

**Why a watcher for claims run in this process.** A library may install a C-level SIGINT handler of
its own while it works: z3 does, around every ``check()``, and answers "unknown (interrupted from
keyboard)" while Python's handler never runs, so the interrupt would be lost and the query reported as
inconclusive. :func:`catching_signals` with ``in_process=True`` therefore turns z3's handler off (its
``ctrl_c`` parameter) for the block, so that the signal always reaches Python's handler, and a watcher
thread reads Python's wakeup file descriptor (:func:`signal.set_wakeup_fd`, written by that handler in
whichever thread the signal lands), records the signal and interrupts every z3 context of the process,
so that a long query ends at once instead of at its timeout; the main thread then raises :class:`Stop`.
A :class:`Stop` raised where Python can only drop it (a garbage-collector callback, which hypothesis
installs) is neither printed nor lost: the watcher simulates the signal again (see :func:`_unraisable`).

**Why a deadline for the command line.** Some work cannot be interrupted from Python (a C extension deep
in a computation, a Dask cluster that takes seconds to close). When the command line owns the process,
:func:`exiting_when_stalled` arms a timer at the first signal: if the process is still alive
:data:`GRACE` seconds later, the timer prints the one line itself, kills the worker processes and ends
the process with the signal's exit code. Files are written to temporary names and renamed inside a
:func:`deferred` section, which the timer waits for, so an existing output is never left half-written.

Outside a run (a library call with no block active) nothing here is installed: SIGINT raises
``KeyboardInterrupt`` as usual and SIGTERM ends the process.
"""

from __future__ import annotations

import _thread
import contextlib
import gc
import multiprocessing
import os
import select
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["SIGNALS", "EXIT_CODES", "GRACE", "Stop", "Interrupted", "catching_signals", "received",
           "raise_if_received", "deferred", "message", "exit_code", "end_process", "progress", "exiting_when_stalled", "announce", "interrupt_of"]

#: The signals that stop a run.
SIGNALS = (signal.SIGINT, signal.SIGTERM)
#: Exit code of the command line for each stopping signal (128 + its number, as shells report it).
EXIT_CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}
#: Seconds the command line waits, after a stopping signal, before it ends the process itself.
GRACE = 1.0
#: How often (seconds) the watcher thread looks whether its block has ended.
_POLL = 0.05


class Stop(BaseException):
    """Raised in the main thread when a stopping signal arrives during a run (a ``BaseException``, so
    that no ``except Exception`` swallows it)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class Interrupted(KeyboardInterrupt):
    """The run was stopped by a signal after ``finished`` of ``total`` claims had finished.

    A ``KeyboardInterrupt``: a script that runs claims stops on it as on any Ctrl-C, and no
    ``except Exception`` around the run mistakes it for a failure of the checks."""

    def __init__(self, signum: int, finished: int, total: int) -> None:
        self.signum, self.finished, self.total = int(signum), finished, total
        super().__init__(message(self.signum, finished, total))

    @property
    def exit_code(self) -> int:
        return exit_code(self.signum)

    def __str__(self) -> str:
        return str(self.args[0])


def exit_code(signum: int) -> int:
    """The exit status that reports ``signum`` (130 for SIGINT, 143 for SIGTERM)."""
    return EXIT_CODES.get(signal.Signals(signum), 128 + int(signum))


def message(signum: int, finished: int | None, total: int | None, written: str = "nothing was written") -> str:
    name = signal.Signals(signum).name
    if total is None:
        return f"interrupted by {name}; {written}"
    return f"interrupted by {name}: {finished} of {total} claims had finished; {written}"


# ----------------------------------------------------------------------------------------------- state
_lock = threading.RLock()
_depth = 0                      # catching_signals blocks open (nested blocks share one state)
_received: int | None = None    # the first stopping signal of the current run
_deferring = 0                  # deferred sections open
_writing = 0                    # deferred sections that rename files into place
_watching = False               # an in-process block is open (its watcher reads the wakeup fd)
_progress: tuple[int, int] | None = None
_grace: float | None = None     # set by exiting_when_stalled: the command line owns the process
_timer: threading.Timer | None = None
_announced = False
_prefix = ""                    # what the deadline's line starts with
_written: Callable[[], list[str]] = list   # what the command has written so far
_lost: int | None = None        # a Stop raised where Python could only drop it (see _unraisable)


def received() -> int | None:
    """The stopping signal received during the current run, or ``None``."""
    return _received


def raise_if_received() -> None:
    """Raise :class:`Stop` if a stopping signal has been received (called between checks, so that a
    library that swallowed the exception cannot make the run go on)."""
    if _received is not None and _depth and not _deferring:
        raise Stop(_received)


def progress(finished: int, total: int) -> None:
    """Record how many claims of the run have finished (for the line printed when the run is stopped)."""
    global _progress
    _progress = (finished, total)


def interrupt_of(exc: BaseException) -> int | None:
    """The stopping signal behind ``exc``: a :class:`Stop` or ``KeyboardInterrupt`` found in it, its
    cause, its context or the members of an exception group (hypothesis wraps what a test raised), or
    the signal received during the run."""
    seen: set[int] = set()
    pending = [exc]
    while pending:
        current = pending.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, Stop):
            return current.signum
        if isinstance(current, Interrupted):
            return current.signum
        if isinstance(current, KeyboardInterrupt):
            return int(signal.SIGINT)
        pending += [current.__cause__, current.__context__, *getattr(current, "exceptions", ())]
    return _received if _depth else None


def _note(signum: int) -> bool:
    """Record ``signum``; True for the first stopping signal of the run (which arms the deadline)."""
    global _received, _timer
    with _lock:
        if _received is not None:
            return False
        _received = int(signum)
        if _grace is not None and _timer is None:
            _timer = threading.Timer(_grace, _deadline)
            _timer.daemon = True
            _timer.start()
        return True


def _on_signal(signum: int, _frame: Any) -> None:
    _note(signum)
    if not _deferring:
        raise Stop(signum)


def _unraisable(unraisable: Any) -> None:
    """``sys.unraisablehook`` during a run. A signal that lands while Python runs a callback it cannot
    propagate an exception from (a garbage-collector callback, such as the one hypothesis installs; a
    ``__del__``) raises :class:`Stop` there, and Python would print it as "Exception ignored" and drop it.
    The signal is recorded already, so nothing is printed; the Stop is marked lost, and the watcher thread
    of a run in this process simulates the signal again in the main thread at its next poll, so that the
    run stops at once (elsewhere it stops at the next check, or at the command line's deadline). The hook
    only assigns: anything that waits here could be interrupted in turn. Any other unraisable exception
    goes to the hook that was there before."""
    global _lost
    if isinstance(unraisable.exc_value, Stop):
        _lost = unraisable.exc_value.signum
        return
    _previous_unraisable(unraisable)


def _redeliver_lost() -> None:
    """Simulate a lost stopping signal in the main thread (called by the watcher thread), if the run that
    received it is still going: once its block has ended, Python's handler is the caller's again."""
    global _lost
    signum, _lost = _lost, None
    if signum is None:
        return
    with _lock:
        if not _depth or signal.getsignal(signum) is not _on_signal:
            return
    _thread.interrupt_main(signum)


_previous_unraisable: Callable[[Any], None] = sys.unraisablehook


@contextlib.contextmanager
def deferred(*, writing: bool = False) -> Iterator[None]:
    """A section a stopping signal does not interrupt (stopping the workers, renaming the files of an
    output): the signal is recorded, and :class:`Stop` is raised when the section ends (unless an
    exception is already on its way out). ``writing``: files are being renamed into place, and even the
    command line's deadline waits for the section to end (it is short: renames only)."""
    global _deferring, _writing
    with _lock:
        _deferring += 1
        _writing += writing
    try:
        yield
    finally:
        with _lock:
            _deferring -= 1
            _writing -= writing
            pending = _received if not _deferring else None
    if pending is not None and _depth and sys.exc_info()[0] is None:
        raise Stop(pending)


# ---------------------------------------------------------------------------------------------- blocks
@contextlib.contextmanager
def catching_signals(*, in_process: bool = False, redeliver: bool = True) -> Iterator[None]:
    """Within the block SIGINT and SIGTERM raise :class:`Stop` in the main thread; the previous
    handlers come back after it. A signal the process ignores (a background job's SIGINT) stays ignored.

    ``in_process``: the claims' checks run in this process (``--jobs 1``, ``show``, the library API);
    z3 leaves SIGINT to Python for the block, and a watcher thread interrupts a solver's query as soon
    as a signal arrives (see the module docstring). Signal handlers belong to the main thread: elsewhere the block changes nothing.
    Blocks nest and share one state, which the outermost block starts afresh. ``redeliver``: when the
    outermost block ends after a SIGTERM whose handler before it was the default one, SIGTERM is
    delivered again, so that a script ends as it would have, only after its workers were stopped (the
    command line, which reports the signal in its exit code, turns this off)."""
    global _depth, _received, _progress, _announced, _lost, _previous_unraisable
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    watched = tuple(s for s in SIGNALS if signal.getsignal(s) != signal.SIG_IGN)
    previous: dict[int, Any] = {}
    with _lock:  # the state first, then the handlers: a signal landing in between finds a run to stop
        _depth += 1
        if _depth == 1:
            _received, _progress, _announced, _lost = None, None, False, None
            _previous_unraisable, sys.unraisablehook = sys.unraisablehook, _unraisable
    try:
        for signum in watched:
            previous[signum] = signal.signal(signum, _on_signal)
        with _watching_signals(watched) if in_process and not _watching and watched else contextlib.nullcontext():
            yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)
        with _lock:
            _depth -= 1
            outermost = _depth == 0
            last = _received
            if outermost and sys.unraisablehook is _unraisable:
                sys.unraisablehook = _previous_unraisable
        if redeliver and outermost and last == signal.SIGTERM and previous.get(signal.SIGTERM) == signal.SIG_DFL:
            signal.raise_signal(signal.SIGTERM)


@contextlib.contextmanager
def _watching_signals(watched: tuple[int, ...]) -> Iterator[None]:
    """Within the block, z3 leaves SIGINT to Python, and a watcher thread hears every stopping signal
    from Python's wakeup descriptor (see the module docstring)."""
    global _watching
    read, write = os.pipe()
    os.set_blocking(read, False)
    os.set_blocking(write, False)
    previous_fd = signal.set_wakeup_fd(write, warn_on_full_buffer=False)
    ctrl_c = _z3_ctrl_c(False)
    watcher = _Watcher(read, watched)
    _watching = True
    watcher.start()
    try:
        yield
    finally:
        watcher.finish()
        _watching = False
        signal.set_wakeup_fd(previous_fd, warn_on_full_buffer=False)
        _z3_ctrl_c(ctrl_c)
        os.close(read)
        os.close(write)


def _z3_ctrl_c(enabled: bool | None) -> bool | None:
    """Set z3's ``ctrl_c`` parameter (whether z3 installs its own SIGINT handler during a query); its
    previous value. ``None`` leaves it as it is."""
    if enabled is None:
        return None
    # z3 is imported here, by a run in this process, not by every command that loads this module
    try:
        import z3
    except ImportError:  # pragma: no cover - z3 is a dependency of the toolkit
        return None
    try:
        before = str(z3.get_param("ctrl_c")).lower() != "false"
    except Exception:
        before = True
    z3.set_param("ctrl_c", enabled)
    return before


def _interrupt_solvers() -> None:
    """Interrupt every z3 context of this process: a query running in the main thread returns at once
    (its answer never counts: the main thread raises :class:`Stop` as soon as it is back in Python)."""
    z3 = sys.modules.get("z3")
    if z3 is None:
        return
    for obj in gc.get_objects():
        if isinstance(obj, z3.Context):
            with contextlib.suppress(Exception):
                obj.interrupt()


class _Watcher(threading.Thread):
    """Reads the signal numbers Python's handler writes to the wakeup descriptor; records a stopping
    signal and interrupts the solvers' queries."""

    def __init__(self, descriptor: int, watched: tuple[int, ...]) -> None:
        super().__init__(name="ldp-proofs signal watcher", daemon=True)
        self._descriptor, self._watched = descriptor, watched
        self._done = threading.Event()

    def run(self) -> None:
        while not self._done.is_set():
            ready, _, _ = select.select([self._descriptor], [], [], _POLL)
            if _lost is not None:
                _redeliver_lost()
            if not ready:
                continue
            try:
                data = os.read(self._descriptor, 64)
            except (BlockingIOError, OSError):
                continue
            stopping = [signum for signum in data if signum in self._watched]
            if stopping:
                _note(stopping[0])
                _interrupt_solvers()

    def finish(self) -> None:
        self._done.set()
        self.join()


def _after_fork_in_child() -> None:
    """A process forked inside a block starts clean: default actions, no wakeup descriptor shared with
    the parent (whose watcher would take the child's signals for its own), no state."""
    global _depth, _received, _watching, _deferring, _writing, _progress, _grace, _timer, _announced
    if _depth == 0:
        return
    if _watching:
        signal.set_wakeup_fd(-1)
    for signum in SIGNALS:
        if signal.getsignal(signum) is _on_signal:
            signal.signal(signum, signal.SIG_DFL)
    if sys.unraisablehook is _unraisable:
        sys.unraisablehook = _previous_unraisable
    _depth, _received, _watching, _deferring, _writing = 0, None, False, 0, 0
    _progress, _grace, _timer, _announced = None, None, None, False


os.register_at_fork(after_in_child=_after_fork_in_child)


# ------------------------------------------------------------------------------------ the command line
def announce(line: str, stream: Any = None) -> bool:
    """Print the one line that says the run was stopped, unless it was printed already (by the deadline
    or by the command line); whether it was printed now."""
    global _announced
    with _lock:
        if _announced:
            return False
        _announced = True
    print(line, file=stream or sys.stderr, flush=True)
    return True


@contextlib.contextmanager
def exiting_when_stalled(prefix: str, written: Callable[[], list[str]], grace: float = GRACE) -> Iterator[None]:
    """While the block is open, the first stopping signal arms a deadline: if the process is still
    alive ``grace`` seconds later, the line ``prefix + message`` is printed (unless it was already),
    every worker process is killed and the process ends with the signal's exit code. For a process the
    command line owns (never a library call: it would end its caller). ``written`` lists what the
    command has written so far (said in the line)."""
    global _grace, _prefix, _written
    _grace, _prefix, _written = grace, prefix, written
    try:
        yield
    finally:
        # a deadline already armed stays: the process must end even if its shutdown stalls
        _grace = None


def _deadline() -> None:
    with _lock:
        if _writing:  # renaming files into place: wait for the section to end, then stop
            retry = threading.Timer(_POLL, _deadline)
            retry.daemon = True
            retry.start()
            return
        signum = _received or signal.SIGTERM
        finished, total = _progress if _progress is not None else (None, None)
        done = _written()
        said = f"wrote {', '.join(done)}" if done else "nothing was written"
        announce(_prefix + message(signum, finished, total, said))
        end_process(exit_code(signum))


def end_process(code: int) -> None:
    """End this process now with ``code``: worker processes still running are killed (a cluster being
    started when the signal came, a worker that did not stop in time), the standard streams flushed, and
    no time is spent tearing down the heap. For the command line only."""
    for child in multiprocessing.active_children():
        with contextlib.suppress(Exception):
            child.kill()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(Exception):
            stream.flush()
    os._exit(code)
