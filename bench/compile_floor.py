#!/usr/bin/env python
"""The yardstick for the first run: what numba charges to compile a bare DLX1.

    python bench/compile_floor.py [--rounds K]

``bench/startup_table.py`` measures what each path of the package costs to
compile; this script measures, the same way, kernels that hold nothing but
Knuth's Algorithm X, so that those figures can be read against a floor:

* ``trivial``: a one-line kernel (``a[0] + 1``), numba's cost of compiling
  anything at all in a fresh process;
* ``bare``: DLX1 counting every solution in one function (spacer layout,
  the item of fewest options by a walk of the item list, cover and uncover
  written out where they are used): no pause or resume, no statistics, no
  limits, no givens, no second layout, no colors;
* ``split``: the same with ``cover`` and ``uncover`` as kernels of their own
  that the search calls (compiled once each, as the package does).

Each runs in a fresh process with an empty ``NUMBA_CACHE_DIR`` (*cold*) and
again with the filled cache (*warm*); *compiling* is cold minus warm, CPU
seconds of the child (user + system, from ``os.wait4``), median of the rounds
(the same measure as ``startup_table.py``).  Every child counts the solutions
of Knuth's example (7 items, 6 options: one solution) and of the 8 rooks (rows and
columns as items: 8! = 40,320 solutions), and fails if either count is wrong.
Standard library only in the parent.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile

#: cover and uncover of item ``c``, as DLX1 does them (spacer layout).
COVER = '''\
llink[rlink[c]] = llink[c]
rlink[llink[c]] = rlink[c]
rr = dlink[c]
while rr != c:
    nn = rr + 1
    while nn != rr:
        if top[nn] <= 0:
            nn = ulink[nn]
            continue
        ulink[dlink[nn]] = ulink[nn]
        dlink[ulink[nn]] = dlink[nn]
        length[top[nn]] -= 1
        nn += 1
    rr = dlink[rr]
'''
UNCOVER = '''\
rr = ulink[c]
while rr != c:
    nn = rr - 1
    while nn != rr:
        if top[nn] <= 0:
            nn = dlink[nn]
            continue
        ulink[dlink[nn]] = nn
        dlink[ulink[nn]] = nn
        length[top[nn]] += 1
        nn -= 1
    rr = ulink[rr]
llink[rlink[c]] = c
rlink[llink[c]] = c
'''

#: DLX1 counting every solution: an explicit stack of choices, the item of
#: fewest options by a walk of the item list; ``COVER(c)`` and ``UNCOVER(c)``
#: stand for the steps above, written out or called (:func:`search_source`).
SEARCH = '''\
@njit(**JIT)
def NAME(llink, rlink, top, ulink, dlink, length, choice):
    sols = 0
    level = 0
    best = 0
    oo = 0
    step = 0
    while True:
        if step == 0:  # enter a level
            if rlink[0] == 0:
                sols += 1
                step = 3
                continue
            p = rlink[0]
            best = p
            t = length[p]
            while p != 0:
                if length[p] < t:
                    t = length[p]
                    best = p
                p = rlink[p]
            c = best
            COVER(c)
            oo = dlink[best]
            choice[level] = oo
            step = 1
        elif step == 1:  # try option oo, or back up
            if oo == best:
                c = best
                UNCOVER(c)
                step = 3
                continue
            pp = oo + 1
            while pp != oo:
                c = np.int64(top[pp])  # as best: one signature for cover
                if c <= 0:
                    pp = ulink[pp]
                    continue
                COVER(c)
                pp += 1
            level += 1
            step = 0
        elif step == 3:  # leave the level, back to the option chosen above
            if level == 0:
                break
            level -= 1
            oo = choice[level]
            best = top[oo]
            step = 2
        else:  # undo option oo, try the next one
            pp = oo - 1
            while pp != oo:
                c = np.int64(top[pp])
                if c <= 0:
                    pp = dlink[pp]
                    continue
                UNCOVER(c)
                pp -= 1
            oo = dlink[oo]
            choice[level] = oo
            step = 1
    return sols
'''

ARGS = "c, llink, rlink, top, ulink, dlink, length"


def search_source(name: str, calls: bool) -> str:
    """The search as ``name``, its cover and uncover steps called (``calls``) or written out."""
    out = []
    for line in SEARCH.replace("NAME", name).splitlines():
        step = line.strip()
        if step in ("COVER(c)", "UNCOVER(c)"):
            indent = line[:len(line) - len(line.lstrip())]
            if calls:
                out.append(f"{indent}{step[:-3].lower()}({ARGS})")
            else:
                body = COVER if step == "COVER(c)" else UNCOVER
                out.extend(indent + b for b in body.splitlines())
        else:
            out.append(line)
    return "\n".join(out) + "\n"


def indented(body: str) -> str:
    return "".join("    " + line + "\n" for line in body.splitlines())


HEAD = '''\
import sys
import numpy as np
from numba import njit

JIT = dict(cache=True, nogil=True, error_model="numpy", no_cfunc_wrapper=True, _nrt=False)
INNER = dict(JIT, no_cpython_wrapper=True)


@njit(**JIT)
def trivial(a):
    return a[0] + 1


'''

#: The child's kernels: trivial, bare (cover and uncover written out), split
#: (cover and uncover kernels of their own, called).
KERNELS = (HEAD + search_source("bare", calls=False) + "\n\n"
           + f"@njit(**INNER)\ndef cover({ARGS}):\n" + indented(COVER) + "\n\n"
           + f"@njit(**INNER)\ndef uncover({ARGS}):\n" + indented(UNCOVER) + "\n\n"
           + search_source("split", calls=True) + "\n\n" + r'''
def links(n_items, options):
    """DLX1's arrays (all primary items, spacers between options)."""
    size = n_items + 1 + sum(len(o) + 1 for o in options) + 1
    llink = np.zeros(n_items + 1, np.int32)
    rlink = np.zeros(n_items + 1, np.int32)
    top = np.zeros(size, np.int32)
    ulink = np.zeros(size, np.int32)
    dlink = np.zeros(size, np.int32)
    length = np.zeros(n_items + 1, np.int32)
    for i in range(n_items + 1):
        llink[i] = i - 1 if i else n_items
        rlink[i] = i + 1 if i < n_items else 0
        ulink[i] = dlink[i] = i
    x = n_items + 1
    top[x] = 0  # the first spacer
    last_spacer = x
    for o in options:
        for k, item in enumerate(o):
            x += 1
            top[x] = item
            ulink[x] = ulink[item]
            dlink[x] = item
            dlink[ulink[item]] = x
            ulink[item] = x
            length[item] += 1
        x += 1
        top[x] = -len(options)  # a spacer: top <= 0
        ulink[x] = last_spacer + 1
        dlink[last_spacer] = x - 1
        last_spacer = x
    return llink, rlink, top, ulink, dlink, length, np.zeros(n_items + 1, np.int32)


