"""NesPanini, one scenario per ruling (NES-1..NES-7) and one per effect primitive, in prepared positions."""

from __future__ import annotations

import pytest

from cardlib import BadOption, IllegalMove, Move
from cardlib.games.nespanini import GAME
from cardlib.games.nespanini.cards import FAMILIES, KEYWORDS, RARITIES, SET
from cardlib.games.nespanini.decks import READY, DeckError, ready
from cardlib.games.nespanini.positions import position


def hand(state, player="p1"):
    return list(state.sides[player].hand)


def refused(state, text, rule):
    verdict = state.check(GAME.parse_move(text))
    assert not verdict and verdict.rule == rule, verdict
    with pytest.raises(IllegalMove):
        state.play(text)
    return verdict


def test_nes_1_every_card_has_the_fields_of_a_card():
    assert 30 <= len(SET) <= 40
    assert sorted(card.number for card in SET.values()) == list(range(1, len(SET) + 1))
    for card in SET.values():
        assert card.name and card.family in FAMILIES and card.rarity in RARITIES and card.edition == "NP1"
        assert isinstance(card.value, int) and card.text["fr"] and card.text["en"]
        assert set(card.keywords) <= set(KEYWORDS)
    assert {family["colour"] for family in FAMILIES.values()} and len(FAMILIES) == 5


def test_nes_2_the_set_exercises_every_rule():
    keywords = {keyword for card in SET.values() for keyword in card.keywords}
    assert keywords == {"Défausse", "Foule", "Légendaire"}
    assert {card.rarity for card in SET.values()} == set(RARITIES)
    places = {(rule["in"], rule["points"] > 0) for card in SET.values() for rule in card.score}
    assert {("hand", True), ("hand", False), ("cimetiere", True), ("cimetiere", False)} <= places
    assert len(READY) >= 2 and all(len(ready(name)) == 20 for name in READY)


def test_nes_3_a_game_refuses_a_deck_that_breaks_the_building_rule():
    with pytest.raises(DeckError, match="NES-3") as raised:
        GAME.new(seed=1, deck=ready("cour")[:-1])
    assert isinstance(raised.value, BadOption) and "19 cards" in str(raised.value)
    with pytest.raises(BadOption, match="takes one of"):
        GAME.new(seed=1, deck="no such deck")
    custom = [*ready("cour")[:-2], "paysan", "paysan"]
    assert sorted(GAME.new(seed=1, deck=custom).decklists["p1"]) == sorted(custom)


def test_nes_4_a_turn_is_draw_then_discard_and_a_defausse_effect_fires():
    state = position(hands=("chevalier heraut", "paysan"), decks=("usurier meunier", ""), phase="draw")
    refused(state, "discard chevalier", "NES-4")
    state = state.play("draw deck")
    assert hand(state) == ["chevalier", "heraut", "usurier"] and state.phase == "discard"
    refused(state, "draw deck", "NES-4")
    state = state.play("discard heraut")  # Héraut: Défausse, draw 1
    assert hand(state) == ["chevalier", "usurier", "meunier"] and state.sides["p1"].discards == ["heraut"]
    assert state.to_move == "p2" and state.phase == "draw"


def test_nes_4_a_legendaire_card_cannot_be_discarded_and_an_all_legendaire_hand_is_revealed():
    state = position(hands=("roi chevalier", "paysan"))
    verdict = refused(state, "discard roi", "NES-4")
    assert "Légendaire" in str(verdict.reason)
    refused(state, "reveal", "NES-4")
    state = position(hands=("roi kraken", "paysan"))
    assert [str(move) for move in state.legal_moves()] == ["reveal"]
    refused(state, "discard roi", "NES-4")
    after = state.play("reveal")
    assert hand(after) == ["roi", "kraken"] and not after.cimetiere and after.turns["p1"] == 1
    assert "the Sun King" in str(after.events[0].text) and after.to_move == "p2"


