"""Sudoku variants: extra all-different regions, a region map, pairwise bans.

Vocabulary
----------
A *variant* adds rules to the rows, columns and boxes of a grid:

``x`` (alias ``diagonal``)
    Both main diagonals hold every digit once (two extra regions).
``windoku`` (alias ``hyper``)
    Extra *windows* of the box's shape, one cell in from the edge with
    one-cell gutters between them: the four windows of a 9x9 grid (rows and
    columns 2-4 and 6-8), the one centre window of a 4x4, nine windows of a
    16x16.  A shape with no room for a window (a box of one row) is refused.
``jigsaw``
    A *region map* replaces the boxes with irregular *pieces* of ``n`` cells
    each.  The map is text of ``n*n`` symbols (any letters or digits, white
    space ignored), one per cell, row-major; each distinct symbol is a piece.
    Pieces need not be connected (they are checked only for their size).
``anti-knight``, ``anti-king``
    Two cells a chess knight's move (a king's move) apart never hold the
    same digit.
``non-consecutive``
    Two orthogonally adjacent cells never hold consecutive digits.

``killer``
    Cages with sums (:mod:`.killer`): the cells of a cage hold distinct
    digits adding up to its sum; given as ``cages=`` or a ``cages:`` header.

Kinds combine with ``+``: ``"x+anti-knight"``, ``"jigsaw+x"``, ``"killer+x"``.

Encoding
--------
The options stay those of the classic grid (option ``cell * n + digit - 1``
places ``digit`` in ``cell``, so givens and solutions decode as before); the
items grow.  Each extra region adds one primary item per digit, listed by the
options of its cells.  Each ban -- two options that may not both be chosen --
adds one *secondary* item that both options list.  A ban whose two cells
already share a region is redundant and left out.  The region map only
renumbers the box items, so a plain jigsaw keeps four items per option and
runs on the Sudoku fast path (:mod:`dlxnumba.sudoku.kernels`); every other
variant has longer options and runs on the generic engine (copy the template,
cover the givens, search).

The text form
-------------
A puzzle of a variant is its grid after header lines::

    variant: x+anti-knight
    ..1....8. ...

and a jigsaw adds its region map (on one ``regions:`` line or the next
``n`` lines)::

    variant: jigsaw
    regions: AAABBBCCC AAABBBCCC ...
    <the grid>

:func:`parse` reads it, :func:`to_text` writes it; ``Sudoku(text)`` reads the
headers, the puzzle-file reader takes them from the top of a file for every
puzzle of it, and ``dlxnumba solve --variant NAME`` names one on the command
line.

Examples
--------
>>> v = Variant.parse("anti-king+X")
>>> v, str(v), bool(Variant.parse("classic"))
(Variant('x+anti-king'), 'x+anti-king', False)
>>> [name for name, cells in v.extra_regions(4, (2, 2))]
['diagonal', 'anti-diagonal']
>>> from dlxnumba import Sudoku
>>> s = Sudoku("1... .... .... ....", variant="x")
>>> s.count(), Sudoku("1... .... .... ....").count()
(12, 72)
>>> t = s.solve()
>>> t.variant, t.grid.diagonal().tolist()
(Variant('x'), [1, 4, 2, 3])
"""

from __future__ import annotations

import functools
import threading
from typing import TYPE_CHECKING, Any, Callable, Iterable, Sequence, TypeAlias

import numpy as np

from ..errors import SudokuError, plain
from ..exact_cover import ExactCover
from ..template import template
from .encoding import _item_names
from .constraint_cover import constraints_problem
from .constraints import Constraints
from .geometry import Geometry, cell_name, geometry, side_of
from .killer import Cages, killer_problem
from .text import grid_from, symbol

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike

    from .geometry import BoxLike
    from .constraints import ConstraintsLike
    from .killer import CagesLike

    #: A variant: a name such as ``"x"`` or ``"x+anti-knight"``, a Variant, or None (classic)
    VariantLike: TypeAlias = "str | Variant | None"

#: The kinds, in their canonical order.
KINDS = ("jigsaw", "x", "windoku", "disjoint-groups", "anti-knight", "anti-king", "non-consecutive", "killer",
         "constraints")
#: Other names accepted for a kind.
ALIASES = {"diagonal": "x", "diagonals": "x", "sudoku-x": "x", "hyper": "windoku", "hypersudoku": "windoku",
           "antiknight": "anti-knight", "antiking": "anti-king", "nonconsecutive": "non-consecutive",
           "non-consec": "non-consecutive", "sums": "killer", "killer-sudoku": "killer",
           "disjointgroups": "disjoint-groups", "disjoint": "disjoint-groups", "setters": "constraints"}
