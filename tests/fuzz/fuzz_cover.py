"""Fuzz targets of the exact-cover engine: the constructors, DLX text, the
searches (solve, count, solutions, search, batch) and the encodings with
their decoders."""

from __future__ import annotations

import io
import itertools
import pathlib
import pickle
import re

import numpy as np
from hypothesis import strategies as st

import fuzz_strategies as S
from dlxnumba import last_stats
from dlxnumba import (ExactCover, LimitReached, Status, langford, langford_sequence, pentomino_grid,
                      pentomino_picture, pentominoes, queens, queens_columns)
from dlxnumba.io.dlx import parse_dlx
from fuzz_core import (over_budget, BAD, EITHER, OK, Target, accepted, attempt, budget_of, check_limit,
                       check_rejection, combine, describe, fault, plain_int, solutions_of, value_of,
                       verdict_of)
from fuzz_sudoku import tmp_path
from strategies import problems

MISSING = object()


def _problem(options, n_primary, n_items) -> ExactCover:
    """The problem with items named by their numbers, through the low-level constructor."""
    ptr = np.zeros(len(options) + 1, np.int64)
    ptr[1:] = np.cumsum([len(o) for o in options])
    flat = np.array([i for o in options for i in o], np.int32)
    return ExactCover(n_primary, list(range(n_items)), ptr, flat)


def check_solves(p: ExactCover, options, n_primary, n_items, where: str) -> None:
    """An accepted problem solves as the oracle says (within a small budget)."""
    truth = solutions_of(options, n_primary, n_items)
    ok, r = attempt(lambda: (p.solve(max_nodes=20_000), p.count(limit=200, max_nodes=20_000)))
    if not ok:
        if isinstance(r, LimitReached):
            return
        raise fault(f"search of an accepted problem raises {type(r).__name__}", f"{where}: {describe(r)}")
    first, count = r
    if first is None:
        if truth:
            raise fault("solve() found no solution to a solvable problem", where)
    elif frozenset(first) not in truth:
        raise fault("solve() returned a wrong solution", f"{where}: {first}")
    if count != min(len(truth), 200):
        raise fault("count() is wrong", f"{where}: {count} != {len(truth)}")
    back = pickle.loads(pickle.dumps(p))
    if back != p:
        raise fault("pickled problem differs", where)


# ---------------------------------------------------------------------------
# ExactCover.from_matrix
# ---------------------------------------------------------------------------


def _matrix_verdict(value):
    """(0/1 matrix as an int array or None, verdict) by the documented rule."""
    try:
        with np.errstate(all="ignore"):
            a = np.asarray(value)
    except (ValueError, TypeError):
        return None, BAD
    if a.ndim != 2:
        return None, BAD
    if a.dtype.kind in "USV":
        return None, BAD
    flat = a.reshape(-1).tolist()
    for v in flat:
        if isinstance(v, (list, tuple)):
            return None, BAD
        if not isinstance(v, (bool, int, float, complex)):
            return None, BAD
        if v != 0 and v != 1:
            return None, BAD
    verdict = EITHER if a.dtype.kind in "Oc" else OK
    return np.array([[int(abs(v)) for v in row] for row in a.tolist()], np.int64).reshape(a.shape), verdict


def _secondary_arg(kind, n_primary, n_items):
    secs = list(range(n_primary, n_items))
    if kind == "exact":
        return secs, OK
    if kind == "none":
        return MISSING, OK
    if kind == "np":
        return np.array(secs, np.int64), OK
    if kind == "generator":
        return ("gen", secs), OK
    if kind == "int":
        return 1, BAD
    if kind == "str":
        return "1", BAD
    if kind == "float":
        return [float(s) for s in secs], (EITHER if secs else OK)
    if kind == "bool":
        return [True], BAD
    if kind == "dup":
        return (secs + secs[:1], BAD) if secs else (secs, OK)
    if kind == "range-out":
        return secs + [n_items], BAD
    return secs + [-1], BAD


def check_from_matrix(case) -> str:
    value = case["matrix"]
    m, mv = _matrix_verdict(value)
    n_cols = m.shape[1] if m is not None else case["n_items"]
    sec, sv = _secondary_arg(case["secondary"], case["n_primary"], n_cols)
    sec_shown = sec
    if isinstance(sec, tuple) and sec[0] == "gen":
        sec_shown, sec = sec[1], iter(sec[1])
    verdict = combine(mv, sv)
    mention = [nm for nm, v in (("matrix", mv), ("secondary", sv)) if v != OK]
    where = f"ExactCover.from_matrix({value!r:.300}, secondary={sec_shown!r})"
    ok, p = attempt(ExactCover.from_matrix, value) if sec is MISSING else \
        attempt(ExactCover.from_matrix, value, secondary=sec)
    if not ok:
        return check_rejection(p, verdict, mention, where)
    out = accepted(verdict, where, mention)
    if m is None:
        return out
    secs = [] if sec is MISSING else [int(s) for s in sec_shown]
    prim = [c for c in range(n_cols) if c not in secs]
    if p.n_items != n_cols or p.primary != prim or p.secondary != secs:
        raise fault("from_matrix items are wrong", f"{where}: {p.primary} | {p.secondary}")
    if p.n_options != m.shape[0]:
        raise fault("from_matrix options lost", where)
    for j in range(m.shape[0]):
        if sorted(p.option_names(j)) != np.flatnonzero(m[j]).tolist():
            raise fault("from_matrix option is wrong", f"{where}: option {j}")
    order = prim + secs
    options = [[order.index(c) for c in np.flatnonzero(m[j]).tolist()] for j in range(m.shape[0])]
    check_solves(p, options, len(prim), n_cols, where)
    return out


# ---------------------------------------------------------------------------
# ExactCover.from_options
# ---------------------------------------------------------------------------


