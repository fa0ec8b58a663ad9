"""Slow, obviously correct oracles for the tests.

Nothing here imports :mod:`dlxnumba`: these functions are independent twins of
the engine, written for clarity, not speed, and meant for small problems only.

Conventions shared by every function below (Knuth's, as in DLX1):

* A problem has ``n_items`` items numbered ``0..n_items-1``; items
  ``0..n_primary-1`` are *primary* (to be covered exactly once) and the rest
  *secondary* (to be covered at most once).
* ``options`` is a sequence of options, each an iterable of distinct item
  numbers; options are numbered by their position.
* A *solution* is a set of option numbers whose options cover every primary
  item exactly once and every secondary item at most once, **and in which
  every option contains at least one primary item**.  Algorithm X only ever
  chooses an option while branching on one of its primary items, so options
  made only of secondary items (or of nothing at all) never appear in its
  solutions; the oracles follow the same rule.  In particular a problem with
  no primary item has exactly one solution, the empty set.
"""

from __future__ import annotations

import math
import operator
from fractions import Fraction
from itertools import combinations


def _has_primary(option, n_primary) -> bool:
    """Whether ``option`` contains at least one primary item."""
    return any(i < n_primary for i in option)


def is_exact_cover(options, n_primary, n_items, chosen) -> bool:
    """Whether the option numbers ``chosen`` form an exact cover.

    True when every number in ``chosen`` is a valid option index (an int in
    ``range(len(options))``), no number appears twice, every primary item is
    covered exactly once and every secondary item at most once.  (This
    verifier does not insist that each chosen option holds a primary item;
    see :func:`is_dlx_solution` for that stricter check.)
    """
    chosen = list(chosen)
    for j in chosen:
        if isinstance(j, bool):
            return False
        try:
            j = operator.index(j)
        except TypeError:
            return False
        if not 0 <= j < len(options):
            return False
    if len(set(chosen)) != len(chosen):
        return False
    times = [0] * n_items
    for j in chosen:
        for i in options[j]:
            if not 0 <= i < n_items:
                return False
            times[i] += 1
    primary_ok = all(times[i] == 1 for i in range(n_primary))
    secondary_ok = all(times[i] <= 1 for i in range(n_primary, n_items))
    return primary_ok and secondary_ok


def is_dlx_solution(options, n_primary, n_items, chosen) -> bool:
    """:func:`is_exact_cover`, plus: every chosen option holds a primary item."""
    return (is_exact_cover(options, n_primary, n_items, chosen)
            and all(_has_primary(options[j], n_primary) for j in chosen))


def solutions_by_subsets(options, n_primary, n_items) -> set[frozenset[int]]:
    """Every solution, found by trying every subset of the options.

    Exponential in ``len(options)``: keep it to about 14 options.
    """
    candidates = [j for j, opt in enumerate(options) if _has_primary(opt, n_primary)]
    found = set()
    for size in range(len(candidates) + 1):
        for subset in combinations(candidates, size):
            if is_exact_cover(options, n_primary, n_items, subset):
                found.add(frozenset(subset))
    return found


def solutions_by_backtracking(options, n_primary, n_items) -> set[frozenset[int]]:
    """Every solution, by plain backtracking on the first uncovered primary item.

    No heuristics: the first primary item not yet covered must be covered by
    exactly one option, so try each option that contains it and clashes with
    nothing chosen so far.
    """
    options = [set(opt) for opt in options]
    found = set()

    def extend(chosen, used):
        uncovered = [i for i in range(n_primary) if i not in used]
        if not uncovered:
            found.add(frozenset(chosen))
            return
        item = uncovered[0]
        for j, opt in enumerate(options):
            if item in opt and not (opt & used):
                extend(chosen + [j], used | opt)

    extend([], set())
    return found


def dlx1_trace(options, n_primary, n_items, stop_at=0, given=()) -> dict:
    """Knuth's Algorithm X run on Python sets, counting as DLX1 does.

    Returns a dict with ``solutions`` (sorted lists of option numbers, givens
    included, in the order Algorithm X visits them), ``nodes``, ``updates``,
    ``profile`` (a list: nodes per level) and ``max_level``.

    The rules, restated from DLX1 rather than taken from the engine:

    * An option is *live* while none of its items has been covered since it
      was last restored.  The *length* of an active item is the number of
      live options that contain it.
    * Covering item ``c`` makes it inactive and hides each live option that
      contains ``c``; that costs one update for ``c`` plus one for each of the
      option's other items (the nodes that leave their lists).
    * Entering a level costs one node.  Branch on the active primary item of
      minimum length, scanning primary items in order and keeping the first
      minimum; stop scanning at a length ``<= stop_at``.  Cover it, then try
      the options it hid, in input order: cover their other items; if no
      primary item is left active that is a solution (one more node),
      otherwise go one level deeper.  Uncovering counts nothing.
    * ``given`` options are covered first, without counting anything.
    """
    options = [list(opt) for opt in options]
    active = set(range(n_items))
    live = [True] * len(options)
    count = {"nodes": 0, "updates": 0, "max_level": 0}
    profile = []
    solutions = []

    def cover(c):
        active.discard(c)
        hidden = [j for j, opt in enumerate(options) if live[j] and c in opt]
        for j in hidden:
            live[j] = False
        return hidden, 1 + sum(len(options[j]) - 1 for j in hidden)

    def uncover(c, hidden):
        for j in hidden:
            live[j] = True
        active.add(c)

    def length(i):
        return sum(1 for j, opt in enumerate(options) if live[j] and i in opt)

    def no_primary_left():
        return not any(i in active for i in range(n_primary))

    for g in given:
        for c in options[g]:
            assert c in active, f"given option {g} conflicts with an earlier given"
            cover(c)

    chosen = []

    def level(k):
        count["nodes"] += 1
        count["max_level"] = max(count["max_level"], k)
        while len(profile) <= k:
            profile.append(0)
        profile[k] += 1
        best, best_len = None, None
        for i in range(n_primary):
            if i in active:
                s = length(i)
                if best_len is None or s < best_len:
                    best, best_len = i, s
                    if s <= stop_at:
                        break
        tried, cost = cover(best)
        count["updates"] += cost
        for j in tried:
            undo = []
            for c in options[j]:
                if c != best:
                    hidden, cost = cover(c)
                    count["updates"] += cost
                    undo.append((c, hidden))
            chosen.append(j)
            if no_primary_left():
                count["nodes"] += 1
                solutions.append(sorted(list(given) + chosen))
            else:
                level(k + 1)
            chosen.pop()
            for c, hidden in reversed(undo):
                uncover(c, hidden)
        uncover(best, tried)

    if no_primary_left():
        count["nodes"] += 1
        solutions.append(sorted(given))
    else:
        level(0)
    return dict(solutions=solutions, profile=profile, **count)


