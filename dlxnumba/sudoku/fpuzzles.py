"""f-puzzles in and out: the JSON that f-puzzles and SudokuPad share, and their links.

Sudoku setters draw and share puzzles in f-puzzles (``https://www.f-puzzles.com``)
and SudokuPad; both keep a puzzle as one JSON object, carried in links as
lz-string base64 text (:mod:`dlxnumba.io.lzstring`).  :func:`read` takes any
of its forms and returns the parts of a :class:`~dlxnumba.sudoku.Sudoku`;
:func:`to_fpuzzles` and :func:`fpuzzles_url` write any puzzle of the package
back.  Users call ``Sudoku.from_fpuzzles``, ``s.to_fpuzzles()`` and
``s.fpuzzles_url()``.

What is read
------------
``source`` is the JSON text, a dict, the lz-string base64 text of a link, or
a link: ``https://www.f-puzzles.com/?load=<data>``, SudokuPad's
``https://sudokupad.app/fpuzzles<data>`` (also ``fpuz<data>``,
``?puzzleid=fpuzzles<data>``, and the same on ``app.crackingthecryptic.com``
and ``beta.sudokupad.app``), percent-encoded or not.  Short links that name a
puzzle stored on a server (``?id=...``, ``sudokupad.app/abc123``) and
SudokuPad's own format (``scl...``) carry no f-puzzles data and are refused.

The entries (``size`` 4 to 16; cells named ``R1C1``):

========================= =================================================
f-puzzles                 dlxnumba
========================= =================================================
grid cell ``given: true`` a given (a cell's other ``value`` is a solver's
                          entry, not part of the puzzle: ignored)
grid cell ``region``      a jigsaw's region map, or another box shape when
                          the regions are boxes (f-puzzles' default boxes
                          are ours; prime sizes have rows as boxes)
``diagonal+``/``-``       both: variant ``x``; one: constraint
                          ``diagonal+``/``diagonal-``
``antiknight``,           variant kinds ``anti-knight``, ``anti-king``,
``antiking``,             ``disjoint-groups``
``disjointgroups``
``nonconsecutive``        variant ``non-consecutive`` without difference or
                          ratio dots; with them constraint
                          ``negative-difference`` 1 (dotted pairs exempt)
``negative``              ``"ratio"``: ``negative-ratio`` of the ratio dots'
                          values (2 when none); ``"xv"``: ``negative-xv``
``killercage``            with a sum: a killer cage (:mod:`.killer`);
                          without: constraint ``cage``
``littlekillersum``       ``little-killer`` (direction ``UR``, ``DL``, ...;
                          an empty or ``"0"`` value is no clue, as in
                          f-puzzles)
``arrow``                 one ``arrow`` per line: the line's cells off the
                          bulb; the bulb (``cells``) its ``more``
``thermometer``,          one constraint per line
``palindrome``
``difference``, ``ratio`` kropki dots (values 1 and 2 by default)
``xv``                    ``xv`` 10 (``X``) or 5 (``V``)
``extraregion``           ``region`` (the windows of windoku: the variant)
``odd``, ``even``,        one constraint of each kind, all its cells
``minimum``, ``maximum``
``clone``, ``quadruple``  ``clone`` (cells, ``cloneCells``),
                          ``quadruple`` (cells, ``values``)
========================= =================================================

Cosmetic entries (``text``, ``line``, ``rectangle``, ``circle``, ``cage``,
colours, pencil marks, highlights, the ``solution``) are ignored; ``title``,
``author`` and ``ruleset`` come back in :attr:`FPuzzle.meta` (pass them to
:func:`to_fpuzzles` to write them again; a Sudoku does not hold them).  Any
other non-empty rule is an error naming it: nothing is silently dropped.
Bad input -- malformed JSON, a cell outside the grid, a sum that is not a
number, a line through a cell twice, regions that are not a partition --
raises :class:`~dlxnumba.errors.SudokuError` naming the entry.

Round trips
-----------
``Sudoku.from_fpuzzles(s.to_fpuzzles()) == s`` for every puzzle whose odd,
even, minimum and maximum cells are each in one constraint (constraints are
kept in a canonical order, so the order they were given in does not matter);
a solved grid comes back as its puzzle (its other
digits are written as entries).  Forms f-puzzles spells one way come back in
that form: both diagonals as variant ``x``, the windows of windoku as the
variant, non-consecutive beside dots as ``negative-difference``.

Examples
--------
>>> from dlxnumba import Sudoku
>>> s = Sudoku("1...............", constraints="thermometer r1c2 r1c3 r1c4; difference r2c1 r2c2")
>>> text = s.to_fpuzzles()
>>> text[:60]
'{"size":4,"grid":[[{"value":1,"given":true},{},{},{}],[{},{}'
>>> Sudoku.from_fpuzzles(text) == s, Sudoku.from_fpuzzles(s.fpuzzles_url()) == s
(True, True)
>>> Sudoku.from_fpuzzles('{"size": 4, "grid": [], "betweenline": [{"lines": [["R1C1", "R1C4"]]}]}')
Traceback (most recent call last):
...
dlxnumba.errors.SudokuError: f-puzzles rule 'betweenline' is not supported; supported: ...
"""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple
from urllib.parse import parse_qs, unquote, urlsplit

