"""Which moves the rules of Pattuglia allow, and in one sentence why not (PAT-5..PAT-14).
``PattugliaState.check`` is this module's ``verdict``; ``legal_moves`` asks it of every candidate.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from cardlib.core import LEGAL, Move, Verdict
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.protocol import player_name

from .cards import ATTACKS, DEFENCES, info, is_card, patrol_colour
from .patrols import can_complete, new_patrol_problem, takes
from .rules import DECK_ZONE, DISCARD, NEW

if TYPE_CHECKING:
    from .engine import PattugliaState


def verdict(state: PattugliaState, move: Move) -> Verdict:
    if move.action == "discard" and move.zone is not None:
        return Verdict(False, _("A discard goes on top of the discard pile."), "PAT-5")
    if not state.game.names_exactly(move, ("card", "zone")):
        return Verdict(False, _("On your turn you draw, lay or extend patrols, attack, then discard."), "PAT-5")
    if move.card is not None and not is_card(move.card):
        return Verdict(False, _("'{card}' is not a card of the Pattuglia deck.", card=move.card), "PAT-1")
    if state.phase == "defend":
        return _defend(state, move)
    if move.action in ("save", "take"):
        return Verdict(False, _("Medical Bags and Tools answer an attack on one of your patrols."), "PAT-10")
    if move.action == "draw":
        return _draw(state, move.zone)
    if state.phase == "draw":
        return Verdict(False, _("First draw a card, from the deck or the top of the discard pile."), "PAT-5")
    if state.phase == "refill":
        return Verdict(False, _("Refill your hand to 5: draw {n} more.", n=state.to_draw), "PAT-5")
    side = state.sides[state.on_turn]
    if move.action == "lay":
        return _lay(state, card_of(move), move.zone)
    if move.action == "back":
        if move.card not in side.forming:
            return Verdict(False, _("Only a card of your new patrol can be taken back."), "PAT-6")
        return LEGAL
    if move.action == "form":
        if not side.forming:
            return Verdict(False, _("Gather the cards of a new patrol first."), "PAT-6")
        problem = new_patrol_problem(side.forming)
        return Verdict(False, problem, "PAT-6") if problem else LEGAL
    if move.action == "attack":
        return _attack(state, card_of(move), move.zone)
    if move.card not in side.hand:
        return Verdict(False, _("That card is not in your hand."), "PAT-5")
    if side.forming:
        return Verdict(False, _("Lay your new patrol, or take its cards back, before you discard."), "PAT-6")
    return LEGAL


def card_of(move: Move) -> str:
    """The card of a move whose action takes one, once ``verdict`` has checked the move's shape."""
    assert move.card is not None, f"'{move}' names no card"
    return move.card


def zone_of(move: Move) -> str:
    """The zone of a move whose action takes one, once ``verdict`` has checked the move's shape."""
    assert move.zone is not None, f"'{move}' names no zone"
    return move.zone


def _draw(state: PattugliaState, zone: str | None) -> Verdict:
    if state.phase not in ("draw", "refill"):
        return Verdict(False, _("You have drawn: lay or extend patrols, attack, then discard."), "PAT-5")
    if zone == DECK_ZONE:
        return LEGAL
    if zone != DISCARD:
        return Verdict(False, _("Draw from the deck or from the top of the discard pile."), "PAT-5")
    if not state.sides[state.on_turn].laid_patrol:
        return Verdict(False, _("You may take the top discard only once you have laid a patrol this deal."), "PAT-5")
    if not state.discard:
        return Verdict(False, _("The discard pile is empty."), "PAT-5")
    return LEGAL


