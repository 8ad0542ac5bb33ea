"""How long a learner waits for the bots: the computing time of each bot turn (every move between two of the
learner's decisions), per game and strength, and the same with the app's pauses at the normal pace (widgets/app.py:
the full pause before each bot's turn, a shorter one before its further moves); JSON printed.

    python benchmarks/bot_turns.py                       # Pattuglia and Senza Nome, 3 games each
    python benchmarks/bot_turns.py napoletana --games 5
    python benchmarks/bot_turns.py senza_nome --players 6 --strengths medium

The learner's seat is played by the medium bot; the bots' moves are timed one by one, as the app's match asks
for them (cardlib/match.py: a new bot of the chosen strength per move, seeded by the move number). Measurements
only: nothing here fails.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

from cardlib.match import Match
from widgets.app import SAME_TURN

NORMAL_PACE = 0.4  # GameApp's bot_delay: the pause before a bot's turn at the normal speed


def turns(game_id: str, strength: str, games: int, moves: int, players: int | None) -> dict:
    turn_times, paced_times, move_times, lengths = [], [], [], []
    for seed in range(games):
        match = Match.new(game_id, seed=seed, players=players)
        match.strength = strength
        (seat,) = match.people
        turn, paced, count, last = 0.0, 0.0, 0, None
        while not match.state.is_over and len(match.history) <= moves:
            if match.bot_to_move() is None:  # the learner's decision, made as the medium bot would
                if count:
                    turn_times.append(turn)
                    paced_times.append(paced)
                    lengths.append(count)
                turn, paced, count, last = 0.0, 0.0, 0, None
                match.play(match.bots["medium"](seed=len(match.history)).choose(match.state, seat))
            else:
                bot = match.bot_to_move()
                pause = NORMAL_PACE if bot != last else NORMAL_PACE * SAME_TURN
                start = time.perf_counter()
                match.bot_move()
                took = time.perf_counter() - start
                move_times.append(took)
                turn, paced, count, last = turn + took, paced + took + pause, count + 1, bot
    return {
        "game": game_id,
        "players": len(match.state.players),
        "strength": strength,
        "turns": len(turn_times),
        "moves_per_turn_mean": round(statistics.mean(lengths), 1) if lengths else 0,
        **spread("turn_s", turn_times),
        **spread("paced_turn_s", paced_times),
        "move_s_max": round(max(move_times), 3) if move_times else 0,
    }


def spread(name: str, times: list[float]) -> dict[str, float]:
    ordered = sorted(times) or [0.0]
    return {
        f"{name}_median": round(statistics.median(ordered), 3),
        f"{name}_p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3),
        f"{name}_max": round(max(ordered), 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", default=["pattuglia", "senza_nome"])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=300, help="moves per game at most")
    parser.add_argument("--strengths", nargs="*", default=["medium", "hard"])
    parser.add_argument("--players", type=int, default=None, help="how many play (the game's fewest by default)")
    args = parser.parse_args()
    report = [turns(g, s, args.games, args.moves, args.players) for g in args.games_ids for s in args.strengths]
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
