"""Knuth's DLX1 text format (dlxnumba.io.dlx): parse_dlx and format_dlx on arrays,
and ExactCover.from_dlx / to_dlx built on them; reading, writing, round trips, errors."""

import ast
import codecs
import re
import io
import subprocess
import sys
import unicodedata
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import reference as ref
from dlxnumba import last_stats
from dlxnumba import DLXFormatError, ExactCover, ExactCoverError
from dlxnumba.io import dlx as dlx_module
from dlxnumba.io.dlx import DLXText, format_dlx, parse_dlx
from known import (KNUTH_NAMES, KNUTH_NUMBERED, KNUTH_OPTIONS, KNUTH_PRIMARY, KNUTH_SECONDARY, KNUTH_TEXT,
                   knuth_problem)
from strategies import examples

PROPERTY = settings(max_examples=examples(100), deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


KNUTH_COMMENTED = """\
| Knuth's example from "Dancing Links"
|

  A B C D E | F G
| the options follow
C E F
A D G

   B C F
|A D G   (a comment, not an option)
A D
B G
    | indented comment
D E G
"""


def named_options(p):
    return [list(p.option_names(j)) for j in range(p.n_options)]


def assert_same_problem(read, original):
    """Same primary count, item names (as text) and options, item for item."""
    assert read.n_primary == original.n_primary
    assert read.item_names == [str(x) for x in original.item_names]
    assert all(type(x) is str for x in read.item_names)
    assert read.options == original.options
    assert named_options(read) == [[str(x) for x in o] for o in named_options(original)]


# ---------------------------------------------------------------------------
# The arrays: parse_dlx and format_dlx, which know no problem objects
# ---------------------------------------------------------------------------


def test_parse_dlx_gives_the_csr_arrays():
    t = parse_dlx(KNUTH_COMMENTED)
    assert isinstance(t, DLXText) and not isinstance(t, ExactCover)
    assert t.n_primary == 5 and t.item_names == KNUTH_NAMES
    assert t.opt_ptr.dtype == np.int64 and t.opt_items.dtype == np.int32
    assert t.opt_ptr.tolist() == [0, 3, 6, 9, 11, 13, 16]
    assert t.opt_items.tolist() == [i for o in KNUTH_NUMBERED for i in o]


def test_format_dlx_writes_the_csr_arrays():
    ptr = np.cumsum([0] + [len(o) for o in KNUTH_NUMBERED]).astype(np.int64)
    items = np.array([i for o in KNUTH_NUMBERED for i in o], np.int32)
    assert format_dlx(KNUTH_NAMES, 5, ptr, items) == KNUTH_TEXT
    assert format_dlx(KNUTH_NAMES, 7, ptr, items).splitlines()[0] == "A B C D E F G"


@pytest.mark.parametrize("names, n_primary, ptr, items, message", [
    (["a", "b"], 0, [0, 1], [0], "primary"),
    (["a", "b"], 2, [0, 1, 1], [0], "option 1 has no items"),
    (["a", "b c"], 2, [0, 1], [0], "'b c'"),
    ([1, "1"], 2, [0, 1], [0], "distinct"),
], ids=["no-primary-item", "empty-option", "space-in-a-name", "names-equal-as-text"])
def test_format_dlx_refuses_what_the_format_cannot_hold(names, n_primary, ptr, items, message):
    with pytest.raises(ExactCoverError, match=message):
        format_dlx(names, n_primary, np.array(ptr, np.int64), np.array(items, np.int32))


NAME = st.text(st.characters(blacklist_categories=("Z", "C"), blacklist_characters="|:"),
               min_size=1, max_size=4).filter(lambda s: s.split() == [s])


@st.composite
def dlx_arrays(draw):
    """(item names, n_primary, opt_ptr, opt_items) that the format can hold."""
    names = draw(st.lists(NAME, min_size=1, max_size=8, unique=True))
    n1 = draw(st.integers(1, len(names)))
    option = st.lists(st.integers(0, len(names) - 1), unique=True, min_size=1, max_size=4)
    options = draw(st.lists(option, max_size=10))
    ptr = np.cumsum([0] + [len(o) for o in options]).astype(np.int64)
    items = np.array([i for o in options for i in o], np.int32)
    return names, n1, ptr, items


@PROPERTY
@given(dlx_arrays())
def test_parse_and_format_are_inverse_on_arrays(arrays):
    names, n1, ptr, items = arrays
    text = format_dlx(names, n1, ptr, items)
    t = parse_dlx(text)
    assert (t.n_primary, t.item_names) == (n1, names)
    assert t.opt_ptr.dtype == np.int64 and t.opt_items.dtype == np.int32
    np.testing.assert_array_equal(t.opt_ptr, ptr)
    np.testing.assert_array_equal(t.opt_items, items)
    assert format_dlx(t.item_names, t.n_primary, t.opt_ptr, t.opt_items) == text


def test_the_format_module_imports_no_problem_or_search():
    """dlxnumba.io.dlx reads and writes arrays: of the package it imports only
    the errors (checked in its source and in a fresh interpreter)."""
    tree = ast.parse(Path(dlx_module.__file__).read_text())
    from_package = [(node.level, node.module) for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)
                    and (node.level or (node.module or "").startswith("dlxnumba"))]
    assert from_package == [(2, "errors")]
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Import)
                and any(a.name.startswith("dlxnumba") for a in node.names)]
    script = ("import sys; from dlxnumba.io.dlx import parse_dlx; parse_dlx('a b\\na\\n'); "
              "print(' '.join(sorted(m for m in sys.modules if m.startswith(('dlxnumba', 'numba')))))")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["dlxnumba", "dlxnumba.errors", "dlxnumba.io", "dlxnumba.io.dlx"]


