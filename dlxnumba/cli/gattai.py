"""``dlxnumba solve`` on samurai puzzles (:class:`dlxnumba.Gattai`): read whole, one block each.

A samurai file holds one puzzle, or several separated by blank lines; each
is 21 lines of 21 characters (:meth:`dlxnumba.Gattai.samurai`).  Lines
starting with ``#`` are comments.  The command recognises such input
(:func:`dlxnumba.cli.sources.looks_samurai`) or takes ``--samurai``.  The
puzzles are few and each is searched alone on the generic engine, so this
path reads its input whole and writes each result as it comes.
"""

from __future__ import annotations

import json
import time

from ..errors import InputError, LimitReached, SudokuError
from .common import EXIT_OK, EXIT_UNSOLVED, _error, _say
from .sources import Input

#: Options of ``dlxnumba solve`` that this path does not take (a grid of one shape, no variants).
REFUSED = ("constraints", "size", "box", "variant", "regions", "cages", "checkpoint", "dask")


def refused(args) -> str | None:
    """Why ``args`` cannot go with samurai input (None when they can)."""
    for name in REFUSED:
        if getattr(args, name, None) is not None:
            return f"--{name} does not go with samurai puzzles"
    if args.algorithm == "bits":
        return "--algorithm bits does not solve samurai puzzles (the generic engine does: leave it out)"
    return None


def blocks(text: str) -> list[str]:
    """The puzzles of a samurai text: blocks of lines between blank lines, comments dropped."""
    out, block = [], []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("#"):
            continue
        if line.strip():
            block.append(line)
        elif block:
            out.append("\n".join(block))
            block = []
    if block:
        out.append("\n".join(block))
    return out


def _read(source) -> str:
    """The whole text of ``source`` (a file, a set, standard input or arguments)."""
    if source.kind == "puzzles":
        return "\n\n".join(source.puzzles)
    stream = Input(source)
    try:
        data = stream.stream.read()
    finally:
        stream.close()
    return data.decode("utf-8", "replace") if isinstance(data, bytes) else data


def run(args, sources, out) -> int:
    """Solve the samurai puzzles of ``sources`` and write the results to ``out``; the exit status."""
    from ..sudoku.gattai import Gattai

    why = refused(args)
    if why:
        return _error(why)
    texts = []
    for source in sources:
        try:
            texts += blocks(_read(source))
        except InputError as e:
            return _error(e)
        except OSError as e:
            return _error(f"cannot read {source.name}: {e.strerror or e}")
    if not texts:
        return _error("no puzzles in the input")
    started = time.perf_counter()
    solved = 0
    for k, text in enumerate(texts):
        if args.timeout is not None:
            left = args.timeout - (time.perf_counter() - started)
        else:
            left = None
        status, puzzle, answer, error = _one(Gattai, text, args, left)
        solved += status == "SOLVED" or (args.count and status == "COUNTED")
        out.write(_record(args.format, k, status, puzzle, answer, error))
    if args.stats:
        _say(f"puzzles: {len(texts)}, solved: {solved}, seconds: {time.perf_counter() - started:.3f}\n")
    return EXIT_OK if solved == len(texts) else EXIT_UNSOLVED


def _one(Gattai, text: str, args, timeout: float | None):
    """``(status, puzzle, answer, error)`` of one puzzle: answer is a solution or a count."""
    try:
        puzzle = Gattai.samurai(text)
    except SudokuError as e:
        return "INVALID", None, None, str(e)
    budget = dict(max_nodes=args.max_nodes, timeout=None if timeout is None else max(timeout, 0.0))
    try:
        if args.count:
            threads = args.threads if args.threads and args.threads > 1 and args.limit is None \
                and args.max_nodes is None else None
            return "COUNTED", puzzle, puzzle.count(args.limit, threads=threads, **budget), None
        found = list(puzzle.solutions(2 if args.unique else 1, **budget))
    except LimitReached as e:
        return "BUDGET", puzzle, getattr(e, "found", None) if args.count else None, None
    if not found:
        return "NO_SOLUTION", puzzle, None, None
    return ("MULTIPLE" if len(found) > 1 else "SOLVED"), puzzle, found[0], None


def _record(form: str, k: int, status: str, puzzle, answer, error) -> str:
    """The output of one puzzle in ``form`` (line, grid or json)."""
    counted = status == "COUNTED" or (status == "BUDGET" and isinstance(answer, int))
    if form == "json":
        row = {"index": k, "puzzle": None if puzzle is None else puzzle.text(), "status": status}
        if counted:
            row.update(count=answer, exact=status == "COUNTED")
            row["status"] = "SOLVED" if status == "COUNTED" else status
        else:
            row["solution"] = None if answer is None else answer.text()
        if error:
            row["error"] = error
        return json.dumps(row) + "\n"
    if counted:
        text = f"{answer}{'' if status == 'COUNTED' else '+'}"
    elif status == "SOLVED":
        text = answer.boxed() if form == "grid" else answer.text()
    elif status == "INVALID":
        text = f"INVALID: {error}"
    else:
        text = status
    if form == "grid":
        shown = text if status == "SOLVED" or counted or puzzle is None else puzzle.boxed()
        head = f"# puzzle {k + 1}: {'SOLVED' if counted and status == 'COUNTED' else status}"
        head += f": {error}" if error else ""
        return head + "\n" + ("" if error else shown + "\n") + "\n"
    return text + "\n" + ("\n" if status == "SOLVED" else "")
