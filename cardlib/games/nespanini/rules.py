"""The rule book of NesPanini: docs/rules/nespanini.md, NES-1..NES-7, as the tutor shows them.

``house`` is the one sentence the tutor adds where the ruling fills a gap in the seed text.
"""

from cardlib.core import Rule
from cardlib.core.i18n import N_

RULES = {
    rule.id: rule
    for rule in (
        Rule(
            "NES-1",
            N_("Cards"),
            N_(
                "Each card has a name, a base value in victory points, a colour with its family pennant, an effect, "
                "keywords, an edition, a rarity and a number in the set."
            ),
            house=N_(
                "House ruling: no card list exists, so the tutor plays its own first set, Première édition "
                "(NP1): 36 cards in five families."
            ),
        ),
        Rule(
            "NES-2",
            N_("The set"),
            N_(
                "The set has Défausse effects, scoring bonuses and maluses (on your hand, the families, the "
                "Cimetière), Foule cards, Légendaire cards and three rarities: commune, peu commune, rare."
            ),
        ),
        Rule(
            "NES-3",
            N_("Deck building"),
            N_("A deck has exactly 20 cards; at most 2 copies of a card; at most 4 of a card with Foule."),
        ),
        Rule(
            "NES-4",
            N_("A turn"),
            N_(
                "Each player shuffles its deck and draws 5; a random player starts. On your turn draw the top card of "
                "your deck, then discard one card face up; if it has Défausse, its effect must be applied. A "
                "Légendaire card cannot be discarded."
            ),
            house=N_(
                "House ruling: the original rules do not say what happens when every card in your hand is "
                "Légendaire; the tutor has you reveal your hand and skip the discard. Only the card discarded in step "
                "2 fires its Défausse effect (not a card an effect makes you discard), effects never make anyone "
                "discard a Légendaire card, and a player whose deck is empty skips the draw."
            ),
        ),
        Rule(
            "NES-5",
            N_("The Cimetière"),
            N_(
                "The Cimetière is all discards of both players, visible to both. The game ends when it holds 10 cards "
                "(normally after 5 turns each), and in any case after each player's 5th turn."
            ),
            house=N_(
                "House ruling: effects that discard or take back cards change the Cimetière, so the game may "
                "end a little early, or at the end of the 5th turns with fewer than 10 cards."
            ),
        ),
        Rule(
            "NES-6",
            N_("Score"),
            N_(
                "Each card in your hand scores its base value plus its bonuses and maluses. Highest total wins; equal "
                "totals are a draw."
            ),
            house=N_(
                "House ruling: effects may leave a hand with more or fewer than 5 cards; every card in it scores."
            ),
        ),
        Rule(
            "NES-7",
            N_("Keywords"),
            N_("Keywords keep their French names in every language: Défausse, Foule, Légendaire, Cimetière."),
        ),
    )
}

PLAYERS = ("p1", "p2")
DECK_SIZE, HAND_SIZE, TURNS, CIMETIERE_FULL = 20, 5, 5, 10
MAX_COPIES, MAX_FOULE = 2, 4  # NES-3


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]
