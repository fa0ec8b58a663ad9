"""Pictures of a grid: text with box borders, and an HTML table (Jupyter).

Both draw the box borders where the :class:`~.geometry.Geometry` says a box
starts (``box_top``, ``box_left``), or, for a jigsaw, between cells of two
pieces of its region map.  A variant's other rules are drawn too: the HTML
table strikes the diagonals of an X through their cells and shades the
windows of a windoku; the text picture names the extra regions and the bans
on a line below the grid, and the HTML table in its caption.  A killer's
cages (:mod:`.killer`) follow the text picture as a cage map with its sums;
the HTML table outlines each cage with a dashed line and writes its sum in
the corner of its first cell.

Examples
--------
>>> from dlxnumba.sudoku import geometry
>>> cells = np.array([1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1], np.uint8)
>>> print(boxed(cells, geometry(4)))
1 2 | 3 4
3 4 | 1 2
----+----
2 1 | 4 3
4 3 | 2 1
>>> from dlxnumba.sudoku.variants import Variant
>>> v = Variant.parse("x+anti-king", regions="AAAB ABBB CCCD CDDD")
>>> print(boxed(cells, v.geometry(4), v))
1 2 3|4
 +-+-+
3|4 1 2
-+-+-+-
2 1 4|3
 +-+-+
4|3 2 1
x: diagonal r1c1-r4c4, anti-diagonal r1c4-r4c1; anti-king: no two cells a king's move apart hold the same digit
"""

from __future__ import annotations

import html

import numpy as np

from . import killer
from .constraints import Constraints
from .geometry import Geometry
from .text import MAX_TEXT_N, symbol
from .variants import Variant

# Colours of the HTML table.  Each is a theme variable of JupyterLab with a fallback
# for light pages, and every cell paints its own background: the grid follows a
# Jupyter theme, light or dark, and is dark ink on white anywhere else (VS Code,
# nbviewer, a web page).  The digits used to be black on no background at all,
# which a dark theme made unreadable.
#: background of every cell
PAPER = "var(--jp-layout-color0, #fff)"
#: givens (also bold)
INK = "var(--jp-content-font-color0, #000)"
#: digits the solver filled in
FOUND = "var(--jp-brand-color1, #1f5fbf)"
#: thin lines between cells
RULE = "var(--jp-border-color1, #bbb)"
#: thick lines around the boxes and the grid
BOX_RULE = "var(--jp-content-font-color1, #222)"

#: the lines of an X's diagonals, and the windows of a windoku
MARK = "var(--jp-warn-color1, #c77)"
WINDOW = "var(--jp-layout-color2, #e4ecf7)"

_THICK = f"2px solid {BOX_RULE}"
#: what a ban forbids, for the legend
RULES = {"anti-knight": "no two cells a knight's move apart hold the same digit",
         "anti-king": "no two cells a king's move apart hold the same digit",
         "non-consecutive": "no two orthogonal neighbours hold consecutive digits"}


def _bands(starts: np.ndarray) -> list[tuple[int, int]]:
    """``(start, stop)`` of each box along one side, from the mask of box starts."""
    first = np.flatnonzero(starts).tolist()
    return list(zip(first, first[1:] + [len(starts)]))


def legend(geo: Geometry, variant: Variant | None) -> str:
    """One line naming a variant's extra regions and bans ('' for the classic rules)."""
    if not variant:
        return ""
    parts = []
    if geo.extra:
        named: dict[str, list[str]] = {}
        for name, cells in geo.extra_regions:
            if name.startswith("disjoint"):  # one line for them all, below
                named.setdefault("disjoint-groups", [])
                continue
            kind = "x" if "diagonal" in name else "windoku"
            named.setdefault(kind, []).append(f"{name.split()[0] if kind == 'x' else ''}"
                                              f"{' ' if kind == 'x' else ''}{_span(geo.n, cells)}")
        parts += [f"{kind}: {', '.join(spans)}" if kind == "x" else f"windoku: windows {', '.join(spans)}"
                  if kind == "windoku" else "disjoint-groups: the cells at one place in each box hold distinct digits"
                  for kind, spans in named.items()]
    parts += [f"{kind}: {RULES[kind]}" for kind in variant.bans]
    return "; ".join(parts)


