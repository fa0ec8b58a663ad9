"""``dlxnumba solve``: formats, input, options, statistics, budgets, unreadable input
(in process, through main(argv))."""

import json

import pytest

from command_line import BAD_SYMBOL, BROKEN_RULE, TOO_SHORT, TOP95, check_solutions, run, top95, write
from dlxnumba import Sudoku, is_solution, solve_many
from dlxnumba import cli
from dlxnumba import sudoku as sudoku_module
from known import FIVE, NONE, PUZZLES, TOP1, TOP1_SOLUTION

# ---------------------------------------------------------------------------
# Formats
# ---------------------------------------------------------------------------


def test_line_format_solves_top95(capsys):
    code, out, err = run(capsys, "solve", TOP95)
    assert code == 0
    check_solutions(out.splitlines(), top95())
    assert err == ""  # no progress bar when stderr is not a terminal


def test_grid_format(capsys, tmp_path):
    path = write(tmp_path, f"{TOP1}\n{NONE}\n{BAD_SYMBOL}\n")
    code, out, _ = run(capsys, "solve", "--format", "grid", path)
    assert code == 1
    blocks = out.split("\n\n")
    assert blocks[-1] == ""  # every block ends with a blank line
    blocks = blocks[:-1]
    assert len(blocks) == 3
    head, *grid = blocks[0].splitlines()
    assert head == "# puzzle 1: SOLVED"
    assert "\n".join(grid) == Sudoku(TOP1_SOLUTION).boxed()
    head, *grid = blocks[1].splitlines()
    assert head == "# puzzle 2: NO_SOLUTION"
    assert "\n".join(grid) == Sudoku(NONE).boxed()  # the puzzle itself when unsolved
    assert blocks[2].startswith("# puzzle 3: INVALID: ")
    assert "'?'" in blocks[2] and "line 3" in blocks[2]


@pytest.mark.parametrize("algorithm", ["auto", "links", "bits"])
def test_json_format(capsys, tmp_path, algorithm):
    path = write(tmp_path, "\n".join([TOP1, NONE, BROKEN_RULE, BAD_SYMBOL]) + "\n")
    code, out, _ = run(capsys, "solve", "--format", "json", "--algorithm", algorithm, path)
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["index"] for r in rows] == [0, 1, 2, 3]
    assert [r["status"] for r in rows] == ["SOLVED", "NO_SOLUTION", "INVALID", "INVALID"]
    solved, none, broken, unreadable = rows
    assert set(solved) == {"index", "puzzle", "solution", "status", "nodes", "updates"}
    assert solved["puzzle"] == TOP1 and solved["solution"] == TOP1_SOLUTION
    # the engine's own figures (the bits: guesses, TOP1 takes none, and propagation steps)
    r = solve_many([TOP1, NONE], threads=1, algorithm=algorithm)
    assert [(x["nodes"], x["updates"]) for x in (solved, none)] == list(zip(r.nodes.tolist(), r.updates.tolist()))
    assert solved["updates"] > solved["nodes"] and none["nodes"] > 0
    assert none["solution"] is None
    assert broken["puzzle"] == BROKEN_RULE and broken["solution"] is None
    assert "row 1" in broken["error"] and "r1c1" in broken["error"]
    assert unreadable["puzzle"] is None and "line 4" in unreadable["error"]


def test_unique_reports_multiple(capsys, tmp_path):
    path = write(tmp_path, f"{FIVE}\n{TOP1}\n")
    code, out, _ = run(capsys, "solve", "--unique", path)
    assert code == 1
    assert out.splitlines() == ["MULTIPLE", TOP1_SOLUTION]
    # without --unique the first solution is enough
    code, out, _ = run(capsys, "solve", path)
    assert code == 0
    check_solutions(out.splitlines(), [FIVE, TOP1])
    # json keeps the solution found first
    code, out, _ = run(capsys, "solve", "--unique", "--format", "json", path)
    first = json.loads(out.splitlines()[0])
    assert first["status"] == "MULTIPLE" and is_solution(first["solution"], FIVE)


