"""The rules every fuzzed call must keep, and the oracles that judge its answers.

A call of an entry point either

* returns an answer, which an oracle here (or in ``tests/reference.py``)
  checks without using the package, or
* raises a *rejection*: an exception of a ``ValueError`` subclass defined in
  :mod:`dlxnumba.errors`, whose message names the fault (the argument, the
  line, the symbol), shows plain values (``2``, not ``np.int64(2)``) and
  which survives pickling, or
* raises :class:`~dlxnumba.errors.LimitReached` when a budget was given and
  ran out (never over budget).

Anything else is a :class:`Fault`: a foreign exception (``TypeError``,
``IndexError``, ``OverflowError``, ``UnicodeDecodeError`` ...), a wrong or
lost answer, a bad argument accepted, a good one refused, a message that does
not say what is wrong.
"""

from __future__ import annotations
from dlxnumba import Status

import math
import pickle
import re
from dataclasses import dataclass
from typing import Callable

import numpy as np

import dlxnumba.errors as E
from fuzz_strategies import BAD, EITHER, OK

#: The rejections the package may raise: its ValueError subclasses.
PRODUCT_ERRORS = tuple(c for c in vars(E).values()
                       if isinstance(c, type) and issubclass(c, ValueError) and c.__module__ == E.__name__)
LimitReached = E.LimitReached

_NUMPY_REPR = re.compile(r"\bnp\.[a-z]+[0-9]*\(|\bnp\.(True|False)_|\barray\(\[")


def over_budget(nodes, max_nodes, solutions) -> bool:
    """Whether a search made more nodes than ``max_nodes`` allows: the budget is
    checked before each node that branches; the solutions found at the last level
    entered are still visited, one node each (README: "Every search call")."""
    return max_nodes is not None and int(nodes) > int(max_nodes) + int(solutions)


