"""``--threads``, ``--checkpoint`` of ``dlxnumba cover --count`` and ``dlxnumba solve --count``."""

import json

import pytest

import known
from command_line import run, write
from dlxnumba import queens


def queens_file(tmp_path, n):
    return write(tmp_path, queens(n)[0].to_dlx(), f"queens{n}.dlx")


def stats_of(err):
    return {k: v.strip() for k, v in (line.split(":", 1) for line in err.splitlines())}


@pytest.mark.parametrize("threads", ["1", "2"])
def test_cover_count_with_threads_and_stats_equals_dlx1(capsys, tmp_path, threads):
    path = write(tmp_path, known.KNUTH_TEXT, "knuth.dlx")
    code, out, err = run(capsys, "cover", "--count", "--threads", threads, "--stop-at", "0", "--stats", path)
    fields = stats_of(err)
    assert (code, out, fields["nodes"], fields["updates"]) == (0, "1\n", "6", "30")  # golden.md
    path = queens_file(tmp_path, 7)
    _, serial, err = run(capsys, "cover", "--count", "--stop-at", "0", "--stats", path)
    want = stats_of(err)
    code, out, err = run(capsys, "cover", "--count", "--threads", threads, "--stop-at", "0", "--stats", path)
    fields = stats_of(err)
    assert (code, out) == (0, serial) == (0, "40\n")
    assert (fields["nodes"], fields["updates"]) == (want["nodes"], want["updates"])


def test_cover_lists_all_solutions_with_threads(capsys, tmp_path):
    path = queens_file(tmp_path, 6)
    code, serial, _ = run(capsys, "cover", path)
    code2, split, _ = run(capsys, "cover", "--threads", "2", path)
    assert code == code2 == 0 and sorted(serial.splitlines()) == sorted(split.splitlines())
    assert len(split.splitlines()) == 4


def test_cover_checkpoint_resumes_and_refuses_another_problem(capsys, tmp_path):
    path = queens_file(tmp_path, 8)
    ckpt = tmp_path / "q8.ckpt"
    code, out, err = run(capsys, "cover", "--count", "--timeout", "0", "--checkpoint", ckpt, path)
    assert code == 1 and out == f"{0}+\n" and "timeout" in err
    header = json.loads(ckpt.read_text().splitlines()[0])
    assert header["format"] == "dlxnumba-checkpoint" and len(ckpt.read_text().splitlines()) == 1
    code, out, _ = run(capsys, "cover", "--count", "--threads", "2", "--checkpoint", ckpt, path)
    assert (code, out) == (0, "92\n")
    assert len(ckpt.read_text().splitlines()) == 1 + len(header["subproblems"])  # every task recorded once
    code, out, _ = run(capsys, "cover", "--count", "--checkpoint", ckpt, path)  # all done: read back
    assert (code, out) == (0, "92\n")
    code, out, err = run(capsys, "cover", "--count", "--checkpoint", ckpt, queens_file(tmp_path, 7))
    assert code == 2 and out == "" and "was made for another problem" in err and str(ckpt) in err


@pytest.mark.parametrize("argv, message", [
    (["--checkpoint", "c.ckpt"], "--checkpoint needs --count"),
    (["--count", "--checkpoint", "c.ckpt", "--limit", "3"], "leave out --limit and --max-nodes"),
    (["--count", "--checkpoint", "c.ckpt", "--max-nodes", "3"], "leave out --limit and --max-nodes"),
])
def test_cover_bad_combinations(capsys, tmp_path, argv, message):
    code, out, err = run(capsys, "cover", *argv, queens_file(tmp_path, 5))
    assert code == 2 and out == "" and message in err


def test_solve_count_with_threads_and_checkpoint(capsys, tmp_path):
    count, nodes, updates = known.GOLDEN_SPECIAL[known.FIVE]
    code, out, _ = run(capsys, "solve", "--count", "--threads", "2", known.FIVE)
    assert (code, out) == (0, f"{count}\n")
    ckpt = tmp_path / "five.ckpt"
    code, out, _ = run(capsys, "solve", "--count", "--format", "json", "--checkpoint", ckpt, known.FIVE)
    rec = json.loads(out)
    assert code == 0 and rec["count"] == count and rec["exact"] is True
    code, out, _ = run(capsys, "solve", "--count", "--threads", "2", "--checkpoint", ckpt, known.FIVE)
    assert (code, out) == (0, f"{count}\n")
    code, out, err = run(capsys, "solve", "--count", "--checkpoint", ckpt, known.NONE)
    assert code == 2 and "was made for another given options" in err


