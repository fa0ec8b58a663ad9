"""Killer Sudoku: cages with sums, solved with colors (Knuth's Algorithm C).

Vocabulary
----------
A *cage* is a set of cells with a *sum*: its cells hold distinct digits that
add up to the sum.  A killer Sudoku is a grid (any size, any box shape, with
or without givens, combined with the other variants if you like) plus
non-overlapping cages; cells outside every cage have no extra rule.

Cages in Python: a list of ``(sum, cells)`` pairs, each cell a cell number
(row-major, from 0, as everywhere in the package), a name ``"r1c2"``
(1-based, as in every message) or a ``(row, col)`` pair counted from 0 (as
``grid[row, col]``).  Cages as text, the *cage map*: one symbol per cell,
row-major (white space ignored), the same symbol for the cells of one cage
and ``.`` for a cell in no cage, followed by the sums as ``label=sum``
tokens::

    AABB CDDB CEEF GGHF  A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3

(a grid with more than 62 cages writes its map as white-space separated
labels, one per cell).

Encoding
--------
The options of the classic grid stay (option ``cell * n + digit - 1``
places ``digit`` in ``cell``, so givens and solutions decode as before); the
cages add items and options, in one of two *forms* per cage:

*colors* (when the cage has at most :data:`MAX_ASSIGNMENTS` assignments:
one cell, or two cells with a single pair of digits, such as 3 = 1 + 2 or
17 = 8 + 9): the cage is a primary item whose options are the
*assignments* of its cells -- every way of giving them distinct digits that
add up to the sum -- and each cell of the cage is a *secondary* item colored
by the digit the option gives it.  Each placing option of such a cell lists
the cell's secondary item too, colored by its digit.

*sets* (every other cage): the cage is a primary item whose options are the
*digit sets* of its size that add up to the sum, and the cage has one
uncolored secondary item per digit, ``cage{label}.{digit}``.  The placing
option of digit ``d`` in a cell of the cage lists the item of ``d``; the
option of a set ``S`` lists the items of the digits *not* in ``S``.

Why this is exact: in a solution every cell item is covered once, so each
cell holds one digit, and every cage item is covered once, by one option
``A`` of its cage.  Colors form: the cell's secondary item is listed by its
placing option and by ``A`` and the two must agree on its color, so the
cells of the cage hold exactly the digits ``A`` gives them: distinct, adding
up to the sum.  Sets form: no cell of the cage holds a digit outside
``A``'s set ``S`` (that item is taken by ``A``, without a color, so nothing
else may list it), and no two of its cells hold one digit (uncolored
secondary items are covered at most once); so the ``|S|`` cells hold
``|S|`` distinct digits of ``S``, which are all of ``S``, adding up to the
sum.  Conversely a valid grid gives each cage the one option that its
digits determine, so solutions of the problem and completed grids
correspond one to one: counts are exact too.

``Sudoku.to_problem()`` gives the problem, its key (of the ``n**3`` placing
options; the cage options follow them) and the givens' options.

Why two forms: the sets form keeps every cage small (one option per digit
set, at most ``C(n, k)``, where the assignments number ``k!`` times more:
9! = 362,880 for a 9-cell cage of sum 45) and it prunes far better, because
a cage item with one or two sets is chosen early and strikes the other
digits from all its cells at once, where an item of 120 assignments waits
until its cells are filled.  On the two published 9x9 puzzles of the tests
(no givens), counting took 20,514 and 29,148 nodes with every cage in the
sets form, 12,897 and 11,113 with :data:`MAX_ASSIGNMENTS` = 2, 377,264 and
59,283 with 24, and more than 3,000,000 and 101,589 with every cage in the
colors form.  A cage whose digit sets would number more than
:data:`MAX_OPTIONS` (only on grids past about 20x20) is refused with a
:class:`~dlxnumba.errors.SudokuError` rather than built.  Problems with a
colors-form cage run on the colored kernel (Algorithm C); a killer whose
cages all take the sets form needs no color and runs on the plain one.

Examples
--------
>>> from dlxnumba import Sudoku
>>> s = Sudoku.killer("................", "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3")
>>> s.count()
1
>>> t = s.solve()
>>> print(t.boxed())
1 2 | 4 3
4 3 | 1 2
----+----
3 1 | 2 4
2 4 | 3 1
killer cages: A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3
A A | B B
C D | D B
----+----
C E | E F
G G | H F
>>> Sudoku.killer("........ ........", [(3, [0, 1]), (30, ["r2c1", "r2c2"])])
Traceback (most recent call last):
...
dlxnumba.errors.SudokuError: cage 2 (sum 30; r2c1, r2c2): 2 distinct digits of 1..4 add up to 3 to 7, not 30
"""

