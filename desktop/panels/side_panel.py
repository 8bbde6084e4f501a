"""The side panel: the players with their colours, whose turn it is, scores, the result,
the move list laid out like pbmserv's table, and the note on the position on screen."""

from __future__ import annotations

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QGroupBox, QHeaderView,
                               QLabel, QPlainTextEdit, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from desktop.session import Session

NOTE_DELAY_MS = 400


def swatch_style(colour: tuple[int, int, int]) -> str:
    r, g, b = colour
    return f"background-color: rgb({r},{g},{b}); border: 1px solid #555; border-radius: 3px;"


class SidePanel(QWidget):
    """Shows a Session; never changes it except for notes (through `noteEdited`)."""

    plySelected = Signal(int)        # the user asked to see the position after n moves
    noteEdited = Signal(int, str)    # the note on the position after n moves changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: Session | None = None
        self._note_ply = 0
        self._loading_note = False
        layout = QVBoxLayout(self)

        self.players_box = QGroupBox("Players")
        self.players_grid = QGridLayout(self.players_box)
        layout.addWidget(self.players_box)

        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setObjectName("result")
        self.result_label.setStyleSheet("font-weight: bold;")
        layout.addWidget(self.result_label)

        self.subgames_label = QLabel()
        self.subgames_label.setWordWrap(True)
        layout.addWidget(self.subgames_label)

        self.start_button = QPushButton("Start position")
        self.start_button.setToolTip("Show the position before the first move (Home)")
        self.start_button.clicked.connect(lambda: self.plySelected.emit(0))
        layout.addWidget(self.start_button)

        self.table = QTableWidget()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.cellClicked.connect(self._cell_clicked)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # arrows belong to the window
        layout.addWidget(self.table, stretch=1)

        self.note_label = QLabel("Note")
        layout.addWidget(self.note_label)
        self.note_edit = QPlainTextEdit()
        self.note_edit.setPlaceholderText("A note on the position on screen")
        self.note_edit.setMaximumHeight(90)
        self.note_edit.textChanged.connect(self._note_typed)
        layout.addWidget(self.note_edit)
        self._note_timer = QTimer(self)
        self._note_timer.setSingleShot(True)
        self._note_timer.setInterval(NOTE_DELAY_MS)
        self._note_timer.timeout.connect(self.commit_note)

    # ---- showing the session --------------------------------------------------------

    def show_session(self, session: Session) -> None:
        """Rebuild everything from the session (players, scores, table, note)."""
        self.commit_note()
        self._session = session
        self._fill_players(session)
        self._fill_table(session)
        self._load_note(session)

    def _fill_players(self, session: Session) -> None:
        while self.players_grid.count():
            item = self.players_grid.takeAt(0)
            widget = item.widget()
            if widget is not None:
                widget.setParent(None)  # gone now, not at the next event loop
                widget.deleteLater()
        shown = session.shown
        outcome = shown.outcome()
        scores = outcome.scores or {}
        for seat, side in enumerate(session.sides):
            swatch = QLabel()
            swatch.setFixedSize(18, 18)
            swatch.setStyleSheet(swatch_style(session.colours[seat]))
            name = QLabel(f"{side}  {session.name(side)}")
            name.setObjectName(f"player_{side}")
            turn = QLabel("to move" if shown.to_move == side else "")
            turn.setObjectName(f"turn_{side}")
            if side in shown.resigned:
                turn.setText("resigned")
            score = QLabel(str(scores[side]) if side in scores else "")
            score.setObjectName(f"score_{side}")
            score.setToolTip("Score")
            for column, widget in enumerate((swatch, name, turn, score)):
                self.players_grid.addWidget(widget, seat, column)
        self.result_label.setText(session.result_text(outcome))
        self.result_label.setVisible(outcome.over)
        subgames = outcome.subgames or ()
        self.subgames_label.setText("\n".join(
            f"{s.name}: {session.who(s.winner) if s.winner else 'open'}" for s in subgames))
        self.subgames_label.setVisible(bool(subgames))

    def _fill_table(self, session: Session) -> None:
        sides = session.sides
        rows = session.move_table()
        self.table.blockSignals(True)
        self.table.clear()
        self.table.setColumnCount(len(sides))
        self.table.setHorizontalHeaderLabels([f"{s} {session.name(s)}" for s in sides])
        self.table.setRowCount(len(rows))
        self.table.setVerticalHeaderLabels([str(i + 1) for i in range(len(rows))])
        for r, row in enumerate(rows):
            for c, text in enumerate(row):
                item = QTableWidgetItem(text)
                ply = r * len(sides) + c + 1
                if session.note(ply):
                    item.setToolTip(session.note(ply))
                    item.setText(text + " *")
                self.table.setItem(r, c, item)
        self.table.blockSignals(False)
        self._select_ply(session.viewed, len(sides))

    def _select_ply(self, ply: int, width: int) -> None:
        self.table.clearSelection()
        if ply == 0:
            self.table.scrollToTop()
            return
        row, column = divmod(ply - 1, width)
        item = self.table.item(row, column)
        if item is not None:
            item.setSelected(True)
            self.table.setCurrentItem(item)
            self.table.scrollToItem(item)

    def _cell_clicked(self, row: int, column: int) -> None:
        if self._session is None:
            return
        ply = row * len(self._session.sides) + column + 1
        if ply <= self._session.ply:
            self.plySelected.emit(ply)

    def mark_notes(self) -> None:
        """Redraws the move table's note marks after a note changed."""
        if self._session is not None:
            self._fill_table(self._session)

    # ---- notes ------------------------------------------------------------------------

    def _load_note(self, session: Session) -> None:
        self._note_ply = session.viewed
        self.note_label.setText(f"Note after move {session.viewed}" if session.viewed
                                else "Note before the first move")
        if self.note_edit.toPlainText() != session.note(session.viewed):
            self._loading_note = True
            self.note_edit.setPlainText(session.note(session.viewed))
            self._loading_note = False

    def _note_typed(self) -> None:
        if not self._loading_note:
            self._note_timer.start()

    def commit_note(self) -> None:
        """Hands a pending note edit to the window now (before a save, a move, a close)."""
        if not self._note_timer.isActive():
            return
        self._note_timer.stop()
        self.noteEdited.emit(self._note_ply, self.note_edit.toPlainText())
