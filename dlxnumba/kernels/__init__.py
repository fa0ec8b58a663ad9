"""The generic engine's compiled functions, and the data structure they share.

This folder holds the engine's ``@njit`` code and nothing else: kernels see
only arrays, records (named tuples of arrays) and scalars.  Validation, names
and Python objects live above, in :mod:`dlxnumba.problem`,
:mod:`dlxnumba.search`, :mod:`dlxnumba.batch` and the front ends.  The kernels
import nothing outside this folder but numba, numpy, llvmlite and the standard
library.  The only other compiled code is Sudoku's, in its own wing
(:mod:`dlxnumba.sudoku.kernels`: the Sudoku job type of the lanes, the grader,
the generator), which calls the engine's functions; nothing here imports it.

=============================  ===============================================
:mod:`._common`                what every kernel shares: records, constants,
                               jit options; the cache domain (below)
:mod:`.core`                   the generic engine, which knows no application:
:mod:`.core.dance`             stepping along an option; cover, uncover, hide
:mod:`.core.search`            the search loop per layout; givens; chosen options
:mod:`.core.cells`             dancing cells: SSXC1, SSXCC (own docstring)
:mod:`.core.cells_m`           dancing cells with multiplicities: SSMCC
:mod:`.core.lanes`             many jobs on one template, one lane per thread;
                               the steps a job type plugs in
:mod:`.core.split`             splitting a search tree: expand a node, measure a
                               subtree, the remainder of a cut task
:mod:`.core.build`             the links of a large problem, in one pass
:mod:`.core.zdd`               DLX6: a memoized search building a ZDD of every solution
:mod:`.compiling`              watching numba compile (the first run's notice)
=============================  ===============================================

The imports point one way: every kernel module (Sudoku's too) imports its
records and constants from :mod:`._common` and its functions from the modules
below it, never from a package's ``__init__``; this ``__init__`` only hands
:mod:`._common`'s names on (``from dlxnumba import kernels as K; K.NODES``),
and nothing here imports Sudoku's kernels.

The data structure (Knuth, *Dancing Links*, and his program DLX1)
-----------------------------------------------------------------
An exact-cover problem has ``N`` items, numbered ``1..N``; items ``1..N1`` are
*primary* (covered exactly once) and ``N1+1..N`` *secondary* (at most once).
Its *options* are numbered ``0..M-1``; each is a set of items.

Item list -- arrays ``llink``, ``rlink`` of length ``N + 2``:
    a doubly linked circular list of the *active* primary items, headed by the
    root ``0``; the secondary items form a second circular list headed by
    ``N + 1`` so that they are never chosen for branching.  Item ``i`` is active
    exactly when ``rlink[llink[i]] == i``.

Node list -- arrays ``top``, ``ulink``, ``dlink`` of length ``Z``:
    nodes ``1..N`` are the item headers (node ``0`` is unused); then come the
    options, one node per item, each option preceded by a *spacer* node and the
    last option followed by one.  For an ordinary node ``x``, ``top[x]`` is its
    item and ``ulink``/``dlink`` link it into that item's vertical circular list,
    which holds the item's options in input order.  For the header ``i``,
    ``ulink[i]``/``dlink[i]`` are the last and first node of its list and
    ``length[i]`` counts the nodes in it.  For a spacer ``s``, ``top[s] <= 0``
    is minus the number of options before it; ``ulink[s]`` is the first node of
    the option before it and ``dlink[s]`` the last node of the option after it.
    So an option is walked to the right (``x + 1``, jumping back through a
    spacer's ``ulink``) or to the left (``x - 1``, through ``dlink``) without any
    left/right links, and the option a node belongs to is found at the next
    spacer.

Four-node blocks (``width == 4``):
    when every option has exactly four items -- Sudoku, n queens -- the options
    need no spacers: option ``j`` is the aligned block of nodes ``B + 4*j ..
    B + 4*j + 3`` (``B``, a multiple of 4, is ``first_node[0]``; the nodes
    between ``N`` and ``B`` are unused).  Going right from ``x`` is
    ``(x & ~3) | ((x + 1) & 3)``, the option of ``x`` is ``(x - B) >> 2``, and
    hiding an option's other nodes is a loop of exactly three steps that the
    compiler unrolls, with no spacer to test for.  The order of the nodes, and
    so every count, is the same as with spacers; only the speed differs (15-20%
    on Sudoku, ~10% on queens).  ``width == 0`` is the spacer layout.

    The kernels take ``width`` wherever they walk an option, and the search is
    compiled once per layout (``width`` reaches it as a constant), so the tests
    of ``width`` cost nothing at run time.

    The links are stored as int32; the kernels read them through uint32 views
    (``arr.view(np.uint32)``) so that every index is unsigned and numba emits no
    negative-index fix-up on the loads.  ``top`` stays signed for the spacers.

Covering item ``c`` removes it from the item list and *hides* every option in
its list: each of the option's other nodes leaves its own item's vertical list
(``length`` drops).  Uncovering undoes this in exactly the reverse order.

Colors (Knuth's DLX2) -- array ``color`` of length ``Z``, aligned with ``top``:
    ``color[x]`` is the color number that node ``x``'s option gives its
    (secondary) item, ``0`` for none; spacers and headers hold ``0``.  Each
    search has its own copy, because *purifying* writes it: when a chosen
    option gives item ``c`` the color ``x``, every other option in ``c``'s list
    whose color differs (or is none) is hidden, and every one whose color is
    ``x`` is *cleansed*: its node's color becomes ``-1`` until the purification
    is undone.  A cleansed node is never hidden again (its item is settled and
    no step reads its list), and choosing its option neither covers nor
    purifies that item.  A problem with colors is always linked with spacers.

Multiplicities (Knuth's DLX3) -- the :data:`Bounds` record:
    ``bound[i]`` (items ``0..N1``, private) is how many more chosen options may
    still cover primary item ``i`` (its upper bound at the start) and
    ``slack[i]`` its upper minus its lower bound (read-only).  An item is
    covered when its bound reaches 0; before that, branching on it *tweaks*
    each option tried out of the lists (DLX3's new dance step), and
    ``tweak[level]`` remembers the first node tweaked so that ``untweak``
    can restore the list in one pass.  Algorithm M's loop is :func:`.core.search._search_m`.

The search
----------
One loop, :func:`.core.search._search`, with DLX1's named steps (forward, advance,
backup, recover).  The only stack is ``choice[level]``: the node of the option
tried at each level.  The whole search state lives in arrays -- the links,
``choice`` and the small int64 vector ``state`` (the :data:`Cursor`) -- so the
kernel can return to Python after a
solution or when a node/update budget is spent, and a later call continues
exactly where it stopped.

Counters follow DLX1: a *node* is counted each time a level is entered and for
each solution; an *update* each time an item is covered or a node hidden (by a
cover, a purification or a tweak); with colors, a *cleansing* (DLX2) for each
purification and each node it cleanses (``state[CLEANSINGS]``).  The kind of
search reaches :func:`.core.search._search` as a compile-time constant: the
layout, or None for colors.  numba decides a test ``is None`` of such an
argument before it compiles, so a plain search runs the same machine code as
before colors existed, and a colored one compiles none of the plain steps.
Branching takes the active primary item of minimum length, leftmost among
equals; the scan stops early at an item of length ``<= stop_at`` (``0`` is
DLX1's rule, ``1`` is the common "forced move" shortcut).  DLX1 finds it by
walking the item list, one dependent load per active item.  Here a covered
item's ``length`` carries an extra ``2**30`` (``COVERED``), so the lengths can
be scanned by item number, which the compiler vectorizes: about 50 times
cheaper per item than the walk, but over every item between the first active
one (``rlink[0]``) and the last (``llink[0]``), covered or not.  So
:func:`.core.search.choose` picks per node, with the same answer either way:

* at most 64 primary items: one pass over all of them;
* the active items fewer than 1 in 32 of that span: the walk (the search
  keeps the number of active primary items in ``state[ACTIVE]``);
* otherwise a scan of the span in chunks of 64 items, stopping after the
  first chunk that holds an item of length ``<= stop_at``.

A node thus costs a scan of at most ``min(32 * active, span)`` items, and a
search 200,000 levels deep does not scan 200,000 items at each level.  (With
``stop_at=0`` and no item of length 0, every active item must still be seen,
as in DLX1.)

Records
-------
Related arrays travel together as records, so that a new array (colors, say)
touches one definition rather than every signature:

* :data:`Links` -- ``llink, rlink, top, ulink, dlink, length``: the links of
  one search (``top`` is shared and read-only; the others are private).
* :data:`Cursor` -- ``choice, profile, state``: where a search stands.
* :data:`Bounds` -- ``color, bound, slack, tweak``: what Algorithm M adds
  (the colored exact-cover search takes ``color`` alone, after ``links``).
* :data:`Jobs` and :data:`Results` -- the inputs and outputs of a batch, and
  :data:`TaskResults` for the subproblems of a split search;
  :data:`Budgets` -- ``stop_at, node_budget, work_budget``: how far the
  lanes go (see :mod:`.core.lanes`).
* A job type brings its own records: Sudoku's
  :data:`dlxnumba.sudoku.kernels.links.SudokuJobs` and
  :data:`dlxnumba.sudoku.kernels.lanes.SudokuResults` (grids in and out); the
  generator's and the grader's records live with them
  (:mod:`dlxnumba.sudoku.kernels.generate`,
  :mod:`dlxnumba.sudoku.kernels.candidates`).

The lanes are compiled once per record type: the type of the jobs chooses how
a job is linked up, the type of the results how a solution is written, at
compile time.  A job type plugs its own steps into the generic loop from its
own module (:func:`.core.lanes.plug`: Sudoku links a grid up directly and
writes its solution as a grid), and defines its entry points there.  No
compiled kernel takes more than 12 arguments.

No kernel allocates: Python allocates every array a kernel reads or writes,
the scratch of the lanes included (each lane's rows :data:`._common.PAD_BYTES`
apart, so that two threads never write to one cache line).  So every kernel
compiles without numba's reference counting, and a first run compiles none of
numba's allocators, their shape checks and error messages
(``tests/kernels/test_layout.py`` checks that no kernel counts references).

Inside compiled code they are named tuples.  Python hands them over as *plain*
tuples in field order (``tuple(record)``): numba types a plain tuple of arrays
at the call boundary in about 0.15 us, a named tuple in about 1 us, which
matters on an easy Sudoku solved in 10 us.  Every entry point called from
Python therefore starts with ``links = Links(*links)`` and the like.

The cache domains
-----------------
numba's on-disk cache checks only the file that defines a cached function; a
cached caller keeps the machine code of a callee in another file after that
file is edited.  So each wing's compiled code is a cache domain: on import, a
hash of its source files is compared with the one stored beside its cache,
and on any difference every cached kernel of the domain is discarded before
anything is compiled or loaded (:func:`._common.guard_cache`, the one guard,
called by each domain's common module when it is first imported, before any
kernel of the domain is defined).  This folder is one domain, subfolders
included: each subfolder has its own cache directory, and the guard keeps a
stamp of the hash in each.  Sudoku's kernels are another
(:mod:`dlxnumba.sudoku.kernels._common`), whose hash covers its own files and
this folder's, since it calls the engine's functions: an edit of the engine
discards both caches, an edit of a Sudoku technique only Sudoku's.  Where
numba finds no writable place for a cache at all, the package caches in a
temporary directory and warns once (:func:`._common._ensure_cache_dir`).  No
module outside the kernel folders (this one and Sudoku's) imports numba.

Plain Python
------------
Every kernel also runs as plain Python under ``NUMBA_DISABLE_JIT=1`` (slowly):
the lanes' steps are Python functions that dispatch on the records' classes,
the intrinsics fall back to Python (the cycle counter to
:func:`time.perf_counter_ns`, the atomic fetch-and-add to a plain
read-modify-write under a lock, the lanes being Python threads; ``prange`` is ``range``).
``tests/kernels/test_nojit.py`` runs a problem set both ways and compares the
answers; under ``coverage`` that run measures the compiled code's logic.
"""

