"""Quadrant Y: the engine is game.QuadYState."""
