"""Deck building (NES-3): the validator names the rule a deck breaks, the ready-made decks are legal, and deck
files (JSON or text) load and save, with clear errors on bad files."""

from __future__ import annotations

import pytest

from cardlib import BadState
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.decks import (
    READY,
    DeckError,
    DeckFileError,
    checked,
    dump_deck,
    load_deck,
    parse_deck,
    problems,
    ready,
    save_deck,
)
from cardlib.games.nespanini.positions import position

COUR = ready("cour")


@pytest.mark.parametrize("name", list(READY))
def test_the_ready_made_decks_are_legal(name):
    assert problems(ready(name)) == [] and checked(ready(name)) == ready(name)


def test_a_deck_of_21_cards_is_refused():
    with pytest.raises(DeckError, match=r"21 cards; it must have exactly 20 \(NES-3\)"):
        checked([*COUR, "paysan"])


def test_a_third_copy_is_refused():
    deck = [*COUR[:-1], "chevalier"]  # La Cour has 2 already
    with pytest.raises(DeckError, match=r"Chevalier errant has 3 copies; a card may have at most 2 \(NES-3\)"):
        checked(deck)


def test_a_fourth_foule_copy_is_fine_and_a_fifth_is_refused():
    assert problems([*COUR[:-1], "paysan"]) == []
    deck = [code for code in COUR if code != "ecuyer"] + ["ecuyer"] * 5  # 16 + 5 = 21
    deck.remove("chevalier")
    assert problems(deck) == ["Écuyer has 5 copies; a Foule card may have at most 4 (NES-3)."]


def test_an_unknown_card_is_refused():
    with pytest.raises(DeckError, match="'dragon' is not a card of the set"):
        checked([*COUR[:-1], "dragon"])
    with pytest.raises(DeckError, match="list of card codes"):
        checked("cour")


def test_every_problem_is_listed_for_the_live_check():
    found = problems(["roi"] * 3 + ["dragon"])
    assert len(found) == 3 and any("dragon" in f for f in found) and any("4 cards" in f for f in found)


@pytest.mark.parametrize("form", ["json", "text"])
def test_a_deck_file_round_trips(tmp_path, form):
    path = tmp_path / f"deck.{'txt' if form == 'text' else 'json'}"
    save_deck(path, COUR, "Ma Cour")
    name, deck = load_deck(path)
    assert sorted(deck) == sorted(COUR) and name == "Ma Cour"
    assert sorted(parse_deck(dump_deck(COUR, "x", form))[1]) == sorted(COUR)


def test_a_text_deck_takes_counts_codes_and_names():
    name, deck = parse_deck("# my deck\n2 x Chevalier errant\n4 ecuyer\nroi  # the king\n\n")
    assert deck == ["chevalier"] * 2 + ["ecuyer"] * 4 + ["roi"] and name == "my deck"


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("2 chevalier\n3 dragon\n", "line 2: 'dragon' is not a card"),
        ("99 chevalier", "line 1: a count goes from 1 to 20"),
        ('{"cards": {"roi": 1', "not valid JSON"),
        ('{"name": "x"}', '"cards"'),
        ('{"cards": {"roi": "two"}}', '"cards.roi" must be a count'),
        ('{"cards": 7}', '"cards" must be an object'),
        ('{"name": 3, "cards": []}', '"name" must be text'),
    ],
)
def test_a_bad_deck_file_is_refused_with_what_is_wrong(text, words):
    with pytest.raises(DeckFileError) as raised:
        parse_deck(text)
    assert words in str(raised.value)


def test_a_file_that_cannot_be_read_is_a_deck_file_error(tmp_path):
    with pytest.raises(DeckFileError, match="cannot be read"):
        load_deck(tmp_path / "missing.json")
    (tmp_path / "binary.json").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DeckFileError):
        load_deck(tmp_path / "binary.json")


def test_a_position_whose_deck_breaks_nes_3_does_not_load():
    data = position(hands=("chevalier", "paysan")).to_json()
    data["decks"]["p1"] = data["decks"]["p1"][:-1]
    with pytest.raises(BadState, match="NES-3"):
        GAME.from_json(data)
