"""Seeded games of every game in ``cardlib.games``, played once per test run and shared by the tests: the suite every
game passes (test_every_game.py) and each game's own checks (its cards conserved, its hidden zones hidden).

Uniformly random play seldom finishes a race or lays a patrol, so a game is played by its medium bot with a share
of random moves mixed in; each seed deals with the next of the game's player counts. A new game is sampled with the
default plan and needs nothing here; a plan only tunes how much of a game the suite can afford.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator
from dataclasses import dataclass

from protocol_checks import strings

from cardlib import Move, State
from cardlib.games import describe


@dataclass(frozen=True)
class Plan:
    """How a game is sampled: ``seeds`` games, each played for its first ``moves`` moves (where every kind of move
    already happens), ``finished`` of them to their end, which must come within ``limit`` moves; ``randomness`` is the
    share of random moves among the medium bot's."""

    seeds: int = 100
    moves: int = 60
    finished: int = 12
    limit: int = 4000
    randomness: float = 0.2


PLANS = {
    "napoletana": Plan(seeds=200, moves=500, finished=40, limit=500, randomness=0.6),
    "njet": Plan(seeds=150, moves=150, finished=40, limit=600, randomness=1.0),
    "senza_nome": Plan(seeds=201, moves=60, finished=24, limit=8000, randomness=0.15),
    "nespanini": Plan(seeds=300, moves=100, finished=60, limit=100, randomness=0.8),
    "pattuglia": Plan(seeds=300, moves=30, finished=9, limit=4000),
}


def plan(game_id: str) -> Plan:
    return PLANS.get(game_id, Plan())


def players(game_id: str, seed: int) -> int:
    counts = describe(game_id).player_counts
    return counts[seed % len(counts)]


def play(game_id: str, seed: int, limit: int) -> tuple[State, ...]:
    """Every state of game ``seed`` for up to ``limit`` moves, first to last; a state that is not over always has a
    legal move."""
    about, rng = describe(game_id), random.Random(seed)
    medium = about.bots()["medium"]()
    state = about.game().new(seed=seed, players=players(game_id, seed))
    states = [state]
    while not state.is_over and len(states) <= limit:
        moves = state.legal_moves()
        assert moves, f"{game_id} seed {seed}: {state!r} is not over but has no legal move"
        move = rng.choice(moves) if rng.random() < plan(game_id).randomness else medium.choose(state, state.to_move)
        state = state.play(move)
        states.append(state)
    return tuple(states)


@functools.cache
def opening(game_id: str, seed: int) -> tuple[State, ...]:
    return play(game_id, seed, plan(game_id).moves)


@functools.cache
def finished(game_id: str, seed: int) -> tuple[State, ...]:
    """A whole game: the opening's seeds, played to the end."""
    states = opening(game_id, seed)
    if not states[-1].is_over:
        states = play(game_id, seed, plan(game_id).limit)
    assert states[-1].is_over, f"{game_id} seed {seed}: no end after {plan(game_id).limit} moves"
    return states


def sampled(game_id: str, stride: int = 1) -> Iterator[tuple[str, int, State]]:
    """(where, seed, state) for every ``stride``-th state of every opening; the offset moves with the seed, so
    across games every position of an opening gets its turn."""
    for seed in range(plan(game_id).seeds):
        for index, state in enumerate(opening(game_id, seed)):
            if index % stride == seed % stride:
                yield f"{game_id} seed {seed} state {index}", seed, state


def events(game_id: str) -> Iterator:
    """Every event of every opening."""
    for seed in range(plan(game_id).seeds):
        for state in opening(game_id, seed):
            yield from state.events


def wrong_moves(state: State, rng: random.Random, count: int) -> list[Move]:
    """Moves of every shape for the player to move, from no game in particular: every action the position knows
    (and one it does not) alone, then ``count`` moves whose card, zone and option are drawn from everything the
    position's JSON and its candidate moves name (keys too: zones and seats), and from nonsense."""
    candidates = state.candidate_moves()
    words = sorted(strings(state.to_json()) | {part for move in candidates for part in (move.card, move.zone) if part})
    actions = sorted({move.action for move in candidates} | {"dance"})
    options = sorted({move.option for move in candidates if move.option} | {"x"})
    pool = [*words, "ZZ", "nowhere", None]
    moves = [Move(action) for action in actions]
    for _ in range(count):
        option = rng.choice(options) if rng.random() < 0.2 else None
        moves.append(Move(rng.choice(actions), rng.choice(pool), rng.choice(pool), option))
    return moves
