"""Quadrant Y: options, turn order, move errors, the five games, scoring and rendering.

The pictures of pbmserv's help page are copied here verbatim and the
tests compare the engine against them.
"""

from __future__ import annotations

import re
import textwrap
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from megalith.rules import registry
from megalith.rules.geometry import column_letters
from megalith.rules.protocol import MoveError, OptionError
from megalith.rules.quady.game import GAMES, QuadYState

# The help page's empty board (the indentation of the mail removed).
HELP_BOARD = """\
               1- +
              2- + +
             3- + . +
            4- + . . +
           5- + . . . +
          6- + . . . . +
         7- + . . . . . +
        8- + + + + + + + +
       9- + + . . . . . + +
     10- + . + . . . . + . +
    11- + . . + . . . + . . +
   12- + . . . + . . + . . . +
  13- + . . . . + . + . . . . +
 14- + . . . . . + + . . . . . +
15- + + + + + + + + + + + + + + +
     \\ \\ \\ \\ \\ \\ \\ \\ \\ \\ \\ \\ \\ \\ \\
      A B C D E F G H I J K L M N O"""

# The help page's example game won by X (three sub-games against O's main game and centre).
EXAMPLE = """\
                   +
                  + x
                 + x +
                x x . +
               o o x . +
              + x o x . +
             + . x o x . +
            + + + x o x + +
           + + . . x o x + x
          x . + . x o o x x o
         + x . + x o . o o o +
        + . x x x o . x . . . x
       + . x o o o . + x x x x +
      + . x o . . + + . . . x . +
     + + x o + + + + + + + + x + +"""

# The help page's picture of the sub-games in isolation, below the top triangle (which is
# rows 1 to 8 of EXAMPLE): lines of one group are the centre alone, two groups are left and
# right, three groups are left, centre and right.
EXAMPLE_LOWER_SUBGAMES = """\
                + + + x o x + +
                 + . . x o x +
           +      + . x o o x      +
          + +      + x o . o      + x
         x . +      x o . x      x x o
        + x . +      o . +      o o o +
       + . x x x      + +      x . . . x
      + . x o o o      +      + x x x x +
     + . x o . . +           + . . . x . +
    + + x o + + + +         + + + + + x + +"""


def new(size: int | None = None) -> QuadYState:
    state = registry.new_game("quady", "" if size is None else f"-size={size}")
    assert isinstance(state, QuadYState)
    return state


def diagram_cells(diagram: str) -> dict[str, str]:
    """Cell name -> 'x', 'o', '+' or '.' from a picture of rows 1.. (tokens per row)."""
    cells = {}
    for r, line in enumerate(diagram.splitlines()):
        tokens = line.split()
        assert len(tokens) == r + 1, f"row {r + 1} of the picture has {len(tokens)} cells"
        for c, token in enumerate(tokens):
            cells[f"{column_letters(c)}{r + 1}"] = token
    return cells


def build(size: int, cells: dict[str, str]) -> QuadYState:
    """A position placed stone by stone with the engine's own placement, ignoring turns
    and the end at 3 points (the help page's example is not a real game record)."""
    state = new(size)
    for name, token in cells.items():
        if token in "xo":
            state._place(state.board.index[name], 1 if token == "x" else 2)
    return state


def unlabelled(render: str, rows: int) -> str:
    """The first `rows` lines of a rendering without row labels, dedented."""
    lines = [re.sub(r"\d+- ", lambda m: " " * len(m.group()), line)
             for line in render.splitlines()[:rows]]
    return textwrap.dedent("\n".join(lines))


def fill(state: QuadYState, order: list[int]) -> None:
    """Place stones alternately (X first) on the cells `order` lists, on past the end of the
    game, through the engine's placement: to check each game of Y on boards filled whole."""
    for turn, index in enumerate(order):
        state._place(index, 1 + turn % 2)


def winners(state: QuadYState) -> dict[str, str | None]:
    return {s.name: s.winner for s in state.outcome().subgames or ()}


