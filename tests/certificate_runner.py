"""Running proof certificates the way a referee would: without this toolkit.

:func:`run_certificate` runs one script, :func:`run_certificates` several (one after another in one
interpreter, so sympy and z3 are imported once), in a subprocess with an empty temporary working directory, no
``PYTHONPATH``, Python's isolated mode (``-I``) and an import hook that refuses the toolkit's packages (the
editable install would otherwise still find them); the wrapper first proves that ``import proofs`` fails, then
runs each script as ``__main__`` in a namespace of its own and records the code it exits with.

:func:`run_certificate_once` is :func:`run_certificate` run once per test session for a script's text: several
tests run the unchanged certificate of one claim (each mutation test first shows that the original passes),
and the same text run standalone in the same interpreter exits the same way; the others read the outcome back.

One guarded interpreter per test process starts :func:`run_certificate`'s runs: it is started once (isolated
mode, the toolkit refused, what certificates import imported: sympy, and mpmath, python-flint and z3 when
installed) and forks a child for each script,
which runs it as ``__main__`` in an empty directory of its own, its standard output and error captured, and
exits with the script's code. Each run is a process of its own that never saw another script, as a fresh
``python -I`` is; only Python's start-up and sympy's import (about 0.6 s of CPU) are done once, not per run.
"""

from __future__ import annotations

import atexit
import fcntl
import hashlib
import json
import locale
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.shared_results import directory

__all__ = ["run_certificate", "run_certificate_once", "run_certificates", "TOOLKIT_PACKAGES"]

#: The toolkit's top-level packages, none of which a certificate may import.
TOOLKIT_PACKAGES = ("proofs", "core", "symbolic", "numeric", "catalog")

_GUARD = """
import importlib.abc, io, json, runpy, sys, time, contextlib
BLOCKED = {blocked!r}
class Refuse(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ImportError(f"{{name}}: a certificate must not import the toolkit")
        return None
sys.meta_path.insert(0, Refuse())
for name in BLOCKED:
    try:
        __import__(name)
    except ImportError:
        pass
    else:
        sys.exit(f"the guard failed: {{name}} imported")
"""

_MANY = _GUARD + """
out = {{}}
for script in {scripts!r}:
    sys.argv = [script]
    printed, said, start = io.StringIO(), io.StringIO(), time.perf_counter()
    with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(said):
        try:
            runpy.run_path(script, run_name="__main__")
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
            if not isinstance(stop.code, (int, type(None))):
                print(stop.code, file=sys.stderr)
        except BaseException as error:
            print(f"{{type(error).__name__}}: {{error}}", file=sys.stderr)
            code = 1
    out[script] = {{"code": code, "stdout": printed.getvalue(), "stderr": said.getvalue(),
                   "seconds": time.perf_counter() - start}}
print(json.dumps(out))
"""


def _env() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if key in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}


_SERVER = _GUARD + """
import os, signal, traceback
for name in ("sympy", "mpmath", "flint", "z3"):  # what certificates import, when installed: imported once
    try:
        __import__(name)
    except ImportError:
        pass
for line in sys.stdin:
    request = json.loads(line)
    out, err = (os.path.join(request["capture"], kind) for kind in ("out", "err"))
    sys.stdout.flush()
    sys.stderr.flush()
    child = os.fork()
    if child == 0:
        code = 1
        try:
            os.chdir(request["directory"])
            for fd, target in ((1, out), (2, err)):
                handle = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
                os.dup2(handle, fd)
                os.close(handle)
            null = os.open(os.devnull, os.O_RDONLY)
            os.dup2(null, 0)
            os.close(null)
            signal.alarm(max(1, int(request["timeout"])))
            sys.argv = [request["script"]]
            try:
                runpy.run_path(request["script"], run_name="__main__")
                code = 0
            except SystemExit as stop:
                if stop.code is None or isinstance(stop.code, int):
                    code = stop.code or 0
                else:
                    print(stop.code, file=sys.stderr)
                    code = 1
            except BaseException:
                traceback.print_exc()
                code = 1
        finally:
            try:
                sys.stdout.flush()
                sys.stderr.flush()
            finally:
                os._exit(code & 0xFF)
    _, status = os.waitpid(child, 0)
    answer = {{"code": os.waitstatus_to_exitcode(status), "out": out, "err": err}}
    sys.stdout.write(json.dumps(answer) + "\\n")
    sys.stdout.flush()
"""

_server: subprocess.Popen | None = None
_server_directory: tempfile.TemporaryDirectory | None = None


def _stop_server() -> None:
    """End the guarded interpreter (its input closed, it returns) and remove its empty directory."""
    if _server is not None and _server.poll() is None:
        _server.stdin.close()
        _server.wait(timeout=30)
    if _server_directory is not None:
        _server_directory.cleanup()


def _started() -> subprocess.Popen:
    """The guarded interpreter of this test process (started on first use, again if it ended)."""
    global _server, _server_directory
    if _server is None or _server.poll() is not None:
        if _server_directory is None:
            _server_directory = tempfile.TemporaryDirectory()
            atexit.register(_stop_server)
        _server = subprocess.Popen([sys.executable, "-I", "-c", _SERVER.format(blocked=TOOLKIT_PACKAGES)],
                                   cwd=_server_directory.name, env=_env(), stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, text=True)
    return _server


