"""Running proof certificates the way a referee would: without this toolkit.

:func:`run_certificate` runs one script, :func:`run_certificates` several (one after another in one
interpreter, so sympy and z3 are imported once), in a subprocess with an empty temporary working directory, no
``PYTHONPATH``, Python's isolated mode (``-I``) and an import hook that refuses the toolkit's packages (the
editable install would otherwise still find them); the wrapper first proves that ``import proofs`` fails, then
runs each script as ``__main__`` in a namespace of its own and records the code it exits with.

:func:`run_certificate_once` is :func:`run_certificate` run once per test session for a script's text: several
tests run the unchanged certificate of one claim (each mutation test first shows that the original passes),
and the same text run standalone in the same interpreter exits the same way; the others read the outcome back.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import os
import subprocess
import sys
import tempfile
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

_ONE = _GUARD + """
sys.argv = [{script!r}]
runpy.run_path({script!r}, run_name="__main__")
"""

_MANY = _GUARD + """
out = {{}}
for script in {scripts!r}:
    sys.argv = [script]
    text, start = io.StringIO(), time.perf_counter()
    with contextlib.redirect_stdout(text), contextlib.redirect_stderr(text):
        try:
            runpy.run_path(script, run_name="__main__")
            code = 0
        except SystemExit as stop:
            code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
        except BaseException as error:
            print(f"{{type(error).__name__}}: {{error}}")
            code = 1
    out[script] = {{"code": code, "output": text.getvalue(), "seconds": time.perf_counter() - start}}
print(json.dumps(out))
"""


def _env() -> dict[str, str]:
    return {key: value for key, value in os.environ.items() if key in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}


def run_certificate(path: str | Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run the certificate at ``path`` standalone; returns the completed process (stdout, stderr, code)."""
    script = str(Path(path).resolve())
    with tempfile.TemporaryDirectory() as empty:
        return subprocess.run([sys.executable, "-I", "-c", _ONE.format(blocked=TOOLKIT_PACKAGES, script=script)],
                              cwd=empty, env=_env(), capture_output=True, text=True, timeout=timeout)


def run_certificate_once(path: str | Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """:func:`run_certificate`, run once per test session for the text of the script at ``path`` (kept in the
    session's directory of :mod:`tests.shared_results`, a lock making a second test wait for the first): the
    exit code and output of that text run standalone. Outside a test session, simply run."""
    root = directory()
    if root is None:
        return run_certificate(path, timeout)
    digest = hashlib.sha256(Path(path).read_bytes()).hexdigest()[:24]
    kept = root / "certificates" / f"{digest}.json"
    kept.parent.mkdir(parents=True, exist_ok=True)
    with open(kept.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            run = json.loads(kept.read_text(encoding="utf-8"))
            return subprocess.CompletedProcess(run["args"], run["code"], run["stdout"], run["stderr"])
        done = run_certificate(path, timeout)
        temporary = kept.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"args": done.args, "code": done.returncode, "stdout": done.stdout,
                                         "stderr": done.stderr}), encoding="utf-8")
        os.replace(temporary, kept)
        return done


def run_certificates(paths: list[str | Path], timeout: float = 900) -> dict[str, dict]:
    """Run the certificates at ``paths`` standalone, one after another in one guarded interpreter; returns
    ``{path: {"code", "output", "seconds"}}`` (the code each script exits with, its printed output)."""
    scripts = [str(Path(p).resolve()) for p in paths]
    with tempfile.TemporaryDirectory() as empty:
        done = subprocess.run([sys.executable, "-I", "-c", _MANY.format(blocked=TOOLKIT_PACKAGES, scripts=scripts)],
                              cwd=empty, env=_env(), capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise AssertionError(f"the guarded interpreter failed ({done.returncode}): {done.stderr[-2000:]}")
    return json.loads(done.stdout.splitlines()[-1])
