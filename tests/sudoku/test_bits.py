"""The bit-parallel Sudoku engine (dlxnumba.sudoku.bits) against the dancing links.

The links are the reference: on random puzzles of every size and variant the
bits run on (the band layout of the classic 9x9, the cell layout of every other
shape), both engines give the same counts up to a limit, the same solutions
(as sets, when there are fewer than the limit), the same statuses in a batch;
every grid either returns is checked by ``reference.variant_ok`` (the rules
written out from scratch), and the small grids are counted by brute force
(``reference.variant_solutions_brute``) too.  Then what the bits add or must
keep: budgets in guesses, timeouts, progress, Ctrl-C, lazy solutions, their
statistics, ``algorithm=`` checked, the command line's ``--algorithm``.
"""

from __future__ import annotations

import _thread
import faulthandler
import itertools
import threading
import time

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from command_line import TOP95, run
from dlxnumba import LimitReached, Progress, Status, Sudoku, SudokuError, Variant, last_stats, solve_many
from dlxnumba.sudoku import bits
from known import FIVE, NONE, TOP1, cells_of, empty, load, verified
from reference import variant_ok, variant_pair_banned, variant_solutions_brute, variant_units
from strategies import examples

# ---------------------------------------------------------------------------
# Random puzzles of every shape and variant: bits == links, every answer checked
# ---------------------------------------------------------------------------

#: The 9x9 jigsaw map of test_variants' published puzzle (a real jigsaw: solvable).
JIGSAW9 = "000000021453303021453333221453322221455566121445666111445566667488887777888887777"

#: (n, box, variant): every size the bits serve, each variant, some combinations.
#: "jigsaw" draws a random region map (sides 4 and 6) or takes JIGSAW9.
CASES = [
    (4, (2, 2), ""), (4, (2, 2), "x"), (4, (2, 2), "windoku"), (4, (2, 2), "anti-knight"),
    (4, (2, 2), "anti-king"), (4, (2, 2), "non-consecutive"), (4, (2, 2), "x+windoku"), (4, (2, 2), "jigsaw"),
    (4, (2, 2), "jigsaw+x"),
    (6, (2, 3), ""), (6, (3, 2), ""), (6, (2, 3), "x"), (6, (3, 2), "windoku"), (6, (2, 3), "anti-knight"),
    (6, (2, 3), "anti-king+non-consecutive"), (6, (2, 3), "jigsaw"), (6, (2, 3), "jigsaw+anti-knight"),
    (8, (2, 4), ""), (8, (2, 4), "x+anti-knight"),
    (9, (3, 3), ""), (9, (3, 3), "x"), (9, (3, 3), "windoku"), (9, (3, 3), "anti-knight+anti-king"),
    (9, (3, 3), "non-consecutive"), (9, (3, 3), "x+windoku"), (9, (3, 3), "jigsaw"),
    (12, (3, 4), ""), (16, (4, 4), ""),
]

#: Solutions compared per puzzle.
LIMIT = 4

_BASES: dict = {}


def _kinds(spec: str) -> tuple[str, ...]:
    return tuple(k for k in spec.split("+") if k and k != "jigsaw")


def _base(n, box, spec, rmap):
    """A full grid of the shape (the links' first solution of the empty grid), or None."""
    key = (n, box, spec, rmap)
    if key not in _BASES:
        t = Sudoku(empty(n), box=box, variant=spec or None, regions=rmap).solve(algorithm="links")
        _BASES[key] = None if t is None else t.grid.reshape(-1).astype(int)
    return _BASES[key]


def _rules_kept(cells, n, box, kinds, rmap) -> bool:
    """Whether the givens alone break no rule (the oracle's units and bans)."""
    for unit in variant_units(n, box, kinds, None if rmap is None else list(rmap)):
        held = [cells[k] for k in unit if cells[k]]
        if len(held) != len(set(held)):
            return False
    filled = [k for k in range(n * n) if cells[k]]
    return not any(variant_pair_banned(n, a, cells[a], b, cells[b], kinds) for i, a in enumerate(filled)
                   for b in filled[i + 1:])


