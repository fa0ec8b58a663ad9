"""The generator: unique, minimal, symmetric, deterministic puzzles of every box shape.

Every puzzle a test sees is checked with the DLX engine (``Sudoku.count``), or
by brute force (tests/reference.py) on small grids, never with the bit-parallel
engine the generator runs on; that engine's counts (both layouts) are
themselves compared with the DLX engine and with brute force.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dlxnumba import Sudoku, SudokuError, generate, generate_many, load_puzzles
# private: the clue orbits the generator removes clues by, the engine it runs on (no public face)
from dlxnumba.sudoku import bits
from dlxnumba.sudoku.generating import SYMMETRIES, symmetry_orbits
from dlxnumba.sudoku.geometry import geometry
from reference import sudoku_ok, sudoku_solutions_brute
from strategies import examples


def _clues(s: Sudoku) -> np.ndarray:
    return np.flatnonzero(s.givens.reshape(-1))


def assert_unique(s: Sudoku) -> Sudoku:
    """``s`` has exactly one solution (DLX engine), which fits its givens; returns it."""
    assert s.count(2) == 1
    solution = s.solve()
    assert solution is not None and solution.is_complete()
    g = s.grid.reshape(-1)
    assert np.array_equal(solution.grid.reshape(-1)[g != 0], g[g != 0])
    return solution


def assert_minimal(s: Sudoku, orbits=None) -> None:
    """Removing any clue (any orbit of clues) leaves more than one solution (DLX engine)."""
    cells = s.grid.reshape(-1)
    groups = [[c] for c in _clues(s)] if orbits is None else orbits
    for group in groups:
        smaller = cells.copy()
        smaller[list(group)] = 0
        t = Sudoku(smaller, s.box, variant=s.variant)
        assert t.count(2) == 2, f"clues {list(group)} can be removed"


# ------------------------------------------------------------- uniqueness


@pytest.mark.parametrize("seed", [0, 1, 2**64 - 1])
def test_9x9_unique_and_minimal(seed):
    s = generate(seed=seed)
    assert (s.n, s.box) == (9, (3, 3))
    assert_unique(s)
    assert_minimal(s)
    assert 17 <= len(_clues(s)) <= 40


@pytest.mark.parametrize("box", [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (3, 4), (4, 4)])
def test_every_box_shape(box):
    s = generate(box, seed=5)
    assert s.box == box and s.n == box[0] * box[1]
    assert_unique(s)
    assert_minimal(s)


def test_25x25():
    # the full minimal removal is slow on 25x25 (see the README): stop at 400 clues
    s = generate((5, 5), seed=1, minimal=False, clues=(350, 400))
    assert s.n == 25 and 350 <= len(_clues(s)) <= 400
    assert_unique(s)


def test_small_grids_against_brute_force():
    for seed in range(6):
        for box in [(2, 2), (1, 4), (4, 1), (2, 3)]:
            s = generate(box, seed=seed)
            n = s.n
            cells = [int(d) for d in s.grid.reshape(-1)]
            found = sudoku_solutions_brute(cells, n, box, limit=2)
            assert len(found) == 1
            assert sudoku_ok(list(found[0]), cells, n, box)
            for c in _clues(s):
                smaller = list(cells)
                smaller[c] = 0
                assert len(sudoku_solutions_brute(smaller, n, box, limit=2)) == 2


# --------------------------------------------------------------- symmetry


@pytest.mark.parametrize("symmetric", sorted(SYMMETRIES))
@pytest.mark.parametrize("box", [(3, 3), (2, 3)])
def test_symmetry(symmetric, box):
    s = generate(box, seed=3, symmetric=symmetric)
    g = s.givens
    n = s.n
    for f in SYMMETRIES[symmetric]:
        image = np.zeros_like(g)
        for r in range(n):
            for c in range(n):
                image[f(r, c, n - 1)] = g[r, c]
        assert np.array_equal(image, g)
    assert_unique(s)
    # minimal over the orbits: no orbit of clues can go
    ptr, cells = symmetry_orbits(n, symmetric)
    orbits = [cells[ptr[k]:ptr[k + 1]].tolist() for k in range(len(ptr) - 1)]
    clue_orbits = [o for o in orbits if g.reshape(-1)[o[0]]]
    assert all(g.reshape(-1)[o].all() for o in clue_orbits)
    assert_minimal(s, clue_orbits)


def test_symmetric_true_is_central():
    assert generate(seed=9, symmetric=True) == generate(seed=9, symmetric="central")


def test_orbits_partition_the_cells():
    for name in SYMMETRIES:
        ptr, cells = symmetry_orbits(9, name)
        assert sorted(cells.tolist()) == list(range(81))
        assert all(1 <= ptr[k + 1] - ptr[k] <= 8 for k in range(len(ptr) - 1))
    assert len(symmetry_orbits(9, "central")[0]) - 1 == 41  # 40 pairs and the centre


# ------------------------------------------------------------ determinism


def test_same_seed_same_puzzle_and_different_seeds_differ():
    a = [generate(seed=s) for s in range(8)]
    assert a == [generate(seed=s) for s in range(8)]
    assert len(set(a)) == 8
    assert generate((2, 3), seed=1) != generate((3, 2), seed=1)


def test_a_numpy_generator_seeds_as_its_next_draw():
    """seed= takes a numpy Generator, as Zdd.sample does: its next 64-bit draw is the seed."""
    first = int(np.random.default_rng(5).integers(0, 2 ** 64, dtype=np.uint64))
    assert generate(seed=np.random.default_rng(5)) == generate(seed=first)
    rng = np.random.default_rng(5)
    assert generate(seed=rng) != generate(seed=rng)  # (the Generator moved on)


def test_seed_none_draws_fresh_seeds():
    assert len({generate(seed=None) for _ in range(4)}) == 4


def test_batch_independent_of_threads():
    one = generate_many(12, seed=77, threads=1)
    two = generate_many(12, seed=77, threads=2)
    assert one == two
    assert one[0] == generate(seed=77)
    assert len(set(one)) == 12
    for s in one:
        assert_unique(s)
    assert generate_many(0, seed=1) == []


@pytest.mark.parametrize("count", [2**31, 2**63, 10**30])
def test_generate_many_refuses_a_batch_that_cannot_fit(count):
    """Issue 20, finding 12: 2**31 failed in numpy's allocator (162 GiB), 2**63 with an
    IndexError; now a SudokuError naming the count and the way out, before any work."""
    with pytest.raises(SudokuError, match=rf"count={count:,} puzzles would need about .* GiB.*"
                                          r"dlxnumba generate -n N"):
        generate_many(count, seed=1)


# ---------------------------------------------------------------- clues


def test_clue_range_minimal():
    for s in generate_many(5, seed=4, clues=(24, 25), threads=1):
        assert len(_clues(s)) in (24, 25)
        assert_unique(s)
        assert_minimal(s)


def test_not_minimal_stops_in_range():
    s = generate(seed=8, minimal=False, clues=(40, 45))
    assert 40 <= len(_clues(s)) <= 45
    assert_unique(s)
    t = generate(seed=8, minimal=False, clues=range(30, 31), symmetric="central")
    assert len(_clues(t)) == 30  # orbits of two cells (and the centre) still reach 30
    assert_unique(t)


def test_impossible_request_is_an_error_not_a_hang():
    with pytest.raises(SudokuError, match=r"no 9x9 minimal puzzle with 0-16 clues in 20 attempts"):
        generate(seed=1, clues=(0, 16), max_attempts=20)
    with pytest.raises(SudokuError, match="within the timeout of 0.2 s"):
        generate(seed=1, clues=16, timeout=0.2)
    with pytest.raises(SudokuError, match="attempts"):
        generate_many(3, seed=1, clues=(60, 81), max_attempts=5)


# ----------------------------------------------------------- bad arguments


@pytest.mark.parametrize("kwargs, message", [
    (dict(box=(3, 4, 5)), "box must be a pair"),
    (dict(box=(0, 3)), "box must be a pair of positive integers"),
    (dict(box=(True, 3)), "box must be a pair of positive integers"),
    (dict(box=(8, 8)), "up to 63x63"),
    (dict(box=1), "a 1x1 grid has no box shape"),
    (dict(box=(1, 3)), "box 1x3 makes a 3x3 grid; the smallest Sudoku is 4x4"),
    (dict(seed=-1), "seed must be an integer from 0 to 2\\*\\*64 - 1"),
    (dict(seed=2**64), "seed must be"),
    (dict(seed=1.5), "seed must be"),
    (dict(symmetric="spiral"), "symmetric must be False, True \\(central\\) or one of central"),
    (dict(clues=(30, 20)), "clues 30-20 is not a range within 0-81"),
    (dict(clues=(1, 2, 3)), "clues must be a count, a pair"),
    (dict(clues=(1.0, 2)), "clues must be a pair of integers"),
    (dict(clues=range(30, 20)), "non-empty range"),
    (dict(clues=90), "clues 90-90"),
    (dict(minimal=False), "minimal=False needs clues"),
    (dict(minimal="yes"), "minimal must be True or False, not 'yes'"),
    (dict(max_attempts=0), "max_attempts must be None or a positive integer, not 0"),
    (dict(timeout=-1), "timeout must be a non-negative number"),
    (dict(variant="nonsense"), "unknown variant 'nonsense'"),
    (dict(variant="jigsaw"), "needs a region map"),
    (dict(regions="AABB AABB CCDD CCDD", box=(3, 3)), "region map is for a 4x4 grid"),
    (dict(level="hardest"), "level must be one of easy, medium"),
    (dict(level=3), "level must be one of"),
    (dict(level="hard", variant="killer"), "not cages or bans, so it cannot rate variant 'killer'"),
    (dict(level="hard", variant="x+anti-knight"), "cannot rate variant 'x\\+anti-knight'"),
])
def test_bad_arguments_are_named(kwargs, message):
    with pytest.raises(SudokuError, match=message):
        generate(**kwargs)


def test_bad_batch_arguments():
    with pytest.raises(SudokuError, match="count must be a non-negative integer, not -1"):
        generate_many(-1)
    with pytest.raises(SudokuError, match="threads must be a positive integer or None, not 0"):
        generate_many(1, threads=0)
    with pytest.raises(SudokuError, match="seed must be .* not 3"):
        generate_many(1, seed=np.float64(3))


# ------------------------------------------------- the kernels, checked


def test_splitmix64_reference_values():
    # SplitMix64 from state 0: the first outputs of the published algorithm
    from dlxnumba.sudoku.kernels.rng import next_u64

    rng = np.zeros(1, np.uint64)
    assert [int(next_u64(rng)) for _ in range(3)] == [
        0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


def test_below_is_in_range_and_covers_it():
    from dlxnumba.sudoku.kernels.rng import below

    rng = np.array([12345], np.uint64)
    for k in (1, 2, 3, 7, 81, 1000):
        seen = {int(below(rng, k)) for _ in range(40 * k)}
        assert seen == set(range(k))


def _bits_count(cells, box, limit):
    """The bit-parallel engine's count (the band layout for the classic 9x9, the
    cell layout otherwise) and its first solution."""
    g = geometry(box[0] * box[1], box)
    out = np.zeros(g.cells, np.uint8)
    return bits.count(np.asarray(cells, np.uint8), g, limit=limit, out=out), out


@pytest.mark.parametrize("name, box", [("top95", (3, 3)), ("sudoku16", (4, 4)), ("sudoku6-multi", (2, 3))])
def test_bits_engine_agrees_with_dlx(name, box):
    puzzles = [Sudoku(text, box=box) for text in load_puzzles(name)[:6]]
    rng = np.random.default_rng(0)
    for p in puzzles:
        cells = np.array(p.grid.reshape(-1), np.uint8)
        variants = [cells]
        for _ in range(2):  # fewer clues: several solutions
            v = cells.copy()
            v[rng.choice(np.flatnonzero(v), size=3, replace=False)] = 0
            variants.append(v)
        for v in variants:
            want = Sudoku(v, box=box).count(3)
            got, first = _bits_count(v, box, 3)
            assert got == want
            if got:
                assert Sudoku(first, box=box).is_complete()
                assert np.array_equal(first[v != 0], v[v != 0])


@settings(max_examples=examples(60), deadline=None)
@given(st.integers(0, 2**64 - 1), st.integers(0, 16), st.sampled_from([(2, 2), (1, 4), (2, 3)]))
def test_bits_engine_against_brute_force(seed, holes, box):
    # a generated puzzle's solution with random holes (and random clashes)
    n = box[0] * box[1]
    rng = np.random.default_rng(seed)
    solution = generate(box, seed=seed).solve()
    cells = np.array(solution.grid.reshape(-1), np.uint8)
    cells[rng.choice(n * n, size=min(holes + n, n * n), replace=False)] = 0
    if rng.random() < 0.3:
        cells[rng.integers(n * n)] = rng.integers(1, n + 1)
    want = len(sudoku_solutions_brute([int(d) for d in cells], n, box, limit=3))
    got, _ = _bits_count(cells, box, 3)
    assert got == want


#: In a fresh process with an empty cache: the kernels a first 9x9 puzzle
#: compiles (the band layout's generator), then those a first 4x4 compiles
#: (the cell layout's), as numba reports them ("numba:compile" events).
# --------------------------------------------------------------- variants

@pytest.mark.parametrize("variant, box", [("x", (3, 3)), ("windoku", (3, 3)), ("anti-knight", (3, 3)),
                                          ("anti-king", (3, 3)), ("x+anti-king", (3, 3)),
                                          # 9x9 non-consecutive puzzles have 6-8 clues: the
                                          # engine's minimality counts take seconds there
                                          ("non-consecutive", (2, 3))])
def test_variants_unique_and_minimal(variant, box):
    s = generate(box, seed=2, variant=variant)
    assert str(s.variant) == variant and s.box == box
    assert_unique(s)  # the DLX engine under the variant's rules
    assert_minimal(s)
    assert s == generate(box, seed=2, variant=variant)


def test_variant_on_small_grid_against_brute_force():
    # 4x4 X-Sudoku: a brute-force count with the diagonals as extra units
    from reference import sudoku_units

    for seed in range(5):
        s = generate((2, 2), seed=seed, variant="x")
        cells = [int(d) for d in s.grid.reshape(-1)]
        units = sudoku_units(4, (2, 2)) + [[0, 5, 10, 15], [3, 6, 9, 12]]
        sols = [sol for sol in sudoku_solutions_brute(cells, 4, (2, 2))
                if all(sorted(sol[k] for k in u) == [1, 2, 3, 4] for u in units)]
        assert len(sols) == 1


def test_jigsaw():
    # the boxes, with corner cells traded between diagonal neighbours
    labels = [["ABCDEFGHI"[(r // 3) * 3 + c // 3] for c in range(9)] for r in range(9)]
    for (r1, c1), (r2, c2) in [((2, 2), (3, 3)), ((5, 5), (6, 6))]:
        labels[r1][c1], labels[r2][c2] = labels[r2][c2], labels[r1][c1]
    regions = " ".join("".join(row) for row in labels)
    s = generate(seed=4, regions=regions)
    assert s.variant.region_map is not None and s.n == 9
    assert_unique(s)
    assert_minimal(s)


def test_geometry_without_solution_is_an_error():
    # the boxes with two cells of one row traded: no grid fits (those two cells
    # would need the same digit); the fill search gives up within its budget, and
    # the exact search that would settle it does not end within FILL_CHECK_SECONDS
    labels = [["ABCDEFGHI"[(r // 3) * 3 + c // 3] for c in range(9)] for r in range(9)]
    labels[2][2], labels[2][3] = labels[2][3], labels[2][2]
    with pytest.raises(SudokuError, match="no full 9x9 grid with the rules of jigsaw was found within the search "
                                          "budget"):
        generate(seed=1, regions=" ".join("".join(row) for row in labels))


def test_level():
    from dlxnumba import grade

    for level in ("easy", "hard"):
        for s in generate_many(2, seed=21, level=level, threads=1):
            assert grade(s).level == level
            assert_unique(s)
    both = generate_many(3, seed=5, level=("medium", "hard"), threads=2)
    assert both == generate_many(3, seed=5, level=("medium", "hard"), threads=1)
    assert all(grade(s).level in ("medium", "hard") for s in both)
    with pytest.raises(SudokuError, match="no 9x9 minimal beyond puzzle with 0-81 clues in 3 attempts"):
        generate(seed=3, level="beyond", max_attempts=3)


@pytest.mark.parametrize("variant", ["x", "windoku"])
def test_level_of_variants(variant):
    """A level asked with a variant: the puzzle keeps the variant, is unique under
    it (DLX engine) and the grader, given the variant, rates it at that level."""
    from dlxnumba import grade

    for level in ("easy", "medium"):
        s = generate(seed=4, level=level, variant=variant)
        assert s.variant == variant and s.count(2) == 1
        assert grade(s).level == level and Sudoku(str(s), variant=variant) == s


def test_timeout_stops_a_long_generation():
    # a minimal 25x25 takes minutes: the timeout reaches into the clue removal
    with pytest.raises(SudokuError, match=r"no 25x25 minimal puzzle with 0-625 clues within the timeout of 0.5 s"):
        generate((5, 5), seed=1, timeout=0.5)
    with pytest.raises(SudokuError, match="within the timeout"):
        generate_many(3, box=(4, 4), seed=1, timeout=0.01, threads=2)


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**64 - 1), box=st.sampled_from([(2, 2), (1, 4), (4, 1), (2, 3), (3, 2)]),
       symmetric=st.sampled_from([False, *SYMMETRIES]),
       variant=st.sampled_from([None, "x", "anti-king", "non-consecutive"]))
def test_fuzz_small_grids(seed, box, symmetric, variant):
    """Any seed, shape, symmetry and variant: unique under the variant's rules (DLX
    engine), minimal over the symmetry's orbits, the same again for the same seed."""
    from dlxnumba.sudoku.variants import Variant

    n = box[0] * box[1]
    if variant == "non-consecutive" and n == 4:
        variant = "anti-king"  # (a 4x4 non-consecutive grid hardly fits: keep the draw useful)
    try:
        s = generate(box, seed=seed, symmetric=symmetric, variant=variant)
    except SudokuError as e:  # a variant with no grid of this shape: said so, never a hang
        assert "no full" in str(e) and variant is not None
        return
    assert s.variant == Variant.parse(variant)
    assert_unique(s)
    ptr, cells = symmetry_orbits(n, symmetric or None)
    orbits = [cells[ptr[k]:ptr[k + 1]].tolist() for k in range(len(ptr) - 1)]
    g = s.givens.reshape(-1)
    clue_orbits = [o for o in orbits if g[o[0]]]
    assert all(g[o].all() == g[o].any() for o in orbits)
    assert_minimal(s, clue_orbits)
    assert s == generate(box, seed=seed, symmetric=symmetric, variant=variant)


