"""Attacks and defences (PAT-9, PAT-10, PAT-11): an Arsenal card thrown at an enemy patrol, the defender's answer
with Medical Bags and Tools, and the losses that go under the discard pile. These change a state the engine has
just cloned; ``legality`` has already checked the move."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

from cardlib.core import BadState, Event
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.protocol import excerpt, player_name
from cardlib.core.serial import need, one_of

from .cards import ATTACKS, DEFENCES, info, is_card, patrol_colour
from .words import card_name, cards_counted

if TYPE_CHECKING:
    from .engine import PattugliaState


class PendingAttack(TypedDict):
    """An attack waiting for the defender's answer (PAT-10), as the state keeps it and its JSON writes it."""

    attacker: str
    card: str
    defender: str
    patrol: int  # the attacked patrol's id
    kills: dict[str, int]  # what is about to die, by kind code (S, K)


def can_answer(state: PattugliaState, defender: str, kills: Mapping[str, int]) -> bool:
    """PAT-10's house ruling: ask the defender when something would die that a card it may hold could save, by
    public facts only (a Nurse or a Mechanic on its table, and an Arsenal that is not empty)."""
    side = state.sides[defender]
    if not side.arsenal:
        return False
    return any(kills.get(saves, 0) and side.has(support) for support, saves in DEFENCES.values())


def attack(state: PattugliaState, card: str, zone: str, log: list[Event]) -> None:
    player = state.on_turn
    state.sides[player].arsenal.remove(card)
    state.discard.insert(0, card)  # PAT-11: used at once, under the discard pile
    defender, patrol = state.patrol(zone)
    assert defender is not None and patrol is not None  # checked legal: the zone is an enemy patrol on the table
    counts = patrol.count()
    kills = {code: min(n, counts[code]) for code, n in ATTACKS[info(card).code]["kills"].items()}
    text = _(
        "{name} attacks {other}'s {colour} patrol with {card.a}.",
        name=player_name(player),
        other=player_name(defender),
        colour=patrol_colour(patrol.colour),
        card=card_name(card),
    )
    yours = _(
        "You attack {other}'s {colour} patrol with {card.a}.",
        other=player_name(defender),
        colour=patrol_colour(patrol.colour),
        card=card_name(card),
    )
    theirs = _(  # as the defender reads it
        "{name} attacks your {colour} patrol with {card.a}.",
        name=player_name(player),
        colour=patrol_colour(patrol.colour),
        card=card_name(card),
    )
    data = {"card": card, "zone": zone}
    log.append(Event("attack", text, "PAT-9", player, data=data, you=yours, others={defender: theirs}))
    state.attack = {"attacker": player, "card": card, "defender": defender, "patrol": patrol.id, "kills": kills}
    if not any(kills.values()):
        log.append(Event("miss", _("Nothing in that patrol can be hit by it."), "PAT-9", player))
        state.attack = None
    elif can_answer(state, defender, kills):
        state.phase = "defend"
        text = _("{other} may answer with Medical Bags or Tools.", other=player_name(defender))
        log.append(Event("defend", text, "PAT-10", defender, you=_("You may answer with Medical Bags or Tools.")))
    else:
        resolve(state, log)


def save(state: PattugliaState, card: str, log: list[Event]) -> None:
    defender = state.pending_attack["defender"]
    state.sides[defender].arsenal.remove(card)
    state.discard.insert(0, card)
    _support, saves = DEFENCES[info(card).code]
    state.pending_attack["kills"][saves] -= 1
    if saves == "S":
        text = _("{name} plays {card.a}: a Soldier is saved.", name=player_name(defender), card=card_name(card))
        yours = _("You play {card.a}: a Soldier is saved.", card=card_name(card))
    else:
        text = _("{name} plays {card.a}: a Cannon is saved.", name=player_name(defender), card=card_name(card))
        yours = _("You play {card.a}: a Cannon is saved.", card=card_name(card))
    log.append(Event("save", text, "PAT-10", defender, data={"card": card}, you=yours))
    if not can_answer(state, defender, state.pending_attack["kills"]):
        resolve(state, log)


def resolve(state: PattugliaState, log: list[Event]) -> None:
    """PAT-9, PAT-11: the most recently added cards of each kind die and go under the discard pile."""
    attack, state.attack = state.pending_attack, None
    defender = attack["defender"]
    owner, patrol = state.patrol(f"patrol:{attack['patrol']}")
    assert owner is not None and patrol is not None  # the attacked patrol stays on the table until now
    dead = []
    for code in ("S", "K"):
        for _n in range(attack["kills"].get(code, 0)):
            card = patrol.last(code)
            assert card is not None  # kills never exceed what the patrol holds of a kind (``attack`` caps them)
            patrol.cards.remove(card)
            dead.append(card)
    state.discard[:0] = dead
    if dead:
        names = cards_counted(dead)
        log.append(
            Event(
                "losses",
                _("{name} loses {cards}.", name=player_name(defender), cards=names),
                "PAT-11",
                defender,
                you=_("You lose {cards}.", cards=names),
                data={"cards": dead},
            )
        )
    else:
        text = _("{name} loses nothing.", name=player_name(defender))
        log.append(Event("losses", text, "PAT-10", defender, you=_("You lose nothing.")))
    if patrol.fighters == 0:
        state.sides[owner].patrols.remove(patrol)
        state.discard[:0] = patrol.cards
        colour = patrol_colour(patrol.colour)
        if len(patrol.cards) == 2:  # all that is left is its Nurse and its Mechanic: they follow it (PAT-11)
            text = _(
                "The {colour} patrol is destroyed; its Nurse and Mechanic go under the discard pile too.", colour=colour
            )
        elif patrol.cards:
            text = _(
                "The {colour} patrol is destroyed; {card.the} goes under the discard pile too.",
                colour=colour,
                card=card_name(patrol.cards[0]),
            )
        else:
            text = _("The {colour} patrol is destroyed.", colour=colour)
        log.append(Event("destroyed", text, "PAT-11", defender, data={"zone": patrol.zone}))
    state.phase = "play"


def attack_copy(attack: PendingAttack | None) -> PendingAttack | None:
    return None if attack is None else {**attack, "kills": dict(attack["kills"])}


def read_attack(data: Any, where: str, state: PattugliaState) -> PendingAttack | None:
    """An attack waiting for its answer, read from a position: the player to move attacks another player's patrol
    with an attacking Arsenal card, and what is to die is in that patrol (PAT-9). The sides are read before it."""
    if data is None:
        return None
    attacker = one_of(need(data, "attacker", str, where), state.order, f"{where}.attacker")
    defender = one_of(need(data, "defender", str, where), state.order, f"{where}.defender")
    card = need(data, "card", str, where)
    if not is_card(card) or info(card).code not in ATTACKS:
        raise BadState(f"{where}.card: {excerpt(card)} is not an attacking Arsenal card (PAT-9)")
    number = need(data, "patrol", int, where)
    owner, patrol = state.patrol(f"patrol:{number}")
    if patrol is None or owner != defender or defender == attacker or attacker != state.turn:
        raise BadState(f"{where}: the attacker is the player to move and the patrol belongs to another player (PAT-9)")
    kills = need(data, "kills", dict, where)
    counts = patrol.count()
    if set(kills) - {"S", "K"} or any(type(n) is not int or not 0 <= n <= counts[c] for c, n in kills.items()):
        raise BadState(f"{where}.kills: {excerpt(kills)} is not what can die in that patrol (PAT-9)")
    return {"attacker": attacker, "card": card, "defender": defender, "patrol": number, "kills": dict(kills)}
