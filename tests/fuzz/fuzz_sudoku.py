"""Fuzz targets of the Sudoku front end: Sudoku(...), its solving methods,
solve_many, read_puzzles/iter_puzzles, and the small helpers."""

from __future__ import annotations

import io
import itertools
import math
import os
import pickle
import re
import tempfile

import numpy as np
from hypothesis import strategies as st

import fuzz_strategies as S
from dlxnumba import last_stats
from dlxnumba import (LimitReached, Status, Sudoku, default_box, geometry, is_solution, iter_puzzles,
                      read_puzzles, solve_many, sudoku_problem)
from dlxnumba.sudoku import DRAWING
from fuzz_core import default_box as oracle_default_box
from fuzz_core import (over_budget, BAD, EITHER, OK, Parsed, Target, accepted, attempt, box_verdict, budget_of,
                       check_limit, check_message, check_rejection, clashes, combine, count_sudoku, fault, parse_array,
                       parse_text, sudoku_ok, value_of, verdict_of)

MISSING = object()  # an argument left out

# ---------------------------------------------------------------------------
# Sudoku(puzzle, box=)
# ---------------------------------------------------------------------------

OTHER_PUZZLES = [None, 5, 3.5, {}, object(), [[]], [], "", b"", bytearray(), [None] * 16, {"a": 1}]


@st.composite
def sudoku_init_cases(draw):
    p = draw(S.sudoku_puzzles(clash=True))
    n, cells = p["n"], p["cells"]
    kind = draw(st.sampled_from(["text", "text", "bytes", "bytearray", "array", "array", "garbage",
                                 "garbage-bytes", "sudoku", "other"]))
    case = dict(kind=kind, n=n, cells=cells, made_box=p["box"])
    if kind in ("text", "bytes", "bytearray"):
        text = draw(S.render_text(cells, n))
        case["text"] = text
        if kind == "bytes":
            case["puzzle"] = text.encode("utf-8")
        elif kind == "bytearray":
            case["puzzle"] = bytearray(text.encode("utf-8"))
        else:
            case["puzzle"] = text
    elif kind == "array":
        value, spoiled, shape = draw(S.puzzle_array(cells, n))
        case.update(puzzle=value, spoiled=spoiled, shape=shape)
    elif kind == "garbage":
        case["puzzle"] = draw(S.garbage_text())
    elif kind == "garbage-bytes":
        case["puzzle"] = draw(S.garbage_text()).encode("utf-8") if draw(st.booleans()) \
            else draw(st.binary(max_size=90))
    elif kind == "sudoku":
        if clashes(cells, n, p["box"]):
            cells = case["cells"] = [0] * (n * n)
        case["puzzle"] = ("sudoku", cells, p["box"])
    else:
        case["puzzle"] = draw(st.sampled_from(OTHER_PUZZLES))
    if draw(st.booleans()):
        nb = n if kind not in ("garbage", "garbage-bytes", "other") else draw(st.sampled_from([4, 6, 9]))
        case["box"] = draw(S.box_args(nb))
    return case


def safe_repr(x, width=200) -> str:
    """repr() for messages: a Sudoku as its constructor call (its own repr may fail)."""
    if isinstance(x, Sudoku):
        return f"Sudoku({str(x)!r}, box={x.box})"
    return f"{x!r:.{width}}"


def _expected_cells(case) -> Parsed:
    """What the puzzle argument holds, by the documented syntax."""
    kind, puzzle = case["kind"], case["puzzle"]
    if kind == "sudoku":
        return Parsed(cells=list(case["cells"]))
    if kind in ("text", "garbage"):
        return parse_text(puzzle, DRAWING)
    if kind in ("bytes", "bytearray", "garbage-bytes"):
        raw = bytes(puzzle)
        try:
            return parse_text(raw.decode("ascii"), DRAWING)
        except UnicodeDecodeError:
            p = parse_text(raw.decode("utf-8", "replace"), DRAWING)
            if p.verdict == OK:  # bytes beyond ASCII: refusing them is fine too
                p.verdict = EITHER
            p.mention = p.mention + (repr("\ufffd"),) if p.mention else ()
            return p
    if kind == "array" and case.get("shape") == "rows-of-str":
        p = parse_text("".join(puzzle), DRAWING)
        # rows as strings are read as the text they join to: a refusal names what the text's
        # would, or says that strings were given
        p.mention = tuple(p.mention) + ("str",) if p.mention else ()
        if p.verdict == OK:
            p.verdict = EITHER  # rows as strings: may be read, or refused clearly
        return p
    if kind == "array":
        return parse_array(puzzle)
    if isinstance(puzzle, (str, bytes, bytearray)):
        return parse_text(bytes(puzzle).decode("ascii", "replace") if not isinstance(puzzle, str)
                          else puzzle, DRAWING)
    return parse_array(puzzle) if isinstance(puzzle, (list, tuple)) else Parsed(verdict=BAD)


