"""The problem set of the plain-Python run is a script, not a test module: the
doctest collector would import it a second time (see ``tests/conftest.py``)."""

collect_ignore = ["nojit_problems.py"]
