"""The "Analyse game" graph under the move list (pyqtgraph), a line at the ply on screen;
clicking the graph shows that ply.

With two players it shows the first side's chances at every ply, as Go and chess analysis
tools keep one side's view: the side to move's win rate, turned round where the other side is
to move; a finished game ends at its result. Drawn as the side to move's rate, a game one
side wins steadily zigzags from ply to ply. With three or four players no one side's chances
are known at every ply (each search values the game for the side to move), so the graph
shows the side to move's win rate."""

from __future__ import annotations

from collections.abc import Sequence

import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget

from megalith.rules.protocol import Outcome


TO_MOVE = "to move wins"


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


class AnalysisGraph(pg.PlotWidget):
    plySelected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        self.setObjectName("analysis")
        self.setMinimumHeight(110)
        self.setMaximumHeight(160)
        item = self.getPlotItem()
        item.setYRange(0, 1, padding=0.05)
        item.setLabel("left", TO_MOVE)
        item.setLabel("bottom", "ply")
        item.showGrid(x=False, y=True, alpha=0.3)
        item.setMouseEnabled(x=False, y=False)
        item.hideButtons()
        item.addLine(y=0.5, pen=pg.mkPen((150, 150, 150), style=pg.QtCore.Qt.PenStyle.DashLine))
        self.curve = item.plot([], [], pen=pg.mkPen((40, 90, 200), width=2), symbol="o",
                               symbolSize=5, symbolBrush=(40, 90, 200))
        self.cursor = item.addLine(x=0, pen=pg.mkPen((200, 60, 50), width=1))
        self.scene().sigMouseClicked.connect(self._clicked)
        self._last_ply = 0

    def set_curve(self, plies: list[int], values: list[float], label: str,
                  last_ply: int) -> None:
        """Draws `curve_points`' values; `label` says whose chances they are."""
        self.curve.setData(plies, values)
        self.getPlotItem().setLabel("left", label)
        self._last_ply = last_ply
        self.getPlotItem().setXRange(0, max(1, last_ply), padding=0.02)

    def set_current(self, ply: int) -> None:
        self.cursor.setValue(ply)

    def _clicked(self, event: object) -> None:
        point = self.getPlotItem().vb.mapSceneToView(event.scenePos())  # type: ignore[attr-defined]
        ply = min(max(0, round(point.x())), self._last_ply)
        self.plySelected.emit(ply)
