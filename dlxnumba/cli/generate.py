"""``dlxnumba generate``: new puzzles with exactly one solution, one per line."""

from __future__ import annotations

import argparse
import re
import sys
import time

from ..errors import SudokuError
from ..errors import _OutputError as OutputError
from .common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, RAW_HELP, box_argument, _closed, _error,
                     _non_negative_int, _Output, _Progress, _progress_wanted, _seconds, seed_argument)

HELP = "generate Sudoku puzzles with exactly one solution"

DESCRIPTION = """\
Generate Sudoku puzzles that have exactly one solution, one per line.

Each puzzle is a random full grid with clues removed in random order while the
puzzle stays unique; by default until no clue can go (a minimal puzzle).  The
same --seed gives the same puzzles on every machine, with any --threads.
"""

EPILOG = """\
output:
  one puzzle per line, '.' for an empty cell (grids past 35x35: numbers
  separated by spaces); a variant's puzzles follow a 'variant:' header (and
  a jigsaw's 'regions:' line), as 'dlxnumba solve' reads them.  Killers
  (--variant killer, cages drawn at random; seconds per 9x9) each have
  their own cages: one block per puzzle, its 'variant:' and 'cages:' lines and
  the grid, then a blank line; Sudoku(block) reads one, and so does
  'dlxnumba solve' from a file of one block.  With --link, one f-puzzles
  link per line instead, its rules in it ('dlxnumba solve' reads a file of
  them)

examples:
  dlxnumba generate -n 10 --seed 1              ten minimal 9x9 puzzles
  dlxnumba generate -n 5 --box 4x4              16x16 puzzles
  dlxnumba generate -n 100 --level hard         rated by the grader
  dlxnumba generate -n 3 --clues 24-26 --symmetric central
  dlxnumba generate -n 2 --variant x            X-Sudoku (both diagonals)
  dlxnumba generate --variant killer --seed 7   a killer: cages with sums
  dlxnumba generate -n 1000 -o new.txt && dlxnumba solve new.txt
  dlxnumba generate --samurai --seed 1          a samurai: five overlapping grids
  dlxnumba generate --variant x --link          a link that opens it in f-puzzles

exit status:
  0    every puzzle generated
  1    the request could not be met within --max-attempts or --timeout (the
       puzzles made so far are written), or cannot be met at all: the rules
       allow no full grid of that shape (nothing is written)
  2    bad usage, or output that cannot be written
  130  interrupted by Ctrl-C (the puzzles made so far are written)
  141  the reader of the output went away (e.g. "| head -1")
"""

#: The names of dlxnumba.sudoku.generating.SYMMETRIES (that module imports numpy,
#: which the command line does not at load time; a test keeps the two equal).
SYMMETRIES = ("central", "rotational", "mirror", "vertical", "diagonal", "antidiagonal", "dihedral")
#: The names of dlxnumba.sudoku.gattai.LAYOUTS (likewise).
GATTAI_LAYOUTS = ("samurai", "twodoku", "butterfly")
#: The levels of dlxnumba.sudoku.grading.LEVELS (likewise).
LEVELS = ("easy", "medium", "hard", "expert", "beyond")

#: Seconds one call of the generator should take: the output is written after
#: each call, so Ctrl-C loses at most about this much work.
SLICE_SECONDS = 0.25
#: Puzzles in the first call; later calls adapt their size to SLICE_SECONDS.
FIRST_SLICE = 64


