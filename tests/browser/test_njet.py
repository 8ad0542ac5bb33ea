"""Njet! in a real Voilà and Chromium: the learner says Njet! by clicking a board space and plays a card."""

from __future__ import annotations

import pytest
from harness import ERROR_MARKS, render_url, wait_for
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

# Njet! opens on the blocking board, where no card is selectable yet: ready means a space that takes a stone.
SPACE_READY = '.cg-table .cg-zone[data-kind="space"][data-target="true"]'


def open_njet(page: Page, voila_url: str) -> None:
    page.goto(render_url(voila_url, "njet.ipynb"), wait_until="commit")
    wait_for(page, SPACE_READY)


def test_lessons_place_a_stone_then_follow_colour_with_a_card(page: Page, voila_url: str) -> None:
    open_njet(page, voila_url)
    lesson = page.locator(".cg-table").first  # the first board is the lessons'; the second the full game

    # Lesson 1: say Njet! to green as trump by clicking that space of the board.
    space = lesson.locator('.cg-zone[data-zone="trump:green"]')
    expect(space).to_have_attribute("data-target", "true")
    space.click()
    expect(space).to_have_attribute("data-blocked", "true")
    expect(page.get_by_text("Well done!")).to_be_visible()

    # Lesson 5 (following colour): a green card is refused with NJT-6, the red 9 lands in the trick.
    for _ in range(4):
        page.get_by_role("button", name="Next ▶").click()
    expect(page.get_by_text("Lesson 5 of 9")).to_be_visible()
    lesson.locator('.cg-zone[data-zone="south.hand"] .cg-card[data-card="G9"]').click()
    expect(lesson.locator(".cg-flash")).to_have_attribute("data-rule", "NJT-6")
    lesson.locator('.cg-zone[data-zone="south.hand"] .cg-card[data-card="R9"]').click()
    expect(lesson.locator('.cg-zone[data-zone="trick"] .cg-card[data-card="R9"]')).to_be_visible()
    expect(page.get_by_text("Well done!")).to_be_visible()
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]


def test_full_game_places_a_stone_and_the_bots_answer(page: Page, voila_url: str) -> None:
    open_njet(page, voila_url)
    game = page.locator(".cg-table").nth(1)
    target = game.locator('.cg-zone[data-kind="space"][data-target="true"]').first
    space = target.get_attribute("data-zone")
    target.click()
    expect(game.locator(f'.cg-zone[data-zone="{space}"]')).to_have_attribute("data-blocked", "true")
    # West, North and East place theirs; then it is South's turn again, with four stones on the board.
    expect(game.locator('.cg-zone[data-kind="space"][data-blocked="true"]')).to_have_count(4)
    expect(game.locator(".cg-prompt")).to_contain_text("Your turn")
    # the learner's own stone is told under the board (with the bots' answers) and in the log
    expect(game.locator(".cg-told", has_text="You say Njet!")).to_be_visible()
    expect(page.get_by_role("listitem").filter(has_text="You say Njet!")).to_have_count(1)
