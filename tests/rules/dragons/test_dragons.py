"""Dragons: the tiles, numbering, moves and refusals, auto moves, the gap duty, loops,
-tantrix dragons and the text drawing (docs/rules/dragons.md).

The help page's two pictures (pbmserv's help page: "move a creates an auto move
b", and the gap g) are rebuilt here from real moves and compared with the engine's drawing.
"""

from __future__ import annotations

import itertools
import json
import random

import pytest

from megalith.rules import registry
from megalith.rules.contracts import Coord, LoopTilePosition, TilePosition
from megalith.rules.dragons.game import DragonsState
from megalith.rules.dragons.tiles import (
    DIRECTIONS,
    Region,
    coord_text,
    edge_colours,
    letters,
    neighbour,
    parse_coord,
    regions,
    tileset,
)
from megalith.rules.protocol import MoveError, OptionError


def new(parameters: str = "") -> DragonsState:
    state = registry.new_game("dragons", parameters)
    assert isinstance(state, DragonsState)
    return state


def play_all(state: DragonsState, moves: list[str]) -> DragonsState:
    for move in moves:
        assert state.play(move) == move
    return state


def number_of(state: DragonsState, coord: Coord) -> int:
    return state.places().index(coord) + 1


def snapshot(state: DragonsState) -> tuple[object, ...]:
    return (state.render(), state.legal_moves(), state.to_move, state.outcome(), state.ply,
            list(state.moves), state.placed(), state.places(), state.pool_left)


# ---- the tiles ---------------------------------------------------------------------------

# Edge colours N NE SE S SW NW, worked out by hand from the ruling: a..f the shoulders whose
# three O edges start (clockwise) at N..NW, g..l the tails with O's tip at N..NW.
EDGES = {
    "a": "OOOXXX", "b": "XOOOXX", "c": "XXOOOX", "d": "XXXOOO", "e": "OXXXOO", "f": "OOXXXO",
    "g": "OXOXOX", "h": "XOXOXO", "i": "OXOXOX", "j": "XOXOXO", "k": "OXOXOX", "l": "XOXOXO",
}


@pytest.mark.parametrize("letter", sorted(EDGES))
def test_the_twelve_orientations_edge_colours(letter: str) -> None:
    assert "".join(edge_colours(letter)) == EDGES[letter]


def test_cross_set_has_shoulders_and_two_tails() -> None:
    assert letters(True) == "abcdefgh"
    assert letters(False) == "abcdefghijkl"
    assert "".join(edge_colours("g", cross=True)) == "OXOXOX"   # O on N, SE, SW
    assert "".join(edge_colours("h", cross=True)) == "XOXOXO"   # O on NE, S, NW
    with pytest.raises(ValueError, match="no orientation 'i'"):
        edge_colours("i", cross=True)


def test_opposite_edges_always_differ() -> None:
    for cross in (False, True):
        for letter in letters(cross):
            colours = edge_colours(letter, cross)
            assert all(colours[d] != colours[d + 3] for d in range(3)), letter


def test_shoulder_regions_are_two_bands_of_three_edges() -> None:
    assert regions("a") == (Region("O", (0, 1, 2), "shoulder"), Region("X", (3, 4, 5), "shoulder"))
    assert regions("f") == (Region("O", (0, 1, 5), "shoulder"), Region("X", (2, 3, 4), "shoulder"))


def test_tails_regions_as_the_help_page_draws_them() -> None:
    # g: the x arc joins NW and NE, the o arc SW and SE, the o tip is N and the x tip S.
    assert regions("g") == (Region("O", (2, 4), "arc"), Region("O", (0,), "tip", 0),
                            Region("X", (1, 5), "arc"), Region("X", (3,), "tip", 3))
    # j: O's tip on S, so X's tip on N; each arc joins the edges either side of the other tip.
    assert regions("j") == (Region("O", (1, 5), "arc"), Region("O", (3,), "tip", 3),
                            Region("X", (2, 4), "arc"), Region("X", (0,), "tip", 0))
    for letter in "ghijkl":
        tips = [r.tip for r in regions(letter) if r.kind == "tip" and r.tip is not None]
        assert tips[1] == (tips[0] + 3) % 6   # the two tips sit on opposite edges


