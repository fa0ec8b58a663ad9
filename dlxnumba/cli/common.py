"""What the commands of :mod:`dlxnumba.cli` share: exit statuses, argument types,
messages, the standard streams, the output writer and the progress bar.

Standard library only (and :mod:`dlxnumba.errors`): this module is imported for
``--help`` too.
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import stat
import sys
import threading
import time
from typing import Callable

from ..progress import bar as _bar
from ..progress import clock as _clock
from ..errors import _OutputError as OutputError  # every exception lives in errors.py

PROG = "dlxnumba"

EXIT_OK = 0
EXIT_UNSOLVED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as a shell reports Ctrl-C
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE: the reader of the output went away (``| head``)

#: The largest count, budget or thread number an option takes: the engine's
#: counters are 64-bit, and a count runs to one past its limit.
MAX_NUMBER = (1 << 62) - 1

#: Seconds between two redraws of the progress bar.
REDRAW_SECONDS = 0.2

#: How every command's help keeps its hand-made line breaks.
RAW_HELP = argparse.RawDescriptionHelpFormatter


# ---------------------------------------------------------------------------
# Argument types
# ---------------------------------------------------------------------------


def _whole(minimum: int, maximum: int = MAX_NUMBER):
    """An argparse type: a whole number from ``minimum`` to ``maximum``.

    argparse names the option in front of the message, on one line.
    """

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(
                f"{text} is {'negative' if minimum == 0 else 'not positive' if minimum == 1 else 'too small'}"
                + (f" (at least {minimum})" if minimum > 1 else ""))
        if value > maximum:
            raise argparse.ArgumentTypeError(f"{text} is too large (at most {maximum})")
        return value

    return parse


_positive_int = _whole(1)
_non_negative_int = _whole(0)


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a non-negative, finite number of seconds")
    return value


def seed_argument(text: str) -> int:
    """``--seed S``: a whole number from 0 to 2**64 - 1 (the seeds of the Python API)."""
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= value < 2 ** 64:
        raise argparse.ArgumentTypeError(f"{text} is not from 0 to 2**64 - 1")
    return value


#: The suffixes of a size in bytes (powers of 1024).
_SIZE_UNITS = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}


def size_argument(text: str) -> int:
    """A size in bytes: a whole number with an optional suffix K, M, G or T
    (powers of 1024; ``2G``, ``500M``)."""
    body = text.strip().upper().removesuffix("B").removesuffix("I")
    unit = body[-1:] if body[-1:] in _SIZE_UNITS else ""
    number = body[:len(body) - len(unit)]
    try:
        value = float(number)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size such as 2G, 500M or 1000000") from None
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a non-negative size")
    return int(value * _SIZE_UNITS[unit])


def box_argument(text: str) -> tuple[int, int]:
    # the one reader of a box as text, which box="2x3" in the Python API uses too
    # (imported here, not above: this module is imported for --help)
    from ..errors import SudokuError
    from ..sudoku.geometry import box_of_text

    try:
        r, c = box_of_text(text)
    except SudokuError:
        raise argparse.ArgumentTypeError(f"{text!r} is not ROWSxCOLUMNS such as 2x3") from None
    if r < 1 or c < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: rows and columns must be positive")
    if r * c > 250:
        raise argparse.ArgumentTypeError(f"{text!r}: boxes of more than 250 cells are too large")
    return r, c


# ---------------------------------------------------------------------------
# Messages and the standard streams
# ---------------------------------------------------------------------------


def _one_line(text) -> str:
    return " ".join(str(text).split())


def _closed(stream) -> bool:
    """Whether a standard stream is missing (its descriptor was closed when the
    program started: Python then sets it to None) or closed."""
    return stream is None or bool(getattr(stream, "closed", False))


def _say(text: str) -> bool:
    """Write ``text`` on stderr; False when stderr is closed or fails (nothing else to do then)."""
    stream = sys.stderr
    if _closed(stream):
        return False
    try:
        stream.write(text)
        stream.flush()
    except (OSError, ValueError):
        return False
    return True


#: How the messages of the Python API name their arguments, and what the command
#: line says instead (its flags): a message on the command line names no
#: keyword argument.
_CLI_WORDS = [
    (r"pass regions=\.\.\.", "give --regions MAP"),
    (r"pass cages=\.\.\. \(a cage map and sums, or a list of \(sum, cells\)\), see dlxnumba\.sudoku\.killer",
     "give --cages 'MAP SUMS' (a cage map and label=sum tokens)"),
    (r"pass cages=\.\.\.", "give --cages 'MAP SUMS'"),
    (r"\(regions=\.\.\.\)", "(--regions MAP)"),
    (r"\(cages=\.\.\., a Cages\)", "(--cages 'MAP SUMS')"),
    (r"give box=\(rows, columns\) explicitly", "give --box RxC"),
    (r"raise max_attempts or timeout", "raise --max-attempts or --timeout"),
    (r"; pass a 2-D array", ""),
    (r"pass uniqueness=False", "give --allow-multiple"),
    (r"\bbest\(\) does not support", "--best does not support"),
    (r"\breduce\(\) \(DLX-PRE\) takes", "--reduce (DLX-PRE) takes"),
    (r"\bmax_nodes\b", "--max-nodes"),
    (r"\bthreads=(?=[^\w]|$)", "--threads"),
    (r"\bcheckpoint=(?=[^\w]|$)", "--checkpoint"),
]


def cli_words(message) -> str:
    """``message`` with the Python API's argument names put as the command line's flags."""
    import re

    text = str(message)
    for pattern, flag in _CLI_WORDS:
        text = re.sub(pattern, flag, text)
    return text


def _error(message) -> int:
    """Print ``dlxnumba: error: MESSAGE`` on one line of stderr; return exit status 2.

    Names of the Python API's arguments in the message become the flags of
    the command line (:func:`cli_words`)."""
    _say(f"{PROG}: error: {_one_line(cli_words(message))}\n")
    return EXIT_USAGE


def _note(message) -> None:
    """Print ``dlxnumba: MESSAGE`` on one line of stderr (a warning; the run goes on)."""
    _say(f"{PROG}: {_one_line(message)}\n")


def _show_warning(message, category, filename, lineno, file=None, line=None) -> None:
    """``warnings.showwarning`` while a command runs: ``dlxnumba: warning: MESSAGE``,
    one line on stderr in the command line's words (no source file, no line of code)."""
    _say(f"{PROG}: warning: {_one_line(cli_words(message))}\n")


