"""Hypothesis strategies for mass functions, evidential mechanisms, row-stochastic matrices and
post-processing maps, for your own property tests::

    from hypothesis import given
    import numeric.strategies

    @given(numeric.strategies.mechanisms())
    def test_pl_loss_at_most_shafer(m):
        assert m.epsilon_pl() <= m.epsilon_shafer()

Every mass is an exact rational (integer weights over their sum), so a failing example is re-checked
exactly and shrinks towards few focal sets and small weights. The strategies cover generic, sparse (at
most three focal sets), Bayesian, vacuous and zero-mass rows.

**Sized for Hypothesis' default settings** (200 ms deadline, 100 examples). A drawn mechanism has 2-3
inputs on a frame of 1-4 labels by default, so its exact losses (:meth:`~numeric.mechanisms.Mechanism.epsilon_shafer`
and friends) cost well under a millisecond each, and a test like the one above runs in about a
millisecond per example. The trade-off: larger frames (up to 6 labels, ``max_labels=6``) are allowed but
the credal-vertex computation grows like n!, and exact losses are sympy logarithms, whose comparison
costs about a millisecond; compare ratios (``ratio_shafer()``) for speed. Importing this module loads
sympy and performs one comparison of logarithms (about 0.1 s, once), so the first example of a test is
not charged for sympy's start-up.

Each draw is a handful of integers (a whole row is one integer in a mixed radix), which keeps
Hypothesis' own cost per example low and shrinks a row by shrinking one number.
"""

from collections.abc import Callable as _Callable, Hashable as _Hashable, Sequence as _Sequence
from fractions import Fraction as _Fraction
from functools import lru_cache as _lru_cache

import sympy as _sympy
from hypothesis import strategies as _st

from core.errors import invalid as _invalid
from numeric.belief import MassFunction as _MassFunction
from numeric.mechanisms import Mechanism as _Mechanism
from numeric.mechanisms import q2x3 as _q2x3

__all__ = [
    "LABELS", "KINDS", "frames", "mass_functions", "mechanisms", "mechanism_pairs", "row_stochastic_matrices",
    "maps", "mixtures", "kernels", "post_processings", "q2x3_parameters", "positive_rationals", "hard_mechanisms",
]

#: Default output labels (frames are prefixes of this tuple).
LABELS = ("a", "b", "c", "d", "e", "f")
#: The kinds of rows the strategies draw.
KINDS = ("generic", "sparse", "bayesian", "vacuous")

_STRATEGIES: set[str] = set()


def _defines_strategy(function: _Callable) -> _Callable:
    """Register a public strategy (the export check at the end of the module compares the registry with
    ``__all__``)."""
    _STRATEGIES.add(function.__name__)
    return function


@_lru_cache(maxsize=None)
def _integers(lo: int, hi: int) -> _st.SearchStrategy[int]:
    return _st.integers(lo, hi)


def _check_range(name_lo: str, lo: int, name_hi: str, hi: int, least: int, most: int | None = None) -> None:
    for name, value in ((name_lo, lo), (name_hi, hi)):
        if not isinstance(value, int) or isinstance(value, bool) or value < least or (most is not None and value > most):
            bound = f"in {least}..{most}" if most is not None else f">= {least}"
            raise _invalid(name, value, f"must be an integer {bound}")
    if lo > hi:
        raise _invalid(name_hi, hi, f"must be >= {name_lo}={lo}", f"use {name_hi}={lo} or more")


@_defines_strategy
def frames(min_labels: int = 1, max_labels: int = 4) -> _st.SearchStrategy[tuple]:
    """Frames ("a", ..., ) of ``min_labels``..``max_labels`` labels (at most 6)."""
    _check_range("min_labels", min_labels, "max_labels", max_labels, 1, len(LABELS))
    return _integers(min_labels, max_labels).map(lambda n: LABELS[:n])


def _digits(value: int, base: int, count: int) -> list[int]:
    out = []
    for _ in range(count):
        value, digit = divmod(value, base)
        out.append(digit)
    return out


