"""DLX6: a ZDD of every solution (Knuth's program DLX6; Nishino et al.'s DXZ).

DLX6 searches as DLX2 does (Algorithm C: colors on the secondary items) but
remembers every subproblem it has met.  The subproblem below a node of the
search tree depends only on which items are still *active* and, for a
secondary item, on the color it has been purified to; that state is the
node's *signature*.  When a signature comes back, its subtree is not searched
again: the node takes the answer found the first time (a *hit*).  The answer
of a subtree is not a list of solutions but a node of a zero-suppressed
decision diagram (ZDD) that represents them all, so the work is about the
number of distinct subproblems, not the number of solutions.

The diagram
-----------
ZDD node ``z`` (``z >= 2``) stands for a family of sets of options: the sets
of node ``hi[z]``, each with option ``opt[z]`` added, and the sets of node
``lo[z]``.  Node ``0`` is the empty family and node ``1`` the family holding
only the empty set (the *sinks*).
Nodes are made in the order DLX6 makes them, children first, so that
``lo[z] < z`` and ``hi[z] < z``: one pass up the arrays counts the solutions.
At each level the options tried form a chain: trying option ``j`` of the
branching item makes a node whose ``hi`` is the answer below ``j`` and whose
``lo`` is the chain so far (the options tried before ``j``), and only when
the answer below ``j`` is not empty.  The last node of the chain is the answer
of the level; it is stored with the level's signature (``zref``), and an empty
answer (``0``) is remembered too, so a dead end is never searched twice.

How DLX6 changes DLX2's dance
-----------------------------
The links are those of :mod:`dlxnumba.kernels` (spacers always; ``color``
per node, the local color numbers described below; for an item's header
``c``, ``color[c]`` is the color the item is purified to, 0 when it is not:
Knuth's ``aux``).  Three differences from :mod:`.dance`:

* A secondary item's ``length`` must fall to 0 when no active option uses it
  (such an item no longer matters to the subproblem), so hiding an option
  also decrements the length of a cleansed node's item: the node itself stays
  in its list, as in DLX2, but is counted out (one update, as DLX6 counts).
  An item whose length falls to 0 leaves the signature.
* Purifying an item sets its ``length`` to the number of options that agree
  with the color; when none is left it is ``-1`` (DLX6's signal for
  unpurifying: the item is inactive, yet not "length 0" to the choice of
  what to cover or purify).
* Covering the other items of an option skips a secondary item of length 0
  (a previous item of the option, or the branching item, took its last
  option): covering it would count its removal twice.

The signature
-------------
Every item owns a bit field of the signature: one bit for a primary item
(1 while it is active), ``t`` bits for a secondary item with ``k`` colors
(``2**t > k + 1``): 0 while inactive, 1 while active and not purified,
``1 + c`` while purified to its color ``c``.  A secondary item's colors are
numbered ``1..k`` by item (:func:`dlxnumba.zdd.zdd` renumbers them, as DLX6
does), so the fields stay narrow.  Fields lie in 63-bit words and never
straddle two (:data:`Signature` ``place``).  The search keeps the signature
in ``words`` as it dances, writing an item's field only when the item's
state changes (a cover, an uncover, a length reaching 0 or leaving it, a
purification), so a node pays nothing to build its signature, only to hash
its few words.  DLX6 walks the active items to build each signature (and
hashes it with random keys); the set of signatures, and so every count, is
the same.

The memo
--------
:data:`Memo`: ``sigs`` holds signature ``m`` at ``sigs[m * W : (m + 1) * W]``
and ``zref[m]`` its ZDD node (0 while the level is being searched or when it
had no solution).  ``table`` (a power of two of int64 entries, open
addressing with linear probing, at most half full) holds ``0`` for an empty
slot, else 31 bits of the signature's hash (:func:`sig_hash`) in the high
half and ``m + 1`` in the low half: a probe compares those bits before it
reads a signature, and the table can be rebuilt at twice the size from its
entries alone (:func:`rehash`).  DLX6 keeps a table of ``2**30`` entries;
this one grows.

Returning to Python
-------------------
:func:`dlx6` runs until the search is done or one of these, and resumes
exactly where it stopped:

* ``RET_PAUSED``: the node or update budget of the call is spent (before a
  level is entered);
* ``RET_MEMO_FULL``: a level is about to be entered and the memo has no room
  for one more signature (grow ``sigs``/``zref`` or rebuild ``table``);
* ``RET_ZDD_FULL``: a ZDD node is about to be made and ``lo`` is full.

The counters are DLX6's: a search *node* each time a level is entered
(before its signature is looked up, so a hit is a node) and for each
solution; an *update* each time an item is covered or an option's node is
hidden (cleansed nodes included); a *cleansing* for each purification and
each option it finds agreeing.  DLX6 reports ``zddnodes``: the next ZDD node
number, sinks included (``state[ZNEXT]``).
"""

