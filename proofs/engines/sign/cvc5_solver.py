"""cvc5 for sign conditions with ``exp``: non-linear real arithmetic with transcendental functions.

cvc5 decides ``exp`` by incremental linearisation (tangent and secant lemmas refined at the model's
points); ``unsat`` is a proof, ``sat`` comes with a model that is re-checked here before it is believed,
``unknown`` (its usual answer when a condition is tight, or a variable unbounded below) decides nothing.
A condition is translated with fresh unknowns for what cvc5 has no symbol for: ``y = log(u)`` as
``exp(y) = u``; ``s = sqrt(u)`` as ``s >= 0, s*s = u``; ``w = u**(p/q)`` as ``w > 0, w**q = u**p``; a quotient
``a/b`` as ``d`` with ``d*b = a, b != 0``. Each such definition holds wherever the original expression is
defined, so ``unsat`` of "domain, definitions, condition fails" shows the condition at every domain
point where it is defined (the side conditions that it is defined everywhere are decided separately).

Every query goes through :func:`ask`, which records a ``sat``/``unsat`` answer in the caller's
:class:`~proofs.kernel.record.Transcript` with the query as cvc5 prints it (SMT-LIB 2 with cvc5's
``exp`` and ``real.pi``), and which never turns an interrupt into an answer.

**cvc5 runs in a worker process**, which receives exactly that SMT-LIB text. cvc5 checks its time limit
(``tlimit-per``) only now and then: a query given 2 s was seen to run 7 s, and one given a resource limit
136 s. A worker that has not answered when the query's time is up is killed (and started again for the
next query), so the caller's deadline holds; an interrupt kills it too, then propagates. The worker is
started once per process (by the process that uses it: a forked child starts its own), in its own
session, so that a terminal's Ctrl-C reaches only the caller.

cvc5 is imported inside the functions that use it: it is a heavy optional dependency (the cross-check
says "not installed" without it), loaded only when a transcendental condition needs it.
"""

from __future__ import annotations

import atexit
import json
import os
import selectors
import subprocess
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import cvc5

import sympy

from proofs.engines.sign.parse import NEGATION, Condition
from proofs.kernel.record import Transcript

__all__ = ["available", "version", "Query", "ask", "WORKER_GRACE", "stop_worker"]

#: Seconds a worker may take beyond a query's time limit before it is killed (cvc5 checks its limit late).
WORKER_GRACE = 0.25
#: Seconds a worker may take to start (import cvc5) before the query is given up.
WORKER_START = 60.0

#: The worker: reads one JSON request per line (``smtlib``, ``milliseconds``), runs cvc5 on the text and
#: answers one JSON line (``result``, ``reason``, ``model``: name -> rational as text).
_WORKER_SCRIPT = r"""
import json, sys
import cvc5
print(json.dumps({"ready": True}), flush=True)
for line in sys.stdin:
    request = json.loads(line)
    reply = {"result": "unknown", "reason": "", "model": None}
    try:
        tm = cvc5.TermManager()
        solver = cvc5.Solver(tm)
        solver.setOption("produce-models", "true")
        solver.setOption("tlimit-per", str(request["milliseconds"]))
        symbols = cvc5.SymbolManager(tm)
        parser = cvc5.InputParser(solver, symbols)
        parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, request["smtlib"], "query")
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            if command.getCommandName() != "check-sat":
                command.invoke(solver, symbols)
        answer = solver.checkSat()
        if answer.isUnsat():
            reply["result"] = "unsat"
        elif answer.isSat():
            reply["result"] = "sat"
            model = {}
            for term in symbols.getDeclaredTerms():
                try:
                    model[term.getSymbol()] = str(solver.getValue(term).getRealValue())
                except Exception:
                    model = None
                    break
            reply["model"] = model
        else:
            reply["reason"] = str(answer.getUnknownExplanation())
    except Exception as error:
        reply["reason"] = f"cvc5: {type(error).__name__}: {error}"
    print(json.dumps(reply), flush=True)
"""


def available() -> bool:
    try:
        import cvc5  # noqa: F401  (optional heavy dependency, see the module docstring)
    except ImportError:
        return False
    return True


def version() -> str:
    import cvc5  # optional heavy dependency, see the module docstring

    return f"cvc5 {getattr(cvc5, '__version__', '')}".strip()


@dataclass(frozen=True)
class Query:
    """One cvc5 answer: ``sat``/``unsat``/``unknown``, a rational model if any, and its time."""

    result: str
    model: dict[sympy.Symbol, Fraction] | None
    seconds: float
    reason: str = ""


