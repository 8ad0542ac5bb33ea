"""Properties of Senza Nome over 201 seeded games with 2, 4 and 6 players.

Uniformly random play rarely finishes a race (nobody aims at the stock card), so the games are played by the
medium bot with a random move mixed in now and then. The first moves of every game (cached for the module)
are checked state by state: cards are conserved, legal moves play, wrong moves are refused with a ruling and
change nothing, JSON round-trips, views hide what they must, determinized states look the same to their
player. A smaller set of games is played to its end, to show that every race ends.
"""

from __future__ import annotations

import functools
import json
import random
from collections import Counter

from protocol_checks import card_ids, judge_moves, round_trips

from cardlib import Move
from cardlib.games.senza_nome import GAME
from cardlib.games.senza_nome.bots import SenzaNomeBot
from cardlib.games.senza_nome.engine import full_deck

SEEDS = range(201)
PLAYERS = (2, 4, 6)
SAMPLED_MOVES = 60  # the opening of each game, where every kind of move already happens
FULL_GAMES = range(24)  # 8 races each for 2, 4 and 6 players
MOVE_CAP = 8000  # far above the longest race seen; reaching it means a game that does not end
BOT = SenzaNomeBot()
ZONES = ("new", "run:1", "run:2", "run:9", "deck", "discard", None, "nowhere")
ACTIONS = ("draw", "play", "swap", "discard", "end", "dance")


def players(seed: int) -> int:
    return PLAYERS[seed % len(PLAYERS)]


def choose(rng: random.Random, state) -> Move:
    moves = state.legal_moves()
    if rng.random() < 0.15:
        return rng.choice(moves)
    return BOT.decide(state, state.to_move).move


def play_out(seed: int, limit: int) -> tuple:
    rng = random.Random(seed)
    state = GAME.new(seed=seed, players=players(seed))
    states = [state]
    while not state.is_over and len(states) <= limit:
        state = state.play(choose(rng, state))
        states.append(state)
    return tuple(states)


@functools.cache
def opening(seed: int) -> tuple:
    return play_out(seed, SAMPLED_MOVES)


def every_state(stride: int = 1):
    for seed in SEEDS:
        for index, state in enumerate(opening(seed)):
            if index % stride == seed % stride:
                yield f"seed {seed} state {index}", seed, state


def cards_in(data: dict) -> Counter:
    seen = Counter(data["draw"] + data["discard"])
    for seat in data["sides"].values():
        seen.update(seat["hand"] + seat["stock"])
    for cards in [*(run["cards"] for run in data["runs"]), *data["set_aside"]]:
        seen.update(cards)
    return seen


def test_every_race_ends_with_a_result_and_conserves_its_cards():
    endings = Counter()
    for seed in FULL_GAMES:
        states = play_out(seed, MOVE_CAP)
        last = states[-1]
        assert last.is_over, f"seed {seed}: no end after {MOVE_CAP} moves"
        assert last.to_move is None and last.legal_moves() == []
        data = last.to_json()
        assert cards_in(data) == Counter(str(card) for card in full_deck(data["decks"]))
        result = last.result
        assert result.reason and result.winners and set(result.winners) <= set(last.players)
        if last.events[-1].kind == "win":
            winner = data["sides"][result.winners[0]]
            assert winner["stock"] == [] and (winner["hand"] == [] or data["strict_finish"])
        endings[last.events[-1].rule] += 1
    assert endings["SNO-9"] > endings["SNO-8"]  # most races are won, a few get stuck


def test_cards_are_conserved_everywhere():
    for where, _seed, state in every_state(stride=5):
        data = state.to_json()
        assert cards_in(data) == Counter(str(card) for card in full_deck(data["decks"])), where
        assert all(len(seat["stock"]) <= 10 for seat in data["sides"].values()), where


def test_the_openings_reach_every_kind_of_move():
    kinds = Counter(event.kind for seed in SEEDS for state in opening(seed) for event in state.events)
    for kind in ("deal", "draw", "lay", "attach", "stock", "discard", "swap"):
        assert kinds[kind], kind


