"""Stats and Status: one vocabulary; the statistics of one-shot calls per thread."""

import pickle
import threading

import numpy as np
import pytest

from dlxnumba import ExactCover, LimitReached, Status, Stats, Sudoku, last_stats, queens, solve_many


def test_a_status_prints_its_name():
    """print(Status.SOLVED) printed 0."""
    assert str(Status.SOLVED) == "SOLVED" and f"{Status.MAX_NODES}" == "MAX_NODES"
    assert repr(Status.COMPLETE) == "Status.COMPLETE" and Status.TIMEOUT.label == "timeout"


def test_the_codes_of_job_statuses_stay_the_same():
    """The int8 arrays of batches hold these codes (and compare with the members)."""
    assert [int(s) for s in (Status.SOLVED, Status.NO_SOLUTION, Status.INVALID, Status.MULTIPLE,
                             Status.BUDGET)] == [0, 1, 2, 3, 4]
    codes = np.array([0, 3, 2], np.int8)
    assert (codes == Status.MULTIPLE).tolist() == [False, True, False]


@pytest.mark.parametrize("value, member", [("complete", Status.COMPLETE), ("MAX_NODES", Status.MAX_NODES),
                                           (4, Status.BUDGET), (Status.LIMIT, Status.LIMIT)])
def test_status_of_reads_names_and_codes(value, member):
    assert Status.of(value) is member


def test_status_of_refuses_other_names():
    with pytest.raises(ValueError, match="'finished' is not a Status"):
        Status.of("finished")


def test_a_status_is_its_code_and_no_string():
    assert Status.COMPLETE != "complete" and Status.COMPLETE == Status.of("complete")
    assert hash(Status.SOLVED) == hash(0) and {Status.SOLVED: 1}[0] == 1


def test_stats_status_is_a_member_everywhere():
    p, _ = queens(6)
    s = p.search()
    s.count()
    assert s.stats.status is Status.COMPLETE
    with pytest.raises(LimitReached) as e:
        p.count(max_nodes=3)
    assert e.value.reason is Status.MAX_NODES and e.value.stats.status is Status.MAX_NODES
    assert pickle.loads(pickle.dumps(e.value)).reason is Status.MAX_NODES
    r = p.batch([[], [0]], limit=1, threads=1)
    assert r.stats(0).status is Status.LIMIT and r.status_names[0] == "SOLVED"
    assert Stats(status=int(Status.COMPLETE)).status is Status.COMPLETE  # the kernels' codes
    with pytest.raises(ValueError):
        Stats(status="complete")


def test_last_stats_follow_the_one_shot_calls_of_this_thread():
    p = ExactCover.from_options([["a", "b"], ["a"], ["b"]])
    assert p.count(stop_at=0) == 2
    first = last_stats()
    assert (first.solutions, first.status) == (2, Status.COMPLETE)
    s = Sudoku("1234............")
    s.solve()
    assert last_stats().solutions == 1 and last_stats() is not first
    seen = []

    def other():
        seen.append(last_stats().status)  # nothing run in this thread yet
        p.count()
        seen.append(last_stats().solutions)

    t = threading.Thread(target=other)
    t.start()
    t.join()
    assert seen == [Status.NONE, 2]
    assert last_stats().solutions == 1  # the other thread's call changed nothing here


def test_a_solutions_iterator_grows_its_stats():
    p, _ = queens(6)
    it = p.solutions()
    next(it)
    stats = last_stats()
    assert stats.solutions == 1
    list(it)
    assert stats.solutions == 4 and stats.status is Status.COMPLETE


def test_a_problem_keeps_no_state_of_its_searches():
    """A problem "never changes": it has no place to keep statistics."""
    p, _ = queens(5)
    before = pickle.dumps(p)
    p.count()
    assert pickle.dumps(p) == before
    with pytest.raises(AttributeError):
        p.anything = 1
    assert not hasattr(p, "__dict__")


def test_batch_status_holds_codes_and_status_names_the_names():
    r = solve_many(["1234............", "11.............."], threads=1)
    assert r.status_names == ["SOLVED", "INVALID"] and r.status.tolist() == [0, 2]
    assert r.status[1] == Status.INVALID


def test_the_givens_go_by_keyword():
    from dlxnumba import Search

    p, _ = queens(6)
    with pytest.raises(TypeError):
        Search(p, [1])
    with pytest.raises(TypeError):
        p.search([1])
    assert Search(p, given=[1]).count() == p.search(given=[1]).count()