class _Translator:
    def __init__(self, tm: cvc5.TermManager, variables: Sequence[sympy.Symbol]) -> None:
        import cvc5  # optional heavy dependency, see the module docstring

        self.kind = cvc5.Kind
        self.tm = tm
        self.real = tm.getRealSort()
        self.vars = {s: tm.mkConst(self.real, s.name) for s in variables}
        self.constants: list[str] = [s.name for s in variables]
        self.definitions: list[cvc5.Term] = []
        self.fresh = 0
        self.memo: dict[sympy.Expr, cvc5.Term] = {}

    def new(self, stem: str) -> cvc5.Term:
        self.fresh += 1
        self.constants.append(f"{stem}_{self.fresh}")
        return self.tm.mkConst(self.real, f"{stem}_{self.fresh}")

    def number(self, value: sympy.Rational) -> cvc5.Term:
        return self.tm.mkReal(int(value.p), int(value.q))

    def term(self, node: sympy.Expr) -> cvc5.Term:
        if node not in self.memo:
            self.memo[node] = self._term(node)
        return self.memo[node]

    def _term(self, node: sympy.Expr) -> cvc5.Term:
        k, tm = self.kind, self.tm
        if node.is_Symbol:
            return self.vars[node]
        if node.is_Rational:
            return self.number(node)
        if node is sympy.E:
            return tm.mkTerm(k.EXPONENTIAL, self.number(sympy.Integer(1)))
        if node is sympy.pi:
            return tm.mkPi()
        if node.is_Add:
            return tm.mkTerm(k.ADD, *[self.term(a) for a in node.args])
        if node.is_Mul:
            return tm.mkTerm(k.MULT, *[self.term(a) for a in node.args])
        if isinstance(node, sympy.exp) or (node.is_Pow and node.base is sympy.E):
            argument = node.args[0] if isinstance(node, sympy.exp) else node.exp
            return tm.mkTerm(k.EXPONENTIAL, self.term(argument))
        if isinstance(node, sympy.log):
            y = self.new("log")
            self.definitions.append(tm.mkTerm(k.EQUAL, tm.mkTerm(k.EXPONENTIAL, y), self.term(node.args[0])))
            return y
        if node.is_Pow and node.exp.is_Integer:
            base = self.term(node.base)
            n = int(node.exp)
            power = self._power(base, abs(n))
            if n >= 0:
                return power
            d = self.new("quotient")
            self.definitions += [tm.mkTerm(k.EQUAL, tm.mkTerm(k.MULT, d, power), self.number(sympy.Integer(1))),
                                 tm.mkTerm(k.DISTINCT, power, self.number(sympy.Integer(0)))]
            return d
        if node.is_Pow and node.exp.is_Rational:
            p, q = int(node.exp.p), int(node.exp.q)
            w = self.new("root")
            base = self.term(node.base)
            zero = self.number(sympy.Integer(0))
            self.definitions += [tm.mkTerm(k.GEQ if p > 0 else k.GT, w, zero),
                                 tm.mkTerm(k.EQUAL, self._power(w, q), self._power_signed(base, p))]
            return w
        if node.is_Pow:                                     # b**e = exp(e*log(b)), b > 0
            return self.term(sympy.exp(node.exp * sympy.log(node.base, evaluate=False), evaluate=False))
        raise ValueError(f"{node} has no cvc5 translation")

    def _power(self, base: cvc5.Term, n: int) -> cvc5.Term:
        if n == 0:
            return self.number(sympy.Integer(1))
        return base if n == 1 else self.tm.mkTerm(self.kind.MULT, *([base] * n))

    def _power_signed(self, base: cvc5.Term, n: int) -> cvc5.Term:
        if n >= 0:
            return self._power(base, n)
        d = self.new("quotient")
        power = self._power(base, -n)
        self.definitions.append(self.tm.mkTerm(self.kind.EQUAL, self.tm.mkTerm(self.kind.MULT, d, power),
                                               self.number(sympy.Integer(1))))
        return d

    def relation(self, expr: sympy.Expr, op: str) -> cvc5.Term:
        k = self.kind
        kinds = {">": k.GT, ">=": k.GEQ, "<": k.LT, "<=": k.LEQ, "==": k.EQUAL, "!=": k.DISTINCT}
        return self.tm.mkTerm(kinds[op], self.term(expr), self.number(sympy.Integer(0)))


