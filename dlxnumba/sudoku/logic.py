"""The logical solver of the grader: techniques, pencil marks, hints and steps.

The techniques, easiest first, each with its number (that of the compiled
solver, :mod:`dlxnumba.sudoku.kernels.logic`), score and level, are
:data:`TECHNIQUES` (the table of :mod:`.grading` explains them).  The solver
works on the regions of a grid's :class:`~.geometry.Geometry` (every box
shape; a variant's extra regions too), on grids up to 64x64 (the candidates of
a cell are the bits of one 64-bit word).

* :func:`candidates` -- the pencil marks of a grid;
* :func:`hint` -- the first step of the solver from the pencil marks (or
  from marks given, with some candidates already removed);
* :func:`steps` -- the steps of a logical solve, until the grid is full or no
  technique applies.

A :class:`Step` names the technique, the cells and digits of the pattern, and
the digit it places or the candidates it removes; ``str(step)`` says it in
words.  :mod:`.grading` rates whole puzzles with the same solver.

Examples
--------
>>> from dlxnumba import Sudoku
>>> e = Sudoku("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> print(hint(e))
hidden single: r2c2 = 6 (the only place for 6 in box 1)
>>> [step.technique for step in steps(e, 3)]
['hidden single', 'hidden single', 'hidden single']
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

import numpy as np

from ..checks import flag, integer
from ..errors import SudokuError
from .geometry import Geometry
from .grid import Grid

if TYPE_CHECKING:  # pragma: no cover
    from numpy.typing import ArrayLike

    from .grid import PuzzleLike

__all__ = ["TECHNIQUES", "LEVELS", "Technique", "Step", "candidates", "hint", "steps"]

#: The levels, easiest first.
LEVELS = ("easy", "medium", "hard", "expert", "beyond")

#: Largest side the logical solver handles (a cell's candidates are one 64-bit word).
MAX_LOGIC_N = 64


class Technique(NamedTuple):
    """A technique of the logical solver: its number (the kernel's), name, score and level."""

    number: int
    name: str
    score: float
    level: str


#: The techniques by number (the numbers of :mod:`dlxnumba.sudoku.kernels.logic`), easiest first.
TECHNIQUES: tuple[Technique, ...] = tuple(Technique(k, *t) for k, t in enumerate((
    ("none", 0.0, "easy"),
    ("full house", 1.0, "easy"),
    ("hidden single", 1.5, "easy"),
    ("naked single", 2.0, "easy"),
    ("pointing", 2.5, "medium"),
    ("claiming", 2.6, "medium"),
    ("naked pair", 3.0, "medium"),
    ("hidden pair", 3.2, "medium"),
    ("naked triple", 3.4, "medium"),
    ("hidden triple", 3.6, "medium"),
    ("X-wing", 4.0, "hard"),
    ("XY-wing", 4.2, "hard"),
    ("XYZ-wing", 4.4, "hard"),
    ("unique rectangle", 4.5, "hard"),
    ("naked quad", 4.6, "hard"),
    ("hidden quad", 4.8, "hard"),
    ("swordfish", 5.0, "expert"),
    ("jellyfish", 5.4, "expert"),
    ("simple coloring", 5.6, "expert"),
    ("X-chain", 6.0, "expert"),
    ("XY-chain", 6.2, "expert"),
    ("beyond techniques", 10.0, "beyond"),
)))

_BY_NAME = {t.name: t for t in TECHNIQUES}


def _kernels():
    from .kernels import logic

    return logic


# ------------------------------------------------------------------ tables

@functools.lru_cache(maxsize=None)
def _tables_of(g: Geometry) -> tuple:
    """The :data:`~dlxnumba.sudoku.kernels.logic.LogicTables` of a geometry, as a plain tuple.

    Built from ``g.regions`` alone (a variant's extra regions take part): each
    cell's regions and peers, and the pairs of regions that share two or more
    cells (for locked candidates).
    """
    n = g.n
    if n > MAX_LOGIC_N:
        raise SudokuError(f"grading and hints handle grids up to {MAX_LOGIC_N}x{MAX_LOGIC_N}, not {n}x{n}")
    regions = np.ascontiguousarray(g.regions, dtype=np.int32)
    R = len(regions)
    kinds = {"row": 0, "column": 1, "box": 2}
    kind = np.array([kinds.get(name.split(" ")[0], 3) for name in g.region_names[:R]]
                    + [3] * (R - len(g.region_names)), np.int8)
    member = np.zeros((R, n * n), bool)
    member[np.repeat(np.arange(R), n), regions.ravel()] = True
    cell_reg = [np.flatnonzero(member[:, c]) for c in range(n * n)]
    cell_ptr = np.zeros(n * n + 1, np.int32)
    cell_ptr[1:] = np.cumsum([len(r) for r in cell_reg])
    peer_list = []
    for c in range(n * n):
        p = np.flatnonzero(member[cell_reg[c]].any(axis=0))
        peer_list.append(p[p != c])
    peer_ptr = np.zeros(n * n + 1, np.int32)
    peer_ptr[1:] = np.cumsum([len(p) for p in peer_list])
    shared = member.astype(np.int32) @ member.T.astype(np.int32)
    logic = _kernels()
    pairs = []
    for tech in (logic.POINTING, logic.CLAIMING):
        for a in range(R):
            line = kind[a] in (0, 1)
            if line != (tech == logic.CLAIMING):
                continue
            for b in range(R):
                if a != b and 2 <= shared[a, b] < n:
                    pairs.append((a, b, tech))
    return (n, regions, kind, cell_ptr,
            np.concatenate(cell_reg).astype(np.int32) if cell_reg else np.zeros(0, np.int32),
            peer_ptr, np.concatenate(peer_list).astype(np.int32),
            np.array(pairs, np.int32).reshape(-1, 3))


def _allowed(uniqueness: bool, variant: object = None) -> int:
    """The techniques the solver may use, as the kernel's bitmask.

    The unique rectangle needs ``uniqueness`` and a classic grid: its argument
    (swapping two digits in four cells of two boxes gives a second solution)
    fails when an extra region, a ban or a cage sees some of the four cells,
    so it is off for every variant."""
    logic = _kernels()
    return logic.ALL_TECHNIQUES & ~(0 if uniqueness and not variant else 1 << logic.UNIQUE_RECTANGLE)


# ------------------------------------------------------------------ pencil marks and hints

@dataclass(frozen=True)
class Step:
    """One step of the logical solver: what :func:`hint` (:meth:`Sudoku.hint`) returns.

    Attributes
    ----------
    technique : str
        The name of the technique (one of :data:`TECHNIQUES`).
    cells : tuple of int
        The cells of the pattern (row-major numbers; ``cell_names`` has
        ``r1c1`` names).  For simple coloring, the cells of the first color
        come first (``split`` of them); for the chains, the cells of the
        chain in order (an X-chain's links alternate strong, weak, ...,
        strong, so a cell may appear twice).
    digits : tuple of int
        The digits of the pattern.
    placed : (cell, digit) or None
        The digit the step writes, for the singles.
    eliminations : tuple of (cell, digit)
        The candidates the step removes (empty for a placement).
    regions : tuple of str
        The regions of the pattern (``"box 1"``, ``"row 3"``, ...), when it has any.
    marks : tuple of tuple of int
        The candidates of each cell of ``cells`` when the step was found.
    """

    technique: str
    cells: tuple[int, ...]
    digits: tuple[int, ...]
    placed: tuple[int, int] | None
    eliminations: tuple[tuple[int, int], ...]
    regions: tuple[str, ...]
    marks: tuple[tuple[int, ...], ...]
    n: int = field(repr=False)
    split: int = field(default=0, repr=False)
    wrap: int = field(default=-1, repr=False)

    @property
    def score(self) -> float:
        return _BY_NAME[self.technique].score

    @property
    def cell_names(self) -> list[str]:
        return [_name(self.n, c) for c in self.cells]

    def __str__(self) -> str:
        return _describe(self)


def _name(n: int, cell: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


def _digits(ds) -> str:
    return "{" + ", ".join(str(d) for d in ds) + "}"


def _removals(step: Step) -> str:
    """``removes 2 from r1c3, r1c8; 7 from r1c9``: the eliminations by digit."""
    by_digit: dict[int, list[str]] = {}
    for cell, d in step.eliminations:
        by_digit.setdefault(d, []).append(_name(step.n, cell))
    return "removes " + "; ".join(f"{d} from {', '.join(cs)}" for d, cs in sorted(by_digit.items()))


def _describe(step: Step) -> str:
    t, n = step.technique, step.n
    names = step.cell_names
    if step.placed is not None:
        cell, d = step.placed
        why = {"full house": f"the last empty cell of {step.regions[0]}" if step.regions else "",
               "hidden single": f"the only place for {d} in {step.regions[0]}" if step.regions else "",
               "naked single": "its only candidate"}[t]
        return f"{t}: {_name(n, cell)} = {d} ({why})"
    if t in ("pointing", "claiming"):
        a, b = step.regions
        return f"{t}: in {a}, {step.digits[0]} lies only in {b} ({', '.join(names)}): {_removals(step)}"
    if t.startswith(("naked", "hidden")):
        return f"{t} {_digits(step.digits)} in {step.regions[0]} ({', '.join(names)}): {_removals(step)}"
    if t in ("X-wing", "swordfish", "jellyfish"):
        rows = sorted({c // n + 1 for c in step.cells})
        cols = sorted({c % n + 1 for c in step.cells})
        base, cover = ("rows", "columns") if step.regions == ("rows",) else ("columns", "rows")
        lines = {"rows": rows, "columns": cols}
        return (f"{t} on {step.digits[0]}: {base} {', '.join(map(str, lines[base]))} and "
                f"{cover} {', '.join(map(str, lines[cover]))} ({', '.join(names)}): {_removals(step)}")
    if t in ("XY-wing", "XYZ-wing"):
        pivot, a, b = (f"{nm} {_digits(m)}" for nm, m in zip(names, step.marks))
        return f"{t}: pivot {pivot}, pincers {a} and {b}: {_removals(step)}"
    if t == "simple coloring":
        one, two = names[:step.split], names[step.split:]
        kind = "color trap" if step.wrap < 0 else f"color wrap ({'first' if step.wrap == 0 else 'second'} color false)"
        return (f"{t} on {step.digits[0]}, {kind}: colors {{{', '.join(one)}}} and "
                f"{{{', '.join(two)}}}: {_removals(step)}")
    if t == "unique rectangle":
        x, y = step.digits
        return (f"{t} {{{x}, {y}}}: {', '.join(names)} (two solutions if {names[2]} were {x} or {y}): "
                f"{_removals(step)}")
    if t in ("X-chain", "XY-chain"):
        return f"{t} on {step.digits[0]}: {' - '.join(names)}: {_removals(step)}"
    return f"{t}: {_removals(step)}"  # pragma: no cover  (every technique is described above)


def _step_of(rec: tuple, tech: int, cand: np.ndarray, g: Geometry) -> Step:
    """A :class:`Step` from the kernel's step record (before it is applied to ``cand``)."""
    logic = _kernels()
    info, cells, digits, elims = rec[:4]
    n = g.n
    ncells, ndigits, nelims = int(info[logic.I_NCELLS]), int(info[logic.I_NDIGITS]), int(info[logic.I_NELIMS])
    cs = tuple(int(c) for c in cells[:ncells])
    regions: tuple[str, ...] = ()
    name = TECHNIQUES[tech].name
    if tech in (logic.X_WING, logic.SWORDFISH, logic.JELLYFISH):
        regions = ("rows",) if info[logic.I_REGION_A] == 0 else ("columns",)
    elif tech not in (logic.SIMPLE_COLORING, logic.X_CHAIN, logic.XY_CHAIN):
        regions = tuple(_region_name(g, int(info[k])) for k in (logic.I_REGION_A, logic.I_REGION_B)
                        if info[k] >= 0)
    bits = np.arange(n, dtype=np.uint64)
    marks = tuple(tuple(int(d) + 1 for d in np.flatnonzero((cand[c] >> bits) & np.uint64(1))) for c in cs)
    placed = (int(info[logic.I_CELL]), int(info[logic.I_DIGIT])) if info[logic.I_DIGIT] > 0 else None
    return Step(technique=name, cells=cs, digits=tuple(int(d) for d in digits[:ndigits]), placed=placed,
                eliminations=tuple((int(e) // n, int(e) % n + 1) for e in elims[:nelims]),
                regions=regions, marks=marks, n=n, split=int(info[logic.I_SPLIT]),
                wrap=int(info[logic.I_REGION_A]) if tech == logic.SIMPLE_COLORING else -1)


def _region_name(g: Geometry, r: int) -> str:
    return g.region_names[r] if r < len(g.region_names) else f"region {r + 1}"


def _grid(puzzle: PuzzleLike) -> Grid:
    """``puzzle`` as a grid (a Sudoku is one; anything else is read as Sudoku() reads it)."""
    return puzzle if isinstance(puzzle, Grid) else Grid(puzzle)


def _state(s: Grid, marks: ArrayLike | None = None) -> tuple[np.ndarray, np.ndarray, tuple]:
    """(cand, grid, tables) of a grid: its pencil marks, narrowed by ``marks``
    ((N, N, N) bool) when given."""
    g = s.geometry
    tab = _tables_of(g)
    cand = np.zeros(g.cells, np.uint64)
    grid = np.zeros(g.cells, np.uint8)
    # a writable copy of the cells: the grader's grids are writable, and a read-only
    # array would compile the steps below for a type of its own
    if not _kernels().candidates_of(np.array(s._cells, np.uint8), tab, cand, grid):  # pragma: no cover  (a Sudoku's givens never clash)
        raise SudokuError("the givens break the rules")
    if marks is not None:
        m = np.asarray(marks)
        if m.shape != (g.n, g.n, g.n) or m.dtype != np.bool_:
            raise SudokuError(f"marks must be an ({g.n}, {g.n}, {g.n}) bool array, "
                              f"not {m.dtype} of shape {m.shape}")
        weights = np.uint64(1) << np.arange(g.n, dtype=np.uint64)
        given = (m.reshape(g.n * g.n, g.n) * weights).sum(axis=1, dtype=np.uint64)
        cand &= given
    return cand, grid, tab


def candidates(puzzle: PuzzleLike) -> np.ndarray:
    """The pencil marks of a grid: an (N, N, N) bool array, ``[row, col, d - 1]``
    True when digit ``d`` is not yet in any region of the cell (row, column,
    box, ...); a filled cell has only its own digit.

    ``puzzle``: a :class:`~dlxnumba.sudoku.Sudoku`, or anything it reads.

    >>> from dlxnumba import Sudoku
    >>> c = Sudoku("12.. ..12 .... ....").candidates()
    >>> c.shape, (c[0, 2].nonzero()[0] + 1).tolist(), c[0, 0].sum()
    ((4, 4, 4), [3, 4], np.int64(1))
    """
    s = _grid(puzzle)
    cand, grid, _ = _state(s)
    n = s.n
    out = ((cand[:, None] >> np.arange(n, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    filled = np.flatnonzero(grid)
    out[filled, grid[filled].astype(np.int64) - 1] = True
    return out.reshape(n, n, n)


def hint(puzzle: PuzzleLike, marks: ArrayLike | None = None, *, uniqueness: bool = True) -> Step | None:
    """The next step of the logical solver from the grid's pencil marks (or
    from ``marks``, an (N, N, N) bool array as :func:`candidates` gives, with
    some candidates already removed); None when the grid is full or no
    technique applies.  Raises SudokuError when the marks contradict (a cell
    or a digit of a region without a place: the grid has no solution).
    ``uniqueness=False``: no technique that assumes one solution (the unique
    rectangle), for grids that may have several (by keyword).

    >>> print(hint("1234 34.. 2143 ...."))
    full house: r4c1 = 4 (the last empty cell of column 1)
    """
    s = _grid(puzzle)
    uniqueness = flag(uniqueness, "uniqueness", SudokuError)
    cand, grid, tab = _state(s, marks)
    logic = _kernels()
    rec = tuple(logic.new_step(s.n, len(tab[1])))
    before = cand.copy()
    t = logic.step_once(tab, cand, grid, rec, _allowed(uniqueness, s.variant), False)
    if t < 0:
        raise SudokuError("the candidates contradict: some cell, or some digit of a region, has no place left")
    return None if t == 0 else _step_of(rec, t, before, s.geometry)


def steps(puzzle: PuzzleLike, max_steps: int | None = None, *, uniqueness: bool = True) -> list[Step]:
    """The steps of the logical solve from the grid, easiest technique first at
    each step, until the grid is full, no technique applies or ``max_steps``
    are taken (``uniqueness`` as for :func:`hint`).

    >>> [str(step) for step in steps("1234 34.. 2143 ....", 2)]
    ['full house: r4c1 = 4 (the last empty cell of column 1)', 'full house: r4c2 = 3 (the last empty cell of column 2)']
    """
    s = _grid(puzzle)
    max_steps = integer(max_steps, "max_steps", low=0, none=True, error=SudokuError)
    uniqueness = flag(uniqueness, "uniqueness", SudokuError)
    cand, grid, tab = _state(s)
    logic = _kernels()
    rec = tuple(logic.new_step(s.n, len(tab[1])))
    out: list[Step] = []
    g = s.geometry
    while max_steps is None or len(out) < max_steps:
        before = cand.copy()
        t = logic.step_once(tab, cand, grid, rec, _allowed(uniqueness, s.variant), True)
        if t < 0:
            raise SudokuError("the candidates contradict: the grid has no solution")
        if t == 0:
            break
        out.append(_step_of(rec, t, before, g))
    return out
