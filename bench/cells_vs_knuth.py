"""dlxnumba's dancing cells beside Knuth's own SSXC1, SSXCC and SSMCC (issue 37), counters equal.

Knuth's dancing-cells programs (Algorithm 7.2.2.1C and its relatives) and his
generators of DLX files, built from his CWEB sources, count every solution of
the same files as ``ExactCover.count(algorithm="cells")``; the solutions,
search nodes and updates of the two must be equal (his last line on stderr,
``Altogether S solutions, M mems, U updates, B bytes, N nodes``, against
:func:`dlxnumba.last_stats`), so the two run the same search, step for step.

Build (once; sources and binaries go to a cache outside the repository)::

    python bench/cells_vs_knuth.py build [--cwebtest DIR] [--sgb DIR] [--cache DIR]

``--cwebtest`` holds Knuth's programs (``ssxc1.w``, ``ssxcc.w``, ``ssmcc.w``,
``queens-dlx.w``, ...): the repository ``ascherer/cwebtest``; ``--sgb`` holds
``gb_flip.w`` (which SSXCC and SSMCC include): ``ascherer/sgb``.  Each is a
plain directory of ``.w`` files (a checkout) or a git directory (a bare or
mirror repository: the files of its ``HEAD``, by ``git show``).  Each
program is tangled (``ctangle ./NAME.w - NAME.c``: this ctangle cannot open
``NAME.w`` given bare; ``CWEBINPUTS`` names the folder, for ``gb_flip.w``'s
``@i boilerplate.w``) and compiled with ``gcc -O2 -w`` (with ``gb_flip.c``
where it includes ``gb_flip.h``) into ``CACHE/knuth/bin``.  Knuth's mem
counting stays compiled in (the ``o``/``oo`` macros cost an addition each), as
for his DLX5 and DLX6 elsewhere in bench/: these are his programs as he
distributes them.  ``CACHE`` defaults to ``$DLXNUMBA_BENCH_CACHE`` or
``~/.cache/dlxnumba-bench``; ``--cwebtest`` and ``--sgb`` default to the
environment variables ``KNUTH_CWEBTEST`` and ``KNUTH_SGB``.

Run::

    python bench/cells_vs_knuth.py run [--only NAMES] [--rounds N] [--links]

For each instance its DLX file is made (by Knuth's generator, or by dlxnumba
for Langford pairs) and kept in ``CACHE/knuth/dlx/NAME.dlx``, read with
:meth:`ExactCover.from_dlx`, and counted ``N`` rounds (3 by default), the two
sides alternating.

What is timed.  Knuth: the whole process, ``PROGRAM < NAME.dlx`` (start-up,
reading and parsing the file, building his arrays, the search and his report),
wall clock around ``subprocess.run``.  dlxnumba: the call
``problem.count(algorithm="cells")`` in this process, the problem already read
(``from_dlx`` untimed) and the kernels compiled (one untimed count of a few
nodes first); the call builds its cells from the problem's arrays, searches
and returns.  Each column is the median of the rounds.  With ``--links`` also
``count(algorithm="links")`` (its count checked; its nodes and updates are
dancing links', another sense).  ``auto`` names the algorithm that
``count(algorithm="auto")`` picked (one untimed run).  The program of each file
follows from its contents: multiplicities (``a:b|item``) need SSMCC, colors
(``item:color``) SSXCC, anything else SSXC1.  The exit status is 1 when any
counter differs.

Examples
--------
>>> parse_altogether("Altogether 92 solutions, 4071+123456 mems, 5480 updates, 9956 bytes, 1187 nodes, ccost 4%.")
(92, 5480, 1187)
>>> program_for("a b | c\\n a c:1\\n b\\n"), program_for("1:2|a b\\na\\nb\\n"), program_for("a b\\na\\nb\\n")
('ssxcc', 'ssmcc', 'ssxc1')
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Callable, NamedTuple

#: Knuth's solvers.
SOLVERS = ("ssxc1", "ssxcc", "ssmcc")
#: Knuth's generators used here (all in ascherer/cwebtest).
GENERATORS = ("queens-dlx", "de-bruijn-dlx", "queendom-dlx", "polyomino-dlx", "windmill-dominoes-dlx",
              "slitherlink-dlx", "masyu-dlx", "fillomino-dlx")

# The puzzles given to Knuth's puzzle generators.  All made for this benchmark
# (none from a book): each is consistent with at least one loop or filling, and
# sparse enough that there are many solutions; every solution is counted,
# disjoint loops included (Knuth's generators leave the single-loop rule to
# DLX2-LOOP, which is not one of the programs here).

#: polyomino-dlx's spec of the twelve pentominoes in a 6 x 10 box (Knuth's
#: piece names, his cell syntax: ``[0-5][0-9]`` is the box).
PENTOMINOES_6X10 = """[0-5][0-9]
O 0[0-4]
P [01][01] 02
Q 0[0-3] 13
R 0[12] 1[01] 21
S 0[01] 1[1-3]
T 0[0-2] 1[1] 21
U 0[0-2] 1[02]
V 0[0-2] [12]2
W 00 1[01] 2[12]
X 01 1[0-2] 21
Y 0[0-3] 11
Z 00 1[0-2] 22
"""

#: A 9 x 9 slitherlink: the clues of one region's boundary (a loop drawn for
#: this benchmark), kept in every third column.
SLITHERLINK_9X9 = """0..1..0..
1..2..1..
1..2..2..
1..1..2..
0..2..2..
0..2..3..
1..2..2..
1..0..1..
0..0..0..
"""

#: An 8 x 8 masyu (``0`` white circle, ``1`` black), seven circles placed by hand.
MASYU_8X8 = """........
.0...1..
...0....
.1....0.
........
..0.....
....1...
........
"""

#: A 6 x 6 fillomino, six clues placed by hand (labels up to 4, as its largest clue).
FILLOMINO_6X6 = """4.....
...3..
.2....
....1.
..4...
.....3
"""


class Instance(NamedTuple):
    """How one instance's DLX file is made, and where it comes from (for the docs)."""

    make: Callable[[Path], str]  # the bin folder -> the DLX text
    source: str