from collections import namedtuple

import numpy as np
from numba import njit

from .._common import COVERED, JIT_ENTRY, JIT_HELPER, JIT_INNER, SPACERS, Links
from .dance import left, option_of, right
from .search import choose

# ------------------------------------------------------------------- records

Signature = namedtuple("Signature", "place words")
Signature.__doc__ = """The signature: int64 ``place`` per item ``0..N``, where its field
lies (``word << 16 | bits << 8 | shift``), and the int64 ``words`` of the current
signature (private)."""

Memo = namedtuple("Memo", "table sigs zref")
Memo.__doc__ = """The memo of signatures: int64 ``table`` (open addressing), int64
``sigs`` (``W`` words each) and int32 ``zref`` (the ZDD node of each)."""

Diagram = namedtuple("Diagram", "lo hi opt")
Diagram.__doc__ = """The ZDD nodes, int32: ``lo``, ``hi`` and ``opt`` (the option,
numbered among the options linked) of node ``z`` (entries 0 and 1: the sinks)."""

Cursor6 = namedtuple("Cursor6", "choice savez memo_at profile state")
Cursor6.__doc__ = """Where DLX6 stands: per level, int32 ``choice`` (the node tried),
``savez`` (the chain of ZDD nodes so far), ``memo_at`` (the level's signature);
int64 ``profile`` (nodes per level) and ``state`` (slots below)."""

# Slots of ``Cursor6.state``.
LEVEL = 0
PHASE = 1
NODES = 2  # search-tree nodes (DLX6's ``nodes``)
UPDATES = 3
CLEANSINGS = 4
MAX_LEVEL = 5  # deepest level entered
ACTIVE = 6  # active primary items (read by the choice with more than 64 primary items)
ZNODE = 7  # the chain of the current level so far; at the end, the root
ZSOL = 8  # the answer below the option being undone (recover)
MEMOS = 9  # signatures in the memo
ZNEXT = 10  # the next ZDD node number (DLX6's ``zddnodes``)
HITS = 11  # levels answered by the memo
LEAVES = 12  # solutions reached by the search itself (not through a hit)
STATE_SIZE = 13

# Phases (where to resume).
Z_START = 0
Z_FORWARD = 1
Z_RECOVER = 2
Z_DONE = 3

# Return codes.
RET_DONE = 0
RET_PAUSED = 1
RET_MEMO_FULL = 2
RET_ZDD_FULL = 3

_LOW31 = np.int64(0x7FFFFFFF)
_LOW32 = np.int64(0xFFFFFFFF)


# ------------------------------------------------------------------ signature


@njit(**JIT_HELPER)
def set_code(k, new, sg):
    """Write the code ``new`` into item ``k``'s field of the signature."""
    place, words = sg
    p = place[k]
    s = p & 0xFF
    mask = ((np.int64(1) << ((p >> 8) & 0xFF)) - 1) << s
    w = p >> 16
    words[w] = (words[w] & ~mask) | (np.int64(new) << s)


@njit(**JIT_HELPER)
def _mix32(x):
    """A bijection of 32-bit numbers that scrambles every bit (products stay
    below ``2**63``, so plain Python computes the same without overflow)."""
    x = (((x >> 16) ^ x) * 0x45D9F3B) & _LOW32
    x = (((x >> 16) ^ x) * 0x45D9F3B) & _LOW32
    return (x >> 16) ^ x


@njit(**JIT_HELPER)
def sig_hash(words):
    """A 32-bit hash of the signature ``words``, half a word at a time."""
    h = np.int64(0x2545F491)
    for i in range(words.shape[0]):
        w = words[i]
        h = _mix32(h ^ (w & _LOW32))
        h = _mix32(h ^ (w >> 32))
    return h


# ---------------------------------------------------------------- the dance


