"""Deals and the match (PAT-4, PAT-12, PAT-13): dealing 5 cards each with the Arsenal set aside, scoring a deal when
it is closed or the deck runs out, and the next deal or the end of the match at 100. These change a state the engine
has just cloned."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Event, Result
from cardlib.core.i18n import Message, and_joined
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.protocol import player_name
from cardlib.core.rng import shuffled
from cardlib.core.serial import by_player, need, nullable, top

from .cards import DECK, info
from .rules import CLOSING_BONUS, COMPLETE_BONUS, HAND_SIZE, MAX_RESHUFFLES

if TYPE_CHECKING:
    from .engine import PattugliaState


def start_deal(state: PattugliaState, log: list[Event]) -> None:
    """PAT-4: 5 cards each; PAT-3: Arsenal cards set aside and replaced, from the dealer in turn order."""
    state.deck = shuffled(DECK, state.seed, "deal", state.deal)
    state.discard, state.reshuffles, state.next_patrol, state.attack, state.idle = [], 0, 1, None, 0
    start = state.order.index(state.dealer)
    turn_order = state.order[start:] + state.order[:start]
    for side in state.sides.values():
        side.hand, side.arsenal, side.forming, side.patrols, side.shown = [], [], [], [], []
        side.laid_patrol = side.closer = False
    for _round in range(HAND_SIZE):
        for player in turn_order:
            state.sides[player].hand.append(state.deck.pop(0))
    text = _("Deal {n}: {name} deals 5 cards each and plays first.", n=state.deal, name=player_name(state.dealer))
    yours = _("Deal {n}: you deal 5 cards each and play first.", n=state.deal)
    log.append(Event("deal", text, "PAT-4", state.dealer, you=yours))
    for player in turn_order:
        side = state.sides[player]
        aside = [card for card in side.hand if info(card).arsenal]
        side.hand = [card for card in side.hand if not info(card).arsenal]
        for card in aside:
            state.receive(player, card, log)
    state.turn, state.phase, state.to_draw = state.dealer, "draw", 1


def end_deal(state: PattugliaState, closer: str | None, log: list[Event]) -> None:
    """PAT-13: patrol points, +10 per Complete Patrol still whole, +10 for the closer."""
    scores = {}
    for player, side in state.sides.items():
        points = sum(patrol.points() for patrol in side.patrols)
        complete = sum(patrol.complete(state.complete_size) for patrol in side.patrols)
        bonus = CLOSING_BONUS if player == closer else 0
        total = points + COMPLETE_BONUS * complete + bonus
        scores[player] = {"patrols": points, "complete": complete, "closing": bonus, "total": total}
        side.score += total
    state.last_deal = scores
    if closer is None and not state.deck:  # PAT-12 (a deal nobody drew to ends with cards in the deck, and says so)
        if state.reshuffles < MAX_RESHUFFLES:  # nothing lies under the top discard to rebuild it
            text = _(
                "The deck is empty and the discard pile holds no cards under its top one to rebuild it: the deal ends."
            )
        else:
            text = _("The deck is empty for the last time: the deal ends.")
        log.append(Event("deck_out", text, "PAT-12"))

    def summary(reader: str | None) -> Message:
        """Each player's points, the reader's as "you"."""
        return and_joined(
            [
                _("you {points}", points=s["total"])
                if p == reader
                else _("{name} {points}", name=player_name(p), points=s["total"])
                for p, s in scores.items()
            ]
        )

    log.append(
        Event(
            "deal_scores",
            _("Deal {n} scores: {summary}.", n=state.deal, summary=summary(None)),
            "PAT-13",
            data={"scores": {p: s["total"] for p, s in scores.items()}},
            others={p: _("Deal {n} scores: {summary}.", n=state.deal, summary=summary(p)) for p in scores},
        )
    )
    best = max(side.score for side in state.sides.values())
    if best >= state.target:
        winners = top({player: side.score for player, side in state.sides.items()}, state.order)
        names = and_joined([player_name(player) for player in winners])
        if len(winners) > 1:  # PAT-13: the highest total wins, so equal highest totals share the win
            reason = ngettext(
                "{names} share the win with {n} point each.",
                "{names} share the win with {n} points each.",
                best,
                names=names,
            )
            others = {  # as each winner reads it
                winner: ngettext(
                    "You share the win with {names}, {n} point each.",
                    "You share the win with {names}, {n} points each.",
                    best,
                    names=and_joined([player_name(p) for p in winners if p != winner]),
                )
                for winner in winners
            }
        else:
            reason = ngettext(
                "{names} reaches {n} point and wins the battle.",
                "{names} reaches {n} points and wins the battle.",
                best,
                names=names,
            )
            others = {
                winners[0]: ngettext(
                    "You reach {n} point and win the battle.", "You reach {n} points and win the battle.", best
                )
            }
        state._result = Result({p: s.score for p, s in state.sides.items()}, winners, reason, others)
        state.phase, state.turn, state.attack, state.to_draw, state.idle = "over", None, None, 0, 0
        log.append(Event("win", reason, "PAT-13", others=others))
        return
    state.deal += 1
    state.dealer = state.order[(state.order.index(state.dealer) + 1) % len(state.order)]
    start_deal(state, log)


def scores_copy(scores: dict[str, dict[str, int]] | None) -> dict[str, dict[str, int]] | None:
    return None if scores is None else {player: dict(row) for player, row in scores.items()}


SCORE_ROW = ("patrols", "complete", "closing", "total")  # a player's row of the last deal's scores


def _score_row(row: Any, where: str, _state: Any) -> dict[str, int]:
    return {key: need(row, key, int, where) for key in SCORE_ROW}


read_last_deal = nullable(by_player(_score_row))  # the last deal's scores, null before the first deal ends