def _gen(name: str, *args: str, stdin: str | None = None) -> Callable[[Path], str]:
    def make(bin_dir: Path) -> str:
        done = subprocess.run([str(bin_dir / name), *args], input=stdin, capture_output=True, text=True)
        if done.returncode != 0 or not done.stdout.strip():
            raise RuntimeError(f"{name} {' '.join(args)} failed (exit {done.returncode}): {done.stderr.strip()}")
        return done.stdout
    return make


def _langford(_bin_dir: Path) -> str:
    from dlxnumba import langford

    return langford(12)[0].to_dlx()


INSTANCES: dict[str, Instance] = {
    "pentominoes-6x10": Instance(_gen("polyomino-dlx", stdin=PENTOMINOES_6X10),
                                 "polyomino-dlx < PENTOMINOES_6X10 (this file)"),
    "langford-12": Instance(_langford, "dlxnumba.langford(12)[0].to_dlx() (cwebtest has no Langford generator)"),
    "queens-15": Instance(_gen("queens-dlx", "15"), "queens-dlx 15"),
    "debruijn-2-4-6": Instance(_gen("de-bruijn-dlx", "2", "4", "6"), "de-bruijn-dlx 2 4 6"),
    "queendom-8-5": Instance(_gen("queendom-dlx", "8", "5"), "queendom-dlx 8 5"),
    "windmill-4x5": Instance(_gen("windmill-dominoes-dlx", "4", "5"), "windmill-dominoes-dlx 4 5"),
    "slitherlink-9x9": Instance(_gen("slitherlink-dlx", stdin=SLITHERLINK_9X9),
                                "slitherlink-dlx < SLITHERLINK_9X9 (this file)"),
    "masyu-8x8": Instance(_gen("masyu-dlx", stdin=MASYU_8X8), "masyu-dlx < MASYU_8X8 (this file)"),
    "fillomino-6x6": Instance(_gen("fillomino-dlx", stdin=FILLOMINO_6X6),
                              "fillomino-dlx < FILLOMINO_6X6 (this file)"),
}


def cache_dir() -> Path:
    """``$DLXNUMBA_BENCH_CACHE`` or ``~/.cache/dlxnumba-bench`` (as bench/sudoku_peers.py)."""
    return Path(os.environ.get("DLXNUMBA_BENCH_CACHE", "~/.cache/dlxnumba-bench")).expanduser()


def bin_dir(cache: Path | None = None) -> Path:
    return Path(cache or cache_dir()).expanduser() / "knuth" / "bin"


def built(cache: Path | None = None) -> bool:
    """True when every solver and generator is in ``CACHE/knuth/bin``."""
    d = bin_dir(cache)
    return all(os.access(d / name, os.X_OK) for name in SOLVERS + GENERATORS)


# ---------------------------------------------------------------------------
# build
# ---------------------------------------------------------------------------


