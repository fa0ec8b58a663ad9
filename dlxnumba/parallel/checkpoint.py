"""Checkpoints: a split and the results of its finished tasks in a file, for resumable counts.

The file is JSON lines.  The first line (the *header*) holds the format, a
:func:`~dlxnumba.parallel.split.fingerprint` of the problem, the root givens
and ``stop_at``, the whole split (the *plan*: subproblems, weights, the
solutions and statistics above them), and a digest (SHA-256) of all that.
Each further line records one finished task, ``{"task": i, "count": c,
"nodes": n, "updates": u, "seconds": s, "digest": d}``, where ``d`` is a digest
of the record and of the line before it (the header's digest for the first):
the records form a chain, so a line changed, dropped, duplicated, moved or
copied from another file breaks it.

A file is checked whole when it is opened, before any work: the header's
digest; the fingerprint against the problem, givens and ``stop_at`` asked
for; the plan against the problem (:func:`~dlxnumba.parallel.split.check_split`:
every subproblem a node of the search tree, together with the solutions above
them covering it exactly once, the statistics those of the nodes expanded);
the type and range of every field; each record's digest.  Anything wrong is
an :class:`~dlxnumba.ExactCoverError` naming the file and the line.  What is
not an error: an edit that leaves every value the same (white space within a
line, the order of the keys, ``1e-06`` for ``0.000001``), which reads as the
same file; and a last line without its newline (a write cut short by a
crash), which is dropped (its task runs again).  Dropping the last records is
indistinguishable from stopping earlier: those tasks run again, and the total
is the same.  The digests guard against damage and edits, not against a
forger who recomputes them; the plan's check holds even then.

Example
-------
>>> import os, tempfile
>>> from dlxnumba import queens
>>> from dlxnumba.parallel.tasks import count_tasks
>>> p, key = queens(6)
>>> path = os.path.join(tempfile.mkdtemp(), "q6.ckpt")
>>> ck = Checkpoint.open(path, p, tasks=3)
>>> r = count_tasks(p, [ck.split.subproblems[i] for i in ck.remaining()[:2]])
>>> ck.record([(i, r.count[k], r.nodes[k], r.updates[k], r.seconds[k])
...            for k, i in enumerate(ck.remaining()[:2])])
>>> again = Checkpoint.open(path, p)
>>> len(again.done), len(again.remaining()) == len(again.split.subproblems) - 2
(2, True)
"""

from __future__ import annotations

import hashlib
import json
import math
import os
import tempfile
from typing import TYPE_CHECKING, Any, Iterable

import numpy as np

from ..checks import is_integer
from ..errors import ExactCoverError, plain
from ..search_options import SearchOptions
from ..stats import Stats, Status
from ..template import check_given
from .split import Split, SplitOptions, check_split, fingerprint, make_split

if TYPE_CHECKING:  # pragma: no cover
    from ..problem import Problem

__all__ = ["Checkpoint", "CHECKPOINT_FORMAT", "CHECKPOINT_VERSION"]

CHECKPOINT_FORMAT = "dlxnumba-checkpoint"
#: Version 2: digests over the header and each record (version 1 had none, and is refused).
CHECKPOINT_VERSION = 2
_RECORD = ("task", "count", "nodes", "updates", "seconds")
_STATS = ("solutions", "nodes", "updates", "max_level")


def _canonical(value: Any) -> bytes:
    """The text a digest is taken of: the values alone (no white space, keys sorted)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":")).encode()


def _digest(*parts: bytes) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part)
        h.update(b"|")
    return h.hexdigest()


def plan_digest(header: dict) -> str:
    """The digest a checkpoint's first line carries: of its other fields."""
    return _digest(_canonical(header))


def _record_digest(previous: str, record: list) -> str:
    """The digest of one task's record, chained to the line before it."""
    return _digest(previous.encode(), _canonical(record))[:32]


def _damaged(line: int, what: str) -> ExactCoverError:
    """A fault of one line of a checkpoint (:meth:`Checkpoint._load` adds the file's name)."""
    return ExactCoverError(f"line {line}: {what}")


