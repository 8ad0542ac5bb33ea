"""NesPanini: a two-player duel with 20-card decks; draw one, discard one, score the hand."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    package=__name__,
    title="NesPanini",
    player_counts=(2,),
    gallery={
        "players": N_("2 players (you and a bot)"),
        "length": N_("5–10 minutes"),
        "difficulty": N_("Easy"),
        "origin": N_("From a French rule text of a 20-card deck-building duel; the card set is the tutor's own."),
        "blurb": N_("Build a 20-card deck, then draw one, discard one: after five turns the best hand of five wins."),
    },
    page={
        "intro": (
            N_(
                "A duel for two players with 20-card decks, from a French rule text. Each card has a name, a value in "
                "victory points, a family (its colour and pennant) and an effect. On your turn you draw the top card "
                "of your deck, then discard one card face up into the Cimetière; after five turns each, the cards left "
                "in your hand score their value plus their bonuses and maluses, and the best hand wins. No card list "
                "existed, so the tutor plays its own first set: 36 cards in five families (Knights, Witches, Corsairs, "
                "Merchants, Peasants)."
            ),
            N_(
                "**How to play on the board:** click your deck to draw, then click a card of your hand to discard it. "
                "Some effects ask for a choice: click a card of the Cimetière to take it, a card of your hand to "
                "discard it, or a button. The corner number on each card of your hand is what it scores now. Works "
                "with the keyboard too: Tab, then Enter."
            ),
        ),
        "deckbuilder": (
            N_("Build your deck"),
            N_(
                "A deck has exactly 20 cards, at most 2 copies of a card, and up to 4 of a card with *Foule* (NES-3). "
                "Start from a ready-made deck or from nothing, filter the set by family, rarity or keyword, click a "
                "card to add it and a card of your deck to take it out. Save the deck with the download link or as "
                "text, load it again from a file or the text box, then *Play with this deck*."
            ),
        ),
        "play": (
            N_("A full game against the bot"),
            N_(
                "You are Player 1 with the ready-made deck *La Cour*; the bot plays *Le Port*. (To play your own deck, "
                "build it above and use *Play with this deck*.) Ask for a hint, undo, or start a new game from a deal "
                "number; *Big cards* is for a projector."
            ),
        ),
    },
)

__getattr__ = engine_names(__name__, "NesPanini")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "NesPanini", "NesPaniniState"]
