"""Sphinx directives of dlxnumba's documentation.

``sudoku-grid``
    A Sudoku drawn by the package itself (``Sudoku._repr_html_``, the table Jupyter
    shows), in a figure whose caption is written from the grid: its rules, how many
    givens and how many filled digits.  ``tests/test_docs_site.py`` checks in a
    browser that the drawn grid shows what the caption says.

``cli-command``
    The reference of one command of ``dlxnumba``, read from the argparse parser the
    command line itself builds (``dlxnumba.cli.build_parser``): usage, description,
    every argument and flag, the epilog (examples, exit statuses).  Without an
    argument, the top-level parser.  Help texts are printed verbatim, their flags
    as code (no smart quotes: ``--zdd`` never becomes an en dash).  The build warns (an error under ``-W``) when a
    command of the parser has no ``cli-command`` anywhere in the site.

The API check
    Every name of ``dlxnumba.__all__`` must have its own entry in the API reference
    (``api.md``'s autosummary lists); a name missing there, or listed but not public,
    is a build warning.
"""

from __future__ import annotations

import argparse
import html
import re
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import Directive, directives
from sphinx.util import logging

logger = logging.getLogger(__name__)


# ------------------------------------------------------------------ Sudoku grids


def grid_figure(puzzle: str, *, variant: str | None = None, box: str | None = None, solve: bool = False,
                title: str = "") -> str:
    """The HTML of one figure: the grid and a caption saying what it shows."""
    from dlxnumba import Sudoku

    kwargs = {}
    if variant:
        kwargs["variant"] = variant
    if box:
        kwargs["box"] = box
    s = Sudoku(puzzle, **kwargs)
    shown = s.solve() if solve else s
    if shown is None:
        raise ValueError(f"sudoku-grid: {puzzle!r} has no solution")
    n = s.n
    givens = int(s.givens.sum())
    filled = int((shown.grid != 0).sum()) - givens
    words = [f"{n}x{n}"]
    if s.variant:
        words.append(f"variant {s.variant}")
        if s.variant.cages is not None:
            sums = [int(x) for x in s.variant.cages.sums]
            words.append(f"{len(sums)} cages with sums {' '.join(map(str, sums))}")
    words.append(f"{givens} givens in bold")
    words.append(f"{filled} digits filled" if filled else "no digit filled")
    caption = (f"{html.escape(title)}: " if title else "") + ", ".join(words)
    return (f'<figure class="dlxnumba-grid" data-n="{n}" data-givens="{givens}" data-filled="{filled}">'
            f"{shown._repr_html_()}<figcaption>{caption}</figcaption></figure>")


class SudokuGrid(Directive):
    """``sudoku-grid``: the argument is the puzzle (one line), or the content is its
    text form (header lines such as ``variant:``, ``regions:``, ``cages:``, then the
    grid); options variant, box, solve (a flag: show the solution, givens still bold)
    and title."""

    optional_arguments = 1
    final_argument_whitespace = True
    has_content = True
    option_spec = {"variant": directives.unchanged, "box": directives.unchanged, "solve": directives.flag,
                   "title": directives.unchanged}

    def run(self):
        puzzle = self.arguments[0].strip() if self.arguments else "\n".join(self.content).strip()
        if not puzzle:
            raise self.error("sudoku-grid: no puzzle (give it as the argument or the content)")
        try:
            text = grid_figure(puzzle, variant=self.options.get("variant"),
                               box=self.options.get("box"), solve="solve" in self.options,
                               title=self.options.get("title", ""))
        except Exception as e:  # noqa: BLE001 (reported as a build error where the directive is)
            raise self.error(f"sudoku-grid: {e}") from e
        return [nodes.raw("", text, format="html")]


# ------------------------------------------------------------------ the command line


def _parser(command: str | None) -> argparse.ArgumentParser:
    from dlxnumba.cli import build_parser

    parser = build_parser()
    if not command:
        return parser
    return _commands(parser)[command]


def _commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:  # argparse keeps its sub-parsers here (no public accessor)
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _argument(action: argparse.Action) -> tuple[str, str]:
    """(the argument as written, its help with the default)."""
    if action.option_strings:
        if action.nargs == 0:
            term = ", ".join(action.option_strings)
        else:
            metavar = action.metavar or action.dest.upper()
            if isinstance(metavar, tuple):
                metavar = " ".join(metavar)
            term = ", ".join(f"{o} {metavar}" for o in action.option_strings)
    else:
        term = action.metavar if isinstance(action.metavar, str) else action.dest
        if action.nargs in ("*", "?"):
            term = f"[{term} ...]" if action.nargs == "*" else f"[{term}]"
        elif action.nargs == "+":
            term = f"{term} [{term} ...]"
    text = action.help or ""
    if "%(" in text:
        params = {**vars(action), "prog": "dlxnumba"}
        for name in list(params):
            if params[name] is argparse.SUPPRESS:
                del params[name]
        if isinstance(params.get("choices"), (list, tuple, dict, set)):
            params["choices"] = ", ".join(map(str, params["choices"]))
        text = text % params
    return term, text


