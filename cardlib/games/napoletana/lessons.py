"""The Napoletana lessons, one idea each, in the order a newcomer needs them. Each makes the learner play.

Their words are marked with ``N_`` and translated where the tutor shows them.

Positions are written with ``position`` (see positions.py): every card not named waits in its deck.
"""

from __future__ import annotations

from cardlib.core.i18n import N_
from cardlib.core.lessons import Lesson, Mistake

from .positions import position


def _cards(state, player: str, row: str) -> list[str]:
    return [str(placed.card) for placed in state.sides[player].rows[row]]


def _hand(state, player: str) -> list[str]:
    return [str(card) for card in state.sides[player].hand]


def _won_battle(player: str):
    return lambda state: bool(state.battles) and state.battles[0]["winner"] == player


LESSONS = (
    Lesson(
        id="rows",
        title=N_("Placing cards by row"),
        rules=("NAP-5", "NAP-6"),
        text=N_(
            "Your side of the field has three rows. Small cards fight in the front row (A, 2, 3, 4), middle "
            "cards in the ranged row (5, 6, 7, Q) and big cards in the siege row (8, 9, 10). A card is worth "
            "its number; J, Q and K are worth 10."
        ),
        task=N_("Place your 9♥ in the row where it belongs."),
        start=lambda: position(red={"hand": "9H 3D 6H"}, black={"hand": "5S 8C", "ranged": "7S"}),
        seat="red",
        targets=False,  # finding the row is the task: picking the 9♥ up must not light it
        solution=("play 9H siege",),
        success=lambda s: "9H" in _cards(s, "red", "siege"),
        mistakes=(
            Mistake("play 9H front", "NAP-5", N_("The front row is for A, 2, 3 and 4.")),
            Mistake("play 9H ranged", "NAP-5", N_("The ranged row is for 5, 6, 7 and the Queen.")),
            Mistake(
                "play 3D front", "NAP-5", N_("Right row for the 3♦. Now find the row of your 9♥: it is a big card.")
            ),
        ),
    ),
    Lesson(
        id="passing",
        title=N_("Passing and winning a battle"),
        rules=("NAP-4", "NAP-17"),
        text=N_(
            "On your turn you place one card or pass. Passing is final: you are out of this battle. When both "
            "have passed, the higher total wins the battle. Cards you did not play stay in your hand for later."
        ),
        task=N_("Black has passed with 12; you have 15. Win the battle without spending a card."),
        start=lambda: position(
            red={"hand": "8H 9H", "siege": "10D", "ranged": "5H"},
            black={"hand": "4S 6S", "siege": "8S", "front": "4C", "passed": True},
        ),
        seat="red",
        solution=("pass",),
        success=lambda s: _won_battle("red")(s) and _hand(s, "red") == ["8H", "9H"],
        mistakes=(
            Mistake(
                "play 8H siege",
                "NAP-4",
                N_("That is legal, but you are already ahead and Black cannot play again: keep the card."),
            ),
        ),
    ),
    Lesson(
        id="starts",
        title=N_("Who starts a battle"),
        rules=("NAP-3",),
        text=N_(
            "Red starts battle 1. The winner of a battle starts the next one. After a tie, the player who did not "
            "start the tied battle starts the next one."
        ),
        task=N_("You are tied at 10 and Black has passed. Win battle 1 with your 4♥, so that you start battle 2."),
        start=lambda: position(
            red={"hand": "4H 9H", "siege": "10H"}, black={"hand": "5S 8C", "siege": "10S", "passed": True}
        ),
        seat="red",
        solution=("play 4H front", "pass"),
        # won with the 4♥, the 9♥ kept: winning with the 9♥ instead is the move this lesson is not
        success=lambda s: _won_battle("red")(s) and s.to_move == "red" and "9H" in _hand(s, "red"),
        on_track=lambda s: not s.battles and s.to_move == "red" and "9H" in _hand(s, "red"),
        mistakes=(
            Mistake(
                "pass",
                "NAP-3",
                N_(
                    "That ties the battle at 10. After a tie, the player who did not start the tied battle starts: "
                    "you started battle 1, so Black would start battle 2."
                ),
            ),
            Mistake("play 9H siege", "NAP-3", N_("That wins too, but it spends your 9♥: keep it for battle 2.")),
        ),
    ),
    Lesson(
        id="coins",
        title=N_("Coins and the war"),
        rules=("NAP-17", "NAP-18"),
        text=N_(
            "Each player starts with 2 coins. The winner of a battle takes one coin from the loser; a tie moves "
            "none. A player with no coins loses the war at once; after three battles, more coins wins."
        ),
        task=N_("Black has 1 coin left and has passed with 10 to your 8. Win this battle and the war."),
        start=lambda: position(
            red={"hand": "5H 9H", "siege": "8H", "coins": 3},
            black={"hand": "2S", "siege": "10S", "coins": 1, "passed": True},
            battle=2,
            battles=("red",),
        ),
        seat="red",
        solution=("play 9H siege", "pass"),
        also=("play 5H ranged",),  # 8 + 5 beats 10 as well: either card wins the war
        success=lambda s: s.is_over and s.result.winners == ("red",),
        on_track=lambda s: len(s.battles) == 1 and s.to_move == "red",
        mistakes=(
            Mistake("pass", "NAP-17", N_("Passing now leaves you behind, 8 to 10: Black would win the battle.")),
            Mistake("play 5H front", "NAP-15"),  # the refusal says it all
        ),
    ),
    Lesson(
        id="armies",
        title=N_("Armies"),
        rules=("NAP-8",),
        text=N_(
            "Two cards of the same value from 2 to 7 in the same row form an army: each is worth its value "
            "times the number of them. Two 5s are worth 10 + 10. 8, 9, 10 and Aces never form armies."
        ),
        task=N_("You have a 5♦ in your ranged row. Gain as many points as you can with one card."),
        start=lambda: position(red={"hand": "5H 8H", "ranged": "5D"}, black={"hand": "6S 9S", "siege": "9C"}),
        seat="red",
        solution=("play 5H ranged",),
        success=lambda s: s.total("red") == 20,
        mistakes=(
            Mistake("play 8H siege", "NAP-8", N_("Legal, but it gains 8. Joining the 5♦ gains 15: 5 becomes 10 + 10.")),
            Mistake("play 5H front", "NAP-15", N_("Next to its twin it forms an army.")),
        ),
    ),
    Lesson(
        id="spy",
        title=N_("The Ace spy"),
        rules=("NAP-9",),
        text=N_(
            "An Ace is a spy. You place it on your opponent's front row, where it counts 1 point for them, and "
            "in exchange you draw 2 cards. More cards means more battles won later."
        ),
        task=N_("Send your Ace as a spy to Black's front row."),
        start=lambda: position(red={"hand": "AH 4D 10H"}, black={"hand": "3S 7S", "front": "3C"}),
        seat="red",
        solution=("play AH enemy-front",),
        success=lambda s: "AH" in _cards(s, "black", "front") and len(s.sides["red"].hand) == 4,
        mistakes=(Mistake("play AH front", "NAP-9", N_("A spy works for you by sitting on the other side.")),),
    ),
    Lesson(
        id="kings",
        title=N_("Horde or emperor's order"),
        rules=("NAP-10", "NAP-11", "NAP-12"),
        text=N_(
            "A King chooses its role when you place it. As a horde (front row only) it adds 1 to every card in "
            "that row and is worth 11. As an emperor's order (any row, one per row) it is worth 0 but doubles "
            "every number card in its row, after armies: an army under an order counts four times."
        ),
        task=N_("Gain at least 20 points with your King."),
        start=lambda: position(
            red={"hand": "KH 9H", "front": "2D 3H", "ranged": "5D 5H"}, black={"hand": "9S", "siege": "10S 9C"}
        ),
        seat="red",
        solution=("play KH ranged",),
        success=lambda s: s.row_total("red", "ranged") == 40,
        mistakes=(
            Mistake(
                "play KH front horde",
                "NAP-10",
                N_("A horde here gains 11 + 2 = 13. The order in your ranged row doubles your army of 5s: +20."),
            ),
            Mistake("play KH front", "NAP-12", N_("In the front row a King must be a horde or an order.")),
        ),
    ),
    Lesson(
        id="healer",
        title=N_("The healer"),
        rules=("NAP-13", "NAP-7"),
        text=N_(
            "When you place a Queen you may bring back one number card or Ace from your discard pile and place "
            "it at once, by the normal rules. Jacks, Queens and Kings (the figures) cannot be healed."
        ),
        task=N_("Place your Queen, then heal the 7♥ next to your 7♦ to form an army."),
        start=lambda: position(red={"hand": "QH 8D", "ranged": "7D", "discard": "7H KD 9D"}, black={"hand": "6C"}),
        seat="red",
        solution=("play QH ranged", "heal 7H ranged"),
        success=lambda s: "7H" in _cards(s, "red", "ranged"),
        on_track=lambda s: s.phase == "heal",
        mistakes=(
            Mistake("heal KD front", "NAP-13", N_("Figures are immune: they cannot be healed."), at=1),
            Mistake("skip", "NAP-13", N_("Healing is optional, but here it forms an army worth 28."), at=1),
        ),
    ),
    Lesson(
        id="burn",
        title=N_("Burn"),
        rules=("NAP-14", "NAP-7"),
        text=N_(
            "A Jack placed in the siege row burns: every number card on the field, on both sides, whose value "
            "equals the highest value there is destroyed. Your own cards too. Jacks, Queens and Kings are immune."
        ),
        task=N_("Black's two 10s are the highest cards on the field. Burn them (your 10♥ goes too)."),
        start=lambda: position(
            red={"hand": "JH 4D", "siege": "10H", "ranged": "6H"},
            black={"hand": "2S", "siege": "10S 10C", "ranged": "QS"},
        ),
        seat="red",
        solution=("play JH siege",),
        success=lambda s: not _cards(s, "black", "siege") and s.total("red") > s.total("black"),
        mistakes=(Mistake("play JH front", "NAP-15", N_("In the front row a Jack gives agility, not burn.")),),
    ),
    Lesson(
        id="agility",
        title=N_("Agility"),
        rules=("NAP-15",),
        text=N_(
            "A Jack placed in the front or ranged row gives agility: for the rest of the battle you may place "
            "5, 6, 7 and Q in the front row and 2, 3, 4 in the ranged row."
        ),
        task=N_(
            "Your 6♥ would be worth 12 under the emperor's order in your front row. Get agility, then place it there."
        ),
        start=lambda: position(
            red={"hand": "JD 6H 9D", "front": "KD:order 3D"}, black={"hand": "4S", "siege": "10S 9C", "passed": True}
        ),
        seat="red",
        solution=("play JD ranged", "play 6H front"),
        also=("play JD front",),  # a Jack gives agility in the front row as well
        success=lambda s: "6H" in _cards(s, "red", "front"),
        on_track=lambda s: s.sides["red"].agility and s.to_move == "red" and "6H" in _hand(s, "red"),
        mistakes=(
            Mistake("play 6H front", "NAP-15", N_("First get agility with your Jack.")),
            Mistake("play JD siege", "NAP-14", N_("In the siege row a Jack burns instead.")),
        ),
    ),
    Lesson(
        id="jolly",
        title=N_("The Jolly"),
        rules=("NAP-16",),
        text=N_(
            "Once per war you may discard your Jolly as a free action: it does not use your turn. For that "
            "battle, Black wins if the battle ends tied; Red, if it wins, draws a card at the start of the next."
        ),
        task=N_("You play Black. Red has passed and you are tied at 12. Use your Jolly, then pass to win."),
        start=lambda: position(
            red={"hand": "9H", "siege": "8H", "front": "4D", "passed": True},
            black={"hand": "3S", "siege": "8S", "front": "4C"},
            turn="black",
        ),
        seat="black",
        solution=("jolly", "pass"),
        # the Jolly wins the tie and the 3 stays in hand: winning with the 3 instead is the move this lesson is not
        success=lambda s: _won_battle("black")(s) and s.sides["black"].jolly != "ready" and "3S" in _hand(s, "black"),
        on_track=lambda s: s.sides["black"].jolly == "active" and not s.battles,
        mistakes=(
            Mistake("pass", "NAP-17", N_("Without the Jolly a tie moves no coin.")),
            Mistake(
                "play 3S front",
                "NAP-16",
                N_("That wins too, but it spends your last card; the Jolly wins the tie and keeps the 3 for later."),
            ),
        ),
    ),
    Lesson(
        id="mulligan",
        title=N_("The mulligan"),
        rules=("NAP-2",),
        text=N_(
            "Before the first battle you may, up to 2 times, put a card from your hand under your deck and "
            "draw the top card. Change weak cards that do not fit your hand, then keep it."
        ),
        task=N_("Change your lone 2♦ for a new card, then keep your hand."),
        start=lambda: position(
            red={"hand": "2D 5H 5D 9H 9D KH QD JH 8H 10D"},
            black={"hand": "2S 3S 4S 5S 6S 7S 8S 9S 10S JS"},
            phase="mulligan",
        ),
        seat="red",
        solution=("mulligan 2D", "keep"),
        # only the 2♦ changed: a second mulligan would throw away a card that fits
        success=lambda s: s.sides["red"].kept and s.sides["red"].mulligans == 1 and "2D" not in _hand(s, "red"),
        on_track=lambda s: not s.sides["red"].kept and "2D" not in _hand(s, "red"),
        mistakes=(Mistake("play 2D front", "NAP-2", N_("First decide which cards to change.")),),
    ),
)
