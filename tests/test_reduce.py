"""Knuth's DLX-PRE (:func:`dlxnumba.reduce.reduce`): his figures, his output, and
the solutions kept.

The figures are those of Knuth's own program on the golden files; the order of
the items and options left is checked against :func:`reference.dlx_pre`, a
restatement of the program on Python lists, and (when the environment variable
``DLXPRE`` names a binary built from ``dlx-pre.w``) against the program itself.
The solutions are checked with the brute-force oracles of ``reference.py``.
"""

from __future__ import annotations

import os
import subprocess
import sys
import warnings
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba import ExactCover, ExactCoverError, pentominoes
from dlxnumba.reduce import Reduction, reduce
from colored import colored_problems, golden
from reference import colored_solutions_by_subsets, dlx_pre, solutions_by_subsets
from strategies import examples, problems

ROOT = Path(__file__).resolve().parent.parent


def read(name: str) -> ExactCover:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # toy2's option with no primary item
        return ExactCover.from_dlx(golden(name))


def dlx_pre_counts(p: ExactCover, r: Reduction) -> tuple[int, int, int]:
    """(removed options, removed items, rounds) as DLX-PRE reports them: it does not
    count the options with no primary item, which it drops as it reads; when a
    primary item is left in no option, it counts every option and every item (and so
    does the Reduction)."""
    read_in = sum(any(i < p.n_primary for i in p.option(j)) for j in range(p.n_options))
    return len(r.removed_options) - (p.n_options - read_in), len(r.removed_items), r.rounds


# ------------------------------------------------------------------ golden figures


@pytest.mark.parametrize("name, figures", [
    ("toy2.dlx", (1, 1, 2)),
    ("debruijn135.dlx", (204, 2, 4)),
    ("queens8.dlx", (0, 0, 1)),
    # an unsolvable slitherlink (Knuth's slitherlink-dlx on the clues in the file's
    # comments): DLX-PRE writes "Removed 246 options and 108 items, ..., 2 rounds."
    ("slither5.dlx", (246, 108, 2)),
])
def test_knuths_figures(name, figures):
    p = read(name)
    r = reduce(p)
    assert dlx_pre_counts(p, r) == figures
    assert r.complete
    assert p.count() == r.problem.count()
    assert r.infeasible == (name == "slither5.dlx")


def test_toy2_is_reduced_to_what_dlx_pre_writes():
    p = read("toy2.dlx")
    r = reduce(p)
    assert r.problem.to_dlx() == "B C | X Y\nB X:1\nC X:1 Y:1\n"
    # option 0 (A B X:0 Y:0) blocks C; then A is implied by C
    assert r.removed_options.tolist() == [0]
    assert [p.item_names[i] for i in r.removed_items] == ["A"]
    assert r.options.tolist() == [2, 1]
    assert [r.lift(s) for s in r.problem.solutions()] == list(p.solutions()) == [[1, 2]]


def test_dlx2_example_with_its_fifth_option():
    # the second example of dlx-pre.w: C Y:1 added; dlx-pre writes A B | X Y, A X:1 Y:1, B X:1
    p = ExactCover.from_options(["A B X:0 Y:0", "A C X:1 Y:1", "B X:1", "C Y:1"],
                                primary="A B C", secondary="X Y")
    r = reduce(p)
    assert r.problem.to_dlx() == "A B | X Y\nA X:1 Y:1\nB X:1\n"
    assert (r.removed_options.tolist(), r.removed_items.tolist(), r.rounds) == ([0, 3], [2], 2)


def test_dlx1_example():
    # the first example of dlx-pre.w (its text says "A B C", the program writes A B E)
    p = ExactCover.from_options(["C E F", "A D G", "B C F", "A D", "B G", "D E G"],
                                primary="A B C D E", secondary="F G")
    r = reduce(p)
    assert r.problem.to_dlx() == "A B E\nA\nB\nE\n"
    assert r.options.tolist() == [3, 4, 0]
    assert dlx_pre_counts(p, r) == (3, 4, 3)


def test_pentominoes_6x10():
    # Knuth's 6x10 file loses 144 options in 2 rounds (so does ours: the same
    # placements, in another order)
    p, key = pentominoes(6, 10)
    r = reduce(p)
    assert dlx_pre_counts(p, r) == (144, 0, 2)
    assert r.problem.n_options == p.n_options - 144