import numpy as np

from ..errors import SudokuError, plain
from ..io.lzstring import compress_to_base64, decompress_from_base64
from .constraints import KINDS as CONSTRAINT_KINDS, Constraint, Constraints, little_killer_cells
from .geometry import cell_name
from .killer import Cages
from .variants import Variant, parse_region_map

if TYPE_CHECKING:  # pragma: no cover
    from .grid import Grid

__all__ = ["FPuzzle", "read", "to_fpuzzles", "fpuzzles_url", "is_link", "fpuzzles_box", "SIZES", "URL"]

#: The grid sides f-puzzles draws.
SIZES = range(4, 17)
#: The start of an f-puzzles link; the lz-string base64 data follows.
URL = "https://www.f-puzzles.com/?load="
#: The rules read (the keys of the f-puzzles JSON that hold rules).
RULES = ("diagonal+", "diagonal-", "antiknight", "antiking", "disjointgroups", "nonconsecutive", "negative",
         "killercage", "littlekillersum", "arrow", "thermometer", "palindrome", "difference", "ratio", "xv",
         "extraregion", "odd", "even", "minimum", "maximum", "clone", "quadruple")
#: Keys that draw or describe but set no rule.
COSMETIC = ("size", "grid", "title", "author", "ruleset", "solution", "text", "line", "rectangle", "circle", "cage",
            "highlightConflicts", "disabledlogic", "truecandidatesoptions", "version")
#: Hosts of links that may carry f-puzzles data.
HOSTS = ("f-puzzles.com", "www.f-puzzles.com", "sudokupad.app", "www.sudokupad.app", "beta.sudokupad.app",
         "app.crackingthecryptic.com", "sudokupad.svencodes.com")
#: A little killer's directions as f-puzzles writes them.
DIRECTIONS = {"UR": "UP RIGHT", "UL": "UP LEFT", "DR": "DOWN RIGHT", "DL": "DOWN LEFT"}
#: The metadata kept beside the puzzle.
META = ("title", "author", "ruleset")

_NAME = re.compile(r"\s*R(\d+)C(\d+)\s*$", re.IGNORECASE)


class FPuzzle(NamedTuple):
    """What :func:`read` returns: the parts of a Sudoku, and the puzzle's metadata.

    ``Sudoku(p.givens, p.box, variant=p.variant)`` makes the puzzle
    (``Sudoku.from_fpuzzles`` does just that).
    """

    #: the givens, an (n, n) uint8 array (0: empty)
    givens: np.ndarray
    #: the box shape (rows, columns)
    box: tuple[int, int]
    #: the rules (a Variant; classic: a false one)
    variant: Variant
    #: ``title``, ``author`` and ``ruleset``, those present
    meta: dict[str, str]


# ---------------------------------------------------------------------------
# Sources: text, a dict, lz-string data, links
# ---------------------------------------------------------------------------


def is_link(text: str) -> bool:
    """Whether ``text`` is a link to f-puzzles or SudokuPad (http or https, or a bare host).

    >>> is_link("https://sudokupad.app/fpuzzlesN4Ig"), is_link("https://example.com/?load=N4Ig")
    (True, False)
    """
    t = text.strip()
    if not re.match(r"(https?://)?[\w.-]+\.[a-z]+[/?]", t, re.IGNORECASE):
        return False
    host = urlsplit(t if "://" in t else "https://" + t).hostname or ""
    return host.lower() in HOSTS


