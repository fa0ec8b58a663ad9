"""A grid drawn with its setters' rules: one inline SVG, as setters draw them.

Jupyter shows a Sudoku with :mod:`.constraints` as this picture (the other
grids keep :func:`.display.html_table`): thermometers (a bulb and a thick
grey line), arrows (a circle or a pill for the bulb, a line, an arrowhead),
palindromes (a grey line), kropki dots (white and black, with their value
unless it is the usual one), X and V on the edge between two cells, cages
(a dashed outline inside the cage, a killer's sum in its corner),
little-killer clues outside the grid with a small diagonal arrow, extra
regions shaded, one-diagonal lines, odd circles and even squares,
minimum and maximum chevrons (their points to the smaller digit), quadruple
circles at a grid point, clones shaded alike, and the digits (givens bold)
on top.  A negative constraint has nothing to draw: the caption under the
picture states it, with the variant's other rules (:func:`.display.legend`).

The picture is one ``<svg>`` element with a ``viewBox`` (it scales), no
external assets and no script.  Its colours are :mod:`.display`'s
JupyterLab theme variables with light fallbacks, so it reads on light and
dark pages and themes; every digit has a thin halo of the paper's colour,
so it stays legible on any line or shading under it.

Each constraint is one group ``<g class="constraint KIND">`` whose
``<title>`` is its entry in the text form (a tooltip in a browser), placed
in the layer of its kind: shading, shapes in the cells, lines, box borders,
cages, marks on edges and grid points, clues outside, digits.

Examples
--------
>>> import xml.etree.ElementTree as ET
>>> from dlxnumba import Sudoku
>>> s = Sudoku("1...............", constraints="thermometer r2c1 r2c2 r2c3; ratio r4c1 r4c2")
>>> root = ET.fromstring(s.to_svg())
>>> [g.get("class") for g in root.iter("{http://www.w3.org/2000/svg}g")
...  if "constraint" in g.get("class", "")]
['constraint thermometer', 'constraint ratio']
>>> s._repr_html_().startswith('<div class="dlxnumba-sudoku-drawing"')
True
"""

from __future__ import annotations

from html import escape
from typing import Iterable

import numpy as np

from .constraints import Constraint, Constraints
from .display import BOX_RULE, FOUND, INK, MARK, PAPER, RULE, WINDOW, html_table, legend
from .geometry import Geometry
from .text import symbol
from .variants import Variant

#: grey lines and shapes in the cells: thermometers, palindromes, odd and even cells
LINE = "var(--jp-layout-color3, #c8c8c8)"
#: thin grey strokes: arrows, little-killer arrows, minimum and maximum chevrons
STROKE = "var(--jp-ui-font-color2, #767676)"
#: the tints of clones (transparent, so they darken a light page and lighten a dark one)
CLONES = ("rgba(255, 160, 0, 0.3)", "rgba(0, 170, 140, 0.3)", "rgba(160, 90, 255, 0.3)", "rgba(255, 60, 120, 0.25)")
#: kropki dots keep their colours in every theme: white is white, black is black
WHITE_DOT, BLACK_DOT = "#fff", "#000"

#: the side of a cell in the picture's own units (the viewBox)
S = 40.0
_SVG_NS = "http://www.w3.org/2000/svg"

#: the layer of each kind (drawn in this order; digits last)
_LAYER = {"region": 1, "clone": 1, "odd": 2, "even": 2, "thermometer": 4, "palindrome": 4, "arrow": 4,
          "diagonal+": 4, "diagonal-": 4, "cage": 6, "difference": 7, "ratio": 7, "xv": 7, "minimum": 7,
          "maximum": 7, "quadruple": 7, "little-killer": 8, "negative-difference": 9, "negative-ratio": 9,
          "negative-xv": 9}
#: what a negative constraint says, for the caption
_NEGATIVE = {"negative-difference": ("without a white dot", "differ by"),
             "negative-ratio": ("without a black dot", "stand in the ratio"),
             "negative-xv": ("without an X or V", "add up to")}


def _f(x: float) -> str:
    """A coordinate, short: one decimal at most."""
    return f"{round(x, 1):g}"


def _style(**props: object) -> str:
    """A ``style`` attribute from CSS properties (``stroke_width`` -> ``stroke-width``).

    Colours are CSS variables, which SVG's presentation attributes do not read."""
    return ' style="' + ";".join(f"{k.replace('_', '-')}:{v}" for k, v in props.items()) + '"'


