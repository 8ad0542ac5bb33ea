"""Which moves the rules of NesPanini allow, and in one sentence why not (NES-4, NES-5).
``NesPaniniState.check`` is this module's ``verdict``; ``legal_moves`` asks it of every candidate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.core import LEGAL, Move, Verdict
from cardlib.core.i18n import lazy_gettext as _

from .cards import SET

if TYPE_CHECKING:
    from .engine import NesPaniniState


def verdict(state: NesPaniniState, move: Move) -> Verdict:
    if not state.game.names_exactly(move, ("card",)):  # a wrong zone has its own sentences below
        return Verdict(False, _("On your turn you draw the top card of your deck, then discard a card."), "NES-4")
    if move.action == "draw":
        if state.phase != "draw":
            return Verdict(False, _("You draw once, at the start of your turn."), "NES-4")
        return LEGAL if move.zone == "deck" else Verdict(False, _("You draw from your own deck."), "NES-4")
    if move.zone is not None:
        return Verdict(False, _("A discard goes face up into the Cimetière."), "NES-4")
    if state.phase == "draw":
        return Verdict(False, _("First draw the top card of your deck."), "NES-4")
    if state.phase == "discard":
        return _discard_step(state, move)
    return _decision(state, move)


def _discard_step(state: NesPaniniState, move: Move) -> Verdict:
    hand = state.sides[state.on_turn].hand
    all_legendaire = all(SET[code].legendaire for code in hand)
    if move.action == "reveal":
        if all_legendaire:
            return LEGAL
        return Verdict(False, _("You hold a card you can discard: only a hand of Légendaire cards is shown."), "NES-4")
    if move.action != "discard":
        return Verdict(False, _("Now discard a card of your hand."), "NES-4")
    if move.card not in hand:
        return Verdict(False, _("You can only discard a card of your hand."), "NES-4")
    if SET[move.card].legendaire:
        if all_legendaire:
            text = _("Every card in your hand is Légendaire: reveal your hand instead of discarding.")
            return Verdict(False, text, "NES-4")
        return Verdict(False, _("{card.The} is Légendaire: it cannot be discarded.", card=SET[move.card].name), "NES-4")
    return LEGAL


def _decision(state: NesPaniniState, move: Move) -> Verdict:
    """The follow-up decision a Défausse effect waits for (NES-4)."""
    kind = state.pending[0]["do"]
    source = SET[state.pending[0]["card"]].name
    if kind == "opponent_discards":
        if move.action != "discard":
            return Verdict(False, _("{card.The} makes you discard a card: choose one.", card=source), "NES-4")
        if move.card not in state.sides[state.chooser].hand:
            return Verdict(False, _("You can only discard a card of your hand."), "NES-4")
        if SET[move.card].legendaire:
            text = _("{card.The} is Légendaire: no effect makes you discard it.", card=SET[move.card].name)
            return Verdict(False, text, "NES-4")
        return LEGAL
    if kind == "recover":
        if move.action != "take":
            return Verdict(
                False, _("{card.The} lets you take a card from the Cimetière: choose one.", card=source), "NES-4"
            )
        if move.card not in state.recoverable():
            if move.card == state.pending[0]["card"]:
                return Verdict(False, _("{card.The} cannot bring itself back.", card=source), "NES-4")
            return Verdict(False, _("Take a card that is in the Cimetière."), "NES-5")
        return LEGAL
    if move.action in ("keep", "bottom"):
        return LEGAL
    return Verdict(False, _("Leave the top card of your deck, or put it at the bottom."), "NES-4")
