"""``dlxnumba cover --best K | --zdd [--sample N --seed S] | --reduce``: Knuth's DLX5, DLX6 and
DLX-PRE on the command line (in process, through main(argv)).

Every answer is checked independently: Knuth's figures for the golden files
(``tests/golden``, from ``../shared/golden.md``), Kasteleyn's count of domino
tilings, and brute force (``tests/reference.py``) on small problems.
"""

import os
import subprocess
import sys
import time
import warnings

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings

from colored import as_lists, build, colored_problems, golden
from command_line import interrupt_when, run, sigint_default, write
from dlxnumba import ExactCover, queens
from known import ROOT
from reference import cheapest_covers, colored_solutions_by_subsets, domino_tilings, is_colored_cover
from strategies import examples

PROPERTY = settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                        HealthCheck.function_scoped_fixture])


def read(path) -> ExactCover:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # toy2's option with no primary item
        return ExactCover.from_dlx(path)


def stats(err: str) -> dict:
    return {k: v.strip() for k, v in (line.split(":", 1) for line in err.splitlines() if ":" in line)}


def dominoes_dlx(m: int, n: int) -> str:
    """Domino tilings of an ``m x n`` board in DLX text."""
    cells = [f"{i}.{j}" for i in range(m) for j in range(n)]
    lines = [" ".join(cells)]
    for i in range(m):
        for j in range(n):
            if j + 1 < n:
                lines.append(f"{i}.{j} {i}.{j + 1}")
            if i + 1 < m:
                lines.append(f"{i}.{j} {i + 1}.{j}")
    return "\n".join(lines) + "\n"


def is_cover(p: ExactCover, solution) -> bool:
    options, colors, n1, n = as_lists(p)
    return is_colored_cover(options, colors, n1, n, solution)


# ---------------------------------------------------------------------------
# --best K (DLX5)
# ---------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::UserWarning")  # toy2's option with no primary item
@pytest.mark.parametrize("name, k, improving, nodes, updates, cleansings, costs", [
    ("cost_toy2.dlx", 3, 3, 6, 12, 5, [5, 5, 6]),
    ("cost_queens8.dlx", 3, 6, 286, 5068, 0, [19, 24, 24]),
])
def test_best_prints_the_k_cheapest_with_dlx5s_figures(capsys, name, k, improving, nodes, updates, cleansings,
                                                       costs):
    """Knuth's figures (DLX5 run with k<k>) and costs; each line's cost is the sum of
    its options' costs and each solution a cover (checked by the reference)."""
    path = golden(name)
    p = read(path)
    code, out, err = run(capsys, "cover", "--best", k, "--stats", path)
    assert code == 0
    lines = out.splitlines()
    assert [int(line.split(":")[0]) for line in lines] == costs
    for line in lines:
        cost, options = line.split(":")
        solution = [int(j) for j in options.split()]
        assert is_cover(p, solution) and int(cost) == sum(int(p.costs[j]) for j in solution)
    assert len({line.split(":")[1] for line in lines}) == k  # k different solutions
    f = stats(err)
    assert f["solutions"] == f"{k} printed, {improving} found improving"
    assert (f["nodes"], f["updates"], f["cleansings"], f["run"]) == (str(nodes), str(updates), str(cleansings),
                                                                   "complete")


@PROPERTY
@given(colored_problems(max_options=8))
@pytest.mark.filterwarnings("ignore::UserWarning")  # options without a primary item, dropped by the reader
def test_best_against_brute_force(capsys, tmp_path_factory, prob):
    options, colors, n1, n = prob
    if not options:
        return
    costs = [(7 * j + 3) % 5 for j in range(len(options))]
    p = build(prob).with_costs(costs)
    path = write(tmp_path_factory.mktemp("best"), p.to_dlx(), "p.dlx")
    code, out, _ = run(capsys, "cover", "--best", 3, path)
    q = read(path)  # (the reader drops options without a primary item: q's numbers are the ones printed)
    costs = q.costs.tolist()
    expected = cheapest_covers(*as_lists(q)[:2], costs, n1, n)[:3]
    printed = [(int(c), sorted(map(int, s.split()))) for c, s in (line.split(":") for line in out.splitlines())]
    assert code == (0 if expected else 1)
    assert [c for c, _ in printed] == [c for c, _ in expected]
    exact = {frozenset(s) for s in colored_solutions_by_subsets(*as_lists(q)[:2], n1, n)}
    assert all(frozenset(s) in exact and c == sum(costs[j] for j in s) for c, s in printed)


