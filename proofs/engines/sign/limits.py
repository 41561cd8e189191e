"""What the sign decider refuses before work, how long it may work, and what it cannot do.

**Sizes.** A condition too large for the decider to finish in its time is refused before any solver or
any sympy algebra runs, with a one-line :class:`~core.errors.InvalidArgument` naming the value and the
limit (:func:`refuse_sizes`). Each limit is a named constant with its reason:

* :data:`MAX_DEGREE` bounds the degree of every polynomial the decider would build, computed from the
  expression as written (a power multiplies a degree, a product adds degrees, ``exp(k*s)`` counts
  ``|k|·L`` where ``L`` is the common denominator of the coefficients of ``s``): ``x**100000 - 2`` is
  refused at once instead of spending minutes in a factorisation;
* :data:`MAX_SYMBOLS` bounds the number of variables;
* :data:`MAX_NODES` bounds the size of the expression tree (the condition and its domain together);
* :data:`MAX_BITS` bounds the size of each rational number in it.

**Time.** ``timeout=`` is a positive finite number of seconds (:func:`read_timeout`; a string, a
negative value, NaN or infinity is a one-line error). One :class:`Deadline` per call is shared by every
step: each z3 query gets what is left of it (its ``timeout`` parameter), each cvc5 query likewise (in a
worker process that is killed when it overruns), the branch-and-bound loop checks it before every box, and
the sympy steps that can take long (limits, simplifications, factorisations) run under :func:`bounded`,
which stops them when the deadline passes. The whole call ends within about twice its timeout.

**A whole call's time.** :func:`within` runs a public check (``check_sign``, ``check_ldp``, ``check_moment``,
``check_approximation``) under one deadline: every :class:`Deadline` made inside it is cut to that deadline
(so z3 and cvc5 are asked to stop by then), and when it passes the calling thread is interrupted at its next
Python instruction, again every :data:`REFIRE` seconds until the call has unwound; the check then returns an
``inconclusive`` verdict whose evidence says "time-out".

**Limitations.** An exception of sympy, z3, cvc5 or python-flint inside the engine that is not a bad
input (:data:`ENGINE_LIMITATIONS`) is a limitation of the engine: the evidence is ``inconclusive`` and
says which exception stopped it (:func:`limitation`), never a traceback. A ``KeyboardInterrupt`` is never
caught: it is not an exception of this kind.
"""

from __future__ import annotations

import contextlib
import contextvars
import ctypes
import dataclasses
import functools
import inspect
import math
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from proofs.base.evidence import Method

import sympy
import z3
from sympy.polys.polyerrors import BasePolynomialError

from core.errors import InvalidArgument, invalid
from proofs.base.evidence import Detail, Evidence, Outcome
from proofs.base.verdict import Status, Verdict

_T = TypeVar("_T")

__all__ = ["MAX_DEGREE", "MAX_SYMBOLS", "MAX_NODES", "MAX_BITS", "MAX_FACTOR_TERMS", "Deadline", "TimeUp",
           "bounded", "read_timeout", "refuse_sizes", "degree_bound", "ENGINE_LIMITATIONS", "limitation", "within",
           "timed_out", "CallTimedOut", "REFIRE", "shielded", "WHOLE_CALL", "late",
           "honours_timeout"]

#: Largest degree (a bound read from the expression as written) of a polynomial the decider builds.
#: sympy's factorisation of a dense polynomial in two variables takes about 1 s at degree 100, 6 s at
#: degree 200 and minutes at degree 400; z3's nlsat slows down with the degree in the same way.
MAX_DEGREE = 100
#: Most variables in one condition and its domain: nlsat (cylindrical algebraic decomposition) is doubly
#: exponential in the number of variables, and the branch-and-bound splits boxes in every dimension.
MAX_SYMBOLS = 12
#: Largest expression tree (nodes of the condition and its domain together): every step (substitution,
#: factorisation, derivative, enclosure) is at least linear in it and most are much worse. The claims of
#: the paper stay below 400.
MAX_NODES = 5_000
#: Largest rational number (bits of its numerator or denominator): arithmetic on such coefficients
#: dominates every solver step.
MAX_BITS = 20_000
#: A polynomial with more terms than this is not factored (its sign is decided as a whole): factoring
#: is an optimisation, and on a large polynomial it may take longer than the decision itself.
MAX_FACTOR_TERMS = 400


