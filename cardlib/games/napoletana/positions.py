"""Napoletana positions: reading them back from JSON with every field checked and every card accounted for exactly
once, and building prepared positions for lessons and tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState
from cardlib.core.serial import accounted, card, events, header, load_fields, need, playable, result

from .engine import NapoletanaState
from .rules import (
    BATTLES,
    BLACK,
    COINS,
    HOME_ROW,
    JOLLY,
    MULLIGANS,
    PLAYERS,
    RED,
    ROWS,
    deck_of,
    other,
)
from .war import war_result

if TYPE_CHECKING:
    from .game import Napoletana


def load_state(game: Napoletana, data: Mapping[str, Any]) -> NapoletanaState:
    header(data, game.id, NapoletanaState.FORMAT)
    state = NapoletanaState(game, need(data, "seed", int))
    load_fields(state, data)
    _check_field(state)
    _account_for_every_card(state)
    _check_turn(state)
    _check_history(state)
    state._events = events(data, PLAYERS)
    state._result = result(data, war_result(state.sides) if state.phase == "over" else None, "NAP-18")
    return playable(state)


def _check_field(state: NapoletanaState) -> None:
    """Each side's rows, as a side: a card lies on its owner's side unless it is a spy (NAP-9), out of its home row
    only with agility (NAP-15), and a row holds one emperor's order at most (NAP-11)."""
    for player, side in state.sides.items():
        for row, placed in side.rows.items():
            where = f"sides.{player}.rows.{row}"
            for index, each in enumerate(placed):
                if each.role == "spy" and each.owner == player:
                    raise BadState(f"{where}[{index}]: a spy lies on the front row of its owner's opponent (NAP-9)")
                if each.role != "spy" and each.owner != player:
                    raise BadState(f"{where}[{index}]: only a spy lies on the other player's side (NAP-9)")
            outside_home = [
                p.card for p in placed if p.card.rank in HOME_ROW and p.role != "spy" and HOME_ROW[p.card.rank] != row
            ]
            if outside_home and not side.agility:
                raise BadState(f"{where}: {outside_home[0]} stands there only with agility (NAP-15)")
            if sum(p.role == "order" for p in placed) > 1:
                raise BadState(f"{where}: a row holds at most one emperor's order (NAP-11)")


def _check_history(state: NapoletanaState) -> None:
    """The finished battles, the coins, who starts and the phase tell one story (NAP-2, NAP-3, NAP-17, NAP-18)."""
    finished, over = len(state.battles), state.phase == "over"
    if finished != state.battle - (not over):
        raise BadState(f"battle {state.battle} cannot follow {finished} finished battles (NAP-17, NAP-18)")
    coins, starter = dict.fromkeys(PLAYERS, COINS), RED
    for index, record in enumerate(state.battles):
        where = f"battles[{index}]"
        if min(coins.values()) == 0:
            raise BadState(f"{where}: the war ended when a side had no coins left, so no battle follows (NAP-18)")
        totals, winner = record["totals"], record["winner"]
        if totals[RED] != totals[BLACK] and winner != max(PLAYERS, key=totals.get):
            raise BadState(f"{where}.winner: the higher total, {max(totals.values())}, wins the battle (NAP-17)")
        if totals[RED] == totals[BLACK] and winner == RED:
            raise BadState(f"{where}.winner: a tie is won only by Black's Jolly, never by Red (NAP-16, NAP-17)")
        if winner == BLACK and totals[RED] == totals[BLACK] and state.sides[BLACK].jolly == "ready":
            raise BadState(f"{where}.winner: Black won a tie with its Jolly, yet the Jolly is still ready (NAP-16)")
        if winner:
            coins[winner] += 1
            coins[other(winner)] -= 1
        if index < finished - over:  # the last battle of a finished war starts no other
            starter = winner or other(starter)  # NAP-3
    for player in PLAYERS:
        if state.sides[player].coins != coins[player]:
            raise BadState(
                f"sides.{player}.coins: the battles fought leave {player} {coins[player]} coins, not "
                f"{state.sides[player].coins} (NAP-17)"
            )
    if over != (finished == BATTLES or min(coins.values()) == 0):
        raise BadState("phase: the war is over after three battles or when a side has no coins left (NAP-18)")
    if state.starter != starter:
        raise BadState(f"starter: {starter} starts battle {state.battle}, after the battles fought (NAP-3)")
    if state.phase == "mulligan":
        for player, side in state.sides.items():
            if side.passed or side.agility or side.discard or any(side.rows.values()) or side.jolly != "ready":
                raise BadState(
                    f"sides.{player}: while hands are changed nothing has been played, passed or discarded (NAP-2)"
                )


