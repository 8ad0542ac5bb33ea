"""Pattuglia in words: players, cards and moves as the learner reads them (through the translation layer)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import cache
from typing import TYPE_CHECKING

from cardlib.core import Move
from cardlib.core.i18n import N_, NP_, Message, Name, and_joined, named
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext
from cardlib.core.i18n import lazy_pgettext as pgettext
from cardlib.core.protocol import player_name

from .cards import COLOUR_NAMES, COLOURS_OF_SEVERAL, KINDS, Kind, info, is_card, patrol_colour
from .rules import NEW

if TYPE_CHECKING:
    from .engine import PattugliaState


# a battalion card's name in a sentence (cardlib.core.i18n.Name): "un Soldato verde", "le Capitaine rouge"
BATTALION_FORMS = {"a": NP_("a", "a {colour} {kind}"), "the": NP_("the", "the {colour} {kind}")}


@cache  # (a bot's search names cards at every move it tries)
def card_name(card: str) -> Name:
    """``RC1`` -> "red Captain"; ``MB2`` -> "Medical Bag"; with its forms for a sentence ("a red Captain")."""
    card_info = info(card)
    kind = card_info.kind
    if card_info.colour is None:
        return named(kind.name, kind.forms or {})
    return named(N_("{colour} {kind}"), BATTALION_FORMS, colour=_(COLOUR_NAMES[card_info.colour]), kind=_(kind.name))


def kinds_counted(counts: Mapping[str, int]) -> Message:
    """So many cards of each kind, by the kind's code: "2 Soldiers and 1 Cannon" (what an attack will kill)."""
    return and_joined([_counted(KINDS[code], n) for code, n in counts.items() if n])


def cards_counted(cards: Iterable[str]) -> Message:
    """Cards in a sentence, the same ones counted: "2 green Soldiers and a green Captain" (an attack's losses, a new
    patrol), in the order each first comes."""
    same: dict[tuple[str | None, str], list[str]] = {}
    for card in cards:
        same.setdefault((info(card).colour, info(card).code), []).append(card)
    return and_joined(
        [
            _counted(info(group[0]).kind, len(group), info(group[0]).colour)
            if len(group) > 1
            else card_name(group[0]).a
            for group in same.values()
        ]
    )


def _counted(kind: Kind, n: int, colour: str | None = None) -> Message:
    names = {"n": n, "kind": _(kind.name), "kinds": _(kind.plural)}
    if colour is None:
        return ngettext("{n} {kind}", "{n} {kinds}", n, **names)
    colours = {"colour": _(COLOUR_NAMES[colour]), "colours": pgettext("several", COLOURS_OF_SEVERAL[colour])}
    return ngettext("{n} {colour} {kind}", "{n} {colours} {kinds}", n, **names, **colours)


def label(state: PattugliaState, move: Move) -> Message:
    action = move.action
    if action == "draw":
        if move.zone == "discard" and state.discard:
            return _("Take {card.the} from the discard pile", card=card_name(state.discard[-1]))
        return _("Draw a card from the deck")
    if action == "form":
        return _("Lay the new patrol")
    if action == "take":
        return _("Take the losses")
    card = card_name(move.card) if is_card(move.card) else str(move.card)
    if action == "back":
        return _("Take {card.the} back into your hand", card=card)
    if action == "discard":
        return _("Discard {card.a}", card=card)
    if action == "save":
        return _("Answer with {card.a}", card=card)
    if action == "lay" and move.zone == NEW:
        return _("Put {card.a} in the new patrol", card=card)
    owner, patrol = state.patrol(move.zone)
    if owner is None or patrol is None:  # no patrol there (the two are None together)
        return _("Play {card.a}", card=card)
    colour = patrol_colour(patrol.colour)
    if action == "attack":
        return _("Attack {other}'s {colour} patrol with {card.a}", other=player_name(owner), colour=colour, card=card)
    return _("Add {card.a} to your {colour} patrol", card=card, colour=colour)