def _data_of_link(link: str) -> str:
    """The lz-string data a link carries (percent-decoded)."""
    url = urlsplit(link if "://" in link else "https://" + link)
    host = (url.hostname or "").lower()
    if host not in HOSTS:
        raise SudokuError(f"f-puzzles: {plain(link)} is not a link to f-puzzles or SudokuPad "
                          f"(known hosts: {', '.join(HOSTS)})")
    query = {k.lower(): v for k, v in parse_qs(url.query.replace("+", "%2B"), keep_blank_values=True).items()}
    if "f-puzzles" in host:
        if "load" in query:
            return query["load"][0]
        if "id" in query:
            raise SudokuError("f-puzzles: a short link (?id=...) names a puzzle stored on the site, not its data; "
                              "open it and copy the full link (?load=...)")
        raise SudokuError(f"f-puzzles: the link {plain(link)} carries no puzzle (?load=...)")
    pid = query["puzzleid"][0] if "puzzleid" in query else unquote(url.path.lstrip("/"))
    if pid.lower().startswith("sudoku/"):
        pid = pid[len("sudoku/"):]
    for prefix in ("fpuzzles", "fpuz"):
        if pid.startswith(prefix):
            return pid[len(prefix):]
    if pid[:3] in ("scl", "ctc", "scf"):
        raise SudokuError(f"f-puzzles: the SudokuPad link holds SudokuPad's own format ({pid[:3]}...), not "
                          "f-puzzles data; open it in SudokuPad and export it to f-puzzles")
    raise SudokuError(f"f-puzzles: the SudokuPad link names a puzzle stored on its server ({plain(pid[:30])}), "
                      "not its data; a link with the data reads sudokupad.app/fpuzzles...")


def _decompress(data: str, link: bool) -> str:
    """The JSON text of lz-string base64 ``data`` (percent-decoded; a space read as ``+``)."""
    data = unquote(data.strip()).replace(" ", "+")
    try:
        text = decompress_from_base64(data)
    except ValueError as e:
        what = "the link's data is not lz-string base64" if link else \
            "neither JSON, nor a link, nor lz-string base64 data"
        raise SudokuError(f"f-puzzles: {what} ({e})") from None
    if not text.lstrip().startswith("{"):
        raise SudokuError("f-puzzles: the lz-string data does not decompress to f-puzzles JSON")
    return text


def _load(source: Any) -> dict:
    """The f-puzzles dict of any source :func:`read` takes."""
    if isinstance(source, dict):
        return source
    if isinstance(source, os.PathLike):
        try:
            source = open(source, encoding="utf-8").read()
        except OSError as e:
            raise SudokuError(f"f-puzzles: cannot read {os.fspath(source)}: {e.strerror}") from None
    if isinstance(source, bytes):
        source = source.decode("utf-8", "replace")
    if not isinstance(source, str):
        raise SudokuError(f"f-puzzles: expected JSON text, a dict, lz-string data or a link, not {plain(source)}")
    text = source.strip()
    if not text:
        raise SudokuError("f-puzzles: empty input")
    if not text.startswith(("{", "[")) and "://" not in text and len(text) < 1024 and os.path.isfile(text):
        return _load(Path(text))  # a file's name
    if not text.startswith(("{", "[")):
        link = "://" in text or is_link(text)
        text = _decompress(_data_of_link(text) if link else text, link)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SudokuError(f"f-puzzles JSON: {e.msg} at line {e.lineno}, column {e.colno}") from None
    if not isinstance(data, dict):
        raise SudokuError(f"f-puzzles JSON: expected an object {{...}}, not {type(data).__name__}")
    return data


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def fpuzzles_box(n: int) -> tuple[int, int]:
    """f-puzzles' default box of an ``n x n`` grid: the most rows at most ``sqrt(n)``
    that divide ``n`` (rows when ``n`` is prime).

    >>> fpuzzles_box(9), fpuzzles_box(6), fpuzzles_box(12), fpuzzles_box(7)
    ((3, 3), (2, 3), (3, 4), (1, 7))
    """
    r = math.isqrt(n)
    while n % r:
        r -= 1
    return r, n // r


