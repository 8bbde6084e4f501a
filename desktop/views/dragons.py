"""DragonsView: the Dragons table, a 2D canvas of hexagonal tiles that grows every way.

Tiles are drawn from the engine's tile facts (`edge_colours`, `regions` in rules/dragons/tiles.py):
each edge in its colour along the rim, and each coloured region as a thick band in the two
players' colours: the front's shoulder bands (three edges), the back's arcs and dead-end tips,
and the joined tails of `-cross`. Everything is vector drawing, so it stays crisp at any zoom.

Targets are cells named `"x,y"` (the engine's coordinates, as `move_cells` and the result's
chain name them). Pointing at a numbered place shows a palette of the tiles that fit there,
outside the ring of its six neighbours (`palette_rect`), and a ghost of the chosen one;
moving over the palette (the place stays hovered on the way), the Space key (Shift+Space
back) or a right click chooses another; a left click lays it. A place where nothing may go
says why.

The view reads the position through `LoopTilePosition` (rules/contracts.py) only. Layers,
bottom to top: places (outlines and numbers, gaps in orange), tiles, the race overlay's
loops and rings (desktop/views/race.py, key L), the marks of the last move (its own tile in
the canvas base's yellow, its auto tiles dashed in cyan and numbered towards a corner,
revealed one by one: desktop/views/reveal.py), the overlay's labels (beside the tiles, never
over a tile or a place), the winning loop traced through its tiles, and the hover palette
and ghost. The pool box and the race button float over the top left corner; the fitted
table keeps clear of them (desktop/views/canvas2d.py).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, QSizeF, Qt
from PySide6.QtGui import (QBrush, QColor, QFont, QKeyEvent, QMouseEvent, QPainterPath, QPen,
                           QPolygonF)
from PySide6.QtWidgets import QGraphicsItem, QLabel, QWidget

from megalith.desktop.views.canvas2d import CHAIN, CHAIN_Z, MARK_Z, Canvas2D, qcolour
from megalith.desktop.views.interaction import Interaction
from megalith.desktop.views.move_builder import Action
from megalith.desktop.views.race import KEY as RACE_KEY
from megalith.desktop.views.race import RaceOverlay, badge
from megalith.desktop.views.reveal import MovedOn, order_number
from megalith.rules.contracts import Coord, Dragon, LoopTilePosition, TileLoop, TilePosition
from megalith.rules.dragons.tiles import coord_text, edge_colours, parse_coord, regions

R = 40.0                          # scene units from a tile's centre to a corner
APOTHEM = R * math.sqrt(3.0) / 2  # centre to an edge's midpoint
TILE_FACE = QColor(40, 38, 36)
PLACE_LINE = QColor(150, 150, 150)
GAP_LINE = QColor(255, 150, 40)
AUTO_MARK = QColor(60, 220, 235)
NUMBER = QColor(225, 225, 225)
PALETTE_PIXELS = 27.0             # a palette tile's radius on screen, at most a tile's
BAND = 0.30                       # band width, in R
TIP_DEPTH = 0.62                  # how far in from its edge a tails tip ends (of APOTHEM)
SHOULDER_BEND = 0.45              # control point of a shoulder band, towards its middle edge
CROSS_SHIFT = 0.18                # sideways offset of a -cross tail (of APOTHEM)
TILE_Z, AUTO_Z, LOOP_Z = 5.0, MARK_Z - 1.0, CHAIN_Z - 1.0
RACE_Z = MARK_Z - 2.0             # the race overlay's loops and rings: below the marks,
LABEL_Z = MARK_Z + 1.0            # its labels above them
EDGE_ANGLES = (-90.0, -30.0, 30.0, 90.0, 150.0, 210.0)   # N NE SE S SW NW, y downwards


def cell_centre(coord: Coord) -> QPointF:
    """Scene point of a cell's centre: columns 1.5 R apart, half-rows APOTHEM apart."""
    return QPointF(coord[0] * 1.5 * R, coord[1] * APOTHEM)


