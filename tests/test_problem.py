"""ExactCover, the problem object: constructors, validation, names, the arrays,
immutability, pickling and equality, and searches of one problem from several threads.

How the problem is searched is in ``test_search.py``; answers come from the
oracles in ``reference.py`` or from Knuth's published figures.
"""

import collections
import copy
import pickle
import threading
import types

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba.template import template
from dlxnumba import last_stats, Status
from dlxnumba import ExactCover, ExactCoverError
from known import (KNUTH_NAMES, KNUTH_NUMBERED, KNUTH_OPTIONS, KNUTH_PRIMARY, KNUTH_SECONDARY, KNUTH_TEXT,
                   SEED, SEED_ROWS, SEED_SOLUTION, as_set, knuth_problem, numbered, queens, queens_options)
from strategies import examples, problems

# Hypothesis: the first example pays for loading the compiled kernels.
PROPERTY = settings(max_examples=examples(150), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])

# ---------------------------------------------------------------------------
# from_matrix: the seed example in every memory layout
# ---------------------------------------------------------------------------


def _strided_seed():
    big = np.ones((2 * SEED.shape[0], 3 * SEED.shape[1]), np.int32)
    big[::2, ::3] = SEED
    view = big[::2, ::3]
    assert not view.flags.c_contiguous and not view.flags.f_contiguous
    return view


SEED_LAYOUTS = {
    "nested-lists": lambda: [[int(ch) for ch in row] for row in SEED_ROWS],
    "bool": lambda: SEED.astype(bool),
    "uint8": lambda: SEED.astype(np.uint8),
    "int64": lambda: SEED.astype(np.int64),
    "int8": lambda: SEED.astype(np.int8),
    "fortran": lambda: np.asfortranarray(SEED.astype(np.int32)),
    "strided-view": _strided_seed,
    "transposed-view": lambda: np.ascontiguousarray(SEED.T).T,
}


@pytest.mark.parametrize("layout", SEED_LAYOUTS)
def test_seed_matrix_has_exactly_one_solution(layout):
    matrix = SEED_LAYOUTS[layout]()
    p = ExactCover.from_matrix(matrix)
    assert p.n_options == 6 and p.n_items == 7 and p.n_primary == 7
    assert p.solve() == SEED_SOLUTION
    assert list(p.solutions()) == [SEED_SOLUTION]
    assert p.count() == 1 and p.count(stop_at=0) == 1
    # brute force agrees with the published answer
    options = [np.flatnonzero(row).tolist() for row in SEED]
    assert ref.solutions_by_subsets(options, 7, 7) == {frozenset(SEED_SOLUTION)}


def test_seed_matrix_with_rows_reversed_by_a_negative_stride():
    """A view with negative strides is read as laid out, not as stored."""
    p = ExactCover.from_matrix(SEED[::-1])
    assert p.solve() == sorted(5 - j for j in SEED_SOLUTION)


def test_from_matrix_options_follow_the_rows():
    p = ExactCover.from_matrix(SEED)
    for j, row in enumerate(SEED):
        assert sorted(p.item_names[i] for i in p.option(j)) == np.flatnonzero(row).tolist()
    np.testing.assert_array_equal(p.to_matrix(), SEED)


@PROPERTY
@given(problems(max_options=10), st.data())
def test_from_matrix_with_secondary_columns_anywhere(prob, data):
    """Secondary columns need not be the last ones; all-zero rows are never chosen."""
    options, _, n = prob
    matrix = np.zeros((len(options), n), np.uint8)
    for j, opt in enumerate(options):
        matrix[j, opt] = 1
    secondary = data.draw(st.lists(st.integers(0, n - 1), unique=True) if n else st.just([]))
    primary = [c for c in range(n) if c not in secondary]
    renumber = {c: i for i, c in enumerate(primary + secondary)}
    as_items = [[renumber[c] for c in opt] for opt in options]
    expect = ref.solutions_by_subsets(as_items, len(primary), n)
    p = ExactCover.from_matrix(matrix, secondary=secondary)
    assert p.n_primary == len(primary)
    assert as_set(p.solutions()) == expect
    assert p.count() == len(expect)
    empty_rows = {j for j, opt in enumerate(options) if not opt}
    for sol in p.solutions():
        assert not empty_rows & set(sol)


