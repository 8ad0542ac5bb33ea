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
    with pytest.raises(DeckError, match=r"Knight-errant has 3 copies; a card may have at most 2 \(NES-3\)"):
        checked(deck)


def test_a_fourth_foule_copy_is_fine_and_a_fifth_is_refused():
    assert problems([*COUR[:-1], "paysan"]) == []
    deck = [code for code in COUR if code != "ecuyer"] + ["ecuyer"] * 5  # 16 + 5 = 21
    deck.remove("chevalier")
    assert [str(problem) for problem in problems(deck)] == [
        "Squire has 5 copies; a Foule card may have at most 4 (NES-3)."
    ]


def test_an_unknown_card_is_refused():
    with pytest.raises(DeckError, match="'dragon' is not a card of the set"):
        checked([*COUR[:-1], "dragon"])
    with pytest.raises(DeckError, match="list of card codes"):
        checked("cour")


def test_every_problem_is_listed_for_the_live_check():
    found = [str(problem) for problem in problems(["roi"] * 3 + ["dragon"])]
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


def test_a_deck_file_may_start_with_a_byte_order_mark(tmp_path):
    for form in ("json", "text"):
        text = "\ufeff" + dump_deck(COUR, "Ma Cour", form)
        assert parse_deck(text) == ("Ma Cour", sorted(COUR, key=COUR.index))
        path = tmp_path / f"deck.{form}"
        path.write_bytes(text.encode("utf-8"))
        assert load_deck(path)[1] == parse_deck(text)[1]


@pytest.mark.parametrize("text", ["20 roi\n" * 3, '{"cards": {"roi": 20, "dame": 20}}', str(["roi"] * 21)])
def test_nes_3_a_file_naming_more_than_a_deck_is_refused_at_load_with_its_count(text):
    text = text.replace("'", '"')  # JSON's quotes
    with pytest.raises(DeckFileError, match=r"names (60|40|21) cards; a deck has exactly 20 \(NES-3\)"):
        parse_deck(text)


def test_nes_3_a_file_of_20_roi_lines_does_not_become_a_huge_deck():
    with pytest.raises(DeckFileError, match="names 20000 cards"):
        parse_deck("20 roi\n" * 1000)


@pytest.mark.parametrize(
    ("junk", "words"),
    [
        (None, "not text"),
        (b"2 roi", "not text"),
        (7, "not text"),
        ("2 roi\n\x00\x01\x02\x89PNG", "not text"),
        ("٣ roi", "'٣ roi' is not a card"),  # a count is written in ASCII digits
        ("² roi", "'² roi' is not a card"),
    ],
)
def test_junk_is_refused_with_a_sentence(junk, words):
    with pytest.raises(DeckFileError, match=words) as raised:
        parse_deck(junk)
    assert str(raised.value).endswith(".")


def test_a_binary_file_is_refused_with_a_sentence(tmp_path):
    path = tmp_path / "deck.txt"
    path.write_bytes(bytes(range(256)))
    with pytest.raises(DeckFileError, match="not text in UTF-8"):
        load_deck(path)


def test_a_long_line_quotes_only_an_excerpt():
    line = "chevalier " * 1500
    with pytest.raises(DeckFileError) as raised:
        parse_deck(line)
    assert len(str(raised.value)) < 120


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("[" * 5000, "nested far too deep"),
        ('{"cards": {"roi": ' + "1" * 5000 + "}}", "number far too long"),
        ("1" * 5000 + " roi", "a count goes from 1 to 20"),
        ("-2 roi", "not -2"),
        ("2 roi\n" * 5000, "too long"),
        ('{"cards": [null, "roi"]}', "cards[0] must be a card's code"),
    ],
    ids=["nested", "huge-json-number", "huge-count", "negative-count", "huge-file", "not-text"],
)
def test_nes_3_a_bad_deck_file_gives_a_clear_error_not_a_traceback(text, said):
    with pytest.raises(DeckFileError) as raised:
        parse_deck(text)
    assert said in str(raised.value)
