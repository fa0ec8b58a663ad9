"""The exceptions of dlxnumba.errors."""

import pickle

import pytest

from dlxnumba import Status
from dlxnumba import errors
from dlxnumba.search import Stats


@pytest.mark.parametrize("name", errors.__all__)
def test_every_exception_survives_pickling(name):
    """A worker process's exception reaches the parent intact (a LimitReached
    that could not be unpickled hung multiprocessing's Pool.get)."""
    cls = getattr(errors, name)
    if cls is errors.LimitReached:
        e = cls("max_nodes", Stats(nodes=7, updates=30, status=Status.MAX_NODES), 3)
    else:
        e = cls(f"{name}: line 3, item 'x'")
    back = pickle.loads(pickle.dumps(e))
    assert type(back) is cls and str(back) == str(e)
    if cls is errors.LimitReached:
        assert (back.reason, back.found, back.stats) == (e.reason, e.found, e.stats)
