"""``--dask ADDRESS``: the command line's answers on a Dask cluster equal the serial ones.

The tests share one in-process cluster whose scheduler listens on TCP (its
address is what ``--dask`` gets); one test starts ``--dask local`` for real.
"""

from __future__ import annotations

import json

import pytest

distributed = pytest.importorskip("distributed")

from command_line import BROKEN_RULE, TOO_SHORT, TOP95, check_solutions, run, sigint_default, write  # noqa: E402
from known import FIVE, NONE, TOP1  # noqa: E402

from dlxnumba import queens  # noqa: E402
from dlxnumba.parallel import dask as dd  # noqa: E402
from dlxnumba.cli import dask as cli_dask  # noqa: E402


@pytest.fixture(scope="module")
def address():
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                                  dashboard_address=":0") as cluster:
        yield cluster.scheduler_address


@pytest.fixture
def dlx(tmp_path):
    p, _ = queens(9)
    return write(tmp_path, p.to_dlx(), "queens9.dlx")


def test_cover_count(capsys, address, dlx):
    serial = run(capsys, "cover", dlx, "--count")
    code, out, err = run(capsys, "cover", dlx, "--count", "--dask", address, "--stats")
    assert serial[0] == code == 0 and out == serial[1] == "352\n"
    assert "solutions:  352" in err and "worker threads" in err
    p, _ = queens(9)
    s = p.search()
    s.count()
    nodes = int(err.split("nodes:")[1].split()[0])
    assert nodes == s.stats.nodes  # the split's work plus the tasks' is the serial search's


def test_cover_needs_count_and_no_limits(capsys, address, dlx):
    code, out, err = run(capsys, "cover", dlx, "--dask", address)
    assert code == 2 and "needs --count" in err and out == ""
    code, out, err = run(capsys, "cover", dlx, "--count", "--limit", "3", "--dask", address)
    assert code == 2 and "--limit" in err
    code, out, err = run(capsys, "cover", dlx, "--count", "--max-nodes", "3", "--dask", address)
    assert code == 2 and "--max-nodes" in err
    code, out, err = run(capsys, "cover", dlx, "--count", "--threads", "2", "--dask", address)
    assert code == 2 and "--threads" in err


def test_cover_timeout(capsys, address, tmp_path):
    p, _ = queens(12)
    path = write(tmp_path, p.to_dlx(), "queens12.dlx")
    code, out, err = run(capsys, "cover", path, "--count", "--dask", address, "--timeout", "0", "--stats")
    assert code == 1 and out.endswith("+\n") and int(out[:-2]) <= 14200
    assert "--timeout ran out" in err and "run:        stopped" in err


def test_bad_address(capsys, dlx, monkeypatch):
    monkeypatch.setattr(dd, "CONNECT_TIMEOUT", 0.5)
    code, out, err = run(capsys, "cover", dlx, "--count", "--dask", "tcp://127.0.0.1:9")
    assert code == 2 and "cannot reach a Dask scheduler at tcp://127.0.0.1:9" in err and out == ""
    code, out, err = run(capsys, "solve", TOP1, "--dask", "tcp://127.0.0.1:9")
    assert code == 2 and "tcp://127.0.0.1:9" in err and out == ""


@pytest.mark.parametrize("fmt", ["line", "json", "grid"])
def test_solve_file_in_chunks_in_order(capsys, address, tmp_path, monkeypatch, fmt):
    """Many small chunks in flight; unreadable and rule-breaking entries keep their place."""
    monkeypatch.setattr(cli_dask, "CHUNK_SIZE", 7)
    lines = TOP95.read_text().split()
    text = "\n".join(lines[:30] + [TOO_SHORT, "# a comment", BROKEN_RULE] + lines[30:] + [FIVE, NONE]) + "\n"
    path = write(tmp_path, text)
    serial = run(capsys, "solve", path, "--format", fmt, "--unique")
    code, out, err = run(capsys, "solve", path, "--format", fmt, "--unique", "--dask", address)
    assert (code, out) == serial[:2] and code == 1
    if fmt == "line":
        rows = out.splitlines()
        assert len(rows) == 95 + 4 and rows[30].startswith("INVALID") and rows[31].startswith("INVALID")
        assert rows[-2:] == ["MULTIPLE", "NO_SOLUTION"]
        check_solutions(rows[:30] + rows[32:-2], lines)
    if fmt == "json":
        assert [json.loads(r)["index"] for r in out.splitlines()] == list(range(99))


def test_solve_count(capsys, address):
    serial = run(capsys, "solve", "--count", FIVE, NONE, TOP1)
    code, out, err = run(capsys, "solve", "--count", FIVE, NONE, TOP1, "--dask", address)
    assert (code, out) == serial[:2] and out == "5\n0\n1\n"


