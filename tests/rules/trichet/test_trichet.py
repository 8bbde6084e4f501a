"""Trichet: the tiles and their letters, the opening, numbering, auto moves, regions and the
win, options, refusals and the text drawing.

The pictures of pbmserv's help page are copied here verbatim (the mail's
indentation removed) and the engine's drawing is compared with them character for character.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from megalith.rules import registry
from megalith.rules.contracts import PlacedTile, RegionTilePosition, TilePosition
from megalith.rules.protocol import MoveError, OptionError
from megalith.rules.trichet.game import TrichetState
from megalith.rules.trichet.text import draw
from megalith.rules.trichet.tiles import (CORNER_COLOURS, DOT, FITS, LETTERS, ODD_CORNER, OH, corners,
                                 edge_neighbours, letter_for, reading_key, triangles_at)

FRONT = """\
    +
   ooo
  ooooo
 /.....\\
+-------+"""

BACK = """\
    +
   /.\\
  /...\\
 ooooooo
+ooooooo+"""

START = """\
    +
   ooo
  ooooo
 /.....\\
+-------+
 \\...../
  ooooo
   ooo
    +"""

# The auto-move example: the move (left, with the two forced places p and q) and the result
# (right, with the help page's tile r one triangle too far to the right; docs/rules/trichet.md).
AUTO_LEFT = """\
    +       +
   ooo  p  ooo  q
  ooooo   /.ooo
 /.....\\ /...ooo
+-------+----ooo+
 \\...../
  ooooo
   ooo
    +"""

AUTO_RIGHT = """\
                +
               /.\\
              /...\\
             ooooooo
    +ooooooo+ooo----+
   ooooooooooooo.../
  ooooo.../.ooooo./
 /.....\\./...ooooo
+-------+----ooo+
 \\...../
  ooooo
   ooo
    +"""

# "Dot wins the following game".
DOT_WINS = """\
                        +
                       /.\\
                      /...\\
                     ooooooo
            +----ooo+ooooooo+ooo----+
           /.\\...ooooooooooooooo.../
          /...\\.ooooo.\\.../.ooooo./
         ooooooooooo...\\./...ooooo
+----ooo+ooooooo+ooo----+----ooo+
 \\...ooooooooooooooo.../.\\...ooooo
  \\.ooooo.\\...ooooo.../...o.ooooo.\\
   ooooo...\\./.....\\./...ooooooo...\\
    +ooo----+-------+----ooo+ooo----+
   ooooo.../.\\...../.\\...ooooooo.../.\\
  /.ooooo./...ooooo...\\.ooooo.o.../...o
 /...ooooooooooooooooooooooo...\\./...ooo
