"""Fuzz the exact-cover engine: from_matrix, from_options, the low-level
constructor, and solve/count/solutions/search/batch with fuzzed givens,
limits, threads and budgets (answers checked against tests/reference.py)."""

from fuzz_targets import fuzz_test

test_from_matrix = fuzz_test("from_matrix")
test_from_options = fuzz_test("from_options")
test_exact_cover_init = fuzz_test("exact_cover_init")
test_exact_cover_search = fuzz_test("exact_cover_search")
