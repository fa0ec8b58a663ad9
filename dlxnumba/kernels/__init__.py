"""Every compiled function of dlxnumba, and the data structure they share.

This folder holds all the ``@njit`` code and nothing else: kernels see only
arrays, records (named tuples of arrays) and scalars.  Validation, names and
Python objects live above, in :mod:`dlxnumba.problem`, :mod:`dlxnumba.search`,
:mod:`dlxnumba.batch` and the front ends.

======================  =====================================================
:mod:`.dance`           stepping along an option; cover, uncover, hide
:mod:`.search`          the search loop per layout; givens; chosen options
:mod:`.lanes`           many jobs on one template, one lane per thread
:mod:`.sudoku`          Sudoku fast paths: links from givens, rule checks
:mod:`.split`           splitting a search tree: expand a node, measure a subtree
:mod:`.build`           the links of a large problem, in one pass
:mod:`.cells`           dancing cells: SSXC1, SSXCC, SSMCC (own docstring)
:mod:`.generate`        puzzle generation: PRNG, bitmask solver, clue removal
:mod:`.logic`           Sudoku techniques on candidate bitmasks; search effort
:mod:`.zdd`             DLX6: memoized search building a ZDD of every solution
======================  =====================================================

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
    can restore the list in one pass.  Algorithm M's loop is :func:`.search._search_m`.

The search
----------
One loop, :func:`.search._search`, with DLX1's named steps (forward, advance,
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
search (``PLAIN`` or ``COLORS``) reaches :func:`.search._search` as a
compile-time constant, like the layout, so a plain search runs the same
machine code as before colors existed.
Branching takes the active primary item of minimum length, leftmost among
equals; the scan stops early at an item of length ``<= stop_at`` (``0`` is
DLX1's rule, ``1`` is the common "forced move" shortcut).  DLX1 finds it by
walking the item list, one dependent load per active item.  Here a covered
item's ``length`` carries an extra ``2**30`` (``COVERED``), so the lengths can
be scanned by item number, which the compiler vectorizes: about 50 times
cheaper per item than the walk, but over every item between the first active
one (``rlink[0]``) and the last (``llink[0]``), covered or not.  So
:func:`.search.choose` picks per node, with the same answer either way:

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
  :data:`SudokuJobs` and :data:`SudokuResults` for batches of grids, and
  :data:`TaskResults` for the subproblems of a split search (see
  :mod:`.lanes`).  The lanes are compiled once per record type: the type of
  the jobs chooses how a job is linked up, at compile time.

Inside compiled code they are named tuples.  Python hands them over as *plain*
tuples in field order (``tuple(record)``): numba types a plain tuple of arrays
at the call boundary in about 0.15 us, a named tuple in about 1 us, which
matters on an easy Sudoku solved in 10 us.  Every entry point called from
Python therefore starts with ``links = Links(*links)`` and the like.

The cache domain
----------------
numba's on-disk cache checks only the file that defines a cached function; a
cached caller keeps the machine code of a callee in another file after that
file is edited.  So this folder is one cache domain: on import, a hash of all
its source files is compared with the one stored beside the cache, and on any
difference every cached kernel of the folder is discarded before anything is
compiled or loaded (:func:`_guard_cache`).  Where numba finds no writable
place for a cache at all, the folder caches in a temporary directory and warns
once (:func:`_ensure_cache_dir`).  No module outside this folder imports numba.
"""

from __future__ import annotations

import hashlib
import os
from collections import namedtuple
from pathlib import Path
from typing import Any

import numpy as np

# The options are typed Any: numba's stubs spell them out as keyword arguments,
# and ``_nrt`` (numba's own switch for reference counting) is not among them.
#: jit options of every serial kernel (one place for all of them).
JIT: Any = dict(cache=True, nogil=True, error_model="numpy")
#: jit options of the inner kernels, which neither allocate nor keep arrays:
#: without numba's reference counting (see :mod:`.dance`).
JIT_INNER: Any = dict(JIT, _nrt=False)
#: jit options of the kernels that run lanes on several threads.
JIT_PARALLEL: Any = dict(JIT, parallel=True)

# --------------------------------------------------------------------- records

Links = namedtuple("Links", "llink rlink top ulink dlink length")
Links.__doc__ = """The links of one search: uint32 views ``llink, rlink, ulink, dlink``,
int32 ``top`` (shared, read-only) and ``length``."""

Cursor = namedtuple("Cursor", "choice profile state")
Cursor.__doc__ = """Where a search stands: int32 ``choice`` (the node tried at each
level), int64 ``profile`` (nodes per level), int64 ``state`` (slots below)."""

