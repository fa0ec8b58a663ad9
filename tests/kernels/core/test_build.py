"""The compiled builder of large problems' links (dlxnumba.kernels.core.build)
against the numpy build, array for array, in both layouts."""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import dlxnumba.problem_input as problem_input
import dlxnumba.template as template_module
from dlxnumba.template import build_arrays
from known import queens_options
from strategies import examples, problems

PROPERTY = settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
FIELDS = ("llink", "rlink", "top", "ulink", "dlink", "length", "first_node")


def csr(options):
    ptr = np.cumsum([0] + [len(o) for o in options]).astype(np.int64)
    items = np.array([i for o in options for i in o], np.int32)
    return ptr, items


def both_builds(monkeypatch, n_items, n_primary, ptr, items):
    monkeypatch.setattr(template_module, "_BUILD_IN_KERNEL", 1 << 62)  # private: the size past which the kernel links
    by_numpy = build_arrays(n_items, n_primary, ptr, items)
    monkeypatch.setattr(template_module, "_BUILD_IN_KERNEL", 0)  # private: both builders on one problem
    by_kernel = build_arrays(n_items, n_primary, ptr, items)
    return by_numpy, by_kernel


def assert_same(a, b):
    assert a.width == b.width
    for f in FIELDS:
        x, y = getattr(a, f), getattr(b, f)
        assert x.dtype == y.dtype == np.int32, f
        np.testing.assert_array_equal(x, y, err_msg=f)


@PROPERTY
@given(problems(max_items=10, max_options=14), st.booleans())
def test_the_compiled_build_equals_the_numpy_build(prob, blocks):
    options, n1, n = prob
    if blocks and n >= 4:  # every option of four items: the layout without spacers
        options = [list(range(k % (n - 3), k % (n - 3) + 4)) for k in range(len(options) or 1)]
    ptr, items = csr(options)
    with pytest.MonkeyPatch.context() as mp:
        assert_same(*both_builds(mp, n, n1, ptr, items))


@pytest.mark.parametrize("n", [1, 5, 8])
def test_queens_build_the_same_either_way(monkeypatch, n):
    options, n1, n_items = queens_options(n)
    a, b = both_builds(monkeypatch, n_items, n1, *csr(options))
    assert a.width == 4
    assert_same(a, b)


def test_no_options_build_the_same_either_way(monkeypatch):
    assert_same(*both_builds(monkeypatch, 3, 2, np.zeros(1, np.int64), np.zeros(0, np.int32)))


# ---------------------------------------------------------------------------
# ExactCover's check for an item listed twice in an option, which runs in
# bounded memory on problems of any size (problem._repeated_item)
# ---------------------------------------------------------------------------


def first_repeat(options):
    for j, opt in enumerate(options):
        twice = sorted(i for i in set(opt) if opt.count(i) > 1)
        if twice:
            return j, twice[0]
    return None


@PROPERTY
@given(st.lists(st.lists(st.integers(0, 9), max_size=6), max_size=20), st.booleans(),
       st.sampled_from([1, 3, 1 << 20]))
def test_the_repeat_check_finds_the_first_option_and_its_smallest_repeat(options, same_width, batch):
    if same_width and options:
        w = len(options[0])
        options = [(o * w)[:w] if o else [0] * w for o in options]
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(problem_input, "_REPEAT_BATCH", batch)  # private: the batch size of the repeat check
        # private: the check, alone
        assert problem_input._repeated_item(*csr(options)) == first_repeat(options)
