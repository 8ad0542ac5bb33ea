"""La partita Napoletana in a real Voilà and Chromium: the learner clicks cards and rows on the board."""

from __future__ import annotations

import pytest
from harness import ERROR_MARKS
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_lesson_board_refuses_a_wrong_row_and_plays_a_right_one(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "napoletana.ipynb")
    lesson = page.locator(".cg-table").first  # the first board is the lessons'; the second the full war

    # Lesson 1: place the 9♥. The front row is wrong: refused with NAP-5, nothing moves.
    lesson.locator('.cg-card[data-card="9H"]').click()
    # finding the row is the lesson's task: picking the 9♥ up lights no row
    expect(lesson.locator('.cg-card[data-card="9H"]')).to_have_attribute("data-selected", "true")
    expect(lesson.locator('.cg-zone[data-target="true"]')).to_have_count(0)
    lesson.locator('.cg-zone[data-zone="red.front"]').click()
    flash = lesson.locator(".cg-flash")
    expect(flash).to_have_attribute("data-rule", "NAP-5")
    expect(flash).to_contain_text("siege")
    expect(page.get_by_text("The front row is for A, 2, 3 and 4.")).to_be_visible()
    expect(lesson.locator('.cg-zone[data-zone="red.front"] .cg-card')).to_have_count(0)

    # The siege row is right: the card lands there, with its value, and the lesson is done.
    lesson.locator('.cg-card[data-card="9H"]').click()
    lesson.locator('.cg-zone[data-zone="red.siege"]').click()  # at once, with the mouse, as a learner does
    expect(lesson.locator('.cg-zone[data-zone="red.siege"] .cg-card[data-card="9H"]')).to_be_visible()
    expect(lesson.locator('.cg-zone[data-zone="red.siege"] .cg-total')).to_have_text("9")
    expect(page.get_by_text("Well done!")).to_be_visible()
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]


def test_full_war_board_keeps_the_hand_and_places_a_card(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "napoletana.ipynb")
    war = page.locator(".cg-table").nth(1)
    war.locator('.cg-button[data-button="keep"]').click()
    expect(war.locator(".cg-prompt")).to_contain_text("Your turn")

    # Any card but a King, which asks "horde or order?" before it lands (tests/widgets covers that choice).
    card = war.locator('.cg-zone[data-zone="red.hand"] .cg-card[data-selectable="true"]:not([data-card^="K"])').first
    card_id = card.get_attribute("data-card")
    card.click()
    target = war.locator('.cg-zone[data-target="true"]').first
    zone_id = target.get_attribute("data-zone")
    target.click()
    expect(war.locator(f'.cg-zone[data-zone="{zone_id}"] .cg-card[data-card="{card_id}"]')).to_be_visible()
    # the learner's own move, in its own voice, in the log (the last move line may already show Black's answer)
    expect(page.locator("details", has_text="What happened").last).to_contain_text("You place")


def test_healer_lesson_heals_a_card_picked_from_the_discard_pile(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "napoletana.ipynb")
    lesson = page.locator(".cg-table").first
    for _ in range(7):  # rows, passing, starts, coins, armies, spy, kings: the healer is the eighth lesson
        page.get_by_role("button", name="Next ▶").click()
    expect(page.get_by_text("Lesson 8 of 12")).to_be_visible()

    lesson.locator('.cg-card[data-card="QH"]').click()
    lesson.locator('.cg-zone[data-zone="red.ranged"]').click()
    # NAP-13: the discard pile is spread out; its 7♥ is picked and placed beside the 7♦
    seven = lesson.locator('.cg-zone[data-zone="red.discard"] .cg-card[data-card="7H"]')
    expect(seven).to_have_attribute("data-selectable", "true")
    seven.click()
    lesson.locator('.cg-zone[data-zone="red.ranged"]').click()
    expect(lesson.locator('.cg-zone[data-zone="red.ranged"] .cg-card[data-card="7H"]')).to_be_visible()
    expect(lesson.locator('.cg-zone[data-zone="red.ranged"] .cg-total')).to_have_text("38")
    expect(page.get_by_text("Well done!")).to_be_visible()

    # With the keyboard to the last lesson: Next keeps the focus until it greys, then the focus goes to the last
    # lesson's title (read out), not to the page's start.
    next_lesson = page.get_by_role("button", name="Next ▶")
    next_lesson.focus()
    for shown in range(9, 13):
        page.keyboard.press("Enter")
        expect(page.get_by_text(f"Lesson {shown} of 12")).to_be_visible()
    expect(next_lesson).to_be_disabled()
    expect(page.locator(":focus")).to_contain_text("Lesson 12 of 12")