def check_sudoku_init(case) -> str:
    puzzle = case["puzzle"]
    if isinstance(puzzle, tuple) and puzzle and puzzle[0] == "sudoku":
        puzzle = Sudoku(puzzle[1], box=puzzle[2])
    has_box = "box" in case
    box, box_v = case["box"] if has_box else (None, OK)
    exp = _expected_cells(case)
    verdict, mention = exp.verdict, exp.mention
    eff_box = None
    if exp.cells is not None:
        n = math.isqrt(len(exp.cells))
        if case["kind"] == "sudoku" and box is None:  # no box (or None): the puzzle keeps its own
            eff_box, bv = tuple(case["made_box"]), OK
        else:
            eff_box, bv = box_verdict(box, n)
            if has_box and box_v == EITHER and bv == OK:
                bv = EITHER
        if bv == BAD:
            verdict, mention = combine(verdict, BAD), mention or ("box",)
        elif bv == EITHER:
            verdict = combine(verdict, EITHER)
        if eff_box is not None and clashes(exp.cells, n, eff_box):
            verdict = BAD
            mention = ()
    where = f"Sudoku({safe_repr(puzzle)}{', box=' + repr(box) if has_box else ''})"
    ok, s = attempt(Sudoku, puzzle, box=box) if has_box else attempt(Sudoku, puzzle)
    if not ok:
        if verdict == EITHER and exp.mention:
            check_message(s, exp.mention, where)
        return check_rejection(s, verdict, mention, where)
    out = accepted(verdict, where, ["puzzle or box"])
    if exp.cells is None:
        return out
    got = s.grid.reshape(-1).tolist()
    if got != exp.cells:
        raise fault("wrong cells read", f"{where}: {got} != {exp.cells}")
    if eff_box is not None and tuple(s.box) != tuple(eff_box):
        raise fault("wrong box", f"{where}: box {s.box} != {eff_box}")
    _check_views(s, where)
    return out


def _check_views(s: Sudoku, where: str) -> None:
    """The views of an accepted puzzle work and agree."""
    for name, fn in (("repr", repr), ("str", str), ("boxed", Sudoku.boxed), ("html", Sudoku._repr_html_),
                     ("hash", hash), ("pickle", lambda x: pickle.loads(pickle.dumps(x)))):
        ok, r = attempt(fn, s)
        if not ok:
            raise fault(f"{name}() of an accepted Sudoku raises {type(r).__name__}", f"{where}: {r}")
    if s.n <= 61:
        ok, back = attempt(eval, repr(s), {"Sudoku": Sudoku})
        if not ok or back != s:
            raise fault("eval(repr(s)) != s", f"{where}: {repr(s)!r}")
    if pickle.loads(pickle.dumps(s)) != s:
        raise fault("pickled Sudoku differs", where)
    if not np.array_equal(np.asarray(s), s.grid):
        raise fault("np.asarray(s) != s.grid", where)


# ---------------------------------------------------------------------------
# Sudoku.solve / solutions / count / is_unique
# ---------------------------------------------------------------------------


@st.composite
def sudoku_solve_cases(draw):
    p = draw(S.sudoku_puzzles())
    method = draw(st.sampled_from(["solve", "count", "solutions", "is_unique"]))
    kw = draw(S.search_kwargs())
    case = dict(p=p, method=method, kw=kw)
    if method in ("count", "solutions") and draw(st.booleans()):
        case["limit"] = draw(S.COUNT_LIMIT)
    return case


