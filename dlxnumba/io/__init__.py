"""Text formats, read and written as plain arrays (no problem objects here).

:mod:`dlxnumba.io.dlx` is Knuth's DLX1 format; :class:`dlxnumba.ExactCover`
reads and writes it through ``from_dlx`` and ``to_dlx``.
"""
