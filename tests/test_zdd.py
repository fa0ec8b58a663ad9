"""DLX6 (dlxnumba.zdd): Knuth's figures, domino tilings against Kasteleyn's
formula, every solution against brute force, uniform sampling, the ZDDREAD
text, budgets, slices and bad input."""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dlxnumba.zdd as zdd_module  # private constants and the search's arrays (marked where used)
from colored import as_lists, build, colored_problems, golden, read_quietly
from dlxnumba import ExactCover, ExactCoverError, LimitReached, Progress, Status, Zdd, last_stats
from dlxnumba.zdd import zdd
from reference import chi_square_tail, domino_tilings, exact_covers, is_colored_cover, solutions_by_backtracking
from strategies import examples, problems

ROOT = Path(__file__).resolve().parent.parent


def dominoes(m: int, n: int) -> ExactCover:
    """Domino tilings of an ``m x n`` board, as Knuth's files give them: items
    ``i.j`` row by row; for each cell in that order, the domino to its right
    and then the one below."""
    names = [f"{i}.{j}" for i in range(m) for j in range(n)]
    options = []
    for i in range(m):
        for j in range(n):
            if j + 1 < n:
                options.append([f"{i}.{j}", f"{i}.{j + 1}"])
            if i + 1 < m:
                options.append([f"{i}.{j}", f"{i + 1}.{j}"])
    return ExactCover.from_options(options, primary=names)


def is_cover(p: ExactCover, solution) -> bool:
    options, colors, n1, n = as_lists(p)
    return is_colored_cover(options, colors, n1, n, solution)


# ---------------------------------------------------------------------------
# DLX6's figures (../shared/golden.md)
# ---------------------------------------------------------------------------

FIGURES = [
    ("toy2.dlx", 1, 3, 10, 2, 4),
    ("dominoes4x4.dlx", 36, 48, 192, 0, 49),
    ("dominoes6x6.dlx", 6728, 364, 1600, 0, 365),
    ("queens8.dlx", 92, 956, 14936, 0, 483),
    ("debruijn135.dlx", 160, 1304, 99959, 13266, 1134),
]


@pytest.mark.parametrize("name, solutions, nodes, updates, cleansings, zdd_nodes", FIGURES)
def test_dlx6_figures(name, solutions, nodes, updates, cleansings, zdd_nodes):
    p = read_quietly(golden(name))
    z = p.zdd()
    s = z.stats
    assert (z.count(), s.nodes, s.updates, s.cleansings, z.nodes) == (
        solutions, nodes, updates, cleansings, zdd_nodes)
    assert s.solutions == solutions and s.status == Status.COMPLETE
    found = list(z)
    assert len(found) == solutions == len({frozenset(sol) for sol in found})
    assert all(is_cover(p, sol) for sol in found)
    # DLX2 (another engine) finds the same set
    assert {frozenset(sol) for sol in p.solutions(stop_at=0)} == {frozenset(sol) for sol in found}


def test_toy2_zdd_text_is_dlx6s():
    """DLX6's output (``m1``) on DLX2's example; the option with no primary item
    (``X:0 Y:1``) is ignored and not counted: ``B X:1`` is DLX6's option 3."""
    p = ExactCover.from_options([["A", "B", "X:0", "Y:0"], ["A", "C", "X:1", "Y:1"], ["X:0", "Y:1"],
                                 ["B", "X:1"]], secondary=["X", "Y"])
    z = p.zdd()
    assert z.to_text() == "2: (~3?0:1)\n3: (~2?0:2)\n4: (~0?0:3)\n"
    assert list(z) == [[1, 3]] and z.nodes == 4
    assert z.opt[2:].tolist() == [3, 1]  # the problem's option indices
    assert (z.stats.nodes, z.stats.updates, z.stats.cleansings) == (3, 10, 2)


def test_the_domino_files_are_the_helpers_boards():
    assert read_quietly(golden("dominoes4x4.dlx")) == dominoes(4, 4)
    assert read_quietly(golden("dominoes6x6.dlx")) == dominoes(6, 6)


