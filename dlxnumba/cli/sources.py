"""What ``dlxnumba solve`` reads: the inputs named on its command line.

:func:`resolve_source` decides what one argument names (the one place to
teach the command a new kind of input); :func:`resolve_sources` does it for
the whole command line; :class:`Input` is an open file or standard input,
read as it arrives.

Standard library only at import time (``--help`` imports it).
"""

from __future__ import annotations

import os
import select
import stat
import sys
from dataclasses import dataclass, field
from typing import Any, Iterator

from ..errors import InputError
from .common import _closed

#: Bytes read at a time from a regular file (whole blocks: batches of puzzles).
FILE_BLOCK = 1 << 20
#: Bytes read at most at a time from a pipe or a terminal: whatever has arrived.
STREAM_BLOCK = 1 << 16


@dataclass
class Source:
    """One input: ``kind`` is ``"file"`` (``path``), ``"set"`` (a puzzle set shipped
    with the package, by ``name``), ``"stdin"``, ``"puzzles"`` (``puzzles``: texts
    given as arguments, one puzzle each) or ``"fpuzzles"`` (f-puzzles puzzles: the
    JSON or links of the file ``path``, of standard input when ``name`` is
    ``<stdin>``, or ``puzzles``: links or data given as arguments)."""

    kind: str
    name: str
    path: str | None = None
    puzzles: list[str] = field(default_factory=list)


def _puzzle_problem(text: str) -> str | None:
    """Why ``text`` is not one puzzle (None when it is one)."""
    from ..errors import SudokuError
    from ..sudoku.geometry import side_of
    from ..sudoku.text import parse_text

    try:
        side_of(parse_text(text, where="as a puzzle it").size)
    except SudokuError as e:
        return str(e)
    return None


#: Bytes of a file looked at to tell f-puzzles input from a file of puzzles.
SNIFF = 4096


def _is_link(text: str) -> bool:
    """Whether ``text`` is a link to f-puzzles or SudokuPad (cheap: imports only the standard library's)."""
    from ..sudoku.fpuzzles import is_link

    return is_link(text)


def is_fpuzzles_file(path: str) -> bool:
    """Whether the file ``path`` holds f-puzzles input: JSON (it starts with ``{``), or
    links to f-puzzles or SudokuPad (its first line that is neither blank nor a
    ``#`` comment is one)."""
    try:
        with open(path, "rb") as f:
            head = f.read(SNIFF).decode("utf-8", "replace")
    except OSError:
        return False  # reading it later says why
    text = head.lstrip("\ufeff \t\r\n")
    if text.startswith("{"):
        return True
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            return line.lower().startswith(("http://", "https://")) and _is_link(line)
    return False


def resolve_source(arg: str, fpuzzles: bool = False) -> Source:
    """What the input argument ``arg`` names.

    In this order: ``-`` is standard input; an existing path is a file (even
    when the argument would also read as a puzzle); the name of a puzzle set
    shipped with the package (``top95``, see :func:`dlxnumba.puzzle_sets`) is
    that set; a link to f-puzzles or SudokuPad is that puzzle; an argument that
    reads as one puzzle (81 cells for 9x9, 16 for 4x4, ...) is that puzzle.
    Anything else raises :class:`~dlxnumba.errors.InputError` naming the argument.

    A file of f-puzzles JSON or of links is an f-puzzles source; with
    ``fpuzzles`` (``--fpuzzles``) every input is: files, standard input, and
    arguments (links, the data of links, JSON).
    """
    if arg == "-":
        return Source("fpuzzles" if fpuzzles else "stdin", "<stdin>")
    if os.path.lexists(arg):
        if fpuzzles or (os.path.isfile(arg) and is_fpuzzles_file(arg)):
            return Source("fpuzzles", arg, path=arg)
        return Source("file", arg, path=arg)
    if fpuzzles or (arg.strip().lower().startswith(("http://", "https://")) and _is_link(arg)):
        return Source("fpuzzles", "<arguments>", puzzles=[arg])
    from ..sets import puzzle_sets

    if arg in puzzle_sets():
        return Source("set", arg)
    if "\n" in arg and looks_samurai(arg):
        return Source("puzzles", "<arguments>", puzzles=[arg])
    problem = _puzzle_problem(arg)
    if problem is None:
        return Source("puzzles", "<arguments>", puzzles=[arg])
    if sum(ch in "0123456789._" for ch in arg) >= 16 and not any(ch in arg for ch in "/\\"):
        # meant as a puzzle, most likely: say why it is none
        raise InputError(f"{arg!r} is no file, and not a puzzle: {problem}")
    raise InputError(f"cannot read {arg}: No such file or directory")


#: Bytes of a file read to tell whether it holds samurai puzzles.
SAMURAI_HEAD = 1 << 12


def looks_samurai(text: str) -> bool:
    """Whether ``text`` starts with a samurai puzzle (:meth:`dlxnumba.Gattai.samurai`):
    its first block of lines (comments and blank lines before it skipped) is 21
    lines, the first 21 characters long with spaces in its columns 10 to 12
    (between the two top grids) and the tenth starting with six spaces (left of
    the centre grid).  No other puzzle file has such a block."""
    block: list[str] = []
    for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n"):
        if line.startswith("#") and not block:
            continue
        if not line.strip():
            if block:
                break
            continue
        block.append(line.rstrip())
        if len(block) > 21:
            return False
    return (len(block) == 21 and len(block[0]) == 21 and block[0][9:12] == "   "
            and block[0][:9].strip() != "" and block[9][:6] == "      ")