def test_best_names_and_a_budget(capsys, tmp_path):
    path = write(tmp_path, "a b c\na b |5\na |1\nb |2\nc |3\nb c |1\n", "c.dlx")
    code, out, _ = run(capsys, "cover", "--best", 1, "--names", path)
    assert (code, out) == (0, "2:\na\nb c\n\n")  # a |1 with b c |1: the only solution of cost 2
    code, out, err = run(capsys, "cover", "--best", 2, "--max-nodes", 1, "--stats", path)
    assert code == 1 and out == ""
    assert "--max-nodes ran out" in err and "not proven the cheapest" in err
    assert "run:        stopped: --max-nodes ran out" in err


def test_best_reads_a_file_without_costs_as_dlx5_does(capsys, tmp_path):
    """No "|n": every option costs 0 (DLX5 reads such a file so), and no message
    names the Python API (finding: "costs=... or problem.with_costs(...)")."""
    path = write(tmp_path, "a b\na\nb\na b\n", "plain.dlx")
    code, out, err = run(capsys, "cover", "--best", 5, path)
    assert code == 0 and err == ""
    assert sorted(out.splitlines()) == ["0: 0 1", "0: 2"]


def test_best_cut_short_exits_1(capsys):
    """The guide says 1 means cut short: a --best that --max-nodes stops after some
    solutions says so with 1 too (it was 0), and prints what it found."""
    code, out, err = run(capsys, "cover", "--best", 3, "--max-nodes", 200, golden("cost_queens8.dlx"))
    assert code == 1 and out and "not proven the cheapest" in err


@pytest.mark.parametrize("flag", ["--best", "--reduce"])
def test_refusals_name_the_flag(capsys, flag):
    """A problem with multiplicities: the refusal names the flag, not best() or reduce()."""
    code, out, err = run(capsys, "cover", flag, *(["2"] if flag == "--best" else []), golden("queendom4_6.dlx"))
    assert (code, out) == (2, "") and f"error: {flag} " in err and "()" not in err


def test_names_print_colors(capsys, tmp_path):
    """Solutions that differ only in a color print differently, as Knuth's programs
    print them (they both printed "a x / b x")."""
    path = write(tmp_path, "a b | x\na x:A\nb x:A\na x:B\nb x:B\n", "c.dlx")
    code, out, _ = run(capsys, "cover", "--names", path)
    assert code == 0 and out == "a x:A\nb x:A\n\na x:B\nb x:B\n\n"
    code, out, _ = run(capsys, "cover", "--best", 1, "--names", path)
    assert code == 0 and out == "0:\na x:A\nb x:A\n\n"
    code, out, _ = run(capsys, "cover", "--zdd", "--sample", 4, "--seed", 1, "--names", path)
    drawn = out.split("\n\n")[:-1]
    assert code == 0 and len(drawn) == 4 and set(drawn) <= {"a x:A\nb x:A", "a x:B\nb x:B"}


def test_warnings_print_as_the_command_lines_lines(capsys, tmp_path):
    """A warning is one line "dlxnumba: warning: ...", not Python's format with a
    stray line of source code."""
    path = write(tmp_path, "a | x\na x:A\nx:B\n", "p.dlx")  # the option "x:B" holds no primary item
    code, out, err = run(capsys, "cover", path)
    assert (code, out) == (0, "0\n")
    assert err.startswith("dlxnumba: warning: ") and "no primary item" in err
    assert err.count("\n") == 1 and "UserWarning" not in err


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_on_best_writes_the_cheapest_found(tmp_path):
    """Ctrl-C on a long --best (queens 20 with costs: minutes) wrote nothing, the
    file given by -o left empty: now the cheapest found so far are written, marked
    as not proven, with status 130."""
    p, _ = queens(20)
    p = p.with_costs(np.random.default_rng(1).integers(0, 100, p.n_options).tolist())
    source = write(tmp_path, p.to_dlx(), "q.dlx")
    target = tmp_path / "out.txt"
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "dlxnumba", "cover", "--best", "5000", "--progress", "--stats",
                             "-o", str(target), str(source)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=sigint_default)
    _, err = interrupt_when(proc, b"nodes")  # the bar: the search is on
    err = err.decode()
    assert proc.returncode == 130, err
    lines = target.read_text().splitlines()
    assert lines, err
    costs = [int(line.split(":")[0]) for line in lines]
    assert costs == sorted(costs)
    for line, cost in zip(lines, costs):
        solution = [int(j) for j in line.split(":")[1].split()]
        assert is_cover(p, solution) and cost == sum(int(p.costs[j]) for j in solution)
    assert "interrupted (Ctrl-C)" in err and "not proven the cheapest" in err
    assert f"{len(lines)} printed" in err and "run:        interrupted (Ctrl-C)" in err
    assert "Traceback" not in err


