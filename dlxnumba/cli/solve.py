"""``dlxnumba solve``: solve Sudoku puzzles from files, standard input or arguments.

A run is parts with one job each: :mod:`.sources` says what each argument
names and reads files and pipes; the puzzle-file reader
(:class:`dlxnumba.sudoku.files.PuzzleReader`) turns lines into puzzles;
:class:`_Solver` calls the batch solver (or counts) on slices of puzzles;
:class:`.results.Results` writes each slice's results in line, grid or json form; and
:class:`_SolveRun` drives them.

From a regular file the input is read a megabyte at a time and solved in
chunks of ``CHUNK_SIZE`` puzzles (the fast path).  From a pipe or a terminal
each read takes what has arrived, and the answers to the puzzles in it are
written and flushed at once (streaming).
"""

from __future__ import annotations

import argparse
import bisect
import sys
import time
from typing import Any

from ..errors import InputError, LimitReached, SudokuError
from ..errors import _OutputError as OutputError
from .common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, RAW_HELP, REDRAW_SECONDS,
                     STOPPED_BY, box_argument, cli_words, _closed, _CountWatch, _error, _isatty, _non_negative_int, _note,
                     _Output, _output_clash, _positive_int, _Progress, _progress_wanted, _say,
                     _seconds, _whole, add_split_arguments, split_conflict, split_options)
from .results import Outcome, Results
from .sources import Input, fpuzzles_items, is_samurai, resolve_sources

HELP = "solve Sudoku puzzles from files, standard input or arguments"

#: Seconds between two reports of a count (kept: the figures of a count that
#: Ctrl-C stops are those of the last report, for a split count).
COUNT_REPORT_SECONDS = 0.1

DESCRIPTION = """\
Solve Sudoku puzzles with dancing links, in compiled code, on several threads.

Each INPUT is a file of puzzles, '-' for standard input, the name of a puzzle
set shipped with dlxnumba (easy50, top95, hardest, sudoku4, sudoku6,
sudoku6-multi, sudoku16, sudoku25), or a puzzle written out as one argument;
with no INPUT, standard input is read.  An INPUT that names an existing file is
read as a file, even when it would also read as a set name or a puzzle (pipe
such a puzzle in instead); anything else must read as one puzzle.
From a pipe or a terminal each answer is written as soon as its puzzle has
been read.

A file holds one puzzle per line (digits, letters for 10 and up, '.', '0' or
'_' for an empty cell; spaces and grid drawing are ignored) or multi-line
grids, one row per line, separated by blank lines or lines such as 'Grid 01'.
Lines starting with '#' are comments; any line end will do.  All puzzles of
one file have the size of the first; 9x9 is usual, 4x4, 6x6, 16x16, 25x25 ...
work too.  Lines of 16, 25, 36 or 49 cells are one-line puzzles (4x4 ...
7x7) unless the first of them hold digits too large for those: then they
are the rows of a grid that wide.  --size or --box settles the size.

f-puzzles: a file of f-puzzles JSON (it starts with '{'), a file of f-puzzles or
SudokuPad links (one a line), and such a link as an INPUT are read as f-puzzles
puzzles, each solved with its own rules (thermometers, arrows, kropki, cages, ...);
--fpuzzles reads every INPUT so, standard input and lz-string data too.

Variants: --variant NAME solves every puzzle with extra rules (x, windoku,
anti-knight, anti-king, non-consecutive, combined with '+'; jigsaw with
--regions MAP, a region map of N*N letters; killer with --cages 'MAP SUMS', a
cage map of N*N symbols and label=sum tokens; setters' constraints with
--constraints 'TEXT', e.g. 'thermometer r1c1 r1c2 r1c3; difference 1 r4c4 r4c5',
see dlxnumba.sudoku.constraints).  A file may declare its variant at its top
instead, with the lines 'variant: NAME', 'regions: MAP', 'cages: MAP SUMS'
and 'constraints: TEXT'.

Samurai puzzles (five overlapping 9x9 grids): 21 lines of 21 characters each,
'.' an empty cell and a space outside the grids, puzzles separated by blank
lines.  A file of them is recognised; --samurai says so for standard input.
Each solution is written the same way, followed by a blank line.

Every puzzle gives one result, in input order, nothing dropped.  A result is
one of the statuses SOLVED, NO_SOLUTION, INVALID (unreadable, wrong size, or
the givens break a rule; the reason is given), MULTIPLE (with --unique or
--count) or BUDGET (--max-nodes or --timeout ran out first).
"""

