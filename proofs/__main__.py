"""``python -m proofs``: see :mod:`proofs.cli`."""

from proofs.cli import main

raise SystemExit(main())
