"""``--threads``, ``--checkpoint`` of ``dlxnumba cover --count`` and ``dlxnumba solve --count``."""

import json
import re

import pytest

import known
from command_line import run, sigint_default, write
from dlxnumba import last_stats, queens


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
    """Refused before any work (issue 20, finding 12: the first puzzle was counted first)."""
    code, out, err = run(capsys, "solve", "--count", "--checkpoint", tmp_path / "c", known.FIVE, known.FIVE)
    assert code == 2 and out == "" and "--checkpoint counts one puzzle, and the input has 2" in err
    assert not (tmp_path / "c").exists()


def test_counts_that_stop_early_are_serial(capsys, tmp_path):
    """--count --threads N with --limit or --max-nodes: the serial count, stopped as asked."""
    code, out, err = run(capsys, "solve", "--count", "--threads", "2", "--limit", "3", known.FIVE)
    assert (code, out, err) == (0, "3+\n", "")
    code, out, err = run(capsys, "solve", "--count", "--threads", "2", "--max-nodes", "0", known.FIVE)
    assert code == 1 and out == "0+\n" and "--max-nodes ran out" in err  # a lower bound, and why
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


# ---------------------------------------------------------------------------
# Issue 20
# ---------------------------------------------------------------------------


def test_checkpoint_is_an_input_never_the_output(capsys, tmp_path):
    """--checkpoint F -o F emptied the checkpoint (finding 3): refused, as -o naming
    an input is, before anything is written."""
    path = queens_file(tmp_path, 8)
    ckpt = tmp_path / "q8.ckpt"
    code, _, _ = run(capsys, "cover", "--count", "--timeout", "0", "--checkpoint", ckpt, path)
    before = ckpt.read_bytes()
    assert code == 1 and before
    same = [ckpt, tmp_path / "." / "q8.ckpt"]
    if hasattr(__import__("os"), "link"):
        __import__("os").link(ckpt, tmp_path / "hard-link.ckpt")
        same.append(tmp_path / "hard-link.ckpt")
    for output in same:
        code, out, err = run(capsys, "cover", "--count", "--checkpoint", ckpt, "-o", output, path)
        assert (code, out) == (2, "") and f"is the checkpoint {ckpt}" in err and err.count("\n") == 1
        assert ckpt.read_bytes() == before
    five = tmp_path / "five.ckpt"
    assert run(capsys, "solve", "--count", "--checkpoint", five, known.FIVE)[:2] == (0, "5\n")
    made = five.read_bytes()
    code, out, err = run(capsys, "solve", "--count", "--checkpoint", five, "-o", five, known.FIVE)
    assert (code, out) == (2, "") and "checkpoint" in err and five.read_bytes() == made
    new = tmp_path / "new.ckpt"  # not there yet: both would write it
    code, out, err = run(capsys, "cover", "--count", "--checkpoint", new, "-o", new, path)
    assert code == 2 and "checkpoint" in err and not new.exists()


def test_count_stopped_by_timeout_is_a_lower_bound_in_both_commands(capsys, tmp_path):
    """solve --count --timeout printed BUDGET while cover printed 759656+ (finding 9):
    both print what they found, N+, and a note on stderr says why; --stats has the work."""
    path = queens_file(tmp_path, 14)  # 365,596 solutions: more than a second's counting
    code, out, err = run(capsys, "cover", "--count", "--timeout", "0.5", "--stats", path)
    fields = stats_of(err.split("\n", 1)[1])
    assert code == 1 and re.fullmatch(r"\d+\+\n", out) and 0 < int(out[:-2]) < 365_596
    assert "the count stopped early, --timeout ran out" in err and f"{out[:-2]}+ is a lower bound" in err
    assert int(fields["nodes"]) > 0 and fields["solutions"] == out.strip()
    empty = "." * 81
    code, out, err = run(capsys, "solve", "--count", "--timeout", "0.5", "--stats", empty)
    assert code == 1 and re.fullmatch(r"\d+\+\n", out) and int(out[:-2]) > 0
    assert f"puzzle 1: the count stopped early, --timeout ran out" in err and "lower bound" in err
    assert int(stats_of(err.split("\n", 1)[1])["nodes"]) > 0
    code, out, _ = run(capsys, "solve", "--count", "--timeout", "0.5", "--format", "json", empty)
    rec = json.loads(out)
    assert (rec["exact"], rec["stopped"], rec["status"]) == (False, "timeout", "BUDGET") and rec["count"] > 0
    code, out, _ = run(capsys, "solve", "--count", "--timeout", "0.5", "--format", "grid", empty)
    assert re.match(r"# puzzle 1: BUDGET, \d+ solutions so far: --timeout ran out\n", out), out


