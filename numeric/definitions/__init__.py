"""The paper's notions, each defined in one place, with every reading the toolkit checks named once.

A *notion* is something the paper defines (SLDP, the bel/pl losses, WLDP, the errors of a test, the
trade-off functions of Definition 3.17, the global sensitivity and the release of the report); a
*reading* is one precise way of computing it. Every claim names the readings it uses
(``Claim.definitions``), every reading named there must be registered here, and the report states them.

**Printed means printed.** A statement, or a definition it uses, is read as printed whenever it is
well-formed. A reading resolves only a genuine ambiguity (the text can be taken two ways: which pairs
(x, x') count in WLDP) or a malformation (a missing symbol, an undefined name, a division by zero); it
never repairs a well-formed text that is wrong or degenerate. A repair is a *correction*: it carries its
own evidence, it is reported beside the verdict, and the claim's status is that of the printed text.
So exactly one reading of each notion is *primary*: the printed definition when it is well-formed, else
the resolution the text supports (its own later use, its citations), the same in every claim that uses
the notion. The other registered readings are the other resolutions of an ambiguity, or a corrected
definition (its text says so), checked beside the verdict and never in it. The case of Definition 3.17
(T^op as printed is identically 1) is written out in :mod:`numeric.definitions.testing`; the table of
readings lives in :mod:`numeric.definitions.registry`.

**A name denotes its object.** A formula the text prints *for an object it names* ("the maximum likelihood
estimation of π") is a claim about that object, not its definition: where the two disagree, the error is
refuted once, where it sits, and every claim that uses the object is judged on the object the name denotes,
derived from its definition, with a link to the claim that holds the error (003 Example 3.7, written out in
:mod:`numeric.definitions.estimators`). Notation is read as its field reads it: "θ̂ ∼ N(θ, V)" reporting a
cited large-sample result states that result.

* :mod:`numeric.definitions.ldp`: Definition 3.1 (SLDP), Lemma 3.2's losses, Definition 3.13 (WLDP);
* :mod:`numeric.definitions.testing`: the errors of tests (Theorem 3.5, §3.2) and the trade-off
  functions (Definition 3.17);
* :mod:`numeric.definitions.estimators`: what 003 Example 3.7's π̂ and 004 §2.2's "∼ N" denote;
* :mod:`numeric.definitions.report`: the notions of the report 004 (global sensitivity as printed in
  §2.1, its data models, the mechanism of §3.1 as specified, stop rule included, its definition of
  differential privacy).
"""

from __future__ import annotations

from numeric.definitions.registry import READINGS, Reading, primary, reading, register
from numeric.definitions import estimators, ldp, report, testing  # noqa: F401  (registration)

__all__ = ["Reading", "READINGS", "register", "reading", "primary"]