class _Reader:
    """Reads one f-puzzles dict, naming each entry in its messages."""

    def __init__(self, data: dict):
        self.data = data
        size = data.get("size")
        if isinstance(size, str) and size.strip().isdigit():
            size = int(size)
        if not isinstance(size, int) or isinstance(size, bool):
            raise SudokuError(f"f-puzzles: 'size' must be a whole number, not {plain(size)}")
        if size not in SIZES:
            raise SudokuError(f"f-puzzles: size {size} is not supported (sizes {SIZES[0]} to {SIZES[-1]})")
        self.n = size

    def cell(self, name: Any, what: str) -> int:
        n = self.n
        m = _NAME.match(name) if isinstance(name, str) else None
        if m is None:
            raise SudokuError(f"f-puzzles {what}: {plain(name)} is not a cell name such as 'R1C1'")
        r, c = int(m.group(1)), int(m.group(2))
        if not (1 <= r <= n and 1 <= c <= n):
            raise SudokuError(f"f-puzzles {what}: cell {name.strip()} is outside the {n}x{n} grid")
        return (r - 1) * n + c - 1

    def cells(self, names: Any, what: str, key: str = "cells") -> list[int]:
        if not isinstance(names, list):
            raise SudokuError(f"f-puzzles {what}: '{key}' must be a list of cell names, not {plain(names)}")
        return [self.cell(x, what) for x in names if x not in ("", None)]

    def entries(self, key: str) -> list[tuple[str, dict]]:
        """``(name, entry)`` of each entry of the list ``key`` (none when absent)."""
        items = self.data.get(key) or []
        if not isinstance(items, list):
            raise SudokuError(f"f-puzzles {key}: expected a list of entries, not {plain(items)}")
        out = []
        for k, e in enumerate(items):
            what = f"{key} {k + 1}"
            if not isinstance(e, dict):
                raise SudokuError(f"f-puzzles {what}: expected an object, not {plain(e)}")
            out.append((what, e))
        return out

    def lines(self, key: str) -> list[tuple[str, dict, list[int]]]:
        """``(name, entry, cells)`` of each line of each entry of ``key``; no cell twice on a line."""
        out: list[tuple[str, dict, list[int]]] = []
        for what, e in self.entries(key):
            lines = e.get("lines")
            if not isinstance(lines, list) or not all(isinstance(line, list) for line in lines):
                raise SudokuError(f"f-puzzles {what}: 'lines' must be a list of lists of cell names, "
                                  f"not {plain(lines)}")
            for j, line in enumerate(lines):
                name = what if len(lines) == 1 else f"{what} line {j + 1}"
                cells = self.cells(line, name, "lines")
                twice = [c for k, c in enumerate(cells) if c in cells[:k]]
                if twice:
                    twice_name = cell_name(self.n, twice[0]).upper()
                    raise SudokuError(f"f-puzzles {name}: the line passes through {twice_name} twice")
                out.append((name, e, cells))
        return out

    def flag(self, key: str) -> bool:
        v = self.data.get(key, False)
        if v in (None, False, "", 0, "false"):
            return False
        if v in (True, 1, "true"):
            return True
        raise SudokuError(f"f-puzzles {key}: expected true or false, not {plain(v)}")


def _number(v: Any, what: str, name: str) -> int:
    if isinstance(v, int) and not isinstance(v, bool):
        return v
    if isinstance(v, float) and v.is_integer():
        return int(v)
    if isinstance(v, str) and v.strip().isdigit():
        return int(v.strip())
    raise SudokuError(f"f-puzzles {what}: the {name} must be a whole number, not {plain(v)}")


def _checked(r: _Reader, entries: list[tuple[str, tuple]]) -> list[Constraint]:
    """Each entry ``(name, (kind, cells, value, more))`` checked alone, its fault named as f-puzzles names it."""
    out: list[Constraint] = []
    for what, e in entries:
        try:
            out.extend(Constraints.parse([e], r.n))
        except SudokuError as err:
            why = re.sub(r"^constraint 1 \([^)]*\): ", "", str(err))
            raise SudokuError(f"f-puzzles {what}: {why}") from None
    return out


def _givens(r: _Reader) -> tuple[np.ndarray, list[Any]]:
    """The givens and each cell's ``region`` (None when it has none)."""
    n, grid = r.n, r.data.get("grid")
    if not isinstance(grid, list) or len(grid) != n or not all(isinstance(row, list) and len(row) == n
                                                               for row in grid):
        raise SudokuError(f"f-puzzles grid: expected {n} rows of {n} cells (size {n})")
    givens = np.zeros((n, n), np.uint8)
    regions: list[Any] = []
    for i, row in enumerate(grid):
        for j, cell in enumerate(row):
            what = f"grid cell R{i + 1}C{j + 1}"
            if not isinstance(cell, dict):
                raise SudokuError(f"f-puzzles {what}: expected an object, not {plain(cell)}")
            if cell.get("givenPencilMarks"):
                raise SudokuError(f"f-puzzles {what}: given pencil marks (a rule on the cell's digits) are "
                                  "not supported")
            if cell.get("given") and cell.get("value") not in (None, "", 0):
                v = _number(cell["value"], what, "value")
                if not 1 <= v <= n:
                    raise SudokuError(f"f-puzzles {what}: value {v} is outside 1..{n}")
                givens[i, j] = v
            regions.append(cell.get("region", ...))
    return givens, regions