class TimeUp(Exception):
    """The deadline passed before a step could start (``step`` says which)."""

    def __init__(self, step: str) -> None:
        super().__init__(step)
        self.step = step


#: The ``time.perf_counter`` instant at which the enclosing :func:`within` call must end (None outside one).
_CALL_ENDS: contextvars.ContextVar[float | None] = contextvars.ContextVar("call_ends", default=None)
#: Seconds between two interruptions of a call whose deadline has passed (until it has unwound).
REFIRE = 0.05
#: A public check with ``timeout=t`` is stopped at WHOLE_CALL * t: its own steps aim at t (check_sign's
#: cross-check at 1.5 t), and the call must end within 2 t, the stop included.
WHOLE_CALL = 1.9


@dataclass
class Deadline:
    """The time one call may take: ``seconds`` from ``start`` (``time.perf_counter``), never beyond the end
    of the enclosing :func:`within` call."""

    seconds: float
    start: float = field(default_factory=time.perf_counter)

    def __post_init__(self) -> None:
        ends = _CALL_ENDS.get()
        if ends is not None and self.start + self.seconds > ends:
            self.seconds = max(0.0, ends - self.start)

    @property
    def at(self) -> float:
        return self.start + self.seconds

    def left(self) -> float:
        """Seconds left (0 once the deadline has passed)."""
        return max(0.0, self.at - time.perf_counter())

    def expired(self) -> bool:
        return time.perf_counter() >= self.at

    def check(self, step: str) -> None:
        """Raise :class:`TimeUp` if the deadline has passed (called before a step that may take long)."""
        if self.expired():
            raise TimeUp(step)

    def within(self, seconds: float) -> "Deadline":
        """A deadline ``seconds`` from now, never later than this one."""
        now = time.perf_counter()
        return Deadline(max(0.0, min(self.at, now + seconds) - now), now)

    def elapsed(self) -> float:
        return time.perf_counter() - self.start


class _Stopped(TimeUp):
    """Raised inside a :func:`bounded` step by its watchdog when the deadline passes."""

    def __init__(self) -> None:
        super().__init__("a step stopped at the deadline")


def _raise_in(thread: int, error: type[BaseException] | None) -> None:
    """Make ``thread`` raise ``error`` at its next Python instruction (``None``: cancel a pending one)."""
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread), ctypes.py_object(error) if error else None)


def bounded(deadline: Deadline, step: str, function: Callable[..., _T], *args: object, **kwargs: object) -> _T:
    """``function(*args, **kwargs)``, stopped with :class:`TimeUp` (naming ``step``) when ``deadline`` passes.

    sympy's ``limit``, ``simplify`` and ``factor_list`` are pure Python that may run for minutes and cannot
    be asked to stop: a watchdog timer makes the calling thread raise at its next Python instruction once
    the deadline has passed. The watchdog fires at most once and only while the call runs (a lock orders
    it with the call's end, and any exception still pending after the end is cancelled)."""
    left = deadline.left()
    if left <= 0:
        raise TimeUp(step)
    thread = threading.get_ident()
    lock = threading.Lock()
    state = {"running": True, "fired": False}

    def fire() -> None:
        with lock:
            if state["running"]:
                state["fired"] = True
                _raise_in(thread, _Stopped)

    watchdog = threading.Timer(left, fire)
    watchdog.daemon = True
    _watchdogs().append(watchdog)
    watchdog.start()
    try:
        try:
            return function(*args, **kwargs)
        finally:
            with lock:
                state["running"] = False
            watchdog.cancel()
            _forget(watchdog)
            if state["fired"]:
                _raise_in(thread, None)
    except _Stopped:
        raise TimeUp(step) from None


_THREAD = threading.local()


def _watchdogs() -> list[threading.Timer]:
    """The :func:`bounded` watchdogs running for this thread (a :func:`within` call that is interrupted
    cancels those it started, so none fires after it has returned)."""
    if not hasattr(_THREAD, "watchdogs"):
        _THREAD.watchdogs = []
    return _THREAD.watchdogs


