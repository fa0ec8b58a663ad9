"""Killer Sudoku (dlxnumba.sudoku.killer): cages with sums, on the colored engine.

Every answer is checked by the oracles of ``tests/reference.py``
(:func:`killer_ok`, an independent checker of rows, columns, boxes and cage
sums, and :func:`killer_solutions_brute`, plain backtracking): random 4x4
killers against the brute force in both encodings of a cage, two published
9x9 puzzles with their published solutions, and bad input.
"""

import pickle

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlxnumba import Status, Sudoku, SudokuError, solve_many
from dlxnumba.sudoku import killer, variants
from dlxnumba.sudoku.killer import Cages
from dlxnumba.sudoku.variants import Variant, to_text
from reference import killer_ok, killer_solutions_brute, sudoku_solutions_brute
from strategies import examples

# ---------------------------------------------------------------------------
# Two published puzzles (no givens, cages only), transcribed into cage maps.
# ---------------------------------------------------------------------------

# UK Sudoku Championship 2022 booklet, the 9x9 killer
# (https://ukpuzzles.org/file_download.php?fileid=247), as transcribed with its
# solution in the tests of the sudoku-solver project (github.com/lisudoku).
UK_2022 = ("AABBCDDEE AAFGCHIEE JFFGCHIIK JGGGLHHHK MMMLLLNNN OPPPLQQQR OSSPTQUUR VVSPTQUWW VVXXTYYWW "
           "A=20 B=9 C=17 D=9 E=20 F=22 G=16 H=27 I=18 J=8 K=11 L=15 M=12 N=22 O=8 P=30 Q=17 R=11 S=11 "
           "T=19 U=16 V=24 W=17 X=16 Y=10")
UK_2022_SOLUTION = "632798154478165392195324786724639815813452679569817243346571928981243567257986431"

# The example puzzle of https://www.killersudokuonline.com/tips.html (same transcription).
TIPS = ("AABBBCCCD EFGHIJJJD EFGHIKKKL MMGHNOOOL PPPNNNQQQ RSSSNTUVV RWWWXTUYZ abbbXTUYZ acccdddee "
        "A=6 B=18 C=14 D=16 E=17 F=6 G=17 H=16 I=4 J=12 K=16 L=9 M=4 N=21 O=23 P=15 Q=16 R=9 S=24 T=9 "
        "U=14 V=6 W=7 X=17 Y=12 Z=14 a=12 b=11 c=23 d=13 e=4")
TIPS_SOLUTION = "423968517856417329917532684134726895285149763679853142341285976762391458598674231"

SMALL = "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3"


def plain_cages(cages: Cages) -> list[tuple[int, list[int]]]:
    """The cages as the oracles take them."""
    return [(total, list(where)) for total, where in cages]


def digits(s: Sudoku) -> list[int]:
    return s.grid.reshape(-1).tolist()


@pytest.fixture
def form(request):
    """Force every cage into one encoding ("colors", "sets") or keep the default mix."""
    old = killer.MAX_ASSIGNMENTS
    killer.MAX_ASSIGNMENTS = {"colors": 10 ** 9, "sets": 0, "mixed": old}[request.param]
    variants.cached_problem.cache_clear()
    yield request.param
    killer.MAX_ASSIGNMENTS = old
    variants.cached_problem.cache_clear()


@pytest.mark.parametrize("cages, published", [(UK_2022, UK_2022_SOLUTION), (TIPS, TIPS_SOLUTION)],
                         ids=["uk-2022", "killersudokuonline-tips"])
def test_published_puzzles(cages, published):
    s = Sudoku.killer("." * 81, cages)
    c = plain_cages(s.variant.cages)
    assert sorted(cell for _, where in c for cell in where) == list(range(81))  # every cell in a cage
    t = s.solve()
    assert t is not None and killer_ok(digits(t), [0] * 81, 9, (3, 3), c)
    assert str(t) == published
    assert s.is_unique()
    assert t.variant == s.variant and t.variant.cages.text().startswith(cages[:9])