# ---------------------------------------------------------------------------
# Killers: cages drawn over a random grid, givens only where the cages need them
# ---------------------------------------------------------------------------


def _killer_checked(s: Sudoku, kinds=()) -> None:
    """Unique and minimal by the brute-force oracle; cages connected, covering
    the grid, distinct digits adding up to their sums in the one solution."""
    from reference import killer_ok, killer_solutions_brute

    n, box = s.n, s.box
    cages = [(int(t), list(cells)) for t, cells in s.variant.cages]
    puzzle = [int(v) for v in s.grid.reshape(-1)]
    found = killer_solutions_brute(puzzle, n, box, cages, kinds, limit=2)
    assert len(found) == 1
    assert killer_ok(list(found[0]), puzzle, n, box, cages, kinds)
    assert sorted(c for _, cells in cages for c in cells) == list(range(n * n))
    for _, cells in cages:  # connected, left-right-up-down
        todo, seen = [cells[0]], {cells[0]}
        while todo:
            c = todo.pop()
            for m in (c - n, c + n, c - 1 if c % n else -1, c + 1 if (c + 1) % n else -1):
                if m in cells and m not in seen:
                    seen.add(m)
                    todo.append(m)
        assert seen == set(cells)
    for c in np.flatnonzero(s.grid.reshape(-1)).tolist():  # minimal: each given is needed
        fewer = list(puzzle)
        fewer[c] = 0
        assert len(killer_solutions_brute(fewer, n, box, cages, kinds, limit=2)) == 2


