"""The search's solver: the tactics it checks where it expands a node, and proven values
passed up the tree (mcts.py's docstring tells the whole story, with the positions that called
for each).

- A win in one, looked for at every node expanded near the root (`Solver.winning_move`), the
  moves that won at earlier looks (the killers) tried first.
- Two players only: a node whose only move wins, or a finished game with a winner, has an
  exact value, passed up the tree as in MCTS-Solver (`prove`); refutations, every move of a
  node shown at its expansion to let the opponent win at once (`Solver.refute_all`); and
  forcing replies, tried at the root's children (`Solver.forcing_reply`). `proof_plies`
  says how long a proof's game is, so that the quickest win and the longest resistance rank
  first.

None of these draws a random number, and a look that finds nothing changes no killer, so
where they prove nothing the search grows the same tree as without them.
"""

from __future__ import annotations

from megalith.rules.ai.tree import Node, keys_are_texts, move_keys, moves_by_key
from megalith.rules.ai.values import Values, final_values, person_of_side, person_to_move
from megalith.rules.protocol import GameState, MoveError

KILLERS = 8  # moves that won at a decisive check, tried first at the next ones
REFUTATION_SCANS = 2  # looks through all the moves for a win in one per `refute_all`
FORCING_LOOKS = 24  # replies tried at root children for one that forces a win, per search
FORCING_LOOKS_HERE = 6  # of which at one root child at most


