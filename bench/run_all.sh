#!/usr/bin/env bash
# Regenerate every benchmark table in one run:
#   pytest bench  ->  bench/results/latest.json  ->  bench/results/summary.md (+ the chart)
#                 ->  the Results section of bench/README.md
# dlxnumba and the peers are measured in this one run, set by set and problem by
# problem, one right after the other (see bench/README.md, "What is measured").
#
# Usage: bench/run_all.sh [more pytest arguments, e.g. --benchmark-autosave or -k top95]
# With extra arguments (a partial run) bench/README.md is left alone; paste by hand:
#   python bench/report.py bench/results/latest.json --readme bench/README.md
# The interpreter is $PYTHON, else `python` on PATH (activate the project's venv first).
# Needs the bench extra; the peers and plot extras add the peer rows and the chart:
#   pip install -e ".[bench,peers,plot]"
set -euo pipefail
cd "$(dirname "$0")/.."
PY="${PYTHON:-$(command -v python || command -v python3)}"
mkdir -p bench/results

for mod in xcover miniexact exact_cover; do
    "$PY" -c "import $mod" 2>/dev/null || echo "note: $mod is not installed; its benchmarks will be skipped (pip install -e '.[peers]')"
done

start=$(date +%s)
"$PY" -m pytest bench \
    --benchmark-json=bench/results/latest.json \
    --benchmark-sort=name \
    --benchmark-columns=min,median,max,rounds,iterations \
    "$@"
echo "timed suite: $(( $(date +%s) - start )) s"
# the same JSON without indentation (every round of every benchmark is in it)
"$PY" -c 'import json, sys; p = sys.argv[1]; d = json.load(open(p)); json.dump(d, open(p, "w"), separators=(",", ":"))' \
    bench/results/latest.json

"$PY" bench/report.py bench/results/latest.json -o bench/results/summary.md
if "$PY" -c "import matplotlib" 2>/dev/null; then
    "$PY" bench/plot.py bench/results/latest.json -o bench/results/puzzles_per_second.png
else
    echo "note: matplotlib is not installed; no chart (pip install -e '.[plot]')"
fi
if [ "$#" -eq 0 ]; then
    "$PY" bench/report.py bench/results/latest.json -o /dev/null --readme bench/README.md
else
    echo "partial run: bench/README.md not updated; paste the tables with:"
    echo "    $PY bench/report.py bench/results/latest.json --readme bench/README.md"
fi
