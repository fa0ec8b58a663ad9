"""``dlxnumba cover``: solve an exact-cover problem written in Knuth's DLX1 text format."""

from __future__ import annotations

import argparse
import sys
import time

from ..errors import ExactCoverError, LimitReached
from ..errors import _OutputError as OutputError
from .common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, RAW_HELP, REDRAW_SECONDS, _positive_int,
                     STOPPED_BY, _closed, _CountWatch, _error, _non_negative_int, _note, _Output,
                     _output_clash, _Progress, _say, _seconds, add_split_arguments, option_text,
                     seed_argument, size_argument, split_conflict, split_options)
from .cover_modes import mode_conflict, mode_of, run_mode, summary as mode_summary

HELP = "solve an exact-cover problem in Knuth's DLX format (a file or stdin)"

#: Seconds between two reports of a count (kept: the figures of a count that
#: Ctrl-C stops are those of the last report, for a split count).
COUNT_REPORT_SECONDS = 0.1

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
  option is a line of its item names, colors as in the input ("x:A"), with a
  blank line after each solution;
  with --count only the number of solutions: "3" is exactly three, "3+" at
  least three (the search stopped at --limit 3, or early: --timeout,
  --max-nodes or Ctrl-C, and a note on stderr says which).  --limit N
  searches for one solution more than N, to tell "exactly N" from "more"

Knuth's other programs (one of the three at a time):
  --best K      the K cheapest solutions (DLX5; options carry costs, "|n" after
                their items; an option without one costs 0, as DLX5 reads it,
                so a file without costs gives the first K solutions found, at
                cost 0), cheapest first, each line "COST: OPTIONS" (with
                --names: a line "COST:", then the options); --max-nodes,
                --timeout and Ctrl-C end it with the cheapest found so far (a
                note says they are not proven the cheapest; exit status 1, 130
                for Ctrl-C); --stats: DLX5's nodes, updates, cleansings and the
                improving solutions it found
  --zdd         the number of solutions, counted through a ZDD of them all
                (DLX6): exact however many; --sample N [--seed S] prints N
                solutions drawn uniformly at random instead, each as soon as
                it is drawn (the same seed, the same draws); --max-nodes,
                --max-memory SIZE (default: half the memory the process may
                use) or --timeout stopping it prints no count (exit status
                1); --stats: DLX6's nodes, updates, cleansings and ZDD nodes
  --reduce      the problem without the options and items DLX-PRE finds
                unnecessary, written in DLX text (-o FILE, never over the
                input); --timeout and Ctrl-C write it as far as it got (exit
                status 1, 130 for Ctrl-C); a problem that DLX-PRE proves has no
                solution (a primary item left in no option) is written as that
                item alone, with a note on stderr (exit status 1); --stats:
                rounds, options and items removed
  They cannot be used with --count (but --zdd --count is --zdd), --limit,
  --threads, --checkpoint or --dask.

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
  $ dlxnumba cover --count --threads 8 --checkpoint big.ckpt big.dlx

parallel counts:
  --threads N splits the search tree into parts and searches them on N
  threads (with --limit or --max-nodes the search stops early, so it is
  serial); --checkpoint FILE records each finished part, so that a count
  stopped by Ctrl-C, a crash or --timeout, run again with the same FILE,
  searches only the parts left (the same problem, givens and --stop-at, or
  the file is refused; FILE is an input: -o cannot name it).  --stats of
  such a count gives the figures of every run the file recorded: nodes,
  updates, and seconds (the split's and each part's, summed over threads)

exit status:
  0    at least one solution found (with --count: the count is complete, or
       stopped at --limit)
  1    no solution (--reduce: DLX-PRE proved there is none), or the run was
       cut short by --timeout/--max-nodes
  2    bad usage, unreadable file, malformed DLX text (the message names the
       line), or output that cannot be written
  130  interrupted by Ctrl-C (with --count: the count so far, as N+; --best and
       --reduce: what they have so far, as --timeout writes it)
  141  the reader of the output went away (e.g. "| head -1")