+----ooo+ooooooo+ooooooo+ooo----+----ooo+
         ooooooooooooooo
          \\...ooooo.../
           \\./.....\\./
            +-------+
             \\...../
              ooooo
               ooo
                +"""

# The tiles of that picture, read off it (every tile's letter is the only one whose drawing
# matches the picture).
DOT_WINS_TILES = {
    (2, -4): "d", (-1, -3): "d", (0, -3): "e", (1, -3): "e", (2, -3): "d", (3, -3): "f",
    (4, -3): "f", (-3, -2): "e", (-2, -2): "e", (-1, -2): "d", (0, -2): "a", (1, -2): "b",
    (2, -2): "b", (3, -2): "e", (4, -2): "e", (-3, -1): "f", (-2, -1): "f", (-1, -1): "d",
    (0, -1): "a", (1, -1): "d", (2, -1): "e", (3, -1): "e", (4, -1): "b", (5, -1): "b",
    (-1, 0): "d", (0, 0): "a", (1, 0): "d", (0, 1): "a"}

# Oh's point (0, 0) ringed by six arcs: every tile around it has it as its odd corner.
RING = {(-1, -1): "b", (0, -1): "a", (1, -1): "c", (-1, 0): "c", (0, 0): "a", (1, 0): "b"}
# Oh's points (0, 0) and (2, 0) joined by the tiles (1, -1) and (1, 0), ringed by arcs.
TWO_POINTS = {(-1, -1): "b", (0, -1): "a", (1, -1): "d", (-1, 0): "c", (1, 0): "d",
              (2, -1): "a", (3, -1): "c", (2, 0): "a", (3, 0): "b"}
# Dot's point (6, 0) ringed by six arcs.
DOT_RING = {(5, -1): "e", (6, -1): "d", (7, -1): "f", (5, 0): "f", (6, 0): "d", (7, 0): "e"}


def new(parameters: str = "") -> TrichetState:
    state = registry.new_game("trichet", parameters)
    assert isinstance(state, TrichetState)
    return state


def place_of(state: TrichetState, tri: tuple[int, int]) -> int:
    return state.places().index(tri) + 1


def without(tiles: dict, tri: tuple[int, int]) -> dict:
    return {t: letter for t, letter in tiles.items() if t != tri}


def unchanged(state: TrichetState):
    """What a refused move must leave as it was."""
    return (state.render(), state.legal_moves(), state.placed(), state.ply, state.pool_left,
            state.outcome())


# ---- tiles, letters and geometry ----------------------------------------------------------

def test_front_and_back_are_the_letters_a_and_d_as_drawn_on_the_help_page() -> None:
    assert draw({(0, 0): "a"}) == FRONT
    assert draw({(0, 0): "d"}) == BACK


def test_the_six_letters_colour_the_corners_clockwise_from_the_apex() -> None:
    assert CORNER_COLOURS == {"a": ("o", ".", "."), "b": (".", "o", "."), "c": (".", ".", "o"),
                              "d": (".", "o", "o"), "e": ("o", ".", "o"), "f": ("o", "o", ".")}
    for letter, colours in CORNER_COLOURS.items():
        assert len(set(colours)) == 2, "a tile is never all one colour"
        assert colours.count(colours[ODD_CORNER[letter]]) == 1
        assert colours[ODD_CORNER[letter]] == (OH if letter in "abc" else DOT)
        assert letter_for(colours) == letter
    with pytest.raises(ValueError):
        letter_for((OH, OH, OH))


def test_corners_and_neighbours_follow_the_rulings() -> None:
    assert corners((0, 0)) == ((0, 0), (1, 1), (-1, 1))  # up: apex, lower right, lower left
    assert corners((0, 1)) == ((0, 2), (-1, 1), (1, 1))  # down: bottom, upper left, upper right
    assert edge_neighbours((0, 0)) == ((-1, 0), (1, 0), (0, 1))
    assert edge_neighbours((0, 1)) == ((-1, 1), (1, 1), (0, 0))
    for point in [(0, 0), (3, 1), (-2, 4)]:
        around = triangles_at(point)
        assert len(set(around)) == 6
        assert all(point in corners(tri) for tri in around)
        assert list(around) == sorted(around, key=reading_key)


def test_a_tile_fits_when_it_agrees_with_every_fixed_corner() -> None:
    assert FITS[(None, None, None)] == tuple(LETTERS)
    assert FITS[(OH, None, None)] == ("a", "e", "f")
    assert FITS[(DOT, DOT, None)] == ("c",)  # two alike: one fit
    assert FITS[(DOT, OH, None)] == ("b", "d")  # two different: two fits
    assert FITS[(OH, DOT, OH)] == ("e",)  # three not alike: one fit
    assert FITS[(OH, OH, OH)] == FITS[(DOT, DOT, DOT)] == ()


# ---- the opening and the numbering ----------------------------------------------------------

def test_opening_position() -> None:
    state = new()
    assert state.sides == (DOT, OH) and state.to_move == DOT
    assert state.placed() == [PlacedTile((0, 0), "a", 0, False), PlacedTile((0, 1), "a", 0, False)]
    assert draw({tile.coord: tile.letter for tile in state.placed()}) == START
    assert [state.colour(p) for p in [(0, 0), (1, 1), (-1, 1), (0, 2)]] == [OH, DOT, DOT, OH]
    assert state.pool_left == 52
    assert state.places() == [(-1, -1), (0, -1), (1, -1), (-2, 0), (-1, 0), (1, 0), (2, 0),
                              (-2, 1), (-1, 1), (1, 1), (2, 1), (-1, 2), (0, 2), (1, 2)]
    assert len(state.legal_moves()) == 38 and "--" not in state.legal_moves()
    assert state.outcome().status == "ongoing"


def test_places_are_numbered_in_reading_order_and_named_by_move_text() -> None:
    state = new()
    places = state.places()
    assert places == sorted(places, key=lambda tri: (tri[1], tri[0]))
    assert state.move_text("f", (2, 0)) == "f7"
    assert state.fitting((2, 0)) == FITS[(None, None, DOT)] == ("a", "b", "f")
    assert state.move_cells("f7") == ("f7",)
    assert state.move_cells("--") == ()
    legal = state.legal_moves()
    assert legal == sorted(f"{letter}{k}" for k, tri in enumerate(places, 1)
                           for letter in state.fitting(tri))


def test_render_draws_the_tiles_and_numbers_every_place() -> None:
    assert new().render() == "\n".join([
        "        2",
        "",
        "    1       3",
        "        +",
        "    5  ooo  6",
        "      ooooo",
        "4    /.....\\    7",
        "    +-------+",
        "8    \\...../    11",
        "      ooooo",
        "    9  ooo  10",
        "        +",
        "    12      14",
        "",
        "        13"])


def test_the_help_pages_winning_picture_is_drawn_exactly() -> None:
    assert draw(DOT_WINS_TILES) == DOT_WINS


# ---- placing tiles and auto moves -------------------------------------------------------------

def test_the_help_pages_auto_move_example() -> None:
    state = new()
    assert draw({(0, 0): "a", (0, 1): "a", (2, 0): "f"}, {(1, 0): "p", (3, 0): "q"}) == AUTO_LEFT
    assert state.play(f"f{place_of(state, (2, 0))}") == "f7"
    own, autos = state.tiles_of_move(1)
    assert own == [PlacedTile((2, 0), "f", 1, False)]
    # r first (reading order: it fits one way as soon as f is down), then p, then q.
    assert autos == [PlacedTile((1, -1), "d", 1, True), PlacedTile((1, 0), "d", 1, True),
                     PlacedTile((3, 0), "f", 1, True)]
    drawn = draw({tile.coord: tile.letter for tile in state.placed()}).split("\n")
    picture = AUTO_RIGHT.split("\n")
    assert drawn[4:] == picture[4:]
    assert drawn[:4] == [line[8:] for line in picture[:4]]  # r: one triangle to the left
    assert state.pool_left == 54 - 6 and state.to_move == OH


def test_a_tile_may_touch_the_others_only_by_a_corner() -> None:
    state = new()
    assert all(state.tile(near) is None for near in edge_neighbours((1, -1)))
    assert state.fitting((1, -1)) == ("c", "d", "e")
    state.play(f"e{place_of(state, (1, -1))}")
    assert state.placed()[2] == PlacedTile((1, -1), "e", 1, False)


def test_auto_moves_repeat_until_no_triangle_has_one_fit() -> None:
    rng = random.Random(3)
    for _ in range(20):
        state = new()
        while state.to_move is not None:
            state.play(rng.choice(state.legal_moves()))
            if state.pool_left > 0:
                assert all(len(state.fitting(tri)) > 1 for tri in state.places())


def test_a_triangle_whose_corners_are_all_alike_is_never_a_place() -> None:
    state = TrichetState.from_tiles({(0, -1): "e", (1, 0): "d"})
    dead = (1, -1)
    assert [state.colour(p) for p in corners(dead)] == [OH, OH, OH]
    assert dead not in state.places() and state.fitting(dead) == ()
    assert state.refusal(dead) == ("its three corners are already all Oh's, and every tile "
                                   "has corners of both colours")
    assert state.refusal((9, 9)) == "a tile must touch a placed tile by an edge or a corner"
    assert state.refusal((0, 0)) == "a tile is already there"
    assert state.refusal(state.places()[0]) == ""


def test_a_region_touching_a_triangle_that_can_never_be_filled_never_closes() -> None:
    # Oh's points (0, 0), (2, 0) and (1, -1) form a region around the dead triangle (1, -1);
    # every other triangle touching them is filled by the move, and even -win_size=1 does not
    # end the game.
    tiles = {(0, -1): "e", (1, 0): "d", (2, -1): "f", (2, -2): "c", (3, -1): "c",
             (-1, -1): "b", (2, 0): "a", (0, -2): "b", (3, 0): "b", (-1, 0): "c"}
    state = TrichetState.from_tiles(tiles, win_size=1)
    state.play(f"a{place_of(state, (1, -2))}")
    around = {tri for point in [(0, 0), (2, 0), (1, -1)] for tri in triangles_at(point)}
    assert {tri for tri in around if state.tile(tri) is None} == {(1, -1)}
    assert state.outcome().status == "ongoing"


# ---- regions and the win ----------------------------------------------------------------------

def test_a_lone_point_ringed_by_six_arcs_closes_a_region_of_six_tiles() -> None:
    state = TrichetState.from_tiles(without(RING, (1, 0)))
    state.play(f"b{place_of(state, (1, 0))}")
    assert state.outcome().status == "ongoing"  # 6 tiles: no win at the default 10
    assert all(state.tile(tri) for tri in triangles_at((0, 0)))

    state = TrichetState.from_tiles(without(RING, (1, 0)), win_size=6)
    state.play(f"b{place_of(state, (1, 0))}")
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", OH)  # Dot's move, Oh's region
    assert outcome.reason == "Oh closed a region of 6 tiles (Dot's move closed it)"
    assert outcome.chain == ("p:0,0", "t:-1,-1", "t:0,-1", "t:1,-1", "t:-1,0", "t:0,0",
                             "t:1,0")
    assert state.to_move is None and state.legal_moves() == []
    assert state.places() == [] and state.fitting((0, 3)) == ()  # no place once it is over
    assert state.tile((0, 3)) is None and state.refusal((0, 3)) == "the game is over"


def test_two_joined_points_close_a_region_of_ten_tiles_and_win() -> None:
    state = TrichetState.from_tiles(without(TWO_POINTS, (3, 0)))
    state.play(f"b{place_of(state, (3, 0))}")
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", OH)
    assert outcome.reason == "Oh closed a region of 10 tiles (Dot's move closed it)"
    assert outcome.chain == ("p:0,0", "p:2,0", "t:-1,-1", "t:0,-1", "t:1,-1", "t:2,-1",
                             "t:3,-1", "t:-1,0", "t:0,0", "t:1,0", "t:2,0", "t:3,0")


def test_win_size_sets_the_smallest_winning_region() -> None:
    state = TrichetState.from_tiles(without(TWO_POINTS, (3, 0)), win_size=11)
    state.play(f"b{place_of(state, (3, 0))}")
    assert state.outcome().status == "ongoing"
    assert new("-win_size=6").win_size == 6 and new().win_size == 10


def test_closing_regions_of_both_colours_loses_for_the_mover() -> None:
    state = TrichetState.from_tiles({**without(RING, (1, 0)), **without(DOT_RING, (7, 0))},
                                    win_size=6)
    state.play(f"b{place_of(state, (1, 0))}")  # Dot closes Oh's ring; an auto move Dot's
    assert [t.coord for t in state.tiles_of_move(1)[1]].count((7, 0)) == 1
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", OH)
    assert outcome.reason == "Dot's move closed winning regions of both colours, so Dot loses"
    assert "p:0,0" in outcome.chain and "p:6,0" in outcome.chain


def test_an_empty_pool_without_a_winner_is_a_draw() -> None:
    state = new("-size=3")
    assert state.pool_left == 1
    state.play("a2")
    outcome = state.outcome()
    assert outcome.status == "draw" and outcome.winner is None
    assert outcome.reason == "the pool is empty and no region is closed"
    assert state.to_move is None


def test_auto_moves_stop_when_the_pool_is_empty() -> None:
    state = new("-size=5")
    state.play("f7")  # the help page's move: three auto moves due, room for two
    assert [t.coord for t in state.tiles_of_move(1)[1]] == [(1, -1), (1, 0)]
    assert state.pool_left == 0 and state.outcome().status == "draw"


# ---- options, refusals and the protocol ---------------------------------------------------------

def test_options() -> None:
    assert new().size == 54 and new("-size=20").pool_left == 18
    assert new("-num_tiles=30").size == 30
    assert new("-size=30 -num_tiles=30").size == 30


@pytest.mark.parametrize("parameters, message", [
    ("-size=2", "-size=2 is out of range (3 to 999)"),
    ("-win_size=0", "-win_size=0 is out of range (1 to 999)"),
    ("-size=20 -num_tiles=30", "-size and -num_tiles are the same option: give one of them"),
    ("-hex", "trichet has no option -hex (its options: -size -num_tiles -win_size)"),
])
def test_bad_options_are_refused(parameters: str, message: str) -> None:
    with pytest.raises(OptionError) as error:
        registry.new_game("trichet", parameters)
    assert str(error.value) == message


def test_three_players_are_refused() -> None:
    with pytest.raises(OptionError, match="trichet is for 2 players, not 3"):
        registry.new_game("trichet", "", 3)


@pytest.mark.parametrize("move, reason", [
    ("a6", "tile a puts Oh's colour on the bottom corner, which is already Dot's; "
           "here fit: b, d"),
    ("c7", "tile c puts Oh's colour on the lower left corner, which is already Dot's; "
           "here fit: a, b, f"),
    ("d15", "there is no place 15: the places are numbered 1 to 14 in this position"),
    ("a0", "there is no place 0: the places are numbered 1 to 14 in this position"),
    ("g3", "there is no tile g: the tiles are a, b, c (Oh's colour on one corner) and d, "
           "e, f (Dot's colour on one corner)"),
    ("3d", "a move is a tile letter a to f and a place number, as in d3"),
    ("d 3", "a move is a tile letter a to f and a place number, as in d3"),
    ("--", "there is no voluntary pass in this game: you may pass only when you have no legal "
           "move"),
    ("pass", "there is no voluntary pass in this game: you may pass only when you have no "
             "legal move"),
    ("swap", "there is no swap in this game"),
])
def test_illegal_moves_are_refused_with_a_reason_and_change_nothing(move: str, reason: str
                                                                    ) -> None:
    state = new()
    before = unchanged(state)
    with pytest.raises(MoveError) as error:
        state.play(move)
    assert error.value.reason == reason
    assert unchanged(state) == before


def test_moves_are_canonical_lower_case() -> None:
    state = new()
    assert state.play(" F07 ") == "f7" and state.moves == ["f7"]


def test_resign_ends_the_game() -> None:
    state = new()
    state.play("Resign")
    assert state.outcome().winner == OH


def test_the_position_meets_the_tile_contract_and_copies_are_independent() -> None:
    state = new()
    assert isinstance(state, TilePosition)
    assert state.required_places() == frozenset()
    clone = state.copy()
    clone.play("f7")
    assert len(state.placed()) == 2 and len(clone.placed()) == 6
    assert state.places() != clone.places() and state.colour((4, 0)) is None


# ---- random games against a plain re-reading of the rules ------------------------------------------

def _brute_places(state: TrichetState) -> dict[tuple[int, int], tuple[str, ...]]:
    """Every empty triangle touching a placed tile by an edge or a corner that a letter fits,
    with its letters, read from the tiles alone."""
    tiles = {tile.coord: tile.letter for tile in state.placed()}
    colour: dict[tuple[int, int], str] = {}
    for tri, letter in tiles.items():
        for point, c in zip(corners(tri), CORNER_COLOURS[letter]):
            assert colour.setdefault(point, c) == c, "tiles disagree at a corner"
    found = {}
    for point in colour:
        for tri in triangles_at(point):
            if tri not in tiles:
                fixed = [colour.get(p) for p in corners(tri)]
                fits = tuple(l for l in LETTERS
                             if all(f is None or f == c
                                    for f, c in zip(fixed, CORNER_COLOURS[l])))
                if fits:
                    found[tri] = fits
    return found


def _brute_winning_colours(state: TrichetState) -> set[str]:
    """The colours of closed regions of at least win_size tiles, by union-find over every
    tile's two same-coloured corners."""
    tiles = {tile.coord: tile.letter for tile in state.placed()}
    parent: dict = {}

    def find(p):
        parent.setdefault(p, p)
        while parent[p] != p:
            p = parent[p]
        return p
    colour: dict[tuple[int, int], str] = {}
    for tri, letter in tiles.items():
        cs = corners(tri)
        for p, c in zip(cs, CORNER_COLOURS[letter]):
            colour[p] = c
            find(p)
        pair = [p for i, p in enumerate(cs) if i != ODD_CORNER[letter]]
        parent[find(pair[0])] = find(pair[1])
    regions: dict = {}
    for p in colour:
        regions.setdefault(find(p), set()).add(p)
    won = set()
    for points in regions.values():
        around = {tri for p in points for tri in triangles_at(p)}
        if all(tri in tiles for tri in around) and len(around) >= state.win_size:
            won.add(colour[next(iter(points))])
    return won


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32), size=st.sampled_from([3, 12, 30, 54]),
       win_size=st.sampled_from([1, 6, 10]))
