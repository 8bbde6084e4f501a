"""TrichetView: Trichet's open table of triangular tiles, on the shared 2D canvas.

Each tile is drawn as the real tile looks: the triangle in the colour of its two like corners,
and the sixth of a circle around its odd corner in the other, so that a region reads as one
shape across tiles. The colours are the people's (Oh's `o`, Dot's `.`).

Pointing: every numbered place shows its number. Over a place, the tile that fits with its
arc at the corner nearest the pointer is shown as a ghost (move the pointer towards another
corner for another orientation); small arcs mark the other corners where a fitting tile may
have its arc, and the status bar lists the letters. A click plays the ghost's move. Over any
other triangle the status bar says what is there or why no tile may go there.

Targets are named as the engine names them: a place by its move text (`f7`, whose cell it
is), any triangle `t:x,r`, a lattice point `p:x,y` (the result's chain). The last move's own
tile is outlined in yellow, its auto tiles dashed and numbered, revealed one by one
(desktop/views/reveal.py); a won game lightens the winning region and dots its points. The
race overlay (desktop/views/race.py, key L) labels the open regions with their empty
triangles. The view reads the position through `RegionTilePosition` (rules/contracts.py).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QFont, QKeyEvent, QPainterPath, QPen, QPolygonF
from PySide6.QtWidgets import QGraphicsItem, QWidget

from megalith.desktop.settings import default_colour
from megalith.desktop.views.canvas2d import LAST_MOVE, MARK_Z, Canvas2D, qcolour
from megalith.desktop.views.interaction import Interaction
from megalith.desktop.views.move_builder import Action
from megalith.desktop.views.race import KEY as RACE_KEY
from megalith.desktop.views.race import RaceOverlay, badge
from megalith.desktop.views.reveal import MovedOn, order_number
from megalith.rules.contracts import Coord, OpenRegion, RegionTilePosition
from megalith.rules.trichet.tiles import (CORNER_COLOURS, ODD_CORNER, corners, point_position,
                                          triangle_at)

SIDE = 64.0  # scene pixels of a triangle's side
AUTO_MARK = QColor(120, 200, 255)
EDGE = QColor(40, 40, 40, 70)  # faint: a region reads as one shape across tiles
PLACE_EDGE = QColor(200, 200, 200, 90)
NUMBER = QColor(235, 235, 235)
WIN_ALPHA = 110
GHOST_ALPHA = 170
ARC_STEPS = 12


def scene_point(point: Coord) -> QPointF:
    x, y = point_position(point)
    return QPointF(x * SIDE, y * SIDE)


def triangle_polygon(tri: Coord) -> QPolygonF:
    return QPolygonF([scene_point(p) for p in corners(tri)])


def centroid(tri: Coord) -> QPointF:
    a, b, c = (scene_point(p) for p in corners(tri))
    return QPointF((a.x() + b.x() + c.x()) / 3, (a.y() + b.y() + c.y()) / 3)


def _arc(tri: Coord, corner: int) -> tuple[QPointF, QPointF, QPointF, list[QPointF]]:
    """The corner, the next two corners clockwise, and the points of the arc of radius half
    a side around the corner, from the first of them to the second (the arc ends at the
    midpoints of the two sides it cuts)."""
    points = [scene_point(p) for p in corners(tri)]
    apex = points[corner]
    one, two = points[(corner + 1) % 3], points[(corner + 2) % 3]
    start = math.atan2(one.y() - apex.y(), one.x() - apex.x())
    end = math.atan2(two.y() - apex.y(), two.x() - apex.x())
    sweep = (end - start + math.pi) % (2 * math.pi) - math.pi  # the 60 degrees inside
    radius = SIDE / 2
    arc = [QPointF(apex.x() + radius * math.cos(start + sweep * i / ARC_STEPS),
                   apex.y() + radius * math.sin(start + sweep * i / ARC_STEPS))
           for i in range(ARC_STEPS + 1)]
    return apex, one, two, arc


def arc_sector(tri: Coord, corner: int) -> QPainterPath:
    """The sixth of a circle of radius half a side around the triangle's corner."""
    apex, _, _, arc = _arc(tri, corner)
    path = QPainterPath()
    path.addPolygon(QPolygonF([apex, *arc]))
    path.closeSubpath()
    return path


def tile_parts(tri: Coord, letter: str) -> tuple[QPainterPath, QPainterPath]:
    """The tile's two regions: the arc around its odd corner, and the rest (built as its
    own polygon: Qt's path subtraction mangles shapes that share edges)."""
    apex, one, two, arc = _arc(tri, ODD_CORNER[letter])
    sector, rest = QPainterPath(), QPainterPath()
    sector.addPolygon(QPolygonF([apex, *arc]))
    sector.closeSubpath()
    rest.addPolygon(QPolygonF([one, two, *reversed(arc)]))
    rest.closeSubpath()
    return sector, rest


