"""Fuzz targets of the command line: ``dlxnumba.cli.main(argv)`` in process.

Every run must end with an exit status in {0, 1, 2}, no exception out of
``main`` (a traceback), an error as one line of ``dlxnumba: error: ...`` (or
argparse's usage message), and never an input file changed.  When the
arguments are valid and the input is built from known entries, the output is
checked too: one result per entry, in order, each result right.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import sys

from hypothesis import strategies as st

import fuzz_strategies as S
from dlxnumba.cli import main
from fuzz_core import (BAD, EITHER, OK, Target, clashes, combine, count_sudoku, default_box, describe, fault,
                       solutions_of, sudoku_ok)
from fuzz_sudoku import tmp_path

SYMBOLS = S.SYMBOLS


def run_cli(argv: list[str], stdin: bytes = b""):
    """``main(argv)`` with ``stdin`` as standard input: (status, stdout, stderr)."""
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = main(argv)
    except SystemExit as e:
        raise fault("SystemExit escaped main()", f"dlxnumba {' '.join(argv)}: {e.code!r}") from None
    except Exception as e:  # noqa: BLE001
        raise fault(f"{type(e).__name__} escaped main() (a traceback)",
                    f"dlxnumba {' '.join(argv)} (stdin {stdin!r:.200}): {describe(e)}") from None
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


def check_run(argv, code, out, err, where) -> None:
    """What every run keeps."""
    if code not in (0, 1, 2):
        raise fault("exit status not in {0, 1, 2}", f"{where}: {code!r}")
    if "Traceback" in err:
        raise fault("a traceback on stderr", f"{where}: {err[-500:]!r}")
    if code == 2:
        lines = [ln for ln in err.splitlines() if ln.strip()]
        if not lines:
            raise fault("exit status 2 without a message", where)
        errs = [ln for ln in lines if "error:" in ln]
        if not errs:
            raise fault("exit status 2 without an error line", f"{where}: {err[-300:]!r}")


def _output(case_out, out_path, out):
    """The results: stdout, or the output file."""
    if case_out == "file":
        with open(out_path, encoding="utf-8", errors="replace") as f:
            return f.read()
    return out


# ---------------------------------------------------------------------------
# dlxnumba solve
# ---------------------------------------------------------------------------

HUGE = str(2**70)


def _pick(draw, sane, ok=(), bad=(), either=()):
    """A tagged value; only valid ones when ``sane``."""
    if sane:
        return draw(S.tagged(ok=ok))
    return draw(S.tagged(ok=ok, bad=bad, either=either))


@st.composite
def cli_solve_cases(draw):
    f = draw(S.puzzle_file(allow_square_count=True))
    sane = draw(st.integers(0, 9)) < 7
    n = f["n"]
    db = default_box(n)
    case = dict(file=f)
    case["format"] = draw(st.sampled_from([None, "line", "line", "grid", "json"]))
    case["mode"] = draw(st.sampled_from([None, None, "--unique", "--count"]))
    case["limit"] = (None, OK) if sane and case["mode"] != "--count" else \
        _pick(draw, sane, ok=[None, "1", "2", "5"],
                          bad=["0", "-1", "x", ""], either=[HUGE])
    case["box"] = _pick(draw, sane, ok=[None, None, f"{db[0]}x{db[1]}", f"{db[0]},{db[1]}"],
                        bad=["0x3", "axb", "3x3x3", "x"], either=[f"{db[1]}x{db[0]}", "2x2" if n != 4 else "3x3"])
    case["max_nodes"] = _pick(draw, sane, ok=[None, None, None, "0", "5", "1000"], bad=["-1", "x", "1.5"],
                              either=[str(2**63), HUGE])
    case["timeout"] = _pick(draw, sane, ok=[None, None, None, "0", "30", "0.5"],
                            bad=["-1", "nan", "x", "inf", "1e400"])
    case["threads"] = _pick(draw, sane, ok=[None, "1", "2"], bad=["0", "-2", "x"], either=[str(10**22)])
    case["flags"] = draw(st.lists(st.sampled_from(["--strict", "--stats", "--progress", "--no-progress"]),
                                  unique=True, max_size=3))
    case["output"] = draw(st.sampled_from([None, None, "file", "input", "/dev/full", "-"]))
    case["source"] = draw(st.sampled_from(["path", "path", "-"]))
    return case


def _solve_argv(case, path, out_path):
    argv = ["solve"]
    tags = []
    if case["format"]:
        argv += ["--format", case["format"]]
    if case["mode"]:
        argv.append(case["mode"])
    lim, lv = case["limit"]
    if case["mode"] == "--count" and lim is None:
        lim, lv = "5", OK  # counting all solutions of a sparse grid would take long
    if lim is not None:
        argv += ["--limit", lim]
        tags.append(lv if case["mode"] == "--count" else BAD)  # --limit needs --count
    for opt, key in (("--box", "box"), ("--max-nodes", "max_nodes"), ("--timeout", "timeout"),
                     ("--threads", "threads")):
        v, t = case[key]
        if v is not None:
            argv.append(f"{opt}={v}")
            tags.append(t)
    if case["mode"] == "--count" and case["limit"][0] == HUGE and case["max_nodes"][0] is None:
        argv += ["--max-nodes", "3000"]
    argv += case["flags"]
    if "--progress" in case["flags"] and "--no-progress" in case["flags"]:
        pass  # the last one wins
    if case["output"] == "file":
        argv += ["-o", out_path]
    elif case["output"] == "input":
        argv += ["-o", path if case["source"] == "path" else "-"]
    elif case["output"] is not None:
        argv += ["-o", case["output"]]
    argv.append(path if case["source"] == "path" else "-")
    return argv, combine(*tags)


def _cells_of(text: str):
    try:
        return [0 if ch == "." else SYMBOLS.index(ch) + 1 for ch in text]
    except ValueError:
        return None


def _run_checked(case, argv, verdict, data: bytes, path: str):
    """Run the command and check what every run must do: a clean exit, the input file
    intact, bad usage refused with status 2, a failed write not reported as success.
    Returns (code, out, err, where, verdict): the verdict when one of these settles the
    case, else ""."""
    where = f"dlxnumba {' '.join(argv)}  # input {data!r:.500}"
    code, out, err = run_cli(argv, data if case["source"] == "-" else b"")
    check_run(argv, code, out, err, where)
    with open(path, "rb") as fh:
        if fh.read() != data:
            raise fault("an input file was changed (data lost)", where)
    if verdict == BAD:
        if code != 2:
            raise fault("bad usage not refused with status 2", f"{where}: status {code}")
        return code, out, err, where, "rejected:usage"
    if case["output"] == "/dev/full" and not _limit_zero(case):
        if code == 0:  # 1 is fine when nothing was written
            raise fault("a failed write (-o /dev/full) gives status 0", where)
        return code, out, err, where, f"status:{code}"
    return code, out, err, where, ""


def check_cli_solve(case) -> str:
    f = case["file"]
    data = f["data"]
    path = tmp_path(data)
    out_path = path + ".out"
    argv, verdict = _solve_argv(case, path, out_path)
    code, out, err, where, early = _run_checked(case, argv, verdict, data, path)
    if early:
        return early
    if case["output"] == "input" and case["source"] == "path":
        return f"status:{code}"  # refused (2) or written elsewhere; the input is intact (checked above)
    if verdict == EITHER or case["box"][0] not in (None,) and case["box"][1] != OK:
        return f"status:{code}"
    return _check_solve_output(case, argv, code, _output(case["output"], out_path, out), err, where)


def _exact(f, case) -> bool:
    """Whether the oracle knows what the reader must make of the file (see read_puzzles)."""
    entries = f["entries"]
    if case["box"][0] is not None:
        return True  # the box gives the size
    if entries and entries[0][0] is None and not (f["fmt"] == "grid" and entries[0][3] == "missing-row"):
        return False
    return True


def _check_solve_output(case, argv, code, out, err, where) -> str:
    f = case["file"]
    entries = f["entries"]
    n = f["n"]
    box = default_box(n)
    if case["box"][0] is not None:
        r, c = map(int, re.split("[x,]", case["box"][0]))
        box = (r, c)
    if not _exact(f, case):
        return f"status:{code}"
    strict = "--strict" in case["flags"]
    malformed = [e for e in entries if e[0] is None]
    if not entries:
        if code != 2:
            raise fault("no puzzles, yet status is not 2", f"{where}: {code}")
        return "status:2"
    if len(malformed) == len(entries) or (strict and malformed):
        if code != 2:
            raise fault("no readable puzzle (or --strict) yet status is not 2", f"{where}: {code}")
        if strict:
            first = malformed[0]
            named = [int(x) for x in re.findall(r"line (\d+)", err)]
            if not any(first[1] <= L <= first[2] for L in named):
                raise fault("--strict error names the wrong line", f"{where}: {err!r:.300}")
        return "status:2"
    fmt = case["format"] or "line"
    budget = case["max_nodes"][0] is not None or case["timeout"][0] is not None
    counting = case["mode"] == "--count"
    limit = int(case["limit"][0] or 5) if counting else None
    results = _parse_results(fmt, out, where, counting)
    if len(results) != len(entries):
        raise fault("results lost, merged or added", f"{where}: {len(results)} results for {len(entries)} entries")
    statuses = []
    ambiguous = False  # an "N+" at --limit N with a budget: the limit, or a budget that ran out there
    for i, ((cells, lo, hi, _), (status, payload, reason)) in enumerate(zip(entries, results)):
        w = f"{where}: entry {i} (lines {lo}-{hi})"
        statuses.append(status)
        if cells is None or clashes(cells, n, box):
            if status != "INVALID":
                raise fault("malformed or rule-breaking puzzle not INVALID", f"{w}: {status}")
            if cells is None and reason is not None:
                named = [int(x) for x in re.findall(r"line (\d+)", reason)]
                if not any(lo <= L <= hi for L in named):
                    raise fault("INVALID reason names the wrong line", f"{w}: {reason!r}")
            continue
        if status == "INVALID":
            raise fault("valid puzzle INVALID", f"{w}: {reason!r}")
        truth = count_sudoku(cells, n, box, (limit or 2) + 1)
        if status == "BUDGET":
            if not budget:
                raise fault("BUDGET without a budget", w)
            if counting and truth is not None and isinstance(payload, int) and payload > min(truth, limit):
                raise fault("a count stopped early is more than the count", f"{w}: {payload} > {truth}")
            continue
        if counting:
            if status not in ("SOLVED", "NO_SOLUTION", "MULTIPLE", "COUNT", "COUNT+"):
                raise fault("unexpected status with --count", f"{w}: {status}")
            if status == "COUNT+" and budget:  # a lower bound: the count may have stopped early
                if truth is not None and payload is not None and payload > min(truth, limit):
                    raise fault("a count stopped early is more than the count", f"{w}: {payload} > {truth}")
                if payload is not None and payload < limit:
                    statuses[-1] = "BUDGET"  # below the limit: it stopped early
                else:
                    ambiguous = True
                continue
            if truth is not None and payload is not None and payload != min(truth, limit):
                raise fault("--count is wrong", f"{w}: {payload} != {min(truth, limit)}")
            continue
        if status == "SOLVED":
            if payload is not None and not sudoku_ok(payload, cells, n, box):
                raise fault("wrong solution printed", f"{w}: {payload}")
            if case["mode"] == "--unique" and truth is not None and truth != 1:
                raise fault("SOLVED with --unique but not unique", w)
        elif status == "NO_SOLUTION":
            if truth is not None and truth > 0:
                raise fault("NO_SOLUTION for a solvable puzzle", w)
        elif status == "MULTIPLE":
            if case["mode"] != "--unique" or (truth is not None and truth < 2):
                raise fault("MULTIPLE is wrong", w)
        else:
            raise fault("unknown status", f"{w}: {status!r}")
    if counting:
        want = 1 if any(s in ("INVALID", "BUDGET") for s in statuses) else 0
    else:
        want = 0 if all(s == "SOLVED" for s in statuses) else 1
    if code != want and not (ambiguous and code in (0, 1)):
        raise fault("exit status does not match the results", f"{where}: {code}, expected {want}")
    return f"status:{code}"


def _limit_zero(case) -> bool:
    """--limit 0: no answer is written, so a full disk cannot fail a write."""
    limit = case.get("limit")
    counting = case.get("count") or case.get("mode") == "--count"  # a count is written all the same
    return not counting and isinstance(limit, tuple) and limit[0] is not None and str(limit[0]).strip() == "0"


def _parse_results(fmt, out, where, counting=False):
    """[(status, payload, reason)] from the output: payload is the solution's cells
    (or the count with --count), reason the text of an INVALID."""
    res = []
    if fmt == "line":
        for line in out.splitlines():
            if line.startswith("INVALID"):
                res.append(("INVALID", None, line))
            elif line in ("NO_SOLUTION", "MULTIPLE", "BUDGET"):
                res.append((line, None, None))
            elif counting and line.removesuffix("+").isdigit():
                k = int(line.removesuffix("+"))  # "N+": at least N (more than --limit N, or stopped early)
                res.append(("COUNT+" if line.endswith("+") else "COUNT", k, None))
            else:
                cells = _cells_of(line)
                if cells is None:
                    raise fault("unreadable result line", f"{where}: {line!r}")
                res.append(("SOLVED", cells, None))
        return res
    if fmt == "json":
        for k, line in enumerate(out.splitlines()):
            try:
                rec = json.loads(line)
            except ValueError:
                raise fault("json output is not JSON", f"{where}: {line!r}") from None
            if rec.get("index") != k:
                raise fault("json index out of order", f"{where}: {rec.get('index')} at {k}")
            payload = rec.get("count") if "count" in rec else (
                _cells_of(rec["solution"]) if rec.get("solution") else None)
            res.append((rec["status"], payload, rec.get("error")))
        return res
    heads = re.findall(r"^# puzzle (\d+): ([A-Z_]+)(.*)$", out, flags=re.M)
    for k, (num, status, rest) in enumerate(heads):
        if int(num) != k + 1:
            raise fault("grid headers out of order", f"{where}: {num} at {k + 1}")
        res.append((status, None, rest if status == "INVALID" else None))
    return res


# ---------------------------------------------------------------------------
# dlxnumba cover
# ---------------------------------------------------------------------------


@st.composite
def cli_cover_cases(draw):
    raw = draw(st.integers(0, 3)) == 0
    if raw:
        v = draw(S.raw_dlx())
        case = dict(raw=True, data=v if isinstance(v, bytes) else v.encode("utf-8", "surrogatepass"))
    else:
        options, n1, n_items, names = draw(S.dlx_problems())
        text = draw(S.dlx_text(options, n1, n_items, names))
        case = dict(raw=False, options=options, n_primary=n1, n_items=n_items, names=names,
                    data=text.encode("utf-8"))
    sane = draw(st.integers(0, 9)) < 7
    case["count"] = draw(st.booleans())
    case["names_flag"] = draw(st.booleans())
    case["limit"] = _pick(draw, sane, ok=[None, None, "0", "1", "3"], bad=["-1", "x"], either=[HUGE])
    case["stop_at"] = _pick(draw, sane, ok=[None, "0", "1"], bad=["2", "x"])
    case["max_nodes"] = _pick(draw, sane, ok=[None, None, None, "0", "10", "100000"], bad=["-1", "y"],
                              either=[str(2**63), HUGE])
    case["timeout"] = _pick(draw, sane, ok=[None, None, None, "0", "5"], bad=["nan", "-1", "inf"])
    case["flags"] = draw(st.lists(st.sampled_from(["--stats", "--progress", "--no-progress"]), unique=True,
                                  max_size=2))
    case["output"] = draw(st.sampled_from([None, None, "file", "input", "/dev/full"]))
    case["source"] = draw(st.sampled_from(["path", "path", "-"]))
    return case


def check_cli_cover(case) -> str:
    data = case["data"]
    path = tmp_path(data, ".dlx")
    out_path = path + ".out"
    argv = ["cover"]
    tags = []
    if case["count"]:
        argv.append("--count")
    if case["names_flag"]:
        argv.append("--names")
    for opt, key in (("--limit", "limit"), ("--stop-at", "stop_at"), ("--max-nodes", "max_nodes"),
                     ("--timeout", "timeout")):
        v, t = case[key]
        if v is not None:
            argv += [f"{opt}={v}"]
            tags.append(t)
    argv += case["flags"]
    if case["output"] == "file":
        argv += ["-o", out_path]
    elif case["output"] == "input":
        argv += ["-o", path if case["source"] == "path" else "-"]
    elif case["output"]:
        argv += ["-o", case["output"]]
    argv.append(path if case["source"] == "path" else "-")
    verdict = combine(*tags)
    code, out, err, where, early = _run_checked(case, argv, verdict, data, path)
    if early:
        return early
    if case["raw"] or verdict == EITHER or (case["output"] == "input" and case["source"] == "path"):
        return f"status:{code}"
    if code == 2:
        raise fault("a valid DLX file refused", f"{where}: {err.strip()[-300:]!r}")
    truth = solutions_of(case["options"], case["n_primary"], case["n_items"])
    text = _output(case["output"], out_path, out)
    limited = case["max_nodes"][0] is not None or case["timeout"][0] is not None
    stopped = "stopped early" in err  # the note of a search that a budget stopped
    if stopped and not limited:
        raise fault("search stopped without a budget", where)
    lim = None if case["limit"][0] is None else int(case["limit"][0])
    want = len(truth) if lim is None else min(len(truth), lim)
    if case["count"]:
        lines = text.split()
        if len(lines) != 1 or not lines[0].removesuffix("+").isdigit():
            raise fault("--count does not print one number", f"{where}: {text!r:.200}")
        got = int(lines[0].removesuffix("+"))
        more = lines[0].endswith("+")  # "N+": at least N (cut by a budget, or more than --limit N)
        if more and not stopped and not (lim is not None and len(truth) > lim and got == lim):
            raise fault("--count says 'more' wrongly", f"{where}: {lines[0]} for {len(truth)}")
        if not more and lim is not None and len(truth) > lim and not stopped:
            raise fault("--count at --limit does not say there are more", f"{where}: {lines[0]}")
        if (got != want and not stopped) or got > want:
            raise fault("--count is wrong", f"{where}: {got} != {want}")
        if code != (1 if stopped else 0):
            raise fault("exit status does not match the count", f"{where}: {code}")
        return f"status:{code}"
    if case["names_flag"]:
        blocks = [b for b in text.split("\n\n") if b.strip()]
        got = len(blocks)
        sols = None
    else:
        sols = [frozenset(int(x) for x in line.split()) for line in text.splitlines()]
        got = len(sols)
    if sols is not None and (any(s not in truth for s in sols) or len(set(sols)) != len(sols)):
        raise fault("cover printed a wrong or repeated solution", where)
    if (got != want and not stopped) or got > want:
        raise fault("cover lost or added solutions", f"{where}: {got} != {want}")
    if not stopped and code != (0 if got or (lim == 0 and truth) else 1):  # --limit 0: 0 when any exists
        raise fault("exit status does not match the solutions", f"{where}: {code}")
    return f"status:{code}"


# ---------------------------------------------------------------------------
# Any argv
# ---------------------------------------------------------------------------

TOKENS = ["solve", "cover", "-", "--format", "json", "grid", "line", "xml", "--threads", "0", "1", "2",
          "--box", "2x3", "3x3", "0x0", "--limit", "--count", "--unique", "--names", "--strict", "--stats",
          "-o", "--max-nodes", "--timeout", "nan", "-1", "1e400", HUGE, "--stop-at", "--progress",
          "--no-progress", "--version", "", "--", "-x", "é", "\x00", "/nonexistent/file", "/tmp", "/dev/null",
          "@input", "@output"]


@st.composite
def cli_argv_cases(draw):
    argv = draw(st.lists(st.sampled_from(TOKENS), max_size=9))
    kind = draw(st.sampled_from(["puzzles", "dlx", "garbage"]))
    if kind == "puzzles":
        data = draw(S.puzzle_file(max_entries=3))["data"]
    elif kind == "dlx":
        options, n1, n_items, names = draw(S.dlx_problems(max_items=5, max_options=6))
        data = draw(S.dlx_text(options, n1, n_items, names)).encode("utf-8")
    else:
        data = draw(S.raw_file_bytes())
    return dict(argv=argv, data=data)


def check_cli_argv(case) -> str:
    data = case["data"]
    path = tmp_path(data)
    out_path = path + ".out"
    argv = [path if a == "@input" else out_path if a == "@output" else a for a in case["argv"]]
    if "--help" in argv or "-h" in argv:
        return "skipped"
    where = f"dlxnumba {' '.join(map(repr, argv))}  # input {data!r:.300}"
    here = os.getcwd()
    os.chdir(os.path.dirname(path))  # "-o 1180591620717411303424" writes a file: not in the checkout
    try:
        code, out, err = run_cli(argv, data)
    finally:
        os.chdir(here)
    check_run(argv, code, out, err, where)
    with open(path, "rb") as fh:
        if fh.read() != data:
            raise fault("an input file was changed (data lost)", where)
    return f"status:{code}"


# ---------------------------------------------------------------------------

TARGETS = [
    Target("cli_solve", "dlxnumba solve (main(argv))", cli_solve_cases(), check_cli_solve),
    Target("cli_cover", "dlxnumba cover (main(argv))", cli_cover_cases(), check_cli_cover),
    Target("cli_argv", "dlxnumba main(any argv)", cli_argv_cases(), check_cli_argv),
]
