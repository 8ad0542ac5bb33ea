"""NesPanini headless: the board (rich faces, hidden hands, the Cimetière as one pile, live and final scores, clicks
that draw, discard and answer effects) and the deck builder (filters, add and remove, live NES-3 check, deck
files, and playing the deck built)."""

from __future__ import annotations

import json

import pytest

from cardlib.core.i18n import speaking
from cardlib.games.nespanini.decks import MAX_FILE_BYTES, DeckError, ready
from cardlib.games.nespanini.lessons import LESSONS
from cardlib.games.nespanini.positions import position
from widgets.app import GameApp
from widgets.board import Board
from widgets.deckbuilder import DeckBuilder, DeckGameApp
from widgets.layouts import layout
from widgets.panels import Landmark


def board_at(state, seat="p1"):
    return Board.showing(layout("nespanini"), state, seat)


def zones(board):
    return {zone["id"]: zone for area in board.table.scene["areas"] for zone in area["zones"]}


def ids(zone):
    return [card["id"] for card in zone["cards"]]


def test_cards_wear_the_rich_face_and_the_opponents_hand_and_decks_stay_hidden():
    board = board_at(position(hands=("chevalier roi", "kraken tresor"), discards=("", "mousse"), phase="draw"))
    scene = zones(board)
    face = scene["p1.hand"]["cards"][0]["face"]
    assert face["title"] == "Knight-errant" and face["value"] == 3 and face["colour"] == "red"
    assert face["pennant"] == "The Knights" and face["symbol"] == "⚔" and "per other Knight" in face["text"]
    assert face["corner"] == "2/36 NP1" and "★ common" in face["tags"]
    assert "Légendaire" in scene["p1.hand"]["cards"][1]["face"]["tags"]
    assert scene["p2.hand"]["cards"][0]["back"] and len(scene["p2.hand"]["cards"]) == 2
    assert all(card["back"] for card in scene["p2.deck"]["cards"] + scene["p1.deck"]["cards"])
    assert len(scene["p1.deck"]["cards"]) == 18 and ids(scene["cimetiere"]) == ["mousse"]
    text = json.dumps(board.table.scene)
    assert "kraken" not in text and "tresor" not in text and "Kraken" not in text


@pytest.mark.parametrize(
    ("lang", "title", "pennant", "text"),
    [
        ("fr", "Chevalier errant", "Les Chevaliers", "+1 par autre carte Chevalier dans ta main."),
        ("it", "Cavaliere errante", "I Cavalieri", "+1 per ogni altra carta Cavaliere nella tua mano."),
    ],
)
def test_a_card_is_named_in_the_pages_language_and_printed_in_french_on_a_french_page(lang, title, pennant, text):
    with speaking(lang):
        face = zones(board_at(position(hands=("chevalier", "mousse"))))["p1.hand"]["cards"][0]["face"]
    assert face["title"] == title and face["pennant"] == pennant and face["text"].startswith(text)


def test_click_the_deck_to_draw_then_a_card_to_discard_and_a_legendaire_is_refused():
    start = position(hands=("chevalier roi", "kraken"), decks=("marchand", ""), phase="draw")
    board = board_at(start)
    assert zones(board)["p1.deck"]["target"] and "click your deck" in board.table.scene["prompt"]
    board.table.click(kind="zone", zone="p1.deck")
    assert ids(zones(board)["p1.hand"]) == ["chevalier", "roi", "marchand"]
    before = board.session.state
    board.table.click(kind="card", card="roi", zone="p1.hand")
    assert board.session.state is before and board.table.scene["flash"]["rule"] == "NES-4"
    board.table.click(kind="card", card="marchand", zone="p1.hand")
    assert ids(zones(board)["cimetiere"]) == ["marchand"] and board.session.state.to_move == "p2"


