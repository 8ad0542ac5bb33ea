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
        ({"sides": {"p1": {}}}, ("sides must be exactly",)),
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
