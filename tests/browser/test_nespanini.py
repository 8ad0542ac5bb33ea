"""NesPanini in a real Voilà and Chromium: the learner makes the ready-made deck illegal and legal again in the
deck builder (the NES-3 check follows every click), plays it, then draws and discards by clicking."""

from __future__ import annotations

import pytest
from harness import ERROR_MARKS
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_build_a_legal_deck_then_play_a_turn_by_clicking(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "nespanini.ipynb")
    tables = page.locator(".cg-table")
    the_set, the_deck = tables.nth(0), tables.nth(1)
    check = page.locator(".cg-deck-check")
    play = page.get_by_role("button", name="Play with this deck")
    expect(check).to_have_attribute("data-legal", "true")

    # Take the Roi Soleil out: 19 cards, refused by NES-3, and the game cannot start.
    the_deck.locator('.cg-card[data-card="roi"]').click()
    expect(check).to_have_attribute("data-legal", "false")
    expect(check).to_contain_text("exactly 20 (NES-3)")
    expect(play).to_be_disabled()
    # A Paysan from the set makes 20 again: a legal deck, with no Légendaire card left.
    the_set.locator('.cg-zone[data-zone="set.paysans"] .cg-card[data-card="paysan"]').click()
    expect(check).to_have_attribute("data-legal", "true")
    play.click()
    expect(page.get_by_text("The game starts below")).to_be_visible()

    game = tables.nth(2)  # the new board sits inside the deck builder, before the lessons' and the app's
    expect(game.locator(".cg-prompt")).to_contain_text("click your deck")
    game.locator('.cg-zone[data-zone="p1.deck"]').click()
    expect(game.locator(".cg-prompt")).to_contain_text("Click a card of your hand")
    card = game.locator('.cg-zone[data-zone="p1.hand"] .cg-card[data-selectable="true"]').first
    code = card.get_attribute("data-card")
    card.click()
    expect(game.locator(f'.cg-zone[data-zone="p1.discards"] .cg-card[data-card="{code}"]')).to_be_visible()
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]
