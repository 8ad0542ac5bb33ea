"""The NesPanini lessons, one idea each, in the order a newcomer needs them. Each makes the learner play.

Building a legal deck (NES-3) and the opening draw of five (NES-4) are not moves on the board: the lesson on the
deck, right after the first turn, starts from a real deal of the game's own decks, where the learner's first move,
the draw, is made from the 15 cards the deal left in the deck. Decks are built in the deck builder in the notebook
(widgets/deckbuilder.py: live count and the rule a deck breaks), and the full game with a deck of the learner's
choice is the app below it. The other positions are written with ``position`` (see positions.py): each deck is
filled up to 20 legal cards with plain cards.
"""

from __future__ import annotations

from cardlib.core.i18n import N_
from cardlib.core.lessons import Lesson, Mistake

from .positions import position


def _discarded(code: str):
    return lambda state: code in state.sides["p1"].discards


def _mine(state) -> bool:
    return state.to_move == "p1" and not state.is_over


def _first_deal():
    """A fresh deal of the game's own decks, La Cour for the learner and Le Port for the bot: deal 1, in which
    the learner starts (NES-4: a random player starts)."""
    from . import GAME  # the package's one Game, asked for here: the game module is not imported with the lessons

    return GAME.new(seed=1)


def _counts(state) -> tuple[int, int]:
    side = state.sides["p1"]
    return len(side.hand), len(side.deck)