@st.composite
def puzzles(draw, n, box, spec):
    """``(cells, rmap)``: a full grid of the shape, relabelled, with a random share
    of its cells kept (none: the empty grid, many solutions; most: one), then
    perhaps one given changed (often no solution, sometimes a clash)."""
    rmap = None
    if "jigsaw" in spec:
        rmap = JIGSAW9 if n == 9 else "".join(draw(st.permutations([str(k) for k in range(n) for _ in range(n)])))
    base = _base(n, box, spec, rmap)
    if base is None:  # no grid of this shape: a few random givens
        cells = [0] * (n * n)
        for k in draw(st.lists(st.integers(0, n * n - 1), max_size=n)):
            cells[k] = draw(st.integers(1, n))
        return cells, rmap
    if "non-consecutive" in _kinds(spec):  # only reversing keeps differences of 1
        relabel = list(range(n, 0, -1)) if draw(st.booleans()) else list(range(1, n + 1))
    else:
        relabel = [d + 1 for d in draw(st.permutations(range(n)))]
    keep = draw(st.sampled_from([0.0, 0.2, 0.4, 0.6, 0.8] if n <= 9 else [0.5, 0.7, 0.9]))
    rng = np.random.default_rng(draw(st.integers(0, 2 ** 32 - 1)))
    cells = [relabel[d - 1] if rng.random() < keep else 0 for d in base.tolist()]
    if draw(st.integers(0, 3)) == 0:  # a wrong given
        k = draw(st.integers(0, n * n - 1))
        cells[k] = draw(st.integers(1, n))
    return cells, rmap


def _grids(iterator) -> list[tuple[int, ...]]:
    return [tuple(t.grid.reshape(-1).tolist()) for t in iterator]


def _check_both(cells, n, box, spec, rmap):
    """Both engines on one puzzle: counts, solutions, solve, is_unique, a batch."""
    kinds = _kinds(spec)
    variant = Variant.parse(spec or None, rmap)
    batch = dict(box=box, variant=variant, threads=1)
    if not _rules_kept(cells, n, box, kinds, rmap):
        with pytest.raises(SudokuError, match="break the rules"):
            Sudoku(cells, box=box, variant=spec or None, regions=rmap)
        for algorithm in ("bits", "links"):
            r = solve_many([cells], **batch, algorithm=algorithm)
            assert r.status_names == ["INVALID"] and "break the rules" in r.errors[0]
        return
    s = Sudoku(cells, box=box, variant=spec or None, regions=rmap)

    def ok(grid) -> bool:
        return variant_ok(list(grid), cells, n, box, kinds, None if rmap is None else list(rmap))

    counts = {}
    found = {}
    for algorithm in ("bits", "links"):
        counts[algorithm] = s.count(LIMIT, algorithm=algorithm)
        assert last_stats().algorithm == algorithm
        found[algorithm] = _grids(s.solutions(LIMIT, algorithm=algorithm))
        assert len(found[algorithm]) == len(set(found[algorithm])) == counts[algorithm]
        assert all(ok(g) for g in found[algorithm])
        first = s.solve(algorithm=algorithm)
        assert (first is None) == (counts[algorithm] == 0)
        assert first is None or (ok(first.grid.reshape(-1).tolist()) and first.variant == s.variant)
        assert s.is_unique(algorithm=algorithm) == (counts[algorithm] == 1)
        r = solve_many([cells], limit=2, **batch, algorithm=algorithm)
        assert r.algorithm == algorithm
        assert r.status_names == [["NO_SOLUTION", "SOLVED", "MULTIPLE"][min(counts[algorithm], 2)]]
        assert r.count[0] == min(counts[algorithm], 2)
        assert (not r.solutions[0].any()) if counts[algorithm] == 0 else ok(r.solutions[0].tolist())
    assert counts["bits"] == counts["links"]
    if counts["bits"] < LIMIT:
        assert set(found["bits"]) == set(found["links"])
    if n == 4 or (n == 6 and rmap is None):  # brute force counts the small grids (a random 6x6 jigsaw
        # map often has no solution at all, which takes the brute force minutes to see)
        brute = variant_solutions_brute(cells, n, box, kinds, None if rmap is None else list(rmap), limit=LIMIT)
        assert len(brute) == counts["bits"]
        if len(brute) < LIMIT:
            assert set(brute) == set(found["bits"])