@pytest.mark.parametrize("form", ["colors", "sets"], indirect=True)
def test_published_puzzle_in_each_form(form):
    """Both encodings of a cage give the same, unique answer (the colors form
    only with a budget: it is the slow one)."""
    s = Sudoku.killer("." * 81, TIPS)
    p, _, _ = s.to_problem()
    assert p.has_colors == (form == "colors")
    assert s.count(max_nodes=2_000_000) == 1
    assert str(s.solve()) == TIPS_SOLUTION


def test_the_encoding():
    """Cage items are primary, caged cells of colors-form cages secondary and
    colored by digit; options past n**3 are the cages'."""
    s = Sudoku.killer("." * 16, SMALL)
    p, key, given = s.to_problem()
    cages = s.variant.cages
    assert p.n_primary == 64 + len(cages) and p.has_colors
    names = p.item_names
    # cage A = r1c1 + r1c2 = 3: colors form, two assignments
    a = names.index("cageA")
    opts = [j for j in range(p.n_options) if a in p.option(j)]
    assert all(j >= 64 for j in opts)
    assert sorted(tuple(sorted(p.colors_of([j]).items())) for j in opts) == [
        (("r1c1", "1"), ("r1c2", "2")), (("r1c1", "2"), ("r1c2", "1"))]
    # option r1c1 = 2 carries its cell's item colored 2
    assert p.option_colors(0 * 4 + 1)[-1] == "2" and names[p.option(1)[-1]] == "r1c1"
    # cage B = 9 over three cells: sets form; the one set {2, 3, 4} lists the digit it leaves out
    b = names.index("cageB")
    sets = [j for j in range(p.n_options) if b in p.option(j)]
    assert [[names[i] for i in p.option(j)] for j in sets] == [["cageB", "cageB.1"]]
    assert names[p.option(2 * 4 + 0)[-1]] == "cageB.1"  # r1c3 = 1 lists it too
    assert len(p.option(5 * 4 + 0)) == 5  # r2c2 = 1: cage D = 4 over two cells, two sets {1, 3}: colors
    assert p.n_options == 64 + sum(len(killer.digit_sets(4, len(w), t)) * (
        2 if killer.cage_form(4, len(w), t)[0] == "colors" and len(w) == 2 else 1) for t, w in cages)


def test_small_against_brute_force():
    s = Sudoku.killer("." * 16, SMALL)
    c = plain_cages(s.variant.cages)
    want = sorted(killer_solutions_brute([0] * 16, 4, (2, 2), c))
    got = sorted(tuple(digits(t)) for t in s.solutions())
    assert got == want and len(got) == s.count() == 1


# ---------------------------------------------------------------------------
# Random 4x4 killers against the brute force
# ---------------------------------------------------------------------------

GRIDS = sudoku_solutions_brute([0] * 16, 4, (2, 2))  # all 288


@st.composite
def killers(draw):
    """A random 4x4 killer: cages grown from a random full grid (neighbouring
    cells of distinct digits, some cells left out), their sums from the grid,
    and some givens."""
    grid = draw(st.sampled_from(GRIDS))
    order = draw(st.permutations(range(16)))
    cage_of = [-1] * 16
    cages: list[list[int]] = []
    for start in order:
        if cage_of[start] >= 0:
            continue
        if draw(st.integers(0, 5)) == 0:  # a cell in no cage
            continue
        size = draw(st.integers(1, 4))
        cage = [start]
        cage_of[start] = len(cages)
        while len(cage) < size:
            near = [q for c in cage for q in (c - 4, c + 4, c - 1 if c % 4 else -1, c + 1 if c % 4 < 3 else -1)
                    if 0 <= q < 16 and cage_of[q] < 0 and grid[q] not in [grid[x] for x in cage]]
            if not near:
                break
            q = draw(st.sampled_from(sorted(set(near))))
            cage_of[q] = len(cages)
            cage.append(q)
        cages.append(cage)
    sums = [sum(grid[c] for c in cage) for cage in cages]
    shown = draw(st.lists(st.booleans(), min_size=16, max_size=16))
    puzzle = [g if keep and draw(st.integers(0, 2)) == 0 else 0 for g, keep in zip(grid, shown)]
    return puzzle, list(zip(sums, cages))


