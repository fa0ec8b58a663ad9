"""Fixtures of the command-line tests."""

import io
import sys

import pytest


@pytest.fixture
def stdin(monkeypatch):
    """Feed text to standard input."""
    def feed(text, binary=True):
        stream = io.TextIOWrapper(io.BytesIO(text.encode())) if binary else io.StringIO(text)
        monkeypatch.setattr(sys, "stdin", stream)
    return feed
