"""NesPanini (seed 004): a two-player duel with 20-card decks; draw one, discard one, score the hand."""

from .engine import NesPanini, NesPaniniState

GAME = NesPanini()

__all__ = ["GAME", "NesPanini", "NesPaniniState"]
