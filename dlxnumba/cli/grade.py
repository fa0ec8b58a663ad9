"""``dlxnumba grade``: rate puzzles on both difficulty scales, one line each.

Each output line is ``LEVEL SCORE EFFORT STEPS HARDEST`` for the puzzle of the
same rank in the input: the level and score of the hardest technique needed,
the search effort (mean guesses over ``--samples`` random copies, ``-`` with
``--samples 0``), the steps of the logical solve and the name of the hardest
technique (last: it may hold spaces).  A puzzle that has no grade gets its
status instead, as ``dlxnumba solve`` prints it: ``NO_SOLUTION``,
``MULTIPLE`` or ``INVALID: <reason>``.  See :mod:`dlxnumba.sudoku.grading`
for the scales.

The input is read as it comes (the readers of :mod:`.sources` and
:mod:`dlxnumba.sudoku.files`) and graded in slices sized to take about
``SLICE_SECONDS``, each slice's lines written as soon as it is done: Ctrl-C
stops a run within a slice (the lines written are whole), and a closed pipe
(``| head -1``) ends it at the next write.

Standard library only at import time (``--help`` imports it).
"""

from __future__ import annotations

import argparse
import sys
import time

from ..errors import InputError, SudokuError
from ..errors import _OutputError as OutputError
from .common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, RAW_HELP, box_argument, _error,
                     _non_negative_int, _one_line, _Output, _Progress, _positive_int)
from .sources import Input, resolve_sources

HELP = "rate Sudoku puzzles: technique level and score, search effort"
DESCRIPTION = """\
Rate each puzzle on the two scales of dlxnumba.grade: the hardest human
technique a logical solver needs (level easy, medium, hard, expert or beyond,
and its score), and the search effort (guesses of a fixed-rule solver,
averaged over random relabelings and permutations of the puzzle).

A grade is for a puzzle with a solution, and only one (unless
--allow-multiple): any other puzzle gets a status line instead, and the
run goes on.  From a pipe or a terminal each line is written as soon as its
puzzle has been read and graded."""
EPILOG = """\
output: one line per puzzle, in input order:
  LEVEL SCORE EFFORT STEPS HARDEST
  e.g.  expert 5.6 57.4 87 simple coloring
  or, for a puzzle without a grade, its status (as 'dlxnumba solve' says it):
  NO_SOLUTION, MULTIPLE (more than one solution) or "INVALID: <reason>"

examples:
  dlxnumba grade top95                        a shipped set by name
  dlxnumba grade puzzles.txt --samples 64     a steadier search effort
  dlxnumba grade --samples 0 < puzzles.txt    the technique scale alone

exit status:
  0    every puzzle graded
  1    some puzzle without a grade: NO_SOLUTION, MULTIPLE or INVALID
  2    bad usage, unreadable input, no puzzles, no readable puzzle at all,
       or output that cannot be written; a one-line message says what
  130  interrupted by Ctrl-C; the lines of the puzzles graded so far are written
  141  the reader of the output went away (e.g. "| head -1")
"""

