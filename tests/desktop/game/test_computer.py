"""The computer at the table: seats chosen in the new-game dialog, its turn searched in
worker processes from the controller while the window stays live, progress in the status
bar, Move now, a stop on undo, walking the moves and closing, and Suggest a move."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pyqtgraph as pg
import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QLabel

from megalith.desktop.dialogs import NewGameDialog
from megalith.desktop.game.session import GameChoice
from megalith.desktop.window.main_window import MainWindow
from megalith.desktop.panels.analysis_graph import curve_points
from megalith.rules.protocol import Outcome
from tests.desktop.app_support import board_view, child, real_window, session_of


@pytest.fixture
def window(qtbot, monkeypatch, tmp_path) -> Iterator[MainWindow]:
    window = real_window(qtbot, monkeypatch, tmp_path, (780, 560))
    yield window
    window.controller.computer_seats.computer.close()
    window.controller.analysis.close()


def answered(window: MainWindow) -> bool:
    """Whether the computer has made its move (a stone, or swap: then the person moves
    again with the other colour)."""
    seats = window.controller.computer_seats
    return (not seats.computer.busy and session_of(window).shown.to_move is not None
            and seats.level() is None)


def start(window: MainWindow, computers: list[str], game: str = "quady",
          parameters: tuple[str, ...] = ("-size=5",)) -> None:
    assert window.start_game(GameChoice(game, list(parameters), ["ann", "bob"], [], computers))


def test_the_dialog_seats_a_person_or_the_computer(qtbot) -> None:
    dialog = NewGameDialog(GameChoice("quady", [], ["ann", "bob"], [], ["", "hard"]))
    qtbot.addWidget(dialog)
    assert dialog.rows[1].who.currentText() == "Computer, hard (4 s)"
    dialog.rows[0].who.setCurrentIndex(dialog.rows[0].who.findData("easy"))
    assert dialog.choice().computers == ["easy", "hard"]


def test_the_computer_answers_a_move_and_says_what_it_played(qtbot, window) -> None:
    start(window, ["", "60"])
    assert window.play_move("c3")
    session = window.session
    qtbot.waitUntil(lambda: answered(window), timeout=30000)
    text = window.message_label.text()
    if session.record.swapped:
        assert text.startswith("bob swapped and now plays X.") and session.ply == 1
    else:
        assert text.startswith(f"O (bob) played {session.record.moves[1]}.")
        assert session.ply == 2


def test_people_wait_while_it_thinks_and_move_now_makes_it_play(qtbot, window) -> None:
    start(window, ["", "60s"])
    assert window.play_move("c3")
    controller = window.controller
    assert controller.computer_seats.computer.busy
    assert not window.play_move("b2")
    assert "is thinking" in window.message_label.text()
    qtbot.waitUntil(lambda: controller.computer_seats.thinking is not None, timeout=30000)
    assert "iterations, best" in window.message_label.text()
    begun = time.monotonic()
    window.commands.move_now_action.trigger()
    qtbot.waitUntil(lambda: answered(window), timeout=10000)
    assert time.monotonic() - begun < 10


def test_undo_and_walking_the_moves_stop_it(qtbot, window) -> None:
    start(window, ["", "60s"])
    session = window.session
    assert window.play_move("c3")
    assert window.controller.computer_seats.computer.busy
    window.commands.undo_action.trigger()
    assert not window.controller.computer_seats.computer.busy and session.ply == 0
    qtbot.wait(600)
    assert session.ply == 0  # nothing landed on the position the people left
    assert window.play_move("c3")
    window.controller.show_ply(0)
    assert not window.controller.computer_seats.computer.busy
    window.controller.show_last()
    assert not window.controller.computer_seats.computer.busy  # it waits to be told after a walk
    window.commands.move_now_action.trigger()  # ... and starts when told
    assert window.controller.computer_seats.computer.busy


def a_move(window: MainWindow) -> str:
    """A legal stone for the person to move (not swap)."""
    return next(m for m in session_of(window).shown.legal_moves() if m != "swap")


def test_thinking_on_the_persons_time_is_off_until_chosen_and_stops_when_they_move(
        qtbot, window) -> None:
    controller = window.controller
    assert not window.commands.ponder_action.isChecked()
    assert not controller.computer_seats.think_on_your_time
    start(window, ["", "60"])
    assert window.play_move("c3")
    qtbot.waitUntil(lambda: answered(window), timeout=30000)
    assert not controller.computer_seats.computer.pondering
    window.commands.ponder_action.trigger()
    assert controller.computer_seats.think_on_your_time
    assert window.settings.value("computer/ponder") in (True, "true")
    assert window.play_move(a_move(window))
    qtbot.waitUntil(lambda: answered(window), timeout=30000)
    qtbot.waitUntil(lambda: controller.computer_seats.computer.pondering, timeout=5000)
    assert not controller.computer_seats.computer.busy  # the person may move at any time
    assert window.play_move(a_move(window))
    seats = controller.computer_seats
    assert not seats.computer.pondering and seats.computer.busy
    qtbot.waitUntil(lambda: answered(window), timeout=30000)


def test_the_window_stays_responsive_while_it_thinks(qtbot, window) -> None:
    """A 10 ms timer keeps firing while the computer searches: the longest gap between
    its ticks is the event latency the people feel."""
    start(window, ["", "2s"])
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.monotonic()))
    timer.start()
    assert window.play_move("c3")
    qtbot.waitUntil(lambda: answered(window), timeout=30000)
    timer.stop()
    gaps = [b - a for a, b in zip(ticks, ticks[1:])]
    assert len(ticks) > 50
    assert max(gaps) < 1.0  # a search in this process would freeze it for 2 s; generous, as
    # the machine running the tests is shared


def test_two_computers_play_a_game_to_its_end(qtbot, window) -> None:
    start(window, ["40", "40"])
    qtbot.waitUntil(lambda: window.session.current.to_move is None, timeout=60000)
    outcome = window.session.current.outcome()
    assert outcome.status == "win", outcome
    assert "Resign" not in window.session.record.moves


def test_suggest_a_move_for_the_person_to_move(qtbot, window) -> None:
    start(window, ["", ""])
    window.commands.suggest_action.trigger()
    qtbot.waitUntil(lambda: window.controller.computer_seats.suggestion is not None, timeout=30000)
    text = window.message_label.text()
    assert text.startswith("Suggested for X (ann): ") and "%" in text
    assert window.session.ply == 0  # a suggestion plays nothing


def test_a_game_with_a_computer_seat_starts_its_workers_as_it_opens(qtbot, window) -> None:
    start(window, ["", ""])
    assert window.controller.computer_seats.computer._thinker is None  # people only: no processes
    start(window, ["", "easy"])
    assert window.controller.computer_seats.computer._thinker is not None
    # started, not searching: ann moves first
    assert not window.controller.computer_seats.computer.busy


def test_closing_the_window_ends_the_search(qtbot, window) -> None:
    start(window, ["", "60s"])
    assert window.play_move("c3")
    window.close()
    assert not window.controller.computer_seats.computer.busy
    assert window.controller.computer_seats.computer._thinker is None
    assert window.controller.analysis._pool is None


def test_analyse_game_draws_the_win_rates_and_a_click_shows_that_ply(qtbot, window) -> None:
    start(window, ["", ""])
    for move in ("c3", "b2", "d4", "a5"):
        assert window.play_move(move)
    controller, graph = window.controller, window.panel.analysis_graph
    controller.analysis.iterations = 60
    window.commands.analyse_action.trigger()
    assert graph.isVisible()
    qtbot.waitUntil(lambda: not controller.analysis.running, timeout=60000)
    rates = controller.analysis.rates
    assert sorted(rates) == [0, 1, 2, 3, 4] and all(0 <= rates[p] <= 1 for p in range(5))
    # two players: X's chances at every ply, the mover's rate turned round where O moves
    xs, ys = graph.curve.getData()
    assert list(xs) == [0, 1, 2, 3, 4]
    assert list(ys) == pytest.approx([rates[0], 1 - rates[1], rates[2], 1 - rates[3], rates[4]])
    name = window.session.name("X")
    assert name and graph.getPlotItem().getAxis("left").labelText == f"{name} wins (%)"
    assert window.message_label.text() == "Analysis done: 5 positions."
    # the curve is drawn: some pixels of its blue on the graph
    image = graph.grab().toImage()
    blue = sum(1 for x in range(0, image.width(), 2) for y in range(0, image.height(), 2)
               if image.pixelColor(x, y).getRgb()[:3] == (40, 90, 200))
    assert blue > 10
    # a click at ply 2 of the graph shows the position after two moves
    item = graph.getPlotItem()
    scene_point = item.vb.mapViewToScene(pg.QtCore.QPointF(2, 0.5))
    widget_point = graph.mapFromScene(scene_point)
    qtbot.mouseClick(graph.viewport(), Qt.MouseButton.LeftButton, pos=widget_point)
    qtbot.waitUntil(lambda: window.session.viewed == 2, timeout=5000)
    assert graph.cursor.value() == 2
    # a new move drops the analysis
    window.controller.show_last()
    assert window.play_move("e5")
    assert controller.analysis.rates == {} and not graph.isVisible()


def magenta_pixels(image, centre, reach: int = 25) -> int:
    """Pixels of the suggestion marks' magenta around `centre`."""
    return sum(1 for dx in range(-reach, reach + 1, 2) for dy in range(-reach, reach + 1, 2)
               if (c := image.pixelColor(centre.x() + dx, centre.y() + dy)).blue() > 200
               and c.red() > 200 and c.green() < 140)


