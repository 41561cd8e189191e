"""Re-checking one machine-checked step with nothing but sympy, z3, cvc5 and python-flint.

These functions are two things at once:

* the toolkit's own check of a step (:meth:`proofs.kernel.steps.Step.check`), run when a step is recorded
  from data that no engine has decided yet (the two sides of a counterexample, a finite check);
* the *prelude* of every proof certificate: :mod:`proofs.certificates` copies the source of the functions a
  certificate uses into it, verbatim, so what a referee runs is what the toolkit ran.

So they import nothing of the toolkit (a test reads this module's imports: the standard library and sympy
at the top; z3, cvc5 and python-flint inside the functions that need them, because a certificate that asks
no solver must not need one installed), and each function is self-contained apart from the helpers it
names in :data:`NEEDS`.

The rules a step is checked by:

* an **identity** ``lhs == rhs``: ``lhs - rhs`` (finite sums and derivatives evaluated by ``doit``) is
  reduced to 0 by the named sympy simplification (``cancel``, ``expand``, ``simplify``, ...); any of them
  reducing it to 0 proves it, as each rewrites an expression into an equal one;
* an **exact value** or a **condition at a point**: the symbols are replaced by exact numbers; a rational
  number is compared exactly; an irrational one has its sign decided by python-flint balls at two
  precisions (200 and 400 bits), which must exclude 0 and agree; an equality of irrationals must simplify
  to 0 (a ball never shows that a number is exactly 0);
* an **interval box**: the expression is enclosed by interval arithmetic on exact python-flint endpoints,
  rounded outward, over the whole box; the enclosure must lie on the stated side of 0 (one enclosure is a
  proof for every point of the box where the expression is defined);
* a **value at two precisions** (an integral with no closed form, a coverage): the expression is computed by
  mpmath at ``dps`` and ``2 dps`` decimal digits (integrals by ``mpmath.quad``) at each point of a finite set;
  the two values must agree within ``10^-(dps - 10)`` (relative), lie farther than that from 0, and have the
  stated sign (numerical support at finitely many points, never a proof);
* an **enumeration**: a procedure of :mod:`proofs.kernel.enumerations` (copied into the certificate beside
  these helpers) regenerates every case of a finite check from its arguments and recomputes it; it must find
  no failing case and check exactly the stated number of cases;
* an **SMT query**: the SMT-LIB text is given to z3 (or cvc5) and its answer must be the expected one
  (``unsat`` for a proof: no point satisfies the negation).
"""

from __future__ import annotations

import itertools
import re

import sympy

__all__ = ["NEEDS", "STDLIB", "ZERO_BY", "SIGNS", "reduced", "is_zero", "is_nonnegative", "value_at", "arb_value",
           "sign_of", "truth", "enclosure", "box_sign_holds", "smt_answer", "finite_check", "check_smt", "check_identity",
           "check_inequality", "check_value", "check_holds",
           "check_boxes", "check_grid", "mp_value", "check_two_precisions", "check_enumeration"]

#: The helpers each helper calls (the prelude of a certificate is closed under this relation).
NEEDS = {
    "reduced": (),
    "is_zero": ("reduced",),
    "is_nonnegative": ("reduced",),
    "value_at": (),
    "arb_value": (),
    "sign_of": ("arb_value", "is_zero"),
    "truth": ("sign_of", "value_at"),
    "enclosure": (),
    "box_sign_holds": ("enclosure", "sign_of", "value_at"),
    "smt_answer": (),
    "finite_check": ("truth",),
    "check_smt": ("smt_answer",),
    "check_identity": ("is_zero",),
    "check_inequality": ("is_nonnegative",),
    "check_value": ("value_at", "sign_of"),
    "check_holds": ("truth",),
    "check_boxes": ("box_sign_holds",),
    "check_grid": ("finite_check",),
    "mp_value": (),
    "check_two_precisions": ("mp_value",),
    "check_enumeration": (),
}

#: The standard-library modules a helper uses (imported at the top of a certificate that copies it).
STDLIB = {"smt_answer": ("re",), "finite_check": ("itertools",)}

