"""Properties of Pattuglia over 200 seeded deals for each of 2, 3 and 4 players.

Uniformly random play mostly gathers cards and takes them back, so the deals are played by the medium bot with a
random move mixed in now and then. The opening of every deal (cached for the module) is checked state by state: the
100 cards are conserved, no Arsenal card is ever in a hand, legal moves play, wrong moves are refused with a ruling
and change nothing, JSON round-trips, views hide hands, New patrols, Arsenals and the deck, determinized states look
the same to their player. A smaller set of deals is played to its end, and a few matches to 100.
"""

from __future__ import annotations

import functools
import itertools
import json
import random
from collections import Counter

from protocol_checks import card_ids, judge_moves, round_trips

from cardlib import Move
from cardlib.games.pattuglia import GAME
from cardlib.games.pattuglia.bots import PattugliaBot
from cardlib.games.pattuglia.cards import CARDS, DECK

SEEDS = range(600)  # 200 deals for each of 2, 3 and 4 players
PLAYERS = (2, 3, 4)
SAMPLED_MOVES = 30  # the opening of each deal: patrols are laid, attacks and answers already happen
FULL_DEALS = range(15)  # 5 deals each for 2, 3 and 4 players, played to their end
MOVE_CAP = 4000  # far above the longest deal seen; reaching it means a deal that does not end
BOT = PattugliaBot()
ZONES = ("new", "patrol:1", "patrol:2", "patrol:9", "deck", "discard", None, "nowhere")
ACTIONS = ("draw", "lay", "back", "form", "attack", "save", "take", "discard", "dance")


def players(seed: int) -> int:
    return PLAYERS[seed % len(PLAYERS)]


def choose(rng: random.Random, state) -> Move:
    if rng.random() < 0.2:
        return rng.choice(state.legal_moves())
    return BOT.decide(state, state.to_move).move


def play_out(seed: int, limit: int, until_deal: int | None = None) -> tuple:
    """Every state of deal ``seed`` for up to ``limit`` moves (or until deal ``until_deal`` starts)."""
    rng = random.Random(seed)
    state = GAME.new(seed=seed, players=players(seed))
    states = [state]
    while not state.is_over and len(states) <= limit and state.deal != until_deal:
        state = state.play(choose(rng, state))
        states.append(state)
    return tuple(states)


@functools.cache
def opening(seed: int) -> tuple:
    return play_out(seed, SAMPLED_MOVES)


@functools.cache
def full_deal(seed: int) -> tuple:
    return play_out(seed, MOVE_CAP, until_deal=2)


def every_state(stride: int = 1):
    for seed in SEEDS:
        for index, state in enumerate(opening(seed)):
            if index % stride == seed % stride:
                yield f"seed {seed} state {index}", seed, state


def cards_in(data: dict) -> Counter:
    seen = Counter(data["deck"] + data["discard"])
    for side in data["sides"].values():
        seen.update(side["hand"] + side["forming"] + side["arsenal"])
        for patrol in side["patrols"]:
            seen.update(patrol["cards"])
    return seen


def test_every_deal_ends_and_conserves_its_cards():
    endings = Counter()
    for seed in FULL_DEALS:
        states = full_deal(seed)
        last = states[-1]
        assert last.deal == 2 or last.is_over, f"seed {seed}: no end after {MOVE_CAP} moves"
        assert cards_in(last.to_json()) == Counter(DECK), seed
        endings[next(event.rule for event in last.events if event.rule in ("PAT-8", "PAT-12"))] += 1
    assert endings["PAT-8"] > 0  # most deals are closed; a few run the deck out


def test_matches_end_at_100():
    for seed in range(3):
        states = play_out(seed, 10 * MOVE_CAP)
        last = states[-1]
        assert last.is_over and last.to_move is None and last.legal_moves() == []
        assert max(last.result.scores.values()) >= 100 and last.result.winners


def test_cards_are_conserved_and_no_hand_holds_an_arsenal_card():
    deck = Counter(DECK)
    for where, _seed, state in every_state():
        seen = Counter(state.deck + state.discard)
        for side in state.side.values():
            seen.update(side.hand + side.forming + side.arsenal + [c for patrol in side.patrols for c in patrol.cards])
            assert not [card for card in side.hand if CARDS[card].arsenal], where
        assert seen == deck, where


def test_the_openings_reach_every_kind_of_move():
    kinds = Counter(event.kind for seed in SEEDS for state in opening(seed) for event in state.events)
    for kind in ("deal", "draw", "arsenal", "gather", "form", "lay", "discard", "attack", "losses", "complete"):
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


