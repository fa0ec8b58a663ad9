"""Fuzz the command line in process: dlxnumba.cli.main(argv) with fuzzed
options, files and stdin.  Exit status 0, 1 or 2, no traceback, no input file
changed; with valid options, one right result per entry."""

from fuzz_targets import fuzz_test

test_cli_solve = fuzz_test("cli_solve")
test_cli_cover = fuzz_test("cli_cover")
test_cli_argv = fuzz_test("cli_argv")