def _lay(state: PattugliaState, card: str, zone: str | None) -> Verdict:
    side = state.sides[state.on_turn]
    if card not in side.hand:
        if card in side.forming:
            return Verdict(False, _("That card is already in your new patrol."), "PAT-6")
        return Verdict(False, _("That card is not in your hand."), "PAT-5")
    if len(side.hand) < 2:
        return Verdict(False, _("Keep one card in your hand for the discard that ends your turn."), "PAT-5")
    if zone == NEW:
        return _gather(side.forming, [other for other in side.hand if other != card], card)
    owner, patrol = state.patrol(zone)
    if patrol is None:
        return Verdict(False, _("Lay a card on one of your patrols, or in the New patrol space."), "PAT-6")
    if owner != state.turn:
        return Verdict(
            False, _("You add cards only to your own patrols; attack enemy patrols with the Arsenal."), "PAT-6"
        )
    problem = takes(patrol, card)
    return Verdict(False, problem[1], problem[0]) if problem else LEGAL


def _gather(forming: list[str], hand: list[str], card: str) -> Verdict:
    """PAT-6 while gathering: one colour, one Captain, one Nurse, one Mechanic, and a patrol the cards at hand can
    still make (the rest is checked when it is laid)."""
    colours = set(filter(None, (info(other).colour for other in forming)))
    colour = info(card).colour
    if colour is not None and colours and colour not in colours:
        return Verdict(
            False,
            _("Your new patrol is {colour}: a patrol holds one colour only.", colour=patrol_colour(colours.pop())),
            "PAT-6",
        )
    code = info(card).code
    if code in ("C", "N", "M") and Counter(info(other).code for other in forming)[code]:
        return Verdict(False, _("A patrol has at most one Captain, one Nurse and one Mechanic."), "PAT-6")
    if not can_complete([*forming, card], hand):
        text = _(
            "These cards cannot make a new patrol: it needs 3 Soldiers, or a Captain and 2 Soldiers, of one colour, "
            "and you keep a card to discard."
        )
        return Verdict(False, text, "PAT-6")
    return LEGAL


def _attack(state: PattugliaState, card: str, zone: str | None) -> Verdict:
    side = state.sides[state.on_turn]
    if card not in side.arsenal:
        return Verdict(False, _("Attack with a card of your Arsenal."), "PAT-9")
    code = info(card).code
    if code not in ATTACKS:
        return Verdict(False, _("Medical Bags and Tools do not attack: they answer an attack."), "PAT-10")
    if not side.has("S"):
        return Verdict(False, _("You attack only with a Soldier in one of your patrols on the table."), "PAT-9")
    needs = ATTACKS[code]["needs"]
    if len(needs) > 1 and not any(all(patrol.count()[need] for need in needs) for patrol in side.patrols):
        return Verdict(False, _("A Cannon Shot needs a Soldier and a Cannon in the same patrol of yours."), "PAT-9")
    owner, patrol = state.patrol(zone)
    if patrol is None:
        return Verdict(False, _("Choose an enemy patrol on the table to attack."), "PAT-9")
    if owner == state.turn:
        return Verdict(False, _("Attack an enemy patrol, not your own."), "PAT-9")
    return LEGAL


def _defend(state: PattugliaState, move: Move) -> Verdict:
    defender = state.pending_attack["defender"]
    if move.action == "take":
        return LEGAL
    if move.action != "save":
        text = _(
            "{name} must first answer the attack: a Medical Bag or Tools, or take the losses.",
            name=player_name(defender),
        )
        return Verdict(False, text, "PAT-10")
    side = state.sides[defender]
    if move.card not in side.arsenal:
        return Verdict(False, _("Answer with a card of your Arsenal."), "PAT-10")
    code = info(move.card).code
    if code not in DEFENCES:
        return Verdict(False, _("Only Medical Bags and Tools answer an attack."), "PAT-10")
    support, saves = DEFENCES[code]
    if code == "MB" and not side.has(support):
        return Verdict(False, _("A Medical Bag needs a Nurse in one of your patrols."), "PAT-10")
    if code == "TL" and not side.has(support):
        return Verdict(False, _("Tools need a Mechanic in one of your patrols."), "PAT-10")
    if not state.pending_attack["kills"].get(saves):
        if saves == "S":
            return Verdict(False, _("No Soldier is about to die: a Medical Bag saves a Soldier."), "PAT-10")
        return Verdict(False, _("No Cannon is about to be destroyed: Tools save a Cannon."), "PAT-10")
    return LEGAL
