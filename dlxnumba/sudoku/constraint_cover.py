"""Setters' constraints as exact cover: the items and options they add to a puzzle's problem.

Encoding
--------
The options of the classic grid stay (option ``cell * n + digit - 1``
places ``digit`` in ``cell``); the constraints add items and options to the
problem of the other rules (:func:`constraints_problem`), all of one of four
shapes, each exact (a completed grid that keeps the rules corresponds to
exactly one solution of the problem, so counts are exact too):

*bans* (thermometer, kropki, XV, negatives, minimum, maximum): a rule
between two cells is a set of forbidden pairs of digits.  For each digit
``x`` of one cell, the placings of the other cell that ``x`` forbids share a
secondary item with the placing of ``x``; as the other cell's placings
exclude one another anyway, the item forbids exactly those pairs.  A
thermometer bans every pair of its cells, not only neighbours: ``k`` cells
apart, the digits differ by ``k`` at least.

*equalities* (palindrome, clone): one secondary item per pair of cells,
listed by every placing of both, colored by the digit: the two placings
chosen must agree on the color, so the digits are equal.

*groups* (cage, region, diagonals): one item per digit listed by the
placings of that digit in the group; secondary (at most once) for a group of
fewer than ``n`` cells, primary (exactly once) for ``n``.

*chains* (arrow, little killer, quadruple): a sum over the cells in order,
``c_1 .. c_k``, is a path through the partial sums.  Step ``i`` is a primary
item; its options are the pairs (partial sum ``p`` before it, digit ``d`` of
``c_i``) that can still reach the total, each listing the step, a secondary
item of the partial sum before (colored ``p``) and after (colored ``p`` plus
``d``'s term) and the cell's own secondary item colored ``d`` (which the
cell's placings list too).  A quadruple counts each of its digits the same
way.  Digits no path can use are banned at once (*unary*: a primary item per
such cell, listed by the placings of its allowed digits only: exactly one of
them is chosen, so no other digit can be); odd and even cells are unary too.

The meanings of the rules (which pairs of digits a dot allows, a chain's terms)
come from :mod:`.constraints`, which the bit-parallel engine reads too
(:mod:`.cell_rules`).
"""

from __future__ import annotations

import numpy as np

from ..errors import SudokuError
from ..exact_cover import ExactCover
from .constraints import GROUPS, Constraints, chains, equal_pairs, relations, unary
from .geometry import Geometry, cell_name
from .text import symbol

#: The most options one chain (an arrow, a little killer) may add.
MAX_CHAIN_OPTIONS = 200_000


class _Builder:
    """Items and options added to a base problem: collected, then assembled once."""

    def __init__(self, n: int, nn: int):
        self.n, self.nn = n, nn
        self.primary: list[str] = []      # new primary items' names
        self.secondary: list[str] = []    # new secondary items' names
        # entries added to the placing options: (option, item ref, color); a ref is
        # ("p", k) or ("s", k) for new item k
        self.place: list[tuple[int, tuple[str, int], int]] = []
        self.options: list[list[tuple[tuple[str, int], int]]] = []  # new options: (item ref, color) lists
        self.cell_item: dict[int, tuple[str, int]] = {}
        self.allowed = np.ones((nn, n + 1), bool)
        self.allowed[:, 0] = False

    def new_primary(self, name: str) -> tuple[str, int]:
        self.primary.append(name)
        return ("p", len(self.primary) - 1)

    def new_secondary(self, name: str) -> tuple[str, int]:
        self.secondary.append(name)
        return ("s", len(self.secondary) - 1)

    def cell(self, c: int) -> tuple[str, int]:
        """The colored secondary item of cell ``c`` (listed by its placings, colored by the digit)."""
        ref = self.cell_item.get(c)
        if ref is None:
            ref = self.cell_item[c] = self.new_secondary(f"{cell_name(self.n, c)}=")
            for d in range(1, self.n + 1):
                self.place.append((c * self.n + d - 1, ref, d))
        return ref



def _shares_region(geo: Geometry) -> list[set[int]]:
    sets: list[set[int]] = [set() for _ in range(geo.cells)]
    for u, region in enumerate(geo.regions.tolist()):
        for cell in region:
            sets[cell].add(u)
    return sets