@pytest.mark.parametrize("box, seed", [((2, 2), 1), ((2, 2), 2), ((2, 3), 3), ((3, 2), 4)])
def test_killers_are_unique_and_minimal(box, seed):
    s = generate(box, seed=seed, variant="killer")
    assert s.variant.kinds == ("killer",) and s.count(3) == 1
    _killer_checked(s)
    assert s == generate(box, seed=seed, variant="killer")  # the same seed, the same puzzle and cages
    assert s.variant.cages == generate(box, seed=seed, variant="killer").variant.cages


def test_killers_with_other_kinds_symmetry_and_threads():
    s = generate((2, 3), seed=5, variant="anti-king+killer", symmetric="central")
    assert set(s.variant.kinds) == {"anti-king", "killer"}
    _killer_checked(s, ("anti-king",))
    g = s.givens
    assert bool((g == g[::-1, ::-1]).all())
    many = generate_many(4, box=(2, 2), seed=9, variant="killer", threads=2)
    assert many == generate_many(4, box=(2, 2), seed=9, variant="killer", threads=1)
    assert [t.variant.cages for t in many] == [t.variant.cages for t in
                                               generate_many(4, box=(2, 2), seed=9, variant="killer", threads=1)]
    assert many[0] == generate((2, 2), seed=9, variant="killer") and len(set(many)) == 4
    for t in many:
        _killer_checked(t)


def test_a_9x9_x_killer():
    s = generate(seed=3, variant="x+killer")
    assert s.n == 9 and s.count(2) == 1 and s.variant.cages is not None
    from dlxnumba import is_solution

    assert is_solution(s.solve()) and s.variant.is_solution(s.solve(), s)


def test_killer_requests_refused():
    with pytest.raises(SudokuError, match="draws a killer's cages itself"):
        generate(4, variant=Sudoku.killer("." * 16, "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3").variant)
    with pytest.raises(SudokuError, match="cannot rate variant 'killer'"):
        generate(seed=1, variant="killer", level="easy")
    with pytest.raises(SudokuError, match="unknown variant 'killr'"):
        generate(seed=1, variant="killr")
