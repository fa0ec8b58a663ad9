"""tdoku and kudoku (and JCZSolve, when its sources are at hand), built from their sources, timed in their own process.

The Sudoku peers of issue 35's side-by-side table.  tdoku's repository
(``t-dillon/tdoku``) has its own benchmark harness, ``run_benchmark``
(``src/run_benchmark.cc``), which also builds other solvers from its ``other/``
folder: kudoku (attractivechaos's ``sudoku_v1.c``, patched, ``other/kudoku``) is
there, and JCZSolve when ``other/setup_jczsolve.sh`` has fetched its sources (from
the Enjoy Sudoku forum; not in the repository).  So every peer is timed by the same
program, the way tdoku's own tables were made, and reports its own puzzles/s.

Build (once; the binaries go to a cache outside the repository)::

    python bench/sudoku_peers.py build --tdoku PATH/TO/tdoku [--cache DIR]

copies the source tree to ``DIR/tdoku`` (tdoku's build writes ``src/build_info.h``
into its sources), adds this folder's ``tdoku_check.cc`` as one more target of its
``CMakeLists.txt``, and runs what its ``BUILD.sh`` runs, with the flags of its
``BENCH.sh`` specification ``gcc_O3_native``::

    cmake -S DIR/tdoku -B DIR/tdoku/build -DOPT=O3 -DARCH=native -DKUDOKU=on [-DJCZSOLVE=on]
    make -C DIR/tdoku/build run_benchmark tdoku_check

(``-DJCZSOLVE=on`` when ``other/jczsolve/JCZSolve.c`` is present; ``CC``/``CXX``
choose the compiler, as for ``BENCH.sh``).  The two binaries are copied to
``DIR/bin``.  ``DIR`` defaults to ``$DLXNUMBA_BENCH_CACHE`` or
``~/.cache/dlxnumba-bench``; the environment variables ``TDOKU_BENCH`` and
``TDOKU_CHECK`` name the two binaries elsewhere.

Run (the peers, and dlxnumba's ``solve_many(threads=1)`` beside them)::

    python bench/sudoku_peers.py run [--sets top1465 17clue hardest1106] [--seconds 3] [--repeat 3] [--limit 1]

What is timed.  For a peer, one ``run_benchmark`` process per solver and set::

    run_benchmark -s SOLVER -t SECONDS -w WARMUP -n N -r0 -c1 [-f] FILE

``-r0 -n N`` (N = the puzzles in the file): exactly the file's puzzles, unpermuted,
in passes until ``SECONDS`` are up (``--permute``: tdoku's own way instead, as its
``benchmarks/bench.sh``: ``-n250000 -e1``, the puzzles sampled and permuted);
``-f`` for ``limit=1`` (stop at the first solution; without it, ``limit=2``, the
harness also proves each solution unique, as in tdoku's published tables).  The
harness prints puzzles/s (wall clock, its own ``steady_clock``); that is the rate.

What is verified.  ``run_benchmark`` itself checks, during its warm-up, that each
returned grid is a valid Sudoku (``-v``, on by default), and in the timed passes
only that every puzzle got a solution.  So before timing, :func:`answers` runs
``tdoku_check`` (built from the same sources with the same flags, calling the same
solver functions), which prints each puzzle's count and solution; every solution is
checked with :func:`dlxnumba.is_solution` against its puzzle (valid grid, givens
kept) and every count must be 1 (every puzzle of ``bench/data`` has exactly one
solution; with ``limit=2`` each count comes from a second run with limit 2, as
tdoku returns no solution then).  dlxnumba's answers are checked the same way.

Examples
--------
>>> sorted(SETS)
['17clue', 'hardest1106', 'top1465']
>>> parse_rate("GNU,12.2.0, -O3 -march=native,top1465.txt,tdoku,52710.5,18.97,33.1,0.4")
(52710.5, 18.97)
"""

from __future__ import annotations

import argparse
import io
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
DATA = HERE / "data"

#: The sets of ``bench/data`` (see its README), in the order of the tables.
SETS = {"top1465": DATA / "top1465.txt", "17clue": DATA / "17clue.txt",
        "hardest1106": DATA / "hardest1106.txt"}
#: Norvig's sets, as the package ships them (one puzzle a line): rows beside tdoku's.
NORVIG = {name: Path(__file__).resolve().parent.parent / "puzzles" / f"{name}.txt"
          for name in ("easy50", "top95", "hardest")}

#: The peers, by their ids in tdoku's harness; jczsolve only when built.
SOLVERS = ("tdoku", "kudoku", "jczsolve")

