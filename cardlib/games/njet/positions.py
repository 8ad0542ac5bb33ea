"""Loading a Njet! position from JSON: every field checked, every one of the 40 cards accounted for exactly once,
and a compact ``position(...)`` builder for lessons and tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from cardlib.core import BadState, CardError, Result
from cardlib.core.serial import events, header, need, one_of

from .board import PLAYERS, ROWS, SPACES, STONES, free_spaces, is_space
from .cards import DECK, NjetCard
from .engine import HAND_SIZE, ROUNDS, Njet, NjetState, copied, sort_key


def _card(text: Any, where: str) -> NjetCard:
    try:
        return NjetCard.parse(text)
    except CardError as error:
        raise BadState(f"{where}: {error}") from None


def _per_player(data: Any, key: str) -> dict[str, list[NjetCard]]:
    table = need(data, key, dict)
    if set(table) != set(PLAYERS):
        raise BadState(f"{key} must name exactly {', '.join(PLAYERS)}, not {', '.join(table) or 'nobody'}")
    return {p: [_card(text, f"{key}.{p}[{i}]") for i, text in enumerate(need(table, p, list, key))] for p in PLAYERS}


def _played(items: Any, where: str) -> list[tuple[str, NjetCard]]:
    if not isinstance(items, list):
        raise BadState(f"{where} must be a list of [player, card]")
    out = []
    for index, item in enumerate(items):
        if not isinstance(item, list) or len(item) != 2:
            raise BadState(f"{where}[{index}] must be [player, card]")
        out.append((one_of(item[0], PLAYERS, f"{where}[{index}] player"), _card(item[1], f"{where}[{index}]")))
    return out


def dump_state(state: NjetState) -> dict[str, Any]:
    view = state.view(None)
    return {
        "game": state.game.id,
        "format": 1,
        "seed": state.seed,
        "round": state.round,
        "dealer": state.dealer,
        "stones": state.stones[:],
        "partner": state.partner,
        "hands": {p: [str(c) for c in cards] for p, cards in state.hands.items()},
        "discards": {p: [str(c) for c in cards] for p, cards in state.discards.items()},
        "trick": view["trick"],
        "taken": view["taken"],
        "scores": dict(state.scores),
        "rounds": view["rounds"],
        "events": [event.to_json() for event in state._events],
        "result": view["result"],
    }


def load_state(game: Njet, data: Mapping[str, Any]) -> NjetState:
    header(data, game.id, 1)
    state = NjetState(game, need(data, "seed", int))
    state.round = one_of(need(data, "round", int), range(1, ROUNDS + 1), "round")
    state.dealer = one_of(need(data, "dealer", str), PLAYERS, "dealer")
    state.stones = list(need(data, "stones", list))  # the state shares nothing with the caller's data
    for index, space in enumerate(state.stones):
        if not is_space(space):
            raise BadState(f"stones[{index}]: {space!r} is not a space of the board (NJT-2)")
    if len(set(state.stones)) != len(state.stones):
        raise BadState("stones: a space holds at most one Njet stone (NJT-3)")
    for row in ROWS:
        if not free_spaces(state.stones, row):
            raise BadState(f"stones: the {row} row must keep one free space (NJT-3)")
    if len(state.stones) > STONES:
        raise BadState(f"stones: there are exactly {STONES} stones (NJT-3)")
    state.partner = data.get("partner")
    if state.partner is not None:
        if state.rules is None:
            raise BadState("partner: the partner is named only once the board is complete (NJT-4)")
        one_of(state.partner, [p for p in PLAYERS if p != state.start], "partner")
    state.hands = {p: sorted(cards, key=sort_key) for p, cards in _per_player(data, "hands").items()}
    state.discards = _per_player(data, "discards")
    state.trick = _played(need(data, "trick", list), "trick")
    taken = need(data, "taken", list)
    for index, item in enumerate(taken):
        where = f"taken[{index}]"
        winner = one_of(need(item, "winner", str, where), PLAYERS, f"{where}.winner")
        state.taken.append((winner, tuple(_played(need(item, "cards", list, where), f"{where}.cards"))))
    scores = need(data, "scores", dict)
    if set(scores) != set(PLAYERS) or not all(isinstance(v, int) and not isinstance(v, bool) for v in scores.values()):
        raise BadState("scores must give a whole number for each of the four players")
    state.scores = {p: scores[p] for p in PLAYERS}
    state.rounds = copied(need(data, "rounds", list))
    for index, record in enumerate(state.rounds):
        points = need(record, "points", dict, f"rounds[{index}]")
        if set(points) != set(PLAYERS):
            raise BadState(f"rounds[{index}].points must give the points of each of the four players")
    _check_cards(state)
    state._events = events(data)
    result = data.get("result")
    if result is not None:
        if any(state.hands.values()) or state.round != ROUNDS:
            raise BadState("result: the game ends only when the 8th round is played out (NJT-9)")
        state._result = Result(
            need(result, "scores", dict, "result"),
            tuple(need(result, "winners", list, "result")),
            need(result, "reason", str, "result"),
        )
    state._memo = {}  # the checks above asked for the phase before the result was read
    return state


def _check_cards(state: NjetState) -> None:
    """NJT-1, 5, 6: the 40 cards are each in one place, and every hand is as big as the round says."""
    seen = Counter(c for p in PLAYERS for c in state.hands[p] + state.discards[p])
    seen.update(card for _who, card in state.trick)
    seen.update(card for _winner, cards in state.taken for _who, card in cards)
    if seen != Counter(DECK):
        missing = ", ".join(map(str, Counter(DECK) - seen))
        extra = ", ".join(map(str, seen - Counter(DECK)))
        problems = [f"missing {missing}" if missing else "", f"repeated {extra}" if extra else ""]
        raise BadState("the 40 cards do not add up: " + "; ".join(p for p in problems if p))
    phase = state.phase
    if phase in ("stones", "partner") and (any(state.discards.values()) or state.trick or state.taken):
        raise BadState("no card is laid aside or played before the partner is named (NJT-4, NJT-5)")
    n = state.discard_count
    for p in PLAYERS:
        if len(state.discards[p]) > n:
            raise BadState(f"discards.{p}: exactly {n} cards are laid aside this round (NJT-5)")
    if phase == "discard" and (state.trick or state.taken):
        raise BadState("the first trick starts only once everyone has laid its cards aside (NJT-5)")
    for index, (_winner, cards) in enumerate(state.taken):
        if len(cards) != len(PLAYERS) or [who for who, _c in cards] != state._from(cards[0][0]):
            raise BadState(f"taken[{index}]: a trick holds one card of each player, in clockwise order (NJT-6)")
    leaders = [state.start] + [winner for winner, _cards in state.taken]  # NJT-6: the winner leads the next
    for index, (_winner, cards) in enumerate(state.taken):
        if cards[0][0] != leaders[index]:
            raise BadState(f"taken[{index}]: {leaders[index]} leads this trick (NJT-6)")
    if state.trick and state.trick[0][0] != leaders[-1]:
        raise BadState(f"trick: {leaders[-1]} leads this trick (NJT-6)")
    if state.trick and [who for who, _c in state.trick] != state._from(state.trick[0][0])[: len(state.trick)]:
        raise BadState("trick: the cards are played clockwise, one per player (NJT-6)")
    if len(state.trick) >= len(PLAYERS):
        raise BadState("trick: a trick with four cards is over and belongs to its winner (NJT-7)")
    for p in PLAYERS:
        played = sum(who == p for _w, cards in state.taken for who, _c in cards) + sum(w == p for w, _c in state.trick)
        if len(state.hands[p]) + len(state.discards[p]) + played != HAND_SIZE:
            raise BadState(f"hands.{p}: each player was dealt {HAND_SIZE} cards this round (NJT-1)")


def position(
    *,
    hands: Mapping[str, str] | None = None,
    rules: Mapping[str, str] | None = None,
    stones: str = "",
    partner: str | None = None,
    discards: Mapping[str, str] | None = None,
    trick: str = "",
    won: str = "",
    laid_aside: bool = True,
    dealer: str = "east",
    round: int = 1,
    scores: Mapping[str, int] | None = None,
    seed: int = 0,
) -> NjetState:
    """A prepared position for lessons and tests, written the way a teacher would describe it.

    ``stones="trump:red super:none"`` lists the blocked spaces in the order they were placed; or ``rules=
    {"start": "south", "trump": "blue", ...}`` names the free space of some rows and blocks all the others
    (a row not named keeps its first space free). ``trick="west:R7 north:R9"`` is the trick on the table.
    ``won="south west"`` says who won the tricks already played this round (their cards are filled in).
    Hands not given, and discards not given once they are due (unless ``laid_aside=False``: the players are
    still choosing them), are filled from the cards nobody named, in deck
    order, so the position is complete and loads like any other.
    """
    if rules is not None:
        free = {row: str(rules.get(row, SPACES[row][0])) for row in ROWS}
        stones = " ".join(f"{row}:{v}" for row in ROWS for v in SPACES[row] if v != free[row])
    named = {p: (hands or {}).get(p, "").split() for p in PLAYERS}
    aside = {p: (discards or {}).get(p, "").split() for p in PLAYERS}
    on_table = [word.split(":") for word in trick.split()]
    winners = won.split()
    used = {c for cards in (*named.values(), *aside.values()) for c in cards} | {c for _p, c in on_table}
    # The 1s first: laid aside or in a hand they do not score, so the filler tricks capture none.
    rest = sorted((str(c) for c in DECK if str(c) not in used), key=lambda text: text[1:] not in ("1a", "1b"))
    due = partner and laid_aside and len(stones.split()) == STONES
    n = int(free_spaces(stones.split(), "discards")[0]) if due else 0
    for p in PLAYERS:
        if not aside[p]:
            aside[p], rest = rest[:n], rest[n:]
    for p in PLAYERS:
        if p not in (hands or {}):
            size = HAND_SIZE - len(aside[p]) - len(winners) - sum(w == p for w, _c in on_table)
            named[p], rest = rest[: max(size, 0)], rest[max(size, 0) :]
    finished, leader = [], free_spaces(stones.split(), "start")[0]
    for winner in winners:  # every player plays one filler card per trick, clockwise from the leader
        order = [PLAYERS[(PLAYERS.index(leader) + k) % len(PLAYERS)] for k in range(len(PLAYERS))]
        finished.append({"winner": winner, "cards": [[p, rest.pop(0)] for p in order if rest]})
        leader = winner
    data = {
        "game": "njet",
        "format": 1,
        "seed": seed,
        "round": round,
        "dealer": dealer,
        "stones": stones.split(),
        "partner": partner,
        "hands": named,
        "discards": aside,
        "trick": on_table,
        "taken": finished,
        "scores": dict(scores or dict.fromkeys(PLAYERS, 0)),
        "rounds": [],
        "events": [],
        "result": None,
    }
    from . import GAME  # the package's one Game object, imported late: the package imports the engine

    return load_state(GAME, data)
