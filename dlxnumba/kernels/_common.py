"""What every kernel shares: records, constants, jit options, and the cache domains.

Every kernel module, of :mod:`dlxnumba.kernels` and of Sudoku's
:mod:`dlxnumba.sudoku.kernels`, imports its names from here (and its siblings
below it), never from the package itself; this module imports nothing of the
folder.  The data structure that the records and constants describe is
explained in the package's docstring (:mod:`dlxnumba.kernels`).

On import, before any kernel is defined, compiled or loaded, this module makes
sure numba has somewhere to cache (:func:`_ensure_cache_dir`) and discards the
folder's cached machine code when any of its files changed
(:func:`guard_cache`, the one guard of every cache domain: Sudoku's kernels,
:mod:`dlxnumba.sudoku.kernels`, make a domain of their own).
"""

from __future__ import annotations

import hashlib
import os
import types
from collections import namedtuple
from pathlib import Path
from typing import Any

import numpy as np

# The options are typed Any: numba's stubs spell them out as keyword arguments,
# and ``_nrt`` (numba's own switch for reference counting) is not among them.
#: jit options every kernel starts from (one place for all of them), without
#: the C-callable wrapper numba adds for calls through a function pointer
#: (nothing here makes one): one function less to lower and optimize per kernel.
#: No kernel is compiled with these alone: none allocates (Python allocates
#: every array a kernel reads or writes, tests/kernels/test_layout.py checks
#: it), so each goes without numba's reference counting, below.
JIT: Any = dict(cache=True, nogil=True, error_model="numpy", no_cfunc_wrapper=True)
#: jit options of the inner kernels, which neither allocate nor keep arrays:
#: without numba's reference counting (see :mod:`.core.dance`), and without
#: the wrappers that let Python call a kernel (a C-callable one and one that
#: unboxes every argument): only other kernels call them, so each wrapper
#: would be lowered, optimized and turned into machine code for nothing.
#: Calling an inner kernel from Python is not possible (it would crash);
#: plain Python (``NUMBA_DISABLE_JIT=1``) calls them as usual.
JIT_INNER: Any = dict(JIT, _nrt=False, no_cpython_wrapper=True)
#: jit options of the entry points (the kernels Python calls), which neither
#: allocate nor return arrays: without numba's reference counting, which
#: would increment and decrement the count of every array each time a record
#: of arrays is built or taken apart (lowered, then optimized away again, at
#: every first run); and with no allocation, numba compiles none of its
#: allocators and their error messages (about 3 s of a first grade).
JIT_ENTRY: Any = dict(JIT, _nrt=False)
#: jit options of the inner kernels that LLVM inlines into every caller
#: (``forceinline``): numba types and lowers them once, on their own, where
#: ``inline="always"`` would type them again inside each caller (which costs
#: more, the larger the caller), and the machine code is as if inlined.
JIT_FORCED: Any = dict(JIT_INNER, forceinline=True)
#: jit options of the small helpers that numba inlines into the kernels that
#: call them (``inline="always"``): never compiled on their own, except when
#: Python calls one (a test may), so they keep the wrappers.
JIT_HELPER: Any = dict(JIT, _nrt=False, inline="always")
#: jit options of the functions numba inlines into their callers: small
#: helpers, which would otherwise be compiled again for each literal or integer
#: type a caller passes (``clear_step`` was compiled ten times), and the layers
#: between an entry point and the kernel it shares with others.  Each compiled
#: function costs a compile of its own and another optimization of all it
#: calls in each caller: one compiled function per entry point is cheapest.
JIT_INLINED: Any = dict(JIT, inline="always")

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

Bounds = namedtuple("Bounds", "color bound slack tweak")
Bounds.__doc__ = """What Algorithm M (multiplicities) adds to a search: int32 ``color``
(per node, as for colors), ``bound`` (per item ``0..N1``: how many more
options may cover it; private), ``slack`` (upper minus lower bound; shared,
read-only) and ``tweak`` (per level: the first node tweaked, 0 for none)."""

Budgets = namedtuple("Budgets", "stop_at node_budget work_budget")
Budgets.__doc__ = """How far the lanes of a batch go: branch at once on an item of
length ``<= stop_at``; stop a job at ``node_budget`` nodes (``ST_BUDGET``); return
to Python after about ``work_budget`` updates (see :mod:`.core.lanes`).  Passed
as a plain tuple of three integers."""

TaskResults = namedtuple("TaskResults", "status count nodes updates ticks sols cut")
TaskResults.__doc__ = """What a batch of split tasks writes (:mod:`dlxnumba.parallel`): as
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
of its current chunk of :data:`~dlxnumba.kernels.core.lanes.CHUNK` updates."""

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

#: Bytes of padding between the rows of scratch of two lanes that run on two
#: threads: a lane writes its scratch all the time, and two lanes must never
#: write to one pair of cache lines (false sharing: the generator on 2 threads
#: made 1.58x the puzzles of one thread without it).
PAD_BYTES = 256

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

# Slots of a lane vector (see :mod:`.core.lanes`).
LANE_CUR = 0  # job in hand (valid while LANE_ACTIVE)
LANE_ACTIVE = 1  # 1 while a job is being searched
LANE_FOUND = 2  # solutions found for the job in hand
LANE_FILL = 3  # entries used in the lane's row of TaskResults.sols
LANE_SIZE = 4

# Slots of the int64 ``counter`` vector the lanes of a batch share (see :mod:`.core.lanes`).
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


