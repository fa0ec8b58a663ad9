"""How hard a Sudoku is, on two scales; pencil marks and hints.

The two scales
--------------
*Technique score* (the human scale).  A logical solver fills the grid one
*step* at a time, always with the easiest technique that does something (it
places a digit or removes candidates).  The puzzle's score is the score of the
hardest technique it needed, its *level* the level of that technique:

===================  =====  ======  ==============================================
technique            score  level   what it does
===================  =====  ======  ==============================================
full house            1.0   easy    the last empty cell of a region
hidden single         1.5   easy    the only place left for a digit in a region
naked single          2.0   easy    the only digit left in a cell
pointing              2.5   medium  a digit of a box lies in one line: it leaves the rest of the line
claiming              2.6   medium  a digit of a line lies in one box: it leaves the rest of the box
naked pair            3.0   medium  2 cells of a region with 2 digits between them
hidden pair           3.2   medium  2 digits of a region with 2 places between them
naked triple          3.4   medium  3 cells, 3 digits
hidden triple         3.6   medium  3 digits, 3 places
X-wing                4.0   hard    a digit's places in 2 rows lie in 2 columns (or vice versa)
XY-wing               4.2   hard    pivot {x,y}, pincers {x,z}, {y,z}: z leaves what sees both pincers
XYZ-wing              4.4   hard    pivot {x,y,z}, pincers {x,z}, {y,z}: z leaves what sees all three
unique rectangle      4.5   hard    3 corners of a rectangle on 2 boxes are {a,b}: the 4th is neither
                                    (else two solutions; assumes one, see ``uniqueness``)
naked quad            4.6   hard    4 cells, 4 digits
hidden quad           4.8   hard    4 digits, 4 places
swordfish             5.0   expert  an X-wing on 3 rows and 3 columns
jellyfish             5.4   expert  an X-wing on 4 rows and 4 columns
simple coloring       5.6   expert  chains of conjugate pairs of a digit: color wrap, color trap
X-chain               6.0   expert  a digit's chain of alternating strong and weak links: its ends
                                    cannot both lack the digit
XY-chain              6.2   expert  a chain of two-candidate cells: its ends cannot both lack x
beyond techniques    10.0   beyond  none of the above applies: the grid needs guessing
===================  =====  ======  ==============================================

A full grid scores 0.0 (level ``easy``, hardest technique ``"none"``).  The
techniques work on the regions of the grid's :class:`Geometry` (every box
shape; extra regions take part in all but the fish, which are about rows and
columns), so they are not hard-coded to 9x9; grids up to 64x64 (the
candidates of a cell are the bits of one 64-bit word).  Only regions are read:
a rule that is no region (a ban between two cells) is not used, so every step
stays true but fewer are found.

*Search effort* (the machine scale, the method tdoku uses to rate puzzles).  A
fixed-rule solver -- naked and hidden singles until they stall, then a branch
on the empty cell with the fewest candidates (the first in row-major order
among equals), its digits tried in increasing order -- counts its *guesses*
(every digit it tries at a branch) until the first solution.  The count
depends on the order of the digits and cells, so the puzzle is rated as the
mean over ``samples`` random copies of it that are the same puzzle: digits
relabeled, rows permuted within their bands and bands permuted, columns
within their stacks and stacks permuted, and the grid transposed when the
boxes are square.  The copies come from ``seed`` alone (the same for every
puzzle of a batch), so a rating is deterministic.  A puzzle the singles solve
rates 0.

The distributions over the shipped sets are in README ("Grading and hints"),
made by ``python bench/grade_sets.py``.

The hint of a grid is the first step of the logical solver from its pencil
marks (:func:`candidates`): a :class:`Step` names the technique, the cells
and digits of the pattern, and the digit it places or the candidates it
removes.

Examples
--------
>>> from dlxnumba import Sudoku
>>> s = Sudoku("6.2.5.........3.4..........43...8....1....2........7..5..27...........81...6.....")
>>> g = s.grade()
>>> g.level, g.hardest, g.score, g.solved, g.effort
('beyond', 'beyond techniques', 10.0, False, 69.125)
>>> e = Sudoku("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
>>> e.grade().level, e.grade().hardest
('easy', 'hidden single')
>>> print(e.hint())
hidden single: r2c2 = 6 (the only place for 6 in box 1)
>>> e.candidates()[0, 1].nonzero()[0] + 1  # the pencil marks of r1c2
array([4, 5, 7, 8])
"""

