"""``dlxnumba warm-up``: compile every kernel now, into numba's cache.

The first run of each command compiles the kernels it needs (seconds) and
numba keeps them in its cache (beside the package, or in ``NUMBA_CACHE_DIR``);
later runs load them.  ``warm-up`` pays all of it at once: in an image or a CI
cache, or before an install is made read-only.
"""

from __future__ import annotations

import argparse

from .common import EXIT_OK, RAW_HELP, _whole

HELP = "compile every kernel ahead of time (for images, CI caches, read-only installs)"
DESCRIPTION = """\
Compile every compiled kernel of dlxnumba now and keep it in numba's cache, so
that no later run waits for compiling: the first run of a command otherwise
compiles what it needs (seconds).  Run it where the cache is writable (beside
the package, or set NUMBA_CACHE_DIR), e.g. before making an install read-only.
What is compiled, kernel by kernel, goes to standard error."""
EPILOG = """\
examples:
  dlxnumba warm-up                            compile everything, say what
  dlxnumba warm-up --processes 2              the same in two processes at once
  NUMBA_CACHE_DIR=/opt/cache dlxnumba warm-up a cache to ship in an image
"""


def add_parser(commands) -> argparse.ArgumentParser:
    """Add ``warm-up`` and its options to ``commands`` (an argparse sub-parsers object)."""
    c = commands.add_parser("warm-up", help=HELP, description=DESCRIPTION, epilog=EPILOG,
                            formatter_class=RAW_HELP)
    c.add_argument("-q", "--quiet", action="store_true", help="say nothing")
    c.add_argument("--threads", type=_whole(1), metavar="N",
                   help="warm up the paths for N threads (default: all that numba has)")
    c.add_argument("--processes", type=_whole(1), metavar="N", default=1,
                   help="compile in N processes at once, each a share of the paths (default: 1)")
    c.set_defaults(run=run, command_parser=c, compile_notice=False)
    return c


def run(args) -> int:
    from ..warmup import warm_up

    warm_up(threads=args.threads, everything=True, progress=not args.quiet, processes=args.processes)
    return EXIT_OK
