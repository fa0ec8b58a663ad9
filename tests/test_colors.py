"""Colors (Knuth's Algorithm C, his program DLX2): the representation, the search,
the DLX text, against DLX2's own figures and a brute-force oracle."""

from __future__ import annotations

import pickle
import warnings

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import dlxnumba.search as search_module
from dlxnumba import last_stats
from dlxnumba import ExactCover, ExactCoverError
from dlxnumba.errors import DLXFormatError
from colored import (GOLDEN, HERE, as_lists, build, check_batch_against_searches, colored_problems, golden,
                     link_arrays, read_quietly, run_in_node_slices, verify)
from reference import colored_solutions_by_subsets, is_colored_cover
from strategies import examples

# ---------------------------------------------------------------------------
# DLX2's figures (../shared/golden.md)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name, solutions, nodes, updates, cleansings", [
    ("toy2.dlx", 1, 3, 9, 3),
    ("debruijn135.dlx", 160, 2325, 105879, 18184),
])
def test_dlx2_figures(name, solutions, nodes, updates, cleansings):
    p = read_quietly(golden(name))
    found = list(p.solutions(stop_at=0))
    s = last_stats()
    assert (len(found), s.nodes, s.updates, s.cleansings) == (solutions, nodes, updates, cleansings)
    assert all(verify(p, sol) for sol in found)
    assert len({frozenset(sol) for sol in found}) == len(found)
    # count() runs the same search
    assert p.count(stop_at=0) == solutions
    assert (last_stats().nodes, last_stats().updates, last_stats().cleansings) == (nodes, updates, cleansings)


def test_golden_copies_match_the_shared_files():
    if GOLDEN is None or not GOLDEN.is_dir():
        pytest.skip("set DLXNUMBA_GOLDEN to the folder of the golden files to compare the copies")
    for name in ("toy2.dlx", "toy3.dlx", "debruijn135.dlx", "queendom4_6.dlx"):
        assert (HERE / name).read_bytes() == (GOLDEN / name).read_bytes()


def test_toy2_solution_is_dlx2s():
    """DLX2's introduction: the unique solution is 'A C X:1 Y:1' and 'B X:1'; the
    option 'X:0 Y:1' (no primary item) is dropped with a warning."""
    with pytest.warns(UserWarning, match=r"line 5"):
        p = ExactCover.from_dlx(golden("toy2.dlx"))
    assert p.n_options == 3
    (sol,) = p.solutions()
    assert sorted(p.option_names(sol)) == [("A", "C", "X", "Y"), ("B", "X")]
    assert p.colors_of(sol) == {"X": "1", "Y": "1"}


def test_debruijn_solutions_are_de_bruijn_cycles():
    """Independent check of the 160 solutions: the option of each position p<k>
    fixes the bits x<k>..x<k+4> by colors; reading the 25 bits x0..x24 around the
    cycle must give every 5-bit window of weight 1..3 (25 of them) exactly once."""
    p = read_quietly(golden("debruijn135.dlx"))
    cycles = set()
    for sol in p.solutions():
        colors = p.colors_of(sol)
        bits = [int(colors[f"x{k}"]) for k in range(25)]
        windows = [tuple(bits[(k + d) % 25] for d in range(5)) for k in range(25)]
        assert len(set(windows)) == 25
        assert all(1 <= sum(w) <= 3 for w in windows)
        cycles.add(tuple(bits))
    assert len(cycles) == 160


# ---------------------------------------------------------------------------
# The representation
# ---------------------------------------------------------------------------


def dlx2_example() -> ExactCover:
    return ExactCover.from_options(["A B X:0 Y:0", "A C X:1 Y:1", "B X:1", "C Y:1"], secondary="X Y")


def test_from_options_strings_and_pairs_agree():
    a = dlx2_example()
    b = ExactCover.from_options([["A", "B", ("X", "0"), ("Y", "0")], ["A", "C", ("X", "1"), ("Y", "1")],
                                 ["B", ("X", "1")], ["C", ("Y", "1")]], secondary=["X", "Y"])
    assert a == b and hash(a) == hash(b)
    assert a.color_names == ["0", "1"]
    assert a.opt_colors.tolist() == [0, 0, 1, 1, 0, 0, 2, 2, 0, 2, 0, 2]
    assert a.option_colors(1) == [None, None, "1", "1"]
    assert a.has_colors and not a.has_bounds