from __future__ import annotations

import math
import re
from itertools import permutations
from typing import TYPE_CHECKING, Any, Iterable, Iterator, Union

import numpy as np

from ..checks import is_integer
from ..errors import SudokuError, plain
from ..exact_cover import ExactCover
from .geometry import Geometry, cell_name
from .text import symbol

if TYPE_CHECKING:  # pragma: no cover
    #: A cell of a cage: its number (row-major from 0), a name such as ``"r1c2"``, or ``(row, col)`` from 0
    CellLike = Union[int, str, tuple[int, int]]
    #: Cages: their text form (a cage map and sums), a :class:`Cages`, or ``(sum, cells)`` pairs
    CagesLike = Union[str, "Cages", Iterable[tuple[int, Union[CellLike, Iterable[CellLike]]]], None]

#: A cage with at most this many assignments of digits is encoded in the
#: colors form (one option per assignment), a larger one in the sets form.
MAX_ASSIGNMENTS = 2
#: The most options one cage may have (in the form it takes): a larger cage is refused.
MAX_OPTIONS = 100_000
#: Labels of the cages in the cage map, in order of their first cell (then numbers).
LABELS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


class Cages:
    """The cages of a killer Sudoku on an ``n x n`` grid: immutable, hashable, picklable.

    ``sums[k]`` and ``cells[k]`` (sorted cell numbers) describe cage ``k``;
    cages are ordered by their first cell, so equal cages compare equal
    whatever order they were given in.  Make them with :meth:`parse`.

    >>> c = Cages.parse([(3, ["r1c1", "r1c2"]), (7, [(3, 2), (3, 3)])], n=4)
    >>> c, c.label(1), c.text()
    (Cages('AA.. .... .... ..BB A=3 B=7'), 'B', 'AA.. .... .... ..BB A=3 B=7')
    >>> c == Cages.parse(c.text())
    True
    """

    __slots__ = ("n", "sums", "cells", "_hash")
    n: int
    sums: tuple[int, ...]
    cells: tuple[tuple[int, ...], ...]
    _hash: int

    def __init__(self, n: int, sums: Iterable[int], cells: Iterable[Iterable[int]]) -> None:
        pairs = sorted(zip((int(s) for s in sums), (tuple(sorted(int(c) for c in cs)) for cs in cells)),
                       key=lambda p: p[1][0] if p[1] else -1)
        object.__setattr__(self, "n", int(n))
        object.__setattr__(self, "sums", tuple(s for s, _ in pairs))
        object.__setattr__(self, "cells", tuple(cs for _, cs in pairs))
        object.__setattr__(self, "_hash", hash((self.n, self.sums, self.cells)))

    def __setattr__(self, name, value):
        raise AttributeError("Cages is immutable")

    def __reduce__(self):
        return Cages, (self.n, self.sums, self.cells)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cages) and (self.n, self.sums, self.cells) == (other.n, other.sums, other.cells)

    def __hash__(self) -> int:
        return self._hash

    def __len__(self) -> int:
        return len(self.sums)

    def __iter__(self) -> Iterator[tuple[int, tuple[int, ...]]]:
        """``(sum, cells)`` of each cage."""
        return iter(zip(self.sums, self.cells))

    def __repr__(self) -> str:
        return f"Cages({self.text()!r})"

    # ------------------------------------------------------------- reading

    @classmethod
    def parse(cls, cages: CagesLike, n: int | None = None) -> Cages:
        """Cages from a :class:`Cages`, the text form (a cage map and ``label=sum``
        tokens) or a list of ``(sum, cells)``; ``n``, the grid's side, is needed
        for a list (the text's map gives it).  Every fault raises SudokuError
        naming the cage and the cell."""
        if isinstance(cages, Cages):
            if n is not None and cages.n != n:
                raise SudokuError(f"the cages are for a {cages.n}x{cages.n} grid, not a {n}x{n} one")
            return cages
        if isinstance(cages, str):
            return _parse_text(cages, n)
        if n is None:
            raise SudokuError("cages given as a list need the grid's side: pass n=... (Sudoku does)")
        try:
            items: list[Any] = list(cages)  # type: ignore[arg-type]  # None and the like raise TypeError: named below
        except TypeError:
            raise SudokuError(f"cages must be text (a cage map and sums) or a list of (sum, cells), "
                              f"not {plain(cages)}") from None
        sums, cells, names = [], [], []
        for k, item in enumerate(items):
            try:
                total, where = item
            except (TypeError, ValueError):
                raise SudokuError(f"cage {k + 1}: expected a pair (sum, cells), not {plain(item)}") from None
            if not is_integer(total):
                raise SudokuError(f"cage {k + 1}: the sum must be an integer, not {plain(total)}")
            if isinstance(where, str) or is_integer(where):
                where = [where]
            try:
                where = list(where)
            except TypeError:
                raise SudokuError(f"cage {k + 1} (sum {int(total)}): cells must be a list, not {plain(where)}") \
                    from None
            sums.append(int(total))
            cells.append([_cell(c, n, f"cage {k + 1} (sum {int(total)})") for c in where])
            names.append(f"cage {k + 1}")
        return _checked(n, sums, cells, names)

    # --------------------------------------------------------------- views

    def label(self, k: int) -> str:
        """The label of cage ``k`` in the cage map: a letter, or a number past 62 cages."""
        return LABELS[k] if len(self.sums) <= len(LABELS) else str(k + 1)

    def name(self, k: int) -> str:
        """``cage A (sum 15; r1c1, r1c2)``: how messages name cage ``k``."""
        return f"cage {self.label(k)} (sum {self.sums[k]}; {_cells_text(self.n, self.cells[k])})"

    def cage_of(self) -> np.ndarray:
        """The cage of each cell (int32, ``n*n``; -1 for a cell in no cage)."""
        of = np.full(self.n * self.n, -1, np.int32)
        for k, cs in enumerate(self.cells):
            of[list(cs)] = k
        return of

    def map_text(self) -> str:
        """The cage map: rows of one symbol per cell (``.``: no cage), or of labels
        separated by spaces past 62 cages."""
        of = self.cage_of().tolist()
        n = self.n
        if len(self.sums) <= len(LABELS):
            return " ".join("".join("." if of[i * n + j] < 0 else LABELS[of[i * n + j]] for j in range(n))
                            for i in range(n))
        return " ".join("." if k < 0 else str(k + 1) for k in of)

    def sums_text(self) -> str:
        """``A=3 B=15 ...``."""
        return " ".join(f"{self.label(k)}={s}" for k, s in enumerate(self.sums))

    def text(self) -> str:
        """The text form: the cage map and the sums (the inverse of :meth:`parse`)."""
        return f"{self.map_text()} {self.sums_text()}"

    # -------------------------------------------------------------- rules

    def check_grid(self, n: int) -> None:
        """SudokuError unless these cages are for an ``n x n`` grid."""
        if self.n != n:
            raise SudokuError(f"the cages are for a {self.n}x{self.n} grid, but the grid is {n}x{n}")

    def conflicts(self, cells: np.ndarray) -> list[str]:
        """What the filled cells break in the cages: a digit twice in a cage, or
        givens no distinct digits can complete to the cage's sum (empty list when none)."""
        out = []
        for k, (total, where) in enumerate(self):
            got = [int(cells[c]) for c in where]
            filled = [d for d in got if d]
            if len(set(filled)) < len(filled):
                twice = next(d for d in filled if filled.count(d) > 1)
                at = [cell_name(self.n, c) for c, d in zip(where, got) if d == twice]
                out.append(f"{symbol(twice)} appears {len(at)} times in {self.name(k)}: {', '.join(at)}")
                continue
            free = [d for d in range(1, self.n + 1) if d not in filled]
            rest, empty = total - sum(filled), len(got) - len(filled)
            if not _can_sum(free, empty, rest):
                given = ", ".join(f"{cell_name(self.n, c)}={symbol(d)}" for c, d in zip(where, got) if d)
                if empty:
                    fits = (f"no {empty} distinct unused digits add up to {rest}" if empty > 1
                            else f"no unused digit is {rest}")
                    out.append(f"the givens {given} of {self.name(k)} leave {rest} for its {empty} other "
                               f"cell{'s' if empty > 1 else ''}, and {fits}")
                else:
                    out.append(f"the digits of {self.name(k)} add up to {sum(filled)}, not {total}")
        return out

    def is_solution(self, cells: np.ndarray) -> bool:
        """Whether the filled cells keep every cage: distinct digits adding up to its sum."""
        return all(len(set(int(cells[c]) for c in where)) == len(where)
                   and sum(int(cells[c]) for c in where) == total for total, where in self)