@st.composite
def from_options_cases(draw):
    names = draw(st.lists(S.HASHABLE_NAMES, min_size=0, max_size=6))
    if draw(st.integers(0, 6)) == 0:
        names.append(draw(S.UNHASHABLE_NAMES))
    option = st.lists(st.sampled_from(names), max_size=4) if names else st.just([])
    opts = draw(st.lists(option, max_size=7))
    form = draw(st.sampled_from(["lists"] * 5 + ["tuples", "strings", "generator", "none", "int", "str",
                                                  "option-int", "option-none"]))
    case = dict(options=opts, form=form, names=names)
    for which in ("primary", "secondary"):
        kind = draw(st.sampled_from(["missing", "missing", "list", "list", "str", "int", "dup", "extra",
                                     "generator", "none"]))
        chosen = draw(st.lists(st.sampled_from(names), max_size=4)) if names else []
        case[which] = (kind, chosen)
    return case


def _options_arg(case):
    opts, form = case["options"], case["form"]
    if form == "lists":
        return [list(o) for o in opts]
    if form == "tuples":
        return [tuple(o) for o in opts]
    if form == "strings":
        return [" ".join(str(x) for x in o) for o in opts]
    if form == "generator":
        return (list(o) for o in opts)
    if form == "none":
        return None
    if form == "int":
        return 3
    if form == "str":
        return "a b"
    if form == "option-int":
        return [list(o) for o in opts] + [5]
    return [list(o) for o in opts] + [None]


def _names_arg(kind, chosen):
    if kind == "list":
        return list(chosen)
    if kind == "str":
        return " ".join(str(c) for c in chosen) or "a"
    if kind == "int":
        return 3
    if kind == "dup":
        return list(chosen) + list(chosen[:1]) if chosen else ["a", "a"]
    if kind == "extra":
        return list(chosen) + ["never-in-an-option"]
    if kind == "generator":
        return iter(list(chosen))
    if kind == "none":
        return None
    return MISSING


def _hashable(x) -> bool:
    try:
        hash(x)
        return True
    except TypeError:
        return False


def _options_oracle(opts_value, primary, secondary):
    """What from_options must make of its arguments: ``(primary names, secondary
    names, options as item numbers)`` or ``(BAD or EITHER, mention)``."""
    if opts_value is None or isinstance(opts_value, (int, float)):
        return BAD, ("options",)
    if isinstance(opts_value, (str, bytes)):
        return EITHER, ("options",)
    options = []
    for o in list(opts_value):
        if isinstance(o, (str, bytes)):
            o = o.split()
        if o is None or isinstance(o, (int, float)):
            return BAD, ("option",)
        options.append(list(o))
    for o in options:
        for x in o:
            if not _hashable(x):
                return BAD, ("hashable",)
    reasons: list = []
    declared = []
    if secondary is MISSING or secondary is None:
        sec = []
        if secondary is None:
            return EITHER, ("secondary",)
    elif isinstance(secondary, int):
        return BAD, ("secondary",)
    elif isinstance(secondary, str):
        return EITHER, ("secondary",)  # one name, or names split on white space
    else:
        sec = list(secondary)
    if primary is not MISSING and primary is not None:
        if isinstance(primary, int):
            return BAD, ("primary",)
        if isinstance(primary, str):
            return EITHER, ("primary",)
        prim = list(primary)
        if not all(_hashable(x) for x in prim + sec):
            reasons.append("hashable")
        declared = [x for x in prim + sec if _hashable(x)]
        if len(set(declared)) != len(declared):
            reasons.append("twice")
        if reasons:
            return BAD, tuple(reasons)
    else:
        if not all(_hashable(x) for x in sec):
            reasons.append("hashable")
        hs = [x for x in sec if _hashable(x)]
        if len(set(hs)) != len(hs):
            reasons.append("twice")
        if reasons:
            return BAD, tuple(reasons)
        secset = set(sec)
        prim = []
        seen = set()
        for o in options:
            for x in o:
                if x not in secset and x not in seen:
                    # an entry (item, color) or "item:color" of an item already
                    # read as primary: a color on a primary item, refused
                    # (from_options's docstring: list such a name in primary=)
                    part = (x[0] if type(x) is tuple and len(x) == 2 else
                            x.rpartition(":")[0] if isinstance(x, str) and ":" in x else None)
                    if part is not None and _hashable(part) and part in seen:
                        return BAD, ("option",)
                    seen.add(x)
                    prim.append(x)
    index = {x: i for i, x in enumerate(prim + sec)}
    out = []
    for o in options:
        row = []
        for x in o:
            if x not in index:
                return BAD, ("unknown",)
            if index[x] in row:
                return BAD, ("twice",)
            row.append(index[x])
        out.append(row)
    return prim, sec, out


def check_from_options(case) -> str:
    opts_value = _options_arg(case)
    pk, pc = case["primary"]
    sk, sc = case["secondary"]
    primary, secondary = _names_arg(pk, pc), _names_arg(sk, sc)
    shown = dict(primary=primary if not hasattr(primary, "__next__") else list(pc),
                 secondary=secondary if not hasattr(secondary, "__next__") else list(sc))
    oracle_opts = list(opts_value) if hasattr(opts_value, "__next__") else opts_value
    if hasattr(opts_value, "__next__"):
        opts_value = iter(oracle_opts)
    oracle = _options_oracle(oracle_opts, shown["primary"], shown["secondary"])
    kw = {}
    if primary is not MISSING:
        kw["primary"] = primary
    if secondary is not MISSING:
        kw["secondary"] = secondary
    where = f"ExactCover.from_options({oracle_opts!r:.300}, **{ {k: shown[k] for k in kw}!r})"
    ok, p = attempt(ExactCover.from_options, opts_value, **kw)
    if len(oracle) == 2:
        verdict, mention = oracle
        if set(mention) & {"hashable", "twice", "unknown", "option"}:
            mention = ("option", "item")  # a fault of an item: the message names the option or the item
        if not ok:
            return check_rejection(p, verdict, mention, where)
        out = accepted(verdict, where, list(mention))
        # a str primary/secondary: one name, or names split on white space; never characters
        for which in ("primary", "secondary"):
            v = shown[which]
            if isinstance(v, str):
                got = getattr(p, which)
                if got not in ([v], v.split()):
                    raise fault(f"{which}= string read as {got!r}", where)
        return out
    prim, sec, options = oracle
    if not ok:
        return check_rejection(p, OK, (), where)
    if p.primary != prim or p.secondary != sec:
        raise fault("from_options items are wrong", f"{where}: {p.primary} | {p.secondary}")
    names = prim + sec
    for j, o in enumerate(options):
        if list(p.option_names(j)) != [names[i] for i in o]:
            raise fault("from_options option is wrong", f"{where}: option {j}")
    check_solves(p, options, len(prim), len(names), where)
    return "accepted"