def is_samurai(source: Source) -> bool:
    """Whether ``source`` (a file or arguments; standard input is not looked at: use
    ``--samurai``) holds samurai puzzles, by :func:`looks_samurai` of its start."""
    if source.kind == "puzzles":
        return all(looks_samurai(p) for p in source.puzzles)
    if source.kind != "file" or source.path is None:
        return False
    try:
        with open(source.path, "rb") as f:
            head = f.read(SAMURAI_HEAD)
    except OSError:
        return False  # the reader says why
    return looks_samurai(head.decode("utf-8", "replace"))


def resolve_sources(args: list[str], fpuzzles: bool = False) -> list[Source]:
    """The sources of the command line: standard input when there are none;
    puzzles (or f-puzzles links) given one after another as arguments make one source."""
    sources: list[Source] = []
    for arg in args or ["-"]:
        source = resolve_source(arg, fpuzzles)
        if source.kind in ("puzzles", "fpuzzles") and source.path is None and source.puzzles and sources \
                and sources[-1].kind == source.kind and sources[-1].puzzles:
            sources[-1].puzzles.extend(source.puzzles)
        else:
            sources.append(source)
    return sources


def fpuzzles_items(source: Source) -> Iterator[tuple[str, str]]:
    """``(where, text)`` of each f-puzzles puzzle of ``source``: a JSON file is one
    puzzle; other files (and standard input) hold one link, lz-string data or JSON object a line."""
    if source.puzzles:
        yield from ((f"argument {k + 1}", text) for k, text in enumerate(source.puzzles))
        return
    data: Any
    if source.path is not None:
        with open(source.path, "rb") as f:
            data = f.read()
    else:
        if _closed(sys.stdin):
            raise InputError("cannot read standard input: it is closed")
        data = getattr(sys.stdin, "buffer", sys.stdin).read()
    whole = (data.decode("utf-8", "replace") if isinstance(data, bytes) else str(data)).lstrip("\ufeff")
    if whole.lstrip().startswith("{") and not _one_object_a_line(whole):
        yield source.name, whole
        return
    for number, line in enumerate(whole.splitlines(), 1):
        line = line.strip()
        if line and not line.startswith("#"):
            yield f"{source.name}:{number}", line


def _one_object_a_line(text: str) -> bool:
    """Whether ``text`` holds JSON objects one a line (more than one line, each
    starting with ``{``), rather than one object over the whole text."""
    lines = [line.strip() for line in text.splitlines() if line.strip() and not line.strip().startswith("#")]
    return len(lines) > 1 and all(line.startswith("{") and line.endswith("}") for line in lines)


class Input:
    """An open file or standard input, read in blocks of bytes.

    A regular file is read in large blocks (the fast path: big batches); a
    pipe or a terminal (``streams``) gives what has arrived, waiting at most
    until the run's deadline.  ``consumed`` and ``size`` (bytes) feed the
    progress bar's estimate.
    """

    def __init__(self, source: Source):
        self.name = source.name
        self.owned = source.kind in ("file", "set")
        self.stream: Any
        if source.kind == "file" and source.path is not None:
            self.stream = open(source.path, "rb")
        elif source.kind == "set":
            from ..sets import set_file

            self.stream = set_file(source.name).open("rb")
        else:
            if _closed(sys.stdin):
                raise InputError("cannot read standard input: it is closed")
            self.stream = getattr(sys.stdin, "buffer", sys.stdin)
        self.size = None
        self.fd = None
        self.streams = True
        try:
            self.fd = self.stream.fileno()
            info = os.fstat(self.fd)
        except (AttributeError, OSError, ValueError):
            # not a real file (a test's stand-in): read what it has
            self.streams = False
        else:
            if stat.S_ISDIR(info.st_mode):
                raise IsADirectoryError(21, "Is a directory")
            if stat.S_ISREG(info.st_mode):
                self.streams = False
                try:
                    self.size = max(info.st_size - self.stream.tell(), 0)
                except (OSError, ValueError):
                    self.size = info.st_size
        self.consumed = 0
        self.finished = False  # set by the reader at the end
        self._read = getattr(self.stream, "read1", self.stream.read) if self.streams else self.stream.read

    def read(self, size: int, remaining: float | None = None) -> bytes | str:
        """The next bytes (at most ``size``; empty at the end).  From a pipe or a
        terminal, ``TimeoutError`` when nothing came within ``remaining`` seconds."""
        if self.streams:
            size = min(size, STREAM_BLOCK)
            if remaining is not None and self.fd is not None:
                try:
                    ready, _, _ = select.select([self.fd], [], [], max(remaining, 0.0))
                except (OSError, ValueError):  # no select on this descriptor (Windows pipes)
                    ready = [self.fd]
                if not ready:
                    raise TimeoutError("--timeout ran out while waiting for input")
        else:
            size = max(size, FILE_BLOCK)
        data = self._read(size)
        self.consumed += len(data)
        return data

    def close(self) -> None:
        if self.owned:
            self.stream.close()
