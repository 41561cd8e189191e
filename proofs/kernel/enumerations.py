"""Finite checks that regenerate their own cases: the procedures a certificate copies verbatim.

Some finite checks compare procedures (the extreme points of a credal set, Choquet integrals, the envelopes of
a set of points) that no single sympy condition states. An :class:`proofs.kernel.steps.Enumeration` step names
one procedure of :data:`PROCEDURES` and its arguments (integers, and rationals written ``"p/q"``, in tuples);
the procedure regenerates every case of the check from those arguments, recomputes what the check compared
with the small helpers below and exact rationals, and returns ``(cases checked, the first failing case or
None)``. The helpers are written from the definitions, not from the toolkit's code, so a certificate re-checks
the toolkit rather than repeating it.

As :mod:`proofs.kernel.stepcheck`, this module imports only the standard library (a test reads its imports) and
each function is self-contained apart from the helpers it names in :data:`NEEDS`; :data:`STDLIB` names the
modules each one uses (imported at the top of a certificate that copies it).

The procedures:

* :func:`choquet_rows` (003 proofs of Theorems 3.5 and 3.18, "rejection regions suffice"): for every row and
  every test φ with values in {0, 1/2, 1}, inf and sup of E_pr φ over the credal set's extreme points, the
  lower and upper Choquet integrals Σ m(E) min_E φ and Σ m(E) max_E φ, and the convex combination of
  (bel, pl) over φ's level sets agree; for a region R they are (bel(R), pl(R)).
* :func:`choquet_pairs`: for every ordered pair of rows, T^pe and T^op (as printed, and repaired) of
  003 Definition 3.17 from the convex hull of all regions' points equal the minimum (maximum) over the chains
  of regions, which are the points tests achieve.
"""

from __future__ import annotations

import fractions
import itertools

__all__ = ["NEEDS", "STDLIB", "PROCEDURES", "mass_grid", "q2x3_rows", "bel", "pl", "solve", "credal_vertices",
           "lowest_below", "chains_agree", "choquet_rows", "choquet_pairs"]

#: The helpers each function calls (a certificate's prelude is closed under this relation).
NEEDS = {
    "mass_grid": (),
    "q2x3_rows": (),
    "bel": (),
    "pl": (),
    "solve": (),
    "credal_vertices": ("bel", "solve"),
    "lowest_below": (),
    "chains_agree": ("lowest_below",),
    "choquet_rows": ("mass_grid", "q2x3_rows", "bel", "pl", "credal_vertices"),
    "choquet_pairs": ("mass_grid", "q2x3_rows", "bel", "pl", "chains_agree"),
}

#: The standard-library modules a function uses.
STDLIB = {"mass_grid": ("fractions", "itertools"), "q2x3_rows": ("fractions",), "solve": ("fractions",),
          "credal_vertices": ("fractions", "itertools"), "choquet_rows": ("fractions", "itertools"),
          "choquet_pairs": ("fractions", "itertools")}

#: The procedures an enumeration step may name (each returns (cases checked, first failing case or None)).
PROCEDURES = ("choquet_rows", "choquet_pairs")


def mass_grid(n, d):
    """Every mass function on n labels with masses in {0, 1/d, ..., 1}, as a tuple of masses by bitmask
    (bit i is label i; index 0, the empty set, has mass 0)."""
    out = []
    for weights in itertools.product(range(d + 1), repeat=(1 << n) - 1):
        if sum(weights) == d:
            out.append((fractions.Fraction(0),) + tuple(fractions.Fraction(w, d) for w in weights))
    return out


def q2x3_rows(p, q):
    """The rows x and x' of Q_2x3(p, q) (003 §3.1) by bitmask on the frame (yes, no): m_x = (p, q, 1 - p - q)
    on {yes}, {no}, {yes, no}, and x' swaps p and q; refused unless they are mass functions."""
    p, q = fractions.Fraction(p), fractions.Fraction(q)
    if not (p >= 0 and q >= 0 and p + q <= 1):
        raise ValueError(f"Q_2x3(p={p}, q={q}) is not a mechanism (p, q >= 0, p + q <= 1)")
    zero = fractions.Fraction(0)
    return (zero, p, q, 1 - p - q), (zero, q, p, 1 - p - q)


def bel(m, region):
    """bel(R): the mass of the focal sets inside R (masks)."""
    return sum(m[b] for b in range(1, len(m)) if b & ~region == 0)


def pl(m, region):
    """pl(R): the mass of the focal sets meeting R (masks)."""
    return sum(m[b] for b in range(1, len(m)) if b & region)


def solve(rows):
    """The unique solution of the square linear system given as augmented rows [a_1 ... a_n | b], exactly
    (Gauss-Jordan elimination on fractions), or None when the system is singular."""
    rows = [[fractions.Fraction(v) for v in row] for row in rows]
    n = len(rows)
    for col in range(n):
        pivot = next((r for r in range(col, n) if rows[r][col] != 0), None)
        if pivot is None:
            return None
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(n):
            if r != col and rows[r][col] != 0:
                factor = rows[r][col] / rows[col][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col])]
    return tuple(rows[i][n] / rows[i][i] for i in range(n))


def credal_vertices(m):
    """The extreme points of the credal set {pr : pr(A) >= bel(A) for every A} of m, from that definition: a
    vertex of this polytope of the plane sum(pr) = 1 is the unique solution of sum(pr) = 1 and n - 1 of the
    constraints pr(A) >= bel(A) (A proper, non-empty) taken as equalities, that satisfies every constraint."""
    n = len(m).bit_length() - 1
    proper = range(1, len(m) - 1)
    found = set()
    for tight in itertools.combinations(proper, n - 1):
        system = [[1] * n + [1]] + [[a >> i & 1 for i in range(n)] + [bel(m, a)] for a in tight]
        pr = solve(system)
        if pr is not None and all(sum(pr[i] for i in range(n) if a >> i & 1) >= bel(m, a) for a in proper):
            found.add(pr)
    return sorted(found)


