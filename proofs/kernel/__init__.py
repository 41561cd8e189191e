"""The certificate kernel: the machine-checkable steps a verdict rests on, and their checker.

* :mod:`proofs.kernel.steps`: the step kinds (an SMT query, an identity, an inequality, an exact value, a
  condition at a point, interval boxes, a finite check, values at two precisions, an enumeration, the prose
  between them) as frozen dataclasses, and which of them a certificate runs (none that cannot fail, none twice);
* :mod:`proofs.kernel.stepcheck`: how each kind is re-checked, with nothing but sympy, z3, cvc5 and
  python-flint (copied verbatim into every certificate);
* :mod:`proofs.kernel.enumerations`: the procedures that regenerate an enumeration's cases (copied too);
* :mod:`proofs.kernel.record`: the transcript a decision procedure keeps of what it decided by machine, and
  the steps it turns into;
* :mod:`proofs.kernel.grounds`: what a verdict rests on: the steps of each piece of evidence, the evidence a
  certificate of the verdict covers (by its :class:`~proofs.base.verdict.Status`), and the count of its steps.

It builds on :mod:`proofs.base` (evidence, verdict statuses) and ``core``; the engines record its steps, the
certificates and reports read them.
"""
