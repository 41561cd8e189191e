"""What the ready declarations of a scaffold are checked with before they are written
(:mod:`proofs.reading.ready`): the safe formula parser, the domain reader, the engines' own validation and
the finite families. One module, loaded when a scaffold runs, so that the command line starts without the
engines."""

from __future__ import annotations

from core.domain import Domain
from core.formula import parse_formula
from numeric import families as F
from numeric import local_hashing as H
from proofs.engines.ldp import validate_ldp
from proofs.engines.moments import validate_moment
from proofs.engines.sign.parse import read_statement
from proofs.engines.sign.threshold import read_iff

__all__ = ["Domain", "parse_formula", "F", "H", "validate_ldp", "validate_moment", "read_statement", "read_iff"]