#: The sign conditions of an interval box.
SIGNS = (">0", ">=0", "<0", "<=0", "!=0")

#: The simplifications an identity may name: each maps an expression to an equal one.
ZERO_BY = ("cancel", "expand", "simplify", "combsimp", "expand_func", "erf", "factor", "gamma")


def reduced(expr, how="simplify"):
    """``expr`` rewritten into an equal expression by the simplification ``how``: cancel (of the combined
    fraction), expand, simplify, combsimp (simplify, combsimp, simplify), expand_func (then simplify), erf
    (rewritten with erf, then simplify), factor, or gamma (binomials and factorials through the gamma
    function: expand_func, combsimp, simplify, then factor). Finite sums, derivatives and limits are
    evaluated first (for gamma, only limits: its sums stay symbolic)."""
    expr = sympy.sympify(expr)
    if how == "gamma":
        expr = expr.replace(lambda e: isinstance(e, sympy.Limit), lambda e: e.doit())
        expr = sympy.expand_func(expr)
        return 0 if expr == 0 else sympy.factor(sympy.simplify(sympy.combsimp(expr)))
    expr = expr.doit()
    if expr == 0:
        return expr
    ways = {
        "cancel": lambda e: sympy.cancel(sympy.together(e)),
        "expand": lambda e: sympy.expand(e),
        "simplify": lambda e: sympy.simplify(sympy.together(e)),
        "combsimp": lambda e: sympy.simplify(sympy.combsimp(sympy.simplify(e))),
        "expand_func": lambda e: sympy.simplify(sympy.expand_func(e)),
        "erf": lambda e: sympy.simplify(e.rewrite(sympy.erf)),
        "factor": lambda e: sympy.factor(sympy.together(e)),
    }
    if how not in ways:
        raise ValueError(f"how={how!r}: not one of {sorted(ways) + ['gamma']}")
    return ways[how](expr)


def is_zero(expr, how="simplify"):
    """Whether ``expr`` reduces to 0 by the simplification ``how`` (see :func:`reduced`)."""
    return reduced(expr, how) == 0


def is_nonnegative(expr, how="gamma"):
    """Whether ``expr``, reduced by ``how``, is nonnegative by sympy's assumptions on its symbols (an
    integer index is >= 0, a probability-like symbol declared nonnegative, a square, ...)."""
    return sympy.sympify(reduced(expr, how)).is_nonnegative is True


def value_at(expr, point):
    """``expr`` with each symbol replaced by its exact value in ``point`` (keys: symbols or their names;
    values: integers, fractions or exact sympy numbers), finite sums and derivatives evaluated."""
    if any(isinstance(v, (str, float)) for v in point.values()):
        raise ValueError(f"{point}: values are exact numbers, never text or floats")
    values = {str(k): sympy.S(v) for k, v in point.items()}
    expr = sympy.sympify(expr)
    free = {s: values[s.name] for s in expr.free_symbols if s.name in values}
    result = expr.xreplace(free).doit()
    if result.has(sympy.Float):
        raise ValueError(f"{expr} at {point} contains a floating-point number: not an exact value")
    return result