#: tdoku's CMake options for the build: ``BENCH.sh``'s ``O3_native`` (``-O3 -march=native``).
CMAKE_FLAGS = ("-DOPT=O3", "-DARCH=native", "-DKUDOKU=on")


def cache_dir() -> Path:
    """Where ``build`` puts the binaries: ``$DLXNUMBA_BENCH_CACHE`` or ``~/.cache/dlxnumba-bench``."""
    return Path(os.environ.get("DLXNUMBA_BENCH_CACHE", "~/.cache/dlxnumba-bench")).expanduser()


@dataclass(frozen=True)
class Binaries:
    """tdoku's harness and the answer printer built beside it."""

    bench: Path
    check: Path
    solvers: tuple[str, ...] = field(default=())  # the ids this build has


def binaries() -> Binaries | None:
    """The built binaries (``$TDOKU_BENCH``/``$TDOKU_CHECK``, else the cache's ``bin``), or None."""
    bin_dir = cache_dir() / "bin"
    bench = Path(os.environ.get("TDOKU_BENCH") or bin_dir / "run_benchmark")
    check = Path(os.environ.get("TDOKU_CHECK") or bench.parent / "tdoku_check")
    if not (bench.is_file() and os.access(bench, os.X_OK) and check.is_file() and os.access(check, os.X_OK)):
        return None
    return Binaries(bench, check, built_solvers(bench))


def built_solvers(bench: Path) -> tuple[str, ...]:
    """The solver ids that ``run_benchmark -h`` lists (its line after ``solvers:``)."""
    out = subprocess.run([str(bench), "-h"], capture_output=True, text=True, check=False).stdout
    lines = out.splitlines()
    for k, line in enumerate(lines):
        if line.strip() == "solvers:" and k + 1 < len(lines):
            return tuple(lines[k + 1].split())
    return ()


def build_info(bench: Path) -> str:
    """Compiler and flags, as ``run_benchmark -h`` says (``build info: ...``)."""
    out = subprocess.run([str(bench), "-h"], capture_output=True, text=True, check=False).stdout
    for line in out.splitlines():
        if line.startswith("build info:"):
            return line.split(":", 1)[1].strip()
    return ""


# ---------------------------------------------------------------------------
# build
# ---------------------------------------------------------------------------


def build(tdoku: Path, cache: Path | None = None, jobs: int = 2, log=print) -> Binaries:
    """Build ``run_benchmark`` and ``tdoku_check`` from the tdoku sources at ``tdoku``."""
    tdoku = Path(tdoku).resolve()
    if not (tdoku / "CMakeLists.txt").is_file() or not (tdoku / "src" / "run_benchmark.cc").is_file():
        raise SystemExit(f"--tdoku {tdoku}: not a tdoku source tree (no CMakeLists.txt and src/run_benchmark.cc)")
    cache = Path(cache or cache_dir()).expanduser().resolve()
    src = cache / "tdoku"
    if src.exists():
        shutil.rmtree(src)
    shutil.copytree(tdoku, src, ignore=shutil.ignore_patterns(".git", "build"))
    shutil.copy(HERE / "tdoku_check.cc", src / "tdoku_check.cc")
    with open(src / "CMakeLists.txt", "a") as f:
        f.write("\n# added by dlxnumba's bench/sudoku_peers.py: the answers of the same solvers\n"
                "add_executable(tdoku_check tdoku_check.cc src/util.cc ${BENCHMARK_SOLVER_SOURCES})\n"
                "target_include_directories(tdoku_check PRIVATE ${CMAKE_SOURCE_DIR})\n")
    flags = list(CMAKE_FLAGS)
    if (src / "other" / "jczsolve" / "JCZSolve.c").is_file():
        flags.append("-DJCZSOLVE=on")
    else:
        log("JCZSolve: no other/jczsolve/JCZSolve.c (tdoku's other/setup_jczsolve.sh fetches it); built without")
    commands = [["cmake", "-S", str(src), "-B", str(src / "build"), *flags],
                ["make", "-C", str(src / "build"), f"-j{jobs}", "run_benchmark", "tdoku_check"]]
    for cmd in commands:
        log("$ " + " ".join(cmd))
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL if log is not print else None)
    bin_dir = cache / "bin"
    bin_dir.mkdir(parents=True, exist_ok=True)
    for name in ("run_benchmark", "tdoku_check"):
        shutil.copy2(src / "build" / name, bin_dir / name)
    bench = bin_dir / "run_benchmark"
    return Binaries(bench, bin_dir / "tdoku_check", built_solvers(bench))


