"""Senza Nome in a real Voilà and Chromium: the learner attaches cards to a run by clicking them."""

from __future__ import annotations

import pytest
from harness import ERROR_MARKS
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_lesson_board_refuses_a_wrong_attach_and_plays_the_stock_card(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "senza_nome.ipynb")
    lesson = page.locator(".cg-table").first  # the first board is the lessons'; the second the full race
    run = lesson.locator('.cg-zone[data-zone="run:1"]')

    # Lesson 1: the hearts run A needs a 2. The 3♥ first is refused with SNO-3, and nothing moves.
    lesson.locator('.cg-card[data-card="3H"]').click()
    run.click()
    flash = lesson.locator(".cg-flash")
    expect(flash).to_have_attribute("data-rule", "SNO-3")
    expect(flash).to_contain_text("needs 2")
    expect(run.locator(".cg-card")).to_have_count(1)

    # The 2♥ on top of the stock goes there (the run lights up), then the 3♥: the race is won.
    lesson.locator('.cg-zone[data-zone="p1.stock"] .cg-card[data-card="2H"]').click()
    expect(run).to_have_attribute("data-target", "true")
    run.click()
    expect(run.locator('.cg-card[data-card="2H"]')).to_be_visible()
    lesson.locator('.cg-card[data-card="3H"]').click()
    run.click()
    expect(page.get_by_text("Well done!")).to_be_visible()
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]


def test_full_race_board_draws_by_clicking_the_draw_pile(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "senza_nome.ipynb")
    race = page.locator(".cg-table").nth(1)
    expect(race.locator(".cg-prompt")).to_contain_text("Draw 1 card")
    race.locator('.cg-zone[data-zone="deck"]').click()
    expect(race.locator(".cg-last-told")).to_contain_text("You draw")
    expect(race.locator('.cg-zone[data-zone="p1.hand"] .cg-card')).to_have_count(6)

    # The teacher steps back: the board says which move it shows and whose turn it was, and takes no move there;
    # Move forward is the latest again, where the learner plays on (issue 33).
    page.get_by_role("button", name="Move back").last.click()
    expect(race.locator(".cg-prompt")).to_contain_text("Move 0 of 1: it was your turn.")
    race.locator('.cg-zone[data-zone="deck"]').click()
    expect(race.locator(".cg-flash")).to_contain_text("Play from here")
    expect(race.locator('.cg-zone[data-zone="p1.hand"] .cg-card')).to_have_count(5)
    expect(page.get_by_role("button", name="Play from here").last).to_be_enabled()
    page.get_by_role("button", name="Move forward").last.click()
    expect(race.locator(".cg-prompt")).not_to_contain_text("it was your turn")
    expect(page.get_by_role("button", name="Play from here").last).to_be_disabled()
