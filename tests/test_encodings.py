"""Tests of dlxnumba.encodings: known counts, and every decoded solution of
small instances checked against the rules of its puzzle, by verifiers written
here independently of the encoders."""

import itertools

import pytest

import dlxnumba
from dlxnumba import last_stats, Status
from dlxnumba import ExactCover
from dlxnumba.encodings import (PENTOMINOES, EncodingError, langford, langford_sequence,
                                pentomino_grid, pentomino_picture, pentominoes, queens,
                                queens_columns)

# ---------------------------------------------------------------------------
# Independent verifiers
# ---------------------------------------------------------------------------


def queens_ok(cols):
    """True when ``cols[row]`` places n mutually non-attacking queens."""
    n = len(cols)
    if sorted(cols) != list(range(n)):
        return False
    for r1, r2 in itertools.combinations(range(n), 2):
        if abs(cols[r1] - cols[r2]) == r2 - r1:
            return False
    return True


def langford_ok(seq):
    """True when ``seq`` is a Langford sequence of 1..n (n = len(seq) / 2)."""
    n = len(seq) // 2
    if len(seq) != 2 * n or sorted(seq) != sorted(list(range(1, n + 1)) * 2):
        return False
    for k in range(1, n + 1):
        a, b = [i for i, x in enumerate(seq) if x == k]
        if b - a != k + 1:
            return False
    return True


# The pentominoes drawn again, here in another orientation than the module's.
SHAPES = {
    "F": ["##.", ".##", ".#."],
    "I": ["#", "#", "#", "#", "#"],
    "L": ["#.", "#.", "#.", "##"],
    "N": [".#", "##", "#.", "#."],
    "P": ["##", "##", ".#"],
    "T": ["#..", "###", "#.."],
    "U": ["##", "#.", "##"],
    "V": ["###", "..#", "..#"],
    "W": [".##", "##.", "#.."],
    "X": [".#.", "###", ".#."],
    "Y": [".#", "##", ".#", ".#"],
    "Z": [".##", ".#.", "##."],
}


def _norm(cells):
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return frozenset((r - r0, c - c0) for r, c in cells)


def _all_orientations(cells):
    out = set()
    for _ in range(4):
        cells = [(c, -r) for r, c in cells]  # quarter turn
        out.add(_norm(cells))
        out.add(_norm([(r, -c) for r, c in cells]))  # and its mirror image
    return out


CONGRUENT = {p: _all_orientations([(r, c) for r, line in enumerate(rows)
                                   for c, ch in enumerate(line) if ch == "#"])
             for p, rows in SHAPES.items()}


def pentomino_ok(grid, height, width, letters):
    """True when ``grid`` tiles the board with the pieces ``letters``, each once."""
    if len(grid) != height or any(len(row) != width for row in grid):
        return False
    cells = {}
    for r, row in enumerate(grid):
        for c, ch in enumerate(row):
            cells.setdefault(ch, []).append((r, c))
    if set(cells) != set(letters):
        return False
    return all(_norm(cs) in CONGRUENT[p] for p, cs in cells.items())


def board_images(picture, square):
    """The images of a picture (tuple of row strings) under the board's symmetries."""
    rows = [list(r) for r in picture]
    flips = [rows, rows[::-1], [r[::-1] for r in rows], [r[::-1] for r in rows[::-1]]]
    if square:
        flips += [[list(col) for col in zip(*g)] for g in flips]  # transposes
    return {tuple("".join(r) for r in g) for g in flips}


# ---------------------------------------------------------------------------
# n queens
# ---------------------------------------------------------------------------

QUEENS = {1: 1, 2: 0, 3: 0, 4: 2, 5: 10, 6: 4, 7: 40, 8: 92, 9: 352, 10: 724}


@pytest.mark.parametrize("n", sorted(QUEENS))
def test_queens_counts(n):
    problem, key = queens(n)
    assert problem.count() == QUEENS[n]
    assert last_stats().status == Status.COMPLETE