from __future__ import annotations

import functools
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterator, NamedTuple

import numpy as np

from ..stats import Status
from ..errors import SudokuError, plain
from .geometry import Geometry, _check_box, _geometry, _size_of, geometry
from .rules import conflicts
from .text import _grid_from

if TYPE_CHECKING:  # pragma: no cover
    from .puzzle import Sudoku

__all__ = ["TECHNIQUES", "LEVELS", "Technique", "Grade", "GradeBatch", "Step", "grade", "grade_many",
           "candidates", "hint", "steps"]

#: The levels, easiest first.
LEVELS = ("easy", "medium", "hard", "expert", "beyond")

#: Largest side the logical solver handles (a cell's candidates are one 64-bit word).
MAX_LOGIC_N = 64

#: Default number of random copies a search-effort rating averages over.
SAMPLES = 16

#: Guesses at which one copy's search stops (its count is then this number; it also
#: stops, unsolved, past 1,024 levels of branching).
MAX_GUESSES = 1_000_000

#: Seconds one call of the compiled grader should take: a batch is graded in
#: slices (the search effort in bounded amounts of work) sized to about this,
#: and Python (Ctrl-C) gets its turn between two.
SLICE_SECONDS = 0.1
#: Puzzles in the first slice of the logical grader (later slices adapt).
FIRST_SLICE = 32
#: Units of work (rounds of propagation, guesses) of each lane in the first
#: call of the search-effort solver (later calls adapt).
FIRST_WORK = 1 << 12


class Technique(NamedTuple):
    """A technique of the logical solver: its number (the kernel's), name, score and level."""

    number: int
    name: str
    score: float
    level: str


#: The techniques by number (the numbers of :mod:`dlxnumba.kernels.sudoku.logic`), easiest first.
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
_SCORES = np.array([t.score for t in TECHNIQUES])
_LEVEL_OF = np.array([LEVELS.index(t.level) for t in TECHNIQUES], np.int8)


def _kernels():
    from ..kernels.sudoku import logic

    return logic


# ------------------------------------------------------------------ tables

