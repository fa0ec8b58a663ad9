"""Test-suite configuration.

Hypothesis profiles (``--hypothesis-profile NAME``): every property test runs
:func:`strategies.examples` of the count it names, scaled by the profile's
``max_examples`` over hypothesis's default of 100:

* ``ci`` (the default): half of each count.  Each run draws new examples, so the
  runs of CI and of the edit-and-test loop cover the same ground over time.
* ``deep``: ten times each count, for a search before a release or after a change
  to a kernel (``pytest -m hypothesis --hypothesis-profile deep``, docs/development.md).
* ``default``: hypothesis's own, the counts as written.

The helper modules here hold no tests and no doctests.  Under
``--import-mode=importlib`` the doctest collector would import each of them a
second time, under a name made from its path (``tests.known``), beside the copy
the tests import (``known``): so they are not collected.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

import workers

collect_ignore = ["reference.py", "strategies.py", "workers.py", "known.py", "command_line.py",
                  "display_screens.py", "colored.py", "cold.py", "splitting.py"]

settings.register_profile("ci", max_examples=50, deadline=None)
settings.register_profile("deep", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile("ci")  # hypothesis's pytest plugin loads --hypothesis-profile over it


ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "docs" / "_build" / "html"


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    workers.warm_before_workers(session)


def pytest_collection_modifyitems(config, items):
    """The longest work first, so that no worker is left with it at the end: the
    site's group (its build, then Chromium on every page), then the other groups and
    the slow tier, then the rest, each in the order collected."""
    def rank(item) -> int:
        group = item.get_closest_marker("xdist_group")
        if group is not None and group.args and group.args[0] == "site":
            return 0
        return 1 if group is not None or item.get_closest_marker("slow") is not None else 2

    items.sort(key=rank)


@pytest.fixture(scope="session")
def built_site():
    """The documentation, built now with every warning an error, as the site is
    published (``python -m sphinx -W --keep-going -b html docs docs/_build/html``):
    the completed process, or None where Sphinx is not installed (the ``docs``
    extra).  Sphinx rebuilds only what changed since the last build, and the
    notebooks' outputs are kept in a cache (docs/conf.py).  The tests that use it
    are one pytest-xdist group (``site``), so one worker builds it, once."""
    try:
        import sphinx  # noqa: F401
        import myst_nb  # noqa: F401
    except ImportError:
        return None
    return subprocess.run([sys.executable, "-m", "sphinx", "-q", "-W", "--keep-going", "-b", "html",
                           str(ROOT / "docs"), str(SITE)], capture_output=True, text=True, cwd=ROOT,
                          timeout=1800)
