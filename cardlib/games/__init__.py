"""The games the tutor knows. Each lives in its own package, whose ``__init__.py`` declares it once (``ABOUT``, a
``Descriptor``: id, title, players, the gallery's words, where its parts live); adding a game is its folder and one
line in ``REGISTERED``. Parts are imported only when asked for, so a page loads just its own game."""

from importlib import import_module

from cardlib.core.descriptor import Descriptor

REGISTERED = ("napoletana", "njet", "senza_nome", "nespanini", "pattuglia")  # the gallery's order

DESCRIPTORS: dict[str, Descriptor] = {
    game_id: import_module(f"cardlib.games.{game_id}").ABOUT for game_id in REGISTERED
}
GAMES = {game_id: about.title for game_id, about in DESCRIPTORS.items()}  # id -> title


def describe(game_id: str) -> Descriptor:
    """What ``game_id`` declares about itself; a KeyError naming the games for an unknown id."""
    if game_id not in DESCRIPTORS:
        raise KeyError(f"no game '{game_id}'; the games are: {', '.join(GAMES)}")
    return DESCRIPTORS[game_id]


def load(game_id: str):
    """The Game for ``game_id``: its engine, imported now."""
    return describe(game_id).game()