def test_nes_5_the_game_ends_when_the_cimetiere_holds_10_cards():
    rows = ("chevalier marchand paysan meunier", "chevalier marchand paysan meunier mousse")
    state = position(hands=("banquier comptable", "capitaine"), discards=rows, turns=(4, 4))
    assert len(state.cimetiere) == 9
    after = state.play("discard comptable")
    assert (
        after.is_over and len(after.cimetiere) == 10 and [e.rule for e in after.events if e.kind == "end"] == ["NES-5"]
    )
    refused(after, "discard banquier", "NES-5")


def test_nes_5_the_game_ends_after_each_players_5th_turn_even_short_of_10():
    state = position(hands=("banquier dame", "capitaine"), discards=("chevalier", "paysan"), turns=(4, 5))
    state = state.play("discard dame").play("take paysan")  # the Dame takes a card back: the Cimetière shrinks
    assert state.is_over and len(state.cimetiere) == 2


def test_nes_6_the_score_is_base_plus_bonuses_and_maluses_card_by_card():
    state = position(
        hands=("chevalier chevalier traitre paladin marchand", "paysan"), discards=("", "necro"), turns=(4, 5)
    )
    over = state.play("discard marchand")
    rows = over.breakdown()["p1"]
    # three other Knights beside each one (the Paladin is a Knight too), no Sorcière in hand, no Knight dead
    assert [(row["card"], row["total"]) for row in rows] == [
        ("chevalier", 3 + 3),
        ("chevalier", 3 + 3),
        ("traitre", 6 - 6),
        ("paladin", 6),
    ]
    assert [part["points"] for part in rows[2]["parts"]] == [-6, 0] and rows[2]["base"] == 6
    assert over.result.scores["p1"] == sum(row["total"] for row in rows) == 18
    assert over.result.scores["p2"] == 1 and over.result.winners == ("p1",)
    breakdown = next(event for event in over.events if event.kind == "score").data["breakdown"]
    assert breakdown["p1"] == rows


def test_nes_6_equal_totals_are_a_draw():
    state = position(hands=("chevalier paysan", "chevalier"), turns=(4, 5))
    over = state.play("discard paysan")
    assert over.result.scores == {"p1": 3, "p2": 3} and over.result.winners == ("p1", "p2")
    assert "draw" in str(over.result.reason)


def test_nes_7_keywords_stay_french_in_the_english_texts():
    english = " ".join(card.text["en"] for card in SET.values())
    assert "Défausse:" in english and "Légendaire" in english and "Cimetière" in english and "Foule" in english
    for word in ("Discard:", "Legendary", "Graveyard", "Crowd"):
        assert word not in english


# -- every primitive ------------------------------------------------------------------------------------------


def test_primitive_draw_draws_from_the_own_deck_and_stops_at_an_empty_one():
    state = position(hands=("colporteur chevalier", "paysan"), decks=("meunier", ""))
    after = state.play("discard colporteur")
    assert hand(after) == ["chevalier", "meunier"]
    empty = position(hands=("colporteur chevalier", "paysan"))
    empty.sides["p1"].deck.clear()
    assert hand(empty.play("discard colporteur")) == ["chevalier"]


def test_primitive_opponent_discards_waits_for_the_opponent_who_cannot_pick_a_legendaire():
    state = position(hands=("sirene chevalier", "kraken paysan meunier"))
    waiting = state.play("discard sirene")
    assert waiting.phase == "choose" and waiting.to_move == "p2"
    assert sorted(str(move) for move in waiting.legal_moves()) == ["discard meunier", "discard paysan"]
    refused(waiting, "discard kraken", "NES-4")
    after = waiting.play("discard paysan")
    assert hand(after, "p2") == ["kraken", "meunier"] and after.sides["p2"].discards == ["paysan"]
    assert after.to_move == "p2" and after.turn == "p2" and after.phase == "draw"
    only_legends = position(hands=("sirene chevalier", "kraken roi")).play("discard sirene")
    assert only_legends.phase == "draw" and hand(only_legends, "p2") == ["kraken", "roi"]


