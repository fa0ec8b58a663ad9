"""Regressions: each test pins a bug found in review, so that it stays fixed."""

import io
import threading
from itertools import islice
from pathlib import Path

import numpy as np
import pytest

from dlxnumba import (ExactCover, ExactCoverError, LimitReached, Status, Sudoku, SudokuError,
                      read_puzzles, solve_many)

PUZZLES = Path(__file__).resolve().parent.parent / "puzzles"
P = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
FIVE = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"


def test_a_stray_short_line_is_one_bad_entry_and_loses_nothing():
    errors = []
    arr = read_puzzles(io.StringIO(P + "\n123456789\n" + (P + "\n") * 10), errors=errors)
    assert arr.shape == (12, 81)
    assert [i for i, _ in errors] == [1] and "line 2" in errors[0][1]
    assert (arr[2:] == arr[0]).all()


def test_a_byte_order_mark_is_ignored():
    assert read_puzzles(io.StringIO("\ufeff" + (P + "\n") * 3)).shape == (3, 81)


def test_a_title_line_does_not_set_the_size():
    errors = []
    arr = read_puzzles(io.StringIO("Top95 by Norvig\n" + (P + "\n") * 3), errors=errors)
    assert arr.shape == (4, 81) and [i for i, _ in errors] == [0]
    assert (arr[1:] != 0).any(axis=1).all()


def test_unknown_symbol_is_located_in_the_original_line():
    bad = " ".join(P[:60]) + " | ? " + P[62:]
    errors = []
    read_puzzles(io.StringIO(P + "\n" + bad + "\n"), errors=errors)
    assert errors[0][0] == 1
    assert f"column {bad.index('?') + 1}" in errors[0][1] and "line 2" in errors[0][1]


def test_sudoku_statistics_do_not_leak_between_threads():
    """All puzzles of a size share one encoding; each search keeps its own stats."""
    wrong = []

    def work(puzzle, nodes):
        for _ in range(60):
            s = Sudoku(puzzle)
            s.count(stop_at=0)
            if s.stats.nodes != nodes:
                wrong.append(s.stats.nodes)

    threads = [threading.Thread(target=work, args=a) for a in ((P, 386), (FIVE, 119))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_solutions_timeout_applies_when_solutions_come_fast():
    p = ExactCover.from_options([[f"a{i}"] for i in range(20) for _ in range(2)])  # 2**20 solutions
    with pytest.raises(LimitReached) as e:
        sum(1 for _ in islice(p.solutions(timeout=0.0), 3000))
    assert e.value.reason == "timeout"


def test_limit_message_shows_the_final_figures():
    p = ExactCover.from_options([["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"],
                                 ["B", "G"], ["D", "E", "G"]], primary="ABCDE", secondary="FG")
    with pytest.raises(LimitReached) as e:
        p.count(stop_at=0, max_nodes=3)
    assert f"after {e.value.stats.nodes} nodes, {e.value.stats.updates} updates" in str(e.value)
    assert e.value.stats.nodes == 3


@pytest.mark.parametrize("args", [
    (1, ["a"], [0, 1], [-1]), (1, ["a"], [0, 1], [1]), (2, ["a"], [0], []),
    (1, ["a", "b"], [0, 2], [0, 0]), (1, ["a"], [1, 1], []),
])
def test_low_level_constructor_rejects_inconsistent_arrays(args):
    n1, names, ptr, items = args
    with pytest.raises(ExactCoverError):
        ExactCover(n1, names, np.array(ptr), np.array(items, dtype=np.int64))


def test_large_grids_display_and_size_limit():
    g = np.zeros((64, 64), np.uint8)
    g[0, 0] = 64
    s = Sudoku(g)
    assert str(s).split()[0] == "64" and "64" in s.boxed() and "<table" in s._repr_html_()
    with pytest.raises(SudokuError, match="250"):
        Sudoku(np.zeros((256, 256), np.uint8))


def test_batch_of_one_string_or_nothing_readable_is_clear():
    with pytest.raises(SudokuError, match="batch"):
        solve_many(P)
    sols, status = solve_many(["bad", [[1, 2], [3, 4]]], threads=1)
    assert status.tolist() == [Status.INVALID, Status.INVALID] and not sols.any()


def test_unreadable_rows_are_not_searched():
    _, status, info = solve_many(["x", P, "11" + "." * 79], threads=1, return_stats=True)
    assert status.tolist() == [Status.INVALID, Status.SOLVED, Status.INVALID]
    assert info["nodes"][0] == 0 and info["nodes"][2] == 0


def test_read_only_batches_work():
    puzzles = read_puzzles(PUZZLES / "top95.txt")
    puzzles.flags.writeable = False
    sols, status = solve_many(puzzles, threads=2)
    assert (status == Status.SOLVED).all()


@pytest.mark.parametrize("kwargs", [dict(timeout="1"), dict(max_nodes=-1), dict(max_nodes=True),
                                    dict(stop_at=True), dict(stop_at=2), dict(progress=5),
                                    dict(limit=0), dict(limit=True)])
def test_batch_arguments_are_checked_up_front(kwargs):
    with pytest.raises(SudokuError):
        solve_many([P, P], **kwargs)


def test_progress_true_prints_on_stderr(capsys, monkeypatch):
    from dlxnumba.sudoku import solve

    monkeypatch.setattr(solve, "WORK_SLICE", 500)
    solve_many(read_puzzles(PUZZLES / "top95.txt"), threads=1, progress=True, progress_interval=0)
    assert "puzzles" in capsys.readouterr().err


def test_a_progress_callback_may_solve_puzzles_itself():
    """Re-entering the solver from a progress callback must not disturb the batch."""
    from dlxnumba.sudoku import solve

    puzzles = read_puzzles(PUZZLES / "top95.txt")
    want = solve_many(puzzles, threads=1)[0]
    inner = []
    old = solve.WORK_SLICE
    solve.WORK_SLICE = 2000
    try:
        got, status = solve_many(puzzles, threads=1, progress_interval=0,
                                 progress=lambda done, total: inner.append(Sudoku(P).solve()))
    finally:
        solve.WORK_SLICE = old
    assert inner and all(x is not None for x in inner)
    assert (status == Status.SOLVED).all() and np.array_equal(got, want)
