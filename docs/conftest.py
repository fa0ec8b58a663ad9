"""pytest runs the doctests of the guides (``docs/**/*.md``), as of README.md; the
Sphinx configuration, its extensions and the built site are not test modules."""

collect_ignore = ["conf.py"]
collect_ignore_glob = ["_ext/*", "_build/*", "notebooks/*", "api/generated/*"]
