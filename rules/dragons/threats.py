"""Dragons: the moves that may win at once (`DragonsState.moves_that_may_win`), found without
playing them.

A search looks for wins in one by playing every move on a copy of the position; in Dragons a
play costs the loop bookkeeping of every tile laid (the player's and its auto tiles). This
module rules out the moves that cannot win from the place keys and the loop graph, with no
copy and no bookkeeping.

Why every winning move is kept:

- Without -tantrix the game ends with a win only when a side's longest loop reaches
  WINNING_LOOP tiles (`Table.decide`); an empty pool or table without such a loop is
  a draw. In a game that goes on both sides' longest loops are shorter than that, and the
  engine always knows each side's longest loop, so a move wins for the side to move only if
  it closes a new loop of that side's colour of WINNING_LOOP tiles or more (some such
  moves lose or draw: the same move may make the other side's loop as long). A new loop
  passes through a tile the move laid (the player's tile or an auto tile): every loop made
  of older tiles alone was there before.
- The tiles a move lays are worked out exactly as `Table.place` and `auto_moves` lay them (the
  same keys, the same first place in reading order, the same stop when the pool runs out),
  on an overlay of the place keys, with no loop bookkeeping.
- A move that lays one tile only (no neighbouring place is left with one fitting orientation)
  closes a new loop only through two of the tile's links into one component of the side's
  loop graph, and that loop holds at most the component's tiles and the new one: a place
  whose components are all too small for that rules its plain moves out at once (`_look`).
- Any other move (with auto tiles, or one that passes that look) is looked at in full, with
  its auto tiles laid out: first the cheap bound of `_room_for_loop` (the new tiles and the
  old components they join, shrunk to one node each: what is left of that graph once the
  nodes with fewer than two links are peeled off must hold enough tiles), then the blocks
  (biconnected components) of the loop graph with the new tiles in it (`_loop_through`):
  every loop lies in one block, so a loop of WINNING_LOOP tiles through a new tile needs a
  block that big holding a new tile. A move is ruled out only when one of these shows no
  such loop can pass through a tile it lays.
- With -tantrix the game is decided only when it ends (the pool is empty or no place is
  left), so a move is kept exactly when it ends the game.
- Anything that is not a tile move (none is listed while the game goes on, but a caller may
  pass one) is kept.
"""

from __future__ import annotations

from megalith.rules.contracts import Coord
from megalith.rules.dragons.graphs import BlockWalk, peel_to_core
from megalith.rules.dragons.table import Table
from megalith.rules.dragons.tiles import SIDES, TileSet, reading_key


def moves_that_may_win(table: Table, side: str, moves: list[str], winning_loop: int
                       ) -> list[str]:
    """Those of `moves` after which `side`, to move, may have won, a loop of `winning_loop`
    tiles deciding the game without -tantrix (see the module's docstring for why every
    winning move is among them), in their order. What a place's neighbours say is read
    once per place (`_look`); a move that lays auto tiles is laid out in full (`_lay`)."""
    ts = table.tile_set
    letters, places, o_masks, loop_masks = ts.letters, table.places, ts.o_masks, ts.loop_masks
    room = table.pool_left   # tiles the move may lay
    tantrix = table.tantrix
    if tantrix and room <= 1:   # every move empties the pool
        return moves
    s = SIDES.index(side)
    looks: dict[int, _Look] = {}
    roots: dict[Coord, tuple[Coord, int]] = {}   # for `_room_for_loop`
    # the tiles laid and keys made by a tile with these edge colours at this place: the
    # auto tiles follow from the colours alone
    cascades: dict[tuple[int, int], tuple[dict[Coord, int], dict[Coord, int]]] = {}
    kept = []
    for move in moves:
        index = letters.find(move[:1])
        digits = move[1:]
        if index < 0 or not digits.isdigit() or not 1 <= int(digits) <= len(places):
            kept.append(move)
            continue
        number = int(digits)
        look = looks.get(number)
        if look is None:
            look = looks[number] = _look(table, ts, places[number - 1], s, room, winning_loop)
        auto_o, auto_x, linked, components = look
        o_mask = o_masks[index]
        if o_mask & auto_o or ~o_mask & auto_x or (tantrix and len(places) <= 7):
            laid_before = cascades.get((number, o_mask))   # (the tails g, i, k share colours)
            if laid_before is None:
                laid, keys = cascades[number, o_mask] = _lay(table, ts, places[number - 1],
                                                             index, room)
            else:
                laid, keys = dict(laid_before[0]), laid_before[1]
                laid[places[number - 1]] = index
            if tantrix:
                if len(laid) >= room or not _place_left(table, ts, laid, keys):
                    kept.append(move)
            elif _room_for_loop(table, ts, laid, s, winning_loop, roots) and \
                    _loop_through(table, ts, laid, s, winning_loop):
                kept.append(move)
        elif tantrix or not components:
            continue   # one tile and seven places or more: one is left, the pool too
        else:
            links = loop_masks[index][s] & linked
            if any((links & bits).bit_count() >= 2 for bits in components) and \
                    _loop_through(table, ts, {places[number - 1]: index}, s, winning_loop):
                kept.append(move)
    return kept


