"""Golden playthroughs: a few seeded games per game, played by the bots and recorded as their moves and the state's
JSON at checkpoints, so that a change of rules or of a bot's play that nobody meant shows up as a failing test.

``python tests/golden/playthroughs.py`` (``make golden``) records them again into ``tests/golden/<id>.json``; review
the diff like code: every changed state is a change in what the game does. tests/test_golden.py replays them.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import cardlib
from cardlib.games import describe

FOLDER = Path(__file__).resolve().parent
CHECKPOINTS = 4  # states kept besides the first and the last: enough to say where a game first went another way

# Per game: (seed, players, options, the bots seat by seat). Medium bots, and one game of a beginner among them;
# the hard bot searches, which is too slow and too fine-grained to pin down here (benchmarks/strength.py measures it).
TABLES: dict[str, list[tuple[int, int, dict[str, Any], tuple[str, ...]]]] = {
    "napoletana": [(1, 2, {}, ("medium", "medium")), (2, 2, {}, ("medium", "medium")), (3, 2, {}, ("easy", "medium"))],
    "njet": [(1, 4, {}, ("medium",) * 4), (2, 4, {}, ("easy", "medium", "medium", "medium"))],
    "senza_nome": [(1, 2, {}, ("medium", "medium")), (2, 4, {}, ("easy", "medium", "medium", "medium"))],
    "nespanini": [(1, 2, {}, ("medium", "medium")), (2, 2, {"deck": "village"}, ("easy", "medium"))],
    "pattuglia": [(1, 2, {}, ("medium", "medium")), (2, 3, {"target": 50}, ("easy", "medium", "medium"))],
}


def bots_for(game_id: str, strengths: tuple[str, ...], seed: int) -> list:
    table = describe(game_id).bots()
    return [table[strength](seed=seed * 10 + seat) for seat, strength in enumerate(strengths)]


def checkpoints(count: int) -> list[int]:
    """The indexes of the states kept among ``count`` + 1: the first, ``CHECKPOINTS`` between, the last."""
    return sorted({0, count, *(count * k // (CHECKPOINTS + 1) for k in range(1, CHECKPOINTS + 1))})


def record(game_id: str) -> dict:
    games = []
    for seed, players, options, strengths in TABLES[game_id]:
        state = cardlib.load(game_id).new(seed=seed, players=players, **options)
        bots = dict(zip(state.players, bots_for(game_id, strengths, seed), strict=True))
        moves, states = [], [state.to_json()]
        while not state.is_over:
            move = bots[state.to_move].decide(state, state.to_move).move
            moves.append(str(move))
            state = state.play(move)
            states.append(state.to_json())
        kept = {str(index): states[index] for index in checkpoints(len(moves))}
        games.append({"seed": seed, "players": players, "options": options, "bots": list(strengths),
                      "moves": moves, "states": kept})  # fmt: skip
    return {"game": game_id, "games": games}


def first_difference(game_id: str, game: dict) -> str | None:
    """Where a recorded ``game`` goes another way now (a changed deal, a move refused, a bot that chooses another
    move, a changed state, a game that no longer ends), in a sentence; None where it replays exactly. Run by
    tests/test_golden.py here and by the static site's test in the browser's own Python (tests/browser/test_site.py).
    """
    rules = cardlib.load(game_id)
    state = rules.new(seed=game["seed"], players=game["players"], **game["options"])
    if state.to_json() != game["states"]["0"]:
        return "the deal itself changed"
    bots = dict(zip(state.players, bots_for(game_id, tuple(game["bots"]), game["seed"]), strict=True))
    for number, move in enumerate(game["moves"], start=1):
        verdict = state.check(rules.parse_move(move))
        if not verdict:
            return f"move {number}, {move}, is refused now: {verdict.reason} ({verdict.rule})"
        chosen = str(bots[state.to_move].decide(state, state.to_move).move)
        if chosen != move:
            return f"move {number}: the {state.to_move} bot now plays {chosen}, not {move}"
        state = state.play(move)
        if str(number) in game["states"] and state.to_json() != game["states"][str(number)]:
            return f"the state after move {number} ({move}) changed"
    return None if state.is_over else "the recorded game no longer ends where it did"


def path(game_id: str) -> Path:
    return FOLDER / f"{game_id}.json"


def main() -> int:
    for game_id in cardlib.GAMES:
        path(game_id).write_text(json.dumps(record(game_id), indent=1, ensure_ascii=False) + "\n")
        print(f"recorded {path(game_id).relative_to(FOLDER.parents[1])}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