def _span(n: int, cells) -> str:
    """A region's cells in short: ``r1c1-r9c9`` (a diagonal) or ``r2-4c2-4`` (a window)."""
    rows = [c // n + 1 for c in cells]
    cols = [c % n + 1 for c in cells]
    if len(set(rows)) == len(rows) and len(set(cols)) == len(cols):  # a diagonal
        first, last = min(cells), max(cells)
        return f"r{first // n + 1}c{first % n + 1}-r{last // n + 1}c{last % n + 1}"
    return f"r{min(rows)}-{max(rows)}c{min(cols)}-{max(cols)}"


def boxed(cells: np.ndarray, geo: Geometry, variant: Variant | None = None) -> str:
    """A text picture of the grid with box borders (or a jigsaw's piece borders), for ``print``."""
    text = _jigsaw_text(cells, geo) if geo.region_map is not None else _boxed(cells, geo)
    more = legend(geo, variant)
    if variant is not None and variant.cages is not None:
        more = (more + "\n" if more else "") + killer.picture(variant.cages, geo)
    if variant is not None and variant.constraints is not None:
        more = (more + "\n" if more else "") + constraints_legend(variant.constraints)
    return text + ("\n" + more if more else "")


def constraints_legend(constraints: Constraints) -> str:
    """The setters' constraints of the text picture: a heading, then one line per
    constraint, its entry in the text form (kind, value, cells).

    >>> from dlxnumba.sudoku.constraints import Constraints
    >>> print(constraints_legend(Constraints.parse("thermo r1c1 r1c2; xv 5 r2c1 r2c2; negative-ratio", n=4)))
    constraints:
      thermometer r1c1 r1c2
      xv 5 r2c1 r2c2
      negative-ratio 2
    """
    n = constraints.n
    return "\n".join(["constraints:"] + [f"  {Constraints(n, [c]).text()}" for c in constraints])


def _jigsaw_text(cells: np.ndarray, geo: Geometry) -> str:
    """The grid with ``|`` and ``-`` between cells of two pieces (``+`` where borders meet)."""
    n = geo.n
    width = 1 if n <= MAX_TEXT_N else len(str(n))
    assert geo.region_map is not None
    piece = geo.region_map.reshape(n, n)
    grid = cells.reshape(n, n)
    lines = []
    for i in range(n):
        if i:
            under = [piece[i - 1, j] != piece[i, j] for j in range(n)]
            seg = []
            for j in range(n):
                seg.append(("-" if under[j] else " ") * width)
                if j < n - 1:
                    meet = (under[j] or under[j + 1] or piece[i - 1, j] != piece[i - 1, j + 1]
                            or piece[i, j] != piece[i, j + 1])
                    seg.append("+" if meet else " ")
            lines.append("".join(seg).rstrip())
        row = []
        for j in range(n):
            row.append(symbol(int(grid[i, j])).rjust(width))
            if j < n - 1:
                row.append("|" if piece[i, j] != piece[i, j + 1] else " ")
        lines.append("".join(row))
    return "\n".join(lines)


def _boxed(cells: np.ndarray, geo: Geometry) -> str:
    n = geo.n
    width = 1 if n <= MAX_TEXT_N else len(str(n))
    bands = _bands(geo.box_left)
    rule = "+".join("-" * ((width + 1) * (stop - start) + 1) for start, stop in bands)[1:-1]
    grid = cells.reshape(n, n)
    lines = []
    for i in range(n):
        if i and geo.box_top[i]:
            lines.append(rule)
        lines.append(" | ".join(" ".join(symbol(int(d)).rjust(width) for d in grid[i, start:stop])
                                for start, stop in bands))
    return "\n".join(lines)


def html_table(cells: np.ndarray, givens: np.ndarray, geo: Geometry, variant: Variant | None = None) -> str:
    """An HTML table of the grid: boxes outlined, givens bold, filled cells blue.

    The colours are JupyterLab's theme variables with light fallbacks
    (:data:`PAPER`, :data:`INK`, :data:`FOUND`), so the grid reads in light and
    dark themes alike.

    >>> from dlxnumba.sudoku import geometry
    >>> html_table(np.zeros(16, np.uint8), np.zeros(16, bool), geometry(4)).count("<td")
    16
    >>> v = Variant.parse("x")
    >>> t = html_table(np.zeros(16, np.uint8), np.zeros(16, bool), v.geometry(4), v)
    >>> t.count("linear-gradient"), "<caption" in t
    (8, True)
    """
    n = geo.n
    size = 28 if n <= 9 else 22 if n <= 16 else 18
    grid = cells.reshape(n, n)
    given = givens.reshape(n, n)
    paint = _paint(geo)
    marks = {} if variant is None or variant.cages is None else killer.html_marks(variant.cages, MARK, INK)
    rows = []
    for i in range(n):
        tds = [_td(int(grid[i, j]), bool(given[i, j]), _borders(geo, i, j), size, paint.get(i * n + j),
                   marks.get(i * n + j, "")) for j in range(n)]
        rows.append("<tr>" + "".join(tds) + "</tr>")
    more = legend(geo, variant)
    caption = (f'<caption style="caption-side:bottom;font-size:11px;color:{INK}">'
               f"{html.escape(more)}</caption>" if more else "")
    return ('<table class="dlxnumba-sudoku" style="border-collapse:collapse;'
            f"background:{PAPER};color:{INK};"
            f'font-family:monospace;font-size:{size * 0.6:.0f}px">' + caption + "".join(rows) + "</table>")


def _paint(geo: Geometry) -> dict[int, str]:
    """The background of each cell of an extra region: a line through the cells of
    a diagonal, a shade over a window."""
    layers: dict[int, list[str]] = {}
    base: dict[int, str] = {}
    for name, cells in geo.extra_regions:
        if "diagonal" in name:
            # A gradient runs its stops along its direction, so the stripe at 50% is
            # across it: "to bottom left" draws "\" (top left to bottom right, the
            # main diagonal's way), "to bottom right" draws "/" (the anti-diagonal's).
            way = "to bottom right" if name.startswith("anti") else "to bottom left"
            line = f"linear-gradient({way},transparent 47%,{MARK} 48%,{MARK} 52%,transparent 53%)"
            for c in cells:
                layers.setdefault(c, []).append(line)
        elif name.startswith("window"):
            for c in cells:
                base[c] = WINDOW
    return {c: ",".join(layers.get(c, []) + [base.get(c, PAPER)]) for c in set(layers) | set(base)}


def _borders(geo: Geometry, i: int, j: int) -> list[str]:
    """The thick borders of cell ``(i, j)``: where a box (a piece) starts, and the outline."""
    last = geo.n - 1
    if geo.region_map is not None:
        piece = geo.region_map.reshape(geo.n, geo.n)
        p = piece[i, j]
        edges = (("top", i == 0 or piece[i - 1, j] != p), ("left", j == 0 or piece[i, j - 1] != p),
                 ("bottom", i == last), ("right", j == last))
    else:
        edges = (("top", geo.box_top[i]), ("left", geo.box_left[j]), ("bottom", i == last),
                 ("right", j == last))
    return [f"border-{side}:{_THICK}" for side, thick in edges if thick]


def _td(d: int, given: bool, borders: list[str], size: int, background: str | None = None,
        inner: str = "") -> str:
    """One cell of the table: digit ``d`` (0 = empty).

    Every cell sets its background (a notebook's own table styles, such as
    striped rows, would show through otherwise) and its colour.
    """
    style = [f"width:{size}px;height:{size}px;text-align:center;padding:0",
             f"border:1px solid {RULE}", *borders, f"background:{background or PAPER}"]
    if inner:  # a killer's cage outline and sum, placed inside the cell
        style.append("position:relative")
    if d and given:
        style.append(f"font-weight:bold;color:{INK}")
    elif d:
        style.append(f"font-weight:normal;color:{FOUND}")
    cls = "given" if d and given else "filled" if d else "empty"
    return f'<td class="{cls}" style="{";".join(style)}">{inner}{html.escape(symbol(d)) if d else ""}</td>'


# ---------------------------------------------------------------------------
# Overlapping grids (gattai, :mod:`.gattai`): one picture of the canvas
# ---------------------------------------------------------------------------


def _gattai_rules(shape: tuple[int, int], box: tuple[int, int], offsets) -> tuple[np.ndarray, np.ndarray]:
    """The thick lines of a canvas of overlapping grids: ``across[i, j]`` above cell
    ``(i, j)`` (``i`` up to the height: the last is below the last row) and
    ``down[i, j]`` left of it (``j`` up to the width), wherever a box or a grid
    edge of a grid that holds a cell beside the line runs."""
    h, w = shape
    r, c = box
    n = r * c
    across = np.zeros((h + 1, w), bool)
    down = np.zeros((h, w + 1), bool)
    for gi, gj in offsets:
        across[gi:gi + n + 1:r, gj:gj + n] = True
        down[gi:gi + n, gj:gj + n + 1:c] = True
    return across, down


def gattai_text(cells: np.ndarray, mask: np.ndarray, shape: tuple[int, int], box: tuple[int, int],
                offsets) -> str:
    """A text picture of overlapping grids: digits (``.`` empty) with ``|``, ``-`` and
    ``+`` along every grid's boxes, blanks outside every grid.

    >>> from dlxnumba.sudoku.gattai import Gattai
    >>> print(Gattai("12.. \\n..21 \\n.4..3.\\n..1.2.\\n  ....\\n  ....", "twodoku", n=4).boxed())
    +---+---+
    |1 2|. .|
    |. .|2 1|
    +---+---+---+
    |. 4|. .|3 .|
    |. .|1 .|2 .|
    +---+---+---+
        |. .|. .|
        |. .|. .|
        +---+---+
    """
    h, w = shape
    across, down = _gattai_rules(shape, box, offsets)
    grid = cells.reshape(h, w)
    inside = mask.reshape(h, w)
    lines = []
    for i in range(h + 1):
        row = []
        for j in range(w + 1):
            left = j > 0 and across[i, j - 1]
            right = j < w and across[i, j]
            up = i > 0 and down[i - 1, j]
            low = i < h and down[i, j]
            row.append("+" if (left or right) and (up or low) else "-" if left or right else
                       "|" if up or low else " ")
            if j < w:
                row.append("-" if across[i, j] else " ")
        if across[i].any():  # a line of rules; rows inside a band of boxes are not parted
            lines.append("".join(row).rstrip())
        if i < h:
            row = []
            for j in range(w + 1):
                row.append("|" if down[i, j] else " ")
                if j < w:
                    row.append(symbol(int(grid[i, j])) if inside[i, j] else " ")
            lines.append("".join(row).rstrip())
    return "\n".join(lines)


def gattai_html(cells: np.ndarray, givens: np.ndarray, mask: np.ndarray, shape: tuple[int, int],
                box: tuple[int, int], offsets) -> str:
    """One HTML table of overlapping grids: each grid's boxes outlined, givens bold,
    found digits blue (the colours of :func:`html_table`), cells outside every grid
    drawn with no border and no background (the page shows through).

    >>> from dlxnumba.sudoku.gattai import Gattai
    >>> t = Gattai.generate("twodoku", n=4, seed=1).to_html()
    >>> t.count('class="outside"'), t.count("<td")
    (8, 36)
    """
    h, w = shape
    across, down = _gattai_rules(shape, box, offsets)
    grid = cells.reshape(h, w)
    given = givens.reshape(h, w)
    inside = mask.reshape(h, w)
    size = 26
    rows = []
    for i in range(h):
        tds = []
        for j in range(w):
            if not inside[i, j]:
                tds.append(f'<td class="outside" style="width:{size}px;height:{size}px;padding:0;'
                           f'border:none;background:transparent"></td>')
                continue
            borders = [f"border-{side}:{_THICK}" for side, thick in
                       (("top", across[i, j]), ("bottom", across[i + 1, j]), ("left", down[i, j]),
                        ("right", down[i, j + 1])) if thick]
            tds.append(_td(int(grid[i, j]), bool(given[i, j]), borders, size))
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return ('<table class="dlxnumba-sudoku dlxnumba-gattai" style="border-collapse:collapse;'
            f"background:transparent;color:{INK};"
            f'font-family:monospace;font-size:{size * 0.6:.0f}px">' + "".join(rows) + "</table>")