def test_cross_tails_join_each_tip_to_its_arc() -> None:
    assert regions("g", True) == (Region("O", (0, 2, 4), "joined", 0),
                                  Region("X", (1, 3, 5), "joined", 3))
    assert regions("h", True) == (Region("O", (1, 3, 5), "joined", 1),
                                  Region("X", (0, 2, 4), "joined", 4))
    for letter in letters(True):
        assert all(len(r.edges) == 3 for r in regions(letter, True))


def test_every_region_list_covers_the_six_edges_once_in_its_colour() -> None:
    for cross in (False, True):
        for letter in letters(cross):
            colours = edge_colours(letter, cross)
            edges = sorted(d for r in regions(letter, cross) for d in r.edges)
            assert edges == list(range(6))
            assert all(colours[d] == r.colour for r in regions(letter, cross) for d in r.edges)


def _fits(cross: bool, sides: dict[int, str]) -> list[str]:
    """The orientations matching closed sides {edge: colour}, straight from edge_colours."""
    return [letter for letter in letters(cross)
            if all(edge_colours(letter, cross)[d] == c for d, c in sides.items())]


def _engine_fits(cross: bool, sides: dict[int, str]) -> list[str]:
    ts = tileset(cross)
    key = sum(1 << (d + 6) | (c == "O") << d for d, c in sides.items())
    return list(ts.fit_letters[ts.fits[key]])


@pytest.mark.parametrize("cross", [False, True])
def test_three_neighbouring_closed_sides_not_alternating_have_exactly_one_fit(cross: bool
                                                                              ) -> None:
    for first in range(6):
        edges = [first, (first + 1) % 6, (first + 2) % 6]
        for colours in itertools.product("OX", repeat=3):
            sides = dict(zip(edges, colours))
            found = _engine_fits(cross, sides)
            assert found == _fits(cross, sides)
            alternating = colours in (("O", "X", "O"), ("X", "O", "X"))
            if alternating:
                # several tails by default, only one with -cross
                assert len(found) == (1 if cross else 3), (sides, found)
                assert all(letter not in "abcdef" for letter in found)
            else:
                assert len(found) == 1, (sides, found)


@pytest.mark.parametrize("cross", [False, True])
def test_a_place_with_one_closed_side_fits_several_tiles(cross: bool) -> None:
    """A new place (one closed side) is always numbered and never an auto move: laying a
    tile adds such places without looking them up."""
    ts = tileset(cross)
    for d in range(6):
        for colour in (0, 1):
            key = 1 << (d + 6) | colour << d
            assert ts.fits[key].bit_count() >= 2 and not ts.lone_fit[key]


def test_fit_table_agrees_with_the_edge_colours_for_every_key() -> None:
    for cross in (False, True):
        for closed in range(64):
            edges = [d for d in range(6) if closed >> d & 1]
            for colours in itertools.product("OX", repeat=len(edges)):
                sides = dict(zip(edges, colours))
                assert _engine_fits(cross, sides) == _fits(cross, sides)


# ---- options and the opening -------------------------------------------------------------

def test_opening_tile_and_first_places_numbered_in_reading_order() -> None:
    state = new()
    assert state.sides == ("X", "O")   # the first seat makes the first recorded move
    assert state.to_move == "X"
    assert [(t.coord, t.letter, t.ply, t.auto) for t in state.placed()] == [((0, 0), "a", 0, False)]
    # by y then x: N, NW, NE, SW, SE, S
    assert state.places() == ((0, -2), (-1, -1), (1, -1), (-1, 1), (1, 1), (0, 2))
    assert state.pool_left == 49
    # a shows O on N: place 1 takes the six orientations with O on S
    assert state.fitting((0, -2)) == ("b", "c", "d", "h", "j", "l")
    assert len(state.legal_moves()) == 36
    assert "--" not in state.legal_moves()
    assert isinstance(state, TilePosition)


