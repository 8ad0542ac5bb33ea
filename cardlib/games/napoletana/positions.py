"""Napoletana positions: reading them back from JSON with every field checked and every card accounted for exactly
once, and building prepared positions for lessons and tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState
from cardlib.core.serial import accounted, card, cards, events, header, need, one_of, playable, result, whole

from .engine import NapoletanaState, Side
from .rules import (
    AGILITY_ROW,
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
    role_of,
)
from .scoring import Placed
from .war import war_result

if TYPE_CHECKING:
    from .game import Napoletana

ROLES = {"K": ("horde", "order"), "J": ("burn", "agility"), "A": ("spy",)}


def load_state(game: Napoletana, data: Mapping[str, Any]) -> NapoletanaState:
    header(data, game.id, NapoletanaState.FORMAT)
    state = NapoletanaState(game, need(data, "seed", int))
    state.phase = one_of(need(data, "phase", str), ("mulligan", "battle", "heal", "over"), "phase")
    state.turn = one_of(need(data, "turn", (str, type(None))), (None,) if state.phase == "over" else PLAYERS, "turn")
    state.battle = one_of(need(data, "battle", int), range(1, BATTLES + 1), "battle")
    state.starter = one_of(need(data, "starter", str), PLAYERS, "starter")
    state.battles = [_battle(item, f"battles[{index}]") for index, item in enumerate(need(data, "battles", list))]
    sides = need(data, "sides", dict)
    if set(sides) != set(PLAYERS):
        raise BadState(f"sides must be exactly red and black, not {', '.join(sides) or 'none'}")
    for player in PLAYERS:
        state.sides[player] = _side(sides[player], player, f"sides.{player}")
    for player in PLAYERS:  # rows are read once both sides exist: a spy lies on the other side
        path = f"sides.{player}.rows"
        rows = need(sides[player], "rows", dict, f"sides.{player}")
        for row in ROWS:
            state.sides[player].rows[row] = [
                _placed(item, player, row, f"{path}.{row}[{index}]")
                for index, item in enumerate(need(rows, row, list, path))
            ]
            outside_home = [
                p.card
                for p in state.sides[player].rows[row]
                if p.card.rank in HOME_ROW and p.role != "spy" and HOME_ROW[p.card.rank] != row
            ]
            if outside_home and not state.sides[player].agility:
                raise BadState(f"{path}.{row}: {outside_home[0]} stands there only with agility (NAP-15)")
            if sum(placed.role == "order" for placed in state.sides[player].rows[row]) > 1:
                raise BadState(f"{path}.{row}: a row holds at most one emperor's order (NAP-11)")
    _account_for_every_card(state)
    _check_turn(state)
    _check_history(state)
    state._events = events(data, PLAYERS)
    state._result = result(data, war_result(state.sides) if state.phase == "over" else None, "NAP-18")
    return playable(state)


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


def _battle(item: Any, where: str) -> dict[str, Any]:
    """A finished battle's record, rebuilt so that the state shares nothing with the caller's data."""
    totals = need(item, "totals", dict, where)
    if set(totals) != set(PLAYERS):
        raise BadState(f"{where}.totals must give red and black a whole number each")
    winner = one_of(need(item, "winner", (str, type(None)), where), (None, *PLAYERS), f"{where}.winner")
    return {
        "totals": {player: whole(totals, player, f"{where}.totals", 0, 10_000) for player in PLAYERS},
        "winner": winner,
    }


def _side(data: Any, player: str, path: str) -> Side:
    side = Side()
    side.hand, side.deck, side.discard = (cards(data, key, path) for key in ("hand", "deck", "discard"))
    side.coins = whole(data, "coins", path, 0, 2 * COINS)
    side.jolly = one_of(need(data, "jolly", str, path), ("ready", "active", "used"), f"{path}.jolly")
    side.passed = need(data, "passed", bool, path)
    side.agility = need(data, "agility", bool, path)
    side.mulligans = one_of(need(data, "mulligans", int, path), range(MULLIGANS + 1), f"{path}.mulligans")
    side.kept = need(data, "kept", bool, path)
    return side


def _placed(item: Any, side: str, row: str, where: str) -> Placed:
    if not isinstance(item, list) or len(item) != 3:
        raise BadState(f"{where} must be [card, role, owner]")
    placed = Placed(card(item[0], where), item[1], one_of(item[2], PLAYERS, f"{where} owner"))
    roles = ROLES.get(placed.card.rank, (None,))
    one_of(placed.role, roles, f"{where} role of {placed.card}")
    if placed.role == "spy" and (row != "front" or side != other(placed.owner)):
        raise BadState(f"{where}: a spy lies on the front row of its owner's opponent (NAP-9)")
    if placed.role != "spy" and placed.owner != side:
        raise BadState(f"{where}: only a spy lies on the other player's side (NAP-9)")
    if placed.role == "horde" and row != "front":
        raise BadState(f"{where}: a horde King stands only in the front row (NAP-5)")
    if placed.card.rank == "J" and placed.role != role_of(placed.card, row, None):
        raise BadState(f"{where}: a Jack in the {row} row is a {role_of(placed.card, row, None)} (NAP-12)")
    if placed.card.is_joker:
        raise BadState(f"{where}: the Jolly never enters the field (NAP-6)")
    if placed.card.rank in HOME_ROW and row not in (HOME_ROW[placed.card.rank], AGILITY_ROW.get(placed.card.rank)):
        raise BadState(f"{where}: a {placed.card.rank} never stands in the {row} row (NAP-5)")
    return placed


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
    # Battles already fought, by winner; their totals are not part of any lesson: the winner's is 1, the other's 0.
    history = [{"totals": {p: int(p == winner) for p in PLAYERS}, "winner": winner} for winner in battles]
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
