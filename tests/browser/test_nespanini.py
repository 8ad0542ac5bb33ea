"""NesPanini in a real Voilà and Chromium: the learner loads a deck file through the browser's file chooser, makes the
deck illegal and legal again in the deck builder (the NES-3 check follows every click), plays it, then draws and
discards by clicking; on a phone, the card a lesson asks to take from the Cimetière comes into sight.

"Play with this deck" deals from a fresh seed, so the game is dealt again from each of SEEDS (typed into its Seed
box, as in test_apps.py), and plays.py, dealing the same seed with the same decks in-process, says which clicks make
the learner's moves and what the board shows after the bot's answers: who starts is random (NES-4), a bot's Sirène
may make the learner discard before it draws, and a bot's Pilleur d'épaves may take the learner's discard back out
of the Cimetière (NES-5).
"""

from __future__ import annotations

import pytest
from harness import ERROR_MARKS
from plays import deal, dealt, legal_moves, presses
from playwright.sync_api import Locator, Page, expect

from cardlib.games.nespanini.decks import dump_deck, ready
from widgets.deckbuilder import DeckBuilder

pytestmark = pytest.mark.browser

# 1: the learner starts; 15: the bot starts with a Sirène, so the learner first discards; 3: the bot's Pilleur
# d'épaves takes the learner's discard from the Cimetière.
SEEDS = (1, 15, 3)
MOVES = 2  # a draw and a discard, in the order the deal asks for them


def expect_same_cards(game, app, zone: str) -> None:
    """Wait until the page's board shows in ``zone`` exactly the cards the in-process ``app`` shows, in order."""
    (shown,) = [z for area in app.board.table.scene["areas"] for z in area["zones"] if z["id"] == zone]
    codes = [card["id"] for card in shown["cards"]]
    cards = game.locator(f'.cg-zone[data-zone="{zone}"] .cg-card')
    expect(cards).to_have_count(len(codes))
    for index, code in enumerate(codes):
        expect(cards.nth(index)).to_have_attribute("data-card", code)


IN_WINDOW_JS = "(node) => { const b = node.getBoundingClientRect(); return b.top >= 0 && b.bottom <= innerHeight; }"


def answered_in_sight(page: Page, board: Locator, press: Locator) -> None:
    """``press`` answers on ``board``: the answer is in the window, and so is what was pressed."""
    press.click()
    answer = board.locator(".cg-flash")
    expect(answer).to_be_visible()
    assert answer.evaluate(IN_WINDOW_JS), answer.bounding_box()
    assert press.evaluate(IN_WINDOW_JS), press.bounding_box()