@functools.lru_cache(maxsize=None)
def _tables_of(g: Geometry) -> tuple:
    """The :data:`~dlxnumba.kernels.sudoku.logic.LogicTables` of a geometry, as a plain tuple.

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


# ------------------------------------------------------------------ results

@dataclass(frozen=True)
class Grade:
    """The rating of one puzzle on both scales (see :mod:`dlxnumba.sudoku.grading`).

    A grade is for a puzzle with a solution (the only one, unless graded
    with ``uniqueness=False``): :func:`grade` refuses any other, and a batch
    (:func:`grade_many`) gives such a puzzle a Grade with the ``status`` that
    says why it has none, ``score``, ``level`` and ``hardest`` None.

    Attributes
    ----------
    score : float or None
        The technique score: that of the hardest technique needed (10.0 when
        the techniques cannot finish the grid).
    level : str or None
        One of :data:`LEVELS`: ``"easy"``, ``"medium"``, ``"hard"``,
        ``"expert"``, ``"beyond"`` (needs guessing).
    hardest : str or None
        The name of the hardest technique needed (``"beyond techniques"`` when
        stuck, ``"none"`` for a full grid).
    steps : int
        Steps of the logical solve (placements and eliminations), up to the
        end or to where it got stuck.
    effort : float or None
        The search effort: mean guesses of the fixed-rule solver over the
        random copies (None when not asked for).
    solved : bool
        True when the logical solve filled the grid.
    techniques : dict
        Steps per technique name, in order of the techniques.
    status : Status
        ``Status.SOLVED``: graded (the puzzle has a solution, and only one
        unless ``uniqueness=False``); in a batch, ``NO_SOLUTION``,
        ``MULTIPLE`` (with ``uniqueness``) or ``INVALID`` (unreadable, or
        givens that break the rules) for a puzzle it could not grade.
    error : str or None
        Why a puzzle of a batch has no grade (None when it has one).
    """

    score: float | None
    level: str | None
    hardest: str | None
    steps: int
    effort: float | None
    solved: bool
    techniques: dict = field(default_factory=dict, compare=False)
    status: Status = Status.SOLVED
    error: str | None = None

    def __str__(self) -> str:
        if self.status != Status.SOLVED:
            return f"no grade: {self.status.name} ({self.error})"
        effort = "" if self.effort is None else f", effort {self.effort:.1f}"
        return f"{self.level} (score {self.score:.1f}, {self.hardest}, {self.steps} steps{effort})"


class GradeBatch:
    """The ratings of a batch (what :func:`grade_many` returns), as arrays.

    One entry per puzzle, in input order.  A puzzle without a grade (no
    solution, several, unreadable: see ``status``) has score NaN, level and
    hardest -1, no steps, effort NaN.

    Attributes
    ----------
    score : ndarray, float64 (P,)
    level : ndarray, int8 (P,)
        Index into :data:`LEVELS` (``level_names`` has the names), -1: no grade.
    hardest : ndarray, int8 (P,)
        Technique numbers (index into :data:`TECHNIQUES`), -1: no grade.
    steps : ndarray, int64 (P,)
    effort : ndarray, float64 (P,)
        NaN when the search effort was not asked for.
    solved : ndarray, bool (P,)
    counts : ndarray, int64 (P, T)
        Steps per puzzle and technique number.
    grids : ndarray, uint8 (P, N*N)
        The grid each logical solve reached (complete where ``solved``; the
        puzzle itself where there is no grade).
    status : ndarray, int8 (P,)
        A :class:`~dlxnumba.sudoku.Status` value per puzzle: ``SOLVED`` for a
        graded puzzle, else ``NO_SOLUTION``, ``MULTIPLE`` or ``INVALID``.
    errors : list of str or None
        Why each puzzle has no grade (None where it has one).

    Notes
    -----
    Indexing gives a :class:`Grade`; ``len`` and iteration work as for a list.
    """

    def __init__(self, score, level, hardest, steps, effort, solved, counts, grids, status=None, errors=None):
        self.score, self.level, self.hardest, self.steps = score, level, hardest, steps
        self.effort, self.solved, self.counts, self.grids = effort, solved, counts, grids
        self.status = np.full(len(score), int(Status.SOLVED), np.int8) if status is None else status
        self.errors = [None] * len(score) if errors is None else errors

    def __len__(self) -> int:
        return len(self.score)

    def __getitem__(self, i: int) -> Grade:
        i = range(len(self))[i]  # IndexError and negative indices as a list
        status = Status(int(self.status[i]))
        if status != Status.SOLVED:
            return Grade(score=None, level=None, hardest=None, steps=0, effort=None, solved=False,
                         status=status, error=self.errors[i])
        effort = float(self.effort[i])
        return Grade(score=float(self.score[i]), level=LEVELS[self.level[i]],
                     hardest=TECHNIQUES[self.hardest[i]].name, steps=int(self.steps[i]),
                     effort=None if np.isnan(effort) else effort, solved=bool(self.solved[i]),
                     techniques={t.name: int(c) for t, c in zip(TECHNIQUES, self.counts[i]) if c})

    def __iter__(self) -> Iterator[Grade]:
        return (self[i] for i in range(len(self)))

    @property
    def graded(self) -> np.ndarray:
        """Which puzzles have a grade (bool (P,))."""
        return self.status == int(Status.SOLVED)

    @property
    def statuses(self) -> list[Status]:
        """The :class:`~dlxnumba.sudoku.Status` of each puzzle, as members."""
        return [Status(int(s)) for s in self.status]

    @property
    def level_names(self) -> list[str | None]:
        """The level of each puzzle, by name (None: no grade)."""
        return [LEVELS[k] if k >= 0 else None for k in self.level]

    def level_counts(self) -> dict[str, int]:
        """Graded puzzles per level, every level listed (easiest first)."""
        found = np.bincount(self.level[self.level >= 0].astype(np.int64), minlength=len(LEVELS))
        return {name: int(c) for name, c in zip(LEVELS, found)}

    def __repr__(self) -> str:
        ungraded = len(self) - int(self.graded.sum())
        more = f", {ungraded} without a grade" if ungraded else ""
        return f"<GradeBatch of {len(self)} puzzles: {self.level_counts()}{more}>"


# ------------------------------------------------------------------ grading

def _check_samples(samples, seed) -> tuple[int, int]:
    if isinstance(samples, bool) or not isinstance(samples, (int, np.integer)) or samples < 0:
        raise SudokuError(f"samples must be a non-negative integer, not {plain(samples)}")
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise SudokuError(f"seed must be a non-negative integer, not {plain(seed)}")
    return int(samples), int(seed)


@functools.lru_cache(maxsize=64)
def _copies(n: int, box: tuple[int, int], standard: bool, samples: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """``samples`` symmetries of the grid: cell sources (K, N*N) and digit maps (K, N+1).

    Copy ``k`` of a puzzle ``p`` is ``maps[k][p[sources[k]]]``.  With extra
    regions (``standard`` False) only the digits are relabeled.
    """
    r, c = box
    rng = np.random.default_rng(seed)
    sources = np.empty((samples, n * n), np.int64)
    maps = np.zeros((samples, n + 1), np.uint8)
    for k in range(samples):
        maps[k, 1:] = rng.permutation(n) + 1
        if not standard:
            sources[k] = np.arange(n * n)
            continue
        rows = (rng.permutation(n // r)[:, None] * r + np.array([rng.permutation(r) for _ in range(n // r)])).ravel()
        cols = (rng.permutation(n // c)[:, None] * c + np.array([rng.permutation(c) for _ in range(n // c)])).ravel()
        src = rows[:, None] * n + cols[None, :]
        if r == c and rng.random() < 0.5:
            src = src.T
        sources[k] = src.ravel()
    return sources, maps


def _threads(threads) -> int:
    from ..search_options import SearchOptions

    return SearchOptions.make(SudokuError, threads=threads).thread_count()


def _resize(size: int, spent: float, low: int, high: int) -> int:
    """The next slice's size after one of ``size`` took ``spent`` seconds (about SLICE_SECONDS)."""
    if spent < SLICE_SECONDS / 2:
        return min(size * 2, high)
    if spent > SLICE_SECONDS * 2:
        return max(size // 2, low)
    return size


def _efforts(arr: np.ndarray, g: Geometry, tab: tuple, samples: int, seed: int, nthreads: int,
             max_guesses: int = MAX_GUESSES) -> np.ndarray:
    """Mean guesses over ``samples`` copies of each puzzle of ``arr`` (P, N*N).

    The lanes of the solver pause after an amount of work sized to take
    about :data:`SLICE_SECONDS` and resume where they were: a long search
    (a large grid can take seconds a copy) returns to Python between two."""
    P = len(arr)
    if samples == 0 or P == 0:
        return np.full(P, np.nan)
    # the copies permute rows, columns, bands and stacks: only where the regions
    # are just those (a variant's extra regions would not follow), else digits only
    standard = np.array_equal(g.regions, _geometry(g.n, *g.box).regions)
    sources, maps = _copies(g.n, g.box, standard, samples, seed)
    copies = np.stack([maps[k][arr[:, sources[k]]] for k in range(samples)]).reshape(samples * P, -1)
    guesses = np.zeros(len(copies), np.int64)
    solved = np.zeros(len(copies), np.bool_)
    logic = _kernels()
    lanes_n = min(nthreads, len(copies))
    lanes = tuple(logic.new_effort_lanes(lanes_n, g.n, 0, lanes_n))
    busy = np.ones(lanes_n, np.int64)
    work = FIRST_WORK
    while True:
        t0 = time.perf_counter()
        if lanes_n > 1:
            logic.effort_parallel(copies, tab, max_guesses, work, lanes, guesses, solved, busy)
            more = bool(busy.any())
        else:
            more = bool(logic.effort_serial(copies, tab, max_guesses, work, lanes, guesses, solved))
        if not more:
            break
        work = _resize(work, time.perf_counter() - t0, 64, 1 << 40)
    return guesses.reshape(samples, P).mean(axis=0)


def _logic(arr: np.ndarray, tab: tuple, allowed: int, nthreads: int) -> tuple:
    """The logical solve of each puzzle of ``arr``, in slices of about
    :data:`SLICE_SECONDS`: (hardest, steps, status, counts, grids) as
    ``grade_range`` of :mod:`dlxnumba.kernels.sudoku.logic` fills them."""
    logic = _kernels()
    P = len(arr)
    hardest = np.zeros(P, np.int64)
    steps = np.zeros(P, np.int64)
    status = np.zeros(P, np.int64)
    counts = np.zeros((P, len(TECHNIQUES)), np.int64)
    grids = np.zeros_like(arr)
    a = 0
    size = FIRST_SLICE
    while a < P:
        b = min(a + size, P)
        lanes = min(nthreads, b - a)
        t0 = time.perf_counter()
        part = (arr[a:b], tab, allowed, hardest[a:b], steps[a:b], status[a:b], counts[a:b], grids[a:b])
        if lanes > 1:
            logic.grade_parallel(lanes, *part)
        else:
            logic.grade_serial(*part)
        size = _resize(size, time.perf_counter() - t0, 1, 1 << 20)
        a = b
    return hardest, steps, status, counts, grids


def _allowed(uniqueness: bool, variant=None) -> int:
    """The techniques the solver may use, as the kernel's bitmask.

    The unique rectangle needs ``uniqueness`` and a classic grid: its argument
    (swapping two digits in four cells of two boxes gives a second solution)
    fails when an extra region, a ban or a cage sees some of the four cells,
    so it is off for every variant."""
    logic = _kernels()
    return logic.ALL_TECHNIQUES & ~(0 if uniqueness and not variant else 1 << logic.UNIQUE_RECTANGLE)


#: Why a puzzle has no grade, by status (INVALID says its own reason).
_NO_GRADE = {Status.NO_SOLUTION: "the puzzle has no solution",
             Status.MULTIPLE: "the puzzle has more than one solution (grade it with uniqueness=False "
                              "to rate it all the same)"}


def _solution_status(arr: np.ndarray, g: Geometry, uniqueness: bool, nthreads: int, variant=None
                     ) -> tuple[np.ndarray, list]:
    """Whether each puzzle of ``arr`` can be graded: Status codes (SOLVED: it
    has a solution, and one only with ``uniqueness``) and why not, by the
    dancing-links solver (which returns to Python every slice of its work)."""
    from .solve import solve_many

    r = solve_many(arr, nthreads, 2 if uniqueness else 1, box=g.box, variant=variant)
    status = np.asarray(r.status, np.int8).copy()
    found = getattr(r, "errors", None) or [None] * len(arr)
    errors: list = [None] * len(arr)
    for k in np.flatnonzero(status != int(Status.SOLVED)).tolist():
        st = Status(int(status[k]))
        errors[k] = _NO_GRADE.get(st) or found[k] or "the givens break the rules"
    return status, errors


def _grade_array(arr: np.ndarray, g: Geometry, samples: int, seed: int, threads, effort: bool,
                 max_guesses, uniqueness: bool = True, variant=None, *, check: bool = True,
                 unreadable: dict | None = None) -> GradeBatch:
    """Grade the puzzles of ``arr`` (P, N*N).

    ``check``: find first which puzzles have a solution (and one only, with
    ``uniqueness``); the others get their status and no grade.  Without it
    every puzzle is taken to have one (the generator's puzzles do).
    ``unreadable``: rows (and why) that hold no puzzle: INVALID, not graded.
    """
    samples, seed = _check_samples(samples, seed)
    if isinstance(max_guesses, bool) or not isinstance(max_guesses, (int, np.integer)) or max_guesses < 1:
        raise SudokuError(f"max_guesses must be a positive integer, not {plain(max_guesses)}")
    nthreads = _threads(threads)
    tab = _tables_of(g)
    P = len(arr)
    status = np.full(P, int(Status.SOLVED), np.int8)
    errors: list = [None] * P
    for k, why in (unreadable or {}).items():
        status[k], errors[k] = int(Status.INVALID), why
    if check and P:
        todo = np.flatnonzero(status == int(Status.SOLVED))
        if todo.size:
            st, why = _solution_status(np.ascontiguousarray(arr[todo]), g, uniqueness, nthreads, variant)
            status[todo] = st
            for j, k in enumerate(todo.tolist()):
                errors[k] = why[j]
    rows = np.flatnonzero(status == int(Status.SOLVED))
    sub = np.ascontiguousarray(arr[rows], np.uint8)
    hardest, steps, lstatus, counts, grids = _logic(sub, tab, _allowed(uniqueness, variant), nthreads)
    clash = np.flatnonzero(lstatus == -2)
    if len(clash):  # givens that break the rules, not checked before (check=False)
        raise SudokuError(f"puzzle {int(rows[clash[0]])}: the givens break the rules")
    efforts = _efforts(sub, g, tab, samples if effort else 0, seed, nthreads, int(max_guesses))
    out_score = np.full(P, np.nan)
    out_level = np.full(P, -1, np.int8)
    out_hardest = np.full(P, -1, np.int8)
    out_steps = np.zeros(P, np.int64)
    out_effort = np.full(P, np.nan)
    out_solved = np.zeros(P, bool)
    out_counts = np.zeros((P, len(TECHNIQUES)), np.int64)
    out_grids = np.array(arr, np.uint8, copy=True)
    out_score[rows] = _SCORES[hardest]
    out_level[rows] = _LEVEL_OF[hardest]
    out_hardest[rows] = hardest
    out_steps[rows] = steps
    out_effort[rows] = efforts
    out_solved[rows] = lstatus == 1
    out_counts[rows] = counts
    out_grids[rows] = grids
    return GradeBatch(out_score, out_level, out_hardest, out_steps, out_effort, out_solved, out_counts,
                      out_grids, status, errors)


def grade(puzzle, box=None, *, samples: int = SAMPLES, seed: int = 0, effort: bool = True,
          max_guesses: int = MAX_GUESSES, uniqueness: bool = True) -> Grade:
    """Rate one puzzle on both scales (see :mod:`dlxnumba.sudoku.grading`).

    A grade is for a puzzle with a solution: a puzzle without one, or (with
    ``uniqueness``, the default) with more than one, raises
    :class:`SudokuError` saying so (the dancing-links solver finds out first).

    Parameters
    ----------
    puzzle : str, array_like or Sudoku
        Anything :class:`Sudoku` accepts.
    box : (int, int) or str, optional
        The box shape, a pair or text ``"2x3"`` (by default that of a :class:`Sudoku`, else the squarest).
    samples : int
        Random copies the search effort averages over (0: no search effort).
    seed : int
        Seed of the copies: the same seed gives the same rating.
    effort : bool
        False skips the search effort (``Grade.effort`` is None).
    max_guesses : int
        Guesses at which the search of one copy stops (it then counts as
        ``max_guesses``, so the effort is a lower bound).  The search effort
        grows fast with the size: a minimal 16x16 puzzle takes about a
        thousand guesses a copy, a 25x25 one a hundred thousand (seconds
        each); rate large grids with few ``samples``, a ``max_guesses``, or
        ``effort=False``.
    uniqueness : bool
        Whether the puzzle must have one solution, which the logical solver
        may then assume (the unique rectangle does); False grades a puzzle
        with several solutions too, without that technique.

    Raises
    ------
    SudokuError
        The puzzle cannot be read, its givens break the rules, it has no
        solution, or (with ``uniqueness``) more than one.

    Examples
    --------
    >>> from dlxnumba import grade
    >>> g = grade("..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..")
    >>> g.level, g.score, g.effort
    ('easy', 1.5, 0.0)
    >>> grade("1.3..4.23.4..2.1")
    Traceback (most recent call last):
    ...
    dlxnumba.errors.SudokuError: the puzzle has no solution: a grade is for a puzzle with a solution
    >>> g = grade("12..34..........", uniqueness=False)  # several solutions: the logic gets stuck
    >>> g.level, g.solved
    ('beyond', False)
    """
    sudoku = hasattr(puzzle, "boxed") and hasattr(puzzle, "geometry") and box is None
    if sudoku:
        cells = puzzle._cells  # a Sudoku: checked already, and its geometry has all its regions
        g = puzzle.geometry
    else:
        cells = puzzle._cells if hasattr(puzzle, "boxed") else _grid_from(puzzle)
        n = _size_of(cells.size)
        g = geometry(n, _check_box(n, box))
        problems = conflicts(cells, g)
        if problems:
            raise SudokuError("the givens break the rules: " + "; ".join(problems))
    _check_samples(samples, seed)
    _tables_of(g)  # a grid too large for the grader: said before any search
    flat = np.array(cells, np.uint8).reshape(1, -1)
    if sudoku:  # its own rules (a variant's too)
        found = puzzle.count(2 if uniqueness else 1)
    else:
        status, _ = _solution_status(flat, g, uniqueness, 1)
        found = {int(Status.NO_SOLUTION): 0, int(Status.MULTIPLE): 2}.get(int(status[0]), 1)
    if found == 0:
        raise SudokuError("the puzzle has no solution: a grade is for a puzzle with a solution")
    if found > 1 and uniqueness:
        raise SudokuError("the puzzle has more than one solution: pass uniqueness=False to grade it "
                          "all the same (without the techniques that assume one solution)")
    return _grade_array(flat, g, samples, seed, 1, effort, max_guesses, bool(uniqueness),
                        getattr(puzzle, "variant", None), check=False)[0]


def grade_many(puzzles, box=None, *, samples: int = SAMPLES, seed: int = 0, effort: bool = True,
               threads: int | None = None, max_guesses: int = MAX_GUESSES, uniqueness: bool = True) -> GradeBatch:
    """Rate a batch of puzzles on both scales, in compiled code, on ``threads`` threads.

    ``puzzles`` as for :func:`~dlxnumba.solve_many` (an (P, N*N) or (P, N, N)
    array, or a list of strings or :class:`Sudoku`); one box shape per batch.
    The other parameters as for :func:`grade`.

    One grade per puzzle, in order.  A puzzle that cannot be graded does not
    stop the batch: its entry has the status that says why
    (``GradeBatch.status``, ``Grade.status``): ``NO_SOLUTION``, ``MULTIPLE``
    (with ``uniqueness``) or ``INVALID`` (unreadable, or givens that break
    the rules), the reason in ``GradeBatch.errors``.  The work is done in
    slices that return to Python, so Ctrl-C stops a long batch at once.

    Examples
    --------
    >>> from dlxnumba import grade_many, load_puzzles
    >>> r = grade_many(load_puzzles("easy50")[:5], threads=1)
    >>> r.level_names, r.effort.tolist()
    (['easy', 'easy', 'easy', 'easy', 'easy'], [0.0, 0.0, 0.0, 0.0, 0.0])
    >>> r = grade_many(["1.3..4.23.4..2.1", "12..34..........", "1234341243212143"], threads=1)
    >>> [s.name for s in r.statuses], r.level_names
    (['NO_SOLUTION', 'MULTIPLE', 'SOLVED'], [None, None, 'easy'])
    """
    from .solve import _batch_array

    if isinstance(puzzles, (str, bytes)) or hasattr(puzzles, "boxed"):
        raise SudokuError("grade_many takes a batch: pass a list or array of puzzles "
                          "(for one puzzle, use grade(puzzle) or Sudoku(puzzle).grade())")
    arr, bad, n, box, errors = _batch_array(puzzles, box, who="grade_many")
    arr = np.array(arr, np.uint8, copy=True) if arr.size else np.ascontiguousarray(arr, np.uint8)
    unreadable = {k: errors[k] or f"puzzle {k}: unreadable" for k in np.flatnonzero(bad).tolist()}
    if arr.size:
        for k in np.flatnonzero((arr > n).any(axis=1)).tolist():
            unreadable.setdefault(k, f"puzzle {k}: a cell holds a value outside 0..{n}")
    if unreadable:
        arr[list(unreadable)] = 0  # nothing of them reaches the solvers
    return _grade_array(arr, geometry(n, box), samples, seed, threads, effort, max_guesses, bool(uniqueness),
                        unreadable=unreadable)


# ------------------------------------------------------------------ pencil marks and hints

@dataclass(frozen=True)
class Step:
    """One step of the logical solver: what :meth:`Sudoku.hint` returns.

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


def _state(s: "Sudoku", marks=None) -> tuple[np.ndarray, np.ndarray, tuple]:
    """(cand, grid, tables) of a grid: its pencil marks, narrowed by ``marks``
    ((N, N, N) bool) when given."""
    g = s.geometry
    tab = _tables_of(g)
    cand, grid, ok = _kernels().candidates_of(np.ascontiguousarray(s._cells, np.uint8), tab)
    if not ok:  # pragma: no cover  (a Sudoku's givens never clash)
        raise SudokuError("the givens break the rules")
    if marks is not None:
        m = np.asarray(marks)
        if m.shape != (g.n, g.n, g.n) or m.dtype != np.bool_:
            raise SudokuError(f"candidates must be an ({g.n}, {g.n}, {g.n}) bool array, "
                              f"not {m.dtype} of shape {m.shape}")
        weights = np.uint64(1) << np.arange(g.n, dtype=np.uint64)
        given = (m.reshape(g.n * g.n, g.n) * weights).sum(axis=1, dtype=np.uint64)
        cand &= given
    return cand, grid, tab


def candidates(s: "Sudoku") -> np.ndarray:
    """The pencil marks of a grid: an (N, N, N) bool array, ``[row, col, d - 1]``
    True when digit ``d`` is not yet in any region of the cell (row, column,
    box, ...); a filled cell has only its own digit.

    >>> from dlxnumba import Sudoku
    >>> c = Sudoku("12.. ..12 .... ....").candidates()
    >>> c.shape, (c[0, 2].nonzero()[0] + 1).tolist(), c[0, 0].sum()
    ((4, 4, 4), [3, 4], np.int64(1))
    """
    cand, grid, _ = _state(s)
    n = s.n
    out = ((cand[:, None] >> np.arange(n, dtype=np.uint64)) & np.uint64(1)).astype(bool)
    filled = np.flatnonzero(grid)
    out[filled, grid[filled].astype(np.int64) - 1] = True
    return out.reshape(n, n, n)


def hint(s: "Sudoku", marks=None, uniqueness: bool = True) -> Step | None:
    """The next step of the logical solver from the grid's pencil marks (or
    from ``marks``, an (N, N, N) bool array as :func:`candidates` gives, with
    some candidates already removed); None when the grid is full or no
    technique applies.  Raises SudokuError when the marks contradict (a cell
    or a digit of a region without a place: the grid has no solution).
    ``uniqueness=False``: no technique that assumes one solution (the unique
    rectangle), for grids that may have several.
    """
    cand, grid, tab = _state(s, marks)
    logic = _kernels()
    rec = tuple(logic.new_step(s.n, len(tab[1])))
    before = cand.copy()
    t = logic.step_once(tab, cand, grid, rec, _allowed(uniqueness, s.variant), False)
    if t < 0:
        raise SudokuError("the candidates contradict: some cell, or some digit of a region, has no place left")
    return None if t == 0 else _step_of(rec, t, before, s.geometry)


def steps(s: "Sudoku", max_steps: int | None = None, uniqueness: bool = True) -> list[Step]:
    """The steps of the logical solve from the grid, easiest technique first at
    each step, until the grid is full or no technique applies (``uniqueness``
    as for :func:`hint`)."""
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
