"""Claims files (``--claims FILE``): loaded once after the catalog, every problem one line naming the file."""

from __future__ import annotations

import textwrap

import pytest

from core.errors import InvalidArgument
from proofs.base import registry
from proofs.runner import run_claim
from proofs.userclaims import claims_file_of, load_claims_file

GOOD = '''
from fractions import Fraction
from proofs import Claim, Evidence, check, define, exhaustive, identity

define(Claim(id="{cid}", title="a square is non-negative", source="My notes, Lemma 1",
             statement=r"x^2 \\ge 0", domain="x rational"))

@check("{cid}", "symbolic")
def _symbolic(budget):
    return identity("x**2", "x*x", domain="x real")

@check("{cid}", "enumeration")
def _grid(budget):
    return exhaustive(({{"x": Fraction(k, 3)}} for k in range(-5, 6)), lambda c: c["x"] ** 2 >= 0,
                      domain="x in {{-5/3, ..., 5/3}}")
'''


@pytest.fixture()
def write(tmp_path):
    made = []

    def _write(name: str, text: str):
        path = tmp_path / name
        path.write_text(textwrap.dedent(text))
        made.append(path)
        return path

    yield _write
    from proofs.userclaims import _LOADED

    for path in made:
        registry.forget(list(_LOADED.pop(str(path.resolve()), ())))


def test_a_claims_file_runs_beside_the_catalog(write):
    path = write("mine.py", GOOD.format(cid="Mine.square"))
    assert load_claims_file(path) == ("Mine.square",)
    assert claims_file_of("Mine.square") == str(path.resolve())
    result = run_claim("Mine.square", "quick")
    assert result.status.value == "proved"
    assert result.claim.paper is None and result.claim.source == "My notes, Lemma 1"


def test_loading_twice_is_once(write):
    path = write("twice.py", GOOD.format(cid="Mine.twice"))
    assert load_claims_file(path) == load_claims_file(path) == ("Mine.twice",)


def test_a_check_that_returns_no_evidence_names_the_file(write):
    path = write("bad_return.py", GOOD.format(cid="Mine.bad") + '''
@check("Mine.bad", "property")
def _returns_a_number(budget):
    return 42
''')
    load_claims_file(path)
    result = run_claim("Mine.bad", "quick")
    assert result.status.value == "error"
    assert f"{path.resolve()}::_returns_a_number returned int, not Evidence" in result.verdict.reason


@pytest.mark.parametrize(
    "name, text, message",
    [
        pytest.param("clash.py", GOOD.format(cid="L3.2"), r"claims=.*clash\.py: claim id='L3\.2' is already registered",
                     id="id-clash"),
        pytest.param("empty.py", "x = 1\n", r"claims=.*empty\.py'?: defines no claim", id="no-claim"),
        pytest.param("broken.py", "def (:\n", r"claims=.*broken\.py: could not be loaded.*SyntaxError", id="syntax"),
        pytest.param("raises.py", "import nonexistent_module_xyz\n",
                     r"claims=.*raises\.py: could not be loaded \(line 1\): ModuleNotFoundError", id="import-error"),
        pytest.param("exits.py", "import sys\nsys.exit(0)\n",
                     r"claims=.*exits\.py'?: the file called sys\.exit\(0\) while it was loaded", id="sys-exit"),
        pytest.param("raises.py", "raise RuntimeError('no')\n",
                     r"claims=.*raises\.py: could not be loaded \(line 1\): RuntimeError: no", id="raises"),
        pytest.param("latin1.py", b"# \xe9\n".decode("latin-1"), None, id="not-utf8"),
        pytest.param("one_method.py", GOOD.format(cid="Mine.thin").split('@check("Mine.thin", "enumeration")')[0],
                     r"claim 'Mine\.thin' has 1 independent method\(s\) \['symbolic'\]; every claim needs at least two",
                     id="one-method"),
    ],
)
def test_problems_are_one_line_naming_the_file(write, name, text, message):
    path = write(name, text)
    if message is None:  # a file that is not UTF-8
        path.write_bytes(text.encode("latin-1"))
        message = rf"claims=.*{name}'?: cannot be read \(UnicodeDecodeError\)"
    before = set(registry.ids())
    with pytest.raises(InvalidArgument, match=message) as caught:
        load_claims_file(path)
    assert "\n" not in str(caught.value)
    assert set(registry.ids()) == before, "a file that fails to load leaves no claim registered"


@pytest.mark.parametrize("path, message", [
    pytest.param("no/such/file.py", r"claims='no/such/file\.py': no such file", id="missing"),
    pytest.param("claims.txt", r"claims='claims\.txt': a claims file is a Python file", id="not-python"),
])
def test_bad_paths(path, message):
    with pytest.raises(InvalidArgument, match=message):
        load_claims_file(path)


def test_a_check_that_exits_is_an_error_of_its_claim_not_the_end_of_the_run(write):
    path = write("exits_in_check.py", GOOD.format(cid="Mine.exits") + '''
@check("Mine.exits", "property")
def _exits(budget):
    import sys
    sys.exit(3)
''')
    load_claims_file(path)
    result = run_claim("Mine.exits", "quick")
    assert result.status.value == "error"
    assert "the check called sys.exit(3)" in result.verdict.reason


def test_a_directory_named_like_a_claims_file_is_refused(tmp_path):
    (tmp_path / "dir.py").mkdir()
    with pytest.raises(InvalidArgument, match=r"claims=.*dir\.py'?: no such file"):
        load_claims_file(tmp_path / "dir.py")
