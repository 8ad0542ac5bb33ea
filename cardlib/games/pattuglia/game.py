"""Pattuglia the game (the protocol's ``Game``): its options, its moves' notation, the first deal, and loading a saved
position; the factory of its states (``engine``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.core import Event, Game, Option
from cardlib.core.i18n import N_

from . import ABOUT
from .deals import start_deal
from .engine import PattugliaState
from .positions import load_state
from .rules import RULES, TARGET


class Pattuglia(Game, about=ABOUT):
    rules = RULES
    options = {
        "super_capitano": Option("super_capitano", False, (False, True), "Super Capitano mode (PAT-14)."),
        "target": Option("target", TARGET, (TARGET, 50, 1), "Points that end the match (PAT-13); 1: one deal."),
    }
    game_over = (N_("The battle is over."), "PAT-13")
    move_grammar = {
        "draw": ("zone",),
        "lay": ("card", "zone"),
        "back": ("card",),
        "form": (),
        "attack": ("card", "zone"),
        "save": ("card",),
        "take": (),
        "discard": ("card",),
    }

    def _new(self, seed: int, players: int, options: dict[str, Any]) -> PattugliaState:
        state = PattugliaState(self, seed, players, bool(options["super_capitano"]), int(options["target"]))
        log: list[Event] = []
        start_deal(state, log)
        state._events = tuple(log)
        return state

    def from_json(self, data: Mapping[str, Any]) -> PattugliaState:
        return load_state(self, data)
