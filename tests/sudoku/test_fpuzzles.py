"""f-puzzles in and out (dlxnumba.sudoku.fpuzzles): round trips of puzzles of every
kind (random constraints on 4x4 and 6x6 grids), links of f-puzzles and SudokuPad,
the example puzzles of puzzles/fpuzzles solved and checked by the independent
oracle setter_ok and Variant.is_solution, and bad input named clearly."""

import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from dlxnumba import Sudoku, SudokuError
from dlxnumba.io.lzstring import compress_to_base64, decompress_from_base64
from dlxnumba.sudoku import fpuzzles
from dlxnumba.sudoku.constraints import KINDS, little_killer_cells
from dlxnumba.sudoku.killer import Cages
from reference import killer_ok, setter_ok, sudoku_solutions_brute
from strategies import examples

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "puzzles" / "fpuzzles").glob("*.json"))


def grid4(**extra):
    """An empty 4x4 f-puzzles dict with ``extra`` entries."""
    return {"size": 4, "grid": [[{} for _ in range(4)] for _ in range(4)], **extra}


# ---------------------------------------------------------------------------
# Round trips
# ---------------------------------------------------------------------------

SOLVED6 = "123456456123231564564231312645645312"


@st.composite
def puzzles(draw):
    """A Sudoku of 4x4 or 6x6 with random rules of every kind f-puzzles can show."""
    n = draw(st.sampled_from([4, 6]))
    nn = n * n
    box = (2, 2) if n == 4 else draw(st.sampled_from([(2, 3), (3, 2)]))
    cell = st.integers(0, nn - 1)
    kinds = set(draw(st.lists(st.sampled_from(["x", "windoku", "anti-knight", "anti-king", "non-consecutive",
                                               "disjoint-groups", "jigsaw"]), max_size=2)))
    regions = None
    if "jigsaw" in kinds:
        kinds -= {"jigsaw", "windoku", "disjoint-groups"}
        regions = "AAAB ABBB CCCD CDDD" if n == 4 else "AAAAAB ABBBBB CCCCCD CDDDDD EEEEEF EFFFFF"
        box = None  # a jigsaw has no boxes: f-puzzles keeps no box shape for it
    if n == 4:
        kinds.discard("windoku")  # one window of 2x2 in the middle: fine, but kept for 6x6
    cons = []

    def cells(lo, hi):
        return draw(st.lists(cell, min_size=lo, max_size=hi, unique=True))

    def pair():
        a = draw(cell)
        i, j = divmod(a, n)
        options = [b for b, ok in ((a + 1, j < n - 1), (a + n, i < n - 1)) if ok]
        assume(options)
        return [a, draw(st.sampled_from(options))]

    for kind in draw(st.lists(st.sampled_from(KINDS), max_size=6)):
        if kind == "thermometer":
            cons.append((kind, cells(2, min(n, 4))))
        elif kind == "palindrome":
            cons.append((kind, cells(2, 5)))
        elif kind == "arrow":
            both = cells(2, 5)
            k = draw(st.integers(1, min(2, len(both) - 1)))
            cons.append((kind, both[k:], None, both[:k]))
        elif kind in ("cage", "region"):
            cons.append((kind, cells(1, n)))
        elif kind in ("diagonal+", "diagonal-") and "x" not in kinds:
            if not any(c[0].startswith("diagonal") for c in cons):
                cons.append((kind, ()))
        elif kind == "little-killer":
            r, c = draw(st.sampled_from([(0, j) for j in range(1, n + 1)] + [(i, 0) for i in range(1, n + 1)]
                                        + [(n + 1, j) for j in range(1, n + 1)]))
            direction = draw(st.sampled_from(["DOWN RIGHT", "DOWN LEFT", "UP RIGHT", "UP LEFT"]))
            where = little_killer_cells(n, r, c, direction)
            if where:
                cons.append((kind, where, draw(st.integers(len(where), n * len(where))), (r, c)))
        elif kind == "difference":
            cons.append((kind, pair(), draw(st.integers(1, n - 1))))
        elif kind == "ratio":
            cons.append((kind, pair(), draw(st.integers(2, n))))
        elif kind == "xv":
            cons.append((kind, pair(), draw(st.sampled_from([5, 10] if n == 6 else [5]))))
        elif kind in ("odd", "even", "minimum", "maximum"):
            cons.append((kind, cells(1, 3)))
        elif kind == "clone":
            both = cells(2, 6)
            k = len(both) // 2
            cons.append((kind, both[:k], None, both[k:2 * k]))
        elif kind == "quadruple":
            i, j = draw(st.integers(0, n - 2)), draw(st.integers(0, n - 2))
            cons.append((kind, [i * n + j, i * n + j + 1, (i + 1) * n + j, (i + 1) * n + j + 1],
                         draw(st.lists(st.integers(1, n), min_size=1, max_size=4))))
    # what f-puzzles spells one way: one constraint of each cell kind, negatives of the dots' values
    merged = {}
    for c in cons:
        if c[0] in ("odd", "even", "minimum", "maximum"):
            merged.setdefault(c[0], []).extend(x for x in c[1] if x not in merged.get(c[0], []))
    cons = [c for c in cons if c[0] not in merged] + [(k, v) for k, v in merged.items()]
    dots = [c for c in cons if c[0] in ("difference", "ratio")]
    if dots:
        kinds.discard("non-consecutive")
    if draw(st.booleans()):
        cons.append(("negative-ratio", (), tuple(sorted({c[2] for c in cons if c[0] == "ratio"})) or (2,)))
    if draw(st.booleans()):
        cons.append(("negative-xv", (), (5, 10) if n == 6 else (5,)))
    if dots and draw(st.booleans()):  # without dots, f-puzzles' nonconsecutive reads as the variant
        cons.append(("negative-difference", (), (1,)))
    order = {k: i for i, k in enumerate(KINDS)}
    cons.sort(key=lambda c: order[c[0]])
    cages = None
    if draw(st.booleans()):
        solved = np.array([int(ch) for ch in (SOLVED6 if n == 6 else "1234341221434321")])
        free = draw(st.permutations(range(nn)))[:draw(st.integers(1, 6))]
        cages = [(int(solved[c]), [c]) for c in free]
    givens = "." * nn
    if draw(st.booleans()):
        givens = "".join(ch if draw(st.booleans()) else "." for ch in (SOLVED6 if n == 6 else "1234341221434321"))
    try:
        s = Sudoku(givens, box, variant="+".join(sorted(kinds)) or None, regions=regions, cages=cages,
                   constraints=cons or None)
    except SudokuError:
        assume(False)
    if "windoku" not in kinds:  # a region that is exactly windoku's window reads back as windoku
        windows = {frozenset(w) for w in fpuzzles._windows(n, s.box)}
        assume(not any(c[0] == "region" and frozenset(c[1]) in windows for c in cons))
    return s


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                            HealthCheck.filter_too_much])
@given(puzzles())
def test_round_trip(s):
    text = s.to_fpuzzles()
    back = Sudoku.from_fpuzzles(text)
    assert back == s, (repr(s), repr(back))
    assert Sudoku.from_fpuzzles(json.loads(text)) == s
    assert Sudoku.from_fpuzzles(s.fpuzzles_url()) == s


