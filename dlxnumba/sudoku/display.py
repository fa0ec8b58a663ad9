"""Pictures of a grid: text with box borders, and an HTML table (Jupyter).

Both draw the box borders where the :class:`~.geometry.Geometry` says a box
starts (``box_top``, ``box_left``).

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
"""

from __future__ import annotations

import html

import numpy as np

from .geometry import Geometry
from .text import MAX_TEXT_N, _symbol

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

_THICK = f"2px solid {BOX_RULE}"


def _bands(starts: np.ndarray) -> list[tuple[int, int]]:
    """``(start, stop)`` of each box along one side, from the mask of box starts."""
    first = np.flatnonzero(starts).tolist()
    return list(zip(first, first[1:] + [len(starts)]))


def boxed(cells: np.ndarray, geo: Geometry) -> str:
    """A text picture of the grid with box borders, for ``print``."""
    n = geo.n
    width = 1 if n <= MAX_TEXT_N else len(str(n))
    bands = _bands(geo.box_left)
    rule = "+".join("-" * ((width + 1) * (stop - start) + 1) for start, stop in bands)[1:-1]
    grid = cells.reshape(n, n)
    lines = []
    for i in range(n):
        if i and geo.box_top[i]:
            lines.append(rule)
        lines.append(" | ".join(" ".join(_symbol(int(d)).rjust(width) for d in grid[i, start:stop])
                                for start, stop in bands))
    return "\n".join(lines)


def html_table(cells: np.ndarray, givens: np.ndarray, geo: Geometry) -> str:
    """An HTML table of the grid: boxes outlined, givens bold, filled cells blue.

    The colours are JupyterLab's theme variables with light fallbacks
    (:data:`PAPER`, :data:`INK`, :data:`FOUND`), so the grid reads in light and
    dark themes alike.

    >>> from dlxnumba.sudoku import geometry
    >>> html_table(np.zeros(16, np.uint8), np.zeros(16, bool), geometry(4)).count("<td")
    16
    """
    n = geo.n
    size = 28 if n <= 9 else 22 if n <= 16 else 18
    grid = cells.reshape(n, n)
    given = givens.reshape(n, n)
    rows = []
    for i in range(n):
        tds = [_td(int(grid[i, j]), bool(given[i, j]), _borders(geo, i, j), size) for j in range(n)]
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return ('<table class="dlxnumba-sudoku" style="border-collapse:collapse;'
            f"background:{PAPER};color:{INK};"
            f'font-family:monospace;font-size:{size * 0.6:.0f}px">' + "".join(rows) + "</table>")


def _borders(geo: Geometry, i: int, j: int) -> list[str]:
    """The thick borders of cell ``(i, j)``: where a box starts, and the outline."""
    last = geo.n - 1
    edges = (("top", geo.box_top[i]), ("left", geo.box_left[j]), ("bottom", i == last), ("right", j == last))
    return [f"border-{side}:{_THICK}" for side, thick in edges if thick]


def _td(d: int, given: bool, borders: list[str], size: int) -> str:
    """One cell of the table: digit ``d`` (0 = empty).

    Every cell sets its background (a notebook's own table styles, such as
    striped rows, would show through otherwise) and its colour.
    """
    style = [f"width:{size}px;height:{size}px;text-align:center;padding:0",
             f"border:1px solid {RULE}", *borders, f"background:{PAPER}"]
    if d and given:
        style.append(f"font-weight:bold;color:{INK}")
    elif d:
        style.append(f"font-weight:normal;color:{FOUND}")
    cls = "given" if d and given else "filled" if d else "empty"
    return f'<td class="{cls}" style="{";".join(style)}">{html.escape(_symbol(d)) if d else ""}</td>'