def test_the_hand_shows_each_cards_score_now_and_the_end_shows_both_breakdowns():
    board = board_at(position(hands=("chevalier chevalier marchand", "paysan usurier"), turns=(4, 5)))
    hand = zones(board)["p1.hand"]
    assert [card["value"] for card in hand["cards"]] == [4, 4, 2] and hand["total"] == 10
    assert (
        hand["cards"][0]["tag"] == "3 + 1 = 4"
        and "Scores 4 points now. Its effect counts +1." in hand["cards"][0]["label"]
    )
    board.table.click(kind="card", card="marchand", zone="p1.hand")
    over = zones(board)
    assert over["p1.hand"]["total"] == 8 and over["p2.hand"]["total"] == 1 + 4
    assert {card["id"]: card["tag"] for card in over["p2.hand"]["cards"]}["usurier"] == "6 − 2 = 4"
    assert board.table.scene["prompt"] == "You score 8, Player 2 scores 5: you win."  # in the learner's voice


def test_nes_5_the_cimetiere_is_one_pile_of_both_players_discards_by_family():
    """NES-5: the Cimetière is all discards of both players, drawn as the one pile the lessons' words point at ("take
    Captain Greybeard from the Cimetière"), whichever seat looks."""
    state = position(hands=("chevalier", "paysan"), discards=("marchand chat", "capitaine mousse"))
    for seat in ("p1", "p2"):
        board = board_at(state, seat)
        shown = zones(board)
        holding = [zone["label"] for zone in shown.values() if any(card["id"] == "chat" for card in zone["cards"])]
        assert holding == ["Cimetière"]  # one pile, named as the lessons and the rules name it
        assert sorted(shown) == sorted(["p1.hand", "p1.deck", "p2.hand", "p2.deck", "cimetiere"])
        # by family and value, as a hand lies: the two Corsairs together, whoever discarded them
        assert ids(shown["cimetiere"]) == ["mousse", "capitaine", "marchand", "chat"]
        assert not any(card["selectable"] for card in shown["cimetiere"]["cards"])  # nothing to take from it now
    with speaking("fr"):
        assert zones(board_at(state))["cimetiere"]["label"] == "Cimetière"  # NES-7: its French name everywhere


def test_nes_4_a_recover_picks_any_card_of_the_cimetiere_whoever_discarded_it():
    board = board_at(position(hands=("pilleur chevalier", "paysan"), discards=("marchand", "capitaine")))
    board.table.click(kind="card", card="pilleur", zone="p1.hand")
    cimetiere = zones(board)["cimetiere"]
    assert "Cimetière" in board.table.scene["prompt"] and cimetiere["kind"] == "row" and cimetiere["pick"]
    # the Wreck Raider may be clicked too, to hear that it cannot bring itself back (NES-4)
    assert {card["id"]: card["selectable"] for card in cimetiere["cards"]} == {
        "capitaine": True,
        "pilleur": True,
        "marchand": True,
    }
    board.table.click(kind="card", card="pilleur", zone="cimetiere")
    assert board.table.scene["flash"]["rule"] == "NES-4" and "pilleur" in ids(zones(board)["cimetiere"])
    board.table.click(kind="card", card="capitaine", zone="cimetiere")  # the opponent's discard: taken all the same
    assert "capitaine" in ids(zones(board)["p1.hand"]) and "capitaine" not in ids(zones(board)["cimetiere"])
    assert not zones(board)["cimetiere"]["pick"]


