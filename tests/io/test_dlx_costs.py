"""DLX5's costs in the DLX text (dlxnumba.io.dlx): ``|n`` after an option's items,
read (several add up), written back, round trips, errors naming the line."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dlxnumba import DLXFormatError, ExactCover, ExactCoverError
from dlxnumba.io.dlx import format_dlx, parse_dlx
from reference import dlx5_option_lines
from strategies import examples

PROPERTY = settings(max_examples=examples(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def test_costs_are_read_and_add_up():
    t = parse_dlx("a b | x\n| a comment |5\na b |3\na |1 |2\nb x |0 |4 |10\nb |7 x\nx |2 a\n")
    assert t.costs.tolist() == [3, 3, 14, 7, 2]
    assert t.costs.dtype == np.int64
    assert t.opt_ptr.tolist() == [0, 2, 3, 5, 7, 9]
    assert t.opt_items.tolist() == [0, 1, 0, 1, 2, 1, 2, 2, 0]
    assert t.opt_colors is None  # costs are not colors


def test_options_without_a_cost_cost_nothing():
    t = parse_dlx("a b\na |4\nb\n")
    assert t.costs.tolist() == [4, 0]


def test_a_text_without_costs_has_none():
    t = parse_dlx("a b | x\na x:1\nb\n")
    assert t.costs is None
    assert len(t) == 9 and t[:8] == tuple(t)[:8]  # the fields before costs are where they were


def test_costs_with_colors_and_a_dropped_option():
    """DLX5's own toy: the option with no primary item is dropped with its cost."""
    text = "A B C | X Y\nA B X:0 Y:0 |3\nA C X:1 Y:1 |1\nX:0 Y:1 |2\nB X:1 |4\nC |2\nB |5\n"
    with pytest.warns(UserWarning, match="line 4"):
        t = parse_dlx(text)
    assert t.costs.tolist() == [3, 1, 4, 2, 5]
    assert t.color_names == ["0", "1"]


def test_golden_file_costs_agree_with_an_independent_reading():
    from colored import golden

    for name in ("cost_assign5.dlx", "cost_queens8.dlx"):
        text = golden(name).read_text()
        t = parse_dlx(text)
        assert t.costs.tolist() == [c for _, c in dlx5_option_lines(text)]


@pytest.mark.parametrize("text, line, fragment", [
    ("a b\na |x\n", 2, "'|x' is not an option's cost"),
    ("a b\n\na |\n", 3, "a '|' alone is not an option's cost"),
    ("a b\nb\na |-3\n", 3, "'|-3' is not an option's cost"),
    ("a b\na |3x\n", 2, "'|3x'"),
    ("a b\na |1e3\n", 2, "'|1e3'"),
    ("a b\na |3.5\n", 2, "'|3.5'"),
    ("a b\na |\u0663\n", 2, "is not an option's cost"),  # an Arabic-Indic digit
    ("a b\na |2305843009213693952\n", 2, "exceeds 2**61 - 1"),
    ("a b\na |2305843009213693951 |1\n", 2, "exceeds 2**61 - 1"),
    ("a b\na b|3\n", 2, "contains '|'"),
    ("a | x\na x:1 |a\n", 2, "'|a' is not an option's cost"),
])
def test_bad_costs_name_the_line(text, line, fragment):
    with pytest.raises(DLXFormatError) as e:
        parse_dlx(text)
    msg = str(e.value)
    assert f"line {line}" in msg and fragment in msg


def test_the_largest_cost_is_read():
    assert parse_dlx("a\na |2305843009213693951\n").costs.tolist() == [2**61 - 1]
    assert parse_dlx("a\na |0001\n").costs.tolist() == [1]


def test_format_writes_every_cost():
    text = format_dlx(["a", "b", "x"], 2, np.array([0, 2, 4]), np.array([0, 2, 1, 2]),
                      np.array([0, 1, 0, 2]), ["red", "blue"], costs=np.array([7, 0]))
    assert text == "a b | x\na x:red |7\nb x:blue |0\n"
    t = parse_dlx(text)
    assert t.costs.tolist() == [7, 0] and t.color_names == ["red", "blue"]


@pytest.mark.parametrize("costs, message", [
    ([1], "one integer per option"),
    ([1, -1], "option 1 has the cost -1"),
    ([1, 2.5], "option 1 has the cost 2.5"),
    ([True, 1], "option 0 has the cost True"),
    ([2**61, 0], "option 0 has the cost"),
])
def test_format_refuses_bad_costs(costs, message):
    with pytest.raises(ExactCoverError, match=message):
        format_dlx(["a"], 1, np.array([0, 1, 2]), np.array([0, 0]), costs=costs)


NAME = st.text(st.characters(blacklist_categories=("Z", "C"), blacklist_characters="|:"), min_size=1,
               max_size=5)


@st.composite
def priced_texts(draw):
    """(names, n_primary, ptr, items, colors or None, color names, costs) of a
    problem whose options all hold a primary item."""
    names = draw(st.lists(NAME, min_size=1, max_size=7, unique=True))
    n1 = draw(st.integers(1, len(names)))
    m = draw(st.integers(0, 8))
    options = []
    for _ in range(m):
        first = draw(st.integers(0, n1 - 1))
        rest = draw(st.lists(st.integers(0, len(names) - 1), unique=True, max_size=3))
        options.append([first] + [i for i in rest if i != first])
    colored = draw(st.booleans()) and n1 < len(names)
    color_names = ["r", "g", "bb"] if colored else []
    colors = [[draw(st.integers(0, 3)) if colored and i >= n1 else 0 for i in o] for o in options]
    costs = draw(st.lists(st.integers(0, 2**61 - 1), min_size=m, max_size=m))
    ptr = np.cumsum([0] + [len(o) for o in options]).astype(np.int64)
    items = np.array([i for o in options for i in o], np.int32)
    flat = np.array([c for cs in colors for c in cs], np.int32)
    return names, n1, ptr, items, (flat if colored and flat.any() else None), color_names, costs


@PROPERTY
@given(priced_texts())
def test_round_trip_with_costs(case):
    names, n1, ptr, items, colors, color_names, costs = case
    text = format_dlx(names, n1, ptr, items, colors, color_names if colors is not None else (), costs=costs)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # every option holds a primary item: nothing is dropped
        t = parse_dlx(text)
    assert t.item_names == names and t.n_primary == n1
    assert t.opt_ptr.tolist() == ptr.tolist() and t.opt_items.tolist() == items.tolist()
    assert (t.costs.tolist() if len(costs) else []) == costs or (not costs and t.costs is None)
    if colors is None:
        assert t.opt_colors is None
    else:
        # colors are numbered as first met; compare them by name
        assert [t.color_names[k - 1] if k else None for k in t.opt_colors.tolist()] == \
            [color_names[k - 1] if k else None for k in colors.tolist()]
    again = format_dlx(t.item_names, t.n_primary, t.opt_ptr, t.opt_items, t.opt_colors, t.color_names,
                       costs=t.costs if t.costs is not None else [])
    assert again == text
    assert [c for _, c in dlx5_option_lines(text)] == costs


def test_exact_cover_reads_a_text_with_costs_as_before():
    """from_dlx keeps the problem (the costs are for dlxnumba.costs.best)."""
    p = ExactCover.from_dlx("a b\na |3\nb |1\na b |9\n")
    assert p.options == [[0], [1], [0, 1]]
    assert sorted(p.solutions()) == [[0, 1], [2]]
