"""The toolkit's version has one value: the one pyproject.toml installs, which the reports and the
certificates state (``proofs.base.version``), and the newest entry of CHANGELOG.md."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from proofs import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_the_package_states_the_version_pyproject_installs():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert __version__ == project["version"]


def test_the_changelog_opens_with_the_current_version():
    headings = re.findall(r"^## (\d+\.\d+\.\d+)\b", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"), flags=re.M)
    assert headings and headings[0] == __version__, headings[:3]