def _forget(watchdog: threading.Timer) -> None:
    try:
        _watchdogs().remove(watchdog)
    except ValueError:
        pass


#: thread id -> how many :func:`shielded` blocks it is in (a :func:`within` deadline waits for them).
_SHIELDED: dict[int, int] = {}


@contextlib.contextmanager
def shielded() -> Iterator[None]:
    """A block a :func:`within` deadline does not interrupt (it interrupts once the block has ended): the
    construction of a z3 context, whose finaliser fails on an object half made."""
    thread = threading.get_ident()
    _SHIELDED[thread] = _SHIELDED.get(thread, 0) + 1
    try:
        yield
    finally:
        _SHIELDED[thread] -= 1
        if not _SHIELDED[thread]:
            del _SHIELDED[thread]


def _quiet_finalisers(previous: Callable[[sys.UnraisableHookArgs], object]
                      ) -> Callable[[sys.UnraisableHookArgs], None]:
    """``sys.unraisablehook`` that drops a :class:`CallTimedOut` raised inside a finaliser (``__del__``
    cannot pass it on; the call is interrupted again :data:`REFIRE` seconds later) and passes on the rest."""

    def hook(unraisable: sys.UnraisableHookArgs) -> None:
        if isinstance(unraisable.exc_value, CallTimedOut):
            return
        previous(unraisable)

    return hook


class CallTimedOut(BaseException):
    """Raised in a :func:`within` call's thread when its deadline has passed. A ``BaseException``, so that
    the engines' ``except Exception`` (a limitation of the engine) does not take it for one; each call
    raises its own subclass, so a call inside another stops only at its own deadline."""


def within(seconds: float, function: Callable[..., Any], *args: Any, **kwargs: Any) -> tuple[bool, Any]:
    """``(True, function(*args, **kwargs))``, or ``(False, None)`` when ``seconds`` pass first.

    Every :class:`Deadline` made during the call ends by then (z3 and cvc5 queries are given what is left);
    at the deadline the calling thread is interrupted at its next Python instruction (sympy, python-flint
    and mpmath steps included), again every :data:`REFIRE` seconds until the call has unwound, and the
    :func:`bounded` watchdogs it started are cancelled. An exception other than a bad input
    (:class:`~core.errors.InvalidArgument`) raised once the deadline has passed (a step cut short by it) is
    the time-out too."""
    ends = time.perf_counter() + seconds
    outer = _CALL_ENDS.get()
    token = _CALL_ENDS.set(ends if outer is None else min(outer, ends))
    stop = type("CallTimedOut", (CallTimedOut,), {})
    thread = threading.get_ident()
    lock = threading.Lock()
    state = {"running": True, "fired": False}
    done = threading.Event()
    started = len(_watchdogs())

    def watch() -> None:
        wait = max(0.0, ends - time.perf_counter())
        while not done.wait(wait):
            wait = REFIRE
            with lock:
                if not state["running"]:
                    return
                if _SHIELDED.get(thread):
                    continue
                state["fired"] = True
                _raise_in(thread, stop)

    watcher = threading.Thread(target=watch, name="within-deadline", daemon=True)
    finished, result = False, None
    try:
        try:
            try:
                watcher.start()  # inside: the deadline may pass before start() returns
                result = function(*args, **kwargs)
                finished = True
            finally:
                while True:  # the interruption may land here too: end the watch before anything else
                    try:
                        with lock:
                            state["running"] = False
                        done.set()
                        if state["fired"]:
                            _raise_in(thread, None)  # an interruption still pending is cancelled
                        break
                    except CallTimedOut:  # this call's, or an enclosing one's (which interrupts again)
                        continue
        except stop:
            pass
        except Exception as error:  # what a step cut at the deadline raised (TimeUp, ...) is the time-out too
            if time.perf_counter() < ends or isinstance(error, InvalidArgument):
                raise
    finally:
        if state["fired"]:
            for watchdog in _watchdogs()[started:]:  # the watchdogs the call left behind never fire
                watchdog.cancel()
            del _watchdogs()[started:]
        _CALL_ENDS.reset(token)
    return finished, result


sys.unraisablehook = _quiet_finalisers(sys.unraisablehook)


