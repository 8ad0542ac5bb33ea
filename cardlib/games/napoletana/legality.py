"""Which moves the rules of La partita Napoletana allow, and in one sentence why not (NAP-2, 4, 5, 6, 9, 11, 12,
13, 15, 16). ``NapoletanaState.check`` is this module's ``verdict``; ``legal_moves`` asks it of every candidate.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING

from cardlib.core import LEGAL, Card, CardError, Move, Verdict
from cardlib.core.i18n import Message, as_is
from cardlib.core.i18n import lazy_gettext as _

from .rules import AGILITY_ROW, ENEMY_ROWS, HOME_ROW, ROW_NAMES, ROWS, SPY_ZONE, is_jolly

if TYPE_CHECKING:
    from .engine import NapoletanaState


@lru_cache(maxsize=256)
def parse_card(text: str) -> Card:
    """Card.parse, remembered: a search checks the same few dozen cards hundreds of thousands of times."""
    return Card.parse(text)


def card_of(text: object) -> Card:
    """``parse_card`` for text; anything else goes to Card.parse, which says what is wrong with it."""
    return parse_card(text) if isinstance(text, str) else Card.parse(text)  # type: ignore[arg-type]  # it refuses


@lru_cache(maxsize=64)
def candidate_zones(card: Card) -> tuple[str, ...]:
    """The rows worth proposing for a card (``check`` still decides)."""
    if card.rank in "KJ":
        return ROWS
    if card.rank == "A":
        return (SPY_ZONE,)
    return tuple(row for row in ROWS if row in (HOME_ROW.get(card.rank), AGILITY_ROW.get(card.rank)))


def verdict(state: NapoletanaState, move: Move) -> Verdict:
    side = state.sides[state.on_turn]
    action = move.action
    fits = state.game.fits(move)  # a move naming more than its action takes is no move of the phase
    if state.phase == "mulligan":
        if action not in ("mulligan", "keep") or not fits:
            return Verdict(False, _("First each player may change up to 2 cards, then keep the hand."), "NAP-2")
        return LEGAL if action == "keep" else _holds(side.hand, move.card, _("your hand"), "NAP-2")
    if action in ("mulligan", "keep"):
        return Verdict(False, _("Cards may be changed only once, before the first battle."), "NAP-2")
    if state.phase == "heal":
        if action == "skip" and fits:
            return LEGAL
        if action != "heal" or not fits:
            return Verdict(False, _("Your Queen lets you heal a card first, or skip healing."), "NAP-13")
        verdict = _holds(side.discard, move.card, _("your discard pile"), "NAP-13")
        if not verdict:
            return verdict
        card = card_of(move.card)
        if card.is_figure or card.is_joker:
            return Verdict(False, _("Figures and the Jolly cannot be healed."), "NAP-13")
        return _placement(state, card, move.zone, move.option)
    if action in ("heal", "skip"):
        return Verdict(False, _("You heal only right after placing a Queen."), "NAP-13")
    if side.passed:
        return Verdict(False, _("You passed: you cannot act again in this battle."), "NAP-4")
    if not fits:
        return Verdict(False, _("On your turn you place one card, or pass."), "NAP-4")
    if action == "pass":
        return LEGAL
    if action == "jolly":
        if side.jolly != "ready":
            return Verdict(False, _("Your Jolly can be used only once per war."), "NAP-16")
        return LEGAL
    if action != "play":
        return Verdict(False, _("On your turn you place one card, or pass."), "NAP-4")
    if is_jolly(move.card):  # it lies beside the deck, never in the hand: say why it cannot be placed
        return Verdict(False, _("The Jolly never enters the field; use it from beside your deck."), "NAP-6")
    verdict = _holds(side.hand, move.card, _("your hand"), "NAP-4")
    if not verdict:
        return verdict
    return _placement(state, card_of(move.card), move.zone, move.option)


def _holds(cards: Sequence[Card], text: str | None, where: Message, rule: str) -> Verdict:
    """The card must be where the rule takes it from: the hand (NAP-2, NAP-4) or the discard pile (NAP-13)."""
    try:
        card = card_of(text or "")
    except CardError as error:
        return Verdict(False, as_is(str(error)), rule)
    if card not in cards:
        return Verdict(False, _("{card} is not in {where}.", card=card.short, where=where), rule)
    return LEGAL


def _placement(state: NapoletanaState, card: Card, zone: str | None, option: str | None) -> Verdict:
    """NAP-5, 9, 11, 12, 15: may ``card`` go to ``zone`` (with that role)?"""
    side = state.sides[state.on_turn]
    if card.rank == "A":
        if zone != SPY_ZONE:
            return Verdict(False, _("An Ace is a spy: it goes on your opponent's front row."), "NAP-9")
        return (
            LEGAL
            if option is None
            else Verdict(False, _("Only a King in the front row takes a choice of role."), "NAP-12")
        )
    if zone in ENEMY_ROWS:
        return Verdict(False, _("Only an Ace spy goes on your opponent's side; this card goes on yours."), "NAP-9")
    if zone not in ROWS:
        return Verdict(False, _("Name a row: front, ranged or siege."), "NAP-5")
    if card.rank == "K":
        role = option or ("order" if zone != "front" else None)
        if role not in ("horde", "order"):
            return Verdict(
                False,
                _("A King in the front row is a horde or an emperor's order: choose one."),
                "NAP-12",
            )
        if role == "horde" and zone != "front":
            return Verdict(False, _("A King plays as a horde only in the front row."), "NAP-5")
        if option is not None and zone != "front":  # NAP-12: elsewhere the row decides (one move, one name)
            return Verdict(False, _("Only a King in the front row takes a choice of role."), "NAP-12")
        if role == "order" and any(placed.role == "order" for placed in side.rows[zone]):
            return Verdict(False, _("A row holds at most one emperor's order."), "NAP-11")
        return LEGAL
    if option is not None:  # NAP-12: a Jack's role is its row
        return Verdict(False, _("Only a King in the front row takes a choice of role."), "NAP-12")
    if card.rank == "J":
        return LEGAL  # NAP-12: siege is a burn, front and ranged are agility
    if zone == HOME_ROW[card.rank]:
        return LEGAL
    if zone == AGILITY_ROW.get(card.rank):
        if side.agility:
            return LEGAL
        return Verdict(
            False,
            _(
                "The {card} goes in the {row} row; the {zone} row takes it only with agility, which a Jack gives.",
                card=card.short,
                row=_(ROW_NAMES[HOME_ROW[card.rank]]),
                zone=_(ROW_NAMES[zone]),
            ),
            "NAP-15",
        )
    # the card by its name ("The 8♥", never "A 8"), the row in the learner's language
    return Verdict(
        False, _("The {card} goes in the {row} row.", card=card.short, row=_(ROW_NAMES[HOME_ROW[card.rank]])), "NAP-5"
    )