def test_random_games_agree_with_a_plain_reading_of_the_rules(seed: int, size: int,
                                                             win_size: int) -> None:
    rng = random.Random(seed)
    state = new(f"-size={size} -win_size={win_size}")
    while state.to_move is not None:
        brute = _brute_places(state)
        assert state.places() == sorted(brute, key=reading_key)
        assert all(state.fitting(tri) == fits for tri, fits in brute.items())
        assert len(state.legal_moves()) == sum(len(fits) for fits in brute.values())
        mover = state.to_move
        state.play(rng.choice(state.legal_moves()))
        won = _brute_winning_colours(state)
        outcome = state.outcome()
        if len(won) == 2:
            assert outcome.winner == (OH if mover == DOT else DOT)
        elif won:
            assert outcome.winner == won.pop()
        elif state.pool_left == 0:
            assert outcome.status == "draw"
        else:
            assert outcome.status == "ongoing"
            assert all(len(fits) > 1 for fits in _brute_places(state).values())
    assert len(state.placed()) <= size


def test_the_help_pages_winning_game_is_a_win_for_dot() -> None:
    # The picture less one tile of Dot's region; Dot puts it back and closes the region of
    # the points (2, -2), (-1, -1) and (1, -1), which 14 tiles touch.
    state = TrichetState.from_tiles(without(DOT_WINS_TILES, (0, -1)))
    assert state.fitting((0, -1)) == ("a",)
    state.play(f"a{place_of(state, (0, -1))}")
    assert state.tiles_of_move(1)[1] == []
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", DOT)
    assert outcome.reason == "Dot closed a region of 14 tiles"
    assert outcome.chain[:3] == ("p:2,-2", "p:-1,-1", "p:1,-1")
    assert state.render() == DOT_WINS  # no place numbers once the game is over