@pytest.mark.parametrize("form", ["mixed", "colors", "sets"], indirect=True)
@settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(killers(), st.sampled_from([(), ("x",), ("anti-king",)]))
def test_random_killers(form, case, kinds):
    puzzle, cages = case
    variant = "+".join(("killer",) + kinds)
    want = sorted(killer_solutions_brute(puzzle, 4, (2, 2), cages, kinds))
    try:
        s = Sudoku(puzzle, variant=variant, cages=cages)
    except SudokuError:  # givens the extra kinds rule out
        assert kinds and not want
        return
    got = [tuple(digits(t)) for t in s.solutions()]
    assert all(killer_ok(t, puzzle, 4, (2, 2), cages, kinds) for t in got)
    assert sorted(got) == want
    assert s.count() == len(want)
    first = s.solve()
    assert (first is None) == (not want)
    r = solve_many([s], limit=2)
    assert r.count[0] == min(2, len(want))
    assert Status(r.status[0]) == (Status.NO_SOLUTION if not want else Status.SOLVED if len(want) == 1
                                   else Status.MULTIPLE)
    if want:
        assert killer_ok(digits(r.sudoku(0)), puzzle, 4, (2, 2), cages, kinds)


# ---------------------------------------------------------------------------
# Forms of the cages, text, the header, equality, pickles, batches, pictures
# ---------------------------------------------------------------------------


def test_cage_forms_agree():
    by_text = Cages.parse(SMALL)
    as_list = [(total, list(where)) for total, where in by_text]
    assert Cages.parse(as_list, n=4) == by_text
    names = [(t, [f"r{c // 4 + 1}c{c % 4 + 1}" for c in w]) for t, w in as_list]
    pairs = [(t, [divmod(c, 4) for c in w]) for t, w in as_list]
    assert Cages.parse(names[::-1], n=4) == by_text  # the order of the cages does not matter
    assert Cages.parse(pairs, n=4) == by_text
    assert hash(Cages.parse(pairs, n=4)) == hash(by_text)
    assert Cages.parse(by_text.text()) == by_text
    spaced = "A A B B\nC D D B\nC E E F\nG G H F\nA=3, B=9, C=7, D=4, E=3, F=5, G=6, H=3"
    assert Cages.parse(spaced) == by_text
    assert Sudoku("." * 16, cages=names) == Sudoku.killer("." * 16, SMALL)
    assert Sudoku.killer("." * 16, SMALL) != Sudoku("." * 16)
    assert Sudoku.killer("." * 16, SMALL) != Sudoku.killer("." * 16, SMALL.replace("H=3", "H=4"))


def test_cells_in_no_cage_and_many_cages():
    c = Cages.parse("A... .... .... ...B A=2 B=4")
    assert c.cage_of().tolist().count(-1) == 14
    s = Sudoku.killer("." * 16, c)
    want = killer_solutions_brute([0] * 16, 4, (2, 2), plain_cages(c))
    assert s.count() == len(want) > 1
    # 81 one-cell cages: past 62 labels the map is written as words
    grid = Sudoku.killer("." * 81, TIPS).solve()
    ones = Cages.parse([(d, [k]) for k, d in enumerate(digits(grid))], n=9)
    assert ones.label(70) == "71" and Cages.parse(ones.text()) == ones
    assert str(Sudoku.killer("." * 81, ones).solve()) == TIPS_SOLUTION


def test_header_text_form():
    s = Sudoku.killer("1" + "." * 15, SMALL)
    text = to_text(str(s), s.variant)
    assert text.splitlines()[:2] == ["variant: killer", "cages: " + s.variant.cages.text()]
    assert Sudoku(text) == s
    multi = "variant: killer+x\ncages:\nAABB\nCDDB\nCEEF\nGGHF\nsums: A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3\n" + "." * 16
    t = Sudoku(multi)
    assert t.variant == Variant.parse("x+killer", cages=SMALL) and t.variant.kinds == ("x", "killer")
    assert Sudoku("cages: " + SMALL + "\n" + "." * 16) == Sudoku.killer("." * 16, SMALL)
    with pytest.raises(SudokuError, match="sums:"):
        Sudoku("variant: killer\ncages:\nAABB\nCDDB\nCEEF\nGGHF\n" + "." * 16)
    assert "cages='AABB" in repr(s) and "variant=" not in repr(s)
    assert "variant='x'" in repr(t)