def _esc(text: str) -> str:
    return escape(text, quote=True)


def _path(points: Iterable[tuple[float, float]]) -> str:
    return "M" + " L".join(f"{_f(x)} {_f(y)}" for x, y in points)


class _Canvas:
    """The picture's frame: the margin and where each cell's centre lies."""

    def __init__(self, n: int, outside: bool):
        self.n = n
        #: the margin around the grid: room for little-killer clues, else for the outline
        self.m = 0.8 * S if outside else 4.0
        self.side = n * S + 2 * self.m
        #: the clones drawn so far (each takes the next tint)
        self.clones = 0

    def centre(self, c: int) -> tuple[float, float]:
        i, j = divmod(int(c), self.n)
        return self.m + (j + 0.5) * S, self.m + (i + 0.5) * S

    def corner(self, i: float, j: float) -> tuple[float, float]:
        """The grid point above and left of cell ``(i, j)`` (row and column from 0)."""
        return self.m + j * S, self.m + i * S

    def squares(self, cells: Iterable[int], inset: float = 0.0) -> str:
        """A path of the cells' squares."""
        out = []
        for c in cells:
            x, y = self.corner(*divmod(int(c), self.n))
            w = S - 2 * inset
            out.append(f"M{_f(x + inset)} {_f(y + inset)} h{_f(w)} v{_f(w)} h{_f(-w)} z")
        return " ".join(out)


def svg(cells: np.ndarray, givens: np.ndarray, geo: Geometry, variant: Variant | None = None,
        title: str | None = None) -> str:
    """The grid as one SVG element, its rules drawn (see the module's docstring).

    Parameters
    ----------
    cells : ndarray
        The ``n * n`` digits, 0 for an empty cell.
    givens : ndarray of bool
        Which cells the puzzle gave (drawn bold, in the ink colour).
    geo : Geometry
        The shape: boxes or a jigsaw's pieces, and the variant's extra regions.
    variant : Variant, optional
        The rules: constraints, killer cages, diagonals and windows are drawn.
    title : str, optional
        The picture's accessible name (its ``<title>``).

    Returns
    -------
    str
        An ``<svg>`` element (well-formed XML).

    Examples
    --------
    >>> from dlxnumba.sudoku import geometry
    >>> p = svg(np.zeros(16, np.uint8), np.zeros(16, bool), geometry(4), title="a < b")
    >>> p.startswith("<svg") and "<title>a &lt; b</title>" in p
    True
    """
    n = geo.n
    cells = np.asarray(cells).reshape(-1)
    givens = np.asarray(givens, bool).reshape(-1)
    cons = variant.constraints if variant is not None else None
    items: list[Constraint] = list(cons) if cons is not None else []
    canvas = _Canvas(n, any(c.kind == "little-killer" for c in items))
    side = canvas.side
    px = 36 if n <= 9 else 28 if n <= 16 else 20
    width = round(side * px / S)
    name = title if title is not None else f"Sudoku {n}x{n}" + (f" with {len(items)} constraints" if items else "")
    out = [f'<svg xmlns="{_SVG_NS}" class="dlxnumba-sudoku" viewBox="0 0 {_f(side)} {_f(side)}" '
           f'width="{width}" height="{width}" role="img"'
           + _style(font_family="sans-serif", background=PAPER) + ">",
           f"<title>{_esc(name)}</title>",
           f'<rect class="paper" x="0" y="0" width="{_f(side)}" height="{_f(side)}"' + _style(fill=PAPER) + "/>"]
    layers: dict[int, list[str]] = {}
    for k, c in enumerate(items):
        entry = Constraints(n, [c]).text()
        body = _DRAW[c.kind](canvas, c, k)
        layers.setdefault(_LAYER[c.kind], []).append(
            f'<g class="constraint {c.kind}" data-index="{k}"><title>{_esc(entry)}</title>{body}</g>')
    windows = [cs for nm, cs in geo.extra_regions if nm.startswith("window")]
    if windows:
        layers.setdefault(1, []).insert(0, '<path class="windows" d="' + canvas.squares(c for w in windows for c in w)
                                        + '"' + _style(fill=WINDOW) + "/>")
    diagonals = [nm for nm, _ in geo.extra_regions if nm in ("diagonal", "anti-diagonal")]
    for nm in diagonals:
        layers.setdefault(4, []).insert(0, f'<path class="{nm}" d="{_diagonal(canvas, nm == "anti-diagonal")}"'
                                        + _style(stroke=MARK, stroke_width=_f(0.05 * S), fill="none") + "/>")
    layers.setdefault(3, []).append(_rules(canvas))
    layers.setdefault(5, []).append(_boxes(canvas, geo))
    if variant is not None and variant.cages is not None:
        for k, where in enumerate(variant.cages.cells):
            layers.setdefault(6, []).append(
                f'<g class="killer-cage"><title>cage {variant.cages.sums[k]}</title>'
                + _cage(canvas, where, str(variant.cages.sums[k])) + "</g>")
    layers.setdefault(10, []).append(_digits(canvas, cells, givens))
    for layer in sorted(layers):
        out += layers[layer]
    out.append("</svg>")
    return "".join(out)


