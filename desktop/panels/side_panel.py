"""The side panel: the players with their colours, whose turn it is, scores, the result,
the move list laid out like pbmserv's table, and the note on the position on screen.

After a move the panel changes only what changed: the players' labels are kept and given
new texts, and the move table gets the new cells (or loses the ones taken back) instead of
being built again; a full rebuild, which on a game of a few hundred moves costs a few
milliseconds plus a relayout of the whole table in the next frame, happens only for a new
game or when the table's columns change (a swap renames them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QGroupBox, QHeaderView,
                               QLabel, QPlainTextEdit, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

from megalith.rules.protocol import GameState

from megalith.desktop.panels.analysis_graph import AnalysisGraph
from megalith.desktop.session import Session

NOTE_DELAY_MS = 400


def swatch_style(colour: tuple[int, int, int]) -> str:
    r, g, b = colour
    return f"background-color: rgb({r},{g},{b}); border: 1px solid #555; border-radius: 3px;"


def _move_item(text: str, note: str) -> QTableWidgetItem:
    """A cell of the move table: the move, marked ` *` with the note as its tooltip."""
    item = QTableWidgetItem(text + " *" if note else text)
    if note:
        item.setToolTip(note)
    return item


class SidePanel(QWidget):
    """Shows a Session; never changes it except for notes (through `noteEdited`)."""

    plySelected = Signal(int)        # the user asked to see the position after n moves
    noteEdited = Signal(int, str)    # the note on the position after n moves changed

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: Session | None = None
        self._player_sides: tuple[str, ...] = ()  # the sides the players' labels are for
        self._header: list[str] = []  # the move table's column titles on show
        self._cells: list[tuple[str, str]] = []  # (move text, note) of each ply on show
        self._note_ply = 0
        self._loading_note = False
        layout = QVBoxLayout(self)

        self.players_box = QGroupBox("Players")
        self.players_grid = QGridLayout(self.players_box)
        # per seat: colour swatch, side and name, turn, score
        self._player_labels: list[tuple[QLabel, QLabel, QLabel, QLabel]] = []
        layout.addWidget(self.players_box)

        self.result_label = QLabel()
        self.result_label.setWordWrap(True)
        self.result_label.setObjectName("result")
        self.result_label.setStyleSheet("font-weight: bold;")
        layout.addWidget(self.result_label)

        self.subgames_label = QLabel()
        self.subgames_label.setWordWrap(True)
        layout.addWidget(self.subgames_label)

        self.facts_label = QLabel()
        self.facts_label.setObjectName("facts")
        self.facts_label.setWordWrap(True)
        self.facts_label.hide()
        layout.addWidget(self.facts_label)
        self._move_note: Callable[[GameState, int], str] | None = None

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

        self.analysis_graph = AnalysisGraph()  # shown by "Analyse game"
        self.analysis_graph.hide()
        self.analysis_graph.plySelected.connect(self.plySelected)
        layout.addWidget(self.analysis_graph)

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

    def show_session(self, session: Session, facts: Sequence[str] = (),
                     move_note: Callable[[GameState, int], str] | None = None) -> None:
        """Shows the session (players, scores, `facts` about the position such as a tile
        game's pool, the table with each move's `move_note`, the note), changing only what
        differs from what is on show; a new session is laid out from scratch."""
        self.commit_note()
        self._move_note = move_note
        self.facts_label.setText("\n".join(facts))
        self.facts_label.setVisible(bool(facts))
        fresh = session is not self._session
        self._session = session
        self._fill_players(session, fresh)
        self._fill_table(session, fresh)
        self._load_note(session)

    def _fill_players(self, session: Session, fresh: bool) -> None:
        if fresh or session.sides != self._player_sides:
            self._lay_out_players(session.sides)
        shown = session.shown
        outcome = shown.outcome()
        scores = outcome.scores or {}
        for seat, side in enumerate(session.sides):
            swatch, name, turn, score = self._player_labels[seat]
            style = swatch_style(session.colours[seat])
            if swatch.styleSheet() != style:
                swatch.setStyleSheet(style)
            name.setText(f"{side}  {session.name(side)}")
            turn.setText("resigned" if side in shown.resigned
                         else "to move" if shown.to_move == side else "")
            score.setText(str(scores[side]) if side in scores else "")
        self.result_label.setText(session.result_text(outcome))
        self.result_label.setVisible(outcome.over)
        subgames = outcome.subgames or ()
        self.subgames_label.setText("\n".join(
            f"{s.name}: {session.who(s.winner) if s.winner else 'open'}" for s in subgames))
        self.subgames_label.setVisible(bool(subgames))

    def _lay_out_players(self, sides: tuple[str, ...]) -> None:
        """One row of labels per seat: colour swatch, side and name, turn, score."""
        for row in self._player_labels:
            for widget in row:
                self.players_grid.removeWidget(widget)
                widget.setParent(None)  # gone now, not at the next event loop
                widget.deleteLater()
        self._player_labels = []
        for seat, side in enumerate(sides):
            swatch = QLabel()
            swatch.setFixedSize(18, 18)
            name = QLabel()
            name.setObjectName(f"player_{side}")
            turn = QLabel()
            turn.setObjectName(f"turn_{side}")
            score = QLabel()
            score.setObjectName(f"score_{side}")
            score.setToolTip("Score")
            for column, widget in enumerate((swatch, name, turn, score)):
                self.players_grid.addWidget(widget, seat, column)
            self._player_labels.append((swatch, name, turn, score))
        self._player_sides = tuple(sides)

    def _fill_table(self, session: Session, fresh: bool) -> None:
        sides = session.sides
        header = [f"{s} {session.name(s)}" for s in sides]
        cells = [(text, session.note(ply))
                 for ply, text in enumerate(
                     (t for row in session.move_table(self._move_note) for t in row), start=1)]
        self.table.blockSignals(True)
        if fresh or header != self._header:
            self._rebuild_table(header, cells)
        else:
            self._update_table(cells)
        self.table.blockSignals(False)
        self._header, self._cells = header, cells
        self._select_ply(session.viewed, len(sides))

    def _rebuild_table(self, header: list[str], cells: list[tuple[str, str]]) -> None:
        width = len(header)
        rows = -(-len(cells) // width)
        self.table.clear()
        self.table.setColumnCount(width)
        self.table.setHorizontalHeaderLabels(header)
        self.table.setRowCount(rows)
        self.table.setVerticalHeaderLabels([str(i + 1) for i in range(rows)])
        for index, (text, note) in enumerate(cells):
            self.table.setItem(*divmod(index, width), _move_item(text, note))

    def _update_table(self, cells: list[tuple[str, str]]) -> None:
        """Changes the table on show into the table of `cells`, touching only the cells
        that differ: rows added or taken away at the end, and changed moves or notes."""
        width = self.table.columnCount()
        old = self._cells
        old_rows, rows = self.table.rowCount(), -(-len(cells) // width)
        for index in range(len(cells), min(len(old), rows * width)):  # emptied, row kept
            self.table.takeItem(*divmod(index, width))
        if rows != old_rows:
            self.table.setRowCount(rows)
        for row in range(old_rows, rows):
            self.table.setVerticalHeaderItem(row, QTableWidgetItem(str(row + 1)))
        for index, cell in enumerate(cells):
            if index >= len(old) or old[index] != cell:
                self.table.setItem(*divmod(index, width), _move_item(*cell))

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
            self._fill_table(self._session, fresh=False)

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
