"""The command line: ``dlxnumba solve`` for Sudoku files, ``dlxnumba cover`` for DLX text.

Run it as ``dlxnumba ...`` or ``python -m dlxnumba ...``; ``--help`` on each
command lists its options.  This module imports only the standard library (and
the package's ``__version__``) at load time: numpy and the numba-backed modules
are imported when a command runs.

Exit status
-----------
0   every puzzle solved (``cover``: at least one solution, or a complete count)
1   some puzzle unsolved: no solution, invalid, multiple (``--unique``) or over
    budget (``cover``: no solution, or the search ran out of budget)
2   bad usage or unreadable input: the message names the file and the line
130 interrupted with Ctrl-C (what was solved so far is printed first)
"""

from __future__ import annotations

import argparse
import bisect
import io
import json
import math
import os
import queue
import shutil
import stat
import sys
import threading
import time

from . import __version__

__all__ = ["main"]

EXIT_OK = 0
EXIT_UNSOLVED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: Puzzles parsed from the input at a time (on a reader thread, one chunk ahead
#: of the solver): memory stays bounded however long the file, and the first
#: results appear soon.
CHUNK_SIZE = 5_000
#: Puzzles in the first call of the batch solver; later calls adapt their size.
FIRST_SLICE = 256
#: Wall-clock seconds one call of the batch solver should take: the output is
#: written after each call, so Ctrl-C loses at most about this much work.
SLICE_SECONDS = 0.25
#: Seconds between two redraws of the progress bar.
REDRAW_SECONDS = 0.2

PROG = "dlxnumba"

MAIN_EPILOG = """\
examples:
  dlxnumba solve puzzles/top95.txt            one solution line per puzzle
  dlxnumba solve --format grid hard.txt       pictures with box borders
  cat many.txt | dlxnumba solve - --stats     read stdin, summary on stderr
  dlxnumba cover --names knuth.dlx            solutions as item names
  python -m dlxnumba solve --help             options of one command

exit status: 0 all solved, 1 some unsolved, 2 bad usage or input, 130 Ctrl-C
"""

SOLVE_DESCRIPTION = """\
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

SOLVE_EPILOG = """\
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

COVER_DESCRIPTION = """\
Solve an exact-cover problem written in Knuth's DLX1 text format.

Lines starting with '|' are comments.  The first other line names the items;
a lone '|' separates the primary items (covered exactly once) from the
secondary ones (at most once).  Every further line is one option: the names of
its items.  Options are numbered from 0 in the order given.
"""

COVER_EPILOG = """\
output:
  each solution is one line of option numbers, e.g. "0 3 4"; with --names each
  option is a line of its item names, with a blank line after each solution;
  with --count only the number of solutions

example (Knuth's, in knuth.dlx):
  A B C D E | F G
  C E F
  A D G
  B C F
  A D
  B G
  D E G

  $ dlxnumba cover knuth.dlx
  0 3 4
  $ dlxnumba cover --count --stats --stop-at 0 knuth.dlx

exit status:
  0  at least one solution found (with --count: the count is complete)
  1  no solution, or the search ran out of --timeout/--max-nodes first
  2  bad usage, unreadable file or malformed DLX text (the message names the line)
  130  interrupted by Ctrl-C
"""


# ---------------------------------------------------------------------------
# Argument parsing
# ---------------------------------------------------------------------------


def _int_at_least(minimum: int, what: str):
    """An argparse type: a whole number >= ``minimum`` (``what`` names the failure)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{text} is {what}")
        return value

    return parse


_positive_int = _int_at_least(1, "not positive")
_non_negative_int = _int_at_least(0, "negative")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a non-negative number of seconds")
    return value


def _box(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").replace(",", "x").split("x")
    try:
        r, c = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not ROWSxCOLUMNS such as 2x3") from None
    if r < 1 or c < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: rows and columns must be positive")
    return r, c


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``dlxnumba`` and its two commands."""
    raw = argparse.RawDescriptionHelpFormatter
    parser = argparse.ArgumentParser(
        prog=PROG, formatter_class=raw,
        description="Exact cover with Knuth's dancing links (DLX), compiled with numba.",
        epilog=MAIN_EPILOG)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True

    s = commands.add_parser("solve", help="solve Sudoku puzzles from a file or stdin",
                            description=SOLVE_DESCRIPTION, epilog=SOLVE_EPILOG, formatter_class=raw)
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
    s.set_defaults(run=_cmd_solve, command_parser=s)

    c = commands.add_parser("cover", help="solve an exact-cover problem in Knuth's DLX format",
                            description=COVER_DESCRIPTION, epilog=COVER_EPILOG, formatter_class=raw)
    c.add_argument("source", metavar="FILE", help="DLX text file, or '-' for standard input")
    c.add_argument("-o", "--output", metavar="FILE",
                   help="write the solutions to FILE instead of standard output")
    c.add_argument("--names", action="store_true",
                   help="print each option as its item names, one option per line")
    c.add_argument("--count", action="store_true", help="print only the number of solutions")
    c.add_argument("--limit", type=_non_negative_int, metavar="N",
                   help="stop after N solutions (default: all)")
    c.add_argument("--stop-at", type=int, choices=(0, 1), default=1, metavar="{0,1}",
                   help="branch on the first item of length <= this (default 1, fastest); "
                        "0 is Knuth's DLX1 rule and reproduces its node and update counts")
    c.add_argument("--max-nodes", type=_non_negative_int, metavar="N",
                   help="budget of search-tree nodes")
    c.add_argument("--timeout", type=_seconds, metavar="SECONDS", help="wall-clock limit")
    c.add_argument("--stats", action="store_true",
                   help="print solutions, nodes, updates, seconds and updates/s on stderr")
    c.add_argument("--progress", action=argparse.BooleanOptionalAction, default=False,
                   help="show the state of a long search on stderr")
    c.set_defaults(run=_cmd_cover, command_parser=c)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command == "solve" and args.limit is not None and not args.count:
            args.command_parser.error("--limit needs --count")
    except SystemExit as e:  # --help, --version, usage errors
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    try:
        return args.run(args)
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError, io.UnsupportedOperation):
            pass
        return EXIT_UNSOLVED
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


