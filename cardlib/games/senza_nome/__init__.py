"""Senza Nome (seed 002): a race to bury your stock in shared suit runs, with Kings and jokers wild."""

from .engine import SenzaNome, SenzaNomeState

GAME = SenzaNome()

__all__ = ["GAME", "SenzaNome", "SenzaNomeState"]
