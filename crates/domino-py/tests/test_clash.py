"""Another project imported as ``domino`` (PyPI's ``domino`` and
``domino-py``) installed into the same folder: importing this package warns
with a NameClashWarning naming it. scripts/test-wheel does the same with
the real ``domino`` 0.1.5 from PyPI."""

import shutil
import subprocess
import sys

import pytest

import domino
from domino._clash import neighbours


def site_with(tmp_path, records):
    """A site-packages folder holding a copy of this package and one
    dist-info folder per (name, RECORD text)."""
    site = tmp_path / "site"
    shutil.copytree(domino.__path__[0], site / "domino", ignore=shutil.ignore_patterns("__pycache__"))
    for name, record in records.items():
        (site / name).mkdir()
        (site / name / "RECORD").write_text(record)
    return site


OURS = {"domino_puzzles-0.1.0.dist-info": "domino/__init__.py,,\n"}
OTHER = {"domino-0.1.5.dist-info": "domino/__init__.py,,\ndomino/gui.py,,\n"}
UNRELATED = {"dominate-2.9.dist-info": "dominate/__init__.py,,\n"}


def test_other_project_in_the_folder_is_named(tmp_path):
    site = site_with(tmp_path, {**OURS, **OTHER, **UNRELATED})
    assert neighbours(str(site / "domino")) == ["domino 0.1.5"]


def test_our_own_record_and_unrelated_projects_are_not_a_clash(tmp_path):
    site = site_with(tmp_path, {**OURS, **UNRELATED})
    assert neighbours(str(site / "domino")) == []


@pytest.mark.parametrize("records, clash", [({**OURS, **OTHER}, True), (OURS, False)])
def test_import_warns_only_beside_another_project(tmp_path, records, clash):
    site = site_with(tmp_path, records)
    script = "import warnings; warnings.simplefilter('error'); import domino; print(domino.chain.solve('1|2 2|1').closed)"
    run = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, %r); %s" % (str(site), script)],
                         capture_output=True, text=True)
    if clash:
        assert run.returncode != 0
        assert "NameClashWarning" in run.stderr and "domino 0.1.5" in run.stderr
        assert "pip uninstall domino domino-puzzles" in run.stderr
    else:
        assert run.returncode == 0, run.stderr
        assert run.stdout.strip() == "True"