# ---------------------------------------------------------------------------
# ExactCover(n_primary, item_names, opt_ptr, opt_items)
# ---------------------------------------------------------------------------


@st.composite
def init_cases(draw):
    options, n_primary, n_items = draw(problems(max_items=6, max_options=8))
    ptr = [0]
    for o in options:
        ptr.append(ptr[-1] + len(o))
    flat = [i for o in options for i in o]
    spoil = draw(st.sampled_from([None, None, None, "n_primary", "names", "ptr", "items"]))
    case = dict(options=options, n_primary=(n_primary, OK), names=([f"i{k}" for k in range(n_items)], OK),
                ptr=(np.array(ptr, np.int64), OK), items=(np.array(flat, np.int32), OK), n_items=n_items)
    if spoil == "n_primary":
        case["n_primary"] = draw(S.tagged(ok=[np.int64(n_primary)],
                                          bad=[-1, n_items + 1, None, "1", 1.5, [1]],
                                          either=[float(n_primary), True if n_primary == 1 else False]))
    elif spoil == "names":
        names = [f"i{k}" for k in range(n_items)]
        dup = names + names[:1] if names else names
        case["names"] = draw(S.tagged(ok=[tuple(names), (x for x in names)],
                                      bad=[dup[1:] + dup[:1] if len(names) >= 2 else None, None, 5],
                                      either=[[[k] for k in range(n_items)]]))
        if case["names"][0] is None and case["names"][1] == BAD and n_items < 2:
            case["names"] = (None, BAD)
    elif spoil == "ptr":
        p = list(ptr)
        choices = [(np.array(p, np.float64), EITHER), ([float(x) for x in p], EITHER), (list(p), OK),
                   (None, BAD), ("0", BAD), (np.array(p, np.int64).reshape(1, -1), BAD),
                   (p[:-1] + [p[-1] + 1], BAD), ([1] + p[1:], BAD) if len(p) > 1 else (p, OK),
                   ([x + 2**32 if k else x for k, x in enumerate(p)], BAD) if len(p) > 1 else (p, OK)]
        if len(p) > 1:
            half = [x + 0.5 if 0 < k < len(p) - 1 else x for k, x in enumerate(p)]
            choices.append((half, BAD if len(p) > 2 else OK))
        if len(p) > 2:
            q = list(p)
            q[1], q[2] = q[2], q[1]
            choices.append((q, BAD if q != p else OK))
        case["ptr"] = draw(st.sampled_from(choices))
    elif spoil == "items":
        f = list(flat)
        choices = [(list(f), OK), (np.array(f, np.int64), OK), (np.array(f, np.float64), EITHER)]
        if f:
            k = draw(st.integers(0, len(f) - 1))
            for v, verdict in ((n_items, BAD), (-1, BAD), (2**32 + f[k], BAD), (f[k] + 0.5, BAD),
                               (2**31, BAD), (None, BAD)):
                g = list(f)
                g[k] = v
                choices.append((np.array(g, np.int64) if isinstance(v, int) and v < 2**62 and draw(st.booleans())
                                else g, verdict))
            if len(options) and any(len(o) >= 2 for o in options):
                j = next(j for j, o in enumerate(options) if len(o) >= 2)
                g = list(f)
                g[ptr[j] + 1] = g[ptr[j]]
                choices.append((g, BAD))
        case["items"] = draw(st.sampled_from(choices))
    return case


def _exact_ints(value):
    """The values of a list or array as Python ints, if all are exact integers."""
    try:
        a = np.asarray(value, dtype=object).reshape(-1).tolist()
    except Exception:  # noqa: BLE001
        return None
    out = []
    for v in a:
        if isinstance(v, (bool, np.bool_)) or v is None:
            return None
        if isinstance(v, (float, np.floating)):
            if v != int(v):
                return None
            v = int(v)
        if not isinstance(v, (int, np.integer)):
            return None
        out.append(int(v))
    return out


def check_init(case) -> str:
    n1, v1 = case["n_primary"]
    names, v2 = case["names"]
    ptr, v3 = case["ptr"]
    items, v4 = case["items"]
    shown_names = list(names) if hasattr(names, "__next__") else names
    if hasattr(names, "__next__"):
        names = iter(shown_names)
    verdict = combine(v1, v2, v3, v4)
    mention = [nm for nm, v in (("n_primary", v1), ("name", v2), ("opt_ptr", v3), ("opt_items", v4))
               if v != OK]
    if v4 != OK:
        mention += ["item"]
    if v2 == BAD and shown_names is not None and not isinstance(shown_names, int):
        mention = mention + ["twice", "duplicate", "distinct"]
    where = f"ExactCover({n1!r}, {shown_names!r}, {ptr!r}, {items!r})"
    ok, p = attempt(ExactCover, n1, names, ptr, items)
    if not ok:
        return check_rejection(p, verdict, mention, where)
    out = accepted(verdict, where, mention)
    # what was accepted must be exactly what was given: no value converted with loss
    want_ptr, want_items = _exact_ints(ptr), _exact_ints(items)
    if want_ptr is None or p.opt_ptr.tolist() != want_ptr:
        raise fault("opt_ptr changed on the way in", f"{where}: {p.opt_ptr.tolist()}")
    if want_items is None or p.opt_items.tolist() != want_items:
        raise fault("opt_items changed on the way in", f"{where}: {p.opt_items.tolist()}")
    if p.item_names != list(shown_names) or len(set(map(repr, p.item_names))) != p.n_items:
        raise fault("item names changed or repeated", where)
    options = [want_items[want_ptr[j]:want_ptr[j + 1]] for j in range(len(want_ptr) - 1)]
    check_solves(p, options, int(n1), p.n_items, where)
    return out