def html(cells: np.ndarray, givens: np.ndarray, geo: Geometry, variant: Variant | None = None) -> str:
    """What Jupyter shows: the drawing (:func:`svg`) with its caption for a grid
    with setters' constraints, else :func:`.display.html_table`."""
    if variant is None or variant.constraints is None:
        return html_table(cells, givens, geo, variant)
    picture = svg(cells, givens, geo, variant)
    words = caption(geo, variant)
    # as wide as the picture (width 0, at least all of it), however long the words
    note = (f'<div class="caption" style="font-size:11px;width:0;min-width:100%;color:{INK}">'
            f"{_esc(words)}</div>") if words else ""
    return (f'<div class="dlxnumba-sudoku-drawing" style="display:inline-block;background:{PAPER};'
            f'color:{INK};font-family:sans-serif;padding:2px">{picture}{note}</div>')


def caption(geo: Geometry, variant: Variant | None) -> str:
    """The rules a picture cannot show: the variant's bans and named regions, and
    the negative constraints ('' when there are none).

    >>> v = Variant.parse(None, constraints="negative-xv", n=6)
    >>> caption(v.geometry(6), v)
    'negative-xv: orthogonal neighbours without an X or V never add up to 5 or 10'
    """
    parts = [legend(geo, variant)] if variant is not None else []
    for c in (variant.constraints if variant is not None and variant.constraints is not None else ()):
        if c.kind in _NEGATIVE:
            without, verb = _NEGATIVE[c.kind]
            values = " or ".join(str(v) for v in c.value)  # type: ignore[union-attr]
            parts.append(f"{c.kind}: orthogonal neighbours {without} never {verb} {values}")
    return "; ".join(p for p in parts if p)


# ---------------------------------------------------------------- the grid


def _rules(canvas: _Canvas) -> str:
    """The thin lines between cells."""
    n, m, end = canvas.n, canvas.m, canvas.m + canvas.n * S
    d = " ".join(f"M{_f(m + k * S)} {_f(m)} V{_f(end)} M{_f(m)} {_f(m + k * S)} H{_f(end)}" for k in range(1, n))
    return f'<path class="rules" d="{d}"' + _style(stroke=RULE, stroke_width=1, fill="none") + "/>"


def _boxes(canvas: _Canvas, geo: Geometry) -> str:
    """The thick lines between boxes (a jigsaw's pieces) and around the grid."""
    n = canvas.n
    piece = geo.cell_regions[:, 2].reshape(n, n)
    segs = []
    for i in range(n):
        for j in range(n):
            if j + 1 < n and piece[i, j] != piece[i, j + 1]:
                segs.append((canvas.corner(i, j + 1), canvas.corner(i + 1, j + 1)))
            if i + 1 < n and piece[i, j] != piece[i + 1, j]:
                segs.append((canvas.corner(i + 1, j), canvas.corner(i + 1, j + 1)))
    d = " ".join(_path(s) for s in segs)
    m, w = canvas.m, n * S
    return (f'<path class="boxes" d="{d} M{_f(m)} {_f(m)} h{_f(w)} v{_f(w)} h{_f(-w)} z"'
            + _style(stroke=BOX_RULE, stroke_width=3, stroke_linecap="square", fill="none") + "/>")


