"""Laying patrols (PAT-6, PAT-7, PAT-14): a card gathered for a new patrol or added to one, a new patrol laid, and
a patrol that has just become complete (the right to close; with Super Capitano, the enemy patrols of its
colour)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.core import Event
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import sentences
from cardlib.core.protocol import player_name

from .cards import info, patrol_colour
from .patrols import Patrol
from .rules import NEW
from .words import card_name, cards_counted

if TYPE_CHECKING:
    from .engine import PattugliaState


def lay(state: PattugliaState, card: str, zone: str, log: list[Event]) -> None:
    player = state.on_turn
    side = state.sides[player]
    side.hand.remove(card)
    if zone == NEW:
        side.forming.append(card)
        log.append(
            Event(
                "gather",
                _("{name} gathers a card for a new patrol.", name=player_name(player)),
                "PAT-6",
                player,
                you=_("You gather a card for a new patrol."),  # as public as the text: views carry both
            )
        )
        return
    _owner, patrol = state.patrol(zone)
    assert patrol is not None  # checked legal: the zone is one of the player's patrols
    was = patrol.complete(state.complete_size)
    patrol.cards.append(card)
    text = _(
        "{name} adds {card.a} to the {colour} patrol.",
        name=player_name(player),
        card=card_name(card),
        colour=patrol_colour(patrol.colour),
    )
    yours = _("You add {card.a} to your {colour} patrol.", card=card_name(card), colour=patrol_colour(patrol.colour))
    log.append(Event("lay", text, "PAT-6", player, data={"card": card, "zone": zone}, you=yours))
    check_complete(state, player, patrol, was, log)


def form(state: PattugliaState, log: list[Event]) -> None:
    player = state.on_turn
    side = state.sides[player]
    colour = next(filter(None, (info(card).colour for card in side.forming)))
    patrol = Patrol(state.next_patrol, colour, side.forming)
    state.next_patrol += 1
    side.forming = []
    side.patrols.append(patrol)
    cards = cards_counted(patrol.shown())
    text = _(
        "{name} lays a new {colour} patrol: {cards}.",
        name=player_name(player),
        colour=patrol_colour(colour),
        cards=cards,
    )
    yours = _("You lay a new {colour} patrol: {cards}.", colour=patrol_colour(colour), cards=cards)
    if not side.laid_patrol:
        side.laid_patrol = True
        text = sentences(text, _("From now on {name} may also draw from the discard pile.", name=player_name(player)))
        yours = sentences(yours, _("From now on you may also draw from the discard pile."))
    log.append(Event("form", text, "PAT-6", player, data={"zone": patrol.zone}, you=yours))
    check_complete(state, player, patrol, False, log)


def check_complete(state: PattugliaState, player: str, patrol: Patrol, was: bool, log: list[Event]) -> None:
    """PAT-7: a patrol that has just become complete gives the right to close; PAT-14: it takes the enemy
    patrols of its colour."""
    if was or not patrol.complete(state.complete_size):
        return
    side = state.sides[player]
    first = not side.closer
    side.closer = True
    more = {"colour": patrol_colour(patrol.colour), "n": patrol.fighters - 1}
    text = _("Complete Patrol! {name}'s {colour} patrol has a Captain and {n} more.", name=player_name(player), **more)
    yours = _("Complete Patrol! Your {colour} patrol has a Captain and {n} more.", **more)
    if first:
        text = sentences(
            text, _("From now on {name} does not refill and may close the deal.", name=player_name(player))
        )
        yours = sentences(yours, _("From now on you do not refill and may close the deal."))
    log.append(Event("complete", text, "PAT-7", player, data={"zone": patrol.zone}, you=yours))
    if not state.super_capitano:
        return
    for who in state.order:
        if who == player:
            continue
        taken = [enemy for enemy in state.sides[who].patrols if enemy.colour == patrol.colour]
        for enemy in taken:
            state.sides[who].patrols.remove(enemy)
            side.patrols.append(enemy)
            colour = patrol_colour(enemy.colour)
            text = _(
                "Super Capitano: {name} takes {other}'s {colour} patrol as it is.",
                name=player_name(player),
                other=player_name(who),
                colour=colour,
            )
            yours = _(
                "Super Capitano: you take {other}'s {colour} patrol as it is.", other=player_name(who), colour=colour
            )
            theirs = _(
                "Super Capitano: {name} takes your {colour} patrol as it is.", name=player_name(player), colour=colour
            )
            data = {"zone": enemy.zone}
            log.append(Event("capture", text, "PAT-14", player, data=data, you=yours, others={who: theirs}))
            check_complete(state, player, enemy, False, log)
