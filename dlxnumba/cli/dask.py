"""``--dask ADDRESS``: the command line's work on a Dask cluster (:mod:`dlxnumba.parallel.dask`,
:mod:`dlxnumba.sudoku.dask`).

* ``dlxnumba cover FILE --count --dask ADDRESS``: the problem is split and
  its subproblems counted on the cluster (``--checkpoint FILE`` makes the
  count resumable);
* ``dlxnumba solve --count --dask ADDRESS PUZZLE``: the same for each puzzle;
* ``dlxnumba solve --dask ADDRESS FILE``: the file is read in chunks of
  :data:`CHUNK_SIZE` puzzles, each chunk solved on a worker, the answers
  written in input order as soon as a chunk and all before it are done
  (one output per input entry; unreadable ones keep their place), with at most
  two chunks per worker thread in flight, so a file of any size streams
  through in bounded memory.

``ADDRESS`` is a scheduler's address (``tcp://host:8786``), or ``local`` for a
``LocalCluster`` of one worker process per core started for the run.  This
module imports only the standard library at load time (``--help`` stays fast).
"""

from __future__ import annotations

import functools
from typing import Any

from ..errors import ExactCoverError, LimitReached, SudokuError
from .common import EXIT_OK, EXIT_UNSOLVED, REDRAW_SECONDS, _error, _note

#: Puzzles per task when a file is solved on Dask (at ~10,000 puzzles/s a task
#: takes about 2 s: Dask's cost per task, ~2-5 ms, is well under 1%).
CHUNK_SIZE = 20_000

HELP = ("run on a Dask cluster: a scheduler address (tcp://host:8786), or 'local' for a "
        "LocalCluster of one worker process per core (needs: pip install \"dlxnumba[dask]\")")


#: How a refusal to split names --dask, and what to do instead.
ASKED = "--dask"
INSTEAD = "leave it out to count on this machine, serially"


def add_option(parser) -> None:
    """Add ``--dask ADDRESS`` to a command's parser."""
    parser.add_argument("--dask", metavar="ADDRESS", help=HELP)


def refuse(args, command: str) -> str | None:
    """Why the options of ``args`` cannot go with --dask (None: they can)."""
    if args.dask is None:
        return None
    if not args.dask.strip():
        return "--dask needs a scheduler address or 'local'"
    budgets = [("--limit", args.limit), ("--max-nodes", args.max_nodes), ("--threads", args.threads)]
    if command == "solve":
        budgets.append(("--timeout", args.timeout))
    bad = [name for name, value in budgets if value is not None]
    if bad:
        return (f"{' and '.join(bad)} cannot go with --dask (it counts or solves everything, "
                f"on the workers' threads)")
    if command == "cover" and not args.count:
        return "dlxnumba cover --dask needs --count"
    return None


def _from_dask(e: Exception) -> bool:
    """Whether ``e`` is Dask's (a task that killed its workers, a lost scheduler, ...)."""
    return type(e).__module__.split(".")[0] in ("distributed", "dask")


def _describe(e: Exception) -> str:
    """``Name: message`` of an exception whose message may fail to be made."""
    try:
        text = str(e)
    except Exception:
        text = ""
    return f"{type(e).__name__}: {text}" if text else type(e).__name__


def _distributed_missing() -> str | None:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return '--dask needs the distributed package: pip install "dlxnumba[dask]"'
    return None


# ---------------------------------------------------------------------------
# dlxnumba cover --count --dask
# ---------------------------------------------------------------------------