def _region_map(r: _Reader, labels: list[Any]) -> tuple[tuple[int, int], tuple[int, ...] | None]:
    """The box shape and, for a jigsaw, the region map that the cells' ``region`` make."""
    n = r.n
    box = fpuzzles_box(n)
    if all(x is ... for x in labels):
        return box, None
    pieces = []
    for cell, x in enumerate(labels):
        i, j = divmod(cell, n)
        if x is ...:
            pieces.append(i // box[0] * box[0] + j // box[1])
        elif x is None:
            raise SudokuError(f"f-puzzles grid cell R{i + 1}C{j + 1}: in no region; every cell needs one")
        else:
            pieces.append(_number(x, f"grid cell R{i + 1}C{j + 1}", "region"))
    try:
        rmap = parse_region_map(pieces)
    except SudokuError as e:
        raise SudokuError(f"f-puzzles regions: {str(e).removeprefix('region map: ')}") from None
    shapes = [box] + [(a, n // a) for a in range(1, n + 1) if n % a == 0 and (a, n // a) != box]
    for a, b in shapes:
        if rmap == parse_region_map([i // a * (n // b) + j // b for i in range(n) for j in range(n)]):
            return (a, b), None
    return box, rmap


def read(source: Any) -> FPuzzle:
    """The puzzle of an f-puzzles source: JSON text, a dict, lz-string base64 data or a link.

    Parameters
    ----------
    source : str, dict, bytes or path
        See the module's docstring for the forms and the entries read; a
        str that names an existing file is that file.

    Returns
    -------
    FPuzzle
        The givens, the box shape, the rules and the metadata.

    Raises
    ------
    SudokuError
        For input that is not f-puzzles data, or an entry that is malformed or
        not supported; the message names the entry.

    Examples
    --------
    >>> p = read('{"size": 4, "title": "Tiny", "grid": [[{"value": 1, "given": true}, {"value": 2}, {}, {}],'
    ...          '[{}, {}, {}, {}], [{}, {}, {}, {}], [{}, {}, {}, {}]],'
    ...          '"thermometer": [{"lines": [["R4C1", "R4C5"]]}]}')
    Traceback (most recent call last):
    ...
    dlxnumba.errors.SudokuError: f-puzzles thermometer 1: cell R4C5 is outside the 4x4 grid
    """
    data = _load(source)
    r = _Reader(data)
    n = r.n
    unknown = [k for k, v in data.items()
               if k not in RULES and k not in COSMETIC and v not in (None, False, "", [], {})]
    if unknown:
        raise SudokuError(f"f-puzzles rule {unknown[0]!r} is not supported; supported: {', '.join(RULES)}")
    givens, labels = _givens(r)
    box, rmap = _region_map(r, labels)
    kinds: list[str] = []
    cons: list[tuple[str, tuple]] = []

    diag = [k for k in ("diagonal+", "diagonal-") if r.flag(k)]
    if len(diag) == 2:
        kinds.append("x")
    else:
        cons += [(k, (k, ())) for k in diag]
    for key, kind in (("antiknight", "anti-knight"), ("antiking", "anti-king"), ("disjointgroups", "disjoint-groups")):
        if r.flag(key):
            kinds.append(kind)

    # lines
    for what, _, cells in r.lines("thermometer"):
        cons.append((what, ("thermometer", cells)))
    for what, _, cells in r.lines("palindrome"):
        cons.append((what, ("palindrome", cells)))
    for what, e, cells in r.lines("arrow"):
        bulb = r.cells(e.get("cells"), what)
        cons.append((what, ("arrow", [c for c in cells if c not in bulb], None, bulb)))

    # cages: with a sum, killer cages; without, sumless cages
    sums: list[tuple[int, list[int]]] = []
    cage_names: list[str] = []
    for what, e in r.entries("killercage"):
        cells = r.cells(e.get("cells"), what)
        v = e.get("value")
        if v in (None, ""):
            cons.append((what, ("cage", cells)))
        else:
            sums.append((_number(v, what, "sum"), cells))
            cage_names.append(what)

    # extra regions: windoku's windows, or regions
    extra = [(what, r.cells(e.get("cells"), what)) for what, e in r.entries("extraregion")]
    windows = _windows(n, box)
    if windows and all(any(set(w) == set(cells) for _, cells in extra) for w in windows):
        kinds.append("windoku")
        extra = [(what, cells) for what, cells in extra if not any(set(w) == set(cells) for w in windows)]
    cons += [(what, ("region", cells)) for what, cells in extra]

    # little killers
    for what, e in r.entries("littlekillersum"):
        v = e.get("value")
        if v in (None, "", "0", 0):
            continue  # no clue
        clue = e.get("cell")
        m = _NAME.match(clue) if isinstance(clue, str) else None
        if m is None:
            raise SudokuError(f"f-puzzles {what}: 'cell' must name the clue's place such as 'R0C1', not {plain(clue)}")
        row, col = int(m.group(1)), int(m.group(2))
        direction = e.get("direction")
        if not isinstance(direction, str):
            raise SudokuError(f"f-puzzles {what}: 'direction' must be such as 'DR' or 'DOWN RIGHT', "
                              f"not {plain(direction)}")
        direction = DIRECTIONS.get(direction.strip().upper(), direction)
        try:
            seen = little_killer_cells(n, row, col, direction)
        except SudokuError as err:
            raise SudokuError(f"f-puzzles {what}: {err}") from None
        if not seen:
            raise SudokuError(f"f-puzzles {what}: the clue at {clue} points at no cell of the grid")
        cons.append((what, ("little-killer", seen, _number(v, what, "sum"), (row, col))))

    # dots
    dots: dict[str, list[int]] = {}
    for key, default in (("difference", 1), ("ratio", 2), ("xv", 10)):
        dots[key] = []
        for what, e in r.entries(key):
            cells = r.cells(e.get("cells"), what)
            v = e.get("value")
            if key == "xv":
                word = str(v).strip().upper() if v is not None else ""
                if word not in ("X", "V"):
                    raise SudokuError(f"f-puzzles {what}: the value must be 'X' or 'V', not {plain(v)}")
                value = 10 if word == "X" else 5
            else:
                value = default if v in (None, "") else _number(v, what, "value")
            dots[key].append(value)
            cons.append((what, (key, cells, value)))
    negative = data.get("negative") or []
    if not isinstance(negative, list) or any(x not in ("ratio", "xv") for x in negative):
        raise SudokuError(f"f-puzzles negative: expected a list of 'ratio' and 'xv', not {plain(negative)}")
    if r.flag("nonconsecutive"):
        if dots["difference"] or dots["ratio"]:
            cons.append(("nonconsecutive", ("negative-difference", (), (1,))))
        else:
            kinds.append("non-consecutive")
    if "ratio" in negative:
        cons.append(("negative ratio", ("negative-ratio", (), tuple(sorted(set(dots["ratio"]))) or (2,))))
    if "xv" in negative:
        cons.append(("negative xv", ("negative-xv", (), _xv_values(n))))

    # cells
    for key in ("odd", "even", "minimum", "maximum"):
        cells = []
        for what, e in r.entries(key):
            c = e.get("cell")
            if c not in (None, ""):
                c = r.cell(c, what)
                if c not in cells:
                    cells.append(c)
        if cells:
            cons.append((key, (key, cells)))
    for what, e in r.entries("clone"):
        cons.append((what, ("clone", r.cells(e.get("cells"), what), None,
                            r.cells(e.get("cloneCells"), what, "cloneCells"))))
    for what, e in r.entries("quadruple"):
        values = e.get("values")
        if not isinstance(values, list):
            raise SudokuError(f"f-puzzles {what}: 'values' must be a list of digits, not {plain(values)}")
        cons.append((what, ("quadruple", r.cells(e.get("cells"), what),
                            [_number(v, what, "digit") for v in values])))

    checked = _checked(r, cons)
    order = {k: i for i, k in enumerate(CONSTRAINT_KINDS)}
    checked.sort(key=lambda c: order[c.kind])
    try:
        constraints = Constraints.parse(checked, n) if checked else None  # the checks across constraints
        cages = Cages.parse(sums, n) if sums else None
    except SudokuError as e:
        raise SudokuError(f"f-puzzles: {_renamed(str(e), cage_names)}") from None
    try:
        variant = Variant(kinds, rmap, cages, constraints)
        variant.geometry(n, box)
    except SudokuError as e:
        raise SudokuError(f"f-puzzles: {e}") from None
    meta = {k: str(data[k]) for k in META if data.get(k) not in (None, "")}
    return FPuzzle(givens, box, variant, meta)


def _xv_values(n: int) -> tuple[int, ...]:
    """The sums of f-puzzles' negative XV rule that two digits of ``1..n`` can make: V, and X from 6x6 on."""
    return (5, 10) if 2 * n - 1 >= 10 else (5,)


def _renamed(message: str, names: list[str]) -> str:
    """A killer cage's message with the f-puzzles entry's name for ``cage k``."""
    return re.sub(r"\bcage (\d+)\b", lambda m: names[int(m.group(1)) - 1] if int(m.group(1)) <= len(names)
                  else m.group(0), message)


def _windows(n: int, box: tuple[int, int]) -> list[tuple[int, ...]]:
    """The windows of windoku on this grid (none when none fit)."""
    try:
        return [cells for _, cells in Variant(("windoku",)).extra_regions(n, box)]
    except SudokuError:
        return []


# ---------------------------------------------------------------------------
# Writing
# ---------------------------------------------------------------------------


def _name(n: int, cell: int) -> str:
    return f"R{cell // n + 1}C{cell % n + 1}"


def to_fpuzzles(grid: Grid, *, title: str | None = None, author: str | None = None, ruleset: str | None = None,
                indent: int | None = None) -> str:
    """The f-puzzles JSON of a puzzle: every rule the package holds that f-puzzles can show.

    Parameters
    ----------
    grid : Sudoku
        Any puzzle (or solved grid: its puzzle's givens are written as givens,
        its other digits as entries).
    title, author, ruleset : str, optional
        The metadata to write (:attr:`FPuzzle.meta` holds what was read).
    indent : int, optional
        Indent the JSON (default: one line, as f-puzzles writes it).

    Returns
    -------
    str

    Raises
    ------
    SudokuError
        For what f-puzzles cannot show: a side outside 4..16, an XV mark of a
        value other than 5 or 10, a negative rule f-puzzles cannot express, a
        quadruple off a 2x2 square, non-consecutive beside dots it would
        exempt.
    """
    n, v = grid.n, grid.variant
    if n not in SIZES:
        raise SudokuError(f"f-puzzles draws grids of {SIZES[0]}x{SIZES[0]} to {SIZES[-1]}x{SIZES[-1]}, not {n}x{n}")
    puzzle = np.asarray(grid._puzzle).reshape(-1)
    cells = np.asarray(grid._cells).reshape(-1)
    out: dict[str, Any] = {"size": n}
    rows = []
    labels = _regions_out(grid)
    for i in range(n):
        row = []
        for j in range(n):
            cell = i * n + j
            entry: dict[str, Any] = {}
            if puzzle[cell]:
                entry = {"value": int(puzzle[cell]), "given": True}
            elif cells[cell]:
                entry = {"value": int(cells[cell])}
            if labels is not None:
                entry["region"] = labels[cell]
            row.append(entry)
        rows.append(row)
    out["grid"] = rows
    for key, value in (("title", title), ("author", author), ("ruleset", ruleset)):
        if value is not None:
            out[key] = str(value)
    kinds = set(v.kinds)
    cons: list[Constraint] = list(v.constraints) if v.constraints is not None else []
    have = {c.kind for c in cons}
    if "x" in kinds or "diagonal+" in have:
        out["diagonal+"] = True
    if "x" in kinds or "diagonal-" in have:
        out["diagonal-"] = True
    for kind, key in (("anti-knight", "antiknight"), ("anti-king", "antiking"), ("disjoint-groups", "disjointgroups")):
        if kind in kinds:
            out[key] = True
    ratio_values = sorted({int(c.value) for c in cons if c.kind == "ratio"})  # type: ignore[arg-type]
    if "non-consecutive" in kinds:
        bad = [c for c in cons if (c.kind, c.value) in (("difference", 1), ("ratio", 2))]
        if bad:
            raise SudokuError(f"f-puzzles exempts dotted pairs from its non-consecutive rule, so it cannot show "
                              f"variant non-consecutive with a {bad[0].kind} dot of {bad[0].value} "
                              f"({_name(n, bad[0].cells[0])}, {_name(n, bad[0].cells[1])}); "
                              "write the rule as constraint negative-difference to exempt them")
        out["nonconsecutive"] = True
    negative = []
    for c in cons:
        if c.kind == "negative-difference":
            if c.value != (1,):
                raise SudokuError(f"f-puzzles' only negative difference rule is non-consecutive (1), not {c.value}")
            out["nonconsecutive"] = True
        elif c.kind == "negative-ratio":
            if list(c.value) != (ratio_values or [2]):  # type: ignore[arg-type]
                raise SudokuError(f"f-puzzles' negative ratio rule covers the values of the ratio dots "
                                  f"({', '.join(map(str, ratio_values or [2]))}), not {c.value}")
            negative.append("ratio")
        elif c.kind == "negative-xv":
            if c.value != _xv_values(n):
                raise SudokuError(f"f-puzzles' negative XV rule covers X and V (10 and 5; V alone below 6x6), "
                                  f"not {c.value}")
            negative.append("xv")
    if negative:
        out["negative"] = negative
    if v.cages is not None:
        out.setdefault("killercage", []).extend(
            {"cells": [_name(n, c) for c in cage], "value": str(total)} for total, cage in v.cages)
    if "windoku" in kinds:
        out.setdefault("extraregion", []).extend(
            {"cells": [_name(n, c) for c in w]} for _, w in Variant(("windoku",)).extra_regions(n, grid.box))
    for k, c in enumerate(cons):
        _write(out, c, n, k)
    return json.dumps(out, separators=(",", ":") if indent is None else None, indent=indent, ensure_ascii=False)


def _regions_out(grid: Grid) -> list[int] | None:
    """Each cell's region when they are not f-puzzles' default boxes, else None."""
    n = grid.n
    if grid.variant.region_map is not None:
        return list(grid.variant.region_map)
    if tuple(grid.box) == fpuzzles_box(n):
        return None
    r, c = grid.box
    return [i // r * (n // c) + j // c for i in range(n) for j in range(n)]


def _write(out: dict[str, Any], c: Constraint, n: int, k: int) -> None:
    """Add constraint ``c`` (number ``k``) to the f-puzzles dict."""
    names = [_name(n, x) for x in c.cells]
    kind = c.kind
    if kind in ("thermometer", "palindrome"):
        out.setdefault(kind, []).append({"lines": [names]})
    elif kind == "arrow":
        first = c.cells[0]
        start = min(c.more, key=lambda b: (max(abs(b // n - first // n), abs(b % n - first % n)), b))
        out.setdefault("arrow", []).append({"lines": [[_name(n, start)] + names],
                                            "cells": [_name(n, b) for b in c.more]})
    elif kind == "cage":
        out.setdefault("killercage", []).append({"cells": names})
    elif kind == "region":
        out.setdefault("extraregion", []).append({"cells": names})
    elif kind == "little-killer":
        r, col = c.more
        first = c.cells[0]
        direction = ("D" if first // n + 1 > r else "U") + ("R" if first % n + 1 > col else "L")
        out.setdefault("littlekillersum", []).append({"cell": f"R{r}C{col}", "direction": direction,
                                                      "value": str(c.value)})
    elif kind in ("difference", "ratio"):
        entry: dict[str, Any] = {"cells": names}
        if c.value != {"difference": 1, "ratio": 2}[kind]:
            entry["value"] = str(c.value)
        out.setdefault(kind, []).append(entry)
    elif kind == "xv":
        if c.value not in (5, 10):
            raise SudokuError(f"f-puzzles shows X (10) and V (5) marks only, not xv {c.value} "
                              f"(constraint {k + 1}: {names[0]}, {names[1]})")
        out.setdefault("xv", []).append({"cells": names, "value": "X" if c.value == 10 else "V"})
    elif kind in ("odd", "even", "minimum", "maximum"):
        out.setdefault(kind, []).extend({"cell": x} for x in names)
    elif kind == "clone":
        out.setdefault("clone", []).append({"cells": names, "cloneCells": [_name(n, x) for x in c.more]})
    elif kind == "quadruple":
        rows = sorted({x // n for x in c.cells})
        cols = sorted({x % n for x in c.cells})
        if len(c.cells) != 4 or len(rows) != 2 or len(cols) != 2 or rows[1] - rows[0] != 1 or cols[1] - cols[0] != 1:
            raise SudokuError(f"f-puzzles draws a quadruple on the four cells around a point, not on "
                              f"{', '.join(names)} (constraint {k + 1})")
        out.setdefault("quadruple", []).append({"cells": names, "values": list(c.value)})  # type: ignore[arg-type]
    # diagonals and negatives: written above, as flags


def fpuzzles_url(grid: Grid, **meta: Any) -> str:
    """The f-puzzles link of a puzzle: :data:`URL` and its JSON in lz-string base64
    (SudokuPad opens it too: ``https://sudokupad.app/fpuzzles`` and the same data).

    Parameters
    ----------
    grid : Sudoku
        Any puzzle :func:`to_fpuzzles` writes.
    **meta
        ``title``, ``author``, ``ruleset``, as for :func:`to_fpuzzles`.

    Returns
    -------
    str
    """
    return URL + compress_to_base64(to_fpuzzles(grid, **meta))