def ask(target: Condition, domain: Sequence[Condition], extra: Sequence[Condition], seconds: float,
        transcript: Transcript | None = None, meaning: str = "") -> Query:
    """Is there a point of ``domain`` and ``extra`` where ``target`` fails? (cvc5, ``seconds`` at most). A
    ``sat``/``unsat`` answer is recorded in ``transcript``, ``unsat`` with ``meaning``."""
    import cvc5  # optional heavy dependency, see the module docstring

    variables = sorted(set().union(target.expr.free_symbols, *(c.expr.free_symbols for c in (*domain, *extra))),
                       key=lambda s: s.name)
    translate = _Translator(cvc5.TermManager(), variables)
    try:
        formulas = [translate.relation(c.expr, c.op) for c in (*domain, *extra)]
        formulas.append(translate.relation(target.expr, NEGATION[target.op]))
    except ValueError as refusal:
        return Query("unknown", None, 0.0, str(refusal))
    text = _smtlib(translate.constants, [*formulas, *translate.definitions])
    result, reason, values, seconds_used = _run(text, seconds)
    if result == "unknown":
        if "INTERRUPTED" in reason.upper():
            raise KeyboardInterrupt(f"cvc5: {reason}")
        return Query("unknown", None, seconds_used, reason)
    if result == "unsat":
        if transcript is not None:
            says = meaning or f"no point of the domain violates {target.expr} {target.op} 0"
            transcript.query(text, "unsat", f"unsat: {says}")
        return Query("unsat", None, seconds_used)
    model = {}
    for symbol in variables:
        try:
            model[symbol] = Fraction((values or {})[symbol.name])
        except (KeyError, ValueError, ZeroDivisionError):
            return Query("unknown", None, seconds_used, "sat with a model that is not rational")
    if transcript is not None:
        transcript.query(text, "sat", f"sat: a point of the domain where {target.expr} {target.op} 0 fails")
    return Query("sat", model, seconds_used)


def _smtlib(constants: Sequence[str], formulas: Sequence[cvc5.Term]) -> str:
    """The query as SMT-LIB 2 text (cvc5's printing of its terms)."""
    lines = ["(set-logic QF_NRAT)"]
    lines += [f"(declare-fun {name} () Real)" for name in constants]
    lines += [f"(assert {formula})" for formula in formulas]
    lines.append("(check-sat)")
    return "\n".join(lines)


class _Worker:
    """The cvc5 worker process of this process (see the module docstring)."""

    lock = threading.Lock()
    process: subprocess.Popen[str] | None = None
    owner: int = 0

    @classmethod
    def get(cls) -> subprocess.Popen[str]:
        if cls.process is not None and (cls.owner != os.getpid() or cls.process.poll() is not None):
            if cls.owner == os.getpid():
                cls.stop()
            cls.process = None                   # a forked child never talks to its parent's worker
        if cls.process is None:
            process = subprocess.Popen([sys.executable, "-c", _WORKER_SCRIPT], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                                       start_new_session=True)
            cls.process, cls.owner = process, os.getpid()
            if _reply(process, WORKER_START) is None:
                cls.stop()
                raise RuntimeError("the cvc5 worker did not start")
        return cls.process

    @classmethod
    def stop(cls) -> None:
        process, cls.process = cls.process, None
        if process is not None and cls.owner == os.getpid():
            process.kill()
            process.wait()
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()


def stop_worker() -> None:
    """Stop this process's cvc5 worker (it is started again when needed)."""
    with _Worker.lock:
        _Worker.stop()


atexit.register(stop_worker)


def _reply(process: subprocess.Popen[str], seconds: float) -> dict[str, Any] | None:
    """The worker's next line, or None if it gives none within ``seconds``."""
    assert process.stdout is not None
    with selectors.DefaultSelector() as selector:
        selector.register(process.stdout, selectors.EVENT_READ)
        if not selector.select(timeout=max(0.0, seconds)):
            return None
    line = process.stdout.readline()
    return json.loads(line) if line else None


def _run(smtlib: str, seconds: float) -> tuple[str, str, dict[str, str] | None, float]:
    """``(result, reason, model, seconds used)`` of cvc5 on ``smtlib`` within ``seconds`` (plus
    :data:`WORKER_GRACE`); a worker that overruns, fails or is interrupted is killed."""
    with _Worker.lock:
        process = _Worker.get()
        assert process.stdin is not None
        start = time.perf_counter()
        done = False
        try:
            process.stdin.write(json.dumps({"smtlib": smtlib, "milliseconds": max(1, int(seconds * 1000))}) + "\n")
            process.stdin.flush()
            reply = _reply(process, seconds + WORKER_GRACE)
            done = reply is not None
        except (OSError, ValueError) as failure:
            reply, reason = None, f"the cvc5 worker failed ({type(failure).__name__})"
        else:
            reason = "time-out (the cvc5 worker was stopped at the deadline)"
        finally:
            if not done:                          # overran, failed, or interrupted: never leave cvc5 running
                _Worker.stop()
        used = time.perf_counter() - start
        if reply is None:
            return "unknown", reason, None, used
        return str(reply.get("result", "unknown")), str(reply.get("reason", "")), reply.get("model"), used
