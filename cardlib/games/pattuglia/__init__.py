"""Pattuglia (seed 003, by Sergio Fersini): patrols of one colour, a Complete Patrol, attacks from the Arsenal, and
defences with Nurses and Mechanics; deals until 100."""

from .engine import Pattuglia, PattugliaState

GAME = Pattuglia()

__all__ = ["GAME", "Pattuglia", "PattugliaState"]
