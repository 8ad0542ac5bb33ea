"""benchmarks/strength.py measures the ladder (issue 14); these check that it measures what it says: mirrored
deals, the oracle's sight, how deals and steps are counted. No strength is asserted here: that is measured."""

from __future__ import annotations

import importlib.util
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import cardlib
from cardlib.core.search import OracleBot

_SPEC = importlib.util.spec_from_file_location("strength", Path(__file__).parents[2] / "benchmarks" / "strength.py")
strength = sys.modules["strength"] = importlib.util.module_from_spec(_SPEC)  # a dataclass looks its module up
_SPEC.loader.exec_module(strength)


def test_games_two_k_and_two_k_plus_one_play_the_same_deal_with_the_sides_seats_swapped(monkeypatch):
    table = strength.Table("njet", players=4)
    seated = []

    def make_bot(game_id, name, seed):
        seated.append(name)
        return strength.RandomBot(seed=seed)

    monkeypatch.setattr(strength, "make_bot", make_bot)
    deals = []
    original = cardlib.load("njet").new

    def new(**kwargs):
        deals.append(kwargs["seed"])
        return original(**kwargs)

    monkeypatch.setattr(cardlib.load("njet"), "new", new)
    for game in (4, 5):
        strength.play_match(table, "hard-medium", game)
    assert deals == [2, 2]
    assert seated == ["hard", "medium", "hard", "medium", "medium", "hard", "medium", "hard"]


def test_the_oracle_plays_in_the_true_state_and_keeps_the_hard_bots_settings():
    state = cardlib.load("nespanini").new(seed=3)
    oracle = strength.make_bot("nespanini", "oracle", seed=1)
    hard = strength.make_bot("nespanini", "hard", seed=1)
    assert isinstance(oracle, OracleBot)
    assert oracle.world(state, state.to_move, 7) is state
    assert oracle.world(state, state.to_move, 7).to_json() != hard.world(state, state.to_move, 7).to_json()
    assert (oracle.iterations, oracle.depth, oracle.margin) == (hard.iterations, hard.depth, hard.margin)
    assert oracle.seconds == hard.seconds == float("inf")  # strength at the budget, whatever the load
    assert state.is_legal(oracle.decide(state, state.to_move).move)


def test_each_deal_is_swept_split_or_drawn_and_a_draw_counts_half(monkeypatch):
    outcomes = iter(["win", "win", "win", "loss", "draw", "win", "loss", "loss"])
    monkeypatch.setattr(strength, "play_match", lambda table, pairing, game: {"outcome": next(outcomes), "seconds": 1})
    with ThreadPoolExecutor(1) as pool:
        result = strength.matches(pool, strength.Table("napoletana"), "hard-medium", 8)
    assert result["deals"] == {"swept": 2, "split": 1, "drawn": 1}
    assert (result["win"], result["loss"], result["draw"], result["score"]) == (4, 3, 1, 0.562)
    assert result["ci95"] == strength.wilson(4.5, 8)


def test_a_step_is_clear_only_when_its_whole_interval_is_above_half():
    assert strength.wilson(160, 300)[0] < 0.5 < strength.wilson(180, 300)[0]
    results = {
        "medium-easy": {"ci95": (0.66, 0.76), "score": 0.71},
        "hard-medium": {"ci95": (0.49, 0.6), "score": 0.55},
        "floor": {"ci95": (0.45, 0.55), "score": 0.5, "deals": {"swept": 10, "split": 30, "drawn": 10}},
        "ceiling": {"ci95": (0.7, 0.8), "score": 0.75},
    }
    said = strength.summary(results)
    assert said["clear_steps"] == {"medium-easy": True, "hard-medium": False}
    assert said["deals_luck_decides"] == 0.6
    assert said["standing"] == 0.2  # (0.55 - 0.5) / (0.75 - 0.5)
