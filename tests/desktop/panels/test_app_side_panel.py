"""The side panel changes only what a move changed, and what it then shows is exactly what
a panel laid out from scratch shows: the players, the move table (titles, row numbers,
moves, note marks and tooltips, the selected move) through moves, notes, walking the moves,
undo, redo and a swap."""

from __future__ import annotations

import random

import pytest
from PySide6.QtWidgets import QLabel

from megalith.desktop.panels import SidePanel
from megalith.desktop.game.session import Session
from tests.desktop.app_support import header


def table_snapshot(panel: SidePanel) -> dict:
    table = panel.table
    cells = {}
    for row in range(table.rowCount()):
        for column in range(table.columnCount()):
            item = table.item(row, column)
            cells[row, column] = None if item is None else (item.text(), item.toolTip())
    return {
        "size": (table.rowCount(), table.columnCount()),
        "titles": [header(table, c).text() for c in range(table.columnCount())],
        "rows": [table.verticalHeaderItem(r).text() for r in range(table.rowCount())],
        "cells": cells,
        "selected": sorted((i.row(), i.column()) for i in table.selectedItems()),
        "current": (table.currentRow(), table.currentColumn()) if table.selectedItems()
        else None,
    }


def players_snapshot(panel: SidePanel) -> list:
    grid = panel.players_grid
    out = []
    for row in range(grid.rowCount()):
        for column in range(grid.columnCount()):
            item = grid.itemAtPosition(row, column)
            if item is not None:
                label = item.widget()
                assert isinstance(label, QLabel)
                out.append((row, column, label.objectName(), label.text(), label.styleSheet()))
    return out + [(panel.result_label.text(), panel.result_label.isVisibleTo(panel),
                   panel.subgames_label.text(), panel.subgames_label.isVisibleTo(panel),
                   panel.note_label.text(), panel.note_edit.toPlainText())]


@pytest.fixture
def panels(qtbot) -> tuple[SidePanel, SidePanel]:
    kept, fresh = SidePanel(), SidePanel()
    for panel in (kept, fresh):
        qtbot.addWidget(panel)
    return kept, fresh


def same_as_from_scratch(qtbot, kept: SidePanel, session: Session) -> None:
    """Shows `session` on the long-lived panel and on a new one; both must match."""
    kept.show_session(session)
    fresh = SidePanel()
    qtbot.addWidget(fresh)
    fresh.show_session(session)
    assert table_snapshot(kept) == table_snapshot(fresh)
    assert players_snapshot(kept) == players_snapshot(fresh)


def test_a_move_adds_its_cell_and_leaves_the_earlier_ones_alone(qtbot, panels) -> None:
    kept, _ = panels
    session = Session.new("druid", ["-size=6"], ["vera", "hugo"])
    for move in ("c3", "d4", "c4"):
        session.play(move)
    kept.show_session(session)
    first, second = kept.table.item(0, 0), kept.table.item(0, 1)
    session.play("d3")
    same_as_from_scratch(qtbot, kept, session)
    assert kept.table.item(0, 0) is first and kept.table.item(0, 1) is second
    assert kept.table.item(1, 1).text() == "d3"


def test_the_table_matches_a_fresh_one_through_a_whole_druid_game(qtbot, panels) -> None:
    kept, _ = panels
    rng = random.Random(5)
    session = Session.new("druid", ["-size=5", "-walk"], ["vera", "hugo"])
    same_as_from_scratch(qtbot, kept, session)
    for step in range(60):
        if session.current.outcome().over:
            break
        roll = rng.random()
        if roll < 0.12 and session.can_undo():
            session.undo()
        elif roll < 0.18 and session.can_redo():
            session.redo()
        elif roll < 0.28:
            session.set_note(rng.randrange(session.ply + 1), rng.choice(["", "a fine move"]))
        elif roll < 0.36:
            session.view(rng.randrange(session.ply + 1))
        else:
            session.view_last()
            session.play(rng.choice([m for m in session.shown.legal_moves() if m != "--"]))
        same_as_from_scratch(qtbot, kept, session)
    assert session.ply > 10 and session.record.notes  # the walk really covered something


def test_a_swap_renames_the_columns_and_an_undo_takes_it_back(qtbot, panels) -> None:
    kept, _ = panels
    session = Session.new("quady", ["-size=5"], ["alice", "bob"])
    session.play("c3")
    same_as_from_scratch(qtbot, kept, session)
    session.play("swap")
    same_as_from_scratch(qtbot, kept, session)
    assert kept.table.horizontalHeaderItem(0).text() == "X bob"
    session.play("a3")
    same_as_from_scratch(qtbot, kept, session)
    session.undo()
    session.undo()
    same_as_from_scratch(qtbot, kept, session)
    assert kept.table.horizontalHeaderItem(0).text() == "X alice"


def test_a_note_marks_its_move_and_removing_it_unmarks_it(qtbot, panels) -> None:
    kept, _ = panels
    session = Session.new("druid", ["-size=6"], ["vera", "hugo"])
    for move in ("c3", "d4", "c4"):
        session.play(move)
    kept.show_session(session)
    session.set_note(2, "blocks the column")
    kept.mark_notes()
    assert (kept.table.item(0, 1).text(), kept.table.item(0, 1).toolTip()) == (
        "d4 *", "blocks the column")
    same_as_from_scratch(qtbot, kept, session)
    session.set_note(2, "")
    kept.mark_notes()
    assert (kept.table.item(0, 1).text(), kept.table.item(0, 1).toolTip()) == ("d4", "")
    same_as_from_scratch(qtbot, kept, session)


def test_a_new_game_is_laid_out_from_scratch(qtbot, panels) -> None:
    kept, _ = panels
    druid = Session.new("druid", ["-size=6"], ["vera", "hugo"])
    for move in ("c3", "d4", "c4"):
        druid.play(move)
    same_as_from_scratch(qtbot, kept, druid)
    three = Session.new("druid", ["-size=4", "-hex"], ["xena", "olga", "yuri"])
    three.play("d4")
    same_as_from_scratch(qtbot, kept, three)
    assert kept.table.columnCount() == 3 and kept.table.rowCount() == 1
    assert kept.findChild(QLabel, "player_Y").text() == "Y  yuri"