def test_start_tip_opens_with_g_and_options_are_refused_clearly() -> None:
    assert new("-start_tip").placed()[0].letter == "g"
    assert new("-start_joint").placed()[0].letter == "a"
    assert new("-tails").cross is False
    with pytest.raises(OptionError, match="-cross and -tails"):
        new("-cross -tails")
    with pytest.raises(OptionError, match="-start_tip and -start_joint"):
        new("-start_tip -start_joint")
    with pytest.raises(OptionError, match="out of range"):
        new("-num_tiles=1")
    with pytest.raises(OptionError, match="dragons has no option -end_first"):
        new("-end_first")
    with pytest.raises(OptionError, match="for 2 players"):
        registry.new_game("dragons", "", 3)


def test_cross_moves_use_eight_letters() -> None:
    state = new("-cross")
    assert {m[0] for m in state.legal_moves()} <= set("abcdefgh")
    # one closed side: three shoulders and one tail fit
    assert len(state.legal_moves()) == 6 * 4
    with pytest.raises(MoveError, match="no orientation i: the -cross tiles are a to h"):
        state.play("i1")


# ---- refusals ----------------------------------------------------------------------------

@pytest.mark.parametrize("text, reason", [
    ("3d", "a move is an orientation letter and a place number, such as d3"),
    ("d", "a move is an orientation letter and a place number, such as d3"),
    ("dd3", "a move places one tile: dd is 2 letters; write one orientation letter and a "
            "place number, such as d3"),
    ("m3", "there is no orientation m: the tiles are a to l"),
    ("d0", "there is no place 0: the places are numbered 1 to 6"),
    ("d7", "there is no place 7: the places are numbered 1 to 6"),
    ("d007", "there is no place 7: the places are numbered 1 to 6"),
    ("d" + "9" * 30, f"there is no place {'9' * 30}: the places are numbered 1 to 6"),
    ("a1", "tile a does not fit at place 1: its S edge is X but the tile to the south "
           "shows O on its N edge"),
    ("--", "there is no voluntary pass in this game: you may pass only when you have no "
           "legal move"),
    ("pass", "there is no voluntary pass in this game: you may pass only when you have no "
             "legal move"),
    ("swap", "there is no swap in this game"),
])
def test_refused_moves_change_nothing(text: str, reason: str) -> None:
    state = new()
    before = snapshot(state)
    with pytest.raises(MoveError) as error:
        state.play(text)
    assert error.value.reason == reason
    assert snapshot(state) == before


def test_moves_are_case_insensitive_and_canonical() -> None:
    state = new()
    assert state.play(" D1 ") == "d1"
    assert state.moves == ["d1"]
    assert state.to_move == "O"


def test_refusal_and_fitting_for_the_view() -> None:
    state = new()
    assert state.refusal((0, 0)) == "a tile is already there"
    assert state.refusal((0, -4)) == "a tile must touch a tile already on the table"
    assert state.refusal((0, -2)) == ""
    assert state.fitting((0, 0)) == () and state.fitting((5, 5)) == ()
    assert state.move_text("d", (0, -2)) == "d1"
    assert state.move_cells("d1") == ("0,-2",)
    assert state.move_cells("d9") == () and state.move_cells("Resign") == ()
    assert state.move_cells("d" + "9" * 5000) == ()     # no int conversion of huge numbers
    assert parse_coord(coord_text((3, -1))) == (3, -1)
    with pytest.raises(ValueError):
        state.move_text("d", (0, -4))


def test_opposite_closed_sides_of_one_colour_block_a_place() -> None:
    # a at (0, 0) shows X on S; c at (0, 4) shows X on N: (0, 2) between them fits nothing
    state = DragonsState.arranged([((0, 0), "a"), ((1, 1), "e"), ((1, 3), "b"), ((0, 4), "c")])
    assert edge_colours("a")[3] == "X" and edge_colours("c")[0] == "X"
    assert state.matching((0, 2)) == ()
    assert (0, 2) not in state.places()
    assert state.refusal((0, 2)) == ("no tile fits here: the tiles to the north and to the "
                                     "south both show X, and opposite edges of a tile always "
                                     "differ")


def test_arranged_refuses_inconsistent_positions() -> None:
    with pytest.raises(ValueError, match="not a cell"):
        DragonsState.arranged([((0, 1), "a")])
    with pytest.raises(ValueError, match="does not touch"):
        DragonsState.arranged([((0, 0), "a"), ((0, 4), "a")])
    with pytest.raises(ValueError, match="does not match"):
        DragonsState.arranged([((0, 0), "a"), ((0, -2), "a")])


