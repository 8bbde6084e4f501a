"""Frame time of the 3D view on a crowded monument, and the time from a click to the new frame.

The monument is Druid on the 16x16 board built by legal moves through the engine: both players
place sarsens and lintels (seeded random, preferring lintels and low levels, never a move that
ends the game) until stacks stand three levels high over most of the board. The view is
800x600, shown on the X server (run under xvfb-run without a display; GL is Mesa's llvmpipe).

- render: paintGL alone into the widget's framebuffer, then glFinish;
- render CPU: the same as CPU time of the whole process (llvmpipe's threads included): the
  work a frame takes, which other programs' load disturbs far less than the wall clock;
- repaint: a full repaint of the widget as the window system gets it (paint, compose, flush);
- turning: the same while the camera turns a little every frame (labels re-checked);
- click to frame: a mouse press and release on a cell, through the move builder, the engine
  playing the move and listing the next legal moves, set_position rebuilding the meshes,
  and the repaint the view asks for, until that frame is swapped (frameSwapped) and
  glFinish. The same through the whole MainWindow: benchmarks/click_to_frame.py.

Each figure is taken for the look players get (desktop.views.look.NEW: high framed camera,
beams, outlines, last-move pin; no multisampling on a software renderer), the same as it
was before issue 25 (BEFORE_25: the camera looking straight north, no fading, labels
checked on every frame while turning), the same with 4x multisampling forced, and the
first look (CLASSIC), one after the other in one process, and printed side by side.

Aims (issues 5, 13 and 25): under 10 ms per frame, under 12 ms while turning, under 50 ms
from click to frame.

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python benchmarks/frame_time.py
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from PySide6.QtCore import QCoreApplication, QEvent, QPointF, Qt  # noqa: E402

QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)

from OpenGL import GL  # noqa: E402
from PySide6.QtGui import QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from dataclasses import replace  # noqa: E402

from benchmarks.earlier_looks import BEFORE_25, CLASSIC  # noqa: E402
from megalith.desktop.views.look import NEW, Look  # noqa: E402
from megalith.desktop.views.stack3d import StackView  # noqa: E402
from megalith.rules import registry  # noqa: E402
from megalith.rules.contracts import StackedPosition  # noqa: E402
from megalith.rules.druid.game import DruidState  # noqa: E402

MAX_LEVEL = 3


def resulting_level(state: StackedPosition, move: str) -> int:
    return state.height(state.move_cells(move)[0]) + 1


def crowded_monument(seed: int, size: int = 16, fill: float = 0.8) -> DruidState:
    """Druid size x size until `fill` of the cells stand MAX_LEVEL high (or nothing fits)."""
    state = registry.get("druid").new(f"-size={size}", 2)
    if not isinstance(state, DruidState):
        raise TypeError(f"the druid engine starts a {type(state).__name__}")
    rng = random.Random(seed)
    cells = len(state.board)
    stuck = 0
    while stuck < 2:
        tall = sum(1 for n in state.board.names if state.height(n) >= MAX_LEVEL)
        if tall >= fill * cells:
            break
        moves = [m for m in state.legal_moves() if m not in ("--", "swap")
                 and resulting_level(state, m) <= MAX_LEVEL]
        rng.shuffle(moves)
        # prefer lintels and low levels, so the monument grows evenly with gaps under beams
        moves.sort(key=lambda m: (resulting_level(state, m) - (1.5 if "-" in m else 0)
                                  + rng.random() * 1.5))
        for move in moves[:40]:
            trial = state.copy()
            trial.play(move)
            if not trial.outcome().over:
                state.play(move)
                stuck = 0
                break
        else:
            state.play("--")
            stuck += 1
    return state


def finish(view: StackView) -> None:
    view.makeCurrent()
    GL.glFinish()
    view.doneCurrent()


def time_render(view: StackView, frames: int, clock=time.perf_counter) -> list[float]:
    times = []
    for _ in range(frames):
        view.makeCurrent()
        start = clock()
        view.paintGL()
        GL.glFinish()
        times.append(clock() - start)
        view.doneCurrent()
    return times


def time_repaint(app: QApplication, view: StackView, frames: int, turn: float = 0.0
                 ) -> list[float]:
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        if turn:
            view.opts["azimuth"] += turn
        view.repaint()
        app.processEvents()
        finish(view)
        times.append(time.perf_counter() - start)
    return times


def wait_for_frame(app: QApplication, view: StackView, swapped: list[int], before: int,
                   timeout: float = 2.0) -> bool:
    """Process events until the view has swapped a frame after `before` swaps (counted in
    swapped[0] by its frameSwapped signal), then wait for GL to finish."""
    deadline = time.perf_counter() + timeout
    while swapped[0] <= before and time.perf_counter() < deadline:
        app.processEvents()
    finish(view)
    return swapped[0] > before


def click_to_frame(app: QApplication, view: StackView, state: DruidState, clicks: int,
                   seed: int) -> list[float]:
    """Click cells where the mover may place a sarsen; time until the frame that shows the
    move is on screen (as in the window, the view only asks for a repaint)."""
    rng = random.Random(seed)
    times = []
    played: list[str] = []
    swapped = [0]

    def on_move(move: str) -> None:
        state.play(move)
        played.append(move)
        view.set_position(state, {}, state.legal_moves(), move)

    def on_swap() -> None:
        swapped[0] += 1

    view.moveChosen.connect(on_move)
    view.frameSwapped.connect(on_swap)
    for _ in range(clicks):
        singles = [m for m in state.legal_moves() if m.isalnum() and not m.isalpha()]
        visible = []
        for move in rng.sample(singles, min(len(singles), 30)):
            pos = view.cell_screen_pos(move)
            if view.cell_at(pos.x(), pos.y()) == move:
                visible.append((move, pos))
        if not visible:
            break
        move, pos = visible[0]
        trial = state.copy()
        trial.play(move)
        if trial.outcome().over:
            continue
        point = QPointF(pos)
        before, frames = len(played), swapped[0]
        start = time.perf_counter()
        for kind, buttons in ((QEvent.Type.MouseButtonPress, Qt.MouseButton.LeftButton),
                              (QEvent.Type.MouseButtonRelease, Qt.MouseButton.NoButton)):
            QApplication.sendEvent(view, QMouseEvent(kind, point, view.mapToGlobal(point),
                                                     Qt.MouseButton.LeftButton, buttons,
                                                     Qt.KeyboardModifier.NoModifier))
        drawn = wait_for_frame(app, view, swapped, frames)
        elapsed = time.perf_counter() - start
        if drawn and len(played) == before + 1:
            times.append(elapsed)
        wait_for_frame(app, view, swapped, swapped[0], timeout=0.05)  # nothing left to draw
    view.moveChosen.disconnect(on_move)
    view.frameSwapped.disconnect(on_swap)
    return times


def ms(values: list[float]) -> str:
    if not values:
        return "no samples"
    values = sorted(v * 1000 for v in values)
    return (f"median {statistics.median(values):6.2f} ms   best {values[0]:6.2f} ms   p90 "
            f"{values[int(0.9 * (len(values) - 1))]:6.2f} ms   ({len(values)} samples)")


def short(values: list[float]) -> str:
    """`median / p90` in ms."""
    if not values:
        return "-"
    values = sorted(v * 1000 for v in values)
    return f"{statistics.median(values):5.2f} / {values[int(0.9 * (len(values) - 1))]:5.2f}"


def empty_repaint(app: QApplication, frames: int) -> list[float]:
    """The fixed cost of showing any frame of an 800x600 GL widget (compose and flush)."""
    import pyqtgraph.opengl as gl

    empty = gl.GLViewWidget()
    empty.resize(800, 600)
    empty.show()
    for _ in range(5):
        empty.repaint()
        app.processEvents()
    times = []
    for _ in range(frames):
        start = time.perf_counter()
        empty.repaint()
        app.processEvents()
        empty.makeCurrent()
        GL.glFinish()
        empty.doneCurrent()
        times.append(time.perf_counter() - start)
    empty.close()
    return times


LOOKS: tuple[tuple[str, Look], ...] = (
    ("new look", NEW), ("before issue 25", BEFORE_25),
    ("new + 4x MSAA", replace(NEW, software_samples=4)), ("classic look", CLASSIC))


def measure(app: QApplication, look: Look, state: DruidState, frames: int, clicks: int,
            seed: int) -> dict[str, list[float]]:
    """The render, repaint, turning and click figures of one look on a copy of `state`."""
    state = state.copy()
    view = StackView(look=look)
    view.resize(800, 600)
    view.show()
    view.set_position(state, {}, state.legal_moves(), state.moves[-1])
    for _ in range(5):  # warm up: shaders, buffers
        view.repaint()
        app.processEvents()
    finish(view)
    out = {"render (paintGL + glFinish)": time_render(view, frames),
           "render CPU (all threads)": time_render(view, frames, time.process_time),
           "repaint (whole widget)": time_repaint(app, view, frames),
           "repaint while turning": time_repaint(app, view, frames, 3.0)}
    view.reset_camera(animate=False)
    app.processEvents()
    out["click to new frame"] = click_to_frame(app, view, state, clicks, seed)
    view.close()
    view.deleteLater()
    app.processEvents()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=60)
    parser.add_argument("--clicks", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    running = QApplication.instance()
    app = running if isinstance(running, QApplication) else QApplication(sys.argv[:1])
    start = time.perf_counter()
    state = crowded_monument(args.seed)
    built = time.perf_counter() - start
    stones = state.stones()
    kinds = Counter(s.kind for s in stones)
    levels = Counter(s.level for s in stones)
    heights = Counter(state.height(n) for n in state.board.names)

    probe = StackView()
    probe.resize(200, 150)
    probe.show()
    app.processEvents()
    probe.makeCurrent()
    renderer = GL.glGetString(GL.GL_RENDERER)
    probe.doneCurrent()
    probe.close()
    print(f"GL renderer: {renderer.decode() if renderer else '?'}; view 800x600")
    print(f"monument: Druid 16x16 after {state.ply} legal moves ({built:.1f} s to build): "
          f"{kinds['sarsen']} sarsens, {kinds['lintel']} lintels; stones by level "
          f"{dict(sorted(levels.items()))}; cells by height {dict(sorted(heights.items()))}")
    figures = {name: measure(app, look, state, args.frames, args.clicks, args.seed)
               for name, look in LOOKS}
    print(f"{'median / p90, ms':30}" + "".join(f"{name:>16}" for name, _ in LOOKS))
    for row in next(iter(figures.values())):
        print(f"{row:30}" + "".join(f"{short(figures[name][row]):>16}" for name, _ in LOOKS))
    print(f"  (an empty GL widget's repaint: {ms(empty_repaint(app, args.frames))})")
    print("aims: under 10 ms per frame, under 12 ms while turning, under 50 ms from click "
          "to frame")
    print(f"load average while measuring: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
