"""Progress of a long search or batch: one report, :class:`Progress`, for every call.

Every call that may run long -- :meth:`ExactCover.solve`, ``count``,
``solutions``, :class:`~dlxnumba.search.Search`, batches
(:func:`~dlxnumba.batch.run_batch`, :meth:`ExactCover.batch`,
:func:`~dlxnumba.sudoku.solve_many`), every solving method of
:class:`~dlxnumba.sudoku.Sudoku` and the command line -- takes
``progress=`` and ``progress_interval=`` (seconds, default 0.5):

* ``None`` or ``False`` (default): no reports;
* a callable: called with a :class:`Progress` every ``progress_interval``
  seconds while the call runs (a call that ends sooner reports nothing);
* ``True``: a display.  A tqdm bar when tqdm is installed (``pip install
  dlxnumba[progress]``; in Jupyter a widget, through ``tqdm.auto``), else one
  line on stderr, refreshed in place on a terminal.  Where nothing can be
  refreshed in place -- stderr is a file or a pipe -- the line is written
  once, when the call ends; in a Jupyter kernel without widgets it is one
  output of the cell, updated in place.  So a log or an executed notebook
  keeps one progress line, not one per report.

A bad ``progress=`` or ``progress_interval=`` is refused before the search
starts, with :class:`~dlxnumba.errors.ExactCoverError` (or
:class:`~dlxnumba.errors.SudokuError` from the Sudoku calls) naming it.

What is known
-------------
A batch knows how many of its jobs are finished: ``done`` of ``total``, so
``fraction`` is exact and ``remaining`` assumes the jobs left take as long as
the ones done.  A single search does not know the size of its tree; its
``fraction`` is Knuth's estimate from the progress report of his program
DLX1: if the choice at level 0 is the ``k``-th of ``d`` options, the search
is past ``(k - 1) / d`` of the tree plus ``1 / d`` times the same estimate for
the subtree it is in, as if every node of a level had as many children.
(DLX1 also counts half of the node being entered; that half is left out here,
so that the estimate never decreases from one report to the next.)  It may be
far off on an uneven tree -- most of the work often hides behind the first
option -- so ``remaining`` (time to exhaust the tree at the rate so far) is a
rough guide, and a search that stops at a solution may end much sooner.

This module imports only the standard library (the command line uses it for
``--help`` too); numpy arrays come in as arguments.

Examples
--------
>>> p = Progress(elapsed=3.0, nodes=1200, updates=9000, solutions=4, fraction=0.25)
>>> p.remaining
9.0
>>> print(p.line(width=10))
~25.0% [##........] 0:00:03 (~0:00:09 left) 1,200 nodes, 4 solutions
>>> q = Progress.of_jobs(done=30, total=120, elapsed=2.0, nodes=5000, updates=40000, solutions=30,
...                      unit="puzzles")
>>> q.fraction, q.remaining
(0.25, 6.0)
>>> print(q.line(width=10))
25.0% [##........] 30/120 puzzles 0:00:02 (0:00:06 left) 5,000 nodes, 30 solutions
"""

from __future__ import annotations

import inspect
import shutil
import sys
from dataclasses import dataclass
from typing import Any, Callable, Union

from .errors import ExactCoverError, plain

__all__ = ["Progress", "ProgressArg"]


