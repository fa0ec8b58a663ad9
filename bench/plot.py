"""Bar chart of Sudoku puzzles per second, per set and mode, from a pytest-benchmark JSON file.

``python bench/plot.py [bench/results/latest.json] [-o bench/results/puzzles_per_second.png] [--stat median]``

Grouped bars on a log scale: one group per puzzle set, one bar per mode (the DLX
modes, the naive baseline, the peers).  A hatched bar is an upper bound (some
puzzles used up the naive solver's budget).  Needs matplotlib (the ``plot`` extra:
``pip install -e ".[plot]"``), imported only when plotting.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from report import HERE, MODES, _index, _sets, load

COLORS = {
    "single": "#9ecae1", "batch": "#3182bd", "links": "#fd8d3c", "parallel": "#08519c", "unique": "#6baed6",
    "naive": "#bdbdbd", "peer:exact_cover": "#fd8d3c", "peer:xcover": "#e6550d",
}


def plot(path, output, stat: str = "median") -> Path:
    """Write the chart for the JSON file at ``path`` to ``output``; returns its path."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    meta, rows = load(path, stat)
    idx = _index(rows)
    sets = _sets(rows)
    modes = [m for m in list(MODES) + sorted({m for (_, m) in idx} - set(MODES))
             if any((s, m) in idx for s in sets)]
    if not sets or not modes:
        raise SystemExit(f"{path}: no Sudoku set benchmarks to plot")
    width = 0.8 / len(modes)
    fig, ax = plt.subplots(figsize=(max(6.0, 2.5 + 0.4 * len(sets) * len(modes)), 4.8))
    for k, m in enumerate(modes):
        xs, ys, bounds = [], [], []
        for i, s in enumerate(sets):
            r = idx.get((s, m))
            if r is None or not r.get("puzzles_per_second"):
                continue
            xs.append(i - 0.4 + width * (k + 0.5))
            ys.append(r["puzzles_per_second"])
            bounds.append(bool(r.get("lower_bound")))
        bars = ax.bar(xs, ys, width, label=m, color=COLORS.get(m), edgecolor="black", linewidth=0.4)
        for bar, y, bound in zip(bars, ys, bounds):
            if bound:
                bar.set_hatch("///")
            ax.annotate(("≤" if bound else "") + (f"{y:,.0f}" if y >= 10 else f"{y:.1f}"),
                        (bar.get_x() + bar.get_width() / 2, y), ha="center", va="bottom",
                        fontsize=6, rotation=90, xytext=(0, 2), textcoords="offset points")
    ax.set_yscale("log")
    ax.set_xticks(range(len(sets)))
    counts = {s: r["n_puzzles"] for (s, _), r in idx.items()}
    ax.set_xticklabels([f"{s}\n({counts[s]} puzzles)" for s in sets])
    ax.set_ylabel(f"puzzles per second ({stat}; log scale)")
    cpu = ((meta.get("machine_info") or {}).get("cpu") or {})
    ax.set_title(f"Sudoku puzzles per second — {cpu.get('brand_raw', '')}, {cpu.get('count', '?')} cores"
                 "\n(hatched: upper bound, some puzzles hit the naive budget)", fontsize=9)
    ax.grid(axis="y", which="major", alpha=0.3)
    ax.margins(y=0.15)
    ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.0, 1.0))
    fig.tight_layout()
    out = Path(output)
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=150)
    plt.close(fig)
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Plot puzzles/s per set and mode from a pytest-benchmark JSON file.")
    ap.add_argument("json", nargs="?", default=str(HERE / "results" / "latest.json"))
    ap.add_argument("-o", "--output", default=str(HERE / "results" / "puzzles_per_second.png"))
    ap.add_argument("--stat", default="median", choices=["median", "min", "mean"])
    args = ap.parse_args(argv)
    print(f"wrote {plot(args.json, args.output, args.stat)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
