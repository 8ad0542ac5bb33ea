"""A record's FIELDS drive its loading (cardlib.core.fields, cardlib.core.serial.load_fields): each field that says
how it loads is read in declared order, may look at the fields read before it, and refuses bad data naming where;
a record loaded by its fields alone must say how every field loads."""

from __future__ import annotations

from typing import Any

import pytest

from cardlib import BadState
from cardlib.core.fields import Record, card_list, records, shared
from cardlib.core.serial import (
    by_player,
    checked,
    choice,
    flag,
    french_cards,
    listed,
    load_fields,
    nullable,
    number,
    optional,
    record_of,
)
from cardlib.games import GAMES, load


class Hand(Record):
    __slots__ = ("cards", "ready")
    FIELDS = (card_list("cards", french_cards), shared("ready", flag))


class Table(Record):
    """Seats first, then what depends on them: a turn among them, a count up to their number."""

    __slots__ = ("bid", "hands", "note", "players", "seen", "turn")
    FIELDS = (
        shared("players", listed(choice(("north", "south", "east", "west")))),
        shared("turn", choice(lambda table: (None, *table.players))),
        shared("seen", number(0, lambda table: len(table.players))),
        records("hands", by_player(record_of(Hand))),
        shared("bid", nullable(checked(number(), lambda bid: "a bid is even" if bid % 2 else None))),
        shared("note", optional(choice(("", "close")), str)),
    )


def table(**changes: Any) -> dict[str, Any]:
    data = {
        "players": ["north", "south"],
        "turn": "south",
        "seen": 2,
        "hands": {"north": {"cards": ["7H"], "ready": True}, "south": {"cards": [], "ready": False}},
        "bid": 4,
    }
    return data | changes


def loaded(data: Any) -> Table:
    return load_fields(object.__new__(Table), data)


def test_fields_load_in_order_and_read_the_fields_before_them():
    state = loaded(table())
    assert state.players == ["north", "south"] and state.turn == "south" and state.seen == 2
    assert [str(card) for card in state.hands["north"].cards] == ["7H"] and state.hands["south"].ready is False
    assert state.bid == 4 and state.note == ""  # an optional field a save written before it lacks
    assert isinstance(state.hands["north"], Hand) and state.hands["north"].to_json() == table()["hands"]["north"]


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"turn": "east"}, "turn must be one of None, 'north', 'south', not 'east'"),
        ({"seen": 3}, "seen must be from 0 to 2, not 3"),
        ({"seen": True}, "seen must be a whole number, not True"),
        ({"hands": {"north": {"cards": [], "ready": True}}}, "hands must name exactly north and south, not north"),
        ({"hands": {"north": {"cards": ["ZZ"], "ready": 1}, "south": {}}}, "hands.north.cards[0]: 'ZZ'"),
        ({"hands": {"north": {"cards": [], "ready": 1}, "south": {}}}, "hands.north.ready must be true or false"),
        ({"hands": {"north": [], "south": {}}}, "hands.north must be a JSON object"),
        ({"bid": 3}, "bid: a bid is even"),
        ({"bid": "4"}, "bid must be a whole number"),
        ({"note": "later"}, "note must be one of '', 'close', not 'later'"),
    ],
)
def test_a_field_refuses_bad_data_naming_where(changes, words):
    with pytest.raises(BadState) as raised:
        loaded(table(**changes))
    assert words in str(raised.value)


def test_a_missing_field_is_named_unless_it_is_optional():
    data = table()
    del data["seen"]
    with pytest.raises(BadState, match=r"^seen is missing$"):
        loaded(data)
    assert loaded(table(bid=None)).bid is None


def test_a_record_loaded_by_its_fields_alone_must_say_how_each_loads():
    class Loose(Record):
        __slots__ = ("a", "b")
        FIELDS = (shared("a", flag), shared("b"))

    with pytest.raises(TypeError, match=r"Loose\.b does not say how it loads"):
        record_of(Loose)


@pytest.mark.parametrize("game_id", GAMES)
def test_every_saved_field_but_the_constructors_and_the_frame_says_how_it_loads(game_id):
    """A game's FIELDS are what loads: what its loader sets by hand is a constructor's argument (the seed, the
    players and the options), the frame (events and result) and what is never saved."""
    state = load(game_id).new(seed=1)
    by_hand = [f.key or f.name for f in type(state).FIELDS if f.dump and f.load is None]
    assert set(by_hand) <= {"seed", "players", "decks", "strict_finish", "super_capitano", "target", "events", "result"}
