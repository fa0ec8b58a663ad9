"""Colors (Algorithm C, Knuth's DLX2) and multiplicities (Algorithm M, DLX3).

Counting benchmarks of the dancing-links kernels on problems with colors and
bounds, each recording ``updates_per_second`` (DLX2/DLX3 updates of one count
over its median time) and Knuth's counters:

* de Bruijn cycles (DLX2): the cyclic binary sequences of length ``L`` in which
  every window of ``n`` bits whose weight lies in ``lo..hi`` occurs exactly once,
  the first window fixed (as Knuth's ``de-bruijn-dlx``, whose problem for
  ``1 3 5`` is ``tests/golden/debruijn135.dlx``);
* queendom (DLX3): ``m`` queens that occupy or attack every cell of an ``n x n``
  board (as Knuth's ``queendom-dlx``; ``4 6`` is ``tests/golden/queendom4_6.dlx``);
* word rectangles (:func:`dlxnumba.word_rectangles`) from two seeded random
  word lists over a small alphabet.

Every count is checked by an independent method (the golden figures, a direct
enumeration of the boards, a backtracking over row words).
"""

from __future__ import annotations

import random
import warnings
from itertools import combinations, product
from pathlib import Path

import pytest

from benchutil import record, run
from dlxnumba import last_stats
from dlxnumba import ExactCover, word_rectangle, word_rectangles

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def de_bruijn(n: int, lo: int, hi: int) -> ExactCover:
    """The de Bruijn cycle problem: windows of ``n`` bits with weight in ``lo..hi``."""
    windows = [w for w in range(1, 1 << n) if lo <= bin(w).count("1") <= hi]
    length = len(windows)
    options = []
    for k in range(length):
        for w in (windows[:1] if k == 0 else windows[1:]):  # position 0 holds the first window
            bits = [(w >> (n - 1 - d)) & 1 for d in range(n)]
            options.append([f"w{w}", f"p{k}"] + [(f"x{(k + d) % length}", str(b)) for d, b in enumerate(bits)])
    primary = [f"w{w}" for w in windows] + [f"p{k}" for k in range(length)]
    return ExactCover.from_options(options, primary=primary, secondary=[f"x{k}" for k in range(length)])


def de_bruijn_count(n: int, lo: int, hi: int) -> int:
    """The same count by brute force over the bits (small cases only)."""
    windows = {w for w in range(1, 1 << n) if lo <= bin(w).count("1") <= hi}
    length = len(windows)
    first = min(windows)
    count = 0
    for rest in product((0, 1), repeat=length - n):
        bits = [(first >> (n - 1 - d)) & 1 for d in range(n)] + list(rest)
        seen = {int("".join(str(bits[(k + d) % length]) for d in range(n)), 2) for k in range(length)}
        count += seen == windows
    return count


def queendom(n: int, m: int) -> ExactCover:
    """``m`` queens on an ``n x n`` board, every cell occupied or attacked (1..m times)."""
    cells = [(r, c) for r in range(n) for c in range(n)]
    options = []
    for r, c in cells:
        seen = [f"{a}_{b}" for a, b in cells if a == r or b == c or abs(a - r) == abs(b - c)]
        options.append(["Q"] + seen)
    bounds = {f"{r}_{c}": (1, m) for r, c in cells}
    bounds["Q"] = m
    return ExactCover.from_options(options, primary=[f"{r}_{c}" for r, c in cells] + ["Q"], bounds=bounds)


def dominating_sets(n: int, m: int) -> int:
    cells = [(r, c) for r in range(n) for c in range(n)]
    return sum(all(any(r == a or c == b or abs(r - a) == abs(c - b) for a, b in qs) for r, c in cells)
               for qs in combinations(cells, m))


def random_words(count: int, length: int, alphabet: str, seed: int) -> list[str]:
    rng = random.Random(seed)
    words: set = set()
    while len(words) < count:
        words.add("".join(rng.choice(alphabet) for _ in range(length)))
    return sorted(words)


def rectangles_by_backtracking(rows: list[str], cols: list[str]) -> int:
    """Rectangles counted by choosing row words in turn, checking column prefixes."""
    m = len(cols[0])
    prefixes = {c[:k] for c in cols for k in range(m + 1)}
    n = len(rows[0])

    def extend(chosen) -> int:
        if len(chosen) == m:
            return 1
        total = 0
        for w in rows:
            if all("".join(x[j] for x in chosen) + w[j] in prefixes for j in range(n)):
                total += extend(chosen + [w])
        return total

    return extend([])


