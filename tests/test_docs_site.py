"""The documentation site: it builds with every warning an error, and the built pages,
looked at in headless Chromium, show what they should.

The first test of the group builds the site (the ``built_site`` fixture of
tests/conftest.py runs ``python -m sphinx -W --keep-going -b html docs
docs/_build/html``; Sphinx rebuilds only what changed since the last build).  The
tests here and the notebooks' are one pytest-xdist group, so one worker builds the
site and looks at it while the others run the rest of the suite.

Every page must show something (its text, and for the guides a screenshot that is not
a blank page) and nothing cut off at 1280 px (a code block's long lines wrap; no empty
section navigation), and every Sudoku grid of the guides must show what its caption says:
the givens in bold and the filled digits counted there, a killer's cage sums, and the
extra regions the table's own caption names (an X's diagonals as lines across exactly
those cells, a windoku's windows shaded).  Skipped where Sphinx is not installed
(the ``docs`` extra), and the pages' tests where Chromium is missing (``apt-get
install chromium``, or ``CHROMIUM=path``).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import display_screens

ROOT = Path(__file__).resolve().parent.parent
SITE = ROOT / "docs" / "_build" / "html"
CHROMIUM = display_screens.find_chromium()

pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("site")]
chromium = pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed")

#: The guides' pages, from their sources (the site may not be built yet when the tests are collected)
GUIDES = sorted(f"guides/{p.stem}.html" for p in (ROOT / "docs" / "guides").glob("*.md"))


@pytest.fixture(autouse=True)
def site(built_site, request):
    """The site, built before any test here looks at it (the test of the build
    itself says why it failed, where the others skip)."""
    if request.node.name == "test_the_site_builds_with_every_warning_an_error":
        return SITE
    if built_site is None:
        pytest.skip("Sphinx is not installed (the docs extra)")
    if built_site.returncode != 0:
        pytest.skip("the site did not build: test_the_site_builds_with_every_warning_an_error says why")
    return SITE


def test_the_site_builds_with_every_warning_an_error(built_site):
    if built_site is None:
        pytest.skip("Sphinx is not installed (the docs extra)")
    assert built_site.returncode == 0, built_site.stdout[-5000:] + built_site.stderr[-5000:]
PAGES = ["index.html", "install.html", "api.html", "cli.html", "how-it-works.html", "performance.html",
         "development.html", "api/generated/dlxnumba.Sudoku.html", "api/generated/dlxnumba.ExactCover.html",
         "notebooks/quickstart.html", "notebooks/exact_cover.html", *GUIDES]

# Appended to a copy of a page: what the browser made of it, as JSON.
_PAGE_JS = """
<script>
{
  const main = document.querySelector("main") || document.body;
  const box = main.getBoundingClientRect();
  const figures = [];
  for (const fig of document.querySelectorAll("figure.dlxnumba-grid")) {
    const cells = [];
    for (const td of fig.querySelectorAll("table.dlxnumba-sudoku td")) {
      const style = getComputedStyle(td);
      const r = td.getBoundingClientRect();
      const sums = [...td.querySelectorAll(".cage-sum")].map(s => s.textContent);
      let digit = td.textContent;
      for (const s of sums) digit = digit.replace(s, "");
      cells.push({cls: td.className, digit: digit.trim(), weight: style.fontWeight,
                  image: style.backgroundImage, background: style.backgroundColor,
                  width: r.width, height: r.height, sums: sums});
    }
    const caption = fig.querySelector("figcaption");
    const rules = fig.querySelector("table.dlxnumba-sudoku caption");
    figures.push({caption: caption ? caption.innerText : "", rules: rules ? rules.innerText : "",
                  n: Number(fig.dataset.n), cells: cells,
                  html: (fig.querySelector("table") || fig.querySelector("svg") || {outerHTML: ""}).outerHTML});
  }
  // a block of code wider than its column (its end hidden behind a scroll bar)
  const cut = [...main.querySelectorAll("pre")].filter(p => p.scrollWidth > p.clientWidth + 1)
                .map(p => p.textContent.slice(0, 60));
  // the section navigation: shown, and how many links it holds
  const nav = document.querySelector("nav.bd-docs-nav");
  const navShown = !!nav && nav.getBoundingClientRect().width > 0;
  const navLinks = nav ? nav.querySelectorAll("a").length : 0;
  const out = document.createElement("pre");
  out.id = "dlxnumba-measured";
  out.textContent = JSON.stringify({title: document.title, text: main.innerText.length,
                                    width: box.width, height: box.height, figures: figures,
                                    cut: cut, navShown: navShown, navLinks: navLinks});
  document.body.appendChild(out);
}
</script>
"""


def _look(browser: display_screens.Browser, page: str, tmp_path: Path) -> dict:
    """Chromium's view of a built page: a copy with the measuring script, its links
    resolved against the site (a ``<base>``), in a window of 1280 x 2000."""
    source = SITE / page
    text = source.read_text(encoding="utf-8")
    base = f'<base href="{source.parent.as_uri()}/">'
    text = re.sub(r"<head>", "<head>" + base, text, count=1)
    text = text.replace("</body>", _PAGE_JS + "</body>")
    copy = tmp_path / ("page-" + page.replace("/", "-"))
    copy.write_text(text, encoding="utf-8")
    dom = browser.dom(copy.as_uri(), 1280, 2000)
    m = re.search(r'<pre id="dlxnumba-measured"[^>]*>(.*?)</pre>', dom, re.S)  # the theme adds tabindex
    assert m, f"{page}: chromium did not run the page's script"
    return json.loads(html.unescape(m.group(1)))


GRID_PAGES = ["guides/sudoku.html", "guides/variants.html"]
SHOTS = ["index.html", *GUIDES]


@pytest.fixture(scope="session")  # (a module's fixture may be set up again when xdist
# hands a worker the module's tests in two batches)
def seen(built_site, tmp_path_factory) -> dict:
    """Chromium's view of every page and a screenshot of each guide, each a tab of
    one browser (:class:`display_screens.Browser`: a run of Chromium per page spent
    seconds of CPU starting).  Maps ``("look", page)`` to :func:`_look`'s result
    and ``("shot", page)`` to the screenshot's path, or either to the exception
    raised."""
    if CHROMIUM is None or built_site is None or built_site.returncode != 0:
        return {}  # (each test skips)
    folder = tmp_path_factory.mktemp("pages")
    out: dict = {}
    with display_screens.Browser(CHROMIUM) as browser:
        for page in sorted(set(PAGES + GRID_PAGES)):
            if (SITE / page).exists():
                try:
                    out[("look", page)] = _look(browser, page, folder)
                except Exception as e:  # raised again by the page's own test
                    out[("look", page)] = e
        for page in SHOTS:
            png = folder / ("shot-" + page.replace("/", "-") + ".png")
            try:
                browser.screenshot((SITE / page).as_uri(), png, 1280, 1000)
                out[("shot", page)] = png
            except Exception as e:
                out[("shot", page)] = e
    return out


def _seen(seen: dict, kind: str, page: str):
    """One page's entry of ``seen``, raising what its run of Chromium raised."""
    value = seen[(kind, page)]
    if isinstance(value, Exception):
        raise value
    return value