def _from_weights(frame: tuple, weights: list[int]) -> _MassFunction:
    """The mass function with integer ``weights`` (by bitmask, index 0 = ∅) over their sum."""
    total = sum(weights)
    if total == 0:  # every weight shrunk to zero: the vacuous mass function
        weights = [0] * (len(weights) - 1) + [1]
        total = 1
    return _MassFunction.from_integers(frame, weights, total)


_KIND = _integers(0, len(KINDS) - 1)


def _draw_mass(draw: _Callable, frame: tuple, kind: str | None, max_weight: int,
               positive_singletons: bool, all_focal: bool = False) -> _MassFunction:
    """One row in one or two draws (the body of :func:`mass_functions`, shared with the mechanism
    strategies)."""
    n = len(frame)
    full = (1 << n) - 1
    kind = kind or KINDS[draw(_KIND)]
    weights = [0] * (full + 1)
    if kind == "generic":
        # all 2^n - 1 weights in base max_weight + 1 (mask 1 is the lowest digit); shrinking the integer
        # removes the focal sets with the largest masks first
        for mask, w in enumerate(_digits(draw(_integers(0, (max_weight + 1) ** full - 1)), max_weight + 1, full), 1):
            weights[mask] = w
    elif kind == "sparse":
        # three digits, each 0 (no focal set) or a (focal set, weight) pair
        base = full * max_weight + 1
        for digit in _digits(draw(_integers(0, base ** 3 - 1)), base, 3):
            if digit:
                weights[(digit - 1) % full + 1] += (digit - 1) // full + 1
    elif kind == "bayesian":
        for i, w in enumerate(_digits(draw(_integers(0, (max_weight + 1) ** n - 1)), max_weight + 1, n)):
            weights[1 << i] = w
        if not any(weights):
            weights[1] = 1
    elif kind == "vacuous":
        weights[full] = 1
    else:
        raise _invalid("kind", kind, f"not one of {KINDS}")
    if positive_singletons:
        for i in range(n):
            weights[1 << i] = weights[1 << i] or 1
    if all_focal:
        for mask in range(1, full + 1):
            weights[mask] = weights[mask] or 1
    return _from_weights(frame, weights)


def _labels(frame: _Sequence[_Hashable] | None, min_labels: int, max_labels: int) -> _Callable:
    """``draw -> frame``: the given frame, or a drawn prefix of :data:`LABELS` (ranges checked once, here)."""
    if frame is not None:
        fixed = tuple(frame)
        return lambda draw: fixed
    _check_range("min_labels", min_labels, "max_labels", max_labels, 1, len(LABELS))
    return lambda draw: LABELS[:draw(_integers(min_labels, max_labels))]


def _check_kind(kind: str | None, max_weight: int) -> None:
    if kind is not None and kind not in KINDS:
        raise _invalid("kind", kind, f"not one of {KINDS} (or None to draw it)")
    if not isinstance(max_weight, int) or isinstance(max_weight, bool) or max_weight < 1:
        raise _invalid("max_weight", max_weight, "must be a positive integer")


@_defines_strategy
def mass_functions(frame: _Sequence[_Hashable] | None = None, *, min_labels: int = 1, max_labels: int = 4,
                   max_weight: int = 6, kind: str | None = None,
                   positive_singletons: bool = False) -> _st.SearchStrategy[_MassFunction]:
    """Exact mass functions. ``kind``: ``"generic"`` (a weight 0..max_weight on every non-empty subset),
    ``"sparse"`` (1-3 focal sets), ``"bayesian"`` (singletons only), ``"vacuous"``; ``None`` draws the
    kind too. ``positive_singletons`` puts mass on every singleton (weight at least 1; then every pl/bel
    ratio between two such rows is finite)."""
    _check_kind(kind, max_weight)
    labels = _labels(frame, min_labels, max_labels)

    @_st.composite
    def build(draw: _Callable) -> _MassFunction:
        return _draw_mass(draw, labels(draw), kind, max_weight, positive_singletons)

    return build()


