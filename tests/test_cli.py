"""Tests of the command line (dlxnumba.cli): in process through main(argv), plus
a few real subprocesses for ``python -m dlxnumba``, exit statuses and Ctrl-C."""

import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from dlxnumba import Sudoku, is_solution
from dlxnumba import cli
from dlxnumba import sudoku as sudoku_module
from dlxnumba.cli import main

ROOT = Path(__file__).resolve().parent.parent
TOP95 = ROOT / "puzzles" / "top95.txt"

FIVE_SOLUTIONS = "8..6..9.5.............2.31...7318.6.24.....73...........279.1..5...8..36..3......"
NO_SOLUTION = ".....5.8....6.1.43..........1.5........1.6...3.......553.....61........4........."
EASY = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
EASY_SOLUTION = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
BROKEN_RULE = "11" + "." * 79  # two 1s in row 1
BAD_SYMBOL = EASY[:10] + "?" + EASY[11:]
TOO_SHORT = EASY[:80]

KNUTH_DLX = """\
| Knuth's example
A B C D E | F G
C E F
A D G
B C F
A D
B G
D E G
"""


def run(capsys, *argv):
    """main(argv) in process: (exit status, stdout, stderr)."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, text, name="puzzles.txt"):
    path = tmp_path / name
    path.write_text(text)
    return path


def top95():
    return TOP95.read_text().split()


def check_solutions(lines, puzzles):
    assert len(lines) == len(puzzles)
    for line, puzzle in zip(lines, puzzles):
        assert len(line) == len(puzzle) and "." not in line
        assert is_solution(line, puzzle), (line, puzzle)


@pytest.fixture
def stdin(monkeypatch):
    """Feed text to standard input."""
    def feed(text, binary=True):
        stream = io.TextIOWrapper(io.BytesIO(text.encode())) if binary else io.StringIO(text)
        monkeypatch.setattr(sys, "stdin", stream)
    return feed


# ---------------------------------------------------------------------------
# dlxnumba solve: formats
# ---------------------------------------------------------------------------


def test_line_format_solves_top95(capsys):
    code, out, err = run(capsys, "solve", TOP95)
    assert code == 0
    check_solutions(out.splitlines(), top95())
    assert err == ""  # no progress bar when stderr is not a terminal


def test_grid_format(capsys, tmp_path):
    path = write(tmp_path, f"{EASY}\n{NO_SOLUTION}\n{BAD_SYMBOL}\n")
    code, out, _ = run(capsys, "solve", "--format", "grid", path)
    assert code == 1
    blocks = out.split("\n\n")
    assert blocks[-1] == ""  # every block ends with a blank line
    blocks = blocks[:-1]
    assert len(blocks) == 3
    head, *grid = blocks[0].splitlines()
    assert head == "# puzzle 1: SOLVED"
    assert "\n".join(grid) == Sudoku(EASY_SOLUTION).boxed()
    head, *grid = blocks[1].splitlines()
    assert head == "# puzzle 2: NO_SOLUTION"
    assert "\n".join(grid) == Sudoku(NO_SOLUTION).boxed()  # the puzzle itself when unsolved
    assert blocks[2].startswith("# puzzle 3: INVALID: ")
    assert "'?'" in blocks[2] and "line 3" in blocks[2]


def test_json_format(capsys, tmp_path):
    path = write(tmp_path, "\n".join([EASY, NO_SOLUTION, BROKEN_RULE, BAD_SYMBOL]) + "\n")
    code, out, _ = run(capsys, "solve", "--format", "json", path)
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["index"] for r in rows] == [0, 1, 2, 3]
    assert [r["status"] for r in rows] == ["SOLVED", "NO_SOLUTION", "INVALID", "INVALID"]
    solved, none, broken, unreadable = rows
    assert set(solved) == {"index", "puzzle", "solution", "status", "nodes", "updates"}
    assert solved["puzzle"] == EASY and solved["solution"] == EASY_SOLUTION
    assert solved["nodes"] > 0 and solved["updates"] > solved["nodes"]
    assert none["solution"] is None and none["nodes"] > 0
    assert broken["puzzle"] == BROKEN_RULE and broken["solution"] is None
    assert "row 1" in broken["error"] and "r1c1" in broken["error"]
    assert unreadable["puzzle"] is None and "line 4" in unreadable["error"]


def test_unique_reports_multiple(capsys, tmp_path):
    path = write(tmp_path, f"{FIVE_SOLUTIONS}\n{EASY}\n")
    code, out, _ = run(capsys, "solve", "--unique", path)
    assert code == 1
    assert out.splitlines() == ["MULTIPLE", EASY_SOLUTION]
    # without --unique the first solution is enough
    code, out, _ = run(capsys, "solve", path)
    assert code == 0
    check_solutions(out.splitlines(), [FIVE_SOLUTIONS, EASY])
    # json keeps the solution found first
    code, out, _ = run(capsys, "solve", "--unique", "--format", "json", path)
    first = json.loads(out.splitlines()[0])
    assert first["status"] == "MULTIPLE" and is_solution(first["solution"], FIVE_SOLUTIONS)


def test_no_solution(capsys, tmp_path):
    code, out, _ = run(capsys, "solve", write(tmp_path, NO_SOLUTION + "\n"))
    assert code == 1
    assert out == "NO_SOLUTION\n"


def test_invalid_entries_keep_order_and_count(capsys, tmp_path):
    entries = [EASY, BAD_SYMBOL, FIVE_SOLUTIONS, BROKEN_RULE, TOO_SHORT, "1234" * 4, EASY]
    path = write(tmp_path, "# a comment\n" + "\n".join(entries) + "\n")
    code, out, err = run(capsys, "solve", path)
    assert code == 1 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(entries)
    assert lines[0] == lines[6] == EASY_SOLUTION
    assert is_solution(lines[2], FIVE_SOLUTIONS)
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
    rows = [EASY[i:i + 9] for i in range(0, 81, 9)]
    text = "Grid 01\n" + "\n".join(rows) + "\nGrid 02\n" + "\n".join(r.replace(".", "0") for r in rows) + "\n"
    code, out, _ = run(capsys, "solve", write(tmp_path, text))
    assert code == 0
    assert out.splitlines() == [EASY_SOLUTION, EASY_SOLUTION]


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
# dlxnumba solve: input, options, statistics
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("binary", [True, False])
def test_stdin(capsys, stdin, binary):
    stdin(f"{EASY}\n{NO_SOLUTION}\n", binary=binary)
    code, out, _ = run(capsys, "solve", "-")
    assert code == 1
    assert out.splitlines() == [EASY_SOLUTION, "NO_SOLUTION"]


def test_stats_summary(capsys, tmp_path):
    path = write(tmp_path, "\n".join([EASY, NO_SOLUTION, BROKEN_RULE, EASY]) + "\n")
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
    path = write(tmp_path, "\n".join([FIVE_SOLUTIONS, NO_SOLUTION, EASY, BROKEN_RULE]) + "\n")
    code, out, _ = run(capsys, "solve", "--count", path)
    assert code == 1  # the invalid puzzle cannot be counted
    assert out.splitlines()[:3] == ["5", "0", "1"]
    assert out.splitlines()[3].startswith("INVALID: ")
    code, out, _ = run(capsys, "solve", "--count", "--limit", "3", "--format", "json",
                       write(tmp_path, f"{FIVE_SOLUTIONS}\n{EASY}\n", "two.txt"))
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [(r["count"], r["status"]) for r in rows] == [(3, "MULTIPLE"), (1, "SOLVED")]
    assert all(r["nodes"] > 0 for r in rows)


def test_budgets(capsys, tmp_path):
    path = write(tmp_path, "\n".join(top95()[:3]) + "\n")
    code, out, _ = run(capsys, "solve", "--max-nodes", "1", path)
    assert code == 1 and out.splitlines() == ["BUDGET"] * 3
    code, out, _ = run(capsys, "solve", "--timeout", "0", "--format", "json", path)
    assert code == 1
    assert [json.loads(line)["status"] for line in out.splitlines()] == ["BUDGET"] * 3
    code, out, _ = run(capsys, "solve", "--count", "--timeout", "0", path)
    assert code == 1 and out.splitlines() == ["BUDGET"] * 3


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


# ---------------------------------------------------------------------------
# dlxnumba solve: usage errors and unreadable input (exit status 2)
# ---------------------------------------------------------------------------


def test_missing_file(capsys, tmp_path):
    missing = tmp_path / "nope.txt"
    code, out, err = run(capsys, "solve", missing)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(missing) in err and "No such file" in err


@pytest.mark.parametrize("argv", [
    ["solve", "--bogus", "x.txt"],
    ["solve"],
    ["solve", "--format", "xml", "x.txt"],
    ["solve", "--threads", "0", "x.txt"],
    ["solve", "--box", "3by3", "x.txt"],
    ["solve", "--limit", "3", "x.txt"],
    ["solve", "--count", "--unique", "x.txt"],
    ["cover", "--stop-at", "2", "x.dlx"],
    ["frobnicate"],
    [],
])
def test_bad_usage(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "usage:" in err and "error:" in err


def test_unreadable_inputs(capsys, tmp_path):
    code, _, err = run(capsys, "solve", write(tmp_path, "# nothing but a comment\n\n"))
    assert code == 2 and "no puzzles" in err
    code, _, err = run(capsys, "solve", tmp_path)  # a directory
    assert code == 2 and str(tmp_path) in err
    code, out, err = run(capsys, "solve", write(tmp_path, "hello, world?\n", "junk.txt"))
    assert code == 2 and "no readable puzzle" in err and "line 1" in err
    assert out.startswith("INVALID: ")  # still one row per entry


def test_strict_stops_at_malformed_entry(capsys, tmp_path):
    path = write(tmp_path, f"{EASY}\n{EASY}\n{BAD_SYMBOL}\n")
    code, _, err = run(capsys, "solve", "--strict", path)
    assert code == 2
    assert err.count("\n") == 1 and str(path) in err and "line 3" in err


def test_help_and_version(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "examples:" in out and "solve" in out and "cover" in out
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0 and "--format" in out and "exit status" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"dlxnumba {__import__('dlxnumba').__version__}"


# ---------------------------------------------------------------------------
# dlxnumba cover
# ---------------------------------------------------------------------------


def test_cover_knuth(capsys, tmp_path):
    path = write(tmp_path, KNUTH_DLX, "knuth.dlx")
    code, out, err = run(capsys, "cover", path)
    assert (code, out, err) == (0, "0 3 4\n", "")
    code, out, _ = run(capsys, "cover", "--names", path)
    assert (code, out) == (0, "C E F\nA D\nB G\n\n")
    code, out, err = run(capsys, "cover", "--count", "--stop-at", "0", "--stats", path)
    assert (code, out) == (0, "1\n")
    fields = {k: v.strip() for k, v in (line.split(":", 1) for line in err.splitlines())}
    assert fields["solutions"] == "1" and fields["nodes"] == "6" and fields["updates"] == "30"
    assert float(fields["seconds"]) >= 0 and "updates/s" in fields


def test_cover_several_solutions_and_limit(capsys, stdin):
    text = "a b\na\nb\na b\n"  # two solutions: {0, 1} and {2}
    stdin(text)
    code, out, _ = run(capsys, "cover", "-")
    assert code == 0 and sorted(out.splitlines()) == ["0 1", "2"]
    stdin(text)
    code, out, _ = run(capsys, "cover", "--limit", "1", "-")
    assert code == 0 and len(out.splitlines()) == 1
    stdin(text)
    code, out, _ = run(capsys, "cover", "--count", "-")
    assert (code, out) == (0, "2\n")


def test_cover_no_solution_and_errors(capsys, tmp_path):
    code, out, _ = run(capsys, "cover", write(tmp_path, "A B\nA\n", "none.dlx"))
    assert (code, out) == (1, "")
    code, out, _ = run(capsys, "cover", "--count", write(tmp_path, "A B\nA\n", "none.dlx"))
    assert (code, out) == (0, "0\n")
    bad = write(tmp_path, "A B\nA\nA C\n", "bad.dlx")
    code, out, err = run(capsys, "cover", bad)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and str(bad) in err and "line 3" in err and "'C'" in err
    code, _, err = run(capsys, "cover", tmp_path / "missing.dlx")
    assert code == 2 and "missing.dlx" in err


def test_cover_budget(capsys, tmp_path):
    # 8 queens as exact cover (rows, columns primary; diagonals secondary): 92 solutions
    n = 8
    items = [f"r{i}" for i in range(n)] + [f"c{j}" for j in range(n)]
    diagonals = [f"a{k}" for k in range(2 * n - 1)] + [f"b{k}" for k in range(2 * n - 1)]
    options = [f"r{i} c{j} a{i + j} b{i - j + n - 1}" for i in range(n) for j in range(n)]
    path = write(tmp_path, " ".join(items) + " | " + " ".join(diagonals) + "\n" + "\n".join(options) + "\n",
                 "queens.dlx")
    code, out, _ = run(capsys, "cover", "--count", path)
    assert (code, out) == (0, "92\n")
    code, out, err = run(capsys, "cover", "--count", "--max-nodes", "50", path)
    assert code == 1 and int(out) < 92 and "max_nodes" in err


# ---------------------------------------------------------------------------
# Real processes: python -m dlxnumba
# ---------------------------------------------------------------------------


def _python_m(*argv, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "dlxnumba", *map(str, argv)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, **kwargs)


def test_python_m_solves_top95():
    done = _python_m("solve", "puzzles/top95.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    check_solutions(done.stdout.splitlines(), top95())


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_quietly_with_130(tmp_path):
    # three quick counts, then the empty grid, whose count never ends
    path = write(tmp_path, f"{EASY}\n{EASY}\n{EASY}\n{'.' * 81}\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "dlxnumba", "solve", "--count", "--progress", str(path)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen = b""
    deadline = time.monotonic() + 120
    try:
        while b"3/4" not in seen and time.monotonic() < deadline:  # the bar shows 3 of 4 done
            byte = proc.stderr.read(1)
            if not byte:
                break
            seen += byte
        assert b"3/4" in seen, seen
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert out.decode().splitlines() == ["1", "1", "1"]
    assert b"Traceback" not in seen + err
