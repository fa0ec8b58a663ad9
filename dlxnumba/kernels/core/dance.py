"""The dancing steps: moving along an option, covering and uncovering items.

Every function takes the links as one :data:`~dlxnumba.kernels.Links` record
and the layout ``width`` (``BLOCKS`` or ``SPACERS``), a literal constant in
every compiled search, so the tests of ``width`` cost nothing at run time.
Colors (DLX2) and multiplicities (DLX3) add their steps at the end: a colored
item is *purified* rather than covered, and an item with bounds is *tweaked*.

A record's fields are read once, at the top of a function, never inside a
loop: each read of a field is a new reference to an array, and numba counts
references with atomic increments that it does not always prune.  So the step
rules :func:`right` and :func:`left` take the two arrays they read (reading
``links.top`` inside the walk made the spacer layout 50 times slower), and the
inner kernels are compiled without reference counting at all (``JIT_INNER``):
they never allocate, and the arrays they see outlive them.
"""

import numpy as np
from numba import njit

from .._common import _U1, BLOCK, BLOCKS, COVERED, IN_BLOCK, JIT_HELPER, JIT_INNER, SPACERS


@njit(**JIT_HELPER)
def right(x, width, top, ulink):
    """The node after ``x`` in its option, going right and wrapping around.

    In blocks the next place in the aligned block of four; with spacers
    ``x + 1``, or back to the option's first node from the spacer after it.
    """
    if width == BLOCKS:
        return (x & BLOCK) | ((x + _U1) & IN_BLOCK)
    x = x + _U1
    if top[x] <= 0:
        x = ulink[x]
    return x


@njit(**JIT_HELPER)
def left(x, width, top, dlink):
    """The node before ``x`` in its option, going left and wrapping around."""
    if width == BLOCKS:
        return (x & BLOCK) | ((x - _U1) & IN_BLOCK)
    x = x - _U1
    if top[x] <= 0:
        x = dlink[x]
    return x


@njit(**JIT_INNER)
def cover(c, width, links):
    """Cover item ``c``: unlink it and hide its options.  Returns the updates."""
    llink, rlink, top, ulink, dlink, length = links
    left_ = llink[c]
    right_ = rlink[c]
    rlink[left_] = right_
    llink[right_] = left_
    length[c] += COVERED
    updates = 1
    rr = dlink[c]
    while rr != c:
        nn = rr
        k = 0
        while True:
            # a block has exactly three other nodes: a loop the compiler unrolls
            if width == BLOCKS:
                if k == 3:
                    break
                k += 1
            nn = right(nn, width, top, ulink)
            if width != BLOCKS and nn == rr:
                break
            # hide nn
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = dd
            ulink[dd] = uu
            length[np.uint32(top[nn])] -= 1
            updates += 1
        rr = dlink[rr]
    return updates


@njit(**JIT_INNER)
def uncover(c, width, links):
    """Undo :func:`cover` of item ``c``, in exactly the reverse order."""
    llink, rlink, top, ulink, dlink, length = links
    rr = ulink[c]
    while rr != c:
        nn = rr
        k = 0
        while True:
            if width == BLOCKS:
                if k == 3:
                    break
                k += 1
            nn = left(nn, width, top, dlink)
            if width != BLOCKS and nn == rr:
                break
            # unhide nn
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = nn
            ulink[dd] = nn
            length[np.uint32(top[nn])] += 1
        rr = ulink[rr]
    left_ = llink[c]
    right_ = rlink[c]
    rlink[left_] = c
    llink[right_] = c
    length[c] -= COVERED


# The two below are inlined by numba itself: left to LLVM, they stayed calls
# in the search loop and cost 5-10% on Sudoku.
@njit(**JIT_HELPER)
def cover_others(oo, width, links):
    """Cover the items of node ``oo``'s option other than ``top[oo]``, going right."""
    top, ulink = links.top, links.ulink
    updates = 0
    pp = oo
    while True:  # one call site of right(): each costs numba an inlining
        pp = right(pp, width, top, ulink)
        if pp == oo:
            return updates
        updates += cover(np.uint32(top[pp]), width, links)