# ------------------------------------------------------------------ the result


def test_the_reduced_problem_keeps_names_colors_and_order():
    p = read("debruijn135.dlx")
    r = reduce(p)
    q = r.problem
    assert q.has_colors and q.n_items == p.n_items - 2
    kept = [i for i in range(p.n_items) if i not in set(r.removed_items.tolist())]
    assert q.item_names == [p.item_names[i] for i in kept]
    assert q.n_primary == sum(i < p.n_primary for i in kept)
    for k, j in enumerate(r.options.tolist()):
        original = dict(zip(p.option_names(j), p.option_colors(j)))
        mine = list(zip(q.option_names(k), q.option_colors(k)))
        assert [e for e in original.items() if e[0] in q.item_names] == mine
    assert sorted(r.options.tolist() + r.removed_options.tolist()) == list(range(p.n_options))
    assert not r.options.flags.writeable and not r.removed_items.flags.writeable


def test_infeasible_problem_is_its_blocked_item():
    # each option covers two of the three items: both options of a are deleted
    # (each blocks the item outside it), which leaves a in no option
    p = ExactCover.from_options([["a", "b"], ["a", "c"], ["b", "c"]])
    r = reduce(p)
    assert r.problem.to_dlx() == "a\n" and r.problem.count() == p.count() == 0
    assert r.removed_options.tolist() == [0, 1, 2] and r.removed_items.tolist() == [0, 1, 2]
    assert r.complete and r.rounds == 1 and r.infeasible
    assert dlx_pre(p.options, None, 3, 3)["blocked"] == 0


def test_a_primary_item_without_options():
    p = ExactCover.from_options([["a"]], primary="a b")
    r = reduce(p)
    assert r.problem.item_names == ["b"] and r.rounds == 0 and r.complete and r.infeasible


def test_a_solvable_problem_is_not_infeasible():
    r = reduce(ExactCover.from_options([["a", "b"], ["a"], ["b"]]))
    assert not r.infeasible and r.complete


def test_repr_is_short():
    p, _ = pentominoes(6, 10)
    r = reduce(p)
    assert repr(r) == ("Reduction(1912 options left, 144 removed; 72 items left, 0 removed; 2 rounds, "
                       "complete)")
    r = reduce(ExactCover.from_options([["a", "b"], ["a", "c"], ["b", "c"]]), rounds=1)
    assert repr(r).endswith("1 round, complete, infeasible: 'a' has no option)")
    assert "not complete" in repr(reduce(p, rounds=1))


def test_options_without_primary_items_are_dropped():
    p = ExactCover.from_options([["a", "x"], ["x"], [], ["b"]], primary="a b", secondary="x")
    r = reduce(p)
    assert r.removed_options.tolist() == [1, 2]
    assert r.problem.to_dlx() == "a b\na\nb\n"  # and x is implied by a
    assert r.removed_items.tolist() == [2]


def test_lift_checks_its_argument():
    r = reduce(ExactCover.from_options([["a"], ["b"]]))
    assert r.lift([1, 0]) == [0, 1] and r.lift(np.array([0])) == [0]
    for bad in ([2], [-1], [0.5], [True], "01", 3):
        with pytest.raises(ExactCoverError):
            r.lift(bad)


def test_multiplicities_are_refused():
    p = ExactCover.from_options(["A B", "A"], bounds={"A": (1, 2)})
    with pytest.raises(ExactCoverError, match="multiplicities"):
        reduce(p)


@pytest.mark.parametrize("kwargs", [dict(rounds=-1), dict(rounds=1.5), dict(rounds=True),
                                    dict(timeout=-1), dict(timeout="1"), dict(timeout=float("nan"))])
def test_bad_arguments(kwargs):
    with pytest.raises(ExactCoverError):
        reduce(ExactCover.from_options([["a"]]), **kwargs)
    with pytest.raises(ExactCoverError, match="ExactCover"):
        reduce([["a"]])  # type: ignore[arg-type]


# ------------------------------------------------------------------ rounds and time


def test_rounds_limit():
    p = read("debruijn135.dlx")
    full = reduce(p)
    for k in range(5):
        r = reduce(p, rounds=k)
        assert r.rounds == min(k, full.rounds)
        assert r.complete == (k >= full.rounds)
        assert r.problem.count() == 160
        assert {tuple(r.lift(s)) for s in r.problem.solutions()} == {tuple(s) for s in p.solutions()}
    assert reduce(p, rounds=full.rounds).problem == full.problem


