"""Pattuglia positions: the JSON a state wrote, read back with every field checked (every one of the 100 cards
accounted for exactly once, no Arsenal card in a hand), and ``position``, the builder lessons and tests write
positions with."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState
from cardlib.core.serial import accounted, events, excerpt, header, need, one_of, playable, result, top, whole

from .attacks import PendingAttack
from .cards import ATTACKS, DECK, info, is_card
from .engine import PattugliaState, Side, seats
from .patrols import Patrol, patrol_problem
from .rules import HAND_SIZE, MAX_RESHUFFLES, STALL_ROUNDS

if TYPE_CHECKING:
    from .game import Pattuglia

PHASES = ("draw", "play", "defend", "refill", "over")


def _cards(data: Any, key: str, path: str) -> list[str]:
    where = f"{path}.{key}" if path else key
    items = need(data, key, list, path)
    for index, card in enumerate(items):
        if not is_card(card):
            raise BadState(f"{where}[{index}]: {excerpt(card)} is not a card of the Pattuglia deck (PAT-1)")
    return list(items)


def load_state(game: Pattuglia, data: Mapping[str, Any]) -> PattugliaState:
    header(data, game.id, PattugliaState.FORMAT)
    players = one_of(need(data, "players", int), game.player_counts, "players")
    target = one_of(need(data, "target", int), game.options["target"].choices, "target")
    state = PattugliaState(game, need(data, "seed", int), players, need(data, "super_capitano", bool), target)
    state.phase = one_of(need(data, "phase", str), PHASES, "phase")
    over = state.phase == "over"
    state.turn = one_of(need(data, "turn", (str, type(None))), (None,) if over else state.order, "turn")
    state.dealer = one_of(need(data, "dealer", str), state.order, "dealer")
    state.deal = whole(data, "deal", "", 1)
    state.to_draw = one_of(need(data, "to_draw", int), range(HAND_SIZE + 1), "to_draw")
    if (state.to_draw > 0) != (state.phase in ("draw", "refill")):
        raise BadState("to_draw: cards are still to be drawn exactly in the draw and refill phases (PAT-5)")
    state.reshuffles = one_of(need(data, "reshuffles", int), range(MAX_RESHUFFLES + 1), "reshuffles")
    # turns since a card came from the deck (PAT-12's house ruling); a file saved before that ruling counted none
    state.idle = whole(data, "idle", "", 0, STALL_ROUNDS * players - 1) if "idle" in data else 0
    state.next_patrol = whole(data, "next_patrol", "", 1)  # zones are patrol:1, patrol:2, ...: 0 names none
    table = need(data, "sides", dict)
    if set(table) != set(state.order):
        raise BadState(f"sides must be exactly {', '.join(state.order)}, not {', '.join(table) or 'none'}")
    for player in state.order:
        state.sides[player] = _side(table[player], f"sides.{player}", state.next_patrol)
    numbers = [patrol.id for side in state.sides.values() for patrol in side.patrols]
    if len(set(numbers)) != len(numbers):
        raise BadState("sides: two patrols have the same id")
    state._events = events(data, state.order)
    _laid_patrols(state, table)
    state.deck, state.discard = _cards(data, "deck", ""), _cards(data, "discard", "")
    if not state.deck and not over:
        raise BadState("deck: the deck is empty, so the deal would be over (PAT-12)")
    _account_for_every_card(state)
    _turn_can_go_on(state)
    state.attack = _attack(need(data, "attack", (dict, type(None))), state)
    if (state.attack is not None) != (state.phase == "defend"):
        raise BadState("attack: an attack waits for an answer exactly in the defend phase (PAT-10)")
    state.last_deal = _last_deal(need(data, "last_deal", (dict, type(None))), state.order)
    scores = {player: side.score for player, side in state.sides.items()}
    if over != (max(scores.values()) >= state.target):
        raise BadState(f"sides: the battle is over exactly when a score reaches the target, {state.target} (PAT-13)")
    state._result = result(data, (scores, top(scores, state.order)) if over else None, "PAT-13")
    return playable(state)


def _turn_can_go_on(state: PattugliaState) -> None:
    """PAT-5: a hand holds 5 cards, 6 between the draw and the discard; a turn starts with one draw, ends with a
    discard, and a refill draws up to 5 (never for a closer). A position that breaks this would make the player draw
    too many cards, or be stuck with no move at all."""
    if state.phase == "over":
        return
    for player, other in state.sides.items():  # 5 cards (PAT-4), one more between the draw and the discard
        most = HAND_SIZE + 1 if player == state.turn and state.phase in ("play", "defend") else HAND_SIZE
        if len(other.hand) + len(other.forming) > most:
            raise BadState(
                f"sides.{player}.hand: {len(other.hand) + len(other.forming)} cards in hand and New patrol, "
                f"more than the {most} a player can hold now (PAT-5)"
            )
    side = state.sides[state.on_turn]
    if state.phase == "draw" and state.to_draw != 1:
        raise BadState(f"to_draw: a turn starts with 1 draw, not {state.to_draw} (PAT-5)")
    if state.phase == "refill" and (side.closer or state.to_draw != HAND_SIZE - len(side.hand)):
        raise BadState(
            f"to_draw: a refill draws up to {HAND_SIZE} cards, and never once you own a Complete Patrol; "
            f"{state.turn} holds {len(side.hand)} and is to draw {state.to_draw} (PAT-5)"
        )
    if state.phase in ("play", "defend") and not side.hand:
        raise BadState(f"sides.{state.turn}.hand: the player on turn holds no card to discard (PAT-5)")


def _laid_patrols(state: PattugliaState, table: Mapping[str, Any]) -> None:
    """PAT-5: whether each player has laid a patrol this deal (its right to draw from the discard pile), checked
    against what the position shows: the patrols on the table, ``next_patrol`` (every patrol laid this deal took a
    number) and the last move's events.

    A save written before the field existed gets it derived, but only where the position leaves no doubt: a player
    with a patrol on the table, or seen laying or losing one in the last move, has laid one; when every patrol laid
    this deal is still on the table where it was laid, a player with none has laid none. Otherwise a destroyed
    patrol (or, under Super Capitano, a taken one) may have been anybody's, and guessing would grant or refuse a
    draw from the discard pile wrongly, so such a save is refused."""
    on_table = sum(len(side.patrols) for side in state.sides.values())
    gone = state.next_patrol - 1 - on_table  # laid this deal and destroyed since
    # under Super Capitano a player who completes a patrol takes the others' patrols of its colour (PAT-14): a player
    # with none on the table may then have laid one that is still there, as the taker's
    taken = state.super_capitano and any(side.closer for side in state.sides.values())
    seen = set()  # players the last move shows laying a patrol or losing one, in this deal
    for event in reversed(state._events):
        if event.kind == "deal":  # what came before it was the last deal's
            break
        if event.kind in ("form", "destroyed"):
            seen.add(event.player)
    claims = 0  # players with no patrol on the table that laid one: each needs a patrol of its own gone
    for player in state.order:
        side, where = state.sides[player], f"sides.{player}.laid_patrol"
        shown = bool(side.patrols) or player in seen
        if "laid_patrol" in table[player]:
            side.laid_patrol = need(table[player], "laid_patrol", bool, f"sides.{player}")
        elif shown or not (gone or taken):  # a save written before the field: derived where the position tells
            side.laid_patrol = shown
        else:
            raise BadState(
                f"{where} is missing, and this position cannot tell whether {player} laid a patrol that is no "
                "longer on the table (PAT-5)"
            )
        if side.patrols and not side.laid_patrol:
            raise BadState(f"{where}: {player} has a patrol on the table, so it has laid one this deal (PAT-5)")
        if shown and not side.laid_patrol:
            raise BadState(f"{where}: the last move's events show {player} laying or losing a patrol (PAT-5)")
        claims += side.laid_patrol and not side.patrols
        if claims > gone and not taken:
            raise BadState(
                f"{where}: {player} has no patrol on the table, so a patrol it laid must have been destroyed, but "
                f"only {gone} of those laid this deal are gone (next_patrol is {state.next_patrol}), not one for "
                "each player that says so (PAT-5)"
            )


def _side(data: Any, where: str, next_patrol: int) -> Side:
    side = Side()
    side.hand = _cards(data, "hand", where)
    arsenal_in_hand = [card for card in side.hand if info(card).arsenal]
    if arsenal_in_hand:
        raise BadState(f"{where}.hand: {arsenal_in_hand[0]} is an Arsenal card, never kept in hand (PAT-3)")
    side.forming = _cards(data, "forming", where)
    if any(info(card).arsenal for card in side.forming):
        raise BadState(f"{where}.forming: an Arsenal card is never part of a patrol (PAT-3)")
    side.arsenal = _cards(data, "arsenal", where)
    if not all(info(card).arsenal for card in side.arsenal):
        raise BadState(f"{where}.arsenal: only Arsenal cards are set aside there (PAT-3)")
    for index, item in enumerate(need(data, "patrols", list, where)):
        at = f"{where}.patrols[{index}]"
        number = need(item, "id", int, at)
        if not 0 < number < next_patrol:
            raise BadState(f"{at}.id must be between 1 and next_patrol - 1 ({next_patrol - 1}), not {number}")
        cards = _cards(item, "cards", at)
        if not any(info(card).code in ("C", "S", "K") for card in cards):
            raise BadState(f"{at}: a patrol with no Captain, Soldier or Cannon is destroyed (PAT-11)")
        problem = patrol_problem(cards)
        if problem:
            raise BadState(f"{at}: {problem} (PAT-6)")
        colour = one_of(need(item, "colour", str, at), ("red", "yellow", "green", "blue"), f"{at}.colour")
        if any(info(card).colour not in (None, colour) for card in cards):
            raise BadState(f"{at}.colour: the patrol's cards are not {colour} (PAT-6)")
        side.patrols.append(Patrol(number, colour, cards))
    side.closer = need(data, "closer", bool, where)
    side.score = whole(data, "score", where)
    # cards seen taken from the discard pile; a file saved before they were kept knows of none
    side.shown = _cards(data, "shown", where) if "shown" in data else []
    hidden = Counter(side.hand + side.forming + side.arsenal)
    if Counter(side.shown) - hidden:
        raise BadState(f"{where}.shown: a card seen taken must still be in the hand, New patrol or Arsenal")
    return side


def _attack(data: Any, state: PattugliaState) -> PendingAttack | None:
    if data is None:
        return None
    attacker = one_of(need(data, "attacker", str, "attack"), state.order, "attack.attacker")
    defender = one_of(need(data, "defender", str, "attack"), state.order, "attack.defender")
    card = need(data, "card", str, "attack")
    if not is_card(card) or info(card).code not in ATTACKS:
        raise BadState(f"attack.card: {excerpt(card)} is not an attacking Arsenal card (PAT-9)")
    number = need(data, "patrol", int, "attack")
    owner, patrol = state.patrol(f"patrol:{number}")
    if patrol is None or owner != defender or defender == attacker or attacker != state.turn:
        raise BadState("attack: the attacker is the player to move and the patrol belongs to another player (PAT-9)")
    kills = need(data, "kills", dict, "attack")
    counts = patrol.count()
    if set(kills) - {"S", "K"} or any(type(n) is not int or not 0 <= n <= counts[c] for c, n in kills.items()):
        raise BadState(f"attack.kills: {excerpt(kills)} is not what can die in that patrol (PAT-9)")
    return {"attacker": attacker, "card": card, "defender": defender, "patrol": number, "kills": dict(kills)}


def _last_deal(data: Any, order: Sequence[str]) -> dict[str, dict[str, int]] | None:
    if data is None:
        return None
    if not isinstance(data, dict) or set(data) != set(order):
        raise BadState(f"last_deal must give a row for each of {', '.join(order)}")
    keys = ("patrols", "complete", "closing", "total")
    for player, row in data.items():
        for key in keys:
            need(row, key, int, f"last_deal.{player}")
    return {player: {key: row[key] for key in keys} for player, row in data.items()}


def _account_for_every_card(state: PattugliaState) -> None:
    """PAT-1: the 100 cards are each in exactly one place."""
    seen = Counter(state.deck + state.discard)
    for side in state.sides.values():
        seen.update(side.hand + side.forming + side.arsenal)
        for patrol in side.patrols:
            seen.update(patrol.cards)
    accounted(seen, Counter(DECK), "the 100 cards")


def position(
    *,
    hands: Sequence[str] = ("", ""),
    patrols: Sequence[Sequence[str]] | None = None,
    arsenals: Sequence[str] | None = None,
    forming: Sequence[str] | None = None,
    discard: str = "",
    deck: str = "",
    turn: str = "p1",
    phase: str = "play",
    to_draw: int = 0,
    closers: Sequence[str] = (),
    destroyed: Sequence[str] = (),
    scores: Sequence[int] | None = None,
    reshuffles: int = 0,
    super_capitano: bool = False,
    target: int = 100,
    seed: int = 0,
) -> PattugliaState:
    """A prepared position for lessons and tests, written the way a teacher would describe it.

    One text per seat (p1, p2, ...) for ``hands``, ``arsenals`` and ``forming``; ``patrols`` gives each seat a list
    of patrol texts, numbered patrol:1, patrol:2, ... in the order written (seat by seat); ``discard`` bottom to
    top; ``deck`` the top of the deck, top first. Cards are space-separated ids (``RC1 RS1 RS2``, ``HB1``). Every
    card not named goes under the named deck cards, arsenal cards last, so the position is complete and loads.
    ``destroyed`` names seats that laid a patrol this deal which has been destroyed since (PAT-5: they keep the right
    to draw from the discard pile); those patrols took the numbers after the ones on the table.
    """
    count = len(hands)
    patrols = patrols if patrols is not None else [()] * count
    arsenals = arsenals if arsenals is not None else [""] * count
    forming = forming if forming is not None else [""] * count
    named = [*hands, *arsenals, *forming, *(text for seat in patrols for text in seat), discard, deck]
    used = Counter(word for text in named for word in text.split())
    rest = sorted((Counter(DECK) - used).elements(), key=lambda card: (info(card).arsenal, DECK.index(card)))
    number, sides = 0, {}
    for player, hand, arsenal, gathered, mine in zip(seats(count), hands, arsenals, forming, patrols, strict=True):
        table = []
        for text in mine:
            number += 1
            colour = next(info(card).colour for card in text.split() if info(card).colour)
            table.append({"id": number, "colour": colour, "cards": text.split()})
        sides[player] = {
            "hand": hand.split(),
            "forming": gathered.split(),
            "arsenal": arsenal.split(),
            "patrols": table,
            "laid_patrol": bool(table) or player in destroyed,
            "closer": player in closers,
            "score": scores[int(player[1:]) - 1] if scores else 0,
        }
    data = {
        "game": "pattuglia",
        "format": PattugliaState.FORMAT,
        "seed": seed,
        "players": count,
        "super_capitano": super_capitano,
        "target": target,
        "deal": 1,
        "dealer": "p1",
        "turn": turn,
        "phase": phase,
        "to_draw": to_draw,
        "reshuffles": reshuffles,
        "next_patrol": number + len(destroyed) + 1,
        "sides": sides,
        "deck": deck.split() + rest,
        "discard": discard.split(),
        "attack": None,
        "last_deal": None,
        "events": [],
        "result": None,
    }
    from . import GAME  # the package's one Game, asked for here: the game module imports this one to load saves

    return load_state(GAME, data)