# ---------------------------------------------------------------------------
# Reading
# ---------------------------------------------------------------------------


def test_reads_knuth_example_with_comments_and_blank_lines():
    p = ExactCover.from_dlx(KNUTH_COMMENTED)
    assert p.primary == KNUTH_PRIMARY and p.secondary == KNUTH_SECONDARY
    assert named_options(p) == KNUTH_OPTIONS
    assert p.count(stop_at=0) == 1
    assert (last_stats().nodes, last_stats().updates) == (6, 30)  # golden.md
    assert p.solve() == [0, 3, 4]


def test_reads_from_path_str_path_file_object_bytes_and_text(tmp_path):
    path = tmp_path / "knuth.dlx"
    path.write_text(KNUTH_COMMENTED, encoding="utf-8")
    expected = knuth_problem()
    with open(path, encoding="utf-8") as text_file, open(path, "rb") as binary_file:
        sources = {
            "pathlib": path,
            "str path": str(path),
            "text file": text_file,
            "binary file": binary_file,
            "StringIO": io.StringIO(KNUTH_COMMENTED),
            "BytesIO": io.BytesIO(KNUTH_COMMENTED.encode()),
            "text": KNUTH_COMMENTED,
            "bytes": KNUTH_COMMENTED.encode(),
        }
        for what, source in sources.items():
            p = ExactCover.from_dlx(source)
            assert_same_problem(p, expected)
            assert p.solve() == [0, 3, 4], what


def test_windows_line_endings_are_accepted():
    p = ExactCover.from_dlx(KNUTH_COMMENTED.replace("\n", "\r\n"))
    assert named_options(p) == KNUTH_OPTIONS and p.n_primary == 5


def test_item_line_without_bar_makes_every_item_primary():
    p = ExactCover.from_dlx("a b c\na b\nc\n")
    assert p.n_primary == 3 and p.secondary == []
    assert p.solve() == [0, 1]


def test_item_line_with_trailing_bar_has_no_secondary_item():
    p = ExactCover.from_dlx("a b |\na\nb\n")
    assert p.n_primary == 2 and p.secondary == []


def test_text_with_only_an_item_line_has_no_options():
    p = ExactCover.from_dlx("x y | z")
    assert p.n_options == 0 and p.item_names == ["x", "y", "z"]
    assert p.count() == 0


