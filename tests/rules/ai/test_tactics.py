"""Tactics within three plies at the medium level (700 iterations), on each two-player
family's default board: a move after which every reply allows a winning move is found and
proven, and where the opponent threatens one, a move that leaves them neither a win in one
nor a forced win in three is chosen.

The positions come from games played at random (`playout_move`) to a win: walking back from
the end, the first position where the winner had no win in one but a move forcing a win in
three (for "won"), and the position one ply before it, where the loser still had a defence
that few moves give (for "defend"). Each test first checks, by trying the moves, that the
position is as described, so a rules change that spoils it fails loudly. Random Trichet
games that end in a win were all lost by a blunder, so its positions are the first of game 37
(random.Random(37), playout_move) where a move forced a win in three (ply 4, "defend" one ply
before) and the last (ply 8, "won"). Dragons' "defend" position comes from a game between
60-iteration searches, looked at ply by ply: near a game's end the loser's positions were
lost anyway, deeper. In the seven Druid's Walk games looked at, the loser never had a
defence one ply before the win, so its "defend" position is crafted (see DRUID_WALK_DEFEND).
With 185 moves at the root each gets about four visits there, too few to find a forcing
reply below each careless move; the reply found below one is tried below the others
(Solver.forcing_reply), which proves nearly all of them lost. Every proof the search makes
in them is replayed on the rules. The
search before proofs (decisive moves at the root and its children only, 9ab1f72) played
another move in the Druid Y win on two seeds of three, in the Dragons win and the Druid Y
defence on all three, and proved none of the wins. In Druid's Walk and Trichet the winning
move leaves 162 and 138 replies to refute, more than 700 iterations can visit twice each: the
search before refutations at expansion (9845d61) played another winning move in the Walk
without proving it, and in Trichet a move that forces nothing, on both seeds."""

from __future__ import annotations

import functools

import pytest

from megalith.rules import registry
from megalith.rules.ai.mcts import Search, SearchResult
from megalith.rules.protocol import GameState
from tests.rules.ai.tactics import (after, defends, forces_win_in_three, has_win_in_one,
                                    proof_holds, threatens)

MEDIUM = 700  # the medium level's iterations in each worker
SEEDS = (0, 1)

# A whole game each, cut where a test needs it.
DRUID_SQUARE = (
    "g9 a1 j8 h2 f1 g10 i8 c5 f2 h6 f3 j5 a8 j5 h10 c4 d1 i2 f2 d7 f5 a4 a5 i7 h10 j9 d4 -- "
    "b5 g5 c3 g10 e5 a6 d3 j5 g7 a4-c4 d3-f3 g10 d8 j9 h10 i5 i4 h6 a2 c10 b7 c7 d8 c6 c8 "
    "g5-i5 c2 d6 a8-c8 h3 b7 h5 c2 h4 a9 e6 j7 b4 i10 c1 b10 d10 f9 f8 a5-c5 i3 g3 e10 j10 "
    "-- j8 b6 b1 c10 j6 h7 e5 d2 e3-e5 h5 f3 f6 g7 b4 a3 a1 c3 h2 d5 e8 h1 d6").split()
DRUID_SQUARE_DEFEND = (
    "f10 d4 c3 g5 -- f5 f1 c4 g2 a6 g10 j9 c10 g8 b7 j9 i9 d8 b7 h5 j4 d6 c6 f2 d10 b9 f8 g4 "
    "a4 i10 g10 j9 e6 e4 f3 h9 a4 i10 e5 g1 h6 c5 c3 c8 j5 a5 d7 j2 a1 f5 a9 e7 c2 e1 d2 d4 "
    "j5 f9 c9 a6 j6 c5 f3 a2 h6-j6 f9 h8 j7 h8 f2 i2 h1 b8 f1-h1 d1 h2 h7 h3 j5 g6 e4-e6 c5 "
    "i4 b1 j6 j1 e2 g7 c7 f9 h7 e7 c9 b4 c6-c8 h3-h5 -- d5 i6 b6 h5-h7 i1 h6 f7 d3 a10 c1 "
    "e9 c9").split()
