"""The setters' constraints: thermometers, arrows, kropki dots, XV, little killers and more.

Vocabulary
----------
A *constraint* is a rule between cells that a setter draws on the grid
(f-puzzles and SudokuPad draw them all).  Each is a :class:`Constraint`
record: its ``kind``, its ``cells`` (cell numbers, row-major from 0), a
``value`` and, for some kinds, ``more`` cells.  The kinds:

================== ========================================================
``thermometer``     digits strictly increase from the bulb (``cells[0]``)
``palindrome``      the line reads the same both ways
``arrow``           the digits on the arrow (``cells``) add up to the bulb
                    (``more``; a bulb of several cells, a *pill*, reads its
                    digits as one number, in reading order)
``cage``            a killer cage without a sum: distinct digits (cages
                    with sums are :mod:`.killer`'s)
``region``          an extra region: distinct digits (all ``n`` of them
                    when it has ``n`` cells)
``diagonal+``       the diagonal from bottom left to top right, a region
``diagonal-``       the diagonal from top left to bottom right, a region
``little-killer``   the digits along a diagonal add up to ``value``; the
                    clue sits at ``more = (row, col)``, counted from 1 with
                    0 and ``n + 1`` outside the grid; digits may repeat
``difference``      a white kropki dot: the two digits differ by ``value``
                    (1 by default)
``ratio``           a black kropki dot: one digit is ``value`` times the
                    other (2 by default)
``xv``              the two digits add up to ``value`` (X = 10, V = 5)
``negative-...``    ``negative-difference``, ``negative-ratio``,
                    ``negative-xv``: two orthogonal neighbours without such a
                    mark never differ by, stand in the ratio or add up to one
                    of the ``value`` numbers (a white or black dot exempts a
                    pair from both kropki rules, as in f-puzzles)
``odd``, ``even``   the cell's digit is odd (even)
``minimum``         the cell is smaller than its orthogonal neighbours
                    (but those of the same constraint, as in f-puzzles)
``maximum``         the cell is larger than its orthogonal neighbours
                    (but those of the same constraint)
``clone``           ``cells[i]`` holds the digit of ``more[i]``
``quadruple``       the ``value`` digits (repeats count) all appear in the
                    cells, usually the four around a grid point
================== ========================================================

:class:`Constraints` holds the constraints of one puzzle (immutable,
hashable, picklable); :meth:`Constraints.parse` reads records, tuples or the
text form, checking everything and naming the entry that is wrong.  The text
form is one entry per ``;``: the kind, an optional value, the cells by name,
and after ``:`` the ``more`` cells::

    thermometer r1c1 r1c2 r1c3; arrow r2c2 r3c3 : r1c1; difference 1 r4c4 r4c5

The rules' meanings that both engines read (:func:`unary`, :func:`relations`,
:func:`equal_pairs`, :func:`chains`) live here; :mod:`.constraint_cover` turns
them into items and options of the exact-cover problem (the dancing links),
:mod:`.cell_rules` into the bit-parallel engine's tables.

Examples
--------
>>> from dlxnumba import Sudoku
>>> s = Sudoku("................", constraints="thermometer r1c1 r2c2 r3c3 r4c4")
>>> s.count()
2
>>> t = s.solve()
>>> [int(t.grid[i, i]) for i in range(4)]
[1, 2, 3, 4]
>>> Sudoku("1...............", constraints="difference 2 r1c1 r1c2; odd r1c2").solve().grid[0].tolist()
[1, 3, 2, 4]
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Iterator, NamedTuple, Union

import numpy as np

from ..checks import is_integer
from ..errors import SudokuError, plain
from .geometry import Geometry, cell_name
from .killer import _cell, _cells_text
from .text import symbol

if TYPE_CHECKING:  # pragma: no cover
    from .killer import CellLike

    #: Constraints: their text form, a :class:`Constraints`, or records/tuples ``(kind, cells[, value[, more]])``
    ConstraintsLike = Union[str, "Constraints", Iterable[Any], None]

#: The kinds, in their canonical order.
KINDS = ("thermometer", "palindrome", "arrow", "cage", "region", "diagonal+", "diagonal-", "little-killer",
         "difference", "ratio", "xv", "negative-difference", "negative-ratio", "negative-xv", "odd", "even",
         "minimum", "maximum", "clone", "quadruple")
#: Other names accepted for a kind (f-puzzles' names among them).
ALIASES = {"thermo": "thermometer", "killercage": "cage", "extraregion": "region", "extra-region": "region",
           "littlekillersum": "little-killer", "littlekiller": "little-killer", "little-killer-sum": "little-killer",
           "white": "difference", "kropki-white": "difference", "black": "ratio", "kropki-black": "ratio",
           "min": "minimum", "max": "maximum", "quad": "quadruple", "anti-diagonal": "diagonal+",
           "diagonalp": "diagonal+", "diagonaln": "diagonal-"}
#: Kinds on two orthogonally adjacent cells, and their default values.
DOTS = {"difference": 1, "ratio": 2, "xv": 10}
#: Kinds whose cells form a line drawn through them (no cell twice).
LINES = ("thermometer", "palindrome", "arrow")
#: The kinds with no cells of their own (rules of the whole grid).
GLOBAL = ("diagonal+", "diagonal-", "negative-difference", "negative-ratio", "negative-xv")
#: The kinds whose cells hold distinct digits (all ``n`` of them when there are ``n`` cells).
GROUPS = ("cage", "region", "diagonal+", "diagonal-")


class Constraint(NamedTuple):
    """One constraint: ``kind`` (one of :data:`KINDS`), ``cells`` (cell numbers),
    ``value`` (an int, a tuple of ints, or None) and ``more`` (the arrow's bulb,
    the clone's source cells, the little killer's clue ``(row, col)``)."""

    kind: str
    cells: tuple[int, ...] = ()
    value: Union[int, tuple[int, ...], None] = None
    more: tuple[int, ...] = ()


class Constraints:
    """The setters' constraints of one ``n x n`` puzzle: immutable, hashable, picklable.

    Make them with :meth:`parse`; iterate for the :class:`Constraint` records, kept
    in canonical order (by kind, in the order of :data:`KINDS`, then by cells),
    so that the same rules given in another order compare equal.

    >>> from dlxnumba import Constraints
    >>> c = Constraints.parse([("thermometer", ["r1c1", "r1c2"]), ("xv", [(1, 0), (1, 1)], 5)], n=4)
    >>> c
    Constraints(4, 'thermometer r1c1 r1c2; xv 5 r2c1 r2c2')
    >>> c == Constraints.parse(c.text(), n=4), len(c), c[1].value
    (True, 2, 5)
    """

    __slots__ = ("n", "items", "_hash")
    n: int
    items: tuple[Constraint, ...]
    _hash: int

    def __init__(self, n: int, items: Iterable[Constraint]) -> None:
        object.__setattr__(self, "n", int(n))
        # in canonical order (kind, then cells), so that equal rules compare equal whatever
        # order they were given in (as Cages sorts its cages)
        object.__setattr__(self, "items", tuple(sorted(items, key=_order)))
        object.__setattr__(self, "_hash", hash((self.n, self.items)))

    def __setattr__(self, name, value):
        raise AttributeError("Constraints is immutable")

    def __reduce__(self):
        return Constraints, (self.n, self.items)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Constraints) and (self.n, self.items) == (other.n, other.items)

    def __hash__(self) -> int:
        return self._hash

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[Constraint]:
        return iter(self.items)

    def __getitem__(self, k: int) -> Constraint:
        return self.items[k]

    def __repr__(self) -> str:
        return f"Constraints({self.n}, {self.text()!r})"

    def kinds(self) -> tuple[str, ...]:
        """The kinds present, in canonical order."""
        present = {c.kind for c in self.items}
        return tuple(k for k in KINDS if k in present)

    # ------------------------------------------------------------- reading

    @classmethod
    def parse(cls, constraints: ConstraintsLike, n: int | None = None) -> Constraints:
        """Constraints from a :class:`Constraints`, the text form, or a list of
        :class:`Constraint` records or tuples ``(kind, cells[, value[, more]])``.

        ``n``, the grid's side, is needed for all but a :class:`Constraints`.
        Cells are numbers (row-major from 0), names (``"r1c2"``) or ``(row,
        col)`` pairs from 0.  Every fault raises SudokuError naming the entry.

        >>> from dlxnumba import Constraints
        >>> Constraints.parse("thermo r1c1 r1c1", n=4)
        Traceback (most recent call last):
        ...
        dlxnumba.errors.SudokuError: constraint 1 (thermometer): cell r1c1 is listed twice
        """
        if isinstance(constraints, Constraints):
            if n is not None and constraints.n != n:
                raise SudokuError(f"the constraints are for a {constraints.n}x{constraints.n} grid, not a {n}x{n} one")
            return constraints
        if n is None:
            raise SudokuError("constraints need the grid's side: pass n=... (Sudoku does)")
        if isinstance(constraints, str):
            entries: list[Any] = _split_text(constraints, n)
        else:
            try:
                entries = list(constraints)  # type: ignore[arg-type]
            except TypeError:
                raise SudokuError(f"constraints must be text or a list of (kind, cells[, value[, more]]), "
                                  f"not {plain(constraints)}") from None
        out = [_entry(e, n, k) for k, e in enumerate(entries)]
        _check_all(out, n)
        return cls(n, out)

    # --------------------------------------------------------------- views

    def name(self, k: int) -> str:
        """``thermometer 2 (r1c1, r1c2, ...)``: how messages name constraint ``k``."""
        c = self.items[k]
        cells = _cells_text(self.n, c.cells) if c.cells else ""
        return f"{c.kind} {k + 1}" + (f" ({cells})" if cells else "")

    def text(self) -> str:
        """The text form (the inverse of :meth:`parse`)."""
        return "; ".join(_entry_text(c, self.n) for c in self.items)

    def check_grid(self, n: int) -> None:
        """SudokuError unless these constraints are for an ``n x n`` grid."""
        if self.n != n:
            raise SudokuError(f"the constraints are for a {self.n}x{self.n} grid, but the grid is {n}x{n}")

    # -------------------------------------------------------------- rules

    def conflicts(self, cells: np.ndarray) -> list[str]:
        """What the filled cells break (empty list when none): every rule whose
        cells are all filled is checked, and every pair of filled cells of a rule
        between two cells."""
        out = []
        grid = np.asarray(cells).reshape(-1)
        for k, c in enumerate(self.items):
            why = _broken(c, grid, self.n, self, partial=True)
            if why:
                out.append(f"{self.name(k)}: {why}")
        return out

    def is_solution(self, cells: np.ndarray) -> bool:
        """Whether the complete grid ``cells`` keeps every constraint (plain Python)."""
        grid = np.asarray(cells).reshape(-1)
        return all(not _broken(c, grid, self.n, self, partial=False) for c in self.items)

    def marked_pairs(self, kinds: Iterable[str]) -> set[tuple[int, int]]:
        """The (smaller, larger) cell pairs that carry a mark of one of ``kinds``."""
        kinds = set(kinds)
        return {(min(c.cells), max(c.cells)) for c in self.items if c.kind in kinds}


def _order(c: Constraint) -> tuple:
    """The sort key of the canonical order: kind, cells, more cells, value."""
    return KINDS.index(c.kind), c.cells, c.more, str(c.value)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------

_NAME = re.compile(r"r(\d+)c(\d+)$", re.IGNORECASE)


def kind_of(word: Any, what: str) -> str:
    """The canonical kind of ``word`` (aliases resolved), or SudokuError naming ``what``."""
    if not isinstance(word, str):
        raise SudokuError(f"{what}: the kind must be a name such as 'thermometer', not {plain(word)}")
    w = word.strip().lower().replace("_", "-").replace(" ", "-")
    w = ALIASES.get(w, ALIASES.get(w.replace("-", ""), w))
    if w not in KINDS:
        raise SudokuError(f"{what}: unknown constraint {word!r}; known: " + ", ".join(KINDS))
    return w


def _split_text(text: str, n: int) -> list[tuple]:
    """The entries of the text form as tuples ``(kind, cells, value, more)``."""
    out: list[tuple] = []
    for k, part in enumerate(p for p in text.replace("\n", ";").split(";")):
        part = part.strip()
        if not part:
            continue
        what = f"constraint {len(out) + 1} ({part!r})"
        main, _, rest = part.partition(":")
        words = main.split()
        kind = kind_of(words[0], what)
        value: Any = None
        cells: list[str] = []
        for w in words[1:]:
            if _NAME.match(w):
                cells.append(w)
            elif value is None and not cells:
                value = _value_text(w, kind, what)
            else:
                raise SudokuError(f"{what}: {w!r} is not a cell name such as 'r1c2'")
        more_words = rest.split()
        if kind == "little-killer":
            if len(more_words) != 1 or not _NAME.match(more_words[0]):
                raise SudokuError(f"{what}: a little killer ends with ': rRcC', its clue's place")
            m = _NAME.match(more_words[0])
            assert m is not None
            more: Any = (int(m.group(1)), int(m.group(2)))
        else:
            more = more_words
        out.append((kind, cells, value, more))
    return out


def _value_text(word: str, kind: str, what: str) -> Any:
    """A value in the text form: an int, ``X``/``V`` for XV, or digits joined by commas."""
    if kind == "xv" and word.upper() in ("X", "V"):
        return 10 if word.upper() == "X" else 5
    parts = word.split(",")
    try:
        nums = [int(p) for p in parts]
    except ValueError:
        raise SudokuError(f"{what}: {word!r} is neither a number nor a cell name") from None
    return nums[0] if len(nums) == 1 and kind not in ("quadruple",) and not kind.startswith("negative") \
        else tuple(nums)


def _number(v: Any, what: str, name: str = "value") -> int:
    """An int from an int or a numeric string, or SudokuError naming ``what``."""
    if is_integer(v) and not isinstance(v, bool):
        return int(v)
    if isinstance(v, str) and v.strip().lstrip("-").isdigit():
        return int(v.strip())
    raise SudokuError(f"{what}: the {name} must be a whole number, not {plain(v)}")


def _entry(e: Any, n: int, k: int) -> Constraint:
    """One checked Constraint from a record or tuple (entry ``k``)."""
    what = f"constraint {k + 1}"
    if isinstance(e, Constraint):
        kind, cells, value, more = e
    else:
        try:
            parts = tuple(e)
        except TypeError:
            raise SudokuError(f"{what}: expected (kind, cells[, value[, more]]), not {plain(e)}") from None
        if not 1 <= len(parts) <= 4:
            raise SudokuError(f"{what}: expected (kind, cells[, value[, more]]), not {plain(e)}")
        kind, cells, value, more = list(parts) + [(), None, ()][len(parts) - 1:]
    kind = kind_of(kind, what)
    what = f"constraint {k + 1} ({kind})"
    if kind in GLOBAL:
        return _global(kind, cells, value, n, what)
    cells_t = _cells(cells, n, what)
    if not cells_t:
        raise SudokuError(f"{what}: no cells")
    if kind == "little-killer":
        return _little_killer(cells_t, value, more, n, what)
    more_t: tuple[int, ...] = ()
    if kind in ("arrow", "clone"):
        more_t = _cells(more, n, what)
        if kind == "arrow":
            more_t = tuple(sorted(more_t))  # a pill reads its digits in reading order
        if not more_t:
            raise SudokuError(f"{what}: needs its {'bulb' if kind == 'arrow' else 'source cells'} (more=...)")
    elif more not in (None, (), []):
        raise SudokuError(f"{what}: takes no 'more' cells")
    seen = set()
    for c in cells_t + (more_t if kind == "arrow" else ()):
        if c in seen:
            raise SudokuError(f"{what}: cell {cell_name(n, c)} is listed twice")
        seen.add(c)
    v = _value(kind, value, cells_t, n, what)
    if kind == "clone":
        if len(more_t) != len(cells_t):
            raise SudokuError(f"{what}: {len(cells_t)} cells but {len(more_t)} source cells; a clone copies "
                              "cell by cell")
        if len(set(more_t)) < len(more_t):
            raise SudokuError(f"{what}: a source cell is listed twice")
    return Constraint(kind, cells_t, v, more_t)


def _cells(cells: Any, n: int, what: str) -> tuple[int, ...]:
    """Cell numbers from a list of cell-likes (or one)."""
    if cells is None:
        return ()
    if isinstance(cells, str) or is_integer(cells):
        cells = [cells]
    try:
        items = list(cells)
    except TypeError:
        raise SudokuError(f"{what}: cells must be a list, not {plain(cells)}") from None
    return tuple(_cell(c, n, what) for c in items)


def _value(kind: str, value: Any, cells: tuple[int, ...], n: int, what: str) -> Any:
    """The checked value of a constraint with cells."""
    size = len(cells)
    if kind in DOTS:
        if size != 2:
            raise SudokuError(f"{what}: a {kind} mark sits between two cells, not {size}")
        (i, j), (p, q) = divmod(cells[0], n), divmod(cells[1], n)
        if abs(i - p) + abs(j - q) != 1:
            raise SudokuError(f"{what}: {cell_name(n, cells[0])} and {cell_name(n, cells[1])} are not "
                              "orthogonal neighbours")
        if kind == "xv" and isinstance(value, str) and value.strip().upper() in ("X", "V"):
            value = 10 if value.strip().upper() == "X" else 5
        v = DOTS[kind] if value in (None, "") else _number(value, what)
        lo, hi = {"difference": (1, n - 1), "ratio": (2, n), "xv": (3, 2 * n - 1)}[kind]
        if not lo <= v <= hi:
            raise SudokuError(f"{what}: value {v} is outside {lo}..{hi}, so no two digits of 1..{n} fit it")
        return v
    if kind == "quadruple":
        if isinstance(value, str):
            value = [x for x in re.split(r"[,\s]+", value) if x]
        try:
            digits = tuple(sorted(_number(x, what, "digit") for x in (value or ())))
        except TypeError:
            raise SudokuError(f"{what}: the digits must be a list, not {plain(value)}") from None
        if not digits:
            raise SudokuError(f"{what}: a quadruple needs at least one digit")
        if len(digits) > size:
            raise SudokuError(f"{what}: {len(digits)} digits do not fit in {size} cells")
        bad = [d for d in digits if not 1 <= d <= n]
        if bad:
            raise SudokuError(f"{what}: digit {bad[0]} is outside 1..{n}")
        return digits
    if value not in (None, ""):
        raise SudokuError(f"{what}: takes no value, got {plain(value)}")
    if kind in ("cage", "region") and size > n:
        raise SudokuError(f"{what}: {size} cells hold distinct digits, but there are only {n}")
    if kind == "thermometer":
        if size < 2:
            raise SudokuError(f"{what}: a thermometer needs at least two cells")
        if size > n:
            raise SudokuError(f"{what}: {size} cells cannot increase strictly with digits 1..{n}")
    if kind == "palindrome" and size < 2:
        raise SudokuError(f"{what}: a palindrome needs at least two cells")
    return None


def _global(kind: str, cells: Any, value: Any, n: int, what: str) -> Constraint:
    """A rule of the whole grid: a diagonal or a negative constraint."""
    if kind in ("diagonal+", "diagonal-"):
        diag = tuple((n - 1 - i) * n + i for i in range(n)) if kind == "diagonal+" else \
            tuple(i * n + i for i in range(n))
        # a record read back (its cells are the diagonal's) is accepted as it is
        if value not in (None, "") or (cells not in (None, (), []) and set(_cells(cells, n, what)) != set(diag)):
            raise SudokuError(f"{what}: takes no cells and no value (the diagonal is the grid's)")
        return Constraint(kind, tuple(sorted(diag)))
    if cells not in (None, (), []):
        raise SudokuError(f"{what}: a negative constraint applies to the whole grid; it takes no cells")
    base = kind[len("negative-"):]
    if value in (None, "", ()):
        values: tuple[int, ...] = (DOTS[base],) if base != "xv" else (5, 10)
    else:
        raw = value if isinstance(value, (list, tuple)) else [value]
        values = tuple(sorted({(10 if str(x).upper() == "X" else 5 if str(x).upper() == "V" else
                                _number(x, what)) for x in raw}))
    lo, hi = {"difference": (1, n - 1), "ratio": (2, n), "xv": (3, 2 * n - 1)}[base]
    bad = [v for v in values if not lo <= v <= hi]
    if bad:
        raise SudokuError(f"{what}: value {bad[0]} is outside {lo}..{hi}")
    return Constraint(kind, (), values)


def _little_killer(cells: tuple[int, ...], value: Any, more: Any, n: int, what: str) -> Constraint:
    """A little killer: a sum along a diagonal line of cells, its clue outside the grid."""
    total = _number(value, what, "sum")
    try:
        r, c = more
        ok = is_integer(r) and is_integer(c)
    except (TypeError, ValueError):
        ok = False
    if not ok:
        raise SudokuError(f"{what}: the clue's place must be (row, col) counted from 1, 0 and {n + 1} outside "
                          f"the grid, not {plain(more)}")
    r, c = int(r), int(c)
    if not (0 <= r <= n + 1 and 0 <= c <= n + 1) or (1 <= r <= n and 1 <= c <= n):
        raise SudokuError(f"{what}: the clue at r{r}c{c} must sit outside the grid, next to it")
    if len(set(cells)) < len(cells):
        raise SudokuError(f"{what}: a cell is listed twice")
    steps = {(b // n - a // n, b % n - a % n) for a, b in zip(cells, cells[1:])}
    if len(steps) > 1 or (steps and next(iter(steps)) not in ((1, 1), (1, -1), (-1, 1), (-1, -1))):
        raise SudokuError(f"{what}: the cells must run along one diagonal")
    first = cells[0]
    if abs(first // n + 1 - r) != 1 or abs(first % n + 1 - c) != 1:
        raise SudokuError(f"{what}: the clue at r{r}c{c} is not diagonally next to the first cell "
                          f"{cell_name(n, first)}")
    lo, hi = len(cells), n * len(cells)
    if not lo <= total <= hi:
        raise SudokuError(f"{what}: {len(cells)} digits of 1..{n} add up to {lo} to {hi}, not {total}")
    return Constraint("little-killer", cells, total, (r, c))


def little_killer_cells(n: int, row: int, col: int, direction: str) -> tuple[int, ...]:
    """The cells a little killer's clue at ``(row, col)`` (from 1; 0 and ``n + 1``
    outside) sees along ``direction`` (``"DOWN RIGHT"``, ``"UP LEFT"``, ...).

    >>> little_killer_cells(4, 0, 1, "DOWN RIGHT")
    (1, 6, 11)
    """
    d = direction.strip().upper().split()
    if len(d) != 2 or d[0] not in ("UP", "DOWN") or d[1] not in ("LEFT", "RIGHT"):
        raise SudokuError(f"little killer at r{row}c{col}: direction {direction!r} is not UP/DOWN LEFT/RIGHT")
    di, dj = (1 if d[0] == "DOWN" else -1), (1 if d[1] == "RIGHT" else -1)
    i, j, out = row - 1 + di, col - 1 + dj, []
    while 0 <= i < n and 0 <= j < n:
        out.append(i * n + j)
        i, j = i + di, j + dj
    return tuple(out)


def _check_all(items: list[Constraint], n: int) -> None:
    """Rules across constraints: at most one negative of each kind."""
    seen: set[str] = set()
    for k, c in enumerate(items):
        if c.kind.startswith("negative") or c.kind.startswith("diagonal"):
            if c.kind in seen:
                raise SudokuError(f"constraint {k + 1} ({c.kind}): given twice")
            seen.add(c.kind)


def _entry_text(c: Constraint, n: int) -> str:
    """One entry of the text form."""
    words = [c.kind]
    if isinstance(c.value, tuple):
        words.append(",".join(map(str, c.value)))
    elif c.value is not None:
        words.append(str(c.value))
    if c.kind not in ("diagonal+", "diagonal-"):
        words += [cell_name(n, x) for x in c.cells]
    if c.kind == "little-killer":
        words += [":", f"r{c.more[0]}c{c.more[1]}"]
    elif c.more:
        words += [":"] + [cell_name(n, x) for x in c.more]
    return " ".join(words)


# ---------------------------------------------------------------------------
# The rules, checked in plain Python (the verifier)
# ---------------------------------------------------------------------------


def pair_allows(kind: str, value: int, x: int, y: int) -> bool:
    """Whether digits ``x`` and ``y`` fit a mark of ``kind`` with ``value``."""
    if kind == "difference":
        return abs(x - y) == value
    if kind == "ratio":
        return x == value * y or y == value * x
    return x + y == value  # xv


def _neighbours(n: int, c: int) -> list[int]:
    i, j = divmod(c, n)
    return [c + d for d, ok in ((-n, i > 0), (n, i < n - 1), (-1, j > 0), (1, j < n - 1)) if ok]


def bulb_value(digits: list[int]) -> int:
    """The number a bulb's digits make (one digit, or a pill read in order)."""
    v = 0
    for d in digits:
        v = v * 10 + d
    return v