def _text(path: str) -> str:
    """What a script printed, decoded as ``subprocess.run(text=True)`` decodes it."""
    data = Path(path).read_bytes().decode(locale.getpreferredencoding(False))
    return data.replace("\r\n", "\n").replace("\r", "\n")


def run_certificate(path: str | Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run the certificate at ``path`` standalone (a process of its own, forked from the guarded interpreter,
    in an empty directory); returns the completed process (stdout, stderr, code)."""
    script = str(Path(path).resolve())
    server = _started()
    with tempfile.TemporaryDirectory() as empty, tempfile.TemporaryDirectory() as capture:
        server.stdin.write(json.dumps({"script": script, "directory": empty, "capture": capture,
                                       "timeout": timeout}) + "\n")
        server.stdin.flush()
        line = server.stdout.readline()
        if not line:
            raise AssertionError(f"the guarded interpreter ended ({server.wait()}) while running {script}")
        answer = json.loads(line)
        if answer["code"] == -signal.SIGALRM:
            raise subprocess.TimeoutExpired(script, timeout)
        stdout, stderr = _text(answer["out"]), _text(answer["err"])
    return subprocess.CompletedProcess([sys.executable, "-I", script], answer["code"], stdout, stderr)


def _kept(root: Path, path: str | Path) -> Path:
    """Where the standalone run of the text of the script at ``path`` is kept in the session's directory."""
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:24]
    kept = root / "certificates" / f"{digest}.json"
    kept.parent.mkdir(parents=True, exist_ok=True)
    return kept


def _keep(kept: Path, run: dict) -> None:
    """Keep a run (``args``, ``code``, ``stdout``, ``stderr``, ``seconds``): whole, or not at all."""
    temporary = kept.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_text(json.dumps(run), encoding="utf-8")
    os.replace(temporary, kept)


def run_certificate_once(path: str | Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """:func:`run_certificate`, run once per test session for the text of the script at ``path`` (kept in the
    session's directory of :mod:`tests.shared_results`, a lock making a second test wait for the first; a
    run of the same text by :func:`run_certificates` is read back too): the exit code and output of that text
    run standalone. Outside a test session, simply run."""
    root = directory()
    if root is None:
        return run_certificate(path, timeout)
    kept = _kept(root, path)
    with open(kept.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            run = json.loads(kept.read_text(encoding="utf-8"))
            return subprocess.CompletedProcess(run["args"], run["code"], run["stdout"], run["stderr"])
        start = time.perf_counter()
        done = run_certificate(path, timeout)
        _keep(kept, {"args": done.args, "code": done.returncode, "stdout": done.stdout, "stderr": done.stderr,
                     "seconds": time.perf_counter() - start})
        return done


def run_certificates(paths: list[str | Path], timeout: float = 900) -> dict[str, dict]:
    """Run the certificates at ``paths`` standalone, one after another in one guarded interpreter; returns
    ``{path: {"code", "output", "seconds"}}`` (the code each script exits with, its printed output: what it
    printed, then what it wrote to stderr). In a test session, a script whose text another test ran standalone
    (:func:`run_certificate_once`, or this function) is read back, not run again, and each run is kept for
    the others (one being run by another test at that moment is run here too, never waited for)."""
    scripts = [str(Path(p).resolve()) for p in paths]
    root = directory()
    runs: dict[str, dict] = {}
    held: dict[str, tuple[Path, object]] = {}
    try:
        if root is not None:
            for script in scripts:
                kept = _kept(root, script)
                lock = open(kept.with_suffix(".lock"), "w")
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    lock.close()
                    continue
                if kept.exists():
                    runs[script] = json.loads(kept.read_text(encoding="utf-8"))
                    fcntl.flock(lock, fcntl.LOCK_UN)
                    lock.close()
                else:
                    held[script] = (kept, lock)
        missing = [script for script in scripts if script not in runs]
        if missing:
            with tempfile.TemporaryDirectory() as empty:
                done = subprocess.run([sys.executable, "-I", "-c", _MANY.format(blocked=TOOLKIT_PACKAGES,
                                                                                scripts=missing)],
                                      cwd=empty, env=_env(), capture_output=True, text=True, timeout=timeout)
            if done.returncode != 0:
                raise AssertionError(f"the guarded interpreter failed ({done.returncode}): {done.stderr[-2000:]}")
            for script, run in json.loads(done.stdout.splitlines()[-1]).items():
                runs[script] = {"args": [sys.executable, "-I", script], **run}
                if script in held:
                    _keep(held[script][0], runs[script])
    finally:
        for _, lock in held.values():
            fcntl.flock(lock, fcntl.LOCK_UN)
            lock.close()
    return {script: {"code": runs[script]["code"], "output": runs[script]["stdout"] + runs[script]["stderr"],
                     "seconds": runs[script].get("seconds", 0.0)} for script in scripts}
