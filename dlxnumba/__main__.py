"""``python -m dlxnumba``: the command line (see :mod:`dlxnumba.cli`)."""

import sys

from .cli import main

if __name__ == "__main__":
    sys.exit(main())
