"""dlxnumba.sudoku.dask: chunks of puzzles solved on a Dask cluster, in input order, with their rules."""

from __future__ import annotations

import os
import signal

import numpy as np
import pytest

distributed = pytest.importorskip("distributed")

from dlxnumba import Sudoku, SudokuError, iter_puzzles, solve_many  # noqa: E402
from dlxnumba.sudoku.dask import ChunkSolver, solve_chunks  # noqa: E402
from known import PUZZLES  # noqa: E402
from reference import sudoku_ok  # noqa: E402


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        yield c


def test_solve_chunks_in_order(client):
    path = PUZZLES / "top95.txt"
    out = list(solve_chunks(iter_puzzles(path, chunk_size=7), client, limit=2, in_flight=3))
    cells = np.concatenate([o[0] for o in out])
    sols = np.concatenate([o[1] for o in out])
    status = np.concatenate([o[2] for o in out])
    serial = solve_many(cells, 1, 2)
    assert len(out) == -(-95 // 7) and len(cells) == 95
    assert np.array_equal(sols, np.asarray(serial[0])) and np.array_equal(status, np.asarray(serial[1]))
    assert all(sudoku_ok(s, c, 9, (3, 3)) for s, c in zip(sols, cells))


def test_chunks_keep_their_variant(client):
    """The rules travel with each chunk (issue 20: solve --dask dropped the variant)."""
    rows = np.array([Sudoku(t).grid.ravel() for t in ("1...............", "..3.............", "12.............4")],
                    np.uint8)
    out = list(solve_chunks([rows[:2], rows[2:]], client, limit=2, variant="x"))
    sols = np.concatenate([o[1] for o in out])
    serial = solve_many(rows, 1, 2, variant="x")
    assert np.array_equal(sols, np.asarray(serial[0])) and np.array_equal(np.concatenate([o[2] for o in out]),
                                                                           np.asarray(serial[1]))
    x = Sudoku("1...............", variant="x").variant
    assert all(x.is_solution(s) for s, st in zip(sols, serial[1]) if s.any())


def test_a_chunk_solver_is_checked_where_it_is_made():
    with pytest.raises(SudokuError, match="limit must be a positive integer"):
        ChunkSolver.make(limit=0)
    with pytest.raises(SudokuError, match="stop_at must be 0 or 1"):
        ChunkSolver.make(stop_at=3)
    with pytest.raises(SudokuError, match="client must be a distributed.Client"):
        next(solve_chunks([], "local"))


def test_a_killed_worker_does_not_change_the_answers():
    """Two worker processes; one killed (SIGKILL) after the first chunk is back."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster, distributed.Client(cluster) as c:
        c.wait_for_workers(2)
        victim = sorted(c.run(os.getpid).values())[0]
        chunks = []
        for out in solve_chunks(iter_puzzles(PUZZLES / "top95.txt", chunk_size=5), c, in_flight=6):
            chunks.append(out)
            if len(chunks) == 1:
                os.kill(victim, signal.SIGKILL)
    cells = np.concatenate([o[0] for o in chunks])
    sols = np.concatenate([o[1] for o in chunks])
    assert len(chunks) == 19 and len(cells) == 95 and np.array_equal(sols, np.asarray(solve_many(cells, 1)[0]))
    assert all(sudoku_ok(s, x, 9, (3, 3)) for s, x in zip(sols, cells))
