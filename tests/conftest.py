"""Test-suite configuration.

The helper modules here hold no tests and no doctests.  Under
``--import-mode=importlib`` the doctest collector would import each of them a
second time, under a name made from its path (``tests.known``), beside the copy
the tests import (``known``): so they are not collected.
"""

collect_ignore = ["reference.py", "strategies.py", "known.py", "command_line.py", "display_screens.py", "colored.py",
                  "cold.py", "splitting.py"]