def count_and_record(benchmark, problem, expect, name, disabled, **extra):
    problem.count(limit=1)  # warm up the JIT
    count, seconds = run(benchmark, lambda: problem.count(stop_at=0), rounds=1 if disabled else 3)
    st = last_stats()
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=st.nodes, updates=st.updates,
           verified=count == expect, kind="engine", problem=name, count=count, timed="call",
           cleansings=st.cleansings, **extra)
    assert count == expect
    return st


def test_de_bruijn_golden(benchmark, disabled):
    """Knuth's own file: DLX2's figures exactly."""
    benchmark.group = "colors-count"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        problem = ExactCover.from_dlx(GOLDEN / "debruijn135.dlx")
    st = count_and_record(benchmark, problem, 160, "debruijn135", disabled)
    assert (st.nodes, st.updates, st.cleansings) == (2325, 105879, 18184)


def is_de_bruijn(problem: ExactCover, solution, n: int, lo: int, hi: int) -> bool:
    """Whether the bits a solution gives x0..x{L-1} form a cycle holding every
    window of weight lo..hi exactly once."""
    colors = problem.colors_of(solution)
    length = len(colors)
    bits = [int(colors[f"x{k}"]) for k in range(length)]
    seen = [int("".join(str(bits[(k + d) % length]) for d in range(n)), 2) for k in range(length)]
    windows = {w for w in range(1, 1 << n) if lo <= bin(w).count("1") <= hi}
    return len(set(seen)) == length and set(seen) == windows


@pytest.mark.parametrize("n, lo, hi", [(5, 1, 3), (6, 2, 4)], ids=["debruijn-5-1-3", "debruijn-6-2-4"])
def test_de_bruijn(benchmark, disabled, n, lo, hi):
    """The count is checked by brute force over the bits where that is quick
    (5 1 3 is Knuth's 160); for 6 2 4 every solution is checked to be a cycle
    with the right windows instead."""
    benchmark.group = "colors-count"
    if disabled and n > 5:
        n, lo, hi = 5, 2, 3  # a quick one under --benchmark-disable
    problem = de_bruijn(n, lo, hi)
    if (n, lo, hi) == (5, 1, 3):
        expect = 160
    elif (n, lo, hi) == (5, 2, 3):
        expect = de_bruijn_count(n, lo, hi)
    else:
        sols = list(problem.solutions())
        assert all(is_de_bruijn(problem, sol, n, lo, hi) for sol in sols)
        expect = len(sols)
    count_and_record(benchmark, problem, expect, f"debruijn-{n}-{lo}-{hi}", disabled)


def test_de_bruijn_generator_matches_knuths_file():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)
        golden = ExactCover.from_dlx(GOLDEN / "debruijn135.dlx")
    ours = de_bruijn(5, 1, 3)
    assert (ours.n_primary, ours.n_items, ours.n_options) == (golden.n_primary, golden.n_items, golden.n_options)
    assert ours.count() == 160


@pytest.mark.parametrize("n, m", [(4, 6), (5, 4), (6, 4)], ids=["queendom-4-6", "queendom-5-4", "queendom-6-4"])
def test_queendom(benchmark, disabled, n, m):
    benchmark.group = "multiplicities-count"
    if disabled and n > 4:
        n, m = 5, 3
    problem = queendom(n, m)
    expect = 7996 if (n, m) == (4, 6) else dominating_sets(n, m)
    st = count_and_record(benchmark, problem, expect, f"queendom-{n}-{m}", disabled)
    if (n, m) == (4, 6):  # Knuth's problem, items in his order: DLX3's figures
        golden = ExactCover.from_dlx(GOLDEN / "queendom4_6.dlx")
        golden.count()
        assert (last_stats().nodes, last_stats().updates) == (121492, 270897)
    assert st.solutions == expect


#: (rows, columns, words per list, alphabet): about 10% of the possible words,
#: so that the rectangles number thousands, not billions.
WORDS = {"words-4x4": (4, 4, 100, "abcdef"), "words-5x5": (5, 5, 70, "abcd")}


@pytest.mark.parametrize("name", sorted(WORDS))
def test_word_rectangles(benchmark, disabled, name):
    benchmark.group = "colors-count"
    m, n, count, alphabet = WORDS[name] if not disabled else (3, 3, 40, "abcde")
    rows = random_words(count, n, alphabet, 1)
    cols = random_words(count, m, alphabet, 2)
    problem, key = word_rectangles(rows, cols)
    expect = rectangles_by_backtracking(rows, cols)
    count_and_record(benchmark, problem, expect, name, disabled)
    first = problem.solve()
    if expect:
        rect = word_rectangle(first, key)
        assert all(r in rows for r in rect) and all("".join(r[j] for r in rect) in cols for j in range(n))
