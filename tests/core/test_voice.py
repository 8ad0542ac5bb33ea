"""The learner is "you", whatever its part in what happened (issue 12): not only its own moves ("You draw a card."),
but also what others do to it ("Player 2 attacks your blue patrol", "North names you as partner") and the end of
the game ("You have no coins left: Black wins the war."). Over seeded random games of every game, no sentence a
seat is told, nor the result as it reads it, names that seat in the third person."""

import random
import re

import pytest

import cardlib
from cardlib.core import Event, Result, told
from cardlib.core.i18n import Message
from cardlib.core.serial import BadState, events
from cardlib.games import GAMES
from cardlib.games.napoletana.rules import SIDE_NAMES
from cardlib.games.njet.board import seat_name


def name(game_id: str, seat: str) -> str:
    if game_id == "napoletana":
        return SIDE_NAMES[seat]
    if game_id == "njet":
        return seat_name(seat)
    return f"Player {seat[1:]}"  # Senza Nome, Pattuglia, NesPanini: p1 is Player 1


def third_person(game_id: str, seat: str, line: str) -> bool:
    return re.search(rf"\b{re.escape(str(name(game_id, seat)))}\b(?!\d)", line) is not None


def games(game_id: str, count: int):
    game = cardlib.load(game_id)
    options = {"target": 1} if game_id == "pattuglia" else {}  # a match of one deal: short enough to finish
    for seed in range(count):
        state, rng = game.new(seed=seed, **options), random.Random(seed)
        yield state
        for _move in range(4000):
            if state.is_over:
                break
            state = state.play(rng.choice(state.legal_moves()))
            yield state


@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_reads_its_own_name_in_what_it_is_told_nor_in_the_result(game_id):
    wrong, endings = set(), 0
    for state in games(game_id, 6):
        for seat in state.players:
            lines = told(state.events, seat) + ([state.result.said_to(seat)] if state.is_over else [])
            wrong |= {str(line) for line in lines if third_person(game_id, seat, str(line))}
        endings += state.is_over
    assert not wrong, sorted(wrong)[:8]
    assert endings, "no game ended: the result was not checked"


def test_the_defender_of_an_attack_reads_it_as_about_its_own_patrol_pat_9():
    for state in games("pattuglia", 6):
        attack = next((e for e in state.events if e.kind == "attack"), None)
        if attack:
            defender = next(p for p in state.players if p in attack.others)
            assert "attacks your" in str(attack.said_to(defender))
            assert "You attack" in str(attack.said_to(attack.player))
            return
    pytest.fail("no attack in six random Pattuglia matches")


def test_the_partner_named_reads_you_and_the_other_two_read_that_they_play_against_it_njt_4():
    for state in games("njet", 2):
        named = next((e for e in state.events if e.kind == "partner"), None)
        if named:
            readers = {seat: str(named.said_to(seat)) for seat in state.players}
            assert sum("names you as partner" in line for line in readers.values()) == 1
            assert sum("against you and" in line for line in readers.values()) == 2
            return
    pytest.fail("no partner named in two random Njet! games")


def test_the_side_a_spy_is_placed_on_reads_your_front_row_nap_9():
    event = Event("place", "Black places A♣ as a spy on Red's front row and draws 2.", "NAP-9", "black")
    for state in games("napoletana", 12):
        spy = next((e for e in state.events if e.rule == "NAP-9" and e.kind == "place"), None)
        if spy:
            event = spy
            break
    victim = next(iter(event.others), None)
    assert victim and "on your front row" in str(event.said_to(victim))


def test_tellings_round_trip_through_json_and_forged_ones_are_refused():
    said = Message  # a sentence kept as a message, as the engines make them
    event = Event(
        "attack",
        said("P2 attacks P1."),
        "PAT-9",
        "p2",
        you=said("You attack P1."),
        others={"p1": said("P2 attacks you.")},
    )
    assert events({"events": [event.to_json()]}, ("p1", "p2")) == (event,)
    for forged, field in (({"p3": "x"}, "others key"), ({"p1": 7}, "others.p1"), (["p1"], "others")):
        with pytest.raises(BadState, match=field):
            events({"events": [event.to_json() | {"others": forged}]}, ("p1", "p2"))
    ended = Result({"p1": 3, "p2": 1}, ("p1",), said("P1 wins."), {"p1": said("You win.")})
    assert ended.to_json()["others"] == {"p1": {"id": "You win."}} and str(ended.said_to("p1")) == "You win."
    assert str(ended.said_to("p2")) == "P1 wins." and "others" not in Result({}, (), said("A draw.")).to_json()
