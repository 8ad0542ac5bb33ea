"""How long refusing untrusted input takes, printed as JSON: the worst inputs of issue 13 at growing sizes, so
the figures show the work grows in proportion (a quadratic parser would take 4x for 2x the input).

    python benchmarks/untrusted_input.py

- a deck file of one long line with spaces inside (the line parser was a regular expression that backtracked);
- a save with event data nested deep (refused by the first walk over the save, before any recursion);
- a move of a megabyte (refused with a short message).
Measurements only: nothing passes or fails here.
"""

from __future__ import annotations

import contextlib
import json
import time
from collections.abc import Callable

import cardlib
from cardlib import BadMove, BadState
from cardlib.games.nespanini.decks import MAX_FILE, DeckFileError, parse_deck

REPEATS = 5


def best_of(work: Callable[[], object]) -> float:
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        with contextlib.suppress(DeckFileError, BadState, BadMove):  # every one of them is refused
            work()
        times.append(time.perf_counter() - start)
    return min(times)


def nested(depth: int) -> list:
    value: list = []
    for _level in range(depth):
        value = [value]
    return value


def main() -> None:
    game = cardlib.load("napoletana")
    save = game.new(seed=1).to_json()
    report: dict[str, dict[str, float]] = {"deck_line_ms": {}, "deep_save_ms": {}, "long_move_ms": {}}
    for size in (MAX_FILE // 8, MAX_FILE // 4, MAX_FILE // 2, MAX_FILE):
        line = "x" + " " * (size - 2) + "y"  # the old expression backtracked over every space: 13 s at 20,000
        report["deck_line_ms"][str(size)] = round(1000 * best_of(lambda line=line: parse_deck(line)), 3)
    for depth in (10_000, 20_000, 40_000, 80_000):
        data = save | {"events": [{"kind": "x", "text": "x", "data": {"deep": nested(depth)}}]}
        report["deep_save_ms"][str(depth)] = round(1000 * best_of(lambda data=data: game.from_json(data)), 3)
    for size in (250_000, 500_000, 1_000_000, 2_000_000):
        text = "play " + "x" * size
        report["long_move_ms"][str(size)] = round(1000 * best_of(lambda text=text: game.parse_move(text)), 3)
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