def test_a_played_game_where_one_move_closes_both_colours() -> None:
    # Oh's tenth-ply move closes a ring of 6 tiles of each colour (golden file
    # both_colours_win_size6.json): Oh loses at -win_size=6, and nothing wins at 7.
    moves = ["d6", "e16", "b8", "a18", "c21", "e25", "f32", "c33", "f3", "e6"]
    for parameters, status in (("-win_size=6", "win"), ("-win_size=7", "ongoing")):
        state = new(parameters)
        for move in moves:
            state.play(move)
        assert state.outcome().status == status
    state = new("-win_size=6")
    for move in moves:
        state.play(move)
    assert state.outcome().winner == DOT
    assert state.outcome().chain.count("p:1,-1") == state.outcome().chain.count("p:-3,1") == 1


def test_a_record_with_a_move_of_several_letters_is_refused_by_the_command_line(
        capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    """It used to end in a KeyError traceback (exit 1), and the window crashed opening it."""
    from megalith.rules import cli
    path = tmp_path / "ab1.txt"
    path.write_text("trichet alice bob\nd3\nAB1\n")
    assert cli.main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err == (f"megalith: {path}: line 3, move 2 (ab1): a move places one tile: ab is 2 "
                   "letters; write one letter a to f and a place number, as in d3\n")


def test_the_command_line_names_dot_and_oh_and_its_json_keeps_the_letters(
        capsys: pytest.CaptureFixture[str], tmp_path) -> None:
    from megalith.rules import cli
    path = tmp_path / "game.txt"
    path.write_text("trichet alice bob\nd3\n")
    assert cli.main(["check", str(path)]) == 0
    assert "to move: Oh\n" in capsys.readouterr().out
    assert cli.main(["check", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["to_move"] == OH
    path.write_text("trichet alice bob\nd3\nresign\n")
    assert cli.main(["check", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["winner"], data["reason"]) == (DOT, "Dot wins: the other player resigned")


# ---- open regions for the views (the RegionTilePosition contract) ----------------------------

def test_the_ring_less_one_tile_is_an_open_region_one_triangle_from_closing() -> None:
    state = TrichetState.from_tiles(without(RING, (1, 0)))
    assert isinstance(state, RegionTilePosition)
    (ring,) = [r for r in state.open_regions() if r.points == ((0, 0),)]
    assert ring.colour == OH and ring.missing == ((1, 0),) and ring.closable
    assert len(ring.tiles) == 5


def test_a_region_next_to_a_triangle_that_can_never_be_filled_is_not_closable() -> None:
    """The position of the dead-triangle test above: Oh's region around (1, -1) lacks only
    that triangle, which no tile fits."""
    tiles = {(0, -1): "e", (1, 0): "d", (2, -1): "f", (2, -2): "c", (3, -1): "c",
             (-1, -1): "b", (2, 0): "a", (0, -2): "b", (3, 0): "b", (-1, 0): "c"}
    state = TrichetState.from_tiles(tiles, win_size=1)
    state.play(f"a{place_of(state, (1, -2))}")
    (dead,) = [r for r in state.open_regions() if (1, -1) in r.points]
    assert dead.colour == OH and dead.missing == ((1, -1),) and not dead.closable
    assert all(r.closable == all(state.fitting(t) for t in r.missing)
               for r in state.open_regions())


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_open_regions_cover_every_point_not_in_a_closed_region(seed: int) -> None:
    """Every fixed point is in exactly one open region, unless all six triangles around
    every point of its region are filled; `missing` is exactly the empty triangles around
    the region's points, and its tiles exactly the filled ones."""
    state, rng = new("-size=40 -win_size=30"), random.Random(seed)
    while state.to_move:
        state.play(rng.choice(state.legal_moves()))
        fixed = {p for t in state.placed() for p in corners(t.coord)}
        seen: list[tuple[int, int]] = []
        for region in state.open_regions():
            seen += region.points
            assert all(state.colour(p) == region.colour for p in region.points)
            around = {t for p in region.points for t in triangles_at(p)}
            assert set(region.missing) == {t for t in around if state.tile(t) is None}
            assert set(region.tiles) == {t for t in around if state.tile(t) is not None}
        assert len(seen) == len(set(seen))
        for point in fixed - set(seen):  # in a closed region: nothing empty around it
            assert all(state.tile(t) is not None for t in triangles_at(point))
