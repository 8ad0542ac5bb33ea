"""How long a learner waits for the bots: the computing time of each bot turn (every move between two of the
learner's decisions), per game and strength, without the app's pace between moves; JSON printed.

    python benchmarks/bot_turns.py                       # Pattuglia and Senza Nome, 3 games each
    python benchmarks/bot_turns.py napoletana --games 5

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


def turns(game_id: str, strength: str, games: int, moves: int) -> dict:
    turn_times, move_times, lengths = [], [], []
    for seed in range(games):
        match = Match.new(game_id, seed=seed)
        match.strength = strength
        (seat,) = match.people
        turn, count = 0.0, 0
        while not match.state.is_over and len(match.history) <= moves:
            if match.bot_to_move() is None:  # the learner's decision, made as the medium bot would
                if count:
                    turn_times.append(turn)
                    lengths.append(count)
                turn, count = 0.0, 0
                match.play(match.bots["medium"](seed=len(match.history)).choose(match.state, seat))
            else:
                start = time.perf_counter()
                match.bot_move()
                took = time.perf_counter() - start
                move_times.append(took)
                turn, count = turn + took, count + 1
    ordered = sorted(turn_times)
    return {
        "game": game_id,
        "strength": strength,
        "turns": len(turn_times),
        "moves_per_turn_mean": round(statistics.mean(lengths), 1) if lengths else 0,
        "turn_s_median": round(statistics.median(ordered), 3) if ordered else 0,
        "turn_s_p90": round(ordered[int(0.9 * (len(ordered) - 1))], 3) if ordered else 0,
        "turn_s_max": round(max(ordered), 3) if ordered else 0,
        "move_s_max": round(max(move_times), 3) if move_times else 0,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", default=["pattuglia", "senza_nome"])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--moves", type=int, default=300, help="moves per game at most")
    parser.add_argument("--strengths", nargs="*", default=["medium", "hard"])
    args = parser.parse_args()
    report = [turns(g, s, args.games, args.moves) for g in args.games_ids for s in args.strengths]
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