@chromium
@pytest.mark.parametrize("page", PAGES)
def test_every_page_shows_its_content(page, seen):
    assert (SITE / page).exists(), f"{page} was not built"
    seen = _seen(seen, "look", page)
    assert seen["title"], page
    assert seen["text"] > 300, f"{page}: {seen['text']} characters of text"
    assert seen["width"] > 300 and seen["height"] > 300, f"{page}: main area {seen['width']}x{seen['height']}"
    # nothing cut off at 1280 px (long lines wrap), and no empty section navigation
    assert seen["cut"] == [], f"{page}: code blocks wider than the page: {seen['cut']}"
    assert not (seen["navShown"] and seen["navLinks"] == 0), f"{page}: an empty section navigation"


@chromium
@pytest.mark.parametrize("page", SHOTS)
def test_a_screenshot_of_each_guide_is_not_blank(page, seen):
    """The pixels themselves: a page drawn as one colour (a blank, or a stylesheet that
    hid everything) fails."""
    import numpy as np
    from matplotlib.image import imread

    png = _seen(seen, "shot", page)
    pixels = imread(png)[..., :3]
    background = np.median(pixels.reshape(-1, 3), axis=0)
    inked = (np.abs(pixels - background).max(axis=-1) > 0.2).mean()
    assert inked > 0.005, f"{page}: {inked:.2%} of the screenshot differs from the background"


