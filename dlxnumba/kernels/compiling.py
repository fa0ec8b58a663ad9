"""Watching numba compile: what dlxnumba's kernels (the engine's and Sudoku's) cost while it happens.

numba reports the start and the end of every compile of a kernel (its
"numba:compile" events, :mod:`numba.core.event`); loading a kernel from the
cache reports nothing.  :class:`Watch` listens to them while it is open and
keeps, for each kernel compiled from the outermost call down, its name and
seconds; it can call ``on_slow()`` once when compiling has gone on for more
than ``after`` seconds (the command line's notice, :mod:`dlxnumba.cli`) and
``on_compiled(name, seconds)`` after each outermost compile
(:func:`dlxnumba.warm_up` with ``progress=True``).

This module imports numba only when a watch opens (no module outside the
kernel folders, this one and :mod:`dlxnumba.sudoku.kernels`, imports numba).
"""

from __future__ import annotations

import threading
import time
from typing import Any, Callable

__all__ = ["Watch"]


class Watch:
    """A context manager: while open, notes every kernel numba compiles.

    Attributes
    ----------
    compiled : list of (str, float)
        The outermost kernels compiled (their name and seconds, the kernels
        they compiled first included), in order.
    seconds : float
        Wall-clock seconds spent compiling them.
    """

    def __init__(self, after: float | None = None, on_slow: Callable[[], None] | None = None,
                 on_compiled: Callable[[str, float], None] | None = None):
        self.after = after
        self.on_slow = on_slow
        self.on_compiled = on_compiled
        self.compiled: list[tuple[str, float]] = []
        self.seconds = 0.0
        self._lock = threading.Lock()
        self._depth: dict[int, list[float]] = {}  # per thread: start times of open compiles
        self._timer: threading.Timer | None = None
        self._slow_said = False
        self._last = 0.0  # when a compile last started or ended
        self._listener: Any = None

    def __enter__(self) -> "Watch":
        from numba.core import event

        watch = self

        class _Listener(event.Listener):
            def on_start(self, ev: Any) -> None:
                watch._start()

            def on_end(self, ev: Any) -> None:
                watch._end(ev)

        self._listener = _Listener()
        event.register("numba:compile", self._listener)
        return self

    def __exit__(self, *exc: Any) -> None:
        from numba.core import event

        event.unregister("numba:compile", self._listener)
        with self._lock:
            if self._timer is not None:
                self._timer.cancel()

    def _start(self) -> None:
        now = time.perf_counter()
        with self._lock:
            self._depth.setdefault(threading.get_ident(), []).append(now)
            self._last = now
            if self.after is not None and self._timer is None and not self._slow_said:
                self._timer = threading.Timer(self.after, self._check)
                self._timer.daemon = True
                self._timer.start()

    def _end(self, ev: Any) -> None:
        now = time.perf_counter()
        with self._lock:
            stack = self._depth.get(threading.get_ident())
            if not stack:
                return
            start = stack.pop()
            self._last = now
            if stack:
                return
        func = getattr(ev.data.get("dispatcher"), "py_func", None)
        name = str(getattr(func, "__name__", "?"))
        self.compiled.append((name, now - start))
        self.seconds += now - start
        if self.on_compiled is not None:
            self.on_compiled(name, now - start)

    def _check(self) -> None:
        """The timer: compiling began ``after`` seconds ago; say so if it goes on."""
        with self._lock:
            busy = any(self._depth.values()) or time.perf_counter() - self._last < 0.25
            self._timer = None
            if not busy or self._slow_said:
                return  # compiling was short: a later compile starts a new timer
            self._slow_said = True
        if self.on_slow is not None:
            self.on_slow()