LESSONS = (
    Lesson(
        id="turn",
        title=N_("A turn: draw, then discard"),
        rules=("NES-4", "NES-5"),
        text=N_(
            "Each turn has two steps: draw the top card of your deck, then discard one card of your hand face up. "
            "The discards of both players form the Cimetière (French for graveyard); at 10 cards the game ends and "
            "the best hand wins."
        ),
        task=N_("Click your deck to draw, then discard the card you need least: your lone Peasant."),
        start=lambda: position(
            hands=("chevalier chevalier marchand paysan guilde", "mousse"), phase="draw", decks=("banquier", "")
        ),
        seat="p1",
        solution=("draw deck", "discard paysan"),
        success=lambda state: _discarded("paysan")(state) and state.turns["p1"] == 1,
        on_track=lambda state: _mine(state) and state.phase == "discard",
        mistakes=(
            Mistake("discard paysan", "NES-4", N_("Draw first.")),
            Mistake(
                "discard marchand",
                "NES-4",
                N_(
                    "Any card may be discarded, but the Travelling Merchant scores with your Guild Master beside it. "
                    "The lone Peasant is the card you need least."
                ),
                at=1,
            ),
        ),
    ),
    Lesson(
        id="deck",
        title=N_("Your deck and your first hand"),
        rules=("NES-3", "NES-4"),
        text=N_(
            "A deck has exactly 20 cards, with at most 2 copies of a card (4 of a Foule card). At the start each "
            "player shuffles its deck and draws 5 cards, so 15 stay in the deck; a random player starts."
        ),
        task=N_(
            "A new game: you start. Your hand holds 5 of your 20 cards, your deck the other 15. Draw your first card "
            "from it."
        ),
        start=_first_deal,
        seat="p1",
        solution=("draw deck",),
        success=lambda state: state.phase == "discard" and _counts(state) == (6, 14),
        mistakes=(Mistake("discard ecuyer", "NES-4", N_("Draw first.")),),
    ),
    Lesson(
        id="defausse",
        title=N_("Défausse"),
        rules=("NES-4",),
        text=N_(
            "A card with the keyword Défausse (French for discard) has an effect when you discard it in step 2 of "
            "your turn, and the effect must be applied. The Herald has a base value of only 1, but discarding it "
            "draws you a card."
        ),
        task=N_("Discard the Herald: its Défausse draws a card for you."),
        start=lambda: position(
            hands=("heraut chevalier chevalier marchand banquier meunier", "mousse"), decks=("marchand", "")
        ),
        seat="p1",
        solution=("discard heraut",),
        success=lambda state: _discarded("heraut")(state) and len(state.sides["p1"].hand) == 6,
        mistakes=(
            Mistake("discard meunier", "NES-4", N_("That is legal, but then no effect fires: discard the Herald.")),
        ),
    ),
    Lesson(
        id="choice",
        title=N_("A Défausse that asks for a choice"),
        rules=("NES-4", "NES-5"),
        text=N_(
            "Some effects ask for a choice. The Wreck Raider lets you take a card of the Cimetière into your hand, "
            "any card but itself. Captain Greybeard is worth 2, and 2 more for each Cabin Boy in your hand."
        ),
        task=N_("Discard the Wreck Raider, then take Captain Greybeard from the Cimetière."),
        start=lambda: position(
            hands=("pilleur mousse mousse marchand banquier", "chevalier"), discards=("chat", "capitaine")
        ),
        seat="p1",
        solution=("discard pilleur", "take capitaine"),
        success=lambda state: "capitaine" in state.sides["p1"].hand,
        on_track=lambda state: _mine(state) and state.phase == "choose",
        mistakes=(
            Mistake("take pilleur", "NES-4", N_("Take Captain Greybeard: he is worth 6 with two Cabin Boys."), at=1),
        ),
    ),
    Lesson(
        id="legendaire",
        title=N_("Légendaire"),
        rules=("NES-4",),
        text=N_(
            "A Légendaire (legendary) card is worth a lot, but it can never be discarded: it stays in your hand to "
            "the end, with its malus. The Sun King loses 2 for each other Légendaire card beside him."
        ),
        task=N_("Keep the Sun King: discard the Peasant."),
        start=lambda: position(hands=("roi paysan chevalier marchand guilde banquier", "mousse")),
        seat="p1",
        solution=("discard paysan",),
        success=_discarded("paysan"),
        mistakes=(Mistake("discard roi", "NES-4", N_("The Sun King is Légendaire.")),),
    ),
    Lesson(
        id="all_legendaire",
        title=N_("A hand of Légendaire cards"),
        rules=("NES-4",),
        text=N_(
            "If every card in your hand is Légendaire, you cannot discard: you reveal your hand to your opponent "
            "and skip the discard step. The Cimetière does not grow this turn."
        ),
        task=N_("Your hand holds only Légendaire cards: reveal it."),
        start=lambda: position(hands=("roi kraken gargantua morgane", "mousse")),
        seat="p1",
        solution=("reveal",),
        success=lambda state: state.turns["p1"] == 1,
        mistakes=(Mistake("discard kraken", "NES-4", N_("Légendaire cards are never discarded.")),),
    ),
    Lesson(
        id="foule",
        title=N_("Foule"),
        rules=("NES-3", "NES-6"),
        text=N_(
            "A deck holds at most 2 copies of a card, but up to 4 of a card with Foule (French for crowd). Crowds "
            "score together: each Peasant is worth 1, plus 1 for each other Peasant card in your hand (the Miller "
            "is one too), and the Miller gains 1 per Foule card."
        ),
        task=N_("Draw your fourth Peasant, then keep the crowd: discard the Knight-errant."),
        start=lambda: position(
            hands=("paysan paysan paysan meunier chevalier", "mousse"), phase="draw", decks=("paysan", "")
        ),
        seat="p1",
        solution=("draw deck", "discard chevalier"),
        success=_discarded("chevalier"),
        on_track=lambda state: _mine(state) and state.phase == "discard",
        mistakes=(
            Mistake(
                "discard paysan",
                "NES-6",
                # NES-6: each Paysan scores 1 + 4 (three Paysans and the Meunier are Peasants): 19 against 25
                N_("That is legal, but it leaves 19 points; without the Knight-errant 25: each Peasant scores 5."),
                at=1,
            ),
        ),
    ),
    Lesson(
        id="score",
        title=N_("Reading the score"),
        rules=("NES-6", "NES-5"),
        text=N_(
            "At the end each card in your hand scores its base value plus its bonuses and maluses. The corner "
            "number on each card of your hand is what it scores now. The Moneylender is worth 6, but loses "
            "2 for each Peasant beside him."
        ),
        task=N_("This is your last turn: discard the card that leaves your hand the highest score."),
        start=lambda: position(
            hands=("usurier paysan paysan jacquerie marchand meunier", "mousse chevalier"), turns=(4, 5)
        ),
        seat="p1",
        solution=("discard usurier",),
        success=lambda state: state.is_over and state.result.scores["p1"] == 18,
        mistakes=(
            Mistake(
                "discard paysan", "NES-6", N_("That is legal, but it leaves 12 points; without the Moneylender 18.")
            ),
            Mistake(
                "discard marchand", "NES-6", N_("That is legal, but it leaves 14 points; without the Moneylender 18.")
            ),
        ),
    ),
)