def _broken(c: Constraint, g: np.ndarray, n: int, all_: Constraints, partial: bool) -> str:
    """Why the digits ``g`` (0 = empty) break ``c`` ('' when they do not)."""
    d = [int(g[x]) for x in c.cells]
    full = all(d)
    name = lambda x: cell_name(n, x)  # noqa: E731
    k = c.kind
    if k == "thermometer":
        for a in range(len(d)):
            for b in range(a + 1, len(d)):
                if d[a] and d[b] and d[b] - d[a] < b - a:
                    return f"{name(c.cells[b])}={d[b]} is not above {name(c.cells[a])}={d[a]} by {b - a} or more"
        return ""
    if k == "palindrome":
        for a in range(len(d) // 2):
            x, y = d[a], d[-1 - a]
            if x and y and x != y:
                return f"{name(c.cells[a])}={x} and {name(c.cells[-1 - a])}={y} differ"
        return ""
    if k == "clone":
        for a, b in zip(c.cells, c.more):
            if g[a] and g[b] and g[a] != g[b]:
                return f"{name(a)}={g[a]} is not the {g[b]} of {name(b)}"
        return ""
    if k in ("cage", "region", "diagonal+", "diagonal-"):
        held = [x for x in d if x]
        if len(set(held)) < len(held):
            twice = next(x for x in held if held.count(x) > 1)
            return f"{symbol(twice)} appears twice"
        return ""
    if k in DOTS:
        x, y = d
        if x and y and not pair_allows(k, int(c.value), x, y):  # type: ignore[arg-type]
            return f"{name(c.cells[0])}={x} and {name(c.cells[1])}={y} do not fit {k} {c.value}"
        return ""
    if k.startswith("negative-"):
        base = k[len("negative-"):]
        marks = all_.marked_pairs(("difference", "ratio") if base != "xv" else ("xv",))
        for a in range(n * n):
            for b in _neighbours(n, a):
                if a < b and (a, b) not in marks and g[a] and g[b]:
                    for v in c.value:  # type: ignore[union-attr]
                        if pair_allows(base, v, int(g[a]), int(g[b])):
                            return f"{name(a)}={g[a]} and {name(b)}={g[b]} have no mark but fit {base} {v}"
        return ""
    if k in ("odd", "even"):
        for x, v in zip(c.cells, d):
            if v and (v % 2 == 1) != (k == "odd"):
                return f"{name(x)}={v} is not {k}"
        return ""
    if k in ("minimum", "maximum"):
        for x, v in zip(c.cells, d):
            for y in _neighbours(n, x):
                if y in c.cells:
                    continue  # the cells of one constraint are not compared (f-puzzles)
                w = int(g[y])
                if v and w and ((k == "minimum" and v >= w) or (k == "maximum" and v <= w)):
                    return f"{name(x)}={v} is not {'below' if k == 'minimum' else 'above'} {name(y)}={w}"
        return ""
    if k == "arrow":
        bulb = [int(g[x]) for x in c.more]
        if full and all(bulb) and sum(d) != bulb_value(bulb):
            return f"the arrow adds up to {sum(d)}, the bulb says {bulb_value(bulb)}"
        return ""
    if k == "little-killer":
        if full and sum(d) != c.value:
            return f"the diagonal adds up to {sum(d)}, not {c.value}"
        if partial and sum(d) + sum(1 for x in d if not x) > int(c.value):  # type: ignore[arg-type]
            return f"the diagonal already adds up to more than {c.value}"
        return ""
    if k == "quadruple":
        for digit in set(c.value):  # type: ignore[arg-type]
            need = c.value.count(digit)  # type: ignore[union-attr]
            have = d.count(digit)
            free = d.count(0)
            if have + free < need:
                return f"{symbol(digit)} must appear {need} time{'s' if need > 1 else ''} in its cells"
        return ""
    raise AssertionError(k)  # pragma: no cover


# ---------------------------------------------------------------------------
# What the rules mean, for the engines
# ---------------------------------------------------------------------------


def unary(cons: Constraints, nn: int) -> np.ndarray:
    """The digits each cell may hold by the rules on one cell: ``allowed[cell, digit]``
    (bool ``(nn, n + 1)``, column 0 False).

    Odd and even cells, and a thermometer's places: its ``i``-th cell of ``k``
    (from 0) holds ``i + 1`` to ``n - k + i + 1``."""
    n = cons.n
    allowed = np.ones((nn, n + 1), bool)
    allowed[:, 0] = False
    for c in cons:
        if c.kind in ("odd", "even"):
            for x in c.cells:
                allowed[x, (2 if c.kind == "odd" else 1)::2] = False
        elif c.kind == "thermometer":
            size = len(c.cells)
            for i, x in enumerate(c.cells):
                allowed[x, 1:i + 1] = False
                allowed[x, n - (size - 1 - i) + 1:] = False
    return allowed


def equal_pairs(c: Constraint) -> list[tuple[int, int]]:
    """The pairs of cells that constraint ``c`` makes equal (a palindrome's, a clone's)."""
    if c.kind == "palindrome":
        return [(c.cells[i], c.cells[-1 - i]) for i in range(len(c.cells) // 2)]
    if c.kind == "clone":
        return [(a, s) for a, s in zip(c.cells, c.more) if a != s]
    return []


def relations(cons: Constraints, geo: Geometry) -> dict[tuple[int, int], np.ndarray]:
    """The allowed pairs of digits of each pair of cells that a rule between two
    cells links: ``{(a, b): allowed}`` with ``a < b`` and ``allowed[x, y]`` for
    digit ``x`` in ``a`` and ``y`` in ``b`` (1..n; row and column 0 unused)."""
    n = geo.n
    rel: dict[tuple[int, int], np.ndarray] = {}
    digits = np.arange(n + 1)
    X, Y = np.meshgrid(digits, digits, indexing="ij")

    def add(a: int, b: int, ok: np.ndarray) -> None:
        if a > b:
            a, b, ok = b, a, ok.T
        cur = rel.get((a, b))
        rel[(a, b)] = ok.copy() if cur is None else cur & ok

    def table(kind: str, v: int) -> np.ndarray:
        if kind == "difference":
            return np.abs(X - Y) == v
        if kind == "ratio":
            return (X == v * Y) | (Y == v * X)
        return X + Y == v

    kropki = cons.marked_pairs(("difference", "ratio"))
    xv = cons.marked_pairs(("xv",))
    for c in cons:
        k = c.kind
        if k == "thermometer":
            for i in range(len(c.cells)):
                for j in range(i + 1, len(c.cells)):
                    add(c.cells[i], c.cells[j], Y - X >= j - i)
        elif k in DOTS:
            add(c.cells[0], c.cells[1], table(k, int(c.value)))  # type: ignore[arg-type]
        elif k in ("minimum", "maximum"):
            for x in c.cells:
                for y in _neighbours(n, x):
                    if y not in c.cells:  # the cells of one constraint are not compared (f-puzzles)
                        add(x, y, X < Y if k == "minimum" else X > Y)
        elif k.startswith("negative-"):
            base = k[len("negative-"):]
            marks = xv if base == "xv" else kropki
            bad = np.zeros_like(X, dtype=bool)
            for v in c.value:  # type: ignore[union-attr]
                bad |= table(base, v)
            for a in range(n * n):
                for b in _neighbours(n, a):
                    if a < b and (a, b) not in marks:
                        add(a, b, ~bad)
    return rel


def chains(cons: Constraints, n: int) -> list[tuple[str, list[int], list[np.ndarray], set[int], int | None]]:
    """The chains: ``(name, cells, terms, finals, cap)``: the sum of ``terms[i][d]``
    over the cells (capped at ``cap`` when given) must end in ``finals``."""
    out: list[tuple[str, list[int], list[np.ndarray], set[int], int | None]] = []
    digits = np.arange(n + 1)
    for k, c in enumerate(cons):
        name = f"{c.kind}{k + 1}"
        if c.kind == "little-killer":
            out.append((name, list(c.cells), [digits.copy() for _ in c.cells], {int(c.value)}, None))  # type: ignore
        elif c.kind == "arrow":
            bulb = list(c.more)
            terms = [digits.copy() for _ in c.cells]
            terms += [-(10 ** (len(bulb) - 1 - i)) * digits for i in range(len(bulb))]
            out.append((name, list(c.cells) + bulb, terms, {0}, None))
        elif c.kind == "quadruple":
            for d in sorted(set(c.value)):  # type: ignore[arg-type]
                need = c.value.count(d)  # type: ignore[union-attr]
                terms = [(digits == d).astype(np.int64) for _ in c.cells]
                out.append((f"{name}.{symbol(d)}", list(c.cells), terms, {need}, need))
    return out