def test_colors_change_equality_and_pickle_keeps_them():
    a = dlx2_example()
    plain = ExactCover.from_options(["A B X Y", "A C X Y", "B X", "C Y"], secondary="X Y")
    assert a != plain
    assert pickle.loads(pickle.dumps(a)) == a
    assert pickle.loads(pickle.dumps(a)).solve() == a.solve() == [1, 2]


def test_plain_problem_has_no_colors():
    p = ExactCover.from_options(["a b", "a", "b"])
    assert not p.has_colors and p.opt_colors.tolist() == [0, 0, 0, 0] and p.color_names == []
    assert p.colors_of([1, 2]) == {}
    # all-zero colors are no colors: the same problem
    q = ExactCover(p.n_primary, p.item_names, p.opt_ptr, p.opt_items, np.zeros(4, np.int32), ())
    assert q == p and not q.has_colors


def test_colored_item_names_with_colons_and_tuples():
    # "a:b:red" is item "a:b" with color "red"; a tuple name is an item when declared
    p = ExactCover.from_options([["P", "a:b:red"], ["Q", ("a:b", "red"), (1, 2)]],
                                secondary=["a:b", (1, 2)])
    assert p.option_colors(0) == [None, "red"] and p.option_colors(1) == [None, "red", None]
    assert p.count() == 1
    # an entry that is an item's name is that item, never a colored one
    q = ExactCover.from_options([["P", "x:1"], ["P", "x"]], primary=["P"], secondary=["x", "x:1"])
    assert not q.has_colors


def test_uncolored_use_excludes_every_other_use():
    """Documented meaning: an option naming X without a color may not share X
    with any other option, colored or not."""
    p = ExactCover.from_options([["A", "X"], ["B", "X:r"], ["B"], ["A", "X:r"], ["C", "X:r"], ["C"]],
                                secondary=["X"])
    got = {frozenset(s) for s in p.solutions()}
    options, colors, n1, n = as_lists(p)
    assert got == colored_solutions_by_subsets(options, colors, n1, n)
    assert frozenset({0, 1, 4}) not in got and frozenset({0, 2, 5}) in got and frozenset({3, 1, 4}) in got


@pytest.mark.parametrize("build, fragment", [
    (lambda: ExactCover.from_options([["A:red"]], primary=["A"]), "primary item 'A' cannot have a color"),
    (lambda: ExactCover.from_options([["A", ("A", 1)]], primary=["A"]), "primary item 'A'"),
    (lambda: ExactCover.from_options([["A", "Z:red"]], primary=["A"], secondary=["X"]), "unknown item 'Z:red'"),
    (lambda: ExactCover.from_options([["A", "X:"]], primary=["A"], secondary=["X"]), "empty color"),
    (lambda: ExactCover.from_options([["A", "X:r", "X:s"]], primary=["A"], secondary=["X"]), "twice"),
    (lambda: ExactCover.from_options([["A", "X", "X:s"]], primary=["A"], secondary=["X"]), "twice"),
    (lambda: ExactCover.from_options([["A", ("X", [1])]], primary=["A"], secondary=["X"]), "not hashable"),
    (lambda: ExactCover(1, ["A", "X"], [0, 2], [0, 1], [0, 2], ["r"]), "color number 2"),
    (lambda: ExactCover(1, ["A", "X"], [0, 2], [0, 1], [1, 0], ["r"]), "primary item 'A' cannot"),
    (lambda: ExactCover(1, ["A", "X"], [0, 2], [0, 1], [0, 1, 0], ["r"]), "one per entry"),
    (lambda: ExactCover(1, ["A", "X"], [0, 2], [0, 1], [0, 1], ["r", "r"]), "both named 'r'"),
    (lambda: ExactCover(1, ["A", "X"], [0, 2], [0, 1], None, ["r"]), "without opt_colors"),
], ids=["primary-string", "primary-pair", "unknown", "empty-color", "two-colors", "colored-and-not",
        "unhashable-color", "color-number", "array-on-primary", "array-length", "color-names-twice",
        "names-without-colors"])