class Checkpoint:
    """A file recording a split and the results of its finished tasks, for resumable counts
    (the format and what is checked: see :mod:`dlxnumba.parallel.checkpoint`).

    The header is written to a temporary file and moved into place
    (:func:`os.replace`), so a file either has a whole header or does not
    exist; task lines are appended and flushed to the disk (``fsync``) as
    tasks finish.  One process writes a checkpoint at a time.  Use:

    * :meth:`open` -- load the file if it exists (refusing one made for
      another problem, other givens or another ``stop_at``, or damaged), else
      split the problem and create it;
    * :attr:`split`, :meth:`remaining` -- what is left to run;
    * :meth:`record` -- append the results of finished tasks (the
      ``on_done`` hook of :func:`~dlxnumba.parallel.tasks.count_tasks` can
      call it directly);
    * :meth:`total` -- the count and :class:`Stats` of the split plus the
      finished tasks, and :attr:`complete`.
    """

    def __init__(self, path: Any, split: Split, done: dict | None = None, last: str = ""):
        self.path = os.fspath(path)
        self.split = split
        #: task index -> (count, nodes, updates, seconds)
        self.done: dict = {} if done is None else done
        self._last = last  # the digest of the last line: the next record chains to it

    # ------------------------------------------------------------- opening

    @classmethod
    def open(cls, path: Any, problem: "Problem", *, given: Iterable[int] = (), stop_at: int = 1,
             tasks: int | None = None, threads: int | None = None, **split_options: Any) -> "Checkpoint":
        """The checkpoint at ``path``: loaded (and checked) when the file exists,
        else a new split of ``problem`` (``tasks``, ``threads`` and
        ``split_options`` as in :func:`~dlxnumba.parallel.split.split`) written there."""
        options = SearchOptions(stop_at=stop_at, threads=threads)
        knobs = SplitOptions(tasks=tasks, **split_options)
        return cls.using(path, problem, check_given(problem, given), options, knobs)

    @classmethod
    def using(cls, path: Any, problem: "Problem", given: np.ndarray, options: SearchOptions,
              knobs: SplitOptions, *, asked: str = "threads= and checkpoint=",
              instead: str = "leave them out to search it serially") -> "Checkpoint":
        """:meth:`open`, for the layers that hold the records already."""
        if os.path.exists(path):
            return cls._load(path, problem, given, options.stop_at)
        return cls._write(path, make_split(problem, given, options, knobs, asked=asked, instead=instead))

    @classmethod
    def create(cls, path: Any, split: Split) -> "Checkpoint":
        """Write a new checkpoint of ``split`` at ``path`` (atomically; an existing
        file is replaced).  The split must be the search's own
        (:func:`~dlxnumba.parallel.split.check_split`): it is checked first."""
        check_split(split)
        return cls._write(path, split)

    @classmethod
    def _write(cls, path: Any, split: Split) -> "Checkpoint":
        header = _header(split)
        header["digest"] = plan_digest(header)
        path = os.fspath(path)
        folder = os.path.dirname(os.path.abspath(path))
        try:
            fd, tmp = tempfile.mkstemp(prefix=".dlxnumba-ckpt-", dir=folder)
            with os.fdopen(fd, "w") as f:
                f.write(json.dumps(header, separators=(",", ":")) + "\n")
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except OSError as e:
            raise ExactCoverError(f"cannot write the checkpoint {path}: {e.strerror or e}") from None
        return cls(path, split, last=header["digest"])

    @classmethod
    def load(cls, path: Any, problem: "Problem", *, given: Iterable[int] = (), stop_at: int = 1) -> "Checkpoint":
        """Read the checkpoint at ``path``, made for ``problem`` with ``given`` and ``stop_at``.

        Raises :class:`ExactCoverError` naming the file (and the line) when it
        is not a checkpoint, is damaged or edited, or was made for another
        problem, other givens or another ``stop_at``.
        """
        return cls._load(path, problem, check_given(problem, given), SearchOptions(stop_at=stop_at).stop_at)

    @classmethod
    def _load(cls, path: Any, problem: "Problem", given: np.ndarray, stop_at: int) -> "Checkpoint":
        path = os.fspath(path)
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError as e:
            raise ExactCoverError(f"cannot read the checkpoint {path}: {e.strerror or e}") from None
        lines = data.split(b"\n")
        torn = lines.pop()  # b"" after a final newline; else a line cut short by a crash
        header = _json(lines[0]) if lines else None
        if not isinstance(header, dict) or header.get("format") != CHECKPOINT_FORMAT:
            raise ExactCoverError(f"{path} is not a dlxnumba checkpoint")
        if header.get("version") != CHECKPOINT_VERSION:
            raise ExactCoverError(f"{path} is a checkpoint of version {plain(header.get('version'))}; this "
                                  f"dlxnumba reads version {CHECKPOINT_VERSION}: delete it to count again")
        body = {k: v for k, v in header.items() if k != "digest"}
        if header.get("digest") != plan_digest(body):
            raise _in_file(path, _damaged(1, "the header does not match its digest (edited or damaged)"))
        _check_fingerprint(path, header, problem, given, stop_at)
        try:
            split = _split_of(header, problem, tuple(given.tolist()), stop_at)
            done, last = _records(lines[1:], len(split.subproblems), header["digest"])
        except ExactCoverError as e:
            raise _in_file(path, e) from None
        if torn:  # drop the torn line, so that the next record starts on a line of its own
            try:
                with open(path, "r+b") as f:
                    f.truncate(len(data) - len(torn))
            except OSError as e:
                raise ExactCoverError(f"cannot repair the checkpoint {path}: {e.strerror or e}") from None
        return cls(path, split, done, last)

    # ------------------------------------------------------------- using

    def remaining(self) -> list:
        """The indices of the tasks not finished yet, in the split's order."""
        return [i for i in range(len(self.split.subproblems)) if i not in self.done]

    @property
    def complete(self) -> bool:
        """Whether every task is finished."""
        return len(self.done) == len(self.split.subproblems)

    def record(self, finished: Iterable[tuple]) -> None:
        """Append ``(index, count, nodes, updates, seconds)`` of finished tasks to the file
        (flushed to the disk before returning); tasks already recorded are skipped."""
        fresh = []
        last = self._last
        for i, c, nd, up, sec in finished:
            i = int(i)
            if i in self.done:
                continue
            rec = [i, int(c), int(nd), int(up), round(float(sec), 6)]
            last = _record_digest(last, rec)
            self.done[i] = (rec[1], rec[2], rec[3], rec[4])
            fresh.append(json.dumps({**dict(zip(_RECORD, rec)), "digest": last}, separators=(",", ":")))
        if not fresh:
            return
        try:
            with open(self.path, "a") as f:
                f.write("\n".join(fresh) + "\n")
                f.flush()
                os.fsync(f.fileno())
        except OSError as e:
            raise ExactCoverError(f"cannot write the checkpoint {self.path}: {e.strerror or e}") from None
        self._last = last

    def total(self) -> tuple[int, Stats]:
        """The solutions, and the :class:`Stats`, of the split plus the finished tasks."""
        st = self.split.stats
        c = len(self.split.solutions) + sum(v[0] for v in self.done.values())
        stats = Stats(solutions=c, nodes=st.nodes + sum(v[1] for v in self.done.values()),
                      updates=st.updates + sum(v[2] for v in self.done.values()), max_level=st.max_level,
                      seconds=st.seconds + sum(v[3] for v in self.done.values()),
                      status=Status.COMPLETE if self.complete else Status.RUNNING)
        return c, stats


