"""Seeded exact random draws, replayable and shrinkable: the generator under the public strategies of
:mod:`numeric.strategies`, for the toolkit's own property searches.

A :class:`Sampler` is a construction from integer choices: ``build(choose)`` calls ``choose(lo, hi)`` for each
integer it needs and returns an exact value (a mass function, a mechanism, a pair ...). The same construction
serves two masters:

* :meth:`Sampler.strategy`: a Hypothesis strategy whose draws are exactly these choices (what users import from
  :mod:`numeric.strategies` and write ``@given`` tests with, where Hypothesis' search and shrinking are the
  point);
* :meth:`Sampler.draw`: the choices taken from a seeded ``random.Random``: no example database, no health
  checks, no bookkeeping per example. A property search of a few hundred examples spent most of its time in
  Hypothesis' generation machinery; a seeded generator costs microseconds per choice, and the same seed gives
  the same examples (evidence is reproducible).

A failing draw is shrunk by :meth:`Sampler.shrink`, simply and deterministically: it replays the recorded
choices with one choice lowered at a time (to its least value, half-way, or by one) and keeps a replay that is
smaller (fewer choices, then lexicographically) and still fails, until no choice can be lowered or the budget of
tries is spent. Lower choices mean fewer labels, fewer inputs, fewer focal sets and smaller weights, because the
constructions of :mod:`numeric.strategies` are written so (Hypothesis shrinks the same integers the same way).

Random choices lean towards the ends of their range (each end 1 time in 16, small offsets 1 time in 8), as
Hypothesis' do: the zero masses, vacuous rows and largest frames where properties tend to break are drawn often.
"""

from __future__ import annotations

import random
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Generic, TypeVar

from hypothesis import strategies as st

from core.errors import invalid

__all__ = ["Choose", "Drawn", "Sampler", "register", "sampler_of", "SHRINK_TRIES"]

T = TypeVar("T")
U = TypeVar("U")
#: ``choose(lo, hi)``: an integer in [lo, hi].
Choose = Callable[[int, int], int]
#: Replays a shrink may try before it stops (each replay evaluates the property once).
SHRINK_TRIES = 400


@lru_cache(maxsize=None)
def _integers(lo: int, hi: int) -> st.SearchStrategy[int]:
    return st.integers(lo, hi)


@dataclass(frozen=True)
class Drawn(Generic[T]):
    """A value with the choices that built it: ``choices[i]`` was taken in ``bounds[i]`` = (lo, hi)."""

    value: T
    choices: tuple[int, ...]
    bounds: tuple[tuple[int, int], ...]

    @property
    def order(self) -> tuple[int, tuple[int, ...]]:
        """Shortlex: fewer choices first, then lexicographically smaller."""
        return len(self.choices), self.choices


class _Record:
    """A ``choose`` that asks ``pick(lo, hi)`` and records what it returned."""

    def __init__(self, pick: Callable[[int, int], int]) -> None:
        self.pick = pick
        self.choices: list[int] = []
        self.bounds: list[tuple[int, int]] = []

    def __call__(self, lo: int, hi: int) -> int:
        if not lo <= hi:
            raise invalid("hi", hi, f"a choice needs lo <= hi (lo={lo})")
        value = self.pick(lo, hi)
        self.choices.append(value)
        self.bounds.append((lo, hi))
        return value


def _random_pick(rng: random.Random) -> Callable[[int, int], int]:
    def pick(lo: int, hi: int) -> int:
        span = hi - lo
        if span == 0:
            return lo
        u = rng.random()
        if u < 1 / 16:
            return lo
        if u < 1 / 8:
            return hi
        if u < 1 / 4 and span > 16:
            return lo + rng.randrange(1 << rng.randint(1, min(span.bit_length() - 1, 8)))
        return rng.randint(lo, hi)

    return pick


def _replay_pick(choices: Sequence[int]) -> Callable[[int, int], int]:
    position = iter(choices)

    def pick(lo: int, hi: int) -> int:
        value = next(position, lo)
        return min(max(value, lo), hi)

    return pick


@dataclass(frozen=True)
class Sampler(Generic[T]):
    """A construction ``build(choose)`` from integer choices (see the module docstring); ``name`` says what it
    draws, for a report."""

    build: Callable[[Choose], T]
    name: str = "sampler"

    def _run(self, pick: Callable[[int, int], int]) -> Drawn[T]:
        record = _Record(pick)
        value = self.build(record)
        return Drawn(value, tuple(record.choices), tuple(record.bounds))

    def draw(self, rng: random.Random) -> Drawn[T]:
        """One value from the seeded generator ``rng``, with its choices."""
        return self._run(_random_pick(rng))

    def replay(self, choices: Sequence[int]) -> Drawn[T]:
        """The value that ``choices`` build (each clipped to its range; missing ones take their least value)."""
        return self._run(_replay_pick(choices))

    def shrink(self, drawn: Drawn[T], fails: Callable[[T], bool], *, tries: int = SHRINK_TRIES) -> tuple[Drawn[T], int]:
        """The smallest failing replay found from ``drawn`` (which fails), and the number of replays tried."""
        best, spent = drawn, 0
        progress = True
        while progress and spent < tries:
            progress = False
            for i, (value, (lo, _)) in enumerate(zip(best.choices, best.bounds)):
                for lower in sorted({lo, lo + (value - lo) // 2, value - 1}):
                    if lower >= value or spent >= tries:
                        continue
                    spent += 1
                    trial = self.replay(best.choices[:i] + (lower,) + best.choices[i + 1:])
                    if trial.order < best.order and fails(trial.value):
                        best, progress = trial, True
                        break
                if progress or spent >= tries:
                    break
        return best, spent

    def map(self, function: Callable[[T], U], name: str | None = None) -> Sampler[U]:
        """The sampler of ``function`` applied to each value."""
        build = self.build
        return Sampler(lambda choose: function(build(choose)), name or self.name)

    def strategy(self) -> st.SearchStrategy[T]:
        """The Hypothesis strategy drawing the same choices (``st.integers`` per choice)."""
        build = self.build

        @st.composite
        def drawn(draw: Callable) -> T:
            return build(lambda lo, hi: draw(_integers(lo, hi)))

        return drawn()


#: The sampler under each public strategy of :mod:`numeric.strategies` (weak keys: it goes with its strategy).
_SAMPLERS: weakref.WeakKeyDictionary[Any, Sampler] = weakref.WeakKeyDictionary()


def register(sampler: Sampler[T]) -> st.SearchStrategy[T]:
    """The Hypothesis strategy of ``sampler``, remembered so that :func:`sampler_of` finds the sampler again."""
    strategy = sampler.strategy()
    _SAMPLERS[strategy] = sampler
    return strategy


def sampler_of(strategy: object) -> Sampler | None:
    """The sampler behind a strategy of :mod:`numeric.strategies` (or a :class:`Sampler` itself); None for any
    other Hypothesis strategy (a search then runs on Hypothesis)."""
    if isinstance(strategy, Sampler):
        return strategy
    try:
        return _SAMPLERS.get(strategy)
    except TypeError:  # an unhashable or non-weakref-able strategy object
        return None
