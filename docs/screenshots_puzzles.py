"""The puzzle pictures of docs/desktop.md ("Puzzles"), drawn by the real puzzle window over
the main one: the first Druid square puzzle of depth 3 of the shipped set, with a wrong move
refuted, then after Retry with the first hint. Called by `docs/screenshots.py --puzzles`,
which sets up the application; the settings and the autosave go to a temporary folder.

The moves go through the same path as a click on the board (`PuzzleWindow.play_move`): the
wrong move is the first legal move, in the engine's order, that is one empty cell, does not
win, and is refuted by a stone on one cell, so the picture shows both stones."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from docs.screenshots_study import grab, settle

FAMILY = "druid-square"
SIZE = (1180, 720)


def render_puzzles(app: QApplication, images: Path) -> list[Path]:
    folder = Path(tempfile.mkdtemp(prefix="megalith-shots-"))
    os.environ["MEGALITH_CONFIG_DIR"] = str(folder / "config")
    os.environ["MEGALITH_DATA_DIR"] = str(folder / "data")
    from megalith.desktop.window.main_window import MainWindow  # after the folders are set
    from megalith.rules.contracts import StackedPosition
    from megalith.rules.puzzles import PuzzleRun

    def stacked(state: object) -> StackedPosition:
        assert isinstance(state, StackedPosition)
        return state

    window = MainWindow()
    window.show()
    settle(app)
    window.commands.puzzles_action.trigger()
    puzzles = window.puzzle_window
    assert puzzles is not None
    puzzles.resize(*SIZE)
    puzzles.choose_family(FAMILY)
    trainer = puzzles.trainer
    trainer.start(next(i for i, p in enumerate(trainer.puzzles) if p.depth == 3))
    puzzles.refresh()
    puzzle = trainer.puzzle
    start = puzzle.state()
    position = stacked(start)

    def shown_whole(move: str) -> bool:
        if move in puzzle.winning_moves or start.move_cells(move) != (move,):
            return False
        if position.height(move):
            return False
        reply = PuzzleRun(puzzle).try_move(move)
        return reply.defence is not None and len(start.move_cells(reply.defence)) == 1

    wrong = next(m for m in start.legal_moves() if shown_whole(m))
    puzzles.play_move(wrong)
    while puzzles.worker.busy:  # the rules answer in the worker
        settle(app, 0.1)
    settle(app)
    paths = [images / "puzzle-refuted.png"]
    grab(puzzles, paths[0])

    puzzles.retry()
    puzzles.hint()
    while puzzles.worker.busy:
        settle(app, 0.1)
    settle(app)
    paths.append(images / "puzzle-hint.png")
    grab(puzzles, paths[1])
    puzzles.close()
    window.close()
    return paths
