"""SearchOptions: every search option checked once, in one record, the same way everywhere."""

import dataclasses
import pickle

import numpy as np
import pytest

from dlxnumba import ExactCoverError, Search, SearchOptions, Sudoku, SudokuError, queens, solve_many
from dlxnumba.search_options import thread_count


def test_defaults():
    o = SearchOptions()
    assert (o.stop_at, o.max_nodes, o.timeout, o.progress, o.progress_interval, o.threads, o.algorithm) == \
        (1, None, None, None, 0.5, None, "links")
    assert o.serial


def test_values_are_normalised_to_python_numbers():
    o = SearchOptions(stop_at=np.int64(0), max_nodes=np.int32(7), timeout=np.float32(2), threads=np.int8(2),
                      progress_interval=1)
    assert (type(o.stop_at), type(o.max_nodes), type(o.timeout), type(o.threads)) == (int, int, float, int)
    assert type(o.progress_interval) is float and not o.serial
    assert SearchOptions(max_nodes=2**70).max_nodes == 1 << 62  # past the kernels' budget: no budget


@pytest.mark.parametrize("kwargs, message", [
    (dict(stop_at=2), "stop_at must be 0 or 1, not 2$"),
    (dict(stop_at=True), "stop_at must be 0 or 1, not True$"),
    (dict(max_nodes=-1), "max_nodes must be a non-negative integer, not -1$"),
    (dict(max_nodes=1.5), "max_nodes must be a non-negative integer, not 1.5$"),
    (dict(timeout=-1), "timeout must be a non-negative number of seconds, not -1$"),
    (dict(timeout=float("nan")), "timeout must be a non-negative number of seconds, not nan$"),
    (dict(timeout="1"), "timeout must be a non-negative number of seconds, not '1'$"),
    (dict(progress=3), "progress must be True, None or a callable"),
    (dict(progress=lambda: None), "progress must be a callable taking one argument"),
    (dict(progress_interval=-0.5), "progress_interval must be a non-negative number of seconds"),
    (dict(threads=0), "threads must be a positive integer or None, not 0$"),
    (dict(threads=False), "threads must be a positive integer or None, not False$"),
    (dict(algorithm="dlx"), "algorithm must be 'links', 'cells' or 'auto', not 'dlx'$"),
])
def test_each_bad_option_is_named(kwargs, message):
    with pytest.raises(ExactCoverError, match=message):
        SearchOptions(**kwargs)
    with pytest.raises(SudokuError, match=message):
        SearchOptions.make(SudokuError, **kwargs)


def test_the_record_is_frozen_picklable_and_replaceable():
    o = SearchOptions(stop_at=0, timeout=3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        o.stop_at = 1  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(o)) == o
    assert o.replace(timeout=None).timeout is None and o.timeout == 3.0
    with pytest.raises(ExactCoverError, match="stop_at"):
        o.replace(stop_at=5)


@pytest.mark.parametrize("call", [
    lambda p, kw: p.solve(**kw), lambda p, kw: p.count(**kw), lambda p, kw: list(p.solutions(**kw)),
    lambda p, kw: p.search(**kw), lambda p, kw: Search(p, **kw), lambda p, kw: p.batch([[]], **kw),
])
@pytest.mark.parametrize("kwargs", [dict(stop_at=3), dict(max_nodes=-2), dict(timeout=-1), dict(progress=5),
                                    dict(progress_interval="x")])
def test_every_engine_entry_point_refuses_the_same_way(call, kwargs):
    p, _ = queens(4)
    with pytest.raises(ExactCoverError) as e:
        call(p, kwargs)
    assert next(iter(kwargs)) in str(e.value)


@pytest.mark.parametrize("call", [
    lambda kw: Sudoku("1234............").solve(**kw), lambda kw: Sudoku("1234............").count(**kw),
    lambda kw: list(Sudoku("1234............").solutions(**kw)), lambda kw: solve_many(["1..."*4], **kw),
])
@pytest.mark.parametrize("kwargs", [dict(stop_at=3), dict(max_nodes=-2), dict(timeout=-1), dict(progress=5)])
def test_every_sudoku_entry_point_refuses_the_same_way(call, kwargs):
    with pytest.raises(SudokuError) as e:
        call(kwargs)
    assert next(iter(kwargs)) in str(e.value)


@pytest.mark.parametrize("call", [
    lambda: Sudoku("1234............").count(threads=0), lambda: solve_many(["1..."*4], threads=0),
    lambda: list(Sudoku("1234............").solutions(threads=0)),
])
def test_every_sudoku_call_with_threads_refuses_the_same_way(call):
    with pytest.raises(SudokuError, match="threads must be a positive integer or None, not 0$"):
        call()


def test_thread_count():
    assert thread_count(1) == 1 and thread_count(None) >= 1 and SearchOptions(threads=1).thread_count() == 1