@pytest.mark.slow
@pytest.mark.parametrize("n, expected", [(11, 2680), (12, 14200)])
def test_queens_counts_big(n, expected):
    assert queens(n)[0].count() == expected


@pytest.mark.parametrize("n", [1, 4, 5, 6, 8])
def test_queens_every_solution(n):
    problem, key = queens(n)
    seen = set()
    for sol in problem.solutions():
        cols = queens_columns(sol, key)
        assert queens_ok(cols), cols
        assert sorted(key[j] for j in sol) == [(r, c) for r, c in enumerate(cols)]
        seen.add(tuple(cols))
    assert len(seen) == QUEENS[n]
    # the same solutions without the organ-pipe order
    plain, key2 = queens(n, organ_pipe=False)
    assert {tuple(queens_columns(s, key2)) for s in plain.solutions()} == seen


def test_queens_structure():
    n = 8
    problem, key = queens(n)
    assert problem.n_primary == 2 * n
    assert problem.n_items == 2 * n + 2 * (2 * n - 1)
    assert problem.n_options == len(key) == n * n
    assert problem.primary[:4] == ["r3", "c3", "r4", "c4"]  # organ pipe
    assert queens(n, organ_pipe=False)[0].primary[:4] == ["r0", "c0", "r1", "c1"]
    assert set(problem.secondary) == {f"a{s}" for s in range(2 * n - 1)} | {
        f"b{d}" for d in range(2 * n - 1)}
    for j, (i, c) in enumerate(key):
        assert key[j] == divmod(j, n)
        assert problem.option_names(j) == (f"r{i}", f"c{c}", f"a{i + c}", f"b{i - c + n - 1}")


def test_queens_organ_pipe_is_faster():
    fast, _ = queens(10)
    slow, _ = queens(10, organ_pipe=False)
    assert fast.count() == 724
    fast_updates = last_stats().updates
    assert slow.count() == 724
    assert fast_updates < last_stats().updates


# ---------------------------------------------------------------------------
# Langford pairs
# ---------------------------------------------------------------------------

LANGFORD = {1: 0, 2: 0, 3: 2, 4: 2, 5: 0, 6: 0, 7: 52}


@pytest.mark.parametrize("n", sorted(LANGFORD))
def test_langford_counts(n):
    assert langford(n)[0].count() == LANGFORD[n]
    assert langford(n, break_symmetry=True)[0].count() == LANGFORD[n] // 2


@pytest.mark.slow
def test_langford_8():
    assert langford(8)[0].count() == 300
    assert langford(8, break_symmetry=True)[0].count() == 150


@pytest.mark.parametrize("n", [3, 4, 7, 8])
def test_langford_every_solution_and_symmetry(n):
    problem, key = langford(n)
    full = set()
    for sol in problem.solutions():
        seq = langford_sequence(sol, key)
        assert langford_ok(seq), seq
        full.add(tuple(seq))
    half_problem, half_key = langford(n, break_symmetry=True)
    half = {tuple(langford_sequence(s, half_key)) for s in half_problem.solutions()}
    assert all(langford_ok(list(s)) for s in half)
    # exactly one of each pair {sequence, its reverse}
    assert half.isdisjoint({s[::-1] for s in half})
    assert half | {s[::-1] for s in half} == full
    assert 2 * len(half) == len(full)


def test_langford_structure():
    n = 5
    problem, key = langford(n)
    assert problem.n_primary == problem.n_items == 3 * n
    assert problem.primary == [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(2 * n)]
    assert len(key) == problem.n_options == sum(2 * n - k - 1 for k in range(1, n + 1))
    for j, (k, a, b) in enumerate(key):
        assert b == a + k + 1 and 0 <= a and b < 2 * n
        assert problem.option_names(j) == (str(k), f"s{a}", f"s{b}")


# ---------------------------------------------------------------------------
# Pentominoes
# ---------------------------------------------------------------------------