def check_sudoku_solve(case) -> str:
    p, method = case["p"], case["method"]
    n, box, cells = p["n"], tuple(p["box"]), p["cells"]
    s = Sudoku(cells, box=box)
    tagged = dict(case["kw"])
    if "limit" in case:
        tagged["limit"] = case["limit"]
    verdict, bad = verdict_of(tagged)
    kw = value_of(case["kw"])
    limit = case["limit"][0] if "limit" in case else None
    lim = {"solve": 1, "is_unique": 2}.get(method, limit)
    int_lim = lim if isinstance(lim, (int, np.integer)) and not isinstance(lim, bool) and lim >= 0 else None
    cap = min(int_lim, 60) + 1 if int_lim is not None else 61
    truth = count_sudoku(cells, n, box, cap)
    # keep counting short: a budget when the count may be large
    if method == "count" and (int_lim is None or int_lim > 50) and (truth is None or truth > 50):
        mn = kw.get("max_nodes")
        if not (isinstance(mn, (int, np.integer)) and not isinstance(mn, bool) and 0 <= mn <= 5000):
            kw["max_nodes"] = 5000
            tagged["max_nodes"] = (5000, OK)
            verdict, bad = verdict_of(tagged)
    max_nodes, timeout = budget_of(kw)
    where = f"Sudoku({''.join(S.SYMBOLS[v - 1] if v else '.' for v in cells)!r}, box={box}).{method}" \
            f"({'' if 'limit' not in case else repr(limit) + ', '}**{kw!r})"

    def call():
        if method == "solve":
            return s.solve(**kw)
        if method == "is_unique":
            return s.is_unique(**kw)
        args = (limit,) if "limit" in case else ()
        if method == "count":
            return s.count(*args, **kw)
        return list(itertools.islice(s.solutions(*args, **kw), 6))

    ok, r = attempt(call)
    if not ok:
        if isinstance(r, LimitReached):
            if verdict == BAD:
                raise fault("bad argument accepted (search ran)", f"{where}: {r}")
            out = check_limit(r, max_nodes, timeout, where)
            if method == "count" and truth is not None and truth < cap and r.found is not None \
                    and r.found > truth:
                raise fault("partial count larger than the count", f"{where}: {r.found} > {truth}")
            return out
        return check_rejection(r, verdict, bad, where)
    out = accepted(verdict, where, bad)
    if timeout == 0 and not (method in ("count", "solutions") and int_lim == 0):
        raise fault("timeout=0 completed a search", f"{where}: {last_stats().nodes} nodes")
    if over_budget(last_stats().nodes, max_nodes, last_stats().solutions):
        raise fault("node budget exceeded", f"{where}: {last_stats().nodes} nodes > {max_nodes}")
    if method == "solve":
        if r is None:
            if truth is not None and truth > 0:
                raise fault("solve() found no solution to a solvable puzzle", where)
        else:
            if not sudoku_ok(r.grid.reshape(-1).tolist(), cells, n, box):
                raise fault("solve() returned a wrong solution", where)
            if tuple(r.box) != box:
                raise fault("solution has another box", where)
    elif method == "is_unique":
        if truth is not None and r != (truth == 1):
            raise fault("is_unique() is wrong", f"{where}: {r}, oracle count {truth}")
    elif method == "count":
        want = None if truth is None else (truth if int_lim is None else min(truth, int_lim))
        if truth is not None and truth >= cap and (int_lim is None or int_lim >= cap):
            want = None  # the oracle stopped counting
        if want is not None and r != want:
            raise fault("count() is wrong", f"{where}: {r} != {want}")
    else:
        seen = set()
        for sol in r:
            g = sol.grid.reshape(-1).tolist()
            if not sudoku_ok(g, cells, n, box):
                raise fault("solutions() yielded a wrong solution", where)
            seen.add(tuple(g))
        if len(seen) != len(r):
            raise fault("solutions() yielded a solution twice", where)
        if int_lim is not None and len(r) > int_lim:
            raise fault("solutions() yielded more than limit", where)
        ended = len(r) < 6 and (int_lim is None or len(r) < int_lim)
        if ended and truth is not None and truth < cap and len(r) != truth:
            raise fault("solutions() lost solutions", f"{where}: {len(r)} != {truth}")
    return out


# ---------------------------------------------------------------------------
# solve_many
# ---------------------------------------------------------------------------


@st.composite
def solve_many_cases(draw):
    shape = draw(st.sampled_from(S.SMALL_SHAPES))
    mixed = draw(st.integers(0, 4)) == 0
    kind = draw(st.sampled_from(["list", "list", "mixed", "array2d", "array3d", "generator", "tuple",
                                 "bad"]))
    k = draw(st.integers(0, 6))
    items = []
    for _ in range(k):
        sh = draw(st.sampled_from(S.SMALL_SHAPES)) if mixed else shape
        items.append(draw(S.sudoku_puzzles(st.just(sh), clash=True)))
    case = dict(kind=kind, items=items, n=shape[0], box=shape[1], mixed=mixed)
    if kind == "mixed":
        forms = [draw(st.sampled_from(["str", "sudoku", "array", "list", "garbage", "none", "int"]))
                 for _ in items]
        case["forms"] = forms
        case["garbage"] = [draw(S.garbage_text(sizes=[4, 5, 6, 9])) for _ in items]  # small: they get solved
    if kind in ("array2d", "array3d"):
        case["dtype"] = draw(st.sampled_from(["uint8", "int64", "int8", "float64", "bool", "uint16"]))
        case["spoil"] = draw(st.sampled_from([None, None, -1, "n+1", 300]))
    if kind == "bad":
        case["puzzles"] = draw(st.sampled_from([None, 5, "." * 16, b"." * 16, 3.5, "sudoku"]))
    tagged = draw(S.search_kwargs(("threads", "stop_at", "max_nodes", "timeout", "progress"),
                                  progress=S.BATCH_PROGRESS))
    if draw(st.booleans()):
        tagged["limit"] = draw(S.BATCH_LIMIT)
    if draw(st.integers(0, 2)) == 0:
        tagged["box"] = draw(S.box_args(shape[0]))
    case["kw"] = tagged
    case["return_stats"] = draw(st.booleans())
    return case


