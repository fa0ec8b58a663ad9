"""Building the links of a large problem in one pass.

:func:`dlxnumba.problem.build_arrays` links up a problem with numpy: a stable
sort of the entries by item gives the vertical lists.  That takes about 70
bytes of temporary arrays per node on top of the 12 bytes per node of the
result (2.8 GB for a 144x144 Sudoku's 12 million nodes).  For large problems
it calls :func:`link_options` instead, which appends each node to the bottom
of its item's list as it comes -- the order the sort gives -- in one pass,
with nothing allocated beyond the result.  Small problems keep the numpy path,
so that they never wait for this kernel to compile.
"""

import numpy as np
from numba import njit

from .._common import BLOCKS, JIT_ENTRY


@njit(**JIT_ENTRY)
def link_options(n, width, base, opt_ptr, opt_items, top, ulink, dlink, length, first_node):
    """Fill the node arrays of a problem from its options in CSR form.

    ``top``, ``ulink`` and ``dlink`` (int32, zeroed) have a node for every
    header, spacer and entry (the layout of :mod:`dlxnumba.kernels`); ``length``
    (int32) at least ``n + 1`` entries, ``first_node`` (int32) one per option.
    ``base`` is the first node of the options in blocks (``width == BLOCKS``).
    The result equals the numpy build's, entry for entry.
    """
    m = opt_ptr.shape[0] - 1
    for i in range(1, n + 1):
        ulink[i] = i
        dlink[i] = i
        length[i] = 0
    spacer = n + 1  # the spacer before option j
    for j in range(m):
        a = opt_ptr[j]
        b = opt_ptr[j + 1]
        if width == BLOCKS:
            x = base + 4 * j
        else:
            top[spacer] = -j
            if j > 0:
                ulink[spacer] = spacer - (opt_ptr[j] - opt_ptr[j - 1])  # first node of option j - 1
            dlink[spacer] = spacer + (b - a)  # last node of option j
            x = spacer + 1
        first_node[j] = x
        for k in range(a, b):
            i = np.int32(opt_items[k] + 1)
            top[x] = i
            last = ulink[i]  # append x at the bottom of item i's list
            ulink[x] = last
            dlink[last] = x
            ulink[i] = x
            length[i] += 1
            x += 1
        if width != BLOCKS:
            spacer = x
    if width != BLOCKS:
        top[spacer] = -m
        if m > 0:
            ulink[spacer] = spacer - (opt_ptr[m] - opt_ptr[m - 1])
    for i in range(1, n + 1):  # close the lists
        dlink[ulink[i]] = i
