"""Senza Nome: a race to bury your stock in shared suit runs, with Kings and jokers wild."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    package=__name__,
    title="Senza Nome",
    player_counts=(2, 3, 4, 5, 6),
    gallery={
        "players": N_("2 to 6 players (you and 1 to 5 bots)"),
        "length": N_("15–30 minutes"),
        "difficulty": N_("Easy"),
        "origin": N_("From an Italian rule text, 'Gioco di carte senza nome'."),
        "blurb": N_("Shared suit runs from the Ace, Kings and jokers wild: bury your stock, then empty your hand."),
    },
    page={
        "intro": (
            N_(
                "A race for 2 to 6 players with two or three French decks and their jokers. Everybody has a stock of "
                "10 cards, top card face up, and a hand of 5. In the middle, runs of one suit climb from the Ace to "
                "the Queen; they belong to nobody, and Kings and jokers are wild. Bury your whole stock on the runs, "
                "then empty your hand, before anybody else."
            ),
            N_(
                "**How to play on the board:** at the start of your turn click the draw pile (or the discard pile, to "
                "take its top card) until you have drawn. Then click a card in your hand or on top of your stock, then "
                "the run where it goes (the right runs light up); Aces go to *New run*. End your turn by clicking a "
                "card that fits no run, then the discard pile. Works with the keyboard too: Tab, then Enter."
            ),
        ),
        "play": (
            N_("A full race against the bots"),
            N_(
                "You are Player 1. Choose how many play (1 to 5 bots, then *New game*), the bots' strength, ask for a "
                "hint, undo, or start a new game from a deal number (the same number always deals the same cards). "
                "*Big cards* is for a projector."
            ),
        ),
    },
)

__getattr__ = engine_names(__name__, "SenzaNome")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "SenzaNome", "SenzaNomeState"]
