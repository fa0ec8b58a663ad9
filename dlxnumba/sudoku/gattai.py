"""Overlapping Sudoku grids (*gattai*): samurai, twodoku, butterfly and any other layout.

Vocabulary
----------
*Gattai* (合体, "joined together") is the Japanese name of Sudoku made of
several square grids that overlap: each grid is a whole Sudoku (its rows,
columns and boxes hold every digit once), and a cell where grids overlap
belongs to all of them.  The best known is the *samurai* (gattai-5): five 9x9
grids, four corners and a centre that shares one box with each corner.

The grids lie on one *canvas*: a rectangle of cells, numbered row-major from
0 and named ``r{row}c{col}`` (1-based, as ``r1c13``) in every message.  The
*layout* is the grids' side ``n``, their box shape and the ``(row, col)``
*offset* of each grid's top-left cell on the canvas.  Grids must overlap in
whole boxes: two offsets differ by a multiple of the box's rows down and of
its columns across, so every shared cell lies in a box of both grids and
those boxes coincide.  Named layouts (:data:`LAYOUTS`, any box shape; the
figures for 9x9 grids):

``samurai``
    five grids on a 21x21 canvas, at (0, 0), (0, 12), (6, 6), (12, 0), (12, 12);
``twodoku``
    two grids sharing one box, at (0, 0) and (6, 6) on a 15x15 canvas;
``butterfly``
    four grids at (0, 0), (0, 3), (3, 0), (3, 3) on a 12x12 canvas.

Text
----
One line per canvas row, one character per cell: ``.`` or ``0`` an empty
cell, a digit (or a letter past 9, as everywhere in the package) a given,
and a space for a cell outside every grid.  Lines whose trailing spaces were
stripped are padded; blank lines before and after the grid are ignored;
anything else that does not fit (a line too long or too short, a digit
outside every grid, a space or an unknown character inside one) is an error
naming its line and column.

Encoding
--------
One exact-cover problem per layout (built once per process): a primary item
per canvas cell inside a grid, and per grid one item per (row, digit),
(column, digit) and (box, digit); a region that two grids share (a box, or a
whole row or column of the butterfly) is one set of items.  Option
``k * n + d - 1`` places digit ``d`` in the ``k``-th cell inside the grids
(row-major) and lists the cell's item and the items of its regions.  The
givens are forced options; the search is the package's generic engine
(:class:`~dlxnumba.ExactCover`), so budgets, timeouts, progress and
``threads`` work as on any problem.

Examples
--------
Two 4x4 grids sharing a box (a twodoku), from text and generated:

>>> g = Gattai("4...\\n.3..\\n...2.4\\n..1...\\n  ....\\n  ...2", "twodoku", n=4)
>>> print(g.boxed())
+---+---+
|4 .|. .|
|. 3|. .|
+---+---+---+
|. .|. 2|. 4|
|. .|1 .|. .|
+---+---+---+
    |. .|. .|
    |. .|. 2|
    +---+---+
>>> g.is_unique(), g.solve().is_solution()
(True, True)
>>> h = Gattai.generate("samurai", seed=1)
>>> h.shape, h.is_unique(), Gattai.samurai(h.text()) == h
((21, 21), True, True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Sequence

import numpy as np

from ..checks import is_integer
from ..checks import seed as check_seed
from ..errors import ExactCoverError, LimitReached, SudokuError, plain
from ..exact_cover import ExactCover
from ..progress import ProgressArg
from ..search import Search
from ..search_options import SearchOptions, check_limit, documented
from ..stats import record_last
from . import display
from .geometry import check_box, default_box
from .text import EMPTY, SYMBOLS, symbol

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike

    from .geometry import BoxLike

__all__ = ["Gattai", "LAYOUTS", "layout_offsets"]

#: The named layouts: a function of the box shape ``(r, c)`` giving the grids' offsets.
LAYOUTS = {
    "samurai": lambda r, c: ((0, 0), (0, 2 * r * c - 2 * c), (r * c - r, r * c - c),
                             (2 * r * c - 2 * r, 0), (2 * r * c - 2 * r, 2 * r * c - 2 * c)),
    "twodoku": lambda r, c: ((0, 0), (r * c - r, r * c - c)),
    "butterfly": lambda r, c: ((0, 0), (0, c), (r, 0), (r, c)),
}

#: The character of a cell outside every grid in text.
OUTSIDE = " "
#: The largest canvas side accepted.
MAX_CANVAS = 1000


def layout_offsets(layout: str, box: tuple[int, int] = (3, 3)) -> tuple[tuple[int, int], ...]:
    """The offsets of the grids of the named ``layout`` for boxes of ``box``.

    >>> layout_offsets("samurai")
    ((0, 0), (0, 12), (6, 6), (12, 0), (12, 12))
    >>> layout_offsets("twodoku", (2, 2))
    ((0, 0), (2, 2))
    """
    if layout not in LAYOUTS:
        raise SudokuError(f"unknown layout {plain(layout)}: expected one of {', '.join(LAYOUTS)}")
    return LAYOUTS[layout](*box)


# ---------------------------------------------------------------------------
# The layout: canvas, regions, problem (one per shape and offsets, cached)
# ---------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class _Layout:
    """The table of one layout: the canvas, its regions, and (built on first use) its problem."""

    n: int
    box: tuple[int, int]
    offsets: tuple[tuple[int, int], ...]
    height: int
    width: int
    mask: np.ndarray  # (height * width,) bool: inside some grid
    inside: np.ndarray  # canvas cell of each cell item (row-major), int64
    rank: np.ndarray  # cell item of each canvas cell, -1 outside
    grid_cells: np.ndarray  # (k, n * n) canvas cell of each cell of each grid
    regions: tuple[tuple[int, ...], ...]  # canvas cells of each distinct region
    region_names: tuple[str, ...]

    def name(self, cell: int) -> str:
        """``r{row}c{col}`` of canvas cell ``cell``, 1-based."""
        return f"r{cell // self.width + 1}c{cell % self.width + 1}"

    @functools.cached_property
    def problem(self) -> ExactCover:
        """The exact-cover problem of the empty canvas (see the module docstring)."""
        return _problem(self, None)


def _check_offsets(offsets: Any, n: int, box: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    """``offsets`` as a tuple of ``(row, col)`` pairs that lay the grids out as gattai
    (see the module docstring), or SudokuError naming what is wrong."""
    try:
        pairs = list(offsets)
    except TypeError:
        raise SudokuError(f"offsets must be a list of (row, col) pairs, not {plain(offsets)}") from None
    out = []
    for k, p in enumerate(pairs):
        try:
            i, j = p
            ok = is_integer(i) and is_integer(j) and i >= 0 and j >= 0
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise SudokuError(f"grid {k + 1}: its offset must be a pair (row, col) of integers from 0, "
                              f"not {plain(p)}")
        out.append((int(i), int(j)))
    if not out:
        raise SudokuError("a gattai needs at least one grid: offsets is empty")
    if min(i for i, _ in out) or min(j for _, j in out):
        raise SudokuError(f"the grids must touch the top and the left of the canvas: the smallest row "
                          f"offset and the smallest column offset must be 0, not {min(i for i, _ in out)} "
                          f"and {min(j for _, j in out)}")
    if max(max(p) for p in out) + n > MAX_CANVAS:
        raise SudokuError(f"the canvas would be larger than {MAX_CANVAS}x{MAX_CANVAS}")
    r, c = box
    for a in range(len(out)):
        for b in range(a):
            (ia, ja), (ib, jb) = out[a], out[b]
            if (ia, ja) == (ib, jb):
                raise SudokuError(f"grids {b + 1} and {a + 1} are both at {out[a]}: each grid needs a place "
                                  f"of its own")
            if abs(ia - ib) >= n or abs(ja - jb) >= n:
                continue  # no overlap
            if (ia - ib) % r or (ja - jb) % c:
                raise SudokuError(
                    f"grids {b + 1} at {out[b]} and {a + 1} at {out[a]} overlap across their boxes: grids "
                    f"must overlap in whole boxes, their offsets {r}*k rows and {c}*k columns apart "
                    f"(boxes of {r}x{c})")
    return tuple(out)


@functools.lru_cache(maxsize=32)
def _layout(n: int, box: tuple[int, int], offsets: tuple[tuple[int, int], ...]) -> _Layout:
    """The table of a layout already checked (:func:`_check_offsets`)."""
    height = max(i for i, _ in offsets) + n
    width = max(j for _, j in offsets) + n
    r, c = box
    rows, cols = np.divmod(np.arange(n * n), n)
    grid_cells = np.array([(rows + i) * width + cols + j for i, j in offsets], np.int64)
    mask = np.zeros(height * width, bool)
    mask[grid_cells.ravel()] = True
    inside = np.flatnonzero(mask)
    rank = np.full(height * width, -1, np.int64)
    rank[inside] = np.arange(inside.size)
    seen: dict[tuple[int, ...], int] = {}
    regions: list[tuple[int, ...]] = []
    names: list[str] = []
    for k in range(len(offsets)):
        g = grid_cells[k].reshape(n, n)
        units = [(f"row {x + 1}", g[x]) for x in range(n)] + [(f"column {x + 1}", g[:, x]) for x in range(n)]
        units += [(f"box {x + 1}", g[(x // (n // c)) * r:(x // (n // c)) * r + r, (x % (n // c)) * c:
                                     (x % (n // c)) * c + c].ravel()) for x in range(n)]
        for name, cells in units:
            key = tuple(sorted(int(v) for v in cells))
            if key in seen:
                u = seen[key]
                names[u] += f" = {name} of grid {k + 1}"
            else:
                seen[key] = len(regions)
                regions.append(tuple(int(v) for v in cells))
                names.append(f"{name} of grid {k + 1}")
    for a in (mask, inside, rank, grid_cells):
        a.flags.writeable = False
    return _Layout(n, box, offsets, height, width, mask, inside, rank, grid_cells, tuple(regions), tuple(names))


def _problem(lay: _Layout, order: np.ndarray | None) -> ExactCover:
    """The problem of ``lay``'s empty canvas; with ``order`` (a permutation of the
    options) option ``q`` is option ``order[q]`` of the plain problem (the generator's
    random fill)."""
    n = lay.n
    m = lay.inside.size
    n_options = m * n
    cell_regions: list[list[int]] = [[] for _ in range(m)]
    for u, cells in enumerate(lay.regions):
        for v in cells:
            cell_regions[lay.rank[v]].append(u)
    per = np.array([len(x) for x in cell_regions])
    o = np.arange(n_options, dtype=np.int64)
    k, d = o // n, o % n
    opt = [o]
    items = [k]
    for x in range(int(per.max())):
        has = per[k] > x
        regs = np.array([cr[x] if len(cr) > x else 0 for cr in cell_regions], np.int64)
        opt.append(o[has])
        items.append(m + regs[k[has]] * n + d[has])
    o_all = np.concatenate(opt)
    it_all = np.concatenate(items)
    if order is not None:
        where = np.empty(n_options, np.int64)
        where[order] = np.arange(n_options)
        o_all = where[o_all]
    srt = np.lexsort((it_all, o_all))
    ptr = np.zeros(n_options + 1, np.int64)
    np.cumsum(np.bincount(o_all, minlength=n_options), out=ptr[1:])
    names = [lay.name(int(v)) for v in lay.inside]
    names += [f"{name}:{symbol(x + 1)}" for name in lay.region_names for x in range(n)]
    return ExactCover(len(names), names, ptr, it_all[srt])


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def _digit_of(ch: str, n: int) -> int:
    """The digit of symbol ``ch`` (0 for an empty cell), or -1 for a character that is no cell."""
    if ch in EMPTY:
        return 0
    k = SYMBOLS.find(ch if n > 35 else ch.upper())
    return k + 1 if 0 <= k < n else -1


def _read_text(text: str, lay: _Layout) -> np.ndarray:
    """The canvas digits of ``text`` (flat uint8), or SudokuError naming the line and column."""
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    first = 0
    while first < len(lines) and not lines[first].strip():
        first += 1
    last = len(lines)
    while last > first and not lines[last - 1].strip():
        last -= 1
    body = lines[first:last]
    h, w, n = lay.height, lay.width, lay.n
    if len(body) != h:
        raise SudokuError(f"a {h}x{w} gattai canvas has {h} lines of {w} characters, this text has "
                          f"{len(body)} line{'s' if len(body) != 1 else ''}")
    out = np.zeros(h * w, np.uint8)
    for i, line in enumerate(body):
        at = f"line {first + i + 1}"
        if len(line) > w:
            raise SudokuError(f"{at} has {len(line)} characters, more than the canvas's {w}")
        for j in range(w):
            ch = line[j] if j < len(line) else None
            cell = i * w + j
            if not lay.mask[cell]:
                if ch is not None and ch != OUTSIDE:
                    raise SudokuError(f"{at}, column {j + 1} (r{i + 1}c{j + 1}): {ch!r} is outside every grid, "
                                      f"where a space is expected")
                continue
            if ch is None:
                raise SudokuError(f"{at} has {len(line)} characters: it ends at column {len(line) + 1} "
                                  f"(r{i + 1}c{j + 1}), inside a grid")
            d = _digit_of(ch, n)
            if d < 0:
                what = "a space" if ch == " " else repr(ch)
                raise SudokuError(f"{at}, column {j + 1} (r{i + 1}c{j + 1}): {what} inside a grid is not a "
                                  f"digit 1..{symbol(n)}, '.' or '0'")
            out[cell] = d
    return out


def _read_array(a: Any, lay: _Layout) -> np.ndarray:
    """The canvas digits of a 2-D array (0 empty or outside), checked."""
    try:
        arr = np.asarray(a)
    except (TypeError, ValueError):
        raise SudokuError(f"a gattai is text or a 2-D array of the canvas, not {plain(a)}") from None
    if arr.shape != (lay.height, lay.width):
        raise SudokuError(f"the array has shape {arr.shape}, the canvas is ({lay.height}, {lay.width})")
    if arr.dtype.kind not in "iub" or (arr.size and (arr.min() < 0 or arr.max() > lay.n)):
        raise SudokuError(f"the array must hold integers from 0 to {lay.n}")
    flat = arr.astype(np.uint8).ravel()
    bad = np.flatnonzero(flat.astype(bool) & ~lay.mask)
    if bad.size:
        raise SudokuError(f"{lay.name(int(bad[0]))} is outside every grid but holds {int(flat[bad[0]])}")
    return flat


def _conflicts(cells: np.ndarray, lay: _Layout) -> list[str]:
    """The clashes of filled cells: a digit twice in a region (empty list when none)."""
    out = []
    for name, region in zip(lay.region_names, lay.regions):
        got = cells[list(region)]
        filled = got[got > 0]
        if filled.size == np.unique(filled).size:
            continue
        for d in np.unique(filled).tolist():
            at = [lay.name(v) for v, x in zip(region, got.tolist()) if x == d]
            if len(at) > 1:
                out.append(f"{symbol(d)} appears {len(at)} times in {name}: {', '.join(at)}")
    return out


# ---------------------------------------------------------------------------
# The class
# ---------------------------------------------------------------------------


class Gattai:
    """Overlapping Sudoku grids (gattai; the samurai is gattai-5) with their digits.

    ``k`` square grids of side ``n`` (boxes of ``box``) lie at ``(row, col)``
    offsets on one canvas and share the cells where they overlap (see the
    module docstring).  Immutable, hashable and picklable; the calls that
    search return new :class:`Gattai` objects of the same puzzle.

    Parameters
    ----------
    puzzle : str, array_like or Gattai
        The text (one line per canvas row: ``.`` or ``0`` empty, a digit a
        given, a space outside every grid), or a 2-D array of the canvas
        (0 for empty and outside).
    offsets : sequence of (int, int) or str
        The ``(row, col)`` of each grid's top-left cell, or the name of a
        layout (:data:`LAYOUTS`: ``"samurai"``, ``"twodoku"``, ``"butterfly"``).
    n : int
        The side of each grid (default 9).
    box : (int, int) or str, optional
        Rows and columns of a box (default: the squarest, as for Sudoku).

    Raises
    ------
    SudokuError
        For offsets whose grids overlap across boxes, text that does not fit
        the canvas (naming line and column), givens that clash (naming the
        cells).

    Examples
    --------
    >>> from dlxnumba import Gattai
    >>> g = Gattai("4...\\n....\\n...2.4\\n..1...\\n  ....\\n  ...2", "twodoku", n=4)
    >>> g
    Gattai('4...  \\n....  \\n...2.4\\n..1...\\n  ....\\n  ...2', 'twodoku', n=4)
    >>> g.count(), g.solve().is_solution(), g.shape, g.offsets
    (3, True, (6, 6), ((0, 0), (2, 2)))
    >>> Gattai("1...\\n.1..\\n....\\n....", [(0, 0)], n=4)
    Traceback (most recent call last):
    ...
    dlxnumba.errors.SudokuError: the givens break the rules: 1 appears 2 times in box 1 of grid 1: r1c1, r2c2
    """

    __slots__ = ("_lay", "layout", "_cells", "_puzzle", "_hash")
    #: The name of the layout (``"samurai"``, ...), or None for offsets of no named one.
    layout: str | None
    _lay: _Layout  # the table of the layout, shared
    _cells: np.ndarray  # the canvas's digits, flat uint8, read-only (0: empty or outside)
    _puzzle: np.ndarray  # the givens, the same form (shared with the solutions)
    _hash: int

    def __init__(self, puzzle: str | ArrayLike | Gattai, offsets: Sequence[tuple[int, int]] | str = "samurai",
                 n: int = 9, box: BoxLike = None) -> None:
        box = check_box(n, box)
        name = None
        if isinstance(offsets, str):
            name = offsets
            offsets = layout_offsets(offsets, box)
        lay = _layout(n, box, _check_offsets(offsets, n, box))
        if name is None:
            name = next((k for k, f in LAYOUTS.items() if f(*box) == lay.offsets), None)
        if isinstance(puzzle, Gattai):
            cells = puzzle._cells
            if (puzzle.n, puzzle.box, puzzle.offsets) != (n, box, lay.offsets):
                raise SudokuError("the Gattai given has another layout")
        elif isinstance(puzzle, str):
            cells = _read_text(puzzle, lay)
        else:
            cells = _read_array(puzzle, lay)
        problems = _conflicts(cells, lay)
        if problems:
            raise SudokuError("the givens break the rules: " + "; ".join(problems))
        self._take(lay, name, cells, cells)

    def _take(self, lay: _Layout, name: str | None, cells: np.ndarray, puzzle: np.ndarray) -> None:
        cells.flags.writeable = False
        puzzle.flags.writeable = False
        for k, v in (("_lay", lay), ("layout", name), ("_cells", cells), ("_puzzle", puzzle),
                     ("_hash", hash((lay.n, lay.box, lay.offsets, cells.tobytes())))):
            object.__setattr__(self, k, v)

    def _with_cells(self, cells: np.ndarray) -> Gattai:
        g = Gattai.__new__(Gattai)
        g._take(self._lay, self.layout, cells, self._puzzle)
        return g

    def __setattr__(self, name, value):
        raise AttributeError("Gattai is immutable")

    def __reduce__(self):
        return _rebuild, (self.n, self.box, self.offsets, self.layout, self._cells.tobytes(), self._puzzle.tobytes())

    @classmethod
    def samurai(cls, text: str | ArrayLike) -> Gattai:
        """A samurai puzzle: 21 lines of 21 characters (``.`` or ``0`` an empty
        cell, a digit a given, a space outside every grid), five 9x9 grids.

        Returns
        -------
        Gattai

        Examples
        --------
        >>> from dlxnumba import Gattai
        >>> g = Gattai.samurai(Gattai.generate(seed=1).text())
        >>> g.layout, len(g.grids()), g.solve().is_solution()
        ('samurai', 5, True)
        """
        return cls(text, "samurai")

    # ---------------------------------------------------------------- views

    n = property(lambda self: self._lay.n, doc="The side of each grid: digits are 1..n.")
    box = property(lambda self: self._lay.box, doc="Rows and columns of one box.")
    offsets = property(lambda self: self._lay.offsets, doc="The ``(row, col)`` of each grid on the canvas.")
    shape = property(lambda self: (self._lay.height, self._lay.width), doc="``(rows, columns)`` of the canvas.")

    @property
    def mask(self) -> np.ndarray:
        """(rows, columns) bool: True for a cell inside some grid."""
        return self._lay.mask.reshape(self.shape)

    @property
    def cells(self) -> np.ma.MaskedArray:
        """The canvas as a masked array of digits (0 empty), cells outside every grid masked."""
        return np.ma.MaskedArray(self._cells.reshape(self.shape).copy(), mask=~self.mask)

    @property
    def givens(self) -> np.ndarray:
        """(rows, columns) bool: the puzzle's given cells."""
        return (self._puzzle != 0).reshape(self.shape)

    def grids(self) -> list[np.ndarray]:
        """Each grid's digits, an ``(n, n)`` uint8 array per grid, in the order of the offsets."""
        return [self._cells[g].reshape(self.n, self.n).copy() for g in self._lay.grid_cells]

    def is_complete(self) -> bool:
        """True when every cell inside the grids is filled."""
        return bool(np.all(self._cells[self._lay.inside] != 0))

    def text(self) -> str:
        """The text form (one line per canvas row, trailing spaces kept): :class:`Gattai` reads it back."""
        h, w = self.shape
        mask = self._lay.mask
        rows = []
        for i in range(h):
            rows.append("".join(symbol(int(self._cells[i * w + j])) if mask[i * w + j] else OUTSIDE
                                for j in range(w)))
        return "\n".join(rows)

    __str__ = text

    def __repr__(self) -> str:
        where = repr(self.layout) if self.layout else repr(list(self.offsets))
        extra = "" if self.n == 9 else f", n={self.n}"
        if self.box != default_box(self.n):
            extra += f", box={self.box}"
        return f"Gattai({self.text()!r}, {where}{extra})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Gattai) and (self.n, self.box, self.offsets) == (other.n, other.box, other.offsets)
                and bool(np.array_equal(self._cells, other._cells)))

    def __hash__(self) -> int:
        return self._hash

    def boxed(self) -> str:
        """A text picture: each grid's box rules drawn on the canvas, blanks outside."""
        return display.gattai_text(self._cells, self._lay.mask, self.shape, self.box, self.offsets)

    def to_html(self) -> str:
        """One HTML table of the canvas: boxes outlined, givens bold, cells outside every grid invisible."""
        return display.gattai_html(self._cells, self._puzzle != 0, self._lay.mask, self.shape, self.box,
                                   self.offsets)

    def _repr_html_(self) -> str:
        return self.to_html()

    # ------------------------------------------------------------- checking

    def is_solution(self, solution: Gattai | None = None) -> bool:
        """Whether ``solution`` (default: this one) fills every cell and keeps every
        rule, keeping this puzzle's givens.  Independent of the solver: it reads
        each grid's rows, columns and boxes again from the offsets.

        >>> from dlxnumba import Gattai
        >>> g = Gattai.generate("butterfly", n=4, seed=2)
        >>> g.is_solution(), g.solve().is_solution(), g.is_solution(g.solve())
        (False, True, True)
        """
        s = self if solution is None else solution
        if not isinstance(s, Gattai) or s.shape != self.shape or s.offsets != self.offsets or s.n != self.n:
            return False
        canvas = s._cells.reshape(self.shape)
        n, (r, c) = self.n, self.box
        want = np.arange(1, n + 1)
        for i, j in self.offsets:
            g = canvas[i:i + n, j:j + n].astype(np.int64)
            boxes = g.reshape(n // r, r, n // c, c).transpose(0, 2, 1, 3).reshape(n, n)
            for units in (g, g.T, boxes):
                if not np.array_equal(np.sort(units, axis=1), np.broadcast_to(want, (n, n))):
                    return False
        given = self._puzzle.reshape(self.shape)
        outside = ~self.mask
        return bool(np.all(canvas[given > 0] == given[given > 0]) and np.all(canvas[outside] == 0))

    # --------------------------------------------------------------- solving

    def to_problem(self) -> tuple[ExactCover, np.ndarray]:
        """``(problem, given)``: the layout's exact-cover problem and the givens' options (int32)."""
        lay = self._lay
        filled = np.flatnonzero(self._puzzle if self._cells is self._puzzle else self._cells)
        given = (lay.rank[filled] * lay.n + self._cells[filled].astype(np.int64) - 1).astype(np.int32)
        return lay.problem, given

    def _decode(self, sol: list[int]) -> Gattai:
        o = np.asarray(sol, np.int64)
        cells = np.zeros(self._cells.size, np.uint8)
        cells[self._lay.inside[o // self.n]] = o % self.n + 1
        return self._with_cells(cells)

    def _split(self, options: SearchOptions, limit: int | None, solutions: bool) -> Any:
        """A split search on ``options.threads``: every solution (``solutions``) or the count."""
        from ..parallel.run import count_parallel, solutions_parallel

        p, given = self.to_problem()
        try:
            found, stats = (solutions_parallel if solutions else count_parallel)(p, given, options, limit=limit)
        except ExactCoverError as e:
            raise SudokuError(str(e)) from None
        record_last(stats)
        return found

    def _search(self, options: SearchOptions) -> Search:
        p, given = self.to_problem()
        search = Search.using(p, options, given)
        record_last(search.stats)
        return search

    @documented
    def solve(self, *, stop_at: int = 1, max_nodes: int | None = None, timeout: float | None = None,
              progress: ProgressArg = None, progress_interval: float = 0.5) -> Gattai | None:
        """The first solution found, as a new :class:`Gattai`, or None.

        Parameters
        ----------
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}

        Returns
        -------
        Gattai or None
            The solution (the givens of this puzzle kept as its givens), or
            None when there is none.

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first.
        SudokuError
            For a bad search option.

        Examples
        --------
        >>> from dlxnumba import Gattai
        >>> g = Gattai("4...\\n.3..\\n...2.4\\n..1...\\n  ....\\n  ...2", "twodoku", n=4)
        >>> print(g.solve().boxed())
        +---+---+
        |4 1|2 3|
        |2 3|4 1|
        +---+---+---+
        |1 4|3 2|1 4|
        |3 2|1 4|2 3|
        +---+---+---+
            |2 3|4 1|
            |4 1|3 2|
            +---+---+
        """
        options = _options(stop_at, max_nodes, timeout, progress, progress_interval, None)
        sol = self._search(options).first()
        return None if sol is None else self._decode(sol)

    @documented
    def solutions(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
                  timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
                  threads: int | None = None) -> Iterator[Gattai]:
        """Iterate over the solutions (at most ``limit``), each a new :class:`Gattai`.

        Parameters
        ----------
        limit : int or None
            Stop after this many solutions (None: all of them).
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}

        Yields
        ------
        Gattai
            Each solution; with ``threads``, all are found first (as
            :meth:`ExactCover.solutions <dlxnumba.ExactCover.solutions>`).

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first.
        SudokuError
            For a bad search option or ``limit``.

        Examples
        --------
        >>> from dlxnumba import Gattai
        >>> g = Gattai("4...\\n....\\n...2.4\\n..1...\\n  ....\\n  ...2", "twodoku", n=4)
        >>> [g.is_solution(s) for s in g.solutions()]
        [True, True, True]
        """
        limit = check_limit(limit, SudokuError)
        options = _options(stop_at, max_nodes, timeout, progress, progress_interval, threads)
        if not options.serial:
            return iter([self._decode(s) for s in self._split(options, limit, True)])
        return (self._decode(s) for s in self._search(options).solutions(limit))

    @documented
    def count(self, limit: int | None = None, *, stop_at: int = 1, max_nodes: int | None = None,
              timeout: float | None = None, progress: ProgressArg = None, progress_interval: float = 0.5,
              threads: int | None = None) -> int:
        """The number of solutions (at most ``limit``).

        Parameters
        ----------
        {limit}
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}

        Returns
        -------
        int

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first (the
            partial count in ``found``).
        SudokuError
            For a bad search option or ``limit`` (``limit`` or ``max_nodes``
            with ``threads``).

        Examples
        --------
        >>> from dlxnumba import Gattai
        >>> g = Gattai("4...\\n....\\n...2.4\\n..1...\\n  ....\\n  ...2", "twodoku", n=4)
        >>> g.count(), g.count(2), g.count(threads=2)
        (3, 2, 3)
        """
        limit = check_limit(limit, SudokuError)
        options = _options(stop_at, max_nodes, timeout, progress, progress_interval, threads)
        if not options.serial:
            return self._split(options, limit, False)
        return self._search(options).count(limit)

    @documented
    def is_unique(self, *, stop_at: int = 1, max_nodes: int | None = None, timeout: float | None = None,
                  progress: ProgressArg = None, progress_interval: float = 0.5, threads: int | None = None) -> bool:
        """True when the puzzle has exactly one solution (:meth:`count` up to 2;
        with ``threads``, the whole count).

        Parameters
        ----------
        {stop_at}
        {max_nodes}
        {timeout}
        {progress}
        {progress_interval}
        {threads}

        Returns
        -------
        bool

        Raises
        ------
        LimitReached
            When ``max_nodes`` or ``timeout`` stops the search first.
        SudokuError
            For a bad search option.

        Examples
        --------
        >>> from dlxnumba import Gattai
        >>> Gattai("4...\\n.3..\\n...2.4\\n..1...\\n  ....\\n  ...2", "twodoku", n=4).is_unique()
        True
        """
        return self.count(None if threads not in (None, 1) else 2, stop_at=stop_at, max_nodes=max_nodes,
                          timeout=timeout, progress=progress, progress_interval=progress_interval,
                          threads=threads) == 1

    # ------------------------------------------------------------ generating

    @classmethod
    def generate(cls, layout: str | Sequence[tuple[int, int]] = "samurai", *, n: int = 9, box: BoxLike = None,
                 seed: int | np.random.Generator | None = None, minimal: bool = True,
                 symmetric: bool = False, clues: int | None = None) -> Gattai:
        """A random puzzle of ``layout`` with exactly one solution.

        A random full canvas (the empty canvas solved with its options in a
        random order), then its clues removed in random order while the puzzle
        stays unique (a count up to 2 after each removal).

        Parameters
        ----------
        layout : str or sequence of (int, int)
            A named layout (:data:`LAYOUTS`) or the grids' offsets.
        n, box
            The grids' side and box shape, as for :class:`Gattai`.
        seed : int, numpy Generator or None
            As every ``seed=`` of the package (:func:`dlxnumba.checks.seed`):
            the same seed gives the same puzzle.
        minimal : bool
            True (default): remove clues until none can go (as far as a check
            of :data:`CHECK_BUDGET` search nodes tells: a clue whose check
            spends it stays, so a rare puzzle keeps a clue it could lose).
            False: stop at ``clues`` clues (required then) or fewer.
        symmetric : bool
            Remove clues in pairs turned 180 degrees about the canvas's centre
            (for a layout whose canvas is symmetric so, as all named ones).
        clues : int, optional
            With ``minimal=False``, the clue count to stop at.

        Returns
        -------
        Gattai
            The puzzle: its givens are its cells (``g.solve()`` fills the rest).

        Raises
        ------
        SudokuError
            For a bad layout, box, seed, or ``minimal=False`` without ``clues``.

        Examples
        --------
        >>> from dlxnumba import Gattai
        >>> g = Gattai.generate("twodoku", n=4, seed=7, symmetric=True)
        >>> g.is_unique(), g == Gattai.generate("twodoku", n=4, seed=7, symmetric=True)
        (True, True)
        """
        rng = check_seed(seed, error=SudokuError)
        if not minimal and clues is None:
            raise SudokuError("minimal=False needs clues=K (removal stops at K clues)")
        if clues is not None and not is_integer(clues):
            raise SudokuError(f"clues must be an integer, not {plain(clues)}")
        box = check_box(n, box)
        name = layout if isinstance(layout, str) else None
        offsets = layout_offsets(layout, box) if isinstance(layout, str) else layout
        lay = _layout(n, box, _check_offsets(offsets, n, box))
        full = _random_fill(lay, rng)
        cells = _remove(lay, full, rng, minimal, bool(symmetric), clues)
        if name is None:
            name = next((k for k, f in LAYOUTS.items() if f(*box) == lay.offsets), None)
        g = cls.__new__(cls)
        g._take(lay, name, cells, cells)
        return g


def _rebuild(n: int, box: tuple[int, int], offsets, name, cells: bytes, puzzle: bytes) -> Gattai:
    """Unpickle a Gattai."""
    g = Gattai.__new__(Gattai)
    c = np.frombuffer(cells, np.uint8).copy()
    p = c if cells == puzzle else np.frombuffer(puzzle, np.uint8).copy()
    g._take(_layout(n, tuple(box), tuple(map(tuple, offsets))), name, c, p)
    return g


def _options(stop_at, max_nodes, timeout, progress, progress_interval, threads) -> SearchOptions:
    """The search options of a Gattai call, a bad one raising SudokuError."""
    return SearchOptions.make(SudokuError, stop_at=stop_at, max_nodes=max_nodes, timeout=timeout,
                              progress=progress, progress_interval=progress_interval, threads=threads)


# ---------------------------------------------------------------------------
# Generating
# ---------------------------------------------------------------------------

#: The node budget of one try at a random fill; a try that spends it starts again.
FILL_BUDGET = 20_000
#: The node budget of one check of uniqueness while clues are removed: a check that
#: spends it keeps the clue (the puzzle stays unique, and the same seed gives the same
#: puzzle on every machine).  Proving a sparse samurai unique now and then takes
#: millions of nodes (a second filling of one grid must be ruled out under every
#: filling of the others): 1,000,000 nodes take 0.2 to 0.4 s.
CHECK_BUDGET = 1_000_000


def _random_fill(lay: _Layout, rng: np.random.Generator) -> np.ndarray:
    """A random full canvas of ``lay``: the empty canvas solved with its options in a
    random order (a try that spends :data:`FILL_BUDGET` nodes starts again)."""
    options = SearchOptions(max_nodes=FILL_BUDGET)
    while True:
        order = rng.permutation(lay.inside.size * lay.n)
        try:
            sol = Search.using(_problem(lay, order), options).first()
        except LimitReached:
            continue
        if sol is None:
            raise SudokuError("this layout has no full grid")
        o = order[np.asarray(sol, np.int64)]
        cells = np.zeros(lay.height * lay.width, np.uint8)
        cells[lay.inside[o // lay.n]] = o % lay.n + 1
        return cells


def _remove(lay: _Layout, full: np.ndarray, rng: np.random.Generator, minimal: bool, symmetric: bool,
            clues: int | None) -> np.ndarray:
    """``full`` with clues removed in random order (orbits of the half turn with
    ``symmetric``) while the puzzle stays unique."""
    cells = full.copy()
    inside = lay.inside
    size = lay.height * lay.width
    if symmetric:
        seen = np.zeros(size, bool)
        orbits = []
        for v in inside.tolist():
            if not seen[v]:
                o = sorted({v, size - 1 - v} & set(inside.tolist()) if lay.mask[size - 1 - v] else {v})
                seen[o] = True
                orbits.append(o)
    else:
        orbits = [[v] for v in inside.tolist()]
    p = lay.problem
    options = SearchOptions(max_nodes=CHECK_BUDGET)
    n = lay.n
    target = clues if clues is not None else -1
    grids_of = np.zeros((size, len(lay.offsets)), bool)  # the grids of each canvas cell
    for g, where in enumerate(lay.grid_cells):
        grids_of[where, g] = True

    def unique(cells: np.ndarray) -> bool:  # a check that spends its budget keeps the clue
        filled = np.flatnonzero(cells)
        given = (lay.rank[filled] * n + cells[filled].astype(np.int64) - 1).astype(np.int32)
        try:
            return Search.using(p, options, given).count(2) == 1
        except LimitReached:
            return False

    for k in rng.permutation(len(orbits)).tolist():
        if not minimal and np.count_nonzero(cells) <= target:
            break
        orbit = orbits[k]
        kept = cells[orbit].copy()
        cells[orbit] = 0
        # First a cheap test: the grids through the orbit alone, every other cell
        # held at the full canvas.  Its solutions are solutions of the puzzle, so two
        # of them show at once that the clue must stay (a second solution of the
        # whole canvas otherwise takes the search through every other grid's
        # choices: seconds on a samurai).  One of them proves nothing: the whole
        # canvas is counted then.
        far = ~grids_of[:, grids_of[orbit].any(axis=0)].any(axis=1)
        if len(lay.offsets) > 1 and far.any() and not unique(np.where(far, full, cells)):
            cells[orbit] = kept
        elif not unique(cells):
            cells[orbit] = kept
    return cells
