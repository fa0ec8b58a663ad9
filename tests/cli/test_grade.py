"""``dlxnumba grade``: one line per puzzle with the level and both scores (in process)."""

import pytest

from command_line import run, write
from dlxnumba import grade_many, load_puzzles

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def expected_lines(puzzles, samples=16, seed=0, box=None):
    return [f"{g.level} {g.score:.1f} {'-' if g.effort is None else f'{g.effort:.1f}'} {g.steps} {g.hardest}"
            for g in grade_many(puzzles, box, samples=samples, seed=seed, threads=1)]


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
