"""The checks every game engine must pass, whatever its board (tests/rules/test_conformance.py
runs them over the registry's games and option spread).

They read only the protocol (`rules/protocol.py`) and the record module, so they hold for any
registered game:

- `check_position`: the listing (sorted, canonical, no duplicates, no `Resign`, `swap` and
  `--` only where the rulings allow them), `random_move` and `playout_move` drawing only
  listed moves, `move_key` telling the listed moves apart,
  `playout_scores` naming every side or none, the outcome (`to_move` is None exactly when it is
  over; a finished game names a winner among the sides or is a draw), every listed move plays
  on a copy and returns its own text, and a sample of other texts is refused with `MoveError`
  leaving the position exactly as it was;
- `play_random_game`: a seeded random game to its end, checking every position, that the move
  played in any case returns canonical text that a copy of the position accepts again, and
  that a copy taken before a move does not see it;
- `check_record_round_trip`: the game written as a pbmserv record and as a bare move list,
  read back and replayed, passes through the same positions.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import NamedTuple

from megalith.rules import record as records
from megalith.rules.protocol import PASS, RESIGN, SWAP, GameState, MoveError, Outcome

# Texts no game accepts: empty, punctuation, half moves, words, row 0, cells written oddly.
JUNK = ("", "   ", "\t", "?", "-", ",", "zz", "a0", "0a", "a-1", "c3-", "-c3", "c3,", ",c3",
        "c3--c3", "c 3", "1.5", "é3", "ａ１", "swap swap", "pass pass", "resign now", "swapped",
        "passe", "---", "null", "a1" * 30)
# How many texts of each kind to try per position (a game tries many positions, so it meets
# every junk text and many of the others).
# Move shapes of all the games (Druid lintels and walks, Drogo pairs, tile moves): a game
# must refuse the ones it does not list.
SHAPES = ("a1-a3", "b2-b4", "c3-e3", "a1,a2", "b2,b2", "c3,a4", "n", "s", "e", "w", "ne",
          "sw", "a1", "b2", "c3", "d3", "g1", "a12")
LEGAL_IN_UPPER = 3  # listed moves also played in upper case
JUNK_TRIED = 5
OFF_BOARD_FROM = 2  # listed moves turned into off-board texts (three each)
FROM_ELSEWHERE = 6  # moves listed in other positions of the game
SHAPES_TRIED = 3
CASE_VARIANTS = 3  # moves already played, in upper case


class Snapshot(NamedTuple):
    """Everything a refused move must leave as it was."""

    render: str
    legal: tuple[str, ...]
    to_move: str | None
    outcome: Outcome
    ply: int
    moves: tuple[str, ...]
    swapped: bool
    resigned: frozenset[str]


def snapshot(state: GameState) -> Snapshot:
    return Snapshot(state.render(), tuple(state.legal_moves()), state.to_move, state.outcome(),
                    state.ply, tuple(state.moves), state.swapped, frozenset(state.resigned))


def normalised(text: str) -> str:
    """What `play` makes of a text before it reads the board move (protocol.py)."""
    low = text.strip().lower()
    return {"pass": PASS, "resign": RESIGN}.get(low, low)


# ---- one position --------------------------------------------------------------------------

def check_outcome(state: GameState, outcome: Outcome) -> None:
    sides = set(state.sides)
    assert (state.to_move is None) == outcome.over, (
        f"to_move is {state.to_move!r} but the outcome is {outcome.status!r}")
    assert outcome.status in ("ongoing", "win", "draw"), outcome.status
    if outcome.status == "win":
        assert outcome.winner in sides, f"the winner {outcome.winner!r} is not a side {sides}"
    else:
        assert outcome.winner is None, f"a {outcome.status} game names winner {outcome.winner!r}"
    if outcome.scores is not None:
        assert set(outcome.scores) <= sides, f"scores for unknown sides: {outcome.scores}"
    for sub in outcome.subgames or ():
        assert sub.winner is None or sub.winner in sides, f"sub-game winner {sub.winner!r}"


def check_listing(state: GameState, legal: tuple[str, ...]) -> None:
    """Sorted, canonical, unique; pass, swap and resign only where the rulings allow."""
    assert list(legal) == sorted(set(legal)), f"legal moves unsorted or repeated: {legal}"
    assert all(m == m.strip().lower() and m for m in legal), f"non-canonical texts in {legal}"
    assert RESIGN.lower() not in legal, "Resign is listed"
    side = state.to_move
    if side is None:
        assert legal == (), f"a finished game lists moves: {legal}"
        return
    assert legal, "an unfinished game lists no move (a player with none must have --)"
    assert side == state.sides[state.ply % len(state.sides)], (
        f"{side} to move at ply {state.ply}: the turn must follow from the number of moves")
    if side in state.resigned:
        assert legal == (PASS,), f"resigned {side} may only pass, but {legal} are listed"
    swap_due = (type(state).offers_swap and len(state.sides) == 2 and state.ply == 1
                and not state.swapped and not state.resigned)
    assert (SWAP in legal) == swap_due, (
        f"swap {'listed' if SWAP in legal else 'missing'} at ply {state.ply} "
        f"({len(state.sides)} players, swapped={state.swapped})")
    if PASS in legal and not type(state).voluntary_pass and side not in state.resigned:
        assert set(legal) <= {PASS, SWAP}, f"-- listed beside board moves in {legal}"


def _play_listed(state: GameState, text: str, move: str) -> GameState:
    """A copy of the position after `text`, which spells the listed `move`."""
    child = state.copy()
    try:
        played = child.play(text)
    except MoveError as error:
        raise AssertionError(f"the listed move {move} is refused: {error}") from None
    assert played == move, f"{text!r} did not return the listed text {move} but {played!r}"
    return child


def check_legal_moves_play(state: GameState, legal: tuple[str, ...], rng: random.Random
                           ) -> None:
    """Every listed move plays on a copy and returns its own text; a few in upper case
    reach the same position."""
    upper = set(rng.sample(legal, min(LEGAL_IN_UPPER, len(legal))))
    for move in legal:
        child = _play_listed(state, move, move)
        assert child.ply == state.ply + (move != SWAP), f"{move} changed the ply wrongly"
        if move != SWAP:
            assert child.moves[-1] == move, f"{move} recorded as {child.moves[-1]}"
        if move in upper:
            shouted = _play_listed(state, f" {move.upper()} ", move)
            assert snapshot(shouted) == snapshot(child), f"{move.upper()} differs from {move}"


def illegal_sample(legal: tuple[str, ...], elsewhere: set[str], played: list[str],
                   rng: random.Random) -> list[str]:
    """Texts that must be refused here: pass and swap, junk, move shapes of all games, cells
    off the board (from listed moves, with their numbers or letters pushed out of range),
    moves listed in other positions, and moves already played, in upper case (occupied
    cells). Texts that are legal here are left out."""
    texts = [PASS, "PASS", SWAP, *rng.sample(JUNK, JUNK_TRIED)]
    texts += rng.sample(SHAPES, SHAPES_TRIED)
    with_digits = [m for m in legal if re.search(r"\d", m)]
    for move in rng.sample(with_digits, min(OFF_BOARD_FROM, len(with_digits))):
        texts += [re.sub(r"\d+", "999", move), re.sub(r"\d+", "0", move),
                  re.sub(r"[a-z]+", "zz", move, count=1)]
    others = sorted(elsewhere.difference(legal))
    texts += rng.sample(others, min(FROM_ELSEWHERE, len(others)))
    board_moves = sorted({m for m in played if m not in (PASS, RESIGN)})
    texts += [m.upper() for m in rng.sample(board_moves, min(CASE_VARIANTS, len(board_moves)))]
    allowed = set(legal) | {RESIGN}
    return [t for t in dict.fromkeys(texts) if normalised(t) not in allowed]


def check_refusals(state: GameState, texts: list[str], before: Snapshot) -> None:
    """Each text raises MoveError and leaves the position exactly as it was."""
    for text in texts:
        try:
            played = state.play(text)
        except MoveError as error:
            assert error.reason, f"{text!r} refused without a reason"
        else:
            raise AssertionError(f"{text!r} was accepted as {played!r}; legal: {before.legal}")
        assert snapshot(state) == before, f"refusing {text!r} changed the position"


RANDOM_DRAWS = 3  # random_move draws per position


def check_random_move(state: GameState, legal: tuple[str, ...], rng: random.Random,
                      before: Snapshot) -> None:
    """`random_move` (the search's playouts) draws listed moves only, never `Resign`, leaves
    the position as it was, and is refused once the game is over."""
    if not legal:
        try:
            drawn = state.random_move(rng)
        except MoveError:
            return
        raise AssertionError(f"random_move gave {drawn!r} in a finished game")
    for _ in range(RANDOM_DRAWS):
        drawn = state.random_move(rng)
        assert drawn in legal and drawn != RESIGN, f"random_move gave {drawn!r}; legal: {legal}"
        assert snapshot(state) == before, "random_move changed the position"


def check_playout_move(state: GameState, legal: tuple[str, ...], rng: random.Random,
                       before: Snapshot) -> None:
    """`playout_move` (what a search's playout plays) draws listed moves only and leaves the
    position as it was."""
    if not legal:
        return
    for _ in range(RANDOM_DRAWS):
        drawn = state.playout_move(rng)
        assert drawn in legal and drawn != RESIGN, f"playout_move gave {drawn!r}; legal: {legal}"
        assert snapshot(state) == before, "playout_move changed the position"


def check_move_keys(state: GameState, legal: tuple[str, ...], before: Snapshot) -> None:
    """`move_key` (how a search knows a move again in another position) tells the listed
    moves apart and changes nothing."""
    keys = [state.move_key(move) for move in legal]
    assert len(set(keys)) == len(keys), f"move_key gives two listed moves one key: {keys}"
    assert snapshot(state) == before, "move_key changed the position"


def check_playout_scores(state: GameState, before: Snapshot) -> None:
    """`playout_scores` (a cut-off playout's estimate) is None or a number for every side,
    and changes nothing."""
    scores = state.playout_scores()
    if scores is not None:
        assert set(scores) == set(state.sides), f"playout_scores {scores} for {state.sides}"
        assert all(isinstance(v, float) for v in scores.values()), scores
    assert snapshot(state) == before, "playout_scores changed the position"


def check_position(state: GameState, elsewhere: set[str], rng: random.Random) -> Snapshot:
    """All one-position checks; returns the position's snapshot."""
    before = snapshot(state)
    check_outcome(state, before.outcome)
    check_listing(state, before.legal)
    check_random_move(state, before.legal, random.Random(before.ply), before)
    check_playout_move(state, before.legal, random.Random(before.ply), before)
    check_move_keys(state, before.legal, before)
    check_playout_scores(state, before)
    check_legal_moves_play(state, before.legal, rng)
    assert snapshot(state) == before, "playing moves on copies changed the original"
    check_refusals(state, illegal_sample(before.legal, elsewhere, state.moves, rng), before)
    if before.to_move is None:
        check_refusals(state, ["resign", SWAP, PASS, *sorted(elsewhere)[:5]], before)
    return before


# ---- one game ------------------------------------------------------------------------------

@dataclass
class PlayedGame:
    """A finished random game: its moves as the record holds them and the position after
    each number of moves (after the swap, for ply 1 of a swapped game)."""

    moves: list[str] = field(default_factory=list)
    swapped: bool = False
    positions: list[Snapshot] = field(default_factory=list)
    natural_end: bool = True


def _any_case(text: str, rng: random.Random) -> str:
    mixed = "".join(c.upper() if rng.random() < .5 else c for c in text)
    return rng.choice((text, text.upper(), mixed, f"  {mixed} "))


def _choose(state: GameState, legal: tuple[str, ...], rng: random.Random, resign_rate: float,
            cap: int) -> str:
    """A random listed move; now and then (and always past the cap) resign instead."""
    if state.to_move in state.resigned:
        return PASS
    if state.ply >= cap or rng.random() < resign_rate:
        return "resign"
    return rng.choice(legal)


def play_random_game(state: GameState, seed: int, cap: int, resign_rate: float = .01
                     ) -> PlayedGame:
    """Play random moves until the game is over (past `cap` plies the players resign in
    turn), checking every position on the way."""
    rng = random.Random(seed)
    game = PlayedGame()
    elsewhere: set[str] = set()
    while True:
        before = check_position(state, elsewhere, rng)
        if game.positions and before.ply == game.positions[-1].ply:
            game.positions[-1] = before  # after a swap
        else:
            game.positions.append(before)
        if before.to_move is None:
            break
        elsewhere.update(before.legal)
        move = _choose(state, before.legal, rng, resign_rate, cap)
        game.natural_end &= state.ply < cap
        kept = state.copy()
        text = _any_case(move, rng)
        played = state.play(text)
        assert played == (RESIGN if move == "resign" else move), f"{text!r} gave {played!r}"
        again = kept.copy()
        assert again.play(played) == played, f"{played!r} is not accepted back"
        assert snapshot(again) == snapshot(state), f"{played!r} and {text!r} differ"
        assert snapshot(kept) == before, f"a copy taken before {played!r} changed with it"
        if played == SWAP:
            game.swapped = True
        else:
            game.moves.append(played)
    assert state.moves == game.moves
    return game


# ---- its record ----------------------------------------------------------------------------

def check_record_round_trip(game_name: str, parameters: str, players: int,
                            final: GameState, game: PlayedGame) -> None:
    """Written as a pbmserv file and as a bare move list, read back and replayed, the game
    passes through the same positions."""
    names = [f"p{seat}" for seat in range(players)]
    seated = names[1:] + names[:1] if game.swapped else names
    record = records.Record(game=game_name, parameters=parameters.split(), players=seated,
                            moves=list(game.moves), swapped=game.swapped,
                            status=records.status_of(final, seated))
    text = records.dumps(record)
    again = records.parse(text)
    assert again == record, f"the record read back differs:\n{text}"
    assert [snapshot(s) for s in records.replay(again)] == game.positions, (
        "the pbmserv record replays to other positions")
    lines = [f"{game_name} {parameters} {' '.join(names)}", *game.moves[:1]]
    lines += [SWAP] if game.swapped else []
    lines += game.moves[1:]
    bare = records.parse("\n".join(lines) + "\n")
    assert bare.players == seated and bare.swapped == game.swapped
    assert [snapshot(s) for s in records.replay(bare)] == game.positions, (
        "the bare move list replays to other positions")