def _diagonal(canvas: _Canvas, rising: bool) -> str:
    """The path of a diagonal: ``rising`` from the bottom left to the top right."""
    n = canvas.n
    a, b = (canvas.corner(n, 0), canvas.corner(0, n)) if rising else (canvas.corner(0, 0), canvas.corner(n, n))
    return _path([a, b])


def _digits(canvas: _Canvas, cells: np.ndarray, givens: np.ndarray) -> str:
    """The digits, givens bold in ink, found ones in the solver's colour, each with a halo."""
    out = ['<g class="digits" text-anchor="middle" dominant-baseline="central"'
           + _style(font_size=_f(0.6 * S), stroke=PAPER, stroke_width=_f(0.06 * S), stroke_linejoin="round",
                    paint_order="stroke") + ">"]
    for c in np.flatnonzero(cells).tolist():
        x, y = canvas.centre(c)
        given = bool(givens[c])
        look = _style(fill=INK, font_weight="bold") if given else _style(fill=FOUND, font_weight="normal")
        out.append(f'<text class="{"given" if given else "filled"}" x="{_f(x)}" y="{_f(y + 0.02 * S)}"{look}>'
                   f"{_esc(symbol(int(cells[c])))}</text>")
    out.append("</g>")
    return "".join(out)


# ----------------------------------------------------------- the constraints


def _thermometer(canvas: _Canvas, c: Constraint, k: int) -> str:
    x, y = canvas.centre(c.cells[0])
    return (f'<path d="{_path(canvas.centre(x) for x in c.cells)}"'
            + _style(stroke=LINE, stroke_width=_f(0.3 * S), stroke_linecap="round", stroke_linejoin="round",
                     fill="none") + "/>"
            + f'<circle class="bulb" cx="{_f(x)}" cy="{_f(y)}" r="{_f(0.38 * S)}"' + _style(fill=LINE) + "/>")


def _palindrome(canvas: _Canvas, c: Constraint, k: int) -> str:
    return (f'<path d="{_path(canvas.centre(x) for x in c.cells)}"'
            + _style(stroke=LINE, stroke_width=_f(0.2 * S), stroke_linecap="round", stroke_linejoin="round",
                     fill="none") + "/>")


def _arrow(canvas: _Canvas, c: Constraint, k: int) -> str:
    """A line from the bulb through the arrow's cells, an arrowhead at its end, and
    the bulb: a circle, or a pill around several cells."""
    first = np.array(canvas.centre(c.cells[0]))
    start = min(c.more, key=lambda b: float(np.hypot(*(np.array(canvas.centre(b)) - first))))
    points = [canvas.centre(start)] + [canvas.centre(x) for x in c.cells]
    tip, before = np.array(points[-1]), np.array(points[-2])
    way = (tip - before) / np.hypot(*(tip - before))
    head = []
    for turn in (0.6, -0.6):
        rot = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        head.append(tuple(tip - 0.22 * S * (rot @ way)))
    thin = _f(0.05 * S)
    out = [f'<path d="{_path(points)} {_path([head[0], tuple(tip), head[1]])}"'
           + _style(stroke=STROKE, stroke_width=thin, stroke_linecap="round", stroke_linejoin="round",
                    fill="none") + "/>"]
    if len(c.more) == 1:
        x, y = canvas.centre(c.more[0])
        out.append(f'<circle class="bulb" cx="{_f(x)}" cy="{_f(y)}" r="{_f(0.4 * S)}"'
                   + _style(fill=PAPER, stroke=STROKE, stroke_width=thin) + "/>")
    else:  # a pill: a wide stroke through its cells, hollowed by a narrower one of the paper's colour
        d = _path(canvas.centre(x) for x in c.more)
        for colour, w in ((STROKE, 0.8 * S + 0.05 * S), (PAPER, 0.8 * S - 0.05 * S)):
            out.append(f'<path class="bulb" d="{d}"' + _style(stroke=colour, stroke_width=_f(w), fill="none",
                                                             stroke_linecap="round", stroke_linejoin="round") + "/>")
    return "".join(out)