# ---------------------------------------------------------------------------
# Drawing cages (for the generator)
# ---------------------------------------------------------------------------

#: The sizes a drawn cage aims at and their weights (sizes past the side are dropped).
CAGE_SIZES = {2: 0.35, 3: 0.35, 4: 0.2, 5: 0.1}


def random_cages(solution: np.ndarray, n: int, rng: np.random.Generator) -> Cages:
    """Cages drawn at random over the solved grid ``solution`` (``n*n`` digits):
    every cell in one cage, each cage a connected group of cells (left, right,
    up, down) holding distinct digits, its sum that of its digits.

    Cells are taken in a random order; each one not yet in a cage starts a
    cage of a size drawn from :data:`CAGE_SIZES`, grown one random neighbour
    at a time (a free cell whose digit the cage lacks) until it has that size
    or no neighbour fits.  A cage left with one cell joins a neighbouring cage
    that lacks its digit when there is one.  The same ``rng`` state gives the
    same cages.

    >>> sol = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1]
    >>> c = random_cages(sol, 4, np.random.default_rng(1))
    >>> c.is_solution(np.array(sol)), sum(map(len, c.cells)), max(map(len, c.cells)) <= 4
    (True, 16, True)
    """
    digits = np.asarray(solution).reshape(-1).astype(np.int64)
    nn = n * n
    sizes = [k for k in CAGE_SIZES if k <= n] or [n]
    weights = np.array([CAGE_SIZES.get(k, 1.0) for k in sizes])
    weights /= weights.sum()

    def neighbours(c: int) -> list[int]:
        r, q = divmod(c, n)
        return [c + d for d, ok in ((-n, r > 0), (n, r < n - 1), (-1, q > 0), (1, q < n - 1)) if ok]

    cage_of = np.full(nn, -1, np.int64)
    groups: list[list[int]] = []
    for start in rng.permutation(nn).tolist():
        if cage_of[start] >= 0:
            continue
        target = int(rng.choice(sizes, p=weights))
        k = len(groups)
        group = [start]
        cage_of[start] = k
        held = {int(digits[start])}
        while len(group) < target:
            free = sorted({m for c in group for m in neighbours(c)
                           if cage_of[m] < 0 and int(digits[m]) not in held})
            if not free:
                break
            m = free[int(rng.integers(len(free)))]
            group.append(m)
            cage_of[m] = k
            held.add(int(digits[m]))
        groups.append(group)
    largest = max(sizes)
    for k, group in enumerate(groups):  # a lone cell joins a neighbouring cage that lacks its digit
        if len(group) != 1:
            continue
        c = group[0]
        hosts = sorted({int(cage_of[m]) for m in neighbours(c)
                        if cage_of[m] != k and len(groups[cage_of[m]]) < largest
                        and all(digits[x] != digits[c] for x in groups[cage_of[m]])})
        if hosts:
            h = hosts[int(rng.integers(len(hosts)))]
            groups[h].append(c)
            cage_of[c] = h
            group.clear()
    groups = [g for g in groups if g]
    return Cages(n, [int(digits[g].sum()) for g in groups], groups)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------