def _text(cells):
    return "".join(S.SYMBOLS[v - 1] if v else "." for v in cells)


def _batch_input(case):
    """The puzzles argument, and per item ``(cells or None, box or None, verdict, note)``:
    cells None for an unreadable item; box None when the item has none of its own."""
    kind, items = case["kind"], case["items"]
    if kind == "bad":
        return case["puzzles"], None
    expect = []
    if kind in ("list", "tuple", "generator"):
        texts = [_text(it["cells"]) for it in items]
        expect = [(it["cells"], None) for it in items]
        value = texts if kind == "list" else tuple(texts) if kind == "tuple" else (t for t in texts)
        return value, expect
    if kind == "mixed":
        value = []
        for it, form, g in zip(items, case["forms"], case["garbage"]):
            cells, n = it["cells"], it["n"]
            if form == "str":
                value.append(_text(cells))
                expect.append((cells, None))
            elif form == "sudoku":
                ok, s = attempt(Sudoku, cells, box=it["box"])
                if ok:
                    value.append(s)
                    expect.append((cells, tuple(it["box"])))
                else:  # breaks the rules: pass its text instead
                    value.append(_text(cells))
                    expect.append((cells, None))
            elif form == "array":
                value.append(np.array(cells, np.int64).reshape(n, n))
                expect.append((cells, None))
            elif form == "list":
                value.append(list(cells))
                expect.append((cells, None))
            elif form == "garbage":
                value.append(g)
                p = parse_text(g, DRAWING)
                expect.append((p.cells, None) if p.verdict == OK else (None, None) if p.verdict == BAD
                              else ("either", None))
            elif form == "none":
                value.append(None)
                expect.append((None, None))
            else:
                value.append(7)
                expect.append((None, None))
        return value, expect
    # arrays: only when every item has the batch's size
    n = case["n"]
    rows = [list(it["cells"]) for it in items if it["n"] == n]
    arr = np.array(rows, np.int64).reshape(len(rows), n * n)
    expect = [(list(r), None) for r in rows]
    if case["spoil"] is not None and len(rows):
        v = n + 1 if case["spoil"] == "n+1" else case["spoil"]
        arr[0, 0] = v
        expect[0] = (None, None)
    with np.errstate(all="ignore"):
        dtype = case["dtype"]
        conv = arr.astype(dtype)
    if dtype == "bool" or (conv.astype(np.int64) != arr).any():
        expect = [("either", None) for _ in expect]  # the dtype changed the values
    if case["kind"] == "array3d":
        conv = conv.reshape(len(rows), n, n)
    return conv, expect


