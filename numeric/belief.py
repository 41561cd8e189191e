"""Mass functions, belief, plausibility and commonality on a finite frame (paper 003 §2).

Source: ``003_c07100d0f17e2eef.txt`` §2 ("Preliminaries"): a mass function m on a frame Ω maps subsets
to [0, 1] and sums to one; it is *normal* when m(∅) = 0;

* bel(A) = Σ_{B⊆A} m(B), pl(A) = Σ_{E∩A≠∅} m(E) = 1 - bel(Ω∖A), commonality Q(A) = Σ_{B⊇A} m(B);
* Möbius inversion m(A) = Σ_{B⊆A} (-1)^{|A∖B|} bel(B) (any one of m, bel, pl determines the others);
* the credal set P_bel = {pr : pr(A) ≥ bel(A) for all A}; its extreme points are the distributions
  pr_σ(σ_i) = bel({σ_1..σ_i}) - bel({σ_1..σ_{i-1}}), one per ordering σ of the frame;
* lower / upper (Choquet) expectation of g : Ω → R: Σ_E m(E) min_E g and Σ_E m(E) max_E g.

Representation: a subset of the frame is a bitmask (bit i <-> ``frame[i]``). Masses are held as a
numpy vector of length 2^n, *exact* (integer numerators over one common denominator, so every zeta and
Möbius transform is exact integer arithmetic, vectorised) or *float* (validated with tolerance
:data:`FLOAT_TOLERANCE`). Every number given here (masses, bel and pl values, probabilities, weights,
the values of g in an expectation) goes through :func:`core.exact.as_fraction`, the toolkit's one
conversion: ``int``, ``Fraction``, sympy ``Rational``, ``"a/b"`` and decimal strings are exact; Python
and numpy floats make a float mass function; NaN, infinities and anything that is not a number are
refused with one line naming the subset. Exact results come back as ``Fraction``.

The paper assumes "all mass functions are normal and all subsets are focal". We accept zero masses
(non-focal subsets); ratios of masses with zero denominators follow the convention of
:func:`numeric.mechanisms.quotient` (0/0 places no constraint, c/0 = +∞ for c > 0).

Readings implemented for the paper's composition and post-processing (Lemmas 3.3, 3.4, 3.15, 3.16):

* :func:`mass_product` (Q_{1,2}(x) = (Q1(x), Q2(x))): the two random sets are drawn independently and the
  output is the rectangle E1 × E2 with mass m1(E1) m2(E2) (the identity used in the appendix proof of
  Lemma 3.3). bel, pl and the credal set of the product are those of this mass function on the product
  frame, i.e. on *all* subsets of Y1 × Y2, rectangles or not ("random-set independence").
* :meth:`MassFunction.image` (deterministic f : Y → Z): the random set E is sent to its set image
  f(E), so m^{f}(F) = Σ_{E : f(E) = F} m(E) (the appendix's m(f^{-1}(E)) read as that sum); then
  bel^{f}(F) = bel(f^{-1}(F)) and pl^{f}(F) = pl(f^{-1}(F)).
* :meth:`MassFunction.mixture_image` (randomized f): a data-independent random choice among
  deterministic maps f_k with weights w_k (the reading of the appendix's appeal to a
  "von-Neumann-Birkhoff lemma"). Independent randomization of each element of a focal set by a kernel
  K(z | y) is the special case of the mixture over all functions f with weights Π_y K(f(y) | y)
  (:func:`kernel_as_mixture`).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache, reduce
from typing import Any

import numpy as np
import sympy

from core.errors import invalid
from core.exact import as_fraction, exact_or_none as as_exact  # re-exported: the one exact conversion lives in core
from core.types import Number, NumberLike, Real

__all__ = [
    "FLOAT_TOLERANCE", "MassFunction", "mass_product", "kernel_as_mixture", "zeta_subsets", "mobius_subsets",
    "zeta_supersets", "as_exact", "subsets_of", "monotonicity_rows", "is_belief_function",
]

#: Tolerance for float masses: each mass >= -FLOAT_TOLERANCE, |sum - 1| <= FLOAT_TOLERANCE.
FLOAT_TOLERANCE = 1e-9
#: Largest common denominator kept on the int64 path where every sum stays within the total mass
#: (zeta transforms, mixtures: entries never exceed the denominator); larger ones use Python integers.
_INT64_SAFE = 2**62
#: The set functions by name, and the cached transform that holds each (``m`` is the mass vector itself).
_KINDS = {"m": "_numerators", "bel": "_bel_raw", "pl": "_pl_raw", "q": "_q_raw"}
#: Tighter bound for Möbius inversion, whose alternating sums of up to 2^n terms can exceed the total.
_TRANSFORM_SAFE = 2**40


def _common_denominator(values: Iterable[Fraction], start: int = 1) -> int:
    """The least common multiple of the denominators of ``values`` (and of ``start``)."""
    return reduce(math.lcm, (v.denominator for v in values), start)


def _number(name: str, value: NumberLike) -> Number:
    """A number given to this module: a finite float stays a float (a float mass function), anything
    else is read exactly by :func:`core.exact.as_fraction` (``"1/2"`` is 1/2); NaN and infinities are
    refused either way."""
    if isinstance(value, (float, np.floating)) and not isinstance(value, bool):
        if not math.isfinite(value):
            raise invalid(name, value, "NaN and infinities are not numbers here")
        return float(value)
    return as_fraction(name, value)


def _numbers(name: str, values: Sequence[NumberLike]) -> list[Number]:
    """:func:`_number` of every value, named ``name[i]``."""
    return [_number(f"{name}[{i}]", v) for i, v in enumerate(values)]


def _all_exact(values: Iterable[object]) -> bool:
    return all(isinstance(v, Fraction) for v in values)


def _axes_view(vector: np.ndarray, n: int) -> np.ndarray:
    # C order: axis n-1-i is bit i of the mask.
    return vector.reshape((2,) * n) if n else vector.reshape(())


def _transform(vector: np.ndarray, n: int, *, up: bool, sign: int) -> np.ndarray:
    out = vector.copy()
    if n == 0:
        return out
    cube = _axes_view(out, n)
    for axis in range(n):
        one = [slice(None)] * n
        zero = [slice(None)] * n
        one[axis], zero[axis] = 1, 0
        target, source = (tuple(one), tuple(zero)) if up else (tuple(zero), tuple(one))
        if sign > 0:
            cube[target] += cube[source]
        else:
            cube[target] -= cube[source]
    return out


def zeta_subsets(vector: np.ndarray, n: int) -> np.ndarray:
    """f(A) = Σ_{B⊆A} v(B) for every bitmask A (fast zeta transform, n 2^(n-1) additions)."""
    return _transform(vector, n, up=True, sign=+1)


def mobius_subsets(vector: np.ndarray, n: int) -> np.ndarray:
    """Inverse of :func:`zeta_subsets`: v(A) = Σ_{B⊆A} (-1)^{|A∖B|} f(B)."""
    return _transform(vector, n, up=True, sign=-1)


def zeta_supersets(vector: np.ndarray, n: int) -> np.ndarray:
    """f(A) = Σ_{B⊇A} v(B) (commonality from masses)."""
    return _transform(vector, n, up=False, sign=+1)


def subsets_of(frame: Sequence[Hashable]) -> list[frozenset]:
    """All subsets of ``frame``, indexed by bitmask."""
    return [frozenset(frame[i] for i in range(len(frame)) if mask >> i & 1) for mask in range(1 << len(frame))]


@dataclass(frozen=True, eq=False)
class MassFunction:
    """A normal mass function on a finite frame (003 §2).

    ``frame``: an iterable of distinct hashable labels (order kept; bit i of a mask is ``frame[i]``);
    ``masses``: a mapping from subsets to masses; a subset is a frozenset, set, list or tuple of labels,
    and a string (or any other non-collection value) is read as the singleton of that label (on product
    frames, whose labels are tuples, write subsets as sets: ``{("yes", "no")}``). Masses are all exact rationals (int,
    Fraction, sympy Rational) or include floats (then everything is float, validated with
    :data:`FLOAT_TOLERANCE`). Refused, naming the subset and the value: a subset with a label outside
    the frame, mass on the empty set, a negative mass, masses not summing to one.
    """

    frame: tuple
    exact: bool = field(init=False)
    _numerators: np.ndarray = field(init=False, repr=False)
    _denominator: int = field(init=False, repr=False)

    def __init__(self, frame: Iterable[Hashable], masses: Mapping[Any, Any]) -> None:
        frame = tuple(frame)
        if not frame:
            raise invalid("frame", frame, "a frame needs at least one label")
        if len(set(frame)) != len(frame):
            raise invalid("frame", frame, "labels must be distinct")
        if len(frame) > 20:
            raise invalid("frame", f"<{len(frame)} labels>", "at most 20 labels (2^20 subsets)")
        index = {label: i for i, label in enumerate(frame)}
        if not isinstance(masses, Mapping):
            raise invalid("masses", masses, "must be a mapping from subsets to masses")
        by_mask: dict[int, Number] = {}
        for subset, value in masses.items():
            labels = _as_subset(subset)
            outside = [label for label in labels if label not in index]
            if outside:
                raise invalid(f"masses[{_show(labels)}]", value,
                              f"subset has labels {outside} outside the frame {list(frame)}")
            if not labels:
                raise invalid("masses[{}]", value, "mass on the empty set: mass functions are normal (m(∅) = 0)",
                              "drop the empty set or renormalise")
            mask = sum(1 << index[label] for label in labels)
            if mask in by_mask:
                raise invalid(f"masses[{_show(labels)}]", value, "subset given twice")
            by_mask[mask] = value
        numbers = {mask: _number(f"masses[{_show(_labels(frame, mask))}]", v) for mask, v in by_mask.items()}
        exact_values = {mask: v for mask, v in numbers.items()} if _all_exact(numbers.values()) else None
        size = 1 << len(frame)
        if exact_values is not None:
            for mask, v in exact_values.items():
                if v < 0:
                    raise invalid(f"masses[{_show(_labels(frame, mask))}]", v, "negative mass")
            total = sum(exact_values.values(), Fraction(0))
            if total != 1:
                raise invalid("sum(masses)", total, "masses must sum to one")
            den = _common_denominator(exact_values.values())
            nums = {mask: int(v * den) for mask, v in exact_values.items()}
            dtype = np.int64 if den < _INT64_SAFE else object
            vector = np.zeros(size, dtype=dtype) if dtype is np.int64 else np.array([0] * size, dtype=object)
            for mask, num in nums.items():
                vector[mask] = num
            object.__setattr__(self, "exact", True)
            object.__setattr__(self, "_denominator", den)
        else:
            floats = {}
            for mask, v in by_mask.items():
                fv = float(numbers[mask])
                if fv < -FLOAT_TOLERANCE:
                    raise invalid(f"masses[{_show(_labels(frame, mask))}]", v, "negative mass")
                floats[mask] = max(fv, 0.0)
            total = math.fsum(floats.values())
            if abs(total - 1.0) > FLOAT_TOLERANCE:
                raise invalid("sum(masses)", total, f"masses must sum to one (float tolerance {FLOAT_TOLERANCE})")
            vector = np.zeros(size, dtype=float)
            for mask, fv in floats.items():
                vector[mask] = fv
            object.__setattr__(self, "exact", False)
            object.__setattr__(self, "_denominator", 1)
        if self.exact:
            divisor = math.gcd(*map(int, vector)) if size > 1 else 1
            if divisor > 1 and self._denominator % divisor == 0:
                vector = vector // divisor
                object.__setattr__(self, "_denominator", self._denominator // divisor)
        object.__setattr__(self, "frame", frame)
        object.__setattr__(self, "_numerators", vector)

    @classmethod
    def from_integers(cls, frame: Iterable[Hashable], numerators: Sequence[int], denominator: int) -> MassFunction:
        """Fast exact constructor: ``numerators[mask] / denominator`` (length 2^n, non-negative integers,
        numerators[0] = 0, summing to ``denominator``); validated with vectorised checks."""
        frame = tuple(frame)
        vector = np.asarray(numerators, dtype=np.int64)
        if len(frame) == 0 or len(set(frame)) != len(frame):
            raise invalid("frame", frame, "needs at least one label, all distinct")
        if vector.shape != (1 << len(frame),):
            raise invalid("numerators", f"<shape {vector.shape}>", f"needs length 2^{len(frame)}")
        if not isinstance(denominator, int) or denominator < 1:
            raise invalid("denominator", denominator, "must be a positive integer")
        if vector[0] != 0:
            raise invalid("masses[{}]", Fraction(int(vector[0]), denominator),
                          "mass on the empty set: mass functions are normal (m(∅) = 0)")
        negative = np.nonzero(vector < 0)[0]
        if negative.size:
            mask = int(negative[0])
            raise invalid(f"masses[{_show(_labels(frame, mask))}]", Fraction(int(vector[mask]), denominator), "negative mass")
        if int(vector.sum()) != denominator:
            raise invalid("sum(masses)", Fraction(int(vector.sum()), denominator), "masses must sum to one")
        self = object.__new__(cls)
        object.__setattr__(self, "frame", frame)
        object.__setattr__(self, "exact", True)
        object.__setattr__(self, "_numerators", vector)
        object.__setattr__(self, "_denominator", denominator)
        return self

    @cached_property
    def masses(self) -> dict[frozenset, Number]:
        """Focal sets (non-zero mass) -> mass, by increasing bitmask."""
        return {self.subset(int(mask)): self._value(self._numerators[mask]) for mask in self.focal_masks()}

    # --- construction helpers -------------------------------------------------------------------
    @classmethod
    def from_vector(cls, frame: Iterable[Hashable], vector: Sequence[NumberLike]) -> MassFunction:
        """The mass function with ``vector[mask]`` the mass of the subset ``mask`` (length 2^n); exact
        values go through :meth:`from_integers`, floats are validated as in the constructor."""
        frame = tuple(frame)
        exact, integers = _exact_vector("vector", vector, frame)
        if integers is not None:
            return cls.from_integers(frame, *integers)
        values = exact if exact is not None else _numbers("vector", vector)
        if exact is None:
            return cls._from_floats(frame, np.asarray([float(v) for v in values], dtype=float))
        if values[0] != 0:
            raise invalid("masses[{}]", vector[0], "mass on the empty set: mass functions are normal (m(∅) = 0)")
        return cls(frame, {_labels(frame, mask): v for mask, v in enumerate(values) if mask and v != 0})

    @classmethod
    def _from_floats(cls, frame: tuple, vector: np.ndarray) -> MassFunction:
        if len(set(frame)) != len(frame) or not frame:
            raise invalid("frame", frame, "needs at least one label, all distinct")
        if vector[0] != 0:
            raise invalid("masses[{}]", float(vector[0]), "mass on the empty set: mass functions are normal (m(∅) = 0)")
        bad = np.nonzero(~np.isfinite(vector) | (vector < -FLOAT_TOLERANCE))[0]
        if bad.size:
            mask = int(bad[0])
            raise invalid(f"masses[{_show(_labels(frame, mask))}]", float(vector[mask]), "negative or not finite")
        total = math.fsum(vector)
        if abs(total - 1.0) > FLOAT_TOLERANCE:
            raise invalid("sum(masses)", total, f"masses must sum to one (float tolerance {FLOAT_TOLERANCE})")
        self = object.__new__(cls)
        object.__setattr__(self, "frame", frame)
        object.__setattr__(self, "exact", False)
        object.__setattr__(self, "_numerators", np.maximum(vector, 0.0))
        object.__setattr__(self, "_denominator", 1)
        return self

    @classmethod
    def from_bel(cls, frame: Iterable[Hashable], bel: Sequence[NumberLike]) -> MassFunction:
        """Möbius inversion bel -> m (003 §2); ``bel`` indexed by bitmask. A non-belief function is refused
        (its Möbius transform has a negative value, named with its subset)."""
        frame = tuple(frame)
        exact, integers = _exact_vector("bel", bel, frame)
        if integers is not None:
            numerators, common = integers
            return cls.from_integers(frame, mobius_subsets(np.array(numerators, dtype=np.int64), len(frame)), common)
        if exact is not None:
            values = np.array(exact, dtype=object)
        else:
            values = np.array([float(v) for v in _numbers("bel", bel)], dtype=float)
        return cls.from_vector(frame, list(mobius_subsets(values, len(frame))))

    @classmethod
    def from_pl(cls, frame: Iterable[Hashable], pl: Sequence[NumberLike]) -> MassFunction:
        """pl -> bel (bel(A) = 1 - pl(Ω∖A)) -> m."""
        frame = tuple(frame)
        if len(pl) != 1 << len(frame):
            raise invalid("pl", f"<length {len(pl)}>", f"needs length 2^{len(frame)}")
        full = (1 << len(frame)) - 1
        values = _numbers("pl", pl)
        return cls.from_bel(frame, [1 - values[full ^ mask] for mask in range(1 << len(frame))])

    @classmethod
    def bayesian(cls, frame: Iterable[Hashable], probabilities: Mapping[Hashable, NumberLike]) -> MassFunction:
        """A Bayesian mass function: mass only on singletons."""
        return cls(frame, {frozenset([y]): v for y, v in probabilities.items()})

    @classmethod
    def vacuous(cls, frame: Iterable[Hashable]) -> MassFunction:
        """All mass on the frame (total ignorance)."""
        frame = tuple(frame)
        return cls(frame, {frozenset(frame): 1})

    # --- basic access -----------------------------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.frame)

    @cached_property
    def _index(self) -> dict:
        return {label: i for i, label in enumerate(self.frame)}

    def mask(self, subset: Iterable[Hashable]) -> int:
        """The bitmask of ``subset``; labels outside the frame are refused."""
        labels = _as_subset(subset)
        outside = [label for label in labels if label not in self._index]
        if outside:
            raise invalid("E", _show(labels), f"labels {outside} are outside the frame {list(self.frame)}")
        return sum(1 << self._index[label] for label in labels)

    def subset(self, mask: int) -> frozenset:
        return _labels(self.frame, mask)

    def _value(self, raw: int | float | np.number) -> Number:
        if self.exact:
            return Fraction(int(raw), self._denominator)
        return float(raw)

    def _values(self, raw: np.ndarray) -> list:
        return [self._value(v) for v in raw]

    @property
    def denominator(self) -> int:
        """Common denominator of exact masses (1 for floats)."""
        return self._denominator

    def raw(self, kind: str = "m") -> np.ndarray:
        """The vector (by bitmask) of ``kind`` in {m, bel, pl, q}: integer numerators over
        :attr:`denominator` when exact, floats otherwise. Read-only views for vectorised callers."""
        if kind not in _KINDS:
            raise invalid("kind", kind, f"not one of {_KINDS}")
        vector = self._numerators if kind == "m" else getattr(self, _KINDS[kind])  # only the transform asked for
        view = vector.view()
        view.flags.writeable = False
        return view

    def as_floats(self, kind: str = "m") -> np.ndarray:
        """The vector of ``kind`` as floats."""
        vector = self.raw(kind)
        return vector.astype(float) / self._denominator

    @cached_property
    def _bel_raw(self) -> np.ndarray:
        return zeta_subsets(self._numerators, self.n)

    @cached_property
    def _pl_raw(self) -> np.ndarray:
        full = (1 << self.n) - 1
        total = self._denominator if self.exact else 1.0
        return total - self._bel_raw[full ^ np.arange(1 << self.n)]

    @cached_property
    def _q_raw(self) -> np.ndarray:
        return zeta_supersets(self._numerators, self.n)

    # --- the functions of §2 ------------------------------------------------------------------------
    def m(self, subset: Iterable[Hashable]) -> Number:
        return self._value(self._numerators[self.mask(subset)])

    def bel(self, subset: Iterable[Hashable]) -> Number:
        return self._value(self._bel_raw[self.mask(subset)])

    def pl(self, subset: Iterable[Hashable]) -> Number:
        return self._value(self._pl_raw[self.mask(subset)])

    def commonality(self, subset: Iterable[Hashable]) -> Number:
        return self._value(self._q_raw[self.mask(subset)])

    def bel_vector(self) -> list:
        """bel by bitmask (exact Fractions or floats)."""
        return self._values(self._bel_raw)

    def pl_vector(self) -> list:
        return self._values(self._pl_raw)

    def commonality_vector(self) -> list:
        return self._values(self._q_raw)

    def mass_vector(self) -> list:
        return self._values(self._numerators)

    def focal_sets(self) -> list[frozenset]:
        """Subsets with non-zero mass, by increasing bitmask."""
        return [self.subset(int(mask)) for mask in np.nonzero(self._numerators)[0]]

    def focal_masks(self) -> np.ndarray:
        return np.nonzero(self._numerators != 0)[0]

    def is_bayesian(self) -> bool:
        return all(bin(int(mask)).count("1") == 1 for mask in self.focal_masks())

    def lower_probability(self, subset: Iterable[Hashable]) -> Number:
        """min over the credal set of pr(E) = bel(E)."""
        return self.bel(subset)

    def upper_probability(self, subset: Iterable[Hashable]) -> Number:
        """max over the credal set of pr(E) = pl(E)."""
        return self.pl(subset)

    # --- credal set ------------------------------------------------------------------------------------
    def vertex(self, ordering: Sequence[Hashable]) -> dict:
        """The extreme point of the credal set for ``ordering`` (a permutation of the frame):
        pr(σ_i) = bel({σ_1..σ_i}) - bel({σ_1..σ_{i-1}})."""
        if sorted(map(repr, ordering)) != sorted(map(repr, self.frame)) or len(set(ordering)) != self.n:
            raise invalid("ordering", ordering, f"must be a permutation of the frame {list(self.frame)}")
        out, mask, previous = {}, 0, self._bel_raw[0]
        for label in ordering:
            mask |= 1 << self._index[label]
            out[label] = self._value(self._bel_raw[mask] - previous)
            previous = self._bel_raw[mask]
        return out

    def credal_vertices(self, *, max_labels: int = 8) -> list[dict]:
        """The distinct extreme points of the credal set P_bel (one per ordering of the frame, duplicates
        removed), as dicts label -> probability. Refused for frames larger than ``max_labels`` (n!)."""
        return [dict(zip(self.frame, row)) for row in self._vertex_rows(max_labels)]

    def vertex_matrix(self, *, max_labels: int = 8) -> np.ndarray:
        """Distinct credal vertices as rows of raw numerators (over :attr:`denominator`), columns = frame."""
        cache = self.__dict__.setdefault("_vertex_cache", {})
        if self.n not in cache:
            cache[self.n] = self._vertex_matrix(max_labels)
        return cache[self.n]

    def _vertex_rows(self, max_labels: int) -> list[list]:
        return [[self._value(v) for v in row] for row in self._vertex_matrix(max_labels)]

    def _vertex_matrix(self, max_labels: int) -> np.ndarray:
        if self.n > max_labels:
            raise invalid("frame", f"<{self.n} labels>", f"credal vertices enumerate n! orderings; at most "
                          f"max_labels={max_labels}", "use bel/pl (lower/upper probabilities) instead")
        perms = _permutations(self.n)
        prefix = np.zeros((len(perms), self.n + 1), dtype=np.int64)
        prefix[:, 1:] = np.cumsum(1 << perms, axis=1)
        bel = self._bel_raw[prefix]
        increments = np.diff(bel, axis=1)
        rows = np.zeros_like(increments)
        np.put_along_axis(rows, perms, increments, axis=1)
        return np.unique(rows, axis=0) if rows.dtype != object else np.array(sorted({tuple(r) for r in rows}),
                                                                             dtype=object)

    def in_credal_set(self, probabilities: Mapping[Hashable, NumberLike]) -> bool:
        """True when ``probabilities`` (label -> probability; missing labels are 0) is a distribution on
        the frame with pr(A) >= bel(A) for every one of the 2^n subsets A (exact for exact inputs, float
        tolerance :data:`FLOAT_TOLERANCE` otherwise)."""
        unknown = [y for y in probabilities if y not in self._index]
        if unknown:
            raise invalid("probabilities", dict(probabilities), f"labels {unknown} are outside the frame")
        pr = [_number(f"probabilities[{label!r}]", probabilities.get(label, 0)) for label in self.frame]
        exact = pr if _all_exact(pr) else [None]
        if self.exact and all(v is not None for v in exact):
            if any(v < 0 for v in exact) or sum(exact) != 1:
                return False
            common = _common_denominator(exact, self._denominator)
            dtype = np.int64 if common < _INT64_SAFE else object
            singles = np.zeros(1 << self.n, dtype=dtype)
            for i, v in enumerate(exact):
                singles[1 << i] = v.numerator * (common // v.denominator)
            return bool(np.all(zeta_subsets(singles, self.n) >= self._bel_raw * (common // self._denominator)))
        values = np.array([float(v) for v in pr])
        if np.any(values < -FLOAT_TOLERANCE) or abs(values.sum() - 1) > FLOAT_TOLERANCE:
            return False
        singles = np.zeros(1 << self.n)
        singles[1 << np.arange(self.n)] = values
        return bool(np.all(zeta_subsets(singles, self.n) >= self.as_floats("bel") - FLOAT_TOLERANCE))

    # --- expectations ------------------------------------------------------------------------------------
    def _extremes(self, g: Mapping[Hashable, NumberLike] | Callable[[Hashable], NumberLike], pick: Callable) -> list:
        values = [_value_of_g(y, g(y) if callable(g) else g[y]) for y in self.frame]
        if any(isinstance(v, sympy.Basic) for v in values):  # a symbolic g: min/max as expressions
            pick = {min: sympy.Min, max: sympy.Max}[pick]
        out: list = [None] * (1 << self.n)
        for mask in range(1, 1 << self.n):
            low = mask & -mask
            i = low.bit_length() - 1
            rest = mask ^ low
            out[mask] = values[i] if rest == 0 else pick(values[i], out[rest])
        return out

    def lower_expectation(self, g: Mapping[Hashable, NumberLike] | Callable[[Hashable], NumberLike]) -> Real:
        """inf over the credal set of E_pr[g] = Σ_E m(E) min_{y∈E} g(y) (Choquet integral w.r.t. bel)."""
        return self._expectation(g, min)

    def upper_expectation(self, g: Mapping[Hashable, NumberLike] | Callable[[Hashable], NumberLike]) -> Real:
        """sup over the credal set of E_pr[g] = Σ_E m(E) max_{y∈E} g(y) (Choquet integral w.r.t. pl)."""
        return self._expectation(g, max)

    def _expectation(self, g: Mapping[Hashable, NumberLike] | Callable[[Hashable], NumberLike],
                     pick: Callable) -> Real:
        extremes = self._extremes(g, pick)
        total = 0
        for mask in self.focal_masks():
            total = total + self._value(self._numerators[mask]) * extremes[int(mask)]
        return total

    # --- maps -------------------------------------------------------------------------------------------
    def image(self, f: Mapping[Hashable, Hashable] | Callable[[Hashable], Hashable],
              codomain: Iterable[Hashable] | None = None) -> MassFunction:
        """The image of the random set under a deterministic map f : frame -> codomain:
        m^f(F) = Σ_{E : f(E) = F} m(E)."""
        fmap = _as_map(f, self.frame)
        codomain = tuple(codomain) if codomain is not None else tuple(dict.fromkeys(fmap[y] for y in self.frame))
        target = {z: i for i, z in enumerate(codomain)}
        missing = [fmap[y] for y in self.frame if fmap[y] not in target]
        if missing:
            raise invalid("f", fmap, f"values {missing} are outside the codomain {list(codomain)}")
        bits = [1 << target[fmap[y]] for y in self.frame]
        image_of = np.zeros(1 << self.n, dtype=np.int64)
        for i, bit in enumerate(bits):  # image mask of every subset, by the lowest-bit recursion
            image_of[1 << i: 1 << (i + 1)] = image_of[: 1 << i] | bit
        out = np.zeros(1 << len(codomain), dtype=self._numerators.dtype)
        np.add.at(out, image_of, self._numerators)
        if self.exact:
            if out.dtype == object:
                return MassFunction.from_vector(codomain, [Fraction(int(v), self._denominator) for v in out])
            return MassFunction.from_integers(codomain, out, self._denominator)
        return MassFunction.from_vector(codomain, list(out))

    def mixture_image(self, components: Iterable[tuple[Any, Any]],
                      codomain: Iterable[Hashable]) -> MassFunction:
        """Randomized post-processing as a data-independent mixture of deterministic maps:
        m(F) = Σ_k w_k Σ_{E : f_k(E) = F} m(E); ``components`` are (w_k, f_k) with w_k >= 0 summing to 1."""
        codomain = tuple(codomain)
        components = [(_number(f"components[{k}] weight", w), f) for k, (w, f) in enumerate(components)]
        weights = [w for w, _ in components]
        if not components:
            raise invalid("components", [], "a mixture needs at least one map")
        if any(w < 0 for w in weights):
            raise invalid("components", weights, "negative weight")
        if all(as_exact(w) is not None for w in weights) and sum(map(Fraction, weights)) != 1 or \
                abs(float(sum(weights)) - 1) > FLOAT_TOLERANCE:
            raise invalid("components", weights, "weights must sum to one")
        images = [(w, self.image(f, codomain)) for w, f in components if w != 0]
        exact = [as_exact(w) for w, _ in images]
        if self.exact and all(w is not None for w in exact) and all(m._numerators.dtype != object for _, m in images):
            common = _common_denominator(exact)
            if common * self._denominator < _INT64_SAFE:  # checked before accumulating: no int64 overflow
                total = np.zeros(1 << len(codomain), dtype=np.int64)
                for w, (_, image) in zip(exact, images):
                    total += image._numerators * (w.numerator * (common // w.denominator))
                return MassFunction.from_integers(codomain, total, common * self._denominator)
        vector = sum((float(w) * image.as_floats() for w, image in images), np.zeros(1 << len(codomain))) \
            if not self.exact else None
        if vector is not None:
            return MassFunction.from_vector(codomain, list(vector))
        out: dict[frozenset, Number] = {}
        for w, image in images:
            for subset, value in image.masses.items():
                out[subset] = out.get(subset, 0) + Fraction(w) * value
        return MassFunction(codomain, out)

    # --- printing ------------------------------------------------------------------------------------
    def __repr__(self) -> str:
        parts = ", ".join(f"{_show(s)}: {v}" for s, v in self.masses.items() if v != 0)
        return f"MassFunction({list(self.frame)}, {{{parts}}})"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # hypothesis / IPython pretty printer
        printer.text(repr(self))

    def to_json(self) -> dict:
        """Focal sets (as "{a,b}") -> exact masses, for reports."""
        return {_show(s): v for s, v in self.masses.items() if v != 0}

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, MassFunction):
            return NotImplemented
        return self.frame == other.frame and self.mass_vector() == other.mass_vector()

    __hash__ = None  # type: ignore[assignment]


def mass_product(first: MassFunction, second: MassFunction) -> MassFunction:
    """The product of independent mass functions on the product frame (labels (y1, y2), y1 major):
    focal sets E1 × E2 with mass m1(E1) m2(E2) (003 appendix, proof of Lemma 3.3); bel/pl of the result
    are defined on every subset of Y1 × Y2."""
    frame = tuple(itertools.product(first.frame, second.frame))
    n2 = second.n
    if first.exact and second.exact and first.denominator * second.denominator < _INT64_SAFE \
            and first._numerators.dtype != object and second._numerators.dtype != object:
        rows = {int(m1): _product_mask(int(m1), (1 << n2) - 1, n2) for m1 in first.focal_masks()}
        vector = np.zeros(1 << len(frame), dtype=np.int64)
        for m1, row_mask in rows.items():
            for m2 in second.focal_masks():
                vector[_rectangle(row_mask, int(m2), first.n, n2)] = first._numerators[m1] * second._numerators[m2]
        return MassFunction.from_integers(frame, vector, first.denominator * second.denominator)
    out: dict[frozenset, Number] = {}
    for m1 in first.focal_masks():
        e1, v1 = first.subset(int(m1)), first._value(first._numerators[m1])
        for m2 in second.focal_masks():
            e2, v2 = second.subset(int(m2)), second._value(second._numerators[m2])
            out[frozenset(itertools.product(e1, e2))] = v1 * v2
    return MassFunction(frame, out)


@lru_cache(maxsize=None)
def _permutations(n: int) -> np.ndarray:
    return np.array(list(itertools.permutations(range(n))), dtype=np.int64).reshape(-1, n)


def _product_mask(m1: int, m2: int, n2: int) -> int:
    """Bitmask, on the product frame (label (y1, y2) at bit i1 n2 + i2), of the rows of m1 (all columns)."""
    return sum(((1 << n2) - 1) << (i * n2) for i in range(m1.bit_length()) if m1 >> i & 1)


def _rectangle(row_mask: int, m2: int, n1: int, n2: int) -> int:
    columns = sum(m2 << (i * n2) for i in range(n1))
    return row_mask & columns


def kernel_as_mixture(kernel: Mapping[Hashable, Mapping[Hashable, Any]]) -> list[tuple[Any, dict]]:
    """Independent randomization of each element y by K(· | y), as the mixture over all deterministic
    maps f with weight Π_y K(f(y) | y) (zero-weight maps dropped)."""
    domain = list(kernel)
    choices = [[(z, w) for z, w in ((z, _number(f"kernel[{y!r}][{z!r}]", w)) for z, w in kernel[y].items()) if w != 0]
               for y in domain]
    out = []
    for combo in itertools.product(*choices):
        weight = reduce(lambda a, b: a * b, (w for _, w in combo), 1)
        out.append((weight, {y: z for y, (z, _) in zip(domain, combo)}))
    return out


@lru_cache(maxsize=None)
def monotonicity_rows(n: int) -> np.ndarray:
    """The inequalities of total monotonicity (003 §2) on a frame of ``n`` labels, as integer rows c over
    the 2^n bitmasks: f is totally monotone iff c · f >= 0 for every row. One row per family A_1..A_k of
    *distinct* subsets (k >= 2): f(∪ A_i) - Σ_{∅≠I⊆{1..k}} (-1)^{|I|+1} f(∩_{i∈I} A_i). Families with a
    repeated set give the same inequality as the family without the repetition (the inclusion-exclusion
    terms of the two copies cancel in pairs), so these rows are the whole definition. Duplicate rows are
    removed. Refused for n > 3 (2^(2^n) families)."""
    if not isinstance(n, int) or not 1 <= n <= 3:
        raise invalid("n", n, "total monotonicity is enumerated literally for frames of 1..3 labels")
    size = 1 << n
    rows = set()
    for family_mask in range(1, 1 << size):
        family = [a for a in range(size) if family_mask >> a & 1]
        if len(family) < 2:
            continue
        row = [0] * size
        union = 0
        for a in family:
            union |= a
        row[union] += 1
        for chosen in range(1, 1 << len(family)):
            meet = size - 1
            count = 0
            for i, a in enumerate(family):
                if chosen >> i & 1:
                    meet &= a
                    count += 1
            row[meet] -= (-1) ** (count + 1)
        if any(row):
            rows.add(tuple(row))
    return np.array(sorted(rows), dtype=np.int64).reshape(-1, size)


def is_belief_function(values: Sequence[NumberLike], n: int) -> bool:
    """Whether the set function with ``values`` (by bitmask, length 2^n, exact) is a belief function by the
    definition of 003 §2: f(∅) = 0, f(Ω) = 1, values in [0, 1], and total monotonicity
    f(∪ A_i) >= Σ_{∅≠I} (-1)^{|I|+1} f(∩_I A_i) for every finite family (:func:`monotonicity_rows`).
    Checked literally for frames of 1..3 labels."""
    exact = _numbers("values", values)
    if len(exact) != 1 << n or not _all_exact(exact):
        raise invalid("values", list(values), f"needs 2^{n} exact numbers")
    if exact[0] != 0 or exact[-1] != 1 or any(not 0 <= v <= 1 for v in exact):
        return False
    common = _common_denominator(exact)
    integers = np.array([int(v * common) for v in exact], dtype=np.int64)
    return bool(np.all(monotonicity_rows(n) @ integers >= 0))


# --- private helpers --------------------------------------------------------------------------------------
def _exact_vector(name: str, values: Sequence[NumberLike], frame: tuple) -> tuple[list | None, tuple[list[int], int] | None]:
    """A set function by bitmask checked for length 2^n: (its exact values or None, and (integer numerators,
    common denominator) when exact with a denominator small enough for the int64 transforms, else None)."""
    if len(values) != 1 << len(frame):
        raise invalid(name, f"<length {len(values)}>", f"needs length 2^{len(frame)}")
    exact = _numbers(name, values)
    if not _all_exact(exact):
        return None, None
    common = _common_denominator(exact)
    return exact, (([int(v * common) for v in exact], common) if common < _TRANSFORM_SAFE else None)


def _as_subset(subset: Iterable[Hashable]) -> frozenset:
    if isinstance(subset, (frozenset, set, list, tuple)):
        return frozenset(subset)
    if isinstance(subset, str):
        return frozenset([subset])
    if isinstance(subset, Iterable):
        return frozenset(subset)
    return frozenset([subset])


def _labels(frame: tuple, mask: int) -> frozenset:
    return frozenset(frame[i] for i in range(len(frame)) if mask >> i & 1)


def _show(labels: Iterable[Hashable]) -> str:
    return "{" + ",".join(sorted(map(str, labels))) + "}"


def _as_map(f: Any, frame: tuple) -> dict:
    if callable(f) and not isinstance(f, Mapping):
        return {y: f(y) for y in frame}
    missing = [y for y in frame if y not in f]
    if missing:
        raise invalid("f", dict(f), f"not defined on {missing}")
    return dict(f)


def _exact_or_float(values: Sequence[NumberLike]) -> np.ndarray:
    numbers = _numbers("values", values)
    if _all_exact(numbers):
        return np.array(numbers, dtype=object)
    return np.array([float(v) for v in numbers], dtype=float)


def _value_of_g(label: Hashable, value: NumberLike) -> Real | np.integer:
    """A value of g in an expectation: an exact number (int, Fraction) or a sympy expression is used as it
    is (a symbolic g gives a symbolic expectation), a finite float stays a float, anything else is read by
    :func:`core.exact.as_fraction` (``"10"`` is 10, never compared as text); NaN, infinities (sympy's
    ``oo``, ``nan``, ``zoo`` included), booleans, None, complex numbers and containers are refused in one
    line naming the label."""
    name = f"g[{label!r}]"
    if isinstance(value, sympy.Basic):
        if value.has(sympy.S.NaN, sympy.S.Infinity, sympy.S.NegativeInfinity, sympy.S.ComplexInfinity):
            raise invalid(name, value, "NaN and infinities are not numbers here")
        if not isinstance(value, sympy.Expr):
            raise invalid(name, value, "not a number or an expression", "give a number, 'a/b', or a sympy expression")
        return value
    if isinstance(value, (int, Fraction, np.integer)) and not isinstance(value, (bool, np.bool_)):
        return value
    return _number(name, value)
