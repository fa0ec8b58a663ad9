"""Benchmark suite configuration: ``pytest bench`` (see bench/README.md).

Files here are outside the default test paths; run them with ``pytest bench``
(timed) or ``pytest bench --benchmark-disable`` (CI: every body once, answers
still verified).
"""

from __future__ import annotations

import os
import platform

import pytest

import workers
from benchutil import benchmark_disabled


def pytest_configure(config):
    """Timed runs are serial: pytest-benchmark times nothing under pytest-xdist's
    workers (pyproject.toml's ``-n auto``), and two benchmarks on two cores
    would time each other.  ``--benchmark-disable`` runs (CI: every body once,
    answers verified) keep the workers."""
    if not benchmark_disabled(config) and workers.count(config):
        config.option.numprocesses = 0
        config.option.dist = "no"


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    workers.warm_before_workers(session)


@pytest.fixture(scope="session")
def disabled(request) -> bool:
    """True under ``--benchmark-disable``: use the quick variants."""
    return benchmark_disabled(request.config)


def pytest_benchmark_update_machine_info(config, machine_info):
    """Record what the numbers depend on besides the CPU."""
    import numba
    import numpy

    import dlxnumba

    machine_info["dlxnumba"] = dlxnumba.__version__
    machine_info["numba"] = numba.__version__
    machine_info["numpy"] = numpy.__version__
    machine_info["numba_threads"] = numba.config.NUMBA_NUM_THREADS
    machine_info["cpu_count"] = os.cpu_count()
    machine_info["platform"] = platform.platform()
    try:
        with open("/proc/meminfo") as f:
            kb = int(f.readline().split()[1])
        machine_info["memory_gib"] = round(kb / 2**20, 1)
    except (OSError, ValueError, IndexError):
        pass