class Fault(AssertionError):
    """A broken rule.  ``kind`` is a short label (faults with one kind and one
    target are counted as one), ``detail`` says what happened."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind}: {detail}" if detail else kind)
        self.kind = kind
        self.detail = detail


def fault(kind: str, detail: str = "") -> Fault:
    return Fault(kind, detail)


def attempt(fn: Callable, *args, **kwargs):
    """``(True, result)`` or ``(False, exception)``."""
    try:
        return True, fn(*args, **kwargs)
    except Exception as e:  # noqa: BLE001 -- judged by the caller
        return False, e


def describe(e: BaseException) -> str:
    return f"{type(e).__name__}: {str(e)[:300]}"


def combine(*verdicts: str) -> str:
    """The verdict of a call from those of its parts."""
    if BAD in verdicts:
        return BAD
    if EITHER in verdicts:
        return EITHER
    return OK


def check_message(e: BaseException, mention=(), where: str = "") -> None:
    """The message of a rejection: not empty, plain values, names one of ``mention``."""
    msg = str(e)
    if not msg.strip():
        raise fault(f"{type(e).__name__} with an empty message", where)
    if _NUMPY_REPR.search(msg):
        raise fault("message shows a numpy repr instead of a plain value", f"{where}: {msg[:300]}")
    if mention and not any(m.lower() in msg.lower() for m in mention):
        raise fault("message does not name the fault",
                    f"{where}: expected one of {list(mention)!r} in {msg[:300]!r}")


def check_pickles(e: BaseException, where: str = "") -> None:
    try:
        back = pickle.loads(pickle.dumps(e))
    except Exception as err:  # noqa: BLE001
        raise fault(f"{type(e).__name__} does not pickle", f"{where}: {describe(err)}") from None
    if type(back) is not type(e) or str(back) != str(e):
        raise fault(f"{type(e).__name__} changes when pickled", f"{where}: {str(back)!r} != {str(e)!r}")


def check_rejection(e: BaseException, verdict: str, mention=(), where: str = "") -> str:
    """Judge an exception raised for an input of ``verdict``; return the outcome label."""
    if isinstance(e, Fault):
        raise e
    if not isinstance(e, PRODUCT_ERRORS):
        raise fault(f"{type(e).__name__} escaped", f"{where}: {describe(e)}")
    if verdict == OK:
        raise fault("valid input rejected", f"{where}: {describe(e)}")
    check_message(e, mention if verdict == BAD else (), where)
    check_pickles(e, where)
    return f"rejected:{type(e).__name__}"


def accepted(verdict: str, where: str, bad_names=()) -> str:
    """An input of ``verdict`` was accepted; return the outcome label."""
    if verdict == BAD:
        raise fault("bad argument accepted", f"{where} (bad: {', '.join(bad_names) or '?'})")
    return "accepted"


def check_limit(e: LimitReached, max_nodes, timeout, where: str = "") -> str:
    """A LimitReached: allowed only with a budget, never over it; it pickles."""
    if e.reason not in (Status.MAX_NODES, Status.TIMEOUT):
        raise fault("LimitReached with an unknown reason", f"{where}: {e.reason!r}")
    if e.reason == Status.MAX_NODES and max_nodes is None:
        raise fault("LimitReached(max_nodes) without max_nodes", where)
    if e.reason == Status.TIMEOUT and timeout is None:
        raise fault("LimitReached(timeout) without timeout", where)
    if e.reason == Status.MAX_NODES and over_budget(e.stats.nodes, max_nodes, e.stats.solutions):
        raise fault("node budget exceeded", f"{where}: {e.stats.nodes} nodes > max_nodes={max_nodes}")
    str(e)
    try:
        back = pickle.loads(pickle.dumps(e))
    except Exception as err:  # noqa: BLE001
        raise fault("LimitReached does not pickle", f"{where}: {describe(err)}") from None
    if (back.reason, back.found) != (e.reason, e.found):
        raise fault("LimitReached changes when pickled", where)
    return f"limit:{e.reason}"


def value_of(tagged_kwargs: dict) -> dict:
    """``{name: value}`` of ``{name: (value, verdict)}``."""
    return {k: v for k, (v, _) in tagged_kwargs.items()}


def verdict_of(tagged_kwargs: dict) -> tuple[str, list[str]]:
    """The verdict of tagged keyword arguments and the names of those that may be
    refused (bad or either): a refusal must name one of them."""
    bad = [k for k, (_, v) in tagged_kwargs.items() if v != OK]
    return combine(*(v for _, v in tagged_kwargs.values())), bad


def plain_int(v) -> int | None:
    """``v`` as an int when it is an integer that is not a bool, else None."""
    if isinstance(v, (bool, np.bool_)):
        return None
    if isinstance(v, (int, np.integer)):
        return int(v)
    return None


def budget_of(kw: dict):
    """``(max_nodes, timeout)`` of plain keyword values, when valid numbers."""
    mn = kw.get("max_nodes")
    to = kw.get("timeout")
    mn = plain_int(mn) if mn is not None else None
    if not isinstance(to, (int, float, np.floating, np.integer)) or isinstance(to, bool) or to != to:
        to = None
    return mn, to


# ---------------------------------------------------------------------------
# Oracles: Sudoku
# ---------------------------------------------------------------------------


def units(n: int, box) -> list[list[int]]:
    r, c = box
    rows = [[i * n + j for j in range(n)] for i in range(n)]
    cols = [[i * n + j for i in range(n)] for j in range(n)]
    boxes = [[(top + i) * n + left + j for i in range(r) for j in range(c)]
             for top in range(0, n, r) for left in range(0, n, c)]
    return rows + cols + boxes


_PEERS: dict = {}


def peers(n: int, box) -> list[tuple[int, ...]]:
    key = (n, tuple(box))
    p = _PEERS.get(key)
    if p is None:
        sets = [set() for _ in range(n * n)]
        for u in units(n, box):
            for k in u:
                sets[k].update(u)
        p = _PEERS[key] = [tuple(sorted(s - {k})) for k, s in enumerate(sets)]
    return p


def clashes(cells, n: int, box) -> bool:
    """Whether a digit appears twice in a row, column or box."""
    for u in units(n, box):
        seen = [v for v in (cells[k] for k in u) if v]
        if len(seen) != len(set(seen)):
            return True
    return False


def sudoku_ok(sol, puzzle, n: int, box) -> bool:
    """A complete grid of the shape that keeps the givens."""
    sol = [int(v) for v in sol]
    if len(sol) != n * n:
        return False
    want = list(range(1, n + 1))
    if any(sorted(sol[k] for k in u) != want for u in units(n, box)):
        return False
    return all(g == 0 or g == s for g, s in zip(puzzle, sol))


class _Budget(Exception):
    pass


def count_sudoku(cells, n: int, box, cap: int, budget: int = 4000) -> int | None:
    """The number of completions of ``cells``, at most ``cap``; None when the
    oracle ran out of ``budget`` nodes (then nothing is checked).

    Plain backtracking on the cell with the fewest candidates (bit masks).
    """
    cells = [int(v) for v in cells]
    if clashes(cells, n, box):
        return 0
    pe = peers(n, box)
    full = (1 << (n + 1)) - 2
    found = 0
    nodes = 0
    empty = [k for k, v in enumerate(cells) if v == 0]

    def candidates(k):
        m = full
        for q in pe[k]:
            m &= ~(1 << cells[q])
        return m

    def fill():
        nonlocal found, nodes
        nodes += 1
        if nodes > budget:
            raise _Budget
        best, best_m, best_c = None, 0, n + 1
        for k in empty:
            if cells[k] == 0:
                m = candidates(k)
                c = bin(m).count("1")
                if c < best_c:
                    best, best_m, best_c = k, m, c
                    if c <= 1:
                        break
        if best is None:
            found += 1
            return
        if best_c == 0:
            return
        d = 1
        m = best_m
        while m and found < cap:
            if m & 2:
                cells[best] = d
                fill()
                cells[best] = 0
            m >>= 1
            d += 1

    try:
        fill()
    except _Budget:
        return None
    return min(found, cap)


def default_box(n) -> tuple[int, int] | None:
    for r in range(math.isqrt(n), 1, -1):
        if n % r == 0:
            return r, n // r
    return None


def box_verdict(box, n: int):
    """(box as a pair, or None; verdict) of a ``box=`` argument for an ``n x n`` grid,
    by the documented rule: a pair (rows, columns) of positive integers whose
    product is ``n``, or that pair as text ``"RxC"`` (decimal digits, ``x``, ``X``,
    ``×`` or ``,`` between, spaces around; as ``--box`` reads it); None for the
    default, which needs a divisor of ``n`` from 2."""
    if box is None:
        b = default_box(n)
        return b, (OK if b else BAD)
    if isinstance(box, str):
        m = re.fullmatch(r"\s*([0-9]+)\s*[xX×,]\s*([0-9]+)\s*", box, re.ASCII)
        if m is None:
            return None, BAD
        box = (int(m.group(1)), int(m.group(2)))
    try:
        items = list(box)
    except TypeError:
        return None, BAD
    if isinstance(box, (str, bytes, dict)) or len(items) != 2:
        return None, BAD
    out = []
    verdict = OK
    for v in items:
        if isinstance(v, (bool, np.bool_)):
            return None, BAD
        if isinstance(v, (int, np.integer)):
            out.append(int(v))
        elif isinstance(v, (float, np.floating)) and v == v and v == int(v):
            out.append(int(v))
            verdict = EITHER
        else:
            return None, BAD
    r, c = out
    if r < 1 or c < 1 or r * c != n:
        return None, BAD
    return (r, c), verdict


# --- the text syntax, restated from the documentation --------------------

SYMBOLS = "123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"


@dataclass
class Parsed:
    """What the documented text syntax makes of a text: cells, or why not."""

    cells: list | None = None
    verdict: str = OK
    reason: str = ""
    mention: tuple = ()


def parse_text(text: str, drawing) -> Parsed:
    """Cells of a puzzle text: symbols ``1-9A-Za-z`` (lower case = upper case up
    to 35 x 35), ``.0_`` empty, the package's published DRAWING set ignored.
    Other white space is undecided (EITHER)."""
    vals = []
    odd = []  # white space outside the drawing set: may be refused as a symbol
    for ch in text:
        if ch in drawing:
            continue
        if ch in ".0_":
            vals.append(0)
        elif ch in SYMBOLS:
            vals.append(SYMBOLS.index(ch) + 1)
        elif ch.isspace():
            odd.append(ch)
        else:
            return Parsed(verdict=BAD, reason="unknown symbol", mention=tuple(repr(c) for c in odd + [ch]))
    either = bool(odd)
    if either:
        return Parsed(verdict=EITHER, reason="white space outside the drawing set")
    k = len(vals)
    n = math.isqrt(k)
    if k == 0 or n * n != k or n < 4:
        return Parsed(verdict=BAD, reason="not a square number of cells")
    if n > 61:
        return Parsed(verdict=BAD, reason="too large for text")
    if n < 36:
        vals = [v - 26 if v > 35 else v for v in vals]
    if max(vals) > n:
        return Parsed(verdict=BAD, reason="symbol too large")
    return Parsed(cells=vals)


def parse_array(value) -> Parsed:
    """Cells of an array or nested lists: 1-D of a square number (>= 16) of
    cells, or 2-D square; whole numbers 0..n."""
    try:
        with np.errstate(all="ignore"):
            a = np.asarray(value)
    except (ValueError, TypeError):
        return Parsed(verdict=BAD, reason="ragged")
    if a.dtype.kind in "US":
        return Parsed(verdict=BAD, reason="strings")
    if a.ndim == 1:
        n = math.isqrt(a.size)
        if n * n != a.size or n < 4 or n > 250:
            return Parsed(verdict=BAD, reason="not a square number of cells")
    elif a.ndim == 2:
        n = a.shape[0]
        if a.shape[0] != a.shape[1] or n > 250 or n == 0:
            return Parsed(verdict=BAD, reason="not square")
    else:
        return Parsed(verdict=BAD, reason="not 1-D or 2-D")
    flat = a.reshape(-1).tolist()
    cells = []
    for v in flat:
        if isinstance(v, bool):
            return Parsed(verdict=EITHER, reason="booleans")
        if isinstance(v, complex) or not isinstance(v, (int, float)):
            return Parsed(verdict=BAD if not isinstance(v, complex) else EITHER, reason="not numbers")
        if v != v or v != int(v) or not 0 <= v <= n:
            return Parsed(verdict=BAD, reason="value out of range")
        cells.append(int(v))
    verdict = OK
    if a.dtype.kind in "Oc":
        verdict = EITHER  # numbers in an object or complex array: may be refused
    if n < 4:
        verdict = EITHER
    return Parsed(cells=cells, verdict=verdict)


# ---------------------------------------------------------------------------
# Oracles: exact cover
# ---------------------------------------------------------------------------


def solutions_of(options, n_primary, n_items, given=()) -> set[frozenset[int]]:
    """Every solution with the options ``given`` forced, givens included (as the
    engine documents: a given option is in every solution, even one without a
    primary item).  Plain backtracking (tests/reference.py) on what the givens leave."""
    import reference as ref

    given = list(given)
    if not given:
        return ref.solutions_by_backtracking(options, n_primary, n_items)
    used: set = set()
    for j in given:
        if used & set(options[j]) or given.count(j) > 1:
            return set()
        used |= set(options[j])
    keep = [j for j, o in enumerate(options) if j not in given and not used & set(o)]
    # the primary items the givens cover are gone: renumber the rest, primary first
    prim = [i for i in range(n_primary) if i not in used]
    rest = [i for i in range(n_primary, n_items) if i not in used]
    number = {i: k for k, i in enumerate(prim + rest)}
    sub = ref.solutions_by_backtracking([[number[i] for i in options[j]] for j in keep], len(prim), len(number))
    return {frozenset(keep[k] for k in s) | frozenset(given) for s in sub}


# ---------------------------------------------------------------------------
# Running things
# ---------------------------------------------------------------------------

@dataclass
class Target:
    """One entry point (or family) under fuzzing: cases and the check of a case."""

    name: str
    entry: str
    strategy: object
    check: Callable[[dict], str]