def _check_turn(state: NapoletanaState) -> None:
    """Whoever is to move must be able to move: a position that could never be played on is refused."""
    side = state.sides[state.turn] if state.turn else None
    if side and state.phase == "mulligan" and (side.kept or (state.turn == "black" and not state.sides["red"].kept)):
        raise BadState(f"turn: {state.turn} cannot be changing cards now (Red changes first, then Black: NAP-2)")
    if side and state.phase in ("battle", "heal") and side.passed:
        raise BadState(f"turn: {state.turn} has passed and cannot act again in this battle (NAP-4)")
    for player, other_side in state.sides.items():
        if other_side.mulligans == MULLIGANS and not other_side.kept:
            raise BadState(f"sides.{player}: after {MULLIGANS} changes the hand is kept (NAP-2)")


def _account_for_every_card(state: NapoletanaState) -> None:
    """NAP-1: each side's 26 cards and its Jolly are each in exactly one place."""
    for player, side in state.sides.items():
        seen = Counter(side.hand + side.deck + side.discard)
        seen.update(
            placed.card
            for s in state.sides.values()
            for row in s.rows.values()
            for placed in row
            if placed.owner == player
        )
        expected = Counter(deck_of(player)) + (Counter() if side.jolly == "ready" else Counter([JOLLY[player]]))
        accounted(seen, expected, f"{player}'s cards")
        if side.jolly != "ready" and JOLLY[player] not in side.discard:  # NAP-6, NAP-16
            raise BadState(f"{player}'s Jolly is {side.jolly}, so it lies in its discard pile, nowhere else")


def position(
    *,
    red: Mapping[str, Any] | None = None,
    black: Mapping[str, Any] | None = None,
    turn: str = "red",
    phase: str = "battle",
    battle: int = 1,
    starter: str | None = None,
    battles: tuple[str | None, ...] = (),
    seed: int = 0,
) -> NapoletanaState:
    """A prepared position for lessons and tests, written the way a teacher would describe it.

    Each side is a dict such as ``{"hand": "7H 5H KH", "front": "KH:horde 3H", "discard": "9D",
    "coins": 2, "jolly": "ready", "agility": False, "passed": False}``; cards are space-separated, a role
    follows a colon, a spy is written on the front row it lies on (``"AH:spy"`` in Black's front). Every card
    not named goes to its owner's deck, in deck order, so the position is complete and loads like any other.
    ``battles`` names the winners of the battles already fought (None for a tie); the coins and the starter
    follow from them unless given.
    """
    coins, chain = dict.fromkeys(PLAYERS, COINS), RED
    for index, winner in enumerate(battles):
        if winner:
            coins[winner], coins[other(winner)] = coins[winner] + 1, coins[other(winner)] - 1
        if index < len(battles) - (phase == "over"):  # the last battle of a finished war starts no other
            chain = winner or other(chain)
    starter = starter or chain
    sides: dict[str, Any] = {}
    named: dict[str, set[str]] = {player: set() for player in PLAYERS}
    for player, spec in zip(PLAYERS, (red or {}, black or {}), strict=True):
        rows: dict[str, list[list[str | None]]] = {}
        for row in ROWS:
            rows[row] = []
            for word in spec.get(row, "").split():
                text, _, role = word.partition(":")
                owner = PLAYERS[0] if card(text, row).is_red else PLAYERS[1]
                rows[row].append([text, role or None, owner])
                named[owner].add(str(card(text, row)))
        listed = {key: spec.get(key, "").split() for key in ("hand", "discard")}
        for texts in listed.values():
            named[player].update(str(card(text, player)) for text in texts)
        sides[player] = {
            **listed,
            "rows": rows,
            "coins": spec.get("coins", coins[player]),
            "jolly": spec.get("jolly", "ready"),
            "passed": spec.get("passed", False),
            "agility": spec.get("agility", False),
            "mulligans": 0,
            "kept": phase != "mulligan",
        }
    for player in PLAYERS:
        sides[player]["deck"] = [str(c) for c in deck_of(player) if str(c) not in named[player]]
        if sides[player]["jolly"] != "ready":
            sides[player]["discard"].append(str(JOLLY[player]))
    # Battles already fought, by winner. No lesson is about their totals, but the score table shows them, so they
    # are a battle's usual: 24 to 19, or 20 all for a tie (1 to 0 read as a battle nobody played).
    history = [
        {"totals": {p: 20 if winner is None else 24 if p == winner else 19 for p in PLAYERS}, "winner": winner}
        for winner in battles
    ]
    data = {
        "game": "napoletana",
        "format": 1,
        "seed": seed,
        "phase": phase,
        "turn": turn,
        "battle": battle,
        "starter": starter,
        "battles": history,
        "result": None,
        "events": [],
        "sides": sides,
    }
    from . import GAME  # the package's one Game, asked for here: the game module imports this one to load saves

    return load_state(GAME, data)