def check_solve_many(case) -> str:
    value, expect = _batch_input(case)
    tagged = dict(case["kw"])
    box_arg, box_tag = tagged.pop("box", (MISSING, OK))
    verdict, bad = verdict_of(tagged)
    kw = value_of(tagged)
    if box_arg is not MISSING:
        kw["box"] = box_arg
    limit = kw.get("limit", 1)
    if isinstance(limit, (int, np.integer)) and not isinstance(limit, bool) and limit > 100:
        mn = kw.get("max_nodes")
        if not (isinstance(mn, (int, np.integer)) and not isinstance(mn, bool) and 0 <= mn <= 5000):
            kw["max_nodes"] = 5000  # a huge limit enumerates every solution of an empty grid: keep it short
    max_nodes, timeout = budget_of(kw)
    shown = [safe_repr(x, 100) for x in value] if isinstance(value, list) else safe_repr(value, 300)
    where = f"solve_many({shown}, **{kw!r}, return_stats={case['return_stats']})"
    if expect is None:
        verdict, bad = BAD, bad + ["puzzles"]
    # the batch's size: the first readable item's
    sizes = [math.isqrt(len(c)) for c, _ in expect or () if c not in (None, "either")]
    n = sizes[0] if sizes else None
    if n is None and case["kind"] in ("array2d", "array3d"):
        n = case["n"]  # the array's shape tells the size
    if expect is not None and n is not None:
        if box_arg is not MISSING:
            b, bv = box_verdict(box_arg, n)
            if bv == BAD:
                verdict, bad = BAD, bad + ["box"]
            elif box_tag == EITHER or bv == EITHER:
                verdict, bad = combine(verdict, EITHER), bad + ["box"]
        elif default_box_of(n) is None and (not expect or not all(b for _, b in expect)):
            verdict, bad = combine(verdict, EITHER), bad + ["box"]  # no default box: may be refused
    if n is None and box_arg is not MISSING:
        verdict, bad = combine(verdict, EITHER), bad + ["box"]  # nothing tells the size the box is for
    carried = {b for _, b in expect or () if b}  # the boxes of the Sudoku objects in the batch
    if len(carried) > 1 or (carried and box_arg is not MISSING
                                and not (isinstance(box_arg, tuple) and carried == {box_arg})):
        verdict, bad = combine(verdict, EITHER), bad + ["box"]  # one shape per batch: a clash is refused
    if expect is not None and len(set(sizes)) > 1:
        verdict = combine(verdict, EITHER)  # mixed sizes: one INVALID each, or refused
    ok, r = attempt(solve_many, value, return_stats=case["return_stats"], **kw)
    if not ok:
        return check_rejection(r, verdict, bad or ["puzzles"], where)
    out = accepted(verdict, where, bad)
    sols, status = r[0], r[1]
    k = len(expect)
    if len(status) != k or len(sols) != k:
        raise fault("solve_many lost or added results", f"{where}: {len(status)} results for {k} puzzles")
    info = r[2] if case["return_stats"] else None
    batch_box = None
    if n is not None:
        # box=, else the one box of the batch's Sudoku objects, else the default (solve_many's rule)
        carried_boxes = {b for c, b in expect if b and c not in (None, "either") and len(c) == n * n}
        batch_box = (tuple(box_verdict(box_arg, n)[0] or ()) if box_arg is not MISSING
                     else next(iter(carried_boxes)) if len(carried_boxes) == 1 else default_box_of(n))
    for i, ((cells, own_box), st_, row) in enumerate(zip(expect, status.tolist(), sols)):
        name = Status(st_).name
        w = f"{where}: puzzle {i}"
        if info is not None:
            err = info["errors"][i]
            if name == "INVALID" and not (isinstance(err, str) and err):
                raise fault("INVALID without a reason in errors", w)
        if cells == "either":
            continue
        if cells is None or (n is not None and len(cells) != n * n):
            if name != "INVALID":
                raise fault("unreadable or mis-sized puzzle not INVALID", f"{w}: {name}")
            continue
        pbox = own_box or batch_box
        if own_box and batch_box and tuple(own_box) != tuple(batch_box):
            if name == "INVALID":
                continue  # a box that does not match the batch: refusing it is fine
        if pbox is None:
            continue
        m = math.isqrt(len(cells))
        if name == "BUDGET":
            if max_nodes is None and timeout is None:
                raise fault("BUDGET without a budget", w)
            continue
        if clashes(cells, m, pbox):
            if name != "INVALID":
                raise fault("puzzle that breaks the rules not INVALID", f"{w}: {name}")
            continue
        if name == "INVALID":
            raise fault("valid puzzle INVALID", w)
        truth = count_sudoku(cells, m, pbox, 2)
        g = row.tolist()
        if name in ("SOLVED", "MULTIPLE"):
            if not sudoku_ok(g, cells, m, pbox):
                raise fault("solve_many returned a wrong solution", f"{w}: box {pbox}, {name}")
        if name == "SOLVED" and truth is not None and (truth == 0 or (limit != 1 and truth > 1)):
            raise fault("SOLVED is wrong", f"{w}: oracle count {truth}")
        if name == "MULTIPLE" and (limit == 1 or (truth is not None and truth < 2)):
            raise fault("MULTIPLE is wrong", f"{w}: oracle count {truth}")
        if name == "NO_SOLUTION" and truth is not None and truth > 0:
            raise fault("NO_SOLUTION for a solvable puzzle", w)
    return out


def default_box_of(n):
    """The documented default box of an ``n x n`` grid (the oracle's, not the package's)."""
    return oracle_default_box(n)


# ---------------------------------------------------------------------------
# read_puzzles / iter_puzzles on files built from known entries
# ---------------------------------------------------------------------------

_TMP = tempfile.TemporaryDirectory(prefix="dlxnumba-fuzz-")
_COUNTER = itertools.count()


def tmp_path(data: bytes, suffix=".txt") -> str:
    path = os.path.join(_TMP.name, f"f{next(_COUNTER)}{suffix}")
    with open(path, "wb") as f:
        f.write(data)
    return path


SOURCES = ["path", "pathlike", "text-file", "binary-file", "stringio", "bytesio"]


