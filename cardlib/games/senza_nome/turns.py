"""The course of a turn in Senza Nome: what follows a play (a win, a turn that can go no further), the next
turn and its draw (SNO-4), and a race that ends (SNO-7, SNO-8, SNO-9)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.core import Event, Result
from cardlib.core.i18n import Message, listed
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.protocol import player_name

from .rules import HAND_SIZE, STOCK_SIZE

if TYPE_CHECKING:
    from .engine import SenzaNomeState


def after_play(state: SenzaNomeState, log: list[Event]) -> None:
    """After an Ace, an attach or a swap: a win (SNO-9), or a turn that can go no further (SNO-7)."""
    side = state.sides[state.on_turn]
    if side.hand:
        return
    if not side.stock:
        win(state, log)
    elif not stock_fits(state):
        text = _("{name} has no card left in hand: the turn passes without a discard.", name=player_name(state.on_turn))
        yours = _("You have no card left in hand: your turn passes without a discard.")
        log.append(Event("end", text, "SNO-7", state.turn, you=yours))
        next_turn(state, log)


def stock_fits(state: SenzaNomeState) -> bool:
    stock = state.sides[state.on_turn].stock
    return bool(stock) and (stock[0].rank == "A" or any(run.fits(stock[0]) for run in state.runs))


def win(state: SenzaNomeState, log: list[Event]) -> None:
    winner = state.on_turn
    name = player_name(winner)
    reason = _("{name} has buried the whole stock and emptied the hand: {name} wins.", name=name)
    yours = _("You have buried your whole stock and emptied your hand: you win.")
    buried = {player: STOCK_SIZE - len(side.stock) for player, side in state.sides.items()}
    state._result = Result(buried, (winner,), reason, {winner: yours})
    state.phase, state.turn = "over", None
    log.append(Event("win", reason, "SNO-9", winner, you=yours))


def next_turn(state: SenzaNomeState, log: list[Event]) -> None:
    index = state.order.index(state.turn)
    state.turn = state.order[(index + 1) % len(state.order)]
    start_turn(state, log)


def start_turn(state: SenzaNomeState, log: list[Event]) -> None:
    """SNO-4: draw up to 5, or 1 if you hold 5 or more; nothing if there is nothing left to draw."""
    held = len(state.sides[state.on_turn].hand)
    state.to_draw = (HAND_SIZE - held if held < HAND_SIZE else 1) if state._drawable() else 0
    state.phase = "draw"
    if not state.to_draw:
        start_play(state, log)


def start_play(state: SenzaNomeState, log: list[Event]) -> None:
    state.phase = "play"
    if state.sides[state.on_turn].hand or stock_fits(state):
        return
    state.idle += 1  # nothing drawn, nothing in hand, nothing to bury
    text = _("{name} can neither draw nor play: the turn passes.", name=player_name(state.on_turn))
    log.append(Event("end", text, "SNO-8", state.turn, you=_("You can neither draw nor play: your turn passes.")))
    if state.idle < len(state.order):
        next_turn(state, log)
        return
    stuck(state, _("Nobody can draw or play any more."), log)


def stuck(state: SenzaNomeState, why: Message, log: list[Event]) -> None:
    """SNO-8's house ruling: a race that cannot go on ends; the fewest stock cards left wins (ties share)."""
    left = {player: len(side.stock) for player, side in state.sides.items()}
    winners = tuple(player for player in state.order if left[player] == min(left.values()))
    names = listed(player_name(player) for player in winners)
    reason = _("{why} The race is stuck, so the fewest stock cards left wins: {names}.", why=why, names=names)
    others = {  # as each winner reads it
        winner: _(
            "{why} The race is stuck, so the fewest stock cards left wins: {names}.",
            why=why,
            names=listed(_("you") if p == winner else player_name(p) for p in winners),
        )
        for winner in winners
    }
    state._result = Result({player: STOCK_SIZE - n for player, n in left.items()}, winners, reason, others)
    state.phase, state.turn, state.to_draw = "over", None, 0
    log.append(Event("stuck", reason, "SNO-8", others=others))
