"""Loading a NesPanini position from JSON, every field checked; and ``position``, the builder of prepared
positions for lessons and tests.

Cards are set codes. Every card of the two decks as built (``decks``) is in exactly one place: a deck, a hand
or a row of the Cimetière (cards change owner only there, through recover effects, so the check is on both
decks together).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState
from cardlib.core.serial import accounted, events, excerpt, header, load_fields, need, playable, result, top

from . import effects
from .cards import SET
from .engine import NesPaniniState
from .rules import CIMETIERE_FULL, PLAYERS, TURNS

if TYPE_CHECKING:
    from .game import NesPanini


def load_state(game: NesPanini, data: Mapping[str, Any]) -> NesPaniniState:
    header(data, game.id, NesPaniniState.FORMAT)
    state = NesPaniniState(game, need(data, "seed", int))
    load_fields(state, data)
    seen = Counter(code for side in state.sides.values() for code in side.deck + side.hand + side.discards)
    accounted(seen, Counter(code for deck in state.decklists.values() for code in deck), "the cards of the two decks")
    if bool(state.pending) != (state.phase == "choose"):
        raise BadState("pending: effects wait for a decision exactly in the phase 'choose' (NES-4)")
    if state.phase == "choose" and state.pending[0]["do"] not in effects.CHOICES:
        raise BadState(f"pending[0].do: {state.pending[0]['do']} needs no decision, so it cannot be waiting")
    state._events = events(data, PLAYERS)
    _reachable(state)
    state._result = result(data, final(state) if state.phase == "over" else None, "NES-6")
    return playable(state)


def final(state: NesPaniniState) -> tuple[dict[str, int], tuple[str, ...]]:
    """NES-6: each hand's score, base values plus bonuses and maluses; the highest wins, equal scores draw."""
    rows = state.breakdown()
    scores = {player: sum(row["total"] for row in rows[player]) for player in PLAYERS}
    return scores, top(scores, PLAYERS)


def _reachable(state: NesPaniniState) -> None:
    """Refuse what no game of NesPanini reaches: such a position would stall (an effect waiting with nothing to
    choose), crash later (a scry of an empty deck) or tell a false result. Each refusal names the field."""
    if state.phase == "over":
        if any(n < TURNS for n in state.turns.values()) and len(state.cimetiere) < CIMETIERE_FULL:
            raise BadState(f"phase: the game ends after {TURNS} turns each or when the Cimetière is full (NES-5)")
        return
    if state.turns[state.on_turn] >= TURNS:
        raise BadState(f"turns.{state.turn}: {state.turn} has played its {TURNS} turns: the game is over (NES-5)")
    if state.phase != "choose":
        if len(state.cimetiere) >= CIMETIERE_FULL:
            raise BadState(f"the Cimetière holds {len(state.cimetiere)} cards: the game is over (NES-5)")
        return
    _waiting(state)


def _waiting(state: NesPaniniState) -> None:
    """The waiting effects are the last Défausse effects of the card the player whose turn it is just discarded,
    and the first one has something to choose from (NES-4)."""
    source, owner = state.pending[0]["card"], state.on_turn
    row = state.sides[owner].discards
    if any(effect["card"] != source or effect["player"] != owner for effect in state.pending):
        raise BadState(f"pending: every waiting effect is of the card {owner} discarded this turn (NES-4)")
    if not row or row[-1] != source:
        raise BadState(f"pending[0].card: {excerpt(source)} is not the card {owner} discarded last (NES-4)")
    printed = [(effect["do"], effect.get("n", 1)) for effect in SET[source].defausse]
    waiting = [(effect["do"], effect.get("n", 1)) for effect in state.pending]
    if printed[len(printed) - len(waiting) :] != waiting:
        raise BadState(f"pending: {SET[source].names['en']}'s Défausse does not end with these effects (NES-4)")
    if state.pending[0]["do"] == "scry" and not state.sides[owner].deck:
        raise BadState(f"pending[0]: {owner}'s deck is empty, so there is no top card to look at (NES-4)")
    if not state.legal_moves():
        raise BadState(f"pending[0]: {state.pending[0]['do']} waits, but there is nothing to choose from (NES-4)")


def position(
    *,
    hands: tuple[str, str] = ("", ""),
    discards: tuple[str, str] = ("", ""),
    decks: tuple[str, str] = ("", ""),
    turn: str = "p1",
    phase: str = "discard",
    turns: tuple[int, int] = (0, 0),
    pending: tuple[dict[str, Any], ...] = (),
    seed: int = 0,
) -> NesPaniniState:
    """A prepared position for lessons and tests, written the way a teacher would describe it.

    ``hands``, ``discards`` (oldest first) and ``decks`` (top first) give one text per player (p1, p2) of
    space-separated card codes. Each player's deck as built is what is named for it, filled up to 20 cards
    with the set's cards in set order (at most 2 of each, none already named twice), so the position is legal
    and complete; the filler goes under the named deck cards. ``pending`` gives waiting Défausse effects for
    the phase "choose" (``{"do": "recover", "player": "p1", "card": "dame"}``).
    """
    sides, built = {}, {}
    for player, hand, row, deck in zip(PLAYERS, hands, discards, decks, strict=True):
        named = hand.split() + row.split() + deck.split()
        counts = Counter(named)
        filler: list[str] = []
        for code, card in SET.items():
            room = (4 if card.foule else 2) - counts[code]
            take = min(max(room, 0), 2 - min(counts[code], 2), 20 - len(named) - len(filler))
            if not card.legendaire and not card.defausse and take > 0:  # plain cards: the filler does nothing
                filler += [code] * take
        sides[player] = {"deck": deck.split() + filler, "hand": hand.split(), "discards": row.split()}
        built[player] = named + filler
    data = {
        "game": "nespanini",
        "format": NesPaniniState.FORMAT,
        "seed": seed,
        "first": turn,
        "turn": None if phase == "over" else turn,
        "phase": phase,
        "turns": dict(zip(PLAYERS, turns, strict=True)),
        "decks": built,
        "sides": sides,
        "pending": list(pending),
        "events": [],
        "result": None,
    }
    from . import GAME  # the package's one Game, asked for here: the game module imports this one to load saves

    return load_state(GAME, data)