DRUID_HEX = (
    "a3 e5 a4 -- g3 h4 h1 g1 f8 g2 c5 -- a4 e1 e7 h5 d2 d5 b5 e9 i4 i5 c4 d5 b3 e5 b4 c1 g6 "
    "c6 a2 e2 g5 e1-g1 e7 d3 d7 d1 a1 e4 c4-c6 d5 d7-f8 h3 d7 h3 -- c1 f5 g1 b6 a5 e7 b1"
).split()
DRUID_Y = (
    "d3 b3 c1 a7 d2 e2 c3 b3 d1 c5 f1 b1 c3 b1 f1 c2 f1 a5 e3 a5-c5 g2 -- c6 e2 h1 f3 d2 g1 "
    "c3 a5 a2 e4 b6 g1 a1 a5 b2 a6 b7").split()
QUADY = (
    "a8 c5 c10 d6 b4 d10 f15 f14 a14 f7 j11 f8 f6 e7 g15 i14 c7 b9 j12 j13 l14 a15 a5 g12 "
    "c13 f11 a7 b11 h15 m14 k11 a9 e15 c12 k14 g11 e10 f12 g10 e6 g14 c3 f9 o15 d7 g9 l13 c9 "
    "b12 d15 g7 h12 d9 a11 f13 c15 j15 k13 k15 b2 g8 c14 i15 i12 h14 h8 b7 i10 b6 a10 a2 d14 "
    "h9 b5 m15 f10 a4 d13 c6 b3 d11 b8 e5 i11 b14 n15 c11 b15 e11 a3 c8 n14 a13 e9 e14 l12 "
    "e13 e8 c4 l15 a6 k12").split()
QUADY_DEFEND = (
    "c12 g10 d12 d7 g14 h14 a13 e6 h11 d9 b8 j15 o15 c3 m14 g12 a10 g8 c13 j10 e13 b13 a6 "
    "b14 m15 l15 h12 a1 b6 h15 a9 h9 c15 b9 k11 h10 b4 e12 k14 d6 f7 e10 b3 e11 j11 l14 c6 i9 "
    "d5 c14 b5 f14 i15 e8 i12 a7 e5 l12 c11 f9 h13 c9 d4 i10 b10 n14 a8 i11 e15 d11 a11 d10 "
    "f10 a4 f11 j13 f13 i14 k15 i13 b15 f12 f15 c7 l13 a12 d8 j12 e7 c4 a5 c8 a14 f8 e9 e14 "
    "j14 a2").split()
DRAGONS = "l5 k8 a8 c1 k11 l9 k7 h5".split()
# Game 10 of `tactics_positions.py dragons "" --search 60 --last 0 --defend` (each side a
# 60-iteration search), ply 11, O to move: O's h11 (played in the game) leaves a gap, which
# X fills (g11, i11 or k11) so as to leave O another, and once O has filled it X closes a
# loop (l18). 21 of O's 86 moves defend, and the position is not lost deeper: the search
# proves 51 to 54 of the other 65 lost and defends on each of seeds 0 to 9.
DRAGONS_DEFEND = "d3 a3 d5 k5 j4 f8 b10 i7 l6 e14 e22".split()
# Drogo on its default board under -in_place: under the default rules random games (and the
# search's own, docs/computer.md) do not end, so no position of them has a win to force.
DROGO = (
    "b1 d6 e4,e4 e1,f1 c2,b2 d2,d1 e6,e6 b4 b2 c4,c5 f5,e5 c3,b3 b2 e3,e2 b3 a5 a6,b6 d4,d4 "
    "b4,c4 f4 f3 f3,f4 f5 a4,a4 a1 e1 a1,a1 e4,d4 b6,b6 d1 a3,a3 c3,c2 f6,f6 a5,a5 f6 d1,d1 "
    "a6 a6,a6 b3 c4,c3 b4,b4 c6,c6 a4,a3 b3,b2 b1 b6 d6 f1,f1 c6 a4,a3 f6,f6 b3,a3 e5,e5 "
    "e4,e4 c6,c6 e4 b1 e2,e3 e6,e6 b4,a4 a1,a1 d3 f6 a6 d6 e1 c5 d4,d4 a1 b1 c4,c4 d4 f5 d3 "
    "b6 f2,f2 f5,f5 a2,a2 c5 c2 c6,b6 c2,c3 d5 c4,b4 d6 f4,f4 e5,e5 a4 d6,e6 f2,e2 c5 a2,a2 "
    "e6,e5 c3,c3 d6 f3,f3 c5,c5 b2,b2 d5 c2,c2 f4,f4 e2,e1 a6 f2 f3,f2 b1 a5,a5 e1 e3,d3 "
    "d3,e3 f3 d1 f5 e2,e2 e3,e3 f1 a5 d3 f2 a3,b3 f1 c1 f1 a2 d5 d2 d3 a2 e1 b1 d2 c1 d5 d5 "
    "d2 d5 d1 c1").split()

