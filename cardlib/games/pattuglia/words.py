"""Pattuglia in words: players, cards and moves as the learner reads them (through the translation layer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.core import Move
from cardlib.core.i18n import _
from cardlib.core.protocol import player_name

from .cards import info, is_card, patrol_colour
from .rules import NEW

if TYPE_CHECKING:
    from .engine import PattugliaState


def card_name(card: str) -> str:
    """``RC1`` -> "red Captain"; ``MB2`` -> "Medical Bag"."""
    card_info = info(card)
    if card_info.colour is None:
        return _(card_info.kind.name)
    return _("{colour} {kind}", colour=_(card_info.colour), kind=_(card_info.kind.name))


def label(state: PattugliaState, move: Move) -> str:
    action = move.action
    if action == "draw":
        if move.zone == "discard" and state.discard:
            return _("Take {card} from the discard pile", card=card_name(state.discard[-1]))
        return _("Draw a card from the deck")
    if action == "form":
        return _("Lay the new patrol")
    if action == "take":
        return _("Take the losses")
    card = card_name(move.card) if is_card(move.card) else str(move.card)
    if action == "back":
        return _("Take {card} back into your hand", card=card)
    if action == "discard":
        return _("Discard {card}", card=card)
    if action == "save":
        return _("Answer with {card}", card=card)
    if action == "lay" and move.zone == NEW:
        return _("Put {card} in the new patrol", card=card)
    owner, patrol = state.patrol(move.zone)
    if owner is None or patrol is None:  # no patrol there (the two are None together)
        return _("Play {card}", card=card)
    colour = patrol_colour(patrol.colour)
    if action == "attack":
        return _("Attack {other}'s {colour} patrol with {card}", other=player_name(owner), colour=colour, card=card)
    return _("Add {card} to your {colour} patrol", card=card, colour=colour)
