"""DragonsView: the Dragons table, a 2D canvas of hexagonal tiles that grows every way.

Tiles are drawn from the engine's tile facts (`edge_colours`, `regions` in rules/dragons.py):
each edge in its colour along the rim, and each coloured region as a thick band in the two
players' colours: the front's shoulder bands (three edges), the back's arcs and dead-end tips,
and the joined tails of `-cross`. Everything is vector drawing, so it stays crisp at any zoom.

Targets are cells named `"x,y"` (the engine's coordinates, as `move_cells` and the result's
chain name them). Pointing at a numbered place shows a palette of the tiles that fit there
and a ghost of the chosen one; moving over the palette, the Space key (Shift+Space back) or
a right click chooses another; a left click lays it. A place where nothing may go says why.

Layers, bottom to top: places (outlines and numbers, gaps in orange), tiles, the marks of the
last move (its own tile in the canvas base's yellow, its auto tiles in cyan), the winning
loop traced through its tiles, and the hover palette and ghost.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QKeyEvent, QMouseEvent, QPainterPath, QPen,
                           QPolygonF)
from PySide6.QtWidgets import QGraphicsItem, QLabel, QWidget

from megalith.desktop.views.canvas2d import CHAIN, CHAIN_Z, MARK_Z, Canvas2D, qcolour
from megalith.desktop.views.interaction import Interaction
from megalith.desktop.views.move_builder import Action
from megalith.rules.contracts import Coord, TilePosition
from megalith.rules.dragons import DragonsState, coord_text, edge_colours, parse_coord, regions

R = 40.0                          # scene units from a tile's centre to a corner
APOTHEM = R * math.sqrt(3.0) / 2  # centre to an edge's midpoint
TILE_FACE = QColor(40, 38, 36)
PLACE_LINE = QColor(150, 150, 150)
GAP_LINE = QColor(255, 150, 40)
AUTO_MARK = QColor(60, 220, 235)
NUMBER = QColor(225, 225, 225)
PALETTE_SCALE = 0.42
BAND = 0.30                       # band width, in R
TIP_DEPTH = 0.62                  # how far in from its edge a tails tip ends (of APOTHEM)
SHOULDER_BEND = 0.45              # control point of a shoulder band, towards its middle edge
CROSS_SHIFT = 0.18                # sideways offset of a -cross tail (of APOTHEM)
TILE_Z, AUTO_Z, LOOP_Z = 5.0, MARK_Z - 1.0, CHAIN_Z - 1.0
EDGE_ANGLES = (-90.0, -30.0, 30.0, 90.0, 150.0, 210.0)   # N NE SE S SW NW, y downwards


def cell_centre(coord: Coord) -> QPointF:
    """Scene point of a cell's centre: columns 1.5 R apart, half-rows APOTHEM apart."""
    return QPointF(coord[0] * 1.5 * R, coord[1] * APOTHEM)


def hexagon(centre: QPointF, scale: float = 1.0) -> QPolygonF:
    """A flat-topped hexagon around `centre` (corners at 0, 60, .. degrees)."""
    r = R * scale
    return QPolygonF([QPointF(centre.x() + r * math.cos(math.radians(a)),
                              centre.y() + r * math.sin(math.radians(a)))
                      for a in range(0, 360, 60)])


def edge_point(centre: QPointF, edge: int, scale: float = 1.0, depth: float = 1.0) -> QPointF:
    """The midpoint of edge `edge` (N=0 .. NW=5), or a point `depth` of the way out to it."""
    a = math.radians(EDGE_ANGLES[edge])
    d = APOTHEM * scale * depth
    return QPointF(centre.x() + d * math.cos(a), centre.y() + d * math.sin(a))


def _arc_path(centre: QPointF, a: int, b: int, scale: float, bend: QPointF | None = None
              ) -> QPainterPath:
    """A band from edge a's midpoint to edge b's: a smooth curve whose control point is the
    tile's centre, or `bend`."""
    path = QPainterPath(edge_point(centre, a, scale))
    path.quadTo(bend if bend is not None else centre, edge_point(centre, b, scale))
    return path