class cli_warnings:
    """While a command runs, warnings print as :func:`_show_warning` does (a
    context manager: Python's own format is restored after)."""

    def __enter__(self):
        import warnings

        self._saved = warnings.catch_warnings()
        self._saved.__enter__()
        warnings.showwarning = _show_warning
        return self

    def __exit__(self, *exc):
        return self._saved.__exit__(*exc)


def _hold_std_descriptors() -> None:
    """Put /dev/null on any of the descriptors 0, 1, 2 that is closed.

    A program started with, say, ``2>&-`` would otherwise get descriptor 2 for
    the next file it opens (the output file, say), and anything written to
    "stderr" at a lower level would land in that file.  Python already set the
    matching ``sys.stdin``/``stdout``/``stderr`` to None, which is how the
    commands tell that the stream is closed.
    """
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                null = os.open(os.devnull, os.O_RDWR)
            except OSError:
                return
            if null != fd:
                os.dup2(null, fd)
                os.close(null)


def _quiet_stdout() -> None:
    """After a broken pipe: point stdout at /dev/null, so that the flush at exit
    does not report the pipe again ("Exception ignored ... BrokenPipeError")."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):
        pass


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _progress_wanted(flag) -> bool:
    """``--progress``/``--no-progress``, or by default whether stderr is a terminal."""
    return _isatty(sys.stderr) if flag is None else bool(flag)


def _stat(what):
    """``os.stat`` of a path or ``os.fstat`` of a descriptor; None when there is no such file."""
    try:
        return os.fstat(what) if isinstance(what, int) else os.stat(what)
    except (OSError, ValueError):
        return None


def _same_file(a, b) -> bool:
    """Whether ``a`` and ``b`` (paths, which may not exist, or descriptors) are one file.

    Two paths of which one does not exist yet are one file when they name
    the same place (``-o f --checkpoint ./f``: both would write it)."""
    sa, sb = _stat(a), _stat(b)
    if sa is not None and sb is not None:
        return os.path.samestat(sa, sb)
    if isinstance(a, str) and isinstance(b, str):
        try:
            return os.path.realpath(a) == os.path.realpath(b)
        except (OSError, ValueError):
            return False
    return False


def _same_file_fd(fd: int, other) -> bool:
    """:func:`_same_file` for a descriptor that is a regular file (a terminal or a pipe is not a file)."""
    info = _stat(fd)
    return info is not None and stat.S_ISREG(info.st_mode) and _same_file(fd, other)


def _output_clash(output: str | None, inputs: list[str], stdin: bool,
                  checkpoint: str | None = None) -> str | None:
    """Why writing the results would destroy an input, or None; checked before anything is written.

    ``inputs`` are the paths read and ``stdin`` whether standard input is read.
    ``output`` None or ``-`` means stdout, which clashes when it is an input
    file (``>> input``: the input would grow as it is read).  A
    ``checkpoint`` (``--checkpoint FILE``) is an input too: the finished
    parts of a count, read to resume it, which the results must not replace.
    """
    if output is not None and output != "-":
        where = f"-o {output} is"
        target: str | int = output
    else:
        where = "standard output is"
        try:
            target = sys.stdout.fileno()
            if not stat.S_ISREG(os.fstat(target).st_mode):
                return None
        except (AttributeError, OSError, ValueError):
            return None
    if checkpoint is not None and _same_file(checkpoint, target):
        return f"{where} the checkpoint {checkpoint}; refusing to write into it"
    for path in inputs:
        if _same_file(path, target):
            return f"{where} the input file {path}; refusing to write into it"
    if stdin and _same_file_fd(0, target):
        return f"{where} the same file as standard input; refusing to write into it"
    return None


# ---------------------------------------------------------------------------
# Output and the progress bar
# ---------------------------------------------------------------------------


class _Progress:
    """A one-line progress bar on stderr, redrawn at most every ``REDRAW_SECONDS``."""

    def __init__(self, stream, enabled: bool, unit: str = "puzzles"):
        self.stream = stream
        self.enabled = enabled and not _closed(stream)
        self.unit = unit
        self.started = time.perf_counter()
        self.last = -1.0
        self.drawn = 0  # width of the line on screen (0: nothing shown)
        self.base: tuple[int, float] | None = None  # (done, seconds) when the first work was done

    def update(self, done: int, total: int | None = None, estimated: bool = False,
               solving: Callable[[], float] | None = None) -> None:
        """Redraw (when due) with ``done`` finished of ``total``.  ``solving()``, when
        the command knows it, gives the seconds spent solving so far (start-up left
        out): the rate is then ``done / solving()``, the one its --stats gives."""
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < REDRAW_SECONDS:
            return
        self.last = now
        self.draw(self.text(done, total, estimated, now - self.started, None if solving is None else solving()))

    def text(self, done: int, total: int | None, estimated: bool, elapsed: float,
             solving: float | None = None) -> str:
        if solving is not None:
            rate = done / solving if solving > 0 else 0.0
        else:
            # the rate since the first finished work, so start-up (compiling) does not skew it
            if done and self.base is None:
                self.base = (done, elapsed)
            if self.base is not None and elapsed > self.base[1] and done > self.base[0]:
                rate = (done - self.base[0]) / (elapsed - self.base[1])
            else:
                rate = done / elapsed if elapsed > 0 else 0.0
        speed = f"{rate:,.0f} {self.unit}/s"
        if not total:
            return f"{done:,} {self.unit}  {speed}  {_clock(elapsed)}"
        total = max(total, done)
        frac = done / total
        bar = _bar(frac, 24)
        eta = _clock((total - done) / rate) if rate > 0 else "?"
        about = "~" if estimated else ""
        return f"[{bar}] {done:,}/{about}{total:,} {frac:6.1%}  {speed}  ETA {eta}"

    def draw(self, text: str) -> None:
        if not self.enabled:
            return
        columns = shutil.get_terminal_size((80, 24)).columns
        text = text[:max(columns - 1, 20)]
        pad = " " * max(self.drawn - len(text), 0)
        try:
            self.stream.write("\r" + text + pad)
            self.stream.flush()
        except (OSError, ValueError):
            self.enabled = False  # stderr went away: no more bar
            return
        self.drawn = len(text)

    def clear(self) -> None:
        """Erase the bar (before other output goes to the same terminal, and at the end)."""
        if self.drawn and self.enabled:
            try:
                self.stream.write("\r" + " " * self.drawn + "\r")
                self.stream.flush()
            except (OSError, ValueError):
                self.enabled = False
            self.drawn = 0
            self.last = -1.0


#: Characters of results held before they are written: few, large writes.
WRITE_BUFFER = 1 << 16
#: Seconds at most that written results wait in the buffer (the reader of a
#: slow run sees them soon, and ``| head`` ends it soon).
WRITE_SECONDS = 0.5
#: Bytes of one system call: between two, a Ctrl-C is noticed.
WRITE_BLOCK = 1 << 16


class _Deferred:
    """Ctrl-C held back while results are written (a context manager).

    A Ctrl-C that comes during a write of results is noted (``caught``) and
    delivered afterwards, by :meth:`release`, as Python would have: the write
    can end on a whole record first.  A second Ctrl-C is delivered at once
    (the reader of a pipe may never read the rest).  Only the main thread
    receives signals, and only a Python handler can be deferred (an ignored
    Ctrl-C stays ignored); elsewhere this does nothing.
    """

    def __init__(self):
        self.caught = 0
        self.previous = None

    def __enter__(self) -> "_Deferred":
        if threading.current_thread() is threading.main_thread():
            previous = signal.getsignal(signal.SIGINT)
            if callable(previous):
                self.previous = previous
                signal.signal(signal.SIGINT, self._handler)
        return self

    def _handler(self, signum, frame) -> None:
        self.caught += 1
        self.frame = frame
        if self.caught > 1:
            self.release()

    def release(self) -> None:
        """Put the handler back; deliver a Ctrl-C that came meanwhile."""
        previous, self.previous = self.previous, None
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
            if self.caught:
                previous(signal.SIGINT, getattr(self, "frame", None))

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.release()
        elif self.previous is not None:  # an error on the way: no Ctrl-C on top of it
            signal.signal(signal.SIGINT, self.previous)
            self.previous = None


def _record_end(records: list, data: bytes, pos: int, encoding: str, errors: str) -> int:
    """The offset in ``data`` (the records joined and encoded) where the record
    holding byte ``pos`` ends (``pos`` itself at the boundary of two)."""
    if pos == 0:
        return 0
    ascii_only = len(data) == sum(map(len, records))
    end = 0
    for r in records:
        end += len(r) if ascii_only else len(r.encode(encoding, errors))
        if end >= pos:
            return end
    return len(data)  # pragma: no cover  (pos lies within data)


class _Output:
    """Where the results go: stdout or a file; keeps a terminal progress bar out of the way.

    :meth:`write` takes whole records (a line, a grid and its blank line, a
    solution of several lines) and holds them for at most
    :data:`WRITE_SECONDS` or :data:`WRITE_BUFFER` characters; each write then
    goes straight to the descriptor, so that a Ctrl-C on the way (even into
    a full pipe) lets the record in progress end before it stops the run:
    the output holds whole records only.  ``flushing`` (streaming input, a
    terminal) writes every record at once.

    A failed write raises :class:`OutputError` naming the destination (a broken
    pipe stays a ``BrokenPipeError``: the reader went away, which is no error).
    """

    def __init__(self, path: str | None, progress: _Progress):
        self.fd: int | None = None
        self.encoding, self.errors = "utf-8", "strict"
        if path is None or path == "-":
            if _closed(sys.stdout):
                raise OutputError("cannot write standard output: it is closed")
            self.stream = sys.stdout
            self.name = "standard output"
            self.owned = False
            self.encoding = getattr(self.stream, "encoding", None) or "utf-8"
            self.errors = getattr(self.stream, "errors", None) or "strict"
            try:
                self.fd = self.stream.fileno() if os.linesep == "\n" else None
            except (AttributeError, OSError, ValueError):  # a stand-in (a test's capture): its own writes
                self.fd = None
        else:
            try:
                self.stream = open(path, "wb", buffering=0)
            except OSError as e:
                raise OutputError(f"cannot write {path}: {e.strerror or e}") from None
            self.name = path
            self.owned = True
            self.fd = self.stream.fileno()
        # the bar and the results share a screen only when both are terminals
        self.shares_screen = progress.enabled and _isatty(self.stream) and _isatty(progress.stream)
        self.progress = progress
        self.flushing = self.shares_screen  # write every record at once (streaming input)
        self.pending: list[str] = []
        self.pending_chars = 0
        self.written = time.perf_counter()  # when the records last went out

    def _failed(self, e: Exception) -> OutputError:
        reason = getattr(e, "strerror", None) or str(e)
        return OutputError(f"cannot write {self.name}: {reason}")

    def write(self, records: "str | list[str]") -> None:
        """Write whole records: a string is one, a list several."""
        if isinstance(records, str):
            records = [records]
        self.pending.extend(records)
        self.pending_chars += sum(map(len, records))
        if self.flushing or self.pending_chars >= WRITE_BUFFER or \
                time.perf_counter() - self.written >= WRITE_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Write the records held back (a Ctrl-C meanwhile: after the record in progress)."""
        self.written = time.perf_counter()
        if not self.pending:
            return
        records, self.pending, self.pending_chars = self.pending, [], 0
        if self.shares_screen:
            self.progress.clear()
        try:
            if self.fd is None:
                self.stream.write("".join(records))
                self.stream.flush()
            else:
                self._write_fd(records)
        except BrokenPipeError:
            raise
        except (OSError, ValueError, UnicodeEncodeError) as e:
            raise self._failed(e) from None

    def _write_fd(self, records: list) -> None:
        if not self.owned:
            self.stream.flush()  # anything printed to sys.stdout before goes first
        fd = self.fd
        assert fd is not None
        data = "".join(records).encode(self.encoding, self.errors)
        view = memoryview(data)
        pos = 0
        with _Deferred() as ctrl_c:
            while pos < len(data):
                if ctrl_c.caught:  # end the record in progress, then let the Ctrl-C through
                    end = _record_end(records, data, pos, self.encoding, self.errors)
                    while pos < end:
                        pos += os.write(fd, view[pos:end])
                    break
                pos += os.write(fd, view[pos:pos + WRITE_BLOCK])

    def close(self) -> None:
        """Write what is held (and close a file): raises OutputError when it cannot be written."""
        try:
            self.flush()
        finally:
            if self.owned:
                try:
                    self.stream.close()
                except OSError:
                    pass


