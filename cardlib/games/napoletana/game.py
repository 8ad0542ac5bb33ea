"""La partita Napoletana the game (the protocol's ``Game``): its moves' notation, the deal, and loading a saved
position; the factory of its states (``engine``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.core import Event, Game, State
from cardlib.core.i18n import N_, Message, Name
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.rng import shuffled

from . import ABOUT, bots
from .engine import NapoletanaState
from .positions import load_state
from .rules import HAND_SIZE, RULES, deck_of, side_name


class Napoletana(Game, about=ABOUT):
    rules = RULES
    game_over = (N_("The war is over."), "NAP-18")
    move_grammar = {
        "play": ("card", "zone", "option?"),
        "pass": (),
        "jolly": (),
        "mulligan": ("card",),
        "keep": (),
        "heal": ("card", "zone"),
        "skip": (),
    }

    def _new(self, seed: int, players: int, options: dict[str, Any]) -> NapoletanaState:
        state = NapoletanaState(self, seed)
        for player, side in state.sides.items():
            side.deck = shuffled(deck_of(player), seed, "deal", player)  # NAP-2
            side.draw(HAND_SIZE)
        state._events = (Event("deal", _("Each side shuffles its deck and draws 10 cards."), "NAP-2"),)
        return state

    def from_json(self, data: Mapping[str, Any]) -> NapoletanaState:
        return load_state(self, data)

    def seat_name(self, player: str) -> Name:
        return side_name(player)

    def describe(self, before: State, after: State, player: str) -> list[Message]:
        assert isinstance(before, NapoletanaState) and isinstance(after, NapoletanaState)
        return bots.describe(before, after, player)