@pytest.mark.parametrize("lang", ["en", "it", "fr"])
def test_nes_5_every_lesson_shows_the_cimetiere_its_words_name_and_the_card_it_asks_to_take(lang):
    """Each lesson, step by step along its solution, in each language: one zone is named the Cimetière, it holds every
    discard of both players, and a card a step takes from the Cimetière can be clicked there."""
    with speaking(lang):
        for lesson in LESSONS:
            state = lesson.start()
            for move in [*lesson.solution, None]:
                shown = zones(board_at(state, lesson.seat))
                named = [zone_id for zone_id, zone in shown.items() if "Cimetière" in zone["label"]]
                assert named == ["cimetiere"] and shown["cimetiere"]["label"] == "Cimetière", (lesson.id, named)
                assert sorted(ids(shown["cimetiere"])) == sorted(state.cimetiere), lesson.id
                if move is not None and move.startswith("take "):
                    card = move.split()[1]
                    assert any(c["id"] == card and c["selectable"] for c in shown["cimetiere"]["cards"]), lesson.id
                if move is not None:
                    state = state.play(move)


def test_a_scry_shows_its_owner_the_top_card_and_offers_two_buttons():
    board = board_at(position(hands=("epouvantail chevalier", "paysan"), decks=("usurier", "")))
    board.table.click(kind="card", card="epouvantail", zone="p1.hand")
    assert ids(zones(board)["scry"]) == ["usurier"]
    assert [b["id"] for b in board.table.scene["buttons"]] == ["keep", "bottom"]
    board.table.click(kind="button", id="bottom")
    assert board.session.state.sides["p1"].deck[-1] == "usurier" and "scry" not in zones(board)


# -- the deck builder ---------------------------------------------------------------------------------------------


def builder_zones(table):
    return {zone["id"]: zone for area in table.scene["areas"] for zone in area["zones"]}


def test_the_filters_show_only_the_cards_that_fit():
    builder = DeckBuilder()
    assert sum(len(z["cards"]) for z in builder_zones(builder.set_table).values()) == 36
    builder.family.value = "paysans"
    builder.keyword.value = "Foule"
    assert ids(builder_zones(builder.set_table)["set.paysans"]) == ["paysan", "fermiere"]
    builder.rarity.value = "rare"
    assert builder.shown() == [] and "No card fits" in builder.set_table.scene["prompt"]


def test_add_and_remove_with_a_live_count_and_the_nes_3_check():
    builder = DeckBuilder()
    assert "data-legal='true'" in builder.check.value and not builder.buttons["play"].disabled
    # a full deck says how it takes a new card before the first click, and the refusal is on the board clicked
    assert "take a card out of it" in builder.set_table.scene["prompt"]
    builder.set_table.click(kind="card", card="paysan")
    flash = builder.set_table.scene["flash"]
    assert "already has 20 cards" in flash["text"] and "Peasant" in flash["text"] and flash["rule"] == "NES-3"
    assert len(builder.deck) == 20 and builder.deck_table.scene["flash"] is None
    builder.deck_table.click(kind="card", card="roi")
    assert "taken out" in builder.deck_table.scene["flash"]["text"] and builder.set_table.scene["flash"] is None
    assert "Click a card to add it" in builder.set_table.scene["prompt"]
    assert "19 of 20" in builder.check.value and "exactly 20 (NES-3)" in builder.check.value
    assert builder.buttons["play"].disabled
    builder.set_table.click(kind="card", card="chevalier")  # La Cour has 2 already
    assert "at most 2 copies" in builder.set_table.scene["flash"]["text"] and builder.deck.count("chevalier") == 2
    builder.set_table.click(kind="card", card="paysan")
    assert "data-legal='true'" in builder.check.value
    deck_zone = builder_zones(builder.deck_table)["deck"]
    assert dict(zip(ids(deck_zone), [c["tag"] for c in deck_zone["cards"]], strict=True))["ecuyer"] == "×4"


def test_a_deck_saved_as_text_loads_again_and_a_bad_file_is_refused_unchanged():
    builder = DeckBuilder()
    builder.save_text()
    saved = builder.text.value
    assert saved.startswith("# La Cour") and "4 ecuyer" in saved
    builder.start.value = "port"
    builder.text.value = saved
    builder.load_text()
    assert sorted(builder.deck) == sorted(ready("cour")) and "Deck loaded: 20 cards" in builder.status.value
    builder.text.value = "2 chevalier\n1 dragon"
    builder.load_text()
    assert "line 2: &#x27;dragon&#x27; is not a card" in builder.status.value and sorted(builder.deck) == sorted(
        ready("cour")
    )
    assert "data:application/json" in builder.download.value and "La Cour.json" in builder.download.value


