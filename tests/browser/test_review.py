"""The review of a game in Voilà and Chromium: a game near its end opened from a share link, the learner's clearly
worse move clicked (PAT-6: the yellow Soldier discarded instead of laid in the patrol that closes the deal), the
game over; "Review this game" shows the costly move with its ruling, its own board takes the better move, and
axe-core (every rule, every impact) finds nothing on the page, in the dark theme. Pressed with the keyboard, the
review takes the focus to its heading, and its Close gives it back to the button that opened it."""

from __future__ import annotations

import pytest
from harness import PLAY_READY, axe_violations, render_url, wait_for
from plays import Step, clicks_for, press
from playwright.sync_api import Page, expect
from reviewed_positions import prepared

from cardlib.saves import link_code

pytestmark = pytest.mark.browser


def open_near_the_end(page: Page, base: str, game_id: str, theme: str = "dark") -> None:
    """The game app of ``game_id`` at its prepared position (tests/reviewed_positions.py), the worse move played."""
    state, worse, _better, _rule = prepared(game_id)
    seat = str(state.to_move)
    page.goto(render_url(base, f"{game_id}.ipynb?theme={theme}&position={link_code(state, seat)}#play"))
    wait_for(page, PLAY_READY)
    app = page.locator(".cg-table").last
    press(app, Step(clicks_for(game_id, state, seat, state.game.parse_move(worse))))


def test_the_review_of_a_game_shows_the_costly_move_its_board_takes_the_better_one_and_axe_finds_nothing(
    page: Page, voila_url: str
) -> None:
    state, _worse, better, rule = prepared("pattuglia")
    open_near_the_end(page, voila_url, "pattuglia")
    page.get_by_role("button", name="Review this game").click()
    expect(page.get_by_text("Looking ahead, 1 of your moves could have been better.")).to_be_visible()
    board = page.locator(".cg-table[aria-label^='Review board']")
    expect(board).to_be_visible()
    expect(page.locator("#review")).to_be_attached()  # the review's own place on the page, apart from the lessons'
    expect(page.get_by_text("The rule behind the better move:")).to_be_visible()
    expect(page.locator(".cg-rule:visible", has_text=rule)).to_have_count(1)
    violations = axe_violations(page)
    assert not violations, violations
    seat = str(state.to_move)
    press(board, Step(clicks_for("pattuglia", state, seat, state.game.parse_move(better))))
    expect(board.locator(".cg-flash")).to_have_attribute("data-kind", "success")


FOCUSED = "() => { const n = document.activeElement; return n ? `${n.tagName} ${n.textContent.trim()}` : ''; }"


def test_the_review_opened_with_the_keyboard_takes_the_focus_and_close_gives_it_back(
    page: Page, voila_url: str
) -> None:
    """A keyboard or screen reader user goes with the review: to its heading when it opens, back to the button that
    opened it when it closes, and the board says it is closed (its answer is announced)."""
    open_near_the_end(page, voila_url, "pattuglia", theme="light")
    review = page.get_by_role("button", name="Review this game")
    review.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({FOCUSED})() === 'H3 The review of your game'")
    expect(page.locator(".cg-table[aria-label^='Review board']")).to_be_visible()
    page.keyboard.press("Tab")  # the next stop: Close, before the costly decision's board
    close = page.get_by_role("button", name="Close the review")
    expect(close).to_be_focused()
    page.keyboard.press("Enter")
    expect(close).to_have_count(0)
    expect(review).to_be_focused()
    game = page.locator(".cg-table[aria-label^='Game board']")
    expect(game.locator(".cg-flash-region")).to_contain_text("The review is closed.")