def count_cover(problem, args, out, progress, state) -> int:
    """Count the solutions of ``problem`` on the cluster, write the count; the exit status."""
    missing = refuse(args, "cover") or _distributed_missing()
    if missing:
        return _error(missing)
    from ..parallel import dask as dd
    from ..parallel.split import check_splittable

    watch = getattr(state, "watch", None)  # kept: a count stopped by Ctrl-C says what it found

    def report(p):  # a dlxnumba.progress.Progress: tasks done, fraction by weight
        if watch is not None:
            watch.last = p
        progress.draw(p.line())

    checkpoint = getattr(args, "checkpoint", None)
    try:
        check_splittable(problem, asked=ASKED, instead=INSTEAD)
        r = dd.count_run(problem, args.dask, stop_at=args.stop_at, checkpoint=checkpoint, timeout=args.timeout,
                         progress=report if progress.enabled or watch is not None else None,
                         progress_interval=REDRAW_SECONDS)
    except (ConnectionError, ExactCoverError) as e:
        progress.clear()
        return _error(e)
    except LimitReached as e:  # --timeout
        progress.clear()
        state.stopped = e.reason.label
        state.found = int(e.found)
        state.dask_summary = _stopped_summary(e.stats)
        out.write(f"{state.found}+\n")
        state.written = True
        _note(f"--timeout ran out: the count is a lower bound"
              f"{f'; run the same command again to resume from {checkpoint}' if checkpoint else ''}")
        return EXIT_UNSOLVED
    except Exception as e:
        if not _from_dask(e):
            raise
        progress.clear()
        return _error(f"the Dask cluster failed: {_describe(e)}")
    progress.clear()
    state.found = r.count
    state.dask_summary = cover_summary(r)
    out.write(f"{r.count}\n")
    state.written = True
    if r.resumed:
        _note(f"resumed from {args.checkpoint}: {r.resumed} of {len(r.split.subproblems)} "
              f"subproblems were counted before")
    return EXIT_OK


def cover_summary(r) -> str:
    """The --stats lines of a Dask count (``r``: a DaskRun)."""
    s = r.stats
    return (f"solutions:  {r.count}\nnodes:      {s.nodes}\nupdates:    {s.updates}\n"
            f"seconds:    {s.seconds:.3f}\nsplit:      {len(r.split.subproblems)} subproblems"
            f"{f' ({r.resumed} done before, in the checkpoint)' if r.resumed else ''}\n"
            f"tasks:      {len(r.tasks)} on {r.threads} worker threads\nrun:        complete\n")


def _stopped_summary(s) -> str:
    """The --stats lines of a Dask count stopped by --timeout (``s``: its Stats)."""
    return (f"solutions:  {s.solutions}+\nnodes:      {s.nodes}\nupdates:    {s.updates}\n"
            f"seconds:    {s.seconds:.3f}\nrun:        stopped: --timeout ran out\n")


# ---------------------------------------------------------------------------
# dlxnumba solve --dask
# ---------------------------------------------------------------------------


@functools.cache
def _solver_class(solver_base: type) -> type:
    """The solver of ``solve --dask``: a subclass of ``solve``'s ``_Solver`` (handed
    in, so that this module does not import ``solve``, which imports it)."""

    class _DaskSolver(solver_base):  # type: ignore[valid-type,misc]
        """Counts each puzzle on the cluster (split into subproblems there)."""

        client: Any = None
        checkpoint: str | None = None

        def _count_one(self, cells, o, i: int, report) -> None:
            from ..parallel import dask as dd

            S = self.S
            try:
                puzzle = self.puzzle(cells)  # with the run's rules (box, variant), as without --dask
            except SudokuError:
                return  # INVALID; Results.write finds the reason
            self.check_split(puzzle, ASKED, INSTEAD)
            if self.checkpoint is not None:  # as without --dask
                if getattr(self, "checkpointed", False):
                    raise SudokuError("--checkpoint counts one puzzle, and the input has more than one")
                self.checkpointed = True
            r = dd.count_run(puzzle, self.client, checkpoint=self.checkpoint,
                             progress=(lambda p: report(p)) if report is not None else None,
                             progress_interval=REDRAW_SECONDS)
            n = r.count
            o.status[i] = int(S.Status.NO_SOLUTION if n == 0 else S.Status.SOLVED if n == 1 else S.Status.MULTIPLE)
            o.counts[i], o.exact[i] = n, True
            o.nodes[i], o.updates[i] = r.stats.nodes, r.stats.updates

    return _DaskSolver


