"""A Senza Nome bot that races sensibly against 1 to 5 opponents: it buries its stock first, builds the run
that leads to its stock card, keeps its wilds for that, sheds cards that help nobody, and never feeds the next
player's stock card with an attach or a discard.

It reads only what its seat sees: its own hand, the stock cards face up, the runs and the discard pile.
"""

from __future__ import annotations

from cardlib.core import Card, Move
from cardlib.core.bots import Bot, Decision
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.search import margins, strengths

from .engine import SenzaNomeState
from .rules import NEW_RUN, VALUES
from .runs import Run, is_wild, parse_card

FAR = 20  # the distance of a card no run of its suit is waiting for


class SenzaNomeBot(Bot[SenzaNomeState]):
    name = "heuristic"

    def decide(self, state: SenzaNomeState, player: str) -> Decision:
        moves = state.legal_moves()
        if state.phase == "draw":
            return self._draw(state, player, moves)
        hand = state.sides[player].hand
        stock = state.sides[player].stock
        top = stock[0] if stock else None
        plays = [move for move in moves if move.action == "play"]
        aces = [move for move in plays if move.zone == NEW_RUN]
        if aces:
            return Decision(aces[0], _("Every Ace must be laid as a new run, at once."))
        buried = [move for move in plays if top is not None and move.card == str(top)]
        if buried:
            return Decision(buried[0], _("Bury your stock card whenever it fits: that is the race."))
        step = self._bridge(state, hand, top, moves) or self._advance(state, hand, top, moves)
        if step:
            return Decision(step, _("This card brings a run closer to your stock card."))
        swaps = [move for move in moves if move.action == "swap"]
        if swaps:
            return Decision(swaps[0], _("Swapping a wild out gives you a wild to reach your stock card."))
        sheds = [move for move in plays if not is_wild(parse_card(move.card))]
        if not stock:  # the stock is buried: now every card out of the hand counts, wilds too
            sheds = plays
        safe = [move for move in sheds if not self._feeds(state, player, move)]
        if safe:
            return Decision(safe[0], _("Attaching sheds a card and helps nobody else."))
        spare = self._spare_wild(state, player, hand, top, moves)
        if spare:
            return Decision(spare, _("No run leads to your stock card yet: a wild brings a run closer to completion."))
        discards = [move for move in moves if move.action == "discard"]
        if discards:
            best = max(discards, key=lambda move: self._discard_worth(state, player, parse_card(move.card)))
            return Decision(best, _("This card is the least useful to you and to the next player."))
        if Move("end") in moves:
            return Decision(Move("end"), _("Your hand is empty: end your turn."))
        best = min(plays, key=lambda move: (self._feeds(state, player, move), is_wild(parse_card(move.card))))
        return Decision(best, _("Every card you hold fits a run, so you must keep attaching."))

    # -- the draw -------------------------------------------------------------------------------------------

    def _draw(self, state: SenzaNomeState, player: str, moves: list[Move]) -> Decision:
        take = Move("draw", zone="discard")
        if take in moves and self._wanted(state, player, state.discard[-1]):
            return Decision(take, _("The top discard is useful to you: take it."))
        if Move("draw", zone="deck") in moves:
            return Decision(Move("draw", zone="deck"), _("Nothing useful on the discard pile: draw blind."))
        return Decision(moves[0], _("The discard pile is all that is left to draw from."))

    def _wanted(self, state: SenzaNomeState, player: str, card: Card) -> bool:
        if is_wild(card) or card.rank == "A" or any(run.fits(card) for run in state.runs):
            return True
        stock = state.sides[player].stock
        return bool(stock) and self._bridge(state, [*state.sides[player].hand, card], stock[0], None) is not None

    # -- reaching the stock card ---------------------------------------------------------------------------

    @staticmethod
    def _on_the_way(runs: list[Run], card: Card, top: Card) -> bool:
        """Is ``card`` a value some run of its suit needs before it reaches ``top``?"""
        value, goal = VALUES.get(card.rank), VALUES.get(top.rank)
        if is_wild(top) or value is None or goal is None or card.suit != top.suit:
            return False
        return any(run.suit == top.suit and run.next <= value < goal for run in runs)

    @staticmethod
    def _advance(state: SenzaNomeState, hand: list[Card], top: Card | None, moves: list[Move]) -> Move | None:
        """Too far to bridge: a spare wild (one is kept for the stock card) on the run of the stock card's suit that
        is closest to it, so runs move on."""
        wilds = [card for card in hand if is_wild(card)]
        if top is None or is_wild(top) or top.rank == "A" or len(wilds) < 2:
            return None
        goal = VALUES[top.rank]
        runs = [run for run in state.runs if run.suit == top.suit and run.next < goal]
        if not runs:
            return None
        move = Move("play", str(wilds[0]), max(runs, key=lambda run: run.next).zone)
        return move if move in moves else None

    def _spare_wild(
        self, state: SenzaNomeState, player: str, hand: list[Card], top: Card | None, moves: list[Move]
    ) -> Move | None:
        """A spare wild (one is kept for the stock card) that no run of the stock card's suit can use yet goes
        where it completes a run soonest: completed runs come back in the next reshuffle, Aces with them, and a
        new run for the stock card may start."""
        wilds = [card for card in hand if is_wild(card)]
        if top is None or is_wild(top) or len(wilds) < 2:
            return None
        if any(run.suit == top.suit and run.next < VALUES.get(top.rank, 0) for run in state.runs):
            return None
        options = [Move("play", str(wilds[0]), run.zone) for run in sorted(state.runs, key=lambda run: -run.next)]
        return next((m for m in options if m in moves and not self._feeds(state, player, m)), None)

    @staticmethod
    def _bridge(state: SenzaNomeState, hand: list[Card], top: Card | None, moves: list[Move] | None) -> Move | None:
        """The next attach on the shortest way from a run to the stock card, if the hand can go all the way."""
        if top is None or is_wild(top) or top.rank == "A":
            return None
        goal = VALUES[top.rank]
        wilds = [card for card in hand if is_wild(card)]
        naturals = {VALUES[card.rank]: card for card in hand if card.suit == top.suit and not is_wild(card)}
        best: tuple[int, Move] | None = None
        for run in state.runs:
            if run.suit != top.suit or run.next >= goal:
                continue
            gaps = [value for value in range(run.next, goal) if value not in naturals]
            if len(gaps) > len(wilds):
                continue
            card = naturals.get(run.next) or wilds[0]
            move = Move("play", str(card), run.zone)
            if (moves is None or move in moves) and (best is None or len(gaps) < best[0]):
                best = (len(gaps), move)
        return best[1] if best else None

    # -- not helping the next player ---------------------------------------------------------------------------

    @staticmethod
    def _next_top(state: SenzaNomeState, player: str) -> Card | None:
        order = state.players
        stock = state.sides[order[(order.index(player) + 1) % len(order)]].stock
        return stock[0] if stock else None

    def _feeds(self, state: SenzaNomeState, player: str, move: Move) -> bool:
        """Would this attach leave a run needing exactly the next player's stock card?"""
        top, run = self._next_top(state, player), state.run(move.zone)
        if top is None or run is None or is_wild(top):
            return False
        return top.suit == run.suit and VALUES.get(top.rank) == run.next + 1

    def _discard_worth(self, state: SenzaNomeState, player: str, card: Card) -> int:
        """Higher for a card far from any run, lower for one that leads to our stock card or the next player's."""
        value = VALUES.get(card.rank, 0)
        waiting = [value - run.next for run in state.runs if run.suit == card.suit and run.next < value]
        worth = min(waiting, default=FAR)
        stock = state.sides[player].stock
        if stock and self._on_the_way(state.runs, card, stock[0]):
            worth -= FAR
        top = self._next_top(state, player)
        if top is not None and self._on_the_way(state.runs, card, top):
            worth -= FAR
        return worth


