"""Pattuglia positions: the JSON a state wrote, read back with every field checked (every one of the 100 cards
accounted for exactly once, no Arsenal card in a hand), and ``position``, the builder lessons and tests write
positions with."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState
from cardlib.core.serial import accounted, events, header, load_fields, need, one_of, playable, result, top

from .cards import DECK, info
from .engine import PattugliaState, seats
from .rules import HAND_SIZE

if TYPE_CHECKING:
    from .game import Pattuglia


def load_state(game: Pattuglia, data: Mapping[str, Any]) -> PattugliaState:
    header(data, game.id, PattugliaState.FORMAT)
    players = one_of(need(data, "players", int), game.player_counts, "players")
    target = one_of(need(data, "target", int), game.options["target"].choices, "target")
    state = PattugliaState(game, need(data, "seed", int), players, need(data, "super_capitano", bool), target)
    load_fields(state, data)
    if (state.to_draw > 0) != (state.phase in ("draw", "refill")):
        raise BadState("to_draw: cards are still to be drawn exactly in the draw and refill phases (PAT-5)")
    _check_sides(state)
    state._events = events(data, state.order)
    _laid_patrols(state)
    if not state.deck and state.phase != "over":
        raise BadState("deck: the deck is empty, so the deal would be over (PAT-12)")
    _account_for_every_card(state)
    _turn_can_go_on(state)
    if (state.attack is not None) != (state.phase == "defend"):
        raise BadState("attack: an attack waits for an answer exactly in the defend phase (PAT-10)")
    scores = {player: side.score for player, side in state.sides.items()}
    over = state.phase == "over"
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


def _laid_patrols(state: PattugliaState) -> None:
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
        if side.laid_patrol is None:  # a save written before the field: derived where the position tells
            if not shown and (gone or taken):
                raise BadState(
                    f"{where} is missing, and this position cannot tell whether {player} laid a patrol that is no "
                    "longer on the table (PAT-5)"
                )
            side.laid_patrol = shown
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


def _check_sides(state: PattugliaState) -> None:
    """Patrols take the numbers up to ``next_patrol``, each its own, and a card seen taken from the discard pile is
    still hidden by the player who took it."""
    numbers = []
    for player, side in state.sides.items():
        for index, patrol in enumerate(side.patrols):
            if patrol.id >= state.next_patrol:
                raise BadState(
                    f"sides.{player}.patrols[{index}].id must be between 1 and next_patrol - 1 "
                    f"({state.next_patrol - 1}), not {patrol.id}"
                )
            numbers.append(patrol.id)
        if Counter(side.shown) - Counter(side.hand + side.forming + side.arsenal):
            raise BadState(f"sides.{player}.shown: a card seen taken must still be in the hand, New patrol or Arsenal")
    if len(set(numbers)) != len(numbers):
        raise BadState("sides: two patrols have the same id")


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