def test_suggested_moves_are_marked_on_the_board_until_the_position_changes(
        qtbot, window) -> None:
    start(window, ["", ""])
    window.commands.suggest_action.trigger()
    qtbot.waitUntil(lambda: window.controller.computer_seats.suggestion is not None, timeout=30000)
    best = [m.move for m in window.controller.computer_seats.suggestion.moves[:3]]
    image = window.view.grab_image()
    for move in best:
        assert magenta_pixels(image, window.view.cell_screen_pos(move)) > 5, move
    assert window.play_move(best[0])
    image = window.view.grab_image()
    assert all(magenta_pixels(image, window.view.cell_screen_pos(m)) == 0 for m in best[1:])


def test_suggestions_on_the_monument_are_badges_over_the_stacks(qtbot) -> None:
    from megalith.desktop.views.stack3d import StackView
    from megalith.rules import registry
    from megalith.rules.drogo.game import DrogoState

    view = board_view("drogo")
    assert isinstance(view, StackView)
    qtbot.addWidget(view)
    view.resize(640, 480)
    view.show()
    qtbot.waitExposed(view)
    state = registry.get("drogo").new("-size=5", 2)
    assert isinstance(state, DrogoState)
    state.play("c3")
    view.set_position(state, {}, state.legal_moves(), "c3")
    view.reset_camera(animate=False)
    assert magenta_pixels(view.grab_image(), view.cell_screen_pos("b2")) == 0
    view.show_suggestions([("b2", 0.61), ("d4,d5", 0.55)])
    image = view.grab_image()
    assert magenta_pixels(image, view.cell_screen_pos("b2")) > 5
    assert magenta_pixels(image, view.cell_screen_pos("d4")) > 5
    view.set_position(state, {}, state.legal_moves(), "c3")
    assert magenta_pixels(view.grab_image(), view.cell_screen_pos("b2")) == 0


