"""check_moment refutes closed forms that are wrong only at small n or only when q3 > 0, supports right ones."""

from __future__ import annotations

import pytest

from proofs import check_moment
from proofs.errors import InvalidArgument

PI_HAT = "(N2*q - N1*p)/((N1+N2)*(q-p))"
NS = (1, 2, 3, 6)


def test_right_forms_are_supported():
    assert check_moment("N1", "n*q1", n_values=NS).status.value == "supported"
    assert check_moment("N3", "n*q3*(1-q3)", moment="variance", n_values=NS).status.value == "supported"
    v = check_moment(PI_HAT, "pi", given="N1+N2 > 0", n_values=NS)
    assert v.status.value == "supported" and float(v.worst_discrepancy) < 1e-40


def test_wrong_only_at_small_n_is_refuted():
    # E[N1 (N1 - 1)] = n(n-1) q1^2; the extra term 0**(n-1) q1^2/7 is nonzero only at n = 1
    assert check_moment("N1*(N1-1)", "n*(n-1)*q1**2", n_values=NS).status.value == "supported"
    v = check_moment("N1*(N1-1)", "n*(n-1)*q1**2 + 0**(n-1)*q1**2/7", n_values=NS)
    assert v.status.value == "refuted" and v.counterexample["n"] == 1


def test_wrong_only_when_q3_positive_is_refuted():
    # E[N1 + N2] = n(1 - q3); the form n is right exactly when q3 = 0
    v = check_moment("N1 + N2", "n", n_values=NS)
    assert v.status.value == "refuted"
    from fractions import Fraction

    assert Fraction(v.counterexample["p"]) + Fraction(v.counterexample["q"]) < 1
    at_q3_zero = [{"p": "3/4", "q": "1/4", "pi": "1/3"}, {"p": "1", "q": "0", "pi": "1/2"}]
    assert check_moment("N1 + N2", "n", n_values=NS, points=at_q3_zero).status.value == "supported"


BAD = [(dict(moment="skew"), "moment"), (dict(n_values=[0]), "n=0"),
       (dict(points=[{"p": "1/3", "q": "1/3", "pi": "1/2"}]), "equals p"),
       (dict(points=[{"p": "3/4", "q": "1/2", "pi": "1/2"}]), r"p\+q"),
       (dict(points=[{"p": "3/4", "q": "0", "pi": "2"}]), "pi"), (dict(claimed="pi*x"), "unknown symbols")]


@pytest.mark.parametrize("change,match", BAD, ids=[m for _, m in BAD])
def test_bad_input_is_named(change, match):
    args = dict(claimed="pi", given="N1+N2>0") | change
    with pytest.raises(InvalidArgument, match=match):
        check_moment(PI_HAT, args.pop("claimed"), **args)