KNUTH = (7, [(3, 5), (1, 4, 7), (2, 3, 6), (1, 4, 6), (2, 7), (4, 5, 7)])
ROOKS = (16, [(r + 1, 8 + c + 1) for r in range(8) for c in range(8)])


def check(kernel):
    if kernel is trivial:
        return trivial(np.ones(1, np.int32)) == 2
    return kernel(*links(*KNUTH)) == 1 and kernel(*links(*ROOKS)) == 40320
''')

CHILD = KERNELS + '''
ok = check({name})
sys.exit(0 if ok else 1)
'''

NAMES = ("trivial", "bare", "split")


def run_child(path: str, cache: str) -> float:
    """CPU seconds of a fresh process that runs the kernels' file ``path``."""
    p = subprocess.Popen([sys.executable, path], env={**os.environ, "NUMBA_CACHE_DIR": cache},
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(p.pid, 0)
    err = p.stderr.read().decode() if p.stderr else ""
    if os.waitstatus_to_exitcode(status) != 0:
        raise RuntimeError(f"{path}: the child failed or counted wrong:\n{err[-3000:]}")
    return usage.ru_utime + usage.ru_stime


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rounds", type=int, default=3, help="cold/warm pairs per kernel (median kept)")
    args = ap.parse_args(argv)
    print(f"{'kernel':10} {'cold':>8} {'warm':>8} {'compiling':>10}   (CPU s, median of {args.rounds})", flush=True)
    for name in NAMES:
        colds, warms = [], []
        for _ in range(args.rounds):
            # numba caches by the file and its time stamp: one file for a cold and a warm run
            with tempfile.TemporaryDirectory(prefix="compile-floor-") as tmp:
                path = os.path.join(tmp, "floor_kernels.py")
                with open(path, "w") as f:
                    f.write(CHILD.format(name=name))
                cache = os.path.join(tmp, "cache")
                colds.append(run_child(path, cache))
                warms.append(run_child(path, cache))
        cold, warm = statistics.median(colds), statistics.median(warms)
        comp = statistics.median(c - w for c, w in zip(colds, warms))
        print(f"{name:10} {cold:8.2f} {warm:8.2f} {comp:10.2f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