@pytest.mark.parametrize("matrix", [np.zeros((0, 0)), np.zeros((0, 3)), [[]]],
                         ids=["0x0-float", "0x3-float", "[[]]"])
def test_empty_float_matrix_is_accepted_like_a_nonempty_one(matrix):
    assert ExactCover.from_matrix(np.ones((2, 2))).count() == 2  # 0/1 floats are accepted
    ExactCover.from_matrix(matrix)


# ---------------------------------------------------------------------------
# Names and the template
# ---------------------------------------------------------------------------


def test_knuth_example_names_the_chosen_options():
    p = knuth_problem()
    assert p.option_names(p.solve()) == [("C", "E", "F"), ("A", "D"), ("B", "G")]
    assert p.primary == KNUTH_PRIMARY and p.secondary == KNUTH_SECONDARY
    assert [p.item_index(x) for x in KNUTH_NAMES] == list(range(7))


def test_layout_follows_the_widths_of_the_options():
    assert template(queens(5)).width == 4
    assert template(knuth_problem()).width == 0
    assert template(numbered([[0, 1, 2, 3], [0, 1, 2]], 4, 4)).width == 0
    assert template(numbered([[0, 1, 2, 3]], 4, 5)).width == 4


# ---------------------------------------------------------------------------
# Bad input
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("value, where", [(2, "[1, 2]"), (-1, "[1, 2]"), (7, "[1, 2]")])
def test_matrix_value_other_than_0_or_1_names_row_and_column(value, where):
    m = np.zeros((3, 4), np.int64)
    m[1, 2] = value
    m[2, 3] = value  # only the first offender need be named
    with pytest.raises(ExactCoverError, match=r"0 or 1") as e:
        ExactCover.from_matrix(m)
    assert where in str(e.value) and str(value) in str(e.value)


@pytest.mark.parametrize("matrix", [
    [[0, 1], [1]],  # ragged
    [[0, 1], [1, [0]]],  # ragged, deeper
    [0, 1, 1],  # 1-D
    np.zeros((2, 2, 2), np.int64),  # 3-D
    5,  # 0-D
    [["0", "1"], ["1", "0"]],  # strings
    np.array([[0, 1]], dtype=object),  # object dtype
    np.array([[0, 1]], dtype=complex),
    np.array([[0, 0.5]]),  # a float that is not 0/1
    np.array([[0, np.nan]]),
])
def test_malformed_matrix_raises_value_error(matrix):
    with pytest.raises(ExactCoverError) as e:
        ExactCover.from_matrix(matrix)
    assert isinstance(e.value, ValueError)


@pytest.mark.parametrize("matrix, text", [
    ([0, 1, 1], "1-D"),
    (np.zeros((2, 2, 2), np.int64), "3-D"),
    ([[0, 1], [1]], "ragged"),
    ([["0", "1"]], "dtype"),
])
def test_malformed_matrix_message_says_what_is_wrong(matrix, text):
    with pytest.raises(ExactCoverError, match=text):
        ExactCover.from_matrix(matrix)


@pytest.mark.parametrize("secondary, text", [
    ([7], "7"), ([-1], "-1"), ([2, 2], "twice"), ([1.5], "1.5"), (["1"], "'1'"), ([True], "True"),
])
def test_bad_secondary_column_raises(secondary, text):
    with pytest.raises(ExactCoverError, match="secondary") as e:
        ExactCover.from_matrix(SEED, secondary=secondary)
    assert text in str(e.value)


def test_secondary_columns_accept_numpy_integers():
    p = ExactCover.from_matrix(SEED, secondary=np.array([5, 6]))
    assert p.n_primary == 5 and p.secondary == [5, 6]


@pytest.mark.parametrize("kwargs, text", [
    (dict(options=[["a", "z"]], primary=["a"]), "'z'"),  # unknown item
    (dict(options=[["a", "a"]]), "twice"),  # repeated in an option
    (dict(options=[["a", "a"]], primary=["a"]), "twice"),
    (dict(options=[["a"]], primary=["a", "a"]), "twice"),  # declared twice
    (dict(options=[["a"]], primary=["a"], secondary=["a"]), "both primary and secondary"),
    (dict(options=[["a", "s"]], secondary=["s", "s"]), "twice"),
    (dict(options=[["a", ["b"]]]), "hashable"),  # unhashable names
    (dict(options=[["a", ["b"]]], primary=["a"]), "hashable"),
    (dict(options=[["a"]], primary=[["a"]]), "hashable"),
    (dict(options=[["a"]], secondary=[{}]), "hashable"),
    (dict(options=[["a"], 3]), "option 1"),  # not an iterable
])
def test_bad_options_raise_naming_the_culprit(kwargs, text):
    with pytest.raises(ExactCoverError) as e:
        ExactCover.from_options(**kwargs)
    assert text in str(e.value)


