"""``dlxnumba solve`` and ``dlxnumba generate`` on samurai puzzles (in process, through main(argv))."""

import json
from pathlib import Path

from command_line import run, write
from dlxnumba import Gattai
from dlxnumba.cli.sources import looks_samurai

SAMURAI_FILE = Path(__file__).resolve().parents[2] / "puzzles" / "gattai" / "samurai.txt"


def puzzles() -> list[str]:
    return [b for b in SAMURAI_FILE.read_text().split("\n\n") if b.strip()]


def test_a_samurai_file_is_recognised_and_solved(capsys):
    code, out, err = run(capsys, "solve", SAMURAI_FILE)
    assert code == 0 and err == ""
    answers = [b for b in out.split("\n\n") if b.strip()]
    assert len(answers) == len(puzzles())
    for text, answer in zip(puzzles(), answers):
        assert Gattai.samurai(text).is_solution(Gattai.samurai(answer))


def test_samurai_from_standard_input_with_the_flag(capsys, stdin):
    first, second = puzzles()[:2]
    broken = first.splitlines()
    broken[3] = broken[3][:4] + "?" + broken[3][5:]
    stdin(first + "\n\n" + "\n".join(broken) + "\n\n" + second + "\n")
    code, out, _ = run(capsys, "solve", "--samurai", "--format", "json", "--unique", "-")
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in rows] == ["SOLVED", "INVALID", "SOLVED"]
    assert "line 4, column 5" in rows[1]["error"]
    assert Gattai.samurai(first).is_solution(Gattai.samurai(rows[0]["solution"]))


def test_count_and_grid_format(capsys, tmp_path):
    lines = puzzles()[0].splitlines()
    lines[0] = "." * 9 + lines[0][9:]  # the first row of grid 1 emptied: more solutions
    path = write(tmp_path, "\n".join(lines) + "\n")
    code, out, _ = run(capsys, "solve", "--count", "--limit", "3", path)
    want = min(Gattai.samurai("\n".join(lines)).count(3), 3)
    assert code == 0 and out.strip().rstrip("+") == str(want)
    code, out, _ = run(capsys, "solve", "--format", "grid", SAMURAI_FILE)
    assert code == 0 and out.startswith("# puzzle 1: SOLVED\n+-----+")


def test_refused_options(capsys):
    code, _, err = run(capsys, "solve", "--box", "3x3", SAMURAI_FILE)
    assert code == 2 and "--box does not go with samurai" in err
    code, _, err = run(capsys, "solve", "--constraints", "thermometer r1c1 r1c2", SAMURAI_FILE)
    assert code == 2 and "--constraints does not go with samurai" in err  # (its --size 9 was named before)


def test_generate_samurai(capsys, tmp_path):
    code, out, _ = run(capsys, "generate", "--samurai", "--seed", "5", "-n", "2")
    assert code == 0
    made = [b for b in out.split("\n\n") if b.strip()]
    assert len(made) == 2 and all(looks_samurai(b) for b in made)
    assert made[0] != made[1] and all(Gattai.samurai(b).is_unique() for b in made)
    code, again, _ = run(capsys, "generate", "--samurai", "--seed", "5", "-n", "2")
    assert again == out
    path = write(tmp_path, out)
    code, solved, _ = run(capsys, "solve", path)
    assert code == 0 and len([b for b in solved.split("\n\n") if b.strip()]) == 2
    code, out, _ = run(capsys, "generate", "--layout", "twodoku", "--box", "2x2", "--seed", "1")
    assert code == 0 and Gattai(out, "twodoku", n=4).is_unique()
    code, _, err = run(capsys, "generate", "--samurai", "--level", "hard")
    assert code == 2 and "--level does not go with --layout" in err


def test_one_line_puzzle_files_are_not_samurai():
    assert not looks_samurai("4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......\n")
    grid = "1 2 3 | 4 5 6 | 7 8 9\n" * 21  # 21 characters a line, 21 lines, but a plain drawing
    assert not looks_samurai(grid)
    assert looks_samurai("# a comment\n\n" + puzzles()[0])
