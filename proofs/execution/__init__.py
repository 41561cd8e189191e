"""Where claims run: one process per claim on this machine (:mod:`proofs.execution.local`), or the
workers of a Dask scheduler (:mod:`proofs.execution.cluster`).

Both honour the same promises:

* a claim whose worker dies (killed, out of memory) becomes ``error`` with the reason, and the run goes
  on with the other claims;
* SIGINT (Ctrl-C) or SIGTERM stops every worker and task within about a second and raises
  :class:`Interrupted`, which says how many claims had finished; the CLI prints one line and exits
  with 130 (SIGINT) or 143 (SIGTERM);
* results come back in the order the claims were given, each as soon as it is known through
  ``on_result`` (progress).
"""

from __future__ import annotations

import signal

from core.errors import ToolkitError

__all__ = ["Interrupted", "EXIT_CODES"]

#: Exit code of the CLI for each stopping signal (128 + its number, as shells report it).
EXIT_CODES = {signal.SIGINT: 130, signal.SIGTERM: 143}


class Interrupted(ToolkitError):
    """The run was stopped by a signal after ``finished`` of ``total`` claims had finished."""

    def __init__(self, signum: int, finished: int, total: int) -> None:
        self.signum, self.finished, self.total = signum, finished, total
        name = signal.Signals(signum).name
        super().__init__(f"interrupted by {name}: {finished} of {total} claims had finished; nothing was written")

    @property
    def exit_code(self) -> int:
        return EXIT_CODES.get(signal.Signals(self.signum), 128 + int(self.signum))
