"""Killer Sudoku (:mod:`dlxnumba.sudoku.killer`): counting published 9x9 killers.

Each benchmark counts the solutions of one published puzzle (no givens, cages
only) with its cages in one encoding -- ``mixed`` (the default: colored
assignments for cages of one or two cells with a single digit pair, digit sets
for the others), ``sets`` (every cage as digit sets, no colors) or ``colors``
(every cage as colored assignments, under a node budget: it is the slow one) --
and records nodes and updates; the solution is checked against the published
one and by an independent checker of rows, columns, boxes and cages.
``python bench/killer_forms.py`` prints the same figures as a table.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from benchutil import record, run
from dlxnumba import last_stats
from dlxnumba import Sudoku
from dlxnumba.errors import LimitReached
from dlxnumba.sudoku import killer, variants

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from reference import killer_ok  # noqa: E402

# The two published killers of tests/sudoku/test_killer.py (sources cited there), copied:
# importing that test module from here would load it twice in one pytest session.
UK_2022 = ("AABBCDDEE AAFGCHIEE JFFGCHIIK JGGGLHHHK MMMLLLNNN OPPPLQQQR OSSPTQUUR VVSPTQUWW VVXXTYYWW "
           "A=20 B=9 C=17 D=9 E=20 F=22 G=16 H=27 I=18 J=8 K=11 L=15 M=12 N=22 O=8 P=30 Q=17 R=11 S=11 "
           "T=19 U=16 V=24 W=17 X=16 Y=10")
UK_2022_SOLUTION = "632798154478165392195324786724639815813452679569817243346571928981243567257986431"
TIPS = ("AABBBCCCD EFGHIJJJD EFGHIKKKL MMGHNOOOL PPPNNNQQQ RSSSNTUVV RWWWXTUYZ abbbXTUYZ acccdddee "
        "A=6 B=18 C=14 D=16 E=17 F=6 G=17 H=16 I=4 J=12 K=16 L=9 M=4 N=21 O=23 P=15 Q=16 R=9 S=24 T=9 "
        "U=14 V=6 W=7 X=17 Y=12 Z=14 a=12 b=11 c=23 d=13 e=4")
TIPS_SOLUTION = "423968517856417329917532684134726895285149763679853142341285976762391458598674231"

PUZZLES = {"uk-2022": (UK_2022, UK_2022_SOLUTION), "tips": (TIPS, TIPS_SOLUTION)}
FORMS = {"mixed": killer.MAX_ASSIGNMENTS, "sets": 0, "colors": 10 ** 9}
#: the colors form's budget: past it the count is not finished (recorded as such)
BUDGET = 300_000


@pytest.mark.parametrize("form", list(FORMS))
@pytest.mark.parametrize("name", list(PUZZLES))
def test_count_killer(benchmark, name, form, monkeypatch):
    cages, published = PUZZLES[name]
    monkeypatch.setattr(killer, "MAX_ASSIGNMENTS", FORMS[form])
    variants.cached_problem.cache_clear()
    s = Sudoku.killer("." * 81, cages)
    budget = BUDGET if form == "colors" else None

    def count():
        try:
            return s.count(max_nodes=budget)
        except LimitReached:
            return None

    count()  # warm up: compile or load the kernel, build the problem
    found, seconds = run(benchmark, count)
    t = s.solve(max_nodes=budget) if found is not None else None
    verified = found == 1 and t is not None and str(t) == published and killer_ok(
        t.grid.reshape(-1).tolist(), [0] * 81, 9, (3, 3), [(a, list(b)) for a, b in s.variant.cages])
    if found is not None:
        s.count(max_nodes=budget)  # the statistics of one count
    record(benchmark, seconds=seconds, n_puzzles=1, nodes=last_stats().nodes if found is not None else None,
           updates=last_stats().updates if found is not None else None, verified=verified or found is None,
           finished=found is not None, form=form)
    variants.cached_problem.cache_clear()
    assert found is None or verified