_NAME = re.compile(r"r(\d+)c(\d+)$", re.IGNORECASE)


def _cell(c: Any, n: int, what: str) -> int:
    """Cell number of ``c`` (a number, ``"r1c2"`` or a ``(row, col)`` pair from 0), checked."""
    if isinstance(c, str):
        m = _NAME.match(c.strip())
        if not m:
            raise SudokuError(f"{what}: cell {c!r} is not a name such as 'r1c2'")
        i, j = int(m.group(1)) - 1, int(m.group(2)) - 1
        if not (0 <= i < n and 0 <= j < n):
            raise SudokuError(f"{what}: cell {c} is outside the {n}x{n} grid")
        return i * n + j
    if is_integer(c):
        if not 0 <= c < n * n:
            raise SudokuError(f"{what}: cell {plain(c)} is outside the {n}x{n} grid (cells are numbered "
                              f"0 to {n * n - 1}, row-major)")
        return int(c)
    try:
        i, j = c
        ok = is_integer(i) and is_integer(j)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise SudokuError(f"{what}: a cell is a number, a name such as 'r1c2' or a pair (row, col), "
                          f"not {plain(c)}")
    if not (0 <= i < n and 0 <= j < n):
        raise SudokuError(f"{what}: cell {plain((i, j))} is outside the {n}x{n} grid (rows and columns "
                          f"are counted from 0 in a pair; r{int(i) + 1}c{int(j) + 1} by name)")
    return int(i) * n + int(j)


