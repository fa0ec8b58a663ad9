"""Benchmark suite configuration: ``pytest bench`` (see bench/README.md).

Files here are outside the default test paths; run them with ``pytest bench``
(timed) or ``pytest bench --benchmark-disable`` (CI: every body once, answers
still verified).
"""

from __future__ import annotations

import os
import platform

import pytest

from benchutil import benchmark_disabled


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
