"""The rule book of La partita Napoletana (docs/rules/napoletana.md, NAP-1..NAP-18, as the tutor shows them) and
the game's fixed facts: the two sides, the rows, where each card goes, the role a card takes.

``house`` is the one sentence the tutor adds where our reading departs from the seed text or from Gwent.
"""

from cardlib.core import Card, Rule
from cardlib.core.cards import french_deck
from cardlib.core.i18n import N_, NP_, Name, named

RULES = {
    rule.id: rule
    for rule in (
        Rule(
            "NAP-1",
            N_("Sides"),
            N_(
                "Red owns the 26 red cards, Black the 26 black cards. Each keeps the Jolly of its colour face up "
                "beside its deck, and starts with 2 coins."
            ),
        ),
        Rule(
            "NAP-2",
            N_("Setup and mulligan"),
            N_(
                "Each side shuffles its deck and draws 10. Once, before the first battle, you may up to 2 times "
                "put a card from your hand on the bottom of your deck and draw the top card."
            ),
        ),
        Rule(
            "NAP-3",
            N_("Who starts"),
            N_(
                "Red starts the first battle. The winner of a battle starts the next; after a tie, the player "
                "who did not start the tied battle starts."
            ),
            house=N_("House ruling: the original rules do not say who starts after a tie, so the other player does."),
        ),
        Rule(
            "NAP-4",
            N_("Your turn"),
            N_(
                "On your turn you place exactly one card from your hand, or pass. Passing is final for the "
                "battle: the other player goes on alone until it passes too. With no card in hand you pass."
            ),
        ),
        Rule(
            "NAP-5",
            N_("Rows"),
            # Read in the first lesson, before Kings and Jacks are taught: their roles are named in their own rules.
            N_(
                "Front row: A, 2, 3 and 4. Ranged row: 5, 6, 7 and Q. Siege row: 8, 9 and 10. A King or a Jack goes "
                "where the role you give it says (NAP-10, NAP-11, NAP-14, NAP-15). In a row, number cards of the "
                "same value lie on top of each other; an A, a J, a Q or a K lies on its own."
            ),
        ),
        Rule(
            "NAP-6",
            N_("Values"),
            N_("A number card is worth its number, an A 1, a J, Q or K 10, a K played as emperor's order 0."),
            house=N_(
                "House ruling: in the base game your joker (the Jolly) never enters the field; its 11 belongs to "
                "the advanced game."
            ),
        ),
        Rule(
            "NAP-7",
            N_("Figures are immune"),
            N_(
                "J, Q and K are immune to the effects of other cards: never boosted, doubled, burned or healed "
                "(except a horde K, see NAP-10)."
            ),
        ),
        Rule(
            "NAP-8",
            N_("Armies"),
            N_(
                "Two number cards of the same value 2 to 7 in the same row form an army: each is worth its value "
                "times how many of that value are in the row (two 5s: 10 + 10). 8, 9, 10 and A never do."
            ),
        ),
        Rule(
            "NAP-9",
            N_("Ace spy"),
            N_(
                "An A goes on your opponent's front row and counts 1 for them, but you draw 2 cards. It is "
                "affected by that row's horde, order and burn, and never forms an army."
            ),
            house=N_(
                "House ruling: the original rules' 'foresight effect' belongs to the advanced game and is ignored."
            ),
        ),
        Rule(
            "NAP-10",
            N_("Horde"),
            N_(
                "Every K played as horde in the front row adds 1 to every non-figure card in that row, to itself "
                "and to every other horde K there: one horde K is worth 11, two are worth 12 each."
            ),
        ),
        Rule(
            "NAP-11",
            N_("Emperor's order"),
            N_(
                "A K played as emperor's order is worth 0, at most one per row, in any row. It doubles every "
                "non-figure card in its row after armies and hordes: an army under an order counts x4."
            ),
        ),
        Rule(
            "NAP-12",
            N_("Choosing a role"),
            N_(
                "A K's role (horde or order) and a J's role (burn or agility) are chosen when it is placed, by "
                "the row (and in the front row, for a K, by your choice), and never change."
            ),
        ),
        Rule(
            "NAP-13",
            N_("Healer"),
            N_(
                "When you place a Q you may take one number card or A from your own discard pile and place it at "
                "once under the normal rules; its own effect fires. Figures and the Jolly cannot be healed."
            ),
            house=N_("House ruling: healing is optional."),
        ),
        Rule(
            "NAP-14",
            N_("Burn"),
            N_(
                "A J placed in the siege row destroys every non-figure card on the field, on both sides, whose "
                "current value equals the highest current value there, your own included."
            ),
        ),
        Rule(
            "NAP-15",
            N_("Agility"),
            N_(
                "A J placed in the front or ranged row lets its owner, for the rest of the battle, place 5, 6, 7 "
                "and Q in the front row and 2, 3, 4 in the ranged row."
            ),
        ),
        Rule(
            "NAP-16",
            N_("Jolly"),
            N_(
                "Once per war, on your turn, you may discard your Jolly as a free action. For that battle: Black "
                "wins the battle if it ends tied; Red, if it wins the battle, draws 1 card at the start of the next."
            ),
        ),
        Rule(
            "NAP-17",
            N_("End of a battle"),
            N_(
                "When both have passed, the higher total wins and takes one coin from the loser; a tie moves no "
                "coin. Field cards go to their owner's discard pile; hands carry over."
            ),
            house=N_(
                "House ruling: in Gwent a tie costs both players a life; here, as in the original rules, it costs "
                "nothing."
            ),
        ),
        Rule(
            "NAP-18",
            N_("End of the war"),
            N_(
                "A player with no coins loses at once. After the third battle the war ends anyway: more coins "
                "wins, equal coins is a draw. A card that would be drawn from an empty deck is not drawn."
            ),
        ),
    )
}

