"""What the built distributions hold: licence, changelog, typing marker, puzzle sets.

The wheel used to hold none of them.  The sdist and the wheel are built from a
copy of the sources with the installed setuptools (no download), the wheel is
unpacked and imported from a fresh process.
"""

from __future__ import annotations

import importlib.metadata
import os
import re
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

from dlxnumba import puzzle_sets

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = (ROOT / "pyproject.toml").read_text()
#: What the build needs (``license-files`` and a licence expression: setuptools 77).
NEEDED = int(re.search(r'"setuptools>=(\d+)"', PYPROJECT).group(1))
#: What the sdist is built from where there is no git checkout (an unpacked sdist).
SOURCES = ["pyproject.toml", "MANIFEST.in", "README.md", "CHANGELOG.md", "LICENSE", "dlxnumba"]


def _tracked() -> list[str] | None:
    """The files git tracks (``git ls-files``), or None outside a git checkout."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        return None
    done = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        return None
    return [name for name in done.stdout.split("\0") if name and (ROOT / name).exists()]


TRACKED = _tracked()


def _setuptools_major() -> int:
    try:
        return int(importlib.metadata.version("setuptools").split(".")[0])
    except importlib.metadata.PackageNotFoundError:
        return 0


pytestmark = pytest.mark.skipif(_setuptools_major() < NEEDED,
                                reason=f"building needs setuptools>={NEEDED} (the test extra installs it)")


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> dict:
    """Build the sdist and the wheel once: ``{"sdist": path, "wheel": path}``."""
    top = tmp_path_factory.mktemp("dist")
    src, out = top / "src", top / "out"
    src.mkdir()
    if TRACKED is not None:  # a copy of the checkout's tracked files, as a clean clone has them
        for name in TRACKED:
            (src / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, src / name, follow_symlinks=False)
    for name in SOURCES if TRACKED is None else ():
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(ROOT / name, src / name)
    built = {}
    for kind in ("sdist", "wheel"):  # one process each, as a build frontend does
        code = f"import sys; from setuptools import build_meta as b; print(b.build_{kind}(sys.argv[1]))"
        done = subprocess.run([sys.executable, "-c", code, str(out)], cwd=src, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == 0, done.stderr[-3000:]
        built[kind] = out / done.stdout.split()[-1]
    return built


def test_the_wheel_holds_licence_changelog_typing_and_puzzles(built):
    with zipfile.ZipFile(built["wheel"]) as z:
        names = set(z.namelist())
        dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
        assert z.read(f"{dist_info}/licenses/LICENSE") == (ROOT / "LICENSE").read_bytes()
        metadata = z.read(f"{dist_info}/METADATA").decode()
        assert "License-Expression: MIT" in metadata.splitlines()
        # PyPI's page is the README alone (the changelog is in the sdist and the docs)
        assert (ROOT / "README.md").read_text().strip() in metadata
        assert "# Changelog" not in metadata
        assert "dlxnumba/py.typed" in names
        for name in puzzle_sets():
            assert z.read(f"dlxnumba/puzzles/{name}.txt") == (ROOT / "puzzles" / f"{name}.txt").read_bytes()


def test_the_sdist_holds_licence_changelog_typing_and_puzzles(built):
    with tarfile.open(built["sdist"]) as t:
        top = t.getnames()[0].split("/")[0]
        members = {m.name[len(top) + 1:]: m for m in t.getmembers()}
        wanted = ["LICENSE", "CHANGELOG.md", "README.md", "dlxnumba/py.typed",
                  *(f"dlxnumba/puzzles/{name}.txt" for name in puzzle_sets())]
        for name in wanted:
            assert name in members and members[name].isfile(), name
        assert t.extractfile(members["LICENSE"]).read() == (ROOT / "LICENSE").read_bytes()


def test_the_unpacked_wheel_loads_every_set_by_name(built, tmp_path):
    site = tmp_path / "site"
    with zipfile.ZipFile(built["wheel"]) as z:
        z.extractall(site)
    code = "\n".join([
        "import os, dlxnumba",
        "assert dlxnumba.__file__.startswith(os.environ['SITE']), dlxnumba.__file__",
        "for name in dlxnumba.puzzle_sets():",
        "    with dlxnumba.puzzle_path(name) as path:",
        "        assert str(path).startswith(os.environ['SITE']), path",
        "    print(name, len(dlxnumba.load_puzzles(name)))",
    ])
    env = {**os.environ, "PYTHONPATH": str(site), "SITE": str(site)}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    from dlxnumba import load_puzzles

    assert done.stdout.split() == [w for name in puzzle_sets() for w in (name, str(len(load_puzzles(name))))]


@pytest.mark.skipif(TRACKED is None, reason="not a git checkout (git ls-files)")
def test_the_sdist_holds_every_tracked_file(built):
    """Everything the tests need travels: the tests with conftest.py, reference.py and
    the golden files, the puzzle sets, the notebooks, the benchmarks, the documentation's
    sources (MANIFEST.in); and nothing else but the build's own metadata."""
    with tarfile.open(built["sdist"]) as t:
        top = t.getnames()[0].split("/")[0]
        files = {m.name[len(top) + 1:] for m in t.getmembers() if not m.isdir()}
    metadata = {"PKG-INFO", "setup.cfg"}
    files = {f for f in files if f not in metadata and ".egg-info/" not in f}
    assert sorted(set(TRACKED) - files) == []
    assert sorted(files - set(TRACKED)) == []
    for needed in ("tests/conftest.py", "tests/reference.py", "tests/golden/toy2.dlx", "puzzles/top95.txt"):
        assert needed in files
