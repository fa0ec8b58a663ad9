"""Fuzz Knuth's DLX format: parse_dlx and ExactCover.from_dlx on texts written
from known problems (comments, tabs, line ends, a BOM; str, bytes, paths, file
objects) and on raw text and bytes."""

from fuzz_targets import fuzz_test

test_dlx = fuzz_test("dlx")
test_dlx_raw = fuzz_test("dlx_raw")
