"""The command line as a whole (dlxnumba.cli.main): usage errors, help and version,
and real processes of ``python -m dlxnumba`` (exit statuses, Ctrl-C)."""

import os
import signal
import subprocess
import sys
import time

import pytest

from command_line import check_solutions, run, top95, write
from known import ROOT, TOP1


@pytest.mark.parametrize("argv", [
    ["solve", "--bogus", "x.txt"],
    ["solve", "--format", "xml", "x.txt"],
    ["solve", "--threads", "0", "x.txt"],
    ["solve", "--box", "3by3", "x.txt"],
    ["solve", "--limit", "3", "x.txt"],
    ["solve", "--count", "--unique", "x.txt"],
    ["cover", "--stop-at", "2", "x.dlx"],
    ["frobnicate"],
    [],
])
def test_bad_usage(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert "usage:" in err and "error:" in err


def test_help_and_version(capsys):
    code, out, _ = run(capsys, "--help")
    assert code == 0 and "examples:" in out and "solve" in out and "cover" in out
    code, out, _ = run(capsys, "solve", "--help")
    assert code == 0 and "--format" in out and "exit status" in out
    code, out, _ = run(capsys, "--version")
    assert code == 0 and out.strip() == f"dlxnumba {__import__('dlxnumba').__version__}"


# ---------------------------------------------------------------------------
# Real processes: python -m dlxnumba
# ---------------------------------------------------------------------------


def _python_m(*argv, **kwargs):
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run([sys.executable, "-m", "dlxnumba", *map(str, argv)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300, **kwargs)


def test_python_m_solves_top95():
    done = _python_m("solve", "puzzles/top95.txt")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    check_solutions(done.stdout.splitlines(), top95())


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_exits_quietly_with_130(tmp_path):
    # three quick counts, then the empty grid, whose count never ends
    path = write(tmp_path, f"{TOP1}\n{TOP1}\n{TOP1}\n{'.' * 81}\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "dlxnumba", "solve", "--count", "--progress", str(path)],
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    seen = b""
    deadline = time.monotonic() + 120
    try:
        while b"3/4" not in seen and time.monotonic() < deadline:  # the bar shows 3 of 4 done
            byte = proc.stderr.read(1)
            if not byte:
                break
            seen += byte
        assert b"3/4" in seen, seen
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130
    assert out.decode().splitlines() == ["1", "1", "1"]
    assert b"Traceback" not in seen + err
