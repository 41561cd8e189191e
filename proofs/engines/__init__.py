"""Engines that turn mathematics into evidence, shared by every claim module:

* :mod:`proofs.engines.methods`: symbolic identities, exhaustive finite sets, property searches;
* :mod:`proofs.engines.sign`: the sign decider ``check_sign`` (polynomial conditions by z3, exp/log/sqrt
  by validated intervals and derivative arguments);
* :mod:`proofs.engines.moments`: ``check_moment``, moments of statistics of a finite mechanism;
* :mod:`proofs.engines.certified`: signs confirmed at two precisions of the numbers context;
* :mod:`proofs.engines.composite`: proofs in steps, existence from a witness, witnessed premises;
* the other modules: checks that several claims share (privacy lemmas, trade-offs, polynomial
  identities, simulation, survey grids).

They use :mod:`proofs.base`, the certificate kernel :mod:`proofs.kernel` (the steps they record), ``numeric``,
``symbolic`` and ``core``; claims, reports and the CLI use them.
"""