# ---------------------------------------------------------------------------
# Searching: solve, count, solutions, search, batch
# ---------------------------------------------------------------------------


@st.composite
def given_arg(draw, options, n_primary):
    """``(given, verdict, note)``: valid givens in many containers, or faulty ones."""
    m = len(options)
    order = draw(st.permutations(range(m)))
    chosen, used = [], set()
    for j in order[:draw(st.integers(0, 3))]:
        if not used & set(options[j]):
            chosen.append(j)
            used |= set(options[j])
    kind = draw(st.sampled_from(["list", "list", "list", "tuple", "array32", "array64", "uint", "generator",
                                 "none", "empty", "conflict", "twice", "range", "negative", "bool", "float",
                                 "str", "nested", "float-array"]))
    if kind == "list":
        return list(chosen), OK, None
    if kind == "tuple":
        return tuple(chosen), OK, None
    if kind == "array32":
        return np.array(chosen, np.int32), OK, None
    if kind == "array64":
        return np.array(chosen, np.int64), OK, None
    if kind == "uint":
        return np.array(chosen, np.uint16), OK, None
    if kind == "generator":
        return ("gen", list(chosen)), OK, None
    if kind == "none":
        return None, OK, None
    if kind == "empty":
        return [], OK, None
    if kind == "conflict":
        pairs = [(a, b) for a in range(m) for b in range(m) if a != b and set(options[a]) & set(options[b])]
        if not pairs:
            return list(chosen), OK, None
        a, b = draw(st.sampled_from(pairs))
        return [a, b], BAD, ("conflict", a, b)
    if kind == "twice":
        if not m:
            return [], OK, None
        j = draw(st.integers(0, m - 1))
        return [j, j], BAD, ("twice", j)
    if kind == "range":
        return list(chosen) + [m + draw(st.integers(0, 3))], BAD, ("range",)
    if kind == "negative":
        return [-1], BAD, ("range",)
    if kind == "bool":
        return [True], BAD, None
    if kind == "float":
        return [0.0] if m else [0.5], (EITHER if m else BAD), None
    if kind == "str":
        return "0", BAD, None
    if kind == "nested":
        return [[0]], BAD, None
    return np.array(chosen, np.float64), EITHER, None


@st.composite
def search_cases(draw):
    options, n_primary, n_items = draw(problems(max_items=7, max_options=10))
    method = draw(st.sampled_from(["solve", "count", "solutions", "search-next", "search-count",
                                   "search-solutions", "batch", "batch", "accessor"]))
    case = dict(options=options, n_primary=n_primary, n_items=n_items, method=method)
    if method == "accessor":
        m = len(options)
        case["accessor"] = draw(st.sampled_from(["option", "option_names", "option_names-list", "item_index"]))
        case["index"] = draw(S.tagged(ok=list(range(m)) + ([np.int64(m - 1)] if m else []),
                                      bad=[-1, m, m + 5, 1.5, "0", None, True, [0], 2**70]))
        return case
    if method == "batch":
        case["jobs"] = draw(st.lists(given_arg(options, n_primary), max_size=5))
        case["jobs_form"] = draw(st.sampled_from(["list", "list", "tuple", "generator", "none", "str", "int"]))
        case["limit"] = draw(st.one_of(S.BATCH_LIMIT, st.lists(st.integers(-1, 4), min_size=0,
                                                               max_size=6).map(lambda v: (v, "per-job"))))
        case["kw"] = draw(S.search_kwargs(("threads", "stop_at", "max_nodes", "timeout", "progress"),
                                          progress=S.BATCH_PROGRESS))
    else:
        case["given"] = draw(given_arg(options, n_primary))
        case["kw"] = draw(S.search_kwargs())
        if method not in ("solve", "search-next") and draw(st.booleans()):
            case["limit"] = draw(S.COUNT_LIMIT)
    return case


def _given_value(g):
    if isinstance(g, tuple) and len(g) == 2 and g[0] == "gen":
        return iter(g[1]), g[1]
    return g, g


def _given_mention(note):
    if note is None:
        return ("given", "option")
    if note[0] == "conflict":
        return ("conflict",)
    if note[0] == "twice":
        return ("twice",)
    return ("range", "option")


def _check_conflict_message(e, note, where):
    """A conflict names both options (as plain numbers); a repeat names the option."""
    if note is None or not isinstance(e, Exception):
        return
    msg = str(e)
    nums = set(int(x) for x in re.findall(r"\b\d+\b", msg))
    if note[0] == "conflict" and not {note[1], note[2]} <= nums:
        raise fault("a conflict does not name both options", f"{where}: {msg!r}")
    if note[0] == "twice" and note[1] not in nums:
        raise fault("a repeated option is not named", f"{where}: {msg!r}")