@pytest.mark.parametrize("game", ["trichet", "dragons"])
def test_a_suggested_tile_is_shown_as_a_ghost_with_a_badge_naming_the_move(qtbot, game) -> None:
    """Two suggestions on two places: each place shows its move's tile, its number stays in
    sight, and each move has one badge, named, under the number."""
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    from megalith.desktop.views.canvas2d import Canvas2D
    from megalith.rules import registry

    view = board_view(game)
    assert isinstance(view, Canvas2D)
    qtbot.addWidget(view)
    view.resize(700, 600)
    view.show()
    qtbot.waitExposed(view)
    state = registry.new_game(game, "", 2)
    state.play(state.legal_moves()[0])
    view.set_position(state, {}, state.legal_moves(), state.moves[-1])
    by_place: dict[str, list[str]] = {}
    for move in state.legal_moves():
        by_place.setdefault(state.move_cells(move)[0], []).append(move)
    first, other = (moves[0] for moves in list(by_place.values())[:2])
    places = [view.cell_screen_pos(state.move_cells(move)[0]) for move in (first, other)]
    before = [view.grab_image().pixelColor(place) for place in places]
    view.show_suggestions([(first, 0.61), (other, 0.58)])
    image = view.grab_image()
    assert [image.pixelColor(place) for place in places] != before  # the ghost tiles
    assert all(image.pixelColor(p) != b for p, b in zip(places, before))
    badges = [item for item in view.scene().items()
              if isinstance(item, QGraphicsSimpleTextItem) and "%" in item.text()]
    assert sorted(item.text() for item in badges) == [f"{first} 61%", f"{other} 58%"]
    numbers = [item for item in view.scene().items()  # place numbers (not the auto tiles')
               if isinstance(item, QGraphicsSimpleTextItem) and item.parentItem() is None
               and item.text() in {m.lstrip("abcdefghijklmnopqrstuvwxyz") for m in (first, other)}]
    assert len(numbers) == 2
    assert all(not badge.sceneBoundingRect().intersects(number.sceneBoundingRect())
               for badge in badges for number in numbers)
    for place in places:
        assert magenta_pixels(image, place, 60) > 5


