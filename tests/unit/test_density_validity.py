"""Laws with continuous output (numeric.density), validated on their whole domain on construction."""

from __future__ import annotations

import pytest
import sympy

from core.errors import InvalidArgument
from numeric import density as D
from proofs.engines.density_validity import validate_density


@pytest.mark.parametrize("family", [D.piecewise, D.duchi_two_point, D.hybrid])
def test_families_of_wang_et_al_and_duchi_are_laws_for_every_eps(family):
    law = family()
    assert validate_density(law) is law


def test_laplace_and_gaussian_are_laws_for_every_scale():
    for law in (D.laplace("b"), D.laplace(epsilon="eps"), D.laplace(epsilon="eps", sensitivity="Delta",
                                                                      domain="eps > 0, Delta > 0"), D.gaussian()):
        assert validate_density(law) is law


def test_piecewise_mechanism_tiles_its_support_with_three_pieces():
    law = D.piecewise()
    assert law.tiled and len(law.pieces) == 3
    assert D.is_identity(law.pieces[1].hi - law.pieces[1].lo - (law.support[1] - 1), law.domain)


def test_a_density_missing_its_normalisation_is_refused_naming_the_input_and_the_integral():
    wrong = D.density([("(exp(eps) - exp(eps/2))/(2*exp(eps/2) + 2)", -1, 1)], domain="eps > 0")
    with pytest.raises(InvalidArgument, match=r"law='a density': at eps=.*, t=.* the law integrates to .*not 1 "
                                              r"\(piece 0 integrates to"):
        validate_density(wrong)


def test_a_negative_piece_is_refused_naming_the_piece():
    wrong = D.density([("1/2 + t", -1, 0), ("1/2 - t", 0, 1)])
    with pytest.raises(InvalidArgument, match=r"piece 0: its density t \+ 1/2 is negative"):
        validate_density(wrong)


def test_a_negative_atom_mass_is_refused_naming_the_atom():
    wrong = D.density([], atoms=[(1, "1/2 + t"), (-1, "1/2 - t")], interval=(-1, 1))
    with pytest.raises(InvalidArgument, match=r"atom atom 0: its mass t \+ 1/2 is negative"):
        validate_density(wrong)


def test_density_at_a_point_is_exact_and_undefined_on_an_end():
    law = D.piecewise()
    value = law.density_at(0, 0, {"eps": sympy.log(4)})
    assert value == sympy.Rational(1, 3)          # p = (4 - 2)/(2*2 + 2)
    assert law.density_at(law.pieces[1].lo.subs({D.T: 0, sympy.Symbol("eps", real=True): sympy.log(4)}), 0,
                          {"eps": sympy.log(4)}) is None


def test_phi_and_erf_are_read_without_evaluating_text():
    expr = D.parse_density_formula("Phi(1/(2*sigma) - eps*sigma) - exp(eps)*Phi(-1/(2*sigma) - eps*sigma)")
    assert expr.has(sympy.erf)
    with pytest.raises(InvalidArgument, match="__import__"):
        D.parse_density_formula("Phi(__import__('os'))")


def test_reserved_names_and_atoms_in_t_are_refused():
    with pytest.raises(InvalidArgument, match="position is a formula in the parameters only"):
        D.density([], atoms=[("t", 1)])


def test_a_piece_outside_the_stated_support_is_refused():
    wrong = D.density([("1/2", -1, 1)], support=(0, 1))
    with pytest.raises(InvalidArgument, match=r"piece 0: its interval \[-1, 1\] starts before the support \[0, 1\]"):
        validate_density(wrong)
