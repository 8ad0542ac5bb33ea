"""Properties of La partita Napoletana over 200 seeded random wars.

Each war is played once by a seeded random player (cached for the module) and the states along it are
checked: legal moves play, wrong moves are refused with a ruling and change nothing, JSON round-trips,
views hide what they must, determinized states look the same to their player, and every war ends.
"""

from __future__ import annotations

import functools
import json
import random
import re

from protocol_checks import judge_moves, random_game

import cardlib
from cardlib import Move

GAME = cardlib.load("napoletana")
PLAYERS = ("red", "black")
SEEDS = range(200)
ZONES = ("front", "ranged", "siege", "enemy-front", "enemy-ranged", "enemy-siege", None, "nowhere")
OPTIONS = (None, "horde", "order", "burn", "agility", "spy", "x")
ACTIONS = ("play", "heal", "mulligan", "keep", "pass", "jolly", "skip", "dance")
# A card named in a view, as notation (7H) or as the learner reads it (7♥); the suit symbol maps back to its letter.
CARD_WORD = re.compile(r"(?:10|[2-9AJQK])[HDSC♥♦♠♣]")
LETTER = {"♥": "H", "♦": "D", "♠": "S", "♣": "C"}


def other(player: str) -> str:
    return "black" if player == "red" else "red"


def choose(rng: random.Random, moves: list[Move]) -> Move:
    """A random player that places cards more often than it passes, so battles last and effects fire."""
    placing = [move for move in moves if move.action not in ("pass", "jolly", "skip", "keep")]
    if placing and rng.random() < 0.8:
        return rng.choice(placing)
    return rng.choice(moves)


@functools.cache
def war(seed: int) -> tuple:
    """Every state of one random war, first to last."""
    return random_game(GAME, seed, limit=500, choose=choose)


def every_state(stride: int = 1):
    """(where, seed, state) for every state of every war; with a stride, every stride-th state of each war
    (the offset moves with the seed, so across wars every position in a war gets its turn)."""
    for seed in SEEDS:
        for index, state in enumerate(war(seed)):
            if index % stride == seed % stride:
                yield f"seed {seed} state {index}", seed, state


def wrong_moves(state, rng: random.Random, count: int) -> list[Move]:
    """A sample of moves of every shape for the player to move: its own cards in every zone with every option,
    cards it does not hold or that do not exist, every action in and out of its phase."""
    data = state.to_json()
    player = state.to_move or "red"
    mine, theirs = data["sides"][player], data["sides"][other(player)]
    cards = [*mine["hand"], *mine["discard"], "XR", "XB", "ZZ", "1H", None]
    cards += rng.sample(mine["deck"], min(2, len(mine["deck"])))
    cards += rng.sample(theirs["hand"], min(2, len(theirs["hand"])))
    moves = [Move(action) for action in ACTIONS]
    for _ in range(count):
        action, card = rng.choice(ACTIONS[:3]), rng.choice(cards)
        moves.append(Move(action, card, None if action == "mulligan" else rng.choice(ZONES)))
        if action == "play":
            moves[-1] = Move(action, card, moves[-1].zone, rng.choice(OPTIONS))
    return moves


def test_every_war_ends_with_a_result():
    endings = set()
    for seed in SEEDS:
        last = war(seed)[-1]
        result = last.result
        assert last.is_over and last.to_move is None and last.legal_moves() == []
        coins = {player: last.view(None)["sides"][player]["coins"] for player in PLAYERS}
        assert dict(result.scores) == coins and sum(coins.values()) == 4
        assert set(result.winners) <= set(PLAYERS) and len(result.winners) <= 1
        assert result.reason
        battles = last.view(None)["battles"]
        assert 2 <= len(battles) <= 3
        if result.winners:
            winner = result.winners[0]
            assert coins[winner] > coins[other(winner)]
            assert len(battles) == 3 or coins[other(winner)] == 0
            endings.add("no coins" if coins[other(winner)] == 0 else "more coins")
        else:
            assert coins["red"] == coins["black"] and len(battles) == 3
            endings.add("draw")
        assert last.events[-1].rule == "NAP-18"
        assert not last.check(Move("pass")).ok and last.check(Move("pass")).rule == "NAP-18"
    assert endings == {"no coins", "more coins", "draw"}  # the random wars reach every ending


def test_the_random_wars_reach_every_kind_of_event():
    kinds = {(event.kind, event.rule) for seed in SEEDS for state in war(seed) for event in state.events}
    for expected in [
        ("mulligan", "NAP-2"),
        ("keep", "NAP-2"),
        ("pass", "NAP-4"),
        ("army", "NAP-8"),
        ("place", "NAP-9"),
        ("draw", "NAP-9"),
        ("place", "NAP-10"),
        ("place", "NAP-11"),
        ("heal", "NAP-13"),
        ("burn", "NAP-14"),
        ("place", "NAP-15"),
        ("jolly", "NAP-16"),
        ("battle", "NAP-17"),
        ("war", "NAP-18"),
    ]:
        assert expected in kinds, expected


def test_every_legal_move_plays_and_leaves_the_old_state_alone():
    for where, _seed, state in every_state(stride=3):
        before = state.to_json()
        for move in state.legal_moves():
            state.play(move)
            assert GAME.parse_move(str(move)) == move, where  # the notation reads back to the same move
        assert state.to_json() == before, where


