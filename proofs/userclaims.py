"""Your own claims, from a Python file, checked beside the built-in ones (``--claims FILE``).

**A claims file is Python code, and loading it runs that code** with your permissions: for every command
that takes ``--claims`` (``check``, ``list``, ``show``, ``coverage``) and, with ``--scheduler``, on every
Dask worker (the file's text travels with each task). Load only files you would run yourself.

A claims file is an ordinary module that uses the public API::

    from proofs import Claim, Evidence, check, define, check_moment, check_sign, identity

    define(Claim(id="RR.unbiased", title=..., source="My paper, Lemma 2", statement=r"...", domain="..."))

    @check("RR.unbiased", "symbolic")
    def _rr_unbiased_symbolic(budget):
        return identity(...)

:func:`load_claims_file` imports it after the built-in catalog, so that an id that clashes with a
registered one is a one-line error naming the file; so is a file that defines no claim, a claim with
fewer than two independent methods, a file that fails to import, raises or exits (``sys.exit`` in a
claims file stops the load, not the program). An interrupt (Ctrl-C) while it loads stops the command. A
claim registered with :func:`proofs.reading.pending` (a scaffolded claim, no check yet) is accepted with no
check at all, and is reported inconclusive ("no check implemented yet"); a pending claim that has checks is
refused. Its claims then run like any other: the same verdict rule, the same reports. A check that returns
anything other than Evidence makes its
claim ``error``, and the report names the file and the function.

:func:`load_claims_module` loads claims from an importable module by its name, with the same checks: the
built-in catalog (:data:`BUILTIN_CATALOG`, the claims of the paper and of the report) is loaded this way,
as the registry's default source (:func:`load_builtin_catalog`, registered by the package API), so that it
is held to the rules your claims are held to.
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.util
import sys
from pathlib import Path

from core.errors import InvalidArgument, ToolkitError, invalid
from proofs.base import registry
from proofs.base.claim import USER_MODULE_PREFIX
from proofs.execution.claim import stdout_to_stderr
from proofs.base.pending import is_pending

__all__ = ["load_claims_file", "load_claims_module", "load_builtin_catalog", "BUILTIN_CATALOG", "user_claim_ids",
           "claims_file_of", "sources"]

#: path (resolved) -> ids its file registered, in load order
_LOADED: dict[str, tuple[str, ...]] = {}
#: path (resolved) -> the text that was loaded (sent along to remote workers)
_TEXTS: dict[str, str] = {}
#: module name -> ids its import registered (claims loaded by name: built in, or installed with the toolkit)
_MODULES: dict[str, tuple[str, ...]] = {}

#: The built-in catalog: importing this module registers the claims of the paper and of the report.
BUILTIN_CATALOG = "catalog.claims"


def _module_name(path: Path) -> str:
    digest = hashlib.sha1(str(path).encode()).hexdigest()[:10]
    return f"{USER_MODULE_PREFIX}{path.stem.replace('-', '_')}_{digest}"


def load_claims_file(path: str | Path, *, text: str | None = None) -> tuple[str, ...]:
    """Import the claims file ``path`` (or its ``text``, when it was read elsewhere) once; the ids of the
    claims it defines. Any problem is one :class:`~core.errors.InvalidArgument` line naming the file."""
    registry.load()  # the built-in catalog first: a clash is then the user file's error, not ours
    try:
        resolved = Path(path).expanduser().resolve()
    except (OSError, ValueError, RuntimeError) as exc:
        raise invalid("claims", str(path), f"not a usable path ({exc})") from None
    key = str(resolved)
    if key in _LOADED:
        return _LOADED[key]
    if text is None:
        if resolved.suffix != ".py":
            raise invalid("claims", str(path), "a claims file is a Python file ending in .py")
        try:
            if not resolved.is_file():
                raise invalid("claims", str(path), "no such file")
            text = resolved.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else type(exc).__name__
            raise invalid("claims", str(path), f"cannot be read ({why})") from None
    before = set(registry.ids())
    name = _module_name(resolved)
    module = importlib.util.module_from_spec(importlib.util.spec_from_loader(name, loader=None, origin=key))
    module.__file__ = key
    try:
        code = compile(text, key, "exec")
        sys.modules[name] = module
        with stdout_to_stderr():  # what the file prints never goes into a report on stdout
            exec(code, module.__dict__)  # noqa: S102 - the user's own claims file, which they asked us to run
    except ToolkitError as exc:
        _forget(name, before)
        raise InvalidArgument(f"claims={path}: {exc}") from None
    except SystemExit as exc:
        _forget(name, before)
        raise invalid("claims", str(path), f"the file called sys.exit({exc.code!r}) while it was loaded",
                      "a claims file defines claims and checks; it does not end the program") from None
    except Exception as exc:
        _forget(name, before)
        where = ""
        tb = exc.__traceback__
        while tb is not None:
            if tb.tb_frame.f_code.co_filename == key:
                where = f" (line {tb.tb_lineno})"
            tb = tb.tb_next
        raise InvalidArgument(f"claims={path}: could not be loaded{where}: {type(exc).__name__}: {exc}") from None
    new = _checked(name, before, str(path))
    _LOADED[key] = new
    _TEXTS[key] = text
    return new


def load_claims_module(name: str) -> tuple[str, ...]:
    """Import the module ``name`` (``"catalog.claims"``) once, held to the rules of a claims file (new ids, at
    least two independent methods per claim, at least one claim); the ids of the claims it defines. Any
    problem is one :class:`~core.errors.InvalidArgument` line naming the module."""
    if not isinstance(name, str) or not name.strip():
        raise invalid("module", name, "must be the name of an importable module")
    if name in _MODULES:
        return _MODULES[name]
    registry.load()  # the default sources first (a no-op while they are the ones loading)
    before = set(registry.ids()) - set(_registered_by(name))  # a part imported earlier (a test, a notebook) counts
    try:
        with stdout_to_stderr():  # what the module prints never goes into a report on stdout
            importlib.import_module(name)
    except ToolkitError as exc:
        _forget(name, before)
        raise InvalidArgument(f"claims={name}: {exc}") from None
    except ModuleNotFoundError as exc:
        _forget(name, before)
        raise invalid("claims", name, f"no module named {exc.name!r}") from None
    new = _checked(name, before, name)
    _MODULES[name] = new
    return new


def _registered_by(name: str) -> list[str]:
    """The ids already registered by the module ``name`` or its submodules: one of its modules may have been
    imported directly (``import catalog.claims.warner`` in a test or a notebook) before the module is loaded as
    a source, and those ids are then the module's own, not a clash."""
    return [claim_id for claim_id in registry.ids()
            if any(check.function.__module__ == name or check.function.__module__.startswith(name + ".")
                   for check in registry.checks_for(claim_id))]


