"""The games the tutor knows, by id. Each lives in its own package and exposes ``GAME``."""

from importlib import import_module

GAMES = {
    "napoletana": "La partita Napoletana",
    "njet": "Njet!",
    "senza_nome": "Senza Nome",
    "nespanini": "NesPanini",
    "pattuglia": "Pattuglia",
}


def load(game_id: str):
    """The Game for ``game_id``; games are imported only when asked for, so a page loads just its own."""
    if game_id not in GAMES:
        raise KeyError(f"no game '{game_id}'; the games are: {', '.join(GAMES)}")
    return import_module(f"cardlib.games.{game_id}").GAME
