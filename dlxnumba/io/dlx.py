"""Knuth's DLX text format (of his programs DLX1, DLX2 and DLX3), read and write.

The format of Knuth's program DLX1:

* Lines whose first non-blank character is ``|`` are comments; blank lines
  are ignored.  (So the item line cannot start with ``|``: a problem needs a
  primary item to be written in this format.)
* The first other line names the items, separated by white space.  A lone
  ``|`` separates the primary items (before it) from the secondary ones.
* Every following line is one option: the names of its items.

Item names are runs of printable characters other than ``|`` and ``:``
(DLX1 also limits them to 8 characters; we do not).

Colors (DLX2): in an option, ``X:A`` names the secondary item ``X`` with the
color ``A`` (any run of printable characters other than ``|`` and ``:``;
DLX2 allows one character only, we allow more).  A color on a primary item,
an empty color or a second ``:`` is an error naming the line.

Multiplicities (DLX3): on the item line, a primary item written ``u:v|X`` is
covered at least ``u`` and at most ``v`` times, ``v|X`` exactly ``v`` times
(decimal integers, ``0 <= u <= v``, ``v >= 1``); plain ``X`` is ``1:1``.

Costs (DLX5): an entry ``|n`` after an item of an option (``n`` a decimal
integer, written apart from the item names) adds ``n`` to the option's cost;
an option with no such entry costs 0.  :func:`parse_dlx` returns the costs
(``DLXText.costs``, None when no option has one) and :func:`format_dlx`
writes them back, ``|n`` at the end of every option.  A ``|`` that is not
followed by digits, or digits that are not all decimal, is an error naming
the line.  (The costs are for :func:`dlxnumba.costs.best`; a search for all
solutions does not read them.)

DLX2 and DLX3 drop an option that names no primary item, with a warning; so
does this reader, with one :class:`UserWarning` naming the lines, in a text
that has colors or bounds.  (Such an option can never be chosen; a DLX1
text keeps it, so that option numbers follow the lines.)

The text is UTF-8; a leading byte-order mark is ignored (so the writer puts
an empty line before an item line that starts with U+FEFF), and lines may end
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
import sys
import warnings
from array import array
from types import FrameType
from typing import Hashable, Iterator, NamedTuple, NoReturn, Sequence

import numpy as np

from ..errors import DLXFormatError, ExactCoverError

__all__ = ["DLXText", "parse_dlx", "format_dlx"]


class DLXText(NamedTuple):
    """What a DLX text holds: the items and the options in CSR form.

    ``opt_items[opt_ptr[j]:opt_ptr[j + 1]]`` are option ``j``'s item numbers,
    counted from 0 with the ``n_primary`` primary items first.  With colors,
    ``opt_colors`` (int32, aligned with ``opt_items``) holds each entry's
    color number (0: none, ``k``: ``color_names[k - 1]``); with bounds,
    ``lower`` and ``upper`` (int32, one per primary item) hold them; with
    costs (DLX5's ``|n``), ``costs`` (int64, one per option) holds them.
    Each is None (``color_names`` empty) when the text has none.
    """

    n_primary: int
    item_names: list
    opt_ptr: np.ndarray
    opt_items: np.ndarray
    opt_colors: np.ndarray | None = None
    color_names: list = []
    lower: np.ndarray | None = None
    upper: np.ndarray | None = None
    costs: np.ndarray | None = None


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


def _check_name(tok: str, where: str, line: str, what: str = "item name") -> None:
    if ":" in tok:
        raise DLXFormatError(f"{where}: {what} {_show(tok)} contains ':' (an item's color is "
                             "written item:color in an option; bounds u:v|item on the item line)")
    if "|" in tok:
        raise DLXFormatError(f"{where}: {what} {_show(tok)} contains '|'")
    bad = _NOT_IN_NAME.search(tok)
    if bad:
        ch = bad.group()
        column = line.find(tok) + bad.start() + 1
        kind = "a NUL character" if ch == "\x00" else (
            "a lone surrogate" if "\ud800" <= ch <= "\udfff" else "a control character")
        raise DLXFormatError(f"{where}, column {column}: {what} {_show(tok)} holds {kind} "
                             f"(U+{ord(ch):04X}); is this a binary file?")


#: DLX3's bounds before a primary item's name: ``u:v|name`` or ``v|name``.
_BOUNDS = re.compile(r"(?:([0-9]+):)?([0-9]+)\|(.*)\Z", re.S)


def _bounds_of(tok: str, where: str, line: str, secondary: bool) -> tuple[str, int, int]:
    """(name, u, v) of an item-line token, or DLXFormatError naming what is wrong."""
    m = _BOUNDS.match(tok)
    if m is None:
        if tok.startswith("|") or tok.endswith("|"):
            raise DLXFormatError(f"{where}: {_show(tok)}: write the '|' between the primary and the "
                                 "secondary items apart, with white space around it")
        raise DLXFormatError(f"{where}: {_show(tok)} is not an item name or bounds u:v|item "
                             "(decimal u and v)")
    name = m.group(3)
    if secondary:
        raise DLXFormatError(f"{where}: secondary item {_show(name)} cannot have bounds ({_show(tok)})")
    if not name:
        raise DLXFormatError(f"{where}: bounds {_show(tok)} name no item")
    _check_name(name, where, line)
    v = int(m.group(2))
    u = v if m.group(1) is None else int(m.group(1))
    if v == 0:
        raise DLXFormatError(f"{where}: item {_show(name)} has upper bound zero ({_show(tok)})")
    if u > v:
        raise DLXFormatError(f"{where}: item {_show(name)}: the lower bound exceeds the upper bound "
                             f"({_show(tok)})")
    if v > _MAX_BOUND:
        raise DLXFormatError(f"{where}: item {_show(name)}: bounds above {_MAX_BOUND} are not supported "
                             f"({_show(tok)})")
    return name, u, v


_MAX_BOUND = 1 << 30


def _colored_entries(toks: list, index: dict, n_primary: int, colors: dict, where: str, items_line: int,
                     line: str) -> tuple[list, list]:
    """The item and color numbers of an option line that has a colored entry (or
    an unknown item: then DLXFormatError)."""
    items, cols = [], []
    for tok in toks:
        i = index.get(tok)
        k = 0
        if i is None:
            name, sep, color = tok.partition(":")
            i = index.get(name) if sep else None
            if i is None:
                _check_name(name if sep else tok, where, line)
                _unknown(name if sep else tok, where, items_line)
            if i < n_primary:
                raise DLXFormatError(f"{where}: {_show(tok)}: primary item {_show(name)} cannot have "
                                     "a color")
            if not color:
                raise DLXFormatError(f"{where}: {_show(tok)}: the color after ':' is missing")
            if ":" in color:
                raise DLXFormatError(f"{where}: {_show(tok)}: write one color, item:color")
            _check_name(color, where, line, "color")
            k = colors.setdefault(color, len(colors) + 1)
        items.append(i)
        cols.append(k)
    return items, cols


def _unknown(tok: str, where: str, items_line: int) -> NoReturn:
    raise DLXFormatError(f"{where}: unknown item {_show(tok)} (not on the item line, line {items_line})")


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
    bounds: dict[int, tuple[int, int]] = {}
    for tok in toks:
        if tok == "|":
            if n_primary is not None:
                raise DLXFormatError(f"{where}: the item line has more than one '|'")
            n_primary = len(names)
            continue
        if "|" in tok:
            tok, u, v = _bounds_of(tok, where, line, n_primary is not None)
            if (u, v) != (1, 1):
                bounds[len(names)] = (u, v)
        _check_name(tok, where, line)
        if tok in index:
            raise DLXFormatError(f"{where}: item {_show(tok)} is named twice")
        index[tok] = len(names)
        names.append(tok)
    if n_primary is None:
        n_primary = len(names)
    if not names:
        raise DLXFormatError(f"{where}: the item line names no items")
    # The options: item numbers into a 4-byte array, sizes into another; the
    # colors (from the first colored entry on) into a third.
    flat = array("i")
    sizes = array("i")
    lines_of = array("i")  # the line of each option (for the warning about dropped ones)
    colors: dict[str, int] = {}
    col: array | None = None
    option_costs: dict[int, int] = {}  # option -> its cost, for the options with |n entries
    extend, add, get = flat.extend, sizes.append, index.__getitem__
    for line in lines:
        lineno += 1
        toks = line.split()
        if not toks or toks[0][0] == "|":
            continue  # blank line or comment
        k = len(toks)
        before = len(flat)
        try:
            extend(map(get, toks))
            if col is not None:
                col.frombytes(bytes(4 * k))
        except KeyError:
            del flat[before:]
            where = f"{origin}, line {lineno}"
            if "|" in line:  # DLX5's costs
                toks, cost = _costs_of(toks, where)
                if len(toks) < k:
                    option_costs[len(sizes)] = cost
                    k = len(toks)
            try:
                its: list = list(map(get, toks))
                cols: list | None = None
            except KeyError:
                its, cols = _colored_entries(toks, index, n_primary, colors, where, items_line, line)
            if len(set(its)) != k:
                seen: set = set()
                for tok, i in zip(toks, its):  # the first item listed twice
                    if i in seen:
                        break
                    seen.add(i)
                raise DLXFormatError(f"{origin}, line {lineno}: item {_show(names[i])} appears twice "
                                     "in this option")
            extend(its)
            if cols is None:
                if col is not None:
                    col.frombytes(bytes(4 * k))
            else:
                if col is None:
                    col = array("i", bytes(4 * before))
                col.extend(cols)
        else:
            if k > 1 and len(set(toks)) != k:
                seen = set()
                for tok in toks:  # the first item listed twice
                    if tok in seen:
                        break
                    seen.add(tok)
                raise DLXFormatError(f"{origin}, line {lineno}: item {_show(tok)} appears twice in this option")
        add(k)
        lines_of.append(lineno)
    opt_ptr = np.zeros(len(sizes) + 1, np.int64)
    if sizes:
        np.cumsum(np.frombuffer(sizes, np.int32), out=opt_ptr[1:])
    opt_items = np.frombuffer(flat, np.int32) if flat else np.zeros(0, np.int32)
    opt_colors = None if col is None else np.frombuffer(col, np.int32)
    lower = upper = None
    if bounds:
        lower = np.ones(n_primary, np.int32)
        upper = np.ones(n_primary, np.int32)
        for i, (u, v) in bounds.items():
            lower[i], upper[i] = u, v
    costs = None
    if option_costs:
        costs = np.zeros(len(sizes), np.int64)
        costs[list(option_costs)] = list(option_costs.values())
    if opt_colors is not None or bounds:
        opt_ptr, opt_items, opt_colors, costs = _drop_secondary_only(opt_ptr, opt_items, opt_colors, costs,
                                                                     n_primary, lines_of, origin)
    return DLXText(n_primary, names, opt_ptr, opt_items, opt_colors, list(colors), lower, upper, costs)


#: An option's cost: ``|`` and decimal digits.
_COST = re.compile(r"\|([0-9]+)\Z")
#: The largest cost of an option (as :data:`dlxnumba.costs.MAX_COST`).
_MAX_COST = (1 << 61) - 1


def _costs_of(toks: list, where: str) -> tuple[list, int]:
    """The tokens of an option line without its cost entries ``|n``, and the
    sum of those (DLX5); DLXFormatError for a ``|`` not followed by decimal digits."""
    kept = []
    total = 0
    for tok in toks:
        if tok[0] != "|":
            kept.append(tok)
            continue
        m = _COST.match(tok)
        if m is None:
            what = "a '|' alone" if tok == "|" else _show(tok)
            raise DLXFormatError(f"{where}: {what} is not an option's cost: write |n with n a decimal "
                                 "integer, apart from the item names")
        total += int(m.group(1))
        if total > _MAX_COST:
            raise DLXFormatError(f"{where}: the option's cost exceeds 2**61 - 1 ({_show(tok)})")
    return kept, total


def _caller_level() -> int:
    """The ``stacklevel`` of a warning issued by this module's caller of
    :func:`warnings.warn` that points at the first frame outside the package."""
    package = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    frame: FrameType | None = sys._getframe(2)  # the caller of the function that warns
    level = 2
    while frame is not None and os.path.abspath(frame.f_code.co_filename).startswith(package + os.sep):
        frame = frame.f_back
        level += 1
    return level


def _drop_secondary_only(ptr: np.ndarray, items: np.ndarray, colors: np.ndarray | None,
                         costs: np.ndarray | None, n_primary: int, lines_of: array, origin: str):
    """The options without those that name no primary item, as DLX2 and DLX3 drop them (with a warning)."""
    m = ptr.size - 1
    if m == 0:
        return ptr, items, colors, costs
    counts = np.diff(ptr)
    owner = np.repeat(np.arange(m), counts)
    has = np.zeros(m, bool)
    has[owner[items < n_primary]] = True
    if has.all():
        return ptr, items, colors, costs
    drop = np.flatnonzero(~has)
    lines = np.frombuffer(lines_of, np.int32)[drop].tolist()
    shown = ", ".join(map(str, lines[:10])) + (", ..." if len(lines) > 10 else "")
    warnings.warn(f"{origin}: {len(lines)} option{'s' if len(lines) > 1 else ''} with no primary item "
                  f"ignored, as DLX2 and DLX3 do (line{'s' if len(lines) > 1 else ''} {shown})",
                  UserWarning, stacklevel=_caller_level())
    keep = has[owner]
    new_ptr = np.zeros(int(has.sum()) + 1, np.int64)
    np.cumsum(counts[has], out=new_ptr[1:])
    return new_ptr, items[keep], None if colors is None else colors[keep], None if costs is None else costs[has]


def _token(name, j: int, what: str = "item") -> str:
    tok = str(name)
    if not tok or any(ch.isspace() for ch in tok) or "|" in tok or ":" in tok or _NOT_IN_NAME.search(tok):
        raise ExactCoverError(
            f"{what} {j} ({_show(tok)}) cannot be written in DLX format: names must be non-empty "
            "and free of white space, control characters, '|' and ':'")
    return tok


def format_dlx(item_names: Sequence[Hashable], n_primary: int, opt_ptr: np.ndarray,
               opt_items: np.ndarray, opt_colors: np.ndarray | None = None,
               color_names: Sequence[Hashable] = (), lower: np.ndarray | None = None,
               upper: np.ndarray | None = None, costs=None) -> str:
    """The DLX text of a problem in CSR form: item line, then one option per line.

    Colors are written ``item:color`` and bounds ``u:v|item`` (``v|item`` when
    ``u == v``), as :func:`parse_dlx` reads them.  With ``costs`` (one
    nonnegative integer per option), each option ends with DLX5's ``|n``,
    ``|0`` included, so that the costs read back are the ones written.  Every
    name is written as it is, and :func:`parse_dlx` reads it back the same; a
    name that cannot be (empty, or holding white space, a control character, a
    lone surrogate, ``|`` or ``:``) is an :class:`ExactCoverError` naming it.
    When the first item name starts with U+FEFF, which a reader takes for a
    byte-order mark at the start of a text, the text starts with an empty line.

    >>> print(format_dlx(["a", "b"], 2, np.array([0, 2, 3]), np.array([0, 1, 1]), costs=[3, 0]), end="")
    a b
    a b |3
    b |0
    >>> format_dlx(["\\ufeffA", "B"], 2, np.array([0, 2]), np.array([0, 1]))
    '\\n\\ufeffA B\\n\\ufeffA B\\n'
    """
    toks = [_token(nm, j) for j, nm in enumerate(item_names)]
    if len(set(toks)) != len(toks):
        raise ExactCoverError("item names are not distinct once written as text")
    if n_primary == 0:
        raise ExactCoverError("DLX format needs at least one primary item: "
                              "an item line starting with '|' is a comment")
    heads = toks[:n_primary]
    if lower is not None and upper is not None:
        for i, (u, v) in enumerate(zip(np.asarray(lower).tolist(), np.asarray(upper).tolist())):
            if (u, v) != (1, 1):
                heads[i] = f"{v}|{heads[i]}" if u == v else f"{u}:{v}|{heads[i]}"
    head = " ".join(heads)
    if n_primary < len(toks):
        head += " | " + " ".join(toks[n_primary:])
    lines = [head]
    ptr = opt_ptr
    items = opt_items
    if opt_colors is not None:
        ctoks = [_token(c, k + 1, "color") for k, c in enumerate(color_names)]
        if len(set(ctoks)) != len(ctoks):
            raise ExactCoverError("color names are not distinct once written as text")
        cols = np.asarray(opt_colors)
    tails = [""] * (len(ptr) - 1)
    if costs is not None:
        tails = [f" |{c}" for c in _writable_costs(costs, len(ptr) - 1)]
    for j in range(len(ptr) - 1):
        if ptr[j] == ptr[j + 1]:
            raise ExactCoverError(f"option {j} has no items: the DLX format cannot write it "
                                  "(a blank line is skipped when read back)")
        if opt_colors is None:
            lines.append(" ".join(toks[i] for i in items[ptr[j]: ptr[j + 1]]) + tails[j])
        else:
            lines.append(" ".join(f"{toks[i]}:{ctoks[k - 1]}" if k else toks[i]
                                  for i, k in zip(items[ptr[j]: ptr[j + 1]].tolist(),
                                                  cols[ptr[j]: ptr[j + 1]].tolist())) + tails[j])
    text = "\n".join(lines) + "\n"
    # a leading U+FEFF would be dropped as a byte-order mark: an empty line first keeps it
    return "\n" + text if text.startswith("\ufeff") else text


def _writable_costs(costs, m: int) -> list[int]:
    """``costs`` as Python ints, one nonnegative integer per option, or ExactCoverError."""
    values = costs.tolist() if isinstance(costs, np.ndarray) else list(costs)
    if len(values) != m or (isinstance(costs, np.ndarray) and costs.ndim != 1):
        raise ExactCoverError(f"costs must give one integer per option: {m} options, {len(values)} costs")
    out = []
    for j, c in enumerate(values):
        if isinstance(c, np.integer) and not isinstance(c, np.bool_):
            c = int(c)
        if isinstance(c, bool) or not isinstance(c, int) or not 0 <= c <= _MAX_COST:
            raise ExactCoverError(f"option {j} has the cost {c!r}: costs are integers from 0 to 2**61 - 1")
        out.append(c)
    return out
