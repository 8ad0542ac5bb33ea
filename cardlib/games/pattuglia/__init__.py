"""Pattuglia (seed 003, by Sergio Fersini): patrols of one colour, a Complete Patrol, attacks from the Arsenal, and
defences with Nurses and Mechanics; deals until 100."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    id="pattuglia",
    title="Pattuglia",
    player_counts=(2, 3, 4),
    gallery={
        "players": N_("2 to 4 players (you and 1 to 3 bots)"),
        "length": N_("20–40 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_(
            "From Sergio Fersini's Italian rule text, with an English translation, for his 100-card deck (seed 003)."
        ),
        "blurb": N_(
            "Build patrols of one colour, complete one with a Captain, bomb rival patrols, heal your own: first to 100."
        ),
    },
)

__getattr__ = engine_names(__name__, "Pattuglia")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "Pattuglia", "PattugliaState"]
