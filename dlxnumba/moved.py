"""The old homes of names that moved: each still works for one release, with a
:class:`DeprecationWarning` naming its new home (listed in ``CHANGELOG.md``).

A module whose names moved keeps a table ``{name: new module}`` and hands
:func:`forward`'s function to Python as its module ``__getattr__``; the new home
is imported only when an old spelling is used, so the old module imports
nothing of it (no arrow points up).

>>> import warnings
>>> __getattr__ = forward("mymodule", {"sqrt": "math"})
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     __getattr__("sqrt")(4.0), str(caught[0].message)
(2.0, 'mymodule.sqrt is deprecated: use math.sqrt')
"""

from __future__ import annotations

import importlib
import warnings
from typing import Any, Callable

__all__ = ["forward"]


def forward(module: str, moved: dict[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``module`` that finds each name of ``moved``
    in its new home (a module name), with a :class:`DeprecationWarning`."""

    def __getattr__(name: str) -> Any:
        home = moved.get(name)
        if home is None:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        warnings.warn(f"{module}.{name} is deprecated: use {home}.{name}", DeprecationWarning, stacklevel=2)
        return getattr(importlib.import_module(home), name)

    return __getattr__