def arb_value(expr, env=None, prec=200):
    """A python-flint ball enclosing the real number ``expr`` (``env`` maps symbol names to balls), at
    ``prec`` bits. Raises ValueError for a function it does not know."""
    import flint  # certificates that evaluate no ball need not have python-flint

    env = env or {}
    functions = {sympy.exp: "exp", sympy.log: "log", sympy.erf: "erf", sympy.erfc: "erfc", sympy.erfinv: "erfinv",
                 sympy.gamma: "gamma", sympy.sin: "sin", sympy.cos: "cos", sympy.tanh: "tanh", sympy.atan: "atan"}

    def ball(e):
        if e.is_Integer:
            return flint.arb(int(e))
        if e.is_Rational:
            return flint.arb(flint.fmpq(int(e.p), int(e.q)))
        if e.is_Symbol:
            if e.name not in env:
                raise ValueError(f"no value for the symbol {e.name}")
            return env[e.name]
        if e is sympy.pi:
            return flint.arb.pi()
        if e is sympy.E:
            return flint.arb(1).exp()
        if e.is_Add:
            total = flint.arb(0)
            for term in e.args:
                total += ball(term)
            return total
        if e.is_Mul:
            product = flint.arb(1)
            for factor in e.args:
                product *= ball(factor)
            return product
        if e.is_Pow:
            base, exponent = e.args
            if exponent.is_Integer:
                b, k = ball(base), abs(int(exponent))
                if b.contains(0) and k > 0:  # arb's power of a ball around 0 is nan; bound it by |b| <= u
                    even = flint.arb(0).union(b.abs_upper() ** (k - k % 2))
                    power = even if k % 2 == 0 else b * even
                else:
                    power = b ** k
                return power if exponent >= 0 else 1 / power
            if exponent == sympy.Rational(1, 2):
                return ball(base).sqrt()
            if exponent == sympy.Rational(-1, 2):
                return 1 / ball(base).sqrt()
            return ball(base) ** ball(exponent)
        if isinstance(e, sympy.Abs):
            return abs(ball(e.args[0]))
        if e.func in functions and len(e.args) == 1:
            return getattr(ball(e.args[0]), functions[e.func])()
        if isinstance(e, (sympy.binomial, sympy.factorial)) and not e.free_symbols:
            exact = sympy.expand_func(e).doit()
            if exact.is_Integer:
                return flint.arb(int(exact))
        raise ValueError(f"no ball arithmetic for {e.func.__name__} in {expr}")

    saved = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        return ball(sympy.sympify(expr))
    finally:
        flint.ctx.prec = saved


def sign_of(value):
    """The sign (+1, 0, -1) of a real number given exactly (a sympy expression without symbols), or None
    when it is not decided: a rational exactly; otherwise balls at 200 and 400 bits that both exclude 0 and
    agree, or a simplification to exactly 0."""
    value = sympy.sympify(value)
    if value.is_Rational:
        return 1 if value > 0 else (-1 if value < 0 else 0)
    if value.free_symbols:
        raise ValueError(f"{value} still has symbols")
    signs = set()
    for prec in (200, 400):
        try:
            ball = arb_value(value, {}, prec)
        except (ValueError, ZeroDivisionError):
            return 0 if is_zero(value, "simplify") else None
        signs.add(1 if ball > 0 else -1 if ball < 0 else None)
    if signs in ({1}, {-1}):
        return signs.pop()
    return 0 if is_zero(value, "simplify") else None


def truth(condition, point):
    """Whether the sympy condition (a relation, or And/Or/Not of relations) holds at ``point``: True,
    False, or None when a sign is not decided. Each relation is decided by the sign of lhs - rhs at the
    point (:func:`sign_of`), never by a floating-point comparison."""
    condition = sympy.sympify(condition)
    if condition is sympy.true or condition is sympy.false:
        return bool(condition)
    if isinstance(condition, sympy.And):
        parts = [truth(c, point) for c in condition.args]
        return False if False in parts else (None if None in parts else True)
    if isinstance(condition, sympy.Or):
        parts = [truth(c, point) for c in condition.args]
        return True if True in parts else (None if None in parts else False)
    if isinstance(condition, sympy.Not):
        inner = truth(condition.args[0], point)
        return None if inner is None else not inner
    if isinstance(condition, sympy.core.relational.Relational):
        sign = sign_of(value_at(condition.lhs, point) - value_at(condition.rhs, point))
        if sign is None:
            return None
        return {"==": sign == 0, "!=": sign != 0, "<": sign < 0, "<=": sign <= 0, ">": sign > 0,
                ">=": sign >= 0}[condition.rel_op]
    raise ValueError(f"not a condition: {condition}")


