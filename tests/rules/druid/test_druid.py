"""Druid rules: options, sarsens, lintels, connections, pass, swap, resign, and the help page's
examples (pbmserv's help page, as docs/rules/druid.md reads it)."""

from __future__ import annotations

import random
from functools import partial

import pytest

from megalith.rules import registry
from megalith.rules.druid.game import DruidState
from megalith.rules.protocol import GameState, MoveError, OptionError, Stone


def game(parameters: str = "", moves: str = "", players: int | None = None) -> DruidState:
    state = registry.new_game("druid", parameters, players)
    assert isinstance(state, DruidState)
    for move in moves.split():
        state.play(move)
    return state


def refused(state: DruidState, move: str) -> str:
    """The reason `move` is refused; also checks that the refusal changed nothing."""
    before = (state.render(), list(state.moves), state.stones(), state.druids)
    with pytest.raises(MoveError) as info:
        state.play(move)
    assert (state.render(), list(state.moves), state.stones(), state.druids) == before
    return info.value.reason


# ---- options -------------------------------------------------------------------------------

def test_default_boards_and_sides() -> None:
    square, hexed, why = game(), game("-hex"), game("-y")
    assert (square.board.kind, square.board.size, len(square.board)) == ("square", 10, 100)
    assert (hexed.board.kind, hexed.board.size, len(hexed.board)) == ("hex", 5, 61)
    assert (why.board.kind, why.board.size, len(why.board)) == ("y", 8, 36)
    assert square.sides == ("V", "H") and hexed.sides == ("X", "O") and why.sides == ("X", "O")
    assert game("-hex", players=3).sides == ("X", "O", "Y")
    assert square.to_move == "V"


@pytest.mark.parametrize("parameters, players, message", [
    ("-y -hex", 2, "-y cannot be combined with -hex: Druid's Y has its own board"),
    ("-y -walk", 2, "-y cannot be combined with -walk: Druid's Walk is not played on the Y "
                    "board"),
    ("-hex -walk", 2, "Druid's Walk on the hex board is for three players: -walk with -hex "
                      "needs a third player"),
    ("", 3, "three players need the hex board (-hex)"),
    ("-y", 3, "three players need the hex board (-hex)"),
    ("-size=2", 2, "-size=2 is out of range for the square board (3 to 26)"),
    ("-hex -size=14", 2, "-size=14 is out of range for the hex board (2 to 13)"),
    ("-y -size=2", 2, "-size=2 is out of range for the Y board (3 to 26)"),
])
def test_option_conflicts(parameters: str, players: int, message: str) -> None:
    with pytest.raises(OptionError) as info:
        game(parameters, players=players)
    assert str(info.value) == message


def test_size_limits_are_playable() -> None:
    assert len(game("-size=3").board) == 9 and len(game("-size=26").board) == 676
    assert len(game("-hex -size=2").board) == 7 and len(game("-hex -size=13").board) == 469
    assert len(game("-y -size=3").board) == 6
    assert len(game("-walk -nostack -nogaps -size=4").legal_moves()) == 17


def test_player_count_limits() -> None:
    with pytest.raises(OptionError):
        game("-hex", players=4)


# ---- sarsens --------------------------------------------------------------------------------

def test_sarsen_on_ground_and_on_own_stones() -> None:
    state = game("-size=5", "c3 a1 c3")
    assert state.height("c3") == 2 and state.owner("c3") == "V"
    assert state.stones()[-1] == Stone(("c3",), 2, "V", "sarsen")


def test_sarsen_not_on_enemy_stone() -> None:
    state = game("-size=5", "c3")
    assert refused(state, "C3") == ("c3 is topped by a V stone: sarsens go on the ground or on "
                                    "your own stones")
    state.play("a1")
    assert refused(state, "a1") == ("a1 is topped by an H stone: sarsens go on the ground or on "
                                     "your own stones")


def test_nostack_forbids_sarsen_on_sarsen_only() -> None:
    state = game("-size=5 -nostack", "a1 e5 c1 e4")
    assert refused(state, "a1") == "with -nostack a sarsen may not go on a sarsen"
    state.play("a1-c1")
    state.play("e3")
    state.play("b1")  # on V's own lintel: allowed
    assert state.height("b1") == 3
    assert game("-size=5", "a1 e5 c1 e4").play("a1") == "a1"  # fine without -nostack


