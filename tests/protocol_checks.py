"""Checks of the engine protocol that hold for every game (docs/design.md, "The engine protocol")."""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Sequence

import pytest

from cardlib import BadState, Game, IllegalMove, Move, State


def judge_moves(state: State, moves: Iterable[Move], where: str, play_every: int = 4) -> int:
    """Every move is legal exactly when it is in ``legal_moves()``; every refusal names one of the game's rulings
    (``NAP-7``...) and a reason, and ``play`` (tried on every ``play_every``-th refusal, it is the slow part)
    raises IllegalMove with the same verdict and leaves the state as it was. Returns how many were refused."""
    before = state.to_json()
    legal = set(state.legal_moves())
    refused = 0
    for move in moves:
        verdict = state.check(move)
        assert verdict.ok == (move in legal), f"{where}: '{move}' check says {verdict}"
        if verdict.ok:
            continue
        assert verdict.rule in state.game.rules, f"{where}: '{move}' {verdict}"
        assert str(verdict.reason).strip(), f"{where}: '{move}' {verdict}"
        refused += 1
        if refused % play_every == 0:
            try:
                state.play(move)
            except IllegalMove as error:
                assert error.verdict == verdict, where
            else:
                raise AssertionError(f"{where}: '{move}' played although check refused it")
    assert state.to_json() == before, where
    return refused


def random_game(
    game: Game, seed: int, limit: int, choose: Callable[[random.Random, Sequence[Move]], Move] | None = None
):
    """Every state of one game played by random legal moves (``choose`` may weight them), first to last; the
    game must end within ``limit`` states and never leave a player without a legal move."""
    rng = random.Random(seed)
    pick = choose or (lambda rng, moves: rng.choice(moves))
    state = game.new(seed=seed)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, f"seed {seed}: {state!r} is not over but has no legal move"
        state = state.play(pick(rng, moves))
        states.append(state)
        assert len(states) < limit, f"seed {seed}: the game does not end"
    return tuple(states)


def refused_to_load(game: Game, data: object, *words: str) -> str:
    """``game.from_json(data)`` raises BadState whose message names every one of ``words``."""
    with pytest.raises(BadState) as raised:
        game.from_json(data)
    message = str(raised.value)
    for word in words:
        assert word in message, f"'{word}' not in '{message}'"
    return message


def round_trips(game: Game, state: State, where: str) -> State:
    """``to_json`` then ``from_json`` (through JSON text) give back the same position, with the same legal moves;
    the loaded state is returned for more checks."""
    data = state.to_json()
    loaded = game.from_json(json.loads(json.dumps(data)))
    assert loaded.to_json() == data, where
    assert loaded.legal_moves() == state.legal_moves(), where
    return loaded


def strings(value: object) -> set[str]:
    """Every string anywhere in a JSON value, keys included: what a move could name, and what a view could reveal."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set(value).union(*(strings(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(strings(item) for item in value))
    return set()