def check_search(case) -> str:
    options, n1, n_items, method = case["options"], case["n_primary"], case["n_items"], case["method"]
    p = ExactCover.from_options([[str(i) for i in o] for o in options], primary=[str(i) for i in range(n1)],
                                secondary=[str(i) for i in range(n1, n_items)])
    if method == "batch":
        return _check_batch(p, case)
    if method == "accessor":
        return _check_accessor(p, case)
    (g, gv, note) = case["given"]
    given, shown = _given_value(g)
    tagged = dict(case["kw"])
    tagged["given"] = (shown, gv)
    if "limit" in case:
        tagged["limit"] = case["limit"]
    verdict, bad = verdict_of(tagged)
    kw = value_of(case["kw"])
    max_nodes, timeout = budget_of(kw)
    limit = case["limit"][0] if "limit" in case else None
    int_lim = plain_int(limit) if limit is not None else None
    larg = (limit,) if "limit" in case else ()
    where = (f"ExactCover.from_options({[[str(i) for i in o] for o in options]!r}, primary="
             f"{[str(i) for i in range(n1)]!r}, secondary={[str(i) for i in range(n1, n_items)]!r})"
             f".{method}({'' if not larg else repr(limit) + ', '}given={shown!r}, **{kw!r})")

    def call():
        if method == "solve":
            return p.solve(given=given, **kw)
        if method == "count":
            return p.count(*larg, given=given, **kw)
        if method == "solutions":
            return list(itertools.islice(p.solutions(*larg, given=given, **kw), 50))
        s = p.search(given=given, **kw)
        if method == "search-next":
            return [s.next() for _ in range(3)], s
        if method == "search-count":
            return s.count(*larg), s
        return list(itertools.islice(s.solutions(*larg), 50)), s

    ok, r = attempt(call)
    if not ok:
        if isinstance(r, LimitReached):
            if verdict == BAD:
                raise fault("bad argument accepted (search ran)", f"{where}: {r}")
            return check_limit(r, max_nodes, timeout, where)
        if bad == ["given"]:
            _check_conflict_message(r, note, where)
        mention = list(bad)
        if "given" in bad:
            mention += list(_given_mention(note))
        return check_rejection(r, verdict, mention, where)
    out = accepted(verdict, where, bad)
    stats = r[1].stats if method.startswith("search") else last_stats()
    if method.startswith("search"):
        r = r[0]
    if timeout == 0 and not (int_lim == 0 and method not in ("solve", "search-next")):
        raise fault("timeout=0 completed a search", f"{where}: {stats.nodes} nodes")
    if over_budget(stats.nodes, max_nodes, stats.solutions):
        raise fault("node budget exceeded", f"{where}: {stats.nodes} nodes > {max_nodes}")
    gl = [] if shown is None else [int(x) for x in shown]
    truth = solutions_of(options, n1, n_items, gl)
    if method == "solve":
        if (r is None) != (not truth) or (r is not None and frozenset(r) not in truth):
            raise fault("solve(given=) is wrong", f"{where}: {r}")
        if r is not None and not all(type(x) is int for x in r):
            raise fault("solution holds non-int values", f"{where}: {r!r}")
    elif method in ("count", "search-count"):
        want = len(truth) if int_lim is None else min(len(truth), int_lim)
        if r != want:
            raise fault("count(given=) is wrong", f"{where}: {r} != {want}")
    elif method == "search-next":
        got = [x for x in r if x is not None]
        if any(frozenset(x) not in truth for x in got) or len(got) != min(3, len(truth)) \
                or len(set(map(frozenset, got))) != len(got):
            raise fault("Search.next() is wrong", f"{where}: {r}")
    else:
        want = len(truth) if int_lim is None else min(len(truth), int_lim)
        if any(frozenset(x) not in truth for x in r) or len(set(map(frozenset, r))) != len(r) \
                or len(r) != min(want, 50):
            raise fault("solutions(given=) is wrong", f"{where}: {len(r)} solutions, oracle {len(truth)}")
    return out


def _check_accessor(p, case) -> str:
    """option(j), option_names(j or [j, ...]), item_index(name) with fuzzed arguments."""
    options, acc = case["options"], case["accessor"]
    j, verdict = case["index"]
    names = [str(i) for i in range(case["n_items"])]
    if acc == "option":
        call, want = (lambda: p.option(j)), (lambda: options[int(j)])
    elif acc == "option_names":
        call, want = (lambda: p.option_names(j)), (lambda: tuple(names[i] for i in options[int(j)]))
        if isinstance(j, (list, tuple)):  # a list is option_names' other form: its indices decide
            verdict = EITHER
            want = lambda: [tuple(names[i] for i in options[int(k)]) for k in j]  # noqa: E731
    elif acc == "option_names-list":
        call, want = (lambda: p.option_names([j])), (lambda: [tuple(names[i] for i in options[int(j)])])
    else:
        # item names are str(i): an int is an unknown name, its text a known one when in range
        known = isinstance(j, (int, np.integer)) and not isinstance(j, bool) and 0 <= j < len(names)
        name = str(j) if known else j
        verdict = OK if known else BAD
        call, want = (lambda: p.item_index(name)), (lambda: int(j))
        if isinstance(j, str) and j in names:  # the name itself
            verdict, want = OK, (lambda: names.index(j))
    where = f"ExactCover(options={options!r}, n_primary={case['n_primary']}).{acc}({j!r})"
    ok, r = attempt(call)
    if not ok:
        return check_rejection(r, verdict, ("option", "item", "index"), where)
    out = accepted(verdict, where, ["index"])
    if r != want():
        raise fault(f"{acc}() is wrong", f"{where}: {r!r} != {want()!r}")
    return out


