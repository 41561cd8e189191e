"""Definition 3.1 (SLDP), the bel and pl losses before Lemma 3.2, Definition 3.13 (WLDP) and the standard
LDP of a probabilistic mechanism: their one definition, every reading registered once.

Source: 003 §3.1 and §3.2 (``003_c07100d0f17e2eef.txt``). Each notion is a maximum of a ratio over ordered
pairs of inputs (x, x') and events E ⊆ Y:

=====================  =====================  ==========================================  ===========
reading                notion                 ratio                                       pairs
=====================  =====================  ==========================================  ===========
``SLDP``               SLDP                   m_x(E) / m_x'(E)        (003 Definition 3.1)  all
``bel loss``           SLDP bel loss          bel_x(E) / bel_x'(E)    (003 before Lemma 3.2) all
``pl loss``            SLDP pl loss           pl_x(E) / pl_x'(E)      (003 before Lemma 3.2) all
``WLDP``               WLDP                   pl_x(E) / bel_x'(E)     (003 Definition 3.13)  all
``WLDP: distinct pairs``  WLDP                pl_x(E) / bel_x'(E)                            x != x'
``LDP``                LDP                    P_x(E) / P_x'(E), Bayesian rows (standard LDP) all
=====================  =====================  ==========================================  ===========

**Which pairs count in WLDP.** Definition 3.13 writes r^W = max over pr_x ∈ P_{bel_x}, pr_x' ∈ P_{bel_x'}
of pr_x(E)/pr_x'(E), leaving x, x' and E free: a malformation (printed means printed does not apply to a
max whose range is not printed), so which pairs count is a reading. The primary reading ``WLDP`` takes *all*
ordered pairs, x = x' included, because the text does so wherever it says which pairs it means:

1. r^W is modelled on r_S of Definition 3.1, printed max_{x, x' ∈ X, E ⊆ Y};
2. Lemma 3.14, which the text offers (with Lemma 3.2) as "a simple mathematical characterization" of
   WLDP, quantifies "for all x, x' ∈ X": under the distinct-pairs reading Lemma 3.14 is false as printed
   (a row with pl_x(E) > e^ε bel_x(E) violates it at x = x' while every x ≠ x' is within budget), so only
   the all-pairs reading makes the paper's own characterization consistent;
3. the proof of Lemma 3.16 writes max_{x, x' ∈ X, E ⊆ Z}.

Consequence, stated so nobody is surprised: under ``WLDP`` the imprecision of each row counts by itself,
r^W >= max_x max_E pl_x(E)/bel_x(E), so a mechanism with one imprecise row has a positive Walley loss even
when all its rows are equal (and even with a single input). The readings differ when rows differ: precise
(1/2, 1/2) against "don't know" (1/3, 1/3, 1/3 on {a, b}) has r^W = 2 (x = x' = the second row) but 3/2 over
x != x'. The alternative ``WLDP: distinct pairs`` (the imprecision of one row alone is not a privacy loss)
is checked beside the primary reading wherever the two can differ; for Q_{2×3} with p > 1/2 both give
ln((1-q)/q) (pl_x/bel_x = (1-q)/p <= (1-q)/q). For SLDP, the bel and pl losses and LDP the question does not arise: x = x' gives
the ratio 1 (or 0/0), and r >= 1 in every reading (E = Y gives 1/1), so both readings give one value.

**Ratios of zero.** A ratio a/b is read multiplicatively, as the definition is used: "a <= r b". So 0/0
places no constraint, and c/0 with c > 0 is +∞ (the mechanism is ε-private for no finite ε). The
functions here return exact ratios: a :class:`fractions.Fraction`, or ``sympy.oo`` when infinite.

**WLDP through pl and bel.** r^W is computed as max pl_x(E)/bel_x'(E): for each E the numerator's sup over
P_{bel_x} is pl_x(E) and the denominator's inf over P_{bel_x'} is bel_x'(E), both attained (claims
L3.14.proof and L3.14.converse). :func:`credal_conditions` states Definition 3.13 literally (probability
vectors dominating bel) for symbolic mechanisms, and :meth:`numeric.mechanisms.Mechanism.ratio_walley_vertices`
optimises over credal vertices: both are independent of the pl/bel formula.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.errors import invalid
from core.exact import exact_or_none
from core.formula import as_sympy
from core.types import NumberLike
from numeric.definitions.registry import Reading, register
from numeric.loss_ratios import RATIOS
from numeric.mechanisms import Mechanism, Worst

if TYPE_CHECKING:
    import sympy


__all__ = [
    "SLDP", "BEL_LOSS", "PL_LOSS", "WLDP", "WLDP_DISTINCT", "LDP", "Loss", "LOSSES", "loss",
    "worst", "ratio", "counted_pairs", "sldp_ratio", "bel_ratio", "pl_ratio", "wldp_ratio", "wldp_pairs",
    "ldp_ratio", "is_sldp", "is_wldp", "is_private", "loss_conditions", "credal_conditions",
]

SLDP = register(Reading(
    name="SLDP", notion="SLDP", source="003 Definition 3.1", primary=True,
    text=("$r_S$ = max over all ordered pairs $(x, x')$, $x = x'$ included, and events $E$ of $m_x(E)/m_{x'}(E)$ "
          r"(Shafer: masses as randomly coded messages); $Q$ is $\epsilon$-SLDP iff $r_S \le e^{\epsilon}$; ratios "
          r"read multiplicatively ($0/0$ no constraint, $c/0 = +\infty$)"),
))

BEL_LOSS = register(Reading(
    name="bel loss", notion="SLDP bel loss", source="003 §3.1 before Lemma 3.2", primary=True,
    text=("$r_{bel,S}$ = max over all ordered pairs $(x, x')$ and events $E$ of $bel_x(E)/bel_{x'}(E)$; "
          r"$\epsilon_{bel,S} = \ln r_{bel,S}$"),
))

PL_LOSS = register(Reading(
    name="pl loss", notion="SLDP pl loss", source="003 §3.1 before Lemma 3.2", primary=True,
    text=("$r_{pl,S}$ = max over all ordered pairs $(x, x')$ and events $E$ of $pl_x(E)/pl_{x'}(E)$; "
          r"$\epsilon_{pl,S} = \ln r_{pl,S}$"),
))

WLDP = register(Reading(
    name="WLDP", notion="WLDP", source="003 Definition 3.13", primary=True,
    text=("$r^W$ = max over all ordered pairs $(x, x')$ of inputs, $x = x'$ included, and events $E$ of "
          "$pr_x(E)/pr_{x'}(E)$, $pr_x$ ranging over $P_{bel_x}$ and $pr_{x'}$ over $P_{bel_{x'}}$ independently; "
          "equal to max $pl_x(E)/bel_{x'}(E)$. Primary because $r_S$ (Definition 3.1), Lemma 3.14 ('for all $x, x' "
          r"\in X$') and the proof of Lemma 3.16 all range over every pair, and only this reading makes Lemma 3.14 "
          "true"),
))

WLDP_DISTINCT = register(Reading(
    name="WLDP: distinct pairs", notion="WLDP", source="003 Definition 3.13",
    text=r"as WLDP, but only pairs $x \ne x'$ count (the imprecision of a single row is not a privacy loss)",
))

LDP = register(Reading(
    name="LDP", notion="LDP", source="003 §3.1 (standard LDP, Dwork and Roth Definition 2.4)", primary=True,
    text=("for a probabilistic mechanism (Bayesian rows $P_x$): max over all ordered pairs $(x, x')$ and events $E$ "
          "of $P_x(E)/P_{x'}(E)$; computed from the probabilities of the outputs, without masses of non-singletons"),
))


@dataclass(frozen=True)
class Loss:
    """One privacy-loss ratio: max over the counted pairs (x, x') and events E of
    ``numerator``_x(E) / ``denominator``_x'(E), where each is ``"m"``, ``"bel"`` or ``"pl"``."""

    reading: Reading
    numerator: str
    denominator: str
    pairs: str  # "all" or "distinct"

    def __post_init__(self) -> None:
        for name in ("numerator", "denominator"):
            if getattr(self, name) not in ("m", "bel", "pl"):
                raise invalid(name, getattr(self, name), "not one of ('m', 'bel', 'pl')")
        if self.pairs not in ("all", "distinct"):
            raise invalid("pairs", self.pairs, "not one of ('all', 'distinct')")


#: Every loss by the name of its reading.
LOSSES: dict[str, Loss] = {item.name: Loss(item, *RATIOS[item.name])
                           for item in (SLDP, BEL_LOSS, PL_LOSS, WLDP, WLDP_DISTINCT)}


def loss(reading: str | Loss) -> Loss:
    """The loss of ``reading`` (a name of :data:`LOSSES`)."""
    if isinstance(reading, Loss):
        return reading
    try:
        return LOSSES[reading]
    except (KeyError, TypeError):
        raise invalid("reading", reading, f"not one of {sorted(LOSSES)}") from None


def counted_pairs(inputs: Sequence[Hashable], reading: str | Loss) -> list[tuple[Hashable, Hashable]]:
    """The ordered pairs (x, x') of ``inputs`` that ``reading`` ranges over."""
    pairs = loss(reading).pairs
    inputs = tuple(inputs)
    if pairs == "distinct" and len(inputs) < 2:
        raise invalid("pairs", pairs, "a mechanism with one input has no distinct pairs")
    return [(x, y) for x in inputs for y in inputs if pairs == "all" or x != y]


def worst(Q: Mechanism, reading: str | Loss) -> Worst:
    """Where the ratio of ``reading`` is attained on ``Q`` (inputs, event, the two sides), exactly for exact
    mechanisms (``Worst.ratio`` is a Fraction or ``math.inf``)."""
    item = loss(reading)
    return Q.max_ratio(item.numerator, item.denominator, item.pairs)


def ratio(Q: Mechanism, reading: str | Loss) -> Any:  # Fraction | float | sympy.oo (is_private reads .numerator)
    """The ratio of ``reading`` on ``Q``: a Fraction (a float for float mechanisms) or ``sympy.oo``."""
    import math

    import sympy

    value = worst(Q, reading).ratio
    return sympy.oo if value == math.inf else value


def sldp_ratio(Q: Mechanism) -> Fraction | float | sympy.Expr:
    """r_S (003 Definition 3.1): Q is ε-SLDP iff r_S <= e^ε."""
    return ratio(Q, "SLDP")


def bel_ratio(Q: Mechanism) -> Fraction | float | sympy.Expr:
    """r_{bel,S} (003 §3.1, before Lemma 3.2)."""
    return ratio(Q, "bel loss")


def pl_ratio(Q: Mechanism) -> Fraction | float | sympy.Expr:
    """r_{pl,S} (003 §3.1, before Lemma 3.2)."""
    return ratio(Q, "pl loss")


def wldp_ratio(Q: Mechanism, reading: str = "WLDP") -> Fraction | float | sympy.Expr:
    """r^W (003 Definition 3.13) under ``reading`` (``"WLDP"``, primary, or ``"WLDP: distinct pairs"``)."""
    if loss(reading).reading.notion != "WLDP":
        raise invalid("reading", reading, "not a reading of WLDP ('WLDP' or 'WLDP: distinct pairs')")
    return ratio(Q, reading)


def wldp_pairs(Q: Mechanism, reading: str = "WLDP") -> list[tuple[Hashable, Hashable]]:
    """The ordered pairs (x, x') that count in r^W under ``reading``."""
    if loss(reading).reading.notion != "WLDP":
        raise invalid("reading", reading, "not a reading of WLDP ('WLDP' or 'WLDP: distinct pairs')")
    return counted_pairs(Q.inputs, reading)


def ldp_ratio(Q: Mechanism) -> Fraction | float | sympy.Expr:
    """The standard LDP ratio of a probabilistic mechanism (every row Bayesian): max over all (x, x') and
    every event E of P_x(E)/P_x'(E), computed from the output probabilities P_x(y) over all 2^|Y| events
    by explicit sums (no mass of a non-singleton and no transform is read). Non-Bayesian rows are refused."""
    import math

    import sympy

    for x in Q.inputs:
        if not Q[x].is_bayesian():
            raise invalid(f"Q[{x!r}]", Q[x], "LDP is defined for probabilistic mechanisms: the row is not Bayesian")
    probabilities = [[Fraction(Q[x].m({y})) for y in Q.frame] for x in Q.inputs]
    common = math.lcm(*(v.denominator for row in probabilities for v in row))
    rows = [[int(v * common) for v in row] for row in probabilities]
    events = []
    for row in rows:  # P_x(E) for every event E (bitmask), by adding one output at a time
        sums = [0] * (1 << len(Q.frame))
        for mask in range(1, 1 << len(Q.frame)):
            low = (mask & -mask).bit_length() - 1
            sums[mask] = sums[mask & (mask - 1)] + row[low]
        events.append(sums)
    best: tuple[int, int] | None = None
    for top in events:
        for bottom in events:
            for a, b in zip(top[1:], bottom[1:]):
                if b == 0:
                    if a != 0:
                        return sympy.oo
                    continue
                if best is None or a * best[1] > best[0] * b:
                    best = (a, b)
    return Fraction(*best) if best is not None else None


def _budget(r: NumberLike) -> Fraction | sympy.Expr:
    """r = e^ε as an exact number (Fraction, or a sympy number for irrational r), refused below 1."""
    exact = exact_or_none(r)
    if exact is None:
        value = as_sympy(r, name="r") if not isinstance(r, float) else None
        if value is not None and value.is_infinite:
            raise invalid("r", r, "must be finite (ε-privacy is for finite ε)")
        if value is None or not value.is_real or value.free_symbols:
            raise invalid("r", r, "must be an exact real number e^ε (Fraction, int, or a sympy number)",
                          "pass e.g. Fraction(3) or sympy.exp(1)")
        if bool(value < 1):
            raise invalid("r", r, "must be >= 1 (r = e^ε with ε >= 0)")
        return value
    if exact < 1:
        raise invalid("r", r, "must be >= 1 (r = e^ε with ε >= 0)")
    return exact


def is_private(Q: Mechanism, r: NumberLike, reading: str | Loss) -> bool:
    """Whether ``Q`` is ε-private under ``reading`` for e^ε = ``r`` (exact; r = 1 is the limit ε -> 0+:
    Q is ε-private for every ε > 0 iff its ratio is <= 1)."""
    import sympy

    bound = _budget(r)
    value = ratio(Q, reading)
    if value is sympy.oo:
        return False
    if isinstance(bound, Fraction):
        return value <= bound
    return bool(sympy.Rational(value.numerator, value.denominator) <= bound)


def is_sldp(Q: Mechanism, r: NumberLike) -> bool:
    """Q is ε-SLDP with e^ε = r (003 Definition 3.1)."""
    return is_private(Q, r, "SLDP")


def is_wldp(Q: Mechanism, r: NumberLike, reading: str = "WLDP") -> bool:
    """Q is ε-WLDP with e^ε = r (003 Definition 3.13) under ``reading``."""
    if loss(reading).reading.notion != "WLDP":
        raise invalid("reading", reading, "not a reading of WLDP ('WLDP' or 'WLDP: distinct pairs')")
    return is_private(Q, r, reading)


# --- the same definitions for symbolic mechanisms (sympy expressions as masses) -------------------------------
def _set_function(row: Mapping[int, Any], kind: str, event: int, full: int) -> Any:
    """m, bel or pl of the event ``event`` (a bitmask) for a row given as {focal mask: mass}."""
    if kind == "m":
        return row.get(event, 0)
    if kind == "bel":
        return sum((v for mask, v in row.items() if mask & ~event & full == 0), 0)
    return sum((v for mask, v in row.items() if mask & event), 0)


def loss_conditions(rows: Mapping[Hashable, Mapping[int, Any]], labels: int, reading: str | Loss,
                    bound: Any) -> list[tuple[Hashable, Hashable, int, Any]]:
    """The conditions "``reading`` ratio <= bound" for a symbolic mechanism, one per counted (x, x', E):
    (x, x', E as a bitmask, the expression ``bound * denominator_x'(E) - numerator_x(E)``) which must be
    >= 0 (the multiplicative reading of the ratio). ``rows`` maps inputs to {focal bitmask: mass} on a frame
    of ``labels`` labels; masses and ``bound`` may be sympy expressions."""
    item = loss(reading)
    full = (1 << labels) - 1
    out = []
    for x, y in counted_pairs(list(rows), item):
        for event in range(1, full + 1):
            top = _set_function(rows[x], item.numerator, event, full)
            bottom = _set_function(rows[y], item.denominator, event, full)
            out.append((x, y, event, bound * bottom - top))
    return out


def credal_conditions(rows: Mapping[Hashable, Mapping[int, Any]], labels: int, bound: Any,
                      reading: str = "WLDP") -> tuple[list[tuple[Hashable, Hashable, int, Any]], list[Any], list[Any]]:
    """Definition 3.13 literally, for a symbolic mechanism: every pr_x is a probability vector on the
    frame dominating bel_x on every event (the credal set P_{bel_x}, one fresh symbol per input and label).

    Returns (conditions, constraints, symbols): ``conditions`` are (x, x', E, ``bound * pr_x'(E) - pr_x(E)``)
    for every counted pair and event, which must be >= 0 for every admissible pr; ``constraints`` are the
    sympy relations defining the credal sets (pr >= 0, Σ pr = 1, pr(A) >= bel_x(A) for every A)."""
    import sympy

    item = loss(reading)
    if item.reading.notion != "WLDP":
        raise invalid("reading", reading, "not a reading of WLDP ('WLDP' or 'WLDP: distinct pairs')")
    full = (1 << labels) - 1
    probabilities: dict[Hashable, list[Any]] = {}
    constraints: list[Any] = []
    symbols: list[Any] = []
    for index, x in enumerate(rows):
        pr = [sympy.Symbol(f"pr{index}_{i}", real=True) for i in range(labels)]
        probabilities[x] = pr
        symbols += pr
        constraints += [v >= 0 for v in pr] + [sympy.Eq(sum(pr), 1)]
        for event in range(1, full):
            chosen = sum(pr[i] for i in range(labels) if event >> i & 1)
            constraints.append(chosen >= _set_function(rows[x], "bel", event, full))

    def measure(x: Hashable, event: int) -> Any:
        return sum(probabilities[x][i] for i in range(labels) if event >> i & 1)

    conditions = [(x, y, event, bound * measure(y, event) - measure(x, event))
                  for x, y in counted_pairs(list(rows), item) for event in range(1, full + 1)]
    return conditions, constraints, symbols