def load_builtin_catalog() -> tuple[str, ...]:
    """The built-in catalog (:data:`BUILTIN_CATALOG`), loaded as any claims module is: the registry's default
    source."""
    return load_claims_module(BUILTIN_CATALOG)


def _checked(module_name: str, before: set[str], shown: str) -> tuple[str, ...]:
    """The ids a load registered, once each is checked: at least one, and each with two independent methods
    or pending; otherwise the load is undone and ``shown`` (the file or the module) named in one line."""
    new = tuple(i for i in registry.ids() if i not in before)
    if not new:
        _forget(module_name, before)
        raise invalid("claims", shown, "defines no claim", "call proofs.define(Claim(...)) in it")
    for claim_id in new:
        methods = sorted({c.method.value for c in registry.checks_for(claim_id)})
        if is_pending(claim_id):  # scaffolded, no check yet: inconclusive by the verdict rule, never more
            if methods:
                _forget(module_name, before)
                raise invalid("claims", shown, f"claim {claim_id!r} is pending (no check yet) but has checks "
                              f"{methods}", "once its checks are written, replace pending(...) by define(...)")
            continue
        if len(methods) < 2:
            _forget(module_name, before)
            raise invalid("claims", shown, f"claim {claim_id!r} has {len(methods)} independent method(s) "
                          f"{methods}; every claim needs at least two", "register checks of two different methods")
    return new


def _forget(module_name: str, before: set[str]) -> None:
    """Undo a failed load: no claim of a broken file stays registered."""
    sys.modules.pop(module_name, None)
    registry.forget([i for i in registry.ids() if i not in before])


def user_claim_ids() -> tuple[str, ...]:
    """The ids of every claim loaded from claims files, in load order."""
    return tuple(i for ids in _LOADED.values() for i in ids)


def claims_file_of(claim_id: str) -> str | None:
    """The claims file that defined ``claim_id`` (``None`` for a claim of a module, the built-in catalog's)."""
    return next((path for path, ids in _LOADED.items() if claim_id in ids), None)


def sources() -> tuple[tuple[str, str], ...]:
    """(path, text) of every loaded claims file whose claims are still registered, for workers that must
    load them too (a file whose claims were taken out again is not sent: two such files may share ids)."""
    present = set(registry.ids())
    return tuple((path, text) for path, text in _TEXTS.items() if any(i in present for i in _LOADED.get(path, ())))
