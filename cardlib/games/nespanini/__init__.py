"""NesPanini (seed 004): a two-player duel with 20-card decks; draw one, discard one, score the hand."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    id="nespanini",
    title="NesPanini",
    player_counts=(2,),
    gallery={
        "players": N_("2 players (you and a bot)"),
        "length": N_("5–10 minutes"),
        "difficulty": N_("Easy"),
        "origin": N_(
            "From a French rule text of a 20-card deck-building duel (seed 004); the card set is the tutor's own."
        ),
        "blurb": N_("Build a 20-card deck, then draw one, discard one: after five turns the best hand of five wins."),
    },
)

__getattr__ = engine_names(__name__, "NesPanini")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "NesPanini", "NesPaniniState"]
