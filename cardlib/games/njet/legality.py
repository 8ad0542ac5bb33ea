"""Which moves the rules of Njet! allow, and in one sentence why not (NJT-2..6, 9). ``NjetState.check`` is this
module's ``verdict``; ``legal_moves`` asks it of every candidate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardlib.core import LEGAL, CardError, Move, Verdict
from cardlib.core.i18n import N_, Message, as_is
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.i18n import lazy_ngettext as ngettext

from .board import PLAYERS, SPACES, free_spaces, is_space
from .cards import NjetCard, colour_word

if TYPE_CHECKING:
    from .engine import NjetState

WRONG_PHASE = {  # the discard phase's words hold a count (_wrong_phase)
    "stones": N_("First the board: place a Njet stone on a free space."),
    "partner": N_("The start player now names a partner."),
    "play": N_("Play a card to the trick."),
}
ACTIONS = {"stones": "stone", "partner": "partner", "discard": "discard", "play": "play"}
SHAPES = {"stone": ("zone",), "partner": ("zone",), "discard": ("card",), "play": ("card",)}
PHASE_RULES = {"stones": "NJT-3", "partner": "NJT-4", "discard": "NJT-5", "play": "NJT-6"}


def _wrong_phase(state: NjetState) -> Message:
    if state.phase == "discard":
        n = state.discard_count
        return ngettext(
            "First every player lays 1 card aside, face down.", "First every player lays {n} cards aside, face down.", n
        )
    return _(WRONG_PHASE[state.phase])


def verdict(state: NjetState, move: Move) -> Verdict:
    phase = state.phase
    action = ACTIONS[phase]
    if move.action != action or not state.game.fits(move):  # one move a phase, of the shape SHAPES gives it
        return Verdict(False, _wrong_phase(state), PHASE_RULES[phase])
    if phase == "stones":
        return _stone(state, move.zone)
    if phase == "partner":
        if move.zone not in PLAYERS:
            return Verdict(False, _("Name one of the other three players as your partner."), "NJT-4")
        if move.zone == state.to_move:
            return Verdict(False, _("You cannot be your own partner: name one of the other three."), "NJT-4")
        return LEGAL
    rule = PHASE_RULES[phase]
    try:
        card = NjetCard.parse(move.card)
    except CardError as error:
        return Verdict(False, as_is(str(error)), rule)
    assert state.to_move is not None  # only the phase "over" has nobody to move
    hand = state.hands[state.to_move]
    if card not in hand:
        return Verdict(False, _("{card} is not in your hand.", card=card.short), rule)
    if phase == "play" and state.trick:  # NJT-6
        led = state.trick[0][1].colour
        if card.colour != led and any(c.colour == led for c in hand):
            return Verdict(
                False,
                _("You hold {colour} cards: you must follow the colour led.", colour=colour_word(led)),
                "NJT-6",
            )
    return LEGAL


def _stone(state: NjetState, space: str | None) -> Verdict:
    if not is_space(space):
        return Verdict(False, _("A Njet stone goes on a space of the board."), "NJT-2")
    if space in state.stones:
        return Verdict(False, _("That space already has a Njet stone."), "NJT-3")
    if "free" not in state._memo:
        state._memo["free"] = {row: len(free_spaces(state.stones, row)) for row in SPACES}
    if state._memo["free"][space.partition(":")[0]] < 2:
        return Verdict(
            False,
            _("That is the last free space of its row: it is the rule and can never be blocked."),
            "NJT-3",
        )
    return LEGAL