def test_solve_refuses_budgets(capsys, address):
    code, out, err = run(capsys, "solve", TOP1, "--timeout", "3", "--dask", address)
    assert code == 2 and "--timeout" in err


def test_solve_count_checkpoint(capsys, address, tmp_path):
    ckpt = tmp_path / "five.ckpt"
    code, out, err = run(capsys, "solve", "--count", FIVE, "--dask", address, "--checkpoint", ckpt)
    assert (code, out) == (0, "5\n") and ckpt.exists()
    code, out, err = run(capsys, "solve", "--count", FIVE, "--dask", address, "--checkpoint", ckpt)
    assert (code, out) == (0, "5\n")  # all from the checkpoint
    code, out, err = run(capsys, "solve", "--count", FIVE, TOP1, "--dask", address, "--checkpoint",
                         tmp_path / "two.ckpt")
    assert code == 2 and "one puzzle" in err


def test_dask_local(capsys, dlx):
    """A LocalCluster of worker processes, started and closed for the run."""
    code, out, err = run(capsys, "cover", dlx, "--count", "--dask", "local")
    assert code == 0 and out == "352\n"


def test_solve_strict_error_keeps_the_answers_before_it(capsys, address, tmp_path, monkeypatch):
    monkeypatch.setattr(cli_dask, "CHUNK_SIZE", 5)
    lines = TOP95.read_text().split()
    path = write(tmp_path, "\n".join(lines[:23] + [TOO_SHORT] + lines[23:40]) + "\n")
    serial = run(capsys, "solve", path, "--strict")
    code, out, err = run(capsys, "solve", path, "--strict", "--dask", address)
    assert (code, out) == serial[:2] and code == 2 and "line 24" in err
    check_solutions(out.splitlines(), lines[:len(out.splitlines())])


