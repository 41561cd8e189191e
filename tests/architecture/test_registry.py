"""The registry covers the catalog, and every claim is encoded as data with its checks."""

from __future__ import annotations

import pytest

from proofs.base import registry
from proofs.base.verdict import NO_CHECK_YET


def test_every_catalog_id_is_registered(catalog_ids):
    registered = {c.id for c in registry.claims()}
    assert len(catalog_ids) == 87
    missing = sorted(set(catalog_ids) - registered)
    assert not missing, f"catalogued claims not registered: {missing}"


def test_no_claim_outside_the_catalog(catalog_ids):
    extra = sorted({c.id for c in registry.claims()} - set(catalog_ids))
    assert not extra, f"registered ids not in the catalog: {extra}"


def test_every_claim_is_checked_by_two_independent_methods():
    thin = [c.id for c in registry.claims() if len({k.method for k in registry.checks_for(c.id)}) < 2]
    assert not thin, f"claims with fewer than two independent methods: {thin}"


def test_every_claim_states_its_domain():
    stubs = [c.id for c in registry.claims() if c.domain == "as printed; not yet encoded"]
    assert not stubs, f"claims still registered as stubs: {stubs}"


def test_variants_name_their_source_text():
    ids = [c.id for c in registry.claims()]
    for claim in registry.claims():
        if claim.variant_of:
            assert claim.source.startswith(claim.id.split("@")[1]), claim.id
            base = claim.variant_of  # the 003 claim (or the 003 claims, e.g. T3.18.*) it varies exists
            assert base in ids or any(i.startswith(base + ".") for i in ids), claim.id


def test_a_claim_without_checks_is_inconclusive_not_more():
    """A claim registered before its checks exist earns nothing stronger than inconclusive."""
    from proofs.base.claim import Claim
    from proofs.runner import run_claim

    probe = Claim(id="Probe.pending", title="probe", source="003 test", statement="x", domain="none")
    registry.define(probe)
    try:
        result = run_claim(probe.id, "quick")
    finally:
        registry._CLAIMS.pop(probe.id)
        registry._CHECKS.pop(probe.id)
    assert result.status.value == "inconclusive"
    assert result.verdict.reason == NO_CHECK_YET


def test_unknown_id_names_close_matches():
    with pytest.raises(ValueError, match=r"unknown claim id 'L3\.22'.*'L3\.2'"):
        registry.get("L3.22")
