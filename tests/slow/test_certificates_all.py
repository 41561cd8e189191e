"""The certificate of every registered claim's verdict, from a quick-budget run, runs without the toolkit and
exits 0 (the scripts of a chunk of claims run one after another in one guarded interpreter: sympy and z3 are
imported once, and each script still runs as ``__main__`` in a namespace of its own with ``import proofs``
shown to fail). A verdict that certifies nothing (inconclusive) gets the one-line refusal naming its status,
never a script, except a vacuous one whose premise is proved never to hold (its certificate says so); and the claims whose verdicts still rest on evidence without steps are exactly those listed
in :data:`WITHOUT_STEPS`, each refused in one line. No certificate has a machine-checked step that cannot fail
(:func:`proofs.kernel.steps.cannot_fail`) or runs a step twice, and each calls exactly the steps it must run."""

from __future__ import annotations

import re

import pytest

from proofs.base import registry
from proofs.kernel.grounds import all_steps, certified, certified_steps, complete
from proofs.kernel.steps import cannot_fail, step_key
from proofs.certificates import NoCertificate, certificate_source, file_name
from tests.certificate_runner import run_certificates
from tests.claims.quick_results import quick

CLAIMS = [claim.id for claim in registry.claims()]
#: Claims run per test (the chunks spread over the test workers; each chunk's scripts share one interpreter).
CHUNKS = 6
#: Supported verdicts whose finite support no certificate regenerates yet, and why.
WITHOUT_STEPS: dict[str, str] = {}
#: Vacuous verdicts: the premise is proved never to hold on the whole domain, and the certificate re-checks that.
VACUOUS = {"T3.18.converse"}
LINES = 600  # a certificate stays short enough to read


def _missing(result) -> str:
    covered, missing = certified(result.status, result.evidence)
    gaps = [s.says for e in covered for s in all_steps(e) if getattr(s, "unchecked", False)]
    return (f"{result.claim.id} is {result.status.value}; deciding evidence without steps: "
            f"{[e.method.value for e in missing]}; steps decided but not re-checked: {gaps}")


def _scan(claim_id: str, result, source: str) -> list[str]:
    """What is wrong with a certificate's steps: a machine-checked step that cannot fail, a step run twice, or a
    script whose step calls are not exactly 1 to the number of machine-checked steps it says it must run."""
    steps = [s for _, kept in certified_steps(certified(result.status, result.evidence)[0]) for s in kept
             if s.machine_checked]
    found = [f"{claim_id}: a step that cannot fail ({cannot_fail(s)}): {s.says}" for s in steps if cannot_fail(s)]
    keys = [step_key(s) for s in steps]
    found += [f"{claim_id}: a step run {keys.count(k)} times" for k in sorted(set(keys)) if keys.count(k) > 1]
    calls = sorted(int(number) for number in re.findall(r"^step\((\d+),", source, flags=re.M))
    expected = re.search(r"^\], expected=(\d+)\)$", source, flags=re.M)
    if expected is None or calls != list(range(1, len(steps) + 1)) or int(expected.group(1)) != len(steps):
        found.append(f"{claim_id}: {len(steps)} machine-checked steps, the script calls {calls} and expects "
                     f"{expected and expected.group(1)}")
    return found


def test_the_list_of_claims_without_steps_names_registered_claims():
    assert set(WITHOUT_STEPS) <= set(CLAIMS) and VACUOUS <= set(CLAIMS)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS), ids=[f"claims{c + 1}of{CHUNKS}" for c in range(CHUNKS)])
def test_the_certificate_of_every_verdict_runs_standalone(tmp_path, chunk):
    scripts, problems = {}, []
    for claim_id in CLAIMS[chunk::CHUNKS]:
        result = quick(claim_id)
        status = result.status.value
        assert status != "error", f"{claim_id}: {result.verdict.reason}"
        if claim_id in VACUOUS:
            assert status == "vacuous", f"{claim_id} is {status} now: take it off VACUOUS"
            source = " ".join(certificate_source(result).split())
            assert "certifies why the claim is vacuous: its premise never holds on the whole domain" in source
        elif status not in ("proved", "refuted", "supported"):
            with pytest.raises(NoCertificate) as refusal:
                certificate_source(result)
            assert str(refusal.value) == f"no certificate for {claim_id}: an {status} verdict certifies nothing"
            continue
        if claim_id in WITHOUT_STEPS:
            assert not complete(result.status, result.evidence), f"{claim_id} has steps now: take it off WITHOUT_STEPS"
            with pytest.raises(NoCertificate, match=f"^no certificate for {claim_id}: the {status} verdict rests on "
                                                    "evidence without machine-checked steps"):
                certificate_source(result)
            continue
        if not complete(result.status, result.evidence):
            problems.append(_missing(result))
            continue
        source = certificate_source(result)
        problems += _scan(claim_id, result, source)
        path = tmp_path / file_name(claim_id)
        path.write_text(source, encoding="utf-8")
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > LINES:
            problems.append(f"{claim_id}: its certificate has {lines} lines (at most {LINES})")
        scripts[str(path.resolve())] = claim_id
    for path, run in run_certificates(list(scripts)).items():
        if run["code"] != 0:
            problems.append(f"{scripts[path]}: the certificate exits {run['code']}:\n{run['output'][-3000:]}")
    assert not problems, "\n".join(problems)
