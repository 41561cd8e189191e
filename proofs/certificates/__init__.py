"""Proof certificates: one standalone Python script per verdict, which a referee runs without this toolkit.

``python -m proofs certificate ID [ID ...] --output DIR`` (or ``--certificates DIR`` on any run) writes
``DIR/<id>.py`` for each verdict. A certificate imports only the standard library, sympy, z3, cvc5 and
python-flint; it re-checks every machine-checked step the verdict rests on (the z3/cvc5 queries as SMT-LIB
text with their expected answers, the sympy identities, summations and derivatives, the interval boxes,
both sides of a counterexample at its point with the point in the claim's domain, the finite checks of a
supported claim), prints each with its result, lists the prose between them as "stated, not
machine-checked", and exits 0 if and only if every machine-checked step checks.

* :mod:`~proofs.certificates.expressions`: sympy expressions as Python source in the paper's symbols;
* :mod:`~proofs.certificates.prelude`: the helpers a certificate copies (only those it uses);
* :mod:`~proofs.certificates.script`: one certificate, one ``_print_<Kind>`` per kind of step;
* :mod:`~proofs.certificates.files`: writing a directory of them atomically.
"""

from proofs.certificates.files import check_directory, write_certificates, write_directory
from proofs.certificates.script import NoCertificate, Subject, certificate_source, file_name

__all__ = ["certificate_source", "write_certificates", "write_directory", "check_directory", "NoCertificate",
           "Subject", "file_name"]
