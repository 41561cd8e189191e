"""What one moment check is about, prepared once: the model whose output counts are enumerated, the
statistic and the claimed form in its coordinates, the stated domain, and the points to check.

Three kinds of model (003 §3.1, 004 §2.2):

* the survey Q_{2x3} (no ``mechanism=``): statistics in N1, N2, N3; claimed forms in p, q, pi, n, q1, q2, q3;
* any finite mechanism (a matrix, or a :class:`~numeric.finite_mechanism.FiniteMechanism`) with i.i.d.
  inputs (``prior=[...]``) or a fixed dataset (``counts=[...]``): statistics in Y0 ... Y{m-1};
* a mechanism family of symmetric mechanisms (:mod:`proofs.engines.moment_family`).

A parameter that enters only through ``exp(k·eps)`` is enumerated in the chart t = exp(eps/m)
(:class:`numeric.count_points.ExpChart`), so that every enumerated number is exact.

Points: the user's ``points=`` (each inside the stated domain, else a one-line error); or, with a stated
domain, :data:`INTERIOR_POINTS` interior and :data:`BOUNDARY_POINTS` boundary points drawn from it at
every n (:func:`numeric.count_points.draw`); or, with none, the default grid of the model (the survey's
:data:`DEFAULT_POINTS`, or the rationals of :data:`GRID_VALUES` at which the mechanism is valid).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import sympy

from core.domain import Domain, DomainLike
from core.errors import InvalidArgument, invalid
from core.types import ExprLike, Values
from numeric.count_points import Case, ExpChart, charts_for, degenerate, draw, fix, in_domain, user_value
from numeric.count_statistic import CountStatistic, check_size
from numeric.data_model import Counts, FiniteModel, GeneralizedWarnerSurvey, Prior, survey_model
from numeric.enumeration import Survey, parse_statistic
from numeric.families import Requirement
from numeric.finite_mechanism import as_expression, FiniteMechanism, MatrixLike, rational, symbol
from proofs.engines.domains import emptiness
from proofs.engines.validity import check_requirements
from symbolic.model import q2x3_entries

__all__ = ["MomentProblem", "prepare", "DEFAULT_POINTS", "GRID_VALUES", "GRID_POINTS", "INTERIOR_POINTS",
           "BOUNDARY_POINTS", "MAX_CLAIMED_EXPONENT", "MAX_CLAIMED_NODES", "survey_form"]

#: (p, q) pairs: q3 = 0, 1/1000, 1/8, 1/4, 0.499 (its maximum is < 1/2 when p > 1/2); then π values
_PQ = [("3/4", "1/4"), ("7/10", "299/1000"), ("3/4", "1/8"), ("2/3", "1/12"), ("3/4", "0"), ("501/1000", "0"),
       ("1", "0"), ("9/10", "1/20")]
_PI = ("0", "3/10", "1/2", "1")
DEFAULT_POINTS = tuple({"p": Fraction(a), "q": Fraction(b), "pi": Fraction(c)} for a, b in _PQ for c in _PI)
#: candidate values of a mechanism's parameters for the default grid (no stated domain)
GRID_VALUES = tuple(Fraction(v) for v in ("0", "1/10", "1/4", "1/3", "1/2", "2/3", "3/4", "9/10", "1", "3/2", "2",
                                          "3", "10"))
#: most points of a default grid, and most candidate points tried for it
GRID_POINTS = 48
GRID_CANDIDATES = 4000
#: points drawn from a stated domain at each n: interior ones (they earn support) and boundary ones
#: (checked apart: a counterexample there refutes, support there earns nothing)
INTERIOR_POINTS = 8
BOUNDARY_POINTS = 3
#: largest integer exponent in a claimed form (its exact value at a rational point has that many times the
#: bits of the base; the formula parser applies the same limit to numbers)
MAX_CLAIMED_EXPONENT = 10_000
#: most nodes of a claimed form (the texts' longest derived forms have a few thousand)
MAX_CLAIMED_NODES = 50_000
_CLAIMED_NAMES = ("p", "q", "pi", "n", "q1", "q2", "q3")


def survey_form(claimed: sympy.Basic) -> sympy.Basic:
    """A claimed form of the survey in p, q, pi, n only (q1, q2, q3 replaced by the model)."""
    model = {k.name: v for k, v in q2x3_entries().items()}
    return claimed.xreplace({s: model[s.name] for s in claimed.free_symbols if s.name in model})


def _check_claimed(form: sympy.Basic, shown: ExprLike) -> None:
    nodes = 0
    for node in sympy.preorder_traversal(form):
        nodes += 1
        if nodes > MAX_CLAIMED_NODES:
            raise invalid("claimed", shown, f"has more than {MAX_CLAIMED_NODES} nodes")
        if isinstance(node, sympy.Pow) and node.exp.is_Integer and abs(int(node.exp)) > MAX_CLAIMED_EXPONENT:
            raise invalid("claimed", shown, f"has the exponent {node.exp}, beyond {MAX_CLAIMED_EXPONENT}")


@dataclass(frozen=True, eq=False)
class MomentProblem:
    """A prepared moment check.

    ``statistic``: parsed on the enumerated ``statistic.model`` (charted coordinates); ``form``: the
    claimed form in the same coordinates (``None`` for an exact side built elsewhere); ``survey``: the
    Q_{2x3} survey; ``charts``: the exp charts by parameter; ``domain``: the stated domain (``None``: none);
    ``parameters``: the user's parameter names; ``respondents``: parameters that count respondents
    (integers up to n); ``description``: the model in words; ``notes``: figures every evidence reports;
    ``fixed``: sizes fixed for this problem (d = 3 of an explicit matrix), shown with every point;
    ``judge``: the domain whose interior counts (the stated one with d free, so that d = 2 is its edge)."""

    statistic: CountStatistic
    form: sympy.Basic
    survey: bool
    charts: Mapping[str, ExpChart]
    domain: Domain | None
    parameters: tuple[str, ...]
    respondents: tuple[str, ...]
    description: str | None
    notes: Mapping[str, Any] = field(default_factory=dict)
    fixed: Mapping[str, int] = field(default_factory=dict)
    judge: Domain | None = None
    input_row: tuple[tuple[str, ...], tuple[sympy.Basic, ...]] | None = None

    @property
    def judged_by(self) -> Domain | None:
        """The domain interior points are judged against (the stated one, before sizes were fixed)."""
        return self.judge if self.judge is not None else self.domain

    @property
    def model(self) -> FiniteModel:
        return self.statistic.model

    # ------------------------------------------------------------------------------------------- points
    def user_cases(self, points: Sequence[Values], ns: Sequence[int]) -> dict[int, list[Case]]:
        """The user's points, validated against the model and the stated domain, at every n (a point
        outside the domain at some n, such as c0 > n, is left out at that n; at every n, an error)."""
        if isinstance(points, Mapping) or isinstance(points, (str, bytes)):
            raise invalid("points", points, "must be a list of points (mappings of names to values)")
        out: dict[int, list[Case]] = {n: [] for n in ns}
        for i, point in enumerate(points):
            if not isinstance(point, Mapping):
                raise invalid(f"points[{i}]", point, "must map parameter names to values")
            if self.survey:
                case = self._survey_case(point)
                for n in ns:
                    out[n].append(case)
                continue
            unknown = sorted(set(point) - set(self.parameters))
            if unknown:
                raise invalid("points", dict(point), f"names {unknown} are not parameters of the model",
                              f"the parameters are {list(self.parameters)}")
            values, shown = {}, {}
            for name in self.parameters:
                if name not in point:
                    raise invalid("points", dict(point), f"gives no value for the parameter {name!r}")
                coordinate, exact = user_value(name, point[name], self.charts)
                values[self.charts[name].coordinate if name in self.charts else name] = coordinate
                shown[name] = exact
            self.model.mechanism.at(values)
            if not isinstance(self.model.data, Counts):
                self.model.data.at(values)
            inside_somewhere = False
            fixed = {k: sympy.Integer(v) for k, v in self.fixed.items()}
            for n in ns:
                inside = self.domain is None or in_domain(self.domain, {**shown, "n": sympy.Integer(n)})[0]
                interior = inside and (self.judged_by is None or
                                       in_domain(self.judged_by, {**shown, **fixed, "n": sympy.Integer(n)})[1])
                if inside:
                    inside_somewhere = True
                    out[n].append(Case(values, {**fixed, **shown}, interior))
            if not inside_somewhere:
                raise invalid("points", {k: str(v) for k, v in point.items()},
                              f"lies outside the stated domain {self.domain.text!r}" + (
                                  f" at every n of {list(ns)}" if "n" in self.domain.names else ""),
                              "give points inside it, or state the domain the claim is about")
        return out

    def _survey_case(self, point: Mapping[str, Any]) -> Case:
        missing = {"p", "q", "pi"} - set(point)
        if missing:
            raise invalid("points", dict(point), f"missing {sorted(missing)}")
        survey = Survey(1, point["p"], point["q"], point["pi"])
        if survey.p == survey.q:
            raise invalid("q", point["q"], f"equals p={point['p']}: the MLE π̂ is undefined when p = q")
        values = {"p": survey.p, "q": survey.q, "pi": survey.pi}
        shown = {k: rational(v) for k, v in values.items()}
        interior = True
        if self.domain is not None:
            inside, interior = in_domain(self.domain, shown)
            if not inside:
                raise invalid("points", {k: str(v) for k, v in point.items()},
                              f"lies outside the stated domain {self.domain.text!r}")
        return Case(values, shown, interior)

    def default_cases(self, ns: Sequence[int]) -> tuple[dict[int, list[Case]], str]:
        """The default points at every n, and how they were chosen."""
        if self.domain is not None:
            return self._domain_cases(ns), "drawn from the stated domain"
        if self.survey:
            cases = [self._survey_case(p) for p in DEFAULT_POINTS]
            return {n: cases for n in ns}, "the default grid of the survey"
        grid = self._grid(ns)
        return {n: grid for n in ns}, "the default grid"

    def _domain_cases(self, ns: Sequence[int]) -> dict[int, list[Case]]:
        names = list(self.parameters)
        out: dict[int, list[Case]] = {}
        cache: dict[Any, list[Case]] = {}
        depends_on_n = "n" in self.domain.names or bool(self.respondents)
        for n in ns:
            key = n if depends_on_n else None
            if key not in cache:
                fixed = {"n": Fraction(n)} if "n" in self.domain.names else {}
                domain = fix(self.domain, fixed) if fixed else self.domain
                domain = None if domain is None else domain.with_integers(self.respondents)
                cases = []
                if domain is not None:
                    drawn = draw(domain, names, self.charts, interior=INTERIOR_POINTS, boundary=BOUNDARY_POINTS,
                                 fixed=fixed, seed=n if depends_on_n else 0, judge=self.judged_by,
                                 shown={k: Fraction(v) for k, v in self.fixed.items()}, rounded=self.respondents)
                    cases = self._valid(drawn, n)
                    interior = [c for c in cases if c.interior][:INTERIOR_POINTS]
                    boundary = [c for c in cases if not c.interior][:BOUNDARY_POINTS]
                    cases = interior + boundary
                cache[key] = cases
            out[n] = cache[key]
        return out

    def _valid(self, cases: Sequence[Case], n: int) -> list[Case]:
        """The cases at which the mechanism and the data are valid (and, for a dataset, fit n)."""
        kept = []
        for case in cases:
            values = {k: v for k, v in case.values.items() if k != "n"}
            try:
                if self.survey:
                    survey = Survey(1, values["p"], values["q"], values["pi"])
                    if survey.p == survey.q:
                        continue
                else:
                    self.model.mechanism.at(values)
                    if isinstance(self.model.data, Counts):
                        if self.model.data.at(values, n) is None:
                            continue
                    else:
                        self.model.data.at(values)
            except InvalidArgument:
                continue
            kept.append(Case(values, {k: v for k, v in case.shown.items() if k != "n"}, case.interior))
        return kept

    def _grid(self, ns: Sequence[int]) -> list[Case]:
        """The default grid without a stated domain: rationals of GRID_VALUES (integers 0 ... max n for a
        parameter counting respondents; t = exp(eps/m) > 0 for a charted one)."""
        model = self.model
        coordinates = list(model.parameters)
        integers = [Fraction(i) for i in range(max(ns) + 1)]
        respondents = [self._coordinate(r) for r in self.respondents]
        continuous = [c for c in coordinates if c not in respondents]
        charted = {chart.coordinate for chart in self.charts.values()}
        axes = [integers if c in respondents else [v for v in GRID_VALUES if v > 0] if c in charted else GRID_VALUES
                for c in continuous + respondents]
        size = math.prod(len(axis) for axis in axes)
        stride = max(1, size // GRID_CANDIDATES)  # an evenly spread subset of a large product
        grid = []
        for combo in itertools.islice(itertools.product(*axes), 0, None, stride):
            point = dict(zip(continuous + respondents, combo))
            try:
                model.mechanism.at(point)
                if not isinstance(model.data, Counts):
                    model.data.at(point)
            except InvalidArgument:
                continue
            grid.append(Case(point, self._shown(point), True))
        if len(grid) > GRID_POINTS:
            step = len(grid) / GRID_POINTS
            grid = [grid[int(i * step)] for i in range(GRID_POINTS)]
        return grid

    def _coordinate(self, name: str) -> str:
        return self.charts[name].coordinate if name in self.charts else name

    def _shown(self, values: Mapping[str, Fraction]) -> dict[str, sympy.Basic]:
        by_coordinate = {chart.coordinate: chart for chart in self.charts.values()}
        return {(by_coordinate[k].name if k in by_coordinate else k):
                (by_coordinate[k].value(v) if k in by_coordinate else rational(v)) for k, v in values.items()}

    def degenerate(self, case: Case) -> bool:
        """Whether the mechanism's output does not depend on its input at this case (for a continuous input,
        ``input_row`` in the input variables: whether it is constant there)."""
        if self.survey:
            return case.values["p"] == case.values["q"]
        if self.input_row is not None:
            variables, row = self.input_row
            point = {symbol(k): rational(v) for k, v in case.values.items() if k not in variables}
            return all(not ({s.name for s in sympy.cancel(e.xreplace(point)).free_symbols} & set(variables))
                       for e in row)
        return degenerate(self.model.mechanism.at({k: v for k, v in case.values.items()
                                                   if k in self.model.mechanism.parameters}))

    def domain_text(self) -> str | None:
        return None if self.domain is None else self.domain.text


def _domain_of(domain: DomainLike, names: Sequence[str]) -> Domain | None:
    if domain is None:
        return None
    if isinstance(domain, Domain):
        parsed = domain
    else:
        if not isinstance(domain, (str, list, tuple)):
            raise invalid("domain", domain, "must be a string such as 'eps > 0, d >= 2, 0 <= c0 <= n'")
        parsed = Domain.parse(domain, symbols={name: symbol(name) for name in (*names, "n")})
    unknown = sorted(parsed.names - set(names) - {"n"})
    if unknown:
        raise invalid("domain", parsed.text, f"names {unknown}, which are not parameters of the model",
                      f"the parameters are {sorted(names)} and n")
    return parsed


def prepare(statistic: ExprLike, claimed: ExprLike, *, given: ExprLike | None = None,
            mechanism: MatrixLike | None = None, prior: Sequence[ExprLike] | None = None,
            counts: Sequence[ExprLike] | None = None, domain: DomainLike = None,
            label: str | None = None) -> MomentProblem:
    """Parse and chart everything once (see the module docstring)."""
    if mechanism is None:
        raise invalid("mechanism", None, "a moment is taken under a mechanism, and none was given",
                      "pass mechanism=: a matrix, a family of proofs.mechanisms, a law of proofs.continuous, or "
                      "numeric.data_model.GENERALIZED_WARNER_SURVEY (003's survey Q_2x3)")
    if isinstance(mechanism, GeneralizedWarnerSurvey):
        if prior is not None or counts is not None:
            raise invalid("prior/counts", (prior, counts), "the survey Q_2x3 has its prior (pi, 1-pi) already",
                          "leave prior= and counts= out")
        compiled = CountStatistic(survey_model(), statistic, given)
        form = survey_form(parse_statistic(claimed, name="claimed", allowed=_CLAIMED_NAMES))
        _check_claimed(form, claimed)
        return MomentProblem(compiled, form, True, {}, _domain_of(domain, ("p", "q", "pi")), ("p", "q", "pi"), (),
                             None)
    if (prior is None) == (counts is None):
        raise invalid("prior/counts", (prior, counts), "give exactly one: prior=[...] (i.i.d. inputs) or "
                      "counts=[...] (a fixed dataset)")
    for name, value in (("prior", prior), ("counts", counts)):
        if isinstance(value, Mapping):
            raise invalid(name, dict(value), "names values of a mechanism family; a matrix takes a list, one "
                          "entry per input (row)", "build the mechanism with proofs.mechanisms")
    mech = mechanism if isinstance(mechanism, FiniteMechanism) else FiniteMechanism(mechanism)
    data = Prior(prior) if prior is not None else Counts(counts)
    base = FiniteModel(mech, data)
    validate_model(base, _domain_of(domain, base.parameters))
    return charted(base, statistic, claimed, given, domain, {}, description=label)


def validate_model(model: FiniteModel, domain: Domain | None) -> None:
    """A matrix and a prior given as lists, validated as :mod:`proofs.mechanisms` validates a printed
    matrix (:func:`proofs.engines.validity.check_requirements`): every row and the prior sum to 1 identically
    on the stated domain, and, on a stated domain, every entry and every prior weight lies in [0, 1] there.
    Without a stated domain the points where the entries lie in [0, 1] are the domain. A failure is a
    one-line :class:`~core.errors.InvalidArgument` naming the row (or ``prior``), a point and the value."""
    requirements = []
    for i, row in enumerate(model.mechanism.matrix):
        if domain is not None:
            requirements += [Requirement(f"mechanism[{i}][{j}]", sympy.sstr(e), e, "probability")
                             for j, e in enumerate(row)]
        requirements.append(Requirement(f"mechanism row {i}", [sympy.sstr(e) for e in row], sympy.Add(*row), "total"))
    if isinstance(model.data, Prior):
        weights = model.data.weights
        if domain is not None:
            requirements += [Requirement(f"prior[{i}]", sympy.sstr(w), w, "probability") for i, w in enumerate(weights)]
        requirements.append(Requirement("prior", [sympy.sstr(w) for w in weights], sympy.Add(*weights), "total"))
    key = (tuple((r.name, r.expr, r.kind) for r in requirements), None if domain is None else domain.conditions)
    if key in _VALIDATED:
        return
    if domain is not None and emptiness(domain).empty:
        return  # nothing to validate: the check reports the claim vacuous
    check_requirements(requirements, domain if domain is not None else Domain.parse(None))
    if len(_VALIDATED) > 256:
        _VALIDATED.clear()
    _VALIDATED.add(key)


#: models already validated (each is decided once per process)
_VALIDATED: set[Any] = set()


def charted(base: FiniteModel, statistic: ExprLike, claimed: ExprLike, given: ExprLike | None, domain: DomainLike,
            named: Mapping[str, sympy.Basic], *, notes: Mapping[str, Any] | None = None,
            aliases: Mapping[str, sympy.Basic] | None = None, description: str | None = None,
            fixed: Mapping[str, int] | None = None, judge: Domain | None = None,
            input_row: tuple[tuple[str, ...], tuple[sympy.Basic, ...]] | None = None) -> MomentProblem:
    """Parse the statistic, condition and claimed form in the user's names (counts, the model's
    parameters, n, and the ``named`` expressions such as a family's p and q), chart every parameter that
    enters only through exp, and build the enumerated model in the charted coordinates.

    ``aliases`` maps further count names (a family's C0, C1, ...) to expressions in the model's counts;
    ``fixed``, ``judge`` and ``input_row`` (the row of a continuous input, in its variables): see
    :class:`MomentProblem`."""
    parameters = base.parameters
    aliases = dict(aliases or {})
    allowed = base.names + tuple(aliases) + parameters + ("n",) + tuple(named)
    substitute = {symbol(k): v for k, v in {**named, **aliases}.items()}

    def read(value: ExprLike, name: str, relational: bool) -> sympy.Basic:
        expr = as_expression(value, name, allowed=allowed, relational=relational)
        return expr.xreplace(substitute) if substitute else expr

    stat = read(statistic, "statistic", False)
    check_size(stat, "statistic", statistic, frozenset(base.names))
    condition = None if given is None else read(given, "given", True)
    form = read(claimed, "claimed", False)
    _check_claimed(form, claimed)
    mech_entries = [e for row in base.mechanism.matrix for e in row]
    data_entries = list(base.data.entries())
    exprs = mech_entries + data_entries + [stat] + ([condition] if condition is not None else [])
    charts = charts_for(exprs, parameters)
    if charts:
        def chart(expr: sympy.Basic) -> sympy.Basic:
            for c in charts.values():
                expr = c.rewrite(expr)
            return expr

        matrix = [[chart(e) for e in row] for row in base.mechanism.matrix]
        rows = [chart(e) for e in data_entries]
        data = Prior(rows) if isinstance(base.data, Prior) else Counts(rows)
        model = FiniteModel(FiniteMechanism(matrix), data, base.names, base.aliases, base.extra)
        stat, condition = chart(stat), None if condition is None else chart(condition)
        for c in charts.values():
            form = c.through_log(form)
        if input_row is not None:
            input_row = (input_row[0], tuple(chart(e) for e in input_row[1]))
    else:
        model = base
    compiled = CountStatistic(model, stat, condition)
    respondents = tuple(sorted(set(base.data.parameters) - set(base.mechanism.parameters))) \
        if isinstance(base.data, Counts) else ()
    stated = _domain_of(domain, parameters + tuple(fixed or {}))
    return MomentProblem(compiled, form, False, charts, stated, parameters, respondents,
                         description or base.describe(), dict(notes or {}), dict(fixed or {}), judge, input_row)