def lowest_below(points, t):
    """inf{y : (x, y) in the convex hull of the points, x <= t}, or None when no point has x <= t. A linear
    program in the weights of the points with two constraints (weights sum to 1, the mean x is <= t): an
    optimum has at most two positive weights, so it is the least y of a point with x <= t or of a segment
    from such a point to one with x > t, cut at x = t."""
    best = None
    for x0, y0 in points:
        if x0 > t:
            continue
        low = min([y0] + [y0 + (y1 - y0) * (t - x0) / (x1 - x0) for x1, y1 in points if x1 > t])
        best = low if best is None or low < best else best
    return best


def chains_agree(points, chains):
    """Whether min over chains of f_C equals f_all, where f_S(t) = lowest_below(points of S, t) and ``points``
    maps each region to its point: both sides are piecewise linear with breakpoints only at the points' x, so
    they agree iff every f_C >= f_all at every point's x, and between consecutive x one chain equals f_all at
    both ends."""
    everything = list(points.values())
    ts = sorted({x for x, _ in everything})
    envelope = {t: lowest_below(everything, t) for t in ts}
    per_chain = [{t: lowest_below([points[r] for r in chain], t) for t in ts} for chain in chains]
    if any(f[t] is None or f[t] < envelope[t] for f in per_chain for t in ts):
        return False
    return all(any(f[u] == envelope[u] and f[v] == envelope[v] for f in per_chain) for u, v in zip(ts, ts[1:]))


def choquet_rows(q2x3, grids):
    """Every row (those of Q_2x3 at each point (p, q) of ``q2x3``, then every mass function of each grid
    (labels, denominator) of ``grids``) and every test phi with values in {0, 1/2, 1}: (inf, sup) of E_pr phi
    over the credal vertices, the Choquet integrals (sum m(E) min_E phi, sum m(E) max_E phi) and the level
    sets' sum_k (t_k - t_k+1) (bel, pl)({phi >= t_k}) agree, and are (bel(R), pl(R)) for a region R."""
    half = fractions.Fraction(1, 2)
    rows = [row for p, q in q2x3 for row in q2x3_rows(p, q)] + [m for n, d in grids for m in mass_grid(n, d)]
    cases = 0
    for m in rows:
        n = len(m).bit_length() - 1
        vertices = credal_vertices(m)
        for phi in itertools.product((0, half, 1), repeat=n):
            cases += 1
            means = [sum(pr[i] * phi[i] for i in range(n)) for pr in vertices]
            on = [[phi[i] for i in range(n) if a >> i & 1] for a in range(len(m))]
            choquet = (sum(m[a] * min(on[a]) for a in range(1, len(m))),
                       sum(m[a] * max(on[a]) for a in range(1, len(m))))
            levels = sorted(set(phi) | {0, 1}, reverse=True)
            by_levels = [0, 0]
            for high, low in zip(levels, levels[1:]):
                region = sum(1 << i for i in range(n) if phi[i] >= high)
                by_levels = [by_levels[0] + (high - low) * bel(m, region), by_levels[1] + (high - low) * pl(m, region)]
            found = [(min(means), max(means)), choquet, tuple(by_levels)]
            if set(phi) <= {0, 1}:
                region = sum(1 << i for i in range(n) if phi[i] == 1)
                found.append((bel(m, region), pl(m, region)))
            if len(set(found)) != 1:
                return cases, {"m": [str(v) for v in m], "phi": [str(v) for v in phi], "found": str(found)}
    return cases, None


def choquet_pairs(q2x3, grids):
    """Every ordered pair (m_x, m_x') (the rows of Q_2x3 at each point of ``q2x3``, then every pair of mass
    functions of each grid (labels, denominator) of ``grids``): with the regions' points (pl_x(R), pl_x'(R^c)),
    (bel_x(R), bel_x'(R^c)), T^pe(a) = inf{b : a' <= a}, T^op as printed sup{b : a' <= a} and repaired
    sup{b : a' >= a} over the convex hull of all regions' points equal the minimum (maximum) over the
    chains of regions (one per ordering of the labels) of the same over the chain's points."""
    pairs = [q2x3_rows(p, q) for p, q in q2x3] + [pair for n, d in grids
                                                  for pair in itertools.product(mass_grid(n, d), repeat=2)]
    cases = 0
    for first, second in pairs:
        cases += 1
        n = len(first).bit_length() - 1
        chains = [[sum(1 << i for i in order[:k]) for k in range(n + 1)] for order in itertools.permutations(range(n))]
        regions = range(len(first))
        pe = {r: (pl(first, r), 1 - bel(second, r)) for r in regions}
        op = {r: (bel(first, r), 1 - pl(second, r)) for r in regions}
        functions = {"T^pe": pe,  # inf of b below a
                     "T^op: as printed": {r: (a, -b) for r, (a, b) in op.items()},  # sup of b below a
                     "T^op: repaired": {r: (-a, -b) for r, (a, b) in op.items()}}  # sup of b above a
        for name, points in functions.items():
            if not chains_agree(points, chains):
                return cases, {"m_x": [str(v) for v in first], "m_x'": [str(v) for v in second], "function": name}
    return cases, None
