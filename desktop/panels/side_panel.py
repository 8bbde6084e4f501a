"""The side panel: the players with their colours, whose turn it is, scores, the result,
the move list of the line on screen laid out like pbmserv's table (a move that has notes is
marked `*`, one that other lines replace `+n`), the lines of the game (the main line and its
variations, as a tree), the analysis graph with the review of the largest drops, and the note
on the position on screen, handed to the window as it is typed.

After a move the panel changes only what changed: the players' labels are kept and given
new texts, and the move table gets the new cells (or loses the ones taken back) instead of
being built again; a full rebuild, which on a game of a few hundred moves costs a few
milliseconds plus a relayout of the whole table in the next frame, happens only for a new
game or when the table's columns change (a swap renames them)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, QSize, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QGridLayout, QGroupBox, QHeaderView,
                               QLabel, QPlainTextEdit, QPushButton, QTableWidget,
                               QTableWidgetItem, QTabWidget, QVBoxLayout, QWidget)

from megalith.rules import variations
from megalith.rules.protocol import GameState
from megalith.rules.review import largest_drops

from megalith.desktop.game.analysis import GameAnalysis
from megalith.desktop.panels.analysis_graph import AnalysisGraph, curve_points
from megalith.desktop.panels.elided_label import ElidedLabel
from megalith.desktop.panels.lines import LinesBox
from megalith.desktop.panels.review import ReviewList
from megalith.desktop.game.session import Session


def swatch_style(colour: tuple[int, int, int]) -> str:
    r, g, b = colour
    return f"background-color: rgb({r},{g},{b}); border: 1px solid #555; border-radius: 3px;"


# A cell of the move table: the move, its note, the game's tip about it, other moves played
# there in other lines.
Cell = tuple[str, str, str, tuple[str, ...]]


def _move_item(text: str, note: str, tip: str = "", others: tuple[str, ...] = ()
               ) -> QTableWidgetItem:
    """A cell of the move table: the move, marked ` *` with the note as its tooltip (after
    the game's own `tip` about the move), and ` +n` when other lines play n other moves there
    (named in the tooltip)."""
    item = QTableWidgetItem(text + (" *" if note else "") + (f" +{len(others)}" if others
                                                             else ""))
    tips = [part for part in (tip, note) if part]
    if others:
        tips.append(f"Also played here: {', '.join(others)} (see Lines)")
    if tips:
        item.setToolTip("\n\n".join(tips))
    return item


class SidePanel(QWidget):
    """Shows a Session; never changes it except for notes (through `noteEdited`)."""

    plySelected = Signal(int)        # the user asked to see the position after n moves
    analysedPlySelected = Signal(int)  # ... after n moves of the line analysed (the graph)
    noteEdited = Signal(int, str)    # the note on the position after n moves changed
    seatsRequested = Signal()        # a click on the players: who plays them (Game > Seats)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._session: Session | None = None
        self._player_sides: tuple[str, ...] = ()  # the sides the players' labels are for
        self.computer_sides: dict[str, str] = {}  # side -> the level the computer plays it at
        self._header: list[str] = []  # the move table's column titles on show
        self._cells: list[Cell] = []  # each ply on show
        self._note_ply = 0
        self._loading_note = False
        layout = QVBoxLayout(self)

        self.players_box = QGroupBox("Players")
        self.players_box.setToolTip("Click to choose who plays each side: a person or the "
                                    "computer (Game > Seats)")
        self.players_box.installEventFilter(self)
        self.players_grid = QGridLayout(self.players_box)
        self.players_grid.setColumnStretch(1, 1)  # the names take the room there is
        # per seat: colour swatch, side and name, turn, score
        self._player_labels: list[tuple[QLabel, ElidedLabel, QLabel, QLabel]] = []
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
        self._move_tip: Callable[[GameState, GameState, int], str] | None = None

        self.start_button = QPushButton("Start position")
        self.start_button.setToolTip("Show the position before the first move (Home)")
        self.start_button.clicked.connect(lambda: self.plySelected.emit(0))
        self.start_button.setEnabled(False)  # until there is a game
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
        self.analysis_graph.plySelected.connect(self.analysedPlySelected)
        layout.addWidget(self.analysis_graph)

        # two tabs, each shown while it has something: the lines of a game with variations,
        # and the review of a finished analysis
        self.lines = LinesBox()
        self.review = ReviewList()
        self.study_tabs = QTabWidget()
        self.study_tabs.setObjectName("study")
        self.study_tabs.setDocumentMode(True)
        self.study_tabs.addTab(self.lines, "Lines")
        self.study_tabs.addTab(self.review, "Review: largest drops")
        self._show_tab(self.lines, False)
        self._show_tab(self.review, False)
        layout.addWidget(self.study_tabs)

        self.note_label = QLabel("Note")
        layout.addWidget(self.note_label)
        self.note_edit = QPlainTextEdit()
        self.note_edit.setPlaceholderText("A note on the position on screen")
        self.note_edit.setMaximumHeight(90)
        self.note_edit.textChanged.connect(self._note_typed)
        layout.addWidget(self.note_edit)
        # the width the panel asks for, with room for the study tabs before they show
        margins = layout.contentsMargins()
        self._width = max(super().sizeHint().width(), self.study_tabs.sizeHint().width()
                          + margins.left() + margins.right())

    def sizeHint(self) -> QSize:
        """The same width whatever is on show (the players' names, the study tabs and the
        graph coming and going), so that the dock keeps its width and the board beside it
        never moves; only a minimum wider than that widens it."""
        return QSize(max(self._width, self.minimumSizeHint().width()),
                     super().sizeHint().height())

    # ---- showing the session --------------------------------------------------------

    def show_session(self, session: Session, facts: Sequence[str] = (),
                     move_note: Callable[[GameState, int], str] | None = None,
                     move_tip: Callable[[GameState, GameState, int], str] | None = None
                     ) -> None:
        """Shows the session (players, scores, `facts` about the position such as a tile
        game's pool, the table with each move's `move_note`, the note), changing only what
        differs from what is on show; a new session is laid out from scratch."""
        self._move_note = move_note
        self._move_tip = move_tip
        self.facts_label.setText("\n".join(facts))
        self.facts_label.setVisible(bool(facts))
        fresh = session is not self._session
        self._session = session
        self.start_button.setEnabled(True)
        self._fill_players(session, fresh)
        self._fill_table(session, fresh)
        has_lines = bool(session.record.variations)
        if self.lines.show_lines(session) and has_lines:
            self.study_tabs.setCurrentWidget(self.lines)
        self._show_tab(self.lines, has_lines)
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
            level = self.computer_sides.get(side)
            who = f"{session.side_name(side)}  {session.name(side)}"
            # the computer's level on a line of its own: beside the name it would be cut
            name.set_whole_text(who + (f"\ncomputer, {level}" if level else ""),
                                who + (f"  (computer, {level})" if level else ""))
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
            name = ElidedLabel()  # never widens the panel (and so never moves the board)
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
        header = [f"{session.side_name(s)} {session.name(s)}" for s in sides]
        tip = self._move_tip
        others = variations.other_moves(session.record, session.line)
        cells = [("", "", "", ()) if ply < 1 else  # before the first move of a set-up game
                 (text, session.note(ply),
                  tip(session.states[ply - 1], session.states[ply], ply) if tip else "",
                  tuple(others.get(ply, ())))
                 for ply, text in enumerate(
                     (t for row in session.move_table(self._move_note) for t in row),
                     start=1 - session.lead)]
        self.table.blockSignals(True)
        if fresh or header != self._header:
            self._rebuild_table(header, cells)
        else:
            self._update_table(cells)
        self.table.blockSignals(False)
        self._header, self._cells = header, cells
        self._select_ply(session.viewed, len(sides), session.lead)

    def _rebuild_table(self, header: list[str], cells: list[Cell]) -> None:
        width = len(header)
        rows = -(-len(cells) // width)
        self.table.clear()
        self.table.setColumnCount(width)
        self.table.setHorizontalHeaderLabels(header)
        self.table.setRowCount(rows)
        self.table.setVerticalHeaderLabels([str(i + 1) for i in range(rows)])
        for index, cell in enumerate(cells):
            self.table.setItem(*divmod(index, width), _move_item(*cell))

    def _update_table(self, cells: list[Cell]) -> None:
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

    def _select_ply(self, ply: int, width: int, lead: int) -> None:
        """Selects move `ply`'s cell, `lead` cells into the table's first row."""
        self.table.clearSelection()
        if ply == 0:
            self.table.scrollToTop()
            return
        row, column = divmod(ply - 1 + lead, width)
        item = self.table.item(row, column)
        if item is not None:
            item.setSelected(True)
            self.table.setCurrentItem(item)
            self.table.scrollToItem(item)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """A click anywhere on the players (their labels pass it on) asks for the seats."""
        if (watched is self.players_box and event.type() == QEvent.Type.MouseButtonRelease
                and self._session is not None):
            self.seatsRequested.emit()
        return super().eventFilter(watched, event)

    def _cell_clicked(self, row: int, column: int) -> None:
        if self._session is None:
            return
        ply = row * len(self._session.sides) + column + 1 - self._session.lead
        if 1 <= ply <= self._session.ply:
            self.plySelected.emit(ply)

    def show_analysis(self, session: Session, analysis: GameAnalysis) -> None:
        """The analysis graph while an analysis runs or has results, and once it is done
        the review of its largest drops (hidden again with the analysis)."""
        shown = analysis.running or bool(analysis.rates)
        self.analysis_graph.setVisible(shown)
        was_shown = self.study_tabs.isTabVisible(self.study_tabs.indexOf(self.review))
        self._show_tab(self.review, shown and not analysis.running)
        if not shown:
            return
        sides = session.sides
        outcome = analysis.outcome
        plies, values, side = curve_points(analysis.rates, analysis.movers, sides, outcome)
        names = [session.name(s) or s for s in sides] if side is not None else []
        self.analysis_graph.set_curve(plies, values, names, len(analysis.moves))
        self.analysis_graph.set_current(session.viewed)
        if not analysis.running:
            drops = largest_drops(analysis.rates, analysis.movers, analysis.best,
                                  analysis.moves, sides, outcome)
            self.review.show_drops(drops, session.name)
            if not was_shown:
                self.study_tabs.setCurrentWidget(self.review)

    def _show_tab(self, tab: QWidget, on: bool) -> None:
        """Shows or hides one of the study tabs; the tabs show while one of them does."""
        tabs = self.study_tabs
        tabs.setTabVisible(tabs.indexOf(tab), on)
        tabs.setVisible(any(tabs.isTabVisible(i) for i in range(tabs.count())))

    def mark_notes(self) -> None:
        """Redraws the move table's note marks after a note changed."""
        if self._session is not None:
            self._fill_table(self._session, fresh=False)

    # ---- notes ------------------------------------------------------------------------

    def _load_note(self, session: Session) -> None:
        """Shows the note on the position on screen; the box keeps what is being typed
        there (the record holds it without the spaces at its ends)."""
        self._note_ply = session.viewed
        self.note_label.setText(f"Note after move {session.viewed}" if session.viewed
                                else "Note before the first move")
        if self.note_edit.toPlainText().strip() != session.note(session.viewed):
            self._loading_note = True
            self.note_edit.setPlainText(session.note(session.viewed))
            self._loading_note = False

    def _note_typed(self) -> None:
        """Every edit goes to the record as it is typed."""
        if not self._loading_note:
            self.noteEdited.emit(self._note_ply, self.note_edit.toPlainText())