def test_names_are_any_printable_tokens():
    p = ExactCover.from_dlx("p11 r1#9 é→ | s[0]\np11 r1#9\né→ s[0]\n")
    assert p.item_names == ["p11", "r1#9", "é→", "s[0]"]
    assert p.solve() == [0, 1]


# ---------------------------------------------------------------------------
# Errors, with line numbers
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("text, line, fragment", [
    ("| c\nA B\nA\n\nC\n", 5, "'C'"),  # unknown item
    ("A B | C\nA C\nB C B\n", 3, "twice"),  # item twice in an option
    ("| c\n\nA B A\nA B\n", 3, "twice"),  # item named twice on the item line
    ("A B | C\nA\nB\nC | D\n", 4, "|"),  # a bar inside an option
    ("A | B | C\nA\n", 1, "more than one '|'"),  # two bars on the item line
    ("A B | C\nA:x C\n", 2, "primary item 'A' cannot have a color"),  # a color on a primary item
    ("| c\nA:1 B\nA\n", 2, "contains ':'"),  # a colon on the item line
])
def test_errors_name_the_line(text, line, fragment):
    with pytest.raises(DLXFormatError) as e:
        ExactCover.from_dlx(text)
    msg = str(e.value)
    assert f"line {line}" in msg
    assert fragment in msg
    assert isinstance(e.value, ExactCoverError) and isinstance(e.value, ValueError)


def test_unknown_item_message_names_the_item_and_line():
    with pytest.raises(DLXFormatError, match=r"line 3: unknown item 'Z'"):
        ExactCover.from_dlx("A B\nA\nB Z\n")


@pytest.mark.parametrize("text", ["", "\n\n   \n", "| only\n| comments\n", "|\n"])
def test_empty_or_all_comment_text_raises(text):
    with pytest.raises(DLXFormatError, match="no item line"):
        ExactCover.from_dlx(text)


def test_error_from_a_file_names_the_file(tmp_path):
    path = tmp_path / "bad.dlx"
    path.write_text("A B\nA\nA A\n", encoding="utf-8")
    with pytest.raises(DLXFormatError) as e:
        ExactCover.from_dlx(path)
    assert "bad.dlx" in str(e.value) and "line 3" in str(e.value)


def test_unsupported_source_type_raises_type_error():
    with pytest.raises(TypeError):
        ExactCover.from_dlx(12)


# ---------------------------------------------------------------------------
# Writing and round trips
# ---------------------------------------------------------------------------


def test_writes_knuth_example_exactly():
    assert knuth_problem().to_dlx() == "A B C D E | F G\n" + "".join(
        " ".join(o) + "\n" for o in KNUTH_OPTIONS)


def test_writes_no_bar_without_secondary_items():
    text = ExactCover.from_options([["a", "b"], ["b"]]).to_dlx()
    assert text.splitlines()[0] == "a b"


HAND_MADE = {
    "knuth": knuth_problem,
    "integer names": lambda: ExactCover.from_options([[1, 2], [3], [2, 3, 10]], secondary=[10]),
    "matrix": lambda: ExactCover.from_matrix([[1, 0, 1], [0, 1, 0], [1, 1, 0]], secondary=[1]),
    "secondary-only option": lambda: ExactCover.from_options([["a"], ["s"]], primary=["a"],
                                                             secondary=["s"]),
    "unused items": lambda: ExactCover.from_options([["a"]], primary=["a", "b"],
                                                    secondary=["s", "t"]),
    "no options": lambda: ExactCover.from_options([], primary=["a"]),
}


@pytest.mark.parametrize("build", HAND_MADE)
def test_round_trip_hand_made(build):
    p = HAND_MADE[build]()
    q = ExactCover.from_dlx(p.to_dlx())
    assert_same_problem(q, p)
    want = list(p.solutions(stop_at=0))
    figures = last_stats().nodes, last_stats().updates
    assert list(q.solutions(stop_at=0)) == want
    assert (last_stats().nodes, last_stats().updates) == figures
    assert q.to_dlx() == p.to_dlx()


