"""Napoletana's lesson conditions say what they test in the game's words, and test exactly that."""

from __future__ import annotations

import pytest

from cardlib.core.conditions import CardError, card
from cardlib.games.napoletana.conditions import (
    coins,
    discarded,
    has_passed,
    in_hand,
    in_row,
    row_total,
    won_battle,
    won_the_war,
)
from cardlib.games.napoletana.positions import position


def test_nap_5_in_row_reads_like_the_board_and_follows_the_move() -> None:
    start = position(red={"hand": "9H 3D 6H"}, black={"hand": "5S 8C", "ranged": "7S"})
    siege = in_row("9♥", "red", "siege")
    assert siege.says == "the 9♥ is in Red's siege row" and repr(siege) == "<Condition: the 9♥ is in Red's siege row>"
    assert not siege(start) and siege(start.play("play 9H siege"))
    assert not in_row("9H", "red", "ranged")(start.play("play 9H siege"))
    assert in_hand("9H", "red")(start) and not in_hand("9H", "red")(start.play("play 9H siege"))


def test_nap_17_battle_won_coins_and_passing() -> None:
    start = position(
        red={"hand": "8H 9H", "siege": "10D", "ranged": "5H"},
        black={"hand": "4S 6S", "siege": "8S", "front": "4C", "passed": True},
    )
    after = start.play("pass")
    assert has_passed("black")(start) and not has_passed("red")(start)
    assert row_total("red", "siege", 10)(start) and not row_total("red", "siege", 11)(start)
    assert won_battle("red")(after) and not won_battle("black")(after) and not won_battle("red", 2)(after)
    assert coins("red", 3)(after) and coins("black", 1)(after)
    assert discarded("10D", "red")(after) and not won_the_war("red")(after)


def test_conditions_combine_and_say_so() -> None:
    start = position(red={"hand": "9H 3D"}, black={"hand": "5S"})
    both = in_hand("9♥", "red") & ~in_hand("3♦", "red")
    assert both.says == "Red holds the 9♥ and not (Red holds the 3♦)" and not both(start)
    either = in_hand("9♥", "red") | in_hand("3♦", "red")
    assert either(start) and "or" in either.says


def test_a_wrong_card_player_or_row_is_refused_when_the_lesson_is_written() -> None:
    assert str(card("10♠")) == "10S" and str(card(" k♣ ")) == "KC"
    with pytest.raises(CardError, match="not a card"):
        in_row("9X", "red", "siege")
    with pytest.raises(ValueError, match="red or black, not 'blue'"):
        in_hand("9H", "blue")
    with pytest.raises(ValueError, match="front, ranged or siege, not 'back'"):
        in_row("9H", "red", "back")
