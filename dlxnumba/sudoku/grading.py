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
a rule that is no region (a ban between two cells, a killer's cage, a setter's
constraint such as a thermometer) is not used, so every step stays true but
fewer are found: the grade names those rules (:attr:`Grade.unseen`) and says
so when printed.

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
rates 0.  A puzzle with cages or setters' constraints has no such copies
(its rules would move with them) and a fixed-rule solver of regions would
not see its rules: its effort is the size of the search that proves it, the
count up to 2 solutions (1 without ``uniqueness``) on the engine ``"auto"``
picks: the bit-parallel engine's guesses up to 9x9, the dancing links' nodes
past it; deterministic too.

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
from typing import TYPE_CHECKING, Any, Iterator, NamedTuple

import numpy as np

from ..batch import run_lanes
from ..checks import flag, integer
from ..errors import SudokuError
from ..search_options import SearchOptions
from ..stats import Status
from . import bits as bitmask
from .batches import explain_invalid, read_batch
from .geometry import Geometry, check_box, geometry, plain_geometry, side_of
from .grid import Grid
# the logical solver's names, also read from here (their home before the solver had its module)
from .logic import LEVELS, TECHNIQUES, Step, Technique, _allowed, _kernels, _tables_of, candidates, hint, steps
from .rules import conflicts
from .solve import DEFAULTS, count_solutions, solve_arrays
from .text import grid_from
from .variants import CLASSIC, Variant

if TYPE_CHECKING:  # pragma: no cover
    from .geometry import BoxLike
    from .grid import PuzzleLike

__all__ = ["TECHNIQUES", "LEVELS", "Technique", "Grade", "GradeBatch", "Step", "grade", "grade_many",
           "candidates", "hint", "steps"]

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

#: The score and the level (its index in LEVELS) of each technique, by number
_SCORES = np.array([t.score for t in TECHNIQUES])
_LEVEL_OF = np.array([LEVELS.index(t.level) for t in TECHNIQUES], np.int8)
#: The names as numpy arrays, indexed by the codes (code -1, no grade, is the last: "")
_LEVEL_NAMES = np.array(LEVELS + ("",))
_TECHNIQUE_NAMES = np.array([t.name for t in TECHNIQUES] + [""])


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
        random copies; for a puzzle with cages or constraints, the guesses
        of the proof on the bits (the dancing links' nodes past 9x9), see
        the module's docstring (None when not asked for).
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
    unseen : tuple of str
        The puzzle's rules that the techniques do not reason about (bans
        such as ``"anti-knight"``, ``"killer cages"``, constraint kinds such
        as ``"thermometer"``): its technique score rates the rest.
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
    unseen: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.status != Status.SOLVED:
            return f"no grade: {self.status.name} ({self.error})"
        effort = "" if self.effort is None else f", effort {self.effort:.1f}"
        unseen = f"; the techniques do not see its {', '.join(self.unseen)}" if self.unseen else ""
        return f"{self.level} (score {self.score:.1f}, {self.hardest}, {self.steps} steps{effort}{unseen})"


