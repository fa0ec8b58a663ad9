"""Bits and random numbers for Sudoku's kernels: SplitMix64, unbiased draws, bit counts.

The PRNG is SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit counter stepped
by the golden-ratio constant and mixed by two xor-shift-multiply rounds.
Integer arithmetic only, so a seed gives the same draws on every machine.
"""

from typing import TYPE_CHECKING, Any

import numpy as np
from numba import njit
from numba.core import config

from ...kernels._common import JIT_ENTRY, JIT_INNER

if TYPE_CHECKING or config.DISABLE_JIT:
    def trailing_zeros(x: Any) -> int:
        """The index of the lowest set bit of ``x != 0``: LLVM's cttz in compiled
        code (numba's intrinsic), the same in plain Python."""
        x = int(x)
        return (x & -x).bit_length() - 1

    def leading_zeros(x: Any) -> int:
        """The number of zero bits above the highest set bit of the uint64
        ``x != 0``: LLVM's ctlz in compiled code, the same in plain Python."""
        return 64 - int(x).bit_length()
else:
    from numba.cpython.unsafe.numbers import leading_zeros, trailing_zeros


_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)
_U0 = np.uint64(0)
_U1 = np.uint64(1)


@njit(**JIT_INNER)
def mix64(z):
    """SplitMix64's output function: a bijection of uint64 that scrambles every bit."""
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


@njit(**JIT_ENTRY)
def next_u64(rng):
    """The next 64 random bits of the SplitMix64 state ``rng[0]`` (a uint64 array)."""
    s = rng[0] + _GOLDEN
    rng[0] = s
    return mix64(s)


@njit(**JIT_ENTRY)
def below(rng, k):
    """A random integer in ``[0, k)`` (``k >= 1``), by Lemire's multiply-shift
    with rejection (no modulo bias)."""
    bound = np.uint64(k)
    threshold = (_U0 - bound) % bound  # 2**64 mod k
    while True:
        x = next_u64(rng)
        # the high 64 bits of x * bound, in four 32-bit products
        lo_x = x & np.uint64(0xFFFFFFFF)
        hi_x = x >> np.uint64(32)
        t = lo_x * bound
        low = t & np.uint64(0xFFFFFFFF)
        t = hi_x * bound + (t >> np.uint64(32))
        # x * bound = (t << 32) + low, as a 96-bit number: high 64 bits and low 64 bits
        high = t >> np.uint64(32)
        low64 = ((t & np.uint64(0xFFFFFFFF)) << np.uint64(32)) | low
        if low64 >= threshold:
            return np.int64(high)


@njit(**JIT_INNER)
def puzzle_state(seed, index, attempt):
    """The PRNG state of attempt ``attempt`` at puzzle ``index`` of the batch of ``seed``."""
    s = mix64(np.uint64(seed) + _GOLDEN)
    s = mix64(s ^ (np.uint64(index) * _M1 + _GOLDEN))
    return mix64(s ^ (np.uint64(attempt) * _M2 + _U1))


@njit(**JIT_INNER)
def popcount(x):
    """The number of set bits of a uint64."""
    x = x - ((x >> np.uint64(1)) & np.uint64(0x5555555555555555))
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return np.int64((x * np.uint64(0x0101010101010101)) >> np.uint64(56))