# ---- the help page's examples ------------------------------------------------------------

AUTO_EXAMPLE = """\
                  1

           2    .-x-.    3
               xxx ooo
    4    .-o-.( x b o )
        xxxxxxxxxx ooo
       (   g   )+-o-+    5
        oooooooooooooo
    6    +-x-+(   f   )
        xxxxxxxxxxxxxx
       (   c   )`-x-'    7
        ooooooo
    8    `-o-'    9

           10

pool: 46 of 50 tiles left"""


def test_help_page_auto_move_example() -> None:
    """The help page's "move a creates an auto move b": g over c, then b to the upper right
    makes the lower-right place a three-sided non-alternating gap, filled by f."""
    state = play_all(new("-start_tip"), ["c6"])
    assert [t.letter for t in state.placed()] == ["g", "c"]
    assert state.matching((1, 1)) != ("f",)          # not forced before move a
    move = f"b{number_of(state, (1, -1))}"
    assert move == "b3"
    state.play(move)
    assert [(t.coord, t.letter, t.auto) for t in state.tiles_of_move(2)] == [
        ((1, -1), "b", False), ((1, 1), "f", True)]
    assert state.render() == AUTO_EXAMPLE


GAP_EXAMPLE = """\
                  1

           2    .-x-.    3
               xxx ooo
    4    .-x-.( x b o )
        ooo xxxxxx ooo
       ( o d x )`-o-'    5
        ooo xxx
    6    +-o-+   [7]
        xxx ooo
       ( x a o )
        xxx ooo
    8    `-x-'    9

           10

pool: 47 of 50 tiles left
gap: play at 7"""


def test_help_page_gap_example() -> None:
    """The help page's gap g: d over a, b to the upper right; the place below b has three
    closed sides of alternating colours, so three tails fit and the player must play there."""
    state = play_all(new(), ["d1"])
    state.play(f"b{number_of(state, (1, -3))}")
    gap = (1, -1)
    assert state.required_places() == frozenset({gap})
    assert state.fitting(gap) == ("g", "i", "k")
    assert state.legal_moves() == ["g7", "i7", "k7"]
    assert state.render() == GAP_EXAMPLE
    before = snapshot(state)
    with pytest.raises(MoveError) as error:
        state.play("a1")
    assert error.value.reason == "a gap must be filled first: play at place 7"
    assert snapshot(state) == before
    assert state.refusal((0, -4)) == "a gap must be filled first: play at place 7"
    assert state.fitting((0, -4)) == ()
    assert state.matching((0, -4)) != ()       # it matches, but the gap comes first
    state.play("i7")
    assert state.required_places() == frozenset()


def test_gap_duty_with_cross_tiles_becomes_an_auto_move() -> None:
    """The same three alternating sides admit one -cross tail: it is filled automatically."""
    state = play_all(new("-cross"), ["d1"])
    state.play(f"b{number_of(state, (1, -3))}")
    assert state.tile_at((1, -1)) == "g"
    assert state.tiles_of_move(2)[-1].auto


# ---- auto moves --------------------------------------------------------------------------

CHAIN_GAME = ["c4", "f2", "c2", "h7", "j8", "k10", "i14", "i11", "e4", "h4", "j16", "a19",
              "h14", "j16", "k18"]


def test_chains_of_auto_moves_in_reading_order() -> None:
    """Replays a game and rebuilds every move tile by tile: each auto tile went to the first
    place in reading order that had exactly one fit at that moment (which may exist only
    because of the auto tile before it)."""
    state = new()
    chained = 0
    for move in CHAIN_GAME:
        before = list(state.placed())
        state.play(move)
        tiles = state.tiles_of_move(state.ply)
        laid = [(t.coord, t.letter) for t in before]
        laid.append((tiles[0].coord, tiles[0].letter))
        for auto in tiles[1:]:
            position = DragonsState.arranged(laid)
            singles = [c for c in position.places() if len(position.matching(c)) == 1]
            assert singles and singles[0] == auto.coord
            assert position.matching(auto.coord) == (auto.letter,)
            if len(laid) > len(before) + 1:
                earlier = DragonsState.arranged(laid[:len(before) + 1])
                if len(earlier.matching(auto.coord)) != 1:
                    chained += 1          # this one was forced by an earlier auto tile
            laid.append((auto.coord, auto.letter))
        position = DragonsState.arranged(laid)
        assert not [c for c in position.places() if len(position.matching(c)) == 1]
    assert sum(len(state.tiles_of_move(p)) - 1 for p in range(1, state.ply + 1)) > 15
    assert chained >= 1
    assert len(state.tiles_of_move(15)) == 4      # k18 and three auto tiles