def _checked(n: int, sums: list[int], cells: list[list[int]], names: list[str]) -> Cages:
    """The Cages, after checking each cage: cells, size, sum, overlaps."""
    owner: dict[int, int] = {}
    for k, (total, where) in enumerate(zip(sums, cells)):
        what = f"{names[k]} (sum {total}; {_cells_text(n, where)})" if where else f"{names[k]} (sum {total})"
        if not where:
            raise SudokuError(f"{what}: a cage needs at least one cell")
        if len(set(where)) < len(where):
            twice = next(c for c in where if where.count(c) > 1)
            raise SudokuError(f"{what}: cell {cell_name(n, twice)} is listed twice")
        size = len(where)
        if size > n:
            raise SudokuError(f"{what}: {size} cells, but a cage holds distinct digits, so at most {n}")
        lo, hi = size * (size + 1) // 2, size * (2 * n - size + 1) // 2
        if not lo <= total <= hi:
            makes = f"{size} distinct digits of 1..{n} add up to" if size > 1 else f"a digit of 1..{n} is"
            raise SudokuError(f"{what}: {makes} {lo} to {hi}, not {total}")
        form, count = cage_form(n, size, total)
        if count > MAX_OPTIONS:
            raise SudokuError(f"{what}: more than {MAX_OPTIONS:,} sets of digits add up to its sum, too many "
                              "options for one cage; split the cage")
        for c in where:
            if c in owner:
                j = owner[c]
                raise SudokuError(f"cell {cell_name(n, c)} is in two cages: {names[j]} (sum {sums[j]}) and "
                                  f"{names[k]} (sum {total})")
            owner[c] = k
    return Cages(n, sums, cells)


