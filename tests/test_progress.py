"""Progress: one report (Progress) from every long call, Knuth's estimate for a
search, jobs done for a batch; progress=True as a tqdm bar or one line; bad
progress arguments refused before the search starts."""

from __future__ import annotations

import io
import math
import sys
import types

import numpy as np
import pytest

import dlxnumba.batch as batch_module
import dlxnumba.progress as P
import dlxnumba.search as search_module
import dlxnumba.parallel.tasks as split_tasks
from dlxnumba import last_stats, Status
from dlxnumba import ExactCover, ExactCoverError, Progress, Sudoku, SudokuError, queens, run_batch, solve_many
from dlxnumba.progress import Reporter
from dlxnumba.sudoku import bits as sudoku_bits
from dlxnumba.sudoku import solve as sudoku_solve
from known import PUZZLES, TOP1

EMPTY9 = "." * 81  # counting its solutions never ends


class Capture:
    """A display-like reporter: every report, and the final one a display would show."""

    def __init__(self):
        self.reports: list[Progress] = []
        self.final: Progress | None = None

    def __call__(self, report: Progress) -> None:
        self.reports.append(report)

    def close(self, final) -> None:
        self.final = final()

    def reporter(self) -> Reporter:
        return Reporter(self, self.close)


@pytest.fixture
def tiny_slices(monkeypatch):
    """Every call pauses (and may report) after a few updates."""
    monkeypatch.setattr(search_module, "SLICE_UPDATES", 1)
    monkeypatch.setattr(batch_module, "WORK_SLICE", 200)
    monkeypatch.setattr(sudoku_solve, "WORK_SLICE", 200)
    monkeypatch.setattr(sudoku_bits, "WORK_SLICE", 1)  # the bits' batches take 16 times this
    monkeypatch.setattr(split_tasks, "TASK_SLICE", 1e-6)


# ---------------------------------------------------------------------------
# The record
# ---------------------------------------------------------------------------


def test_a_report_says_what_is_known():
    p = Progress(elapsed=2.0, nodes=10, updates=50, solutions=1)
    assert (p.fraction, p.remaining, p.done, p.total) == (None, None, None, None)
    assert "10 nodes" in p.line() and "%" not in p.line()
    assert Progress(2.0, 10, 50, 1, fraction=0.0).remaining is None  # nothing done: no rate yet
    assert Progress(2.0, 10, 50, 1, fraction=1.0).remaining == 0.0
    q = Progress.of_jobs(3, 12, 1.5, 100, 500, 3, "puzzles")
    assert (q.fraction, q.remaining, q.estimated) == (0.25, 4.5, False)
    assert "3/12 puzzles" in str(q) and "~" not in str(q)
    assert Progress.of_jobs(0, 0, 0.1, 0, 0, 0).fraction == 1.0  # no jobs: all done
    with pytest.raises(AttributeError):
        q.nodes = 5  # a report is a snapshot


# ---------------------------------------------------------------------------
# Knuth's estimate of a search's progress
# ---------------------------------------------------------------------------


def test_knuth_estimate_on_a_uniform_tree(tiny_slices):
    """Items x and z with 2 options each and y with 3, every option one item:
    branching takes x, then z, then y (whose options end the search), so the
    search pauses entering level 1 under each x and level 2 under each (x, z).
    The estimate sums (k - 1) / (d_0 ... d_l) over the path: 0, 0, 1/4, 1/2,
    1/2, 3/4."""
    p = ExactCover.from_options([["x"], ["x"], ["y"], ["y"], ["y"], ["z"], ["z"]], primary=["x", "y", "z"])
    seen = []
    assert p.count(stop_at=0, progress=seen.append, progress_interval=0) == 12
    assert [r.fraction for r in seen] == [0, 0, 0.25, 0.5, 0.5, 0.75]
    # nodes so far: the levels entered plus the solutions (3 below each (x, z))
    assert [r.nodes for r in seen] == [1, 2, 6, 10, 11, 15]


def test_the_estimate_never_decreases_and_ends_at_one(tiny_slices):
    p, _ = queens(7)
    cap = Capture()
    assert p.count(stop_at=0, progress=cap.reporter(), progress_interval=0) == 40
    fractions = [r.fraction for r in cap.reports]
    assert len(fractions) > 100 and fractions == sorted(fractions) and 0 <= fractions[0] < fractions[-1] < 1
    # the final report is the search's own figures, the whole tree done
    s = last_stats()
    assert (cap.final.nodes, cap.final.updates, cap.final.solutions, cap.final.fraction) == \
        (s.nodes, s.updates, 40, 1.0)
    assert cap.final.elapsed == s.seconds and cap.final.remaining == 0.0


