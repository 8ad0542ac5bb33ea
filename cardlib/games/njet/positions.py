"""Loading a Njet! position from JSON: every field checked, every one of the 40 cards accounted for exactly once,
and a compact ``position(...)`` builder for lessons and tests."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from itertools import combinations, permutations
from typing import TYPE_CHECKING, Any

from cardlib.core import BadState
from cardlib.core.serial import accounted, events, header, load_fields, need, one_of, playable, result, top

from .board import PLAYERS, ROWS, SPACES, STONES, free_spaces
from .cards import DECK, NjetCard
from .engine import NjetState
from .rounds import HAND_SIZE, ROUNDS
from .tricks import trick_winner

if TYPE_CHECKING:
    from .game import Njet


def _won_by(winner: str, order: list[str], rest: list[str], stones: list[str]) -> list[list[str]]:
    """A filler trick played in ``order`` that ``winner`` wins by NJT-7: the first cards of ``rest`` that give
    the win to ``winner`` in some order (taken out of ``rest``)."""
    rules = {row: free_spaces(stones, row)[0] for row in ROWS}
    for group in combinations(range(min(len(rest), 12)), len(order)):
        for ordered in permutations(group):
            played = [(p, NjetCard.parse(rest[i])) for p, i in zip(order, ordered, strict=True)]
            if played[trick_winner(played, rules["trump"], rules["super"])][0] == winner:
                cards = [[p, rest[i]] for p, i in zip(order, ordered, strict=True)]
                for i in sorted(group, reverse=True):
                    del rest[i]
                return cards
    return [[p, rest.pop(0)] for p in order if rest]  # no such trick: the loader will say why


def load_state(game: Njet, data: Mapping[str, Any]) -> NjetState:
    header(data, game.id, NjetState.FORMAT)
    state = NjetState(game, need(data, "seed", int))
    load_fields(state, data)
    if state.partner is not None:
        if state.rules is None:
            raise BadState("partner: the partner is named only once the board is complete (NJT-4)")
        one_of(state.partner, [p for p in PLAYERS if p != state.start], "partner")
    for index, record in enumerate(state.rounds):
        if record["round"] != index + 1:
            raise BadState(f"rounds[{index}].round must be {index + 1}: the rounds are recorded in order")
    _check_cards(state)
    _check_tricks(state)
    state._events = events(data, PLAYERS)
    over = state.round == ROUNDS and not any(state.hands.values())
    # The score table may show fewer rounds than were played (a lesson starts from given scores), never more.
    if len(state.rounds) > state.round - (not over):
        raise BadState(f"rounds: {len(state.rounds)} rounds recorded, more than were played before round {state.round}")
    for player in PLAYERS:
        least = sum(record["points"][player] for record in state.rounds)
        if not least <= state.scores[player] <= least + MOST_POINTS * (state.round - (not over) - len(state.rounds)):
            raise BadState(f"scores.{player}: {state.scores[player]} cannot be scored in the rounds played (NJT-8)")
    state._result = result(data, (dict(state.scores), top(state.scores, PLAYERS)) if over else None, "NJT-9")
    state._memo = {}  # the checks above asked for the phase before the result was read
    return playable(state)


MOST_POINTS = (HAND_SIZE + 8) * 4  # a round's most: every trick and the other team's eight 1s, times 4


def _check_tricks(state: NjetState) -> None:
    """NJT-7: each finished trick belongs to the player whose card wins it."""
    for index, (winner, cards) in enumerate(state.taken):
        assert state.rules is not None  # _check_cards let no trick be taken before the board was complete
        rightful = cards[trick_winner(cards, state.rules["trump"], state.rules["super"])][0]
        if winner != rightful:
            raise BadState(f"taken[{index}].winner: {rightful} wins this trick, not {winner} (NJT-7)")


def _check_cards(state: NjetState) -> None:
    """NJT-1, 5, 6: the 40 cards are each in one place, and every hand is as big as the round says."""
    seen = Counter(c for p in PLAYERS for c in state.hands[p] + state.discards[p])
    seen.update(card for _who, card in state.trick)
    seen.update(card for _winner, cards in state.taken for _who, card in cards)
    accounted(seen, Counter(DECK), "the 40 cards")
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
        finished.append({"winner": winner, "cards": _won_by(winner, order, rest, stones.split())})
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
    from . import GAME  # the package's one Game, asked for here: the game module imports this one to load saves

    return load_state(GAME, data)
