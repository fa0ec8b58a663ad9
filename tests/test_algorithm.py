"""algorithm="links" | "cells" | "auto" on Search, solve, solutions, count and batch.

The two kernels find the same solutions on the shipped encodings (counts
checked against known values, every solution verified); "auto" says which it
picked in ``stats.algorithm`` and hands over to cells cleanly (its choice is
forced here through a patched probe, so the tests do not depend on timing);
bad names are refused with a clear message.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import last_stats, Status
from dlxnumba import ExactCover, LimitReached, Stats, langford, pentominoes, queens
from dlxnumba.errors import ExactCoverError
from dlxnumba.search import Search
from known import knuth_problem, numbered
from strategies import examples, problems

PROPERTY = settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])


@pytest.mark.parametrize("bad", ["dlx", "Links", "", None, 1, ("links",)])
@pytest.mark.parametrize("call", ["solve", "count", "solutions", "search"])
def test_bad_algorithm_refused(bad, call):
    p = knuth_problem()
    with pytest.raises(ExactCoverError, match="algorithm must be 'links', 'cells' or 'auto', not"):
        r = getattr(p, call)(algorithm=bad)
        list(r) if call == "solutions" else None


def test_bad_algorithm_message_shows_plain_values():
    with pytest.raises(ExactCoverError) as e:
        Search(knuth_problem(), algorithm=np.int64(2))
    assert str(e.value).endswith("not 2")


@pytest.mark.parametrize("algorithm", ["cells", "auto"])
def test_batch_runs_on_links_only(algorithm):
    p = knuth_problem()
    with pytest.raises(ExactCoverError, match="batches run on dancing links only"):
        p.batch([[0]], algorithm=algorithm)
    assert p.batch([[0]], algorithm="links").count.tolist() == [1]


@pytest.mark.parametrize("algorithm", ["links", "cells", "auto"])
@pytest.mark.parametrize("make, known", [
    (lambda: queens(7)[0], 40), (lambda: queens(8, organ_pipe=False)[0], 92),
    (lambda: langford(7)[0], 52), (lambda: langford(8)[0], 300),
    (lambda: pentominoes(3, 20)[0], 8), (lambda: pentominoes(4, 15)[0], 1472),
])
def test_same_counts_on_encodings(make, known, algorithm):
    p = make()
    sols = list(p.solutions(algorithm=algorithm))
    assert len(sols) == known == last_stats().solutions
    assert len({tuple(s) for s in sols}) == known
    opts = p.options
    for s in sols:
        assert ref.is_dlx_solution(opts, p.n_primary, p.n_items, s)
    assert last_stats().algorithm in ("links", "cells")
    if algorithm != "auto":
        assert last_stats().algorithm == algorithm


def test_stats_say_which_kernel():
    p = knuth_problem()
    p.count(algorithm="cells")
    assert last_stats().algorithm == "cells" and (last_stats().nodes, last_stats().updates) == (5, 27)
    p.count(stop_at=0)
    assert last_stats().algorithm == "links" and (last_stats().nodes, last_stats().updates) == (6, 30)
    p.count(algorithm="auto")  # small: links finishes within the probe
    assert last_stats().algorithm == "links"
    a, b = Stats(algorithm="cells"), Stats(algorithm="links")
    assert (a + a).algorithm == "cells" and (a + b).algorithm == "mixed"


@pytest.fixture
def tiny_probe(monkeypatch):
    """"auto" decides after 50 updates, with its verdict set by the test."""
    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "PROBE_UPDATES", 50)
    verdict = {"cells": True, "asked": 0}

    def prefer(problem, given, path, stop_at):
        verdict["asked"] += 1
        return verdict["cells"]

    monkeypatch.setattr(search_module, "prefer_cells", prefer)
    return verdict


@pytest.mark.parametrize("to_cells", [True, False])
def test_auto_hands_over_cleanly(tiny_probe, to_cells):
    """After the probe, the search goes on with the chosen kernel: the same
    solutions, the chosen kernel's counts, ``stats.algorithm`` says which."""
    tiny_probe["cells"] = to_cells
    p, _ = langford(8)
    want = "cells" if to_cells else "links"
    count = p.count(algorithm="auto")
    assert count == 300 and tiny_probe["asked"] == 1 and last_stats().algorithm == want
    alone = Search(p, algorithm=want)
    alone.count()
    if to_cells:  # restarted from scratch: exactly the cells search
        assert (last_stats().nodes, last_stats().updates) == (alone.stats.nodes, alone.stats.updates)
    s = Search(p, algorithm="auto")
    sols = list(s.solutions())
    assert sorted(sols) == sorted(Search(p).solutions()) and s.stats.algorithm == want
    assert (s.stats.nodes, s.stats.updates) == (alone.stats.nodes, alone.stats.updates)
    assert s.stats.profile.tolist() == alone.stats.profile.tolist()


