"""Pictures of a grid (dlxnumba.sudoku.display): boxed text for print, HTML for Jupyter.

The HTML colour checks use ``tests/display_screens.py`` (WCAG contrast, and headless
Chromium where it is installed)."""

import re

import numpy as np
import pytest

import display_screens
from dlxnumba import Sudoku, SudokuError
from dlxnumba.sudoku import display
from known import TOP1, empty


def test_boxed():
    s = Sudoku(TOP1)
    lines = s.boxed().splitlines()
    assert len(lines) == 11
    assert lines[0].split() == ["4", ".", ".", "|", ".", ".", ".", "|", "8", ".", "5"]
    assert lines[3] == lines[7] and set(lines[3]) == {"-", "+"}
    assert Sudoku(s.boxed()) == s
    assert format(s, "boxed") == s.boxed() and format(s) == str(s)


def test_box_drawing_shows_the_box_shape():
    t = Sudoku(empty(6), box=(3, 2)).solve()
    lines = t.boxed().splitlines()
    assert len(lines) == 7 and lines[3].replace("-", "").replace("+", "") == ""
    assert all(line.count("|") == 2 for i, line in enumerate(lines) if i != 3)
    t = Sudoku(empty(6)).solve()
    lines = t.boxed().splitlines()
    assert len(lines) == 8 and lines[2].strip("-+") == "" and lines[5].strip("-+") == ""
    assert all(line.count("|") == 1 for i, line in enumerate(lines) if i not in (2, 5))


def test_html():
    s = Sudoku(TOP1)
    t = s.solve()
    for grid, n_given in ((s, 17), (t, 17)):
        h = grid.to_html()
        assert h.startswith("<table") and h.endswith("</table>")
        assert h.count("<tr>") == 9 and h.count("<td") == 81
        assert h.count('class="given"') == n_given
    h = t.to_html()
    assert h.count('class="filled"') == 81 - 17 and 'class="empty"' not in h
    h = s.to_html()
    assert h.count('class="empty"') == 81 - 17 and 'class="filled"' not in h
    # the classes are in the given cells' places
    cells = [part.split('"')[1] for part in t.to_html().split('<td class=')[1:]]
    assert cells == ["given" if ch != "." else "filled" for ch in TOP1]
    h16 = Sudoku(empty(16)).solve().to_html()
    assert h16.count("<tr>") == 16 and h16.count("<td") == 256 and ">G</td>" in h16


def test_large_grids_display_and_size_limit():
    """Grids past 61 digits print spaced numbers (text, boxed, HTML); sides past 250 are refused."""
    g = np.zeros((64, 64), np.uint8)
    g[0, 0] = 64
    s = Sudoku(g)
    assert str(s).split()[0] == "64" and "64" in s.boxed() and "<table" in s.to_html()
    with pytest.raises(SudokuError, match="250"):
        Sudoku(np.zeros((256, 256), np.uint8))


# ---------------------------------------------------------------------------
# Colours: readable in light and dark notebooks (the grid was black digits on no
# background, unreadable in a dark theme)
# ---------------------------------------------------------------------------

VAR = re.compile(r"var\((--[\w-]+), (#[0-9a-f]{3,6})\)")


def _cells(h: str) -> list[tuple[str, dict[str, str], str]]:
    """(class, style declarations, text) of every cell of an HTML grid."""
    out = []
    for cls, style, text in re.findall(r'<td class="(\w+)" style="([^"]*)">([^<]*)</td>', h):
        declarations = dict(d.split(":", 1) for d in style.split(";"))
        out.append((cls, declarations, text))
    return out


def test_html_paints_every_cell_and_its_digit():
    s = Sudoku(TOP1)
    h = s.solve().to_html()
    cells = _cells(h)
    assert len(cells) == 81
    table = re.match(r'<table class="dlxnumba-sudoku" style="([^"]*)">', h).group(1)
    assert f"background:{display.PAPER}" in table and f"color:{display.INK}" in table
    for cls, style, text in cells:
        assert style["background"] == display.PAPER, (cls, style)
        assert text
        if cls == "given":
            assert style["font-weight"] == "bold" and style["color"] == display.INK
        else:
            assert cls == "filled" and style["font-weight"] == "normal" and style["color"] == display.FOUND
    assert display.BOX_RULE in h and display.RULE in h
    # an unsolved grid: empty cells are painted too, and hold nothing
    empties = [c for c in _cells(s.to_html()) if c[0] == "empty"]
    assert len(empties) == 81 - 17 and all(style["background"] == display.PAPER and not text
                                           for _, style, text in empties)


