"""How strong the bots are and how quick the hint is, for every game in ``cardlib.games``; JSON printed (issue 14).

    python benchmarks/strength.py                        # every table, 300 games a pairing: hours on two cores
    python benchmarks/strength.py --quick                # a smoke run: a few games a pairing, minutes
    python benchmarks/strength.py njet --pairings hard-medium --games 400
    python benchmarks/strength.py senza_nome --players 4 --pairings hard-random --games 100
    python benchmarks/strength.py pattuglia --pairings hard-medium --games 2000  # a small step needs many games
    python benchmarks/strength.py nespanini --hints-only # the hint's latency, with the test suite running beside

**The ladder.** Each game has four players of rising strength: random, easy, medium, hard. A step of the ladder is
clear when the 95 % Wilson interval of the stronger bot's score against the weaker one lies wholly above 50 %. A
score counts a win as 1 and a draw as 1/2. Where the hard bot plays with a heuristic of its own (Pattuglia's
veteran), ``expert-medium`` measures that heuristic alone against medium: what the search adds is the rest.

**Matches.** Deals are mirrored: games 2k and 2k+1 play the same deal (seed k) with the sides' seats swapped, so what
the cards give one seat they give both bots. A game for more players seats the two bots alternately (Njet! and Senza
Nome for four: South and North against West and East). A side wins when the game's winner is one of its seats and
loses when it is one of the others; a win shared across the sides is a draw. Njet! teams change every round and both
members of a team score the same, so the sides' totals would tie whenever every round paired a bot of each side:
the individual winner (NJT-9) is what tells them apart.

**Luck.** Where a game's luck caps what skill can win, two more pairings say how far. Each mirrored deal is
``swept`` (one side won both games), ``split`` (the same seats won both: the cards decided, not the bots) or
``drawn``. The *floor* is the hard bot against itself: 50 % by construction, its interval shows how far from 50 % luck
alone lands over as many games, and its split share (``deals_luck_decides``) is the share of deals the cards decide.
The *ceiling* is an oracle (the hard bot searching the true state: it sees every card, hidden hands and deck order
included) against the medium bot: the most that playing these bots' way with perfect knowledge wins. ``standing`` is
where the hard bot's score against medium lies between the two (0: no better than medium, 1: as good as the
oracle).

**Budgets.** Matches measure strength at the bots' iteration budgets: the time cap (a safety net for the app on a
loaded machine) is lifted, so the figures do not depend on what else the machine runs, and every game is
reproducible from its seed. The hint's latency uses the bots as the app does, cap included, on positions of medium
games, while one process runs the project's engine tests beside it (``--beside none`` to measure on a quiet
machine). Measurements only: nothing here passes or fails.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import cardlib
from cardlib.core.bots import RandomBot, hint
from cardlib.core.search import OracleBot, SearchBot
from cardlib.games import describe

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Table:
    """A game as it is measured: its players and options, and which pairings are worth their time."""

    game_id: str
    players: int = 2
    options: dict = field(default_factory=dict)
    pairings: tuple[str, ...] = ()  # empty: all of PAIRINGS
    games: int | None = None  # games per pairing, whatever the run says (None: the run's number)

    @property
    def name(self) -> str:
        extra = [f"{self.players} players"] if self.game_id in ("senza_nome",) else []
        extra += [f"{key} {value}" for key, value in self.options.items()]
        return self.game_id + (f" ({', '.join(extra)})" if extra else "")


# A pairing's stronger side first. The ladder's steps, then hard against random, then the floor and the ceiling.
PAIRINGS = {
    "easy-random": ("easy", "random"),
    "medium-easy": ("medium", "easy"),
    "hard-medium": ("hard", "medium"),
    "expert-medium": ("expert", "medium"),  # hard's own player without its search, where a game has one (Pattuglia)
    "hard-random": ("hard", "random"),
    "floor": ("hard", "hard"),
    "ceiling": ("oracle", "medium"),
}
LADDER = ("easy-random", "medium-easy", "hard-medium")

TABLES = (
    Table("napoletana"),
    Table("njet", players=4),
    Table("senza_nome", players=2),
    Table("senza_nome", players=4),
    Table("nespanini"),
    # a match to 100 (PAT-13) takes several deals: one-deal matches (PAT-13's target 1) let 300 games fit, and a few
    # full matches check that the ladder's top step holds over a whole match
    Table("pattuglia", options={"target": 1}),
    Table("pattuglia", pairings=("hard-medium",), games=20),
)


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (``wins`` may count draws as halves)."""
    if not games:
        return 0.0, 1.0
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return round(centre - half, 3), round(centre + half, 3)


