"""Time from a click on the 3D view to the new frame on screen, through the whole window.

The game is the crowded monument of benchmarks/frame_time.py (Druid 16x16, stacks three
levels high, about 420 stones and lintels), opened in the real MainWindow with private
settings and data folders; the window is sized so that the board view is 800x600. Each
sample is a left click (press and release) on a cell where the mover may place a sarsen,
timed until the window has composed and swapped the frame that shows the move (the view's
`frameSwapped`), then glFinish: the move builder, the Session playing the move, the
autosave, the side panel, the view's set_position and the repaint of the window are all
inside. The first click after opening the game is reported apart: the window's check for a
repeated position then renders every earlier position once (the Session remembers them).
A breakdown of the window's own steps on the same position follows.

Aim (issue 5): under 50 ms from click to frame.

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python benchmarks/click_to_frame.py
"""

from __future__ import annotations

import argparse
from dataclasses import replace
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from frame_time import crowded_monument, ms, wait_for_frame  # noqa: E402  (Qt's GL sharing)
from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

VIEW_SIZE = (800, 600)


def click(view, point: QPointF) -> None:
    for kind, buttons in ((QEvent.Type.MouseButtonPress, Qt.MouseButton.LeftButton),
                          (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton)):
        QApplication.sendEvent(view, QMouseEvent(kind, point, view.mapToGlobal(point),
                                                 Qt.MouseButton.LeftButton, buttons,
                                                 Qt.KeyboardModifier.NoModifier))


def visible_sarsen(view, state, rng: random.Random) -> tuple[str, QPointF] | None:
    """A cell where a sarsen may go now, whose top the pointer can reach, and whose move
    does not end the game."""
    singles = [m for m in state.legal_moves() if m.isalnum() and not m.isalpha()]
    for move in rng.sample(singles, min(len(singles), 30)):
        pos = view.cell_screen_pos(move)
        if view.cell_at(pos.x(), pos.y()) != move:
            continue
        trial = state.copy()
        trial.play(move)
        if not trial.outcome().over:
            return move, QPointF(pos)
    return None


def clicks_through_window(app: QApplication, window, clicks: int, seed: int
                          ) -> tuple[list[float], list[float]]:
    """Click to frame of each click, and the side panel's share of each (show_session)."""
    rng = random.Random(seed)
    view = window.view
    swapped = [0]
    panel_times: list[float] = []
    show_session = window.panel.show_session

    def on_swap() -> None:
        swapped[0] += 1

    def timed_show_session(*args, **kwargs) -> None:
        start = time.perf_counter()
        show_session(*args, **kwargs)
        panel_times.append(time.perf_counter() - start)

    view.frameSwapped.connect(on_swap)
    window.panel.show_session = timed_show_session
    times = []
    for _ in range(clicks):
        found = visible_sarsen(view, window.session.shown, rng)
        if found is None:
            break
        move, point = found
        before_ply, before_swaps = window.session.ply, swapped[0]
        start = time.perf_counter()
        click(view, point)
        drawn = wait_for_frame(app, view, swapped, before_swaps)
        elapsed = time.perf_counter() - start
        if drawn and window.session.ply > before_ply and window.session.record.moves[
                before_ply] == move:
            times.append(elapsed)
        wait_for_frame(app, view, swapped, swapped[0], timeout=0.05)  # let it settle
    view.frameSwapped.disconnect(on_swap)
    del window.panel.show_session
    return times, panel_times


def steps(window, repeats: int) -> dict[str, list[float]]:
    """The window's steps after a move, each timed alone on the position on screen."""
    from megalith.desktop.game import autosave

    session = window.session
    state = session.shown
    legal = state.legal_moves()
    colours = session.colours_by_side()
    last = session.last_move_shown
    parts: dict[str, Callable[[], object]] = {
        "legal moves": state.legal_moves,
        "view.set_position, same position": lambda: window.view.set_position(
            state, colours, legal, last),
        "view.set_position, new copy": lambda: window.view.set_position(
            state.copy(), colours, legal, last),
        "side panel, same position": lambda: window.panel.show_session(session),
        "owners/heights map, same position (when shown)": lambda: (
            window.board_pane.views.map.set_position(state, colours, legal, last)
            if window.map_shown else None),
        "autosave": lambda: autosave.write(session),
        "window.refresh (all of the above but the autosave)": window.refresh,
    }
    out = {}
    for name, call in parts.items():
        times = []
        for _ in range(repeats):
            start = time.perf_counter()
            call()
            times.append(time.perf_counter() - start)
        out[name] = times
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--without-map", action="store_true",
                        help="hide the owners/heights map beside the board (as before it "
                             "sat there)")
    parser.add_argument("--classic", action="store_true",
                        help="draw the monument in the first look (earlier_looks.CLASSIC)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as temp:
        os.environ["MEGALITH_CONFIG_DIR"] = str(Path(temp) / "config")
        os.environ["MEGALITH_DATA_DIR"] = str(Path(temp) / "data")
        from megalith.desktop.app import create_application
        from megalith.desktop.window.main_window import MainWindow
        from megalith.desktop.game.session import Session
        from megalith.rules.record import Record

        app = QApplication.instance() or create_application()
        if args.classic:
            from megalith.desktop.games import druid
            from benchmarks.earlier_looks import CLASSIC
            from megalith.desktop.views.stack3d import StackView

            druid.DESK = replace(druid.DESK, make_view=lambda parent: StackView(
                parent, look=CLASSIC, repeat_completes=druid.REPEAT_COMPLETES))
        state = crowded_monument(args.seed)
        window = MainWindow()
        if args.without_map and window.commands.map_action.isChecked():
            window.commands.map_action.trigger()
        window.show()
        window.controller.adopt(Session.from_record(
            Record("druid", ["-size=16"], ["vera", "hugo"], list(state.moves))))
        for _ in range(3):  # size the window so that the view gets VIEW_SIZE
            app.processEvents()
            view = window.view
            window.resize(window.width() + VIEW_SIZE[0] - view.width(),
                          window.height() + VIEW_SIZE[1] - view.height())
        for _ in range(10):
            app.processEvents()
        view = window.view
        print(f"MainWindow {window.width()}x{window.height()}, board view "
              f"{view.width()}x{view.height()}; Druid 16x16 after {state.ply} moves, "
              f"{len(state.stones())} stones; map {'shown' if window.map_shown else 'hidden'}, "
              f"{'first' if args.classic else 'new'} look")
        first, _ = clicks_through_window(app, window, 1, args.seed)
        times, panel_times = clicks_through_window(app, window, args.clicks, args.seed + 1)
        if not first or not times:
            raise SystemExit("no cell could be clicked")
        print(f"click to new frame through the window: {ms(times)}")
        print(f"  the first click after opening the game: {first[0] * 1000:6.2f} ms")
        print(f"  of which the side panel showing the move:  {ms(panel_times)}")
        for name, values in steps(window, 10).items():
            print(f"  {name + ':':52s} {statistics.median(values) * 1000:6.2f} ms")
        print("aim: under 50 ms from click to frame")
        print(f"load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} "
              "cores")
        window.session.modified = False
        window.close()


if __name__ == "__main__":
    main()
