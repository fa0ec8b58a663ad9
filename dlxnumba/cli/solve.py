"""``dlxnumba solve``: solve Sudoku puzzles from a file or stdin.

A run is four parts with one job each: :class:`_Input` reads the puzzles chunk
by chunk (and works out the grid size), :class:`_Solver` calls the batch
solver (or counts) on slices of a chunk, :class:`_Results` writes each slice's
results in line, grid or json form, and :class:`_SolveRun` drives them.
"""

from __future__ import annotations

import argparse
import bisect
import json
import math
import sys
import time

from ..errors import InputError, LimitReached, SudokuError
from .common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, RAW_HELP, REDRAW_SECONDS, _box,
                     _error, _Lines, _non_negative_int, _one_line, _Output,
                     _positive_int, _Progress, _progress_wanted, _read_ahead, _seconds)

HELP = "solve Sudoku puzzles from a file or stdin"

DESCRIPTION = """\
Solve Sudoku puzzles with dancing links, in compiled code, on several threads.

The input holds one puzzle per line (digits, letters for 10 and up, '.', '0'
or '_' for an empty cell; spaces and grid drawing are ignored) or multi-line
grids, one row per line, separated by blank lines or lines such as 'Grid 01'.
Lines starting with '#' are comments.  All puzzles of one file have the same
size; 9x9 is usual, 4x4, 6x6, 16x16, 25x25 ... work too.

Every puzzle gives one result, in input order, nothing dropped.  A result is
one of the statuses SOLVED, NO_SOLUTION, INVALID (unreadable, wrong size, or
the givens break a rule; the reason is given), MULTIPLE (with --unique or
--count) or BUDGET (--max-nodes or --timeout ran out first).
"""