# ---------------------------------------------------------------------------
# Split searches: --threads and --checkpoint of a count
# ---------------------------------------------------------------------------


def add_split_arguments(parser, threads: bool = True) -> None:
    """``--checkpoint FILE`` (and ``--threads N`` unless the command has its own)."""
    if threads:
        parser.add_argument("--threads", type=_positive_int, metavar="N",
                            help="split the search tree and search the parts on N threads "
                                 "(solutions then come in another order)")
    parser.add_argument("--checkpoint", metavar="FILE",
                        help="with --count: split the search and record each finished part in FILE; "
                             "run the same command again to resume a stopped count (only the parts "
                             "left are searched)")


class _CountWatch:
    """The figures of a count as it goes, for a count that stops early.

    :attr:`reporter` is the ``progress=`` argument of the count: each report
    goes on to ``show`` (the progress bar) and is kept, and so is the final
    one a search hands over when it ends (a serial search does, on Ctrl-C
    too; a split search reports every ``progress_interval``).  :attr:`last`
    is then a :class:`~dlxnumba.progress.Progress`: the solutions found so
    far (a lower bound of the count), nodes, updates and seconds.
    """

    def __init__(self, show=None):
        from ..progress import Reporter

        self.last = None
        self.show = show
        self.reporter = Reporter(self._call, self._close)

    def _call(self, report) -> None:
        self.last = report
        if self.show is not None:
            self.show(report)

    def _close(self, final) -> None:
        try:
            self.last = final()
        except Exception:  # pragma: no cover  (a search that cannot report: keep the last report)
            pass


