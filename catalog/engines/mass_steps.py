"""Steps about concrete mass functions, for proof certificates: the masses of a mechanism's rows as symbols at
their exact values, so a certificate recomputes bel, pl and images from the masses (never from the toolkit's
numbers).

* :func:`mass_symbol`: the symbol of m_x(A) (``x'`` spelled ``xp``), real, so ``m >= 0`` is checked at the point;
* :func:`row_steps`: the rows' masses as a point, and each row shown to be a mass function (003 §2: masses >= 0
  summing to 1);
* :func:`pushforward_steps`: the mass of the image f∘Q at an event (f∘Q carries each focal set B to f(B)) against
  the mass of the preimage f^{-1}(E) (the printed step of the proof of 003 Lemma 3.4), shown to differ;
* :func:`fails_steps`: a mechanism shown not ε-SLDP or not ε-WLDP at a budget, on the pair and set that violate it.
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

import sympy

from proofs.kernel.steps import Holds, Stated, Step

if TYPE_CHECKING:
    from numeric.mechanisms import Mechanism

__all__ = ["mass_symbol", "row_steps", "pushforward_steps", "fails_steps"]


def mass_symbol(x: Hashable, focal_set: frozenset) -> sympy.Symbol:
    """The symbol of the mass m_x(A) (``x'`` spelled ``xp``), real: its sign is checked, not assumed."""
    row = "xp" if str(x) == "x'" else str(x)
    return sympy.Symbol(f"m_{row}_" + "_".join(sorted(str(y) for y in focal_set)), real=True)


def row_steps(mechanism: Mechanism, inputs: Sequence[Hashable]) -> tuple[dict[Hashable, list[frozenset]],
              dict[str, Fraction], list[Step]]:
    """The focal sets of the rows ``inputs``, their masses as a point (name -> exact value), and each row shown
    to be a mass function."""
    focal = {x: [a for a in mechanism[x].masses if mechanism[x].m(a) != 0] for x in dict.fromkeys(inputs)}
    point = {mass_symbol(x, a).name: Fraction(mechanism[x].m(a)) for x in focal for a in focal[x]}
    rows = [Holds(f"m_{x} is a mass function: its focal masses are >= 0 and sum to 1",
                  sympy.And(*[mass_symbol(x, a) >= 0 for a in focal[x]],
                            sympy.Eq(sympy.Add(*[mass_symbol(x, a) for a in focal[x]]), 1)),
                  {mass_symbol(x, a).name: point[mass_symbol(x, a).name] for a in focal[x]}) for x in focal]
    return focal, point, rows


def pushforward_steps(mechanism: Mechanism, f: Mapping[Hashable, Hashable], x: Hashable, event: Sequence[Hashable],
                      codomain: Sequence[Hashable] = ()) -> tuple[Step, ...]:
    """m^{f∘Q}_x(E) = Σ_{B: f(B) = E} m_x(B) differs from m_x(f^{-1}(E)) at the row ``x`` and the event ``E``
    (labels of Z, as the counterexample names them): the image's mass written as the sum of the row's masses
    over the focal sets f maps onto E, the preimage's mass as its symbol (0 when it is not focal). With
    ``codomain`` (Z), the point is shown to lie in the domain of 003 Lemma 3.4's proof: every row of Q is a mass
    function, f maps every label of Y into Z and E is a non-empty subset of Z (labels coded by their index in Z,
    -1 for a label outside it)."""
    names = {str(z) for z in event}
    image_of = {a: frozenset(str(f[y]) for y in a) for a in mechanism[x].masses}
    focal, point, rows = row_steps(mechanism, tuple(mechanism.inputs))  # every row: Q is an evidential mechanism
    preimage = frozenset(y for y in mechanism.frame if str(f[y]) in names)
    lhs = sympy.Add(*[mass_symbol(x, a) for a in focal[x] if image_of[a] == names])
    rhs = mass_symbol(x, preimage) if preimage in focal[x] else sympy.S(0)
    shown = lambda a: "{" + ", ".join(sorted(map(str, a))) + "}"  # noqa: E731
    membership: tuple[Step, ...] = ()
    if codomain:
        labels = [str(z) for z in codomain]
        index = {z: labels.index(z) if z in labels else -1 for z in {str(f[y]) for y in mechanism.frame} | names}
        coded = {**{f"f_{y}": index[str(f[y])] for y in mechanism.frame},
                 **{f"e_{i}": index[z] for i, z in enumerate(sorted(names))}}
        codes = [sympy.Symbol(name, integer=True) for name in coded]
        membership = (Holds(f"f maps every label of Y into Z = {shown(labels)} and E = {shown(names)} is a non-empty "
                            f"subset of Z (f(y) and the elements of E coded by their index in Z, -1 outside it)",
                            sympy.And(*[c >= 0 for c in codes], *[c <= len(labels) - 1 for c in codes]),
                            coded, tuple(coded)),)
    return (*membership,
            Stated(f"f∘Q carries each focal set B of Q_x to its image f(B), so m^(f∘Q)_x(E) is the sum of m_x(B) "
                   f"over the focal sets with f(B) = E; here f = {{{', '.join(f'{y} -> {z}' for y, z in f.items())}}}, "
                   f"E = {shown(names)}, f^(-1)(E) = {shown(preimage)}"),
            *rows,
            Holds(f"m^(f∘Q)_{x}(E) != m_{x}(f^(-1)(E)) at the row's masses", sympy.Ne(lhs, rhs), point))


def fails_steps(mechanism: Mechanism, r: Fraction, notion: str, *, rows_shown: bool = False) -> tuple[Step, ...]:
    """``mechanism`` is not ε-``notion`` at e^ε = ``r`` (``"SLDP"``: m_x(A) <= e^ε m_x'(A) for every ordered pair
    and set A, 003 Definition 3.1; ``"WLDP"``: pl_x(E) <= e^ε bel_x'(E) for every ordered pair and event,
    Definition 3.13), shown on the first pair and set that violate it (distinct pairs first), with pl and bel
    written as sums of the rows' masses and each row shown to be a mass function (unless ``rows_shown``: steps
    before showed them); empty when nothing violates it."""
    inputs, frame = mechanism.inputs, list(mechanism.frame)
    events = [frozenset(c) for size in range(1, len(frame) + 1) for c in itertools.combinations(frame, size)]
    pairs = sorted(itertools.product(inputs, repeat=2), key=lambda pair: pair[0] == pair[1])
    r_symbol = sympy.Symbol("r", positive=True)
    for x, x_prime in pairs:
        for event in events:
            if notion == "SLDP":
                top, bottom = Fraction(mechanism[x].m(event)), Fraction(mechanism[x_prime].m(event))
            else:
                top, bottom = Fraction(mechanism[x].pl(event)), Fraction(mechanism[x_prime].bel(event))
            if top <= Fraction(r) * bottom:
                continue
            focal, point, rows = row_steps(mechanism, (x, x_prime))
            if notion == "SLDP":
                lhs = mass_symbol(x, event) if event in focal[x] else sympy.S(0)
                rhs = mass_symbol(x_prime, event) if event in focal[x_prime] else sympy.S(0)
                definition = ("003 Definition 3.1: Q is eps-SLDP iff m_x(A) <= e^eps m_x'(A) for every ordered pair "
                              "(x, x') and every set A (a mass not listed is 0)")
                what, name = f"m_{x}(A) > r m_{x_prime}(A)", "A"
            else:
                lhs = sympy.Add(*[mass_symbol(x, a) for a in focal[x] if a & event])
                rhs = sympy.Add(*[mass_symbol(x_prime, a) for a in focal[x_prime] if a <= event])
                definition = ("003 Definition 3.13: Q is eps-WLDP iff pl_x(E) <= e^eps bel_x'(E) for every ordered "
                              "pair (x, x') and event E, with pl_x(E) the mass of the focal sets meeting E and "
                              "bel_x'(E) that of the focal sets inside E")
                what, name = f"pl_{x}(E) > r bel_{x_prime}(E)", "E"
            return (Stated(definition), *(() if rows_shown else rows),
                    Holds(f"the pair ({x}, {x_prime}) and {name} = {{{', '.join(sorted(map(str, event)))}}} violate "
                          f"it: {what} at r = e^eps = {r}", sympy.StrictGreaterThan(lhs, r_symbol * rhs),
                          {**point, "r": Fraction(r)}))
    return ()
