"""``python -m proofs`` as the README's tests run it: the same command line, with each claim's result
shared between the README's commands.

The README runs the whole catalog a dozen times (a table, JSON, HTML, ``--fail-on``, Dask, your claims
beside the paper's); checking every claim again for each would cost most of an hour. Here a claim checked
at a budget (its id, and the text of the claims file that defines it) is checked once, by the first
command that needs it, with that command's own options (``--jobs``, ``--scheduler``); the other commands
read its result back. Everything else (parsing, loading claims files, reports, files, exit codes) is the
real command line: :mod:`proofs.__main__` runs as it does for ``python -m proofs``.

The figures of the HTML page are drawn once per session the same way; both are :mod:`tests.shared_runs`.

The results are shared through :mod:`tests.shared_results` (``README_RESULTS`` names the session's
directory), with the claim tests too; a lock per claim and budget, taken for every claim a command will check
and given back as each result comes, makes a concurrent command or claim test wait for that result rather than
check the same claim twice.

When the test process runs a command server (:mod:`tests.command_server`, named in ``PROOFS_COMMAND_SERVER``),
this process hands its arguments, folder, environment and standard streams to a command forked from it and
exits as that command does; run by hand, it runs the command itself.
"""

from __future__ import annotations

import os
import sys

from tests.command_server import VARIABLE, forward

if os.environ.get(VARIABLE):  # the tests' command server: the same command, forked from a loaded interpreter
    forward(sys.argv[1:], shared=True)

import runpy  # noqa: E402 - run by hand, without the server

from tests.shared_runs import install  # noqa: E402

install()
sys.argv[0] = "proofs"
runpy.run_module("proofs", run_name="__main__", alter_sys=True)
