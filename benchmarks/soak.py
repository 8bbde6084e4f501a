"""Soak: the real window plays, undoes, redoes and walks through thousands of random legal
moves across every registered game, saving and reopening on the way, and must end with the
record it built, without Qt or GL warnings and with little memory growth (issue 15).

Everything goes through what a user has: moves are typed into the move line and sent with
Enter, Undo, Redo and the move navigation are the window's QActions found by their text,
games are opened and saved with the Open and Save as actions (the file dialogs answer with
a path), and each saved file is read back with `rules.record` and compared with the game the
soak built on its own engine states beside the window. Private settings and data folders;
a message box counts as a problem (the soak never expects one).

    xvfb-run -a -s "-screen 0 1280x1024x24" .venv/bin/python benchmarks/soak.py --moves 3000

Prints moves played, undos, redos, walks, saves, captures seen (Drogo), the resident memory
at the start, after the warm-up and at the end, and every warning; exits 1 if a saved
record differs from the one built, a move is refused, anything warns or memory grows by
more than --max-growth MB (50) after the warm-up (every kind of game opened once and at
least a tenth of the moves, at most 300, played).
"""

from __future__ import annotations

import argparse
import os
import random
import signal
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("QT_QPA_PLATFORM", "xcb")

from PySide6.QtCore import (QCoreApplication, QEvent, QtMsgType, Qt,  # noqa: E402
                            qInstallMessageHandler)
from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication, QFileDialog, QLineEdit, QMessageBox  # noqa: E402

from megalith.rules import record as records  # noqa: E402
from megalith.rules import registry  # noqa: E402
from megalith.rules.protocol import PASS, SWAP, GameState  # noqa: E402
from megalith.rules.record import Record  # noqa: E402

MB = 1024 * 1024
# Options worth soaking, per game; a game not listed (a new one) is soaked with its defaults.
CONFIGS: dict[str, list[tuple[list[str], int]]] = {
    "druid": [(["-size=8"], 2), (["-size=6", "-walk"], 2), (["-hex", "-size=4"], 3),
              (["-y", "-size=7"], 2), (["-hex", "-size=4", "-walk"], 3)],
    "drogo": [(["-size=5"], 2), (["-size=6"], 4), (["-size=5", "-in_place"], 3),
              (["-size=5", "-easy_free"], 2)],
    "quady": [(["-size=9"], 2)],
}