# --------------------------------------------------------------- cache domain

def _probe():
    """A function of this folder, to ask numba where its cache would go."""


def _probe_in(folder: Path) -> Any:
    """:func:`_probe` as if it were defined in ``folder``'s ``__init__.py``:
    numba places a function's cache by the folder of its file."""
    code = _probe.__code__.replace(co_filename=str(folder / "__init__.py"))
    return types.FunctionType(code, {}, "_probe")


def _ensure_cache_dir() -> None:
    """Fall back to a temporary numba cache when there is nowhere to write one.

    numba caches next to the source (``__pycache__``) or in the user's cache
    directory; in a read-only install run by a user without a writable home it
    finds neither, and ``cache=True`` fails at import ("no locator
    available").  Then this process caches in a fresh temporary directory,
    removed when the process ends (so each kernel compiles at most once per
    process, and nothing is left behind), with one warning saying what to do:
    set ``NUMBA_CACHE_DIR``, or run ``dlxnumba warm-up`` where the package is
    writable.
    """
    from numba.core import config
    from numba.core.caching import FunctionCache

    try:
        FunctionCache(_probe)
        return
    except RuntimeError:
        pass
    import atexit
    import shutil
    import tempfile
    import warnings

    cache_dir = tempfile.mkdtemp(prefix="dlxnumba-numba-cache-")
    atexit.register(shutil.rmtree, cache_dir, ignore_errors=True)
    config.CACHE_DIR = cache_dir  # type: ignore[attr-defined]  # (numba's stubs list no settings)
    warnings.warn("dlxnumba: nowhere to keep compiled kernels (no writable numba cache beside the package "
                  "or in your home), so every new process compiles them again (seconds); this one uses "
                  f"{cache_dir}, removed at exit. To compile once: set NUMBA_CACHE_DIR to a writable "
                  "directory, or run `dlxnumba warm-up` as a user who may write to the package "
                  "(e.g. before making the install read-only).",
                  RuntimeWarning, stacklevel=2)


_ensure_cache_dir()


#: The generic engine's folder: its kernels make one cache domain (subfolders included).
FOLDER = Path(__file__).parent


def _sources(folders: tuple[Path, ...]) -> list[Path]:
    """Every source file of ``folders``, subfolders included, in a fixed order."""
    return sorted({p for folder in folders for p in folder.rglob("*.py") if "__pycache__" not in p.parts})


def _domain_hash(sources: list[Path], root: Path) -> str:
    """A hash of the names (relative to ``root``) and contents of ``sources``."""
    h = hashlib.sha256()
    for path in sources:
        h.update(path.relative_to(root).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


def _cache_dirs(sources: list[Path]) -> dict[str, tuple[str, ...]]:
    """Where numba caches the kernels of ``sources``: each directory with the
    prefixes (``module.``) of the cache files of the sources it serves."""
    from numba.core.caching import FunctionCache

    dirs: dict[str, tuple[str, ...]] = {}
    for folder in sorted({p.parent for p in sources}):
        try:
            path = FunctionCache(_probe_in(folder))._cache_path
        except RuntimeError:  # nowhere to cache: nothing to discard
            continue
        stems = tuple(p.stem + "." for p in sources if p.parent == folder)
        dirs[path] = dirs.get(path, ()) + stems
    return dirs


def guard_cache(name: str, folder: Path, depends: tuple[Path, ...] = ()) -> None:
    """Discard the cached machine code of the cache domain ``folder`` if any of
    its files, or of the folders ``depends`` whose kernels it calls, changed.

    numba checks only the file that defines a cached function, so a cached
    caller would keep the machine code of a callee in another file after that
    file is edited.  A hash of every source file of ``folder`` and ``depends``
    (subfolders included) is kept beside each cache directory of ``folder``'s
    kernels, in a stamp named after the domain (``dlxnumba-NAME.stamp``); when
    one differs, every index and machine code file of ``folder``'s kernels there
    is removed (numba compiles them anew and writes them back) and the hash is
    written.  The cache of ``depends`` is not touched: an edit in ``folder``
    keeps the machine code of the kernels it calls.

    Each domain calls this from its common module (the engine's, this one, for
    :data:`FOLDER`; Sudoku's, :mod:`dlxnumba.sudoku.kernels._common`, for its
    folder with the engine's as ``depends``), on import, before any kernel of
    the domain is defined, compiled or loaded.  Set ``DLXNUMBA_CACHE_GUARD=0``
    to skip it (the tests use this to show the stale code the guard prevents).
    """
    if os.environ.get("DLXNUMBA_CACHE_GUARD", "1") == "0":
        return
    own = _sources((folder,))
    root = Path(os.path.commonpath([f.parent for f in (folder, *depends)]))
    digest = _domain_hash(_sources((folder, *depends)), root)
    dirs = _cache_dirs(own)
    stamp = f"dlxnumba-{name}.stamp"
    if all(_read(os.path.join(d, stamp)) == digest for d in dirs):
        return
    for d, stems in dirs.items():
        try:
            for entry in os.listdir(d):
                if entry.endswith((".nbi", ".nbc")) and entry.startswith(stems):
                    os.remove(os.path.join(d, entry))
            with open(os.path.join(d, stamp), "w") as f:
                f.write(digest)
        except OSError:
            pass  # a read-only cache: numba will not write to it either


def _read(path: str) -> str | None:
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return None


guard_cache("kernels", FOLDER)
