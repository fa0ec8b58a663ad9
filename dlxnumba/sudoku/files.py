"""Files of puzzles: one per line, or multi-line grids; read in chunks.

:func:`iter_puzzles` streams a file of any length through in chunks;
:func:`read_puzzles` reads it whole.  Underneath, :func:`byte_lines` cuts the
input into lines (``\\n``, ``\\r\\n`` and a lone ``\\r`` all end a line) and
:class:`PuzzleReader` turns the lines into *entries*: every line that holds cells
gives one entry (a one-line puzzle, or a bad line), and so does every grid, in
input order.  A bad entry is a row of zeros with a message naming the file and
the line.
"""

from __future__ import annotations

import io
import math
import os
import sys
from collections import Counter
from typing import IO, TYPE_CHECKING, Any, Callable, Iterator, Union

import numpy as np

from ..checks import integer
from ..errors import SudokuError
from .text import _CELL_BYTES, _TO_DIGIT, _TO_DIGIT_UPPER, DRAWING, EMPTY, MAX_TEXT_N, SYMBOLS, parse_text

if TYPE_CHECKING:  # pragma: no cover
    #: Where puzzles are read from: a path, ``"-"`` (stdin) or a file object (text or binary)
    Source = Union[str, os.PathLike, IO[str], IO[bytes]]

#: Bytes read at a time from a file.
BLOCK = 1 << 20
#: Characters in a line at most: a longer line (binary junk, a file without
#: line ends) is one bad entry, skipped without being held in memory.
MAX_LINE = 1 << 16
#: Stands for a line longer than MAX_LINE (no real line holds a line end).
_TOO_LONG = b"\n"

_DROP_DRAWING = {ord(ch): None for ch in DRAWING}


# ---------------------------------------------------------------------------
# Bytes to lines
# ---------------------------------------------------------------------------


def _open_source(source) -> tuple[Callable, Callable | None, str]:
    """``(read(size), close or None, name)`` for a path, ``"-"`` (stdin) or a file object.

    ``read`` returns what is there (bytes or str, empty at the end) without
    waiting for more than one read of the underlying stream, so a pipe or a
    terminal streams.
    """
    if hasattr(source, "read"):
        name = getattr(source, "name", None)
        return _reader_of(source), None, name if isinstance(name, str) else "<file>"
    if isinstance(source, str) and source == "-":
        return _reader_of(getattr(sys.stdin, "buffer", sys.stdin)), None, "<stdin>"
    f = open(source, "rb")
    return f.read, f.close, os.fsdecode(source)


def _reader_of(stream) -> Callable:
    """``read(size)`` for a stream: what is buffered from binary, a line at a time
    from text that may be interactive."""
    if isinstance(stream, io.TextIOBase):
        try:
            whole = stream.seekable()  # a file or a string: no one is waiting for a line
        except (OSError, ValueError):
            whole = False
        return stream.read if whole else stream.readline
    return getattr(stream, "read1", stream.read)


def _sniff(head: bytes, name: str) -> bytes:
    """The first bytes of an input without a UTF-8 byte order mark; refuse what is not text."""
    if head.startswith(b"\x1f\x8b"):
        raise SudokuError(f"{name}: gzip-compressed data; decompress it first (gunzip, zcat or gzip.open)")
    if head.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise SudokuError(f"{name}: UTF-16 text; save it as UTF-8 (or ASCII)")
    nul = head.find(b"\0")
    if nul >= 0:
        raise SudokuError(f"{name}: binary data (a NUL byte at byte {nul + 1}), not puzzle text")
    return head[3:] if head.startswith(b"\xef\xbb\xbf") else head


def _blocks(read: Callable, name: str) -> Iterator[bytes]:
    """The input as blocks of bytes, the first one checked by :func:`_sniff`."""
    head = b""
    while len(head) < 4:
        data = read(BLOCK)
        if not data:
            break
        head += data.encode("utf-8", "replace") if isinstance(data, str) else data
    if head:
        yield _sniff(head, name)
    while True:
        data = read(BLOCK)
        if not data:
            return
        yield data.encode("utf-8", "replace") if isinstance(data, str) else data


