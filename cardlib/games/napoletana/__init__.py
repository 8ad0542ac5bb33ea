"""La partita Napoletana (seed 000): a Gwent-style duel on a French deck."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    id="napoletana",
    title="La partita Napoletana",
    player_counts=(2,),
    gallery={
        "players": N_("2 players (you and a bot)"),
        "length": N_("15–25 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_("From an English rule text of a Gwent-style battle on a French deck (seed 000)."),
        "blurb": N_("Three battles, three rows, armies, spies, burns and a Jolly: win two battles to win the war."),
    },
)

__getattr__ = engine_names(__name__, "Napoletana")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "Napoletana", "NapoletanaState"]