def test_every_legal_move_plays_and_leaves_the_old_state_alone():
    for where, _seed, state in every_state(stride=10):
        before = state.to_json()
        for move in state.legal_moves():
            after = state.play(move)
            assert GAME.parse_move(str(move)) == move, where
            assert state.label(move), where
            assert after.to_json() != before, where
        assert state.to_json() == before, where


def test_legal_moves_are_exactly_the_candidates_check_allows():
    # legal_moves is generated without check, for speed: this holds it to check, the one source of the rules
    states = [state for _where, _seed, state in every_state(stride=3)]
    states += [state for seed in FULL_GAMES[:6] for state in play_out(seed, MOVE_CAP)[::4]]
    for state in states:
        assert state.legal_moves() == [move for move in state.candidate_moves() if state.check(move)], repr(state)
    assert len(states) > 5_000


def wrong_moves(state, rng: random.Random, count: int) -> list[Move]:
    data = state.to_json()
    player = state.to_move or "p1"
    cards = [*data["sides"][player]["hand"], *data["sides"][player]["stock"][:2], "XR.2", "ZZ", "1H", None]
    cards += rng.sample(data["draw"], min(2, len(data["draw"])))
    moves = [Move(action) for action in ACTIONS]
    for _ in range(count):
        moves.append(Move(rng.choice(ACTIONS), rng.choice(cards), rng.choice(ZONES)))
    return moves


def test_wrong_moves_are_refused_with_a_ruling_and_change_nothing():
    rng = random.Random(0)
    refused = 0
    for where, _seed, state in every_state(stride=5):
        assert state.is_over or state.legal_moves(), where
        moves = [*state.candidate_moves(), *wrong_moves(state, rng, 10)]
        refused += judge_moves(state, moves, "SNO-", where, play_every=5)
    assert refused > 3_000


def test_json_round_trips_exactly():
    for where, _seed, state in every_state(stride=7):
        round_trips(GAME, state, where)


def test_views_hide_other_hands_face_down_stock_cards_and_the_draw_pile():
    for where, _seed, state in every_state(stride=8):
        data = state.to_json()
        public = set(data["discard"]) | {card for run in data["runs"] for card in run["cards"]}
        public |= {card for cards in data["set_aside"] for card in cards}
        public |= {seat["stock"][0] for seat in data["sides"].values() if seat["stock"]}
        public |= {event.data.get("card") for event in state.events if event.only is None}  # taken from the discards
        for player in (*state.players, None):
            view = state.view(player)
            json.dumps(view)  # JSON-ready
            mine = set(data["sides"][player]["hand"]) if player else set()
            hidden = set(data["draw"]) | {card for seat in data["sides"].values() for card in seat["stock"][1:]}
            hidden |= {card for who, seat in data["sides"].items() if who != player for card in seat["hand"]}
            assert not (hidden - public - mine) & card_ids(view), f"{where}: {player} sees hidden cards"
            for who, seat in view["sides"].items():
                assert (seat["hand"] is not None) == (who == player), where
                assert seat["hand_size"] == len(data["sides"][who]["hand"]), where
                assert seat["stock_size"] == len(data["sides"][who]["stock"]), where
            assert all(event.get("only") in (None, player) for event in view["events"]), where


def test_same_seed_same_deal_and_same_game():
    for seed in SEEDS[:30]:
        assert GAME.new(seed=seed, players=players(seed)).to_json() == opening(seed)[0].to_json()
        again = play_out(seed, 40)
        assert [s.to_json() for s in again] == [s.to_json() for s in opening(seed)[: len(again)]]


def test_determinize_keeps_the_players_own_view_and_is_a_valid_position():
    changed = 0
    for where, seed, state in every_state(stride=40):
        before = state.to_json()
        for player in state.players[:3]:
            guess = state.determinize(player, seed)
            assert guess.view(player) == state.view(player), f"{where}: {player}"
            if state.to_move == player:
                assert guess.legal_moves() == state.legal_moves(), where
            assert GAME.from_json(guess.to_json()).to_json() == guess.to_json(), where
            changed += guess.to_json()["draw"] != before["draw"]
        assert state.to_json() == before, where
    assert changed