# ---------------------------------------------------------------------------
# run
# ---------------------------------------------------------------------------


def read_set(name_or_path) -> list[str]:
    """The puzzles of a set of ``bench/data`` (by name) or of a file, one string each."""
    path = SETS.get(str(name_or_path)) or NORVIG.get(str(name_or_path)) or Path(name_or_path)
    with open(path) as f:
        return [line.strip() for line in f if line.strip() and not line.startswith("#")]


def _puzzle_file(puzzles: list[str], folder: str) -> Path:
    """The puzzles written one a line with '.' for an empty cell (tdoku reads no '0')."""
    path = Path(folder) / "puzzles.txt"
    path.write_text("".join(p.replace("0", ".") + "\n" for p in puzzles))
    return path


def parse_rate(csv_line: str) -> tuple[float, float]:
    """``(puzzles/s, usec/puzzle)`` from a line of ``run_benchmark -c1``.

    Its fields: compiler, version, flags, file, solver, puzzles/s, usec/puzzle,
    %no_guess, guesses/puzzle (the last two N/A for some solvers).
    """
    fields = csv_line.strip().split(",")
    return float(fields[-4]), float(fields[-3])


def bench_command(b: Binaries, solver: str, path: Path, n: int, *, seconds: int, warmup: int,
                  limit: int, permute: bool = False) -> list[str]:
    """The ``run_benchmark`` command line that times ``solver`` on the file ``path`` of ``n`` puzzles."""
    cmd = [str(b.bench), "-s", solver, f"-t{seconds}", f"-w{warmup}", "-c1"]
    cmd += ["-n250000", "-e1"] if permute else [f"-n{n}", "-r0"]
    if limit == 1:
        cmd.append("-f")
    return cmd + [str(path)]


def rate(solver: str, puzzles: list[str], *, seconds: int = 3, warmup: int = 1, limit: int = 1,
         permute: bool = False, b: Binaries | None = None) -> tuple[float, list[str]]:
    """``(puzzles/s, command)``: ``solver`` timed by tdoku's harness on ``puzzles``, in its process."""
    b = b or binaries()
    if b is None:
        raise FileNotFoundError("tdoku's run_benchmark is not built (python bench/sudoku_peers.py build --tdoku DIR)")
    if limit not in (1, 2):
        raise ValueError(f"limit must be 1 or 2 (tdoku's harness: -f or not), not {limit}")
    with tempfile.TemporaryDirectory() as tmp:
        path = _puzzle_file(puzzles, tmp)
        cmd = bench_command(b, solver, path, len(puzzles), seconds=seconds, warmup=warmup, limit=limit,
                            permute=permute)
        out = subprocess.run(cmd, capture_output=True, text=True, check=False)
    lines = [line for line in out.stdout.splitlines() if line.count(",") >= 8]
    if out.returncode != 0 or len(lines) != 1:
        raise RuntimeError(f"{' '.join(cmd)} failed (exit {out.returncode}):\n{out.stdout}{out.stderr}")
    return parse_rate(lines[0])[0], cmd


