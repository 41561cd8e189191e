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
Hypothesis' own cost per example low and shrinks a row by shrinking one number. Every strategy here is the
Hypothesis face of a :class:`numeric.sampling.Sampler` (the same construction from integer choices):
:func:`sampler` returns it, and the toolkit's own property searches draw from it with a seeded generator,
without Hypothesis' per-example bookkeeping (:func:`proofs.engines.methods.property_search`).
"""

from collections.abc import Callable as _Callable, Hashable as _Hashable, Sequence as _Sequence
from fractions import Fraction as _Fraction

import sympy as _sympy
from hypothesis import strategies as _st

from core.errors import invalid as _invalid
from numeric.belief import MassFunction as _MassFunction
from numeric.mechanisms import Mechanism as _Mechanism
from numeric.mechanisms import evidential_q2x3 as _q2x3
from numeric.sampling import Choose as _Choose
from numeric.sampling import Sampler as _Sampler
from numeric.sampling import register as _register
from numeric.sampling import sampler_of as _sampler_of

__all__ = [
    "LABELS", "KINDS", "frames", "mass_functions", "mechanisms", "mechanism_pairs", "row_stochastic_matrices",
    "maps", "mixtures", "kernels", "post_processings", "q2x3_parameters", "positive_rationals", "hard_mechanisms",
    "sampler",
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


def sampler(strategy: _st.SearchStrategy) -> _Sampler:
    """The :class:`numeric.sampling.Sampler` behind a strategy of this module: the same construction, drawn
    from a seeded ``random.Random`` (``sampler(s).draw(rng).value``), replayed and shrunk without Hypothesis."""
    found = _sampler_of(strategy)
    if found is None:
        raise _invalid("strategy", strategy, "not a strategy of numeric.strategies",
                       "build it with numeric.strategies, or use it with Hypothesis")
    return found


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
    return _register(_Sampler(lambda choose: LABELS[:choose(min_labels, max_labels)], "frames"))


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


def _mass(choose: _Choose, frame: tuple, kind: str | None, max_weight: int, positive_singletons: bool,
          all_focal: bool = False) -> _MassFunction:
    """One row in one or two choices (the body of :func:`mass_functions`, shared with the mechanism
    strategies)."""
    n = len(frame)
    full = (1 << n) - 1
    kind = kind or KINDS[choose(0, len(KINDS) - 1)]
    weights = [0] * (full + 1)
    if kind == "generic":
        # all 2^n - 1 weights in base max_weight + 1 (mask 1 is the lowest digit); shrinking the integer
        # removes the focal sets with the largest masks first
        for mask, w in enumerate(_digits(choose(0, (max_weight + 1) ** full - 1), max_weight + 1, full), 1):
            weights[mask] = w
    elif kind == "sparse":
        # three digits, each 0 (no focal set) or a (focal set, weight) pair
        base = full * max_weight + 1
        for digit in _digits(choose(0, base ** 3 - 1), base, 3):
            if digit:
                weights[(digit - 1) % full + 1] += (digit - 1) // full + 1
    elif kind == "bayesian":
        for i, w in enumerate(_digits(choose(0, (max_weight + 1) ** n - 1), max_weight + 1, n)):
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


def _labels(frame: _Sequence[_Hashable] | None, min_labels: int, max_labels: int) -> _Callable[[_Choose], tuple]:
    """``choose -> frame``: the given frame, or a chosen prefix of :data:`LABELS` (ranges checked once, here)."""
    if frame is not None:
        fixed = tuple(frame)
        return lambda choose: fixed
    _check_range("min_labels", min_labels, "max_labels", max_labels, 1, len(LABELS))
    return lambda choose: LABELS[:choose(min_labels, max_labels)]


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
    return _register(_Sampler(lambda choose: _mass(choose, labels(choose), kind, max_weight, positive_singletons),
                              "mass functions"))


def _mechanism(choose: _Choose, labels: _Callable[[_Choose], tuple], min_inputs: int, max_inputs: int,
               kind: str | None, positive_singletons: bool | None, all_focal: bool | None,
               max_weight: int) -> _Mechanism:
    frame_drawn = labels(choose)
    k = choose(min_inputs, max_inputs)
    positive = bool(choose(0, 3)) if positive_singletons is None else positive_singletons
    focal = bool(choose(0, 3)) if all_focal is None else all_focal
    return _Mechanism({x: _mass(choose, frame_drawn, kind, max_weight, positive, focal) for x in range(k)})


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
    return _register(_Sampler(lambda choose: _mechanism(choose, labels, min_inputs, max_inputs, kind,
                                                        positive_singletons, all_focal, max_weight), "mechanisms"))


@_defines_strategy
def mechanism_pairs(*, max_labels: int = 3, max_product_labels: int = 6, positive_singletons: bool | None = None,
                    all_focal: bool | None = False, max_weight: int = 6) -> _st.SearchStrategy[tuple[_Mechanism, _Mechanism]]:
    """Two mechanisms on the same 2-3 inputs (for composition), frames Y1 = a.., Y2 = u.. with
    |Y1| |Y2| <= ``max_product_labels``; ``positive_singletons`` and ``all_focal`` as in :func:`mechanisms`."""
    _check_range("max_labels", max_labels, "max_product_labels", max(max_labels, max_product_labels), 1)

    def build(choose: _Choose) -> tuple[_Mechanism, _Mechanism]:
        n1 = choose(1, max_labels)
        n2 = choose(1, max(1, min(max_labels, max_product_labels // n1, 4)))
        k = choose(2, 3)
        positive = bool(choose(0, 3)) if positive_singletons is None else positive_singletons
        focal = bool(choose(0, 3)) if all_focal is None else all_focal
        y1, y2 = LABELS[:n1], ("u", "v", "w", "z")[:n2]
        q1 = _Mechanism({x: _mass(choose, y1, None, max_weight, positive, focal) for x in range(k)})
        q2 = _Mechanism({x: _mass(choose, y2, None, max_weight, positive, focal) for x in range(k)})
        return q1, q2

    return _register(_Sampler(build, "pairs of mechanisms"))


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

    def build(choose: _Choose) -> list[list[_Fraction]]:
        rows, columns = choose(min_rows, max_rows), choose(min_columns, max_columns)
        out = []
        for _ in range(rows):
            weights = _digits(choose(0, (max_weight + 1) ** columns - 1), max_weight + 1, columns)
            if not any(weights):
                weights[0] = 1
            total = sum(weights)
            out.append([_Fraction(w, total) for w in weights])
        return out

    return _register(_Sampler(build, "row-stochastic matrices"))


def _decode_map(code: int, domain: tuple, codomain: tuple) -> dict:
    return {y: codomain[z] for y, z in zip(domain, _digits(code, len(codomain), len(domain)))}


def _map(choose: _Choose, domain: tuple, codomain: tuple) -> dict:
    return _decode_map(choose(0, len(codomain) ** len(domain) - 1), domain, codomain)


@_defines_strategy
def maps(domain: _Sequence[_Hashable], codomain: _Sequence[_Hashable]) -> _st.SearchStrategy[dict]:
    """Deterministic maps domain -> codomain, as dicts (one draw: the map's index in base |codomain|;
    shrinks towards the constant map onto codomain[0])."""
    domain, codomain = tuple(domain), tuple(codomain)
    return _register(_Sampler(lambda choose: _map(choose, domain, codomain), "maps"))


@_defines_strategy
def positive_rationals(max_weight: int = 6) -> _st.SearchStrategy[int]:
    """Positive integer weights 1..max_weight (normalised by the caller)."""
    return _register(_Sampler(lambda choose: choose(1, max_weight), "positive weights"))


def _mixture(choose: _Choose, domain: tuple, codomain: tuple, max_maps: int, max_weight: int) -> list:
    count = choose(1, max_maps)
    components = [(choose(1, max_weight), _map(choose, domain, codomain)) for _ in range(count)]
    total = sum(w for w, _ in components)
    return [(_Fraction(w, total), f) for w, f in components]


@_defines_strategy
def mixtures(domain: _Sequence[_Hashable], codomain: _Sequence[_Hashable], *, max_maps: int = 3,
             max_weight: int = 6) -> _st.SearchStrategy[list[tuple[_Fraction, dict]]]:
    """Randomized maps as data-independent mixtures [(w_k, f_k)] of 1..max_maps deterministic maps, exact
    weights summing to one."""
    domain, codomain = tuple(domain), tuple(codomain)
    return _register(_Sampler(lambda choose: _mixture(choose, domain, codomain, max_maps, max_weight), "mixtures"))


def _kernel(choose: _Choose, domain: tuple, codomain: tuple, max_weight: int) -> dict:
    out = {}
    for y in domain:
        weights = _digits(choose(0, (max_weight + 1) ** len(codomain) - 1), max_weight + 1, len(codomain))
        if not any(weights):
            weights[0] = 1
        total = sum(weights)
        out[y] = {z: _Fraction(w, total) for z, w in zip(codomain, weights)}
    return out


@_defines_strategy
def kernels(domain: _Sequence[_Hashable], codomain: _Sequence[_Hashable], *,
            max_weight: int = 4) -> _st.SearchStrategy[dict[_Hashable, dict[_Hashable, _Fraction]]]:
    """Markov kernels K(z | y) with exact rational entries (each row sums to one; one draw per row)."""
    domain, codomain = tuple(domain), tuple(codomain)
    return _register(_Sampler(lambda choose: _kernel(choose, domain, codomain, max_weight), "kernels"))


@_defines_strategy
def q2x3_parameters(*, max_denominator: int = 60, above_half: bool = True) -> _st.SearchStrategy[tuple]:
    """Exact (p, q) for Q_{2×3}: a common denominator 2..``max_denominator``, p + q <= 1, and p > 1/2 (the
    paper's assumption) when ``above_half``, else p, q ∈ [0, 1]."""
    _check_range("min_denominator", 2, "max_denominator", max_denominator, 2)

    def build(choose: _Choose) -> tuple:
        den = choose(2, max_denominator)
        top = choose(den // 2 + 1 if above_half else 0, den)
        return _Fraction(top, den), _Fraction(choose(0, den - top), den)

    return _register(_Sampler(build, "Q_2x3 parameters"))


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
    labels = _labels(None, 1, max_labels)

    def build(choose: _Choose) -> tuple:
        Q = _mechanism(choose, labels, 2, 3, None, positive_singletons, all_focal, 6)
        codomain = tuple(f"z{i}" for i in range(choose(1, max_codomain)))
        if kind == "map":
            return Q, [(_Fraction(1), _map(choose, Q.frame, codomain))], codomain
        if kind == "kernel":
            return Q, _kernel(choose, Q.frame, codomain, 4), codomain
        return Q, _mixture(choose, Q.frame, codomain, 3, 6), codomain

    return _register(_Sampler(build, f"post-processings ({kind})"))


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