DRUID_WALK = (
    "d5 f1 b6 i3 f2 b1 g3 a7 c8 g7 h8 a2 d8 f4 e6 h7 j2 i10 b2 c5 g5 e5 h1 h2 d8 a1 i6 b1 "
    "i9 c5 e1 c2 g5 i3 b7 d1 e7 a1 e4 f1 e10 i7 e4 d10 d3 c4 -- i4 g2 d1 g1,g1 b9 f3,h1 g9 "
    "e9 d9 a5 i5 d6,g1 b8 b10,g2 j10 i1,g3 j4 e1,g2 h2 e5-e7,g1 b7-b9,b7 c6 h4 f6,g2 "
    "c2-c4,b8 b4 d1,b7 b5,g1 h6 d4,h1 f5 j2 j5,b8 d5,g1 a6,b9 g4,g2 i4,b8 g1,g3 c3,b9 "
    "b10,g2 d9,b8 i2 d9,b9 j9 g10 j3 d1 e4 j3-j5 i9 c9 f3,g3 i5-i7 a9,g4 a7,b8 g8,g5 g9,b9 "
    "e5 f4-h4 f8 a1,b8 f8 f1,b9 c6-c8 a7-c7,c9 f10 e8 d8 i10,b9 g6 j5 e6 c1 g6-g8 h6,b8 "
    "h8,g6 c3,b7 j2 j6,b8 d2,g7 b7,b9 e4,g6 i10,b8 d7 j6,b7 b2,g5 c10,c7 h10,g6 e3 g5 "
    "c4-c6 i9,f6 e8,c6 b3 j7 d5,g6 f4 e9,g5 g4 g3 a1,c7 j8 a2 f9,g6 c1,b7 h1,g7 b8 b3 i6 "
    "h1,g6 h2-h4,a7 f9,f6 g10,b7 e9,g6 c10-e10,b8 e6,g5 c10,b9 h10 i8 b1-b3 a7,b8 e2 "
    "e10,b9 d2,g6 c10,c9 a5 i4,d9 b2,g7 i3,d10 e4-e6,g8 c2,c10 e5 e8,d10 g1-g3 a8,e10 "
    "e6,g7 c10,d10 i9,g6 g9 a3,g7 c9 j2 j7 d7,g6 f7,e10 e4,g7 d1,d10 d6 i3,d9 g3,g8 c3,c9 "
    "d3,g7 f5-f7,c10 e9,g6 e3,c9 h10 e10,c10 d3,g5 a6,c9 i1,g6 d9,d9 b6,g7 a4,d10 d2,g6 "
    "e10,d9 e9,g7 a10 f7-f9,g8 c1,d10 b6 c6 c8,f8 e10,c10 e9,g8 h7 e6,g7 b9,d10 e5,g6 "
    "c3,d9 e1,g5 a10,d10 d4 h1-h3,e10 b4,g6 j3,d10 n s h10,f7 c3,c9 i1 i10 h10,f8 d9 f9,g8 "
    "c6,c10 g6,f8 h7,c9 j1,f7 a6 f10,g7 f6,c10 d8-f8,g8 d10,d10 e1,g7 g4 f7,f7 c9,e10 h8 "
    "h7 i1 a2,d10 h8,g7 c10,d9 c8,g8 f4-f6,c9 h8,g7 j5,b9 g6,g8 b7 g3,h8 j3 e4,g8 f5 d7 "
    "c7,b8 g6 h2 h8-h10,h8 j7,a8 a9,h9 h4,b8 j1,h8 c1,a8 d5 d1,b8 j8,g8 c4,b9 h9 j5,b8 "
    "e2,g7 j7,a8 g5,g8 c1,b8 w h5,a8 d5,f9 b7,b8 j8 c3,b9 a3,f10").split()
