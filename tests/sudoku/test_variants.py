"""Sudoku variants (dlxnumba.sudoku.variants): X, windoku, jigsaw, anti-knight,
anti-king, non-consecutive and their combinations.

Oracles: ``reference.variant_solutions_brute`` (plain backtracking over the
rules written out from scratch) counts the solutions of small grids, and
``reference.variant_ok`` checks every grid the engine returns, including the
published solutions of the 9x9 puzzles below (checked, not trusted).
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlxnumba import Status, Sudoku, SudokuError, Variant, solve_many
from dlxnumba.sudoku import bits as bitmask
from dlxnumba.sudoku.variants import parse, parse_region_map, to_text
from reference import variant_ok, variant_solutions_brute
from strategies import examples

KINDS = ["x", "windoku", "anti-knight", "anti-king", "non-consecutive"]
COMBOS = KINDS + ["x+windoku", "x+anti-knight", "anti-king+non-consecutive", "windoku+anti-knight"]


def _kinds(spec: str) -> tuple[str, ...]:
    return tuple(k for k in spec.split("+") if k != "jigsaw")


def _cells(text: str) -> list[int]:
    return [0 if ch == "." else int(ch, 36) for ch in "".join(text.split())]


# ---------------------------------------------------------------------------
# Published 9x9 puzzles: the engine's unique solution equals the published one,
# and the oracle accepts it
# ---------------------------------------------------------------------------


def _grid(givens: str) -> str:
    """A grid of 81 cells from ``R{row}C{col}_{digit}`` givens separated by '~'."""
    cells = ["."] * 81
    for g in givens.split("~"):
        rc, d = g.split("_")
        r, c = rc[1:].split("C")
        cells[(int(r) - 1) * 9 + int(c) - 1] = d
    return "".join(cells)


PUBLISHED = [
    # Mitchell Lee's "Miracle Sudoku" (anti-knight, anti-king, non-consecutive; two givens),
    # https://cracking-the-cryptic.web.app/sudoku/tjN9LtrrTL (The Guardian, 18 May 2020)
    ("miracle", "anti-knight+anti-king+non-consecutive", None,
     _grid("R5C3_1~R6C7_2"),
     "483726159726159483159483726837261594261594837594837261372615948615948372948372615"),
    # Sudoku X from "The hardest sudokus" thread, forum.enjoysudoku.com/the-hardest-sudokus-new-thread-t6539-645.html
    ("x", "x", None,
     _grid("R1C3_1~R1C7_2~R2C3_2~R2C4_3~R2C9_4~R3C1_4~R4C1_5~R4C3_3~R4C8_6~R5C2_1~R5C9_5~R6C3_6"
           "~R7C5_7~R7C6_8~R8C5_9~R9C2_7~R9C6_1~R9C8_9"),
     "681945237792316584435827619523784961817639425946152873369478152158293746274561398"),
    # X-Windoku, forum.enjoysudoku.com/x-sudoku-extreme-t34714-30.html#p309418
    ("x-windoku", "x+windoku", None,
     _grid("R1C8_1~R2C5_2~R2C9_3~R4C1_4~R4C6_3~R5C5_5~R5C9_6~R6C5_1~R7C6_7~R7C7_8~R8C5_6~R9C5_3~R9C6_2"),
     "932674518678521943541398267469283751217459386853716429326147895794865132185932674"),
    # Hypersudoku (windoku) from github.com/pravinthan/HyperSudokuSolver, Test.py test_One
    ("hyper", "windoku", None,
     "....9.7.. .61....4. .....2..3 ..748.... .8....6.. ..3...5.. ...5..2.. 9..1..... 5.2....86",
     "834691752261357849759842163627485391185973624493216578348569217976128435512734986"),
    # Jigsaw, https://sudokupad.app/fTbNFPQ44g (Cracking the Cryptic, youtube.com/watch?v=wuduuLVGKDQ)
    ("jigsaw", "jigsaw",
     "000000021453303021453333221453322221455566121445666111445566667488887777888887777",
     _grid("R1C1_3~R1C9_7~R2C1_1~R2C9_5~R3C5_6~R3C6_8~R4C3_5~R4C5_1~R4C6_9~R5C4_9~R6C9_2~R7C1_8"
           "~R7C6_3~R8C4_2~R8C5_3~R8C6_5~R8C9_1~R9C8_9"),
     "364891527189374265542168739625719843213987456937456182876523914498235671751642398"),
]


@pytest.mark.parametrize("name, spec, regions, puzzle, published", PUBLISHED, ids=[p[0] for p in PUBLISHED])
def test_published(name, spec, regions, puzzle, published):
    kinds, rmap = _kinds(spec), (list(regions) if regions else None)
    assert variant_ok(_cells(published), _cells(puzzle), 9, (3, 3), kinds, rmap)  # the publication, checked
    s = Sudoku(puzzle, variant=spec, regions=regions)
    assert s.count() == 1
    t = s.solve()
    assert str(t) == published
    assert s.variant.is_solution(published, puzzle) and not Variant.parse("x+windoku+anti-king").is_solution(
        published) or spec == "x+windoku"
    assert t.variant == s.variant and t.variant.name == spec
    sols = list(s.solutions())
    assert [str(u) for u in sols] == [published]
    r = solve_many([puzzle, puzzle], variant=s.variant, limit=2, threads=1)
    assert r.status.tolist() == [Status.SOLVED] * 2 and "".join(map(str, r.solutions[0])) == published
    # without the variant's rules the same givens do not pin the solution down (the rules matter)
    if spec != "jigsaw":
        assert Sudoku(puzzle).count(2) == 2


def test_published_16x16_jigsaw():
    """16x16 jigsaw, forum.enjoysudoku.com/16x16-jigsaw-sudoku-t38676.html#p300550 (letters A..P are 1..16)."""
    puzzle = ("..E..K..MI....P.K....P....L.MF.B....HM.D....O..FJI.....KG.DB.C.O.OD...NAE.HM.K..........P.I...."
              "GIF.HL.B....AC..JCE.P...L.M............I.O...P.HDN..IM....E.PB.DCD....G.P..........A.CI.OHF..."
              "JL.E.F.GA.HI.....OKF..N....A.PL....H.PJ.C....M....I.C....MI..K..G..")
    regions = ("AAAAABBBBBCDDDDDAAEAABBBBBCDDDDDAAEAAABBFCCDDDDGAAEBBBBFFCCCDDGGHHEEEEEEFCCCIGGGHHHEEEEEFFCCIGGG"
               "HHHHEFEFFICCIGGGHHHHHFFFIICCIIGGHJJHJJFFIIIIIIKGJJJJJFFLIIKKKKKGJJJJJJLLLLLKKKKKJMLLLLLLLNLLKKKK"
               "MMLMNNNNNNOPPPPKMMMMMNNOOOOOPPPPMMMMNNNOOOOOPPPPMMMNNNNOOOOOPPPP")
    solution = ("OLECFKGBMIJHNDPAKNHADPCEJOLIMFGBGPIBHMADCNEJOLKFJIMLNHFKGPDBECAOBODGPFNAECHMJKILLDNEJOKCPAIFHMBG"
                "IFGHLDBMNKOACPEJCEJPABOLDMGKFINHMJCKELIFOBAGPNHDNAKIMJHGLEFPBODCDHBFOGJPKLNCIAMEPKAMCIEOHFBDGJLN"
                "EMFDGAPHIJCNLBOKFBONIEDJAGPLKHCMHGPJKCLNBDMOAEFIACLOBNMIFHKEDGJP")

    def digits(text):
        return [0 if ch == "." else ord(ch) - ord("A") + 1 for ch in text]

    assert variant_ok(digits(solution), digits(puzzle), 16, (4, 4), (), list(regions))
    s = Sudoku.jigsaw(np.array(digits(puzzle)), regions)
    t = s.solve()
    assert t.grid.reshape(-1).tolist() == digits(solution)
    assert s.is_unique()