EPILOG = """\
output formats:
  line   one line per puzzle: the solution as N*N symbols, or the status when
         unsolved (NO_SOLUTION, MULTIPLE, BUDGET, "INVALID: <reason>");
         with --count, the number of solutions instead: "3" is exactly three,
         "3+" at least three: counting stopped at --limit 3, or early
         (--timeout, --max-nodes, Ctrl-C: a note on stderr says which; the
         count found so far is then a lower bound)
  grid   per puzzle a header "# puzzle K: STATUS" (K counts from 1), then the
         solution with box borders (the puzzle itself when unsolved), then a
         blank line
  json   one JSON object per line: index (from 0), puzzle, solution (null when
         none was found), status, nodes, updates, and error for INVALID;
         with --count, count and exact (false: there may be more than count)
         instead of solution, and stopped ("timeout", "max_nodes",
         "interrupted") for a count that stopped early

--timeout counts from the first puzzle (compiling the solver is not counted):
when it runs out, the puzzles in hand get BUDGET, the rest of the input is
not read, and a note on stderr says so.

examples:
  dlxnumba solve puzzles/top95.txt
  dlxnumba solve '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......'
  dlxnumba generate -n 5 --seed 1 | dlxnumba solve --format json -
  dlxnumba solve --unique --stats --threads 2 big.txt -o solutions.txt
  dlxnumba solve --box 2x3 six-by-six.txt
  dlxnumba solve --variant x+anti-knight puzzles.txt
  dlxnumba solve --unique 'https://www.f-puzzles.com/?load=N4Ig...'
  dlxnumba solve --count --limit 1000 --timeout 60 sparse.txt
  dlxnumba solve --count --threads 2 --checkpoint hard.ckpt hard-puzzle.txt
  dlxnumba solve samurai.txt                    samurai puzzles (21 lines each)

parallel counts:
  with --count, --threads N (N > 1) splits the search tree of each puzzle
  and counts the parts on N threads (with --limit or --max-nodes the count
  stops early, so it is serial); --checkpoint FILE (one puzzle: the input
  is read whole first, and more than one puzzle is refused before any
  work) records each finished part, so that a count stopped by Ctrl-C, a
  crash or --timeout, run again with the same FILE, counts only the parts
  left; FILE is an input: -o cannot name it

exit status:
  0    every puzzle SOLVED (with --count: every puzzle counted)
  1    some puzzle NO_SOLUTION, INVALID, MULTIPLE (with --unique) or BUDGET,
       or --timeout stopped the run
  2    bad usage, unreadable input, no puzzles, no readable puzzle at all,
       (with --strict) a malformed entry, or output that cannot be written;
       a one-line message says what and where
  130  interrupted by Ctrl-C; the results finished so far are printed (whole
       records, also into a pipe), and a count under way prints N+
  141  the reader of the output went away (e.g. "| head -1")
"""