def read_source(where: Path, name: str) -> str:
    """The file ``name`` of a plain directory, else of a git directory's ``HEAD``."""
    where = Path(where).expanduser()
    if (where / name).is_file():
        return (where / name).read_text(encoding="latin-1")
    for git_dir in (where, where / ".git", where / "repo"):
        done = subprocess.run(["git", "--git-dir", str(git_dir), "show", f"HEAD:{name}"],
                              capture_output=True, check=False)
        if done.returncode == 0:
            return done.stdout.decode("latin-1")
    raise SystemExit(f"{where}: no {name} (neither a file there nor in a git repository's HEAD)")


def build(cwebtest: Path, sgb: Path, cache: Path | None = None, log=print) -> Path:
    """Tangle and compile Knuth's solvers and generators into ``CACHE/knuth/bin``."""
    root = Path(cache or cache_dir()).expanduser().resolve() / "knuth"
    src, out = root / "src", root / "bin"
    src.mkdir(parents=True, exist_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    for name in ("ctangle", "gcc"):
        if shutil.which(name) is None:
            raise SystemExit(f"{name} is not on the PATH (ctangle comes with TeX Live's CWEB)")

    def tangle(where: Path, stem: str) -> None:
        text = read_source(where, f"{stem}.w")
        (src / f"{stem}.w").write_text(text, encoding="latin-1")
        for included in re.findall(r"^@i\s+(\S+)", text, flags=re.M):  # gb_flip.w's boilerplate.w
            (src / included).write_text(read_source(where, included), encoding="latin-1")
        cmd = ["ctangle", f"./{stem}.w", "-", f"{stem}.c"]
        log("$ " + " ".join(cmd))
        # CWEBINPUTS: this ctangle finds an @i file only on that path
        subprocess.run(cmd, cwd=src, check=True, stdout=subprocess.DEVNULL,
                       env={**os.environ, "CWEBINPUTS": str(src)})

    tangle(sgb, "gb_flip")
    for stem in SOLVERS + GENERATORS:
        tangle(cwebtest, stem)
        extra = ["gb_flip.c"] if '"gb_flip.h"' in (src / f"{stem}.c").read_text(encoding="latin-1") else []
        cmd = ["gcc", "-O2", "-w", "-I.", "-o", str(out / stem), f"{stem}.c", *extra]
        log("$ " + " ".join(cmd))
        subprocess.run(cmd, cwd=src, check=True)
    shutil.rmtree(root / "dlx", ignore_errors=True)  # files of older generators
    return out


# ---------------------------------------------------------------------------
# run
# ---------------------------------------------------------------------------


def program_for(text: str) -> str:
    """The solver a DLX file needs: ``ssmcc`` (multiplicities), ``ssxcc`` (colors) or ``ssxc1``."""
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("|")]
    if any("|" in name for name in lines[0].split() if name != "|"):
        return "ssmcc"
    if any(":" in word for line in lines[1:] for word in line.split()):
        return "ssxcc"
    return "ssxc1"


def dlx_file(name: str, cache: Path | None = None) -> Path:
    """``CACHE/knuth/dlx/NAME.dlx``, written when absent or when its generator now says otherwise."""
    path = Path(cache or cache_dir()).expanduser() / "knuth" / "dlx" / f"{name}.dlx"
    text = INSTANCES[name].make(bin_dir(cache))  # milliseconds: made again to notice a changed puzzle
    if not path.is_file() or path.read_text() != text:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return path


_ALTOGETHER = re.compile(r"Altogether (\d+) solutions?, [\d+]+ mems, (\d+) updates, \d+ bytes, (\d+) nodes")


def parse_altogether(line: str) -> tuple[int, int, int]:
    """``(solutions, updates, nodes)`` of Knuth's last line on stderr."""
    m = _ALTOGETHER.search(line)
    if m is None:
        raise RuntimeError(f"not Knuth's last line: {line!r}")
    sols, updates, nodes = map(int, m.groups())
    return sols, updates, nodes


def knuth_run(program: str, path: Path, cache: Path | None = None) -> tuple[dict, float]:
    """Knuth's ``program < path``, whole process timed: ``({solutions, nodes, updates}, seconds)``."""
    with open(path) as f:
        t0 = time.perf_counter()
        done = subprocess.run([str(bin_dir(cache) / program)], stdin=f, stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, text=True)
        seconds = time.perf_counter() - t0
    lines = done.stderr.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"{program} < {path} failed (exit {done.returncode}): {done.stderr[-500:]}")
    sols, updates, nodes = parse_altogether(lines[-1])
    return dict(solutions=sols, nodes=nodes, updates=updates), seconds