def test_timeout_zero_does_no_round():
    p = read("debruijn135.dlx")
    r = reduce(p, timeout=0)
    assert (r.rounds, r.complete, len(r.removed_options), len(r.removed_items)) == (0, False, 0, 0)
    assert sorted(r.options.tolist()) == list(range(p.n_options))
    assert r.problem.item_names == p.item_names


def test_work_in_slices_gives_the_same_result(monkeypatch):
    # the kernel returns to Python every few updates, and resumes where it stopped
    import dlxnumba.reduce as module

    p = read("debruijn135.dlx")
    whole = reduce(p)
    monkeypatch.setattr(module, "SLICE_UPDATES", 37)
    calls = []
    real = module.P.reduce_step

    def counting(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(module.P, "reduce_step", counting)
    sliced = reduce(p)
    assert len(calls) > 100
    assert sliced.problem == whole.problem and sliced.rounds == whole.rounds
    assert np.array_equal(sliced.options, whole.options)


def test_timeout_stops_between_slices(monkeypatch):
    # a deadline that passes during the first slice: the item in hand is finished
    import dlxnumba.reduce as module

    p = read("debruijn135.dlx")
    monkeypatch.setattr(module, "SLICE_UPDATES", 500)
    monkeypatch.setattr(module, "time", _Clock())
    r = reduce(p, timeout=2.5)  # two slices, then the third reading is past the deadline
    assert not r.complete and r.rounds == 1
    assert {tuple(r.lift(s)) for s in r.problem.solutions()} == {tuple(s) for s in p.solutions()}


class _Clock:
    """A clock that advances one second at each reading."""

    def __init__(self):
        self.now = -1.0

    def perf_counter(self):
        self.now += 1.0
        return self.now


@pytest.mark.parametrize("name, slice_updates", [("queens8.dlx", 200), ("debruijn135.dlx", 40000)])
def test_a_stop_after_any_slice_leaves_an_equivalent_problem(monkeypatch, name, slice_updates):
    # stopped after k slices: complete only if the work was done, the solutions
    # always those of the original
    import dlxnumba.reduce as module

    p = read(name)
    want = {tuple(s) for s in p.solutions()}
    monkeypatch.setattr(module, "SLICE_UPDATES", slice_updates)
    calls = []
    real = module.P.reduce_step

    def counting(*args):
        calls.append(1)
        return real(*args)

    monkeypatch.setattr(module.P, "reduce_step", counting)
    whole = reduce(p)
    slices = len(calls)
    assert slices > 3
    for k in range(slices + 1):
        monkeypatch.setattr(module, "time", _Clock())
        r = reduce(p, timeout=k + 0.5)  # k slices, then a call that stops
        assert r.complete == (k >= slices)
        assert r.rounds <= whole.rounds
        assert {tuple(r.lift(s)) for s in r.problem.solutions()} == want


@settings(max_examples=examples(100), deadline=None)
@given(colored_problems(max_items=6, max_options=9))
def test_a_stop_between_any_two_steps(prob):
    # one update a slice: a pause before each item and each option tested
    from unittest import mock

    import dlxnumba.reduce as module

    p = _colored(prob)
    want = _colored_oracle(p)
    calls = []
    real = module.P.reduce_step

    def counting(*args):
        calls.append(1)
        return real(*args)

    with mock.patch.object(module, "SLICE_UPDATES", 1):
        with mock.patch.object(module.P, "reduce_step", counting):
            whole = reduce(p)
        slices = len(calls)
        for k in range(slices + 1):
            with mock.patch.object(module, "time", _Clock()):
                r = reduce(p, timeout=k + 0.5)
            # (complete at once when a primary item has no option to begin with)
            assert r.complete == (k >= slices) or (r.complete and r.rounds == 0)
            assert {frozenset(r.lift(s)) for s in _colored_oracle(r.problem)} == want
    assert whole.complete


def test_the_stamps_start_again_before_they_overflow():
    # (private: the kernel itself, started with its test stamp just below the
    # limit, so that the stamps are cleared during the run, as after 2**31 tests)
    from dlxnumba.kernels.core import preprocess as P
    from dlxnumba.template import build_arrays

    p = read("debruijn135.dlx")

    def run(tick):
        t = build_arrays(p.n_items, p.n_primary, p.opt_ptr, p.opt_items, p.opt_colors, spacers=True)
        pre = (t.top, t.ulink.view(np.uint32), t.dlink.view(np.uint32), t.color, t.length,
               np.zeros(p.n_items + 1, np.int64), np.zeros(t.top.size, np.int32))
        state = np.zeros(P.STATE_SIZE, np.int64)
        state[P.TICK] = tick
        assert P.reduce_step(p.n_items, p.n_primary, pre, state, 1 << 62, 0, 1 << 62) == P.RET_DONE
        return state, pre

    (s0, pre0), (s1, pre1) = run(0), run(P.TICK_MAX - 10)
    assert s1[P.TICK] < s0[P.TICK] < 10**6  # the stamps were cleared (and ticks started again)
    assert (s0[P.OPTIONS_OUT], s0[P.ITEMS_OUT], s0[P.ROUND]) == (204, 2, 4)
    for k in (P.OPTIONS_OUT, P.ITEMS_OUT, P.ROUND, P.UPDATES, P.COMPLETE):
        assert s0[k] == s1[k]
    for a, b in zip(pre0[:5], pre1[:5]):
        assert np.array_equal(a, b)


# ------------------------------------------------------------------ properties


def _plain(prob) -> ExactCover:
    options, n1, n = prob
    ptr = np.cumsum([0] + [len(o) for o in options])
    return ExactCover(n1, list(range(n)), ptr, np.array([i for o in options for i in o], np.int64))


def _colored(prob) -> ExactCover:
    options, colors, n1, n = prob
    ptr = np.cumsum([0] + [len(o) for o in options])
    used = sorted({c for cs in colors for c in cs if c})
    number = {c: k + 1 for k, c in enumerate(used)}
    flat = [number[c] if c else 0 for cs in colors for c in cs]
    return ExactCover(n1, list(range(n)), ptr, np.array([i for o in options for i in o], np.int64),
                      np.array(flat, np.int64) if used else None, used)


def _as_lists(q: ExactCover):
    """(options with original item numbers, their colors as numbers) of a problem
    whose item names are the original item numbers and colors are named by number."""
    options = [[q.item_names[i] for i in q.option(j)] for j in range(q.n_options)]
    colors = [[c or 0 for c in q.option_colors(j)] for j in range(q.n_options)]
    return options, colors


def _check_against_twin(p: ExactCover, options, colors, rounds=None):
    r = reduce(p, rounds=rounds)
    want = dlx_pre(options, colors, p.n_primary, p.n_items, rounds=rounds)
    assert r.problem.item_names == want["items"]
    got_options, got_colors = _as_lists(r.problem)
    assert [(j, list(zip(o, c))) for j, o, c in zip(r.options.tolist(), got_options, got_colors)] \
        == want["options"]
    assert (r.rounds, r.complete) == (want["rounds"], want["complete"])
    assert dlx_pre_counts(p, r) == (want["options_out"], want["items_out"], want["rounds"])
    return r


def _check_solutions(p: ExactCover, r: Reduction, oracle):
    """Lifted solutions of the reduced problem == solutions of the original, and
    no removed option is in one."""
    original = oracle(p)
    reduced = oracle(r.problem)
    lifted = {frozenset(r.lift(s)) for s in reduced}
    assert len(lifted) == len(reduced)
    assert lifted == original
    removed = set(r.removed_options.tolist())
    assert not any(s & removed for s in original)


def _plain_oracle(q: ExactCover):
    return solutions_by_subsets(q.options, q.n_primary, q.n_items)


def _colored_oracle(q: ExactCover):
    options = q.options
    c = q.opt_colors
    colors = [c[q.opt_ptr[j]: q.opt_ptr[j + 1]].tolist() for j in range(q.n_options)]
    return colored_solutions_by_subsets(options, colors, q.n_primary, q.n_items)


@settings(max_examples=examples(300), deadline=None)
@given(problems(max_items=8, max_options=12), st.sampled_from([None, None, 0, 1, 2]))
def test_plain_problems(prob, rounds):
    p = _plain(prob)
    r = _check_against_twin(p, prob[0], None, rounds)
    _check_solutions(p, r, _plain_oracle)


@settings(max_examples=examples(300), deadline=None)
@given(colored_problems(max_items=7, max_options=11), st.sampled_from([None, None, 1, 2]))
def test_colored_problems(prob, rounds):
    p = _colored(prob)
    r = _check_against_twin(p, prob[0], prob[1], rounds)
    _check_solutions(p, r, _colored_oracle)


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_larger_random_problems(seed):
    # more options than the oracles can take: the twin and the engine's own count
    rng = np.random.default_rng(seed)
    n = int(rng.integers(4, 14))
    n1 = int(rng.integers(1, n + 1))
    options = [sorted(rng.choice(n, size=int(rng.integers(1, 5)), replace=False).tolist())
               for _ in range(int(rng.integers(5, 40)))]
    colors = [[int(rng.integers(0, 3)) if i >= n1 else 0 for i in o] for o in options]
    p = _colored((options, colors, n1, n))
    r = _check_against_twin(p, options, colors)
    assert {tuple(r.lift(s)) for s in r.problem.solutions()} == {tuple(s) for s in p.solutions()}


# ------------------------------------------------------------------ the program itself

DLXPRE = os.environ.get("DLXPRE")


def _knuth(text: str) -> str:
    cp = subprocess.run([DLXPRE, "v0"], input=text, capture_output=True, text=True, timeout=60)
    assert cp.returncode == 0, cp.stderr
    return cp.stdout


def _lines(text: str) -> list[str]:
    return [" ".join(line.split()) for line in text.splitlines() if line.strip()]


@pytest.mark.skipif(not DLXPRE, reason="set DLXPRE to a dlx-pre binary built from dlx-pre.w")
@pytest.mark.parametrize("name", ["toy2.dlx", "debruijn135.dlx", "queens8.dlx", "slither5.dlx"])
def test_same_text_as_dlx_pre_on_golden_files(name):
    assert _lines(_knuth(golden(name).read_text())) == _lines(reduce(read(name)).problem.to_dlx())


@pytest.mark.skipif(not DLXPRE, reason="set DLXPRE to a dlx-pre binary built from dlx-pre.w")
@settings(max_examples=examples(300), deadline=None)
@given(colored_problems(max_items=9, max_options=16, n_colors=2))
def test_same_text_as_dlx_pre(prob):
    p = _colored(prob)
    if p.n_primary == 0:
        return
    q = ExactCover(p.n_primary, [f"i{i}" for i in range(p.n_items)], p.opt_ptr, p.opt_items,
                   p.opt_colors if p.has_colors else None, [f"{c}" for c in p.color_names])
    assert _lines(_knuth(q.to_dlx())) == _lines(reduce(q).problem.to_dlx())


# ------------------------------------------------------------------ without the compiler


def test_runs_as_plain_python():
    code = """
import warnings
from dlxnumba import ExactCover
from dlxnumba.reduce import reduce
warnings.simplefilter("ignore")
r = reduce(ExactCover.from_dlx("tests/golden/toy2.dlx"))
print(r.problem.to_dlx().replace("\\n", "/"), r.rounds, r.complete)
"""
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    cp = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT,
                        timeout=600)
    assert cp.returncode == 0, cp.stderr
    assert cp.stdout.split() == ["B", "C", "|", "X", "Y/B", "X:1/C", "X:1", "Y:1/", "2", "True"]


def test_ctrl_c_carries_the_problem_reduced_so_far(monkeypatch):
    """Ctrl-C between two slices: the KeyboardInterrupt carries an equivalent
    problem (``result``, not complete), as a timeout leaves it."""
    import dlxnumba.reduce as R

    class Clock:
        calls = 0

        @classmethod
        def perf_counter(cls):
            cls.calls += 1
            if cls.calls == 3:
                raise KeyboardInterrupt
            return 0.0

    monkeypatch.setattr(R, "SLICE_UPDATES", 20)
    monkeypatch.setattr(R, "time", Clock)
    p = read("debruijn135.dlx")
    with pytest.raises(KeyboardInterrupt) as caught:
        reduce(p, timeout=1000)
    r = caught.value.result
    assert isinstance(r, Reduction) and not r.complete and not r.infeasible and Clock.calls == 3
    whole = reduce(p)
    assert 0 < len(r.removed_options) + len(r.removed_items) < len(whole.removed_options)  # some of the work
    assert sorted(r.lift(s) for s in r.problem.solutions()) == sorted(p.solutions())