@pytest.mark.parametrize("theme", ["fallback", "light", "dark"])
def test_the_colours_contrast_in_every_theme(theme):
    """Each colour is a JupyterLab variable with a fallback; with the fallbacks (no
    theme) and with JupyterLab's light and dark values, the digits stand out from the
    paper (WCAG AA: 4.5 for text, 3 for the box lines)."""
    values = {}
    for colour in (display.PAPER, display.INK, display.FOUND, display.BOX_RULE):
        name, fallback = VAR.fullmatch(colour).groups()
        css = fallback if theme == "fallback" else display_screens.JUPYTERLAB[theme][name]
        values[colour] = _rgb(css)
    paper = values[display.PAPER]
    assert display_screens.contrast(values[display.INK], paper) >= 4.5
    assert display_screens.contrast(values[display.FOUND], paper) >= 4.5
    assert display_screens.contrast(values[display.BOX_RULE], paper) >= 3
    assert values[display.INK] != values[display.FOUND]  # givens differ by colour, not only weight


def _rgb(css: str) -> tuple[float, float, float]:
    """A CSS colour of the forms used here (#rgb, #rrggbb, white, rgba(...)) over white."""
    named = {"white": "#ffffff", "black": "#000000"}
    css = named.get(css, css)
    if css.startswith("#"):
        digits = css[1:] if len(css) == 7 else "".join(ch * 2 for ch in css[1:])
        return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
    return display_screens.over(display_screens.rgba(css), (255.0, 255.0, 255.0))


CHROMIUM = display_screens.find_chromium()
needs_chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")


@pytest.fixture(scope="module")
def browser():
    """One headless Chromium for every browser test of this file (each start costs
    seconds of CPU); each page is a tab of it."""
    with display_screens.Browser(CHROMIUM) as b:
        yield b


@needs_chromium
def test_the_grid_reads_on_light_and_dark_pages_in_a_browser(browser, tmp_path):
    """Headless Chromium draws the grid on four pages (light, dark, JupyterLab's light
    and dark themes with its table rules); the colours it computes contrast enough.
    ``python tests/display_screens.py DIR`` makes the screenshots."""
    cells = display_screens.measure(browser, display_screens.grid_html(), tmp_path)
    assert {c["panel"] for c in cells} == {p[0] for p in display_screens.PANELS}
    for panel, *_ in display_screens.PANELS:
        mine = [c for c in cells if c["panel"] == panel]
        assert len(mine) == 81
        given_colours = set()
        for c in mine:
            assert display_screens.text_contrast(c) >= 4.5, (panel, c)
            if c["cls"] == "given":
                assert int(c["weight"]) >= 700, (panel, c)
                given_colours.add(c["color"])
            else:
                assert int(c["weight"]) < 700, (panel, c)
            if c["box_rule"]:
                background = display_screens.drawn_background(c["backgrounds"])
                line = display_screens.over(display_screens.rgba(c["box_rule"]), background)
                assert display_screens.contrast(line, background) >= 3, (panel, c)
        assert given_colours.isdisjoint(c["color"] for c in mine if c["cls"] == "filled"), panel


def _expected_strokes(n: int) -> list[str]:
    """An X's strokes by the rules: the main diagonal (r1c1 to rNcN) from the top left
    corner of each of its cells to the bottom right, the anti-diagonal the other way."""
    return ["X" if i == j and i + j == n - 1 else "\\" if i == j else "/" if i + j == n - 1 else ""
            for i in range(n) for j in range(n)]


@needs_chromium
@pytest.mark.parametrize("name", ["x", "windoku+x", "x 6x6"])
def test_the_diagonals_of_an_x_are_drawn_as_lines_in_a_browser(browser, name, tmp_path):
    """The X's diagonals were drawn the wrong way (issue 20, finding 17): a gradient
    "to bottom right" draws its stops along the top-left to bottom-right line, so its
    50% stripe runs from bottom left to top right ("/"): each cell of the main diagonal
    showed "/" and of the anti-diagonal "\\", a zig-zag.  Read from Chromium's pixels."""
    grid = display_screens.variant_grids()[name]
    got = display_screens.strokes(browser, grid, tmp_path, name.replace(" ", "-"))
    n = 6 if "6x6" in name else 9
    assert len(got) == n * n
    wrong = [f"r{k // n + 1}c{k % n + 1}: {g!r}" for k, (g, want) in enumerate(zip(got, _expected_strokes(n)))
             if g != want]
    assert not wrong, wrong


