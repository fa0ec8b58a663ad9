"""What the documentation promises, checked without building it.

The site's build (``python -m sphinx -W ...``) fails on a broken reference, a public
name without an entry or a command without a reference; these tests say the same
cheaply, and check the README as a front page.
"""

from __future__ import annotations

import argparse
import re
import shlex
from pathlib import Path

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