class GradeBatch:
    """The ratings of a batch (what :func:`grade_many` returns), as arrays.

    One entry per puzzle, in input order.  A puzzle without a grade (no
    solution, several, unreadable: see ``status``) has score NaN, level and
    hardest ``""`` (codes -1), no steps, effort NaN.

    Attributes
    ----------
    score : ndarray, float64 (P,)
    level : ndarray, str (P,)
        The level of each puzzle, by name (one of :data:`LEVELS`, ``""``: no
        grade), as :attr:`Grade.level`; ``level_codes`` has their indices in
        :data:`LEVELS`.
    hardest : ndarray, str (P,)
        The name of the hardest technique each puzzle needed (``""``: no
        grade), as :attr:`Grade.hardest`; ``hardest_codes`` has the technique
        numbers (indices in :data:`TECHNIQUES`).
    level_codes, hardest_codes : ndarray, int8 (P,)
        The levels and techniques as numbers (for counting, sorting,
        comparing), -1: no grade.
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
        A :class:`~dlxnumba.stats.Status` code per puzzle (compare with the
        members): ``SOLVED`` for a graded puzzle, else ``NO_SOLUTION``,
        ``MULTIPLE`` or ``INVALID``; ``status_names`` has the names.
    errors : list of str or None
        Why each puzzle has no grade (None where it has one).

    Notes
    -----
    Indexing gives a :class:`Grade`; ``len`` and iteration work as for a list.

    Examples
    --------
    >>> from dlxnumba import grade, grade_many
    >>> r = grade_many(["..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."],
    ...                effort=False, threads=1)
    >>> r.level, r.level_codes, r.hardest
    (array(['easy'], dtype='<U6'), array([0], dtype=int8), array(['hidden single'], dtype='<U17'))
    >>> r[0] == grade(r.grids[0] * 0 + r.grids[0], effort=False) or r[0].level
    'easy'
    """

    def __init__(self, score: np.ndarray, level_codes: np.ndarray, hardest_codes: np.ndarray, steps: np.ndarray,
                 effort: np.ndarray, solved: np.ndarray, counts: np.ndarray, grids: np.ndarray,
                 status: np.ndarray | None = None, errors: list[str | None] | None = None,
                 unseen: tuple[str, ...] = ()) -> None:
        #: the rules the techniques do not reason about (see :attr:`Grade.unseen`)
        self.unseen = unseen
        self.score, self.level_codes, self.hardest_codes, self.steps = score, level_codes, hardest_codes, steps
        self.effort, self.solved, self.counts, self.grids = effort, solved, counts, grids
        self.status = np.full(len(score), int(Status.SOLVED), np.int8) if status is None else status
        self.errors: list[str | None] = [None] * len(score) if errors is None else errors

    @functools.cached_property
    def level(self) -> np.ndarray:
        """The level of each puzzle, by name (a numpy str array)."""
        return _LEVEL_NAMES[self.level_codes]

    @functools.cached_property
    def hardest(self) -> np.ndarray:
        """The name of the hardest technique of each puzzle (a numpy str array)."""
        return _TECHNIQUE_NAMES[self.hardest_codes]

    def __len__(self) -> int:
        return len(self.score)

    def __getitem__(self, i: int) -> Grade:
        i = range(len(self))[i]  # IndexError and negative indices as a list
        status = Status(int(self.status[i]))
        if status != Status.SOLVED:
            return Grade(score=None, level=None, hardest=None, steps=0, effort=None, solved=False,
                         status=status, error=self.errors[i], unseen=self.unseen)
        effort = float(self.effort[i])
        return Grade(score=float(self.score[i]), level=LEVELS[self.level_codes[i]],
                     hardest=TECHNIQUES[self.hardest_codes[i]].name, steps=int(self.steps[i]),
                     effort=None if np.isnan(effort) else effort, solved=bool(self.solved[i]),
                     techniques={t.name: int(c) for t, c in zip(TECHNIQUES, self.counts[i]) if c},
                     unseen=self.unseen)

    def __iter__(self) -> Iterator[Grade]:
        return (self[i] for i in range(len(self)))

    @property
    def graded(self) -> np.ndarray:
        """Which puzzles have a grade (bool (P,))."""
        return self.status == int(Status.SOLVED)

    @property
    def status_names(self) -> list[str]:
        """The status of each puzzle, by name (``"SOLVED"``: graded)."""
        return [Status(int(s)).name for s in self.status]

    def level_counts(self) -> dict[str, int]:
        """Graded puzzles per level, every level listed (easiest first).

        Returns
        -------
        dict of str to int
            ``{level: puzzles}`` for every level of :data:`LEVELS`.
        """
        codes = self.level_codes
        found = np.bincount(codes[codes >= 0].astype(np.int64), minlength=len(LEVELS))
        return {name: int(c) for name, c in zip(LEVELS, found)}

    def __repr__(self) -> str:
        ungraded = len(self) - int(self.graded.sum())
        more = f", {ungraded} without a grade" if ungraded else ""
        return f"<GradeBatch of {len(self)} puzzles: {self.level_counts()}{more}>"


# ------------------------------------------------------------------ grading

class _Rating(NamedTuple):
    """How to rate: the arguments of :func:`grade` and :func:`grade_many` but the
    puzzles and threads, checked once (:func:`_rating`)."""

    samples: int
    seed: int
    effort: bool
    max_guesses: int
    uniqueness: bool


def _rating(samples: Any, seed: Any, effort: Any, max_guesses: Any, uniqueness: Any) -> _Rating:
    """The arguments of a public call, checked (a SudokuError names a bad one)."""
    return _Rating(integer(samples, "samples", low=0, error=SudokuError),
                   integer(seed, "seed", low=0, error=SudokuError),
                   flag(effort, "effort", SudokuError),
                   integer(max_guesses, "max_guesses", low=1, error=SudokuError),
                   flag(uniqueness, "uniqueness", SudokuError))