def _region_paths(centre: QPointF, edges: tuple[int, ...], kind: str, tip: int | None,
                  scale: float) -> QPainterPath:
    """The centre line of a region's band."""
    if kind == "tip":
        assert tip is not None
        path = QPainterPath(edge_point(centre, tip, scale))
        path.lineTo(edge_point(centre, tip, scale, TIP_DEPTH))
        return path
    if len(edges) == 2:
        return _arc_path(centre, edges[0], edges[1], scale)
    # three edges: an arc between the two outer ones and a stem from the middle (shoulders)
    # or from the tail (joined -cross tails) to the arc's middle
    if kind == "joined":
        assert tip is not None
        stem = tip
    else:   # the middle edge of three neighbouring ones
        stem = next(e for e in edges if (e - 1) % 6 in edges and (e + 1) % 6 in edges)
    ends = [e for e in edges if e != stem]
    # a shoulder's band hugs its own side of the tile; a joined tail crosses the middle
    bend = edge_point(centre, stem, scale, SHOULDER_BEND) if kind == "shoulder" else None
    path = _arc_path(centre, ends[0], ends[1], scale, bend)
    middle = path.pointAtPercent(0.5)
    start = edge_point(centre, stem, scale)
    if kind == "joined":
        # the two joined tails of a -cross tile run along one line from opposite edges;
        # each is moved to its own left so that both stay visible where they cross
        side = math.radians(EDGE_ANGLES[stem] + 180.0 + 90.0)
        shift = QPointF(math.cos(side), math.sin(side)) * (APOTHEM * scale * CROSS_SHIFT)
        start, middle = start + shift, middle + shift
    path.moveTo(start)
    path.lineTo(middle)
    return path


def tile_items(view: Canvas2D, coord_centre: QPointF, letter: str, cross: bool,
               colours: dict[str, QColor], scale: float = 1.0, alpha: int = 255
               ) -> list[QGraphicsItem]:
    """Draw one tile into the view's scene; returns its items (for the hover overlay)."""
    scene = view.scene()
    items: list[QGraphicsItem] = []
    face = QColor(TILE_FACE)
    face.setAlpha(alpha)
    outline = QPen(QColor(15, 15, 15, alpha))
    outline.setWidthF(R * 0.03 * scale)
    items.append(scene.addPolygon(hexagon(coord_centre, scale), outline, QBrush(face)))
    corners = hexagon(coord_centre, scale * 0.97)
    for edge, side in enumerate(edge_colours(letter, cross)):
        colour = QColor(colours[side])
        colour.setAlpha(alpha)
        pen = QPen(colour)
        pen.setWidthF(R * 0.10 * scale)
        pen.setCapStyle(Qt.PenCapStyle.FlatCap)
        # edge e runs between corners (e + 4) % 6 and (e + 5) % 6 (corner 0 is east)
        first, second = corners.at((edge + 4) % 6), corners.at((edge + 5) % 6)
        items.append(scene.addLine(first.x(), first.y(), second.x(), second.y(), pen))
    for region in regions(letter, cross):
        colour = QColor(colours[region.colour])
        colour.setAlpha(alpha)
        pen = QPen(colour)
        pen.setWidthF(R * BAND * scale)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap if region.kind == "tip"
                        else Qt.PenCapStyle.FlatCap)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        path = _region_paths(coord_centre, region.edges, region.kind, region.tip, scale)
        items.append(scene.addPath(path, pen))
    return items


def describe_target(state: TilePosition, name: str) -> str:
    """`place 3`, `tile d (move 4)`, `tile f (auto, move 2)` or the cell itself."""
    coord = parse_coord(name)
    for tile in state.placed():
        if tile.coord == coord:
            when = "opening" if tile.ply == 0 else f"move {tile.ply}"
            return f"tile {tile.letter} ({'auto, ' if tile.auto else ''}{when})"
    places = state.places()
    if coord in places:
        return f"place {places.index(coord) + 1}"
    return "this cell"