def test_a_search_reports_where_it_stands():
    p, _ = queens(8)
    s = p.search()
    assert s.report().fraction == 0.0  # not started
    s.next()
    first = s.report()
    assert 0 <= first.fraction < 1 and first.solutions == 1 and first.nodes == s.stats.nodes
    s.next()
    assert first.fraction <= s.report().fraction < 1
    s.count()
    assert s.report().fraction == 1.0 and s.report().solutions == 92


def test_sudoku_single_puzzle_reports_come_from_its_lane(tiny_slices):
    """The lane path (count) and the Search path (solutions) both give Knuth's
    estimate, never decreasing, and the lane's final report is the puzzle's Stats."""
    s = Sudoku("." * 16)  # 288 solutions
    cap = Capture()
    assert s.count(progress=cap.reporter(), progress_interval=0) == 288
    fractions = [r.fraction for r in cap.reports]
    assert cap.reports and fractions == sorted(fractions) and fractions[-1] < 1
    assert all(r.total is None and r.solutions <= 288 for r in cap.reports)
    assert (cap.final.nodes, cap.final.updates, cap.final.solutions, cap.final.fraction) == \
        (last_stats().nodes, last_stats().updates, 288, 1.0)
    seen = []
    assert len(list(s.solutions(progress=seen.append, progress_interval=0))) == 288
    assert seen and [r.fraction for r in seen] == sorted(r.fraction for r in seen)


# ---------------------------------------------------------------------------
# Batches
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
def test_batch_reports_count_jobs_and_add_up(tiny_slices, threads):
    p, _ = queens(8)
    cap = Capture()
    r = run_batch(p, [[]] * 40, limit=100, threads=threads, progress=cap.reporter(), progress_interval=0)
    assert cap.reports and all(x.total == 40 and x.unit == "jobs" for x in cap.reports)
    for key in ("done", "nodes", "updates", "solutions", "elapsed"):
        values = [getattr(x, key) for x in cap.reports]
        assert values == sorted(values), key
    f = cap.final
    assert (f.done, f.fraction, f.nodes, f.updates, f.solutions) == \
        (40, 1.0, r.nodes.sum(), r.updates.sum(), 40 * 92)


def test_batch_final_report_after_a_timeout_counts_each_job_once(monkeypatch):
    """Jobs in hand at a timeout get their figures written; the report must not
    add the lane's figures a second time."""
    monkeypatch.setattr(batch_module, "WORK_SLICE", 5000)
    p, _ = queens(16)
    cap = Capture()
    r = run_batch(p, [[]] * 3, limit=10 ** 9, threads=1, timeout=0.3, progress=cap.reporter(),
                  progress_interval=0)
    assert r.status.tolist() == [batch_module.Status.BUDGET] * 3 and r.nodes[0] > 0
    f = cap.final
    assert (f.done, f.nodes, f.updates, f.solutions) == (3, r.nodes.sum(), r.updates.sum(), r.count.sum())


def test_solve_many_reports_puzzles(tiny_slices):
    from dlxnumba import read_puzzles

    puzzles = read_puzzles(PUZZLES / "top95.txt")[:40]
    cap = Capture()
    sols, status, info = solve_many(puzzles, threads=1, progress=cap.reporter(), progress_interval=0,
                                    return_stats=True)
    assert cap.reports and all(x.unit == "puzzles" and x.total == 40 for x in cap.reports)
    assert (cap.final.done, cap.final.nodes, cap.final.solutions) == (40, info["nodes"].sum(), 40)


# ---------------------------------------------------------------------------
# Bad arguments: refused before the search starts
# ---------------------------------------------------------------------------

BAD_PROGRESS = [5, "yes", lambda done, total: None, lambda: None]
#: The test ids of BAD_PROGRESS: the same in every process (pytest-xdist's workers
#: must collect the same ids; a lambda's repr holds its address)
BAD_PROGRESS_IDS = ["5", "'yes'", "lambda-done-total", "lambda"]
BAD_INTERVAL = ["x", -1, None, math.nan, True]


