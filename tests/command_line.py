"""Helpers for the tests of the command line (``tests/cli``): run ``main(argv)``
in process, write input files, check the answers printed."""

from __future__ import annotations

import signal

from dlxnumba import is_solution
from dlxnumba.cli import main
from known import ROOT, TOP1

TOP95 = ROOT / "puzzles" / "top95.txt"

BROKEN_RULE = "11" + "." * 79  # two 1s in row 1
BAD_SYMBOL = TOP1[:10] + "?" + TOP1[11:]
TOO_SHORT = TOP1[:80]


def sigint_default() -> None:
    """The ``preexec_fn`` of a child a test interrupts: SIGINT acts as a terminal's
    Ctrl-C even when the tests themselves were started in the background (a shell
    starts those with SIGINT ignored, which a child would inherit)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def interrupt_when(proc, marker: bytes, wait: float = 120) -> tuple[bytes, bytes]:
    """Read ``proc``'s stderr until ``marker`` shows (a progress bar's text: the
    work is under way), then send SIGINT as a terminal's Ctrl-C would: ``(stdout,
    stderr)``, the stderr read before the signal included.  ``proc`` is killed if
    anything here fails."""
    import time

    seen = b""
    deadline = time.monotonic() + wait
    try:
        while marker not in seen and time.monotonic() < deadline:
            byte = proc.stderr.read(1)
            if not byte:
                break
            seen += byte
        assert marker in seen, seen
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
    return out or b"", seen + (err or b"")


def run(capsys, *argv):
    """main(argv) in process: (exit status, stdout, stderr)."""
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def write(tmp_path, text, name="puzzles.txt"):
    path = tmp_path / name
    path.write_text(text)
    return path


def top95():
    return TOP95.read_text().split()


def check_solutions(lines, puzzles):
    assert len(lines) == len(puzzles)
    for line, puzzle in zip(lines, puzzles):
        assert len(line) == len(puzzle) and "." not in line
        assert is_solution(line, puzzle), (line, puzzle)