class Solver:
    """One search's tactical checks and what they remember from node to node: the killers
    (keys of moves that won at a check, latest first), the forcing replies found, and the
    tries of other replies left in this position."""

    def __init__(self, players: int) -> None:
        self._players = players
        self._killers: list[str] = []  # keys of moves that won at decisive checks, latest first
        self._forcing: list[str] = []  # keys of replies that forced a win below a root move
        self._forcing_looks = FORCING_LOOKS  # the tries of other replies left (`forcing_reply`)

    def new_root(self) -> None:
        """The search moved on to a new root (`Search.advance`): new tries of forcing replies
        (the keys found are kept)."""
        self._forcing_looks = FORCING_LOOKS

    def won_by(self, person: int) -> Values:
        """The exact values of a position won by `person`."""
        values = [0.0] * self._players
        values[person] = 1.0
        return tuple(values)

    def winning_move(self, state: GameState, moves: list[str], person: int) -> str | None:
        """A move that wins at once for `person`, the person to move, if there is one. The
        moves that won at earlier checks are tried first: a threat usually survives a
        reply elsewhere. Only the moves the game says may win are tried
        (`GameState.moves_that_may_win`)."""
        killers = self._killers
        moves = state.moves_that_may_win(moves)
        if killers:
            keyed = moves_by_key(state, moves)
            first = [keyed[key] for key in killers if key in keyed]
        else:
            first = []
        for move in first + moves:
            if self._wins_after(state, move, person):
                key = state.move_key(move)
                if key in killers:
                    killers.remove(key)
                killers.insert(0, key)
                del killers[KILLERS:]
                return move
        return None

    def refute_all(self, state: GameState, moves: list[str], person: int,
                   scans: int = REFUTATION_SCANS) -> dict[int, Node] | None:
        """Whether every move of `person` (to move at `state`, with no win in one) lets the
        other person win at once: then the children that show it, one per move (a position
        whose only move is that person's win, or a game they have won), else None. The
        search would prove it too, but only after visiting each move twice (a hundred
        or more in some games); here it costs a play per move and a few
        tries of the winning moves found so far, with at most `scans` looks through all
        the moves of a position. It gives up at the first move not refuted,
        which in most positions is the first: its look through all the moves finds no
        win. It plays no random move and changes no killer, so a search where it proves
        nothing grows the same tree as without it."""
        other = 1 - person
        threats: list[str] = []  # keys of the other person's wins found, latest first
        looked = 0
        children: dict[int, Node] = {}
        for i, move in enumerate(moves):
            trial = state.copy()
            trial.play(move)
            if trial.to_move is None:
                if not self._wins(trial, other):
                    return None
                child = Node(-1, [], [])
                child.exact = final_values(trial, trial.search_outcome())
            else:
                if person_to_move(trial) != other:
                    return None
                win = self._threat_that_wins(trial, other, threats)
                if win is None and looked < scans:
                    looked += 1
                    wins = [m for m in trial.moves_that_may_win(trial.legal_moves())
                            if self._wins_after(trial, m, other)]
                    found = [trial.move_key(m) for m in wins]
                    threats[:] = found + [key for key in threats if key not in found]
                    win = wins[0] if wins else None
                if win is None:
                    return None
                child = Node(other, [win], [trial.move_key(win)])
                child.exact = self.won_by(other)
            children[i] = child
        return children

    def forcing_reply(self, state: GameState, moves: list[str], person: int) -> Node | None:
        """At a child of the root, where `person` (the root's opponent) is to move: a node
        whose only move is a reply that forces a win, every answer to it letting `person`
        win at once (`refute_all`, with one look through all the moves), if one is found
        among the replies that forced a win below other root moves, then among the first
        FORCING_LOOKS_HERE of `moves` (shuffled) while the search's FORCING_LOOKS last.

        Where the opponent has a forced win in three after most of the root's moves and
        only a few defend, the threat that beats one careless move usually beats the
        others: each is then proven lost on its second visit. The search alone would need
        a few visits to the forcing reply below every one of them (185 root moves in the
        Druid's Walk position of the tactics tests, each with 272 replies, more than 700
        iterations give). A try that fails costs a play and a look for a win in one, draws
        no random number and changes no killer, so the search is as it was without it."""
        keyed = moves_by_key(state, moves)
        known = [keyed[key] for key in self._forcing if key in keyed]
        others = [move for move in moves if move not in known]
        for move in known + others[:min(FORCING_LOOKS_HERE, self._forcing_looks)]:
            if move not in known:
                self._forcing_looks -= 1
            trial = state.copy()
            trial.play(move)
            if trial.to_move is None or person_to_move(trial) == person:
                continue
            replies = trial.legal_moves()
            refutations = self.refute_all(trial, replies, 1 - person, scans=1)
            if refutations is None:
                continue
            key = state.move_key(move)
            if key in self._forcing:
                self._forcing.remove(key)
            self._forcing.insert(0, key)
            del self._forcing[KILLERS:]
            answered = Node(1 - person, replies, move_keys(trial, replies))
            answered.children, answered.lost = refutations, set(refutations)
            answered.exact, answered.checked = self.won_by(person), True
            node = Node(person, [move], [key])
            node.children, node.exact, node.checked = {0: answered}, self.won_by(person), True
            return node
        return None

    def _threat_that_wins(self, state: GameState, person: int, threats: list[str]
                          ) -> str | None:
        """The first of `threats` (move keys; then the killers) that wins at once for
        `person`, to move at `state`, moved to the front of `threats`."""
        tried = threats[:KILLERS] + [key for key in self._killers if key not in threats]
        if not tried:
            return None
        if keys_are_texts(state):
            move = self._first_text_that_wins(state, person, tried)
        else:
            keyed = moves_by_key(state, state.legal_moves())
            candidates = [keyed[key] for key in tried if key in keyed]
            may_win = set(state.moves_that_may_win(candidates))  # only these few are asked
            move = next((keyed[key] for key in tried if keyed.get(key) in may_win
                         and self._wins_after(state, keyed[key], person)), None)
        if move is not None:
            key = state.move_key(move)
            if key in threats:
                threats.remove(key)
            threats.insert(0, key)
        return move

    def _first_text_that_wins(self, state: GameState, person: int, texts: list[str]
                              ) -> str | None:
        """The first of `texts` that is a legal move's canonical text and wins at once for
        `person`, for a game whose move keys are its moves' texts: each is played on a copy
        (a text that is not legal here is refused), not looked up among the legal moves,
        whose listing costs more than the few plays (Druid's Walk lists 272 moves)."""
        for text in texts:
            trial = state.copy()
            try:
                played = trial.play(text)
            except MoveError:
                continue
            if played == text and self._wins(trial, person):
                return text
        return None

    def _wins_after(self, state: GameState, move: str, person: int) -> bool:
        trial = state.copy()
        trial.play(move)
        return self._wins(trial, person)

    @staticmethod
    def _wins(state: GameState, person: int) -> bool:
        """Whether the game is over and `person` won it."""
        outcome = state.search_outcome()
        return (outcome.status == "win" and outcome.winner is not None
                and person_of_side(state, outcome.winner) == person)


def prove(path: list[tuple[Node, int]]) -> None:
    """Pass a newly proven value up `path` as far as it decides the nodes above."""
    for node, i in reversed(path):
        child = node.children[i]
        exact = child.exact
        if exact is None:
            return
        if exact[node.person] == 1.0:
            node.exact = exact
        elif exact[node.person] == 0.0:
            node.lost.add(i)
            if len(node.lost) < len(node.moves):
                return
            node.exact = exact
        else:
            return


def proof_plies(node: Node) -> int:
    """The plies from a proven `node` to the game's end along its proof: none at a finished
    game; else one more than its quickest proven winning move's, where the person to move
    there wins, or than its longest lost move's, where they lose. A win in one whose end is
    not in the tree is one ply."""
    if not node.moves or node.exact is None:
        return 0
    wins = node.exact[node.person] == 1.0
    lengths = [proof_plies(child) for child in node.children.values()
               if child.exact is not None and (child.exact[node.person] == 1.0) == wins]
    if not lengths:
        return 1
    return 1 + (min(lengths) if wins else max(lengths))