def test_round_trip_of_classic_shapes():
    for n, box in ((4, (2, 2)), (6, (3, 2)), (8, (2, 4)), (9, (3, 3)), (10, (5, 2)), (12, (3, 4)), (16, (4, 4)),
                   (5, (1, 5)), (7, (7, 1))):
        s = Sudoku("." * (n * n), box)
        assert Sudoku.from_fpuzzles(s.to_fpuzzles()) == s
    killer = Sudoku.killer("." * 16, "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3")
    assert Sudoku.from_fpuzzles(killer.fpuzzles_url()) == killer


def test_a_solved_grid_comes_back_as_its_puzzle():
    s = Sudoku("1...............", constraints="thermometer r1c2 r1c3 r1c4")
    t = s.solve()
    data = json.loads(t.to_fpuzzles())
    assert data["grid"][0][0] == {"value": 1, "given": True}
    assert data["grid"][0][1] == {"value": int(t.grid[0, 1])}  # an entry, not a given
    assert Sudoku.from_fpuzzles(data) == s


def test_metadata():
    s = Sudoku("." * 16)
    text = s.to_fpuzzles(title="Tiny", author="Me", ruleset="Normal rules.")
    p = fpuzzles.read(text)
    assert p.meta == {"title": "Tiny", "author": "Me", "ruleset": "Normal rules."}
    assert fpuzzles.to_fpuzzles(s, **p.meta) == text


