"""``dlxnumba cover --best K | --zdd | --reduce``: Knuth's DLX5, DLX6 and DLX-PRE on the command line.

:mod:`.cover` reads the problem and opens the output; this module runs the
three searches that are not a plain search for solutions and writes what
they find in ``cover``'s formats:

``--best K``
    the ``K`` cheapest solutions (:meth:`~dlxnumba.ExactCover.best`), each
    line ``COST: OPTIONS`` (with ``--names``: a line ``COST:``, then one line
    of item names per option, then a blank line), cheapest first; a file
    without costs costs 0 throughout, as DLX5 reads it;
``--zdd``
    the number of solutions, counted through the ZDD
    (:meth:`~dlxnumba.ExactCover.zdd`); with ``--sample N`` (and ``--seed
    S``), ``N`` solutions drawn uniformly at random instead, one a line as
    ``cover`` prints solutions;
``--reduce``
    the problem that DLX-PRE leaves (:meth:`~dlxnumba.ExactCover.reduce`),
    written in DLX text (a note on stderr and exit status 1 when DLX-PRE
    proves that there is no solution).

Ctrl-C on ``--best`` or ``--reduce`` writes what the run has, as a timeout does
(the KeyboardInterrupt of ``best()`` and ``reduce()`` carries it), exit status 130.
"""

from __future__ import annotations

import time

from ..errors import ExactCoverError, LimitReached
from .common import (EXIT_INTERRUPTED, EXIT_OK, EXIT_UNSOLVED, STOPPED_BY, _error, _note, _Output,
                     _Progress, option_text)

#: The options each mode cannot be given with (flag name -> how argparse stores it).
_PLAIN_ONLY = {"--count": "count", "--limit": "limit", "--threads": "threads", "--checkpoint": "checkpoint",
               "--dask": "dask"}


def mode_of(args) -> str | None:
    """``"best"``, ``"zdd"``, ``"reduce"`` or None (a plain search)."""
    if getattr(args, "best", None) is not None:
        return "best"
    if getattr(args, "zdd", False):
        return "zdd"
    if getattr(args, "reduce", False):
        return "reduce"
    return None


def _given(args, name: str) -> bool:
    value = getattr(args, name, None)
    return value not in (None, False)


def mode_conflict(args) -> str | None:
    """Why the options of a run cannot go together, or None."""
    modes = [flag for flag, on in (("--best", args.best is not None), ("--zdd", args.zdd),
                                   ("--reduce", args.reduce)) if on]
    if len(modes) > 1:
        return f"{modes[0]} and {modes[1]} cannot be used together: choose one"
    if args.sample is not None and not args.zdd:
        return "--sample needs --zdd (the solutions are drawn from the ZDD)"
    if args.seed is not None and args.sample is None:
        return "--seed needs --sample"
    if getattr(args, "max_memory", None) is not None and not args.zdd:
        return "--max-memory needs --zdd (it is the budget of the ZDD search)"
    if not modes:
        return None
    mode = modes[0]
    for flag, name in _PLAIN_ONLY.items():
        if not _given(args, name):
            continue
        if mode == "--zdd" and flag == "--count" and args.sample is None:
            continue  # --zdd --count: the count, through the ZDD
        return f"{mode} cannot be used with {flag}" + (
            " (--zdd counts every solution)" if mode == "--zdd" and flag in ("--count", "--limit") else "")
    if mode == "--reduce":
        for flag, name in (("--names", "names"), ("--max-nodes", "max_nodes"), ("--progress", "progress")):
            if _given(args, name):
                return f"--reduce cannot be used with {flag} (it writes a problem, not solutions)"
    if mode == "--zdd" and args.names and args.sample is None:
        return "--zdd --names needs --sample (a count has no names)"
    return None


def run_mode(mode: str, problem, args, out: _Output, progress: _Progress, state) -> int:
    """Run ``mode`` on ``problem``, writing to ``out``; return the exit status.

    ``state`` is cover's record of the run (found, stopped, startup), which
    --stats reads through :func:`summary`.
    """

    def report(p):  # a dlxnumba.progress.Progress
        progress.draw(p.line())

    shown = report if progress.enabled else None
    started = time.perf_counter()
    try:
        if mode == "best":
            return _best(problem, args, out, shown, state, started)
        if mode == "zdd":
            return _zdd(problem, args, out, shown, state, started)
        return _reduce(problem, args, out, state, started)
    except ExactCoverError as e:  # no costs, multiplicities, a problem too large
        progress.clear()
        return _error(e)
    finally:
        progress.clear()


def _startup(state, started: float, seconds: float) -> None:
    """What the run spent outside the search itself: compiling or loading it, building its links."""
    state.startup = max(0.0, time.perf_counter() - started - seconds)


