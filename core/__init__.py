"""The bottom layer of the toolkit: nothing here imports ``symbolic``, ``numeric`` or ``proofs``.

* :mod:`core.errors`: the exceptions (one root, :class:`~core.errors.ToolkitError`);
* :mod:`core.exact`: the one conversion of user values to exact rationals, and of exact values to JSON;

Every layer above may import this one; this one imports only the standard library and third-party
packages (sympy, mpmath, python-flint), and those only where a function needs them.
"""
