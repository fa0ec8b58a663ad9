"""The command line as a whole (dlxnumba.cli.main): usage errors, help and version,
and real processes of ``python -m dlxnumba`` (exit statuses, Ctrl-C)."""

import os
import re
import select
import signal
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from command_line import check_solutions, interrupt_when, run, sigint_default, top95, write
from known import NONE as NONE_PUZZLE
from known import ROOT, TOP1, TOP1_SOLUTION
from strategies import examples


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
                            cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=sigint_default)
    out, err = interrupt_when(proc, b"3/4")  # the bar shows 3 of 4 done
    assert proc.returncode == 130
    # the count in progress prints what it found, a lower bound (issue 20, finding 9), and says why
    lines = out.decode().splitlines()
    assert lines[:3] == ["1", "1", "1"] and len(lines) == 4 and re.fullmatch(r"\d+\+", lines[3]), lines
    assert b"puzzle 4: the count stopped early, interrupted (Ctrl-C)" in err
    assert b"Traceback" not in err


# ---------------------------------------------------------------------------
# Unix conventions, in real processes (issue 9)
# ---------------------------------------------------------------------------

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="POSIX shell and descriptors")
EASY = "." + TOP1_SOLUTION[1:]  # solved at once


def _env():
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))


def _popen(*argv, cwd=ROOT, **kwargs):
    return subprocess.Popen([sys.executable, "-m", "dlxnumba", *map(str, argv)], cwd=cwd, env=_env(),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, preexec_fn=sigint_default, **kwargs)


def _quiet(err: bytes) -> bool:
    return b"Traceback" not in err and b"Exception ignored" not in err


@POSIX
@pytest.mark.parametrize("command", ["solve", "cover"])
def test_head_closing_the_pipe_ends_quietly(tmp_path, command):
    """`dlxnumba solve big.txt | head -1` printed a traceback or 'Exception ignored' and exit status 1."""
    if command == "solve":
        path = write(tmp_path, (EASY + "\n") * 40_000)  # 3 MB of answers: far more than a pipe holds
    else:  # 300 x 300 solutions
        path = write(tmp_path, "a b\n" + "a\n" * 300 + "b\n" * 300, "many.dlx")
    proc = _popen(command, path)
    first = proc.stdout.readline()
    proc.stdout.close()  # what head does after its line
    err = proc.stderr.read()
    assert proc.wait(timeout=300) in (0, 141)
    assert first.strip() and _quiet(err), err.decode()


def _sh(script: str, stdin=None):
    """Run ``script`` (with $DLX standing for python -m dlxnumba) in sh."""
    dlx = f"{sys.executable} -m dlxnumba"
    return subprocess.run(["sh", "-c", script.replace("$DLX", dlx)], cwd=ROOT, env=_env(), input=stdin,
                          capture_output=True, timeout=300)


@POSIX
@pytest.mark.parametrize("script, message", [
    ("$DLX solve 0<&-", b"standard input: it is closed"),
    ("$DLX solve - 0<&-", b"standard input: it is closed"),
    ("$DLX cover 0<&-", b"standard input: it is closed"),
    (f"$DLX solve {TOP1} 1>&-", b"standard output: it is closed"),
    ("printf 'a\\na\\n' | $DLX cover 1>&-", b"standard output: it is closed"),
    ("printf 'a\\na\\n' | $DLX cover -o /dev/full", b"cannot write /dev/full: No space left"),
    ("printf 'a\\na\\n' | $DLX cover --stats 2>&-", None),
    (f"$DLX solve {TOP1} -o /dev/full", b"cannot write /dev/full: No space left"),
    (f"$DLX solve {TOP1} > /dev/full", b"cannot write standard output: No space left"),
    (f"$DLX solve --stats {TOP1} 2>&-", None),
    (f"$DLX solve --progress {TOP1} 2>&-", None),
], ids=["solve-stdin-closed", "solve-dash-stdin-closed", "cover-stdin-closed", "solve-stdout-closed",
        "cover-stdout-closed", "cover-dev-full", "cover-stats-stderr-closed", "solve-o-dev-full",
        "solve-stdout-dev-full", "solve-stats-stderr-closed", "solve-progress-stderr-closed"])
def test_closed_streams_and_a_full_disk(script, message):
    """A closed stdin or stdout, -o /dev/full or a closed stderr: one line of error, status 2."""
    done = _sh(script)
    assert done.returncode == 2, done.stderr
    if message is not None:
        assert message in done.stderr and done.stderr.count(b"\n") == 1, done.stderr
    assert _quiet(done.stderr) and (b"2>&-" not in script.encode() or done.stdout == b"")