# ---------------------------------------------------------------------------
# --zdd (DLX6)
# ---------------------------------------------------------------------------


@pytest.mark.filterwarnings("ignore::UserWarning")  # toy2's option with no primary item
@pytest.mark.parametrize("name, solutions, nodes, updates, cleansings, zdd_nodes", [
    ("toy2.dlx", 1, 3, 10, 2, 4),
    ("queens8.dlx", 92, 956, 14936, 0, 483),
])
def test_zdd_counts_with_dlx6s_figures(capsys, name, solutions, nodes, updates, cleansings, zdd_nodes):
    code, out, err = run(capsys, "cover", "--zdd", "--stats", golden(name))
    assert (code, out) == (0, f"{solutions}\n")
    f = stats(err)
    assert [f[k] for k in ("solutions", "nodes", "updates", "cleansings", "zdd nodes", "run")] == [
        str(solutions), str(nodes), str(updates), str(cleansings), str(zdd_nodes), "complete"]


@pytest.mark.parametrize("m, n", [(6, 6), (8, 8), (10, 10)])
def test_zdd_counts_domino_tilings_as_kasteleyn(capsys, stdin, m, n):
    stdin(dominoes_dlx(m, n))
    code, out, _ = run(capsys, "cover", "--zdd")
    assert (code, out) == (0, f"{domino_tilings(m, n)}\n")
    stdin(dominoes_dlx(m, n))
    assert run(capsys, "cover", "--zdd", "--count")[:2] == (0, f"{domino_tilings(m, n)}\n")  # the same


def test_zdd_samples_are_solutions_and_the_seed_repeats_them(capsys, tmp_path):
    path = write(tmp_path, dominoes_dlx(4, 4), "d.dlx")
    p = read(path)
    code, out, _ = run(capsys, "cover", "--zdd", "--sample", 40, "--seed", 7, path)
    lines = out.splitlines()
    assert code == 0 and len(lines) == 40
    assert all(is_cover(p, [int(j) for j in line.split()]) for line in lines)
    assert all(line.split() == sorted(line.split(), key=int) for line in lines)
    assert len(set(lines)) > 10  # 36 tilings: 40 uniform draws hit many
    assert run(capsys, "cover", "--zdd", "--sample", 40, "--seed", 7, path)[1] == out
    assert run(capsys, "cover", "--zdd", "--sample", 40, "--seed", 8, path)[1] != out
    code, out, _ = run(capsys, "cover", "--zdd", "--sample", 2, "--seed", 1, "--names", path)
    assert code == 0 and out.count("\n\n") == 2 and len(out.splitlines()) == 2 * 9


def test_zdd_samples_cover_every_solution_of_a_small_problem(capsys, tmp_path):
    """Every solution (brute force) is drawn, and nothing else."""
    text = "a b c d\na b\nc d\na c\nb d\na\nb\nc\nd\na d\nb c\n"
    path = write(tmp_path, text, "small.dlx")
    p = read(path)
    exact = {tuple(sorted(s)) for s in colored_solutions_by_subsets(*as_lists(p))}
    code, out, _ = run(capsys, "cover", "--zdd", "--sample", 400, "--seed", 3, path)
    drawn = {tuple(int(j) for j in line.split()) for line in out.splitlines()}
    assert code == 0 and drawn == exact and len(exact) == 10


def test_zdd_samples_stream_and_ctrl_c_keeps_the_lines_drawn(capsys, tmp_path, monkeypatch):
    """--sample N draws, writes, draws: N = 10**12 is a stream (no list, no
    numpy MemoryError), and a Ctrl-C after 1,000 draws leaves every line
    drawn before it, whole."""
    import dlxnumba.zdd as zdd_module  # private: the stream's generator, wrapped to send Ctrl-C

    path = write(tmp_path, dominoes_dlx(4, 4), "d.dlx")
    p = read(path)
    real = zdd_module.Zdd._draws

    def interrupted(self, n, rng):
        for k, solution in enumerate(real(self, n, rng)):
            if k == 1000:
                raise KeyboardInterrupt
            yield solution

    monkeypatch.setattr(zdd_module.Zdd, "_draws", interrupted)
    out_file = tmp_path / "out.txt"
    code, out, err = run(capsys, "cover", "--zdd", "--sample", 10 ** 12, "--seed", 1, "-o", out_file, path)
    lines = out_file.read_text().split("\n")
    assert code == 130 and lines[-1] == "" and len(lines) == 1001
    assert all(is_cover(p, [int(j) for j in line.split()]) for line in lines[:-1])
    monkeypatch.undo()
    assert run(capsys, "cover", "--zdd", "--sample", 1000, "--seed", 1, path)[1] == "\n".join(lines)