COUNTS = {  # what an interrupted count may print: at most the true count
    "solve": (["solve", "--count", "." * 81], 6_670_903_752_021_072_936_960),
    "solve-threads": (["solve", "--count", "--threads", "2", "." * 81], 6_670_903_752_021_072_936_960),
    "cover": (["cover", "--count", "queens16.dlx"], 14_772_512),
    "cover-threads": (["cover", "--count", "--threads", "2", "queens16.dlx"], 14_772_512),
}


@pytest.mark.skipif(__import__("sys").platform == "win32", reason="POSIX signals")
@pytest.mark.parametrize("case", sorted(COUNTS))
def test_count_stopped_by_ctrl_c_prints_its_lower_bound(tmp_path, case):
    """Ctrl-C during solve --count printed nothing, and --stats said nodes: 0 after
    seconds of search (finding 9): N+ (at most the true count), a note, the real work."""
    import os
    import signal
    import subprocess
    import sys
    import time

    argv, true_count = COUNTS[case]
    queens_file(tmp_path, 16)
    env = dict(os.environ, PYTHONPATH=str(known.ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "dlxnumba", *argv, "--stats", "--progress"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=sigint_default)
    try:
        seen = proc.stderr.read1(4096)  # the first progress report: the count is under way
        time.sleep(1)
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
    err = (seen + err).decode()
    assert proc.returncode == 130 and "Traceback" not in err
    assert re.fullmatch(rb"\d+\+\n", out), out
    found = int(out[:-2])
    assert 0 < found <= true_count
    assert "the count stopped early, interrupted (Ctrl-C)" in err and f"{found}+ is a lower bound" in err
    nodes = re.search(r"\nnodes:\s+(\d+)", err)
    assert nodes and int(nodes.group(1)) > 0 and "interrupted (Ctrl-C)" in err.split("\nrun:")[-1]


def test_stats_of_a_resumed_count_cover_every_run(capsys, tmp_path):
    """--stats after a resumed count added the nodes of every run but the seconds
    of the last: 2 billion updates/s (finding 14).  The seconds are those the
    checkpoint recorded for every run, the rate is the updates over them, and the
    output says so."""
    from dlxnumba import ExactCover
    from dlxnumba.parallel.checkpoint import Checkpoint

    path = queens_file(tmp_path, 10)
    ckpt = tmp_path / "q10.ckpt"
    assert run(capsys, "cover", "--count", "--checkpoint", ckpt, path)[:2] == (0, "724\n")
    code, out, err = run(capsys, "cover", "--count", "--checkpoint", ckpt, "--stats", path)  # read back
    fields = stats_of(err)
    problem = ExactCover.from_dlx(path.read_text())
    count, recorded = Checkpoint.load(ckpt, problem).total()
    assert (code, out, count) == (0, "724\n", 724)
    assert (int(fields["nodes"]), int(fields["updates"])) == (recorded.nodes, recorded.updates)
    assert float(fields["seconds"]) == pytest.approx(recorded.seconds, abs=1e-3) and recorded.seconds > 0
    assert int(fields["updates/s"]) == pytest.approx(recorded.updates / recorded.seconds, abs=1)
    assert fields["figures"].startswith(f"every run of {ckpt}") and "this run" in fields
    problem.count(checkpoint=ckpt)  # the API alike
    assert last_stats().seconds == pytest.approx(recorded.seconds)
    assert last_stats().updates_per_second == pytest.approx(recorded.updates / recorded.seconds)


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
