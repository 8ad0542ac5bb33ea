"""Engine speed, printed as JSON: random full games per second, medium-bot playouts per second (whole games the
heuristic plays against itself: what the search bot's playouts cost), and bot and hint latency (median, p95).

    python benchmarks/engines.py            # every game
    python benchmarks/engines.py napoletana

Measurements only: nothing here passes or fails (the test suite asserts behaviour, never timings).
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
import tracemalloc

import cardlib
from cardlib.core.bots import hint


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def ms(values: list[float]) -> dict[str, float]:
    return {
        "median_ms": round(statistics.median(values) * 1000, 3),
        "p95_ms": round(percentile(values, 0.95) * 1000, 3),
    }


def random_games(game, seconds: float = 3.0) -> dict[str, float]:
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, rng = game.new(seed=games), random.Random(games)
        while not state.is_over:
            state = state.play(rng.choice(state.legal_moves()))
            moves += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"games_per_s": round(games / elapsed, 1), "moves_per_s": round(moves / elapsed), "games": games}


def playouts(game, seconds: float = 3.0) -> dict[str, float]:
    """Whole games played by the medium bot in every seat, per second (cut at 400 moves: a search's playouts stop
    far earlier in long games)."""
    bots = __import__(f"cardlib.games.{game.id}.bots", fromlist=["BOTS"]).BOTS
    bot = bots["medium"](seed=0)
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state, played = game.new(seed=games), 0
        while not state.is_over and played < 400:
            state = state.play(bot.decide(state, state.to_move).move)
            played += 1
        games, moves = games + 1, moves + played
    elapsed = time.perf_counter() - start
    return {"playouts_per_s": round(games / elapsed, 1), "moves_per_s": round(moves / elapsed)}


def decisions(game, games: int = 20) -> dict[str, object]:
    """Times every decision of the medium bot and the hint over whole games played by that bot."""
    bots = __import__(f"cardlib.games.{game.id}.bots", fromlist=["BOTS"]).BOTS
    bot = bots["medium"](seed=0)
    choose, advise = [], []
    for seed in range(games):
        state = game.new(seed=seed)
        while not state.is_over:
            start = time.perf_counter()
            move = bot.decide(state, state.to_move).move
            choose.append(time.perf_counter() - start)
            start = time.perf_counter()
            hint(state, bot)
            advise.append(time.perf_counter() - start)
            state = state.play(move)
    return {"bot": ms(choose), "hint": ms(advise), "decisions": len(choose)}


def state_memory(game) -> dict[str, int]:
    tracemalloc.start()
    state = game.new(seed=1)
    size, _peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return {"new_state_bytes": size, "json_bytes": len(json.dumps(state.to_json()))}


def main(ids: list[str]) -> None:
    report = {}
    for game_id in ids or list(cardlib.GAMES):
        game = cardlib.load(game_id)
        report[game_id] = {
            "random": random_games(game),
            "medium_playouts": playouts(game),
            **decisions(game),
            "memory": state_memory(game),
        }
    print(json.dumps({"benchmark": "engines", "python": sys.version.split()[0], "results": report}, indent=2))


if __name__ == "__main__":
    main(sys.argv[1:])
