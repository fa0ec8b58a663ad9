"""Sudoku's HTML grid in headless Chromium, on light and dark pages.

    python tests/display_screens.py [OUT_DIR]

writes ``OUT_DIR/grid.html`` (default ``screens/``), a page with the same solved
grid (givens bold) in four panels, and its screenshot ``OUT_DIR/grid.png``;
``OUT_DIR/variants.png``, an X-Sudoku and a windoku with the X's diagonals; and
``OUT_DIR/drawing.png``, a grid with setters' constraints (:data:`SETTERS`: the
SVG picture of :mod:`dlxnumba.sudoku.drawing`) in the same four panels:

* a plain light page (white) and a plain dark page (#1e1e1e), neither defining
  JupyterLab's theme variables, as in VS Code, nbviewer or a web page;
* the same two with the variables of JupyterLab's light and dark themes, as in
  JupyterLab and Notebook 7.

It prints, for each panel, the contrast (WCAG) of the givens and of the filled
digits against the background the browser drew, and the strokes it drew across the
cells of each variant grid, and what the drawing shows where its constraints are.
``tests/sudoku/test_display.py`` uses :func:`measure`, :func:`strokes` and
:func:`look_drawing`, all in one :class:`Browser` (skipped where Chromium is
missing).  Chromium: Debian's ``chromium`` package, or the program named by the
``CHROMIUM`` variable.
"""

from __future__ import annotations

import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PUZZLE = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"

#: JupyterLab's values of the variables the grid reads (theme-light-extension and
#: theme-dark-extension, style/variables.css).
JUPYTERLAB = {
    "light": {"--jp-layout-color0": "white", "--jp-content-font-color0": "rgba(0, 0, 0, 1)",
              "--jp-content-font-color1": "rgba(0, 0, 0, 0.87)", "--jp-brand-color1": "#1976d2",
              "--jp-border-color1": "#bdbdbd", "--jp-rendermime-table-row-background": "#f5f5f5",
              "--jp-layout-color2": "#eeeeee", "--jp-layout-color3": "#bdbdbd",
              "--jp-ui-font-color2": "rgba(0, 0, 0, 0.54)", "--jp-warn-color1": "#f57c00"},
    "dark": {"--jp-layout-color0": "#111", "--jp-content-font-color0": "rgba(255, 255, 255, 1)",
             "--jp-content-font-color1": "rgba(255, 255, 255, 1)", "--jp-brand-color1": "#2196f3",
             "--jp-border-color1": "#616161", "--jp-rendermime-table-row-background": "#212121",
             "--jp-layout-color2": "#424242", "--jp-layout-color3": "#616161",
             "--jp-ui-font-color2": "rgba(255, 255, 255, 0.54)", "--jp-warn-color1": "#ff9800"},
}

#: (name, page background, page text colour, theme variables)
PANELS = [
    ("light page", "#ffffff", "#000000", {}),
    ("dark page", "#1e1e1e", "#d4d4d4", {}),
    ("JupyterLab light", "#ffffff", "#000000", JUPYTERLAB["light"]),
    ("JupyterLab dark", "#1e1e1e", "#d4d4d4", JUPYTERLAB["dark"]),
]

#: The gist of JupyterLab's rules for tables in outputs (rendermime): striped
#: rows, padded cells without borders, right-aligned.  The JupyterLab panels
#: apply them, so the grid is seen against what a notebook does to a table.
NOTEBOOK_TABLES = """
.jp tbody tr:nth-child(odd) { background: var(--jp-layout-color0); }
.jp tbody tr:nth-child(even) { background: var(--jp-rendermime-table-row-background); }
.jp td, .jp tr { padding: 0.5em; border: none; text-align: right; vertical-align: middle; }
"""

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]

# Appended to the page by measure(): the computed styles of every cell, as JSON.
_MEASURE_JS = """
<script>
const cells = [];
for (const panel of document.querySelectorAll(".panel")) {
  for (const td of panel.querySelectorAll("table.dlxnumba-sudoku td")) {
    const style = getComputedStyle(td);
    const backgrounds = [];
    for (let e = td; e; e = e.parentElement) backgrounds.push(getComputedStyle(e).backgroundColor);
    cells.push({panel: panel.dataset.name, cls: td.className, text: td.textContent,
                color: style.color, weight: style.fontWeight, backgrounds: backgrounds,
                box_rule: style.borderTopWidth === "2px" ? style.borderTopColor : null,
                borders: [style.borderTopStyle, style.borderRightStyle, style.borderBottomStyle,
                          style.borderLeftStyle]});
  }
}
const out = document.createElement("pre");
out.id = "measured";
out.textContent = JSON.stringify(cells);
document.body.appendChild(out);
</script>
"""