def test_cells_off_the_board_and_malformed_moves() -> None:
    state = game("-size=5")
    assert refused(state, "f1") == "f1 is not on the board"
    assert refused(state, "a6") == "a6 is not on the board"
    assert refused(state, "a1-a6") == "a6 is not on the board"
    assert refused(state, "3c") == ("'3c' is not a Druid move: write a cell for a sarsen (c3), "
                                    "two cells for a lintel (b2-b4), a direction for a Druid "
                                    "step in Druid's Walk, or a placement and a cell (c3,a4)")
    assert refused(state, "n") == "Druid steps are only for Druid's Walk (-walk)"
    assert refused(state, "c3,c4") == "moving a Druid is only for Druid's Walk (-walk)"


# ---- lintels --------------------------------------------------------------------------------

def test_lintel_canonical_form_accepts_either_end_first() -> None:
    state = game("-size=5", "b2 a1 b4 a2")
    assert state.play("B4-b2") == "b2-b4"
    state = game("-size=5", "a3 a1 c3 a2")
    assert state.play("c3-A3") == "a3-c3"
    assert state.stones()[-1] == Stone(("a3", "b3", "c3"), 2, "V", "lintel")
    assert [state.height(c) for c in ("a3", "b3", "c3")] == [2, 2, 2]


def test_lintel_must_be_a_straight_line_of_three() -> None:
    state = game("-size=5", "b2 a1 b5 a2 d4 a3")
    for move, first, second in (("b2-b5", "b2", "b5"), ("b2-d4", "b2", "d4"),
                                ("b2-b3", "b2", "b3")):
        assert refused(state, move) == (f"a lintel covers three cells in a straight line: "
                                        f"{first} and {second} are not the ends of one")


def test_lintel_not_on_the_ground() -> None:
    state = game("-size=5", "b2 a1")
    assert refused(state, "b2-b4") == ("a lintel cannot lie on the ground: both ends need a "
                                       "stone, b4 has none")
    assert refused(state, "b2-d2") == ("a lintel cannot lie on the ground: both ends need a "
                                       "stone, d2 has none")


def test_lintel_must_lie_flat() -> None:
    state = game("-size=5", "b2 a1 b2 a2 b4 a3")
    assert refused(state, "b2-b4") == "a lintel must lie flat: b2 has height 2, b4 has height 1"


def test_lintel_middle_may_not_stand_higher_than_the_ends() -> None:
    state = game("-size=5", "b2 a1 b3 a2 b3 a3 b4 a4")
    assert refused(state, "b2-b4") == ("a lintel must lie flat: the middle cell b3 has height 2, "
                                       "higher than the ends (1)")


def test_lintel_over_a_gap_rests_on_exactly_two_own_stones() -> None:
    state = game("-size=5", "b2 a1 b4 a2 b2-b4")
    assert [state.height(c) for c in ("b2", "b3", "b4")] == [2, 2, 2]
    assert state.owner("b3") == "V"


def test_lintel_on_three_own_stones_is_refused() -> None:
    state = game("-size=5", "b2 a1 b3 a2 b4 a3")
    assert refused(state, "b2-b4") == ("a lintel must rest on exactly two of your stones: it "
                                       "would rest on 3 V stones (b2 V, b3 V, b4 V)")


def test_lintel_on_one_own_stone_is_refused() -> None:
    state = game("-size=5", "b2 b3 e5 b4")
    assert refused(state, "b2-b4") == ("a lintel must rest on exactly two of your stones: it "
                                       "would rest on 1 V stone (b2 V, b3 H, b4 H)")


def test_lintel_only_counts_stones_at_the_level_below_it() -> None:
    # b3 is V's at height 1, below the ends at height 2 (V's b2, H's b4): only one own stone
    # holds the lintel up, the lower middle one does not count.
    state = game("-size=5", "b2 b4 b2 b4 b3 a1")
    assert refused(state, "b2-b4") == ("a lintel must rest on exactly two of your stones: it "
                                       "would rest on 1 V stone (b2 V, b4 H)")


