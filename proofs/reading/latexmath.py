"""LaTeX mathematics read into sympy, or a one-line reason why not.

:func:`read_formula` reads the LaTeX of a formula as a paper prints it (``\\frac{e^{\\epsilon}}{1+e^{\\epsilon}}
\\le 1``) into :class:`FormulaStatement` objects: the sides of a relation chain and the relations between them
(``=``, ``<=``, ``<``, ``>=``, ``>``, ``!=``, ``≈``, ``:=``), each side a sympy expression. Nothing is
evaluated as code: a recursive-descent parser builds the expression from a fixed vocabulary, and anything
outside it stops the reading with the construct named (:class:`Unread`), never with a guess.

Why not sympy's own LaTeX parser: its ANTLR backend reads a command it does not know as a product of
letters (``\\mathrm{Var}[x]`` → ``m·a·t·h·r·m·V·a·r·x``) and ``n(p-q)`` as a function ``n`` applied to
``p - q``, and its Lark backend stops at ``\\mathrm``, ``\\approx``, ``\\hat`` and most relations; a wrong
expression is worse than none. Here an unknown command is a reason, not a symbol.

The readings (one per notion, the same in every formula):

* letters are symbols; ``n_{1}`` is ``n1`` (a letter and digits), ``Q_{WRR}`` is ``Q_WRR``, ``x'`` and
  ``x^{\\prime}`` are ``x_prime``, ``\\hat{\\pi}`` is ``pi_hat`` (also ``bar``, ``tilde``, ``check``, ``dot``);
  Greek letters by name, ``\\epsilon``/``\\varepsilon`` as ``eps`` and ``\\lambda`` as ``lam`` (the toolkit's
  names); ``\\pi`` is a symbol named ``pi`` (papers on surveys use it for a proportion), not the constant;
* ``e^{x}`` is ``exp(x)``; a lone ``e`` is a symbol named ``e``; ``\\infty`` is ``oo``;
* a superscript of two or more letters, or with a comma, labels its base (``T^{pe}`` → ``T^pe``,
  ``f^{2,pe}``); any other superscript is a power;
* adjacent factors multiply (``2p``, ``n(p-q)``); a letter before parentheses is a factor, except ``f``,
  ``g``, ``h``, a name the paper defines as a function (``functions=``), a primed letter (``f'(q)``) and
  the operator words ``Var``, ``Cov``, ``Pr``, ``bel``, ``pl``, ``GS``, which are applied
  (``Function('f')(q)``);
* ``\\mathbb{E}[X \\mid A]``, ``E[X]``, ``\\operatorname{Var}(X)``, ``\\Pr[A]`` are sympy's
  ``Expectation``, ``Variance`` and ``Probability`` (the condition after ``|`` or ``\\mid`` kept);
* ``\\sum_{i=1}^{n}``, ``\\sum_{0 \\le k \\le n-1}`` (``<`` read on integers), ``\\prod`` likewise, take the
  product that follows; ``\\int_{a}^{b} f \\, dx`` is an ``Integral``; ``\\binom{n}{k}`` and
  ``{n \\choose k}`` are binomials; ``\\max``/``\\min`` of a list are ``Max``/``Min``; ``|x|`` is ``Abs``;
  ``pmatrix``, ``bmatrix``, ``array`` are matrices; ``cases`` is a ``Piecewise``;
* ``\\text{...}``, ``\\quad`` or ``,`` followed by words (``for all x``, ``if``, ``where``) end the
  formula: what follows is its condition, kept as written (:attr:`FormulaStatement.condition`); ``, \\quad`` and
  ``\\quad \\text{and}`` between complete relations separate statements (``a = b, \\quad c = d``);
  ``e^{-\\epsilon} \\le a, b \\le e^{\\epsilon}`` bounds each listed term (one statement per term, reported);
* a name the paper applies somewhere to names or to a condition (``\\ell(t)``, ``r(t)``, ``f(y \\mid t)``,
  ``\\Pr[\\cdot]``; :func:`declared_functions`) is a function in every formula (``p_{x}(E)`` makes every
  ``p_{...}`` one, not ``p``); ``f^{-1}(E)`` is the inverse applied; a declared function followed by an
  application without parentheses (``p_x f^{-1}(E)``) is applied to it; ``t^{*}``, ``\\hat\\theta``,
  ``\\bar Z``, ``t'`` are names, ``R^{c}`` (a capital) the complement ``R^c``;
* ``\\sum``, ``\\prod``, ``\\max``, ``\\min``, ``\\sup``, ``\\inf`` over a domain that is not an integer range
  (``x \\in [0, 1]``, ``x, x' \\in X``, ``E \\subseteq Z``, ``n_1 + n_2 = n, n_1 \\ne 0``) are the undefined
  functions of :data:`_OVER` applied to (body, indices, conditions); membership in an interval, a list or
  ``\\mathbb{R}`` is ``Contains``, in a set the paper names ``In(x, S)``.

Every reading the LaTeX leaves open (a product that could be an application, a list of bounds, ``\\mathbb{N}``)
is recorded in :attr:`FormulaStatement.readings`, never taken silently.

Not read (each a reason): a top-level ``\\in`` and other logic (``\\subseteq``, ``\\forall``, ``\\to``), sets
written out as a side (``\\{0, 1\\}``), ellipses (``\\cdots``), norms, limits, a comma list that is not a
list of bounds (``a = b, c = d``), ``\\sim`` and ``\\propto``, prose inside a formula.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

__all__ = ["FormulaStatement", "Unread", "read_formula", "declared_functions", "RELATIONS", "FUNCTION_WORDS", "MAX_FORMULA"]

#: Longest formula read into sympy (characters of LaTeX); a longer one is listed as not read, with the limit.
MAX_FORMULA = 5_000

#: Relations read, as written in a statement's ``relations``.
RELATIONS = {
    "=": "=", "<": "<", ">": ">", "le": "<=", "leq": "<=", "leqslant": "<=", "leqq": "<=", "ge": ">=",
    "geq": ">=", "geqslant": ">=", "geqq": ">=", "ne": "!=", "neq": "!=", "approx": "≈", "simeq": "≈",
    "coloneqq": ":=", "triangleq": ":=", "equiv": ":=", "eqqcolon": ":=", "doteq": ":=",
}
#: Words that name a function or an operator when written in plain letters (``Var[X]``, ``pl_{x}(E)``).
FUNCTION_WORDS = ("Var", "Cov", "Pr", "bel", "pl", "GS", "MSE", "KL")
_ELEMENTARY = {"exp": "exp", "ln": "log", "log": "log", "sin": "sin", "cos": "cos", "tan": "tan",
               "sinh": "sinh", "cosh": "cosh", "tanh": "tanh", "arcsin": "asin", "arccos": "acos",
               "arctan": "atan", "sqrt": "sqrt"}
_WORDS = tuple(sorted({*FUNCTION_WORDS, *_ELEMENTARY, "max", "min", "sup", "inf", "det", "tr", "argmax",
                       "argmin", "lim", "E", "P"} - {"E", "P"}, key=len, reverse=True))
_GREEK = {
    "alpha", "beta", "gamma", "delta", "zeta", "eta", "theta", "iota", "kappa", "mu", "nu", "xi", "pi",
    "rho", "sigma", "tau", "upsilon", "phi", "chi", "psi", "omega", "Gamma", "Delta", "Theta", "Lambda", "Xi",
    "Pi", "Sigma", "Upsilon", "Phi", "Psi", "Omega",
}
_GREEK_NAMES = {"epsilon": "eps", "varepsilon": "eps", "lambda": "lam", "varphi": "phi", "vartheta": "theta",
                "varrho": "rho", "varsigma": "sigma", "varpi": "pi", "ell": "l", "imath": "i", "jmath": "j"}
_ACCENTS = {"hat": "hat", "widehat": "hat", "bar": "bar", "overline": "bar", "tilde": "tilde",
            "widetilde": "tilde", "check": "check", "dot": "dot", "ddot": "ddot", "vec": "vec",
            "breve": "breve", "acute": "acute", "grave": "grave", "mathring": "ring"}
_STYLES = {"mathbf", "boldsymbol", "bm", "mathit", "mathsf", "mathtt", "mathnormal", "pmb"}
_DROP = re.compile(r"(?<!\\)\\(displaystyle|textstyle|scriptstyle|scriptscriptstyle|limits|nolimits|left\.|right\.|"
                   r"left|right|[bB]igg?[lrm]?|middle|quad|qquad|enspace|thinspace|medspace|thickspace|"
                   r"negthinspace|nonumber|notag|allowbreak|strut|mathstrut|[,;:!> ])(?![A-Za-z])")
#: Operators that may stand in a subscript that labels a name (``Q_{1 \times 2}``, ``Q_{A \otimes B}``,
#: ``f_{g \circ h}``): the subscript names the object, so the operator becomes letters of the name.
_SUBSCRIPT_OPERATORS = {"times": "x", "otimes": "ox", "circ": "o"}
_NOT_READ = {
    "in": "set membership (\\in)", "notin": "set membership (\\notin)", "subset": "a set relation (\\subset)",
    "subseteq": "a set relation (\\subseteq)", "supseteq": "a set relation (\\supseteq)",
    "supset": "a set relation (\\supset)", "cup": "a set operation (\\cup)", "cap": "a set operation (\\cap)",
    "setminus": "a set operation (\\setminus)", "forall": "a quantifier (\\forall)", "exists": "a quantifier (\\exists)",
    "to": "a map or a limit (\\to)", "mapsto": "a map (\\mapsto)", "rightarrow": "an arrow (\\rightarrow)",
    "Rightarrow": "an implication (\\Rightarrow)", "implies": "an implication (\\implies)",
    "iff": "an equivalence (\\iff)", "Leftrightarrow": "an equivalence (\\Leftrightarrow)",
    "land": "a conjunction (\\land)", "lor": "a disjunction (\\lor)", "wedge": "a conjunction (\\wedge)",
    "vee": "a disjunction (\\vee)", "neg": "a negation (\\neg)", "lnot": "a negation (\\lnot)",
    "cdots": "an ellipsis (\\cdots)", "dots": "an ellipsis (\\dots)", "ldots": "an ellipsis (\\ldots)",
    "vdots": "an ellipsis (\\vdots)", "ddots": "an ellipsis (\\ddots)", "circ": "a composition (\\circ)",
    "otimes": "a tensor product (\\otimes)", "oplus": "a direct sum (\\oplus)", "sim": "\\sim (distributed as)",
    "propto": "\\propto (proportional to)", "lesssim": "\\lesssim (up to a constant)",
    "gtrsim": "\\gtrsim (up to a constant)", "ll": "\\ll (much less than)", "gg": "\\gg (much greater than)",
    "lim": "a limit (\\lim)", "limsup": "a limit (\\limsup)", "liminf": "a limit (\\liminf)",
    "sup": "a supremum over a set (\\sup)", "inf": "an infimum over a set (\\inf)", "arg": "\\arg",
    "partial": "a partial derivative (\\partial)", "nabla": "a gradient (\\nabla)", "|": "a norm (\\|)",
    "Vert": "a norm (\\Vert)", "lVert": "a norm (\\lVert)", "rVert": "a norm (\\rVert)", "perp": "\\perp",
    "emptyset": "a set (\\emptyset)", "varnothing": "a set (\\varnothing)", "times": None, "prime": None,
    "ref": "a reference (\\ref)", "eqref": "a reference (\\eqref)", "cite": "a citation (\\cite)",
    "overset": "an annotated relation (\\overset)", "underset": "an annotated relation (\\underset)",
    "stackrel": "an annotated relation (\\stackrel)", "underbrace": "an annotation (\\underbrace)",
    "overbrace": "an annotation (\\overbrace)", "star": "\\star", "ast": "\\ast", "sqcup": "\\sqcup",
    "bigcup": "a union of sets (\\bigcup)", "bigcap": "an intersection of sets (\\bigcap)",
    "mathcal": "a calligraphic set name (\\mathcal)", "mathscr": "a script set name (\\mathscr)",
    "colon": "a map's signature (\\colon)",
}
#: A sum, product or optimum over a domain that is not a range of integers, as an undefined function applied
#: to (body, the indices, the conditions on them): ``\\sum_{x \\in S} f(x)`` is ``SumOver(f(x), (x,), (In(x, S),))``.
_OVER = {"sum": "SumOver", "prod": "ProductOver", "max": "MaxOver", "min": "MinOver", "sup": "SupOver",
         "inf": "InfOver"}
#: Membership and inclusion in a domain: a set sympy knows (an interval, a list, the reals) gives
#: ``Contains``, a set the paper names gives the undefined ``In(x, S)`` (``Subset(E, Z)``, ``NotIn(x, S)``).
_MEMBERSHIP = {"in": "In", "notin": "NotIn", "subseteq": "Subset", "subset": "Subset"}
_NUMBER_SETS = {"R": ("Reals", ""), "Z": ("Integers", ""), "Q": ("Rationals", ""), "C": ("Complexes", ""),
                "N": ("Naturals", "\\mathbb{N} read as {1, 2, ...} (some papers start it at 0)")}


def _member(sp: Any, relation: str, element: Any, region: Any) -> Any:
    if isinstance(region, sp.Set) and relation in ("in", "notin"):
        inside = sp.Contains(element, region, evaluate=False)
        return sp.Not(inside, evaluate=False) if relation == "notin" else inside
    return sp.Function(_MEMBERSHIP[relation])(element, region)


_PROSE = re.compile(r"\b(for|all|any|every|each|if|iff|where|when|whenever|with|and|or|otherwise|such|that|"
                    r"since|as|s\.t\.|i\.e\.|e\.g\.|provided|given|is|are|of|in|on|the|a|an|small|large|"
                    r"some|then|holds?)\b", re.IGNORECASE)


@dataclass(frozen=True)
class FormulaStatement:
    """A formula read: ``sides`` (sympy expressions) joined by ``relations`` (one fewer; none for a
    formula that only shows an expression), ``condition``, the words after it (``for all x``), and
    ``readings``: each place where the LaTeX allows two readings, the one taken and why (``p(1 - p)`` read
    as a product), so that no choice is silent."""

    sides: tuple[Any, ...]
    relations: tuple[str, ...]
    condition: str = ""
    readings: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if len(self.relations) != max(0, len(self.sides) - 1):
            raise ValueError("a statement has one relation fewer than sides")
        object.__setattr__(self, "readings", tuple(self.readings))

    @property
    def states(self) -> bool:
        """It asserts something (a relation that is not a definition ``:=``)."""
        return any(r != ":=" for r in self.relations)


@dataclass(frozen=True)
class Unread:
    """A formula that was not read: its LaTeX and why."""

    latex: str
    reason: str


class _Stop(Exception):
    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class _Tok:
    kind: str   # "cmd", "num", "letter", "sym", "text", "env"
    value: str
    space: bool = False  # whitespace (or a removed spacing command) before it
    extra: Any = None


def _text_group(latex: str, start: int) -> tuple[str, int]:
    if start >= len(latex) or latex[start] != "{":
        raise _Stop("a command without its {argument}")
    depth = 0
    for j in range(start, len(latex)):
        if latex[j] == "\\":
            continue
        if latex[j] == "{" and latex[j - 1:j] != "\\":
            depth += 1
        elif latex[j] == "}" and latex[j - 1:j] != "\\":
            depth -= 1
            if depth == 0:
                return latex[start + 1:j], j + 1
    raise _Stop("an unbalanced {")


def _tokens(latex: str) -> list[_Tok]:
    text = re.sub(r"\\label\s*\{[^{}]*\}|\\tag\*?\s*\{[^{}]*\}", " ", latex)
    # ", \quad" and "\quad \text{and}" separate statements: a semicolon says so to the parser
    text = re.sub(r"(,\s*|\\q?quad\s*\\text\s*\{\s*and\s*\}\s*)(\\q?quad(?![A-Za-z]))?", lambda m: ";"
                  if m.group(2) or "and" in m.group(1) else m.group(0), text)
    text = _DROP.sub(" ", text).replace("~", " ")
    out: list[_Tok] = []
    i, space = 0, False
    while i < len(text):
        ch = text[i]
        if ch in " \t\n&":
            space, i = True, i + 1
            continue
        if ch == "\\":
            match = re.match(r"\\([A-Za-z]+)\*?|\\(.)", text[i:])
            if not match:
                raise _Stop("a lone backslash")
            name = match.group(1) or match.group(2)
            i += match.end()
            if name in ("text", "textrm", "textnormal", "textit", "textbf", "mbox", "hbox", "mathrm", "operatorname",
                        "textsf", "texttt", "emph", "mathbb", "mathbbm", "mathds", "mathcal", "mathscr", "mathfrak"):
                while i < len(text) and text[i] == " ":
                    i += 1
                if i < len(text) and text[i] != "{":  # \mathbb E: one token
                    word, i = text[i], i + 1
                else:
                    word, i = _text_group(text, i)
                out.append(_Tok("text", word.strip(), space, name))
            elif name == "begin":
                env, i = _text_group(text, i)
                env = env.strip()
                depth, j = 1, i
                pattern = re.compile(r"\\(begin|end)\s*\{" + re.escape(env) + r"\}")
                while depth:
                    found = pattern.search(text, j)
                    if not found:
                        raise _Stop(f"\\begin{{{env}}} without its \\end")
                    depth += 1 if found.group(1) == "begin" else -1
                    j = found.end()
                    if depth == 0:
                        out.append(_Tok("env", env, space, text[i:found.start()]))
                i = j
            elif name == "\\":  # a line break of an alignment: the chain goes on
                skip = re.match(r"\s*(\[[^\]]*\])?", text[i:])
                assert skip is not None  # every part of the pattern is optional: it matches any text
                i = skip.end() + i
                space = True
                continue
            else:
                out.append(_Tok("cmd", name, space))
            space = False
            continue
        if ch.isdigit() or (ch == "." and i + 1 < len(text) and text[i + 1].isdigit()):
            match = re.match(r"\d*\.?\d+|\d+", text[i:])
            assert match is not None  # the text starts with a digit, or a point and a digit
            out.append(_Tok("num", match.group(0), space))
            i += match.end()
        elif ch.isalpha() and ch.isascii():
            out.append(_Tok("letter", ch, space))
            i += 1
        elif ch in "+-*/=<>()[]{}^_|,;:!'.?":
            if ch == ":" and text[i + 1:i + 2] == "=":
                out.append(_Tok("cmd", "coloneqq", space))
                i += 2
            elif ch == "=" and text[i + 1:i + 2] == ":":
                out.append(_Tok("cmd", "eqqcolon", space))
                i += 2
            else:
                out.append(_Tok("sym", ch, space))
                i += 1
        else:
            raise _Stop(f"the character {ch!r}")
        space = False
    return out


def _relation(tok: _Tok | None) -> str | None:
    if tok is None:
        return None
    if tok.kind == "sym" and tok.value in "=<>":
        return tok.value
    if tok.kind == "cmd" and tok.value in RELATIONS:
        return RELATIONS[tok.value]
    return None


def _is_prose(words: str) -> bool:
    return bool(_PROSE.search(words)) or len(words.split()) > 1


class _Parser:
    def __init__(self, tokens: list[_Tok], functions: frozenset[str]) -> None:
        import sympy  # the one heavy dependency of this module; imported when a formula is read

        self.sp = sympy
        self.toks = tokens
        self.i = 0
        self.functions = functions
        self.stops: list[set[str]] = []
        self.notes: list[str] = []

    # ---------------------------------------------------------------------------------- helpers
    def set_builder(self) -> bool:
        """The braces just opened (``\\{``) hold a set-builder: a ``:`` or ``\\mid`` before they close, or an odd
        number of ``|`` (a pair is an absolute value)."""
        depth = bars = 0
        for tok in self.toks[self.i:]:
            if tok.kind == "cmd" and tok.value == "{":
                depth += 1
            elif tok.kind == "cmd" and tok.value == "}":
                if depth == 0:
                    return bars % 2 == 1
                depth -= 1
            elif depth == 0 and (tok.kind == "sym" and tok.value == ":" or tok.kind == "cmd" and tok.value == "mid"):
                return True
            elif depth == 0 and tok.kind == "sym" and tok.value == "|":
                bars += 1
        return False

    def peek(self, k: int = 0) -> _Tok | None:
        return self.toks[self.i + k] if self.i + k < len(self.toks) else None

    def take(self) -> _Tok:
        tok = self.peek()
        if tok is None:
            raise _Stop("the formula ends too early")
        self.i += 1
        return tok

    def at(self, kind: str, value: str | None = None, k: int = 0) -> bool:
        tok = self.peek(k)
        return tok is not None and tok.kind == kind and (value is None or tok.value == value)

    def expect(self, kind: str, value: str) -> None:
        tok = self.peek()
        if tok is None or tok.kind != kind or tok.value != value:
            if tok is not None and tok.kind == "cmd" and _NOT_READ.get(tok.value):
                raise _Stop(self.unexpected(tok))
            found = "the end" if tok is None else repr(tok.value)
            raise _Stop(f"expected {value!r}, found {found}")
        self.i += 1

    def stopped(self) -> bool:
        tok = self.peek()
        if tok is None:
            return True
        key = tok.value if tok.kind in ("sym", "cmd") else None
        return bool(self.stops) and key in self.stops[-1]

    def until(self, stop: set[str], parse) -> Any:
        self.stops.append(stop)
        try:
            return parse()
        finally:
            self.stops.pop()

    # -------------------------------------------------------------------------------- statements
    def statements(self) -> list[FormulaStatement]:
        """Statements separated by semicolons (each a complete relation), or one list of bounds
        ``x \\le a, b \\le y`` (both ``a`` and ``b`` lie between ``x`` and ``y``)."""
        groups: list[list[tuple[list[Any], list[str]]]] = [[]]
        while True:
            sides = [self.expr()]
            relations = []
            while (rel := _relation(self.peek())) is not None:
                self.i += 1
                relations.append(rel)
                sides.append(self.expr())
            groups[-1].append((sides, relations))
            tok = self.peek()
            if tok is None:
                break
            if tok.kind == "sym" and tok.value == ";":
                self.i += 1
                if self.peek() is None:
                    break
                groups.append([])
                continue
            if tok.kind == "sym" and tok.value == ",":
                self.i += 1
                if self.peek() is None:
                    break
                continue
            raise _Stop(self.unexpected(tok))
        out: list[FormulaStatement] = []
        for group in groups:
            if len(group) == 1:
                out.append(FormulaStatement(tuple(group[0][0]), tuple(group[0][1])))
                continue
            out += self.bounds(group)
        if len(out) > 1 and not all(s.relations for s in out):
            raise _Stop("a list of terms separated by commas inside a relation (a, b \\le c)")
        return out

    def bounds(self, group: list[tuple[list[Any], list[str]]]) -> list[FormulaStatement]:
        """``x \\le a, b \\le y`` (or ``x \\le a, b, c \\le y``): one statement ``x \\le t \\le y`` for each
        term ``t`` listed, the relations both pointing the same way (an inequality); any other comma list
        inside a relation is not read."""
        (first, first_rel), *middle, (last, last_rel) = group
        one_way = ({"<", "<="}, {">", ">="})
        if len(first_rel) != 1 or len(last_rel) != 1 or any(rel for _, rel in middle) \
                or not any(first_rel[0] in way and last_rel[0] in way for way in one_way):
            raise _Stop("a list of terms separated by commas inside a relation (a, b \\le c)")
        terms = [first[1], *(sides[0] for sides, _ in middle), last[0]]
        note = (f"the list {', '.join(str(t) for t in terms)} between {first[0]} and {last[1]} read as a bound on "
                "each term (not as two separate relations)")
        return [FormulaStatement((first[0], term, last[1]), (first_rel[0], last_rel[0]), readings=(note,)) for term in terms]

    def unexpected(self, tok: _Tok) -> str:
        if tok.kind == "cmd" and tok.value in _NOT_READ and _NOT_READ[tok.value]:
            return f"{_NOT_READ[tok.value]} is not read"
        if tok.kind == "cmd":
            return f"\\{tok.value} is not read here"
        return f"unexpected {tok.value!r}"

    def condition(self) -> Any:
        """A relation used as a condition (after ``|``, in ``cases``, in a sum's range)."""
        sp = self.sp
        left = self.expr()
        tok = self.peek()
        if tok is not None and tok.kind == "cmd" and tok.value in _MEMBERSHIP:
            self.i += 1
            return _member(sp, tok.value, left, self.set_())
        rel = _relation(self.peek())
        if rel is None:
            return left
        parts, rels = [left], []
        while (rel := _relation(self.peek())) is not None:
            self.i += 1
            rels.append(rel)
            parts.append(self.expr())
        made = []
        for a, r, b in zip(parts, rels, parts[1:]):
            if r in ("≈", ":="):
                raise _Stop(f"{r} inside a condition")
            made.append({"=": sp.Eq, "<": sp.Lt, ">": sp.Gt, "<=": sp.Le, ">=": sp.Ge, "!=": sp.Ne}[r](a, b))
        return made[0] if len(made) == 1 else sp.And(*made)

    # ------------------------------------------------------------------------------- expressions
    def expr(self) -> Any:
        if self.stopped() and not self.at("sym", "|"):  # a | that opens an expression is an absolute value
            raise _Stop("an empty side")
        tok = self.peek()
        sign = 1
        if tok.kind == "sym" and tok.value in "+-":
            self.i += 1
            sign = -1 if tok.value == "-" else 1
        elif tok.kind == "cmd" and tok.value in ("pm", "mp"):
            raise _Stop("\\pm (two formulas in one) is not read")
        value = sign * self.term()
        while not self.stopped():
            tok = self.peek()
            if tok.kind == "sym" and tok.value in "+-":
                self.i += 1
                nxt = self.term()
                value = value + nxt if tok.value == "+" else value - nxt
            elif tok.kind == "cmd" and tok.value in ("pm", "mp"):
                raise _Stop("\\pm (two formulas in one) is not read")
            else:
                break
        return value

    def starts_factor(self) -> bool:
        tok = self.peek()
        if tok is None or self.stopped():
            return False
        if tok.kind in ("num", "letter", "env"):
            return True
        if tok.kind == "text":
            return not _is_prose(tok.value)
        if tok.kind == "sym":
            return tok.value in "({[" or (tok.value == "|" and "|" not in (self.stops[-1] if self.stops else set())
                                         and not self.in_abs)
        return tok.kind == "cmd" and _relation(tok) is None and tok.value not in (
            "cdot", "times", "div", "pm", "mp", "choose", "over", "mid", "vert", "rvert", "rangle", "}", "]", ")",
            "cdots", "dots", "ldots", *[k for k in _NOT_READ if k not in ("sup", "inf", "lim", "mathcal", "mathscr",
                                                                            "partial", "nabla", "emptyset",
                                                                            "varnothing", "ref", "eqref", "cite",
                                                                            "overset", "underset", "stackrel",
                                                                            "underbrace", "overbrace")])

    in_abs = False

    def term(self) -> Any:
        value = self.unary()
        while True:
            tok = self.peek()
            if tok is None or self.stopped():
                return value
            if tok.kind == "cmd" and tok.value in ("cdot", "times", "ast"):
                self.i += 1
                value = value * self.unary()
            elif tok.kind == "sym" and tok.value == "*":
                self.i += 1
                value = value * self.unary()
            elif (tok.kind == "sym" and tok.value == "/") or (tok.kind == "cmd" and tok.value == "div"):
                self.i += 1
                value = value / self.unary()
            elif self.starts_factor():
                value = value * self.unary()
            else:
                return value

    def unary(self) -> Any:
        tok = self.peek()
        if tok is not None and tok.kind == "sym" and tok.value in "+-":
            self.i += 1
            inner = self.unary()
            return -inner if tok.value == "-" else inner
        return self.power()

    def power(self) -> Any:
        sp = self.sp
        tok = self.peek()
        euler = tok is not None and tok.kind == "letter" and tok.value == "e" and self.at("sym", "^", 1) or (
            tok is not None and tok.kind == "text" and tok.value == "e" and self.at("sym", "^", 1))
        if euler:
            self.i += 2
            return sp.exp(self.script())
        base = self.atom()
        while True:
            if self.at("sym", "^"):
                self.i += 1
                base = base ** self.script()
            elif self.at("sym", "!"):
                self.i += 1
                base = sp.factorial(base)
            else:
                return base

    def script(self) -> Any:
        """The argument of ``^`` or ``_``: a group, or one token."""
        if self.at("sym", "{"):
            self.i += 1
            value = self.until({"}"}, self.expr)
            self.expect("sym", "}")
            return value
        tok = self.take()
        if tok.kind == "num":
            return self.number(tok.value[0]) if len(tok.value) > 1 and "." not in tok.value else self.number(tok.value)
        if tok.kind == "letter":
            return self.sp.Symbol(tok.value)
        if tok.kind == "cmd":
            self.i -= 1
            return self.atom()
        if tok.kind == "sym" and tok.value == "-":
            raise _Stop("a superscript '-' without braces")
        raise _Stop(f"a script {tok.value!r}")

    def number(self, text: str) -> Any:
        sp = self.sp
        if "." in text:
            whole, frac = text.split(".")
            return sp.Rational(int(whole or "0") * 10 ** len(frac) + int(frac or "0"), 10 ** len(frac))
        return sp.Integer(int(text))

    # ------------------------------------------------------------------------------------- names
    def raw_script(self) -> str:
        """A subscript as a name part: ``1`` from ``_1`` or ``_{1}``, ``WRR`` from ``_{WRR}``."""
        if self.at("sym", "{"):
            start = self.i + 1
            depth, j = 0, self.i
            while j < len(self.toks):
                t = self.toks[j]
                if t.kind == "sym" and t.value == "{":
                    depth += 1
                elif t.kind == "sym" and t.value == "}":
                    depth -= 1
                    if depth == 0:
                        break
                j += 1
            if j >= len(self.toks):
                raise _Stop("an unbalanced {")
            inner = self.toks[start:j]
            self.i = j + 1
            return self.name_of(inner)
        tok = self.take()
        if tok.kind in ("letter", "num"):
            return tok.value[0] if tok.kind == "num" else tok.value
        if tok.kind == "cmd" and (tok.value in _GREEK or tok.value in _GREEK_NAMES):
            return _GREEK_NAMES.get(tok.value, tok.value)
        raise _Stop(f"a subscript {tok.value!r}")

    def name_of(self, toks: list[_Tok]) -> str:
        parts = []
        for t in toks:
            if t.kind in ("letter", "num"):
                parts.append(t.value)
            elif t.kind == "cmd" and (t.value in _GREEK or t.value in _GREEK_NAMES):
                parts.append(_GREEK_NAMES.get(t.value, t.value))
            elif t.kind == "cmd" and t.value == "prime":
                parts.append("'")
            elif t.kind == "text":
                parts.append(t.value.replace(" ", ""))
            elif t.kind == "sym" and t.value in ",":
                parts.append("_")
            elif t.kind == "sym" and t.value in "+-=*()'^":
                parts.append(t.value)
            elif t.kind == "sym" and t.value in "{}":
                continue
            elif t.kind == "cmd" and t.value in ("ast", "star"):
                parts.append("*")
            elif t.kind == "cmd" and t.value in _SUBSCRIPT_OPERATORS:
                parts.append(_SUBSCRIPT_OPERATORS[t.value])  # a label (Q_{1 \times 2}), not an operation
            else:
                raise _Stop(f"a subscript with {t.value!r}")
        return "".join(parts).replace("^'", "'").replace("'", "_prime")

    def decorated(self, base: str) -> str:
        """``base`` with the subscripts, primes and label superscripts that follow it."""
        name = base
        while True:
            if self.at("sym", "_"):
                self.i += 1
                sub = self.raw_script()
                simple = re.fullmatch(r"[A-Za-z0-9_]+", sub)
                if simple and sub.isdigit() and re.fullmatch(r"[A-Za-z]+", name):
                    name = f"{name}{sub}"
                elif simple:
                    name = f"{name}_{sub}"
                else:
                    name = f"{name}_{{{sub}}}"
            elif self.at("sym", "'"):
                self.i += 1
                name += "_prime"
            elif self.at("sym", "^") and name[:1].isupper() and self.complement():
                self.i += 4 if self.at("sym", "{", 1) else 2
                self.notes.append(f"{name}^c read as the complement of the set {name}, not a power")
                name += "^c"
            elif self.at("sym", "^") and self.label_superscript():
                self.i += 1
                sup = self.raw_script()
                name = name + ("_prime" * sup.count("'") if set(sup) == {"'"} else f"^{sup}".replace("'", "_prime"))
            else:
                return name

    def label_superscript(self) -> bool:
        """A superscript that labels its base: primes, ``*``, two or more letters, or a comma."""
        nxt = self.peek(1)
        if nxt is None:
            return False
        if nxt.kind == "cmd" and nxt.value in ("prime", "ast", "star", "top", "dagger"):
            return True
        if nxt.kind == "sym" and nxt.value in "*'":
            return True
        if not (nxt.kind == "sym" and nxt.value == "{"):
            return False
        depth, j, inner = 0, self.i + 1, []
        while j < len(self.toks):
            t = self.toks[j]
            if t.kind == "sym" and t.value == "{":
                depth += 1
                if depth == 1:
                    j += 1
                    continue
            elif t.kind == "sym" and t.value == "}":
                depth -= 1
                if depth == 0:
                    break
            inner.append(t)
            j += 1
        if not inner:
            return False
        if self.at("sym", "_", j - self.i + 1):  # x^{a}_{b}: a name with two labels
            return True
        if all(t.kind == "cmd" and t.value == "prime" for t in inner):
            return True
        if len(inner) == 1 and (inner[0].kind == "sym" and inner[0].value in "*'" or inner[0].kind == "cmd"
                                and inner[0].value in ("ast", "star", "dagger", "top")):
            return True  # t^{*}, t^{\star}: a decorated name
        if any(t.kind == "sym" and t.value == "," for t in inner) and all(t.kind in ("letter", "num", "sym", "text")
                                                                       for t in inner):
            return True
        letters = [t for t in inner if t.kind == "letter"]
        return len(letters) >= 2 and len(letters) == len(inner) and not any(t.space for t in inner[1:]) or \
            (len(inner) == 1 and inner[0].kind == "text")

    # -------------------------------------------------------------------------------------- atoms
    def atom(self) -> Any:
        sp = self.sp
        tok = self.take()
        if tok.kind == "num":
            return self.number(tok.value)
        if tok.kind == "letter":
            return self.letters(tok)
        if tok.kind == "sym":
            if tok.value == "(":
                value = self.until({")", ","}, self.expr)
                if self.at("sym", ","):
                    raise _Stop("a list in parentheses (a tuple, or a function of several arguments the "
                                "paper does not define with :=)")
                self.expect("sym", ")")
                return value
            if tok.value == "[":
                value = self.until({"]"}, self.expr)
                self.expect("sym", "]")
                return value
            if tok.value == "{":
                return self.braces()
            if tok.value == "|":
                previous, self.in_abs = self.in_abs, True
                try:
                    value = self.until({"|"}, self.expr)
                finally:
                    self.in_abs = previous
                self.expect("sym", "|")
                return sp.Abs(value)
            raise _Stop(f"unexpected {tok.value!r}")
        if tok.kind == "text":
            return self.text(tok)
        if tok.kind == "env":
            return self.environment(tok)
        return self.command(tok)

    def braces(self) -> Any:
        """``{...}``: a group, or ``{n \\choose k}``."""
        sp = self.sp
        value = self.until({"}", "choose", "over"}, self.expr)
        if self.at("cmd", "choose") or self.at("cmd", "over"):
            word = self.take().value
            other = self.until({"}"}, self.expr)
            self.expect("sym", "}")
            return sp.binomial(value, other) if word == "choose" else value / other
        self.expect("sym", "}")
        return value

    def letters(self, tok: _Tok) -> Any:
        # a run of letters that spells an operator word (Var, pl, bel, ...)
        run = tok.value
        j = self.i
        while j < len(self.toks) and self.toks[j].kind == "letter" and not self.toks[j].space:
            run += self.toks[j].value
            j += 1
        word = next((w for w in _WORDS if run.startswith(w)), None)
        if word and len(word) > 1:
            self.i += len(word) - 1
            return self.named(word)
        if tok.value in ("E", "P") and (self.at("sym", "[") or (tok.value == "E" and self.at("sym", "("))
                                        and not self.at("sym", "_")):
            return self.operator("E" if tok.value == "E" else "Pr")
        name = self.decorated(tok.value)
        return self.maybe_applied(name)

    def maybe_applied(self, name: str) -> Any:
        sp = self.sp
        base = name.split("_")[0].split("^")[0]
        declared = name in self.functions or base in self.functions or (name != base and f"{base}_" in self.functions)
        function = base in ("f", "g", "h") or declared or base in FUNCTION_WORDS
        if function and self.at("sym", "^") and self.inverse():  # f^{-1}(E): the inverse applied
            self.i += 5
            name = f"{name}^-1"
        if self.at("sym", "(") and (function or name.endswith("_prime") or self.conditional()):
            self.i += 1
            args = self.arguments(")", given=True)
            return sp.Function(name)(*args)
        if declared and self.starts_factor() and not self.at("sym", "|"):
            start = self.i
            inner = self.power()
            if isinstance(inner, sp.core.function.AppliedUndef):  # p_x f^{-1}(E): p_x of f^{-1}(E)
                self.notes.append(f"{name} {inner} read as {name} applied to {inner} ({name} is applied to "
                                  "its argument elsewhere in the paper; here the parentheses are left out)")
                return sp.Function(name)(inner)
            self.i = start
            raise _Stop(f"{name}, a function in this paper (applied elsewhere), stands without its argument in "
                        "parentheses (an application or a product)")
        if self.at("sym", "(") and not self.peek().space:
            self.notes.append(f"{name}(...) read as the product of {name} and the parentheses: the paper never "
                              f"applies {name} to a name (write {name}(t) somewhere, or define it with :=, to "
                              "read it as a function)")
        return sp.Symbol(name)

    def complement(self) -> bool:
        """``^{c}`` or ``^c`` (the complement of a set named by a capital letter)."""
        if self.at("sym", "{", 1):
            return self.at("letter", "c", 2) and self.at("sym", "}", 3)
        return self.at("letter", "c", 1) and not self.at("sym", "{", 2)

    def script_then_parenthesis(self) -> bool:
        """The superscript that starts here (one token or a group) is followed by ``(``."""
        k = 1
        if self.at("sym", "{", k):
            depth = 0
            while self.peek(k) is not None:
                t = self.peek(k)
                depth += (t.kind == "sym" and t.value == "{") - (t.kind == "sym" and t.value == "}")
                if depth == 0:
                    break
                k += 1
        return self.peek(k) is not None and self.at("sym", "(", k + 1) and not self.at("sym", "{", k + 1)

    def inverse(self) -> bool:
        """``^{-1}`` then ``(``: the inverse of a function applied."""
        want = (("sym", "^"), ("sym", "{"), ("sym", "-"), ("num", "1"), ("sym", "}"), ("sym", "("))
        return all(self.at(kind, value, k) for k, (kind, value) in enumerate(want))

    def conditional(self) -> bool:
        """The parentheses that open here hold a ``|`` or ``\\mid`` at their top level: ``Q(y \\mid x)`` is
        a conditional probability, a function of ``y`` and ``x``, not a product."""
        depth = 0
        for t in self.toks[self.i:]:
            if t.kind == "sym" and t.value in "([{":
                depth += 1
            elif t.kind == "sym" and t.value in ")]}":
                depth -= 1
                if depth == 0:
                    return False
            elif depth == 1 and (t.kind == "sym" and t.value == "|" or t.kind == "cmd" and t.value == "mid"):
                return True
        return False

    def arguments(self, close: str, given: bool = False) -> list[Any]:
        """Comma-separated arguments up to ``close``; with ``given``, ``|`` and ``\\mid`` separate them too."""
        args = []
        stops = {close, ","} | ({"|", "mid"} if given else set())
        while True:
            args.append(self.until(stops, self.expr))
            if self.at("sym", ",") or given and (self.at("sym", "|") or self.at("cmd", "mid")):
                self.i += 1
                continue
            self.expect("sym", close)
            return args

    def named(self, word: str) -> Any:
        """An operator word written in letters or with \\mathrm/\\operatorname: Var, pl_x, exp, max ..."""
        sp = self.sp
        if word in ("Var", "Cov", "Pr", "E", "P", "V") and (self.at("sym", "[") or self.at("sym", "(")
                                                          or self.at("sym", "{")):
            return self.operator({"P": "Pr", "V": "Var"}.get(word, word))
        if word in _ELEMENTARY or word in ("max", "min"):
            return self.command(_Tok("cmd", word))
        if word in ("sup", "inf") and self.at("sym", "_"):
            return self.optimum(word)
        if word in ("sup", "inf", "lim", "argmax", "argmin"):
            raise _Stop(_NOT_READ.get(word, f"{word}") + " is not read" if word in _NOT_READ else f"{word} is not read")
        name = self.decorated(word)
        while self.at("sym", "^") and self.script_then_parenthesis():  # pl^{Q}_{x}(R): Q labels pl, not a power
            self.i += 1
            name = self.decorated(f"{name}^{self.raw_script()}")
        if self.at("sym", "(") or self.at("sym", "["):
            close = ")" if self.take().value == "(" else "]"
            return sp.Function(name)(*self.arguments(close))
        return sp.Symbol(name)

    def operator(self, which: str) -> Any:
        """``E[X | A]``, ``Var(X)``, ``Cov(X, Y)``, ``Pr[A]``: the undefined functions ``E``, ``Var``, ``Cov``,
        ``Pr`` applied to their arguments, a condition (after ``|`` or ``\\mid``) as the last argument, a
        relation. (sympy's ``Expectation`` would drop itself from ``E[x]`` when ``x`` is a plain symbol.)"""
        sp = self.sp
        if self.at("sym", "_"):
            raise _Stop(f"a subscripted {which} (an expectation under a named distribution) is not read")
        opening = self.take().value
        close = {"(": ")", "[": "]", "{": "}"}[opening]
        stops = {close, "|", "mid", "vert", ","}
        targets = [self.until(stops, self.condition if which == "Pr" else self.expr)]
        while which == "Cov" and self.at("sym", ","):
            self.i += 1
            targets.append(self.until(stops, self.expr))
        if self.at("sym", "|") or self.at("cmd", "mid") or self.at("cmd", "vert"):
            self.i += 1
            targets.append(self.until({close}, self.condition))
        self.expect("sym", close)
        if which == "Cov" and len(targets) < 2:
            raise _Stop("Cov with one argument")
        event = isinstance(targets[0], sp.logic.boolalg.Boolean) or getattr(targets[0].func, "__name__", "") in (
            "In", "NotIn", "Subset")
        if which == "Pr" and not event:
            raise _Stop("Pr of something that is not an event")
        return sp.Function(which)(*targets)

    def text(self, tok: _Tok) -> Any:
        sp = self.sp
        word, style = tok.value, tok.extra
        if style in ("mathbb", "mathbbm", "mathds"):
            if word in ("E", "P", "V"):
                return self.named(word)
            if word in ("1", "I"):
                raise _Stop("an indicator (\\mathbb{1}) is not read")
            raise _Stop(f"a set (\\mathbb{{{word}}}) is not read")
        if style in ("mathcal", "mathscr", "mathfrak"):
            return self.maybe_applied(self.decorated(f"{style[4:]}_{word}" if len(word) == 1 else word))
        if _is_prose(word):
            raise _Stop(f"prose inside the formula (\\{style}{{{word}}})")
        if word in ("E", "Var", "Cov", "Pr", "P"):
            return self.named(word)
        if re.fullmatch(r"[A-Za-z]", word):
            if word == "d":
                return sp.Symbol("d")
            return self.letters(_Tok("letter", word)) if word != "e" else sp.Symbol("e")
        if re.fullmatch(r"[A-Za-z]+", word):
            return self.named(word)
        if re.fullmatch(r"\d+", word):
            return sp.Integer(int(word))
        raise _Stop(f"\\{style}{{{word}}} is not read")

    def environment(self, tok: _Tok) -> Any:
        sp = self.sp
        env, body = tok.value.rstrip("*"), tok.extra
        if env in ("pmatrix", "bmatrix", "matrix", "Bmatrix", "vmatrix", "array", "smallmatrix"):
            if env == "array":
                body = re.sub(r"^\s*(\[[^\]]*\])?\s*\{[^{}]*\}", "", body)
            rows = [r for r in re.split(r"\\\\", body) if r.strip() and r.strip() != "\\hline"]
            cells = [[read_expression(c.replace("\\hline", ""), self.functions) for c in r.split("&")] for r in rows]
            if len({len(r) for r in cells}) != 1:
                raise _Stop("a matrix whose rows differ in length")
            matrix = sp.ImmutableMatrix(cells)
            return matrix.det() if env == "vmatrix" else matrix
        if env == "cases":
            pieces = []
            for row in [r for r in re.split(r"\\\\", body) if r.strip()]:
                if "&" not in row:
                    raise _Stop("a case without its condition")
                value, cond = row.split("&", 1)
                cond_text = re.sub(r"\\text\s*\{\s*(if|when|for)\s*\}", " ", cond).strip().rstrip(",.;")
                if re.fullmatch(r"\\text\s*\{\s*(otherwise|else)\s*[.,]?\s*\}\s*[.,]?|otherwise", cond_text):
                    condition = sp.true
                else:
                    condition = _condition(cond_text, self.functions)
                pieces.append((read_expression(value, self.functions), condition))
            return sp.Piecewise(*pieces)
        if env in ("aligned", "split", "gathered"):
            raise _Stop(f"\\begin{{{env}}} inside a formula is not read")
        raise _Stop(f"\\begin{{{env}}} is not read")

    def command(self, tok: _Tok) -> Any:
        sp = self.sp
        name = tok.value
        if name in _GREEK or name in _GREEK_NAMES:
            return self.maybe_applied(self.decorated(_GREEK_NAMES.get(name, name)))
        if name in ("frac", "dfrac", "tfrac", "cfrac"):
            if self.derivative():
                raise _Stop("a derivative (\\frac{d}{dx}) is not read")
            top = self.group()
            return top / self.group()
        if name in ("binom", "dbinom", "tbinom"):
            top = self.group()
            return sp.binomial(top, self.group())
        if name == "sqrt":
            index = None
            if self.at("sym", "["):
                self.i += 1
                index = self.until({"]"}, self.expr)
                self.expect("sym", "]")
            inner = self.group() if self.at("sym", "{") else self.power()
            return sp.root(inner, index) if index is not None else sp.sqrt(inner)
        if name in _ACCENTS:
            inner = self.accent_base()
            return self.maybe_applied(self.decorated(f"{inner}_{_ACCENTS[name]}"))
        if name in _STYLES:
            inner = self.accent_base()
            return self.maybe_applied(self.decorated(inner))
        if name in _ELEMENTARY:
            function = getattr(sp, _ELEMENTARY[name])
            if name == "log" and self.at("sym", "_"):
                self.i += 1
                base = self.script()
                return sp.log(self.function_argument(), base)
            if self.at("sym", "^"):
                self.i += 1
                exponent = self.script()
                return function(self.function_argument()) ** exponent
            return function(self.function_argument())
        if name in ("max", "min", "sup", "inf") and self.at("sym", "_"):
            return self.optimum(name)
        if name in ("max", "min"):
            if self.at("sym", "(") or self.at("sym", "{") or self.at("cmd", "{"):
                opening = self.take()
                close = {"(": ")", "{": "}"}.get(opening.value, "}")
                if opening.kind == "cmd":
                    args = self.braced_list()
                else:
                    args = self.arguments(close)
                return (sp.Max if name == "max" else sp.Min)(*args)
            raise _Stop(f"\\{name} without a list")
        if name in ("sum", "prod"):
            return self.big_operator(name)
        if name == "int":
            return self.integral()
        if name == "infty":
            return sp.oo
        if name in ("Pr",):
            return self.operator("Pr")
        if name == "{":
            if self.at("env") and self.peek().value == "array" and "&" in self.peek().extra:
                array = self.take()  # \left\{ \begin{array}{rl} value & \text{if } ... \end{array} \right.
                body = re.sub(r"^\s*(\[[^\]]*\])?\s*\{[^{}]*\}", "", array.extra)
                return self.environment(_Tok("env", "cases", array.space, body))
            if self.set_builder():
                raise _Stop("a set-builder (\\{x : ...\\} or \\{x \\mid ...\\}) is not read")
            inner = self.until({"}"}, self.expr)
            if self.at("sym", ","):
                raise _Stop("a set (\\{a, b\\}) is not read")
            self.expect("cmd", "}")
            return inner
        if name in ("lvert", "vert"):
            value = self.until({"rvert", "vert"}, self.expr)
            self.take()
            return sp.Abs(value)
        if name in ("lfloor", "lceil"):
            value = self.until({"rfloor", "rceil"}, self.expr)
            self.take()
            return sp.floor(value) if name == "lfloor" else sp.ceiling(value)
        if name in ("langle",):
            raise _Stop("an inner product (\\langle) is not read")
        if name in _NOT_READ and _NOT_READ[name]:
            raise _Stop(f"{_NOT_READ[name]} is not read")
        raise _Stop(f"\\{name} is not read")

    def derivative(self) -> bool:
        """``\\frac{d}{dx}``, ``\\frac{df}{dx}``, ``\\frac{\\partial f}{\\partial x}``: both groups start with d."""
        def starts_d(k: int) -> bool:
            t = self.peek(k)
            return t is not None and (t.kind == "letter" and t.value == "d" or t.kind == "text" and t.value == "d"
                                      or t.kind == "cmd" and t.value == "partial")
        if not (self.at("sym", "{") and starts_d(1)):
            return False
        depth, k = 0, 0
        while self.peek(k) is not None:
            t = self.peek(k)
            if t.kind == "sym" and t.value == "{":
                depth += 1
            elif t.kind == "sym" and t.value == "}":
                depth -= 1
                if depth == 0:
                    return self.at("sym", "{", k + 1) and starts_d(k + 2)
            k += 1
        return False

    def accent_base(self) -> str:
        if self.at("sym", "{"):
            self.i += 1
            start = self.i
            depth = 1
            while self.i < len(self.toks):
                t = self.toks[self.i]
                if t.kind == "sym" and t.value == "{":
                    depth += 1
                elif t.kind == "sym" and t.value == "}":
                    depth -= 1
                    if depth == 0:
                        break
                self.i += 1
            inner = self.toks[start:self.i]
            self.expect("sym", "}")
        else:
            inner = [self.take()]
        if len(inner) == 1 and inner[0].kind == "letter":
            return inner[0].value
        if len(inner) == 1 and inner[0].kind == "cmd" and (inner[0].value in _GREEK or inner[0].value in _GREEK_NAMES):
            return _GREEK_NAMES.get(inner[0].value, inner[0].value)
        if len(inner) == 1 and inner[0].kind == "text":
            return inner[0].value
        if inner and all(t.kind in ("letter", "num", "sym", "cmd") for t in inner):
            saved = self.toks, self.i
            self.toks, self.i = inner + [], 0
            try:
                name = self.decorated(self.raw_name())
                if self.i == len(self.toks):
                    return name
            except _Stop:
                pass
            finally:
                self.toks, self.i = saved
        raise _Stop("an accent over an expression is not read")

    def raw_name(self) -> str:
        tok = self.take()
        if tok.kind == "letter":
            return tok.value
        if tok.kind == "cmd" and (tok.value in _GREEK or tok.value in _GREEK_NAMES):
            return _GREEK_NAMES.get(tok.value, tok.value)
        raise _Stop("not a name")

    def braced_list(self) -> list[Any]:
        args = []
        while True:
            args.append(self.until({"}", ","}, self.expr))
            if self.at("sym", ","):
                self.i += 1
                continue
            self.expect("cmd", "}")
            return args

    def group(self) -> Any:
        if self.at("sym", "{"):
            self.i += 1
            value = self.until({"}"}, self.expr)
            self.expect("sym", "}")
            return value
        return self.power()

    def function_argument(self) -> Any:
        if self.at("sym", "(") or self.at("sym", "{") or self.at("sym", "["):
            return self.atom()
        return self.power()

    def big_operator(self, name: str) -> Any:
        sp = self.sp
        index = low = high = None
        if self.at("sym", "_"):
            self.i += 1
            if self.at("sym", "{"):
                start = self.i
                self.i += 1
                try:
                    index, low, high = self.until({"}"}, self.range_)
                    self.expect("sym", "}")
                except _Stop:  # not a range of integers: a domain (a set, or constraints on the indices)
                    self.i = start
                    indices, conditions = self.domain()
                    if self.at("sym", "^"):
                        raise _Stop(f"a \\{name} over a set with an upper bound") from None
                    body = self.term()
                    return sp.Function(_OVER[name])(body, sp.Tuple(*indices), sp.Tuple(*conditions))
            else:
                raise _Stop(f"a \\{name} without its range")
        if self.at("sym", "^"):
            self.i += 1
            if high is not None:
                raise _Stop(f"a \\{name} with two upper bounds")
            high = self.script()
        if index is None or low is None or high is None:
            raise _Stop(f"a \\{name} without its index and both bounds")
        body = self.term()
        return (sp.Sum if name == "sum" else sp.Product)(body, (index, low, high))

    def optimum(self, name: str) -> Any:
        """``\\max_{x \\in [0, 1]} f(x)``, ``\\sup_{t} g``, ``\\min_i x_i``: :data:`_OVER` applied to the body,
        the indices and the conditions on them."""
        sp = self.sp
        self.i += 1  # the _
        if self.at("sym", "{"):
            indices, conditions = self.domain()
        else:
            indices, conditions = [sp.Symbol(self.raw_script())], []
        if self.at("sym", "^"):
            raise _Stop(f"\\{name} with a superscript is not read")
        body = self.term()
        return sp.Function(_OVER[name])(body, sp.Tuple(*indices), sp.Tuple(*conditions))

    def domain(self) -> tuple[list[Any], list[Any]]:
        """A subscript ``{...}`` that names a domain: ``x \\in [a, b]``, ``x, x' \\in X``, ``E \\subseteq Z``,
        ``n_1 + n_2 + n_3 = n``, ``n_1 \\neq 0``, ``0 \\le t \\le 1``, separated by commas. Returns the indices
        (the names bounded by a membership, listed bare, or on the left of the first equation) and the
        conditions."""
        sp = self.sp
        self.expect("sym", "{")
        depth, j = 0, self.i
        groups: list[list[_Tok]] = [[]]
        while True:
            if j >= len(self.toks):
                raise _Stop("an unbalanced {")
            t = self.toks[j]
            opens = t.kind == "sym" and t.value in "([{" or t.kind == "cmd" and t.value in ("{", "langle")
            closes = t.kind == "sym" and t.value in ")]}" or t.kind == "cmd" and t.value in ("}", "rangle")
            if closes and depth == 0:
                break
            depth += opens - closes
            if depth == 0 and t.kind == "sym" and t.value == ",":
                groups.append([])
            else:
                groups[-1].append(t)
            j += 1
        self.expect_at(j, "}")
        indices: list[Any] = []
        conditions: list[Any] = []
        bare: list[Any] = []
        for group in groups:
            if not group:
                raise _Stop("an empty part of a domain")
            at = next((k for k, t in enumerate(group) if t.kind == "cmd" and t.value in _MEMBERSHIP), None)
            if at is not None:
                names = [*bare, _Parser(group[:at], self.functions).whole(_Parser.expr)]
                bare = []
                where = _Parser(group[at + 1:], self.functions)
                region = where.whole(_Parser.set_)
                self.notes += where.notes
                for named in names:
                    conditions.append(_member(sp, group[at].value, named, region))
                    indices += [named] if isinstance(named, sp.Symbol) else []
                continue
            sub = _Parser(group, self.functions)
            found = sub.whole(_Parser.condition)
            self.notes += sub.notes
            if isinstance(found, sp.Symbol):
                bare.append(found)
                continue
            if not isinstance(found, sp.logic.boolalg.Boolean):
                raise _Stop("a domain that is neither a set nor a condition")
            if isinstance(found, sp.Eq) and not indices and not bare:
                indices += sorted(found.lhs.free_symbols, key=str)
            elif isinstance(found, sp.And) and not indices and not bare:  # 0 <= t <= 1
                indices += sorted(set.intersection(*(a.free_symbols for a in found.args)), key=str)
            conditions.append(found)
        indices += bare
        if not indices:
            raise _Stop("a domain without its index")
        return list(dict.fromkeys(indices)), conditions

    def expect_at(self, j: int, value: str) -> None:
        self.i = j
        self.expect("sym", value)

    def whole(self, parse) -> Any:
        """``parse`` reads every token of this parser."""
        value = parse(self)
        if (leftover := self.peek()) is not None:
            raise _Stop(self.unexpected(leftover))
        return value

    def set_(self) -> Any:
        """A set after ``\\in``: an interval ``[a, b]`` (``(a, b]``, ...), ``\\{a, b\\}``, ``\\mathbb{R}``, or a name."""
        sp = self.sp
        tok = self.peek()
        if tok is None:
            raise _Stop("\\in without its set")
        if tok.kind == "sym" and tok.value in "([" and any(t.kind == "sym" and t.value == "," for t in self.toks):
            self.i += 1
            low = self.until({","}, self.expr)
            self.expect("sym", ",")
            high = self.until({")", "]"}, self.expr)
            close = self.take()
            if close.kind != "sym" or close.value not in ")]":
                raise _Stop("an interval without its closing bracket")
            return sp.Interval(low, high, tok.value == "(", close.value == ")")
        if tok.kind == "cmd" and tok.value == "{":
            self.i += 1
            members = []
            while True:
                members.append(self.until({"}", ","}, self.expr))
                if self.at("sym", ","):
                    self.i += 1
                    continue
                self.expect("cmd", "}")
                return sp.FiniteSet(*members)
        if tok.kind == "text" and tok.extra in ("mathbb", "mathbbm", "mathds") and tok.value in _NUMBER_SETS:
            self.i += 1
            which, note = _NUMBER_SETS[tok.value]
            if note:
                self.notes.append(note)
            return getattr(sp.S, which)
        value = self.power()
        if not isinstance(value, sp.Symbol):
            raise _Stop("a set that is neither an interval, a list nor a name")
        return value

    def range_(self) -> tuple[Any, Any, Any]:
        """``i=1``, ``0 \\le k \\le n-1``, ``0 \\le k < n``: (index, low, high or None)."""
        sp = self.sp
        first = self.expr()
        rel = _relation(self.peek())
        if rel == "=" and isinstance(first, sp.Symbol):
            self.i += 1
            low = self.expr()
            if not self.stopped():
                raise _Stop("a sum over a set of tuples is not read")
            return first, low, None
        if rel in ("<=", "<"):
            self.i += 1
            index = self.expr()
            second = _relation(self.peek())
            if second not in ("<=", "<") or not isinstance(index, sp.Symbol):
                raise _Stop("a sum over a set is not read")
            self.i += 1
            high = self.expr()
            if not self.stopped():
                raise _Stop("a sum over a set of tuples is not read")
            return index, first + (1 if rel == "<" else 0), high - (1 if second == "<" else 0)
        raise _Stop("a sum over a set is not read")

    def integral(self) -> Any:
        sp = self.sp
        low = high = None
        if self.at("sym", "_"):
            self.i += 1
            low = self.script()
        if self.at("sym", "^"):
            self.i += 1
            high = self.script()
        depth, j, end = 0, self.i, None
        while j < len(self.toks):
            t = self.toks[j]
            if t.kind == "sym" and t.value in "({[":
                depth += 1
            elif t.kind == "sym" and t.value in ")}]":
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and (t.kind == "letter" and t.value == "d" or t.kind == "text" and t.value == "d") \
                    and j + 1 < len(self.toks) and self.toks[j + 1].kind in ("letter", "cmd"):
                end = j
                break
            elif depth == 0 and (_relation(t) or t.kind == "sym" and t.value in "+-,"):
                break
            j += 1
        if end is None:
            raise _Stop("an integral without its d(variable)")
        inner = self.toks[self.i:end]
        variable_tok = self.toks[end + 1]
        sub = _Parser(inner, self.functions)
        integrand = sub.expr()
        if (leftover := sub.peek()) is not None:
            raise _Stop(sub.unexpected(leftover))
        self.i = end + 2
        variable = sp.Symbol(variable_tok.value if variable_tok.kind == "letter"
                             else _GREEK_NAMES.get(variable_tok.value, variable_tok.value))
        if low is None or high is None:
            raise _Stop("an integral without both bounds")
        return sp.Integral(integrand, (variable, low, high))


_NAME_ARG = r"\\?[A-Za-z]+(?:_\{[^{}]*\}|_[A-Za-z0-9])?(?:'|\^\{?\\prime\}?|\^\{?\*\}?)*"
#: A name applied in the paper: ``\\ell(t)``, ``r(t)``, ``f(y \\mid t)``, ``Q(y | x)``, ``g(x, x')``,
#: ``\\Pr[\\cdot]``; the arguments are names (a product is never written ``n(p)``), or a condition.
_APPLIED = re.compile(r"(?<![\\A-Za-z])(\\[A-Za-z]+|[A-Za-z])(?:_\{[^{}]*\}|_[A-Za-z0-9])?(?:\^\{[^{}]*\})?"
                      r"\s*(?:\\left)?[(\[]\s*((?:" + _NAME_ARG + r")(?:\s*,\s*(?:" + _NAME_ARG + r"))*|"
                      r"[^()\[\]]*(?:\\mid|\|)[^()\[\]]*|\\cdot)\s*(?:\\right)?[)\]]")


def declared_functions(latex: str) -> frozenset[str]:
    """The names a paper applies somewhere to names or to a condition (``\\ell(t)``, ``r(t)``, ``f(y \\mid t)``,
    ``\\Pr[\\cdot]``) or defines as functions (``u(x) :=``), as the reader names them (``\\ell`` is ``l``):
    each is a function in every formula of that paper, so ``\\ell(t - 1)`` is ``l`` applied, not a product."""
    names = set()
    for found in _APPLIED.finditer(latex):
        head = found.group(1)
        if head.startswith("\\"):
            word = head[1:]
            if word not in _GREEK and word not in _GREEK_NAMES and word != "Pr":
                continue
            head = _GREEK_NAMES.get(word, word)
        elif found.group(0).rstrip()[-1] == "]" and head not in ("E", "P"):
            continue  # x[t] is an index, not an application
        if head in ("e", "d") or head in ("E", "P") and "[" in found.group(0):
            continue  # e^{...}(...) multiplies; E[...] and P[...] are read as operators already
        subscripted = found.group(0)[len(found.group(1)):].lstrip().startswith("_")
        names.add(f"{head}_" if subscripted else head)  # p_{x}(E): every p_{...} is a function, not p itself
    names |= {m.group(1) for m in _DEFINED_FUNCTION.finditer(latex)}
    return frozenset(names)


#: ``u(\\alpha) :=`` or ``f(x) \\coloneqq``: a letter the formula defines as a function.
_DEFINED_FUNCTION = re.compile(r"(?<![\\A-Za-z])([A-Za-z])(?:_\{[^{}]*\}|_[A-Za-z0-9])?(?:\^\{[^{}]*\})?\s*"
                               r"\([^()]*\)\s*(?::=|\\coloneqq|\\triangleq|\\equiv)")


def _top_level(text: str) -> list[bool]:
    """For each character of ``text``: outside every brace group and environment."""
    flags, depth, env = [], 0, 0
    i = 0
    while i < len(text):
        if text.startswith("\\begin", i):
            env += 1
        elif text.startswith("\\end", i):
            env -= 1
        ch = text[i]
        if ch == "\\" and i + 1 < len(text) and text[i + 1] in "{}":
            flags += [depth == 0 and env == 0] * 2
            i += 2
            continue
        if ch == "{":
            depth += 1
        flags.append(depth == 0 and env == 0)
        if ch == "}":
            depth -= 1
        i += 1
    return flags


_WORDS_AFTER = re.compile(r"\\(?:text|textrm|textnormal|mbox|hbox)\s*\{([^{}]*)\}")


def _cut_condition(latex: str) -> tuple[str, str]:
    """The formula and its trailing condition in words: ``a = b \\quad \\text{for all } x`` → (``a = b``,
    ``for all x``). Only words at the top level count (not a ``cases`` condition, not inside braces)."""
    text = latex
    top = _top_level(text)
    cut = None
    for found in _WORDS_AFTER.finditer(text):
        if top[found.start()] and _is_prose(found.group(1)) and found.group(1).strip() != "and":
            cut = found.start()
            break
    for found in re.finditer(r"\\q?quad|,\s*\\q?quad|,\s*(?=\\text)", text):
        if not top[found.start()]:
            continue
        if cut is None or found.start() < cut:
            rest = text[found.end():].strip()
            words = _WORDS_AFTER.match(rest)
            if words and _is_prose(words.group(1)) and words.group(1).strip() != "and" \
                    or re.match(r"\\(forall|exists)", rest) or re.match(r"(for|if|where|when|with)\b", rest):
                cut = found.start()
                break
    if cut is None:
        return latex, ""
    condition = text[cut:]
    condition = _WORDS_AFTER.sub(r"\1", condition)
    condition = re.sub(r"\\q?quad", " ", condition).strip(" ,.;")
    return text[:cut], " ".join(condition.split())


def _condition(latex: str, functions: frozenset[str]) -> Any:
    parser = _Parser(_tokens(latex), functions)
    value = parser.condition()
    if (leftover := parser.peek()) is not None:
        raise _Stop(parser.unexpected(leftover))
    return value


def read_expression(latex: str, functions: frozenset[str] = frozenset()) -> Any:
    """One expression (no relation); raises the reason it cannot be read."""
    parser = _Parser(_tokens(latex.strip().rstrip(".,;")), functions)
    value = parser.expr()
    if (leftover := parser.peek()) is not None:
        raise _Stop(parser.unexpected(leftover))
    return value


_EQUIVALENCE = re.compile(r"\\(?:iff|Leftrightarrow|Longleftrightarrow)(?![A-Za-z])")


def _equivalence(latex: str, left: str, right: str, said: str,
                 functions: frozenset[str] | set[str]) -> tuple[FormulaStatement, ...] | Unread:
    """``A rel B \\iff C rel D`` (or ``... \\text{if and only if} ...``): the left relation, its condition
    ``if and only if C rel D`` (the right one, as written), and the reading said; each side one relation."""
    sides = [read_formula(part.strip().strip(",").strip(), functions=functions) for part in (left, right)]
    if any(isinstance(found, Unread) or len(found) != 1 or len(found[0].relations) != 1 for found in sides):
        why = next((f.reason for f in sides if isinstance(f, Unread)), "a side is not one relation")
        return Unread(latex, f"an equivalence of two relations ({said}) whose sides are not each one relation read "
                             f"({why})")
    first, second = (found[0] for found in sides if not isinstance(found, Unread))
    right_text = " ".join(right.strip().strip(",").strip().rstrip(".,;").split())
    reading = f"{said.lstrip(chr(92))} read as an equivalence: the left relation holds exactly where the right one does"
    return (FormulaStatement(first.sides, first.relations, f"if and only if {right_text}",
                             tuple(dict.fromkeys((*first.readings, *second.readings, reading)))),)


def read_formula(latex: str, *, functions: frozenset[str] | set[str] = frozenset()) -> tuple[FormulaStatement, ...] | Unread:
    """The statements of a formula's LaTeX, or :class:`Unread` with the reason (module docstring)."""
    text = " ".join(str(latex).split())
    if len(text) > MAX_FORMULA:
        return Unread(latex, f"{len(text)} characters long; formulas of at most {MAX_FORMULA} (MAX_FORMULA) are read")
    body, condition = _cut_condition(text)
    words = re.match(r"(if and only if|iff|exactly when)\b", condition)
    arrow = _EQUIVALENCE.search(body)
    if arrow and _top_level(body)[arrow.start()]:
        return _equivalence(latex, body[:arrow.start()], body[arrow.end():] + (f" {condition}" if condition else ""),
                            arrow.group(0), functions)
    if words:
        return _equivalence(latex, body, condition[words.end():], words.group(1), functions)
    body = body.strip().rstrip(".,;").strip()
    if not body:
        return Unread(latex, "no formula before the words")
    defined = {m.group(1) for m in _DEFINED_FUNCTION.finditer(body)}
    try:
        parser = _Parser(_tokens(body), frozenset(functions) | defined)
        found = parser.statements()
    except _Stop as stop:
        return Unread(latex, stop.reason)
    except (TypeError, ValueError, AttributeError, ZeroDivisionError, RecursionError) as exc:
        return Unread(latex, f"sympy could not build it ({type(exc).__name__}: {str(exc)[:80]})")
    notes = tuple(dict.fromkeys(parser.notes))
    found = [FormulaStatement(s.sides, s.relations, s.condition, tuple(dict.fromkeys((*s.readings, *notes)))) for s in found]
    if condition and found:
        last = found[-1]
        found = [*found[:-1], FormulaStatement(last.sides, last.relations, condition, last.readings)]
    return tuple(found)
