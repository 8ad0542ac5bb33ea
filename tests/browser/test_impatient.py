"""An impatient learner in every game (tests/browser/impatient.py): real mouse presses as fast as the board offers
places, never waiting for its answer, some held across a redraw, some doubled, while the bots play, with one core
taken by a competing process and the kernel 150 ms away (a delaying proxy). No press on the board may pass without
its click reaching the kernel (issue 38: a press whose node a redraw moved before the release sent nothing).
``make bench`` (benchmarks/lost_clicks.py) makes thousands of such presses."""

from __future__ import annotations

import random
from urllib.parse import urlsplit

import pytest
from harness import ERROR_MARKS, PLAY_READY, delaying_proxy, open_app
from impatient import GAME_BOARD, NOTEBOOKS, busy_core, hammer
from playwright.sync_api import Browser, Page, expect

pytestmark = pytest.mark.browser

PRESSES = 40
ONE_WAY_S = 0.075


# One game in `make test`, the other four in `make long`: about 13 s a game, and every board's presses are handled by
# the same code (widgets/js/table.js), which this test is about.
EVERY_TIME = ("napoletana",)


@pytest.mark.parametrize(
    "game_id", [pytest.param(game, marks=[pytest.mark.long] * (game not in EVERY_TIME)) for game in NOTEBOOKS]
)
def test_no_press_on_the_board_is_lost_however_fast_and_busy(page: Page, voila_url: str, game_id: str) -> None:
    port = urlsplit(voila_url).port
    assert port is not None
    with delaying_proxy(port, ONE_WAY_S) as proxied, busy_core(120):
        open_app(page, f"http://127.0.0.1:{proxied}", NOTEBOOKS[game_id], ready=PLAY_READY)
        counts = hammer(page, PRESSES, random.Random(game_id))
    assert counts["lost"] == 0, counts
    assert counts["on_board"] >= PRESSES // 2, counts  # the presses did land on the board
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]


def test_a_tap_plays_on_a_phone_and_a_press_dragged_off_a_card_does_nothing(browser: Browser, voila_url: str) -> None:
    """The board acts on presses it tracks itself: a finger's tap is a click too, and dragging off what was pressed
    cancels it, as with a native button."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    try:
        open_app(page, voila_url, "napoletana.ipynb")
        lesson = page.locator(".cg-table").first
        card = lesson.locator('.cg-card[data-card="9H"]')
        card.tap()
        expect(card).to_have_attribute("data-selected", "true")
        lesson.locator('.cg-zone[data-zone="red.siege"]').tap()
        expect(lesson.locator('.cg-zone[data-zone="red.siege"] .cg-card[data-card="9H"]')).to_be_visible()

        war = page.locator(GAME_BOARD)
        war.locator('.cg-button[data-button="keep"]').tap()
        mine = war.locator('.cg-zone[data-zone="red.hand"] .cg-card[data-selectable="true"]').first
        mine.scroll_into_view_if_needed()
        box = mine.bounding_box()
        assert box is not None
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        page.mouse.move(x, y)
        page.mouse.down()
        page.mouse.move(x, y - 150, steps=5)
        page.mouse.up()
        page.wait_for_timeout(500)  # nothing to wait for: nothing is sent
        expect(mine).to_have_attribute("data-selected", "false")
        expect(war).to_have_attribute("aria-busy", "false")
    finally:
        context.close()
