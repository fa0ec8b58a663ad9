"""What the commands of :mod:`dlxnumba.cli` share: exit statuses, argument types,
error messages, the input reader, the output writer and the progress bar.

Standard library only: this module is imported for ``--help`` too.
"""

from __future__ import annotations

import argparse
import io
import os
import queue
import shutil
import stat
import sys
import threading
import time

from ..errors import InputError
from ..progress import bar as _bar
from ..progress import clock as _clock

PROG = "dlxnumba"

EXIT_OK = 0
EXIT_UNSOLVED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130

#: Seconds between two redraws of the progress bar.
REDRAW_SECONDS = 0.2

#: How every command's help keeps its hand-made line breaks.
RAW_HELP = argparse.RawDescriptionHelpFormatter


# ---------------------------------------------------------------------------
# Argument types
# ---------------------------------------------------------------------------


def _int_at_least(minimum: int, what: str):
    """An argparse type: a whole number >= ``minimum`` (``what`` names the failure)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"{text} is {what}")
        return value

    return parse


_positive_int = _int_at_least(1, "not positive")
_non_negative_int = _int_at_least(0, "negative")


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} is not a non-negative number of seconds")
    return value


def _box(text: str) -> tuple[int, int]:
    parts = text.lower().replace("×", "x").replace(",", "x").split("x")
    try:
        r, c = (int(p) for p in parts)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not ROWSxCOLUMNS such as 2x3") from None
    if r < 1 or c < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: rows and columns must be positive")
    return r, c


# ---------------------------------------------------------------------------
# Messages
# ---------------------------------------------------------------------------


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _error(message: str) -> int:
    """Print ``dlxnumba: error: MESSAGE`` on one line of stderr; return exit status 2."""
    print(f"{PROG}: error: {_one_line(message)}", file=sys.stderr)
    return EXIT_USAGE


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _progress_wanted(flag) -> bool:
    """``--progress``/``--no-progress``, or by default whether stderr is a terminal."""
    return _isatty(sys.stderr) if flag is None else bool(flag)


# ---------------------------------------------------------------------------
# Input
# ---------------------------------------------------------------------------


class _Lines:
    """Text lines of a file or stdin, with how much was read (for progress)."""

    def __init__(self, source: str):
        self.close_stream = source != "-"
        if source == "-":
            self.stream = getattr(sys.stdin, "buffer", sys.stdin)
            self.name = "<stdin>"
        else:
            self.stream = open(source, "rb")
            self.name = source
        self.size = None  # bytes in all, when the input is a regular file
        try:
            info = os.fstat(self.stream.fileno())
            if stat.S_ISREG(info.st_mode):
                self.size = info.st_size - (self.stream.tell() if self.stream.seekable() else 0)
        except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
            pass
        self.consumed = 0
        self.finished = False
        self.ahead: list[str] = []  # lines read by first_content, given out first

    def read(self, size: int = -1) -> str:
        """The rest of the input as text (the file protocol; iteration is what is used)."""
        data = self.stream.read(size)
        self.consumed += len(data)
        return "".join(self.ahead) + (data.decode("utf-8", "replace") if isinstance(data, bytes) else data)

    def _text(self, raw) -> list[str]:
        self.consumed += len(raw)
        text = raw.decode("utf-8", "replace") if isinstance(raw, bytes) else raw
        if "\r" in text.rstrip("\r\n"):  # old Mac line ends
            return text.splitlines(keepends=True)
        return [text]

    def first_content(self, max_lines: int = 1000) -> str | None:
        """The first line that is not blank or a comment (it is still read by iteration)."""
        for _ in range(max_lines):
            raw = self.stream.readline()
            if not raw:
                return None
            for text in self._text(raw):
                self.ahead.append(text)
                stripped = text.strip()
                if stripped and not stripped.startswith("#"):
                    return stripped
        return None

    def __iter__(self):
        yield from self.ahead
        self.ahead = []
        for raw in self.stream:
            yield from self._text(raw)
        self.finished = True

    def close(self) -> None:
        if self.close_stream:
            self.stream.close()


_END = object()


def _read_ahead(chunks, lines: _Lines):
    """Iterate over ``chunks`` parsed on a background thread, one chunk ahead.

    Parsing is Python code and the solver releases the GIL, so reading the next
    chunk overlaps solving this one.  Yields ``(chunk, consumed, finished)``: the
    input's bytes read and whether it is all read, as of that chunk.  An error
    in the reader is raised here, after the chunks before it.  Closing the
    iterator early lets the thread end after its next chunk.
    """
    handoff: queue.Queue = queue.Queue(maxsize=1)
    stop = threading.Event()

    def work():
        try:
            for chunk in chunks:
                handoff.put((chunk, lines.consumed, lines.finished))
                if stop.is_set():
                    return
            handoff.put(_END)
        except ValueError as e:  # SudokuError with --strict, or input it cannot take
            handoff.put(InputError(str(e)))
        except BaseException as e:  # handed to the main thread
            handoff.put(e)

    threading.Thread(target=work, name="dlxnumba-reader", daemon=True).start()
    try:
        while True:
            item = handoff.get()
            if item is _END:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        try:
            handoff.get_nowait()  # unblock a waiting put, so the thread sees ``stop``
        except queue.Empty:
            pass


# ---------------------------------------------------------------------------
# Output and the progress bar
# ---------------------------------------------------------------------------


class _Progress:
    """A one-line progress bar on stderr, redrawn at most every ``REDRAW_SECONDS``."""

    def __init__(self, stream, enabled: bool, unit: str = "puzzles"):
        self.stream = stream
        self.enabled = enabled
        self.unit = unit
        self.started = time.perf_counter()
        self.last = -1.0
        self.drawn = 0  # width of the line on screen (0: nothing shown)
        self.base = None  # (done, seconds) when the first work was done

    def update(self, done: int, total: int | None = None, estimated: bool = False) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.last < REDRAW_SECONDS:
            return
        self.last = now
        self.draw(self.text(done, total, estimated, now - self.started))

    def text(self, done: int, total: int | None, estimated: bool, elapsed: float) -> str:
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
        columns = shutil.get_terminal_size((80, 24)).columns
        text = text[:max(columns - 1, 20)]
        pad = " " * max(self.drawn - len(text), 0)
        self.stream.write("\r" + text + pad)
        self.stream.flush()
        self.drawn = len(text)

    def clear(self) -> None:
        """Erase the bar (before other output goes to the same terminal, and at the end)."""
        if self.drawn:
            self.stream.write("\r" + " " * self.drawn + "\r")
            self.stream.flush()
            self.drawn = 0
            self.last = -1.0


class _Output:
    """Where the results go: keeps a terminal progress bar out of the way."""

    def __init__(self, path: str | None, progress: _Progress):
        if path is None or path == "-":
            self.stream = sys.stdout
            self.owned = False
        else:
            self.stream = open(path, "w", encoding="utf-8")
            self.owned = True
        # the bar and the results share a screen only when both are terminals
        self.shares_screen = progress.enabled and _isatty(self.stream) and _isatty(progress.stream)
        self.progress = progress

    def write(self, text: str) -> None:
        if self.shares_screen:
            self.progress.clear()
        self.stream.write(text)
        if self.shares_screen:
            self.stream.flush()

    def close(self) -> None:
        try:
            self.stream.flush()
        finally:
            if self.owned:
                self.stream.close()