@needs_chromium
def test_the_setters_drawing_in_a_browser(browser, tmp_path):
    """The SVG of a grid with setters' constraints (display_screens.SETTERS: thermometer,
    arrows, palindrome, dots, XV, cage, little killers, ...) on light and dark pages and
    JupyterLab themes: the givens contrast, and the pixels show the marks where the
    constraints are -- grey at the thermometer's bulb and along its line, black at the
    black dot, white at the white dot, ink at the little killer's clue and the X, the
    mark colour on the cage's outline."""
    ds = display_screens
    found, pixels = ds.look_drawing(browser, tmp_path)
    assert [p["panel"] for p in found] == [p[0] for p in ds.PANELS]
    kinds = [c.kind for c in Sudoku(ds.SOLUTION, constraints=ds.SETTERS).variant.constraints]
    for p in found:
        where = p["panel"]
        assert sorted(p["groups"]) == sorted(f"constraint {k}" for k in kinds), where  # one group each
        paper = ds.over(ds.rgba(p["paper"]), (255.0, 255.0, 255.0))
        digits = p["digits"]
        assert "".join(d["text"] for d in digits) == ds.SOLUTION, where
        for k, d in enumerate(digits):
            assert d["cls"] == ("given" if k % 3 == 0 else "filled"), (where, k)
            ink = ds.over(ds.rgba(d["fill"]), paper)
            assert ds.contrast(ink, paper) >= 4.5, (where, d)
            assert (int(d["weight"]) >= 700) == (d["cls"] == "given"), (where, d)
            if d["cls"] == "given":  # drawn: some pixel of the digit is as dark (light) as its ink
                assert ds.strongest(pixels, d["box"], paper) >= 4.5, (where, d)
        line = ds.over(ds.rgba(p["line"]), paper)
        assert ds.contrast(line, paper) >= 1.3, where  # a grey shape, seen on the paper
        x, y = ds.centre(p["bulb"])
        assert _close(ds.pixel(pixels, x + 0.4 * p["bulb"][2], y), line), where  # in the bulb, off its digit
        # along the line: between the centres of r1c2 and r2c2 (digits 1 and 10), on the cells' border
        (x1, y1), (x2, y2) = ds.centre(digits[1]["box"]), ds.centre(digits[10]["box"])
        assert _close(ds.pixel(pixels, (x1 + x2) / 2, (y1 + y2) / 2), line), where
        # where the rules put them: the bulb on r1c1, the black dot between r5c8 and r6c8,
        # the 45 up and left of r2c1 (outside the grid), the X between r4c8 and r4c9
        at = [ds.centre(d["box"]) for d in digits]
        assert abs(x - at[0][0]) < 2 and abs(y - at[0][1]) < 4, where
        bx, by = ds.centre(p["black"])
        assert abs(bx - at[43][0]) < 2 and at[43][1] < by < at[52][1], where
        cx, cy = ds.centre(p["clue"])
        assert cx < p["svg"][0] + 0.1 * p["svg"][2] and cy < at[9][1] and cx < at[9][0] - 10, where
        xx, xy = ds.centre(p["xv"])
        assert at[34][0] < xx < at[35][0] and abs(xy - at[34][1]) < 4, where
        assert _close(ds.pixel(pixels, bx, by), (0, 0, 0)), where
        assert _close(ds.pixel(pixels, *ds.centre(p["white"])), (255, 255, 255)), where
        assert ds.strongest(pixels, p["clue"], paper) >= 4.5, where
        assert ds.strongest(pixels, p["xv"], paper) >= 4.5, where
        mark = ds.over(ds.rgba(p["mark"]), paper)
        assert ds.nearest(pixels, p["cage"], mark) < 60, where
        # and the paper is what the page shows between them (the picture paints its own)
        assert _close(ds.pixel(pixels, p["svg"][0] + 3, p["svg"][1] + 3), paper), where


def _close(a, b, tol: float = 12.0) -> bool:
    """Two colours within ``tol`` in every channel."""
    return all(abs(x - y) <= tol for x, y in zip(a, b))
@needs_chromium
def test_a_samurai_reads_in_a_browser_and_its_outside_cells_draw_nothing(browser, tmp_path):
    """A samurai is one table of 21x21 cells: in all four panels the givens and the
    found digits contrast with the paper, and the 72 cells outside every grid have no
    border of their own; on a tinted page a screenshot shows only the page's colour
    inside each of them (no paper, no line), and lines around the grids."""
    import numpy as np

    grid = display_screens.samurai_html()
    cells = display_screens.measure(browser, grid, tmp_path)
    for panel, *_ in display_screens.PANELS:
        mine = [c for c in cells if c["panel"] == panel]
        assert len(mine) == 21 * 21
        outside = [c for c in mine if c["cls"] == "outside"]
        assert len(outside) == 72 and all(c["text"] == "" and set(c["borders"]) == {"none"} for c in outside)
        digits = [c for c in mine if c["cls"] in ("given", "filled")]
        assert len(digits) == 21 * 21 - 72 and {c["cls"] for c in digits} == {"given", "filled"}
        for c in digits:
            assert display_screens.text_contrast(c) >= 4.5, (panel, c)
            assert (int(c["weight"]) >= 700) == (c["cls"] == "given"), (panel, c)
    tint = (0xE8, 0xD8, 0xB0)
    pixels, rects = display_screens.cell_pixels(browser, grid, tmp_path, "#e8d8b0", "samurai")
    seen = 0
    for left, top, width, height, cls in rects:
        inner = pixels[int(top) + 3:int(top + height) - 2, int(left) + 3:int(left + width) - 2]
        off = np.abs(inner - np.array(tint)).max()
        if cls == "outside":
            assert off <= 2, (left, top, off)
            seen += 1
        else:
            assert off > 20  # the paper, not the page
    assert seen == 72