def test_bad_colors_are_refused(build, fragment):
    with pytest.raises(ExactCoverError, match=fragment):
        build()


def test_colors_of_a_solution():
    p = dlx2_example()
    assert p.colors_of([1, 2]) == {"X": "1", "Y": "1"}
    assert p.colors_of([3]) == {"Y": "1"}
    with pytest.raises(ExactCoverError):
        p.colors_of([7])


# ---------------------------------------------------------------------------
# The search against the oracle
# ---------------------------------------------------------------------------


@settings(max_examples=examples(150), deadline=None)
@given(colored_problems(), st.sampled_from([0, 1]))
def test_same_solutions_as_the_oracle(prob, stop_at):
    p = build(prob)
    options, colors, n1, n = prob
    found = list(p.solutions(stop_at=stop_at))
    assert len(set(map(frozenset, found))) == len(found)
    assert {frozenset(s) for s in found} == colored_solutions_by_subsets(options, colors, n1, n)
    assert p.count(stop_at=stop_at) == len(found)


@settings(max_examples=examples(80), deadline=None)
@given(colored_problems(), st.sampled_from([0, 1]))
def test_links_and_colors_restored_after_a_full_search(prob, stop_at):
    p = build(prob)
    s = p.search(stop_at=stop_at)
    before = link_arrays(s)
    s.count()
    assert s.done
    for a, b in zip(before, link_arrays(s)):
        assert np.array_equal(a, b)


@settings(max_examples=examples(60), deadline=None)
@given(colored_problems(), st.integers(1, 4), st.integers(1, 6), st.sampled_from([0, 1]))
def test_resumed_in_slices_equals_one_run(prob, budget, slice_updates, stop_at):
    p = build(prob)
    whole = list(p.solutions(stop_at=stop_at))
    w = last_stats()
    found, s = run_in_node_slices(p, budget, stop_at)
    assert found == whole
    assert (s.nodes, s.updates, s.cleansings, s.solutions) == (w.nodes, w.updates, w.cleansings, w.solutions)
    old = search_module.SLICE_UPDATES
    search_module.SLICE_UPDATES = slice_updates
    try:
        assert list(p.solutions(stop_at=stop_at)) == whole
    finally:
        search_module.SLICE_UPDATES = old
    assert (last_stats().nodes, last_stats().updates, last_stats().cleansings) == (w.nodes, w.updates, w.cleansings)


@settings(max_examples=examples(80), deadline=None)
@given(colored_problems(), st.data())
def test_given_options_with_colors(prob, data):
    p = build(prob)
    options, colors, n1, n = prob
    with_primary = [j for j, o in enumerate(options) if any(i < n1 for i in o)]
    if not with_primary:
        return
    chosen = data.draw(st.lists(st.sampled_from(with_primary), unique=True, max_size=3))
    expect = {s for s in colored_solutions_by_subsets(options, colors, n1, n) if set(chosen) <= s}
    together = is_colored_cover(options, colors, n1, n, chosen, [0] * n1, [1] * n1)
    if not together:
        with pytest.raises(ExactCoverError, match="conflict"):
            p.search(given=chosen)
        return
    assert {frozenset(s) for s in p.solutions(given=chosen)} == expect


@pytest.mark.parametrize("bounds", [None, {"A": (1, 2)}])
def test_empty_and_secondary_only_options_given(bounds):
    """An empty option or one of secondary items only, given: the search solves
    the rest (and leaves the neighbouring options alone).  The oracle: the same
    problem with a new primary item G added to the given option only."""
    opts = [["A", "X:r"], [], ["X:r"], ["B", "X:s"], ["B"], ["A", "Y"], ["Y"], ["B", "Y"]]
    p = ExactCover.from_options(opts, primary=["A", "B"], secondary=["X", "Y"], bounds=bounds)
    for g in (1, 2, 6, 1):
        marked = [o + ["G"] if j == g else o for j, o in enumerate(opts)]
        q = ExactCover.from_options(marked, primary=["A", "B", "G"], secondary=["X", "Y"], bounds=bounds)
        options, colors, n1, n = as_lists(q)
        lower = upper = None
        if bounds:
            lower, upper = q.lower.tolist(), q.upper.tolist()
        expect = colored_solutions_by_subsets(options, colors, n1, n, lower, upper)
        assert {frozenset(sol) for sol in p.solutions(given=[g])} == expect
    s = p.search(given=[1, 2])
    s.count()
    assert s.done