def _error(message: str) -> int:
    print(f"{PROG}: error: {' '.join(str(message).split())}", file=sys.stderr)
    return EXIT_USAGE


# ---------------------------------------------------------------------------
# Input, output and the progress bar
# ---------------------------------------------------------------------------


class _Lines:
    """Text lines of a file or stdin, with how much was read (for progress)."""

    def __init__(self, source: str):
        self.close_stream = source != "-"
        if source == "-":
            self.stream = getattr(sys.stdin, "buffer", sys.stdin)
            self.name = "<stdin>"
        else:
            self.stream = open(source, "rb")
            self.name = source
        self.size = None  # bytes in all, when the input is a regular file
        try:
            info = os.fstat(self.stream.fileno())
            if stat.S_ISREG(info.st_mode):
                self.size = info.st_size - (self.stream.tell() if self.stream.seekable() else 0)
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass
        self.consumed = 0
        self.finished = False
        self.ahead: list[str] = []  # lines read by first_content, given out first

    def read(self, size: int = -1) -> str:
        """The rest of the input as text (the file protocol; iteration is what is used)."""
        data = self.stream.read(size)
        self.consumed += len(data)
        return "".join(self.ahead) + (data.decode("utf-8", "replace") if isinstance(data, bytes) else data)

    def _text(self, raw) -> list[str]:
        self.consumed += len(raw)
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        if "\r" in text.rstrip("\r\n"):  # old Mac line ends
            return text.splitlines(keepends=True)
        return [text]

    def first_content(self, max_lines: int = 1000) -> str | None:
        """The first line that is not blank or a comment (it is still read by iteration)."""
        for _ in range(max_lines):
            raw = self.stream.readline()
            if not raw:
                return None
            for text in self._text(raw):
                self.ahead.append(text)
                stripped = text.strip()
                if stripped and not stripped.startswith("#"):
                    return stripped
        return None

    def __iter__(self):
        yield from self.ahead
        self.ahead = []
        for raw in self.stream:
            yield from self._text(raw)
        self.finished = True

    def close(self) -> None:
        if self.close_stream:
            self.stream.close()


_END = object()


class _InputError(Exception):
    """The input cannot be read (exit status 2)."""


