"""Per-game layouts: how a player's view of each game is drawn as a scene (see ``widgets.table``)."""

from importlib import import_module


def layout(game_id: str):
    return import_module(f"widgets.boards.{game_id}")
