"""What the documentation promises, checked without building it.

The site's build (``python -m sphinx -W ...``) fails on a broken reference, a public
name without an entry or a command without a reference; these tests say the same
cheaply, and check the README as a front page.
"""

from __future__ import annotations

import argparse
import inspect
import re
import shlex
import sys
from pathlib import Path

import pytest

import dlxnumba
from dlxnumba.cli import build_parser

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text()


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    # argparse keeps its sub-parsers in a private action: no public accessor
    return next(dict(a.choices) for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def _pipelines(text: str):
    """The command lines of a help text's or README's examples: each a list of stages."""
    for line in text.splitlines():
        line = line.strip()
        if line.startswith(("dlxnumba ", "python -m dlxnumba")) or ("| dlxnumba" in line and not line.startswith("|")):
            line = re.split(r"\s{2,}|\s#\s", line)[0]  # the example, not its comment
            yield [shlex.split(stage) for stage in re.split(r"\|\||\||&&", line)]


def test_every_example_of_the_help_and_the_readme_names_a_command():
    """`generate-puzzles | dlxnumba solve` stood in `solve --help` and the README: no
    such program.  Every stage of an example is `dlxnumba COMMAND ...` of a real command,
    and parses."""
    parser = build_parser()
    commands = _commands(parser)
    texts = {"dlxnumba --help": parser.epilog or ""}
    texts.update({f"dlxnumba {name} --help": p.epilog or "" for name, p in commands.items()})
    texts["README.md"] = README
    seen = 0
    for where, text in texts.items():
        for stages in _pipelines(text):
            for words in stages:
                if words[:3] == ["python", "-m", "dlxnumba"]:
                    words = ["dlxnumba", *words[3:]]
                assert words and words[0] == "dlxnumba", f"{where}: {' | '.join(map(' '.join, stages))}"
                if words[1:2] and not words[1].startswith("-"):
                    assert words[1] in commands, f"{where}: no command {words[1]!r}"
                    if not {"-h", "--help"} & set(words):
                        try:
                            _, unknown = parser.parse_known_args(words[1:])
                        except SystemExit:
                            raise AssertionError(f"{where}: {' '.join(words)} does not parse") from None
                        assert not unknown, f"{where}: {words}"
                seen += 1
    assert seen >= 10


def test_the_readme_is_a_front_page():
    assert len(README.splitlines()) <= 250
    # the tests' set-up command is the one .ci/run runs
    ci = (ROOT / ".ci" / "run").read_text()
    run = re.search(r"^# README's test command:\n(.+)$", ci, re.M).group(1)
    assert run in README
    # links that work on PyPI: no relative link into the repository
    for target in re.findall(r"\]\(([^)]+)\)", README):
        assert target.startswith("https://"), target


def test_the_front_pages_name_every_program_of_knuth_the_guides_follow():
    """README and the home page never mentioned the ZDDs (DLX6), which a guide, a
    notebook and the API offer: each names every one of Knuth's programs the guides
    follow, with an example of each new kind of search (``.zdd()``, ``.best(``)."""
    guides = " ".join(p.read_text() for p in (ROOT / "docs" / "guides").glob("*.md"))
    programs = set(re.findall(r"\bDLX(?:\d|-PRE)\b", guides))
    assert {"DLX1", "DLX6", "DLX-PRE"} <= programs
    for name, text in (("README.md", README), ("docs/index.md", (ROOT / "docs" / "index.md").read_text())):
        assert programs - set(re.findall(r"\bDLX(?:\d|-PRE)\b", text)) == set(), name
        assert ".zdd()" in text and ">>> " in text, name


def test_every_public_name_has_an_entry_in_the_api_reference():
    text = (ROOT / "docs" / "api.md").read_text()
    listed = {line.strip() for block in re.findall(r"\.\. autosummary::(.*?)```", text, re.S)
              for line in block.splitlines() if line.strip() and not line.strip().startswith(":")}
    public = set(dlxnumba.__all__) - {"__version__"}
    assert public - listed == set()


def test_every_guide_is_in_the_site():
    index = (ROOT / "docs" / "guides" / "index.md").read_text()
    for page in (ROOT / "docs" / "guides").glob("*.md"):
        if page.stem != "index":
            assert f"\n{page.stem}\n" in index, page.name


def _sections(doc: str) -> dict[str, str]:
    """The numpydoc sections of a docstring (``Parameters``, ``Returns``, ...) by title."""
    lines = inspect.cleandoc(doc).splitlines()
    out: dict[str, str] = {}
    title = ""
    for k, line in enumerate(lines):
        if k + 1 < len(lines) and set(lines[k + 1].strip()) == {"-"} and line.strip():
            title = line.strip()
            out[title] = ""
        elif title and not set(line.strip()) == {"-"}:
            out[title] += line + "\n"
    return out


def _parameters(doc: str) -> dict[str, str]:
    """Each documented parameter's description (names listed together share one)."""
    out: dict[str, str] = {}
    names: list[str] = []
    for line in _sections(doc).get("Parameters", "").splitlines():
        if line and not line[0].isspace():
            names = [n.strip() for n in line.split(":")[0].split(",")]
            for n in names:
                out[n] = ""
        elif names:
            for n in names:
                out[n] += " ".join(line.split()) + " "
    return {n: d.strip() for n, d in out.items()}


def _front_doors():
    from dlxnumba import ExactCover, Sudoku
    methods = [getattr(ExactCover, m) for m in ("search", "solve", "solutions", "count", "split", "batch",
                                                 "best", "reduce", "zdd")]
    methods += [getattr(Sudoku, m) for m in ("jigsaw", "killer", "solve", "solutions", "count", "is_unique",
                                              "grade", "hint", "steps")]
    return methods + [dlxnumba.solve_many, dlxnumba.grade_many, dlxnumba.grade, dlxnumba.generate,
                      dlxnumba.generate_many, dlxnumba.run_batch, dlxnumba.Search]


def test_the_front_doors_document_every_parameter_and_what_they_return_and_raise():
    """The API reference is made from the docstrings: a parameter, a return value or an
    exception left to running prose is missing from it."""
    for f in _front_doors():
        doc = inspect.getdoc(f) or ""
        target = f.__init__ if inspect.isclass(f) else f
        wanted = [n for n, p in inspect.signature(target).parameters.items()
                  if n not in ("self", "cls") and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
                  and not (p.default is None and n == "candidates")]  # hint's deprecated old name
        documented = _parameters(doc)
        assert [n for n in wanted if n not in documented] == [], f.__qualname__
        assert [n for n in documented if n not in wanted] == [], f.__qualname__
        sections = _sections(doc)
        if not inspect.isclass(f):
            assert "Returns" in sections or "Yields" in sections, f.__qualname__
        assert "Raises" in sections and "Examples" in sections, f.__qualname__


def test_the_search_options_read_the_same_in_every_method():
    """``ExactCover``'s methods repeat the search options' descriptions: each says what
    ``solve``'s (the fullest) says, perhaps with a sentence more."""
    from dlxnumba import ExactCover
    fullest = _parameters(ExactCover.solve.__doc__) | {"threads": _parameters(ExactCover.count.__doc__)["threads"]}
    del fullest["problem"]  # (each call's own words for the problem it is a method of)
    own = {("batch", "threads"), ("batch", "algorithm"), ("split", "threads")}  # other meanings there
    seen = 0
    for name in ("search", "solutions", "count", "split", "batch", "best", "zdd"):
        for param, text in _parameters(getattr(ExactCover, name).__doc__).items():
            if param in fullest and (name, param) not in own:
                assert text.startswith(fullest[param]), (name, param)
                seen += 1
    assert seen >= 30


def test_no_dollar_sign_in_the_prose_of_a_page_is_taken_for_math():
    """MyST's dollarmath read ``$...$`` as math: "costs $5, $5, $6" rendered as a formula
    that swallowed the rest of its paragraph.  The site now has no maths markup (MathJax
    would come from a CDN), so a ``$...$`` meant as maths would show raw TeX.  Outside
    code (fenced or inline), a page's Markdown has no ``$`` (maths is written in Unicode)."""
    found = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if "_build" in page.parts:
            continue
        text = re.sub(r"^(```|~~~).*?^\1", "", page.read_text(), flags=re.S | re.M)  # fenced code
        text = re.sub(r"`[^`]*`", "", text)  # inline code, across lines too
        found += [f"{page.relative_to(ROOT)}: {line.strip()}" for line in text.splitlines()
                  if "$" in line and not line.startswith("    ")]  # (an indented line is code)
    assert found == []


def test_no_power_in_the_prose_of_a_page_is_taken_for_bold():
    """"fewer than 2**31 nodes ... and 2**30 options" rendered the words between as bold
    text.  Outside code, a page writes a power as ``2^31``."""
    found = []
    for page in sorted((ROOT / "docs").rglob("*.md")):
        if "_build" in page.parts:
            continue
        text = re.sub(r"^(```|~~~).*?^\1", "", page.read_text(), flags=re.S | re.M)
        text = re.sub(r"`[^`]*`", "", text)
        found += [f"{page.relative_to(ROOT)}: {line.strip()}" for line in text.splitlines()
                  if re.search(r"\w\*\*\w", line)]
    assert found == []


def _shown_docstrings():
    """(where, docstring) of what the API reference shows: each public name and the
    members of each public class (inherited from the package's own classes too)."""
    for name in sorted(set(dlxnumba.__all__) - {"__version__"}):
        obj = getattr(dlxnumba, name)
        yield name, inspect.getdoc(obj) or ""
        if inspect.isclass(obj):
            for klass in obj.__mro__:
                if not klass.__module__.startswith("dlxnumba"):
                    continue
                for attr, member in vars(klass).items():
                    if not attr.startswith("_") and (callable(member) or isinstance(member, (property, classmethod,
                                                                                             staticmethod))):
                        yield f"{name}.{attr}", inspect.getdoc(member) or ""


def _unbound_names(doc: str) -> set[str]:
    """The names an example reads that neither it nor an example before it binds (an
    import, an assignment, a loop, a definition), builtins apart."""
    import ast
    import builtins
    import doctest

    bound, read = set(dir(builtins)), set()
    for example in doctest.DocTestParser().get_examples(doc):
        tree = ast.parse(example.source)
        for node in ast.walk(tree):
            if isinstance(node, ast.Name):
                (read if isinstance(node.ctx, ast.Load) else bound).add(node.id)
            elif isinstance(node, (ast.Import, ast.ImportFrom)):
                bound |= {(a.asname or a.name).split(".")[0] for a in node.names}
            elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                bound.add(node.name)
            elif isinstance(node, ast.arg):
                bound.add(node.arg)
            elif isinstance(node, ast.ExceptHandler) and node.name:
                bound.add(node.name)
    return read - bound


def test_the_examples_of_the_api_reference_run_as_shown():
    """``best(p, k=2)``, ``zdd(p)``, ``reduce(p, rounds=1)`` stood on ExactCover's page:
    the doctests pass (they run in the module, where those names exist) but a reader who
    copies them meets a NameError.  Every name an example uses is imported or bound in
    the examples of the same docstring."""
    missing = {where: sorted(names) for where, doc in _shown_docstrings() if (names := _unbound_names(doc))}
    assert missing == {}


def test_the_command_line_reference_prints_flags_as_typed():
    """The reference printed ``–zdd`` and ``–count`` (13 places): Sphinx's smart quotes
    made an en dash of the ``--`` of a flag in a help text, and a reader's copy failed.
    Each help text is a paragraph with its flags as code and no smart quotes."""
    pytest.importorskip("sphinx", reason="the docs extra installs Sphinx")
    from docutils import nodes
    from sphinx.util.nodes import is_smartquotable

    sys.path.insert(0, str(ROOT / "docs" / "_ext"))
    try:
        import dlxnumba_docs
    finally:
        sys.path.remove(str(ROOT / "docs" / "_ext"))
    parser = build_parser()
    helps = [a.help for p in [parser, *_commands(parser).values()] for a in p._actions if a.help]
    flags = [h for h in helps if "--" in h]
    assert len(flags) >= 5
    for text in flags:
        item = dlxnumba_docs._definition("--x", text)
        dashed = [t for t in item.findall(nodes.Text) if "-" in t and is_smartquotable(t)]
        assert dashed == [], text
        shown = [t for t in item.findall(nodes.literal)]
        assert all(f in {s.astext() for s in shown} for f in re.findall(r"(?<![\w-])--[a-z][\w-]*", text)), text


ROLE = re.compile(r"\{py:(?:obj|mod|func|meth|class|attr|exc)\}`(?:[^`<]*<)?~?([\w.]+)>?`")


def test_the_guides_link_the_public_names_they_mention():
    """The guides never linked to the API reference.  In each guide, every public name
    written as code (``Sudoku``, ``solve_many(...)``, ``dlxnumba.queens(n)``) is a link at
    least once (a ``{py:obj}`` role), and every link names a real object (the build
    does not warn about a reference it cannot resolve)."""
    import importlib

    public = set(dlxnumba.__all__) - {"__version__"}
    unlinked, dangling = [], []
    for page in sorted((ROOT / "docs" / "guides").glob("*.md")):
        text = page.read_text()
        targets = ROLE.findall(text)
        prose = re.sub(r"^(```|~~~).*?^\1", "", ROLE.sub("", text), flags=re.S | re.M)
        for span in re.findall(r"`([^`\n]+)`", prose):
            name = re.match(r"(?:dlxnumba\.)?(\w+)", span)
            if name and name.group(1) in public and not any(
                    t == f"dlxnumba.{name.group(1)}" or t.startswith(f"dlxnumba.{name.group(1)}.") for t in targets):
                unlinked.append(f"{page.name}: `{span}`")
        for target in targets:
            parts = target.split(".")
            for k in range(len(parts), 0, -1):  # the longest importable module, then attributes
                try:
                    obj = importlib.import_module(".".join(parts[:k]))
                except ImportError:
                    continue
                try:
                    for attr in parts[k:]:
                        obj = getattr(obj, attr)
                except AttributeError:
                    dangling.append(f"{page.name}: {target}")
                break
    assert unlinked == [] and dangling == []


@pytest.mark.slow
@pytest.mark.xdist_group("site")  # with the site's build and checks (tests/test_docs_site.py)
def test_every_link_of_a_guide_into_the_api_reference_resolves(built_site):
    """A reference Sphinx cannot resolve renders as plain code, without a warning (the
    build suppresses ``ref.python``): each role of a guide is a link on its built page."""
    if built_site is None or built_site.returncode != 0:
        pytest.skip("the site is not built (tests/test_docs_site.py says why)")
    for page in sorted((ROOT / "docs" / "guides").glob("*.md")):
        roles = ROLE.findall(page.read_text())
        built = (ROOT / "docs" / "_build" / "html" / "guides" / f"{page.stem}.html").read_text(encoding="utf-8")
        links = re.findall(r'<a class="reference internal" href="\.\./api/generated/', built)
        assert len(links) >= len(roles), page.name
