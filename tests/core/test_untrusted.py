"""The shared defences against untrusted input (cardlib.core.serial, Game.parse_move): any value is refused with
a short message naming where, and nothing recurses without end."""

from __future__ import annotations

import pytest

import cardlib
from cardlib import BadMove, BadState
from cardlib.core.protocol import zone_number
from cardlib.core.serial import excerpt, plain_json
from cardlib.games import GAMES


def nested(depth: int) -> list:
    value: list = []
    for _level in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ({"a": float("nan")}, "a: nan"),
        ({"a": [1, float("inf")]}, "a[1]: inf"),
        ({"a": 1e308}, "a: 1e+308"),
        ({"a": 2**64}, "a: 18446744073709551616"),
        ({"a": [10**4000]}, "a[0]: 1000"),  # 4,001 digits: no float holds it, and it is refused, not an OverflowError
        ({"a": -(10**4000)}, "a: -1000"),
        ({"a": {1: 2}}, "a: the key 1 is not text"),
        ({"a": {"b": nested(50)}}, "a.b[0][0]"),
        ({"a": nested(100_000)}, "nested more than 16 levels deep"),
        ({"a": "x" * 5000}, "a: a text of 5000 characters"),
        ({"a": [0] * 60_000}, "more than 50000 values"),
        ({"a": {1, 2}}, "a: set is not a JSON value"),
    ],
)
def test_plain_json_refuses_what_json_cannot_hold_or_no_position_needs(value, words):
    with pytest.raises(BadState, match=words.replace("[", r"\[").replace("+", r"\+")) as raised:
        plain_json(value)
    assert len(str(raised.value)) < 200


def test_an_excerpt_is_short_whatever_the_value():
    for value in ("x" * 1_000_000, nested(100_000), {str(i): i for i in range(10_000)}, b"\x00" * 10_000):
        assert len(excerpt(value)) <= 60


@pytest.mark.parametrize(
    "zone", ["run:²", "run:٣", "run:𝟕", "run:", "run:-1", "run:1.5", "run:" + "9" * 7, "run:012", "run:0012", None, 7]
)
def test_a_zone_number_is_written_in_ascii_digits(zone):
    assert zone_number(zone, "run") is None
    assert zone_number("run:12", "run") == 12


@pytest.mark.parametrize("game_id", list(GAMES))
@pytest.mark.parametrize("text", ["x" * 1_000_000, "pass " + "x" * 1_000_000, "pass\x00", "\u202e", "", 7, None])
def test_parse_move_refuses_any_text_with_a_short_message(game_id, text):
    game = cardlib.load(game_id)
    with pytest.raises(BadMove) as raised:
        game.parse_move(text)
    assert len(str(raised.value)) < 300


@pytest.mark.parametrize("game_id", list(GAMES))
def test_a_position_that_is_not_an_object_is_refused(game_id):
    game = cardlib.load(game_id)
    for data in (None, [], "save", 7, nested(100_000)):
        with pytest.raises(BadState, match="a position is a JSON object"):
            game.from_json(data)