def error(state: QuadYState, move: str) -> str:
    before = (list(state.moves), state.render(), state.outcome())
    with pytest.raises(MoveError) as caught:
        state.play(move)
    assert (list(state.moves), state.render(), state.outcome()) == before
    return str(caught.value)


# ---- options ------------------------------------------------------------------------


def test_default_size_is_15_and_sizes_are_odd_5_to_31() -> None:
    assert new().size == 15 and len(new().board) == 120
    for size in (5, 7, 31):
        assert len(new(size).board) == size * (size + 1) // 2


@pytest.mark.parametrize("size", [6, 8, 30])
def test_even_sizes_are_refused_naming_the_typo(size: int) -> None:
    with pytest.raises(OptionError) as caught:
        new(size)
    assert str(caught.value) == (
        f"-size={size} is even: Quadrant Y needs an odd size from 5 to 31 so that the four "
        "triangles split evenly (the help page's \"even number\" is a typo)")


@pytest.mark.parametrize("size", [3, 4, 32, 33])
def test_sizes_out_of_range_are_refused(size: int) -> None:
    with pytest.raises(OptionError, match=rf"^-size={size} is out of range \(5 to 31\)$"):
        new(size)
    with pytest.raises(OptionError, match=rf"^-size={size} is out of range: Quadrant Y boards "
                                          r"are odd sizes from 5 to 31$"):
        registry.get("quady").factory({"size": size}, 2)


def test_two_players_only_and_no_other_options() -> None:
    with pytest.raises(OptionError, match="quady is for 2 players, not 3"):
        registry.new_game("quady", "", players=3)
    with pytest.raises(OptionError, match="quady has no option -hex"):
        registry.new_game("quady", "-hex")


# ---- turns, swap, pass, resign, errors ---------------------------------------------


def test_x_moves_first_then_o_and_input_is_case_insensitive() -> None:
    state = new(5)
    assert state.sides == ("X", "O") and state.to_move == "X"
    assert state.play("C3") == "c3"
    assert state.stone("c3") == "X" and state.to_move == "O"
    assert state.play(" a1 ") == "a1"
    assert state.stone("A1") == "O" and state.to_move == "X"
    assert state.moves == ["c3", "a1"]


def test_every_empty_cell_is_legal_and_swap_only_on_the_second_move() -> None:
    state = new(5)
    assert len(state.legal_moves()) == 15 and "swap" not in state.legal_moves()
    assert error(state, "swap") == "swap: swap is only legal as the second move"
    state.play("c3")
    assert state.legal_moves() == sorted([n for n in state.board.names if n != "c3"] + ["swap"])
    assert state.play("swap") == "swap"
    # The board and the turn do not change: the people exchanged colours.
    assert state.swapped and state.moves == ["c3"] and state.stone("c3") == "X"
    assert state.to_move == "O" and "swap" not in state.legal_moves()
    state.play("b2")
    assert error(state, "swap") == "swap: the opening has already been swapped"


def test_swap_is_refused_after_the_second_move() -> None:
    state = new(5)
    state.play("c3")
    state.play("b2")
    assert error(state, "swap") == "swap: swap is only legal as the second move"


def test_there_is_no_pass() -> None:
    state = new(5)
    assert "--" not in state.legal_moves()
    for text in ("--", "pass"):
        assert error(state, text) == (f"{text}: there is no voluntary pass in this game: you "
                                      "may pass only when you have no legal move")


def test_illegal_cells_are_refused_with_reasons() -> None:
    state = new(5)
    state.play("c3")
    assert error(state, "c3") == "c3: c3 is already taken by X; a stone goes on an empty cell"
    assert error(state, "d3") == "d3: row 3 has only the cells a3 to c3"
    assert error(state, "b1") == "b1: row 1 has only one cell, a1"
    assert error(state, "a6") == "a6: there is no row 6: the rows are 1 to 5"
    assert error(state, "a0") == "a0: there is no row 0: the rows are 1 to 5"
    assert error(state, "3c") == "3c: a move is an empty cell such as f6 (or swap, or Resign)"
    assert error(state, "c3-c4") == ("c3-c4: a move is an empty cell such as f6 "
                                     "(or swap, or Resign)")