def wrong_moves(state, rng: random.Random, count: int) -> list[Move]:
    data = state.to_json()
    player = state.to_move or "p1"
    side = data["sides"][player]
    cards = [*side["hand"], *side["arsenal"], *side["forming"], "HB1", "RC1", "ZZ", None]
    cards += rng.sample(data["deck"], min(2, len(data["deck"])))
    moves = [Move(action) for action in ACTIONS]
    for _ in range(count):
        moves.append(Move(rng.choice(ACTIONS), rng.choice(cards), rng.choice(ZONES)))
    return moves


def test_wrong_moves_are_refused_with_a_ruling_and_change_nothing():
    rng = random.Random(0)
    refused = 0
    for where, _seed, state in every_state(stride=12):
        assert state.is_over or state.legal_moves(), where
        moves = [*state.candidate_moves(), *wrong_moves(state, rng, 10)]
        refused += judge_moves(state, moves, "PAT-", where, play_every=5)
    assert refused > 10_000


def test_json_round_trips_exactly():
    for where, _seed, state in every_state(stride=15):
        round_trips(GAME, state, where)


def test_views_hide_hands_new_patrols_arsenals_and_the_deck():
    for where, _seed, state in every_state(stride=12):
        data = state.to_json()
        public = set(data["discard"]) | {
            c for side in data["sides"].values() for p in side["patrols"] for c in p["cards"]
        }
        public |= {card for event in state.events if event.only is None for card in card_ids(dict(event.data))}
        if data["attack"]:
            public.add(data["attack"]["card"])
        for player in (*state.players, None):
            view = state.view(player)
            json.dumps(view)  # JSON-ready
            own = data["sides"][player] if player else {"hand": [], "forming": [], "arsenal": []}
            mine = set(own["hand"] + own["forming"] + own["arsenal"])
            hidden = set(data["deck"])
            for who, side in data["sides"].items():
                if who != player:
                    hidden |= set(side["hand"] + side["forming"] + side["arsenal"])
            assert not (hidden - public - mine) & card_ids(view), f"{where}: {player} sees hidden cards"
            for who, side in view["sides"].items():
                assert (side["hand"] is not None) == (side["arsenal"] is not None) == (who == player), where
                assert side["arsenal_size"] == len(data["sides"][who]["arsenal"]), where
                assert side["hand_size"] == len(data["sides"][who]["hand"]), where
            assert all(event.get("only") in (None, player) for event in view["events"]), where


def test_same_seed_same_deal_and_same_game():
    for seed in SEEDS[:30]:
        assert GAME.new(seed=seed, players=players(seed)).to_json() == opening(seed)[0].to_json()
        again = play_out(seed, 25)
        assert [s.to_json() for s in again] == [s.to_json() for s in opening(seed)[: len(again)]]


def test_determinize_keeps_the_players_own_view_and_redraws_the_rest():
    changed = 0
    for where, seed, state in every_state(stride=40):
        before = state.to_json()
        for player in state.players:
            guess = state.determinize(player, seed)
            assert guess.view(player) == state.view(player), f"{where}: {player}"
            if state.to_move == player:
                assert guess.legal_moves() == state.legal_moves(), where
            data = guess.to_json()
            assert GAME.from_json(data).to_json() == data, where
            assert not [c for side in data["sides"].values() for c in side["hand"] if CARDS[c].arsenal], where
            changed += data["deck"] != before["deck"]
        assert state.to_json() == before, where
    assert changed


def test_pat_5_the_right_to_the_discard_pile_comes_with_the_first_patrol_and_lasts_the_deal():
    outlasted = 0  # draws from the discard pile open to a player whose patrols are all destroyed
    for seed in FULL_DEALS:
        states = full_deal(seed)
        for index, (before, state) in enumerate(itertools.pairwise(states)):
            where = f"seed {seed} state {index + 1}"
            for player, side in state.side.items():
                assert side.laid_patrol or not side.patrols, where
                if state.deal == before.deal:  # once laid, for the rest of the deal
                    assert side.laid_patrol >= before.side[player].laid_patrol, where
                else:
                    assert not side.laid_patrol, where
                seats = (*state.players, None)  # public: every seat sees it
                assert all(state.view(seat)["sides"][player]["laid_patrol"] == side.laid_patrol for seat in seats), (
                    where
                )
            if state.phase in ("draw", "refill") and state.discard:
                side = state.side[state.turn]
                assert state.is_legal(Move("draw", zone="discard")) == side.laid_patrol, where
                outlasted += side.laid_patrol and not side.patrols
    assert outlasted