@njit(**JIT_INNER)
def hide6(rr, n1, links, color, sg):
    """Hide the nodes of ``rr``'s option other than ``rr``, going right (DLX6's
    cover loop): a cleansed node stays linked but is counted out of its item.
    Returns the updates."""
    top, ulink, dlink, length = links.top, links.ulink, links.dlink, links.length
    updates = 0
    nn = rr
    while True:
        nn = right(nn, SPACERS, top, ulink)
        if nn == rr:
            return updates
        cc = np.uint32(top[nn])
        if color[nn] >= 0:
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = dd
            ulink[dd] = uu
        updates += 1
        t = length[cc] - 1
        length[cc] = t
        if t == 0 and cc > n1:
            set_code(cc, 0, sg)  # no active option uses it: it leaves the signature


@njit(**JIT_INNER)
def unhide6(rr, n1, links, color, sg):
    """Undo :func:`hide6` of ``rr``'s option, going left."""
    top, ulink, dlink, length = links.top, links.ulink, links.dlink, links.length
    nn = rr
    while True:
        nn = left(nn, SPACERS, top, dlink)
        if nn == rr:
            return
        cc = np.uint32(top[nn])
        if color[nn] >= 0:
            uu = ulink[nn]
            dd = dlink[nn]
            dlink[uu] = nn
            ulink[dd] = nn
        t = length[cc] + 1
        length[cc] = t
        if t == 1 and cc > n1:
            set_code(cc, 1 + color[cc], sg)


@njit(**JIT_INNER)
def cover6(c, n1, links, color, sg):
    """DLX6's cover of item ``c``: deactivate it, hide every option in its list.
    A primary item leaves the item list (its length carries ``COVERED``).
    Returns the updates."""
    llink, rlink, dlink, length = links.llink, links.rlink, links.dlink, links.length
    if c <= n1:
        left_ = llink[c]
        right_ = rlink[c]
        rlink[left_] = right_
        llink[right_] = left_
        length[c] += COVERED
    set_code(c, 0, sg)
    updates = 1
    rr = dlink[c]
    while rr != c:
        updates += hide6(rr, n1, links, color, sg)
        rr = dlink[rr]
    return updates


@njit(**JIT_INNER)
def uncover6(c, n1, links, color, sg):
    """Undo :func:`cover6` of item ``c``, in the reverse order."""
    llink, rlink, ulink, length = links.llink, links.rlink, links.ulink, links.length
    rr = ulink[c]
    while rr != c:
        unhide6(rr, n1, links, color, sg)
        rr = ulink[rr]
    if c <= n1:
        left_ = llink[c]
        right_ = rlink[c]
        rlink[left_] = c
        llink[right_] = c
        length[c] -= COVERED
    set_code(c, 1, sg)


@njit(**JIT_INNER)
def purify6(cc, x, n1, links, color, sg):
    """DLX6's purify of secondary item ``cc`` to color ``x``: hide the options
    that give it another color (or none), cleanse those that give it ``x``;
    its length becomes the number left, or -1 when none is.  Returns
    ``(updates, cleansings)``; the call itself is one cleansing."""
    dlink, length = links.dlink, links.length
    color[cc] = x
    tt = length[cc]
    updates = 0
    cleansings = 1
    rr = dlink[cc]
    while rr != cc:
        if color[rr] != x:
            tt -= 1
            updates += hide6(rr, n1, links, color, sg)
        else:
            cleansings += 1
            color[rr] = -1
        rr = dlink[rr]
    if tt > 0:
        length[cc] = tt
        set_code(cc, 1 + x, sg)
    else:
        length[cc] = -1  # the signal for unpurify6: it was active
        set_code(cc, 0, sg)
    return updates, cleansings


@njit(**JIT_INNER)
def unpurify6(cc, x, n1, links, color, sg):
    """Undo :func:`purify6` of item ``cc`` (purified to ``x``), going up."""
    ulink, length = links.ulink, links.length
    color[cc] = 0
    tt = length[cc]
    if tt < 0:
        tt = 0
    rr = ulink[cc]
    while rr != cc:
        if color[rr] < 0:
            color[rr] = x
        else:
            tt += 1
            unhide6(rr, n1, links, color, sg)
        rr = ulink[rr]
    length[cc] = tt
    set_code(cc, 1, sg)


