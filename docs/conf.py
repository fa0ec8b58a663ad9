"""Sphinx configuration of dlxnumba's documentation.

Build: ``python -m sphinx -W --keep-going -b html docs docs/_build/html``
(``pip install -e ".[docs]"`` installs what it needs).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE / "_ext"))

import dlxnumba  # noqa: E402  (the package documented: the installed or the editable one)

project = "dlxnumba"
author = "the dlxnumba authors"
copyright = "dlxnumba authors (MIT licence)"
release = dlxnumba.__version__
version = ".".join(release.split(".")[:2])

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.napoleon",
    "myst_nb",
    "matplotlib.sphinxext.plot_directive",
    "dlxnumba_docs",
]

source_suffix = {".rst": "restructuredtext", ".md": "myst-nb", ".ipynb": "myst-nb"}
exclude_patterns = ["_build", "conftest.py", "_ext", "Thumbs.db", ".DS_Store"]
root_doc = "index"
templates_path = ["_templates"]

# -- the notebooks of examples/ ----------------------------------------------------
# They live in examples/ (where tests/test_notebooks.py runs them, committed without
# outputs); a copy goes into docs/notebooks/ (not committed) and myst-nb executes it
# once, keeping the outputs in a cache under _build/, so a rebuild does not run them
# again unless a notebook changed.
(HERE / "notebooks").mkdir(exist_ok=True)
for _nb in sorted((ROOT / "examples").glob("*.ipynb")):
    _copy = HERE / "notebooks" / _nb.name
    if not _copy.exists() or _copy.read_bytes() != _nb.read_bytes():
        shutil.copyfile(_nb, _copy)
nb_execution_mode = "cache"
nb_execution_cache_path = str(HERE / "_build" / ".jupyter_cache")
nb_execution_timeout = 900
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

# No maths markup (dollarmath, sphinx.ext.mathjax): MathJax would come from a CDN, and
# offline a page would show raw TeX; the pages and notebooks write maths in Unicode.
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# -- API reference -----------------------------------------------------------------
autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"members": True, "undoc-members": False, "show-inheritance": False,
                           "member-order": "bysource"}
autodoc_typehints = "signature"
autodoc_class_signature = "separated"
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
napoleon_use_ivar = True
napoleon_preprocess_types = False
# A word of a type in a docstring ("list of (sum, cells)") is looked up as a name, and
# some words name attributes of two classes: ambiguous, harmless.
suppress_warnings = ["ref.python"]

# -- pictures drawn at build time ----------------------------------------------------
plot_include_source = False
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 110)]
plot_rcparams = {"figure.autolayout": True}

# -- HTML ------------------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"dlxnumba {release}"
html_static_path = ["_static"]
html_css_files = ["dlxnumba.css"]
html_theme_options = {
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "secondary_sidebar_items": ["page-toc"],
}
# the section navigation on the left; a page alone in its section (the set-up page) has
# none to show, and no empty sidebar either
html_sidebars = {"**": ["sidebar-nav-bs"], "install": []}
html_show_sourcelink = False