DLX6 = os.environ.get("DLX6")


@pytest.mark.skipif(not DLX6, reason="set DLX6 to the path of Knuth's dlx6 (built from dlx6.w) to compare")
@pytest.mark.parametrize("name", [f[0] for f in FIGURES])
def test_text_and_counts_equal_knuths_dlx6(name):
    """Byte for byte the ZDD that Knuth's program writes with ``m1``, and its counts."""
    path = golden(name)
    with open(path) as f:
        run = subprocess.run([DLX6, "m1"], stdin=f, capture_output=True, text=True, check=True)
    z = read_quietly(path).zdd()
    assert z.to_text() == run.stdout
    tail = run.stderr.strip().splitlines()[-1]
    assert f"{z.stats.updates} updates, {z.stats.cleansings} cleansings" in tail
    assert f"{z.stats.nodes} search nodes, {z.nodes} ZDD node" in tail


# ---------------------------------------------------------------------------
# Domino tilings: Kasteleyn's formula
# ---------------------------------------------------------------------------


def test_kasteleyn_oracle_agrees_with_brute_force_and_the_known_values():
    """The oracle itself: brute force on small boards, the values of the golden notes."""
    for m in range(1, 6):
        for n in range(1, 6):
            options, n1, nitems = _lists(dominoes(m, n))
            assert domino_tilings(m, n) == len(solutions_by_backtracking(options, n1, nitems)), (m, n)
    assert [domino_tilings(k, k) for k in (8, 10, 12)] == [12988816, 258584046368, 53060477521960000]


def _lists(p: ExactCover):
    options, _, n1, n = as_lists(p)
    return options, n1, n


@pytest.mark.parametrize("m", range(1, 13))
def test_domino_counts_equal_kasteleyns_formula(m):
    for n in range(1, 13):
        z = dominoes(m, n).zdd()
        assert z.count() == domino_tilings(m, n), (m, n)


def test_domino_tilings_beyond_int64_are_exact():
    """14 x 14: 112,202,208,776,036,178,000,000 tilings, past 2**63; counted with
    Python integers, sampled exactly."""
    p = dominoes(14, 14)
    z = p.zdd()
    assert z.count() == domino_tilings(14, 14) > 2**63
    draws = z.sample(5, seed=3)
    assert draws == z.sample(5, seed=3)
    assert all(is_cover(p, s) and len(s) == 98 for s in draws)
    assert len({tuple(s) for s in draws}) == 5


# ---------------------------------------------------------------------------
# Every solution, against brute force
# ---------------------------------------------------------------------------


def _plain(options, n1, n) -> ExactCover:
    ptr = np.cumsum([0] + [len(o) for o in options])
    flat = np.array([i for o in options for i in o], np.int64)
    return ExactCover(n1, [f"i{i}" for i in range(n)], ptr, flat)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(problems(max_items=8, max_options=12))
def test_every_solution_of_random_problems(prob):
    options, n1, n = prob
    p = _plain(options, n1, n)
    z = p.zdd()
    expected = exact_covers(options, n1, n)
    found = list(z)
    assert z.count() == len(expected) == len(found)
    assert {frozenset(s) for s in found} == expected
    assert all(s == sorted(s) for s in found)
    assert z.count() == p.count(stop_at=0)  # DLX1 agrees


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(colored_problems(max_items=7, max_options=11))
def test_every_solution_of_random_colored_problems(prob):
    options, colors, n1, n = prob
    p = build(prob)
    z = p.zdd()
    expected = exact_covers(options, n1, n, colors)
    found = list(z)
    assert z.count() == len(expected) == len(found)
    assert {frozenset(s) for s in found} == expected
    assert z.count() == p.count(stop_at=0)  # DLX2 agrees


