"""Druid, with Druid's Hex, three-player Hex, Druid's Walk and Druid's Y; the engine is
game.DruidState."""