def _parse_text(text: str, n: int | None) -> Cages:
    """Cages from a cage map and ``label=sum`` tokens (see the module's docstring)."""
    tokens = text.replace(",", " ").split()
    sums_t = [t for t in tokens if "=" in t]
    map_t = [t for t in tokens if "=" not in t]
    joined = "".join(map_t)
    side = math.isqrt(len(joined))
    if side * side == len(joined) and side >= 2 and (n is None or side == n):
        labels = list(joined)
    else:
        side = math.isqrt(len(map_t))
        if side * side != len(map_t) or side < 2 or (n is not None and side != n):
            want = f"{n * n} cells of a {n}x{n} grid" if n is not None else "a square number of cells"
            raise SudokuError(f"cage map: {len(joined)} symbols ({len(map_t)} words); expected {want}, "
                              "one symbol per cell (or one word per cell), '.' for a cell in no cage")
        labels = map_t
    sums: dict[str, int] = {}
    for t in sums_t:
        label, _, value = t.partition("=")
        if label in sums:
            raise SudokuError(f"cage sums: cage {label!r} has two sums ({sums[label]} and {value})")
        try:
            sums[label] = int(value)
        except ValueError:
            raise SudokuError(f"cage sums: {t!r} is not 'label=sum' with a whole number") from None
    where: dict[str, list[int]] = {}
    for c, lab in enumerate(labels):
        if lab not in (".", "0", "_"):
            where.setdefault(lab, []).append(c)
    missing = [lab for lab in where if lab not in sums]
    if missing:
        raise SudokuError(f"cage {missing[0]!r} ({_cells_text(side, where[missing[0]])}) has no sum: "
                          f"add {missing[0]}=SUM")
    extra = [lab for lab in sums if lab not in where]
    if extra:
        raise SudokuError(f"cage sums: cage {extra[0]!r} has a sum but no cell in the cage map")
    names = [f"cage {lab!r}" for lab in where]
    return _checked(side, [sums[lab] for lab in where], list(where.values()), names)


def _cells_text(n: int, cells) -> str:
    """A few cell names, for messages."""
    cells = list(cells)
    shown = ", ".join(cell_name(n, c) for c in cells[:6])
    return shown + (", ..." if len(cells) > 6 else "")


def _can_sum(digits: list[int], k: int, total: int) -> bool:
    """Whether ``k`` distinct numbers of ``digits`` add up to ``total`` (a small subset-sum table)."""
    if k == 0:
        return total == 0
    if k > len(digits) or total <= 0:
        return False
    reach: list[set[int]] = [set() for _ in range(k + 1)]  # reach[m]: sums of m distinct digits seen so far
    reach[0].add(0)
    for d in digits:
        for m in range(min(k, len(digits)), 0, -1):
            reach[m].update(s + d for s in reach[m - 1] if s + d <= total)
    return total in reach[k]


# ---------------------------------------------------------------------------
# The encoding
# ---------------------------------------------------------------------------