def bots_of(game_id: str) -> dict:
    return describe(game_id).bots()


def make_bot(game_id: str, strength: str, seed: int):
    bots = bots_of(game_id)
    if strength == "random":
        return RandomBot(seed=seed)
    if strength == "expert":
        return bots["hard"](seed=seed).heuristic
    bot = OracleBot.sighted(bots["hard"](seed=seed)) if strength == "oracle" else bots[strength](seed=seed)
    if isinstance(bot, SearchBot):
        bot.seconds = math.inf  # strength at the iteration budget, whatever the machine's load
    return bot


def expert(table: Table) -> bool:
    """Whether the game's hard bot plays (and plays out) with a heuristic of its own, not the medium bot's."""
    bots = bots_of(table.game_id)
    return type(bots["hard"]().heuristic) is not type(bots["medium"]())


def play_match(table: Table, pairing: str, game: int) -> dict:
    """Game number ``game`` of a pairing: "win", "loss" or "draw" for the stronger side, and its time."""
    start = time.perf_counter()
    first, second = PAIRINGS[pairing]
    state = cardlib.load(table.game_id).new(seed=game // 2, players=table.players, **table.options)
    swapped = game % 2 == 1
    deciders, firsts = {}, set()
    for index, player in enumerate(state.players):
        ours = (index % 2 == 0) != swapped
        deciders[player] = make_bot(table.game_id, first if ours else second, seed=game * 10 + index)
        if ours:
            firsts.add(player)
    while not state.is_over:
        state = state.play(deciders[state.to_move].decide(state, state.to_move).move)
    winners = set(state.result.winners)
    ours, theirs = winners & firsts, winners - firsts
    outcome = "win" if ours and not theirs else "loss" if theirs and not ours else "draw"
    return {"outcome": outcome, "seconds": time.perf_counter() - start}


def matches(pool, table: Table, pairing: str, games: int) -> dict:
    """``games`` games of a pairing, on ``games // 2`` mirrored deals. ``deals`` says how each deal went both
    ways: ``swept`` when one side won both games, ``split`` when the same seats won both (the cards decided, not
    the bots; against itself, the share of deals luck decides), ``drawn`` when either game was a draw."""
    futures = [pool.submit(play_match, table, pairing, game) for game in range(games)]
    outcomes, start = [], time.perf_counter()
    for future in futures:  # a pairing can take an hour: say how far it is every tenth of the way
        outcomes.append(future.result())
        if len(outcomes) % max(1, games // 10) == 0 and len(outcomes) < games:
            wins = sum(record["outcome"] == "win" for record in outcomes)
            minutes = (time.perf_counter() - start) / 60
            said = f"{len(outcomes)}/{games} games, {wins} won, {minutes:.0f} min"
            print(f"  {table.name} {pairing}: {said}", file=sys.stderr, flush=True)
    tally = {outcome: sum(record["outcome"] == outcome for record in outcomes) for outcome in ("win", "loss", "draw")}
    deals = {"swept": 0, "split": 0, "drawn": 0}
    for first, second in zip(outcomes[0::2], outcomes[1::2], strict=False):
        both = {first["outcome"], second["outcome"]}
        deals["drawn" if "draw" in both else "swept" if len(both) == 1 else "split"] += 1
    score = tally["win"] + tally["draw"] / 2
    return {
        "games": games,
        **tally,
        "score": round(score / games, 3),
        "ci95": wilson(score, games),
        "deals": deals,
        "seconds_per_game": round(statistics.mean(record["seconds"] for record in outcomes), 2),
    }


def summary(results: dict) -> dict:
    """The ladder's steps (clear or not), hard against random, and where hard stands between floor and ceiling."""
    said = {}
    steps = {pairing: results[pairing]["ci95"][0] > 0.5 for pairing in LADDER if pairing in results}
    if steps:
        said["clear_steps"] = steps
    if "hard-random" in results:
        said["hard_beats_random"] = results["hard-random"]["score"]
    if "floor" in results and "deals" in results["floor"]:
        deals = results["floor"]["deals"]
        said["deals_luck_decides"] = round(deals["split"] / max(1, sum(deals.values())), 2)
    if "hard-medium" in results and "ceiling" in results:
        gap = results["ceiling"]["score"] - 0.5
        said["standing"] = round((results["hard-medium"]["score"] - 0.5) / gap, 2) if gap > 0 else None
    return said


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


@contextmanager
def beside(what: str):
    """Run the project's engine tests (``what`` = "tests") in a second process for as long as the block runs,
    started again whenever they finish: the load a hint meets while CI or a classmate's kernel is busy."""
    if what == "none":
        yield
        return
    command = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/core", "tests/napoletana"]
    process = None

    def running():
        nonlocal process
        if process is None or process.poll() is not None:
            process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    running()
    try:
        yield running
    finally:
        process.kill()
        process.wait()


def hint_latency(table: Table, samples: int, load: str) -> dict:
    """The app's hint (the hard bot with its time cap) on positions of medium-bot games: every third decision with
    a real choice, half of them weighing the medium bot's move as the learner's intended one. ``fallbacks`` counts
    the hints whose search the cap cut short (they give the medium move)."""
    game, bots = cardlib.load(table.game_id), bots_of(table.game_id)
    medium, hard = bots["medium"](seed=0), bots["hard"](seed=0)
    times, cut, seed = [], 0, 0
    with beside(load) as keep_running:
        time.sleep(1.0 if keep_running else 0)  # let the tests get going
        while len(times) < samples and seed < 50:
            state, turn = game.new(seed=1000 + seed, players=table.players, **table.options), 0
            while not state.is_over and len(times) < samples:
                if len(state.legal_moves()) > 1 and turn % 3 == 0:
                    if keep_running:
                        keep_running()
                    # every other hint also weighs a move the learner had in mind, as the app's hint does after
                    # a refused try: the slower path
                    intended = medium.decide(state, state.to_move).move if len(times) % 2 else None
                    start = time.perf_counter()
                    hint(state, hard, intended=intended)
                    times.append(time.perf_counter() - start)
                    cut += hard.last_cut
                turn += 1
                state = state.play(medium.decide(state, state.to_move).move)
            seed += 1
    return {
        "beside": load,
        "samples": len(times),
        "median_ms": round(statistics.median(times) * 1000, 1),
        "p95_ms": round(percentile(times, 0.95) * 1000, 1),
        "max_ms": round(max(times) * 1000, 1),
        "fallbacks": cut,
    }


def chosen_tables(names: list[str], players: int | None = None) -> list[Table]:
    unknown = [name for name in names if name not in {table.game_id for table in TABLES}]
    if unknown:
        raise SystemExit(f"unknown game {', '.join(unknown)}; the games are: {', '.join(cardlib.GAMES)}")
    tables = [table for table in TABLES if (not names or table.game_id in names)]
    if players is not None:
        tables = [table for table in tables if table.players == players]
        if not tables:
            raise SystemExit(f"no table of {', '.join(names) or 'any game'} seats {players} players")
    return tables


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games_ids", nargs="*", help="game ids (default: every game in cardlib.games)")
    parser.add_argument("--quick", action="store_true", help="a smoke run: 6 games a pairing, 12 hints a table")
    parser.add_argument("--games", type=int, default=None, help="games per pairing (default 300)")
    parser.add_argument("--players", type=int, default=None, help="only the tables for this many players")
    parser.add_argument("--pairings", default=",".join(PAIRINGS), help="which, comma-separated: " + ", ".join(PAIRINGS))
    parser.add_argument("--hints", type=int, default=None, help="hints timed per table (default 60; 0: none)")
    parser.add_argument("--hints-only", action="store_true", help="time the hints, play no match")
    parser.add_argument("--beside", choices=("tests", "none"), default="tests", help="load beside the hint timing")
    parser.add_argument("--jobs", type=int, default=2, help="games played at once")
    args = parser.parse_args()
    wanted = [name for name in args.pairings.split(",") if name]
    if unknown := [name for name in wanted if name not in PAIRINGS]:
        raise SystemExit(f"unknown pairing {', '.join(unknown)}; the pairings are: {', '.join(PAIRINGS)}")
    tables = chosen_tables(args.games_ids, args.players)
    report = {}
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for table in tables if not args.hints_only else ():
            results = report.setdefault(table.name, {})
            for pairing in wanted:
                skipped = table.pairings and pairing not in table.pairings
                if skipped or (pairing == "expert-medium" and not expert(table)):
                    continue
                games = 6 if args.quick else table.games or args.games or 300
                results[pairing] = matches(pool, table, pairing, games)
                print(table.name, pairing, json.dumps(results[pairing]), file=sys.stderr, flush=True)
            results.update(summary(results))
    hints = 12 if args.quick else 60 if args.hints is None else args.hints
    for table in tables if hints else ():
        if table.pairings:  # a variant measured for strength only: the hint is the same game's
            continue
        results = report.setdefault(table.name, {})
        results["hint"] = hint_latency(table, hints, args.beside)
        print(table.name, json.dumps(results["hint"]), file=sys.stderr, flush=True)
    print(json.dumps({"benchmark": "strength", "python": sys.version.split()[0], "results": report}, indent=2))


if __name__ == "__main__":
    main()