def _best(problem, args, out: _Output, shown, state, started: float) -> int:
    if problem.costs is None:  # as Knuth's DLX5 reads such a file: every option costs 0
        problem = problem.with_costs([0] * problem.n_options)
    try:
        result = problem.best(args.best, max_nodes=args.max_nodes, timeout=args.timeout, progress=shown)
    except KeyboardInterrupt as e:  # Ctrl-C: the cheapest found so far, marked as not proven
        result = getattr(e, "result", None)
        if result is None:
            raise
        state.stopped = "interrupted"
    state.figures = result.stats
    _startup(state, started, result.stats.seconds)
    for cost, solution in result:
        if args.names:
            text = f"{cost}:\n" + "".join(option_text(problem, j) + "\n" for j in solution) + "\n"
        else:
            text = f"{cost}: " + " ".join(map(str, solution)) + "\n"
        out.write(text)
        state.found += 1
    if not result.optimal:
        state.stopped = state.stopped or result.stats.status.label
        _note(f"the search stopped early, {STOPPED_BY[state.stopped]}, after {result.stats.nodes:,} nodes: "
              "the cheapest found so far, not proven the cheapest")
        return EXIT_INTERRUPTED if state.stopped == "interrupted" else EXIT_UNSOLVED
    return EXIT_OK if state.found else EXIT_UNSOLVED


def _zdd(problem, args, out: _Output, shown, state, started: float) -> int:
    try:
        z = problem.zdd(max_nodes=args.max_nodes, max_memory=getattr(args, "max_memory", None),
                        timeout=args.timeout, progress=shown)
    except LimitReached as e:
        state.figures = e.stats
        state.stopped = e.reason.label
        _startup(state, started, e.stats.seconds)
        more = (f" (a budget of {e.spent}): no count (a partial diagram counts nothing); raise --max-memory "
                "to go further" if e.reason.label == "max_memory" else ": no count (a partial diagram counts "
                "nothing)")
        _note(f"the ZDD search stopped early, {STOPPED_BY[state.stopped]}, after {e.stats.nodes:,} nodes{more}")
        return EXIT_UNSOLVED
    state.figures = z.stats
    state.zdd_nodes = z.nodes
    _startup(state, started, z.stats.seconds)
    if args.sample is None:
        state.found = z.count()
        out.write(f"{state.found}\n")
        return EXIT_OK
    if args.sample and not z.count():
        _note("no solution to sample")
        return EXIT_UNSOLVED
    # drawn, written, drawn: the first line comes at once, Ctrl-C leaves the lines drawn so far
    for solution in z.samples(args.sample, seed=args.seed):
        if args.names:
            out.write("".join(option_text(problem, j) + "\n" for j in solution) + "\n")
        else:
            out.write(" ".join(map(str, solution)) + "\n")
        state.found += 1
    return EXIT_OK


def _reduce(problem, args, out: _Output, state, started: float) -> int:
    try:
        r = problem.reduce(timeout=args.timeout)
    except KeyboardInterrupt as e:  # Ctrl-C: the problem as far as it got (every solution kept)
        r = getattr(e, "result", None)
        if r is None:
            raise
        state.stopped = "interrupted"
    state.reduction = r
    state.seconds = time.perf_counter() - started
    out.write(r.problem.to_dlx())
    if r.infeasible:
        _note(f"no solution: DLX-PRE left the primary item {r.problem.item_names[0]} in no option "
              f"(the problem written is that item alone)")
        return EXIT_INTERRUPTED if state.stopped == "interrupted" else EXIT_UNSOLVED
    if not r.complete:
        state.stopped = state.stopped or "timeout"
        _note(f"the reduction stopped early, {STOPPED_BY[state.stopped]}, after {r.rounds} rounds: the problem "
              "written is partly reduced (every solution kept)")
        return EXIT_INTERRUPTED if state.stopped == "interrupted" else EXIT_UNSOLVED
    return EXIT_OK


def summary(mode: str, state, args) -> str:
    """The --stats lines of a run of ``mode``."""
    if state.stopped == "interrupted":
        ended = "interrupted (Ctrl-C)"
    elif state.stopped:
        ended = f"stopped: {STOPPED_BY[state.stopped]}"
    else:
        ended = "complete"
    if mode == "reduce":
        r = getattr(state, "reduction", None)
        if r is None:
            return f"run:        {ended}\n"
        items = 0 if r.infeasible else r.problem.n_items
        proof = f"infeasible: {r.problem.item_names[0]} is in no option: no solution\n" if r.infeasible else ""
        return (f"rounds:     {r.rounds}\noptions:    {r.problem.n_options} left, {len(r.removed_options)} "
                f"removed\nitems:      {items} left, {len(r.removed_items)} removed\n{proof}"
                f"seconds:    {state.seconds:.3f} (compiling or loading the kernel included)\n"
                f"run:        {ended}\n")
    s = getattr(state, "figures", None)
    if s is None:  # Ctrl-C: the figures of the search as it stood
        from ..stats import last_stats

        s = last_stats()
    if mode == "best":
        # DLX5's figures: its 'solutions' are those it found, each cheaper than the K-th best known then
        found = f"solutions:  {state.found} printed, {s.solutions} found improving\n"
    else:
        found = f"solutions:  {'-' if state.stopped else s.solutions}\n"
    lines = (found + f"nodes:      {s.nodes}\nupdates:    {s.updates}\ncleansings: {s.cleansings}\n")
    if mode == "zdd" and not state.stopped:
        lines += f"zdd nodes:  {state.zdd_nodes}\n"
    return lines + (f"seconds:    {s.seconds:.3f}\nstart-up:   {state.startup:.3f}\n"
                    f"updates/s:  {s.updates_per_second:.0f}\nrun:        {ended}\n")