def test_no_solution(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", write(tmp_path, NONE + "\n"))
    assert code == 1
    assert out == "NO_SOLUTION\n"


def test_invalid_entries_keep_order_and_count(capsys, tmp_path):
    entries = [TOP1, BAD_SYMBOL, FIVE, BROKEN_RULE, TOO_SHORT, "1234" * 4, TOP1]
    path = write(tmp_path, "# a comment\n" + "\n".join(entries) + "\n")
    code, out, err = run(capsys, "solve", path)
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(entries)
    assert lines[0] == lines[6] == TOP1_SOLUTION
    assert is_solution(lines[2], FIVE)
    assert lines[1].startswith("INVALID: ") and "'?'" in lines[1] and "line 3" in lines[1]
    assert lines[3].startswith("INVALID: the givens break the rules")
    assert lines[4].startswith("INVALID: ")
    assert lines[5].startswith("INVALID: ") and "expected 81" in lines[5]  # mixed sizes


def test_chunks_and_slices_keep_order(capsys, tmp_path, monkeypatch):
    # tiny chunks and solver calls: errors fall on both sides of the boundaries
    monkeypatch.setattr(cli, "CHUNK_SIZE", 3)
    monkeypatch.setattr(cli, "FIRST_SLICE", 2)
    puzzles = top95()[:10]
    entries = puzzles[:4] + [BAD_SYMBOL, BAD_SYMBOL] + puzzles[4:] + [BROKEN_RULE]
    code, out, _ = run(capsys, "solve", "--format", "json", write(tmp_path, "\n".join(entries)))
    rows = [json.loads(line) for line in out.splitlines()]
    assert code == 1
    assert [r["index"] for r in rows] == list(range(len(entries)))
    assert [r["status"] for r in rows] == ["SOLVED"] * 4 + ["INVALID"] * 2 + ["SOLVED"] * 6 + ["INVALID"]
    check_solutions([r["solution"] for r in rows if r["status"] == "SOLVED"], puzzles)


def test_exactly_81_one_line_puzzles(capsys, tmp_path):
    # 81 lines of 81 cells are not one 81x81 grid: a line that long is a whole puzzle
    puzzles = top95()[:81]
    code, out, _ = run(capsys, "solve", write(tmp_path, "\n".join(puzzles) + "\n"))
    assert code == 0
    check_solutions(out.splitlines(), puzzles)


def test_multiline_grids(capsys, tmp_path):
    rows = [TOP1[i:i + 9] for i in range(0, 81, 9)]
    text = "Grid 01\n" + "\n".join(rows) + "\nGrid 02\n" + "\n".join(r.replace(".", "0") for r in rows) + "\n"
    code, out, _ = run(capsys, "solve", write(tmp_path, text))
    assert code == 0
    assert out.splitlines() == [TOP1_SOLUTION, TOP1_SOLUTION]


def test_box_shape(capsys, tmp_path):
    path = write(tmp_path, "." * 36 + "\n")
    code, out, _ = run(capsys, "solve", "--box", "3x2", path)
    assert code == 0
    assert is_solution(out.strip(), box=(3, 2))
    code, out, _ = run(capsys, "solve", path)  # default 2x3
    assert is_solution(out.strip(), box=(2, 3))
    code, out, err = run(capsys, "solve", "--box", "2x3", TOP95)
    assert code == 2 and "--box 2x3 means 6x6 grids" in err


# ---------------------------------------------------------------------------
# Input, options, statistics
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("binary", [True, False])
def test_stdin(capsys, stdin, binary):
    stdin(f"{TOP1}\n{NONE}\n", binary=binary)
    code, out, _ = run(capsys, "solve", "-")
    assert code == 1
    assert out.splitlines() == [TOP1_SOLUTION, "NO_SOLUTION"]


def test_stats_summary(capsys, tmp_path):
    path = write(tmp_path, "\n".join([TOP1, NONE, BROKEN_RULE, TOP1]) + "\n")
    code, out, err = run(capsys, "solve", "--stats", "--format", "json", path)
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    fields = dict(line.split(":", 1) for line in err.splitlines())
    fields = {k: v.strip() for k, v in fields.items()}
    assert fields["puzzles"] == "4"
    assert fields["solved"] == "2"
    assert fields["unsolved"] == "2 (INVALID 1, NO_SOLUTION 1)"
    assert float(fields["seconds"]) > 0 and float(fields["puzzles/s"]) > 0
    assert 0 <= float(fields["start-up"]) <= float(fields["seconds"])
    assert int(fields["nodes"]) == sum(r["nodes"] for r in rows)
    assert int(fields["updates"]) == sum(r["updates"] for r in rows)


def test_count(capsys, tmp_path):
    path = write(tmp_path, "\n".join([FIVE, NONE, TOP1, BROKEN_RULE]) + "\n")
    code, out, _ = run(capsys, "solve", "--count", path)
    assert code == 1  # the invalid puzzle cannot be counted
    assert out.splitlines()[:3] == ["5", "0", "1"]
    assert out.splitlines()[3].startswith("INVALID: ")
    code, out, _ = run(capsys, "solve", "--count", "--limit", "3", "--format", "json",
                       write(tmp_path, f"{FIVE}\n{TOP1}\n", "two.txt"))
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["count"], r["status"]) for r in rows] == [(3, "MULTIPLE"), (1, "SOLVED")]
    assert rows[0]["nodes"] > 0 and all(r["updates"] > 0 for r in rows)  # the bits solve TOP1 with no guess


