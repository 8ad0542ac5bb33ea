"""How long a learner waits for the bots: the computing time of each bot turn (every move between two of the
learner's decisions), per game and strength, and the wait at the normal pace as the app makes it (widgets/app.py:
each bot thinks during the pause before its move, ``pause_before``, so a move waits for the longer of the two);
JSON printed.

    python benchmarks/bot_turns.py                       # Pattuglia with 3 players, Senza Nome with 6, 3 games each
    python benchmarks/bot_turns.py napoletana --deals 5
    python benchmarks/bot_turns.py senza_nome:4 --strengths medium

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
from widgets.app import pause_before

NORMAL_PACE = 0.4  # GameApp's bot_delay: the pause before a bot's turn at the normal speed


def turns(game_id: str, strength: str, games: int, moves: int, players: int | None) -> dict:
    turn_times, paced_times, move_times, lengths = [], [], [], []
    for seed in range(games):
        match = Match.new(game_id, seed=seed, players=players)
        match.strength = strength
        (seat,) = match.people
        turn, paced, paused, count, last = 0.0, 0.0, 0.0, 0, None
        while not match.state.is_over and len(match.history) <= moves:
            if match.bot_to_move() is None:  # the learner's decision, made as the medium bot would
                if count:
                    turn_times.append(turn)
                    paced_times.append(paced)
                    lengths.append(count)
                turn, paced, paused, count, last = 0.0, 0.0, 0.0, 0, None
                match.play(match.bots["medium"](seed=len(match.history)).choose(match.state, seat))
            else:
                bot = match.bot_to_move()
                pause = pause_before(NORMAL_PACE, bot != last, paused)
                start = time.perf_counter()
                match.bot_move()
                took = time.perf_counter() - start
                move_times.append(took)
                turn, paced, paused = turn + took, paced + max(took, pause), paused + pause
                count, last = count + 1, bot
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
    parser.add_argument(
        "games", nargs="*", default=["pattuglia:3", "senza_nome:6"], help="game ids, :players where not the fewest"
    )
    parser.add_argument("--deals", type=int, default=3, help="games played of each")
    parser.add_argument("--moves", type=int, default=300, help="moves per game at most")
    parser.add_argument("--strengths", nargs="*", default=["medium", "hard"])
    args = parser.parse_args()
    report = []
    for asked in args.games:
        game_id, _colon, players = asked.partition(":")
        for strength in args.strengths:
            report.append(turns(game_id, strength, args.deals, args.moves, int(players) if players else None))
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
