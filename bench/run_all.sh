#!/usr/bin/env bash
# The full timed benchmark run, on a quiet machine:
#   pytest bench  ->  bench/results/latest.json  ->  bench/results/summary.md + puzzles_per_second.png
#
# Usage: bench/run_all.sh [more pytest arguments, e.g. --benchmark-autosave or -k top95]
# The interpreter is $PYTHON, else `python` on PATH (activate the project's venv first).
# Needs the bench extra; the peers and plot extras add the peer rows and the chart:
#   pip install -e ".[bench,peers,plot]"
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-$(command -v python || command -v python3)}"
mkdir -p bench/results

for mod in exact_cover xcover; do
    "$PY" -c "import $mod" 2>/dev/null || echo "note: $mod is not installed; its benchmarks will be skipped (pip install -e '.[peers]')"
done

start=$(date +%s)
"$PY" -m pytest bench \
    --benchmark-json=bench/results/latest.json \
    --benchmark-sort=name \
    --benchmark-columns=min,median,max,rounds,iterations \
    "$@"
echo "timed suite: $(( $(date +%s) - start )) s"

"$PY" bench/report.py bench/results/latest.json -o bench/results/summary.md
if "$PY" -c "import matplotlib" 2>/dev/null; then
    "$PY" bench/plot.py bench/results/latest.json -o bench/results/puzzles_per_second.png
else
    echo "note: matplotlib is not installed; no chart (pip install -e '.[plot]')"
fi
echo "paste bench/results/summary.md into bench/README.md with:"
echo "    $PY bench/report.py bench/results/latest.json --readme bench/README.md"