ROWS = ("front", "ranged", "siege")
ROW_NAMES = {"front": N_("front"), "ranged": N_("ranged"), "siege": N_("siege")}

# NAP-5: the rows a card may normally go to, by rank (K and J by role, see NAP-12).
HOME_ROW = {"A": "front", "2": "front", "3": "front", "4": "front"}
HOME_ROW |= {rank: "ranged" for rank in ("5", "6", "7", "Q")}
HOME_ROW |= {rank: "siege" for rank in ("8", "9", "10")}
# NAP-15: what agility opens, by rank.
AGILITY_ROW = {rank: "front" for rank in ("5", "6", "7", "Q")} | {rank: "ranged" for rank in ("2", "3", "4")}
ARMY_RANKS = frozenset("234567")

RED, BLACK = "red", "black"
PLAYERS = (RED, BLACK)
HAND_SIZE, MULLIGANS, BATTLES, COINS = 10, 2, 3, 2
JOLLY = {RED: Card("X", "R"), BLACK: Card("X", "B")}
SIDE_NAMES = {RED: N_("Red"), BLACK: N_("Black")}
# their forms in a sentence (cardlib.core.i18n.Name): "il Nero", "del Nero", "al Nero"
SIDE_FORMS = {
    RED: {"the": NP_("the", "Red"), "of": NP_("of the", "Red"), "to": NP_("to the", "Red")},
    BLACK: {"the": NP_("the", "Black"), "of": NP_("of the", "Black"), "to": NP_("to the", "Black")},
}


def side_name(player: str) -> Name:
    """The side's name in the learner's language: Red or Black."""
    return named(SIDE_NAMES[player], SIDE_FORMS[player])


SPY_ZONE = "enemy-front"  # NAP-9: the one place on the opponent's side a card may go
ENEMY_ROWS = tuple(f"enemy-{row}" for row in ROWS)


def other(player: str) -> str:
    return BLACK if player == RED else RED


JOLLY_TEXTS = frozenset(str(jolly) for jolly in JOLLY.values())


def is_jolly(text: str | None) -> bool:
    return str(text).strip().upper() in JOLLY_TEXTS


def role_of(card: Card, zone: str | None, option: str | None) -> str | None:
    """NAP-12: the role a card takes where it is placed (a King in the front row by the player's choice)."""
    if card.rank == "K":
        return option or "order"
    if card.rank == "J":
        return "burn" if zone == "siege" else "agility"
    return "spy" if card.rank == "A" else None


def deck_of(player: str) -> list[Card]:
    """NAP-1: each side's 26 cards of its colours (the Jolly lies beside the deck)."""
    return french_deck("HD" if player == RED else "SC")