def test_round_trip_through_a_file(tmp_path):
    p = knuth_problem()
    path = tmp_path / "out.dlx"
    path.write_text(p.to_dlx(), encoding="utf-8")
    assert_same_problem(ExactCover.from_dlx(path), p)
    assert_same_problem(ExactCover.from_dlx(str(path)), p)


@st.composite
def named_problems(draw):
    """(options as name lists, primary names, secondary names), at least one primary."""
    names = draw(st.lists(NAME, min_size=1, max_size=8, unique=True))
    n1 = draw(st.integers(1, len(names)))
    option = st.lists(st.sampled_from(names), unique=True, min_size=1, max_size=4)
    options = draw(st.lists(option, max_size=10))
    return options, names[:n1], names[n1:]


@PROPERTY
@given(named_problems())
def test_round_trip_random(prob):
    options, primary, secondary = prob
    p = ExactCover.from_options(options, primary=primary, secondary=secondary)
    text = p.to_dlx()
    q = ExactCover.from_dlx(text)
    assert_same_problem(q, p)
    assert named_options(q) == options
    assert q.to_dlx() == text
    # and the text still describes the same exact-cover problem
    numbered = [[(primary + secondary).index(x) for x in o] for o in options]
    expect = ref.solutions_by_subsets(numbered, len(primary), len(primary) + len(secondary))
    assert {frozenset(s) for s in q.solutions()} == expect


@PROPERTY
@given(named_problems())
def test_round_trip_random_via_file_object(prob):
    options, primary, secondary = prob
    p = ExactCover.from_options(options, primary=primary, secondary=secondary)
    assert_same_problem(ExactCover.from_dlx(io.StringIO(p.to_dlx())), p)
    assert_same_problem(ExactCover.from_dlx(io.BytesIO(p.to_dlx().encode("utf-8"))), p)


@pytest.mark.parametrize("build", [
    lambda: ExactCover.from_options([["x"]], primary=[], secondary=["x"]),
    lambda: ExactCover.from_options([]),
    lambda: ExactCover.from_matrix([[1, 1]], secondary=[0, 1]),
], ids=["secondary only", "no items", "matrix"])
def test_writing_without_primary_items_raises(build):
    with pytest.raises(ExactCoverError, match="primary"):
        build().to_dlx()


@pytest.mark.parametrize("bad", ["a b", "tab\there", "new\nline", "", "x|y", "|x", "c:1", "nbsp\u00a0"])
def test_writing_unwritable_names_raises(bad):
    p = ExactCover.from_options([["ok", bad]])
    with pytest.raises(ExactCoverError) as e:
        p.to_dlx()
    assert repr(bad) in str(e.value)


def test_writing_names_equal_as_text_raises():
    p = ExactCover.from_options([[1, "1"]])
    with pytest.raises(ExactCoverError, match="distinct"):
        p.to_dlx()


def test_writing_an_empty_option_raises_or_round_trips():
    p = ExactCover.from_matrix([[1, 0], [0, 0], [0, 1]])
    try:
        text = p.to_dlx()
    except ExactCoverError:
        return
    assert ExactCover.from_dlx(text).n_options == p.n_options


# ---------------------------------------------------------------------------
# Sturdy input: byte-order marks, bytes that are not UTF-8, line ends, directories
# ---------------------------------------------------------------------------

BOM = b"\xef\xbb\xbf"


def _sources(tmp_path, data: bytes) -> dict:
    """The same bytes as every kind of source: bytes, a path (str and Path),
    a binary file object, and a text-mode file object opened as UTF-8."""
    path = tmp_path / "p.dlx"
    path.write_bytes(data)
    return {"bytes": lambda: data, "bytearray": lambda: bytearray(data), "Path": lambda: path,
            "str path": lambda: str(path), "BytesIO": lambda: io.BytesIO(data),
            "text file": lambda: open(path, encoding="utf-8")}