def constraints_problem(base: ExactCover, geo: Geometry, cons: Constraints) -> ExactCover:
    """``base`` (the problem of a puzzle's other rules, options ``cell * n + digit
    - 1`` first) with the constraints added (see the module's docstring).

    Items: those of ``base`` with the new primary items after its primary
    ones and the new secondary items after its secondary ones.  Options: those
    of ``base`` (the placings longer), then the new ones.

    Constraints that no digits can keep give a problem without a solution
    (an item without options), as givens that cannot be completed do.

    Raises
    ------
    SudokuError
        When a chain would be too large to build.
    """
    n, nn = geo.n, geo.cells
    cons.check_grid(n)
    b = _Builder(n, nn)
    b.allowed = unary(cons, nn)
    # groups
    for k, c in enumerate(cons):
        if c.kind in GROUPS:
            label = f"{c.kind}{k + 1}"
            for d in range(1, n + 1):
                ref = b.new_primary(f"{label}:{symbol(d)}") if len(c.cells) == n else \
                    b.new_secondary(f"{label}:{symbol(d)}")
                for x in c.cells:
                    b.place.append((x * n + d - 1, ref, 0))
    # equalities (a pair made equal twice needs one item)
    equal = {(min(a, s), max(a, s)) for c in cons for a, s in equal_pairs(c)}
    for a, s in sorted(equal):
        both = b.allowed[a] & b.allowed[s]
        b.allowed[a] = b.allowed[s] = both
        ref = b.new_secondary(f"{cell_name(n, a)}=={cell_name(n, s)}")
        for d in range(1, n + 1):
            b.place.append((a * n + d - 1, ref, d))
            b.place.append((s * n + d - 1, ref, d))
    # bans: first the digits no partner allows, then the pairs
    rel = relations(cons, geo)
    changed = True
    while changed:
        changed = False
        for (x, y), ok in rel.items():
            okx = (ok & b.allowed[y][None, :]).any(axis=1) & b.allowed[x]
            oky = (ok & b.allowed[x][:, None]).any(axis=0) & b.allowed[y]
            if (okx != b.allowed[x]).any() or (oky != b.allowed[y]).any():
                b.allowed[x], b.allowed[y] = okx, oky
                changed = True
    regions = _shares_region(geo)
    for (x, y), ok in rel.items():
        same = bool(regions[x] & regions[y])
        forbid = ~ok & b.allowed[x][:, None] & b.allowed[y][None, :]
        if same:
            np.fill_diagonal(forbid, False)  # one region already keeps the digits apart
        if not forbid.any():
            continue
        cost_x = int(forbid.any(axis=1).sum() + forbid.sum())
        cost_y = int(forbid.any(axis=0).sum() + forbid.sum())
        a, bb, f = (x, y, forbid) if cost_x <= cost_y else (y, x, forbid.T)
        for d in np.flatnonzero(f.any(axis=1)).tolist():
            ref = b.new_secondary(f"ban {cell_name(n, a)}={symbol(d)}/{cell_name(n, bb)}")
            b.place.append((a * n + d - 1, ref, 0))
            for e in np.flatnonzero(f[d]).tolist():
                b.place.append((bb * n + e - 1, ref, 0))
    # chains
    for name, cells, terms, finals, cap in chains(cons, n):
        _chain(b, name, cells, terms, finals, cap)
    # unary: a primary item per restricted cell, listed by its allowed placings only
    # (a cell of a chain is restricted by the chain's options already)
    chained = {c for _, cells, _, _, _ in chains(cons, n) for c in cells}
    for x in range(nn):
        if x not in chained and not b.allowed[x, 1:].all():
            ref = b.new_primary(f"{cell_name(n, x)}?")
            for d in np.flatnonzero(b.allowed[x]).tolist():
                b.place.append((x * n + d - 1, ref, 0))
    return _assemble(base, b)