_Look = tuple[int, int, int, tuple[int, ...]]


def _look(table: Table, ts: TileSet, coord: Coord, s: int, room: int,
          winning_loop: int) -> _Look:
    """What the neighbours of the place `coord` say of a tile laid there, as bit masks of
    its edges (bit d for edge d): where an O edge, and where an X edge, would leave a
    neighbouring place with one fitting orientation (an auto tile; every edge when
    auto tiles are due already), where a tile of side `s` would be joined to a neighbour's
    loop region, and, per old component big enough for a winning loop through the place and
    the component alone, the edges joining it."""
    tiles, opened, lone_fit, loop_masks = table.tiles, table.keys, ts.lone_fit, ts.loop_masks
    blocks = table.blocks[s]
    auto_o = auto_x = linked = 0
    joins: dict[Coord, int] = {}   # old component root -> the edges joining it
    sizes: dict[Coord, int] = {}
    x, y = coord
    for d, (dx, dy, _, _, back) in enumerate(ts.key_steps[0]):
        cell = (x + dx, y + dy)
        other = tiles.get(cell)
        if other is None:
            key = opened.get(cell, 0) | back << 6
            if lone_fit[key | back]:
                auto_o |= 1 << d
            if lone_fit[key]:
                auto_x |= 1 << d
        elif loop_masks[other][s] & back:
            linked |= 1 << d
            root, size = blocks.component(cell)
            joins[root] = joins.get(root, 0) | 1 << d
            sizes[root] = size
    if room <= 1:
        auto_o = auto_x = 0   # the pool is empty after the tile: no auto tile
    elif table.single:
        auto_o = auto_x = 63
    components = tuple(bits for root, bits in joins.items()
                       if bits.bit_count() >= 2 and sizes[root] + 1 >= winning_loop)
    return auto_o, auto_x, linked, components


def _lay(table: Table, ts: TileSet, coord: Coord, index: int, room: int
         ) -> tuple[dict[Coord, int], dict[Coord, int]]:
    """The tiles (cell -> orientation, in the order laid) that laying `index` at `coord`
    puts down with its auto tiles, and the new keys of the empty places they touch, as
    `Table.place` and `auto_moves` would make them."""
    tiles, opened, lone_fit = table.tiles, table.keys, ts.lone_fit
    laid = {coord: index}
    keys: dict[Coord, int] = {}
    single = set(table.single)   # empty but after tiles `arranged` without auto moves
    single.discard(coord)
    key_steps = ts.key_steps
    while True:
        x, y = coord
        for dx, dy, bits, _, _ in key_steps[index]:
            cell = (x + dx, y + dy)
            if cell in tiles or cell in laid:
                continue
            key = keys.get(cell)
            key = keys[cell] = (opened.get(cell, 0) if key is None else key) | bits
            if lone_fit[key]:
                single.add(cell)
            else:
                single.discard(cell)
        if not single or len(laid) >= room:
            return laid, keys
        coord = min(single, key=reading_key)
        single.discard(coord)
        index = ts.fits[keys.get(coord, opened.get(coord, 0))].bit_length() - 1
        laid[coord] = index