def test_a_dragons_suggestion_lists_one_move_per_place_best_first(qtbot, window) -> None:
    from PySide6.QtWidgets import QGraphicsSimpleTextItem

    start(window, ["", ""], "dragons", ())
    window.commands.suggest_action.trigger()
    qtbot.waitUntil(lambda: window.controller.computer_seats.suggestion is not None, timeout=30000)
    text = window.message_label.text()
    assert text.startswith("Suggested for X (ann): ")
    listed = [part.rsplit(" (", 1) for part in text.split(": ", 1)[1].rstrip(".").split(", ")]
    rates = [int(rate.rstrip("%)")) for _, rate in listed]
    assert rates == sorted(rates, reverse=True) and len(listed) >= 2
    state = window.session.shown
    places = [state.move_cells(move)[0] for move, _ in listed]
    assert len(set(places)) == len(places)
    badges = [item.text() for item in window.view.scene().items()
              if isinstance(item, QGraphicsSimpleTextItem) and "%" in item.text()]
    assert sorted(badges) == sorted(f"{move} {rate.rstrip(')')}" for move, rate in listed)


def test_the_graph_keeps_the_first_sides_view_with_two_players_and_the_movers_with_more() -> None:
    rates: dict[int, float | None] = {0: 0.6, 1: 0.7, 2: 0.2, 3: None}  # ply 3: game over
    # two players: X's chances are 0.6, then 1 - O's 0.7, then X's 0.2
    plies, values, side = curve_points(rates, {0: "X", 1: "O", 2: "X"}, ("X", "O"))
    assert plies == [0, 1, 2] and values == pytest.approx([0.6, 0.3, 0.2]) and side == "X"
    # after a swap the colours still alternate: what counts is the colour to move
    plies, values, side = curve_points({0: 0.6, 1: 0.4}, {0: "V", 1: "H"}, ("V", "H"))
    assert values == pytest.approx([0.6, 0.6]) and side == "V"
    # a finished game ends at its result for the first side
    lost = Outcome("win", "O")
    assert curve_points(rates, {0: "X", 1: "O", 2: "X"}, ("X", "O"), lost)[:2] == \
        ([0, 1, 2, 3], pytest.approx([0.6, 0.3, 0.2, 0.0]))
    drawn = Outcome("draw")
    assert curve_points(rates, {0: "X", 1: "O", 2: "X"}, ("X", "O"), drawn)[1][-1] == 0.5
    # three players: no side's chances at every ply, so the side to move's rate as it is
    plies, values, side = curve_points(rates, {0: "X", 1: "O", 2: "Y"}, ("X", "O", "Y"))
    assert plies == [0, 1, 2] and values == [0.6, 0.7, 0.2] and side is None


def choose_seats(qtbot, window: MainWindow, levels: dict[str, str], by_click: bool = False
                 ) -> None:
    """Open Game > Seats (or click the players in the side panel), choose `levels` by side
    ("" for a person) in the real dialog and press OK."""
    from PySide6.QtWidgets import QApplication, QComboBox, QDialogButtonBox

    from megalith.desktop.dialogs import SeatsDialog

    chosen = []

    def answer() -> None:
        dialog = QApplication.activeModalWidget()
        assert isinstance(dialog, SeatsDialog)
        for side, level in levels.items():
            choice = child(dialog, QComboBox, f"seat_{side}")
            choice.setCurrentIndex(choice.findData(level))
        chosen.append(dialog.levels())
        child(dialog, QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok).click()

    QTimer.singleShot(0, answer)
    if by_click:
        qtbot.mouseClick(window.panel.players_box, Qt.MouseButton.LeftButton)
    else:
        window.commands.seats_action.trigger()
    assert chosen, "the seats dialog did not open"