def test_pickles_equality_and_batches():
    s = Sudoku.killer("." * 81, UK_2022)
    t = s.solve()
    for obj in (s, t, s.variant, s.variant.cages):
        back = pickle.loads(pickle.dumps(obj))
        assert back == obj and hash(back) == hash(obj)
    assert pickle.loads(pickle.dumps(t)).variant.cages == s.variant.cages
    assert t == Sudoku(str(t), cages=UK_2022) and t != Sudoku(str(t))
    # a batch of one variant: the solved grid, a puzzle with givens, a broken one, two that clash
    broken = UK_2022_SOLUTION[:80] + "."
    bad_sum = "99" + "." * 79  # r1c1 = r1c2 = 9 in cage A
    cage_clash = "7" + "." * 80  # not the solution's 6: no solution
    r = solve_many([UK_2022_SOLUTION, broken, bad_sum, cage_clash, "." * 81], variant=s.variant, limit=2)
    assert [Status(x) for x in r.status] == [Status.SOLVED, Status.SOLVED, Status.INVALID,
                                             Status.NO_SOLUTION, Status.SOLVED]
    assert "9 appears 2 times in cage A" in r.errors[2]
    for k in (0, 1, 4):
        assert str(r.sudoku(k)) == UK_2022_SOLUTION and r.sudoku(k).variant == s.variant
    r2 = solve_many([s, s], threads=2)
    assert [str(x) for x in r2.sudokus()] == [UK_2022_SOLUTION] * 2
    with pytest.raises(SudokuError, match="one variant"):
        solve_many([s, Sudoku.killer("." * 81, TIPS)])
    budget = solve_many([s], max_nodes=0)
    assert Status(budget.status[0]) == Status.BUDGET


def test_pictures():
    s = Sudoku.killer("1" + "." * 15, SMALL)
    text = s.solve().boxed()
    lines = text.splitlines()
    assert lines[5] == "killer cages: A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3"
    assert lines[6:] == ["A A | B B", "C D | D B", "----+----", "C E | E F", "G G | H F"]
    html = s._repr_html_()
    assert html.count('class="cage-sum"') == 8 and html.count('class="cage"') == 16
    assert html.count("dashed") >= 16
    jig = Sudoku("." * 16, regions="AAAB ABBB CCCD CDDD", cages="A... .... .... ...B A=1 B=2")
    assert jig.boxed().splitlines()[-4:] == ["A . . .", ". . . .", ". . . .", ". . . B"]


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("cages, message", [
    ([(3, [0, 1]), (5, [1, 2])], r"cell r1c2 is in two cages: cage 1 \(sum 3\) and cage 2 \(sum 5\)"),
    ([(3, [0, 1]), (30, ["r2c1", "r2c2"])], r"cage 2 \(sum 30; r2c1, r2c2\): 2 distinct digits of 1..4 add up "
                                            r"to 3 to 7, not 30"),
    ([(1, [0, 1])], "add up to 3 to 7, not 1"),
    ([(5, [0, 16])], r"cage 1 \(sum 5\): cell 16 is outside the 4x4 grid"),
    ([(5, ["r5c1", 0])], "cell r5c1 is outside the 4x4 grid"),
    ([(5, [(0, 4), 0])], r"cell \(0, 4\) is outside the 4x4 grid"),
    ([(5, [0, 0])], "cell r1c1 is listed twice"),
    ([(10, [0, 1, 2, 3, 4])], "5 cells, but a cage holds distinct digits, so at most 4"),
    ([(3, [])], "a cage needs at least one cell"),
    ([(3.5, [0])], "the sum must be an integer, not 3.5"),
    ([(3, [True])], "a cell is a number"),
    ([(3, ["x1"])], "cell 'x1' is not a name"),
    ([3], "expected a pair"),
    (5, "cages must be text"),
    ("AABB CDDB CEEF GGHF A=3 B=9", "cage 'C' .* has no sum"),
    ("AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3 I=4", "cage 'I' has a sum but no cell"),
    ("AABB CDDB CEEF GGH A=3", "cage map: 15 symbols"),
    ("AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=x", "'H=x' is not 'label=sum'"),
    ("A... .... .... .... A=3 A=4", "cage 'A' has two sums"),
    ("A... .... .... .... A=5", r"cage 'A' \(sum 5; r1c1\): a digit of 1..4 is 1 to 4, not 5"),
])
def test_bad_cages(cages, message):
    with pytest.raises(SudokuError, match=message):
        Sudoku("." * 16, cages=cages)


