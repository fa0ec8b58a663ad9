"""``dlxnumba solve`` on f-puzzles input (JSON files, files of links, links as
arguments, --fpuzzles) and ``dlxnumba generate --link`` (in process, through main(argv)).
Every solution is checked by Variant.is_solution against the puzzle read by the API."""

import json
from pathlib import Path

import numpy as np

from command_line import run, write
from dlxnumba import Sudoku

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "puzzles" / "fpuzzles"
JIGSAW = EXAMPLES / "jigsaw-xv-6x6.json"
THERMO = Sudoku("1...............", constraints="thermometer r1c2 r1c3 r1c4; difference r2c1 r2c2")
X = Sudoku("12.. .... .... ....", variant="x")


def _grid(text):
    """The (n, n) digits of a solution's text (n <= 9)."""
    n = int(len(text) ** 0.5)
    return np.array([int(ch) for ch in text]).reshape(n, n)


def _check(rows, puzzles):
    """Each JSON row solves its puzzle (the puzzle's own rules)."""
    assert len(rows) == len(puzzles)
    for row, s in zip(rows, puzzles):
        assert row["status"] == "SOLVED"
        assert s.variant.is_solution(_grid(row["solution"]), s.grid, s.box)


def test_json_file_recognised(capsys):
    code, out, err = run(capsys, "solve", "--format", "json", "--unique", JIGSAW)
    assert (code, err) == (0, "")
    _check([json.loads(line) for line in out.splitlines()], [Sudoku.from_fpuzzles(JIGSAW.read_text())])


def test_links_file_recognised_and_mixed_with_plain_puzzles(capsys, tmp_path):
    links = write(tmp_path, f"# two links\n\n{THERMO.fpuzzles_url()}\n"
                            f"https://sudokupad.app/fpuzzles{X.fpuzzles_url().split('=', 1)[1]}\n", "links.txt")
    plain = write(tmp_path, "1...............\n")
    code, out, _ = run(capsys, "solve", "--format", "json", plain, links, X.fpuzzles_url(), plain)
    assert code == 0
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["index"] for r in rows] == list(range(5))
    _check(rows, [Sudoku("1..............."), THERMO, X, X, Sudoku("1...............")])


def test_the_examples_folder_links(capsys):
    code, out, _ = run(capsys, "solve", "--unique", EXAMPLES / "links.txt")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 8
    links = [x for x in (EXAMPLES / "links.txt").read_text().splitlines() if x.startswith("http")]
    for line, link in zip(lines, links):
        s = Sudoku.from_fpuzzles(link)
        assert s.variant.is_solution(_grid(line), s.grid, s.box)


def test_fpuzzles_flag_reads_data_and_json_lines(capsys, tmp_path, stdin):
    data = THERMO.fpuzzles_url().split("?load=")[1]
    lines = write(tmp_path, f"{data}\n{X.to_fpuzzles()}\n", "mixed.txt")
    code, out, _ = run(capsys, "solve", "--fpuzzles", "--format", "json", lines, data)
    assert code == 0
    _check([json.loads(line) for line in out.splitlines()], [THERMO, X, THERMO])
    stdin(json.dumps(json.loads(THERMO.to_fpuzzles()), indent=2))
    code, out, _ = run(capsys, "solve", "--fpuzzles", "--format", "json", "-")
    assert code == 0
    _check([json.loads(line) for line in out.splitlines()], [THERMO])


def test_bad_entries_are_invalid_in_order(capsys, tmp_path):
    bad = '{"size": 4, "grid": [], "betweenline": [{"lines": [["R1C1", "R2C2"]]}]}'
    path = write(tmp_path, f"{THERMO.fpuzzles_url()}\n{bad}\n{X.fpuzzles_url()}\n", "links.txt")
    code, out, _ = run(capsys, "solve", "--fpuzzles", "--format", "json", path)
    assert code == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["status"] for r in rows] == ["SOLVED", "INVALID", "SOLVED"]
    assert rows[1]["error"].startswith(f"{path}:2: f-puzzles rule 'betweenline' is not supported")
    code, out, err = run(capsys, "solve", "--fpuzzles", "--strict", path)
    assert code == 2 and "links.txt:2: f-puzzles rule 'betweenline'" in err


def test_rules_options_are_refused(capsys):
    code, _, err = run(capsys, "solve", "--variant", "x", JIGSAW)
    assert code == 2 and "f-puzzles input carries its own rules" in err
    code, _, err = run(capsys, "solve", "https://sudokupad.app/abc123")
    assert code == 2 and "stored on its server" in err


def test_count_and_grid_format(capsys):
    code, out, _ = run(capsys, "solve", "--count", X.fpuzzles_url())
    assert code == 0 and out == f"{X.count()}\n"
    code, out, _ = run(capsys, "solve", "--format", "grid", JIGSAW)
    s = Sudoku.from_fpuzzles(JIGSAW.read_text())
    assert out == f"# puzzle 1: SOLVED\n{s.solve().boxed()}\n\n"


def test_generate_link(capsys):
    code, out, err = run(capsys, "generate", "-n", "2", "--seed", "5", "--box", "2x2", "--variant", "x", "--link")
    assert (code, err) == (0, "")
    links = out.splitlines()
    assert len(links) == 2 and all(x.startswith("https://www.f-puzzles.com/?load=") for x in links)
    for link in links:
        s = Sudoku.from_fpuzzles(link)
        assert s.variant.kinds == ("x",) and s.count(2) == 1
    code, _, err = run(capsys, "generate", "--box", "5x5", "--link")
    assert code == 2 and "f-puzzles draws 4x4 to 16x16" in err