#: What the generator's level filter asks of the grader: the technique scale only.
TECHNIQUE_SCALE = _Rating(SAMPLES, 0, False, MAX_GUESSES, True)


@functools.lru_cache(maxsize=64)
def effort_copies(n: int, box: tuple[int, int], standard: bool, samples: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
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
    standard = np.array_equal(g.regions, plain_geometry(g.n, *g.box).regions)
    sources, maps = effort_copies(g.n, g.box, standard, samples, seed)
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
        args = (copies, tab, max_guesses, work, lanes, guesses, solved)
        if lanes_n > 1:  # one Python thread a lane (the kernel releases the GIL)
            more = run_lanes(logic.effort_slice, args, lanes_n, busy)
        else:
            more = bool(logic.effort_slice(0, *args))
        if not more:
            break
        work = _resize(work, time.perf_counter() - t0, 64, 1 << 40)
    return guesses.reshape(samples, P).mean(axis=0)


def _logic(arr: np.ndarray, tab: tuple, allowed: int, nthreads: int) -> tuple:
    """The logical solve of each puzzle of ``arr``, in slices of about
    :data:`SLICE_SECONDS`: (hardest, steps, status, counts, grids) as
    ``grade_lane`` of :mod:`dlxnumba.sudoku.kernels.logic` fills them."""
    logic = _kernels()
    P = len(arr)
    hardest = np.zeros(P, np.int64)
    steps = np.zeros(P, np.int64)
    status = np.zeros(P, np.int64)
    counts = np.zeros((P, len(TECHNIQUES)), np.int64)
    grids = np.zeros_like(arr)
    cand, grid, records = logic.new_grade_work(max(1, min(nthreads, P)), tab[0], len(tab[1]))
    work = (cand, grid, tuple(records))
    a = 0
    size = FIRST_SLICE
    while a < P:
        b = min(a + size, P)
        lanes = min(nthreads, b - a)
        t0 = time.perf_counter()
        part = (lanes, arr[a:b], tab, allowed, hardest[a:b], steps[a:b], status[a:b], counts[a:b], grids[a:b],
                work)
        if lanes > 1:  # one Python thread a lane (the kernel releases the GIL)
            run_lanes(logic.grade_lane, part, lanes, np.zeros(lanes, np.int64))
        else:
            logic.grade_lane(0, *part)
        size = _resize(size, time.perf_counter() - t0, 1, 1 << 20)
        a = b
    return hardest, steps, status, counts, grids


#: Why a puzzle has no grade, by status (INVALID says its own reason).
_NO_GRADE = {Status.NO_SOLUTION: "the puzzle has no solution",
             Status.MULTIPLE: "the puzzle has more than one solution (grade it with uniqueness=False "
                              "to rate it all the same)"}


def _solution_status(arr: np.ndarray, g: Geometry, uniqueness: bool, nthreads: int,
                     variant: Variant | None = None) -> tuple[np.ndarray, list[str | None]]:
    """Whether each puzzle of ``arr`` can be graded: Status codes (SOLVED: it
    has a solution, and one only with ``uniqueness``) and why not, by the
    dancing-links solver (which returns to Python every slice of its work)."""
    options = SearchOptions.make(SudokuError, threads=nthreads)
    r = solve_arrays(arr, np.zeros(len(arr), bool), g.n, g.box, variant or CLASSIC, 2 if uniqueness else 1,
                     options)
    status = np.asarray(r.status, np.int8).copy()
    errors: list[str | None] = [None] * len(arr)
    for k in np.flatnonzero(status != int(Status.SOLVED)).tolist():
        errors[k] = _NO_GRADE.get(Status(int(status[k])))  # INVALID: explain_invalid says why
    return status, errors


def _grade_array(arr: np.ndarray, g: Geometry, rating: _Rating, nthreads: int, variant: Variant | None = None, *,
                 check: bool = True, unreadable: dict[int, str] | None = None) -> GradeBatch:
    """Rate the puzzles of ``arr`` (P, N*N) uint8 of the geometry ``g``, on ``nthreads``.

    ``check``: find first which puzzles have a solution (and one only, with
    ``uniqueness``); the others get their status and no grade.  Without it
    every puzzle is taken to have one (the generator's puzzles do).
    ``unreadable``: rows (and why) that hold no puzzle: INVALID, not graded.
    """
    tab = _tables_of(g)
    P = len(arr)
    status = np.full(P, int(Status.SOLVED), np.int8)
    errors: list[str | None] = [None] * P
    for k, why in (unreadable or {}).items():
        status[k], errors[k] = int(Status.INVALID), why
    if check and P:
        todo = np.flatnonzero(status == int(Status.SOLVED))
        if todo.size:
            st, reasons = _solution_status(np.ascontiguousarray(arr[todo]), g, rating.uniqueness, nthreads,
                                           variant)
            status[todo] = st
            for j, k in enumerate(todo.tolist()):
                errors[k] = reasons[j]
            explain_invalid(arr, status, g.n, g.box, errors, variant)
    rows = np.flatnonzero(status == int(Status.SOLVED))
    sub = np.ascontiguousarray(arr[rows], np.uint8)
    hardest, steps, lstatus, counts, grids = _logic(sub, tab, _allowed(rating.uniqueness, variant), nthreads)
    clash = np.flatnonzero(lstatus == -2)
    if len(clash):  # givens that break the rules, not checked before (check=False)
        raise SudokuError(f"puzzle {int(rows[clash[0]])}: the givens break the rules")
    if variant is not None and variant.has_marks:
        efforts = _proof_nodes(sub, g, variant, rating, nthreads)
    else:
        efforts = _efforts(sub, g, tab, rating.samples if rating.effort else 0, rating.seed, nthreads,
                           rating.max_guesses)
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
                      out_grids, status, errors, unseen_rules(variant))