def number_spot(coord: Coord) -> QPointF:
    """Where an auto tile's order number sits: towards the tile's upper left corner, off
    the centre (where a winning loop's dot goes) and off the lines from the centre to the
    edges' midpoints (where the loop runs)."""
    c = cell_centre(coord)
    a = math.radians(240.0)
    return QPointF(c.x() + R * 0.58 * math.cos(a), c.y() + R * 0.58 * math.sin(a))


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


def tile_items(view: Canvas2D[LoopTilePosition], coord_centre: QPointF, letter: str,
               cross: bool, colours: dict[str, QColor], scale: float = 1.0, alpha: int = 255
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


def _loop_path(tiles: Sequence[Coord]) -> QPainterPath:
    """A closed line through the tiles' centres and the midpoints of the edges they share."""
    path = QPainterPath(cell_centre(tiles[0]))
    for a, b in zip(tiles, [*tiles[1:], tiles[0]]):
        ca, cb = cell_centre(a), cell_centre(b)
        path.lineTo(QPointF((ca.x() + cb.x()) / 2, (ca.y() + cb.y()) / 2))
        path.lineTo(cb)
    return path


def palette_rect(centre: QPointF, size: QRectF, visible: QRectF,
                 tiles: Sequence[QPointF] = ()) -> QRectF:
    """Where the palette of the place at `centre` goes: a rectangle of `size` next to the
    ring of its six neighbours, never over that ring: above it, below, right or left, of
    those that lie wholly in `visible` (the scene area on screen) the one over the fewest
    `tiles` (their centres), the first in that order on a tie; when none lies wholly on
    screen, the one that shows most of itself."""
    ring = QRectF(centre.x() - 2.5 * R, centre.y() - 3 * APOTHEM, 5 * R, 6 * APOTHEM)
    gap = R * 0.15
    w, h = size.width(), size.height()
    candidates = [
        QRectF(centre.x() - w / 2, ring.top() - gap - h, w, h),
        QRectF(centre.x() - w / 2, ring.bottom() + gap, w, h),
        QRectF(ring.right() + gap, centre.y() - h / 2, w, h),
        QRectF(ring.left() - gap - w, centre.y() - h / 2, w, h),
    ]
    for i, rect in enumerate(candidates):  # slid along the ring to stay on screen
        if i < 2:
            rect.moveLeft(max(visible.left(), min(rect.left(), visible.right() - w)))
        else:
            rect.moveTop(max(visible.top(), min(rect.top(), visible.bottom() - h)))
    inside = [rect for rect in candidates if visible.contains(rect)]
    if inside:
        margin = R * 0.8
        return min(inside, key=lambda rect: sum(
            1 for c in tiles if rect.adjusted(-margin, -margin, margin, margin).contains(c)))

    def shown(rect: QRectF) -> float:
        part = rect.intersected(visible)
        return part.width() * part.height()

    return max(candidates, key=shown)


def corridor(centre: QPointF, palette: QRectF) -> QPolygonF:
    """The way from a place to its palette: the smallest convex shape holding the place's
    hexagon and the palette, along which the pointer keeps the place hovered."""
    outline = hexagon(centre)
    points = [(outline.at(i).x(), outline.at(i).y()) for i in range(outline.size())]
    points += [(palette.left(), palette.top()), (palette.right(), palette.top()),
               (palette.right(), palette.bottom()), (palette.left(), palette.bottom())]
    return QPolygonF([QPointF(x, y) for x, y in _convex_hull(points)])


def _convex_hull(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Andrew's monotone chain: the hull's corners, anticlockwise."""
    points = sorted(set(points))

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    upper: list[tuple[float, float]] = []
    for point in points:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], point) <= 0:
            lower.pop()
        lower.append(point)
    for point in reversed(points):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], point) <= 0:
            upper.pop()
        upper.append(point)
    return lower[:-1] + upper[:-1]


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


class DragonsView(Canvas2D[LoopTilePosition]):
    """The Dragons canvas (the BoardView contract)."""

    tile_moves = True

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(Interaction(describe_target), parent)
        self.state: LoopTilePosition | None = None
        self.cross = False
        self._tiles: dict[Coord, str] = {}
        self._places: dict[Coord, int] = {}
        self._near: set[Coord] = set()          # empty cells touching a tile
        self._choice = 0                          # index into the hovered place's fits
        self.palette_tiles: list[tuple[QPointF, str]] = []  # (scene) while shown
        self.palette_rect = QRectF()             # where the palette is (scene), while shown
        self._corridor = QPolygonF()             # from the place to its palette
        self.info = QLabel(self)
        self.info.setObjectName("dragons_info")
        self.info.setStyleSheet("color: rgb(235,235,235); background: rgba(0,0,0,120); "
                                "padding: 3px 6px; border-radius: 4px;")
        self.info.move(8, 8)
        self.moved_on = MovedOn()
        self.race = RaceOverlay(self, "Loops and dragons",
                                "Each player's longest loop, and each dragon with a hole: "
                                "its holes and the empty cells it still needs",
                               self.extent_changed)

    def unit(self) -> float:
        return 2 * APOTHEM

    def corner_widgets(self) -> list[QWidget]:
        return [self.info, self.race.button]

    # ---- drawing ----------------------------------------------------------------------

    def draw(self, state: LoopTilePosition, last: Sequence[str]) -> None:
        self.state = state
        self.cross = state.cross
        self._tiles = {t.coord: t.letter for t in state.placed()}
        self._places = {c: i for i, c in enumerate(state.places(), 1)}
        self._near = {(c[0] + dx, c[1] + dy) for c in self._tiles
                      for dx, dy in ((0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1))
                      } - set(self._tiles)
        self._choice = 0
        self.palette_tiles = []
        colours = self.side_colours()
        self._draw_places(state)
        placed = state.placed()
        latest = max((t.ply for t in placed), default=0)
        autos: dict[Coord, list[QGraphicsItem]] = {}  # the last move's auto tiles, in order
        for tile in placed:
            items = tile_items(self, cell_centre(tile.coord), tile.letter, self.cross,
                               colours)
            for item in items:
                item.setZValue(TILE_Z)
            if tile.auto and tile.ply == latest:
                autos[tile.coord] = items
        self._mark_moves(state, last, autos)
        if self.moved_on.follow(len(placed), latest):
            self.reveal.start(list(autos.values()))
        self._draw_race(state)
        outcome = state.outcome()
        if outcome.over and outcome.chain:
            self._trace_loop(outcome.chain)
            self.mark_chain(outcome.chain)
        self._update_info(state)

    def _draw_race(self, state: LoopTilePosition) -> None:
        """The race overlay's facts for this position: the loops and the dragons with a hole
        (drawn when the overlay is shown)."""
        loops, dragons = tuple(state.loops()), tuple(state.dragons())
        self.race.follow((loops, dragons), len(state.placed()),
                         lambda: self._draw_race_items(state, loops, dragons))

    def _draw_race_items(self, state: LoopTilePosition, loops: Sequence[TileLoop],
                         dragons: Sequence[Dragon]) -> None:
        """Each longest loop traced in its colour; for each dragon a label (holes, the tiles
        it still needs, its Tantrix score) beside it, over no tile and no place; for each colour's open dragon nearest to closing,
        a dashed ring on each empty cell it needs."""
        colours = self.side_colours()
        for loop in loops:
            self.race.add(self._loop_items(loop.tiles, colours[loop.colour]), RACE_Z)
        taken: list[QRectF] = []
        blocked = [hexagon(cell_centre(c)) for c in (*self._tiles, *self._places)]
        nearest = {side: min((d for d in dragons if d.colour == side and not d.closed),
                             key=lambda d: len(d.open_cells), default=None)
                   for side in ("O", "X")}
        for dragon in dragons:
            colour = colours[dragon.colour]
            pen = QPen(colour)
            pen.setWidthF(R * 0.09)
            pen.setStyle(Qt.PenStyle.DashLine)
            rings = [self.scene().addPolygon(hexagon(cell_centre(c), 0.62), pen)
                     for c in dragon.open_cells if dragon is nearest[dragon.colour]]
            centres = [cell_centre(c) for c in dragon.tiles]
            x = sum(c.x() for c in centres) / len(centres)
            y = sum(c.y() for c in centres) / len(centres)
            holes = f"{dragon.holes} hole{'s' if dragon.holes > 1 else ''}"
            needs = ("closed" if dragon.closed else
                     f"needs {len(dragon.open_cells)}")
            score = f" · {dragon.score} pt{'s' if dragon.score > 1 else ''}" \
                if state.tantrix else ""
            label = badge(self.scene(), f"{holes} · {needs}{score}", QPointF(x, y), R * 0.36,
                          colour, taken, blocked, APOTHEM, bold=dragon is nearest[dragon.colour])
            self.race.add(rings, RACE_Z + 0.5)
            self.race.add(label, LABEL_Z)

    def _loop_items(self, tiles: Sequence[Coord], colour: QColor) -> list[QGraphicsItem]:
        """A loop traced through its tiles' centres and shared edges: a tube of its colour
        with a dark rim, so it reads over the tiles' own bands."""
        path = _loop_path(tiles)
        rim = QPen(QColor(10, 10, 10))
        rim.setWidthF(R * 0.30)
        rim.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        core = QPen(colour)
        core.setWidthF(R * 0.17)
        core.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        return [self.scene().addPath(path, rim), self.scene().addPath(path, core)]

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

    def _mark_moves(self, state: TilePosition, last: Sequence[str],
                    autos: dict[Coord, list[QGraphicsItem]]) -> None:
        """The last move's own tile (the base's yellow outline) and its auto tiles (cyan,
        numbered in the order the rules laid them); each auto tile's marks join its items
        in `autos`."""
        placed = state.placed()
        latest = max((t.ply for t in placed), default=0)
        if latest == 0:
            return
        own = [coord_text(t.coord) for t in placed if t.ply == latest and not t.auto]
        self.mark_last(last if last and last[0] in own else own)
        pen = QPen(AUTO_MARK)
        pen.setWidthF(R * 0.08)
        pen.setStyle(Qt.PenStyle.DashLine)
        for number, (coord, items) in enumerate(autos.items(), 1):
            ring = self.scene().addPolygon(hexagon(cell_centre(coord), 0.97), pen)
            ring.setZValue(AUTO_Z)
            items += [ring, *order_number(self, str(number), number_spot(coord), R * 0.34)]

    def _trace_loop(self, chain: Sequence[str]) -> None:
        """The winning loop: a white line through its tiles' centres and shared edges."""
        pen = QPen(CHAIN)
        pen.setWidthF(R * 0.12)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        path = _loop_path([parse_coord(name) for name in chain])
        self.scene().addPath(path, pen).setZValue(LOOP_Z)

    def _update_info(self, state: LoopTilePosition) -> None:
        lines = [f"Pool: {state.pool_left} tiles left"]
        outcome = state.outcome()
        if outcome.scores is not None:
            lines.append("Best dragons: " + ", ".join(f"{s} {v}" for s, v in
                                                      outcome.scores.items()))
        else:
            found = {loop.colour: len(loop.tiles) for loop in state.loops()}
            lines.append("Longest loops: " + ", ".join(f"{s} {found.get(s, 0)}"
                                                       for s in ("O", "X")))
        if state.required_places() and not outcome.over:
            lines.append("Gap: fill an orange place")
        self.info.setText("\n".join(lines))
        self.info.adjustSize()
        self.race.button.move(8, self.info.y() + self.info.height() + 6)

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
        self.palette_tiles = []
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
        colours = self.side_colours()
        fits = self.fits(name)
        chosen = self.chosen(name)
        assert chosen is not None
        centre = cell_centre(parse_coord(name))
        items = tile_items(self, centre, chosen, self.cross, colours, 0.92, 170)
        # the palette: every fitting tile in a row, outside the place and its six
        # neighbours (the edges the player matches against), as large on screen at any zoom
        # up to the size of the table's tiles
        scale = self._palette_scale()
        step = 2 * R * scale * 1.05
        width, height = step * (len(fits) + 0.2), step * 1.1 + R * scale * 0.75
        free = self.free_rect(QSizeF(width, height))
        visible = self.mapToScene(free.toRect()).boundingRect()
        self.palette_rect = palette_rect(centre, QRectF(0, 0, width, height), visible,
                                         [cell_centre(c) for c in (*self._tiles, *self._places)])
        self._corridor = corridor(centre, self.palette_rect)
        items.append(self.scene().addRect(self.palette_rect, QPen(Qt.PenStyle.NoPen),
                                          QBrush(QColor(20, 22, 26, 235))))
        font = QFont()
        font.setPixelSize(max(1, int(R * scale * 0.7)))
        font.setBold(True)
        for i, letter in enumerate(fits):
            spot = QPointF(self.palette_rect.left() + step * (0.6 + i),
                           self.palette_rect.top() + step * 0.55)
            self.palette_tiles.append((spot, letter))
            items += tile_items(self, spot, letter, self.cross, colours, scale)
            label = self.scene().addSimpleText(letter, font)
            label.setBrush(NUMBER)
            box = label.boundingRect()
            label.setPos(spot.x() - box.width() / 2, spot.y() + APOTHEM * scale)
            items.append(label)
            if letter == chosen:
                pen = QPen(QColor(255, 215, 40))
                pen.setWidthF(R * 0.06 * scale / 0.42)
                items.append(self.scene().addPolygon(hexagon(spot, scale * 1.1), pen))
        return items

    def side_colours(self) -> dict[str, QColor]:
        """Each side's colour as the tiles are drawn in."""
        return {side: qcolour(self.play.colour(side)) for side in ("O", "X")}

    def suggestion_items(self, move: str) -> list[QGraphicsItem]:
        state = self.state
        cells = state.move_cells(move) if state is not None else ()
        if state is None or not cells or move[:1] not in state.fitting(parse_coord(cells[0])):
            return []
        return tile_items(self, cell_centre(parse_coord(cells[0])), move[0], self.cross,
                          self.side_colours(), 0.92, 170)

    def _palette_scale(self) -> float:
        """A palette tile's size, of a table tile's: PALETTE_PIXELS on screen at any zoom,
        but never larger than the table's own tiles (on a small window the palette would
        otherwise hide much of the table)."""
        return min(1.0, PALETTE_PIXELS / (R * max(self.transform().m11(), 1e-6)))

    def _palette_hit(self, point: QPointF) -> str | None:
        """The palette tile under a scene point; "" over the rest of the palette."""
        if not self.palette_tiles:
            return None
        scale = self._palette_scale()
        for spot, letter in self.palette_tiles:
            if math.hypot(spot.x() - point.x(), spot.y() - point.y()) <= R * scale:
                return letter
        return "" if self.palette_rect.contains(point) else None

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if event.buttons() == Qt.MouseButton.NoButton and self._hover is not None:
            point = self.mapToScene(event.position().toPoint())
            letter = self._palette_hit(point)
            if letter is None and self.palette_tiles and self._corridor.containsPoint(
                    point, Qt.FillRule.OddEvenFill):
                return  # on the way from the place to its palette: the place stays hovered
            if letter is not None:
                fits = self.fits(self._hover)
                if letter in fits and fits[self._choice % len(fits)] != letter:
                    self._choice = fits.index(letter)
                    self.show_hover(self._hover)
                return
        super().mouseMoveEvent(event)

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if event.button() == Qt.MouseButton.RightButton and not self._dragging:
            if self._press is not None:  # not a click that finished the auto tiles
                self.choose(1)
            self._press = None
            return
        super().mouseReleaseEvent(event)

    def board_key(self, event: QKeyEvent) -> bool:
        """L: the race overlay; Space (Shift+Space): the next (previous) fitting tile."""
        if event.key() == RACE_KEY:
            self.race.toggle()
            return True
        if event.key() == Qt.Key.Key_Space:
            shift = event.modifiers() & Qt.KeyboardModifier.ShiftModifier
            self.choose(-1 if shift else 1)
            return True
        return False