#: Seconds one slice of puzzles should take to grade: its lines are written
#: when it is done, so Ctrl-C loses at most about this much work.
SLICE_SECONDS = 0.25
#: Puzzles in the first slice (the first call compiles the grader, or loads it
#: from numba's cache); later slices adapt to SLICE_SECONDS.
FIRST_SLICE = 8
#: Most puzzles in a slice, and in a chunk read from a regular file.
MAX_SLICE = 4096


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``grade`` and its options to ``commands`` (an argparse sub-parsers object)."""
    g = commands.add_parser("grade", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
    g.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="a file of puzzles, a shipped set's name, '-' for standard input "
                        "(the default), or a puzzle")
    g.add_argument("--box", type=box_argument, metavar="RxC",
                   help="box shape, ROWSxCOLUMNS (default: the squarest shape, wider than tall)")
    g.add_argument("--samples", type=_non_negative_int, default=None, metavar="K",
                   help="random copies the search effort averages over (default 16; 0: none)")
    g.add_argument("--seed", type=_non_negative_int, default=0, metavar="S",
                   help="seed of the copies (default 0): the same seed, the same ratings")
    g.add_argument("--threads", type=_positive_int, metavar="N",
                   help="threads to rate on (default: all that numba has)")
    g.add_argument("--allow-multiple", action="store_true",
                   help="grade puzzles with several solutions too (without the techniques that "
                        "assume one solution); by default they get MULTIPLE")
    g.set_defaults(run=run, command_parser=g)
    return g


def run(args) -> int:
    """Run ``dlxnumba grade`` with parsed ``args``; return the exit status."""
    try:
        sources = resolve_sources(args.inputs)
    except InputError as e:
        return _error(e)
    try:
        out = _Output(None, _Progress(sys.stderr, False))
    except OutputError as e:
        return _error(e)
    grading = _GradeRun(args, out)
    code = EXIT_INTERRUPTED
    try:
        try:
            code = grading.run(sources)
        except KeyboardInterrupt:
            code = EXIT_INTERRUPTED
        except OutputError as e:
            code = _error(e)
        finally:
            try:
                out.close()  # the lines held back, whole
            except OutputError as e:
                if code != EXIT_USAGE:
                    code = _error(e)
    except KeyboardInterrupt:  # while the last lines were written: they end on a whole line
        code = EXIT_INTERRUPTED
    return code


class _GradeRun:
    """One run of ``dlxnumba grade``: reads each source, grades slice by slice, writes the lines."""

    def __init__(self, args, out: _Output):
        import numpy as np

        from ..sudoku.grading import SAMPLES

        self.np = np
        self.args = args
        self.out = out
        self.samples = SAMPLES if args.samples is None else args.samples
        self.size = args.box[0] * args.box[1] if args.box else None
        self.slice = FIRST_SLICE
        self.read = 0  # puzzles read
        self.unreadable = 0  # among them, entries that could not be read
        self.first_error: str | None = None
        self.ungraded = 0  # puzzles written with a status instead of a grade
        self.names: list[str] = []

    def run(self, sources) -> int:
        """Grade every source in turn; return the exit status."""
        for source in sources:
            self.names.append(source.name)
            try:
                if source.kind == "puzzles":
                    self.grade_arguments(source.puzzles)
                else:
                    self.grade_input(source)
            except (InputError, SudokuError) as e:
                message = str(e)
                if not message.startswith((source.name, "cannot")):
                    message = f"{source.name}: {message}"
                return _error(message)
            except BrokenPipeError:
                raise
            except OSError as e:  # cannot open or read the input (a directory, no permission, ...)
                return _error(f"cannot read {source.name}: {e.strerror or e}")
        name = self.names[0] if len(self.names) == 1 else "the input"
        if self.read == 0:
            return _error(f"{name}: no puzzles found")
        if self.unreadable == self.read:
            return _error(f"no readable puzzle in {name}; the first error: {self.first_error}")
        return EXIT_OK if self.ungraded == 0 else EXIT_UNSOLVED

    def grade_input(self, source) -> None:
        """Read a file, a shipped set or standard input, and grade its puzzles as they come."""
        from ..sudoku.files import byte_lines, PuzzleReader

        inp = Input(source)
        try:
            if inp.streams:
                self.out.flushing = True  # each line out as soon as it is known
            reader = PuzzleReader(inp.name, self.size)
            threshold = 1 if inp.streams else MAX_SLICE
            for lines in byte_lines(inp.read, inp.name):
                reader.feed(lines)
                if reader.variant is not None:
                    raise InputError(f"{inp.name}: the file declares 'variant: {reader.variant}'; "
                                     "dlxnumba grade rates classic puzzles")
                self.drain(reader, threshold)
            reader.finish()
            if reader.variant is not None:  # constraints are read once the side is known
                raise InputError(f"{inp.name}: the file declares 'variant: {reader.variant}'; "
                                 "dlxnumba grade rates classic puzzles")
            self.drain(reader, 1)
        finally:
            inp.close()

    def drain(self, reader, threshold: int) -> None:
        """Grade what the reader has, while it has ``threshold`` puzzles or more."""
        while reader.count >= threshold:
            cells, messages = reader.take(MAX_SLICE)
            self.grade_chunk(cells, dict(messages))

    def grade_arguments(self, texts: list[str]) -> None:
        """Grade the puzzles given as arguments, one at a time (they may differ in size)."""
        from ..sudoku.text import parse_text

        np = self.np
        for text in texts:
            cells = parse_text(text)
            reasons = {}
            if self.size is not None and cells.size != self.size * self.size:
                reasons[0] = (f"{text!r}: {cells.size} cells, expected {self.size * self.size} "
                              f"for {self.size}x{self.size} grids (--box)")
                cells = np.zeros(self.size * self.size, np.uint8)
            self.grade_chunk(cells[None, :], reasons)

    def grade_chunk(self, chunk, reasons: dict) -> None:
        """Grade a chunk slice by slice (``reasons``: its unreadable rows), writing each slice's lines."""
        self.read += len(chunk)
        self.unreadable += len(reasons)
        if reasons and self.first_error is None:
            self.first_error = reasons[min(reasons)]
        a = 0
        while a < len(chunk):
            b = min(a + self.slice, len(chunk))
            t0 = time.perf_counter()
            lines = self.grade_slice(chunk[a:b], {k - a: v for k, v in reasons.items() if a <= k < b})
            spent = time.perf_counter() - t0
            self.out.write(lines)
            a = b
            if spent < SLICE_SECONDS / 2:
                self.slice = min(self.slice * 2, MAX_SLICE)
            elif spent > SLICE_SECONDS * 2:
                self.slice = max(self.slice // 2, 1)

    def grade_slice(self, cells, reasons: dict) -> list[str]:
        """The output lines of a slice of puzzles (``reasons``: its unreadable rows)."""
        from ..sudoku.grading import grade_many

        np, args = self.np, self.args
        valid = np.ones(len(cells), bool)
        valid[list(reasons)] = False
        lines: list = [None] * len(cells)
        for k, why in reasons.items():
            lines[k] = f"INVALID: {_one_line(why)}\n"
        rows = np.flatnonzero(valid)
        if rows.size:
            result = grade_many(cells[rows], box=args.box, samples=self.samples, seed=args.seed,
                                threads=args.threads, uniqueness=not args.allow_multiple)
            for j, (k, g) in enumerate(zip(rows.tolist(), result)):
                if g.level is None:  # no grade: NO_SOLUTION, MULTIPLE or INVALID
                    self.ungraded += 1
                    if g.status.name == "INVALID":  # the reason, without the batch's "puzzle j: "
                        why = str(g.error).removeprefix(f"puzzle {j}: ")
                        lines[k] = f"INVALID: {_one_line(why)}\n"
                    else:
                        lines[k] = f"{g.status.name}\n"
                else:
                    effort = "-" if g.effort is None else f"{g.effort:.1f}"
                    lines[k] = f"{g.level} {g.score:.1f} {effort} {g.steps} {g.hardest}\n"
        self.ungraded += len(reasons)
        return lines