EPILOG = """\
output formats:
  line   one line per puzzle: the solution as N*N symbols, or the status when
         unsolved (NO_SOLUTION, MULTIPLE, BUDGET, "INVALID: <reason>");
         with --count, the number of solutions instead of the solution
  grid   per puzzle a header "# puzzle K: STATUS" (K counts from 1), then the
         solution with box borders (the puzzle itself when unsolved), then a
         blank line
  json   one JSON object per line: index (from 0), puzzle, solution (null when
         none was found), status, nodes, updates, and error for INVALID;
         with --count, count instead of solution

examples:
  dlxnumba solve puzzles/top95.txt
  dlxnumba solve --unique --stats --threads 2 big.txt -o solutions.txt
  dlxnumba solve --format json - < puzzles.txt
  dlxnumba solve --box 2x3 six-by-six.txt
  dlxnumba solve --count --limit 1000 --timeout 60 sparse.txt
  dlxnumba solve --max-nodes 100000 --format grid hard.txt

exit status:
  0  every puzzle SOLVED (with --count: every puzzle counted)
  1  some puzzle NO_SOLUTION, INVALID, MULTIPLE (with --unique) or BUDGET
  2  bad usage, unreadable file, no puzzles, no readable puzzle at all, or
     (with --strict) a malformed entry; a one-line message names file and line
  130  interrupted by Ctrl-C; the results finished so far are printed
"""


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``solve`` and its options to ``commands`` (an argparse sub-parsers object)."""
    s = commands.add_parser("solve", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
    s.add_argument("source", metavar="FILE", help="file of puzzles, or '-' for standard input")
    s.add_argument("--format", choices=("line", "grid", "json"), default="line",
                   help="output format (default: line; see below)")
    s.add_argument("-o", "--output", metavar="FILE",
                   help="write the results to FILE instead of standard output")
    s.add_argument("--threads", type=_positive_int, metavar="N",
                   help="threads to solve on (default: all that numba has)")
    what = s.add_mutually_exclusive_group()
    what.add_argument("--unique", action="store_true",
                      help="also look for a second solution: MULTIPLE when there is one "
                           "(counts as unsolved)")
    what.add_argument("--count", action="store_true",
                      help="count the solutions of each puzzle (one puzzle at a time, "
                           "up to --limit)")
    s.add_argument("--limit", type=_positive_int, metavar="N",
                   help="with --count: stop counting a puzzle at N solutions")
    s.add_argument("--box", type=_box, metavar="RxC",
                   help="box shape, ROWSxCOLUMNS, e.g. 2x3 for 6x6 grids "
                        "(default: the squarest shape, wider than tall)")
    s.add_argument("--max-nodes", type=_non_negative_int, metavar="N",
                   help="search-node budget per puzzle (BUDGET when spent)")
    s.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                   help="wall-clock limit for the whole run; puzzles not finished get BUDGET")
    s.add_argument("--strict", action="store_true",
                   help="stop at the first malformed puzzle with exit status 2 "
                        "(default: report it as INVALID and go on)")
    s.add_argument("--stats", action="store_true",
                   help="print a summary on stderr at the end: puzzles, solved, unsolved "
                        "by status, seconds (start-up: compiling the solver on first use, or "
                        "loading it from numba's cache; puzzles/s counts solving time only), "
                        "nodes, updates")
    s.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar on stderr (default: only when stderr is a terminal)")
    s.set_defaults(run=run, validate=validate, command_parser=s)
    return s


def validate(args) -> None:
    """Reject option combinations argparse cannot express (exits with status 2)."""
    if args.limit is not None and not args.count:
        args.command_parser.error("--limit needs --count")


def run(args) -> int:
    """Run ``dlxnumba solve`` with parsed ``args``; return the exit status."""
    try:
        lines = _Lines(args.source)
    except OSError as e:
        return _error(f"cannot read {args.source}: {e.strerror or e}")
    progress = _Progress(sys.stderr, _progress_wanted(args.progress))
    try:
        try:
            out = _Output(args.output, progress)
        except OSError as e:
            return _error(f"cannot write {args.output}: {e.strerror or e}")
        solving = None
        code = EXIT_INTERRUPTED
        try:
            solving = _SolveRun(args, lines, out, progress)
            code = solving.run()
        except KeyboardInterrupt:
            progress.clear()
        finally:
            out.close()
        if args.stats and solving is not None and solving.input.read:
            sys.stderr.write(solving.summary())
        return code
    finally:
        lines.close()


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------


class _SolveRun:
    """One run of ``dlxnumba solve``: reads chunks, solves them slice by slice, writes results."""

    def __init__(self, args, lines: _Lines, out: _Output, progress: _Progress):
        import numpy as np

        from .. import sudoku as S
        # the tuning constants live on the package, where they can be changed (the tests do)
        from . import CHUNK_SIZE, FIRST_SLICE, SLICE_SECONDS, WARM_UP_PUZZLES

        self.np = np
        self.args = args
        self.progress = progress
        self.started = time.perf_counter()
        deadline = None if args.timeout is None else self.started + args.timeout
        self.input = _Input(S, lines, args.box, args.strict, CHUNK_SIZE)
        self.solver = _Solver(S, np, args, deadline, self.show, progress.enabled,
                              first_slice=FIRST_SLICE, max_slice=CHUNK_SIZE,
                              slice_seconds=SLICE_SECONDS, warm_up_puzzles=WARM_UP_PUZZLES)
        self.results = _Results(S, np, args.format, args.box, out)

    def run(self) -> int:
        """Solve all the input; return the exit status."""
        name = self.input.lines.name
        chunks = self.input.chunks()
        try:
            for chunk, reasons in chunks:
                self.solve_chunk(chunk, reasons)
        except (InputError, SudokuError) as e:  # --strict, a box that does not fit, ...
            self.progress.clear()
            message = str(e)
            if not message.startswith(name):
                message = f"{name}: {message}"
            return _error(message)
        finally:
            chunks.close()
        self.progress.clear()
        return self.exit_status()

    def solve_chunk(self, chunk, reasons: dict) -> None:
        """Solve (or count) a chunk slice by slice, writing each slice's results."""
        np, solver = self.np, self.solver
        valid = np.ones(len(chunk), bool)
        if reasons:
            valid[list(reasons)] = False
        unreadable = sorted(reasons)
        if not solver.warm and not self.args.count and valid.any():
            solver.warm_up(chunk[np.flatnonzero(valid)[0]])
        a = 0
        while a < len(chunk):
            b = min(a + solver.slice_size(), len(chunk))
            cells = chunk[a:b]
            t0 = time.perf_counter()
            outcome = solver.solve(cells, valid[a:b], self.results.done)
            spent = time.perf_counter() - t0
            lo, hi = bisect.bisect_left(unreadable, a), bisect.bisect_left(unreadable, b)
            self.results.write(cells, outcome, {k - a: reasons[k] for k in unreadable[lo:hi]})
            a = b
            solver.adapt(spent)
            self.show(self.results.done)

    def exit_status(self) -> int:
        """The exit status once all is written (2, with a message, when nothing was readable)."""
        read, name, box = self.input.read, self.input.lines.name, self.input.box
        if read == 0:
            return _error(f"{name}: no puzzles found")
        if self.input.unreadable == read:
            hint = ""
            if box is not None:
                n = box[0] * box[1]
                hint = f" (--box {box[0]}x{box[1]} means {n}x{n} grids)"
            return _error(f"no readable puzzle in {name}{hint}; "
                          f"the first error: {self.input.first_error}")
        by_status = self.results.tally.by_status
        if self.args.count:
            ok = all(k not in ("INVALID", "BUDGET") for k in by_status)
        else:
            ok = set(by_status) <= {"SOLVED"}
        return EXIT_OK if ok else EXIT_UNSOLVED

    def show(self, done: int) -> None:
        """Redraw the progress bar (when due) with ``done`` puzzles finished."""
        total, guess = self.input.total()
        self.progress.update(done, total, guess)

    def summary(self) -> str:
        """The --stats summary."""
        return self.results.tally.summary(time.perf_counter() - self.started, self.args.count,
                                          self.solver.startup)


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


