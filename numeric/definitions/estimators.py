"""What the texts' estimators denote when a name and a printed formula disagree (003 Example 3.7), and what
their distributional notation denotes (004 §2.2's "∼ N").

**A name denotes its object.** When the text names an object ("the maximum likelihood estimation of π",
"Warner's estimator"), the name denotes that object, and a formula printed for it is a claim about it. Where
the two disagree, the error is refuted once, where it sits (the claim of the printed formula), and every
claim that uses the object is judged on the object the name denotes, computed from its definition (derived,
never typed), with a link to the claim that holds the error. What the printed formula would give is checked
beside the verdict, as another reading. Printed means printed still governs well-formed definitions and
statements (:mod:`numeric.definitions`): a definition the text *gives* is read as printed, even when it is
degenerate; a formula the text prints *for a named object* is a claim about that object.

**Notation is read as its field reads it.** "θ̂ ∼ N(θ, V)" said of an estimator, reporting a cited
large-sample result, is the statement of that result: mean θ and variance V (checked exactly), and
asymptotic normality (the cited law). That a discrete estimator is never exactly normal is reported beside
the verdict, as another reading.
"""

from __future__ import annotations

from numeric.definitions.registry import Reading, register

__all__ = ["EX37_MLE", "EX37_PRINTED", "NORMAL_LARGE_SAMPLE", "NORMAL_EXACT"]

EX37_MLE = register(Reading(
    name="Example 3.7 π̂: the MLE it names", notion="π̂ of Example 3.7", source="003 Example 3.7, Warner [35, 16]",
    primary=True,
    text=(r"$\hat\pi$ is what the text calls it, 'the maximum likelihood estimation of $\pi$' in Warner's survey: "
          r"the stationary point of $n_1 \log q_1 + (n - n_1) \log(1 - q_1)$, $q_1 = \pi p + (1 - \pi)(1 - p)$, "
          r"derived by sympy, $\hat\pi = \frac{p - 1}{2p - 1} + \frac{n_1}{(2p - 1) n}$; the formula printed for it "
          r"is a claim about it (Ex3.7.mle)"),
))

EX37_PRINTED = register(Reading(
    name="Example 3.7 π̂: the printed formula", notion="π̂ of Example 3.7", source="003 Example 3.7 as printed",
    text=(r"the formula printed for the MLE, $\hat\pi = \frac{p-1}{2p-1} + \frac{n_1}{(p-1)n}$ (denominator "
          r"$(p - 1) n$), which is not the MLE (Ex3.7.mle): checked beside the verdict, never in it"),
))

NORMAL_LARGE_SAMPLE = register(Reading(
    name="'∼ N': the large-sample law", notion="'∼ N' said of an estimator (004 §2.2)",
    source="004 §2.2, reporting Warner (1965)", primary=True,
    text=(r"$\hat\theta \sim \mathcal N(\theta, V)$ reports Warner's large-sample result: $\mathbb E\hat\theta = "
          r"\theta$ and $\operatorname{Var}\hat\theta = V$ exactly, and $\hat\theta$ asymptotically normal with "
          r"these moments (the cited law, its Berry–Esseen distance tending to 0)"),
))

NORMAL_EXACT = register(Reading(
    name="'∼ N': exactly normal", notion="'∼ N' said of an estimator (004 §2.2)", source="004 §2.2, word for word",
    text=(r"$\hat\theta$ has exactly the law $\mathcal N(\theta, V)$ at every $n$; a discrete estimator never does: "
          r"checked beside the verdict, never in it"),
))