def _chain(b: _Builder, name: str, cells: list[int], terms: list[np.ndarray], finals: set[int],
           cap: int | None) -> None:
    """The items and options of one chain (see the module's docstring)."""
    n = b.n
    k = len(cells)

    def step(p: int, t: int) -> int:
        return min(cap, p + t) if cap is not None else p + t

    fwd: list[set[int]] = [{0}]
    for i in range(k):
        ds = np.flatnonzero(b.allowed[cells[i]]).tolist()
        fwd.append({step(p, int(terms[i][d])) for p in fwd[i] for d in ds})
    good: list[set[int]] = [set() for _ in range(k + 1)]
    good[k] = fwd[k] & finals
    for i in range(k - 1, -1, -1):
        ds = np.flatnonzero(b.allowed[cells[i]]).tolist()
        good[i] = {p for p in fwd[i] if any(step(p, int(terms[i][d])) in good[i + 1] for d in ds)}
    # no path at all (good[0] empty): the steps get no options, so the problem has no solution
    total = sum(len(g) for g in good) * n
    if total > MAX_CHAIN_OPTIONS:
        raise SudokuError(f"{name}: more than {MAX_CHAIN_OPTIONS:,} options; too large to encode")
    state = [None] + [b.new_secondary(f"{name}#{i}") for i in range(1, k)] + [None]
    colors: list[dict[int, int]] = [{} for _ in range(k + 1)]
    for i in range(1, k):
        colors[i] = {p: j + 1 for j, p in enumerate(sorted(good[i]))}
    for i in range(k):
        ref = b.new_primary(f"{name}.{i + 1}")
        item = b.cell(cells[i])
        used = np.zeros(n + 1, bool)
        for p in sorted(good[i]):
            for d in np.flatnonzero(b.allowed[cells[i]]).tolist():
                q = step(p, int(terms[i][d]))
                if q not in good[i + 1]:
                    continue
                used[d] = True
                opt: list[tuple[tuple[str, int], int]] = [(ref, 0), (item, d)]
                if state[i] is not None:
                    opt.append((state[i], colors[i][p]))  # type: ignore[arg-type]
                if state[i + 1] is not None:
                    opt.append((state[i + 1], colors[i + 1][q]))  # type: ignore[arg-type]
                b.options.append(opt)
        b.allowed[cells[i]] &= used


def _assemble(base: ExactCover, b: _Builder) -> ExactCover:
    """The problem of ``base`` with the builder's items and options."""
    n = b.n
    p1 = base.n_primary
    n_new_p = len(b.primary)
    n_base = len(base.item_names)
    names = list(base.item_names[:p1]) + b.primary + list(base.item_names[p1:]) + b.secondary

    def index(ref: tuple[str, int]) -> int:
        return p1 + ref[1] if ref[0] == "p" else n_base + n_new_p + ref[1]

    ptr = base.opt_ptr
    items = base.opt_items.astype(np.int64)
    items = np.where(items >= p1, items + n_new_p, items)
    colors = base.opt_colors.astype(np.int64)
    # base colors are numbered by base.color_names; new colors are digits (1..n) and
    # partial sums (numbered per item): name them all by number, after the base's
    base_names = list(base.color_names)
    extra_opt = np.array([o for o, _, _ in b.place], np.int64)
    extra_item = np.array([index(r) for _, r, _ in b.place], np.int64)
    extra_color = np.array([c for _, _, c in b.place], np.int64)
    new_colors: dict[int, int] = {}

    def color(c: int) -> int:
        if c == 0:
            return 0
        if c not in new_colors:
            new_colors[c] = len(base_names) + len(new_colors) + 1
        return new_colors[c]

    # digits keep the base's numbering when the base names them (a killer's colors)
    digit_index = {d: base_names.index(symbol(d)) + 1 for d in range(1, n + 1) if symbol(d) in base_names}
    extra_color = np.array([0 if c == 0 else digit_index.get(c, 0) or color(c) for c in extra_color.tolist()],
                           np.int64)
    owner = np.repeat(np.arange(len(ptr) - 1, dtype=np.int64), np.diff(ptr))
    all_owner = np.concatenate([owner, extra_opt])
    order = np.argsort(all_owner, kind="stable")
    merged_items = np.concatenate([items, extra_item])[order]
    merged_colors = np.concatenate([colors, extra_color])[order]
    lens = np.diff(ptr) + np.bincount(extra_opt, minlength=len(ptr) - 1) if extra_opt.size else np.diff(ptr)
    new_items = [index(r) for opt in b.options for r, _ in opt]
    new_cols = []
    cell_refs = set(b.cell_item.values())
    for opt in b.options:
        for r, c in opt:
            # a cell item's color is its digit; a partial sum's color is numbered apart
            is_cell = r in cell_refs
            new_cols.append(0 if c == 0 else (digit_index.get(c, 0) or color(c)) if is_cell else color(-c))
    new_lens = [len(opt) for opt in b.options]
    all_lens = np.concatenate([lens, np.array(new_lens, np.int64)])
    opt_ptr = np.zeros(all_lens.size + 1, np.int64)
    np.cumsum(all_lens, out=opt_ptr[1:])
    opt_items = np.concatenate([merged_items, np.array(new_items, np.int64)])
    opt_colors = np.concatenate([merged_colors, np.array(new_cols, np.int64)])
    if not opt_colors.any():
        return ExactCover(p1 + n_new_p, names, opt_ptr, opt_items)
    cnames: list = base_names + [None] * len(new_colors)
    for c, k in new_colors.items():
        cnames[k - 1] = symbol(c) if c > 0 else f"#{-c}"
    return ExactCover(p1 + n_new_p, names, opt_ptr, opt_items, opt_colors, cnames)
