"""How strong the bots are and how quick the hint is, for every game in ``cardlib.games``; JSON printed.

    python benchmarks/strength.py                # every game, about 15 minutes on two idle cores
    python benchmarks/strength.py --quick        # a smoke run, about 2 minutes
    python benchmarks/strength.py njet --games 20 --minutes 4

Matches are seeded and the seats swap every game (game k: the hard side sits first when k is even). Two-player
games pit the hard bot against random and medium. A game for more players is played with the hard bot in every
other seat and the opponent in the rest (Njet!: South and North against West and East, swapped in odd games). Njet!
teams change every round and both members of a team score the same, so the sum of the two sides' totals ties
whenever every round pairs a hard bot with a medium one; the hard side therefore wins a game when the game's winner
(the highest individual total, NJT-9) is one of its seats, loses when it is one of the others, and a win shared
across the sides is a draw. Win rates come with 95% Wilson intervals; a draw counts as no win.

Matches measure strength at the bots' iteration budget: the time cap (a safety net for the app on a loaded machine)
is lifted there, so the figures do not depend on what else the machine runs. Hint latency uses the bots as the app
does, cap included.

Each pairing plays as many games as fit in its share of the time (``--minutes``), up to ``--games``, so the run is
bounded; the number of games played is in the report. Measurements only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from importlib import import_module

import cardlib
from cardlib.core.bots import RandomBot, hint


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return round(centre - half, 3), round(centre + half, 3)


def bots_of(game_id: str) -> dict:
    return import_module(f"cardlib.games.{game_id}.bots").BOTS


def seats(game) -> int:
    return 2 if 2 in game.player_counts else game.player_counts[0]


def play_match(game_id: str, opponent: str, seed: int) -> dict:
    """One seeded game, hard against ``opponent``: "win", "loss" or "draw" for the hard side, and its time."""
    start = time.perf_counter()
    game, bots = cardlib.load(game_id), bots_of(game_id)
    state = game.new(seed=seed, players=seats(game))
    hard_first = seed % 2 == 0
    deciders = {}
    for index, player in enumerate(state.players):
        hard = (index % 2 == 0) == hard_first
        if hard:
            deciders[player] = bots["hard"](seed=seed * 10 + index)
            deciders[player].seconds = float("inf")  # strength at the iteration budget, whatever the load
        elif opponent == "random":
            deciders[player] = RandomBot(seed=seed * 10 + index)
        else:
            deciders[player] = bots[opponent](seed=seed * 10 + index)
    hard_seats = {p for i, p in enumerate(state.players) if (i % 2 == 0) == hard_first}
    while not state.is_over:
        state = state.play(deciders[state.to_move].decide(state, state.to_move).move)
    winners = set(state.result.winners)
    ours, theirs = winners & hard_seats, winners - hard_seats
    outcome = "win" if ours and not theirs else "loss" if theirs and not ours else "draw"
    return {"outcome": outcome, "seconds": time.perf_counter() - start}


def matches(pool, game_id: str, opponent: str, games: int, seconds: float) -> dict:
    """Up to ``games`` seeded games in ``seconds`` of wall time, two at a time."""
    deadline = time.perf_counter() + seconds
    pending, seed, tally, times = set(), 0, {"win": 0, "loss": 0, "draw": 0}, []
    while pending or (seed < games and time.perf_counter() < deadline):
        while seed < games and len(pending) < 2 and time.perf_counter() < deadline:
            pending.add(pool.submit(play_match, game_id, opponent, seed))
            seed += 1
        done, pending = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            record = future.result()
            tally[record["outcome"]] += 1
            times.append(record["seconds"])
    played = sum(tally.values())
    return {
        "games": played,
        **tally,
        "win_rate": round(tally["win"] / played, 3) if played else None,
        "ci95": wilson(tally["win"], played),
        "seconds_per_game": round(statistics.mean(times), 1) if times else None,
    }


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def hint_latency(game_id: str, samples: int) -> dict:
    """The hard hint on positions of medium-bot games (every third decision with a real choice)."""
    game, bots = cardlib.load(game_id), bots_of(game_id)
    medium, hard = bots["medium"](seed=0), bots["hard"](seed=0)
    times, seed = [], 0
    while len(times) < samples and seed < 50:
        state, turn = game.new(seed=1000 + seed, players=seats(game)), 0
        while not state.is_over and len(times) < samples:
            if len(state.legal_moves()) > 1 and turn % 3 == 0:
                start = time.perf_counter()
                hint(state, hard)
                times.append(time.perf_counter() - start)
            turn += 1
            state = state.play(medium.decide(state, state.to_move).move)
        seed += 1
    return {
        "samples": len(times),
        "median_ms": round(statistics.median(times) * 1000, 1),
        "p95_ms": round(percentile(times, 0.95) * 1000, 1),
    }


def playouts(game_id: str, seconds: float) -> dict:
    """Search iterations per second (determinize, walk the tree, heuristic playout, score) on the same positions
    as the hint, and whole random games per second (the engine alone)."""
    game, bots = cardlib.load(game_id), bots_of(game_id)
    medium, hard = bots["medium"](seed=0), bots["hard"](seed=0)
    iterations, spent, state = 0, 0.0, game.new(seed=2000, players=seats(game))
    while spent < seconds:
        if state.is_over:
            state = game.new(seed=2000 + iterations, players=seats(game))
        if len(state.legal_moves()) > 1:
            start = time.perf_counter()
            iterations += hard.analyse(state, state.to_move).iterations
            spent += time.perf_counter() - start
        state = state.play(medium.decide(state, state.to_move).move)
    rng, finished, start = RandomBot(seed=0), 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new(seed=3000 + finished, players=seats(game))
        while not state.is_over:
            state = state.play(rng.decide(state, state.to_move).move)
        finished += 1
    return {
        "search_iterations_per_s": round(iterations / spent),
        "random_games_per_s": round(finished / (time.perf_counter() - start), 1),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", help="game ids (default: every game in cardlib.games)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: few games, short timings")
    parser.add_argument("--games", type=int, default=None, help="games per pairing at most")
    parser.add_argument("--minutes", type=float, default=None, help="wall time for all matches")
    args = parser.parse_args()
    ids = args.games_ids or list(cardlib.games)
    games = args.games or (4 if args.quick else 60)
    minutes = args.minutes or (1.5 if args.quick else 10.0)
    report, usable = {}, []
    for game_id in ids:
        try:
            bots = bots_of(game_id)
            missing = [name for name in ("easy", "medium", "hard") if name not in bots]
            if missing:
                raise LookupError(f"no {', '.join(missing)} bot")
            usable.append(game_id)
        except Exception as error:  # a game being written may not import yet: say so and go on
            report[game_id] = {"skipped": f"{type(error).__name__}: {error}"}
    per_game = minutes * 60 / max(1, len(usable))
    share = {"random": 1 / 3, "medium": 2 / 3}  # beating random is rarely in doubt: medium gets more games
    with ProcessPoolExecutor(max_workers=2) as pool:
        for game_id in usable:
            report[game_id] = {}
            for opponent in ("random", "medium"):
                report[game_id][opponent] = matches(pool, game_id, opponent, games, per_game * share[opponent])
                print(game_id, opponent, json.dumps(report[game_id][opponent]), file=sys.stderr, flush=True)
    for game_id in usable:
        report[game_id]["hint"] = hint_latency(game_id, 12 if args.quick else 40)
        report[game_id]["playouts"] = playouts(game_id, 1.0 if args.quick else 3.0)
        print(game_id, json.dumps(report[game_id]["hint"]), json.dumps(report[game_id]["playouts"]), file=sys.stderr)
    print(json.dumps({"benchmark": "strength", "python": sys.version.split()[0], "results": report}, indent=2))


if __name__ == "__main__":
    main()