@st.composite
def read_cases(draw, raw=False):
    if raw:
        f = dict(data=draw(S.raw_file_bytes()), entries=None, n=None, fmt=None)
    else:
        f = draw(S.puzzle_file())
    n = f["n"] or 9
    case = dict(file=f, source=draw(st.sampled_from(SOURCES)), api=draw(st.sampled_from(["read", "iter"])),
                errors=draw(st.booleans()))
    case["size"] = draw(st.sampled_from([(MISSING, OK), (None, OK), (n, OK), (np.int64(n), OK), (0, BAD),
                                         (-1, BAD), (1.5, BAD), ("9", BAD), (True, BAD), (float(n), EITHER)]))
    case["chunk_size"] = draw(st.sampled_from([(MISSING, OK), (1, OK), (2, OK), (100_000, OK), (0, BAD),
                                               (-3, BAD), (None, BAD), (2.5, BAD), (True, EITHER)]))
    return case


def _open_source(kind: str, data: bytes):
    """(source, closer) of ``data`` as a path, a file object, ..."""
    if kind in ("path", "pathlike", "text-file", "binary-file"):
        path = tmp_path(data)
        if kind == "path":
            return path, None
        if kind == "pathlike":
            import pathlib
            return pathlib.Path(path), None
        f = open(path, "rb") if kind == "binary-file" else open(path, encoding="utf-8", errors="replace")
        return f, f
    if kind == "stringio":
        return io.StringIO(data.decode("utf-8", "replace")), None
    return io.BytesIO(data), None


def _read(case, source):
    size, _ = case["size"]
    chunk, _ = case["chunk_size"]
    kw = {}
    if size is not MISSING:
        kw["size"] = size
    errors = [] if case["errors"] else None
    if errors is not None:
        kw["errors"] = errors
    if case["api"] == "read":
        return read_puzzles(source, **kw), errors, None
    if chunk is not MISSING:
        kw["chunk_size"] = chunk
    chunks = list(iter_puzzles(source, **kw))
    return chunks, errors, chunk


def _lines_named(msg: str) -> list[int]:
    import re
    return [int(x) for x in re.findall(r"line (\d+)", msg)]


def check_read(case) -> str:
    f = case["file"]
    source, closer = _open_source(case["source"], f["data"])
    size, size_v = case["size"]
    chunk, chunk_v = case["chunk_size"]
    if case["api"] == "read":
        chunk_v = OK
    verdict = combine(size_v, chunk_v)
    bad = [nm for nm, v in (("size", size_v), ("chunk_size", chunk_v)) if v != OK]
    where = (f"{'read_puzzles' if case['api'] == 'read' else 'iter_puzzles'}({case['source']} of "
             f"{f['data']!r:.400}, size={size if size is not MISSING else '-'}, "
             f"chunk_size={chunk if chunk is not MISSING else '-'}, errors={'[]' if case['errors'] else None})")
    try:
        ok, r = attempt(_read, case, source)
    finally:
        if closer is not None:
            closer.close()
    entries = f["entries"]
    n = f["n"]
    # can the oracle tell exactly what the reader must give?
    exact = entries is not None
    if exact and size not in (MISSING, None) and plain(size) != n:
        exact = False  # another size than the file's
    if exact and size in (MISSING, None) and entries and entries[0][0] is None \
            and not (f["fmt"] == "grid" and entries[0][3] == "missing-row"):
        exact = False  # the first entry settles the size: a malformed one leaves it open
    bad_entries = [e for e in entries or () if e[0] is None]
    if not ok:
        if verdict != OK:
            return check_rejection(r, verdict, bad, where)
        if "binary data" in str(r) and re.search(r"\bbyte \d+", str(r)):
            return check_rejection(r, EITHER, (), where)  # not text at all: refused whole, even with errors=
        if case["errors"] or (exact and not bad_entries):
            return check_rejection(r, OK, (), where)  # nothing to refuse
        out = check_rejection(r, EITHER, (), where)
        named = _lines_named(str(r))
        if not named and re.search(r"\bbyte \d+", str(r)) and "binary" in str(r):
            return out  # the whole input refused as binary, at the byte named
        if not named:
            raise fault("error message names no line", f"{where}: {str(r)[:200]!r}")
        if exact:
            first = bad_entries[0]
            if not any(first[1] <= L <= first[2] for L in named):
                raise fault("error names the wrong line", f"{where}: {str(r)[:200]!r}, first malformed "
                                                          f"entry on lines {first[1]}-{first[2]}")
        return out
    out = accepted(verdict, where, bad)
    arr, errors, _ = r
    if case["api"] == "iter":
        cs = plain(chunk) if chunk is not MISSING else 100_000
        for c in arr:
            if cs and len(c) > cs:
                raise fault("a chunk larger than chunk_size", where)
        arr = np.concatenate(arr) if arr else np.zeros((0, 0), np.uint8)
    _check_array_invariants(arr, errors, where)
    if not exact:
        return out
    if errors is None and bad_entries:
        raise fault("malformed entry read without an error", where)
    if arr.shape[0] != len(entries):
        raise fault("entries lost or merged", f"{where}: {arr.shape[0]} puzzles for {len(entries)} entries")
    err_at = {i: m for i, m in (errors or [])}
    for i, (cells, lo, hi, _) in enumerate(entries):
        if cells is None:
            if i not in err_at:
                raise fault("malformed entry not reported", f"{where}: entry {i}")
            named = _lines_named(err_at[i])
            if not any(lo <= L <= hi for L in named):
                raise fault("error names the wrong line", f"{where}: entry {i} on lines {lo}-{hi}: "
                                                          f"{err_at[i]!r}")
        else:
            if i in err_at:
                raise fault("valid entry reported as malformed", f"{where}: entry {i}: {err_at[i]!r}")
            if arr.shape[1] != len(cells) or arr[i].tolist() != cells:
                raise fault("entry read wrong", f"{where}: entry {i}")
    return out