def test_solve_checkpoint_counts_one_puzzle(capsys, tmp_path):
    code, out, err = run(capsys, "solve", "--count", "--checkpoint", tmp_path / "c", known.FIVE, known.FIVE)
    assert code == 2 and out == "5\n" and "--checkpoint counts one puzzle" in err


def test_counts_that_stop_early_are_serial(capsys, tmp_path):
    """--count --threads N with --limit or --max-nodes: the serial count, stopped as asked."""
    code, out, err = run(capsys, "solve", "--count", "--threads", "2", "--limit", "3", known.FIVE)
    assert (code, out, err) == (0, "3+\n", "")
    code, out, _ = run(capsys, "solve", "--count", "--threads", "2", "--max-nodes", "0", known.FIVE)
    assert code == 1 and out.split()[0] == "BUDGET"
    code, out, err = run(capsys, "cover", "--count", "--threads", "2", "--limit", "5", queens_file(tmp_path, 6))
    assert (code, out) == (0, "4\n")
    code, out, err = run(capsys, "cover", "--count", "--threads", "2", "--limit", "5", queens_file(tmp_path, 8))
    assert (code, out) == (0, "5+\n")


def test_solve_bad_combinations(capsys):
    code, out, err = run(capsys, "solve", "--count", "--checkpoint", "c", "--limit", "3", known.FIVE)
    assert code == 2 and out == "" and "leave out --limit and --max-nodes" in err
    code, out, err = run(capsys, "solve", "--checkpoint", "x", known.FIVE)
    assert code == 2 and out == "" and "--checkpoint needs --count" in err


def test_solve_threads_without_count_are_batch_threads(capsys, tmp_path):
    """Without --count, --threads runs a batch on threads: --max-nodes and --limit are fine."""
    f = tmp_path / "p.txt"
    f.write_text("\ufeff# comment\n.24.\n..3.\n.3..\n24..\n")
    code, out, err = run(capsys, "solve", "--max-nodes=0", "--threads=2", str(f))
    assert (code, out.split(), err) == (1, ["BUDGET"], "")
    code, out, _ = run(capsys, "solve", "--threads=2", str(f))
    assert code == 0 and len(out.split()) == 1


KILLER_CAGES = "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3"  # the README's 4x4 killer


def test_colored_killers_are_refused_in_the_command_lines_words(capsys, tmp_path):
    """Issue 20: a killer with colored cages counted 0 split over threads; now the
    split is refused, naming the options to leave out, and the serial count is 1."""
    code, out, err = run(capsys, "solve", "--count", "--cages", KILLER_CAGES, "." * 16)
    assert (code, out) == (0, "1\n")
    for argv in (["--threads", "2"], ["--checkpoint", tmp_path / "k.ckpt"]):
        code, out, err = run(capsys, "solve", "--count", *argv, "--cages", KILLER_CAGES, "." * 16)
        assert code == 2 and out == "" and not (tmp_path / "k.ckpt").exists()
        assert "--threads and --checkpoint: a split search takes problems without colors" in err
        assert "leave them out to count it serially" in err and "threads=" not in err


def test_a_colored_cover_is_refused_in_the_command_lines_words(capsys, tmp_path):
    path = write(tmp_path, "a b | x\na x:A\nb x:A\na b\n", "colored.dlx")
    code, out, err = run(capsys, "cover", "--count", path)
    assert (code, out) == (0, "2\n")
    for argv in (["--count", "--threads", "2"], ["--count", "--checkpoint", tmp_path / "c.ckpt"],
                 ["--threads", "2"]):
        code, out, err = run(capsys, "cover", *argv, path)
        assert code == 2 and out == "" and "threads=" not in err
        assert "--threads and --checkpoint: a split search takes problems without colors or bounds, and " \
               "this one has colors; leave them out to search it serially" in err


def test_an_edited_checkpoint_is_an_error_naming_the_line(capsys, tmp_path):
    path = queens_file(tmp_path, 8)
    ckpt = tmp_path / "q8.ckpt"
    run(capsys, "cover", "--count", "--timeout", "0", "--checkpoint", ckpt, path)
    code, out, _ = run(capsys, "cover", "--count", "--checkpoint", ckpt, path)
    lines = ckpt.read_text().splitlines()
    rec = json.loads(lines[2])
    rec["count"] += 1
    ckpt.write_text("\n".join(lines[:2] + [json.dumps(rec)] + lines[3:]) + "\n")
    code, out, err = run(capsys, "cover", "--count", "--checkpoint", ckpt, path)
    assert code == 2 and out == "" and f"the checkpoint {ckpt} is damaged: line 3: the record does not " \
                                       f"match its digest" in err