def test_unknown_item_message_names_the_option():
    with pytest.raises(ExactCoverError, match=r"option 2: unknown item 'q'"):
        ExactCover.from_options([["a"], ["b"], ["q"]], primary=["a", "b"])


@pytest.mark.parametrize("args", [
    (1, ["a"], [0, 1], [-1]), (1, ["a"], [0, 1], [1]), (2, ["a"], [0], []),
    (1, ["a", "b"], [0, 2], [0, 0]), (1, ["a"], [1, 1], []),
])
def test_low_level_constructor_rejects_inconsistent_arrays(args):
    """ExactCover(n_primary, names, opt_ptr, opt_items) checks its arrays, not only the from_* constructors."""
    n1, names, ptr, items = args
    with pytest.raises(ExactCoverError):
        ExactCover(n1, names, np.array(ptr), np.array(items, dtype=np.int64))


@pytest.mark.parametrize("args, message", [
    ((2, ["a", "b"], [0, 1, 2], [0, 5]),
     r"option 1 lists item number 5 \(opt_items\[1\]\); the 2 items are numbered 0 to 1"),
    ((2, ["a", "b"], [0, 1, 2], np.array([0, 2 ** 32], np.int64)), "item number 4294967296"),  # wrapped to 0
    ((2, ["a", "b"], [0.0, 1.0, 2.0], [0, 1]), "opt_ptr must hold integers, got dtype float64"),
    ((2, ["a", "b"], [0, 1, 2], [0.0, 1.0]), "opt_items must hold integers, got dtype float64"),
    ((2, ["a", "b"], [0, 1, 2], [True, False]), "opt_items must hold integers, got dtype bool"),
    ((2, ["a", "b"], [[0, 1, 2]], [0, 1]), r"opt_ptr must be a 1-D array of integers, got shape \(1, 3\)"),
    ((2, ["a", "b"], [0, 1, 2], [[0], [1]]), "opt_items must be a 1-D array of integers"),
    ((2, ["a", "a"], [0, 1, 2], [0, 1]), "items 0 and 1 are both named 'a'"),
    ((2, [np.int64(3), 3], [0, 1, 2], [0, 1]), "items 0 and 1 are both named 3$"),
    ((1, ["a", ["b"]], [0, 1], [0]), r"item 1: name \['b'\] is not hashable"),
    ((2, "ab", [0, 1, 2], [0, 1]), "item_names must be a sequence of names, not the string 'ab'"),
    ((2, None, [0], []), "item_names must be a sequence of names, not None"),
    ((1.5, ["a", "b"], [0], []), "n_primary must be an integer, not 1.5"),
    ((np.int64(3), ["a", "b"], [0], []), "n_primary = 3 is not between 0 and the 2 items"),
    ((2, ["a", "b", "c"], [0, 3], [0, 1, 0]), r"option 0 lists item 0 \('a'\) twice"),
])
def test_low_level_constructor_names_the_fault(args, message):
    """Item numbers past the count, float pointers and duplicate names were taken."""
    with pytest.raises(ExactCoverError, match=message) as e:
        ExactCover(*args)
    assert "np." not in str(e.value)


def test_low_level_constructor_takes_any_integer_dtype():
    p = ExactCover(np.int64(2), ("a", "b"), np.array([0, 1, 2], np.uint8), np.array([1, 0], np.int16))
    assert p.options == [[1], [0]] and p.count() == 1


