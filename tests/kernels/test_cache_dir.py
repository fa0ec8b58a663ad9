"""A read-only install without a writable home still imports and solves."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

# Refuse every cache directory but the fallback's (as for a user who may write
# neither beside the package nor in a home directory), then solve.
SCRIPT = """
import warnings
import numba.core.caching as caching
real = caching._CacheLocator.ensure_cache_path
def refuse(self):
    if "dlxnumba-numba-cache-" not in self.get_cache_path():
        raise PermissionError(13, "Permission denied", self.get_cache_path())
    return real(self)
caching._CacheLocator.ensure_cache_path = refuse
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    from dlxnumba import ExactCover, Sudoku
    p = ExactCover.from_options([["a", "b"], ["b"], ["a"]])
    print(p.count())
    print(Sudoku("12.. ..12 .... ....").count())
print(len(caught))
print(caught[0].message if caught else "")
from numba.core import config
print(getattr(config, "CACHE_DIR", ""))
"""


def _run(script: str) -> list[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}
    cp = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env,
                        timeout=600)
    assert cp.returncode == 0, cp.stderr
    return cp.stdout.splitlines()


@pytest.mark.slow
def test_nowhere_to_cache_falls_back_to_a_temporary_cache_with_one_warning():
    count, sudoku_count, warnings, message, cache_dir = _run(SCRIPT)
    assert (count, sudoku_count) == ("2", "12")
    assert warnings == "1"
    assert "NUMBA_CACHE_DIR" in message and "dlxnumba warm-up" in message and cache_dir in message
    assert "dlxnumba-numba-cache-" in cache_dir and os.path.isabs(cache_dir)
    assert not os.path.exists(cache_dir)  # removed when the process ended


@pytest.mark.slow
def test_an_ordinary_install_gives_no_warning():
    script = SCRIPT.replace("caching._CacheLocator.ensure_cache_path = refuse", "")
    count, sudoku_count, warnings, _ = _run(script + "\nprint()")[:4]
    assert (count, sudoku_count, warnings) == ("2", "12", "0")
