"""Classic exact-cover encodings: n queens, Langford pairs, pentomino rectangles,
and word rectangles (a problem with colors).

Each encoder returns ``(problem, key)``: ``problem`` is an :class:`ExactCover`
and ``key[j]`` is a plain description of option ``j`` (documented with each
encoder), so that a solution decodes as ``[key[j] for j in solution]``.  A small
decoder per encoding turns a solution into the puzzle's own terms.

The options are built directly as the CSR arrays of the low-level
:class:`ExactCover` constructor, with item numbers rather than names (with
numpy for queens and Langford pairs, whose options all have the same length),
so even large instances are built quickly.  The encodings follow Knuth,
*The Art of Computer Programming* 7.2.2.1.

Examples
--------
>>> from dlxnumba.encodings import queens, queens_columns
>>> problem, key = queens(4)
>>> [queens_columns(s, key) for s in problem.solutions()]
[[2, 0, 3, 1], [1, 3, 0, 2]]
"""

from __future__ import annotations

import functools
import math
from typing import Any, Callable, Iterable, Sequence, TypeVar

import numpy as np

from .checks import integer, is_integer
from .errors import EncodingError, plain
from .exact_cover import ExactCover
from .template import links_fit

__all__ = [
    "EncodingError",
    "PENTOMINOES",
    "queens",
    "queens_columns",
    "langford",
    "langford_sequence",
    "pentominoes",
    "pentomino_grid",
    "pentomino_picture",
    "word_rectangles",
    "word_rectangle",
]


def _positive_int(value: Any, name: str) -> int:
    """``value`` as an int, or EncodingError unless it is a positive integer."""
    return integer(value, name, low=1, error=EncodingError)


def _check_fits(call: str, n_items: int, n_options: int, total: int, width: int) -> None:
    """EncodingError unless the problem fits the engine's int32 links (checked
    before anything is built: a huge ``n`` would exhaust the memory first)."""
    if not links_fit(n_items, n_options, total, width):
        raise EncodingError(f"{call} is too large: its {n_options:,} options and {total:,} item "
                            f"entries do not fit the engine's int32 links (2**31 - 1 nodes)")


#: A decoder (its signature kept by :func:`_reads_key`)
_Decoder = TypeVar("_Decoder", bound=Callable[..., Any])


def _reads_key(encoder: str) -> Callable[[_Decoder], _Decoder]:
    """A decoder whose ``key`` comes from ``encoder``: a key with malformed
    entries gives an EncodingError saying so, not a TypeError from within."""

    def wrap(decode: Any) -> Any:
        @functools.wraps(decode)
        def decoder(solution, key):
            try:
                return decode(solution, key)
            except EncodingError:
                raise
            except (TypeError, ValueError, IndexError, KeyError) as e:
                raise EncodingError(f"key is not a key that {encoder}() returned: reading it failed "
                                    f"({type(e).__name__}: {e})") from None
        return decoder

    return wrap


def _options_of(solution: Any, key: Any, encoder: str) -> list[int]:
    """The option numbers of ``solution``, each an index into ``key``; EncodingError
    naming the first that is not (decoders read only solutions of their encoder)."""
    try:
        size = len(key)
    except TypeError:
        raise EncodingError(f"key must be the key that {encoder}() returned, not {plain(key)}") from None
    if isinstance(solution, (str, bytes)) or solution is None:
        raise EncodingError(f"solution must be a list of option numbers, not {plain(solution)}")
    try:
        options = list(solution)
    except TypeError:
        raise EncodingError(f"solution must be a list of option numbers, not {plain(solution)}") from None
    for j in options:
        if not is_integer(j):
            raise EncodingError(f"solution holds {plain(j)}, not an option number")
        if not 0 <= j < size:
            raise EncodingError(f"solution holds option {int(j)}, but the key has {size} options "
                                f"(0 to {size - 1})")
    seen: set[int] = set()
    for j in options:
        if int(j) in seen:
            raise EncodingError(f"solution lists option {int(j)} twice")
        seen.add(int(j))
    return [int(j) for j in options]


def _from_table(n_primary: int, names: list, table) -> ExactCover:
    """An ExactCover whose option ``j`` is the row ``table[j]`` of item numbers.

    Every option has the same number of items, so the CSR pointers are a
    simple arithmetic progression.
    """
    table = np.asarray(table, dtype=np.int32)
    if table.ndim != 2:  # no options at all
        table = table.reshape(0, 0)
    m, width = table.shape
    opt_ptr = np.arange(m + 1, dtype=np.int64) * width
    return ExactCover(n_primary, names, opt_ptr, table.ravel())