@pytest.mark.parametrize("call, message", [
    (lambda: ExactCover.from_options(None), "options must be an iterable of options, not None"),
    (lambda: ExactCover.from_options(5), "options must be an iterable of options, not 5"),
    (lambda: ExactCover.from_options("a b"), "options must be an iterable of options, not the string 'a b'"),
    (lambda: ExactCover.from_options([["a"]], secondary=1),
     r"secondary must be an iterable of item names \(or a string of names separated by white space\), "
     "not 1"),
    (lambda: ExactCover.from_options([["a"]], primary=np.int64(1)), "primary must be an iterable.*not 1$"),
    (lambda: ExactCover.from_matrix(SEED, secondary=1),
     "secondary must be an iterable of column indices, not 1"),
    (lambda: ExactCover.from_matrix(SEED, secondary="5"), "secondary must be an iterable of column indices"),
    (lambda: ExactCover.from_matrix(SEED, secondary=[np.float64(5.0)]), "secondary column 5.0 is not"),
    (lambda: ExactCover.from_matrix(np.array([[0, 2]], np.int8)),
     r"matrix\[0, 1\] = 2; entries must be 0 or 1"),
    (lambda: ExactCover.from_options([[np.int64(1)], [np.int64(1), np.int64(1)]]),
     "option 1: item 1 appears twice"),
    # a set is looked up as a frozenset, so only adding it failed: a bare TypeError (fuzzing)
    (lambda: ExactCover.from_options([], secondary=[{2}]), r"item name \{2\} is not hashable"),
])
def test_wrong_types_name_the_argument(call, message):
    """They raised bare TypeError ('int' object is not iterable) or showed np.int64(1)."""
    with pytest.raises(ExactCoverError, match=message) as e:
        call()
    assert "np." not in str(e.value)


def test_a_primary_or_secondary_string_holds_names_separated_by_white_space():
    """As an option given as a string: "ABCDE" was split into five one-letter items."""
    p = ExactCover.from_options(["A D G", "A D", "C E F", "B C F", "B G", "D E G"],
                                primary="A B C D E", secondary="F\tG")
    assert p.primary == KNUTH_PRIMARY and p.secondary == KNUTH_SECONDARY and p.count() == 1
    q = ExactCover.from_options([["AB"]], primary="AB")
    assert q.primary == ["AB"] and q.secondary == [] and q.solve() == [0]
    with pytest.raises(ExactCoverError, match="unknown item 'A'"):
        ExactCover.from_options([["A"]], primary="AB")


@pytest.mark.parametrize("mapping", [dict, lambda d: types.MappingProxyType(d),
                                     lambda d: collections.OrderedDict(d)], ids=["dict", "proxy", "ordered"])
def test_a_mapping_of_options_is_refused_not_read_by_its_keys(mapping):
    """from_options({"o1": "A B", ...}) solved the keys as one-item options, silently
    (issue 20, finding 10): a mapping is refused, naming it and the way out."""
    options = mapping({"o1": "A B", "o2": "C", "o3": "A", "o4": "B C"})
    with pytest.raises(ExactCoverError, match=rf"not a mapping \({type(options).__name__}\).*"
                                              r"pass options\.values\(\)"):
        ExactCover.from_options(options)
    p = ExactCover.from_options(options.values())
    assert p.primary == ["A", "B", "C"] and sorted(p.solutions()) == [[0, 1], [2, 3]]


@PROPERTY
@given(st.dictionaries(st.text(max_size=3), st.lists(st.sampled_from("ABCDE"), min_size=1, max_size=3, unique=True),
                       max_size=6))
def test_every_mapping_is_refused_and_its_values_are_the_options(named):
    with pytest.raises(ExactCoverError, match="mapping"):
        ExactCover.from_options(named)
    assert ExactCover.from_options(named.values()) == ExactCover.from_options(list(named.values()))


def test_errors_are_value_errors():
    assert issubclass(ExactCoverError, ValueError)


def test_missing_dlx_path_raises_file_not_found():
    with pytest.raises(FileNotFoundError):
        ExactCover.from_dlx("no/such/file.dlx")


# ---------------------------------------------------------------------------
# A problem never changes once built
# ---------------------------------------------------------------------------


def test_no_attribute_can_be_assigned():
    """Every attribute, public or private, existing or new, refuses assignment."""
    p = knuth_problem()
    p.solve()  # the template and the statistics exist now: they are not writable either
    names = set(dir(p)) | set(ExactCover.__slots__) | {"brand_new", "stats"}
    for name in sorted(names):
        with pytest.raises(AttributeError):
            setattr(p, name, None)
    with pytest.raises(AttributeError):
        p.n_primary = 0
    assert p == knuth_problem() and p.solve() == [0, 3, 4]