class DragonsView(Canvas2D):
    """The Dragons canvas (the BoardView contract)."""

    tile_moves = True

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Interaction(describe_target), parent)
        self.state: DragonsState | None = None
        self.cross = False
        self._tiles: dict[Coord, str] = {}
        self._places: dict[Coord, int] = {}
        self._near: set[Coord] = set()          # empty cells touching a tile
        self._choice = 0                          # index into the hovered place's fits
        self._palette: list[tuple[QPointF, str]] = []
        self.info = QLabel(self)
        self.info.setObjectName("dragons_info")
        self.info.setStyleSheet("color: rgb(235,235,235); background: rgba(0,0,0,120); "
                                "padding: 3px 6px; border-radius: 4px;")
        self.info.move(8, 8)

    def unit(self) -> float:
        return 2 * APOTHEM

    # ---- drawing ----------------------------------------------------------------------

    def draw(self, state: DragonsState, last: Sequence[str]) -> None:
        self.state = state
        self.cross = state.cross
        self._tiles = {t.coord: t.letter for t in state.placed()}
        self._places = {c: i for i, c in enumerate(state.places(), 1)}
        self._near = {(c[0] + dx, c[1] + dy) for c in self._tiles
                      for dx, dy in ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
                      } - set(self._tiles)
        self._choice = 0
        self._palette = []
        colours = self._colours()
        self._draw_places(state)
        for tile in state.placed():
            for item in tile_items(self, cell_centre(tile.coord), tile.letter, self.cross,
                                   colours):
                item.setZValue(TILE_Z)
        self._mark_moves(state, last)
        outcome = state.outcome()
        if outcome.over and outcome.chain:
            self._trace_loop(outcome.chain)
            self.mark_chain(outcome.chain)
        self._update_info(state)

    def _draw_places(self, state: TilePosition) -> None:
        gaps = state.required_places()
        font = QFont()
        font.setPixelSize(int(R * 0.55))
        font.setBold(True)
        for coord, number in self._places.items():
            gap = coord in gaps
            pen = QPen(GAP_LINE if gap else PLACE_LINE)
            pen.setWidthF(R * (0.08 if gap else 0.03))
            if not gap:
                pen.setStyle(Qt.PenStyle.DashLine)
            self.scene().addPolygon(hexagon(cell_centre(coord), 0.9), pen)
            text = self.scene().addSimpleText(str(number), font)
            text.setBrush(GAP_LINE if gap else NUMBER)
            box = text.boundingRect()
            c = cell_centre(coord)
            text.setPos(c.x() - box.width() / 2, c.y() - box.height() / 2)

    def _mark_moves(self, state: TilePosition, last: Sequence[str]) -> None:
        """The last move's own tile (the base's yellow outline) and its auto tiles (cyan)."""
        placed = state.placed()
        latest = max((t.ply for t in placed), default=0)
        if latest == 0:
            return
        own = [coord_text(t.coord) for t in placed if t.ply == latest and not t.auto]
        self.mark_last(last if last and last[0] in own else own)
        pen = QPen(AUTO_MARK)
        pen.setWidthF(R * 0.08)
        pen.setStyle(Qt.PenStyle.DashLine)
        for tile in placed:
            if tile.ply == latest and tile.auto:
                item = self.scene().addPolygon(hexagon(cell_centre(tile.coord), 0.97), pen)
                item.setZValue(AUTO_Z)

    def _trace_loop(self, chain: Sequence[str]) -> None:
        """The winning loop: a line through its tiles' centres and shared edges, closed."""
        coords = [parse_coord(name) for name in chain]
        path = QPainterPath(cell_centre(coords[0]))
        for a, b in zip(coords, coords[1:] + coords[:1]):
            ca, cb = cell_centre(a), cell_centre(b)
            shared = QPointF((ca.x() + cb.x()) / 2, (ca.y() + cb.y()) / 2)
            path.lineTo(shared)
            path.lineTo(cb)
        pen = QPen(CHAIN)
        pen.setWidthF(R * 0.12)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        self.scene().addPath(path, pen).setZValue(LOOP_Z)

    def _update_info(self, state: DragonsState) -> None:
        lines = [f"Pool: {state.pool_left} tiles left"]
        outcome = state.outcome()
        if outcome.scores is not None:
            lines.append("Best dragons: " + ", ".join(f"{s} {v}" for s, v in
                                                      outcome.scores.items()))
        else:
            found = state.longest_loops()
            lines.append("Longest loops: " + ", ".join(f"{s} {v}" for s, v in found.items()))
        if state.required_places() and not outcome.over:
            lines.append("Gap: fill an orange place")
        self.info.setText("\n".join(lines))
        self.info.adjustSize()

    # ---- targets ----------------------------------------------------------------------

    def target_at(self, point: QPointF) -> str | None:
        """The tile, place or near cell under a scene point; over the hover palette, the
        place it belongs to."""
        if self._hover is not None and self._palette_hit(point) is not None:
            return self._hover
        x = round(point.x() / (1.5 * R))
        best: tuple[float, Coord] | None = None
        for cx in (x - 1, x, x + 1):
            cy = round(point.y() / APOTHEM)
            for y in (cy - 1, cy, cy + 1):
                if (cx + y) % 2:
                    continue
                c = cell_centre((cx, y))
                d = math.hypot(c.x() - point.x(), c.y() - point.y())
                if best is None or d < best[0]:
                    best = (d, (cx, y))
        if best is None or best[0] > APOTHEM:
            return None
        coord = best[1]
        if coord in self._tiles or coord in self._places or coord in self._near:
            return coord_text(coord)
        return None

    def target_centre(self, name: str) -> QPointF:
        return cell_centre(parse_coord(name))

    def target_outline(self, name: str) -> QPolygonF:
        return hexagon(cell_centre(parse_coord(name)), 0.97)

    # ---- choosing and playing a tile ------------------------------------------------------

    def fits(self, name: str) -> tuple[str, ...]:
        """The letters that may legally go on a target now (none without a move to make)."""
        if self.state is None or self.play.builder is None:
            return ()
        return tuple(self.state.fitting(parse_coord(name)))

    def chosen(self, name: str) -> str | None:
        fits = self.fits(name)
        return fits[self._choice % len(fits)] if fits else None

    def decide(self, name: str) -> Action | None:
        if self.state is None or self.play.builder is None:
            return None
        coord = parse_coord(name)
        letter = self.chosen(name)
        if letter is not None:
            return Action("play", move=self.state.move_text(letter, coord))
        if coord in self._tiles:
            return Action("refuse", message="a tile is already there")
        return Action("refuse", message=self.state.refusal(coord))

    def click_target(self, name: str) -> Action | None:
        action = self.decide(name)
        if action is None:
            state = self.state
            self.hint.emit("the game is over" if state is not None and state.outcome().over
                           else "no move can be made here")
            return None
        if action.kind == "play" and action.move:
            self.moveChosen.emit(action.move)
        else:
            self.hint.emit(action.message)
        return action

    def choose(self, step: int) -> None:
        """Choose the next (or previous) fitting tile for the hovered place."""
        if self._hover is None or not self.fits(self._hover):
            return
        self._choice += step
        self.show_hover(self._hover)

    def show_hover(self, name: str | None) -> None:
        if name != self._hover:
            self._choice = 0
        self._palette = []
        super().show_hover(name)
        action = self.decide(name) if name is not None else None
        if name is not None and action is not None and action.kind == "play":
            fits = self.fits(name)
            more = len(fits) > 1
            self.hint.emit(f"{self.play.describe(name)}: click to lay {self.chosen(name)} "
                           f"({action.move}); {len(fits)} tile{'s' if more else ''} fit: "
                           f"{' '.join(fits)}"
                           + ("; Space or right click for the next" if more else ""))

    def hover_items(self, name: str, action: Action) -> list[QGraphicsItem]:
        if action.kind != "play":
            return super().hover_items(name, action)
        colours = self._colours()
        fits = self.fits(name)
        chosen = self.chosen(name)
        assert chosen is not None
        centre = cell_centre(parse_coord(name))
        items = tile_items(self, centre, chosen, self.cross, colours, 0.92, 170)
        # the palette: every fitting tile, small, in a row above the place (below it when
        # above is off screen), kept inside the view
        step = 2 * R * PALETTE_SCALE * 1.05
        visible = self.mapToScene(self.viewport().rect()).boundingRect()
        left = centre.x() - step * (len(fits) - 1) / 2
        left = max(visible.left() + step * 0.6,
                   min(left, visible.right() - step * (len(fits) - 0.4)))
        top = centre.y() - APOTHEM - R * PALETTE_SCALE * 1.2
        if top - step * 0.55 < visible.top():
            top = centre.y() + APOTHEM + R * PALETTE_SCALE * 1.2
        backing = QRectF(left - step * 0.6, top - step * 0.55, step * len(fits) + step * 0.2,
                         step * 1.1 + R * 0.3)
        items.append(self.scene().addRect(backing, QPen(Qt.PenStyle.NoPen),
                                          QBrush(QColor(0, 0, 0, 150))))
        font = QFont()
        font.setPixelSize(int(R * 0.3))
        font.setBold(True)
        for i, letter in enumerate(fits):
            spot = QPointF(left + i * step, top)
            self._palette.append((spot, letter))
            items += tile_items(self, spot, letter, self.cross, colours, PALETTE_SCALE)
            label = self.scene().addSimpleText(letter, font)
            label.setBrush(NUMBER)
            box = label.boundingRect()
            label.setPos(spot.x() - box.width() / 2, spot.y() + APOTHEM * PALETTE_SCALE)
            items.append(label)
            if letter == chosen:
                pen = QPen(QColor(255, 215, 40))
                pen.setWidthF(R * 0.06)
                items.append(self.scene().addPolygon(hexagon(spot, PALETTE_SCALE * 1.1), pen))
        return items

    def _colours(self) -> dict[str, QColor]:
        return {side: qcolour(self.play.colour(side)) for side in ("O", "X")}

    def suggestion_items(self, move: str) -> list[QGraphicsItem]:
        state = self.state
        cells = state.move_cells(move) if state is not None else ()
        if state is None or not cells or move[:1] not in state.fitting(parse_coord(cells[0])):
            return []
        return tile_items(self, cell_centre(parse_coord(cells[0])), move[0], self.cross,
                          self._colours(), 0.92, 170)

    def _palette_hit(self, point: QPointF) -> str | None:
        for spot, letter in self._palette:
            if math.hypot(spot.x() - point.x(), spot.y() - point.y()) <= R * PALETTE_SCALE:
                return letter
        return None

    def palette_screen_pos(self, letter: str) -> QPointF:
        """Where a palette tile is on screen (while a place is hovered): for tests."""
        for spot, found in self._palette:
            if found == letter:
                return QPointF(self.mapFromScene(spot))
        raise KeyError(letter)

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() == Qt.MouseButton.NoButton and self._hover is not None:
            letter = self._palette_hit(self.mapToScene(event.position().toPoint()))
            if letter is not None:
                fits = self.fits(self._hover)
                if letter in fits and fits[self._choice % len(fits)] != letter:
                    self._choice = fits.index(letter)
                    self.show_hover(self._hover)
                return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and not self._dragging:
            self._press = None
            self.choose(1)
            return
        super().mouseReleaseEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() == Qt.Key.Key_Space:
            shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            self.choose(-1 if shift else 1)
            event.accept()
            return
        super().keyPressEvent(event)
