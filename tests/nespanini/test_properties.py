"""What NesPanini adds to the suite every game passes (tests/test_every_game.py), over 540 seeded games between
every pair of ready-made decks, played by random legal moves (every sixth game by the medium bot against random
play): every game ends with 10 cards in the Cimetière or after both players' 5th turns, the scores are the sums of
their card-by-card breakdowns, cards are conserved, views hide the opponent's hand and both deck orders; and on one
state in three, with every pair of decks, legal moves play, wrong moves are refused with a ruling and change nothing,
JSON round-trips, determinized states look the same to their player.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections import Counter

from protocol_checks import judge_moves

from cardlib import Move
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.bots import NesPaniniBot
from cardlib.games.nespanini.decks import READY
from cardlib.games.nespanini.rules import PLAYERS

PAIRS = list(itertools.permutations(READY, 2))
SEEDS = range(540)
BOT = NesPaniniBot()
WRONG = [
    Move("discard", "roi"),
    Move("take", "dragon"),
    Move("draw", zone="cimetiere"),
    Move("dance"),
    Move("keep", "roi"),
    Move("reveal"),
    Move("bottom"),
    Move("draw", zone="deck"),
]


@functools.cache
def game(seed: int) -> tuple:
    mine, theirs = PAIRS[seed % len(PAIRS)]
    rng = random.Random(seed)
    state = GAME.new(seed=seed, deck=mine, opponent_deck=theirs)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, f"seed {seed}: {state!r} has no legal move"
        move = BOT.choose(state, state.to_move) if seed % 6 == 0 else rng.choice(moves)
        state = state.play(move)
        states.append(state)
        assert len(states) < 100, f"seed {seed}: the game does not end"
    return tuple(states)


def test_every_game_ends_at_10_in_the_cimetiere_or_after_the_5th_turns_and_scores_its_breakdown():
    endings = Counter()
    for seed in SEEDS:
        last = game(seed)[-1]
        full = len(last.cimetiere) >= 10
        assert full or all(n == 5 for n in last.turns.values()), seed
        assert len(last.cimetiere) <= 11  # the turn that reaches 10 may add one forced discard more
        endings["full" if full else "turns"] += 1
        rows = last.breakdown()
        for player in PLAYERS:
            assert last.result.scores[player] == sum(row["total"] for row in rows[player])
            for row in rows[player]:
                assert row["total"] == row["base"] + sum(part["points"] for part in row["parts"])
        best = max(last.result.scores.values())
        assert set(last.result.winners) == {p for p in PLAYERS if last.result.scores[p] == best}
        assert last.view("p1")["breakdown"] == rows
    assert endings["full"] > endings["turns"] > 0, endings  # most games fill the Cimetière; effects delay some


def test_cards_are_conserved_and_views_hide_the_opponents_hand_and_both_deck_orders():
    for seed in SEEDS[::3]:
        for state in game(seed):
            cards = Counter(c for side in state.sides.values() for c in side.deck + side.hand + side.discards)
            assert cards == Counter(c for deck in state.decklists.values() for c in deck)
            if state.is_over:
                continue
            for player in PLAYERS:
                text = json.dumps(state.view(player))
                view = json.loads(text)
                opponent = PLAYERS[1 - PLAYERS.index(player)]
                assert view["sides"][opponent]["hand"] is None
                assert view["sides"][player]["hand"] == state.sides[player].hand
                assert "deck" not in view["sides"][player] and "deck" not in view["sides"][opponent]
                assert view["sides"][opponent]["deck_size"] == len(state.sides[opponent].deck)
                pending = view["pending"] or {}
                assert "top" not in pending or (pending["chooser"] == player and pending["do"] == "scry")


def test_with_every_pair_of_ready_made_decks_legal_moves_play_wrong_ones_are_refused_and_json_round_trips():
    """The suite every game passes deals the default decks; these games deal every pair of ready-made decks, whose
    Défausse effects differ."""
    refused = 0
    for seed in SEEDS:
        for index, state in enumerate(game(seed)):
            if index % 3 != seed % 3:
                continue
            where = f"seed {seed} state {index}"
            moves = [*state.candidate_moves(), *WRONG]
            refused += judge_moves(state, moves, where, play_every=6)
            for move in state.legal_moves():
                assert state.play(move).to_json() != state.to_json(), where
            data = state.to_json()
            assert GAME.from_json(json.loads(json.dumps(data))).to_json() == data, where
            if not state.is_over:
                player = state.to_move
                seen = GAME.from_json(data).determinize(player, seed)
                assert seen.view(player) == state.view(player), where
                assert seen.legal_moves() == state.legal_moves(), where
    assert refused > 1000