Jobs = namedtuple("Jobs", "given_ptr given limit")
Jobs.__doc__ = """The jobs of a batch: job ``i`` forces the options
``given[given_ptr[i]:given_ptr[i + 1]]`` (int64 pointers, int32 options) and
looks for at most ``limit[i]`` solutions (int64, >= 1)."""

Results = namedtuple("Results", "status count nodes updates first first_len")
Results.__doc__ = """What a batch writes per job: int8 ``status`` (ST_*), int64
``count`` (solutions found), ``nodes`` and ``updates``, and the first solution
as the chosen options ``first[i, :first_len[i]]`` (int32, givens excluded)."""

SudokuJobs = namedtuple("SudokuJobs", "limit puzzles n cell_regions")
SudokuJobs.__doc__ = """Sudoku jobs: the givens of job ``i`` are row ``i`` of
``puzzles`` (uint8, 0 = empty), with ``n`` digits and the geometry's flat
``cell_regions`` (int32, three regions a cell); ``limit`` as in :data:`Jobs`."""

Bounds = namedtuple("Bounds", "color bound slack tweak")
Bounds.__doc__ = """What Algorithm M (multiplicities) adds to a search: int32 ``color``
(per node, as for colors), ``bound`` (per item ``0..N1``: how many more
options may cover it; private), ``slack`` (upper minus lower bound; shared,
read-only) and ``tweak`` (per level: the first node tweaked, 0 for none)."""

SudokuResults = namedtuple("SudokuResults", "status count nodes updates grid")
SudokuResults.__doc__ = """What a Sudoku batch writes: as :data:`Results`, with
the first solution as the filled grid ``grid[i]`` (uint8, zeros when none)."""

TaskResults = namedtuple("TaskResults", "status count nodes updates ticks sols cut")
TaskResults.__doc__ = """What a batch of split tasks writes (:mod:`dlxnumba.split`): as
:data:`Results`, plus int64 ``ticks`` (the processor's cycle counter, summed
over the job's time in its lane) and ``sols``, one int32 row per lane in which
the lane appends each solution as ``job, k, option_1 .. option_k`` (the chosen
options, givens excluded; slot ``LANE_FILL`` of the lane is the row's fill).
With ``sols`` of zero columns the jobs are counted only: the search does not
stop at each solution.  ``cut``, int32, one row per lane of ``n1 + 3``
entries (or no rows): when a job stops at its node budget, the lane writes
``job, L, option_1 .. option_L`` there, the options chosen from the job's
node down to the node it was about to enter, and pauses (Python reads the row
and sets ``L`` to 0).  With ``cut`` rows the lanes also share the work: once
a lane finds no job left, each busy lane cuts its job the same way at the end
of its current chunk of :data:`~dlxnumba.kernels.lanes.CHUNK` updates."""

# ------------------------------------------------------------------- constants

# Slots of the int64 ``state`` vector of a resumable search.
LEVEL = 0  # current level
PHASE = 1  # where to resume: one of the PH_* codes
NODES = 2  # nodes of the search tree so far (DLX1's ``nodes``)
UPDATES = 3  # covers + hides so far (DLX1's ``updates``)
SOLUTIONS = 4  # solutions visited so far
MAX_LEVEL = 5  # deepest level entered
ACTIVE = 6  # active primary items (kept only with more than 64 primary items)
CLEANSINGS = 7  # DLX2's cleansings (with colors)
STATE_SIZE = 8

PH_START = 0  # nothing done yet
PH_FORWARD = 1  # enter a new level (after a pause on the budget)
PH_RECOVER = 2  # a solution was just visited: undo choice[level] and advance
PH_DONE = 3  # the search tree is exhausted

# Return codes of the search.
RET_DONE = 0
RET_SOLUTION = 1
RET_PAUSED = 2

# Layouts of the options (``width``).
SPACERS = 0
BLOCKS = 4

# Kinds of the exact-cover search (``colored``).
PLAIN = 0  # Algorithm X (DLX1)
COLORS = 1  # Algorithm C (DLX2): colored secondary items

# Slots of a lane vector (see :mod:`.lanes`).
LANE_CUR = 0  # job in hand (valid while LANE_ACTIVE)
LANE_ACTIVE = 1  # 1 while a job is being searched
LANE_FOUND = 2  # solutions found for the job in hand
LANE_FILL = 3  # entries used in the lane's row of TaskResults.sols
LANE_SIZE = 4

