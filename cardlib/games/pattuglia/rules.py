"""The rule book of Pattuglia: docs/rules/pattuglia.md, PAT-1..PAT-14, as the tutor shows them.

``house`` is the one sentence the tutor adds where the tutor departs from, or fills a gap in, the seed text.
"""

from cardlib.core import Rule
from cardlib.core.i18n import N_

RULES = {
    rule.id: rule
    for rule in (
        Rule(
            "PAT-1",
            N_("Deck"),
            N_(
                "100 cards: 4 battalions (red, yellow, green, blue) of 16 cards each: 2 Captains, 10 Soldiers, 4 "
                "Cannons; 4 Mechanics and 6 Nurses (no colour); 26 Arsenal cards: 4 Hand Bombs, 2 Dynamite, 4 Cannon "
                "Shots, 6 Bullets, 4 Tools, 6 Medical Bags. 2 to 4 players."
            ),
        ),
        Rule(
            "PAT-2",
            N_("Points"),
            N_("Captain 5, Soldier 2, Cannon 3, Nurse 3, Mechanic 3. Arsenal cards score nothing."),
            house=N_(
                "House ruling: the printed points are not known; these values are assumed, and kept in the "
                "card data where they can be changed."
            ),
        ),
        Rule(
            "PAT-3",
            N_("Arsenal never stays in hand"),
            N_(
                "An Arsenal card received or drawn at any time is set aside face down in front of its owner (the "
                "others see only how many) and replaced by a draw, again and again."
            ),
        ),
        Rule(
            "PAT-4",
            N_("Order"),
            N_("The dealer deals 5 cards each. Turns start with the dealer and go anticlockwise."),
            house=N_(
                "House ruling: seats are numbered in turn order (Player 1, 2, ... anticlockwise); the deal passes "
                "to the next seat in turn order."
            ),
        ),
        Rule(
            "PAT-5",
            N_("Turn"),
            N_(
                "Draw 1. Then lay down or extend patrols, and optionally attack. Then discard 1. Then refill your hand "
                "to 5 (not once you own a Complete Patrol). Every draw comes from the deck or, once you have laid a "
                "patrol, from the top of the discard pile, one card at a time. The right lasts from then on, even "
                "after all your patrols are destroyed."
            ),
            house=N_(
                "House ruling: you keep at least one card in hand for the discard, so a card is laid only while "
                "you hold two or more."
            ),
        ),
        Rule(
            "PAT-6",
            N_("Patrol"),
            N_(
                "A new patrol needs at least 3 cards of one colour: 3 Soldiers, or a Captain and 2 Soldiers. At most 1 "
                "Captain (always shown on top). Cannons never more than Soldiers. At most 1 Nurse and 1 Mechanic per "
                "patrol; they have no colour, fit any own patrol, and do not count towards patrol sizes. Cards added "
                "stay in that patrol. Several patrols, of the same or different colours, are allowed."
            ),
            house=N_(
                "House ruling: a new patrol is gathered card by card in the New patrol space (hidden from the "
                "others until you lay it, and you may take cards back), then laid in one go."
            ),
        ),
        Rule(
            "PAT-7",
            N_("Complete Patrol"),
            N_(
                "A Captain and at least 6 Soldiers and/or Cannons (8 cards in all in Super Capitano mode with 2 or 3 "
                "players). Once formed, its owner keeps the right to close even if attacks shrink it later."
            ),
        ),
        Rule(
            "PAT-8",
            N_("Closing"),
            N_(
                "A player who owns a Complete Patrol closes the deal by discarding the last card of its hand. The "
                "closer gets +10."
            ),
        ),
        Rule(
            "PAT-9",
            N_("Attacks"),
            N_(
                "Only on your own turn, only if you have a patrol with at least one Soldier on the table. Hand Bomb: "
                "needs a Soldier, kills 2 Soldiers of one enemy patrol. Dynamite: needs a Soldier, destroys 1 Cannon. "
                "Cannon Shot: needs a Soldier and a Cannon in the same own patrol, destroys 1 Soldier and 1 Cannon. "
                "Bullets: needs a Soldier, kills 1 Soldier. Each card targets one enemy patrol; the most recently "
                "added card of the required kind dies; kills beyond what the patrol has are lost. Captains, Nurses and "
                "Mechanics cannot be targeted. Any number of attacks per turn, against any opponents."
            ),
            house=N_(
                "House ruling: the original rules say a Hand Bomb kills 2 Soldiers of an opponent and do not say "
                "which; the tutor aims every attack card at one patrol, so a Hand Bomb against a patrol with one "
                "Soldier kills only that one."
            ),
        ),
        Rule(
            "PAT-10",
            N_("Defence"),
            N_(
                "At the moment of an attack, the defender may play Medical Bags (needs a Nurse in any own patrol: each "
                "saves one Soldier) and Tools (needs a Mechanic in any own patrol: each saves one Cannon)."
            ),
            house=N_(
                "House ruling: the defender is asked when its Arsenal is not empty and Soldiers would die while it "
                "has a Nurse on the table, or Cannons while it has a Mechanic; so being asked tells nothing hidden."
            ),
        ),
        Rule(
            "PAT-11",
            N_("Losses"),
            N_(
                "Used Arsenal cards and destroyed cards go under the discard pile. A patrol with no Captain, Soldier "
                "or Cannon left is destroyed, and its Nurse and Mechanic go under the discard pile too. A patrol left "
                "with only Cannons takes Soldiers or a Captain first; no more Cannons until Cannons <= Soldiers again."
            ),
        ),
        Rule(
            "PAT-12",
            N_("Empty deck"),
            N_(
                "Keep the top discard, shuffle the rest into a new deck; this happens at most twice. After that, the "
                "deal ends when the deck is empty (no closing bonus)."
            ),
            house=N_(
                "House ruling: the deck is rebuilt, or the deal ends, the moment its last card is drawn; and a deal "
                "also ends, with no closing bonus, when five rounds of turns pass with no card drawn from the deck "
                "(players who only take the top discard and throw one back would otherwise never end it)."
            ),
        ),
        Rule(
            "PAT-13",
            N_("Scoring a deal"),
            N_(
                "Points of the cards in your patrols, +10 for each Complete Patrol still whole at the end, +10 for "
                "the closer. Cards in hand and unused Arsenal score nothing. Deals are played until someone has 100 or "
                "more at the end of a deal; the highest total wins."
            ),
        ),
        Rule(
            "PAT-14",
            N_("Super Capitano (option)"),
            N_(
                "With 2-3 players a Complete Patrol needs 8 cards, and the moment you form one, every enemy patrol of "
                "its colour becomes yours, unchanged."
            ),
        ),
    )
}

HAND_SIZE = 5  # PAT-4, PAT-5
MAX_RESHUFFLES = 2  # PAT-12
STALL_ROUNDS = 5  # PAT-12's house ruling: rounds of turns with no card from the deck, and the deal ends
CLOSING_BONUS = COMPLETE_BONUS = 10  # PAT-8, PAT-13
TARGET = 100  # PAT-13
NEW = "new"  # the zone where a new patrol is gathered before it is laid (PAT-6's house ruling)
DISCARD, DECK_ZONE = "discard", "deck"  # the zones of the discard pile and the deck


def complete_size(players: int, super_capitano: bool) -> int:
    """PAT-7, PAT-14: the Captain, Soldiers and Cannons a Complete Patrol needs."""
    return 8 if super_capitano and players <= 3 else 7
