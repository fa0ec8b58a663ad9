"""Knuth's estimate of how much of a search tree is done (DLX1's progress report).

A search that stops for a progress report knows the path from the root: on
each level, which of its item's options it is trying.  Counting a uniform
tree from there gives the share of the tree left of the path, an estimate
that never decreases; :class:`~dlxnumba.Progress` reports carry it as
``fraction`` (and an estimate of the time left).
"""

from __future__ import annotations

from . import kernels as K
from .progress import Progress

__all__ = ["tree_fraction", "search_fraction", "search_progress"]

#: Past this product of branching factors, deeper levels change the estimate
#: by less than a double can show (and need not be walked).
_NEGLIGIBLE = float(1 << 53)


def tree_fraction(choice, depth: int, top, dlink, length, covered: int) -> float:
    """Knuth's estimate (DLX1's progress report) of the fraction of the tree searched.

    ``choice[0..depth-1]`` are the nodes tried on the levels above the node
    being entered; level ``l`` tried the ``k``-th of the ``d`` options of its
    item ``top[choice[l]]`` (``k`` by walking down the item's list from
    ``dlink[item]``, ``d`` its length; a covered item's ``length`` carries
    ``covered`` on top).  The estimate is the sum of ``(k - 1) / (d_0 ... d_l)``:
    the share of a uniform tree left of the path.  It never decreases as the
    search goes on, since the subtrees below level ``l`` add up to less than
    ``1 / (d_0 ... d_l)``.

    >>> import numpy as np
    >>> # item 1 lists the nodes 3, 4 (length 2); item 2 lists 5, 6, 7 (length 3)
    >>> top = np.array([0, 1, 2, 1, 1, 2, 2, 2]); covered = 1 << 30
    >>> dlink = np.array([0, 3, 5, 4, 1, 6, 7, 2])
    >>> length = np.array([0, 2 + covered, 3 + covered, 0, 0, 0, 0, 0])
    >>> tree_fraction([4, 6], 2, top, dlink, length, covered)  # 2 of 2, then 2 of 3: 1/2 + 1/6
    0.6666666666666666
    >>> tree_fraction([4, 7], 2, top, dlink, length, covered)  # 2 of 2, then 3 of 3: 1/2 + 2/6
    0.8333333333333333
    >>> tree_fraction([3], 1, top, dlink, length, covered), tree_fraction([], 0, top, dlink, length, covered)
    (0.0, 0.0)
    """
    mask = covered - 1
    f = 0.0
    scale = 1.0
    for level in range(depth):
        node = int(choice[level])
        item = int(top[node])
        d = int(length[item]) & mask
        k = 1
        p = int(dlink[item])
        while p != node and k < d:
            p = int(dlink[p])
            k += 1
        scale *= max(d, 1)
        f += (k - 1) / scale
        if scale > _NEGLIGIBLE:
            break
    return min(f, 1.0)


def search_fraction(choice, state, top, dlink, length) -> float:
    """The fraction of the tree a search (``choice`` and the ``state`` vector of
    its cursor, its links) has done: 0 before it starts, 1 when exhausted,
    else :func:`tree_fraction` of its choices."""
    phase = int(state[K.PHASE])
    if phase == K.PH_START:
        return 0.0
    if phase == K.PH_DONE:
        return 1.0
    level = int(state[K.LEVEL])
    # paused before entering ``level`` (forward), or at a solution on ``level`` (recover)
    depth = level if phase == K.PH_FORWARD else level + 1
    return tree_fraction(choice, depth, top, dlink, length, int(K.COVERED))


def search_progress(choice, state, top, dlink, length, elapsed: float) -> Progress:
    """The :class:`Progress` of one search from its cursor and links."""
    return Progress(elapsed, int(state[K.NODES]), int(state[K.UPDATES]), int(state[K.SOLUTIONS]),
                    search_fraction(choice, state, top, dlink, length))