# Slots of the int64 ``counter`` vector the lanes of a batch share (see :mod:`.lanes`).
COUNTER_NEXT = 0  # the next job to take
COUNTER_IDLE = 1  # lanes of split tasks that found no job left: the busy ones then cut theirs
COUNTER_SLICE = 2  # cycles a slice of split tasks lasts (0: the work budget alone ends it)
COUNTER_SIZE = 3

# Job statuses (mirrored by dlxnumba.batch.Status).
ST_SOLVED = 0  # exactly one solution found
ST_NO_SOLUTION = 1  # the search was exhausted without a solution
ST_INVALID = 2  # the givens conflict (or a Sudoku's givens break a rule)
ST_MULTIPLE = 3  # two or more solutions found
ST_BUDGET = 4  # the node budget or the time ran out first
ST_PENDING = 5  # not finished yet

_U0 = np.uint32(0)
_U1 = np.uint32(1)
#: Added to the length of a covered item, so that branching can scan the
#: lengths by item number without consulting the item list.
COVERED = np.int32(1 << 30)
#: Masks of the four-node-block layout: the block of a node, its place in it.
BLOCK = np.uint32(0xFFFFFFFC)
IN_BLOCK = np.uint32(3)



def _probe():
    """A function of this folder, to ask numba where its cache would go."""


def _ensure_cache_dir() -> None:
    """Fall back to a temporary numba cache when there is nowhere to write one.

    numba caches next to the source (``__pycache__``) or in the user's cache
    directory; in a read-only install run by a user without a writable home it
    finds neither, and ``cache=True`` fails at import ("no locator
    available").  Then this process caches in a fresh temporary directory, with
    one warning saying how to choose a lasting one (``NUMBA_CACHE_DIR``).
    """
    from numba.core import config
    from numba.core.caching import FunctionCache

    try:
        FunctionCache(_probe)
        return
    except RuntimeError:
        pass
    import tempfile
    import warnings

    cache_dir = tempfile.mkdtemp(prefix="dlxnumba-numba-cache-")
    config.CACHE_DIR = cache_dir  # type: ignore[attr-defined]  # (numba's stubs list no settings)
    warnings.warn("dlxnumba: no writable numba cache beside the package or in your home; "
                  f"compiled code is cached in {cache_dir} for this process only. "
                  "Set NUMBA_CACHE_DIR to a writable directory to keep it.",
                  RuntimeWarning, stacklevel=2)


_ensure_cache_dir()

from . import build, dance, generate, lanes, logic, search, split, sudoku  # noqa: E402  (they read the names above)
from . import cells  # noqa: E402  (dancing cells)
from . import zdd  # noqa: E402  (DLX6: a ZDD of every solution)

_DOMAIN = (build, dance, search, lanes, split, sudoku, logic, generate, cells, zdd)
_STAMP = "dlxnumba-kernels.stamp"


def _domain_hash() -> str:
    """A hash of every source file of this folder."""
    h = hashlib.sha256()
    for path in sorted(Path(__file__).parent.glob("*.py")):
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()


def _cached_kernels() -> list:
    """The dispatchers of this folder that cache to disk."""
    out = []
    for module in _DOMAIN:
        for value in vars(module).values():
            cache = getattr(value, "_cache", None)
            if cache is not None and hasattr(cache, "_cache_path") and value not in out:
                out.append(value)
    return out


def _guard_cache() -> None:
    """Discard this folder's cached machine code if any of its files changed.

    Runs on import, before any kernel is compiled or loaded.  Set
    ``DLXNUMBA_CACHE_GUARD=0`` to skip it (the tests use this to show the
    stale code the guard prevents).
    """
    if os.environ.get("DLXNUMBA_CACHE_GUARD", "1") == "0":
        return
    kernels = _cached_kernels()
    digest = _domain_hash()
    dirs = sorted({k._cache._cache_path for k in kernels})
    if all(_read(os.path.join(d, _STAMP)) == digest for d in dirs):
        return
    stems = {m.__name__.rpartition(".")[2] + "." for m in _DOMAIN}  # the files' names
    for k in kernels:
        try:
            k._cache.flush()  # an empty index: nothing stale can be loaded
        except OSError:
            pass
    for d in dirs:
        try:
            for name in os.listdir(d):
                if name.endswith(".nbc") and any(name.startswith(s) for s in stems):
                    os.remove(os.path.join(d, name))
            with open(os.path.join(d, _STAMP), "w") as f:
                f.write(digest)
        except OSError:
            pass  # a read-only cache: numba will not write to it either


def _read(path: str) -> str | None:
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


_guard_cache()