def byte_lines(read: Callable, name: str) -> Iterator[list[bytes]]:
    """Lists of lines (bytes without their line ends), as the input arrives.

    ``\\n``, ``\\r\\n`` and a lone ``\\r`` each end a line (also a ``\\r\\n``
    split between two reads).  A line longer than :data:`MAX_LINE` is given as
    :data:`_TOO_LONG`.
    """
    carry = b""
    skipping = False  # in a line longer than MAX_LINE: drop it up to its end
    for data in _blocks(read, name):
        data = carry + data
        tail = b""
        if data.endswith(b"\r"):  # perhaps the first half of \r\n
            data, tail = data[:-1], b"\r"
        if b"\r" in data:
            data = data.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        cut = data.rfind(b"\n")
        if cut < 0:
            carry = data + tail
        else:
            lines = data[:cut].split(b"\n")
            carry = data[cut + 1:] + tail
            if skipping:
                lines[0] = _TOO_LONG
                skipping = False
            if max(map(len, lines)) > MAX_LINE:
                lines = [_TOO_LONG if len(line) > MAX_LINE else line for line in lines]
            yield lines
        if len(carry) > MAX_LINE:
            skipping, carry = True, b""
    if skipping:
        yield [_TOO_LONG]
    elif carry.rstrip(b"\r"):
        yield [carry[:-1] if carry.endswith(b"\r") else carry]


# ---------------------------------------------------------------------------
# Lines to entries
# ---------------------------------------------------------------------------


def _is_separator(line: str) -> bool:
    """True for a line between grids: blank, a comment, ``Grid 01``, ``Puzzle 1``, ``=====``."""
    s = line.strip()
    if s.startswith("\ufeff"):
        s = s[1:].strip()
    return (not s or s.startswith("#") or s[:4].lower() == "grid" or s[:6].lower() == "puzzle"
            or set(s) <= set("="))


def _cell_count(cells: str | None) -> int:
    """Cells in a line (-1 for a line too long to read)."""
    return -1 if cells is None else len(cells)


def _has_unknown(cells: str | None) -> bool:
    return cells is not None and bool(cells.encode("ascii", "replace").translate(None, _CELL_BYTES))


def _digit_table(n: int) -> tuple[bytes, bytes]:
    """``(symbols of an n x n grid, symbol -> digit table)`` for the fast path."""
    symbols = SYMBOLS[:n]
    if n < 36:  # lower case reads as upper case
        symbols += symbols[9:].lower()
    return (symbols + EMPTY).encode("ascii"), _TO_DIGIT_UPPER if n < 36 else _TO_DIGIT


def _rows_of_grid(r: int, rows: list[str]) -> bool:
    """Whether lines of ``r`` cells are rows of an ``r x r`` grid rather than one-line puzzles.

    A line of ``r`` cells is a whole puzzle only when ``r`` is the square of a
    grid side ``m`` of at least 4, and then it holds no digit larger than
    ``m``; the rows of a grid almost all do (so a typo in one line of small
    puzzles does not turn the file into grids, it takes most of them).
    """
    m = math.isqrt(r)
    if m * m != r or m < 4:
        return True
    table = _TO_DIGIT_UPPER if r < 36 else _TO_DIGIT
    big = sum(max(row.encode("ascii", "replace").translate(table)) > m for row in rows)
    return 2 * big > len(rows)