def test_pool_running_out_during_auto_moves_stops_them() -> None:
    state = play_all(new("-num_tiles=8"), ["b1", "l2", "e9"])
    assert state.pool_left == 2
    state.play("h12")
    assert [t.auto for t in state.tiles_of_move(4)] == [False, True]
    assert state.pool_left == 0
    waiting = [c for c in state.places() if len(state.matching(c)) == 1]
    assert waiting == [(-1, 1)]              # it would have been filled with a tile left
    outcome = state.outcome()
    assert outcome.status == "draw" and state.to_move is None
    assert "the pool is empty" in outcome.reason
    assert state.legal_moves() == []


# ---- loops and the win -------------------------------------------------------------------

# Six shoulders around (0, 0), each with its O band facing the centre: an O loop of six.
O_RING = [((0, -2), "c"), ((1, -1), "d"), ((1, 1), "e"), ((0, 2), "f"), ((-1, 1), "a"),
          ((-1, -1), "b")]


def test_a_six_tile_loop_wins_when_its_last_tile_is_played() -> None:
    state = DragonsState.arranged(O_RING[:5])
    assert state.longest_loops() == {"O": 0, "X": 0}
    assert state.to_move == "X"
    last = O_RING[5]
    state.play(f"{last[1]}{number_of(state, last[0])}")
    outcome = state.outcome()
    assert state.longest_loops()["O"] == 6
    assert outcome.status == "win" and outcome.winner == "O"   # X's move closed O's loop
    assert set(outcome.chain) == {coord_text(c) for c, _ in O_RING}
    chain = [parse_coord(t) for t in outcome.chain]
    for a, b in zip(chain, chain[1:] + chain[:1]):           # the loop runs tile to tile
        assert b in {neighbour(a, d) for d in range(6)}
    assert "O closed a loop of 6 tiles" in outcome.reason
    assert state.to_move is None and state.legal_moves() == []


def test_loops_of_three_and_four_do_not_win() -> None:
    # three shoulders around the vertex east of (0, 0), O bands turning around it
    three = DragonsState.arranged([((0, 0), "a"), ((1, -1), "c"), ((1, 1), "f")])
    assert three.longest_loops()["O"] == 3
    assert three.loop_tiles("O") and not three.outcome().over
    state = play_all(new(), CHAIN_GAME)
    assert state.longest_loops() == {"O": 4, "X": 4}
    assert not state.outcome().over


BOTH_WIN_GAME = ["i4", "i3", "h2", "g4", "h8", "c5", "l13", "a5", "j9", "j1", "b11", "c15",
                 "g19", "k12"]


def test_both_players_closing_loops_in_one_move_the_longer_wins() -> None:
    state = play_all(new(), BOTH_WIN_GAME[:-1])
    assert max(state.longest_loops().values()) < 6
    state.play(BOTH_WIN_GAME[-1])
    assert state.longest_loops() == {"O": 14, "X": 7}
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "O")
    assert len(outcome.chain) == 14
    assert outcome.reason.startswith("O closed a loop of 14 tiles (X's longest loop: 7")


BOTH_DRAW_GAME = ("-cross", ["e3", "g6", "d10", "h10", "d12", "f3", "a12"])


def test_both_players_closing_equal_loops_in_one_move_draw() -> None:
    options, moves = BOTH_DRAW_GAME
    state = play_all(new(options), moves[:-1])
    assert max(state.longest_loops().values()) < 6
    state.play(moves[-1])
    loops = state.longest_loops()
    assert loops["O"] == loops["X"] >= 6
    outcome = state.outcome()
    assert outcome.status == "draw" and outcome.winner is None
    assert outcome.reason.startswith(f"both players closed a loop of {loops['O']} tiles")


