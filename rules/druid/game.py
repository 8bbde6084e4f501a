"""Druid, Druid's Hex, Druid's Y and Druid's Walk (Cameron Browne, pbmserv).

Rules: pbmserv's help page for `druid`, as docs/rules/druid.md reads it (with the choices
made where the page is silent).

`DruidState` joins the parts of the engine, each in a module of its own by who reads it:
- rules.druid.position: the position and the rules of play (legality, the stone a
  placement places, connections and wins, Druid's Walk's Druids), copy and play;
- rules.druid.move_text: a move read from its text, and the reasons a move is refused;
- rules.druid.views: what the views read (the position contracts of rules.contracts);
- rules.druid.listing: the legal moves (on byte planes, rules.druid.moves);
- rules.druid.setup: a position set up by hand (GameState.set_up);
- rules.druid.search: the search's hooks (moves that may win, random moves, the playout
  loops of rules.druid.playout and the cut-off values of rules.druid.scores).
The constant tables of a game are in rules.druid.tables, its options in rules.druid.options.
"""

from __future__ import annotations

from megalith.rules.druid.search import DruidSearch
from megalith.rules.druid.setup import DruidSetup
from megalith.rules.druid.views import DruidViews
from megalith.rules.protocol import OptionSpec
from megalith.rules.registry import GameInfo


class DruidState(DruidViews, DruidSetup, DruidSearch):
    """A game of Druid in any of its variants."""


INFO = GameInfo(
    name="druid",
    title="Druid",
    min_players=2,
    max_players=3,
    options=(
        OptionSpec("size", "int", "cells along each board edge (square 10, hex 5, Y 8)",
                   minimum=2, maximum=26),
        OptionSpec("hex", "flag", "play Druid's Hex on the hex-hex board (two or three players)"),
        OptionSpec("walk", "flag", "Druid's Walk: a Druid must walk to the opposite side"),
        OptionSpec("nostack", "flag", "sarsens may not be stacked on sarsens"),
        OptionSpec("nogaps", "flag", "lintels must rest on three stones"),
        OptionSpec("y", "flag", "play Druid's Y on the Y board"),
    ),
    factory=lambda options, players: DruidState(options, players),
)