@st.composite
def colored_with_givens(draw):
    prob = draw(colored_problems(max_items=7, max_options=10))
    options = prob[0]
    picks = draw(st.lists(st.integers(0, max(len(options) - 1, 0)), max_size=3, unique=True)) if options else []
    return prob, picks


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(colored_with_givens())
def test_givens_against_brute_force(case):
    prob, picks = case
    options, colors, n1, n = prob
    p = build(prob)
    expected = exact_covers(options, n1, n, colors, given=picks)
    try:
        z = p.zdd(given=picks)
    except ExactCoverError as e:
        assert "conflict" in str(e)
        assert not expected
        return
    found = list(z)
    assert {frozenset(s) for s in found} == expected
    assert z.count() == len(found) == len(expected)
    assert all(set(picks) <= set(s) for s in found)


def test_a_given_option_without_a_primary_item():
    """Forced in, it settles its secondary items: a color it shares lets the
    options that agree stay, another color or none hides the others."""
    p = ExactCover.from_options([["A", "X:r"], ["A", "X:g"], ["B", "Y"], ["B"], ["X:r", "Y"]],
                                secondary=["X", "Y"])
    assert sorted(p.zdd()) == [[0, 2], [0, 3], [1, 2], [1, 3]]
    assert sorted(p.zdd(given=[4])) == [[0, 3, 4]]
    q = ExactCover.from_options([["A", "X:r"], ["A", "X:g"], ["A"], ["X:b"]], secondary=["X"])
    assert sorted(q.zdd(given=[3])) == [[2, 3]]


def test_givens_covering_everything_and_no_primary_items():
    p = ExactCover.from_options([["a", "b"], ["a"], ["b"]])
    z = p.zdd(given=[0])
    assert list(z) == [[0]] and z.count() == 1 and z.to_text() == "2: (~0?0:1)\n"
    e = ExactCover.from_options([["x"], ["x", "y"]], primary=[], secondary=["x", "y"]).zdd()
    assert list(e) == [[]] and e.count() == 1 and e.nodes == 1
    none = ExactCover.from_options([["a"]], primary=["a", "b"]).zdd()
    assert none.count() == 0 and list(none) == [] and none.root == 0
    assert none.to_text() == "2: (~0?0:0)\n" and none.nodes == 1


def test_conflicting_givens_are_refused():
    p = ExactCover.from_options([["A", "X:r"], ["B", "X:g"], ["C", "X:r"], ["D", "X"], ["A", "B"], ["B"], ["D"]],
                                secondary=["X"])
    with pytest.raises(ExactCoverError, match=r"given options 0 \('A', 'X'\) and 1 \('B', 'X'\) conflict: both contain "
                                              r"item 'X' with different colors"):
        p.zdd(given=[0, 1])
    with pytest.raises(ExactCoverError, match="both contain item 'X'$"):
        p.zdd(given=[0, 3])
    with pytest.raises(ExactCoverError, match="both contain item 'A'"):
        p.zdd(given=[0, 4])
    with pytest.raises(ExactCoverError, match="listed twice"):
        p.zdd(given=[2, 2])
    assert list(p.zdd(given=[0, 2])) == [[0, 2, 5, 6]]


# ---------------------------------------------------------------------------
# Uniform sampling
# ---------------------------------------------------------------------------


def _chi_square(draws, population) -> tuple[float, int]:
    counts = Counter(tuple(s) for s in draws)
    assert set(counts) <= population
    expected = len(draws) / len(population)
    stat = sum((counts.get(s, 0) - expected) ** 2 / expected for s in population)
    return stat, len(population) - 1