# ---------------------------------------------------------------------------
# Sudoku, from the rules alone
# ---------------------------------------------------------------------------
#
# A Sudoku grid is given as ``n * n`` cells in row-major order (any flat
# sequence, or ``n`` rows of ``n`` cells), holding ints; 0 is an empty cell.
# ``box = (r, c)`` is the shape of one box: ``r`` rows by ``c`` columns, with
# ``r * c == n``.  Nothing below uses the package.


def _sudoku_cells(cells, n) -> list[int] | None:
    """The ``n * n`` cells as a flat list of ints, or None when the shape is wrong."""
    rows = list(cells)
    if len(rows) == n and n > 0 and all(hasattr(row, "__len__") and len(row) == n for row in rows):
        flat = [v for row in rows for v in row]
    else:
        flat = rows
    if len(flat) != n * n:
        return None
    try:
        return [operator.index(v) for v in flat]
    except TypeError:
        return None


def sudoku_units(n, box) -> list[list[int]]:
    """Every unit (row, column and box) of an ``n x n`` grid, as lists of cell numbers."""
    r, c = box
    assert r * c == n, "the box must tile the grid"
    rows = [[i * n + j for j in range(n)] for i in range(n)]
    cols = [[i * n + j for i in range(n)] for j in range(n)]
    boxes = [[(top + i) * n + left + j for i in range(r) for j in range(c)]
             for top in range(0, n, r) for left in range(0, n, c)]
    return rows + cols + boxes


def sudoku_ok(solution_cells, puzzle_cells, n, box) -> bool:
    """Whether ``solution_cells`` is a complete ``n x n`` Sudoku that keeps the givens.

    Every row, column and ``box[0] x box[1]`` box must hold each of ``1..n``
    exactly once, and every nonzero cell of ``puzzle_cells`` (None: no givens)
    must hold the same digit in the solution.
    """
    sol = _sudoku_cells(solution_cells, n)
    if sol is None:
        return False
    want = list(range(1, n + 1))
    for unit in sudoku_units(n, box):
        if sorted(sol[k] for k in unit) != want:
            return False
    if puzzle_cells is not None:
        puz = _sudoku_cells(puzzle_cells, n)
        if puz is None:
            return False
        if any(g != 0 and g != s for g, s in zip(puz, sol)):
            return False
    return True


def sudoku_first_clash(cells, n, box) -> int:
    """The first cell, in row-major order, that breaks a rule; -1 when none does.

    A filled cell breaks a rule when its digit is larger than ``n`` or already
    appears in an earlier cell of one of its units (row, column, box).
    """
    flat = _sudoku_cells(cells, n)
    assert flat is not None, "wrong number of cells"
    units = sudoku_units(n, box)
    for k, d in enumerate(flat):
        if d == 0:
            continue
        if d > n:
            return k
        for unit in units:
            if k in unit and any(flat[q] == d for q in unit if q < k):
                return k
    return -1


def sudoku_solutions_brute(puzzle_cells, n, box, limit=None) -> list[tuple[int, ...]]:
    """Every completion of the puzzle (at most ``limit``), by plain backtracking.

    Fills the empty cells in row-major order, trying the digits ``1..n`` in
    increasing order, each one allowed only when no cell of the same row,
    column or box holds it yet; so the solutions come out in increasing
    lexicographic order.  A puzzle whose givens already clash has none.
    Small grids only (4x4, 6x6, sparse 9x9 would take too long).
    """
    cells = _sudoku_cells(puzzle_cells, n)
    assert cells is not None, "wrong number of cells"
    units = sudoku_units(n, box)
    peers = [set() for _ in range(n * n)]
    for unit in units:
        for k in unit:
            peers[k].update(unit)
    for k in range(n * n):
        peers[k].discard(k)
    for k in range(n * n):
        if cells[k] and any(cells[q] == cells[k] for q in peers[k]):
            return []
    empty = [k for k in range(n * n) if cells[k] == 0]
    found: list[tuple[int, ...]] = []

    def fill(e):
        if limit is not None and len(found) >= limit:
            return
        if e == len(empty):
            found.append(tuple(cells))
            return
        k = empty[e]
        for d in range(1, n + 1):
            if all(cells[q] != d for q in peers[k]):
                cells[k] = d
                fill(e + 1)
                cells[k] = 0

    fill(0)
    return found


