"""The first run says so while it compiles; ``dlxnumba warm-up`` compiles ahead of time.

No timing is asserted: the notice's threshold is set to 0 seconds in the child
(``dlxnumba.cli.COMPILE_NOTICE_SECONDS``), so any compile at all must bring it.
"""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys

import pytest

from dlxnumba.cli import COMPILE_NOTICE

# A fresh process runs ``dlxnumba solve`` on a 4x4 puzzle; the notice's threshold is 0 s.
CHILD = """
import sys
import dlxnumba.cli as cli
cli.COMPILE_NOTICE_SECONDS = 0.0
sys.exit(cli.main(["solve", "--no-progress", "12.. ..12 .... ...."]))
"""


def _env(cache: str) -> dict:
    return {**{k: v for k, v in os.environ.items() if not k.startswith("NUMBA_")}, "NUMBA_CACHE_DIR": cache}


def _on_a_terminal(cache: str) -> tuple[int, str]:
    """Run the child with its stderr on a pseudo-terminal (stdout on a pipe):
    (exit status, what the terminal showed)."""
    leader, follower = pty.openpty()
    try:
        p = subprocess.Popen([sys.executable, "-c", CHILD], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                             stderr=follower, env=_env(cache))
    finally:
        os.close(follower)
    shown = b""
    while True:
        try:
            data = os.read(leader, 4096)
        except OSError:  # the child closed its end (EIO on Linux)
            break
        if not data:
            break
        shown += data
    p.communicate(timeout=600)
    os.close(leader)
    return p.returncode, shown.decode(errors="replace")


@pytest.mark.slow
def test_a_terminal_is_told_while_compiling_and_not_on_a_warm_cache(tmp_path):
    cache = str(tmp_path / "cache")
    status, shown = _on_a_terminal(cache)  # an empty cache: the kernels compile
    assert status == 0
    assert shown.count(COMPILE_NOTICE) == 1 and shown.strip() == f"dlxnumba: {COMPILE_NOTICE}"
    status, shown = _on_a_terminal(cache)  # the cache the first run filled: nothing compiles
    assert status == 0 and shown == ""


@pytest.mark.slow
def test_a_pipe_is_never_told(tmp_path):
    cp = subprocess.run([sys.executable, "-c", CHILD], capture_output=True, text=True,
                        env=_env(str(tmp_path / "cache")), timeout=600)
    assert cp.returncode == 0 and cp.stdout.strip() == "1234341221434321"
    assert cp.stderr == ""


# After `dlxnumba warm-up`, a fresh process compiles nothing on any path.
PATHS = """
import json
from numba.core import event
compiled = []
class Listener(event.Listener):
    def on_start(self, ev):
        pass
    def on_end(self, ev):
        compiled.append(ev.data["dispatcher"].py_func.__name__)
event.register("numba:compile", Listener())
from dlxnumba import ExactCover, Sudoku, generate, queens, solve_many
Sudoku("12.. ..12 .... ....").solve()
solve_many(["12.. ..12 .... ...."] * 40, threads=2)
queens(6)[0].count()
p = ExactCover.from_options([["A", "X:0"], ["A", "X:1"], ["X:1"]], primary=["A"], secondary=["X"])
p.count(); p.count(algorithm="cells")
Sudoku(generate(seed=2)).grade()
generate((2, 3), seed=2)  # the cell layout's generator
Sudoku("..3..2.....14...").grade()  # the cell layout's count of solutions
print(json.dumps(compiled))
"""


@pytest.mark.slow
def test_warm_up_compiles_every_kernel_ahead_of_time(tmp_path):
    """(Slow the first time: it compiles everything into the cache beside the package.)"""
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    cp = subprocess.run([sys.executable, "-m", "dlxnumba", "warm-up"], capture_output=True, text=True, env=env,
                        timeout=3600)
    assert cp.returncode == 0, cp.stderr
    assert cp.stdout == "" and cp.stderr.strip().splitlines()[-1].startswith("dlxnumba: ")
    cp = subprocess.run([sys.executable, "-m", "dlxnumba", "warm-up", "--quiet"], capture_output=True, text=True,
                        env=env, timeout=600)
    assert (cp.returncode, cp.stdout, cp.stderr) == (0, "", "")
    cp = subprocess.run([sys.executable, "-c", PATHS], capture_output=True, text=True, env=env, timeout=600)
    assert cp.returncode == 0, cp.stderr
    assert json.loads(cp.stdout) == []


def test_warm_up_reports_what_it_compiles_only_when_asked(capsys):
    from dlxnumba import warm_up

    warm_up(sudoku=True, exact_cover=False, threads=1)
    assert capsys.readouterr().err == ""
    warm_up(sudoku=True, exact_cover=False, threads=1, progress=True)
    err = capsys.readouterr().err  # the kernels are ready now: nothing to compile
    assert err.startswith("dlxnumba: nothing to compile") and err.count("\n") == 1


def test_warm_up_in_processes_deals_out_the_paths(capfd):
    """``processes=2``: the paths go to two fresh processes at once (a warm cache
    here: they load, and say so); the command line's ``--processes`` is the same."""
    from dlxnumba import ExactCoverError, warm_up
    from dlxnumba.cli import main

    assert warm_up(sudoku=True, exact_cover=True, processes=2, progress=True) >= 0
    err = capfd.readouterr().err
    assert "compiled in 2 processes; ready in" in err.splitlines()[-1], err
    assert main(["warm-up", "--quiet", "--processes", "2", "--threads", "1"]) == 0
    assert capfd.readouterr().err == ""
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ExactCoverError, match="processes must be a positive integer"):
            warm_up(processes=bad)