# ---------------------------------------------------------------------------
# Reading a file, field by field
# ---------------------------------------------------------------------------


def _in_file(path: str, e: ExactCoverError) -> ExactCoverError:
    return ExactCoverError(f"the checkpoint {path} is damaged: {e}; delete it to count again")


def _header(split: Split) -> dict:
    st = split.stats
    return {"format": CHECKPOINT_FORMAT, "version": CHECKPOINT_VERSION,
            "fingerprint": split.fingerprint(), "stop_at": split.stop_at, "given": list(split.given),
            "subproblems": [list(sp) for sp in split.subproblems],
            "weights": [float(x) for x in split.weights], "exact": [bool(x) for x in split.exact],
            "solutions": [list(s) for s in split.solutions],
            "stats": {"solutions": int(st.solutions), "nodes": int(st.nodes), "updates": int(st.updates),
                      "max_level": int(st.max_level), "seconds": float(st.seconds)},
            "split_seconds": float(split.seconds)}


def _json(line: bytes) -> Any:
    try:
        return json.loads(line)
    except ValueError:  # (UnicodeDecodeError too)
        return None


def _check_fingerprint(path: str, header: dict, problem: "Problem", given: np.ndarray, stop_at: int) -> None:
    if header.get("fingerprint") != fingerprint(problem, given.tolist(), stop_at):
        what = ("stop_at" if header.get("stop_at") != stop_at
                else "given options" if header.get("given") != given.tolist() else "problem")
        raise ExactCoverError(f"the checkpoint {path} was made for another {what}: "
                              f"delete it or give the one it was made for")


