"""La partita Napoletana: a Gwent-style duel on a French deck."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    package=__name__,
    title="La partita Napoletana",
    player_counts=(2,),
    gallery={
        "players": N_("2 players (you and a bot)"),
        "length": N_("15–25 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_("From an English rule text of a Gwent-style battle on a French deck."),
        "blurb": N_("Three battles, three rows, armies, spies, burns and a Jolly: win two battles to win the war."),
    },
    page={
        "intro": (
            N_(
                "A duel in the spirit of Gwent, played with a French deck. Red has the red cards, Black the black "
                "ones. The war has up to three battles; in each, you place cards in three rows and the higher total "
                "wins a coin from the other. Lose both your coins and you lose the war."
            ),
            N_(
                "**How to play on the board:** click a card in your hand, then the row where it goes (the right rows "
                "light up). Buttons below the board pass, use your Jolly or keep your hand. Works with the keyboard "
                "too: Tab, then Enter."
            ),
        ),
        "play": (
            N_("A full war against the bot"),
            N_(
                "You play Red. Choose the bot's strength, ask for a hint, undo, or start a new game from a deal number "
                "(the same number always deals the same cards). *Big cards* is for a projector."
            ),
        ),
    },
)

__getattr__ = engine_names(__name__, "Napoletana")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "Napoletana", "NapoletanaState"]
