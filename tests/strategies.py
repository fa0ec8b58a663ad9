"""Hypothesis strategies shared by the test modules."""

from __future__ import annotations

from hypothesis import strategies as st

from dlxnumba.sudoku.constraints import KINDS, little_killer_cells


@st.composite
def problems(draw, max_items=8, max_options=12):
    """(options, n_primary, n_items): options as lists of item numbers.

    Half of the time a random partition of the primary items is planted among
    the options, so that many problems have solutions.  Options may be empty.
    """
    n_items = draw(st.integers(0, max_items))
    n_primary = draw(st.integers(0, n_items))
    options = []
    if n_primary and draw(st.booleans()):
        labels = draw(st.lists(st.integers(0, 3), min_size=n_primary, max_size=n_primary))
        groups = {}
        for i, g in enumerate(labels):
            groups.setdefault(g, []).append(i)
        for grp in groups.values():
            extra = draw(st.lists(st.integers(n_primary, n_items - 1), unique=True, max_size=2)
                         if n_items > n_primary else st.just([]))
            options.append(grp + extra)
    room = max_options - len(options)
    if n_items:
        widest = draw(st.integers(1, 4))  # narrow options leave items with 0 or 1 options
        option = st.lists(st.integers(0, n_items - 1), unique=True, max_size=min(n_items, widest))
    else:
        option = st.just([])
    options += draw(st.lists(option, max_size=room))
    options = draw(st.permutations(options))
    options = [draw(st.permutations(o)) for o in options]
    return options, n_primary, n_items


def examples(n: int) -> int:
    """The examples a property test runs: ``n`` as written, scaled by the hypothesis
    profile in force (``tests/conftest.py``): half of it in the ``ci`` profile (the
    default), ten times it in ``deep``.  The scale is the profile's ``max_examples``
    over hypothesis's own default of 100, so a test that names no count follows the
    profile too."""
    from hypothesis import settings

    return max(1, round(n * settings.default.max_examples / 100))


# ---------------------------------------------------------------------------
# Setters' constraints (tests/sudoku/test_constraints.py, test_bits_constraints.py)
# ---------------------------------------------------------------------------


def _adjacent(draw, n):
    a = draw(st.integers(0, n * n - 1))
    i, j = divmod(a, n)
    nb = [a + d for d, ok in ((-n, i > 0), (n, i < n - 1), (-1, j > 0), (1, j < n - 1)) if ok]
    return a, draw(st.sampled_from(nb))


def _line(draw, n, lo=2, hi=4):
    """Distinct cells, each a king's move from the one before (a drawn line)."""
    size = draw(st.integers(lo, hi))
    cells = [draw(st.integers(0, n * n - 1))]
    while len(cells) < size:
        i, j = divmod(cells[-1], n)
        nb = [(i + di) * n + j + dj for di in (-1, 0, 1) for dj in (-1, 0, 1)
              if (di or dj) and 0 <= i + di < n and 0 <= j + dj < n and (i + di) * n + j + dj not in cells]
        if not nb:
            break
        cells.append(draw(st.sampled_from(nb)))
    return tuple(cells)


@st.composite
def one_constraint(draw, n=4):
    """One random constraint of any kind on an ``n x n`` grid, as a plain tuple."""
    kind = draw(st.sampled_from(KINDS))
    if kind in ("thermometer", "palindrome"):
        return (kind, _line(draw, n), None, ())
    if kind == "arrow":
        cells = _line(draw, n, 2, 4)
        split = draw(st.integers(1, min(2, len(cells) - 1)))
        return (kind, cells[split:], None, cells[:split])
    if kind in ("cage", "region"):
        return (kind, tuple(draw(st.lists(st.integers(0, n * n - 1), min_size=1, max_size=n, unique=True))), None, ())
    if kind in ("diagonal+", "diagonal-"):
        return (kind, (), None, ())
    if kind == "little-killer":
        row, col, direction = draw(st.sampled_from([(0, 1, "DOWN RIGHT"), (0, n, "DOWN LEFT"), (n + 1, 2, "UP RIGHT"),
                                                    (1, 0, "DOWN RIGHT"), (2, n + 1, "UP LEFT")]))
        cells = little_killer_cells(n, row, col, direction)
        return (kind, cells, draw(st.integers(len(cells), n * len(cells))), (row, col))
    if kind in ("difference", "ratio", "xv"):
        lo, hi = {"difference": (1, n - 1), "ratio": (2, n), "xv": (3, 2 * n - 1)}[kind]
        return (kind, _adjacent(draw, n), draw(st.integers(lo, hi)), ())
    if kind.startswith("negative-"):
        lo, hi = {"difference": (1, n - 1), "ratio": (2, n), "xv": (3, 2 * n - 1)}[kind[9:]]
        return (kind, (), tuple(sorted(draw(st.sets(st.integers(lo, hi), min_size=1, max_size=2)))), ())
    if kind in ("odd", "even", "minimum", "maximum"):
        return (kind, (draw(st.integers(0, n * n - 1)),), None, ())
    if kind == "clone":
        a, b = draw(st.lists(st.integers(0, n * n - 1), min_size=2, max_size=2, unique=True))
        return (kind, (a,), None, (b,))
    top, left = draw(st.integers(0, n - 2)), draw(st.integers(0, n - 2))
    quad = (top * n + left, top * n + left + 1, (top + 1) * n + left, (top + 1) * n + left + 1)
    return (kind, quad, tuple(sorted(draw(st.lists(st.integers(1, n), min_size=1, max_size=3)))), ())


def plain_constraints(cons):
    """Constraints as the plain tuples the oracles of tests/reference.py read."""
    return [(c.kind, c.cells, c.value, c.more) for c in cons]


def unique_globals(items):
    """At most one negative or diagonal of each kind (the parser refuses a second)."""
    seen, out = set(), []
    for it in items:
        if it[0] in ("diagonal+", "diagonal-") or it[0].startswith("negative-"):
            if it[0] in seen:
                continue
            seen.add(it[0])
        out.append(it)
    return out