def test_primitive_recover_takes_any_cimetiere_card_but_not_itself():
    state = position(hands=("pilleur chevalier", "paysan"), discards=("marchand", "capitaine"))
    waiting = state.play("discard pilleur")
    assert waiting.to_move == "p1" and sorted(map(str, waiting.legal_moves())) == ["take capitaine", "take marchand"]
    refused(waiting, "take pilleur", "NES-4")
    after = waiting.play("take capitaine")
    assert hand(after) == ["chevalier", "capitaine"] and after.cimetiere == ["marchand", "pilleur"]
    alone = position(hands=("pilleur chevalier", "paysan")).play("discard pilleur")
    assert alone.phase == "draw" and "nothing to take" in " ".join(str(e.text) for e in alone.events)


def test_primitive_scry_shows_the_top_card_to_its_owner_alone_and_may_put_it_under():
    state = position(hands=("epouvantail chevalier", "paysan"), decks=("usurier meunier", ""))
    waiting = state.play("discard epouvantail")
    assert waiting.view("p1")["pending"]["top"] == "usurier" and "top" not in waiting.view("p2")["pending"]
    assert waiting.play("bottom").sides["p1"].deck[:1] == ["meunier"]
    assert waiting.play("bottom").sides["p1"].deck[-1] == "usurier"
    assert waiting.play("keep").sides["p1"].deck[:1] == ["usurier"]
    refused(waiting, "take chevalier", "NES-4")


def test_primitive_peek_tells_the_opponents_hand_to_the_peeker_only():
    after = position(hands=("perroquet chevalier", "paysan meunier")).play("discard perroquet")
    private = [event for event in after.events if event.kind == "peek"]
    assert private and private[0].only == "p1" and private[0].data["cards"] == ["paysan", "meunier"]
    assert not [e for e in after.view("p2")["events"] if e["kind"] == "peek"]


@pytest.mark.parametrize(
    ("rule", "others", "cimetiere", "expected"),
    [
        ({"rule": "per", "in": "hand", "match": {"family": "paysans"}, "points": 2}, "paysan fermiere chat", "", 4),
        ({"rule": "per", "in": "cimetiere", "match": {"keyword": "Foule"}, "points": -1}, "", "paysan chat roi", -2),
        ({"rule": "if_any", "in": "hand", "match": {"card": "meunier"}, "points": 2}, "meunier meunier", "", 2),
        ({"rule": "if_any", "in": "hand", "match": {"card": "meunier"}, "points": 2}, "paysan", "meunier", 0),
        ({"rule": "if_none", "in": "cimetiere", "match": {"family": "corsaires"}, "points": -4}, "", "paysan", -4),
        ({"rule": "if_none", "in": "cimetiere", "match": {"family": "corsaires"}, "points": -4}, "", "mousse", 0),
    ],
)
def test_primitive_score_rules_count_what_they_say(rule, others, cimetiere, expected):
    from cardlib.games.nespanini.effects import points

    assert points(rule, [SET[c] for c in others.split()], [SET[c] for c in cimetiere.split()]) == expected


def test_a_card_never_counts_itself_in_its_own_hand_bonus():
    rows = position(hands=("chat paysan", "paysan")).breakdown()["p1"]
    assert rows[0]["total"] == 1 and rows[1]["total"] == 1  # one Chat noir alone, one Paysan alone


def test_the_board_moves_parse_and_unknown_moves_are_refused():
    state = position(hands=("chevalier", "paysan"))
    assert str(GAME.parse_move("discard chevalier")) == "discard chevalier"
    refused(state, "discard roi", "NES-4")
    assert not state.check(Move("discard", "chevalier", "table"))


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