"""


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``cover`` and its options to ``commands`` (an argparse sub-parsers object)."""
    c = commands.add_parser("cover", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
    c.add_argument("source", metavar="FILE", nargs="?", default="-",
                   help="DLX text file, or '-' for standard input (the default)")
    c.add_argument("-o", "--output", metavar="FILE",
                   help="write the solutions to FILE instead of standard output")
    c.add_argument("--names", action="store_true",
                   help="print each option as its item names (with their colors: x:A), one option per line")
    c.add_argument("--count", action="store_true", help="print only the number of solutions")
    c.add_argument("--limit", type=_non_negative_int, metavar="N",
                   help="stop after N solutions (default: all); says whether there are more")
    c.add_argument("--stop-at", type=int, choices=(0, 1), default=1, metavar="{0,1}",
                   help="branch on the first item of length <= this (default 1, fastest); "
                        "0 is Knuth's DLX1 rule and reproduces its node and update counts")
    c.add_argument("--max-nodes", type=_non_negative_int, metavar="N",
                   help="budget of search-tree nodes")
    c.add_argument("--timeout", type=_seconds, metavar="SECONDS", help="wall-clock limit")
    add_split_arguments(c)
    c.add_argument("--best", type=_positive_int, metavar="K",
                   help="the K cheapest solutions by the options' costs (Knuth's DLX5), each with its cost")
    c.add_argument("--zdd", action="store_true",
                   help="count the solutions through a ZDD of them all (Knuth's DLX6)")
    c.add_argument("--sample", type=_non_negative_int, metavar="N",
                   help="with --zdd: print N solutions drawn uniformly at random")
    c.add_argument("--seed", type=seed_argument, metavar="S",
                   help="with --sample: the random seed, 0 to 2**64-1")
    c.add_argument("--max-memory", type=size_argument, metavar="SIZE",
                   help="with --zdd: a budget of memory for the search's memo and diagram, in bytes or "
                        "with K, M, G (default: half the memory the process may use)")
    c.add_argument("--reduce", action="store_true",
                   help="write the problem reduced by Knuth's DLX-PRE, in DLX text")
    c.add_argument("--stats", action="store_true",
                   help="print solutions, nodes, updates, seconds (of the search; start-up: "
                        "compiling it, or loading it from numba's cache), updates/s and whether "
                        "the search was complete, on stderr")
    c.add_argument("--progress", action=argparse.BooleanOptionalAction, default=False,
                   help="show the state of a long search on stderr")
    from .dask import add_option as add_dask_option  # --dask (cli/dask.py)
    add_dask_option(c)
    c.set_defaults(run=run, command_parser=c)
    return c


def _read_problem(source: str):
    """The problem in ``source`` (a path, or '-' for stdin), or the exit status of an error."""
    from ..exact_cover import ExactCover

    try:
        if source == "-":
            if _closed(sys.stdin):
                return _error("cannot read standard input: it is closed")
            return ExactCover.from_dlx(sys.stdin)
        with open(source, encoding="utf-8") as f:
            return ExactCover.from_dlx(f)
    except OSError as e:
        return _error(f"cannot read {source}: {e.strerror or e}")
    except UnicodeDecodeError as e:
        return _error(f"{source}: not UTF-8 text ({e.reason} at byte {e.start})")
    except ExactCoverError as e:  # DLXFormatError names the file and the line
        return _error(str(e))


class _Run:
    """What a run found and how it ended (for the exit status and --stats)."""

    def __init__(self):
        self.found = 0  # solutions printed, or counted
        self.more = False  # whether there are more than --limit
        self.stopped = None  # "max_nodes", "timeout", "interrupted"
        self.startup = 0.0  # seconds spent compiling the search, or loading it from numba's cache
        self.watch: _CountWatch | None = None  # a count's figures as it goes (--count)
        self.written = False  # whether the count is written
        self.started = time.perf_counter()


def _warm_up(problem, stop_at: int) -> float:
    """Compile (or load) the search on the problem itself, one node deep, so that
    --timeout and the figures of --stats count the search alone; the seconds it took."""
    t0 = time.perf_counter()
    try:
        problem.count(1, stop_at=stop_at, max_nodes=1)
    except LimitReached:
        pass
    return time.perf_counter() - t0


def run(args) -> int:
    """Run ``dlxnumba cover`` with parsed ``args``; return the exit status."""
    if (args.stats or args.progress) and _closed(sys.stderr):
        return EXIT_USAGE  # asked for what stderr would show, and stderr is closed: nowhere to say so
    clash = _output_clash(args.output, [] if args.source == "-" else [args.source], args.source == "-",
                          getattr(args, "checkpoint", None))
    if clash:
        return _error(clash)
    conflict = mode_conflict(args) or split_conflict(args)
    if conflict:
        return _error(conflict)
    mode = mode_of(args)
    problem = _read_problem(args.source)
    if isinstance(problem, int):
        return problem
    progress = _Progress(sys.stderr, bool(args.progress), unit="solutions")
    try:
        out = _Output(args.output, progress)
    except OutputError as e:
        return _error(e)
    state = _Run()
    code = EXIT_INTERRUPTED
    try:
        try:
            if mode is not None:
                code = run_mode(mode, problem, args, out, progress, state)
            else:
                code = _search(problem, args, out, progress, state)
        except KeyboardInterrupt:
            state.stopped = "interrupted"
            code = EXIT_INTERRUPTED
            progress.clear()
            if args.count and mode is None and not state.written:  # what the count found: a lower bound
                _write_partial_count(problem, args, out, state)
        except OutputError as e:
            code = _error(e)
        finally:
            progress.clear()
            try:
                out.close()
            except OutputError as e:
                if code != EXIT_USAGE:
                    code = _error(e)
    except KeyboardInterrupt:  # while the results were written: they end on a whole record
        state.stopped = "interrupted"
        code = EXIT_INTERRUPTED
    if args.stats and mode is not None:
        _say(mode_summary(mode, state, args))
    elif args.stats:
        dask_summary = getattr(state, "dask_summary", None)  # --dask (cli/dask.py)
        _say(dask_summary if dask_summary is not None else _summary(_figures(problem, state), state, args))
    return code


def _write_partial_count(problem, args, out: _Output, state: _Run) -> None:
    """After Ctrl-C: write the solutions counted so far as ``N+`` and say why on stderr."""
    last = state.watch.last if state.watch is not None else None
    found = 0 if last is None else int(last.solutions)
    checkpoint = getattr(args, "checkpoint", None)
    if checkpoint is not None:  # the parts finished, in this run and before
        try:
            from ..parallel.checkpoint import Checkpoint

            found = max(found, int(Checkpoint.load(checkpoint, problem, stop_at=args.stop_at).total()[0]))
        except Exception:
            pass
    if args.limit is not None:
        found = min(found, args.limit)
    state.found = found
    try:
        out.write(f"{found}+\n")
        state.written = True
    except (OutputError, BrokenPipeError):
        return
    nodes = 0 if last is None else last.nodes
    _note(f"the count stopped early, {STOPPED_BY['interrupted']}, after {nodes:,} nodes: {found}+ is a "
          "lower bound" + (f" (the finished parts are in {checkpoint}: run the same command again to "
                            "resume)" if checkpoint is not None else ""))


def _figures(problem, state: _Run):
    """The Stats that --stats shows: the search's, or (a count that Ctrl-C stopped) its last report's."""
    last = state.watch.last if state.watch is not None else None
    from ..stats import Stats, Status, last_stats

    if state.stopped == "interrupted" and last is not None:
        return Stats(solutions=int(last.solutions), nodes=int(last.nodes), updates=int(last.updates),
                     seconds=float(last.elapsed), status=Status.INTERRUPTED)
    return last_stats()


def _summary(s, state: _Run, args) -> str:
    """The --stats lines: what was found, the work, and how the search ended."""
    if state.stopped == "interrupted":
        ended = "interrupted (Ctrl-C)"
    elif state.stopped:
        ended = f"stopped: {'--max-nodes' if state.stopped == 'max_nodes' else '--timeout'} ran out"
    elif state.more:
        ended = f"stopped at --limit {args.limit}: there are more solutions"
    else:
        ended = "complete"
    found = f"{state.found}" + ("+" if state.more or state.stopped else "")
    lines = (f"solutions:  {found}\nnodes:      {s.nodes}\nupdates:    {s.updates}\n"
             f"seconds:    {s.seconds:.3f}\nstart-up:   {state.startup:.3f}\n"
             f"updates/s:  {s.updates_per_second:.0f}\n")
    checkpoint = getattr(args, "checkpoint", None)
    if checkpoint is not None and args.count and state.stopped != "interrupted":
        # a resumed count: its figures cover every run, the rate too (not this run's time alone)
        lines += (f"figures:    every run of {checkpoint}: the split and each finished part, "
                  f"seconds summed over threads\n"
                  f"this run:   {time.perf_counter() - state.started - state.startup:.3f} s\n")
    return lines + f"run:        {ended}\n"


def _search(problem, args, out: _Output, progress: _Progress, state: _Run) -> int:
    """Count or list the solutions, writing them to ``out``; return the exit status.

    With --limit N the search looks for N + 1 solutions, so that "exactly N"
    is told from "more than N"; the extra one is not printed.
    """

    def report(p):  # a dlxnumba.progress.Progress
        progress.draw(p.line())

    shown = report if progress.enabled else None
    if args.count:  # every report kept: a count stopped by Ctrl-C says what it found
        state.watch = _CountWatch(shown)
    search = dict(stop_at=args.stop_at, max_nodes=args.max_nodes, timeout=args.timeout,
                  progress=state.watch.reporter if state.watch is not None else shown,
                  progress_interval=min(COUNT_REPORT_SECONDS, REDRAW_SECONDS) if state.watch is not None
                  else REDRAW_SECONDS)
    if args.dask is not None:  # counted on a Dask cluster (cli/dask.py)
        from .dask import count_cover
        return count_cover(problem, args, out, progress, state)
    limit = args.limit
    wanted = None if limit is None else limit + 1
    state.startup = _warm_up(problem, args.stop_at)
    try:
        if split_options(args):  # refused in the command line's words
            from ..parallel.split import check_splittable

            check_splittable(problem, asked="--threads and --checkpoint",
                             instead="leave them out to search it serially")
        if args.count:
            found = problem.count(wanted, **search, **split_options(args))
            state.more = limit is not None and found > limit
            state.found = min(found, limit) if limit is not None else found
            out.write(f"{state.found}{'+' if state.more else ''}\n")
            state.written = True
            return EXIT_OK
        threads = split_options(args).get("threads")
        for solution in problem.solutions(wanted, **search, **({"threads": threads} if threads else {})):
            if limit is not None and state.found == limit:
                state.more = True
                break
            out.write(_solution_text(problem, solution, args.names))
            state.found += 1
        return EXIT_OK if state.found or state.more else EXIT_UNSOLVED
    except ExactCoverError as e:  # a checkpoint that cannot be used, a problem that cannot be split
        progress.clear()
        return _error(e)
    except LimitReached as e:
        progress.clear()
        state.stopped = e.reason.label
        if args.count:
            state.found = int(e.found)
            out.write(f"{state.found}+\n")
            state.written = True
            code = EXIT_UNSOLVED
            _note(f"the count stopped early, {STOPPED_BY[e.reason.label]}, after {e.stats.nodes:,} "
                  f"nodes: {state.found}+ is a lower bound")
        else:
            code = EXIT_OK if state.found else EXIT_UNSOLVED
            _note(f"the search stopped early, {STOPPED_BY[e.reason.label]}, after {e.stats.nodes:,} "
                  "nodes: there may be more solutions")
        return code


def _solution_text(problem, solution, names: bool) -> str:
    """One solution: a line of option numbers, or (``names``) a line of item names per option."""
    if names:
        return "".join(option_text(problem, j) + "\n" for j in solution) + "\n"
    return " ".join(map(str, solution)) + "\n"
