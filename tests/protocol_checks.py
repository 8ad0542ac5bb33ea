"""Checks of the engine protocol that hold for every game (DESIGN.md, "The engine protocol")."""

from __future__ import annotations

from collections.abc import Iterable

from cardlib import IllegalMove, Move, State


def judge_moves(state: State, moves: Iterable[Move], rule_prefix: str, where: str, play_every: int = 4) -> int:
    """Every move is legal exactly when it is in ``legal_moves()``; every refusal names a ruling of the game
    (``NAP-``...) and a reason, and ``play`` (tried on every ``play_every``-th refusal, it is the slow part)
    raises IllegalMove with the same verdict and leaves the state as it was. Returns how many were refused."""
    before = state.to_json()
    legal = set(state.legal_moves())
    refused = 0
    for move in moves:
        verdict = state.check(move)
        assert verdict.ok == (move in legal), f"{where}: '{move}' check says {verdict}"
        if verdict.ok:
            continue
        assert verdict.rule and verdict.rule.startswith(rule_prefix), f"{where}: '{move}' {verdict}"
        assert verdict.reason.strip(), f"{where}: '{move}' {verdict}"
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