def unseen_rules(variant: Variant | None) -> tuple[str, ...]:
    """The rules of ``variant`` that the techniques do not reason about: its bans,
    its cages with sums, its constraints' kinds."""
    if not variant:
        return ()
    out = list(variant.bans)
    if variant.cages is not None:
        out.append("killer cages")
    if variant.constraints is not None:
        out += list(variant.constraints.kinds())
    return tuple(out)


def _proof_nodes(arr: np.ndarray, g: Geometry, variant: Variant, rating: _Rating, nthreads: int) -> np.ndarray:
    """The effort of puzzles with cages or constraints: the size of the search that
    counts their solutions (up to 2, or 1 without ``uniqueness``) on the engine
    ``"auto"`` picks, as floats (NaN for all when no effort is asked for)."""
    if not rating.effort or not len(arr):
        return np.full(len(arr), np.nan)
    options = SearchOptions.make(SudokuError, threads=nthreads)
    r = solve_arrays(arr, np.zeros(len(arr), bool), g.n, g.box, variant, 2 if rating.uniqueness else 1, options)
    return np.asarray(r.nodes, np.float64)


def grade(puzzle: PuzzleLike, *, box: BoxLike = None, samples: int = SAMPLES, seed: int = 0,
          effort: bool = True, max_guesses: int = MAX_GUESSES, uniqueness: bool = True) -> Grade:
    """Rate one puzzle on both scales (see :mod:`dlxnumba.sudoku.grading`).

    A grade is for a puzzle with a solution: a puzzle without one, or (with
    ``uniqueness``, the default) with more than one, raises
    :class:`SudokuError` saying so.  The bit-parallel engine counts first
    (:mod:`.bits`, the one the generator runs on; a killer's cages, and grids
    past 63x63, on the dancing-links engine); :func:`grade_many` counts on the
    dancing-links lanes.

    Parameters
    ----------
    puzzle : str, array_like or Sudoku
        Anything :class:`Sudoku` accepts.
    box : (int, int) or str, optional
        The box shape, a pair or text ``"2x3"`` (by default that of a :class:`Sudoku`, else the squarest);
        by keyword.
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

    Returns
    -------
    Grade
        The rating: ``score``, ``level``, ``hardest``, ``steps``, ``effort``,
        ``solved``, ``techniques`` (see :class:`Grade`).

    Raises
    ------
    SudokuError
        The puzzle cannot be read, its givens break the rules, it has no
        solution, or (with ``uniqueness``) more than one; a bad argument; a
        grid too large for the grader.

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
    rating = _rating(samples, seed, effort, max_guesses, uniqueness)
    own = puzzle if isinstance(puzzle, Grid) and box is None else None  # graded by its own rules
    if own is not None:
        cells = own._cells  # a Sudoku: checked already, and its geometry has all its regions
        g = own.geometry
    else:
        cells = puzzle._cells if isinstance(puzzle, Grid) else grid_from(puzzle)
        n = side_of(cells.size)
        g = geometry(n, check_box(n, box))
        problems = conflicts(cells, g)
        if problems:
            raise SudokuError("the givens break the rules: " + "; ".join(problems))
    variant = puzzle.variant if isinstance(puzzle, Grid) else None
    _tables_of(g)  # a grid too large for the grader: said before any search
    flat = np.array(cells, np.uint8).reshape(1, -1)
    rules = own.variant if own is not None else CLASSIC  # a variant's too
    limit = 2 if rating.uniqueness else 1
    if bitmask.counts(rules, g.n):  # the generator's engine: most of it compiled already after generate()
        found = bitmask.count(flat, g, rules, limit=limit)
    elif own is not None:
        found = count_solutions(own, limit, DEFAULTS[1])
    else:
        status, _ = _solution_status(flat, g, rating.uniqueness, 1)
        found = {int(Status.NO_SOLUTION): 0, int(Status.MULTIPLE): 2}.get(int(status[0]), 1)
    if found == 0:
        raise SudokuError("the puzzle has no solution: a grade is for a puzzle with a solution")
    if found > 1 and rating.uniqueness:
        raise SudokuError("the puzzle has more than one solution: pass uniqueness=False to grade it "
                          "all the same (without the techniques that assume one solution)")
    return _grade_array(flat, g, rating, 1, variant, check=False)[0]


def grade_many(puzzles: Any, *, box: BoxLike = None, samples: int = SAMPLES, seed: int = 0,
               effort: bool = True, threads: int | None = None, max_guesses: int = MAX_GUESSES,
               uniqueness: bool = True) -> GradeBatch:
    """Rate a batch of puzzles on both scales, in compiled code, on ``threads`` threads.

    One grade per puzzle, in order.  A puzzle that cannot be graded does not
    stop the batch: its entry has the status that says why
    (``GradeBatch.status``, ``Grade.status``): ``NO_SOLUTION``, ``MULTIPLE``
    (with ``uniqueness``) or ``INVALID`` (unreadable, or givens that break
    the rules), the reason in ``GradeBatch.errors``.  The work is done in
    slices that return to Python, so Ctrl-C stops a long batch at once.

    Parameters
    ----------
    puzzles : array_like or iterable of str
        As for :func:`~dlxnumba.solve_many`: an (P, N*N) or (P, N, N) array,
        or a list of strings or :class:`Sudoku`; one box shape per batch.
    box : (int, int) or str, optional
        The box shape of every puzzle, as for :func:`grade`.
    samples, seed, effort, max_guesses, uniqueness
        As for :func:`grade`.
    threads : int or None
        Threads the puzzles are graded on (None: all that numba has; ``1``:
        serially).

    Returns
    -------
    GradeBatch
        The ratings as arrays, one entry per puzzle (see :class:`GradeBatch`;
        ``batch[i]`` is the :class:`Grade` of puzzle ``i``).

    Raises
    ------
    SudokuError
        For a bad argument, one puzzle instead of a batch, a batch that is not
        a list or array of puzzles, puzzles of different box shapes, a grid
        too large for the grader.

    See Also
    --------
    grade : one puzzle; the parameters in full.

    Examples
    --------
    >>> from dlxnumba import grade_many, load_puzzles
    >>> r = grade_many(load_puzzles("easy50")[:5], threads=1)
    >>> r.level.tolist(), r.effort.tolist()
    (['easy', 'easy', 'easy', 'easy', 'easy'], [0.0, 0.0, 0.0, 0.0, 0.0])
    >>> r = grade_many(["1.3..4.23.4..2.1", "12..34..........", "1234341243212143"], threads=1)
    >>> r.status_names, r.level.tolist()
    (['NO_SOLUTION', 'MULTIPLE', 'SOLVED'], ['', '', 'easy'])
    """
    rating = _rating(samples, seed, effort, max_guesses, uniqueness)
    options = SearchOptions.make(SudokuError, threads=threads)
    if isinstance(puzzles, (str, bytes, Grid)):
        raise SudokuError("grade_many takes a batch: pass a list or array of puzzles "
                          "(for one puzzle, use grade(puzzle) or Sudoku(puzzle).grade())")
    arr, bad, n, box, errors = read_batch(puzzles, box, who="grade_many")[:5]
    arr = np.array(arr, np.uint8, copy=True) if arr.size else np.ascontiguousarray(arr, np.uint8)
    unreadable = {k: errors[k] or f"puzzle {k}: unreadable" for k in np.flatnonzero(bad).tolist()}
    if arr.size:
        for k in np.flatnonzero((arr > n).any(axis=1)).tolist():
            unreadable.setdefault(k, f"puzzle {k}: a cell holds a value outside 0..{n}")
    if unreadable:
        arr[list(unreadable)] = 0  # nothing of them reaches the solvers
    return _grade_array(arr, geometry(n, box), rating, options.thread_count(), unreadable=unreadable)