def _calls(progress_kw):
    """Every entry point that takes progress=, with ``progress_kw``."""
    p, _ = queens(8)
    s = Sudoku(TOP1)
    return {
        "ExactCover.solve": lambda: p.solve(**progress_kw),
        "ExactCover.count": lambda: p.count(**progress_kw),
        "ExactCover.solutions": lambda: p.solutions(**progress_kw),
        "ExactCover.search": lambda: p.search(**progress_kw),
        "ExactCover.batch": lambda: p.batch([[]], **progress_kw),
        "Sudoku.solve": lambda: s.solve(**progress_kw),
        "Sudoku.count": lambda: s.count(**progress_kw),
        "Sudoku.solutions": lambda: s.solutions(**progress_kw),
        "Sudoku.is_unique": lambda: s.is_unique(**progress_kw),
        "solve_many": lambda: solve_many([TOP1], **progress_kw),
    }


@pytest.mark.parametrize("entry", list(_calls({})))
@pytest.mark.parametrize("kw", [dict(progress=v) for v in BAD_PROGRESS]
                         + [dict(progress=True, progress_interval=v) for v in BAD_INTERVAL],
                         ids=[f"progress={v}" for v in BAD_PROGRESS_IDS]
                         + [f"progress_interval={v!r}" for v in BAD_INTERVAL])
def test_bad_progress_arguments_are_refused_before_searching(tiny_slices, entry, kw):
    """A callable of the wrong shape or an interval that is not a number of
    seconds used to fail with a bare TypeError after the first slice of the search."""
    error = SudokuError if entry.startswith("Sudoku") or entry == "solve_many" else ExactCoverError
    name = "progress_interval" if "progress_interval" in kw else "progress"
    with pytest.raises(error, match=f"^{name} must be"):
        _calls(kw)[entry]()


def test_a_callable_of_one_argument_is_taken_however_it_is_written():
    p, _ = queens(6)
    for fn in (print, [].append, lambda report, extra=1: None, lambda *args: None, Capture()):
        assert p.count(progress=fn) == 4
    assert p.count(progress=False) == p.count(progress=None) == 4


# ---------------------------------------------------------------------------
# progress=True: what is written
# ---------------------------------------------------------------------------


class FakeTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def _long_count(monkeypatch, stream, tqdm: bool, jupyter: bool = False, widgets: bool = False) -> None:
    """Count queens(8) with a report at every slice, progress=True, stderr = ``stream``."""
    monkeypatch.setattr(search_module, "SLICE_UPDATES", 50)
    monkeypatch.setattr(sys, "stderr", stream)
    have = {"tqdm": tqdm, "ipywidgets": widgets}
    monkeypatch.setattr(P, "_importable", lambda name: have[name])
    monkeypatch.setattr(P, "_in_jupyter", lambda: jupyter)
    p, _ = queens(8)
    assert p.count(progress=True, progress_interval=0) == 92


@pytest.mark.parametrize("tqdm", [False, True], ids=["no-tqdm", "tqdm"])
def test_not_a_terminal_gets_one_line_at_the_end(monkeypatch, tqdm):
    """stderr a file or a pipe (a log, a notebook's captured stream): one line,
    written once, with the final figures -- with or without tqdm."""
    if tqdm:
        pytest.importorskip("tqdm")
    out = io.StringIO()
    _long_count(monkeypatch, out, tqdm)
    text = out.getvalue()
    assert text.count("\n") == 1 and text.endswith("\n") and "\r" not in text
    assert text.startswith("dlxnumba: 100.0% [") and " left" not in text
    assert "92 solutions" in text


def test_a_terminal_gets_one_line_refreshed_in_place(monkeypatch):
    monkeypatch.setenv("COLUMNS", "200")
    out = FakeTerminal()
    _long_count(monkeypatch, out, tqdm=False)
    text = out.getvalue()
    assert text.count("\r") > 10 and text.count("\n") == 1 and text.endswith("\n")
    assert "92 solutions" in text.rsplit("\r", 1)[1]
    assert text.rsplit("\r", 2)[1].startswith("dlxnumba: ~")  # while running: an estimate


def test_a_narrow_terminal_gets_a_line_that_does_not_wrap(monkeypatch):
    """A line longer than the terminal wraps, and '\r' then redraws only its last row."""
    monkeypatch.setenv("COLUMNS", "50")
    out = FakeTerminal()
    _long_count(monkeypatch, out, tqdm=False)
    assert max(len(row) for row in out.getvalue().replace("\n", "\r").split("\r")) <= 49