def test_ctrl_c_stops_promptly(tmp_path):
    """SIGINT in the middle of a count on --dask local: status 130, and the
    worker processes started for the run are gone."""
    import os
    import signal
    import subprocess
    import sys
    import time

    psutil = pytest.importorskip("psutil")
    p, _ = queens(16)  # minutes of work: the signal always comes before the end (15 could end first)
    path = write(tmp_path, p.to_dlx(), "queens16.dlx")
    proc = subprocess.Popen([sys.executable, "-m", "dlxnumba", "cover", str(path), "--count", "--dask", "local",
                             "--progress"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                            env={**os.environ, "COLUMNS": "200"}, preexec_fn=sigint_default)
    try:
        seen = b""
        while b"tasks" not in seen:  # the first progress report: tasks are running
            chunk = proc.stderr.read1(4096)
            assert chunk, f"no progress report; stderr: {seen.decode()}"
            seen += chunk
        children = psutil.Process(proc.pid).children(recursive=True)
        assert children
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    # what the count found so far, a lower bound (issue 20, finding 9: Ctrl-C printed nothing)
    assert proc.returncode == 130 and out.endswith(b"+\n") and out[:-2].isdigit()
    deadline = time.monotonic() + 20
    while any(c.is_running() and c.status() != psutil.STATUS_ZOMBIE for c in children):
        assert time.monotonic() < deadline, "worker processes left running"
        time.sleep(0.2)


def test_cover_checkpoint_resumes_on_dask(capsys, address, tmp_path):
    """A count stopped by --timeout, resumed from its --checkpoint (the same file
    as with --threads): the same total."""
    from dlxnumba.cli import build_parser

    # argparse keeps its sub-parsers and flags in private fields: no public accessor
    cover = build_parser()._subparsers._group_actions[0].choices["cover"]
    if "--checkpoint" not in cover._option_string_actions:
        pytest.skip("this dlxnumba has no 'cover --checkpoint'")
    p, _ = queens(12)
    path = write(tmp_path, p.to_dlx(), "queens12.dlx")
    ckpt = tmp_path / "q12.ckpt"
    code, out, err = run(capsys, "cover", path, "--count", "--dask", address, "--timeout", "0",
                         "--checkpoint", ckpt)
    assert code == 1 and out.endswith("+\n") and "resume" in err and ckpt.exists()
    code, out, err = run(capsys, "cover", path, "--count", "--dask", address, "--checkpoint", ckpt)
    assert code == 0 and out == "14200\n"
    code, out, err = run(capsys, "cover", path, "--count", "--threads", "2", "--checkpoint", ckpt)
    assert code == 0 and out == "14200\n"


def test_a_failing_cluster_is_an_error_not_a_crash(capsys, address, dlx, monkeypatch):
    from distributed.scheduler import KilledWorker

    import types

    def killed(*args, **kwargs):
        raise KilledWorker("dlxnumba-0", types.SimpleNamespace(address="tcp://10.0.0.9:1234"), 3)

    monkeypatch.setattr(dd, "count_run", killed)
    code, out, err = run(capsys, "cover", dlx, "--count", "--dask", address)
    assert code == 2 and "the Dask cluster failed: KilledWorker" in err and out == ""


# ---------------------------------------------------------------------------
# Issue 20: the variant reaches the workers; colored killers refused; a quiet close
# ---------------------------------------------------------------------------

KILLER_CAGES = "AABB CDDB CEEF GGHF A=3 B=9 C=7 D=4 E=3 F=5 G=6 H=3"  # the README's 4x4 killer


@pytest.mark.parametrize("rules", [["--variant", "x"], ["--variant", "windoku"],
                                   ["--regions", "AAAB ABBB CCCD CDDD"]])
def test_solve_count_keeps_the_variant(capsys, address, rules):
    """solve --count --variant x --dask printed 72 (the classic count), where the serial count is 12."""
    serial = run(capsys, "solve", "--count", *rules, "1" + "." * 15)
    code, out, err = run(capsys, "solve", "--count", *rules, "1" + "." * 15, "--dask", address)
    assert (code, out) == serial[:2] and code == 0 and out != "72\n"


def test_solve_count_keeps_a_files_variant(capsys, address, tmp_path):
    path = write(tmp_path, "variant: x\n1...............\n..3.............\n")
    serial = run(capsys, "solve", "--count", path)
    code, out, err = run(capsys, "solve", "--count", path, "--dask", address)
    assert (code, out) == serial[:2] and out.split() == ["12", "12"]


@pytest.mark.parametrize("fmt", ["line", "json"])
def test_solve_keeps_the_variant(capsys, address, tmp_path, fmt, monkeypatch):
    """solve --variant x --dask printed a grid that breaks the diagonal rule, exit 0."""
    from dlxnumba import Sudoku

    monkeypatch.setattr(cli_dask, "CHUNK_SIZE", 2)
    puzzles = ["1...............", "..3.............", "12.............4"]
    path = write(tmp_path, "\n".join(puzzles) + "\n")
    for argv in (["--variant", "x", path], ["--variant", "x", *puzzles]):
        serial = run(capsys, "solve", "--format", fmt, "--unique", *argv)
        code, out, err = run(capsys, "solve", "--format", fmt, "--unique", *argv, "--dask", address)
        assert (code, out) == serial[:2]
    x = Sudoku("1...............", variant="x").variant
    code, out, err = run(capsys, "solve", "--variant", "x", path, "--dask", address)
    grids = [line.split()[-1] for line in out.splitlines()]
    assert len(grids) == 3 and all(x.is_solution(g, p) for g, p in zip(grids, puzzles))


def test_solve_count_refuses_a_colored_killer_in_its_words(capsys, address):
    code, out, err = run(capsys, "solve", "--count", "--cages", KILLER_CAGES, "." * 16, "--dask", address)
    assert code == 2 and out == ""
    assert "--dask: a split search takes problems without colors or bounds, and this one has colors; " \
           "leave it out to count on this machine, serially" in err
    code, out, err = run(capsys, "solve", "--cages", KILLER_CAGES, "." * 16, "--dask", address)
    assert (code, out.split()[-1]) == (0, "1243431231242431")  # solving (not counting) a killer is fine


def test_cover_count_refuses_a_colored_problem_in_its_words(capsys, address, tmp_path):
    path = write(tmp_path, "a b | x\na x:A\nb x:A\na b\n", "colored.dlx")
    code, out, err = run(capsys, "cover", "--count", path, "--dask", address)
    assert code == 2 and out == "" and "--dask: a split search takes problems without colors" in err


@pytest.mark.slow
def test_a_local_cluster_closes_quietly(tmp_path):
    """A short count on --dask local: the answer, and nothing on stderr (no worker
    killed after 4 s, no CommClosedError traceback as the cluster closes)."""
    import subprocess
    import sys

    p, _ = queens(6)
    path = write(tmp_path, p.to_dlx(), "queens6.dlx")
    for argv in (["cover", str(path), "--count"], ["solve", "--count", "1" + "." * 15]):
        done = subprocess.run([sys.executable, "-m", "dlxnumba", *argv, "--dask", "local"], capture_output=True,
                              text=True, timeout=300, cwd=tmp_path)
        assert done.returncode == 0 and done.stdout in ("4\n", "72\n")
        assert done.stderr == "", done.stderr
