"""Pattuglia in a real Voilà and Chromium: the learner lays a patrol card by card and attacks by clicking."""

from __future__ import annotations

import pytest
from harness import ERROR_MARKS, PLAY_READY
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_lessons_lay_a_patrol_and_attack_by_clicking(page: Page, voila_url: str, open_app) -> None:
    open_app(page, voila_url, "pattuglia.ipynb", ready=PLAY_READY)  # lesson 1 starts with a draw: a pile is lit
    lesson = page.locator(".cg-table").first  # the first board is the lessons'; the second the full match
    for _lesson in range(2):  # to "Forming a patrol"
        page.get_by_role("button", name="Next ▶").click()
    new = lesson.locator('.cg-zone[data-zone="new"]')

    # A lone green Cannon cannot start a patrol: refused with PAT-6, nothing moves.
    lesson.locator('.cg-card[data-card="GK1"]').click()
    new.click()
    expect(lesson.locator(".cg-flash")).to_have_attribute("data-rule", "PAT-6")
    expect(new.locator(".cg-card")).to_have_count(0)

    # The red Captain and two red Soldiers, one by one into New patrol (it lights up), then laid with the button.
    for card in ("RC1", "RS1", "RS2"):
        lesson.locator(f'.cg-zone[data-zone="p1.hand"] .cg-card[data-card="{card}"]').click()
        expect(new).to_have_attribute("data-target", "true")
        new.click()
        expect(new.locator(f'.cg-card[data-card="{card}"]')).to_be_visible()
    lesson.locator('.cg-button[data-button="form"]').click()
    patrol = lesson.locator('.cg-zone[data-zone="patrol:1"]')
    expect(patrol.locator(".cg-card")).to_have_count(3)
    expect(patrol.locator(".cg-card").first).to_have_attribute("data-card", "RC1")  # the Captain on top
    expect(page.get_by_text("Well done!")).to_be_visible()

    for _lesson in range(4):  # to "Attacking"
        page.get_by_role("button", name="Next ▶").click()
    enemy = lesson.locator('.cg-zone[data-zone="patrol:2"]')
    expect(enemy.locator(".cg-card")).to_have_count(4)
    lesson.locator('.cg-zone[data-zone="p1.arsenal"] .cg-card[data-card="HB1"]').click()
    expect(enemy).to_have_attribute("data-target", "true")
    enemy.click()
    expect(enemy.locator(".cg-card")).to_have_count(2)  # the Hand Bomb killed the two most recent Soldiers
    expect(lesson.locator(".cg-last-told")).to_contain_text("loses 2 green Soldiers")
    expect(page.get_by_text("Well done!")).to_be_visible()

    # A Complete Patrol's Captain lies turned (PAT-7); its name runs along its whole height, so the card below it
    # must not cover any of it.
    for _lesson in range(4):  # to "Closing and scoring"
        page.get_by_role("button", name="Next ▶").click()
    captain = lesson.locator(".cg-card.cg-turned")
    expect(captain).to_have_attribute("data-card", "RC1")
    below = captain.locator("xpath=following-sibling::*[contains(@class, 'cg-card')][1]")
    captain_box, below_box = captain.bounding_box(), below.bounding_box()
    assert captain_box and below_box
    assert below_box["y"] >= captain_box["y"] + captain_box["height"] - 1, (captain_box, below_box)
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]