def _place_left(table: Table, ts: TileSet, laid: dict[Coord, int],
                keys: dict[Coord, int]) -> bool:
    """Whether a place where a tile fits is left after the move (`laid`, `keys`)."""
    fits, opened = ts.fits, table.keys
    return any(cell not in laid and fits[keys.get(cell, opened[cell])]
               for cell in table.places) or any(
        fits[key] for cell, key in keys.items() if cell not in opened)


def _loop_through(table: Table, ts: TileSet, laid: dict[Coord, int], s: int,
                  winning_loop: int) -> bool:
    """Whether a block (biconnected component) of side `s`'s loop graph with the tiles `laid`
    in it holds a new tile and `winning_loop` tiles or more: every loop lies in one block,
    so a loop through a new tile that long needs such a block. The blocks are found by
    lowpoints (`BlockWalk`) in a depth-first walk from each new tile."""
    tiles, loop_masks, loop_steps = table.tiles, ts.loop_masks, ts.loop_steps
    links: dict[Coord, list[Coord]] = {}

    def joined(cell: Coord) -> list[Coord]:
        found = links.get(cell)
        if found is None:
            index = laid.get(cell)
            x, y = cell
            found = links[cell] = []
            for dx, dy, back in loop_steps[tiles[cell] if index is None else index][s]:
                other = (x + dx, y + dy)
                there = laid.get(other)
                if there is None:
                    there = tiles.get(other)
                if there is not None and loop_masks[there][s] & back:
                    found.append(other)
        return found

    walk = BlockWalk(joined)
    for start in laid:
        if start in walk.order or len(joined(start)) < 2:
            continue
        for above, below in walk.blocks(start, winning_loop - 1):
            if above in laid or any(c in laid for c in below):
                return True
    return False


def _room_for_loop(table: Table, ts: TileSet, laid: dict[Coord, int], s: int,
                   winning_loop: int, roots: dict[Coord, tuple[Coord, int]]) -> bool:
    """Whether the loop graph of side `s` with the tiles `laid` in it has room for a loop of
    `winning_loop` tiles or more through one of them, the cheap look first: shrink each
    component of the graph as it was to one node (named by its root in the loop blocks),
    keeping the links of the new tiles. A loop through a new tile becomes a closed walk
    there that uses each such link once at most, so every node it meets keeps two of its
    links: it lies in the 2-core of the shrunken graph (what is left once the nodes with
    fewer than two links are peeled off, one after another), and it holds at most the
    tiles of the nodes there (a new tile or an old component each). `roots` keeps the old
    tiles' components (root and tiles) from move to move."""
    tiles, loop_masks, loop_steps = table.tiles, ts.loop_masks, ts.loop_steps
    blocks = table.blocks[s]
    sizes: dict[Coord, int] = {}   # node -> its tiles (an old component's, or 1)
    ends: dict[Coord, list[Coord]] = {}   # node -> the other end of each of its links
    for coord, index in laid.items():
        sizes[coord] = 1
        mine = ends.setdefault(coord, [])
        x, y = coord
        for dx, dy, back in loop_steps[index][s]:
            cell = (x + dx, y + dy)
            other = tiles.get(cell)
            if other is not None:
                if loop_masks[other][s] & back:
                    found = roots.get(cell)
                    if found is None:
                        found = roots[cell] = blocks.component(cell)
                    root = found[0]
                    sizes[root] = found[1]
                    mine.append(root)
                    ends.setdefault(root, []).append(coord)
            else:   # a link between two new tiles, taken once (from its first end)
                other = laid.get(cell)
                if other is not None and loop_masks[other][s] & back and coord < cell:
                    mine.append(cell)
                    ends.setdefault(cell, []).append(coord)
    return peel_to_core(ends, sizes, winning_loop) is not None