def test_zdd_memory_budget(capsys):
    code, out, err = run(capsys, "cover", "--zdd", "--max-memory", "20K", "--stats", golden("queens8.dlx"))
    assert (code, out) == (1, "")
    assert "--max-memory ran out" in err and "a budget of 20.0 KiB" in err and "raise --max-memory" in err
    assert stats(err)["run"] == "stopped: --max-memory ran out"
    assert run(capsys, "cover", "--zdd", "--max-memory", "1M", golden("queens8.dlx"))[:2] == (0, "92\n")


def test_zdd_stopped_prints_no_count(capsys):
    code, out, err = run(capsys, "cover", "--zdd", "--max-nodes", 10, "--stats", golden("queens8.dlx"))
    assert (code, out) == (1, "")
    assert "--max-nodes ran out" in err and "no count" in err
    f = stats(err)
    assert f["run"] == "stopped: --max-nodes ran out" and f["nodes"] == "10"


def test_zdd_without_a_solution(capsys, tmp_path):
    path = write(tmp_path, "a b\na\n", "none.dlx")
    assert run(capsys, "cover", "--zdd", path)[:2] == (0, "0\n")
    code, out, err = run(capsys, "cover", "--zdd", "--sample", 3, path)
    assert (code, out) == (1, "") and "no solution" in err
    assert run(capsys, "cover", "--zdd", "--sample", 0, path)[:2] == (0, "")


# ---------------------------------------------------------------------------
# --reduce (DLX-PRE)
# ---------------------------------------------------------------------------


def test_reduce_writes_the_reduced_problem(capsys, tmp_path):
    """debruijn135: DLX-PRE removes 204 options (of those it reads) and 2 items in 4
    rounds; the reduced problem keeps Knuth's 160 solutions (DLX6's count)."""
    source = golden("debruijn135.dlx")
    p = read(source)
    target = tmp_path / "reduced.dlx"
    code, out, err = run(capsys, "cover", "--reduce", "--stats", "-o", target, source)
    assert (code, out) == (0, "")
    f = stats(err)
    assert f["rounds"] == "4" and f["items"].endswith("2 removed") and f["run"] == "complete"
    q = read(target)
    read_in = sum(any(i < p.n_primary for i in p.option(j)) for j in range(p.n_options))
    assert q.n_options == read_in - 204 and q.n_items == p.n_items - 2
    assert q.count() == 160
    code, out, _ = run(capsys, "cover", "--reduce", source)  # to standard output
    assert code == 0 and out == target.read_text()


@PROPERTY
@given(colored_problems(max_options=9))
@pytest.mark.filterwarnings("ignore::UserWarning")  # options without a primary item, dropped by the reader
def test_reduce_keeps_exactly_the_solutions(capsys, tmp_path_factory, prob):
    options, colors, n1, n = prob
    if not options:
        return
    p = build(prob)
    folder = tmp_path_factory.mktemp("reduce")
    path = write(folder, p.to_dlx(), "p.dlx")
    code, out, err = run(capsys, "cover", "--reduce", path)
    q = read(write(folder, out, "q.dlx"))
    before = colored_solutions_by_subsets(*as_lists(read(path)))
    after = colored_solutions_by_subsets(*as_lists(q))
    if q.n_options == 0 and q.n_primary == 1 and q.n_items == 1:  # DLX-PRE's "no solution"
        assert not before
        assert code == 1 and "no solution" in err
    else:
        assert code == 0  # as many solutions (items implied by others are gone, so the options' names change)
        assert len(after) == len(before)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_reduce_says_when_it_proves_there_is_no_solution(capsys, tmp_path):
    """An unsolvable slitherlink: DLX-PRE writes the blocked item alone, and so do we;
    stderr says there is no solution and the status is 1 (it said nothing, status 0)."""
    target = tmp_path / "out.dlx"
    code, out, err = run(capsys, "cover", "--reduce", "--stats", "-o", target, golden("slither5.dlx"))
    assert (code, out) == (1, "")
    assert "no solution" in err and "in no option" in err
    f = stats(err)
    assert f["options"] == "0 left, 246 removed" and f["items"] == "0 left, 108 removed"
    assert target.read_text() == "79\n"  # DLX-PRE's output: the item name alone


