"""Board geometry against pbmserv's coordinate conventions (RULINGS.md, "Coordinates")."""

from __future__ import annotations

from megalith.rules.geometry import (column_index, column_letters, hex_board, square_board,
                            triangle_board, y_board)


def names(board, cells) -> list[str]:
    return sorted((board.names[i] for i in cells), key=lambda n: board.index[n])


def test_columns_past_z_go_on_aa() -> None:
    assert [column_letters(i) for i in (0, 25, 26, 27, 30)] == ["a", "z", "aa", "ab", "ae"]
    assert all(column_index(column_letters(i)) == i for i in range(40))


def test_square_board_a1_bottom_left_with_orthogonal_neighbours() -> None:
    board = square_board(10)
    assert len(board) == 100
    a1 = board.cell("A1")
    assert names(board, board.neighbours[a1]) == ["a2", "b1"]
    assert board.names[board.step(a1, "n")] == "a2" and board.names[board.step(a1, "e")] == "b1"
    assert board.step(a1, "s") is None
    assert names(board, board.sides["bottom"])[:2] == ["a1", "b1"]
    assert "j10" in names(board, board.sides["top"]) and "a10" in names(board, board.sides["left"])
    assert board.cell("k1") is None


def test_square_lintel_lines_are_orthogonal_and_written_first_end_first() -> None:
    board = square_board(10)
    assert len(board.lines) == 2 * 10 * 8
    b2, b4, d2 = board.cell("b2"), board.cell("b4"), board.cell("d2")
    assert [board.names[i] for i in board.line_through(b4, b2)] == ["b2", "b3", "b4"]
    assert [board.names[i] for i in board.line_through(d2, b2)] == ["b2", "c2", "d2"]
    assert board.line_through(b2, board.cell("d4")) is None  # diagonal
    assert board.line_through(b2, board.cell("b5")) is None  # too long


def test_hex_board_of_5_corners_and_sides() -> None:
    board = hex_board(5)
    assert len(board) == 61
    column_lengths = [sum(1 for n in board.names if n[0] == c) for c in "abcdefghi"]
    assert column_lengths == [5, 6, 7, 8, 9, 8, 7, 6, 5]
    assert names(board, board.sides["S1"]) == ["a1", "b1", "c1", "d1", "e1"]
    assert names(board, board.sides["S6"]) == ["e1", "f1", "g1", "h1", "i1"]
    assert names(board, board.sides["S5"]) == ["i1", "i2", "i3", "i4", "i5"]
    assert names(board, board.sides["S4"]) == ["e9", "f8", "g7", "h6", "i5"]
    assert names(board, board.sides["S3"]) == ["a5", "b6", "c7", "d8", "e9"]
    assert names(board, board.sides["S2"]) == ["a1", "a2", "a3", "a4", "a5"]


def test_hex_neighbours_and_directions() -> None:
    board = hex_board(5)
    e5 = board.cell("e5")
    assert names(board, board.neighbours[e5]) == ["d4", "d5", "e4", "e6", "f4", "f5"]
    steps = {d: board.names[board.step(e5, d)] for d in ("n", "s", "ne", "nw", "se", "sw")}
    assert steps == {"n": "e6", "s": "e4", "ne": "f5", "se": "f4", "nw": "d5", "sw": "d4"}
    a1 = board.cell("a1")
    assert names(board, board.neighbours[a1]) == ["a2", "b1", "b2"]
    assert board.direction_between(a1, board.cell("b1")) == "se"
    # lintels along all three axes
    line = board.line_through(board.cell("a1"), board.cell("c1"))
    assert [board.names[i] for i in line] == ["a1", "b1", "c1"]
    line = board.line_through(board.cell("c3"), board.cell("a3"))  # the se axis
    assert [board.names[i] for i in line] == ["a3", "b3", "c3"]


def test_y_board_columns_shrink_and_sides() -> None:
    board = y_board(8)
    assert len(board) == 36
    assert names(board, board.sides["right"]) == ["a8", "b7", "c6", "d5", "e4", "f3", "g2", "h1"]
    assert names(board, board.sides["bottom"])[-1] == "h1"
    assert names(board, board.neighbours[board.cell("b3")]) == ["a3", "a4", "b2", "b4", "c2", "c3"]


def test_triangle_board_names_and_neighbours() -> None:
    board = triangle_board(15)
    assert len(board) == 120
    assert board.names[0] == "a1" and board.cell("f6") is not None and board.cell("g6") is None
    b3 = board.cell("b3")
    assert names(board, board.neighbours[b3]) == ["a2", "b2", "a3", "c3", "b4", "c4"]
    assert names(board, board.sides["right"])[:3] == ["a1", "b2", "c3"]
    assert board.lines == ()