# ---------------------------------------------------------------------------
# The command line
# ---------------------------------------------------------------------------


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``solve`` and its options to ``commands`` (an argparse sub-parsers object)."""
    s = commands.add_parser("solve", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
    s.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="a file of puzzles, '-' for standard input (the default), or a puzzle")
    s.add_argument("--format", choices=("line", "grid", "json"), default="line",
                   help="output format (default: line; see below)")
    s.add_argument("-o", "--output", metavar="FILE",
                   help="write the results to FILE instead of standard output "
                        "(never one of the inputs)")
    s.add_argument("--threads", type=_positive_int, metavar="N",
                   help="threads to solve on (default and most: all that numba has); with "
                        "--count, N > 1 splits each puzzle's search over N threads")
    what = s.add_mutually_exclusive_group()
    what.add_argument("--unique", action="store_true",
                      help="also look for a second solution: MULTIPLE when there is one "
                           "(counts as unsolved)")
    what.add_argument("--count", action="store_true",
                      help="count the solutions of each puzzle (one puzzle at a time, "
                           "up to --limit)")
    s.add_argument("--limit", type=_positive_int, metavar="N",
                   help="with --count: stop counting a puzzle past N solutions "
                        "(printed as N+)")
    s.add_argument("--size", type=_whole(4, 61), metavar="N",
                   help="the puzzles are N x N (default: the first puzzle tells)")
    s.add_argument("--box", type=box_argument, metavar="RxC",
                   help="box shape, ROWSxCOLUMNS, e.g. 2x3 for 6x6 grids "
                        "(default: the squarest shape, wider than tall); implies --size")
    s.add_argument("--variant", metavar="NAME",
                   help="extra rules for every puzzle: x, windoku, anti-knight, anti-king, "
                        "non-consecutive, jigsaw (with --regions), combined with '+' (default: "
                        "the file's 'variant:' line, else classic)")
    s.add_argument("--regions", metavar="MAP",
                   help="a jigsaw's region map: N*N letters, one piece per letter (row-major)")
    s.add_argument("--cages", metavar="'MAP SUMS'",
                   help="a killer's cages: a cage map of N*N symbols ('.' for no cage) and "
                        "label=sum tokens, e.g. 'AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3'")
    s.add_argument("--constraints", metavar="'TEXT'",
                   help="setters' constraints, ';' between them: thermometer, palindrome, arrow, "
                        "cage, region, diagonal+/-, little-killer, difference, ratio, xv, negative-*, "
                        "odd, even, minimum, maximum, clone, quadruple, e.g. 'thermometer r1c1 r1c2 "
                        "r1c3; arrow r2c2 r3c3 : r1c1' (cells of --size N grids, 9 by default)")
    s.add_argument("--fpuzzles", action="store_true",
                   help="every INPUT is f-puzzles input: a JSON file, a file of links or lz-string data "
                        "(one per line), or a link or data as an argument (default: recognised: files "
                        "starting with '{' or with an f-puzzles/SudokuPad link, and such links)")
    s.add_argument("--algorithm", choices=("auto", "bits", "links"), default="auto",
                   help="the engine: bits (bit-parallel, any grid of up to 63 digits, killers "
                        "and constraints too), links (dancing links), or auto (default: the faster "
                        "as measured: bits for the classic 9x9, small grids, killers and "
                        "constraints, else links)")
    s.add_argument("--max-nodes", type=_non_negative_int, metavar="N",
                   help="search-node budget per puzzle (BUDGET when spent; the bits count "
                        "their guesses)")
    s.add_argument("--timeout", type=_seconds, metavar="SECONDS",
                   help="wall-clock limit from the first puzzle on (see below)")
    add_split_arguments(s, threads=False)
    s.add_argument("--strict", action="store_true",
                   help="stop at the first malformed puzzle with exit status 2 "
                        "(default: report it as INVALID and go on)")
    s.add_argument("--stats", action="store_true",
                   help="print a summary on stderr at the end: puzzles, solved, unsolved "
                        "by status, seconds (start-up: compiling the solver on first use, or "
                        "loading it from numba's cache; puzzles/s counts solving time only, as "
                        "the progress bar's does), "
                        "nodes, updates (on the bits: guesses and propagation steps), and whether "
                        "the run was complete")
    s.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="show a progress bar on stderr (default: only when stderr is a terminal); its "
                        "puzzles/s counts solving time only, start-up left out, as --stats does")
    s.add_argument("--samurai", action="store_true",
                   help="the input holds samurai puzzles: 21 lines of 21 characters each ('.' empty, "
                        "a space outside the five grids), separated by blank lines; a file of them is "
                        "recognised without it (standard input needs it); solutions are written the same way")
    from .dask import add_option as add_dask_option  # --dask (cli/dask.py)
    add_dask_option(s)
    s.set_defaults(run=run, validate=validate, command_parser=s)
    return s


def validate(args) -> None:
    """Reject option combinations argparse cannot express (exits with status 2)."""
    error = args.command_parser.error
    if args.limit is not None and not args.count:
        error("--limit needs --count")
    conflict = split_conflict(args)
    if conflict:
        error(conflict)
    if args.algorithm == "bits" and args.count and split_options(args):
        error("--count with " + " and ".join(f"--{k}" for k in split_options(args) if k != "threads" or
                                             split_options(args)[k]) +
              " splits the search of the dancing links: leave out --algorithm bits")
    from .dask import refuse as dask_refused
    if dask_refused(args, "solve"):
        error(dask_refused(args, "solve"))
    if args.box is not None:
        r, c = args.box
        if not 4 <= r * c <= 61:
            error(f"argument --box: {r}x{c} boxes make {r * c}x{r * c} grids; "
                  "puzzles written as text are 4x4 to 61x61")
        if args.size is not None and args.size != r * c:
            error(f"argument --size: {args.size} does not match --box {r}x{c} ({r * c}x{r * c} grids)")
    args.variant_rules = None
    rules = getattr(args, "constraints", None)
    if args.variant is not None or args.regions is not None or getattr(args, "cages", None) is not None \
            or rules is not None:
        from ..errors import SudokuError
        from ..sudoku.variants import Variant

        try:
            v = Variant.parse(args.variant, args.regions, getattr(args, "cages", None))
            if rules is not None:
                n = v.side() or args.size or (args.box[0] * args.box[1] if args.box is not None else 9)
                v = Variant.parse(v, None, None, n, rules)
            args.variant_rules = v
            side = v.side()
            if side is not None:
                v.geometry(side, args.box)  # a box that does not fit, a windoku without room
                if args.size is not None and args.size != side:
                    error(f"argument --{'cages' if v.cages is not None else 'regions'}: a {side}x{side} "
                          f"{'cage' if v.cages is not None else 'region'} map for --size {args.size}")
                args.size = side
        except SudokuError as e:
            which = ("constraints" if "constraint" in str(e) and rules is not None else "regions"
                     if "region map" in str(e) else "cages" if "cage" in str(e) else "variant")
            error(f"argument --{which}: {cli_words(e)}")


def run(args) -> int:
    """Run ``dlxnumba solve`` with parsed ``args``; return the exit status."""
    if (args.stats or args.progress) and _closed(sys.stderr):
        return EXIT_USAGE  # asked for what stderr would show, and stderr is closed: nowhere to say so
    try:
        sources = resolve_sources(args.inputs, getattr(args, "fpuzzles", False))
    except InputError as e:
        return _error(e)
    clash = _output_clash(args.output, [s.path for s in sources if s.kind in ("file", "fpuzzles")
                                        and s.path is not None],
                          any(s.kind == "stdin" for s in sources), args.checkpoint)
    if clash:
        return _error(clash)
    progress = _Progress(sys.stderr, _progress_wanted(args.progress))
    try:
        out = _Output(args.output, progress)
    except OutputError as e:
        return _error(e)
    if args.samurai or all(is_samurai(s) for s in sources):  # overlapping grids (cli/gattai.py)
        from . import gattai

        try:
            return gattai.run(args, sources, out)
        except KeyboardInterrupt:
            return EXIT_INTERRUPTED
        finally:
            try:
                out.close()
            except OutputError as e:
                _error(e)
    if not args.inputs and _isatty(sys.stdin) and _isatty(sys.stderr):
        _note("reading puzzles from the terminal, one per line; end with Ctrl-D "
              "(dlxnumba solve --help for more)")
    if args.dask is not None:  # on a Dask cluster (cli/dask.py)
        from .dask import solve_run
        solving = solve_run(args, out, progress, _SolveRun, _Solver)
    else:
        solving = _SolveRun(args, out, progress)
    code = EXIT_INTERRUPTED
    try:
        try:
            code = solving.run(sources)
        except KeyboardInterrupt:
            solving.stop("interrupted")
            code = EXIT_INTERRUPTED
            progress.clear()
        except OutputError as e:
            progress.clear()
            solving.stop("error")
            code = _error(e)
        finally:
            try:
                out.close()  # the results held back, whole
            except OutputError as e:
                if code != EXIT_USAGE:
                    code = _error(e)
    except KeyboardInterrupt:  # while the last results were written: they end on a whole record
        solving.stop("interrupted")
        code = EXIT_INTERRUPTED
    solving.notes()
    if args.stats and solving.read:
        _say(solving.summary())
    return code


# ---------------------------------------------------------------------------
# The run
# ---------------------------------------------------------------------------


class _SolveRun:
    """One run of ``dlxnumba solve``: reads each source, solves slice by slice, writes results."""

    solver_class: type | None = None  # None: _Solver (--dask has its own)

    def __init__(self, args, out: _Output, progress: _Progress):
        import numpy as np

        from .. import sudoku as S
        # the tuning constants live on the package, where they can be changed (the tests do)
        from . import CHUNK_SIZE, FIRST_SLICE, SLICE_SECONDS, WARM_UP_PUZZLES

        self.np = np
        self.S = S
        self.args = args
        self.out = out
        self.progress = progress
        self.chunk_size = CHUNK_SIZE
        self.size = args.size or (args.box[0] * args.box[1] if args.box else None)
        self.started = time.perf_counter()
        self.solver = (self.solver_class or _Solver)(S, np, args, self.show, progress.enabled,
                                                     first_slice=FIRST_SLICE, max_slice=CHUNK_SIZE,
                                                     slice_seconds=SLICE_SECONDS,
                                                     warm_up_puzzles=WARM_UP_PUZZLES)
        self.results = Results(S, np, args.format, args.box, out)
        self.results.variant = self.solver.variant
        self.read = 0  # puzzles read (and handed to the solver) so far
        self.unreadable = 0  # among them, entries that could not be read
        self.first_error = None  # why the first of those could not
        self.stopped: str | None = None  # why the run stopped early: "timeout", "interrupted" or "error"
        self.input_left = False  # whether input was left unread
        self.names: list[str] = []  # the inputs read
        self.only: Input | None = None  # the Input, when it is the only source (for the progress estimate)
        self.reader: Any = None  # the puzzle reader (sudoku.files.PuzzleReader) of the input being read
        #: with --checkpoint: the chunks read, held until the whole input is read (one puzzle only)
        self.held: list | None = [] if args.count and args.checkpoint is not None else None
        self.early: list = []  # (puzzle number, count, why, nodes) of the counts that stopped early

    def stop(self, why: str) -> None:
        if self.stopped is None:
            self.stopped = why
            self.input_left = True

    def run(self, sources) -> int:
        """Solve every source in turn; return the exit status."""
        for source in sources:
            self.names.append(source.name)
            if source.kind == "puzzles":
                failed = self.attempt(source.name, lambda: self.solve_arguments(source.puzzles))
            elif source.kind == "fpuzzles":
                failed = self.attempt(source.name, lambda: self.solve_fpuzzles(source))
            else:
                failed = self.attempt(source.name, lambda: self.solve_input(source, alone=len(sources) == 1))
            if failed is not None:
                return failed
            if self.stopped:
                break
        if self.held is not None and not self.stopped:  # --checkpoint: the one puzzle, now read
            held, self.held = self.held, None
            puzzles = sum(len(chunk) for chunk, _ in held)
            if puzzles > 1:  # refused before any work
                self.progress.clear()
                self.stop("error")
                return _error(f"--checkpoint counts one puzzle, and the input has {puzzles}; "
                              "count the others without it")
            name = self.names[0] if len(self.names) == 1 else "the input"

            def count_held() -> None:
                for chunk, reasons in held:
                    self.solve_chunk(chunk, reasons)

            failed = self.attempt(name, count_held)
            if failed is not None:
                return failed
        self.progress.clear()
        if self.stopped == "timeout":
            _note(f"--timeout ran out after {self.args.timeout:g} s: {self.results.done:,} "
                  f"puzzle{'s' if self.results.done != 1 else ''} done; the rest of the input was not read")
        return self.exit_status()

    def attempt(self, name: str, work) -> int | None:
        """Do ``work()`` (read and solve the source ``name``); the exit status of an error, else None."""
        try:
            work()
        except TimeoutError:  # waiting for input (an OSError: caught first)
            self.stop("timeout")
        except (InputError, SudokuError) as e:  # --strict, binary input, a closed stdin, ...
            self.progress.clear()
            self.stop("error")
            message = str(e)
            if not message.startswith((name, "cannot")):
                message = f"{name}: {message}"
            return _error(message)
        except BrokenPipeError:
            raise
        except OSError as e:  # cannot open or read the input
            self.progress.clear()
            self.stop("error")
            return _error(f"cannot read {name}: {e.strerror or e}")
        return None

    def solve_input(self, source, alone: bool) -> None:
        """Read a file or standard input and solve its puzzles as they come."""
        from ..sudoku.files import byte_lines, PuzzleReader

        inp = Input(source)
        if alone:
            self.only = inp
        try:
            reader = self.reader = PuzzleReader(inp.name, self.size, strict=self.args.strict)
            if inp.streams:
                self.out.flushing = True  # each answer out as soon as it is known
            threshold = 1 if inp.streams else self.chunk_size
            for lines in byte_lines(lambda size: inp.read(size, self.solver.remaining()), inp.name):
                reader.feed(lines)
                if reader.variant is not None and reader.variant != self.solver.variant:
                    self.declared(reader.variant, inp.name)
                self.drain(reader, threshold)
                if reader.error is not None or self.stopped:
                    break
            else:
                reader.finish()
                inp.finished = True
                if reader.variant is not None and reader.variant != self.solver.variant:
                    self.declared(reader.variant, inp.name)  # constraints wait for the side: known now
            self.drain(reader, 1)
            if reader.error is not None and not self.stopped:
                raise InputError(str(reader.error))
        finally:
            inp.close()

    def declared(self, variant, name: str) -> None:
        """A file's ``variant:`` header: its puzzles are solved with it (unless --variant says otherwise)."""
        if self.args.variant_rules is not None:
            raise InputError(f"{name}: the file declares 'variant: {variant}', but --variant gives "
                             f"'{self.args.variant_rules}'")
        if self.read:
            raise InputError(f"{name}: the file declares 'variant: {variant}', but the puzzles of the "
                             "inputs before it were classic; solve them in separate runs")
        self.solver.variant = self.results.variant = variant

    def drain(self, reader, threshold: int) -> None:
        """Solve what the reader has, in chunks, while it has ``threshold`` puzzles or more."""
        while reader.count >= threshold and not self.stopped:
            if self.solver.expired():
                self.stop("timeout")
                return
            cells, messages = reader.take(self.chunk_size)
            self.solve_chunk(cells, dict(messages))

    def solve_arguments(self, texts: list[str]) -> None:
        """Solve the puzzles given as arguments, one at a time."""
        from ..sudoku.text import parse_text

        np = self.np
        for text in texts:
            if self.solver.expired():
                self.stop("timeout")
                return
            cells = parse_text(text)
            reasons = {}
            if self.size is not None and cells.size != self.size * self.size:
                reasons[0] = (f"{text!r}: {cells.size} cells, expected {self.size * self.size} "
                              f"for {self.size}x{self.size} grids")
                cells = np.zeros(self.size * self.size, np.uint8)
            self.solve_chunk(cells[None, :], reasons)

    def solve_fpuzzles(self, source) -> None:
        """Solve the f-puzzles puzzles of ``source`` one at a time, each with its own rules."""
        from ..sudoku import fpuzzles

        if self.args.variant_rules is not None or self.args.box is not None or self.args.size is not None:
            given = ("--variant, --regions, --cages or --constraints" if self.args.variant_rules is not None
                     else "--box or --size")
            raise InputError(f"{source.name}: f-puzzles input carries its own rules and size; leave out {given}")
        if getattr(self.args, "dask", None) is not None:
            raise InputError(f"{source.name}: --dask does not take f-puzzles input (each puzzle has its own "
                             "rules); solve it without --dask")
        rules = (self.solver.box, self.solver.variant)
        try:
            for where, text in fpuzzles_items(source):
                if self.solver.expired():
                    self.stop("timeout")
                    return
                try:
                    p = fpuzzles.read(text)
                except SudokuError as e:
                    if self.args.strict:
                        raise InputError(f"{where}: {e}") from None
                    self.solver.box, self.solver.variant = self.results.box, self.results.variant = (None, None)
                    self.solve_chunk(self.np.zeros((1, 81), self.np.uint8), {0: f"{where}: {e}"})
                    continue
                variant = p.variant if p.variant else None
                self.solver.box, self.solver.variant = self.results.box, self.results.variant = (p.box, variant)
                self.solve_chunk(p.givens.reshape(1, -1), {})
        finally:
            self.solver.box, self.solver.variant = self.results.box, self.results.variant = rules

    def solve_chunk(self, chunk, reasons: dict) -> None:
        """Solve (or count) a chunk slice by slice, writing each slice's results."""
        if self.held is not None:  # --checkpoint: nothing is counted before the input is read
            self.held.append((chunk, reasons))
            return
        np, solver = self.np, self.solver
        self.read += len(chunk)
        self.unreadable += len(reasons)
        if reasons and self.first_error is None:
            self.first_error = reasons[min(reasons)]
        valid = np.ones(len(chunk), bool)
        if reasons:
            valid[list(reasons)] = False
        unreadable = sorted(reasons)
        if not solver.warm and valid.any():
            solver.warm_up(chunk[np.flatnonzero(valid)[0]])
        solver.start_clock()
        a = 0
        while a < len(chunk):
            b = min(a + solver.slice_size(), len(chunk))
            cells = chunk[a:b]
            t0 = time.perf_counter()
            outcome = solver.solve(cells, valid[a:b], self.results.done)
            spent = time.perf_counter() - t0
            lo, hi = bisect.bisect_left(unreadable, a), bisect.bisect_left(unreadable, b)
            first = self.results.done
            self.results.write(cells, outcome, {k - a: reasons[k] for k in unreadable[lo:hi]})
            if outcome.stopped is not None:
                self.early.extend((first + i + 1, outcome.counts[i], why, int(outcome.nodes[i]))
                                  for i, why in enumerate(outcome.stopped) if why is not None)
            if solver.interrupted:  # a count stopped by Ctrl-C: its lower bound is written, now stop
                raise KeyboardInterrupt
            a = b
            solver.adapt(spent)
            self.show(self.results.done)

    #: Counts stopped early that get a note of their own (the rest: one note in all).
    NOTES = 5

    def notes(self) -> None:
        """Say on stderr which counts stopped early and why: their ``N+`` is a lower bound."""
        for number, count, why, nodes in self.early[:self.NOTES]:
            _note(f"puzzle {number}: the count stopped early, {STOPPED_BY.get(why, why)}, "
                  f"after {nodes:,} nodes: {count}+ is a lower bound"
                  + (f" (the finished parts are in {self.args.checkpoint}: run the same command "
                     "again to resume)" if self.args.checkpoint is not None else ""))
        rest = self.early[self.NOTES:]
        if rest:
            whys = sorted({STOPPED_BY.get(why, why) for _, _, why, _ in rest})
            _note(f"{len(rest)} more count{'s' if len(rest) != 1 else ''} stopped early ({', '.join(whys)}): "
                  "each N+ is a lower bound")

    def exit_status(self) -> int:
        """The exit status once all is written (2, with a message, when nothing was readable)."""
        name = self.names[0] if len(self.names) == 1 else "the input"
        if self.read == 0 and not self.stopped:
            return _error(f"{name}: no puzzles found")
        if self.read and self.unreadable == self.read:
            hint = ""
            if self.args.box is not None:
                r, c = self.args.box
                hint = f" (--box {r}x{c} means {r * c}x{r * c} grids)"
            elif self.args.size is not None:
                hint = f" (--size {self.args.size} means {self.args.size}x{self.args.size} grids)"
            return _error(f"no readable puzzle in {name}{hint}; the first error: {self.first_error}")
        if self.stopped:
            return EXIT_UNSOLVED
        by_status = self.results.tally.by_status
        if self.args.count:
            ok = all(k not in ("INVALID", "BUDGET") for k in by_status)
        else:
            ok = set(by_status) <= {"SOLVED"}
        return EXIT_OK if ok else EXIT_UNSOLVED

    def show(self, done: int) -> None:
        """Redraw the progress bar (when due) with ``done`` puzzles finished."""
        inp = self.only
        # puzzles/s on the bar: per second of solving, start-up left out, as --stats counts it
        solving = self.solving_seconds
        if inp is None:
            self.progress.update(done, solving=solving)
        elif inp.finished:
            self.progress.update(done, self.read, solving=solving)
        elif inp.size and inp.consumed:  # the puzzles in the bytes read so far, scaled up
            parsed = self.read + (self.reader.count if self.reader is not None else 0)
            self.progress.update(done, int(parsed * inp.size / inp.consumed), True, solving=solving)
        else:
            self.progress.update(done, solving=solving)

    def solving_seconds(self) -> float:
        """Seconds of the run so far, start-up (compiling or loading the solver) left out:
        what the puzzles/s of the bar and of --stats divide by."""
        return max(time.perf_counter() - self.started - self.solver.startup, 0.0)

    def summary(self) -> str:
        """The --stats summary."""
        text = self.results.tally.summary(time.perf_counter() - self.started, self.args.count,
                                          self.solver.startup, self.how_it_ended())
        if self.args.count and self.args.checkpoint is not None and self.solver.checkpointed:
            # a resumed count: its nodes and updates are those of every run (the seconds: this run's)
            text += f"{'figures:':<16} nodes and updates of every run of {self.args.checkpoint}\n"
        return text

    def how_it_ended(self) -> str:
        """The ``run`` line of the summary: complete, or what stopped it early."""
        args, tally = self.args, self.results.tally
        if self.stopped == "timeout":
            text = f"stopped: --timeout {args.timeout:g} s ran out"
        elif self.stopped == "interrupted":
            text = "interrupted (Ctrl-C)"
        elif self.stopped == "error":
            text = "stopped by an error"
        else:
            text = "complete"
        if self.stopped and self.input_left:
            text += "; the rest of the input was not read"
        budget = tally.by_status.get("BUDGET", 0)
        if args.count and self.early:
            whys = sorted({STOPPED_BY.get(why, why) for _, _, why, _ in self.early})
            k = len(self.early)
            text += f"; {k} count{'s' if k != 1 else ''} stopped early ({', '.join(whys)}; N+ is a lower bound)"
        elif budget:
            why = " or ".join(o for o, v in (("--max-nodes", args.max_nodes), ("--timeout", args.timeout))
                              if v is not None)
            text += f"; {budget} puzzle{'s' if budget != 1 else ''} ran out of {why} (BUDGET)"
        if tally.inexact:
            text += (f"; {tally.inexact} count{'s' if tally.inexact != 1 else ''} stopped at "
                     f"--limit {args.limit} (more solutions exist)")
        return text


