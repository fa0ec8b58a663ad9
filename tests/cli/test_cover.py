"""``dlxnumba cover``: Knuth's DLX format on the command line (in process, through main(argv))."""

import pytest

from command_line import run, write


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
    assert code == 1 and out.endswith("+\n") and int(out[:-2]) < 92 and "--max-nodes" in err  # a lower bound


def test_cover_progress_draws_the_search_reports(capsys, tmp_path, monkeypatch):
    """--progress draws each Progress report of the search: Knuth's estimate of
    the fraction done, nodes and solutions."""
    import dlxnumba.cli.cover as cover
    import dlxnumba.search as search
    from dlxnumba import queens

    monkeypatch.setattr(cover, "REDRAW_SECONDS", 0)
    monkeypatch.setattr(search, "SLICE_UPDATES", 100)
    path = write(tmp_path, queens(7)[0].to_dlx(), "queens.dlx")
    code, out, err = run(capsys, "cover", "--count", "--progress", path)
    assert (code, out) == (0, "40\n")
    drawn = [row for row in err.split("\r") if row.strip()]
    assert len(drawn) > 10 and all("% [" in row and " nodes, " in row for row in drawn)
    assert err.endswith("\r")  # the bar is erased at the end


# ---------------------------------------------------------------------------
# Issue 9: exactly N or more, stdin by default, outputs that would destroy input
# ---------------------------------------------------------------------------

TWO = "a b\na\nb\na b\n"  # two solutions: {0, 1} and {2}


@pytest.mark.parametrize("limit, count, more", [(1, "1+", True), (2, "2", False), (3, "2", False)])
def test_cover_limit_tells_exactly_from_more(capsys, stdin, limit, count, more):
    """--count --limit N printed N both when there were exactly N solutions and when there were more."""
    stdin(TWO)
    code, out, err = run(capsys, "cover", "--count", "--limit", limit, "--stats")
    assert (code, out) == (0, f"{count}\n")
    fields = {k: v.strip() for k, v in (line.split(":", 1) for line in err.splitlines())}
    assert fields["solutions"] == count and ("more solutions" in fields["run"]) == more
    stdin(TWO)
    code, out, err = run(capsys, "cover", "--limit", limit, "--stats", "-")
    assert code == 0 and len(out.splitlines()) == min(limit, 2)
    assert ("more solutions" in err) == more and (fields["run"] == "complete") == (not more)


def test_cover_limit_zero(capsys, stdin):
    stdin(TWO)
    code, out, err = run(capsys, "cover", "--limit", "0", "--stats")
    assert (code, out) == (0, "") and "more solutions" in err
    stdin("a b\na\n")
    code, out, err = run(capsys, "cover", "--limit", "0", "--stats")
    assert (code, out) == (1, "") and "complete" in err


def test_cover_reads_stdin_by_default(capsys, stdin):
    stdin(KNUTH_DLX)
    code, out, _ = run(capsys, "cover")
    assert (code, out) == (0, "0 3 4\n")


def test_cover_refuses_to_overwrite_its_input(capsys, tmp_path):
    path = write(tmp_path, KNUTH_DLX, "knuth.dlx")
    code, out, err = run(capsys, "cover", "-o", path, path)
    assert code == 2 and err.count("\n") == 1 and "input" in err
    assert path.read_text() == KNUTH_DLX


def test_cover_stats_say_when_a_budget_stopped_the_search(capsys, tmp_path):
    path = write(tmp_path, "a b c\na\nb\nc\na b\nb c\na c\n", "three.dlx")
    code, out, err = run(capsys, "cover", "--count", "--max-nodes", "1", "--stats", path)
    assert code == 1 and out.endswith("+\n")
    assert "run:        stopped: --max-nodes ran out" in err
