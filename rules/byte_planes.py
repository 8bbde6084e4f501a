"""Byte planes: a whole board held in one Python int with one byte per cell, so that a test
on every cell costs a handful of integer operations instead of a Python loop (issue 12).

A plane is laid out like an engine's bit set (cell at position p, neighbours a fixed shift
away), but position p is the byte p (bits 8p..8p+7). Small numbers (heights up to 127) sit
in the bytes as they are; a yes/no plane, a "flag plane", has 0x80 in the byte of every cell
where the answer is yes and 0 elsewhere. With values below 0x80, adding 0x7f to every byte
never carries into the next byte, which is what the comparisons below rely on. A flag plane
turned into bytes (`selector`) is a ready-made selector for `itertools.compress`, as 0x80
is true and 0 false.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

LOW7 = 0x7F
HIGH = 0x80


@dataclass(frozen=True)
class Planes:
    """The constants for planes of `positions` bytes.

    `board` flags the positions that are cells (a layout may keep spare positions that
    stop shifts from wrapping round); `low7`, `high` and `ones` repeat 0x7f, 0x80 and 0x01
    in every byte; `bits_format` writes a bit set of `positions` bits as that many binary
    digits."""

    positions: int
    board: int
    low7: int
    high: int
    ones: int
    bits_format: str

    @classmethod
    def of(cls, positions: int, cells: Sequence[int]) -> Planes:
        """Constants for planes of `positions` bytes whose cells are at `cells`."""
        def repeat(byte: int) -> int:
            return int.from_bytes(bytes([byte]) * positions, "little")
        return cls(positions, sum(HIGH << 8 * p for p in cells), repeat(LOW7), repeat(HIGH),
                   repeat(1), f"0{positions}b")

    def repeat(self, value: int) -> int:
        """A plane holding `value` (at most 0x7f) in every byte."""
        return self.ones * value

    def from_values(self, values: Sequence[int]) -> int:
        """The plane of small numbers given position by position (each at most 0x7f)."""
        return int.from_bytes(bytes(values), "little")

    def from_bits(self, bits: int) -> int:
        """The flag plane of a bit set laid out on the same positions (bit p -> byte p)."""
        return (int.from_bytes(format(bits, self.bits_format).encode(), "big")
                & self.ones) << 7

    def nonzero(self, plane: int) -> int:
        """Flags where the byte is not 0 (every byte at most 0x7f)."""
        return (plane + self.low7) & self.high

    def zero(self, plane: int) -> int:
        """Flags where the byte is 0 (every byte at most 0x7f)."""
        return ((plane + self.low7) & self.high) ^ self.high

    def not_above(self, plane: int, other: int) -> int:
        """Flags where `other`'s byte is not above `plane`'s (both at most 0x7f): 0x80 plus
        the first minus the second stays at 0x80 or more, and never borrows."""
        return ((plane | self.high) - other) & self.high

    def selector(self, flags: int) -> bytes:
        """The flag plane as bytes, position by position: a selector for compress."""
        return flags.to_bytes(self.positions, "little")

    def positions_of(self, flags: int) -> list[int]:
        """The positions flagged in a flag plane, lowest first."""
        found = []
        while flags:
            low = flags & -flags
            flags ^= low
            found.append((low.bit_length() - 1) // 8)
        return found