def _check_batch(p, case) -> str:
    options, n1, n_items = case["options"], case["n_primary"], case["n_items"]
    jobs_t = case["jobs"]
    jobs_shown = [_given_value(g)[1] for g, _, _ in jobs_t]
    form = case["jobs_form"]
    if form == "list":
        jobs = [_given_value(g)[0] for g, _, _ in jobs_t]
    elif form == "tuple":
        jobs = tuple(_given_value(g)[0] for g, _, _ in jobs_t)
    elif form == "generator":
        jobs = (_given_value(g)[0] for g, _, _ in jobs_t)
    else:
        jobs = {"none": None, "str": "0 1", "int": 3}[form]
    lim, lv = case["limit"]
    if lv == "per-job":
        lv = OK if len(lim) == len(jobs_t) and all(x >= 1 for x in lim) else BAD
    tagged = dict(case["kw"])
    tagged["limit"] = (lim, lv)
    verdict, bad = verdict_of(tagged)
    if form in ("none", "str", "int"):
        verdict, bad = BAD, bad + ["jobs"]
    kw = value_of(case["kw"])
    max_nodes, timeout = budget_of(kw)
    # givens that cannot be read make the call fail; conflicts make their job INVALID
    per_job = []
    for (g, gv, note), shown in zip(jobs_t, jobs_shown):
        if gv == BAD and (note is None or note[0] == "range"):
            verdict, bad = combine(verdict, BAD), bad + ["job", "given", "option"]
        elif gv == EITHER:
            verdict, bad = combine(verdict, EITHER), bad + ["job", "given", "option"]
        per_job.append((shown, note))
    where = f"ExactCover(...{options!r}, n_primary={n1}).batch({jobs_shown!r}, {lim!r}, **{kw!r})"
    ok, r = attempt(p.batch, jobs, lim, **kw)
    if not ok:
        return check_rejection(r, verdict, bad, where)
    out = accepted(verdict, where, bad)
    if form not in ("list", "tuple", "generator"):
        return out
    if len(r) != len(jobs_t) or len(r.first) != len(jobs_t):
        raise fault("batch lost or added results", f"{where}: {len(r)} for {len(jobs_t)} jobs")
    limits = list(lim) if isinstance(lim, list) else [int(lim)] * len(jobs_t)
    for i, ((shown, note), st_) in enumerate(zip(per_job, r.status.tolist())):
        name = Status(st_).name
        w = f"{where}: job {i}"
        if note is not None and note[0] in ("conflict", "twice"):
            if name == "BUDGET" and note[0] == "conflict" and (max_nodes == 0 or timeout == 0):
                continue  # a budget of nothing applies no givens: every job is BUDGET (README)
            if name != "INVALID":
                raise fault("conflicting givens not INVALID", f"{w}: {name}")
            _check_conflict_message(r.errors[i], note, w)
            continue
        if shown is None:
            shown = []
        truth = solutions_of(options, n1, n_items, [int(x) for x in shown])
        if name == "BUDGET":
            if max_nodes is None and timeout is None:
                raise fault("BUDGET without a budget", w)
            if over_budget(r.nodes[i], max_nodes, r.count[i]):
                raise fault("node budget exceeded", f"{w}: {r.nodes[i]} > {max_nodes}")
            continue
        if name == "INVALID":
            raise fault("valid job INVALID", f"{w}: {r.errors[i]}")
        if over_budget(r.nodes[i], max_nodes, r.count[i]):
            raise fault("node budget exceeded", f"{w}: {r.nodes[i]} > {max_nodes}")
        want = min(len(truth), limits[i])
        if int(r.count[i]) != want:
            raise fault("batch count is wrong", f"{w}: {int(r.count[i])} != {want}")
        expect = "NO_SOLUTION" if want == 0 else "SOLVED" if want == 1 else "MULTIPLE"
        if name != expect:
            raise fault("batch status is wrong", f"{w}: {name} != {expect}")
        first = r.first[i]
        if (first is None) != (want == 0) or (first is not None and frozenset(first) not in truth):
            raise fault("batch first solution is wrong", f"{w}: {first}")
    return out


# ---------------------------------------------------------------------------
# DLX text
# ---------------------------------------------------------------------------

DLX_SOURCES = ["str", "bytes", "stringio", "bytesio", "path", "pathlike", "text-file", "binary-file"]


@st.composite
def dlx_cases(draw, raw=False):
    if raw:
        value = draw(S.raw_dlx())
        case = dict(raw=True, value=value)
        text = value
    else:
        options, n1, n_items, names = draw(S.dlx_problems())
        text = draw(S.dlx_text(options, n1, n_items, names))
        case = dict(raw=False, options=options, n_primary=n1, n_items=n_items, names=names, value=text)
    case["source"] = draw(st.sampled_from(DLX_SOURCES))
    case["api"] = draw(st.sampled_from(["parse_dlx", "from_dlx"]))
    return case


def _dlx_source(kind, value):
    data = value.encode("utf-8") if isinstance(value, str) else value
    if kind == "str":
        return (value if isinstance(value, str) else value.decode("utf-8", "replace")), None
    if kind == "bytes":
        return data, None
    if kind == "stringio":
        return io.StringIO(data.decode("utf-8", "replace")), None
    if kind == "bytesio":
        return io.BytesIO(data), None
    path = tmp_path(data, ".dlx")
    if kind == "path":
        return path, None
    if kind == "pathlike":
        return pathlib.Path(path), None
    f = open(path, "rb") if kind == "binary-file" else open(path, encoding="utf-8", errors="replace")
    return f, f


def _pathish(source) -> bool:
    """Whether the source may be taken for a path (a str with no line break)."""
    return isinstance(source, str) and "\n" not in source


def check_dlx(case) -> str:
    source, closer = _dlx_source(case["source"], case["value"])
    where = f"{case['api']}({case['source']} of {case['value']!r:.400})"
    try:
        ok, r = attempt(parse_dlx if case["api"] == "parse_dlx" else ExactCover.from_dlx, source)
    finally:
        if closer is not None:
            closer.close()
    if not ok:
        if isinstance(r, OSError) and _pathish(source) and (source.strip() in str(r) or repr(source) in str(r)):
            return f"rejected:{type(r).__name__}"  # a one-line text taken for a missing file
        if not case["raw"]:
            return check_rejection(r, OK, (), where)
        out = check_rejection(r, EITHER, (), where)
        msg = str(r)
        if "line" not in msg and "no item line" not in msg and "UTF-8" not in msg:
            raise fault("DLX error names no line", f"{where}: {msg!r}")
        return out
    if case["api"] == "parse_dlx":
        n1, names, ptr, items = r.n_primary, list(r.item_names), r.opt_ptr.tolist(), r.opt_items.tolist()
    else:
        n1, names, ptr, items = r.n_primary, r.item_names, r.opt_ptr.tolist(), r.opt_items.tolist()
    options = [items[ptr[j]:ptr[j + 1]] for j in range(len(ptr) - 1)]
    if case["raw"]:
        if not names or not 0 <= n1 <= len(names) or ptr[0] != 0 or ptr[-1] != len(items) \
                or any(not 0 <= i < len(names) for i in items) or any(len(set(o)) != len(o) for o in options):
            raise fault("parsed DLX is inconsistent", where)
        return "accepted"
    want = (case["n_primary"], case["names"], case["options"])
    if (n1, names, options) != want:
        raise fault("DLX text read wrong", f"{where}: got {(n1, names, options)!r}, want {want!r}")
    p = r if case["api"] == "from_dlx" else ExactCover(n1, names, r.opt_ptr, r.opt_items)
    check_solves(p, options, n1, len(names), where)
    ok, back = attempt(lambda: ExactCover.from_dlx(p.to_dlx()))
    if not ok or back != p:
        raise fault("to_dlx() does not read back", f"{where}: {back!r}")
    return "accepted"


