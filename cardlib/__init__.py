"""cardlib: the rules of the tutor's card games, in pure Python (no Jupyter import anywhere).

>>> import cardlib
>>> game = cardlib.load("napoletana")
>>> state = game.new(seed=7)
>>> state = state.play("keep")
"""

from .core import BadMove, BadOption, BadState, Game, IllegalMove, Move, State, Verdict
from .games import GAMES, load  # the package cardlib.games keeps its name: ``import cardlib.games.njet`` works

__all__ = [
    "GAMES",
    "BadMove",
    "BadOption",
    "BadState",
    "Game",
    "IllegalMove",
    "Move",
    "State",
    "Verdict",
    "load",
]