def enclosure(expr, box, prec=200):
    """``(lo, hi)``, exact python-flint numbers (``±inf`` allowed), with ``lo <= value <= hi`` at every point
    of the box (name -> (lo, hi): rationals, or ``-oo``/``oo``) where ``expr`` is defined: interval arithmetic
    on endpoints, rounded outward (the natural interval extension). A logarithm, a reciprocal or a root
    is taken over the part of its argument's interval where it is defined (sound where the expression is
    defined at every point that matters: its side conditions are decided by other steps); ``None`` when
    the expression is defined nowhere on the box."""
    import flint  # certificates that enclose no box need not have python-flint

    inf, ninf, zero = flint.arb.pos_inf(), flint.arb.neg_inf(), flint.arb(0)

    def fin(x):
        return x.is_finite()

    def exact(value):
        value = sympy.sympify(value)
        if value == sympy.oo:
            return inf, inf
        if value == -sympy.oo:
            return ninf, ninf
        b = flint.arb(flint.fmpq(int(value.p), int(value.q)))
        return b.lower(), b.upper()

    def least(values):
        best = values[0]
        for v in values[1:]:
            best = v if v < best else best
        return best

    def greatest(values):
        best = values[0]
        for v in values[1:]:
            best = v if v > best else best
        return best

    def product(a, b, down):
        if a == 0 or b == 0:
            return zero
        if not (fin(a) and fin(b)):
            return inf if (a > 0) == (b > 0) else ninf
        return (a * b).lower() if down else (a * b).upper()

    def mul(x, y):
        pairs = [(a, b) for a in x for b in y]
        return least([product(a, b, True) for a, b in pairs]), greatest([product(a, b, False) for a, b in pairs])

    def add(x, y):
        lo = ninf if not (fin(x[0]) and fin(y[0])) else (x[0] + y[0]).lower()
        hi = inf if not (fin(x[1]) and fin(y[1])) else (x[1] + y[1]).upper()
        return lo, hi

    def end(f, a, down, at_ninf, at_inf):
        if not fin(a):
            return at_inf if a > 0 else at_ninf
        value = f(a)
        return value.lower() if down else value.upper()

    def increasing(x, f, at_ninf, at_inf):
        return end(f, x[0], True, at_ninf, at_inf), end(f, x[1], False, at_ninf, at_inf)

    def power(x, n):
        def pw(a, down):
            return end(lambda v: v ** n, a, down, inf if n % 2 == 0 else ninf, inf)
        if n == 0:
            return flint.arb(1), flint.arb(1)
        if n % 2 == 1 or x[0] >= 0:
            return pw(x[0], True), pw(x[1], False)
        if x[1] <= 0:
            return pw(x[1], True), pw(x[0], False)
        top = x[1] if x[1] >= -x[0] else -x[0]
        return zero, pw(top, False)

    def reciprocal(x):
        if x[0] > 0 or x[1] < 0:
            return (zero if not fin(x[1]) else (1 / x[1]).lower()), (zero if not fin(x[0]) else (1 / x[0]).upper())
        if x[0] == 0 and x[1] == 0:
            return None
        if x[0] == 0:
            return (zero if not fin(x[1]) else (1 / x[1]).lower()), inf
        if x[1] == 0:
            return ninf, (zero if not fin(x[0]) else (1 / x[0]).upper())
        return ninf, inf

    def positive_part(x, strict):
        if x[1] < 0 or (strict and x[1] <= 0):
            return None
        return (zero if x[0] < 0 else x[0]), x[1]

    def ev(e):
        if e.is_Rational or e in (sympy.oo, -sympy.oo):
            return exact(e)
        if e.is_Symbol:
            return exact(box[e.name][0])[0], exact(box[e.name][1])[1]
        if e is sympy.pi or e is sympy.E:
            b = flint.arb.pi() if e is sympy.pi else flint.arb(1).exp()
            return b.lower(), b.upper()
        parts = [ev(a) for a in e.args]
        if any(part is None for part in parts):
            return None
        if e.is_Add:
            total = parts[0]
            for part in parts[1:]:
                total = add(total, part)
            return total
        if e.is_Mul:
            total = parts[0]
            for part in parts[1:]:
                total = mul(total, part)
            return total
        if e.is_Pow:
            base, exponent = parts[0], e.args[1]
            if exponent.is_Integer:
                raised = power(base, abs(int(exponent)))
                return raised if exponent >= 0 else reciprocal(raised)
            if exponent.is_Rational:
                inside = positive_part(base, strict=exponent < 0)
                if inside is None:
                    return None
                r = flint.arb(flint.fmpq(int(exponent.p), int(exponent.q)))
                logged = increasing(inside, lambda v: v.log(), ninf, inf) if inside[0] > 0 else (ninf, end(
                    lambda v: v.log(), inside[1], False, ninf, inf))
                scaled = mul(logged, (r.lower(), r.upper()))
                return increasing(scaled, lambda v: v.exp(), zero, inf)
            return ev(sympy.exp(e.args[1] * sympy.log(e.args[0])))
        if isinstance(e, sympy.exp):
            return increasing(parts[0], lambda v: v.exp(), zero, inf)
        if isinstance(e, sympy.log):
            inside = positive_part(parts[0], strict=True)
            if inside is None:
                return None
            low = ninf if inside[0] <= 0 else end(lambda v: v.log(), inside[0], True, ninf, inf)
            return low, end(lambda v: v.log(), inside[1], False, ninf, inf)
        if isinstance(e, sympy.erf):
            return increasing(parts[0], lambda v: v.erf(), flint.arb(-1), flint.arb(1))
        if isinstance(e, sympy.erfc):
            x = parts[0]
            return end(lambda v: v.erfc(), x[1], True, flint.arb(2), zero), end(lambda v: v.erfc(), x[0], False,
                                                                                flint.arb(2), zero)
        if isinstance(e, sympy.atan):
            return increasing(parts[0], lambda v: v.atan(), -flint.arb.pi() / 2, flint.arb.pi() / 2)
        if isinstance(e, sympy.tanh):
            return increasing(parts[0], lambda v: v.tanh(), flint.arb(-1), flint.arb(1))
        if isinstance(e, sympy.Abs):
            x = parts[0]
            if x[0] >= 0:
                return x
            if x[1] <= 0:
                return -x[1], -x[0]
            return zero, (x[1] if x[1] >= -x[0] else -x[0])
        raise ValueError(f"no interval arithmetic for {e.func.__name__} in {expr}")

    box = {str(name): ends for name, ends in box.items()}
    saved = flint.ctx.prec
    flint.ctx.prec = prec
    try:
        found = ev(sympy.sympify(expr))
    finally:
        flint.ctx.prec = saved
    return found


