"""Njet! the game (the protocol's ``Game``): its moves' notation, the deal, and loading a saved position; the factory
of its states (``engine``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.core import Event, Game, State
from cardlib.core.i18n import N_, Message, Name
from cardlib.core.i18n import lazy_gettext as _

from . import ABOUT, bots
from .board import seat_name
from .engine import NjetState
from .legality import SHAPES
from .positions import load_state
from .rounds import deal
from .rules import RULES


class Njet(Game, about=ABOUT):
    rules = RULES
    game_over = (N_("The game is over."), "NJT-9")
    move_grammar = SHAPES

    def _new(self, seed: int, players: int, options: dict[str, Any]) -> NjetState:
        state = NjetState(self, seed)
        deal(state)
        dealer, first = state.dealer, state.stone_owner(0)
        text = _(
            "Round 1 of 8: {dealer} deals 10 cards each; {first} places the first stone.",
            dealer=seat_name(dealer),
            first=seat_name(first),
        )
        yours = _("Round 1 of 8: you deal 10 cards each; {first} places the first stone.", first=seat_name(first))
        theirs = _("Round 1 of 8: {dealer} deals 10 cards each; you place the first stone.", dealer=seat_name(dealer))
        state._events = (Event("deal", text, "NJT-9", dealer, you=yours, others={first: theirs}),)
        return state

    def from_json(self, data: Mapping[str, Any]) -> NjetState:
        return load_state(self, data)

    def seat_name(self, player: str) -> Name:
        return seat_name(player)

    def describe(self, before: State, after: State, player: str) -> list[Message]:
        assert isinstance(before, NjetState) and isinstance(after, NjetState)
        return bots.describe(before, after, player)