def test_bad_givens_and_variants():
    with pytest.raises(SudokuError, match=r"the givens r1c1=3 of cage A \(sum 3; r1c1, r1c2\) leave 0"):
        Sudoku.killer("3" + "." * 15, SMALL)
    with pytest.raises(SudokuError, match="2 appears 2 times in cage B"):
        Sudoku.killer("..2. ...2 " + "." * 8, SMALL)  # r1c3 and r2c4: cage B, different rows and columns
    with pytest.raises(SudokuError, match=r"the digits of cage H \(sum 3; r4c3\) add up to 4, not 3"):
        Sudoku.killer("." * 14 + "4.", SMALL)
    with pytest.raises(SudokuError, match="variant 'killer' needs cages"):
        Sudoku("." * 16, variant="killer")
    with pytest.raises(SudokuError, match="the cages are for a 4x4 grid, not a 9x9"):
        Sudoku("." * 81, cages=Cages.parse(SMALL))
    with pytest.raises(SudokuError, match="need the grid's side"):
        Variant.parse("killer", cages=[(3, [0, 1])])
    assert Variant.parse("killer", cages=[(3, [0, 1])], n=4).cages.n == 4
    assert Variant.parse("killer", cages=SMALL) != "killer"  # a string names no cages


def test_too_large_cage_is_refused(monkeypatch):
    cages = [(20, [0, 1, 2, 3])]  # 12 digit sets of 4 cells adding up to 20
    s = Sudoku("." * 81, cages=cages)
    monkeypatch.setattr(killer, "MAX_OPTIONS", 11)
    message = (r"cage 1 \(sum 20; r1c1, r1c2, r1c3, r1c4\): more than 11 sets of digits add up to its sum, "
               "too many options for one cage; split the cage")
    with pytest.raises(SudokuError, match=message):
        Sudoku("." * 81, cages=cages)
    variants.cached_problem.cache_clear()
    try:
        with pytest.raises(SudokuError, match=message.replace("cage 1", "cage A")):
            s.solve(algorithm="links")  # made before the limit fell: refused when its problem is built
        assert s.solve() is not None  # "auto": the bits, which build no options
    finally:
        variants.cached_problem.cache_clear()
    monkeypatch.setattr(killer, "MAX_OPTIONS", 12)
    assert Sudoku("." * 81, cages=cages).solve() is not None


