"""The texts in the project's ``papers/`` folder that the catalog's claims cite, by their three-digit prefix
(``Claim.source`` starts with it: ``"003 Theorem 3.10"``); :mod:`catalog.claims` registers them as the
catalog's sources (:func:`proofs.base.claim.add_sources`), which coverage reads."""

from __future__ import annotations

__all__ = ["TEXTS"]

TEXTS = {
    "000": "000_15dfbb6255c67df8.txt (conference version)",
    "001": "001_b32271a6202634e4.txt (preprint, PDF text)",
    "002": "002_db79da70b1c7c371.txt (camera-ready, flat numbering)",
    "003": "003_c07100d0f17e2eef.txt (preprint, HTML; the reference reading)",
    "004": "004_7922466618fe9fb7.txt (report: mean estimation in the local model)",
}