@njit(**JIT_HELPER)
def uncover_others(oo, width, links):
    """Undo :func:`cover_others`, going left."""
    top, dlink = links.top, links.dlink
    pp = oo
    while True:
        pp = left(pp, width, top, dlink)
        if pp == oo:
            return
        uncover(np.uint32(top[pp]), width, links)


@njit(**JIT_HELPER)
def primary_others(oo, n1, width, top, ulink):
    """How many items of node ``oo``'s option other than ``top[oo]`` are
    primary (numbered ``<= n1``)."""
    count = 0
    pp = oo
    while True:
        pp = right(pp, width, top, ulink)
        if pp == oo:
            return count
        count += top[pp] <= n1


@njit(**JIT_INNER)
def option_of(x, width, top, first_node):
    """The number of the option that node ``x`` belongs to (its block, or the
    number read at the spacer after it)."""
    if width == BLOCKS:
        return (np.int64(x) - np.int64(first_node[0])) >> 2
    x = np.uint64(x)
    while top[x] > 0:
        x += _U1
    return -np.int64(top[x]) - 1


@njit(**JIT_INNER)
def option_end(x0, width, top):
    """One past the last node of the option whose first node is ``x0``."""
    if width == BLOCKS:
        return x0 + np.uint32(4)
    x = x0
    while top[x] > 0:
        x += _U1
    return x


@njit(**JIT_INNER)
def apply_option(j, first_node, width, links):
    """Cover every item of option ``j`` if all are active; else change nothing.

    Returns True when the option was applied.  Updates are not counted (DLX1
    reads a problem that already lacks the givens).
    """
    llink, rlink, top = links.llink, links.rlink, links.top
    x0 = np.uint32(first_node[j])
    end = option_end(x0, width, top)
    for x in range(x0, end):
        c = np.uint32(top[x])
        if rlink[llink[c]] != c:
            return False
    for x in range(x0, end):
        cover(np.uint32(top[x]), width, links)
    return True


# ------------------------------------------------------------ colors (DLX2)
#
# The colored steps work on the spacer layout only (a problem with colors or
# bounds is always linked with spacers).  ``color[x]`` is node ``x``'s color:
# 0 for none, a color number >= 1, or -1 once the node is *cleansed* -- its
# option agrees with the color that a chosen option gave its item, so its
# item no longer needs to be tested (DLX2).  A cleansed node is never hidden:
# its item is settled, and no later step reads its list.


@njit(**JIT_INNER)
def hide_c(rr, links, color):
    """Hide the nodes of node ``rr``'s option other than ``rr``, except cleansed
    ones, going right; return how many were hidden."""
    top, ulink, dlink, length = links.top, links.ulink, links.dlink, links.length
    updates = 0
    nn = rr
    while True:
        nn = right(nn, SPACERS, top, ulink)
        if nn == rr:
            return updates
        if color[nn] >= 0:
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = dd
            ulink[dd] = uu
            length[np.uint32(top[nn])] -= 1
            updates += 1


@njit(**JIT_INNER)
def unhide_c(rr, links, color):
    """Undo :func:`hide_c` of node ``rr``'s option, going left."""
    top, ulink, dlink, length = links.top, links.ulink, links.dlink, links.length
    nn = rr
    while True:
        nn = left(nn, SPACERS, top, dlink)
        if nn == rr:
            return
        if color[nn] >= 0:
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = nn
            ulink[dd] = nn
            length[np.uint32(top[nn])] += 1


@njit(**JIT_INNER)
def cover_c(c, links, color):
    """DLX2's cover of item ``c``: unlink it, hide its options (sparing cleansed
    nodes).  Returns the updates."""
    llink, rlink, dlink, length = links.llink, links.rlink, links.dlink, links.length
    left_ = llink[c]
    right_ = rlink[c]
    rlink[left_] = right_
    llink[right_] = left_
    length[c] += COVERED
    updates = 1
    rr = dlink[c]
    while rr != c:
        updates += hide_c(rr, links, color)
        rr = dlink[rr]
    return updates


