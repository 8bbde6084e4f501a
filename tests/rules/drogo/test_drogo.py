"""Drogo rules: every ruling of docs/rules/drogo.md, with legal and
illegal cases and their messages, every option, the help page's two capture examples, forced
passes, the end of the game and the random-move path the benchmark uses."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from megalith.rules import registry
from megalith.rules.drogo.game import DrogoState
from megalith.rules.protocol import MoveError, OptionError, Stone


def game(parameters: str = "", players: int = 2, moves: tuple[str, ...] = ()) -> DrogoState:
    state = registry.new_game("drogo", parameters, players)
    for move in moves:
        state.play(move)
    assert isinstance(state, DrogoState)
    return state


def refused(state: DrogoState, move: str) -> str:
    """The reason `move` is refused; also checks that the refusal changed nothing."""
    before = (state.render(), list(state.moves), state.stones(), state.to_move)
    with pytest.raises(MoveError) as error:
        state.play(move)
    assert (state.render(), list(state.moves), state.stones(), state.to_move) == before
    return error.value.reason


# The help page's capture examples, on 6x6: an O group a1 a2 b1 b2 walled in by X towers two
# high at c1 and c2 and by X at a3; its last freedom is b3 and O is to move.
WALLED_IN = ("c1", "a1,a2", "c2,c2", "b1,b2", "c1", "f6", "a3")


# ---- options and players ----------------------------------------------------------------

def test_defaults() -> None:
    state = game()
    assert state.size == 6 and len(state.board) == 36 and state.board.kind == "square"
    assert state.sides == ("X", "O") and state.to_move == "X"
    assert state._scores() == {"X": 0, "O": 0}


@pytest.mark.parametrize("players, sides", [(2, ("X", "O")), (3, ("X", "O", "Y")),
                                            (4, ("X", "O", "Y", "Z"))])
def test_two_to_four_players_in_order(players: int, sides: tuple[str, ...]) -> None:
    state = game(players=players, moves=("a1", "f6", "a6", "f1")[:players])
    assert state.sides == sides
    assert [state.owner(cell) for cell in ("a1", "f6", "a6", "f1")[:players]] == list(sides)
    assert state.to_move == "X"


@pytest.mark.parametrize("players", [1, 5])
def test_wrong_number_of_players(players: int) -> None:
    with pytest.raises(OptionError, match="drogo is for 2 to 4 players"):
        registry.new_game("drogo", "", players)


@pytest.mark.parametrize("size", [3, 19])
def test_size_range_ends(size: int) -> None:
    state = game(f"-size={size}")
    assert len(state.board) == size * size
    assert len(state.legal_moves()) == size * size


@pytest.mark.parametrize("size", [2, 20])
def test_size_out_of_range(size: int) -> None:
    with pytest.raises(OptionError, match=r"out of range \(3 to 19\)"):
        registry.new_game("drogo", f"-size={size}")
    with pytest.raises(OptionError, match=r"out of range \(3 to 19\)"):
        registry.get("drogo").factory({"size": size}, 2)


def test_unknown_option() -> None:
    with pytest.raises(OptionError, match="drogo has no option -hex"):
        registry.new_game("drogo", "-hex")


def test_swap_only_second_move_of_two_player_game() -> None:
    state = game(moves=("c3",))
    assert "swap" in state.legal_moves()
    assert state.play("SWAP") == "swap"
    assert state.to_move == "O" and state.swapped
    assert "swap" not in state.legal_moves()
    three = game(players=3, moves=("c3",))
    assert "swap" not in three.legal_moves()
    assert refused(three, "swap") == "swap is only for two-player games"
    later = game(moves=("c3", "d4"))
    assert refused(later, "swap") == "swap is only legal as the second move"


# ---- move shapes ------------------------------------------------------------------------

def test_opening_is_one_piece_anywhere() -> None:
    """Hand count: 36 empty cells, nothing else (no pass, no pairs)."""
    state = game()
    legal = state.legal_moves()
    assert len(legal) == 36 and all("," not in move for move in legal)
    assert refused(state, "c3,c4") == "the opening move is one piece"
    assert refused(state, "c3,c3") == "the opening move is one piece"


def test_second_move_count_by_hand() -> None:
    """After X c3, O has 35 singles, 35 doubles on an empty cell, 2 x 56 ordered pairs of
    empty neighbours (60 neighbour pairs less c3's 4) and swap: 183. c3 itself is refused
    (no O stack next to it), and pairs with c3 fail the level or the enemy-stack rule."""
    state = game(moves=("c3",))
    legal = state.legal_moves()
    assert len(legal) == 183
    assert {"d4,d5", "d5,d4", "a1,a1", "a1,b1", "swap"} <= set(legal)
    assert not {"c3", "--", "c4,c3", "c3,c4", "c3,c3"} & set(legal)
    three = game(players=3, moves=("c3",))
    assert len(three.legal_moves()) == 182


def test_case_and_spaces_are_canonicalised() -> None:
    state = game()
    assert state.play(" C3 ") == "c3"
    assert state.play("D4 , D5") == "d4,d5"
    assert state.moves == ["c3", "d4,d5"]


@pytest.mark.parametrize("move, reason", [
    ("g1", "g1 is not on the 6x6 board"),
    ("c3,z9", "z9 is not on the 6x6 board"),
    ("c3,c4,c5", "a move is one cell (c3) or two cells that share a face (c3,c4 or c3,c3)"),
    ("c3,", "a move is one cell (c3) or two cells that share a face (c3,c4 or c3,c3)"),
    ("c3-c4", "c3-c4 is not on the 6x6 board"),
    ("c3,e5", "c3 and e5 do not share a face"),
    ("c3,d4", "c3 and d4 do not share a face"),
    ("a1,a3", "a1 and a3 do not share a face"),
])
def test_malformed_and_far_apart(move: str, reason: str) -> None:
    assert refused(game(moves=("f6",)), move) == reason


def test_pair_pieces_must_be_at_one_level() -> None:
    # X: b2 one high. O: d5.
    state = game(moves=("b2", "d5"))
    assert refused(state, "b2,b3") == ("b2 and b3 do not share a face: the pieces would be at "
                                       "levels 2 and 1")
    assert refused(state, "b3,b2") == ("b3 and b2 do not share a face: the pieces would be at "
                                       "levels 1 and 2")
    assert state.play("b3,c3") == "b3,c3"
    assert (state.height("b3"), state.height("c3")) == (1, 1)
    state.play("e5")
    assert state.play("b2,b3") == "b2,b3"  # both one high now: level 2
    assert (state.height("b2"), state.height("b3")) == (2, 2)


def test_stacked_pair_puts_the_second_on_the_first() -> None:
    state = game(moves=("a1", "c3,c3"))
    assert state.height("c3") == 2 and state.owner("c3") == "O"
    assert state.stones() == [Stone(("a1",), 1, "X", "cube"), Stone(("c3",), 1, "O", "cube"),
                              Stone(("c3",), 2, "O", "cube")]


def test_single_option() -> None:
    state = game("-single", moves=("c3",))
    assert refused(state, "d4,d5") == "-single allows one piece per move"
    assert refused(state, "d4,d4") == "-single allows one piece per move"
    legal = state.legal_moves()
    assert len(legal) == 36  # 35 empty cells and swap: c3 is an enemy stack
    assert all("," not in move for move in legal)


# ---- stacking ---------------------------------------------------------------------------

def test_stack_height_limit_is_board_size() -> None:
    state = game("-size=3", moves=("a1", "c3", "a1,a1"))
    assert state.height("a1") == 3
    assert state.play("c3,c3") == "c3,c3"  # 1 + 2 = 3 high: just fits
    assert refused(state, "a1") == "a1 is full (3 high)"
    assert refused(state, "c3") == "c3 is full (3 high)"
    assert refused(state, "b1,a1") == ("b1 and a1 do not share a face: the pieces would be at "
                                       "levels 1 and 4")
    assert not {"a1", "c3", "a1,a1", "b1,a1"} & set(state.legal_moves())


def test_stacked_pair_cannot_overflow() -> None:
    # X builds c3 up to 5 high; the sixth piece fits, a seventh does not.
    state = game(moves=("c3", "f6", "c3,c3", "f5", "c3,c3", "f4"))
    assert state.height("c3") == 5
    assert refused(state, "c3,c3") == "c3 is full (6 high)"
    assert "c3,c3" not in state.legal_moves() and "c3" in state.legal_moves()
    state.play("c3")
    assert state.height("c3") == 6
    state.play("f3")
    assert refused(state, "c3") == "c3 is full (6 high)"


def test_enemy_stack_only_next_to_own_group() -> None:
    # X: c3. O: e5.
    state = game(moves=("c3", "e5"))
    assert refused(state, "e5") == "you may only build on an enemy stack next to your own group"
    state.play("d5")  # X now touches e5
    state.play("a6")
    assert state.play("e5") == "e5"
    assert state.height("e5") == 2 and state.owner("e5") == "X"
    assert [stone.owner for stone in state.stones() if stone.cells == ("e5",)] == ["O", "X"]


def test_own_stack_is_always_buildable() -> None:
    state = game(moves=("c3", "f6"))
    assert state.play("c3") == "c3"
    assert state.height("c3") == 2 and state.owner("c3") == "X"


def test_first_piece_makes_the_second_piece_touch_own_stack() -> None:
    # X: b3. O: c3 and d3, one high. X may cover c3 (next to b3) and then d3 (next to the
    # new X top at c3), but not the other way round: d3 alone touches no X stack.
    state = game(moves=("b3", "c3,d3"))
    assert refused(state, "d3,c3") == "you may only build on an enemy stack next to your own group"
    assert "c3,d3" in state.legal_moves() and "d3,c3" not in state.legal_moves()
    state.play("c3,d3")
    assert [state.owner(cell) for cell in ("b3", "c3", "d3")] == ["X", "X", "X"]
    assert [state.height(cell) for cell in ("b3", "c3", "d3")] == [1, 2, 2]


# ---- captures ---------------------------------------------------------------------------

def test_help_example_x_at_a_captures_the_o_group() -> None:
    state = game(moves=WALLED_IN + ("f5",))
    assert state.owner("b2") == "O"
    assert state.play("b3") == "b3"
    for cell in ("a1", "a2", "b1", "b2"):
        assert state.height(cell) == 0 and state.owner(cell) is None
    assert state._scores() == {"X": 6, "O": 2}  # X: c1 2, c2 2, a3 1, b3 1; O: f6, f5


def test_help_example_o_at_b_builds_over_x_to_delay_the_capture() -> None:
    state = game(moves=WALLED_IN)
    assert state.play("c2") == "c2"  # over the X tower, next to O's b2: a freedom at c3, d2
    assert state.height("c2") == 3 and state.owner("c2") == "O"
    state.play("b3")  # the old last freedom: nothing is captured now
    assert all(state.owner(cell) == "O" for cell in ("a1", "a2", "b1", "b2", "c2"))
    # X has to take c3 and d2 as well; the capture then removes the whole c2 stack, the two
    # X pieces under O's top included.
    state.play("f5")
    state.play("c3")
    state.play("f4")
    state.play("d2")
    for cell in ("a1", "a2", "b1", "b2", "c2"):
        assert state.height(cell) == 0 and state.owner(cell) is None
    assert state._scores() == {"X": 6, "O": 3}
    assert not [stone for stone in state.stones() if stone.cells == ("c2",)]


def test_in_place_captures_recolour_whole_stacks() -> None:
    state = game("-in_place", moves=WALLED_IN + ("c2", "b3", "f5", "c3", "f4", "d2"))
    for cell, height in (("a1", 1), ("a2", 1), ("b1", 1), ("b2", 1), ("c2", 3)):
        assert state.owner(cell) == "X" and state.height(cell) == height
    assert [stone.owner for stone in state.stones() if stone.cells == ("c2",)] == ["X"] * 3
    assert state._scores() == {"X": 13, "O": 3}


def test_capture_makes_the_freedom_that_saves_the_piece() -> None:
    # X: f6, b1, f5. O: a1, a3, b2. X at a2 touches only O stacks but captures a1.
    state = game(moves=("f6", "a1", "b1", "a3", "f5", "b2"))
    assert state.play("a2") == "a2"
    assert state.height("a1") == 0
    assert state.owner("a3") == "O" and state.owner("b2") == "O"


def test_one_piece_captures_groups_of_two_enemies() -> None:
    # X, O, Y: O's a1 and Y's a3 both have their last freedom at a2.
    state = game(players=3, moves=("b1", "a1", "a3", "a4", "f6", "f1", "b3", "f5", "e1"))
    assert state._scores() == {"X": 3, "O": 3, "Y": 3}
    state.play("a2")
    assert state.height("a1") == 0 and state.height("a3") == 0
    assert state._scores() == {"X": 4, "O": 2, "Y": 2}


def test_pair_second_piece_lands_where_the_first_captured() -> None:
    # X: a2 walls O's a1 from above; b1 is O's a1's last freedom. X b1 captures a1, which
    # leaves a1 empty, so the second piece lies at level 1 beside the first.
    moves = ("a2", "a1", "f6")
    state = game(moves=moves + ("f5",))
    assert state.play("b1,a1") == "b1,a1"
    assert (state.height("b1"), state.height("a1")) == (1, 1)
    assert state.owner("a1") == "X"
    # With -in_place a1 keeps its height, now X's: the pieces would not meet.
    in_place = game("-in_place", moves=moves + ("f5",))
    assert refused(in_place, "b1,a1") == ("b1 and a1 do not share a face: the pieces would be "
                                          "at levels 1 and 2")
    assert "b1,a1" not in in_place.legal_moves()


# ---- suicide ----------------------------------------------------------------------------

# O surrounds d4 with c4, e4, d3, d5; X plays elsewhere.
EYE = ("a1", "c4", "f1", "e4", "f2", "d3", "f3", "d5")


def test_suicide_is_refused() -> None:
    state = game(moves=EYE)
    assert refused(state, "d4") == "d4 would have no freedom"
    assert "d4" not in state.legal_moves()


def test_suicide_rule_applies_after_the_first_piece() -> None:
    """With -easy_free the second piece would lift d4 above its neighbours and give it a
    freedom, but the first piece alone has none, so d4,d4 is refused."""
    easy = game("-easy_free", moves=EYE)
    assert refused(easy, "d4") == "d4 would have no freedom"
    assert refused(easy, "d4,d4") == "d4 would have no freedom"
    assert refused(game(moves=EYE), "d4,d4") == "d4 would have no freedom"


def test_easy_free_taller_stack_keeps_its_group_alive() -> None:
    # O builds a 2-high stack at a1 in the corner; X covers a2 and b1 one high: a1 is taller
    # than both, so with -easy_free it keeps a freedom; without it, it is captured.
    moves = ("a2", "a1,a1", "b1")
    assert game(moves=moves).height("a1") == 0
    easy = game("-easy_free", moves=moves)
    assert easy.owner("a1") == "O" and easy.height("a1") == 2
    # Once X raises a2 and b1 to a1's height, a1 has no lower neighbour left.
    easy.play("f6")
    easy.play("a2")
    easy.play("f5")
    easy.play("b1")
    assert easy.height("a1") == 0


# ---- passes, the end, scores ------------------------------------------------------------

# 3x3: after these moves O has no legal move (every empty cell would have no freedom and
# every stack is X's, with no O stack next to it).
O_STUCK = ("a3", "b2,a2", "b3,b3", "a1", "c2,c3", "a3,a3", "b2,b2", "a1,a2", "b3", "c1,c1",
           "c1", "b1,c1", "c2", "b2", "c3,c3", "c2,c1", "c3,c2", "b2", "b3,b2", "b1,c1",
           "b1,b1", "a2,a3", "b2,a2")


def test_forced_pass_is_the_only_legal_move() -> None:
    state = game("-size=3", moves=O_STUCK)
    assert state.to_move == "O"
    assert state.legal_moves() == ["--"] and state.pass_forced()
    assert not state.board_moves_exist()
    assert refused(state, "a1") == "a1 would have no freedom"
    assert refused(state, "b2") == "you may only build on an enemy stack next to your own group"
    assert state.play("pass") == "--"
    assert state.to_move == "X" and not state.outcome().over
    assert "--" not in state.legal_moves() and not state.pass_forced()


def test_no_voluntary_pass() -> None:
    state = game(moves=("c3",))
    assert "--" not in state.legal_moves()
    assert refused(state, "--") == ("there is no voluntary pass in this game: you may pass "
                                    "only when you have no legal move")


def test_game_ends_when_no_player_can_move() -> None:
    moves = ("c2", "a3,a3", "b2,a2", "b1,b1", "c3,b3", "b2,a2", "a2,a3", "b1,b2", "b3,b3",
             "c2,c3", "c3,c2", "a1,a1")
    state = game("-size=3 -in_place", moves=moves)
    assert not state.outcome().over
    state.play("a1")
    outcome = state.outcome()
    assert outcome.status == "win" and outcome.winner == "X"
    assert outcome.scores == {"X": 18, "O": 6}
    assert outcome.reason == "no player can move: X 18, O 6"
    assert state.to_move is None and state.legal_moves() == []
    assert refused(state, "a1") == "the game is over"


def test_equal_highest_scores_draw() -> None:
    moves = ("c1", "a3,a3", "b3,c3", "b2,c2", "b1,b1", "a2,a2", "c2,c1", "b3,b3", "c1,c2",
             "a2,a3", "c3,c3", "b2,b2", "b1")
    outcome = game("-size=3 -in_place", moves=moves).outcome()
    assert outcome.status == "draw" and outcome.winner is None
    assert outcome.scores == {"X": 12, "O": 12}
    assert outcome.reason == "no player can move: X 12, O 12; X and O tie"


def test_copy_is_independent() -> None:
    state = game(players=3, moves=("c3", "d4,d4", "Resign"))
    clone = state.copy()
    clone.play("c3")
    clone.play("e5")
    clone.play("--")
    assert state.moves == ["c3", "d4,d4", "Resign"] and state.height("c3") == 1
    assert clone.height("c3") == 2 and len(state.stones()) == 3 and len(clone.stones()) == 5
    assert state._scores() == {"X": 1, "O": 2, "Y": 0}
    assert clone.resigned == {"Y"} and state.resigned == {"Y"}
    clone.play("Resign")
    assert state.resigned == {"Y"} and not state.outcome().over


def test_resigned_player_passes_and_cannot_win() -> None:
    moves = ("b3", "c3", "b2,b1", "a3,a2", "b3,b3", "c2,c2", "b2,b2", "--", "c3", "a3,a3",
             "--", "c2", "c1,c1", "--", "b1", "Resign", "--", "b1", "--", "--")
    state = game("-size=3 -in_place", players=3, moves=moves)
    assert not state.outcome().over
    state.play("c1")
    outcome = state.outcome()
    assert outcome.scores == {"X": 15, "O": 0, "Y": 6}
    assert outcome.status == "win" and outcome.winner == "Y"
    assert outcome.reason == "no player can move: X 15 (resigned), O 0, Y 6"


def test_resigned_player_only_passes() -> None:
    state = game(players=3, moves=("Resign",))
    assert state.legal_moves() == [f"{cell}" for cell in sorted(state.board.names)]
    state.play("c3")  # O's opening: the board was still empty
    state.play("d4,d5")
    assert state.to_move == "X" and state.legal_moves() == ["--"]
    assert refused(state, "a1") == "X has resigned and can only pass (--)"
    assert state.random_move(random.Random(0)) == "--"


def test_two_player_resignation_ends_the_game() -> None:
    state = game(moves=("c3", "Resign"))
    outcome = state.outcome()
    assert outcome.status == "win" and outcome.winner == "X"


def test_scores_while_playing() -> None:
    state = game(moves=("c3", "d4,d4", "c3,c3"))
    assert state._scores() == {"X": 3, "O": 2}
    outcome = state.outcome()
    assert outcome.status == "ongoing" and outcome.scores == {"X": 3, "O": 2}


# ---- views ------------------------------------------------------------------------------

def test_move_cells() -> None:
    state = game()
    assert state.move_cells("c3") == ("c3",)
    assert state.move_cells("c3,c4") == ("c3", "c4")
    assert state.move_cells("c3,c3") == ("c3", "c3")
    for move in ("--", "swap", "Resign"):
        assert state.move_cells(move) == ()


def test_move_kinds_a_pair_of_cubes_is_a_pair_and_there_are_no_figures() -> None:
    from megalith.rules.contracts import FigurePosition, MarkedSarsenPosition

    state = game()
    assert not isinstance(state, FigurePosition)
    assert not isinstance(state, MarkedSarsenPosition)
    assert [state.move_kind(m) for m in ("c3", "c3,c4", "c3,c3", "swap")] == \
        ["place", "pair", "pair", ""]


def test_height_and_owner_of_unknown_cell() -> None:
    with pytest.raises(KeyError):
        game().height("g7")


def test_render() -> None:
    state = game("-size=3", moves=("a1", "c3", "a1,a1", "c2,c2"))
    assert state.render() == "\n".join([
        "  a b c       a b c",
        "3 . . o 3   3 . . 1 3",
        "2 . . o 2   2 . . 2 2",
        "1 x . . 1   1 3 . . 1",
        "  a b c       a b c",
        "Scores: X 3, O 3",
    ])


def test_render_two_digit_heights() -> None:
    state = game("-size=10", moves=("a1",) + ("j10", "a1,a1") * 4 + ("j10", "a1"))
    lines = state.render().splitlines()
    header = "    a  b  c  d  e  f  g  h  i  j          a  b  c  d  e  f  g  h  i  j"
    assert lines[0] == lines[-2] == header
    assert lines[1] == ("10  .  .  .  .  .  .  .  .  .  o 10   "
                        "10  .  .  .  .  .  .  .  .  .  5 10")
    assert lines[10] == (" 1  x  .  .  .  .  .  .  .  .  .  1   "
                         " 1 10  .  .  .  .  .  .  .  .  .  1")
    assert lines[-1] == "Scores: X 10, O 5"


# ---- the random-move path and the rules' invariants ---------------------------------------

def every_shape(state: DrogoState) -> list[str]:
    names = state.board.names
    return list(names) + [f"{a},{b}" for a in names for b in names]


def groups_without_freedom(state: DrogoState, easy: bool) -> list[set[str]]:
    """Independent of the engine: flood every group and test its freedoms."""
    board = state.board
    seen: set[int] = set()
    dead = []
    for start, name in enumerate(board.names):
        if start in seen or state.owner(name) is None:
            continue
        group, todo, free = {start}, [start], False
        while todo:
            cell = todo.pop()
            level = state.height(board.names[cell])
            for other in board.neighbours[cell]:
                other_level = state.height(board.names[other])
                if other_level == 0 or (easy and other_level < level):
                    free = True
                if other not in group and state.owner(board.names[other]) == state.owner(name):
                    group.add(other)
                    todo.append(other)
        seen |= group
        if not free:
            dead.append({board.names[cell] for cell in group})
    return dead


@pytest.mark.parametrize("parameters, players", [
    ("-size=4", 2), ("-size=4 -in_place", 3), ("-size=4 -easy_free", 4),
    ("-size=3 -single", 2), ("-size=3", 3)])
def test_legal_moves_are_exactly_the_playable_ones(parameters: str, players: int) -> None:
    """Every move text of the board, played on a copy, succeeds exactly when it is listed;
    random moves are listed; no group is ever left without a freedom; scores add up."""
    rng = random.Random(7)
    state = game(parameters, players)
    for _ in range(80):
        if state.to_move is None:
            break
        legal = set(state.legal_moves())
        playable = set()
        for text in every_shape(state):
            trial = state.copy()
            try:
                trial.play(text)
            except MoveError:
                continue
            playable.add(text)
        assert playable | ({"--", "swap"} & legal) == legal
        move = state.random_move(rng)
        assert move in legal
        state.play(move)
        assert groups_without_freedom(state, "-easy_free" in parameters) == []
        totals = {side: 0 for side in state.sides}
        for name in state.board.names:
            owner = state.owner(name)
            if owner:
                totals[owner] += state.height(name)
        assert state._scores() == totals
        assert len(state.stones()) == sum(state.height(name) for name in state.board.names)


def test_random_moves_are_uniform() -> None:
    """After X c3 on 3x3, O has a known set of moves; each should come up about equally."""
    state = game("-size=3", moves=("b2",))
    legal = state.legal_moves()
    rng = random.Random(3)
    draws = 200 * len(legal)
    counts = dict.fromkeys(legal, 0)
    for _ in range(draws):
        counts[state.random_move(rng)] += 1
    assert min(counts.values()) > 120 and max(counts.values()) < 280


def test_random_move_passes_when_stuck() -> None:
    state = game("-size=3", moves=O_STUCK)
    assert state.random_move(random.Random(1)) == "--"


class FirstShapeOnly(random.Random):
    """Draws always fall on the first move shape (a1 alone), to force random_move's
    fallback when a1 is illegal; shuffling still uses the real generator."""

    def random(self) -> float:
        return 0.0

    def getrandbits(self, k: int) -> int:  # defined here so that shuffle relies on it
        return super().getrandbits(k)


def test_random_move_falls_back_after_many_misses() -> None:
    state = game("-size=3", moves=("a1", "c3", "a1,a1"))  # a1 is full: O can never play it
    rng = FirstShapeOnly(4)
    moves = {state.random_move(rng) for _ in range(30)}
    assert "a1" not in moves and len(moves) > 5
    assert moves <= set(state.legal_moves())


# ---- the fast paths of random play agree with the plain rules ----------------------------

PLAYOUT_SETTINGS = [("", 2), ("", 4), ("-in_place", 3), ("-easy_free", 2), ("-single", 3),
                    ("-size=4", 2), ("-size=4 -in_place", 4), ("-size=4 -easy_free", 3),
                    ("-size=3", 2), ("-size=3 -in_place", 2)]


def random_positions(parameters: str, players: int, seed: int, plies: int) -> list[DrogoState]:
    """Copies of the positions of one random game (resigning now and then with 3-4 players)."""
    rng = random.Random(seed)
    state = game(parameters, players)
    positions = []
    while state.to_move is not None and state.ply < plies:
        positions.append(state.copy())
        if players > 2 and rng.random() < 0.01:
            state.play("Resign")
        else:
            state.play(state.random_move(rng))
    positions.append(state)
    return positions


class Draws(random.Random):
    """Draws that fall on the given move shapes in turn (indices into `_space`; the index
    len(_space) is `swap`), to steer random_move."""

    def __init__(self, size: int, picks: list[int]) -> None:
        super().__init__(0)
        self.values = [(pick + 0.5) / size for pick in picks]

    def random(self) -> float:
        return self.values.pop(0)


@pytest.mark.parametrize("parameters, players", PLAYOUT_SETTINGS)
def test_random_move_accepts_exactly_the_legal_shapes(parameters: str, players: int) -> None:
    """random_move's own copy of the candidate tests rejects no legal move: each shape drawn
    first is returned exactly when legal_moves lists it (else the next draw, a legal shape)."""
    for state in random_positions(parameters, players, 11, 150)[::7]:
        if state.to_move is None or state.to_move in state.resigned:
            continue
        legal = set(state.legal_moves())
        texts = [state._text(move) for move in state._space]
        fallback = next((index for index, text in enumerate(texts) if text in legal), None)
        if fallback is None:
            assert state.random_move(random.Random(0)) == "--" and legal == {"--"}
            continue
        size = len(texts) + ("swap" in legal)
        for index, text in enumerate(texts):
            expected = text if text in legal else texts[fallback]
            assert state.random_move(Draws(size, [index, fallback])) == expected


@pytest.mark.parametrize("parameters, players", PLAYOUT_SETTINGS)
def test_move_tested_by_random_move_plays_as_when_worked_out(parameters: str,
                                                             players: int) -> None:
    """play installs the position random_move worked out for its move; a copy taken before
    (which has none) works the move out again: both must end in the same state."""
    rng = random.Random(5)
    state = game(parameters, players)
    while state.to_move is not None and state.ply < 300:
        before = state.copy()
        move = state.random_move(rng)
        assert state.play(move) == before.play(move) == move
        assert state.render() == before.render() and state.stones() == before.stones()
        assert state.outcome() == before.outcome() and state.to_move == before.to_move
        assert state.legal_moves() == before.legal_moves()


def test_a_tested_move_is_worked_out_again_for_another_side() -> None:
    """X's a1 is X's own stack; after X resigns it is O's turn and a1 is an enemy stack away
    from O's, whatever random_move found for X."""
    state = game(players=3, moves=("a1", "f6", "c6"))
    a1 = state._space.index((state.board.cell("a1"), -1))
    assert state.random_move(Draws(len(state._space), [a1])) == "a1"
    state.play("Resign")
    assert refused(state, "a1") == "you may only build on an enemy stack next to your own group"
    assert state.height("a1") == 1


def test_copies_stay_independent_after_random_move() -> None:
    state = game(moves=("c3", "d4"))
    move = state.random_move(random.Random(2))
    clone = state.copy()
    assert clone.play(move) == state.play(move)
    state.play(state.random_move(random.Random(3)))
    assert clone.render() != state.render() and len(clone.stones()) + 1 <= len(state.stones())
    assert clone.ply == 3 and state.ply == 4


@pytest.mark.parametrize("parameters, players", PLAYOUT_SETTINGS)
def test_who_can_move_agrees_with_trying_every_cell(parameters: str, players: int) -> None:
    """The cheap who-can-move answers (settled when a move is committed) against trying one
    piece on every cell for every side; and the quick end test behind `to_move` against the
    full outcome."""
    for state in random_positions(parameters, players, 13, 400):
        assert (state.to_move is None) == state.outcome().over
        if state.to_move is None:
            continue
        for seat in range(players):
            trial = state.copy()
            can = any(trial._refusal((cell, -1), seat) is None for cell in range(len(trial.board)))
            assert state._seat_can_move(seat) == can
        assert state.board_moves_exist() == bool(state._board_moves())


@pytest.mark.parametrize("parameters", ["", "-easy_free"])
def test_every_enemy_group_without_freedom_is_captured_at_once(parameters: str) -> None:
    # X's b1 takes the last freedom of O's a1-a2 and of Y's b2 together. Judged one after
    # the other, removing either group would give the other a freedom and save it.
    state = game(parameters, 3, ("a3", "a1", "b2", "b3", "a2", "f6", "c2", "f5", "f4"))
    state.play("b1")
    assert [state.owner(c) for c in ("a1", "a2", "b2")] == [None, None, None]
    assert [state.height(c) for c in ("a1", "a2", "b2")] == [0, 0, 0]
    assert state.owner("b1") == "X"


def test_a_long_games_state_pickles_and_copies_whole() -> None:
    # The parallel search sends states to its workers pickled: nothing in a state may nest
    # deeper as the game goes on.
    state = game("-size=4")
    rng = random.Random(3)
    while state.to_move is not None and state.ply < 1500:
        state.play(state.random_move(rng))
    assert state.ply == 1500
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.copy()):
        assert (twin.render(), twin.stones(), twin.legal_moves(), twin.outcome()) == (
            state.render(), state.stones(), state.legal_moves(), state.outcome())


def test_a_copy_is_independent_of_its_original() -> None:
    state = game("-in_place", 2, ("c3", "c4", "d4,d3"))
    twin = state.copy()
    before = (state.render(), state.stones(), list(state.moves), state.legal_moves())
    rng = random.Random(1)
    for _ in range(30):
        twin.play(twin.random_move(rng))
    assert (state.render(), state.stones(), list(state.moves), state.legal_moves()) == before