def test_nogaps_needs_the_middle_at_the_same_height() -> None:
    state = game("-size=5 -nogaps", "b2 a1 b4 a2")
    assert refused(state, "b2-b4") == ("with -nogaps a lintel must rest on three stones: b3 has "
                                       "height 0, the ends 1")
    state.play("c5")
    state.play("b3")
    assert state.play("b2-b4") == "b2-b4"


def test_help_page_lintel_pictures() -> None:
    # Two V sarsens with a gap between them.
    assert "b1-d1" in game("-size=5", "b1 a5 d1 b5").legal_moves()
    # An H sarsen beside two V sarsens.
    assert "b1-d1" in game("-size=5", "c1 b1 d1 a5").legal_moves()
    # A V lintel (raised on sarsens here) beside an H stone of the same height: the new lintel
    # rests on two units of the V lintel and on the H stone.
    state = game("-size=5", "a1 d1 c1 d1 a1-c1 e5")
    assert state.height("d1") == 2 and state.owner("d1") == "H"
    assert state.play("b1-d1") == "b1-d1"
    assert state.stones()[-1] == Stone(("b1", "c1", "d1"), 3, "V", "lintel")


def test_hex_lintels_along_the_three_axes() -> None:
    state = game("-hex", "e3 a1 e5 a2 e3-e5")
    assert state.owner("e4") == "X" and state.height("e4") == 2
    state = game("-hex", "c3 a1 e5 a2")  # c3 -> d4 -> e5 is a straight north-east line
    assert state.play("e5-c3") == "c3-e5"
    state = game("-hex", "c4 a1 e4 a2")  # c4 -> d4 -> e4 runs south-east
    assert state.play("e4-C4") == "c4-e4"
    assert state.stones()[-1] == Stone(("c4", "d4", "e4"), 2, "X", "lintel")
    state = game("-hex", "c4 a1 e3 a2")
    assert refused(state, "c4-e3") == ("a lintel covers three cells in a straight line: c4 and "
                                       "e3 are not the ends of one")


def test_covered_stones_no_longer_connect() -> None:
    # H has a2 b2 at height 1; V's lintel b1-b3 across column b covers b2 (resting on V's b1,
    # H's b2 and V's b3), so H's c2 and d2 do not finish a row.
    state = game("-size=4", "b1 a2 b3 b2 b1-b3")
    assert state.owner("b2") == "V" and state.height("b2") == 2
    state.play("c2")
    state.play("d4")
    state.play("d2")
    assert not state.outcome().over
    assert state.stones()[0] == Stone(("b1",), 1, "V", "sarsen")


# ---- connections ----------------------------------------------------------------------------

def test_v_connects_bottom_and_top_rows() -> None:
    state = game("-size=3", "b1 a1 b2 a2")
    assert not state.outcome().over
    state.play("b3")
    outcome = state.outcome()
    assert (outcome.status, outcome.winner) == ("win", "V")
    assert outcome.reason == "V connected the bottom and top rows"
    assert outcome.chain == ("b1", "b2", "b3")
    assert state.to_move is None and state.legal_moves() == []
    assert refused(state, "c1") == "the game is over"


def test_h_connects_left_and_right_columns_at_any_heights() -> None:
    state = game("-size=3", "a1 a2 a1 b2 a1")
    state.play("b2")  # H's b2 at height 2 next to a2 and c2 at height 1
    state.play("b1")
    state.play("c2")
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("H", "H connected the left and right columns")
    assert outcome.chain == ("a2", "b2", "c2")


def test_diagonal_stones_do_not_connect_on_the_square_board() -> None:
    state = game("-size=3", "a1 a3 b2 b3 c3")
    assert not state.outcome().over


