"""How soon the review of a game is ready after its end, and what its search costs a decision; JSON printed.

    python benchmarks/review.py                          # every game, 3 seeded games each
    python benchmarks/review.py napoletana --games 20
    python benchmarks/review.py pattuglia --rollouts 32

The learner's seat (the first) is played by the medium bot, so the review has real decisions to judge; the other
seats by the medium bot too (the bots' strength does not change the review's work). As in the app, where the worker
judges the learner's decisions in the learner's thinking time, every decision queued before the learner's latest one
has been judged by the time the learner decides again, and the latest is still queued when the game ends (the worst
case: a game the learner's own move ends). ``end_to_ready_s`` is the wall time of ``review()`` then: judging that
last decision and putting the costly ones into words. ``decision_cpu_s`` is the process CPU time of each judged
decision (the hard bot's own decision, then the paired comparison). Measurements only: nothing here fails.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time

import cardlib
from cardlib.match import Match
from cardlib.review import ROLLOUTS, Reviewer


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))] if ordered else 0.0


def spread(name: str, values: list[float]) -> dict[str, float]:
    return {
        f"{name}_median": round(statistics.median(values), 3) if values else 0.0,
        f"{name}_p95": round(quantile(values, 0.95), 3),
        f"{name}_max": round(max(values), 3) if values else 0.0,
    }


def review_games(game_id: str, games: int, rollouts: int) -> dict:
    ready, cpu, decisions, judged, costly = [], [], 0, 0, 0
    for seed in range(games):
        match = Match.new(game_id, seed=seed)
        match.strength = "medium"
        (seat,) = match.people
        reviewer = Reviewer(game_id, seat, rollouts=rollouts)
        while not match.state.is_over:
            if match.bot_to_move() is None:  # the learner's decision: the worker has judged the ones before it
                while reviewer.pending:
                    start = time.process_time()
                    before = len(reviewer.judged)
                    reviewer.work()
                    if len(reviewer.judged) > before:
                        cpu.append(time.process_time() - start)
                state = match.state
                move = match.bots["medium"](seed=len(match.history)).choose(state, seat)
                reviewer.note(state, move)
                match.play(move)
            else:
                match.bot_move()
        start_wall, start_cpu = time.perf_counter(), time.process_time()
        before = len(reviewer.judged)
        review = reviewer.review()
        ready.append(time.perf_counter() - start_wall)
        if len(reviewer.judged) > before:
            cpu.append(time.process_time() - start_cpu)
        decisions += reviewer.count
        judged += review.judged
        costly += len(review.costly)
    return {
        "game": game_id,
        "games": games,
        "decisions": decisions,
        "judged": judged,
        "costly_shown": costly,
        **spread("end_to_ready_s", ready),
        **spread("decision_cpu_s", cpu),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games_to_run", nargs="*", metavar="game", help="game ids (default: every game)")
    parser.add_argument("--games", type=int, default=3, help="seeded games per game (default 3)")
    parser.add_argument("--rollouts", type=int, default=ROLLOUTS, help=f"rollouts a comparison (default {ROLLOUTS})")
    args = parser.parse_args()
    ids = args.games_to_run or list(cardlib.GAMES)
    results = {game_id: review_games(game_id, args.games, args.rollouts) for game_id in ids}
    print(json.dumps({"rollouts": args.rollouts, "results": results}, indent=1))


if __name__ == "__main__":
    main()