@dataclass(frozen=True)
class Progress:
    """What is known about a running search or batch, at one moment.

    Attributes
    ----------
    elapsed : float
        Seconds since the call started (a resumed :class:`~dlxnumba.search.Search`:
        seconds spent searching, as in its :class:`~dlxnumba.search.Stats`).
    nodes, updates, solutions : int
        Search-tree nodes, updates and solutions so far (a batch: of all its
        jobs, finished or in hand).
    fraction : float or None
        Fraction of the work done, 0 to 1: exact for a batch (``done / total``),
        Knuth's estimate for a single search (see the module); None when unknown.
    remaining : float or None
        Estimated seconds left, from ``fraction`` and ``elapsed``; None when
        nothing is done yet.
    done, total : int or None
        A batch: jobs (or puzzles) finished, and in all; None for a single search.
    unit : str
        What ``done`` and ``total`` count: ``"jobs"`` or ``"puzzles"``.
    """

    elapsed: float
    nodes: int
    updates: int
    solutions: int
    fraction: float | None = None
    done: int | None = None
    total: int | None = None
    unit: str = ""

    @classmethod
    def of_jobs(cls, done: int, total: int, elapsed: float, nodes: int, updates: int, solutions: int,
                unit: str = "jobs") -> "Progress":
        """The report of a batch with ``done`` of ``total`` jobs finished.

        Parameters
        ----------
        done, total : int
            Jobs finished, and jobs in all (``fraction`` is their ratio; 1.0
            for an empty batch).
        elapsed : float
            Seconds since the batch started.
        nodes, updates, solutions : int
            The counts of the jobs so far.
        unit : str
            What the jobs are called in :meth:`line` (``"jobs"``, ``"puzzles"``).

        Returns
        -------
        Progress

        Examples
        --------
        >>> from dlxnumba import Progress
        >>> Progress.of_jobs(3, 4, 1.5, 100, 2000, 3, "puzzles").fraction
        0.75
        """
        fraction = done / total if total else 1.0
        return cls(elapsed, nodes, updates, solutions, fraction, done, total, unit)

    @property
    def remaining(self) -> float | None:
        """Estimated seconds left: the rate so far, applied to the work left."""
        f = self.fraction
        if f is None or f <= 0 or self.elapsed <= 0:
            return None
        return max(self.elapsed * (1.0 - f) / f, 0.0)

    @property
    def estimated(self) -> bool:
        """Whether ``fraction`` is an estimate (a single search) rather than exact (a batch)."""
        return self.total is None

    def line(self, width: int = 20) -> str:
        """One line of text: the fraction with a bar, counts, times, nodes, solutions.

        Parameters
        ----------
        width : int
            Characters of the bar.

        Returns
        -------
        str
            ``~`` marks an estimated fraction and time left.

        Examples
        --------
        >>> from dlxnumba import Progress
        >>> print(Progress.of_jobs(3, 4, 1.5, 100, 2000, 3, "puzzles").line(width=8))
        75.0% [######..] 3/4 puzzles 0:00:02 (0:00:01 left) 100 nodes, 3 solutions
        """
        finished = self.fraction is not None and self.fraction >= 1
        about = "~" if self.estimated and not finished else ""
        parts = []
        if self.fraction is not None:
            parts.append(f"{about}{self.fraction:.1%} [{bar(self.fraction, width)}]")
        if self.total is not None:
            parts.append(f"{self.done:,}/{self.total:,} {self.unit}")
        left = self.remaining
        times = clock(self.elapsed)
        if left is not None and not finished:
            times += f" ({about}{clock(left)} left)"
        parts.append(times)
        parts.append(f"{self.nodes:,} nodes, {self.solutions:,} solutions")
        return " ".join(parts)

    def __str__(self) -> str:
        return self.line()


#: What a ``progress=`` argument may be.
ProgressArg = Union[bool, Callable[[Progress], None], None]


def bar(fraction: float, width: int = 20) -> str:
    """A text bar: ``#`` for the part done, ``.`` for the rest.

    >>> bar(0.5, 8), bar(2.0, 4), bar(-1, 4)
    ('####....', '####', '....')
    """
    fill = int(min(max(fraction, 0.0), 1.0) * width)
    return "#" * fill + "." * (width - fill)


def clock(seconds: float) -> str:
    """Seconds as ``H:MM:SS``.

    >>> clock(3725.4), clock(0.6)
    ('1:02:05', '0:00:01')
    """
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"


# ---------------------------------------------------------------------------
# progress= arguments
# ---------------------------------------------------------------------------


class Reporter:
    """What a search or batch calls with each :class:`Progress`: the user's
    callable, or (``progress=True``) a :class:`Display`; :meth:`close` when the call ends."""

    def __init__(self, call: Callable[[Progress], None],
                 close: Callable[[Callable[[], Progress]], None] | None = None):
        self.call = call
        self._close = close

    def __call__(self, report: Progress) -> None:
        self.call(report)

    def close(self, final: Callable[[], Progress]) -> None:
        """End a call: a display that has shown something shows ``final()`` and
        ends its line (a user's callable gets nothing more)."""
        if self._close is not None:
            self._close(final)


def reporter(progress, error: type[Exception] = ExactCoverError) -> Reporter | None:
    """The :class:`Reporter` behind a ``progress=`` argument (None for no reports);
    ``error`` naming the argument when it is neither a bool, None nor a callable
    of one argument (:func:`check_progress`)."""
    if isinstance(progress, Reporter):
        return progress
    check_progress(progress, error)
    if progress is True:
        display = Display()
        return Reporter(display, display.close)
    if progress is None or progress is False:
        return None
    return Reporter(progress)


def check_progress(progress, error: type[Exception] = ExactCoverError) -> None:
    """``error`` naming ``progress=`` unless it is a bool, None, a :class:`Reporter`
    or a callable of one argument."""
    if progress is None or isinstance(progress, (bool, Reporter)):
        return
    if not callable(progress):
        raise error(f"progress must be True, None or a callable taking a Progress report, not {plain(progress)}")
    try:
        signature = inspect.signature(progress)
    except (TypeError, ValueError):  # some built-ins do not tell
        signature = None
    if signature is not None:
        try:
            signature.bind(None)
        except TypeError:
            raise error(f"progress must be a callable taking one argument (a Progress report); "
                        f"{getattr(progress, '__name__', type(progress).__name__)} takes {signature}") from None


def check_interval(progress_interval, error: type[Exception] = ExactCoverError) -> float:
    """``progress_interval``: a non-negative number of seconds."""
    x = progress_interval
    if isinstance(x, bool) or not (isinstance(x, (int, float)) or _is_real(x)) or not x >= 0:
        raise error(f"progress_interval must be a non-negative number of seconds, not {plain(progress_interval)}")
    return float(progress_interval)


def _is_real(x) -> bool:
    """A numpy real scalar (numpy is not imported here)."""
    return type(x).__module__ == "numpy" and hasattr(x, "dtype") and x.dtype.kind in "iuf"


