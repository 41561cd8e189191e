"""Certificates for a researcher's own moment and approximation claims: a refuted variance recomputes the
true side from the definition (a sum over the outcomes at the counterexample's n), a proved variance
re-derives the moment from the mechanism's generating function, and an approximation claim re-checks its
limit; each certificate passes as written and fails (exit 1) when its exact side is replaced by another
value."""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import pytest

from proofs import runner
from proofs.base import registry
from proofs.certificates import file_name, write_certificates
from proofs.userclaims import _LOADED, load_claims_file
from tests.certificate_runner import run_certificate

#: A frequency-estimation note: Warner's randomized response with the unbiased estimator of pi.
CLAIMS = textwrap.dedent('''
    from proofs import moment_claim, approximation_claim

    WARNER = [["p", "1-p"], ["1-p", "p"]]
    ESTIMATOR = "(Y0/n - (1-p))/(2*p - 1)"
    DOMAIN = "1/2 < p <= 1, 0 <= pi <= 1"

    moment_claim("Note.variance-printed", title="the variance of the estimate, as printed", source="a note, Eq. (2)",
                 statement="Var = pi(1-pi)/n", statistic=ESTIMATOR, claimed="pi*(1-pi)/n", moment="variance",
                 mechanism=WARNER, prior=["pi", "1-pi"], domain=DOMAIN, n_values=[1, 2, 3])

    moment_claim("Note.variance", title="the variance of the estimate", source="a note, Eq. (3)",
                 statement="Var = pi(1-pi)/n + p(1-p)/(n(2p-1)^2)", statistic=ESTIMATOR,
                 claimed="pi*(1-pi)/n + p*(1-p)/(n*(2*p-1)**2)", moment="variance",
                 mechanism=WARNER, prior=["pi", "1-pi"], domain=DOMAIN, n_values=[1, 2, 3])

    approximation_claim("Note.small-pi", title="the variance when pi is small", source="a note, Eq. (4)",
                        statement="Var ~ p(1-p)/(n(2p-1)^2) as pi -> 0",
                        exact="pi*(1-pi)/n + p*(1-p)/(n*(2*p-1)**2)", approx="p*(1-p)/(n*(2*p-1)**2)",
                        regime="pi -> 0", domain="1/2 < p < 1, 0 <= pi <= 1, n >= 1")
''')


IDS = ("Note.variance-printed", "Note.variance", "Note.small-pi")


def _certificates(claims: Path, ids, out: Path) -> dict[str, Path]:
    """The certificates of the claims ``ids`` of the claims file ``claims``, checked at the standard budget and
    written into ``out``, as ``python -m proofs certificate ID... --claims FILE --only-user --output DIR`` writes
    them (its command line is tested in test_certificate_cli.py); here in this process, the file's claims
    unregistered again afterwards."""
    key = str(claims.resolve())
    loaded_before = key in _LOADED
    try:
        assert set(ids) <= set(load_claims_file(claims))
        results = runner.run([registry.get(claim_id) for claim_id in ids], "standard", in_process=True)
        written, refused = write_certificates(results, str(out))
        assert not refused and len(written) == len(ids), refused
    finally:
        if not loaded_before:
            registry.forget(list(_LOADED.pop(key, ())))
    return {claim_id: out / file_name(claim_id) for claim_id in ids}


@pytest.fixture(scope="module")
def scripts(tmp_path_factory):
    base = tmp_path_factory.mktemp("note")
    claims = base / "note_claims.py"
    claims.write_text(CLAIMS, encoding="utf-8")
    return _certificates(claims, IDS, base / "certificates")


def _run(script):
    return run_certificate(script)


def _tampered(script, tmp_path, pattern: str, replacement: str):
    source = script.read_text(encoding="utf-8")
    changed, count = re.subn(pattern, replacement, source, count=1, flags=re.S)
    assert count == 1, f"{pattern!r} not found in {script.name}"
    path = tmp_path / ("tampered_" + script.name)
    path.write_text(changed, encoding="utf-8")
    return path


def _passes(script):
    done = _run(script)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def _fails(script):
    done = _run(script)
    assert done.returncode == 1, done.stdout + done.stderr
    assert "[FAIL]" in done.stdout and "CERTIFICATE FAILS" in done.stdout


def test_a_refuted_variance_certificate_recomputes_the_variance_from_its_definition(scripts, tmp_path):
    out = _passes(scripts["Note.variance-printed"])
    assert "the variance from its definition, a sum over the outcomes of the counts at n = 1" in out
    assert "the point lies in the claim's domain" in out
    # the exact side's value replaced by another value: the certificate fails
    _fails(_tampered(scripts["Note.variance-printed"], tmp_path,
                     r"(step\(\d+, 'exact value', \"the variance from its definition.*?check_value\(expr_\d+, point_\d+, )"
                     r"(Rational\(-?\d+, \d+\)|-?\d+)\)", r"\1(\2) + 1)"))


def test_a_refuted_variance_certificate_fails_when_the_definition_sum_is_changed(scripts, tmp_path):
    _fails(_tampered(scripts["Note.variance-printed"], tmp_path, r"(\nexpr_2 = )", r"\1S(1)/7 + "))


def test_a_proved_variance_certificate_rederives_the_moment_from_the_generating_function(scripts, tmp_path):
    out = _passes(scripts["Note.variance"])
    assert "derived from the generating function of the counts" in out and "Derivative" in \
        scripts["Note.variance"].read_text(encoding="utf-8")
    _fails(_tampered(scripts["Note.variance"], tmp_path, r"(\nrhs_(\d+) = )", r"\1S(1)/7 + "))


def test_an_approximation_certificate_rechecks_the_limit(scripts, tmp_path):
    out = _passes(scripts["Note.small-pi"])
    assert "the stated domain has a point" in out
    _fails(_tampered(scripts["Note.small-pi"], tmp_path, r"(\nrhs_(\d+) = )", r"\1S(1)/7 + "))


def test_a_refuted_family_variance_certificate_sums_over_the_explicit_matrix(tmp_path):
    script = _certificates(Path("examples/krr_claims.py"), ["KRR.variance"], tmp_path / "krr")["KRR.variance"]
    text = _passes(script)
    assert "the exact side is summed over the explicit matrix of k-ary randomized response" in text
    _fails(_tampered(script, tmp_path, r"(\nexpr_2 = )", r"\1S(1)/7 + "))