def test_help_page_sample_game() -> None:
    moves = ("b7 b5 b8 b1 b4 f1 b6 d1 b4-b6 a5 d4 c5 d4 d5 b4-d4 e5 d3 f5 d2 g5 c1 h5 e1 f4 "
             "c1-e1")
    state = game("-size=8", moves)
    page_owners = [
        ". v . . . . . .",
        ". v . . . . . .",
        ". v . . . . . .",
        "h v h h h h h h",
        ". v v v . h . .",
        ". . . v . . . .",
        ". . . v . . . .",
        ". h v v v h . .",
    ]
    page_heights = [
        ". 1 . . . . . .",
        ". 1 . . . . . .",
        ". 2 . . . . . .",
        "1 2 1 1 1 1 1 1",
        ". 3 3 3 . 1 . .",
        ". . . 1 . . . .",
        ". . . 1 . . . .",
        ". 1 2 2 2 1 . .",
    ]
    rows = [f"{8 - k} {o} {8 - k}     {8 - k} {h} {8 - k}"
            for k, (o, h) in enumerate(zip(page_owners, page_heights))]
    letters = "  A B C D E F G H         A B C D E F G H"
    assert state.render() == "\n".join([letters, *rows, letters])
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("V", "V connected the bottom and top rows")
    assert outcome.chain == ("d1", "d2", "d3", "d4", "c4", "b4", "b5", "b6", "b7", "b8")


def _play_paths(state: DruidState, plan: dict[str, list[str]]) -> None:
    """Play each side's cells in turn order; sides with fewer cells fill in with cells away
    from every side of the board that nobody else uses."""
    board = state.board
    edge = set().union(*board.sides.values())
    used = {c for cells in plan.values() for c in cells}
    spare = [n for i, n in enumerate(board.names) if i not in edge and n not in used]
    queues = {s: list(plan.get(s, [])) for s in state.sides}
    while any(queues.values()):
        side = state.to_move
        assert side is not None, f"the game ended early: {state.outcome()}"
        state.play(queues[side].pop(0) if queues[side] else spare.pop(0))


def test_two_player_hex_first_winning_path_of_the_page() -> None:
    # The help page's first diagram of O's winning paths: S3 (c7), S5 (i3) and S1 (c1).
    path = "c7 d7 d6 e6 e5 d4 f4 g4 h3 d3 c2 c1 i3".split()
    state = game("-hex")
    _play_paths(state, {"O": path})
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("O", "O connected sides S1, S3 and S5")
    assert set(outcome.chain) <= set(path) and "i3" in outcome.chain


def test_two_player_hex_second_winning_path_of_the_page() -> None:
    # The second diagram: S2 (a3), S4 (g7) and S6 (g1).
    path = "a3 b4 c4 d5 e5 f5 f6 g6 e4 f3 f2 g1 g7".split()
    state = game("-hex")
    _play_paths(state, {"O": path})
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("O", "O connected sides S2, S4 and S6")
    assert outcome.chain[0] == "a3"


def test_two_player_hex_adjacent_sides_do_not_win() -> None:
    # Column a runs from a1 (S1, S2) to a5 (S2, S3): three adjacent sides.
    state = game("-hex")
    _play_paths(state, {"X": "a1 a2 a3 a4 a5".split()})
    assert not state.outcome().over


def test_three_player_hex_x_connects_s1_and_s4() -> None:
    state = game("-hex", players=3)
    _play_paths(state, {"X": "e1 e2 e3 e4 e5 e6 e7 e8 e9".split()})
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("X", "X connected sides S1 and S4")
    assert outcome.chain[0] in ("e1",) and outcome.chain[-1] == "e9"


def test_three_player_hex_other_pairs_do_not_win_for_x() -> None:
    # Column a joins S1 and S3 (and S2): X owns S1 and S4, so nothing is won.
    state = game("-hex", players=3)
    _play_paths(state, {"X": "a1 a2 a3 a4 a5".split()})
    assert not state.outcome().over
    # The same column wins for Y, whose sides are S2 and S5? No: it touches S2 only; Y needs
    # S5 (column i) too.
    state = game("-hex", players=3)
    _play_paths(state, {"Y": "a3 b4 c4 d5 e5 f5 g4 h4 i4".split()})
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("Y", "Y connected sides S2 and S5")


def test_y_board_win_needs_all_three_sides() -> None:
    state = game("-y")
    _play_paths(state, {"X": "b1 b2 b3 b4 b5 b6 b7".split()})  # bottom and right, not left
    assert not state.outcome().over
    state = game("-y")
    _play_paths(state, {"O": "a4 b4 c4 c5 c3 c2 c1 c6".split()})
    outcome = state.outcome()
    assert (outcome.winner, outcome.reason) == ("O", "O connected all three sides")
    assert set(outcome.chain) >= {"a4", "c6", "c1"}


# ---- pass, swap, resign --------------------------------------------------------------------

