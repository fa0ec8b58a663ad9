"""The command line: ``dlxnumba solve`` for Sudoku puzzles, ``dlxnumba cover`` for DLX
text, ``dlxnumba grade`` for the difficulty of Sudoku puzzles, ``dlxnumba warm-up`` to
compile every kernel ahead of time.

Run it as ``dlxnumba ...`` or ``python -m dlxnumba ...``; ``--help`` on each
command lists its options.  This package imports only the standard library (and
the package's ``__version__``) at load time: numpy and the numba-backed modules
are imported when a command runs.  One module per command (:mod:`.solve`,
:mod:`.cover`, :mod:`.grade`), :mod:`.sources` for what ``solve`` reads, and :mod:`.common`
for what they share.

Exit status
-----------
0   every puzzle solved (``cover``: at least one solution, or a complete count)
1   some puzzle unsolved: no solution, invalid, multiple (``--unique``) or over
    budget (``cover``: no solution, ``--reduce`` proved there is none, or the
    run was cut short by its budget)
2   bad usage, unreadable input, or output that cannot be written (a full disk,
    a closed stdout): one line on stderr names the option, file or line
130 interrupted with Ctrl-C (what was solved so far is printed first)
141 the reader of the output went away (``| head -1``): nothing is printed

A closed standard stream is an error only where it is needed: a closed
stdin when it is to be read, a closed stdout when results go there, a closed
stderr with ``--stats`` or ``--progress`` (status 2 at once: nowhere to say why).
"""

from __future__ import annotations

import argparse
import sys

from .. import __version__
from . import cover, generate, grade, solve, warm_up
from .common import (EXIT_BROKEN_PIPE, EXIT_INTERRUPTED, EXIT_OK,  # noqa: F401 (re-exported)
                     EXIT_UNSOLVED, EXIT_USAGE, PROG, RAW_HELP, _closed, _hold_std_descriptors, _isatty, _note,
                     _quiet_stdout, cli_warnings)

__all__ = ["main"]

# Tuning of ``solve``: read from here when a run starts, so they can be changed
# on ``dlxnumba.cli`` (the tests do).

#: Puzzles solved per chunk of a regular file: memory stays bounded however
#: long the file, and the first results appear soon.
CHUNK_SIZE = 5_000
#: Puzzles in the first call of the batch solver; later calls adapt their size.
FIRST_SLICE = 256
#: Wall-clock seconds one call of the batch solver should take: the output is
#: written after each call, so Ctrl-C loses at most about this much work.
SLICE_SECONDS = 0.25
#: Seconds of compiling after which a terminal is told what is going on
#: (:func:`compile_notice`).
COMPILE_NOTICE_SECONDS = 1.0
#: The line it prints on standard error.
COMPILE_NOTICE = "compiling dlxnumba's kernels (first run only)..."
#: Copies of the first puzzle solved (with a budget of one node) to compile the
#: batch solver, or load it from numba's cache, before the timed work.
WARM_UP_PUZZLES = 32

MAIN_EPILOG = """\
examples:
  dlxnumba solve puzzles/top95.txt            one solution line per puzzle
  dlxnumba solve --format grid hard.txt       pictures with box borders
  dlxnumba generate -n 5 | dlxnumba solve --stats -
                                              read stdin as it comes, summary on stderr
  dlxnumba solve 4.....8.5.3..........7...    a puzzle as an argument
  dlxnumba cover --names knuth.dlx            solutions as item names
  dlxnumba grade top95                        difficulty of each puzzle, both scales
  dlxnumba generate -n 10 --seed 1            ten new minimal puzzles, one per line
  dlxnumba warm-up                            compile every kernel now (first run only)
  python -m dlxnumba solve --help             options of one command

exit status: 0 all solved, 1 some unsolved, 2 bad usage, input or output,
130 Ctrl-C, 141 output pipe closed
"""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of ``dlxnumba`` and its two commands."""
    parser = argparse.ArgumentParser(
        prog=PROG, formatter_class=RAW_HELP,
        description="Exact cover with Knuth's dancing links (DLX), compiled with numba.",
        epilog=MAIN_EPILOG)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    commands.required = True
    solve.add_parser(commands)
    cover.add_parser(commands)
    grade.add_parser(commands)
    generate.add_parser(commands)
    warm_up.add_parser(commands)
    return parser


def compile_notice():
    """While a command runs: one line on stderr once numba has been compiling
    for more than :data:`COMPILE_NOTICE_SECONDS` (a first run, with an empty
    cache), when stderr is a terminal; nothing on a warm cache, nothing into a
    pipe or a file (a context manager)."""
    import contextlib

    if _closed(sys.stderr) or not _isatty(sys.stderr):
        return contextlib.nullcontext()
    from ..kernels.compiling import Watch

    return Watch(after=COMPILE_NOTICE_SECONDS, on_slow=lambda: _note(COMPILE_NOTICE))


def main(argv: list[str] | None = None) -> int:
    """Run the command line with ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    _hold_std_descriptors()
    parser = build_parser()
    try:
        args, unknown = parser.parse_known_args(argv)
        if unknown:  # told by the command's parser: its usage, not the top level's
            command_parser = getattr(args, "command_parser", parser)
            command_parser.error(f"unrecognized arguments: {' '.join(unknown)}")
        validate = getattr(args, "validate", None)
        if validate is not None:
            validate(args)
    except SystemExit as e:  # --help, --version, usage errors
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    try:
        with cli_warnings():
            if getattr(args, "compile_notice", True):
                with compile_notice():
                    return args.run(args)
            return args.run(args)
    except BrokenPipeError:
        # the reader went away (e.g. `| head`): stop quietly, as a program killed by SIGPIPE would
        _quiet_stdout()
        return EXIT_BROKEN_PIPE
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