def choose(builder: DeckBuilder, name: str, text: str) -> None:
    """What the page sends when the learner chooses a file after clicking "Load a file" (widgets/js/chooser.js:
    the browser reads it as UTF-8, each byte that is not marked U+FFFD)."""
    size = len(text.encode())
    builder.upload._handle_custom_msg({"name": name, "size": size, "text": text.encode()[:MAX_FILE_BYTES].decode()}, [])


def test_a_chosen_json_file_loads_and_a_binary_one_or_one_too_long_is_refused():
    builder = DeckBuilder(start=None)
    choose(builder, "quai.json", json.dumps({"name": "Quai", "cards": {"mousse": 4}}))
    assert builder.deck == ["mousse"] * 4 and builder.name.value == "Quai"
    choose(builder, "x.json", "\ufffd\ufffd")
    assert "not a text file" in builder.status.value and builder.deck == ["mousse"] * 4
    choose(builder, "long.txt", "2 chevalier\n" * 5000)  # sent whole, but longer than a deck file may be
    assert "too long" in builder.status.value and builder.deck == ["mousse"] * 4
    choose(builder, "huge.txt", "é" * MAX_FILE_BYTES)  # only its first bytes are sent: refused by its size
    assert "too long" in builder.status.value and builder.deck == ["mousse"] * 4


def test_play_with_this_deck_starts_a_game_with_it_and_new_game_keeps_it():
    builder = DeckBuilder(start="village", opponent="cour")
    builder.play()
    app = builder.app
    assert isinstance(app, DeckGameApp) and builder.game.children[-1] is app.widget
    assert app.state.decklists["p1"] == sorted(ready("village")) and app.state.decklists["p2"] == sorted(ready("cour"))
    assert app.state.to_move == "p1" and not app.state.is_over
    app.new_game()
    assert app.state.decklists["p1"] == sorted(ready("village"))
    # the page's #play stays its own game app's: one place of that name on the page
    landmarks = [child.name for child in app.widget.children if isinstance(child, Landmark)]
    assert landmarks == ["play-your-deck"]
    assert GameApp("nespanini", seed=1, bot_delay=0).widget.children[0].name == "play"


def test_a_game_app_refuses_a_deck_that_breaks_nes_3_before_dealing():
    with pytest.raises(DeckError, match="NES-3"):
        DeckGameApp(["roi"] * 20)


def test_nes_4_reveal_is_offered_only_for_a_hand_of_legendaire_cards():
    """Issue 12: a "Reveal" button was shown, always disabled, on every turn."""
    ordinary = board_at(position(hands=("chevalier roi", "kraken tresor")))
    assert "reveal" not in [button["id"] for button in ordinary.table.scene["buttons"]]
    legendary = board_at(position(hands=("roi kraken", "mousse")))
    buttons = {button["id"]: button for button in legendary.table.scene["buttons"]}
    assert buttons["reveal"]["enabled"]


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
    scene = Board.showing(layout("nespanini"), after, "p1").table.scene
    mine = next(zone for area in scene["areas"] for zone in area["zones"] if zone["id"] == "p1.hand")
    assert sorted(card["id"] for card in mine["cards"]) == ["chevalier", "marchand"]  # the board sorts a hand
    assert not any(card["fresh"] for card in mine["cards"])
    drawer = Board.showing(layout("nespanini"), after, "p2").table.scene  # the one who drew still sees it fresh
    theirs = next(zone for area in drawer["areas"] for zone in area["zones"] if zone["id"] == "p2.hand")
    assert [card["fresh"] for card in theirs["cards"]] == [False, True]
