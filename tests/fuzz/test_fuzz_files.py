"""Fuzz the readers of puzzle files: read_puzzles and iter_puzzles on files built
from known entries (line ends CR, LF, CRLF and mixed, a BOM, comments, Euler
grids, malformed entries) and on raw bytes."""

from fuzz_targets import fuzz_test

test_read_puzzles = fuzz_test("read_puzzles")
test_read_puzzles_raw = fuzz_test("read_puzzles_raw")
