"""The Senza Nome lessons, one idea each, in the order a newcomer needs them. Each makes the learner play.

Positions are written with ``position`` (see positions.py): every card not named waits in the draw pile.
"""

from __future__ import annotations

from cardlib.core.i18n import N_
from cardlib.core.lessons import Lesson, Mistake

from .positions import position

OPPONENT = {"hands": "9S.1 8S.1", "stock": "5S.1 6C.1"}


def _at(hand: str, stock: str, *runs: str, **more):
    """A position with the learner (p1) to play ``hand`` and ``stock`` (top first) against one opponent."""
    return lambda: position(hands=(hand, OPPONENT["hands"]), stocks=(stock, OPPONENT["stock"]), runs=runs, **more)


def _runs(state) -> list[list[str]]:
    return [[str(card) for card in run.cards] for run in state.runs]


def _stock(state) -> list[str]:
    return [str(card) for card in state.sides["p1"].stock]


def _won(state) -> bool:
    return state.is_over and state.result.winners == ("p1",)


def _mine(state) -> bool:
    return state.to_move == "p1" and not state.is_over


LESSONS = (
    Lesson(
        id="goal",
        title=N_("The race"),
        rules=("SNO-2", "SNO-9"),
        text=N_(
            "Everybody has a stock of 10 cards with its top card face up, and a hand of 5. The runs in the middle "
            "belong to nobody. The first player to bury the whole stock on the runs, then empty the hand, wins."
        ),
        task=N_("Your last stock card is the 2♥. Bury it on the hearts run, then attach your 3♥ to win."),
        start=_at("3H", "2H", "AH"),
        seat="p1",
        solution=("play 2H run:1", "play 3H run:1"),
        success=_won,
        on_track=_mine,
        mistakes=(Mistake("play 3H run:1", "SNO-3", N_("The run needs a 2 first: your stock card.")),),
    ),
    Lesson(
        id="aces",
        title=N_("Starting a run with an Ace"),
        rules=("SNO-5", "SNO-3"),
        text=N_(
            "Runs go up in one suit from the Ace. Only a natural Ace starts a run, and after drawing you must lay "
            "every Ace you hold as a new run, before anything else."
        ),
        task=N_("You have just drawn the A♦. Lay it as a new run."),
        start=_at("AD 9C 5H", "7H"),
        seat="p1",
        solution=("play AD new",),
        success=lambda state: ["AD"] in _runs(state),
        mistakes=(
            Mistake("discard 9C", "SNO-5", N_("Aces come first.")),
            Mistake("play 5H new", "SNO-5", N_("Only an Ace starts a run, and yours must be laid now.")),
        ),
    ),
    Lesson(
        id="attach",
        title=N_("Attaching to a run"),
        rules=("SNO-6", "SNO-3"),
        text=N_(
            "On your turn you may attach cards from your hand to any run: the next value of its suit. A hearts "
            "run A, 2 needs a 3 of hearts next."
        ),
        task=N_("Attach to the hearts run the one card of your hand that fits it."),
        start=_at("4H 6H 9C", "QC", "AH 2H 3H"),
        seat="p1",
        targets=False,  # which card fits is the task: a lit run would tell
        solution=("play 4H run:1",),
        success=lambda state: "4H" in _runs(state)[0],
        mistakes=(Mistake("play 6H run:1", "SNO-3", N_("Runs go up one value at a time.")),),
    ),
    Lesson(
        id="stock",
        title=N_("Burying your stock card"),
        rules=("SNO-6",),
        text=N_(
            "Your stock's top card may be attached to a run it fits, just like a card from your hand. Then the "
            "next stock card turns face up. Build the runs towards your stock card."
        ),
        task=N_("Bury your stock card, the 5♥: first attach the card its run needs."),
        start=_at("4H 9C", "5H 8C", "AH 2H 3H"),
        seat="p1",
        solution=("play 4H run:1", "play 5H run:1"),
        success=lambda state: _stock(state) == ["8C"],
        on_track=lambda state: _mine(state) and _stock(state)[:1] == ["5H"],
        mistakes=(Mistake("play 5H run:1", "SNO-3", N_("The run needs the 4 before your 5.")),),
    ),
    Lesson(
        id="wilds",
        title=N_("Wild cards"),
        rules=("SNO-3",),
        text=N_(
            "Kings and jokers are wild: attached to a run they stand for the value it needs next. They cannot "
            "start a run: only a natural Ace does."
        ),
        task=N_("Use your King as the 2 of diamonds, then bury your 3♦ stock card."),
        start=_at("KS 9C", "3D 8C", "AD"),
        seat="p1",
        solution=("play KS run:1", "play 3D run:1"),
        success=lambda state: _stock(state) == ["8C"],
        on_track=lambda state: _mine(state) and _stock(state)[:1] == ["3D"],
        mistakes=(Mistake("play KS new", "SNO-3", N_("A wild never starts a run.")),),
    ),
    Lesson(
        id="swap",
        title=N_("Swapping a wild out"),
        rules=("SNO-6",),
        text=N_(
            "If a wild in a run stands for a card you hold, you may put your natural card in its place and take "
            "the wild into your hand. Then use the wild where you need it."
        ),
        task=N_("Swap your 2♥ for the joker (the Jolly), attach it to the clubs run as 3, and bury your 4♣."),
        start=_at("2H 9S", "4C 9D", "AH XR 3H", "AC 2C"),
        seat="p1",
        solution=("swap 2H run:1", "play XR run:2", "play 4C run:2"),
        success=lambda state: _stock(state) == ["9D"],
        on_track=lambda state: _mine(state) and _stock(state)[:1] == ["4C"],
        mistakes=(Mistake("play 2H run:1", "SNO-3", N_("To take the Jolly, swap: do not attach.")),),
    ),
    Lesson(
        id="draw",
        title=N_("Drawing, and taking discards"),
        rules=("SNO-4",),
        text=N_(
            "Your turn starts with a draw: up to 5 cards if you hold fewer than 5, otherwise 1. Any of them may "
            "come from the discard pile instead, from the top down, one card at a time."
        ),
        task=N_(
            "You hold 2 cards, so you draw 3. Take from the discard pile only the card your hearts run needs, and "
            "the rest from the draw pile."
        ),
        start=_at("9S 8C", "6H", "AH 2H 3H", phase="draw", to_draw=3, discard="9D 5C 4H"),
        seat="p1",
        solution=("draw discard", "draw deck", "draw deck"),
        success=lambda state: (
            state.phase == "play"
            and "4H" in map(str, state.sides["p1"].hand)
            and "5C" not in map(str, state.sides["p1"].hand)
        ),
        on_track=lambda state: _mine(state) and state.phase == "draw" and "5C" not in map(str, state.sides["p1"].hand),
        mistakes=(
            Mistake("discard 9S", "SNO-4", N_("Draw first.")),
            Mistake(
                "draw discard",
                "SNO-4",
                N_("The 5♣ fits none of your runs: draw the rest from the draw pile instead, it may bring better."),
                at=1,
            ),
        ),
    ),
    Lesson(
        id="discard",
        title=N_("What may be discarded"),
        rules=("SNO-7",),
        text=N_(
            "You end your turn by discarding one card that fits no run. A card that could be attached cannot be "
            "discarded, and a wild always fits an open run. If every card fits, you must keep playing."
        ),
        task=N_("End your turn with a discard."),
        start=_at("4H KS 9C 10D", "7S", "AH 2H 3H"),
        seat="p1",
        targets=False,  # which cards may be discarded is the task: a lit discard pile would tell
        solution=("discard 9C",),
        also=("discard 10D",),  # the 9♣ and the 10♦ both fit no run: finding one is the task
        success=lambda state: state.to_move == "p2",
        on_track=_mine,
        mistakes=(
            Mistake("discard 4H", "SNO-7", N_("The 4♥ fits the hearts run.")),
            Mistake("discard KS", "SNO-7", N_("A King is wild.")),
        ),
    ),
    Lesson(
        id="reshuffle",
        title=N_("When the draw pile runs out"),
        rules=("SNO-8",),
        text=N_(
            "When you must draw and the draw pile is empty, the discard pile and the completed runs set aside are "
            "shuffled into a new draw pile. A race that cannot move on ends: when the draw pile runs out for the "
            "fourth time with no stock card buried in between, or when nobody can draw or play for a whole round. "
            "Then the fewest stock cards left wins."
        ),
        task=N_(
            "The draw pile is empty, and it was shuffled twice with no stock card buried. Draw from it, then bury "
            "your 4♥ stock card so that the race does not get stuck."
        ),
        start=lambda: position(
            hands=("9C 10D 7H JC 6D", OPPONENT["hands"]),
            stocks=("4H 9D 2D", "5S.1 6C"),
            runs=("AH 2H 3H", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS"),
            set_aside=("AC.1 2C.1 3C.1 4C.1 5C.1 6C.1 7C.1 8C.1 9C.1 10C.1 JC.1 QC.1",),
            discard="QD",
            rest="discard",  # every other card has been discarded: the draw pile is empty
            phase="draw",
            to_draw=1,
            reshuffles=2,
            stale=2,
        ),
        seat="p1",
        solution=("draw deck", "play 4H run:1"),
        success=lambda state: state.reshuffles == 3 and state.stale == 0,  # shuffled, then a stock card buried
        on_track=lambda state: _mine(state) and state.reshuffles == 3,
        mistakes=(
            Mistake("play 4H run:1", "SNO-4", N_("Draw first.")),
            Mistake(
                "draw discard",
                "SNO-8",
                N_(
                    "The Q♦ fits none of your runs. Draw from the empty draw pile instead: the discards and the "
                    "completed run become a new one."
                ),
            ),
            Mistake(
                "discard 9C",
                "SNO-8",
                N_(
                    "If the draw pile runs out again before a stock card is buried, the race is stuck: your "
                    "opponent, with 2 stock cards to your 3, would win. Bury your 4♥ first."
                ),
                at=1,
            ),
        ),
    ),
    Lesson(
        id="finish",
        title=N_("Finishing"),
        rules=("SNO-9",),
        text=N_(
            "Once your stock is buried, empty your hand: by attaching, or with your last discard. (With the "
            "strict finish option, the last card must be attached.)"
        ),
        task=N_("Your stock is buried. Attach your 5♥, then discard your last card to win."),
        start=_at("5H 9C", "", "AH 2H 3H 4H"),
        seat="p1",
        solution=("play 5H run:1", "discard 9C"),
        success=_won,
        on_track=_mine,
        mistakes=(Mistake("discard 5H", "SNO-7", N_("The 5♥ fits: attach it.")),),
    ),
)