def test_build_a_legal_deck_then_play_a_turn_by_clicking(page: Page, voila_url: str, open_app) -> None:
    page.set_viewport_size({"width": 390, "height": 844})  # a phone, first: where answers fell out of sight
    open_app(page, voila_url, "nespanini.ipynb")
    tables = page.locator(".cg-table")
    # The lesson's Hint, below its board and its rules: the hint is said on the board, brought into the window.
    answered_in_sight(page, tables.first, page.get_by_role("button", name="Hint").first)
    cimetiere_comes_into_sight(page, tables.first)
    the_set = tables.filter(has=page.locator('.cg-zone[data-zone^="set."]'))
    the_deck = tables.filter(has=page.locator('.cg-zone[data-zone="deck"]'))
    check = page.locator(".cg-deck-check")
    play = page.get_by_role("button", name="Play with this deck")
    expect(check).to_have_attribute("data-legal", "true")
    # The ready-made deck is full: a card of the set tapped is refused, on the set's board, in sight, saying how.
    answered_in_sight(page, the_set, the_set.locator('.cg-card[data-card="paysan"]'))
    expect(the_set.locator(".cg-flash")).to_contain_text("take one out of it")
    page.set_viewport_size({"width": 1280, "height": 720})

    # A deck file chosen in the browser's own file chooser loads (the ready deck again, in the set's order).
    deck_file = dump_deck(ready("cour"), "La Cour", form="text")
    with page.expect_file_chooser() as chooser:
        page.get_by_role("button", name="Load a file").click()
    chooser.value.set_files(files=[{"name": "cour.txt", "mimeType": "text/plain", "buffer": deck_file.encode()}])
    expect(page.get_by_text("Deck loaded: 20 cards.")).to_be_visible()
    expect(check).to_have_attribute("data-legal", "true")

    # Take the Sun King out: 19 cards, refused by NES-3, and the game cannot start.
    the_deck.locator('.cg-card[data-card="roi"]').click()
    expect(check).to_have_attribute("data-legal", "false")
    expect(check).to_contain_text("exactly 20 (NES-3)")
    expect(play).to_be_disabled()
    # A Peasant from the set makes 20 again: a legal deck, with no Légendaire card left.
    the_set.locator('.cg-zone[data-zone="set.paysans"] .cg-card[data-card="paysan"]').click()
    expect(check).to_have_attribute("data-legal", "true")
    play.click()
    expect(page.get_by_text("The game starts below")).to_be_visible()

    builder = DeckBuilder()  # the same clicks in-process give the same deck, card for card in the same order
    builder.load_file("cour.txt", deck_file)
    builder.remove("roi")
    builder.add("paysan")
    options = {"deck": builder.deck, "opponent_deck": builder.opponent.value}
    game = tables.nth(3)  # the new board sits inside the deck builder: after the lessons', the set and the deck
    step_line = page.locator(".cg-step").first  # and so do its controls and log: the first game app of the page
    log = page.locator("details", has=page.get_by_text("What happened")).first
    for seed in SEEDS:
        deal(page, seed, app=0)
        app = dealt("nespanini", seed, options)
        bots_first = len(app.match.history) - 1
        expect(step_line).to_have_text(f"Move {bots_first} of {bots_first}" if bots_first else "")
        expect(game.locator(".cg-prompt")).to_have_text(app.board.table.scene["prompt"])
        expect_same_cards(game, app, "p1.hand")  # the new deal is on the page, not the one before

        steps = legal_moves("nespanini", seed, MOVES, options)
        said = " ".join(step.said[0] for step in steps)
        assert "You draw" in said and "You discard" in said, said  # the learner's own moves, in its own voice
        for step in steps:
            for target, then in presses(step):
                game.locator(target).first.click()
                if then:
                    game.locator(then).wait_for()
            for click in step.clicks:
                app.board.table.click(**click)  # the bot answers in-process as on the page
            expect(step_line).to_have_text(f"Move {step.moves_after} of {step.moves_after}")
            expect(log).to_contain_text(step.said[0])
            # the learner's move with the bot's answer
            expect(game.locator(".cg-last-told")).to_have_text(" ".join(app.board.table.scene["last"]))
            expect(game.locator(".cg-prompt")).to_have_text(app.board.table.scene["prompt"])
        for zone in ("p1.hand", "cimetiere"):  # the hand and the Cimetière as the engine has them
            expect_same_cards(game, app, zone)
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]


# Whether a strip of a card a learner can click (48 px, or all of it), or a whole label, is in the window, above the
# board's panel and the hand riding on it, once any scroll has ended.
IN_SIGHT_JS = """async (node) => {
  const frame = () => new Promise((done) => requestAnimationFrame(done));
  for (let still = 0, y = scrollY, i = 0; still < 5 && i < 120; i++, y = scrollY) {
    await frame();
    still = scrollY === y ? still + 1 : 0;
  }
  const table = node.closest(".cg-table");
  const panel = table.querySelector(".cg-panel").getBoundingClientRect();
  const hand = table.querySelector(".cg-zone[data-own='true']").getBoundingClientRect();
  const top = table.classList.contains("cg-docked") ? hand.top : panel.top;
  const box = node.getBoundingClientRect();
  return Math.min(box.bottom, top) - Math.max(box.top, 0) >= Math.min(box.height, 48);
}"""


def cimetiere_comes_into_sight(page: Page, lessons: Locator) -> None:
    """The Cimetière's lesson asks to discard the Wreck Raider, then take Captain Greybeard from the Cimetière. On a
    phone the Cimetière lies above the learner's hand: once the Raider is discarded, the Captain and the name of the
    one zone named Cimetière (NES-5), above him, are brought into the window clear of the panel, and a click on him
    takes him."""
    raider = lessons.locator('.cg-card[data-zone="p1.hand"][data-card="pilleur"][data-selectable="true"]')
    for _lesson in range(3):  # to "The Cimetière"
        page.get_by_role("button", name="Next ▶").first.click()
    raider.click()
    cimetiere = lessons.locator('.cg-zone[data-zone="cimetiere"]')
    expect(cimetiere.locator(".cg-zone-label")).to_have_text("Cimetière")
    captain = cimetiere.locator('.cg-card[data-card="capitaine"][data-selectable="true"]')
    expect(captain).to_have_count(1)
    assert captain.evaluate(IN_SIGHT_JS), "the Captain the lesson asks for is out of sight"
    assert cimetiere.locator(".cg-zone-label").evaluate(IN_SIGHT_JS), "the Cimetière's name is out of sight"
    captain.click()
    expect(lessons.locator(".cg-flash")).to_have_attribute("data-kind", "success")
