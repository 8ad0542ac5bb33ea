"""``make fuzz``: the long fuzz pass over every game, printed as one JSON object (tests/fuzz/fuzzing.py says
what is tried and what each outcome means). Exits 1 if any outcome was unclean.

    python tests/fuzz/run.py [--seed N] [--saves N] [--moves N] [--clicks N] [--decks N] [--games N]
"""

from __future__ import annotations

import argparse
import json
import logging
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # run as a script: fuzzing.py lies beside it

from fuzzing import run


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--saves", type=int, default=10_000, help="mutated saves per game")
    parser.add_argument("--moves", type=int, default=10_000, help="junk moves per game")
    parser.add_argument("--clicks", type=int, default=2_000, help="forged clicks per game")
    parser.add_argument("--decks", type=int, default=10_000, help="junk deck files")
    parser.add_argument("--games", type=int, default=8, help="random games per game to take positions from")
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # the board logs every forged message it drops: thousands of lines here
    start = time.perf_counter()
    report = run(args.seed, args.saves, args.moves, args.clicks, args.decks, args.games)
    report["seconds"] = round(time.perf_counter() - start, 1)
    print(json.dumps(report, indent=1, ensure_ascii=False))
    return 1 if report["unclean"] else 0


if __name__ == "__main__":
    sys.exit(main())
