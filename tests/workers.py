"""pytest-xdist's workers and numba's cache: compile once, before the workers start.

Each worker is a process of its own, and so is every fresh interpreter a test
starts: on a cold cache each of them compiles the kernels it needs, the same
kernels again and again, and two workers compile the same kernel at the same
moment.  So the suite's ``pytest_sessionstart`` (tests/conftest.py,
bench/conftest.py) compiles every kernel once, dealt out to as many processes as
there are workers (:func:`dlxnumba.warm_up` with ``processes``), before the
workers start; on a warm cache that only loads them (seconds).
"""

from __future__ import annotations

import os
import time


def count(config) -> int:
    """How many pytest-xdist workers this run starts (0 without xdist)."""
    n = getattr(config.option, "numprocesses", None) or 0
    if isinstance(n, str):  # "auto" or "logical", not yet resolved
        n = os.cpu_count() or 1
    return int(n)


def warm_before_workers(session) -> None:
    """In the controller of two or more workers (and with numba compiling at all),
    ``warm_up(everything=True, processes=workers)``, and one line that says so."""
    config = session.config
    n = count(config)
    if hasattr(config, "workerinput") or n < 2 or os.environ.get("NUMBA_DISABLE_JIT") == "1":
        return
    from dlxnumba import warm_up

    t0 = time.perf_counter()
    compiled = warm_up(everything=True, processes=n)
    config.get_terminal_writer().line(f"dlxnumba: warm_up(everything=True, processes={n}) compiled "
                                      f"{compiled} kernels in {time.perf_counter() - t0:.1f} s (tests/workers.py)")
