"""The prelude of a certificate: the helpers it copies verbatim, and only those it uses.

Three sources, all ordinary Python functions that the tests call directly:

* :mod:`proofs.kernel.stepcheck`: how each kind of step is re-checked (the toolkit runs the same functions
  when a step is recorded);
* :mod:`proofs.kernel.enumerations`: the procedures that regenerate and re-check the cases of an enumeration
  step, with their helpers;
* this module: the bookkeeping of a script (:func:`step` runs one check and prints its result,
  :func:`finish` lists the stated steps and exits 0 only when every machine-checked step checked).

:func:`prelude` returns the source of the helpers a certificate names, closed under what each needs
(:data:`NEEDS`: those of both modules), in a fixed order, read with :func:`inspect.getsource` (text copied,
never evaluated).
"""

from __future__ import annotations

import inspect
import sys

from proofs.kernel import enumerations, stepcheck

__all__ = ["step", "finish", "prelude", "imports", "RESULTS", "RAN", "BOOKKEEPING", "NEEDS"]

#: What each helper a certificate may copy calls: the step checks', then the enumerations'.
NEEDS = {**stepcheck.NEEDS, **enumerations.NEEDS}
_STDLIB = {**stepcheck.STDLIB, **enumerations.STDLIB}

#: Whether each machine-checked step of the running script checked, in order.
RESULTS: list[bool] = []
#: The numbers of the machine-checked steps that ran, in order.
RAN: list[int] = []


def step(number, kind, says, run):
    """Run one machine-checked step (``run()`` returns ``(ok, what was found)``) and print its result; an
    exception fails the step, it never stops the script."""
    try:
        ok, found = run()
        ok = ok is True
    except Exception as error:  # a step that cannot be re-checked fails; the others still run
        ok, found = False, f"raised {type(error).__name__}: {error}"
    RESULTS.append(ok)
    RAN.append(number)
    print(f"[{'ok' if ok else 'FAIL'}] {number}. {kind}: {says}")
    print(f"       {found}")
    return ok


def finish(stated, expected):
    """Print the stated steps and the summary; exit 0 if and only if the ``expected`` machine-checked steps,
    numbered 1 to ``expected``, each ran once and checked (a step deleted from the script fails it)."""
    if stated:
        print("\nStated, not machine-checked:")
        for text in stated:
            print(f"  - {text}")
    passed = sum(RESULTS)
    complete = sorted(RAN) == list(range(1, expected + 1))
    good = expected >= 1 and complete and all(RESULTS)
    print(f"\n{passed} of {len(RESULTS)} machine-checked steps check; {len(stated)} stated.")
    if not complete:
        print(f"This certificate must run machine-checked steps 1 to {expected}, each once; it ran {len(RAN)} "
              f"(missing: {sorted(set(range(1, expected + 1)) - set(RAN))}).")
    if not good:
        print("CERTIFICATE FAILS.")
    sys.exit(0 if good else 1)


#: The bookkeeping functions every certificate has.
BOOKKEEPING = ("step", "finish")


def _closure(names: list[str]) -> list[str]:
    wanted, stack = set(), list(names)
    while stack:
        name = stack.pop()
        if name not in wanted:
            wanted.add(name)
            stack.extend(NEEDS.get(name, ()))
    return [name for name in NEEDS if name in wanted]


def imports(helpers: list[str]) -> list[str]:
    """The standard-library modules the helpers (and those they call) use, with ``sys`` for the
    bookkeeping."""
    return sorted({"sys"} | {m for name in _closure(helpers) for m in _STDLIB.get(name, ())})


def _source(module: object, name: str) -> str:
    """The source of one function, checked to be that function (a file edited after it was imported would
    shift the lines ``inspect`` reads)."""
    text = inspect.getsource(getattr(module, name))
    if not text.startswith(f"def {name}("):
        raise RuntimeError(f"the source read for {name} is not its definition; was {module.__name__} edited since "
                           "it was imported?")
    return text


#: The helpers' sources, read once when the toolkit is imported.
SOURCES = {**{name: _source(stepcheck, name) for name in stepcheck.NEEDS},
           **{name: _source(enumerations, name) for name in enumerations.NEEDS},
           **{name: _source(sys.modules[__name__], name) for name in BOOKKEEPING}}


def prelude(helpers: list[str]) -> str:
    """The source of the ``helpers`` a certificate calls (and those they call), then the
    bookkeeping, as one block of Python."""
    parts = [SOURCES[name] for name in _closure(helpers)]
    parts.append("RESULTS = []\nRAN = []\n")
    parts += [SOURCES[name] for name in BOOKKEEPING]
    return "\n\n".join(part.rstrip() + "\n" for part in parts)
