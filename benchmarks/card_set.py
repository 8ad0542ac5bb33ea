"""The NesPanini card set under bot play, printed as JSON: games per second, and for each card how often it is
discarded when it could be (kept vs discarded) and how often it ends in a winning hand.

    python benchmarks/card_set.py            # 2,400 games: ready-made decks, and random legal decks
    python benchmarks/card_set.py 600

A card the bot (almost) always keeps or (almost) always discards offers no choice: it is listed under
"flags" so the set can be changed (README, "What we changed because of the bots"). Légendaire cards cannot be
discarded, so they are always kept by rule and never flagged. Measurements only: nothing passes or fails here.
"""

from __future__ import annotations

import itertools
import json
import random
import sys
import time
from collections import Counter

from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.bots import NesPaniniBot
from cardlib.games.nespanini.cards import SET
from cardlib.games.nespanini.decks import READY
from cardlib.games.nespanini.rules import DECK_SIZE, MAX_COPIES, MAX_FOULE

ALWAYS = 0.9  # discarded at 90 % of its chances or more: always right to discard
NEVER = 0.05  # discarded at 5 % of its chances or fewer: always right to keep
MIN_OFFERS = 100  # fewer chances say too little


def random_deck(seed: int) -> list[str]:
    """A random legal deck (NES-3), so that the cards no ready-made deck holds are measured too."""
    rng = random.Random(seed)
    deck: list[str] = []
    while len(deck) < DECK_SIZE:
        code = rng.choice(list(SET))
        if deck.count(code) < (MAX_FOULE if SET[code].foule else MAX_COPIES):
            deck.append(code)
    return deck


def main(games: int = 2400) -> None:
    """Half the games between ready-made decks (every ordered pair in turn), half between random legal decks."""
    bot = NesPaniniBot()
    pairs = list(itertools.permutations(READY, 2))
    offered, discarded, final, winning = Counter(), Counter(), Counter(), Counter()
    wins, played, moves = Counter(), Counter(), 0
    start = time.perf_counter()
    for seed in range(games):
        if seed % 2:
            mine, theirs = random_deck(seed), random_deck(-seed)
        else:
            mine, theirs = pairs[seed // 2 % len(pairs)]
        state = GAME.new(seed=seed, deck=mine, opponent_deck=theirs)
        while not state.is_over:
            move = bot.choose(state, state.to_move)
            if state.phase == "discard" and move.action == "discard":
                offered.update({code for code in state.sides[state.turn].hand if not SET[code].legendaire})
                discarded[move.card] += 1
            state = state.play(move)
            moves += 1
        decks = {"p1": mine, "p2": theirs}
        for player, side in state.sides.items():
            final.update(side.hand)
            if player in state.result.winners:
                winning.update(side.hand)
            if isinstance(decks[player], str):
                played[decks[player]] += 1
                wins[decks[player]] += (player in state.result.winners) / len(state.result.winners)
    elapsed = time.perf_counter() - start
    cards = {}
    for code, card in SET.items():
        rate = discarded[code] / offered[code] if offered[code] else None
        cards[code] = {
            "name": card.name,
            "offered": offered[code],
            "discard_rate": round(rate, 3) if rate is not None else None,
            "in_final_hands": final[code],
            "win_rate_in_hand": round(winning[code] / final[code], 3) if final[code] else None,
        }
    flags = {
        code: "always discarded" if row["discard_rate"] >= ALWAYS else "always kept"
        for code, row in cards.items()
        if row["offered"] >= MIN_OFFERS and (row["discard_rate"] >= ALWAYS or row["discard_rate"] <= NEVER)
    }
    report = {
        "benchmark": "card_set",
        "games": games,
        "bot_games_per_s": round(games / elapsed, 1),
        "moves_per_s": round(moves / elapsed),
        "ready_made_deck_win_share": {name: round(wins[name] / played[name], 3) for name in READY if played[name]},
        "flags": flags,
        "cards": cards,
    }
    print(json.dumps(report, indent=1, ensure_ascii=False))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 2400)
