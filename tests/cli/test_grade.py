"""``dlxnumba grade``: one line per puzzle with the level and both scores (in process)."""

import pytest

from command_line import run, sigint_default, write
from dlxnumba import grade_many, load_puzzles

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def expected_lines(puzzles, samples=16, seed=0, box=None):
    return [f"{g.level} {g.score:.1f} {'-' if g.effort is None else f'{g.effort:.1f}'} {g.steps} {g.hardest}"
            for g in grade_many(puzzles, box=box, samples=samples, seed=seed, threads=1)]


def test_a_set_by_name_and_a_file_agree_with_grade_many(capsys, tmp_path):
    puzzles = load_puzzles("hardest")
    code, out, err = run(capsys, "grade", "hardest", "--threads", "1")
    assert (code, err) == (0, "") and out.splitlines() == expected_lines(puzzles)
    path = write(tmp_path, "\n".join(puzzles) + "\n")
    code, out2, _ = run(capsys, "grade", path, "--samples", "3", "--seed", "2")
    assert code == 0 and out2.splitlines() == expected_lines(puzzles, samples=3, seed=2)


def test_puzzles_as_arguments_and_stdin(capsys, stdin):
    code, out, _ = run(capsys, "grade", "--samples", "0", EASY)
    assert code == 0 and out == "easy 1.5 - 49 hidden single\n"
    stdin(EASY + "\n" + load_puzzles("top95")[4] + "\n")
    code, out, _ = run(capsys, "grade")
    assert code == 0 and out.splitlines() == expected_lines([EASY, load_puzzles("top95")[4]])


def test_other_box_shapes(capsys):
    puzzle = load_puzzles("sudoku6")[0]
    code, out, _ = run(capsys, "grade", "--box", "2x3", puzzle)
    assert code == 0 and out.splitlines() == expected_lines([puzzle], box=(2, 3))


@pytest.mark.parametrize("argv, message", [
    (["no-such-file"], "cannot read no-such-file"),
    (["--samples", "-1", EASY], "argument --samples: -1 is negative"),
])
def test_errors(capsys, argv, message):
    code, out, err = run(capsys, "grade", *argv)
    assert code == 2 and out == "" and message in err


def test_closed_stdout_and_empty_input(capsys, monkeypatch, stdin):
    stdin("")  # as 'solve' says it (issue 20, finding 12: exit status 0 and nothing said)
    assert run(capsys, "grade") == (2, "", "dlxnumba: error: <stdin>: no puzzles found\n")
    monkeypatch.setattr("sys.stdout", None)
    code = __import__("dlxnumba.cli", fromlist=["main"]).main(["grade", EASY])
    assert code == 2 and "cannot write standard output: it is closed" in capsys.readouterr().err


# ---------------------------------------------------------------------------
# Issue 20: puzzles without a grade, streaming, Ctrl-C and closed pipes, errors
# ---------------------------------------------------------------------------


def test_puzzles_without_a_grade_get_their_status_and_exit_1(capsys, tmp_path):
    """A puzzle without a solution was rated 'beyond 10.0', exit 0 (finding 5):
    a status line, as 'solve' says it, the others graded, exit 1 at the end."""
    from known import FIVE, NONE

    path = write(tmp_path, "\n".join([NONE, EASY, "11" + "." * 79, FIVE]) + "\n")
    code, out, err = run(capsys, "grade", "--samples", "2", path)
    lines = out.splitlines()
    assert (code, err, len(lines)) == (1, "", 4)
    assert lines[0] == "NO_SOLUTION" and lines[3] == "MULTIPLE"
    assert lines[1] == expected_lines([EASY], samples=2)[0]
    assert lines[2].startswith("INVALID: the givens break the rules: 1 appears 2 times in row 1")
    code, out, _ = run(capsys, "grade", "--samples", "2", "--allow-multiple", FIVE)
    g = grade_many([FIVE], samples=2, threads=1, uniqueness=False)[0]
    assert code == 0 and out == f"{g.level} {g.score:.1f} {g.effort:.1f} {g.steps} {g.hardest}\n"


@pytest.mark.parametrize("text, message", [
    ("", "big.txt: no puzzles found"),  # exit 0 and nothing said (finding 12)
    ("# only a comment\n", "big.txt: no puzzles found"),
])
def test_no_puzzles_is_an_error_as_in_solve(capsys, tmp_path, text, message):
    path = write(tmp_path, text, "big.txt")
    code, out, err = run(capsys, "grade", path)
    assert (code, out) == (2, "") and message in err and err.count("\n") == 1
    assert run(capsys, "solve", path)[0] == 2


def test_errors_name_what_cannot_be_read_in_plain_words(capsys, tmp_path):
    """A directory was 'cannot read: Is a directory'; a bad line was shown as a Python tuple (finding 12)."""
    folder = tmp_path / "a-folder"
    folder.mkdir()
    code, out, err = run(capsys, "grade", folder)
    assert (code, out) == (2, "") and f"cannot read {folder}: Is a directory" in err
    path = write(tmp_path, "1...............\n" + "1" + "." * 35 + "\n", "mixed.txt")
    code, out, err = run(capsys, "grade", path)
    assert code == 1 and err == "" and "(1, " not in out
    assert out.splitlines()[1] == f"INVALID: {path}, line 2: 36 cells, expected 16 (one 4x4 puzzle per line)"


def _slow_input(tmp_path):
    """28,500 puzzles: minutes of grading, the first lines within a second or so."""
    puzzles = load_puzzles("top95") * 300
    return puzzles, write(tmp_path, "\n".join(puzzles) + "\n", "slow.txt")


def _grade_process(path):
    import os
    import subprocess
    import sys

    from known import ROOT

    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen([sys.executable, "-m", "dlxnumba", "grade", "--threads", "1", str(path)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, preexec_fn=sigint_default)


def _line_within(proc, seconds):
    import select

    ready, _, _ = select.select([proc.stdout], [], [], seconds)
    return proc.stdout.readline() if ready else None


@pytest.mark.skipif(__import__("sys").platform == "win32", reason="POSIX signals and pipes")
def test_grade_streams_and_stops_at_a_closed_pipe(tmp_path):
    """'grade FILE | head -1' graded all 200,000 puzzles, then exited 0 (finding 7):
    the lines come out as the slices are done, and the closed pipe ends the run, 141."""
    puzzles, path = _slow_input(tmp_path)
    proc = _grade_process(path)
    try:
        first = _line_within(proc, 180)
        assert first is not None, "no line while the input was being graded"
        proc.stdout.close()  # what head does after its line
        assert proc.wait(timeout=120) == 141
        err = proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
    assert first.decode() == expected_lines(puzzles[:1])[0] + "\n"
    assert b"Traceback" not in err and b"Exception ignored" not in err


@pytest.mark.skipif(__import__("sys").platform == "win32", reason="POSIX signals and pipes")
def test_grade_stops_at_ctrl_c_with_the_lines_done(tmp_path):
    """SIGINT was answered 38-40 s later with no output (finding 7): status 130,
    and the lines of the puzzles graded so far, whole, in order."""
    import signal

    puzzles, path = _slow_input(tmp_path)
    proc = _grade_process(path)
    try:
        first = _line_within(proc, 180)
        assert first is not None, "no line while the input was being graded"
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = first + out
    assert proc.returncode == 130 and b"Traceback" not in err
    lines = out.decode().splitlines()
    assert out.endswith(b"\n") and 1 <= len(lines) < len(puzzles)
    assert lines == expected_lines(puzzles[:len(lines)])
