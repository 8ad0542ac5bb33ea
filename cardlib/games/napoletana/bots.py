"""A Napoletana bot that plays a sensible war: it spies early, passes when ahead, makes the opponent spend
cards, never burns its own best card for nothing, and keeps its Jolly for the battle that decides.

It reads only what its seat sees: totals on the field (public), its own hand, hand sizes, coins.
"""

from __future__ import annotations

from cardlib.core import Card, Move
from cardlib.core.bots import Bot, Decision
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.search import strengths

from .engine import NapoletanaState
from .legality import card_of
from .rules import BATTLES, BLACK, other

PASS, JOLLY, KEEP, SKIP = Move("pass"), Move("jolly"), Move("keep"), Move("skip")


def worth(card: Card) -> int:
    """What a card in hand is worth keeping for a later battle (a spy is worth more than its 1 point)."""
    return 6 if card.rank == "A" else (card.number or 10)


class NapoletanaBot(Bot):
    name = "heuristic"

    def decide(self, state: NapoletanaState, player: str) -> Decision:
        if state.phase == "mulligan":
            return self._mulligan(state, player)
        moves = state.legal_moves()
        places = [move for move in moves if move.action in ("play", "heal")]
        gains: dict[Move, int] = {}

        def gain(move: Move) -> int:  # each worked out once: it plays the move
            if move not in gains:
                gains[move] = self._gain(state, player, move)
            return gains[move]

        if state.phase == "heal":
            if not places:
                return Decision(SKIP, _("There is nothing worth healing."))
            best = max(places, key=gain)
            return Decision(best, _("Healing puts a card back on the field for free."))
        me, them = state.sides[player], state.sides[other(player)]
        margin = state.total(player) - state.total(other(player))
        decisive = me.coins == 1 or state.battle == BATTLES
        if JOLLY in moves and self._jolly_pays(state, player, margin, decisive):
            return Decision(JOLLY, _("Now is the moment for your Jolly: it costs no turn."))
        if not places:
            return Decision(PASS, _("You have no card to place."))
        if them.passed:
            if margin > 0:
                return Decision(PASS, _("You are ahead and your opponent has passed: passing wins the battle."))
            winning = [move for move in places if gain(move) > -margin]
            if winning:
                cheapest = min(winning, key=lambda move: worth(card_of(move.card)))
                return Decision(cheapest, _("Your opponent has passed: the cheapest card that puts you ahead."))
            if not decisive and margin < -12:
                return Decision(PASS, _("You cannot catch up cheaply: save your cards for the next battle."))
        elif margin >= 12 and not decisive and len(me.hand) <= len(them.hand) + 2:
            return Decision(PASS, _("You are well ahead: pass and make your opponent spend cards to catch up."))
        spies = [move for move in places if card_of(move.card).rank == "A" and me.deck]
        if spies and not them.passed:
            return Decision(spies[0], _("A spy gives your opponent 1 point but draws you 2 cards: play it early."))
        best = max(places, key=lambda move: gain(move) - worth(card_of(move.card)) / 2)
        if gain(best) <= 0 and not decisive:
            return Decision(PASS, _("No card gains you anything now: keep them for later."))
        return Decision(best, _("This card gains you the most for what it costs."))

    @staticmethod
    def _jolly_pays(state: NapoletanaState, player: str, margin: int, decisive: bool) -> bool:
        """NAP-16: Black's Jolly turns a tie into a win, so it belongs to the battle that decides the war; Red's
        draws a card after a won battle, so it pays only when a next battle exists and Red is winning this one."""
        if player == BLACK:
            return decisive
        return state.battle < BATTLES and margin > 0 and state.sides[other(player)].passed

    @staticmethod
    def _gain(state: NapoletanaState, player: str, move: Move) -> int:
        """How much the move changes the margin (burns and armies included); totals are public."""
        after = state.play_unchecked(move)  # the move came from legal_moves: no need to check it again
        opponent = other(player)
        before = state.total(player) - state.total(opponent)
        return after.total(player) - after.total(opponent) - before

    @staticmethod
    def _mulligan(state: NapoletanaState, player: str) -> Decision:
        hand = state.sides[player].hand
        ranks = [card.rank for card in hand]
        lonely = [card for card in hand if card.rank in ("2", "3") and ranks.count(card.rank) == 1]
        if lonely:
            card = min(lonely, key=worth)
            return Decision(Move("mulligan", str(card)), _("A lone {card} is weak: change it.", card=card.short))
        return Decision(KEEP, _("This hand is good enough: keep it."))


class Beginner(NapoletanaBot):
    """The easy bot: a learner's war. It places its strongest card first and keeps placing while the opponent does,
    so it spends its hand early instead of saving cards for the later battles; it never passes to make the opponent
    spend cards, and plays its Jolly at the first chance. It keeps the hand it is dealt. It does see the one thing
    every learner sees: when the opponent has passed and it is ahead, passing wins the battle. It reads what the
    heuristic reads: the field totals and its own hand."""

    name = "beginner"

    def decide(self, state: NapoletanaState, player: str) -> Decision:
        if state.phase == "mulligan":
            return Decision(KEEP, _("Your hand looks fine: keep it."))
        if state.phase == "heal":
            return super().decide(state, player)
        moves = state.legal_moves()
        if JOLLY in moves:
            return Decision(JOLLY, _("Play your Jolly now, while you still have it."))
        places = [move for move in moves if move.action == "play"]
        if not places:
            return Decision(PASS, _("You have no card to place."))
        if state.sides[other(player)].passed and state.total(player) > state.total(other(player)):
            return Decision(PASS, _("You are ahead and your opponent has passed: passing wins the battle."))
        strongest = max(face(card_of(move.card)) for move in places)
        best = max(
            (move for move in places if face(card_of(move.card)) == strongest),
            key=lambda move: self._gain(state, player, move),  # of the strongest card's places, the best one
        )
        card = card_of(best.card)
        if card.rank == "A":
            return Decision(best, _("A spy draws you 2 cards: play it."))
        return Decision(best, _("Play your strongest card: {card}.", card=card.short))


def face(card: Card) -> int:
    """What a card is worth at first sight: its number, 10 for a figure (a beginner does not count a spy's draw)."""
    return card.number or 10


def describe(before: NapoletanaState, after: NapoletanaState, player: str) -> list[Message]:
    """What a move changes for ``player``: the lead on the field while the battle goes on (NAP-17 decides battles
    on it), or the coins once it ended."""
    opponent = other(player)
    if after.battle != before.battle or after.is_over:
        coins = after.sides[player].coins
        said = ngettext("You have {n} coin after this move.", "You have {n} coins after this move.", coins)
        return [said] if not after.is_over else []
    lead = after.total(player) - after.total(opponent)
    was = before.total(player) - before.total(opponent)
    if lead == was:
        return []
    if lead == 0:
        return [_("The field is level after this move.")]
    ahead = ngettext(
        "You end the move {n} point ahead on the field.", "You end the move {n} points ahead on the field.", lead
    )
    behind = ngettext(
        "You end the move {n} point behind on the field.", "You end the move {n} points behind on the field.", -lead
    )
    return [ahead if lead > 0 else behind]


# Whole wars are short enough to play out; a cut-off with a field-and-coins evaluation played worse (1 win in 12
# against the medium bot, against 8 in 12 with playouts to the end).
BOTS = strengths(NapoletanaBot, beginner=Beginner, iterations=40, seconds=0.25)
