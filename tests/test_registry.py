"""The registry covers the catalog, and every claim is encoded as data with its checks."""

from __future__ import annotations

import pytest

from proofs import registry
from proofs.verdict import NO_CHECK_YET


def test_every_catalog_id_is_registered(catalog_ids):
    registered = {c.id for c in registry.claims()}
    assert len(catalog_ids) == 66
    missing = sorted(set(catalog_ids) - registered)
    assert not missing, f"catalogued claims not registered: {missing}"


def test_no_claim_outside_the_catalog(catalog_ids):
    extra = sorted({c.id for c in registry.claims()} - set(catalog_ids))
    assert not extra, f"registered ids not in the catalog: {extra}"


def test_claims_with_checks_use_two_independent_methods():
    thin = [c.id for c in registry.claims()
            if registry.checks_for(c.id) and len({k.method for k in registry.checks_for(c.id)}) < 2]
    assert not thin, f"claims with fewer than two independent methods: {thin}"


def test_variants_name_their_source_text():
    for claim in registry.claims():
        if claim.variant_of:
            assert claim.source.startswith(claim.id.split("@")[1]), claim.id
            registry.get(claim.variant_of)  # the 003 claim it varies exists


def test_a_claim_without_checks_is_inconclusive_not_more():
    from proofs.runner import run_claim

    pending = [c.id for c in registry.claims() if not registry.checks_for(c.id)]
    for claim_id in pending:
        result = run_claim(claim_id, "quick")
        assert result.status.value == "inconclusive"
        assert result.verdict.reason == NO_CHECK_YET


def test_unknown_id_names_close_matches():
    with pytest.raises(ValueError, match=r"unknown claim id 'L3\.22'.*'L3\.2'"):
        registry.get("L3.22")
