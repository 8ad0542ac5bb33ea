"""What one learner's page costs its kernel, piece by piece (issue 15): where to look when a machine serves too few.

- ``imports_s``: wall seconds to import what a game notebook imports, each in a fresh Python (median of 5), beside
  a bare Python's start;
- per game, ``app_ms`` and ``tutor_ms``: building the game app and the lessons (the notebook's two cells);
- ``scene_kib``: the size of the scene the kernel sends with each answer (JSON; median and max over the game);
- ``click_ms``: the kernel's work for one click of the learner, from the click to the answer's scene, by what was
  clicked (a card: picked up, or a whole move; a place: a card put there, or a pile taken from; a button); the
  bots' replies are not in it (they play later, at their pace).

The clicks are those benchmarks/learners.py sends, chosen at random from what the scene offers, over a few seeded
games. Prints one JSON object. ``BENCH_GAMES`` (default 3) games of ``BENCH_MOVES`` (default 30) moves per game.
"""

from __future__ import annotations

import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from learners import choosing, offers  # noqa: E402
from measure import stats  # noqa: E402

import cardlib  # noqa: E402
from cardlib.games import GAMES  # noqa: E402
from widgets.board import Board  # noqa: E402
from widgets.layouts import layout  # noqa: E402

GAMES_EACH = int(os.environ.get("BENCH_GAMES", "3"))
MOVES_EACH = int(os.environ.get("BENCH_MOVES", "30"))
IMPORTS = ["ipykernel.kernelapp", "widgets.app", "widgets.tutor"]


def import_s(module: str | None) -> float:
    """Median wall seconds of a fresh Python importing ``module`` (None: starting and doing nothing)."""
    code = f"import {module}" if module else "pass"
    times = []
    for _ in range(5):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True)
        times.append(time.perf_counter() - started)
    return round(statistics.median(times), 3)


def built_ms(build) -> float:
    times = []
    for seed in range(5):
        started = time.perf_counter()
        build(seed)
        times.append((time.perf_counter() - started) * 1000)
    return round(statistics.median(times), 1)


def kib(scene: dict) -> float:
    return len(json.dumps(scene, separators=(",", ":"))) / 1024


def play(game_id: str) -> dict:
    """The learner's clicks over seeded games: each click's time to its scene, by kind, and every scene's size."""
    game = cardlib.load(game_id)
    clicks: dict[str, list[float]] = {"card": [], "zone": [], "button": []}
    sizes: list[float] = []
    for seed in range(GAMES_EACH):
        state, rng = game.new(seed=seed), random.Random(seed)
        seat = state.players[0]
        for _ in range(MOVES_EACH):
            if state.is_over:
                break
            if state.to_move != seat:  # the bots' turn: not the learner's click
                state = state.play(rng.choice(state.legal_moves()))
                continue
            board = Board.showing(layout(game_id), state, seat)
            moves = offers(board.table.scene)
            for click in rng.choice(moves):
                kind = click["kind"]
                started = time.perf_counter()
                board.table.click(**click)
                clicks[kind].append((time.perf_counter() - started) * 1000)
                sizes.append(kib(board.table.scene))
            while asked := choosing(board.table.scene):
                board.table.click(**rng.choice(asked))
            state = (
                board.session.state if board.session.state is not state else state.play(rng.choice(state.legal_moves()))
            )
    return {
        "scene_kib": {"median": round(statistics.median(sizes), 1), "max": round(max(sizes), 1)},
        "click_ms": {kind: stats(times) for kind, times in clicks.items() if times},
    }


def main() -> None:
    from widgets.app import GameApp
    from widgets.tutor import Tutor

    result = {
        "benchmark": "page_cost",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version()},
        "imports_s": {"python alone": import_s(None)} | {module: import_s(module) for module in IMPORTS},
        "games": {},
    }
    for game_id in GAMES:
        result["games"][game_id] = {
            "app_ms": built_ms(lambda seed, g=game_id: GameApp(g, seed=seed, bot_delay=0)),
            "tutor_ms": built_ms(lambda _seed, g=game_id: Tutor(g)),
        } | play(game_id)
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