# ---------------------------------------------------------------------------
# n queens
# ---------------------------------------------------------------------------


def _organ_pipe(n: int) -> list[int]:
    """``0..n-1`` from the middle outward: for n = 8, 3 4 2 5 1 6 0 7."""
    return sorted(range(n), key=lambda k: (abs(2 * k - (n - 1)), k))


def queens(n: int, organ_pipe: bool = True) -> tuple[ExactCover, list[tuple[int, int]]]:
    """The n queens problem: ``n`` queens on an ``n x n`` board, none attacking.

    Parameters
    ----------
    n : int
        The size of the board, at least 1.
    organ_pipe : bool
        Order the primary items from the middle of the board outward
        (``r3 c3 r4 c4 r2 c2 ...`` for ``n = 8``), as Knuth does: among items
        of equal length the search branches on the leftmost, and the central
        rows and columns, which constrain the most, are then tried first.
        This speeds up the search; it changes neither the options nor the
        solutions.  ``False`` orders them ``r0 c0 r1 c1 ...``.

    Returns
    -------
    problem : ExactCover
        Primary items ``r{i}`` (row ``i``) and ``c{j}`` (column ``j``), rows
        and columns interleaved; secondary items ``a{s}`` for the diagonal
        ``i + j == s`` and ``b{d}`` for the diagonal ``i - j + n - 1 == d``
        (``0 <= s, d <= 2n - 2``).  One option per square, row by row:
        ``r{i} c{j} a{i+j} b{i-j+n-1}``.
    key : list of (int, int)
        ``key[k] == (row, column)`` of the square of option ``k`` (0-based);
        option ``k`` is square ``divmod(k, n)``.

    Raises
    ------
    EncodingError
        For an ``n`` not a positive integer, a board too large for the links.

    Examples
    --------
    >>> from dlxnumba import queens, queens_columns
    >>> problem, key = queens(6)
    >>> problem.count()
    4
    >>> solution = problem.solve()
    >>> [key[k] for k in solution]
    [(0, 4), (1, 2), (2, 0), (3, 5), (4, 3), (5, 1)]
    >>> queens_columns(solution, key)
    [4, 2, 0, 5, 3, 1]
    >>> problem.option_names(solution[0])
    ('r0', 'c4', 'a4', 'b1')
    """
    n = _positive_int(n, "n")
    _check_fits(f"queens({n})", 6 * n - 2, n * n, 4 * n * n, 4)
    order = _organ_pipe(n) if organ_pipe else list(range(n))
    rank = np.empty(n, np.int64)
    rank[order] = np.arange(n)
    names = []
    for k in order:
        names += [f"r{k}", f"c{k}"]
    names += [f"a{s}" for s in range(2 * n - 1)]
    names += [f"b{d}" for d in range(2 * n - 1)]

    i, j = np.divmod(np.arange(n * n, dtype=np.int64), n)
    table = np.stack([2 * rank[i],                       # r_i
                      2 * rank[j] + 1,                   # c_j
                      2 * n + i + j,                     # a_{i+j}
                      2 * n + (2 * n - 1) + i - j + n - 1],  # b_{i-j+n-1}
                     axis=1)
    key = list(zip(i.tolist(), j.tolist()))
    return _from_table(2 * n, names, table), key


@_reads_key("queens")
def queens_columns(solution: Iterable[int], key: Sequence[tuple[int, int]]) -> list[int]:
    """The column of the queen in each row, from a solution of :func:`queens`.

    Parameters
    ----------
    solution, key
        A solution (option indices) of the problem :func:`queens` returned, and its key.

    Returns
    -------
    list of int
        ``columns[row]``: the column (0-based) of the queen in each row.

    Raises
    ------
    EncodingError
        Naming the fault: a bad ``key``, an option outside it, two queens that attack, a row without one.

    Examples
    --------
    >>> from dlxnumba import queens, queens_columns
    >>> problem, key = queens(5)
    >>> queens_columns(problem.solve(), key)
    [4, 2, 0, 3, 1]
    >>> queens_columns([0, 1], key)
    Traceback (most recent call last):
    ...
    dlxnumba.errors.EncodingError: options 0 and 1 both put a queen in row 0
    """
    options = _options_of(solution, key, "queens")
    n = math.isqrt(len(key))
    if n * n != len(key):
        raise EncodingError(f"key has {len(key)} options, not n * n: it is not a key of queens(n)")
    cols = [-1] * n
    lines: dict = {}  # a row, column or diagonal -> the option with a queen on it
    for j in options:
        row, col = key[j]
        for line in (f"in row {row}", f"in column {col}", f"on the diagonal row + column = {row + col}",
                     f"on the diagonal row - column = {row - col}"):
            other = lines.setdefault(line, j)
            if other != j:
                raise EncodingError(f"options {other} and {j} both put a queen {line}")
        cols[row] = col
    if -1 in cols:
        raise EncodingError(f"no queen in row {cols.index(-1)}: a solution of queens({n}) has {n} options, "
                            f"this one {len(options)}")
    return cols


