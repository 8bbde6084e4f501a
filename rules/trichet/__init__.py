"""Trichet: the engine is game.TrichetState."""