def count_sets(n: int, size: int, total: int) -> int:
    """The number of sets of ``size`` distinct digits of ``1..n`` adding up to ``total``.

    Counts past :data:`MAX_OPTIONS` are capped at ``MAX_OPTIONS + 1`` (the table
    stays in int64, and only whether a cage is too large matters then).

    >>> count_sets(9, 2, 10), count_sets(9, 9, 45), count_sets(9, 3, 15)
    (4, 1, 8)
    """
    if size == n or size == 0:
        return int(total == n * (n + 1) // 2) if size else int(total == 0)
    cap = MAX_OPTIONS + 1
    ways = np.zeros((size + 1, total + 1), np.int64)  # ways[m, s]: sets of m digits so far adding up to s
    ways[0, 0] = 1
    for d in range(1, min(n, total) + 1):
        # m digits chosen among 1..d; only counts that can still reach `size` with the digits past d matter
        for m in range(min(size, d), max(1, size - (n - d)) - 1, -1):
            ways[m, d:] += ways[m - 1, :total + 1 - d]
        np.minimum(ways, cap, out=ways)
    return int(ways[size, total])


def cage_form(n: int, size: int, total: int) -> tuple[str, int]:
    """``(form, options)`` of a cage: ``"colors"`` (one option per assignment) while
    it has at most :data:`MAX_ASSIGNMENTS` of them, else ``"sets"``.

    >>> cage_form(9, 2, 3), cage_form(9, 2, 10), cage_form(9, 9, 45)
    (('colors', 2), ('sets', 4), ('sets', 1))
    """
    sets = count_sets(n, size, total)
    assignments = sets * math.factorial(size)
    return ("colors", assignments) if assignments <= MAX_ASSIGNMENTS else ("sets", sets)


def digit_sets(n: int, size: int, total: int) -> list[tuple[int, ...]]:
    """The sets (sorted tuples) of ``size`` distinct digits of ``1..n`` adding up to ``total``."""
    out: list[tuple[int, ...]] = []

    def grow(start: int, left: int, rest: int, chosen: list[int]) -> None:
        if left == 0:
            if rest == 0:
                out.append(tuple(chosen))
            return
        for d in range(start, n + 1):
            # the smallest and largest sums the remaining `left` digits could make from d on
            if d * left + left * (left - 1) // 2 > rest:
                break
            if left * (2 * n - left + 1) // 2 < rest:
                break
            chosen.append(d)
            grow(d + 1, left - 1, rest - d, chosen)
            chosen.pop()

    grow(1, size, total, [])
    return out


def killer_problem(base: ExactCover, geo: Geometry, cages: Cages) -> ExactCover:
    """``base`` (the problem of the empty grid of a variant, options ``cell * n +
    digit - 1`` first) with the cages added (see the module's docstring).

    Items: the primary items of ``base``, one primary item per cage, the
    secondary items of ``base``, one colored secondary item per cell of a
    colors-form cage, ``n`` uncolored ones per sets-form cage.  Options: those
    of ``base`` (longer), then the cages' options, cage by cage.
    """
    n, nn = geo.n, geo.cells
    cages.check_grid(n)
    n_cages = len(cages)
    forms = []
    for k, (total, where) in enumerate(cages):
        form, count = cage_form(n, len(where), total)
        if count > MAX_OPTIONS:
            raise SudokuError(f"{cages.name(k)}: more than {MAX_OPTIONS:,} sets of digits add up to its sum, "
                              "too many options for one cage; split the cage")
        forms.append(form)
    p1 = base.n_primary
    names = list(base.item_names[:p1]) + [f"cage{cages.label(k)}" for k in range(n_cages)]
    names += base.item_names[p1:]
    shift = n_cages  # base's secondary items move past the cage items
    # the new secondary items: per colors-form cell, then n per sets-form cage
    cell_item = np.full(nn, -1, np.int64)
    set_item = np.full(n_cages, -1, np.int64)
    cage_of = cages.cage_of()
    for k, where in enumerate(cages.cells):
        if forms[k] == "colors":
            for c in where:
                cell_item[c] = len(names)
                names.append(cell_name(n, c))
        else:
            set_item[k] = len(names)
            names += [f"cage{cages.label(k)}.{symbol(d)}" for d in range(1, n + 1)]
    ptr, items = base.opt_ptr, base.opt_items.astype(np.int64)
    items = np.where(items >= p1, items + shift, items)
    base_colors = base.opt_colors.astype(np.int64)
    # the placing options, each with at most one more entry
    n_opt = n ** 3
    opt = np.arange(n_opt, dtype=np.int64)
    cell, digit = opt // n, opt % n + 1
    extra_item = np.full(n_opt, -1, np.int64)
    extra_color = np.zeros(n_opt, np.int64)
    colored = cell_item[cell] >= 0
    extra_item[colored] = cell_item[cell[colored]]
    extra_color[colored] = digit[colored]
    in_set = (cage_of[cell] >= 0) & ~colored
    extra_item[in_set] = set_item[cage_of[cell[in_set]]] + digit[in_set] - 1
    # placing options: base entries, then the extra one (a stable sort by option keeps that order)
    owner = np.repeat(opt, np.diff(ptr))
    has = extra_item >= 0
    order = np.argsort(np.concatenate([owner, opt[has]]), kind="stable")
    lengths = np.diff(ptr) + has
    out_items: list[np.ndarray] = [np.concatenate([items, extra_item[has]])[order]]
    out_colors: list[np.ndarray] = [np.concatenate([base_colors, extra_color[has]])[order]]
    lens = [lengths]
    for k, (total, where) in enumerate(cages):
        item = p1 + k
        if forms[k] == "colors":
            rows = [(item, *(cell_item[c] for c in where), 0, *perm)
                    for s in digit_sets(n, len(where), total) for perm in permutations(s)]
            size = len(where) + 1
            arr = np.array(rows, np.int64).reshape(-1, 2 * size)
            out_items.append(arr[:, :size].reshape(-1))
            out_colors.append(arr[:, size:].reshape(-1))
            lens.append(np.full(len(arr), size, np.int64))
        else:
            for s in digit_sets(n, len(where), total):
                row = [item] + [int(set_item[k]) + d - 1 for d in range(1, n + 1) if d not in s]
                out_items.append(np.array(row, np.int64))
                out_colors.append(np.zeros(len(row), np.int64))
                lens.append(np.array([len(row)], np.int64))
    all_lens = np.concatenate(lens)
    opt_ptr = np.zeros(all_lens.size + 1, np.int64)
    np.cumsum(all_lens, out=opt_ptr[1:])
    opt_items = np.concatenate(out_items)
    opt_colors = np.concatenate(out_colors)
    if not opt_colors.any():
        return ExactCover(p1 + n_cages, names, opt_ptr, opt_items)
    return ExactCover(p1 + n_cages, names, opt_ptr, opt_items, opt_colors,
                      [symbol(d) for d in range(1, n + 1)])


# ---------------------------------------------------------------------------
# Pictures
# ---------------------------------------------------------------------------


def picture(cages: Cages, geo: Geometry) -> str:
    """The cage map drawn like the grid (box borders, a jigsaw as plain rows),
    after a line of the sums, for the text picture of a killer."""
    n = geo.n
    of = cages.cage_of().reshape(n, n)
    width = max(len(cages.label(k)) for k in range(len(cages))) if len(cages) else 1
    sym = [["." if of[i, j] < 0 else cages.label(int(of[i, j])) for j in range(n)] for i in range(n)]
    lines = [f"killer cages: {cages.sums_text()}"]
    if geo.region_map is not None:
        lines += [" ".join(s.rjust(width) for s in row) for row in sym]
        return "\n".join(lines)
    first = np.flatnonzero(geo.box_left).tolist()
    bands = list(zip(first, first[1:] + [n]))
    rule = "+".join("-" * ((width + 1) * (b - a) + 1) for a, b in bands)[1:-1]
    for i in range(n):
        if i and geo.box_top[i]:
            lines.append(rule)
        lines.append(" | ".join(" ".join(s.rjust(width) for s in sym[i][a:b]) for a, b in bands))
    return "\n".join(lines)


def html_marks(cages: Cages, mark: str, ink: str) -> dict[int, str]:
    """The inner HTML of each caged cell of the HTML table: a dashed outline just
    inside the cage's border, and the sum in the corner of its first cell."""
    n = cages.n
    of = cages.cage_of().reshape(n, n)
    out: dict[int, str] = {}
    for k, where in enumerate(cages.cells):
        head = where[0]
        for c in where:
            i, j = divmod(c, n)
            edge = {"top": i == 0 or of[i - 1, j] != k, "bottom": i == n - 1 or of[i + 1, j] != k,
                    "left": j == 0 or of[i, j - 1] != k, "right": j == n - 1 or of[i, j + 1] != k}
            style = ";".join([f"{side}:{3 if on else 0}px" for side, on in edge.items()]
                             + [f"border-{side}:1px dashed {mark}" for side, on in edge.items() if on])
            inner = f'<div class="cage" style="position:absolute;pointer-events:none;{style}"></div>'
            if c == head:
                inner += (f'<span class="cage-sum" style="position:absolute;top:1px;left:2px;font-size:8px;'
                          f'line-height:8px;font-weight:normal;color:{ink};background:inherit">'
                          f'{cages.sums[k]}</span>')
            out[c] = inner
    return out