@functools.cache
def _run_class(run_base: type, solver_base: type) -> type:
    """The run of ``solve --dask``: a subclass of ``solve``'s ``_SolveRun`` (handed in,
    as the solver's base class) whose solver is :func:`_solver_class`'s."""

    class DaskSolveRun(run_base):  # type: ignore[valid-type,misc]
        """``dlxnumba solve --dask``: chunks solved on the cluster, written in input order."""

        solver_class = _solver_class(solver_base)

        def __init__(self, args, out, progress):
            super().__init__(args, out, progress)
            self.solver.checkpoint = getattr(args, "checkpoint", None)
            if not args.count:
                self.chunk_size = CHUNK_SIZE
            self.queue: list = []  # (cells, valid, reasons, future) in input order
            self.client: Any = None

        def run(self, sources) -> int:
            missing = refuse(self.args, "solve") or _distributed_missing()
            if missing:
                return _error(missing)
            from ..parallel import dask as dd
            from ..sudoku.dask import CHUNKS_IN_FLIGHT

            try:
                with dd.connect(self.args.dask) as client:
                    self.client = self.solver.client = client
                    self.depth = CHUNKS_IN_FLIGHT * dd.worker_threads(client)
                    try:
                        code = super().run(sources)
                        self.flush()  # after an input error too: the chunks read before it are answered
                        return code
                    except KeyboardInterrupt:  # write what is finished (in order), then stop
                        while self.queue and (self.queue[0][3] is None or self.queue[0][3].done()):
                            self.write_first()
                        raise
                    finally:
                        if self.queue:
                            client.cancel([q[3] for q in self.queue if q[3] is not None])
            except (ConnectionError, ExactCoverError) as e:
                self.progress.clear()
                self.stop("error")
                return _error(e)
            except Exception as e:
                if not _from_dask(e):
                    raise
                self.progress.clear()
                self.stop("error")
                return _error(f"the Dask cluster failed: {_describe(e)}")

        def solve_chunk(self, chunk, reasons: dict) -> None:
            if self.args.count:
                super().solve_chunk(chunk, reasons)
                return
            from ..sudoku.dask import ChunkSolver

            np = self.np
            self.read += len(chunk)
            self.unreadable += len(reasons)
            if reasons and self.first_error is None:  # type: ignore[has-type]
                self.first_error = reasons[min(reasons)]
            valid = np.ones(len(chunk), bool)
            if reasons:
                valid[list(reasons)] = False
            rows = chunk[valid]
            future = None
            if len(rows):
                # the chunk's rules travel in the solver record, as the serial solver reads them
                solver = ChunkSolver.make(limit=self.solver.limit, **self.solver.rules(), **self.solver.engine())
                future = self.client.submit(solver, rows, pure=False, retries=2)
            self.queue.append((chunk, valid, reasons, future))
            while len(self.queue) >= self.depth:
                self.write_first()

        def write_first(self) -> None:
            """Wait for the oldest chunk in flight and write its answers."""
            chunk, valid, reasons, future = self.queue[0]
            o = self.solver._blank(chunk)
            if future is not None:
                sols, status, nodes, updates, _counts = future.result()
                o.sol[valid], o.status[valid], o.nodes[valid], o.updates[valid] = sols, status, nodes, updates
            self.queue.pop(0)
            self.results.write(chunk, o, reasons)
            self.show(self.results.done)

        def flush(self) -> None:
            """Write the answers of every chunk in flight, in order."""
            while self.queue:
                self.write_first()

        def exit_status(self) -> int:
            self.flush()
            return super().exit_status()

    return DaskSolveRun


def solve_run(args, out, progress, run_base: type, solver_base: type) -> Any:
    """The run of ``dlxnumba solve`` with --dask (``run_base``, ``solver_base``:
    ``solve._SolveRun`` and ``solve._Solver``)."""
    return _run_class(run_base, solver_base)(args, out, progress)