class PuzzleReader:
    """Turns lines into entries (see :func:`read_puzzles` for the formats).

    :meth:`feed` takes lists of lines (bytes without line ends), :meth:`finish`
    marks the end, :meth:`take` hands out the entries read so far as an array,
    with the messages of the bad ones.  The first lines wait in ``pending``
    until they settle the grid size and the layout (one puzzle per line, or
    grids); after that, one-line puzzles of the right size take a fast path
    that parses whole blocks of lines at once.

    A bad entry raises nothing: it becomes a row of zeros and a message.  With
    ``strict`` the first one stops the reader: :attr:`error` holds it, to be
    raised once the entries before it are taken.
    """

    def __init__(self, name: str, size: int | None = None, strict: bool = False):
        self.name = name
        self.strict = strict
        self.error: SudokuError | None = None
        self.lineno = 0
        self.n: int | None = None
        self.grids: bool | None = None  # True: multi-line grids; False: one puzzle per line
        self.pending: list = []  # (line number, cells, text) until settled; text None: a separator
        self.block: list = []  # (line number, cells, text): the rows of the grid being read
        self.parts: list = []  # (digit bytes, or None for a bad entry; entries)
        self.count = 0  # entries in parts
        self.messages: list = []  # (entry number in parts, message)
        self.header: dict = {}  # the header lines (variant, regions): text and line number
        self.variant: Any = None  # the Variant the header declares, once read
        if size is not None:
            self._set_size(size)

    # -- settling the size and the layout

    def _set_size(self, n: int) -> None:
        self.n = n
        self.nn = n * n
        self.valid, self.table = _digit_table(n)
        if "constraints" in self.header and (self.variant is None or self.variant.constraints is None):
            try:  # the constraints name cells: read once the side is known
                self._make_variant(n)
            except SudokuError as e:
                raise SudokuError(f"{self.name}, line {self.header['constraints'][1]}: {e}") from None

    def _make_variant(self, n: int | None) -> None:
        """The file's Variant from its header lines (``n``: the side, when known)."""
        from .variants import Variant

        h = self.header
        cages = " ".join(h[k][0] for k in ("cages", "sums") if k in h) or None
        self.variant = Variant.parse(h.get("variant", (None, 0))[0], h.get("regions", (None, 0))[0], cages, n,
                                     h.get("constraints", (None, 0))[0])

    def _verdict(self, final: bool):
        """``(n, grids)`` from the pending lines, ``"bad"`` for a first line that fits
        nothing, or None to wait for more lines."""
        block = []  # the cells of the first content lines, up to a separator
        ended = final
        for _, cells, text in self.pending:
            if text is None:
                ended = True
                break
            block.append(cells)
            if len(block) > MAX_TEXT_N:
                ended = True
                break
        counts = [_cell_count(c) for c in block]
        k = counts[0]
        if self.n is not None:  # the size is given: only the layout is open
            n = self.n
            if k == n * n:
                return n, False
            if len(counts) >= 2 and counts[0] == counts[1] == n:
                return n, True
            if not ended:
                return None
            rows = counts.count(n)
            return (n, True) if rows >= 2 and 2 * rows > len(counts[:n + 1]) else "bad"
        m = math.isqrt(max(k, 0))
        if k < 4 or k > MAX_TEXT_N:  # not a row of a text grid: a whole puzzle, or nothing
            return (m, False) if m * m == k and 4 <= m <= MAX_TEXT_N else "bad"
        if len(counts) >= 2 and counts[1] == k and _rows_of_grid(k, block[:2]):
            return k, True
        if m * m == k and m >= 4:  # k lines of k cells, or one-line puzzles of m x m
            if len(block) <= k and not ended:
                return None
            grid_rows = [c for c in block[:k] if _cell_count(c) == k]
            return (k, True) if len(grid_rows) >= 2 and _rows_of_grid(k, grid_rows) else (m, False)
        if not ended:
            return None
        # a first line of no use: rows of a grid after all (the grid's first row is
        # bad, or a title precedes it), or a bad line of its own
        common = Counter(c for c in counts if 4 <= c <= MAX_TEXT_N).most_common(1)
        if common:
            r, rows = common[0]
            if rows >= 2 and 2 * rows > len(counts[:r + 1]) and _rows_of_grid(
                    r, [c for c in block if _cell_count(c) == r]):
                return r, True
        return "bad"

    def _settle(self, final: bool) -> None:
        """Settle the size and the layout from the pending lines when they tell, then feed them through."""
        while self.pending and self.grids is None:
            verdict = self._verdict(final)
            if verdict is None:
                return
            if verdict == "bad":
                lineno, cells, text = self.pending.pop(0)
                self._bad_line(lineno, cells, text)
                while self.pending and self.pending[0][2] is None:
                    self.pending.pop(0)
                if self.error:
                    return
                continue
            n, self.grids = verdict
            if n != self.n:
                self._set_size(n)
        if self.grids is None:
            return
        pending, self.pending = self.pending, []
        for lineno, cells, text in pending:
            if text is None:
                self._flush()
            else:
                self._entry_line(lineno, cells, text)
            if self.error:
                return

    # -- entries

    def _push(self, digits: bytes | None, entries: int = 1) -> None:
        self.parts.append((digits, entries))
        self.count += entries

    def _bad(self, lineno: int, message: str, located: bool = False) -> None:
        """A bad entry: a row of zeros and its message (``located``: it names the line already)."""
        full = message if located else f"{self.name}, line {lineno}: {message}"
        if self.strict:
            self.error = SudokuError(full)
            return
        self.messages.append((self.count, full))
        self._push(None)

    def _emit(self, lineno: int, text: str) -> None:
        """Parse one whole puzzle and add it, or its error."""
        try:
            values = parse_text(text, where=f"{self.name}, line {lineno}")
        except SudokuError as e:
            self._bad(lineno, str(e), located=True)
            return
        if values.size != self.nn:
            self._bad(lineno, f"{values.size} cells, expected {self.nn} as in the first puzzle")
            return
        self._push(values.tobytes())

    def _bad_line(self, lineno: int, cells: str | None, text: str) -> None:
        """One line that is neither a puzzle nor a row of a grid: one bad entry."""
        if cells is None:
            self._bad(lineno, f"a line longer than {MAX_LINE:,} characters")
        elif _has_unknown(cells):
            self._emit(lineno, text)  # the parser names the symbol and its column
        elif self.n is None:
            self._bad(lineno, f"{len(cells)} cells: neither a puzzle nor a row of a grid")
        elif self.grids:
            self._bad(lineno, f"{len(cells)} cells: expected {self.nn} (a puzzle on one line) "
                              f"or {self.n} (a row of a grid)")
        else:
            self._bad(lineno, f"{len(cells)} cells, expected {self.nn} (one {self.n}x{self.n} puzzle per line)")

    def _entry_line(self, lineno: int, cells: str | None, text: str) -> None:
        """A line with cells, once the size and the layout are settled."""
        k = _cell_count(cells)
        if not self.grids:
            if k == self.nn and not _has_unknown(cells):
                self._emit(lineno, text)
            else:
                self._bad_line(lineno, cells, text)
            return
        n, block = self.n, self.block
        assert n is not None  # settled with the layout
        if k == self.nn:  # a one-line puzzle among the grids (after a grid cut short)
            self._flush()
            self._emit(lineno, text)
            return
        block.append((lineno, cells, text))
        first_bad = _cell_count(block[0][1]) != n
        if len(block) == n and not (first_bad and all(_cell_count(c) == n for _, c, _ in block[1:])):
            self._flush()
        elif len(block) > n:
            # n rows after a bad first line: a title, when this line is a row too
            if k == n:
                self._bad_line(*block.pop(0))
            else:
                block.pop()
            self._flush()
            if k != n:
                self._entry_line(lineno, cells, text)

    def _flush(self) -> None:
        """Emit the grid being read: one entry, however malformed."""
        block, self.block = self.block, []
        if not block:
            return
        n = self.n
        if len(block) == 1 and _cell_count(block[0][1]) != n:
            self._bad_line(*block[0])
            return
        for lineno, cells, _ in block:
            if cells is None:
                self._bad(lineno, f"a line longer than {MAX_LINE:,} characters")
                return
            if _has_unknown(cells):
                ch = next(c for c in cells if c not in SYMBOLS and c not in EMPTY)
                self._bad(lineno, f"unknown symbol {ch!r} in this grid row "
                                  "(digits, letters, '.', '0' or '_' expected)")
                return
            if len(cells) != n:
                self._bad(lineno, f"a grid row of {len(cells)} cells, expected {n}")
                return
        if len(block) != n:
            rows = f"{len(block)} row{'s' if len(block) != 1 else ''}"
            self._bad(block[0][0], f"a grid of {rows}, expected {n}")
            return
        self._emit(block[0][0], "".join(c for _, c, _ in block))

    # -- lines

    def _line(self, lineno: int, raw: bytes) -> None:
        """Take one line (the slow path: anything but a well-formed one-line puzzle)."""
        if raw is _TOO_LONG:
            cells, text = None, ""
        else:
            text = raw.decode("utf-8", "replace")
            if text[:13].lstrip().lower().startswith(("variant:", "regions:", "cages:", "sums:", "constraints:")):
                self._header(lineno, text)
                return
            if _is_separator(text):
                if self.grids is None:
                    if self.pending:
                        self.pending.append((lineno, None, None))
                elif self.grids:
                    self._flush()
                return
            cells = text.translate(_DROP_DRAWING)
            if not cells:
                return  # grid drawing only
        if self.grids is None:
            self.pending.append((lineno, cells, text))
            self._settle(False)
        else:
            self._entry_line(lineno, cells, text)

    def _header(self, lineno: int, text: str) -> None:
        """A ``variant:`` or ``regions:`` line: before the first puzzle only (see :mod:`.variants`)."""
        from .variants import Variant

        key, value = text.split(":", 1)
        key = key.strip().lower()
        where = f"{self.name}, line {lineno}"
        if self.grids is not None or self.pending:
            raise SudokuError(f"{where}: a '{key}:' line after the first puzzle; "
                              "the variant of a file is declared once, at its top")
        if key in self.header:
            raise SudokuError(f"{where}: a second '{key}:' line")
        self.header[key] = (value.strip(), lineno)
        try:
            spec = self.header.get("variant", (None, 0))[0]
            regions = self.header.get("regions", (None, 0))[0]
            if spec is not None and "jigsaw" in spec.lower() and regions is None:
                return  # the map may follow on the next line
            # a killer's cages: a 'cages:' line (map and sums), or its map and then a 'sums:' line
            cages = " ".join(self.header[k][0] for k in ("cages", "sums") if k in self.header) or None
            if (spec is not None and "killer" in spec.lower() and cages is None) or (
                    cages is not None and "=" not in cages):
                return  # the cages, or their sums, may follow on the next line
            rules = self.header.get("constraints", (None, 0))[0]
            if spec is not None and "constraint" in spec.lower() and rules is None:
                return  # the constraints may follow on the next line
            side = self.n if self.n is not None else None if regions is None and cages is None else \
                Variant.parse(None, regions, cages).side()
            if rules is not None and side is None:
                return  # read with the side, from the first puzzle (_set_size)
            self._make_variant(side)
        except SudokuError as e:
            raise SudokuError(f"{where}: {e}") from None
        if self.variant.side() is not None:
            side = self.variant.side()
            if self.n is not None and side != self.n:
                what = "cages" if self.variant.cages is not None else "a region map"
                raise SudokuError(f"{where}: {what} of {side}x{side} cells for {self.n}x{self.n} puzzles")
            if self.n is None:
                self._set_size(side)

    def _rows(self, lines: list) -> None:
        """Lines of a file of one-line puzzles: well-formed runs parsed at once."""
        nn, valid, table = self.nn, self.valid, self.table
        if min(map(len, lines)) == nn == max(map(len, lines)):
            joined = b"".join(lines)
            if not joined.translate(None, valid):
                self._push(joined.translate(table), len(lines))
                self.lineno += len(lines)
                return
        good: list = []
        for raw in lines:
            self.lineno += 1
            if len(raw) == nn and not raw.translate(None, valid):
                good.append(raw)
                continue
            if good:
                self._push(b"".join(good).translate(table), len(good))
                good = []
            self._line(self.lineno, raw)
            if self.error:
                return
        if good:
            self._push(b"".join(good).translate(table), len(good))

    def feed(self, lines: list) -> None:
        """Read more lines."""
        for i, raw in enumerate(lines):
            if self.error:
                return
            if self.grids is False:
                self._rows(lines[i:])
                return
            self.lineno += 1
            self._line(self.lineno, raw)

    def finish(self) -> None:
        """At the end of the input: settle what is pending and emit the last grid."""
        if self.error:
            return
        self._settle(True)
        if self.grids:
            self._flush()

    def take(self, count: int | None = None) -> tuple[np.ndarray, list]:
        """The first ``count`` entries read (default: all) as an (k, N*N) uint8
        array, and the ``(row, message)`` of the bad ones."""
        count = self.count if count is None else min(count, self.count)
        nn = self.n * self.n if self.n is not None else 81
        taken, rest, got = [], [], 0
        for k, (digits, entries) in enumerate(self.parts):
            if got + entries > count:
                split = count - got
                if split:
                    taken.append(digits[:split * nn] if digits is not None else None)
                    got += split
                rest = [(digits[split * nn:], entries - split)] if split else [(digits, entries)]
                rest += self.parts[k + 1:]
                break
            taken.append(digits)
            got += entries
        self.parts = rest
        self.count -= got
        out = np.frombuffer(bytearray(b"".join(b"\0" * nn if d is None else d for d in taken)), np.uint8)
        messages = [(i, m) for i, m in self.messages if i < got]
        self.messages = [(i - got, m) for i, m in self.messages if i >= got]
        return out.reshape(got, nn), messages


