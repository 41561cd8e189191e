"""Hypothesis strategies for mass functions, evidential mechanisms and post-processing maps.

Use them in your own property tests::

    from hypothesis import given
    from numeric.strategies import mechanisms

    @given(mechanisms())
    def test_bel_loss_below_shafer_loss(Q):
        assert Q.ratio_bel() <= Q.ratio_shafer()

Every mass is an exact rational (integer weights over their sum), so a failing example can be re-checked
exactly and shrinks towards few focal sets and small weights. Frames have 1-4 labels by default; the
strategies cover generic, sparse (few focal sets), Bayesian, vacuous and zero-mass cases.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from hypothesis import strategies as st

from numeric.belief import MassFunction
from numeric.mechanisms import Mechanism

__all__ = [
    "LABELS", "frames", "mass_functions", "mechanisms", "mechanism_pairs", "maps", "mixtures", "kernels",
    "positive_rationals", "hard_mechanisms",
]

#: Default output labels (frames are prefixes of this tuple).
LABELS = ("a", "b", "c", "d", "e", "f")


def frames(min_labels: int = 1, max_labels: int = 4) -> st.SearchStrategy[tuple]:
    """Frames ("a", ..., ) of ``min_labels``..``max_labels`` labels."""
    return _integers(min_labels, max_labels).map(lambda n: LABELS[:n])


def _from_weights(frame: tuple, weights: dict[int, int]) -> MassFunction:
    total = sum(weights.values())
    if total == 0:  # every weight shrunk to zero: the vacuous mass function
        return MassFunction.vacuous(frame)
    return MassFunction.from_integers(frame, [weights.get(mask, 0) for mask in range(1 << len(frame))], total)


def _digits(value: int, base: int, masks: Sequence[int]) -> dict[int, int]:
    out = {}
    for mask in masks:
        value, out[mask] = divmod(value, base)
    return out


@lru_cache(maxsize=None)
def _integers(lo: int, hi: int) -> st.SearchStrategy[int]:
    return st.integers(lo, hi)


_KINDS = st.sampled_from(["generic", "sparse", "bayesian", "vacuous"])


def _draw_mass(draw: Any, frame: tuple, kind: str | None, max_weight: int, positive_singletons: bool) -> MassFunction:
    """One mass function (the body of :func:`mass_functions`, shared with the mechanism strategies so a
    mechanism costs a handful of draws)."""
    n = len(frame)
    full = (1 << n) - 1
    kind = kind or draw(_KINDS)
    singletons = [1 << i for i in range(n)]
    weights: dict[int, int] = {}
    if kind == "generic":
        # one draw encodes all 2^n - 1 weights in base max_weight + 1 (mask 1 is the lowest digit);
        # shrinking the integer removes the focal sets with the largest masks first
        weights = _digits(draw(_integers(0, (max_weight + 1) ** full - 1)), max_weight + 1, range(1, full + 1))
    elif kind == "sparse":
        chosen = draw(st.lists(_integers(1, full), min_size=1, max_size=3, unique=True))
        for mask in chosen:
            weights[mask] = draw(_integers(1, max_weight))
    elif kind == "bayesian":
        weights = _digits(draw(_integers(0, (max_weight + 1) ** n - 1)), max_weight + 1, singletons)
        if not any(weights.values()):
            weights[singletons[0]] = 1
    elif kind == "vacuous":
        weights = {full: 1}
    else:
        raise ValueError(f"kind={kind!r}: not one of generic, sparse, bayesian, vacuous")
    if positive_singletons:
        for mask in singletons:
            weights[mask] = weights.get(mask, 0) or 1
    return _from_weights(frame, weights)


@st.composite
def mass_functions(draw, frame: Sequence[Hashable] | None = None, *, min_labels: int = 1, max_labels: int = 4,
                   max_weight: int = 6, kind: str | None = None,
                   positive_singletons: bool = False) -> MassFunction:
    """Exact mass functions. ``kind``: ``"generic"`` (a weight 0..max_weight on every non-empty subset),
    ``"sparse"`` (1-3 focal sets), ``"bayesian"`` (singletons only), ``"vacuous"``; ``None`` draws the
    kind too. ``positive_singletons`` puts mass on every singleton (weight at least 1; then every pl/bel
    ratio between two such rows is finite)."""
    frame = tuple(frame) if frame is not None else LABELS[:draw(_integers(min_labels, max_labels))]
    return _draw_mass(draw, frame, kind, max_weight, positive_singletons)


@st.composite
def mechanisms(draw, frame: Sequence[Hashable] | None = None, *, min_inputs: int = 2, max_inputs: int = 3,
               min_labels: int = 1, max_labels: int = 4, kind: str | None = None,
               positive_singletons: bool | None = False, max_weight: int = 6) -> Mechanism:
    """Mechanisms with ``min_inputs``..``max_inputs`` inputs (0, 1, ...) and exact rows on one frame.
    ``positive_singletons=None`` draws it (half the mechanisms then have finite Walley losses)."""
    frame = tuple(frame) if frame is not None else LABELS[:draw(_integers(min_labels, max_labels))]
    k = draw(_integers(min_inputs, max_inputs))
    positive = draw(st.booleans()) if positive_singletons is None else positive_singletons
    return Mechanism({x: _draw_mass(draw, frame, kind, max_weight, positive) for x in range(k)})


@st.composite
def mechanism_pairs(draw, *, max_labels: int = 3, max_product_labels: int = 6,
                    positive_singletons: bool | None = None, max_weight: int = 6) -> tuple[Mechanism, Mechanism]:
    """Two mechanisms on the same inputs (for composition), frames Y1 = a.., Y2 = u.. with
    |Y1| |Y2| <= ``max_product_labels``."""
    n1 = draw(_integers(1, max_labels))
    n2 = draw(_integers(1, max(1, min(max_labels, max_product_labels // n1))))
    k = draw(_integers(2, 3))
    positive = draw(st.booleans()) if positive_singletons is None else positive_singletons
    y1, y2 = LABELS[:n1], ("u", "v", "w", "z")[:n2]
    q1 = Mechanism({x: _draw_mass(draw, y1, None, max_weight, positive) for x in range(k)})
    q2 = Mechanism({x: _draw_mass(draw, y2, None, max_weight, positive) for x in range(k)})
    return q1, q2


def _decode_map(code: int, domain: tuple, codomain: tuple) -> dict:
    out = {}
    for y in domain:
        code, z = divmod(code, len(codomain))
        out[y] = codomain[z]
    return out


def maps(domain: Sequence[Hashable], codomain: Sequence[Hashable]) -> st.SearchStrategy[dict]:
    """Deterministic maps domain -> codomain, as dicts (one draw: the map's index in base |codomain|;
    shrinks towards the constant map onto codomain[0])."""
    domain, codomain = tuple(domain), tuple(codomain)
    return _integers(0, len(codomain) ** len(domain) - 1).map(lambda code: _decode_map(code, domain, codomain))


def positive_rationals(max_weight: int = 6) -> st.SearchStrategy[int]:
    """Positive integer weights 1..max_weight (normalised by the caller)."""
    return _integers(1, max_weight)


@st.composite
def mixtures(draw, domain: Sequence[Hashable], codomain: Sequence[Hashable], *, max_maps: int = 3,
             max_weight: int = 6) -> list[tuple[Fraction, dict]]:
    """Randomized maps as data-independent mixtures [(w_k, f_k)] of 1..max_maps deterministic maps, exact
    weights summing to one."""
    domain, codomain = tuple(domain), tuple(codomain)
    count = draw(_integers(1, max_maps))
    codes = _integers(0, len(codomain) ** len(domain) - 1)
    components = [(draw(_integers(1, max_weight)), _decode_map(draw(codes), domain, codomain)) for _ in range(count)]
    total = sum(w for w, _ in components)
    return [(Fraction(w, total), f) for w, f in components]


@st.composite
def kernels(draw, domain: Sequence[Hashable], codomain: Sequence[Hashable], *,
            max_weight: int = 4) -> dict[Hashable, dict[Hashable, Fraction]]:
    """Markov kernels K(z | y) with exact rational entries (each row sums to one; one draw per row)."""
    codomain = tuple(codomain)
    out = {}
    for y in domain:
        weights = list(_digits(draw(_integers(0, (max_weight + 1) ** len(codomain) - 1)), max_weight + 1,
                               range(len(codomain))).values())
        if not any(weights):
            weights[0] = 1
        total = sum(weights)
        out[y] = {z: Fraction(w, total) for z, w in zip(codomain, weights)}
    return out


def hard_mechanisms() -> list[tuple[str, Mechanism]]:
    """Known hard cases to pin with ``@example`` in property tests, each with the reason it is hard."""
    from numeric.mechanisms import q2x3

    ab = ("a", "b")
    precise = MassFunction.bayesian(ab, {"a": Fraction(1, 2), "b": Fraction(1, 2)})
    dont_know = MassFunction(ab, {"a": Fraction(1, 3), "b": Fraction(1, 3), ab: Fraction(1, 3)})
    return [
        # the paper's Q_{2x3}(3/5, 1/5): ε_S = ln 3, ε_pl = ln 2, ε_W = ln 4 (003 §3.2)
        ("q2x3(3/5, 1/5)", q2x3(Fraction(3, 5), Fraction(1, 5))),
        # precise vs "don't know": ε_S = ∞ (message {a,b} only from input 1) but ε_W = ln 2, and the Walley
        # loss over x != x' (ln 3/2) is smaller than over all pairs (x = x' = 1 gives pl/bel = 2)
        ("precise vs don't know", Mechanism({0: precise, 1: dont_know})),
        # equal vacuous rows: every mass ratio is 1 or 0/0, every pl/bel ratio on a proper subset is 1/0
        ("vacuous twice", Mechanism({0: MassFunction.vacuous(ab), 1: MassFunction.vacuous(ab)})),
        # disjoint supports: infinite losses of every kind
        ("disjoint", Mechanism({0: MassFunction.bayesian(ab, {"a": 1}), 1: MassFunction.bayesian(ab, {"b": 1})})),
    ]