@njit(**JIT_HELPER)
def cover_others6(oo, n1, links, color, sg):
    """DLX6's "cover all other items of ``oo``", going right: cover the primary
    items and the uncolored secondary ones, purify the colored ones; skip a
    secondary item of length 0 and a cleansed node.  Returns ``(updates,
    cleansings, primary items covered)``."""
    top, ulink, length = links.top, links.ulink, links.length
    updates = 0
    cleansings = 0
    primaries = 0
    pp = oo
    while True:
        pp = right(pp, SPACERS, top, ulink)
        if pp == oo:
            return updates, cleansings, primaries
        cc = np.uint32(top[pp])
        if cc <= n1:
            updates += cover6(cc, n1, links, color, sg)
            primaries += 1
        elif length[cc] != 0:
            k = color[pp]
            if k == 0:
                updates += cover6(cc, n1, links, color, sg)
            elif k > 0:
                u, c = purify6(cc, k, n1, links, color, sg)
                updates += u
                cleansings += c


@njit(**JIT_HELPER)
def uncover_others6(oo, n1, links, color, sg):
    """Undo :func:`cover_others6`, going left.  Returns the primary items uncovered."""
    top, dlink, length = links.top, links.dlink, links.length
    primaries = 0
    pp = oo
    while True:
        pp = left(pp, SPACERS, top, dlink)
        if pp == oo:
            return primaries
        cc = np.uint32(top[pp])
        if cc <= n1:
            uncover6(cc, n1, links, color, sg)
            primaries += 1
        elif length[cc] != 0:
            k = color[pp]
            if k == 0:
                uncover6(cc, n1, links, color, sg)
            elif k > 0:
                unpurify6(cc, k, n1, links, color, sg)


# -------------------------------------------------------------------- memo


@njit(**JIT_HELPER)
def lookup(words, table, sigs):
    """The memo entry of the signature ``words``: ``(m, slot, tag)`` with ``m >= 0``
    when it is there, ``(-1, slot, tag)`` with the empty slot where it would
    go; ``tag``, the hash bits its entry keeps."""
    nw = words.shape[0]
    h = sig_hash(words)
    mask = np.int64(table.shape[0] - 1)
    tag = h & _LOW31
    slot = h & mask
    while True:
        e = table[slot]
        if e == 0:
            return np.int64(-1), slot, tag
        if (e >> 32) == tag:
            m = (e & _LOW32) - 1
            at = m * nw
            same = True
            for i in range(nw):
                if sigs[at + i] != words[i]:
                    same = False
                    break
            if same:
                return m, slot, tag
        slot = (slot + 1) & mask


@njit(**JIT_ENTRY)
def rehash(old, table):
    """Move the entries of the memo table ``old`` into the empty ``table``
    (any power of two at least twice their number), by their stored hash bits."""
    mask = np.int64(table.shape[0] - 1)
    for i in range(old.shape[0]):
        e = old[i]
        if e != 0:
            slot = (e >> 32) & mask
            while table[slot] != 0:
                slot = (slot + 1) & mask
            table[slot] = e


# ------------------------------------------------------------------ search


@njit(**JIT_ENTRY)
def dlx6(n1, links, color, sg, memo, diagram, cursor, node_stop, update_stop):
    """:func:`_dlx6` with the records as plain tuples (see :mod:`dlxnumba.kernels`)."""
    return _dlx6(n1, Links(*links), color, Signature(*sg), Memo(*memo), Diagram(*diagram),
                 Cursor6(*cursor), node_stop, update_stop)