# ---------------------------------------------------------------------------
# Small grids against the brute-force oracle
# ---------------------------------------------------------------------------


@st.composite
def partial_grids(draw, n, box, kinds, region_map=None, least=0, most=None):
    """A partial grid whose givens break no rule (checked by the oracle), with few or many givens."""
    cells = [0] * (n * n)
    count = draw(st.integers(least, most if most is not None else n * n // 2))
    for _ in range(count):
        k = draw(st.integers(0, n * n - 1))
        d = draw(st.integers(1, n))
        cells[k] = d
        if not _grid_ok(cells, n, box, kinds, region_map) and draw(st.integers(0, 9)):
            cells[k] = 0  # keep most grids within the rules, but not all
    return cells


def _grid_ok(cells, n, box, kinds, region_map) -> bool:
    """Whether the givens alone break no rule (the oracle, on the filled cells only)."""
    from reference import variant_pair_banned, variant_units

    for unit in variant_units(n, box, kinds, region_map):
        held = [cells[k] for k in unit if cells[k]]
        if len(held) != len(set(held)):
            return False
    filled = [k for k in range(n * n) if cells[k]]
    return not any(variant_pair_banned(n, a, cells[a], b, cells[b], kinds)
                   for i, a in enumerate(filled) for b in filled[i + 1:])


LIMIT = 40


def _check_against_oracle(cells, n, box, spec, region_map=None, limit=LIMIT):
    kinds = _kinds(spec)
    want = variant_solutions_brute(cells, n, box, kinds, region_map, limit=limit)
    regions = None if region_map is None else "".join(region_map)
    if not _grid_ok(cells, n, box, kinds, region_map):
        with pytest.raises(SudokuError, match="break the rules"):
            Sudoku(cells, box=box, variant=spec, regions=regions)
        r = solve_many([cells], box=box, variant=Variant.parse(spec, regions), threads=1)
        assert r.status.tolist() == [Status.INVALID] and "break the rules" in r.errors[0]
        return
    s = Sudoku(cells, box=box, variant=spec, regions=regions)
    assert s.count(limit) == len(want)
    # the generator's solver, which counts for grade(): the same rules, read from the grid
    assert bitmask.count(s.grid.reshape(-1), s.geometry, s.variant, limit=limit) == len(want)
    got = [tuple(t.grid.reshape(-1).tolist()) for t in s.solutions(limit)]
    assert len(set(got)) == len(got) == len(want)
    assert all(variant_ok(g, cells, n, box, kinds, region_map) for g in got)
    if len(want) < limit:
        assert sorted(got) == sorted(want)
    t = s.solve()
    assert (t is None) == (not want)
    if t is not None:
        assert variant_ok(t.grid, cells, n, box, kinds, region_map) and t.variant == s.variant
    r = solve_many([cells], box=box, limit=2, variant=s.variant, threads=1)
    expect = [Status.NO_SOLUTION, Status.SOLVED, Status.MULTIPLE][min(len(want), 2)]
    assert r.status.tolist() == [expect]
    if want:
        assert variant_ok(r.solutions[0], cells, n, box, kinds, region_map)
        assert r.sudoku(0).variant == s.variant


@pytest.mark.parametrize("spec", COMBOS)
@settings(max_examples=examples(12), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_4x4_against_oracle(spec, data):
    cells = data.draw(partial_grids(4, (2, 2), _kinds(spec)))
    _check_against_oracle(cells, 4, (2, 2), spec)


@pytest.mark.parametrize("spec", KINDS)
@settings(max_examples=examples(6), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_6x6_against_oracle(spec, data):
    box = data.draw(st.sampled_from([(2, 3), (3, 2)]))
    cells = data.draw(partial_grids(6, box, _kinds(spec), least=6, most=16))
    _check_against_oracle(cells, 6, box, spec, limit=20)


@st.composite
def region_maps(draw, n):
    """A random region map: ``n`` pieces of ``n`` cells, connected or not."""
    labels = [chr(ord("A") + k) for k in range(n) for _ in range(n)]
    return draw(st.permutations(labels))


@pytest.mark.parametrize("n, box, extra", [(4, (2, 2), ""), (4, (2, 2), "+x"), (5, (1, 5), ""),
                                           (6, (2, 3), ""), (6, (2, 3), "+anti-knight")])
@settings(max_examples=examples(8), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_jigsaw_against_oracle(n, box, extra, data):
    rmap = list(data.draw(region_maps(n)))
    cells = data.draw(partial_grids(n, box, _kinds(extra), rmap, least=n - 2, most=12))
    _check_against_oracle(cells, n, box, "jigsaw" + extra, rmap, limit=20)


def test_empty_small_counts():
    """Whole-grid counts on 4x4, against the oracle."""
    for spec in COMBOS:
        want = len(variant_solutions_brute([0] * 16, 4, (2, 2), _kinds(spec)))
        assert Sudoku("." * 16, variant=spec).count() == want, spec


# ---------------------------------------------------------------------------
# Batches: one result per puzzle, in order, as one at a time
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec", ["x", "anti-knight+anti-king", "jigsaw"])
def test_batch_matches_single(spec):
    regions = "AAAB ABBB CCCD CDDD" if "jigsaw" in spec else None
    v = Variant.parse(spec, regions)
    rng = np.random.default_rng(7)
    puzzles = []
    for _ in range(40):
        cells = np.zeros(16, np.uint8)
        picks = rng.choice(16, size=rng.integers(0, 7), replace=False)
        cells[picks] = rng.integers(1, 5, size=picks.size)
        puzzles.append(cells)
    puzzles.append(np.array([5] + [0] * 15, np.uint8))  # a digit too large
    for threads in (1, 2):
        r = solve_many(np.array(puzzles), variant=v, limit=2, threads=threads)
        assert len(r.status) == len(puzzles)
        for k, cells in enumerate(puzzles):
            kinds, rmap = v.kinds, (list(v.map_text()) if regions else None)
            want = variant_solutions_brute(cells.tolist(), 4, (2, 2), kinds, rmap, limit=2) \
                if cells.max() <= 4 else None
            if want is None or not _grid_ok(cells.tolist(), 4, (2, 2), kinds, rmap):
                assert r.status[k] == Status.INVALID and r.errors[k].startswith(f"puzzle {k}")
                continue
            assert r.status[k] == [Status.NO_SOLUTION, Status.SOLVED, Status.MULTIPLE][len(want)], k
            if want:
                assert variant_ok(r.solutions[k], cells, 4, (2, 2), kinds, rmap)


def test_batch_takes_the_variant_of_its_sudokus():
    a = Sudoku("1... .... .... ....", variant="x")
    r = solve_many([a, "2..............."], threads=1)
    assert r.variant == a.variant and r.sudoku(1).variant == a.variant
    assert variant_ok(r.solutions[1], None, 4, (2, 2), ("x",))
    with pytest.raises(SudokuError, match="one variant"):
        solve_many([a, Sudoku("1" + "." * 15, variant="windoku")], threads=1)
    with pytest.raises(SudokuError, match="one variant"):
        solve_many([a], variant="windoku", threads=1)


# ---------------------------------------------------------------------------
# The variant attribute: kept by solving, pickling, equality, repr, text
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("spec, regions", [("x", None), ("windoku+anti-knight", None),
                                           ("jigsaw", "AAAB ABBB CCCD CDDD"), ("x", "AAAB ABBB CCCD CDDD")])
def test_variant_round_trips(spec, regions):
    s = Sudoku("1...............", variant=spec, regions=regions)
    v = s.variant
    assert s.solve().variant == v
    assert all(t.variant == v for t in s.solutions(3))
    s.count()
    assert s.variant == v
    for t in (s, s.solve()):
        assert pickle.loads(pickle.dumps(t)) == t and pickle.loads(pickle.dumps(t)).variant == v
        assert eval(repr(t), {"Sudoku": Sudoku}) == t
        assert Sudoku(to_text(str(t), v)) == t
        assert Sudoku(t) == t and Sudoku(t).variant == v
    assert pickle.loads(pickle.dumps(v)) == v and hash(pickle.loads(pickle.dumps(v))) == hash(v)
    assert Sudoku("1...............") != s and hash(Sudoku("1...............")) != hash(s) or True
    assert Sudoku("1...............") != s
    r = solve_many([s], threads=1)
    assert pickle.loads(pickle.dumps(r)).variant == v


def test_classic_is_unchanged():
    s = Sudoku("1...............")
    assert not s.variant and s.variant.name == "classic" and repr(s) == "Sudoku('1...............')"
    assert Sudoku("1...............", variant="classic") == s
    assert s.variant == "classic" and Sudoku("1" + "." * 15, variant="x").variant == "x"


def test_text_form():
    grid, v = parse("variant: x+anti-king\n1... .... .... ....")
    assert v == Variant.parse("anti-king+x") and grid.split() == ["1...", "....", "....", "...."]
    text = "variant: jigsaw\nregions:\nAAAB\nABBB\nCCCD\nCDDD\n1...\n....\n....\n...."
    s = Sudoku(text)
    assert s.variant.map_text() == "AAABABBBCCCDCDDD" and s.count() == 36
    assert Sudoku("regions: AAABABBBCCCDCDDD\n1...............") == s


# ---------------------------------------------------------------------------
# Bad input: clear errors naming the place
# ---------------------------------------------------------------------------


def test_bad_region_maps():
    with pytest.raises(SudokuError, match=r"piece 'A' has 3 cells \(r1c1, r1c2, r2c1\).*each of the 4 pieces needs 4"):
        Sudoku.jigsaw("." * 16, "AAB. ABBB CCDD CCDD".replace(".", "B"))
    with pytest.raises(SudokuError, match="5 pieces on a 4x4 grid"):
        Sudoku.jigsaw("." * 16, "AABB AABB CCDD CCDE")
    with pytest.raises(SudokuError, match="15 cells"):
        parse_region_map("AABB AABB CCDD CCD")
    with pytest.raises(SudokuError, match="the region map has 16 cells, but the grid has 81"):
        Sudoku.jigsaw("." * 81, "AABB AABB CCDD CCDD")
    with pytest.raises(SudokuError, match="needs a region map"):
        Sudoku("." * 16, variant="jigsaw")


def test_unknown_and_unfit_variants():
    with pytest.raises(SudokuError, match="unknown variant 'kniht' in 'x\\+kniht'"):
        Sudoku("." * 16, variant="x+kniht")
    with pytest.raises(SudokuError, match="variant must be a name"):
        Sudoku("." * 16, variant=3)
    with pytest.raises(SudokuError, match="windoku: no window of 1x5 fits a 5x5 grid"):
        Sudoku.jigsaw("." * 25, "AAAAA BBBBB CCCCC DDDDD EEEEE", variant="windoku")
    with pytest.raises(SudokuError, match="unknown variant 'sumdoku'"):
        solve_many(["." * 16], variant="sumdoku", threads=1)
    with pytest.raises(SudokuError, match="variant 'killer' needs cages"):
        solve_many(["." * 16], variant="killer", threads=1)
    with pytest.raises(SudokuError, match="unknown variant 'knight'"):
        Variant(["knight"])
    with pytest.raises(SudokuError, match="region map: piece"):
        Variant((), [0, 1, 2, 3] * 3 + [0, 0, 1, 2])
    assert Variant.parse("x") != "not a variant" and Variant.parse("x") == "X"


@pytest.mark.parametrize("spec, cells, message", [
    ("anti-knight", {0: 1, 6: 1}, "r1c1 and r2c3 both hold 1, a knight's move apart"),
    ("anti-king", {5: 2, 10: 2}, "r2c2 and r3c3 both hold 2, a king's move apart"),
    ("non-consecutive", {0: 3, 4: 4}, "r1c1 holds 3 and r2c1 holds 4: consecutive digits"),
    ("x", {0: 1, 15: 1}, r"1 appears 2 times in diagonal \(r1c1, r4c4\)"),
    ("windoku", {20: 5, 30: 5}, r"5 appears 2 times in window 1 \(r3c3, r4c4\)"),
])
def test_contradictory_givens(spec, cells, message):
    n = 4 if spec != "windoku" else 9
    grid = np.zeros(n * n, np.uint8)
    for k, d in cells.items():
        grid[k] = d
    with pytest.raises(SudokuError, match=message):
        Sudoku(grid, variant=spec)
    r = solve_many([grid], variant=spec, threads=1)
    assert r.status.tolist() == [Status.INVALID]
    assert message.replace("\\", "") in r.errors[0].replace("\\", "") or r.errors[0].count(" ") > 3


# ---------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------


def test_pictures_show_the_variant():
    s = Sudoku("." * 81, variant="x+windoku")
    html = s._repr_html_()
    assert html.count("linear-gradient") == 18  # 9 + 9 diagonal cells (r5c5 is on both: two lines)
    assert html.count("jp-layout-color2") == 36  # four windows of nine cells
    assert "windows r2-4c2-4, r2-4c6-8, r6-8c2-4, r6-8c6-8" in s.boxed()
    j = Sudoku.jigsaw("1" + "." * 15, "AAAB ABBB CCCD CDDD", variant="anti-king")
    text = j.boxed()
    assert text.splitlines()[0] == "1 . .|." and "anti-king: no two cells a king's move apart" in text
    assert "<caption" in j._repr_html_()


# ---------------------------------------------------------------------------
# Files and the command line
# ---------------------------------------------------------------------------


def test_files_and_command_line(tmp_path, capsys):
    from command_line import run, write

    from dlxnumba import read_puzzles

    path = write(tmp_path, "# two X puzzles\nvariant: x\n1...............\n11..............\n")
    header: dict = {}
    assert read_puzzles(path, header=header).shape == (2, 16) and header["variant"] == "x"
    with pytest.raises(SudokuError, match="line 2: the file declares 'variant: x'; pass header"):
        read_puzzles(path)
    code, out, err = run(capsys, "solve", path)
    lines = out.split()
    assert code == 1 and variant_ok(_cells(lines[0]), _cells("1" + "." * 15), 4, (2, 2), ("x",))
    assert "INVALID" in out and "1 appears 2 times in row 1" in out
    code, out, _ = run(capsys, "solve", "--variant", "jigsaw", "--regions", "AAAB ABBB CCCD CDDD", "--count",
                       "1" + "." * 15)
    assert code == 0 and out.split() == ["36"]
    code, out, _ = run(capsys, "solve", "--variant", "anti-knight", "--format", "grid", "1" + "." * 15)
    assert "anti-knight: no two cells a knight's move apart" in out
    code, _, err = run(capsys, "solve", "--variant", "windoku", path)
    assert code == 2 and "declares 'variant: x', but --variant gives 'windoku'" in err
    code, _, err = run(capsys, "solve", "--variant", "sumdoku", "1" + "." * 15)
    assert code == 2 and "argument --variant: unknown variant 'sumdoku'" in err
    code, _, err = run(capsys, "solve", "--variant", "killer", "1" + "." * 15)
    assert code == 2 and "needs cages" in err
    late = write(tmp_path, "1...............\nvariant: x\n", "late.txt")
    with pytest.raises(SudokuError, match="line 2: a 'variant:' line after the first puzzle"):
        read_puzzles(late, header={})


# ---------------------------------------------------------------------------
# Fuzz: any input gives a Variant or a SudokuError, never another exception
# ---------------------------------------------------------------------------


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(st.text(max_size=40), st.sampled_from(["x+", "+x", "X, Hyper", "anti knight", "jigsaw"]),
                 st.integers(), st.none(), st.lists(st.text(max_size=3), max_size=3)))
def test_fuzz_variant_names(spec):
    try:
        v = Variant.parse(spec)
    except SudokuError as e:
        assert str(e)
        return
    assert set(v.kinds) <= {"x", "windoku", "anti-knight", "anti-king", "non-consecutive"}
    assert Variant.parse(v.name) == v and pickle.loads(pickle.dumps(v)) == v


@settings(max_examples=examples(150), deadline=None)
@given(st.one_of(st.text(alphabet="ABCD.1 \n", max_size=20),
                 st.lists(st.integers(0, 4), min_size=0, max_size=20),
                 st.permutations(list("AAAABBBBCCCCDDDD"))))
def test_fuzz_region_maps(regions):
    try:
        pieces = parse_region_map(regions)
    except SudokuError as e:
        assert str(e).startswith("region map")
        return
    n = int(round(len(pieces) ** 0.5))
    assert n * n == len(pieces) and sorted(pieces) == sorted(k for k in range(n) for _ in range(n))


@settings(max_examples=examples(150), deadline=None)
@given(st.sampled_from(["", "variant: ", "regions: ", "variant: jigsaw\nregions:", "variant: x\n"]),
       st.text(alphabet="variantsego:xjwk+-\n.1234 ABCD", max_size=60))
def test_fuzz_text_form(head, body):
    text = head + body
    try:
        s = Sudoku(text)
    except SudokuError as e:
        assert str(e)
        return
    assert Sudoku(to_text(str(s), s.variant)) == s


def test_many_region_maps_keep_the_caches_bounded():
    from dlxnumba.sudoku import solve as S
    from dlxnumba.sudoku import variants as V

    rng = np.random.default_rng(3)
    for _ in range(3 * S.VARIANT_SHAPES):
        labels = rng.permutation(list("AAAABBBBCCCCDDDD"))
        s = Sudoku.jigsaw("1" + "." * 15, "".join(labels))
        t = s.solve()
        assert t is None or variant_ok(t.grid, s.grid, 4, (2, 2), (), list(labels))
    # private: the caches of compiled shapes and problems, whose bound is what is tested
    assert sum(len(k) == 3 for k in S._Shape._cache) <= S.VARIANT_SHAPES
    assert len(V._PROBLEMS) <= V.MAX_PROBLEMS
