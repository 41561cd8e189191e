"""Claims' results shared by the whole test session: a claim checked at a budget (its id, and the text of the
claims file that defines it) is checked once, by the first test that needs it, in whichever xdist worker or
subprocess that is, and read back by the others.

The catalog's results at the quick budget are what the claim tests assert (``tests/claims``) and what the
README's ``--budget quick`` command shows: checking every claim again for each would cost minutes of the
suite's time and show nothing new (a result depends only on the claim and the budget: the checks are
deterministic, which ``tests/architecture/test_contract.py`` tests). The directory is named by
``README_RESULTS``, which ``tests/conftest.py`` sets once per session for every worker (and which the
README's commands inherit). Files are written to a temporary name and renamed, so a reader sees a whole
result or none, and a lock per claim and budget (:func:`claim_lock`) makes a second test or command that needs
a claim while another computes it wait for that result instead of computing it again.
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import pickle
from collections.abc import Callable, Iterator
from pathlib import Path

from proofs.userclaims import claims_file_of

__all__ = ["directory", "path_of", "stored", "store", "claim_lock", "shared_claim"]

#: The environment variable naming the session's directory.
VARIABLE = "README_RESULTS"


def directory() -> Path | None:
    """The session's directory of results, or None outside a test session."""
    value = os.environ.get(VARIABLE)
    return Path(value) if value else None


def path_of(root: Path, claim_id: str, budget: str) -> Path:
    """Where the result of ``claim_id`` at ``budget`` is kept (named by the claim and its claims file's text)."""
    source = claims_file_of(claim_id)
    text = Path(source).read_bytes() if source else b""
    digest = hashlib.sha256(claim_id.encode() + b"\0" + text).hexdigest()[:24]
    return root / budget / f"{digest}.pickle"


def stored(root: Path, claim_id: str, budget: str):
    """The result kept for ``claim_id`` at ``budget``, or None."""
    path = path_of(root, claim_id, budget)
    return pickle.loads(path.read_bytes()) if path.exists() else None


def store(root: Path, claim_id: str, budget: str, result) -> None:
    """Keep ``result`` (whole, or not at all: a temporary name, then a rename)."""
    target = path_of(root, claim_id, budget)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_suffix(f".{os.getpid()}.tmp")
    temporary.write_bytes(pickle.dumps(result))
    os.replace(temporary, target)


def lock_file(root: Path, claim_id: str, budget: str):
    """The lock of ``claim_id`` at ``budget``, opened (not yet taken)."""
    path = path_of(root, claim_id, budget).with_suffix(".lock")
    path.parent.mkdir(parents=True, exist_ok=True)
    return open(path, "w")


def release(lock) -> None:
    """Give a claim's lock back at once (explicitly: a forked process holding the descriptor would otherwise
    keep it taken until it exits) and close it."""
    fcntl.flock(lock, fcntl.LOCK_UN)
    lock.close()


@contextlib.contextmanager
def claim_lock(root: Path, claim_id: str, budget: str) -> Iterator[None]:
    """Held while ``claim_id`` at ``budget`` is looked up and, if missing, computed and stored: whoever needs it
    next waits for the result instead of computing it a second time."""
    lock = lock_file(root, claim_id, budget)
    try:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield
    finally:
        release(lock)


def shared_claim(claim_id: str, budget: str, compute: Callable[[], object]):
    """The result of ``claim_id`` at ``budget``: read back if a test of this session computed it (waiting for
    one that is computing it), else ``compute()``, kept for the others."""
    root = directory()
    if root is None:
        return compute()
    with claim_lock(root, claim_id, budget):
        known = stored(root, claim_id, budget)
        if known is not None:
            return known
        result = compute()
        store(root, claim_id, budget, result)
        return result