def box_sign_holds(expr, sign, box, prec=200, parts=4096):
    """Whether the enclosure of ``expr`` over the box (:func:`enclosure`) lies on the side of 0 that ``sign``
    states: then every point of the box where ``expr`` is defined satisfies it. When it does not, the box is
    cut in two across its widest bounded side, again and again, into at most ``parts`` boxes, each shown by
    its own enclosure (the natural extension overestimates less on a narrower box: a box that a decider closed
    with a sharper form, such as the mean-value form, is closed here by plain enclosures of its parts; every
    part must be shown, so no point is left out). A box that is one point is decided at that point (exactly
    for a rational value, by balls at two precisions otherwise)."""
    if all(sympy.sympify(lo) == sympy.sympify(hi) for lo, hi in box.values()):
        found = sign_of(value_at(expr, {str(k): lo for k, (lo, hi) in box.items()}))
        return found is not None and {">0": found > 0, ">=0": found >= 0, "<0": found < 0, "<=0": found <= 0,
                                      "!=0": found != 0}[sign]

    def shown(part):
        found = enclosure(expr, part, prec)
        if found is None:
            return None
        lo, hi = found
        return {">0": lo > 0, ">=0": lo >= 0, "<0": hi < 0, "<=0": hi <= 0, "!=0": lo > 0 or hi < 0}[sign]

    pending, count = [{str(k): (sympy.sympify(lo), sympy.sympify(hi)) for k, (lo, hi) in box.items()}], 1
    while pending:
        part = pending.pop()
        holds = shown(part)
        if holds is None:
            return False
        if holds:
            continue
        sides = [(hi - lo, name) for name, (lo, hi) in part.items() if lo.is_finite and hi.is_finite and lo < hi]
        if not sides or count >= parts:
            return False
        _, name = max(sides, key=lambda side: (side[0], side[1]))
        lo, hi = part[name]
        middle = (lo + hi) / 2
        pending += [{**part, name: (lo, middle)}, {**part, name: (middle, hi)}]
        count += 1
    return True