def test_no_attribute_can_be_deleted():
    p = knuth_problem()
    for name in ExactCover.__slots__:
        with pytest.raises(AttributeError):
            delattr(p, name)


def test_arrays_are_read_only():
    p = knuth_problem()
    for a in (p.opt_ptr, p.opt_items):
        assert not a.flags.writeable
        with pytest.raises(ValueError):
            a[0] = 1
    assert p == knuth_problem()


def test_read_only_arrays_cannot_be_made_writable():
    p = knuth_problem()
    for a in (p.opt_ptr, p.opt_items):
        with pytest.raises(ValueError):
            a.flags.writeable = True


def test_changing_the_inputs_afterwards_changes_nothing():
    """Every constructor copies what it is given."""
    m = SEED.copy()
    p = ExactCover.from_matrix(m)
    m[:] = 1 - m
    np.testing.assert_array_equal(p.to_matrix(), SEED)
    assert p.solve() == SEED_SOLUTION

    options = [list(o) for o in KNUTH_OPTIONS]
    primary, secondary = list(KNUTH_PRIMARY), list(KNUTH_SECONDARY)
    p = ExactCover.from_options(options, primary=primary, secondary=secondary)
    options[0].append("A")
    options.append(["A", "B", "C", "D", "E"])
    primary.reverse()
    secondary.clear()
    assert p == knuth_problem() and p.item_names == KNUTH_NAMES and p.solve() == [0, 3, 4]

    k = knuth_problem()
    names = list(KNUTH_NAMES)
    ptr = np.array(k.opt_ptr, dtype=np.int64)  # the dtypes the constructor keeps:
    items = np.array(k.opt_items, dtype=np.int32)  # nothing to convert, so it must copy
    p = ExactCover(5, names, ptr, items)
    names[0] = "Z"
    ptr[1:] = ptr[-1]
    items[:] = 0
    assert p == k and p.item_names == KNUTH_NAMES and p.solve() == [0, 3, 4]


def test_accessors_return_fresh_lists():
    p = knuth_problem()
    for name in ("item_names", "primary", "secondary", "options"):
        got = getattr(p, name)
        assert got == getattr(knuth_problem(), name)
        got.append("junk")
        if name == "options":
            got[0].append(99)
        assert getattr(p, name) == getattr(knuth_problem(), name), name
    got = p.option(0)
    got.append(99)
    assert p.option(0) == KNUTH_NUMBERED[0]
    assert p == knuth_problem()


# ---------------------------------------------------------------------------
# Equality and pickling
# ---------------------------------------------------------------------------


def test_equality_is_equality_of_the_problem():
    p = knuth_problem()
    assert p == knuth_problem() == ExactCover.from_dlx(KNUTH_TEXT)
    assert p != ExactCover.from_options(KNUTH_OPTIONS, primary=KNUTH_PRIMARY + KNUTH_SECONDARY)
    assert p != ExactCover.from_options(KNUTH_OPTIONS[::-1], primary=KNUTH_PRIMARY,
                                        secondary=KNUTH_SECONDARY)
    renamed = [[x.lower() for x in o] for o in KNUTH_OPTIONS]
    assert p != ExactCover.from_options(renamed, primary=list("abcde"), secondary=list("fg"))
    assert p != ExactCover.from_matrix(p.to_matrix(), secondary=[5, 6])  # items named 0..6
    assert p != KNUTH_TEXT and p.__eq__(KNUTH_TEXT) is NotImplemented


def test_equal_problems_hash_alike():
    p, q = knuth_problem(), knuth_problem()
    assert p == q
    assert hash(p) == hash(q)
    assert len({p, q}) == 1


def assert_solves_alike(p, q):
    """The same solutions in the same order, with the same counters, for both rules."""
    for stop_at in (0, 1):
        assert list(q.solutions(stop_at=stop_at)) == list(p.solutions(stop_at=stop_at))
        assert (last_stats().nodes, last_stats().updates) == (last_stats().nodes, last_stats().updates)
    assert q.count(stop_at=0) == p.count(stop_at=0)
    assert (last_stats().nodes, last_stats().updates, last_stats().max_level) == (
        last_stats().nodes, last_stats().updates, last_stats().max_level)
    assert last_stats().profile.tolist() == last_stats().profile.tolist()