from ._common import (JIT, JIT_ENTRY, JIT_INLINED, JIT_INNER, Links, Cursor, Jobs, Results, Bounds, Budgets,
                      TaskResults, LEVEL, PHASE, NODES, UPDATES, SOLUTIONS, MAX_LEVEL, ACTIVE, CLEANSINGS,
                      STATE_SIZE, PH_START, PH_FORWARD, PH_RECOVER, PH_DONE, RET_DONE, RET_SOLUTION,
                      RET_PAUSED, SPACERS, BLOCKS, PLAIN, COLORS, LANE_CUR, LANE_ACTIVE, LANE_FOUND,
                      LANE_FILL, LANE_SIZE, COUNTER_NEXT, COUNTER_IDLE, COUNTER_SLICE, COUNTER_SIZE,
                      ST_SOLVED, ST_NO_SOLUTION, ST_INVALID, ST_MULTIPLE, ST_BUDGET, ST_PENDING, COVERED,
                      BLOCK, IN_BLOCK)

__all__ = ["JIT", "JIT_ENTRY", "JIT_INLINED", "JIT_INNER", "Links", "Cursor", "Jobs", "Results", "Bounds",
           "Budgets", "TaskResults", "LEVEL", "PHASE", "NODES", "UPDATES", "SOLUTIONS", "MAX_LEVEL", "ACTIVE",
           "CLEANSINGS", "STATE_SIZE", "PH_START", "PH_FORWARD", "PH_RECOVER", "PH_DONE", "RET_DONE",
           "RET_SOLUTION", "RET_PAUSED", "SPACERS", "BLOCKS", "PLAIN", "COLORS", "LANE_CUR", "LANE_ACTIVE",
           "LANE_FOUND", "LANE_FILL", "LANE_SIZE", "COUNTER_NEXT", "COUNTER_IDLE", "COUNTER_SLICE",
           "COUNTER_SIZE", "ST_SOLVED", "ST_NO_SOLUTION", "ST_INVALID", "ST_MULTIPLE", "ST_BUDGET",
           "ST_PENDING", "COVERED", "BLOCK", "IN_BLOCK"]