def test_samples_are_uniform():
    """Chi-square on the 1,183 tilings of 5 x 6 (fixed seed, 30 draws each):
    far above 1e-6; a sampler that takes ``hi`` and ``lo`` half and half,
    fed the same generator, is rejected."""
    p = dominoes(5, 6)
    z = p.zdd()
    population = {tuple(s) for s in z}
    draws = z.sample(30 * len(population), seed=2024)
    assert all(is_cover(p, s) for s in draws[:2000])
    stat, df = _chi_square(draws, population)
    assert chi_square_tail(stat, df) > 1e-6
    # the test has power: the walk that flips a fair coin at each node
    rng = np.random.default_rng(2024)
    lo, hi, opt = z.lo.tolist(), z.hi.tolist(), z.opt.tolist()
    biased = []
    for _ in range(len(draws)):
        node, path = z.root, []
        while node > 1:
            if lo[node] == 0 or rng.random() < 0.5:
                path.append(opt[node])
                node = hi[node]
            else:
                node = lo[node]
        biased.append(sorted(path))
    stat, df = _chi_square(biased, population)
    assert chi_square_tail(stat, df) < 1e-6


def test_samples_are_uniform_with_counts_past_int64():
    """The exact Python-int path: 4 x 4 tilings beside 64 independent binary
    choices (36 * 2**64 solutions).  The tiling part of the draws is uniform
    over its 36 and each binary choice is fair."""
    names = [f"{i}.{j}" for i in range(4) for j in range(4)]
    board = dominoes(4, 4)
    options = [list(board.option_names(j)) for j in range(board.n_options)]
    coins = [[f"b{k}"] for k in range(64) for _ in range(2)]
    p = ExactCover.from_options(options + coins, primary=names + [f"b{k}" for k in range(64)])
    z = p.zdd()
    assert z.count() == 36 * 2**64
    draws = z.sample(3600, seed=11)
    assert all(is_cover(p, s) for s in draws[:100])
    tilings = {tuple(s) for s in board.zdd()}
    part = [tuple(j for j in s if j < board.n_options) for s in draws]
    stat, df = _chi_square(part, tilings)
    assert chi_square_tail(stat, df) > 1e-6
    heads = Counter(j for s in draws for j in s if j >= board.n_options and (j - board.n_options) % 2 == 0)
    assert all(abs(heads[board.n_options + 2 * k] - 1800) < 5 * 30 for k in range(64))  # 5 sigma
    assert z.sample(4, seed=5) == z.sample(4, seed=5)