def _ints(value: Any, what: str, low: int = 0) -> list:
    """``value`` as a list of integers of at least ``low`` (line 1), else an error."""
    if not isinstance(value, list) or not all(is_integer(x) and x >= low for x in value):
        raise _damaged(1, f"{what} must be a list of integers of at least {low}")
    return value


def _split_of(header: dict, problem: "Problem", root: tuple, stop_at: int) -> Split:
    """The plan of the header (its fields checked, then the plan against the problem)."""
    try:
        subs, weights, exact = header["subproblems"], header["weights"], header["exact"]
        sols, st, seconds = header["solutions"], header["stats"], header["split_seconds"]
    except KeyError as e:
        raise _damaged(1, f"the header has no {e.args[0]!r}") from None
    if not isinstance(subs, list) or not isinstance(sols, list):
        raise _damaged(1, "subproblems and solutions must be lists")
    subproblems = [tuple(_ints(s, f"subproblem {i}")) for i, s in enumerate(subs)]
    solutions = [list(_ints(s, f"solution {i}")) for i, s in enumerate(sols)]
    n = len(subproblems)
    if not (isinstance(weights, list) and len(weights) == n
            and all(_real(w) and math.isfinite(w) and w >= 0 for w in weights)):
        raise _damaged(1, f"weights must be {n} non-negative numbers, one per subproblem")
    if not (isinstance(exact, list) and len(exact) == n and all(isinstance(x, bool) for x in exact)):
        raise _damaged(1, f"exact must be {n} true/false values, one per subproblem")
    if not isinstance(st, dict) or not all(is_integer(st.get(k)) and st[k] >= 0 for k in _STATS) \
            or not _real(st.get("seconds")) or not _real(seconds):
        raise _damaged(1, "stats must hold the split's solutions, nodes, updates, max_level and seconds")
    stats = Stats(solutions=st["solutions"], nodes=st["nodes"], updates=st["updates"],
                  max_level=st["max_level"], seconds=float(st["seconds"]), status=Status.COMPLETE)
    sp = Split(problem, root, stop_at, subproblems, [float(w) for w in weights], list(exact), solutions, stats,
               float(seconds))
    try:
        check_split(sp)
    except ExactCoverError as e:
        raise _damaged(1, f"the plan is not a split of this problem: {e}") from None
    return sp


def _real(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _records(lines: list, n: int, previous: str) -> tuple[dict, str]:
    """The finished tasks of the record lines (line 2 on), each checked: ``(done, last digest)``."""
    done: dict = {}
    for k, line in enumerate(lines, start=2):
        rec = _json(line)
        if not isinstance(rec, dict) or set(rec) != {*_RECORD, "digest"}:
            raise _damaged(k, "not a task record")
        values = [rec[key] for key in _RECORD]
        if not all(is_integer(v) and v >= 0 for v in values[:4]) or not _real(values[4]) or values[4] < 0:
            raise _damaged(k, "a task record holds non-negative integers (and seconds)")
        previous = _record_digest(previous, values)
        if rec["digest"] != previous:
            raise _damaged(k, "the record does not match its digest (edited or damaged, or a line before "
                              "it dropped, moved or copied)")
        i = values[0]
        if i >= n:
            raise _damaged(k, f"no task {i} (the split has {n})")
        if i in done:
            raise _damaged(k, f"task {i} is recorded twice")
        done[i] = (values[1], values[2], values[3], float(values[4]))
    return done, previous