def _cage(canvas: _Canvas, where: Iterable[int], total: str = "") -> str:
    """A dashed outline just inside the cage's border; ``total`` in its first cell's corner."""
    n = canvas.n
    inside = {int(c) for c in where}
    inset = 0.08 * S
    half = S / 2

    def has(i: int, j: int) -> bool:
        return 0 <= i < n and 0 <= j < n and i * n + j in inside

    segs = []
    for c in sorted(inside):
        i, j = divmod(c, n)
        cx, cy = canvas.centre(c)
        for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if has(i + di, j + dj):
                continue
            ti, tj = abs(dj), abs(di)  # along the edge
            ends = []
            for e in (-1, 1):
                if not has(i + e * ti, j + e * tj):
                    along = half - inset  # a corner of the cage: stop short
                elif has(i + e * ti + di, j + e * tj + dj):
                    along = half + inset  # the cage turns outward: reach the next edge's line
                else:
                    along = half  # the edge goes on in the next cell
                ends.append((cx + dj * (half - inset) + e * tj * along, cy + di * (half - inset) + e * ti * along))
            segs.append(_path(ends))
    out = [f'<path class="cage" d="{" ".join(segs)}"'
           + _style(stroke=MARK, stroke_width=1.2, stroke_dasharray="3 2", fill="none") + "/>"]
    if total:
        x, y = canvas.corner(*divmod(min(inside), n))
        out.append(f'<text class="cage-sum" x="{_f(x + 0.06 * S)}" y="{_f(y + 0.26 * S)}"'
                   + _style(font_size=_f(0.24 * S), fill=INK, stroke=PAPER, stroke_width=2, paint_order="stroke")
                   + f">{_esc(total)}</text>")
    return "".join(out)


def _sumless_cage(canvas: _Canvas, c: Constraint, k: int) -> str:
    return _cage(canvas, c.cells)


def _region(canvas: _Canvas, c: Constraint, k: int) -> str:
    return f'<path d="{canvas.squares(c.cells)}"' + _style(fill=WINDOW) + "/>"


def _clone(canvas: _Canvas, c: Constraint, k: int) -> str:
    tint = CLONES[canvas.clones % len(CLONES)]
    canvas.clones += 1
    return f'<path d="{canvas.squares(c.cells + c.more, inset=1)}"' + _style(fill=tint) + "/>"


def _diagonal_constraint(canvas: _Canvas, c: Constraint, k: int) -> str:
    return (f'<path d="{_diagonal(canvas, c.kind == "diagonal+")}"'
            + _style(stroke=MARK, stroke_width=_f(0.05 * S), fill="none") + "/>")


def _odd_even(canvas: _Canvas, c: Constraint, k: int) -> str:
    if c.kind == "even":
        return f'<path d="{canvas.squares(c.cells, inset=0.14 * S)}"' + _style(fill=LINE) + "/>"
    return "".join(f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(0.38 * S)}"' + _style(fill=LINE) + "/>"
                   for x, y in (canvas.centre(x) for x in c.cells))


def _middle(canvas: _Canvas, cells: Iterable[int]) -> tuple[float, float]:
    points = [canvas.centre(x) for x in cells]
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _dot(canvas: _Canvas, c: Constraint, k: int) -> str:
    """A kropki dot on the edge: white (difference) or black (ratio), its value unless the usual."""
    x, y = _middle(canvas, c.cells)
    black = c.kind == "ratio"
    show = c.value != (2 if black else 1)
    r = (0.17 if show else 0.13) * S
    out = (f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(r)}"'
           + _style(fill=BLACK_DOT if black else WHITE_DOT, stroke=INK, stroke_width=1.2) + "/>")
    if show:
        out += (f'<text x="{_f(x)}" y="{_f(y + 0.01 * S)}" text-anchor="middle" dominant-baseline="central"'
                + _style(font_size=_f(0.2 * S), font_weight="bold", fill=WHITE_DOT if black else BLACK_DOT)
                + f">{c.value}</text>")
    return out


def _xv(canvas: _Canvas, c: Constraint, k: int) -> str:
    x, y = _middle(canvas, c.cells)
    word = {10: "X", 5: "V"}.get(int(c.value), str(c.value))  # type: ignore[arg-type]
    return (f'<text x="{_f(x)}" y="{_f(y + 0.01 * S)}" text-anchor="middle" dominant-baseline="central"'
            + _style(font_size=_f(0.4 * S), font_weight="bold", fill=INK, stroke=PAPER,
                     stroke_width=_f(0.1 * S), paint_order="stroke", stroke_linejoin="round") + f">{word}</text>")