def _longest_cycle_oracle(state: DragonsState, side: str) -> int:
    """The longest loop by brute force over the tiles' own regions (independent of the
    engine's search): every simple cycle of the graph whose nodes are tiles with a
    loop region of `side` and whose links are shared edges inside those regions."""
    cross = state.cross
    tiles = {t.coord: t.letter for t in state.placed()}
    loop_edges = {}
    for coord, letter in tiles.items():
        edges = [r.edges for r in regions(letter, cross) if r.colour == side and r.kind != "tip"]
        loop_edges[coord] = set(edges[0]) if edges else set()
    links = {c: [neighbour(c, d) for d in loop_edges[c]
                 if neighbour(c, d) in tiles and (d + 3) % 6 in loop_edges[neighbour(c, d)]]
             for c in tiles}
    best = 0

    def walk(start: Coord, here: Coord, seen: set[Coord]) -> None:
        nonlocal best
        for nxt in links[here]:
            if nxt == start and len(seen) >= 3:
                best = max(best, len(seen))
            elif nxt not in seen and nxt > start:   # each cycle from its smallest tile
                walk(start, nxt, seen | {nxt})

    for start in tiles:
        walk(start, start, {start})
    return best


@pytest.mark.parametrize("options", ["", "-cross", "-start_tip", "-tantrix -num_tiles=25"])
def test_longest_loops_agree_with_brute_force(options: str) -> None:
    rng = random.Random(11)
    for _ in range(12):
        state = new(options)
        while state.to_move:
            state.play(rng.choice(state.legal_moves()))
            if state.ply % 4 == 0 or state.to_move is None:
                for side in "OX":
                    assert state.longest_loops()[side] == _longest_cycle_oracle(state, side)


def test_no_loop_has_five_tiles() -> None:
    rng = random.Random(3)
    seen: set[int] = set()
    for _ in range(60):
        state = new()
        while state.to_move:
            state.play(rng.choice(state.legal_moves()))
            seen.update(state.longest_loops().values())
    assert 5 not in seen and {3, 4} <= seen


def test_win_test_waits_for_the_auto_moves() -> None:
    """In BOTH_WIN_GAME the deciding move's loops are closed by its auto tiles too: the win
    is decided only once they are all laid."""
    state = play_all(new(), BOTH_WIN_GAME)
    last = state.tiles_of_move(state.ply)
    assert any(t.auto for t in last)
    loop_o = {parse_coord(c) for c in state.outcome().chain}
    assert loop_o & {t.coord for t in last if t.auto}


# ---- -tantrix ----------------------------------------------------------------------------

def _dragon_oracle(state: DragonsState) -> dict[str, int]:
    """Each side's best dragon, recomputed from scratch: nodes are tile regions (a tails
    tile's arc and tip are two), links are shared edges; holes = links - regions + 1,
    doubled when no region edge of the dragon faces an empty cell."""
    cross = state.cross
    tiles = {t.coord: t.letter for t in state.placed()}
    node_of = {}
    for coord, letter in tiles.items():
        for r, region in enumerate(regions(letter, cross)):
            for d in region.edges:
                node_of[(coord, d)] = (coord, r)
    best = {"O": 0, "X": 0}
    seen: set[tuple[Coord, int]] = set()
    for coord, letter in tiles.items():
        for r, region in enumerate(regions(letter, cross)):
            if (coord, r) in seen:
                continue
            stack, nodes, links, open_edges = [(coord, r)], set(), 0, 0
            seen.add((coord, r))
            while stack:
                here, index = stack.pop()
                nodes.add((here, index))
                for d in regions(tiles[here], cross)[index].edges:
                    other = neighbour(here, d)
                    if other not in tiles:
                        open_edges += 1
                        continue
                    links += 1
                    node = node_of[(other, (d + 3) % 6)]
                    if node not in seen:
                        seen.add(node)
                        stack.append(node)
            holes = links // 2 - len(nodes) + 1
            best[region.colour] = max(best[region.colour], holes * (2 if not open_edges else 1))
    return best