def test_empty_board_move_counts() -> None:
    assert len(game().legal_moves()) == 101  # 100 sarsens and the pass
    after = game("", "c3").legal_moves()
    assert len(after) == 101 and "swap" in after and "c3" not in after  # 99 + pass + swap
    assert len(game("-hex").legal_moves()) == 62
    assert len(game("-hex", players=3).legal_moves()) == 62
    assert "swap" not in game("-hex", "a1", players=3).legal_moves()
    assert len(game("-y").legal_moves()) == 37


def test_all_players_passing_is_a_draw() -> None:
    state = game("-size=5", "c3 pass c4 --")  # a move breaks the run of passes
    assert not state.outcome().over
    state.play("pass")
    assert state.outcome().status == "draw" and state.moves[-1] == "--"
    state = game("-hex", "c3 -- -- --", players=3)
    assert state.outcome().status == "draw"
    assert state.outcome().reason == "every player passed in succession"


def test_swap_only_as_the_second_move() -> None:
    state = game("-size=5", "c3")
    assert state.play("swap") == "swap"
    assert state.to_move == "H" and state.swapped
    assert refused(state, "swap") == "the opening has already been swapped"
    assert refused(game("-size=5"), "swap") == "swap is only legal as the second move"


def test_resign() -> None:
    state = game("-size=5", "c3 resign")
    assert (state.outcome().status, state.outcome().winner) == ("win", "V")
    state = game("-hex", "a1 resign", players=3)
    assert not state.outcome().over
    assert state.play("c3") == "c3"  # Y plays on, then X; O may only pass now
    assert state.play("d3") == "d3"
    assert state.legal_moves() == ["--"]
    assert refused(state, "e3") == "O has resigned and can only pass (--)"


# ---- the engine's own guarantees -------------------------------------------------------------

@pytest.mark.parametrize("parameters, players", [
    ("-size=5", 2), ("-size=4 -nostack", 2), ("-size=4 -nogaps", 2), ("-hex -size=3", 2),
    ("-hex -size=3", 3), ("-y -size=5", 2), ("-size=4 -walk", 2), ("-hex -size=3 -walk", 3),
])
def test_fast_legality_agrees_with_play(parameters: str, players: int) -> None:
    """Every placement is legal by `legal_moves` exactly when `play` accepts it, and a refusal
    changes nothing; checked along seeded random games."""
    rng = random.Random(7)
    for _ in range(3):
        state = game(parameters, players=players)
        while not state.outcome().over and state.ply < 120:
            legal = set(state.legal_moves())
            for pid in range(state._tables.count):
                text = state.placement_text(pid)
                probe = state.copy()
                try:
                    probe.play(text)
                    accepted = True
                except MoveError:
                    accepted = False
                assert accepted == (text in legal), (parameters, state.moves, text)
            choices = sorted(legal - {"--", "swap"})
            if not choices:
                break
            state.play(rng.choice(choices))


def test_random_placements_are_legal_and_cover_the_choices() -> None:
    state = game("-size=4", "a1 b1 a2 b2 a3")
    legal = {m for m in state.legal_moves() if m not in ("--",)}
    rng = random.Random(3)
    seen = {state.placement_text(state.random_placement(rng) or 0) for _ in range(2000)}
    assert seen == legal


def test_no_placement_left_leaves_the_pass() -> None:
    # With -walk a connection does not win and with -nostack V cannot stack: once V covers the
    # board, H has nothing to place and V only Druid steps.
    state = game("-size=3 -walk -nostack", "a1 -- a2 -- a3 -- b1 -- b2 -- b3 -- c1 -- c2 -- c3")
    assert not state.outcome().over
    assert state.random_placement(random.Random(1)) is None
    assert state.legal_moves() == ["--"] and not state.board_moves_exist()
    state.play("--")
    assert state.legal_moves() == ["--", "e", "n"]
    assert state.random_placement(random.Random(1)) is None