#: Why a count stopped early, as the notes and --stats say it.
def option_text(problem, j: int) -> str:
    """Option ``j`` of ``problem`` as ``--names`` prints it: its item names, each with
    its color as in DLX text (``x:A``), as Knuth's programs print options."""
    names = problem.option_names(j)
    if not problem.has_colors:
        return " ".join(map(str, names))
    return " ".join(str(name) if color is None else f"{name}:{color}"
                    for name, color in zip(names, problem.option_colors(j)))


STOPPED_BY = {"timeout": "--timeout ran out", "max_nodes": "--max-nodes ran out",
              "max_memory": "--max-memory ran out",
              "interrupted": "interrupted (Ctrl-C)"}


def split_conflict(args) -> str | None:
    """Why --checkpoint cannot be used with the other options, or None."""
    if getattr(args, "checkpoint", None) is None:
        return None
    if not args.count:
        return "--checkpoint needs --count"
    if args.limit is not None or args.max_nodes is not None:
        return "--checkpoint records a split count, which runs to the end: leave out --limit and --max-nodes"
    return None


def split_options(args) -> dict:
    """The ``threads=``/``checkpoint=`` arguments of a split search, or {} for the serial search.

    A split search runs to the end: with --limit or --max-nodes (and no
    --checkpoint, which refuses them) the search is serial, whatever --threads says."""
    threads = getattr(args, "threads", None)
    checkpoint = getattr(args, "checkpoint", None)
    out: dict = {}
    if checkpoint is None and (args.limit is not None or getattr(args, "max_nodes", None) is not None):
        return out
    if threads is not None and threads > 1:
        out["threads"] = threads
    if checkpoint is not None:
        out["checkpoint"] = checkpoint
        out.setdefault("threads", threads)
    return out