@_defines_strategy
def mechanisms(frame: _Sequence[_Hashable] | None = None, *, min_inputs: int = 2, max_inputs: int = 3,
               min_labels: int = 1, max_labels: int = 4, kind: str | None = None,
               positive_singletons: bool | None = False, all_focal: bool | None = False,
               max_weight: int = 6) -> _st.SearchStrategy[_Mechanism]:
    """Mechanisms with ``min_inputs``..``max_inputs`` inputs (0, 1, ...) and exact rows on one frame.
    ``positive_singletons``: every row puts mass on every singleton (finite Walley losses); ``all_focal``: on
    every non-empty subset (the paper's "all subsets are focal": finite losses of every kind). ``None`` draws
    the option per mechanism (true for three mechanisms in four)."""
    _check_kind(kind, max_weight)
    _check_range("min_inputs", min_inputs, "max_inputs", max_inputs, 1)
    if kind in ("bayesian", "vacuous") and all_focal:
        raise _invalid("all_focal", all_focal, f"contradicts kind={kind!r}")
    labels = _labels(frame, min_labels, max_labels)

    @_st.composite
    def build(draw: _Callable) -> _Mechanism:
        frame_drawn = labels(draw)
        k = draw(_integers(min_inputs, max_inputs))
        positive = bool(draw(_integers(0, 3))) if positive_singletons is None else positive_singletons
        focal = bool(draw(_integers(0, 3))) if all_focal is None else all_focal
        return _Mechanism({x: _draw_mass(draw, frame_drawn, kind, max_weight, positive, focal) for x in range(k)})

    return build()