def _searched(algorithm: str = "auto") -> list[str]:
    """Three puzzles of top95 that take the engine more than one node (guess)."""
    puzzles = top95()
    r = solve_many(puzzles, threads=1, algorithm=algorithm)
    return [p for p, nodes in zip(puzzles, r.nodes.tolist()) if nodes > 1][:3]


@pytest.mark.parametrize("algorithm", ["auto", "links"])
def test_budgets(capsys, tmp_path, algorithm):
    path = write(tmp_path, "\n".join(_searched(algorithm)) + "\n")
    code, out, _ = run(capsys, "solve", "--max-nodes", "1", "--algorithm", algorithm, path)
    assert code == 1 and out.splitlines() == ["BUDGET"] * 3
    code, out, _ = run(capsys, "solve", "--timeout", "0", "--format", "json", path)
    assert code == 1
    assert [json.loads(line)["status"] for line in out.splitlines()] == ["BUDGET"] * 3
    code, out, err = run(capsys, "solve", "--count", "--timeout", "0", path)
    # a count stopped early is what it found, a lower bound (issue 20, finding 9), and a note says why
    assert code == 1 and out.splitlines() == ["0+"] * 3 and "--timeout ran out" in err


def test_threads(capsys):
    code, one, _ = run(capsys, "solve", "--threads", "1", TOP95)
    assert code == 0
    code, two, _ = run(capsys, "solve", "--threads", "2", TOP95)
    assert code == 0 and one == two


def test_output_file(capsys, tmp_path):
    target = tmp_path / "out.txt"
    code, out, _ = run(capsys, "solve", "-o", target, TOP95)
    assert code == 0 and out == ""
    check_solutions(target.read_text().splitlines(), top95())


def test_progress_goes_to_stderr(capsys, tmp_path):
    code, out, err = run(capsys, "solve", "--progress", TOP95)
    assert code == 0
    check_solutions(out.splitlines(), top95())  # stdout untouched
    assert "\r" in err and "puzzles/s" in err and "/95" in err
    assert err.endswith("\r") and err.rsplit("\r", 2)[1].strip() == ""  # cleared at the end
    code, out, err = run(capsys, "solve", "--no-progress", TOP95)
    assert err == ""


def test_progress_rate_is_the_rate_of_the_stats(capsys, monkeypatch):
    """The bar's puzzles/s counted the start-up (compiling the solver) where the
    --stats line leaves it out: both now divide by the seconds of solving.  A
    start-up that seems to last a million seconds leaves no time to solve in:
    0 puzzles/s on every bar drawn, as in the statistics."""
    from dlxnumba.cli import common, solve

    monkeypatch.setattr(common, "REDRAW_SECONDS", 0.0)  # a bar for every slice
    monkeypatch.setattr(cli, "FIRST_SLICE", 5)
    real = solve._Solver.warm_up

    def slow_warm_up(self, puzzle):
        real(self, puzzle)
        self.startup += 1e6

    monkeypatch.setattr(solve._Solver, "warm_up", slow_warm_up)
    code, out, err = run(capsys, "solve", "--progress", "--stats", TOP95)
    assert code == 0
    bars = [part for part in err.split("\r") if "puzzles/s" in part and "/95" in part]
    assert len(bars) > 1 and any("95/95" in bar for bar in bars)
    assert all(" 0 puzzles/s" in bar for bar in bars), bars
    assert "puzzles/s:       0.0" in err