def test_a_conflicting_given_is_named():
    p = dlx2_example()
    with pytest.raises(ExactCoverError, match="given options 0 .* and 1 .* conflict: both contain item 'A'"):
        p.solve(given=[0, 1])
    with pytest.raises(ExactCoverError, match="different colors"):
        p.solve(given=[0, 3])  # Y:0 and Y:1
    assert p.solve(given=[2]) == [1, 2]


def test_batches_of_colored_problems():
    from dlxnumba import Status

    p = dlx2_example()
    for threads in (1, 2):
        r = p.batch([[], [2], [0, 1], [0, 3], [3], [0]], limit=2, threads=threads)
        assert r.status.tolist() == [Status.SOLVED, Status.SOLVED, Status.INVALID, Status.INVALID, Status.NO_SOLUTION,
                              Status.NO_SOLUTION]
        assert r.first == [[1, 2], [1, 2], None, None, None, None]
        assert "different colors" in r.errors[3] and r.errors[0] is None
        assert r.count.tolist() == [1, 1, 0, 0, 0, 0]
    r = p.batch([[], [2]], max_nodes=0)
    assert r.status.tolist() == [Status.BUDGET, Status.BUDGET]


@settings(max_examples=examples(40), deadline=None)
@given(colored_problems(), st.data(), st.integers(1, 3))
def test_batch_equals_searches(prob, data, limit):
    p = build(prob)
    if not p.n_options or not p.has_colors:  # (plain problems: tests/test_batch.py)
        return
    jobs = data.draw(st.lists(st.lists(st.integers(0, p.n_options - 1), max_size=2), max_size=6))
    check_batch_against_searches(p, jobs, limit)


# ---------------------------------------------------------------------------
# DLX2 text
# ---------------------------------------------------------------------------


@settings(max_examples=examples(80), deadline=None)
@given(colored_problems())
def test_dlx_text_round_trip(prob):
    options, colors, n1, n = prob
    keep = [j for j, o in enumerate(options) if any(i < n1 for i in o)]
    p = build(([options[j] for j in keep], [colors[j] for j in keep], n1, n))
    q = ExactCover.from_dlx(p.to_dlx())
    assert q == p
    assert q.to_dlx() == p.to_dlx()


def test_options_without_primary_items_are_dropped_with_a_warning():
    text = "A | X Y\nA X:r\nX:r Y\n| comment\nY:s\nA Y\n"
    with pytest.warns(UserWarning, match=r"2 options with no primary item ignored.*lines 3, 5"):
        p = ExactCover.from_dlx(text)
    assert p.option_names(list(range(p.n_options))) == [("A", "X"), ("A", "Y")]
    # a DLX1 text (no colors, no bounds) keeps them, as before
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert ExactCover.from_dlx("A | X\nA\nX\n").n_options == 2


@pytest.mark.parametrize("text, line, fragment", [
    ("A | X\nA:r\n", 2, "primary item 'A' cannot have a color"),
    ("A | X\nA X:\n", 2, "color after ':' is missing"),
    ("A | X\nA X:r:s\n", 2, "one color"),
    ("A | X\n\nA Z:r\n", 3, "unknown item 'Z'"),
    ("A | X\nA X:r X:s\n", 2, "'X' appears twice"),
    ("A | X\nA X X:s\n", 2, "'X' appears twice"),
    ("A | X\nA X:r|s\n", 2, "color 'r|s' contains '|'"),
], ids=["primary", "empty", "two-colons", "unknown", "two-colors", "colored-and-not", "bar"])
def test_bad_color_syntax_names_the_line(text, line, fragment):
    with pytest.raises(DLXFormatError) as e:
        ExactCover.from_dlx(text)
    assert f"line {line}" in str(e.value) and fragment in str(e.value)


def test_colors_that_cannot_be_written_are_refused():
    p = ExactCover.from_options([["A", ("X", "two words")]], secondary=["X"])
    with pytest.raises(ExactCoverError, match="color 1"):
        p.to_dlx()


# ---------------------------------------------------------------------------
# The shipped encoding that needs colors: word rectangles
# ---------------------------------------------------------------------------

