"""Perft golden counts per game (README.md beside this file)."""
