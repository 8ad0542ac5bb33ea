"""What a seat sees of a Senza Nome position, and each move in words: the game's part of ``State.view`` and of
``State.label``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Move
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_pgettext as pgettext

from .runs import is_wild, parse_card, value_name

if TYPE_CHECKING:
    from .engine import SenzaNomeState


def view(state: SenzaNomeState, player: str | None) -> dict[str, Any]:
    return {
        "players": list(state.order),
        "phase": state.phase,
        "to_move": state.turn,
        "to_draw": state.to_draw,
        "decks": state.decks,
        "strict_finish": state.strict_finish,
        "sides": {
            who: {
                "hand": [str(card) for card in side.hand] if who == player else None,
                "hand_size": len(side.hand),
                "stock_top": str(side.stock[0]) if side.stock else None,
                "stock_size": len(side.stock),
            }
            for who, side in state.sides.items()
        },
        "runs": [
            {
                "id": run.id,
                "zone": run.zone,
                "suit": run.suit,
                "next": run.next,
                "cards": [str(c) for c in run.cards],
            }
            for run in state.runs
        ],
        "discard": [str(card) for card in state.discard],
        "draw_size": len(state.draw),
        "set_aside": len(state.set_aside),
        "reshuffles": state.reshuffles,
    }


def label(state: SenzaNomeState, move: Move) -> Message:
    if move.action == "draw":
        if move.zone == "discard" and state.discard:
            return pgettext("senza_nome", "Take {card.the} from the discard pile", card=state.discard[-1].short)
        return _("Draw a card from the draw pile")
    if move.action == "end":
        return _("End your turn")
    card = parse_card(move.card)
    run = state.run(move.zone)
    from_stock = card not in state.sides[state.on_turn].hand
    if move.action == "discard":
        return _("Discard {card.a}", card=card.short)
    if move.action == "swap" and run:
        return _("Put {card} in the {suit} run in place of its wild", card=card.short, suit=run.symbol)
    if run is None:
        if from_stock:
            return _("Lay {card} from your stock as a new run", card=card.short)
        return _("Lay {card} as a new run", card=card.short)
    fields = {"card": card.short, "suit": run.symbol, "value": value_name(run.next)}
    if is_wild(card):  # what a wild stands for; a natural card is what it is (as the log says it)
        if from_stock:
            return _("Attach {card.the} from your stock to the {suit} run as {value}", **fields)
        return _("Attach {card.a} to the {suit} run as {value}", **fields)
    if from_stock:
        return _("Attach {card.the} from your stock to the {suit} run", **fields)
    return _("Attach {card.a} to the {suit} run", **fields)