def ours_run(problem, algorithm: str = "cells") -> tuple[dict, float]:
    """``problem.count(algorithm=...)``, the call timed: ``({solutions, nodes, updates}, seconds)``."""
    from dlxnumba import last_stats

    t0 = time.perf_counter()
    n = problem.count(algorithm=algorithm)
    seconds = time.perf_counter() - t0
    s = last_stats()
    return dict(solutions=int(n), nodes=int(s.nodes), updates=int(s.updates)), seconds


def warm(problem) -> None:
    """Compile (or load) the kernels this problem needs, untimed: a search of a few nodes."""
    from dlxnumba import LimitReached

    for algorithm in ("cells", "links"):
        try:
            problem.count(algorithm=algorithm, max_nodes=3)
        except LimitReached:
            pass


def load(name: str, cache: Path | None = None):
    """``(problem, program, path)`` of an instance."""
    from dlxnumba import ExactCover

    path = dlx_file(name, cache)
    text = path.read_text()
    return ExactCover.from_dlx(text), program_for(text), path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="tangle and compile Knuth's programs")
    b.add_argument("--cwebtest", type=Path, default=os.environ.get("KNUTH_CWEBTEST"),
                   help="ascherer/cwebtest: a checkout or a git directory (default: $KNUTH_CWEBTEST)")
    b.add_argument("--sgb", type=Path, default=os.environ.get("KNUTH_SGB"),
                   help="ascherer/sgb (for gb_flip.w): a checkout or a git directory (default: $KNUTH_SGB)")
    b.add_argument("--cache", type=Path, default=None)
    r = sub.add_parser("run", help="time both sides, check the counters, print a table")
    r.add_argument("--only", nargs="*", default=None, choices=sorted(INSTANCES), metavar="NAME")
    r.add_argument("--rounds", type=int, default=3)
    r.add_argument("--links", action="store_true", help="also algorithm='links'")
    r.add_argument("--cache", type=Path, default=None)
    args = ap.parse_args(argv)
    if args.command == "build":
        if args.cwebtest is None or args.sgb is None:
            ap.error("build: give --cwebtest and --sgb (or set KNUTH_CWEBTEST and KNUTH_SGB)")
        out = build(args.cwebtest, args.sgb, args.cache)
        print(f"built into {out}")
        return 0
    if not built(args.cache):
        print(f"Knuth's programs are not built in {bin_dir(args.cache)}: "
              "python bench/cells_vs_knuth.py build", file=sys.stderr)
        return 2
    return run(args.only or list(INSTANCES), args.rounds, args.links, args.cache)


def run(names: list[str], rounds: int, links: bool, cache: Path | None = None) -> int:
    from dlxnumba import last_stats

    head = "| instance | program | solutions | nodes | updates | Knuth s | ours s | Knuth/ours |"
    rule = "|---|---|---:|---:|---:|---:|---:|---:|"
    if links:
        head += " links s | cells/links |"
        rule += "---:|---:|"
    print(head + " auto |")
    print(rule + "---|", flush=True)
    ok = True
    for name in names:
        problem, program, path = load(name, cache)
        warm(problem)
        times: dict[str, list[float]] = {"knuth": [], "cells": [], "links": []}
        for _ in range(rounds):
            ours, t = ours_run(problem, "cells")
            times["cells"].append(t)
            theirs, t = knuth_run(program, path, cache)
            times["knuth"].append(t)
            if ours != theirs:
                print(f"MISMATCH {name}: {program} {theirs}, dlxnumba cells {ours}", file=sys.stderr)
                ok = False
            if links:
                by_links, t = ours_run(problem, "links")
                times["links"].append(t)
                if by_links["solutions"] != ours["solutions"]:
                    print(f"MISMATCH {name}: links counts {by_links['solutions']}, cells {ours['solutions']}",
                          file=sys.stderr)
                    ok = False
        problem.count(algorithm="auto")  # untimed: which one it picks
        auto = last_stats().algorithm
        med = {k: statistics.median(v) for k, v in times.items() if v}
        row = (f"| {name} | {program} | {ours['solutions']:,} | {ours['nodes']:,} | {ours['updates']:,} | "
               f"{med['knuth']:.3f} | {med['cells']:.3f} | {med['knuth'] / med['cells']:.2f} |")
        if links:
            row += f" {med['links']:.3f} | {med['cells'] / med['links']:.2f} |"
        print(row + f" {auto} |", flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    raise SystemExit(main())
