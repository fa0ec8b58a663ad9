"""The notebooks in examples/ run from top to bottom, so they never rot.

Each is executed in a fresh Jupyter kernel; a cell that raises fails the test with the
cell's source and the error.  The committed notebooks carry no outputs.  Building the
site executes each notebook once and keeps its outputs in a cache (docs/conf.py): where
Sphinx is installed, the test builds the site (the ``built_site`` fixture, which
the site's own tests share) and reads the outputs of that very run; without it, it
executes the notebook here (nbclient).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

nbformat = pytest.importorskip("nbformat", reason="the test extra installs nbclient")
nbclient = pytest.importorskip("nbclient", reason="the test extra installs nbclient")

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
CACHE = EXAMPLES.parent / "docs" / "_build" / ".jupyter_cache"  # docs/conf.py's nb_execution_cache_path
NOTEBOOKS = sorted(EXAMPLES.glob("*.ipynb"))


def test_there_are_notebooks():
    names = {p.name for p in NOTEBOOKS}
    assert {"quickstart.ipynb", "exact_cover.ipynb"} <= names


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_committed_without_outputs(path):
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        if cell.cell_type == "code":
            assert not cell.outputs and cell.execution_count is None, \
                f"{path.name}: a cell was committed with its outputs:\n{cell.source[:200]}"


def _executed(path: Path, tmp_path: Path, built_site) -> "nbformat.NotebookNode":
    """The notebook at ``path`` with its outputs: those of the site's build, where
    its cache holds a run of exactly these cells, else from a run here."""
    nb = nbformat.read(path, as_version=4)
    if built_site is not None:
        from jupyter_cache import get_cache

        try:
            return get_cache(str(CACHE)).merge_match_into_notebook(nb)[1]
        except KeyError:  # not in the cache: the build failed before it (its own test says why)
            pass
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    try:
        client.execute()
    except nbclient.exceptions.CellExecutionError as e:
        pytest.fail(f"{path.name}: {e}")
    return nb


@pytest.mark.slow
@pytest.mark.xdist_group("site")
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_notebook_runs(path, tmp_path, built_site):
    nb = _executed(path, tmp_path, built_site)
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    # a reader sees no warning (a deprecated name, say) and no stray value (warm_up's count)
    warned = [o.text for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "stream" and o.name == "stderr" and "Warning" in o.text]
    assert not warned, f"{path.name} shows warnings: {warned}"
    stray = [c.source for c in nb.cells if c.cell_type == "code" and "warm_up(" in c.source and c.outputs]
    assert not stray, f"{path.name}: warm_up() leaves an output in {stray}"
    images = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if "image/png" in o.get("data", {})]
    assert images, f"{path.name} drew nothing"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_tex_maths(path):
    """TeX in a notebook needs MathJax, which the site would load from a CDN (offline:
    raw TeX on the page); the notebooks write their maths in Unicode and HTML."""
    nb = nbformat.read(path, as_version=4)
    tex = [c.source for c in nb.cells if c.cell_type == "markdown" and re.search(r"\$[^$\n]+\$|\\\(|\\\[", c.source)]
    assert not tex, f"{path.name}: TeX maths in {tex}"


def test_an_extra_installs_what_the_notebooks_need():
    """There was no documented way to run the notebooks: the ``notebooks`` extra
    installs Jupyter and every package they import, and the README names it."""
    import ast
    import sys

    tomllib = pytest.importorskip("tomllib", reason="Python 3.11 reads pyproject.toml")
    project = tomllib.loads((EXAMPLES.parent / "pyproject.toml").read_text())["project"]
    extra = project["optional-dependencies"].get("notebooks", [])
    have = {re.split(r"[<>=!~\[ ;]", d)[0].lower() for d in extra + project["dependencies"]} | {"dlxnumba"}
    assert have & {"jupyterlab", "notebook", "jupyter"} and have & {"nbclient", "nbconvert"}, extra
    imported = set()
    for path in NOTEBOOKS:
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code":
                for node in ast.walk(ast.parse(cell.source)):
                    if isinstance(node, ast.Import):
                        imported |= {a.name.split(".")[0] for a in node.names}
                    elif isinstance(node, ast.ImportFrom) and node.module:
                        imported.add(node.module.split(".")[0])
    assert imported - set(sys.stdlib_module_names) - have == set()
    assert "`notebooks`" in (EXAMPLES.parent / "README.md").read_text()
