"""The Njet! lessons, one idea each, in the order a newcomer needs them. Each makes the learner play as South.

Positions are written with ``position`` (see positions.py): cards not named are dealt to the other seats.
"""

from __future__ import annotations

from collections.abc import Callable

from cardlib.core.i18n import N_
from cardlib.core.lessons import Lesson, Mistake

from .cards import NjetCard
from .engine import NjetState
from .positions import position

PLAY = {"start": "east", "discards": "0", "trump": "blue", "super": "none", "multiplier": "1"}
# 12 stones: South places the 13th. Trump (blue) and discards (2) are down to their last free space.
TWELVE = (
    "trump:red trump:black trump:green start:north discards:0 super:none multiplier:1 start:west "
    "super:black discards:1 multiplier:2 super:green"
)


def _played(state: NjetState, player: str) -> list[str]:
    return [str(card) for who, card in state.trick if who == player]


def _won_last(player: str, card: str) -> Callable[[NjetState], bool]:
    return lambda s: (
        bool(s.taken) and s.taken[-1][0] == player and NjetCard.parse(card) in dict(s.taken[-1][1]).values()
    )


LESSONS = (
    Lesson(
        id="board",
        title=N_("The board and what each row decides"),
        rules=("NJT-2", "NJT-3"),
        text=N_(
            "Before each round the players choose its rules by elimination. The board has five rows: who starts, "
            "how many cards are laid aside, the trump colour, the super-trump colour and the points multiplier. "
            "A Njet stone on a space says: not this one."
        ),
        task=N_("Look at your hand: say Njet! to the trump colour that would help you least."),
        start=lambda: position(hands={"south": "R1a R5 R8 K3 K9 B2 B6 B7 B9 K7"}),
        seat="south",
        solution=("stone trump:green",),
        success=lambda s: "trump:green" in s.stones,
        mistakes=(
            *(
                Mistake(f"stone trump:{colour}", "NJT-3", N_("You hold cards of that colour: as trump they would win."))
                for colour in ("red", "black", "blue")
            ),
            Mistake(
                "stone super:green",
                "NJT-2",
                N_("That is the super-trump row: it decides which 1s beat everything. Trump is the row above."),
            ),
        ),
    ),
    Lesson(
        id="stones",
        title=N_("Placing stones: the last free space is the rule"),
        rules=("NJT-3",),
        text=N_(
            "Stones go round clockwise from the dealer's left, one at a time. A row's last free space can never "
            "be blocked: after 15 stones each row has exactly one free space, and that space is the rule."
        ),
        task=N_("Trump can only be blue now. You hold strong cards: say Njet! to the smallest multiplier left."),
        start=lambda: position(stones=TWELVE, hands={"south": "B1a B8 B9 R9 R8 K9 G9 B7 R1a K8"}),
        seat="south",
        solution=("stone multiplier:3",),
        success=lambda s: "multiplier:3" in s.stones,
        mistakes=(
            Mistake("stone trump:blue", "NJT-3", N_("Blue is the last free trump: it is already the rule.")),
            Mistake("stone discards:2", "NJT-3", N_("2 is the last free space of the discards row.")),
            Mistake(
                "stone multiplier:4",
                "NJT-3",
                N_("That removes the biggest multiplier, the one a strong hand wants. Block ×3 instead."),
            ),
        ),
    ),
    Lesson(
        id="partner",
        title=N_("Choosing a partner"),
        rules=("NJT-4",),
        text=N_(
            "The free space of the first row names the start player. The start player chooses any one of the "
            "other three as partner; the other two play together against them. Partners change every round."
        ),
        task=N_("You are the start player. Name as your partner the player across the table from you."),
        start=lambda: position(rules={"start": "south", "discards": "1", "trump": "red"}),
        seat="south",
        solution=("partner north",),
        success=lambda s: s.partner == "north",
        mistakes=(
            Mistake("partner south", "NJT-4", N_("Your partner is another player.")),
            *(
                Mistake(
                    f"partner {seat}",
                    "NJT-4",
                    N_("That player sits beside you. Across the table from you, at the top, sits North."),
                )
                for seat in ("west", "east")
            ),
        ),
    ),
    Lesson(
        id="discards",
        title=N_("Laying cards aside"),
        rules=("NJT-5",),
        text=N_(
            "The discards row says how many cards each player lays aside, face down, before the tricks. They "
            "count for nobody. Lay aside cards that would only lose: low cards of your short colours."
        ),
        task=N_("Blue is trump and you must lay 2 cards aside. Lay aside your two lonely green cards."),
        start=lambda: position(
            rules={"start": "south", "discards": "2", "trump": "blue", "super": "none"},
            partner="north",
            laid_aside=False,
            hands={"south": "B1a B5 B8 B9 R7 R8 R9 K8 G2 G3"},
        ),
        seat="south",
        solution=("discard G2", "discard G3"),
        success=lambda s: {str(c) for c in s.discards["south"]} == {"G2", "G3"},
        on_track=lambda s: [str(c) for c in s.discards["south"]] in (["G2"], ["G3"]),
        mistakes=(
            Mistake("play G2", "NJT-5", N_("First the cards are laid aside; the tricks come after.")),
            Mistake("discard B9", "NJT-5", N_("Your 9 of trumps wins a trick: keep it.")),
        ),
    ),
    Lesson(
        id="follow",
        title=N_("Following colour"),
        rules=("NJT-6",),
        text=N_(
            "The start player leads the first trick; whoever wins a trick leads the next. You must play the "
            "colour led if you hold it; a 1 keeps its colour. The highest card of the colour led wins."
        ),
        task=N_("East led the red 7. Follow red and win the trick with your red 9."),
        start=lambda: position(
            rules=PLAY, partner="north", hands={"south": "R3 R9 K5 K8 B2 B6 G4 G9 G1a K1a"}, trick="east:R7"
        ),
        seat="south",
        solution=("play R9",),
        success=lambda s: _played(s, "south") == ["R9"],
        mistakes=(
            Mistake("play G9", "NJT-6", N_("The green 9 is not allowed: the trick was opened with red.")),
            Mistake("play B6", "NJT-6", N_("Blue is trump, but while you hold red you must play red.")),
            Mistake("play R3", "NJT-7", N_("Right colour, but the red 3 loses to the 7. Your 9 wins.")),
        ),
    ),
    Lesson(
        id="trumps",
        title=N_("Trumps"),
        rules=("NJT-6", "NJT-7"),
        text=N_(
            "If you cannot follow colour you may play any card: you are never obliged to trump. But a trump beats "
            "every card of the other colours, so a low trump can win a trick of high cards."
        ),
        task=N_("West led the green 9, you play last and hold no green. Win the trick with your lowest trump."),
        start=lambda: position(
            rules={**PLAY, "start": "west"},
            partner="north",
            hands={"south": "R3 R9 K5 K8 B2 B6 K1a R1a K2 K3"},
            trick="west:G9 north:G2 east:G3",
        ),
        seat="south",
        solution=("play B2",),
        success=_won_last("south", "B2"),
        mistakes=(
            Mistake("play R9", "NJT-7", N_("Legal, for nobody must trump, but a red card never wins a green trick.")),
            Mistake("play B6", "NJT-7", N_("The blue 6 wins too, but the 2 does the same job and saves the 6.")),
        ),
    ),
    Lesson(
        id="super",
        title=N_("Super trumps and the last identical card"),
        rules=("NJT-7",),
        text=N_(
            "The 1s of the super-trump colour beat everything, trumps included. There are two of each 1: when "
            "both are in a trick, the one played later wins. The same goes for any two identical cards."
        ),
        task=N_("Red 1s are super trumps. North played one; yours is identical and comes later. Take the trick."),
        start=lambda: position(
            rules={"start": "west", "discards": "0", "trump": "blue", "super": "red", "multiplier": "1"},
            partner="north",
            hands={"south": "R1b B8 K2 K3 K4 K5 K6 R2 R3 R4"},
            trick="west:G9 north:R1a east:B9",
        ),
        seat="south",
        solution=("play R1b",),
        success=_won_last("south", "R1b"),
        mistakes=(
            Mistake("play B8", "NJT-7", N_("Legal, for you hold no green, but North's super trump beats every trump.")),
            Mistake("play R2", "NJT-7", N_("A red 2 is just a red card here: North's super trump keeps the trick.")),
        ),
    ),
    Lesson(
        id="captured",
        title=N_("Captured 1s"),
        rules=("NJT-8",),
        text=N_(
            "Outside the super trump a 1 is the lowest card, but it is worth a point: a 1 played by one team "
            "into a trick the other team wins is captured. A 1 given to your own team's trick is safe."
        ),
        task=N_("Your partner North is winning this trick. Play your green 1 where it is safe."),
        start=lambda: position(
            rules={"start": "west", "discards": "0", "trump": "blue", "super": "none", "multiplier": "1"},
            partner="east",
            hands={"south": "G1a G6 K5 K8 B2 R6 R9 K2 K3 K4"},
            trick="west:G3 north:G9 east:G4",
        ),
        seat="south",
        solution=("play G1a",),
        success=_won_last("north", "G1a"),
        mistakes=(
            Mistake(
                "play G6",
                "NJT-8",
                N_("Legal, but your 1 then stays in your hand, where the other team may capture it later."),
            ),
            Mistake("play B2", "NJT-6", N_("You hold green, so you must follow green.")),
        ),
    ),
    Lesson(
        id="scoring",
        title=N_("The multiplier and scoring"),
        rules=("NJT-8", "NJT-9"),
        text=N_(
            "At the end of a round each team scores (tricks won + 1s captured) × the multiplier, and both players "
            "of the team add it to their own total. After 8 rounds the highest total wins."
        ),
        task=N_("The multiplier is ×3. Take this trick and West's black 1 with it: (1 + 1) × 3 = 6 points."),
        start=lambda: position(
            rules={"start": "south", "discards": "2", "trump": "blue", "super": "none", "multiplier": "3"},
            partner="north",
            hands={"south": "K9 K3", "west": "G9", "north": "G8", "east": "G7"},
            trick="west:K1a north:K2 east:K5",
            won="north south north south east west",
        ),
        seat="south",
        solution=("play K9",),
        success=_won_last("south", "K1a"),
        mistakes=(
            Mistake("play K3", "NJT-8", N_("East's 5 would keep the trick, and West's 1 would stay with its team.")),
        ),
    ),
)
