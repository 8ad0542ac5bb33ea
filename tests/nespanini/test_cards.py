"""Every card of the set loads, its printed text is its primitives in words (French and English), and in a
prepared position each effect does what the text says: each Défausse effect fires, each bonus or malus counts
exactly the printed points when its condition holds and nothing when it does not."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardlib import IllegalMove
from cardlib.core.i18n import speaking
from cardlib.games.nespanini import effects
from cardlib.games.nespanini.cards import DATA, SET, SetError, parse_set
from cardlib.games.nespanini.positions import position

PLAIN = "chevalier"  # a card with no Défausse effect, to fill a hand


def matching(rule, card):
    """A card that fits ``rule``'s match, and one that does not (neither Légendaire, so hands stay simple)."""
    fits = [c for c in SET.values() if effects.matches(c, rule["match"]) and not c.legendaire]
    fits = fits or [c for c in SET.values() if effects.matches(c, rule["match"])]
    misses = [c for c in SET.values() if not effects.matches(c, rule["match"]) and not c.legendaire]
    return fits[0].code, misses[0].code


@pytest.mark.parametrize("code", list(SET))
def test_the_printed_text_is_the_cards_primitives_in_words(code):
    card = SET[code]
    for lang in ("fr", "en"):
        assert card.text[lang] == effects.describe(card, lang)
    assert ("Défausse" in card.keywords) == bool(card.defausse) == card.text["en"].startswith("Défausse:")


@pytest.mark.parametrize("code", [code for code, card in SET.items() if card.score])
def test_each_bonus_or_malus_counts_the_printed_points_exactly_when_its_condition_holds(code):
    card = SET[code]
    for index, rule in enumerate(card.score):
        printed = f"{rule['points']:+d}"
        assert printed in effects.describe_score(rule, "en", card) and printed in card.text["en"]
        fit, miss = matching(rule, card)
        if rule["in"] == "hand":
            met = position(hands=(f"{code} {fit}", "paysan")).breakdown()["p1"][0]
            unmet = position(hands=(f"{code} {miss}", "paysan")).breakdown()["p1"][0]
        else:
            met = position(hands=(code, "paysan"), discards=(fit, "")).breakdown()["p1"][0]
            unmet = position(hands=(code, "paysan"), discards=(miss, "")).breakdown()["p1"][0]
        got = {"per": rule["points"], "if_any": rule["points"], "if_none": 0}[rule["rule"]]
        not_met = {"per": 0, "if_any": 0, "if_none": rule["points"]}[rule["rule"]]
        assert (met["parts"][index]["points"], unmet["parts"][index]["points"]) == (got, not_met), code
        assert met["total"] == card.value + sum(part["points"] for part in met["parts"])


@pytest.mark.parametrize("code", [code for code, card in SET.items() if card.defausse])
def test_each_defausse_effect_fires_when_the_card_is_discarded(code):
    card = SET[code]
    state = position(hands=(f"{code} {PLAIN}", "paysan meunier"), discards=("", "marchand"), decks=("usurier", ""))
    after = state.play(f"discard {code}")
    for effect in card.defausse:
        kind = effect["do"]
        if kind == "draw":
            assert "usurier" in after.sides["p1"].hand
        elif kind == "peek":
            assert any(e.kind == "peek" and e.only == "p1" for e in after.events)
        elif kind == "opponent_discards":
            assert after.phase == "choose" and after.to_move == "p2"
            after = after.play("discard paysan")
            assert after.sides["p2"].discards == ["marchand", "paysan"]
        elif kind == "recover":
            assert after.to_move == "p1" and after.legal_moves()
            after = after.play("take marchand")
            assert "marchand" in after.sides["p1"].hand
        else:
            assert after.view("p1")["pending"]["top"] == "usurier"
            after = after.play("bottom")
    assert after.phase == "draw" and after.to_move == "p2"


def test_a_set_with_a_typo_is_refused_naming_the_card_and_the_field():
    data = json.loads(DATA.read_text(encoding="utf-8"))
    data["cards"][3]["score"] = [{"rule": "per", "in": "hand", "match": {"family": "dragons"}, "points": 1}]
    with pytest.raises(SetError, match=r"cards\[3\] \(heraut\)\.score\[0\]\.match"):
        parse_set(data)
    data["cards"][3]["score"] = []
    data["cards"][3]["keywords"] = []
    with pytest.raises(SetError, match="keyword Défausse"):
        parse_set(data)

    data["cards"][3]["keywords"] = ["Défausse"]
    del data["cards"][3]["plural"]  # several Heralds are counted in their plural (a hand, a peek)
    with pytest.raises(SetError, match=r"cards\[3\] \(heraut\)\.plural is missing"):
        parse_set(data)
    data["cards"][3]["plural"] = {"fr": "Hérauts", "en": "Heralds"}
    morgane = next(i for i, item in enumerate(data["cards"]) if item.get("proper"))
    data["cards"][morgane]["plural"] = {"fr": "Morganes", "en": "Morganas"}  # a person's copies are counted instead
    with pytest.raises(SetError, match=r"plural: a card named like a person has none"):
        parse_set(data)


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_cards_name_and_plural_on_a_page_are_the_sets_own_words(language):
    """The catalogs give back the set's words: English as the messages, French as printed ("Écuyer", "Écuyers")."""
    with speaking(language):
        for card in SET.values():
            assert (str(card.name), str(card.plural)) == (card.names[language], card.plurals.get(language, ""))


def test_the_games_doc_counts_the_set_as_the_data_has_it():
    text = " ".join((Path(__file__).resolve().parents[2] / "docs" / "games.md").read_text().split())
    cards = SET.values()
    said = (
        f"{len(SET)} cards in five families",
        f"{sum(bool(c.defausse) for c in cards)} with Défausse",
        f"{sum(bool(c.foule) for c in cards)} with Foule",
        f"{sum(c.legendaire for c in cards)} Légendaire",
    )
    assert all(words in text for words in said), said


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


def test_nes_4_edge_effects_say_they_do_nothing_and_a_two_effect_card_is_logged_as_printed():
    empty = position(hands=("oracle chevalier", "paysan"))
    empty.sides["p1"].deck.clear()
    after = empty.play("discard oracle")  # a scry of an empty deck: nothing to look at, the turn ends
    assert after.to_move == "p2" and "nothing to look at" in str(after.events[-1].text)
    no_cards = position(hands=("sirene chevalier", "")).play("discard sirene")
    assert no_cards.to_move == "p2" and "the effect does nothing" in str(no_cards.events[-1].text)
    spied = position(hands=("espion chevalier", "kraken")).play("discard espion")
    logged = next(str(event.text) for event in spied.events if event.kind == "defausse")
    assert logged == "Défausse of the Spy: “" + SET["espion"].text["en"].removeprefix("Défausse: ") + "”"
    assert spied.to_move == "p2" and spied.sides["p2"].hand == ["kraken"]
