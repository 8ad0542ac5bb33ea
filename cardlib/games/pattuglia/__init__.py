"""Pattuglia (seed 003, by Sergio Fersini): patrols of one colour, a Complete Patrol, attacks from the Arsenal, and
defences with Nurses and Mechanics; deals until 100."""

from cardlib.core.descriptor import Descriptor, engine_names
from cardlib.core.i18n import N_

ABOUT = Descriptor(
    package=__name__,
    title="Pattuglia",
    player_counts=(2, 3, 4),
    gallery={
        "players": N_("2 to 4 players (you and 1 to 3 bots)"),
        "length": N_("20–40 minutes"),
        "difficulty": N_("Medium"),
        "origin": N_("From Sergio Fersini's Italian rule text, with an English translation, for his 100-card deck."),
        "blurb": N_(
            "Build patrols of one colour, complete one with a Captain, bomb rival patrols, heal your own: first to 100."
        ),
    },
    page={
        "intro": (
            N_(
                "A game by Sergio Fersini for 2 to 4 players with its own 100-card deck. Build patrols of one colour "
                "(3 Soldiers, or a Captain and 2 Soldiers, then more Soldiers, Cannons, a Nurse and a Mechanic), "
                "complete one with a Captain and 6 more, attack enemy patrols with the cards of your Arsenal, defend "
                "with Medical Bags and Tools, and close the deal by discarding your last card. Deals go on until "
                "someone has 100 points. The card points are not printed in the rules we have, so the tutor assumes "
                "them (Captain 5, Soldier 2, Cannon 3, Nurse 3, Mechanic 3)."
            ),
            N_(
                "**How to play on the board:** at the start of your turn click the deck (or, once you have laid a "
                "patrol, the discard pile). To start a patrol, click a card in your hand, then *New patrol*, card by "
                "card, then *Lay the new patrol*; a card in *New patrol* goes back to your hand with one click. To "
                "extend a patrol, click a card, then your patrol. To attack, click a card of your Arsenal, then an "
                "enemy patrol. End your turn with a card on the discard pile, then refill your hand from the deck. "
                "When you are attacked, click a Medical Bag or Tools in your Arsenal, or *Take the losses*. Works with "
                "the keyboard too: Tab, then Enter."
            ),
        ),
        "play": (
            N_("A full match against the bots"),
            N_(
                "You are Player 1 and the first dealer. Choose how many play (1 to 3 bots, then *New game*), the bots' "
                "strength, ask for a hint, undo, or start a new game from a deal number (the same number always deals "
                "the same cards). *Big cards* is for a projector."
            ),
        ),
    },
)

__getattr__ = engine_names(__name__, "Pattuglia")  # GAME and the engine's names, imported when asked for
__all__ = ["ABOUT", "GAME", "Pattuglia", "PattugliaState"]