def test_wrong_moves_are_refused_with_a_ruling_and_change_nothing():
    """check is ok exactly for legal_moves(); a refusal names a NAP ruling and says why; play raises
    IllegalMove with the same verdict and leaves the state as it was."""
    rng = random.Random(0)
    refused = 0
    for where, _seed, state in every_state():
        legal = state.legal_moves()  # candidate_moves() that check accepts
        assert len(legal) == len(set(legal)), where
        assert state.is_over or legal, where
        moves = [move for move in state.candidate_moves() if move not in legal]
        refused += judge_moves(state, [*moves, *wrong_moves(state, rng, 12)], "NAP-", where)
    assert refused > 50_000


def test_json_round_trips_exactly():
    for where, _seed, state in every_state(stride=3):
        data = state.to_json()
        loaded = GAME.from_json(json.loads(json.dumps(data)))
        assert loaded.to_json() == data, where


def test_a_loaded_state_plays_on_like_the_original():
    for seed in SEEDS[:40]:
        states = war(seed)
        for index in range(0, len(states) - 1, 3):
            loaded = GAME.from_json(json.loads(json.dumps(states[index].to_json())))
            assert loaded.legal_moves() == states[index].legal_moves()
            assert loaded.view("red") == states[index].view("red")


def test_views_hide_the_opponents_hand_and_the_decks():
    for where, _seed, state in every_state(stride=2):
        data = state.to_json()
        sides = data["sides"]
        public = {card for side in sides.values() for card in side["discard"]}
        public |= {placed[0] for side in sides.values() for cards in side["rows"].values() for placed in cards}
        for player in (*PLAYERS, None):
            view = state.view(player)
            text = json.dumps(view, ensure_ascii=False)  # JSON-ready
            assert '"deck":' not in text, where
            for side in PLAYERS:
                assert len(sides[side]["deck"]) < 2 or json.dumps(sides[side]["deck"]) not in text, where
                if side == player:
                    assert view["sides"][side]["hand"] == sides[side]["hand"], where
                else:
                    assert view["sides"][side]["hand"] is None, where
                assert view["sides"][side]["hand_size"] == len(sides[side]["hand"]), where
                assert view["sides"][side]["deck_size"] == len(sides[side]["deck"]), where
            shown = {word[:-1] + LETTER.get(word[-1], word[-1]) for word in CARD_WORD.findall(text)}
            for opponent in PLAYERS:
                if opponent != player:
                    hidden = set(sides[opponent]["hand"]) | set(sides[opponent]["deck"])
                    assert not (hidden - public) & shown, f"{where}: {player} sees {(hidden - public) & shown}"
            assert all(event.get("only") in (None, player) for event in view["events"]), where


def test_private_events_go_only_to_their_player():
    seen = 0
    for where, _seed, state in every_state():
        for event in state.events:
            if event.only is None:
                continue
            seen += 1
            assert event.only in PLAYERS, where
            assert event.to_json() in state.view(event.only)["events"], where
            assert event.to_json() not in state.view(other(event.only))["events"], where
            assert event.to_json() not in state.view(None)["events"], where
    assert seen > 100


def test_same_seed_same_deal():
    deals = set()
    for seed in SEEDS:
        first, again = GAME.new(seed=seed), GAME.new(seed=seed)
        assert first.to_json() == again.to_json()
        deals.add(json.dumps(first.to_json()["sides"]))
    assert len(deals) == len(SEEDS)


def test_a_war_replays_identically_from_its_seed():
    for seed in SEEDS[:20]:
        states = war(seed)
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        for expected in states[1:]:
            state = state.play(choose(rng, state.legal_moves()))
            assert state.to_json() == expected.to_json()


def test_determinize_keeps_the_players_own_view():
    changed = 0
    for where, seed, state in every_state(stride=3):
        before = state.to_json()
        for player in PLAYERS:
            guess = state.determinize(player, seed)
            assert guess.view(player) == state.view(player), f"{where}: {player}"
            if state.to_move == player:
                assert guess.legal_moves() == state.legal_moves(), where
            changed += guess.to_json()["sides"][other(player)]["hand"] != before["sides"][other(player)]["hand"]
        assert state.to_json() == before, where
    assert changed  # the opponent's hidden cards are really redrawn


def test_determinized_states_are_valid_positions():
    for where, seed, state in every_state(stride=10):
        for player in PLAYERS:
            guess = state.determinize(player, seed + 1)
            assert GAME.from_json(guess.to_json()).to_json() == guess.to_json(), where


def reference_value(card: dict, row: list[dict]) -> int:
    """A card's value read straight from NAP-6..11, independently of cardlib.games.napoletana.scoring."""
    rank, role = card["card"][:-1], card["role"]
    hordes = sum(other["role"] == "horde" for other in row)
    if rank in ("J", "Q", "K"):  # NAP-7: figures are immune; a horde K counts every horde K (NAP-10)
        return 0 if role == "order" else 10 + (hordes if role == "horde" else 0)
    value = 1 if rank == "A" else int(rank)  # NAP-6
    if rank in ("2", "3", "4", "5", "6", "7") and role != "spy":  # NAP-8, NAP-9
        value *= sum(other["card"][:-1] == rank and other["role"] != "spy" for other in row)
    value += hordes  # NAP-10
    return value * (2 if any(other["role"] == "order" for other in row) else 1)  # NAP-11


def test_field_values_follow_the_rulings_and_coins_add_up():
    for where, _seed, state in every_state(stride=3):
        view = state.view(None)
        assert sum(side["coins"] for side in view["sides"].values()) == 4, where
        for player in PLAYERS:
            side = view["sides"][player]
            for row, cards in side["rows"].items():
                assert [card["value"] for card in cards] == [reference_value(card, cards) for card in cards], where
                assert sum(card["value"] for card in cards) == side["row_totals"][row] == state.row_total(player, row)
            assert side["total"] == sum(side["row_totals"].values()) == state.total(player), where
