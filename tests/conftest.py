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

collect_ignore = ["reference.py", "strategies.py", "known.py", "command_line.py", "display_screens.py", "colored.py",
                  "cold.py", "splitting.py"]

from hypothesis import HealthCheck, settings  # noqa: E402

settings.register_profile("ci", max_examples=50, deadline=None)
settings.register_profile("deep", max_examples=1000, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile("ci")  # hypothesis's pytest plugin loads --hypothesis-profile over it
