"""dlxnumba.parallel.checkpoint: resumable counts, and a file that checks itself.

A checkpoint is trusted only as far as it can be checked: any edit or damage
that changes what the file says is an error naming the line, before any work;
an edit that changes nothing (white space, key order) reads as the same file;
dropping the last records makes those tasks run again (the same total)."""

from __future__ import annotations

import json
import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import known
from dlxnumba import ExactCoverError, LimitReached, Sudoku, queens
from dlxnumba import batch as B
from dlxnumba.parallel import checkpoint as C  # C._digest, C._canonical (private): to forge a digest
from dlxnumba.parallel import tasks as T
from dlxnumba.parallel.checkpoint import Checkpoint
from dlxnumba.parallel.run import count_split
from strategies import examples


def interrupted_count(p, path, monkeypatch, after, **kw):
    """Start a checkpointed count and stop it (Ctrl-C) at the first progress report
    with ``after`` tasks done."""
    monkeypatch.setattr(B, "WORK_SLICE", 200)  # return to Python often
    monkeypatch.setattr(T, "TASK_SLICE", 1e-6)
    seen = []

    def progress(report):
        seen.append(report)
        if report.done >= after:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        p.count(checkpoint=path, progress=progress, progress_interval=0, **kw)
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("threads", [1, 2])
def test_an_interrupted_count_resumes_doing_only_the_rest(tmp_path, monkeypatch, threads):
    p, _ = queens(9)
    path = tmp_path / "q9.ckpt"
    seen = interrupted_count(p, path, monkeypatch, 3, threads=threads, stop_at=0)
    assert 0 <= seen[-1].fraction < 1
    before = Checkpoint.load(path, p, stop_at=0)
    done = set(before.done)
    assert 0 < len(done) < len(before.split)
    r = count_split(p, threads=threads, stop_at=0, checkpoint=path)
    serial = p.search(stop_at=0)
    assert r.count == serial.count() == 352
    assert sorted(r.ran) == sorted(set(range(len(before.split))) - done)  # only the rest
    assert (r.stats.nodes, r.stats.updates) == (serial.stats.nodes, serial.stats.updates)
    assert Checkpoint.load(path, p, stop_at=0).complete
    again = count_split(p, stop_at=0, checkpoint=path)  # all done: nothing runs
    assert again.ran == [] and again.count == 352


def test_a_timed_out_count_resumes(tmp_path):
    p, _ = queens(8)
    path = tmp_path / "q8.ckpt"
    with pytest.raises(LimitReached):
        p.count(threads=2, checkpoint=path, timeout=0)
    assert p.count(threads=2, checkpoint=path) == 92
    assert Sudoku(known.FIVE).count(checkpoint=tmp_path / "five") == 5


def test_a_checkpoint_of_another_problem_is_refused(tmp_path):
    p, _ = queens(6)
    path = tmp_path / "c"
    assert p.count(checkpoint=path) == 4
    with pytest.raises(ExactCoverError, match="was made for another problem"):
        queens(7)[0].count(checkpoint=path)
    with pytest.raises(ExactCoverError, match="was made for another stop_at"):
        p.count(checkpoint=path, stop_at=0)
    with pytest.raises(ExactCoverError, match="was made for another given options"):
        p.count(checkpoint=path, given=[1])
    (tmp_path / "junk").write_text("hello\n")
    with pytest.raises(ExactCoverError, match="is not a dlxnumba checkpoint"):
        p.count(checkpoint=tmp_path / "junk")


def test_torn_and_repeated_records(tmp_path):
    p, _ = queens(7)
    path = tmp_path / "c"
    ck = Checkpoint.open(path, p, tasks=6)
    r = T.count_tasks(p, ck.split.subproblems)
    rec = [(i, r.count[i], r.nodes[i], r.updates[i], r.seconds[i]) for i in range(len(r))]
    ck.record(rec[:2])
    ck.record(rec[:3])  # task 0 and 1 again: skipped
    with open(path, "a") as f:
        f.write('{"task": 3, "cou')  # a crash in the middle of a line
    again = Checkpoint.load(path, p)
    assert sorted(again.done) == [0, 1, 2]
    assert open(path).read().endswith("\n")  # the torn line is gone
    again.record(rec)
    assert again.complete and again.total()[0] == 40
    lines = open(path).read().splitlines()
    assert len(lines) == 1 + len(rec)
    bad = json.loads(lines[1])
    bad["count"] += 1  # a task recorded twice, the second time with another count
    with open(path, "a") as f:
        f.write(json.dumps(bad) + "\n")
    with pytest.raises(ExactCoverError, match=f"line {len(lines) + 1}: the record does not match its digest"):
        Checkpoint.load(path, p)


def test_a_checkpointed_run_does_not_cut(tmp_path):
    p, _ = queens(8)
    r = count_split(p, checkpoint=tmp_path / "c", tasks=4, budget=10)
    assert r.cuts == 0 and r.budget is None and r.count == 92


def test_a_checkpoint_of_an_older_version_is_refused(tmp_path):
    p, _ = queens(6)
    path = tmp_path / "c"
    p.count(checkpoint=path)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    head["version"] = 1
    path.write_text(json.dumps(head) + "\n")
    with pytest.raises(ExactCoverError, match="version 1; this dlxnumba reads version 2: delete it"):
        p.count(checkpoint=path)


# ---------------------------------------------------------------- the file checks itself

Q = 14  # queens 14: 365,596 solutions (the issue's example)