class _Input:
    """The puzzles of the input, chunk by chunk, parsed one chunk ahead on a thread."""

    def __init__(self, S, lines: _Lines, box, strict: bool, chunk_size: int):
        self.S = S
        self.lines = lines
        self.box = box
        self.strict = strict
        self.chunk_size = chunk_size
        self.read = 0  # puzzles read so far
        self.consumed = 0  # bytes of input behind them
        self.finished = False  # whether that is all the input
        self.unreadable = 0  # puzzles among them that could not be read
        self.first_error = None  # why the first of those could not

    def grid_size(self) -> int | None:
        """N of the input's N x N grids, when the box or the first line tells.

        The reader cannot tell a one-line puzzle of ``k * k`` cells from a row
        of a ``k * k``-line grid; a line longer than any text grid's row
        (``MAX_TEXT_N`` cells) settles it, and lets the reader stream.
        """
        if self.box is not None:
            return self.box[0] * self.box[1]
        line = self.lines.first_content()
        if line is None:
            return None
        cells = sum(ch not in self.S.DRAWING for ch in line)
        n = math.isqrt(cells)
        return n if n * n == cells and cells > self.S.MAX_TEXT_N else None

    def chunks(self):
        """Yield ``(chunk, reasons)``: (k, N*N) puzzles and {row in chunk: why it is unreadable}.

        Input that cannot be read at all (a malformed entry with --strict, a
        box that does not fit) raises :class:`~dlxnumba.errors.InputError` or ``SudokuError``.
        Close the generator to stop the reader thread early.
        """
        errors: list = []
        chunks = self.S.iter_puzzles(self.lines, chunk_size=self.chunk_size, size=self.grid_size(),
                                     errors=None if self.strict else errors)
        reader = _read_ahead(chunks, self.lines)
        try:
            for chunk, self.consumed, self.finished in reader:
                start = self.read
                self.read += len(chunk)
                yield chunk, self._reasons(errors, start)
        finally:
            reader.close()

    def _reasons(self, errors: list, start: int) -> dict:
        """Take the read errors of the chunk from puzzle ``start`` on out of ``errors``."""
        reasons = {}
        used = 0
        for k, message in errors:
            if k >= self.read:
                break
            reasons[k - start] = message
            used += 1
        del errors[:used]
        self.unreadable += len(reasons)
        if reasons and self.first_error is None:
            self.first_error = reasons[min(reasons)]
        return reasons

    def total(self) -> tuple[int | None, bool]:
        """The number of puzzles in the input (exact when all is read) and whether it is a guess."""
        if self.finished:
            return self.read, False
        if self.lines.size and self.consumed:
            return int(self.read * self.lines.size / self.consumed), True
        return None, False


