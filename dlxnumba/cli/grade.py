"""``dlxnumba grade``: rate puzzles on both difficulty scales, one line each.

Each output line is ``LEVEL SCORE EFFORT STEPS HARDEST`` for the puzzle of the
same rank in the input: the level and score of the hardest technique needed,
the search effort (mean guesses over ``--samples`` random copies, ``-`` with
``--samples 0``), the steps of the logical solve and the name of the hardest
technique (last: it may hold spaces).  See :mod:`dlxnumba.sudoku.grading` for
the scales.

Standard library only at import time (``--help`` imports it).
"""

from __future__ import annotations

import argparse
import sys

from ..errors import InputError, SudokuError
from .common import EXIT_OK, RAW_HELP, _box, _closed, _error, _non_negative_int, _positive_int

HELP = "rate Sudoku puzzles: technique level and score, search effort"
DESCRIPTION = """\
Rate each puzzle on the two scales of dlxnumba.grade: the hardest human
technique a logical solver needs (level easy, medium, hard, expert or beyond,
and its score), and the search effort (guesses of a fixed-rule solver,
averaged over random relabelings and permutations of the puzzle)."""
EPILOG = """\
output: one line per puzzle, in input order:
  LEVEL SCORE EFFORT STEPS HARDEST
  e.g.  expert 5.6 57.4 87 simple coloring

examples:
  dlxnumba grade top95                        a shipped set by name
  dlxnumba grade puzzles.txt --samples 64     a steadier search effort
  dlxnumba grade --samples 0 < puzzles.txt    the technique scale alone
"""


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``grade`` and its options to ``commands`` (an argparse sub-parsers object)."""
    g = commands.add_parser("grade", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
    g.add_argument("inputs", nargs="*", metavar="INPUT",
                   help="a file of puzzles, a shipped set's name, '-' for standard input "
                        "(the default), or a puzzle")
    g.add_argument("--box", type=_box, metavar="RxC",
                   help="box shape, ROWSxCOLUMNS (default: the squarest shape, wider than tall)")
    g.add_argument("--samples", type=_non_negative_int, default=None, metavar="K",
                   help="random copies the search effort averages over (default 16; 0: none)")
    g.add_argument("--seed", type=_non_negative_int, default=0, metavar="S",
                   help="seed of the copies (default 0): the same seed, the same ratings")
    g.add_argument("--threads", type=_positive_int, metavar="N",
                   help="threads to rate on (default: all that numba has)")
    g.set_defaults(run=run, command_parser=g)
    return g


def _read(inputs: list[str]) -> list:
    """The puzzles of the inputs, in order (rows of cells or texts)."""
    from ..sets import load_puzzles
    from ..sudoku.files import read_puzzles
    from .sources import resolve_sources

    puzzles: list = []
    for source in resolve_sources(inputs):
        if source.kind == "puzzles":
            puzzles.extend(source.puzzles)
        elif source.kind == "set":
            puzzles.extend(load_puzzles(source.name))
        else:
            if source.kind == "stdin" and sys.stdin is None:
                raise InputError("cannot read standard input: it is closed")
            errors: list = []
            rows = read_puzzles(source.path if source.kind == "file" and source.path else "-", errors=errors)
            bad = [e for e in errors if e]
            if bad:
                raise InputError(f"{source.name}: {bad[0]}")
            puzzles.extend(rows)
    return puzzles


def run(args) -> int:
    """Run ``dlxnumba grade`` with parsed ``args``; return the exit status."""
    try:
        puzzles = _read(args.inputs)
    except (InputError, SudokuError) as e:
        return _error(e)
    except OSError as e:
        return _error(f"cannot read: {e.strerror or e}")
    if not puzzles:
        return EXIT_OK
    from ..sudoku.grading import SAMPLES, grade_many

    samples = SAMPLES if args.samples is None else args.samples
    try:
        result = grade_many(puzzles, args.box, samples=samples, seed=args.seed, threads=args.threads)
    except SudokuError as e:
        return _error(e)
    lines = []
    for g in result:
        effort = "-" if g.effort is None else f"{g.effort:.1f}"
        lines.append(f"{g.level} {g.score:.1f} {effort} {g.steps} {g.hardest}\n")
    if _closed(sys.stdout):
        return _error("cannot write the results: standard output is closed")
    try:
        sys.stdout.write("".join(lines))
        sys.stdout.flush()
    except BrokenPipeError:
        raise  # main() ends quietly (status 141)
    except OSError as e:
        return _error(f"cannot write the results: {e.strerror or e}")
    return EXIT_OK
