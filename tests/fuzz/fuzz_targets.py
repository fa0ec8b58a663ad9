"""Every fuzz target, by name: what the CI tests and the long run drive."""

from __future__ import annotations

import fuzz_sudoku

TARGETS = {t.name: t for t in fuzz_sudoku.TARGETS}

import fuzz_cover  # noqa: E402

TARGETS.update({t.name: t for t in fuzz_cover.TARGETS})

import fuzz_cli  # noqa: E402

TARGETS.update({t.name: t for t in fuzz_cli.TARGETS})


#: Cases per target as written: about 40 s in all on a 2-core machine when no test
#: fails (``long_run.py --ci`` times exactly these counts); the suite runs them
#: scaled by the hypothesis profile (half in ``ci``, the default: tests/conftest.py).
CI_EXAMPLES = {
    "sudoku_init": 600,
    "sudoku_solve": 500,
    "solve_many": 400,
    "read_puzzles": 600,
    "read_puzzles_raw": 500,
    "sudoku_helpers": 400,
    "from_matrix": 600,
    "from_options": 600,
    "exact_cover_init": 600,
    "exact_cover_search": 400,
    "dlx": 500,
    "dlx_raw": 600,
    "decoders": 600,
    "encoders": 400,
    "cli_solve": 250,
    "cli_cover": 400,
    "cli_argv": 400,
}


def fuzz_test(name: str):
    """A pytest test that fuzzes the target ``name`` with ``CI_EXAMPLES[name]``
    cases, scaled as every property test is (``strategies.examples``: the
    hypothesis profile) and by ``DLXNUMBA_FUZZ_SCALE``, under the
    ``dlxnumba-fuzz`` settings."""
    import os

    from hypothesis import given, settings

    from strategies import examples

    target = TARGETS[name]
    scale = float(os.environ.get("DLXNUMBA_FUZZ_SCALE", "1"))
    cases = max(1, round(examples(CI_EXAMPLES[name]) * scale))

    @settings(settings.get_profile("dlxnumba-fuzz"), max_examples=cases)
    @given(case=target.strategy)
    def test(case):
        target.check(case)

    test.__name__ = test.__qualname__ = f"test_{name}"
    test.__doc__ = f"Fuzz {target.entry}: a right answer, or a clear rejection; never a crash."
    return test
