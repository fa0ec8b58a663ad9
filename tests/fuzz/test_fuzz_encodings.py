"""Fuzz the encodings (queens, langford, pentominoes) and their decoders
(queens_columns, langford_sequence, pentomino_grid, pentomino_picture)."""

from fuzz_targets import fuzz_test

test_encoders = fuzz_test("encoders")
test_decoders = fuzz_test("decoders")
