"""Turn a pytest-benchmark JSON file into bench/results/summary.md.

``python bench/report.py [bench/results/latest.json] [-o bench/results/summary.md] [--stat median]``

Every rate is derived from one statistic of the rounds (``--stat``, the median by
default; ``min`` is the other sensible choice) and the counts each benchmark
recorded in ``extra_info`` (see ``benchutil.py``).  Tables:

* Sudoku puzzles per second, per set and mode (DLX modes, the naive baseline, peers);
* ratios of the modes: single vs batch vs parallel, and the cost of proving uniqueness;
* DLX against naive backtracking, the seed paper's table, with lower-bound flags;
* dlxnumba against the peer packages on Sudoku and on generic problems, each
  solver's library call alone and end to end (best and median rounds);
* the engine: counts with nodes, updates and updates per second, big empty grids;
* start-up (cold and warm numba cache) and memory.

Only the standard library is needed.

Examples
--------
>>> fmt_rate(123456.7), fmt_rate(12.34), fmt_rate(None)
('123,457', '12.3', '—')
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from pathlib import Path

from compare_naive import SEED_RATIOS, format_table

HERE = Path(__file__).resolve().parent
SET_ORDER = ["easy50", "top95", "hardest"]
#: Sudoku modes in table order, with their labels.
MODES = {
    "batch": "batch: `solve_many(array, threads=1)`, the bits (call)",
    "links": "links: `solve_many(array, threads=1, algorithm=\"links\")` (call)",
    "parallel": "parallel: `solve_many(array, threads=2)` (call)",
    "unique": "unique: `solve_many(array, threads=1, limit=2)` (call)",
    "strings": "strings: `solve_many(strings, threads=1)` (end to end)",
    "single": "single: `Sudoku(text).solve()` each (end to end)",
    "naive": "naive backtracking, numba (call)",
    "peer:xcover": "peer: xcover, numba (end to end)",
    "peer:miniexact": "peer: miniexact, C (end to end)",
    "peer:exact_cover": "peer: exact_cover, C (end to end)",
}
#: Peers in table order, with their language.
PEERS = {"xcover": "numba", "miniexact": "C", "exact_cover": "C"}
DASH = "—"


def fmt_rate(x) -> str:
    """A rate with thousands separators (one decimal below 100)."""
    if x is None:
        return DASH
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}"


def fmt_time(s) -> str:
    """Seconds in a readable unit."""
    if s is None:
        return DASH
    if s >= 1:
        return f"{s:.2f} s"
    if s >= 1e-3:
        return f"{s * 1e3:.2f} ms"
    return f"{s * 1e6:.0f} µs"


def fmt_bytes(b) -> str:
    if b is None:
        return DASH
    for unit, size in (("MiB", 2**20), ("KiB", 2**10)):
        if b >= size:
            return f"{b / size:,.1f} {unit}"
    return f"{b} B"


_STAT = {"median": statistics.median, "min": min, "mean": statistics.fmean}


def _key(info):
    """What a benchmark measures, the same in every pass of a comparison."""
    if info.get("kind") == "sudoku":
        return ("sudoku", info.get("set"), info.get("mode"))
    if info.get("kind") == "generic":
        return ("generic", info.get("problem"), info.get("solver"))
    return None


def _merge(parts: list[dict]) -> dict:
    """One row from the passes of one comparison: their rounds pooled."""
    info = dict(parts[0])
    info["round_seconds"] = [x for p in parts for x in p.get("round_seconds", [])]
    calls = [x for p in parts for x in p.get("call_round_seconds", [])]
    if calls:
        info["call_round_seconds"] = calls
    info["verified"] = all(p.get("verified") for p in parts)
    info["passes"] = len(parts)
    return info


def load(path, stat: str = "median") -> tuple[dict, list[dict]]:
    """(machine and run info, benchmarks) with ``seconds`` set from ``stat``.

    A comparison run in passes (``extra_info["pass"]``) gives one row per
    solver, its rounds pooled over the passes.
    """
    data = json.loads(Path(path).read_text())
    rows, passes = [], {}
    for b in data.get("benchmarks", []):
        info = dict(b.get("extra_info", {}))
        info["name"] = b.get("name")
        info["group"] = b.get("group")
        stats = b.get("stats") or {}
        if not info.get("round_seconds") and stats.get("data"):
            info["round_seconds"] = stats["data"]
        if not info.get("round_seconds"):  # summary statistics only
            info["_stats"] = stats
        key = _key(info) if "pass" in info else None
        if key is None:
            rows.append(info)
        elif key in passes:
            passes[key].append(info)
        else:
            passes[key] = [info]
            rows.append(key)  # keep the place of the first pass
    rows = [_merge(passes[r]) if isinstance(r, tuple) else r for r in rows]
    for info in rows:
        rounds = info.get("round_seconds")
        if rounds:
            seconds = _STAT[stat](rounds)
            info["median_seconds"] = statistics.median(rounds)
            info["best_seconds"] = min(rounds)
            info["rounds"] = len(rounds)
        else:
            st = info.pop("_stats", {})
            seconds = st.get(stat, info.get("seconds"))
            info["median_seconds"] = st.get("median", seconds)
            info["best_seconds"] = st.get("min", seconds)
            info["rounds"] = st.get("rounds")
        info["seconds"] = seconds
        calls = info.get("call_round_seconds")
        if calls:
            info["call_median"] = statistics.median(calls)
            info["call_best"] = min(calls)
            info["call_seconds"] = _STAT[stat](calls)
        if seconds:
            if info.get("kind") in ("sudoku", "engine") and info.get("n_puzzles"):
                info["puzzles_per_second"] = info["n_puzzles"] / seconds
            if info.get("kind") in ("sudoku", "engine") and info.get("updates"):
                info["updates_per_second"] = info["updates"] / seconds
    meta = {k: data.get(k) for k in ("machine_info", "commit_info", "datetime", "version")}
    return meta, rows


def _sets(rows) -> list[str]:
    present = {r["set"] for r in rows if r.get("kind") == "sudoku" and "set" in r}
    return [s for s in SET_ORDER if s in present] + sorted(present - set(SET_ORDER))


def _index(rows) -> dict:
    return {(r["set"], r["mode"]): r for r in rows if r.get("kind") == "sudoku" and "mode" in r}


def section_machine(meta, rows, stat) -> list[str]:
    mi = meta.get("machine_info") or {}
    cpu = mi.get("cpu") or {}
    ci = meta.get("commit_info") or {}
    lines = ["## Machine and run", ""]
    lines.append(f"* CPU: {cpu.get('brand_raw', '?')}, {cpu.get('count', mi.get('cpu_count', '?'))} logical cores"
                 + (f", {mi['memory_gib']} GiB" if "memory_gib" in mi else ""))
    lines.append(f"* {mi.get('platform', mi.get('system', '?'))}; Python {mi.get('python_version', '?')}, "
                 f"numba {mi.get('numba', '?')} ({mi.get('numba_threads', '?')} threads), "
                 f"numpy {mi.get('numpy', '?')}, dlxnumba {mi.get('dlxnumba', '?')}")
    if ci:
        lines.append(f"* commit {str(ci.get('id', '?'))[:10]}{' (dirty)' if ci.get('dirty') else ''}, "
                     f"run {meta.get('datetime', '?')}, pytest-benchmark {meta.get('version', '?')}")
    unverified = [r["name"] for r in rows if not r.get("verified")
                  and r.get("kind") in ("sudoku", "engine", "startup")]
    lines.append(f"* rates from the **{stat}** of each benchmark's rounds; "
                 + ("every answer verified" if not unverified else f"NOT VERIFIED: {', '.join(unverified)}"))
    return lines + [""]


def section_sudoku(rows) -> list[str]:
    idx = _index(rows)
    sets = _sets(rows)
    if not sets:
        return []
    head = "| mode | " + " | ".join(sets) + " |"
    lines = ["## Sudoku: puzzles per second", "",
             "Whole sets per timed call; higher is better. `<=` marks an upper bound: some puzzles "
             "used up the naive solver's budget, so it would need longer.", "", head,
             "|---|" + "---:|" * len(sets)]
    modes = list(MODES) + sorted({m for (_, m) in idx} - set(MODES))

    def rate_rows(seconds_of) -> list[str]:
        out = []
        for m in modes:
            if not any((s, m) in idx for s in sets):
                continue
            cells = []
            for s in sets:
                r = idx.get((s, m))
                sec = r and seconds_of(r)
                txt = fmt_rate(r["n_puzzles"] / sec) if sec and r.get("n_puzzles") else DASH
                cells.append(("<= " + txt) if r and r.get("lower_bound") and txt != DASH else txt)
            out.append(f"| {MODES.get(m, m)} | " + " | ".join(cells) + " |")
        return out

    lines += rate_rows(lambda r: r.get("seconds"))
    lines += ["", "The best round of each benchmark (the machine is shared and noisy: medians carry "
              "other tenants' load, the best round shows what the code does on a quiet core):", "",
              head, "|---|" + "---:|" * len(sets)]
    lines += rate_rows(lambda r: r.get("best_seconds"))
    lines += ["", "Time per set (" + ", ".join(f"{s}: {idx[(s, 'batch')]['n_puzzles']} puzzles"
                                                 for s in sets if (s, "batch") in idx) + "):", "",
              head, "|---|" + "---:|" * len(sets)]
    for m in modes:
        if not any((s, m) in idx for s in sets):
            continue
        cells = [fmt_time(idx[(s, m)]["seconds"]) if (s, m) in idx else DASH for s in sets]
        timed = {idx[(s, m)].get("timed") for s in sets if (s, m) in idx} - {None}
        label = m + (f" ({'end to end' if timed == {'e2e'} else ', '.join(sorted(timed))})" if timed else "")
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    return lines + [""]


def _ratio(idx, s, num, den):
    a, b = idx.get((s, num)), idx.get((s, den))
    if a is None or b is None or not b["seconds"]:
        return DASH
    return f"{a['seconds'] / b['seconds']:.2f}"


def section_ratios(rows) -> list[str]:
    idx = _index(rows)
    sets = _sets(rows)
    if not sets:
        return []
    lines = ["## Sudoku: the modes compared", "",
             "Time ratios (above 1: the first is slower).", "",
             "| set | single / batch | batch / parallel | unique / batch | DLX nodes per puzzle | updates per puzzle |",
             "|---|---:|---:|---:|---:|---:|"]
    for s in sets:
        b = idx.get((s, "batch"))
        npz = b["n_puzzles"] if b else None
        nodes = f"{b['nodes'] / npz:,.0f}" if b and b.get("nodes") is not None else DASH
        upd = f"{b['updates'] / npz:,.0f}" if b and b.get("updates") is not None else DASH
        lines.append(f"| {s} | {_ratio(idx, s, 'single', 'batch')} | {_ratio(idx, s, 'batch', 'parallel')} | "
                     f"{_ratio(idx, s, 'unique', 'batch')} | {nodes} | {upd} |")
    return lines + [""]


def section_naive(rows) -> list[str]:
    idx = _index(rows)
    table = []
    for s in _sets(rows):
        b, n = idx.get((s, "batch")), idx.get((s, "naive"))
        if b is None or n is None:
            continue
        table.append(dict(set=s, n_puzzles=b["n_puzzles"], dlx_seconds=b["seconds"], naive_seconds=n["seconds"],
                          budget=n.get("budget", 0), budget_hit=n.get("budget_hit", 0)))
    if not table:
        return []
    return ["## DLX against naive backtracking (the seed paper's table)", "",
            "Both compiled with numba, one thread. The naive solver fills the first empty cell "
            "with digits 1..9 in order, checking by scanning (`bench/naive.py`); its budget counts "
            "tried placements per puzzle. The seed paper's ratios are for its own C++ programs "
            f"({', '.join(f'{k} {v}' for k, v in SEED_RATIOS.items())}).", "",
            format_table(table), ""]


def _pair(n, best, median) -> str:
    """``n / best`` and ``n / median`` as "best / median" rates."""
    if not best or not median:
        return DASH
    return f"{fmt_rate(n / best)} / {fmt_rate(n / median)}"


#: Rows of the Sudoku peer table: label, (set, mode) and field of the call-alone
#: figure, (mode, field) of the end-to-end figure.  Fields: "stats" = the
#: benchmark's own rounds, "call" = the call's share timed inside them.
_SUDOKU_ROWS = [
    ("dlxnumba `solve_many(threads=1)`", ("batch", "stats"), ("strings", "stats")),
    ("dlxnumba `Sudoku(text).solve()` each", ("single", "call"), ("single", "stats")),
    ("dlxnumba `solve_many(threads=2)`", ("parallel", "stats"), None),
] + [(f"{p} ({lang})", (f"peer:{p}", "call"), (f"peer:{p}", "stats")) for p, lang in PEERS.items()]


def _view(r, field):
    """(best, median) seconds of one view of benchmark ``r``."""
    if r is None:
        return None, None
    if field == "call":
        return r.get("call_best"), r.get("call_median")
    return r.get("best_seconds"), r.get("median_seconds", r.get("seconds"))


def _versions(rows) -> list[str]:
    got = {}
    for r in rows:
        name = r.get("solver") or (r.get("mode", "")[5:] if r.get("mode", "").startswith("peer:") else None)
        if name in PEERS and r.get("peer_version"):
            got[name] = r["peer_version"]
    if not got:
        return []
    return ["Peers: " + ", ".join(f"{p} {got[p]}" for p in PEERS if p in got)
            + " (`bench/peers.py` says which documented call each one gets).", ""]


def section_peers(rows) -> list[str]:
    idx = _index(rows)
    sets = _sets(rows)
    have = {m for (_, m) in idx if m.startswith("peer:")}
    lines = ["## dlxnumba against other packages: Sudoku", ""]
    lines += _versions(rows)
    if not have:
        lines += ["No peer results (install the `peers` extra).", ""]
    sets = [s for s in sets if any((s, m) in idx for m in have)] or sets
    lines += ["Puzzles per second, **best round / median round**, every solver in the same run, interleaved pass by pass. *Call*: the library "
              "call alone, its input already in the library's own format (dlxnumba: the (n, 81) array, or a "
              "`Sudoku` object; a peer: the problem the givens leave, in the peer's format), building "
              "excluded. *End to end*: from the puzzle strings to the solution grids (parsing, building, "
              "the call, decoding). Answers are verified outside the timing. A peer's call and end-to-end "
              "figures come from the same rounds (the calls are timed inside each round), so do those of "
              "`Sudoku(text).solve()`.", "",
              "| solver | " + " | ".join(f"{s}: call | {s}: end to end" for s in sets) + " |",
              "|---|" + "---:|" * (2 * len(sets))]
    for label, call, e2e in _SUDOKU_ROWS:
        if not any((s, call[0]) in idx for s in sets):
            continue
        cells = []
        for s in sets:
            for view in (call, e2e):
                r = idx.get((s, view[0])) if view else None
                cells.append(_pair(r["n_puzzles"], *_view(r, view[1])) if r else DASH)
        lines.append(f"| {label} | " + " | ".join(cells) + " |")
    lines.append("")
    peers = [p for p in PEERS if f"peer:{p}" in have]
    if peers:
        lines += ["How many times faster dlxnumba is (peer's time / dlxnumba's time; best rounds, medians "
                  "in brackets). *Call*: one-thread `solve_many` on the array against the peer's calls; "
                  "*end to end*: `Sudoku(text).solve()` per string against the peer from the string.", "",
                  "| set | " + " | ".join(f"{p}: call | {p}: end to end" for p in peers) + " |",
                  "|---|" + "---:|" * (2 * len(peers))]
        for s in sets:
            cells = []
            for p in peers:
                r = idx.get((s, f"peer:{p}"))
                for ours, theirs in ((("batch", "stats"), "call"), (("single", "stats"), "stats")):
                    o = idx.get((s, ours[0]))
                    ob, om = _view(o, ours[1])
                    pb, pm = _view(r, theirs)
                    cells.append(f"{pb / ob:,.1f} ({pm / om:,.1f})" if ob and om and pb and pm else DASH)
            lines.append(f"| {s} | " + " | ".join(cells) + " |")
        lines.append("")
    return lines


def section_generic(rows) -> list[str]:
    gen = [r for r in rows if r.get("kind") == "generic"]
    if not gen:
        return []
    order = ["dlxnumba", *PEERS]
    lines = ["## dlxnumba against other packages: generic problems", "",
             "Every solution counted, the same options for every solver (the arrays "
             "`dlxnumba.encodings` builds); each count checked against its known value and each solver's "
             "first solution with an independent checker. *Call*: the count alone, on input already in the "
             "solver's own format (dlxnumba: an `ExactCover`, its links built by the call); *end to end*: "
             "from the option arrays to the count (building the solver's input, then counting). Both from "
             "the same rounds; seconds, **best round / median round**.", "",
             "| problem | solver | solutions | call | end to end | solutions/s (call, best) | rounds |",
             "|---|---|---:|---:|---:|---:|---:|"]
    problems = list(dict.fromkeys(r["problem"] for r in gen))
    for prob in problems:
        for r in sorted((r for r in gen if r["problem"] == prob),
                        key=lambda r: order.index(r["solver"]) if r["solver"] in order else 99):
            cb, cm = r.get("call_best"), r.get("call_median")
            eb, em = r.get("best_seconds"), r.get("median_seconds", r.get("seconds"))
            label = r["solver"] + (f" ({PEERS[r['solver']]})" if r["solver"] in PEERS else "")
            lines.append(f"| {prob} | {label} | {r['count']:,} | {fmt_time(cb)} / {fmt_time(cm)} | "
                         f"{fmt_time(eb)} / {fmt_time(em)} | {fmt_rate(r['count'] / cb) if cb else DASH} | "
                         f"{r.get('rounds', DASH)} |")
    return lines + [""]


def section_engine(rows) -> list[str]:
    eng = [r for r in rows if r.get("kind") == "engine"]
    if not eng:
        return []
    lines = ["## The exact-cover engine", "",
             "`ExactCover.count()` of known counts (the library call alone, on a built `ExactCover`) and "
             "the first solution of empty grids (`Sudoku(text).solve()`, end to end); updates per second = "
             "DLX updates / time.", "",
             "| problem | solutions | nodes | updates | time | updates/s |", "|---|---:|---:|---:|---:|---:|"]
    for r in eng:
        ups = r.get("updates_per_second")
        lines.append(f"| {r['problem']} | {r.get('count', 1):,} | {r['nodes']:,} | {r['updates']:,} | "
                     f"{fmt_time(r['seconds'])} | {f'{ups / 1e6:.1f} M' if ups else DASH} |")
    return lines + [""]


def section_startup(rows) -> list[str]:
    st = [r for r in rows if r.get("kind") == "startup"]
    if not st:
        return []
    lines = ["## Start-up: a fresh process to the first solution", "",
             "`cold`: empty numba cache (`NUMBA_CACHE_DIR` a new temporary directory), so everything "
             "the first solution needs is compiled; `warm`: the same cache again. *Process* is the wall "
             "time of the whole `python -c` child (interpreter, imports, first solution); *in process* "
             "is measured by the child from before `import dlxnumba` to the first solution. One run each.",
             "", "| first solution of | cold: process | cold: in process | warm: process | warm: in process |",
             "|---|---:|---:|---:|---:|"]
    labels = {"sudoku": "a Sudoku (`Sudoku(text).solve()`)", "exact_cover": "8 queens (`ExactCover.solve()`)"}
    for r in st:
        lines.append(f"| {labels.get(r['problem'], r['problem'])} | {fmt_time(r['cold_wall_seconds'])} | "
                     f"{fmt_time(r['cold_import_to_solution_seconds'])} | {fmt_time(r['warm_wall_seconds'])} | "
                     f"{fmt_time(r['warm_import_to_solution_seconds'])} |")
    return lines + [""]


def section_memory(rows) -> list[str]:
    mem = [r for r in rows if r.get("kind") == "memory"]
    if not mem:
        return []
    lines = ["## Memory", ""]
    rss = [r for r in mem if "peak_rss_mib" in r]
    if rss:
        labels = {"python": "`python -c pass` (for reference)", "import": "`python -c 'import dlxnumba'`",
                  "solve_many-top95": "`solve_many(read_puzzles('puzzles/top95.txt'))`",
                  "cli-top95": "`python -m dlxnumba solve puzzles/top95.txt`"}
        lines += ["Peak resident set size of a fresh process (warm numba cache):", "",
                  "| process | peak RSS |", "|---|---:|"]
        lines += [f"| {labels.get(r['problem'], r['problem'])} | {r['peak_rss_mib']:.1f} MiB |" for r in rss]
        lines.append("")
    state = [r for r in mem if "state_bytes_per_thread" in r]
    if state:
        lines += ["Solver state of `solve_many`: private per thread, plus the read-only template "
                  "of the empty grid that all threads share:", "",
                  "| grid | per thread | shared template |", "|---|---:|---:|"]
        lines += [f"| {r['problem'][6:]} | {fmt_bytes(r['state_bytes_per_thread'])} | "
                  f"{fmt_bytes(r['shared_template_bytes'])} |" for r in state]
        lines.append("")
    return lines


def summary(path, stat: str = "median") -> str:
    """The whole summary.md text for the JSON file at ``path``."""
    meta, rows = load(path, stat)
    lines = ["# Benchmark results", "", f"Generated by `bench/report.py` from `{Path(path).name}`.", ""]
    for section in (section_machine(meta, rows, stat), section_sudoku(rows), section_ratios(rows),
                    section_naive(rows), section_peers(rows), section_generic(rows), section_engine(rows),
                    section_startup(rows), section_memory(rows)):
        lines += section
    return "\n".join(lines).rstrip() + "\n"


BEGIN = "<!-- RESULTS: begin (written by bench/report.py --readme; do not edit by hand) -->"
END = "<!-- RESULTS: end -->"


def paste_into(readme, text: str) -> None:
    """Replace what lies between the RESULTS markers of ``readme`` with ``text``.

    The summary's headings move one level down, under the README's own.
    """
    path = Path(readme)
    doc = path.read_text()
    if BEGIN not in doc or END not in doc:
        raise SystemExit(f"{readme}: no RESULTS markers ({BEGIN!r} ... {END!r})")
    body = "\n".join(("#" + ln) if ln.startswith("#") else ln for ln in text.splitlines()
                     if not ln.startswith("# "))
    head, rest = doc.split(BEGIN, 1)
    _, tail = rest.split(END, 1)
    path.write_text(head + BEGIN + "\n" + body.strip() + "\n" + END + tail)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Write summary.md from a pytest-benchmark JSON file.")
    ap.add_argument("json", nargs="?", default=str(HERE / "results" / "latest.json"))
    ap.add_argument("-o", "--output", default=str(HERE / "results" / "summary.md"),
                    help="markdown file to write ('-' for stdout)")
    ap.add_argument("--stat", default="median", choices=["median", "min", "mean"])
    ap.add_argument("--readme", help="also paste the tables between the RESULTS markers of this file")
    args = ap.parse_args(argv)
    text = summary(args.json, args.stat)
    if args.readme:
        paste_into(args.readme, text)
        print(f"updated {args.readme}", file=sys.stderr)
    if args.output == "-":
        sys.stdout.write(text)
    else:
        Path(args.output).parent.mkdir(parents=True, exist_ok=True)
        Path(args.output).write_text(text)
        print(f"wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
