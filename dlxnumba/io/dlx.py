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

import io
import os

import numpy as np

from typing import Hashable, NamedTuple, Sequence

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
    if hasattr(source, "read"):
        text = source.read()
        if isinstance(text, bytes):
            text = text.decode("utf-8")
        return text, getattr(source, "name", "<file>")
    if isinstance(source, bytes):
        return source.decode("utf-8"), "<text>"
    if isinstance(source, os.PathLike) or (isinstance(source, str) and "\n" not in source
                                           and os.path.isfile(source)):
        with open(source, encoding="utf-8") as f:
            return f.read(), os.fspath(source)
    if (isinstance(source, str) and "\n" not in source and not any(ch.isspace() for ch in source.strip())
            and ("." in source or "/" in source or os.sep in source)):
        raise FileNotFoundError(f"no such DLX file: {source!r} (DLX text has a line break; "
                                f"pass a pathlib.Path for an unusual file name)")
    if isinstance(source, str):
        return source, "<text>"
    raise TypeError(f"expected a path, a file object or DLX text, not {type(source).__name__}")


def _check_name(tok: str, where: str) -> None:
    if ":" in tok:
        raise DLXFormatError(f"{where}: {tok!r} uses DLX2's item:color syntax, which DLX1 does not accept")
    if "|" in tok:
        raise DLXFormatError(f"{where}: item name {tok!r} contains '|'")


def parse_dlx(source) -> DLXText:
    """Parse DLX1 text (a path, a file object, or the text itself) into arrays."""
    text, origin = _read_text(source)
    items_line = None
    index: dict[str, int] = {}
    names: list[str] = []
    n_primary = 0
    opt_ptr = [0]
    flat: list[int] = []
    for lineno, line in enumerate(io.StringIO(text), start=1):
        toks = line.split()
        if not toks or toks[0].startswith("|"):
            continue  # blank line or comment
        where = f"{origin}, line {lineno}"
        if items_line is None:
            items_line = lineno
            seen_bar = False
            for tok in toks:
                if tok == "|":
                    if seen_bar:
                        raise DLXFormatError(f"{where}: the item line has more than one '|'")
                    seen_bar = True
                    n_primary = len(names)
                    continue
                _check_name(tok, where)
                if tok in index:
                    raise DLXFormatError(f"{where}: item {tok!r} is named twice")
                index[tok] = len(names)
                names.append(tok)
            if not seen_bar:
                n_primary = len(names)
            if not names:
                raise DLXFormatError(f"{where}: the item line names no items")
            continue
        seen: set[int] = set()
        for tok in toks:
            _check_name(tok, where)
            i = index.get(tok)
            if i is None:
                raise DLXFormatError(f"{where}: unknown item {tok!r} (not on the item line, line {items_line})")
            if i in seen:
                raise DLXFormatError(f"{where}: item {tok!r} appears twice in this option")
            seen.add(i)
            flat.append(i)
        opt_ptr.append(len(flat))
    if items_line is None:
        raise DLXFormatError(f"{origin}: no item line (the text is empty or all comments)")
    return DLXText(n_primary, names, np.array(opt_ptr, np.int64), np.array(flat, np.int32))


def _token(name, j: int) -> str:
    tok = str(name)
    if not tok or any(ch.isspace() for ch in tok) or "|" in tok or ":" in tok:
        raise ExactCoverError(
            f"item {j} ({name!r}) cannot be written in DLX format: names must be non-empty "
            "and free of white space, '|' and ':'")
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