# ---------------------------------------------------------------------------
# f-puzzles' semantics
# ---------------------------------------------------------------------------


def test_mapping_of_flags_and_entries():
    s = Sudoku.from_fpuzzles(grid4(**{"diagonal+": True, "diagonal-": True, "antiking": True}))
    assert s.variant.kinds == ("x", "anti-king")
    s = Sudoku.from_fpuzzles(grid4(nonconsecutive=True))
    assert s.variant.kinds == ("non-consecutive",)
    s = Sudoku.from_fpuzzles(grid4(nonconsecutive=True, ratio=[{"cells": ["R1C1", "R1C2"]}], negative=["ratio"]))
    assert s.variant.constraints.text() == "ratio 2 r1c1 r1c2; negative-difference 1; negative-ratio 2"
    s = Sudoku.from_fpuzzles(grid4(negative=["ratio", "xv"]))
    assert s.variant.constraints.text() == "negative-ratio 2; negative-xv 5"
    s = Sudoku.from_fpuzzles(grid4(
        killercage=[{"cells": ["R1C1", "R1C2"], "value": "3"}, {"cells": ["R2C1", "R3C1"]}],
        littlekillersum=[{"cell": "R0C1", "direction": "DR", "value": "10"},
                         {"cell": "R0C2", "direction": "DOWN RIGHT", "value": ""},
                         {"cell": "R0C3", "direction": "DOWN RIGHT", "value": "0"}],
        arrow=[{"lines": [["R3C3", "R4C4"], ["R3C3", "R3C4"]], "cells": ["R3C3"]}],
        odd=[{"cell": "R4C1"}, {"cell": "R4C2"}, {"cell": "R4C1"}],
        xv=[{"cells": ["R2C2", "R2C3"], "value": "V"}]))
    assert s.variant.cages.text() == "AA.. .... .... .... A=3"
    assert s.variant.constraints.text() == ("arrow r3c4 : r3c3; arrow r4c4 : r3c3; cage r2c1 r3c1; "
                                            "little-killer 10 r1c2 r2c3 r3c4 : r0c1; xv 5 r2c2 r2c3; odd r4c1 r4c2")


def test_maximum_cells_side_by_side_are_not_compared():
    """f-puzzles (and SudokuSolver) compare a maximum cell with its neighbours outside
    the maximum cells only: two grey cells side by side (a fortress) both stand above
    their other neighbours."""
    s = Sudoku.from_fpuzzles(grid4(maximum=[{"cell": "R1C1"}, {"cell": "R1C2"}],
                                   minimum=[{"cell": "R4C4"}]))
    solutions = list(s.solutions())
    records = [tuple(c) for c in s.variant.constraints]
    brute = [g for g in sudoku_solutions_brute([0] * 16, 4, (2, 2)) if setter_ok(list(g), 4, records)]
    assert len(solutions) == s.count() == len(brute) > 0
    for t in solutions:
        cells = t.grid.reshape(-1).tolist()
        assert setter_ok(cells, 4, [tuple(c) for c in s.variant.constraints])
        assert cells[0] > cells[4] and cells[1] > cells[5] and cells[1] > cells[2] and cells[15] < cells[14]