def plain(v):
    if isinstance(v, (bool, np.bool_)):
        return None
    if isinstance(v, (int, np.integer)):
        return int(v)
    return None


def _check_array_invariants(arr, errors, where):
    if not isinstance(arr, np.ndarray) or arr.dtype != np.uint8 or arr.ndim != 2:
        raise fault("read_puzzles did not return an (n, N*N) uint8 array", where)
    if arr.shape[0]:
        nn = arr.shape[1]
        N = math.isqrt(nn)
        if N * N != nn or N < 4:
            raise fault("rows that are not a square grid", f"{where}: {nn} cells")
        if arr.max() > N:
            raise fault("a digit larger than the grid", where)
    if errors is not None:
        idx = [i for i, _ in errors]
        if idx != sorted(set(idx)) or any(not 0 <= i < arr.shape[0] for i in idx):
            raise fault("errors list bad indices", f"{where}: {idx} for {arr.shape[0]} rows")
        for i, m in errors:
            if arr[i].any():
                raise fault("a malformed entry's row is not zeros", where)
            if "line" not in m:
                raise fault("error message names no line", f"{where}: {m!r}")


# ---------------------------------------------------------------------------
# read_puzzles on raw bytes
# ---------------------------------------------------------------------------


def check_read_raw(case) -> str:
    out = check_read(case)
    data = case["file"]["data"]
    size, size_v = case["size"]
    if size_v != OK or b"\r" in data:
        return out
    # the same bytes read from a path and from a binary file object agree
    kw = {} if size is MISSING else {"size": size}
    e1, e2 = [], []
    ok1, a = attempt(read_puzzles, tmp_path(data), errors=e1, **kw)
    ok2, b = attempt(read_puzzles, io.BytesIO(data), errors=e2, **kw)
    same = ok1 == ok2 and (not ok1 or (np.array_equal(a, b) and [i for i, _ in e1] == [i for i, _ in e2]))
    if not same:
        raise fault("a path and a file object of the same bytes read differently",
                    f"read_puzzles of {data!r:.300}")
    return out


# ---------------------------------------------------------------------------
# Helpers: default_box, geometry, sudoku_problem, is_solution
# ---------------------------------------------------------------------------

N_VALUES = S.tagged(ok=[4, 6, 8, 9, np.int64(6)], bad=[0, 1, 2, 3, 5, 7, -1, -4, 1.5, "9", None, True, [9]],
                    either=[9.0])


@st.composite
def helper_cases(draw):
    fn = draw(st.sampled_from(["default_box", "geometry", "sudoku_problem", "is_solution"]))
    case = dict(fn=fn)
    if fn == "is_solution":
        p = draw(S.sudoku_puzzles(st.sampled_from(S.SMALL_SHAPES)))
        n, box = p["n"], p["box"]
        rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
        grid = S.solved_grid(__import__("random").Random(draw(st.integers(0, 2**32))), n, box)
        spoil = draw(st.sampled_from([None, None, "swap", "zero", "garbage", "short"]))
        g = list(grid)
        if spoil == "swap":
            i, j = rng.choice(n * n, 2, replace=False)
            g[i], g[j] = g[j], g[i]
        elif spoil == "zero":
            g[int(rng.integers(n * n))] = 0
        form = draw(st.sampled_from(["text", "array", "sudoku", "list"]))
        case.update(n=n, box=box, grid=g, spoil=spoil, form=form,
                    puzzle=draw(st.sampled_from(["none", "consistent", "inconsistent", "garbage"])),
                    pcells=p["cells"], with_box=draw(st.booleans()))
        return case
    case["n"] = draw(N_VALUES)
    if fn != "default_box" and draw(st.booleans()):
        nv = case["n"][0]
        nn = nv if isinstance(nv, int) and not isinstance(nv, bool) and 4 <= nv <= 9 else 6
        case["box"] = draw(S.box_args(nn))
    return case