def test_interrupt_prints_what_was_solved(capsys, tmp_path, monkeypatch):
    monkeypatch.setattr(cli, "FIRST_SLICE", 5)
    real = sudoku_module.solve_many
    calls = []

    def interrupted_second_call(*args, **kwargs):
        calls.append(1)
        if len(calls) == 3:  # the first call warms the solver up, the second solves 5
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(sudoku_module, "solve_many", interrupted_second_call)
    code, out, err = run(capsys, "solve", "--stats", TOP95)
    assert code == 130
    check_solutions(out.splitlines(), top95()[:5])
    assert "puzzles:         5" in err and "Traceback" not in err
    assert "run:             interrupted (Ctrl-C); the rest of the input was not read" in err


# ---------------------------------------------------------------------------
# Unreadable input (exit status 2)
# ---------------------------------------------------------------------------


def test_missing_file(capsys, tmp_path):
    missing = tmp_path / "nope.txt"
    code, out, err = run(capsys, "solve", missing)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(missing) in err and "No such file" in err


def test_unreadable_inputs(capsys, tmp_path):
    code, _, err = run(capsys, "solve", write(tmp_path, "# nothing but a comment\n\n"))
    assert code == 2 and "no puzzles" in err
    code, _, err = run(capsys, "solve", tmp_path)  # a directory
    assert code == 2 and str(tmp_path) in err
    code, out, err = run(capsys, "solve", write(tmp_path, "hello, world?\n", "junk.txt"))
    assert code == 2 and "no readable puzzle" in err and "line 1" in err
    assert out.startswith("INVALID: ")  # still one row per entry


def test_strict_stops_at_malformed_entry(capsys, tmp_path):
    path = write(tmp_path, f"{TOP1}\n{TOP1}\n{BAD_SYMBOL}\n")
    code, _, err = run(capsys, "solve", "--strict", path)
    assert code == 2
    assert err.count("\n") == 1 and str(path) in err and "line 3" in err


# ---------------------------------------------------------------------------
# Inputs: stdin by default, puzzles as arguments (issue 9)
# ---------------------------------------------------------------------------


def test_no_input_reads_stdin(capsys, stdin):
    stdin(f"{TOP1}\n{NONE}\n")
    code, out, _ = run(capsys, "solve")
    assert code == 1 and out.splitlines() == [TOP1_SOLUTION, "NO_SOLUTION"]


def test_puzzles_as_arguments_in_order_with_files(capsys, tmp_path):
    path = write(tmp_path, f"{NONE}\n")
    code, out, _ = run(capsys, "solve", TOP1, path, FIVE.replace(".", "0"), "12.. ..12 .... ....")
    assert code == 1
    lines = out.splitlines()
    assert lines[:2] == [TOP1_SOLUTION, "NO_SOLUTION"]
    assert is_solution(lines[2], FIVE) and is_solution(lines[3], "12....12........")
    code, out, _ = run(capsys, "solve", "--format", "json", TOP1, TOP1)
    assert [json.loads(r)["index"] for r in out.splitlines()] == [0, 1]