def turns(window: MainWindow) -> int:
    """Moves made so far, a swap counted (the record keeps it as a flag)."""
    session = session_of(window)
    return session.ply + int(session.record.swapped)


def test_a_seat_is_handed_to_the_computer_mid_game_and_taken_back(qtbot, window) -> None:
    start(window, [])  # two people
    controller = window.controller
    said: list[str] = []
    controller.message.connect(said.append)
    assert window.play_move("c3")
    assert window.session.shown.to_move == "O" and not controller.computer_seats.computer.busy
    choose_seats(qtbot, window, {"O": "medium"})
    assert controller.computer_seats.computers[1].name == "medium"
    assert "Seats: X (ann): person; O (bob): computer, medium." in said
    assert window.panel.findChild(QLabel, "player_O").toolTip() == "O  bob  (computer, medium)"
    assert window.panel.findChild(QLabel, "player_O").text() == "O  bob\ncomputer, medium"
    assert controller.computer_seats.computer.busy  # its turn: it starts at once
    qtbot.waitUntil(lambda: answered(window), timeout=30000)
    assert turns(window) == 2
    # Taken back while it thinks: its search is dropped and the person moves.
    assert window.play_move(a_move(window))
    assert controller.computer_seats.computer.busy
    side = window.session.shown.to_move  # bob's side: X if he swapped
    choose_seats(qtbot, window, {side: ""}, by_click=True)
    assert controller.computer_seats.computers == {} and not controller.computer_seats.computer.busy
    assert window.panel.findChild(QLabel, f"player_{side}").text() == f"{side}  bob"
    qtbot.wait(300)
    assert turns(window) == 3  # nothing played for the person
    assert window.play_move(a_move(window))
    assert turns(window) == 4


def test_move_now_on_a_persons_turn_plays_that_one_move(qtbot, window) -> None:
    start(window, [])
    assert window.play_move("c3")
    window.commands.move_now_action.trigger()
    assert window.controller.computer_seats.computer.busy
    qtbot.waitUntil(lambda: not window.controller.computer_seats.computer.busy, timeout=30000)
    assert turns(window) == 2  # O's move (or swap), played by the computer
    assert window.controller.computer_seats.computers == {}  # the seat is still a person's
    qtbot.wait(300)
    assert turns(window) == 2 and not window.controller.computer_seats.computer.busy
    assert window.play_move(a_move(window))


def test_move_now_at_an_earlier_position_plays_a_variation_there(qtbot, window) -> None:
    """Issue 39, item 13: where the status bar says a move starts a variation, Move now
    plays the computer's move there as a new variation (the main line stays)."""
    start(window, [])
    for _ in range(3):
        assert window.play_move(a_move(window))
    session = session_of(window)
    main = list(session.record.moves)
    window.controller.show_ply(2)
    assert window.message_label.text().endswith("Playing another move here starts a variation.")
    window.commands.move_now_action.trigger()
    assert window.controller.computer_seats.computer.busy
    qtbot.waitUntil(lambda: not window.controller.computer_seats.computer.busy, timeout=30000)
    qtbot.waitUntil(lambda: session.line == 1, timeout=5000)
    assert session.record.moves == main and session.viewed == 3 and session.ply == 3
    assert session.moves[:2] == main[:2] and session.moves[2] != main[2]
    assert window.message_label.text().startswith(
        f"New variation 1 (from move 3): X (ann) played {session.moves[2]}.")
    assert window.panel.lines.tree.topLevelItem(0).child(0) is not None


def test_a_swap_the_computer_chose_at_an_earlier_position_is_said_not_played(
        qtbot, window) -> None:
    """A swap cannot start a variation: if the computer's search there chose it, the status
    bar says so in a sentence and the game stays as it was."""
    start(window, [])
    for _ in range(2):
        assert window.play_move(a_move(window))
    session = session_of(window)
    window.controller.show_ply(1)
    assert "swap" in session.shown.legal_moves()
    window.controller.computer_seats.chosen.emit("swap")  # as a finished search does
    assert window.message_label.text() == ("The computer chose swap, which cannot be played "
                                           "here: a swap is played at the end of the main "
                                           "line only.")
    assert session.ply == 2 and session.line == 0 and not session.record.swapped
