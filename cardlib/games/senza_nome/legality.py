"""Which moves the rules of Senza Nome allow, and in one sentence why not (SNO-3..SNO-9).
``SenzaNomeState.check`` is this module's ``verdict``; ``legal_moves`` asks it of every candidate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.core import LEGAL, Card, CardError, Move, Verdict
from cardlib.core.cards import cards_text
from cardlib.core.i18n import as_is
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_pgettext as pgettext

from .rules import NEW_RUN
from .runs import is_wild, parse_card, value_name

if TYPE_CHECKING:
    from .engine import SenzaNomeState


def verdict(state: SenzaNomeState, move: Move) -> Verdict:
    if not state.game.names_exactly(move, ("card",)):  # a wrong zone has its own sentences below
        return Verdict(False, _("On your turn you draw, lay your Aces, attach, swap, then discard."), "SNO-6")
    if move.action == "discard" and move.zone is not None:
        return Verdict(False, pgettext("senza_nome", "A discard goes on top of the discard pile."), "SNO-7")
    if move.action == "end" and move.zone is not None:
        return Verdict(False, _("You end your turn by discarding a card that fits no run."), "SNO-7")
    if move.action == "draw":
        return _draw(state, move.zone)
    if state.phase == "draw":
        if state.to_draw == 1:
            return Verdict(False, _("First draw your card, from the draw pile or the discard pile."), "SNO-4")
        text = _("First draw your cards: {n} more, from the draw pile or the discard pile.", n=state.to_draw)
        return Verdict(False, text, "SNO-4")
    side = state.sides[state.on_turn]
    aces = state.aces_to_lay()
    if move.action == "end":
        if aces:
            return Verdict(False, _("First lay {cards} as a new run.", cards=cards_text(aces)), "SNO-5")
        if side.hand:
            return Verdict(False, _("You end your turn by discarding a card that fits no run."), "SNO-7")
        return LEGAL
    try:
        card = parse_card(move.card or "")
    except CardError as error:
        return Verdict(False, as_is(str(error)), "SNO-6")
    on_stock = card in side.stock[:1]
    if card not in side.hand and not on_stock:
        return Verdict(False, _("{card} is not in your hand or on top of your stock.", card=card.short), "SNO-6")
    if aces and not (move.action == "play" and card in aces and move.zone == NEW_RUN):
        return Verdict(False, _("First lay {cards} as a new run.", cards=cards_text(aces)), "SNO-5")
    if move.action == "play":
        return _play(state, card, move.zone)
    if move.action == "swap":
        return _swap(state, card, move.zone, on_stock)
    if on_stock:
        return Verdict(False, _("Stock cards are never discarded: they are buried on runs."), "SNO-7")
    return _discard(state, card)


def _draw(state: SenzaNomeState, zone: str | None) -> Verdict:
    if state.phase != "draw":
        return Verdict(False, _("You draw only at the start of your turn."), "SNO-4")
    if zone == "discard":
        return LEGAL if state.discard else Verdict(False, pgettext("senza_nome", "The discard pile is empty."), "SNO-4")
    if zone != "deck":
        return Verdict(False, _("Draw from the draw pile or from the top of the discard pile."), "SNO-4")
    if state.draw or state.set_aside or state.discard:
        return LEGAL
    return Verdict(False, _("The draw pile is empty and there is nothing to shuffle into a new one."), "SNO-8")


def _play(state: SenzaNomeState, card: Card, zone: str | None) -> Verdict:
    if zone == NEW_RUN:
        if card.rank == "A":
            return LEGAL
        if is_wild(card):
            return Verdict(False, _("{card} is wild, but only a natural Ace starts a run.", card=card.short), "SNO-3")
        return Verdict(False, _("Only a natural Ace starts a run."), "SNO-3")
    run = state.run(zone)
    if run is None:
        return Verdict(False, _("Attach a card to a run on the table, or lay an Ace as a new run."), "SNO-6")
    if card.rank == "A":
        return Verdict(False, _("An Ace always starts a new run."), "SNO-5")
    if run.fits(card):
        return LEGAL
    if card.suit != run.suit:
        return Verdict(False, _("This run is {suit}: {card} does not fit.", suit=run.symbol, card=card.short), "SNO-3")
    text = _(
        "This {suit} run needs {value} next, not {card}.",
        suit=run.symbol,
        value=value_name(run.next),
        card=card.short,
    )
    return Verdict(False, text, "SNO-3")


def _swap(state: SenzaNomeState, card: Card, zone: str | None, on_stock: bool) -> Verdict:
    if on_stock:
        return Verdict(False, _("Only a card from your hand can swap a wild out."), "SNO-6")
    if is_wild(card):
        return Verdict(False, _("Swap a wild out with the natural card it stands for, not with a wild."), "SNO-6")
    run = state.run(zone)
    if run is None or run.wild_for(card) is None:
        return Verdict(False, _("No wild in that run stands for {card}.", card=card.short), "SNO-6")
    return LEGAL


def _discard(state: SenzaNomeState, card: Card) -> Verdict:
    if is_wild(card) and state.runs:
        text = _("A wild can always be attached while a run is open, so it cannot be discarded.")
        return Verdict(False, text, "SNO-7")
    run = next((run for run in state.runs if run.fits(card)), None)
    if run is not None:
        text = _(
            "{card} can be attached to the {suit} run, so it cannot be discarded.", card=card.short, suit=run.symbol
        )
        return Verdict(False, text, "SNO-7")
    return LEGAL