@njit(**JIT_INNER)
def _dlx6(n1, links, color, sg, memo, diagram, cursor, node_stop, update_stop):
    """Run (or resume) DLX6 until it is done or must return; a RET_* code.

    The steps are DLX6's: *forward* (enter a level: count a node, look the
    signature up -- on a hit take its ZDD node and back down -- else remember
    it, choose the branching item and cover it), *advance* (try the next
    option of the item: cover its other items; a solution when no primary
    item is left, else go a level down), *backup* (uncover the item; store the
    level's ZDD node with its signature), *backdown* (return to the level
    above) and *recover* (uncover the other items of the option just tried;
    when the answer below it was not empty, make a ZDD node of the chain).
    """
    llink, rlink, top, ulink, dlink, length = links
    words = sg.words
    table, sigs, zref = memo
    zlo, zhi, zopt = diagram
    choice, savez, memo_at, profile, state = cursor
    nw = words.shape[0]
    level = state[LEVEL]
    phase = state[PHASE]
    nodes = state[NODES]
    updates = state[UPDATES]
    cleansings = state[CLEANSINGS]
    maxl = state[MAX_LEVEL]
    active = state[ACTIVE]
    znode = state[ZNODE]
    zsol = state[ZSOL]
    memos = state[MEMOS]
    znext = state[ZNEXT]
    hits = state[HITS]
    leaves = state[LEAVES]
    best = np.uint32(0)
    oo = np.uint32(0)
    ret = RET_DONE
    step = 0  # 0 forward, 1 advance, 2 backup, 3 backdown, 4 recover, 5 leave

    if phase == Z_DONE:
        return RET_DONE
    if phase == Z_START:
        if rlink[0] == 0:
            # no primary item to cover: the empty set is the one solution
            nodes += 1
            leaves += 1
            znode = 1
            phase = Z_DONE
            step = 5
    elif phase == Z_RECOVER:
        oo = np.uint32(choice[level])
        best = np.uint32(top[oo])
        step = 4

    while step != 5:
        if step == 0:
            # forward: enter a level
            if nodes >= node_stop or updates >= update_stop:
                phase = Z_FORWARD
                ret = RET_PAUSED
                break
            if memos >= zref.shape[0] or 2 * (memos + 1) > table.shape[0]:
                phase = Z_FORWARD
                ret = RET_MEMO_FULL
                break
            nodes += 1
            profile[level] += 1
            if level > maxl:
                maxl = level
            m, slot, tag = lookup(words, table, sigs)
            if m >= 0:
                # a hit: this subproblem's answer is known
                hits += 1
                znode = zref[m]
                step = 3
                continue
            at = memos * nw
            for i in range(nw):
                sigs[at + i] = words[i]
            zref[memos] = 0
            table[slot] = (tag << 32) | (memos + 1)
            memo_at[level] = memos
            memos += 1
            znode = 0
            best = choose(n1, active, np.int64(0), llink, rlink, length)
            updates += cover6(best, n1, links, color, sg)
            active -= 1
            oo = dlink[best]
            choice[level] = oo
            step = 1
        elif step == 1:
            # advance: try the option of node oo, or back up when none is left
            if oo == best:
                step = 2
                continue
            u, cl, p = cover_others6(oo, n1, links, color, sg)
            updates += u
            cleansings += cl
            active -= p
            if rlink[0] == 0:
                # a solution (a node of the tree): the answer below oo is {{}}
                nodes += 1
                leaves += 1
                zsol = 1
                step = 4
            else:
                savez[level] = znode
                level += 1
                step = 0
        elif step == 2:
            # backup: restore the branching item; remember the level's answer
            uncover6(best, n1, links, color, sg)
            active += 1
            if znode != 0:
                zref[memo_at[level]] = znode
            step = 3
        elif step == 3:
            # backdown: return to the level above
            if level == 0:
                phase = Z_DONE
                break
            level -= 1
            oo = np.uint32(choice[level])
            best = np.uint32(top[oo])
            zsol = znode
            znode = savez[level]
            step = 4
        else:
            # recover: undo the option of node oo, add it to the chain, go on
            if zsol != 0 and znext >= zlo.shape[0]:
                phase = Z_RECOVER
                ret = RET_ZDD_FULL
                break
            active += uncover_others6(oo, n1, links, color, sg)
            if zsol != 0:
                zlo[znext] = znode
                zhi[znext] = zsol
                zopt[znext] = option_of(oo, SPACERS, top, top)
                znode = znext
                znext += 1
            oo = dlink[oo]
            choice[level] = oo
            step = 1

    state[LEVEL] = level
    state[PHASE] = phase
    state[NODES] = nodes
    state[UPDATES] = updates
    state[CLEANSINGS] = cleansings
    state[MAX_LEVEL] = maxl
    state[ACTIVE] = active
    state[ZNODE] = znode
    state[ZSOL] = zsol
    state[MEMOS] = memos
    state[ZNEXT] = znext
    state[HITS] = hits
    state[LEAVES] = leaves
    return ret


# ------------------------------------------------------------------- givens


