"""The paper's symbols by the names the toolkit gives them (003 §3.1–3.2, 004 §2), as LaTeX.

One table for every output: the LaTeX printer of derived expressions (:mod:`proofs.report.latex`), the
counterexample values and keys (:mod:`proofs.report.values`), the domains and reasons written in plain text
(:mod:`proofs.report.segments`). The terminal shows the Unicode of this LaTeX
(:mod:`proofs.report.unicode_math`), the HTML its MathML, so ``theta_hat_1`` is θ̂₁ everywhere.

* ``pi`` is the proportion π (003 §3.1); the constant is printed ``\\uppi`` by the expression printer;
* ``pihat``, ``pi_hat``, ``hat_pi`` are π̂; ``theta_hat_1`` is θ̂₁ (004: the estimate of θ₁); any Greek
  name (``eps``, ``lam`` and ``phi`` spelled short) with ``_hat`` and an index follows the same rule;
* ``q1, q2, q3`` are q₁, q₂, q₃ (003 §3.1: the response probabilities); ``N1``, ``n1`` are N₁, n₁;
* ``eps`` is ε, ``lam`` is λ, ``phi`` is φ (003 writes ``\\varphi`` for tests);
* ``Q_2x3`` is Q_{2×3} (003 §3.1); ``eps_pl`` is ε_{pl}: a short lower-case tail is a subscript.
"""

from __future__ import annotations

import functools
import re

__all__ = ["GREEK", "NAMES", "symbol_latex", "is_symbol"]

#: Greek names as the toolkit spells them -> LaTeX.
GREEK = {
    "alpha": r"\alpha", "beta": r"\beta", "gamma": r"\gamma", "delta": r"\delta", "eps": r"\epsilon",
    "epsilon": r"\epsilon", "varepsilon": r"\varepsilon", "zeta": r"\zeta", "eta": r"\eta", "theta": r"\theta",
    "iota": r"\iota", "kappa": r"\kappa", "lam": r"\lambda", "lambda": r"\lambda", "mu": r"\mu", "nu": r"\nu",
    "xi": r"\xi", "pi": r"\pi", "rho": r"\rho", "sigma": r"\sigma", "tau": r"\tau", "phi": r"\varphi",
    "varphi": r"\varphi", "chi": r"\chi", "psi": r"\psi", "omega": r"\omega", "Gamma": r"\Gamma",
    "Delta": r"\Delta", "Theta": r"\Theta", "Lambda": r"\Lambda", "Pi": r"\Pi", "Sigma": r"\Sigma",
    "Phi": r"\Phi", "Psi": r"\Psi", "Omega": r"\Omega",
}

#: Names whose LaTeX is not given by the rule of :func:`symbol_latex`.
NAMES = {
    "pihat": r"\hat{\pi}", "hat_pi": r"\hat{\pi}", "nuhat": r"\hat{\nu}", "thetahat": r"\hat{\theta}",
    "Q_2x3": r"Q_{2\times 3}", "Q2x3": r"Q_{2\times 3}", "Q_WRR": r"Q_{WRR}", "Q_GWRR": r"Q_{GWRR}",
    "oo": r"\infty",
}

#: A short lower-case function name with a subscript: ``pl_x``, ``bel_x'`` (003 §2 writes pl_{x}, bel_{x'}).
_NAMED = re.compile(r"^(?P<base>[a-z]{2,4})_(?P<tail>[A-Za-z0-9]{1,3})(?P<prime>'*)$")
_BASE = "|".join(sorted(map(re.escape, GREEK), key=len, reverse=True))
_NAME = re.compile(rf"^(?P<base>{_BASE}|[A-Za-z])(?P<hat>_?hat)?(?:_?(?P<index>\d+)|_(?P<tail>[a-z]{{1,3}}|[A-Z]))?"
                   rf"(?P<prime>'*)$")


@functools.lru_cache(maxsize=4096)
def symbol_latex(name: str) -> str | None:
    """The LaTeX of the symbol called ``name``, or None when ``name`` is not a symbol of the paper (a word)."""
    if not isinstance(name, str):
        return None
    if name in NAMES:
        return NAMES[name]
    match = _NAME.match(name)
    if match is None:
        named = _NAMED.match(name)
        if named is None or named["base"] in GREEK:
            return None
        return f"{named['base']}_{{{named['tail']}}}" + named["prime"]
    base = GREEK.get(match["base"], match["base"])
    if match["hat"]:
        base = rf"\hat{{{base}}}"
    index = match["index"] or match["tail"]
    text = f"{base}_{{{index}}}" if index else base
    if match["prime"]:
        text += "'" * len(match["prime"])
    return text


def is_symbol(name: str) -> bool:
    """Whether ``name`` names a symbol (not a word)."""
    return symbol_latex(name) is not None
