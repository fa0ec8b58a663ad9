"""Sudoku batches on a Dask cluster: chunks of puzzles solved with ``solve_many`` on the workers.

(Counting one puzzle on a cluster is the generic runner's work:
``dlxnumba.parallel.dask.count(Sudoku(...), client)``, through
:meth:`Sudoku.exact_cover`.)  Each chunk is solved by a :class:`ChunkSolver`,
one picklable record of everything ``solve_many`` is told but the puzzles --
the limit, the search options and the puzzles' rules (box and variant) -- so
that the rules cannot be left behind on the way to the workers.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any, Iterable, Iterator

import numpy as np

from ..errors import SudokuError, plain
from ..parallel.dask import distributed_package, worker_threads
from ..checks import choice, integer
from ..search_options import SearchOptions
from .bits import ALGORITHMS
from .many import solve_many
from .variants import Variant

__all__ = ["ChunkSolver", "solve_chunks", "CHUNKS_IN_FLIGHT"]

#: Chunks of puzzles in flight per worker thread in :func:`solve_chunks`.
CHUNKS_IN_FLIGHT = 2


@dataclass(frozen=True)
class ChunkSolver:
    """How a worker solves a chunk of puzzles: :func:`~dlxnumba.sudoku.solve_many`
    on one thread with these (checked once, where the record is made).

    Calling it with a (k, N*N) uint8 array returns ``(solutions, status,
    nodes, updates, counts)`` arrays.

    >>> solver = ChunkSolver.make(limit=2, variant="x")
    >>> cells = np.array([[1] + [0] * 15], np.uint8)
    >>> solutions, status, nodes, updates, counts = solver(cells)
    >>> status.tolist(), counts.tolist()
    ([3], [2])
    """

    limit: int = 1
    box: Any = None
    variant: Variant | None = None
    options: SearchOptions = SearchOptions()
    algorithm: str = "auto"

    @classmethod
    def make(cls, *, limit: int = 1, box: Any = None, variant: Any = None, stop_at: int = 1,
             max_nodes: int | None = None, algorithm: str = "auto") -> "ChunkSolver":
        """The record of these keywords, checked (a :class:`~dlxnumba.SudokuError` names a bad one)."""
        limit = integer(limit, "limit", low=1, error=SudokuError)
        options = SearchOptions.make(SudokuError, stop_at=stop_at, max_nodes=max_nodes, threads=1)
        rules = None if variant is None else Variant.parse(variant)
        return cls(limit, box, rules or None, options, choice(algorithm, "algorithm", ALGORITHMS, SudokuError))

    def __call__(self, cells: np.ndarray) -> tuple:
        o = self.options
        r = solve_many(cells, limit=self.limit, threads=1, box=self.box, variant=self.variant, stop_at=o.stop_at,
                       max_nodes=o.max_nodes, return_stats=True, algorithm=self.algorithm)
        sols, status, info = r[0], r[1], r[2]
        return (np.asarray(sols), np.asarray(status, np.int8), np.asarray(info["nodes"]),
                np.asarray(info["updates"]), np.asarray(info["count"]))


def solve_chunks(chunks: Iterable[np.ndarray], client: Any, *, limit: int = 1, box: Any = None,
                 variant: Any = None, stop_at: int = 1, max_nodes: int | None = None,
                 in_flight: int | None = None, algorithm: str = "auto") -> Iterator[tuple]:
    """Solve chunks of puzzles ((k, N*N) uint8 arrays, e.g. from
    :func:`~dlxnumba.sudoku.iter_puzzles`) on a Dask cluster, each with
    :func:`~dlxnumba.sudoku.solve_many` on one worker thread (with ``box`` and
    ``variant``, the rules of every puzzle; ``algorithm`` as there).

    Yields ``(chunk, solutions, status, nodes, updates, counts)`` per chunk,
    in input order, as soon as that chunk and all before it are done; at most
    ``in_flight`` chunks (default: :data:`CHUNKS_IN_FLIGHT` per worker thread)
    are read ahead, so a file of any size streams through in bounded memory.
    ``client`` must be a :class:`distributed.Client` (see
    :func:`dlxnumba.parallel.dask.connect`).  Closing the generator (or Ctrl-C)
    cancels the chunks in flight.
    """
    distributed = distributed_package()
    if not isinstance(client, distributed.Client):
        raise SudokuError(f"client must be a distributed.Client (see dlxnumba.parallel.dask.connect), "
                          f"not {plain(client)}")
    solver = ChunkSolver.make(limit=limit, box=box, variant=variant, stop_at=stop_at, max_nodes=max_nodes,
                              algorithm=algorithm)
    depth = in_flight if in_flight is not None else CHUNKS_IN_FLIGHT * worker_threads(client)
    queue: list = []
    try:
        for chunk in chunks:
            queue.append((chunk, client.submit(solver, chunk, pure=False, retries=2)))
            while len(queue) >= depth:
                chunk0, f = queue.pop(0)
                yield (chunk0, *f.result())
        while queue:
            chunk0, f = queue.pop(0)
            yield (chunk0, *f.result())
    finally:
        if queue:
            with contextlib.suppress(Exception):
                client.cancel([f for _, f in queue])
