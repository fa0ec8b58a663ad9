"""The fuzz suite's own oracles, against the slow ones of tests/reference.py.

A fuzzer is only as good as its judge: the bounded Sudoku counter, the
exact-cover solutions with forced options, the generated grids, files and DLX
texts must say what they claim.  None of these tests uses the package.
"""

import io
import random
from itertools import combinations

from hypothesis import given, settings
from hypothesis import strategies as st

import fuzz_strategies as S
import reference as ref
from fuzz_core import count_sudoku, default_box, parse_text, solutions_of, sudoku_ok
from strategies import examples, problems

ORACLE = settings(settings.get_profile("dlxnumba-fuzz"), max_examples=examples(150))
DRAWING = set(" \t\r\n|-+=*:#,;/\\!") | set("─│┼┌┐└┘├┤┬┴━┃╋═║╬\ufeff")


@ORACLE
@given(S.sudoku_puzzles(st.sampled_from([(4, (2, 2)), (4, (1, 4)), (6, (2, 3)), (6, (3, 2))]), clash=True))
def test_count_sudoku_is_plain_backtracking(p):
    n, box, cells = p["n"], p["box"], p["cells"]
    brute = ref.sudoku_solutions_brute(cells, n, box, limit=4)
    assert count_sudoku(cells, n, box, cap=3, budget=10**6) == min(len(brute), 3)


@ORACLE
@given(st.sampled_from(S.SHAPES), st.integers(0, 2**32 - 1))
def test_solved_grids_are_solved(shape, seed):
    n, box = shape
    grid = S.solved_grid(random.Random(seed), n, box)
    assert sudoku_ok(grid, [0] * (n * n), n, box)
    assert ref.sudoku_ok(grid, None, n, box)


@ORACLE
@given(st.data())
def test_rendered_texts_read_back(data):
    p = data.draw(S.sudoku_puzzles(st.sampled_from(S.SMALL_SHAPES)))
    text = data.draw(S.render_text(p["cells"], p["n"]))
    assert parse_text(text, DRAWING).cells == p["cells"]


@ORACLE
@given(st.data())
def test_solutions_with_givens_by_subsets(data):
    options, n1, n_items = data.draw(problems(max_items=5, max_options=7))
    given = data.draw(st.lists(st.integers(0, len(options) - 1), max_size=2, unique=True)) if options else []
    # the forced options are in every solution; the others each hold a primary item
    others = [j for j, o in enumerate(options) if j not in given and any(i < n1 for i in o)]
    want = {frozenset(given) | frozenset(sub) for k in range(len(others) + 1)
            for sub in combinations(others, k)
            if ref.is_exact_cover(options, n1, n_items, list(given) + list(sub))}
    assert solutions_of(options, n1, n_items, given) == want


@ORACLE
@given(S.puzzle_file(allow_square_count=True))
def test_built_files_hold_their_entries(f):
    lines = io.StringIO(f["data"].decode("utf-8"), newline=None).read().split("\n")
    for cells, lo, hi, _ in f["entries"]:
        if cells is not None:
            text = "".join(lines[lo - 1:hi])
            assert parse_text(text, DRAWING).cells == cells


@ORACLE
@given(st.data())
def test_built_dlx_texts_name_their_options(data):
    options, n1, n_items, names = data.draw(S.dlx_problems())
    text = data.draw(S.dlx_text(options, n1, n_items, names))
    lines = [ln.split() for ln in io.StringIO(text.lstrip("\ufeff"), newline=None)]
    lines = [ln for ln in lines if ln and not ln[0].startswith("|")]
    head = [t for t in lines[0] if t != "|"]
    assert head == names
    assert [[names.index(t) for t in ln] for ln in lines[1:]] == options


def test_default_box_is_the_documented_one():
    assert [default_box(n) for n in (4, 5, 6, 8, 9, 12, 16)] == \
        [(2, 2), None, (2, 3), (2, 4), (3, 3), (3, 4), (4, 4)]
