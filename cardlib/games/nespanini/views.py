"""What a seat sees of a NesPanini position, and each move in words: the game's part of ``State.view`` and of
``State.label``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardlib.core import Move
from cardlib.core.i18n import Message
from cardlib.core.i18n import lazy_gettext as _

from .cards import SET, card_name
from .rules import PLAYERS

if TYPE_CHECKING:
    from .engine import NesPaniniState


def view(state: NesPaniniState, player: str | None) -> dict[str, Any]:
    over = state.phase == "over"
    pending = None
    if state.phase == "choose":
        effect = state.pending[0]
        pending = {"do": effect["do"], "player": effect["player"], "card": effect["card"], "chooser": state.chooser}
        if effect["do"] == "scry" and state.chooser == player:
            pending["top"] = state.sides[player].deck[0]  # the card the effect lets its owner see
        if effect["do"] == "recover":
            pending["choices"] = sorted(set(state.recoverable()))
    return {
        "players": list(PLAYERS),
        "phase": state.phase,
        "to_move": state.to_move,
        "turn": state.turn,
        "first": state.first,
        "turns": dict(state.turns),
        "sides": {
            who: {
                "hand": list(side.hand) if who == player or over else None,
                "hand_size": len(side.hand),
                "deck_size": len(side.deck),
                "discards": list(side.discards),
            }
            for who, side in state.sides.items()
        },
        "cimetiere_size": len(state.cimetiere),
        "pending": pending,
        "breakdown": state.breakdown() if over else None,
    }


def label(state: NesPaniniState, move: Move) -> Message:
    if move.action == "draw":
        return _("Draw the top card of your deck")
    if move.action == "reveal":
        return _("Reveal your hand of Légendaire cards")
    if move.action == "keep":
        return _("Leave the card on top of your deck")
    if move.action == "bottom":
        return _("Put the card at the bottom of your deck")
    name = card_name(move.card) if move.card in SET else str(move.card)
    if move.action == "take":
        return _("Take {card.the} from the Cimetière", card=name)
    return _("Discard {card.a}", card=name)
