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

import operator
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

