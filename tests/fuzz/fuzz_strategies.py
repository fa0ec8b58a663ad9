"""Hypothesis strategies of the fuzz suite: one home for the CI tests and the long run.

Every strategy draws a plain *case* (a dict) that holds the input to one
entry point and what the input is known to be: built from a known answer (a
solved grid with cells erased, a problem written out as DLX text), or raw
bytes and text whose verdict an oracle in :mod:`fuzz_checks` works out.

Argument values are drawn with a *verdict* (see :func:`tagged`): ``OK`` must
be accepted, ``BAD`` must be rejected with an error that names the argument,
``EITHER`` may go either way (a float ``1.0`` for an integer, a number too
large to matter) but never with a crash or a foreign exception.

Nothing here imports :mod:`dlxnumba`.
"""

from __future__ import annotations

import math
import random
import string

import numpy as np
from hypothesis import strategies as st

from strategies import problems  # the property tests' exact-cover problems (tests/strategies.py)

OK, BAD, EITHER = "ok", "bad", "either"

# ---------------------------------------------------------------------------
# Tagged values
# ---------------------------------------------------------------------------


def tagged(ok=(), bad=(), either=()):
    """A strategy of ``(value, verdict)`` pairs drawn from three lists."""
    pool = [(v, OK) for v in ok] + [(v, BAD) for v in bad] + [(v, EITHER) for v in either]
    return st.sampled_from(pool)


def _progress_callback(stats):  # a valid progress hook (it is called only on long searches)
    return None


def _batch_progress_callback(report):
    return None


NAN = float("nan")
INF = float("inf")

STOP_AT = tagged(ok=[0, 1], bad=[2, -1, None, "1", [1], 0.5],
                 either=[True, False, 1.0, np.int64(1), np.int8(0)])
MAX_NODES = tagged(ok=[None, 0, 1, 2, 5, 30, 1000, np.int64(50), np.uint8(3)],
                   bad=[-1, 1.5, "10", [5], NAN],
                   either=[True, False, 10.0, 2**62, 2**63, 2**70])
TIMEOUT = tagged(ok=[None, 0, 0.0, 5, 30.0, np.float64(20.0)], bad=[-1, -0.5, NAN, "1", [1]],
                 either=[True, False, INF, 1e300, 10**30])
COUNT_LIMIT = tagged(ok=[None, 0, 1, 2, 3, 10, np.int64(2)], bad=[-1, 1.5, "2", [2], NAN],
                     either=[True, False, 2.0, 2**62, 2**70])
BATCH_LIMIT = tagged(ok=[1, 2, 3, 10, np.int64(2)], bad=[0, -1, 1.5, "2", None, NAN],
                     either=[True, 2.0, 2**62, 2**70])
PROGRESS = tagged(ok=[None, False, _progress_callback], bad=[1, "yes", [1], 0.5], either=[True])
BATCH_PROGRESS = tagged(ok=[None, False, _batch_progress_callback], bad=[1, "yes", [1]], either=[True])
THREADS = tagged(ok=[None, 1, 2, np.int64(1)], bad=[0, -1, 1.5, "2", [2]], either=[True, 2**40, 2**70])


@st.composite
def search_kwargs(draw, names=("stop_at", "max_nodes", "timeout", "progress"), progress=PROGRESS):
    """Keyword arguments of a search, some left out: ``{name: (value, verdict)}``;
    two times in three all of them valid."""
    pools = {"stop_at": STOP_AT, "max_nodes": MAX_NODES, "timeout": TIMEOUT, "progress": progress,
             "threads": THREADS}
    sane = draw(st.integers(0, 2)) > 0
    out = {}
    for name in names:
        if draw(st.booleans()):
            pool = pools[name]
            out[name] = draw(pool.filter(lambda t: t[1] == OK) if sane else pool)
    return out


# ---------------------------------------------------------------------------
# Sudoku grids and puzzles
# ---------------------------------------------------------------------------

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

#: (n, box) of the grids the fuzzer builds: the usual boxes, transposed ones,
#: and boxes one cell high or wide (documented as allowed, with ``box=``).
SHAPES = [(4, (2, 2)), (4, (1, 4)), (4, (4, 1)), (5, (1, 5)), (6, (2, 3)), (6, (3, 2)),
          (8, (2, 4)), (8, (4, 2)), (9, (3, 3)), (10, (2, 5)), (12, (3, 4)), (16, (4, 4))]