def test_two_letter_columns_on_the_largest_board() -> None:
    state = new(31)
    assert state.play("AE31") == "ae31"
    assert state.stone("ae31") == "X"
    assert error(state, "af31") == "af31: row 31 has only the cells a31 to ae31"


def test_resign_ends_the_game_for_the_opponent() -> None:
    state = new(5)
    state.play("c3")
    assert state.play("resign") == "Resign"
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "X")
    assert outcome.reason == "X wins: the other player resigned"
    assert outcome.scores == {"X": 0, "O": 0}
    assert [(s.name, s.winner) for s in outcome.subgames or ()] == [(g, None) for g in GAMES]
    assert state.to_move is None and state.legal_moves() == []


# ---- the five games -----------------------------------------------------------------


def test_empty_board_renders_as_the_help_page_with_sub_game_borders() -> None:
    assert new().render() == HELP_BOARD


def test_subgame_cells_match_the_help_page_pictures() -> None:
    """Each lower triangle's rows in the help page's split picture are exactly the cells the
    engine gives that game, and carry the example's contents (the top is rows 1 to 8)."""
    cells = new().regions()
    assert list(cells) == list(GAMES)
    assert cells["main"] == frozenset(new().board.names)
    example = diagram_cells(EXAMPLE)
    assert cells["top"] == {name for name in example if int(name[1:]) <= 8}
    rows: dict[str, list[list[str]]] = {"left": [], "centre": [], "right": []}
    for line in EXAMPLE_LOWER_SUBGAMES.splitlines():
        groups = [group.split() for group in re.split(r"\s{2,}", line.strip())]
        names = {1: ["centre"], 2: ["left", "right"], 3: ["left", "centre", "right"]}[len(groups)]
        for name, tokens in zip(names, groups):
            rows[name].append(tokens)
    for name, picture_rows in rows.items():
        assert len(picture_rows) == 8
        got = set()
        for offset, tokens in enumerate(picture_rows):
            row = 8 + offset
            in_row = sorted((n for n in cells[name] if int(n[1:]) == row),
                            key=lambda n: new().board.index[n])
            assert [example[n] for n in in_row] == tokens, f"{name} row {row}"
            got.update(in_row)
        assert got == cells[name]


def test_subgame_sides_and_corners_at_size_15() -> None:
    board = new().board
    games = {g.name: g for g in new()._topo.games}
    def names(cells) -> set[str]:
        return {board.names[i] for i in cells}
    def corners(game) -> set[str]:
        a, b, c = game.sides
        return names((a & b) | (b & c) | (a & c))
    assert corners(games["main"]) == {"a1", "a15", "o15"}
    assert corners(games["top"]) == {"a1", "a8", "h8"}
    assert corners(games["left"]) == {"a8", "a15", "h15"}
    assert corners(games["right"]) == {"h8", "h15", "o15"}
    assert corners(games["centre"]) == {"a8", "h8", "h15"}
    assert names(games["centre"].sides[0]) == {f"{column_letters(c)}8" for c in range(8)}
    assert names(games["centre"].sides[1]) == {f"{column_letters(r - 8)}{r}" for r in range(8, 16)}
    assert names(games["centre"].sides[2]) == {f"h{r}" for r in range(8, 16)}
    for game in games.values():
        side = 8 if game.name != "main" else 15
        assert len(game.cells) == side * (side + 1) // 2
        assert all(len(s) == side for s in game.sides)