def test_regions():
    labels = [0, 0, 0, 1, 0, 1, 1, 1, 2, 2, 2, 3, 2, 3, 3, 3]
    data = grid4()
    for c, r in enumerate(labels):
        data["grid"][c // 4][c % 4]["region"] = r
    s = Sudoku.from_fpuzzles(data)
    assert s.variant.map_text() == "AAABABBBCCCDCDDD"
    # regions that are boxes of another shape: that box shape
    data = {"size": 6, "grid": [[{"region": i // 3 * 3 + j // 2} for j in range(6)] for i in range(6)]}
    assert Sudoku.from_fpuzzles(data).box == (3, 2)
    # a prime side: rows as boxes by default, as in f-puzzles
    assert Sudoku.from_fpuzzles({"size": 5, "grid": [[{}] * 5] * 5}).box == (1, 5)


def test_windoku_reads_back():
    s = Sudoku("." * 81, variant="windoku+anti-knight")
    data = json.loads(s.to_fpuzzles())
    assert len(data["extraregion"]) == 4
    assert Sudoku.from_fpuzzles(data) == s
    data["extraregion"] = data["extraregion"][:3]
    assert Sudoku.from_fpuzzles(data).variant.constraints.kinds() == ("region",)


# ---------------------------------------------------------------------------
# Links
# ---------------------------------------------------------------------------


def test_links_of_every_form():
    s = Sudoku("1...............", constraints="thermometer r1c2 r1c3 r1c4; xv 5 r2c1 r2c2")
    data = compress_to_base64(s.to_fpuzzles())
    quoted = data.replace("+", "%2B").replace("/", "%2F").replace("=", "%3D")
    for link in (f"https://www.f-puzzles.com/?load={data}", f"f-puzzles.com/?load={quoted}",
                 f"https://sudokupad.app/fpuzzles{data}", f"https://sudokupad.app/fpuz{quoted}",
                 f"https://sudokupad.app/?puzzleid=fpuzzles{quoted}",
                 f"https://app.crackingthecryptic.com/sudoku/fpuzzles{data}",
                 f"https://beta.sudokupad.app/fpuzzles{data}", data, data.replace("+", " "), quoted):
        assert Sudoku.from_fpuzzles(link) == s, link
    assert decompress_from_base64(s.fpuzzles_url().split("?load=")[1]) == s.to_fpuzzles()
    assert fpuzzles.is_link("https://sudokupad.app/fpuzzles" + data)
    assert not fpuzzles.is_link(data) and not fpuzzles.is_link("https://example.com/?load=" + data)


@pytest.mark.parametrize("source, message", [
    ("https://www.f-puzzles.com/?id=abc123", r"short link \(\?id=...\)"),
    ("https://sudokupad.app/abc123", "stored on its server"),
    ("https://sudokupad.app/sclN4IgzglgXgpiBcA", "SudokuPad's own format"),
    ("https://example.com/?load=N4Ig", "not a link to f-puzzles or SudokuPad"),
    ("https://www.f-puzzles.com/?load=N4IgzglgXg!", "not lz-string base64"),
    ("https://www.f-puzzles.com/?load=" + compress_to_base64("[1, 2]"), "does not decompress to f-puzzles JSON"),
])
def test_bad_links(source, message):
    with pytest.raises(SudokuError, match=message):
        Sudoku.from_fpuzzles(source)


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("data, message", [
    ('{"size": 9,\n "grid": [}', r"f-puzzles JSON: Expecting value at line 2, column 11"),
    ("[]", "expected an object"),
    ("hello world", "neither JSON, nor a link, nor lz-string base64"),
    ({"size": 17, "grid": []}, "size 17 is not supported"),
    ({"size": "nine", "grid": []}, "'size' must be a whole number"),
    ({"size": 4, "grid": [[{}]]}, "expected 4 rows of 4 cells"),
    ({**grid4(), "sandwichsum": [{"cell": "R0C1", "value": "5"}]}, "rule 'sandwichsum' is not supported"),
    ({**grid4(), "thermometer": [{"lines": [["R1C1", "R1C2"]]}, {"lines": [["R4C1", "R5C1"]]}]},
     r"^f-puzzles thermometer 2: cell R5C1 is outside the 4x4 grid$"),
    ({**grid4(), "palindrome": [{"lines": [["R1C1", "R1C2", "R1C1"]]}]},
     "palindrome 1: the line passes through R1C1 twice"),
    ({**grid4(), "killercage": [{"cells": ["R1C1"], "value": "x3"}]}, "killercage 1: the sum must be a whole number"),
    ({**grid4(), "killercage": [{"cells": ["R1C1"], "value": "3"}, {"cells": ["R1C1", "R1C2"], "value": "4"}]},
     "killercage 1 .* and killercage 2"),
    ({**grid4(), "thermometer": [{"lines": [["R1C1", "R1C2", "R1C3", "R1C4", "R2C4"]]}]},
     "thermometer 1: 5 cells cannot increase"),
    ({**grid4(), "xv": [{"cells": ["R1C1", "R1C2"], "value": "XV"}]}, "xv 1: the value must be 'X' or 'V'"),
    ({**grid4(), "difference": [{"cells": ["R1C1", "R2C2"]}]}, "difference 1: .* not orthogonal neighbours"),
    ({**grid4(), "littlekillersum": [{"cell": "R0C4", "direction": "UP RIGHT", "value": "5"}]}, "points at no cell"),
    ({**grid4(), "littlekillersum": [{"cell": "R0C1", "direction": "SIDEWAYS", "value": "5"}]}, "direction"),
    ({**grid4(), "negative": ["difference"]}, "negative: expected a list of 'ratio' and 'xv'"),
    ({**grid4(), "antiknight": "yes"}, "antiknight: expected true or false"),
    ({"size": 4, "grid": [[{"region": 0}] * 4] * 4}, "f-puzzles regions: 1 pieces on a 4x4 grid"),
    ({"size": 4, "grid": [[{"region": None}] + [{}] * 3] + [[{}] * 4] * 3}, "R1C1: in no region"),
    ({"size": 4, "grid": [[{"value": 5, "given": True}] + [{}] * 3] + [[{}] * 4] * 3}, "R1C1: value 5 is outside"),
    ({"size": 4, "grid": [[{"value": 1, "given": True}] * 2 + [{}] * 2] + [[{}] * 4] * 3}, "givens break the rules"),
    ({"size": 4, "grid": [[{"givenPencilMarks": [1, 2]}] + [{}] * 3] + [[{}] * 4] * 3}, "given pencil marks"),
    (42, "expected JSON text, a dict"),
])
def test_bad_input(data, message):
    with pytest.raises(SudokuError, match=message):
        Sudoku.from_fpuzzles(data if isinstance(data, (str, int)) else json.dumps(data))


def test_cosmetic_entries_are_ignored():
    data = grid4(title="T", text=[{"cells": ["R1C1"], "value": "hi"}], line=[{"lines": [["R1C1", "R1C2"]]}],
                 cage=[{"cells": ["R1C1"], "value": "note"}], solution=[1] * 16, sandwichsum=[])
    data["grid"][0][0].update(centerPencilMarks=[1, 2], c="#ff0000", highlight="#00ff00")
    assert Sudoku.from_fpuzzles(data) == Sudoku("." * 16)


@pytest.mark.parametrize("s, message", [
    (Sudoku("." * 289, (17, 1)), "grids of 4x4 to 16x16"),
    (Sudoku("." * 36, constraints="xv 7 r1c1 r1c2"), "X \\(10\\) and V \\(5\\) marks only"),
    (Sudoku("." * 36, constraints="negative-difference 2"), "only negative difference rule"),
    (Sudoku("." * 36, constraints="ratio 3 r1c1 r1c2; negative-ratio 2"), "covers the values of the ratio dots"),
    (Sudoku("." * 36, constraints="quadruple 1,2 r1c1 r1c2 r1c3"), "four cells around a point"),
    (Sudoku("." * 36, variant="non-consecutive", constraints="ratio 2 r1c1 r1c2"), "exempts dotted pairs"),
])
def test_what_fpuzzles_cannot_show(s, message):
    with pytest.raises(SudokuError, match=message):
        s.to_fpuzzles()


# ---------------------------------------------------------------------------
# The example puzzles: unique, solved, checked by the oracles
# ---------------------------------------------------------------------------


def _records(s):
    return [tuple(c) for c in s.variant.constraints] if s.variant.constraints is not None else []


@pytest.mark.parametrize("path", EXAMPLES, ids=[p.stem for p in EXAMPLES])
def test_example_puzzles(path):
    s = Sudoku.from_fpuzzles(path.read_text(encoding="utf-8"))
    assert fpuzzles.read(path).meta["title"]
    assert s.is_unique()
    t = s.solve()
    cells = t.grid.reshape(-1).tolist()
    assert t.variant.is_solution(t.grid, s.grid, s.box)
    assert setter_ok(cells, s.n, _records(s))
    if s.variant.cages is not None:
        assert killer_ok(cells, s.grid.reshape(-1).tolist(), s.n, s.box, list(s.variant.cages))
    assert Sudoku.from_fpuzzles(s.to_fpuzzles()) == s


def test_links_file():
    links = [line for line in (ROOT / "puzzles" / "fpuzzles" / "links.txt").read_text().splitlines()
             if line.startswith("http")]
    by_link = {Sudoku.from_fpuzzles(link) for link in links}
    by_file = {Sudoku.from_fpuzzles(p.read_text(encoding="utf-8")) for p in EXAMPLES}
    assert by_link == by_file