def smt_answer(smtlib, solver="z3", timeout=60):
    """What z3 (or cvc5) answers to the SMT-LIB text: ``"sat"``, ``"unsat"`` or ``"unknown"`` (also after
    ``timeout`` seconds)."""
    if solver == "z3":
        import z3  # certificates that ask no solver need not have z3

        logic = re.search(r"\(set-logic\s+([A-Za-z_]+)\)", smtlib)
        s = z3.SolverFor(logic.group(1), ctx=z3.Context()) if logic else z3.Solver(ctx=z3.Context())
        s.set("timeout", int(timeout * 1000))
        s.from_string(smtlib)
        return str(s.check())
    if solver == "cvc5":
        import cvc5  # certificates that ask no solver need not have cvc5

        tm = cvc5.TermManager()
        s = cvc5.Solver(tm)
        s.setOption("tlimit-per", str(int(timeout * 1000)))
        symbols = cvc5.SymbolManager(tm)
        parser = cvc5.InputParser(s, symbols)
        parser.setStringInput(cvc5.InputLanguage.SMT_LIB_2_6, smtlib, "certificate")
        answers = []
        while True:
            command = parser.nextCommand()
            if command.isNull():
                break
            said = command.invoke(s, symbols).strip()
            if said:
                answers.append(said)
        return answers[-1] if answers else "unknown"
    raise ValueError(f"solver={solver!r}: not z3 or cvc5")


def finite_check(condition, grid, premise=None, where=None):
    """The condition at every point of a finite set that satisfies ``where`` (the stated domain, when the
    set is a box around it): ``grid`` is a dict (name -> values: their product) or ``(names, points)`` (rows
    of values). Returns (cases checked, cases where the premise held, the first point where the premise
    holds and the condition does not, or where a sign was undecided)."""
    if isinstance(grid, dict):
        names = list(grid)
        rows = itertools.product(*(grid[name] for name in names))
    else:
        names, rows = grid
    checked = in_premise = 0
    for values in rows:
        point = dict(zip(names, values))
        if where is not None and truth(where, point) is not True:
            continue
        checked += 1
        if premise is not None and truth(premise, point) is not True:
            continue
        in_premise += 1
        if truth(condition, point) is not True:
            return checked, in_premise, point
    return checked, in_premise, None


# ---------------------------------------------------------------------- one check per kind of step
# Each returns (whether the step checks, what was found, in words).

def check_smt(smtlib, solver, expected):
    """An SMT query gets the expected answer."""
    answer = smt_answer(smtlib, solver)
    return answer == expected, f"{solver} says {answer} (expected {expected})"


def check_identity(lhs, rhs, how):
    """``lhs - rhs`` reduces to 0 by the simplification ``how``."""
    if is_zero(sympy.sympify(lhs) - sympy.sympify(rhs), how):
        return True, f"lhs - rhs reduces to 0 ({how})"
    return False, f"lhs - rhs does not reduce to 0 ({how})"


def check_inequality(lhs, rhs, how):
    """``lhs - rhs``, reduced by ``how``, is nonnegative by sympy's assumptions."""
    if is_nonnegative(sympy.sympify(lhs) - sympy.sympify(rhs), how):
        return True, f"lhs - rhs reduces ({how}) to an expression sympy shows >= 0"
    return False, f"sympy does not show lhs - rhs >= 0 ({how})"


def check_value(expr, point, value):
    """``expr`` at ``point`` is exactly ``value``."""
    found = value_at(expr, point)
    return sign_of(found - sympy.sympify(value)) == 0, f"= {found}"


def check_holds(condition, point, integers=()):
    """``condition`` holds at ``point`` and the names in ``integers`` have integer values there."""
    values = {str(k): v for k, v in point.items()}
    fractional = [name for name in integers if not sympy.S(values[name]).is_Integer]
    if fractional:
        return False, f"not an integer: {', '.join(fractional)}"
    found = truth(condition, point)
    return found is True, {True: "true", False: "false", None: "undecided"}[found]


