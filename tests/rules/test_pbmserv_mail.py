"""pbmserv's mail line for a move (rules/pbmserv_mail.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from megalith.rules.pbmserv_mail import board_number, move_line


@pytest.mark.parametrize("path, board", [
    (Path("games/druid/101"), "101"), (Path("saved/2345.txt"), "2345"),
    (Path("game.txt"), None), (Path("101b"), None), (Path("-5"), None), (None, None),
    (Path("1" * 40), None),
])
def test_the_board_number_is_a_board_files_name(path: Path | None, board: str | None) -> None:
    assert board_number(path) == board


def test_the_line_is_pbmservs_with_placeholders_for_what_is_missing() -> None:
    assert move_line("druid", "101", "alice", "secret", "c3") == \
        "druid move 101 alice secret c3"
    assert move_line("quady", None, "bob", None, "swap") == \
        "quady move BOARD bob PASSWORD swap"
    assert move_line("drogo", "7", "c", None, "--") == "drogo move 7 c PASSWORD pass"
    assert move_line("drogo", "7", "c", None, "Resign") == "drogo move 7 c PASSWORD resign"
