"""The rule book of Njet!: docs/rules/njet.md, NJT-1..NJT-10, as the tutor shows them.

``house`` is the one sentence the tutor adds where our reading departs from the seed text (seed 001, in Italian).
"""

from cardlib.core import Rule
from cardlib.core.i18n import N_

RULES = {
    rule.id: rule
    for rule in (
        Rule(
            "NJT-1",
            N_("Deck"),
            N_(
                "40 cards in 4 colours: red ♥, black ♠, blue ♦ and green ♣. Each colour has two 1s and one each of "
                "2 to 9. Four players, each one of four characters, get 10 cards each."
            ),
            house=N_(
                "House ruling: each seat keeps the same character all game (the original rules let players choose)."
            ),
        ),
        Rule(
            "NJT-2",
            N_("The board"),
            N_(
                "Five rows decide the round: start player (the 4 characters), discards (0, 1, 2), trump (the 4 "
                "colours), super trump (the 4 colours or none) and points multiplier (1, 2, 3, 4). 20 spaces in all."
            ),
        ),
        Rule(
            "NJT-3",
            N_("Njet stones"),
            N_(
                "Starting left of the dealer and going clockwise, each player places one Njet stone at a time on a "
                "free space of a row that still has two or more free spaces. After 15 stones each row has exactly "
                "one free space: that space is the round's rule."
            ),
        ),
        Rule(
            "NJT-4",
            N_("Partner"),
            N_("The start player names any one of the other three as partner; the other two form the opposing team."),
        ),
        Rule(
            "NJT-5",
            N_("Discards"),
            N_(
                "Then every player lays aside exactly as many cards as the discards row says, face down. They are out "
                "of play and count for nobody. Each player then plays 10 minus that many tricks."
            ),
            house=N_(
                "House ruling: the players discard one after the other from the start player, unseen by the "
                "others, which is the same as discarding at once."
            ),
        ),
        Rule(
            "NJT-6",
            N_("Following colour"),
            N_(
                "The start player leads the first trick; the winner of a trick leads the next. You must follow the "
                "colour led if you can (a 1 keeps its colour for this); if you cannot, you may play any card."
            ),
            house=N_("House ruling: the original rules can be read as an obligation to trump; there is none."),
        ),
        Rule(
            "NJT-7",
            N_("Who wins a trick"),
            N_(
                "If the trick holds a super trump (a 1 of the super-trump colour), the last super trump played wins. "
                "Else the highest trump wins. Else the highest card of the colour led wins. Within a colour 1 is "
                "lowest. Between two identical cards the one played later wins."
            ),
        ),
        Rule(
            "NJT-8",
            N_("Scoring"),
            N_(
                "A team scores (tricks it won + 1s it captured) x the multiplier. A captured 1 is a 1 played by the "
                "other team into a trick this team won. Both teams score, and each member adds its team's score to "
                "its own total."
            ),
        ),
        Rule(
            "NJT-9",
            N_("The game"),
            N_("8 rounds; the deal passes clockwise. The highest individual total wins; equal totals share the win."),
        ),
        Rule(
            "NJT-10",
            N_("Seats"),
            N_("Four players: the learner's seat and three bots."),
            house=N_("House ruling: the 3- and 5-player variants are not part of the tutor."),
        ),
    )
}