def solutions_with_given(options, n_primary, n_items, given) -> set[frozenset[int]]:
    """:func:`solutions_by_backtracking` with the options ``given`` forced in.

    Keeps only the options that share no item with a given option (the given
    options themselves included), solves that smaller problem, and numbers the
    options as in ``options``.  Givens that clash with each other: no solution.
    """
    given = list(given)
    used = set()
    for j in given:
        if used & set(options[j]):
            return set()
        used |= set(options[j])
    keep = [j for j, opt in enumerate(options) if j in given or not (set(opt) & used)]
    sub = solutions_by_backtracking([options[j] for j in keep], n_primary, n_items)
    return {frozenset(keep[j] for j in s) for s in sub}


# ---------------------------------------------------------------------------
# Colors (Knuth's DLX2) and multiplicities (DLX3)
# ---------------------------------------------------------------------------
#
# ``colors`` runs beside ``options``: ``colors[j][k]`` is the color of the
# ``k``-th item of option ``j``, 0 for none (only secondary items have one).
# ``lower`` and ``upper`` (None: all 1) bound how often each primary item is
# covered.  A secondary item may be used by any number of chosen options that
# all give it one color; an uncolored use of it admits no other use at all.


def is_colored_cover(options, colors, n_primary, n_items, chosen, lower=None, upper=None) -> bool:
    """Whether the distinct option numbers ``chosen`` form a solution: every
    chosen option holds a primary item, each primary item ``i`` is covered
    between ``lower[i]`` and ``upper[i]`` times (1 and 1 by default), and the
    uses of each secondary item agree on one color or are a single uncolored
    one."""
    chosen = list(chosen)
    if len(set(chosen)) != len(chosen):
        return False
    if not all(isinstance(j, int) and 0 <= j < len(options) for j in chosen):
        return False
    lower = [1] * n_primary if lower is None else list(lower)
    upper = [1] * n_primary if upper is None else list(upper)
    times = [0] * n_items
    uses: dict = {}
    for j in chosen:
        if not _has_primary(options[j], n_primary):
            return False
        for i, c in zip(options[j], colors[j]):
            times[i] += 1
            if i >= n_primary:
                uses.setdefault(i, []).append(c)
    if not all(lower[i] <= times[i] <= upper[i] for i in range(n_primary)):
        return False
    for used in uses.values():
        if 0 in used:
            if len(used) > 1:
                return False
        elif len(set(used)) > 1:
            return False
    return True


def colored_solutions_by_subsets(options, colors, n_primary, n_items, lower=None,
                                 upper=None) -> set[frozenset[int]]:
    """Every solution of a problem with colors and bounds, by trying every subset
    of the options that hold a primary item.  Keep it to about 12 options."""
    candidates = [j for j, opt in enumerate(options) if _has_primary(opt, n_primary)]
    found = set()
    for size in range(len(candidates) + 1):
        for subset in combinations(candidates, size):
            if is_colored_cover(options, colors, n_primary, n_items, subset, lower, upper):
                found.add(frozenset(subset))
    return found


# ---------------------------------------------------------------------------
# Sudoku variants.  A variant is given plainly, without the package: ``kinds``,
# a collection of the names "x", "windoku", "anti-knight", "anti-king",
# "non-consecutive"; ``region_map``, None or ``n * n`` labels (any hashables,
# row-major) whose equal labels form the pieces that replace the boxes.
# ---------------------------------------------------------------------------


def variant_units(n, box, kinds=(), region_map=None) -> list[list[int]]:
    """Every all-different unit of a variant grid, as lists of cell numbers.

    Rows and columns; the boxes, or the pieces of ``region_map``; with "x"
    both main diagonals; with "windoku" the windows: boxes of the box's shape
    whose top-left cell is at row ``1 + k * (r + 1)`` and column
    ``1 + m * (c + 1)`` (0-based), for every ``k``, ``m`` that leaves at least
    one free row below and one free column to the right of the window.
    """
    r, c = box
    units = sudoku_units(n, box)[:2 * n]
    if region_map is None:
        units += sudoku_units(n, box)[2 * n:]
    else:
        labels = list(region_map)
        for lab in dict.fromkeys(labels):
            units.append([k for k in range(n * n) if labels[k] == lab])
    if "x" in kinds:
        units.append([i * (n + 1) for i in range(n)])
        units.append([(i + 1) * (n - 1) for i in range(n)])
    if "windoku" in kinds:
        top = 1
        while top + r <= n - 1:
            left = 1
            while left + c <= n - 1:
                units.append([(top + i) * n + left + j for i in range(r) for j in range(c)])
                left += c + 1
            top += r + 1
    return units


def variant_pair_banned(n, a, da, b, db, kinds) -> bool:
    """Whether digit ``da`` in cell ``a`` and ``db`` in cell ``b`` break a ban of ``kinds``."""
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    dr, dc = abs(ra - rb), abs(ca - cb)
    if "anti-knight" in kinds and {dr, dc} == {1, 2} and da == db:
        return True
    if "anti-king" in kinds and max(dr, dc) == 1 and da == db:
        return True
    if "non-consecutive" in kinds and dr + dc == 1 and abs(da - db) == 1:
        return True
    return False