def answers(solver: str, puzzles: list[str], *, limit: int = 1,
            b: Binaries | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``(counts, solutions)`` of ``solver`` on ``puzzles``, printed by ``tdoku_check`` (untimed).

    ``solutions`` is an (n, 81) uint8 array, 0 where the solver wrote no digit.
    """
    b = b or binaries()
    if b is None:
        raise FileNotFoundError("tdoku_check is not built (python bench/sudoku_peers.py build --tdoku DIR)")
    with tempfile.TemporaryDirectory() as tmp:
        path = _puzzle_file(puzzles, tmp)
        out = subprocess.run([str(b.check), solver, str(limit), str(path)], capture_output=True, text=True,
                             check=False)
    if out.returncode != 0:
        raise RuntimeError(f"tdoku_check {solver} failed (exit {out.returncode}): {out.stderr.strip()}")
    rows = [line.split() for line in out.stdout.splitlines()]
    if len(rows) != len(puzzles) or any(len(r) != 2 or len(r[1]) != 81 for r in rows):
        raise RuntimeError(f"tdoku_check {solver}: {len(rows)} answers for {len(puzzles)} puzzles, or malformed")
    counts = np.array([int(r[0]) for r in rows])
    grid = np.frombuffer("".join(r[1] for r in rows).encode(), np.uint8).reshape(len(rows), 81)
    return counts, np.where((grid >= ord("1")) & (grid <= ord("9")), grid - ord("0"), 0).astype(np.uint8)


def wrong_answers(puzzles: list[str], counts, solutions) -> list[int]:
    """Indices of the puzzles whose answer is wrong: a count other than 1, or not a solution of it.

    >>> from dlxnumba import solve_many
    >>> puzzles = read_set("hardest1106")[:3]
    >>> sols = solve_many(puzzles, threads=1)[0]
    >>> wrong_answers(puzzles, [1, 1, 1], sols)
    []
    >>> swapped = sols.copy(); swapped[1, [0, 1]] = swapped[1, [1, 0]]  # a broken grid
    >>> kept = sols.copy(); kept[2] = sols[0]                          # a grid, not puzzle 2's
    >>> wrong_answers(puzzles, [1, 1, 1], swapped), wrong_answers(puzzles, [1, 1, 1], kept)
    ([1], [2])
    >>> wrong_answers(puzzles, [1, 2, 0], sols)                        # not unique; no solution
    [1, 2]
    """
    from benchutil import check_solutions

    bad = set(check_solutions(list(solutions), puzzles))
    bad.update(int(k) for k in np.flatnonzero(np.asarray(counts) != 1))
    return sorted(bad)


def verify(solver: str, puzzles: list[str], *, limit: int = 1, b: Binaries | None = None) -> list[int]:
    """Indices of the puzzles ``solver`` answers wrongly (see :func:`answers`, :func:`wrong_answers`).

    With ``limit=2`` the counts come from a run with limit 2 and the solutions from
    one with limit 1: tdoku writes a solution only when it finds the ``limit``-th
    (``solver_dpll_triad_simd.cc``), so with limit 2 a unique puzzle gets none.
    """
    counts, solutions = answers(solver, puzzles, limit=1, b=b)
    bad = set(wrong_answers(puzzles, counts, solutions))
    if limit > 1:
        counts, _ = answers(solver, puzzles, limit=limit, b=b)
        bad.update(int(k) for k in np.flatnonzero(counts != 1))
    return sorted(bad)


def dlxnumba_rate(puzzles: list[str], *, limit: int = 1, algorithm: str = "auto") -> tuple[float, list[int]]:
    """``(puzzles/s, wrong)``: one ``solve_many(array, threads=1, limit=limit,
    algorithm=algorithm)`` call timed, then checked; ``algorithm="per-call"``
    times ``Sudoku(text).solve()`` for each line instead (end to end).

    The puzzles are read into an array first (untimed), as the other batch rows of
    the suite do; the call is warmed up on two puzzles.  ``wrong``: the indices of
    the puzzles not ``SOLVED`` with a valid solution keeping their givens.
    """
    from dlxnumba import Status, Sudoku, read_puzzles, solve_many
    from benchutil import check_solutions

    if algorithm == "per-call":
        Sudoku(puzzles[0]).solve()
        t0 = time.perf_counter()
        found = [Sudoku(text).solve() for text in puzzles]
        seconds = time.perf_counter() - t0
        return len(puzzles) / seconds, sorted(check_solutions(found, puzzles))
    arr = read_puzzles(io.StringIO("\n".join(puzzles) + "\n"))
    solve_many(arr[:2], threads=1, limit=limit, algorithm=algorithm)
    t0 = time.perf_counter()
    sols, status = solve_many(arr, threads=1, limit=limit, algorithm=algorithm)
    seconds = time.perf_counter() - t0

    bad = set(check_solutions(list(sols), puzzles)) | {int(k) for k in np.flatnonzero(status != Status.SOLVED)}
    return len(puzzles) / seconds, sorted(bad)


#: dlxnumba's rows of the ``run`` table: the engine (or the per-call path) each times.
DLXNUMBA = {"dlxnumba-bits": "bits", "dlxnumba-links": "links", "dlxnumba-per-call": "per-call"}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    bp = sub.add_parser("build", help="build tdoku's run_benchmark (with kudoku) and tdoku_check")
    bp.add_argument("--tdoku", required=True, type=Path, help="a tdoku source tree (t-dillon/tdoku)")
    bp.add_argument("--cache", type=Path, default=None, help=f"where the build goes (default {cache_dir()})")
    bp.add_argument("--jobs", type=int, default=2, help="make -j (default 2)")
    rp = sub.add_parser("run", help="time the peers and dlxnumba's solve_many(threads=1) on the sets")
    rp.add_argument("--sets", nargs="+", default=list(SETS), help=f"names in bench/data or files (default {list(SETS)})")
    rp.add_argument("--solvers", nargs="+", default=None,
                    help="peer ids in tdoku's harness (default: tdoku, kudoku, jczsolve, those built)")
    rp.add_argument("--no-dlxnumba", action="store_true", help="time the peers only")
    rp.add_argument("--seconds", type=int, default=3, help="run_benchmark -t: timed seconds per run (default 3)")
    rp.add_argument("--warmup", type=int, default=1, help="run_benchmark -w: warm-up seconds (default 1)")
    rp.add_argument("--limit", type=int, default=1, choices=(1, 2),
                    help="1: first solution (run_benchmark -f); 2: prove uniqueness too (default 1)")
    rp.add_argument("--repeat", type=int, default=3, help="runs of each, interleaved (default 3)")
    rp.add_argument("--permute", action="store_true",
                    help="tdoku's own sampling (-n250000 -e1, permuted puzzles) instead of the file as it is")
    args = ap.parse_args(argv)
    if args.command == "build":
        b = build(args.tdoku, args.cache, args.jobs)
        print(f"run_benchmark: {b.bench}\ntdoku_check:   {b.check}\nsolvers: {' '.join(b.solvers)}\n"
              f"build info: {build_info(b.bench)}")
        return 0
    return run_table(args)


def run_table(args) -> int:
    """The ``run`` command: every answer checked, then each solver timed ``--repeat`` times, interleaved.

    Prints one markdown row per set and solver: best and median puzzles/s of the
    runs, and the command of the last run.
    """
    b = binaries()
    solvers = args.solvers
    if b is None:
        print("tdoku's run_benchmark is not built: python bench/sudoku_peers.py build --tdoku DIR; "
              "timing dlxnumba alone", file=sys.stderr)
        solvers = []
    elif solvers is None:
        solvers = [s for s in SOLVERS if s in b.solvers]
    missing = [s for s in solvers if s not in b.solvers] if b else []
    if missing:
        print(f"--solvers: {missing} not in this build (it has {list(b.solvers)})", file=sys.stderr)
        return 2
    names = solvers + ([] if args.no_dlxnumba else
                       [k for k in DLXNUMBA if args.limit == 1 or k != "dlxnumba-per-call"])
    load = os.getloadavg()
    sets = {name: read_set(name) for name in args.sets}
    if b is not None:
        print(f"tdoku's harness: {b.bench} ({build_info(b.bench)})")
    for set_name, puzzles in sets.items():  # every answer checked, before any timing
        for solver in solvers:
            bad = verify(solver, puzzles, limit=args.limit, b=b)
            if bad:
                print(f"{solver} answers {len(bad)} puzzles of {set_name} wrongly, e.g. {bad[:5]}", file=sys.stderr)
                return 1
    rates: dict[tuple[str, str], list[float]] = {}
    commands: dict[tuple[str, str], str] = {}
    for _ in range(args.repeat):
        for set_name, puzzles in sets.items():
            for solver in names:
                if solver in DLXNUMBA:
                    algorithm = DLXNUMBA[solver]
                    r, bad = dlxnumba_rate(puzzles, limit=args.limit, algorithm=algorithm)
                    if bad:
                        print(f"{solver} answers {len(bad)} puzzles of {set_name} wrongly, e.g. {bad[:5]}",
                              file=sys.stderr)
                        return 1
                    cmd = ("[Sudoku(text).solve() for text in lines]" if algorithm == "per-call" else
                           f"solve_many(puzzles, threads=1, limit={args.limit}, algorithm={algorithm!r})")
                else:
                    r, argv = rate(solver, puzzles, seconds=args.seconds, warmup=args.warmup, limit=args.limit,
                                   permute=args.permute, b=b)
                    cmd = " ".join(Path(argv[0]).name if k == 0 else a for k, a in enumerate(argv[:-1]))
                rates.setdefault((set_name, solver), []).append(r)
                commands[(set_name, solver)] = cmd
    print(f"\nlimit={args.limit}, {args.repeat} runs each, every answer checked; nproc {os.cpu_count()}, "
          f"load average at the start: {' '.join(f'{x:.2f}' for x in load)}, at the end: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    print("| set | solver | best puzzles/s | median puzzles/s | command |")
    print("|---|---|---:|---:|---|")
    for set_name in sets:
        for solver in names:
            rs = rates[(set_name, solver)]
            print(f"| {set_name} | {solver} | {max(rs):,.0f} | {statistics.median(rs):,.0f} | "
                  f"`{commands[(set_name, solver)]}` |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