def _read_ahead(chunks, lines: "_Lines"):
    """Iterate over ``chunks`` parsed on a background thread, one chunk ahead.

    Parsing is Python code and the solver releases the GIL, so reading the next
    chunk overlaps solving this one.  Yields ``(chunk, consumed, finished)``: the
    input's bytes read and whether it is all read, as of that chunk.  An error
    in the reader is raised here, after the chunks before it.  Closing the
    iterator early lets the thread end after its next chunk.
    """
    handoff: queue.Queue = queue.Queue(maxsize=1)
    stop = threading.Event()

    def work():
        try:
            for chunk in chunks:
                handoff.put((chunk, lines.consumed, lines.finished))
                if stop.is_set():
                    return
            handoff.put(_END)
        except ValueError as e:  # SudokuError with --strict, or input it cannot take
            handoff.put(_InputError(str(e)))
        except BaseException as e:  # handed to the main thread
            handoff.put(e)

    threading.Thread(target=work, name="dlxnumba-reader", daemon=True).start()
    try:
        while True:
            item = handoff.get()
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        try:
            handoff.get_nowait()  # unblock a waiting put, so the thread sees ``stop``
        except queue.Empty:
            pass


class _Progress:
    """A one-line progress bar on stderr, redrawn at most every ``REDRAW_SECONDS``."""

    def __init__(self, stream, enabled: bool, unit: str = "puzzles"):
        self.stream = stream
        self.enabled = enabled
        self.unit = unit
        self.started = time.perf_counter()
        self.last = -1.0
        self.drawn = 0  # width of the line on screen (0: nothing shown)
        self.base = None  # (done, seconds) when the first work was done

    def update(self, done: int, total: int | None = None, estimated: bool = False) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < REDRAW_SECONDS:
            return
        self.last = now
        self.draw(self.text(done, total, estimated, now - self.started))

    def text(self, done: int, total: int | None, estimated: bool, elapsed: float) -> str:
        # the rate since the first finished work, so start-up (compiling) does not skew it
        if done and self.base is None:
            self.base = (done, elapsed)
        if self.base is not None and elapsed > self.base[1] and done > self.base[0]:
            rate = (done - self.base[0]) / (elapsed - self.base[1])
        else:
            rate = done / elapsed if elapsed > 0 else 0.0
        speed = f"{rate:,.0f} {self.unit}/s"
        if not total:
            return f"{done:,} {self.unit}  {speed}  {_clock(elapsed)}"
        total = max(total, done)
        frac = done / total
        width = 24
        fill = int(frac * width)
        bar = "#" * fill + "." * (width - fill)
        eta = _clock((total - done) / rate) if rate > 0 else "?"
        about = "~" if estimated else ""
        return f"[{bar}] {done:,}/{about}{total:,} {frac:6.1%}  {speed}  ETA {eta}"

    def draw(self, text: str) -> None:
        columns = shutil.get_terminal_size((80, 24)).columns
        text = text[:max(columns - 1, 20)]
        pad = " " * max(self.drawn - len(text), 0)
        self.stream.write("\r" + text + pad)
        self.stream.flush()
        self.drawn = len(text)

    def clear(self) -> None:
        """Erase the bar (before other output goes to the same terminal, and at the end)."""
        if self.drawn:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0
            self.last = -1.0


def _clock(seconds: float) -> str:
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class _Output:
    """Where the results go: keeps a terminal progress bar out of the way."""

    def __init__(self, path: str | None, progress: _Progress):
        if path is None or path == "-":
            self.stream = sys.stdout
            self.owned = False
        else:
            self.stream = open(path, "w", encoding="utf-8")
            self.owned = True
        # the bar and the results share a screen only when both are terminals
        self.shares_screen = progress.enabled and _isatty(self.stream) and _isatty(progress.stream)
        self.progress = progress

    def write(self, text: str) -> None:
        if self.shares_screen:
            self.progress.clear()
        self.stream.write(text)
        if self.shares_screen:
            self.stream.flush()

    def close(self) -> None:
        try:
            self.stream.flush()
        finally:
            if self.owned:
                self.stream.close()


# ---------------------------------------------------------------------------
# dlxnumba solve
# ---------------------------------------------------------------------------


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


