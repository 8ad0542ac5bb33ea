"""Senza Nome (seed 002): a race to bury your stock in shared suit runs, with Kings and jokers wild."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    id="senza_nome",
    title="Senza Nome",
    player_counts=(2, 3, 4, 5, 6),
    gallery={
        "players": N_("2 to 6 players (you and 1 to 5 bots)"),
        "length": N_("15–30 minutes"),
        "difficulty": N_("Easy"),
        "origin": N_("From an Italian rule text, 'Gioco di carte senza nome' (seed 002)."),
        "blurb": N_("Shared suit runs from the Ace, Kings and jokers wild: bury your stock, then empty your hand."),
    },
)

__getattr__ = engine_names(__name__, "SenzaNome")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "SenzaNome", "SenzaNomeState"]
