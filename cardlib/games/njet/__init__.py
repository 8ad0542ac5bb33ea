"""Njet! (seed 001): a four-player trick-taking game whose rules each round are chosen by blocking a board."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    id="njet",
    title="Njet!",
    player_counts=(4,),
    gallery={
        "players": N_("4 players (you and three bots)"),
        "length": N_("30–45 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_("From an Italian rule text of Stefan Dorra's trick-taking game with a blocking board (seed 001)."),
        "blurb": N_("Say Njet! to the rules you do not want, choose a partner, then win tricks: eight rounds."),
    },
)

__getattr__ = engine_names(__name__, "Njet")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "Njet", "NjetState"]