def check_helper(case) -> str:
    fn = case["fn"]
    if fn == "is_solution":
        return _check_is_solution(case)
    n, nv = case["n"]
    has_box = "box" in case
    box, bv = case["box"] if has_box else (None, OK)
    verdict = nv
    nn = plain(n) if nv != EITHER else 9
    if nn is not None and nn >= 1 and verdict != BAD:
        b, v = box_verdict(box, nn)
        if v == BAD:
            verdict = BAD
        elif bv == EITHER:
            verdict = combine(verdict, EITHER)
    elif nn is not None and nn >= 4 and nv == BAD:
        # 5, 7: no default box, but an explicit one may fit
        b, v = box_verdict(box, nn)
        verdict = v if has_box else BAD
    f = {"default_box": default_box, "geometry": geometry, "sudoku_problem": sudoku_problem}[fn]
    args = (n, box) if has_box else (n,)
    where = f"{fn}{args!r}"
    ok, r = attempt(f, *args)
    if not ok:
        return check_rejection(r, verdict, ("n", "box", "grid", "size", "rows"), where)
    out = accepted(verdict, where, ["n or box"])
    if fn == "default_box":
        if tuple(r) != default_box_of(int(n)):
            raise fault("default_box is wrong", where)
    elif fn == "geometry":
        m = int(n)
        if r.n != m or r.regions.shape != (3 * m, m):
            raise fault("geometry has the wrong shape", where)
        from fuzz_core import units
        want = [sorted(u) for u in units(m, r.box)]
        if [sorted(u) for u in r.regions.tolist()] != want:
            raise fault("geometry regions are wrong", where)
    else:
        p, key = r
        m = int(n)
        if p.n_options != m ** 3 or p.n_items != 4 * m * m or len(key) != m ** 3:
            raise fault("sudoku_problem has the wrong size", where)
    return out


def _check_is_solution(case) -> str:
    n, box, g = case["n"], tuple(case["box"]), case["grid"]
    form = case["form"]
    if form == "text":
        grid = _text(g)
    elif form == "array":
        grid = np.array(g, np.int64).reshape(n, n)
    elif form == "list":
        grid = list(g)
    else:
        ok, grid = attempt(Sudoku, g, box=box)
        if not ok:
            grid = _text(g)
            form = "text"
    if case["spoil"] == "garbage":
        grid = _text(g)[:-1] + "?"
    elif case["spoil"] == "short":
        grid = _text(g)[:-1]
    kind = case["puzzle"]
    puzzle = None
    pc = case["pcells"]
    if kind == "consistent":
        puzzle = _text([v if pc[k] else 0 for k, v in enumerate(g)])
    elif kind == "inconsistent":
        puzzle = _text([(v % n) + 1 if pc[k] else 0 for k, v in enumerate(g)])
    elif kind == "garbage":
        puzzle = "xyz"
    kw = {"box": box} if case["with_box"] else {}
    where = f"is_solution({safe_repr(grid)}, puzzle={puzzle!r:.100}, **{kw})"
    ok, r = attempt(is_solution, grid, puzzle, **kw)
    eff_box = box if case["with_box"] or form == "sudoku" else default_box_of(n)
    unreadable = case["spoil"] in ("garbage", "short") or kind == "garbage"
    if not ok:
        if unreadable or eff_box is None:
            return check_rejection(r, EITHER, (), where)
        return check_rejection(r, OK, (), where)
    if unreadable:
        if r is not False:
            raise fault("is_solution of an unreadable grid is not False", where)
        return "accepted"
    if eff_box is None:
        return "accepted"
    pcells = [0] * (n * n) if puzzle is None else parse_text(puzzle, DRAWING).cells
    want = sudoku_ok(g, pcells, n, eff_box)
    if bool(r) != want:
        raise fault("is_solution is wrong", f"{where}: {r} != {want}")
    return "accepted"


# ---------------------------------------------------------------------------

TARGETS = [
    Target("sudoku_init", "Sudoku(puzzle, box=)", sudoku_init_cases(), check_sudoku_init),
    Target("sudoku_solve", "Sudoku.solve/count/solutions/is_unique", sudoku_solve_cases(), check_sudoku_solve),
    Target("solve_many", "solve_many", solve_many_cases(), check_solve_many),
    Target("read_puzzles", "read_puzzles/iter_puzzles (built files)", read_cases(), check_read),
    Target("read_puzzles_raw", "read_puzzles/iter_puzzles (raw bytes)", read_cases(raw=True), check_read_raw),
    Target("sudoku_helpers", "default_box/geometry/sudoku_problem/is_solution", helper_cases(), check_helper),
]