def test_tantrix_hole_count_with_a_tails_tile_arc_and_tip_in_one_dragon() -> None:
    """g at (0, 0): O tip on N, O arc SE-SW. Around its east side, O bands run from the tip
    (through (0, -2), (1, -1), (1, 1)) back into the arc, and on to (0, 2) and (-1, 1),
    which joins the arc's other end: one dragon holding both the tip and the arc of g.
    The tails tiles h and j add only their arcs (their tips face empty cells).
    Regions: tip, arc, and one O region on each of the 5 other tiles = 7; shared O edges:
    tip-(0,-2), (0,-2)-(1,-1), (1,-1)-(1,1), (1,1)-arc, (1,1)-(0,2), (0,2)-(-1,1),
    (-1,1)-arc = 7. Holes = 7 - 7 + 1 = 1 (it would be 2 if g counted as one region)."""
    tiles = [((0, 0), "g"), ((0, -2), "b"), ((1, -1), "h"), ((1, 1), "e"), ((0, 2), "j"),
             ((-1, 1), "a")]
    state = DragonsState.arranged(tiles, {"tantrix": True})
    assert _dragon_oracle(state) == state.dragon_scores()
    assert state.dragon_scores()["O"] == 1
    outcome = state.outcome()
    assert outcome.scores == {"O": 1, "X": 0} and not outcome.over


def test_tantrix_closed_dragon_scores_double() -> None:
    state = DragonsState.arranged(O_RING, {"tantrix": True})
    # the ring's O bands all face the empty centre: open, one hole
    assert state.dragon_scores()["O"] == 1
    assert state.matching((0, 0)) == ()          # six O edges: nothing can close it


def test_tantrix_dragons_agree_with_recount_and_decide_at_the_end() -> None:
    rng = random.Random(5)
    results = set()
    for options in ("-tantrix", "-tantrix -cross", "-tantrix -num_tiles=20"):
        for _ in range(6):
            state = new(options)
            while state.to_move:
                state.play(rng.choice(state.legal_moves()))
                assert state.dragon_scores() == _dragon_oracle(state)
            outcome = state.outcome()
            assert state.pool_left == 0
            scores = state.dragon_scores()
            assert outcome.scores == scores
            if scores["O"] == scores["X"]:
                assert outcome.status == "draw"
            else:
                assert outcome.winner == max(scores, key=lambda s: scores[s])
            results.add(outcome.status)
    assert "win" in results


def test_tantrix_loops_do_not_end_the_game() -> None:
    state = DragonsState.arranged(O_RING, {"tantrix": True})
    assert state.longest_loops()["O"] == 6
    assert not state.outcome().over and state.to_move == "X"


# ---- copies, random games, rendering -------------------------------------------------

def test_copy_is_independent() -> None:
    state = play_all(new(), CHAIN_GAME[:5])
    clone = state.copy()
    assert isinstance(clone, DragonsState)
    before = snapshot(state)
    clone.play(clone.legal_moves()[0])
    assert snapshot(state) == before
    assert clone.ply == state.ply + 1


def test_copy_shares_no_container() -> None:
    """`DragonsState.copy` and `Table.copy` name the fields they copy: a field added later
    must be in them."""
    state = play_all(new("-tantrix"), CHAIN_GAME[:5])
    clone = state.copy()
    for copied, original in ((clone, state), (clone._table, state._table)):
        assert copied.__dict__.keys() == original.__dict__.keys()
        for name, value in original.__dict__.items():
            if isinstance(value, (list, set, dict)):
                assert copied.__dict__[name] == value and copied.__dict__[name] is not value, name
    assert clone._table is not state._table
    assert all(a is not b for a, b in zip(clone._table.blocks, state._table.blocks))
    assert clone._table.dragons is not state._table.dragons


@pytest.mark.parametrize("options", ["", "-cross", "-start_tip", "-num_tiles=120"])
def test_each_sides_loop_is_the_first_longest_of_a_search_from_every_tile(options: str) -> None:
    """The loops are searched only where a tile's block could beat the side's longest, and
    only over those blocks: the same loop as searching the whole table as it was when each
    tile was laid, from that tile, keeping the first of the longest."""
    for seed in range(12):
        rng = random.Random(seed)
        state = new(options)
        while state.to_move:
            state.play(rng.choice(state.legal_moves()))
        order = {tile.coord: i for i, tile in enumerate(state.placed())}
        for s, side in enumerate(("O", "X")):
            longest: tuple[Coord, ...] = ()
            for i, tile in enumerate(state.placed()):
                loop, _ = state._table.longest_loop_through(tile.coord, s, (order, i + 1))
                if len(loop) > len(longest):
                    longest = loop
            assert state.loop_tiles(side) == longest


