"""The hypothesis-testing engines (003 §3.1 Theorem 3.5, Corollary 3.6; §3.2 Definition 3.17, Theorem 3.18,
Corollary 3.19, and the appendix's proof steps): one package that works on expressions.

Bounds are the sympy expressions of :mod:`numeric.tradeoff_bounds`, substituted with ``xreplace``; errors of
tests and trade-off functions come from :mod:`numeric.definitions.testing`; statements and cases are typed.

* :mod:`~catalog.engines.tradeoff.statements`: :class:`TradeoffBound`, :class:`TradeoffStatement`,
  :class:`TradeoffCase`, :class:`Privacy` (what is claimed, about what);
* :mod:`~catalog.engines.tradeoff.cases`: the exact grids of mechanisms and budgets, :class:`BudgetPoint`;
* :mod:`~catalog.engines.tradeoff.checks`: statement 2 on one case, and the exhaustive forward, converse and
  equivalence checks; :func:`with_correction`;
* :mod:`~catalog.engines.tradeoff.regions`: one pair and one region decided by z3 in the coarsened variables;
* :mod:`~catalog.engines.tradeoff.arguments`: whole-domain arguments that are not one region (message space,
  products of credal members, T^op as printed), each listing what was machine-checked and what is stated;
* :mod:`~catalog.engines.tradeoff.levels`: tests against their level sets, the appendix's table, messages;
* :mod:`~catalog.engines.tradeoff.search`: random searches; :mod:`~catalog.engines.tradeoff.steps`: proof steps
  on grids.
"""

from __future__ import annotations

from catalog.engines.tradeoff.arguments import (converse_certified, converse_witness, errors_identity,
                                               message_space_proof, never_holds_decision, printed_op_decision,
                                               product_credal_proof, warner_at, witness_holds)
from catalog.engines.tradeoff.cases import (BudgetPoint, budgets_from, candidate_budgets, cases, grid_text,
                                           q2x3_points)
from catalog.engines.tradeoff.checks import (compare, converse, forward, implication_both_ways, problem_of,
                                            statement_problems, statement_violation, violation, with_correction)
from catalog.engines.tradeoff.levels import (choquet_exhaustive, choquet_search, errors_agree, message_space_case,
                                            table_agrees, table_cases)
from catalog.engines.tradeoff.regions import (WITNESS, RegionInequality, bound_inequalities, equivalence_decision,
                                             premise_holds_at, q2x3_premise, realized, region_decision, region_premise,
                                             region_statement)
from catalog.engines.tradeoff.search import search, search_examples
from catalog.engines.tradeoff.statements import TradeoffBound, TradeoffCase, Privacy, TradeoffStatement, privacy
from catalog.engines.tradeoff.steps import coarsened, q2x3_enumeration, region_enumeration

__all__ = [
    "converse_certified",
    "TradeoffBound", "TradeoffStatement", "TradeoffCase", "Privacy", "privacy",
    "BudgetPoint", "cases", "grid_text", "q2x3_points", "candidate_budgets", "budgets_from",
    "statement_problems", "problem_of", "compare", "violation", "statement_violation", "forward", "converse",
    "implication_both_ways", "with_correction",
    "RegionInequality", "WITNESS", "bound_inequalities", "region_premise", "region_statement", "realized",
    "premise_holds_at", "region_decision", "q2x3_premise", "equivalence_decision",
    "message_space_proof", "product_credal_proof", "printed_op_decision", "never_holds_decision", "errors_identity",
    "converse_witness", "warner_at", "witness_holds",
    "choquet_exhaustive", "choquet_search", "table_cases", "table_agrees", "message_space_case", "errors_agree",
    "search", "search_examples", "coarsened", "region_enumeration", "q2x3_enumeration",
]