@pytest.mark.parametrize("kind", ["bytes", "bytearray", "Path", "str path", "BytesIO", "text file"])
@pytest.mark.parametrize("text", [KNUTH_TEXT, KNUTH_COMMENTED, KNUTH_TEXT.replace("\n", "\r\n")],
                         ids=["plain", "comment first", "CRLF"])
def test_a_utf8_byte_order_mark_is_ignored(tmp_path, kind, text):
    """A BOM (as Windows editors write) used to become part of the first item
    name, or turn a leading comment into an item line."""
    source = _sources(tmp_path, BOM + text.encode())[kind]()
    assert_same_problem(ExactCover.from_dlx(source), knuth_problem())
    if hasattr(source, "close"):
        source.close()


def test_a_byte_order_mark_in_a_string_is_ignored():
    assert_same_problem(ExactCover.from_dlx("\ufeff" + KNUTH_TEXT), knuth_problem())


def test_a_byte_order_mark_alone_has_no_item_line():
    with pytest.raises(DLXFormatError, match="no item line"):
        ExactCover.from_dlx(BOM)


@pytest.mark.parametrize("kind", ["bytes", "Path", "str path", "BytesIO", "text file"])
@pytest.mark.parametrize("data, line, column, offset", [
    (b"A B\nA\n\xff B\n", 3, 1, 6),
    (b"A B\nA caf\xe9\n", 2, 6, 9),  # Latin-1, not UTF-8
    (b"| r\xc3\xa9sum\xc3\xa9\r\nA B\r\nA \x80\r\n", 3, 3, 19),  # after UTF-8 and CRLF
    (b"A B\rA\rB \xc3\r", 3, 3, 8),  # a cut-off sequence, CR-only line ends
    (BOM + b"A B\nA\xff\n", 2, 2, 8),  # the offset counts the byte-order mark
], ids=["first-byte", "latin-1", "after-utf8-crlf", "truncated-cr", "after-bom"])
def test_bytes_that_are_not_utf8_name_the_line_column_and_offset(tmp_path, kind, data, line, column, offset):
    """Used to be a bare UnicodeDecodeError naming no line."""
    source = _sources(tmp_path, data)[kind]()
    with pytest.raises(DLXFormatError) as e:
        ExactCover.from_dlx(source)
    msg = str(e.value)
    assert f"line {line}, column {column} (byte offset {offset}): not UTF-8 text" in msg, msg
    if kind in ("Path", "str path"):
        assert "p.dlx" in msg
    if hasattr(source, "close"):
        source.close()


def test_utf16_text_is_recognized(tmp_path):
    path = tmp_path / "u16.dlx"
    path.write_text(KNUTH_TEXT, encoding="utf-16")
    with pytest.raises(DLXFormatError, match=r"line 1, column 1 \(byte offset 0\).*looks like UTF-16"):
        ExactCover.from_dlx(path)


@pytest.mark.parametrize("data, column, what", [
    (b"\x7fELF\x02\x01\x01\x00\x00\x00 A\n", 1, "control character"),
    (b"A B\nA\x00\x00\x00\n", 2, "NUL"),
    (b"| binary\nA B\x01 C\n", 4, "control character"),
])
def test_binary_input_that_decodes_is_refused_with_the_column(data, column, what):
    """Bytes that happen to be UTF-8 but hold control characters are not item names."""
    with pytest.raises(DLXFormatError) as e:
        ExactCover.from_dlx(data)
    msg = str(e.value)
    assert f"column {column}:" in msg and what in msg and "binary" in msg, msg


def test_lone_surrogates_in_a_string_are_refused():
    with pytest.raises(DLXFormatError, match="line 1, column 4.*surrogate"):
        ExactCover.from_dlx("A B\udc80\nA\n")


@pytest.mark.parametrize("as_path", [str, Path], ids=["str", "Path"])
def test_a_directory_is_reported_as_a_directory(tmp_path, as_path):
    """Used to say 'no such DLX file' for a directory that exists."""
    d = tmp_path / "problems.d"
    d.mkdir()
    with pytest.raises(IsADirectoryError) as e:
        ExactCover.from_dlx(as_path(d))
    assert "directory" in str(e.value) and "no such" not in str(e.value)