# Crafted (random and weakly searched Walk games had no defence one ply before a forced win,
# docs/computer.md): V has laid e10 and e9 and walks its Druid up column e, onto e8; H's
# Druid has set off along row 6, and H has laid d9 and f9 either side of e9. V threatens to
# step to e9 and then to e10, which H can no longer cover (after H's c7,c7, 90 of V's 272
# moves force the win: the step alone or after any placement); only the lintel d9-f9 over
# e9 defends, alone or with H's step back to b6: 2 of H's 185 moves. The search plays it on
# each of seeds 0 to 9, having proven nearly all the others lost (8 of 10 seeds without
# Solver.forcing_reply, which proved none).
DRUID_WALK_DEFEND = (
    "e1 a6 e10 b6,b6 e9 d9 e2,e2 c6,c6 e3,e3 f9 e4,e4 h3 e5,e5 b2 e6,e6 g8 e7,e7 i5 e8,e8"
).split()
TRICHET = "d9 a18 d22 e4 e34 c33 d37 c1 d15 a38 e10 d37 f48".split()

# name: (game, options, moves, a move that forces a win in three)
WON = {
    "druid square 10": ("druid", "", DRUID_SQUARE, "b5-b7"),
    "druid hex 5": ("druid", "-hex", DRUID_HEX[:54], "g6-i4"),
    "druid y 8": ("druid", "-y", DRUID_Y, "e4-g2"),
    "quadrant y 15": ("quady", "", QUADY, "e12"),
    "dragons": ("dragons", "", DRAGONS, "i1"),
    "drogo 6 in place": ("drogo", "-in_place", DROGO, "d2,d2"),
    # 162 and 138 replies to refute after the winning move (see refutations below).
    "druid walk 10": ("druid", "-walk", DRUID_WALK[:292], "d5,f9"),
    "trichet": ("trichet", "", TRICHET[:8], "f27"),
}
# name: (game, options, moves, a move that lets the opponent force a win (the move played
# in the game), a move that defends)
DEFEND = {
    "dragons": ("dragons", "", DRAGONS_DEFEND, "h11", "f1"),
    "druid square 10": ("druid", "", DRUID_SQUARE_DEFEND, "--", "b5"),
    "druid hex 5": ("druid", "-hex", DRUID_HEX[:53], "b1", "g5-i5"),
    "druid y 8": ("druid", "-y", DRUID_Y[:36], "b2", "d4"),
    "druid walk 10": ("druid", "-walk", DRUID_WALK_DEFEND, "c7,c7", "d9-f9"),
    "quadrant y 15": ("quady", "", QUADY_DEFEND, "k13", "b7"),
    # Lost anyway, as the search proves (in five plies or more), but d2 alone does not lose
    # within three: the search resists longest.
    "drogo 6 in place": ("drogo", "-in_place", DROGO[:137], "c1", "d2"),
    "trichet": ("trichet", "", TRICHET[:3], "e4", "c12"),
}


def position(game: str, options: str, moves: list[str]) -> GameState:
    state = registry.new_game(game, options, 2)
    for move in moves:
        state.play(move)
    return state


