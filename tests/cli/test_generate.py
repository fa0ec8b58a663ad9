"""``dlxnumba generate``: new puzzles on the command line (in process, through main(argv))."""

import importlib

import numpy as np
import pytest

from command_line import run, sigint_default
from dlxnumba import Sudoku, grade
from dlxnumba.cli import generate as cli_generate
from dlxnumba.sudoku.generating import SYMMETRIES


def _unique(lines, **kwargs):
    for line in lines:
        s = Sudoku(line, **kwargs)
        assert s.count(2) == 1, line
    return lines


def test_generate_count_seed_and_determinism(capsys):
    code, out, err = run(capsys, "generate", "-n", "5", "--seed", "42")
    assert (code, err) == (0, "")
    lines = _unique(out.splitlines())
    assert len(lines) == 5 and len(set(lines)) == 5 and all(len(x) == 81 for x in lines)
    assert run(capsys, "generate", "-n", "5", "--seed", "42", "--threads", "1")[1] == out
    assert run(capsys, "generate", "-n", "5", "--seed", "43")[1] != out
    # the same puzzles as the API, in chunks or not
    from dlxnumba import generate_many
    assert lines == [str(s) for s in generate_many(5, seed=42)]


def test_generate_chunks_give_the_same_puzzles(capsys, monkeypatch):
    monkeypatch.setattr(cli_generate, "FIRST_SLICE", 2)
    monkeypatch.setattr(cli_generate, "SLICE_SECONDS", 1e-9)  # every later call: one puzzle
    code, out, _ = run(capsys, "generate", "-n", "7", "--seed", "9")
    monkeypatch.undo()
    assert code == 0 and out == run(capsys, "generate", "-n", "7", "--seed", "9")[1]


def test_generate_options(capsys, tmp_path):
    code, out, _ = run(capsys, "generate", "-n", "2", "--seed", "1", "--box", "2x3")
    assert code == 0 and all(len(x) == 36 for x in _unique(out.splitlines(), box=(2, 3)))
    code, out, _ = run(capsys, "generate", "-n", "3", "--seed", "1", "--clues", "26-27", "--symmetric", "central")
    for line in _unique(out.splitlines()):
        g = Sudoku(line).givens
        assert 26 <= g.sum() <= 27 and np.array_equal(g, g[::-1, ::-1])
    code, out, _ = run(capsys, "generate", "-n", "1", "--seed", "1", "--clues", "40", "--not-minimal")
    assert code == 0 and Sudoku(out.strip()).givens.sum() == 40
    code, out, _ = run(capsys, "generate", "-n", "2", "--seed", "3", "--level", "hard")
    assert code == 0 and [grade(x).level for x in out.split()] == ["hard", "hard"]
    path = tmp_path / "new.txt"
    code, out, _ = run(capsys, "generate", "-n", "3", "--seed", "1", "-o", path)
    assert (code, out) == (0, "") and len(_unique(path.read_text().splitlines())) == 3


def test_generate_variant_has_a_header(capsys):
    code, out, _ = run(capsys, "generate", "-n", "2", "--seed", "1", "--variant", "x")
    lines = out.splitlines()
    assert code == 0 and lines[0] == "variant: x" and len(lines) == 3
    _unique(lines[1:], variant="x")
    regions = "AABB AABB CCDD CCDD"
    code, out, _ = run(capsys, "generate", "-n", "1", "--seed", "1", "--regions", regions)
    lines = out.splitlines()
    assert lines[:2] == ["variant: jigsaw", "regions: AABBAABBCCDDCCDD"]
    _unique(lines[2:], regions=regions)


@pytest.mark.parametrize("argv, message", [
    (["--clues", "30-20"], "the range is empty"),
    (["--clues", "x"], "is not a clue count"),
    (["--threads", "0"], "--threads: 0 is not positive"),
    (["--not-minimal"], "--not-minimal needs --clues"),
    (["--symmetric", "spiral"], "invalid choice: 'spiral'"),
    (["--seed", "-1"], "--seed"),
    (["--box", "8x8"], "up to 63x63"),
    (["--level", "impossible"], "argument --level: invalid choice: 'impossible' (choose from 'easy'"),
    (["--variant", "knight"], "unknown variant 'knight'"),
    (["--clues", "90"], "clues 90-90 is not a range within 0-81"),
])
def test_generate_bad_usage(capsys, argv, message):
    code, out, err = run(capsys, "generate", *argv)
    assert code == 2 and out == "" and message in err


def test_generate_budget_is_status_1_with_a_message(capsys):
    code, out, err = run(capsys, "generate", "-n", "2", "--seed", "1", "--clues", "17", "--max-attempts", "3")
    assert code == 1 and out == ""
    assert "no 9x9 minimal puzzle with 17-17 clues in 3 attempts" in err
    code, out, err = run(capsys, "generate", "-n", "1", "--seed", "1", "--clues", "17", "--timeout", "0.2")
    assert code == 1 and "within the timeout" in err


