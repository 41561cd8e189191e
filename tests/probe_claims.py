"""Claims that never finish by themselves (a long z3 query, a loop that swallows every exception, an endless
hypothesis search, a busy loop), for the interrupt tests (tests/slow/test_execution.py) and the probe table
(tools/probes.py). Not imported by either: each writes this text into a folder and loads it with
``--claims``, and each check appends its name to the file ``$PROBE_MARKER`` once it has started.
"""

import os
from proofs import Claim, Evidence, check, define

def started(what):
    with open(os.environ["PROBE_MARKER"], "a") as out:
        out.write(what + "\n")

def probe(claim_id, title):
    define(Claim(id=claim_id, title=title, source="test", statement="x", domain="none"))
    check(claim_id, "enumeration")(lambda budget: Evidence("enumeration", "inconclusive", "none"))

probe("Probe.z3", "a z3 query that runs for two minutes")
@check("Probe.z3", "decision")
def _z3(budget):
    import z3
    x, y, z = z3.Reals("x y z")
    solver = z3.Solver()
    solver.set("timeout", 120000)
    solver.add(x**7 + y**5*z - 3*x*y*z**3 + x*y == 17, x*x*z + y**3 > 2*z**5 - 1, x*y*z > 1000,
               x**5 < y**3 * z + 7)
    started("z3")
    solver.check()  # z3 catches SIGINT during its query and answers unknown
    return Evidence("decision", "inconclusive", "z3 answered " + solver.reason_unknown())

probe("Probe.swallow", "a check that swallows every exception")
@check("Probe.swallow", "property")
def _swallow(budget):
    started("swallow")
    try:
        while True:
            sum(range(10000))
    except BaseException:
        return Evidence("property", "inconclusive", "the interrupt was swallowed")

probe("Probe.hypothesis", "a hypothesis search that never ends")
@check("Probe.hypothesis", "property")
def _hypothesis(budget):
    from hypothesis import given, settings, strategies as st

    examples = []

    @settings(max_examples=10**9, deadline=None, database=None)
    @given(st.integers())
    def spin(k):
        if not examples:  # hypothesis has set up (and cached what it learnt) before the first example
            started("hypothesis")
        examples.append(k)
        sum(range(2000))

    spin()
    return Evidence("property", "holds", "never reached")

probe("Probe.spin", "a busy loop")
@check("Probe.spin", "property")
def _spin(budget):
    started("spin")
    while True:
        sum(range(10000))
