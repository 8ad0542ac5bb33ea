"""Regressions for what the independent review of NesPanini reproduced, one test per finding, named after its
ruling: positions no game reaches that from_json used to accept (and that then stalled, crashed or lied), deck
files that ended in a traceback, an opponent's private draw lighting up a card on the learner's board, and texts
that did not say what the rules do."""

from __future__ import annotations

import pytest

from cardlib import BadState, IllegalMove
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.bots import hand_score
from cardlib.games.nespanini.cards import SET
from cardlib.games.nespanini.decks import DeckFileError, parse_deck
from cardlib.games.nespanini.lessons import LESSONS
from cardlib.games.nespanini.positions import position
from widgets.board import Board
from widgets.boards import layout


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


def test_nes_3_the_deck_builder_shows_the_file_error_for_a_deeply_nested_file():
    from widgets.deckbuilder import DeckBuilder

    builder = DeckBuilder()
    builder.text.value = "[" * 5000
    builder.load_text()
    assert "cannot be loaded" in builder.status.value and "nested far too deep" in builder.status.value
    assert len(builder.deck) == 20  # the deck shown before is kept


def test_nes_4_an_opponents_private_draw_does_not_light_up_a_card_of_yours():
    state = position(hands=("marchand chevalier", "mousse"), decks=("", "marchand"), turn="p2", phase="draw")
    after = state.play("draw deck")
    assert any(event.only == "p2" and event.data.get("card") == "marchand" for event in after.events)
    scene = Board(layout("nespanini"), after, "p1").table.scene
    mine = next(zone for area in scene["areas"] for zone in area["zones"] if zone["id"] == "p1.hand")
    assert sorted(card["id"] for card in mine["cards"]) == ["chevalier", "marchand"]  # the board sorts a hand
    assert not any(card["fresh"] for card in mine["cards"])
    drawer = Board(layout("nespanini"), after, "p2").table.scene  # the one who drew still sees it fresh
    theirs = next(zone for area in drawer["areas"] for zone in area["zones"] if zone["id"] == "p2.hand")
    assert [card["fresh"] for card in theirs["cards"]] == [False, True]


def test_nes_6_the_foule_lesson_says_the_scores_the_hand_really_makes():
    lesson = next(lesson for lesson in LESSONS if lesson.id == "foule")
    hand = ["paysan", "paysan", "paysan", "meunier", "chevalier", "paysan"]  # after the draw

    def left(code):
        rest = list(hand)
        rest.remove(code)
        return hand_score(rest, [code])

    said = lesson.mistakes[0].feedback
    assert f"leaves {left('paysan')} points" in said and f"Chevalier errant {left('chevalier')}" in said
    assert "each Paysan scores 5" in said and "other Peasant card" in lesson.text


@pytest.mark.parametrize(
    "code", [code for code, card in SET.items() if any(e["do"] == "recover" for e in card.defausse)]
)
def test_nes_4_a_recover_text_says_another_card_and_the_card_cannot_take_itself(code):
    card = SET[code]
    assert "another card from the Cimetière" in card.text["en"] and "une autre carte du Cimetière" in card.text["fr"]
    state = position(hands=(f"{code} chevalier marchand", "mousse"), discards=("paysan", ""))
    choosing = state.play(f"discard {code}")
    assert choosing.phase == "choose" and choosing.view("p1")["pending"]["choices"] == ["paysan"]
    with pytest.raises(IllegalMove):
        choosing.play(f"take {code}")


def test_nes_4_a_determinized_opponent_forced_to_discard_still_holds_a_card_it_may_discard():
    # three Légendaire cards of its five unseen ones in the hand, and four more in its deck
    state = position(
        hands=("chevalier marchand", "kraken morgane mousse"),
        discards=("malediction", ""),
        decks=("", "roi gargantua kraken morgane roi gargantua"),
        **{"phase": "choose", "pending": ({"do": "opponent_discards", "player": "p1", "card": "malediction"},)},
    )
    assert state.to_move == "p2" and [str(move) for move in state.legal_moves()] == ["discard mousse"]
    for seed in range(200):  # about one seed in twenty dealt it only Légendaire cards, with no legal move
        world = state.determinize("p1", seed)
        assert world.legal_moves() and world.view("p1") == state.view("p1"), seed
        assert world.to_json() == state.determinize("p1", seed).to_json()


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


def test_nes_4_edge_effects_say_they_do_nothing_and_a_two_effect_card_is_logged_as_printed():
    empty = position(hands=("oracle chevalier", "paysan"))
    empty.sides["p1"].deck.clear()
    after = empty.play("discard oracle")  # a scry of an empty deck: nothing to look at, the turn ends
    assert after.to_move == "p2" and "nothing to look at" in after.events[-1].text
    no_cards = position(hands=("sirene chevalier", "")).play("discard sirene")
    assert no_cards.to_move == "p2" and "the effect does nothing" in no_cards.events[-1].text
    spied = position(hands=("espion chevalier", "kraken")).play("discard espion")
    logged = next(event.text for event in spied.events if event.kind == "defausse")
    assert logged == "Défausse of Espion: “" + SET["espion"].text["en"].removeprefix("Défausse: ") + "”"
    assert spied.to_move == "p2" and spied.sides["p2"].hand == ["kraken"]