SMALL_SHAPES = [s for s in SHAPES if s[0] <= 9]


def default_box(n: int):
    """The package's documented default: the squarest box with at least 2 rows, wider than tall."""
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return r, n // r
    return None


def solved_grid(rng: random.Random, n: int, box) -> list[int]:
    """A solved grid of the shape (a pattern, shuffled by symmetries that keep it solved)."""
    r, c = box
    digits = list(range(1, n + 1))
    rng.shuffle(digits)
    # rows: bands of r rows, shuffled, and the rows within each band
    bands = list(range(n // r))
    rng.shuffle(bands)
    rows = []
    for b in bands:
        inner = list(range(r))
        rng.shuffle(inner)
        rows += [b * r + i for i in inner]
    stacks = list(range(n // c))
    rng.shuffle(stacks)
    cols = []
    for s in stacks:
        inner = list(range(c))
        rng.shuffle(inner)
        cols += [s * c + j for j in inner]
    return [digits[(c * (i % r) + i // r + j) % n] for i in rows for j in cols]


def peers_hold(cells: list[int], n: int, box, k: int, d: int) -> bool:
    """Whether digit ``d`` is already in a region of cell ``k``."""
    r, c = box
    i, j = divmod(k, n)
    if any(cells[i * n + q] == d for q in range(n)) or any(cells[q * n + j] == d for q in range(n)):
        return True
    top, left = i - i % r, j - j % c
    return any(cells[(top + a) * n + left + b] == d for a in range(r) for b in range(c))


@st.composite
def sudoku_puzzles(draw, shapes=SHAPES, clash=False):
    """A puzzle: ``dict(n, box, cells, solution)``; ``solution`` is a completion, or None
    when a given was changed (the puzzle may then have no solution, or several).

    Large grids keep many givens, so that every search stays short.  With
    ``clash`` a given may be copied where it breaks a rule.
    """
    n, box = draw(shapes if not isinstance(shapes, list) else st.sampled_from(shapes))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    grid = solved_grid(rng, n, box)
    keeps = [0.0, 0.15, 0.3, 0.5, 0.7, 0.9, 1.0] if n <= 9 else [0.6, 0.8, 1.0]
    keep = draw(st.sampled_from(keeps))
    cells = [v if rng.random() < keep else 0 for v in grid]
    solution = grid
    if n <= 9 and draw(st.integers(0, 3)) == 0:
        # change an empty cell to a digit that no peer holds: maybe unsolvable now
        empty = [k for k, v in enumerate(cells) if v == 0]
        if empty:
            k = rng.choice(empty)
            free = [d for d in range(1, n + 1) if d != grid[k] and not peers_hold(cells, n, box, k, d)]
            if free:
                cells[k] = rng.choice(free)
                solution = None
    if clash and draw(st.integers(0, 2)) == 0:
        filled = [k for k, v in enumerate(cells) if v]
        if filled:
            k = rng.choice(filled)
            i, j = divmod(k, n)
            q = i * n + (j + 1 + rng.randrange(n - 1)) % n  # another cell of the row
            cells[q] = cells[k]
            solution = None
    return dict(n=n, box=box, cells=cells, solution=solution)


@st.composite
def render_text(draw, cells: list[int], n: int):
    """One of the many texts the documented syntax allows for ``cells``."""
    lower = n < 36 and draw(st.booleans())
    empties = draw(st.sampled_from([".", "0", "_", ".0_"]))
    rng = random.Random(draw(st.integers(0, 2**16)))
    syms = []
    for v in cells:
        if v == 0:
            syms.append(rng.choice(empties))
        else:
            s = SYMBOLS[v - 1]
            syms.append(s.lower() if lower and s.isalpha() else s)
    style = draw(st.sampled_from(["line", "rows", "spaced", "boxed", "drawing"]))
    rows = ["".join(syms[i * n:(i + 1) * n]) for i in range(n)]
    eol = draw(st.sampled_from(["\n", "\r\n", "\r", " "]))
    if style == "line":
        text = "".join(syms)
    elif style == "rows":
        text = eol.join(rows)
    elif style == "spaced":
        text = eol.join(" ".join(row) for row in rows)
    elif style == "boxed":
        text = eol.join(" | ".join(row[k:k + 3] for k in range(0, n, 3)) for row in rows)
        text = text + eol + "-" * 7 + "+" + "=" * 3
    else:
        text = "┃" + "│".join(rows) + "╋━"
    pad = draw(st.sampled_from(["", " ", "\n", "\t", "\ufeff"]))
    return pad + text + draw(st.sampled_from(["", "\n", "  "]))


#: Characters of puzzle-like garbage: symbols, empty cells, drawing, white
#: space the drawing set leaves out, and characters no puzzle holds.
PUZZLE_CHARS = ("123456789" + "ABCFGZabz" + ".0_" + " \t\n\r|-+=#:,;/\\!*" + "\x0b\x0c\xa0"
                + "?x@é\x00\x7f│┼\ufeff\U0001f4a5")


@st.composite
def garbage_text(draw, sizes=(4, 5, 6, 9, 36, 62)):
    """Text near the syntax: ``n * n`` cells (``n`` in ``sizes``) with a few odd
    characters, or noise."""
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return draw(st.text(alphabet=PUZZLE_CHARS, max_size=90))
    n = draw(st.sampled_from(list(sizes)))
    base = draw(st.sampled_from(["." * (n * n), "1" + "." * (n * n - 1), SYMBOLS[:n] + "." * (n * n - n)]))
    chars = list(base)
    for _ in range(draw(st.integers(0 if kind == 1 else 1, 3))):
        k = draw(st.integers(0, len(chars)))
        op = draw(st.integers(0, 2))
        ch = draw(st.sampled_from(PUZZLE_CHARS))
        if op == 0:
            chars.insert(k, ch)
        elif op == 1 and chars:
            chars[min(k, len(chars) - 1)] = ch
        elif chars:
            del chars[min(k, len(chars) - 1)]
    return "".join(chars)


ARRAY_DTYPES = ["uint8", "int64", "int8", "int32", "uint64", "float64", "float32", "bool", "object",
                "complex128", "U2"]


@st.composite
def puzzle_array(draw, cells: list[int], n: int):
    """``cells`` as an array or nested lists (maybe with one cell spoiled):
    ``(value, spoiled)`` where ``spoiled`` names what was changed, or None."""
    values: list = list(cells)
    spoiled = None
    if draw(st.integers(0, 3)) == 0:
        k = draw(st.integers(0, n * n - 1))
        bad = draw(st.sampled_from([-1, n + 1, 256, 300, 2.5, NAN, 2**40]))
        values[k] = bad
        spoiled = f"cell {k} = {bad!r}"
    shape = draw(st.sampled_from(["flat", "square", "3d", "ragged", "rows-of-str"]))
    container = draw(st.sampled_from(["array", "list", "tuple"]))
    dtype = draw(st.sampled_from(ARRAY_DTYPES))
    if shape == "flat":
        nested: list = values
    elif shape == "square" or shape == "3d":
        nested = [values[i * n:(i + 1) * n] for i in range(n)]
        if shape == "3d":
            nested = [nested]
    elif shape == "ragged":
        nested = [values[i * n:(i + 1) * n] for i in range(n)]
        nested[-1] = nested[-1][:-1]
        spoiled = spoiled or "ragged"
    else:
        nested = ["".join("." if v == 0 else SYMBOLS[v - 1] if isinstance(v, int) and 0 < v <= 61 else "?"
                          for v in values[i * n:(i + 1) * n]) for i in range(n)]
        return nested, spoiled or "rows of strings", "rows-of-str"
    if container == "array" and shape != "ragged":
        try:
            with np.errstate(all="ignore"):
                arr = np.array(nested, dtype=object).astype(dtype)
        except (ValueError, TypeError, OverflowError):
            arr = np.array(nested, dtype=object)
        return arr, spoiled, shape
    if container == "tuple":
        nested = tuple(tuple(x) if isinstance(x, list) else x for x in nested)
    return nested, spoiled, shape


@st.composite
def box_args(draw, n: int):
    """``(box, verdict)`` for an ``n x n`` grid."""
    pairs = [(r, n // r) for r in range(1, n + 1) if n % r == 0]
    r, c = draw(st.sampled_from(pairs))
    ok = [(r, c), [r, c], np.array([r, c]), f"{r}x{c}", f" {r} X {c} "]
    if default_box(n) is not None:
        ok.append(None)
    bad = [(r + 1, c), (n,), (1, 1, n), "x", f"{r}by{c}", 3, (0, n), (-1, -n), (r, c, 1), {"r": r}, (r + 0.5, c)]
    if default_box(n) is None:
        bad.append(None)
    either = [(float(r), float(c)), (np.int64(r), np.int8(c))]
    return draw(tagged(ok=ok, bad=bad, either=either))


# ---------------------------------------------------------------------------
# Files of puzzles
# ---------------------------------------------------------------------------

SEPARATORS = ["", "Grid {k:02d}", "========", "# comment {k}", "Puzzle {k}", "   "]
EOLS = ["\n", "\r\n", "\r"]


def _join_mixed(lines, rng) -> str:
    """Lines ended by CR, LF or CRLF at random, without a CR and the LF ending
    the next (blank) line reading as one CRLF: line numbers stay as drawn."""
    out = []
    prev = ""
    for line in lines:
        eol = rng.choice(EOLS)
        if prev == "\r" and not line and eol == "\n":
            eol = "\r"
        out.append(line + eol)
        prev = eol
    return "".join(out)


def _symbols(cells, n, empty="."):
    return "".join(empty if v == 0 else SYMBOLS[v - 1] for v in cells)


@st.composite
def puzzle_file(draw, sizes=(4, 6, 9), max_entries=8, allow_square_count=False):
    """A file of puzzles built from known entries.

    Returns ``dict(n, fmt, entries, lines, data)``: ``entries[i]`` is
    ``(cells or None, first line, last line, fault)`` (None: a malformed entry;
    lines counted from 1 as universal newlines count them), ``data`` the
    bytes of the file; the fourth item of an entry names its fault.  ``fmt`` is ``"line"`` (one puzzle per line) or
    ``"grid"`` (blocks of ``n`` rows between separators).  Every entry is
    unambiguous: an entry is one line or one block, whatever it holds.
    """
    n = draw(st.sampled_from(sizes))
    fmt = draw(st.sampled_from(["line", "grid"]))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    count = draw(st.integers(0, max_entries))
    if allow_square_count and fmt == "line" and n == 4 and draw(st.integers(0, 4)) == 0:
        count = 16  # exactly n*n one-line puzzles: a 16x16 grid by the size rule
    box = default_box(n)
    entries = []
    out_lines: list[str] = []
    eol = draw(st.sampled_from(EOLS + ["mixed"]))
    bom = draw(st.integers(0, 4)) == 0
    first_valid = draw(st.booleans())
    if draw(st.booleans()):
        out_lines.append(draw(st.sampled_from(["# puzzles", "#", "", "   "])))
    empty = draw(st.sampled_from([".", "0", "_"]))
    for k in range(count):
        cells = [v if rng.random() < 0.4 else 0 for v in solved_grid(rng, n, box)]
        bad = None
        if not (k == 0 and first_valid) and rng.random() < 0.3:
            bad = rng.choice(["short", "long", "symbol", "large", "row-length"] if fmt == "line"
                             else ["missing-row", "row-length", "symbol", "large"])
        if fmt == "line":
            text = _symbols(cells, n, empty)
            if bad == "short":
                text = text[:rng.randrange(1, n * n)]
            elif bad == "long":
                text = text + text[:rng.randrange(1, n * n)]
            elif bad == "row-length":
                text = text[:n]  # as long as a row of a grid
            elif bad == "symbol":
                q = rng.randrange(n * n)
                text = text[:q] + rng.choice("?x@é") + text[q + 1:]
            elif bad == "large":
                q = rng.randrange(n * n)
                text = text[:q] + SYMBOLS[n + rng.randrange(61 - n)].upper() + text[q + 1:]
            start = len(out_lines) + 1
            out_lines.append(text + rng.choice(["", " ", "\t"]))
            entries.append((None if bad else cells, start, start, bad))
            if rng.random() < 0.3:
                out_lines.append(rng.choice(["", "# note", "   "]))
        else:
            if k or rng.random() < 0.5:
                out_lines.append(rng.choice(SEPARATORS).format(k=k + 1))
            rows = [_symbols(cells[i * n:(i + 1) * n], n, empty) for i in range(n)]
            if bad == "missing-row":
                del rows[rng.randrange(n)]
            elif bad == "row-length":
                q = rng.randrange(n)
                rows[q] = rows[q][:-1] if rng.random() < 0.5 else rows[q] + rows[q][:1]
            elif bad == "symbol":
                q = rng.randrange(n)
                rows[q] = "?" + rows[q][1:]
            elif bad == "large":
                q = rng.randrange(n)
                rows[q] = SYMBOLS[n] + rows[q][1:]
            start = len(out_lines) + 1
            out_lines.extend(rows)
            entries.append((None if bad else cells, start, len(out_lines), bad))
            if k < count - 1 and rng.random() < 0.5:
                out_lines.append("")  # an extra blank line between grids
    final = draw(st.booleans())
    if eol == "mixed":
        text = _join_mixed(out_lines, rng)
        if not final and text:
            text = text.rstrip("\r\n")
    else:
        text = eol.join(out_lines) + (eol if final and out_lines else "")
    data = text.encode("utf-8")
    if bom:
        data = b"\xef\xbb\xbf" + data
    return dict(n=n, fmt=fmt, entries=entries, data=data, eol=eol, bom=bom)


@st.composite
def raw_file_bytes(draw):
    """File contents near the formats, or binary noise."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.binary(max_size=300))
    if kind == 1:
        return draw(st.text(alphabet=PUZZLE_CHARS, max_size=300)).encode("utf-8", "surrogatepass")
    f = draw(puzzle_file(max_entries=5))
    data = bytearray(f["data"])
    for _ in range(draw(st.integers(1, 4))):
        if not data:
            break
        k = draw(st.integers(0, len(data) - 1))
        op = draw(st.integers(0, 3))
        if op == 0:
            data[k] = draw(st.integers(0, 255))
        elif op == 1:
            del data[k]
        elif op == 2:
            data[k:k] = draw(st.sampled_from([b"\r", b"\n", b"\xef\xbb\xbf", b"\x00", b"\xff", b"Grid 1\n",
                                              b"\xe2\x94\x82", b"=", b"#"]))
        else:
            data[k:k] = data[k:k + draw(st.integers(1, 40))]
    return bytes(data)


# ---------------------------------------------------------------------------
# Exact cover: problems, names, DLX text
# ---------------------------------------------------------------------------

NAME_CHARS = string.ascii_letters + string.digits + "_.#-+*/<>=!?$%&'\"()[]{}~^`@,;" + "éßλ中"


@st.composite
def item_names(draw, count: int):
    """``count`` distinct item names a DLX file can hold (no space, '|' or ':')."""
    names = draw(st.lists(st.text(alphabet=NAME_CHARS, min_size=1, max_size=6), min_size=count,
                          max_size=count, unique=True))
    return names


@st.composite
def dlx_problems(draw, max_items=8, max_options=12):
    """A problem DLX text can hold: ``(options, n_primary, n_items, names)``
    with at least one primary item and no empty option."""
    options, n_primary, n_items = draw(problems(max_items=max_items, max_options=max_options))
    if n_primary == 0:
        n_items += 1
        n_primary = 1
        options = [[i + 1 for i in o] for o in options]  # item 0 becomes the new primary
    options = [o if o else [0] for o in options]
    names = draw(item_names(n_items))
    return options, n_primary, n_items, names


@st.composite
def dlx_text(draw, options, n_primary, n_items, names):
    """The DLX text of a problem, written with the freedom the format allows."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    eol = draw(st.sampled_from(EOLS + ["mixed"]))
    lines = []
    if draw(st.booleans()):
        lines.append("| " + draw(st.text(alphabet=NAME_CHARS + " |:", max_size=20)))
    if draw(st.booleans()):
        lines.append("")

    def sep():
        return rng.choice([" ", "  ", "\t", " \t "])

    head = sep().join(names[:n_primary])
    if n_items > n_primary:
        head += sep() + "|" + sep() + sep().join(names[n_primary:])
    elif rng.random() < 0.3:
        head += sep() + "|"
    lines.append(rng.choice(["", " ", "\t"]) + head + rng.choice(["", " "]))
    for o in options:
        lines.append(rng.choice(["", " "]) + sep().join(names[i] for i in o) + rng.choice(["", "\t"]))
        if rng.random() < 0.15:
            lines.append(rng.choice(["", "|comment", "   | also a comment", "  "]))
    if eol == "mixed":
        text = _join_mixed(lines, rng)
    else:
        text = eol.join(lines) + eol
    if draw(st.integers(0, 5)) == 0:
        text = "\ufeff" + text
    return text


DLX_CHARS = "ABCab12 \t\n\r|:#.é\x00\ufeff\x0b\x1c\u2028"


@st.composite
def raw_dlx(draw):
    """DLX-like text or bytes with faults, or noise."""
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return draw(st.binary(max_size=120))
    if kind == 1:
        return draw(st.text(alphabet=DLX_CHARS, max_size=80)) + "\n"
    options, n1, n_items, names = draw(dlx_problems(max_items=5, max_options=6))
    text = draw(dlx_text(options, n1, n_items, names))
    chars = list(text)
    for _ in range(draw(st.integers(1, 3))):
        k = draw(st.integers(0, len(chars)))
        ch = draw(st.sampled_from(DLX_CHARS + "|:"))
        if draw(st.booleans()) or not chars:
            chars.insert(k, ch)
        else:
            del chars[min(k, len(chars) - 1)]
    text = "".join(chars)
    if kind == 3:
        return text.encode("utf-8") if draw(st.booleans()) else text.encode("latin-1", "replace")
    return text


# ---------------------------------------------------------------------------
# Matrices and option lists
# ---------------------------------------------------------------------------

MATRIX_DTYPES = ["bool", "uint8", "int8", "int64", "uint64", "float64", "float16", "complex64", "object",
                 "U1", "int32"]


@st.composite
def matrices(draw):
    """``(matrix, description)``: a 0/1 matrix in some dtype and layout, maybe spoiled."""
    options, n_primary, n_items = draw(problems(max_items=7, max_options=9))
    m = np.zeros((len(options), n_items), np.int64)
    for j, o in enumerate(options):
        m[j, o] = 1
    spoil = draw(st.sampled_from([None] * 6 + ["2", "-1", "0.5", "nan", "inf", "ragged", "3d", "1d", "0d",
                                               "none", "str"]))
    value: object = m
    if spoil in ("2", "-1", "0.5", "nan", "inf") and m.size:
        mm = m.astype(object)
        j, i = draw(st.integers(0, m.shape[0] - 1)), draw(st.integers(0, m.shape[1] - 1))
        mm[j, i] = {"2": 2, "-1": -1, "0.5": 0.5, "nan": NAN, "inf": INF}[spoil]
        value = mm
    elif spoil == "ragged" and m.shape[0] >= 2 and m.shape[1] >= 1:
        rows = m.tolist()
        rows[-1] = rows[-1][:-1]
        value = rows
    elif spoil == "3d":
        value = m[None]
    elif spoil == "1d":
        value = m.reshape(-1)
    elif spoil == "0d":
        value = np.int64(1)
    elif spoil == "none":
        value = None
    elif spoil == "str":
        value = "0110"
    else:
        spoil = None
    layout = draw(st.sampled_from(["array", "list", "fortran", "strided"]))
    dtype = draw(st.sampled_from(MATRIX_DTYPES))
    if isinstance(value, np.ndarray) and value.ndim >= 1:
        try:
            with np.errstate(all="ignore"):
                value = value.astype(dtype)
        except (ValueError, TypeError, OverflowError):
            pass
        if layout == "list":
            value = value.tolist()
        elif layout == "fortran":
            value = np.asfortranarray(value)
        elif layout == "strided" and value.ndim == 2:
            wide = np.zeros((value.shape[0], 2 * value.shape[1]), value.dtype)
            wide[:, ::2] = value
            value = wide[:, ::2]
    secondary = draw(st.sampled_from(["exact", "exact", "none", "int", "str", "float", "bool", "dup",
                                      "range-out", "negative", "np", "generator"]))
    return dict(matrix=value, options=options, n_primary=n_primary, n_items=n_items, spoil=spoil,
                secondary=secondary, dtype=dtype)


HASHABLE_NAMES = st.one_of(st.text(alphabet="abcXYZ 01|:", min_size=0, max_size=3), st.integers(-3, 20),
                           st.tuples(st.integers(0, 3), st.text(alphabet="ab", max_size=1)),
                           st.sampled_from([None, 1.5, True, b"ab", frozenset({1})]))
UNHASHABLE_NAMES = st.sampled_from([[1], {"a": 1}, {2}, bytearray(b"x")])
