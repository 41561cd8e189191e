"""Engines that turn mathematics into evidence, for any claim (the built-in catalog's and yours):

* :mod:`proofs.engines.methods`: symbolic identities, exhaustive finite sets, property searches;
* :mod:`proofs.engines.sign`: the sign decider ``check_sign`` (polynomial conditions by z3, exp/log/sqrt
  by validated intervals and derivative arguments);
* :mod:`proofs.engines.moments`: ``check_moment``, moments of statistics of a finite mechanism;
* :mod:`proofs.engines.certified`: signs confirmed at two precisions of the numbers context;
* :mod:`proofs.engines.composite`: proofs in steps, existence from a witness, witnessed premises;
* :mod:`proofs.engines.ldp`, :mod:`proofs.engines.approximation`, ``density_*``: ``check_ldp``,
  ``check_approximation``, laws with continuous output;
* :mod:`proofs.engines.argument`: whole-domain arguments in named steps.

They use :mod:`proofs.base`, the certificate kernel :mod:`proofs.kernel` (the steps they record), ``numeric``,
``symbolic`` and ``core``, and know no paper: the checks only the built-in catalog's claims share live in
:mod:`catalog.engines`. Claims, reports and the CLI use them.
"""
