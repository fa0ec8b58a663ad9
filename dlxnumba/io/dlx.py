"""Knuth's DLX1 text format, read and write.

The format of Knuth's program DLX1:

* Lines whose first non-blank character is ``|`` are comments; blank lines
  are ignored.  (So the item line cannot start with ``|``: a problem needs a
  primary item to be written in this format.)
* The first other line names the items, separated by white space.  A lone
  ``|`` separates the primary items (before it) from the secondary ones.
* Every following line is one option: the names of its items.

Item names are runs of printable characters other than ``|`` and ``:``
(DLX1 also limits them to 8 characters; we do not).  ``:`` is DLX2's color
syntax, which DLX1 and this reader do not accept.

The text is UTF-8; a leading byte-order mark is ignored, and lines may end
with ``\n``, ``\r\n`` or a lone ``\r``.  Bytes that are not UTF-8, or control
characters in a name (a binary file), are a :class:`DLXFormatError` naming
the line and column.

Examples
--------
>>> text = '''
... | Knuth's example
... A B C D E | F G
... C E F
... A D G
... B C F
... A D
... B G
... D E G
... '''
>>> t = parse_dlx(text)
>>> t.n_primary, t.item_names, t.opt_ptr.tolist()
(5, ['A', 'B', 'C', 'D', 'E', 'F', 'G'], [0, 3, 6, 9, 11, 13, 16])
>>> print(format_dlx(t.item_names, t.n_primary, t.opt_ptr, t.opt_items), end="")
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G

:class:`dlxnumba.ExactCover` reads and writes this format with ``from_dlx``
and ``to_dlx``.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
from array import array
from typing import Hashable, Iterator, NamedTuple, Sequence

import numpy as np

from ..errors import DLXFormatError, ExactCoverError

__all__ = ["DLXText", "parse_dlx", "format_dlx"]


class DLXText(NamedTuple):
    """What a DLX text holds: the items and the options in CSR form.

    ``opt_items[opt_ptr[j]:opt_ptr[j + 1]]`` are option ``j``'s item numbers,
    counted from 0 with the ``n_primary`` primary items first.
    """

    n_primary: int
    item_names: list
    opt_ptr: np.ndarray
    opt_items: np.ndarray


def _read_text(source) -> tuple[str, str]:
    """The text of ``source`` and a name for it in messages.

    Bytes are decoded as UTF-8 here, so that a byte that is not UTF-8 is
    reported with its line and column; a leading byte-order mark is dropped.
    """
    if hasattr(source, "read"):
        origin = str(getattr(source, "name", "<file>"))
        try:
            data = source.read()
        except UnicodeDecodeError as e:  # a text-mode file: the decoding failed there
            raise _not_text(e, e.object, 0, origin) from None
        if isinstance(data, str):
            return _without_bom(data), origin
        if isinstance(data, (bytes, bytearray, memoryview)):
            return _decode(data, origin), origin
        raise TypeError(f"the file object's read() returned {type(data).__name__}, not str or bytes")
    if isinstance(source, (bytes, bytearray, memoryview)):
        return _decode(source, "<text>"), "<text>"
    if isinstance(source, os.PathLike) or (isinstance(source, str) and not _BREAK.search(source)
                                           and (os.path.isfile(source) or os.path.isdir(source))):
        path = os.fsdecode(os.fspath(source))
        if os.path.isdir(path):
            raise IsADirectoryError(errno.EISDIR, "is a directory, not a DLX file", path)
        with open(path, "rb") as f:
            data = f.read()
        return _decode(data, path), path
    if (isinstance(source, str) and not _BREAK.search(source)
            and not any(ch.isspace() for ch in source.strip())
            and ("." in source or "/" in source or os.sep in source)):
        raise FileNotFoundError(f"no such DLX file: {_show(source)} (DLX text has a line break; "
                                f"pass a pathlib.Path for an unusual file name)")
    if isinstance(source, str):
        return _without_bom(source), "<text>"
    raise TypeError(f"expected a path, a file object, bytes or DLX text, not {type(source).__name__}")


def _without_bom(text: str) -> str:
    return text[1:] if text.startswith("\ufeff") else text


def _decode(data, origin: str) -> str:
    """``data`` as UTF-8 text, without a leading byte-order mark."""
    skip = 3 if bytes(data[:3]) == codecs.BOM_UTF8 else 0
    try:
        return codecs.utf_8_decode(memoryview(data)[skip:], "strict", True)[0]
    except UnicodeDecodeError as e:
        raise _not_text(e, data, skip, origin) from None


def _not_text(e: UnicodeDecodeError, data, skip: int, origin: str) -> DLXFormatError:
    """The error for bytes that do not decode: the line, column and byte offset
    (``e.start`` counts from ``skip`` bytes into ``data``)."""
    start = e.start + skip
    head = bytes(data[:start])
    line = head.count(b"\n") + head.count(b"\r") - head.count(b"\r\n") + 1
    begin = max(head.rfind(b"\n"), head.rfind(b"\r")) + 1
    column = len(head[begin:].decode("utf-8", "replace")) + 1
    bad = bytes(data[start: e.end + skip][:4])
    what = " ".join(f"0x{b:02x}" for b in bad)
    encoding = "UTF-8" if e.encoding.replace("_", "-").lower() in ("utf-8", "utf8") else e.encoding
    msg = (f"{origin}, line {line}, column {column} (byte offset {start}): not {encoding} text "
           f"(byte {what}: {e.reason})")
    if bytes(data[:2]) in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        msg += "; the text looks like UTF-16: DLX text is read as UTF-8"
    elif b"\x00" in head[-64:] or b"\x00" in bad:
        msg += "; is this a binary file?"
    return DLXFormatError(msg)


#: A line break: \n, \r\n or a lone \r (old Mac files).
_BREAK = re.compile(r"\r\n?|\n")
#: Characters that no item name may hold: control characters (the white space
#: among them never reaches a name), lone surrogates.
_NOT_IN_NAME = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
#: Characters of text split into lines at a time (to bound the memory of the lines).
_PIECE = 1 << 20


def _lines(text: str) -> Iterator[str]:
    """The lines of ``text``, split at ``\n``, ``\r\n`` and a lone ``\r``.

    Piece by piece: only about a megabyte of lines exists at a time.
    """
    pos, n = 0, len(text)
    while pos < n:
        cut = pos + _PIECE
        m = _BREAK.search(text, cut) if cut < n else None
        if m is None:
            piece, nxt = text[pos:], n
        else:
            a, nxt = m.span()
            if text[a] == "\n" and text[a - 1] == "\r":  # the search began inside a \r\n
                a -= 1
            piece = text[pos:a]
        if "\r" in piece:
            piece = piece.replace("\r\n", "\n").replace("\r", "\n")
        yield from piece.split("\n")
        pos = nxt


def _show(tok: str, most: int = 40) -> str:
    """``repr(tok)``, shortened when long (names can be megabytes)."""
    if len(tok) <= most:
        return repr(tok)
    return f"{tok[:most]!r}... ({len(tok):,} characters)"


def _check_name(tok: str, where: str, line: str) -> None:
    if ":" in tok:
        raise DLXFormatError(f"{where}: {_show(tok)} uses DLX2's item:color syntax, which DLX1 does not accept")
    if "|" in tok:
        raise DLXFormatError(f"{where}: item name {_show(tok)} contains '|'")
    bad = _NOT_IN_NAME.search(tok)
    if bad:
        ch = bad.group()
        column = line.find(tok) + bad.start() + 1
        kind = "a NUL character" if ch == "\x00" else (
            "a lone surrogate" if "\ud800" <= ch <= "\udfff" else "a control character")
        raise DLXFormatError(f"{where}, column {column}: item name {_show(tok)} holds {kind} "
                             f"(U+{ord(ch):04X}); is this a binary file?")


def _bad_option(toks: list, index: dict, where: str, items_line: int, line: str) -> DLXFormatError:
    """The error for an option line that names an item not on the item line."""
    for tok in toks:
        if tok not in index:
            _check_name(tok, where, line)
            return DLXFormatError(f"{where}: unknown item {_show(tok)} (not on the item line, "
                                  f"line {items_line})")
    raise AssertionError("every item of the option is known")


def parse_dlx(source) -> DLXText:
    """Parse DLX1 text (a path, a file object, bytes, or the text itself) into arrays.

    Text is UTF-8 (a leading byte-order mark is ignored); lines end with
    ``\n``, ``\r\n`` or ``\r``.  Errors are :class:`DLXFormatError` naming the
    line; a path that names a directory raises :class:`IsADirectoryError`.
    """
    text, origin = _read_text(source)
    lines = _lines(text)
    del text  # the lines hold what is left of it
    lineno = 0
    for line in lines:
        lineno += 1
        toks = line.split()
        if toks and toks[0][0] != "|":
            break
    else:
        raise DLXFormatError(f"{origin}: no item line (the text is empty or all comments)")
    items_line = lineno
    where = f"{origin}, line {lineno}"
    index: dict[str, int] = {}
    names: list[str] = []
    n_primary = None
    for tok in toks:
        if tok == "|":
            if n_primary is not None:
                raise DLXFormatError(f"{where}: the item line has more than one '|'")
            n_primary = len(names)
            continue
        _check_name(tok, where, line)
        if tok in index:
            raise DLXFormatError(f"{where}: item {_show(tok)} is named twice")
        index[tok] = len(names)
        names.append(tok)
    if n_primary is None:
        n_primary = len(names)
    if not names:
        raise DLXFormatError(f"{where}: the item line names no items")
    # The options: item numbers into a 4-byte array, sizes into another.
    flat = array("i")
    sizes = array("i")
    extend, add, get = flat.extend, sizes.append, index.__getitem__
    for line in lines:
        lineno += 1
        toks = line.split()
        if not toks or toks[0][0] == "|":
            continue  # blank line or comment
        try:
            extend(map(get, toks))
        except KeyError:
            raise _bad_option(toks, index, f"{origin}, line {lineno}", items_line, line) from None
        k = len(toks)
        if k > 1 and len(set(toks)) != k:
            seen: set = set()
            for tok in toks:  # the first item listed twice
                if tok in seen:
                    break
                seen.add(tok)
            raise DLXFormatError(f"{origin}, line {lineno}: item {_show(tok)} appears twice in this option")
        add(k)
    opt_ptr = np.zeros(len(sizes) + 1, np.int64)
    if sizes:
        np.cumsum(np.frombuffer(sizes, np.int32), out=opt_ptr[1:])
    opt_items = np.frombuffer(flat, np.int32) if flat else np.zeros(0, np.int32)
    return DLXText(n_primary, names, opt_ptr, opt_items)


def _token(name, j: int) -> str:
    tok = str(name)
    if not tok or any(ch.isspace() for ch in tok) or "|" in tok or ":" in tok or _NOT_IN_NAME.search(tok):
        raise ExactCoverError(
            f"item {j} ({_show(tok)}) cannot be written in DLX format: names must be non-empty "
            "and free of white space, control characters, '|' and ':'")
    return tok


def format_dlx(item_names: Sequence[Hashable], n_primary: int, opt_ptr: np.ndarray,
               opt_items: np.ndarray) -> str:
    """The DLX1 text of a problem in CSR form: item line, then one option per line."""
    toks = [_token(nm, j) for j, nm in enumerate(item_names)]
    if len(set(toks)) != len(toks):
        raise ExactCoverError("item names are not distinct once written as text")
    if n_primary == 0:
        raise ExactCoverError("DLX format needs at least one primary item: "
                              "an item line starting with '|' is a comment")
    head = " ".join(toks[:n_primary])
    if n_primary < len(toks):
        head += " | " + " ".join(toks[n_primary:])
    lines = [head]
    ptr = opt_ptr
    items = opt_items
    for j in range(len(ptr) - 1):
        if ptr[j] == ptr[j + 1]:
            raise ExactCoverError(f"option {j} has no items: the DLX format cannot write it "
                                  "(a blank line is skipped when read back)")
        lines.append(" ".join(toks[i] for i in items[ptr[j]: ptr[j + 1]]))
    return "\n".join(lines) + "\n"
