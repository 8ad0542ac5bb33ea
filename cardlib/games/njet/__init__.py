"""Njet! (seed 001): a four-player trick-taking game whose rules each round are chosen by blocking a board."""

from .engine import Njet, NjetState

GAME = Njet()

__all__ = ["GAME", "Njet", "NjetState"]
