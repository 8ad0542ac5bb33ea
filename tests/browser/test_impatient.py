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
from impatient import NOTEBOOKS, busy_core, hammer
from playwright.sync_api import Page

pytestmark = pytest.mark.browser

PRESSES = 40
ONE_WAY_S = 0.075


@pytest.mark.parametrize("game_id", list(NOTEBOOKS))
def test_no_press_on_the_board_is_lost_however_fast_and_busy(page: Page, voila_url: str, game_id: str) -> None:
    port = urlsplit(voila_url).port
    assert port is not None
    with delaying_proxy(port, ONE_WAY_S) as proxied, busy_core(120):
        open_app(page, f"http://127.0.0.1:{proxied}", NOTEBOOKS[game_id], ready=PLAY_READY)
        counts = hammer(page, PRESSES, random.Random(game_id))
    assert counts["lost"] == 0, counts
    assert counts["on_board"] >= PRESSES // 2, counts  # the presses did land on the board
    assert not [mark for mark in ERROR_MARKS if mark in page.inner_text("body")]
