"""``dlxnumba cover``: solve an exact-cover problem written in Knuth's DLX1 text format."""

from __future__ import annotations

import argparse
import sys

from ..errors import ExactCoverError, LimitReached
from .common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, PROG, RAW_HELP, REDRAW_SECONDS,
                     _error, _non_negative_int, _Output, _Progress, _seconds)

HELP = "solve an exact-cover problem in Knuth's DLX format"

DESCRIPTION = """\
Solve an exact-cover problem written in Knuth's DLX1 text format.

Lines starting with '|' are comments.  The first other line names the items;
a lone '|' separates the primary items (covered exactly once) from the
secondary ones (at most once).  Every further line is one option: the names of
its items.  Options are numbered from 0 in the order given.
"""

EPILOG = """\
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


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``cover`` and its options to ``commands`` (an argparse sub-parsers object)."""
    c = commands.add_parser("cover", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
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
    c.set_defaults(run=run, command_parser=c)
    return c


def _read_problem(source: str):
    """The problem in ``source`` (a path, or '-' for stdin), or the exit status of an error."""
    from ..problem import ExactCover

    try:
        if source == "-":
            return ExactCover.from_dlx(sys.stdin)
        with open(source, encoding="utf-8") as f:
            return ExactCover.from_dlx(f)
    except OSError as e:
        return _error(f"cannot read {source}: {e.strerror or e}")
    except UnicodeDecodeError as e:
        return _error(f"{source}: not UTF-8 text ({e.reason} at byte {e.start})")
    except ExactCoverError as e:  # DLXFormatError names the file and the line
        return _error(str(e))


def run(args) -> int:
    """Run ``dlxnumba cover`` with parsed ``args``; return the exit status."""
    problem = _read_problem(args.source)
    if isinstance(problem, int):
        return problem
    progress = _Progress(sys.stderr, bool(args.progress), unit="solutions")
    try:
        out = _Output(args.output, progress)
    except OSError as e:
        return _error(f"cannot write {args.output}: {e.strerror or e}")
    code = EXIT_INTERRUPTED
    try:
        code = _search(problem, args, out, progress)
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


def _search(problem, args, out: _Output, progress: _Progress) -> int:
    """Count or list the solutions, writing them to ``out``; return the exit status."""

    def report(p):  # a dlxnumba.progress.Progress
        progress.draw(p.line())

    search = dict(stop_at=args.stop_at, max_nodes=args.max_nodes, timeout=args.timeout,
                  progress=report if progress.enabled else None, progress_interval=REDRAW_SECONDS)
    found = 0
    try:
        if args.count:
            found = problem.count(args.limit, **search)
            out.write(f"{found}\n")
            return EXIT_OK
        for solution in problem.solutions(args.limit, **search):
            out.write(_solution_text(problem, solution, args.names))
            found += 1
        return EXIT_OK if found else EXIT_UNSOLVED
    except LimitReached as e:
        progress.clear()
        if args.count:
            out.write(f"{int(e.found)}\n")
            code = EXIT_UNSOLVED
        else:
            code = EXIT_OK if found else EXIT_UNSOLVED
        print(f"{PROG}: search stopped by {e.reason} after {e.stats.nodes} nodes; "
              f"{'the count is a lower bound' if args.count else 'there may be more solutions'}",
              file=sys.stderr)
        return code


def _solution_text(problem, solution, names: bool) -> str:
    """One solution: a line of option numbers, or (``names``) a line of item names per option."""
    if names:
        return "".join(" ".join(map(str, problem.option_names(j))) + "\n" for j in solution) + "\n"
    return " ".join(map(str, solution)) + "\n"