class _SolveRun:
    """One run of ``dlxnumba solve``: reads chunks, solves slices, writes results."""

    def __init__(self, args, lines: _Lines, out: _Output, progress: _Progress):
        import numpy as np

        from . import sudoku as S

        self.np = np
        self.S = S
        self.args = args
        self.lines = lines
        self.out = out
        self.progress = progress
        self.started = time.perf_counter()
        self.deadline = None if args.timeout is None else self.started + args.timeout
        self.limit = 2 if args.unique else 1
        self.box = args.box
        self.tally = _Tally()
        self.names = {int(s): s.name for s in S.Status}
        self.symbols = np.frombuffer(("." + S.SYMBOLS).encode("ascii"), np.uint8)
        self.slice = FIRST_SLICE  # puzzles per solver call, adapted to take about SLICE_SECONDS
        self.startup = 0.0  # seconds spent compiling or loading the solver
        self.warm = False
        self.done = 0  # puzzles whose results are written
        self.read = 0  # puzzles read so far
        self.consumed = 0  # bytes of input behind them
        self.finished = False  # whether that is all the input
        self.unreadable = 0
        self.first_error = None

    # ------------------------------------------------------------ the loop

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

    def run(self) -> int:
        S = self.S
        args = self.args
        size = self.grid_size()
        errors: list = []
        chunks = S.iter_puzzles(self.lines, chunk_size=CHUNK_SIZE, size=size,
                                errors=None if args.strict else errors)
        reader = _read_ahead(chunks, self.lines)
        try:
            for chunk, self.consumed, self.finished in reader:
                start = self.read
                self.read += len(chunk)
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
                self.solve_chunk(chunk, reasons)
        except (_InputError, S.SudokuError) as e:  # --strict, a box that does not fit, ...
            self.progress.clear()
            message = str(e)
            if not message.startswith(self.lines.name):
                message = f"{self.lines.name}: {message}"
            return _error(message)
        finally:
            reader.close()
        self.progress.clear()
        if self.read == 0:
            return _error(f"{self.lines.name}: no puzzles found")
        if self.unreadable == self.read:
            hint = ""
            if self.box is not None:
                n = self.box[0] * self.box[1]
                hint = f" (--box {self.box[0]}x{self.box[1]} means {n}x{n} grids)"
            return _error(f"no readable puzzle in {self.lines.name}{hint}; "
                          f"the first error: {self.first_error}")
        if args.count:
            ok = all(k not in ("INVALID", "BUDGET") for k in self.tally.by_status)
        else:
            ok = set(self.tally.by_status) <= {"SOLVED"}
        return EXIT_OK if ok else EXIT_UNSOLVED

    def summary(self) -> str:
        return self.tally.summary(time.perf_counter() - self.started, self.args.count, self.startup)

    def total(self) -> tuple[int | None, bool]:
        """The number of puzzles in the input (exact when all is read) and whether it is a guess."""
        if self.finished:
            return self.read, False
        if self.lines.size and self.consumed:
            return int(self.read * self.lines.size / self.consumed), True
        return None, False

    def show(self, done: int) -> None:
        total, guess = self.total()
        self.progress.update(done, total, guess)

    def remaining(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.perf_counter()

    # ------------------------------------------------------------ solving

    def solve_chunk(self, chunk, reasons: dict) -> None:
        """Solve (or count) a chunk slice by slice, writing each slice's results."""
        np = self.np
        valid = np.ones(len(chunk), bool)
        if reasons:
            valid[list(reasons)] = False
        unreadable = sorted(reasons)
        if not self.warm and not self.args.count and valid.any():
            self.warm_up(chunk[np.flatnonzero(valid)[0]])
        a = 0
        while a < len(chunk):
            b = min(a + (1 if self.args.count else self.slice), len(chunk))
            cells = chunk[a:b]
            t0 = time.perf_counter()
            if self.args.count:
                result = self.count_slice(cells, valid[a:b])
            else:
                result = self.solve_slice(cells, valid[a:b])
            spent = time.perf_counter() - t0
            lo, hi = bisect.bisect_left(unreadable, a), bisect.bisect_left(unreadable, b)
            self.write(cells, *result, {k - a: reasons[k] for k in unreadable[lo:hi]})
            a = b
            if not self.args.count:
                if spent < SLICE_SECONDS / 2:
                    self.slice = min(self.slice * 2, CHUNK_SIZE)
                elif spent > SLICE_SECONDS * 2:
                    self.slice = max(self.slice // 2, 16)
            self.show(self.done)

    def warm_up(self, puzzle) -> None:
        """Compile (or load from numba's cache) the batch solver, timed apart."""
        t0 = time.perf_counter()
        S, np = self.S, self.np
        try:
            batch = np.repeat(puzzle[None, :], 2 * S._PUZZLES_PER_THREAD, axis=0)
            S.solve_many(batch, threads=self.args.threads, box=self.box, max_nodes=1)
        except S.SudokuError:
            pass  # the real slices report it
        self.warm = True
        self.startup += time.perf_counter() - t0

    def _blank(self, cells):
        """Result arrays for a slice: no solution, INVALID, no work, until filled in."""
        np = self.np
        k = len(cells)
        return (np.zeros_like(cells), np.full(k, int(self.S.Status.INVALID), np.int8),
                np.zeros(k, np.int64), np.zeros(k, np.int64))

    def solve_slice(self, cells, valid):
        np, S = self.np, self.S
        sol, status, nodes, updates = self._blank(cells)
        idx = np.flatnonzero(valid)
        if idx.size:
            left = self.remaining()
            if left is not None and left <= 0:
                status[idx] = S.Status.BUDGET
            else:
                base = self.done

                def report(done, total):
                    self.show(base + done)

                s, st, info = S.solve_many(cells[idx], self.args.threads, self.limit, box=self.box,
                                           max_nodes=self.args.max_nodes, timeout=left,
                                           progress=report if self.progress.enabled else None,
                                           progress_interval=REDRAW_SECONDS, return_stats=True)
                sol[idx] = s
                status[idx] = st
                nodes[idx] = info["nodes"]
                updates[idx] = info["updates"]
        return sol, status, nodes, updates, None

    def count_slice(self, cells, valid):
        np, S = self.np, self.S
        k = len(cells)
        sol, status, nodes, updates = self._blank(cells)
        counts = [None] * k
        base = self.done

        def report(stats):
            self.show(base)

        for i in np.flatnonzero(valid).tolist():
            try:
                puzzle = S.Sudoku(cells[i], box=self.box)
            except S.SudokuError:
                continue  # INVALID; write() finds the reason
            left = self.remaining()
            if left is not None and left <= 0:
                status[i] = S.Status.BUDGET
                counts[i] = 0
                continue
            try:
                n = puzzle.count(self.args.limit, max_nodes=self.args.max_nodes, timeout=left,
                                 progress=report if self.progress.enabled else None)
                status[i] = (S.Status.NO_SOLUTION if n == 0 else S.Status.SOLVED if n == 1
                             else S.Status.MULTIPLE)
            except S.LimitReached as e:
                n = int(e.found)
                status[i] = S.Status.BUDGET
            counts[i] = n
            nodes[i] = puzzle.stats.nodes
            updates[i] = puzzle.stats.updates
        return sol, status, nodes, updates, counts

    # ------------------------------------------------------------ writing

    def reason(self, cells) -> str:
        """Why the batch solver called a readable puzzle INVALID."""
        try:
            self.S.Sudoku(cells, box=self.box)
        except ValueError as e:
            return str(e)
        return "the givens break the rules"

    def write(self, cells, sol, status, nodes, updates, counts, unreadable: dict) -> None:
        """Write the results of one slice, in order; ``unreadable`` maps rows to read errors."""
        np = self.np
        fmt = self.args.format
        nn = cells.shape[1]
        names = [self.names[int(v)] for v in status.tolist()]
        reasons = dict(unreadable)
        for i in np.flatnonzero(status == int(self.S.Status.INVALID)).tolist():
            if i not in reasons:
                reasons[i] = self.reason(cells[i])
        index0 = self.done
        if fmt == "line" and counts is None:
            text = self.symbols[sol].tobytes().decode("ascii")
        if fmt == "json":
            complete = (sol != 0).all(axis=1).tolist()
        out = []
        for i, name in enumerate(names):
            if fmt == "line":
                if name == "INVALID":
                    out.append(f"INVALID: {_one_line(reasons[i])}\n")
                elif counts is not None and name != "BUDGET":
                    out.append(f"{counts[i]}\n")
                elif name == "SOLVED":
                    out.append(text[i * nn:(i + 1) * nn] + "\n")
                else:
                    out.append(f"{name}\n")
            elif fmt == "json":
                record = {"index": index0 + i,
                          "puzzle": None if i in unreadable else self.cells_text(cells[i])}
                if counts is not None:
                    record["count"] = counts[i]
                else:
                    record["solution"] = (self.cells_text(sol[i])
                                          if complete[i] and name != "INVALID" else None)
                record.update(status=name, nodes=int(nodes[i]), updates=int(updates[i]))
                if name == "INVALID":
                    record["error"] = _one_line(reasons[i])
                out.append(json.dumps(record) + "\n")
            else:
                out.append(self.picture(index0 + i, cells[i], sol[i], name, reasons.get(i),
                                        None if counts is None else counts[i]))
        self.out.write("".join(out))
        self.tally.add(names, nodes, updates)
        self.done += len(names)

    def cells_text(self, cells) -> str:
        """Cells as one line of symbols, '.' for empty."""
        return self.symbols[cells].tobytes().decode("ascii")

    def picture(self, index: int, cells, sol, name: str, reason, count) -> str:
        head = f"# puzzle {index + 1}: {name}"
        if reason is not None:
            return f"{head}: {_one_line(reason)}\n\n"
        if count is not None:
            head += f", {count} solution{'s' if count != 1 else ''}"
            head += " so far" if name == "BUDGET" else ""
        grid = sol if name == "SOLVED" and count is None else cells
        return f"{head}\n{self.S.Sudoku(grid, box=self.box).boxed()}\n\n"


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _progress_wanted(flag) -> bool:
    return _isatty(sys.stderr) if flag is None else bool(flag)


def _cmd_solve(args) -> int:
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
        run = None
        code = EXIT_INTERRUPTED
        try:
            run = _SolveRun(args, lines, out, progress)
            code = run.run()
        except KeyboardInterrupt:
            progress.clear()
        finally:
            out.close()
        if args.stats and run is not None and run.read:
            sys.stderr.write(run.summary())
        return code
    finally:
        lines.close()


# ---------------------------------------------------------------------------
# dlxnumba cover
# ---------------------------------------------------------------------------


def _cmd_cover(args) -> int:
    from .dlxformat import read_dlx
    from .problem import ExactCoverError, LimitReached

    try:
        if args.source == "-":
            problem = read_dlx(sys.stdin)
        else:
            with open(args.source, encoding="utf-8") as f:
                problem = read_dlx(f)
    except OSError as e:
        return _error(f"cannot read {args.source}: {e.strerror or e}")
    except UnicodeDecodeError as e:
        return _error(f"{args.source}: not UTF-8 text ({e.reason} at byte {e.start})")
    except ExactCoverError as e:  # DLXFormatError names the file and the line
        return _error(str(e))

    progress = _Progress(sys.stderr, bool(args.progress), unit="solutions")
    try:
        out = _Output(args.output, progress)
    except OSError as e:
        return _error(f"cannot write {args.output}: {e.strerror or e}")

    def report(stats):
        progress.draw(f"{stats.seconds:.1f} s  level {stats.max_level}  nodes {stats.nodes:,}  "
                      f"updates {stats.updates:,}  solutions {stats.solutions:,}")

    search = dict(stop_at=args.stop_at, max_nodes=args.max_nodes, timeout=args.timeout,
                  progress=report if progress.enabled else None, progress_interval=REDRAW_SECONDS)
    found = 0
    code = EXIT_INTERRUPTED
    try:
        try:
            if args.count:
                found = problem.count(args.limit, **search)
                out.write(f"{found}\n")
                code = EXIT_OK
            else:
                for solution in problem.solutions(args.limit, **search):
                    if args.names:
                        out.write("".join(" ".join(map(str, problem.option_names(j))) + "\n"
                                          for j in solution) + "\n")
                    else:
                        out.write(" ".join(map(str, solution)) + "\n")
                    found += 1
                code = EXIT_OK if found else EXIT_UNSOLVED
        except LimitReached as e:
            progress.clear()
            if args.count:
                found = int(e.found)
                out.write(f"{found}\n")
                code = EXIT_UNSOLVED
            else:
                code = EXIT_OK if found else EXIT_UNSOLVED
            print(f"{PROG}: search stopped by {e.reason} after {e.stats.nodes} nodes; "
                  f"{'the count is a lower bound' if args.count else 'there may be more solutions'}",
                  file=sys.stderr)
        except KeyboardInterrupt:
            pass
    finally:
        progress.clear()
        out.close()
    if args.stats:
        s = problem.stats
        sys.stderr.write(f"solutions:  {s.solutions}\nnodes:      {s.nodes}\n"
                         f"updates:    {s.updates}\nseconds:    {s.seconds:.3f}\n"
                         f"updates/s:  {s.updates_per_second:.0f}\n")
    return code
