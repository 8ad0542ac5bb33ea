"""NesPanini positions in JSON: a round trip is exact, and bad data is refused with a BadState naming the field."""

from __future__ import annotations

import copy

import pytest
from protocol_checks import refused_to_load

from cardlib import BadState
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.positions import position

GOOD = position(
    hands=("chevalier", "paysan meunier"),
    discards=("marchand pilleur", "capitaine"),
    phase="choose",
    pending=({"do": "recover", "player": "p1", "card": "pilleur"},),
).to_json()


def changed(**paths):
    data = copy.deepcopy(GOOD)
    for path, value in paths.items():
        *heads, last = path.split("__")
        target = data
        for head in heads:
            target = target[head]
        target[last] = value
    return data


def test_a_waiting_decision_round_trips():
    state = GAME.from_json(GOOD)
    assert state.to_json() == GOOD and state.to_move == "p1" and state.phase == "choose"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"game": "njet"}, ("'njet'",)),
        ({"format": 9}, ("format 9",)),
        ({"phase": "dance"}, ("phase",)),
        ({"turn": "p3"}, ("turn",)),
        ({"first": 1}, ("first",)),
        ({"turns__p1": 6}, ("turns.p1",)),
        ({"sides__p1__hand": ["chevalier", "dragon"]}, ("sides.p1.hand[1]", "dragon")),
        ({"sides__p2__hand": ["paysan"]}, ("do not add up", "missing meunier")),
        ({"sides__p1__deck": "roi"}, ("sides.p1.deck", "a list")),
        ({"decks__p1": ["roi"] * 20}, ("decks.p1", "NES-3")),
        ({"pending": []}, ("pending", "choose")),
        ({"pending": [{"do": "fly", "player": "p1", "card": "roi"}]}, ("pending[0].do",)),
        ({"pending": [{"do": "draw", "player": "p1", "card": "heraut", "n": 1}]}, ("pending[0].do", "no decision")),
        ({"result": {"scores": {}, "winners": [], "reason": ""}}, ("result",)),
        ({"sides": {"p1": {}}}, ("sides must name exactly",)),
    ],
)
def test_bad_data_is_refused_naming_the_field(change, words):
    refused_to_load(GAME, changed(**change), *words)


def test_not_an_object_is_refused():
    refused_to_load(GAME, [1, 2], "JSON object")


def test_nes_5_a_game_is_over_only_after_the_turns_or_a_full_cimetiere():
    over = position(hands=("chevalier", "mousse"), turns=(4, 5)).play("discard chevalier")
    data = over.to_json()
    data["turns"]["p1"] = 3
    with pytest.raises(BadState, match=r"phase: the game ends after 5 turns each .* \(NES-5\)"):
        GAME.from_json(data)


def refused(words, **where):
    """``position(**where)`` (which loads through from_json) raises BadState naming every one of ``words``."""
    with pytest.raises(BadState) as raised:
        position(**where)
    for word in words:
        assert word in str(raised.value), raised.value
    return str(raised.value)


def waiting(do, card, **where):
    return {"phase": "choose", "pending": ({"do": do, "player": "p1", "card": card},), **where}


@pytest.mark.parametrize(
    "where",
    [
        # the victim holds only a Légendaire card: the effect did nothing, so it cannot be waiting
        waiting("opponent_discards", "malediction", hands=("chevalier", "kraken"), discards=("malediction", "")),
        waiting("opponent_discards", "malediction", hands=("chevalier", ""), discards=("malediction", "")),
        # the Cimetière holds only the card that fired
        waiting("recover", "dame", hands=("chevalier", "mousse"), discards=("dame", "")),
    ],
    ids=["only-legendaire", "empty-hand", "only-itself"],
)
def test_nes_4_a_waiting_effect_with_nothing_to_choose_is_refused(where):
    refused(["pending[0]", "nothing to choose", "NES-4"], **where)


def test_nes_4_a_scry_waiting_on_an_empty_deck_is_refused_not_a_crash_of_the_view():
    data = position(**waiting("scry", "oracle", hands=("chevalier", "mousse"), discards=("oracle", ""))).to_json()
    data["sides"]["p1"]["hand"] += data["sides"]["p1"]["deck"]
    data["sides"]["p1"]["deck"] = []
    with pytest.raises(BadState, match=r"pending\[0\].*deck is empty"):
        GAME.from_json(data)


def test_nes_4_waiting_effects_are_the_last_effects_of_the_card_just_discarded():
    refused(["pending[0].card", "dame"], **waiting("recover", "dame", hands=("chevalier", "mousse")))
    # a draw of -3 cards after the scry used to draw all but 3 cards of the deck
    pending = (
        {"do": "scry", "player": "p1", "card": "oracle"},
        {"do": "draw", "player": "p1", "card": "oracle", "n": -3},
    )
    refused(
        ["pending[1].n", "from 1"],
        hands=("chevalier", "mousse"),
        discards=("oracle", ""),
        phase="choose",
        pending=pending,
    )
    other = {"do": "recover", "player": "p2", "card": "pilleur"}
    refused(
        ["pending"], hands=("chevalier", "mousse"), discards=("pilleur", "sirene"), phase="choose", pending=(other,)
    )


def test_nes_4_a_legendaire_card_in_the_cimetiere_is_refused():
    refused(["sides.p2.discards[1]", "Kraken", "NES-4"], hands=("chevalier", "mousse"), discards=("", "mousse kraken"))


def test_nes_5_a_game_past_its_end_is_refused():
    refused(["turns.p1", "NES-5"], hands=("chevalier", "mousse"), turns=(5, 4))
    full = ("paysan paysan paysan paysan meunier", "mousse mousse mousse marchand marchand")
    refused(["Cimetière holds 10", "NES-5"], hands=("chevalier", "mousse"), discards=full, phase="discard")


def test_nes_6_a_result_that_is_not_what_the_hands_score_is_refused():
    over = position(hands=("chevalier", "mousse"), turns=(4, 5)).play("discard chevalier")
    assert over.is_over and GAME.from_json(over.to_json()).to_json() == over.to_json()
    data = over.to_json()
    data["result"]["scores"] = {"p1": 40, "p2": 1}
    with pytest.raises(BadState, match=r"result.*NES-6"):
        GAME.from_json(data)
    data = over.to_json()
    data["result"]["winners"] = ["p1", "p2"]
    with pytest.raises(BadState, match="result"):
        GAME.from_json(data)
    data["result"]["winners"] = [[]]  # used to end in a TypeError (unhashable list)
    with pytest.raises(BadState, match=r"result\.winners"):
        GAME.from_json(data)


@pytest.mark.parametrize(
    "event",
    [
        {"kind": "draw", "text": "x", "data": 5},
        {"kind": "draw", "text": 5},
        {"kind": "draw", "text": "x", "only": "p9"},
    ],
    ids=["data", "text", "only"],
)
def test_nes_4_an_event_of_the_wrong_shape_is_refused_not_a_crash_of_the_board(event):
    data = GAME.new(seed=1).to_json()
    data["events"] = [event]
    with pytest.raises(BadState, match=r"events\[0\]"):
        GAME.from_json(data)
