"""warm_up: after it, the common paths compile nothing."""

from __future__ import annotations

import pytest

from cold import run_cold
from dlxnumba import ExactCoverError, warm_up

# Every common path once, with answers to show that each ran.
PATHS = """
from dlxnumba import ExactCover, Sudoku, queens, solve_many
TOP1 = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
p = ExactCover.from_options([["C", "E", "F"], ["A", "D", "G"], ["B", "C", "F"], ["A", "D"],
                             ["B", "G"], ["D", "E", "G"]], primary=list("ABCDE"), secondary=["F", "G"])
q, _ = queens(8)
answers = [p.solve(), p.count(), len(list(p.solutions())), p.solve(given=[3]),
           q.count(), len(q.solve()), q.batch([[]], threads=1).count.tolist(),
           p.batch([[]] * 64, threads=2).count.tolist()[:1], q.batch([[]] * 64, threads=2).count.tolist()[:1]]
s = Sudoku(TOP1)
answers += [str(s.solve()), s.count(), len(list(s.solutions())), s.is_unique()]
answers += [solve_many([TOP1] * 3, threads=1)[1].tolist(), solve_many([TOP1] * 64, threads=2)[1].tolist()[:1]]
print(json.dumps([answers, compiled]))
"""


@pytest.mark.parametrize("warm", [True, False])
def test_after_warm_up_the_common_paths_compile_nothing(warm):
    """In a fresh process: with warm_up first, no path compiles or loads a kernel
    (so no first call waits); without it, they do (so the check can see it)."""
    answers, compiled = run_cold(PATHS, before="import dlxnumba; dlxnumba.warm_up()" if warm else "")
    assert answers[0] == [0, 3, 4] and answers[4] == 92 and answers[12] is True
    if warm:
        assert compiled == []
    else:
        assert {"search_spacers", "search_blocks", "one_band", "lane_band"} <= set(compiled)


def test_warm_up_takes_flags():
    warm_up(sudoku=False, exact_cover=False)
    with pytest.raises(ExactCoverError, match="sudoku must be True or False, not 'yes'"):
        warm_up(sudoku="yes")
    with pytest.raises(ExactCoverError, match="threads"):
        warm_up(threads=0)