#: The pairwise bans: (kind, cell offsets (row, col) with a positive first
#: nonzero entry, digit steps: 0 = the same digit, 1 = consecutive digits).
BANS = {
    "anti-knight": (((1, 2), (2, 1), (1, -2), (2, -1)), 0, "a knight's move apart"),
    "anti-king": (((1, 1), (1, -1), (0, 1), (1, 0)), 0, "a king's move apart"),
    "non-consecutive": (((0, 1), (1, 0)), 1, "orthogonal neighbours"),
}
#: Symbols for writing a region map (one per piece).
MAP_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


class Variant:
    """The extra rules of a Sudoku: a set of kinds, and the region map of a jigsaw.

    Immutable, hashable, picklable; ``bool(v)`` is False for the classic
    rules.  Make one with :meth:`parse` (or pass a name as ``variant=`` to
    :class:`~dlxnumba.sudoku.Sudoku`).

    Examples
    --------
    >>> from dlxnumba import Variant
    >>> Variant.parse("hyper"), Variant.parse("jigsaw", regions="AABB AABB CCDD CCDD")
    (Variant('windoku'), Variant('jigsaw', regions='AABBAABBCCDDCCDD'))
    >>> Variant.parse("x+knight")
    Traceback (most recent call last):
    ...
    dlxnumba.errors.SudokuError: unknown variant 'knight' in 'x+knight'; known: classic, jigsaw, x, windoku, disjoint-groups, anti-knight, anti-king, non-consecutive, killer, constraints
    """

    __slots__ = ("kinds", "region_map", "cages", "constraints", "_hash")
    kinds: tuple[str, ...]
    region_map: tuple[int, ...] | None
    #: a killer's cages (:class:`~.killer.Cages`), else None
    cages: Cages | None
    #: the setters' constraints (:class:`~.constraints.Constraints`), else None
    constraints: Constraints | None
    _hash: int

    def __init__(self, kinds: Iterable[str] = (), region_map: Sequence[int] | None = None,
                 cages: Cages | None = None, constraints: Constraints | None = None) -> None:
        if isinstance(kinds, str):
            raise SudokuError(f"Variant takes a collection of kinds; for a name use Variant.parse({kinds!r})")
        unknown = [k for k in kinds if k not in KINDS]
        if unknown:
            raise SudokuError(f"unknown variant {plain(unknown[0])}; known: " + ", ".join(KINDS))
        if region_map is not None:
            region_map = parse_region_map(list(region_map))  # checked, numbered in order of appearance
        more = ({"jigsaw"} if region_map is not None else set()) | ({"killer"} if cages is not None else set())
        more |= {"constraints"} if constraints is not None else set()
        kinds = tuple(k for k in KINDS if k in set(kinds) | more)
        if "jigsaw" in kinds and region_map is None:
            raise SudokuError("a jigsaw needs a region map (regions=...)")
        if "killer" in kinds and not isinstance(cages, Cages):
            raise SudokuError("a killer needs its cages (cages=..., a Cages)")
        if "constraints" in kinds and not isinstance(constraints, Constraints):
            raise SudokuError("variant 'constraints' needs them (constraints=..., a Constraints)")
        sides = {x.n for x in (cages, constraints) if x is not None}
        if region_map is not None:
            sides.add(_isqrt(len(region_map)))
        if len(sides) > 1:
            raise SudokuError(f"the region map, cages and constraints are for grids of different sides: "
                              f"{', '.join(map(str, sorted(sides)))}")
        object.__setattr__(self, "kinds", kinds)
        object.__setattr__(self, "region_map", None if region_map is None else tuple(region_map))
        object.__setattr__(self, "cages", cages)
        object.__setattr__(self, "constraints", constraints)
        object.__setattr__(self, "_hash", hash((kinds, self.region_map, cages, constraints)))

    def __setattr__(self, name, value):
        raise AttributeError("Variant is immutable")

    # ------------------------------------------------------------- reading

    @classmethod
    def parse(cls, spec: VariantLike = None, regions: str | ArrayLike | None = None, cages: CagesLike = None,
              n: int | None = None, constraints: ConstraintsLike = None) -> Variant:
        """A Variant from a name (``"x"``, ``"x+anti-king"``, ``"classic"``, None),
        a Variant, an optional region map (``regions``: text or an array of
        ``n*n`` labels; it makes the variant a jigsaw) and optional cages
        (``cages``: see :mod:`.killer`; a list of ``(sum, cells)`` needs the
        side ``n``; they make the variant a killer).

        Parameters
        ----------
        spec : str, Variant or None
            Kinds joined by ``+`` (``"x"``, ``"windoku"``, ``"anti-knight"``,
            ``"anti-king"``, ``"non-consecutive"``, ``"jigsaw"``, ``"killer"``),
            ``"classic"`` or None for none, or a Variant (returned as is
            without ``regions`` or ``cages``).
        regions : str, array_like or None
            A region map of ``n*n`` labels; it makes the variant a jigsaw.
        cages : str, list of (sum, cells) or None
            Cages with sums (see :mod:`.killer`); they make the variant a
            killer.
        n : int or None
            The side of the grid, needed for cages given as ``(sum, cells)``
            pairs and for constraints, without a region map.
        constraints : str, list or Constraints, optional
            The setters' constraints (see :mod:`.constraints`): thermometers,
            arrows, kropki dots and the rest.

        Returns
        -------
        Variant

        Raises
        ------
        SudokuError
            For an unknown kind, a bad region map or cages, ``"jigsaw"``
            without a region map or ``"killer"`` without cages.

        Examples
        --------
        >>> from dlxnumba import Variant
        >>> Variant.parse("x+anti-king").kinds, Variant.parse(None).kinds
        (('x', 'anti-king'), ())
        """
        if isinstance(spec, Variant) and regions is None and cages is None and constraints is None:
            return spec
        kinds = kinds_of(spec)
        rmap = parse_region_map(regions) if regions is not None else getattr(spec, "region_map", None)
        if cages is not None:
            cages = Cages.parse(cages, n if n is not None else None if rmap is None else _isqrt(len(rmap)))
        else:
            cages = getattr(spec, "cages", None)
        if constraints is not None:
            side = n if n is not None else cages.n if cages is not None else \
                None if rmap is None else _isqrt(len(rmap))
            constraints = Constraints.parse(constraints, side)
        else:
            constraints = getattr(spec, "constraints", None)
        if constraints is None and "constraints" in kinds:
            raise SudokuError("variant 'constraints' needs them: pass constraints=... (see "
                              "dlxnumba.sudoku.constraints)")
        if rmap is None and "jigsaw" in kinds:
            raise SudokuError("variant 'jigsaw' needs a region map: pass regions=... "
                              "(n*n letters, one piece per letter)")
        if cages is None and "killer" in kinds:
            raise SudokuError("variant 'killer' needs cages: pass cages=... (a cage map and sums, or a "
                              "list of (sum, cells)), see dlxnumba.sudoku.killer")
        return cls(kinds, rmap, cages, constraints)

    # --------------------------------------------------------------- views

    @property
    def name(self) -> str:
        """The kinds joined with ``+``, or ``"classic"``."""
        return "+".join(self.kinds) or "classic"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        more = "" if self.region_map is None else f", regions={self.map_text()!r}"
        more += "" if self.cages is None else f", cages={self.cages.text()!r}"
        more += "" if self.constraints is None else f", constraints={self.constraints.text()!r}"
        return f"Variant({self.name!r}{more})"

    def __bool__(self) -> bool:
        return bool(self.kinds)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, str):
            try:
                return (self.region_map is None and self.cages is None and self.constraints is None
                        and self == Variant.parse(other))
            except SudokuError:
                return False
        return (isinstance(other, Variant) and self.kinds == other.kinds and self.region_map == other.region_map
                and self.cages == other.cages and self.constraints == other.constraints)

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self):
        return Variant, (self.kinds, self.region_map, self.cages, self.constraints)

    def map_text(self) -> str:
        """The region map as text, one letter per cell, row-major ('' when none).

        Returns
        -------
        str
        """
        if self.region_map is None:
            return ""
        return "".join(MAP_SYMBOLS[k] if len(MAP_SYMBOLS) > k else "?" for k in self.region_map)

    @property
    def fast(self) -> bool:
        """True when the options keep four items (classic, a plain jigsaw): the Sudoku fast path."""
        return not (set(self.kinds) - {"jigsaw"})

    @property
    def has_marks(self) -> bool:
        """True when the rules go beyond regions and bans: a killer's cages or setters'
        constraints (rules the bits and the grader's techniques do not see)."""
        return self.cages is not None or self.constraints is not None

    @property
    def bans(self) -> tuple[str, ...]:
        """The pairwise-ban kinds of this variant."""
        return tuple(k for k in self.kinds if k in BANS)

    def side(self) -> int | None:
        """The side that the region map (or the cages) fixes, or None.

        Returns
        -------
        int or None
        """
        if self.cages is not None:
            return self.cages.n
        if self.constraints is not None:
            return self.constraints.n
        return None if self.region_map is None else _isqrt(len(self.region_map))

    # ------------------------------------------------------------ geometry

    def extra_regions(self, n: int, box: tuple[int, int]) -> list[tuple[str, tuple[int, ...]]]:
        """``(name, cells)`` of the extra regions on an ``n x n`` grid of ``box``.

        Parameters
        ----------
        n : int
            The side of the grid.
        box : (int, int)
            Rows and columns of one box (windoku's windows take its shape).

        Returns
        -------
        list of (str, tuple of int)
            Each extra region's name and flat cell indices (diagonals, windows).

        Raises
        ------
        SudokuError
            For windoku on a grid where no window fits.
        """
        out: list[tuple[str, tuple[int, ...]]] = []
        if "x" in self.kinds:
            out.append(("diagonal", tuple(i * n + i for i in range(n))))
            out.append(("anti-diagonal", tuple(i * n + n - 1 - i for i in range(n))))
        if "windoku" in self.kinds:
            r, c = box
            tops = range(1, n - r, r + 1)
            lefts = range(1, n - c, c + 1)
            if not tops or not lefts:
                raise SudokuError(f"windoku: no window of {r}x{c} fits a {n}x{n} grid with one-cell margins "
                                  f"(windows have the box's shape); choose another box shape")
            for k, (top, left) in enumerate((t, l) for t in tops for l in lefts):
                out.append((f"window {k + 1}", tuple((top + i) * n + left + j for i in range(r) for j in range(c))))
        if "disjoint-groups" in self.kinds:
            if self.region_map is not None:
                raise SudokuError("disjoint-groups: the groups are the cells at one place in each box, so a "
                                  "jigsaw (no boxes) cannot have them")
            r, c = box
            for k in range(n):
                i, j = divmod(k, c)
                out.append((f"disjoint group {k + 1}", tuple(sorted((bi * r + i) * n + bj * c + j
                                                                    for bi in range(n // r)
                                                                    for bj in range(n // c)))))
        return out

    def geometry(self, n: int, box: BoxLike = None) -> Geometry:
        """The :class:`Geometry` of this variant: the region map and the extra regions.

        Parameters
        ----------
        n : int
            The side of the grid.
        box : (int, int), str or None
            Rows and columns of one box (None: the default shape).

        Returns
        -------
        Geometry

        Raises
        ------
        SudokuError
            For a side that the region map or the cages do not fit, a bad box,
            a windoku without room for its windows.
        """
        if self.region_map is not None and len(self.region_map) != n * n:
            raise SudokuError(f"the region map has {len(self.region_map)} cells, but the grid has {n * n}")
        if self.cages is not None:
            self.cages.check_grid(n)
        if self.constraints is not None:
            self.constraints.check_grid(n)
        base = geometry(n, box, region_map=self.region_map) if self.region_map is not None else geometry(n, box)
        extra = self.extra_regions(n, base.box)
        if not extra:
            return base
        return geometry(n, base.box, region_map=self.region_map, extra=extra)

    def ban_pairs(self, geo: Geometry) -> np.ndarray:
        """The bans on the grid of ``geo``: an (m, 4) int32 array of rows
        ``(cell_a, digit_a, cell_b, digit_b)`` -- two placings that may not both
        be made; pairs already in one region are left out.

        Parameters
        ----------
        geo : Geometry
            The grid's geometry (:meth:`geometry`).

        Returns
        -------
        numpy.ndarray
            (m, 4) int32, flat cell indices and digits ``1..n``; (0, 4) for a
            variant without bans.
        """
        n = geo.n
        rows: list[tuple[int, int, int, int]] = []
        shared = _regions_of(geo)
        for kind in self.bans:
            offsets, step, _ = BANS[kind]
            for a in range(n * n):
                i, j = divmod(a, n)
                for di, dj in offsets:
                    if not (0 <= i + di < n and 0 <= j + dj < n):
                        continue
                    b = (i + di) * n + j + dj
                    if step == 0:
                        if shared[a] & shared[b]:
                            continue
                        rows.extend((a, d, b, d) for d in range(1, n + 1))
                    else:
                        for d in range(1, n):
                            rows.append((a, d, b, d + 1))
                            rows.append((a, d + 1, b, d))
        return np.array(rows, np.int32).reshape(-1, 4)

    def problem(self, n: int, box: BoxLike = None) -> ExactCover:
        """The exact-cover problem of the empty grid (built once per process).

        Parameters
        ----------
        n : int
            The side of the grid.
        box : (int, int), str or None
            Rows and columns of one box (None: the default shape).

        Returns
        -------
        ExactCover
            Options ``(row * n + col) * n + digit - 1`` as for
            :func:`~dlxnumba.sudoku_problem`, with this variant's rules.

        Raises
        ------
        SudokuError
            As for :meth:`geometry`.
        """
        geo = self.geometry(n, box)
        if self.has_marks:  # one problem per puzzle's cages or constraints: a bounded cache
            return cached_problem(self, n, geo.box, _build_problem)
        key = (self, n, geo.box)
        p = _PROBLEMS.get(key)
        if p is None:
            with _LOCK:
                p = _PROBLEMS.get(key)
                if p is None:
                    p = _build_problem(geo, self.ban_pairs(geo), self.bans)
                    template(p)
                    if len(_PROBLEMS) >= MAX_PROBLEMS:  # many region maps (a generator): keep the newest
                        del _PROBLEMS[next(iter(_PROBLEMS))]
                    _PROBLEMS[key] = p
        return p

    # -------------------------------------------------------------- rules

    def conflicts(self, cells: np.ndarray, geo: Geometry) -> list[str]:
        """Every rule the filled cells break, each naming its cells (empty list when none).

        Parameters
        ----------
        cells : numpy.ndarray
            The ``n*n`` cells, row-major, 0 for an empty cell.
        geo : Geometry
            The grid's geometry (:meth:`geometry`).

        Returns
        -------
        list of str
        """
        out = []
        for name, region in zip(geo.region_names, geo.regions.tolist()):
            where: dict[int, list[str]] = {}
            for cell in region:
                d = int(cells[cell])
                if d:
                    where.setdefault(d, []).append(geo.cell_name(cell))
            out += [f"{symbol(d)} appears {len(at)} times in {name} ({', '.join(at)})"
                    for d, at in where.items() if len(at) > 1]
        if self.bans:
            for kind in self.bans:
                out += _ban_clashes(kind, cells, geo)
        if self.cages is not None:
            out += self.cages.conflicts(cells)
        if self.constraints is not None:
            out += self.constraints.conflicts(cells)
        return out

    def is_solution(self, grid: Any, puzzle: Any = None, box: BoxLike = None) -> bool:
        """True when ``grid`` is complete and keeps every rule of this variant (and the
        givens of ``puzzle``): each region of :meth:`geometry` holds ``1..n``, no
        ban of :meth:`ban_pairs` is broken and every cage keeps its sum.  Reads the tables only, not the solver.

        Parameters
        ----------
        grid : str, array_like or Sudoku
            The grid to check.
        puzzle : str, array_like, Sudoku or None
            A puzzle whose givens the grid must keep.
        box : (int, int), str or None
            Rows and columns of one box (None: that of ``grid``, else the
            default shape).

        Returns
        -------
        bool

        Raises
        ------
        SudokuError
            For a grid that cannot be read, a box or side the variant does not
            fit.

        Examples
        --------
        >>> from dlxnumba import Variant
        >>> v = Variant.parse("x")
        >>> v.is_solution("1234341243212143"), v.is_solution("1234341221434321")
        (True, False)
        """
        cells = grid_from(grid)
        n = side_of(cells.size)
        geo = self.geometry(n, box if box is not None else getattr(grid, "box", None))
        held = np.sort(cells[geo.regions], axis=1)
        if not np.array_equal(held, np.broadcast_to(np.arange(1, n + 1), held.shape)):
            return False
        bans = self.ban_pairs(geo)
        if bans.size and np.any((cells[bans[:, 0]] == bans[:, 1]) & (cells[bans[:, 2]] == bans[:, 3])):
            return False
        if self.cages is not None and not self.cages.is_solution(cells):
            return False
        if self.constraints is not None and not self.constraints.is_solution(cells):
            return False
        if puzzle is not None:
            p = grid_from(puzzle)
            if p.size != cells.size or np.any((p != 0) & (p != cells)):
                return False
        return True


#: The classic rules (no variant), shared.
CLASSIC = Variant()

#: Problems kept at most (one per variant, side and box shape), oldest dropped first.
MAX_PROBLEMS = 64
_PROBLEMS: dict = {}
_LOCK = threading.Lock()


def _isqrt(k: int) -> int:
    import math

    return math.isqrt(k)


def _regions_of(geo: Geometry) -> list[set[int]]:
    """The set of regions of each cell (extra regions included)."""
    sets: list[set[int]] = [set() for _ in range(geo.cells)]
    for u, region in enumerate(geo.regions.tolist()):
        for cell in region:
            sets[cell].add(u)
    return sets


def _ban_clashes(kind: str, cells: np.ndarray, geo: Geometry) -> list[str]:
    """Describe each ban of ``kind`` that two filled cells break (a pair in one row,
    column or box is left to the message of that region)."""
    n = geo.n
    offsets, step, apart = BANS[kind]
    grid = cells.reshape(n, n)
    out = []
    for i in range(n):
        for j in range(n):
            a = int(grid[i, j])
            if not a:
                continue
            for di, dj in offsets:
                if 0 <= i + di < n and 0 <= j + dj < n:
                    b = int(grid[i + di, j + dj])
                    if b and ((step == 0 and a == b) or (step == 1 and abs(a - b) == 1)):
                        ca, cb = cell_name(n, i * n + j), cell_name(n, (i + di) * n + j + dj)
                        if step == 0 and not (set(geo.cell_regions[i * n + j].tolist())
                                              & set(geo.cell_regions[(i + di) * n + j + dj].tolist())):
                            out.append(f"{ca} and {cb} both hold {symbol(a)}, {apart} ({kind})")
                        elif step == 1:
                            out.append(f"{ca} holds {symbol(a)} and {cb} holds {symbol(b)}: consecutive "
                                       f"digits in {apart} ({kind})")
    return out


def _build_problem(geo: Geometry, bans: np.ndarray, ban_kinds: tuple) -> ExactCover:
    """The exact-cover problem of the empty grid of ``geo`` with ``bans`` as secondary items.

    Items: the classic ``4 n^2`` (cells, rows, columns, boxes or pieces), one
    per extra region and digit, then one secondary item per ban.  Option
    ``cell * n + digit - 1`` lists its items in that order.
    """
    n, nn = geo.n, geo.cells
    opt = np.arange(n ** 3, dtype=np.int64)
    cell, digit = opt // n, opt % n  # digit counted from 0
    pairs_o = [opt, *(opt for _ in range(3))]
    pairs_i = [cell, *(nn + n * geo.cell_regions[cell, k].astype(np.int64) + digit for k in range(3))]
    first = 4 * nn
    for e in range(geo.extra):
        cells = geo.regions[3 * n + e].astype(np.int64)
        for d in range(n):
            pairs_o.append(cells * n + d)
            pairs_i.append(np.full(n, first + e * n + d, np.int64))
    n_primary = first + geo.extra * n
    if bans.size:
        k = np.arange(len(bans), dtype=np.int64) + n_primary
        pairs_o += [bans[:, 0].astype(np.int64) * n + bans[:, 1] - 1, bans[:, 2].astype(np.int64) * n + bans[:, 3] - 1]
        pairs_i += [k, k]
    o = np.concatenate(pairs_o)
    it = np.concatenate(pairs_i)
    order = np.lexsort((it, o))
    ptr = np.zeros(n ** 3 + 1, np.int64)
    np.cumsum(np.bincount(o, minlength=n ** 3), out=ptr[1:])
    names = _item_names(geo)
    names += [f"{name}:{symbol(d + 1)}" for name, _ in geo.extra_regions for d in range(n)]
    label = {}
    for kind in ban_kinds:
        offsets, step, _ = BANS[kind]
        for di, dj in offsets:
            label[(step, di, dj)] = kind
    for a, da, b, db in bans.tolist():
        (ia, ja), (ib, jb) = divmod(a, n), divmod(b, n)
        kind = label.get((0 if da == db else 1, ib - ia, jb - ja), "ban")
        names.append(f"{kind} {cell_name(n, a)}={symbol(da)} {cell_name(n, b)}={symbol(db)}")
    return ExactCover(n_primary, names, ptr, it[order])


# ---------------------------------------------------------------------------
# Region maps and the text form
# ---------------------------------------------------------------------------


def kinds_of(spec: VariantLike) -> set[str]:
    """The kinds a variant name (or a Variant, or None) asks for, aliases
    resolved; a :class:`~dlxnumba.errors.SudokuError` names an unknown one.

    >>> sorted(kinds_of("Sudoku-X + hyper"))
    ['windoku', 'x']
    """
    kinds: set[str] = set()
    if isinstance(spec, Variant):
        kinds.update(spec.kinds)
    elif spec is not None:
        if not isinstance(spec, str):
            raise SudokuError(f"variant must be a name such as 'x' or 'x+anti-knight', not {plain(spec)}")
        for part in spec.replace(",", "+").split("+"):
            word = part.strip().lower().replace("_", "-").replace(" ", "-")
            word = ALIASES.get(word, ALIASES.get(word.replace("-", ""), word))
            if word in ("", "classic", "none", "sudoku"):
                continue
            if word not in KINDS:
                raise SudokuError(f"unknown variant {part.strip()!r} in {spec!r}; known: classic, "
                                  + ", ".join(KINDS))
            kinds.add(word)
    return kinds


def parse_region_map(regions: str | ArrayLike) -> tuple[int, ...]:
    """The pieces of a region map, numbered 0.. in order of first appearance (row-major).

    ``regions``: text of ``n*n`` symbols (white space ignored) or an array of
    ``n*n`` labels (or ``n`` rows of ``n``).  Every piece must have ``n``
    cells; pieces need not be connected.

    >>> parse_region_map("AABB AABB CCDD CCDD")[:8]
    (0, 0, 1, 1, 0, 0, 1, 1)
    >>> parse_region_map("AABB AABB CCDD CCDC")
    Traceback (most recent call last):
    ...
    dlxnumba.errors.SudokuError: region map: piece 'C' has 5 cells (r3c1, r3c2, r4c1, r4c2, r4c4) and piece 'D' 3 (r3c3, r3c4, r4c3); each of the 4 pieces needs 4 cells
    """
    if isinstance(regions, (list, tuple)) and regions and all(isinstance(r, str) for r in regions):
        regions = "".join(regions)
    if isinstance(regions, str):
        labels: list = [ch for ch in regions if not ch.isspace()]
    else:
        try:
            labels = np.asarray(regions).reshape(-1).tolist()
        except (TypeError, ValueError):
            raise SudokuError(f"region map must be text or an array of labels, not {plain(regions)}") from None
    size = len(labels)
    n = _isqrt(size)
    if n * n != size or n < 2:
        raise SudokuError(f"region map: {size} cells; expected a square number (one label per cell, "
                          "row-major, e.g. 81 letters for a 9x9 grid)")
    number: dict = {}
    for lab in labels:
        number.setdefault(lab, len(number))
    pieces = [number[lab] for lab in labels]
    if len(number) != n:
        raise SudokuError(f"region map: {len(number)} pieces on a {n}x{n} grid; it needs {n} "
                          f"(labels: {', '.join(map(str, list(number)[:12]))}{'...' if len(number) > 12 else ''})")
    counts = np.bincount(pieces, minlength=n)
    wrong = [k for k in range(n) if counts[k] != n]
    if wrong:
        name = list(number)
        described: list[str] = []
        for k in wrong[:3]:
            cells = [cell_name(n, c) for c in range(size) if pieces[c] == k]
            shown = ", ".join(cells[:8]) + (", ..." if len(cells) > 8 else "")
            described.append(f"piece {name[k]!r} {'has ' if not described else ''}{len(cells)}"
                             f"{' cells' if not described else ''} ({shown})")
        raise SudokuError("region map: " + " and ".join(described)
                          + f"; each of the {n} pieces needs {n} cells")
    return tuple(pieces)


def parse(text: str) -> tuple[str, Variant]:
    """Split a puzzle's text into its grid text and its :class:`Variant` (from header lines).

    Header lines come first: ``variant: NAME`` and, for a jigsaw, ``regions:``
    followed by the map on the same line or on the next lines (as many as
    make ``n*n`` symbols, ``n`` the side the grid that follows implies); for a
    killer, ``cages:`` followed by the cage map and the sums (:mod:`.killer`)
    on the same line, or the map on the next lines and then a ``sums:`` line.

    >>> grid, v = parse("variant: x\\n1... .... .... ....")
    >>> grid, v
    ('1... .... .... ....', Variant('x'))
    >>> parse("variant: jigsaw\\nregions: AABB ABBB CCDD CCDD\\n1.......  ........")[1]
    Traceback (most recent call last):
    ...
    dlxnumba.errors.SudokuError: region map: piece 'A' has 3 cells (r1c1, r1c2, r2c1) and piece 'B' 5 (r1c3, r1c4, r2c2, r2c3, r2c4); each of the 4 pieces needs 4 cells
    """
    lines = text.splitlines()
    spec = None
    regions: str | None = None
    cages: str | None = None
    rules: str | None = None
    k = 0
    while k < len(lines):
        line = lines[k].strip()
        low = line.lower()
        if not line:
            k += 1
            continue
        if low.startswith("variant:") or low.startswith("variant "):
            if spec is not None:
                raise SudokuError(f"line {k + 1}: a second 'variant:' line")
            spec = line.split(":", 1)[1] if ":" in line else line[len("variant"):]
            k += 1
        elif low.startswith("regions:"):
            rest = line.split(":", 1)[1].strip()
            k += 1
            if not rest:  # the map on the next lines: as many cells as the grid after it
                total = sum(len("".join(ln.split())) for ln in lines[k:])
                side = _isqrt(total // 2)
                need = side * side
                got: list[str] = []
                while k < len(lines) and sum(len(g) for g in got) < need:
                    got.append("".join(lines[k].split()))
                    k += 1
                rest = "".join(got)
            regions = rest
        elif low.startswith("constraints:"):
            if rules is not None:
                raise SudokuError(f"line {k + 1}: a second 'constraints:' line")
            rules = line.split(":", 1)[1]
            k += 1
        elif low.startswith("cages:") or low.startswith("sums:"):
            if cages is not None and low.startswith("cages:"):
                raise SudokuError(f"line {k + 1}: a second 'cages:' line")
            cages = (cages or "") + " " + line.split(":", 1)[1]
            k += 1
            if low.startswith("cages:") and "=" not in line:  # the map on the next lines, then 'sums:'
                start = k
                while k < len(lines) and not lines[k].strip().lower().startswith("sums:"):
                    k += 1
                if k == len(lines):
                    raise SudokuError(f"line {start}: the cage map of a 'cages:' header must be followed "
                                      "by a 'sums:' line (A=3 B=15 ...)")
                cages += " " + " ".join(lines[start:k])
        else:
            break
    body = "\n".join(lines[k:])
    if spec is None and regions is None and cages is None and rules is None:
        return text, Variant()
    n = None
    if rules is not None and regions is None and cages is None:
        n = side_of(grid_from(body).size)
    return body, Variant.parse(spec, regions, cages, n, rules)


def has_header(text: str) -> bool:
    """Whether a puzzle's text starts with a variant header (cheap)."""
    head = text.lstrip()[:9].lower()
    return head.startswith(("variant", "regions:", "cages:", "constraint"))


def to_text(grid: str, variant: Variant) -> str:
    """The text form: header lines, then the grid text (the inverse of :func:`parse`).

    >>> to_text("1...............", Variant.parse("jigsaw", "AABBAABBCCDDCCDD"))
    'variant: jigsaw\\nregions: AABBAABBCCDDCCDD\\n1...............'
    """
    if not variant:
        return grid
    lines = [f"variant: {variant.name}"]
    if variant.region_map is not None:
        lines.append(f"regions: {variant.map_text()}")
    if variant.cages is not None:
        lines.append(f"cages: {variant.cages.text()}")
    if variant.constraints is not None:
        lines.append(f"constraints: {variant.constraints.text()}")
    return "\n".join(lines + [grid])


@functools.lru_cache(maxsize=32)
def cached_problem(variant: "Variant", n: int, box: tuple[int, int],
                   build: Callable[[Geometry, Any, Any], ExactCover]) -> ExactCover:
    """The exact-cover problem of the empty grid of a variant with cages or
    constraints (the last 32 built are kept): ``build(geometry, bans, ban_kinds)``
    makes the problem of its other rules, to which the cages and then the
    constraints are added."""
    geo = variant.geometry(n, box)
    p = build(geo, variant.ban_pairs(geo), variant.bans)
    if not variant.has_marks:
        raise SudokuError("cached_problem is for a variant with cages or constraints")
    if variant.cages is not None:
        p = killer_problem(p, geo, variant.cages)
    if variant.constraints is not None:
        p = constraints_problem(p, geo, variant.constraints)
    template(p)
    return p
