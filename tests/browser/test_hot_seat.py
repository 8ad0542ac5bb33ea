"""Classmates on one screen (widgets/hotseat.py), in Voilà and Chromium, with the keyboard: the board is hidden
between turns and the screen says whose turn comes; each player shows the board only when it is theirs, and sees
their own hand and what the other did. The focus follows the screen: on the button that shows the next player's
cards, on the board's title once it is shown. axe-core finds nothing on the cover nor on the board."""

from __future__ import annotations

import pytest
from harness import axe_violations, render_url, voila_shown
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser


def test_two_classmates_take_turns_on_one_screen_the_board_hidden_between_them(page: Page, voila_url: str) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto(render_url(voila_url, "table.ipynb"), wait_until="commit")
    voila_shown(page)
    start = page.get_by_role("button", name="Play on this screen")  # Napoletana, two players: the first offered
    start.focus()
    page.keyboard.press("Enter")

    board = page.locator(".cg-table")

    def faces(zone: str):
        return board.locator(f".cg-card[data-zone='{zone}']:not(.cg-back)")

    def backs(zone: str):
        return board.locator(f".cg-card[data-zone='{zone}'].cg-back")

    show_red = page.get_by_role("button", name="Show Red's cards")
    expect(
        page.get_by_text("Pass the screen to Red. Red: show your cards once only you can see the screen.")
    ).to_be_visible()
    expect(show_red).to_be_focused()
    expect(board).to_be_hidden()
    assert axe_violations(page) == []

    page.keyboard.press("Enter")
    expect(board).to_be_visible()
    expect(page.get_by_role("heading", name="La partita Napoletana")).to_be_focused()
    expect(faces("red.hand")).to_have_count(10)  # Red's own hand, face up; Black's face down
    expect(faces("black.hand")).to_have_count(0)
    expect(backs("black.hand")).to_have_count(10)
    assert axe_violations(page) == []
    keep = board.locator('.cg-button[data-button="keep"]')
    keep.focus()
    page.keyboard.press("Enter")

    show_black = page.get_by_role("button", name="Show Black's cards")
    expect(show_black).to_be_focused()
    expect(board).to_be_hidden()
    page.keyboard.press("Enter")
    expect(page.get_by_role("heading", name="La partita Napoletana")).to_be_focused()
    expect(page.get_by_text("Red keeps its hand.").first).to_be_visible()
    expect(faces("black.hand")).to_have_count(10)
    expect(faces("red.hand")).to_have_count(0)