@pytest.mark.parametrize("n, box, spec", CASES, ids=[f"{n}x{n}-{b[0]}x{b[1]}-{s or 'classic'}" for n, b, s in CASES])
@settings(max_examples=examples(4), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_bits_agree_with_links_on_random_puzzles(n, box, spec, data):
    cells, rmap = data.draw(puzzles(n, box, spec))
    _check_both(cells, n, box, spec, rmap)


@pytest.mark.parametrize("text", [TOP1, FIVE, NONE, "." * 81, TOP1[:-1] + "4", "1" + "." * 15, "12.. ..12 .... ....",
                                  "1" * 2 + "." * 14], ids=["top1", "five", "none", "empty", "clash", "4x4-one",
                                                            "4x4-twelve", "4x4-clash"])
def test_bits_agree_with_links_on_known_puzzles(text):
    """0, 1 and many solutions, and contradictory givens, on both layouts."""
    cells = cells_of(text.replace(" ", ""))
    n = int(len(cells) ** 0.5)
    _check_both(cells, n, (3, 3) if n == 9 else (2, 2), "", None)


@pytest.mark.parametrize("name", ["easy50", "top95", "hardest"])
def test_norvigs_sets_on_bits_equal_links(name):
    """Norvig's three sets: the same solutions and statuses, one by one and in
    batches on one and two threads, every solution checked."""
    d = load(name)
    links = solve_many(d["arr"], limit=2, threads=1, algorithm="links")
    for threads in (1, 2):
        r = solve_many(d["arr"], limit=2, threads=threads, algorithm="bits")
        assert r.algorithm == "bits" and r.status_names == links.status_names == ["SOLVED"] * len(d["arr"])
        assert np.array_equal(r.solutions, links.solutions)
    assert all(verified(g, p) for g, p in zip(links.solutions, d["lines"]))
    for text, want in zip(d["lines"], links.solutions):
        assert Sudoku(text).solve(algorithm="bits").grid.reshape(-1).tolist() == want.tolist()


# ---------------------------------------------------------------------------
# Counts of empty grids
# ---------------------------------------------------------------------------


def test_the_empty_4x4_grid_has_288_solutions_on_both_engines():
    s = Sudoku("." * 16)
    assert s.count(algorithm="bits") == s.count(algorithm="links") == 288
    assert last_stats().algorithm == "links"
    assert bits.count(np.zeros(16, np.uint8), s.geometry, limit=10 ** 6) == 288  # the generator's and grader's count
    grids = _grids(s.solutions(algorithm="bits"))
    assert len(set(grids)) == 288 and set(grids) == set(_grids(s.solutions(algorithm="links")))
    assert all(verified(g, s) for g in grids)


def test_the_empty_6x6_grid_has_28200960_solutions():
    """The 6x6 grids with 2x3 boxes: relabelling the digits maps each grid to
    exactly one whose first row is 1 2 3 4 5 6, so the empty grid has 6! times
    as many solutions as that row alone (counted on both engines: 39,168)."""
    s = Sudoku("123456" + "." * 30, box=(2, 3))
    assert s.count(algorithm="bits") == s.count(algorithm="links") == 39_168
    assert 720 * 39_168 == 28_200_960


# ---------------------------------------------------------------------------
# Budgets, timeouts, progress, Ctrl-C
# ---------------------------------------------------------------------------

#: The boxes of the 9x9 as a jigsaw's region map: the classic rules on the cell layout.
BOXES = "".join(str(r // 3 * 3 + c // 3) for r in range(9) for c in range(9))


def _on(layout: str, text: str) -> Sudoku:
    """``text`` as a classic 9x9 on the band layout, or on the cell layout."""
    return Sudoku(text) if layout == "band" else Sudoku.jigsaw(text, BOXES)


@pytest.mark.parametrize("layout", ["band", "cells"])
def test_max_nodes_counts_guesses(layout):
    """A budget below the guesses a search takes stops it (MAX_NODES, the
    guesses made = the budget, found what was found); the budget it takes is enough."""
    s = _on(layout, NONE)
    assert s.count(algorithm="bits") == 0 and last_stats().algorithm == "bits"
    need = last_stats().guesses
    assert need > 2
    batch = dict(algorithm="bits", threads=1, variant=s.variant)
    for budget in (1, need // 2, need - 1):
        with pytest.raises(LimitReached) as e:
            s.count(max_nodes=budget, algorithm="bits")
        assert e.value.reason == Status.MAX_NODES and e.value.stats.guesses == budget
        assert last_stats() is e.value.stats and e.value.found == 0
        r = solve_many([s], max_nodes=budget, **batch)
        assert r.status_names == ["BUDGET"] and r.nodes[0] == budget
    assert s.count(max_nodes=need, algorithm="bits") == 0
    assert solve_many([s], max_nodes=need, **batch).status_names == ["NO_SOLUTION"]


@pytest.mark.parametrize("layout", ["band", "cells"])
def test_a_budget_of_the_guesses_a_solution_takes_finds_it(layout):
    """As on the links (a solution found on entering a level is found), a
    puzzle whose first solution takes ``g`` guesses is solved with max_nodes=g."""
    s = _on(layout, load("top95")["lines"][3])
    s.solve(algorithm="bits")
    need = last_stats().guesses
    assert need > 0
    assert verified(s.solve(max_nodes=need, algorithm="bits"), s)
    r = solve_many([s], max_nodes=need, algorithm="bits", threads=1, variant=s.variant)
    assert r.status_names == ["SOLVED"]


@pytest.mark.parametrize("call", ["solve", "count", "solutions", "is_unique"])
@pytest.mark.parametrize("budget", [dict(max_nodes=0), dict(timeout=0)], ids=str)
def test_a_zero_budget_searches_nothing_on_the_cell_layout(call, budget):
    s = Sudoku("." * 16)
    s.count(algorithm="bits")  # figures in the workspace that must not leak
    with pytest.raises(LimitReached) as e:
        result = getattr(s, call)(algorithm="bits", **budget)
        if call == "solutions":
            list(result)
    assert e.value.reason == (Status.MAX_NODES if "max_nodes" in budget else Status.TIMEOUT)
    st_ = last_stats()
    assert (st_.nodes, st_.updates, st_.solutions, st_.algorithm) == (0, 0, 0, "bits")
    batch = ["." * 16, "11" + "." * 14, "7" + "." * 15]  # a clash is readable (BUDGET); a 7 is not
    r = solve_many(batch, algorithm="bits", threads=1, **budget)
    assert r.status_names == ["BUDGET", "BUDGET", "INVALID"] and not r.count.any() and not r.solutions.any()
    assert r.status_names == solve_many(batch, algorithm="links", threads=1, **budget).status_names


@pytest.mark.parametrize("text", ["." * 81, "." * 256], ids=["band", "cells"])
def test_a_timeout_stops_a_long_count_with_progress_reports(text):
    """Counting the empty 9x9 (or 16x16) grid never ends: the timeout stops it,
    with what it found, and the progress callable has its reports on the way."""
    seen = []
    with pytest.raises(LimitReached) as e:
        Sudoku(text).count(timeout=0.4, progress=seen.append, progress_interval=0.05, algorithm="bits")
    stats = e.value.stats
    assert e.value.reason == stats.status == Status.TIMEOUT and stats.algorithm == "bits"
    assert e.value.found == stats.solutions > 0 and stats.seconds >= 0.4
    assert seen and all(isinstance(x, Progress) and x.elapsed > 0 and x.total is None for x in seen)
    nodes = [x.nodes for x in seen]
    found = [x.solutions for x in seen]
    assert nodes == sorted(nodes) and 0 < nodes[-1] <= stats.nodes
    assert found == sorted(found) and found[-1] <= stats.solutions


def test_a_timeout_stops_a_batch_on_the_bits():
    r = solve_many(["." * 81, TOP1], limit=10 ** 9, timeout=0.3, algorithm="bits", threads=1)
    assert r.status_names == ["BUDGET", "BUDGET"] or r.status_names == ["BUDGET", "SOLVED"]
    assert r.count[0] > 0 and r.algorithm == "bits"


@pytest.mark.parametrize("call", ["count", "count with a timeout", "solutions", "solve_many",
                                  "solve_many on two threads", "count 16x16"])
def test_ctrl_c_stops_a_search_on_the_bits(call):
    """Ctrl-C (here ``_thread.interrupt_main``) stops every way of searching
    between two slices; the engine works on afterwards.  (faulthandler ends the
    process, so a search that ignores Ctrl-C fails instead of hanging.)"""
    e9, e16 = Sudoku("." * 81), Sudoku("." * 256)
    calls = {
        "count": lambda: e9.count(algorithm="bits"),
        "count with a timeout": lambda: e9.count(timeout=600, algorithm="bits"),
        "solutions": lambda: sum(1 for _ in e9.solutions(algorithm="bits")),
        "solve_many": lambda: solve_many([e9] * 3, limit=10 ** 15, algorithm="bits", threads=1),
        "solve_many on two threads": lambda: solve_many([e9] * 3, limit=10 ** 15, algorithm="bits", threads=2),
        "count 16x16": lambda: e16.count(algorithm="bits"),
    }
    timer = threading.Timer(0.1, _thread.interrupt_main)
    faulthandler.dump_traceback_later(300, exit=True)
    try:
        timer.start()
        with pytest.raises(KeyboardInterrupt):
            calls[call]()
    finally:
        timer.cancel()
        faulthandler.cancel_dump_traceback_later()
    assert Sudoku(FIVE).count(algorithm="bits") == 5 and last_stats().algorithm == "bits"
    assert verified(Sudoku(TOP1).solve(algorithm="bits"), TOP1)
    assert solve_many([FIVE, TOP1], limit=2, algorithm="bits", threads=2).status_names == ["MULTIPLE", "SOLVED"]
    assert Sudoku("." * 16).count(algorithm="bits") == 288


# ---------------------------------------------------------------------------
# Lazy solutions, threads
# ---------------------------------------------------------------------------


def test_solutions_on_the_bits_are_lazy():
    """The empty 9x9 grid has 6.7e21 solutions: the first three come at once
    (a search that collected them all would time out, not hang)."""
    three = list(itertools.islice(Sudoku("." * 81).solutions(timeout=120, algorithm="bits"), 3))
    assert len({str(t) for t in three}) == 3 and all(verified(t, "." * 81) for t in three)


@pytest.mark.parametrize("algorithm", ["links", "bits"])
def test_last_stats_follow_a_lazy_search(algorithm):
    """While solutions() is paused between two solutions, last_stats() is that
    search's, RUNNING, with the solutions handed out so far."""
    Sudoku("1234" + "." * 12).count()  # another search's figures first
    it = Sudoku("." * 81).solutions(algorithm=algorithm)
    assert last_stats().algorithm == algorithm and last_stats().status == Status.RUNNING
    assert len(list(itertools.islice(it, 3))) == 3
    st_ = last_stats()
    assert (st_.algorithm, st_.status, st_.solutions) == (algorithm, Status.RUNNING, 3) and st_.nodes > 0


@pytest.mark.parametrize("n", [9, 4])
def test_solutions_survive_other_searches_in_between(n):
    """Two iterators on the bits, interleaved with other searches of the same
    layout (and the other engine): each yields what it yields alone."""
    if n == 9:
        a, b = Sudoku(FIVE), Sudoku(load("top95")["lines"][5])
        other = [lambda: Sudoku(TOP1).solve(algorithm="bits"), lambda: Sudoku(NONE).count(algorithm="bits"),
                 lambda: solve_many([FIVE, TOP1], limit=2, algorithm="bits", threads=1)]
    else:
        a, b = Sudoku("." * 16), Sudoku("1" + "." * 15, variant="x")
        other = [lambda: Sudoku("12.. ..12 .... ....").count(algorithm="bits"),
                 lambda: Sudoku("." * 16, variant="windoku").solve(algorithm="bits"),
                 lambda: solve_many(["." * 16] * 3, limit=5, algorithm="bits", threads=2)]
    want_a = _grids(a.solutions(algorithm="bits"))
    want_b = _grids(b.solutions(algorithm="bits"))
    it_a, it_b = a.solutions(algorithm="bits"), b.solutions(algorithm="bits")
    got_a, got_b = [], []
    for k in itertools.count():
        more = False
        for it, got in ((it_a, got_a), (it_b, got_b)):
            t = next(it, None)
            if t is not None:
                got.append(tuple(t.grid.reshape(-1).tolist()))
                more = True
        other[k % 3]()
        Sudoku(a).count(algorithm="links")
        if not more:
            break
    assert got_a == want_a and got_b == want_b
    assert set(want_a) == set(_grids(a.solutions(algorithm="links")))
    assert all(verified(g, a) for g in got_a) and all(verified(g, b) for g in got_b)


def test_bits_from_several_python_threads():
    """Python threads searching on both layouts at once each get their own
    answers and their own statistics."""
    jobs = [(FIVE, None), (NONE, None), ("." * 16, None), ("1" + "." * 35, "x"), (TOP1, None)]
    want = []
    for text, variant in jobs:
        s = Sudoku(text, variant=variant)
        want.append((s.count(limit=300, algorithm="bits"), last_stats().nodes, last_stats().updates))
    wrong = []

    def work(k):
        text, variant = jobs[k % len(jobs)]
        for _ in range(30):
            s = Sudoku(text, variant=variant)
            got = (s.count(limit=300, algorithm="bits"), last_stats().nodes, last_stats().updates)
            if got != want[k % len(jobs)] or last_stats().algorithm != "bits":
                wrong.append((k, got))

    threads = [threading.Thread(target=work, args=(k,)) for k in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert wrong == []


def test_the_tables_of_many_jigsaw_maps_are_not_all_kept():
    """The links keep the shapes of a few variants (solve.VARIANT_SHAPES); a
    program that solves jigsaws of ever new maps on the bits must not grow either."""
    before = bits.generator_tables.cache_info().currsize
    rng = np.random.default_rng(5)
    for _ in range(100):
        rmap = "".join(map(str, rng.permutation(np.repeat(np.arange(4), 4))))
        Sudoku("." * 16, variant="jigsaw", regions=rmap).count(algorithm="bits")
    assert bits.generator_tables.cache_info().currsize - before <= 32


# ---------------------------------------------------------------------------
# Statistics, the choice of engine
# ---------------------------------------------------------------------------


def test_stats_of_the_bits():
    """nodes are the guesses, updates the propagation steps, no profile; the
    links keep Knuth's figures and have no guesses; "auto" picks the bits for the
    classic 9x9 only; a batch's figures are those of the one-grid search."""
    s = Sudoku(NONE)
    assert s.count(algorithm="bits") == 0
    b = last_stats()
    assert (b.algorithm, b.guesses, b.propagations) == ("bits", b.nodes, b.updates)
    assert 0 < b.max_level <= b.guesses < b.propagations and b.profile.size == 0
    assert s.count() == 0 and last_stats().algorithm == "bits" and last_stats().nodes == b.nodes
    s.count(algorithm="links")
    k = last_stats()
    assert (k.algorithm, k.guesses, k.propagations) == ("links", None, None) and k.profile.size > 0
    r = solve_many([NONE, FIVE, TOP1], limit=2, threads=1)
    assert r.algorithm == "bits"
    for i, text in enumerate([NONE, FIVE, TOP1]):
        Sudoku(text).count(limit=2, algorithm="bits")
        assert (r.nodes[i], r.updates[i]) == (last_stats().nodes, last_stats().updates)
    # "auto" as measured (bench/results/bits_vs_links.md): the bits on the classic 9x9,
    # 4x4 and 6x6 and on 9x9 X, anti-knight and non-consecutive grids, the links elsewhere
    small = ["12.. ..12 .... ...."]
    assert solve_many(small, threads=1).algorithm == "bits"
    assert solve_many(small, threads=1, algorithm="links").algorithm == "links"
    assert solve_many(["." * 64], box=(2, 4), threads=1).algorithm == "links"
    assert solve_many(["." * 144], box=(3, 4), threads=1).algorithm == "links"
    assert solve_many([TOP1], threads=1, variant="x").algorithm == "bits"
    assert solve_many([TOP1], threads=1, variant="windoku").algorithm == "links"
    Sudoku("." * 16).count(algorithm="bits")
    assert last_stats().algorithm == "bits" and last_stats().guesses > 0


@pytest.mark.parametrize("bad", ["fast", "BITS", "", 1, None])
def test_a_bad_algorithm_is_named(bad):
    s = Sudoku(TOP1)
    for call in (s.solve, s.count, s.is_unique, lambda **kw: list(s.solutions(**kw)),
                 lambda **kw: solve_many([TOP1], **kw)):
        with pytest.raises(SudokuError, match=rf"algorithm.*{bad!r}|{bad!r}.*algorithm"):
            call(algorithm=bad)


def test_what_the_bits_cannot_do_is_refused():
    big = Sudoku(np.zeros((64, 64), np.uint8))
    with pytest.raises(SudokuError, match="bits.*64 digits"):
        big.solve(algorithm="bits")
    killer = Sudoku.killer("." * 16, "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3")
    assert killer.count(algorithm="bits") == killer.count(algorithm="links") > 0  # the bits keep cages too
    s = Sudoku(FIVE)
    with pytest.raises(SudokuError, match="threads.*bits"):
        s.count(threads=2, algorithm="bits")
    with pytest.raises(SudokuError, match="threads.*bits"):
        list(s.solutions(threads=2, algorithm="bits"))
    assert s.count(threads=2) == 5  # "auto" splits on the links


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def test_the_command_line_gives_the_same_answers_on_every_engine(capsys):
    outputs = {}
    for algorithm in ("auto", "bits", "links"):
        code, out, err = run(capsys, "solve", "--algorithm", algorithm, "--unique", TOP95)
        assert code == 0 and err == ""
        outputs[algorithm] = out
    assert outputs["bits"] == outputs["links"] == outputs["auto"] and len(outputs["bits"].splitlines()) == 95


@pytest.mark.parametrize("argv, flags", [
    (["--count", "--threads", "2"], ["--threads", "--algorithm bits"]),
], ids=["count-threads"])
def test_the_command_line_refuses_what_the_bits_cannot_do(capsys, tmp_path, argv, flags):
    path = tmp_path / "p.txt"
    path.write_text(("." * 16 if "--cages" in argv else TOP1) + "\n")
    code, out, err = run(capsys, "solve", "--algorithm", "bits", *argv, path)
    message = err.strip().splitlines()[-1]  # after the usage lines, which name every flag
    assert code == 2 and out == "" and message.startswith("dlxnumba solve: error: ")
    assert all(f in message for f in flags), message
