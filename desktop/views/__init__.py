"""The board views of the desktop app.

Which view shows which game is the games' desk table's business (`desktop.games`); every
view follows `desktop.views.base.BoardView`. The 3D `StackView` (stack3d) shows stacking
games, `SummaryMap` (summary) pbmserv's owners/heights summaries beside it, and the 2D views
build on `Canvas2D` (canvas2d): `TriangleView` (triangle) for Quadrant Y.
"""