THREE = ["bit", "ice", "ten", "cat", "ore", "tea", "ape", "pea", "ace", "tan", "net", "ant", "eat", "ate",
         "oat", "toe", "one", "eon", "arc", "car", "ear", "era", "are", "pit", "tip", "tie"]
TWO = ["co", "ar", "te", "ta", "at", "an", "ne", "oe", "pa", "ea", "it", "ti", "ao", "tn"]


def rectangles_by_brute_force(rows, cols, distinct=False) -> set[tuple[str, ...]]:
    """Every choice of one row word per row whose columns are column words."""
    from itertools import product

    m, colset = len(cols[0]), set(cols)
    out = set()
    for choice in product(rows, repeat=m):
        columns = ["".join(w[j] for w in choice) for j in range(len(rows[0]))]
        if all(c in colset for c in columns):
            if distinct and len(set(choice) | set(columns)) < len(choice) + len(columns):
                continue
            out.add(choice)
    return out


@pytest.mark.parametrize("rows, cols", [(THREE, TWO), (THREE, THREE), (TWO, THREE), (TWO, TWO)],
                         ids=["2x3", "3x3", "3x2", "2x2"])
@pytest.mark.parametrize("distinct", [False, True])
def test_word_rectangles_match_brute_force(rows, cols, distinct):
    from dlxnumba import word_rectangle, word_rectangles

    p, key = word_rectangles(rows, cols, distinct=distinct)
    assert p.has_colors
    got = [tuple(word_rectangle(s, key)) for s in p.solutions()]
    assert len(set(got)) == len(got)
    assert set(got) == rectangles_by_brute_force(rows, cols, distinct)
    assert p.count(stop_at=0) == len(got)


def test_word_square_known_answer():
    """'bit / ice / ten' reads the same down as across: a word square."""
    from dlxnumba import word_rectangle, word_rectangles

    p, key = word_rectangles(THREE, THREE)
    squares = [word_rectangle(s, key) for s in p.solutions()]
    assert ["bit", "ice", "ten"] in squares
    for sq in squares:  # checked independently of the decoder's own checks
        assert all(w in THREE for w in sq)
        assert all("".join(w[j] for w in sq) in THREE for j in range(3))
    p, key = word_rectangles(THREE, THREE, distinct=True)
    assert ["bit", "ice", "ten"] not in [word_rectangle(s, key) for s in p.solutions()]


def test_word_rectangles_text_round_trip_and_bad_input():
    from dlxnumba import EncodingError, word_rectangle, word_rectangles

    p, key = word_rectangles(["cat", "ore", "tea"], ["co", "ar", "te", "ta"], distinct=True)
    assert ExactCover.from_dlx(p.to_dlx()) == p
    for bad in ([], ["ab", "abc"], ["ab", "ab"], "abc", [1, 2], ["", "a"]):
        with pytest.raises(EncodingError):
            word_rectangles(bad, ["ab"])
    with pytest.raises(EncodingError, match="both fill row 0"):
        word_rectangle([0, 1], key)
    with pytest.raises(EncodingError, match="no option of the solution fills"):
        word_rectangle([0], key)


@settings(max_examples=examples(80), deadline=None)
@given(colored_problems(), st.data())
def test_from_options_in_any_spelling_equals_the_arrays(prob, data):
    """Each colored entry spelt at random as a pair or an "X:A" string, each
    option as a list, a tuple or a string: the same problem as the CSR arrays."""
    options, colors, n1, n = prob
    p = build(prob)
    names = p.item_names
    spelt = []
    for opt, cols in zip(options, colors):
        entries = []
        for i, c in zip(opt, p.option_colors(len(spelt))):
            if c is None:
                entries.append(names[i])
            elif data.draw(st.booleans()):
                entries.append((names[i], c))
            else:
                entries.append(f"{names[i]}:{c}")
        form = data.draw(st.sampled_from(["list", "tuple", "string"]))
        spelt.append(" ".join(map(str, entries)) if form == "string" and all(isinstance(e, str) for e in entries)
                     else tuple(entries) if form == "tuple" else entries)
    q = ExactCover.from_options(spelt, primary=names[:n1], secondary=names[n1:])
    assert q == p