def test_counting_digit_sets():
    from itertools import combinations

    for n in (4, 6, 9, 12):
        for size in range(1, n + 1):
            for total in range(size * (size + 1) // 2, size * (2 * n - size + 1) // 2 + 1):
                want = sum(1 for c in combinations(range(1, n + 1), size) if sum(c) == total)
                assert killer.count_sets(n, size, total) == min(want, killer.MAX_OPTIONS + 1), (n, size, total)
                if n <= 9:
                    assert len(killer.digit_sets(n, size, total)) == want
    assert killer.count_sets(250, 250, 250 * 251 // 2) == 1
    assert killer.count_sets(100, 50, 2525) == killer.MAX_OPTIONS + 1  # capped


def test_big_cages_stay_small():
    """A 9-cell cage of sum 45 has 9! assignments but one digit set: built at once."""
    rows = [(45, list(range(9 * i, 9 * i + 9))) for i in range(9)]
    s = Sudoku.killer("." * 81, rows)
    p, _, _ = s.to_problem()
    assert p.n_options == 729 + 9 and not p.has_colors
    t = s.solve()
    assert t is not None and killer_ok(digits(t), [0] * 81, 9, (3, 3), [(a, b) for a, b in rows])
    assert killer.count_sets(9, 4, 20) == 12 == len(killer.digit_sets(9, 4, 20))
    assert all(sum(x) == 20 and len(set(x)) == 4 for x in killer.digit_sets(9, 4, 20))


# ---------------------------------------------------------------------------
# Files and the command line
# ---------------------------------------------------------------------------


def test_puzzle_files_and_command_line(tmp_path, capsys):
    import io

    from command_line import run, write

    from dlxnumba import read_puzzles

    header: dict = {}
    text = "variant: killer\ncages: " + UK_2022 + "\n" + "." * 81 + "\n" + UK_2022_SOLUTION[:40] + "." * 41 + "\n"
    arr = read_puzzles(io.StringIO(text), header=header)
    assert arr.shape == (2, 81) and header["variant"] == Sudoku.killer("." * 81, UK_2022).variant
    split = "cages: " + UK_2022.split(" A=")[0] + "\nsums: A=" + UK_2022.split(" A=")[1] + "\n" + "." * 81 + "\n"
    header2: dict = {}
    read_puzzles(io.StringIO(split), header=header2)
    assert header2 == header
    with pytest.raises(SudokuError, match="line 1: 'variant: killer' needs a 'cages:' line"):
        read_puzzles(io.StringIO("variant: killer\n" + "." * 81 + "\n"), header={})
    with pytest.raises(SudokuError, match=r"line 2: cage 'A' \(sum 30; r1c1\): a digit of 1..4 is 1 to 4, not 30"):
        read_puzzles(io.StringIO("variant: killer\ncages: A... .... .... .... A=30\n" + "." * 16 + "\n"), header={})
    path = write(tmp_path, text)
    code, out, err = run(capsys, "solve", path)
    assert code == 0 and out.split() == [UK_2022_SOLUTION] * 2
    plain_file = write(tmp_path, "1...............\n3...............\n", "small.txt")
    code, out, err = run(capsys, "solve", "--variant", "killer", "--cages", SMALL, plain_file)
    lines = out.splitlines()
    assert code == 1 and lines[0] == "1243431231242431" and "cage A (sum 3; r1c1, r1c2)" in lines[1]
    code, out, err = run(capsys, "solve", "--cages", "AABB CDDB A=3", plain_file)
    assert code == 2 and "argument --cages: cage map" in err


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(
    st.text(alphabet="AB.C= 0123456789x,\n", max_size=40),
    st.lists(st.tuples(st.one_of(st.integers(-3, 12), st.floats(), st.text(max_size=3)),
                       st.lists(st.one_of(st.integers(-2, 17), st.text(alphabet="rc0123459", max_size=5),
                                          st.tuples(st.integers(-1, 4), st.integers(-1, 4))), max_size=5)),
             max_size=4)))
def test_any_cages_parse_or_name_the_fault(cages):
    """Whatever the cages, Sudoku() accepts them (and solves against the brute
    force) or raises SudokuError."""
    try:
        s = Sudoku("." * 16, cages=cages)
    except SudokuError as e:
        assert str(e)
        return
    c = plain_cages(s.variant.cages)
    assert all(len(w) <= 4 for _, w in c)
    assert s.count() == len(killer_solutions_brute([0] * 16, 4, (2, 2), c))


def test_variant_is_solution_checks_the_cages():
    v = Sudoku.killer("." * 81, UK_2022).variant
    assert v.is_solution(UK_2022_SOLUTION)
    swapped = UK_2022_SOLUTION.translate(str.maketrans("12", "21"))  # a valid Sudoku, but not the cages'
    assert Variant().is_solution(swapped) and not v.is_solution(swapped)
    assert killer_ok([int(ch) for ch in UK_2022_SOLUTION], None, 9, (3, 3), plain_cages(v.cages))
    assert not killer_ok([int(ch) for ch in swapped], None, 9, (3, 3), plain_cages(v.cages))



def test_is_solution_takes_the_variant_of_a_sudoku():
    """``dlxnumba.is_solution`` checks a killer's cages when the grid or the puzzle carries them."""
    from dlxnumba import is_solution

    puzzle = Sudoku.killer("." * 81, UK_2022)
    swapped = UK_2022_SOLUTION.translate(str.maketrans("12", "21"))
    solved = puzzle.solve()
    assert is_solution(solved) and is_solution(UK_2022_SOLUTION, puzzle=puzzle)
    assert str(solved).replace(".", "") == UK_2022_SOLUTION
    assert is_solution(swapped)  # as a classic grid
    assert not is_solution(swapped, puzzle=puzzle)
    assert not is_solution(swapped, variant=puzzle.variant)
    assert is_solution(swapped, variant=Variant())  # an explicit classic variant checks the grid alone

# a 6x6 grid of 2x3 boxes (checked by the oracle below), relabeled and transposed at random
GRID6 = [1, 2, 3, 4, 5, 6, 4, 5, 6, 1, 2, 3, 2, 3, 1, 5, 6, 4, 5, 6, 4, 2, 3, 1, 3, 1, 2, 6, 4, 5, 6, 4, 5, 3, 1, 2]


@settings(max_examples=examples(10), deadline=None)
@given(st.permutations(range(1, 7)), st.permutations(range(36)), st.lists(st.integers(1, 3), min_size=18,
                                                                          max_size=18),
       st.lists(st.booleans(), min_size=36, max_size=36))
def test_random_6x6_killers(labels, order, sizes, keep):
    """Non-square boxes: dominoes and triples grown from a relabeled grid, about
    half the cells given, against the brute force."""
    from reference import sudoku_ok

    grid = [labels[d - 1] for d in GRID6]
    assert sudoku_ok(grid, None, 6, (2, 3))
    cage_of = [-1] * 36
    cages: list[tuple[int, list[int]]] = []
    for start, size in zip(order, sizes):
        if cage_of[start] >= 0:
            continue
        cage = [start]
        cage_of[start] = len(cages)
        for q in (start + 1, start + 6, start + 7):
            if len(cage) < size and q < 36 and (q % 6 or q == start + 6) and cage_of[q] < 0 \
                    and grid[q] not in [grid[c] for c in cage]:
                cage_of[q] = len(cages)
                cage.append(q)
        cages.append((sum(grid[c] for c in cage), cage))
    puzzle = [g if k else 0 for g, k in zip(grid, keep)]
    s = Sudoku(puzzle, box=(2, 3), cages=cages)
    want = sorted(killer_solutions_brute(puzzle, 6, (2, 3), cages))
    got = sorted(tuple(digits(t)) for t in s.solutions())
    assert got == want and tuple(grid) in want
    assert all(killer_ok(t, puzzle, 6, (2, 3), cages) for t in got)


@settings(max_examples=examples(100), deadline=None)
@given(st.lists(st.sampled_from(["variant: killer", "cages:", "cages: AABB CDDB CEEF GGHF", "sums: A=3 B=9",
                                 "sums: C=7 D=4 E=3 F=5 G=6 H=3", "AABB", "CDDB CEEF GGHF", "regions: AABB AABB "
                                 "CCDD CCDD", "variant: x", "", "A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3"]), max_size=6),
       st.sampled_from(["." * 16, "1" + "." * 15, "3" + "." * 15]))
def test_any_header_reads_or_names_the_fault(lines, grid):
    """Header lines in any order: a Sudoku whose solutions keep its cages, or SudokuError."""
    try:
        s = Sudoku("\n".join(lines + [grid]))
    except SudokuError as e:
        assert str(e)
        return
    for t in s.solutions(limit=3):
        assert s.variant.is_solution(t, puzzle=s)
