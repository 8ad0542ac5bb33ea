"""Properties of Njet! over 200 seeded random games of eight rounds.

Each game is played once by a seeded random player (cached for the module) and states sampled along it are
checked: legal moves play, wrong moves are refused with a ruling and change nothing, JSON round-trips, views
never show another seat's hand or discards, cards are conserved, and every round has 10 - N tricks.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

from protocol_checks import judge_moves, random_game, round_trips

from cardlib import Move
from cardlib.games.njet import GAME
from cardlib.games.njet.board import PLAYERS
from cardlib.games.njet.cards import DECK
from cardlib.games.njet.tricks import shown_out

SEEDS = range(200)
ACTIONS = ("stone", "partner", "discard", "play", "dance")


@functools.cache
def game(seed: int) -> tuple:
    """Every state of one random game, first to last."""
    return random_game(GAME, seed, limit=600)


def sample(stride: int):
    """(where, seed, state) for every stride-th state of every game; the offset moves with the seed."""
    for seed in SEEDS:
        for index, state in enumerate(game(seed)):
            if index % stride == seed % stride:
                yield f"seed {seed} state {index}", seed, state


def wrong_moves(state, rng: random.Random) -> list[Move]:
    data = state.to_json()
    cards = [c for p in PLAYERS for c in data["hands"][p]] + ["R10", "X1", None]
    zones = ["trump:red", "super:none", "start:south", "multiplier:4", "trump:none", "south", "nowhere", None]
    moves = [Move(action) for action in ACTIONS]
    for _ in range(8):
        action = rng.choice(ACTIONS)
        moves.append(Move(action, rng.choice(cards), rng.choice(zones)))
    return moves


def test_every_game_has_eight_rounds_of_ten_minus_n_tricks_and_ends_with_a_result():
    for seed in SEEDS:
        states = game(seed)
        last = states[-1]
        assert last.is_over and last.to_move is None and last.legal_moves() == []
        assert len(last.rounds) == 8
        tricks = Counter(state.round for state in states[1:] if any(e.kind == "trick" for e in state.events))
        for record in last.rounds:
            n = int(record["rules"]["discards"])
            played = sum(team["tricks"] for team in record["teams"])
            assert played == 10 - n, f"seed {seed} round {record['round']}"
        assert sum(tricks.values()) == sum(10 - int(r["rules"]["discards"]) for r in last.rounds)
        totals = Counter()
        for record in last.rounds:
            totals.update(record["points"])
            for team in record["teams"]:
                assert team["score"] == (team["tricks"] + team["ones"]) * int(record["rules"]["multiplier"])
        assert dict(totals) == last.scores == dict(last.result.scores)
        top = max(last.scores.values())
        assert set(last.result.winners) == {p for p in PLAYERS if last.scores[p] == top}


def test_cards_are_conserved_and_stones_counted():
    for where, _seed, state in sample(stride=11):
        if state.is_over:
            continue
        seen = Counter(c for p in PLAYERS for c in state.hands[p] + state.discards[p])
        seen.update(card for _p, card in state.trick)
        seen.update(card for _w, cards in state.taken for _p, card in cards)
        assert seen == Counter(DECK), where
        assert len(state.stones) <= 15 and len(set(state.stones)) == len(state.stones), where


def test_every_legal_move_plays_and_leaves_the_old_state_alone():
    for where, _seed, state in sample(stride=23):
        before = state.to_json()
        for move in state.legal_moves():
            state.play(move)
            assert GAME.parse_move(str(move)) == move, where
        assert state.to_json() == before, where


def test_wrong_moves_are_refused_with_a_ruling_and_change_nothing():
    rng = random.Random(0)
    refused = 0
    for where, _seed, state in sample(stride=23):
        moves = [*state.candidate_moves(), *wrong_moves(state, rng)]
        refused += judge_moves(state, moves, "NJT-", where, play_every=5)
    assert refused > 3_000


def test_json_round_trips_exactly():
    for where, _seed, state in sample(stride=37):
        round_trips(GAME, state, where)


def test_views_never_show_another_seats_hand_or_discards():
    for where, _seed, state in sample(stride=41):
        data = state.to_json()
        public = {card for _p, card in data["trick"]} | {c for t in data["taken"] for _p, c in t["cards"]}
        public |= {e.data["card"] for e in state.events if "card" in e.data and e.only is None}  # the last trick
        for player in (*PLAYERS, None):
            view = state.view(player)
            text = json.dumps(view, ensure_ascii=False)
            for other in PLAYERS:
                if other == player:
                    assert view["hands"][other] == data["hands"][other], where
                    assert view["discards"][other] == data["discards"][other], where
                    continue
                assert view["hands"][other] is None and view["discards"][other] is None, where
                hidden = set(data["hands"][other]) | set(data["discards"][other])
                shown = {c for c in hidden - public if f'"{c}"' in text}
                assert not shown, f"{where}: {player} sees {shown}"
            assert all(event.get("only") in (None, player) for event in view["events"]), where


def test_determinize_keeps_the_players_own_view():
    changed = 0
    for where, seed, state in sample(stride=71):
        before = state.to_json()
        for player in PLAYERS:
            guess = state.determinize(player, seed)
            assert guess.view(player) == state.view(player), f"{where}: {player}"
            changed += guess.to_json()["hands"] != before["hands"]
        assert state.to_json() == before, where
    assert changed


def test_njt6_a_dealt_world_gives_nobody_a_colour_it_has_shown_to_be_out_of():
    """A search bot's worlds (issue 14) respect what the tricks showed: whoever did not follow a colour led holds
    none of it (NJT-6), so no world deals it one. Every sampled state in play is checked, for every seat."""
    checked = 0
    for where, seed, state in sample(stride=7):
        if state.phase != "play":
            continue
        out = shown_out([cards for _winner, cards in state.taken] + [state.trick])
        for player in PLAYERS:
            world = state.determinize(player, seed)
            for other, colours in out.items():
                if other != player:
                    assert not {card.colour for card in world.hands[other]} & colours, f"{where}: {other} {colours}"
                    checked += 1
    assert checked > 100


def test_same_seed_same_deal_and_a_game_replays_identically():
    for seed in SEEDS[:20]:
        assert GAME.new(seed=seed).to_json() == game(seed)[0].to_json()
        rng, state = random.Random(seed), GAME.new(seed=seed)
        for _move in game(seed)[1:]:
            state = state.play(rng.choice(state.legal_moves()))
        assert state.to_json() == game(seed)[-1].to_json()
