"""La partita Napoletana (seed 000): a Gwent-style duel on a French deck."""

from .engine import Napoletana, NapoletanaState

GAME = Napoletana()

__all__ = ["GAME", "Napoletana", "NapoletanaState"]