def _ranges(text: str) -> list[int]:
    """``2-4`` -> [2, 3, 4]; ``7`` -> [7] (1-based numbers of the table's caption)."""
    a, _, b = text.partition("-")
    return list(range(int(a), int(b or a) + 1))


def _window_cells(rules: str) -> set[tuple[int, int]]:
    """The cells (row, col from 0) of the windows the caption lists: ``r2-4c2-4, ...``."""
    m = re.search(r"windoku: windows ([^;]*)", rules)
    cells = set()
    for rows, cols in re.findall(r"r([\d-]+)c([\d-]+)", m.group(1) if m else ""):
        cells |= {(r - 1, c - 1) for r in _ranges(rows) for c in _ranges(cols)}
    return cells


@chromium
@pytest.mark.parametrize("page", GRID_PAGES)
def test_the_sudoku_grids_show_what_their_captions_say(page, seen, tmp_path):
    seen = _seen(seen, "look", page)
    assert seen["figures"], f"{page} shows no grid"
    for fig in seen["figures"]:
        caption, n, cells = fig["caption"], fig["n"], fig["cells"]
        where = f"{page}: {caption!r}"
        assert f"{n}x{n}" in caption and len(cells) == n * n, where
        assert all(c["width"] > 10 and c["height"] > 10 for c in cells), f"{where}: a cell is not drawn"
        givens = int(re.search(r"(\d+) givens in bold", caption).group(1))
        m = re.search(r"(\d+) digits filled", caption)
        filled = int(m.group(1)) if m else 0
        assert "no digit filled" in caption or m, where
        bold = [c for c in cells if c["digit"] and int(c["weight"]) >= 700]
        plain = [c for c in cells if c["digit"] and int(c["weight"]) < 700]
        assert (len(bold), len(plain)) == (givens, filled), where
        assert len(cells) - len(bold) - len(plain) == n * n - givens - filled, where
        m = re.search(r"(\d+) cages with sums ([\d ]+)", caption)
        if m:
            shown = sorted(int(s) for c in cells for s in c["sums"])
            assert len(shown) == int(m.group(1)), f"{where}: {len(shown)} cage sums drawn"
            assert shown == sorted(int(s) for s in m.group(2).split()), where
        else:
            assert not any(c["sums"] for c in cells), where
        rules = fig["rules"]
        crossed = {k for k, c in enumerate(cells) if "linear-gradient" in c["image"]}
        if "x: diagonal" in rules:
            diagonals = {i * n + i for i in range(n)} | {i * n + n - 1 - i for i in range(n)}
            assert crossed == diagonals, f"{where}: lines across {sorted(crossed)}"
            # and the browser drew them the right way, read from its pixels
            with display_screens.Browser(CHROMIUM) as browser:
                drawn = display_screens.strokes(browser, fig["html"], tmp_path)
            want = ["X" if i == j and i + j == n - 1 else "\\" if i == j else "/" if i + j == n - 1 else ""
                    for i in range(n) for j in range(n)]
            assert drawn == want, where
        else:
            assert not crossed, where
        windows = _window_cells(rules)
        if windows:
            inside = {cells[r * n + c]["background"] for r, c in windows}
            outside = {c["background"] for k, c in enumerate(cells) if (k // n, k % n) not in windows}
            assert len(inside) == 1 and inside.isdisjoint(outside), f"{where}: windows {inside} vs {outside}"


# -- the built pages' text (no browser) ----------------------------------------------


def test_no_page_of_the_built_site_prints_a_flag_with_an_en_dash():
    import html

    found = []
    for page in sorted(SITE.rglob("*.html")):
        text = html.unescape(re.sub(r"<[^>]+>", "", page.read_text(encoding="utf-8")))
        found += [f"{page.relative_to(SITE)}: {m}" for m in re.findall(r"\u2013[a-z][\w-]*", text)]
    assert found == []


def test_the_built_site_works_offline():
    """The ZDD notebook's maths loaded MathJax from a CDN: offline, the page showed raw
    TeX.  No page loads a script, a stylesheet or an image from another host."""
    found = []
    for page in sorted(SITE.rglob("*.html")):
        text = page.read_text(encoding="utf-8")
        found += [f"{page.relative_to(SITE)}: {m}"
                  for m in re.findall(r"<(?:script|link|img)\b[^>]*\b(?:src|href)=\"(?:https?:)?//[^\"]*\"", text)]
    assert found == []
