"""Picking a card up does not wait for the network (issue 15): the page lights the places a card may go from the
scene it already has, so the learner sees them at once however far the kernel is; only the move goes to the
kernel. Shown by freezing the page's kernel: the places still light up, and the move is made once it wakes."""

from __future__ import annotations

import os
import signal

import pytest
from harness import kernel_pid, page_kernel_id
from playwright.sync_api import Locator, Page, expect

pytestmark = pytest.mark.browser


def begin_the_war(page: Page, voila_url: str, open_app) -> Locator:
    """The game app's board once the learner has kept the hand (by the game board's button: the lesson board above
    it, drawn first, has one too)."""
    open_app(page, voila_url, "napoletana.ipynb")
    war = page.locator(".cg-table[aria-label^='Game board']")
    war.get_by_role("button", name="Keep this hand").click()
    return war


def test_a_picked_up_card_lights_its_places_while_the_kernel_is_frozen(page: Page, voila_url: str, open_app) -> None:
    war = begin_the_war(page, voila_url, open_app)
    expect(war.locator(".cg-prompt")).to_contain_text("Your turn")  # the war has begun, and the bots have played
    card = war.locator('.cg-card[data-zone="red.hand"][data-selectable="true"]').first
    pid = kernel_pid(None, page_kernel_id(page))
    assert pid, "no process for the page's kernel"

    os.kill(pid, signal.SIGSTOP)
    try:
        card.click()
        lit = war.locator('.cg-zone[data-target="true"]')
        expect(lit.first).to_be_visible(timeout=5_000)  # drawn by the page alone: the kernel cannot answer
        expect(war.locator('.cg-card[data-selected="true"]')).to_have_count(1)
        expect(lit.first).to_be_focused()  # and the learner is taken to the first place it may go
        expect(war).to_have_attribute("aria-busy", "true")  # screen readers wait for the kernel's answer
        lit.first.click()  # the move waits for the kernel, and is kept until it wakes
    finally:
        os.kill(pid, signal.SIGCONT)
    expect(war.locator(".cg-last-told")).to_contain_text("You place")
    expect(war).to_have_attribute("aria-busy", "false")  # every click answered


def test_the_kernels_late_answers_to_earlier_clicks_do_not_undo_a_pick(page: Page, voila_url: str, open_app) -> None:
    # The learner picks a card up, puts it back and picks it up again faster than the kernel answers (Escape and
    # Enter on a slow network): the answers to the first two clicks arrive after the page drew the third.
    war = begin_the_war(page, voila_url, open_app)
    expect(war.locator(".cg-prompt")).to_contain_text("Your turn")
    card = war.locator('.cg-card[data-zone="red.hand"][data-selectable="true"]').first
    pid = kernel_pid(None, page_kernel_id(page))
    assert pid, "no process for the page's kernel"

    os.kill(pid, signal.SIGSTOP)
    try:
        for _ in range(3):
            card.click()
        expect(war.locator('.cg-card[data-selected="true"]')).to_have_count(1)
        lit = war.locator('.cg-zone[data-target="true"]').first
        expect(lit).to_be_focused()
        # from now on the board must never show the card put back
        page.evaluate(
            """(board) => {
              window.cgPutBack = false;
              new MutationObserver(() => {
                if (!board.querySelector('.cg-card[data-selected="true"]')) window.cgPutBack = true;
              }).observe(board, { subtree: true, childList: true, attributes: true });
            }""",
            war.element_handle(),
        )
    finally:
        os.kill(pid, signal.SIGCONT)
    page.wait_for_timeout(2_000)  # the kernel's three answers arrive
    assert not page.evaluate("() => window.cgPutBack"), "a late answer drew the card put back"
    expect(war.locator('.cg-card[data-selected="true"]')).to_have_count(1)
    expect(lit).to_be_focused()
