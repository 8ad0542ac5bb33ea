"""Senza Nome the game (the protocol's ``Game``): its options, its moves' notation, the deal, and loading a saved
position; the factory of its states (``engine``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.core import Event, Game, Option, State
from cardlib.core.i18n import N_, Message
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.rng import shuffled

from . import ABOUT, bots
from .engine import SenzaNomeState, full_deck
from .positions import load_state
from .rules import HAND_SIZE, RULES, STOCK_SIZE, decks_for
from .turns import start_turn


class SenzaNome(Game, about=ABOUT):
    rules = RULES
    options = {
        "decks": Option("decks", None, (None, 2, 3), "French decks with 2 jokers each; None: by players (SNO-1)."),
        "strict_finish": Option("strict_finish", False, (False, True), "The last card must be attached (SNO-9)."),
    }
    game_over = (N_("The game is over."), "SNO-9")
    move_grammar = {
        "draw": ("zone",),
        "play": ("card", "zone"),
        "swap": ("card", "zone"),
        "discard": ("card",),
        "end": (),
    }

    def _new(self, seed: int, players: int, options: dict[str, Any]) -> SenzaNomeState:
        decks = options["decks"] or decks_for(players)
        state = SenzaNomeState(self, seed, players, decks, bool(options["strict_finish"]))
        cards = shuffled(full_deck(decks), seed, "deal")
        for player in state.order:  # SNO-2
            state.sides[player].stock, cards = cards[:STOCK_SIZE], cards[STOCK_SIZE:]
        for player in state.order:
            state.sides[player].hand, cards = cards[:HAND_SIZE], cards[HAND_SIZE:]
        state.draw = cards
        text = _("Each player gets a stock of 10 cards, top card face up, and a hand of 5. Player 1 starts.")
        yours = _("Each player gets a stock of 10 cards, top card face up, and a hand of 5. You start.")
        log = [Event("deal", text, "SNO-2", state.order[0], you=yours)]
        start_turn(state, log)
        state._events = tuple(log)
        return state

    def from_json(self, data: Mapping[str, Any]) -> SenzaNomeState:
        return load_state(self, data)

    def describe(self, before: State, after: State, player: str) -> list[Message]:
        assert isinstance(before, SenzaNomeState) and isinstance(after, SenzaNomeState)
        return bots.describe(before, after, player)