def find_chromium() -> str | None:
    """The Chromium program: ``$CHROMIUM``, else the first of the usual names on PATH."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def grid_html() -> str:
    """The HTML of the solved grid, from the package."""
    from dlxnumba import Sudoku

    solved = Sudoku(PUZZLE).solve()
    assert solved is not None
    return solved._repr_html_()


def page(grid: str) -> str:
    """A page showing ``grid`` in every panel of :data:`PANELS`."""
    parts = ['<!doctype html><html><head><meta charset="utf-8"><style>',
             "body{margin:0;display:grid;grid-template-columns:1fr 1fr;font-family:sans-serif}",
             ".panel{padding:16px 24px}.panel h2{font-size:15px;margin:0 0 10px}",
             NOTEBOOK_TABLES, "</style></head><body>"]
    for name, background, text, variables in PANELS:
        declared = "".join(f"{key}:{value};" for key, value in variables.items())
        parts.append(f'<div class="panel{" jp" if variables else ""}" data-name="{html.escape(name)}" '
                     f'style="background:{background};color:{text};{declared}">'
                     f"<h2>{html.escape(name)}</h2>{grid}</div>")
    parts.append("</body></html>")
    return "".join(parts)


def run_chromium(chromium: str, args: list[str], timeout: float = 120) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([chromium, *FLAGS, f"--user-data-dir={profile}", *args],
                              capture_output=True, text=True, timeout=timeout)


class Browser:
    """One headless Chromium for many pages, driven over its DevTools protocol on a
    pipe (``--remote-debugging-pipe``: JSON messages, each ended by a NUL byte, on
    the child's file descriptors 3 and 4).  A run of Chromium per page spends
    seconds of CPU starting; here each page is a new tab of the one browser.

    ``dom(url, width, height)`` is what ``--dump-dom`` prints (the document after
    its load event), ``screenshot(url, png, width, height)`` what ``--screenshot``
    saves, with the window at that size.  A context manager: it closes the browser.
    """

    def __init__(self, chromium: str, timeout: float = 120):
        self.timeout = timeout
        self._profile = tempfile.TemporaryDirectory()
        to_child, self._to = os.pipe()
        self._from, from_child = os.pipe()

        def pipes() -> None:  # in the child: the pipe's ends become its fds 3 and 4
            a, b = os.dup(to_child), os.dup(from_child)  # above 4: neither is clobbered by the other
            os.dup2(a, 3)
            os.dup2(b, 4)

        self._proc = subprocess.Popen([chromium, *FLAGS, f"--user-data-dir={self._profile.name}",
                                       "--remote-debugging-pipe", "about:blank"],
                                      stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                      stderr=subprocess.DEVNULL, close_fds=False, preexec_fn=pipes)
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._id = 0
        self._events: list[dict] = []

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def _message(self) -> dict:
        import select

        while b"\0" not in self._buffer:
            if not select.select([self._from], [], [], self.timeout)[0]:
                raise RuntimeError(f"chromium said nothing for {self.timeout} s")
            chunk = os.read(self._from, 1 << 16)
            if not chunk:
                raise RuntimeError("chromium closed its pipe")
            self._buffer += chunk
        message, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(message)

    def send(self, method: str, params: dict | None = None, session: str | None = None) -> dict:
        """Call ``method`` (in the tab of ``session``) and return its result."""
        self._id += 1
        message = {"id": self._id, "method": method, "params": params or {}}
        if session is not None:
            message["sessionId"] = session
        os.write(self._to, json.dumps(message).encode() + b"\0")
        while True:
            answer = self._message()
            if answer.get("id") == self._id:
                if "error" in answer:
                    raise RuntimeError(f"chromium: {method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def _event(self, method: str, session: str) -> dict:
        while True:
            for k, event in enumerate(self._events):
                if event.get("method") == method and event.get("sessionId") == session:
                    return self._events.pop(k)
            self._events.append(self._message())

    def _open(self, url: str, width: int, height: int) -> tuple[str, str]:
        """A new tab of ``width`` x ``height`` pixels with ``url`` loaded: (target, session)."""
        target = self.send("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = self.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        self.send("Page.enable", session=session)
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False}, session=session)
        self.send("Page.navigate", {"url": url}, session=session)
        self._event("Page.loadEventFired", session)
        return target, session

    def dom(self, url: str, width: int = 1280, height: int = 2000) -> str:
        target, session = self._open(url, width, height)
        try:
            done = self.send("Runtime.evaluate", {"expression": "document.documentElement.outerHTML",
                                                  "returnByValue": True}, session=session)
            return done["result"]["value"]
        finally:
            self.send("Target.closeTarget", {"targetId": target})

    def look(self, url: str, png_path: Path, width: int, height: int, expression: str):
        """The value of ``expression`` (JSON-able) in the loaded page, and its
        screenshot in ``png_path``: both from one tab, so the places the page
        reports are where the pixels are."""
        import base64

        target, session = self._open(url, width, height)
        try:
            done = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True},
                             session=session)
            data = self.send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
            png_path.write_bytes(base64.b64decode(data))
            return done["result"]["value"]
        finally:
            self.send("Target.closeTarget", {"targetId": target})

    def screenshot(self, url: str, png_path: Path, width: int, height: int) -> None:
        import base64

        target, session = self._open(url, width, height)
        try:
            data = self.send("Page.captureScreenshot", {"format": "png"}, session=session)["data"]
            png_path.write_bytes(base64.b64decode(data))
        finally:
            self.send("Target.closeTarget", {"targetId": target})

    def close(self) -> None:
        try:
            self.send("Browser.close")
        except Exception:  # (already gone)
            pass
        try:
            self._proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        os.close(self._to)
        os.close(self._from)
        self._profile.cleanup()


def screenshot(chromium: str, page_path: Path, png_path: Path, size: str = "900,760") -> None:
    """Chromium's screenshot of ``page_path``."""
    done = run_chromium(chromium, [f"--screenshot={png_path}", f"--window-size={size}", page_path.as_uri()])
    if not png_path.exists():
        raise RuntimeError(f"chromium made no screenshot: {done.stderr[-2000:]}")


# Evaluated by strokes() in a page of one grid: where the browser put each cell.
_CELLS_JS = """
JSON.stringify([...document.querySelectorAll("table.dlxnumba-sudoku td")].map(td => {
  const r = td.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height];
}))
"""

#: The fallback colour of a variant's marks (display.MARK's, as the light page draws it).
MARK_RGB = (0xCC, 0x77, 0x77)


def pixels_of(png_path: Path):
    """The RGB pixels of a PNG, 0-255 floats, shape (height, width, 3)."""
    from matplotlib.image import imread  # a test dependency (PNG reading)

    return imread(png_path)[..., :3] * 255.0


def strokes(browser: Browser, grid: str, workdir: Path, name: str = "strokes") -> list[str]:
    """The strokes the browser drew in the mark colour across each cell of ``grid``
    (one table, on a plain white page), row-major: ``"\\"`` from the top left corner
    to the bottom right, ``"/"`` from the bottom left to the top right, ``"X"`` both,
    ``""`` none.  Read from the pixels of a screenshot (``workdir/name.png``)."""
    import numpy as np

    page_path = workdir / f"{name}.html"
    page_path.write_text('<!doctype html><html><head><meta charset="utf-8"></head>'
                         f'<body style="margin:8px;background:#fff">{grid}</body></html>')
    png_path = workdir / f"{name}.png"
    rects = json.loads(browser.look(page_path.as_uri(), png_path, 900, 900, _CELLS_JS))
    pixels = pixels_of(png_path)
    red, blue = pixels[..., 0], pixels[..., 2]
    marked = (red - blue) > (MARK_RGB[0] - MARK_RGB[2]) / 2  # the mark is red; ink, paper, shades are not
    out = []
    for left, top, width, height in rects:
        # the cell's inside (off its borders), in coordinates u, v from 0 to 1
        x0, x1 = int(left) + 3, int(left + width) - 3
        y0, y1 = int(top) + 3, int(top + height) - 3
        ys, xs = [a.astype(float) for a in np.mgrid[y0:y1, x0:x1]]
        u, v = (xs + 0.5 - left) / width, (ys + 0.5 - top) / height
        off_digit = (abs(u - 0.5) > 0.22) | (abs(v - 0.5) > 0.3)
        cell = marked[y0:y1, x0:x1]
        drawn = []
        for band in (abs(u - v) < 0.08, abs(u + v - 1) < 0.08):  # "\" and "/"
            along = band & off_digit
            drawn.append(cell[along].mean() > 0.25)
        stray = cell[~(abs(u - v) < 0.12) & ~(abs(u + v - 1) < 0.12)].mean()
        if stray > 0.02:
            raise AssertionError(f"marks off the diagonals of a cell at {left},{top}: {stray:.0%} of its pixels")
        out.append({(True, True): "X", (True, False): "\\", (False, True): "/", (False, False): ""}[tuple(drawn)])
    return out


def variant_grids() -> dict[str, str]:
    """The HTML of solved variant grids whose cells a browser draws strokes across."""
    from dlxnumba import Sudoku

    return {"x": Sudoku("." * 81, variant="x").solve()._repr_html_(),
            "windoku+x": Sudoku("." * 81, variant="windoku+x").solve()._repr_html_(),
            "x 6x6": Sudoku("." * 36, box=(2, 3), variant="x").solve()._repr_html_()}


# ---------------------------------------------------------------- the setters' drawing

#: A valid 9x9 grid (row ``i`` is the row of 1..9 shifted by ``3 * (i % 3) + i // 3``).
SOLUTION = "".join(str((3 * (i % 3) + i // 3 + j) % 9 + 1) for i in range(9) for j in range(9))
#: Setters' constraints that :data:`SOLUTION` keeps, one or more of each kind the picture draws.
SETTERS = ("thermometer r1c1 r1c2 r2c2 r2c3; arrow r2c7 r3c8 : r1c6; arrow r8c3 r7c2 : r9c2 r9c3; "
           "palindrome r5c3 r6c4 r7c5; difference r6c5 r6c6; difference 3 r7c1 r8c1; ratio r5c8 r6c8; "
           "ratio 3 r3c5 r4c5; xv X r4c8 r4c9; xv V r2c8 r2c9; cage r4c1 r4c2 r5c2; region r5c1 r6c1 r6c2; "
           "little-killer 45 r2c1 r3c2 r4c3 r5c4 r6c5 r7c6 r8c7 r9c8 : r1c0; "
           "little-killer 21 r9c4 r8c5 r7c6 r6c7 r5c8 r4c9 : r10c3; odd r8c9; even r9c9; minimum r7c8; "
           "maximum r5c5; quadruple 1,7,8 r2c4 r2c5 r3c4 r3c5; clone r1c4 r1c5 : r9c5 r9c6")


def setters_grid():
    """The solved grid of a puzzle with :data:`SETTERS` (every third cell given)."""
    import numpy as np

    from dlxnumba import Sudoku

    puzzle = Sudoku("".join(d if k % 3 == 0 else "." for k, d in enumerate(SOLUTION)), constraints=SETTERS)
    cells = np.frombuffer(SOLUTION.encode(), np.uint8) - ord("0")
    assert puzzle.variant.constraints.is_solution(cells)  # the rules' own verifier, not the solver
    # private: the grid of this puzzle holding SOLUTION, without a search (its compile time)
    return puzzle._with_cells(cells.astype(np.uint8))


# Evaluated by look_drawing() in the page of the drawing's panels: per panel, where the
# browser put the picture's parts and the colours it computed for them.
_DRAWING_JS = """
JSON.stringify([...document.querySelectorAll(".panel")].map(panel => {
  const svg = panel.querySelector("svg.dlxnumba-sudoku");
  const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; };
  const one = s => svg.querySelector(s);
  const style = s => getComputedStyle(one(s));
  // a part of the constraint whose title (its text form) is t
  const of = (t, s) => [...svg.querySelectorAll("g.constraint")]
    .find(g => g.querySelector("title").textContent === t).querySelector(s);
  return {
    panel: panel.dataset.name, svg: box(svg), paper: style("rect.paper").fill,
    groups: [...svg.querySelectorAll("g.constraint")].map(g => g.getAttribute("class")),
    digits: [...svg.querySelectorAll(".digits text")].map(t => ({
      cls: t.getAttribute("class"), text: t.textContent, fill: getComputedStyle(t).fill,
      weight: getComputedStyle(t).fontWeight, box: box(t)})),
    bulb: box(one(".thermometer .bulb")), line: style(".thermometer .bulb").fill,
    black: box(of("ratio 2 r5c8 r6c8", "circle")), white: box(of("difference 1 r6c5 r6c6", "circle")),
    clue: box(of("little-killer 45 r2c1 r3c2 r4c3 r5c4 r6c5 r7c6 r8c7 r9c8 : r1c0", ".clue")),
    xv: box(of("xv 10 r4c8 r4c9", "text")),
    cage: box(one(".cage path")), mark: style(".cage path").stroke};
}))
"""


def look_drawing(browser: Browser, workdir: Path, name: str = "drawing") -> tuple[list[dict], object]:
    """The setters' drawing (:func:`setters_grid`) in every panel of :data:`PANELS`:
    what the page reports (see :data:`_DRAWING_JS`) and the screenshot's pixels
    (``workdir/name.png``)."""
    path = workdir / f"{name}.html"
    path.write_text(page(setters_grid()._repr_html_()))
    png = workdir / f"{name}.png"
    found = json.loads(browser.look(path.as_uri(), png, 1000, 1060, _DRAWING_JS))
    return found, pixels_of(png)


def pixel(pixels, x: float, y: float) -> tuple[float, float, float]:
    """The colour at page point ``(x, y)``."""
    return tuple(float(v) for v in pixels[int(y), int(x)])  # type: ignore[return-value]


def strongest(pixels, box: list[float], against: tuple[float, float, float]) -> float:
    """The highest contrast with ``against`` of a pixel inside ``box`` (left, top, width, height)."""
    left, top, width, height = box
    patch = pixels[int(top):int(top + height) + 1, int(left):int(left + width) + 1].reshape(-1, 3)
    return max(contrast(tuple(p), against) for p in patch)


def nearest(pixels, box: list[float], colour: tuple[float, float, float]) -> float:
    """How close (RGB distance) the pixel of ``box`` nearest to ``colour`` comes."""
    import numpy as np

    left, top, width, height = box
    patch = pixels[int(top):int(top + height) + 1, int(left):int(left + width) + 1].reshape(-1, 3)
    return float(np.min(np.linalg.norm(patch - np.array(colour), axis=1)))


def centre(box: list[float]) -> tuple[float, float]:
    return box[0] + box[2] / 2, box[1] + box[3] / 2


def drawing_report(found: list[dict], pixels) -> list[str]:
    """One line per panel: the givens' lowest contrast, and the colours drawn at the
    thermometer's bulb, along its line, at the black and white dots."""
    lines = []
    for p in found:
        paper = over(rgba(p["paper"]), (255.0, 255.0, 255.0))
        givens = [d for d in p["digits"] if d["cls"] == "given"]
        low = min(contrast(over(rgba(d["fill"]), paper), paper) for d in givens)
        bx, by = centre(p["bulb"])
        lines.append(f"{p['panel'].ljust(18)} givens >= {low:5.2f}  bulb {pixel(pixels, bx + 0.4 * p['bulb'][2], by)}"
                     f"  black dot {pixel(pixels, *centre(p['black']))}  white dot {pixel(pixels, *centre(p['white']))}"
                     f"  clue ink {strongest(pixels, p['clue'], paper):5.2f}")
    return lines


def samurai_html() -> str:
    """The HTML of a solved samurai (five overlapping grids), from the package: givens
    bold, found digits blue, cells outside every grid invisible."""
    from dlxnumba import Gattai

    text = (Path(__file__).resolve().parents[1] / "puzzles" / "gattai" / "samurai.txt").read_text()
    solved = Gattai.samurai(text.split("\n\n")[0]).solve()
    assert solved is not None
    return solved._repr_html_()


# Evaluated in a page of one table by cell_pixels(): each cell's place and class.
_CLASSES_JS = """
[...document.querySelectorAll("table.dlxnumba-sudoku td")].map(td => {
  const r = td.getBoundingClientRect();
  return [r.left, r.top, r.width, r.height, td.className];
})
"""


def cell_pixels(browser: Browser, grid: str, workdir: Path, background: str, name: str = "cells"):
    """``(pixels, cells)``: a screenshot (RGB 0-255, a numpy array) of ``grid`` alone on
    a page of ``background``, and each cell's ``(left, top, width, height, class)``,
    both from one tab of ``browser``."""
    from matplotlib.image import imread  # a test dependency (PNG reading)

    page_path = workdir / f"{name}.html"
    page_path.write_text('<!doctype html><html><head><meta charset="utf-8"></head>'
                         f'<body style="margin:8px;background:{background}">{grid}</body></html>')
    png_path = workdir / f"{name}.png"
    cells = browser.look(page_path.as_uri(), png_path, 900, 900, _CLASSES_JS)
    return imread(png_path)[..., :3] * 255.0, cells


def measure(browser: Browser, grid: str, workdir: Path) -> list[dict]:
    """The computed styles of every cell of every panel (see :data:`_MEASURE_JS`)."""
    path = workdir / "measure.html"
    path.write_text(page(grid).replace("</body>", _MEASURE_JS + "</body>"))
    dom = browser.dom(path.as_uri())
    m = re.search(r'<pre id="measured">(.*?)</pre>', dom, re.S)
    if not m:
        raise RuntimeError("chromium did not run the page")
    return json.loads(html.unescape(m.group(1)))


# ---------------------------------------------------------------- colours


def rgba(css: str) -> tuple[float, float, float, float]:
    """``rgb(...)`` / ``rgba(...)`` as computed by the browser, channels 0-255, alpha 0-1."""
    numbers = [float(x) for x in re.findall(r"[\d.]+", css)]
    return (numbers[0], numbers[1], numbers[2], numbers[3] if len(numbers) > 3 else 1.0)


def over(top: tuple[float, float, float, float], below: tuple[float, float, float]) -> tuple[float, float, float]:
    """``top`` composited over the opaque colour ``below``."""
    a = top[3]
    return (top[0] * a + below[0] * (1 - a), top[1] * a + below[1] * (1 - a), top[2] * a + below[2] * (1 - a))


def drawn_background(backgrounds: list[str]) -> tuple[float, float, float]:
    """The colour behind an element: its background and its ancestors', composited
    (the canvas under them all is white)."""
    colour = (255.0, 255.0, 255.0)
    for css in reversed(backgrounds):
        colour = over(rgba(css), colour)
    return colour


def luminance(rgb: tuple[float, float, float]) -> float:
    """Relative luminance (WCAG 2)."""
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    """WCAG contrast ratio, 1 to 21."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def text_contrast(cell: dict) -> float:
    """Contrast of a cell's digit against what is drawn behind it."""
    background = drawn_background(cell["backgrounds"])
    return contrast(over(rgba(cell["color"]), background), background)


def summary(cells: list[dict]) -> list[str]:
    """One line per panel: lowest contrast of givens and of filled digits, font weights."""
    lines = []
    for name, *_ in PANELS:
        mine = [c for c in cells if c["panel"] == name]
        row = [name.ljust(18)]
        for cls in ("given", "filled"):
            of = [c for c in mine if c["cls"] == cls]
            row.append(f"{cls}: contrast >= {min(text_contrast(c) for c in of):5.2f}, "
                       f"weight {sorted({c['weight'] for c in of})}")
        lines.append("  ".join(row))
    return lines


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0] if argv else "screens")
    chromium = find_chromium()
    if chromium is None:
        print("no chromium (apt-get install chromium, or set CHROMIUM)", file=sys.stderr)
        return 1
    out.mkdir(parents=True, exist_ok=True)
    grid = grid_html()
    page_path = out / "grid.html"
    page_path.write_text(page(grid))
    with Browser(chromium) as browser:
        browser.screenshot(page_path.resolve().as_uri(), out / "grid.png", 900, 760)
        print(f"{out / 'grid.png'}")
        print("\n".join(summary(measure(browser, grid, out))))
        (out / "measure.html").unlink()
        variants = out / "variants.html"
        variants.write_text('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:8px;'
                            'background:#fff;display:flex;gap:24px;align-items:flex-start">'
                            + "".join(variant_grids().values()) + "</body></html>")
        browser.screenshot(variants.resolve().as_uri(), out / "variants.png", 1000, 420)
        print(f"{out / 'variants.png'}")
        for name, grid in variant_grids().items():
            drawn = strokes(browser, grid, out.resolve(), "strokes")
            n = int(len(drawn) ** 0.5)
            print(f"{name.ljust(10)} main diagonal {''.join(drawn[i * n + i] for i in range(n))}  "
                  f"anti-diagonal {''.join(drawn[i * n + n - 1 - i] for i in range(n))}")
        for tmp in ("strokes.html", "strokes.png"):
            (out / tmp).unlink()
        found, pixels = look_drawing(browser, out.resolve(), "drawing")
        print(f"{out / 'drawing.png'}")
        print("\n".join(drawing_report(found, pixels)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