def _parse_pair(text: str) -> Coord:
    x, y = text.split(",")
    return int(x), int(y)


def region_centre(region: OpenRegion) -> QPointF:
    """Where a region's label goes: the middle of its lattice points."""
    spots = [scene_point(p) for p in region.points]
    return QPointF(sum(p.x() for p in spots) / len(spots), sum(p.y() for p in spots) / len(spots))


def describe_target(state: RegionTilePosition, name: str) -> str:
    """A target in words, for the hover text: `place 7` for a move's place."""
    return name if name.startswith(("t:", "p:")) else f"place {name.lstrip('abcdef')}"


class TrichetView(Canvas2D[RegionTilePosition]):
    """The Trichet canvas."""

    tile_moves = True

    def __init__(self, parent: QWidget | None = None) -> None:
        self.play: Interaction[RegionTilePosition]
        super().__init__(Interaction(describe_target), parent)
        self.state: RegionTilePosition | None = None
        self._numbers: dict[Coord, int] = {}
        self._places: list[Coord] = []
        self.moved_on = MovedOn()
        self.race = RaceOverlay(self, "Open regions",
                                "How many empty triangles each open region still has around "
                                "it; ringed, each colour's nearest to closing",
                               self.extent_changed)
        self.race.button.move(8, 8)

    def unit(self) -> float:
        return SIDE

    def corner_widgets(self) -> list[QWidget]:
        return [self.race.button]

    # ---- colours --------------------------------------------------------------------

    def side_colour(self, side: str) -> QColor:
        """A side's colour: the people's choice, else the default for its seat."""
        given = self.play.colours.get(side)
        if given is None:
            seat = self.state.sides.index(side) if self.state is not None else 0
            given = default_colour(side, seat)
        return qcolour(given)

    # ---- drawing ----------------------------------------------------------------------

    def draw(self, state: RegionTilePosition, last: Sequence[str]) -> None:
        """Tiles, numbered places, the last move's tiles and the winning region. The last
        move's tiles are read from the tiles (`ply`); `last` only says whether the last move
        laid one (its place number names another triangle in the position after it)."""
        self.state = state
        self._places = list(state.places())
        self._numbers = {tri: k for k, tri in enumerate(self._places, 1)}
        edge = QPen(EDGE)
        edge.setWidthF(1.0)
        placed = state.placed()
        latest = max((t.ply for t in placed), default=0)
        autos: dict[Coord, list[QGraphicsItem]] = {}  # the last move's auto tiles, in order
        for tile in placed:
            arc, rest = tile_parts(tile.coord, tile.letter)
            colours = CORNER_COLOURS[tile.letter]
            odd = ODD_CORNER[tile.letter]
            no_line = QPen(Qt.PenStyle.NoPen)
            items: list[QGraphicsItem] = [
                self.scene().addPath(rest, no_line,
                                     QBrush(self.side_colour(colours[(odd + 1) % 3]))),
                self.scene().addPath(arc, no_line, QBrush(self.side_colour(colours[odd]))),
                self.scene().addPolygon(triangle_polygon(tile.coord), edge)]
            if tile.auto and tile.ply == latest:
                autos[tile.coord] = items
        self._draw_places()
        self._draw_race(state)
        if last:  # a tile move, not a pass or a resignation
            self._mark_last_tiles(state, autos)
        if self.moved_on.follow(len(placed), latest):
            self.reveal.start(list(autos.values()))
        outcome = state.outcome()
        if outcome.over and outcome.chain:
            self._mark_region(state, outcome.chain)

    def _draw_places(self) -> None:
        pen = QPen(PLACE_EDGE)
        pen.setWidthF(1.0)
        pen.setStyle(Qt.PenStyle.DotLine)
        font = QFont()
        font.setPixelSize(int(SIDE * 0.26))
        font.setBold(True)
        for tri, number in self._numbers.items():
            self.scene().addPolygon(triangle_polygon(tri), pen)
            text = self.scene().addSimpleText(str(number), font)
            text.setBrush(NUMBER)
            box = text.boundingRect()
            c = centroid(tri)
            text.setPos(c.x() - box.width() / 2, c.y() - box.height() / 2)

    def _draw_race(self, state: RegionTilePosition) -> None:
        """The race overlay's facts for this position: the open regions that can still
        close (drawn when the overlay is shown)."""
        regions = tuple(r for r in state.open_regions() if r.closable)
        self.race.follow(regions, len(state.placed()),
                         lambda: self._draw_race_items(state, regions))

    def _draw_race_items(self, state: RegionTilePosition, regions: Sequence[OpenRegion]
                         ) -> None:
        """Beside each region, over no tile and no place, the number of empty triangles
        around it; each colour's nearest
        to closing (fewest, then the most tiles) framed, those triangles dashed in its
        colour."""
        nearest = {colour: min((r for r in regions if r.colour == colour), default=None,
                               key=lambda r: (len(r.missing), -len(r.tiles)))
                   for colour in state.sides}
        taken: list[QRectF] = []
        blocked = [triangle_polygon(tri) for tri in (*(t.coord for t in state.placed()),
                                                     *self._places)]
        for region in sorted(regions, key=lambda r: r is not nearest[r.colour]):
            colour = self.side_colour(region.colour)
            marked = region is nearest[region.colour]
            if marked:
                pen = QPen(colour)
                pen.setWidthF(SIDE * 0.05)
                pen.setStyle(Qt.PenStyle.DashLine)
                self.race.add([self.scene().addPolygon(self._inset(tri, 0.8), pen)
                               for tri in region.missing], MARK_Z - 2)
            centre = region_centre(region)
            size = SIDE * (0.26 if marked else 0.2)
            self.race.add(badge(self.scene(), f"{len(region.missing)}\u25b5", centre, size,
                                colour, taken, blocked, SIDE * 0.5, bold=marked),
                          MARK_Z + (2 if marked else 1))

    def _mark_last_tiles(self, state: RegionTilePosition,
                         autos: dict[Coord, list[QGraphicsItem]]) -> None:
        """The last move's own tile outlined solid, its auto tiles dashed and numbered in
        the order the rules laid them (their marks join their items in `autos`)."""
        placed = state.placed()
        last_ply = max((t.ply for t in placed), default=0)
        for tile in placed:
            if tile.ply != last_ply or tile.auto:
                continue
            pen = QPen(LAST_MOVE)
            pen.setWidthF(SIDE * 0.07)
            pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
            self.scene().addPolygon(self._inset(tile.coord, 0.9), pen).setZValue(MARK_Z)
        pen = QPen(AUTO_MARK)
        pen.setWidthF(SIDE * 0.05)
        pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
        pen.setStyle(Qt.PenStyle.DashLine)
        for number, (tri, items) in enumerate(autos.items(), 1):
            mark = self.scene().addPolygon(self._inset(tri, 0.9), pen)
            mark.setZValue(MARK_Z)
            items += [mark, *order_number(self, str(number), centroid(tri), SIDE * 0.2)]

    def _mark_region(self, state: RegionTilePosition, chain: Iterable[str]) -> None:
        """Lighten each closed winning region (exactly its colour's parts of its tiles)
        and dot its points."""
        names = list(chain)
        points = {_parse_pair(n[2:]) for n in names if n.startswith("p:")}
        tiles = {t.coord: t.letter for t in state.placed()}
        area = QPainterPath()
        area.setFillRule(Qt.FillRule.WindingFill)
        for name in names:
            if not name.startswith("t:"):
                continue
            tri = _parse_pair(name[2:])
            letter = tiles[tri]
            arc, rest = tile_parts(tri, letter)
            for index, point in enumerate(corners(tri)):
                if point in points:
                    area.addPath(arc if index == ODD_CORNER[letter] else rest)
        pen = QPen(QColor(255, 255, 255))
        pen.setWidthF(SIDE * 0.04)
        shade = self.scene().addPath(area.simplified(), pen,
                                     QBrush(QColor(255, 255, 255, WIN_ALPHA)))
        shade.setZValue(MARK_Z - 1)
        self.mark_chain(n for n in names if n.startswith("p:"))

    def _inset(self, tri: Coord, scale: float) -> QPolygonF:
        c = centroid(tri)
        return QPolygonF([c + (scene_point(p) - c) * scale for p in corners(tri)])

    # ---- targets ----------------------------------------------------------------------

    def target_at(self, point: QPointF) -> str | None:
        """The place under a scene point as the move its nearest corner chooses, or any
        other triangle as `t:x,r`."""
        if self.state is None:
            return None
        tri = triangle_at(point.x() / SIDE, point.y() / SIDE)
        if tri not in self._numbers:
            return f"t:{tri[0]},{tri[1]}"
        letter = self.letter_at(tri, point)
        return f"{letter}{self._numbers[tri]}" if letter else f"t:{tri[0]},{tri[1]}"

    def letter_at(self, tri: Coord, point: QPointF) -> str | None:
        """The fitting letter whose arc is at the corner nearest the point (one letter at
        most has its arc at a given corner of a place), trying corners nearest first."""
        assert self.state is not None
        fits = self.state.fitting(tri)
        spots = [scene_point(p) for p in corners(tri)]
        order = sorted(range(3), key=lambda i: math.dist((spots[i].x(), spots[i].y()),
                                                         (point.x(), point.y())))
        for index in order:
            for letter in fits:
                if ODD_CORNER[letter] == index:
                    return letter
        return None

    def triangle_of(self, name: str) -> Coord:
        """The triangle a target names: `t:x,r`, or a move text's place."""
        if name.startswith(("t:", "p:")):
            return _parse_pair(name[2:])
        number = int(name.lstrip("abcdef"))
        return self._places[number - 1]

    def target_centre(self, name: str) -> QPointF:
        if name.startswith("p:"):
            return scene_point(_parse_pair(name[2:]))
        return centroid(self.triangle_of(name))

    def target_outline(self, name: str) -> QPolygonF:
        return triangle_polygon(self.triangle_of(name))

    # ---- hovering and clicking ----------------------------------------------------------

    def hover_items(self, name: str, action: Action) -> list[QGraphicsItem]:
        """Over a place: the ghost of the tile the pointer chooses, and a small arc at each
        other corner where a fitting tile may have its arc."""
        if action.kind != "play" or action.move is None or self.state is None:
            return super().hover_items(name, action)
        tri = self.triangle_of(name)
        letter = action.move[0]
        items = self._ghost(tri, letter)
        for other in self.state.fitting(tri):
            if other == letter:
                continue
            pen = QPen(self.side_colour(CORNER_COLOURS[other][ODD_CORNER[other]]))
            pen.setWidthF(SIDE * 0.05)
            small = arc_sector(tri, ODD_CORNER[other])
            spot = scene_point(corners(tri)[ODD_CORNER[other]])
            items.append(self.scene().addPath(_scaled(small, spot, 0.45), pen))
        return items

    def _ghost(self, tri: Coord, letter: str) -> list[QGraphicsItem]:
        """A see-through tile `letter` on triangle `tri`."""
        arc, rest = tile_parts(tri, letter)
        colours = CORNER_COLOURS[letter]
        odd = ODD_CORNER[letter]
        items: list[QGraphicsItem] = []
        for path, side in ((rest, colours[(odd + 1) % 3]), (arc, colours[odd])):
            colour = self.side_colour(side)
            colour.setAlpha(GHOST_ALPHA)
            items.append(self.scene().addPath(path, QPen(Qt.PenStyle.NoPen), QBrush(colour)))
        return items

    def suggestion_items(self, move: str) -> list[QGraphicsItem]:
        letter = move[:1]
        if letter not in CORNER_COLOURS or not move[1:].isdigit():
            return []
        return self._ghost(self.triangle_of(move), letter)

    def show_hover(self, name: str | None) -> None:
        if name is None or not name.startswith("t:") or self.state is None:
            super().show_hover(name)
            if name is not None and not name.startswith("t:"):
                self._add_fits_to_hint(name)
            return
        super().show_hover(None)
        tri = _parse_pair(name[2:])
        self.hint.emit(self._triangle_words(tri))
        if self.state.refusal(tri) and not self.state.outcome().over and \
                tri not in {t.coord for t in self.state.placed()}:
            sign = self.refusal_sign(name)
            sign.setZValue(MARK_Z + 20)
            self._overlay = [sign]

    def board_key(self, event: QKeyEvent) -> bool:
        """L: the race overlay."""
        if event.key() == RACE_KEY:
            self.race.toggle()
            return True
        return False

    def click_target(self, name: str) -> Action | None:
        if name.startswith("t:") and self.state is not None:
            self.hint.emit(self._triangle_words(_parse_pair(name[2:])))
            return None
        return super().click_target(name)

    def _add_fits_to_hint(self, name: str) -> None:
        assert self.state is not None
        fits = self.state.fitting(self.triangle_of(name))
        number = name.lstrip("abcdef")
        others = ", ".join(f"{letter}{number}" for letter in fits if letter != name[0])
        more = f" (point at another corner for {others})" if others else ""
        self.hint.emit(f"place {number}: click to play {name}{more}")

    def _triangle_words(self, tri: Coord) -> str:
        """A filled triangle's tile and the move that laid it; else why no tile may go."""
        assert self.state is not None
        for tile in self.state.placed():
            if tile.coord == tri:
                how = ("an opening tile" if tile.ply == 0 else
                       f"laid automatically after move {tile.ply}" if tile.auto else
                       f"laid by move {tile.ply}")
                return f"tile {tile.letter}: {how}"
        refusal = self.state.refusal(tri)
        return refusal if refusal == "the game is over" else f"no tile may go here: {refusal}"


def _scaled(path: QPainterPath, about: QPointF, factor: float) -> QPainterPath:
    """The path shrunk towards a point."""
    out = QPainterPath()
    for i in range(path.elementCount()):
        e = path.elementAt(i)
        p = about + (QPointF(e.x, e.y) - about) * factor
        if i == 0:
            out.moveTo(p)
        else:
            out.lineTo(p)
    out.closeSubpath()
    return out
