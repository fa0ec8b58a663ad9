"""The fuzz suite (tests/fuzz): hypothesis over every parser and entry point.

Every test here draws cases from :mod:`fuzz_strategies` and judges them with
the checks of its target (see :mod:`fuzz_core`); ``long_run.py`` drives the
same targets for a long run.  The ``dlxnumba-fuzz`` hypothesis profile makes
the CI run repeatable (derandomized, no example database, no deadline); set
``DLXNUMBA_FUZZ_SCALE`` to run more (or fewer) examples per test.
"""

import os
import sys

from hypothesis import HealthCheck, settings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

# the helper modules hold no tests and no doctests
collect_ignore = ["fuzz_strategies.py", "fuzz_core.py", "fuzz_sudoku.py", "fuzz_cover.py", "fuzz_cli.py",
                  "fuzz_targets.py", "long_run.py"]

settings.register_profile(
    "dlxnumba-fuzz",
    derandomize=True,
    database=None,
    deadline=None,
    print_blob=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much],
)