@PROPERTY
@given(problems())
def test_a_pickled_problem_equals_the_original_and_solves_alike(prob):
    p = numbered(*prob)
    q = pickle.loads(pickle.dumps(p))
    assert q == p and q is not p
    assert (q.n_primary, q.item_names, q.options) == (p.n_primary, p.item_names, p.options)
    assert_solves_alike(p, q)


@pytest.mark.parametrize("build", [
    knuth_problem, lambda: ExactCover.from_dlx(KNUTH_TEXT), lambda: ExactCover.from_matrix(SEED),
    lambda: queens(6),
], ids=["from_options", "from_dlx", "from_matrix", "queens"])
def test_pickling_after_a_search(build):
    """A problem whose template is built (and whose thread has statistics) pickles
    to the same problem, with every protocol and through copy/deepcopy; the
    statistics of the original's searches do not travel."""
    p = build()
    p.count()
    assert last_stats().status == Status.COMPLETE
    t = template(p)
    copies = [pickle.loads(pickle.dumps(p, protocol)) for protocol in range(pickle.HIGHEST_PROTOCOL + 1)]
    copies += [copy.copy(p), copy.deepcopy(p)]
    for q in copies:
        assert q == p and template(q) is not t  # (the links are not part of the problem)
        assert [type(x) for x in q.item_names] == [type(x) for x in p.item_names]
        assert_solves_alike(p, q)


# ---------------------------------------------------------------------------
# One problem, several threads
# ---------------------------------------------------------------------------


def test_two_threads_search_one_problem_at_once():
    """Each thread gets the oracle's answers and its own ``last_stats()``, while the
    other thread searches the same problem (whose template they build together)."""
    options, n1, n = queens_options(6)
    kinds = [dict(stop_at=0), dict(stop_at=1, given=[1])]  # queen at row 1, column 2
    expect = [ref.dlx1_trace(options, n1, n, stop_at=k["stop_at"], given=k.get("given", ())) for k in kinds]
    assert expect[0]["nodes"] != expect[1]["nodes"]  # so that swapped statistics show
    for _ in range(10):
        p = numbered(options, n1, n)  # a fresh problem: no template yet
        barrier = threading.Barrier(2, timeout=60)
        failures = []

        def work(k):
            try:
                want = expect[k]
                figures = (len(want["solutions"]), want["nodes"], want["updates"])
                barrier.wait()
                it = p.solutions(**kinds[k])
                barrier.wait()  # both searches exist before either runs
                sols = list(it)
                barrier.wait()  # both are done before either reads its statistics
                assert sols == want["solutions"]
                assert (last_stats().solutions, last_stats().nodes, last_stats().updates) == figures
                for _ in range(20):  # and free-running
                    assert list(p.solutions(**kinds[k])) == want["solutions"]
                    assert (last_stats().solutions, last_stats().nodes, last_stats().updates) == figures
                    assert p.count(**kinds[k]) == figures[0]
                    assert (last_stats().nodes, last_stats().updates, last_stats().status) == figures[1:] + (Status.COMPLETE,)
            except BaseException as e:  # noqa: BLE001 (reported below)
                failures.append((k, e))
                barrier.abort()

        threads = [threading.Thread(target=work, args=(k,)) for k in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not failures, failures


@pytest.mark.parametrize("call, message", [
    (lambda p: p.option_names("a"), "options must be an option index or a list of them, not 'a'"),
    (lambda p: p.option_names(1.5), "not 1.5$"),
    (lambda p: p.option_names(True), "not True$"),
    (lambda p: p.option_names(None), "not None$"),
    (lambda p: p.option_names([0, "1"]), "option index '1' is not an integer"),
])
def test_more_wrong_types_name_the_argument(call, message):
    """option_names("a") gave a bare ValueError, option_names(1.5) a TypeError;
    option_names(True) named option 1."""
    with pytest.raises(ExactCoverError, match=message):
        call(knuth_problem())
    assert knuth_problem().option_names([np.int64(3)]) == [("A", "D")]
    assert ExactCover.from_dlx(KNUTH_TEXT.encode()) == knuth_problem()
