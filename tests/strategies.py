"""Hypothesis strategies shared by the test modules."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def problems(draw, max_items=8, max_options=12):
    """(options, n_primary, n_items): options as lists of item numbers.

    Half of the time a random partition of the primary items is planted among
    the options, so that many problems have solutions.  Options may be empty.
    """
    n_items = draw(st.integers(0, max_items))
    n_primary = draw(st.integers(0, n_items))
    options = []
    if n_primary and draw(st.booleans()):
        labels = draw(st.lists(st.integers(0, 3), min_size=n_primary, max_size=n_primary))
        groups = {}
        for i, g in enumerate(labels):
            groups.setdefault(g, []).append(i)
        for grp in groups.values():
            extra = draw(st.lists(st.integers(n_primary, n_items - 1), unique=True, max_size=2)
                         if n_items > n_primary else st.just([]))
            options.append(grp + extra)
    room = max_options - len(options)
    if n_items:
        widest = draw(st.integers(1, 4))  # narrow options leave items with 0 or 1 options
        option = st.lists(st.integers(0, n_items - 1), unique=True, max_size=min(n_items, widest))
    else:
        option = st.just([])
    options += draw(st.lists(option, max_size=room))
    options = draw(st.permutations(options))
    options = [draw(st.permutations(o)) for o in options]
    return options, n_primary, n_items


def examples(n: int) -> int:
    """The examples a property test runs: ``n`` as written, scaled by the hypothesis
    profile in force (``tests/conftest.py``): half of it in the ``ci`` profile (the
    default), ten times it in ``deep``.  The scale is the profile's ``max_examples``
    over hypothesis's own default of 100, so a test that names no count follows the
    profile too."""
    from hypothesis import settings

    return max(1, round(n * settings.default.max_examples / 100))
