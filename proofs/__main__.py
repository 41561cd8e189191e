"""``python -m proofs``: see :mod:`proofs.cli`.

A stopping signal that arrives while the command line is still being imported ends the process the way
one during a run does: one line, exit code 130 (SIGINT) or 143 (SIGTERM), nothing written.
"""

import signal
import sys


def _stopped_during_start_up(signum: int, _frame: object) -> None:
    print(f"ldp-proofs: interrupted by {signal.Signals(signum).name} during start-up; nothing was written",
          file=sys.stderr, flush=True)
    raise SystemExit(128 + signum)


for _signum in (signal.SIGINT, signal.SIGTERM):
    if signal.getsignal(_signum) != signal.SIG_IGN:
        signal.signal(_signum, _stopped_during_start_up)

from proofs.cli import main  # noqa: E402 - imported once the start-up handlers are in place

raise SystemExit(main())
