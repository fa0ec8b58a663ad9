"""What ``dlxnumba solve`` writes: the results of each slice of puzzles, in input
order, in line, grid or json form (:class:`Results`), and the tally of statuses its
summary and exit status come from (:class:`Tally`).  :class:`Outcome` is what the
solver hands over for one slice."""

from __future__ import annotations

import json
from typing import Any

from .common import STOPPED_BY, _one_line, _Output


class Outcome:
    """The results of one slice: arrays with one entry per puzzle (``counts`` and
    ``exact``: with --count)."""

    __slots__ = ("sol", "status", "nodes", "updates", "counts", "exact", "stopped")

    def __init__(self, sol, status, nodes, updates):
        self.sol = sol
        self.status = status
        self.nodes = nodes
        self.updates = updates
        self.counts: Any = None  # lists, filled by --count
        self.exact: Any = None
        #: with --count: why each count stopped early ("timeout", "max_nodes",
        #: "interrupted"), None for a count that ran to its end (or --limit)
        self.stopped: Any = None


class Results:
    """Writes the results of each slice, in input order, in line, grid or json form."""

    def __init__(self, S, np, fmt: str, box, out: _Output):
        self.S = S
        self.fmt = fmt
        self.box = box
        self.variant: Any = None  # set with the solver's (f-puzzles input: each puzzle's)
        self.out = out
        self.names = {int(s): s.name for s in S.Status}
        self.symbols = np.frombuffer(("." + S.SYMBOLS).encode("ascii"), np.uint8)
        self.tally = Tally()
        self.done = 0  # puzzles whose results are written

    def write(self, cells, o: Outcome, unreadable: dict) -> None:
        """Write the results of one slice; ``unreadable`` maps rows to read errors."""
        names = [self.names[int(v)] for v in o.status.tolist()]
        reasons = dict(unreadable)
        for i, name in enumerate(names):
            if name == "INVALID" and i not in reasons:
                reasons[i] = self.reason(cells[i])
        if self.fmt == "line":
            rows = self._lines(cells, o, names, reasons)
        elif self.fmt == "json":
            rows = self._json(cells, o, names, reasons, unreadable)
        else:
            rows = self._grids(cells, o, names, reasons)
        self.tally.add(names, o)  # first: a Ctrl-C once the rows are out must find them counted
        self.done += len(names)
        self.out.write(rows)  # whole records: a Ctrl-C during the write ends on one

    def reason(self, cells) -> str:
        """Why the batch solver called a readable puzzle INVALID."""
        try:
            self.S.Sudoku(cells, box=self.box, variant=self.variant)
        except ValueError as e:
            return str(e)
        return "the givens break the rules"

    @staticmethod
    def count_text(count, exact) -> str:
        return f"{count}" if exact else f"{count}+"

    def _lines(self, cells, o: Outcome, names: list, reasons: dict) -> list:
        nn = cells.shape[1]
        text = self.cells_text(o.sol) if o.counts is None else ""
        rows = []
        for i, name in enumerate(names):
            if name == "INVALID":
                rows.append(f"INVALID: {_one_line(reasons[i])}\n")
            elif o.counts is not None:  # a count stopped early: what it found, N+ (a lower bound)
                rows.append(self.count_text(o.counts[i], o.exact[i]) + "\n")
            elif name == "SOLVED":
                rows.append(text[i * nn:(i + 1) * nn] + "\n")
            else:
                rows.append(f"{name}\n")
        return rows

    def _json(self, cells, o: Outcome, names: list, reasons: dict, unreadable: dict) -> list:
        complete = (o.sol != 0).all(axis=1).tolist()
        rows = []
        for i, name in enumerate(names):
            record = {"index": self.done + i,
                      "puzzle": None if i in unreadable else self.cells_text(cells[i])}
            if o.counts is not None:
                record["count"] = o.counts[i]
                record["exact"] = o.exact[i]
            else:
                record["solution"] = (self.cells_text(o.sol[i])
                                      if complete[i] and name != "INVALID" else None)
            record.update(status=name, nodes=int(o.nodes[i]), updates=int(o.updates[i]))
            if o.stopped is not None and o.stopped[i] is not None:
                record["stopped"] = o.stopped[i]  # why the count stopped early
            if name == "INVALID":
                record["error"] = _one_line(reasons[i])
            rows.append(json.dumps(record) + "\n")
        return rows

    def _grids(self, cells, o: Outcome, names: list, reasons: dict) -> list:
        return [self.picture(self.done + i, cells[i], o.sol[i], name, reasons.get(i),
                             None if o.counts is None else (o.counts[i], o.exact[i], o.stopped[i]))
                for i, name in enumerate(names)]

    def cells_text(self, cells) -> str:
        """Cells as symbols, '.' for empty (a 2-d array gives its rows one after another)."""
        return self.symbols[cells].tobytes().decode("ascii")

    def picture(self, index: int, cells, sol, name: str, reason, count) -> str:
        """One puzzle in grid form: a header, then the solution (or the puzzle) with box borders."""
        head = f"# puzzle {index + 1}: {name}"
        if reason is not None:
            return f"{head}: {_one_line(reason)}\n\n"
        if count is not None:
            n, exact, stopped = count
            many = "s" if n != 1 else ""
            if name == "BUDGET":
                head += f", {n} solution{many} so far: {STOPPED_BY.get(stopped, stopped)}"
            elif exact:
                head += f", {n} solution{many}"
            else:
                head += f", more than {n} solution{many}"
        grid = sol if name == "SOLVED" and count is None else cells
        return f"{head}\n{self.S.Sudoku(grid, box=self.box, variant=self.variant).boxed()}\n\n"


class Tally:
    """What the --stats summary reports."""

    def __init__(self):
        self.puzzles = 0
        self.by_status: dict[str, int] = {}
        self.nodes = 0
        self.updates = 0
        self.inexact = 0  # counts stopped at --limit

    def add(self, names: list[str], o: Outcome) -> None:
        self.puzzles += len(names)
        for name in names:
            self.by_status[name] = self.by_status.get(name, 0) + 1
        self.nodes += int(o.nodes.sum())
        self.updates += int(o.updates.sum())
        if o.exact is not None:
            self.inexact += sum(1 for name, e in zip(names, o.exact)
                                if e is False and name not in ("BUDGET", "INVALID"))

    def summary(self, seconds: float, counting: bool, startup: float = 0.0, ended: str = "complete") -> str:
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
                ("updates", f"{self.updates}"),
                ("run", ended)]
        if counting:
            rows.insert(2, ("with 1 solution", f"{self.by_status.get('SOLVED', 0)}"))
        return "".join(f"{k + ':':<16} {v}\n" for k, v in rows)
