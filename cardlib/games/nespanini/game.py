"""NesPanini the game (the protocol's ``Game``): its options (the two decks), its moves' notation, the deal, and
loading a saved position; the factory of its states (``engine``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardlib.core import Event, Game, Option
from cardlib.core.i18n import N_
from cardlib.core.i18n import lazy_gettext as _
from cardlib.core.protocol import player_name
from cardlib.core.rng import generator, shuffled

from . import ABOUT
from .decks import READY, checked, ready
from .engine import NesPaniniState, Side
from .positions import load_state
from .rules import HAND_SIZE, PLAYERS, RULES


class DeckChoices(tuple):
    """The ready-made decks by name; a list of card codes (a custom deck, e.g. from the deck builder) is taken
    too, and checked against NES-3 when the game is dealt."""

    def __contains__(self, value: object) -> bool:
        return isinstance(value, list | tuple) or tuple.__contains__(self, value)


class NesPanini(Game, about=ABOUT):
    rules = RULES
    options = {
        "deck": Option("deck", "cour", DeckChoices(READY), "Player 1's deck: a ready-made deck or 20 card codes."),
        "opponent_deck": Option(
            "opponent_deck", "port", DeckChoices(READY), "Player 2's deck: a ready-made deck or 20 card codes."
        ),
    }
    game_over = (N_("The game is over."), "NES-5")
    move_grammar = {
        "draw": ("zone",),
        "discard": ("card",),
        "reveal": (),
        "take": ("card",),
        "keep": (),
        "bottom": (),
    }

    def _new(self, seed: int, players: int, options: dict[str, Any]) -> NesPaniniState:
        state = NesPaniniState(self, seed)
        for player, option in zip(PLAYERS, ("deck", "opponent_deck"), strict=True):
            value = options[option]
            deck = ready(value) if isinstance(value, str) else checked(value, option)
            state.decklists[player] = sorted(deck)
            cards = shuffled(sorted(deck), seed, "deck", player)  # NES-4: each shuffles its own deck
            state.sides[player] = Side(cards[HAND_SIZE:], cards[:HAND_SIZE])
        state.first = state.turn = generator(seed, "first").choice(PLAYERS)  # NES-4: a random player starts
        text = _("Each player shuffles its deck and draws 5 cards. {name} starts.", name=player_name(state.first))
        yours = _("Each player shuffles its deck and draws 5 cards. You start.")
        state._events = (Event("deal", text, "NES-4", state.first, you=yours),)
        return state

    def from_json(self, data: Mapping[str, Any]) -> NesPaniniState:
        return load_state(self, data)
