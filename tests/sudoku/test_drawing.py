"""The drawing of setters' constraints (dlxnumba.sudoku.drawing): an SVG, checked as XML.

No search runs here: the grids are built from their givens (parsing and the rules'
checks only), so each test takes milliseconds.  The pixels a browser draws from
these pictures are checked in tests/sudoku/test_display.py."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest

from dlxnumba import Sudoku, SudokuError
from dlxnumba.sudoku import display, drawing
from dlxnumba.sudoku.constraints import Constraints

import display_screens

NS = "{http://www.w3.org/2000/svg}"
#: a 4x4 grid and constraints it keeps
SOLUTION4 = "1234341221434321"
RULES4 = ("thermometer r1c1 r1c2 r1c3; arrow r2c3 r3c4 : r2c2; palindrome r1c1 r2c2 r3c2; difference r3c1 r3c2; "
          "ratio r1c4 r2c4; xv V r4c2 r4c3; cage r3c3 r3c4 r4c3; little-killer 6 r2c1 r3c2 r4c3 : r1c0; odd r4c4; "
          "even r4c3; minimum r2c3; quadruple 1,4 r1c3 r1c4 r2c3 r2c4; clone r2c3 : r4c4")


def _svg(s) -> ET.Element:
    """The picture of ``s``, parsed (it must be well-formed XML)."""
    return ET.fromstring(s.to_svg())


def _groups(root: ET.Element) -> list[ET.Element]:
    return [g for g in root.iter(f"{NS}g") if g.get("class", "").startswith("constraint ")]


def _setters():
    """The 9x9 grid of the browser test (display_screens), every third cell given."""
    return Sudoku("".join(d if k % 3 == 0 else "." for k, d in enumerate(display_screens.SOLUTION)),
                  constraints=display_screens.SETTERS)


def test_the_svg_is_well_formed_with_one_group_per_constraint():
    for s in (Sudoku(SOLUTION4, constraints=RULES4), Sudoku("1" + "." * 15, constraints=RULES4), _setters()):
        cons = s.variant.constraints
        if s.is_complete():  # the rules' own verifier: the example keeps its constraints
            assert cons.is_solution(np.asarray(s).ravel())
        root = _svg(s)
        assert root.tag == f"{NS}svg" and root.get("viewBox").startswith("0 0 ")
        groups = _groups(root)
        assert len(groups) == len(cons)
        # each group is its constraint: its kind, its index and, as its title, its text
        for g in groups:
            k = int(g.get("data-index"))
            assert g.get("class") == f"constraint {cons[k].kind}"
            assert g.find(f"{NS}title").text == Constraints(cons.n, [cons[k]]).text()
        assert sorted(int(g.get("data-index")) for g in groups) == list(range(len(cons)))
        texts = root.findall(f".//{NS}g[@class='digits']/{NS}text")
        assert [t.text for t in texts] == [ch for ch in str(s) if ch != "."]
        assert [t.get("class") for t in texts] == ["given"] * len(texts)  # a puzzle: all its digits given
        assert not root.findall(f".//{NS}script")


def test_each_kind_draws_its_shapes():
    s = Sudoku(SOLUTION4, constraints=RULES4)
    root = _svg(s)
    by_kind = {g.get("class").split()[1]: g for g in _groups(root)}
    tags = {kind: sorted({e.tag[len(NS):] for e in g if e.tag != f"{NS}title"}) for kind, g in by_kind.items()}
    assert tags == {"thermometer": ["circle", "path"], "arrow": ["circle", "path"], "palindrome": ["path"],
                    "difference": ["circle"], "ratio": ["circle"], "xv": ["text"], "cage": ["path"],
                    "little-killer": ["path", "text"], "odd": ["circle"], "even": ["path"], "minimum": ["path"],
                    "quadruple": ["circle", "text"], "clone": ["path"]}
    assert by_kind["xv"].find(f"{NS}text").text == "V"
    assert by_kind["little-killer"].find(f"{NS}text").text == "6"
    assert [t.text for t in by_kind["quadruple"].findall(f"{NS}text")] == ["1 4"]
    # kropki: the colours of the dots do not follow the theme (black stays black)
    assert "fill:#000" in by_kind["ratio"].find(f"{NS}circle").get("style")
    assert "fill:#fff" in by_kind["difference"].find(f"{NS}circle").get("style")
    # the places: the bulb on r1c1's digit, the clue outside the grid, up and left of r2c1
    digits = root.findall(f".//{NS}g[@class='digits']/{NS}text")
    at = [(float(t.get("x")), float(t.get("y"))) for t in digits]
    bulb = by_kind["thermometer"].find(f"{NS}circle")
    assert (float(bulb.get("cx")), float(bulb.get("cy"))) == pytest.approx(at[0], abs=1)
    cell = at[1][0] - at[0][0]
    clue = by_kind["little-killer"].find(f"{NS}text")
    assert float(clue.get("x")) < at[0][0] - cell / 2 and at[0][1] - cell / 2 < float(clue.get("y")) < at[4][1]


def test_values_on_dots_and_xv():
    s = Sudoku("." * 36, constraints="difference 2 r1c1 r1c2; ratio 3 r2c1 r2c2; xv 7 r3c1 r3c2; xv X r4c1 r4c2; "
                                     "difference r5c1 r5c2; ratio r6c1 r6c2")
    words = [[t.text for t in g.iter(f"{NS}text")] for g in _groups(_svg(s))]
    assert sorted(map(tuple, words)) == sorted([("2",), ("3",), ("7",), ("X",), (), ()])


def test_escaping_and_the_title():
    s = Sudoku("1" + "." * 15, constraints="odd r1c1")
    tricky = 'a <b> & "c" \'d\''
    root = ET.fromstring(s.to_svg(title=tricky))
    assert root.find(f"{NS}title").text == tricky
    assert _svg(s).find(f"{NS}title").text == "Sudoku 4x4 with 1 constraints"
    html = s._repr_html_()
    ET.fromstring(html)  # the whole div is well-formed too
    with pytest.raises(SudokuError, match="title must be text, not"):
        s.to_svg(title=3)


def test_jupyter_shows_the_drawing_only_for_constraints():
    plain = Sudoku("1" + "." * 15)
    assert plain._repr_html_().startswith("<table") and plain.to_html() == display.html_table(
        plain._cells, plain._puzzle != 0, plain.geometry)  # (private: the cells the table is drawn from)
    killer = Sudoku("." * 16, cages="AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3")
    assert killer._repr_html_().startswith("<table")
    drawn = Sudoku("1" + "." * 15, constraints="odd r1c1")._repr_html_()
    assert drawn.startswith('<div class="dlxnumba-sudoku-drawing"') and drawn.count("<svg") == 1
    # any grid has a picture, a plain one too
    root = _svg(plain)
    assert not _groups(root) and [t.text for t in root.iter(f"{NS}text")] == ["1"]


def test_variants_killer_cages_and_negatives_with_constraints():
    s = Sudoku("." * 81, variant="x+windoku", cages="AA" + "." * 78 + "B A=3 B=4",
               constraints="odd r5c5; negative-difference; diagonal+")
    root = _svg(s)
    classes = [e.get("class") for e in root.iter() if e.get("class")]
    assert {"windows", "diagonal", "anti-diagonal", "killer-cage", "cage-sum", "boxes", "rules"} <= set(classes)
    assert sorted(t.text for t in root.iter(f"{NS}text") if t.get("class") == "cage-sum") == ["3", "4"]
    # the negative constraint has a group (its title) but nothing drawn; the caption says it
    neg = next(g for g in _groups(root) if g.get("class") == "constraint negative-difference")
    assert [e.tag for e in neg] == [f"{NS}title"]
    html = s._repr_html_()
    assert "never differ by 1" in html and "windoku: windows" in html and "x: diagonal" in html
    assert drawing.caption(s.geometry, s.variant).count("; ") == 2


def test_a_jigsaw_draws_its_pieces():
    s = Sudoku("." * 16, regions="AAAB ABBB CCCD CDDD", constraints="thermo r1c1 r2c1")
    boxes = next(e for e in _svg(s).iter(f"{NS}path") if e.get("class") == "boxes").get("d")
    # a unit segment between each two neighbours of two pieces, and the outline
    rows = "AAAB ABBB CCCD CDDD".split()
    borders = sum(rows[i][j] != rows[i][j + 1] for i in range(4) for j in range(3)) + \
        sum(rows[i][j] != rows[i + 1][j] for i in range(3) for j in range(4))
    assert boxes.count("M") == borders + 1


def test_sizes_up_to_16():
    s = Sudoku("G" + "." * 255, constraints="thermometer r1c2 r1c3; xv 20 r2c1 r2c2")
    root = _svg(s)
    assert int(root.get("width")) < 16 * 30 and "G" in [t.text for t in root.iter(f"{NS}text")]


def test_the_text_picture_lists_the_constraints():
    s = Sudoku(SOLUTION4, constraints=RULES4)
    lines = s.boxed().splitlines()
    start = lines.index("constraints:")
    assert lines[start + 1:] == [f"  {entry}" for entry in s.variant.constraints.text().split("; ")]
    assert lines[:start] == Sudoku(SOLUTION4).boxed().splitlines()
    # with a killer's cages too: first the cage map, then the constraints
    k = Sudoku("." * 16, cages="AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3", constraints="odd r1c1")
    text = k.boxed()
    assert text.index("killer cages:") < text.index("constraints:") and text.endswith("  odd r1c1")


def test_disjoint_groups_are_not_windows():
    s = Sudoku("." * 16, variant="disjoint-groups")
    assert "windoku" not in s.boxed() and "disjoint-groups" in s.boxed()
    assert display.WINDOW not in s.to_html()