def test_the_help_page_example_scores_three_for_x() -> None:
    example = diagram_cells(EXAMPLE)
    state = build(15, example)
    assert unlabelled(state.render(), 15) == textwrap.dedent(EXAMPLE)
    assert winners(state) == {"main": "O", "top": "X", "left": "X", "right": "X",
                              "centre": "O"}
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "X")
    assert outcome.scores == {"X": 3, "O": 2}
    assert outcome.reason == "X won three games: top, left, right"
    chains = state.winning_chains()
    assert chains["top"] == ("b2", "b3", "a4", "b4", "c5", "d6", "e7", "f8")
    assert set(outcome.chain) == set(chains["top"] + chains["left"] + chains["right"])
    for name, chain in chains.items():
        assert all(state.stone(cell) == winners(state)[name] for cell in chain)


def test_the_help_page_example_played_in_turn() -> None:
    """The example has 34 x and 19 o, so O's other 14 moves go on cells the picture leaves
    empty; X's b2 (its only stone on the top triangle's right side) comes last, and only
    then does X reach 3 points."""
    example = diagram_cells(EXAMPLE)
    xs = [n for n, t in example.items() if t == "x" and n != "b2"] + ["b2"]
    fillers = [n for n, t in example.items() if t in "+."][:14]
    os_ = [n for n, t in example.items() if t == "o"] + fillers
    state = new()
    for ply in range(len(xs) + len(os_)):
        assert not state.outcome().over
        state.play((xs if ply % 2 == 0 else os_)[ply // 2])
        if ply == len(xs) + len(os_) - 2:
            assert state.outcome().scores == {"X": 2, "O": 2}
    assert winners(state) == {"main": "O", "top": "X", "left": "X", "right": "X",
                              "centre": "O"}
    assert state.outcome().winner == "X" and state.outcome().scores == {"X": 3, "O": 2}
    assert state.to_move is None and state.legal_moves() == []


def test_a_game_counts_only_stones_inside_its_triangle() -> None:
    """Size 7 (m = 4), by hand: X's a4 (the top triangle's left+bottom corner) and d4 (its
    right+bottom corner) are joined only through row 5, outside the top triangle, so the top
    stays open. The same chain lies inside the centre triangle, which X won with d5 (a4 is
    its top+left corner, b5 on its left side, d5 on its right side)."""
    state = new(7)
    for move in ["a4", "a1", "b5", "a2", "c5", "b2"]:
        state.play(move)
    assert winners(state)["centre"] is None
    state.play("d5")
    assert winners(state)["centre"] == "X"
    state.play("b3")
    state.play("d4")
    assert winners(state) == {"main": None, "top": None, "left": None, "right": None,
                              "centre": "X"}
    assert state.winning_chains() == {"centre": ("a4", "b5", "c5", "d5")}


def test_one_move_can_win_two_games_and_take_a_player_from_2_to_4() -> None:
    """Worked by hand on the size-5 board: X has left (a3-b4-b5-c5) and centre (a3-b4-c5),
    O has top (a2-b3-c3); X's d5 joins c5 to e5, which wins the right triangle (bottom row
    c5-d5-e5) and the whole board (a3 left, e5 right) at once."""
    state = new(5)
    moves = ["b4", "c4", "b2", "a5", "a3", "a4", "a1", "d4", "c5", "c3", "e5", "a2", "b5", "b3"]
    for move in moves:
        state.play(move)
    assert winners(state) == {"main": None, "top": "O", "left": "X", "right": None,
                              "centre": "X"}
    assert state.outcome().scores == {"X": 2, "O": 1} and not state.outcome().over
    state.play("d5")
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "X")
    assert outcome.scores == {"X": 4, "O": 1}
    assert outcome.reason == "X won four games: main, left, right, centre"
    assert state.winning_chains()["right"] == ("c5", "d5", "e5")


def test_play_stops_at_three_points_and_open_games_stay_undecided() -> None:
    """Worked by hand on the size-5 board: X's column a1..a3 wins the top triangle (a1 is
    its left and right corner, a3 its left and bottom corner); a4 wins nothing; a5 wins the
    whole board (a1 left and right, a5 bottom) and the left triangle (a3 its left and right
    corner, a5 its bottom) at once: 3 points, and the right and centre games stay open."""
    state = new(5)
    for move in ["a1", "e5", "a2", "c3", "a3"]:
        state.play(move)
    assert winners(state)["top"] == "X" and state.outcome().scores == {"X": 1, "O": 0}
    for move in ["b5", "a4", "c4"]:
        state.play(move)
    assert state.outcome().scores == {"X": 1, "O": 0}
    state.play("a5")
    assert winners(state) == {"main": "X", "top": "X", "left": "X", "right": None,
                              "centre": None}
    outcome = state.outcome()
    assert (outcome.status, outcome.winner, outcome.scores) == ("win", "X", {"X": 3, "O": 0})
    assert outcome.reason == "X won three games: main, top, left"
    assert state.to_move is None and state.legal_moves() == []
    assert error(state, "b5") == "b5: the game is over"
    assert state.winning_chains() == {"main": ("a1", "a2", "a3", "a4", "a5"),
                                      "top": ("a1", "a2", "a3"), "left": ("a3", "a4", "a5")}
    assert outcome.chain == ("a1", "a2", "a3", "a4", "a5")


def test_scores_and_subgames_are_reported_while_ongoing() -> None:
    state = new(5)
    outcome = state.outcome()
    assert outcome.status == "ongoing" and outcome.scores == {"X": 0, "O": 0}
    assert [(s.name, s.winner) for s in outcome.subgames or ()] == [(g, None) for g in GAMES]


def test_render_of_a_small_position() -> None:
    """Size 7 (m = 4), checked by hand: row 4 is the top triangle's base and the centre's top;
    b3 is inside the top triangle, c5 inside the centre, b6 inside the left and e6 inside the
    right triangle; c6 is on the centre's left side and d6 on its right side."""
    state = new(7)
    for move in ["d4", "a1", "c6", "g7", "b3"]:
        state.play(move)
    assert state.render() == textwrap.dedent("""\
              1- o
             2- + +
            3- + x +
           4- + + + x
          5- + + . + +
         6- + . x + . +
        7- + + + + + + o
            \\ \\ \\ \\ \\ \\ \\
             A B C D E F G""")
    # At size 5 every cell lies on a border of some triangle.
    assert "." not in new(5).render()
    # Past z the columns are aa, ab, ..: their second letter goes on one more line.
    last_lines = new(31).render().splitlines()[-2:]
    assert last_lines == ["      " + " ".join("ABCDEFGHIJKLMNOPQRSTUVWXYZAAAAA"),
                          "      " + " " * 52 + "A B C D E"]


def test_move_cells_and_stone() -> None:
    state = new(5)
    assert state.move_cells("c3") == ("c3",)
    assert state.move_cells("swap") == () and state.move_cells("Resign") == ()
    assert state.stone("c3") is None
    with pytest.raises(KeyError):
        state.stone("f6")


def test_copy_is_independent() -> None:
    state = new(5)
    state.play("c3")
    clone = state.copy()
    clone.play("a1")
    assert state.stone("a1") is None and state.moves == ["c3"]
    assert clone.stone("a1") == "O" and clone.moves == ["c3", "a1"]
    assert clone.board is state.board


def test_copy_copies_every_container_of_the_state() -> None:
    """`copy` names the containers it copies: a field added later must be named too."""
    state = new(5)
    state.play("c3")
    clone = state.copy()
    for name, value in vars(state).items():
        if isinstance(value, (list, set, dict, bytearray)):
            assert vars(clone)[name] == value and vars(clone)[name] is not value, name
        else:
            assert vars(clone)[name] is value, name
    assert vars(clone).keys() == vars(state).keys()


# ---- a full board has one winner of every game -------------------------------------


def connects(state: QuadYState, cells: frozenset[int], sides, colour: int) -> bool:
    """Independent check by breadth-first search: a group of `colour` inside `cells` that
    touches all three sides."""
    stones = {i for i in cells if state._cells[i] == colour}
    seen: set[int] = set()
    for start in stones:
        if start in seen:
            continue
        group, queue = {start}, deque([start])
        while queue:
            i = queue.popleft()
            for j in state.board.neighbours[i]:
                if j in stones and j not in group:
                    group.add(j)
                    queue.append(j)
        seen |= group
        if all(group & side for side in sides):
            return True
    return False


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([5, 7, 9, 15]).flatmap(
    lambda size: st.tuples(st.just(size), st.permutations(range(size * (size + 1) // 2)))))
def test_a_full_board_has_exactly_one_winner_of_each_game(case) -> None:
    size, order = case
    state = new(size)
    fill(state, list(order))
    assert 0 not in state._cells
    results = winners(state)
    for game in state._topo.games:
        x, o = (connects(state, game.cells, game.sides, colour) for colour in (1, 2))
        assert x != o, f"{game.name}: exactly one player connects"
        assert results[game.name] == ("X" if x else "O")
    scores = state.outcome().scores or {}
    assert sum(scores.values()) == 5 and max(scores.values()) >= 3


@settings(max_examples=40, deadline=None)
@given(st.sampled_from([5, 7, 9]).flatmap(
    lambda size: st.tuples(st.just(size), st.permutations(range(size * (size + 1) // 2)))))
def test_every_game_is_decided_by_the_move_that_connects_it(case) -> None:
    """Played through `play`: after every move each game's winner is exactly the player
    whose stones connect its sides (found by search), and the game ends on the move that
    gives a player 3 points."""
    size, order = case
    state = new(size)
    for index in order:
        if state.outcome().over:
            break
        state.play(state.board.names[index])
        results = winners(state)
        for game in state._topo.games:
            found = [s for s, colour in (("X", 1), ("O", 2))
                     if connects(state, game.cells, game.sides, colour)]
            assert found == ([results[game.name]] if results[game.name] else [])
        scores = state.outcome().scores or {}
        assert state.outcome().over == (max(scores.values()) >= 3)
    assert state.outcome().over


def chain_by_definition(state: QuadYState, g: int) -> list[int]:
    """The winning chain of game g as its definition reads, searched plainly: distances
    from each side over all the winner's stones in the game; the stone reached from all
    three with the least sum (the first in board order on a tie); from it, towards each
    side, steps to the first neighbour in board order one closer."""
    game, colour = state._topo.games[g], state._winners[g]
    stones = {i for i in game.cells if state._cells[i] == colour}
    neighbours = state.board.neighbours
    distances = []
    for side in game.sides:
        dist = {i: 0 for i in side if i in stones}
        queue = deque(sorted(dist))
        while queue:
            i = queue.popleft()
            for j in neighbours[i]:
                if j in stones and j not in dist:
                    dist[j] = dist[i] + 1
                    queue.append(j)
        distances.append(dist)
    reachable = [i for i in sorted(stones) if all(i in d for d in distances)]
    centre = min(reachable, key=lambda i: sum(d[i] for d in distances))
    chain = {centre}
    for dist in distances:
        i = centre
        while dist[i]:
            i = min(j for j in neighbours[i] if dist.get(j) == dist[i] - 1)
            chain.add(i)
    return sorted(chain)


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([5, 7, 9, 15]).flatmap(
    lambda size: st.tuples(st.just(size), st.permutations(range(size * (size + 1) // 2)),
                           st.floats(0.3, 1.0))))
def test_winning_chains_are_those_of_the_definition(case) -> None:
    """The engine measures distances only inside the groups that touch all three sides; the
    chains come out as the plain search over every stone finds them, on boards filled in
    part (a game won with few stones) or whole (groups that do not span, stones added
    after the win)."""
    size, order, share = case
    state = new(size)
    fill(state, list(order[:max(1, int(len(order) * share))]))
    names = state.board.names
    assert state.winning_chains() == {
        game.name: tuple(names[i] for i in chain_by_definition(state, g))
        for g, game in enumerate(state._topo.games) if state._winners[g]}