def test_auto_does_not_switch_after_a_solution_was_handed_out(tiny_probe, monkeypatch):
    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "PROBE_UPDATES", 1 << 20)
    p, _ = queens(8)
    s = Search(p, algorithm="auto")
    first = s.next()  # found within the probe: links keeps the search
    assert first is not None and s.stats.algorithm == "links"
    rest = list(s.solutions())
    assert len(rest) == 91 and tiny_probe["asked"] == 0


def _golden(name):
    import warnings
    from pathlib import Path

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (an option with no primary item, dropped as DLX2 drops it)
        return ExactCover.from_dlx(Path(__file__).parent / "golden" / name)


@pytest.mark.parametrize("name, count", [("debruijn135.dlx", 160), ("queendom4_6.dlx", 7996)])
@pytest.mark.parametrize("to_cells", [True, False])
def test_auto_chooses_on_colored_and_bounded_problems(tiny_probe, name, count, to_cells):
    """Colors (SSXCC against DLX2) and bounds (SSMCC against DLX3): auto asks the probe and
    goes on with the kernel it picks (issue 20, finding 18: auto never tried cells there)."""
    tiny_probe["cells"] = to_cells
    p = _golden(name)
    assert p.count(algorithm="auto") == count and tiny_probe["asked"] == 1
    assert last_stats().algorithm == ("cells" if to_cells else "links")
    alone = Search(p, algorithm=last_stats().algorithm)
    assert alone.count() == count
    if to_cells:  # restarted from scratch: exactly the cells search
        assert (last_stats().nodes, last_stats().updates) == (alone.stats.nodes, alone.stats.updates)


@pytest.mark.parametrize("name", ["debruijn135.dlx", "queendom4_6.dlx"])
def test_the_real_probe_on_colored_and_bounded_problems(name, monkeypatch):
    """The real probe (small samples) on colors and bounds: a verdict either way, and the
    same solutions as links whichever it picks."""
    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "PROBE_UPDATES", 2000)
    monkeypatch.setattr(search_module, "SAMPLE_MIN", 200)
    monkeypatch.setattr(search_module, "SAMPLE_MAX", 20000)
    p = _golden(name)
    want = sorted(p.solutions())
    s = Search(p, algorithm="auto")
    assert sorted(s.solutions()) == want and s.stats.algorithm in ("links", "cells")


def test_bounds_with_every_algorithm(tiny_probe):
    """Multiplicities: cells runs SSMCC; auto on a search that ends within its probe stays with links."""
    p = ExactCover.from_options([["a"], ["a"], ["a", "b"]], primary=["a", "b"], bounds={"a": (1, 2)})
    want = sorted(p.solutions())
    assert want == [[0, 2], [1, 2], [2]]  # b once (option 2), a once or twice
    assert sorted(p.solutions(algorithm="cells")) == want and last_stats().algorithm == "cells"
    assert sorted(p.solutions(algorithm="auto")) == want and last_stats().algorithm == "links"
    assert tiny_probe["asked"] == 0


