"""Drogo: the engine is game.DrogoState."""