def test_an_existing_file_wins_over_a_puzzle(capsys, tmp_path, monkeypatch):
    """An argument that names a file and also reads as a puzzle is the file (as --help says)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / TOP1).write_text(f"{NONE}\n")
    code, out, _ = run(capsys, "solve", TOP1)
    assert (code, out) == (1, "NO_SOLUTION\n")


def test_a_shipped_set_by_name(capsys, tmp_path, monkeypatch):
    """`dlxnumba solve top95` solves the set shipped with the package, in its order,
    from any directory; a file of that name in the current directory wins."""
    from dlxnumba import load_puzzles

    monkeypatch.chdir(tmp_path)
    puzzles = load_puzzles("easy50")
    code, out, _ = run(capsys, "solve", "easy50", TOP1)
    lines = out.splitlines()
    assert code == 0 and len(lines) == len(puzzles) + 1
    assert all(is_solution(s, p) for s, p in zip(lines, puzzles + [TOP1]))
    (tmp_path / "easy50").write_text(f"{NONE}\n")
    code, out, _ = run(capsys, "solve", "easy50")
    assert (code, out) == (1, "NO_SOLUTION\n")


@pytest.mark.parametrize("arg, words", [("no-such-file.txt", ["no-such-file.txt", "No such file"]),
                                        (TOP1[:80], ["not a puzzle", "80 cells"])])
def test_an_argument_that_is_neither_file_nor_puzzle(capsys, arg, words):
    code, out, err = run(capsys, "solve", TOP1, arg)
    assert code == 2 and out == "" and err.count("\n") == 1 and all(w in err for w in words)


# ---------------------------------------------------------------------------
# Faults of the puzzle files, as the command line shows them (issue 9)
# ---------------------------------------------------------------------------


def test_cr_only_line_ends(capsys, tmp_path):
    """The CLI kept the first puzzle of an old-Mac file and dropped the rest, exit 0."""
    path = tmp_path / "mac.txt"
    path.write_bytes(f"{TOP1}\r{NONE}\r{TOP1}\r".encode())
    code, out, _ = run(capsys, "solve", path)
    assert code == 1 and out.splitlines() == [TOP1_SOLUTION, "NO_SOLUTION", TOP1_SOLUTION]


def test_one_result_per_malformed_line(capsys, tmp_path):
    """Consecutive malformed lines were merged into one entry, shifting every later answer."""
    entries = [TOP1, "123456789", TOP1[:80], TOP1, "12345678", "123456789", NONE]
    code, out, _ = run(capsys, "solve", write(tmp_path, "\n".join(entries) + "\n"))
    lines = out.splitlines()
    assert code == 1 and len(lines) == len(entries)
    assert lines[0] == lines[3] == TOP1_SOLUTION and lines[6] == "NO_SOLUTION"
    assert all(lines[k].startswith("INVALID: ") and f"line {k + 1}:" in lines[k] for k in (1, 2, 4, 5))


@pytest.mark.parametrize("name, count", [("sudoku6", 36), ("sudoku4", 16)])
def test_k_small_one_line_puzzles(capsys, tmp_path, name, count):
    """36 one-line 6x6 puzzles (16 4x4) were read as one 36x36 (16x16) grid."""
    lines = (PUZZLES / f"{name}.txt").read_text().split()[:count]
    path = write(tmp_path, "\n".join(lines) + "\n")
    n = int(len(lines[0]) ** 0.5)
    for options in ([], ["--size", str(n)]):
        code, out, _ = run(capsys, "solve", *options, path)
        assert code == 0 and len(out.splitlines()) == count
        assert all(is_solution(s, p) for s, p in zip(out.splitlines(), lines))


def test_size_and_box_must_agree(capsys):
    code, out, err = run(capsys, "solve", "--size", "6", "--box", "3x3", TOP95)
    assert code == 2 and "--size" in err and "usage:" in err
    code, out, err = run(capsys, "solve", "--size", "62", TOP95)
    assert code == 2 and "--size" in err


def test_size_makes_other_sizes_invalid(capsys):
    code, out, err = run(capsys, "solve", "--size", "4", TOP1, "12....12........")
    lines = out.splitlines()
    assert code == 1 and lines[0].startswith("INVALID: ") and "expected 16" in lines[0]
    assert is_solution(lines[1], "12....12........")


def test_first_euler_grid_of_8_rows_is_one_result(capsys, tmp_path):
    """A first Euler grid with 8 rows gave 8 INVALID results."""
    rows = [TOP1[i:i + 9].replace(".", "0") for i in range(0, 81, 9)]
    text = "Grid 01\n" + "\n".join(rows[:8]) + "\nGrid 02\n" + "\n".join(rows) + "\n"
    code, out, _ = run(capsys, "solve", write(tmp_path, text))
    lines = out.splitlines()
    assert code == 1 and len(lines) == 2
    assert lines[0].startswith("INVALID: ") and "8 rows" in lines[0] and lines[1] == TOP1_SOLUTION


@pytest.mark.parametrize("euler", [True, False])
def test_byte_order_mark(capsys, tmp_path, euler):
    """A UTF-8 BOM added a bogus first result to Euler files."""
    if euler:
        rows = [TOP1[i:i + 9] for i in range(0, 81, 9)]
        text = "Grid 01\n" + "\n".join(rows) + "\nGrid 02\n" + "\n".join(rows) + "\n"
    else:
        text = f"{TOP1}\n{TOP1}\n"
    path = tmp_path / "bom.txt"
    path.write_bytes(("\ufeff" + text).encode("utf-8"))
    code, out, _ = run(capsys, "solve", path)
    assert (code, out.splitlines()) == (0, [TOP1_SOLUTION, TOP1_SOLUTION])


def test_compressed_and_empty_input(capsys, tmp_path):
    import gzip

    path = tmp_path / "top1.txt.gz"
    path.write_bytes(gzip.compress(f"{TOP1}\n".encode()))
    code, out, err = run(capsys, "solve", path)
    assert code == 2 and out == "" and "gzip" in err and str(path) in err and err.count("\n") == 1
    code, out, err = run(capsys, "solve", write(tmp_path, "", "empty.txt"))
    assert code == 2 and "no puzzles" in err


def test_strict_prints_the_results_before_the_bad_entry(capsys, tmp_path):
    path = write(tmp_path, f"{TOP1}\n{NONE}\n{BAD_SYMBOL}\n{TOP1}\n")
    code, out, err = run(capsys, "solve", "--strict", path)
    assert code == 2 and out.splitlines() == [TOP1_SOLUTION, "NO_SOLUTION"] and "line 3" in err


# ---------------------------------------------------------------------------
# Counting, budgets, timeouts, the summary (issue 9)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("limit, line, exact", [(4, "4+", False), (5, "5", True), (6, "5", True), (1, "1+", False)])
def test_count_limit_tells_exactly_from_at_least(capsys, tmp_path, limit, line, exact):
    """FIVE has five solutions: --limit 5 prints 5, --limit 4 prints 4+ (both printed 4 and 5 before)."""
    path = write(tmp_path, f"{FIVE}\n")
    code, out, _ = run(capsys, "solve", "--count", "--limit", limit, path)
    assert (code, out) == (0, f"{line}\n")
    code, out, _ = run(capsys, "solve", "--count", "--limit", limit, "--format", "json", path)
    row = json.loads(out)
    assert (row["count"], row["exact"], row["status"]) == (int(line.rstrip("+")), exact, "MULTIPLE")
    code, out, _ = run(capsys, "solve", "--count", "--limit", limit, "--format", "grid", path)
    head = out.splitlines()[0]
    assert head.endswith(f"more than {limit} solution{'s' if limit > 1 else ''}" if not exact else ", 5 solutions")
    code, out, err = run(capsys, "solve", "--count", "--limit", limit, "--stats", path)
    assert ("--limit" in err.split("run:")[1]) == (not exact)


@pytest.mark.parametrize("argv", [
    ["solve", "--count", "--limit", 10 ** 30],
    ["solve", "--max-nodes", 10 ** 30],
    ["solve", "--threads", 10 ** 30],
    ["solve", "--max-nodes", -1],
    ["solve", "--timeout", "-1"],
    ["solve", "--timeout", "nan"],
    ["solve", "--timeout", "inf"],
    ["solve", "--size", "3"],
    ["solve", "--box", "9x9"],
    ["cover", "--limit", 10 ** 30],
    ["cover", "--count", "--limit", 2 ** 63],
    ["cover", "--max-nodes", 10 ** 19],
    ["cover", "--max-nodes", -5],
])
def test_numbers_the_engine_cannot_take_are_usage_errors(capsys, argv):
    """--count --limit 10**30 was an OverflowError traceback from the engine."""
    code, out, err = run(capsys, *argv, TOP95)
    option = next(str(a) for a in argv if str(a).startswith("--") and str(a) != "--count")
    assert code == 2 and out == "" and "Traceback" not in err
    assert f"argument {option}" in err.splitlines()[-1]


def test_timeout_stops_reading(capsys, tmp_path, monkeypatch):
    """--timeout 1 on a million puzzles took 7.6-36.5 s: every puzzle was read and printed as BUDGET."""
    monkeypatch.setattr(cli, "CHUNK_SIZE", 7)
    path = write(tmp_path, "\n".join(top95() * 3) + "\n")
    code, out, err = run(capsys, "solve", "--timeout", "0", "--stats", path)
    assert code == 1 and out.splitlines() == ["BUDGET"] * 7  # the chunk in hand, then no more
    note, *summary = err.splitlines()
    assert "--timeout" in note and "not read" in note
    fields = {k: v.strip() for k, v in (line.split(":", 1) for line in summary)}
    assert fields["puzzles"] == "7" and "--timeout" in fields["run"] and "not read" in fields["run"]


def test_timeout_counts_from_the_first_puzzle(capsys, tmp_path, monkeypatch):
    """Compiling the solver (the warm-up) is not counted: here the warm-up takes an hour."""
    import dlxnumba.cli.solve as solve_command

    class Clock:  # the real clock, plus an hour once the solver is warm
        offset = 0.0

        @staticmethod
        def perf_counter():
            return solve_command_time.perf_counter() + Clock.offset

    solve_command_time = solve_command.time
    monkeypatch.setattr(solve_command, "time", Clock)
    real = sudoku_module.solve_many

    def slow_to_compile(*args, **kwargs):
        if kwargs.get("max_nodes") == 1:  # the warm-up
            Clock.offset += 3600.0
        return real(*args, **kwargs)

    monkeypatch.setattr(sudoku_module, "solve_many", slow_to_compile)
    code, out, err = run(capsys, "solve", "--timeout", "600", "--stats", TOP95)
    assert code == 0 and len(out.splitlines()) == 95
    assert "complete" in err and float(err.split("start-up:")[1].split()[0]) >= 3600


def test_stats_says_how_the_run_ended(capsys, tmp_path):
    path = write(tmp_path, "\n".join(_searched()) + "\n")
    code, _, err = run(capsys, "solve", "--stats", path)
    assert code == 0 and err.splitlines()[-1].split(":", 1) == ["run", "             complete"]
    code, _, err = run(capsys, "solve", "--stats", "--max-nodes", "1", path)
    run_line = err.splitlines()[-1]
    assert code == 1 and "complete" in run_line and "3 puzzles ran out of --max-nodes" in run_line


# ---------------------------------------------------------------------------
# Setters' constraints: --constraints, and a file's 'constraints:' line
# ---------------------------------------------------------------------------

RULES = "thermometer r2c1 r2c2 r2c3; xv 5 r4c3 r4c4"


def test_constraints_on_the_command_line_and_in_a_file(capsys, tmp_path):
    puzzles = ["1" + "." * 15, "2" + "." * 15]
    want = [Sudoku(p, constraints=RULES).count() for p in puzzles]
    code, out, err = run(capsys, "solve", "--size", "4", "--constraints", RULES, "--count", *puzzles)
    assert code == 0 and [int(x) for x in out.split()] == want
    path = write(tmp_path, f"variant: constraints\nconstraints: {RULES}\n" + "\n".join(puzzles) + "\n")
    code, out, err = run(capsys, "solve", path, "--count")
    assert code == 0 and [int(x) for x in out.split()] == want
    code, out, err = run(capsys, "solve", path)
    for line, p in zip(out.split(), puzzles):
        s = Sudoku(p, constraints=RULES)
        assert is_solution(line, puzzle=s) and s.variant.is_solution(line)
    code, out, err = run(capsys, "grade", path)
    assert code == 2 and "declares 'variant: constraints'" in err


def test_bad_constraints_name_the_entry(capsys):
    code, out, err = run(capsys, "solve", "--constraints", "thermometer r2c1 r2c9 r2c10", "." * 81)
    assert code == 2 and "argument --constraints: constraint 1 (thermometer): cell r2c10 is outside the 9x9 grid" in err
