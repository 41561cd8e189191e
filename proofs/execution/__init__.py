"""Where claims run: in this process (:func:`~proofs.execution.local.run_inline`), forked processes on
this machine that take batches of one module's claims in turn (:func:`~proofs.execution.local.run_local`),
or the workers of a Dask scheduler (:mod:`proofs.execution.cluster`); one claim's checks are run by
:mod:`proofs.execution.claim`.

All of them honour the same promises:

* a claim whose worker dies (killed, out of memory) becomes ``error`` with the reason, and the run goes
  on with the other claims;
* SIGINT (Ctrl-C) or SIGTERM stops every worker and task within about a second and raises
  :class:`~proofs.execution.signals.Interrupted`, which says how many claims had finished; the CLI
  prints one line and exits with 130 (SIGINT) or 143 (SIGTERM); an interrupt is never a claim's outcome
  (:mod:`proofs.execution.signals`);
* results come back in the order the claims were given, each as soon as it is known through
  ``on_result`` (progress).

The modules import one another downwards only: ``signals`` ← ``claim`` ← ``local`` ← ``cluster``; the
runner (:mod:`proofs.runner`) sits above them all.
"""

from __future__ import annotations

from proofs.execution.signals import EXIT_CODES, Interrupted, Stop

__all__ = ["Interrupted", "Stop", "EXIT_CODES"]