@pytest.mark.parametrize("parameters, players", [
    ("-size=4", 2), ("-size=4 -nostack", 2), ("-walk -size=4", 2), ("-hex -size=2 -walk", 3),
])
def test_play_answers_as_the_protocols_play(parameters: str, players: int) -> None:
    """DruidState.play's quick ways for moves written as the legal moves are give what the
    protocol's play gives, legal or not: the same canonical text or refusal, the same
    position after."""
    rng = random.Random(4)
    state = game(parameters, players=players)
    while state.to_move is not None and state.ply < 30:
        names = state.board.names
        written = [state.placement_text(pid) for pid in range(state._tables.count)]
        candidates = (state.legal_moves() + written + list(state.board.directions)
                      + [f"{rng.choice(written)},{rng.choice(names)}" for _ in range(40)])
        for move in candidates:
            quick, generic = state.copy(), state.copy()
            answers = []
            for play in (quick.play, partial(GameState.play, generic)):
                try:
                    answers.append(play(move))
                except MoveError as refusal:
                    answers.append(refusal.reason)
            assert answers[0] == answers[1], (state.moves, move)
            assert (quick.moves, quick.render(), quick.stones(), quick.druids, quick.outcome()) \
                == (generic.moves, generic.render(), generic.stones(), generic.druids,
                    generic.outcome()), (state.moves, move)
        state.play(state.random_move(rng))


def test_copy_is_independent() -> None:
    state = game("-size=5", "c3 a1")
    twin = state.copy()
    twin.play("c3")
    assert state.height("c3") == 1 and twin.height("c3") == 2
    assert state.moves == ["c3", "a1"] and len(state.stones()) == 2


@pytest.mark.parametrize("parameters, players", [("-size=5", 2), ("-hex -walk", 3)])
def test_copy_copies_the_containers_the_protocols_copy_would(parameters: str,
                                                             players: int) -> None:
    """DruidState.copy names the containers it copies; they must be every container the
    protocol's copy copies (those not shared as tables), no fewer, and no other."""
    state = game(parameters, "c3 a1", players=players)
    twin = state.copy()
    copied = {name for name, value in vars(state).items()
              if isinstance(value, (list, set, dict)) and name not in state.shared_fields}
    assert vars(twin).keys() == vars(state).keys()
    for name, value in vars(state).items():
        assert (vars(twin)[name] is value) == (name not in copied), name
        assert vars(twin)[name] == value, name


def test_views_helpers() -> None:
    state = game("-size=5", "b2 a1 b4 a2")
    assert state.move_cells("b2-b4") == ("b2", "b4")
    assert state.move_cells("c3") == ("c3",)
    assert state.move_cells("--") == () and state.move_cells("swap") == ()
    assert state.owner("c3") is None and state.height("c3") == 0
    sides = state.goal_sides()
    assert sides["V"][0] == ("a1", "b1", "c1", "d1", "e1")
    assert sides["H"][1] == ("e1", "e2", "e3", "e4", "e5")
    hex_sides = game("-hex", players=3).goal_sides()
    assert hex_sides["X"] == [("a1", "b1", "c1", "d1", "e1"), ("e9", "f8", "g7", "h6", "i5")]
    assert game("-hex").goal_sides() == {"X": [], "O": []}  # no edge is a player's own
    assert len(game("-y").goal_sides()["X"]) == 3
    assert state.druids == {} and state.targets == {}


def test_hex_render_layout() -> None:
    state = game("-hex -size=2", "a1 c2 a1")
    assert state.render() == "\n".join([
        "A B C     A B C",
        "  .         .",
        ".   o     .   1",
        "  .         .",
        "x   .     2   .",
        "  .         .",
        "A B C     A B C",
    ])


@pytest.mark.parametrize("parameters, players", [
    ("-size=6", 2), ("-hex -size=4", 3), ("-y -size=6", 2), ("-size=5 -walk", 2),
    ("-hex -size=3 -walk", 3),
])
def test_the_record_replays_to_the_same_position(parameters: str, players: int) -> None:
    """A seeded random game (passes and Druid steps included), replayed from its canonical
    record, and once more from the record in upper case with lintel ends swapped, reaches the
    same position and result."""
    rng = random.Random(5)
    state = game(parameters, players=players)
    while not state.outcome().over and state.ply < 200:
        state.play(rng.choice([m for m in state.legal_moves() if m != "swap"]))
    variants = [list(state.moves), [_respell(m) for m in state.moves]]
    for moves in variants:
        replay = game(parameters, players=players)
        for move, canonical in zip(moves, state.moves):
            assert replay.play(move) == canonical
        assert replay.render() == state.render()
        assert replay.stones() == state.stones()
        assert (replay.druids, replay.targets) == (state.druids, state.targets)
        assert replay.outcome() == state.outcome()