def check_boxes(expr, sign, boxes, prec=200):
    """``expr sign`` on every box, each by one enclosure."""
    failed = [i for i, box in enumerate(boxes) if not box_sign_holds(expr, sign, box, prec)]
    if failed:
        return False, f"the enclosure does not show {sign} on box {failed[0] + 1} of {len(boxes)}"
    return True, f"{sign} on all {len(boxes)} boxes"


def check_grid(condition, grid, cases, premise=None, where=None, premise_cases=None):
    """``condition`` at every grid point in ``where`` where the premise holds, over the stated counts."""
    checked, in_premise, failed = finite_check(condition, grid, premise, where)
    shown = f"{checked} cases" + (f", {in_premise} where the premise holds" if premise is not None else "")
    if failed is not None:
        return False, f"fails (or undecided) at {failed}; {shown}"
    if checked != cases or (premise_cases is not None and in_premise != premise_cases):
        return False, f"{shown}, but {cases} were stated" + (
            f" ({premise_cases} with the premise)" if premise_cases is not None else "")
    return True, shown


def mp_value(expr, point, dps, where=(), compiled=None):
    """The real number ``expr`` at ``point`` computed by mpmath at ``dps`` decimal digits: the exact values of
    ``point`` are rounded once to that precision, each ``(name, expression)`` of ``where`` is computed once, in
    order, from the point and the names before it, and an integral is computed by ``mpmath.quad`` over its
    limits (sympy's mpmath printer). ``compiled``, a dict, keeps each expression's printed function for the
    next call (the function reads the working precision when it runs, so it computes the same at any point
    and precision as a freshly printed one)."""
    import mpmath  # only a certificate with a value at two precisions needs mpmath

    if any(isinstance(v, (str, float)) for v in point.values()):
        raise ValueError(f"{point}: values are exact numbers, never text or floats")
    known = {} if compiled is None else compiled
    with mpmath.workdps(dps):
        env = {}
        for name, value in point.items():
            value = sympy.Rational(value)
            env[str(name)] = mpmath.mpf(int(value.p)) / int(value.q)

        def evaluate(e):
            e = sympy.sympify(e)
            if e not in known:
                names = sorted(s.name for s in e.free_symbols)
                known[e] = names, sympy.lambdify(names, e, modules="mpmath")
            names, function = known[e]
            return function(*[env[n] for n in names])

        for name, e in where:
            env[str(name)] = evaluate(e)
        return +evaluate(expr)


def check_two_precisions(expr, sign, names, points, dps, where=()):
    """``expr sign`` at every point (rows of values of ``names``), computed at ``dps`` and ``2 dps`` digits:
    the two values agree within ``10^-(dps - 10)`` (relative), lie farther than that from 0, and have the sign."""
    import mpmath  # only a certificate with a value at two precisions needs mpmath

    holds = {">0": lambda v: v > 0, ">=0": lambda v: v >= 0, "<0": lambda v: v < 0, "<=0": lambda v: v <= 0}[sign]
    smallest, compiled = None, {}
    for row in points:
        point = dict(zip(names, row))
        low, high = mp_value(expr, point, dps, where, compiled), mp_value(expr, point, 2 * dps, where, compiled)
        with mpmath.workdps(2 * dps):
            tolerance = mpmath.mpf(10) ** (10 - dps) * max(1, abs(high))
            shown = f"{mpmath.nstr(low, 12)} and {mpmath.nstr(high, 12)} at {point}"
            if abs(low - high) > tolerance or abs(high) <= tolerance:
                return False, f"undecided: {shown}"
            if not holds(high):
                return False, f"fails: {shown}"
            smallest = high if smallest is None or abs(high) < abs(smallest) else smallest
    return True, (f"{sign} at all {len(points)} points, at {dps} and {2 * dps} digits (nearest 0: "
                  f"{mpmath.nstr(smallest, 6)})")


def check_enumeration(procedure, arguments, cases):
    """``procedure(**arguments)`` (a finite check that regenerates its own cases) checks exactly ``cases`` cases
    and finds no failing one."""
    checked, failed = procedure(**arguments)
    if failed is not None:
        return False, f"fails at case {checked}: {failed}"
    if checked != cases:
        return False, f"{checked} cases, but {cases} were stated"
    return True, f"{checked} cases"
