"""Setters' constraints and a killer's cages as the tables of the bits' cell layout.

The dancing links see these rules as items and options
(:func:`~.constraint_cover.constraints_problem`, :func:`~.killer.killer_problem`);
the cell layout of the bit engine (:mod:`.kernels.cell_layout`) sees them as
masks, in a :data:`CellRules` record (packed by :func:`pack`), and keeps them
more strongly than the links' forward checks do: relations between two
cells arc consistent, sums bounds consistent.  The rules themselves are
:mod:`.constraints`' (:func:`~.constraints.unary`, :func:`~.constraints.relations`,
:func:`~.constraints.equal_pairs`, :func:`~.constraints.chains`); this module
only lays them out:

* the cells of a cage, an extra region or a diagonal (and of a killer's cage)
  are *groups*: their cells become peers, and a group of ``n`` cells is a
  region too (hidden singles, branching on a digit's places);
* odd, even and a thermometer's bounds are the cells' ``start`` masks;
* every pair of cells that a rule links (a thermometer's every pair, dots,
  XV, negatives, minimum, maximum, palindromes, clones) is a *relation*,
  listed from both ends, one mask of allowed digits per digit;
* arrows (a pill's bulb read as a number: weights ``-10**k``), little killers
  and a killer's cages are *sums*; quadruples count their digits.

>>> from dlxnumba.sudoku.variants import Variant
>>> from dlxnumba.sudoku.geometry import geometry
>>> v = Variant.parse(constraints="thermometer r1c1 r1c2; odd r2c1; arrow r3c1 r3c2 : r4c1", n=4)
>>> groups, r = cell_rules(v, geometry(4, (2, 2)))
>>> groups, [int(m) for m in r.start[:5]]
([], [7, 14, 15, 15, 5])
>>> [int(m) for m in r.rel_tab[:4]]  # r1c1 = 1..4 allows r1c2 in 2..4, 3..4, 4, none
[14, 12, 8, 0]
>>> r.sum_cell.tolist(), r.sum_w.tolist(), r.sum_total.tolist()
([8, 9, 12], [1, 1, -1], [0])
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np

from .constraints import GROUPS, chains, equal_pairs, relations, unary
from .geometry import Geometry
from .variants import Variant

__all__ = ["CellRules", "cell_rules", "no_rules", "pack"]


CellRules = namedtuple("CellRules", "start rel_ptr rel_cell rel_tab sum_ptr sum_cell sum_w sum_total "
                                    "quad_ptr quad_cell quad_bit quad_need")
CellRules.__doc__ = """The setters' rules as tables (see :mod:`.kernels.cell_layout`):
``start`` (uint64 ``nn`` or empty), the relations ``rel_ptr`` (int64 ``nn + 1``,
or empty), ``rel_cell`` (int64), ``rel_tab`` (uint64), the sums ``sum_ptr``,
``sum_cell``, ``sum_w``, ``sum_total`` (int64) and the quadruples ``quad_ptr``,
``quad_cell`` (int64), ``quad_bit`` (uint64), ``quad_need`` (int64).  The
kernels take them packed (:func:`pack`)."""

_MASKS = ("start", "rel_tab", "quad_bit")


def _rules(**fields: np.ndarray) -> CellRules:
    empty = {name: np.zeros(0, np.uint64 if name in _MASKS else np.int64) for name in CellRules._fields}
    empty.update(fields)
    return CellRules(**empty)


def no_rules() -> CellRules:
    """The empty :data:`CellRules` of a grid without constraints or cages."""
    return _rules()


def pack(rules: CellRules) -> tuple[np.ndarray, np.ndarray]:
    """``(masks, ints)``: the tables of ``rules`` end to end, as the kernels take
    them, with where each starts and ends at the head of ``ints``."""
    from .kernels.cell_layout import RULE_HEAD, RULE_INTS, RULE_MASKS

    ints = [np.asarray(getattr(rules, name), np.int64) for name in RULE_INTS]
    masks = [np.asarray(getattr(rules, name), np.uint64) for name in RULE_MASKS]
    head = (np.cumsum([RULE_HEAD] + [a.size for a in ints]).tolist()
            + np.cumsum([0] + [a.size for a in masks]).tolist())
    return (np.ascontiguousarray(np.concatenate(masks), np.uint64),
            np.ascontiguousarray(np.concatenate([np.array(head, np.int64)] + ints), np.int64))


def cell_rules(variant: Variant, g: Geometry) -> tuple[list[tuple[int, ...]], CellRules]:
    """``(groups, rules)`` of ``variant``'s constraints and cages on the grid
    of ``g`` (the variant's geometry): the cells of each group (distinct
    digits), and the :data:`CellRules`."""
    n, nn = g.n, g.cells
    cons = variant.constraints
    cages = variant.cages
    groups: list[tuple[int, ...]] = []
    sums: list[tuple[list[int], list[int], int]] = []  # (cells, weights, total)
    quads: list[tuple[list[int], int, int]] = []  # (cells, digit, need)
    pairs: dict[tuple[int, int], np.ndarray] = {}
    start = np.zeros(0, np.uint64)
    if cages is not None:
        for total, cage in zip(cages.sums, cages.cells):
            groups.append(tuple(cage))
            sums.append((list(cage), [1] * len(cage), int(total)))
    if cons is not None:
        groups += [tuple(c.cells) for c in cons if c.kind in GROUPS]
        allowed = unary(cons, nn)
        if not allowed[:, 1:].all():
            start = (allowed[:, 1:].astype(np.uint64) << np.arange(n, dtype=np.uint64)).sum(axis=1).astype(np.uint64)
        pairs = dict(relations(cons, g))
        same = np.eye(n + 1, dtype=bool)
        for c in cons:
            for a, b in equal_pairs(c):
                key = (min(a, b), max(a, b))
                cur = pairs.get(key)
                pairs[key] = same.copy() if cur is None else cur & same
        for _, cells, terms, _finals, cap in chains(cons, n):
            if cap is None:  # a sum: terms[i] is a weight times the digit
                (total,) = _finals
                sums.append((list(cells), [int(t[1]) for t in terms], int(total)))
            else:  # a quadruple's digit: terms[i] is 1 on it
                quads.append((list(cells), int(np.flatnonzero(terms[0])[0]), int(cap)))
    fields: dict[str, np.ndarray] = {"start": start}
    if pairs:
        weights = np.uint64(1) << np.arange(n, dtype=np.uint64)
        ends: list[list[tuple[int, np.ndarray]]] = [[] for _ in range(nn)]
        for (a, b), ok in sorted(pairs.items()):
            ok = ok[1:, 1:]
            ends[a].append((b, ok))
            ends[b].append((a, ok.T))
        ptr = np.zeros(nn + 1, np.int64)
        np.cumsum([len(e) for e in ends], out=ptr[1:])
        fields["rel_ptr"] = ptr
        fields["rel_cell"] = np.array([b for e in ends for b, _ in e], np.int64)
        fields["rel_tab"] = np.concatenate([(ok.astype(np.uint64) * weights).sum(axis=1).astype(np.uint64)
                                            for e in ends for _, ok in e])
    if sums:
        fields["sum_ptr"] = np.cumsum([0] + [len(c) for c, _, _ in sums]).astype(np.int64)
        fields["sum_cell"] = np.array([x for c, _, _ in sums for x in c], np.int64)
        fields["sum_w"] = np.array([w for _, ws, _ in sums for w in ws], np.int64)
        fields["sum_total"] = np.array([t for _, _, t in sums], np.int64)
    if quads:
        fields["quad_ptr"] = np.cumsum([0] + [len(c) for c, _, _ in quads]).astype(np.int64)
        fields["quad_cell"] = np.array([x for c, _, _ in quads for x in c], np.int64)
        fields["quad_bit"] = np.array([1 << (d - 1) for _, d, _ in quads], np.uint64)
        fields["quad_need"] = np.array([m for _, _, m in quads], np.int64)
    return groups, _rules(**fields)