@njit(**JIT_ENTRY)
def apply_given6(given_nodes, loose_ptr, loose_items, loose_colors, n1, links, color, sg, state):
    """Force given options into a DLX6 search before it starts (uncounted).

    ``given_nodes`` are the first primary node of each given option that is
    linked: its item is covered and then its other items, as if it had been
    chosen.  The given options without a primary item are not linked (DLX6
    ignores such options); option ``g`` of them is ``loose_items[loose_ptr[g]
    : loose_ptr[g + 1]]`` with the local colors ``loose_colors`` (a color
    that no linked option gives the item is any number above its colors):
    each of its items still active is covered, or purified, unless an earlier
    given purified it to that color already.  The caller checked that the
    givens agree.  Keeps ``state[ACTIVE]`` up to date.
    """
    links = Links(*links)
    sg = Signature(*sg)
    length = links.length
    active = state[ACTIVE]
    for g in range(given_nodes.shape[0]):
        x = np.uint32(given_nodes[g])
        cover6(np.uint32(links.top[x]), n1, links, color, sg)
        u, c, p = cover_others6(x, n1, links, color, sg)
        active -= 1 + p
    for g in range(loose_ptr.shape[0] - 1):
        for e in range(loose_ptr[g], loose_ptr[g + 1]):
            cc = np.uint32(loose_items[e])
            k = loose_colors[e]
            if length[cc] <= 0:
                continue  # no active option uses it (or it is purified with none left)
            if k == 0:
                cover6(cc, n1, links, color, sg)
            elif color[cc] == 0:
                purify6(cc, k, n1, links, color, sg)
    state[ACTIVE] = active


# ---------------------------------------------------------------- counting


@njit(**JIT_ENTRY)
def count_limbs(lo, hi, n, out):
    """The number of sets of every ZDD node ``0..n-1``, in base ``2**32``:
    ``out[z]`` holds the limbs of node ``z``'s count, least significant
    first (int64 entries below ``2**32``).  Nodes ``0`` and ``1`` are the
    sinks; ``lo[z], hi[z] < z``.  Returns False when some count needs more
    limbs than ``out`` has (then call again with more)."""
    L = out.shape[1]
    for j in range(L):
        out[0, j] = 0
        out[1, j] = 0
    if n > 1:
        out[1, 0] = 1
    for z in range(2, n):
        a = lo[z]
        b = hi[z]
        carry = np.int64(0)
        for j in range(L):
            s = out[a, j] + out[b, j] + carry
            out[z, j] = s & _LOW32
            carry = s >> 32
        if carry != 0:
            return False
    return True


@njit(**JIT_ENTRY)
def sample_walks(lo, hi, opt, count, root, draws, out, out_len):
    """Walk the ZDD from ``root`` once per draw: draw ``r`` (``0 <= r <
    count[root]``) picks the ``r``-th set, taking ``hi`` at node ``z`` when ``r
    < count[hi[z]]`` (and recording ``opt[z]``), else ``lo`` with ``r`` less
    that count.  ``count`` is int64 (every count below ``2**63``).  Draw ``i``
    writes its options into ``out[i, :out_len[i]]``."""
    for i in range(draws.shape[0]):
        r = draws[i]
        z = root
        k = 0
        while z > 1:
            h = hi[z]
            c = count[h]
            if r < c:
                out[i, k] = opt[z]
                k += 1
                z = h
            else:
                r -= c
                z = lo[z]
        out_len[i] = k


@njit(**JIT_ENTRY)
def sample_walks_limbs(lo, hi, opt, count, root, draws, out, out_len):
    """:func:`sample_walks` with counts of any size: ``count[z]`` holds node
    ``z``'s count and ``draws[i]`` the number ``r`` of draw ``i``, each in
    base ``2**32``, least significant limb first (int64 entries below
    ``2**32``, as :func:`count_limbs` writes them).  ``draws`` is changed
    (each ``r`` is lessened as the walk takes ``lo``)."""
    L = count.shape[1]
    for i in range(draws.shape[0]):
        z = root
        k = 0
        while z > 1:
            h = hi[z]
            # r < count[h]? (compared from the most significant limb)
            below = False
            for j in range(L - 1, -1, -1):
                a = draws[i, j]
                b = count[h, j]
                if a != b:
                    below = a < b
                    break
            if below:
                out[i, k] = opt[z]
                k += 1
                z = h
            else:
                borrow = np.int64(0)
                for j in range(L):
                    d = draws[i, j] - count[h, j] - borrow
                    if d < 0:
                        d += np.int64(1) << 32
                        borrow = 1
                    else:
                        borrow = 0
                    draws[i, j] = d
                z = lo[z]
        out_len[i] = k