def honours_timeout(*methods: Method) -> Callable[[Callable[..., _T]], Callable[..., _T]]:
    """A public check whose ``timeout=`` (seconds, when given as a positive finite number) bounds the whole
    call: it runs :func:`within` :data:`WHOLE_CALL` times that, and a call stopped there returns the check's
    own verdict class with one ``inconclusive`` piece of evidence per method of ``methods`` saying "time-out". Any other
    ``timeout`` is left to the check (which refuses a bad one in one line)."""

    def wrap(check: Callable[..., _T]) -> Callable[..., _T]:
        default = inspect.signature(check).parameters["timeout"].default

        @functools.wraps(check)
        def timed(*args: Any, **kwargs: Any) -> Any:
            seconds = kwargs.get("timeout", default)
            if (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                    or not 0 < seconds < float("inf")):
                return check(*args, **kwargs)
            started = time.perf_counter()
            finished, verdict = within(WHOLE_CALL * seconds, check, *args, **kwargs)
            if finished:
                return late(verdict, seconds, time.perf_counter() - started)
            returns = inspect.signature(check).return_annotation
            kind = _verdict_class(check, returns)
            return kind(timed_out(methods, seconds, "the stated domain (stopped at the deadline)"))

        return timed

    return wrap


def _verdict_class(check: Callable[..., object], annotation: object) -> type:
    """The verdict class a check returns (its return annotation, read in its module)."""
    if isinstance(annotation, str):
        annotation = getattr(sys.modules[check.__module__], annotation, Verdict)
    return annotation if isinstance(annotation, type) and issubclass(annotation, Verdict) else Verdict


def late(verdict: Verdict, seconds: float, elapsed: float) -> Verdict:
    """``verdict`` as it is, unless the call ran past its ``seconds`` and nothing was decisive: then each
    inconclusive piece of evidence that does not say so already says "time-out" (the engine stopped at its
    deadline, and the reason should say why)."""
    if elapsed < seconds or verdict.status is not Status.INCONCLUSIVE:
        return verdict
    note = f"the call's time ({round(seconds, 4)} s) ran out ({round(elapsed, 4)} s)"
    marked = tuple(dataclasses.replace(e, detail={**e.detail, Detail.TIME_OUT: note})
                   if e.outcome is Outcome.INCONCLUSIVE and Detail.TIME_OUT not in e.detail else e for e in verdict.evidence)
    return type(verdict)(marked)


def timed_out(methods: Iterable[Method], seconds: float, what: str) -> tuple[Evidence, ...]:
    """One ``inconclusive`` piece of evidence per method for a call stopped at its deadline: its detail
    says "time-out" and the time allowed."""
    return tuple(Evidence(method, Outcome.INCONCLUSIVE, what,
                          {Detail.TIME_OUT: f"the call was stopped at its deadline ({round(seconds, 4)} s)"},
                          seconds=seconds) for method in methods)


