"""Byte planes (rules/byte_planes.py) answer, byte by byte, what a loop over the values would."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from megalith.rules.byte_planes import Planes

SMALL = st.lists(st.integers(0, 0x7F), min_size=1, max_size=40)


def flags(planes: Planes, plane: int) -> list[bool]:
    """Which bytes of a flag plane hold 0x80 (the others must hold 0)."""
    found = planes.selector(plane)
    assert set(found) <= {0, 0x80}
    return [byte == 0x80 for byte in found]


def everywhere(values: list[int]) -> Planes:
    return Planes.of(len(values), range(len(values)))


@given(SMALL)
def test_zero_and_nonzero(values: list[int]) -> None:
    planes = everywhere(values)
    plane = planes.from_values(values)
    assert flags(planes, planes.zero(plane)) == [v == 0 for v in values]
    assert flags(planes, planes.nonzero(plane)) == [v != 0 for v in values]


@given(st.lists(st.tuples(st.integers(0, 0x7F), st.integers(0, 0x7F)), min_size=1,
                max_size=40))
def test_not_above(pairs: list[tuple[int, int]]) -> None:
    planes = everywhere([a for a, _ in pairs])
    first = planes.from_values([a for a, _ in pairs])
    second = planes.from_values([b for _, b in pairs])
    assert flags(planes, planes.not_above(first, second)) == [b <= a for a, b in pairs]


@given(st.integers(1, 60).flatmap(lambda n: st.tuples(st.just(n), st.integers(0, 2**n - 1))))
def test_from_bits_and_positions(case: tuple[int, int]) -> None:
    positions, bits = case
    planes = Planes.of(positions, range(positions))
    plane = planes.from_bits(bits)
    assert flags(planes, plane) == [bool(bits >> p & 1) for p in range(positions)]
    assert planes.positions_of(plane) == [p for p in range(positions) if bits >> p & 1]


def test_board_repeat_and_constants() -> None:
    planes = Planes.of(4, [0, 2])
    assert flags(planes, planes.board) == [True, False, True, False]
    assert planes.repeat(5) == int.from_bytes(bytes([5] * 4), "little")
    assert planes.selector(planes.high) == bytes([0x80] * 4)
    assert planes.low7 + planes.ones == planes.high