def test_pentomino_shapes_match_independent_drawings():
    for p, rows in PENTOMINOES.items():
        cells = [(r, c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#"]
        assert len(cells) == 5
        assert _norm(cells) in CONGRUENT[p]
    sizes = {p: len(CONGRUENT[p]) for p in CONGRUENT}
    assert sizes == dict(F=8, I=2, L=8, N=8, P=8, T=4, U=4, V=4, W=4, X=1, Y=8, Z=4)


def _placements(height, width, letters):
    return sum(max(0, height - max(r for r, _ in o)) * max(0, width - max(c for _, c in o))
               for p in letters for o in CONGRUENT[p])


def test_pentomino_structure():
    problem, key = pentominoes(6, 10)
    letters = "FILNPTUVWXYZ"
    assert problem.primary == list(letters) + [f"r{r}c{c}" for r in range(6) for c in range(10)]
    assert problem.secondary == []
    assert problem.n_options == len(key) == _placements(6, 10, letters) == 2056
    for j, (p, cells) in enumerate(key):
        assert _norm(cells) in CONGRUENT[p]
        assert list(cells) == sorted(cells)
        assert problem.option_names(j) == (p, *(f"r{r}c{c}" for r, c in cells))


def _pictures(height, width, break_symmetry, pieces=None):
    problem, key = pentominoes(height, width, break_symmetry, pieces)
    letters = pieces or "FILNPTUVWXYZ"
    out = []
    for sol in problem.solutions():
        grid = pentomino_grid(sol, key)
        assert pentomino_ok(grid, height, width, letters), pentomino_picture(sol, key)
        picture = tuple("".join(row) for row in grid)
        assert "\n".join(picture) == pentomino_picture(sol, key)
        out.append(picture)
    assert len(set(out)) == len(out)
    return out


def _check_classes(height, width, pieces=None):
    """Symmetry breaking keeps exactly one tiling of each class."""
    full = _pictures(height, width, False, pieces)
    kept = _pictures(height, width, True, pieces)
    square = height == width
    group = 8 if square else 4
    assert len(kept) * group == len(full)
    orbits = [board_images(p, square) for p in kept]
    assert all(len(o) == group for o in orbits)  # the group acts freely
    union = set().union(*orbits) if orbits else set()
    assert union == set(full)
    return len(full), len(kept)


@pytest.mark.parametrize("height, width, full, kept", [(3, 20, 8, 2), (20, 3, 8, 2)])
def test_pentominoes_3x20(height, width, full, kept):
    assert _check_classes(height, width) == (full, kept)


@pytest.mark.slow
@pytest.mark.parametrize("height, width, full, kept", [
    (5, 12, 4040, 1010),
    (4, 15, 1472, 368),
])
def test_pentomino_rectangles(height, width, full, kept):
    """Every tiling is checked, and the kept ones times 4 are exactly all."""
    assert _check_classes(height, width) == (full, kept)


@pytest.mark.slow
def test_pentominoes_6x10_count():
    """The 6x10 box: 2339 tilings up to symmetry (that the symmetry breaking keeps one
    tiling of each class is checked on the 5x12 and 4x15 boxes above, in a fraction
    of the 26 s the 6x10's 9356 tilings took)."""
    assert pentominoes(6, 10, True)[0].count() == 2339


def _x_centres(height, width, pieces):
    problem, key = pentominoes(height, width, True, pieces)
    return {sorted(cells)[2] for sol in problem.solutions()
            for p, cells in (key[j] for j in sol) if p == "X"}


@pytest.mark.parametrize("height, width, pieces, centre", [
    (3, 5, "PUV", None),            # X absent: P is the anchor
    (3, 5, "FPU", None),
    (5, 5, "FLPUX", (1, 2)),        # square board, 8 symmetries; X on the middle column
    (5, 5, "LPTUX", (1, 2)),
    (5, 7, "FINPUVX", (2, 3)),      # X at the centre of the board, fixed by h, v and o
    (5, 7, "FILPUXY", (2, 2)),      # X on the middle row (and elsewhere in others)
    (5, 6, "FILPUX", (2, 2)),       # X on the middle row
    (6, 5, "FILPUX", (2, 2)),       # X on the middle column
    (3, 10, "INPUXY", (1, 2)),
])
def test_symmetry_breaking_small_boards(height, width, pieces, centre):
    full, kept = _check_classes(height, width, pieces)
    assert kept > 0
    if centre is not None:  # the case that needs the fix_ markers occurs
        assert centre in _x_centres(height, width, pieces)


@pytest.mark.slow
def test_symmetry_breaking_exhaustive_small():
    """count(broken) * |G| == count(full) for every subset of 3 pieces on 3x5,
    and of 5 pieces with X on 5x5 (X is the anchor there)."""
    checked = 0
    for height, width, k in [(3, 5, 3), (5, 5, 5)]:
        for combo in itertools.combinations("FILNPTUVWXYZ", k):
            if not set(combo) & set("FLNPY") or (k == 5 and "X" not in combo):
                continue
            full = pentominoes(height, width, False, combo)[0].count()
            kept = pentominoes(height, width, True, combo)[0].count()
            assert kept * (8 if height == width else 4) == full, combo
            checked += full > 0
    assert checked == 9  # 7 on 3x5, 2 on 5x5 (FLPUX, LPTUX)


def test_symmetry_markers():
    p, _ = pentominoes(3, 20, True)
    assert p.secondary == ["fix_h"]
    p, _ = pentominoes(4, 15, True)
    assert p.secondary == ["fix_v"]
    p, _ = pentominoes(6, 10, True)
    assert p.secondary == []  # no mirror axis goes through a cell centre
    p, _ = pentominoes(5, 7, True, "FILPTUX")
    assert "fix_hov" in p.secondary
    p, _ = pentominoes(5, 5, True, "FLPUX")
    assert "fix_adhoqvw" in p.secondary


# ---------------------------------------------------------------------------
# The engine's options: stop_at, DLX text, solutions vs count
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("build", [
    lambda: queens(8),
    lambda: queens(7, organ_pipe=False),
    lambda: langford(7),
    lambda: langford(8, break_symmetry=True),
    lambda: pentominoes(3, 20),
    lambda: pentominoes(3, 20, break_symmetry=True),
    lambda: pentominoes(5, 7, True, "FILPTUX"),
])
def test_stop_at_agrees(build):
    problem, _ = build()
    a = problem.count(stop_at=0)
    b = problem.count(stop_at=1)
    assert a == b == len(list(problem.solutions(stop_at=0)))


@pytest.mark.parametrize("problem", [
    langford(4, break_symmetry=True)[0],
    queens(6)[0],
    pentominoes(3, 20, break_symmetry=True)[0],
])
def test_dlx_round_trip(problem):
    again = ExactCover.from_dlx(problem.to_dlx())
    assert again.item_names == problem.item_names
    assert again.n_primary == problem.n_primary
    assert again.options == problem.options
    assert again.count() == problem.count()


def test_public_names():
    for name in ["EncodingError", "queens", "queens_columns", "langford", "langford_sequence",
                 "pentominoes", "pentomino_grid", "pentomino_picture"]:
        assert name in dlxnumba.__all__
        assert getattr(dlxnumba, name) is getattr(dlxnumba.encodings, name)


# ---------------------------------------------------------------------------
# Bad arguments
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("call, message", [
    (lambda: queens(0), "n must be a positive integer, not 0"),
    (lambda: queens(-3), "not -3"),
    (lambda: queens(2.5), "not 2.5"),
    (lambda: queens(True), "not True"),
    (lambda: queens("8"), "not '8'"),
    (lambda: langford(0), "n must be a positive integer"),
    (lambda: langford(None), "not None"),
    (lambda: langford(4, break_symmetry="yes"), "break_symmetry must be True or False"),
    (lambda: pentominoes(0, 10), "height must be a positive integer"),
    (lambda: pentominoes(6, 10.0), "width must be a positive integer"),
    (lambda: pentominoes(6, 11), "area 66, but the 12 pentominoes cover 60"),
    (lambda: pentominoes(8, 8), "area 64, but the 12 pentominoes cover 60"),
    (lambda: pentominoes(3, 5, pieces="PQU"), "unknown pentomino 'Q'"),
    (lambda: pentominoes(3, 5, pieces="puv"), "unknown pentomino 'p'"),
    (lambda: pentominoes(3, 5, pieces=["P", "U", 7]), "unknown pentomino 7"),
    (lambda: pentominoes(2, 5, pieces="PP"), "'P' is listed twice"),
    (lambda: pentominoes(2, 5, pieces=""), "names no pentomino"),
    (lambda: pentominoes(2, 5, pieces=5), "pieces must be a string or an iterable"),
    (lambda: pentominoes(1, 10, True, pieces="IX"), "break_symmetry needs a pentomino without symmetry"),
    (lambda: pentominoes(3, 5, "yes", pieces="PUV"), "break_symmetry must be True or False"),
])
def test_bad_arguments(call, message):
    with pytest.raises(ValueError, match=message.replace("(", r"\(")) as info:
        call()
    assert isinstance(info.value, EncodingError)


def test_empty_option_lists():
    """Instances with no options at all still work (the count is 0)."""
    problem, key = langford(1)
    assert problem.n_options == 0 and key == []
    assert problem.count() == 0 and problem.solve() is None
    problem, key = pentominoes(1, 5, pieces="X")
    assert problem.n_options == 0
    assert problem.count() == 0
    problem, key = pentominoes(1, 10, pieces="IL")  # L does not fit in one row
    assert {p for p, _ in key} == {"I"}
    assert problem.count() == 0


def test_decoders():
    problem, key = queens(1)
    assert queens_columns(problem.solve(), key) == [0]
    assert pentomino_grid([], []) == []
    problem, key = pentominoes(1, 5, pieces="I")
    sol = problem.solve()
    assert pentomino_picture(sol, key) == "IIIII"
    assert [key[j] for j in sol] == [("I", ((0, 0), (0, 1), (0, 2), (0, 3), (0, 4)))]


# ---------------------------------------------------------------------------
# Decoders refuse what is not a solution, naming the fault
# ---------------------------------------------------------------------------

Q4, Q4_KEY = queens(4)  # option 4 * row + column
L4, L4_KEY = langford(4)
P3, P3_KEY = pentominoes(3, 5, pieces="FPU")


def option_of(key, wanted):
    return key.index(wanted)


@pytest.mark.parametrize("solution, message", [
    ([1, 7, 8, 99], r"solution holds option 99, but the key has 16 options \(0 to 15\)"),
    ([1, 7, -1, 14], "solution holds option -1"),
    ([1, 7, 8.0, 14], "solution holds 8.0, not an option number"),
    ([1, 7, True, 14], "solution holds True, not an option number"),
    (None, "solution must be a list of option numbers, not None"),
    ("1 7", "solution must be a list of option numbers, not '1 7'"),
    ([0, 1], "options 0 and 1 both put a queen in row 0"),  # was [1, -1]
    ([1, 5], "options 1 and 5 both put a queen in column 1"),
    ([1, 4, 6], r"options 1 and 4 both put a queen on the diagonal row \+ column = 1"),
    ([0, 5], "options 0 and 5 both put a queen on the diagonal row - column = 0"),
    ([1, 7, 8], "no queen in row 3: a solution of queens.4. has 4 options, this one 3"),
])
def test_queens_columns_refuses_a_non_solution(solution, message):
    """A bad solution gave IndexError (option 99) or nonsense ([1, -1])."""
    assert queens_columns([1, 7, 8, 14], Q4_KEY) == [1, 3, 0, 2]  # a solution
    with pytest.raises(EncodingError, match=message):
        queens_columns(solution, Q4_KEY)


def test_queens_columns_refuses_a_key_of_another_encoding():
    with pytest.raises(EncodingError, match="not a key of queens"):
        queens_columns([0], L4_KEY)
    with pytest.raises(EncodingError, match="key must be the key that queens.. returned, not None"):
        queens_columns([0], None)


def test_langford_sequence_refuses_a_non_solution():
    """A bad solution gave IndexError or nonsense ([1, 1, 1, 1])."""
    good = L4.solve()
    assert langford_sequence(good, L4_KEY) == [4, 1, 3, 1, 2, 4, 3, 2]
    one_a, one_b = option_of(L4_KEY, (1, 0, 2)), option_of(L4_KEY, (1, 1, 3))
    two = option_of(L4_KEY, (2, 2, 5))
    cases = [
        ([len(L4_KEY)], f"solution holds option {len(L4_KEY)}, but the key has {len(L4_KEY)} options"),
        ([one_a, one_b], f"options {one_a} and {one_b} both place the number 1"),
        ([one_a, two], f"options {one_a} and {two} both fill slot 2"),
        (good[:3], "the number [1-4] is not placed: a solution of langford.4. has 4 options, this one 3"),
    ]
    for solution, message in cases:
        with pytest.raises(EncodingError, match=message):
            langford_sequence(solution, L4_KEY)


def test_pentomino_grid_refuses_a_non_solution():
    """Overlapping pieces were drawn over each other; an index past the key gave IndexError."""
    good = P3.solve()
    assert pentomino_picture(good, P3_KEY) == "PPFUU\nPPFFU\nPFFUU"
    assert sum(ch.isalpha() for ch in pentomino_picture(good[:2], P3_KEY)) == 10  # a partial tiling
    f0 = next(j for j, (p, _) in enumerate(P3_KEY) if p == "F")
    f1 = next(j for j, (p, _) in enumerate(P3_KEY) if p == "F" and j != f0)
    u = next(j for j, (p, cells) in enumerate(P3_KEY) if p == "U" and set(cells) & set(P3_KEY[f0][1]))
    cell = min(set(P3_KEY[u][1]) & set(P3_KEY[f0][1]))
    cases = [
        ([f0, f1], f"options {f0} and {f1} both place the piece 'F'"),
        ([f0, u], f"options {f0} and {u} both cover the cell in row {cell[0]}, column {cell[1]}"),
        ([10 ** 6], "solution holds option 1000000"),
        ([f0, "U"], "solution holds 'U', not an option number"),
    ]
    for solution, message in cases:
        with pytest.raises(EncodingError, match=message):
            pentomino_grid(solution, P3_KEY)
        with pytest.raises(EncodingError, match=message):
            pentomino_picture(solution, P3_KEY)


@pytest.mark.parametrize("call, message", [
    (lambda: queens(10 ** 5), r"queens\(100000\) is too large: its 10,000,000,000 options"),
    (lambda: queens(2 ** 70), "is too large"),
    (lambda: langford(10 ** 5), r"langford\(100000\) is too large"),
    (lambda: langford(2 ** 70, break_symmetry=True), "is too large"),
])
def test_an_instance_too_large_for_the_engine_is_refused_before_it_is_built(call, message):
    """queens(2**70) raised OverflowError, queens(10**5) MemoryError (74.5 GiB), and
    langford(2**70) grew until the system killed the process."""
    with pytest.raises(EncodingError, match=message + ".*do not fit the engine's int32 links"):
        call()


@pytest.mark.parametrize("decoder", [queens_columns, langford_sequence, pentomino_grid])
@pytest.mark.parametrize("key", [[1], [None], [(1, 2)], ["ab"]])
def test_decoders_refuse_a_key_of_something_else(decoder, key):
    """A malformed key gave TypeError: cannot unpack non-iterable int object."""
    with pytest.raises(EncodingError, match="key"):
        decoder([0], key)


@pytest.mark.parametrize("encode, decode, args", [
    (lambda: dlxnumba.queens(1), dlxnumba.queens_columns, ()),
    (lambda: dlxnumba.langford(3), dlxnumba.langford_sequence, ()),
    (lambda: dlxnumba.pentominoes(6, 10), dlxnumba.pentomino_grid, ()),
])
def test_decoders_refuse_an_option_listed_twice(encode, decode, args):
    """queens_columns([0, 0]) of queens(1) answered [0]: one queen counted twice."""
    problem, key = encode()
    first = problem.solve()
    with pytest.raises(EncodingError, match=f"option {first[0]} twice"):
        decode(first + [first[0]], key)