class Beginner(SenzaNomeBot):
    """The easy bot: a learner who plays the hand it holds and forgets the stock it must bury. It always draws from
    the deck, never looking at the discard pile; attaches every hand card it can, its wilds too, wherever they fit
    first, without a thought for its own stock card (a run it moves on may pass it) or the next player's; buries
    its stock card only when nothing in its hand fits, and swaps a wild out only then too. Only its discard is the
    heuristic's. It reads what the heuristic reads: its own hand, the stock cards face up, the runs and the discard
    pile."""

    name = "beginner"

    def decide(self, state: SenzaNomeState, player: str) -> Decision:
        moves = state.legal_moves()
        if state.phase == "draw":
            deck = Move("draw", zone="deck")
            if deck in moves:
                return Decision(deck, _("Draw from the deck."))
            return Decision(moves[0], _("The discard pile is all that is left to draw from."))
        stock = state.sides[player].stock
        top = str(stock[0]) if stock else None
        plays = [move for move in moves if move.action == "play"]
        aces = [move for move in plays if move.zone == NEW_RUN]
        if aces:
            return Decision(aces[0], _("Every Ace must be laid as a new run, at once."))
        from_hand = [move for move in plays if move.card != top]
        if from_hand:
            return Decision(from_hand[0], _("This card fits a run: attach it."))
        if plays:
            return Decision(plays[0], _("Your stock card fits a run: bury it."))
        swaps = [move for move in moves if move.action == "swap"]
        if swaps:
            return Decision(swaps[0], _("Swap a wild out of a run: a wild fits anywhere."))
        discards = [move for move in moves if move.action == "discard"]
        if discards:  # the heuristic's: with its first card instead, the medium bot won some 95 % of the races
            best = max(discards, key=lambda move: self._discard_worth(state, player, parse_card(move.card)))
            return Decision(best, _("This card is the least useful to you and to the next player."))
        return Decision(Move("end"), _("Your hand is empty: end your turn."))


def describe(before: SenzaNomeState, after: SenzaNomeState, player: str) -> list[Message]:
    """What a move changes for ``player`` in the race (SNO-9): the stock cards left to bury, the cards in hand."""
    was, now = before.sides[player], after.sides[player]
    if len(now.stock) < len(was.stock):  # (an empty stock: the move's own telling says so)
        return (
            [ngettext("Your stock goes down to {n} card.", "Your stock goes down to {n} cards.", len(now.stock))]
            if now.stock
            else []
        )
    if len(now.hand) != len(was.hand) and not after.is_over:
        return [ngettext("You hold {n} card after this move.", "You hold {n} cards after this move.", len(now.hand))]
    return []


def evaluate(state: SenzaNomeState) -> dict[str, float]:
    """For a playout cut short: the race is to bury the stock (SNO-9), so a seat's lead is how many fewer stock
    cards it has left than the others (a card in hand counts a little: it must go too)."""
    return margins({p: -len(side.stock) - len(side.hand) / 5 for p, side in state.sides.items()}, 2)


def budget(state: SenzaNomeState) -> int:
    """Search what to attach, swap and discard. The draws (up to five a turn: deck, or the top discard if it fits)
    stay with the heuristic (a budget of 0): searching each one kept a learner waiting about a second a turn."""
    return 0 if state.phase == "draw" else 60


BOTS = strengths(SenzaNomeBot, beginner=Beginner, iterations=budget, depth=20, evaluate=evaluate, seconds=0.25)