# ---------------------------------------------------------------------------
# Encodings and decoders
# ---------------------------------------------------------------------------


@st.composite
def decoder_cases(draw):
    enc = draw(st.sampled_from(["queens", "langford", "pentominoes"]))
    if enc == "queens":
        args = (draw(st.integers(1, 6)),)
    elif enc == "langford":
        args = (draw(st.sampled_from([1, 2, 3, 4, 5, 7])), draw(st.booleans()))
    else:
        args = draw(st.sampled_from([(3, 5, False, "PUV"), (5, 3, False, "FPU"), (3, 5, True, "LPV"),
                                     (2, 5, False, "IL"), (1, 5, False, "I")]))
    kind = draw(st.sampled_from(["real", "real", "partial", "extra", "twice", "range", "negative", "bool",
                                 "float", "str", "none", "nested", "array", "generator", "empty"]))
    return dict(enc=enc, args=args, kind=kind, pick=draw(st.integers(0, 10**6)))


def _decoded_ok(enc, sol, key, out, n_args):
    """Whether ``out`` is the true decoding of the (valid, maybe partial) solution ``sol``."""
    if not sol and enc != "pentominoes" and isinstance(out, list) and all(v in (0, -1) for v in out):
        return True  # nothing to decode: an empty list, or a list of blanks
    if enc == "queens":
        n = n_args[0]
        want = {key[j][0]: key[j][1] for j in sol}
        return (isinstance(out, list) and len(out) == n
                and all(out[r] == c for r, c in want.items())
                and all(out[r] not in range(n) for r in range(n) if r not in want))
    if enc == "langford":
        n = n_args[0]
        if not isinstance(out, list) or len(out) != 2 * n:
            return False
        slots = {}
        for j in sol:
            k, a, b = key[j]
            slots[a] = slots[b] = k
        return all(out[s] == slots.get(s, out[s]) for s in range(2 * n)) and \
            all(out[s] not in range(1, n + 1) for s in range(2 * n) if s not in slots)
    cells = {}
    for j in sol:
        letter, cs = key[j]
        for rc in cs:
            cells[rc] = letter
    return all(r < len(out) and c < len(out[r]) and out[r][c] == letter for (r, c), letter in cells.items()) \
        and all(out[r][c] == "." for r in range(len(out)) for c in range(len(out[r])) if (r, c) not in cells)


def check_decoder(case) -> str:
    enc, args, kind = case["enc"], case["args"], case["kind"]
    if enc == "queens":
        p, key = queens(*args)
        dec = queens_columns
    elif enc == "langford":
        p, key = langford(*args)
        dec = langford_sequence
    else:
        p, key = pentominoes(*args[:3], pieces=args[3])
        dec = pentomino_grid if case["pick"] % 2 else pentomino_picture
    sols = list(itertools.islice(p.solutions(max_nodes=50_000), 4))
    real = sols[case["pick"] % len(sols)] if sols else []
    m = len(key)
    sol, verdict = list(real), OK
    if kind == "partial":
        sol = real[:-1]
        verdict = OK if enc == "pentominoes" else EITHER
    elif kind == "extra":
        extra = [j for j in range(m) if j not in real]
        if extra:
            sol = real + [extra[case["pick"] % len(extra)]]
            verdict = BAD  # two options share a row, a slot, a cell or a piece
    elif kind == "twice":
        sol = real + real[:1] if real else [0, 0]
        verdict = BAD if m else BAD
    elif kind == "range":
        sol = real + [m]
        verdict = BAD
    elif kind == "negative":
        sol = [-1]
        verdict = BAD
    elif kind == "bool":
        sol = [True]
        verdict = BAD
    elif kind == "float":
        sol = [float(x) for x in real] or [0.5]
        verdict = EITHER if real else BAD
    elif kind == "str":
        sol = "0 1"
        verdict = BAD
    elif kind == "none":
        sol = None
        verdict = BAD
    elif kind == "nested":
        sol = [real]
        verdict = BAD
    elif kind == "array":
        sol = np.array(real, np.int64)
    elif kind == "generator":
        sol = ("gen", list(real))
    elif kind == "empty":
        sol = []
        verdict = OK if enc == "pentominoes" else EITHER
    if not real and kind in ("real", "partial", "extra", "array", "generator", "empty", "float"):
        verdict = EITHER  # no solution to start from: decoding nothing, or a lone option
    shown = sol[1] if isinstance(sol, tuple) else sol
    value = iter(sol[1]) if isinstance(sol, tuple) else sol
    where = f"{dec.__name__}({shown!r}, key of {enc}{args!r})"
    ok, out = attempt(dec, value, key)
    if not ok:
        return check_rejection(out, verdict, ("solution", "option", "index", "twice", "key", "row", "slot",
                                              "cell", "piece"), where)
    res = accepted(verdict, where, ["solution"])
    if verdict == EITHER and kind in ("float",):
        return res
    chosen = [int(x) for x in shown]
    if dec is pentomino_picture:
        out = [list(line) for line in out.split("\n")] if out else []
    if not _decoded_ok(enc, chosen, key, out, args):
        raise fault("decoder output does not match the solution", f"{where}: {out!r}")
    return res