def test_ctrl_c_on_reduce_writes_the_problem_as_far_as_it_got(capsys, tmp_path, monkeypatch):
    """Ctrl-C during --reduce -o F left F empty: now F holds an equivalent problem, as
    --timeout writes it, and the status is 130.  (The Ctrl-C comes from the clock that
    the reduction reads between two slices of its work.)"""
    import dlxnumba.reduce as R

    class Clock:
        calls = 0

        @classmethod
        def perf_counter(cls):
            cls.calls += 1
            if cls.calls == 4:  # after a few slices
                raise KeyboardInterrupt
            return time.perf_counter()

    monkeypatch.setattr(R, "SLICE_UPDATES", 50)
    monkeypatch.setattr(R, "time", Clock)
    source = golden("queens8.dlx")
    target = tmp_path / "out.dlx"
    code, out, err = run(capsys, "cover", "--reduce", "--timeout", 1000, "--stats", "-o", target, source)
    assert (code, out) == (130, "") and Clock.calls == 4
    assert "interrupted (Ctrl-C)" in err and "partly reduced" in err
    assert stats(err)["run"] == "interrupted (Ctrl-C)"
    q = read(target)
    assert q.n_options == 64 and q.count() == 92


def test_reduce_never_writes_over_its_input(capsys, tmp_path):
    path = write(tmp_path, "a b\na\nb\na b\n", "in.dlx")
    code, _, err = run(capsys, "cover", "--reduce", "-o", path, path)
    assert code == 2 and "input" in err and path.read_text() == "a b\na\nb\na b\n"


# ---------------------------------------------------------------------------
# Flags that do not go together
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("argv, says", [
    (["--best", "2", "--count"], "--best cannot be used with --count"),
    (["--best", "2", "--limit", "3"], "--best cannot be used with --limit"),
    (["--best", "2", "--zdd"], "--best and --zdd"),
    (["--zdd", "--reduce"], "--zdd and --reduce"),
    (["--zdd", "--limit", "3"], "--zdd cannot be used with --limit"),
    (["--zdd", "--sample", "2", "--count"], "--zdd cannot be used with --count"),
    (["--zdd", "--threads", "2"], "--zdd cannot be used with --threads"),
    (["--zdd", "--names"], "--names needs --sample"),
    (["--sample", "2"], "--sample needs --zdd"),
    (["--zdd", "--seed", "2"], "--seed needs --sample"),
    (["--max-memory", "1G"], "--max-memory needs --zdd"),
    (["--zdd", "--max-memory", "lots"], "is not a size"),
    (["--zdd", "--sample", "2", "--seed", str(2 ** 64)], "not from 0 to 2**64 - 1"),
    (["--reduce", "--names"], "--reduce cannot be used with --names"),
    (["--reduce", "--max-nodes", "5"], "--reduce cannot be used with --max-nodes"),
    (["--best", "0"], "--best"),
])
def test_incompatible_flags(capsys, tmp_path, argv, says):
    """Each refusal names the flags (exit status 2, nothing written)."""
    path = write(tmp_path, "a b\na\nb\n", "p.dlx")
    try:
        code, out, err = run(capsys, "cover", *argv, path)
    except SystemExit as e:  # argparse's own refusal (a bad number)
        code, (out, err) = e.code, capsys.readouterr()
    assert code == 2 and out == "" and says in err


def test_help_lists_the_modes(capsys):
    code, out, _ = run(capsys, "cover", "--help")
    assert code == 0
    assert all(flag in out for flag in ("--best K", "--zdd", "--sample N", "--seed S", "--reduce"))


def test_reduce_stopped_by_the_timeout_says_so(capsys, tmp_path):
    """--timeout 0 does no round: the problem written is the original, in DLX-PRE's order
    (the same 92 solutions), exit status 1 and a note."""
    target = tmp_path / "out.dlx"
    code, out, err = run(capsys, "cover", "--reduce", "--timeout", 0, "--stats", "-o", target, golden("queens8.dlx"))
    assert (code, out) == (1, "") and "--timeout ran out" in err and "partly reduced" in err
    assert stats(err)["run"] == "stopped: --timeout ran out"
    q = read(target)
    assert q.n_options == 64 and q.count() == 92  # Knuth's 92 queens
