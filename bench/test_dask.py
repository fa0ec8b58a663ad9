"""Counts on a Dask cluster (``dlxnumba.parallel.dask``): Dask's cost per task, and a count's speed-up.

Group ``dask``: an empty task's round trip and a task taking the scattered
problem (``task_overhead``), and queens counted on a 2-worker ``LocalCluster``
of processes next to the same count on one thread, each count checked against
its known value.  Under ``--benchmark-disable`` (CI) the cluster is two
threads in this process and the problem small.  The full hard1 measurement
is ``bench/dask_speedup.py`` (a script: it takes minutes).
"""

from __future__ import annotations

import pytest

distributed = pytest.importorskip("distributed")

from benchutil import record, run  # noqa: E402
from dlxnumba import last_stats
from dlxnumba.parallel import dask as dd  # noqa: E402
from dlxnumba import queens  # noqa: E402

#: OEIS A000170
QUEENS = {9: 352, 12: 14_200, 13: 73_712}


@pytest.fixture(scope="module")
def client(disabled):
    processes = not disabled
    with distributed.LocalCluster(n_workers=2 if processes else 1, threads_per_worker=1 if processes else 2,
                                  processes=processes, dashboard_address=":0") as cluster, \
            distributed.Client(cluster) as c:
        c.wait_for_workers(1)
        c.run(dd._warm_up)  # (private: the runner's own warm-up of the kernels on each worker)
        yield c


def test_task_overhead(benchmark, client, disabled):
    benchmark.group = "dask"
    p, _ = queens(9)
    tasks = 20 if disabled else 400
    over, seconds = run(benchmark, lambda: dd.task_overhead(client, tasks, payload=p), rounds=1 if disabled else 3)
    record(benchmark, seconds=seconds, n_puzzles=tasks, nodes=None, updates=None, verified=True, rates=False,
           **{f"{k}_ms": v * 1e3 for k, v in over.items() if k != "threads"}, threads=over["threads"])
    assert set(over) == {"serial", "flight", "scattered", "threads"}


@pytest.mark.parametrize("where", ["one-thread", "dask"])
def test_queens_count(benchmark, client, disabled, where):
    benchmark.group = "dask"
    n = 9 if disabled else 13
    p, _ = queens(n)
    if where == "one-thread":
        count, seconds = run(benchmark, p.count, rounds=1 if disabled else 3)
        st = last_stats()
    else:
        holder = {}

        def body():
            holder["r"] = dd.count_run(p, client)
            return holder["r"].count

        count, seconds = run(benchmark, body, rounds=1 if disabled else 3)
        st = holder["r"].stats
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates,
           verified=count == QUEENS[n], problem=f"queens-{n}", where=where)
    assert count == QUEENS[n]