def _min_max(canvas: _Canvas, c: Constraint, k: int) -> str:
    """A chevron near each edge with a neighbour, its point towards the smaller
    digit: inward for a minimum, outward for a maximum."""
    n = canvas.n
    out = []
    point = 1 if c.kind == "maximum" else -1
    for x in c.cells:
        i, j = divmod(x, n)
        cx, cy = canvas.centre(x)
        for di, dj in ((-1, 0), (1, 0), (0, -1), (0, 1)):
            if not (0 <= i + di < n and 0 <= j + dj < n):
                continue
            bx, by = cx + dj * 0.36 * S, cy + di * 0.36 * S
            tip = (bx + point * dj * 0.05 * S, by + point * di * 0.05 * S)
            arms = [(bx - point * dj * 0.05 * S + s * di * 0.12 * S, by - point * di * 0.05 * S + s * dj * 0.12 * S)
                    for s in (-1, 1)]
            out.append(_path([arms[0], tip, arms[1]]))
    return (f'<path d="{" ".join(out)}"' + _style(stroke=STROKE, stroke_width=_f(0.04 * S), fill="none",
                                                  stroke_linecap="round", stroke_linejoin="round") + "/>")


def _quadruple(canvas: _Canvas, c: Constraint, k: int) -> str:
    """A circle at the grid point of its cells, holding its digits (two rows of two at most)."""
    x, y = _middle(canvas, c.cells)
    digits = [symbol(d) for d in c.value]  # type: ignore[union-attr]
    rows = [digits] if len(digits) <= 2 else [digits[:(len(digits) + 1) // 2], digits[(len(digits) + 1) // 2:]]
    out = [f'<circle cx="{_f(x)}" cy="{_f(y)}" r="{_f(0.27 * S)}"'
           + _style(fill=PAPER, stroke=INK, stroke_width=1.2) + "/>"]
    for r, row in enumerate(rows):
        dy = (r - (len(rows) - 1) / 2) * 0.2 * S
        out.append(f'<text x="{_f(x)}" y="{_f(y + dy + 0.01 * S)}" text-anchor="middle" dominant-baseline="central"'
                   + _style(font_size=_f(0.19 * S), fill=INK) + f">{_esc(' '.join(row))}</text>")
    return "".join(out)


def _little_killer(canvas: _Canvas, c: Constraint, k: int) -> str:
    """The sum in the clue's place outside the grid, and a small arrow along its diagonal."""
    n, m = canvas.n, canvas.m
    r, col = c.more
    i, j = divmod(c.cells[0], n)
    di, dj = i + 1 - r, j + 1 - col

    def span(t: int) -> tuple[float, float]:
        return (0.0, m) if t == 0 else (m + n * S, 2 * m + n * S) if t == n + 1 else (m + (t - 1) * S, m + t * S)

    (x0, x1), (y0, y1) = span(col), span(r)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    tx, ty = (x1 if dj > 0 else x0) - dj * 0.06 * S, (y1 if di > 0 else y0) - di * 0.06 * S
    tail = (tx - dj * 0.22 * S, ty - di * 0.22 * S)
    head = [(tx - dj * 0.1 * S, ty), (tx, ty), (tx, ty - di * 0.1 * S)]
    text = (f'<text class="clue" x="{_f(cx - dj * 0.08 * S)}" y="{_f(cy - di * 0.08 * S)}" text-anchor="middle" '
            f'dominant-baseline="central"' + _style(font_size=_f(0.34 * S), fill=INK) + f">{c.value}</text>")
    arrow = (f'<path d="{_path([tail, (tx, ty)])} {_path(head)}"'
             + _style(stroke=STROKE, stroke_width=_f(0.04 * S), fill="none", stroke_linecap="round",
                      stroke_linejoin="round") + "/>")
    return text + arrow


_DRAW = {"thermometer": _thermometer, "palindrome": _palindrome, "arrow": _arrow, "cage": _sumless_cage,
         "region": _region, "diagonal+": _diagonal_constraint, "diagonal-": _diagonal_constraint,
         "little-killer": _little_killer, "difference": _dot, "ratio": _dot, "xv": _xv,
         "negative-difference": lambda canvas, c, k: "", "negative-ratio": lambda canvas, c, k: "",
         "negative-xv": lambda canvas, c, k: "", "odd": _odd_even, "even": _odd_even, "minimum": _min_max,
         "maximum": _min_max, "clone": _clone, "quadruple": _quadruple}