def half_done(path):
    """A checkpoint of queens 8 with about half of its tasks recorded, and the problem."""
    p, _ = queens(8)
    ck = Checkpoint.open(path, p, tasks=12)
    todo = ck.remaining()[::2]
    r = T.count_tasks(p, [ck.split.subproblems[i] for i in todo])
    ck.record([(i, r.count[k], r.nodes[k], r.updates[k], r.seconds[k]) for k, i in enumerate(todo)])
    return p


def edits():
    """Edits of a checkpoint's text, as (name, function of the lines, a random choice)."""

    def flip(lines, r):
        text = "\n".join(lines).encode()
        at = r.randrange(len(text))
        return (text[:at] + bytes([text[at] ^ (1 << r.randrange(8))]) + text[at + 1:]).decode("latin-1").split("\n")

    def drop(lines, r):
        k = r.randrange(len(lines) - 1)  # not the last line: dropping that is a task to run again
        return lines[:k] + lines[k + 1:]

    def duplicate(lines, r):
        k = r.randrange(len(lines))
        return lines[:k + 1] + lines[k:]

    def swap(lines, r):
        if len(lines) < 3:
            return None
        a, b = sorted(r.sample(range(len(lines)), 2))
        out = list(lines)
        out[a], out[b] = out[b], out[a]
        return out

    def number(lines, r):
        k = r.randrange(len(lines))
        digits = [i for i, c in enumerate(lines[k]) if c.isdigit()]
        i = r.choice(digits)
        new = str((int(lines[k][i]) + r.randrange(1, 10)) % 10)
        return lines[:k] + [lines[k][:i] + new + lines[k][i + 1:]] + lines[k + 1:]

    def field(lines, r):
        k = r.randrange(len(lines))
        rec = json.loads(lines[k])
        if k == 0:
            key = r.choice(["subproblems", "weights", "exact", "solutions", "stats", "stop_at", "given"])
            rec[key] = {"subproblems": rec["subproblems"][1:], "weights": rec["weights"][:-1],
                        "exact": [not x for x in rec["exact"]], "solutions": rec["solutions"] + [[0, 9]],
                        "stats": {**rec["stats"], "nodes": rec["stats"]["nodes"] + 1},
                        "stop_at": 1 - rec["stop_at"], "given": [0]}[key]
        else:
            key = r.choice(["task", "count", "nodes", "updates", "seconds"])
            rec[key] = rec[key] + 1
        return lines[:k] + [json.dumps(rec)] + lines[k + 1:]

    return {"flip": flip, "drop": drop, "duplicate": duplicate, "swap": swap, "number": number, "field": field}


@settings(max_examples=examples(60), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.sampled_from(sorted(edits())), st.integers(0, 2**32))
def test_an_edited_checkpoint_is_refused_before_any_work(tmp_path_factory, kind, seed):
    """A byte flipped, a line dropped, duplicated or swapped, a number or a field
    changed: the count refuses the file, naming it and a line, and runs nothing;
    or, where the edit changed nothing that the file says, counts the same total."""
    path = tmp_path_factory.mktemp("ck") / "q8.ckpt"
    p = half_done(path)
    lines = path.read_text().split("\n")[:-1]
    edited = edits()[kind](lines, random.Random(seed))  # (the file's times vary: one draw, not many)
    if edited is None:
        return
    data = ("\n".join(edited) + "\n").encode("latin-1")
    path.write_bytes(data)
    ran = []
    try:
        n = count_split(p, checkpoint=path, progress=ran.append, progress_interval=0).count
    except ExactCoverError as e:
        message = str(e)
        assert str(path) in message and ran == []
        assert "line " in message or "not a dlxnumba checkpoint" in message or "made for another" in message \
            or "version" in message
        return
    assert n == 92  # an edit that changes nothing the file says (or a last line cut short)


@pytest.mark.slow
def test_the_issues_edits_of_a_queens_14_checkpoint_are_refused(tmp_path):
    """Issue 20's cases on queens 14 (365,596): each resumed to a wrong total before."""
    p, _ = queens(Q)
    base = tmp_path / "base.ckpt"
    ck = Checkpoint.open(base, p, tasks=16)
    todo = ck.remaining()[:6]
    r = T.count_tasks(p, [ck.split.subproblems[i] for i in todo], threads=2)
    ck.record([(i, r.count[k], r.nodes[k], r.updates[k], r.seconds[k]) for k, i in enumerate(todo)])
    lines = base.read_text().splitlines()
    head, recs = json.loads(lines[0]), [json.loads(x) for x in lines[1:]]

    def cases():
        yield "a task's count edited", [lines[0]] + [json.dumps({**recs[0], "count": recs[0]["count"] + 1})] + lines[2:]
        yield "a task index changed", [lines[0]] + [json.dumps({**recs[0], "task": recs[-1]["task"] + 1})] + lines[2:]
        for key, value in [("subproblems", head["subproblems"][1:]),
                           ("subproblems", head["subproblems"] + head["subproblems"][-1:]),
                           ("solutions", head["solutions"] + [[0, 20, 41]]),
                           ("weights", head["weights"][:-3]),
                           ("solutions", 7)]:
            yield f"{key} changed", [json.dumps({**head, key: value})] + lines[1:]
            # with the header's digest made again: the plan's own check catches it
            body = {k: v for k, v in head.items() if k != "digest"}
            body[key] = value
            forged = {**body, "digest": C.plan_digest(body)}
            yield f"{key} changed, digest forged", [json.dumps(forged)] + lines[1:]

    for what, edited in cases():
        path = tmp_path / "edited.ckpt"
        path.write_text("\n".join(edited) + "\n")
        with pytest.raises(ExactCoverError, match=r"damaged: line \d+: ") as e:
            p.count(checkpoint=path, threads=2)
        assert os.fspath(path) in str(e.value), what