# ---------------------------------------------------------------------------
# progress=True
# ---------------------------------------------------------------------------


def _in_jupyter() -> bool:
    """Whether this is a Jupyter kernel (IPython is not imported to find out)."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:
        return False
    return shell is not None and getattr(shell, "kernel", None) is not None


def _importable(name: str) -> bool:
    from importlib.util import find_spec

    try:
        return find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def _isatty(stream) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError, OSError):
        return False


class Display:
    """``progress=True``: chooses where to show the reports at the first one.

    * tqdm installed, and a terminal or a Jupyter kernel with widgets: a tqdm
      bar (``tqdm.auto``: a widget in Jupyter);
    * a Jupyter kernel otherwise: one output of the cell, updated in place;
    * otherwise one line on stderr, refreshed in place on a terminal, written
      once at the end elsewhere.
    """

    def __init__(self) -> None:
        self.shown: _Shown | None = None  # the chosen display, once there is something to show

    def __call__(self, report: Progress) -> None:
        if self.shown is None:
            self.shown = self.choose()
        try:
            self.shown.show(report)
        except (OSError, ValueError, AttributeError, ImportError):
            # stderr closed, full or None, a display that cannot load: stop showing, go on searching
            self.shown = _Nothing()

    @staticmethod
    def choose() -> "_Shown":
        jupyter = _in_jupyter()
        if _importable("tqdm") and (_isatty(sys.stderr) if not jupyter else _importable("ipywidgets")):
            return _Bar()
        if jupyter:
            return _Cell()
        return _Line(sys.stderr)

    def close(self, final: Callable[[], Progress]) -> None:
        shown, self.shown = self.shown, None  # a resumed search starts a new display
        if shown is not None:
            try:
                shown.end(final())
            except (OSError, ValueError, AttributeError, ImportError):
                pass


class _Shown:
    """Where :class:`Display` shows the reports."""

    def show(self, report: Progress) -> None:
        raise NotImplementedError

    def end(self, report: Progress) -> None:
        raise NotImplementedError


class _Nothing(_Shown):
    def show(self, report: Progress) -> None:
        pass

    def end(self, report: Progress) -> None:
        pass


class _Line(_Shown):
    """One line of text on ``stream``: redrawn after ``\\r`` on a terminal; elsewhere
    written once, by :meth:`end` (a file or a notebook keeps one line)."""

    def __init__(self, stream):
        self.stream = stream
        self.tty = _isatty(stream)
        self.drawn = 0  # characters on screen

    def draw(self, text: str, end: str = "") -> None:
        pad = " " * max(self.drawn - len(text), 0)
        self.stream.write(("\r" if self.tty else "") + text + pad + end)
        self.stream.flush()
        self.drawn = len(text)

    def text(self, report: Progress) -> str:
        text = "dlxnumba: " + report.line(width=10)
        if self.tty:  # a wrapped line could not be redrawn
            text = text[:max(shutil.get_terminal_size((80, 24)).columns - 1, 20)]
        return text

    def show(self, report: Progress) -> None:
        if self.tty:
            self.draw(self.text(report))

    def end(self, report: Progress) -> None:
        self.draw(self.text(report), "\n")


class _Cell(_Shown):
    """One output of a Jupyter cell, updated in place (IPython's display ids)."""

    def __init__(self) -> None:
        self.handle: Any = None

    def show(self, report: Progress) -> None:
        from IPython.display import display

        data = {"text/plain": "dlxnumba: " + report.line()}
        if self.handle is None:
            self.handle = display(data, raw=True, display_id=True)
        else:
            self.handle.update(data, raw=True)

    def end(self, report: Progress) -> None:
        self.show(report)


class _Bar(_Shown):
    """A tqdm bar (``tqdm.auto``): of jobs for a batch, of Knuth's estimate for a search."""

    def __init__(self) -> None:
        self.bar: Any = None

    def update(self, report: Progress) -> None:
        if self.bar is None:
            from tqdm.auto import tqdm

            if report.total is not None:
                self.bar = tqdm(total=report.total, unit=report.unit[:-1] or "it", desc="dlxnumba",
                                file=sys.stderr, dynamic_ncols=True)
            else:  # a search: the bar shows the estimated fraction of its tree
                self.bar = tqdm(total=1.0, desc="dlxnumba ~", file=sys.stderr, dynamic_ncols=True,
                                bar_format="{desc}{percentage:5.1f}%|{bar}| {elapsed}<~{remaining}{postfix}")
            self.bar.start_t -= report.elapsed  # the call started before its first report
        self.bar.n = report.done if report.total is not None else report.fraction or 0.0
        self.bar.set_postfix_str(f"{report.nodes:,} nodes, {report.solutions:,} solutions", refresh=False)

    def show(self, report: Progress) -> None:
        self.update(report)
        self.bar.refresh()

    def end(self, report: Progress) -> None:
        self.update(report)
        if report.total is None and report.fraction == 1.0:
            self.bar.set_description_str("dlxnumba ", refresh=False)  # exact now
        self.bar.close()