@POSIX
def test_a_closed_stderr_alone_is_no_error():
    """Nothing to say on stderr: the answers come out as usual (and no file lands on descriptor 2)."""
    done = _sh(f"$DLX solve {TOP1} 2>&-")
    assert (done.returncode, done.stdout.decode()) == (0, TOP1_SOLUTION + "\n")


@POSIX
def test_output_file_that_is_an_input_is_refused_before_writing(tmp_path):
    """`-o` naming the input truncated it (data lost); so does appending stdout to it."""
    path = write(tmp_path, f"{TOP1}\n{TOP1}\n")
    for script in (f"$DLX solve {path} -o {path}", f"$DLX solve -o {path} < {path}",
                   f"$DLX solve {path} >> {path}", f"$DLX cover -o {path} < {path}"):
        done = _sh(script)
        assert done.returncode == 2 and b"input" in done.stderr and done.stderr.count(b"\n") == 1, script
        assert path.read_text() == f"{TOP1}\n{TOP1}\n", script


def _readline(stream, seconds: float) -> bytes | None:
    """A line from ``stream`` if one comes within ``seconds`` (None otherwise)."""
    ready, _, _ = select.select([stream], [], [], seconds)
    return stream.readline() if ready else None


@POSIX
def test_stdin_streams_each_answer_as_its_puzzle_arrives():
    """Answers waited for the end of the input (or a chunk of 5,000 puzzles)."""
    proc = _popen("solve", stdin=subprocess.PIPE)
    try:
        for puzzle, answer in ((TOP1, TOP1_SOLUTION), (EASY, TOP1_SOLUTION), (NONE_PUZZLE, "NO_SOLUTION")):
            proc.stdin.write(puzzle.encode() + b"\n")
            proc.stdin.flush()
            assert _readline(proc.stdout, 120) == answer.encode() + b"\n"  # while stdin stays open
        proc.stdin.close()
        assert proc.wait(timeout=120) == 1 and proc.stdout.read() == b""
    finally:
        if proc.poll() is None:
            proc.kill()


@POSIX
def test_ctrl_c_while_waiting_for_input():
    proc = _popen("solve", "--stats", stdin=subprocess.PIPE)
    try:
        proc.stdin.write(TOP1.encode() + b"\n")
        proc.stdin.flush()
        assert _readline(proc.stdout, 120) == TOP1_SOLUTION.encode() + b"\n"
        proc.send_signal(signal.SIGINT)  # while it waits for the next line
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 130 and out == b"" and _quiet(err)
    assert b"interrupted (Ctrl-C)" in err and b"puzzles:         1" in err


@POSIX
def test_timeout_does_not_wait_for_input_forever():
    """With a quiet pipe, --timeout ends the run (counted from the first puzzle) though stdin stays open."""
    proc = _popen("solve", "--timeout", "1", "--stats", stdin=subprocess.PIPE)
    try:
        proc.stdin.write(TOP1.encode() + b"\n")
        proc.stdin.flush()
        assert proc.wait(timeout=120) == 1
        out, err = proc.stdout.read(), proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.stdin.close()
    assert out == TOP1_SOLUTION.encode() + b"\n"
    assert b"--timeout" in err and b"not read" in err and b"run:" in err and _quiet(err)


# ---------------------------------------------------------------------------
# Ctrl-C into a pipe (issue 20, finding 6): only whole records come out
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def big_inputs(tmp_path_factory):
    """Inputs whose answers are far more than a pipe holds (64 KiB), and take seconds."""
    from dlxnumba import load_puzzles

    where = tmp_path_factory.mktemp("big")
    (where / "easy.txt").write_text((EASY + "\n") * EASY_LINES)
    (where / "top.txt").write_text("\n".join(load_puzzles("top95") * 200) + "\n")
    (where / "many.dlx").write_text("a b\n" + "a\n" * 1000 + "b\n" * 1000)
    return where


EASY_LINES = 200_000


def _lines(out: str, pattern: str) -> int:
    """The lines of ``out``, all matching ``pattern`` (-1 when one does not)."""
    lines = out.splitlines()
    return len(lines) if all(re.fullmatch(pattern, line) for line in lines) else -1


def _json_lines(out: str) -> int:
    import json

    lines = out.splitlines()
    return len(lines) if all(json.loads(line)["solution"] == TOP1_SOLUTION for line in lines) else -1


def _grid_blocks(out: str) -> int:
    # each: the header, nine rows of digits and two rules between the bands; a blank line after it
    blocks = out.split("\n\n")
    whole = blocks[-1] == "" and all(b.startswith("# puzzle ") and b.count("\n") == 11 for b in blocks[:-1])
    return len(blocks) - 1 if whole else -1