# ---------------------------------------------------------------------------
# Solving
# ---------------------------------------------------------------------------


class _Outcome:
    """The results of one slice: arrays with one entry per puzzle (``counts``: with --count)."""

    __slots__ = ("sol", "status", "nodes", "updates", "counts")

    def __init__(self, sol, status, nodes, updates, counts=None):
        self.sol = sol
        self.status = status
        self.nodes = nodes
        self.updates = updates
        self.counts = counts


class _Solver:
    """Solves (or counts) slices of puzzles within the run's budgets.

    Solving calls the batch solver once per slice, with slices sized to take
    about ``slice_seconds`` each; counting takes one puzzle at a time.
    """

    def __init__(self, S, np, args, deadline: float | None, show, reporting: bool, *,
                 first_slice: int, max_slice: int, slice_seconds: float, warm_up_puzzles: int):
        self.S = S
        self.np = np
        self.args = args
        self.box = args.box
        self.limit = 2 if args.unique else 1
        self.deadline = deadline
        self.show = show  # show(done): redraw the progress bar
        self.reporting = reporting  # whether to have the solver report progress
        self.slice = first_slice  # puzzles per solver call, adapted to take about slice_seconds
        self.max_slice = max_slice
        self.slice_seconds = slice_seconds
        self.warm_up_puzzles = warm_up_puzzles
        self.startup = 0.0  # seconds spent compiling or loading the solver
        self.warm = False

    def slice_size(self) -> int:
        return 1 if self.args.count else self.slice

    def adapt(self, spent: float) -> None:
        """Resize the slices after one took ``spent`` seconds."""
        if self.args.count:
            return
        if spent < self.slice_seconds / 2:
            self.slice = min(self.slice * 2, self.max_slice)
        elif spent > self.slice_seconds * 2:
            self.slice = max(self.slice // 2, 16)

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def warm_up(self, puzzle) -> None:
        """Compile (or load from numba's cache) the batch solver, timed apart."""
        t0 = time.perf_counter()
        S, np = self.S, self.np
        try:
            batch = np.repeat(puzzle[None, :], self.warm_up_puzzles, axis=0)
            S.solve_many(batch, threads=self.args.threads, box=self.box, max_nodes=1)
        except SudokuError:
            pass  # the real slices report it
        self.warm = True
        self.startup += time.perf_counter() - t0

    def solve(self, cells, valid, done: int) -> _Outcome:
        """The outcome of a slice (``valid``: the rows that were read); ``done`` puzzles before it."""
        if self.args.count:
            return self._count(cells, valid, done)
        return self._solve(cells, valid, done)

    def _blank(self, cells) -> _Outcome:
        """Results for a slice: no solution, INVALID, no work, until filled in."""
        np = self.np
        k = len(cells)
        return _Outcome(np.zeros_like(cells), np.full(k, int(self.S.Status.INVALID), np.int8),
                        np.zeros(k, np.int64), np.zeros(k, np.int64))

    def _solve(self, cells, valid, done: int) -> _Outcome:
        np, S = self.np, self.S
        o = self._blank(cells)
        idx = np.flatnonzero(valid)
        if idx.size:
            left = self.remaining()
            if left is not None and left <= 0:
                o.status[idx] = S.Status.BUDGET
            else:
                def report(p):  # a dlxnumba.progress.Progress of the slice
                    self.show(done + p.done)

                s, st, info = S.solve_many(cells[idx], self.args.threads, self.limit, box=self.box,
                                           max_nodes=self.args.max_nodes, timeout=left,
                                           progress=report if self.reporting else None,
                                           progress_interval=REDRAW_SECONDS, return_stats=True)
                o.sol[idx] = s
                o.status[idx] = st
                o.nodes[idx] = info["nodes"]
                o.updates[idx] = info["updates"]
        return o

    def _count(self, cells, valid, done: int) -> _Outcome:
        o = self._blank(cells)
        o.counts = [None] * len(cells)

        def report(p):  # a dlxnumba.progress.Progress of the puzzle
            self.show(done)

        for i in self.np.flatnonzero(valid).tolist():
            self._count_one(cells[i], o, i, report if self.reporting else None)
        return o

    def _count_one(self, cells, o: _Outcome, i: int, report) -> None:
        """Count the solutions of one puzzle into row ``i`` of ``o``."""
        S = self.S
        try:
            puzzle = S.Sudoku(cells, box=self.box)
        except SudokuError:
            return  # INVALID; _Results.write finds the reason
        left = self.remaining()
        if left is not None and left <= 0:
            o.status[i] = S.Status.BUDGET
            o.counts[i] = 0
            return
        try:
            n = puzzle.count(self.args.limit, max_nodes=self.args.max_nodes, timeout=left,
                             progress=report)
            o.status[i] = (S.Status.NO_SOLUTION if n == 0 else S.Status.SOLVED if n == 1
                           else S.Status.MULTIPLE)
        except LimitReached as e:
            n = int(e.found)
            o.status[i] = S.Status.BUDGET
        o.counts[i] = n
        o.nodes[i] = puzzle.stats.nodes
        o.updates[i] = puzzle.stats.updates


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


class _Results:
    """Writes the results of each slice, in input order, in line, grid or json form."""

    def __init__(self, S, np, fmt: str, box, out: _Output):
        self.S = S
        self.fmt = fmt
        self.box = box
        self.out = out
        self.names = {int(s): s.name for s in S.Status}
        self.symbols = np.frombuffer(("." + S.SYMBOLS).encode("ascii"), np.uint8)
        self.tally = _Tally()
        self.done = 0  # puzzles whose results are written

    def write(self, cells, o: _Outcome, unreadable: dict) -> None:
        """Write the results of one slice; ``unreadable`` maps rows to read errors."""
        names = [self.names[int(v)] for v in o.status.tolist()]
        reasons = dict(unreadable)
        for i, name in enumerate(names):
            if name == "INVALID" and i not in reasons:
                reasons[i] = self.reason(cells[i])
        if self.fmt == "line":
            rows = self._lines(cells, o, names, reasons)
        elif self.fmt == "json":
            rows = self._json(cells, o, names, reasons, unreadable)
        else:
            rows = self._grids(cells, o, names, reasons)
        self.out.write("".join(rows))
        self.tally.add(names, o.nodes, o.updates)
        self.done += len(names)

    def reason(self, cells) -> str:
        """Why the batch solver called a readable puzzle INVALID."""
        try:
            self.S.Sudoku(cells, box=self.box)
        except ValueError as e:
            return str(e)
        return "the givens break the rules"

    def _lines(self, cells, o: _Outcome, names: list, reasons: dict) -> list:
        nn = cells.shape[1]
        text = self.cells_text(o.sol) if o.counts is None else ""
        rows = []
        for i, name in enumerate(names):
            if name == "INVALID":
                rows.append(f"INVALID: {_one_line(reasons[i])}\n")
            elif o.counts is not None and name != "BUDGET":
                rows.append(f"{o.counts[i]}\n")
            elif name == "SOLVED":
                rows.append(text[i * nn:(i + 1) * nn] + "\n")
            else:
                rows.append(f"{name}\n")
        return rows

    def _json(self, cells, o: _Outcome, names: list, reasons: dict, unreadable: dict) -> list:
        complete = (o.sol != 0).all(axis=1).tolist()
        rows = []
        for i, name in enumerate(names):
            record = {"index": self.done + i,
                      "puzzle": None if i in unreadable else self.cells_text(cells[i])}
            if o.counts is not None:
                record["count"] = o.counts[i]
            else:
                record["solution"] = (self.cells_text(o.sol[i])
                                      if complete[i] and name != "INVALID" else None)
            record.update(status=name, nodes=int(o.nodes[i]), updates=int(o.updates[i]))
            if name == "INVALID":
                record["error"] = _one_line(reasons[i])
            rows.append(json.dumps(record) + "\n")
        return rows

    def _grids(self, cells, o: _Outcome, names: list, reasons: dict) -> list:
        return [self.picture(self.done + i, cells[i], o.sol[i], name, reasons.get(i),
                             None if o.counts is None else o.counts[i])
                for i, name in enumerate(names)]

    def cells_text(self, cells) -> str:
        """Cells as symbols, '.' for empty (a 2-d array gives its rows one after another)."""
        return self.symbols[cells].tobytes().decode("ascii")

    def picture(self, index: int, cells, sol, name: str, reason, count) -> str:
        """One puzzle in grid form: a header, then the solution (or the puzzle) with box borders."""
        head = f"# puzzle {index + 1}: {name}"
        if reason is not None:
            return f"{head}: {_one_line(reason)}\n\n"
        if count is not None:
            head += f", {count} solution{'s' if count != 1 else ''}"
            head += " so far" if name == "BUDGET" else ""
        grid = sol if name == "SOLVED" and count is None else cells
        return f"{head}\n{self.S.Sudoku(grid, box=self.box).boxed()}\n\n"


class _Tally:
    """What the --stats summary reports."""

    def __init__(self):
        self.puzzles = 0
        self.by_status: dict[str, int] = {}
        self.nodes = 0
        self.updates = 0

    def add(self, names: list[str], nodes, updates) -> None:
        self.puzzles += len(names)
        for name in names:
            self.by_status[name] = self.by_status.get(name, 0) + 1
        self.nodes += int(nodes.sum())
        self.updates += int(updates.sum())

    def summary(self, seconds: float, counting: bool, startup: float = 0.0) -> str:
        done = "counted" if counting else "solved"
        if counting:
            good = sum(v for k, v in self.by_status.items() if k not in ("INVALID", "BUDGET"))
        else:
            good = self.by_status.get("SOLVED", 0)
        bad = {k: v for k, v in self.by_status.items()
               if (k in ("INVALID", "BUDGET") if counting else k != "SOLVED")}
        detail = ", ".join(f"{k} {v}" for k, v in sorted(bad.items()))
        solving = max(seconds - startup, 0.0)
        rate = self.puzzles / solving if solving > 0 else 0.0
        rows = [("puzzles", f"{self.puzzles}"),
                (done, f"{good}"),
                ("not counted" if counting else "unsolved",
                 f"{self.puzzles - good}" + (f" ({detail})" if detail else "")),
                ("seconds", f"{seconds:.3f}"),
                ("start-up", f"{startup:.3f}"),
                ("puzzles/s", f"{rate:.1f}"),
                ("nodes", f"{self.nodes}"),
                ("updates", f"{self.updates}")]
        if counting:
            rows.insert(2, ("with 1 solution", f"{self.by_status.get('SOLVED', 0)}"))
        return "".join(f"{k + ':':<16} {v}\n" for k, v in rows)