def test_a_missing_file_is_still_reported_missing(tmp_path):
    with pytest.raises(FileNotFoundError, match="no such DLX file"):
        ExactCover.from_dlx(str(tmp_path / "absent.dlx"))


def test_cr_only_line_ends_are_line_ends():
    """Old Mac line ends: each CR ends a line (the whole text used to be one line)."""
    p = ExactCover.from_dlx(KNUTH_COMMENTED.replace("\n", "\r"))
    assert_same_problem(p, knuth_problem())


def test_a_lone_cr_between_options_separates_them():
    """'A\\rB' was read as the one option {A, B}: a different problem, silently."""
    p = ExactCover.from_dlx("A B\nA\rB\n")
    assert p.options == [[0], [1]]
    assert p.solve() == [0, 1]


def test_line_numbers_count_every_kind_of_line_end():
    with pytest.raises(DLXFormatError, match="line 5: unknown item 'Z'"):
        ExactCover.from_dlx("A B\r\nA\rB\n\r\nZ\n")


LINE_ENDS = st.sampled_from(["\n", "\r\n", "\r"])


@PROPERTY
@given(dlx_arrays(), st.data(), st.sampled_from([1, 2, 3, 7]))
def test_lines_cut_into_pieces_read_the_same(arrays, data, piece):
    """The reader splits the text into lines a piece at a time: wherever a piece
    ends (inside a CRLF too), the problem and the line of an error are the same."""
    names, n1, ptr, items = arrays
    lines = format_dlx(names, n1, ptr, items).splitlines()
    lines.insert(data.draw(st.integers(0, 1)), "| a comment")
    text = "".join(ln + data.draw(LINE_ENDS) for ln in lines)
    item_line = next(k for k, ln in enumerate(lines, 1) if not ln.startswith("|"))
    bad_at = data.draw(st.integers(item_line + 1, len(lines) + 1))
    bad = "".join(ln + data.draw(LINE_ENDS) for ln in lines[:bad_at - 1]) + "\u2603unknown\n"
    whole = parse_dlx(text)
    with pytest.raises(DLXFormatError, match=f"line {bad_at}: unknown item") as e_whole:
        parse_dlx(bad)
    old = dlx_module._PIECE
    dlx_module._PIECE = piece
    try:
        cut = parse_dlx(text)
        with pytest.raises(DLXFormatError) as e_cut:
            parse_dlx(bad)
    finally:
        dlx_module._PIECE = old
    assert (cut.n_primary, cut.item_names) == (whole.n_primary, whole.item_names)
    np.testing.assert_array_equal(cut.opt_ptr, whole.opt_ptr)
    np.testing.assert_array_equal(cut.opt_items, whole.opt_items)
    assert str(e_cut.value) == str(e_whole.value)


def test_huge_item_names_are_shortened_in_messages():
    name = "x" * 1_000_000
    for text in (f"A B\nA {name}\n", f"A B {name} {name}\n", f"A {name}\nA {name} {name}\n",
                 f"A {name}:red\n"):
        with pytest.raises(DLXFormatError) as e:
            ExactCover.from_dlx(text)
        assert len(str(e.value)) < 300 and re.search(r"\(1,000,00\d characters\)", str(e.value))


def test_huge_item_names_are_read():
    name = "y" * 100_000
    p = ExactCover.from_dlx(f"A {name}\nA {name}\n")
    assert p.item_names == ["A", name] and p.solve() == [0]


def test_a_file_object_that_reads_neither_text_nor_bytes_raises_type_error():
    class Odd:
        def read(self):
            return 12

    with pytest.raises(TypeError, match="read"):
        ExactCover.from_dlx(Odd())


# ---------------------------------------------------------------------------
# Every name the writer writes comes back the same (issue 20, finding 13: a first
# item named "\ufeffA" lost its U+FEFF, taken for a byte-order mark)
# ---------------------------------------------------------------------------