#: command line, the whole records of its output (counted; -1: one is not whole), and their number
#: when the run ends before the Ctrl-C: every command that streams
STREAMING = {
    "solve-line": (["solve", "easy.txt"], lambda out: _lines(out, TOP1_SOLUTION), EASY_LINES),
    "solve-json": (["solve", "--format", "json", "easy.txt"], _json_lines, EASY_LINES),
    "solve-grid": (["solve", "--format", "grid", "easy.txt"], _grid_blocks, EASY_LINES),
    "grade": (["grade", "--samples", "0", "top.txt"],
              lambda out: _lines(out, r"(easy|medium|hard|expert|beyond) \d+\.\d - \d+ [\w -]+"), 95 * 200),
    "generate": (["generate", "-n", "1000000", "--box", "2x2", "--seed", "1"],
                 lambda out: _lines(out, r"[1-4.]{16}"), 1_000_000),
    "cover": (["cover", "many.dlx"], lambda out: _lines(out, r"\d+ \d+"), 1_000_000),
}


@pytest.mark.slow
@POSIX
@settings(max_examples=examples(12), deadline=None, suppress_health_check=list(HealthCheck),
          phases=[Phase.explicit, Phase.reuse, Phase.generate])  # no shrinking: each example is a process
@given(command=st.sampled_from(sorted(STREAMING)), delay=st.floats(0.0, 1.0), stalled=st.booleans())
def test_ctrl_c_into_a_pipe_leaves_whole_records(big_inputs, command, delay, stalled):
    """SIGINT at a random moment, into a pipe that the reader drains or leaves
    full (the writer blocked in a write): exit 130 and whole records only.

    The output stopped mid-line, at a 64 KiB boundary, in 7 of 10 runs.  (A
    run may also end before the signal: then all its records are there, and it
    exits 0, or dies of the signal while Python shuts down.)"""
    import threading

    argv, records, total = STREAMING[command]
    proc = _popen(*argv, cwd=big_inputs)
    got = []
    try:
        ready, _, _ = select.select([proc.stdout], [], [], 240)
        assert ready, "no output at all"
        got.append(os.read(proc.stdout.fileno(), 1))  # it writes: the moment is inside the run
        if not stalled:  # drain the pipe as it fills: SIGINT then lands in the work as often as in a write
            reader = threading.Thread(target=lambda: got.append(proc.stdout.read()), daemon=True)
            reader.start()
        time.sleep(delay)
        proc.send_signal(signal.SIGINT)
        if stalled:
            out, err = proc.communicate(timeout=120)
            got.append(out)
        else:
            err = proc.stderr.read()
            proc.wait(timeout=120)
            reader.join(120)
    finally:
        if proc.poll() is None:
            proc.kill()
    out = b"".join(got).decode()
    found = records(out)
    assert out.endswith("\n") and found > 0, (command, out[-200:])
    finished = proc.returncode in (0, -signal.SIGINT) and found == total
    assert (proc.returncode == 130 or finished) and _quiet(err), (proc.returncode, found, err)


# ---------------------------------------------------------------------------
# Usage and messages in the command line's words (issue 20, finding 12)
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["solve", "cover", "grade", "generate"])
def test_an_unknown_option_shows_the_usage_of_its_command(capsys, command):
    """'solve --frobnicate' printed the top-level usage."""
    code, out, err = run(capsys, command, "--frobnicate")
    assert (code, out) == (2, "")
    assert err.startswith(f"usage: dlxnumba {command} ") and \
        f"dlxnumba {command}: error: unrecognized arguments: --frobnicate" in err


@pytest.mark.parametrize("argv, flag", [
    (["solve", "--variant", "jigsaw", "1" + "." * 15], "--regions MAP"),
    (["solve", "--variant", "killer", "1" + "." * 15], "--cages 'MAP SUMS'"),
    (["generate", "--variant", "jigsaw"], "--regions MAP"),
])
def test_messages_name_flags_not_python_arguments(capsys, argv, flag):
    """'pass regions=...' told a command-line user to pass a Python argument."""
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and flag in err
    assert not re.search(r"\b(regions|cages|box|max_attempts|uniqueness|max_nodes)=", err), err


def test_the_command_line_words_for_every_api_argument_a_message_names():
    from dlxnumba.cli.common import cli_words

    assert cli_words("a jigsaw needs a region map (regions=...)") == "a jigsaw needs a region map (--regions MAP)"
    assert cli_words("widen the clue range, or raise max_attempts or timeout") == \
        "widen the clue range, or raise --max-attempts or --timeout"
    assert cli_words("a 64x64 grid is too large for text (at most 61x61); pass a 2-D array") == \
        "a 64x64 grid is too large for text (at most 61x61)"
    assert cli_words("limit cannot be combined with threads= or checkpoint=") == \
        "limit cannot be combined with --threads or --checkpoint"
    assert cli_words("a 9x9 grid; give box=(rows, columns) explicitly") == "a 9x9 grid; give --box RxC"