@_defines_strategy
def mechanism_pairs(*, max_labels: int = 3, max_product_labels: int = 6, positive_singletons: bool | None = None,
                    all_focal: bool | None = False, max_weight: int = 6) -> _st.SearchStrategy[tuple[_Mechanism, _Mechanism]]:
    """Two mechanisms on the same 2-3 inputs (for composition), frames Y1 = a.., Y2 = u.. with
    |Y1| |Y2| <= ``max_product_labels``; ``positive_singletons`` and ``all_focal`` as in :func:`mechanisms`."""
    _check_range("max_labels", max_labels, "max_product_labels", max(max_labels, max_product_labels), 1)

    @_st.composite
    def build(draw: _Callable) -> tuple[_Mechanism, _Mechanism]:
        n1 = draw(_integers(1, max_labels))
        n2 = draw(_integers(1, max(1, min(max_labels, max_product_labels // n1, 4))))
        k = draw(_integers(2, 3))
        positive = bool(draw(_integers(0, 3))) if positive_singletons is None else positive_singletons
        focal = bool(draw(_integers(0, 3))) if all_focal is None else all_focal
        y1, y2 = LABELS[:n1], ("u", "v", "w", "z")[:n2]
        q1 = _Mechanism({x: _draw_mass(draw, y1, None, max_weight, positive, focal) for x in range(k)})
        q2 = _Mechanism({x: _draw_mass(draw, y2, None, max_weight, positive, focal) for x in range(k)})
        return q1, q2

    return build()


@_defines_strategy
def row_stochastic_matrices(*, min_rows: int = 1, max_rows: int = 4, min_columns: int = 1, max_columns: int = 4,
                            max_weight: int = 6) -> _st.SearchStrategy[list[list[_Fraction]]]:
    """Row-stochastic matrices (lists of rows) with exact rational entries: ``min_rows``..``max_rows``
    rows, ``min_columns``..``max_columns`` columns, each row integer weights 0..``max_weight`` over their
    sum (one draw per row; a row whose weights all shrink to 0 becomes (1, 0, ..., 0))."""
    _check_range("min_rows", min_rows, "max_rows", max_rows, 1)
    _check_range("min_columns", min_columns, "max_columns", max_columns, 1)
    if not isinstance(max_weight, int) or max_weight < 1:
        raise _invalid("max_weight", max_weight, "must be a positive integer")

    @_st.composite
    def build(draw: _Callable) -> list[list[_Fraction]]:
        rows, columns = draw(_integers(min_rows, max_rows)), draw(_integers(min_columns, max_columns))
        out = []
        for _ in range(rows):
            weights = _digits(draw(_integers(0, (max_weight + 1) ** columns - 1)), max_weight + 1, columns)
            if not any(weights):
                weights[0] = 1
            total = sum(weights)
            out.append([_Fraction(w, total) for w in weights])
        return out

    return build()


def _decode_map(code: int, domain: tuple, codomain: tuple) -> dict:
    return {y: codomain[z] for y, z in zip(domain, _digits(code, len(codomain), len(domain)))}


@_defines_strategy
def maps(domain: _Sequence[_Hashable], codomain: _Sequence[_Hashable]) -> _st.SearchStrategy[dict]:
    """Deterministic maps domain -> codomain, as dicts (one draw: the map's index in base |codomain|;
    shrinks towards the constant map onto codomain[0])."""
    domain, codomain = tuple(domain), tuple(codomain)
    return _integers(0, len(codomain) ** len(domain) - 1).map(lambda code: _decode_map(code, domain, codomain))


@_defines_strategy
def positive_rationals(max_weight: int = 6) -> _st.SearchStrategy[int]:
    """Positive integer weights 1..max_weight (normalised by the caller)."""
    return _integers(1, max_weight)


@_defines_strategy
def mixtures(domain: _Sequence[_Hashable], codomain: _Sequence[_Hashable], *, max_maps: int = 3,
             max_weight: int = 6) -> _st.SearchStrategy[list[tuple[_Fraction, dict]]]:
    """Randomized maps as data-independent mixtures [(w_k, f_k)] of 1..max_maps deterministic maps, exact
    weights summing to one."""
    domain, codomain = tuple(domain), tuple(codomain)
    codes = _integers(0, len(codomain) ** len(domain) - 1)

    @_st.composite
    def build(draw: _Callable) -> list[tuple[_Fraction, dict]]:
        count = draw(_integers(1, max_maps))
        components = [(draw(_integers(1, max_weight)), _decode_map(draw(codes), domain, codomain))
                      for _ in range(count)]
        total = sum(w for w, _ in components)
        return [(_Fraction(w, total), f) for w, f in components]

    return build()


@_defines_strategy
def kernels(domain: _Sequence[_Hashable], codomain: _Sequence[_Hashable], *,
            max_weight: int = 4) -> _st.SearchStrategy[dict[_Hashable, dict[_Hashable, _Fraction]]]:
    """Markov kernels K(z | y) with exact rational entries (each row sums to one; one draw per row)."""
    domain, codomain = tuple(domain), tuple(codomain)

    @_st.composite
    def build(draw: _Callable) -> dict[_Hashable, dict[_Hashable, _Fraction]]:
        out = {}
        for y in domain:
            weights = _digits(draw(_integers(0, (max_weight + 1) ** len(codomain) - 1)), max_weight + 1, len(codomain))
            if not any(weights):
                weights[0] = 1
            total = sum(weights)
            out[y] = {z: _Fraction(w, total) for z, w in zip(codomain, weights)}
        return out

    return build()


@_defines_strategy
def q2x3_parameters(*, max_denominator: int = 60, above_half: bool = True) -> _st.SearchStrategy[tuple]:
    """Exact (p, q) for Q_{2×3}: a common denominator 2..``max_denominator``, p + q <= 1, and p > 1/2 (the
    paper's assumption) when ``above_half``, else p, q ∈ [0, 1]."""
    _check_range("min_denominator", 2, "max_denominator", max_denominator, 2)

    @_st.composite
    def build(draw: _Callable) -> tuple:
        den = draw(_integers(2, max_denominator))
        top = draw(_integers(den // 2 + 1 if above_half else 0, den))
        return _Fraction(top, den), _Fraction(draw(_integers(0, den - top)), den)

    return build()


_POST_KINDS = ("map", "mixture", "kernel")


@_defines_strategy
def post_processings(*, kind: str = "mixture", max_labels: int = 4, max_codomain: int = 3,
                     positive_singletons: bool | None = None, all_focal: bool | None = False) -> _st.SearchStrategy[tuple]:
    """(Q, f, Z): a mechanism (2-3 inputs, 1..``max_labels`` labels), a post-processing f of its outputs and
    the codomain Z = (z0, z1, ...) of 1..``max_codomain`` labels. ``kind``: ``"map"`` (one deterministic map,
    as the mixture [(1, f)]), ``"mixture"`` (1-3 maps with exact weights), ``"kernel"`` (a Markov kernel
    {y: {z: K(z|y)}}, each element randomized independently)."""
    if kind not in _POST_KINDS:
        raise _invalid("kind", kind, f"not one of {_POST_KINDS}")
    _check_range("min_labels", 1, "max_labels", max_labels, 1, len(LABELS))
    _check_range("min_codomain", 1, "max_codomain", max_codomain, 1)
    inner = mechanisms(max_labels=max_labels, positive_singletons=positive_singletons, all_focal=all_focal)
    codomains = _integers(1, max_codomain)

    @_st.composite
    def build(draw: _Callable) -> tuple:
        Q = draw(inner)
        codomain = tuple(f"z{i}" for i in range(draw(codomains)))
        if kind == "map":
            return Q, [(_Fraction(1), draw(maps(Q.frame, codomain)))], codomain
        if kind == "kernel":
            return Q, draw(kernels(Q.frame, codomain)), codomain
        return Q, draw(mixtures(Q.frame, codomain)), codomain

    return build()


def hard_mechanisms() -> list[tuple[str, _Mechanism]]:
    """Known hard cases to pin with ``@example`` in property tests, each with the reason it is hard."""
    ab = ("a", "b")
    precise = _MassFunction.bayesian(ab, {"a": _Fraction(1, 2), "b": _Fraction(1, 2)})
    dont_know = _MassFunction(ab, {"a": _Fraction(1, 3), "b": _Fraction(1, 3), ab: _Fraction(1, 3)})
    return [
        # the paper's Q_{2x3}(3/5, 1/5): ε_S = ln 3, ε_pl = ln 2, ε_W = ln 4 (003 §3.2)
        ("q2x3(3/5, 1/5)", _q2x3(_Fraction(3, 5), _Fraction(1, 5))),
        # precise vs "don't know": ε_S = ∞ (message {a,b} only from input 1) but ε_W = ln 2, and the Walley
        # loss over x != x' (ln 3/2) is smaller than over all pairs (x = x' = 1 gives pl/bel = 2)
        ("precise vs don't know", _Mechanism({0: precise, 1: dont_know})),
        # equal vacuous rows: every mass ratio is 1 or 0/0, every pl/bel ratio on a proper subset is 1/0
        ("vacuous twice", _Mechanism({0: _MassFunction.vacuous(ab), 1: _MassFunction.vacuous(ab)})),
        # disjoint supports: infinite losses of every kind
        ("disjoint", _Mechanism({0: _MassFunction.bayesian(ab, {"a": 1}), 1: _MassFunction.bayesian(ab, {"b": 1})})),
    ]


def _check_exports() -> None:
    """``__all__`` is exactly the public names of this module, and every registered strategy is exported
    (as Hypothesis checks its own ``strategies.__all__`` at import)."""
    public = {name for name, value in globals().items()
              if not name.startswith("_") and getattr(value, "__module__", __name__) == __name__}
    public |= {"LABELS", "KINDS"}
    assert set(__all__) == public, sorted(set(__all__) ^ public)
    assert _STRATEGIES <= set(__all__), sorted(_STRATEGIES - set(__all__))


def _warm_sympy() -> None:
    """One comparison of two logarithms: sympy loads its numerical evaluation on first use (about 0.1 s);
    paying it at import keeps the first example of a user's test within Hypothesis' default deadline."""
    bool(_sympy.log(_sympy.Rational(2)) < _sympy.log(_sympy.Rational(3)))


_check_exports()
_warm_sympy()