@st.composite
def encoder_cases(draw):
    enc = draw(st.sampled_from(["queens", "langford", "pentominoes"]))
    if draw(st.integers(0, 2)) > 0:  # two times in three, every argument valid
        if enc == "queens":
            return dict(enc=enc, args=[(draw(st.integers(1, 6)), OK), (draw(st.booleans()), OK)])
        if enc == "langford":
            return dict(enc=enc, args=[(draw(st.sampled_from([1, 2, 3, 4, 7])), OK), (draw(st.booleans()), OK)])
        h, w, pcs = draw(st.sampled_from([(3, 5, "PUV"), (5, 3, "FPU"), (3, 5, "LPV"), (1, 5, "I"), (6, 10, None)]))
        return dict(enc=enc, args=[(h, OK), (w, OK), (draw(st.booleans()), OK), (pcs, OK)])
    if enc == "queens":
        n = draw(S.tagged(ok=[1, 2, 3, 4, 5, 6, np.int64(5)], bad=[0, -1, 1.5, "4", None, True, [4]],
                          either=[4.0]))
        op = draw(S.tagged(ok=[True, False, np.bool_(True)], either=["yes", 1, None, 0]))
        return dict(enc=enc, args=[n, op])
    if enc == "langford":
        n = draw(S.tagged(ok=[1, 2, 3, 4, 7, np.int64(3)], bad=[0, -2, 2.5, "3", None, False], either=[3.0]))
        bs = draw(S.tagged(ok=[True, False, np.bool_(False)], bad=["no", 1, None, 0]))
        return dict(enc=enc, args=[n, bs])
    h, w, pcs = draw(st.sampled_from([(3, 5, "PUV"), (5, 3, "FPU"), (2, 5, "IL"), (3, 5, "XYZ"),
                                      (1, 5, "I"), (6, 10, None)]))
    hv = draw(S.tagged(ok=[h], bad=[0, -1, 1.5, "3", None, True], either=[float(h)]))
    wv = draw(S.tagged(ok=[w], bad=[0, -5, 2.5, "5", None]))
    bs = draw(S.tagged(ok=[False, True], bad=["yes", 2, None]))
    pv = draw(S.tagged(ok=[pcs, list(pcs) if pcs else None, tuple(pcs) if pcs else None],
                       bad=["QQ", "PP", 5, [], [1], "P P"],
                       either=[pcs.lower() if pcs else "fx"]))
    return dict(enc=enc, args=[hv, wv, bs, pv])


def _queens_truth(n):
    count = 0

    def place(r, cols, d1, d2):
        nonlocal count
        if r == n:
            count += 1
            return
        for c in range(n):
            if c not in cols and r + c not in d1 and r - c not in d2:
                place(r + 1, cols | {c}, d1 | {r + c}, d2 | {r - c})

    place(0, frozenset(), frozenset(), frozenset())
    return count


def _langford_ok(seq, n):
    if sorted(seq) != sorted(list(range(1, n + 1)) * 2):
        return False
    for k in range(1, n + 1):
        a = [i for i, v in enumerate(seq) if v == k]
        if a[1] - a[0] != k + 1:
            return False
    return True


def check_encoder(case) -> str:
    enc, args = case["enc"], case["args"]
    values = [v for v, _ in args]
    verdict = combine(*(t for _, t in args))
    names = {"queens": ["n", "organ_pipe"], "langford": ["n", "break_symmetry"],
             "pentominoes": ["height", "width", "break_symmetry", "pieces"]}[enc]
    mention = [nm for nm, (_, t) in zip(names, args) if t != OK] + ["pentomino", "piece"]
    if enc == "pentominoes":
        h, w, bs, pcs = values
        letters = pcs if pcs is not None else "FILNPTUVWXYZ"
        if args[2][1] == OK and args[3][1] == OK and bs and not set("FLNPY") & set(letters):
            verdict = BAD  # break_symmetry needs an asymmetric piece
    fn = {"queens": queens, "langford": langford, "pentominoes": pentominoes}[enc]
    call_args = values if enc != "pentominoes" else values[:3]
    kw = {"pieces": values[3]} if enc == "pentominoes" else {}
    where = f"{enc}(*{call_args!r}, **{kw!r})"
    ok, r = attempt(fn, *call_args, **kw)
    if not ok:
        return check_rejection(r, verdict, mention, where)
    out = accepted(verdict, where, mention)
    p, key = r
    if enc == "queens":
        n = int(values[0])
        sols = list(itertools.islice(p.solutions(max_nodes=200_000), 200))
        if len(sols) != _queens_truth(n):
            raise fault("queens count is wrong", f"{where}: {len(sols)}")
        for s in sols:
            cols = queens_columns(s, key)
            if sorted(cols) != list(range(n)) or len({r + c for r, c in enumerate(cols)}) != n \
                    or len({r - c for r, c in enumerate(cols)}) != n:
                raise fault("queens solution attacks", f"{where}: {cols}")
    elif enc == "langford":
        n = int(values[0])
        sols = list(itertools.islice(p.solutions(max_nodes=200_000), 200))
        for s in sols:
            if not _langford_ok(langford_sequence(s, key), n):
                raise fault("langford solution is wrong", f"{where}: {langford_sequence(s, key)}")
        seqs = {tuple(langford_sequence(s, key)) for s in sols}
        if values[1] and any(tuple(reversed(q)) in seqs for q in seqs):
            raise fault("break_symmetry kept a solution and its reverse", where)
    else:
        h, w = int(values[0]), int(values[1])
        if h * w <= 15:
            for s in itertools.islice(p.solutions(max_nodes=100_000), 20):
                grid = pentomino_grid(s, key)
                flat = [c for row in grid for c in row]
                if len(grid) != h or any(len(row) != w for row in grid) or "." in flat \
                        or any(flat.count(ch) != 5 for ch in set(flat)):
                    raise fault("pentomino tiling is wrong", f"{where}: {grid}")
    return out


# ---------------------------------------------------------------------------

TARGETS = [
    Target("from_matrix", "ExactCover.from_matrix", S.matrices(), check_from_matrix),
    Target("from_options", "ExactCover.from_options", from_options_cases(), check_from_options),
    Target("exact_cover_init", "ExactCover(n_primary, names, opt_ptr, opt_items)", init_cases(), check_init),
    Target("exact_cover_search", "p.solve/count/solutions/search/batch", search_cases(), check_search),
    Target("dlx", "parse_dlx/ExactCover.from_dlx (built texts)", dlx_cases(), check_dlx),
    Target("dlx_raw", "parse_dlx/ExactCover.from_dlx (raw text, bytes)", dlx_cases(raw=True), check_dlx),
    Target("decoders", "queens_columns/langford_sequence/pentomino_grid/_picture", decoder_cases(),
           check_decoder),
    Target("encoders", "queens/langford/pentominoes", encoder_cases(), check_encoder),
]
