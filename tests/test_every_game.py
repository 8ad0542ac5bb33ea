"""What every game in ``cardlib.games`` promises (docs/design.md, "The engine protocol"), checked over its seeded games
in the spirit of OpenSpiel's random-simulation tests: games end with a result, legal moves play and read back, wrong
moves are refused with one of the game's rulings and change nothing, states round-trip through JSON and share nothing
with it, private events reach only their player, a seed deals and plays the same game again, and a determinized world
looks to its player exactly like the real one. A new game is checked here with nothing to add; its own folder keeps
what is specific to it (its rule scenarios, named by ruling id, and the zones it hides).
"""

from __future__ import annotations

import json
import random

import pytest
from protocol_checks import judge_moves, round_trips
from random_games import events, finished, opening, plan, play, players, sampled, wrong_moves

from cardlib.games import GAMES, describe

pytestmark = pytest.mark.parametrize("game_id", GAMES)


def test_every_game_ends_with_a_result(game_id):
    game = describe(game_id).game()
    for seed in range(plan(game_id).finished):
        last = finished(game_id, seed)[-1]
        assert last.to_move is None and last.legal_moves() == [], seed
        result = last.result
        assert result.reason and set(result.winners) <= set(last.players), seed
        assert game.from_json(last.to_json()).is_over, seed


def test_every_legal_move_plays_reads_back_and_leaves_the_old_state_alone(game_id):
    game = describe(game_id).game()
    for where, _seed, state in sampled(game_id, stride=10):
        before = state.to_json()
        for move in state.legal_moves():
            after = state.play(move)
            assert game.parse_move(str(move)) == move, where
            assert state.label(move), where
            assert after.to_json() != before, f"{where}: '{move}' changed nothing"
        assert state.to_json() == before, where


def test_wrong_moves_are_refused_with_one_of_the_games_rulings_and_change_nothing(game_id):
    rng = random.Random(0)
    refused = 0
    for where, _seed, state in sampled(game_id, stride=7):
        legal = state.legal_moves()
        assert len(legal) == len(set(legal)), where
        assert legal == [move for move in state.candidate_moves() if state.check(move)], where
        refused += judge_moves(state, [*state.candidate_moves(), *wrong_moves(state, rng, 12)], where, play_every=5)
    assert refused > 1_000


def test_states_round_trip_through_json_and_play_on_alike(game_id):
    game = describe(game_id).game()
    for where, _seed, state in sampled(game_id, stride=9):
        loaded = round_trips(game, state, where)
        for player in (*state.players, None):
            assert loaded.view(player) == state.view(player), f"{where}: {player}"


def everything_in(value: object) -> list:
    """Every list and dict inside a JSON value, itself included."""
    inside = [value] if isinstance(value, dict | list) else []
    for item in value.values() if isinstance(value, dict) else value if isinstance(value, list) else ():
        inside += everything_in(item)
    return inside


def vandalise(value: object) -> None:
    """Empty every list and dict inside ``value``: what a careless caller might do to what it was given."""
    for inside in everything_in(value):
        inside.clear()


def test_views_and_json_share_nothing_with_the_state(game_id):
    game = describe(game_id).game()
    for where, _seed, state in sampled(game_id, stride=29):
        before = state.to_json()
        for player in (*state.players, None):
            vandalise(state.view(player))
        vandalise(state.to_json())
        assert state.to_json() == before, where
        given = state.to_json()
        loaded = game.from_json(given)
        vandalise(given)
        assert loaded.to_json() == before, where


def test_views_are_json_and_private_events_reach_only_their_player(game_id):
    private = 0
    for where, _seed, state in sampled(game_id, stride=5):
        views = {player: state.view(player) for player in (*state.players, None)}
        for player, view in views.items():
            assert json.loads(json.dumps(view)) == view, f"{where}: {player}"
            assert all(event.get("only") in (None, player) for event in view["events"]), f"{where}: {player}"
        for event in state.events:
            if event.only is not None:
                private += 1
                assert event.only in state.players, where
                assert event.to_json() in views[event.only]["events"], where
    assert private or game_id == "njet", "no private event in any sampled state"


def test_the_games_reach_private_and_public_events_of_many_kinds(game_id):
    kinds = {event.kind for event in events(game_id)}
    assert len(kinds) >= 5, kinds


def test_a_seed_deals_the_same_game_again_and_seeds_deal_differently(game_id):
    game = describe(game_id).game()
    deals = set()
    for seed in range(min(30, plan(game_id).seeds)):
        first = opening(game_id, seed)
        assert game.new(seed=seed, players=players(game_id, seed)).to_json() == first[0].to_json(), seed
        again = play(game_id, seed, min(25, plan(game_id).moves))
        assert [s.to_json() for s in again] == [s.to_json() for s in first[: len(again)]], seed
        deals.add(json.dumps(first[0].to_json(), sort_keys=True))
    assert len(deals) == min(30, plan(game_id).seeds)


def test_a_determinized_world_looks_the_same_to_its_player_and_is_a_valid_position(game_id):
    game = describe(game_id).game()
    redrawn = 0
    for where, seed, state in sampled(game_id, stride=13):
        before = state.to_json()
        for player in state.players:
            world = state.determinize(player, seed + 1)
            assert world.view(player) == state.view(player), f"{where}: {player}"
            if state.to_move == player:
                assert world.legal_moves() == state.legal_moves(), f"{where}: {player}"
            assert all(event.only in (None, player) for event in world.events), f"{where}: {player}"
            assert world.seed == seed + 1, f"{where}: the world keeps the true seed, which deals the true deck"
            data = world.to_json()
            assert game.from_json(data).to_json() == data, f"{where}: {player}"
            redrawn += data != before
        assert state.to_json() == before, where
    assert redrawn, "no world differs from the real game: nothing hidden was redrawn"


def held(record: object) -> set[str]:
    """The names of the attributes an object holds: its slots that are set, and its instance dictionary."""
    slots = {name for cls in type(record).__mro__ for name in getattr(cls, "__slots__", ())}
    return {name for name in slots if hasattr(record, name)} | set(getattr(record, "__dict__", {}))


def test_every_field_of_a_state_and_its_sides_is_declared_once_and_a_clone_copies_what_moves_change(game_id):
    for where, _seed, state in sampled(game_id, stride=31):
        records = [state, *getattr(state, "sides", {}).values()]  # Njet! keeps its hands in the state itself
        for record in records:
            names = [field.name for field in record.FIELDS]
            assert len(names) == len(set(names)), f"{where}: {type(record).__name__} declares a field twice"
            undeclared = held(record) - set(names)  # a clone would lose them
            assert not undeclared, f"{where}: {type(record).__name__} holds {undeclared} outside its FIELDS"
            assert all(hasattr(record, name) for name in names), where
            twin = record.clone()
            assert twin.to_json() == record.to_json(), where
            for field in record.FIELDS:
                copied = field.copy is not None and field.dump is not None and getattr(record, field.name) is not None
                if copied:  # the clone's own, not shared
                    assert getattr(twin, field.name) is not getattr(record, field.name), f"{where}: {field.name}"