def test_the_walk_past_int64_is_the_exact_walk():
    """The compiled walk on base-2**32 limbs takes the ``r``-th solution, as
    a walk with Python's exact integers does (counts of 36 * 2**64)."""
    names = [f"{i}.{j}" for i in range(4) for j in range(4)]
    board = dominoes(4, 4)
    options = [list(board.option_names(j)) for j in range(board.n_options)]
    coins = [[f"b{k}"] for k in range(64) for _ in range(2)]
    z = ExactCover.from_options(options + coins, primary=names + [f"b{k}" for k in range(64)]).zdd()
    lo, hi, opt = z.lo.tolist(), z.hi.tolist(), z.opt.tolist()
    count = [0, 1]
    for node in range(2, len(lo)):
        count.append(count[lo[node]] + count[hi[node]])
    total = count[z.root]
    assert total == 36 * 2 ** 64 and z._limbs is not None  # (private: the limbs are what the kernel walks)

    def exact(r):
        node, path = z.root, []
        while node > 1:
            if r < count[hi[node]]:
                path.append(opt[node])
                node = hi[node]
            else:
                r -= count[hi[node]]
                node = lo[node]
        return path

    rs = [0, 1, 2 ** 64, total // 2, total - 1] + [int(x) * 2 ** 40 + 7 for x in range(0, 36 * 2 ** 24, 2 ** 24)]
    limbs = z._limbs.shape[1]
    draws = np.array([[(r >> (32 * j)) & 0xFFFFFFFF for j in range(limbs)] for r in rs], np.int64)
    out = np.empty((len(rs), 200), np.int32)
    lens = np.empty(len(rs), np.int64)
    zdd_module.K.sample_walks_limbs(z.lo, z.hi, z.opt, z._limbs, z.root, draws, out, lens)
    assert [out[i, :lens[i]].tolist() for i in range(len(rs))] == [exact(r) for r in rs]
    for bound in (total, 2 ** 64, 2 ** 64 + 1, 3, 1):  # (2**64: one limb more than the numbers below it)
        below = zdd_module._below_limbs(np.random.default_rng(1), bound, 2000, limbs)
        values = [sum(int(v) << (32 * j) for j, v in enumerate(row)) for row in below.tolist()]
        assert all(0 <= v < bound for v in values) and max(values) >= (bound - 1) * 0.99
        assert min(values) <= bound * 0.01


def test_sampling_arguments():
    p = dominoes(4, 4)
    z = p.zdd()
    assert z.sample(0) == [] and len(z.sample(3)) == 3
    a = z.sample(50, seed=1)
    assert a == z.sample(50, seed=1) and a != z.sample(50, seed=2)
    assert z.sample(50, seed=np.random.default_rng(1)) == a
    for bad in (-1, 1.5, True, "3"):
        with pytest.raises(ExactCoverError, match="n must be"):
            z.sample(bad)
    with pytest.raises(ExactCoverError, match="seed must be"):
        z.sample(1, seed="x")
    with pytest.raises(ExactCoverError, match="no solution"):
        dominoes(3, 3).zdd().sample(1)
    assert dominoes(3, 3).zdd().sample(0) == []


def test_samples_stream(monkeypatch):
    """samples(): drawn as taken (the first draw makes one walk), the same
    draws as sample(); a list too large for memory is refused with a pointer
    to the stream, not numpy's MemoryError."""
    from itertools import islice

    z = dominoes(4, 4).zdd()
    walked = []
    real = zdd_module.K.sample_walks

    def walks(lo, hi, opt, count, root, draws, out, out_len):
        walked.append(draws.shape[0])
        return real(lo, hi, opt, count, root, draws, out, out_len)

    monkeypatch.setattr(zdd_module.K, "sample_walks", walks)
    stream = z.samples(10 ** 12, seed=3)
    assert walked == []
    first = next(stream)
    assert walked == [1] and is_cover(dominoes(4, 4), first)
    assert list(islice(z.samples(seed=3), 100)) == z.sample(100, seed=3) == list(z.samples(100, seed=3))
    assert max(walked) <= z._CHUNK
    with pytest.raises(ExactCoverError, match=r"sample\(1,000,000,000,000\) would hold .* samples\("):
        z.sample(10 ** 12)
    with pytest.raises(ExactCoverError, match="n must be"):
        z.samples(-1)
    with pytest.raises(ExactCoverError, match="no solution"):
        dominoes(3, 3).zdd().samples()
    assert list(z.samples(0)) == []


def test_seeds_are_checked_as_generate_checks_them():
    """One home for seeds (dlxnumba.checks.seed): the same kinds and messages
    as the Sudoku generator's."""
    from dlxnumba import SudokuError
    from dlxnumba.sudoku import generate

    z = dominoes(4, 4).zdd()
    for bad in (-1, 2 ** 64, 1.5, True, "x", [1]):
        with pytest.raises(ExactCoverError) as ours:
            z.sample(1, seed=bad)
        with pytest.raises(SudokuError) as theirs:
            generate(seed=bad)
        assert str(ours.value) == str(theirs.value)
        assert str(ours.value).startswith("seed must be an integer from 0 to 2**64 - 1, a numpy Generator or None")
    assert z.sample(5, seed=2 ** 64 - 1) == z.sample(5, seed=np.random.default_rng(2 ** 64 - 1))
    assert z.sample(5, seed=np.uint64(9)) == z.sample(5, seed=9)


def test_samples_include_the_givens():
    p = dominoes(4, 4)
    z = p.zdd(given=[0])
    assert z.count() == sum(1 for s in p.zdd() if 0 in s)
    assert all(0 in s and is_cover(p, s) for s in z.sample(100, seed=4))


# ---------------------------------------------------------------------------
# The diagram and its text
# ---------------------------------------------------------------------------


def _read_text(text: str):
    """A ZDD from DLX6's text: {node: (option, lo, hi)} and the root."""
    nodes = {}
    for line in text.splitlines():
        name, rest = line.split(": (~")
        j, rest = rest.rstrip(")").split("?")
        lo, hi = rest.split(":")
        nodes[int(name, 16)] = (int(j), int(lo, 16), int(hi, 16))
    last = max(nodes)
    _, _, root = nodes.pop(last)
    return nodes, root


def _family(nodes, z):
    if z == 0:
        return set()
    if z == 1:
        return {frozenset()}
    j, lo, hi = nodes[z]
    return _family(nodes, lo) | {s | {j} for s in _family(nodes, hi)}


@pytest.mark.parametrize("name", ["toy2.dlx", "dominoes4x4.dlx", "queens8.dlx"])
def test_the_text_holds_every_solution(name):
    p = read_quietly(golden(name))
    z = p.zdd()
    nodes, root = _read_text(z.to_text())
    assert len(nodes) + 2 == z.nodes
    assert all(lo < k and hi < k for k, (_, lo, hi) in nodes.items())
    family = _family(nodes, root)
    assert {frozenset(j - 1 for j in s) for s in family} == {frozenset(s) for s in z}


def test_iteration_is_lazy():
    """The first of 53 quadrillion tilings comes at once, without converting
    the diagram: the first ``next()`` allocates a few kilobytes, where the
    73,859 nodes as Python lists take megabytes."""
    import tracemalloc

    p = dominoes(12, 12)
    z = p.zdd()
    whole = len(z.lo) * 3 * 8  # the list pointers alone of lo, hi and opt as lists
    tracemalloc.start()
    try:
        first = next(iter(z))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert is_cover(p, first) and len(first) == 72
    assert peak < whole / 20
    assert next(iter(z)) == first and sum(1 for _ in dominoes(4, 4).zdd()) == 36


def test_zdd_object():
    z = dominoes(4, 4).zdd()
    assert repr(z) == "Zdd(36 solutions, 49 nodes)"
    assert last_stats() is z.stats and z.stats.status == Status.COMPLETE and z.stats.solutions == 36
    assert zdd(dominoes(4, 4)).to_text() == z.to_text()  # the module's function takes the same path
    assert isinstance(z, Zdd) and not hasattr(z, "__len__")
    with pytest.raises(TypeError):
        len(z)  # type: ignore[arg-type]
    assert z.lo.shape == z.hi.shape == z.opt.shape == (49,)
    with pytest.raises(ValueError):
        z.lo[2] = 0
    assert repr(dominoes(12, 12).zdd()) == "Zdd(53,060,477,521,960,000 solutions, 73,859 nodes)"


# ---------------------------------------------------------------------------
# Budgets, slices, growth, progress
# ---------------------------------------------------------------------------


def test_budgets_raise_limit_reached():
    p = read_quietly(golden("queens8.dlx"))
    with pytest.raises(LimitReached) as e:
        p.zdd(max_nodes=100)
    assert e.value.reason == Status.MAX_NODES and e.value.stats.nodes == 100 and e.value.found is None
    assert last_stats() is e.value.stats
    with pytest.raises(LimitReached) as e:
        p.zdd(max_zdd_nodes=482)
    assert e.value.reason == Status.MAX_NODES and e.value.stats.status == Status.MAX_NODES
    # the budget that stopped it is named, not max_nodes
    assert e.value.budget == "max_zdd_nodes" and "stopped by max_zdd_nodes (482 ZDD nodes)" in str(e.value)
    assert "larger max_zdd_nodes=" in str(e.value) and "max_nodes " not in str(e.value)
    assert p.zdd(max_zdd_nodes=483).nodes == 483
    with pytest.raises(LimitReached) as e:
        p.zdd(max_zdd_nodes=10)  # stops as the 11th node is due, not at the end
    assert e.value.reason == Status.MAX_NODES and e.value.stats.nodes < 100
    assert p.zdd(max_nodes=956).count() == 92
    with pytest.raises(LimitReached) as e:
        p.zdd(timeout=0)
    assert e.value.reason == Status.TIMEOUT and e.value.stats.status == Status.TIMEOUT
    with pytest.raises(LimitReached):
        p.zdd(max_nodes=0)


def test_a_memory_budget_stops_the_search_naming_it(monkeypatch):
    """max_memory: the arrays grow geometrically but never past it (a growth's
    copy included), and a search that needs more ends in LimitReached naming
    max_memory; one that fits gives the same diagram.  Every request to numpy
    is recorded with what the arrays held then."""
    p = dominoes(8, 8)
    whole = p.zdd()
    asked: list[tuple[int, int]] = []
    real_zeros = zdd_module._zeros

    def zeros(size, dtype, used):  # (private: the one place the search's arrays grow)
        asked.append((used, size * np.dtype(dtype).itemsize))
        return real_zeros(size, dtype, used)

    monkeypatch.setattr(zdd_module, "_zeros", zeros)
    budget = 100_000
    with pytest.raises(LimitReached) as e:
        p.zdd(max_memory=budget)
    assert e.value.reason == Status.MAX_MEMORY and e.value.stats.status == Status.MAX_MEMORY
    assert e.value.budget == "max_memory" and "larger max_memory=" in str(e.value)
    assert "stopped by max_memory (97.7 KiB" in str(e.value) and 0 < e.value.stats.nodes < whole.stats.nodes
    assert asked and all(used + more <= budget for used, more in asked)
    asked.clear()
    fits = p.zdd(max_memory=400_000)
    assert fits.to_text() == whole.to_text() and all(used + more <= 400_000 for used, more in asked)
    with pytest.raises(LimitReached, match="max_memory"):
        p.zdd(max_memory=0)  # not even the first arrays


def test_the_systems_refusal_is_the_budget_spent(monkeypatch):
    """numpy's MemoryError (a limit tighter than the budget, as ``ulimit -v``)
    ends the search as a spent max_memory, not as a bare MemoryError."""
    p = dominoes(8, 8)
    real = np.zeros

    def zeros(shape, dtype=float, *args, **kwargs):
        if np.prod(shape) >= 4096:
            raise MemoryError("Unable to allocate")
        return real(shape, dtype, *args, **kwargs)

    monkeypatch.setattr(zdd_module.np, "zeros", zeros)
    with pytest.raises(LimitReached) as e:
        p.zdd()
    assert e.value.reason == Status.MAX_MEMORY and "max_memory" in str(e.value)


def test_the_default_memory_budget(monkeypatch, tmp_path):
    """Half the physical memory, or of a container's limit or what an address-space limit leaves."""
    import resource

    physical = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    monkeypatch.setattr(zdd_module, "_CGROUP_LIMITS", (str(tmp_path / "absent"),))  # (no container limit)
    monkeypatch.setattr(resource, "getrlimit", lambda what: (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
    assert zdd_module.default_max_memory() == physical // 2
    monkeypatch.setattr(resource, "getrlimit", lambda what: (3 << 30, resource.RLIM_INFINITY))
    monkeypatch.setattr(zdd_module, "_mapped", lambda: 1 << 30)
    assert zdd_module.default_max_memory() == min(physical, 2 << 30) // 2
    limit = tmp_path / "memory.max"  # a container's limit (cgroup v2), lower still
    limit.write_text(f"{1 << 30}\n")
    monkeypatch.setattr(zdd_module, "_CGROUP_LIMITS", (str(tmp_path / "absent"), str(limit)))
    assert zdd_module.default_max_memory() == min(physical, 1 << 30) // 2
    limit.write_text("max\n")
    assert zdd_module.default_max_memory() == min(physical, 2 << 30) // 2


def test_small_slices_and_arrays_give_the_same_search(monkeypatch):
    """Paused every few updates, with the memo and the ZDD starting at one entry
    (so they grow again and again), the search resumes exactly: the same
    counts and the same diagram.  (Module constants, patched: they are what
    the public call reads.)"""
    p = read_quietly(golden("debruijn135.dlx"))
    whole = p.zdd()
    monkeypatch.setattr(zdd_module, "SLICE_UPDATES", 37)
    monkeypatch.setattr(zdd_module, "SLICE_NODES", 5)
    monkeypatch.setattr(zdd_module, "_FIRST_MEMOS", 1)
    monkeypatch.setattr(zdd_module, "_FIRST_NODES", 1)
    reports: list[Progress] = []
    sliced = p.zdd(progress=reports.append, progress_interval=0)
    assert sliced.to_text() == whole.to_text()
    assert (sliced.stats.nodes, sliced.stats.updates, sliced.stats.cleansings) == (1304, 99959, 13266)
    assert len(reports) > 100
    fractions = [r.fraction for r in reports]
    assert fractions == sorted(fractions) and 0 <= fractions[0] and fractions[-1] <= 1
    assert [r.nodes for r in reports] == sorted(r.nodes for r in reports)


def test_links_are_restored_after_the_search():
    """Knuth's sanity check: every link, length and color as before.  (Private:
    the arrays of the search are not public.)"""
    p = read_quietly(golden("debruijn135.dlx"))
    run = zdd_module._Run(p, [])  # private: the search's own arrays are what is checked
    arrays = run._arrays  # the same arrays before and after (the search works in place)
    before = [a.copy() for a in arrays] + [run.color.copy(), run.sig[-1].copy()]
    run.search(None, None, None, None, 0.5)
    after = list(arrays) + [run.color, run.sig[-1]]
    assert all(np.array_equal(a, b) for a, b in zip(before, after))


def test_without_jit_the_kernels_run_as_python():
    """The same figures with NUMBA_DISABLE_JIT=1 (the kernels as plain Python)."""
    code = ("import warnings; warnings.simplefilter('ignore', UserWarning)\n"
            "from dlxnumba import ExactCover\n"
            "for name in ('toy2.dlx', 'queens8.dlx'):\n"
            "    z = ExactCover.from_dlx('tests/golden/' + name).zdd()\n"
            "    print(z.count(), z.stats.nodes, z.stats.updates, z.stats.cleansings, z.nodes, "
            "len(z.sample(3, seed=1)))\n")
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    out = subprocess.run([sys.executable, "-W", "error::RuntimeWarning", "-c", code], cwd=ROOT, env=env,
                         capture_output=True, text=True, check=True).stdout
    assert out.split("\n")[:2] == ["1 3 10 2 4 3", "92 956 14936 0 483 3"]


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


def test_bad_arguments():
    p = dominoes(2, 2)
    with pytest.raises(ExactCoverError, match="takes an ExactCover"):
        zdd([["a"]])  # type: ignore[arg-type]  # (the module's function: a method cannot be given a list)
    with pytest.raises(ExactCoverError, match="multiplicities: primary item 'A' has bounds 2:3"):
        (ExactCover.from_options([["A"], ["A", "B"]], bounds={"A": (2, 3)})).zdd()
    for kwargs, what in [({"max_nodes": -1}, "max_nodes"), ({"max_zdd_nodes": -1}, "max_zdd_nodes"),
                         ({"max_zdd_nodes": 2.5}, "max_zdd_nodes"), ({"timeout": -1}, "timeout"),
                         ({"progress": 3}, "progress"), ({"progress_interval": -1}, "progress_interval"),
                         ({"given": [7]}, "out of range"), ({"given": ["a"]}, "not an integer"),
                         ({"given": "01"}, "iterable of option indices"), ({"given": 3}, "iterable"),
                         ({"given": [True]}, "not an integer")]:
        with pytest.raises(ExactCoverError, match=what):
            p.zdd(**kwargs)