@functools.cache
def searched(table: str, name: str, seed: int) -> tuple[SearchResult, int]:
    """The medium search of the position `name` of WON or DEFEND (`table`), run once for
    the tests that ask about it, and the number of proofs it made, each first replayed move
    by move on the rules (proof_holds): a won node has a winning move, a lost one loses by
    every legal move."""
    state = position(*(WON if table == "won" else DEFEND)[name][:3])
    search = Search(state, seed)
    result = search.run(iterations=MEDIUM)
    proofs, nodes = 0, [(search.root, state)]
    while nodes:
        node, at = nodes.pop()
        if node.exact is not None:
            assert proof_holds(node, at), at.moves[len(state.moves):]
            proofs += 1
        else:
            nodes.extend((child, after(at, node.moves[i])) for i, child in node.children.items())
    return result, proofs


@pytest.mark.parametrize("name", sorted(WON))
def test_the_search_proves_and_plays_a_win_in_three(name: str) -> None:
    game, options, moves, winning = WON[name]
    state = position(game, options, moves)
    assert not has_win_in_one(state)
    assert forces_win_in_three(state, winning)
    for seed in SEEDS:
        result, proofs = searched("won", name, seed)
        assert forces_win_in_three(state, result.move)
        assert result.moves[0].proven == 1.0 and result.win_rate == 1.0
        assert result.iterations < MEDIUM  # a proven root ends the search
        assert proofs > 0  # a won root is a proof at least


@pytest.mark.parametrize("name", sorted(DEFEND))
def test_the_search_defends_against_a_win_in_three(name: str) -> None:
    game, options, moves, careless, defence = DEFEND[name]
    state = position(game, options, moves)
    assert not threatens(state)  # nothing to win here: only to defend
    assert threatens(after(state, careless))
    assert defends(state, defence)
    for seed in SEEDS:
        result, _ = searched("defend", name, seed)
        assert defends(state, result.move), result.move


def test_a_proof_is_passed_up_only_with_two_players() -> None:
    """With three players 'every reply' is two people's replies, and a loss for one is not
    a win for a given other: no proofs, only the win in one."""
    state = registry.new_game("druid", "-hex -size=3", 3)
    search = Search(state, 1)
    search.run(iterations=300)
    nodes = [search.root]
    while nodes:
        node = nodes.pop()
        assert node.exact is None and not node.lost
        nodes.extend(node.children.values())


def test_every_reply_is_refuted_at_once_and_such_a_position_is_not_kept() -> None:
    """In Trichet's won position the 138 replies to the winning move are refuted when its
    node is expanded, before any of them is visited (Solver.refute_all); a kept tree is
    not advanced into that position, where no move was visited to choose by."""
    game, options, moves, winning = WON["trichet"]
    state = position(game, options, moves)
    search = Search(state, 0)
    result = search.run(iterations=MEDIUM)
    assert result.move == winning
    replied = search.root.children[search.root.moves.index(winning)]
    assert len(replied.moves) == 138 and replied.total == 0
    assert replied.lost == set(range(138)) == set(replied.children)
    root = search.root
    assert not search.advance(after(state, winning))
    assert search.root is root


def test_the_reply_that_beats_one_careless_move_is_tried_below_the_others() -> None:
    """In the Druid's Walk defence, V's reply that forces a win below one careless move of
    H's is tried first below the others (Solver.forcing_reply): at the medium level nearly
    all of H's 183 careless moves are proven lost, and neither defence is."""
    game, options, moves, _, defence = DEFEND["druid walk 10"]
    state = position(game, options, moves)
    defences = {defence, f"{defence},b6"}
    assert all(defends(state, move) for move in defences)
    for seed in SEEDS:
        result, _ = searched("defend", "druid walk 10", seed)
        lost = {stats.move for stats in result.moves if stats.proven == 0.0}
        assert not lost & defences
        assert len(lost) >= 0.9 * (len(state.legal_moves()) - len(defences)), len(lost)
