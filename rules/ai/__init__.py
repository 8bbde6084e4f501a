"""The computer opponent: Monte Carlo tree search over the game protocol (no Qt here).

`mcts.search` runs one search in the calling process; `parallel.Thinker` runs one per core in
worker processes and merges them (root parallelism); `levels` names the strengths people pick.
"""
