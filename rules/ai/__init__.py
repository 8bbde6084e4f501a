"""The computer opponent: Monte Carlo tree search over the game protocol (no Qt here).

`mcts.Search` searches in the calling process (its parts: `tree`, `solver`, `playouts`,
`values`); `parallel.Thinker` runs one per core in worker processes and merges them (root
parallelism); `levels` names the strengths people pick; `analysis` searches every position
of a game for its graph; `commands` is `megalith ai` and `megalith match`.
"""