def test_prefer_cells_measures_a_real_sample():
    """The probe itself: a verdict on a real problem, without error, either way."""
    p, _ = pentominoes(4, 15)
    s = Search(p)
    s.max_nodes = 2000
    with pytest.raises(LimitReached):
        s.count()
    level = int(s.state[0])
    path = s.solution()[:level] if level > 0 else []
    from dlxnumba.search import prefer_cells

    assert prefer_cells(p, np.zeros(0, np.int32), path, 1) in (True, False)


@pytest.mark.parametrize("algorithm", ["cells", "auto"])
def test_limits_and_resumption(algorithm):
    p, _ = langford(8)
    s = Search(p, algorithm=algorithm, max_nodes=100)
    with pytest.raises(LimitReached) as e:
        s.count()
    assert e.value.stats.status == Status.MAX_NODES and s.stats.nodes == 100
    s.max_nodes = None
    assert s.count() == 300
    with pytest.raises(LimitReached):
        p.solve(algorithm=algorithm, timeout=0)


def test_progress_reports_with_cells(monkeypatch):
    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "SLICE_UPDATES", 1000)  # return to Python often
    reports = []
    p, _ = langford(8)
    p.count(algorithm="cells", progress=reports.append, progress_interval=0)
    assert reports and all(r.fraction is None or 0 <= r.fraction <= 1 for r in reports)
    fractions = [r.fraction for r in reports]
    assert fractions == sorted(fractions) and 0 < fractions[len(fractions) // 2] < 1  # Knuth's estimate grows


@PROPERTY
@given(problems(), st.sampled_from(["links", "cells", "auto"]), st.data())
def test_every_algorithm_same_solutions_with_givens(prob, algorithm, data):
    options, n1, n = prob
    p = numbered(options, n1, n)
    g = data.draw(st.lists(st.integers(0, len(options) - 1), unique=True, max_size=2)) if options else []
    want = {x | frozenset(g) for x in ref.solutions_with_given(options, n1, n, g)}
    try:
        sols = p.solutions(given=g, algorithm=algorithm)
        got = {frozenset(x) for x in sols}
    except ExactCoverError:
        assert not want
        return
    assert got == want


def test_progress_reports_with_bounded_cells(monkeypatch):
    """SSMCC branches two ways: its reports carry no estimate until the end."""
    import warnings
    from pathlib import Path

    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "SLICE_UPDATES", 5000)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        p = ExactCover.from_dlx(Path(__file__).parent / "golden" / "queendom4_6.dlx")
    reports = []
    assert p.count(algorithm="cells", progress=reports.append, progress_interval=0) == 7996
    assert len(reports) > 2 and all(r.fraction is None for r in reports[:-1])
    assert [r.solutions for r in reports] == sorted(r.solutions for r in reports)


def test_auto_with_a_real_probe_and_givens(monkeypatch):
    """The real probe (tiny budgets) on a search with givens: whichever kernel it
    picks, the solutions are those of links."""
    import dlxnumba.search as search_module

    monkeypatch.setattr(search_module, "PROBE_UPDATES", 200)
    monkeypatch.setattr(search_module, "SAMPLE_MIN", 100)
    monkeypatch.setattr(search_module, "SAMPLE_MAX", 5000)
    p, key = langford(8)
    calls = []
    real = search_module.prefer_cells

    def spy(*args):
        calls.append(real(*args))
        return calls[-1]

    monkeypatch.setattr(search_module, "prefer_cells", spy)
    g = [0]
    want = sorted(Search(p, given=g).solutions())
    assert want and all(0 in x for x in want)
    s = Search(p, given=g, algorithm="auto")
    assert s.count() == len(want) and len(calls) == 1
    assert s.stats.algorithm == ("cells" if calls[0] else "links")
    for to_cells in (True, False):  # solutions() after either verdict
        monkeypatch.setattr(search_module, "prefer_cells", lambda *args, v=to_cells: v)
        assert sorted(Search(p, given=g, algorithm="auto").solutions()) == want