def resident_memory() -> int:
    """This process's resident set size in bytes (Linux /proc; 0 elsewhere)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return 0
    return pages * os.sysconf("SC_PAGE_SIZE")


@dataclass
class Shadow:
    """The game as the soak built it, on engine states of its own, with the window's rules
    for forced passes, undo (a person's move and the forced passes after it) and redo."""

    game: str
    parameters: list[str]
    players: list[str]
    states: list[GameState] = field(default_factory=list)
    moves: list[str] = field(default_factory=list)
    swapped: bool = False
    redo: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.states:
            self.states = [registry.new_game(self.game, self.parameters, len(self.players))]

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def play(self, text: str, keep_redo: bool = False) -> str:
        state = self.state.copy()
        canonical = state.play(text)
        if canonical == SWAP:
            self.states[-1] = state
            self.swapped = True
            self.players = self.players[1:] + self.players[:1]
        else:
            self.moves.append(canonical)
            self.states.append(state)
        for _ in self.players:
            if not _pass_forced(self.state):
                break
            state = self.state.copy()
            state.play(PASS)
            self.moves.append(PASS)
            self.states.append(state)
        if not keep_redo:
            self.redo.clear()
        return canonical

    def can_undo(self) -> bool:
        """Undo as the soak uses it: never back over the opening and a swap."""
        return len(self.moves) >= 3

    def undo(self) -> None:
        while len(self.moves) > 1 and self._forced(len(self.moves) - 1):
            self._pop()
        self.redo.append(self._pop())

    def redo_one(self) -> None:
        self.play(self.redo.pop(), keep_redo=True)

    def record(self) -> Record:
        return Record(self.game, list(self.parameters), list(self.players), list(self.moves),
                      swapped=self.swapped)

    def _forced(self, ply: int) -> bool:
        return self.moves[ply] == PASS and _pass_forced(self.states[ply])

    def _pop(self) -> str:
        self.states.pop()
        return self.moves.pop()


def _pass_forced(state: GameState) -> bool:
    return state.to_move is not None and state.legal_moves() == [PASS]


@dataclass
class Report:
    moves: int = 0
    undos: int = 0
    redos: int = 0
    walks: int = 0
    saves: int = 0
    games: int = 0
    captures: int = 0
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    memory: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    def growth(self) -> int | None:
        """Bytes of resident memory gained after the warm-up, or None if the run ended
        before the warm-up did."""
        if "warm" not in self.memory or "end" not in self.memory:
            return None
        return self.memory["end"] - self.memory["warm"]

    def lines(self) -> Iterator[str]:
        yield (f"moves played {self.moves} in {self.games} games ({self.seconds:.0f} s); "
               f"undos {self.undos}, redos {self.redos}, walks {self.walks}, saves and "
               f"reopens {self.saves}, Drogo captures {self.captures}")
        memory = ", ".join(f"{k} {self.memory[k] / MB:.1f} MB" for k in ("start", "warm", "end")
                           if k in self.memory)
        growth = self.growth()
        yield f"resident memory: {memory}; " + (
            f"growth after warm-up {growth / MB:+.1f} MB" if growth is not None else
            "growth not measured: the run ended before every kind of game had been opened "
            "(play more --moves)")
        yield f"warnings seen: {len(self.warnings)}"
        yield from (f"  {w}" for w in self.warnings[:20])
        yield f"problems: {len(self.problems)}"
        yield from (f"  {p}" for p in self.problems[:20])


class Soak:
    """Drives one real window. `run` plays until `target` moves have been played."""

    def __init__(self, window, folder: Path, rng: random.Random, report: Report,
                 pump: Callable[[], None], game_moves: tuple[int, int] = (60, 260)) -> None:
        self.window = window
        self.folder = folder
        self.rng = rng
        self.report = report
        self.pump = pump
        self.line = window.findChild(QLineEdit, "move_line")
        assert self.line is not None, "the window has no move line (objectName move_line)"
        self.actions = {a.text().replace("&", ""): a for a in window.findChildren(QAction)}
        self.game_moves = game_moves
        self.next_path: Path | None = None
        self.files = 0

    # ---- what a user does ----------------------------------------------------------------

    def trigger(self, name: str) -> None:
        self.actions[name].trigger()
        self.pump()

    def type_move(self, text: str) -> bool:
        self.line.setFocus()
        self.line.clear()
        QTest.keyClicks(self.line, text)
        QTest.keyClick(self.line, Qt.Key.Key_Return)
        self.pump()
        return self.line.text() == ""  # the window clears the line only for a move it played

    def save_as(self) -> Path:
        self.files += 1
        self.next_path = self.folder / f"soak-{self.files}.txt"
        self.trigger("Save as...")
        self.report.saves += 1
        return self.next_path

    def open(self, path: Path) -> None:
        self.next_path = path
        self.trigger("Open...")

    # ---- the soak ------------------------------------------------------------------------

    def run(self, target: int, warm_up: int) -> None:
        configs = _interleaved([[(info.name, parameters, players) for parameters, players
                                 in CONFIGS.get(info.name, [([], info.min_players)])]
                                for info in registry.available()])
        while self.report.moves < target and not self.report.problems:
            game, parameters, players = configs[self.report.games % len(configs)]
            self.play_game(game, parameters, players, target, warm_up)

    def play_game(self, game: str, parameters: list[str], players: int, target: int,
                  warm_up: int) -> None:
        names = ["ann", "bob", "cy", "dee"][:players]
        shadow = Shadow(game, parameters, names)
        kinds = len(registry.available())
        if (self.report.games >= kinds and self.report.moves >= warm_up
                and "warm" not in self.report.memory):  # every kind of board view exists
            self.report.memory["warm"] = resident_memory()
        start = self.folder / f"start-{self.report.games}.txt"
        records.save(start, shadow.record())
        self.open(start)
        self.report.games += 1
        for _ in range(self.rng.randrange(*self.game_moves)):
            if shadow.state.to_move is None or self.report.moves >= target:
                break
            if not self.step(shadow):
                return
            if self.rng.random() < 0.02:
                self.check(shadow, reopen=True)
        self.check(shadow, reopen=False)

    def step(self, shadow: Shadow) -> bool:
        roll = self.rng.random()
        if roll < 0.06 and shadow.can_undo():
            for _ in range(self.rng.randrange(1, 4)):
                if not shadow.can_undo():
                    break
                self.trigger("Undo")
                shadow.undo()
                self.report.undos += 1
            for _ in range(self.rng.randrange(0, len(shadow.redo) + 1)):
                self.trigger("Redo")
                shadow.redo_one()
                self.report.redos += 1
            return True
        if roll < 0.13 and shadow.moves:
            for _ in range(self.rng.randrange(1, min(10, len(shadow.moves)) + 1)):
                self.trigger("Previous move")
            self.trigger(self.rng.choice(["Next move", "Start position"]))
            self.trigger("Last move")
            self.report.walks += 1
            return True
        move = self.rng.choice(shadow.state.legal_moves())
        before = _stones(shadow.state)
        if not self.type_move(move):
            self.report.problems.append(f"{shadow.game} {' '.join(shadow.parameters)}: the "
                                        f"window refused {move} at ply {len(shadow.moves)}: "
                                        f"{self.window.statusBar().currentMessage()}")
            return False
        shadow.play(move)
        self.report.moves += 1
        if shadow.game == "drogo" and before is not None and _stones(shadow.state) < before:
            self.report.captures += 1
        return True

    def check(self, shadow: Shadow, reopen: bool) -> None:
        """Saves through the window, reads the file with rules.record and compares it with
        the game built here; with `reopen`, opens it again and plays on from it."""
        path = self.save_as()
        try:
            saved = records.load(path)
        except (OSError, records.RecordError) as exc:
            self.report.problems.append(f"{path.name} cannot be read back: {exc}")
            return
        built = shadow.record()
        got = (saved.game, saved.parameters, saved.players, saved.moves, saved.swapped)
        want = (built.game, built.parameters, built.players, built.moves, built.swapped)
        if got != want:
            self.report.problems.append(f"{path.name} differs from the game built: {got} != "
                                        f"{want}")
        if reopen:
            self.open(path)
            shadow.redo.clear()  # a reopened game has nothing to redo


def _interleaved(lists: list[list[tuple[str, list[str], int]]]
                 ) -> list[tuple[str, list[str], int]]:
    """One of each game in turn: druid, drogo, quady, druid, ..."""
    longest = max(len(items) for items in lists)
    return [items[i % len(items)] for i in range(longest) for items in lists]


def _stones(state: GameState) -> int | None:
    stones = getattr(state, "stones", None)
    return len(stones()) if callable(stones) else None


# ---- running it ----------------------------------------------------------------------------

def install_answers(soak_holder: list[Soak], report: Report) -> Callable[[], None]:
    """File dialogs answer with the soak's next path; message boxes are problems. Returns a
    function that restores Qt's own."""
    saved = {name: getattr(QFileDialog, name) for name in ("getSaveFileName", "getOpenFileName")}
    boxes = {name: getattr(QMessageBox, name)
             for name in ("question", "warning", "information", "critical")}

    def path_answer(*args, **kwargs):
        return str(soak_holder[0].next_path), ""

    def box(kind: str):
        def show(parent, title, text, *args, **kwargs):
            report.problems.append(f"a {kind} box appeared: {title}: {text}")
            return QMessageBox.StandardButton.Discard if kind == "question" else (
                QMessageBox.StandardButton.Ok)
        return staticmethod(show)

    for name in saved:
        setattr(QFileDialog, name, staticmethod(path_answer))
    for name in boxes:
        setattr(QMessageBox, name, box(name))

    def restore() -> None:
        for name, value in {**saved, **boxes}.items():
            setattr(QFileDialog if name in saved else QMessageBox, name, value)
    return restore


def soak(moves: int, seed: int = 15, warm_up: int | None = None,
         game_moves: tuple[int, int] = (60, 260)) -> Report:
    """Runs the soak in this process (a QApplication is made if there is none) with private
    settings and data folders; returns the report."""
    report = Report()
    warm_up = min(moves // 10, 300) if warm_up is None else warm_up
    with tempfile.TemporaryDirectory(prefix="megalith-soak-") as tmp:
        folder = Path(tmp)
        old_env = {k: os.environ.get(k) for k in ("MEGALITH_CONFIG_DIR", "MEGALITH_DATA_DIR")}
        os.environ["MEGALITH_CONFIG_DIR"] = str(folder / "config")
        os.environ["MEGALITH_DATA_DIR"] = str(folder / "data")
        holder: list[Soak] = []
        restore = install_answers(holder, report)

        def on_message(kind, context, message) -> None:
            if kind != QtMsgType.QtDebugMsg and kind != QtMsgType.QtInfoMsg:
                report.warnings.append(f"Qt {kind.name}: {message}")

        previous_handler = qInstallMessageHandler(on_message)
        try:
            with warnings.catch_warnings(record=True) as python_warnings:
                warnings.simplefilter("always")
                report.memory["start"] = resident_memory()
                started = time.perf_counter()
                _drive(folder, moves, seed, warm_up, game_moves, report, holder)
                report.seconds = time.perf_counter() - started
                report.memory["end"] = resident_memory()
            report.warnings += [f"Python {w.category.__name__}: {w.message}"
                                for w in python_warnings]
        finally:
            qInstallMessageHandler(previous_handler)
            restore()
            for key, value in old_env.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
    return report


def pump() -> None:
    """What the event loop does between two user actions: handle pending events (painting
    included) and delete the objects given to deleteLater, which a bare processEvents
    outside exec() never does (the window drops its old board view that way)."""
    QCoreApplication.processEvents()
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def _drive(folder: Path, moves: int, seed: int, warm_up: int, game_moves: tuple[int, int],
           report: Report, holder: list[Soak]) -> None:
    """Starts Megalith as `megalith FILE` does (desktop.app.run) and soaks its window from a
    timer inside the application's event loop; closing the window at the end returns."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QMainWindow

    from megalith.desktop import app

    first = folder / "first.txt"
    records.save(first, Record("druid", [], ["ann", "bob"]))

    def soak_the_window() -> None:
        windows = [w for w in QApplication.topLevelWidgets()
                   if isinstance(w, QMainWindow) and w.isVisible()]
        try:
            if len(windows) != 1:
                raise RuntimeError(f"{len(windows)} main windows are open, not one")
            window = windows[0]
            window.resize(900, 650)
            pump()
            soak_ = Soak(window, folder, random.Random(seed), report, pump, game_moves)
            holder.append(soak_)
            soak_.run(moves, warm_up)
        except Exception as exc:  # noqa: BLE001 - reported, and the loop must end anyway
            report.problems.append(f"the soak stopped: {type(exc).__name__}: {exc}")
        finally:
            for window in windows:
                window.close()
            QCoreApplication.exit(0)

    app.create_application()
    QTimer.singleShot(0, soak_the_window)
    handlers = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    wakeup = signal.set_wakeup_fd(-1)
    try:
        app.run(str(first))
    finally:  # run() takes SIGINT and SIGTERM for the window: give them back to the caller
        signal.set_wakeup_fd(wakeup)
        for number, handler in handlers.items():
            signal.signal(number, handler)
    pump()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=3000, help="moves to play (3000)")
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--max-growth", type=float, default=50.0,
                        help="MB of memory growth after the warm-up that fails (50)")
    args = parser.parse_args(argv)
    from PySide6.QtCore import QCoreApplication

    QCoreApplication.setAttribute(Qt.ApplicationAttribute.AA_ShareOpenGLContexts)
    report = soak(args.moves, args.seed)
    for line in report.lines():
        print(line)
    growth = report.growth()
    failed = bool(report.problems or report.warnings) or (
        growth is not None and growth > args.max_growth * MB)
    print("FAILED" if failed else "OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