def _respell(move: str) -> str:
    placement, comma, step = move.partition(",")
    if "-" in placement and placement != "--":
        first, _, second = placement.partition("-")
        placement = f"{second}-{first}"
    return (placement + comma + (" " if comma else "") + step).upper()


def test_benchmark_playout_runs_the_engine() -> None:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parents[3] / "benchmarks" / "druid_playouts.py"
    spec = importlib.util.spec_from_file_location("druid_playouts", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert 0 < module.playout("-y", random.Random(1), 5000) < 5000


NAIVE_GOALS: dict[tuple[str, int], dict[str, list[tuple[str, ...]]]] = {
    ("square", 2): {"V": [("bottom", "top")], "H": [("left", "right")]},
    ("hex", 2): {s: [("S1", "S3", "S5"), ("S2", "S4", "S6")] for s in "XO"},
    ("hex", 3): {"X": [("S1", "S4")], "O": [("S3", "S6")], "Y": [("S2", "S5")]},
    ("y", 2): {s: [("left", "bottom", "right")] for s in "XO"},
}


def _naive_connected(state: DruidState, side: str) -> bool:
    """Whether `side` connects its goal, by a plain search over owner() and the board's
    neighbour lists (independent of the engine's bitboards)."""
    board = state.board
    mine = {i for i, name in enumerate(board.names) if state.owner(name) == side}
    seen: set[int] = set()
    for start in sorted(mine):
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            for d in board.neighbours[todo.pop()]:
                if d in mine and d not in group:
                    group.add(d)
                    todo.append(d)
        seen |= group
        for sides in NAIVE_GOALS[board.kind, len(state.sides)][side]:
            if all(group & board.sides[s] for s in sides):
                return True
    return False


@pytest.mark.parametrize("parameters, players", [
    ("-size=3", 2), ("-size=7", 2), ("-size=12", 2), ("-hex -size=2", 2), ("-hex -size=4", 2),
    ("-hex -size=6", 3), ("-y -size=3", 2), ("-y -size=9", 2),
])
def test_wins_match_a_plain_search(parameters: str, players: int) -> None:
    """After every move of seeded random games, the game is won exactly when a plain search
    finds the mover connected; this checks the bitboard layout on every board shape."""
    rng = random.Random(11)
    for _ in range(20):
        state = game(parameters, players=players)
        while state.ply < 300:
            mover = state.to_move
            pid = state.random_placement(rng)
            if mover is None or pid is None:
                break
            state.play(state.placement_text(pid))
            assert state.outcome().over == _naive_connected(state, mover), state.moves
            if state.outcome().over:
                assert state.outcome().winner == mover
                chain = state.outcome().chain
                assert all(state.owner(c) == mover for c in chain)
                break


@pytest.mark.parametrize("parameters, players", [
    ("-size=5", 2), ("-hex -size=3", 2), ("-hex -size=4", 3), ("-y -size=5", 2),
])
def test_reach_sets_follow_the_board(parameters: str, players: int) -> None:
    """The cells each player reaches each goal side with (kept move by move, and found again
    when a lintel covers one of them) are, after every move of seeded random games, those a
    plain search from that side over the player's cells finds."""
    rng = random.Random(5)
    covered = 0
    for _ in range(15):
        state = game(parameters, players=players)
        while state.to_move is not None and state.ply < 200:
            before = [state._own[p] for p in range(players)]
            state.play(state.random_move(rng))
            covered += any(mine & ~now for mine, now in zip(before, state._own))
            for p, side in enumerate(state.sides):
                mine = {i for i, name in enumerate(state.board.names)
                        if state.owner(name) == side}
                for slot, bits, _ in state._tables.reach_sides[p]:
                    todo = [i for i in mine if state._tables.bits[i] & bits]
                    found = set(todo)
                    while todo:
                        for d in state.board.neighbours[todo.pop()]:
                            if d in mine and d not in found:
                                found.add(d)
                                todo.append(d)
                    assert state._reach[slot] == sum(state._tables.bits[i] for i in found), \
                        state.moves
    assert covered >= 10  # lintels covered other players' stones
