"""Claims' results and the HTML page's figures shared by the commands and notebooks a test session runs.

:func:`shared_run` stands in for :func:`proofs.runner.run`: a claim checked at a budget (its id, and the text of
the claims file that defines it) is checked once in the session, by the first command, notebook or claim test
that needs it, with that caller's own options (``--jobs``, ``--scheduler``); the others read its result back
(:mod:`tests.shared_results`). A lock per claim and budget, taken for every claim a caller will check and given
back as each result comes, makes a concurrent caller wait for that result rather than check the same claim twice.
:func:`shared_figures` does the same for the figures of the HTML page.

Installed by :mod:`tests.readme_proofs` (``python -m proofs`` as the README's tests run it) and
:mod:`tests.notebook_kernel` (the kernel the notebooks' tests run).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import pickle

from proofs import runner
from proofs.report import outputs
from proofs.report.figures import ILLUSTRATES
from proofs.base.budget import budget as get_budget
from tests.shared_results import directory, lock_file, release, store, stored

__all__ = ["shared_run", "shared_figures", "install"]

_run = runner.run
_draw = outputs.draw_images


def shared_run(claims, budget="standard", *, jobs=None, on_result=None, scheduler=None):
    name = get_budget(budget).name
    results = directory()  # read when used: a command forked from a loaded interpreter gets its caller's
    known, held = {}, {}

    def found(result):
        known[result.claim.id] = result
        if on_result:
            on_result(result)

    def finished(result):  # a result this command computed: kept, its lock given back at once
        store(results, result.claim.id, name, result)
        release(held.pop(result.claim.id))
        found(result)

    def taken(c, lock):  # with its lock held: read back a kept result, or keep the lock and check it here
        if (r := stored(results, c.id, name)) is not None:
            release(lock)
            found(r)
        else:
            held[c.id] = lock

    def check_held():
        if held:
            _run([c for c in claims if c.id in held], budget, jobs=jobs, on_result=finished, scheduler=scheduler)

    try:
        busy = []  # claims another test or command is computing now
        for c in claims:
            lock = lock_file(results, c.id, name)
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                lock.close()
                busy.append(c)
                continue
            taken(c, lock)
        check_held()
        for c in busy:  # wait for each; one whose computation stopped without a result is checked here
            lock = lock_file(results, c.id, name)
            fcntl.flock(lock, fcntl.LOCK_EX)
            taken(c, lock)
        check_held()
    finally:
        for lock in held.values():
            release(lock)
    return [known[c.id] for c in claims]


def shared_figures(claim_ids=None, dpi=80):
    """The HTML page's figures, drawn once per session for the same claims and resolution (three of the
    README's commands write a page of the whole catalog; drawing is tested by the first, by ``figures`` and
    by tests/report/test_figures.py): read back by the others. A set with a figure that failed is not kept."""
    illustrated = {c for claims in ILLUSTRATES.values() for c in claims}  # the ids that choose the figures
    chosen = None if claim_ids is None else sorted(set(claim_ids) & illustrated)
    key = hashlib.sha256(repr((chosen, dpi)).encode()).hexdigest()[:24]
    kept = directory() / "figures" / f"{key}.pickle"
    kept.parent.mkdir(parents=True, exist_ok=True)
    with open(kept.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if kept.exists():
            return pickle.loads(kept.read_bytes())
        images = _draw(claim_ids, dpi)
        if not any(image.error for image in images):
            kept.with_suffix(".tmp").write_bytes(pickle.dumps(images))
            os.replace(kept.with_suffix(".tmp"), kept)
        return images


def install() -> None:
    """Make :func:`proofs.runner.run` and the HTML page's figures the shared ones in this process."""
    runner.run = shared_run
    outputs.draw_images = shared_figures