def read_timeout(value: object, name: str = "timeout") -> float:
    """``value`` as a positive finite number of seconds, or a one-line error."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Fraction)):
        raise invalid(name, value, "must be a number of seconds (an int or a float)", f"e.g. {name}=30")
    seconds = float(value)
    if math.isnan(seconds) or math.isinf(seconds):
        raise invalid(name, value, "must be a finite number of seconds", f"e.g. {name}=30")
    if seconds <= 0:
        raise invalid(name, value, "must be positive seconds", f"e.g. {name}=30")
    return seconds


def _exp_scales(exprs: Iterable[sympy.Expr]) -> dict[sympy.Symbol, int]:
    """For each symbol inside ``exp``, the common denominator of its rational coefficients there."""
    scales: dict[sympy.Symbol, int] = {}
    for expr in exprs:
        for atom in expr.atoms(sympy.exp):
            for term in sympy.Add.make_args(atom.args[0]):
                coefficient, rest = term.as_coeff_Mul()
                if rest.is_Symbol and coefficient.is_Rational:
                    scales[rest] = math.lcm(scales.get(rest, 1), int(coefficient.q))
    return scales


def degree_bound(expr: sympy.Expr, scales: dict[sympy.Symbol, int] | None = None) -> int:
    """An upper bound of the total degree of the polynomials the decider builds from ``expr`` (read from
    the expression as written, without expanding it)."""
    scales = _exp_scales([expr]) if scales is None else scales
    memo: dict[sympy.Basic, int] = {}

    def bound(node: sympy.Basic) -> int:
        if node in memo:
            return memo[node]
        if node.is_Symbol:
            value = 1
        elif node.is_number and not isinstance(node, sympy.exp):
            value = 0
        elif node.is_Add:
            value = max(bound(a) for a in node.args)
        elif node.is_Mul:
            value = sum(bound(a) for a in node.args)
        elif node.is_Pow and node.exp.is_Rational:
            exponent = node.exp
            value = max(abs(int(exponent.p)), int(exponent.q)) * bound(node.base)
        elif isinstance(node, sympy.exp):
            value = 0
            for term in sympy.Add.make_args(node.args[0]):
                coefficient, rest = term.as_coeff_Mul()
                if rest.is_Symbol and coefficient.is_Rational:
                    value += int(abs(coefficient * scales.get(rest, 1)))
                else:
                    value = max(value, bound(term))
        else:
            value = max((bound(a) for a in node.args), default=1)
        memo[node] = value
        return value

    return bound(expr)


def refuse_sizes(target: sympy.Expr, domain: Iterable[sympy.Expr], text: str) -> None:
    """Raise a one-line :class:`~core.errors.InvalidArgument` if the condition ``target`` (written ``text``)
    with its ``domain`` expressions is beyond :data:`MAX_NODES`, :data:`MAX_BITS`, :data:`MAX_SYMBOLS` or
    :data:`MAX_DEGREE`; does no algebra."""
    exprs = [target, *domain]
    nodes = 0
    for expr in exprs:
        for node in sympy.preorder_traversal(expr):
            nodes += 1
            if nodes > MAX_NODES:
                raise invalid("expr", text, f"the condition and its domain have more than {MAX_NODES} nodes "
                              f"(MAX_NODES = {MAX_NODES}, beyond what the sign decider handles in its time)",
                              "simplify the condition or split it")
            if node.is_Rational and max(int(node.p).bit_length(), int(node.q).bit_length()) > MAX_BITS:
                raise invalid("expr", text, f"contains a number of {max(int(node.p).bit_length(), int(node.q).bit_length())} "
                              f"bits, more than MAX_BITS = {MAX_BITS}")
    symbols = set().union(*(e.free_symbols for e in exprs))
    if len(symbols) > MAX_SYMBOLS:
        raise invalid("expr", text, f"has {len(symbols)} variables (with its domain), more than MAX_SYMBOLS = "
                      f"{MAX_SYMBOLS} (nlsat is doubly exponential in the number of variables)")
    scales = _exp_scales(exprs)
    for expr, role in zip(exprs, ["expr"] + ["domain"] * (len(exprs) - 1)):
        degree = degree_bound(expr, scales)
        if degree > MAX_DEGREE:
            raise invalid(role, text if role == "expr" else str(expr),
                          f"has degree up to {degree} (read from its powers), more than MAX_DEGREE = {MAX_DEGREE}, "
                          "the largest the sign decider factors and decides in its time",
                          "lower the degree (substitute a power by a new variable with its own constraint)")


def _cvc5_errors() -> tuple[type[BaseException], ...]:
    # cvc5's Python API raises RuntimeError (its C++ exceptions, translated by Cython)
    return (RuntimeError,)


#: Exceptions of sympy, z3, cvc5 and python-flint that mean "the engine cannot do this", not "bad input".
#: (ValueError covers flint's and sympy's refusals; an InvalidArgument, also a ValueError, is a bad input
#: and is re-raised before this tuple is consulted.)
ENGINE_LIMITATIONS: tuple[type[BaseException], ...] = (
    BasePolynomialError, sympy.SympifyError, z3.Z3Exception, NotImplementedError, ArithmeticError, TypeError,
    ValueError, RecursionError, MemoryError, *_cvc5_errors())


def limitation(error: BaseException) -> str:
    """One line naming the exception that stopped the engine, for the evidence's reason."""
    message = " ".join(str(error).split())
    if len(message) > 200:
        message = message[:200] + "…"
    return f"{type(error).__name__}: {message}" if message else type(error).__name__