#: The white space that separates names (``str.split``'s), outside the control characters.
WHITE_SPACE = "".join(ch for ch in map(chr, range(0x110000))
                      if ch.isspace() and unicodedata.category(ch) != "Cc")
#: Any name the format holds: no white space, no control character or lone surrogate
#: (a binary file's), no '|' or ':'; U+FEFF and every other character may be in it.
ANY_NAME = st.text(st.characters(blacklist_categories=("Cc", "Cs"), blacklist_characters="|:" + WHITE_SPACE),
                   min_size=1, max_size=5)
#: ... and often one that starts with U+FEFF.
BOM_OR_ANY_NAME = st.one_of(ANY_NAME, ANY_NAME.map(lambda s: "\ufeff" + s))


@st.composite
def problems_with_any_names(draw):
    """A problem whose item (and color) names are any the format holds; colors and
    bounds at random; every option has a primary item (DLX2 and DLX3 drop the others)."""
    names = draw(st.lists(BOM_OR_ANY_NAME, min_size=1, max_size=7, unique=True))
    n1 = draw(st.integers(1, len(names)))
    primary, secondary = names[:n1], names[n1:]
    colors = draw(st.lists(BOM_OR_ANY_NAME, max_size=3, unique=True)) if secondary else []
    options = []
    for _ in range(draw(st.integers(0, 6))):
        first = draw(st.sampled_from(primary))
        more = draw(st.lists(st.sampled_from(names), unique=True, max_size=3))
        option = [first] + [x for x in more if x != first]
        options.append([(x, draw(st.sampled_from(colors))) if x in secondary and colors and draw(st.booleans())
                        else x for x in option])
    bounds = {x: (u, u + draw(st.integers(1, 2)))
              for x in draw(st.lists(st.sampled_from(primary), unique=True, max_size=2))
              for u in [draw(st.integers(0, 1))]}
    return ExactCover.from_options(options, primary=primary, secondary=secondary, bounds=bounds or None)


@PROPERTY
@given(problems_with_any_names())
def test_every_name_the_writer_writes_is_read_back_the_same(p):
    text = p.to_dlx()
    for source in (text, text.encode("utf-8"), io.StringIO(text), io.BytesIO(codecs.BOM_UTF8 + text.encode())):
        q = ExactCover.from_dlx(source)
        assert q == p and q.item_names == p.item_names and q.color_names == p.color_names
    assert ExactCover.from_dlx(text).to_dlx() == text


@pytest.mark.parametrize("names", [["\ufeffA", "B"], ["\ufeff", "B"], ["\ufeff\ufeffA"], ["A", "\ufeffB"]])
def test_a_first_item_name_that_starts_with_a_byte_order_mark_is_kept(names, tmp_path):
    p = ExactCover.from_options([names], primary=names)
    text = p.to_dlx()
    assert ExactCover.from_dlx(text).item_names == names
    path = tmp_path / "p.dlx"
    path.write_text(text, encoding="utf-8")
    assert ExactCover.from_dlx(path) == p
    path.write_text(text, encoding="utf-8-sig")  # a file with a byte-order mark of its own
    assert ExactCover.from_dlx(path) == p


@PROPERTY
@given(st.lists(ANY_NAME, min_size=1, max_size=4, unique=True), st.data())
def test_a_name_the_format_cannot_hold_is_refused_naming_it(names, data):
    bad = data.draw(st.builds(lambda a, ch, b: a + ch + b, st.text(max_size=2),
                              st.sampled_from("|: \t\n\r\x00\x1b\x85\u00a0\u2028\u3000\ud800"), st.text(max_size=2)))
    p = ExactCover.from_options([names + [bad] if bad not in names else names + ["|"]])
    with pytest.raises(ExactCoverError) as e:
        p.to_dlx()
    assert "cannot be written in DLX format" in str(e.value) and repr(bad) in str(e.value)


def test_names_with_control_characters_cannot_be_written():
    with pytest.raises(ExactCoverError, match="control characters"):
        ExactCover.from_options([["a\x00b"]]).to_dlx()