@njit(**JIT_INNER)
def uncover_c(c, links, color):
    """Undo :func:`cover_c` of item ``c``, in the reverse order."""
    llink, rlink, ulink, length = links.llink, links.rlink, links.ulink, links.length
    rr = ulink[c]
    while rr != c:
        unhide_c(rr, links, color)
        rr = ulink[rr]
    left_ = llink[c]
    right_ = rlink[c]
    rlink[left_] = c
    llink[right_] = c
    length[c] -= COVERED


@njit(**JIT_INNER)
def purify(p, links, color):
    """DLX2's purify of node ``p``'s item: hide every option that gives the item
    another color (or none), cleanse those that give it ``p``'s color.
    Returns ``(updates, cleansings)``; the call itself is one cleansing."""
    top, dlink = links.top, links.dlink
    cc = np.uint32(top[p])
    x = color[p]
    updates = 0
    cleansings = 1
    rr = dlink[cc]
    while rr != cc:
        if color[rr] != x:
            updates += hide_c(rr, links, color)
        elif rr != p:
            cleansings += 1
            color[rr] = -1
        rr = dlink[rr]
    return updates, cleansings


@njit(**JIT_INNER)
def unpurify(p, links, color):
    """Undo :func:`purify` of node ``p``'s item, going up."""
    top, ulink = links.top, links.ulink
    cc = np.uint32(top[p])
    x = color[p]
    rr = ulink[cc]
    while rr != cc:
        if color[rr] < 0:
            color[rr] = x
        elif rr != p:
            unhide_c(rr, links, color)
        rr = ulink[rr]


@njit(**JIT_HELPER)
def cover_others_c(oo, links, color):
    """DLX2's "cover all other items of ``oo``": cover the uncolored ones and
    purify the colored ones (a cleansed node needs neither), going right.
    Returns ``(updates, cleansings)``."""
    top, ulink = links.top, links.ulink
    updates = 0
    cleansings = 0
    pp = oo
    while True:
        pp = right(pp, SPACERS, top, ulink)
        if pp == oo:
            return updates, cleansings
        k = color[pp]
        if k == 0:
            updates += cover_c(np.uint32(top[pp]), links, color)
        elif k > 0:
            u, cl = purify(pp, links, color)
            updates += u
            cleansings += cl


@njit(**JIT_HELPER)
def uncover_others_c(oo, links, color):
    """Undo :func:`cover_others_c`, going left."""
    top, dlink = links.top, links.dlink
    pp = oo
    while True:
        pp = left(pp, SPACERS, top, dlink)
        if pp == oo:
            return
        k = color[pp]
        if k == 0:
            uncover_c(np.uint32(top[pp]), links, color)
        elif k > 0:
            unpurify(pp, links, color)


# ------------------------------------------------------ multiplicities (DLX3)


@njit(**JIT_INNER)
def tweak(n, block, links, color):
    """DLX3's tweak of node ``n``, the topmost of its item's list: hide it, and
    with ``block`` first the rest of its option.  Returns the updates."""
    top, ulink, dlink, length = links.top, links.ulink, links.dlink, links.length
    updates = 0
    if block:
        updates += hide_c(n, links, color)
    if color[n] >= 0:
        uu = ulink[n]
        dd = dlink[n]
        dlink[uu] = dd
        ulink[dd] = uu
        length[np.uint32(top[n])] -= 1
        updates += 1
    return updates


@njit(**JIT_INNER)
def untweak(c, x, unblock, links, color):
    """Undo the tweaks of item ``c`` made since its list began at node ``x``
    (DLX3's untweak): relink the tweaked nodes, and with ``unblock`` the rest
    of their options; without, uncover ``c`` (it was covered, not blocked)."""
    ulink, dlink, length = links.ulink, links.dlink, links.length
    z = dlink[c]
    dlink[c] = x
    rr = x
    qq = c
    k = 0
    while rr != z:
        ulink[rr] = qq
        k += 1
        if unblock:
            unhide_c(rr, links, color)
        qq = rr
        rr = dlink[rr]
    ulink[rr] = qq
    length[c] += k
    if not unblock:
        # uncover c but leave it out of the item list (DLX3's uncover(c, 0)),
        # written out: a call of uncover_c with a flag compiled it twice
        rr = ulink[c]
        while rr != c:
            unhide_c(rr, links, color)
            rr = ulink[rr]
        length[c] -= COVERED