def _check_size(size: Any) -> int | None:
    """``size`` (the N of N x N grids written as text) or None, checked."""
    return integer(size, "size (the N of N x N grids written as text)", low=4, high=MAX_TEXT_N, none=True,
                   error=SudokuError)


def iter_puzzles(source: Source, chunk_size: int = 100_000, size: int | None = None,
                 errors: list | None = None, header: dict | None = None) -> Iterator[np.ndarray]:
    """Read puzzles from a path, ``"-"`` (stdin) or a file object, in chunks.

    Yields (k, N*N) uint8 arrays of at most ``chunk_size`` puzzles, reading the
    file as it goes, so inputs larger than memory stream through.  See
    :func:`read_puzzles` for the formats.  A malformed entry raises
    :class:`SudokuError` naming the file and line (after the chunks before it),
    unless ``errors`` is a list: then the entry becomes a row of zeros and
    ``(index, message)`` is appended to ``errors`` (``index`` counts puzzles
    from 0 across chunks).  A file of variant puzzles declares its
    :class:`~dlxnumba.sudoku.variants.Variant` at its top (``variant: x``, and
    for a jigsaw ``regions: <n*n letters>``): pass a dict as ``header`` to
    receive it as ``header["variant"]``; without one such a file is refused
    (solved as classic puzzles, its answers would be wrong).

    Parameters
    ----------
    source : path, str or file object
        A path, ``"-"`` (stdin) or a file object (text or binary).
    chunk_size : int
        Puzzles per chunk, at most (at least 1).
    size : int or None
        The side N of the N x N grids (None: found from the first entry; see
        :func:`read_puzzles`).
    errors : list or None
        None: a malformed entry raises.  A list: each malformed entry becomes
        a row of zeros and ``(index, message)`` is appended to it.
    header : dict or None
        Receives the variant the file declares, as ``header["variant"]``.

    Yields
    ------
    numpy.ndarray
        (k, N*N) uint8 arrays, 0 for an empty cell, ``k <= chunk_size``.

    Raises
    ------
    SudokuError
        For a malformed entry (unless ``errors`` is a list), a file that is
        not text (compressed, UTF-16, binary), a file that declares a variant
        when ``header`` is None, a bad ``chunk_size`` or ``size``.
    OSError
        When the file cannot be opened or read.

    Examples
    --------
    >>> from dlxnumba import iter_puzzles
    >>> import io
    >>> text = "1234341221434321  12..............  x".replace("  ", chr(10))
    >>> errors = []
    >>> [c.shape for c in iter_puzzles(io.StringIO(text), chunk_size=2, size=4, errors=errors)]
    [(2, 16), (1, 16)]
    >>> errors
    [(2, '<file>, line 3: 1 cells, expected 16 (one 4x4 puzzle per line)')]
    """
    size = _check_size(size)
    chunk_size = integer(chunk_size, "chunk_size", low=1, error=SudokuError)
    read, close, name = _open_source(source)
    reader = PuzzleReader(name, size, strict=errors is None)
    offset = 0

    def drain(count):
        nonlocal offset
        out, messages = reader.take(count)
        if errors is not None:
            errors.extend((offset + i, m) for i, m in messages)
        offset += len(out)
        return out

    def declared(final: bool = False) -> None:
        if reader.variant is None and "constraints" in reader.header and reader.n is None and not final:
            return  # the constraints are read once the puzzles give the side
        if reader.variant is not None:
            if header is None:
                line = min(k for _, k in reader.header.values())
                raise SudokuError(f"{name}, line {line}: the file declares 'variant: {reader.variant}'; "
                                  "pass header={} to read it (and solve its puzzles with that variant)")
            header["variant"] = reader.variant
        elif "constraints" in reader.header:
            raise SudokuError(f"{name}, line {reader.header['constraints'][1]}: 'constraints:' needs puzzles "
                              "after it (their side says which cells the constraints name)")
        elif "variant" in reader.header or "cages" in reader.header:
            key = "variant" if "variant" in reader.header else "cages"
            what = ("'variant: constraints' needs a 'constraints:' line" if "constraint" in
                    reader.header[key][0].lower() else
                    "'cages:' needs its sums ('A=3 B=15 ...')" if key == "cages" or "cages" in reader.header
                    else "'variant: killer' needs a 'cages:' line" if "killer" in reader.header[key][0].lower()
                    else "'variant: jigsaw' needs a 'regions:' line")
            raise SudokuError(f"{name}, line {reader.header[key][1]}: {what}")

    try:
        for lines in byte_lines(read, name):
            reader.feed(lines)
            if reader.header:
                declared()
            # a chunk waits until the size is known: every chunk has the width of the file's puzzles
            while reader.count >= chunk_size and reader.n is not None:
                yield drain(chunk_size)
            if reader.error:
                break
        else:
            reader.finish()
            if reader.header:
                declared(True)
        while reader.count:
            yield drain(chunk_size)
        if reader.error:
            raise reader.error
    finally:
        if close is not None:
            close()


