"""The generic engine: dancing links, dancing cells, lanes, splits, the links builder.

Nothing here knows any application: kernels see arrays, records and scalars
(:mod:`dlxnumba.kernels._common`).  A job type that links its problems up
its own way plugs into the lanes from its own folder (see :mod:`.lanes`).
"""