class CliCommand(Directive):
    """``cli-command [NAME]``: the reference of ``dlxnumba NAME`` (or of ``dlxnumba``)."""

    optional_arguments = 1

    def run(self):
        command = self.arguments[0] if self.arguments else ""
        try:
            parser = _parser(command)
        except KeyError:
            raise self.error(f"cli-command: dlxnumba has no command {command!r}")
        env = self.state.document.settings.env
        if not hasattr(env, "dlxnumba_cli_commands"):
            env.dlxnumba_cli_commands = set()
        env.dlxnumba_cli_commands.add(command)

        out: list[nodes.Node] = []
        usage = parser.format_usage().strip()
        out.append(nodes.literal_block(usage, usage, language="text", classes=["cli-usage"]))
        if parser.description:
            description = parser.description.strip()
            out.append(nodes.literal_block(description, description, language="text", classes=["cli-description"]))
        items = nodes.definition_list(classes=["cli-arguments"])
        for action in parser._actions:  # every argument and flag, in the parser's order
            if action.help == argparse.SUPPRESS:
                continue
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    help_text = next((a.help for a in action._choices_actions if a.dest == name), "") or ""
                    items += _definition(f"{name}", help_text)
                continue
            term, text = _argument(action)
            items += _definition(term, text)
        out.append(nodes.rubric("", "Arguments and flags"))
        out.append(items)
        if parser.epilog:
            epilog = parser.epilog.strip()
            out.append(nodes.rubric("", "Notes, examples and exit statuses"))
            out.append(nodes.literal_block(epilog, epilog, language="text", classes=["cli-epilog"]))
        return out


#: A flag named in a help text (``--zdd``, ``-o``, ``--max-nodes=N``).
_FLAG = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*(?:=\S*[\w}])?)")


def _help_paragraph(text: str) -> nodes.paragraph:
    """A help text as a paragraph, verbatim: each flag it names as code, and no
    smart quotes (Sphinx's would print ``--zdd`` as an en dash and ``zdd``, which a
    reader copies into a command that fails)."""
    text = " ".join(text.split())
    paragraph = nodes.paragraph(text)
    paragraph["support_smartquotes"] = False
    for k, piece in enumerate(_FLAG.split(text)):
        if piece:
            paragraph += nodes.literal(piece, piece) if k % 2 else nodes.Text(piece)
    return paragraph


def _definition(term: str, text: str) -> nodes.definition_list_item:
    item = nodes.definition_list_item()
    item += nodes.term("", "", nodes.literal(term, term))
    definition = nodes.definition()
    definition += _help_paragraph(text)
    item += definition
    return item


def _check_cli(app, env) -> None:
    documented = getattr(env, "dlxnumba_cli_commands", set())
    wanted = {""} | set(_commands(_parser(None)))
    for missing in sorted(wanted - documented):
        logger.warning(f"the command line reference has no cli-command for {'dlxnumba ' + missing!r}")


def _merge(app, env, docnames, other) -> None:
    env.dlxnumba_cli_commands = getattr(env, "dlxnumba_cli_commands", set()) | getattr(
        other, "dlxnumba_cli_commands", set())


def _purge(app, env, docname) -> None:
    # a re-read page adds its commands again
    if docname == "cli":
        env.dlxnumba_cli_commands = set()


# ------------------------------------------------------------------ the API's names


#: Modules listed in the API reference besides the names of ``__all__``.
MODULES: set[str] = set()


def _check_api(app) -> None:
    import dlxnumba

    text = (Path(app.srcdir) / "api.md").read_text()
    listed = set()
    for block in re.findall(r"\.\. autosummary::(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.strip()
            if line and not line.startswith(":") and "." not in line and line not in MODULES:
                listed.add(line)
    public = {name for name in dlxnumba.__all__ if name != "__version__"}
    for name in sorted(public - listed):
        logger.warning(f"api.md: the public name {name!r} (dlxnumba.__all__) has no entry")
    for name in sorted(listed - public):
        logger.warning(f"api.md: {name!r} is listed but is not in dlxnumba.__all__")


def setup(app):
    app.add_directive("sudoku-grid", SudokuGrid)
    app.add_directive("cli-command", CliCommand)
    app.connect("env-check-consistency", _check_cli)
    app.connect("env-merge-info", _merge)
    app.connect("env-purge-doc", _purge)
    app.connect("builder-inited", _check_api)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "version": "1"}