def test_generate_ctrl_c_keeps_what_was_made(capsys, monkeypatch):
    gen = importlib.import_module("dlxnumba.sudoku.generating")
    real = gen.generate_slice  # the slice maker the command calls, wrapped to send Ctrl-C between two slices
    calls = []

    def interrupted(*args, **kwargs):
        calls.append(1)
        if len(calls) > 1:
            raise KeyboardInterrupt
        return real(*args, **kwargs)

    monkeypatch.setattr(gen, "generate_slice", interrupted)
    monkeypatch.setattr(cli_generate, "FIRST_SLICE", 3)
    code, out, _ = run(capsys, "generate", "-n", "10", "--seed", "5")
    assert code == 130 and len(_unique(out.splitlines())) == 3


def test_generate_progress(capsys):
    code, out, err = run(capsys, "generate", "-n", "3", "--seed", "1", "--progress")
    assert code == 0 and len(out.splitlines()) == 3 and "3/3" in err
    code, out, err = run(capsys, "generate", "-n", "3", "--progress")
    assert code == 0 and "seed " in err  # a random seed is shown, to repeat the run


def test_symmetry_names_match_the_api():
    assert cli_generate.SYMMETRIES == tuple(SYMMETRIES)


def test_generate_real_ctrl_c_in_a_long_puzzle():
    # a minimal 25x25 takes minutes; SIGINT stops it (the kernel polls a flag) with status 130
    import signal
    import subprocess
    import sys
    import time

    p = subprocess.Popen([sys.executable, "-m", "dlxnumba", "generate", "--box", "5x5", "--progress"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         preexec_fn=sigint_default)
    assert b"seed" in p.stderr.readline()  # the run has begun (the random seed is shown)
    time.sleep(2)  # inside the generator (or still loading it: Ctrl-C is caught there too)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=60)
    assert p.returncode == 130 and out == b""


def test_generate_killers_as_blocks(capsys, tmp_path):
    code, out, err = run(capsys, "generate", "-n", "3", "--seed", "5", "--box", "2x2", "--variant", "killer")
    assert (code, err) == (0, "")
    blocks = [b for b in out.split("\n\n") if b.strip()]
    assert len(blocks) == 3 and all(b.startswith("variant: killer\ncages: ") for b in blocks)
    from dlxnumba import generate_many
    made = generate_many(3, box=(2, 2), seed=5, variant="killer")
    read = [Sudoku(b) for b in blocks]
    assert read == made and [s.variant.cages for s in read] == [s.variant.cages for s in made]
    assert all(s.count(2) == 1 for s in read)
    one = tmp_path / "one.txt"  # 'dlxnumba solve' reads a file of one block
    one.write_text(blocks[0] + "\n")
    code, solved, _ = run(capsys, "solve", str(one))
    from dlxnumba import is_solution
    assert code == 0 and is_solution(solved.split()[-1], puzzle=read[0])  # the cages are checked too


# ---------------------------------------------------------------------------
# Issue 20
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("box, variant", [("2x3", "x+anti-knight"), ("3x3", "x+anti-knight+anti-king"),
                                          ("2x3", "x+non-consecutive")])
def test_rules_that_allow_no_grid_say_so_and_print_nothing(capsys, box, variant):
    """It printed the 'variant:' header, then 'no full 6x6 grid found ... within the
    search budget' (finding 12): no grid of that shape satisfies those rules."""
    from dlxnumba import Sudoku
    from dlxnumba.cli.common import box_argument

    r, c = box_argument(box)
    assert Sudoku("." * (r * c) ** 2, box=(r, c), variant=variant).count(1) == 0  # none exists
    code, out, err = run(capsys, "generate", "--box", box, "--variant", variant, "--seed", "1")
    assert (code, out) == (1, "") and err.count("\n") == 1
    assert f"no full {r * c}x{r * c} grid with box {box} and the rules of {variant} exists" in err


def test_number_of_puzzles_is_n_and_count_is_gone(capsys):
    """--count meant 'how many puzzles' here and 'count solutions' in solve (finding 15);
    its old spelling is gone (issue 34)."""
    code, out, err = run(capsys, "generate", "--number", "2", "--seed", "4")
    assert (code, err) == (0, "") and len(out.splitlines()) == 2
    assert run(capsys, "generate", "-n", "2", "--seed", "4")[1] == out
    code, _, err = run(capsys, "generate", "--count", "2", "--seed", "4")
    assert code == 2 and "--count" in err
    code, help_text, _ = run(capsys, "generate", "--help")
    assert "-n N, --number N" in help_text and "--count" not in help_text
