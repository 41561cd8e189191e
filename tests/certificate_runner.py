"""Running a proof certificate the way a referee would: without this toolkit.

:func:`run_certificate` runs a script in a subprocess with an empty temporary working directory, no
``PYTHONPATH``, Python's isolated mode (``-I``) and an import hook that refuses the toolkit's packages
(the editable install would otherwise still find them); the wrapper first proves that ``import proofs``
fails, then runs the script as ``__main__``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

__all__ = ["run_certificate", "TOOLKIT_PACKAGES"]

#: The toolkit's top-level packages, none of which a certificate may import.
TOOLKIT_PACKAGES = ("proofs", "core", "symbolic", "numeric")

_WRAPPER = """
import importlib.abc, runpy, sys
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
sys.argv = [{script!r}]
runpy.run_path({script!r}, run_name="__main__")
"""


def run_certificate(path: str | Path, timeout: float = 600) -> subprocess.CompletedProcess:
    """Run the certificate at ``path`` standalone; returns the completed process (stdout, stderr, code)."""
    script = str(Path(path).resolve())
    env = {key: value for key, value in os.environ.items() if key in ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")}
    with tempfile.TemporaryDirectory() as empty:
        return subprocess.run([sys.executable, "-I", "-c", _WRAPPER.format(blocked=TOOLKIT_PACKAGES, script=script)],
                              cwd=empty, env=env, capture_output=True, text=True, timeout=timeout)
