"""The "Analyse game" graph under the move list (pyqtgraph), a line at the ply on screen;
clicking the graph shows that ply.

With two players it shows the first side's chances at every ply, as Go and chess analysis
tools keep one side's view: the side to move's win rate, turned round where the other side is
to move; a finished game ends at its result. Drawn as the side to move's rate, a game one
side wins steadily zigzags from ply to ply. With three or four players no one side's chances
are known at every ply (each search values the game for the side to move), so the graph
shows the side to move's win rate. The axis is in percent; with two players the first
player's name stands at its top (100%: they win) and the second's at its bottom."""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import QSize, Signal
from PySide6.QtWidgets import QWidget

from megalith.rules.protocol import Outcome


TO_MOVE = "to move wins"
PERCENT_TICKS = [(v / 4, f"{25 * v}%") for v in range(5)]


def axis_label(name: str | None) -> str:
    """The left axis' title: whose chances the curve draws, in percent."""
    return f"{name} wins (%)" if name else f"{TO_MOVE} (%)"


def curve_points(rates: dict[int, float | None], movers: dict[int, str],
                 sides: Sequence[str], outcome: Outcome | None = None
                 ) -> tuple[list[int], list[float], str | None]:
    """The plies with a rate, the values drawn there, and the side whose chances they are
    (None: the side to move's, with more than two players). With two players and the
    `outcome` of a finished game, the curve ends at the result: 1 if the first side won,
    0 if it lost, 1/2 for a draw."""
    known = {p: rate for p, rate in rates.items() if rate is not None}
    if len(sides) != 2:
        plies = sorted(known)
        return plies, [known[p] for p in plies], None
    first = sides[0]
    chances = {p: rate if movers[p] == first else 1 - rate for p, rate in known.items()}
    if outcome is not None and outcome.over:
        result = 0.5 if outcome.winner is None else float(outcome.winner == first)
        chances.update((p, result) for p, rate in rates.items() if rate is None)
    plies = sorted(chances)
    return plies, [chances[p] for p in plies], first


# pyqtgraph has no type hints, so its PlotWidget is Any to mypy.
class AnalysisGraph(pg.PlotWidget):  # type: ignore[misc]
    plySelected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        self.setObjectName("analysis")
        self.setMinimumHeight(110)
        self.setMaximumHeight(160)
        item = self.getPlotItem()
        item.setYRange(0, 1, padding=0.05)
        item.setLabel("left", axis_label(None))
        item.getAxis("left").setTicks([PERCENT_TICKS, []])
        item.setLabel("bottom", "ply")
        item.showGrid(x=False, y=True, alpha=0.3)
        item.setMouseEnabled(x=False, y=False)
        item.hideButtons()
        item.addLine(y=0.5, pen=pg.mkPen((150, 150, 150), style=pg.QtCore.Qt.PenStyle.DashLine))
        self.curve = item.plot([], [], pen=pg.mkPen((40, 90, 200), width=2), symbol="o",
                               symbolSize=5, symbolBrush=(40, 90, 200))
        self.cursor = item.addLine(x=0, pen=pg.mkPen((200, 60, 50), width=1))
        # the two players' names at the top (100%) and the bottom (0%), with two players
        self.top_name = pg.TextItem(color=(60, 60, 60), anchor=(0, 0))
        self.bottom_name = pg.TextItem(color=(60, 60, 60), anchor=(0, 1))
        for text in (self.top_name, self.bottom_name):
            item.addItem(text, ignoreBounds=True)
        self.scene().sigMouseClicked.connect(self._clicked)
        self._last_ply = 0

    def sizeHint(self) -> QSize:
        """As wide as the panel makes it: pyqtgraph's 640x480 would widen the dock."""
        return QSize(240, 130)

    def set_curve(self, plies: list[int], values: list[float], names: Sequence[str],
                  last_ply: int) -> None:
        """Draws `curve_points`' values: with two `names` the first player's chances, with
        none the side to move's."""
        self.curve.setData(plies, values)
        self.getPlotItem().setLabel("left", axis_label(names[0] if len(names) == 2 else None))
        self.top_name.setText(f"{names[0]} ahead" if len(names) == 2 else "")
        self.bottom_name.setText(f"{names[1]} ahead" if len(names) == 2 else "")
        self.top_name.setPos(0, 1)
        self.bottom_name.setPos(0, 0)
        self._last_ply = last_ply
        self.getPlotItem().setXRange(0, max(1, last_ply), padding=0.02)

    def set_current(self, ply: int) -> None:
        self.cursor.setValue(ply)

    def _clicked(self, event: object) -> None:
        point = self.getPlotItem().vb.mapSceneToView(event.scenePos())  # type: ignore[attr-defined]
        ply = min(max(0, round(point.x())), self._last_ply)
        self.plySelected.emit(ply)
