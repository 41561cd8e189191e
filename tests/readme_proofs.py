"""``python -m proofs`` as the README's tests run it: the same command line, with each claim's result
shared between the README's commands.

The README runs the whole catalog a dozen times (a table, JSON, HTML, ``--fail-on``, Dask, your claims
beside the paper's); checking every claim again for each would cost most of an hour. Here a claim checked
at a budget (its id, and the text of the claims file that defines it) is checked once, by the first
command that needs it, with that command's own options (``--jobs``, ``--scheduler``); the other commands
read its result back. Everything else (parsing, loading claims files, reports, files, exit codes) is the
real command line: :mod:`proofs.__main__` runs as it does for ``python -m proofs``.

The results are shared through :mod:`tests.shared_results` (``README_RESULTS`` names the session's
directory), with the claim tests too; a lock per budget makes concurrent commands wait for the first one
rather than check the same claims twice.
"""

from __future__ import annotations

import fcntl
import runpy
import sys

from proofs import runner
from proofs.base.budget import budget as get_budget
from tests.shared_results import directory, store, stored

_RESULTS = directory()
_run = runner.run


def shared_run(claims, budget="standard", *, jobs=None, on_result=None, scheduler=None):
    name = get_budget(budget).name
    (_RESULTS / name).mkdir(parents=True, exist_ok=True)
    with open(_RESULTS / name / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        known = {c.id: r for c in claims if (r := stored(_RESULTS, c.id, name)) is not None}
        for result in known.values():
            if on_result:
                on_result(result)
        missing = [c for c in claims if c.id not in known]
        if missing:
            for result in _run(missing, budget, jobs=jobs, on_result=on_result, scheduler=scheduler):
                store(_RESULTS, result.claim.id, name, result)
                known[result.claim.id] = result
    return [known[c.id] for c in claims]


runner.run = shared_run
sys.argv[0] = "proofs"
runpy.run_module("proofs", run_name="__main__", alter_sys=True)