def variant_ok(solution_cells, puzzle_cells, n, box, kinds=(), region_map=None) -> bool:
    """Whether ``solution_cells`` is a complete grid of the variant that keeps the givens.

    Every unit of :func:`variant_units` holds each of ``1..n`` exactly once,
    no two cells break a ban (every pair of cells is tried), and every
    nonzero cell of ``puzzle_cells`` (None: no givens) is kept.
    """
    sol = _sudoku_cells(solution_cells, n)
    if sol is None:
        return False
    want = list(range(1, n + 1))
    if any(sorted(sol[k] for k in unit) != want for unit in variant_units(n, box, kinds, region_map)):
        return False
    for a in range(n * n):
        for b in range(a + 1, n * n):
            if variant_pair_banned(n, a, sol[a], b, sol[b], kinds):
                return False
    if puzzle_cells is not None:
        puz = _sudoku_cells(puzzle_cells, n)
        if puz is None or any(g != 0 and g != s for g, s in zip(puz, sol)):
            return False
    return True


def variant_solutions_brute(puzzle_cells, n, box, kinds=(), region_map=None, limit=None) -> list[tuple[int, ...]]:
    """Every completion of a variant puzzle (at most ``limit``), by plain backtracking.

    Plain backtracking with one refinement: it fills next the empty cell with
    the fewest allowed digits (the first such cell in row-major order), and
    backs up at once when some empty cell has none, so that unsolvable 6x6
    grids end quickly.  A digit is allowed when no unit-mate holds it and no
    filled cell bans it; givens that break a rule leave no solution.  The
    solutions come in no particular order.
    """
    cells = _sudoku_cells(puzzle_cells, n)
    assert cells is not None, "wrong number of cells"
    peers = [set() for _ in range(n * n)]
    for unit in variant_units(n, box, kinds, region_map):
        for k in unit:
            peers[k].update(unit)
    for k in range(n * n):
        peers[k].discard(k)

    # the cells a ban may tie to k: within two rows and two columns of it
    near = [[q for q in range(n * n) if q != k and abs(q // n - k // n) <= 2 and abs(q % n - k % n) <= 2]
            for k in range(n * n)]
    bans = any(kind in kinds for kind in ("anti-knight", "anti-king", "non-consecutive"))

    def allowed(k, d):
        return all(cells[q] != d for q in peers[k]) and not (bans and any(
            cells[q] and variant_pair_banned(n, k, d, q, cells[q], kinds) for q in near[k]))

    for k in range(n * n):
        if cells[k]:
            d, cells[k] = cells[k], 0
            ok = allowed(k, d)
            cells[k] = d
            if not ok:
                return []
    found: list[tuple[int, ...]] = []

    def fill():
        if limit is not None and len(found) >= limit:
            return
        best, best_digits = -1, None
        for k in range(n * n):
            if cells[k] == 0:
                digits = [d for d in range(1, n + 1) if allowed(k, d)]
                if best_digits is None or len(digits) < len(best_digits):
                    best, best_digits = k, digits
                if not digits:
                    return
        if best_digits is None:
            found.append(tuple(cells))
            return
        for d in best_digits:
            cells[best] = d
            fill()
            cells[best] = 0

    fill()
    return found


# ---------------------------------------------------------------------------
# Killer Sudoku.  ``cages`` is given plainly: a list of ``(total, cells)``, the
# cells numbered row-major from 0; a cell in no cage has no extra rule.
# ---------------------------------------------------------------------------


def killer_cages_ok(cells, cages) -> bool:
    """Whether the filled grid ``cells`` (flat) keeps every cage: distinct digits
    adding up to its total."""
    for total, where in cages:
        digits = [cells[c] for c in where]
        if 0 in digits or len(set(digits)) != len(digits) or sum(digits) != total:
            return False
    return True


def killer_ok(solution_cells, puzzle_cells, n, box, cages, kinds=()) -> bool:
    """Whether ``solution_cells`` is a complete grid that keeps the givens, the
    rows, columns and boxes (and the rules of ``kinds``, see :func:`variant_ok`)
    and every cage."""
    if not variant_ok(solution_cells, puzzle_cells, n, box, kinds):
        return False
    return killer_cages_ok(_sudoku_cells(solution_cells, n), cages)


def killer_solutions_brute(puzzle_cells, n, box, cages, kinds=(), limit=None) -> list[tuple[int, ...]]:
    """Every completion of a killer puzzle (at most ``limit``), by plain backtracking.

    Empty cells in row-major order, digits in increasing order; a digit is
    allowed when no unit-mate holds it, no filled cell bans it (``kinds``), its
    cage holds it nowhere else and the cage's filled cells do not pass its
    total (a full cage must make it exactly).  Givens that break a rule leave
    no solution.
    """
    cells = _sudoku_cells(puzzle_cells, n)
    assert cells is not None, "wrong number of cells"
    peers = [set() for _ in range(n * n)]
    for unit in variant_units(n, box, kinds):
        for k in unit:
            peers[k].update(unit)
    cage_of = {}
    for total, where in cages:
        for c in where:
            cage_of[c] = (total, list(where))

    def allowed(k, d):
        if any(cells[q] == d for q in peers[k] if q != k):
            return False
        if any(cells[q] and variant_pair_banned(n, k, d, q, cells[q], kinds) for q in range(n * n) if q != k):
            return False
        if k in cage_of:
            total, where = cage_of[k]
            others = [cells[q] for q in where if q != k and cells[q]]
            if d in others or sum(others) + d > total:
                return False
            if len(others) + 1 == len(where) and sum(others) + d != total:
                return False
        return True

    for k in range(n * n):
        if cells[k]:
            d, cells[k] = cells[k], 0
            ok = allowed(k, d)
            cells[k] = d
            if not ok:
                return []
    empty = [k for k in range(n * n) if cells[k] == 0]
    found: list[tuple[int, ...]] = []

    def fill(e):
        if limit is not None and len(found) >= limit:
            return
        if e == len(empty):
            found.append(tuple(cells))
            return
        k = empty[e]
        for d in range(1, n + 1):
            if allowed(k, d):
                cells[k] = d
                fill(e + 1)
                cells[k] = 0

    fill(0)
    return found


# ---------------------------------------------------------------------------
# Setters' constraints.  Each is given plainly as ``(kind, cells, value, more)``
# with cells numbered row-major from 0 (see dlxnumba.sudoku.constraints for the
# rules in words); :func:`setter_ok` reads a complete grid only.
# ---------------------------------------------------------------------------


def _orthogonal(n, a, b) -> bool:
    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
    return abs(ra - rb) + abs(ca - cb) == 1


def setter_ok(cells, n, constraints) -> bool:
    """Whether the complete grid ``cells`` (flat) keeps every constraint."""
    marked_kropki = set()
    marked_xv = set()
    for kind, where, value, more in constraints:
        if kind in ("difference", "ratio"):
            marked_kropki.add(frozenset(where))
        if kind == "xv":
            marked_xv.add(frozenset(where))
    for kind, where, value, more in constraints:
        d = [cells[c] for c in where]
        if kind == "thermometer":
            if any(d[i] >= d[i + 1] for i in range(len(d) - 1)):
                return False
        elif kind == "palindrome":
            if d != d[::-1]:
                return False
        elif kind == "clone":
            if any(cells[a] != cells[b] for a, b in zip(where, more)):
                return False
        elif kind in ("cage", "region", "diagonal+", "diagonal-"):
            if kind == "diagonal+":
                d = [cells[(n - 1 - i) * n + i] for i in range(n)]
            if kind == "diagonal-":
                d = [cells[i * n + i] for i in range(n)]
            if len(set(d)) != len(d):
                return False
        elif kind == "difference":
            if abs(d[0] - d[1]) != value:
                return False
        elif kind == "ratio":
            if d[0] != value * d[1] and d[1] != value * d[0]:
                return False
        elif kind == "xv":
            if d[0] + d[1] != value:
                return False
        elif kind in ("odd", "even"):
            if any((x % 2 == 1) != (kind == "odd") for x in d):
                return False
        elif kind in ("minimum", "maximum"):
            for a in where:
                for b in range(n * n):
                    if _orthogonal(n, a, b) and b not in where:  # one constraint's cells are not compared
                        if kind == "minimum" and not cells[a] < cells[b]:
                            return False
                        if kind == "maximum" and not cells[a] > cells[b]:
                            return False
        elif kind == "arrow":
            bulb = int("".join(str(cells[c]) for c in sorted(more)))
            if sum(d) != bulb:
                return False
        elif kind == "little-killer":
            if sum(d) != value:
                return False
        elif kind == "quadruple":
            for digit in set(value):
                if d.count(digit) < list(value).count(digit):
                    return False
        elif kind.startswith("negative-"):
            base = kind[len("negative-"):]
            marked = marked_xv if base == "xv" else marked_kropki
            for a in range(n * n):
                for b in range(a + 1, n * n):
                    if not _orthogonal(n, a, b) or frozenset((a, b)) in marked:
                        continue
                    x, y = cells[a], cells[b]
                    for v in value:
                        if base == "difference" and abs(x - y) == v:
                            return False
                        if base == "ratio" and (x == v * y or y == v * x):
                            return False
                        if base == "xv" and x + y == v:
                            return False
        else:
            raise ValueError(f"unknown constraint {kind}")
    return True


def setter_solutions_brute(puzzle_cells, n, box, constraints, kinds=(), limit=None) -> list[tuple[int, ...]]:
    """Every completion of a puzzle with setters' constraints: every completion of
    its rows, columns and boxes (and ``kinds``) by :func:`variant_solutions_brute`,
    kept when :func:`setter_ok` says so.  For small grids only."""
    out = []
    for sol in variant_solutions_brute(puzzle_cells, n, box, kinds):
        if setter_ok(list(sol), n, constraints):
            out.append(sol)
            if limit is not None and len(out) >= limit:
                break
    return out


# ---------------------------------------------------------------------------
# Every exact cover at once (the oracles of DLX6, tests/test_zdd.py)
# ---------------------------------------------------------------------------


def exact_covers(options, n_primary, n_items, colors=None, given=()) -> set[frozenset[int]]:
    """Every solution that contains the options ``given``, by trying every
    subset of the other options that hold a primary item.

    ``colors`` (None: no colors) runs beside ``options`` as in
    :func:`is_colored_cover`.  A solution covers each primary item exactly
    once, and the uses of each secondary item are a single uncolored one or
    agree on one color.  Every chosen option holds a primary item, except
    that a given one need not (it is forced in, not chosen).  Givens listed
    twice or in conflict: no solution.  Keep it to about 14 options.
    """
    if colors is None:
        colors = [[0] * len(opt) for opt in options]
    given = list(given)
    if len(set(given)) != len(given):
        return set()

    def ok(chosen) -> bool:
        times = [0] * n_items
        uses: dict = {}
        for j in chosen:
            for i, c in zip(options[j], colors[j]):
                times[i] += 1
                if i >= n_primary:
                    uses.setdefault(i, set()).add(c)
        if any(times[i] != 1 for i in range(n_primary)):
            return False
        for i, used in uses.items():
            if (0 in used and times[i] > 1) or len(used) > 1:
                return False
        return True

    candidates = [j for j, opt in enumerate(options) if j not in given and _has_primary(opt, n_primary)]
    found = set()
    for size in range(len(candidates) + 1):
        for subset in combinations(candidates, size):
            if ok(given + list(subset)):
                found.add(frozenset(given) | frozenset(subset))
    return found


def _chebyshev_roots_poly(n) -> list[int]:
    """The monic integer polynomial (coefficients, constant first) whose roots
    are ``4 cos^2(pi k / (n + 1))`` for ``k = 1 .. ceil(n / 2)``.

    ``F_n(x) = U_n(x / 2)`` (``F_0 = 1``, ``F_1 = x``, ``F_{k+1} = x F_k -
    F_{k-1}``) has the roots ``2 cos(pi k / (n + 1))``, ``k = 1 .. n``, which
    come in pairs ``+-r`` (and 0 when ``n`` is odd).  So ``F_n(x)`` (``n``
    even) or ``x F_n(x)`` (``n`` odd) is a polynomial in ``x^2`` whose roots
    as such are the squares, each once.
    """
    a, b = [1], [0, 1]  # F_0, F_1
    if n == 0:
        f = a
    else:
        for _ in range(n - 1):
            xb = [0] + b
            a, b = b, [xb[i] - (a[i] if i < len(a) else 0) for i in range(len(xb))]
        f = b
    if n % 2:
        f = [0] + f
    assert all(c == 0 for c in f[1::2])
    return f[0::2]


def _det(matrix) -> Fraction:
    """The determinant of a square matrix of integers or fractions, exactly."""
    m = [[Fraction(v) for v in row] for row in matrix]
    n = len(m)
    det = Fraction(1)
    for c in range(n):
        pivot = next((r for r in range(c, n) if m[r][c] != 0), None)
        if pivot is None:
            return Fraction(0)
        if pivot != c:
            m[c], m[pivot] = m[pivot], m[c]
            det = -det
        det *= m[c][c]
        for r in range(c + 1, n):
            f = m[r][c] / m[c][c]
            if f:
                m[r] = [x - f * y for x, y in zip(m[r], m[c])]
    return det


def domino_tilings(m, n) -> int:
    """The number of domino tilings of an ``m x n`` board: Kasteleyn's product
    ``prod_{j <= ceil(m/2)} prod_{k <= ceil(n/2)} (4 cos^2(pi j/(m+1)) + 4 cos^2(pi k/(n+1)))``,
    computed exactly.

    With ``y_j`` the roots of ``P = _chebyshev_roots_poly(m)`` and ``z_k``
    those of ``Q = _chebyshev_roots_poly(n)``, the product is ``prod_j h(y_j)``
    for ``h(y) = prod_k (y + z_k) = (-1)^deg(Q) Q(-y)``, which is the
    determinant of ``h(C)`` for the companion matrix ``C`` of ``P`` (whose
    eigenvalues are the ``y_j``): integer matrices, exact rational arithmetic.
    """
    if m == 0 or n == 0:
        return 1
    p = _chebyshev_roots_poly(m)
    q = _chebyshev_roots_poly(n)
    d = len(p) - 1
    dq = len(q) - 1
    h = [(-1) ** (dq + i) * c for i, c in enumerate(q)]  # (-1)^dq Q(-y), constant first
    companion = [[0] * d for _ in range(d)]
    for i in range(1, d):
        companion[i][i - 1] = 1
    for i in range(d):
        companion[i][d - 1] = -p[i]

    def mul(a, b):
        return [[sum(a[i][k] * b[k][j] for k in range(d)) for j in range(d)] for i in range(d)]

    total = [[0] * d for _ in range(d)]
    power = [[int(i == j) for j in range(d)] for i in range(d)]
    for c in h:
        total = [[total[i][j] + c * power[i][j] for j in range(d)] for i in range(d)]
        power = mul(power, companion)
    value = _det(total)
    assert value.denominator == 1
    return int(value)


def chi_square_tail(statistic, df) -> float:
    """The probability that a chi-square variable with ``df`` degrees of freedom
    exceeds ``statistic``: the regularized upper incomplete gamma function
    ``Q(df / 2, statistic / 2)``, by its series below ``a + 1`` and its continued
    fraction above (Numerical Recipes, 6.2)."""
    a = df / 2.0
    x = statistic / 2.0
    if x <= 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:
        term = total = 1.0 / a
        k = a
        for _ in range(10000):
            k += 1
            term *= x / k
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    frac = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        frac *= step
        if abs(step - 1) < 1e-15:
            break
    return math.exp(log_front) * frac


# ---------------------------------------------------------------------------
# Costs (Knuth's DLX5).  ``costs[j]`` is option ``j``'s cost, a nonnegative
# integer; a solution costs the sum of its options' costs.
# ---------------------------------------------------------------------------


def colored_covers_by_backtracking(options, colors, n_primary, n_items, given=()) -> set[frozenset[int]]:
    """Every solution of a problem with colors (no bounds) that holds the options
    ``given``, by backtracking on the first uncovered primary item.

    The options ``given`` are taken first, whatever their items (a given option
    need not hold a primary item); clashing givens give no solution.  Then the
    first primary item not yet covered must be covered by exactly one option
    that holds a primary item, agrees with the colors given so far to the
    secondary items and covers nothing twice; each such option is tried in
    turn, so every solution is found exactly once.
    """
    def fits(j, covered, color_of):
        for i, c in zip(options[j], colors[j]):
            if i < n_primary:
                if i in covered:
                    return False
            elif i in color_of and (c == 0 or color_of[i] == 0 or c != color_of[i]):
                return False
        return True

    def take(j, covered, color_of):
        covered = covered | {i for i in options[j] if i < n_primary}
        color_of = dict(color_of)
        for i, c in zip(options[j], colors[j]):
            if i >= n_primary:
                color_of[i] = c
        return covered, color_of

    covered: set = set()
    color_of: dict = {}
    given = list(given)
    if len(set(given)) != len(given):
        return set()
    for j in given:
        if not fits(j, covered, color_of):
            return set()
        covered, color_of = take(j, covered, color_of)
    found = set()

    def extend(chosen, covered, color_of):
        uncovered = [i for i in range(n_primary) if i not in covered]
        if not uncovered:
            found.add(frozenset(chosen))
            return
        for j, opt in enumerate(options):
            if uncovered[0] in opt and j not in chosen and fits(j, covered, color_of):
                extend(chosen + [j], *take(j, covered, color_of))

    extend(given, covered, color_of)
    return found


def cheapest_covers(options, colors, costs, n_primary, n_items, given=()) -> list[tuple[int, list[int]]]:
    """Every solution holding ``given`` as ``(cost, sorted options)``, cheapest
    first (ties in the order of the sorted option lists)."""
    sols = colored_covers_by_backtracking(options, colors, n_primary, n_items, given)
    return sorted((sum(costs[j] for j in s), sorted(s)) for s in sols)


def dlx5_option_lines(text) -> list[tuple[frozenset, int]]:
    """The options of a DLX5 text, read as DLX5's input phase describes them:
    each as the set of its ``(item, color or None)`` entries and its cost, the
    sum of its ``|n`` entries (0 when none).  Comment lines (first non-blank
    character ``|``) and blank lines are skipped, the first other line names
    the items; options with no primary item are kept (DLX5 drops them)."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.strip().startswith("|")]
    out = []
    for line in lines[1:]:
        entries, cost = set(), 0
        for tok in line.split():
            if tok.startswith("|"):
                cost += int(tok[1:])
            else:
                name, _, color = tok.partition(":")
                entries.add((name, color or None))
        out.append((frozenset(entries), cost))
    return out


# ---------------------------------------------------------------------------
# Knuth's DLX-PRE (preprocessing), restated on Python lists
# ---------------------------------------------------------------------------


def dlx_pre(options, colors, n_primary, n_items, rounds=None) -> dict:
    """Knuth's DLX-PRE (``dlx-pre.w``) run on plain lists: which options and
    items go, in how many rounds, and the reduced problem in the order DLX-PRE
    writes it.

    ``options`` and ``colors`` as for :func:`is_colored_cover` (``colors=None``:
    none).  At most ``rounds`` rounds (None: no limit).  Returns a dict:
    ``items`` (the items left, in order), ``options`` (the options left, in
    DLX-PRE's output order, as ``(original number, [(item, color), ...])``),
    ``rounds`` (rounds begun), ``complete`` (stopped at a round without
    change, or infeasible), ``blocked`` (a primary item left in no option,
    else None) and DLX-PRE's counts ``options_out`` and ``items_out`` (with
    its conventions: options without a primary item are not counted; when
    blocked, every option and every item is).

    The rules, restated from the program rather than taken from the engine.
    An option's *entries* are its items in input order, less those removed;
    an item's *list* holds the live options that contain it, in input order.
    A round takes each item ``c`` whose list is not empty, in order:

    * Options that hold ``c`` uncolored are *hidden*.  Going through them in
      list order, and through each one's entries from the one after ``c``
      round to the one before, each entry takes one off its item's length;
      the last primary item whose length so reaches 0 is ``p``.
    * If there is a ``p``: each option of ``c``'s list (in order) that holds
      ``p`` loses its entry ``c``; the others are deleted: each of their
      entries after ``c`` (round to the one before) takes one off its item's
      length, and an item that so reaches 0 is *emptied*.  ``c`` is gone.
    * Otherwise each option ``r`` of ``c``'s list whose first entry is ``c``,
      uncolored, is tested against the options not hidden: those that clash
      with ``r`` at an entry other than ``c`` (they hold that item, and ``r``
      gives it no color or they give it another or none) are taken away;
      if this leaves a primary item other than ``c`` and outside ``r`` with
      none of its options not hidden, ``r`` is marked.  Then the marked
      options are deleted, the last marked first, each one's entries from the
      one after ``c`` round to ``c`` itself taking one off their lengths.

    An emptied primary item ends everything (the problem is infeasible), and
    an emptied secondary item counts as removed; so do items with no options
    to begin with.  A round that removes an item or marks an option is a
    change; the rounds stop after a round without change.
    """
    colors = [[0] * len(o) for o in options] if colors is None else colors
    entries = {}
    for j, (opt, col) in enumerate(zip(options, colors)):
        if any(i < n_primary for i in opt):  # DLX-PRE drops the others as it reads
            entries[j] = [(i, c) for i, c in zip(opt, col)]
    n_read = len(entries)
    alive = set(entries)
    result = {"rounds": 0, "complete": False, "blocked": None}

    def members(i):
        return [j for j in sorted(alive) if any(e[0] == i for e in entries[j])]

    def after(j, c, including=False):
        """The entries of option j from the one after item c round to the one before (or c)."""
        es = entries[j]
        k = next(k for k, e in enumerate(es) if e[0] == c)
        return es[k + 1:] + es[:k] + ([es[k]] if including else [])

    def blocked(i):
        result.update(blocked=i, complete=True, options_out=n_read, items_out=n_items, items=[i],
                      options=[])
        return result

    counts = {"options_out": 0, "items_out": 0}
    for i in range(n_items):
        if not members(i):
            counts["items_out"] += 1
            if i < n_primary:
                return blocked(i)
    limit = float("inf") if rounds is None else rounds
    while result["rounds"] < limit:
        result["rounds"] += 1
        change = False
        for c in range(n_items):
            in_c = members(c)
            if not in_c:
                continue
            hidden = [j for j in in_c if dict(entries[j])[c] == 0]
            length = {i: len(members(i)) for i in range(n_items)}
            p = None
            for j in hidden:
                for i, _ in after(j, c):
                    length[i] -= 1
                    if length[i] == 0 and i < n_primary:
                        p = i
            if p is not None:
                for j in in_c:
                    if any(e[0] == p for e in entries[j]):
                        entries[j] = [e for e in entries[j] if e[0] != c]
                        continue
                    counts["options_out"] += 1
                    for i, _ in after(j, c):
                        if len(members(i)) == 1:
                            counts["items_out"] += 1
                            if i < n_primary:
                                result.update(counts)
                                return blocked(i)
                    alive.discard(j)
                counts["items_out"] += 1
                change = True
                continue
            visible = [o for o in sorted(alive) if o not in hidden]
            marked = []
            for r in in_c:
                if entries[r][0] != (c, 0):
                    continue
                mine = dict(entries[r])
                clash = set()
                for o in visible:
                    theirs = dict(entries[o])
                    if any(i != c and i in theirs and (x == 0 or theirs[i] != x) for i, x in mine.items()):
                        clash.add(o)
                for i in range(n_primary):
                    if i == c or i in mine:
                        continue
                    live = [o for o in visible if any(e[0] == i for e in entries[o])]
                    if live and all(o in clash for o in live):
                        marked.append(r)
                        break
            for r in reversed(marked):
                counts["options_out"] += 1
                change = True
                for i, _ in after(r, c, including=True):
                    if len(members(i)) == 1:
                        counts["items_out"] += 1
                        if i < n_primary:
                            result.update(counts)
                            return blocked(i)
                alive.discard(r)
        if not change:
            result["complete"] = True
            break
    items = [i for i in range(n_items) if members(i)]
    out = []
    for c in items:
        for j in members(c):
            if entries[j][0][0] == c:
                out.append((j, list(entries[j])))
    result.update(counts, items=items, options=out)
    return result



def gattai_units(n, box, offsets) -> tuple[int, int, list[list[tuple[int, int]]]]:
    """``(height, width, units)`` of overlapping grids: every row, column and box of
    every grid as a list of canvas ``(row, col)`` pairs (a shared unit listed twice)."""
    r, c = box
    height = max(i for i, _ in offsets) + n
    width = max(j for _, j in offsets) + n
    units = []
    for gi, gj in offsets:
        for x in range(n):
            units.append([(gi + x, gj + y) for y in range(n)])
            units.append([(gi + y, gj + x) for y in range(n)])
        for bi in range(0, n, r):
            for bj in range(0, n, c):
                units.append([(gi + bi + y, gj + bj + z) for y in range(r) for z in range(c)])
    return height, width, units


def gattai_ok(solution, puzzle, n, box, offsets) -> bool:
    """Whether ``solution`` (rows of the canvas, 0 outside) fills every unit of every
    grid with ``1..n`` and keeps the givens of ``puzzle`` (same form)."""
    height, width, units = gattai_units(n, box, offsets)
    inside = {cell for unit in units for cell in unit}
    for i in range(height):
        for j in range(width):
            if (i, j) not in inside and solution[i][j] != 0:
                return False
            if puzzle[i][j] and solution[i][j] != puzzle[i][j]:
                return False
    return all(sorted(solution[i][j] for i, j in unit) == list(range(1, n + 1)) for unit in units)


def gattai_solutions_brute(puzzle, n, box, offsets, limit=None) -> list[tuple[tuple[int, ...], ...]]:
    """Every completion of overlapping grids (``puzzle``: rows of the canvas, 0 for
    empty or outside), at most ``limit``, by plain backtracking over the empty cells
    in row-major order, each digit allowed when no cell of any unit through the cell
    holds it yet.  Small canvases only (4x4 grids)."""
    height, width, units = gattai_units(n, box, offsets)
    cells = [list(row) for row in puzzle]
    peers: dict[tuple[int, int], set] = {}
    for unit in units:
        for cell in unit:
            peers.setdefault(cell, set()).update(unit)
    for cell, ps in peers.items():
        ps.discard(cell)
    for (i, j), ps in peers.items():
        if cells[i][j] and any(cells[a][b] == cells[i][j] for a, b in ps):
            return []
    empty = sorted(cell for cell in peers if cells[cell[0]][cell[1]] == 0)
    found: list[tuple[tuple[int, ...], ...]] = []

    def fill(e):
        if limit is not None and len(found) >= limit:
            return
        if e == len(empty):
            found.append(tuple(tuple(row) for row in cells))
            return
        i, j = empty[e]
        for d in range(1, n + 1):
            if all(cells[a][b] != d for a, b in peers[(i, j)]):
                cells[i][j] = d
                fill(e + 1)
                cells[i][j] = 0

    fill(0)
    return found
