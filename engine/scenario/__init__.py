"""Scenario files: play part of a game through the engine and check what happened."""