def test_a_terminal_with_tqdm_gets_a_tqdm_bar(monkeypatch):
    pytest.importorskip("tqdm")
    out = FakeTerminal()
    _long_count(monkeypatch, out, tqdm=True)
    text = out.getvalue()
    assert "dlxnumba ~" in text and "|" in text and "92 solutions" in text
    assert text.count("\n") <= 1  # tqdm ends its bar with one newline (or none, leaving it)


def test_a_batch_with_tqdm_counts_jobs(monkeypatch):
    pytest.importorskip("tqdm")
    out = FakeTerminal()
    monkeypatch.setattr(batch_module, "WORK_SLICE", 2000)
    monkeypatch.setattr(sys, "stderr", out)
    monkeypatch.setattr(P, "_importable", lambda name: name == "tqdm")
    monkeypatch.setattr(P, "_in_jupyter", lambda: False)
    p, _ = queens(8)
    p.batch([[]] * 20, limit=100, threads=1, progress=True, progress_interval=0)
    last = out.getvalue().rsplit("\r", 1)[-1]
    assert "20/20" in last and "job" in last


def test_jupyter_without_widgets_updates_one_output(monkeypatch):
    """In a Jupyter kernel, one output of the cell is updated in place (an
    executed notebook keeps one progress line)."""
    shown = []

    class Handle:
        def update(self, data, raw=False):
            shown.append(("update", data["text/plain"]))

    def display(data, raw=False, display_id=False):
        assert raw and display_id
        shown.append(("display", data["text/plain"]))
        return Handle()

    ipython_display = types.ModuleType("IPython.display")
    ipython_display.display = display
    monkeypatch.setitem(sys.modules, "IPython.display", ipython_display)
    out = io.StringIO()
    _long_count(monkeypatch, out, tqdm=True, jupyter=True, widgets=False)
    assert out.getvalue() == ""
    assert [kind for kind, _ in shown].count("display") == 1 and len(shown) > 10
    assert "92 solutions" in shown[-1][1]


def test_jupyter_with_widgets_and_tqdm_uses_tqdm_auto(monkeypatch):
    monkeypatch.setattr(P, "_in_jupyter", lambda: True)
    monkeypatch.setattr(P, "_importable", lambda name: True)
    assert isinstance(P.Display.choose(), P._Bar)  # private: which display is chosen is what is tested
    monkeypatch.setattr(P, "_importable", lambda name: name == "ipywidgets")
    assert isinstance(P.Display.choose(), P._Cell)  # private: as above


def test_the_real_jupyter_check_needs_a_kernel(monkeypatch):
    fake = types.ModuleType("IPython")
    fake.get_ipython = lambda: None  # plain Python, IPython imported
    monkeypatch.setitem(sys.modules, "IPython", fake)
    in_jupyter = P._in_jupyter  # private: the check itself is what is tested (no notebook here)
    assert not in_jupyter()
    fake.get_ipython = lambda: types.SimpleNamespace(kernel=object())
    assert in_jupyter()
    monkeypatch.delitem(sys.modules, "IPython")
    assert not in_jupyter()


def test_a_short_search_shows_nothing(capsys):
    p, _ = queens(6)
    assert p.count(progress=True) == 4 and Sudoku(TOP1).solve(progress=True) is not None
    assert capsys.readouterr().err == ""


def test_each_resumed_stretch_of_a_search_ends_its_line(monkeypatch):
    """solutions() hands control back at each solution: a line shown meanwhile is
    ended first, so that the caller's own output does not land on it."""
    out = FakeTerminal()
    monkeypatch.setattr(search_module, "SLICE_UPDATES", 50)
    monkeypatch.setattr(sys, "stderr", out)
    monkeypatch.setattr(P, "_importable", lambda name: False)
    monkeypatch.setattr(P, "_in_jupyter", lambda: False)
    p, _ = queens(8)
    for _ in p.solutions(3, progress=True, progress_interval=0):
        assert out.getvalue() == "" or out.getvalue().endswith("\n")


@pytest.mark.parametrize("stream", ["closed", None], ids=["closed", "none"])
def test_no_usable_stderr_does_not_stop_the_search(monkeypatch, stream):
    """A closed stderr, or none at all (pythonw): the search goes on, unshown."""
    if stream == "closed":
        stream = FakeTerminal()
        stream.close()
    _long_count(monkeypatch, stream, tqdm=False)  # counts all 92 all the same