# ---------------------------------------------------------------------------
# Solving
# ---------------------------------------------------------------------------


def _checkpoint_count(puzzle, path) -> int:
    """The solutions of the parts a checkpoint holds as finished (0 when it cannot be read)."""
    try:
        from ..parallel.checkpoint import Checkpoint

        problem, _, given = puzzle.to_problem()
        return int(Checkpoint.load(path, problem, given=given).total()[0])
    except Exception:  # no file yet, or one that cannot be read: nothing to add
        return 0


class _Solver:
    """Solves (or counts) slices of puzzles within the run's budgets.

    Solving calls the batch solver once per slice, with slices sized to take
    about ``slice_seconds`` each; counting takes one puzzle at a time.  The
    clock of ``--timeout`` starts at the first puzzle, once the solver is
    compiled (:meth:`start_clock`).
    """

    def __init__(self, S, np, args, show, reporting: bool, *,
                 first_slice: int, max_slice: int, slice_seconds: float, warm_up_puzzles: int):
        self.S = S
        self.np = np
        self.args = args
        self.box = args.box
        self.variant = args.variant_rules  # a Variant, or None: classic (or the file's header)
        self.limit = 2 if args.unique else 1
        self.deadline = None
        self.show = show  # show(done): redraw the progress bar
        self.reporting = reporting  # whether to have the solver report progress
        self.slice = first_slice  # puzzles per solver call, adapted to take about slice_seconds
        self.max_slice = max_slice
        self.slice_seconds = slice_seconds
        self.warm_up_puzzles = warm_up_puzzles
        self.startup = 0.0  # seconds spent compiling or loading the solver
        self.warm = False
        self.split = split_options(args) if args.count else {}  # --count --threads N / --checkpoint: one puzzle split over threads
        self.checkpointed = False  # whether a puzzle has been counted with the --checkpoint file
        self.interrupted = False  # whether Ctrl-C stopped a count (its lower bound is then written)

    def rules(self) -> dict:
        """The rules every puzzle of the run is read and solved with (the box and the
        variant, from --box, --variant, --regions, --cages or a file's header): one
        home, so that no path (serial, --threads, --dask) can leave one behind."""
        return {"box": self.box, "variant": self.variant}

    def engine(self) -> dict:
        """The engine every search of the run uses (--algorithm): one home, as :meth:`rules`."""
        return {"algorithm": self.args.algorithm}

    def puzzle(self, cells):
        """The Sudoku of ``cells`` under :meth:`rules` (SudokuError: it breaks them)."""
        return self.S.Sudoku(cells, **self.rules())

    def check_split(self, puzzle, asked: str, instead: str) -> None:
        """SudokuError, in the command line's words, when ``puzzle`` cannot be split
        (``asked``: the options that split it)."""
        from ..parallel.split import check_splittable

        check_splittable(puzzle.exact_cover()[0], asked=asked, instead=instead, error=SudokuError)

    def start_clock(self) -> None:
        """Start the --timeout clock (once)."""
        if self.deadline is None and self.args.timeout is not None:
            self.deadline = time.perf_counter() + self.args.timeout

    def remaining(self) -> float | None:
        """Seconds left of --timeout (None: no limit, or the clock has not started)."""
        return None if self.deadline is None else self.deadline - time.perf_counter()

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline

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

    def warm_up(self, puzzle) -> None:
        """Compile (or load from numba's cache) the solver, timed apart."""
        t0 = time.perf_counter()
        S, np = self.S, self.np
        try:
            if self.args.count:
                self.puzzle(puzzle).count(1, max_nodes=1, **self.engine())
            else:
                batch = np.repeat(puzzle[None, :], self.warm_up_puzzles, axis=0)
                S.solve_many(batch, threads=self.args.threads, max_nodes=1, **self.rules(), **self.engine())
        except (SudokuError, LimitReached):
            pass  # the real work reports it
        self.warm = True
        self.startup += time.perf_counter() - t0

    def solve(self, cells, valid, done: int) -> Outcome:
        """The outcome of a slice (``valid``: the rows that were read); ``done`` puzzles before it."""
        if self.args.count:
            return self._count(cells, valid, done)
        return self._solve(cells, valid, done)

    def _blank(self, cells) -> Outcome:
        """Results for a slice: no solution, INVALID, no work, until filled in."""
        np = self.np
        k = len(cells)
        return Outcome(np.zeros_like(cells), np.full(k, int(self.S.Status.INVALID), np.int8),
                        np.zeros(k, np.int64), np.zeros(k, np.int64))

    def _solve(self, cells, valid, done: int) -> Outcome:
        np, S = self.np, self.S
        o = self._blank(cells)
        idx = np.flatnonzero(valid)
        if idx.size:
            left = self.remaining()
            if left is not None and left <= 0:
                o.status[idx] = int(S.Status.BUDGET)
            else:
                def report(p):  # a dlxnumba.progress.Progress of the slice
                    self.show(done + p.done)

                s, st, info = S.solve_many(cells[idx], limit=self.limit, threads=self.args.threads, **self.rules(),
                                           **self.engine(),
                                           max_nodes=self.args.max_nodes, timeout=left,
                                           progress=report if self.reporting else None,
                                           progress_interval=REDRAW_SECONDS, return_stats=True)
                o.sol[idx] = s
                o.status[idx] = np.asarray(st, dtype=np.int64)
                o.nodes[idx] = info["nodes"]
                o.updates[idx] = info["updates"]
        return o

    def _count(self, cells, valid, done: int) -> Outcome:
        o = self._blank(cells)
        o.counts = [None] * len(cells)
        o.exact = [None] * len(cells)
        o.stopped = [None] * len(cells)

        def report(p):  # a dlxnumba.progress.Progress of the puzzle
            self.show(done)

        for i in self.np.flatnonzero(valid).tolist():
            self._count_one(cells[i], o, i, report if self.reporting else None)
            if self.interrupted:
                break
        return o

    def _count_one(self, cells, o: Outcome, i: int, report) -> None:
        """Count the solutions of one puzzle into row ``i`` of ``o``: to one past
        --limit, so that a count of exactly the limit is told from a larger one.

        A count stopped early (--timeout, --max-nodes, Ctrl-C) keeps what it
        found, a lower bound, with its nodes and updates; after Ctrl-C
        :attr:`interrupted` is set (the caller writes the row, then stops)."""
        S, limit = self.S, self.args.limit
        try:
            puzzle = self.puzzle(cells)
        except SudokuError:
            return  # INVALID; Results.write finds the reason
        if self.split:
            self.check_split(puzzle, "--threads and --checkpoint", "leave them out to count it serially")
        left = self.remaining()
        if left is not None and left <= 0:
            o.status[i] = int(S.Status.BUDGET)
            o.counts[i], o.exact[i], o.stopped[i] = 0, False, "timeout"
            return
        if "checkpoint" in self.split:
            if self.checkpointed:  # pragma: no cover  (_SolveRun refuses such input before any work)
                raise SudokuError("--checkpoint counts one puzzle, and the input has more than one")
            self.checkpointed = True
        watch = _CountWatch(report)
        try:
            n = puzzle.count(None if limit is None else limit + 1, max_nodes=self.args.max_nodes,
                             timeout=left, progress=watch.reporter, **self.engine(),
                             progress_interval=min(COUNT_REPORT_SECONDS, REDRAW_SECONDS),
                             **self.split)
            exact = limit is None or n <= limit
            o.status[i] = int(S.Status.NO_SOLUTION if n == 0 else S.Status.SOLVED if n == 1
                              else S.Status.MULTIPLE)
            if not exact:
                n = limit
            from ..stats import last_stats

            o.nodes[i] = last_stats().nodes
            o.updates[i] = last_stats().updates
        except LimitReached as e:
            n, exact = int(e.found), False
            o.status[i] = int(S.Status.BUDGET)
            o.stopped[i] = e.reason.label
            o.nodes[i], o.updates[i] = e.stats.nodes, e.stats.updates
        except KeyboardInterrupt:
            last = watch.last
            n = 0 if last is None else int(last.solutions)
            if "checkpoint" in self.split:  # the parts finished, in this run and before
                n = max(n, _checkpoint_count(puzzle, self.split["checkpoint"]))
            exact = False
            o.status[i] = int(S.Status.BUDGET)
            o.stopped[i] = "interrupted"
            if last is not None:
                o.nodes[i], o.updates[i] = last.nodes, last.updates
            self.interrupted = True
        o.counts[i], o.exact[i] = n, exact