def _clues(text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d+)\s*(?:[-:]\s*(\d+)\s*)?", text)
    if not m:
        raise argparse.ArgumentTypeError(f"{text!r} is not a clue count or a range A-B such as 24-28")
    low = int(m.group(1))
    high = int(m.group(2)) if m.group(2) is not None else low
    if low > high:
        raise argparse.ArgumentTypeError(f"{text!r}: the range is empty (A must be at most B)")
    return low, high


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``generate`` and its options to ``commands`` (an argparse sub-parsers object)."""
    c = commands.add_parser("generate", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
    c.add_argument("-n", "--number", type=_non_negative_int, default=None, metavar="N",
                   help="how many puzzles (default 1)")
    c.add_argument("--seed", type=seed_argument, metavar="S",
                   help="0 to 2**64-1: the same seed gives the same puzzles (default: a random seed, "
                        "shown with --progress)")
    c.add_argument("--box", type=box_argument, metavar="RxC", help="rows x columns of a box (default 3x3: 9x9 grids)")
    c.add_argument("--level", metavar="L", action="append", choices=LEVELS,
                   help="a level of the grader: " + ", ".join(LEVELS) + " (repeat for several)")
    c.add_argument("--clues", type=_clues, metavar="A-B", help="accept only clue counts from A to B")
    c.add_argument("--not-minimal", dest="minimal", action="store_false",
                   help="stop removing clues at the top of --clues instead of at a minimal puzzle")
    c.add_argument("--symmetric", metavar="K", choices=SYMMETRIES,
                   help="clue symmetry: " + ", ".join(SYMMETRIES))
    c.add_argument("--variant", metavar="V",
                   help="extra rules: x, windoku, anti-knight, anti-king, non-consecutive, "
                        "killer (cages drawn at random), or combinations such as x+anti-king")
    c.add_argument("--regions", metavar="MAP",
                   help="a jigsaw's region map: n*n symbols, one per piece (its pieces replace the boxes)")
    c.add_argument("--layout", metavar="NAME", choices=GATTAI_LAYOUTS,
                   help="overlapping grids instead of one: " + ", ".join(GATTAI_LAYOUTS) +
                        " (grids of --box; each puzzle its canvas's lines, then a blank line)")
    c.add_argument("--samurai", dest="layout", action="store_const", const="samurai",
                   help="samurai puzzles: five 9x9 grids, 21 lines of 21 characters (--layout samurai)")
    c.add_argument("--threads", type=_non_negative_int, metavar="N",
                   help="threads to use (default: all)")
    c.add_argument("--max-attempts", type=_non_negative_int, metavar="N",
                   help="attempts per puzzle for --clues or --level (default 10000)")
    c.add_argument("--timeout", type=_seconds, metavar="SECONDS", help="wall-clock limit for the whole run")
    c.add_argument("--link", action="store_true",
                   help="print an f-puzzles link for each puzzle (https://www.f-puzzles.com/?load=...; "
                        "SudokuPad opens them too) instead of its text")
    c.add_argument("-o", "--output", metavar="FILE", help="write the puzzles to FILE instead of standard output")
    c.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                   help="a progress bar on stderr (default: when stderr is a terminal and N >= 1000)")
    c.set_defaults(run=run, command_parser=c, validate=validate)
    return c


def validate(args) -> None:
    """Usage errors that argparse cannot see (argparse's format, exit status 2)."""
    p = args.command_parser
    if args.threads == 0:
        p.error("argument --threads: 0 is not positive")
    if args.max_attempts == 0:
        p.error("argument --max-attempts: 0 is not positive")
    if not args.minimal and args.clues is None:
        p.error("--not-minimal needs --clues A-B (removal stops at B clues)")
    if args.number is None:
        args.number = 1
    if args.layout is not None:
        for flag in ("level", "variant", "regions", "max_attempts"):
            if getattr(args, flag) is not None:
                p.error(f"--{flag.replace('_', '-')} does not go with --layout (overlapping grids)")
        if args.symmetric not in (None, "central"):
            p.error("--layout takes --symmetric central only (a half turn of the canvas)")
        if args.clues is not None and args.minimal:
            p.error("--layout takes --clues only with --not-minimal (removal stops at B clues)")
    if args.link and args.box is not None and not 4 <= args.box[0] * args.box[1] <= 16:
        r, c = args.box
        p.error(f"argument --link: f-puzzles draws 4x4 to 16x16 grids, not {r * c}x{r * c}")


def run(args) -> int:
    """Run ``dlxnumba generate`` with parsed ``args``; return the exit status."""
    from ..sudoku.generating import GenerateRequest, generate_slice
    from ..sudoku.variants import to_text

    if args.layout is not None:
        return _run_gattai(args)
    wants_bar = _progress_wanted(args.progress) if args.progress is not None else \
        (_progress_wanted(None) and args.number >= 1000)
    if args.progress and _closed(sys.stderr):
        return EXIT_USAGE
    level = None if args.level is None else tuple(args.level)
    try:
        req = GenerateRequest(args.box, args.seed, args.minimal, args.symmetric, args.clues, level,
                              args.variant, args.regions, args.max_attempts, args.timeout)
        from ..search_options import SearchOptions

        threads = SearchOptions.make(SudokuError, threads=args.threads).thread_count()
    except SudokuError as e:
        return _error(e)
    progress = _Progress(sys.stderr, wants_bar)
    if wants_bar and args.seed is None:
        progress.draw(f"seed {req.seed}")
        progress.stream.write("\n")
        progress.drawn = 0
    try:
        out = _Output(args.output, progress)
    except OutputError as e:
        return _error(e)
    deadline = None if req.timeout is None else time.monotonic() + req.timeout
    header = to_text("", req.variant).rstrip("\n") if req.variant and not req.killer and not args.link else ""
    code = EXIT_INTERRUPTED
    done = 0
    number = args.number
    try:
        try:
            size = 1 if req.killer else FIRST_SLICE  # a killer takes about a second
            while done < number:
                size = max(1, min(size, number - done))
                t0 = time.perf_counter()
                base = done
                batch = generate_slice(req, done, size, threads, lambda k: progress.update(base + k, number),
                                       deadline)
                elapsed = time.perf_counter() - t0
                records = []
                if header:  # with the first puzzles: a request that cannot be met prints nothing
                    records.append(header + "\n")
                    header = ""
                if args.link:  # each puzzle as an f-puzzles link, its rules in it
                    records.extend(s.fpuzzles_url() + "\n" for s in batch)
                elif req.killer:  # each killer has its own cages: a block of header lines and the grid
                    records.extend(to_text(str(s), s.variant) + "\n\n" for s in batch)
                else:
                    records.extend(f"{s}\n" for s in batch)
                out.write(records)
                done += len(batch)
                progress.update(done, number)
                # the next call: about SLICE_SECONDS of work
                size = int(min(max(size * SLICE_SECONDS / max(elapsed, 1e-6), 1), 4 * size + 1))
            code = EXIT_OK
        except KeyboardInterrupt:
            code = EXIT_INTERRUPTED
        except SudokuError as e:  # the request could not be met within the budget
            progress.clear()
            _error(e)
            code = EXIT_UNSOLVED
        except OutputError as e:
            code = _error(e)
        finally:
            progress.clear()
            try:
                out.close()  # the puzzles held back, whole
            except OutputError as e:
                if code != EXIT_USAGE:
                    code = _error(e)
    except KeyboardInterrupt:  # while the last puzzles were written: they end on a whole record
        code = EXIT_INTERRUPTED
    return code


def _run_gattai(args) -> int:
    """``dlxnumba generate --layout NAME``: overlapping grids (:meth:`dlxnumba.Gattai.generate`),
    one after another, each its canvas's lines and a blank line."""
    from ..checks import seed
    from ..sudoku.gattai import Gattai
    from ..sudoku.geometry import check_box

    try:
        box = check_box(args.box[0] * args.box[1], args.box) if args.box else (3, 3)
        rng = seed(args.seed, error=SudokuError)
        out = _Output(args.output, _Progress(sys.stderr, False))
    except (SudokuError, OutputError) as e:
        return _error(e)
    deadline = None if args.timeout is None else time.monotonic() + args.timeout
    code = EXIT_OK
    try:
        for _ in range(args.number):
            if deadline is not None and time.monotonic() > deadline:
                _error(f"--timeout ran out after {args.timeout:g} s")
                code = EXIT_UNSOLVED
                break
            g = Gattai.generate(args.layout, n=box[0] * box[1], box=box, seed=rng, minimal=args.minimal,
                                symmetric=args.symmetric is not None,
                                clues=None if args.clues is None else args.clues[1])
            out.write(g.text() + "\n\n")
    except KeyboardInterrupt:
        code = EXIT_INTERRUPTED
    except (SudokuError, OutputError) as e:
        code = _error(e)
    finally:
        try:
            out.close()
        except OutputError as e:
            code = _error(e)
    return code