def read_puzzles(source: Source, size: int | None = None, errors: list | None = None,
                 header: dict | None = None) -> np.ndarray:
    """Read a file of puzzles into an (n, N*N) uint8 array (0 = empty).

    Formats: one puzzle per line (any symbols :class:`Sudoku` accepts), or
    multi-line grids, one row per line, separated by blank lines or lines such
    as ``Grid 01`` or ``========`` (Project Euler's and Norvig's easy50 form),
    or one after another.  Lines starting with ``#`` are comments; lines of
    grid drawing only are skipped; any line end (``\\n``, ``\\r\\n``, ``\\r``)
    and a UTF-8 byte order mark are fine.  Every line with cells gives one
    entry, and so does every grid (a malformed one too).

    Every puzzle of a file has the size of the first.  A first line of ``k``
    cells is a whole puzzle when ``k`` is the square of some ``m`` (81, 16,
    36, ...), unless ``k`` is at most 61 and the first lines of ``k`` cells
    hold a digit larger than ``m``: then, as when ``k`` is not a square, the
    lines are the rows of ``k x k`` grids.  So a file of one-line 4x4 puzzles
    reads as such even when it has exactly sixteen lines.  Give ``size`` (the
    N of N x N grids) to settle the size yourself.

    Variant puzzles: header lines at the top, ``variant: NAME`` (and, for a
    jigsaw, ``regions: <n*n letters>``), declare the variant of every puzzle
    of the file; ``header`` (a dict) receives it (see :func:`iter_puzzles`).

    Parameters
    ----------
    source : path, str or file object
        A path, ``"-"`` (stdin) or a file object (text or binary).
    size : int or None
        The side N of the N x N grids (None: found as said above).
    errors : list or None
        As for :func:`iter_puzzles`: None raises on a malformed entry, a list
        collects ``(index, message)`` pairs (the entry a row of zeros).
    header : dict or None
        Receives the variant the file declares, as ``header["variant"]``.

    Returns
    -------
    numpy.ndarray
        An (n, N*N) uint8 array, 0 for an empty cell (``(0, size**2)``, or
        ``(0, 81)``, for an empty file).

    Raises
    ------
    SudokuError
        As for :func:`iter_puzzles`.
    OSError
        When the file cannot be opened or read.

    Examples
    --------
    >>> from dlxnumba import read_puzzles
    >>> import io
    >>> read_puzzles(io.StringIO("Grid 01\\n12..\\n..12\\n....\\n....\\n")).shape
    (1, 16)
    >>> header = {}
    >>> read_puzzles(io.StringIO("variant: x\\n1...............\\n"), header=header).shape, header
    ((1, 16), {'variant': Variant('x')})
    """
    size = _check_size(size)
    chunks = list(iter_puzzles(source, chunk_size=1 << 30, size=size, errors=errors, header=header))
    if not chunks:
        return np.zeros((0, (size or 9) ** 2), np.uint8)
    return np.concatenate(chunks)