# ---------------------------------------------------------------------------
# Langford pairs
# ---------------------------------------------------------------------------


def langford(n: int, break_symmetry: bool = False) -> tuple[ExactCover, list[tuple[int, int, int]]]:
    """Langford pairs: place two copies of each of ``1..n`` in ``2n`` slots so
    that the two ``k``'s have exactly ``k`` numbers between them.

    Parameters
    ----------
    n : int
        The largest number, at least 1.  There are solutions only when
        ``n % 4`` is 0 or 3; otherwise the problem is built all the same and
        has none.
    break_symmetry : bool
        Keep only one of each pair of solutions that are reverses of each
        other, so that the count is exactly halved.  This is done by removing
        the placements of the largest odd number ``m <= n`` whose first copy
        lies at or right of the middle; see the proof in the source.

    Returns
    -------
    problem : ExactCover
        Primary items ``1 .. n`` (the numbers, as strings) and then
        ``s0 .. s{2n-1}`` (the slots, 0-based).  Options ``k s{i} s{i+k+1}``,
        by increasing ``k`` and then ``i``.
    key : list of (int, int, int)
        ``key[j] == (k, i, i + k + 1)``: option ``j`` puts the number ``k`` in
        slots ``i`` and ``i + k + 1``.

    Raises
    ------
    EncodingError
        For a bad ``n`` or ``break_symmetry``, a problem too large for the links.

    Examples
    --------
    >>> from dlxnumba import langford, langford_sequence
    >>> problem, key = langford(3)
    >>> [langford_sequence(s, key) for s in problem.solutions()]
    [[3, 1, 2, 1, 3, 2], [2, 3, 1, 2, 1, 3]]
    >>> problem, key = langford(3, break_symmetry=True)
    >>> [langford_sequence(s, key) for s in problem.solutions()]
    [[3, 1, 2, 1, 3, 2]]
    >>> langford(7)[0].count(), langford(7, break_symmetry=True)[0].count()
    (52, 26)
    >>> langford(5)[0].count()
    0
    """
    n = _positive_int(n, "n")
    if not isinstance(break_symmetry, (bool, np.bool_)):
        raise EncodingError(f"break_symmetry must be True or False, not {plain(break_symmetry)}")
    options = n * (2 * n - 1) - n * (n + 1) // 2  # the sum of 2n - k - 1 for k = 1..n
    _check_fits(f"langford({n})", 3 * n, options, 3 * options, 0)
    # Why restricting m halves the count exactly.  Reversal maps slot i to
    # 2n - 1 - i, so it maps the placement of k at (i, i + k + 1) to the one
    # at (i', i' + k + 1) with i' = 2n - 2 - k - i; it is an involution on the
    # set of solutions.  Take m odd.  Then 2n - 2 - m is odd, so i' != i for
    # every placement of m: no solution is its own reverse (its m's would be
    # fixed), and the solutions fall into pairs {S, reverse(S)}.  The m's of S
    # and of reverse(S) sit at i and i', and exactly one of i < i', i' < i
    # holds, i.e. exactly one of 2i < 2n - 2 - m and 2i' < 2n - 2 - m.  So
    # keeping only the placements of m with 2i < 2n - 2 - m keeps exactly one
    # solution of each pair.  The largest odd m has the fewest placements;
    # once restricted it is the natural first branch of the search.
    m = n if n % 2 else n - 1
    names = [str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(2 * n)]
    ks, firsts = [], []
    for k in range(1, n + 1):
        stop = 2 * n - k - 1  # first slots 0 .. 2n - k - 2
        if break_symmetry and k == m:
            stop = min(stop, (2 * n - 1 - m) // 2)  # 2i < 2n - 2 - m
        firsts.append(np.arange(stop, dtype=np.int64))
        ks.append(np.full(stop, k, dtype=np.int64))
    kv = np.concatenate(ks)  # k and first slot i of each option
    i = np.concatenate(firsts)
    table = np.stack([kv - 1, n + i, n + i + kv + 1], axis=1)
    key = list(zip(kv.tolist(), i.tolist(), (i + kv + 1).tolist()))
    return _from_table(3 * n, names, table), key


@_reads_key("langford")
def langford_sequence(solution: Iterable[int], key: Sequence[tuple[int, int, int]]) -> list[int]:
    """The sequence of ``2n`` numbers of a solution of :func:`langford`.

    Parameters
    ----------
    solution, key
        A solution (option indices) of the problem :func:`langford` returned, and its key.

    Returns
    -------
    list of int

    Raises
    ------
    EncodingError
        Naming the fault: a bad ``key``, an option number outside it, a
        number placed twice or not at all, or a slot filled twice.

    Examples
    --------
    >>> from dlxnumba import langford, langford_sequence
    >>> problem, key = langford(4)
    >>> langford_sequence(problem.solve(), key)
    [4, 1, 3, 1, 2, 4, 3, 2]
    >>> langford_sequence([0, 1], key)
    Traceback (most recent call last):
    ...
    dlxnumba.errors.EncodingError: options 0 and 1 both place the number 1
    """
    options = _options_of(solution, key, "langford")
    n = max((k for k, _, _ in key), default=0)
    seq = [0] * (2 * n)
    placed: dict = {}  # number -> option
    filled: dict = {}  # slot -> option
    for j in options:
        k, a, b = key[j]
        other = placed.setdefault(k, j)
        if other != j:
            raise EncodingError(f"options {other} and {j} both place the number {k}")
        for slot in (a, b):
            other = filled.setdefault(slot, j)
            if other != j:
                raise EncodingError(f"options {other} and {j} both fill slot {slot}")
            seq[slot] = k
    if len(placed) < n:
        k = min(set(range(1, n + 1)) - set(placed))
        raise EncodingError(f"the number {k} is not placed: a solution of langford({n}) has {n} options, "
                            f"this one {len(options)}")
    return seq


# ---------------------------------------------------------------------------
# Pentominoes
# ---------------------------------------------------------------------------

#: The twelve pentominoes in one standard orientation, with their usual
#: one-letter names (Conway's letters are the other convention; these are
#: Golomb's).  ``#`` marks a cell of the piece.
PENTOMINOES: dict[str, tuple[str, ...]] = {
    "F": (".##",
          "##.",
          ".#."),
    "I": ("#####",),
    "L": ("####",
          "#..."),
    "N": ("##..",
          ".###"),
    "P": ("##",
          "##",
          "#."),
    "T": ("###",
          ".#.",
          ".#."),
    "U": ("#.#",
          "###"),
    "V": ("#..",
          "#..",
          "###"),
    "W": ("#..",
          "##.",
          ".##"),
    "X": (".#.",
          "###",
          ".#."),
    "Y": ("..#.",
          "####"),
    "Z": ("##.",
          ".#.",
          ".##"),
}

#: Pieces without any symmetry (8 distinct orientations), in order of preference
#: for symmetry breaking.
_ASYMMETRIC = "PFLNY"

Cells = tuple[tuple[int, int], ...]


def _normalize(cells) -> Cells:
    """Shift cells so that the minimum row and column are 0; sort them."""
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    return tuple(sorted((r - r0, c - c0) for r, c in cells))


def _orientations(letter: str) -> list[Cells]:
    """The distinct orientations of a piece under rotation and reflection.

    Each is a normalized, sorted cell tuple; they are listed in a fixed order
    (the standard shape first).
    """
    picture = PENTOMINOES[letter]
    base = [(r, c) for r, line in enumerate(picture) for c, ch in enumerate(line) if ch == "#"]
    out: list[Cells] = []
    for transpose in (False, True):
        for sr in (1, -1):
            for sc in (1, -1):
                cells = _normalize([((c, r) if transpose else (r, c)) for r, c in base])
                shape = _normalize([(sr * r, sc * c) for r, c in cells])
                if shape not in out:
                    out.append(shape)
    return out


def _board_symmetries(height: int, width: int) -> dict[str, Callable[[int, int], tuple[int, int]]]:
    """The symmetries of the board, as maps of a cell (r, c), by one-letter code.

    ``e`` identity, ``h`` mirror top to bottom, ``v`` mirror left to right,
    ``o`` half turn; on a square board also ``d`` and ``a`` (mirrors in the
    main and the anti-diagonal) and ``q``, ``w`` (quarter turns).
    """
    h1, w1 = height - 1, width - 1
    syms = {
        "e": lambda r, c: (r, c),
        "h": lambda r, c: (h1 - r, c),
        "v": lambda r, c: (r, w1 - c),
        "o": lambda r, c: (h1 - r, w1 - c),
    }
    if height == width:
        syms.update({
            "d": lambda r, c: (c, r),
            "a": lambda r, c: (w1 - c, h1 - r),
            "q": lambda r, c: (c, h1 - r),
            "w": lambda r, c: (w1 - c, r),
        })
    return syms


def _check_pieces(pieces: Any) -> list[str]:
    if pieces is None:
        return list(PENTOMINOES)
    if isinstance(pieces, str):
        letters = list(pieces)
    else:
        try:
            letters = list(pieces)
        except TypeError:
            raise EncodingError(f"pieces must be a string or an iterable of piece letters, "
                                f"not {plain(pieces)}") from None
    seen = set()
    for p in letters:
        if not isinstance(p, str) or p not in PENTOMINOES:
            raise EncodingError(f"unknown pentomino {plain(p)}; the pieces are {' '.join(PENTOMINOES)}")
        if p in seen:
            raise EncodingError(f"pentomino {plain(p)} is listed twice; each piece is used once")
        seen.add(p)
    if not letters:
        raise EncodingError("pieces names no pentomino")
    return [p for p in PENTOMINOES if p in seen]  # standard order


def pentominoes(height: int = 6, width: int = 10, break_symmetry: bool = False,
                pieces: str | Iterable[str] | None = None) -> tuple[ExactCover, list[tuple[str, Cells]]]:
    """Tile a ``height x width`` rectangle with pentominoes, each used once.

    Parameters
    ----------
    height, width : int
        The board; its area must be 5 times the number of pieces (60 for the
        full set: 6x10, 5x12, 4x15, 3x20 and their transposes).
    break_symmetry : bool
        Keep exactly one tiling of each class of tilings equivalent under the
        symmetries of the board (4 of them, 8 on a square board), so that the
        count is divided by exactly 4 (or 8).  Needs one piece without any
        symmetry (F, L, N, P or Y) among the pieces; see the notes.
    pieces : str or iterable of str, optional
        The piece letters to use (a subset of ``FILNPTUVWXYZ``, each at most
        once); by default all twelve.

    Returns
    -------
    problem : ExactCover
        Primary items: the piece letters (standard order), then the cells
        ``r{r}c{c}``, row by row.  One option per placement of a piece: its
        letter and its five cells, row-major.  With ``break_symmetry`` there
        may be secondary items ``fix_{codes}``; see the notes.
    key : list of (str, tuple of (int, int))
        ``key[j] == (letter, cells)``: option ``j`` puts that piece on those
        five ``(row, column)`` cells (0-based, sorted).

    Raises
    ------
    EncodingError
        For a size that is not a positive integer, an unknown or repeated
        piece letter, an area that differs from the pieces' total area, or
        ``break_symmetry`` without an asymmetric piece.

    Notes
    -----
    Every piece has its distinct orientations under rotation and reflection:
    1 for X, 2 for I, 4 for T U V W Z, 8 for F L N P Y.

    *Symmetry breaking.*  Let G be the group of symmetries of the board (the
    identity, the two mirrors and the half turn; on a square board also the
    two diagonal mirrors and the quarter turns).  If a tiling were fixed by a
    symmetry g other than the identity, g would map each piece of it onto
    itself (each letter occurs once), so the asymmetric piece A would be
    fixed, which needs a symmetry of A's shape (or all five cells on a mirror
    axis, a straight line) -- impossible.  So G acts freely: tilings fall in
    classes of exactly ``|G|``.

    The *anchor* is X if it is used, else A.  Its placements are kept only
    when they are the least (as sorted cell tuples) of their orbit under G; for
    X that is its centre in the top-left quadrant, ``2*row <= height - 1``
    and ``2*col <= width - 1`` on a rectangle.  Each orbit of anchor
    placements has exactly one kept member x, and the tilings of a class
    that put the anchor on x are the images of one of them under the
    stabiliser S of x.  When S is trivial that is one tiling.  When it is not
    (X centred on a mirror axis, or at the centre of the board), those ``|S|``
    tilings have A on the ``|S|`` distinct images of one placement, and keeping
    only the least of them leaves one: so each anchor option fixed by S lists
    the secondary item ``fix_{codes}`` (the codes of S's non-identity
    elements, see below), and so does each option of A that is not the least
    of its S-orbit.  Those two then exclude each other, while A is
    unrestricted when the anchor is elsewhere.  Codes: ``h`` mirror top to
    bottom, ``v`` left to right, ``o`` half turn, ``d``/``a`` diagonal
    mirrors, ``q``/``w`` quarter turns.

    Examples
    --------
    >>> from dlxnumba import pentomino_picture, pentominoes
    >>> problem, key = pentominoes(3, 5, pieces="PUV")
    >>> problem.count()
    4
    >>> solution = problem.solve()
    >>> print(pentomino_picture(solution, key))
    VPPUU
    VPPPU
    VVVUU
    >>> key[solution[0]]
    ('P', ((0, 1), (0, 2), (1, 1), (1, 2), (1, 3)))
    >>> pentominoes(3, 5, pieces="PUV", break_symmetry=True)[0].count()
    1
    >>> pentominoes(6, 10)[0]
    ExactCover(72 primary + 0 secondary items, 2056 options, 12336 nodes)

    On a 3x20 board the centre of X is always on the horizontal mirror axis:

    >>> problem, key = pentominoes(3, 20, break_symmetry=True)
    >>> problem.secondary, problem.count()
    (['fix_h'], 2)
    """
    height = _positive_int(height, "height")
    width = _positive_int(width, "width")
    if not isinstance(break_symmetry, (bool, np.bool_)):
        raise EncodingError(f"break_symmetry must be True or False, not {plain(break_symmetry)}")
    letters = _check_pieces(pieces)
    area = 5 * len(letters)
    if height * width != area:
        raise EncodingError(
            f"a {height}x{width} board has area {height * width}, but the {len(letters)} "
            f"pentominoes cover {area} cells; the two must be equal")

    n_letters = len(letters)
    names = letters + [f"r{r}c{c}" for r in range(height) for c in range(width)]
    placements: dict[str, list[Cells]] = {}
    for p in letters:
        places = []
        for shape in _orientations(p):
            hs = max(r for r, _ in shape) + 1
            ws = max(c for _, c in shape) + 1
            for r0 in range(height - hs + 1):
                for c0 in range(width - ws + 1):
                    places.append(tuple((r0 + r, c0 + c) for r, c in shape))
        placements[p] = places

    markers: dict[tuple[str, Cells], list[str]] = {}  # secondary items of some placements
    secondary: list[str] = []
    if break_symmetry:
        asym = next((p for p in _ASYMMETRIC if p in letters), None)
        if asym is None:
            raise EncodingError(
                "break_symmetry needs a pentomino without symmetry (one of F L N P Y) among "
                f"the pieces {''.join(letters)}, otherwise the board's symmetries might fix a tiling")
        anchor = "X" if "X" in letters else asym
        syms = _board_symmetries(height, width)

        def image(g, cells):
            return tuple(sorted(g(r, c) for r, c in cells))

        kept = []
        stabilisers: dict[str, str] = {}  # marker name -> codes of the stabiliser
        for x in placements[anchor]:
            images = {code: image(g, x) for code, g in syms.items()}
            if x != min(images.values()):
                continue
            kept.append(x)
            codes = "".join(sorted(code for code, y in images.items() if y == x and code != "e"))
            if codes:
                name = f"fix_{codes}"
                stabilisers[name] = codes
                markers[anchor, x] = [name]
        placements[anchor] = kept
        if stabilisers:
            secondary = sorted(stabilisers)
            for y in placements[asym]:
                for name in secondary:
                    orbit = [image(syms[code], y) for code in stabilisers[name]]
                    if min(orbit) < y:
                        markers.setdefault((asym, y), []).append(name)

    item = {nm: i for i, nm in enumerate(names + secondary)}
    opt_ptr = [0]
    flat: list[int] = []
    key: list[tuple[str, Cells]] = []
    for i, p in enumerate(letters):
        for cells in placements[p]:
            flat.append(i)
            flat.extend(n_letters + r * width + c for r, c in cells)
            flat.extend(item[name] for name in markers.get((p, cells), ()))
            opt_ptr.append(len(flat))
            key.append((p, cells))
    problem = ExactCover(len(names), names + secondary, np.array(opt_ptr, np.int64),
                         np.array(flat, np.int32))
    return problem, key


@_reads_key("pentominoes")
def pentomino_grid(solution: Iterable[int], key: Sequence[tuple[str, Cells]]) -> list[list[str]]:
    """The board of a solution of :func:`pentominoes`: a list of rows of letters.

    Cells that no option of the solution covers hold ``"."`` (the board is
    as large as the options cover).

    Parameters
    ----------
    solution, key
        A solution (option indices) of the problem :func:`pentominoes` returned, and its key.

    Returns
    -------
    list of list of str

    Raises
    ------
    EncodingError
        Naming the fault: a bad ``key``, an option number outside it, a piece
        placed twice or two pieces on one cell.

    Examples
    --------
    >>> from dlxnumba import pentomino_grid, pentominoes
    >>> problem, key = pentominoes(3, 5, pieces="FPU")
    >>> pentomino_grid(problem.solve(), key)
    [['P', 'P', 'F', 'U', 'U'], ['P', 'P', 'F', 'F', 'U'], ['P', 'F', 'F', 'U', 'U']]
    >>> pentomino_grid([0, 1], key)
    Traceback (most recent call last):
    ...
    dlxnumba.errors.EncodingError: options 0 and 1 both place the piece 'F'
    """
    options = _options_of(solution, key, "pentominoes")
    placed = [key[j] for j in options]
    cells = [cell for _, cs in placed for cell in cs]
    if not cells:
        return []
    height = max(r for r, _ in cells) + 1
    width = max(c for _, c in cells) + 1
    grid = [["."] * width for _ in range(height)]
    pieces: dict = {}  # letter -> option
    owner: dict = {}  # cell -> option
    for j, (letter, cs) in zip(options, placed):
        other = pieces.setdefault(letter, j)
        if other != j:
            raise EncodingError(f"options {other} and {j} both place the piece {letter!r}")
        for r, c in cs:
            other = owner.setdefault((r, c), j)
            if other != j:
                raise EncodingError(f"options {other} and {j} both cover the cell in row {r}, column {c}")
            grid[r][c] = letter
    return grid


def pentomino_picture(solution: Iterable[int], key: Sequence[tuple[str, Cells]]) -> str:
    """A solution of :func:`pentominoes` as text, one line per row of the board.

    Parameters and errors are those of :func:`pentomino_grid`.

    Returns
    -------
    str
        The rows of :func:`pentomino_grid`, joined by newlines.

    Examples
    --------
    >>> from dlxnumba import pentomino_picture, pentominoes
    >>> problem, key = pentominoes(3, 5, pieces="LPV")
    >>> print(pentomino_picture(problem.solve(), key))
    VLLLL
    VLPPP
    VVVPP
    """
    return "\n".join("".join(row) for row in pentomino_grid(solution, key))


# ---------------------------------------------------------------------------
# Word rectangles (colors)
# ---------------------------------------------------------------------------


def _words(words: Any, name: str) -> list[str]:
    """``words`` as a list of distinct non-empty strings of one length, or EncodingError."""
    if isinstance(words, (str, bytes)):
        raise EncodingError(f"{name} must be a list of words, not the string {words!r}")
    try:
        out = list(words)
    except TypeError:
        raise EncodingError(f"{name} must be a list of words, not {plain(words)}") from None
    if not out:
        raise EncodingError(f"{name} is empty: a word rectangle needs words")
    seen: set = set()
    for w in out:
        if not isinstance(w, str) or not w:
            raise EncodingError(f"{name} holds {plain(w)}, not a non-empty string")
        if len(w) != len(out[0]):
            raise EncodingError(f"{name} mixes lengths: {out[0]!r} has {len(out[0])} letters, "
                                f"{w!r} {len(w)}")
        if w in seen:
            raise EncodingError(f"{name} lists {w!r} twice")
        seen.add(w)
    return out


def word_rectangles(row_words: Iterable[str], column_words: Iterable[str], distinct: bool = False
                    ) -> tuple[ExactCover, list[tuple[str, int, str]]]:
    """Word rectangles: fill an ``m x n`` grid with letters so that every row is
    one of ``row_words`` (``n`` letters each) and every column one of
    ``column_words`` (``m`` letters each).  A problem with colors (Knuth,
    TAOCP 7.2.2.1): the letters are the colors of the cells.

    Parameters
    ----------
    row_words, column_words : lists of str
        Distinct words; all rows words have one length ``n``, all column words
        one length ``m``.  (The same list for both, with ``m == n``, gives the
        word squares.)
    distinct : bool
        No word may appear twice in the rectangle (as two rows, two columns,
        or a row and a column): each word is then a secondary item of every
        option that places it.

    Returns
    -------
    problem : ExactCover
        Primary items ``r0 .. r{m-1}`` (the rows) and ``c0 .. c{n-1}`` (the
        columns); secondary items ``x{i}_{j}`` (the cells), each given a
        letter as its color, and with ``distinct`` the words ``w_<word>``.
        Options: for each row ``i`` and row word ``w``,
        ``r{i} x{i}_0:w[0] ... x{i}_{n-1}:w[n-1]``, then the same for the
        columns.
    key : list of (str, int, str)
        ``key[j] == ("row", i, w)`` or ``("column", j, w)``: option ``j``
        writes the word ``w`` into that row or column.

    Raises
    ------
    EncodingError
        For bad word lists (see above) or ``distinct``, a problem too large for the links.

    Examples
    --------
    >>> from dlxnumba import word_rectangle, word_rectangles
    >>> problem, key = word_rectangles(["cat", "ore", "tea"], ["co", "ar", "te", "ta"])
    >>> [word_rectangle(s, key) for s in problem.solutions()]
    [['cat', 'ore']]
    >>> problem.colors_of(problem.solve())["x1_2"]
    'e'
    """
    rows = _words(row_words, "row_words")
    cols = _words(column_words, "column_words")
    if not isinstance(distinct, (bool, np.bool_)):
        raise EncodingError(f"distinct must be True or False, not {plain(distinct)}")
    m, n = len(cols[0]), len(rows[0])
    names: list = [f"r{i}" for i in range(m)] + [f"c{j}" for j in range(n)]
    names += [f"x{i}_{j}" for i in range(m) for j in range(n)]
    word_item: dict = {}
    if distinct:
        for w in rows + cols:
            word_item.setdefault(w, len(names) + len(word_item))
        names += [f"w_{w}" for w in word_item]
    n_options = m * len(rows) + n * len(cols)
    total = n_options * (1 + max(m, n) + distinct)
    _check_fits("word_rectangles()", len(names), n_options, total, 0)
    letters: dict = {}
    items: list[int] = []
    colors: list[int] = []
    ptr = [0]
    key: list[tuple[str, int, str]] = []
    cell0 = m + n
    for kind, count, words in (("row", m, rows), ("column", n, cols)):
        for a in range(count):
            for w in words:
                items.append(a if kind == "row" else m + a)
                colors.append(0)
                for b, letter in enumerate(w):
                    items.append(cell0 + (a * n + b if kind == "row" else b * n + a))
                    colors.append(letters.setdefault(letter, len(letters) + 1))
                if distinct:
                    items.append(word_item[w])
                    colors.append(0)
                ptr.append(len(items))
                key.append((kind, a, w))
    problem = ExactCover(m + n, names, np.array(ptr, np.int64), np.array(items, np.int32),
                         np.array(colors, np.int32), list(letters))
    return problem, key


@_reads_key("word_rectangles")
def word_rectangle(solution: Iterable[int], key: Sequence[tuple[str, int, str]]) -> list[str]:
    """The rows of a solution of :func:`word_rectangles`, as strings.

    Parameters
    ----------
    solution, key
        A solution (option indices) of the problem :func:`word_rectangles` returned, and its key.

    Returns
    -------
    list of str

    Raises
    ------
    EncodingError
        Naming the fault: a bad ``key``, an option number outside it, a row
        or column filled twice or not at all, or words that disagree on a cell.

    Examples
    --------
    >>> from dlxnumba import word_rectangle, word_rectangles
    >>> problem, key = word_rectangles(["ab", "cd"], ["ac", "bd"])
    >>> word_rectangle(problem.solve(), key)
    ['ab', 'cd']
    """
    options = _options_of(solution, key, "word_rectangles")
    m = 1 + max(a for kind, a, _ in key if kind == "row")
    n = 1 + max(a for kind, a, _ in key if kind == "column")
    grid: dict = {}
    placed: dict = {}
    for j in options:
        kind, a, w = key[j]
        other = placed.setdefault((kind, a), j)
        if other != j:
            raise EncodingError(f"options {other} and {j} both fill {kind} {a}")
        for b, letter in enumerate(w):
            cell = (a, b) if kind == "row" else (b, a)
            if grid.setdefault(cell, letter) != letter:
                raise EncodingError(f"option {j} writes {letter!r} into row {cell[0]}, column {cell[1]}, "
                                    f"which holds {grid[cell]!r}")
    for kind, count in (("row", m), ("column", n)):
        for a in range(count):
            if (kind, a) not in placed:
                raise EncodingError(f"no option of the solution fills {kind} {a}")
    return ["".join(grid[i, j] for j in range(n)) for i in range(m)]