def test_random_games_replay_to_the_same_positions() -> None:
    rng = random.Random(8)
    for options in ("", "-cross", "-tantrix -start_tip", "-num_tiles=12"):
        state = new(options)
        while state.to_move:
            move = rng.choice(state.legal_moves())
            state.play(move)
        again = play_all(new(options), list(state.moves))
        assert again.placed() == state.placed() and again.render() == state.render()
        assert again.outcome() == state.outcome()


def test_render_marks_numbers_and_pool() -> None:
    text = new().render()
    assert "( x a o )" in text
    assert text.endswith("pool: 49 of 50 tiles left")
    for number in range(1, 7):
        assert f" {number}" in text
    assert DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")


# ---- the command line --------------------------------------------------------------------

def test_cli_check_and_show_on_a_bare_move_list(capsys: pytest.CaptureFixture[str],
                                                tmp_path) -> None:
    from megalith.rules import cli
    path = tmp_path / "gap.txt"
    path.write_text("dragons -num_tiles=30 alice bob\nD1\nb3\n")
    assert cli.main(["check", str(path), "--json", "--legal"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["players"] == ["alice", "bob"] and data["to_move"] == "X"
    assert data["legal"] == ["g7", "i7", "k7"]
    assert cli.main(["show", str(path)]) == 0
    shown = capsys.readouterr().out
    assert shown.rstrip("\n") == GAP_EXAMPLE.replace("47 of 50", "27 of 30")
    path.write_text("dragons\nd1\nb1\n")
    assert cli.main(["check", str(path), "--json"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert error["ply"] == 2 and error["move"] == "b1"
    assert error["reason"] == ("tile b does not fit at place 1: its S edge is O but the tile "
                               "to the south shows X on its N edge")


# ---- loops and dragons for the views (the LoopTilePosition contract) -----------------------

def test_the_ring_is_one_open_dragon_with_one_hole_and_its_loop() -> None:
    state = DragonsState.arranged(O_RING)
    assert isinstance(state, LoopTilePosition)
    (loop,) = state.loops()
    assert loop.colour == "O" and set(loop.tiles) == {c for c, _ in O_RING}
    assert loop.tiles == state.loop_tiles("O")
    o_dragons = [d for d in state.dragons() if d.colour == "O"]
    assert len(o_dragons) == 1
    (ring,) = o_dragons
    assert ring.holes == 1 and set(ring.tiles) == {c for c, _ in O_RING}
    # its O bands face the empty centre and nothing else: one cell to close, which no tile
    # can ever fill
    assert ring.open_cells == ((0, 0),) and not ring.closed and ring.score == 1
    assert state.matching((0, 0)) == ()


def test_dragons_without_a_hole_are_not_listed() -> None:
    state = new()
    assert state.dragons() == () and state.loops() == ()


@pytest.mark.parametrize("options", ["", "-cross", "-num_tiles=30"])
def test_dragons_agree_with_the_recount_at_every_move(options: str) -> None:
    """Each side's best dragon score from `dragons()` is the independent recount's, and
    each open cell is an empty cell next to one of the dragon's tiles."""
    rng = random.Random(26)
    for _ in range(4):
        state = new(options)
        while state.to_move:
            state.play(rng.choice(state.legal_moves()))
            best = {"O": 0, "X": 0}
            tiles = {t.coord for t in state.placed()}
            for dragon in state.dragons():
                best[dragon.colour] = max(best[dragon.colour], dragon.score)
                assert dragon.holes >= 1 and set(dragon.tiles) <= tiles
                for cell in dragon.open_cells:
                    assert cell not in tiles
                    assert any(neighbour(cell, d) in dragon.tiles for d in range(6))
            assert best == _dragon_oracle(state)
            assert {loop.colour: len(loop.tiles) for loop in state.loops()} == {
                side: n for side, n in state.longest_loops().items() if n}
