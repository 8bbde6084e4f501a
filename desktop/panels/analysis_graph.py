"""The "Analyse game" graph under the move list: the win rate of the side to move at every
ply (pyqtgraph), a line at the ply on screen; clicking the graph shows that ply."""

from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import Signal
from PySide6.QtWidgets import QWidget


class AnalysisGraph(pg.PlotWidget):
    plySelected = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, background="w")
        self.setObjectName("analysis")
        self.setMinimumHeight(110)
        self.setMaximumHeight(160)
        item = self.getPlotItem()
        item.setYRange(0, 1, padding=0.05)
        item.setLabel("left", "to move wins")
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

    def set_rates(self, rates: dict[int, float | None], last_ply: int) -> None:
        plies = sorted(p for p, rate in rates.items() if rate is not None)
        self.curve.setData(plies, [rates[p] for p in plies])
        self._last_ply = last_ply
        self.getPlotItem().setXRange(0, max(1, last_ply), padding=0.02)

    def set_current(self, ply: int) -> None:
        self.cursor.setValue(ply)

    def _clicked(self, event: object) -> None:
        point = self.getPlotItem().vb.mapSceneToView(event.scenePos())  # type: ignore[attr-defined]
        ply = min(max(0, round(point.x())), self._last_ply)
        self.plySelected.emit(ply)
